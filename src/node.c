/*
 * node.c - node creation with mknod's rules.  See node.h.
 */
#include <sys/file.h>
#include <sys/ioctl.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>

#include <linux/fs.h>

#include <err.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <search.h>
#include <signal.h>
#include <stdlib.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"
#include "node.h"

#define TEMP_TRIES 100

/* Where a node goes: its parent directory, open, and its last name. */
struct place {
	struct root *root;
	const char *path;	/* as the user wrote it, for messages */
	int dirfd;		/* -1 in a dry run under a missing parent */
	const char *name;
	unsigned flags;
};

mode_t
node_begin(void)
{
	/* Modes are made exact by hand; the umask only gives the default. */
	return umask(0);
}

static const char *
type_word(mode_t type)
{
	switch (type & S_IFMT) {
	case S_IFCHR: return "character device";
	case S_IFBLK: return "block device";
	case S_IFIFO: return "FIFO";
	case S_IFDIR: return "directory";
	case S_IFREG: return "regular file";
	case S_IFLNK: return "symbolic link";
	case S_IFSOCK: return "socket";
	default: return "file of unknown type";
	}
}

static bool
is_node(mode_t mode)
{
	return S_ISCHR(mode) || S_ISBLK(mode) || S_ISFIFO(mode);
}

void
node_describe(char *buf, size_t len, const struct node_want *w)
{
	char kind = S_ISCHR(w->type) ? 'c' : S_ISBLK(w->type) ? 'b' :
	    S_ISFIFO(w->type) ? 'p' : S_ISDIR(w->type) ? 'd' : 'f';

	char uid[16] = "-", gid[16] = "-", nums[32] = "";

	if (w->uid != NODE_ANY_UID)
		snprintf(uid, sizeof(uid), "%u", (unsigned)w->uid);
	if (w->gid != NODE_ANY_GID)
		snprintf(gid, sizeof(gid), "%u", (unsigned)w->gid);
	if (S_ISCHR(w->type) || S_ISBLK(w->type))
		snprintf(nums, sizeof(nums), " %u:%u", major(w->rdev),
		    minor(w->rdev));
	if (w->uid == NODE_ANY_UID && w->gid == NODE_ANY_GID)
		snprintf(buf, len, "%c%s, mode %04o", kind, nums,
		    (unsigned)w->perm);
	else
		snprintf(buf, len, "%c%s, mode %04o, owner %s:%s", kind, nums,
		    (unsigned)w->perm, uid, gid);
}

/*
 * -v and -n: one line on stdout per action, "would create" before it in
 * a dry run, "created" after it otherwise.  Returns outcome, so a caller
 * can end with it.
 */
static enum node_outcome
report(const struct place *p, enum node_outcome outcome, const char *verb,
    const struct node_want *w)
{
	static const char *const past[] = {
		[NODE_CREATED] = "created", [NODE_REPLACED] = "replaced",
		[NODE_CORRECTED] = "corrected", [NODE_UNCHANGED] = "kept",
	};
	char what[96];

	if (!(p->flags & (NODE_VERBOSE | NODE_DRY_RUN)))
		return outcome;
	node_describe(what, sizeof(what), w);
	if (p->flags & NODE_DRY_RUN)
		cli_say("would %s %s (%s)", verb, p->path, what);
	else
		cli_say("%s%s %s (%s)", past[outcome], S_ISDIR(w->type) &&
		    outcome == NODE_CREATED ? " directory" : "", p->path, what);
	return outcome;
}

static enum node_outcome
fail(const struct place *p, const char *why)
{
	cli_path_error(p->path, why);
	return NODE_FAILED;
}

/* Creates name in dirfd with exactly perm, given a umask of 0. */
static int
make_at(int dirfd, const char *name, const struct node_want *w, mode_t perm)
{
	if (S_ISDIR(w->type))
		return mkdirat(dirfd, name, perm);
	return mknodat(dirfd, name, w->type | perm, w->rdev);
}

/* chmod(2) through an O_PATH descriptor, never through a symlink. */
static int
chmod_fd(int fd, int dirfd, const char *name, mode_t perm)
{
	char proc[64];

	snprintf(proc, sizeof(proc), "/proc/self/fd/%d", fd);
	if (chmod(proc, perm) == 0)
		return 0;
	if (errno != ENOENT)
		return -1;
	/* No /proc (a bare chroot): the fd was checked not to be a link. */
	return fchmodat(dirfd, name, perm, 0);
}

