/*
 * cli.h - the frame every devtool verb runs in: the exit status,
 * messages, the options every verb takes, the check of standard output
 * at exit, and /proc/devices read alike by every verb.  Layouts and
 * number operands are cli_layout.h's, what verbs print (-o, JSON,
 * tables) cli_output.h's, the value verbs' streams cli_stream.h's.
 */
#ifndef DEVTOOL_CLI_H
#define DEVTOOL_CLI_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include <popt.h>

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

extern int cli_quiet;
extern unsigned long cli_lineno;	/* the stdin line being read, or 0 */

/*
 * Ends every verb's table: -q, then -h/--help (-? too, as popt's own)
 * and --usage, which the verb runner prints to stdout, then exits 0.
 */
extern struct poptOption cli_common_options[], cli_help_options[];
#define CLI_TABLE_END \
	{ "", '\0', POPT_ARG_INCLUDE_TABLE, VERB_INCLUDE_COMMON, 0, \
	  "Common options:", "" }, \
	{ "", '\0', POPT_ARG_INCLUDE_TABLE, VERB_INCLUDE_HELP, 0, \
	  "Help options:", "" }, \
	VERB_TABLE_END

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
/*
 * The problems of the tables a run reads whole before acting (apply's
 * plan, list --table's conversion): each said by cli_source_error and
 * counted; status the worst of them: a table that cannot be read
 * (errno's error) is an operation that failed, one that does not
 * validate is bad input.
 */
struct cli_problems {
	unsigned long errors;
	int status;
};
void cli_problem(struct cli_problems *p, const char *where,
    unsigned long line, int error, const char *why);
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
 * An option whose value names a file or a directory (--root, --archive,
 * --reference...): "" names none, a usage error; NULL (not given) and
 * the rest are EXIT_OK.  Whether it exists is the operation's to find.
 */
enum cli_names { CLI_NAMES_FILE, CLI_NAMES_DIR };
int cli_option_path(const char *verb, const char *option, const char *value,
    enum cli_names what);
/* Ends --json-array's array (cli_output.h): EXIT_OK, or the failure (said). */
int cli_array_end(void);

int cli_finish_output(void);
void cli_init(void);

/*
 * /proc/devices (DEVTOOL_PROC_DEVICES) through procdev_load, every verb
 * alike: 0, or -1 when it cannot be read or parsed (said, naming the
 * file and line; the verb's status is EXIT_FAILED, or EXIT_TROUBLE for
 * a question).  cli_drivers hands each driver to fn.
 */
int cli_drivers_load(struct procdev_table *t);
int cli_drivers(procdev_fn *fn, void *ctx);

#endif
