/*
 * apply.c - the apply verb: reads device tables whole, validates every
 * line, and only then creates the entries with mknod's rules.
 */
#include <sys/stat.h>
#include <sys/sysmacros.h>

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli/allow.h"
#include "cli/options.h"
#include "cli/apply.h"
#include "cli/apply_removals.h"
#include "cli/env.h"
#include "cli/kernel.h"
#include "sys/node.h"
#include "sys/sig.h"
#include "cli/owners.h"
#include "cli/report.h"
#include "cli/tmpfiles_run.h"
#include "entry/conflicts.h"
#include "entry/pack.h"
#include "entry/validate.h"
#include "sources/source.h"
#include "targets/target.h"
#include "base/grow.h"
#include "base/text.h"
#include "entry/tree_order.h"
#include "cli/verbs.h"

#define PROGRESS_MIN 1000	/* show progress for tables this long */

/*
 * Every table read whole before anything is made: the plan, each entry
 * a 32-byte record (pack.h) but for the rare ones.
 */
struct plan {
	struct entry_pack v;
	size_t nodes;		/* after ranges are expanded */
	struct cli_problems problems;	/* the tables' */
	const struct id_resolver *owners;	/* names: owners.h */
	const char *archive_format;	/* --archive: its format, or NULL */
	enum conflicts_merge merge;	/* --merge */
	bool boot;			/* --boot: tmpfiles '!' lines too */
	bool relative;			/* paths said as make says them */
	struct removals removals;	/* --remove LIST's paths */
};

static void
plan_problem(void *ctx, const char *file, unsigned long line, int error,
    const char *msg)
{
	cli_problem(&((struct plan *)ctx)->problems, file, line, error, msg);
}

/*
 * --archive: every node of e fits the format, or the line is an error.
 * Not inlined, as plan_put_expanded: a node's path of PATH_MAX would
 * make plan_put's frame, and each of its pages the stack-clash probes
 * touch, that deep for every table.
 */
static __attribute__((noinline)) void
check_fits(struct plan *p, const struct entry *e)
{
	char path[PATH_MAX];
	struct entry one;
	struct dt_diag d;

	for (size_t i = 0; i < entry_expand_count(e); i++)
		if (entry_expand(e, i, &one, path, &d) != 0 ||
		    target_archive_fits(p->archive_format, &one, &d) != 0) {
			plan_problem(p, e->file, e->lineno, 0, d.msg);
			return;
		}
}

/* e into the plan; bad: why its line is an error, or NULL. */
static void
plan_add(struct plan *p, const struct entry *e, const char *bad)
{
	if (entry_pack_add(&p->v, e) != 0)
		cli_fatal(NULL);
	p->nodes += entry_expand_count(e);
	if (bad != NULL)
		plan_problem(p, e->file, e->lineno, 0, bad);
	else if (p->archive_format != NULL)
		check_fits(p, e);
}

/* A file line whose location has a ${NAME}: see plan_put. */
static __attribute__((noinline)) void
plan_put_expanded(struct plan *p, const struct entry *e)
{
	char where[PATH_MAX];
	const char *bad = NULL;
	struct entry x = *e;

	if (env_expand(e->content, where, sizeof(where)) != 0)
		bad = "the location is longer than PATH_MAX once ${} is "
		    "expanded";
	else if (where[0] == '\0')
		bad = "the location is empty once ${} is expanded";
	else
		x.content = where;
	plan_add(p, &x, bad);
}

/*
 * Kept after an error too: conflicts are still looked for.  A file
 * line's location has its ${NAME} expanded from the environment, as
 * gen_init_cpio does.
 */
static void
plan_put(void *ctx, const struct entry *e)
{
	struct plan *p = ctx;

	if (e->content != NULL && strstr(e->content, "${") != NULL)
		plan_put_expanded(p, e);
	else
		plan_add(p, e, NULL);
}

