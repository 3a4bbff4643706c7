/*
 * cli.c - helpers shared by every verb.  See cli.h.
 */
#include <assert.h>
#include <limits.h>
#include <errno.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli/cli.h"
#include "base/lines.h"
#include "base/buf.h"
#include "base/number.h"
#include "cli/env.h"
#include "cli/out.h"
#include "base/text.h"
#include "dialects/dialect.h"

int cli_quiet;
unsigned long cli_lineno;
char *cli_format;
int cli_strict;
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

/* What -h prints after the options (cli_help_tail). */
static const char *help_examples, *help_page;

void
cli_help_tail(const char *examples, const char *page)
{
	help_examples = examples;
	help_page = page;
}

/*
 * popt's own --help and --usage, with -h as devtool -h has it.  --help
 * ends with the verb's two examples and the page to read, so that a
 * person who asked for help leaves with a command that works and where
 * to read on (Common options in devtool(1)).
 */
static void
help_callback(poptContext con, enum poptCallbackReason reason,
    const struct poptOption *opt, const char *arg, const void *data)
{
	(void)reason;
	(void)arg;
	(void)data;
	if (opt->val == 'u')
		poptPrintUsage(con, stdout, 0);
	else {
		poptPrintHelp(con, stdout, 0);
		if (help_examples != NULL)
			printf("\nExamples:\n%s", help_examples);
		if (help_page != NULL)
			printf("\nSee %s(1).\n", help_page);
	}
	poptFreeContext(con);
	exit(EXIT_OK);	/* close_stdout checks the write */
}

