/*
 * tree_order.h - the whole tree a target that writes one wants (an
 * archive; docs/DESIGN.md, "The entry pipeline"), streamed: every node of
 * the entries added, ranges expanded, and the directories they imply, in
 * path order (strcmp, so parents first), each path once.  Memory is
 * bounded by the entries, not by the nodes they make: a range is never
 * expanded whole.  Its names are in path order within each length of
 * number (ttyS0 ... ttyS9, then ttyS10 ... ttyS99, merged as ttyS0,
 * ttyS1, ttyS10, ...), so each length is one sorted run of a few numbers
 * of state; the entries of one node are sorted once, and so are the
 * implied directories; a heap merges the runs.
 */
#ifndef DEVTOOL_TREE_ORDER_H
#define DEVTOOL_TREE_ORDER_H

#include <stdbool.h>

#include "base/diag.h"
#include "entry/entry.h"

struct tree_order;

/* An empty tree; NULL when out of memory. */
struct tree_order *tree_order_new(void);
/*
 * Adds e, a valid entry (entry_validate) that must outlive the tree,
 * and with parents the directories above its path (mode 0755, owner
 * 0:0), as a new directory of a table would be.  -1 when out of memory.
 */
int tree_order_add(struct tree_order *t, const struct entry *e,
    bool parents);
/*
 * The same for entry i of p (pack.h: apply's plan), held as its record:
 * p must outlive the tree and take no more entries; every entry of the
 * tree added so is of that one pack.
 */
struct entry_pack;
int tree_order_add_pack(struct tree_order *t, const struct entry_pack *p,
    size_t i, bool parents);
/* After the last add, before the first next: -1 when out of memory. */
int tree_order_start(struct tree_order *t);
/*
 * The next node into out, a range's name written into path (PATH_MAX
 * bytes): of the entries of one path, the one added first, and an
 * implied directory only when no entry names it.  1, 0 at the end, or
 * -1 with why in d and out the entry whose node it was.
 */
int tree_order_next(struct tree_order *t, struct entry *out, char *path,
    struct dt_diag *d);
void tree_order_free(struct tree_order *t);

#endif