/*
 * Gives name the owner and mode asked for.  When the owner changes the
 * mode is first narrowed to what both allow, so the node is never wider
 * than asked, nor open to its old owner beyond that.  expect, if given,
 * is the inode checked before: anything else there now is left alone.
 */
static int
set_owner_mode(int dirfd, const char *name, const struct stat *expect,
    const struct node_want *w)
{
	struct stat st;
	int fd, rc = -1;

	fd = openat(dirfd, name, O_PATH | O_NOFOLLOW | O_CLOEXEC);
	if (fd < 0)
		return -1;
	if (fstat(fd, &st) != 0)
		goto out;
	if (S_ISLNK(st.st_mode) || (expect != NULL &&
	    (st.st_dev != expect->st_dev || st.st_ino != expect->st_ino))) {
		errno = ESTALE;
		goto out;
	}
	if ((w->uid != NODE_ANY_UID && st.st_uid != w->uid) ||
	    (w->gid != NODE_ANY_GID && st.st_gid != w->gid)) {
		if (chmod_fd(fd, dirfd, name, st.st_mode & w->perm & 0777) != 0 ||
		    fchownat(fd, "", w->uid, w->gid, AT_EMPTY_PATH) != 0)
			goto out;
	}
	/* After chown, which clears set-id bits, so they stay as asked. */
	rc = chmod_fd(fd, dirfd, name, w->perm);
out:
	close(fd);
	return rc;
}

static int
block_signals(sigset_t *old)
{
	sigset_t all;

	sigfillset(&all);
	return sigprocmask(SIG_BLOCK, &all, old);
}

/* Makes a node with mode 0 under a fresh temporary name. */
static int
make_temp(int dirfd, const struct node_want *w, char *tmp, size_t len)
{
	static unsigned long serial;

	for (int i = 0; i < TEMP_TRIES; i++) {
		snprintf(tmp, len, ".devtool.%ld.%lu", (long)getpid(),
		    serial++);
		if (make_at(dirfd, tmp, w, 0) == 0)
			return 0;
		if (errno != EEXIST)
			return -1;
	}
	return -1;
}

/*
 * Removes the temporary, if it is still what we made there: should a
 * failed swap-back leave someone's file under the temporary name, that
 * file stays (a directory is only ever removed empty).
 */
static void
remove_temp(int dirfd, const char *tmp, const struct node_want *w)
{
	int saved = errno;
	struct stat st;

	if (fstatat(dirfd, tmp, &st, AT_SYMLINK_NOFOLLOW) == 0 &&
	    (st.st_mode & S_IFMT) == (w->type & S_IFMT))
		unlinkat(dirfd, tmp, S_ISDIR(w->type) ? AT_REMOVEDIR : 0);
	errno = saved;
}

/* Puts tmp at name only if name does not exist. */
static int
rename_noreplace(int dirfd, const char *tmp, const char *name, bool dir)
{
	if (renameat2(dirfd, tmp, dirfd, name, RENAME_NOREPLACE) == 0)
		return 0;
	if (errno != EINVAL && errno != ENOSYS)
		return -1;
	if (dir) {	/* no flag support: a race could only meet an empty dir */
		if (faccessat(dirfd, name, F_OK, AT_SYMLINK_NOFOLLOW) == 0) {
			errno = EEXIST;
			return -1;
		}
		return renameat(dirfd, tmp, dirfd, name);
	}
	/* A hard link fails with EEXIST, atomically, like NOREPLACE. */
	if (linkat(dirfd, tmp, dirfd, name, 0) != 0)
		return -1;
	return unlinkat(dirfd, tmp, 0);
}

/*
 * Swaps tmp in for the node at name.  What comes out must be a device
 * node or FIFO to be removed; anything else that raced in is swapped back.
 */
static int
rename_exchange(int dirfd, const char *tmp, const char *name)
{
	struct stat st;

	if (renameat2(dirfd, tmp, dirfd, name, RENAME_EXCHANGE) != 0) {
		if (errno != EINVAL && errno != ENOSYS)
			return -1;
		if (fstatat(dirfd, name, &st, AT_SYMLINK_NOFOLLOW) != 0 ||
		    !is_node(st.st_mode)) {
			errno = EEXIST;
			return -1;
		}
		return renameat(dirfd, tmp, dirfd, name);
	}
	if (fstatat(dirfd, tmp, &st, AT_SYMLINK_NOFOLLOW) == 0 &&
	    is_node(st.st_mode))
		return unlinkat(dirfd, tmp, 0);
	renameat2(dirfd, tmp, dirfd, name, RENAME_EXCHANGE);
	errno = EEXIST;
	return -1;
}

