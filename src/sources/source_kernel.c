/*
 * source_kernel.c - the running kernel as a source of entries: what
 * devtmpfs makes, read from sysfs as mdev -s reads it (devtool(1),
 * "The kernel as a source").  Every device the kernel numbers has a
 * link in SYSFS/dev/char or SYSFS/dev/block named MAJOR:MINOR, whose
 * uevent says DEVNAME (the node's name under /dev), and DEVMODE, DEVUID
 * and DEVGID where the driver asks for other than devtmpfs's own 0600,
 * root's (drivers/base/devtmpfs.c).  A device without DEVNAME gets no
 * node there, so none here.
 *
 * The uevent files are the kernel's, but SYSFS may be any tree (--sysfs):
 * each is read in at most one page, its numbers checked, and its name
 * refused unless it is a normal relative path that stays below /dev.
 */
#include <sys/stat.h>

#include <assert.h>
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "base/bounds.h"
#include "base/number.h"
#include "base/path.h"
#include "base/pathindex.h"
#include "base/text.h"
#include "entry/validate.h"
#include "sources/source.h"

/*
 * A sysfs attribute is at most one page (PAGE_SIZE, 4096 on every
 * architecture Linux numbers devices on but a few): a longer uevent is
 * not the kernel's.
 */
#define UEVENT_MAX 4096

/* devtmpfs's mode for a node whose driver names none. */
#define KERNEL_DEFAULT_MODE 0600

/* Where devtmpfs is mounted: DEVNAME is relative to it. */
#define KERNEL_DEV "/dev/"

struct kernel_source {
	struct source s;	/* first: the interface */
};

/*
 * The names given so far: two devices the kernel names alike would be
 * one node (devtmpfs keeps the first), which a source never gives twice.
 */
struct kernel_names {
	struct entries seen;	/* their entries; the paths in its arena */
	struct pathindex index;	/* path to its place in seen */
};

/* What one uevent says, its values pointing into the file's text. */
struct uevent {
	const char *name, *mode, *uid, *gid, *major, *minor;
};

/* "SYSFS/dev/KIND/NAME/uevent", for a message; NULL when out of memory. */
static char *
where_of(const char *sysfs, const char *kind, const char *name)
{
	char *s;

	if (asprintf(&s, "%s/dev/%s%s%s%s", sysfs, kind, name ? "/" : "",
	    name ? name : "", name ? "/uevent" : "") < 0)
		return NULL;
	return s;
}

/*
 * The file dirfd/name/uevent into buf (UEVENT_MAX + 1 bytes), NUL ended:
 * its length, or -1 with errno (EFBIG: longer than a page; EINVAL: not a
 * regular file, as every sysfs attribute is).  Nothing is opened that
 * could block (a FIFO planted in another tree).
 */
static ssize_t
read_uevent(int dirfd, const char *name, char *buf)
{
	size_t n = 0;
	ssize_t got = 0;
	struct stat st;
	int dev, fd, e;

	if ((dev = openat(dirfd, name, O_RDONLY | O_DIRECTORY |
	    O_CLOEXEC)) < 0)
		return -1;
	fd = openat(dev, "uevent", O_RDONLY | O_CLOEXEC | O_NOCTTY |
	    O_NONBLOCK | O_NOFOLLOW);
	e = errno;
	close(dev);
	if (fd < 0) {
		errno = e;
		return -1;
	}
	if (fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) {
		close(fd);
		errno = EINVAL;
		return -1;
	}
	while (n <= UEVENT_MAX &&
	    (got = read(fd, buf + n, UEVENT_MAX + 1 - n)) > 0)
		n += (size_t)got;
	e = errno;
	close(fd);
	if (got < 0) {
		errno = e;
		return -1;
	}
	if (n > UEVENT_MAX) {
		errno = EFBIG;
		return -1;
	}
	buf[n] = '\0';
	return (ssize_t)n;
}

