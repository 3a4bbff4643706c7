/*
 * decode.c - the decode verb: splits values into major and minor under a
 * layout, from operands or a line at a time from standard input.
 */
#include <stdio.h>
#include <string.h>

#include "cli/cli.h"
#include "cli/cli_output.h"
#include "cli/cli_layout.h"
#include "cli/cli_stream.h"
#include "base/number.h"
#include "cli/out.h"
#include "cli/verbs.h"

/* The options of decode: its table stores into the run's instance. */
struct decode_opts {
	struct cli_layout_opts layout;	/* -f, --strict */
	int colon, kdev, hex, json, json_array, keep_going, verbose;
	char *output;
};

/* What each value is decoded with: the options and the layout. */
struct decode_run {
	const struct decode_opts *o;
	const struct dt_layout *l;
};

#define OPT(field) VERB_OPT(struct decode_opts, field)

static const struct verb_option decode_table[] = {
	/* a value from stat(1) is in the running system's layout, not 16:16 */
	LAYOUT_OPTIONS_SAYING(struct decode_opts, layout, "device number "
	    "layout (default 16:16 or $DEVTOOL_FORMAT); -f native for a value "
	    "from stat(1) or /proc: devtool decode -f native "
	    "$(stat -c %r /dev/null)"),
	{ "colon", '\0', POPT_ARG_NONE, OPT(colon), 0,
	  "print MAJOR:MINOR", "" },
	{ "kdev", '\0', POPT_ARG_NONE, OPT(kdev), 0,
	  "print hexadecimal %02x:%02x (8:8) or %04x:%04x", "" },
	{ "json", '\0', POPT_ARG_NONE, OPT(json), 0,
	  "print a JSON object per value", "" },
	CLI_JSON_ARRAY_OPTION(struct decode_opts, json_array),
	CLI_OUTPUT_OPTION(struct decode_opts, output),
	{ "hex", 'x', POPT_ARG_NONE, OPT(hex), 0,
	  "print major and minor in 0x-prefixed hexadecimal", "" },
	CLI_KEEP_GOING_OPTION(struct decode_opts, keep_going),
	{ "verbose", 'v', POPT_ARG_NONE, OPT(verbose), 0,
	  "first say which layout is used and why (on stderr with --json)",
	  "" },
	CLI_TABLE_END
};

const struct verb_options decode_options = {
	.table = decode_table, .size = sizeof(struct decode_opts),
};

/* v in lower-case hexadecimal, at least w digits (zeros before). */
static char *
put_hex_digits(char *p, uint64_t v, size_t w)
{
	static const char digits[] = "0123456789abcdef";
	char tmp[16], *t = tmp + sizeof(tmp);

	do
		*--t = digits[v & 0xf];
	while ((v >>= 4) != 0);
	while (t > tmp && (size_t)(tmp + sizeof(tmp) - t) < w)
		*--t = '0';
	memcpy(p, t, (size_t)(tmp + sizeof(tmp) - t));
	return p + (tmp + sizeof(tmp) - t);
}

static char *
put_pair(const struct decode_run *r, char *p, uint64_t ma, uint64_t mi)
{
	const struct decode_opts *o = r->o;

	if (o->kdev) {
		size_t w = r->l->width <= 16 ? 2 : 4;

		p = put_hex_digits(p, ma, w);
		*p++ = ':';
		return put_hex_digits(p, mi, w);
	}
	p = o->hex ? cli_put_hex(p, ma) : cli_put_u64(p, ma);
	*p++ = o->colon ? ':' : ' ';
	return o->hex ? cli_put_hex(p, mi) : cli_put_u64(p, mi);
}

#define DECODE_BLOCK 256	/* values a pass: the arrays stay in L1 */