/* A conflict: an error, or under --merge which line won. */
static void
conflict_error(void *ctx, const struct entry *later, const char *msg)
{
	const struct plan *p = ctx;
	enum conflicts_merge merge_how = p->merge;
	char q[DT_QUOTE_SIZE];

	if (merge_how == CONFLICTS_ERROR)
		plan_problem(ctx, later->file, later->lineno, 0, msg);
	else
		cli_warn("%s:%lu: %s; the %s line wins (--merge=%s)",
		    cli_quote(q, later->file), later->lineno, msg,
		    merge_how == CONFLICTS_LAST ? "later" : "earlier",
		    merge_how == CONFLICTS_LAST ? "last" : "first");
}

struct tally {
	size_t count[NODE_REMOVED + 1];
	size_t ignored;		/* failures of tmpfiles '-' lines */
	size_t done, total;
	bool progress;
	bool stopped;		/* a failure no later entry can escape */
	bool interrupted;	/* SIGHUP, SIGINT or SIGTERM (sig.h) */
	bool archive;		/* into an archive, not a tree */
	bool boot;		/* --boot: '!' lines too */
	size_t root_at, roots;	/* the root's entries that wait: the first */
	struct report *rep;	/* how the run's failures are said */
	/* a range node's path, PATH_MAX: not a frame the stack probe walks */
	char *path;
};

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
	size_t n = entry_expand_count(e);

	if (!e->boot || t->boot)
		return false;
	if (flags & (NODE_VERBOSE | NODE_DRY_RUN))
		cli_say("%s %s (a boot-only line, '!': see --boot)",
		    flags & NODE_DRY_RUN ? "would skip" : "skipped", e->path);
	t->count[NODE_SKIPPED] += n;
	t->done += n;
	show_progress(t);
	return true;
}

/*
 * A node that failed (res), of entry e (its path that node's): said and
 * counted.  True when no later entry can escape it: the run stops.
 */
static bool
put_failed(struct tally *t, const struct entry *e,
    const struct node_result *res)
{
	if (report_stops(res)) {
		t->count[NODE_FAILED]++;
		t->done++;
		report_stop(t->rep, e->path, res, t->total - t->done);
		t->stopped = true;
		return true;
	}
	if (e->ignore_errors) {	/* tmpfiles '-' */
		report_ignored(t->rep, e->path, res);
		t->ignored++;
	} else {
		report_failure_owned(t->rep, e->path, res,
		    e->uid_set ? (long)e->uid : -1,
		    e->gid_set ? (long)e->gid : -1);
		t->count[NODE_FAILED]++;
	}
	return false;
}

/* One entry of the plan, a range node by node, into the target. */
static void
apply_entry(struct target *target, const struct entry *e, unsigned flags,
    struct tally *t)
{
	struct node_result res;
	struct entry one;
	struct dt_diag d;
	size_t n = entry_expand_count(e);

	if (skip_boot(e, flags, t))
		return;
	for (size_t i = 0; i < n; i++, t->done++, show_progress(t)) {
		if (sig_stopped) {	/* between two nodes: none half made */
			t->interrupted = t->stopped = true;
			return;
		}
		if (entry_expand(e, i, &one, t->path, &d) != 0) {
			cli_path_error(report_path(t->rep, e->path), d.msg);
			t->count[NODE_FAILED]++;
			continue;
		}
		res.nodev = NULL;
		if (target->put(target, &one, &res) != NODE_FAILED) {
			t->count[res.outcome]++;
			report_nodev(t->rep, one.path, &res);
		} else if (put_failed(t, &one, &res))
			return;
	}
}

/*
 * apply_entry for entry i of v, held in a record (pack.h): one node, not
 * a boot-only line (put_plan asks), put in place; the entry is copied
 * out only to say a failure.
 */
static void
apply_packed(struct target *target, const struct entry_pack *v, size_t i,
    struct tally *t)
{
	struct node_result res;
	struct entry e;

	if (sig_stopped) {	/* between two nodes: none half made */
		t->interrupted = t->stopped = true;
		return;
	}
	res.nodev = NULL;
	if (target->put_packed(target, v, i, &res) != NODE_FAILED) {
		t->count[res.outcome]++;
		if (res.nodev != NULL)
			report_nodev(t->rep, entry_pack_path(v, i), &res);
	} else {
		entry_pack_get(v, i, &e);
		if (put_failed(t, &e, &res))
			return;
	}
	t->done++;
	show_progress(t);
}

