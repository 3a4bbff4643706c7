/*
 * codec_verbs.c - the codec verbs encode, decode, convert and formats.
 * Their rows are in devtool.c's verb table.
 */
#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"
#include "base/number.h"
#include "cli/out.h"
#include "base/text.h"
#include "cli/verbs.h"

/* What the codec verbs share: the layout and how to print. */
struct codec_job {
	struct dt_layout layout;
	struct dt_layout to;		/* convert's target */
	int hex, json, colon, kdev;
};

/* The line built from lines_out_begin() ends at end. */
static int
emit(char *end)
{
	*end++ = '\n';
	lines_out_end(end);
	return 0;
}

static int
encode_pair(struct codec_job *job, const char *ma_s, const char *mi_s,
    struct dt_diag *d)
{
	const struct dt_layout *l = &job->layout;
	uint64_t ma, mi, v;
	char *p;

	if (cli_pair(l, ma_s, mi_s, &ma, &mi, d) != 0 ||
	    dt_encode(l, ma, mi, &v, d) != DT_OK)
		return -1;
	p = lines_out_begin();	/* after any warning: it flushes */
	if (job->json) {
		p = put_str(p, "{\"layout\":\"");
		p = put_str(p, l->name);
		p = put_str(p, "\",\"major\":");
		p = put_u64(p, ma);
		p = put_str(p, ",\"minor\":");
		p = put_u64(p, mi);
		p = put_str(p, ",\"value\":");
		p = put_u64(p, v);
		p = put_str(p, ",\"hex\":\"");
		p = put_hex(p, v);
		p = put_str(p, "\"}");
	} else
		p = job->hex ? put_hex(p, v) : put_u64(p, v);
	return emit(p);
}

/* Trims the blanks (and a DOS carriage return) around a stream line. */
static char *
trim(char *s)
{
	char *e;

	while (*s == ' ' || *s == '\t')
		s++;
	e = s + strlen(s);
	while (e > s && (e[-1] == ' ' || e[-1] == '\t' || e[-1] == '\r'))
		*--e = '\0';
	return s;
}

