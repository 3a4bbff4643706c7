/*
 * tmpfiles_text.c - the text of a tmpfiles line: its words, their C
 * escapes and specifiers as systemd-tmpfiles 252 reads them, and a path
 * or an argument written so that it reads them back.  Apart from
 * tmpfiles.c, which reads and writes the lines' types, modes, owners
 * and arguments, since the text is a whole of its own that needs
 * nothing of the line.  See tmpfiles_text.h.
 */
#include <stdbool.h>
#include <stdint.h>
#include <string.h>

#include "base/buf.h"
#include "base/text.h"
#include "dialects/tmpfiles_text.h"

/*
 * Finds the end of a tmpfiles word: white space outside quotes, where a
 * backslash always takes the next byte with it.
 */
int
tmpfiles_word(const char *line, size_t len, size_t *i, struct dt_diag *d)
{
	char quote_char = '\0';

	while (*i < len) {
		char c = line[*i];

		if (c == '\\') {
			if (*i + 1 >= len)
				return dt_error(d, "backslash at the end of "
				    "the line");
			*i += 2;
			continue;
		}
		if (quote_char != '\0') {
			if (c == quote_char)
				quote_char = '\0';
		} else if (c == '"' || c == '\'')
			quote_char = c;
		else if (dialect_space(c))
			break;
		(*i)++;
	}
	if (quote_char != '\0')
		return dt_error(d, "unterminated %c quote", quote_char);
	return 0;
}


static int
hex_value(char c)
{
	if (c >= '0' && c <= '9')
		return c - '0';
	if (c >= 'a' && c <= 'f')
		return c - 'a' + 10;
	if (c >= 'A' && c <= 'F')
		return c - 'A' + 10;
	return -1;
}

/* Encodes a code point as UTF-8 into out; returns the byte count. */
static size_t
utf8_encode(uint32_t c, unsigned char *out)
{
	if (c < 0x80) {
		out[0] = (unsigned char)c;
		return 1;
	}
	if (c < 0x800) {
		out[0] = (unsigned char)(0xc0 | c >> 6);
		out[1] = (unsigned char)(0x80 | (c & 0x3f));
		return 2;
	}
	if (c < 0x10000) {
		out[0] = (unsigned char)(0xe0 | c >> 12);
		out[1] = (unsigned char)(0x80 | (c >> 6 & 0x3f));
		out[2] = (unsigned char)(0x80 | (c & 0x3f));
		return 3;
	}
	out[0] = (unsigned char)(0xf0 | c >> 18);
	out[1] = (unsigned char)(0x80 | (c >> 12 & 0x3f));
	out[2] = (unsigned char)(0x80 | (c >> 6 & 0x3f));
	out[3] = (unsigned char)(0x80 | (c & 0x3f));
	return 4;
}

/*
 * Decodes the escape after a backslash at s (len bytes left), the way
 * systemd's cunescape does, into out.  Returns the bytes consumed.
 */
static int
unescape_one(const char *s, size_t len, unsigned char *out, size_t *nout,
    struct dt_diag *d)
{
	static const char simple[] = "a\ab\bf\fn\nr\rt\tv\v\\\\\"\"''s ";
	const char *hit;
	uint32_t c = 0;
	size_t digits, i;
	char q[QUOTE_MAX];

	if (len == 0)
		return dt_error(d, "backslash at the end of a word");
	for (hit = simple; *hit != '\0'; hit += 2)
		if (*hit == s[0]) {
			out[0] = (unsigned char)hit[1];
			*nout = 1;
			return 1;
		}
	switch (s[0]) {
	case 'x':
		digits = 2;
		break;
	case 'u':
		digits = 4;
		break;
	case 'U':
		digits = 8;
		break;
	default:
		if (s[0] >= '0' && s[0] <= '7') {
			for (i = 0; i < 3; i++) {
				if (i >= len || s[i] < '0' || s[i] > '7')
					return dt_error(d, "bad escape "
					    "'\\%s': want three octal digits",
					    dt_quote_word(q, sizeof(q), s,
					    len < 3 ? len : 3));
				c = c * 8 + (uint32_t)(s[i] - '0');
			}
			if (c == 0 || c > 0xff)
				return dt_error(d, "bad escape '\\%s'",
				    dt_quote_word(q, sizeof(q), s, 3));
			out[0] = (unsigned char)c;
			*nout = 1;
			return 3;
		}
		return dt_error(d, "unknown escape '\\%s'",
		    dt_quote_word(q, sizeof(q), s, 1));
	}
	for (i = 1; i <= digits; i++) {
		int v = i < len ? hex_value(s[i]) : -1;

		if (v < 0)
			return dt_error(d, "bad escape '\\%s': want %zu hex "
			    "digits",
			    dt_quote_word(q, sizeof(q),
			    s, i < len ? i + 1 : len),
			    digits);
		c = c << 4 | (uint32_t)v;
	}
	if (c == 0)
		return dt_error(d, "NUL byte (escape '\\%s')",
		    dt_quote_word(q, sizeof(q), s, digits + 1));
	if (s[0] == 'x') {
		out[0] = (unsigned char)c;
		*nout = 1;
	} else {
		if (c > 0x10ffff || (c >= 0xd800 && c <= 0xdfff))
			return dt_error(d, "escape '\\%s' is not a valid "
			    "character",
			    dt_quote_word(q, sizeof(q), s, digits + 1));
		*nout = utf8_encode(c, out);
	}
	return (int)digits + 1;
}