/*
 * In an append-only directory a temporary name could be made but never
 * renamed nor removed: refuse before making one.
 */
static bool
temp_impossible(int dirfd)
{
	int flags = 0;

	return ioctl(dirfd, FS_IOC_GETFLAGS, &flags) == 0 &&
	    (flags & (FS_APPEND_FL | FS_IMMUTABLE_FL)) != 0;
}

#define NO_TEMP_MSG "its directory is append-only or immutable, where a " \
	"temporary name could not be removed; nothing was made"

/* Creates the node under a temporary name, then renames it into place. */
static int
via_temp(const struct place *p, const struct node_want *w, bool replace)
{
	char tmp[64];
	sigset_t old;
	int rc = -1;

	/* A signal now must not strand the temporary name. */
	if (block_signals(&old) != 0)
		return -1;
	if (make_temp(p->dirfd, w, tmp, sizeof(tmp)) != 0)
		goto out;
	if (set_owner_mode(p->dirfd, tmp, NULL, w) != 0 ||
	    (replace ? rename_exchange(p->dirfd, tmp, p->name) :
	    rename_noreplace(p->dirfd, tmp, p->name, S_ISDIR(w->type))) != 0)
		remove_temp(p->dirfd, tmp, w);
	else
		rc = 0;
out:
	{
		int saved = errno;

		sigprocmask(SIG_SETMASK, &old, NULL);
		errno = saved;
	}
	return rc;
}

/*
 * Whether mknodat with a umask of 0 gives exactly the asked owner and
 * mode at once: the asked owner is ours (or the set-gid parent's group),
 * there are no set-id bits to lose, and no default ACL to change the mode.
 */
static bool
direct_is_exact(const struct place *p, const struct node_want *w)
{
	struct root *r = p->root;
	gid_t gid;

	if (!r->cached_st_valid || r->cached_fd != p->dirfd)
		return false;
	if (S_ISREG(w->type) || (w->perm & ~0777) != 0 || r->cached_acl ||
	    (w->uid != NODE_ANY_UID && w->uid != r->euid))
		return false;
	if (r->cached_st.st_mode & S_ISGID) {
		if (S_ISDIR(w->type))
			return false;	/* it would inherit S_ISGID */
		gid = r->cached_st.st_gid;
	} else
		gid = r->egid;
	return w->gid == NODE_ANY_GID || w->gid == gid;
}

static enum node_outcome
create_new(const struct place *p, const struct node_want *w)
{
	if (S_ISREG(w->type))
		return fail(p, "does not exist (an f entry only adjusts a "
		    "file)");
	if (p->flags & NODE_DRY_RUN)
		return report(p, NODE_CREATED, "create", w);
	if (!direct_is_exact(p, w) && temp_impossible(p->dirfd))
		return fail(p, NO_TEMP_MSG);
	if (direct_is_exact(p, w) ?
	    make_at(p->dirfd, p->name, w, w->perm) == 0 :
	    via_temp(p, w, false) == 0)
		return report(p, NODE_CREATED, "create", w);
	if (errno == EEXIST)
		return fail(p, "appeared while being created; left alone");
	return fail(p, NULL);
}

static bool
same_kind(const struct stat *st, const struct node_want *w)
{
	if ((st->st_mode & S_IFMT) != (w->type & S_IFMT))
		return false;
	return !(S_ISCHR(w->type) || S_ISBLK(w->type)) ||
	    st->st_rdev == w->rdev;
}

static bool
same_attrs(const struct stat *st, const struct node_want *w)
{
	return (st->st_mode & 07777) == w->perm &&
	    (w->uid == NODE_ANY_UID || st->st_uid == w->uid) &&
	    (w->gid == NODE_ANY_GID || st->st_gid == w->gid);
}

