/*
 * out.h - the CLI's buffered standard output for the stream modes.
 */
#ifndef DEVTOOL_OUT_H
#define DEVTOOL_OUT_H

/*
 * The output of a stream: lines are built in place in a buffer of their
 * own and handed to stdout a block at a time, not one stdio call a line.
 * A reader given lines_out_flush_all (lines.h) hands them over before
 * each read that may block, so a co-process still sees each answer
 * before devtool waits for its next question; lines_out_flush does at
 * the end and before every message (cli.c), which keeps stdout and
 * stderr in order; nothing may print between lines_out_begin and
 * lines_out_end.
 */
#include <stddef.h>

#define LINES_OUT_LINE 256	/* the longest output line */

char *lines_out_begin(void);	/* room for LINES_OUT_LINE bytes */
void lines_out_end(char *end);	/* the line (its newline included) ends */
int lines_out_flush(void);	/* 0, or -1 when stdout failed */
/* A whole line (its newline included) of any length, after the others. */
void lines_out_put(const char *s, size_t n);
/* lines_out_flush, then stdout's own buffer: before a read may block. */
int lines_out_flush_all(void);

#endif
