/*
 * node_priv.c - the private directory .devtool.PID.N in which a node is
 * made, given its owner and mode, and renamed into place, and the ones
 * held for the next entries (see node.h).
 */
#include <sys/ioctl.h>
#include <sys/stat.h>
#include <sys/xattr.h>

#include <linux/fs.h>

#include <assert.h>
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#include "sys/node_impl.h"
#include "sys/sig.h"
#include "sys/temp.h"

#define TEMP_TRIES 100

static bool
private_dir(const struct node_run *run, const struct stat *st)
{
	return S_ISDIR(st->st_mode) && st->st_uid == run->euid &&
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
 * What an open of the name just made fails with when someone swapped it
 * (gone, a link, another user's directory): another name is tried.
 */
static bool
swapped(int err)
{
	return err == ENOENT || err == ENOTDIR || err == ELOOP ||
	    err == EACCES;
}

/*
 * Removes name, made as a private directory but not opened: only if it
 * is one still (fstatat, nothing followed), and only while empty.
 */
static void
unmake(const struct node_run *run, int dirfd, const char *name)
{
	int saved = errno;
	struct stat st;

	if (fstatat(dirfd, name, &st, AT_SYMLINK_NOFOLLOW) == 0 &&
	    private_dir(run, &st))
		unlinkat(dirfd, name, AT_REMOVEDIR);
	errno = saved;
}

/*
 * Makes one and opens it.  A descriptor is set aside before the
 * directory is made and given back just before the open, so that the
 * open never fails for want of one (EMFILE): the run's own limit then
 * fails the entry before anything is made.  A name that is not, once
 * open, the private directory just made (someone swapped it) is left
 * alone: another name.  Any other failure removes the directory made
 * and ends the attempt, errno saying why: no private directory
 * outlives a failure.
 */
int
node_priv_open(struct node_run *run, int dirfd, struct priv *pv)
{
	int spare;

	assert(run != NULL && dirfd >= 0 && pv != NULL);
	node_fsgid_own(run);
	for (int i = 0; i < TEMP_TRIES; i++) {
		snprintf(pv->name, sizeof(pv->name), TEMP_PREFIX "%ld.%lu",
		    (long)getpid(), run->serial++);
		if ((spare = fcntl(dirfd, F_DUPFD_CLOEXEC, 0)) < 0)
			break;
		if (mkdirat(dirfd, pv->name, 0700) != 0) {
			inode_close(spare);
			if (errno == EEXIST)
				continue;
			break;
		}
		close(spare);
		pv->fd = openat(dirfd, pv->name, O_RDONLY | O_DIRECTORY |
		    O_NOFOLLOW | O_CLOEXEC);
		if (pv->fd < 0 && swapped(errno))
			continue;
		if (pv->fd < 0 || fstat(pv->fd, &pv->st) != 0) {
			if (pv->fd >= 0)
				inode_close(pv->fd);
			unmake(run, dirfd, pv->name);
			break;
		}
		if (!private_dir(run, &pv->st)) {
			close(pv->fd);
			errno = EEXIST;
			continue;
		}
		/* A default ACL may have taken owner bits: give them back. */
		pv->dirty = false;
		if (((pv->st.st_mode & 0700) == 0700 ||
		    fchmod(pv->fd, 0700 | (pv->st.st_mode & S_ISGID)) == 0) &&
		    drop_acls(pv->fd) == 0)
			return 0;
		node_priv_close(dirfd, pv);	/* ours: removed, errno kept */
		return -1;
	}
	pv->fd = -1;
	return -1;
}

/* Removes it (empty) if its name still leads to it, and closes it. */
void
node_priv_close(int dirfd, struct priv *pv)
{
	int saved = errno;
	struct stat st;

	assert(dirfd >= 0 && pv != NULL && pv->fd >= 0);
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

/*
 * Removes name from dirfd only if it is the inode expected: it is moved
 * into the private directory first, where it is checked and removed
 * with nobody able to swap it; anything else is put back.
 */
int
node_priv_take_out(int dirfd, const char *name, struct priv *pv,
    const struct stat *expect)
{
	struct stat st;

	assert(dirfd >= 0 && name != NULL && pv != NULL && pv->fd >= 0 &&
	    expect != NULL);
	if (move_in(dirfd, name, pv, OUT_NAME) != 0)
		return -1;
	if (fstatat(pv->fd, OUT_NAME, &st, AT_SYMLINK_NOFOLLOW) == 0 &&
	    inode_same(&st, expect)) {
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
	    place_replaceable(st.st_mode, w))
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
	    !place_replaceable(st.st_mode, w)) {
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

	if (rc != STEP_NO_EXCHANGE || !root_faker(p->root))
		return rc;
	return replace_in_steps(p, pv, w);
}

/*
 * How many times settle exchanges what came out of the name back into
 * it: each time another user's swap at the name raced the last one.
 */
#define SETTLE_TRIES 16

/*
 * Leaves the private directory empty.  At TEMP_NAME is the node made,
 * which is removed, or what an exchange brought out of the name and the
 * exchange back did not return, because another user's swap at the name
 * landed between the two: it goes back to the name if that is free;
 * else what the entry may replace there (a device node or FIFO; for a
 * link, a link too) is removed, as the entry would have; anything else
 * is exchanged back into the name again, which brings out what is there
 * now, to be looked at in turn.
 */
static void
settle(const struct place *p, struct priv *pv, const struct stat *mine,
    const struct node_want *w)
{
	int saved = errno, i;
	struct stat st;

	for (i = 0; i < SETTLE_TRIES; i++) {
		if (fstatat(pv->fd, TEMP_NAME, &st, AT_SYMLINK_NOFOLLOW) != 0) {
			if (errno != ENOENT)
				pv->dirty = true;
			break;
		}
		if (!inode_same(&st, mine)) {
			if (move_out(pv, TEMP_NAME, p->dirfd, p->name) == 0)
				break;
			if (!place_replaceable(st.st_mode, w)) {
				if (errno == EEXIST && renameat2(pv->fd,
				    TEMP_NAME, p->dirfd, p->name,
				    RENAME_EXCHANGE) == 0)
					continue;
				pv->dirty = true;
				break;
			}
		}
		if (unlinkat(pv->fd, TEMP_NAME, S_ISDIR(st.st_mode) ?
		    AT_REMOVEDIR : 0) != 0)
			pv->dirty = true;
		break;
	}
	if (i == SETTLE_TRIES)
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
		inode_chmod(fd, 0, root_faker(p->root));
	node_priv_take_out(p->dirfd, p->name, pv, mine);
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
	assert(pv != NULL && pv->fd >= 0 && fd >= 0 && st != NULL &&
	    w != NULL);
	if (place_owner_changes(st, w) &&
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

	node_fsgid_own(p->run);
	if (place_make_at(pv->fd, TEMP_NAME, w, 0, p->res) != 0)
		return STEP_ERRNO;
	fd = openat(pv->fd, TEMP_NAME, O_PATH | O_NOFOLLOW | O_CLOEXEC);
	if (fd < 0 || fstat(fd, &mine) != 0) {
		inode_close(fd);
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
	settle(p, pv, &mine, w);
	inode_close(fd);
	return rc;
}

/*
 * The held private directories (struct held, node_impl.h): between
 * entries they are empty; one is removed when it is the least recently
 * used of too many, at the run's end (node_end), or, should the run not
 * get there, by the hook sig.h runs on a fatal signal or at exit.
 * (SIGKILL leaves them: the next run removes them.)
 */

/* With signals blocked, or from the hook. */
static void
held_release(struct held *h)
{
	if (!h->live)
		return;
	h->live = 0;
	node_priv_close(h->dirfd, &h->pv);
	inode_close(h->dirfd);
	h->dirfd = -1;
}

static void
held_release_all(struct node_run *run)
{
	for (size_t i = 0; i < HELD_MAX; i++)
		held_release(&run->held[i]);
}

/*
 * A fatal signal, or an exit before node_end: the (empty) private
 * directories go (sig.h).  held_release makes only async-signal-safe
 * calls, and marks each gone first, so that a signal during the exit's
 * call does not remove one twice.
 */
static void
held_on_fatal(void *arg)
{
	held_release_all(arg);
}

/* A free slot, else the least recently used one. */
static struct held *
held_slot(struct node_run *run)
{
	struct held *h = &run->held[0];

	for (size_t i = 0; i < HELD_MAX; i++) {
		if (!run->held[i].live)
			return &run->held[i];
		if (run->held[i].used < h->used)
			h = &run->held[i];
	}
	return h;
}

/* The private directory in p's directory, made if need be. */
static struct priv *
held_get(const struct place *p)
{
	struct node_run *run = p->run;
	struct held *h;
	struct stat st;

	if (place_dir_stat(p->root, p->dirfd, &st) != 0)
		return NULL;
	for (size_t i = 0; i < HELD_MAX; i++) {
		h = &run->held[i];
		if (!h->live || h->dev != st.st_dev || h->ino != st.st_ino)
			continue;
		if (!h->pv.dirty) {
			h->used = ++run->clock;
			return &h->pv;
		}
		held_release(h);
	}
	h = held_slot(run);
	held_release(h);
	if ((h->dirfd = fcntl(p->dirfd, F_DUPFD_CLOEXEC, 0)) < 0)
		return NULL;
	if (node_priv_open(run, h->dirfd, &h->pv) != 0) {
		inode_close(h->dirfd);
		h->dirfd = -1;
		return NULL;
	}
	h->dev = st.st_dev;
	h->ino = st.st_ino;
	h->used = ++run->clock;
	/* once a run, when it first holds one (SIG_HOOKS_MAX has room) */
	if (!run->hooked) {
		run->hooked = true;
		run->keep = sig_on_fatal(held_on_fatal, run) == 0;
	}
	h->live = 1;
	return &h->pv;
}

/* The same through the private directory.  Signals wait meanwhile. */
int
node_priv_place(const struct place *p, const struct node_want *w, bool replace)
{
	struct priv *pv;
	sigset_t old;
	int rc = STEP_ERRNO;

	assert(p != NULL && p->run != NULL && p->dirfd >= 0 &&
	    p->name != NULL && w != NULL);
	/* the mode made concrete (place_with_perm): it is given as it is */
	assert((w->perm & ~(mode_t)07777) == 0);
	if (sig_block(&old) != 0)
		return STEP_ERRNO;
	if ((pv = held_get(p)) != NULL)
		rc = place_via(p, pv, w, replace);
	if (!p->run->keep)
		held_release_all(p->run);
	sig_restore(&old);
	return rc;
}

/*
 * In an append-only directory a temporary name could be made but never
 * renamed nor removed: refuse before making one.
 */
bool
node_priv_impossible(int dirfd)
{
	int flags = 0;

	assert(dirfd >= 0);
	return ioctl(dirfd, FS_IOC_GETFLAGS, &flags) == 0 &&
	    (flags & (FS_APPEND_FL | FS_IMMUTABLE_FL)) != 0;
}

/* Lets a directory be removed: the private one held in it goes first. */
void
node_priv_release_in(struct node_run *run, const struct stat *dir)
{
	struct held *h;
	sigset_t old;

	assert(run != NULL && dir != NULL);
	if (sig_block(&old) != 0)
		return;
	for (size_t i = 0; i < HELD_MAX; i++) {
		h = &run->held[i];
		if (h->live && h->dev == dir->st_dev && h->ino == dir->st_ino)
			held_release(h);
	}
	sig_restore(&old);
}

/*
 * The run's end: every held one removed, then the hook dropped, signals
 * blocked meanwhile (a signal between the two finds none live).  A run
 * that never held one has neither (held_get registers the hook before
 * it marks the first live, and only here is hooked reset): no hook
 * reads the run, so there is nothing to block signals for.
 */
void
node_priv_end(struct node_run *run)
{
	sigset_t old;
	bool blocked;

	assert(run != NULL);
	if (!run->hooked)
		return;
	blocked = sig_block(&old) == 0;
	held_release_all(run);
	sig_off_fatal(held_on_fatal, run);
	run->hooked = run->keep = false;
	if (blocked)
		sig_restore(&old);
}
