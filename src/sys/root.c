/*
 * root.c - path resolution confined to a root directory.  See root.h.
 */
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/xattr.h>

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <search.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <linux/openat2.h>

#include "sys/root_impl.h"

#define DIR_FLAGS (O_RDONLY | O_DIRECTORY | O_CLOEXEC)
#define MAX_SYMLINKS 40		/* as the kernel's MAXSYMLINKS */
/*
 * The deepest a resolution can go: PATH_MAX bytes of path and of each of
 * MAX_SYMLINKS link targets, one level per two bytes ("d/").  Going up
 * ".." from a directory this many levels without meeting the root means
 * it is not inside.
 */
#define MAX_CLIMB ((MAX_SYMLINKS + 1) * (PATH_MAX / 2) + 1)

static bool
same_dir(const struct stat *a, const struct stat *b)
{
	return a->st_dev == b->st_dev && a->st_ino == b->st_ino;
}

static void
close_keeping_errno(int fd)
{
	int saved = errno;

	close(fd);
	errno = saved;
}

int
root_init(struct root *r, const char *dir, enum resolve_method method,
    bool faker)
{
	r->faker = faker;
	r->cached_path = NULL;
	r->cached_fd = -1;
	r->cached_st_valid = false;
	r->cached_pinned = false;
	memset(&r->root_st, 0, sizeof(r->root_st));
	r->method_forced = false;
	r->dry_dirs = NULL;
	r->euid = geteuid();
	r->egid = getegid();
	r->refusal[0] = '\0';
	r->refused = false;
	if (dir == NULL) {
		r->fd = AT_FDCWD;
		r->method = RESOLVE_UNCONFINED;
		return 0;
	}
	/*
	 * A faker sees no descriptor from the raw openat2 system call
	 * (pseudo then aborts): the walk, whose calls it intercepts.
	 */
	r->method = method == RESOLVE_WALK || faker ? RESOLVE_WALK :
	    RESOLVE_OPENAT2;
	r->method_forced = method == RESOLVE_WALK ||
	    method == RESOLVE_OPENAT2;
	if ((r->fd = open(dir, DIR_FLAGS)) < 0)
		return -1;
	if (fstat(r->fd, &r->root_st) != 0) {
		close_keeping_errno(r->fd);
		r->fd = -1;
		return -1;
	}
	return 0;
}

struct root *
root_open(const char *dir, enum resolve_method method, bool faker)
{
	struct root *r = malloc(sizeof(*r));
	int saved;

	if (r != NULL && root_init(r, dir, method, faker) != 0) {
		saved = errno;
		free(r);
		errno = saved;
		r = NULL;
	}
	return r;
}

struct root *
root_open_absent(void)
{
	struct root *r = malloc(sizeof(*r));

	if (r != NULL)
		root_init_absent(r);
	return r;
}

void
root_close(struct root *r)
{
	if (r == NULL)
		return;
	root_fini(r);
	free(r);
}

/* A --root that does not exist yet, for a dry run: nothing resolves. */
void
root_init_absent(struct root *r)
{
	root_init(r, NULL, RESOLVE_AUTO, false);
	r->fd = -1;
	r->method = RESOLVE_WALK;
}

bool
root_absent(const struct root *r)
{
	return r->fd < 0 && r->method != RESOLVE_UNCONFINED;
}

bool
root_confined(const struct root *r)
{
	return r->method != RESOLVE_UNCONFINED;
}

bool
root_faker(const struct root *r)
{
	return r->faker;
}

void
root_forget(struct root *r)
{
	if (r->cached_fd >= 0)
		close(r->cached_fd);
	free(r->cached_path);
	r->cached_path = NULL;
	r->cached_fd = -1;
	r->cached_st_valid = false;
	r->cached_pinned = false;
}

void
root_fini(struct root *r)
{
	root_forget(r);
	tdestroy(r->dry_dirs, free);
	r->dry_dirs = NULL;
	if (r->fd >= 0)
		close(r->fd);
	r->fd = -1;
}

