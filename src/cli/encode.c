/*
 * encode.c - the encode verb: packs a major and a minor into one value
 * under a layout, from operands or a line at a time from standard input.
 */
#include <string.h>

#include "cli/cli.h"
#include "cli/cli_stream.h"
#include "base/number.h"
#include "cli/out.h"
#include "cli/verbs.h"

static int hex, json, kdev, keep_going;
static char *output;

struct poptOption encode_options[] = {
	LAYOUT_OPTIONS,
	{ "hex", 'x', POPT_ARG_NONE, &hex, 0,
	  "print 0x-prefixed hexadecimal", NULL },
	{ "json", '\0', POPT_ARG_NONE, &json, 0,
	  "print a JSON object", NULL },
	CLI_OUTPUT_OPTION(output),
	{ "kdev", '\0', POPT_ARG_NONE, &kdev, 0,
	  "read MAJOR and MINOR in hexadecimal, as decode --kdev prints "
	  "them", NULL },
	{ "keep-going", 'k', POPT_ARG_NONE, &keep_going, 0,
	  "with -, report bad lines and go on, keeping their places", NULL },
	CLI_TABLE_END
};

/* MAJOR and MINOR: numbers (NUMBERS in devtool(1)), or kdev's hex. */
static int
read_pair(const struct dt_layout *l, const char *ma_s, const char *mi_s,
    uint64_t *ma, uint64_t *mi, struct dt_diag *d)
{
	char what[48];

	if (!kdev)
		return cli_pair(l, ma_s, mi_s, ma, mi, d);
	snprintf(what, sizeof(what), "%s major", l->name);
	if (dt_parse_hex(ma_s, what, l->major_max, ma, d) != DT_OK)
		return -1;
	snprintf(what, sizeof(what), "%s minor", l->name);
	return dt_parse_hex(mi_s, what, l->minor_max, mi, d) == DT_OK ? 0 : -1;
}

static int
encode_pair(const struct dt_layout *l, const char *ma_s, const char *mi_s,
    struct dt_diag *d)
{
	uint64_t ma, mi, v;
	char *p;

	if (read_pair(l, ma_s, mi_s, &ma, &mi, d) != 0 ||
	    dt_encode(l, ma, mi, &v, d) != DT_OK)
		return -1;
	p = lines_out_begin();	/* after any warning: it flushes */
	if (json) {
		p = cli_put_str(cli_put_line_member(cli_put_str(p, "{")),
		    "\"layout\":\"");
		p = cli_put_str(p, l->name);
		p = cli_put_str(p, "\",\"major\":");
		p = cli_put_u64(p, ma);
		p = cli_put_str(p, ",\"minor\":");
		p = cli_put_u64(p, mi);
		p = cli_put_str(p, ",\"value\":");
		p = cli_put_u64(p, v);
		p = cli_put_str(p, ",\"hex\":\"");
		p = cli_put_hex(p, v);
		p = cli_put_str(p, "\"}");
	} else
		p = hex ? cli_put_hex(p, v) : cli_put_u64(p, v);
	return cli_emit(p);
}

/*
 * A line of standard input, or the one operand: "MAJOR MINOR" or
 * "MAJOR:MINOR".
 */
static int
encode_line(void *ctx, char *line, struct dt_diag *d)
{
	char *ma = cli_trim(line), *mi;
	size_t n = strcspn(ma, " \t:");

	mi = ma + n;
	if (*mi == '\0') {
		snprintf(d->msg, sizeof(d->msg), "expected 'MAJOR MINOR' or "
		    "'MAJOR:MINOR'");
		return -1;
	}
	if (*mi == ':')
		*mi++ = '\0';
	else {
		*mi++ = '\0';
		mi += strspn(mi, " \t");
	}
	if (strpbrk(mi, " \t") != NULL) {
		snprintf(d->msg, sizeof(d->msg), "expected 'MAJOR MINOR' or "
		    "'MAJOR:MINOR', found more fields");
		return -1;
	}
	return encode_pair(ctx, ma, mi, d);
}

int
check_encode(const char *name)
{
	return cli_output(name, output, &json);
}

int
cmd_encode(const struct verb_call *c)
{
	struct dt_layout layout = c->layout;
	struct dt_diag d;
	int rc;

	if (c->nargs == 1) {
		if (strcmp(c->args[0], "-") == 0)
			return cli_operands(c->args, encode_line, encode_line,
			    &layout, (keep_going ? CLI_KEEP_GOING : 0) |
			    (json ? CLI_JSON : 0));
		if (strchr(c->args[0], ':') == NULL)
			return verb_operands_error(c);
		rc = encode_line(&layout, (char *)c->args[0], &d);
	} else
		rc = encode_pair(&layout, c->args[0], c->args[1], &d);
	if (rc != 0) {
		cli_error("%s", d.msg);
		return EXIT_USAGE;
	}
	(void)lines_out_flush();	/* ferror tells */
	return cli_finish_output();
}
