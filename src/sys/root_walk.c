/*
 * root_walk.c - resolution by hand, one step at a time, and as root the
 * refusal of unsafe path transitions (root.h; SECURITY in the manual):
 * where openat2(2) is missing or each step's owners must be checked.
 */
#include <sys/stat.h>
#include <sys/xattr.h>

#include <assert.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "sys/inode.h"
#include "sys/root_impl.h"

/* Replaces the text before *rest with target: rest = target "/" rest. */
static int
splice_link(char *todo, size_t len, const char **rest, const char *target)
{
	size_t tl = strlen(target), rl = strlen(*rest);

	if (tl + 1 + rl + 1 > len) {
		errno = ENAMETOOLONG;
		return -1;
	}
	memmove(todo + tl + 1, *rest, rl + 1);
	/* The terminator is rest's, moved above. */
	memcpy(todo, target, tl); /* NOLINT(bugprone-not-null-terminated-result) */
	todo[tl] = '/';
	*rest = todo;
	return 0;
}

bool
root_confined(const struct root *r)
{
	assert(r != NULL);
	return r->method != RESOLVE_UNCONFINED;
}

/*
 * Unsafe path transitions (SECURITY in the manual).  As root, a step of
 * a resolution, from a directory to what a name in it holds (a
 * directory entered, a symbolic link followed) or to its parent (".."),
 * is refused when the owner changes and a user other than root can
 * write the directory: that user may have put there what it leads to
 * (a link to any place, a directory or file of someone else's moved
 * in), and may swap it at any moment.  As systemd-tmpfiles' CHASE_SAFE,
 * and more: a directory owned by root but writable by others (mode
 * 1777, group write, an ACL) counts too.  An absolute link leads to the
 * root, a step from the link: one not owned by root leads only to a
 * root of its owner.  Under a faker the owners are its fiction, and its
 * user has no privilege to abuse: no check.
 */
bool
root_walk_checks(const struct root *r)
{
	assert(r != NULL);
	return r->euid == 0 && !r->faker;
}

/* Whether a user other than root can write what is open at fd (st). */
static bool
others_write(const struct root *r, int fd, const struct stat *st)
{
	if (S_ISLNK(st->st_mode))	/* its owner can replace it */
		return st->st_uid != 0;
	return !root_walk_only_ours(r, fd, st);
}

/* Whether the step from "from" (open at fd) to "to" is unsafe. */
bool
root_walk_unsafe(const struct root *r, int fd, const struct stat *from,
    const struct stat *to)
{
	/* fd is looked at only when from is not a link (others_write) */
	assert(r != NULL && from != NULL && to != NULL &&
	    (fd >= 0 || S_ISLNK(from->st_mode)));
	return to->st_uid != from->st_uid && others_write(r, fd, from);
}

static const char *
kind(mode_t mode)
{
	return S_ISDIR(mode) ? "a directory" : S_ISLNK(mode) ?
	    "a symbolic link" : S_ISREG(mode) ? "a regular file" :
	    S_ISCHR(mode) ? "a character device" : S_ISBLK(mode) ?
	    "a block device" : S_ISFIFO(mode) ? "a FIFO" : "a file";
}

/*
 * Refuses the step from a (as) to b (bs): root_refusal() says it, and
 * errno is ENOLINK (as systemd's chase() says it).  -1.
 */
int
root_walk_refuse(struct root *r, const char *a, const struct stat *as, const char *b,
    const struct stat *bs)
{
	assert(r != NULL && a != NULL && as != NULL && b != NULL &&
	    bs != NULL);
	snprintf(r->refusal, sizeof(r->refusal), "unsafe path transition "
	    "from %s (%sowner %u%s) to %s (%s, owner %u): not %s", a,
	    S_ISLNK(as->st_mode) ? "a symbolic link, " : "",
	    (unsigned)as->st_uid, !S_ISLNK(as->st_mode) && as->st_uid == 0 ?
	    ", writable by others" : "", b, kind(bs->st_mode),
	    (unsigned)bs->st_uid, S_ISLNK(as->st_mode) ||
	    S_ISLNK(bs->st_mode) ? "followed" : S_ISDIR(bs->st_mode) ?
	    "entered" : "opened");
	r->refused = true;
	errno = ENOLINK;
	return -1;
}

const char *
root_refusal(const struct root *r)
{
	assert(r != NULL);
	return r->refused ? r->refusal : NULL;
}

/*
 * The directory of path, for a message, into dir of PATH_MAX bytes: "/"
 * for "/name", "." for a bare name.
 */
static void
dir_of(const char *path, char *dir)
{
	size_t n = strlen(path);

	while (n > 1 && path[n - 1] == '/')
		n--;
	while (n > 0 && path[n - 1] != '/')
		n--;
	while (n > 1 && path[n - 1] == '/')
		n--;
	snprintf(dir, PATH_MAX, "%.*s", (int)n, n > 0 ? path : ".");
}

