/*
 * cli_stream.c - the value verbs' streams and number appends.  See
 * cli_stream.h.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "base/buf.h"
#include "base/lines.h"
#include "base/number.h"
#include "base/text.h"
#include "cli/cli_stream.h"
#include "cli/out.h"

static const char digit_pairs[] =
    "00010203040506070809101112131415161718192021222324252627282930"
    "31323334353637383940414243444546474849505152535455565758596061"
    "62636465666768697071727374757677787980818283848586878889909192"
    "93949596979899";

/*
 * The number of decimal digits of v: log10 from the bit length
 * (1233 / 4096 is just over log10(2)), corrected by one comparison.  v | 1
 * has as many digits as v (a power of ten is even), and one for 0.
 */
static int
digits(uint64_t v)
{
	static const uint64_t pow10[20] = {
		1ULL, 10ULL, 100ULL, 1000ULL, 10000ULL, 100000ULL, 1000000ULL,
		10000000ULL, 100000000ULL, 1000000000ULL, 10000000000ULL,
		100000000000ULL, 1000000000000ULL, 10000000000000ULL,
		100000000000000ULL, 1000000000000000ULL, 10000000000000000ULL,
		100000000000000000ULL, 1000000000000000000ULL,
		10000000000000000000ULL,
	};
	uint64_t w = v | 1;
	int t = (64 - __builtin_clzll(w)) * 1233 >> 12;

	return t + (w >= pow10[t]);
}

/* The two digits of d (0-99) at e[0] and e[1]. */
static inline __attribute__((always_inline)) void
put_pair(char *e, size_t d)
{
	e[0] = digit_pairs[2 * d];
	e[1] = digit_pairs[2 * d + 1];
}

/*
 * Two digits a division, written in place from the end, in 32 bits when
 * the value fits: the stream modes print millions of numbers, and a
 * digit a 64-bit division was the largest part of decode's time (make
 * bench).  The pairs are stored a byte at a time, not by memcpy: in the
 * hardened build (_FORTIFY_SOURCE=3) a memcpy into the output buffer,
 * whose room is known only at run time, is a call to __memcpy_chk, and
 * those calls were a third of decode's instructions.
 */
static inline __attribute__((always_inline)) char *
put_u64(char *p, uint64_t v)
{
	int n = digits(v);
	char *e = p + n;
	uint32_t w;

	for (; v > UINT32_MAX; v /= 100) {
		e -= 2;
		put_pair(e, (size_t)(v % 100));
	}
	for (w = (uint32_t)v; w >= 100; w /= 100) {
		e -= 2;
		put_pair(e, (size_t)(w % 100));
	}
	if (w >= 10)
		put_pair(e - 2, (size_t)w);
	else
		e[-1] = (char)('0' + w);
	return p + n;
}

char *
cli_put_u64(char *p, uint64_t v)
{
	return put_u64(p, v);
}

/*
 * The lines of a block of pairs, each appended in place: the stream's
 * loop, not a call a number.
 */
void
cli_emit_pairs(const uint64_t *ma, const uint64_t *mi, size_t n, char sep)
{
	for (size_t i = 0; i < n; i++) {
		char *p = lines_out_begin();

		p = put_u64(p, ma[i]);
		*p++ = sep;
		p = put_u64(p, mi[i]);
		*p++ = '\n';
		lines_out_end(p);
	}
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
		p = cli_put_str(cli_put_line_member(cli_put_str(p, "{")), "\"error\":");
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
cli_put_line_member(char *p)
{
	if (cli_lineno == 0)
		return p;
	p = cli_put_str(p, "\"line\":");
	return cli_put_str(cli_put_u64(p, cli_lineno), ",");
}

/* s of len bytes, without the blanks (and a DOS carriage return) around. */
static char *
trim(char *s, size_t len)
{
	char *e = s + len;

	while (e > s && (e[-1] == ' ' || e[-1] == '\t' || e[-1] == '\r'))
		*--e = '\0';
	while (*s == ' ' || *s == '\t')
		s++;
	return s;
}

int
cli_stream_blocks(line_fn *fn, block_fn *block, void *ctx, unsigned how)
{
	/* its buffer is 128 KiB: not the stack's */
	struct lines *in = malloc(sizeof(*in));
	struct dt_diag d;
	bool too_long;
	int status = EXIT_OK, rc;
	size_t len;
	char *line;

	if (in == NULL)
		cli_fatal(NULL);
	lines_init(in, STDIN_FILENO, STREAM_LINE_MAX, lines_out_flush_all);
	for (;;) {
		bool nul = false;

		/* the lines block takes, then the first it leaves, alone */
		if (block != NULL && (len = lines_whole(in, &line)) > 0) {
			size_t lines = 0;

			lines_consume(in, block(ctx, line, len, &lines));
			cli_lineno += lines;
		}
		if ((rc = lines_next(in, &line, &len, &too_long)) <= 0)
			break;

		cli_lineno++;
		if (too_long)
			snprintf(d.msg, sizeof(d.msg), "line longer than %d "
			    "bytes", STREAM_LINE_MAX);
		else if ((nul = memchr(line, '\0', len) != NULL))
			snprintf(d.msg, sizeof(d.msg), "NUL byte in line");
		else
			line = trim(line, len);
		if (too_long || nul || fn(ctx, line, &d) != 0) {
			bad_item(&d, how);
			status = EXIT_USAGE;
			if (!(how & CLI_KEEP_GOING))
				break;
		}
	}
	cli_lineno = 0;
	rc = rc < 0 ? -(errno != 0 ? errno : EIO) : rc;
	free(in);
	if (rc < 0) {
		/* The reader flushes stdout before it reads: say which failed. */
		if (ferror(stdout))
			return cli_finish_output();
		cli_error("standard input: %s", strerror(-rc));
		return EXIT_FAILED;
	}
	return status;
}

int
cli_stream(line_fn *fn, void *ctx, unsigned how)
{
	return cli_stream_blocks(fn, NULL, ctx, how);
}

/* Trims the blanks (and a DOS carriage return) around a stream line. */
char *
cli_trim(char *s)
{
	return trim(s, strlen(s));
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
	return cli_operands_blocks(args, value_fn, stream_fn, NULL, ctx, how);
}

int
cli_operands_blocks(const char **args, line_fn *value_fn, line_fn *stream_fn,
    block_fn *block, void *ctx, unsigned how)
{
	struct dt_diag d;
	int status = EXIT_OK;

	if (args[0] != NULL && strcmp(args[0], "-") == 0 && args[1] == NULL)
		status = cli_stream_blocks(stream_fn, block, ctx, how);
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
