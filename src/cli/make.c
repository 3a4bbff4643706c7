/*
 * make.c - the make verb: MAKEDEV's replacement.  The registry
 * (codec/devreg.h) expands each NAME or GROUP into entries, which go to
 * apply's targets (a directory, --root, --archive) or, with -o, out as a
 * device table.  Every name is checked before anything is made.
 */
#include <sys/stat.h>

#include <fcntl.h>
#include <limits.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli/allow.h"
#include "cli/apply.h"
#include "cli/env.h"
#include "cli/suggest.h"
#include "cli/list.h"
#include "codec/devreg.h"
#include "cli/options.h"
#include "cli/owners.h"
#include "cli/report.h"
#include "dialects/dialect.h"
#include "entry/ids.h"
#include "entry/pack.h"
#include "base/pathindex.h"
#include "sys/nss.h"
#include "sys/node.h"
#include "targets/target.h"
#include "base/buf.h"
#include "base/grow.h"
#include "base/text.h"
#include "cli/verbs.h"

/*
 * The options of make: its table stores into the run's instance, and
 * check_make adds what it made of them.
 */
struct make_opts {
	char *dir, *root_dir, *archive, *archive_format, *output;
	int replace, dry_run, verbose, widen, delete, force, json_array;
	/* made by check_make */
	struct archive_opts archive_opts;
	const struct dialect *out_dialect;
};

/*
 * -o's dialect before check_make reads -o: makedevs, the one
 * options_output names for no -o (options.h).
 */
static const struct make_opts make_defaults = {
	.out_dialect = &makedevs_dialect,
};

#define OPT(field) VERB_OPT(struct make_opts, field)

static const struct verb_option make_table[] = {
	{ "directory", 'C', POPT_ARG_STRING, OPT(dir), 0,
	  "create the nodes in DIR (default: the current directory)",
	  "DIR" },
	{ "root", '\0', POPT_ARG_STRING, OPT(root_dir), 0,
	  "create them in DIR/dev, groups from DIR/etc/group", "DIR" },
	{ "archive", '\0', POPT_ARG_STRING, OPT(archive), 0,
	  "write them as dev/... into the archive FILE (- for stdout)",
	  "FILE" },
	{ "archive-format", '\0', POPT_ARG_STRING, OPT(archive_format), 0,
	  "newc, odc, bin, ustar, pax, gnutar or mtree", "FORMAT" },
	{ "output", 'o', POPT_ARG_STRING, OPT(output), 0,
	  "print them as a device table in FORMAT instead (" DIALECT_NAMES
	  ") or as device rules (cgroup, deviceallow, "
	  "deviceallow-groups, oci-allow)", "FORMAT" },
	CLI_JSON_ARRAY_OPTION_SAYING(struct make_opts, json_array, "with -o "
	    "json: print the table as one JSON array, not JSON Lines"),
	OPTIONS_REPLACE(struct make_opts, replace),
	{ "dry-run", 'n', POPT_ARG_NONE, OPT(dry_run), 0,
	  "print what would be done, touch nothing (as MAKEDEV -n, "
	  "implies -v)", "" },
	OPTIONS_VERBOSE(struct make_opts, verbose),
	{ "delete", 'd', POPT_ARG_NONE, OPT(delete), 0,
	  "remove the device nodes and FIFOs the names make, each only if "
	  "of that type (as MAKEDEV -d)", "" },
	{ "force", '\0', POPT_ARG_NONE, OPT(force), 0,
	  "write into a live /dev (devtmpfs, or /dev under udev) all the "
	  "same", "" },
	{ "widen", '\0', POPT_ARG_NONE, OPT(widen), 0,
	  "with -o deviceallow-groups: a driver's group even where the "
	  "nodes are not all its minors (a warning names what it adds)",
	  "" },
	CLI_TABLE_END
};

const struct verb_options make_options = {
	.table = make_table, .size = sizeof(struct make_opts),
	.defaults = &make_defaults,
};

/*
 * What the names make: as whole entries for -o's writers (table), else
 * as apply's plan holds them, packed (entry/pack.h), which apply_entries
 * takes as it is and -d reads in place: no second copy of each entry.
 */
struct making {
	struct entries v;	/* table */
	struct entry_pack pack;	/* !table */
	bool table;
	const struct id_resolver *owners;
	const char *prefix;	/* "/" or "/dev/" */
	char dirs[32][DEVREG_PATH_MAX];	/* the directories put so far */
	size_t ndirs;
	struct made_group {
		const char *name;
		gid_t gid;
		bool known;	/* false: said unknown already */
	} groups[32];
	size_t ngroups;
	bool rules;		/* -o with a rule dialect: no owners */
	int failed;
};

