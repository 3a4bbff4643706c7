/*
 * apply.c - the apply verb: reads device tables whole, validates every
 * line, and only then creates the entries with mknod's rules.
 */
#include <sys/stat.h>
#include <sys/sysmacros.h>

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "env.h"
#include "node.h"
#include "report.h"
#include "source.h"
#include "target.h"
#include "text.h"
#include "verbs.h"

#define PROGRESS_MIN 1000	/* show progress for tables this long */

/* Every table read whole before anything is made: the plan. */
struct plan {
	struct entries v;
	size_t nodes;		/* after ranges are expanded */
	unsigned long errors;
};

/* "FILE:LINE: why"; the file name is the user's: quoted and bounded. */
static void
plan_problem(void *ctx, const char *file, unsigned long line, int error,
    const char *msg)
{
	struct plan *p = ctx;
	char q[DT_QUOTE_SIZE];

	if (line == 0) {
		errno = error;
		cli_path_error(file, msg);
	} else
		cli_error("%s:%lu: %s", cli_quote(q, file), line, msg);
	p->errors++;
}

/* Kept after an error too: conflicts are still looked for. */
static void
plan_put(void *ctx, const struct entry *e)
{
	struct plan *p = ctx;

	if (entries_add(&p->v, e) != 0)
		cli_fatal(NULL);
	p->nodes += table_expand_count(e);
}

static void
conflict_error(void *ctx, const struct entry *later, const char *msg)
{
	plan_problem(ctx, later->file, later->lineno, 0, msg);
}

struct tally {
	size_t count[NODE_FAILED + 1];
	size_t ignored;		/* failures of tmpfiles '-' lines */
	size_t done, total;
	bool progress;
};

static int boot;		/* --boot: tmpfiles '!' lines too */

static void
show_progress(struct tally *t)
{
	if (t->progress && (t->done % 1000 == 0 || t->done == t->total))
		fprintf(stderr, "\rdevtool: applying %zu/%zu", t->done,
		    t->total);
}

/*
 * A tmpfiles '!' line without --boot is skipped, as systemd-tmpfiles
 * does; -v and -n say so.
 */
static bool
skip_boot(const struct entry *e, unsigned flags, struct tally *t)
{
	size_t n = table_expand_count(e);

	if (!e->boot || boot)
		return false;
	if (flags & (NODE_VERBOSE | NODE_DRY_RUN))
		cli_say("%s %s (a boot-only line, '!': see --boot)",
		    flags & NODE_DRY_RUN ? "would skip" : "skipped", e->path);
	t->count[NODE_SKIPPED] += n;
	t->done += n;
	show_progress(t);
	return true;
}

/* One entry of the plan, a range node by node, into the target. */
static void
apply_entry(struct target *target, const struct entry *e, unsigned flags,
    struct tally *t)
{
	char path[PATH_MAX];
	struct node_result res;
	struct entry one;
	struct dt_diag d;
	size_t n = table_expand_count(e);

	if (skip_boot(e, flags, t))
		return;
	for (size_t i = 0; i < n; i++, t->done++, show_progress(t)) {
		if (table_expand(e, i, &one, path, &d) != 0) {
			cli_path_error(e->path, d.msg);
			t->count[NODE_FAILED]++;
			continue;
		}
		if (target->put(target, &one, &res) != NODE_FAILED)
			t->count[res.outcome]++;
		else if (e->ignore_errors) {	/* tmpfiles '-' */
			report_ignored(one.path, &res);
			t->ignored++;
		} else {
			report_failure(one.path, &res);
			t->count[NODE_FAILED]++;
		}
	}
}

/* The last line: the counts, and what was skipped or ignored if any. */
static void
show_counts(const struct tally *t, unsigned flags)
{
	char more[96] = "";

	if (t->count[NODE_SKIPPED] > 0)
		snprintf(more, sizeof(more), ", %zu skipped",
		    t->count[NODE_SKIPPED]);
	if (t->ignored > 0)
		snprintf(more + strlen(more), sizeof(more) - strlen(more),
		    ", %zu failure%s ignored ('-')", t->ignored,
		    t->ignored == 1 ? "" : "s");
	fprintf(stderr, "devtool: %s%zu created, %zu replaced, %zu "
	    "corrected, %zu unchanged, %zu failed%s\n",
	    flags & NODE_DRY_RUN ? "dry run, nothing done: would be " : "",
	    t->count[NODE_CREATED], t->count[NODE_REPLACED],
	    t->count[NODE_CORRECTED], t->count[NODE_UNCHANGED],
	    t->count[NODE_FAILED], more);
}

