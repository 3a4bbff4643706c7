/*
 * cli.c - the frame every verb runs in: exit status, messages, the
 * check of standard output, /proc/devices.  See cli.h.
 */
#include <assert.h>
#include <limits.h>
#include <errno.h>
#include <stdarg.h>
#include <stdio_ext.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli/cli.h"
#include "base/buf.h"
#include "base/number.h"
#include "cli/env.h"
#include "cli/out.h"
#include "base/text.h"
#include "dialects/dialect.h"

int cli_quiet;
unsigned long cli_lineno;
bool cli_say_stderr;
/* What a failure outside a verb's own return exits with (cli_answering). */
static int failed_status = EXIT_FAILED;
/* Standard output failed and was said: the verb's status has it. */
static bool output_failed;

struct poptOption cli_common_options[] = {
	{ "quiet", 'q', POPT_ARG_NONE, &cli_quiet, 0,
	  "silence warnings", NULL },
	POPT_TABLEEND
};

/*
 * popt's own --help and --usage, with -h as devtool -h has it: popt
 * returns their values ('h', '?', 'u') to the verb runner, which prints
 * them with what the verb's row adds (verb.c).
 */
struct poptOption cli_help_options[] = {
	{ "help", 'h', POPT_ARG_NONE, NULL, 'h',
	  "Show this help message", NULL },
	{ NULL, '?', POPT_ARG_NONE | POPT_ARGFLAG_DOC_HIDDEN, NULL, '?',
	  NULL, NULL },
	{ "usage", '\0', POPT_ARG_NONE, NULL, 'u',
	  "Display brief usage message", NULL },
	POPT_TABLEEND
};

/*
 * Every message devtool prints goes through here: the whole line, the
 * program name included, is passed through dt_quote, so no byte of input
 * (a path, an operand, a table line) reaches the terminal as a control
 * character (see DIAGNOSTICS in devtool(1)).  Callers only bound what may
 * be long (cli_quote), so that the reason after it always fits.
 */
static void
vsay(FILE *fp, const char *prefix, const char *fmt, va_list ap)
{
	struct dt_buf msg = DT_BUF_INIT;
	char *safe = NULL;

	/* whole: a path and a link's target may both be PATH_MAX long */
	dt_buf_adds(&msg, prefix);
	dt_buf_vaddf(&msg, fmt, ap);
	if (!dt_buf_failed(&msg) && (safe = malloc(msg.len + 1)) != NULL)
		fprintf(fp, "%s\n", dt_quote(safe, msg.len + 1, msg.s,
		    msg.len));
	else
		fprintf(fp, "%sout of memory\n", prefix);
	free(safe);
	dt_buf_free(&msg);
}

/* Keeps stdout and stderr in order, and names the input line if any. */
static void
vmessage(const char *kind, const char *fmt, va_list ap)
{
	char prefix[128];

	(void)lines_out_flush();	/* a stream's lines first (out.h) */
	fflush(stdout);
	if (cli_lineno > 0)
		snprintf(prefix, sizeof(prefix), "%s: <stdin>:%lu: %s",
		    program_invocation_short_name, cli_lineno, kind);
	else
		snprintf(prefix, sizeof(prefix), "%s: %s",
		    program_invocation_short_name, kind);
	vsay(stderr, prefix, fmt, ap);
}

void
cli_fatal(const char *what)
{
	const char *reason = strerror(errno);

	if (what != NULL)
		cli_error("%s: %s", what, reason);
	else
		cli_error("%s", reason);
	exit(failed_status);
}

void
cli_answering(void)
{
	failed_status = EXIT_TROUBLE;
}

int
cli_answer(int status, bool found)
{
	if (status != EXIT_OK)
		return EXIT_TROUBLE;
	return found ? EXIT_FOUND : EXIT_OK;
}

int
cli_worse(int a, int b)
{
	return a > b ? a : b;
}

/* A message on standard output (-v, -n): one line, quoted as the rest. */
void
cli_say(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsay(cli_say_stderr ? stderr : stdout, "", fmt, ap);
	va_end(ap);
}

const char *
cli_quote(char *buf, const char *s)
{
	return dt_quote(buf, DT_QUOTE_SIZE, s, strlen(s));
}

void
cli_error(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vmessage("", fmt, ap);
	va_end(ap);
}

void
cli_warn(const char *fmt, ...)
{
	va_list ap;

	if (cli_quiet)
		return;
	va_start(ap, fmt);
	vmessage("warning: ", fmt, ap);
	va_end(ap);
}