static int
add_made(struct making *m, const struct entry *e)
{
	if ((m->table ? entries_add(&m->v, e) : entry_pack_add(&m->pack, e)) !=
	    0)
		cli_fatal(NULL);
	return 0;
}

static size_t
made_count(const struct making *m)
{
	return m->table ? m->v.n : m->pack.n;
}

static const char *
made_path_of(const struct making *m, size_t i)
{
	return m->table ? m->v.v[i].path : entry_pack_path(&m->pack, i);
}

/*
 * The group's id, from the target's etc/group or the host's: each name
 * looked up once (a dozen classes, thousands of nodes), and one unknown
 * said once, however many nodes it is the group of (make loop: 8).
 */
static int
group_id(struct making *m, const char *name, gid_t *gid)
{
	uint32_t id;
	bool known;

	for (size_t i = 0; i < m->ngroups; i++)
		if (m->groups[i].name == name ||
		    strcmp(m->groups[i].name, name) == 0) {
			*gid = m->groups[i].gid;
			return m->groups[i].known ? 0 : -1;
		}
	known = ids_lookup(m->owners, name, true, &id) == 0;
	*gid = known ? id : 0;
	if (m->ngroups < sizeof(m->groups) / sizeof(m->groups[0]))
		m->groups[m->ngroups++] = (struct made_group){ name, *gid,
		    known };
	if (known)
		return 0;
	cli_error("unknown group '%s'%s", name,
	    ids_searched(m->owners, true));
	m->failed = 1;
	return -1;
}

/*
 * The registry's path (at most DEVREG_PATH_MAX bytes with its NUL) or
 * its first n bytes, under prefix ("/" or "/dev/"): both bounded, so a
 * sized array and two copies, no formatted print (thousands of names).
 */
#define MADE_PATH_MAX (sizeof("/dev/") + DEVREG_PATH_MAX)

static const char *
made_path(char out[MADE_PATH_MAX], const char *prefix, const char *path,
    size_t n)
{
	size_t p = strlen(prefix);

	memcpy(out, prefix, p);
	memcpy(out + p, path, n);
	out[p + n] = '\0';
	return out;
}

/* Each directory above the node once, 0755 root:root as MAKEDEV. */
static void
put_dirs(struct making *m, const char *path)
{
	char d[MADE_PATH_MAX];
	struct entry e = { .path = d, .type = 'd', .mode = 0755,
	    .mode_set = true, .uid_set = true, .gid_set = true };

	for (const char *s = strchr(path, '/'); s != NULL;
	    s = strchr(s + 1, '/')) {
		size_t n = (size_t)(s - path), i;

		for (i = 0; i < m->ndirs; i++)
			if (strlen(m->dirs[i]) == n &&
			    strncmp(m->dirs[i], path, n) == 0)
				break;
		if (i < m->ndirs || m->ndirs == 32)
			continue;
		memcpy(m->dirs[m->ndirs], path, n);
		m->dirs[m->ndirs++][n] = '\0';
		made_path(d, m->prefix, path, n);
		add_made(m, &e);
	}
}

static int
put_node(void *ctx, const struct devreg_node *n)
{
	struct making *m = ctx;
	char path[MADE_PATH_MAX];
	struct entry e = { .type = n->type, .mode_set = n->type != 'l',
	    .uid_set = true, .gid_set = true };

	put_dirs(m, n->path);
	e.path = made_path(path, m->prefix, n->path, strnlen(n->path,
	    sizeof(n->path) - 1));
	if (n->type == 'l')
		e.target = n->target;
	else {
		e.mode = n->cls->mode;
		e.major = n->major;
		e.minor = n->minor;
		/* MAKEDEV's owner is always root; a rule has no owner */
		if (!m->rules && group_id(m, n->cls->group, &e.gid) != 0)
			return 0;
	}
	return add_made(m, &e);
}

/*
 * A name made twice (i2o/ctl by each i2o disk, sda named twice) is made
 * once: the last, in its place.  The paths go into an index from the
 * last entry back, and one already there drops the entry: a pass, not a
 * sort.
 */