/*
 * root_step's refusal, with the name of path's directory.  Not inlined:
 * its PATH_MAX would make root_step's frame, each page of which the
 * stack-clash probes touch, that deep for every step it checks.
 */
static __attribute__((noinline)) int
step_refuse(struct root *r, const char *path, const struct stat *ds,
    const struct stat *st)
{
	char dir[PATH_MAX];

	dir_of(path, dir);
	return root_walk_refuse(r, dir, ds, path, st);
}

int
root_step(struct root *r, int dirfd, const char *path, const struct stat *st)
{
	struct stat ds;

	assert(r != NULL && dirfd >= 0 && path != NULL && st != NULL);
	r->refused = false;
	if (!root_walk_checks(r))
		return 0;
	if (fstat(dirfd, &ds) != 0)
		return -1;
	if (!root_walk_unsafe(r, dirfd, &ds, st))
		return 0;
	return step_refuse(r, path, &ds, st);
}

bool
root_checks(const struct root *r)
{
	return root_walk_checks(r);
}

int
root_follow(struct root *r, const char *link, const struct stat *ls,
    const char *to, const struct stat *ts)
{
	assert(r != NULL && link != NULL && ls != NULL && S_ISLNK(ls->st_mode) &&
	    to != NULL && ts != NULL);
	r->refused = false;
	if (!root_walk_checks(r) || !root_walk_unsafe(r, -1, ls, ts))
		return 0;
	return root_walk_refuse(r, link, ls, to, ts);
}

/*
 * The walk holds one descriptor, of the directory reached, and remembers
 * the directories above it by device and inode only: however deep a path
 * with symlinks spliced in goes, it needs two descriptors at most (a
 * descriptor per level ran out at RLIMIT_NOFILE, often 1024).
 */
struct walk_id {
	dev_t dev;
	ino_t ino;
};

struct walk {
	struct root *r;
	int top;		/* where "/" leads: the root, or "/" itself */
	struct stat top_st;
	int cur;		/* the directory reached; top at the top */
	struct stat cur_st;
	struct walk_id *ids;	/* ids[i]: the directory at depth i */
	size_t depth, cap;
	int links;
	bool check;		/* each step is checked (root_walk_checks) */
	bool climbs;		/* ".." at depth 0 goes up: no --root */
	char *done;		/* cur's path, for messages: PATH_MAX
				   bytes of the root's walk_bufs */
	bool lost;		/* longer than that: not known */
	struct root_walk_bufs *b;
};

#define LOST "(a path longer than PATH_MAX)"

static struct walk_id
id_of(const struct stat *st)
{
	return (struct walk_id){ st->st_dev, st->st_ino };
}

/* Makes fd, a directory at depth w->depth, the one reached. */
static void
walk_enter(struct walk *w, int fd, const struct stat *st)
{
	if (w->cur != w->top)
		close(w->cur);
	w->cur = fd;
	w->cur_st = *st;
}

/* Starts again at depth 0 in fd: the top ("/"), or the working dir. */
static void
walk_reset(struct walk *w, int fd, const struct stat *st, const char *done)
{
	w->depth = 0;
	w->ids[0] = id_of(st);
	walk_enter(w, fd, st);
	snprintf(w->done, PATH_MAX, "%s", done);
	w->lost = false;
}

/* Whether done, a path, ends in the name "..". */
static bool
ends_up(const char *done, size_t n)
{
	return n >= 2 && strcmp(done + n - 2, "..") == 0 &&
	    (n == 2 || done[n - 3] == '/');
}

/*
 * The path of name (".." included) in the directory reached, into buf
 * of PATH_MAX bytes; false when it is not known.
 */
static bool
walk_path(const struct walk *w, const char *name, char *buf)
{
	size_t n = strlen(w->done);
	const char *slash;

	if (w->lost)
		return false;
	if (strcmp(name, "..") == 0 && n > 0 && !ends_up(w->done, n)) {
		slash = strrchr(w->done, '/');
		n = slash == NULL ? 0 : slash == w->done ? 1 :
		    (size_t)(slash - w->done);
		memcpy(buf, w->done, n);
		buf[n] = '\0';
		return true;
	}
	return snprintf(buf, PATH_MAX, "%s%s%s", w->done, n == 0 ||
	    w->done[n - 1] == '/' ? "" : "/", name) < PATH_MAX;
}

/* The path of the directory reached, for a message. */
static const char *
walk_shown(const struct walk *w)
{
	return w->lost ? LOST : w->done[0] != '\0' ? w->done : ".";
}

