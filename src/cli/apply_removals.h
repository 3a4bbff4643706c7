/*
 * apply_removals.h - apply's --remove LIST (apply_removals.c), for
 * apply.c alone.
 */
#ifndef DEVTOOL_APPLY_REMOVALS_H
#define DEVTOOL_APPLY_REMOVALS_H

#include <stddef.h>

/* --remove LIST's paths, each allocated. */
struct removals {
	char **v;
	size_t n, cap;
};

/*
 * LIST (file) read into *removals; returns the number of bad lines,
 * said; -1 when LIST cannot be read.
 */
long apply_removals_read(struct removals *removals, const char *file);

/* *removals emptied, its paths freed. */
void apply_removals_free(struct removals *removals);

#endif
