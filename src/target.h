/*
 * target.h - where entries go (docs/DESIGN.md, "The entry pipeline"): a
 * target takes one node at a time (ranges already expanded, count 0) and
 * says how each ended, as node.h's outcomes.  It prints nothing.  Adding
 * a target is adding one file that fills a struct target.
 */
#ifndef DEVTOOL_TARGET_H
#define DEVTOOL_TARGET_H

#include "entry.h"
#include "node.h"
#include "root.h"

struct target {
	const char *name;
	enum node_outcome (*put)(struct target *t, const struct entry *e,
	    struct node_result *res);
	void (*free)(struct target *t);
};

/*
 * The file system under the root, through node_make (node.h) with flags
 * (NODE_*) and events.  A tmpfiles "-" mode or owner (mode_set, uid_set,
 * gid_set false) is the default for a new node and keeps an existing
 * one's.  NULL when out of memory.
 */
struct target *target_fs_new(struct root *r, unsigned flags,
    const struct node_events *events);

#endif
