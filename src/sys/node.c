/*
 * node.c - node creation with mknod's rules.  See node.h, and SECURITY
 * in the manual (man/devtool.1): what a hostile user who can write a
 * directory devtool works in can and cannot make it do.
 */
#include <sys/ioctl.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/sysmacros.h>
#include <sys/xattr.h>

#include <linux/fs.h>

#include <sys/capability.h>

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <search.h>
#include <signal.h>
#include <stdint.h>
#include <stdlib.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "sys/node.h"
#include "sys/root_impl.h"
#include "sys/sig.h"
#include "sys/temp.h"
#include "base/types.h"
#include "sys/walk.h"

#define TEMP_TRIES 100
#define ACL_DEFAULT "system.posix_acl_default"

#ifndef SYS_fchmodat2
#define SYS_fchmodat2 452	/* Linux 6.6; glibc 2.36 has no wrapper */
#endif

struct dir_id {
	dev_t dev;
	ino_t ino;
};

/*
 * The directories -p made for one entry, in order, to remove again if it
 * fails; past MADE_MAX of them nothing is recorded, and nothing removed.
 */
#define MADE_MAX 64
struct made_dirs {
	struct dir_id id[MADE_MAX];
	size_t n;
	bool overflow;
};

/* Where a node goes: its parent directory, open, and its last name. */
struct place {
	struct root *root;
	const char *path;	/* as the user wrote it, for messages */
	int dirfd;		/* -1 in a dry run under a missing parent */
	const char *name;
	unsigned flags;
	bool contain;		/* the directory is not pinned (root.h) */
	bool dry_missing;	/* a dry run met a parent it would create */
	const char *made;	/* in the parent path: the first directory
				   made for this entry, or NULL */
	struct made_dirs *made_ids;	/* what they are, or NULL */
	const struct node_events *ev;	/* or NULL */
	struct node_result *res;
};

/* How a step failed, when errno alone cannot say. */
enum {
	STEP_OK = 0,
	STEP_ERRNO = -1,	/* errno says */
	STEP_NO_PROC = -2,	/* no /proc, no fchmodat2: no safe chmod */
	STEP_NO_EXCHANGE = -3,	/* the file system refuses RENAME_EXCHANGE */
	STEP_MOVED_OUT = -4,	/* the directory left --root: node removed */
	STEP_UNCHECKED = -5,	/* root_contains failed (errno): removed */
};

/* $XDG_RUNTIME_DIR as the CLI read it, for lock_file(). */
static const char *runtime_dir;

mode_t
node_begin(const char *dir)
{
	runtime_dir = dir;
	/* Modes are made exact by hand; the umask only gives the default. */
	return umask(0);
}

/* What is there, in words: an entry's type (entry.h), or what else. */
static const char *
type_word(mode_t type)
{
	const struct entry_type *t = entry_type_of_mode(type);

	return t != NULL ? t->noun : "file of unknown type";
}

static bool
is_node(mode_t mode)
{
	return S_ISCHR(mode) || S_ISBLK(mode) || S_ISFIFO(mode);
}

/*
 * What an entry of w's type may take the place of (with -r, or a
 * tmpfiles "+"): a device node or FIFO, and for a link a link too.  A
 * regular file, directory or socket is never removed.
 */
static bool
replaceable(mode_t old, const struct node_want *w)
{
	return is_node(old) ? is_node(w->type) || S_ISLNK(w->type) :
	    S_ISLNK(old) && S_ISLNK(w->type);
}

/* "c 1:3, mode 0600, owner 0:5"; a link, "l -> TARGET, owner 0:5". */
void
node_describe(char *buf, size_t len, const struct node_want *w)
{
	char kind = entry_type_of_mode(w->type)->letter;
	char uid[16] = "-", gid[16] = "-", nums[32] = "", owner[48] = "";

	if (w->uid != NODE_ANY_UID)
		snprintf(uid, sizeof(uid), "%u", (unsigned)w->uid);
	if (w->gid != NODE_ANY_GID)
		snprintf(gid, sizeof(gid), "%u", (unsigned)w->gid);
	if (w->uid != NODE_ANY_UID || w->gid != NODE_ANY_GID)
		snprintf(owner, sizeof(owner), ", owner %s:%s", uid, gid);
	if (S_ISCHR(w->type) || S_ISBLK(w->type))
		snprintf(nums, sizeof(nums), " %u:%u", major(w->rdev),
		    minor(w->rdev));
	if (S_ISLNK(w->type))
		snprintf(buf, len, "%c -> %s%s", kind, w->target, owner);
	else
		snprintf(buf, len, "%c%s, mode %04o%s", kind, nums,
		    (unsigned)w->perm, owner);
}

/*
 * -v and -n: each action goes to the caller's callback, which prints it
 * (docs/DESIGN.md).  Returns outcome, so a caller can end with it.
 */
static enum node_outcome
report(const struct place *p, enum node_outcome outcome, const char *verb,
    const struct node_want *w)
{
	struct node_event e = { p->path, outcome, verb, w,
	    (p->flags & NODE_DRY_RUN) != 0 };

	if ((p->flags & (NODE_VERBOSE | NODE_DRY_RUN)) && p->ev != NULL &&
	    p->ev->say != NULL)
		p->ev->say(p->ev->ctx, &e);
	return outcome;
}

/* why NULL: errno says; it is kept in the result for the caller. */
static enum node_outcome
fail_node(const struct place *p, const char *why)
{
	struct node_result *res = p->res;

	res->outcome = NODE_FAILED;
	res->error = errno;
	res->reason = NULL;
	if (why != NULL) {
		snprintf(res->buf, sizeof(res->buf), "%s", why);
		res->reason = res->buf;
	}
	return NODE_FAILED;
}

/*
 * A step of the path root.c refused, an unsafe path transition: its own
 * sentence, which names both ends (root_refusal), is the reason.
 */
static enum node_outcome
fail_refused(const struct place *p)
{
	fail_node(p, NULL);
	p->res->reason = root_refusal(p->root);
	return NODE_FAILED;
}

/*
 * Creates name in dirfd with exactly perm, given a umask of 0 (a link's
 * is always 0777).  Like mknodat, symlinkat fails if the name exists.  A
 * device node refused with EPERM is noted in res: the caller names
 * CAP_MKNOD.
 */
static int
make_at(int dirfd, const char *name, const struct node_want *w, mode_t perm,
    struct node_result *res)
{
	if (S_ISDIR(w->type))
		return mkdirat(dirfd, name, perm);
	if (S_ISLNK(w->type))
		return symlinkat(w->target, dirfd, name);
	if (mknodat(dirfd, name, w->type | perm, w->rdev) == 0)
		return 0;
	if (errno == EPERM && (S_ISCHR(w->type) || S_ISBLK(w->type)))
		res->no_mknod = true;
	return -1;
}

static void
close_keeping_errno(int fd)
{
	int saved = errno;

	if (fd >= 0)
		close(fd);
	errno = saved;
}

/* The directory's identity: the cached stat when it is the cached one. */
static int
dir_stat(const struct root *r, int dirfd, struct stat *st)
{
	if (r->cached_st_valid && r->cached_fd == dirfd) {
		*st = r->cached_st;
		return 0;
	}
	return fstat(dirfd, st);
}

static uid_t
euid(void)
{
	static uid_t id = (uid_t)-1;
	static bool known;

	if (!known) {
		id = geteuid();
		known = true;
	}
	return id;
}

/*
 * chmod(2) through an O_PATH descriptor, never by name: /proc's magic
 * link to it, else fchmodat2(2) on the descriptor itself.  Without
 * either there is no safe way: STEP_NO_PROC.  Under a faker (faker) the
 * raw fchmodat2 would change the file behind its back, the mode it
 * shows staying the old one: only chmod(2), which it intercepts.
 */
