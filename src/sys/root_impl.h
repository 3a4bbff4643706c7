/*
 * root_impl.h - the inside of struct root: for root.c, and node.c's
 * fast path, and the unit tests that look at the cache.  Every other
 * module sees only root.h (make lint checks it; docs/DESIGN.md).
 */
#ifndef DEVTOOL_ROOT_IMPL_H
#define DEVTOOL_ROOT_IMPL_H

#include <sys/types.h>

#include <limits.h>
#include <stdbool.h>
#include <string.h>

#include "sys/root.h"

/*
 * A directory on the trail (node_parents.c): one of the path of the
 * cached directory, entered from the root or from the one before it,
 * only ours (root_walk_only_ours), so nobody else can put anything in
 * it nor move it, and what a name in it holds stays what this run found
 * or made there.
 */
struct trail_dir {
	size_t len;		/* its path: trail_path's first len bytes */
	struct stat st;
	int fd;
	int acl;		/* it has a default ACL: 1, 0, -1 not asked */
	int nodev;		/* as cached_nodev */
	bool made;		/* by this run, on the mount of the one
				   before it */
};

#define TRAIL_MAX 32

/*
 * The hand resolver's text (root_walk.c): the path reached, what is
 * left to walk with a link's target spliced in, a link's target, and a
 * path for a message.  Allocated at a run's first walk and kept by the
 * root, not on the walk's stack: as frames, the stack-clash probes
 * touched each of their pages at every resolution, where on the heap
 * only the bytes a path fills are.  One walk at a time uses them:
 * root_walk_open is not reentered (nothing it calls resolves a path).
 */
struct root_walk_bufs {
	char done[PATH_MAX];
	char went[PATH_MAX];
	char to[PATH_MAX];
	char target[PATH_MAX];
	char todo[2 * PATH_MAX];
};

/*
 * A directory -p made this run for an entry that then failed
 * (node_parents.c): kept while the run goes on, for the entries after
 * it, and removed at the run's end (node_end) if it is still the one
 * made, empty, and no entry that did not fail was in it or was it.
 */
struct run_dir {
	dev_t dev;
	ino_t ino;
	bool kept;		/* an entry that did not fail was there */
	char path[];		/* as the entry's path names it */
};

struct root {
	int fd;			/* the root directory, or AT_FDCWD */
	enum resolve_method method;
	bool method_forced;	/* the caller chose it (DEVTOOL_RESOLVE) */
	bool faker;		/* under fakeroot or pseudo (root_open) */
	/* The last directory opened, for runs of entries in one place. */
	/* Its path (cached_len bytes and a NUL, in a buffer of cached_cap
	   kept from one directory to the next: root_cache_name), and its
	   descriptor: none while cached_fd is -1. */
	char *cached_path;
	size_t cached_len, cached_cap;
	int cached_fd;
	/*
	 * What node.c asks of every node (cached_name) is here, in the
	 * cache line of the cached directory's path and descriptor and the
	 * next, with the start of its stat: a node's few lines, not one a
	 * field (make bench).
	 */
	bool cached_st_valid;
	bool cached_acl;	/* it has a default ACL */
	bool cached_pinned;	/* nobody else can move it out of the root */
	bool cached_trail;	/* cached_fd is the trail's last: not
				   closed on its own */
	int cached_nodev;	/* on a mount with nodev: 1, 0, -1 unknown
				   (node_nodev.c) */
	bool no_mknod;		/* mknod(2) refused a device node for want
				   of CAP_MKNOD: no parent is made for
				   another (node.c) */
	uid_t euid;		/* who new nodes belong to, read once */
	gid_t egid;
	/* A run of node making's own state, from node_begin to node_end
	   (node_impl.h), or NULL. */
	struct node_run *run;
	size_t made_pending;	/* of made (below), how many not kept */
	struct stat cached_st;	/* of cached_fd, for node.c's fast path */
	int root_trusted;	/* the root is only ours and has no default
				   ACL nor set-gid bit: 1, 0, -1 not asked */
	int root_nodev;		/* the root's, as cached_nodev */
	struct stat root_st;	/* of fd, to know the root going up ".." */
	void *dry_dirs;		/* tsearch(3) set: dirs a dry run would make */
	/* The run's struct run_dir, in the order made (growable), and a
	   tsearch(3) set of the same by path (made_pending is above). */
	struct run_dir **made;
	size_t made_n, made_cap;
	void *made_paths;
	void *dry_nodes;	/* tsearch(3) set of struct dry_node: what a
				   dry run would leave at a path */
	void *nodev_seen;	/* tsearch(3) set: nodev mounts said */
	struct root_walk_bufs *walk_bufs;	/* root_walk.c's, or NULL */
	size_t trail_n;		/* how many of trail[] below */
	bool refused;		/* refusal, below, says why */
	/*
	 * The arrays last, the scalars above on the struct's first page:
	 * root_init writes only that page, and the rest is touched where a
	 * run uses it; the trail's path first, of which a short run writes
	 * a few bytes, and its directories, of which it uses the first.
	 */
	char trail_path[PATH_MAX];
	/* The trail (struct trail_dir), below the root; its path has no
	   leading "/" and one "/" between names; trail_n is above. */
	struct trail_dir trail[TRAIL_MAX];
	/* The last step a resolution refused (root_refusal), and whether
	   the last resolution ended there (refused, above: the text is
	   read only when it is set). */
	char refusal[2 * PATH_MAX + 160];
	char nodev_mount[PATH_MAX];	/* the last nodev mount's mount point */
};

