/*
 * root.c - path resolution confined to a root directory.  See root.h.
 */
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/xattr.h>

#include <assert.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <search.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <linux/openat2.h>

#include "sys/inode.h"
#include "sys/root_impl.h"

/*
 * The deepest a resolution can go: PATH_MAX bytes of path and of each of
 * MAX_SYMLINKS link targets, one level per two bytes ("d/").  Going up
 * ".." from a directory this many levels without meeting the root means
 * it is not inside.
 */
#define MAX_CLIMB ((MAX_SYMLINKS + 1) * (PATH_MAX / 2) + 1)

int
root_init(struct root *r, const char *dir, enum resolve_method method,
    bool faker)
{
	assert(r != NULL);
	r->faker = faker;
	r->cached_path = NULL;
	r->cached_len = r->cached_cap = 0;
	r->cached_fd = -1;
	r->cached_st_valid = false;
	r->cached_pinned = false;
	r->cached_nodev = -1;
	r->cached_trail = false;
	r->trail_n = 0;
	r->root_trusted = -1;
	r->root_nodev = -1;
	r->nodev_seen = NULL;
	memset(&r->root_st, 0, sizeof(r->root_st));
	r->method_forced = false;
	r->dry_dirs = NULL;
	r->dry_nodes = NULL;
	r->no_mknod = false;
	r->made = NULL;
	r->made_n = r->made_cap = r->made_pending = 0;
	r->made_paths = NULL;
	r->euid = geteuid();
	r->egid = getegid();
	r->refused = false;
	r->run = NULL;
	r->walk_bufs = NULL;
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
		inode_close(r->fd);
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
	assert(r != NULL);
	root_init(r, NULL, RESOLVE_AUTO, false);
	r->fd = -1;
	r->method = RESOLVE_WALK;
}

bool
root_absent(const struct root *r)
{
	assert(r != NULL);
	return r->fd < 0 && r->method != RESOLVE_UNCONFINED;
}

bool
root_faker(const struct root *r)
{
	assert(r != NULL);
	return r->faker;
}

int
root_cache_name(struct root *r, const char *path, size_t len)
{
	char *v;

	assert(r != NULL && path != NULL && r->cached_fd < 0);
	if (len >= r->cached_cap) {
		if ((v = realloc(r->cached_path, len + 1)) == NULL)
			return -1;
		r->cached_path = v;
		r->cached_cap = len + 1;
	}
	memcpy(r->cached_path, path, len);
	r->cached_path[len] = '\0';
	r->cached_len = len;
	return 0;
}

/* The cached directory is dropped; the trail is kept. */
void
root_cache_drop(struct root *r)
{
	assert(r != NULL);
	if (r->cached_fd >= 0 && !r->cached_trail)
		close(r->cached_fd);
	/* the path's buffer kept, for the next one (root_cache_name) */
	r->cached_len = 0;
	r->cached_fd = -1;
	r->cached_trail = false;
	r->cached_st_valid = false;
	r->cached_pinned = false;
	r->cached_nodev = -1;
}

/* The trail is cut to its first n directories (and the cache with it). */
void
root_trail_cut(struct root *r, size_t n)
{
	assert(r != NULL && n <= r->trail_n);
	while (r->trail_n > n) {
		r->trail_n--;
		if (r->cached_trail &&
		    r->cached_fd == r->trail[r->trail_n].fd)
			root_cache_drop(r);
		close(r->trail[r->trail_n].fd);
	}
	r->trail_path[n > 0 ? r->trail[n - 1].len : 0] = '\0';
}

/*
 * A directory this run made is on the mount of the one it was made in:
 * what is learnt of one is known of the others, up the trail.
 */
void
root_cached_nodev_set(struct root *r, int nodev)
{
	size_t i;

	assert(r != NULL);
	r->cached_nodev = nodev;
	if (!r->cached_trail)
		return;
	for (i = r->trail_n; i > 0; i--) {
		r->trail[i - 1].nodev = nodev;
		if (!r->trail[i - 1].made)
			return;
	}
	r->root_nodev = nodev;
}