static int
chmod_fd(int fd, mode_t perm, bool faker)
{
	char proc[64];

	snprintf(proc, sizeof(proc), "/proc/self/fd/%d", fd);
	if (chmod(proc, perm) == 0)
		return STEP_OK;
	if (errno != ENOENT)
		return STEP_ERRNO;
	if (faker)
		return STEP_NO_PROC;
	if (syscall(SYS_fchmodat2, fd, "", perm, AT_EMPTY_PATH |
	    AT_SYMLINK_NOFOLLOW) == 0)
		return STEP_OK;
	return errno == ENOSYS || errno == EINVAL ? STEP_NO_PROC : STEP_ERRNO;
}

/* Whether the entry asks for another owner than st's. */
static bool
owner_changes(const struct stat *st, const struct node_want *w)
{
	return (w->uid != NODE_ANY_UID && w->uid != st->st_uid) ||
	    (w->gid != NODE_ANY_GID && w->gid != st->st_gid);
}

/*
 * Whether the kernel keeps users from linking files they do not own
 * (fs.protected_hardlinks); unknown (no /proc) is taken as off, the
 * kernel's default.
 */
static bool
hardlinks_protected(void)
{
	static int known = -1;
	char c = '0';
	int fd;

	if (known < 0) {
		fd = open("/proc/sys/fs/protected_hardlinks", O_RDONLY |
		    O_CLOEXEC);
		known = fd >= 0 && read(fd, &c, 1) == 1 && c == '1';
		close_keeping_errno(fd);
	}
	return known;
}

/*
 * Whether giving st a mode, owner or capabilities could change a file
 * outside the tree: while fs.protected_hardlinks is off, a user who can
 * write the tree may have linked any file of its file system into it
 * (/etc/shadow), so anything but a directory with other hard links is
 * left alone, as systemd-tmpfiles leaves it (hardlink_vulnerable).
 */
static bool
hardlink_vulnerable(const struct stat *st)
{
	return !S_ISDIR(st->st_mode) && st->st_nlink > 1 &&
	    !hardlinks_protected();
}

#define HARDLINKED_MSG "has other hard links, and fs.protected_hardlinks " \
	"is off: one may be a file outside --root; left alone"

/*
 * Gives an existing name the owner and mode asked for, through a
 * descriptor of the inode checked before (expect): anything else there
 * now is left alone.  When the owner changes the mode is first narrowed
 * to what both allow, so the node is never wider than asked, nor open to
 * its old owner beyond that.
 */
static int
set_owner_mode(const struct place *p, const struct stat *expect,
    const struct node_want *w)
{
	bool faker = p->root->faker;
	struct stat st;
	int fd, rc = STEP_ERRNO;

	fd = openat(p->dirfd, p->name, O_PATH | O_NOFOLLOW | O_CLOEXEC);
	if (fd < 0)
		return STEP_ERRNO;
	if (fstat(fd, &st) != 0)
		goto out;
	if (((st.st_mode ^ expect->st_mode) & S_IFMT) != 0 ||
	    st.st_dev != expect->st_dev || st.st_ino != expect->st_ino) {
		errno = ESTALE;
		goto out;
	}
	/* A link has no mode to set: only its own owner (AT_EMPTY_PATH). */
	if (S_ISLNK(st.st_mode)) {
		rc = !owner_changes(&st, w) || fchownat(fd, "", w->uid, w->gid,
		    AT_EMPTY_PATH) == 0 ? STEP_OK : STEP_ERRNO;
		goto out;
	}
	if (owner_changes(&st, w)) {
		if ((rc = chmod_fd(fd, st.st_mode & w->perm & 0777,
		    faker)) != STEP_OK)
			goto out;
		rc = STEP_ERRNO;
		if (fchownat(fd, "", w->uid, w->gid, AT_EMPTY_PATH) != 0)
			goto out;
	}
	/* After chown, which clears set-id bits, so they stay as asked. */
	rc = chmod_fd(fd, w->perm, faker);
out:
	close_keeping_errno(fd);
	return rc;
}

/*
 * A private directory .devtool.PID.N: ours (owned by our euid, no group
 * or other bits; set-gid as its parent may make it), so nobody else can
 * reach a name inside it.  Everything is done inside through pv->fd.
 */
struct priv {
	int fd;
	struct stat st;
	char name[48];
	bool dirty;		/* something could not be taken out of it */
};

static bool
private_dir(const struct stat *st)
{
	return S_ISDIR(st->st_mode) && st->st_uid == euid() &&
	    (st->st_mode & 07077 & ~S_ISGID) == 0;
}

/*
 * A private directory inherits the directory's default ACL, and would pass
 * it on to every node made in it: a named user there (perhaps put there by
 * the directory's owner) would reach the node past its mode.  So it keeps
 * none, and a node gets exactly the mode asked for (SECURITY in the manual).
 */
static int
drop_acls(int fd)
{
	static const char *const names[] = { ACL_DEFAULT,
	    "system.posix_acl_access" };

	for (size_t i = 0; i < sizeof(names) / sizeof(names[0]); i++)
		if (fremovexattr(fd, names[i]) != 0 && errno != ENODATA &&
		    errno != EOPNOTSUPP)
			return -1;
	return 0;
}

/*
 * Makes one and opens it.  A name that is not, once open, the private
 * directory just made (someone swapped it) is left alone: another name.
 */
static int
priv_open(int dirfd, struct priv *pv)
{
	static unsigned long serial;

	for (int i = 0; i < TEMP_TRIES; i++) {
		snprintf(pv->name, sizeof(pv->name), TEMP_PREFIX "%ld.%lu",
		    (long)getpid(), serial++);
		if (mkdirat(dirfd, pv->name, 0700) != 0) {
			if (errno == EEXIST)
				continue;
			break;
		}
		pv->fd = openat(dirfd, pv->name, O_RDONLY | O_DIRECTORY |
		    O_NOFOLLOW | O_CLOEXEC);
		if (pv->fd < 0)
			continue;
		/* A default ACL may have taken owner bits: give them back. */
		pv->dirty = false;
		if (fstat(pv->fd, &pv->st) == 0 && private_dir(&pv->st) &&
		    ((pv->st.st_mode & 0700) == 0700 ||
		    fchmod(pv->fd, 0700 | (pv->st.st_mode & S_ISGID)) == 0) &&
		    drop_acls(pv->fd) == 0)
			return 0;
		close(pv->fd);
		errno = EEXIST;
	}
	pv->fd = -1;
	return -1;
}

/* Removes it (empty) if its name still leads to it, and closes it. */
static void
priv_close(int dirfd, struct priv *pv)
{
	int saved = errno;
	struct stat st;

	if (fstatat(dirfd, pv->name, &st, AT_SYMLINK_NOFOLLOW) == 0 &&
	    st.st_dev == pv->st.st_dev && st.st_ino == pv->st.st_ino)
		unlinkat(dirfd, pv->name, AT_REMOVEDIR);
	close(pv->fd);
	pv->fd = -1;
	errno = saved;
}

/* Moves name from dirfd into the private directory, as to. */
static int
move_in(int dirfd, const char *name, const struct priv *pv, const char *to)
{
	if (renameat2(dirfd, name, pv->fd, to, RENAME_NOREPLACE) == 0)
		return 0;
	if (errno != EINVAL && errno != ENOSYS)
		return -1;
	/* Nobody else can make a name appear in there. */
	if (faccessat(pv->fd, to, F_OK, AT_SYMLINK_NOFOLLOW) == 0) {
		errno = EEXIST;
		return -1;
	}
	return renameat(dirfd, name, pv->fd, to);
}

