/*
 * rules.h - device rules (rules.c): which devices a container or a
 * service may open, written from the device nodes of a listing or of
 * make (devtool(1), DEVICE RULES).  Four write-only dialects, rows of the
 * registry like the tables' but read by nothing:
 *
 *	cgroup			cgroup v1 devices.allow lines: c 4:64 rwm
 *	deviceallow		systemd DeviceAllow= by path
 *	deviceallow-groups	systemd DeviceAllow= by driver: char-tty
 *	oci-allow		OCI linux.resources.devices
 *
 * A rule is about a device number, not a file: a set of rules is written
 * whole (deduplicated, a major made whole by a wildcard), not a line an
 * entry, so list and make hand it every device node at once.  Pure like
 * dialect.h.
 */
#ifndef DEVTOOL_RULES_H
#define DEVTOOL_RULES_H

#include <stdbool.h>
#include <stddef.h>

#include "dialects/dialect.h"
#include "entry/entry.h"

/* Every rule grants read, write and mknod, as docker run --device does. */
#define RULES_ACCESS "rwm"

/*
 * A major is allowed whole ("c 4:* rwm", an OCI rule without "minor")
 * when the nodes hold every minor from 0 to RULES_WHOLE_MINORS - 1: the
 * 8-bit minors every major of the kernel's device list had.
 */
#define RULES_WHOLE_MINORS 256

/* A driver the running kernel registers (a line of /proc/devices). */
struct rules_driver {
	char type;		/* 'c' or 'b' */
	unsigned long major;
	const char *name;
};

struct rules_sink {
	/* A line, without its newline; the dialect's separator is put's. */
	void (*put)(void *ctx, const char *line);
	/* A device node that has no rule in the dialect, and why. */
	void (*problem)(void *ctx, const struct entry *e, const char *msg);
	/*
	 * A group rule written with widen although the nodes do not hold
	 * all it allows, and what it adds ("c 1:0-2,4-255, b 65:*": the
	 * 8-bit minors no node has, of each major bearing the name).
	 */
	void (*widened)(void *ctx, const char *line, const char *adds);
	void *ctx;
};

/* Whether dl is one of the rule dialects. */
bool rules_dialect(const struct dialect *dl);
/* Whether dl names drivers (deviceallow-groups): rules_write's drivers. */
bool rules_need_drivers(const struct dialect *dl);

/*
 * The rules of dl that allow the device nodes v[0..n) (c and b entries,
 * one node each: no ranges), in its order: by type and numbers, by path
 * for deviceallow.  v is sorted in place.  drivers (ndrivers, in
 * /proc/devices's order) are for deviceallow-groups: a major's group
 * rule is written only when, for every major bearing its name, the nodes
 * hold all 256 8-bit minors (what the driver serves, as far as a listing
 * can know, the cgroup wildcard's rule); else its nodes' path rules,
 * after the groups, unless widen writes the group anyway (sink's
 * widened says what it adds).  0, or -1 when out of memory.
 */
int rules_write(const struct dialect *dl, const struct entry **v, size_t n,
    const struct rules_driver *drivers, size_t ndrivers, bool widen,
    const struct rules_sink *sink);

#endif
