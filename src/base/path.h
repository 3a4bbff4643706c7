/*
 * path.h - the one path normaliser: every path a source gives (a table
 * line, a list operand) is made absolute and normal here.  Pure.
 */
#ifndef DEVTOOL_PATH_H
#define DEVTOOL_PATH_H

#include <stdbool.h>
#include <stddef.h>

#include "base/diag.h"

/*
 * "." and ".." in a table are refused (a table that says them is either
 * confused or hostile); in a list operand, ".." is resolved lexically,
 * as the user typed it, and "." dropped.
 */
#define PATH_DOTS_RESOLVE 0x01

/*
 * Writes the normal form of the absolute path s (len bytes) into out, of
 * PATH_MAX bytes: no repeated or trailing slashes, no "." or "..", each
 * name at most NAME_MAX bytes.  Returns 0, or -1 with the reason in d
 * (the path quoted).
 */
int path_normal(const char *s, size_t len, unsigned flags, char *out,
    struct dt_diag *d);

/*
 * 0 when every name in the path s (absolute or relative, not made
 * normal) is at most NAME_MAX bytes; else -1, the name quoted in d with
 * the words path_normal uses for it.
 */
/*
 * Whether path_normal(s, len, 0, ...) would give s itself, with no copy:
 * a table's paths are mostly normal already, and checked again for it
 * (entry_validate).
 */
bool path_is_normal(const char *s, size_t len);

int path_names_fit(const char *s, struct dt_diag *d);

/*
 * Whether the normal path is kept by --prefix and --exclude-prefix (each
 * a NULL-terminated list of normal paths, or NULL), as systemd-tmpfiles
 * decides: not when it is at or below an excluded prefix, else when it
 * is at or below a prefix, or when no prefix was given.  "At or below"
 * goes by whole names: /dev holds /dev/null, not /devices.
 */
bool path_in_prefixes(const char *path, const char *const *prefix,
    const char *const *exclude);

#endif