static int
open_openat2(struct root *r, const char *path)
{
	struct open_how how = {
		.flags = DIR_FLAGS,
		.resolve = RESOLVE_IN_ROOT | RESOLVE_NO_MAGICLINKS,
	};
	long fd;
	int tries = 0;

	do	/* EAGAIN: a concurrent rename raced a ".."; try again */
		fd = syscall(SYS_openat2, r->fd, path, &how, sizeof(how));
	while (fd < 0 && errno == EAGAIN && ++tries < 16);
	return (int)fd;
}

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

static bool only_ours(const struct root *r, int fd, const struct stat *st);

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
static bool
checks_steps(const struct root *r)
{
	return r->euid == 0 && !r->faker;
}

/* Whether a user other than root can write what is open at fd (st). */
static bool
others_write(const struct root *r, int fd, const struct stat *st)
{
	if (S_ISLNK(st->st_mode))	/* its owner can replace it */
		return st->st_uid != 0;
	return !only_ours(r, fd, st);
}

/* Whether the step from "from" (open at fd) to "to" is unsafe. */
static bool
unsafe_step(const struct root *r, int fd, const struct stat *from,
    const struct stat *to)
{
	return to->st_uid != from->st_uid && others_write(r, fd, from);
}

static const char *
kind(mode_t mode)
{
	return S_ISDIR(mode) ? "a directory" : S_ISLNK(mode) ?
	    "a symbolic link" : S_ISREG(mode) ? "a regular file" : "a file";
}

/*
 * Refuses the step from a (as) to b (bs): root_refusal() says it, and
 * errno is ENOLINK (as systemd's chase() says it).  -1.
 */
