/*
 * walk.c - the tree walk of list.  See walk.h.
 */
#include <sys/stat.h>

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "node.h"
#include "path.h"
#include "walk.h"

/* A path not listed: errno (or why) says why. */
static void
problem(const struct walk_ops *w, const char *path, const char *why)
{
	w->problem(w->ctx, path, errno, why);
}

static bool
wanted(const struct walk_ops *w, mode_t mode)
{
	return w->all || S_ISCHR(mode) || S_ISBLK(mode) || S_ISFIFO(mode) ||
	    S_ISSOCK(mode) || S_ISLNK(mode) || (w->dirs && S_ISDIR(mode));
}

/*
 * Hands over what was found at name in dirfd (path): to found_at if set,
 * else to found, a link with what it says, read without following it.  A link that is gone or no longer a
 * link (EINVAL) when read was replaced meanwhile: not listed, as a name
 * gone before its stat.
 */
static void
found(const struct walk_ops *w, int dirfd, const char *name,
    const char *path, const struct stat *st)
{
	char target[PATH_MAX];
	ssize_t n;

	if (w->found_at != NULL) {
		w->found_at(w->ctx, dirfd, name, path, st);
		return;
	}
	if (!S_ISLNK(st->st_mode)) {
		w->found(w->ctx, path, st, NULL);
		return;
	}
	if ((n = readlinkat(dirfd, name, target, sizeof(target))) < 0) {
		if (errno != ENOENT && errno != EINVAL)
			problem(w, path, NULL);
		return;
	}
	if ((size_t)n == sizeof(target)) {
		errno = ENAMETOOLONG;
		problem(w, path, "a symbolic link whose target is longer than "
		    "PATH_MAX - 1 (4095 bytes)");
		return;
	}
	target[n] = '\0';
	w->found(w->ctx, path, st, target);
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

/*
 * d_type spares a stat(2) for what list never prints nor enters.  Under
 * a faker (faker) a node is a regular file to the kernel, which readdir
 * reports: only its stat(2) says what it is.
 */
static bool
maybe_wanted(const struct walk_ops *w, unsigned char d_type, bool faker)
{
	return w->all || faker || d_type != DT_REG;
}

/*
 * walk_entry and walk_dir recurse, one level per directory: depth is
 * bounded by PATH_MAX, and a tree deeper than the open-file limit ends in
 * an error naming the path (exit 1), not a crash.
 */
static void walk_dir(const struct walk_ops *, bool, int, char *, size_t);

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
walk_entry(const struct walk_ops *w, bool faker, int dirfd, char *path,
    size_t len, const char *name)
{
	size_t n = strlen(name);
	struct stat st;
	int fd;

	if (len + 1 + n >= PATH_MAX) {
		problem(w, path, too_deep);
		return;
	}
	path[len] = '/';
	memcpy(path + len + 1, name, n + 1);
	if (fstatat(dirfd, name, &st, AT_SYMLINK_NOFOLLOW) != 0) {
		if (errno != ENOENT)	/* gone meanwhile: nothing to list */
			problem(w, path, NULL);
	} else if (temporary(name, &st) || (w->xdev && st.st_dev != w->dev))
		;
	else {
		if (wanted(w, st.st_mode))
			found(w, dirfd, name, path, &st);
		if (S_ISDIR(st.st_mode)) {
			fd = openat(dirfd, name, O_RDONLY | O_DIRECTORY |
			    O_NOFOLLOW | O_CLOEXEC);
			if (fd < 0)
				problem(w, path, NULL);
			else
				walk_dir(w, faker, fd, path, len + 1 + n);
		}
	}
	path[len] = '\0';
}

/*
 * Walks the directory open at fd (and closes it); path names it.  faker:
 * under fakeroot or pseudo (maybe_wanted).
 */
static void
/* NOLINTNEXTLINE(misc-no-recursion): bounded, see above */
walk_dir(const struct walk_ops *w, bool faker, int fd, char *path,
    size_t len)
{
	struct dirent *de;
	DIR *dir = fdopendir(fd);

	if (dir == NULL) {
		problem(w, path, NULL);
		close(fd);
		return;
	}
	/* The root "/" is an empty prefix: children print as "/name". */
	if (len == 1 && path[0] == '/')
		len = 0;
	while ((errno = 0, de = readdir(dir)) != NULL) {
		if (strcmp(de->d_name, ".") == 0 ||
		    strcmp(de->d_name, "..") == 0 ||
		    !maybe_wanted(w, de->d_type, faker))
			continue;
		walk_entry(w, faker, dirfd(dir), path, len, de->d_name);
	}
	if (errno != 0)
		problem(w, len ? path : "/", NULL);
	closedir(dir);
}

/*
 * Makes PATH absolute and normal for printing (path.h): as seen from the
 * root, or from / after the working directory when there is no --root.
 */
static int
normalize(const char *arg, bool confined, char *out)
{
	char buf[PATH_MAX];
	struct dt_diag d;
	size_t n = 0;

	if (arg[0] != '/' && !confined) {
		if (getcwd(buf, sizeof(buf)) == NULL)
			return -1;
		n = strlen(buf);
	}
	if ((size_t)snprintf(buf + n, sizeof(buf) - n, "/%s", arg) >=
	    sizeof(buf) - n ||
	    path_normal(buf, strlen(buf), PATH_DOTS_RESOLVE, out, &d) != 0) {
		errno = ENAMETOOLONG;
		return -1;
	}
	return 0;
}

/*
 * Lists one PATH operand: a directory tree, or a single node.  Like the
 * entries below it, the operand itself is not followed if it is a
 * symbolic link (find -P): list names what is there, the link.
 */
void
walk_operand(struct root *r, const char *arg, const struct walk_ops *w)
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
	else if (!S_ISDIR(st.st_mode)) {
		if (!wanted(w, st.st_mode)) {
			why = "not a directory, device node, FIFO, socket or "
			    "symbolic link";
			goto fail;
		}
		found(w, dirfd, slash + 1, path, &st);
		close(dirfd);
		return;
	} else
		fd = openat(dirfd, slash + 1, O_RDONLY | O_DIRECTORY |
		    O_NOFOLLOW | O_CLOEXEC);
	if (fd < 0)
		goto fail;
	if (dirfd >= 0)
		close(dirfd);
	if (w->dirs && fstat(fd, &st) == 0)
		w->found(w->ctx, path, &st, NULL);
	walk_dir(w, root_faker(r), fd, path, strlen(path));
	return;
fail:
	if (why == NULL)	/* an unsafe path transition, if it was one */
		why = root_refusal(r);
	problem(w, path[0] ? path : arg, why);
	if (dirfd >= 0)
		close(dirfd);
}

void
walk_at(const struct walk_ops *w, int dirfd, const char *parent,
    const char *name)
{
	char path[PATH_MAX];
	size_t len = strlen(parent);
	struct stat st;
	int fd;

	if (len >= sizeof(path)) {
		errno = ENAMETOOLONG;
		problem(w, parent, NULL);
		return;
	}
	memcpy(path, parent, len + 1);
	if (strcmp(name, ".") != 0) {
		/* the root "/" is an empty prefix, as in walk_dir */
		walk_entry(w, false, dirfd, path, len == 1 ? 0 : len, name);
		return;
	}
	if (fstat(dirfd, &st) != 0 ||
	    (fd = fcntl(dirfd, F_DUPFD_CLOEXEC, 0)) < 0) {
		problem(w, path, NULL);
		return;
	}
	found(w, dirfd, ".", path, &st);
	walk_dir(w, false, fd, path, len);
}
