/*
 * path.c - the path normaliser (path.h).
 */
#include <limits.h>
#include <stdbool.h>
#include <string.h>

#include "path.h"
#include "text.h"

#define QUOTE_MAX 64

static const char *
quote(char *dst, const char *s, size_t len)
{
	return dt_quote(dst, QUOTE_MAX, s, len);
}

/* Drops the last name of out[0..*o): what ".." means lexically. */
static void
pop_name(const char *out, size_t *o)
{
	while (*o > 0 && out[--*o] != '/')
		continue;
}

int
path_normal(const char *s, size_t len, unsigned flags, char *out,
    struct dt_diag *d)
{
	size_t i = 0, o = 0, b, clen;
	char q[QUOTE_MAX], qc[QUOTE_MAX];
	const bool resolve = flags & PATH_DOTS_RESOLVE;

	if (len == 0)
		return dt_error(d, "empty path");
	if (memchr(s, '\0', len) != NULL)
		return dt_error(d, "NUL byte in path '%s'",
		    quote(q, s, len));
	if (s[0] != '/')
		return dt_error(d, "path '%s' must be absolute (start with /)",
		    quote(q, s, len));
	for (;;) {
		while (i < len && s[i] == '/')
			i++;
		if (i == len)
			break;
		for (b = i; i < len && s[i] != '/'; i++)
			continue;
		clen = i - b;
		if ((clen == 1 && s[b] == '.') ||
		    (clen == 2 && s[b] == '.' && s[b + 1] == '.')) {
			if (!resolve)
				return dt_error(d, "path '%s' has "
				    "a '%.*s' component", quote(q, s, len),
				    (int)clen, s + b);
			if (clen == 2)
				pop_name(out, &o);
			continue;
		}
		if (clen > NAME_MAX)
			return dt_error(d, "name '%s' in path is "
			    "too long (%zu bytes, at most %d)",
			    quote(qc, s + b, clen), clen, NAME_MAX);
		if (o + 1 + clen > PATH_MAX - 1)
			return dt_error(d, "path '%s' is too long "
			    "(more than %d bytes)", quote(q, s, len),
			    PATH_MAX - 1);
		out[o++] = '/';
		memcpy(out + o, s + b, clen);
		o += clen;
	}
	if (o == 0)
		out[o++] = '/';
	out[o] = '\0';
	return 0;
}