/*
 * Standard input's common case, lines in bulk: those that hold a plain
 * decimal number whose value decodes canonically, printed as
 * decode_value prints them, a pass of parse, decode and print over up
 * to DECODE_BLOCK at a time.  Any other line (a blank, a sign, 0x, an
 * out-of-range or non-canonical value, too many digits) ends the block:
 * decode_value reads it and says what it says of it.  --json is left to
 * decode_value (cmd_decode passes no block).
 */
static size_t
decode_block(void *ctx, char *text, size_t n, size_t *lines)
{
	const struct decode_run *r = ctx;
	const struct decode_opts *o = r->o;
	uint64_t v[DECODE_BLOCK], ma[DECODE_BLOCK], mi[DECODE_BLOCK];
	size_t used = 0, got, ok, took;

	do {
		got = dt_scan_decimal_lines(text + used, n - used, v,
		    DECODE_BLOCK, &took);
		ok = dt_decode_many(r->l, v, got, ma, mi);
		if (ok < got)	/* where the line it stopped at begins */
			(void)dt_scan_decimal_lines(text + used, n - used, v,
			    ok, &took);
		if (o->kdev || o->hex)
			for (size_t i = 0; i < ok; i++)
				cli_emit(put_pair(r, lines_out_begin(), ma[i],
				    mi[i]));
		else
			cli_emit_pairs(ma, mi, ok, o->colon ? ':' : ' ');
		used += took;
		*lines += ok;
	} while (ok == DECODE_BLOCK);
	return used;
}

static int
decode_value(void *ctx, char *text, struct dt_diag *d)
{
	const struct decode_run *r = ctx;
	uint64_t v, ma, mi;
	char *p;
	int rc;

	if (dt_parse_number(text, &v, d) != DT_OK ||
	    (rc = cli_decode(r->l, v, &ma, &mi, d)) < 0)
		return -1;
	p = lines_out_begin();	/* after any warning: it flushes */
	if (r->o->json) {
		p = cli_put_str(cli_put_line_member(cli_put_str(p, "{")),
		    "\"layout\":\"");
		p = cli_put_str(p, r->l->name);
		p = cli_put_str(p, "\",\"value\":");
		p = cli_put_u64(p, v);
		p = cli_put_str(p, ",\"major\":");
		p = cli_put_u64(p, ma);
		p = cli_put_str(p, ",\"minor\":");
		p = cli_put_u64(p, mi);
		p = cli_put_str(p, rc ? ",\"canonical\":false}" :
		    ",\"canonical\":true}");
	} else
		p = put_pair(r, p, ma, mi);
	return cli_emit(p);
}

int
check_decode(const struct verb_call *c)
{
	const char *name = c->name;
	const struct decode_opts *o = c->opts;

	if (o->colon + o->kdev + o->json > 1)
		return cli_usage(name, "--colon, --kdev and --json exclude "
		    "each other");
	if (o->hex && (o->kdev || o->json))
		return cli_usage(name, "--hex goes with neither --kdev nor "
		    "--json");
	return EXIT_OK;
}

/*
 * -v: the layout and why, before the values; with --json on stderr, as
 * standard output holds only JSON Lines.
 */
static void
say_layout(const struct decode_opts *o, const struct verb_call *c)
{
	struct dt_buf b = DT_BUF_INIT;

	cli_layout_why(&b, &c->layout, cli_layout_from(c->layout_given),
	    NULL);
	dt_buf_addc(&b, '\n');
	if (o->json)
		(void)fputs(dt_buf_str(&b), stderr);
	else
		lines_out_put(dt_buf_str(&b), b.len);
	dt_buf_free(&b);
}

int
cmd_decode(const struct verb_call *c)
{
	const struct decode_opts *o = c->opts;
	struct decode_run r = { .o = o, .l = &c->layout };

	if (o->verbose)
		say_layout(o, c);
	return cli_operands_blocks(c->args, decode_value, decode_value,
	    o->json ? NULL : decode_block, &r,
	    (o->keep_going ? CLI_KEEP_GOING : 0) | (o->json ? CLI_JSON : 0));
}
