/*
 * diff_sides.c - the two sides of diff: named on the command line, in
 * order among the PATH operands, then each read whole, sorted and each
 * path once.  Apart from diff.c, which compares them and says the
 * differences, since what a side is and how it is read needs nothing
 * of the comparison.  See diff_impl.h.
 */
#include <limits.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "cli/allow.h"
#include "cli/diff_impl.h"
#include "cli/kernel.h"
#include "cli/options.h"
#include "cli/owners.h"
#include "entry/conflicts.h"
#include "entry/validate.h"
#include "sources/source.h"
#include "sys/root.h"

/* data: the side_events, as the callback row's descrip (popt's way). */
void
diff_side_option(poptContext con, enum poptCallbackReason reason,
    const struct poptOption *opt, const char *arg, const void *data)
{
	struct side_events *events = (void *)data;
	const char **left = poptGetArgs(con);
	struct side_event *ev;
	int before = 0;

	if (reason != POPT_CALLBACK_REASON_OPTION)
		return;
	while (left != NULL && left[before] != NULL)
		before++;
	if ((ev = reallocarray(events->v, events->n + 1, sizeof(*ev))) ==
	    NULL)
		cli_fatal(NULL);
	events->v = ev;
	ev += events->n++;
	ev->what = opt->val;
	ev->before = before;
	ev->arg = NULL;
	if (arg != NULL && (ev->arg = strdup(arg)) == NULL)
		cli_fatal(NULL);
}

/* Adds a side; more than two is counted, for the message. */
static void
add_side(struct side *sides, int *n, enum side_kind kind, const char *arg,
    const char *root, const struct dialect *input)
{
	if (*n < 2)
		sides[*n] = (struct side){ .kind = kind, .arg = arg,
		    .root = root, .input = input };
	(*n)++;
}

/*
 * The sides in command-line order: the option events placed among the
 * PATH operands, --root and -i applied to the sides after them.
 */
int
diff_build_sides(const struct side_events *events,
    const struct verb_call *c, struct side *sides)
{
	const char *root = NULL;
	const struct dialect *input = NULL;
	bool root_used = true, input_used = true;
	size_t e = 0;
	int n = 0;

	for (int k = 0; k <= c->nargs; k++) {
		for (; e < events->n && events->v[e].before <= k; e++) {
			const struct side_event *ev = &events->v[e];

			switch (ev->what) {
			case OPT_ROOT:
				if (cli_option_path(c->name, "--root", ev->arg,
				    CLI_NAMES_DIR) != EXIT_OK)
					return DIFF_TROUBLE;
				root = ev->arg;
				root_used = false;
				break;
			case OPT_INPUT:
				if (allow_input(c->name, ev->arg, &input) !=
				    EXIT_OK)
					return DIFF_TROUBLE;
				input_used = false;
				break;
			case OPT_TABLE:
			case OPT_ARCHIVE:
				if (cli_option_path(c->name, ev->what ==
				    OPT_TABLE ? "--table" : "--archive", ev->arg,
				    CLI_NAMES_FILE) != EXIT_OK)
					return DIFF_TROUBLE;
				add_side(sides, &n, ev->what == OPT_TABLE ?
				    SIDE_TABLE : SIDE_ARCHIVE, ev->arg, NULL,
				    ev->what == OPT_TABLE ? input : NULL);
				input_used |= ev->what == OPT_TABLE;
				break;
			default:
				add_side(sides, &n, SIDE_KERNEL, NULL, NULL,
				    NULL);
			}
		}
		if (k < c->nargs) {
			add_side(sides, &n, SIDE_TREE, c->args[k], root, NULL);
			root_used = true;
		}
	}
	if (n != 2)
		return cli_usage(c->name, "diff compares two sides, A and B "
		    "(each --table FILE, --archive FILE, --kernel or a tree "
		    "PATH); got %d", n);
	if (!root_used)
		return cli_usage(c->name, "--root DIR is the root of the tree "
		    "PATHs after it, and none follows");
	if (!input_used)
		return cli_usage(c->name, "-i is the dialect of the --table "
		    "FILEs after it, and none follows");
	return EXIT_OK;
}

static void
side_put(void *ctx, const struct entry *e)
{
	if (entries_add(&((struct side *)ctx)->v, e) != 0)
		cli_fatal(NULL);
}

static void
side_problem(void *ctx, const char *where, unsigned long line, int error,
    const char *why)
{
	cli_source_error(where, line, error, why);
	((struct side *)ctx)->problems++;
}

static void
side_conflict(void *ctx, const struct entry *later, const char *msg)
{
	side_problem(ctx, later->file, later->lineno, 0, msg);
}

