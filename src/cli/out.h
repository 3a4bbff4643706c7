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
#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#define LINES_OUT_LINE 256	/* the longest output line */

int lines_out_flush(void);	/* 0, or -1 when stdout failed */

/*
 * Inline: a stream pays for begin and end on every line, and a call each
 * was a tenth of decode's instructions (make bench).  Only out.c and
 * these two touch the buffer.
 */
struct lines_out {
	size_t len;
	/*
	 * --json-array's state, out.c's alone: the stream stdout is while
	 * it stands in.  Here rather than a static of out.c, which the
	 * linker put 64 KiB past len, on a page of its own that every
	 * run's first flush faulted in.
	 */
	struct {
		FILE *real;	/* stdout before, or NULL: no array */
		size_t records;	/* begun so far */
		bool in_record;	/* a record's bytes came, its newline not */
	} array;
	char buf[65536];
};
extern struct lines_out lines_out;

/* Room for LINES_OUT_LINE bytes. */
static inline char *
lines_out_begin(void)
{
	if (sizeof(lines_out.buf) - lines_out.len < LINES_OUT_LINE)
		(void)lines_out_flush();	/* an error stays in ferror */
	return lines_out.buf + lines_out.len;
}

/* The line (its newline included) ends at end. */
static inline void
lines_out_end(char *end)
{
	lines_out.len = (size_t)(end - lines_out.buf);
}

/* A whole line (its newline included) of any length, after the others. */
void lines_out_put(const char *s, size_t n);
/* lines_out_flush, then stdout's own buffer: before a read may block. */
int lines_out_flush_all(void);

/*
 * --json-array (devtool(1), OUTPUT): between lines_out_array_begin and
 * lines_out_array_end, stdout is a stream of this file's that turns the
 * verb's JSON Lines, a record a line, into one JSON array: "[" before
 * the first record, ",\n" between two, "]\n" at the end, "[]\n" for a
 * run without records.  Every verb prints its JSON through stdout or the
 * lines buffer, so none of them knows; the array is closed even when the
 * run fails midway (the verb runner ends it, and the check of standard
 * output at exit after cli_fatal), so that the output always parses.
 * Each returns 0, or -1 (errno set) when stdout failed.
 */
int lines_out_array_begin(void);
int lines_out_array_end(void);	/* 0 when no array was begun */

#endif