static enum node_outcome
handle_existing(const struct place *p, const struct stat *st,
    const struct node_want *w)
{
	bool kind = same_kind(st, w);
	bool adjusts = S_ISDIR(w->type) || S_ISREG(w->type);
	struct node_want keep_owner;
	char why[160];

	if (kind && same_attrs(st, w) &&
	    (p->flags & (NODE_KEEP_SAME | NODE_REPLACE)))
		return report(p, NODE_UNCHANGED, "keep", w);
	if (kind && (adjusts || (p->flags & NODE_REPLACE))) {
		if (p->flags & NODE_DRY_RUN)
			return report(p, NODE_CORRECTED, "correct", w);
		if (set_owner_mode(p->dirfd, p->name, st, w) != 0)
			return fail(p, errno == ESTALE ? "changed while being "
			    "corrected; left alone" : NULL);
		return report(p, NODE_CORRECTED, "correct", w);
	}
	if (!is_node(st->st_mode) || !is_node(w->type)) {
		snprintf(why, sizeof(why), "exists and is a %s; %s",
		    type_word(st->st_mode), is_node(st->st_mode) ?
		    "not replaced by a non-node" :
		    "only device nodes and FIFOs are ever replaced");
		return fail(p, why);
	}
	if (!(p->flags & NODE_REPLACE)) {
		snprintf(why, sizeof(why), "exists (a %s); use -r to replace "
		    "it", type_word(st->st_mode));
		return fail(p, why);
	}
	/* An owner not asked for is the old node's, as when it is kept. */
	keep_owner = *w;
	if (keep_owner.uid == NODE_ANY_UID)
		keep_owner.uid = st->st_uid;
	if (keep_owner.gid == NODE_ANY_GID)
		keep_owner.gid = st->st_gid;
	w = &keep_owner;
	if (p->flags & NODE_DRY_RUN)
		return report(p, NODE_REPLACED, "replace", w);
	if (temp_impossible(p->dirfd))
		return fail(p, NO_TEMP_MSG);
	if (via_temp(p, w, true) != 0)
		return fail(p, errno == EEXIST ? "changed while being "
		    "replaced; left alone" : NULL);
	return report(p, NODE_REPLACED, "replace", w);
}

#define DRY_MISSING (-2)	/* a dry run met a parent it would create */

/* Splits path into its parent and last name; refuses ".", ".." and "x/". */
static int
split_path(const char *path, char *parent, size_t len, const char **name)
{
	const char *slash = strrchr(path, '/');
	size_t n;

	*name = slash != NULL ? slash + 1 : path;
	if (**name == '\0' || strcmp(*name, ".") == 0 ||
	    strcmp(*name, "..") == 0 || strlen(*name) > NAME_MAX)
		return -1;
	n = slash == NULL ? 0 : slash == path ? 1 : (size_t)(slash - path);
	if (n >= len)
		return -1;
	memcpy(parent, path, n);
	parent[n] = '\0';
	return 0;
}

/* Whether a dry run already said it would create dir; remembers it. */
static bool
dry_reported(struct root *r, const char *dir)
{
	char *copy;

	if (tfind(dir, &r->dry_dirs, (int (*)(const void *,
	    const void *))strcmp) != NULL)
		return true;
	if ((copy = strdup(dir)) != NULL)
		tsearch(copy, &r->dry_dirs, (int (*)(const void *,
		    const void *))strcmp);
	return false;
}

/* The next component of parent after *s: its name, and the path to it. */
static bool
next_component(const char **s, const char *parent, char *comp,
    char *prefix)
{
	size_t n;

	*s += strspn(*s, "/");
	if ((n = strcspn(*s, "/")) == 0 || n > NAME_MAX)
		return false;
	memcpy(comp, *s, n);
	comp[n] = '\0';
	*s += n;
	snprintf(prefix, PATH_MAX, "%.*s", (int)(*s - parent), parent);
	return true;
}

static void
close_keeping_errno(int fd)
{
	int saved = errno;

	if (fd >= 0)
		close(fd);
	errno = saved;
}

static const struct node_want parent_dir = {
	S_IFDIR, 0755, NODE_ANY_UID, NODE_ANY_GID, 0
};

/* Makes comp in cur, exactly 0755, and returns prefix (its path) open. */
static int
make_dir(const struct place *p, int cur, const char *comp,
    const char *prefix)
{
	struct place d = *p;
	bool made = mkdirat(cur, comp, 0755) == 0;
	int fd;

	if (!made && errno != EEXIST)
		return -1;
	if ((fd = root_opendir(p->root, prefix)) < 0)
		return -1;
	/* Exactly 0755: no default ACL, no inherited S_ISGID, no umask. */
	if (made && fchmod(fd, 0755) != 0) {
		close_keeping_errno(fd);
		return -1;
	}
	d.path = prefix;
	if (made)
		report(&d, NODE_CREATED, "create directory", &parent_dir);
	return fd;
}

