/*
 * lines.h - reading a file descriptor a line at a time in constant
 * memory: lines longer than a limit are reported and skipped whole, NUL
 * bytes are kept (the length says where the line ends).
 */
#ifndef DEVTOOL_LINES_H
#define DEVTOOL_LINES_H

#include <stdbool.h>
#include <stddef.h>

#define LINES_BUF 65536

struct lines {
	int fd;
	size_t max;		/* the longest line accepted, < LINES_BUF */
	bool flush_stdout;	/* flush stdout before a read that may block */
	bool eof;
	size_t start, end;
	char buf[LINES_BUF + 1];
};

void lines_init(struct lines *l, int fd, size_t max, bool flush_stdout);
int lines_next(struct lines *l, char **line, size_t *len, bool *too_long);

/*
 * The output of a stream: lines are built in place in a buffer of their
 * own and handed to stdout a block at a time, not one stdio call a line.
 * A reader made with flush_stdout hands them over before each read that
 * may block, so a co-process still sees each answer before devtool waits
 * for its next question; lines_out_flush does at the end and before
 * every message (cli.c), which keeps stdout and stderr in order; nothing
 * may print between lines_out_begin and lines_out_end.
 */
#define LINES_OUT_LINE 256	/* the longest output line */

char *lines_out_begin(void);	/* room for LINES_OUT_LINE bytes */
void lines_out_end(char *end);	/* the line (its newline included) ends */
int lines_out_flush(void);	/* 0, or -1 when stdout failed */

#endif
