/*
 * buf.h - the growable string every line and message built from input
 * goes into (as git's strbuf): a name, a link's target or a line of a
 * table has no length fixed in advance, so none is written into an
 * array sized for one.  Appends never fail where they are made: an
 * allocation that fails marks the buffer failed, later appends are
 * dropped, and whoever finishes the text asks dt_buf_failed once.
 * Pure: no I/O, no global state.
 */
#ifndef DEVTOOL_BUF_H
#define DEVTOOL_BUF_H

#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

struct dt_buf {
	char *s;		/* NUL-terminated once anything was added */
	size_t len;		/* the bytes before the NUL */
	size_t cap;		/* what s has room for, the NUL included */
	bool failed;		/* an allocation failed: s is cut short */
};

#define DT_BUF_INIT { NULL, 0, 0, false }

/* Frees the text; b is empty (and usable) again. */
void dt_buf_free(struct dt_buf *b);
/* The text, "" when nothing was added. */
const char *dt_buf_str(const struct dt_buf *b);
/* Whether an append was dropped for want of memory. */
bool dt_buf_failed(const struct dt_buf *b);
/* Cuts the text back to its first len bytes (len <= b->len). */
void dt_buf_truncate(struct dt_buf *b, size_t len);
/* Room for more bytes after the text: false (and failed) without it. */
bool dt_buf_reserve(struct dt_buf *b, size_t more);

void dt_buf_add(struct dt_buf *b, const void *p, size_t n);
void dt_buf_adds(struct dt_buf *b, const char *s);
void dt_buf_addc(struct dt_buf *b, char c);
/* v in decimal. */
void dt_buf_addu(struct dt_buf *b, uintmax_t v);
/* v in octal, at least width digits (zeros before). */
void dt_buf_addo(struct dt_buf *b, uintmax_t v, unsigned width);
/* v in lower-case hexadecimal, at least width digits (zeros before). */
void dt_buf_addx(struct dt_buf *b, uintmax_t v, unsigned width);
/* n bytes at p inserted before byte at (at <= b->len). */
void dt_buf_insert(struct dt_buf *b, size_t at, const void *p, size_t n);
/* As printf(3), as long as it takes. */
void dt_buf_addf(struct dt_buf *b, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));
void dt_buf_vaddf(struct dt_buf *b, const char *fmt, va_list ap)
    __attribute__((format(printf, 2, 0)));

#endif
