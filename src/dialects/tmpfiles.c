/*
 * tmpfiles.c - the tmpfiles dialect, as systemd-tmpfiles reads it
 * (src/tmpfiles/tmpfiles.c):
 *
 *	<type> <path> <mode> <user> <group> <age> <argument>
 *
 * Words may be quoted and carry C escapes (\x20, \t, \\, \123, \u00e9);
 * the path may carry specifiers, of which only "%%" (a '%') means
 * anything here.  Types c b p d f L, with "+" (replace) on c b p L; mode
 * "-" is 0755 for d and 0644 for everything else, user and group "-" are
 * root but leave an existing owner alone (systemd's uid_set); the age
 * only matters for cleaning, so it is ignored; c and b take MAJOR:MINOR.
 * L takes the link's target, and as systemd-tmpfiles 252 does, it is the
 * rest of the line, stripped, taken as it is (quotes are part of it),
 * then unescaped, its specifiers expanded; none or "-" is
 * /usr/share/factory/PATH; an L line's mode, user and group are ignored
 * ("permissions and ownership on symlinks are ignored", tmpfiles.d(5)).
 *
 * See dialect.h.
 */
#include <assert.h>
#include <ctype.h>
#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "base/path.h"
#include "base/text.h"
#include "codec/host.h"
#include "dialects/fields.h"
#include "entry/validate.h"

#define TMPFILES_FIELDS 7
#define LINK_MODE 0777		/* every link's, on Linux */
#define FACTORY "/usr/share/factory"	/* an L line's default target */

/*
 * Finds the end of a tmpfiles word: white space outside quotes, where a
 * backslash always takes the next byte with it.
 */