/* The directory reached is now name in the one before. */
static void
walk_went(struct walk *w, const char *name)
{
	char *buf = w->b->went;

	w->lost = !walk_path(w, name, buf);
	if (!w->lost)
		snprintf(w->done, PATH_MAX, "%s", buf);
}

/* Refuses the step from the directory reached to name in it (st). */
static int
walk_refuse(struct walk *w, const char *name, const struct stat *st)
{
	char *to = w->b->to;

	return root_walk_refuse(w->r, walk_shown(w), &w->cur_st,
	    walk_path(w, name, to) ? (to[0] != '\0' ? to : ".") : LOST, st);
}

static int
walk_push(struct walk *w, int fd, const char *name)
{
	struct walk_id *ids;
	struct stat st;

	if (fstat(fd, &st) != 0)
		goto fail;
	if (w->check && root_walk_unsafe(w->r, w->cur, &w->cur_st, &st)) {
		walk_refuse(w, name, &st);
		goto fail;
	}
	if (w->depth + 1 >= w->cap) {
		if ((ids = reallocarray(w->ids, w->cap * 2,
		    sizeof(*ids))) == NULL)
			goto fail;
		w->ids = ids;
		w->cap *= 2;
	}
	w->depth++;
	w->ids[w->depth] = id_of(&st);
	walk_enter(w, fd, &st);
	walk_went(w, name);
	return 0;
fail:
	inode_close(fd);
	return -1;
}

/*
 * "..": the real parent, which must be the directory the walk came from;
 * another means a rename moved the directory meanwhile, and the walk
 * starts again (EAGAIN), as openat2(2) does.  ".." at the root stays;
 * without --root, at depth 0 (the working directory, or one above it)
 * it goes up to "/", as the kernel's lookup does.
 */
static int
walk_up(struct walk *w)
{
	struct stat st;
	int fd;

	if (w->depth == 0 && !w->climbs)
		return 0;
	if ((fd = openat(w->cur, "..", DIR_FLAGS | O_NOFOLLOW)) < 0)
		return -1;
	if (fstat(fd, &st) != 0) {
		inode_close(fd);
		return -1;
	}
	if (w->depth == 0 && inode_same(&st, &w->cur_st)) {	/* at "/" */
		close(fd);
		return 0;
	}
	if (w->depth > 0 && (st.st_dev != w->ids[w->depth - 1].dev ||
	    st.st_ino != w->ids[w->depth - 1].ino)) {
		close(fd);
		errno = EAGAIN;
		return -1;
	}
	if (w->check && root_walk_unsafe(w->r, w->cur, &w->cur_st, &st)) {
		close(fd);
		return walk_refuse(w, "..", &st);
	}
	if (w->depth > 0)
		w->depth--;
	else
		w->ids[0] = id_of(&st);
	if (w->depth == 0 && inode_same(&st, &w->top_st)) {
		close(fd);
		fd = w->top;
	}
	walk_enter(w, fd, &st);
	walk_went(w, "..");
	return 0;
}

/*
 * What the link name says, into target of PATH_MAX bytes; not_dir is
 * the error when it is not a link.  When steps are checked, the link is
 * looked at through a descriptor of its own, so that its owner and what
 * it says are of the same link.
 */
static ssize_t
read_link_checked(struct walk *w, int fd, const char *name, char *target,
    struct stat *st)
{
	if (fstat(fd, st) != 0)
		return -1;
	if (!S_ISLNK(st->st_mode)) {
		errno = EINVAL;
		return -1;
	}
	if (root_walk_unsafe(w->r, w->cur, &w->cur_st, st))
		return walk_refuse(w, name, st);
	return readlinkat(fd, "", target, PATH_MAX - 1);
}

static int
read_link(struct walk *w, const char *name, char *target, int not_dir,
    struct stat *st)
{
	ssize_t n = -1;
	int fd;

	if (!w->check)
		n = readlinkat(w->cur, name, target, PATH_MAX - 1);
	else if ((fd = openat(w->cur, name, O_PATH | O_NOFOLLOW |
	    O_CLOEXEC)) >= 0) {
		n = read_link_checked(w, fd, name, target, st);
		inode_close(fd);
	}
	if (n < 0) {
		if (errno == EINVAL)	/* not a link: the open's error */
			errno = not_dir;
		return -1;
	}
	target[n] = '\0';
	return 0;
}

/* An absolute link (st) leads to the top: the step is checked too. */
static int
walk_to_top(struct walk *w, const char *name, const struct stat *st)
{
	char *from = w->b->to;

	if (w->check && root_walk_unsafe(w->r, -1, st, &w->top_st))
		return root_walk_refuse(w->r, walk_path(w, name, from) ? from : LOST, st,
		    "/", &w->top_st);
	walk_reset(w, w->top, &w->top_st, "/");
	return 0;
}