/*
 * Whether the cached directory is the one at path, of len bytes (not
 * NUL-terminated there): what root_opendir_cached asks first, for a
 * caller that has the length already (a node's parent, split off its
 * path), without a strcmp a node.  Compared here, byte by byte: a
 * parent is a few bytes, which memcmp's code, in cache lines of its
 * own, costs more than (make bench).
 */
static inline bool
root_cached_is(const struct root *r, const char *path, size_t len)
{
	size_t i = 0;

	if (r->cached_fd < 0 || r->cached_len != len)
		return false;
	while (i < len && r->cached_path[i] == path[i])
		i++;
	return i == len;
}

/* root_cached_pinned, inline for node.c, which asks it every node. */
static inline bool
root_pinned_cache(const struct root *r)
{
	return r->method == RESOLVE_UNCONFINED ||
	    (r->cached_fd >= 0 && r->cached_pinned);
}

#define DIR_FLAGS (O_RDONLY | O_DIRECTORY | O_CLOEXEC)
#define MAX_SYMLINKS 40		/* as the kernel's MAXSYMLINKS */

/* root_walk.c: the hand resolver, and the steps root_step checks. */
bool root_walk_checks(const struct root *r);
bool root_walk_only_ours(const struct root *r, int fd, const struct stat *st);
int root_walk_open(struct root *r, const char *path);
bool root_walk_unsafe(const struct root *r, int fd, const struct stat *from,
    const struct stat *to);
int root_walk_refuse(struct root *r, const char *a, const struct stat *as, const char *b,
    const struct stat *bs);

/* root.c: path (len bytes) named as the cached directory's, the one
   about to be set; -1 when out of memory. */
int root_cache_name(struct root *r, const char *path, size_t len);
/* root.c: the cached directory dropped, the trail kept; the trail cut
   to its first n directories (the cache too, when it is one of those cut). */
void root_cache_drop(struct root *r);
void root_trail_cut(struct root *r, size_t n);
/* The cached directory is on a mount with nodev (1) or not (0). */
void root_cached_nodev_set(struct root *r, int nodev);
/* The run's made directories forgotten (not removed): node_end's last
   step, and root_fini's. */
void root_made_free(struct root *r);

/* In place, as root_open does; root_fini undoes it. */
int root_init(struct root *r, const char *dir, enum resolve_method method,
    bool faker);
void root_init_absent(struct root *r);
void root_fini(struct root *r);

#endif