static void
drop_repeats(struct making *m)
{
	struct pathindex seen = { 0 };
	size_t k = 0, n = made_count(m);
	bool *drop;

	if (n < 2)
		return;
	if ((drop = calloc(n, sizeof(*drop))) == NULL)
		cli_fatal(NULL);
	/* put once a name: a path it already holds is not counted again */
	for (size_t i = n; i-- > 0;) {
		size_t held = seen.n;

		if (pathindex_put(&seen, made_path_of(m, i), i) != 0)
			cli_fatal(NULL);
		drop[i] = seen.n == held;
	}
	/* a pack's record moves whole (a rare entry's index with it) */
	for (size_t i = 0; i < n; i++)
		if (drop[i])
			continue;
		else if (m->table)
			m->v.v[k++] = m->v.v[i];
		else
			m->pack.v[k++] = m->pack.v[i];
	if (m->table)
		m->v.n = k;
	else
		m->pack.n = k;
	pathindex_free(&seen);
	free(drop);
}

/*
 * The directories above the nodes are make's own, not named by the user:
 * a dialect that cannot hold them leaves them out without a warning.
 */
static void
drop_unheld_dirs(struct entries *v, const struct dialect *dialect)
{
	size_t k = 0;

	for (size_t i = 0; i < v->n; i++)
		if (v->v[i].type != 'd' || dialect_holds(dialect, &v->v[i]))
			v->v[k++] = v->v[i];
	v->n = k;
}

/* -o: the entries as a table, sorted, as list writes one. */
static int
print_table(const struct make_opts *o, struct entries *v,
    const struct dialect *dialect)
{
	drop_unheld_dirs(v, dialect);
	if (rules_dialect(dialect))
		return allow_print(v, dialect, SIZE_MAX, o->widen != 0);
	/* list's writer: a link is a comment line, counted once */
	return list_print_entries(v, dialect);
}

/* Every operand known, or each unknown one named: nothing is made. */
static int
check_names(const struct verb_call *c)
{
	char q[DT_QUOTE_SIZE], best[SUGGEST_SIZE];
	int unknown = 0;

	for (int i = 0; i < c->nargs; i++) {
		if (devreg_known(c->args[i]))
			continue;
		if (suggest_make_name(c->args[i], best))
			cli_error("unknown device or group '%s'; did you mean "
			    "'%s'?", cli_quote(q, c->args[i]), best);
		else
			cli_error("unknown device or group '%s'",
			    cli_quote(q, c->args[i]));
		unknown++;
	}
	if (unknown == 0)
		return EXIT_OK;
	return cli_usage(c->name, "%d unknown name%s; nothing was made "
	    "(DEVICE REGISTRY in devtool(1) lists the groups)", unknown,
	    unknown == 1 ? "" : "s");
}

/*
 * The directory the nodes go into (DIR/dev under --root), as a path the
 * messages name; into a growable buffer, the user's path being any
 * length.
 */
static void
target_dir(const struct make_opts *o, struct dt_buf *b)
{
	char *cwd;

	if (o->root_dir != NULL) {
		dt_buf_adds(b, o->root_dir);
		dt_buf_adds(b, strcmp(o->root_dir, "/") == 0 ? "dev" :
		    "/dev");
	} else if (o->dir != NULL)
		dt_buf_adds(b, o->dir);
	else if ((cwd = getcwd(NULL, 0)) != NULL) {	/* not "." */
		dt_buf_adds(b, cwd);
		free(cwd);
	} else
		dt_buf_adds(b, ".");
	if (dt_buf_failed(b))
		cli_fatal(NULL);
}

/*
 * A live /dev is the kernel's and udev's: MAKEDEV stops there (when
 * /run/udev, .udevdb or .udev is a directory), and so does make, but
 * for --force; a dry run, which writes nothing, says that the real one
 * would stop (devtool(1), make).  A directory that cannot be opened is
 * left for the run to name.
 */