/*
 * -p: creates each missing directory of parent, in order.  A dry run
 * says which it would create and returns DRY_MISSING.
 */
static int
make_parents(struct place *p, const char *parent)
{
	char prefix[PATH_MAX], comp[NAME_MAX + 1];
	bool dry = p->flags & NODE_DRY_RUN, missing = false;
	const char *s = parent;
	int cur = -1, fd;

	while (next_component(&s, parent, comp, prefix)) {
		if (!missing) {
			if ((fd = root_opendir(p->root, prefix)) < 0 &&
			    errno != ENOENT)
				goto fail;
			missing = fd < 0 && dry;
		}
		if (missing) {
			struct place d = *p;

			d.path = prefix;
			if (!dry_reported(p->root, prefix))
				report(&d, NODE_CREATED, "create directory",
				    &parent_dir);
			continue;
		}
		if (fd < 0 && cur < 0 && (cur = root_opendir(p->root,
		    *parent == '/' ? "/" : "")) < 0)
			goto fail;
		if (fd < 0 && (fd = make_dir(p, cur, comp, prefix)) < 0)
			goto fail;
		close_keeping_errno(cur);
		cur = fd;
	}
	close_keeping_errno(cur);
	if (missing || (dry && root_absent(p->root)))
		return DRY_MISSING;
	return root_opendir_cached(p->root, parent);
fail:
	close_keeping_errno(cur);
	return -1;
}

static int
open_parent(struct place *p, const char *parent)
{
	int fd = root_opendir_cached(p->root, parent);

	if (fd >= 0 || errno != ENOENT || !(p->flags & NODE_PARENTS))
		return fd;
	root_forget(p->root);
	return make_parents(p, parent);
}

/*
 * Looks at what is at the path and acts on it, holding the directory's
 * lock: concurrent devtool runs correct or replace one node one at a
 * time, so a node never ends with one run's owner and another's mode.
 */
static enum node_outcome
decide_locked(const struct place *p, const struct node_want *w)
{
	bool locked = !(p->flags & NODE_DRY_RUN) &&
	    flock(p->dirfd, LOCK_EX) == 0;
	enum node_outcome outcome;
	struct stat st;

	if (fstatat(p->dirfd, p->name, &st, AT_SYMLINK_NOFOLLOW) == 0)
		outcome = handle_existing(p, &st, w);
	else if (errno != ENOENT)
		outcome = fail(p, NULL);
	else
		outcome = create_new(p, w);
	if (locked)
		flock(p->dirfd, LOCK_UN);
	return outcome;
}

/* Whether path names something a node can be: not "", "/", "x/", "..". */
bool
node_path_ok(const char *path)
{
	char parent[PATH_MAX];
	const char *name;

	return split_path(path, parent, sizeof(parent), &name) == 0;
}

enum node_outcome
node_make(struct root *r, const char *path, const struct node_want *w,
    unsigned flags)
{
	struct place p = { r, path, -1, NULL, flags };
	char parent[PATH_MAX], why[64];

	if (split_path(path, parent, sizeof(parent), &p.name) != 0)
		return fail(&p, strlen(p.name) > NAME_MAX ? "name too long "
		    "(more than NAME_MAX, 255 bytes)" : strlen(path) >=
		    PATH_MAX ? "path too long (more than PATH_MAX - 1, 4095 "
		    "bytes)" : "not a name a node can have");
	p.dirfd = open_parent(&p, parent);
	if (p.dirfd == DRY_MISSING)
		return create_new(&p, w);
	if (p.dirfd < 0) {
		snprintf(why, sizeof(why), "parent directory: %s%s",
		    strerror(errno), errno == ENOENT && !(flags &
		    NODE_PARENTS) ? " (use -p)" : "");
		return fail(&p, why);
	}
	/* mknodat fails if anything is there, so trying first is safe. */
	if (!(flags & NODE_DRY_RUN) && direct_is_exact(&p, w)) {
		if (make_at(p.dirfd, p.name, w, w->perm) == 0)
			return report(&p, NODE_CREATED, "create", w);
		if (errno != EEXIST)
			return fail(&p, NULL);
	}
	return decide_locked(&p, w);
}