static int
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
					    fields_quote(q, s, len < 3 ? len : 3));
				c = c * 8 + (uint32_t)(s[i] - '0');
			}
			if (c == 0 || c > 0xff)
				return dt_error(d, "bad escape '\\%s'",
				    fields_quote(q, s, 3));
			out[0] = (unsigned char)c;
			*nout = 1;
			return 3;
		}
		return dt_error(d, "unknown escape '\\%s'", fields_quote(q, s, 1));
	}
	for (i = 1; i <= digits; i++) {
		int v = i < len ? hex_value(s[i]) : -1;

		if (v < 0)
			return dt_error(d, "bad escape '\\%s': want %zu hex "
			    "digits", fields_quote(q, s, i < len ? i + 1 : len),
			    digits);
		c = c << 4 | (uint32_t)v;
	}
	if (c == 0)
		return dt_error(d, "NUL byte (escape '\\%s')",
		    fields_quote(q, s, digits + 1));
	if (s[0] == 'x') {
		out[0] = (unsigned char)c;
		*nout = 1;
	} else {
		if (c > 0x10ffff || (c >= 0xd800 && c <= 0xdfff))
			return dt_error(d, "escape '\\%s' is not a valid "
			    "character", fields_quote(q, s, digits + 1));
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
static int
unescape(struct fields_span w, bool quotes, char *dst, size_t cap,
    size_t *outlen, struct dt_diag *d)
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
 * systemd expands specifiers in the path and an L line's target after
 * unescaping.  Only "%%" has a meaning without a running system; a '%'
 * at the very end stays.
 */
static int
specifiers(char *s, size_t *len, const char *what, struct dt_diag *d)
{
	size_t i, o = 0;
	char q[QUOTE_MAX];

	for (i = 0; i < *len; i++) {
		if (s[i] == '%' && i + 1 < *len) {
			if (s[i + 1] != '%')
				return dt_error(d, "specifier '%%%s' in "
				    "%s is not supported (write %%%% for a %%)",
				    fields_quote(q, s + i + 1, 1), what);
			i++;
		}
		s[o++] = s[i];
	}
	s[o] = '\0';
	*len = o;
	return 0;
}


static int
field_unescape(struct fields_span w, char *buf, const char *what,
    struct dt_diag *d)
{
	size_t n;
	char q[QUOTE_MAX];

	if (unescape(w, true, buf, FIELDS_TEXT_MAX, &n, d) != 0)
		return -1;
	if (n >= FIELDS_TEXT_MAX)
		return dt_error(d, "%s '%s' is too long (%zu bytes)", what,
		    fields_quote(q, buf, FIELDS_TEXT_MAX - 1), n);
	if (strlen(buf) != n)
		return dt_error(d, "NUL byte in %s", what);
	return 0;
}

/* systemd's parse_devnum: MAJOR:MINOR. */
static int
parse_devnum(const char *s, struct entry *e, struct dt_diag *d)
{
	const char *colon = strchr(s, ':');
	char major[FIELDS_TEXT_MAX];
	char q[QUOTE_MAX];

	if (colon == NULL)
		return dt_error(d, "bad device number '%s' (want MAJOR:MINOR)",
		    fields_quote(q, s, strlen(s)));
	memcpy(major, s, (size_t)(colon - s));
	major[colon - s] = '\0';
	if (fields_c_number(major, "major", DT_HOST_MAJOR_MAX, &e->major, d) !=
	    0 || fields_c_number(colon + 1, "minor", DT_HOST_MINOR_MAX,
	    &e->minor, d) != 0)
		return -1;
	return 0;
}

/*
 * One modifier of a tmpfiles type (tmpfiles.d(5), "Type Modifiers"), as
 * systemd-tmpfiles 252 takes it for the types devtool reads.  What would
 * remove or truncate a file, or write content, is refused, naming why.
 */
static int
tmpfiles_modifier(const char *s, char m, struct entry *e, struct dt_diag *d)
{
	char q[QUOTE_MAX];
	const bool node = entry_has_numbers(e) || e->type == 'p';

	fields_quote(q, s, strlen(s));
	switch (m) {
	case '!':
		e->boot = true;
		return 0;
	case '-':
		e->ignore_errors = true;
		return 0;
	case '+':
		if (e->type == 'f')
			return dt_error(d, "type '%s': f+ truncates the file, "
			    "and devtool never loses a file's content; write "
			    "f", q);
		if (!entry_replaceable(e))
			return dt_error(d, "type '%s': '+' (replace) is only "
			    "for c, b, p and L", q);
		e->replace = true;
		return 0;
	case '=':
		/* a node or FIFO of another type is replaced, as by '+' */
		e->replace = e->replace || node;
		return 0;
	case '~':
	case '^':
		return dt_error(d, "type '%s': '%c' is for a line that writes "
		    "a file's content (%s), which devtool does not do", q, m,
		    m == '~' ? "base64" : "from a credential");
	default:
		return dt_error(d, "type '%s': unknown modifier '%c' "
		    "(tmpfiles.d(5) has + ! - = ~ ^)", q,
		    isprint((unsigned char)m) ? m : '?');
	}
}

/* A letter, then modifiers, each at most once (as systemd-tmpfiles). */
static int
parse_tmpfiles_type(const char *s, struct entry *e, struct dt_diag *d)
{
	char q[QUOTE_MAX];

	if (s[0] == '\0' ||
	    (e->type = fields_type(&tmpfiles_dialect, s[0])) == '\0')
		return fields_bad_type(&tmpfiles_dialect, s, d);
	for (const char *p = s + 1; *p != '\0'; p++) {
		if (strchr(p + 1, *p) != NULL)
			return dt_error(d, "type '%s': modifier '%c' is "
			    "repeated", fields_quote(q, s, strlen(s)),
			    isprint((unsigned char)*p) ? *p : '?');
		if (tmpfiles_modifier(s, *p, e, d) != 0)
			return -1;
	}
	/* systemd's: what exists gets the mode and owner; f makes a file */
	e->correct = true;
	e->create = e->type == 'f';
	return 0;
}

/*
 * Where an L line's argument starts: after six words, as systemd-tmpfiles
 * takes it (the rest of the line); len for any other line, whose
 * argument is a word.
 */
static int
link_argument_at(const char *line, size_t len, size_t *at,
    struct dt_diag *d)
{
	size_t i = 0;

	while (i < len && dialect_space(line[i]))
		i++;
	*at = len;
	if (i == len || line[i] != 'L')
		return 0;
	for (int k = 0; k < TMPFILES_FIELDS - 1; k++) {
		while (i < len && dialect_space(line[i]))
			i++;
		if (i == len || line[i] == '#')
			return 0;
		if (tmpfiles_word(line, len, &i, d) != 0)
			return -1;
	}
	while (i < len && dialect_space(line[i]))
		i++;
	*at = i;
	return 0;
}

/*
 * An L line's target from its argument s (len bytes, to the end of the
 * line): stripped, unescaped with its quotes kept, "%%" for '%'; none or
 * "-" is FACTORY/PATH.  Written into buf (PATH_MAX bytes).  The mode and
 * owner of a link are ignored, as by systemd-tmpfiles.
 */
static int
parse_link(const char *s, size_t len, struct entry *e, char *buf,
    struct dt_diag *d)
{
	struct fields_span w = { s, len };
	char raw[2 * PATH_MAX], q[QUOTE_MAX];
	size_t n;

	e->mode = LINK_MODE;
	e->uid = e->gid = 0;
	e->mode_set = e->uid_set = e->gid_set = false;
	e->target = buf;
	while (w.len > 0 && dialect_space(w.p[w.len - 1]))
		w.len--;
	if (w.len == 0 || (w.len == 1 && w.p[0] == '-')) {
		if (snprintf(buf, PATH_MAX, FACTORY "%s", e->path) < PATH_MAX)
			return 1;
		return dt_error(d, "the default target, '%s' under " FACTORY
		    ", is too long", fields_quote(q, e->path, strlen(e->path)));
	}
	if (unescape(w, false, raw, sizeof(raw), &n, d) != 0 ||
	    (n < sizeof(raw) && specifiers(raw, &n, "link target", d) != 0))
		return -1;
	if (n >= PATH_MAX)
		return dt_error(d, "link target '%s' is too long (%zu bytes, "
		    "at most %d)", fields_quote(q, raw, strlen(raw)), n, PATH_MAX - 1);
	memcpy(buf, raw, n + 1);
	return 1;
}

static int
parse_tmpfiles(const char *line, size_t len,
    const struct id_resolver *res, struct entry *e, char *path,
    struct dt_diag *d)
{
	static const char *const names[TMPFILES_FIELDS] = { "type", "path",
	    "mode", "user", "group", "age", "argument" };
	struct fields_span w[TMPFILES_FIELDS];
	char text[TMPFILES_FIELDS][FIELDS_TEXT_MAX];
	char raw[2 * PATH_MAX];
	size_t n, i, plen, arg;
	char q[QUOTE_MAX];

	if (link_argument_at(line, len, &arg, d) != 0 ||
	    fields_split(line, arg, tmpfiles_word, w, TMPFILES_FIELDS, &n, d) != 0)
		return -1;
	if (n == 0)
		return 0;
	if (n > TMPFILES_FIELDS)
		return dt_error(d, "too many fields (%zu, at most %d)", n,
		    TMPFILES_FIELDS);
	for (i = 0; i < n; i++)
		if (i != 1 && field_unescape(w[i], text[i], names[i], d) != 0)
			return -1;
	if (parse_tmpfiles_type(text[0], e, d) != 0)
		return -1;
	if (n < 2)
		return dt_error(d, "missing path after the type");
	if (unescape(w[1], true, raw, sizeof(raw), &plen, d) != 0)
		return -1;
	if (plen >= sizeof(raw))
		return dt_error(d, "path '%s' is too long (%zu bytes)",
		    fields_quote(q, raw, plen), plen);
	if (specifiers(raw, &plen, "path", d) != 0 ||
	    path_normal(raw, plen, 0, path, d) != 0)
		return -1;
	e->path = path;
	e->mode = e->type == 'd' ? 0755 : 0644;
	if (n > 2 && !fields_is_dash(text[2])) {
		if (text[2][0] == '~' || text[2][0] == ':')
			return dt_error(d, "mode prefix '%c' is not supported",
			    text[2][0]);
		if (fields_mode(text[2], strlen(text[2]), &e->mode, d) != 0)
			return -1;
		e->mode_set = true;
	}
	for (i = 3; i < n && i < 5; i++)
		if (text[i][0] == ':')
			return dt_error(d, "%s prefix ':' is not supported",
			    names[i]);
	if (fields_owner(true, n > 3 ? text[3] : NULL,
	    n > 4 ? text[4] : NULL, res, e, d) != 0)
		return -1;
	if (e->type == 'l')
		return parse_link(line + arg, len - arg, e, path + PATH_MAX, d);
	if (n > 6 && !fields_is_dash(text[6])) {
		if (entry_has_numbers(e))
			return parse_devnum(text[6], e, d) != 0 ? -1 : 1;
		if (e->type == 'f')
			return dt_error(d, "f with content is not supported: "
			    "devtool makes the file empty, systemd-tmpfiles "
			    "would write '%s' into it", fields_quote(q, text[6],
			    strlen(text[6])));
		return dt_error(d, "%c takes no argument (got '%s')", e->type,
		    fields_quote(q, text[6], strlen(text[6])));
	}
	if (entry_has_numbers(e))
		return dt_error(d, "%c needs MAJOR:MINOR", e->type);
	return 1;
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

static void
put_tmpfiles_text(struct dt_buf *out, const char *s, bool arg)
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

/* A field left at its default: "-". */
static void
tab_dash(struct dt_buf *out)
{
	dt_buf_adds(out, "\t-");
}

static int
format_tmpfiles(const struct entry *e, struct dt_buf *out, struct dt_diag *d)
{
	unsigned dflt = e->type == 'd' ? 0755 : 0644;
	char q[QUOTE_MAX];

	if (e->count >= 1)
		return dt_error(d, "a tmpfiles table has no ranges: write the %"
		    PRIu64 " nodes of '%s' one by one", e->count,
		    fields_quote(q, e->path, strlen(e->path)));
	if (e->recursive || e->optional)
		return dt_error(d, "'%s' is %s, which a tmpfiles table cannot "
		    "say", fields_quote(q, e->path, strlen(e->path)),
		    e->recursive ? "a makedevs r entry" : "a makedevs F entry");
	if (fields_no_caps(e, d) != 0 ||
	    fields_owner_words(e, "a tmpfiles table", d) != 0)
		return -1;
	dt_buf_addc(out, fields_letter(&tmpfiles_dialect, e->type));
	if (e->replace)
		dt_buf_addc(out, '+');
	if (e->boot)
		dt_buf_addc(out, '!');
	if (e->ignore_errors)
		dt_buf_addc(out, '-');
	dt_buf_addc(out, '\t');
	put_tmpfiles_text(out, e->path, false);
	if (e->type == 'l') {	/* mode and owner: ignored, tmpfiles.d(5) */
		dt_buf_adds(out, "\t-\t-\t-\t-\t");
		put_tmpfiles_text(out, e->target, true);
		return 0;
	}
	if (e->mode_set || e->mode != dflt) {
		dt_buf_addc(out, '\t');
		dt_buf_addo(out, e->mode, 4);
	} else
		tab_dash(out);
	for (int group = 0; group < 2; group++)
		if (group ? e->gid_set || e->gid != 0 :
		    e->uid_set || e->uid != 0) {
			dt_buf_addc(out, '\t');
			fields_put_owner(out, e, group);
		} else
			tab_dash(out);
	tab_dash(out);	/* age */
	if (entry_has_numbers(e)) {
		dt_buf_addc(out, '\t');
		dt_buf_addu(out, e->major);
		dt_buf_addc(out, ':');
		dt_buf_addu(out, e->minor);
	} else
		tab_dash(out);
	return 0;
}

/*
 * A tmpfiles line starts with a type letter, perhaps with modifiers, then
 * the path (which may be quoted or start with a specifier).
 */
static enum dialect_bid
tmpfiles_bid(const char *line, size_t len)
{
	size_t i = 0, b;

	while (i < len && dialect_space(line[i]))
		i++;
	if (i == len || !isalpha((unsigned char)line[i]))
		return DIALECT_BID_NONE;
	for (b = i++; i < len && line[i] != '\0' &&
	    strchr("+!-=~^", line[i]) != NULL; i++)
		continue;
	if (i == len || !dialect_space(line[i]) || i - b > 4)
		return DIALECT_BID_NONE;
	while (i < len && dialect_space(line[i]))
		i++;
	if (i < len && line[i] != '\0' && strchr("/\"'%", line[i]) != NULL)
		return DIALECT_BID_SHAPE;
	return DIALECT_BID_NONE;
}

/* A '/' in its second word: a tmpfiles line with a relative path. */
static bool
tmpfiles_looks_like(const char *line, size_t len)
{
	struct fields_span w[2];
	struct dt_diag d;
	size_t n;

	return fields_split(line, len, NULL, w, 2, &n, &d) == 0 && n >= 2 &&
	    memchr(w[1].p, '/', w[1].len) != NULL;
}

static int
tmpfiles_read(struct dialect_reader *r, const char *line, size_t len,
    struct entry *out, char *path, struct dt_diag *d)
{
	int rc = parse_tmpfiles(line, len, r->res, out, path, d);

	if (rc != 1)
		return rc;
	fields_tidy_range(out);
	return entry_validate(out, d) != 0 ? -1 : 1;
}

static int
tmpfiles_write(const struct entry *e, const char *note, struct dt_buf *out,
    struct dt_diag *d)
{
	assert(note == NULL);
	return format_tmpfiles(e, out, d);
}

const struct dialect tmpfiles_dialect = {
	.name = "tmpfiles",
	.types = "cbpdfl",	/* tmpfiles.d(5) has no sockets */
	.letters = "cbpdfL",
	.can = DIALECT_CAN_NAMES | DIALECT_CAN_KEEP | DIALECT_CAN_REPLACE |
	    DIALECT_CAN_BOOT | DIALECT_CAN_IGNORE | DIALECT_CAN_SETID |
	    DIALECT_CAN_COMMENTS,
	.note = DIALECT_NOTE_LINE,
	.bid_line = tmpfiles_bid,
	.looks_like = tmpfiles_looks_like,
	.read_line = tmpfiles_read,
	.write = tmpfiles_write,
};
