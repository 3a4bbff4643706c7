/*
 * validate.h - what every entry is checked against, whichever dialect or
 * source it came from, and a range entry expanded into its nodes.  Pure.
 *
 * A checked entry's path is absolute and normal, its numbers fit the
 * running kernel, its range is of sane size, a link has a target.
 */
#ifndef DEVTOOL_VALIDATE_H
#define DEVTOOL_VALIDATE_H

#include <stddef.h>

#include "base/diag.h"
#include "entry/entry.h"

/* A range may make at most this many nodes: refuses hostile tables. */
#define ENTRY_COUNT_MAX 65536u

/* Room for an entry's caps: the |xattr values of its lines, joined. */
#define ENTRY_CAPS_MAX 1024

/* 0 for a valid entry; -1 with the reason in d. */
int entry_validate(const struct entry *e, struct dt_diag *d);
/*
 * The same for an entry whose path is path_normal's output (a dialect's
 * parser made it so): the path is not looked at a second time.
 */
int entry_validate_normal(const struct entry *e, struct dt_diag *d);

/* Whether text is file capabilities as cap_from_text(3) and setcap read. */
int entry_caps_check(const char *text, struct dt_diag *d);

/*
 * A range entry stands for entry_expand_count(e) nodes; entry_expand
 * gives node i (0-based) of a validated entry as an entry of its own with
 * count 0, its path written into path (PATH_MAX bytes) for a range.  Count 0
 * is the one node `path' (busybox also reads count 1 so; devtool follows
 * its specification); count N >= 1 is path<start+i> with minor + i*inc
 * for i in 0..N-1
 * (p ranges get names only).  The readers drop start and inc when they
 * mean nothing, so equal tables give equal entries.
 */
size_t entry_expand_count(const struct entry *e);
int entry_expand(const struct entry *e, size_t i, struct entry *out,
    char *path, struct dt_diag *d);

#endif
