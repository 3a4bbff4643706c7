/*
 * libcap.h - libcap, loaded when file capabilities are first asked about
 * (dlopen), not at start-up: linked in, its constructor would probe the
 * bounding set with six prctl(2) calls at every run (make bench,
 * start-up), though only a table's |xattr lines need it.  Each function
 * devtool calls is reached through dt_NAME, a pointer of the real
 * function's type, so the compiler checks every call as usual.
 */
#ifndef DEVTOOL_LIBCAP_H
#define DEVTOOL_LIBCAP_H

#include <sys/capability.h>

#include "base/diag.h"

#define DT_CAP_FUNCTIONS(X) \
	X(cap_compare) X(cap_free) X(cap_from_text) X(cap_get_fd) \
	X(cap_set_fd) X(cap_to_text)

#define DT_CAP_DECLARE(f) extern __typeof__(f) *dt_##f;
DT_CAP_FUNCTIONS(DT_CAP_DECLARE)
#undef DT_CAP_DECLARE

/* Loads libcap once: 0, or -1 with the reason in d. */
int dt_cap_load(struct dt_diag *d);

#endif
