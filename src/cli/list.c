/*
 * list.c - the list verb: prints what the tree walk (walk.c) finds under
 * /dev trees, device nodes, FIFOs, sockets and symbolic links (and
 * directories with --dirs), as a device table, sorted, with paths as seen
 * from the root.
 */
#include <sys/stat.h>
#include <sys/sysmacros.h>

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "cli/env.h"
#include "cli/options.h"
#include "codec/devreg.h"
#include "codec/procdev.h"
#include "base/path.h"
#include "entry/pack.h"
#include "entry/validate.h"
#include "sys/nss.h"
#include "sys/root.h"
#include "sources/source.h"
#include "dialects/fields.h"
#include "dialects/dialect.h"
#include "base/text.h"
#include "cli/verbs.h"
#include "cli/list_table.h"
#include "cli/allow.h"
#include "cli/kernel.h"
#include "cli/list.h"

/*
 * What list holds: each entry compact (pack.h), for it only sorts them
 * and writes each once.
 */
struct listing {
	struct entry_pack p;
	int failed;
	/*
	 * Of one path's entries the last is listed, not the first: an
	 * initramfs's (source_archive_last_by_sink).
	 */
	bool last;
};

static void
keep(void *ctx, const struct entry *e)
{
	if (entry_pack_add(&((struct listing *)ctx)->p, e) != 0)
		cli_fatal(NULL);
}

/* What the source could not list: said now, the run failed at the end. */
static void
list_problem(void *ctx, const char *path, unsigned long line, int error,
    const char *why)
{
	cli_source_error(path, line, error, why);
	((struct listing *)ctx)->failed = 1;
}

/* --check: why layout cannot carry this node, or NULL when it can. */
static const char *
check_problem(const struct dt_layout *l, const struct entry *e,
    struct dt_diag *d)
{
	uint64_t v;

	if (!entry_has_numbers(e))
		return NULL;
	return dt_encode(l, e->major, e->minor, &v, d) == DT_OK ? NULL :
	    d->msg;
}

/*
 * --check kernel, the audit (AUDIT in devtool(1)): what the running
 * kernel registers (/proc/devices, sysfs) and the registry say of each
 * node.
 */
#define AUDIT_MAJORS 4096

struct audit {
	unsigned char has[2][AUDIT_MAJORS / 8];	/* c, b: a driver's major */
	char why[1024];
};

static int
audit_driver(void *ctx, char type, unsigned long major, const char *name,
    size_t namelen)
{
	struct audit *a = ctx;

	(void)name;
	(void)namelen;
	if (major < AUDIT_MAJORS)
		a->has[type == 'b'][major / 8] |= (unsigned char)(1 << major % 8);
	return 0;
}

static void
audit_add(struct audit *a, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));

static void
audit_add(struct audit *a, const char *fmt, ...)
{
	size_t n = strlen(a->why);
	va_list ap;

	if (n > 0 && n + 2 < sizeof(a->why)) {
		memcpy(a->why + n, "; ", 3);
		n += 2;
	}
	va_start(ap, fmt);
	vsnprintf(a->why + n, sizeof(a->why) - n, fmt, ap);
	va_end(ap);
}

/*
 * Whether the kernel's name for a number is the node's: also devpts's
 * own ptmx (pts/ptmx, c 5:2), which the kernel calls ptmx.
 */
static bool
kernel_names(const char *kname, const char *name)
{
	return strcmp(kname, name) == 0 || (strcmp(kname, "ptmx") == 0 &&
	    strcmp(name, "pts/ptmx") == 0);
}

/*
 * Every finding about e, "; " between them; NULL when none.  The
 * findings are about device nodes: a directory's sticky bit (/dev/shm)
 * is none.
 */
