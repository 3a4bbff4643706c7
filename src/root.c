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
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <linux/openat2.h>

#include "root.h"

#define DIR_FLAGS (O_RDONLY | O_DIRECTORY | O_CLOEXEC)
#define MAX_SYMLINKS 40		/* as the kernel's MAXSYMLINKS */
#define MAX_DEPTH 512

int
root_init(struct root *r, const char *dir)
{
	const char *forced = getenv("DEVTOOL_RESOLVE");

	r->cached_path = NULL;
	r->cached_fd = -1;
	r->cached_st_valid = false;
	r->method_forced = false;
	r->dry_dirs = NULL;
	r->euid = geteuid();
	r->egid = getegid();
	if (dir == NULL) {
		r->fd = AT_FDCWD;
		r->method = RESOLVE_UNCONFINED;
		return 0;
	}
	r->method = RESOLVE_OPENAT2;
	if (forced != NULL && strcmp(forced, "walk") == 0) {
		r->method = RESOLVE_WALK;
		r->method_forced = true;
	} else if (forced != NULL && strcmp(forced, "openat2") == 0)
		r->method_forced = true;
	r->fd = open(dir, DIR_FLAGS);
	return r->fd < 0 ? -1 : 0;
}

/* A --root that does not exist yet, for a dry run: nothing resolves. */
void
root_init_absent(struct root *r)
{
	root_init(r, NULL);
	r->fd = -1;
	r->method = RESOLVE_WALK;
}

bool
root_absent(const struct root *r)
{
	return r->fd < 0 && r->method != RESOLVE_UNCONFINED;
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

struct walk {
	int fds[MAX_DEPTH];
	int depth;
};

static void
walk_pop_to(struct walk *w, int depth)
{
	while (w->depth > depth)
		close(w->fds[w->depth--]);
}

/* One step of the walk: enters name, or splices the link it is. */
static int
walk_step(struct walk *w, char *todo, size_t len, const char **rest,
    const char *name, int *links)
{
	char target[PATH_MAX];
	struct stat st;
	ssize_t n;
	int fd, cur = w->fds[w->depth];

	if (strcmp(name, "..") == 0) {
		walk_pop_to(w, w->depth > 0 ? w->depth - 1 : 0);
		return 0;
	}
	if (fstatat(cur, name, &st, AT_SYMLINK_NOFOLLOW) != 0)
		return -1;
	if (S_ISLNK(st.st_mode)) {
		if (++*links > MAX_SYMLINKS) {
			errno = ELOOP;
			return -1;
		}
		n = readlinkat(cur, name, target, sizeof(target) - 1);
		if (n < 0)
			return -1;
		target[n] = '\0';
		if (target[0] == '/')
			walk_pop_to(w, 0);
		return splice_link(todo, len, rest, target);
	}
	/* O_NOFOLLOW: a link swapped in since fstatat fails, never leads out */
	if ((fd = openat(cur, name, DIR_FLAGS | O_NOFOLLOW)) < 0)
		return -1;
	if (w->depth + 1 >= MAX_DEPTH) {
		close(fd);
		errno = ENAMETOOLONG;
		return -1;
	}
	w->fds[++w->depth] = fd;
	return 0;
}

static int
open_walk(struct root *r, const char *path)
{
	static struct walk w;
	char todo[2 * PATH_MAX], name[NAME_MAX + 1];
	const char *rest = todo;
	int links = 0, fd;
	size_t n;

	if (strlen(path) >= PATH_MAX) {
		errno = ENAMETOOLONG;
		return -1;
	}
	memcpy(todo, path, strlen(path) + 1);
	w.depth = 0;
	if ((w.fds[0] = fcntl(r->fd, F_DUPFD_CLOEXEC, 0)) < 0)
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
			goto fail;
		}
		memcpy(name, rest, n);
		name[n] = '\0';
		rest += n;
		if (walk_step(&w, todo, sizeof(todo), &rest, name, &links) != 0)
			goto fail;
	}
	fd = w.fds[w.depth];
	w.depth--;
	walk_pop_to(&w, -1);
	return fd;
fail:
	{
		int saved = errno;

		walk_pop_to(&w, -1);
		errno = saved;
	}
	return -1;
}

/* Opens the directory at path: inside the root, or as mknod(1) would. */
int
root_opendir(struct root *r, const char *path)
{
	int fd;

	if (root_absent(r)) {
		errno = ENOENT;
		return -1;
	}
	switch (r->method) {
	case RESOLVE_UNCONFINED:
		return openat(AT_FDCWD, *path ? path : ".", DIR_FLAGS);
	case RESOLVE_OPENAT2:
		fd = open_openat2(r, *path ? path : "/");
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

/* As root_opendir, but keeps the last directory open for the next call. */
int
root_opendir_cached(struct root *r, const char *path)
{
	int fd;

	if (r->cached_path != NULL && strcmp(r->cached_path, path) == 0)
		return r->cached_fd;
	if ((fd = root_opendir(r, path)) < 0)
		return -1;
	root_forget(r);
	if ((r->cached_path = strdup(path)) == NULL) {
		close(fd);
		return -1;
	}
	r->cached_fd = fd;
	r->cached_st_valid = fstat(fd, &r->cached_st) == 0;
	r->cached_acl = fgetxattr(fd, "system.posix_acl_default", NULL, 0) >= 0;
	return fd;
}

/* stub: rootres implements */
bool
root_cached_pinned(const struct root *r)
{
	(void)r;
	return true;
}

/* stub: rootres implements */
int
root_contains(struct root *r, int dirfd)
{
	(void)r;
	(void)dirfd;
	return 1;
}