/* The last line: the counts, and what was skipped or ignored if any. */
static void
show_counts(const struct tally *t, unsigned flags)
{
	char more[96] = "";

	if (t->count[NODE_SKIPPED] > 0)
		snprintf(more, sizeof(more), ", %zu skipped",
		    t->count[NODE_SKIPPED]);
	if (t->count[NODE_REMOVED] > 0)	/* --remove */
		snprintf(more + strlen(more), sizeof(more) - strlen(more),
		    ", %zu removed", t->count[NODE_REMOVED]);
	if (t->ignored > 0)
		snprintf(more + strlen(more), sizeof(more) - strlen(more),
		    ", %zu failure%s ignored ('-')", t->ignored,
		    t->ignored == 1 ? "" : "s");
	if (t->interrupted && t->archive)
		snprintf(more + strlen(more), sizeof(more) - strlen(more),
		    ", interrupted: no archive written");
	else if (t->interrupted)
		snprintf(more + strlen(more), sizeof(more) - strlen(more),
		    ", interrupted after %zu of %zu", t->done, t->total);
	else if (t->stopped)
		snprintf(more + strlen(more), sizeof(more) - strlen(more),
		    ", %zu not attempted", t->total - t->done);
	fprintf(stderr, "devtool: %s%zu created, %zu replaced, %zu "
	    "corrected, %zu unchanged, %zu failed%s\n",
	    flags & NODE_DRY_RUN ? "dry run, nothing done: would be " : "",
	    t->count[NODE_CREATED], t->count[NODE_REPLACED],
	    t->count[NODE_CORRECTED], t->count[NODE_UNCHANGED],
	    t->count[NODE_FAILED], more);
}

/* The summary, and the exit status of the run. */
static int
finish_run(const struct tally *t, unsigned flags)
{
	if (t->progress)
		fprintf(stderr, "\r\033[K");
	if (cli_finish_output() != EXIT_OK)
		return EXIT_FAILED;
	report_hints(t->rep);
	/* a run cut short always says how far it got */
	if ((flags & NODE_VERBOSE) || t->stopped || isatty(STDERR_FILENO))
		show_counts(t, flags);
	if (t->interrupted)	/* what was done is said: now die of it */
		sig_stop_die();
	return t->count[NODE_FAILED] ? EXIT_FAILED : EXIT_OK;
}

/* Entry i of the plan into the target. */
static void
put_one(struct target *target, const struct plan *p, size_t i,
    unsigned flags, struct tally *t)
{
	struct entry e;

	/* a record in place, but a boot-only one (skip_boot's) */
	if (target->put_packed != NULL && entry_pack_whole(&p->v, i) == NULL &&
	    !(p->v.v[i].bits & ENTRY_PACK_FLAG(ENTRY_PACK_BOOT)))
		apply_packed(target, &p->v, i, t);
	else {
		entry_pack_get(&p->v, i, &e);
		apply_entry(target, &e, flags, t);
	}
}

/*
 * Whether entry i is the root's own (a d line for "/": validation takes
 * no other type for it) and waits for the end of the run (put_root_last):
 * given first to another user, or opened to others, the root would make
 * each step down from it to a directory of root's an unsafe path
 * transition, refused for the rest of the run.  One that leaves the root
 * this user's and closed to others goes in its turn (a root taken back
 * is walked as ours from then on), and so does an r line, which changes
 * what came before it (devtool(1)).
 */
static bool
root_waits(const struct entry_pack *v, size_t i)
{
	const char *path = entry_pack_path(v, i);
	struct entry e;

	if (path[0] != '/' || path[1] != '\0')
		return false;
	entry_pack_get(v, i, &e);
	return !e.recursive && !(e.uid_set && e.uid == geteuid() &&
	    e.mode_set && (e.mode & 022) == 0);
}

/*
 * The plan in table order, each range node by node, but the root's own
 * entries that wait: put_root_last puts them, and frees what this took.
 */
