/*
 * cli_layout.c - the layout a verb runs under and its number operands.
 * See cli_layout.h.
 */
#include <stdio.h>
#include <stdlib.h>

#include "cli/cli.h"
#include "cli/cli_layout.h"
#include "cli/suggest.h"
#include "base/number.h"
#include "base/text.h"

/* Resolves -f (or DEVTOOL_FORMAT, or the default) into l. */
int
cli_layout(const char *name, int strict, struct dt_layout *l)
{
	const char *source = "";
	struct dt_diag d;

	if (name == NULL) {
		name = getenv("DEVTOOL_FORMAT");
		source = "DEVTOOL_FORMAT: ";
		if (name == NULL || *name == '\0') {
			name = DEFAULT_LAYOUT;
			source = "";
		}
	}
	if (dt_layout_lookup(name, l, &d) != DT_OK) {
		char best[SUGGEST_SIZE], q[DT_QUOTE_SIZE];

		if (suggest_layout(name, false, best))
			cli_error("%sunknown layout '%s'; did you mean '%s'?",
			    source, cli_quote(q, name), best);
		else
			cli_error("%s%s", source, d.msg);
		return EXIT_USAGE;
	}
	if (strict)
		dt_layout_strict(l);
	return EXIT_OK;
}

enum cli_layout_from
cli_layout_from(bool given)
{
	const char *env = getenv("DEVTOOL_FORMAT");

	if (given)
		return CLI_LAYOUT_OPTION;
	return env != NULL && *env != '\0' ? CLI_LAYOUT_ENV :
	    CLI_LAYOUT_DEFAULT;
}

void
cli_layout_why(struct dt_buf *b, const struct dt_layout *l,
    enum cli_layout_from from, const char *path)
{
	char q[DT_QUOTE_SIZE];

	dt_buf_adds(b, "layout ");
	dt_buf_adds(b, cli_quote(q, l->name));
	switch (from) {
	case CLI_LAYOUT_DEFAULT:
		dt_buf_adds(b, ", the default for typed numbers (-f native "
		    "for stat(1), /proc)");
		break;
	case CLI_LAYOUT_ENV:
		dt_buf_adds(b, ", from DEVTOOL_FORMAT (the default for "
		    "typed numbers)");
		break;
	case CLI_LAYOUT_OPTION:
		dt_buf_adds(b, ", given by -f");
		break;
	case CLI_LAYOUT_NODE:
		dt_buf_adds(b, " (this system's dev_t), because the value "
		    "came from ");
		dt_buf_adds(b, cli_quote(q, path));
		break;
	}
	/* --strict changes a compat layout only (cli_layout) */
	if (!l->compat && l->format->compat && l->width > 16)
		dt_buf_adds(b, ", --strict: no compat rule");
}

/* list --check's argument: a storage format or a layout, never from env. */
int
cli_check_layout(const char *name, struct dt_layout *l)
{
	struct dt_diag d;
	char best[SUGGEST_SIZE], q[DT_QUOTE_SIZE];

	if (dt_check_lookup(name, l, &d) == DT_OK)
		return EXIT_OK;
	if (suggest_layout(name, true, best))
		cli_error("unknown layout or storage format '%s'; did you mean "
		    "'%s'?", cli_quote(q, name), best);
	else
		cli_error("%s", d.msg);
	return EXIT_USAGE;
}

/*
 * One of MAJOR and MINOR, within max.  "LAYOUT major" is written only
 * for the message of one out of range: a good pair calls no printf,
 * whose pages of libc a run of encode need not touch (start-up, README).
 */
static int
pair_part(const char *layout, const char *which, const char *s,
    uint64_t max, uint64_t *v, struct dt_diag *d)
{
	char what[48];

	if (dt_parse_number(s, v, d) != DT_OK)
		return -1;
	if (*v <= max)
		return 0;
	snprintf(what, sizeof(what), "%s %s", layout, which);
	return dt_parse_in_range(s, what, max, v, d) == DT_OK ? 0 : -1;
}

/* MAJOR and MINOR operands, each within the layout's range. */
int
cli_pair(const struct dt_layout *l, const char *ma_s, const char *mi_s,
    uint64_t *ma, uint64_t *mi, struct dt_diag *d)
{
	if (pair_part(l->name, "major", ma_s, l->major_max, ma, d) != 0)
		return -1;
	return pair_part(l->name, "minor", mi_s, l->minor_max, mi, d);
}

int
cli_number(const char *text, uint64_t *v)
{
	struct dt_diag d;

	if (dt_parse_number(text, v, &d) != DT_OK) {
		cli_error("%s", d.msg);
		return EXIT_USAGE;
	}
	return EXIT_OK;
}
