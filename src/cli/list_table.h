/*
 * list_table.h - list --table: device tables converted to a dialect
 * (list_table.c).
 */
#ifndef DEVTOOL_LIST_TABLE_H
#define DEVTOOL_LIST_TABLE_H

#include <stdbool.h>
#include <stddef.h>

#include "cli/cli.h"
#include "cli/tmpfiles_run.h"
#include "dialects/dialect.h"
#include "entry/conflicts.h"

struct list_table_opts {
	const struct dialect *input;	/* -i; NULL: detected per table */
	const char *users_from;		/* --users-from DIR, or NULL */
	bool lossy;			/* --lossy */
	bool widen;			/* --widen (allow_write) */
	enum conflicts_merge merge;	/* --merge */
	/* --prefix, --exclude-prefix, --boot, --strict (tmpfiles_run.h) */
	const struct tmpfiles_opts *tmpfiles;
};

/*
 * The tables files ("-": standard input), NULL-terminated, as lines of
 * out on standard output; the exit status.  *unheld: the comment lines
 * written for types out has no line for, which the caller says once
 * as list and make do.
 */
int list_tables(const char *const *files, const struct dialect *out,
    const struct list_table_opts *o, size_t *unheld);

#endif
