/*
 * node_nodev.c - a device node on a mount with nodev can never be
 * opened: whether a directory is on one (fstatvfs(3) ST_NODEV through
 * its descriptor), which mount that is, and its mount point as
 * /proc/self/mountinfo gives it.  node.c asks once per cached directory
 * and names each such mount once in a run (node.h).  And whether a
 * directory is a live /dev (node_live_dev), by the same mount table.
 */
#include <sys/stat.h>
#include <sys/statfs.h>
#include <sys/statvfs.h>

#include <assert.h>
#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sys/node_impl.h"

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
	char type[32] = "";
	struct stat st, dev;
	uint64_t id;

	assert(fd >= 0 && where != NULL && len > 0);
	if ((id = node_nodev_mount_id(fd)) != 0 &&
	    mount_line(id, where, len, type, sizeof(type)) &&
	    strcmp(type, "devtmpfs") == 0)
		return NODE_LIVE_DEVTMPFS;
	if (fstat(fd, &st) != 0 || stat("/dev", &dev) != 0 ||
	    st.st_dev != dev.st_dev || st.st_ino != dev.st_ino)
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
