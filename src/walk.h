/*
 * walk.h - the tree walk of list: the device nodes, FIFOs, sockets and
 * symbolic links (and with dirs, the directories) under a path inside
 * the root, symbolic links never followed (find -P), devtool's own
 * temporaries skipped.  It prints nothing: what it finds and what it
 * cannot list go to the caller's callbacks (docs/DESIGN.md).
 */
#ifndef DEVTOOL_WALK_H
#define DEVTOOL_WALK_H

#include <sys/stat.h>

#include <stdbool.h>

#include "root.h"

struct walk_ops {
	bool dirs;		/* directories are found too */
	/*
	 * path as seen from the root, absolute and normal; target, for a
	 * symbolic link, what it says (readlinkat), else NULL
	 */
	void (*found)(void *ctx, const char *path, const struct stat *st,
	    const char *target);
	/* error is errno's value; why, when not NULL, says more */
	void (*problem)(void *ctx, const char *path, int error,
	    const char *why);
	void *ctx;
};

/* Walks one operand: a directory tree, or a single node or link. */
void walk_operand(struct root *r, const char *arg, const struct walk_ops *w);

#endif
