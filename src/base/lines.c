/*
 * lines.c - the line reader.  See lines.h.
 */
#include <ctype.h>
#include <errno.h>
#include <string.h>
#include <unistd.h>

#include "base/lines.h"

void
lines_init(struct lines *l, int fd, size_t max, int (*before_read)(void))
{
	l->fd = fd;
	l->max = max < LINES_BUF / 2 ? max : LINES_BUF / 2;
	l->before_read = before_read;
	l->eof = false;
	l->start = l->end = 0;
}

/*
 * Refills the buffer.  The caller's before_read (the CLI flushing its
 * output) lets a co-process see each answer before devtool waits for its
 * next question.
 */
static int
fill(struct lines *l)
{
	ssize_t n;

	if (l->start > 0) {
		memmove(l->buf, l->buf + l->start, l->end - l->start);
		l->end -= l->start;
		l->start = 0;
	}
	if (l->before_read != NULL && l->before_read() != 0)
		return -1;
	do
		n = read(l->fd, l->buf + l->end, LINES_BUF - l->end);
	while (n < 0 && errno == EINTR);
	if (n < 0)
		return -1;
	if (n == 0)
		l->eof = true;
	l->end += (size_t)n;
	return 0;
}

/*
 * Returns 1 with the next line (newline replaced by NUL) in *line and
 * its length in *len, 0 at the end, -1 on a read error.  *too_long says
 * the line was longer than l->max; what is returned is then its tail.
 */
int
lines_next(struct lines *l, char **line, size_t *len, bool *too_long)
{
	char *nl;

	*too_long = false;
	for (;;) {
		nl = memchr(l->buf + l->start, '\n', l->end - l->start);
		if (nl != NULL || l->eof)
			break;
		if (l->end - l->start > l->max) {
			*too_long = true;
			l->start = l->end;	/* drop it, keep looking */
		}
		if (fill(l) != 0)
			return -1;
	}
	if (nl == NULL) {
		if (l->start == l->end && !*too_long)
			return 0;
		nl = l->buf + l->end;	/* a last line without newline */
		l->end++;
	}
	*nl = '\0';
	*line = l->buf + l->start;
	*len = (size_t)(nl - *line);
	l->start = (size_t)(nl - l->buf) + 1;
	if (*len > l->max)
		*too_long = true;
	return 1;
}

size_t
lines_whole(struct lines *l, char **p)
{
	char *nl = memrchr(l->buf + l->start, '\n', l->end - l->start);

	*p = l->buf + l->start;
	return nl == NULL ? 0 : (size_t)(nl - *p) + 1;
}

void
lines_consume(struct lines *l, size_t n)
{
	l->start += n;
}

/* Whether the buffer holds a newline after its first non-blank byte. */
static bool
has_first_line(const struct lines *l)
{
	size_t i = l->start;

	while (i < l->end && isspace((unsigned char)l->buf[i]))
		i++;
	return i < l->end && memchr(l->buf + i, '\n', l->end - i) != NULL;
}

int
lines_peek(struct lines *l, const char **p, size_t *n)
{
	while (!l->eof && !has_first_line(l) &&
	    l->end - l->start < LINES_BUF)
		if (fill(l) != 0)
			return -1;
	*p = l->buf + l->start;
	*n = l->end - l->start;
	return 0;
}

int
lines_skip(struct lines *l, const char *prefix, size_t n)
{
	while (!l->eof && l->end - l->start < n)
		if (fill(l) != 0)
			return -1;
	if (l->end - l->start < n || memcmp(l->buf + l->start, prefix, n) != 0)
		return 0;
	l->start += n;
	return 1;
}
