/*
 * cli.h - what every devtool verb shares: exit codes, messages, popt
 * contexts, the layout option, number operands and output (the value
 * verbs' streams: cli_stream.h).
 */
#ifndef DEVTOOL_CLI_H
#define DEVTOOL_CLI_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include <popt.h>

#include "encode.h"
#include "base/buf.h"
#include "cli/out.h"
#include "codec/procdev.h"

/*
 * The exit status: one table for every verb (devtool(1), EXIT STATUS),
 * here and nowhere else.  A verb that acts returns EXIT_OK, EXIT_FAILED
 * (an operation failed: a system call, a file or standard output that
 * cannot be read or written, an entry not made) or EXIT_USAGE (bad usage
 * or bad input, refused before anything is done), as mknod(1) and cp(1)
 * do.  A verb that answers a question (list --check, devices NAME)
 * computes the same, then cli_answer maps it: as diff(1) and grep(1), 1
 * is a finding and any trouble is 2, never read as a finding.
 */
enum cli_exit {
	EXIT_OK = 0,		/* success; a question: nothing found */
	EXIT_FAILED = 1,	/* an operation failed */
	EXIT_USAGE = 2,		/* bad usage or bad input */
	EXIT_FOUND = 1,		/* a question: a finding */
	EXIT_TROUBLE = 2,	/* a question: any trouble */
};

/*
 * A question's status from what the verb did (an acting status) and
 * whether it found anything.  cli_answering() says, before anything can
 * fail, that the verb answers a question: cli_fatal and the check of
 * standard output at exit then exit EXIT_TROUBLE.
 */
int cli_answer(int status, bool found);
void cli_answering(void);
/* The status of two problems in one run: bad input outranks a failure. */
int cli_worse(int a, int b);

#define DEFAULT_LAYOUT "16:16"

extern int cli_quiet;
extern unsigned long cli_lineno;	/* the stdin line being read, or 0 */

/*
 * Ends every verb's table: -q, then -h/--help (-? too, as popt's own)
 * and --usage, which the verb runner prints to stdout, then exits 0.
 */
extern struct poptOption cli_common_options[], cli_help_options[];
#define CLI_TABLE_END \
	{ NULL, '\0', POPT_ARG_INCLUDE_TABLE, cli_common_options, 0, \
	  "Common options:", NULL }, \
	{ NULL, '\0', POPT_ARG_INCLUDE_TABLE, cli_help_options, 0, \
	  "Help options:", NULL }, \
	POPT_TABLEEND

/*
 * -f and --strict, as every layout-taking verb spells them, stored into
 * a struct cli_layout_opts of the verb's options struct (lo).  The verb
 * runner (verbs.h) finds it by the "format" row and resolves it into the
 * handler's layout.
 */
struct cli_layout_opts {
	char *format;		/* -f, or NULL */
	int strict;		/* --strict */
};
#define LAYOUT_OPTIONS(lo) \
	LAYOUT_OPTIONS_SAYING(lo, "device number layout (default 16:16 or " \
	    "$DEVTOOL_FORMAT)")
/* The same where -f means something else to --help (mknod's VALUE). */
#define LAYOUT_OPTIONS_SAYING(lo, format_help) \
	{ "format", 'f', POPT_ARG_STRING, &(lo).format, 0, format_help, \
	  "LAYOUT" }, \
	{ "strict", '\0', POPT_ARG_NONE, &(lo).strict, 0, \
	  "no compat rule: plain ma<<N | mi both ways", NULL }