static int
refuse_live_dev(const struct make_opts *o)
{
	struct dt_buf path = DT_BUF_INIT, why = DT_BUF_INIT;
	char *where, q[DT_QUOTE_SIZE], w[DT_QUOTE_SIZE];
	enum node_live live = NODE_LIVE_NO;
	int fd, rc = EXIT_OK;

	if (o->force || o->archive != NULL || o->output != NULL)
		return EXIT_OK;
	/* allocated, not a PATH_MAX frame for the stack probe to walk */
	if ((where = malloc(PATH_MAX)) == NULL)
		cli_fatal(NULL);
	target_dir(o, &path);
	if ((fd = open(dt_buf_str(&path), O_RDONLY | O_DIRECTORY |
	    O_CLOEXEC)) >= 0) {
		live = node_live_dev(fd, where, PATH_MAX);
		(void)close(fd);
	}
	if (live != NODE_LIVE_NO) {
		dt_buf_addf(&why, live == NODE_LIVE_DEVTMPFS ? "on a devtmpfs "
		    "(mounted on %s)" : "/dev while %s exists (udev runs, as "
		    "MAKEDEV tests)", cli_quote(w, where));
		if (dt_buf_failed(&why))
			cli_fatal(NULL);
		if (o->dry_run)
			cli_warn("%s: %s, a live /dev: without -n, make would "
			    "stop here; --force writes there all the same",
			    cli_quote(q, dt_buf_str(&path)), dt_buf_str(&why));
		else {
			cli_error("%s: %s, a live /dev whose nodes the kernel "
			    "and udev make: nothing was %s; --force writes "
			    "there all the same", cli_quote(q,
			    dt_buf_str(&path)), dt_buf_str(&why), o->delete ?
			    "removed" : "made");
			rc = EXIT_FAILED;
		}
	}
	dt_buf_free(&why);
	dt_buf_free(&path);
	free(where);
	return rc;
}

/*
 * -d: each device node and FIFO the names make, removed through apply
 * --remove's own removal (node_remove_type: only a node of that very
 * type, never a link, directory or file); the links and directories a
 * name makes stay, as they may hold more.  A summary as apply's.
 */
static int
delete_entries(const struct make_opts *o, const struct entry_pack *v,
    bool relative)
{
	struct report rep;
	unsigned flags = (o->dry_run ? NODE_DRY_RUN : 0) |
	    (o->verbose || o->dry_run ? NODE_VERBOSE : 0);
	size_t count[NODE_REMOVED + 1] = { 0 };
	struct node_result res;
	struct root *r;
	const char *top = o->root_dir != NULL ? o->root_dir :
	    o->dir != NULL ? o->dir : ".";

	if ((r = options_tree(o->root_dir != NULL ? "--root" : "-C", top)) ==
	    NULL)
		return EXIT_FAILED;
	report_init(&rep, relative);
	if (node_begin(r, env_runtime_dir()) != 0)
		cli_fatal(NULL);
	for (size_t i = 0; i < v->n; i++) {
		const char *path = entry_pack_path(v, i);
		char t = entry_pack_type(v, i);
		mode_t type = t == 'c' ? S_IFCHR : t == 'b' ? S_IFBLK :
		    S_IFIFO;

		if (t != 'c' && t != 'b' && t != 'p')
			continue;
		if (node_remove_type(r, path, type, flags, &rep.events,
		    &res) == NODE_FAILED)
			report_failure(&rep, path, &res);
		count[res.outcome]++;
	}
	node_end(r, flags, &rep.events);
	root_close(r);
	if (cli_finish_output() != EXIT_OK)
		return EXIT_FAILED;
	report_hints(&rep);
	if ((flags & NODE_VERBOSE) || isatty(STDERR_FILENO))
		fprintf(stderr, "devtool: %s%zu removed, %zu absent, %zu "
		    "failed\n", o->dry_run ?
		    "dry run, nothing done: would be " : "",
		    count[NODE_REMOVED], count[NODE_UNCHANGED],
		    count[NODE_FAILED]);
	return count[NODE_FAILED] > 0 ? EXIT_FAILED : EXIT_OK;
}

/* The spellings of one kind, for sorting. */
struct spellings {
	char **v;
	size_t n, cap;
};

static void
keep_spelling(void *ctx, const char *spelling)
{
	struct spellings *s = ctx;
	char **grown = dt_room_for_one(s->v, s->n, &s->cap, sizeof(*grown),
	    256);

	if (grown == NULL)
		cli_fatal(NULL);
	s->v = grown;
	if ((s->v[s->n++] = strdup(spelling)) == NULL)
		cli_fatal(NULL);
}

