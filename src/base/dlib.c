/*
 * dlib.c - opening a library and finding its functions (dlib.h).
 */
#include <dlfcn.h>
#include <stddef.h>

#include "base/dlib.h"

void *
dt_dlib_open(const char *soname, const char *name, struct dt_diag *d)
{
	void *h = dlopen(soname, RTLD_NOW | RTLD_LOCAL);

	if (h == NULL)
		dt_say(d, "cannot load %s: %s", name, dlerror());
	return h;
}

int
dt_dlib_find(void *h, const char *name, const char *sym, void **at,
    struct dt_diag *d)
{
	if ((*at = dlsym(h, sym)) == NULL)
		return dt_error(d, "%s has no %s", name, sym);
	return 0;
}