static const char *
audit_problem(struct audit *a, const struct entry *e)
{
	const char *name = strncmp(e->path, "/dev/", 5) == 0 ? e->path + 5 :
	    NULL, *desc;
	unsigned long ma, mi;
	char t, kname[256];

	a->why[0] = '\0';
	if (!entry_has_numbers(e))
		return NULL;
	if (e->mode & 07000)
		audit_add(a, "a %s%s%s%s%s node", e->mode & 04000 ?
		    "set-user-ID" : "", (e->mode & 04000) && (e->mode & 03000) ?
		    ", " : "", e->mode & 02000 ? "set-group-ID" : "",
		    (e->mode & 06000) && (e->mode & 01000) ? ", " : "",
		    e->mode & 01000 ? "sticky" : "");
	if (name == NULL)
		audit_add(a, "a device node outside /dev");
	if (e->type == 'b' && (e->mode & 0002))
		audit_add(a, "a world-writable block device");
	if (e->major >= AUDIT_MAJORS || !(a->has[e->type == 'b'][e->major / 8] &
	    1 << e->major % 8))
		audit_add(a, "no %s driver of major %ju in the running kernel",
		    e->type == 'b' ? "block" : "character",
		    (uintmax_t)e->major);
	if (name != NULL && devreg_numbers(name, &t, &ma, &mi, &desc) &&
	    (t != e->type || ma != e->major || mi != e->minor))
		audit_add(a, "the registry's %s is %c %lu:%lu (%s)", name, t,
		    ma, mi, desc);
	if (name != NULL && source_kernel_devname(env_sysfs(), e->type,
	    e->major, e->minor, kname, sizeof(kname)) && !kernel_names(kname, name))
		audit_add(a, "the running kernel names %c %ju:%ju %s", e->type,
		    (uintmax_t)e->major, (uintmax_t)e->minor, kname);
	return a->why[0] != '\0' ? a->why : NULL;
}

/*
 * What the dialect has no line for is a comment line naming it (dialect.h),
 * or left out of a dialect without comments (an OCI array), never
 * silently: said once, at the end.
 */
#define UNHELD_NAMED 5	/* entries left out named one by one */

/*
 * An entry a dialect without comments leaves out, named with what it is
 * (as a comment line names it in the others); after UNHELD_NAMED of
 * them, list_warn_unheld counts the rest.
 */
static void
warn_left_out(const struct entry *e, const struct dialect *dialect, size_t n)
{
	char q[DT_QUOTE_SIZE], t[DT_QUOTE_SIZE];

	if (n > UNHELD_NAMED)
		return;
	cli_warn("%s%s%s: a %s, which %s %s table cannot hold, is left out; "
	    "-o json holds every type", cli_quote(q, e->path),
	    e->target != NULL ? " -> " : "", e->target != NULL ?
	    cli_quote(t, e->target) : "", entry_type_of(e->type)->noun,
	    dialect_article(dialect), dialect->name);
}

/* The one warning of a run for n comment lines of types without a line. */
static void
list_warn_unheld(size_t n, const struct dialect *dialect)
{
	bool comments = (dialect->can & DIALECT_CAN_COMMENTS) != 0;
	const char *what = comments ? n == 1 ? "is a comment line" :
	    "are comment lines" : n == 1 ? "is left out" : "are left out";

	if (!comments) {
		if (n <= UNHELD_NAMED)
			return;
		n -= UNHELD_NAMED;
	}
	if (n > 0)
		cli_warn("%zu %s%s that %s %s table cannot hold %s; -o json "
		    "holds every type", n, comments ? "" : "more ",
		    n == 1 ? "entry" : "entries", dialect_article(dialect),
		    dialect->name, what);
}

/* Entry i of the sorted entries, into *e. */
typedef void listed_get(const void *from, size_t i, struct entry *e);

/*
 * The writer: n entries, sorted, each path once, in the dialect.  With
 * check or audit only the findings are printed, and *found says whether
 * there were any.  failed: the source could not list something.
 */
static int
print_sorted(size_t n, listed_get *get, const void *from, bool failed,
    const struct dialect *dialect, const struct dt_layout *check,
    struct audit *audit, bool *found)
{
	struct dt_buf line = DT_BUF_INIT;
	const char *problem;
	struct dt_diag d, why;
	int rc = failed ? EXIT_FAILED : EXIT_OK;
	struct cli_table out = { stdout, dialect, 0 };
	size_t unheld = 0;
	const char *last = "/", *prev = NULL;
	struct entry e;

