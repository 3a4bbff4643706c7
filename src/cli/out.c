/*
 * out.c - the output buffer of the stream modes.  See out.h.
 */
#include <stdio.h>
#include <string.h>

#include "cli/out.h"

#define OUT_BUF 65536

static struct {
	char buf[OUT_BUF];
	size_t len;
} out;

char *
lines_out_begin(void)
{
	if (sizeof(out.buf) - out.len < LINES_OUT_LINE)
		(void)lines_out_flush();	/* an error stays in ferror */
	return out.buf + out.len;
}

void
lines_out_end(char *end)
{
	out.len = (size_t)(end - out.buf);
}

void
lines_out_put(const char *s, size_t n)
{
	if (sizeof(out.buf) - out.len < n)
		(void)lines_out_flush();	/* an error stays in ferror */
	if (n > sizeof(out.buf)) {
		(void)fwrite(s, 1, n, stdout);
		return;
	}
	memcpy(out.buf + out.len, s, n);
	out.len += n;
}

int
lines_out_flush(void)
{
	size_t n = out.len;

	out.len = 0;
	if (n > 0 && fwrite(out.buf, 1, n, stdout) != n)
		return -1;
	return 0;
}

int
lines_out_flush_all(void)
{
	return lines_out_flush() != 0 || fflush(stdout) != 0 ? -1 : 0;
}