struct poptOption cli_help_options[] = {
	{ NULL, '\0', POPT_ARG_CALLBACK, (void *)help_callback, 0, NULL,
	  NULL },
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
cli_output(const char *name, const char *output, int *json)
{
	char q[DT_QUOTE_SIZE];

	if (output == NULL || strcmp(output, "text") == 0)
		return EXIT_OK;
	if (strcmp(output, "json") == 0) {
		*json = 1;
		return EXIT_OK;
	}
	return cli_usage(name, "unknown output format '%s'; valid: text, "
	    "json", cli_quote(q, output));
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

/* Resolves -f (or DEVTOOL_FORMAT, or the default) into l. */
int
cli_layout(const char *name, int strict, struct dt_layout *l)
{
	const char *source = "";
	struct dt_diag d;

	if (name == NULL) {
		name = getenv("DEVTOOL_FORMAT");
		source = "DEVTOOL_FORMAT: ";
		if (name == NULL || *name == '\0') {
			name = DEFAULT_LAYOUT;
			source = "";
		}
	}
	if (dt_layout_lookup(name, l, &d) != DT_OK) {
		cli_error("%s%s", source, d.msg);
		return EXIT_USAGE;
	}
	if (strict)
		dt_layout_strict(l);
	return EXIT_OK;
}

/* list --check's argument: a storage format or a layout, never from env. */
int
cli_check_layout(const char *name, struct dt_layout *l)
{
	struct dt_diag d;

	if (dt_check_lookup(name, l, &d) == DT_OK)
		return EXIT_OK;
	cli_error("%s", d.msg);
	return EXIT_USAGE;
}

/* MAJOR and MINOR operands, each within the layout's range. */
int
cli_pair(const struct dt_layout *l, const char *ma_s, const char *mi_s,
    uint64_t *ma, uint64_t *mi, struct dt_diag *d)
{
	char what[48];

	snprintf(what, sizeof(what), "%s major", l->name);
	if (dt_parse_in_range(ma_s, what, l->major_max, ma, d) != DT_OK)
		return -1;
	snprintf(what, sizeof(what), "%s minor", l->name);
	return dt_parse_in_range(mi_s, what, l->minor_max, mi, d) == DT_OK ?
	    0 : -1;
}

int
cli_number(const char *text, uint64_t *v)
{
	struct dt_diag d;

	if (dt_parse_number(text, v, &d) != DT_OK) {
		cli_error("%s", d.msg);
		return EXIT_USAGE;
	}
	return EXIT_OK;
}

/*
 * A write error (a full disk, a closed pipe) must not pass for success:
 * EXIT_FAILED, as coreutils' --help > /dev/full.
 */
int
cli_finish_output(void)
{
	if (fflush(stdout) != 0 || ferror(stdout)) {
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
static void
close_stdout(void)
{
	bool seen = output_failed;

	if (cli_finish_output() != EXIT_OK) {
		if (!seen)
			_exit(failed_status);
		return;
	}
	if (fclose(stdout) != 0) {
		cli_error("standard output: %s", strerror(errno));
		_exit(failed_status);
	}
}

void
cli_init(void)
{
	if (atexit(close_stdout) != 0)
		cli_fatal("cannot register the check of standard output");
}

static const char digit_pairs[] =
    "00010203040506070809101112131415161718192021222324252627282930"
    "31323334353637383940414243444546474849505152535455565758596061"
    "62636465666768697071727374757677787980818283848586878889909192"
    "93949596979899";

static int
digits(uint64_t v)
{
	int n = 1;

	for (;;) {
		if (v < 10)
			return n;
		if (v < 100)
			return n + 1;
		if (v < 1000)
			return n + 2;
		if (v < 10000)
			return n + 3;
		v /= 10000;
		n += 4;
	}
}

/*
 * Two digits a division, written in place from the end, in 32 bits when
 * the value fits: the stream modes print millions of numbers, and a
 * digit a 64-bit division was the largest part of decode's time (make
 * bench).
 */
char *
cli_put_u64(char *p, uint64_t v)
{
	int n = digits(v);
	char *e = p + n;
	uint32_t w;

	for (; v > UINT32_MAX; v /= 100) {
		e -= 2;
		memcpy(e, digit_pairs + 2 * (v % 100), 2);
	}
	for (w = (uint32_t)v; w >= 100; w /= 100) {
		e -= 2;
		memcpy(e, digit_pairs + 2 * (size_t)(w % 100), 2);
	}
	if (w >= 10)
		memcpy(e - 2, digit_pairs + 2 * (size_t)w, 2);
	else
		e[-1] = (char)('0' + w);
	return p + n;
}

char *
cli_put_hex(char *p, uint64_t v)
{
	static const char digits[] = "0123456789abcdef";
	char tmp[16], *t = tmp + sizeof(tmp);

	do
		*--t = digits[v & 0xf];
	while ((v >>= 4) != 0);
	*p++ = '0';
	*p++ = 'x';
	memcpy(p, t, (size_t)(tmp + sizeof(tmp) - t));
	return p + (tmp + sizeof(tmp) - t);
}

char *
cli_put_str(char *p, const char *s)
{
	size_t n = strlen(s);

	/* The line is built in pieces; its end is the returned pointer. */
	memcpy(p, s, n);	/* NOLINT(bugprone-not-null-terminated-result) */
	return p + n;
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

/* "devtool: WHAT ARG: errno's text", for an option's file or directory. */
void
cli_arg_error(const char *what, const char *arg)
{
	const char *reason = strerror(errno);
	char q[DT_QUOTE_SIZE];

	cli_error("%s %s: %s", what, cli_quote(q, arg), reason);
}

/* A JSON string (dt_json_string, text.h). */
void
cli_put_json_string(FILE *fp, const char *s)
{
	struct dt_buf buf = DT_BUF_INIT;

	dt_json_string(&buf, s);
	if (dt_buf_failed(&buf))
		cli_fatal(NULL);
	fputs(buf.s, fp);
	dt_buf_free(&buf);
}

#define STREAM_LINE_MAX 4096	/* longer lines are errors, not reallocs */

/*
 * A bad item: its message on stderr and, with CLI_KEEP_GOING, its place
 * in the output (cli.h), after the message: the message flushes the
 * lines before it (vmessage).
 */
static void
bad_item(const struct dt_diag *d, unsigned how)
{
	struct dt_buf rec = DT_BUF_INIT;
	char line[64], *p = line;

	cli_error("%s", d->msg);
	if (!(how & CLI_KEEP_GOING))
		return;
	if (how & CLI_JSON) {
		p = cli_put_str(cli_put_line(cli_put_str(p, "{")), "\"error\":");
		dt_buf_add(&rec, line, (size_t)(p - line));
		dt_json_string(&rec, d->msg);
		dt_buf_addc(&rec, '}');
	}
	dt_buf_addc(&rec, '\n');
	if (dt_buf_failed(&rec))
		cli_fatal(NULL);
	lines_out_put(rec.s, rec.len);
	dt_buf_free(&rec);
}

char *
cli_put_line(char *p)
{
	if (cli_lineno == 0)
		return p;
	p = cli_put_str(p, "\"line\":");
	return cli_put_str(cli_put_u64(p, cli_lineno), ",");
}

int
cli_stream(line_fn *fn, void *ctx, unsigned how)
{
	static struct lines in;
	struct dt_diag d;
	bool too_long;
	int status = EXIT_OK, rc;
	size_t len;
	char *line;

	lines_init(&in, STDIN_FILENO, STREAM_LINE_MAX,
	    lines_out_flush_all);
	while ((rc = lines_next(&in, &line, &len, &too_long)) > 0) {
		cli_lineno++;
		if (too_long)
			snprintf(d.msg, sizeof(d.msg), "line longer than %d "
			    "bytes", STREAM_LINE_MAX);
		else if (memchr(line, '\0', len) != NULL)
			snprintf(d.msg, sizeof(d.msg), "NUL byte in line");
		if (too_long || memchr(line, '\0', len) != NULL ||
		    fn(ctx, line, &d) != 0) {
			bad_item(&d, how);
			status = EXIT_USAGE;
			if (!(how & CLI_KEEP_GOING))
				break;
		}
	}
	cli_lineno = 0;
	if (rc < 0) {
		/* The reader flushes stdout before it reads: say which failed. */
		if (ferror(stdout))
			return cli_finish_output();
		cli_error("standard input: %s", strerror(errno));
		return EXIT_FAILED;
	}
	return status;
}

/* Trims the blanks (and a DOS carriage return) around a stream line. */
char *
cli_trim(char *s)
{
	char *e;

	while (*s == ' ' || *s == '\t')
		s++;
	e = s + strlen(s);
	while (e > s && (e[-1] == ' ' || e[-1] == '\t' || e[-1] == '\r'))
		*--e = '\0';
	return s;
}

/* The line built from lines_out_begin() ends at end. */
int
cli_emit(char *end)
{
	*end++ = '\n';
	lines_out_end(end);
	return 0;
}

/* Decodes a value; a non-canonical one is a warning, not an error. */
int
cli_decode(const struct dt_layout *l, uint64_t v, uint64_t *ma,
    uint64_t *mi, struct dt_diag *d)
{
	switch (dt_decode(l, v, ma, mi, d)) {
	case DT_OK:
		return 0;
	case DT_NONCANONICAL:
		cli_warn("%s", d->msg);
		return 1;
	default:
		return -1;
	}
}

int
cli_operands(const char **args, line_fn *value_fn, line_fn *stream_fn,
    void *ctx, unsigned how)
{
	struct dt_diag d;
	int status = EXIT_OK;

	if (args[0] != NULL && strcmp(args[0], "-") == 0 && args[1] == NULL)
		status = cli_stream(stream_fn, ctx, how);
	else
		for (; *args != NULL; args++) {
			if (value_fn(ctx, (char *)*args, &d) == 0)
				continue;
			bad_item(&d, how);
			status = EXIT_USAGE;
			if (!(how & CLI_KEEP_GOING))
				break;
		}
	(void)lines_out_flush();	/* a failure stays in ferror(stdout) */
	if (cli_finish_output() != EXIT_OK)
		return cli_worse(status, EXIT_FAILED);
	return status;
}

void
cli_table_line(void *ctx, const char *line)
{
	struct cli_table *t = ctx;

	assert(t != NULL && t->fp != NULL && t->dialect != NULL &&
	    line != NULL);
	if (t->lines++ > 0)
		fprintf(t->fp, "%s\n", t->dialect->separator != NULL ?
		    t->dialect->separator : "");
	fputs(line, t->fp);
}

int
cli_drivers(procdev_fn *fn, void *ctx)
{
	const char *path = env_proc_devices();
	char q[DT_QUOTE_SIZE];
	unsigned long bad;
	struct dt_diag d;
	char *buf;
	size_t len;

	assert(fn != NULL);
	if (procdev_read(path, &buf, &len, &d) != 0) {
		cli_error("%s", d.msg);
		return -1;
	}
	if (procdev_parse(buf, len, fn, ctx, &bad, &d) < 0) {
		cli_error("%s:%lu: %s", cli_quote(q, path), bad, d.msg);
		free(buf);
		return -1;
	}
	free(buf);
	return 0;
}