	cli_table_begin(dialect);
	for (size_t i = 0; i < n; i++) {
		get(from, i, &e);
		/* An operand named twice, or inside another, prints once. */
		if (prev != NULL && strcmp(e.path, prev) == 0)
			continue;
		prev = e.path;
		problem = check ? check_problem(check, &e, &why) :
		    audit ? audit_problem(audit, &e) : NULL;
		if ((check != NULL || audit != NULL) && problem == NULL)
			continue;
		if (problem != NULL)
			*found = true;
		if (!dialect_holds(dialect, &e) &&
		    !(dialect->can & DIALECT_CAN_COMMENTS)) {
			warn_left_out(&e, dialect, ++unheld);
			continue;
		}
		if (dialect_format_note(dialect, &e, problem, &line,
		    &d) != 0) {
			cli_error("%s", d.msg);
			rc = EXIT_FAILED;
		} else {
			if (dialect->needs_parents)
				dialect_parents(dialect, last, e.path,
				    cli_table_line, &out);
			cli_table_line(&out, line.s);
			last = e.path;
			unheld += !dialect_holds(dialect, &e);
		}
	}
	dt_buf_free(&line);
	if (cli_table_end(&out) != EXIT_OK)
		rc = EXIT_FAILED;
	list_warn_unheld(unheld, dialect);
	return rc;
}

/* A list's entry, the list sorted in place. */
static void
get_listed(const void *from, size_t i, struct entry *e)
{
	*e = ((const struct entries *)from)->v[i];
}

/* A listing's entry, through its order. */
struct packed {
	const struct entry_pack *p;
	const uint32_t *order;
};

static void
get_packed(const void *from, size_t i, struct entry *e)
{
	const struct packed *k = from;

	entry_pack_get(k->p, k->order[i], e);
}

/*
 * A rule dialect (DEVICE RULES): allow_print's rules, of a list of whole
 * entries (a rule list is of the few nodes a container is allowed).
 */
static int
print_rules(struct listing *ls, const struct dialect *dialect, bool widen)
{
	struct entries v = { 0 };
	struct entry e;
	int rc;

	for (size_t i = 0; i < ls->p.n; i++) {
		entry_pack_get(&ls->p, i, &e);
		if (entries_add(&v, &e) != 0)
			cli_fatal(NULL);
	}
	rc = allow_print(&v, dialect, UNHELD_NAMED, widen);
	entries_free(&v);
	return ls->failed ? EXIT_FAILED : rc;
}

/*
 * The listing written: widen: --widen, for a rule dialect; check, audit
 * and *found as print_sorted's.
 */
static int
print_all(struct listing *ls, const struct dialect *dialect,
    const struct dt_layout *check, struct audit *audit, bool widen,
    bool *found)
{
	struct packed k = { &ls->p, NULL };
	uint32_t *order;
	int rc;
	size_t n = 0;

	if (rules_dialect(dialect))
		return print_rules(ls, dialect, widen);
	if (entry_pack_order(&ls->p, &order) != 0)
		cli_fatal(NULL);
	for (size_t i = 0; i < ls->p.n; i++)
		if (!ls->last || i + 1 == ls->p.n ||
		    strcmp(entry_pack_path(&ls->p, order[i]),
		    entry_pack_path(&ls->p, order[i + 1])) != 0)
			order[n++] = order[i];
	k.order = order;
	rc = print_sorted(n, get_packed, &k, ls->failed, dialect, check,
	    audit, found);
	free(order);
	return rc;
}

int
list_print_entries(struct entries *v, const struct dialect *dl)
{
	bool found;

	if (rules_dialect(dl))
		return allow_print(v, dl, UNHELD_NAMED, false);
	if (entries_sort(v) != 0)
		cli_fatal(NULL);
	return print_sorted(v->n, get_listed, v, false, dl, NULL, NULL,
	    &found);
}

/*
 * The options of list: its table stores into the run's instance, and
 * check_list adds what it made of them.
 */
struct list_opts {
	char *output, *check, *root_dir, *archive, *input, *users_from,
	    *merge, *sysfs_dir;
	int dirs, json, json_array, table, lossy, one_fs, from_kernel, widen;
	/* --prefix, --exclude-prefix, --boot, --strict (tmpfiles_run.h) */
	struct tmpfiles_opts tmpfiles;
	/* made by check_list */
	struct list_table_opts topts;
	const struct dialect *out_dialect;
	struct dt_layout check_layout;
	bool kernel;		/* --check kernel, the audit */
};

#define OPT(field) VERB_OPT(struct list_opts, field)

