/*
 * verbs.h - the verb layer.  devtool.c's table has a row per verb, as
 * cryptsetup's action_types[] does: its handler, its option table, its
 * operands for the usage line and their counts, and a line of help.  One
 * runner (verb_run, in cli.c) parses the options, reads the layout,
 * checks the operand count against the row and calls the handler, so a
 * handler holds only its own work.
 */
#ifndef DEVTOOL_VERBS_H
#define DEVTOOL_VERBS_H

#include "cli/cli.h"

struct verb;

/* What the runner hands a handler. */
struct verb_call {
	const struct verb *verb;
	const char *name;		/* "devtool VERB", for cli_usage */
	const char **args;		/* the operands, NULL-terminated */
	int nargs;
	struct dt_layout layout;	/* -f and --strict (LAYOUT_OPTIONS) */
	bool layout_given;		/* -f was on the command line */
};

typedef int verb_fn(const struct verb_call *);
/* Checks options that go together, before -f and the operands. */
typedef int verb_check_fn(const char *name);

#define VERB_ANY (-1)		/* no upper bound on the operands */

struct verb {
	const char *name;
	verb_fn *run;
	struct poptOption *options;	/* ends with CLI_TABLE_END */
	const char *operands;	/* after "Usage: devtool VERB"; NULL: none */
	int min, max;		/* operand counts; max may be VERB_ANY */
	verb_check_fn *check;	/* or NULL */
	const char *help;	/* one line for devtool --help */
};

int verb_run(const struct verb *v, int argc, const char **argv);
/* The row's message for operands that do not fit; returns EXIT_USAGE. */
int verb_operands_error(const struct verb_call *c);
/* What the usage line shows after the verb's name. */
const char *verb_synopsis(const struct verb *v);

/* The handlers and option tables, each in its verb's own file. */
verb_fn cmd_encode, cmd_decode, cmd_convert, cmd_formats;
verb_check_fn check_decode, check_convert;
extern struct poptOption encode_options[], decode_options[],
    convert_options[], formats_options[];
verb_fn cmd_explain;
extern struct poptOption explain_options[];
verb_fn cmd_mknod;
verb_check_fn check_mknod;
extern struct poptOption mknod_options[];
verb_fn cmd_devices;
extern struct poptOption devices_options[];
verb_fn cmd_list;
extern struct poptOption list_options[];
verb_fn cmd_apply;
verb_check_fn check_apply;
extern struct poptOption apply_options[];

#endif
