/*
 * root.h - resolving paths inside a directory taken as "/" (--root).
 *
 * With --root DIR no "..", no absolute and no relative symlink can lead
 * outside DIR: openat2(2) with RESOLVE_IN_ROOT where the kernel has it,
 * else a component-by-component walk that opens every directory with
 * O_NOFOLLOW and splices symlink targets in by hand, as the kernel would.
 * Without --root, paths resolve as they do for mknod(1).
 *
 * As root (outside fakeroot and pseudo) every resolution walks, one
 * component at a time, and refuses an unsafe path transition: a step
 * from a directory another user can write to something with another
 * owner (SECURITY in the manual; root_refusal says which step).
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

/* Opaque: its fields are root.c's, root_walk.c's, place.c's and node.c's
   (root_impl.h). */
struct root;

/*
 * A root to resolve in: dir, or NULL for no --root (paths resolve as
 * they do for mknod(1)).  method: RESOLVE_AUTO, or RESOLVE_OPENAT2 or
 * RESOLVE_WALK to use only that one (the CLI reads DEVTOOL_RESOLVE);
 * ignored when dir is NULL.  faker: fakeroot or pseudo is preloaded
 * (the CLI finds out): only calls it intercepts are used (the walk, never
 * openat2), and no directory is taken as pinned, since the owners it
 * shows are its own fiction.  NULL and errno when it cannot be opened.
 */
struct root *root_open(const char *dir, enum resolve_method method,
    bool faker);
void root_close(struct root *r);
bool root_absent(const struct root *r);
bool root_confined(const struct root *r);	/* a --root was given */
bool root_faker(const struct root *r);		/* under fakeroot or pseudo */
int root_opendir(struct root *r, const char *path);
int root_opendir_cached(struct root *r, const char *path);
void root_forget(struct root *r);
/*
 * This run changed a directory's owner or mode (a d line corrected, an
 * r tree, the root itself): what was checked once of the cached
 * directory, the trail and the root (nobody else can write them, nor
 * move them out) may no longer hold, so it is forgotten and asked again
 * of the next path (SECURITY in devtool(1)).
 */
void root_dir_changed(struct root *r);
bool root_cached_pinned(const struct root *r);
int root_contains(struct root *r, int dirfd);

/*
 * The sentence that says which step the last resolution (root_opendir,
 * root_opendir_cached, root_open_file, root_step) refused as an unsafe
 * path transition, naming both ends and their owners; it failed with
 * ENOLINK.  NULL when the last one was not refused.  The text stays
 * valid until the next refusal, and while r is open.
 */
const char *root_refusal(const struct root *r);

/*
 * As root: whether the step from the directory open at dirfd, path's
 * directory, to path's last component (st, seen through a descriptor of
 * it, or what would be made there) is safe, as each step of a
 * resolution is checked.  0, or -1 with ENOLINK (root_refusal), or with
 * errno when dirfd cannot be looked at.  Always 0 for another user, and
 * under fakeroot or pseudo.
 */
int root_step(struct root *r, int dirfd, const char *path,
    const struct stat *st);

/*
 * Whether steps are checked: as root, outside fakeroot and pseudo
 * (root_step and root_follow then refuse unsafe ones).
 */
bool root_checks(const struct root *r);

/*
 * As root: whether following the symbolic link at link (ls, seen through
 * a descriptor or lstat) to what it leads to, to (ts), is safe, as each
 * link a resolution follows is checked: a link not owned by root leads
 * only to what its owner owns.  0, or -1 with ENOLINK (root_refusal
 * names both ends).  Always 0 for another user, and under fakeroot or
 * pseudo.
 */
int root_follow(struct root *r, const char *link, const struct stat *ls,
    const char *to, const struct stat *ts);

/*
 * Opens the regular file at path for reading, resolved as root_opendir
 * resolves a directory: symbolic links, the last component's too, are
 * followed, but never out of the root, and as root never through an
 * unsafe path transition.  Only a regular file is opened: anything else
 * is looked at through an O_PATH descriptor alone, since opening a
 * device can act on it.  Returns the descriptor, or -1 with errno and
 * *why, a sentence to print instead of errno's or NULL: ENOENT when
 * nothing is at path (nor at a link's target), EINVAL when it is not a
 * regular file, EOPNOTSUPP when /proc, through which the file checked
 * is reopened, is not mounted, ENOLINK for an unsafe path transition
 * (*why is root_refusal's sentence).
 */
int root_open_file(struct root *r, const char *path, const char **why);

#endif