static const struct verb_option list_table[] = {
	{ "output", 'o', POPT_ARG_STRING, OPT(output), 0,
	  "a table (default makedevs): " DIALECT_NAMES "; "
	  "or device rules, written only: cgroup, "
	  "deviceallow, deviceallow-groups or oci-allow", "FORMAT" },
	{ "json", '\0', POPT_ARG_NONE, OPT(json), 0,
	  "print JSON Lines, an object a line, as -o json (-o oci "
	  "is one array)", "" },
	CLI_JSON_ARRAY_OPTION(struct list_opts, json_array),
	{ "check", '\0', POPT_ARG_STRING, OPT(check), 0,
	  "print only the nodes LAYOUT or a storage format cannot hold; "
	  "kernel: audit the nodes against the running kernel and the "
	  "registry", "LAYOUT" },
	{ "dirs", '\0', POPT_ARG_NONE, OPT(dirs), 0,
	  "list directories too", "" },
	{ "widen", '\0', POPT_ARG_NONE, OPT(widen), 0,
	  "with -o deviceallow-groups: a driver's group even where the "
	  "nodes are not all its minors (a warning names what it adds)",
	  "" },
	{ "one-file-system", 'x', POPT_ARG_NONE, OPT(one_fs), 0,
	  "enter no mount point below a PATH (devpts, /dev/shm): list it "
	  "as a directory only", "" },
	{ "root", '\0', POPT_ARG_STRING, OPT(root_dir), 0,
	  "read the trees inside DIR, print paths as seen from it",
	  "DIR" },
	{ "archive", '\0', POPT_ARG_STRING, OPT(archive), 0,
	  "read the archive FILE (- for stdin) instead of a tree", "FILE" },
	{ "kernel", '\0', POPT_ARG_NONE, OPT(from_kernel), 0,
	  "the nodes devtmpfs makes, from sysfs, instead of a tree", "" },
	KERNEL_SYSFS_OPTION(struct list_opts, sysfs_dir),
	{ "table", '\0', POPT_ARG_NONE, OPT(table), 0,
	  "the operands are device tables (- for stdin) to convert",
	  "" },
	{ "input", 'i', POPT_ARG_STRING, OPT(input), 0,
	  "with --table: read every table as this dialect (default: "
	  "detected)", "FORMAT" },
	{ "users-from", '\0', POPT_ARG_STRING, OPT(users_from), 0,
	  "with --table: names to ids from DIR/etc/passwd and DIR/etc/group",
	  "DIR" },
	{ "lossy", '\0', POPT_ARG_NONE, OPT(lossy), 0,
	  "with --table: write what the output dialect can hold, warn of "
	  "the rest", "" },
	{ "merge", '\0', POPT_ARG_STRING, OPT(merge), 0,
	  "with --table: conflicting lines are an error (default), or the "
	  "last or the first wins", "error|last|first" },
	{ "prefix", '\0', POPT_ARG_ARGV, OPT(tmpfiles.prefix), 0,
	  "with --table: only the lines for PATH and below it (repeatable), "
	  "as systemd-tmpfiles --prefix", "PATH" },
	{ "exclude-prefix", '\0', POPT_ARG_ARGV, OPT(tmpfiles.exclude), 0,
	  "with --table: none of the lines for PATH and below it "
	  "(repeatable)", "PATH" },
	{ "boot", '\0', POPT_ARG_NONE, OPT(tmpfiles.boot), 0,
	  "with --table: read the tmpfiles lines devtool does not create "
	  "that are only for boot (r! ...), as systemd-tmpfiles --boot",
	  "" },
	{ "strict", '\0', POPT_ARG_NONE, OPT(tmpfiles.strict), 0,
	  "with --table: a tmpfiles line devtool does not create (x, z, f+ "
	  "...) is an error, not left out with a warning", "" },
	CLI_TABLE_END
};

const struct verb_options list_options = {
	.table = list_table, .size = sizeof(struct list_opts),
};

static void
free_paths(const char **v)
{
	for (const char **p = v; p != NULL && *p != NULL; p++)
		free((char *)*p);
	free(v);
}

/*
 * The PATH operands as from the archive's root, normal, into *out (NULL:
 * all of it).  EXIT_USAGE, naming the operand, for one that is too long.
 */
static int
archive_paths(const struct verb_call *c, const char ***out)
{
	char buf[PATH_MAX + 1], norm[PATH_MAX];
	const char **v;
	struct dt_diag d;

	*out = NULL;
	if (c->nargs == 0)
		return EXIT_OK;
	if ((v = calloc((size_t)c->nargs + 1, sizeof(*v))) == NULL)
		cli_fatal(NULL);
	for (int i = 0; i < c->nargs; i++) {
		if ((size_t)snprintf(buf, sizeof(buf), "/%s", c->args[i]) >=
		    sizeof(buf))
			dt_say(&d, "too long: longer than PATH_MAX");
		else if (path_normal(buf, strlen(buf), PATH_DOTS_RESOLVE,
		    norm, &d) == 0) {
			if ((v[i] = strdup(norm)) == NULL)
				cli_fatal(NULL);
			continue;
		}
		cli_path_error(c->args[i], d.msg);
		free_paths(v);
		return EXIT_USAGE;
	}
	*out = v;
	return EXIT_OK;
}

