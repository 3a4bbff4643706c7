/*
 * out.c - the output buffer of the stream modes.  See out.h.
 */
#include <errno.h>
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
	if (n > 0 && __fpending(stdout) == 0 && !ferror(stdout))
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
