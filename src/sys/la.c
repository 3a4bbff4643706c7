/*
 * la.c - loading libarchive on first use (la.h).
 */
#include <stdbool.h>

#include "base/dlib.h"
#include "sys/la.h"

#define LA_DEFINE(f) __typeof__(f) *la_##f;
LA_FUNCTIONS(LA_DEFINE)
LZMA_FUNCTIONS(LA_DEFINE)
#undef LA_DEFINE

/* The sonames of Debian 12's libarchive13 and liblzma5 (their -dev's). */
#define LA_SONAME "libarchive.so.13"
#define LZMA_SONAME "liblzma.so.5"

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
	if (DT_DLIB_FIND(h, lib, #f, la_##f, d) != 0) \
		return -1;
	if ((h = dt_dlib_open(LA_SONAME, lib, d)) == NULL)
		return -1;
	LA_FUNCTIONS(LA_FIND)
	lib = "liblzma";
	if ((h = dt_dlib_open(LZMA_SONAME, lib, d)) == NULL)
		return -1;
	LZMA_FUNCTIONS(LA_FIND)
#undef LA_FIND
	loaded = true;
	return 0;
}
