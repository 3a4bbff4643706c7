/*
 * fuzz_util.h - shared helpers for the libFuzzer harnesses in fuzz/.
 *
 * A failed invariant prints what it saw and aborts, which libFuzzer
 * reports as a crash and saves as a reproducer.  Messages name the
 * harness file and line so a crash log is enough to find the check.
 */
#ifndef DEVTOOL_FUZZ_UTIL_H
#define DEVTOOL_FUZZ_UTIL_H

#include <ctype.h>
#include <limits.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "encode.h"

#define FUZZ_FAIL(...)							\
	do {								\
		fprintf(stderr, "\nfuzz: invariant failed at %s:%d: ",	\
		    __FILE__, __LINE__);				\
		fprintf(stderr, __VA_ARGS__);				\
		fputc('\n', stderr);					\
		abort();						\
	} while (0)

#define FUZZ_CHECK(cond, ...)						\
	do {								\
		if (!(cond))						\
			FUZZ_FAIL(__VA_ARGS__);				\
	} while (0)

#define FUZZ_ARRAY_SIZE(a) (sizeof(a) / sizeof((a)[0]))

/* Reads fixed-size values from the fuzzer's bytes, zeros when used up. */
struct fuzz_bytes {
	const uint8_t *p;
	size_t n;
};

static inline uint8_t
fuzz_u8(struct fuzz_bytes *b)
{
	uint8_t v = 0;

	if (b->n > 0) {
		v = *b->p++;
		b->n--;
	}
	return v;
}

static inline uint64_t
fuzz_u64(struct fuzz_bytes *b, unsigned nbytes)
{
	uint64_t v = 0;

	for (unsigned i = 0; i < nbytes; i++)
		v = v << 8 | fuzz_u8(b);
	return v;
}

/*
 * A number for a field whose largest value is max, biased towards the
 * places where encodings go wrong: the edges of the 8-, 12-, 16-, 20- and
 * 32-bit fields, the field's own edges, and just past them.
 */
static inline uint64_t
fuzz_pick(struct fuzz_bytes *b, uint64_t max)
{
	static const uint64_t edges[] = { 0, 1, 0xff, 0x100, 0xfff, 0x1000,
	    0xffff, 0x10000, 0xfffff, 0x100000, 0xffffffff, 0x100000000,
	    UINT64_MAX };
	uint8_t sel = fuzz_u8(b);
	uint64_t v;

	switch (sel % 6) {
	case 0:
		return fuzz_u64(b, 8);
	case 1:
		v = fuzz_u64(b, 8);
		return max == UINT64_MAX ? v : v % (max + 1);
	case 2:
		return edges[fuzz_u8(b) % FUZZ_ARRAY_SIZE(edges)];
	case 3:
		v = fuzz_u8(b) % 3;
		return v == 0 ? max : v == 1 ? max - (max > 0) :
		    max + (max < UINT64_MAX);
	case 4:
		return fuzz_u8(b);
	default:
		return fuzz_u64(b, 2);
	}
}

/*
 * The code point of the UTF-8 character at s, at most left bytes, with
 * its length in *n; -1 if it is not valid UTF-8 (RFC 3629).  Written
 * apart from src/, so that the check does not trust the code it checks.
 */
static inline long
fuzz_utf8(const unsigned char *s, size_t left, size_t *n)
{
	size_t len;
	long cp;

	*n = 1;
	if (s[0] < 0x80)
		return s[0];
	if (s[0] >= 0xc2 && s[0] <= 0xdf)
		len = 2, cp = s[0] & 0x1f;
	else if (s[0] >= 0xe0 && s[0] <= 0xef)
		len = 3, cp = s[0] & 0x0f;
	else if (s[0] >= 0xf0 && s[0] <= 0xf4)
		len = 4, cp = s[0] & 0x07;
	else
		return -1;
	if (len > left)
		return -1;
	for (size_t i = 1; i < len; i++) {
		if ((s[i] & 0xc0) != 0x80)
			return -1;
		cp = cp << 6 | (s[i] & 0x3f);
	}
	if ((len == 3 && cp < 0x800) || (len == 4 && (cp < 0x10000 ||
	    cp > 0x10ffff)) || (cp >= 0xd800 && cp <= 0xdfff))
		return -1;
	*n = len;
	return cp;
}

