/*
 * devreg.h - the registry: the names Linux's documented static device
 * allocations give to numbers (the kernel's
 * Documentation/admin-guide/devices.txt, the LANANA list), the mode and
 * group of each as Debian's MAKEDEV 2.3.1 made them, and MAKEDEV's group
 * names (std, console, generic, ...).  Compiled-in data and lookups:
 * nothing is parsed at run time.  Pure.  See DEVICE REGISTRY in
 * devtool(1).
 */
#ifndef DEVTOOL_DEVREG_H
#define DEVTOOL_DEVREG_H

#include <stdbool.h>
#include <stddef.h>

/* MAKEDEV's permission classes: owner, group, mode. */
/* Text in arrays, not pointers: no relocation at start (devreg_rows.h). */
struct devreg_class {
	char name[12];		/* "disk" */
	char owner[12];		/* "root" */
	char group[12];		/* "disk" */
	unsigned mode;		/* 0660 */
};

#define DEVREG_PATH_MAX 64

/* One thing make creates: a node, a FIFO, a link or a directory. */
struct devreg_node {
	char path[DEVREG_PATH_MAX];	/* relative: "ttyS0", "input/mice" */
	char target[DEVREG_PATH_MAX];	/* 'l' only */
	char type;			/* 'c' 'b' 'p' 'l' 'd' */
	unsigned major, minor;		/* 'c' and 'b' */
	const struct devreg_class *cls;	/* NULL for 'l' */
};

/* Handed each node in MAKEDEV's order; nonzero stops the expansion. */
typedef int devreg_emit_fn(void *ctx, const struct devreg_node *n);

/*
 * Whether make knows name: a MAKEDEV group, a MAKEDEV name ("ttyS0",
 * "sda", "fd0", "loop") or a name of the registry.
 */
bool devreg_known(const char *name);

/*
 * Everything make creates for name, in order, into emit.  -1 (nothing
 * emitted) when the name is unknown; else emit's last nonzero return,
 * or 0.
 */
int devreg_make(const char *name, devreg_emit_fn *emit, void *ctx);

/*
 * The registry's name for a device number: type 'c' or 'b'.  Writes
 * the name ("ttyS0", "sda1") into buf and points *desc at what the
 * number is ("serial port"); false when the registry has no name.
 */
bool devreg_name(char type, unsigned long major, unsigned long minor,
    char *buf, size_t size, const char **desc);

/*
 * The registry's numbers for a node name (the last component of a path
 * under /dev, or a path inside it such as "input/mice"): false when the
 * registry does not know the name.
 */
bool devreg_numbers(const char *name, char *type, unsigned long *major,
    unsigned long *minor, const char **desc);

/*
 * Each name make takes, once, as a spelling with its range of units in
 * braces: with groups, MAKEDEV's groups and aliases ("std",
 * "ram{0..16}", "pty{p..e}"); without, the device names ("ttyS{0..63}",
 * "sd{a..iv}", "pty{p0..ef}", "rd/c{0..7}d{0..31}"), the rows of one
 * pattern merged into one range (a unit's partitions are not spelt).
 * Handed to emit in the table's order; make -h lists them.
 */
typedef void devreg_spell_fn(void *ctx, const char *spelling);
void devreg_spellings(bool groups, devreg_spell_fn *emit, void *ctx);

/* The group names, ending with "" (completions, the manual). */
extern const char devreg_group_names[][16];

#endif
