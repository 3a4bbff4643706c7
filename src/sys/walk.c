/*
 * walk.c - the tree walk of list and of makedevs r.  See walk.h.
 */
#include <sys/stat.h>
#include <sys/sysmacros.h>

#include <assert.h>
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "base/path.h"
#include "sys/temp.h"
#include "sys/walk.h"

/* A path not listed: errno (or why) says why. */
static void
problem(const struct walk_ops *w, const char *path, const char *why)
{
	w->problem(w->ctx, path, errno, why);
}

static bool
type_wanted(const struct walk_ops *w, mode_t mode)
{
	return w->all || S_ISCHR(mode) || S_ISBLK(mode) || S_ISFIFO(mode) ||
	    S_ISSOCK(mode) || S_ISLNK(mode) || (w->dirs && S_ISDIR(mode));
}

/*
 * Hands over what was found at name in dirfd (path): to found_at if set,
 * else to found, a link with what it says, read without following it.
 * A link that is gone or is not a link (EINVAL) when read was replaced
 * after its stat: not listed, as a name gone before its stat.
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
 * name_to_handle_at's mount id, for a kernel without statx's (before
 * 5.8), through a descriptor of the name checked to be st: an empty
 * handle is enough, as EOVERFLOW still gives the mount id.
 */
static int
handle_mount_id(int dirfd, const char *name, const struct stat *st,
    uint64_t *id)
{
	struct file_handle fh = { .handle_bytes = 0 };
	struct stat now;
	int fd, mnt, rc = -1, saved;

	if ((fd = openat(dirfd, name, O_PATH | O_NOFOLLOW | O_CLOEXEC)) < 0)
		return -1;
	if (fstat(fd, &now) != 0)
		goto out;
	if (now.st_dev != st->st_dev || now.st_ino != st->st_ino)
		errno = ESTALE;
	else if (name_to_handle_at(fd, "", &fh, &mnt, AT_EMPTY_PATH) == 0 ||
	    errno == EOVERFLOW) {
		*id = (unsigned)mnt;
		rc = 0;
	}
out:
	saved = errno;
	close(fd);
	errno = saved;
	return rc;
}

/*
 * The id of the mount that name in dirfd ("." for dirfd itself) is on,
 * checked to be what st describes (ESTALE if not).  The name is not
 * followed, but a mount on it is entered, as by every lookup: a mount
 * point gives the id of what is mounted there, a bind mount of the same
 * file system included, whose st_dev is the same.
 */
static int
mount_id(int dirfd, const char *name, const struct stat *st, uint64_t *id)
{
	struct statx sx;

	if (statx(dirfd, name, AT_SYMLINK_NOFOLLOW | AT_NO_AUTOMOUNT,
	    STATX_INO | STATX_MNT_ID, &sx) != 0) {
		if (errno != ENOSYS)
			return -1;
	} else if (sx.stx_mask & STATX_MNT_ID) {
		if (makedev(sx.stx_dev_major, sx.stx_dev_minor) !=
		    st->st_dev || sx.stx_ino != st->st_ino) {
			errno = ESTALE;
			return -1;
		}
		*id = sx.stx_mnt_id;
		return 0;
	}
	return handle_mount_id(dirfd, name, st, id);
}

/* Where what the walk found is, with xdev: the operand's mount or not. */
enum place {
	HERE,		/* on the operand's mount (or no xdev) */
	MOUNTED,	/* a mount point: another file system or mount */
	UNKNOWN,	/* reported, and left out */
};

/*
 * With xdev, whether what was found at name (path) is on another file
 * system or mount than the operand: a mount point, never entered, found
 * only with mounts.  One whose mount cannot be told is reported, and
 * left out.
 */