/* Splits buf into KEY=VALUE lines, keeping the keys a node needs. */
static int
parse_uevent(char *buf, size_t n, struct uevent *u, struct dt_diag *d)
{
	static const struct { char key[8]; size_t off; } keys[] = {
		{ "DEVNAME", offsetof(struct uevent, name) },
		{ "DEVMODE", offsetof(struct uevent, mode) },
		{ "DEVUID", offsetof(struct uevent, uid) },
		{ "DEVGID", offsetof(struct uevent, gid) },
		{ "MAJOR", offsetof(struct uevent, major) },
		{ "MINOR", offsetof(struct uevent, minor) },
	};
	char *line = buf, *end = buf + n, *nl, *eq;

	*u = (struct uevent){ 0 };
	if (memchr(buf, '\0', n) != NULL)
		return dt_error(d, "a NUL byte: not a uevent file");
	for (; line < end; line = nl + 1) {
		if ((nl = memchr(line, '\n', (size_t)(end - line))) == NULL)
			nl = end;
		*nl = '\0';
		if (*line == '\0')
			continue;
		if ((eq = strchr(line, '=')) == NULL)
			return dt_error(d, "a line without '=': not a uevent "
			    "file");
		*eq = '\0';
		for (size_t i = 0; i < ARRAY_SIZE(keys); i++) {
			const char **v = (const char **)(void *)((char *)u +
			    keys[i].off);

			if (strcmp(line, keys[i].key) != 0)
				continue;
			if (*v != NULL)
				return dt_error(d, "%s given twice",
				    keys[i].key);
			*v = eq + 1;
		}
	}
	return 0;
}

/*
 * DEVNAME as a path under /dev into path (PATH_MAX bytes): a normal
 * relative name of printable bytes, never absolute and never with "." or
 * "..", so that it cannot name anything outside /dev.
 */
static int
node_path(const char *name, char *path, struct dt_diag *d)
{
	char q[DT_QUOTE_SIZE], buf[PATH_MAX];
	size_t len = strlen(name), pre = sizeof(KERNEL_DEV) - 1;
	struct dt_diag why;

	if (len == 0)
		return dt_error(d, "DEVNAME is empty");
	dt_quote(q, sizeof(q), name, len);
	for (size_t i = 0; i < len; i++)
		if ((unsigned char)name[i] < 0x20 || name[i] == 0x7f)
			return dt_error(d, "DEVNAME '%s' holds a control "
			    "character", q);
	if (name[0] == '/')
		return dt_error(d, "DEVNAME '%s' is absolute: devtmpfs names "
		    "are relative to /dev", q);
	if (pre + len >= sizeof(buf))
		return dt_error(d, "DEVNAME '%s' is too long (more than %zu "
		    "bytes)", q, sizeof(buf) - pre - 1);
	memcpy(buf, KERNEL_DEV, pre);
	memcpy(buf + pre, name, len + 1);
	if (path_normal(buf, pre + len, 0, path, &why) != 0)
		return dt_error(d, "DEVNAME '%s': %s", q, why.msg);
	if (strcmp(path, buf) != 0)
		return dt_error(d, "DEVNAME '%s' is not a normal name (an "
		    "empty component, or a trailing slash)", q);
	return 0;
}

/* An octal DEVMODE, as the kernel prints it ("%#o"): at most 07777. */
static int
parse_mode(const char *s, unsigned *mode, struct dt_diag *d)
{
	char q[DT_QUOTE_SIZE];
	unsigned long v = 0;
	size_t i;

	for (i = 0; s[i] >= '0' && s[i] <= '7' && v <= 07777; i++)
		v = v * 8 + (unsigned)(s[i] - '0');
	if (i == 0 || s[i] != '\0' || v > 07777)
		return dt_error(d, "DEVMODE '%s' is not an octal mode of at "
		    "most 07777", dt_quote(q, sizeof(q), s, strlen(s)));
	*mode = (unsigned)v;
	return 0;
}