/* --archive: one pass over the archive, the operands as filters. */
static int
read_archive(const struct list_opts *o, const struct verb_call *c,
    const struct entry_sink *sink, bool *last)
{
	const char **paths;
	struct source *src;
	int rc;

	if ((rc = archive_paths(c, &paths)) != EXIT_OK)
		return rc;
	if ((src = source_archive_new(paths, o->dirs != 0)) == NULL)
		cli_fatal(NULL);
	source_archive_last_by_sink(src, last);
	src->read(src, o->archive, sink);
	src->free(src);
	free_paths(paths);
	return EXIT_OK;
}

/* The trees under the PATH operands (/dev by default) in the root. */
static int
read_trees(const struct list_opts *o, const struct verb_call *c,
    const struct entry_sink *sink)
{
	static const char *const default_paths[] = { "/dev", NULL };
	const char *const *paths = c->nargs > 0 ? c->args : default_paths;
	struct source *tree;
	struct root *r;

	if ((r = options_root(o->root_dir)) == NULL)
		return EXIT_FAILED;
	if ((tree = source_tree_new(r, o->dirs != 0, o->one_fs != 0)) == NULL)
		cli_fatal(NULL);
	for (; *paths != NULL; paths++)
		tree->read(tree, *paths, sink);
	tree->free(tree);
	root_close(r);
	return EXIT_OK;
}

/* --table with --check: the tables' entries, ranges node by node. */
static int
read_table(const struct list_opts *o, const struct verb_call *c,
    struct listing *ls)
{
	struct listing raw = { 0 };
	const struct entry_sink sink = { keep, list_problem, &raw };
	struct source *src = source_table_new(&nss_resolver, NULL);
	struct tmpfiles_run run;
	char path[PATH_MAX];
	struct entry one;
	struct dt_diag d;

	if (src == NULL)
		cli_fatal(NULL);
	tmpfiles_run_begin(&run, &o->tmpfiles, NULL, src);
	for (int i = 0; i < c->nargs; i++)
		src->read(src, c->args[i], &sink);
	source_end(src, &sink);
	tmpfiles_run_said(src);
	src->free(src);
	ls->failed = raw.failed;
	for (size_t i = 0; i < raw.p.n; i++) {
		struct entry e;

		entry_pack_get(&raw.p, i, &e);
		for (size_t k = 0; k < entry_expand_count(&e); k++)
			if (entry_expand(&e, k, &one, path, &d) == 0)
				keep(ls, &one);
	}
	entry_pack_free(&raw.p);
	return EXIT_OK;
}

/* --table and the options that go only with it. */
static int
table_options(const char *name, struct list_opts *lo)
{
	struct list_table_opts *o = &lo->topts;
	int rc;

	if (!lo->table)
		return lo->input == NULL && lo->users_from == NULL &&
		    !lo->lossy && lo->merge == NULL &&
		    lo->tmpfiles.prefix == NULL &&
		    lo->tmpfiles.exclude == NULL && !lo->tmpfiles.boot &&
		    !lo->tmpfiles.strict ? EXIT_OK : cli_usage(name, "-i, "
		    "--users-from, --lossy, --merge, --prefix, "
		    "--exclude-prefix, --boot and --strict go with --table");
	if (tmpfiles_opts_check(name, &lo->tmpfiles) != EXIT_OK)
		return EXIT_USAGE;
	o->tmpfiles = &lo->tmpfiles;
	if (lo->archive != NULL || lo->root_dir != NULL || lo->dirs)
		return cli_usage(name, "--table reads tables: it takes no "
		    "--archive, --root or --dirs");
	if (lo->check != NULL && (lo->input != NULL ||
	    lo->users_from != NULL || lo->lossy || lo->merge != NULL))
		return cli_usage(name, "--check checks the tables' entries: "
		    "it takes no -i, --users-from, --lossy or --merge");
	if ((lo->input != NULL && (rc = allow_input(name, lo->input,
	    &o->input)) != EXIT_OK) || (rc = cli_option_path(name,
	    "--users-from", lo->users_from, CLI_NAMES_DIR)) != EXIT_OK)
		return rc;
	o->users_from = lo->users_from;
	o->lossy = lo->lossy != 0;
	return options_merge(name, lo->merge, &o->merge);
}