static enum place
elsewhere(const struct walk_ops *w, int dirfd, const char *name,
    const char *path, const struct stat *st)
{
	char why[128];
	uint64_t id;

	if (!w->xdev)
		return HERE;
	if (st->st_dev != w->dev)
		return MOUNTED;
	if (mount_id(dirfd, name, st, &id) == 0)
		return id != w->mnt ? MOUNTED : HERE;
	if (errno == ESTALE)
		problem(w, path, "changed while being walked; left alone");
	else if (errno != ENOENT) {	/* gone meanwhile: nothing to do */
		snprintf(why, sizeof(why), "cannot tell whether it is a "
		    "mount point (%s); left alone", strerror(errno));
		problem(w, path, why);
	}
	return UNKNOWN;
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
 * an error naming the path, not a crash.
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
	enum place at = HERE;
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
	} else if ((at = elsewhere(w, dirfd, name, path, &st)) == UNKNOWN ||
	    (at == MOUNTED && !w->mounts) ||
	    temp_of_devtool(dirfd, name, &st))
		;
	else {
		if (type_wanted(w, st.st_mode))
			found(w, dirfd, name, path, &st);
		if (S_ISDIR(st.st_mode) && at == HERE) {
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
 * With xdev, the operand's file system and mount, which the walk keeps
 * to; path names it for a problem.
 */
static int
operand_mount(struct walk_ops *w, int dirfd, const char *name,
    const char *path)
{
	struct stat st;

	if (!w->xdev)
		return 0;
	if (fstatat(dirfd, name, &st, AT_SYMLINK_NOFOLLOW) != 0 ||
	    mount_id(dirfd, name, &st, &w->mnt) != 0) {
		problem(w, path, errno == ESTALE ? "changed while being "
		    "walked; left alone" : NULL);
		return -1;
	}
	w->dev = st.st_dev;
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
	struct walk_ops own;
	struct stat st;
	int dirfd = -1, fd;

	/* with dirs, the operand directory itself goes to found alone */
	assert(r != NULL && arg != NULL && w != NULL);
	assert(w->problem != NULL &&
	    (w->found != NULL || (w->found_at != NULL && !w->dirs)));
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
		if (!type_wanted(w, st.st_mode)) {
			/* a table or an archive given where a tree goes */
			why = S_ISREG(st.st_mode) ? "a regular file, not a "
			    "tree: --table reads a device table, --archive "
			    "an archive" : "not a directory, device node, "
			    "FIFO, socket or symbolic link";
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
	own = *w;
	if (operand_mount(&own, fd, ".", path) != 0) {
		close(fd);
		return;
	}
	walk_dir(&own, root_faker(r), fd, path, strlen(path));
	return;
fail:
	if (why == NULL)	/* an unsafe path transition, if it was one */
		why = root_refusal(r);
	problem(w, path[0] ? path : arg, why);
	if (dirfd >= 0)
		close(dirfd);
}

void
walk_at(const struct walk_ops *ops, int dirfd, const char *parent,
    const char *name)
{
	struct walk_ops w;
	char path[PATH_MAX];
	struct stat st;
	size_t len;
	int fd;

	assert(ops != NULL && dirfd >= 0 && parent != NULL && name != NULL);
	assert(ops->problem != NULL &&
	    (ops->found != NULL || ops->found_at != NULL));
	w = *ops;
	len = strlen(parent);
	if (len >= sizeof(path)) {
		errno = ENAMETOOLONG;
		problem(&w, parent, NULL);
		return;
	}
	memcpy(path, parent, len + 1);
	if (operand_mount(&w, dirfd, name, path) != 0)
		return;
	if (strcmp(name, ".") != 0) {
		/* the root "/" is an empty prefix, as in walk_dir */
		walk_entry(&w, false, dirfd, path, len == 1 ? 0 : len, name);
		return;
	}
	if (fstat(dirfd, &st) != 0 ||
	    (fd = fcntl(dirfd, F_DUPFD_CLOEXEC, 0)) < 0) {
		problem(&w, path, NULL);
		return;
	}
	found(&w, dirfd, ".", path, &st);
	walk_dir(&w, false, fd, path, len);
}
