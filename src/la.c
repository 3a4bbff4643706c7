/*
 * la.c - loading libarchive on first use (la.h).
 */
#include <dlfcn.h>
#include <stdbool.h>

#include "la.h"

#define LA_DEFINE(f) __typeof__(f) *la_##f;
LA_FUNCTIONS(LA_DEFINE)
#undef LA_DEFINE

/* The soname of Debian 12's libarchive13 (libarchive-dev's link). */
#define LA_SONAME "libarchive.so.13"

int
la_load(struct dt_diag *d)
{
	static bool loaded;
	void *h;

	if (loaded)
		return 0;
	if ((h = dlopen(LA_SONAME, RTLD_NOW | RTLD_LOCAL)) == NULL)
		return dt_error(d, "cannot load libarchive: %s", dlerror());
#define LA_FIND(f) \
	if ((*(void **)&la_##f = dlsym(h, #f)) == NULL) \
		return dt_error(d, "libarchive has no %s", #f);
	LA_FUNCTIONS(LA_FIND)
#undef LA_FIND
	loaded = true;
	return 0;
}