/*
 * Every option and the operands, before anything is read (a usage
 * error, exit 2).
 */
int
check_list(const struct verb_call *c)
{
	struct list_opts *o = c->opts;
	const char *name = c->name;
	int rc, sources = (o->root_dir != NULL) + (o->archive != NULL) +
	    o->table + o->from_kernel;

	/* a question, from here on (EXIT STATUS) */
	if (o->check != NULL)
		cli_answering();
	o->kernel = o->check != NULL && strcmp(o->check, "kernel") == 0;
	if (o->json && o->output != NULL && strcmp(o->output, "json") != 0) {
		char q[DT_QUOTE_SIZE];

		return cli_usage(name, "--json and -o %s exclude each "
		    "other", cli_quote(q, o->output));
	}
	if ((rc = options_output(name, o->json ? "json" : o->output,
	    &o->out_dialect)) != EXIT_OK || (o->check != NULL && !o->kernel &&
	    (rc = cli_check_layout(o->check, &o->check_layout)) != EXIT_OK))
		return rc;
	if (o->check != NULL && rules_dialect(o->out_dialect))
		return cli_usage(name, "--check prints each node with its "
		    "reason, which %s rules cannot hold",
		    o->out_dialect->name);
	if ((rc = allow_widen(name, o->widen, o->out_dialect)) != EXIT_OK)
		return rc;
	o->topts.widen = o->widen != 0;
	if (o->one_fs && (o->archive != NULL || o->table))
		return cli_usage(name, "-x keeps a tree walk to one file "
		    "system: it takes no --archive or --table");
	if ((rc = table_options(name, o)) != EXIT_OK ||
	    (rc = cli_option_path(name, "--root", o->root_dir,
	    CLI_NAMES_DIR)) != EXIT_OK ||
	    (rc = cli_option_path(name, "--archive", o->archive,
	    CLI_NAMES_FILE)) != EXIT_OK)
		return rc;
	if (sources > 1)
		return cli_usage(name, "--root, --archive, --table and "
		    "--kernel: one source");
	if (o->table && c->nargs == 0)
		return cli_usage(name, "--table needs a FILE (- for "
		    "standard input)");
	if (o->from_kernel && c->nargs > 0)
		return cli_usage(name, "--kernel lists every node devtmpfs "
		    "makes: it takes no PATH");
	return kernel_check(name, o->sysfs_dir, o->from_kernel);
}

/* The listing; *found: --check found something. */
static int
list_run(const struct list_opts *o, const struct verb_call *c, bool *found)
{
	struct listing ls = { 0 };
	const struct entry_sink sink = { keep, list_problem, &ls };
	struct audit *audit = NULL;
	int rc;

	if (o->table && o->check == NULL) {
		size_t unheld;	/* said once, as by print_all */

		rc = list_tables(c->args, o->out_dialect, &o->topts, &unheld);
		list_warn_unheld(unheld, o->out_dialect);
		return rc;
	}
	if (o->kernel) {
		if ((audit = calloc(1, sizeof(*audit))) == NULL)
			cli_fatal(NULL);
		if (cli_drivers(audit_driver, audit) != 0) {
			free(audit);
			return EXIT_FAILED;
		}
	}
	if (o->from_kernel)
		kernel_read(o->sysfs_dir, &sink);
	else if ((rc = o->archive != NULL ? read_archive(o, c, &sink, &ls.last) :
	    o->table ? read_table(o, c, &ls) :
	    read_trees(o, c, &sink)) != EXIT_OK) {
		free(audit);
		return rc;
	}
	/* an audit of a tree not read whole gives no answer */
	if (o->kernel && ls.failed)
		rc = EXIT_FAILED;
	else
		rc = print_all(&ls, o->out_dialect, o->check != NULL &&
		    !o->kernel ? &o->check_layout : NULL, audit,
		    o->topts.widen, found);
	entry_pack_free(&ls.p);
	free(audit);
	return rc;
}

int
cmd_list(const struct verb_call *c)
{
	const struct list_opts *o = c->opts;
	bool found = false;
	int rc = list_run(o, c, &found);

	return o->check != NULL ? cli_answer(rc, found) : rc;
}
