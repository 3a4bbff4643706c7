/*
 * env.c - reading the environment for the lower layers.  See env.h.
 */
#include <stdlib.h>
#include <string.h>

#include "env.h"
#include "procdev.h"

/* "walk" or "openat2" forces that method (tests); anything else: auto. */
enum resolve_method
env_resolve(void)
{
	const char *s = getenv("DEVTOOL_RESOLVE");

	if (s != NULL && strcmp(s, "walk") == 0)
		return RESOLVE_WALK;
	if (s != NULL && strcmp(s, "openat2") == 0)
		return RESOLVE_OPENAT2;
	return RESOLVE_AUTO;
}

const char *
env_proc_devices(void)
{
	const char *p = getenv("DEVTOOL_PROC_DEVICES");

	return p != NULL && *p != '\0' ? p : PROCDEV_DEFAULT;
}

const char *
env_runtime_dir(void)
{
	return getenv("XDG_RUNTIME_DIR");
}