static void
put_plan(struct target *target, const struct plan *p, unsigned flags,
    struct tally *t)
{
	/* the size first: a terminal is asked of a long run only */
	t->progress = p->nodes >= PROGRESS_MIN && isatty(STDERR_FILENO);
	if ((t->path = malloc(PATH_MAX)) == NULL)
		cli_fatal(NULL);
	for (size_t i = 0; i < p->v.n && !t->stopped; i++) {
		if (!root_waits(&p->v, i))
			put_one(target, p, i, flags, t);
		else if (t->roots++ == 0)
			t->root_at = i;
	}
}

/*
 * The root's own entries that waited (root_waits), in table order, after
 * every node under the root, the removals and the removal of the parents
 * nothing used, as tar sets a directory's mode once its contents are in.
 */
static void
put_root_last(struct target *target, const struct plan *p, unsigned flags,
    struct tally *t)
{
	for (size_t i = t->root_at; t->roots > 0 && !t->stopped; i++)
		if (root_waits(&p->v, i)) {
			put_one(target, p, i, flags, t);
			t->roots--;
		}
	free(t->path);
	t->path = NULL;
}

/* After the plan: each path of --remove, through node_remove (node.h). */
static void
apply_removals(const struct removals *removals, struct root *r,
    unsigned flags, struct tally *t)
{
	struct node_result res;

	for (size_t i = 0; i < removals->n; i++) {
		if (node_remove(r, removals->v[i], flags, &t->rep->events,
		    &res) == NODE_FAILED)
			report_failure(t->rep, removals->v[i], &res);
		t->count[res.outcome]++;
	}
}

/* The plan into the tree under r, which it closes. */
static int
apply_to_root(const struct plan *p, struct root *r, unsigned flags)
{
	struct report rep;
	struct tally t = { .total = p->nodes, .boot = p->boot, .rep = &rep };
	struct target *target;

	if (node_begin(r, env_runtime_dir()) != 0)
		cli_fatal(NULL);
	report_init(&rep, p->relative);
	if (flags & NODE_DRY_RUN)
		report_dry_run_notes(&rep, &p->v);
	if ((target = target_fs_new(r, flags, &rep.events)) == NULL)
		cli_fatal(NULL);
	sig_stop_begin();
	put_plan(target, p, flags, &t);
	if (!t.interrupted)
		apply_removals(&p->removals, r, flags, &t);
	/* stopped, interrupted or not: the parents nothing used go */
	node_parents_end(r, flags, &rep.events);
	put_root_last(target, p, flags, &t);
	target->free(target);
	node_end(r, flags, &rep.events);
	sig_stop_end();
	root_close(r);
	return finish_run(&t, flags);
}

/*
 * The whole tree a target that writes one wants, in path order: every
 * node of the plan and the directories they imply (but not those of
 * what the target skips, said there), streamed (tree_order.h).
 */
static struct tree_order *
plan_tree(const struct plan *p, unsigned flags, struct tally *t)
{
	struct tree_order *tree = tree_order_new();
	struct entry e;

	if (tree == NULL)
		cli_fatal(NULL);
	for (size_t i = 0; i < p->v.n; i++) {
		entry_pack_get(&p->v, i, &e);
		if (!skip_boot(&e, flags, t) && tree_order_add_pack(tree,
		    &p->v, i, target_archive_not_written(&e) == NULL) != 0)
			cli_fatal(NULL);
	}
	if (tree_order_start(tree) != 0)
		cli_fatal(NULL);
	return tree;
}

/* -v: "wrote PATH (c 1:3, mode 0644, owner 0:0)", as the archive has it. */
static void
say_written(const struct entry *e)
{
	const struct node_want w = {
		.type = entry_type_of(e->type)->ifmt,
		.perm = e->mode,
		.uid = e->uid_set ? e->uid : 0,
		.gid = e->gid_set ? e->gid : 0,
		.rdev = makedev((unsigned)e->major, (unsigned)e->minor),
		.target = e->target,
	};
	char what[PATH_MAX + 96];

	node_describe(what, sizeof(what), &w);
	cli_say("wrote %s (%s)", e->path, what);
}

