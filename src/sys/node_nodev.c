/*
 * node_nodev.c - a device node on a mount with nodev can never be
 * opened: whether a directory is on one (fstatvfs(3) ST_NODEV through
 * its descriptor), which mount that is, and its mount point as
 * /proc/self/mountinfo gives it.  node.c asks once per cached directory
 * and names each such mount once in a run (node.h).  And whether a
 * directory is a live /dev (node_live_dev), by statmount(2) or the same
 * mount table.
 */
#include <sys/stat.h>
#include <sys/statfs.h>
#include <sys/statvfs.h>
#include <sys/syscall.h>
#include <sys/sysmacros.h>

#include <linux/magic.h>

#include <assert.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <search.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "sys/node_impl.h"
#include "sys/root_impl.h"

/*
 * statmount(2) and the unique mount id of statx(2), Linux 6.8, which
 * Debian 12's headers predate: the kernel's ABI (linux/mount.h,
 * linux/stat.h), spelt out where the headers lack it.
 */
#ifndef SYS_statmount
#define SYS_statmount 457
#endif
#ifndef STATX_MNT_ID_UNIQUE
#define STATX_MNT_ID_UNIQUE 0x00004000U
#endif
#define NODEV_STATMOUNT_MNT_POINT 0x00000010U
#define NODEV_STATMOUNT_FS_TYPE 0x00000020U

struct nodev_mnt_id_req {	/* MNT_ID_REQ_SIZE_VER0 */
	uint32_t size;
	uint32_t spare;
	uint64_t mnt_id;
	uint64_t param;
};

struct nodev_statmount {
	uint32_t size;
	uint32_t spare1;
	uint64_t mask;
	uint32_t sb_dev_major, sb_dev_minor;
	uint64_t sb_magic;
	uint32_t sb_flags;
	uint32_t fs_type;	/* offset into str */
	uint64_t mnt_id, mnt_parent_id;
	uint32_t mnt_id_old, mnt_parent_id_old;
	uint64_t mnt_attr, mnt_propagation, mnt_peer_group, mnt_master;
	uint64_t propagate_from;
	uint32_t mnt_root;
	uint32_t mnt_point;	/* offset into str */
	uint64_t spare2[50];
	char str[];
};

/*
 * The id of the mount fd is on: statx's, else (before Linux 5.8)
 * name_to_handle_at's, whose EOVERFLOW for an empty handle still gives
 * it.  0 when neither says.
 */
uint64_t
node_nodev_mount_id(int fd)
{
	struct file_handle fh = { .handle_bytes = 0 };
	struct statx sx;
	int mnt;

	assert(fd >= 0);
	if (statx(fd, "", AT_EMPTY_PATH, STATX_MNT_ID, &sx) == 0 &&
	    (sx.stx_mask & STATX_MNT_ID))
		return sx.stx_mnt_id;
	if (name_to_handle_at(fd, "", &fh, &mnt, AT_EMPTY_PATH) == 0 ||
	    errno == EOVERFLOW)
		return (unsigned)mnt;
	return 0;
}

/* mountinfo's escapes (\040 for a space, \011, \012, \134) undone. */
static void
unescape(char *s)
{
	char *o = s;

	for (; *s != '\0'; s++, o++) {
		if (s[0] == '\\' && s[1] >= '0' && s[1] <= '3' &&
		    s[2] >= '0' && s[2] <= '7' && s[3] >= '0' && s[3] <= '7') {
			*o = (char)((s[1] - '0') << 6 | (s[2] - '0') << 3 |
			    (s[3] - '0'));
			s += 3;
		} else
			*o = *s;
	}
	*o = '\0';
}

/*
 * Mount id's line of /proc/self/mountinfo: its mount point into buf and,
 * when fstype is not NULL, its file system type (the first field after
 * " - ") into fstype.
 */
