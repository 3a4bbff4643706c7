/*
 * lines.h - reading a file descriptor a line at a time in constant
 * memory: lines longer than a limit are reported and skipped whole, NUL
 * bytes are kept (the length says where the line ends).  Pure: the
 * writing side of a stream is the CLI's (out.h).
 */
#ifndef DEVTOOL_LINES_H
#define DEVTOOL_LINES_H

#include <stdbool.h>
#include <stddef.h>

/*
 * Twice the longest line any caller takes: a table's line holds a path
 * and a link's target of PATH_MAX bytes each, every byte escaped in up
 * to 6 (dialect.h, DIALECT_LINE_MAX).
 */
#define LINES_BUF 131072

struct lines {
	int fd;
	size_t max;		/* the longest line accepted, < LINES_BUF */
	int (*before_read)(void);	/* before a read that may block */
	bool eof;
	size_t start, end;
	char buf[LINES_BUF + 1];
};

void lines_init(struct lines *l, int fd, size_t max,
    int (*before_read)(void));
int lines_next(struct lines *l, char **line, size_t *len, bool *too_long);
/*
 * For a caller that takes many lines at once: the whole lines buffered
 * and not yet returned, from *p up to and including the last newline
 * (0 bytes when no newline is buffered); nothing is read.
 * lines_consume then takes the first n of those bytes as returned, n
 * the end of one of those lines.  lines_next goes on after them.
 */
size_t lines_whole(struct lines *l, char **p);
void lines_consume(struct lines *l, size_t n);
/*
 * The bytes buffered and not yet returned, read until they hold the end
 * of a line after a byte that is not white space, fill the buffer, or
 * reach the end: for a caller that decides from the start of its input
 * how to read it (a JSON document is read whole).  -1 on a read error.
 */
int lines_peek(struct lines *l, const char **p, size_t *n);
/*
 * Skips prefix (n bytes, n <= LINES_BUF) where the bytes not yet returned
 * begin with it: 1 when skipped, 0 when they do not, -1 on a read error.
 */
int lines_skip(struct lines *l, const char *prefix, size_t n);

#endif