/*
 * Removes the quotes (when quotes) and decodes the escapes of a tmpfiles
 * word into dst (cap bytes, NUL-terminated).  *outlen is the full decoded
 * length, even when it did not fit.  An L line's argument keeps its
 * quotes, as systemd-tmpfiles reads it.
 */
int
tmpfiles_unescape_word(struct fields_span w, bool quotes, char *dst,
    size_t cap, size_t *outlen, struct dt_diag *d)
{
	unsigned char bytes[4];
	size_t n = 0, nb = 0, k;
	char quote_char = '\0';
	int used;

	for (size_t i = 0; i < w.len; i++) {
		char c = w.p[i];

		if (quotes && quote_char == '\0' && (c == '"' || c == '\'')) {
			quote_char = c;
			continue;
		}
		if (quotes && c == quote_char) {
			quote_char = '\0';
			continue;
		}
		if (c == '\\') {
			used = unescape_one(w.p + i + 1, w.len - i - 1, bytes,
			    &nb, d);
			if (used < 0)
				return -1;
			i += (size_t)used;
		} else {
			bytes[0] = (unsigned char)c;
			nb = 1;
		}
		for (k = 0; k < nb; k++, n++)
			if (n + 1 < cap)
				dst[n] = (char)bytes[k];
	}
	dst[n + 1 < cap ? n : cap - 1] = '\0';
	*outlen = n;
	return 0;
}

/*
 * Specifiers (tmpfiles.d(5), SPECIFIERS), as systemd-tmpfiles 252 expands
 * them in the path and the argument, after unescaping.  Those of the
 * system instance, which systemd-tmpfiles is at boot, are fixed here;
 * those of the machine or the image are the run's
 * (dialect_run.specifier; devtool(1) says where each comes from).
 */
static const char *
fixed_specifier(char c)
{
	switch (c) {
	case 'C':
		return "/var/cache";
	case 'L':
		return "/var/log";
	case 'S':
		return "/var/lib";
	case 't':
		return "/run";
	case 'T':
		return "/tmp";
	case 'V':
		return "/var/tmp";
	case 'h':
		return "/root";
	case 'u':
	case 'g':
		return "root";
	case 'U':
	case 'G':
		return "0";
	default:
		return NULL;
	}
}

/* The run's specifiers, and what a line is left out for without one. */
static const char run_specifiers[] = "aAbBHlmMovwW";
static const char unset[][16] = { "with %a unset", "with %A unset",
	"with %b unset", "with %B unset", "with %H unset", "with %l unset",
	"with %m unset", "with %M unset", "with %o unset", "with %v unset",
	"with %w unset", "with %W unset" };

_Static_assert(sizeof(unset) / sizeof(unset[0]) ==
    sizeof(run_specifiers) - 1, "a label for each of the run's specifiers");

#define SPECIFIER_LIST "%a %A %b %B %C %g %G %h %H %l %L %m %M %o %S %t " \
	"%T %u %U %v %V %w %W"

/* Appends n bytes of v to out (cap bytes), counting what does not fit. */
static void
expand_add(char *out, size_t cap, size_t *o, const char *v, size_t n)
{
	for (size_t k = 0; k < n; k++, (*o)++)
		if (*o + 1 < cap)
			out[*o] = v[k];
}

