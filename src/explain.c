/*
 * explain.c - the explain verb: draws a value's bits with the major and
 * minor fields marked, and says which branch of the compat rule applied.
 */
#include <string.h>

#include "cli.h"
#include "verbs.h"

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

/* Draws one row of up to 32 bits, in bytes, with a ruler above it. */
static void
draw_row(uint64_t v, const struct dt_fields *f, unsigned top, unsigned n)
{
	printf("  bits  ");
	for (unsigned b = top + 1; b > top + 1 - n; b -= 8) {
		char r[24];

		snprintf(r, sizeof(r), "%u-%u", b - 1, b - 8);
		printf(b - 8 > top + 1 - n ? " %-8s" : " %s", r);
	}
	printf("\n  value ");
	for (unsigned b = top + 1; b-- > top + 1 - n;)
		printf("%s%c", (b + 1) % 8 == 0 ? " " : "",
		    (int)('0' + (v >> b & 1)));
	printf("\n  field ");
	for (unsigned b = top + 1; b-- > top + 1 - n;)
		printf("%s%c", (b + 1) % 8 == 0 ? " " : "", field_mark(f, b));
	printf("\n");
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

static void
draw(const struct dt_layout *l, uint64_t ma, uint64_t mi, uint64_t v)
{
	struct dt_fields f;
	char runs[96];

	dt_fields(l, v, &f);
	printf("layout %s: %u bits, major 0-%ju, minor 0-%ju\n", l->name,
	    l->width, (uintmax_t)l->major_max, (uintmax_t)l->minor_max);
	printf("pair   %ju:%ju\n", (uintmax_t)ma, (uintmax_t)mi);
	printf("value  0x%0*jx = %ju\n", (int)(l->width / 4), (uintmax_t)v,
	    (uintmax_t)v);
	printf("rule   %s\n\n", branch_text(l, &f));
	for (unsigned top = l->width; top > 0; top -= ROW_BITS) {
		unsigned n = top < ROW_BITS ? top : ROW_BITS;

		draw_row(v, &f, top - 1, n);
		if (top > ROW_BITS)
			printf("\n");
		if (top < ROW_BITS)
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
		break;
	default:
		cli_error("%s", d.msg);
		return EXIT_USAGE;
	}
	draw(l, ma, mi, v);
	return EXIT_OK;
}

static int
explain_pair(const struct dt_layout *l, const char *ma_s, const char *mi_s)
{
	uint64_t v, ma, mi;
	struct dt_diag d;
	char what[48];

	snprintf(what, sizeof(what), "%s major", l->name);
	if (dt_parse_in_range(ma_s, what, l->major_max, &ma, &d) != DT_OK)
		goto bad;
	snprintf(what, sizeof(what), "%s minor", l->name);
	if (dt_parse_in_range(mi_s, what, l->minor_max, &mi, &d) != DT_OK)
		goto bad;
	switch (dt_encode(l, ma, mi, &v, &d)) {
	case DT_OK:
		draw(l, ma, mi, v);
		return EXIT_OK;
	case DT_EAMBIGUOUS:
		/* Show the trap, then refuse it as encode does. */
		draw(l, ma, mi, v);
		break;
	default:
		break;
	}
bad:
	cli_error("%s", d.msg);
	return EXIT_USAGE;
}

int
cmd_explain(int argc, const char **argv)
{
	struct dt_layout l;
	char *format = NULL, *value = NULL;
	int strict = 0, rc, n;
	struct poptOption table[] = {
		LAYOUT_OPTIONS(&format, &strict),
		{ "value", '\0', POPT_ARG_STRING, &value, 0,
		  "explain a raw value instead of a pair", "V" },
		CLI_TABLE_END
	};
	poptContext con = cli_context(argc, argv, table,
	    "MAJOR MINOR | --value V");
	const char **args;

	if ((rc = cli_parse(con, argv[0])) != EXIT_OK ||
	    (rc = cli_layout(format, strict, &l)) != EXIT_OK)
		goto out;
	args = poptGetArgs(con);
	n = cli_count(args);
	if (value != NULL && n == 0)
		rc = explain_value(&l, value);
	else if (value == NULL && n == 2)
		rc = explain_pair(&l, args[0], args[1]);
	else {
		rc = cli_usage(argv[0], "expected MAJOR MINOR or --value V");
		goto out;
	}
	if (cli_finish_output() != EXIT_OK)
		rc = EXIT_FAIL;
out:
	poptFreeContext(con);
	return rc;
}
