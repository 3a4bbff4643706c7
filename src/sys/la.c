/*
 * la.c - loading libarchive on first use (la.h).
 */
#include <dlfcn.h>
#include <stdbool.h>

#include "sys/la.h"

#define LA_DEFINE(f) __typeof__(f) *la_##f;
LA_FUNCTIONS(LA_DEFINE)
LZMA_FUNCTIONS(LA_DEFINE)
#undef LA_DEFINE

/* The sonames of Debian 12's libarchive13 and liblzma5 (their -dev's). */
#define LA_SONAME "libarchive.so.13"
#define LZMA_SONAME "liblzma.so.5"

static void *
open_lib(const char *soname, const char *name, struct dt_diag *d)
{
	void *h = dlopen(soname, RTLD_NOW | RTLD_LOCAL);

	if (h == NULL)
		dt_say(d, "cannot load %s: %s", name, dlerror());
	return h;
}

int
la_load(struct dt_diag *d)
{
	/*
	 * The process's, as the dynamic linker's own state: a library is
	 * loaded once for the whole run (docs/DESIGN.md, "State that is
	 * global"), and its entry points stay until exit.
	 */
	static bool loaded;
	const char *lib = "libarchive";
	void *h;

	if (loaded)
		return 0;
#define LA_FIND(f) \
	if ((*(void **)&la_##f = dlsym(h, #f)) == NULL) \
		return dt_error(d, "%s has no %s", lib, #f);
	if ((h = open_lib(LA_SONAME, lib, d)) == NULL)
		return -1;
	LA_FUNCTIONS(LA_FIND)
	lib = "liblzma";
	if ((h = open_lib(LZMA_SONAME, lib, d)) == NULL)
		return -1;
	LZMA_FUNCTIONS(LA_FIND)
#undef LA_FIND
	loaded = true;
	return 0;
}