/* Moves from out of the private directory to name, if name is free. */
static int
move_out(const struct priv *pv, const char *from, int dirfd,
    const char *name)
{
	struct stat st;

	if (renameat2(pv->fd, from, dirfd, name, RENAME_NOREPLACE) == 0)
		return 0;
	if ((errno != EINVAL && errno != ENOSYS) ||
	    fstatat(pv->fd, from, &st, AT_SYMLINK_NOFOLLOW) != 0)
		return -1;
	if (S_ISDIR(st.st_mode)) {
		/* No flag support: a race could only meet an empty dir. */
		if (faccessat(dirfd, name, F_OK, AT_SYMLINK_NOFOLLOW) == 0) {
			errno = EEXIST;
			return -1;
		}
		return renameat(pv->fd, from, dirfd, name);
	}
	/* A hard link fails with EEXIST, atomically, like NOREPLACE. */
	if (linkat(pv->fd, from, dirfd, name, 0) != 0)
		return -1;
	return unlinkat(pv->fd, from, 0);
}

static bool
same_inode(const struct stat *a, const struct stat *b)
{
	return a->st_dev == b->st_dev && a->st_ino == b->st_ino;
}

/*
 * Removes name from dirfd only if it is the inode expected: it is moved
 * into the private directory first, where it is checked and removed
 * with nobody able to swap it; anything else is put back.
 */
static int
take_out(int dirfd, const char *name, struct priv *pv,
    const struct stat *expect)
{
	struct stat st;

	if (move_in(dirfd, name, pv, OUT_NAME) != 0)
		return -1;
	if (fstatat(pv->fd, OUT_NAME, &st, AT_SYMLINK_NOFOLLOW) == 0 &&
	    same_inode(&st, expect)) {
		if (unlinkat(pv->fd, OUT_NAME, S_ISDIR(st.st_mode) ?
		    AT_REMOVEDIR : 0) == 0)
			return 0;
	} else if (move_out(pv, OUT_NAME, dirfd, name) == 0) {
		errno = ESTALE;
		return -1;
	}
	pv->dirty = true;
	return -1;
}

/*
 * Swaps the private node in for the old one at name.  What comes out
 * lands in the private directory, where nobody else can touch it: what
 * the entry may replace (a device node or FIFO; for a link, a link too)
 * is removed, anything else that raced in goes back.
 */
static int
exchange_in(const struct place *p, const struct priv *pv,
    const struct node_want *w)
{
	struct stat st;

	if (renameat2(pv->fd, TEMP_NAME, p->dirfd, p->name,
	    RENAME_EXCHANGE) != 0)
		return errno == EINVAL || errno == ENOSYS ? STEP_NO_EXCHANGE :
		    STEP_ERRNO;
	if (fstatat(pv->fd, TEMP_NAME, &st, AT_SYMLINK_NOFOLLOW) == 0 &&
	    replaceable(st.st_mode, w))
		return unlinkat(pv->fd, TEMP_NAME, 0) == 0 ? STEP_OK :
		    STEP_ERRNO;
	renameat2(pv->fd, TEMP_NAME, p->dirfd, p->name, RENAME_EXCHANGE);
	errno = EEXIST;
	return STEP_ERRNO;
}

/* Puts what was moved in as OUT_NAME back at name, or keeps it there. */
static void
put_back(const struct place *p, struct priv *pv)
{
	int saved = errno;

	if (move_out(pv, OUT_NAME, p->dirfd, p->name) != 0)
		pv->dirty = true;
	errno = saved;
}

/*
 * Without RENAME_EXCHANGE (pseudo refuses renameat2), in steps: the old
 * entry is moved into the private directory, where only what the entry
 * may replace (a device node or FIFO; for a link, a link too) goes on
 * (anything else that raced in goes back), the private node
 * moved out without replacing anything, then the old one removed.  For
 * a moment the name is free: one that took it meanwhile is kept and the
 * old node stays out (it is put back if it can be).  Only under a faker,
 * which builds a tree, not a live /dev (CAVEATS in the manual).
 */
static int
replace_in_steps(const struct place *p, struct priv *pv,
    const struct node_want *w)
{
	struct stat st;

	if (move_in(p->dirfd, p->name, pv, OUT_NAME) != 0)
		return STEP_ERRNO;
	if (fstatat(pv->fd, OUT_NAME, &st, AT_SYMLINK_NOFOLLOW) != 0 ||
	    !replaceable(st.st_mode, w)) {
		errno = EEXIST;
		put_back(p, pv);
		return STEP_ERRNO;
	}
	if (move_out(pv, TEMP_NAME, p->dirfd, p->name) != 0) {
		put_back(p, pv);
		return STEP_ERRNO;
	}
	return unlinkat(pv->fd, OUT_NAME, 0) == 0 ? STEP_OK : STEP_ERRNO;
}

/* The private node in for the old one: exchanged, or under a faker in steps. */
static int
replace_in(const struct place *p, struct priv *pv, const struct node_want *w)
{
	int rc = exchange_in(p, pv, w);

	if (rc != STEP_NO_EXCHANGE || !p->root->faker)
		return rc;
	return replace_in_steps(p, pv, w);
}

/*
 * Leaves the private directory empty: the node made there is removed;
 * anything else (a swap that raced an exchange back) is put back.
 */
static void
settle(const struct place *p, struct priv *pv, const struct stat *mine)
{
	int saved = errno;
	struct stat st;

	if (fstatat(pv->fd, TEMP_NAME, &st, AT_SYMLINK_NOFOLLOW) == 0 &&
	    (same_inode(&st, mine) ? unlinkat(pv->fd, TEMP_NAME,
	    S_ISDIR(st.st_mode) ? AT_REMOVEDIR : 0) :
	    move_out(pv, TEMP_NAME, p->dirfd, p->name)) != 0)
		pv->dirty = true;
	errno = saved;
}

/*
 * A directory that others could move (not pinned, see root.h) may have
 * left the root since it was opened: then the node just put there is
 * outside.  It is made mode 0 through its descriptor and taken out.
 */
static int
check_inside(const struct place *p, struct priv *pv, int fd,
    const struct stat *mine)
{
	int in;

	if (!p->contain || (in = root_contains(p->root, p->dirfd)) == 1)
		return STEP_OK;
	if (!S_ISLNK(mine->st_mode))	/* a link has no mode to close */
		chmod_fd(fd, 0, p->root->faker);
	take_out(p->dirfd, p->name, pv, mine);
	return in == 0 ? STEP_MOVED_OUT : STEP_UNCHECKED;
}

/*
 * Owner, then mode (chown clears set-id bits), where nobody can see.  The
 * owner goes through the descriptor, which for a link is the link's own
 * (O_PATH | O_NOFOLLOW, AT_EMPTY_PATH); a link has no mode, and fchmodat
 * would follow it.
 */
static int
own(const struct priv *pv, int fd, const struct stat *st,
    const struct node_want *w)
{
	if (owner_changes(st, w) &&
	    fchownat(fd, "", w->uid, w->gid, AT_EMPTY_PATH) != 0)
		return STEP_ERRNO;
	if (S_ISLNK(w->type))
		return STEP_OK;
	/* By name, safely: nobody else can swap a name in there. */
	return fchmodat(pv->fd, TEMP_NAME, w->perm, 0) == 0 ? STEP_OK :
	    STEP_ERRNO;
}

/*
 * Makes the node (mode 0) inside the private directory, gives it its
 * owner and mode there, and renames it into place: without replacing
 * anything, or (replace) exchanged with the old node.
 */
