/*
 * inode.c - small facts about inodes and descriptors that node.c's
 * files share: what a node is, errno kept across close, chmod through a
 * descriptor, hard links (see node.h).
 */
#include <sys/stat.h>
#include <sys/syscall.h>

#include <assert.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <unistd.h>

#include "sys/inode.h"

#ifndef SYS_fchmodat2
#define SYS_fchmodat2 452	/* Linux 6.6; glibc 2.36 has no wrapper */
#endif

bool
inode_is_node(mode_t mode)
{
	return S_ISCHR(mode) || S_ISBLK(mode) || S_ISFIFO(mode);
}

void
inode_close(int fd)
{
	int saved = errno;

	if (fd >= 0)
		close(fd);
	errno = saved;
}

/*
 * chmod(2) through an O_PATH descriptor, never by name: /proc's magic
 * link to it, else fchmodat2(2) on the descriptor itself.  Without
 * either there is no safe way: STEP_NO_PROC.  Under a faker (faker) the
 * raw fchmodat2 would change the file behind its back, the mode it
 * shows staying the old one: only chmod(2), which it intercepts.
 */
int
inode_chmod(int fd, mode_t perm, bool faker)
{
	char proc[64];

	assert(fd >= 0 && (perm & ~(mode_t)07777) == 0);
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

/*
 * Whether the kernel keeps users from linking files they do not own
 * (fs.protected_hardlinks); unknown (no /proc) is taken as off, the
 * kernel's default.  Read into *known the first time (-1), the caller's
 * memory of it.
 */
static bool
hardlinks_protected(int *known)
{
	char c = '0';
	int fd;

	if (*known < 0) {
		fd = open("/proc/sys/fs/protected_hardlinks", O_RDONLY |
		    O_CLOEXEC);
		*known = fd >= 0 && read(fd, &c, 1) == 1 && c == '1';
		inode_close(fd);
	}
	return *known == 1;
}

/*
 * Whether giving st a mode, owner or capabilities could change a file
 * outside the tree: while fs.protected_hardlinks is off, a user who can
 * write the tree may have linked any file of its file system into it
 * (/etc/shadow), so anything but a directory with other hard links is
 * left alone, as systemd-tmpfiles leaves it (hardlink_vulnerable).
 */
bool
inode_hardlink_vulnerable(const struct stat *st, int *protected)
{
	assert(st != NULL && protected != NULL);
	return !S_ISDIR(st->st_mode) && st->st_nlink > 1 &&
	    !hardlinks_protected(protected);
}

bool
inode_same(const struct stat *a, const struct stat *b)
{
	assert(a != NULL && b != NULL);
	return a->st_dev == b->st_dev && a->st_ino == b->st_ino;
}
