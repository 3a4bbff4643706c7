/*
 * attrs.h - parsing the mode and owner options of mknod and the tables.
 */
#ifndef DEVTOOL_ATTRS_H
#define DEVTOOL_ATTRS_H

#include <sys/types.h>

#include "base/diag.h"
#include "entry/ids.h"

int attrs_mode(const char *text, mode_t *mode, struct dt_diag *d);
/* A name known to res (as chown(1) does, names first), or a number. */
int attrs_user(const char *text, const struct id_resolver *res,
    uid_t *uid, struct dt_diag *d);
int attrs_group(const char *text, const struct id_resolver *res,
    gid_t *gid, struct dt_diag *d);

#endif
