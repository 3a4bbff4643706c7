/*
 * explain.c - the explain verb: draws a value's bits with the major and
 * minor fields marked, and says which branch of the compat rule applied.
 */
#include <string.h>

#include "cli/cli.h"
#include "cli/verbs.h"

#define ROW_BITS 32

/* Describes the runs of set bits in mask, highest first: "31-16, 7-0". */
static void
describe_runs(char *buf, size_t len, uint64_t mask, unsigned width)
{
	size_t used = 0;

	buf[0] = '\0';
	for (int bit = (int)width - 1; bit >= 0 && used < len; bit--) {
		int top = bit;

		if (!(mask >> bit & 1))
			continue;
		while (bit > 0 && (mask >> (bit - 1) & 1))
			bit--;
		used += (size_t)snprintf(buf + used, len - used, "%s%d-%d",
		    used ? ", " : "", top, bit);
	}
}

static char
field_mark(const struct dt_fields *f, unsigned bit)
{
	if (f->major_mask >> bit & 1)
		return 'M';
	if (f->minor_mask >> bit & 1)
		return 'm';
	return '.';
}

/*
 * Draws bits hi..lo in byte-aligned groups under a ruler of bit numbers;
 * each column is as wide as the wider of its bits and its label.
 */
static void
draw_row(uint64_t v, const struct dt_fields *f, unsigned hi, unsigned lo)
{
	char ruler[256] = "", value[256] = "", field[256] = "";
	size_t rn = 0, vn = 0, fn = 0;
	unsigned gl;

	for (unsigned gh = hi + 1; gh-- > lo; gh = gl) {
		char label[24];
		int bits, w;

		gl = gh / 8 * 8 > lo ? gh / 8 * 8 : lo;
		bits = (int)(gh - gl + 1);
		snprintf(label, sizeof(label), gh == gl ? "%u" : "%u-%u", gh,
		    gl);
		w = bits > (int)strlen(label) ? bits : (int)strlen(label);
		rn += (size_t)snprintf(ruler + rn, sizeof(ruler) - rn, " %-*s",
		    w, label);
		value[vn++] = field[fn++] = ' ';
		for (unsigned b = gh + 1; b-- > gl;) {
			value[vn++] = (char)('0' + (v >> b & 1));
			field[fn++] = field_mark(f, b);
		}
		for (int pad = bits; pad < w; pad++)
			value[vn++] = field[fn++] = ' ';
	}
	value[vn] = field[fn] = '\0';
	while (rn > 0 && ruler[rn - 1] == ' ')
		ruler[--rn] = '\0';
	while (vn > 0 && value[vn - 1] == ' ')
		value[--vn] = field[--fn] = '\0';
	printf("  bits  %s\n  value %s\n  field %s\n", ruler, value, field);
}

static const char *
branch_text(const struct dt_layout *l, const struct dt_fields *f)
{
	if (l->compat && f->narrow)
		return "compat rule, 8:8 branch: the pair fits 8 bits each, so "
		    "it keeps its old 16-bit value ma<<8 | mi";
	if (l->compat)
		return "compat rule, wide branch: the pair does not fit 8:8, "
		    "so the value is ma<<N | mi";
	if (l->format->pack == dt_formats[0].pack)
		return "plain split, no compat rule: ma<<N | mi";
	return "interleaved: fixed bit positions, no branches";
}

/* rule, when given, replaces the description of the branch taken. */
static void
draw(const struct dt_layout *l, uint64_t ma, uint64_t mi, uint64_t v,
    const char *rule)
{
	struct dt_fields f;
	char runs[96];

	dt_fields(l, v, &f);
	printf("layout %s: %u bits, major 0-%ju, minor 0-%ju\n", l->name,
	    l->width, (uintmax_t)l->major_max, (uintmax_t)l->minor_max);
	printf("pair   %ju:%ju\n", (uintmax_t)ma, (uintmax_t)mi);
	printf("value  0x%0*jx = %ju\n", (int)((l->width + 3) / 4),
	    (uintmax_t)v, (uintmax_t)v);
	printf("rule   %s\n", rule != NULL ? rule : branch_text(l, &f));
	/* Rows of 32 bits, split where a 32-bit word would be. */
	for (unsigned hi = l->width - 1;; hi = hi / ROW_BITS * ROW_BITS - 1) {
		printf("\n");
		draw_row(v, &f, hi, hi / ROW_BITS * ROW_BITS);
		if (hi < ROW_BITS)
			break;
	}
	describe_runs(runs, sizeof(runs), f.major_mask, l->width);
	printf("\n  M  major %ju = 0x%jx in bits %s\n", (uintmax_t)ma,
	    (uintmax_t)ma, runs);
	describe_runs(runs, sizeof(runs), f.minor_mask, l->width);
	printf("  m  minor %ju = 0x%jx in bits %s\n", (uintmax_t)mi,
	    (uintmax_t)mi, runs);
}

static int
explain_value(const struct dt_layout *l, const char *text)
{
	uint64_t v, ma, mi;
	struct dt_diag d;

	if (cli_number(text, &v) != EXIT_OK)
		return EXIT_USAGE;
	switch (dt_decode(l, v, &ma, &mi, &d)) {
	case DT_OK:
		break;
	case DT_NONCANONICAL:
		cli_warn("%s", d.msg);
		draw(l, ma, mi, v, "compat rule, wide branch, NOT CANONICAL: "
		    "the value is above 0xffff, so it is read as ma<<N | mi, "
		    "but the pair fits 8:8, and encode gives its 16-bit value");
		return EXIT_OK;
	default:
		cli_error("%s", d.msg);
		return EXIT_USAGE;
	}
	draw(l, ma, mi, v, NULL);
	return EXIT_OK;
}

static int
explain_pair(const struct dt_layout *l, const char *ma_s, const char *mi_s)
{
	struct dt_layout plain;
	uint64_t v, ma, mi;
	struct dt_diag d;
	if (cli_pair(l, ma_s, mi_s, &ma, &mi, &d) != 0)
		goto bad;
	switch (dt_encode(l, ma, mi, &v, &d)) {
	case DT_OK:
		draw(l, ma, mi, v, NULL);
		return EXIT_OK;
	case DT_EAMBIGUOUS:
		/* Show the trap, fields where the pair went, then refuse. */
		plain = *l;
		dt_layout_strict(&plain);
		draw(&plain, ma, mi, v, "compat rule, AMBIGUOUS: the pair does not "
		    "fit 8:8, but its wide value fits 16 bits, so it reads back "
		    "through the 8:8 branch as another pair");
		break;
	default:
		break;
	}
bad:
	cli_error("%s", d.msg);
	return EXIT_USAGE;
}

static char *value;		/* --value */

struct poptOption explain_options[] = {
	LAYOUT_OPTIONS,
	{ "value", '\0', POPT_ARG_STRING, &value, 0,
	  "explain a raw value instead of a pair", "V" },
	CLI_TABLE_END
};

int
cmd_explain(const struct verb_call *c)
{
	int rc;

	if (value != NULL && c->nargs == 0)
		rc = explain_value(&c->layout, value);
	else if (value == NULL && c->nargs == 2)
		rc = explain_pair(&c->layout, c->args[0], c->args[1]);
	else
		return verb_operands_error(c);
	if (cli_finish_output() != EXIT_OK)
		rc = EXIT_FAIL;
	return rc;
}
