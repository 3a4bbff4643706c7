/*
 * dlib.h - a library loaded with dlopen(3) on first use, as libcap.c,
 * libjsonc.c, sys/la.c and sys/unpack.c load theirs: opened bound now
 * and kept to itself (RTLD_NOW | RTLD_LOCAL), each function found by
 * name into a pointer of its own type, every failure said the same way.
 * Each loader keeps whether it has loaded (docs/DESIGN.md, "State that is
 * global").
 */
#ifndef DEVTOOL_DLIB_H
#define DEVTOOL_DLIB_H

#include "base/diag.h"

/* The library soname: its handle, or NULL with "cannot load NAME: why". */
void *dt_dlib_open(const char *soname, const char *name, struct dt_diag *d);

/* Its function sym into *at: 0, or -1 with "NAME has no SYM" in d. */
int dt_dlib_find(void *h, const char *name, const char *sym, void **at,
    struct dt_diag *d);

/* The same, for a pointer p of the function's own type. */
#define DT_DLIB_FIND(h, name, sym, p, d) \
	dt_dlib_find((h), (name), (sym), (void **)&(p), (d))

#endif
