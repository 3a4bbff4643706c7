/*
 * attrs.h - parsing the mode and owner options of mknod and the tables.
 */
#ifndef DEVTOOL_ATTRS_H
#define DEVTOOL_ATTRS_H

#include <sys/types.h>

#include <stdbool.h>
#include <stdint.h>

#include "base/diag.h"
#include "entry/ids.h"

int attrs_mode(const char *text, mode_t *mode, struct dt_diag *d);
/*
 * An owner, a user (group: a group), as chown(1) reads it: the id of a
 * name res knows (names first), else a number.
 */
int attrs_owner(const char *text, const struct id_resolver *res, bool group,
    uint32_t *id, struct dt_diag *d);

#endif
