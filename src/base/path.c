/*
 * path.c - the path normaliser (path.h).
 */
#include <limits.h>
#include <stdbool.h>
#include <string.h>

#include "base/bounds.h"
#include "base/path.h"
#include "base/text.h"


/* Drops the last name of out[0..*o): what ".." means lexically. */
static void
pop_name(const char *out, size_t *o)
{
	while (*o > 0 && out[--*o] != '/')
		continue;
}

/* The one message for a name past NAME_MAX: tables and mknod share it. */
static int
name_too_long(const char *name, size_t len, struct dt_diag *d)
{
	char q[QUOTE_MAX];

	return dt_error(d, "name '%s' in path is too long (%zu bytes, at most "
	    "%d)", dt_quote_word(q, sizeof(q), name, len), len, NAME_MAX);
}

int
path_names_fit(const char *s, struct dt_diag *d)
{
	for (size_t n; *(s += strspn(s, "/")) != '\0'; s += n)
		if ((n = strcspn(s, "/")) > NAME_MAX)
			return name_too_long(s, n, d);
	return 0;
}

bool
path_is_normal(const char *s, size_t len)
{
	size_t b;

	if (len == 0 || len > PATH_MAX - 1 || s[0] != '/')
		return false;
	if (len == 1)
		return true;
	for (size_t i = 1; ; i++) {
		for (b = i; i < len && s[i] != '/'; i++)
			if (s[i] == '\0')
				return false;
		if (i == b || i - b > NAME_MAX ||
		    (i - b == 1 && s[b] == '.') ||
		    (i - b == 2 && s[b] == '.' && s[b + 1] == '.'))
			return false;	/* "//", a trailing "/", ".", ".." */
		if (i == len)
			return true;
	}
}

int
path_normal(const char *s, size_t len, unsigned flags, char *out,
    struct dt_diag *d)
{
	size_t i = 0, o = 0, b, clen;
	char q[QUOTE_MAX];
	const bool resolve = flags & PATH_DOTS_RESOLVE;

	if (len == 0)
		return dt_error(d, "empty path");
	if (memchr(s, '\0', len) != NULL)
		return dt_error(d, "NUL byte in path '%s'",
		    dt_quote_word(q, sizeof(q), s, len));
	if (s[0] != '/')
		return dt_error(d, "path '%s' must be absolute (start with /)",
		    dt_quote_word(q, sizeof(q), s, len));
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
				    "a '%.*s' component",
				    dt_quote_word(q, sizeof(q), s, len),
				    (int)clen, s + b);
			if (clen == 2)
				pop_name(out, &o);
			continue;
		}
		if (clen > NAME_MAX)
			return name_too_long(s + b, clen, d);
		if (o + 1 + clen > PATH_MAX - 1)
			return dt_error(d, "path '%s' is too long "
			    "(more than %d bytes)",
			    dt_quote_word(q, sizeof(q), s, len),
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

/* path is prefix or below it, by whole names. */
static bool
path_at_or_below(const char *path, const char *prefix)
{
	size_t n = strlen(prefix);

	while (n > 0 && prefix[n - 1] == '/')	/* "/" holds everything */
		n--;
	return strncmp(path, prefix, n) == 0 &&
	    (path[n] == '\0' || path[n] == '/');
}

bool
path_in_prefixes(const char *path, const char *const *prefix,
    const char *const *exclude)
{
	for (; exclude != NULL && *exclude != NULL; exclude++)
		if (path_at_or_below(path, *exclude))
			return false;
	if (prefix == NULL || *prefix == NULL)
		return true;
	for (; *prefix != NULL; prefix++)
		if (path_at_or_below(path, *prefix))
			return true;
	return false;
}
