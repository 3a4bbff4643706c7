/*
 * walk.h - the tree walk of list (and of makedevs r): the device nodes,
 * FIFOs, sockets and symbolic links (and with dirs, the directories)
 * under a path inside the root, symbolic links never followed (find -P),
 * devtool's own temporaries (temp.h) skipped.  It prints nothing: what it
 * finds and what it cannot list go to the caller's callbacks
 * (docs/DESIGN.md).
 */
#ifndef DEVTOOL_WALK_H
#define DEVTOOL_WALK_H

#include <sys/stat.h>

#include <stdbool.h>
#include <stdint.h>

#include "sys/root.h"

struct walk_ops {
	bool dirs;		/* directories are found too */
	bool all;		/* everything: files too */
	/*
	 * no mount point below the operand is entered nor found, a bind
	 * mount of its own file system included (the mount id, not only
	 * st_dev, says)
	 */
	bool xdev;
	dev_t dev;		/* the walk's own: the operand's */
	uint64_t mnt;
	/*
	 * path as seen from the root, absolute and normal; target, for a
	 * symbolic link, what it says (readlinkat), else NULL
	 */
	void (*found)(void *ctx, const char *path, const struct stat *st,
	    const char *target);
	/* if set, called instead: with the directory, open, and the name */
	void (*found_at)(void *ctx, int dirfd, const char *name,
	    const char *path, const struct stat *st);
	/* error is errno's value; why, when not NULL, says more */
	void (*problem)(void *ctx, const char *path, int error,
	    const char *why);
	void *ctx;
};

/* Walks one operand: a directory tree, or a single node or link. */
void walk_operand(struct root *r, const char *arg, const struct walk_ops *w);

/*
 * Walks name in the directory open at dirfd, then, for a directory,
 * what is below it (pre-order, as nftw(3) without FTW_DEPTH); "." is
 * dirfd itself.  parent is the path of dirfd as seen from the root.
 */
void walk_at(const struct walk_ops *w, int dirfd, const char *parent,
    const char *name);

#endif