static int
refuse(struct root *r, const char *a, const struct stat *as, const char *b,
    const struct stat *bs)
{
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

int
root_step(struct root *r, int dirfd, const char *path, const struct stat *st)
{
	char dir[PATH_MAX];
	struct stat ds;

	r->refused = false;
	if (!checks_steps(r))
		return 0;
	if (fstat(dirfd, &ds) != 0)
		return -1;
	if (!unsafe_step(r, dirfd, &ds, st))
		return 0;
	dir_of(path, dir);
	return refuse(r, dir, &ds, path, st);
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
	bool check;		/* each step is checked (checks_steps) */
	bool climbs;		/* ".." at depth 0 goes up: no --root */
	char done[PATH_MAX];	/* cur's path, for messages */
	bool lost;		/* longer than that: not known */
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
	snprintf(w->done, sizeof(w->done), "%s", done);
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
	char buf[PATH_MAX];

	w->lost = !walk_path(w, name, buf);
	if (!w->lost)
		snprintf(w->done, sizeof(w->done), "%s", buf);
}

/* Refuses the step from the directory reached to name in it (st). */
static int
walk_refuse(struct walk *w, const char *name, const struct stat *st)
{
	char to[PATH_MAX];

	return refuse(w->r, walk_shown(w), &w->cur_st,
	    walk_path(w, name, to) ? (to[0] != '\0' ? to : ".") : LOST, st);
}

static int
walk_push(struct walk *w, int fd, const char *name)
{
	struct walk_id *ids;
	struct stat st;

	if (fstat(fd, &st) != 0)
		goto fail;
	if (w->check && unsafe_step(w->r, w->cur, &w->cur_st, &st)) {
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
	close_keeping_errno(fd);
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
		close_keeping_errno(fd);
		return -1;
	}
	if (w->depth == 0 && same_dir(&st, &w->cur_st)) {	/* at "/" */
		close(fd);
		return 0;
	}
	if (w->depth > 0 && (st.st_dev != w->ids[w->depth - 1].dev ||
	    st.st_ino != w->ids[w->depth - 1].ino)) {
		close(fd);
		errno = EAGAIN;
		return -1;
	}
	if (w->check && unsafe_step(w->r, w->cur, &w->cur_st, &st)) {
		close(fd);
		return walk_refuse(w, "..", &st);
	}
	if (w->depth > 0)
		w->depth--;
	else
		w->ids[0] = id_of(&st);
	if (w->depth == 0 && same_dir(&st, &w->top_st)) {
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
	if (unsafe_step(w->r, w->cur, &w->cur_st, st))
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
		close_keeping_errno(fd);
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
	char from[PATH_MAX];

	if (w->check && unsafe_step(w->r, -1, st, &w->top_st))
		return refuse(w->r, walk_path(w, name, from) ? from : LOST, st,
		    "/", &w->top_st);
	walk_reset(w, w->top, &w->top_st, "/");
	return 0;
}

/* One step of the walk: enters name, or splices the link it is. */
static int
walk_step(struct walk *w, char *todo, size_t len, const char **rest,
    const char *name)
{
	char target[PATH_MAX];
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
		close_keeping_errno(fd);
		return -1;
	}
	walk_reset(w, fd, &st, "");
	return 0;
}

static int
walk_once(struct walk *w, const char *path)
{
	char todo[2 * PATH_MAX], name[NAME_MAX + 1];
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
		if (walk_step(w, todo, sizeof(todo), &rest, name) != 0)
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

static int
open_walk(struct root *r, const char *path)
{
	struct walk w = { .r = r, .cur = -1, .cap = 16,
	    .check = checks_steps(r), .climbs = !root_confined(r) };
	int fd = -1, opened, tries = 0, saved;

	if (strlen(path) >= PATH_MAX) {
		errno = ENAMETOOLONG;
		return -1;
	}
	if ((w.ids = reallocarray(NULL, w.cap, sizeof(*w.ids))) == NULL)
		return -1;
	if (walk_top(&w, &opened) == 0)
		do {	/* EAGAIN: a rename raced a ".."; try again */
			fd = walk_once(&w, path);
			if (fd < 0 && w.cur != w.top)
				close_keeping_errno(w.cur);
		} while (fd < 0 && errno == EAGAIN && ++tries < 16);
	saved = errno;
	if (opened >= 0)
		close(opened);
	free(w.ids);
	errno = saved;
	return fd;
}

/* Opens the directory at path: inside the root, or as mknod(1) would. */
int
root_opendir(struct root *r, const char *path)
{
	int fd;

	r->refused = false;
	if (root_absent(r)) {
		errno = ENOENT;
		return -1;
	}
	if (checks_steps(r))	/* each step's owners: one at a time */
		return open_walk(r, path);
	switch (r->method) {
	case RESOLVE_UNCONFINED:
		return openat(AT_FDCWD, *path ? path : ".", DIR_FLAGS);
	case RESOLVE_OPENAT2:
		fd = open_openat2(r, *path ? path : "/");
		/*
		 * EAGAIN after every retry: renames anywhere on the system
		 * keep failing a ".." lookup (the kernel cannot tell which
		 * rename raced it).  The walk checks each ".." against the
		 * directory it came through, so only a rename on this path
		 * can fail it: walk this one path.
		 */
		if (fd < 0 && errno == EAGAIN)
			return open_walk(r, path);
		if (fd >= 0 || (errno != ENOSYS && errno != EPERM) ||
		    r->method_forced)
			return fd;
		r->method = RESOLVE_WALK;	/* an old kernel, or seccomp */
		/* FALLTHROUGH */
	case RESOLVE_WALK:
	default:
		return open_walk(r, path);
	}
}

/*
 * Whether only devtool's euid can write the directory open at fd, or
 * give others that right: its owner, no group or other write bit, and
 * no access ACL (a named entry may grant write; ENODATA is the only
 * answer that proves there is none, anything else counts as one).
 */
static bool
only_ours(const struct root *r, int fd, const struct stat *st)
{
	if (st->st_uid != r->euid || (st->st_mode & (S_IWGRP | S_IWOTH)) != 0)
		return false;
	return fgetxattr(fd, "system.posix_acl_access", NULL, 0) < 0 &&
	    errno == ENODATA;
}

/*
 * Goes up ".." from the directory at fd: 1 when it meets the root, 0
 * when it reaches the top of the file system tree (".." is itself) or
 * MAX_CLIMB levels first, -1 on an error.  With pinned, also finds out
 * whether each directory X on the way could be moved out of its parent
 * P by another user: rename(2) of a directory to another parent needs
 * write permission on P (to remove the entry) and on X (its ".." is
 * rewritten), so X stays when either is only ours.  The first X that
 * could move ends the climb: *pinned is false and it returns 0.
 */
static int
climb(const struct root *r, int fd, bool *pinned)
{
	struct stat xs, ps;
	int cur = fd, up, rc = -1;
	size_t level;

	if (fstat(cur, &xs) != 0)
		return -1;
	for (level = 0; level < MAX_CLIMB; level++) {
		if (same_dir(&xs, &r->root_st)) {
			rc = 1;
			break;
		}
		if ((up = openat(cur, "..", DIR_FLAGS)) < 0)
			break;
		if (fstat(up, &ps) != 0) {
			close_keeping_errno(up);
			break;
		}
		if (same_dir(&ps, &xs)) {	/* the top, not the root */
			close(up);
			rc = 0;
			break;
		}
		if (pinned != NULL && !only_ours(r, up, &ps) &&
		    !only_ours(r, cur, &xs)) {
			*pinned = false;
			close(up);
			rc = 0;
			break;
		}
		if (cur != fd)
			close(cur);
		cur = up;
		xs = ps;
	}
	if (level == MAX_CLIMB)
		rc = 0;
	if (cur != fd)
		close_keeping_errno(cur);
	return rc;
}

/* 1 if the directory open at dirfd is inside the root now, else 0. */
int
root_contains(struct root *r, int dirfd)
{
	if (r->method == RESOLVE_UNCONFINED)
		return 1;
	if (root_absent(r)) {
		errno = ENOENT;
		return -1;
	}
	return climb(r, dirfd, NULL);
}

bool
root_cached_pinned(const struct root *r)
{
	return r->method == RESOLVE_UNCONFINED ||
	    (r->cached_fd >= 0 && r->cached_pinned);
}

/* Makes fd, just opened at path, the cached directory. */
static int
cache_fill(struct root *r, const char *path, int fd, const struct stat *st)
{
	bool pinned = true;

	root_forget(r);
	if ((r->cached_path = strdup(path)) == NULL) {
		close_keeping_errno(fd);
		return -1;
	}
	r->cached_fd = fd;
	r->cached_st = *st;
	r->cached_st_valid = true;
	r->cached_acl = fgetxattr(fd, "system.posix_acl_default", NULL, 0) >= 0;
	/*
	 * Once, here: a directory only ours stays so, whatever others do.
	 * Under a faker every owner may be its fiction: none is pinned.
	 */
	r->cached_pinned = r->method == RESOLVE_UNCONFINED || (!r->faker &&
	    climb(r, fd, &pinned) == 1 && pinned);
	return fd;
}

/*
 * As root_opendir, but keeps the last directory open for the next call.
 * A cached directory that another user could move out of the root is
 * resolved from the root again on each call, so once moved out it is
 * never used again (the caller checks with root_contains() for a move
 * between this call and its use).
 */
int
root_opendir_cached(struct root *r, const char *path)
{
	bool again = r->cached_path != NULL && strcmp(r->cached_path, path) == 0;
	struct stat st;
	int fd;

	if (again && r->cached_pinned)
		return r->cached_fd;
	if ((fd = root_opendir(r, path)) < 0 || fstat(fd, &st) != 0) {
		if (fd >= 0)
			close_keeping_errno(fd);
		if (again) {
			int saved = errno;

			root_forget(r);
			errno = saved;
		}
		return -1;
	}
	if (again && same_dir(&st, &r->cached_st)) {
		/* The same directory: keep its descriptor, refresh the rest. */
		close(fd);
		r->cached_st = st;
		r->cached_acl = fgetxattr(r->cached_fd,
		    "system.posix_acl_default", NULL, 0) >= 0;
		return r->cached_fd;
	}
	return cache_fill(r, path, fd, &st);
}

#define NOT_REGULAR "not a regular file"

/*
 * An O_PATH descriptor of the last component of path, looked up in its
 * directory as resolved inside the root, never followed; st is its
 * stat.  As root, the step into it is checked as the walk's are.
 */
static int
open_last(struct root *r, char *path, struct stat *st, const char **why)
{
	const char *slash = strrchr(path, '/');
	const char *name = slash != NULL ? slash + 1 : path;
	char dir[PATH_MAX];
	int dirfd, fd;

	if (*name == '\0' || strcmp(name, ".") == 0 ||
	    strcmp(name, "..") == 0) {
		*why = NOT_REGULAR;	/* a directory */
		errno = EINVAL;
		return -1;
	}
	/* "" for "/name" and for a bare name: the root */
	snprintf(dir, sizeof(dir), "%.*s", slash != NULL ?
	    (int)(slash - path) : 0, path);
	if ((dirfd = root_opendir(r, dir)) < 0)
		return -1;
	if ((fd = openat(dirfd, name, O_PATH | O_NOFOLLOW | O_CLOEXEC)) >= 0 &&
	    (fstat(fd, st) != 0 || root_step(r, dirfd, path, st) != 0)) {
		close_keeping_errno(fd);
		fd = -1;
	}
	close_keeping_errno(dirfd);
	return fd;
}

/* path becomes the link target, which is relative to path's directory. */
static int
splice_target(char *path, size_t len, const char *target)
{
	const char *slash = strrchr(path, '/');
	size_t keep = target[0] == '/' || slash == NULL ? 0 :
	    (size_t)(slash - path) + 1;

	if (keep + strlen(target) >= len) {
		errno = ENAMETOOLONG;
		return -1;
	}
	memcpy(path + keep, target, strlen(target) + 1);
	return 0;
}

/*
 * An O_PATH descriptor of the regular file at path, links followed.  As
 * root, an absolute link leads to the root as in the walk: a step that
 * is checked.
 */
static int
open_regular(struct root *r, char *path, size_t len, const char **why)
{
	char target[PATH_MAX];
	struct stat st;
	ssize_t n;
	int fd, links = 0;

	for (;;) {
		if ((fd = open_last(r, path, &st, why)) < 0)
			return -1;
		if (S_ISREG(st.st_mode))
			return fd;
		if (!S_ISLNK(st.st_mode)) {
			*why = NOT_REGULAR;
			errno = EINVAL;
			break;
		}
		if (++links > MAX_SYMLINKS) {
			errno = ELOOP;
			break;
		}
		/* the link checked, through its descriptor */
		if ((n = readlinkat(fd, "", target, sizeof(target) - 1)) < 0)
			break;
		target[n] = '\0';
		if (target[0] == '/' && checks_steps(r) &&
		    unsafe_step(r, fd, &st, &r->root_st)) {
			refuse(r, path, &st, "/", &r->root_st);
			break;
		}
		close(fd);
		if (splice_target(path, len, target) != 0)
			return -1;
	}
	close_keeping_errno(fd);
	return -1;
}

int
root_open_file(struct root *r, const char *path, const char **why)
{
	char cur[PATH_MAX], proc[64];
	int pfd, fd;

	*why = NULL;
	r->refused = false;
	if (strlen(path) >= sizeof(cur)) {
		errno = ENAMETOOLONG;
		return -1;
	}
	memcpy(cur, path, strlen(path) + 1);
	if ((pfd = open_regular(r, cur, sizeof(cur), why)) < 0) {
		if (*why == NULL)
			*why = root_refusal(r);
		return -1;
	}
	/* Reopened through /proc: the very inode checked, no name again. */
	snprintf(proc, sizeof(proc), "/proc/self/fd/%d", pfd);
	if ((fd = open(proc, O_RDONLY | O_CLOEXEC | O_NOCTTY)) < 0 &&
	    errno == ENOENT) {
		*why = "cannot be opened safely: /proc is not mounted";
		errno = EOPNOTSUPP;
	}
	close_keeping_errno(pfd);
	return fd;
}
