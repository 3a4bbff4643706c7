/*
 * host.h - the limits of the running kernel's mknod(2), for refusing a
 * number early: Linux's dev_t keeps a 12-bit major and a 20-bit minor
 * (MAJOR/MINOR in linux/kdev_t.h; see encode in devtool(1)).
 */
#ifndef DEVTOOL_HOST_H
#define DEVTOOL_HOST_H

#define DT_HOST_MAJOR_MAX 4095u
#define DT_HOST_MINOR_MAX 1048575u

#endif
