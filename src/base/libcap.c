/*
 * libcap.c - loading libcap on first use (libcap.h).
 */
#include <stdbool.h>
#include <stddef.h>

#include "base/dlib.h"
#include "base/libcap.h"

#define DT_CAP_DEFINE(f) __typeof__(f) *dt_##f;
DT_CAP_FUNCTIONS(DT_CAP_DEFINE)
#undef DT_CAP_DEFINE

/* The soname of Debian 12's libcap2 (libcap-dev's). */
#define CAP_SONAME "libcap.so.2"

int
dt_cap_load(struct dt_diag *d)
{
	/*
	 * The process's, as the dynamic linker's own state: a library is
	 * loaded once for the whole run (docs/DESIGN.md, "State that is
	 * global"), and its entry points stay until exit.
	 */
	static bool loaded;
	void *h;

	if (loaded)
		return 0;
	if ((h = dt_dlib_open(CAP_SONAME, "libcap", d)) == NULL)
		return -1;
#define DT_CAP_FIND(f) \
	if (DT_DLIB_FIND(h, "libcap", #f, dt_##f, d) != 0) \
		return -1;
	DT_CAP_FUNCTIONS(DT_CAP_FIND)
#undef DT_CAP_FIND
	loaded = true;
	return 0;
}