/*
 * s (len bytes, unescaped) with its specifiers expanded into out (cap
 * bytes, NUL-terminated; *outlen the whole length, even when it did not
 * fit): 0, or -1 for a specifier tmpfiles.d(5) does not have.  One that
 * has no value here stays as it is written, and *unset (when still
 * NULL) says which, for the line to be left out.  A '%' at the very end
 * stays, as systemd leaves it.
 */
int
tmpfiles_expand(const char *s, size_t len, const struct dialect_run *run,
    const char *what, char *out, size_t cap, size_t *outlen,
    const char **why, struct dt_diag *d)
{
	const char *v, *at;
	size_t o = 0;
	char q[QUOTE_MAX];

	for (size_t i = 0; i < len; i++) {
		if (s[i] != '%' || i + 1 == len) {
			expand_add(out, cap, &o, s + i, 1);
			continue;
		}
		v = s[++i] == '%' ? "%" : fixed_specifier(s[i]);
		if (v == NULL) {
			if (s[i] == '\0' ||
			    (at = strchr(run_specifiers, s[i])) == NULL)
				return dt_error(d, "unknown specifier '%%%s' "
				    "in %s (tmpfiles.d(5) of systemd 252 has "
				    "%s, and %%%% for a %%)",
				    dt_quote_word(q, sizeof(q), s + i, 1), what,
				    SPECIFIER_LIST);
			v = run != NULL && run->specifier != NULL ?
			    run->specifier(run->ctx, s[i]) : NULL;
			if (v == NULL) {
				if (*why == NULL)
					*why = unset[at - run_specifiers];
				v = s + i - 1;	/* kept as written */
				expand_add(out, cap, &o, v, 2);
				continue;
			}
		}
		expand_add(out, cap, &o, v, strlen(v));
	}
	out[o < cap ? o : cap - 1] = '\0';
	*outlen = o;
	return 0;
}

int
tmpfiles_field_unescape(struct fields_span w, char *buf, const char *what,
    struct dt_diag *d)
{
	size_t n;
	char q[QUOTE_MAX];

	if (tmpfiles_unescape_word(w, true, buf, FIELDS_TEXT_MAX, &n, d) != 0)
		return -1;
	if (n >= FIELDS_TEXT_MAX)
		return dt_error(d, "%s '%s' is too long (%zu bytes)", what,
		    dt_quote_word(q, sizeof(q), buf, FIELDS_TEXT_MAX - 1), n);
	if (strlen(buf) != n)
		return dt_error(d, "NUL byte in %s", what);
	return 0;
}

/*
 * A path as systemd-tmpfiles reads it: raw where it can be (printable
 * ASCII and valid UTF-8), in double quotes when it has spaces, "%%" for
 * '%'.  Only what cannot be written so -- control characters (as
 * dt_text_char says), bytes that are not UTF-8, quotes, backslashes --
 * becomes a \xNN escape per byte, which devtool
 * reads back but systemd-tmpfiles 252 does not decode.
 *
 * An L line's argument (arg) is the rest of the line to systemd, taken
 * as it is, then unescaped: never quoted, its quotes raw, and a space
 * that would be stripped (first or last), or a lone "-" (no argument),
 * escaped; systemd-tmpfiles 252 decodes its escapes.
 */
static bool
tmpfiles_escaped(const unsigned char *s, size_t i, size_t len, bool shown,
    bool arg)
{
	if (!shown || s[i] == '\\')
		return true;
	if (!arg)
		return s[i] == '"' || s[i] == '\'';
	return (s[i] == ' ' && (i == 0 || i == len - 1)) ||
	    (len == 1 && s[i] == '-');
}

void
tmpfiles_put_text(struct dt_buf *out, const char *s, bool arg)
{
	const unsigned char *u = (const unsigned char *)s;
	bool quoted = !arg && strchr(s, ' ') != NULL, shown;
	size_t n, len = strlen(s);

	if (quoted)
		dt_buf_addc(out, '"');
	for (size_t i = 0; i < len; i += n) {
		n = dt_text_char(u + i, len - i, &shown);	/* not shown: 1 */
		if (u[i] == '%')
			dt_buf_adds(out, "%%");
		else if (tmpfiles_escaped(u, i, len, shown, arg)) {
			dt_buf_adds(out, "\\x");
			dt_buf_addx(out, u[i], 2);
		} else
			dt_buf_add(out, u + i, n);
	}
	if (quoted)
		dt_buf_addc(out, '"');
}
