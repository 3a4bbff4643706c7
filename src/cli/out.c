/*
 * out.c - the output buffer of the stream modes.  See out.h.
 */
#include <errno.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdio_ext.h>
#include <string.h>
#include <unistd.h>

#include "cli/out.h"

struct lines_out lines_out;

void
lines_out_put(const char *s, size_t n)
{
	if (sizeof(lines_out.buf) - lines_out.len < n)
		(void)lines_out_flush();	/* an error stays in ferror */
	if (n > sizeof(lines_out.buf)) {
		(void)fwrite(s, 1, n, stdout);
		return;
	}
	memcpy(lines_out.buf + lines_out.len, s, n);
	lines_out.len += n;
}

/*
 * With stdout's own buffer empty, the block goes to its descriptor in one
 * write(2): through fwrite it took two or three (stdout's buffer topped
 * up and written, then the rest), and a fflush before every read.  What
 * write(2) leaves (an error) goes through fwrite, which meets the same
 * error and keeps it in ferror(stdout), as the callers expect.
 */
int
lines_out_flush(void)
{
	const char *p = lines_out.buf;
	size_t n = lines_out.len;
	ssize_t w;

	lines_out.len = 0;
	/* an array's records go through its stream (array_write) */
	if (n > 0 && lines_out.array.real == NULL && __fpending(stdout) == 0 &&
	    !ferror(stdout))
		while (n > 0) {
			w = write(fileno(stdout), p, n);
			if (w < 0 && errno == EINTR)
				continue;
			if (w <= 0)
				break;
			p += w;
			n -= (size_t)w;
		}
	if (n > 0 && fwrite(p, 1, n, stdout) != n)
		return -1;
	return 0;
}

int
lines_out_flush_all(void)
{
	return lines_out_flush() != 0 || fflush(stdout) != 0 ? -1 : 0;
}

/* n bytes to the descriptor; 0, or -1 with errno set. */
static int
write_all(int fd, const char *p, size_t n)
{
	ssize_t w;

	while (n > 0) {
		w = write(fd, p, n);
		if (w < 0 && errno == EINTR)
			continue;
		if (w <= 0) {
			if (w == 0)
				errno = EIO;
			return -1;
		}
		p += w;
		n -= (size_t)w;
	}
	return 0;
}

/* What array_write hands on, gathered: a write(2) a block, not a record. */
struct array_out {
	char buf[4096];
	size_t len;
	int failed;
};

static void
array_put(struct array_out *o, const char *p, size_t n)
{
	if (o->failed)
		return;
	if (sizeof(o->buf) - o->len < n) {
		if (write_all(fileno(lines_out.array.real), o->buf, o->len) != 0) {
			o->failed = 1;
			return;
		}
		o->len = 0;
	}
	if (n > sizeof(o->buf)) {
		if (write_all(fileno(lines_out.array.real), p, n) != 0)
			o->failed = 1;
		return;
	}
	memcpy(o->buf + o->len, p, n);
	o->len += n;
}

/*
 * The array stream's write: each record's newline is held back and
 * becomes the ",\n" before the next record, or goes at "]\n".  A record
 * holds no newline (JSON escapes one in a string); an empty line is no
 * record.  Everything handed in is written out before it returns, so
 * that a flush of stdout (before a read may block, before a message on
 * stderr) still delivers all but the held newline.
 */
static ssize_t
array_write(void *cookie, const char *s, size_t n)
{
	struct array_out o;
	const char *end = s + n, *nl;

	(void)cookie;
	o.len = 0;
	o.failed = 0;
	while (s < end) {
		if (*s == '\n') {
			lines_out.array.in_record = false;
			s++;
			continue;
		}
		if (!lines_out.array.in_record) {
			if (lines_out.array.records++ == 0)
				array_put(&o, "[", 1);
			else
				array_put(&o, ",\n", 2);
			lines_out.array.in_record = true;
		}
		nl = memchr(s, '\n', (size_t)(end - s));
		if (nl == NULL)
			nl = end;
		array_put(&o, s, (size_t)(nl - s));
		s = nl;
	}
	if (!o.failed && write_all(fileno(lines_out.array.real), o.buf, o.len) != 0)
		o.failed = 1;
	/* less than n sets the stream's error, which ferror(stdout) sees */
	return o.failed ? 0 : (ssize_t)n;
}

/* The array stream's close: the array's end; the real stdout stays open. */
static int
array_close(void *cookie)
{
	const char *end = lines_out.array.records == 0 ? "[]\n" : "]\n";

	(void)cookie;
	return write_all(fileno(lines_out.array.real), end, strlen(end));
}

int
lines_out_array_begin(void)
{
	static const cookie_io_functions_t io = {
		.write = array_write,
		.close = array_close,
	};
	FILE *fp;

	if (lines_out.array.real != NULL)
		return 0;
	if (lines_out_flush_all() != 0)
		return -1;
	if ((fp = fopencookie(NULL, "w", io)) == NULL)
		return -1;
	lines_out.array.real = stdout;
	lines_out.array.records = 0;
	lines_out.array.in_record = false;
	stdout = fp;
	return 0;
}

int
lines_out_array_end(void)
{
	FILE *fp = stdout;
	int rc = 0, saved;

	if (lines_out.array.real == NULL)
		return 0;
	if (lines_out_flush() != 0)
		rc = -1;
	saved = errno;
	if (ferror(fp) && rc == 0) {
		rc = -1;
		saved = EIO;
	}
	/* the stream is closed whatever happened: the array ends */
	if (fclose(fp) != 0 && rc == 0) {
		rc = -1;
		saved = errno;
	}
	stdout = lines_out.array.real;
	lines_out.array.real = NULL;
	errno = saved;
	return rc;
}
