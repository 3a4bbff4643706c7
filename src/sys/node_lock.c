/*
 * node_lock.c - the lock file: one byte per directory, so that concurrent
 * runs correct or replace one node at a time.
 */
#include <sys/stat.h>

#include <assert.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdint.h>
#include <stdio.h>
#include <unistd.h>

#include "sys/node_impl.h"

/*
 * The lock file: our own, where only we can create it, so that no other
 * user can hold a lock in it (flock(2) on the directory itself could be
 * held forever by anyone who can read it).  None, no lock.  Under a
 * faker (faker) euid 0 is its fiction: the user's own, as for any user.
 * Opened the first time a run asks, kept until its end (node_lock_end).
 */
int
node_lock_file(struct node_run *run, bool faker)
{
	const char *dir = "/run", *xdg;
	char path[PATH_MAX];
	struct stat st;
	int fd;

	assert(run != NULL);
	if (run->lock_tried)
		return run->lock_fd;
	run->lock_tried = true;
	if (run->euid != 0 || faker) {
		if ((xdg = run->runtime_dir) == NULL || *xdg != '/')
			return -1;
		dir = xdg;
	}
	if (snprintf(path, sizeof(path), "%s/devtool.lock", dir) >=
	    (int)sizeof(path))
		return -1;
	node_fsgid_own(run);
	fd = open(path, O_RDWR | O_CREAT | O_NOFOLLOW | O_NONBLOCK |
	    O_CLOEXEC, 0600);
	if (fd >= 0 && (fstat(fd, &st) != 0 || !S_ISREG(st.st_mode) ||
	    st.st_uid != run->euid || (st.st_mode & 077) != 0)) {
		close(fd);
		fd = -1;
	}
	return run->lock_fd = fd;
}

void
node_lock_end(struct node_run *run)
{
	assert(run != NULL);
	inode_close(run->lock_fd);
	run->lock_fd = -1;
	run->lock_tried = false;
}

/* One byte per directory, at an offset hashed from its identity. */
off_t
node_lock_offset(const struct stat *st)
{
	uint64_t h;

	assert(st != NULL);
	h = (uint64_t)st->st_dev * 0x9e3779b97f4a7c15u ^ (uint64_t)st->st_ino;
	h ^= h >> 31;
	h *= 0xbf58476d1ce4e5b9u;
	h ^= h >> 29;
	return (off_t)(h & ((UINT64_C(1) << 40) - 1));
}

/* Takes (F_WRLCK) or drops (F_UNLCK) the directory's lock. */
int
node_lock_set(int fd, off_t at, short type)
{
	struct flock fl = {
		.l_type = type, .l_whence = SEEK_SET, .l_start = at,
		.l_len = 1,
	};
	int rc;

	assert(fd >= 0 && at >= 0 && (type == F_WRLCK || type == F_UNLCK));
	while ((rc = fcntl(fd, type == F_UNLCK ? F_OFD_SETLK : F_OFD_SETLKW,
	    &fl)) != 0 && errno == EINTR)
		;
	return rc;
}