/*
 * A message for the user: terminated inside its buffer, not empty, and
 * valid UTF-8 without a control character (C0, DEL, C1, the line
 * separators and bidirectional overrides U+2028-U+202E, U+2066-U+2069),
 * so hostile input cannot put escape sequences or line breaks on the
 * terminal of whoever reads the error (DIAGNOSTICS in devtool(1)).
 * FUZZ_LAX_MESSAGES=1 in the environment skips that check, to look past
 * a known finding of that kind.
 */
static inline void
fuzz_check_msg(const char *msg, size_t cap, const char *where)
{
	static int lax = -1;
	size_t n = strnlen(msg, cap), len;
	long cp;

	if (lax < 0) {
		const char *e = getenv("FUZZ_LAX_MESSAGES");

		lax = e != NULL && strcmp(e, "1") == 0;
	}
	FUZZ_CHECK(n < cap, "%s: message not terminated", where);
	FUZZ_CHECK(n > 0, "%s: empty message", where);
	for (size_t i = 0; i < n && !lax; i += len) {
		cp = fuzz_utf8((const unsigned char *)msg + i, n - i, &len);
		FUZZ_CHECK(cp >= 0x20 && !(cp >= 0x7f && cp <= 0x9f) &&
		    !(cp >= 0x2028 && cp <= 0x202e) &&
		    !(cp >= 0x2066 && cp <= 0x2069),
		    "%s: byte 0x%02x at %zu of message is a control "
		    "character or not UTF-8", where,
		    (unsigned char)msg[i], i);
	}
}

/*
 * A name as long as the kernel takes, made from the fuzzer's bytes: a
 * path of up to PATH_MAX - 1 bytes in components of 1 to NAME_MAX bytes,
 * or (path false) a link's target of up to PATH_MAX - 1 bytes.  A line
 * of a table is far shorter than what its escapes make of such a name
 * (mtree's \ooo and tmpfiles' \xNN take 4 bytes a byte, JSON's \u00XX
 * 6), so the input's bytes are used again and again, in turn, to fill
 * it: the first two bytes say how much shorter than the limit it is,
 * the next how long each component is, the rest what it holds (a NUL
 * becomes 0xff; in a path a '/' too, which only separates).  Into out
 * (PATH_MAX bytes).
 */
static inline void
fuzz_long_name(const uint8_t *data, size_t size, bool path, char *out)
{
	static const uint8_t none = 0xff;
	size_t len, at = 0, n = 0, part = 0;

	if (size == 0) {
		data = &none;
		size = 1;
	}
	/* mostly within 64 bytes of the limit, where the lines are longest */
	len = (size_t)(data[0] | (size > 1 ? data[1] : 0) << 8);
	len = PATH_MAX - 1 - (data[0] & 1 ? len % 64 : len % (PATH_MAX - 1));
	for (size_t i = 0; n < len; i++) {
		uint8_t c = data[(2 + i) % size];

		if (path && part == 0) {
			if (len - n < 2)
				break;
			out[n++] = '/';
			part = 1 + (size_t)data[(3 + at++) % size] % NAME_MAX;
			continue;
		}
		out[n++] = (char)(c == 0 || (path && c == '/') ? 0xff : c);
		if (path)
			part--;
	}
	out[n] = '\0';
}

/* A NUL-terminated copy of the fuzzer's bytes (which may hold NULs). */
static inline char *
fuzz_strndup(const uint8_t *data, size_t size)
{
	char *s = malloc(size + 1);

	if (s == NULL)
		abort();
	if (size > 0)
		memcpy(s, data, size);
	s[size] = '\0';
	return s;
}

#endif