static int
place_via(const struct place *p, struct priv *pv,
    const struct node_want *w, bool replace)
{
	struct stat mine;
	int fd, rc;

	if (make_at(pv->fd, TEMP_NAME, w, 0, p->res) != 0)
		return STEP_ERRNO;
	fd = openat(pv->fd, TEMP_NAME, O_PATH | O_NOFOLLOW | O_CLOEXEC);
	if (fd < 0 || fstat(fd, &mine) != 0) {
		close_keeping_errno(fd);
		rc = errno;
		if (unlinkat(pv->fd, TEMP_NAME, S_ISDIR(w->type) ?
		    AT_REMOVEDIR : 0) != 0)
			pv->dirty = true;
		errno = rc;
		return STEP_ERRNO;
	}
	rc = own(pv, fd, &mine, w);
	if (rc == STEP_OK)
		rc = replace ? replace_in(p, pv, w) :
		    move_out(pv, TEMP_NAME, p->dirfd, p->name) == 0 ?
		    STEP_OK : STEP_ERRNO;
	if (rc == STEP_OK)
		rc = check_inside(p, pv, fd, &mine);
	settle(p, pv, &mine);
	close_keeping_errno(fd);
	return rc;
}

/*
 * A private directory is kept for the next entries in the same directory
 * (making and removing one per node is slow on some file systems: ext4
 * with discard, ten times slower), one for each of the last HELD_MAX
 * directories.  Between entries they are empty; one is removed when it
 * is the least recently used of too many, at exit, or by a fatal
 * signal's handler.  (SIGKILL leaves them: the next run removes them.)
 */
#define HELD_MAX 16

static struct held {
	dev_t dev;		/* the parent's identity */
	ino_t ino;
	unsigned long used;	/* when last used, for the LRU */
	struct priv pv;
	volatile sig_atomic_t live;
	int dirfd;		/* our own descriptor of its parent */
} held[HELD_MAX];
static bool held_keep;		/* at exit they are removed: keep them */

/* With signals blocked, or at exit. */
static void
held_release(struct held *h)
{
	if (!h->live)
		return;
	h->live = 0;
	priv_close(h->dirfd, &h->pv);
	close_keeping_errno(h->dirfd);
	h->dirfd = -1;
}

static void
held_release_all(void)
{
	for (size_t i = 0; i < HELD_MAX; i++)
		held_release(&held[i]);
}

static void
held_release_at_exit(void)
{
	sigset_t old;

	if (sig_block(&old) != 0)
		return;
	held_release_all();
	sig_restore(&old);
}

/*
 * A fatal signal: the (empty) private directories go, before the default
 * (sig.h).  (priv_close makes only async-signal-safe calls.)
 */
static void
held_on_fatal(void)
{
	for (size_t i = 0; i < HELD_MAX; i++)
		if (held[i].live)
			priv_close(held[i].dirfd, &held[i].pv);
}

/* Once: removed at exit and on a fatal signal. */
static void
held_hooks(void)
{
	static bool done;

	if (done)
		return;
	done = true;
	held_keep = atexit(held_release_at_exit) == 0;
	(void)sig_on_fatal(held_on_fatal);	/* SIG_HOOKS_MAX has room */
}

/* A free slot, else the least recently used one. */
static struct held *
held_slot(void)
{
	struct held *h = &held[0];

	for (size_t i = 0; i < HELD_MAX; i++) {
		if (!held[i].live)
			return &held[i];
		if (held[i].used < h->used)
			h = &held[i];
	}
	return h;
}

/* The private directory in p's directory, made if need be. */
static struct priv *
held_get(const struct place *p)
{
	static unsigned long clock;
	struct held *h;
	struct stat st;

	if (dir_stat(p->root, p->dirfd, &st) != 0)
		return NULL;
	for (size_t i = 0; i < HELD_MAX; i++) {
		h = &held[i];
		if (!h->live || h->dev != st.st_dev || h->ino != st.st_ino)
			continue;
		if (!h->pv.dirty) {
			h->used = ++clock;
			return &h->pv;
		}
		held_release(h);
	}
	h = held_slot();
	held_release(h);
	if ((h->dirfd = fcntl(p->dirfd, F_DUPFD_CLOEXEC, 0)) < 0)
		return NULL;
	if (priv_open(h->dirfd, &h->pv) != 0) {
		close_keeping_errno(h->dirfd);
		h->dirfd = -1;
		return NULL;
	}
	h->dev = st.st_dev;
	h->ino = st.st_ino;
	h->used = ++clock;
	held_hooks();
	h->live = 1;
	return &h->pv;
}