static bool
mount_line(uint64_t id, char *buf, size_t len, char *fstype, size_t flen)
{
	FILE *f = fopen("/proc/self/mountinfo", "re");
	char *line = NULL, *field, *save, *type;
	size_t cap = 0;
	bool found = false;

	if (f == NULL)
		return false;
	while (!found && getline(&line, &cap, f) > 0) {
		if (strtoull(line, NULL, 10) != id)
			continue;
		type = strstr(line, " - ");
		field = strtok_r(line, " \n", &save);
		for (int i = 1; i < 5 && field != NULL; i++)
			field = strtok_r(NULL, " \n", &save);
		if (field == NULL || type == NULL)
			break;
		unescape(field);
		snprintf(buf, len, "%s", field);
		if (fstype != NULL)
			snprintf(fstype, flen, "%.*s", (int)strcspn(type + 3,
			    " \n"), type + 3);
		found = true;
	}
	free(line);
	(void)fclose(f);	/* read only: nothing to lose */
	return found;
}

/*
 * fd's mount's point into buf and its file system type into fstype, by
 * statmount(2): one system call, where /proc/self/mountinfo has the
 * kernel print every mount before fd's (a fresh tmpfs is the last).
 * false when the kernel has no statmount or cannot say: mountinfo then.
 * The statx that asks the mount's id asks the inode's number too, into
 * sx (node_live_dev's, which then needs no fstat).
 */
static bool
mount_stat(int fd, char *buf, size_t len, char *fstype, size_t flen,
    struct statx *sx)
{
	struct nodev_mnt_id_req req = { .size = sizeof(req),
	    .param = NODEV_STATMOUNT_MNT_POINT | NODEV_STATMOUNT_FS_TYPE };
	/* the record and its strings: a mount point of PATH_MAX fits */
	const size_t size = sizeof(struct nodev_statmount) + PATH_MAX + 256;
	struct nodev_statmount *sm;
	bool found = false;

	if (statx(fd, "", AT_EMPTY_PATH, STATX_INO | STATX_MNT_ID_UNIQUE,
	    sx) != 0) {
		sx->stx_mask = 0;
		return false;
	}
	if (!(sx->stx_mask & STATX_MNT_ID_UNIQUE) ||
	    (sm = malloc(size)) == NULL)
		return false;
	req.mnt_id = sx->stx_mnt_id;
	/* both strings inside what the kernel wrote, which ends in a NUL */
	if (syscall(SYS_statmount, &req, sm, size, 0) == 0 &&
	    (sm->mask & req.param) == req.param &&
	    sm->size > sizeof(*sm) && sm->size <= size &&
	    sm->mnt_point < sm->size - sizeof(*sm) &&
	    sm->fs_type < sm->size - sizeof(*sm) &&
	    ((char *)sm)[sm->size - 1] == '\0') {
		snprintf(buf, len, "%s", sm->str + sm->mnt_point);
		snprintf(fstype, flen, "%s", sm->str + sm->fs_type);
		found = true;
	}
	free(sm);
	return found;
}

/*
 * Whether fd's directory is on a devtmpfs, its mount point into where.
 * A devtmpfs is a tmpfs or a ramfs inside, as statfs(2) sees it, so any
 * other file system is answered by one fstatfs; then statmount, else
 * mountinfo, names the type.  sx: mount_stat's statx, where it made one
 * (stx_mask 0 where not).
 */
static bool
on_devtmpfs(int fd, char *where, size_t len, struct statx *sx)
{
	char type[32] = "";
	struct statfs sf;
	uint64_t id;

	if (fstatfs(fd, &sf) == 0 && sf.f_type != TMPFS_MAGIC &&
	    sf.f_type != RAMFS_MAGIC)
		return false;
	if (!mount_stat(fd, where, len, type, sizeof(type), sx) &&
	    ((id = node_nodev_mount_id(fd)) == 0 ||
	    !mount_line(id, where, len, type, sizeof(type))))
		return false;
	return strcmp(type, "devtmpfs") == 0;
}

bool
node_nodev_point(uint64_t id, char *buf, size_t len)
{
	assert(buf != NULL && len > 0);
	return mount_line(id, buf, len, NULL, 0);
}

