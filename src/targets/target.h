/*
 * target.h - where entries go (docs/DESIGN.md, "The entry pipeline"): a
 * target takes one node at a time (ranges already expanded, count 0) and
 * says how each ended, as node.h's outcomes.  It prints nothing.  Adding
 * a target is adding one file that fills a struct target.
 */
#ifndef DEVTOOL_TARGET_H
#define DEVTOOL_TARGET_H

#include <stdbool.h>
#include <stddef.h>

#include "base/diag.h"
#include "entry/entry.h"
#include "entry/pack.h"
#include "sys/node.h"
#include "sys/root.h"

struct target {
	const char *name;
	enum node_outcome (*put)(struct target *t, const struct entry *e,
	    struct node_result *res);
	/*
	 * put for entry i of p when a record holds it (entry_pack_whole
	 * NULL), read in place rather than copied out by entry_pack_get;
	 * NULL: put only.  A record is never a range.
	 */
	enum node_outcome (*put_packed)(struct target *t,
	    const struct entry_pack *p, size_t i, struct node_result *res);
	/* After the last put: 0, or -1 with the reason in d (not written). */
	int (*finish)(struct target *t, struct dt_diag *d);
	void (*free)(struct target *t);
	/*
	 * Set by a put that failed so that the target can take nothing more
	 * (an archive's output failed): no more puts; finish says why.
	 */
	bool stopped;
};

/*
 * The file system under the root, through node_make (node.h) with flags
 * (NODE_*) and events.  A tmpfiles "-" mode or owner (mode_set, uid_set,
 * gid_set false) is the default for a new node and keeps an existing
 * one's.  NULL when out of memory.
 */
struct target *target_fs_new(struct root *r, unsigned flags,
    const struct node_events *events);

/*
 * The node the file system target asks node_make for, for an entry e or
 * for entry i of p held in a record, and (returned) the flags (NODE_*)
 * its line adds to the run's: put and put_packed make the same node of
 * the same entry (tests/unit_entry.c).
 */
unsigned target_fs_want(const struct entry *e, struct node_want *w);
unsigned target_fs_want_packed(const struct entry_pack *p, size_t i,
    struct node_want *w);

/* An archive written with libarchive: target_archive.h. */

#endif
