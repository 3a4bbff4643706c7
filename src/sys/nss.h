/*
 * nss.h - the host's user and group databases through NSS (getpwnam_r,
 * getgrnam_r), as an id resolver (entry/ids.h).  The system layer: the
 * pure layers take a resolver and never look names up themselves.
 */
#ifndef DEVTOOL_NSS_H
#define DEVTOOL_NSS_H

#include <sys/types.h>

#include "entry/ids.h"

int nss_getpwnam(void *ctx, const char *name, uid_t *uid);
int nss_getgrnam(void *ctx, const char *name, gid_t *gid);
extern const struct id_resolver nss_resolver;

#endif
