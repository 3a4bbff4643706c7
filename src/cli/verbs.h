/*
 * verbs.h - the verbs, one file each in src/cli/ (as git's builtin/).
 *
 * devtool.c's table has a row per verb, as cryptsetup's action_types[]
 * does: its handler, its check hook, its options, its operands for the
 * usage line and their counts, and a line of help.  One runner
 * (verb_run, verb.c) makes the run's one instance of the verb's options
 * struct, parses the options into it, runs the check hook, reads the
 * layout, checks the operand count against the row and calls the
 * handler, so a handler holds only its own work: it reads its operands
 * and its options from the verb_call (c->opts, handed down to its
 * helpers by pointer), prints, and returns an exit code (cli.h's table:
 * EXIT_OK, EXIT_FAILED, EXIT_USAGE; a question maps them with
 * cli_answer).  No verb keeps a file-static variable: its table of
 * options is const and names fields by VERB_OPT (below), never by address
 * (scripts/lint.sh's "statics" step checks the objects).
 *
 * How to add a verb NAME (tests/newverb.bats follows these steps in a
 * copy of the tree):
 *
 *   1. Copy src/cli/verb.c.template to src/cli/NAME.c and replace NAME
 *      in it (the Makefile builds every .c file in src/cli/).  As it
 *      stands it prints its operands, or one JSON object each.
 *   2. Declare its handler, its check hook and its options here, at the
 *      end of the others:
 *          verb_fn cmd_NAME;
 *          verb_check_fn check_NAME;
 *          extern const struct verb_options NAME_options;
 *   3. Add its row to the table in devtool.c, each field named:
 *          { .name = "NAME", .run = cmd_NAME, .options = &NAME_options,
 *            .operands = "PATH...", .min = 1, .max = VERB_ANY,
 *            .check = check_NAME,
 *            .help = "one line for devtool --help",
 *            .examples = "  # what it does\n  devtool NAME x\n"
 *                "  # what this one does\n  devtool NAME --json x y\n" },
 *      (.check is its one validation phase: options that exclude each
 *      other, operands that do not fit them, all before any work; the
 *      operand count is the row's, which the runner checks).
 *   4. Document it in its page man/devtool-NAME.1 (its options, the two
 *      examples, and the list of verbs and SEE ALSO of man/devtool.1),
 *      the three completions (completions/devtool.bash: its case in
 *      _devtool_options and its name in verbs; _devtool: its line in
 *      the verbs, its (NAME) block; devtool.fish: its verb line and its
 *      options under __devtool_using NAME) and README.md, and give it
 *      tests/NAME.bats.  tests/consistency.bats fails, naming what is
 *      missing, until its page and completions have every option of
 *      its --help; tests/man.bats, until devtool(1) lists the page
 *      among its verbs and in SEE ALSO (in order: mandoc checks it).
 */
#ifndef DEVTOOL_VERBS_H
#define DEVTOOL_VERBS_H

#include <stddef.h>

#include "cli/cli.h"
#include "cli/cli_layout.h"

struct verb;

/*
 * A verb's options: its table of rows, const, and the struct the table
 * stores into.  The runner makes one instance of the struct per run, on
 * its stack (zeroed, or a copy of defaults; at most OPTS_ROOM, 1 KiB, in
 * verb.c), gives popt a table made from the rows that stores into it
 * when an argument is an option (else no parser is started:
 * docs/DESIGN.md, "What a start costs"), and hands it to the check hook
 * and the handler as the verb_call's opts.
 *
 * A row is popt's struct poptOption with no address in it, written in
 * the same order ({ "name", 'n', POPT_ARG_..., OPT(field), val, "help",
 * "ARG" }): its texts are arrays in the row ("" for none, where popt
 * has NULL), and the field it stores into is an offset.  So a verb's
 * table is read-only data the dynamic linker relocates nothing in at
 * start (docs/DESIGN.md, "Read-only tables"); the runner makes popt's
 * rows of it, its texts pointed at where they are, only for a run with
 * options.  An overlong text is a compile error; one that fills its
 * array to the last byte, an assertion of the runner (tests run every
 * verb's --help).
 *
 * A row that stores into the struct names its field with VERB_OPT: the
 * field's offset plus one (0 is no field: the runner hands the row's
 * val back, as popt returns -h's).  An INCLUDE_TABLE row names its table
 * by VERB_INCLUDE_*: the common options, the help options
 * (CLI_TABLE_END has both) or the verb's own popt table, include (diff's
 * sides, whose callback and its data, a VERB_OPT offset as the data,
 * must point; the runner resolves their offsets into the instance too).
 */
