/*
 * encode.c - the encode verb: packs a major and a minor into one value
 * under a layout, from operands or a line at a time from standard input.
 */
#include <string.h>

#include "cli/cli.h"
#include "cli/cli_output.h"
#include "cli/cli_layout.h"
#include "cli/cli_stream.h"
#include "base/number.h"
#include "cli/out.h"
#include "cli/verbs.h"

/* The options of encode: its table stores into the run's instance. */
struct encode_opts {
	struct cli_layout_opts layout;	/* -f, --strict */
	int hex, json, json_array, kdev, keep_going;
	char *output;
};

/* What each pair is encoded with: the options and the layout. */
struct encode_run {
	const struct encode_opts *o;
	const struct dt_layout *l;
};

#define OPT(field) VERB_OPT(struct encode_opts, field)

static const struct verb_option encode_table[] = {
	LAYOUT_OPTIONS(struct encode_opts, layout),
	CLI_HEX_OPTION(struct encode_opts, hex),
	{ "json", '\0', POPT_ARG_NONE, OPT(json), 0,
	  "print a JSON object", "" },
	CLI_JSON_ARRAY_OPTION(struct encode_opts, json_array),
	CLI_OUTPUT_OPTION(struct encode_opts, output),
	{ "kdev", '\0', POPT_ARG_NONE, OPT(kdev), 0,
	  "read MAJOR and MINOR in hexadecimal, as decode --kdev prints "
	  "them", "" },
	{ "keep-going", 'k', POPT_ARG_NONE, OPT(keep_going), 0,
	  "with -, report bad lines and go on, keeping their places", "" },
	CLI_TABLE_END
};

const struct verb_options encode_options = {
	.table = encode_table, .size = sizeof(struct encode_opts),
};

/* MAJOR and MINOR: numbers (NUMBERS in devtool(1)), or kdev's hex. */
static int
read_pair(const struct encode_run *r, const char *ma_s, const char *mi_s,
    uint64_t *ma, uint64_t *mi, struct dt_diag *d)
{
	const struct dt_layout *l = r->l;
	char what[48];

	if (!r->o->kdev)
		return cli_pair(l, ma_s, mi_s, ma, mi, d);
	snprintf(what, sizeof(what), "%s major", l->name);
	if (dt_parse_hex(ma_s, what, l->major_max, ma, d) != DT_OK)
		return -1;
	snprintf(what, sizeof(what), "%s minor", l->name);
	return dt_parse_hex(mi_s, what, l->minor_max, mi, d) == DT_OK ? 0 : -1;
}

static int
encode_pair(const struct encode_run *r, const char *ma_s, const char *mi_s,
    struct dt_diag *d)
{
	const struct dt_layout *l = r->l;
	uint64_t ma, mi, v;
	char *p;

	if (read_pair(r, ma_s, mi_s, &ma, &mi, d) != 0 ||
	    dt_encode(l, ma, mi, &v, d) != DT_OK)
		return -1;
	p = lines_out_begin();	/* after any warning: it flushes */
	if (r->o->json) {
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
		p = r->o->hex ? cli_put_hex(p, v) : cli_put_u64(p, v);
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
cmd_encode(const struct verb_call *c)
{
	const struct encode_opts *o = c->opts;
	struct encode_run r = { .o = o, .l = &c->layout };
	struct dt_diag d;
	int rc;

	if (c->nargs == 1) {
		if (strcmp(c->args[0], "-") == 0)
			return cli_operands(c->args, encode_line, encode_line,
			    &r, (o->keep_going ? CLI_KEEP_GOING : 0) |
			    (o->json ? CLI_JSON : 0));
		if (strchr(c->args[0], ':') == NULL)
			return verb_operands_error(c);
		rc = encode_line(&r, (char *)c->args[0], &d);
	} else
		rc = encode_pair(&r, c->args[0], c->args[1], &d);
	if (rc != 0) {
		cli_error("%s", d.msg);
		return EXIT_USAGE;
	}
	(void)lines_out_flush();	/* ferror tells */
	return cli_finish_output();
}