/* Each node into the target, until the end or the target stops. */
static void
put_tree(struct target *target, struct tree_order *tree, struct tally *t,
    unsigned flags)
{
	char path[PATH_MAX];
	struct node_result res;
	struct entry e;
	struct dt_diag d;
	int rc;

	while ((rc = tree_order_next(tree, &e, path, &d)) != 0) {
		if (sig_stopped) {	/* the temporary goes at free */
			t->interrupted = t->stopped = true;
			return;
		}
		if (rc < 0) {
			cli_path_error(e.path, d.msg);
			t->count[NODE_FAILED]++;
			continue;
		}
		if (target->put(target, &e, &res) == NODE_FAILED) {
			if (target->stopped)	/* finish says why, once */
				return;
			report_failure(t->rep, e.path, &res);
		} else if (res.outcome == NODE_SKIPPED)
			report_skipped(t->rep, e.path, &res);
		else if (flags & NODE_VERBOSE)
			say_written(&e);
		t->count[res.outcome]++;
	}
}

static int
apply_to_archive(const struct plan *p, const struct archive_opts *o,
    unsigned flags)
{
	const char *name = strcmp(o->file, "-") == 0 ? "standard output" :
	    o->file;
	struct report rep;
	struct tally t = { .total = p->nodes, .archive = true,
	    .boot = p->boot, .rep = &rep };
	struct tree_order *tree;
	struct target *target;
	struct dt_diag d;

	report_init(&rep, p->relative);
	if ((target = target_archive_new(o, &d)) == NULL) {
		cli_path_error(name, d.msg);
		return EXIT_FAILED;
	}
	tree = plan_tree(p, flags, &t);
	/* tar -cvf - likewise lists on stderr */
	cli_say_stderr = strcmp(o->file, "-") == 0;
	sig_stop_begin();
	put_tree(target, tree, &t, flags);
	if (!t.interrupted && target->finish(target, &d) != 0) {
		if (sig_stopped)	/* the old archive stays (outfile.c) */
			t.interrupted = t.stopped = true;
		/* the output's own failure, unless an entry's caused it */
		else {
			cli_path_error(name, d.msg);
			if (t.count[NODE_FAILED] == 0)
				t.count[NODE_FAILED]++;
		}
	}
	target->free(target);
	sig_stop_end();
	tree_order_free(tree);
	return finish_run(&t, flags);
}

/*
 * The options of apply: its table stores into the run's instance, and
 * check_apply adds what it made of them.
 */
struct apply_opts {
	char *root_dir, *users_from, *archive, *archive_format, *input,
	    *merge, *sysfs_dir, *remove_list;
	int replace, dry_run, verbose, from_kernel;
	/* --prefix, --exclude-prefix, --boot ('!' lines too), --strict */
	struct tmpfiles_opts tmpfiles;
	/* made by check_apply */
	const struct dialect *forced;	/* -i; NULL: detected */
	enum conflicts_merge merge_how;	/* --merge */
	struct archive_opts archive_opts;
};

#define OPT(field) VERB_OPT(struct apply_opts, field)