/* MAJOR:MINOR, the name of the link in dev/char or dev/block. */
static bool
link_numbers(const char *name, uint64_t *ma, uint64_t *mi)
{
	char buf[64];
	const char *colon = strchr(name, ':');
	struct dt_diag d;
	size_t n;

	if (colon == NULL || (n = (size_t)(colon - name)) >= sizeof(buf))
		return false;
	memcpy(buf, name, n);
	buf[n] = '\0';
	return dt_parse_decimal(buf, "major", UINT32_MAX, ma, &d) == DT_OK &&
	    dt_parse_decimal(colon + 1, "minor", UINT32_MAX, mi, &d) == DT_OK;
}

/*
 * The entry of one device: 1 with *e (its path in path), 0 for a device
 * devtmpfs makes no node of (no DEVNAME), -1 with the reason in d.
 */
static int
device_entry(const char *sysfs, char type, const char *link,
    struct uevent *u, struct entry *e, char *path, struct dt_diag *d)
{
	uint64_t ma, mi, v;

	if (u->name == NULL)
		return 0;
	if (!link_numbers(link, &ma, &mi))
		return dt_error(d, "not named MAJOR:MINOR");
	if (u->major == NULL || u->minor == NULL)
		return dt_error(d, "a DEVNAME without MAJOR and MINOR");
	*e = (struct entry){ .path = path, .type = type, .file = sysfs,
	    .mode_set = true, .uid_set = true, .gid_set = true,
	    .mode = KERNEL_DEFAULT_MODE };
	if (dt_parse_decimal(u->major, "MAJOR", UINT32_MAX, &e->major, d) !=
	    DT_OK || dt_parse_decimal(u->minor, "MINOR", UINT32_MAX,
	    &e->minor, d) != DT_OK)
		return -1;
	if (e->major != ma || e->minor != mi)
		return dt_error(d, "MAJOR=%ju MINOR=%ju, but the link is "
		    "%s", (uintmax_t)e->major, (uintmax_t)e->minor, link);
	if (u->mode != NULL && parse_mode(u->mode, &e->mode, d) != 0)
		return -1;
	if (u->uid != NULL) {
		if (dt_parse_decimal(u->uid, "DEVUID", ID_MAX, &v, d) != DT_OK)
			return -1;
		e->uid = (uid_t)v;
	}
	if (u->gid != NULL) {
		if (dt_parse_decimal(u->gid, "DEVGID", ID_MAX, &v, d) != DT_OK)
			return -1;
		e->gid = (gid_t)v;
	}
	if (node_path(u->name, path, d) != 0 || entry_validate(e, d) != 0)
		return -1;
	return 1;
}

/*
 * 0 for a name not given before (kept), -1 with the reason in d for one
 * that was: two devices of one name.
 */
static int
named_twice(struct kernel_names *names, const struct entry *e,
    struct dt_diag *d)
{
	const struct entry *was;
	char q[DT_QUOTE_SIZE];
	size_t at;

	if (pathindex_find(&names->index, e->path, &at) &&
	    at < names->seen.n) {
		was = &names->seen.v[at];
		return dt_error(d, "%s is also %c %ju:%ju's name: two devices "
		    "of one name", dt_quote(q, sizeof(q), e->path,
		    strlen(e->path)), was->type, (uintmax_t)was->major,
		    (uintmax_t)was->minor);
	}
	if (entries_add(&names->seen, e) != 0 ||
	    pathindex_put(&names->index, names->seen.v[names->seen.n - 1].path,
	    names->seen.n - 1) != 0)
		return dt_error(d, "%s", strerror(ENOMEM));
	return 0;
}

/* Every device of SYSFS/dev/KIND (char: c, block: b) to the sink. */
static void
read_kind(const char *sysfs, const char *kind, char type,
    struct kernel_names *names, const struct entry_sink *sink)
{
	char *where = where_of(sysfs, kind, NULL), *buf = NULL, *file;
	char path[PATH_MAX];
	struct dirent *de;
	struct uevent u;
	struct entry e;
	struct dt_diag d;
	ssize_t n;
	DIR *dir;
	int fd;