enum node_live
node_live_dev(int fd, char *where, size_t len)
{
	static const char *const udev[] = { "/run/udev", "/dev/.udevdb",
	    "/dev/.udev" };
	struct statx sx = { .stx_mask = 0 };
	struct stat st, dev;

	assert(fd >= 0 && where != NULL && len > 0);
	if (on_devtmpfs(fd, where, len, &sx))
		return NODE_LIVE_DEVTMPFS;
	/* fd's device and inode: statx's, on a tmpfs, else an fstat */
	if (sx.stx_mask & STATX_INO) {
		st.st_dev = makedev(sx.stx_dev_major, sx.stx_dev_minor);
		st.st_ino = sx.stx_ino;
	} else if (fstat(fd, &st) != 0)
		return NODE_LIVE_NO;
	if (stat("/dev", &dev) != 0 || st.st_dev != dev.st_dev ||
	    st.st_ino != dev.st_ino)
		return NODE_LIVE_NO;
	for (size_t i = 0; i < sizeof(udev) / sizeof(udev[0]); i++)
		if (stat(udev[i], &st) == 0 && S_ISDIR(st.st_mode)) {
			snprintf(where, len, "%s", udev[i]);
			return NODE_LIVE_UDEV;
		}
	return NODE_LIVE_NO;
}

/*
 * The mount's flags as fstatfs(2) gives them (f_flags, with ST_VALID
 * since Linux 2.6.36), which is what fstatvfs(3) calls and converts
 * besides: a table that goes round many directories asks at each.
 */
#define FLAGS_VALID 0x0020	/* the kernel's ST_VALID */

int
node_nodev_of(int fd)
{
	struct statvfs sv;
	struct statfs sf;

	assert(fd >= 0);
	if (fstatfs(fd, &sf) == 0 && (sf.f_flags & FLAGS_VALID))
		return (sf.f_flags & ST_NODEV) != 0;
	if (fstatvfs(fd, &sv) != 0)
		return -1;
	return (sv.f_flag & ST_NODEV) != 0;
}

#define UNKNOWN_POINT "its mount point unknown: /proc/self/mountinfo " \
	"cannot be read"

static int
by_mount(const void *a, const void *b)
{
	const uint64_t *x = a, *y = b;

	return *x < *y ? -1 : *x > *y;
}

/* Whether the mount of key is met for the first time; remembers it. */
static bool
nodev_first(struct root *r, uint64_t key)
{
	uint64_t *copy;

	if (tfind(&key, &r->nodev_seen, by_mount) != NULL)
		return false;
	if ((copy = malloc(sizeof(*copy))) == NULL)
		return true;	/* said again rather than never */
	*copy = key;
	if (tsearch(copy, &r->nodev_seen, by_mount) == NULL)
		free(copy);
	return true;
}

/*
 * A device node entry that ends in a directory on a mount with nodev can
 * never be opened: the first time a run meets such a mount, res->nodev
 * names its mount point.  Asked once per cached directory (node.c).
 */
void
node_nodev_note(const struct place *p, const struct node_want *w)
{
	struct root *r = p->root;
	struct stat st;
	uint64_t key;
	int nodev;

	/* a faker's nodes are files: nothing to open */
	if (!(S_ISCHR(w->type) || S_ISBLK(w->type)) || p->dirfd < 0 ||
	    r->faker)
		return;
	if (r->cached_fd == p->dirfd && r->cached_nodev >= 0)
		nodev = r->cached_nodev;
	else if ((nodev = node_nodev_of(p->dirfd)) >= 0 &&
	    r->cached_fd == p->dirfd) {
		root_cached_nodev_set(r, nodev);
	}
	if (nodev != 1)
		return;
	/* the mount's id, or where the kernel has none, its st_dev */
	if ((key = node_nodev_mount_id(p->dirfd)) == 0 &&
	    place_dir_stat(r, p->dirfd, &st) == 0)
		key = UINT64_C(1) << 63 | (uint64_t)st.st_dev;
	if (!nodev_first(r, key))
		return;
	if (key >> 63 || !node_nodev_point(key, r->nodev_mount,
	    sizeof(r->nodev_mount)))
		snprintf(r->nodev_mount, sizeof(r->nodev_mount), "%s",
		    UNKNOWN_POINT);
	p->res->nodev = r->nodev_mount;
}
