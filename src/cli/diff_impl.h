/*
 * diff_impl.h - what the files of the diff verb share: its exit
 * statuses, the sides, its options, and the calls diff.c makes of
 * diff_sides.c.  Included by those files alone.
 */
#ifndef DEVTOOL_DIFF_IMPL_H
#define DEVTOOL_DIFF_IMPL_H

#include <popt.h>
#include <stdbool.h>
#include <stddef.h>

#include "cli/cli.h"
#include "cli/verbs.h"
#include "dialects/dialect.h"
#include "entry/entry.h"
#include "entry/ids.h"

/* The exit status of a question (devtool(1), EXIT STATUS). */
#define DIFF_SAME EXIT_OK
#define DIFF_DIFFERENT 1
#define DIFF_TROUBLE 2

enum side_kind { SIDE_TREE, SIDE_TABLE, SIDE_ARCHIVE, SIDE_KERNEL };

/* One source: what it is, then what was read of it. */
struct side {
	enum side_kind kind;
	const char *arg;	/* the PATH or FILE; NULL for the kernel */
	const char *root;	/* a tree's --root, or NULL */
	const struct dialect *input;	/* a table's -i, or NULL */
	struct entries v;	/* ranges as their nodes, then sorted */
	unsigned long problems;	/* what could not be read */
	unsigned long files;	/* f entries left out */
};

/*
 * The options that name a side, and --root and -i, which say something
 * of the sides after them, are kept in command-line order: popt calls
 * diff_side_option for each as it parses, and the operands seen before it
 * (poptGetArgs, while parsing) place it among the PATH operands.
 */
enum { OPT_TABLE = 1, OPT_ARCHIVE, OPT_KERNEL, OPT_ROOT, OPT_INPUT };

struct side_event {
	int what;		/* OPT_* */
	char *arg;		/* its value, or NULL */
	int before;		/* PATH operands given before it */
};

/* The side options as given, in order. */
struct side_events {
	struct side_event *v;
	size_t n;
};

/*
 * What diff compares and how it says it: the options as popt stores them
 * into the run's instance, and what parse_options makes of them.
 */
struct diff_opts {
	char *output, *ignore, *only_arg, *sysfs_dir, *users_from;
	char *removals;		/* --removals FILE, or NULL */
	int json, json_array, one_fs;
	struct side_events events;	/* --table ... in order */
	/* made by check_diff */
	unsigned ignored;	/* enum diff_field */
	char only[16];		/* type letters; "" for every type */
	const struct dialect *patch;	/* -o, or NULL */
	struct side sides[2];	/* A and B, nothing read yet */
};

/* popt's callback of the side options (the row's descrip: the events). */
void diff_side_option(poptContext con, enum poptCallbackReason reason,
    const struct poptOption *opt, const char *arg, const void *data);

/* The two sides of the command line c, from its events: EXIT_OK or said. */
int diff_build_sides(const struct side_events *events,
    const struct verb_call *c, struct side *sides);

/* Reads side s whole, a table's names through res. */
void diff_read_side(const struct diff_opts *o, struct side *s,
    const struct id_resolver *res);

/* The tables' names (see diff_sides.c); NULL, said, or *none. */
const struct id_resolver *diff_table_names(const struct diff_opts *o,
    const struct side *sides, bool *none);

/* s sorted, each path once. */
void diff_sort_side(struct side *s);

/* s without its regular files, counted. */
void diff_drop_files(struct side *s);

#endif
