/*
 * libjsonc.c - loading json-c on first use (libjsonc.h).
 */
#include <dlfcn.h>
#include <stdbool.h>
#include <stddef.h>

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
	if ((h = dlopen(JSONC_SONAME, RTLD_NOW | RTLD_LOCAL)) == NULL)
		return dt_error(d, "cannot load json-c: %s", dlerror());
#define JC_FIND(f) \
	if ((*(void **)&jc_##f = dlsym(h, #f)) == NULL) \
		return dt_error(d, "json-c has no %s", #f);
	JC_FUNCTIONS(JC_FIND)
#undef JC_FIND
	loaded = true;
	return 0;
}
