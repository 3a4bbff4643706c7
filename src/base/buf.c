/*
 * buf.c - the growable string.  See buf.h.
 */
#include <assert.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/buf.h"

void
dt_buf_free(struct dt_buf *b)
{
	assert(b != NULL);
	free(b->s);
	*b = (struct dt_buf)DT_BUF_INIT;
}

const char *
dt_buf_str(const struct dt_buf *b)
{
	assert(b != NULL);
	return b->s != NULL ? b->s : "";
}

bool
dt_buf_failed(const struct dt_buf *b)
{
	assert(b != NULL);
	return b->failed;
}

void
dt_buf_truncate(struct dt_buf *b, size_t len)
{
	assert(b != NULL && len <= b->len);
	b->len = len;
	if (b->s != NULL)
		b->s[len] = '\0';
}

/*
 * Doubling from 64 bytes: a line of a table is built in a few
 * allocations, and a buffer kept from line to line in none.
 */
bool
dt_buf_reserve(struct dt_buf *b, size_t more)
{
	size_t cap;
	char *s;

	assert(b != NULL);
	if (b->failed)
		return false;
	if (more < b->cap - b->len && b->s != NULL)
		return true;
	if (more > SIZE_MAX / 2 - b->len - 1) {
		b->failed = true;
		return false;
	}
	for (cap = b->cap > 0 ? b->cap : 64; cap <= b->len + more; cap *= 2)
		;
	if ((s = realloc(b->s, cap)) == NULL) {
		b->failed = true;
		return false;
	}
	if (b->s == NULL)
		s[0] = '\0';
	b->s = s;
	b->cap = cap;
	return true;
}

void
dt_buf_add(struct dt_buf *b, const void *p, size_t n)
{
	assert(p != NULL || n == 0);
	if (!dt_buf_reserve(b, n))
		return;
	memcpy(b->s + b->len, p, n);
	b->len += n;
	b->s[b->len] = '\0';
}

void
dt_buf_adds(struct dt_buf *b, const char *s)
{
	assert(s != NULL);
	dt_buf_add(b, s, strlen(s));
}

void
dt_buf_addc(struct dt_buf *b, char c)
{
	if (!dt_buf_reserve(b, 1))
		return;
	b->s[b->len++] = c;
	b->s[b->len] = '\0';
}

/* v in base (8, 10 or 16), at least width digits. */
static void
add_number(struct dt_buf *b, uintmax_t v, unsigned base, unsigned width)
{
	static const char digits[] = "0123456789abcdef";
	char tmp[sizeof(uintmax_t) * 3 + 1], *t = tmp + sizeof(tmp);

	size_t n;

	do
		*--t = digits[v % base];
	while ((v /= base) != 0);
	for (n = (size_t)(tmp + sizeof(tmp) - t); n < width; n++)
		dt_buf_addc(b, '0');
	dt_buf_add(b, t, (size_t)(tmp + sizeof(tmp) - t));
}

void
dt_buf_addu(struct dt_buf *b, uintmax_t v)
{
	add_number(b, v, 10, 0);
}

void
dt_buf_addo(struct dt_buf *b, uintmax_t v, unsigned width)
{
	add_number(b, v, 8, width);
}

void
dt_buf_addx(struct dt_buf *b, uintmax_t v, unsigned width)
{
	add_number(b, v, 16, width);
}

void
dt_buf_insert(struct dt_buf *b, size_t at, const void *p, size_t n)
{
	assert(b != NULL && at <= b->len && (p != NULL || n == 0));
	if (!dt_buf_reserve(b, n))
		return;
	memmove(b->s + at + n, b->s + at, b->len - at + 1);
	memcpy(b->s + at, p, n);
	b->len += n;
}

void
dt_buf_vaddf(struct dt_buf *b, const char *fmt, va_list ap)
{
	va_list again;
	int n;

	assert(b != NULL && fmt != NULL);
	if (!dt_buf_reserve(b, 0))
		return;
	va_copy(again, ap);
	n = vsnprintf(b->s + b->len, b->cap - b->len, fmt, ap);
	if (n < 0) {
		b->s[b->len] = '\0';
		b->failed = true;
	} else if ((size_t)n >= b->cap - b->len) {
		b->s[b->len] = '\0';	/* the cut copy is not the text */
		if (dt_buf_reserve(b, (size_t)n))
			vsnprintf(b->s + b->len, b->cap - b->len, fmt, again);
		else
			n = 0;
	}
	va_end(again);
	if (n > 0 && !b->failed)
		b->len += (size_t)n;
}

void
dt_buf_addf(struct dt_buf *b, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	dt_buf_vaddf(b, fmt, ap);
	va_end(ap);
}
