/*
 * procdev.h - reading /proc/devices: the drivers registered by type and
 * major, as the kernel prints them ("Character devices:" then "%3d %s"
 * lines, a blank line, "Block devices:" then the same).
 */
#ifndef DEVTOOL_PROCDEV_H
#define DEVTOOL_PROCDEV_H

#include <stddef.h>

#include "base/diag.h"

#define PROCDEV_DEFAULT "/proc/devices"

/* One driver; name is not NUL-terminated.  Nonzero stops the parse. */
typedef int procdev_fn(void *ctx, char type, unsigned long major,
    const char *name, size_t namelen);

int procdev_parse(const char *buf, size_t len, procdev_fn *fn, void *ctx,
    unsigned long *bad_line, struct dt_diag *d);

/*
 * The one reader of the file (devices, mknod's driver names, explain,
 * list --check kernel, the device rules): path read whole, a regular
 * file only (a FIFO there would block), and parsed.  0, or -1 with d
 * saying "FILE: why" or "FILE:LINE: why"; the drivers are in the
 * kernel's order, their names pointing into t's own copy of the file.
 */
struct procdev_driver {
	char type;		/* 'c' or 'b' */
	unsigned long major;
	const char *name;	/* not NUL-terminated */
	size_t namelen;
};
struct procdev_table {
	struct procdev_driver *v;
	size_t n;
	char *text;		/* the file */
};
int procdev_load(const char *path, struct procdev_table *t,
    struct dt_diag *d);
void procdev_free(struct procdev_table *t);
/* Each driver of t to fn, in order, until fn returns nonzero. */
void procdev_each(const struct procdev_table *t, procdev_fn *fn, void *ctx);

/*
 * The major of the driver name in the section for type ('c' or 'b').
 * PROCDEV_NO_DRIVER is the user's input; PROCDEV_BAD_FILE is the file's
 * fault (unreadable or malformed): a failure, not bad input, to the
 * verb's exit status (EXIT STATUS in devtool(1)).  The message is in d.
 */
enum procdev_found {
	PROCDEV_FOUND,
	PROCDEV_NO_DRIVER,
	PROCDEV_BAD_FILE,
};

enum procdev_found procdev_lookup(const char *path, char type,
    const char *name, unsigned long *major, struct dt_diag *d);

#endif