static int
by_text(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* A heading, then the words in order, wrapped at 80 columns. */
static void
print_wrapped(FILE *out, const char *heading, struct spellings *s)
{
	size_t col = 0;

	fprintf(out, "\n%s\n", heading);
	qsort(s->v, s->n, sizeof(*s->v), by_text);
	for (size_t i = 0; i < s->n; i++) {
		size_t len = strlen(s->v[i]);

		if (col > 0 && col + 1 + len > 79) {
			fputc('\n', out);
			col = 0;
		}
		col += (size_t)fprintf(out, "%s%s", col == 0 ? "  " : " ",
		    s->v[i]);
		free(s->v[i]);
	}
	if (col > 0)
		fputc('\n', out);
	free(s->v);
	*s = (struct spellings){ 0 };
}

/*
 * make --help ends with every name it takes, from the registry (not a
 * list of its own): the groups, then the device names, each range in
 * braces (devtool(1), make and DEVICE REGISTRY).
 */
void
make_help_names(FILE *out)
{
	struct spellings s = { 0 };

	devreg_spellings(true, keep_spelling, &s);
	print_wrapped(out, "Groups (MAKEDEV's, and its aliases):", &s);
	devreg_spellings(false, keep_spelling, &s);
	print_wrapped(out, "Names (a range in braces; a disk's partitions "
	    "too, as sda1 or rd/c0d0p1):", &s);
}

/*
 * Every option, then every name (a usage error, exit 2), before anything
 * is made.
 */
int
check_make(const struct verb_call *c)
{
	struct make_opts *o = c->opts;
	const char *name = c->name;
	int targets = (o->dir != NULL) + (o->root_dir != NULL) +
	    (o->archive != NULL) + (o->output != NULL), rc;

	if (targets > 1)
		return cli_usage(name, "-C, --root, --archive and -o: one "
		    "target");
	if ((rc = cli_option_path(name, "-C", o->dir, CLI_NAMES_DIR)) !=
	    EXIT_OK || (rc = cli_option_path(name, "--root", o->root_dir,
	    CLI_NAMES_DIR)) != EXIT_OK)
		return rc;
	if ((o->archive != NULL || o->output != NULL) && (o->replace ||
	    o->dry_run || o->delete || o->force))
		return cli_usage(name, "%s writes entries out: it takes no "
		    "-r, -n, -d or --force", o->archive != NULL ? "--archive" :
		    "-o");
	if (o->delete && o->replace)
		return cli_usage(name, "-d removes: it takes no -r");
	if (o->output != NULL && (rc = options_output(name, o->output,
	    &o->out_dialect)) != EXIT_OK)
		return rc;
	if ((rc = allow_widen(name, o->widen, o->output != NULL ?
	    o->out_dialect : NULL)) != EXIT_OK)
		return rc;
	if ((o->archive != NULL || o->archive_format != NULL) &&
	    (rc = apply_check_archive(name, o->archive, o->archive_format,
	    false, &o->archive_opts)) != EXIT_OK)
		return rc;
	return check_names(c);
}

int
cmd_make(const struct verb_call *c)
{
	const struct make_opts *o = c->opts;
	struct making *m;
	bool relative;
	int rc;

	if ((rc = refuse_live_dev(o)) != EXIT_OK)
		return rc;
	if ((m = calloc(1, sizeof(*m))) == NULL)
		cli_fatal(NULL);
	m->prefix = o->dir != NULL || (o->root_dir == NULL &&
	    o->archive == NULL && o->output == NULL) ? "/" : "/dev/";
	/* into a directory, its names as MAKEDEV says them: "ttyS0" */
	relative = m->prefix[1] == '\0';
	m->table = o->output != NULL;
	/* -d removes whatever the owner: no group looked up either */
	m->rules = (o->output != NULL && rules_dialect(o->out_dialect)) ||
	    o->delete;
	if ((m->owners = o->output != NULL || o->archive != NULL ?
	    &nss_resolver : owners_open(o->root_dir, NULL)) == NULL) {
		free(m);
		return EXIT_FAILED;
	}
	for (int i = 0; i < c->nargs; i++)
		devreg_make(c->args[i], put_node, m);
	owners_close(m->owners);
	if (m->failed)
		rc = EXIT_FAILED;	/* a group the database lacks */
	else {
		drop_repeats(m);
		if (o->output != NULL)
			rc = print_table(o, &m->v, o->out_dialect);
		else if (o->delete)
			rc = delete_entries(o, &m->pack, relative);
		else
			rc = apply_entries(&m->pack, o->root_dir != NULL ?
			    o->root_dir : o->dir != NULL ? o->dir : ".",
			    o->archive != NULL ? &o->archive_opts : NULL,
			    NODE_KEEP_SAME | NODE_PARENTS |
			    (o->replace ? NODE_REPLACE : 0) |
			    (o->dry_run ? NODE_DRY_RUN : 0) |
			    (o->verbose || o->dry_run ? NODE_VERBOSE : 0),
			    relative);
	}
	entries_free(&m->v);
	entry_pack_free(&m->pack);
	free(m);
	return rc;
}