/* Messages: every byte printed is quoted (dt_quote); see cli.c. */
const char *cli_quote(char *buf, const char *s);	/* buf: DT_QUOTE_SIZE */
void cli_error(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
void cli_path_error(const char *path, const char *why);
/*
 * What a source could not read (source.h's problem): "FILE:LINE: why"
 * for a line, else "WHERE: why" (errno's text when why is NULL).
 */
void cli_source_error(const char *where, unsigned long line, int error,
    const char *why);
void cli_arg_error(const char *what, const char *arg);
void cli_say(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
/* cli_say's lines go to stderr (apply -v --archive -: stdout is data). */
extern bool cli_say_stderr;
/*
 * Ends the program, EXIT_FAILED (EXIT_TROUBLE for a question): "WHAT:
 * errno's text", or errno's text.
 */
void cli_fatal(const char *what) __attribute__((noreturn));
void cli_warn(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
int cli_usage(const char *verb, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));

/*
 * -o FORMAT where --json also exists: "json" sets *json, "text" is the
 * default; anything else is a usage error.  Both spellings are accepted
 * wherever JSON is printed (devtool(1), OUTPUT).
 */
int cli_output(const char *name, const char *output, int *json);

/*
 * An option whose value names a file or a directory (--root, --archive,
 * --reference...): "" names none, a usage error; NULL (not given) and
 * the rest are EXIT_OK.  Whether it exists is the operation's to find.
 */
enum cli_names { CLI_NAMES_FILE, CLI_NAMES_DIR };
int cli_option_path(const char *verb, const char *option, const char *value,
    enum cli_names what);
#define CLI_OUTPUT_OPTION(var) \
	{ "output", 'o', POPT_ARG_STRING, &(var), 0, \
	  "text (default) or json, as --json", "FORMAT" }

/*
 * --json-array, as every verb that prints JSON Lines spells it, stored
 * into an int of the verb's options struct.  The verb runner (verb.c)
 * finds it by name: it implies the row named "json" (--json), goes only
 * with -o json where the verb has -o, and makes the handler's whole
 * standard output one JSON array (out.h); cli_array_end closes it.
 */
#define CLI_JSON_ARRAY_OPTION(var) \
	CLI_JSON_ARRAY_OPTION_SAYING(var, "print the records as one JSON " \
	    "array, not JSON Lines (implies --json)")
#define CLI_JSON_ARRAY_OPTION_SAYING(var, help) \
	{ "json-array", '\0', POPT_ARG_NONE, &(var), 0, help, NULL }
/* Ends --json-array's array: EXIT_OK, or the failure (said). */
int cli_array_end(void);

int cli_layout(const char *name, int strict, struct dt_layout *l);

/*
 * Why a verb runs under its layout, said by the first line of explain
 * and of decode -v (LAYOUTS in devtool(1)): typed numbers take -f, else
 * DEVTOOL_FORMAT, else 16:16; a value read from a device node is the
 * running system's (native) unless -f names another.
 */
enum cli_layout_from {
	CLI_LAYOUT_DEFAULT,	/* neither -f nor DEVTOOL_FORMAT */
	CLI_LAYOUT_ENV,		/* DEVTOOL_FORMAT */
	CLI_LAYOUT_OPTION,	/* -f */
	CLI_LAYOUT_NODE,	/* native: a node's own value, from stat(2) */
};
/* given: -f was on the command line (verb_call's layout_given). */
enum cli_layout_from cli_layout_from(bool given);
/* "layout NAME, why" (no newline); path names the node for NODE. */
void cli_layout_why(struct dt_buf *b, const struct dt_layout *l,
    enum cli_layout_from from, const char *path);
int cli_check_layout(const char *name, struct dt_layout *l);
int cli_number(const char *text, uint64_t *v);
int cli_pair(const struct dt_layout *l, const char *ma_s, const char *mi_s,
    uint64_t *ma, uint64_t *mi, struct dt_diag *d);
int cli_finish_output(void);
void cli_init(void);

void cli_put_json_string(FILE *fp, const char *s);



/*
 * A table being written (list -o, make -o, list --table): the dialect's
 * separator after every line but the last, the last line's newline
 * written by the caller at the end.  cli_table_line is a
 * dialect_line_fn, so the parent lines of dialect_parents come the same
 * way.
 */
struct dialect;
struct cli_table {
	FILE *fp;
	const struct dialect *dialect;
	size_t lines;		/* written so far */
};
void cli_table_line(void *ctx, const char *line);

/*
 * /proc/devices (DEVTOOL_PROC_DEVICES) through procdev_load, every verb
 * alike: 0, or -1 when it cannot be read or parsed (said, naming the
 * file and line; the verb's status is EXIT_FAILED, or EXIT_TROUBLE for
 * a question).  cli_drivers hands each driver to fn.
 */
int cli_drivers_load(struct procdev_table *t);
int cli_drivers(procdev_fn *fn, void *ctx);

#endif