static const struct verb_option apply_table[] = {
	{ "root", '\0', POPT_ARG_STRING, OPT(root_dir), 0,
	  "create the entries inside DIR as if it were /", "DIR" },
	{ "users-from", '\0', POPT_ARG_STRING, OPT(users_from), 0,
	  "look names up in DIR/etc/passwd and DIR/etc/group", "DIR" },
	{ "archive", '\0', POPT_ARG_STRING, OPT(archive), 0,
	  "write the entries into the archive FILE (- for stdout) instead",
	  "FILE" },
	{ "archive-format", '\0', POPT_ARG_STRING, OPT(archive_format), 0,
	  "newc, odc, bin, ustar, pax, gnutar or mtree (default: from "
	  "FILE's suffix; newc for -)", "FORMAT" },
	{ "input", 'i', POPT_ARG_STRING, OPT(input), 0,
	  "read every table as one of " DIALECT_NAMES
	  " (default: detected)", "FORMAT" },
	{ "kernel", '\0', POPT_ARG_NONE, OPT(from_kernel), 0,
	  "create the nodes devtmpfs would, from sysfs, instead of a table's "
	  "(as mdev -s)", "" },
	KERNEL_SYSFS_OPTION(struct apply_opts, sysfs_dir),
	OPTIONS_REPLACE(struct apply_opts, replace),
	OPTIONS_DRY_RUN(struct apply_opts, dry_run),
	OPTIONS_VERBOSE(struct apply_opts, verbose),
	{ "boot", '\0', POPT_ARG_NONE, OPT(tmpfiles.boot), 0,
	  "also apply boot-only tmpfiles lines (c! ...), as "
	  "systemd-tmpfiles --boot", "" },
	{ "prefix", '\0', POPT_ARG_ARGV, OPT(tmpfiles.prefix), 0,
	  "only the tables' lines for PATH and below it (repeatable), as "
	  "systemd-tmpfiles --prefix", "PATH" },
	{ "exclude-prefix", '\0', POPT_ARG_ARGV, OPT(tmpfiles.exclude), 0,
	  "none of the tables' lines for PATH and below it (repeatable)",
	  "PATH" },
	{ "strict", '\0', POPT_ARG_NONE, OPT(tmpfiles.strict), 0,
	  "a tmpfiles line devtool does not create (x, z, f+ ...) is an "
	  "error, not left out with a warning", "" },
	{ "remove", '\0', POPT_ARG_STRING, OPT(remove_list), 0,
	  "after the tables, remove the device nodes and FIFOs whose paths "
	  "FILE lists, one a line (as diff writes them)", "FILE" },
	{ "merge", '\0', POPT_ARG_STRING, OPT(merge), 0,
	  "conflicting lines are an error (default), or the last or the "
	  "first wins", "error|last|first" },
	CLI_TABLE_END
};

const struct verb_options apply_options = {
	.table = apply_table, .size = sizeof(struct apply_opts),
};

/* Every option and the operands, before anything is read. */
static int
apply_check(struct apply_opts *o, const struct verb_call *c)
{
	const char *name = c->name;

	if (cli_option_path(name, "--root", o->root_dir, CLI_NAMES_DIR) !=
	    EXIT_OK || cli_option_path(name, "--users-from", o->users_from,
	    CLI_NAMES_DIR) != EXIT_OK)
		return EXIT_USAGE;
	if (o->input != NULL && allow_input(name, o->input, &o->forced) !=
	    EXIT_OK)
		return EXIT_USAGE;
	if (tmpfiles_opts_check(name, &o->tmpfiles) != EXIT_OK)
		return EXIT_USAGE;
	if (o->remove_list != NULL && (cli_option_path(name, "--remove",
	    o->remove_list, CLI_NAMES_FILE) != EXIT_OK))
		return EXIT_USAGE;
	if (o->remove_list != NULL && o->archive != NULL)
		return cli_usage(name, "--remove removes from a tree: it "
		    "takes no --archive");
	if (kernel_check(name, o->sysfs_dir, o->from_kernel) != EXIT_OK)
		return EXIT_USAGE;
	if (o->from_kernel && o->input != NULL)
		return cli_usage(name, "--kernel reads no table: it takes no -i");
	if (options_merge(name, o->merge, &o->merge_how) != EXIT_OK)
		return EXIT_USAGE;
	if (apply_check_archive(name, o->archive, o->archive_format,
	    o->root_dir != NULL || o->replace || o->dry_run,
	    &o->archive_opts) != EXIT_OK)
		return EXIT_USAGE;
	if ((c->nargs == 0) != (o->from_kernel != 0))
		return o->from_kernel ? cli_usage(name, "--kernel makes what "
		    "sysfs says: it takes no TABLE") : verb_operands_error(c);
	return EXIT_OK;
}

int
check_apply(const struct verb_call *c)
{
	return apply_check(c->opts, c);
}