/*
 * A table side: read whole, its lines checked against each other as
 * list --table checks them, then each range as its nodes.
 */
static void
read_table(struct side *s, const struct id_resolver *res)
{
	const struct entry_sink sink = { side_put, side_problem, s };
	struct source *src = source_table_new(res, s->input);
	struct entries raw;
	char path[PATH_MAX];
	struct entry one;
	struct dt_diag d;
	size_t i;

	if (src == NULL)
		cli_fatal(NULL);
	src->read(src, s->arg, &sink);
	source_end(src, &sink);
	src->free(src);
	if (conflicts_merge(&s->v, CONFLICTS_ERROR, 0, 0, side_conflict, s) <
	    0)
		cli_fatal(NULL);
	for (i = 0; i < s->v.n && s->v.v[i].count == 0; i++)
		;
	if (i == s->v.n)	/* no range: the entries are the nodes */
		return;
	raw = s->v;
	s->v = (struct entries){ 0 };
	for (i = 0; i < raw.n; i++)
		for (size_t k = 0; k < entry_expand_count(&raw.v[i]); k++)
			if (entry_expand(&raw.v[i], k, &one, path, &d) != 0)
				side_problem(s, raw.v[i].file, raw.v[i].lineno,
				    0, d.msg);
			else
				side_put(s, &one);
	entries_free(&raw);
}

static void
read_tree(const struct diff_opts *o, struct side *s)
{
	const struct entry_sink sink = { side_put, side_problem, s };
	struct source *tree;
	struct root *r;

	if ((r = options_root(s->root)) == NULL) {
		s->problems++;
		return;
	}
	/* every directory: one that is a plain parent on one side only is
	   dropped later, one on both compared */
	if ((tree = source_tree_new(r, true, o->one_fs != 0)) == NULL)
		cli_fatal(NULL);
	tree->read(tree, s->arg, &sink);
	tree->free(tree);
	root_close(r);
}

void
diff_read_side(const struct diff_opts *o, struct side *s,
    const struct id_resolver *res)
{
	const struct entry_sink sink = { side_put, side_problem, s };
	struct source *src;

	switch (s->kind) {
	case SIDE_TREE:
		read_tree(o, s);
		break;
	case SIDE_TABLE:
		read_table(s, res);
		break;
	case SIDE_ARCHIVE:
		if ((src = source_archive_new(NULL, true)) == NULL)
			cli_fatal(NULL);
		src->read(src, s->arg, &sink);
		src->free(src);
		break;
	case SIDE_KERNEL:
		kernel_read(o->sysfs_dir, &sink);
		break;
	}
}

/*
 * The tables' names: from --users-from; else, beside a tree under --root
 * DIR, that tree's (apply --root DIR resolved them so); else the host's.
 * NULL (said) when the database cannot be opened; not opened at all
 * (*none) when no side is a table.
 */
const struct id_resolver *
diff_table_names(const struct diff_opts *o, const struct side *sides,
    bool *none)
{
	const char *root = NULL;

	*none = sides[0].kind != SIDE_TABLE && sides[1].kind != SIDE_TABLE;
	if (*none)
		return NULL;
	for (int i = 0; i < 2; i++)
		if (sides[i].kind == SIDE_TREE && sides[i].root != NULL)
			root = sides[i].root;
	return owners_open(o->users_from != NULL ? NULL : root,
	    o->users_from);
}

/*
 * Sorted, each path once: a second entry of a path (two devices the
 * kernel gives one name) is trouble unless it says the same.
 */
void
diff_sort_side(struct side *s)
{
	size_t w = 0;

	if (entries_sort(&s->v) != 0)
		cli_fatal(NULL);
	for (size_t i = 0; i < s->v.n; i++) {
		if (w > 0 && strcmp(s->v.v[w - 1].path, s->v.v[i].path) == 0) {
			if (entry_differs(&s->v.v[w - 1], &s->v.v[i]) != NULL)
				side_problem(s, s->v.v[i].path, 0, 0, "given "
				    "twice, differently");
			continue;
		}
		s->v.v[w++] = s->v.v[i];
	}
	s->v.n = w;
}

/*
 * Regular files (f lines) are compared only between two tables: no
 * tree, archive or kernel lists them.  Those left out are counted.
 */
void
diff_drop_files(struct side *s)
{
	size_t w = 0;

	for (size_t i = 0; i < s->v.n; i++)
		if (s->v.v[i].type == 'f')
			s->files++;
		else
			s->v.v[w++] = s->v.v[i];
	s->v.n = w;
}