/* Prints "devtool: message" and a hint, and returns EXIT_USAGE. */
int
cli_usage(const char *verb, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vmessage("", fmt, ap);
	va_end(ap);
	fprintf(stderr, "Try '%s --help' for more information.\n", verb);
	return EXIT_USAGE;
}

int
cli_option_path(const char *verb, const char *option, const char *value,
    enum cli_names what)
{
	if (value == NULL || *value != '\0')
		return EXIT_OK;
	return cli_usage(verb, "%s '' names no %s", option,
	    what == CLI_NAMES_DIR ? "directory" : "file");
}

/*
 * A write error (a full disk, a closed pipe) must not pass for success:
 * EXIT_FAILED, as coreutils' --help > /dev/full.
 */
int
cli_finish_output(void)
{
	/* (fflush only with bytes to write: it is a page of libc) */
	if ((__fpending(stdout) > 0 && fflush(stdout) != 0) ||
	    ferror(stdout)) {
		if (!output_failed)
			cli_error("standard output: %s", strerror(errno));
		output_failed = true;
		return EXIT_FAILED;
	}
	return EXIT_OK;
}

/*
 * At exit, as gnulib's close_stdout: catches what no verb flushed, such
 * as popt's --help, which prints and exits 0 from inside popt.  A failure
 * the verb already saw is in its status, which may be worse (bad input).
 */
int
cli_array_end(void)
{
	if (lines_out_array_end() != 0) {
		if (!output_failed)
			cli_error("standard output: %s", strerror(errno));
		output_failed = true;
		return failed_status;
	}
	return EXIT_OK;
}

static void
close_stdout(int status, void *unused)
{
	bool seen = output_failed;

	(void)status;
	(void)unused;
	/* a run cli_fatal ended midway: its array closed all the same */
	if (cli_array_end() != EXIT_OK || cli_finish_output() != EXIT_OK) {
		if (!seen)
			_exit(failed_status);
		return;
	}
	if (close(fileno(stdout)) != 0) {
		cli_error("standard output: %s", strerror(errno));
		_exit(failed_status);
	}
}

void
cli_init(void)
{
	/*
	 * on_exit(3), glibc's, rather than atexit(3), whose wrapper is
	 * linked into the binary from libc_nonshared.a, far from the code
	 * every run executes (Makefile, START_OBJS).
	 */
	if (on_exit(close_stdout, NULL) != 0)
		cli_fatal("cannot register the check of standard output");
}


/*
 * "devtool: PATH: why" (why NULL: errno's text).  Paths come from tables
 * and trees: the path is quoted, and cut in the middle when long, so that
 * the reason always follows it.
 */
void
cli_path_error(const char *path, const char *why)
{
	const char *reason = why != NULL ? why : strerror(errno);
	char q[DT_QUOTE_SIZE];

	cli_error("%s: %s", cli_quote(q, path), reason);
}

void
cli_source_error(const char *where, unsigned long line, int error,
    const char *why)
{
	char q[DT_QUOTE_SIZE];

	if (line == 0) {
		errno = error;
		cli_path_error(where, why);
	} else
		cli_error("%s:%lu: %s", cli_quote(q, where), line, why);
}

void
cli_problem(struct cli_problems *p, const char *where, unsigned long line,
    int error, const char *why)
{
	cli_source_error(where, line, error, why);
	p->errors++;
	p->status = cli_worse(p->status, error != 0 ? EXIT_FAILED :
	    EXIT_USAGE);
}

/* "devtool: WHAT ARG: errno's text", for an option's file or directory. */
void
cli_arg_error(const char *what, const char *arg)
{
	const char *reason = strerror(errno);
	char q[DT_QUOTE_SIZE];

	cli_error("%s %s: %s", what, cli_quote(q, arg), reason);
}

int
cli_drivers_load(struct procdev_table *t)
{
	struct dt_diag d;

	if (procdev_load(env_proc_devices(), t, &d) != 0) {
		cli_error("%s", d.msg);
		return -1;
	}
	return 0;
}

int
cli_drivers(procdev_fn *fn, void *ctx)
{
	struct procdev_table t;

	assert(fn != NULL);
	if (cli_drivers_load(&t) != 0)
		return -1;
	procdev_each(&t, fn, ctx);
	procdev_free(&t);
	return 0;
}
