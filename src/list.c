/*
 * list.c - the list verb: walks /dev trees without following symlinks
 * and prints their device nodes and FIFOs (and directories with --dirs)
 * as a device table, sorted, with paths as seen from the root.
 */
#include <sys/stat.h>
#include <sys/sysmacros.h>

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "env.h"
#include "node.h"
#include "root.h"
#include "table.h"
#include "text.h"
#include "verbs.h"

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

static bool
wanted(const struct listing *ls, mode_t mode)
{
	return S_ISCHR(mode) || S_ISBLK(mode) || S_ISFIFO(mode) ||
	    (ls->dirs && S_ISDIR(mode));
}

/*
 * devtool's own temporaries (a private directory .devtool.PID.N, and an
 * older version's mode-0 node under that name), a run's or a killed
 * one's, are never listed nor entered: they are not part of the tree.
 */
static bool
temporary(const char *name, const struct stat *st)
{
	if (!node_temp_name(name, NULL))
		return false;
	if (S_ISDIR(st->st_mode))
		return (st->st_mode & 077) == 0;
	return (S_ISCHR(st->st_mode) || S_ISBLK(st->st_mode) ||
	    S_ISFIFO(st->st_mode)) && (st->st_mode & 07777) == 0;
}

/* d_type spares a stat(2) for what list never prints nor enters. */
static bool
maybe_wanted(unsigned char d_type)
{
	return d_type != DT_REG && d_type != DT_LNK && d_type != DT_SOCK;
}

/*
 * walk_entry and walk_dir recurse, one level per directory: depth is
 * bounded by PATH_MAX, and a tree deeper than the open-file limit ends in
 * an error naming the path (exit 1), not a crash.
 */
static void walk_dir(struct listing *, int, char *, size_t);

/* Paths are printed whole, as seen from the root: at most PATH_MAX - 1. */
#define LIMIT "PATH_MAX (4095 bytes)"
_Static_assert(PATH_MAX == 4096, "LIMIT names PATH_MAX - 1");
static const char too_deep[] = "too deep: a path below it would be "
    "longer than " LIMIT;
static const char too_deep_wd[] = "too deep: the working directory's "
    "path is longer than " LIMIT;
static const char too_long[] = "too long: longer than " LIMIT " from /";

static void
/* NOLINTNEXTLINE(misc-no-recursion): bounded, see above */
walk_entry(struct listing *ls, int dirfd, char *path, size_t len,
    const char *name)
{
	size_t n = strlen(name);
	struct stat st;
	int fd;

	if (len + 1 + n >= PATH_MAX) {
		cli_path_error(path, too_deep);
		ls->failed = 1;
		return;
	}
	path[len] = '/';
	memcpy(path + len + 1, name, n + 1);
	if (fstatat(dirfd, name, &st, AT_SYMLINK_NOFOLLOW) != 0) {
		if (errno != ENOENT) {	/* gone meanwhile: nothing to list */
			cli_path_error(path, NULL);
			ls->failed = 1;
		}
	} else if (temporary(name, &st))
		;
	else if (wanted(ls, st.st_mode) && keep(ls, path, &st) != 0)
		cli_fatal(NULL);
	else if (S_ISDIR(st.st_mode)) {
		fd = openat(dirfd, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW |
		    O_CLOEXEC);
		if (fd < 0) {
			cli_path_error(path, NULL);
			ls->failed = 1;
		} else
			walk_dir(ls, fd, path, len + 1 + n);
	}
	path[len] = '\0';
}

/* Walks the directory open at fd (and closes it); path names it. */
static void
/* NOLINTNEXTLINE(misc-no-recursion): bounded, see above */
walk_dir(struct listing *ls, int fd, char *path, size_t len)
{
	struct dirent *de;
	DIR *dir = fdopendir(fd);

	if (dir == NULL) {
		cli_path_error(path, NULL);
		close(fd);
		ls->failed = 1;
		return;
	}
	/* The root "/" is an empty prefix: children print as "/name". */
	if (len == 1 && path[0] == '/')
		len = 0;
	while ((errno = 0, de = readdir(dir)) != NULL) {
		if (strcmp(de->d_name, ".") == 0 ||
		    strcmp(de->d_name, "..") == 0 || !maybe_wanted(de->d_type))
			continue;
		walk_entry(ls, dirfd(dir), path, len, de->d_name);
	}
	if (errno != 0) {
		cli_path_error(len ? path : "/", NULL);
		ls->failed = 1;
	}
	closedir(dir);
}