/* The same through the private directory.  Signals wait meanwhile. */
static int
via_private(const struct place *p, const struct node_want *w, bool replace)
{
	struct priv *pv;
	sigset_t old;
	int rc = STEP_ERRNO;

	if (sig_block(&old) != 0)
		return STEP_ERRNO;
	if ((pv = held_get(p)) != NULL)
		rc = place_via(p, pv, w, replace);
	if (!held_keep)
		held_release_all();
	sig_restore(&old);
	return rc;
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
#define NO_PROC_MSG "its mode cannot be changed safely: /proc is not " \
	"mounted and the kernel has no fchmodat2; left alone"
#define NO_PROC_FAKER_MSG "its mode cannot be changed safely: /proc is " \
	"not mounted, and fchmodat2 would change it unseen by fakeroot or " \
	"pseudo; left alone"
#define NO_EXCHANGE_MSG "not replaced: the file system does not support " \
	"RENAME_EXCHANGE, without which the old node cannot be replaced " \
	"safely; left alone"
#define MOVED_OUT_MSG "its directory was moved out of --root meanwhile; " \
	"the node made there was removed"

/* The message for a failed step; raced is for errno == race_errno. */
static enum node_outcome
fail_step(const struct place *p, int rc, int race_errno, const char *raced)
{
	char why[160];

	switch (rc) {
	case STEP_NO_PROC:
		return fail_node(p, p->root->faker ? NO_PROC_FAKER_MSG :
		    NO_PROC_MSG);
	case STEP_NO_EXCHANGE:
		return fail_node(p, NO_EXCHANGE_MSG);
	case STEP_MOVED_OUT:
		return fail_node(p, MOVED_OUT_MSG);
	case STEP_UNCHECKED:
		snprintf(why, sizeof(why), "its directory could not be checked "
		    "to be inside --root (%s); the node made there was removed",
		    strerror(errno));
		return fail_node(p, why);
	default:
		return fail_node(p, errno == race_errno ? raced : NULL);
	}
}

/* ------------------------------------------------ a killed run's leftovers */

/*
 * A dead run's private directory, as temp.h knows one: what a run makes
 * there is TEMP_NAME and OUT_NAME alone, so one holding any other name is
 * not ours (another root-owned 0700 directory renamed to look like one)
 * and is left whole.  Of ours, only device nodes, FIFOs, sockets,
 * symbolic links and empty directories are removed, then the directory
 * itself if its name still leads to it.
 */
static void
clean_private(int dirfd, const char *name)
{
	static const char *const ours[] = { TEMP_NAME, OUT_NAME };
	struct stat st, now;
	int fd;

	fd = openat(dirfd, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW |
	    O_CLOEXEC);
	if (fd < 0)
		return;
	if (fstat(fd, &st) != 0 || !temp_made_by(&st, euid()) ||
	    temp_holds_only_ours(fd) != 1)
		goto out;
	for (size_t i = 0; i < sizeof(ours) / sizeof(ours[0]); i++) {
		if (fstatat(fd, ours[i], &now, AT_SYMLINK_NOFOLLOW) != 0)
			continue;
		if (is_node(now.st_mode) || S_ISLNK(now.st_mode) ||
		    S_ISSOCK(now.st_mode))
			unlinkat(fd, ours[i], 0);
		else if (S_ISDIR(now.st_mode))
			unlinkat(fd, ours[i], AT_REMOVEDIR);
	}
	if (fstatat(dirfd, name, &now, AT_SYMLINK_NOFOLLOW) == 0 &&
	    same_inode(&now, &st))
		unlinkat(dirfd, name, AT_REMOVEDIR);
out:
	close(fd);
}

/* A legacy temporary is removed through a private directory, made once. */
static void
remove_legacy(int dirfd, const char *name, const struct stat *st,
    struct priv *pv, sigset_t *old)
{
	if (pv->fd < 0) {
		if (temp_impossible(dirfd) || sig_block(old) != 0)
			return;
		if (priv_open(dirfd, pv) != 0) {
			sig_restore(old);
			return;
		}
	}
	take_out(dirfd, name, pv, st);
}

static bool
pid_dead(pid_t pid)
{
	return kill(pid, 0) != 0 && errno == ESRCH;
}

/*
 * Removes what a killed run left in dirfd: its private directories and,
 * from older versions, mode-0 nodes under a temporary name.  Only those
 * of a PID that is no longer running, and only what is provably ours.
 */
static void
clean_stale(int dirfd)
{
	struct priv pv = { .fd = -1 };
	struct dirent *de;
	struct stat st;
	sigset_t old;
	DIR *dir;
	pid_t pid;
	int fd;

	if ((fd = openat(dirfd, ".", O_RDONLY | O_DIRECTORY | O_CLOEXEC)) < 0)
		return;
	if ((dir = fdopendir(fd)) == NULL) {
		close(fd);
		return;
	}
	while ((de = readdir(dir)) != NULL) {
		if (!temp_name(de->d_name, &pid) || !pid_dead(pid) ||
		    fstatat(dirfd, de->d_name, &st, AT_SYMLINK_NOFOLLOW) != 0 ||
		    !temp_made_by(&st, euid()))
			continue;
		if (S_ISDIR(st.st_mode))
			clean_private(dirfd, de->d_name);
		else
			remove_legacy(dirfd, de->d_name, &st, &pv, &old);
	}
	closedir(dir);
	if (pv.fd >= 0) {
		priv_close(dirfd, &pv);
		sig_restore(&old);
	}
}

static int
by_id(const void *a, const void *b)
{
	const struct dir_id *x = a, *y = b;

	if (x->dev != y->dev)
		return x->dev < y->dev ? -1 : 1;
	return x->ino < y->ino ? -1 : x->ino > y->ino;
}

/* The first time this run uses a directory, its leftovers go. */
static void
visit(const struct root *r, int dirfd)
{
	static void *seen;	/* tsearch(3) set of struct dir_id */
	static struct dir_id last;
	struct dir_id id, *copy;
	struct stat st;

	if (dir_stat(r, dirfd, &st) != 0)
		return;
	id.dev = st.st_dev;
	id.ino = st.st_ino;
	if (by_id(&id, &last) == 0)
		return;
	last = id;
	if (tfind(&id, &seen, by_id) != NULL)
		return;
	if ((copy = malloc(sizeof(*copy))) == NULL)
		return;
	*copy = id;
	if (tsearch(copy, &seen, by_id) == NULL) {
		free(copy);
		return;
	}
	clean_stale(dirfd);
}

/* ------------------------------------------------------------- the lock */

/*
 * The lock file: our own, where only we can create it, so that no other
 * user can hold a lock in it (flock(2) on the directory itself could be
 * held forever by anyone who can read it).  None, no lock.  Under a
 * faker (faker) euid 0 is its fiction: the user's own, as for any user.
 */
static int
lock_file(bool faker)
{
	static int fd = -1;
	static bool tried;
	const char *dir = "/run", *xdg;
	char path[PATH_MAX];
	struct stat st;

	if (tried)
		return fd;
	tried = true;
	if (euid() != 0 || faker) {
		if ((xdg = runtime_dir) == NULL || *xdg != '/')
			return -1;
		dir = xdg;
	}
	if (snprintf(path, sizeof(path), "%s/devtool.lock", dir) >=
	    (int)sizeof(path))
		return -1;
	fd = open(path, O_RDWR | O_CREAT | O_NOFOLLOW | O_NONBLOCK |
	    O_CLOEXEC, 0600);
	if (fd >= 0 && (fstat(fd, &st) != 0 || !S_ISREG(st.st_mode) ||
	    st.st_uid != euid() || (st.st_mode & 077) != 0)) {
		close(fd);
		fd = -1;
	}
	return fd;
}

/* One byte per directory, at an offset hashed from its identity. */
static off_t
lock_offset(const struct stat *st)
{
	uint64_t h = (uint64_t)st->st_dev * 0x9e3779b97f4a7c15u ^
	    (uint64_t)st->st_ino;

	h ^= h >> 31;
	h *= 0xbf58476d1ce4e5b9u;
	h ^= h >> 29;
	return (off_t)(h & ((UINT64_C(1) << 40) - 1));
}

/* Takes (F_WRLCK) or drops (F_UNLCK) the directory's lock. */
static int
dir_lock(int fd, off_t at, short type)
{
	struct flock fl = {
		.l_type = type, .l_whence = SEEK_SET, .l_start = at,
		.l_len = 1,
	};
	int rc;

	while ((rc = fcntl(fd, type == F_UNLCK ? F_OFD_SETLK : F_OFD_SETLKW,
	    &fl)) != 0 && errno == EINTR)
		;
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

	/*
	 * Not pinned: via a private directory, to hold the node made.  Not
	 * ours: its owner could add a default ACL or S_ISGID at any moment.
	 */
	if (!r->cached_st_valid || r->cached_fd != p->dirfd || p->contain ||
	    r->cached_st.st_uid != r->euid)
		return false;
	/*
	 * A faker's mknod "succeeds" over whatever is at the name (fakeroot
	 * truncates a file there): only in the private directory.
	 */
	if (r->faker)
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

/* ------------------------------------------------- file capabilities */

/*
 * Whether the file open at fd has other capabilities than text adds to
 * its own (to none when cleared: a new owner drops them, as chown(2)
 * does, so buildroot's chown then setcap gives text's alone); with set,
 * gives it those.  -1 and errno on failure.
 */
static int
caps_sync(int fd, const char *text, bool cleared, bool set, bool *differ)
{
	cap_t have = cap_get_fd(fd), want = NULL;
	char *old = NULL, *all = NULL;
	int rc = -1;

	if (have == NULL && errno != ENODATA)
		return -1;
	if (have != NULL && !cleared && (old = cap_to_text(have, NULL)) == NULL)
		goto out;
	if (asprintf(&all, "%s %s", old != NULL ? old : "", text) < 0) {
		all = NULL;
		goto out;
	}
	if ((want = cap_from_text(all)) == NULL)
		goto out;
	*differ = have == NULL || cleared || cap_compare(have, want) != 0;
	rc = set && *differ ? cap_set_fd(fd, want) : 0;
out:
	cap_free(want);
	cap_free(old);
	cap_free(have);
	free(all);
	return rc;
}

/*
 * caps_sync on the regular file at p, checked to be expect: through an
 * O_PATH descriptor of the name, reopened to read (fgetxattr) by /proc's
 * magic link, which opens that very inode.  STEP_NO_PROC without /proc.
 */
static int
file_caps(const struct place *p, const struct stat *expect, const char *text,
    bool cleared, bool set, bool *differ)
{
	char proc[64];
	struct stat st;
	int fd, rfd = -1, rc = STEP_ERRNO;

	if ((fd = openat(p->dirfd, p->name, O_PATH | O_NOFOLLOW |
	    O_CLOEXEC)) < 0)
		return STEP_ERRNO;
	if (fstat(fd, &st) != 0)
		goto out;
	if (!S_ISREG(st.st_mode) || !same_inode(&st, expect)) {
		errno = ESTALE;
		goto out;
	}
	snprintf(proc, sizeof(proc), "/proc/self/fd/%d", fd);
	if ((rfd = open(proc, O_RDONLY | O_NONBLOCK | O_NOCTTY |
	    O_CLOEXEC)) < 0)
		rc = errno == ENOENT ? STEP_NO_PROC : STEP_ERRNO;
	else if (caps_sync(rfd, text, cleared, set, differ) == 0)
		rc = STEP_OK;
out:
	close_keeping_errno(rfd);
	close_keeping_errno(fd);
	return rc;
}

static enum node_outcome
fail_caps(const struct place *p, int rc)
{
	char why[160];

	if (rc == STEP_NO_PROC)
		return fail_node(p, "its file capabilities cannot be set "
		    "safely: /proc is not mounted; left alone");
	if (errno == ESTALE)
		return fail_node(p, "changed while its capabilities were set; "
		    "left alone");
	snprintf(why, sizeof(why), "file capabilities: %s", strerror(errno));
	return fail_node(p, why);
}

static enum node_outcome
create_new(const struct place *p, const struct node_want *w)
{
	int rc;

	if (S_ISREG(w->type) && (p->flags & NODE_SKIP_MISSING))
		return report(p, NODE_SKIPPED, "skip", w);
	if (S_ISREG(w->type) && !(p->flags & NODE_MAKE_FILE))
		return fail_node(p, "does not exist (an f entry only adjusts a "
		    "file)");
	if (p->flags & NODE_DRY_RUN) {
		/* a d line: its children need not say it again */
		if (S_ISDIR(w->type))
			dry_reported(p->root, p->path);
		return report(p, NODE_CREATED, "create", w);
	}
	if (direct_is_exact(p, w))
		rc = make_at(p->dirfd, p->name, w, w->perm, p->res) == 0 ?
		    STEP_OK : STEP_ERRNO;
	else if (temp_impossible(p->dirfd))
		return fail_node(p, NO_TEMP_MSG);
	else
		rc = via_private(p, w, false);
	if (rc == STEP_OK)
		return report(p, NODE_CREATED, "create", w);
	return fail_step(p, rc, EEXIST, "appeared while being created; left "
	    "alone");
}

/*
 * NODE_ANY_PERM made concrete: for an existing entry st, its mode, less
 * the set-id bits of a non-directory whose owner changes (chown(2) drops
 * them; they are never given to a new owner); for a new one (st NULL),
 * the defaults of tmpfiles.d(5).  A link's is what Linux gives every
 * link, 0777, whatever was asked.
 */
static const struct node_want *
with_perm(const struct node_want *w, const struct stat *st,
    struct node_want *buf)
{
	if (w->perm != NODE_ANY_PERM && !S_ISLNK(w->type))
		return w;
	*buf = *w;
	if (S_ISLNK(w->type)) {
		buf->perm = 0777;
		return buf;
	}
	if (st == NULL) {
		buf->perm = S_ISDIR(w->type) ? 0755 : 0644;
		return buf;
	}
	buf->perm = st->st_mode & 07777;
	if (!S_ISDIR(st->st_mode) && owner_changes(st, w))
		buf->perm &= ~(mode_t)(S_ISUID | S_ISGID);
	return buf;
}

/*
 * A link is the same when it says the same, read from the name just
 * looked at (not from st_size, which some file systems do not give as
 * the target's length): if another link is swapped in meanwhile,
 * nothing is done on the strength of it but keeping what is there.
 */
static bool
same_target(const struct place *p, const char *target)
{
	char buf[PATH_MAX];
	size_t n = strlen(target);
	ssize_t got = readlinkat(p->dirfd, p->name, buf, sizeof(buf));

	return got >= 0 && (size_t)got == n && memcmp(buf, target, n) == 0;
}

static bool
same_kind(const struct place *p, const struct stat *st,
    const struct node_want *w)
{
	if ((st->st_mode & S_IFMT) != (w->type & S_IFMT))
		return false;
	if (S_ISLNK(w->type))
		return same_target(p, w->target);
	return !(S_ISCHR(w->type) || S_ISBLK(w->type)) ||
	    st->st_rdev == w->rdev;
}

/* Mode and owner as asked (a link's mode is no attribute of it). */
static bool
same_attrs(const struct stat *st, const struct node_want *w)
{
	return (S_ISLNK(w->type) || (st->st_mode & 07777) == w->perm) &&
	    (w->uid == NODE_ANY_UID || st->st_uid == w->uid) &&
	    (w->gid == NODE_ANY_GID || st->st_gid == w->gid);
}

static enum node_outcome
handle_existing(const struct place *p, const struct stat *st,
    const struct node_want *w)
{
	bool kind = same_kind(p, st, w), caps = false;
	bool adjusts = S_ISDIR(w->type) || S_ISREG(w->type) ||
	    (p->flags & NODE_CORRECT);
	struct node_want keep_owner;
	char why[180];
	int rc;

	if (kind && w->caps != NULL && (rc = file_caps(p, st, w->caps,
	    owner_changes(st, w), false, &caps)) != STEP_OK)
		return fail_caps(p, rc);
	if (kind && same_attrs(st, w) && !caps &&
	    (p->flags & (NODE_KEEP_SAME | NODE_REPLACE)))
		return report(p, NODE_UNCHANGED, "keep", w);
	if (kind && (adjusts || (p->flags & NODE_REPLACE))) {
		/* the inode itself changes, as in a dry run it would */
		if (hardlink_vulnerable(st)) {
			errno = EPERM;
			return fail_node(p, HARDLINKED_MSG);
		}
		if (p->flags & NODE_DRY_RUN)
			return report(p, NODE_CORRECTED, "correct", w);
		/* Nothing to undo after: a directory moved out is left. */
		if (p->contain && root_contains(p->root, p->dirfd) != 1)
			return fail_node(p, "its directory is no longer inside "
			    "--root (moved meanwhile); left alone");
		if ((rc = set_owner_mode(p, st, w)) != STEP_OK)
			return fail_step(p, rc, ESTALE, "changed while being "
			    "corrected; left alone");
		/* after the owner, whose change drops them (chown(2)) */
		if (caps && (rc = file_caps(p, st, w->caps, false, true,
		    &caps)) != STEP_OK)
			return fail_caps(p, rc);
		return report(p, NODE_CORRECTED, "correct", w);
	}
	if (!kind && !replaceable(st->st_mode, w)) {
		snprintf(why, sizeof(why), "exists and is a %s; %s",
		    type_word(st->st_mode), is_node(st->st_mode) ?
		    "not replaced by a non-node" : S_ISLNK(w->type) ?
		    "only symbolic links, device nodes and FIFOs are ever "
		    "replaced by a link" :
		    "only device nodes and FIFOs are ever replaced (not "
		    "even -r, or a tmpfiles '+' or '=', removes it)");
		return fail_node(p, why);
	}
	if (!(p->flags & NODE_REPLACE)) {
		snprintf(why, sizeof(why), "exists (a %s%s); use -r to replace "
		    "it", type_word(st->st_mode), S_ISLNK(st->st_mode) &&
		    !kind ? " to another target" : "");
		return fail_node(p, why);
	}
	/*
	 * An owner not asked for is the old node's, as when it is kept; a
	 * new link's is whoever makes it, as its owner means nothing.
	 */
	keep_owner = *w;
	if (keep_owner.uid == NODE_ANY_UID && !S_ISLNK(w->type))
		keep_owner.uid = st->st_uid;
	if (keep_owner.gid == NODE_ANY_GID && !S_ISLNK(w->type))
		keep_owner.gid = st->st_gid;
	w = &keep_owner;
	if (p->flags & NODE_DRY_RUN)
		return report(p, NODE_REPLACED, "replace", w);
	if (temp_impossible(p->dirfd))
		return fail_node(p, NO_TEMP_MSG);
	if ((rc = via_private(p, w, true)) != STEP_OK)
		return fail_step(p, rc, EEXIST, "changed while being replaced; "
		    "left alone");
	return report(p, NODE_REPLACED, "replace", w);
}

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

static const struct node_want parent_dir = {
	.type = S_IFDIR, .perm = 0755, .uid = NODE_ANY_UID,
	.gid = NODE_ANY_GID,
};

/*
 * As root, a directory that -p would make at prefix in cur (-1: in the
 * root) could then not be entered when cur is another user's: root_step
 * refuses the step (an unsafe path transition), and it is not made.
 */
static bool
enterable(const struct place *p, int cur, const char *prefix)
{
	const struct stat made = { .st_mode = S_IFDIR | 0755,
	    .st_uid = p->root->euid };
	int top = -1;
	bool ok;

	if (root_absent(p->root))
		return true;
	if (cur < 0 && (cur = top = root_opendir(p->root, *prefix == '/' ?
	    "/" : "")) < 0)
		return false;
	ok = root_step(p->root, cur, prefix, &made) == 0;
	if (top >= 0)
		close_keeping_errno(top);
	return ok;
}

/*
 * Makes comp in cur, exactly 0755, and returns prefix (its path) open.
 * mkdirat with a umask of 0 gives exactly that, unless cur is set-gid
 * (inherited) or has a default ACL: then, as a node, it is made in a
 * private directory, its mode set there, and moved into place.
 */
static int
make_dir(const struct place *p, int cur, const char *comp,
    const char *prefix, bool *made)
{
	struct place d = *p;
	struct stat st;

	d.dirfd = cur;
	d.name = comp;
	d.path = prefix;
	d.contain = false;
	if (!enterable(p, cur, prefix))
		return -1;
	visit(p->root, cur);
	if (fstat(cur, &st) == 0 && !(st.st_mode & S_ISGID) &&
	    fgetxattr(cur, ACL_DEFAULT, NULL, 0) < 0)
		*made = mkdirat(cur, comp, 0755) == 0;
	else if (temp_impossible(cur)) {
		errno = EPERM;
		return -1;
	} else
		*made = via_private(&d, &parent_dir, false) == STEP_OK;
	if (!*made && errno != EEXIST)
		return -1;
	if (*made)
		report(&d, NODE_CREATED, "create directory", &parent_dir);
	return root_opendir(p->root, prefix);
}

/* Records the directory just made, open at fd, as one to undo. */
static void
remember_made(struct made_dirs *m, int fd)
{
	struct stat st;

	if (m->n == MADE_MAX || fstat(fd, &st) != 0) {
		m->overflow = true;
		return;
	}
	m->id[m->n++] = (struct dir_id){ st.st_dev, st.st_ino };
}

/*
 * -p: creates each missing directory of parent, in order.  A dry run
 * says which it would create, sets p->dry_missing and returns -1.
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
			if (missing && !enterable(p, cur, prefix))
				goto fail;	/* as the real run would */
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
		if (fd < 0) {
			bool made = false;

			fd = make_dir(p, cur, comp, prefix, &made);
			if (made && p->made == NULL)	/* what to undo */
				p->made = s - strlen(comp);
			if (fd < 0)
				goto fail;
			if (made)
				remember_made(p->made_ids, fd);
		}
		close_keeping_errno(cur);
		cur = fd;
	}
	close_keeping_errno(cur);
	if (missing || (dry && root_absent(p->root))) {
		p->dry_missing = true;
		return -1;
	}
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
	int lock = p->flags & NODE_DRY_RUN ? -1 : lock_file(p->root->faker);
	enum node_outcome outcome;
	struct node_want buf;
	struct stat st;
	off_t at = 0;

	if (lock >= 0 && (dir_stat(p->root, p->dirfd, &st) != 0 ||
	    dir_lock(lock, at = lock_offset(&st), F_WRLCK) != 0))
		lock = -1;

	if (fstatat(p->dirfd, p->name, &st, AT_SYMLINK_NOFOLLOW) == 0)
		outcome = handle_existing(p, &st, with_perm(w, &st, &buf));
	else if (errno != ENOENT)
		outcome = fail_node(p, NULL);
	else
		outcome = create_new(p, with_perm(w, NULL, &buf));
	if (lock >= 0)
		dir_lock(lock, at, F_UNLCK);
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

/*
 * The entry for "/" (as `list --dirs` of a whole tree prints one): the
 * root directory itself takes the mode and owner, through its descriptor.
 */
static enum node_outcome
root_entry(const struct place *p, const struct node_want *w)
{
	struct root *r = p->root;
	enum node_outcome outcome;
	struct node_want buf;
	struct stat st = { .st_mode = S_IFDIR | 0755 };
	int fd = r->fd;

	if (!S_ISDIR(w->type))
		return fail_node(p, "is the root, which only a directory can "
		    "be");
	if (root_absent(r)) {	/* a dry run: it would be made 0755 */
		st.st_uid = r->euid;
		st.st_gid = r->egid;
	} else if ((r->method == RESOLVE_UNCONFINED && (fd = open("/",
	    O_RDONLY | O_DIRECTORY | O_CLOEXEC)) < 0) || fstat(fd, &st) != 0) {
		outcome = fail_node(p, NULL);
		goto out;
	}
	w = with_perm(w, &st, &buf);
	/* as set_owner_mode: narrowed before the owner changes */
	if (same_attrs(&st, w))
		outcome = report(p, NODE_UNCHANGED, "keep", w);
	else if (!(p->flags & NODE_DRY_RUN) && ((owner_changes(&st, w) &&
	    (fchmod(fd, st.st_mode & w->perm & 0777) != 0 ||
	    fchown(fd, w->uid, w->gid) != 0)) || fchmod(fd, w->perm) != 0))
		outcome = fail_node(p, NULL);
	else
		outcome = report(p, NODE_CORRECTED, "correct", w);
out:
	if (fd >= 0 && fd != r->fd)
		close_keeping_errno(fd);
	return outcome;
}

static enum node_outcome
make_entry(struct place *p, char *parent, const struct node_want *w)
{
	struct root *r = p->root;
	const char *path = p->path;
	unsigned flags = p->flags;
	char why[64];
	struct node_want buf;
	const struct node_want *fresh = with_perm(w, NULL, &buf);
	const bool only_adjusts = S_ISREG(w->type) && !(flags & NODE_MAKE_FILE);

	/* A file it will not make needs no parent directories. */
	if (only_adjusts)
		p->flags &= ~(unsigned)NODE_PARENTS;
	if (strcmp(path, "/") == 0)
		return root_entry(p, w);
	if (split_path(path, parent, PATH_MAX, &p->name) != 0)
		return fail_node(p, strlen(p->name) > NAME_MAX ? "name too "
		    "long (more than NAME_MAX, 255 bytes)" : strlen(path) >=
		    PATH_MAX ? "path too long (more than PATH_MAX - 1, 4095 "
		    "bytes)" : "not a name a node can have");
	p->dirfd = open_parent(p, parent);
	if (p->dry_missing || (p->dirfd < 0 && errno == ENOENT &&
	    only_adjusts))
		return create_new(p, fresh);
	if (p->dirfd < 0 && root_refusal(r) != NULL)
		return fail_refused(p);
	if (p->dirfd < 0) {
		snprintf(why, sizeof(why), "parent directory: %s%s",
		    strerror(errno), errno == ENOENT && !(flags &
		    NODE_PARENTS) ? " (use -p)" : "");
		return fail_node(p, why);
	}
	p->contain = !root_cached_pinned(r);
	if (!(flags & NODE_DRY_RUN))
		visit(r, p->dirfd);
	/* mknodat fails if anything is there, so trying first is safe. */
	if (!(flags & NODE_DRY_RUN) && direct_is_exact(p, fresh)) {
		if (make_at(p->dirfd, p->name, fresh, fresh->perm,
		    p->res) == 0)
			return report(p, NODE_CREATED, "create", fresh);
		if (errno != EEXIST)
			return fail_node(p, NULL);
	}
	return decide_locked(p, w);
}

/* Lets a directory be removed: the private one held in it goes first. */
static void
held_release_in(const struct stat *dir)
{
	sigset_t old;

	if (sig_block(&old) != 0)
		return;
	for (size_t i = 0; i < HELD_MAX; i++)
		if (held[i].live && held[i].dev == dir->st_dev &&
		    held[i].ino == dir->st_ino)
			held_release(&held[i]);
	sig_restore(&old);
}

/*
 * Removes the directory name in dir (of the root) if it is the one made,
 * want, and empty: another user's directory swapped in is left alone.
 */
static int
remove_dir(struct root *r, const char *dir, const char *name,
    const struct dir_id *want)
{
	struct stat st;
	int fd, rc = -1;

	if ((fd = root_opendir(r, dir)) < 0)
		return -1;
	if (fstatat(fd, name, &st, AT_SYMLINK_NOFOLLOW) == 0 &&
	    S_ISDIR(st.st_mode) && st.st_dev == want->dev &&
	    st.st_ino == want->ino) {
		held_release_in(&st);
		/* never follows a symlink, never removes what is not empty */
		rc = unlinkat(fd, name, AT_REMOVEDIR);
	}
	close_keeping_errno(fd);
	return rc;
}

/*
 * A failed entry leaves nothing behind: the directories made for it
 * (p->made to the end of parent) are removed again, deepest first,
 * while they are empty.  parent is cut as it goes.
 */
static void
unmake_parents(struct place *p, char *parent)
{
	const struct made_dirs *m = p->made_ids;
	size_t n = strlen(parent), b, d, left = m->n;
	char name[NAME_MAX + 1], keep;

	if (m->overflow)
		return;
	root_forget(p->root);	/* it may hold one of them open */
	for (;;) {
		while (n > 1 && parent[n - 1] == '/')
			n--;
		parent[n] = '\0';
		for (b = n; b > 0 && parent[b - 1] != '/'; b--)
			continue;
		if (b == n || parent + b < p->made || left == 0)
			return;
		memcpy(name, parent + b, n - b + 1);
		for (d = b; d > 1 && parent[d - 1] == '/'; d--)
			continue;
		keep = parent[d];
		parent[d] = '\0';
		if (remove_dir(p->root, parent, name, &m->id[--left]) != 0)
			return;
		parent[d] = keep;
		report(&(struct place){ .root = p->root, .path = parent,
		    .flags = p->flags, .ev = p->ev, .res = p->res },
		    NODE_REMOVED, "remove directory", &parent_dir);
		n = d;
	}
}

enum node_outcome
node_make(struct root *r, const char *path, const struct node_want *w,
    unsigned flags, const struct node_events *ev, struct node_result *res)
{
	struct made_dirs made = { .n = 0 };
	struct place p = { .root = r, .path = path, .dirfd = -1,
	    .flags = flags, .made_ids = &made, .ev = ev, .res = res };
	char parent[PATH_MAX];
	int saved;

	res->error = 0;
	res->reason = NULL;
	res->no_mknod = false;
	res->outcome = make_entry(&p, parent, w);
	if (res->outcome == NODE_FAILED && p.made != NULL) {
		saved = errno;
		unmake_parents(&p, parent);
		errno = saved;
	}
	return res->outcome;
}

/* ------------------------------------------------ makedevs r: a tree */

struct tree {
	struct place *p;
	const struct node_want *w;
	size_t changed;
	bool failed;
};

/* The first failure ends the walk's work: "PATH: why" in the result. */
static void
tree_fail(struct tree *t, const char *path, const char *why)
{
	char buf[sizeof(t->p->res->buf)];

	if (t->failed)
		return;
	t->failed = true;
	snprintf(buf, sizeof(buf), "%s: %s", path, why != NULL ? why :
	    strerror(errno));
	fail_node(t->p, buf);
}

static void
tree_problem(void *ctx, const char *path, int error, const char *why)
{
	errno = error;
	tree_fail(ctx, path, why);
}

/* One entry of the tree: its owner, and but for a link its mode. */
static void
tree_found(void *ctx, int dirfd, const char *name, const char *path,
    const struct stat *st)
{
	struct tree *t = ctx;
	struct node_want buf;
	const struct node_want *w = with_perm(t->w, st, &buf);
	bool link = S_ISLNK(st->st_mode);
	struct place at = *t->p;
	int rc;

	at.dirfd = dirfd;
	at.name = name;

	if (t->failed || (!owner_changes(st, w) &&
	    (link || (st->st_mode & 07777) == w->perm)))
		return;
	if (hardlink_vulnerable(st)) {
		errno = EPERM;
		tree_fail(t, path, HARDLINKED_MSG);
	}
	/* before every change, as a correction checks: a directory can be
	   moved out of the root between two of its entries */
	else if (root_contains(t->p->root, dirfd) != 1)
		tree_fail(t, path, "its directory is not inside --root "
		    "(moved meanwhile); left alone");
	else if (!(t->p->flags & NODE_DRY_RUN) &&
	    (rc = set_owner_mode(&at, st, w)) != STEP_OK)
		tree_fail(t, path, rc == STEP_NO_PROC ? NO_PROC_MSG :
		    errno == ESTALE ? "changed while being corrected; left "
		    "alone" : NULL);
	else
		t->changed++;
}

/*
 * The top directory of an r entry's tree, open, the step into it checked
 * through the descriptor the walk then uses (root_step: an unsafe path
 * transition is refused); st becomes its stat.  -1 on failure.
 */
static int
tree_top(const struct place *p, struct stat *st)
{
	int fd = openat(p->dirfd, p->name, O_RDONLY | O_DIRECTORY |
	    O_NOFOLLOW | O_CLOEXEC);

	if (fd >= 0 && (fstat(fd, st) != 0 ||
	    root_step(p->root, p->dirfd, p->path, st) != 0)) {
		close_keeping_errno(fd);
		fd = -1;
	}
	return fd;
}

enum node_outcome
node_tree(struct root *r, const char *path, const struct node_want *w,
    unsigned flags, const struct node_events *ev, struct node_result *res)
{
	struct place p = { .root = r, .path = path, .dirfd = -1,
	    .flags = flags, .ev = ev, .res = res };
	struct tree t = { &p, w, 0, false };
	struct walk_ops ops = { .all = true, .xdev = true,
	    .found_at = tree_found, .problem = tree_problem, .ctx = &t };
	char parent[PATH_MAX] = "/";
	const bool whole = strcmp(path, "/") == 0;
	struct node_want buf;
	struct stat st;
	int top = -1;

	res->error = 0;
	res->reason = NULL;
	res->no_mknod = false;
	p.name = ".";	/* the root directory itself */
	errno = ENAMETOOLONG;
	if (whole || split_path(path, parent, sizeof(parent), &p.name) == 0)
		p.dirfd = root_opendir(r, *parent == '\0' ? "/" : parent);
	if (p.dirfd < 0 || fstatat(p.dirfd, p.name, &st,
	    AT_SYMLINK_NOFOLLOW) != 0)
		res->outcome = root_refusal(r) != NULL ? fail_refused(&p) :
		    fail_node(&p, errno == ENOENT ? "does not exist (an r "
		    "entry changes an existing tree)" : NULL);
	else if (!whole && S_ISDIR(st.st_mode) &&
	    (top = tree_top(&p, &st)) < 0)
		res->outcome = root_refusal(r) != NULL ? fail_refused(&p) :
		    fail_node(&p, NULL);
	else {
		if (top >= 0)	/* the directory checked, as "." */
			walk_at(&ops, top, path, ".");
		else
			walk_at(&ops, p.dirfd, parent, p.name);
		res->outcome = t.failed ? NODE_FAILED : report(&p, t.changed ?
		    NODE_CORRECTED : NODE_UNCHANGED, t.changed ? "correct" :
		    "keep", with_perm(w, &st, &buf));
	}
	if (top >= 0)
		close_keeping_errno(top);
	close_keeping_errno(p.dirfd);
	return res->outcome;
}
