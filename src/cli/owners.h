/*
 * owners.h - the user and group databases that apply and mknod look names
 * up in: the target tree's etc/passwd and etc/group (--root, --users-from)
 * or the host's.  See "User and group names" in devtool(1).
 */
#ifndef DEVTOOL_OWNERS_H
#define DEVTOOL_OWNERS_H

#include "entry/ids.h"

/*
 * The resolver for a run given --root root_dir and --users-from
 * users_from (either may be NULL): users_from's files alone; else, with
 * root_dir, each of its files that exists, the host's for one that does
 * not; else the host's.  The files are read at the first name looked
 * up.  NULL, after an error message, when users_from cannot be opened.
 * Each run owns what it opens (apply's plan, mknod's owner, diff's
 * tables), and hands it back to owners_close.
 */
const struct id_resolver *owners_open(const char *root_dir,
    const char *users_from);
/* Frees what owners_open returned (NULL and the host's: nothing to do). */
void owners_close(const struct id_resolver *res);

#endif
