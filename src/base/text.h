/*
 * text.h - text that may reach a terminal: which characters are shown as
 * they are, and the quoting every message goes through (DIAGNOSTICS in
 * devtool(1)).  Pure: no I/O, no global state.
 */
#ifndef DEVTOOL_TEXT_H
#define DEVTOOL_TEXT_H

#include <stdbool.h>
#include <stddef.h>

size_t dt_utf8_length(const unsigned char *s);
size_t dt_text_char(const unsigned char *s, size_t left, bool *shown);

/* A quoted operand: its first 64 bytes, "..." and its last 32. */
#define DT_QUOTE_SIZE 100
const char *dt_quote(char *dst, size_t size, const char *s, size_t len);
/*
 * The len bytes at s quoted as a word inside a sentence of the lower
 * layers (a name, a key, a path in a dt_diag): at most 60 bytes, so that
 * two fit in one message with room to spare.  The one wrapper of
 * dt_quote below the CLI, whose operands are cli_quote's (DT_QUOTE_SIZE).
 */
const char *dt_quote_word(char *dst, size_t size, const char *s, size_t len);

/*
 * s as a JSON string, quotes included, appended to out.  Control
 * characters (as dt_text_char says) are written as \uXXXX escapes of
 * their code points, bytes that are not UTF-8 (file names are bytes) as
 * \u00XX, so the output always parses.
 */
struct dt_buf;
void dt_json_string(struct dt_buf *out, const char *s);

#endif
