/*
 * text.c - characters shown and quoting.  See text.h.
 */
#include <stdint.h>
#include <string.h>

#include "base/buf.h"
#include "base/text.h"

/* The length of the valid UTF-8 sequence at s, or 0 (RFC 3629). */
size_t
dt_utf8_length(const unsigned char *s)
{
	unsigned char lo = 0x80, hi = 0xbf;
	size_t n;

	if (*s >= 0xc2 && *s <= 0xdf)
		n = 2;
	else if (*s >= 0xe0 && *s <= 0xef) {
		n = 3;
		lo = *s == 0xe0 ? 0xa0 : 0x80;	/* no overlong forms */
		hi = *s == 0xed ? 0x9f : 0xbf;	/* no surrogates */
	} else if (*s >= 0xf0 && *s <= 0xf4) {
		n = 4;
		lo = *s == 0xf0 ? 0x90 : 0x80;
		hi = *s == 0xf4 ? 0x8f : 0xbf;
	} else
		return 0;
	if (s[1] < lo || s[1] > hi)
		return 0;
	for (size_t i = 2; i < n; i++)
		if (s[i] < 0x80 || s[i] > 0xbf)
			return 0;
	return n;
}

/*
 * Whether the character at s (n bytes) may reach a terminal as it is:
 * not a control character (C0, DEL, C1 raw or UTF-8 encoded), not the
 * Unicode line separators or the bidirectional overrides and isolates,
 * which move the text around them (U+2028-U+202E, U+2066-U+2069).
 */
static bool
char_shown(const unsigned char *s, size_t n)
{
	if (n == 1)
		return *s >= 0x20 && *s != 0x7f;
	if (n == 2)
		return s[0] != 0xc2 || s[1] >= 0xa0;
	return n != 3 || s[0] != 0xe2 || !((s[1] == 0x80 && s[2] >= 0xa8 &&
	    s[2] <= 0xae) || (s[1] == 0x81 && s[2] >= 0xa6 && s[2] <= 0xa9));
}

/*
 * The length of the character at s, at most left bytes (none is read
 * past them), and whether it is shown.  A byte that is not shown is one
 * character: its '?' takes its place, so the text keeps its length.
 */
size_t
dt_text_char(const unsigned char *s, size_t left, bool *ok)
{
	size_t want = *s < 0x80 ? 1 : *s < 0xc2 ? 0 : *s < 0xe0 ? 2 :
	    *s < 0xf0 ? 3 : *s < 0xf5 ? 4 : 0;
	size_t n = want == 1 ? 1 : want == 0 || want > left ? 0 :
	    dt_utf8_length(s);

	*ok = n != 0 && char_shown(s, n);
	return *ok ? n : 1;
}

/* Copies s[from, to) to dst + from, each character not shown as '?'. */
static void
copy_shown(char *dst, const unsigned char *s, size_t from, size_t to)
{
	size_t n;
	bool ok;

	for (; from < to; from += n) {
		n = dt_text_char(s + from, to - from, &ok);
		if (ok)
			memcpy(dst + from, s + from, n);
		else
			dst[from] = '?';
	}
}

/*
 * Text for a message, the one quoting every message goes through (see
 * DIAGNOSTICS in devtool(1)): a character that is not shown becomes '?',
 * so input never sends escape sequences or line breaks to a terminal.
 * Too long for size, the middle is cut to "...": the first two thirds
 * and the last third are kept, whole characters only.
 */
const char *
dt_quote(char *dst, size_t size, const char *s, size_t len)
{
	const unsigned char *u = (const unsigned char *)s;
	size_t max = size - 1, head, tail, i, n;
	bool ok;

	if (len <= max) {
		copy_shown(dst, u, 0, len);
		dst[len] = '\0';
		return dst;
	}
	head = max < 5 ? max : (max - 3) * 2 / 3;
	for (i = 0; (n = dt_text_char(u + i, len - i, &ok)) + i <= head; i += n)
		;
	copy_shown(dst, u, 0, i);
	if (max < 5) {
		dst[i] = '\0';
		return dst;
	}
	memcpy(dst + i, "...", 3);
	head = i + 3;
	tail = max - 3 - (max - 3) * 2 / 3;
	for (; i < len - tail; i += dt_text_char(u + i, len - i, &ok))
		;
	copy_shown(dst + head - i, u, i, len);
	dst[head + len - i] = '\0';
	return dst;
}

const char *
dt_quote_word(char *dst, size_t size, const char *s, size_t len)
{
	return dt_quote(dst, size < 61 ? size : 61, s, len);
}

void
dt_json_string(struct dt_buf *out, const char *s)
{
	const unsigned char *c = (const unsigned char *)s;
	unsigned cp;
	size_t n, u;
	bool shown;

	dt_buf_addc(out, '"');
	for (; *c != '\0'; c += n) {
		n = dt_text_char(c, SIZE_MAX, &shown);
		u = *c >= 0x80 ? dt_utf8_length(c) : 1;
		if (*c == '"' || *c == '\\') {
			dt_buf_addc(out, '\\');
			dt_buf_addc(out, (char)*c);
			continue;
		}
		if (shown) {
			dt_buf_add(out, c, n);
			continue;
		}
		cp = u == 2 ? (c[0] & 0x1fu) << 6 | (c[1] & 0x3fu) :
		    u == 3 ? (c[0] & 0x0fu) << 12 | (c[1] & 0x3fu) << 6 |
		    (c[2] & 0x3fu) : *c;
		dt_buf_add(out, "\\u", 2);
		dt_buf_addx(out, cp, 4);
		n = u == 2 || u == 3 ? u : n;
	}
	dt_buf_addc(out, '"');
}