/*
 * Makes PATH absolute and normal for printing: as seen from the root,
 * or from / after the working directory when there is no --root.
 */
static int
normalize(const char *arg, bool confined, char *out)
{
	char buf[PATH_MAX];
	size_t n = 0;
	const char *s;

	if (arg[0] != '/' && !confined) {
		if (getcwd(buf, sizeof(buf)) == NULL)
			return -1;
		n = strlen(buf);
		if (snprintf(buf + n, sizeof(buf) - n, "/%s", arg) >=
		    (int)(sizeof(buf) - n)) {
			errno = ENAMETOOLONG;
			return -1;
		}
		n = 0;
	} else if (snprintf(buf, sizeof(buf), "/%s", arg) >=
	    (int)sizeof(buf)) {
		errno = ENAMETOOLONG;
		return -1;
	}
	for (s = buf; *s != '\0';) {
		size_t c;

		s += strspn(s, "/");
		c = strcspn(s, "/");
		if (c == 0 || (c == 1 && s[0] == '.'))
			;
		else if (c == 2 && s[0] == '.' && s[1] == '.') {
			while (n > 0 && out[--n] != '/')
				;
		} else {
			out[n++] = '/';
			memcpy(out + n, s, c);
			n += c;
		}
		s += c;
	}
	if (n == 0)
		out[n++] = '/';
	out[n] = '\0';
	return 0;
}

/*
 * Lists one PATH operand: a directory tree, or a single node.  Like the
 * entries below it, the operand itself is not followed if it is a
 * symbolic link (find -P): list names what is there.
 */
static void
list_operand(struct listing *ls, struct root *r, const char *arg)
{
	char path[PATH_MAX] = "", parent[PATH_MAX];
	const char *why = NULL, *slash;
	struct stat st;
	int dirfd = -1, fd;

	if (normalize(arg, root_confined(r), path) != 0) {
		/* getcwd says ERANGE when the working directory is deeper */
		if (errno == ERANGE || errno == ENAMETOOLONG)
			why = errno == ERANGE ? too_deep_wd : too_long;
		goto fail;
	}
	slash = strrchr(path, '/');
	snprintf(parent, sizeof(parent), "%.*s",
	    (int)(slash == path ? 1 : slash - path), path);
	if (strcmp(path, "/") == 0)
		fd = root_opendir(r, path);
	else if ((dirfd = root_opendir(r, parent)) < 0 ||
	    fstatat(dirfd, slash + 1, &st, AT_SYMLINK_NOFOLLOW) != 0)
		goto fail;
	else if (S_ISLNK(st.st_mode)) {
		why = "a symbolic link, which list does not follow (name its "
		    "target)";
		goto fail;
	} else if (!S_ISDIR(st.st_mode)) {
		if (!wanted(ls, st.st_mode)) {
			why = "not a directory, device node or FIFO";
			goto fail;
		}
		if (keep(ls, path, &st) != 0)
			cli_fatal(NULL);
		close(dirfd);
		return;
	} else
		fd = openat(dirfd, slash + 1, O_RDONLY | O_DIRECTORY |
		    O_NOFOLLOW | O_CLOEXEC);
	if (fd < 0)
		goto fail;
	if (dirfd >= 0)
		close(dirfd);
	if (ls->dirs && fstat(fd, &st) == 0 && keep(ls, path, &st))
		cli_fatal(NULL);
	walk_dir(ls, fd, path, strlen(path));
	return;
fail:
	cli_path_error(path[0] ? path : arg, why);
	if (dirfd >= 0)
		close(dirfd);
	ls->failed = 1;
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
	  "print only the nodes LAYOUT cannot hold or makes ambiguous",
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
	struct root r;
	int rc;

	if ((rc = parse_output(output, &dialect)) != EXIT_OK ||
	    (check != NULL && (rc = cli_layout(check, 0, &layout)) != EXIT_OK))
		return rc;
	if (root_dir != NULL && *root_dir == '\0')
		return cli_usage(c->name, "--root '' names no directory");
	if (root_init(&r, root_dir, env_resolve()) != 0) {
		cli_arg_error("--root", root_dir);
		return EXIT_FAIL;
	}
	if (c->nargs > 0)
		paths = c->args;
	for (; *paths != NULL; paths++)
		list_operand(&ls, &r, *paths);
	root_fini(&r);
	rc = print_all(&ls, dialect, check ? &layout : NULL);
	for (size_t i = 0; i < ls.n; i++)
		free(ls.v[i].path);
	free(ls.v);
	return rc;
}