	if (where == NULL || (buf = malloc(UEVENT_MAX + 1)) == NULL) {
		sink->problem(sink->ctx, sysfs, 0, ENOMEM, NULL);
		goto out;
	}
	if ((fd = open(where, O_RDONLY | O_DIRECTORY | O_CLOEXEC)) < 0 ||
	    (dir = fdopendir(fd)) == NULL) {
		sink->problem(sink->ctx, where, 0, errno, NULL);
		if (fd >= 0)
			close(fd);
		goto out;
	}
	while ((errno = 0, de = readdir(dir)) != NULL) {
		if (de->d_name[0] == '.')
			continue;
		if ((file = where_of(sysfs, kind, de->d_name)) == NULL) {
			sink->problem(sink->ctx, where, 0, ENOMEM, NULL);
			break;
		}
		if (!link_numbers(de->d_name, &(uint64_t){ 0 },
		    &(uint64_t){ 0 }))
			sink->problem(sink->ctx, file, 0, 0, "not named "
			    "MAJOR:MINOR, as the kernel names a device in "
			    "dev/char and dev/block");
		else if ((n = read_uevent(dirfd(dir), de->d_name, buf)) < 0)
			sink->problem(sink->ctx, file, 0, errno, errno ==
			    EFBIG ? "longer than a page (4096 bytes): not "
			    "the kernel's uevent" : errno == EINVAL ? "not "
			    "a regular file: not the kernel's uevent" : NULL);
		else if (parse_uevent(buf, (size_t)n, &u, &d) != 0 ||
		    (n = device_entry(sysfs, type, de->d_name, &u, &e, path,
		    &d)) < 0 || (n > 0 && named_twice(names, &e, &d) != 0))
			sink->problem(sink->ctx, file, 0, 0, d.msg);
		else if (n > 0)
			sink->put(sink->ctx, &e);
		free(file);
	}
	if (errno != 0)
		sink->problem(sink->ctx, where, 0, errno, NULL);
	closedir(dir);
out:
	free(buf);
	free(where);
}

/* The operand is the root of sysfs (/sys, or --sysfs DIR). */
static void
sysfs_read(struct source *s, const char *sysfs,
    const struct entry_sink *sink)
{
	struct kernel_names names = { 0 };

	assert(s != NULL && sysfs != NULL && sink != NULL &&
	    sink->put != NULL && sink->problem != NULL);
	read_kind(sysfs, "char", 'c', &names, sink);
	read_kind(sysfs, "block", 'b', &names, sink);
	pathindex_free(&names.index);
	entries_free(&names.seen);
}

static void
kernel_free(struct source *s)
{
	free(s);
}

struct source *
source_kernel_new(void)
{
	struct kernel_source *k = malloc(sizeof(*k));

	if (k == NULL)
		return NULL;
	k->s = (struct source){ "kernel", sysfs_read, kernel_free, NULL };
	return &k->s;
}

bool
source_kernel_devname(const char *sysfs, char type, uint64_t major,
    uint64_t minor, char *name, size_t size)
{
	char dir[PATH_MAX], link[64], text[UEVENT_MAX + 1];
	struct uevent u;
	struct dt_diag d;
	ssize_t n;
	int fd;

	assert(sysfs != NULL && (type == 'c' || type == 'b') && name != NULL);
	if ((size_t)snprintf(dir, sizeof(dir), "%s/dev/%s", sysfs,
	    type == 'c' ? "char" : "block") >= sizeof(dir))
		return false;
	snprintf(link, sizeof(link), "%ju:%ju", (uintmax_t)major,
	    (uintmax_t)minor);
	if ((fd = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC)) < 0)
		return false;
	n = read_uevent(fd, link, text);
	close(fd);
	if (n < 0 || parse_uevent(text, (size_t)n, &u, &d) != 0 ||
	    u.name == NULL || strlen(u.name) >= size)
		return false;
	memcpy(name, u.name, strlen(u.name) + 1);
	return true;
}