void
root_forget(struct root *r)
{
	assert(r != NULL);
	root_cache_drop(r);
	root_trail_cut(r, 0);
}

/* tdestroy's: the entries are the array's, freed from it. */
static void
free_nothing(void *p)
{
	(void)p;
}

void
root_made_free(struct root *r)
{
	assert(r != NULL);
	tdestroy(r->made_paths, free_nothing);
	r->made_paths = NULL;
	for (size_t i = 0; i < r->made_n; i++)
		free(r->made[i]);
	free(r->made);
	r->made = NULL;
	r->made_n = r->made_cap = r->made_pending = 0;
}

void
root_fini(struct root *r)
{
	/* a run begun on it has ended (node_end): its state is freed */
	assert(r != NULL && r->run == NULL);
	root_forget(r);
	free(r->walk_bufs);
	r->walk_bufs = NULL;
	free(r->cached_path);
	r->cached_path = NULL;
	r->cached_cap = 0;
	tdestroy(r->dry_dirs, free);
	r->dry_dirs = NULL;
	tdestroy(r->dry_nodes, free);
	r->dry_nodes = NULL;
	tdestroy(r->nodev_seen, free);
	r->nodev_seen = NULL;
	root_made_free(r);
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

/* Opens the directory at path: inside the root, or as mknod(1) would. */
int
root_opendir(struct root *r, const char *path)
{
	int fd;

	assert(r != NULL && path != NULL);
	r->refused = false;
	if (root_absent(r)) {
		errno = ENOENT;
		return -1;
	}
	if (root_walk_checks(r))	/* each step's owners: one at a time */
		return root_walk_open(r, path);
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
			return root_walk_open(r, path);
		if (fd >= 0 || (errno != ENOSYS && errno != EPERM) ||
		    r->method_forced)
			return fd;
		r->method = RESOLVE_WALK;	/* an old kernel, or seccomp */
		/* FALLTHROUGH */
	case RESOLVE_WALK:
	default:
		return root_walk_open(r, path);
	}
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
 * st, when not NULL, is the stat of fd the caller took just before (a
 * fgetxattr between), which serves as a second fstat would: fd's device
 * and inode cannot change, and the owner and mode root_walk_only_ours
 * reads are changed by none but the owner and root (giving a file to
 * another user takes CAP_CHOWN): a directory another user owns is not
 * ours whenever looked at, and one of ours is changed by us alone.
 */
static int
climb(const struct root *r, int fd, const struct stat *st, bool *pinned)
{
	struct stat xs, ps;
	int cur = fd, up, rc = -1;
	size_t level;

	if (st != NULL)
		xs = *st;
	else if (fstat(cur, &xs) != 0)
		return -1;
	for (level = 0; level < MAX_CLIMB; level++) {
		if (inode_same(&xs, &r->root_st)) {
			rc = 1;
			break;
		}
		if ((up = openat(cur, "..", DIR_FLAGS)) < 0)
			break;
		if (fstat(up, &ps) != 0) {
			inode_close(up);
			break;
		}
		if (inode_same(&ps, &xs)) {	/* the top, not the root */
			close(up);
			rc = 0;
			break;
		}
		if (pinned != NULL && !root_walk_only_ours(r, up, &ps) &&
		    !root_walk_only_ours(r, cur, &xs)) {
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
		inode_close(cur);
	return rc;
}

/* 1 if the directory open at dirfd is inside the root now, else 0. */
int
root_contains(struct root *r, int dirfd)
{
	assert(r != NULL && dirfd >= 0);
	if (r->method == RESOLVE_UNCONFINED)
		return 1;
	if (root_absent(r)) {
		errno = ENOENT;
		return -1;
	}
	return climb(r, dirfd, NULL, NULL);
}

void
root_dir_changed(struct root *r)
{
	assert(r != NULL);
	root_forget(r);
	/*
	 * The root may be what changed: its trust (node_parents.c) and the
	 * walk's checks read its owner and mode from root_st, taken again
	 * (its device and inode are the same).  Untrusted if it cannot be.
	 */
	r->root_trusted = -1;
	if (r->fd >= 0 && fstat(r->fd, &r->root_st) != 0)
		r->root_trusted = 0;
}

bool
root_cached_pinned(const struct root *r)
{
	assert(r != NULL);
	return root_pinned_cache(r);
}

/* Makes fd, just opened at path and stat'ed (st), the cached directory. */
static int
cache_fill(struct root *r, const char *path, int fd, const struct stat *st)
{
	bool pinned = true;

	root_forget(r);
	if (root_cache_name(r, path, strlen(path)) != 0) {
		inode_close(fd);
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
	    climb(r, fd, st, &pinned) == 1 && pinned);
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
	struct stat st;
	bool again;
	int fd;

	assert(r != NULL && path != NULL);
	again = r->cached_fd >= 0 && strcmp(r->cached_path, path) == 0;
	if (again && r->cached_pinned)
		return r->cached_fd;
	if ((fd = root_opendir(r, path)) < 0 || fstat(fd, &st) != 0) {
		if (fd >= 0)
			inode_close(fd);
		if (again) {
			int saved = errno;

			root_forget(r);
			errno = saved;
		}
		return -1;
	}
	if (again && inode_same(&st, &r->cached_st)) {
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
/*
 * root_open_file's paths: the one followed, a link's target, the
 * directory of the last name.  Allocated for each call, not in its
 * frames, every 4 KiB page of which the stack-clash probes touched.
 */
struct open_bufs {
	char cur[PATH_MAX];
	char target[PATH_MAX];
	char dir[PATH_MAX];
};

static int
open_last(struct root *r, char *path, struct stat *st, const char **why,
    struct open_bufs *b)
{
	const char *slash = strrchr(path, '/');
	const char *name = slash != NULL ? slash + 1 : path;
	char *dir = b->dir;
	int dirfd, fd;

	if (*name == '\0' || strcmp(name, ".") == 0 ||
	    strcmp(name, "..") == 0) {
		*why = NOT_REGULAR;	/* a directory */
		errno = EINVAL;
		return -1;
	}
	/* "" for "/name" and for a bare name: the root */
	snprintf(dir, sizeof(b->dir), "%.*s", slash != NULL ?
	    (int)(slash - path) : 0, path);
	if ((dirfd = root_opendir(r, dir)) < 0)
		return -1;
	if ((fd = openat(dirfd, name, O_PATH | O_NOFOLLOW | O_CLOEXEC)) >= 0 &&
	    (fstat(fd, st) != 0 || root_step(r, dirfd, path, st) != 0)) {
		inode_close(fd);
		fd = -1;
	}
	inode_close(dirfd);
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
open_regular_inside(struct root *r, char *path, size_t len, const char **why,
    struct open_bufs *b)
{
	char *target = b->target;
	struct stat st;
	ssize_t n;
	int fd, links = 0;

	for (;;) {
		if ((fd = open_last(r, path, &st, why, b)) < 0)
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
		if ((n = readlinkat(fd, "", target, sizeof(b->target) - 1)) < 0)
			break;
		target[n] = '\0';
		if (target[0] == '/' && root_walk_checks(r) &&
		    root_walk_unsafe(r, fd, &st, &r->root_st)) {
			root_walk_refuse(r, path, &st, "/", &r->root_st);
			break;
		}
		close(fd);
		if (splice_target(path, len, target) != 0)
			return -1;
	}
	inode_close(fd);
	return -1;
}

int
root_open_file(struct root *r, const char *path, const char **why)
{
	struct open_bufs *b;
	char proc[64];
	int pfd, fd, saved;

	assert(r != NULL && path != NULL && why != NULL);
	*why = NULL;
	r->refused = false;
	if (strlen(path) >= sizeof(b->cur)) {
		errno = ENAMETOOLONG;
		return -1;
	}
	if ((b = malloc(sizeof(*b))) == NULL)
		return -1;
	memcpy(b->cur, path, strlen(path) + 1);
	pfd = open_regular_inside(r, b->cur, sizeof(b->cur), why, b);
	saved = errno;
	free(b);
	errno = saved;
	if (pfd < 0) {
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
	inode_close(pfd);
	return fd;
}
