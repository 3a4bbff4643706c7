/*
 * env.c - reading the environment for the lower layers.  See env.h.
 */
#include <errno.h>
#include <link.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "cli/env.h"
#include "codec/procdev.h"

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

/* The root of sysfs, whose dev/char and dev/block explain reads. */
const char *
env_sysfs(void)
{
	const char *p = getenv("DEVTOOL_SYSFS");

	return p != NULL && *p != '\0' ? p : "/sys";
}

const char *
env_runtime_dir(void)
{
	return getenv("XDG_RUNTIME_DIR");
}

/*
 * dl_iterate_phdr's callback: sets *found, and stops, at an object whose
 * file name begins as fakeroot's or pseudo's library does
 * (libfakeroot-sysv.so, libfakeroot-tcp.so, libpseudo.so).
 */
static int
faker_object(struct dl_phdr_info *info, size_t size, void *found)
{
	static const char *const libs[] = { "libfakeroot", "libpseudo" };
	const char *base = info->dlpi_name, *slash;

	(void)size;
	if (base == NULL)
		return 0;
	if ((slash = strrchr(base, '/')) != NULL)
		base = slash + 1;
	for (size_t i = 0; i < sizeof(libs) / sizeof(libs[0]); i++)
		if (strncmp(base, libs[i], strlen(libs[i])) == 0)
			*(bool *)found = true;
	return *(bool *)found;
}

/*
 * A faker is what is loaded, not what the variables say: FAKEROOTKEY or
 * PSEUDO_PREFIX outlive a child that cleared LD_PRELOAD, and a library
 * named in LD_PRELOAD may have failed to load.  So the loaded objects
 * are asked (dl_iterate_phdr(3)).
 */
bool
env_faker(void)
{
	bool found = false;

	dl_iterate_phdr(faker_object, &found);
	return found;
}

/*
 * SOURCE_DATE_EPOCH (reproducible-builds.org): decimal seconds.  Unset or
 * empty is 0, the epoch; anything else that is not a number is -1.
 */
int
env_source_date_epoch(long long *t)
{
	const char *s = getenv("SOURCE_DATE_EPOCH");
	char *end;

	*t = 0;
	if (s == NULL || *s == '\0')
		return 0;
	if (*s < '0' || *s > '9')
		return -1;
	errno = 0;
	*t = strtoll(s, &end, 10);
	return errno != 0 || *end != '\0' ? -1 : 0;
}

/*
 * in with each ${NAME} (a closing brace after it) replaced by NAME's
 * value, empty when unset, as gen_init_cpio expands a file line's
 * location; once, left to right: a value's own ${...} stays as it is.
 * -1 when the result and its NUL are more than size bytes.
 */
int
env_expand(const char *in, char *out, size_t size)
{
	size_t n = 0, k;
	const char *end, *value;
	char name[256];

	for (;;) {
		const char *at = strstr(in, "${");

		if (at == NULL || (end = strchr(at + 2, '}')) == NULL)
			at = end = in + strlen(in);
		k = (size_t)(at - in);
		if (k >= size - n)
			return -1;
		memcpy(out + n, in, k);
		n += k;
		if (*at == '\0') {
			out[n] = '\0';
			return 0;
		}
		k = (size_t)(end - at - 2);
		value = NULL;
		if (k < sizeof(name)) {
			memcpy(name, at + 2, k);
			name[k] = '\0';
			value = getenv(name);
		}
		k = value != NULL ? strlen(value) : 0;
		if (k >= size - n)
			return -1;
		memcpy(out + n, value != NULL ? value : "", k);
		n += k;
		in = end + 1;
	}
}