static int
encode_line(void *ctx, char *line, struct dt_diag *d)
{
	char *ma = trim(line), *mi;
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

static char *
put_pair(char *p, const struct codec_job *job, uint64_t ma, uint64_t mi)
{
	if (job->kdev) {
		int w = job->layout.width <= 16 ? 2 : 4;

		return p + sprintf(p, "%0*jx:%0*jx", w, (uintmax_t)ma, w,
		    (uintmax_t)mi);
	}
	p = put_u64(p, ma);
	*p++ = job->colon ? ':' : ' ';
	return put_u64(p, mi);
}

/* Decodes a value; a non-canonical one is a warning, not an error. */
static int
decode_checked(const struct dt_layout *l, uint64_t v, uint64_t *ma,
    uint64_t *mi, struct dt_diag *d)
{
	switch (dt_decode(l, v, ma, mi, d)) {
	case DT_OK:
		return 0;
	case DT_NONCANONICAL:
		cli_warn("%s", d->msg);
		return 1;
	default:
		return -1;
	}
}

static int
decode_value(void *ctx, char *text, struct dt_diag *d)
{
	struct codec_job *job = ctx;
	uint64_t v, ma, mi;
	char *p;
	int rc;

	if (dt_parse_number(text, &v, d) != DT_OK ||
	    (rc = decode_checked(&job->layout, v, &ma, &mi, d)) < 0)
		return -1;
	p = lines_out_begin();	/* after any warning: it flushes */
	if (job->json) {
		p = put_str(p, "{\"layout\":\"");
		p = put_str(p, job->layout.name);
		p = put_str(p, "\",\"value\":");
		p = put_u64(p, v);
		p = put_str(p, ",\"major\":");
		p = put_u64(p, ma);
		p = put_str(p, ",\"minor\":");
		p = put_u64(p, mi);
		p = put_str(p, rc ? ",\"canonical\":false}" :
		    ",\"canonical\":true}");
	} else
		p = put_pair(p, job, ma, mi);
	return emit(p);
}

static int
decode_line(void *ctx, char *line, struct dt_diag *d)
{
	return decode_value(ctx, trim(line), d);
}

static int
convert_value(void *ctx, char *text, struct dt_diag *d)
{
	struct codec_job *job = ctx;
	uint64_t v, ma, mi, out;
	struct dt_diag why;
	char *p;

	if (dt_parse_number(text, &v, d) != DT_OK ||
	    decode_checked(&job->layout, v, &ma, &mi, d) < 0)
		return -1;
	if (dt_encode(&job->to, ma, mi, &out, &why) != DT_OK) {
		char q[64];

		snprintf(d->msg, sizeof(d->msg), "'%s' is %ju:%ju under %s, "
		    "which %s cannot hold: %.300s",
		    dt_quote(q, sizeof(q), text, strlen(text)), (uintmax_t)ma,
		    (uintmax_t)mi, job->layout.name, job->to.name, why.msg);
		return -1;
	}
	p = lines_out_begin();
	p = job->hex ? put_hex(p, out) : put_u64(p, out);
	return emit(p);
}

static int
convert_line(void *ctx, char *line, struct dt_diag *d)
{
	return convert_value(ctx, trim(line), d);
}

/*
 * Runs fn over the operands, or over standard input when the only
 * operand is "-".  Stops at the first bad one unless keep_going.
 */
static int
run_operands(const char **args, line_fn *value_fn, line_fn *stream_fn,
    void *ctx, int keep_going)
{
	struct dt_diag d;
	int status = EXIT_OK;

	if (args[0] != NULL && strcmp(args[0], "-") == 0 && args[1] == NULL)
		status = cli_stream(stream_fn, ctx, keep_going);
	else
		for (; *args != NULL; args++) {
			if (value_fn(ctx, (char *)*args, &d) == 0)
				continue;
			cli_error("%s", d.msg);
			status = EXIT_USAGE;
			if (!keep_going)
				break;
		}
	(void)lines_out_flush();	/* a failure stays in ferror(stdout) */
	if (cli_finish_output() != EXIT_OK)
		return EXIT_FAIL;
	return status;
}

/* A row's ranges, as the codec resolves them (freebsd's minor has a hole). */
static void
row_range(const struct dt_format *f, uint64_t *major_max, uint64_t *minor_max)
{
	struct dt_layout l;

	(void)dt_layout_lookup(f->name, &l, NULL);	/* a row resolves */
	*major_max = l.major_max;
	*minor_max = l.minor_max;
}

static void
put_words(const char *member, const char *list)
{
	size_t n;

	printf(",\"%s\":[", member);
	for (int first = 1; *list != '\0'; list += n, first = 0) {
		n = strcspn(list, " ");
		printf("%s\"%.*s\"", first ? "" : ",", (int)n, list);
		list += strspn(list + n, " ");
	}
	printf("]");
}

static void
format_json(const struct dt_format *f)
{
	uint64_t ma, mi;

	printf("{\"name\":\"%s\"", f->name);
	put_words("aliases", f->aliases);
	put_words("packdev", f->packdev);
	if (f->width == 0) {
		printf(",\"width\":null,\"major_max\":null,\"minor_max\":null");
	} else {
		row_range(f, &ma, &mi);
		printf(",\"width\":%u,\"major_max\":%ju,\"minor_max\":%ju",
		    f->width, (uintmax_t)ma, (uintmax_t)mi);
	}
	printf(",\"compat\":%s,\"description\":", f->compat ? "true" :
	    "false");
	put_json_string(stdout, f->description);
	printf("}\n");
}

static void
format_text(const struct dt_format *f)
{
	char width[12] = "M+N", ma[24] = "0-2^M-1", mi[24] = "0-2^N-1";
	uint64_t mamax, mimax;

	if (f->width != 0) {
		row_range(f, &mamax, &mimax);
		snprintf(width, sizeof(width), "%u", f->width);
		snprintf(ma, sizeof(ma), "0-%ju", (uintmax_t)mamax);
		snprintf(mi, sizeof(mi), "0-%ju", (uintmax_t)mimax);
	}
	printf("%-7s %-8s %-5s %-13s %-13s %-6s %s\n", f->name, f->aliases,
	    width, ma, mi, f->width == 0 ? "M+N>16" : f->compat ? "yes" :
	    "no", f->description);
}

/* The options fill these; a handler copies the layout in. */
static struct codec_job codec;
static char *to;
static int keep_going;

struct poptOption encode_options[] = {
	LAYOUT_OPTIONS,
	{ "hex", 'x', POPT_ARG_NONE, &codec.hex, 0,
	  "print 0x-prefixed hexadecimal", NULL },
	{ "json", '\0', POPT_ARG_NONE, &codec.json, 0,
	  "print a JSON object", NULL },
	{ "keep-going", 'k', POPT_ARG_NONE, &keep_going, 0,
	  "with -, report bad lines and go on", NULL },
	CLI_TABLE_END
};

struct poptOption decode_options[] = {
	LAYOUT_OPTIONS,
	{ "colon", '\0', POPT_ARG_NONE, &codec.colon, 0,
	  "print MAJOR:MINOR", NULL },
	{ "kdev", '\0', POPT_ARG_NONE, &codec.kdev, 0,
	  "print hexadecimal %02x:%02x (8:8) or %04x:%04x", NULL },
	{ "json", '\0', POPT_ARG_NONE, &codec.json, 0,
	  "print a JSON object per value", NULL },
	{ "keep-going", 'k', POPT_ARG_NONE, &keep_going, 0,
	  "report bad values and go on", NULL },
	CLI_TABLE_END
};

struct poptOption convert_options[] = {
	LAYOUT_OPTIONS,
	{ "to", 't', POPT_ARG_STRING, &to, 0,
	  "layout to convert into (required)", "LAYOUT" },
	{ "hex", 'x', POPT_ARG_NONE, &codec.hex, 0,
	  "print 0x-prefixed hexadecimal", NULL },
	{ "keep-going", 'k', POPT_ARG_NONE, &keep_going, 0,
	  "report bad values and go on", NULL },
	CLI_TABLE_END
};

struct poptOption formats_options[] = {
	{ "json", '\0', POPT_ARG_NONE, &codec.json, 0,
	  "print one JSON object per layout", NULL },
	CLI_TABLE_END
};

int
cmd_encode(const struct verb_call *c)
{
	struct dt_diag d;

	codec.layout = c->layout;
	if (c->nargs == 1) {
		if (strcmp(c->args[0], "-") != 0)
			return verb_operands_error(c);
		return run_operands(c->args, encode_line, encode_line, &codec,
		    keep_going);
	}
	if (encode_pair(&codec, c->args[0], c->args[1], &d) != 0) {
		cli_error("%s", d.msg);
		return EXIT_USAGE;
	}
	(void)lines_out_flush();	/* ferror tells */
	return cli_finish_output();
}

int
check_decode(const char *name)
{
	if (codec.colon + codec.kdev + codec.json > 1)
		return cli_usage(name, "--colon, --kdev and --json exclude "
		    "each other");
	return EXIT_OK;
}

int
cmd_decode(const struct verb_call *c)
{
	codec.layout = c->layout;
	return run_operands(c->args, decode_value, decode_line, &codec,
	    keep_going);
}

int
check_convert(const char *name)
{
	if (to == NULL)
		return cli_usage(name, "-t LAYOUT is required");
	return EXIT_OK;
}

int
cmd_convert(const struct verb_call *c)
{
	int rc;

	codec.layout = c->layout;
	if ((rc = cli_layout(to, cli_strict, &codec.to)) != EXIT_OK)
		return rc;
	return run_operands(c->args, convert_value, convert_line, &codec,
	    keep_going);
}

int
cmd_formats(const struct verb_call *c)
{
	(void)c;
	if (!codec.json)
		printf("%-7s %-8s %-5s %-13s %-13s %-6s %s\n", "NAME",
		    "ALIASES", "BITS", "MAJOR", "MINOR", "COMPAT",
		    "DESCRIPTION");
	for (size_t i = 0; i < dt_nformats; i++)
		(codec.json ? format_json : format_text)(&dt_formats[i]);
	return cli_finish_output();
}
