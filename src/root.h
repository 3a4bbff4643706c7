/*
 * root.h - resolving paths inside a directory taken as "/" (--root).
 *
 * With --root DIR no "..", no absolute and no relative symlink can lead
 * outside DIR: openat2(2) with RESOLVE_IN_ROOT where the kernel has it,
 * else a component-by-component walk that opens every directory with
 * O_NOFOLLOW and splices symlink targets in by hand, as the kernel would.
 * Without --root, paths resolve as they do for mknod(1).
 *
 * A directory kept open between entries is "pinned" when no user but
 * devtool's euid could move it out of the root: then it is used as is.
 * Otherwise it is resolved from the root again on every use, and callers
 * check with root_contains() that what they made is still inside.
 */
#ifndef DEVTOOL_ROOT_H
#define DEVTOOL_ROOT_H

#include <sys/stat.h>

#include <stdbool.h>

enum resolve_method {
	RESOLVE_UNCONFINED,	/* no --root: the usual path lookup */
	RESOLVE_OPENAT2,
	RESOLVE_WALK,
	RESOLVE_AUTO,		/* root_init: openat2, else the walk */
};

/*
 * The fields are root.c's, and node.c's for its fast path; every other
 * module uses the functions below (docs/DESIGN.md).
 */

struct root {
	int fd;			/* the root directory, or AT_FDCWD */
	enum resolve_method method;
	bool method_forced;	/* the caller chose it (DEVTOOL_RESOLVE) */
	/* The last directory opened, for runs of entries in one place. */
	char *cached_path;
	int cached_fd;
	struct stat cached_st;	/* of cached_fd, for node.c's fast path */
	bool cached_st_valid;
	bool cached_acl;	/* it has a default ACL */
	bool cached_pinned;	/* nobody else can move it out of the root */
	struct stat root_st;	/* of fd, to know the root going up ".." */
	void *dry_dirs;		/* tsearch(3) set: dirs a dry run would make */
	uid_t euid;		/* who new nodes belong to, read once */
	gid_t egid;
};

/*
 * method: RESOLVE_AUTO, or RESOLVE_OPENAT2 or RESOLVE_WALK to use only
 * that one (the CLI reads DEVTOOL_RESOLVE); ignored when dir is NULL.
 */
int root_init(struct root *r, const char *dir, enum resolve_method method);
void root_init_absent(struct root *r);
bool root_absent(const struct root *r);
bool root_confined(const struct root *r);	/* a --root was given */
void root_fini(struct root *r);
int root_opendir(struct root *r, const char *path);
int root_opendir_cached(struct root *r, const char *path);
void root_forget(struct root *r);
bool root_cached_pinned(const struct root *r);
int root_contains(struct root *r, int dirfd);

#endif
