/*
 * inode.h - small facts about inodes and descriptors, shared by root.c's
 * and node.c's files: what a device node is, errno kept across close(2),
 * chmod(2) through a descriptor, and hard links a user may have made to
 * files outside the tree.
 */
#ifndef DEVTOOL_INODE_H
#define DEVTOOL_INODE_H

#include <sys/stat.h>
#include <sys/types.h>

#include <stdbool.h>

/* How a step failed, when errno alone cannot say. */
enum {
	STEP_OK = 0,
	STEP_ERRNO = -1,	/* errno says */
	STEP_NO_PROC = -2,	/* no /proc, no fchmodat2: no safe chmod */
	STEP_NO_EXCHANGE = -3,	/* the file system refuses RENAME_EXCHANGE */
	STEP_MOVED_OUT = -4,	/* the directory left --root: node removed */
	STEP_UNCHECKED = -5,	/* root_contains failed (errno): removed */
};

bool inode_is_node(mode_t mode);
void inode_close(int fd);
int inode_chmod(int fd, mode_t perm, bool faker);
/*
 * Whether giving st a mode, owner or capabilities could change a file
 * outside the tree (inode.c).  *protected is the caller's memory of
 * fs.protected_hardlinks: -1 until it is read, on first need, then 1 or
 * 0 (a run keeps the host's setting as it was when first asked).
 */
bool inode_hardlink_vulnerable(const struct stat *st, int *protected);
bool inode_same(const struct stat *a, const struct stat *b);

#endif
