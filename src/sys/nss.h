/*
 * nss.h - the host's user and group databases through NSS (getpwnam_r,
 * getgrnam_r), as an id resolver (entry/ids.h).  The system layer: the
 * pure layers take a resolver and never look names up themselves.
 */
#ifndef DEVTOOL_NSS_H
#define DEVTOOL_NSS_H

#include <stdbool.h>
#include <stdint.h>

#include "entry/ids.h"

/*
 * A name in the passwd (group: true, the group) database: 0 with *id, or
 * -1.  ctx is unused: the host has one database of each.
 */
int nss_lookup(void *ctx, const char *name, bool group, uint32_t *id);
extern const struct id_resolver nss_resolver;

#endif
