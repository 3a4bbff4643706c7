/*
 * env.h - the environment variables the system layer's behaviour depends
 * on, read by the CLI alone and passed down (docs/DESIGN.md; ENVIRONMENT
 * in devtool(1)).  DEVTOOL_FORMAT is read by cli_layout.c's layout option.
 */
#ifndef DEVTOOL_ENV_H
#define DEVTOOL_ENV_H

#include <stdbool.h>

#include "sys/root.h"

enum resolve_method env_resolve(void);	/* DEVTOOL_RESOLVE */
const char *env_proc_devices(void);	/* DEVTOOL_PROC_DEVICES */
const char *env_sysfs(void);		/* DEVTOOL_SYSFS, or /sys */
const char *env_runtime_dir(void);	/* XDG_RUNTIME_DIR, or NULL */
/* Whether fakeroot's or pseudo's library is preloaded (LD_PRELOAD). */
bool env_faker(void);
int env_source_date_epoch(long long *t);	/* SOURCE_DATE_EPOCH */
/*
 * in with ${NAME} replaced by the variable's value (empty when unset), as
 * gen_init_cpio expands a file line's location: 0, or -1 when the
 * result does not fit in size bytes.
 */
int env_expand(const char *in, char *out, size_t size);

#endif