#define VERB_OPT(type, field) (1 + offsetof(type, field))
#define VERB_OPT_LIMIT 65536	/* an include's callback data below it is
				   an offset (Linux maps nothing there) */
enum verb_include {
	VERB_INCLUDE_COMMON = 1,	/* cli.h's -q */
	VERB_INCLUDE_HELP,		/* -h/--help, -?, --usage */
	VERB_INCLUDE_OWN,		/* the verb_options' include */
};

/* Each text's room, its NUL included (the longest now: 15, 150, 16). */
#define VERB_LONG_ROOM 20
#define VERB_HELP_ROOM 176
#define VERB_ARG_ROOM 20

struct verb_option {
	char longName[VERB_LONG_ROOM];	/* "": a short option alone */
	char shortName;
	unsigned int argInfo;		/* popt's POPT_ARG_*, flags */
	size_t arg;			/* VERB_OPT, VERB_INCLUDE_*, or 0 */
	int val;
	char descrip[VERB_HELP_ROOM];
	char argDescrip[VERB_ARG_ROOM];
};
/* The end of a table (CLI_TABLE_END has it). */
#define VERB_TABLE_END { "", '\0', 0, 0, 0, "", "" }

struct verb_options {
	const struct verb_option *table;	/* ends with CLI_TABLE_END */
	const struct poptOption *include;	/* VERB_INCLUDE_OWN, or NULL */
	size_t size;		/* sizeof the options struct; 0: none */
	const void *defaults;	/* its values before any option, or NULL:
				   all zero (make: -o's makedevs) */
	/* frees what the verb put into it beyond popt's strings and
	   arrays, which the runner frees (diff: its side events), or NULL */
	void (*done)(void *opts);
};

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
	/*
	 * The run's one instance of the verb's options struct: the check
	 * hook fills in what it makes of the options through it (struct
	 * NAME_opts *o = c->opts), the handler reads it (const struct
	 * NAME_opts *o = c->opts) and hands it down.
	 */
	void *opts;
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
	/* its options (the verb's file's; it alone knows the struct) */
	const struct verb_options *options;
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

/* The handlers and options, each in its verb's own file. */
verb_fn cmd_encode;			/* encode.c */
extern const struct verb_options encode_options;
verb_fn cmd_decode;			/* decode.c */
verb_check_fn check_decode;
extern const struct verb_options decode_options;
verb_fn cmd_convert;			/* convert.c */
verb_check_fn check_convert;
extern const struct verb_options convert_options;
verb_fn cmd_formats;			/* formats.c */
extern const struct verb_options formats_options;
verb_fn cmd_explain;			/* explain.c */
verb_check_fn check_explain;
extern const struct verb_options explain_options;
verb_fn cmd_mknod;			/* mknod.c */
verb_check_fn check_mknod;
extern const struct verb_options mknod_options;
verb_fn cmd_devices;			/* devices.c */
extern const struct verb_options devices_options;
verb_fn cmd_list;			/* list.c */
verb_check_fn check_list;
extern const struct verb_options list_options;
verb_fn cmd_apply;			/* apply.c */
verb_check_fn check_apply;
extern const struct verb_options apply_options;
verb_fn cmd_make;			/* make.c */
verb_check_fn check_make;
void make_help_names(FILE *out);
extern const struct verb_options make_options;
verb_fn cmd_diff;			/* diff.c */
verb_check_fn check_diff;
extern const struct verb_options diff_options;
verb_fn cmd_help;			/* help.c */
extern const struct verb_options help_options;

/*
 * In an option's help text, the names of the dialects a table may be
 * written in, as the registry (dialect.c) lists them: verb.c puts them
 * into its copy of the table before popt reads it.
 */
#define DIALECT_NAMES "<dialects>"

#endif
