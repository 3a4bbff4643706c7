/*
 * list.c - the list verb: prints what the tree walk (walk.c) finds under
 * /dev trees, device nodes and FIFOs (and directories with --dirs), as a
 * device table, sorted, with paths as seen from the root.
 */
#include <sys/stat.h>
#include <sys/sysmacros.h>

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "env.h"
#include "root.h"
#include "table.h"
#include "text.h"
#include "verbs.h"
#include "walk.h"

struct found {
	char *path;
	struct stat st;
};

struct listing {
	struct found *v;
	size_t n, cap;
	int dirs;
	int failed;
};

static int
keep(struct listing *ls, const char *path, const struct stat *st)
{
	if (ls->n == ls->cap) {
		size_t cap = ls->cap ? ls->cap * 2 : 1024;
		struct found *v = reallocarray(ls->v, cap, sizeof(*v));

		if (v == NULL)
			return -1;
		ls->v = v;
		ls->cap = cap;
	}
	if ((ls->v[ls->n].path = strdup(path)) == NULL)
		return -1;
	ls->v[ls->n++].st = *st;
	return 0;
}

/* One node or directory the walk found: kept for sorting. */
static void
keep_found(void *ctx, const char *path, const struct stat *st)
{
	if (keep(ctx, path, st) != 0)
		cli_fatal(NULL);
}

/* A path the walk could not list: said now, exit 1 at the end. */
static void
list_problem(void *ctx, const char *path, int error, const char *why)
{
	struct listing *ls = ctx;

	errno = error;
	cli_path_error(path, why);
	ls->failed = 1;
}

/* One PATH operand, walked into ls. */
static void
list_operand(struct listing *ls, struct root *r, const char *arg)
{
	const struct walk_ops ops = { ls->dirs != 0, keep_found, list_problem,
	    ls };

	walk_operand(r, arg, &ops);
}

static int
by_path(const void *a, const void *b)
{
	return strcmp(((const struct found *)a)->path,
	    ((const struct found *)b)->path);
}

static void
to_entry(const struct found *f, struct table_entry *e)
{
	const struct stat *st = &f->st;

	/* Field by field: clearing PATH_MAX bytes per node would show. */
	snprintf(e->path, sizeof(e->path), "%s", f->path);
	e->dialect = TABLE_UNKNOWN;
	e->replace = false;
	e->major = e->minor = e->start = e->inc = e->count = 0;
	e->lineno = 0;
	e->type = S_ISCHR(st->st_mode) ? 'c' : S_ISBLK(st->st_mode) ? 'b' :
	    S_ISFIFO(st->st_mode) ? 'p' : 'd';
	e->mode_set = e->uid_set = e->gid_set = true;
	e->mode = st->st_mode & 07777;
	e->uid = st->st_uid;
	e->gid = st->st_gid;
	if (e->type == 'c' || e->type == 'b') {
		e->major = major(st->st_rdev);
		e->minor = minor(st->st_rdev);
	}
}

static void
print_json(const struct table_entry *e, const char *problem)
{
	printf("{\"path\":");
	put_json_string(stdout, e->path);
	printf(",\"type\":\"%c\",\"mode\":\"%04o\",\"uid\":%u,\"gid\":%u",
	    e->type, e->mode, (unsigned)e->uid, (unsigned)e->gid);
	if (e->type == 'c' || e->type == 'b')
		printf(",\"major\":%ju,\"minor\":%ju", (uintmax_t)e->major,
		    (uintmax_t)e->minor);
	if (problem != NULL) {
		printf(",\"problem\":");
		put_json_string(stdout, problem);
	}
	printf("}\n");
}

/* One line; with a problem (--check), the reason follows as a comment. */
static int
print_entry(enum table_dialect dialect, const struct table_entry *e,
    const char *problem)
{
	char line[TABLE_LINE_MAX];
	struct dt_diag d;

	if (dialect == TABLE_UNKNOWN) {
		print_json(e, problem);
		return 0;
	}
	if (table_format(dialect, e, line, sizeof(line), &d) != 0) {
		cli_error("%s", d.msg);
		return -1;
	}
	/* makedevs takes a trailing comment; tmpfiles only whole lines */
	if (problem != NULL && dialect == TABLE_TMPFILES)
		printf("# %s\n%s\n", problem, line);
	else if (problem != NULL)
		printf("%s # %s\n", line, problem);
	else
		printf("%s\n", line);
	return 0;
}

