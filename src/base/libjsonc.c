/*
 * libjsonc.c - loading json-c on first use (libjsonc.h).
 */
#include <stdbool.h>
#include <stddef.h>

#include "base/dlib.h"
#include "base/libjsonc.h"

#define JC_DEFINE(f) __typeof__(f) *jc_##f;
JC_FUNCTIONS(JC_DEFINE)
#undef JC_DEFINE

/* The soname of Debian 12's libjson-c5 (libjson-c-dev's). */
#define JSONC_SONAME "libjson-c.so.5"

int
jc_load(struct dt_diag *d)
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
	if ((h = dt_dlib_open(JSONC_SONAME, "json-c", d)) == NULL)
		return -1;
#define JC_FIND(f) \
	if (DT_DLIB_FIND(h, "json-c", #f, jc_##f, d) != 0) \
		return -1;
	JC_FUNCTIONS(JC_FIND)
#undef JC_FIND
	loaded = true;
	return 0;
}
