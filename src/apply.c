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
#include "lines.h"
#include "node.h"
#include "report.h"
#include "table.h"
#include "text.h"
#include "verbs.h"

#define PROGRESS_MIN 1000	/* show progress for tables this long */

struct plan {
	struct table_item *v;
	size_t n, cap;
	size_t nodes;		/* after ranges are expanded */
	unsigned long errors;
};

static int
plan_add(struct plan *p, const struct table_entry *e, const char *file)
{
	struct table_item *x;

	if (p->n == p->cap) {
		size_t cap = p->cap ? p->cap * 2 : 1024;

		if ((x = reallocarray(p->v, cap, sizeof(*x))) == NULL)
			return -1;
		p->v = x;
		p->cap = cap;
	}
	if (table_item_set(&p->v[p->n], e, file) != 0)
		return -1;
	p->n++;
	p->nodes += table_expand_count(e);
	return 0;
}

/* "FILE:LINE: why"; the file name is the user's: quoted and bounded. */
static void
table_error(struct plan *p, const char *file, unsigned long line,
    const char *msg)
{
	char q[DT_QUOTE_SIZE];

	cli_error("%s:%lu: %s", cli_quote(q, file), line, msg);
	p->errors++;
}

static void
conflict_error(void *ctx, const struct table_item *later, const char *msg)
{
	table_error(ctx, later->file, later->lineno, msg);
}

/* Parses one line into the plan; errors are reported and counted. */
static void
read_line(struct plan *p, const char *file, enum table_dialect *dialect,
    char *line, size_t len, unsigned long lineno)
{
	static struct table_entry e;	/* PATH_MAX inside: not on the stack */
	struct dt_diag d;

	if (*dialect == TABLE_UNKNOWN) {
		if (memchr(line, '\0', len) == NULL && table_blank(line, len))
			return;
		*dialect = table_detect(line, len);
		if (*dialect == TABLE_UNKNOWN) {
			table_error(p, file, lineno, "neither a makedevs line "
			    "(PATH TYPE MODE ...) nor a tmpfiles line (TYPE "
			    "PATH MODE ...)");
			return;
		}
	}
	switch (table_parse_line(*dialect, line, len, lineno,
	    &table_system_resolver, &e, &d)) {
	case 1:
		/* kept after an error too: conflicts are still looked for */
		if (plan_add(p, &e, file) != 0)
			cli_fatal(NULL);
		break;
	case 0:
		break;
	default:
		table_error(p, file, lineno, d.msg);
	}
}

static void
read_table(struct plan *p, struct lines *in, const char *file)
{
	enum table_dialect dialect = TABLE_UNKNOWN;
	unsigned long lineno = 0;
	bool too_long;
	size_t len;
	char *line;
	int rc, fd = strcmp(file, "-") == 0 ? STDIN_FILENO :
	    open(file, O_RDONLY | O_CLOEXEC);

	if (strcmp(file, "-") == 0)
		file = "<stdin>";
	if (fd < 0) {
		cli_path_error(file, NULL);
		p->errors++;
		return;
	}
	lines_init(in, fd, TABLE_LINE_MAX, NULL);
	while ((rc = lines_next(in, &line, &len, &too_long)) > 0) {
		if (too_long)
			table_error(p, file, ++lineno, "line too long");
		else
			read_line(p, file, &dialect, line, len, ++lineno);
	}
	if (rc < 0) {
		cli_path_error(file, NULL);
		p->errors++;
	}
	if (fd != STDIN_FILENO)
		close(fd);
}

struct tally {
	size_t count[NODE_FAILED + 1];
	size_t done, total;
	bool progress;
};

static void
show_progress(struct tally *t)
{
	if (t->progress && (t->done % 1000 == 0 || t->done == t->total))
		fprintf(stderr, "\rdevtool: applying %zu/%zu", t->done,
		    t->total);
}