/* --check: why layout cannot carry this node, or NULL when it can. */
static const char *
check_problem(const struct dt_layout *l, const struct table_entry *e,
    struct dt_diag *d)
{
	uint64_t v;

	if (e->type != 'c' && e->type != 'b')
		return NULL;
	return dt_encode(l, e->major, e->minor, &v, d) == DT_OK ? NULL :
	    d->msg;
}

static int
print_all(struct listing *ls, enum table_dialect dialect,
    const struct dt_layout *check)
{
	static struct table_entry e;	/* PATH_MAX inside: not on the stack */
	const char *problem;
	struct dt_diag d;
	int rc = ls->failed ? EXIT_FAIL : EXIT_OK;

	if (ls->n > 0)
		qsort(ls->v, ls->n, sizeof(*ls->v), by_path);
	for (size_t i = 0; i < ls->n; i++) {
		/* An operand named twice, or inside another, prints once. */
		if (i > 0 && strcmp(ls->v[i].path, ls->v[i - 1].path) == 0)
			continue;
		to_entry(&ls->v[i], &e);
		problem = check ? check_problem(check, &e, &d) : NULL;
		if (check != NULL && problem == NULL)
			continue;
		if (problem != NULL)
			rc = EXIT_FAIL;
		if (print_entry(dialect, &e, problem) != 0)
			rc = EXIT_FAIL;
	}
	if (cli_finish_output() != EXIT_OK)
		rc = EXIT_FAIL;
	return rc;
}

static int
parse_output(const char *name, enum table_dialect *dialect)
{
	char q[DT_QUOTE_SIZE];

	if (name == NULL || strcmp(name, "makedevs") == 0)
		*dialect = TABLE_MAKEDEVS;
	else if (strcmp(name, "tmpfiles") == 0)
		*dialect = TABLE_TMPFILES;
	else if (strcmp(name, "json") == 0)
		*dialect = TABLE_UNKNOWN;
	else
		return cli_usage("devtool list", "unknown output '%s'; "
		    "valid: makedevs, tmpfiles, json", cli_quote(q, name));
	return EXIT_OK;
}

static char *output, *check, *root_dir;
static int dirs;

struct poptOption list_options[] = {
	{ "output", 'o', POPT_ARG_STRING, &output, 0,
	  "makedevs (default), tmpfiles or json", "FORMAT" },
	{ "check", '\0', POPT_ARG_STRING, &check, 0,
	  "print only the nodes LAYOUT or a storage format cannot hold",
	  "LAYOUT" },
	{ "dirs", '\0', POPT_ARG_NONE, &dirs, 0,
	  "list directories too", NULL },
	{ "root", '\0', POPT_ARG_STRING, &root_dir, 0,
	  "read the trees inside DIR, print paths as seen from it",
	  "DIR" },
	CLI_TABLE_END
};

int
cmd_list(const struct verb_call *c)
{
	static const char *const default_paths[] = { "/dev", NULL };
	const char *const *paths = default_paths;
	struct listing ls = { .dirs = dirs };
	enum table_dialect dialect = TABLE_MAKEDEVS;
	struct dt_layout layout;
	struct root *r;
	int rc;

	if ((rc = parse_output(output, &dialect)) != EXIT_OK ||
	    (check != NULL &&
	    (rc = cli_check_layout(check, &layout)) != EXIT_OK))
		return rc;
	if (root_dir != NULL && *root_dir == '\0')
		return cli_usage(c->name, "--root '' names no directory");
	if ((r = root_open(root_dir, env_resolve())) == NULL) {
		if (root_dir == NULL)	/* only malloc can fail */
			cli_fatal(NULL);
		cli_arg_error("--root", root_dir);
		return EXIT_FAIL;
	}
	if (c->nargs > 0)
		paths = c->args;
	for (; *paths != NULL; paths++)
		list_operand(&ls, r, *paths);
	root_close(r);
	rc = print_all(&ls, dialect, check ? &layout : NULL);
	for (size_t i = 0; i < ls.n; i++)
		free(ls.v[i].path);
	free(ls.v);
	return rc;
}