/* Readers, then every line validated and checked against the others. */
static void
read_plan(const struct apply_opts *o, struct plan *plan,
    const char *const *files)
{
	const struct entry_sink sink = { plan_put, plan_problem, plan };
	struct source *tables = source_table_new(plan->owners, o->forced);
	struct tmpfiles_run run;

	if (tables == NULL)
		cli_fatal(NULL);
	tmpfiles_run_begin(&run, &o->tmpfiles, o->root_dir, tables);
	for (; *files != NULL; files++)
		tables->read(tables, *files, &sink);
	source_end(tables, &sink);
	tmpfiles_run_said(tables);
	tables->free(tables);
	if (o->from_kernel)
		kernel_read(o->sysfs_dir, &sink);
	/* a new entry of a tmpfiles "-" owner is ours, root's in an archive */
	if (conflicts_merge_pack(&plan->v, o->merge_how, o->archive ? 0 :
	    geteuid(), o->archive ? 0 : getegid(), conflict_error, plan) < 0)
		cli_fatal(NULL);
	plan->nodes = 0;	/* --merge may have taken lines out */
	for (size_t i = 0; i < plan->v.n; i++) {
		const struct entry *w = entry_pack_whole(&plan->v, i);

		plan->nodes += w != NULL ? entry_expand_count(w) : 1;
	}
	/* a d line is made before what is under it, not corrected after */
	if (entry_pack_parents_first(&plan->v) != 0)
		cli_fatal(NULL);
}

int
cmd_apply(const struct verb_call *c)
{
	const struct apply_opts *o = c->opts;
	struct plan plan = { .merge = o->merge_how,
	    .boot = o->tmpfiles.boot != 0 };
	struct root *r = NULL;
	long removed = 0;
	int rc;

	if (o->archive == NULL && (r = options_root(o->root_dir)) == NULL)
		return EXIT_FAILED;
	if ((plan.owners = owners_open(o->root_dir, o->users_from)) == NULL) {
		root_close(r);
		return EXIT_FAILED;
	}
	plan.archive_format = o->archive != NULL ? o->archive_opts.format :
	    NULL;
	read_plan(o, &plan, c->args);
	owners_close(plan.owners);
	if (o->remove_list != NULL && (removed =
	    apply_removals_read(&plan.removals, o->remove_list)) != 0) {
		plan.problems.errors += removed < 0 ? 1 :
		    (unsigned long)removed;
		plan.problems.status = cli_worse(plan.problems.status,
		    removed < 0 ? EXIT_FAILED : EXIT_USAGE);
	}
	if (plan.problems.errors > 0) {
		cli_error("%lu error%s in %s%s; nothing was created",
		    plan.problems.errors, plan.problems.errors == 1 ? "" : "s",
		    o->from_kernel ?
		    "sysfs" : c->nargs > 1 ? "the tables" : "the table",
		    o->remove_list != NULL ? " or the --remove list" : "");
		rc = plan.problems.status;
		root_close(r);
	} else if (o->archive != NULL)
		rc = apply_to_archive(&plan, &o->archive_opts, o->verbose ?
		    NODE_VERBOSE : 0);
	else {
		umask(0);
		rc = apply_to_root(&plan, r, NODE_KEEP_SAME |
		    NODE_PARENTS | (o->replace ? NODE_REPLACE : 0) |
		    (o->dry_run ? NODE_DRY_RUN : 0) |
		    (o->verbose ? NODE_VERBOSE : 0));
	}
	entry_pack_free(&plan.v);
	apply_removals_free(&plan.removals);
	return rc;
}

/*
 * make's entries (make.c), already valid and without conflicts, into the
 * same targets as a table's: the tree under root_dir (NULL: /), or the
 * archive o when it is not NULL.  flags as node.h's for a tree.  The
 * plan reads v's records in place (make frees them): no copy.
 */
int
apply_entries(const struct entry_pack *v, const char *root_dir,
    const struct archive_opts *o, unsigned flags, bool relative)
{
	const struct plan plan = { .v = *v, .nodes = v->n,
	    .relative = relative };
	struct root *r;
	int rc;

	if (o != NULL)
		rc = apply_to_archive(&plan, o, flags & NODE_VERBOSE);
	else if ((r = options_root(root_dir)) == NULL)
		rc = EXIT_FAILED;
	else {
		umask(0);
		rc = apply_to_root(&plan, r, flags);
	}
	return rc;
}
