/*
 * verbs.h - the verbs, one file each in src/cli/ (as git's builtin/).
 *
 * devtool.c's table has a row per verb, as cryptsetup's action_types[]
 * does: its handler, its check hook, its option table, its operands for
 * the usage line and their counts, and a line of help.  One runner
 * (verb_run, verb.c) parses the options, runs the check hook, reads the
 * layout, checks the operand count against the row and calls the
 * handler, so a handler holds only its own work: it reads its operands
 * from the verb_call and its options from the one instance of its
 * options struct that its table stores into (and hands a pointer to it
 * down to its helpers), prints, and returns an exit code (cli.h's
 * table: EXIT_OK, EXIT_FAILED, EXIT_USAGE; a question maps them with
 * cli_answer).
 *
 * How to add a verb NAME:
 *
 *   1. Copy the template below to src/cli/NAME.c (the Makefile builds
 *      every .c file in src/cli/).
 *   2. Declare its handler, its check hook and its option table here,
 *      beside the others:
 *          verb_fn cmd_NAME;
 *          verb_check_fn check_NAME;
 *          extern struct poptOption NAME_options[];
 *   3. Add its row to the table in devtool.c, each field named:
 *          { .name = "NAME", .run = cmd_NAME, .options = NAME_options,
 *            .operands = "PATH...", .min = 1, .max = VERB_ANY,
 *            .check = check_NAME,
 *            .help = "one line for devtool --help",
 *            .examples = "  # what it does\n  devtool NAME x\n"
 *                "  # what this one does\n  devtool NAME -v x y\n" },
 *      (.check is its one validation phase: options that exclude each
 *      other, operands that do not fit them, all before any work).
 *   4. Document it in its page man/devtool-NAME.1 (and the list of
 *      verbs of man/devtool.1), the three completions
 *      (completions/devtool.bash, _devtool, devtool.fish) and README.md,
 *      and give it tests/NAME.bats.
 *
 * The template:
 *
 *   /\*
 *    * NAME.c - the NAME verb: what it does, in one sentence.
 *    *\/
 *   #include "cli/cli.h"
 *   #include "cli/verbs.h"
 *
 *   struct NAME_opts {              // every option of the verb
 *           int json, json_array;
 *   };
 *   static struct NAME_opts opts;   // the table's one instance
 *
 *   struct poptOption NAME_options[] = {
 *           LAYOUT_OPTIONS(opts.layout), // -f, --strict: if it takes a
 *                                        // layout, a struct
 *                                        // cli_layout_opts layout in it
 *           { "json", '\0', POPT_ARG_NONE, &opts.json, 0,
 *             "print a JSON object", NULL },
 *           CLI_JSON_ARRAY_OPTION(opts.json_array), // where it prints
 *                                        // JSON Lines: the runner makes
 *                                        // them one array (cli.h)
 *           CLI_TABLE_END           // -q, -h/--help, --usage
 *   };
 *
 *   int
 *   check_NAME(const struct verb_call *c)
 *   {
 *           return c->nargs > 0 ? EXIT_OK :
 *               cli_usage(c->name, "NAME needs a PATH");
 *   }
 *
 *   int
 *   cmd_NAME(const struct verb_call *c)
 *   {
 *           const struct NAME_opts *o = &opts;  // passed to helpers
 *
 *           (void)o;
 *           for (int i = 0; i < c->nargs; i++)
 *                   printf("%s\n", c->args[i]);
 *           return cli_finish_output();
 *   }
 */
#ifndef DEVTOOL_VERBS_H
#define DEVTOOL_VERBS_H

#include "cli/cli.h"
#include "cli/cli_layout.h"

struct verb;

/* devtool.c's table of verbs and its --help printer (help.c reads it). */
struct verb_table {
	const struct verb *verbs;
	size_t n;
	void (*usage)(FILE *out);
};

/* What the runner hands a handler. */
struct verb_call {
	const struct verb_table *table;	/* every verb */
	const struct verb *verb;
	const char *name;		/* "devtool VERB", for cli_usage */
	const char **args;		/* the operands, NULL-terminated */
	int nargs;
	struct dt_layout layout;	/* -f and --strict (LAYOUT_OPTIONS) */
	bool layout_given;		/* -f was on the command line */
};

typedef int verb_fn(const struct verb_call *);
/*
 * The verb's one validation phase: its options, what goes together and
 * its operands (c->args, c->nargs; not c->layout, read after it), before
 * anything is done.  EXIT_OK or a usage error (said).
 */
typedef int verb_check_fn(const struct verb_call *c);

#define VERB_ANY (-1)		/* no upper bound on the operands */

/* A row of devtool.c's table; written with designated initializers. */
struct verb {
	const char *name;
	verb_fn *run;
	struct poptOption *options;	/* ends with CLI_TABLE_END */
	const char *operands;	/* after "Usage: devtool VERB"; NULL: none */
	int min, max;		/* operand counts; max may be VERB_ANY */
	verb_check_fn *check;	/* or NULL */
	bool no_layout_env;	/* only -f is a layout: DEVTOOL_FORMAT is not
				   read, so it cannot fail the verb: the
				   handler reads it where it needs it
				   (mknod, explain) */
	const char *help;	/* one line for devtool --help */
	/* printed after the options by VERB --help (make: its names) */
	void (*help_more)(FILE *out);
	const char *examples;	/* the end of its --help: two commands, each
				   under a "# what it does" line, each line
				   indented two spaces and ending in \n; both
				   in its page's EXAMPLES (devtool-VERB(1)) */
};

/* The runner (verb.c).  argv[0] is "devtool VERB"; v is a row of t. */
int verb_run(const struct verb_table *t, const struct verb *v, int argc,
    const char **argv);
/* The row's message for operands that do not fit; returns EXIT_USAGE. */
int verb_operands_error(const struct verb_call *c);
/* What the usage line shows after the verb's name. */
const char *verb_synopsis(const struct verb *v);

/* The handlers and option tables, each in its verb's own file. */
verb_fn cmd_encode;			/* encode.c */
verb_check_fn check_encode;
extern struct poptOption encode_options[];
verb_fn cmd_decode;			/* decode.c */
verb_check_fn check_decode;
extern struct poptOption decode_options[];
verb_fn cmd_convert;			/* convert.c */
verb_check_fn check_convert;
extern struct poptOption convert_options[];
verb_fn cmd_formats;			/* formats.c */
verb_check_fn check_formats;
extern struct poptOption formats_options[];
verb_fn cmd_explain;			/* explain.c */
verb_check_fn check_explain;
extern struct poptOption explain_options[];
verb_fn cmd_mknod;			/* mknod.c */
verb_check_fn check_mknod;
extern struct poptOption mknod_options[];
verb_fn cmd_devices;			/* devices.c */
verb_check_fn check_devices;
extern struct poptOption devices_options[];
verb_fn cmd_list;			/* list.c */
verb_check_fn check_list;
extern struct poptOption list_options[];
verb_fn cmd_apply;			/* apply.c */
verb_check_fn check_apply;
extern struct poptOption apply_options[];
verb_fn cmd_make;			/* make.c */
verb_check_fn check_make;
void make_help_names(FILE *out);
extern struct poptOption make_options[];
verb_fn cmd_diff;			/* diff.c */
verb_check_fn check_diff;
extern struct poptOption diff_options[];
verb_fn cmd_help;			/* help.c */
extern struct poptOption help_options[];

/*
 * In an option's help text, the names of the dialects a table may be
 * written in, as the registry (dialect.c) lists them: verb.c puts them
 * in before popt reads the table.
 */
#define DIALECT_NAMES "<dialects>"

#endif
