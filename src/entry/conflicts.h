/*
 * conflicts.h - what the entries of a table, or of several, say against
 * each other (apply checks them before it makes anything).  Pure.
 */
#ifndef DEVTOOL_CONFLICTS_H
#define DEVTOOL_CONFLICTS_H

#include <sys/types.h>

#include <stddef.h>

#include "entry/entry.h"

/*
 * Conflicts among the entries v[0..n-1], in table order, with every range
 * taken as the names it makes: one name given two types, or other
 * numbers, mode or owner than an earlier line made; a name below one that
 * is not a directory.  Repeats are fine.  A '-' mode or owner (tmpfiles)
 * of the later line, or its mtree nochange, agrees with anything, since
 * it keeps what is there; of the earlier line a '-' stands for what a
 * new entry gets: the default mode, and new_uid:new_gid.  fn is called
 * once per conflict, ordered by the later item, with a message naming
 * the name and the earlier item's FILE:LINE.  A recursive entry
 * (makedevs r) is left out: it changes, in its turn, whatever the lines
 * before it made.  Returns the number of conflicts, or -1 when out of
 * memory.
 */
typedef void conflicts_fn(void *ctx, const struct entry *later,
    const char *msg);
long conflicts_find(const struct entry *v, size_t n, uid_t new_uid,
    gid_t new_gid, conflicts_fn *fn, void *ctx);

/*
 * How conflicting lines of several tables (or one) are taken
 * (devtool(1), DEVICE TABLES, "Merging tables").
 */
enum conflicts_merge {
	CONFLICTS_ERROR = 0,	/* each conflict is an error (fn) */
	CONFLICTS_LAST,		/* the later line wins (buildroot's order) */
	CONFLICTS_FIRST,	/* the earlier line wins (systemd-tmpfiles) */
};

/*
 * conflicts_find over v, then, but for CONFLICTS_ERROR, the losing line
 * of each conflict taken out of v (a range losing some of its names is
 * written node by node without them); fn is called for each conflict
 * (the caller warns, or for CONFLICTS_ERROR errs), with the later line.
 * Returns the number of conflicts, or -1 when out of memory.
 */
long conflicts_merge(struct entries *v, enum conflicts_merge how,
    uid_t new_uid, gid_t new_gid, conflicts_fn *fn, void *ctx);
/* The same for a pack's entries (pack.h): apply's plan. */
struct entry_pack;
long conflicts_merge_pack(struct entry_pack *p, enum conflicts_merge how,
    uid_t new_uid, gid_t new_gid, conflicts_fn *fn, void *ctx);

#endif