/* One step of the walk: enters name, or splices the link it is. */
static int
walk_step(struct walk *w, char *todo, size_t len, const char **rest,
    const char *name)
{
	char *target = w->b->target;
	struct stat st;
	int fd;

	if (strcmp(name, "..") == 0)
		return walk_up(w);
	/*
	 * O_NOFOLLOW: a symlink is never entered; it fails (ENOTDIR with
	 * O_DIRECTORY), and is read as a link below.
	 */
	if ((fd = openat(w->cur, name, DIR_FLAGS | O_NOFOLLOW)) >= 0)
		return walk_push(w, fd, name);
	if (errno != ENOTDIR && errno != ELOOP)
		return -1;
	if (read_link(w, name, target, errno, &st) != 0)
		return -1;
	if (++w->links > MAX_SYMLINKS) {
		errno = ELOOP;
		return -1;
	}
	if (target[0] == '/' && walk_to_top(w, name, &st) != 0)
		return -1;
	return splice_link(todo, len, rest, target);
}

/*
 * Starts the walk: at the top, or without --root for a relative path,
 * in the working directory.
 */
static int
walk_start(struct walk *w, const char *path)
{
	struct stat st;
	int fd;

	w->cur = w->top;
	w->links = 0;
	if (!w->climbs || path[0] == '/') {
		walk_reset(w, w->top, &w->top_st, "/");
		return 0;
	}
	if ((fd = open(".", DIR_FLAGS)) < 0)
		return -1;
	if (fstat(fd, &st) != 0) {
		inode_close(fd);
		return -1;
	}
	walk_reset(w, fd, &st, "");
	return 0;
}

static int
walk_once(struct walk *w, const char *path)
{
	char *todo = w->b->todo, name[NAME_MAX + 1];
	const char *rest = todo;
	size_t n;

	memcpy(todo, path, strlen(path) + 1);
	if (walk_start(w, path) != 0)
		return -1;
	while (*rest != '\0') {
		rest += strspn(rest, "/");
		n = strcspn(rest, "/");
		if (n == 0 || (n == 1 && rest[0] == '.')) {
			rest += n;
			continue;
		}
		if (n > NAME_MAX) {
			errno = ENAMETOOLONG;
			return -1;
		}
		memcpy(name, rest, n);
		name[n] = '\0';
		rest += n;
		if (walk_step(w, todo, sizeof(w->b->todo), &rest, name) != 0)
			return -1;
	}
	if (w->cur == w->top)
		return fcntl(w->top, F_DUPFD_CLOEXEC, 0);
	return w->cur;
}

/*
 * The top of a walk: the root, or without --root "/", opened here (its
 * descriptor in *opened, to close).
 */
static int
walk_top(struct walk *w, int *opened)
{
	*opened = -1;
	if (root_confined(w->r)) {
		w->top = w->r->fd;
		w->top_st = w->r->root_st;
		return 0;
	}
	if ((*opened = w->top = open("/", DIR_FLAGS)) < 0)
		return -1;
	return fstat(w->top, &w->top_st);
}

int
root_walk_open(struct root *r, const char *path)
{
	struct walk w = { .r = r, .cur = -1, .cap = 16,
	    .check = root_walk_checks(r), .climbs = !root_confined(r) };
	int fd = -1, opened, tries = 0, saved;

	assert(r != NULL && path != NULL);
	if (strlen(path) >= PATH_MAX) {
		errno = ENAMETOOLONG;
		return -1;
	}
	if (r->walk_bufs == NULL &&
	    (r->walk_bufs = malloc(sizeof(*r->walk_bufs))) == NULL)
		return -1;
	w.b = r->walk_bufs;
	w.done = w.b->done;
	if ((w.ids = reallocarray(NULL, w.cap, sizeof(*w.ids))) == NULL)
		return -1;
	if (walk_top(&w, &opened) == 0)
		do {	/* EAGAIN: a rename raced a ".."; try again */
			fd = walk_once(&w, path);
			if (fd < 0 && w.cur != w.top)
				inode_close(w.cur);
		} while (fd < 0 && errno == EAGAIN && ++tries < 16);
	saved = errno;
	if (opened >= 0)
		close(opened);
	free(w.ids);
	errno = saved;
	return fd;
}

/*
 * Whether only devtool's euid can write the directory open at fd, or
 * give others that right: its owner, no group or other write bit, and
 * no access ACL (a named entry may grant write; ENODATA is the only
 * answer that proves there is none, anything else counts as one).
 */
bool
root_walk_only_ours(const struct root *r, int fd, const struct stat *st)
{
	assert(r != NULL && fd >= 0 && st != NULL);
	if (st->st_uid != r->euid || (st->st_mode & (S_IWGRP | S_IWOTH)) != 0)
		return false;
	return fgetxattr(fd, "system.posix_acl_access", NULL, 0) < 0 &&
	    errno == ENODATA;
}