/* mkdir -p of the --root directory itself (0755, as -p parents). */
static int
make_root(const char *dir)
{
	char path[PATH_MAX];
	size_t n = strlen(dir);

	if (n >= sizeof(path)) {
		errno = ENAMETOOLONG;
		return -1;
	}
	memcpy(path, dir, n + 1);
	for (char *s = path + 1; ; s++) {
		if (*s != '/' && *s != '\0')
			continue;
		char c = *s;

		*s = '\0';
		if (mkdir(path, 0755) != 0 && errno != EEXIST)
			return -1;
		if ((*s = c) == '\0')
			return 0;
	}
}

static int
apply_plan(const struct plan *p, const char *root_dir, unsigned flags)
{
	struct tally t = { .total = p->nodes };
	struct target *target;
	struct root *r;

	/* A fresh root to fill is the usual case: make it, as mkdir -p. */
	if (root_dir != NULL && !(flags & NODE_DRY_RUN) &&
	    make_root(root_dir) != 0) {
		cli_arg_error("--root", root_dir);
		return EXIT_FAIL;
	}
	if ((r = root_open(root_dir, env_resolve())) != NULL)
		;
	else if (errno == ENOENT && (flags & NODE_DRY_RUN)) {
		cli_say("would create directory %s (the root)", root_dir);
		if ((r = root_open_absent()) == NULL)
			cli_fatal(NULL);
	} else if (root_dir == NULL)	/* only malloc can fail */
		cli_fatal(NULL);
	else {
		cli_arg_error("--root", root_dir);
		return EXIT_FAIL;
	}
	if ((target = target_fs_new(r, flags, &report_events)) == NULL)
		cli_fatal(NULL);
	t.progress = isatty(STDERR_FILENO) && p->nodes >= PROGRESS_MIN;
	for (size_t i = 0; i < p->v.n; i++)
		apply_entry(target, &p->v.v[i], flags, &t);
	target->free(target);
	root_close(r);
	if (t.progress)
		fprintf(stderr, "\r\033[K");
	if (cli_finish_output() != EXIT_OK)
		return EXIT_FAIL;
	if ((flags & NODE_VERBOSE) || isatty(STDERR_FILENO))
		show_counts(&t, flags);
	return t.count[NODE_FAILED] ? EXIT_FAIL : EXIT_OK;
}

static char *root_dir;
static int replace, dry_run, verbose;

struct poptOption apply_options[] = {
	{ "root", '\0', POPT_ARG_STRING, &root_dir, 0,
	  "create the entries inside DIR as if it were /", "DIR" },
	{ "replace", 'r', POPT_ARG_NONE, &replace, 0,
	  "replace different nodes, correct mode and owner", NULL },
	{ "dry-run", 'n', POPT_ARG_NONE, &dry_run, 0,
	  "print what would be done, touch nothing", NULL },
	{ "verbose", 'v', POPT_ARG_NONE, &verbose, 0,
	  "print each action and a summary", NULL },
	{ "boot", '\0', POPT_ARG_NONE, &boot, 0,
	  "also apply boot-only tmpfiles lines (c! ...), as "
	  "systemd-tmpfiles --boot", NULL },
	CLI_TABLE_END
};

int
check_apply(const char *name)
{
	if (root_dir != NULL && *root_dir == '\0')
		return cli_usage(name, "--root '' names no directory");
	return EXIT_OK;
}

/* Readers, then every line validated and checked against the others. */
static void
read_plan(struct plan *plan, const char *const *files)
{
	const struct entry_sink sink = { plan_put, plan_problem, plan };
	struct source *tables = source_table_new(&table_system_resolver);

	if (tables == NULL)
		cli_fatal(NULL);
	for (; *files != NULL; files++)
		tables->read(tables, *files, &sink);
	tables->free(tables);
	/* a new entry of a tmpfiles "-" owner is ours */
	if (table_conflicts(plan->v.v, plan->v.n, geteuid(), getegid(),
	    conflict_error, plan) < 0)
		cli_fatal(NULL);
}

int
cmd_apply(const struct verb_call *c)
{
	struct plan plan = { 0 };
	int rc;

	read_plan(&plan, c->args);
	if (plan.errors > 0) {
		cli_error("%lu error%s in the table%s; nothing was created",
		    plan.errors, plan.errors == 1 ? "" : "s",
		    c->nargs > 1 ? "s" : "");
		rc = EXIT_USAGE;
	} else {
		node_begin(env_runtime_dir());
		rc = apply_plan(&plan, root_dir, NODE_KEEP_SAME |
		    NODE_PARENTS | (replace ? NODE_REPLACE : 0) |
		    (dry_run ? NODE_DRY_RUN : 0) |
		    (verbose ? NODE_VERBOSE : 0));
	}
	entries_free(&plan.v);
	return rc;
}
