/*
 * tmpfiles_run.h - what apply and list --table tell a table's reader, as
 * systemd-tmpfiles is told it: --prefix, --exclude-prefix, --boot,
 * --strict, and the values of the specifiers that come from the machine
 * or the image (devtool(1), "The tmpfiles dialect").
 */
#ifndef DEVTOOL_TMPFILES_RUN_H
#define DEVTOOL_TMPFILES_RUN_H

#include <limits.h>
#include <stdbool.h>

#include "dialects/dialect.h"
#include "sources/source.h"

#define TMPFILES_RUN_VALUES 12	/* %a %A %b %B %H %l %m %M %o %v %w %W */
#define TMPFILES_RUN_VALUE_MAX 256

/* The options, as popt fills them (each list NULL-terminated, or NULL). */
struct tmpfiles_opts {
	char **prefix, **exclude;
	int boot, strict;
};

/*
 * A run's: the dialect_run the readers are given, and the specifiers'
 * values, each read at the first line that asks for it.
 */
struct tmpfiles_run {
	struct dialect_run run;
	const char *root_dir;	/* the image's files; NULL: / */
	bool asked[TMPFILES_RUN_VALUES], have[TMPFILES_RUN_VALUES];
	char value[TMPFILES_RUN_VALUES][TMPFILES_RUN_VALUE_MAX];
};

/*
 * Checks the options of verb: each prefix an absolute path, made normal
 * in place.  A usage error (said) or EXIT_OK.
 */
int tmpfiles_opts_check(const char *verb, struct tmpfiles_opts *o);

/*
 * The run for o (which must outlive it; NULL: no option), with the image's files under
 * root_dir (NULL: /), handed to the table source.
 */
void tmpfiles_run_begin(struct tmpfiles_run *t, const struct tmpfiles_opts *o,
    const char *root_dir, struct source *tables);

/* After the tables: one warning for the lines left out, if any. */
void tmpfiles_run_said(struct source *tables);

#endif