static void
apply_entry(struct root *r, const struct table_item *x, unsigned flags,
    struct tally *t)
{
	static struct table_entry e, one;
	struct node_result res;
	struct node_want w;
	struct dt_diag d;
	size_t n;

	memset(&e, 0, sizeof(e));
	snprintf(e.path, sizeof(e.path), "%s", x->path);
	e.type = x->type;
	e.mode = x->mode;
	e.major = x->major;
	e.minor = x->minor;
	e.start = x->start;
	e.inc = x->inc;
	e.count = x->count;
	w.type = e.type == 'c' ? S_IFCHR : e.type == 'b' ? S_IFBLK :
	    e.type == 'p' ? S_IFIFO : e.type == 'd' ? S_IFDIR : S_IFREG;
	/* tmpfiles "-": the default for a new entry, an existing one kept */
	w.perm = x->mode_set ? x->mode : NODE_ANY_PERM;
	w.uid = x->uid_set ? x->uid : NODE_ANY_UID;
	w.gid = x->gid_set ? x->gid : NODE_ANY_GID;
	n = table_expand_count(&e);
	for (size_t i = 0; i < n; i++, t->done++, show_progress(t)) {
		if (table_expand(&e, i, &one, &d) != 0) {
			cli_path_error(x->path, d.msg);
			t->count[NODE_FAILED]++;
			continue;
		}
		w.rdev = makedev((unsigned)one.major, (unsigned)one.minor);
		if (node_make(r, one.path, &w, flags | (x->replace ?
		    NODE_REPLACE : 0), &report_events, &res) == NODE_FAILED)
			report_failure(one.path, &res);
		t->count[res.outcome]++;
	}
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
	struct root *r;

	/* A fresh root to fill is the usual case: make it, as mkdir -p. */
	if (root_dir != NULL && !(flags & NODE_DRY_RUN) &&
	    make_root(root_dir) != 0) {
		cli_arg_error("--root", root_dir);
		return EXIT_FAIL;
	}
	if ((r = root_open(root_dir, env_resolve(), env_faker())) != NULL)
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
	t.progress = isatty(STDERR_FILENO) && p->nodes >= PROGRESS_MIN;
	for (size_t i = 0; i < p->n; i++)
		apply_entry(r, &p->v[i], flags, &t);
	root_close(r);
	if (t.progress)
		fprintf(stderr, "\r\033[K");
	if (cli_finish_output() != EXIT_OK)
		return EXIT_FAIL;
	if ((flags & NODE_VERBOSE) || isatty(STDERR_FILENO))
		fprintf(stderr, "devtool: %s%zu created, %zu replaced, %zu "
		    "corrected, %zu unchanged, %zu failed\n",
		    flags & NODE_DRY_RUN ? "dry run, nothing done: would be " :
		    "",
		    t.count[NODE_CREATED], t.count[NODE_REPLACED],
		    t.count[NODE_CORRECTED], t.count[NODE_UNCHANGED],
		    t.count[NODE_FAILED]);
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
	CLI_TABLE_END
};

int
check_apply(const char *name)
{
	if (root_dir != NULL && *root_dir == '\0')
		return cli_usage(name, "--root '' names no directory");
	return EXIT_OK;
}

int
cmd_apply(const struct verb_call *c)
{
	struct plan plan = { 0 };
	struct lines *in;
	int rc;

	if ((in = malloc(sizeof(*in))) == NULL)
		cli_fatal(NULL);
	for (const char **args = c->args; *args != NULL; args++)
		read_table(&plan, in, *args);
	free(in);
	/* a new entry of a tmpfiles "-" owner is ours */
	if (table_conflicts(plan.v, plan.n, geteuid(), getegid(),
	    conflict_error, &plan) < 0)
		cli_fatal(NULL);
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
	for (size_t i = 0; i < plan.n; i++)
		free(plan.v[i].path);
	free(plan.v);
	return rc;
}
