/*
 * cli_stream.h - what the value verbs (encode, decode, convert) share:
 * operands or standard input a line at a time (devtool(1), STREAMS), and
 * numbers appended to an output line without printf.
 */
#ifndef DEVTOOL_CLI_STREAM_H
#define DEVTOOL_CLI_STREAM_H

#include <stdint.h>

#include "encode.h"
#include "cli/cli.h"
#include "cli/out.h"

/* Appends a number to a line buffer; returns the new end. */
char *cli_put_u64(char *p, uint64_t v);
char *cli_put_hex(char *p, uint64_t v);
char *cli_put_str(char *p, const char *s);

/*
 * How a stream goes on after a bad item (cli_stream, cli_operands).
 * CLI_KEEP_GOING (-k): it is reported and its place kept by a record of
 * its own, so that output line N is still input item N (devtool(1),
 * STREAMS): an empty line, or with CLI_JSON a JSON object
 * {"line":N,"error":"..."} (no "line" for an operand).
 */
enum {
	CLI_KEEP_GOING = 1 << 0,
	CLI_JSON = 1 << 1,
};

/*
 * Reads standard input a line at a time in constant memory.  Each line
 * is handed to fn without its newline; a nonzero return is an error whose
 * message is in d.  Standard output is flushed whenever input would block,
 * so a co-process sees each answer without waiting for a full buffer.
 * how is CLI_KEEP_GOING and CLI_JSON, or 0.
 */
typedef int line_fn(void *ctx, char *line, struct dt_diag *d);
int cli_stream(line_fn *fn, void *ctx, unsigned how);
/*
 * The same, with block taking many lines at once first: handed the whole
 * lines buffered (n bytes from p, each line ending in '\n', none of them
 * trimmed), it handles those it can as fn would, in a row from the
 * first, adds how many to *lines and returns how many bytes they took;
 * fn gets the first line it left, then block the rest.  A stream's
 * common case without a call a line (make bench).
 */
typedef size_t block_fn(void *ctx, char *p, size_t n, size_t *lines);
int cli_stream_blocks(line_fn *fn, block_fn *block, void *ctx,
    unsigned how);

/*
 * What the value verbs (encode, decode, convert) share.  cli_operands
 * runs value_fn over the operands, or stream_fn over standard input when
 * the only operand is "-"; it stops at the first bad one unless
 * CLI_KEEP_GOING.  cli_emit ends a line begun with lines_out_begin
 * (out.h).  cli_put_line_member appends the JSON member
 * "line":N, when the item is a line of standard input.  cli_decode warns
 * of a non-canonical value and returns 1, 0 when canonical, -1 (d says
 * why) when the value does not decode.
 */
int cli_operands(const char **args, line_fn *value_fn, line_fn *stream_fn,
    void *ctx, unsigned how);
/* cli_operands with cli_stream_blocks' block for standard input. */
int cli_operands_blocks(const char **args, line_fn *value_fn,
    line_fn *stream_fn, block_fn *block, void *ctx, unsigned how);
/* Lines "MA<sep>MI" of n pairs, appended to the stream's output. */
void cli_emit_pairs(const uint64_t *ma, const uint64_t *mi, size_t n,
    char sep);
char *cli_put_line_member(char *p);
char *cli_trim(char *s);
int cli_decode(const struct dt_layout *l, uint64_t v, uint64_t *ma,
    uint64_t *mi, struct dt_diag *d);

/*
 * The rows the value verbs spell alike, each stored into an int field of
 * the verb's options struct type (VERB_OPT, verbs.h): -x where a value
 * is printed (encode, convert), -k over operands and lines (convert,
 * decode).
 */
#define CLI_HEX_OPTION(type, field) \
	{ "hex", 'x', POPT_ARG_NONE, VERB_OPT(type, field), 0, \
	  "print 0x-prefixed hexadecimal", "" }
#define CLI_KEEP_GOING_OPTION(type, field) \
	{ "keep-going", 'k', POPT_ARG_NONE, VERB_OPT(type, field), 0, \
	  "report bad values and go on, keeping their places", "" }

/* The line built from lines_out_begin() ends at end; returns 0. */
static inline int
cli_emit(char *end)
{
	*end++ = '\n';
	lines_out_end(end);
	return 0;
}

#endif
