/*
 * table.c - device tables in two dialects.  See table.h.
 *
 * makedevs, as busybox and buildroot read it (miscutils/makedevs.c,
 * package/makedevs/makedevs.c):
 *
 *	<path> <type> <mode> <uid> <gid> <major> <minor> <start> <inc> <count>
 *
 * Fields are split on runs of white space; a field that starts with '#'
 * begins a comment.  Only path and type are required: the others default
 * to mode 0755 (busybox's initial value, whatever the type), owner 0:0,
 * numbers 0, and "-" asks for the default explicitly.  Busybox reads the
 * numbers with %u; we take C notation (dt_parse_number), so 010 is 8.
 *
 * A range: busybox and buildroot decrement a nonzero count, then run
 * i = start ... start + count, naming node "%s%u" (path, i) and giving
 * it minor + (i - start) * inc -- except that the name stays bare when
 * the decremented count is 0.  So in busybox count 0 or 1 makes one node,
 * `path'.  devtool follows its specification instead ("count > 0 makes a
 * range as --count does"): count 0 is the one node `path', and count 1 is
 * the range of one, path<start>.  Count N >= 1 makes path<start> ...
 * path<start+N-1> with
 * minors minor, minor+inc, ..., minor+(N-1)*inc (inc defaults to 0, so
 * a range without one gives every node the same numbers, as busybox does).
 * `/dev/hda b 640 0 0 3 1 1 1 15' makes hda1 ... hda15 with minors 1-15.
 *
 * tmpfiles, as systemd-tmpfiles reads it (src/tmpfiles/tmpfiles.c):
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
 * Type letters are types.h's; each dialect spells them as the table
 * `spellings' says, and a type it has no letter for (a link in makedevs,
 * a socket in tmpfiles) is written as a comment line naming it.
 */
#include <sys/types.h>

#include <ctype.h>
#include <errno.h>
#include <grp.h>
#include <inttypes.h>
#include <pwd.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <sys/capability.h>

#include "codec/host.h"
#include "base/number.h"
#include "base/path.h"
#include "dialects/fields.h"
#include "dialects/table.h"
#include "dialects/json.h"
#include "base/text.h"

#define MAKEDEVS_FIELDS 10
#define TMPFILES_FIELDS 7
#define TEXT_MAX 256		/* a field other than the path */
#define QUOTE_MAX 64		/* a quoted field in a message */
#define MAKEDEVS_MODE 0755	/* busybox's default, for every type */
#define LINK_MODE 0777		/* every link's, on Linux */
#define FACTORY "/usr/share/factory"	/* an L line's default target */
#define MAKEDEVS_EXTRAS "Fr"	/* buildroot's: an f or d with more */
#define XATTR_MAX 255		/* an |xattr word: buildroot reads %254s */

struct span {
	const char *p;
	size_t len;
};

/*
 * Each type letter (types.h) as each dialect writes and reads it; '\0'
 * where the dialect has none.  JSON writes the letters themselves.
 */
static const struct {
	char type, makedevs, tmpfiles;
} spellings[] = {
	{ 'c', 'c', 'c' }, { 'b', 'b', 'b' }, { 'p', 'p', 'p' },
	{ 'd', 'd', 'd' }, { 'f', 'f', 'f' },
	{ 'l', '\0', 'L' },	/* busybox's makedevs has no links */
	{ 's', 's', '\0' },	/* genext2fs's; tmpfiles.d(5) has no sockets */
};

#define SPELLINGS (sizeof(spellings) / sizeof(spellings[0]))

static char
spelling(enum table_dialect dialect, size_t i)
{
	switch (dialect) {
	case TABLE_MAKEDEVS:
		return spellings[i].makedevs;
	case TABLE_TMPFILES:
		return spellings[i].tmpfiles;
	case TABLE_OCI:		/* config.md's c b u p: devices and FIFOs */
		if (strchr("cbp", spellings[i].type) == NULL)
			return '\0';
		return spellings[i].type;
	default:
		return spellings[i].type;
	}
}

/* The dialect's letter for a type, or '\0'. */
static char
letter_of(enum table_dialect dialect, char type)
{
	for (size_t i = 0; i < SPELLINGS; i++)
		if (spellings[i].type == type)
			return spelling(dialect, i);
	return '\0';
}

/* The type a dialect's letter stands for, or '\0'. */
static char
type_of(enum table_dialect dialect, char letter)
{
	for (size_t i = 0; i < SPELLINGS && letter != '\0'; i++)
		if (spelling(dialect, i) == letter)
			return spellings[i].type;
	return '\0';
}

bool
table_holds(enum table_dialect dialect, const struct entry *e)
{
	if (spec_is_spec(dialect))
		return spec_holds(dialect, e);
	return letter_of(dialect, e->type) != '\0';
}

const char *
table_separator(enum table_dialect dialect)
{
	return dialect == TABLE_OCI ? "," : "";
}

bool
table_has_comments(enum table_dialect dialect)
{
	return dialect != TABLE_JSON && dialect != TABLE_OCI;
}

/* Text for a message: printable, and short enough to leave room. */
static const char *
quote(char *dst, const char *s, size_t len)
{
	return dt_quote(dst, QUOTE_MAX - 3, s, len);
}

/* White space between fields (a switch: it runs for every byte read). */
static bool
is_separator(char c)
{
	switch (c) {
	case ' ': case '\t': case '\n': case '\r': case '\v': case '\f':
		return true;
	default:
		return false;
	}
}

static bool
is_dash(const char *s)
{
	return strcmp(s, "-") == 0;
}

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
		else if (is_separator(c))
			break;
		(*i)++;
	}
	if (quote_char != '\0')
		return dt_error(d, "unterminated %c quote", quote_char);
	return 0;
}

/*
 * Splits a line into at most max words, counting all of them in *n.  A
 * word that starts with '#' starts a comment that runs to the end.
 */
static int
split(enum table_dialect dialect, const char *line, size_t len,
    struct span *w, size_t max, size_t *n, struct dt_diag *d)
{
	size_t i = 0, start;

	*n = 0;
	for (;;) {
		while (i < len && is_separator(line[i]))
			i++;
		if (i == len || line[i] == '#')
			return 0;
		start = i;
		if (dialect == TABLE_TMPFILES) {
			if (tmpfiles_word(line, len, &i, d) != 0)
				return -1;
		} else {
			while (i < len && !is_separator(line[i]))
				i++;
		}
		if (*n < max) {
			w[*n].p = line + start;
			w[*n].len = i - start;
		}
		(*n)++;
	}
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
					    quote(q, s, len < 3 ? len : 3));
				c = c * 8 + (uint32_t)(s[i] - '0');
			}
			if (c == 0 || c > 0xff)
				return dt_error(d, "bad escape '\\%s'",
				    quote(q, s, 3));
			out[0] = (unsigned char)c;
			*nout = 1;
			return 3;
		}
		return dt_error(d, "unknown escape '\\%s'", quote(q, s, 1));
	}
	for (i = 1; i <= digits; i++) {
		int v = i < len ? hex_value(s[i]) : -1;

		if (v < 0)
			return dt_error(d, "bad escape '\\%s': want %zu hex "
			    "digits", quote(q, s, i < len ? i + 1 : len),
			    digits);
		c = c << 4 | (uint32_t)v;
	}
	if (c == 0)
		return dt_error(d, "NUL byte (escape '\\%s')",
		    quote(q, s, digits + 1));
	if (s[0] == 'x') {
		out[0] = (unsigned char)c;
		*nout = 1;
	} else {
		if (c > 0x10ffff || (c >= 0xd800 && c <= 0xdfff))
			return dt_error(d, "escape '\\%s' is not a valid "
			    "character", quote(q, s, digits + 1));
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
unescape(struct span w, bool quotes, char *dst, size_t cap, size_t *outlen,
    struct dt_diag *d)
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
				    quote(q, s + i + 1, 1), what);
			i++;
		}
		s[o++] = s[i];
	}
	s[o] = '\0';
	*len = o;
	return 0;
}

/* Whether text is file capabilities as cap_from_text(3) and setcap read. */
static int
check_caps(const char *text, struct dt_diag *d)
{
	char q[QUOTE_MAX];
	cap_t caps = cap_from_text(text);

	if (caps != NULL) {
		cap_free(caps);
		return 0;
	}
	return dt_error(d, "'%s' is not file capabilities as setcap(8) "
	    "reads them (such as cap_net_raw+ep): the only extended "
	    "attribute buildroot's |xattr sets", quote(q, text, strlen(text)));
}

/* Octal digits only, as chmod(1) and busybox's %o take them. */
static int
parse_mode(const char *s, unsigned *mode, struct dt_diag *d)
{
	unsigned v = 0;
	const char *p;
	char q[QUOTE_MAX];

	/* stop before v could pass 07777, so it never overflows */
	for (p = s; *p >= '0' && *p <= '7' && v <= 0777; p++)
		v = v * 8 + (unsigned)(*p - '0');
	if (p == s || *p != '\0' || v > 07777)
		return dt_error(d, "bad mode '%s' (want octal digits, at most "
		    "07777)", quote(q, s, strlen(s)));
	*mode = v;
	return 0;
}

/* number.h's status as a field's message: "bad major: invalid ...". */
static int
number_status(enum dt_status st, const char *what, const struct dt_diag *tmp,
    struct dt_diag *d)
{
	if (st == DT_OK)
		return 0;
	if (st == DT_ENUMBER)
		return dt_error(d, "bad %s: %s", what, tmp->msg);
	return dt_error(d, "%s", tmp->msg);
}

/* A tmpfiles MAJOR or MINOR: C notation, as systemd's safe_atou reads it. */
static int
parse_number(const char *s, const char *what, uint64_t max, uint64_t *v,
    struct dt_diag *d)
{
	struct dt_diag tmp;

	return number_status(dt_parse_in_range(s, what, max, v, &tmp), what,
	    &tmp, d);
}

/*
 * A number of decimal digits (dt_parse_decimal) when the field is one, as
 * buildroot's makedevs reads it (strtoul base 10, so 010 is 10) and as
 * systemd-tmpfiles reads it (parse_uid, which takes a leading zero for
 * part of a name); anything else is a name.
 */
static bool
is_id_number(enum table_dialect dialect, const char *s)
{
	if (s[strspn(s, "0123456789")] != '\0' || s[0] == '\0')
		return false;
	return dialect == TABLE_MAKEDEVS || s[0] != '0' || s[1] == '\0';
}

/*
 * A makedevs number: decimal, as busybox and buildroot read it (sscanf
 * %u), so a zero-padded table means what it says.  0x10 is refused: %u
 * would read it as 0 and lose the rest of the line.
 */
static int
parse_decimal(const char *s, const char *what, uint64_t max, uint64_t *v,
    struct dt_diag *d)
{
	struct dt_diag tmp;
	char q[QUOTE_MAX];

	if (s[0] == '0' && (s[1] == 'x' || s[1] == 'X'))
		return dt_error(d, "bad %s '%s': makedevs numbers are decimal "
		    "(busybox and buildroot read it as 0)", what,
		    quote(q, s, strlen(s)));
	return number_status(dt_parse_decimal(s, what, max, v, &tmp), what,
	    &tmp, d);
}

/* A user or group: a number, else a name. */
static int
parse_id(enum table_dialect dialect, const char *s, bool group,
    const struct table_resolver *res, uint32_t *id, struct dt_diag *d)
{
	const char *what = group ? "group" : "user";
	uint64_t v;
	uid_t uid;
	gid_t gid;
	int r = -1;
	char q[QUOTE_MAX];

	if (is_id_number(dialect, s)) {
		if (parse_decimal(s, what, TABLE_ID_MAX, &v, d) != 0)
			return -1;
		*id = (uint32_t)v;
		return 0;
	}
	if (res != NULL && group && res->group != NULL) {
		r = res->group(res->ctx, s, &gid);
		*id = (uint32_t)gid;
	} else if (res != NULL && !group && res->user != NULL) {
		r = res->user(res->ctx, s, &uid);
		*id = (uint32_t)uid;
	}
	if (r != 0)
		return dt_error(d, "unknown %s '%s'%s", what,
		    quote(q, s, strlen(s)), table_searched(res, group));
	if (*id > TABLE_ID_MAX)
		return dt_error(d, "%s '%s' has the reserved id %" PRIu32, what,
		    quote(q, s, strlen(s)), *id);
	return 0;
}

static int
parse_owner(enum table_dialect dialect, const char *user, const char *group,
    const struct table_resolver *res, struct entry *e,
    struct dt_diag *d)
{
	uint32_t id;

	if (user != NULL && !is_dash(user)) {
		if (parse_id(dialect, user, false, res, &id, d) != 0)
			return -1;
		e->uid = (uid_t)id;
		e->uid_set = true;
	}
	if (group != NULL && !is_dash(group)) {
		if (parse_id(dialect, group, true, res, &id, d) != 0)
			return -1;
		e->gid = (gid_t)id;
		e->gid_set = true;
	}
	return 0;
}

static bool
is_node(char type)
{
	const struct entry_type *t = entry_type_of(type);

	return t != NULL && t->numbers;
}

/* The types a tmpfiles "+" may replace: nodes, FIFOs, links. */
static bool
replaces(char type)
{
	return is_node(type) || type == 'p' || type == 'l';
}

/*
 * "type 'x' is not one of c b p d f s", the dialect's letters (and
 * makedevs's extras).
 */
static int
bad_type(enum table_dialect dialect, const char *s, struct dt_diag *d)
{
	char q[QUOTE_MAX], letters[2 * (SPELLINGS + 2)] = "", *p = letters;

	for (size_t i = 0; i < SPELLINGS; i++)
		if (spelling(dialect, i) != '\0')
			p += sprintf(p, "%s%c", p == letters ? "" : " ",
			    spelling(dialect, i));
	if (dialect == TABLE_MAKEDEVS)
		for (const char *x = MAKEDEVS_EXTRAS; *x != '\0'; x++)
			p += sprintf(p, " %c", *x);
	return dt_error(d, "type '%s' is not one of %s", quote(q, s, strlen(s)),
	    letters);
}

/* A makedevs field as a C string; the path never goes through here. */
static int
field_copy(struct span w, char *buf, const char *what, struct dt_diag *d)
{
	char q[QUOTE_MAX];

	if (w.len >= TEXT_MAX)
		return dt_error(d, "%s '%s' is too long (%zu bytes)", what,
		    quote(q, w.p, w.len), w.len);
	memcpy(buf, w.p, w.len);
	buf[w.len] = '\0';
	return 0;
}

static int
field_unescape(struct span w, char *buf, const char *what,
    struct dt_diag *d)
{
	size_t n;
	char q[QUOTE_MAX];

	if (unescape(w, true, buf, TEXT_MAX, &n, d) != 0)
		return -1;
	if (n >= TEXT_MAX)
		return dt_error(d, "%s '%s' is too long (%zu bytes)", what,
		    quote(q, buf, TEXT_MAX - 1), n);
	if (strlen(buf) != n)
		return dt_error(d, "NUL byte in %s", what);
	return 0;
}

/* Counts, starts and increments that say nothing are dropped. */
static void
tidy_range(struct entry *e)
{
	if (e->count == 0)
		e->start = e->inc = 0;
	if (!is_node(e->type))
		e->inc = 0;
}

/*
 * A makedevs type: busybox's c b p d f, buildroot's F (an f whose file
 * may be missing) and r (a d for a whole existing tree), genext2fs's s.
 */
static int
makedevs_type(const char *s, struct entry *e, struct dt_diag *d)
{
	if (s[0] == 'F')
		e->type = 'f';
	else if (s[0] == 'r')
		e->type = 'd';
	else
		e->type = type_of(TABLE_MAKEDEVS, s[0]);
	if (strlen(s) != 1 || e->type == '\0')
		return bad_type(TABLE_MAKEDEVS, s, d);
	e->optional = s[0] == 'F';
	e->recursive = s[0] == 'r';
	e->mode = MAKEDEVS_MODE;
	e->mode_set = true;
	return 0;
}

/*
 * Octal, or "-" for the default; buildroot's -1 keeps the mode of what
 * exists (f, F, r, and d as its code does), which a new entry cannot do.
 */
static int
makedevs_mode(const char *s, struct entry *e, struct dt_diag *d)
{
	if (strcmp(s, "-1") != 0)
		return is_dash(s) ? 0 : parse_mode(s, &e->mode, d);
	if (e->type != 'd' && e->type != 'f')
		return dt_error(d, "mode -1 (keep the mode) is only for d, f, "
		    "F and r: a new %s needs a mode",
		    entry_type_of(e->type)->noun);
	/* what a new directory gets, as a tmpfiles '-' (entry.h) */
	e->mode = e->type == 'd' ? 0755 : 0644;
	e->mode_set = false;
	return 0;
}

static int
parse_makedevs(const char *line, size_t len,
    const struct table_resolver *res, struct entry *e, char *path,
    struct dt_diag *d)
{
	static const char *const names[MAKEDEVS_FIELDS] = { "path", "type",
	    "mode", "uid", "gid", "major", "minor", "start", "inc", "count" };
	struct span w[MAKEDEVS_FIELDS];
	char text[MAKEDEVS_FIELDS][TEXT_MAX];
	uint64_t *num[] = { &e->major, &e->minor, &e->start, &e->inc,
	    &e->count };
	bool have[5] = { false };
	size_t n, i;

	if (split(TABLE_MAKEDEVS, line, len, w, MAKEDEVS_FIELDS, &n, d) != 0)
		return -1;
	if (n == 0)
		return 0;
	if (n > MAKEDEVS_FIELDS)
		return dt_error(d, "too many fields (%zu, at most %d)", n,
		    MAKEDEVS_FIELDS);
	if (path_normal(w[0].p, w[0].len, 0, path, d) != 0)
		return -1;
	e->path = path;
	if (n < 2)
		return dt_error(d, "missing type after the path");
	for (i = 1; i < n; i++)
		if (field_copy(w[i], text[i], names[i], d) != 0)
			return -1;
	if (makedevs_type(text[1], e, d) != 0 ||
	    (n > 2 && makedevs_mode(text[2], e, d) != 0))
		return -1;
	if (parse_owner(TABLE_MAKEDEVS, n > 3 ? text[3] : NULL,
	    n > 4 ? text[4] : NULL, res, e, d) != 0)
		return -1;
	for (i = 5; i < n; i++) {
		uint64_t max = i == 5 ? DT_HOST_MAJOR_MAX :
		    i == 6 ? DT_HOST_MINOR_MAX : UINT64_MAX;

		if (is_dash(text[i]))
			continue;
		if (parse_decimal(text[i], names[i], max, num[i - 5], d) != 0)
			return -1;
		have[i - 5] = true;
	}
	if (is_node(e->type) && (!have[0] || !have[1]))
		return dt_error(d, "%c needs MAJOR and MINOR", e->type);
	/* busybox makes everything with its owner */
	e->uid_set = e->gid_set = true;
	return 1;
}

/* systemd's parse_devnum: MAJOR:MINOR. */
static int
parse_devnum(const char *s, struct entry *e, struct dt_diag *d)
{
	const char *colon = strchr(s, ':');
	char major[TEXT_MAX];
	char q[QUOTE_MAX];

	if (colon == NULL)
		return dt_error(d, "bad device number '%s' (want MAJOR:MINOR)",
		    quote(q, s, strlen(s)));
	memcpy(major, s, (size_t)(colon - s));
	major[colon - s] = '\0';
	if (parse_number(major, "major", DT_HOST_MAJOR_MAX, &e->major, d) !=
	    0 || parse_number(colon + 1, "minor", DT_HOST_MINOR_MAX,
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
	const bool node = is_node(e->type) || e->type == 'p';

	quote(q, s, strlen(s));
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
		if (!replaces(e->type))
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

	if (s[0] == '\0' || (e->type = type_of(TABLE_TMPFILES, s[0])) == '\0')
		return bad_type(TABLE_TMPFILES, s, d);
	for (const char *p = s + 1; *p != '\0'; p++) {
		if (strchr(p + 1, *p) != NULL)
			return dt_error(d, "type '%s': modifier '%c' is "
			    "repeated", quote(q, s, strlen(s)),
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

	while (i < len && is_separator(line[i]))
		i++;
	*at = len;
	if (i == len || line[i] != 'L')
		return 0;
	for (int k = 0; k < TMPFILES_FIELDS - 1; k++) {
		while (i < len && is_separator(line[i]))
			i++;
		if (i == len || line[i] == '#')
			return 0;
		if (tmpfiles_word(line, len, &i, d) != 0)
			return -1;
	}
	while (i < len && is_separator(line[i]))
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
	struct span w = { s, len };
	char raw[2 * PATH_MAX], q[QUOTE_MAX];
	size_t n;

	e->mode = LINK_MODE;
	e->uid = e->gid = 0;
	e->mode_set = e->uid_set = e->gid_set = false;
	e->target = buf;
	while (w.len > 0 && is_separator(w.p[w.len - 1]))
		w.len--;
	if (w.len == 0 || (w.len == 1 && w.p[0] == '-')) {
		if (snprintf(buf, PATH_MAX, FACTORY "%s", e->path) < PATH_MAX)
			return 1;
		return dt_error(d, "the default target, '%s' under " FACTORY
		    ", is too long", quote(q, e->path, strlen(e->path)));
	}
	if (unescape(w, false, raw, sizeof(raw), &n, d) != 0 ||
	    (n < sizeof(raw) && specifiers(raw, &n, "link target", d) != 0))
		return -1;
	if (n >= PATH_MAX)
		return dt_error(d, "link target '%s' is too long (%zu bytes, "
		    "at most %d)", quote(q, raw, strlen(raw)), n, PATH_MAX - 1);
	memcpy(buf, raw, n + 1);
	return 1;
}

static int
parse_tmpfiles(const char *line, size_t len,
    const struct table_resolver *res, struct entry *e, char *path,
    struct dt_diag *d)
{
	static const char *const names[TMPFILES_FIELDS] = { "type", "path",
	    "mode", "user", "group", "age", "argument" };
	struct span w[TMPFILES_FIELDS];
	char text[TMPFILES_FIELDS][TEXT_MAX];
	char raw[2 * PATH_MAX];
	size_t n, i, plen, arg;
	char q[QUOTE_MAX];

	if (link_argument_at(line, len, &arg, d) != 0 ||
	    split(TABLE_TMPFILES, line, arg, w, TMPFILES_FIELDS, &n, d) != 0)
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
		    quote(q, raw, plen), plen);
	if (specifiers(raw, &plen, "path", d) != 0 ||
	    path_normal(raw, plen, 0, path, d) != 0)
		return -1;
	e->path = path;
	e->mode = e->type == 'd' ? 0755 : 0644;
	if (n > 2 && !is_dash(text[2])) {
		if (text[2][0] == '~' || text[2][0] == ':')
			return dt_error(d, "mode prefix '%c' is not supported",
			    text[2][0]);
		if (parse_mode(text[2], &e->mode, d) != 0)
			return -1;
		e->mode_set = true;
	}
	for (i = 3; i < n && i < 5; i++)
		if (text[i][0] == ':')
			return dt_error(d, "%s prefix ':' is not supported",
			    names[i]);
	if (parse_owner(TABLE_TMPFILES, n > 3 ? text[3] : NULL,
	    n > 4 ? text[4] : NULL, res, e, d) != 0)
		return -1;
	if (e->type == 'l')
		return parse_link(line + arg, len - arg, e, path + PATH_MAX, d);
	if (n > 6 && !is_dash(text[6])) {
		if (is_node(e->type))
			return parse_devnum(text[6], e, d) != 0 ? -1 : 1;
		if (e->type == 'f')
			return dt_error(d, "f with content is not supported: "
			    "devtool makes the file empty, systemd-tmpfiles "
			    "would write '%s' into it", quote(q, text[6],
			    strlen(text[6])));
		return dt_error(d, "%c takes no argument (got '%s')", e->type,
		    quote(q, text[6], strlen(text[6])));
	}
	if (is_node(e->type))
		return dt_error(d, "%c needs MAJOR:MINOR", e->type);
	return 1;
}

int
table_line_start(const char *line, size_t *len, unsigned long lineno,
    struct entry *out, struct dt_diag *d)
{
	memset(out, 0, sizeof(*out));
	out->lineno = lineno;
	if (*len > 0 && line[*len - 1] == '\n')
		(*len)--;
	return memchr(line, '\0', *len) == NULL ? 0 :
	    dt_error(d, "NUL byte in line");
}

int
table_parse_line(enum table_dialect dialect, const char *line, size_t len,
    unsigned long lineno, const struct table_resolver *res,
    struct entry *out, char *path, struct dt_diag *d)
{
	int r;

	if (table_line_start(line, &len, lineno, out, d) != 0)
		return -1;
	switch (dialect) {
	case TABLE_MAKEDEVS:
		r = parse_makedevs(line, len, res, out, path, d);
		break;
	case TABLE_TMPFILES:
		r = parse_tmpfiles(line, len, res, out, path, d);
		break;
	case TABLE_JSON:
		return table_json_parse_line(line, len, out, path, d);
	case TABLE_OCI:
		return dt_error(d, "an OCI document is read whole, not a line "
		    "at a time");
	default:
		return dt_error(d, "unknown table dialect");
	}
	if (r != 1)
		return r;
	tidy_range(out);
	return table_validate(out, d) != 0 ? -1 : 1;
}

bool
table_blank(const char *line, size_t len)
{
	size_t i = 0;

	while (i < len && is_separator(line[i]))
		i++;
	return i == len || line[i] == '#';
}

int
table_parse_xattr(const char *line, size_t len, char *value,
    struct dt_diag *d)
{
	static const char tag[] = "|xattr";
	struct span w[3];
	size_t n;

	if (len > 0 && line[len - 1] == '\n')
		len--;
	if (split(TABLE_MAKEDEVS, line, len, w, 3, &n, d) != 0 || n == 0 ||
	    w[0].len < sizeof(tag) - 1 || memcmp(w[0].p, tag,
	    sizeof(tag) - 1) != 0)
		return 0;
	if (w[0].len != sizeof(tag) - 1 || n != 2)
		return dt_error(d, "want '|xattr CAPABILITIES', one word after "
		    "|xattr");
	if (memchr(line, '\0', len) != NULL)
		return dt_error(d, "NUL byte in line");
	if (w[1].len >= XATTR_MAX)
		return dt_error(d, "|xattr value is too long (%zu bytes, at "
		    "most %d)", w[1].len, XATTR_MAX - 1);
	memcpy(value, w[1].p, w[1].len);
	value[w[1].len] = '\0';
	return check_caps(value, d) != 0 ? -1 : 1;
}

/*
 * A makedevs line starts with its path.  A tmpfiles line starts with a
 * type letter, perhaps with modifiers, then the path (which may be
 * quoted or start with a specifier).
 */
enum table_dialect
table_detect(const char *line, size_t len)
{
	size_t i = 0, b;

	while (i < len && is_separator(line[i]))
		i++;
	if (i == len || line[i] == '#')
		return TABLE_UNKNOWN;
	if (line[i] == '/')
		return TABLE_MAKEDEVS;
	if (line[i] == '{' || line[i] == '[')	/* table_json_sniff says more */
		return line[i] == '{' ? TABLE_JSON : TABLE_OCI;
	if (!isalpha((unsigned char)line[i]))
		return TABLE_UNKNOWN;
	for (b = i++; i < len && line[i] != '\0' &&
	    strchr("+!-=~^", line[i]) != NULL; i++)
		continue;
	if (i == len || !is_separator(line[i]) || i - b > 4)
		return TABLE_UNKNOWN;
	while (i < len && is_separator(line[i]))
		i++;
	if (i < len && line[i] != '\0' && strchr("/\"'%", line[i]) != NULL)
		return TABLE_TMPFILES;
	return TABLE_UNKNOWN;
}

/*
 * A line neither dialect starts like, read as the one it would be with an
 * absolute path: for a message that says what is wrong with the path.
 */
enum table_dialect
table_guess(const char *line, size_t len)
{
	struct span w[2];
	struct dt_diag d;
	size_t n;

	if (split(TABLE_MAKEDEVS, line, len, w, 2, &n, &d) != 0 || n < 2)
		return TABLE_UNKNOWN;
	if (memchr(w[0].p, '/', w[0].len) != NULL)
		return TABLE_MAKEDEVS;
	return memchr(w[1].p, '/', w[1].len) != NULL ? TABLE_TMPFILES :
	    TABLE_UNKNOWN;
}

/* Every dialect by name: what list -o writes and apply -i reads. */
static const struct {
	const char *name;
	enum table_dialect dialect;
} dialects[] = {
	{ "makedevs", TABLE_MAKEDEVS },
	{ "tmpfiles", TABLE_TMPFILES },
	{ "mtree", TABLE_MTREE },
	{ "gen_init_cpio", TABLE_INITRAMFS },
	{ "pseudo", TABLE_PSEUDO },
	{ "json", TABLE_JSON },
	{ "oci", TABLE_OCI },
};

#define DIALECTS (sizeof(dialects) / sizeof(dialects[0]))

const char *
table_dialect_name(enum table_dialect dialect)
{
	for (size_t i = 0; i < DIALECTS; i++)
		if (dialects[i].dialect == dialect)
			return dialects[i].name;
	return "unknown";
}

enum table_dialect
table_dialect_lookup(const char *name)
{
	for (size_t i = 0; i < DIALECTS; i++)
		if (strcmp(dialects[i].name, name) == 0)
			return dialects[i].dialect;
	return TABLE_UNKNOWN;
}

const char *
table_dialect_names(void)
{
	static char names[128];	/* made once: the table does not change */
	char *p = names;

	if (*p == '\0')
		for (size_t i = 0; i < DIALECTS; i++)
			p += sprintf(p, "%s%s", i > 0 ? ", " : "",
			    dialects[i].name);
	return names;
}

const char *
table_header(enum table_dialect dialect)
{
	return dialect == TABLE_MTREE ? "#mtree" : dialect == TABLE_OCI ? "[" :
	    NULL;
}

const char *
table_footer(enum table_dialect dialect)
{
	return dialect == TABLE_OCI ? "]" : NULL;
}

static size_t
decimal_digits(uint64_t v)
{
	size_t n = 1;

	while (v >= 10) {
		v /= 10;
		n++;
	}
	return n;
}

/* The range's last name and last minor must fit like any other. */
static int
validate_range(const struct entry *e, struct dt_diag *d)
{
	uint64_t last = e->count - 1;
	size_t plen = strlen(e->path);
	const char *base = strrchr(e->path, '/') + 1;
	size_t digits;
	char q[QUOTE_MAX];

	if (e->count > TABLE_COUNT_MAX)
		return dt_error(d, "count %" PRIu64 " is too large (at "
		    "most %u)", e->count, TABLE_COUNT_MAX);
	if (e->count == 0)
		return 0;
	if (!is_node(e->type) && e->type != 'p')
		return dt_error(d, "count %" PRIu64 ": only c, b and p entries "
		    "make ranges", e->count);
	if (e->start > UINT64_MAX - last)
		return dt_error(d, "range start %" PRIu64 " + count %" PRIu64
		    " overflows", e->start, e->count);
	digits = decimal_digits(e->start + last);
	if (strlen(base) + digits > NAME_MAX)
		return dt_error(d, "range name '%s%" PRIu64 "' is too "
		    "long (%zu bytes, at most %d)", quote(q, base, strlen(base)),
		    e->start + last, strlen(base) + digits, NAME_MAX);
	if (plen + digits > PATH_MAX - 1)
		return dt_error(d, "range path '%s%" PRIu64 "' is too "
		    "long (more than %d bytes)", quote(q, e->path, plen), e->start + last,
		    PATH_MAX - 1);
	if (is_node(e->type) && e->inc != 0 &&
	    (last > (DT_HOST_MINOR_MAX - e->minor) / e->inc))
		return dt_error(d, "range minor %" PRIu64 " + %" PRIu64 " * %"
		    PRIu64 " is past the host limit %u", e->minor, last,
		    e->inc, DT_HOST_MINOR_MAX);
	return 0;
}

/* A link has a target (and only a link): not empty, under PATH_MAX. */
static int
validate_target(const struct entry *e, struct dt_diag *d)
{
	if (e->type != 'l')
		return e->target == NULL ? 0 : dt_error(d, "%c takes no link "
		    "target", e->type);
	if (e->target == NULL || e->target[0] == '\0')
		return dt_error(d, "a symbolic link needs a target");
	if (strnlen(e->target, PATH_MAX) == PATH_MAX)
		return dt_error(d, "link target is too long (more than %d "
		    "bytes)", PATH_MAX - 1);
	return 0;
}

/* What the peers' extras (entry.h) apply to. */
static int
validate_extras(const struct entry *e, struct dt_diag *d)
{
	if (e->recursive && e->type != 'd')
		return dt_error(d, "only a directory entry is recursive (r)");
	if ((e->create || e->optional || e->caps != NULL) && e->type != 'f')
		return dt_error(d, "%s is only for a regular file (f)",
		    e->caps != NULL ? "|xattr" : e->create ?
		    "creating a missing file" : "an optional file (F)");
	if (e->create && e->optional)
		return dt_error(d, "a missing file cannot be both made and "
		    "skipped");
	if (e->caps != NULL && (strlen(e->caps) >= TABLE_CAPS_MAX ||
	    check_caps(e->caps, d) != 0))
		return dt_error(d, "bad file capabilities");
	return 0;
}

int
table_validate(const struct entry *e, struct dt_diag *d)
{
	char norm[PATH_MAX];
	size_t plen = e->path != NULL ? strnlen(e->path, PATH_MAX) : 0;
	char q[QUOTE_MAX], qn[QUOTE_MAX];
	char t[2] = { e->type, '\0' };

	if (e->path == NULL)
		return dt_error(d, "no path");
	if (plen == PATH_MAX)
		return dt_error(d, "path is too long (more than %d bytes)",
		    PATH_MAX - 1);
	if (path_normal(e->path, plen, 0, norm, d) != 0)
		return -1;
	if (strcmp(norm, e->path) != 0)
		return dt_error(d, "path '%s' is not in normal form (as '%s')",
		    quote(q, e->path, plen), quote(qn, norm, strlen(norm)));
	if (entry_type_of(e->type) == NULL)
		return bad_type(TABLE_JSON, t, d);
	if (strcmp(e->path, "/") == 0 && e->type != 'd')
		return dt_error(d, "'/' can only be a directory");
	if (e->mode > 07777)
		return dt_error(d, "bad mode 0%o (at most 07777)", e->mode);
	if ((uint64_t)e->uid > TABLE_ID_MAX || (uint64_t)e->gid > TABLE_ID_MAX)
		return dt_error(d, "owner %ju:%ju is out of range",
		    (uintmax_t)e->uid, (uintmax_t)e->gid);
	if (e->major > DT_HOST_MAJOR_MAX)
		return dt_error(d, "major %" PRIu64 " is out of range (0-%u)",
		    e->major, DT_HOST_MAJOR_MAX);
	if (e->minor > DT_HOST_MINOR_MAX)
		return dt_error(d, "minor %" PRIu64 " is out of range (0-%u)",
		    e->minor, DT_HOST_MINOR_MAX);
	if (!is_node(e->type) && (e->major != 0 || e->minor != 0))
		return dt_error(d, "%c takes no MAJOR or MINOR (got %"
		    PRIu64 ":%" PRIu64 ")", e->type, e->major, e->minor);
	if (e->replace && !replaces(e->type))
		return dt_error(d, "only c, b, p and l entries can be replaced");
	return validate_target(e, d) != 0 || validate_extras(e, d) != 0 ? -1 :
	    validate_range(e, d);
}

size_t
table_expand_count(const struct entry *e)
{
	return e->count >= 1 ? (size_t)e->count : 1;
}

int
table_expand(const struct entry *e, size_t i, struct entry *out,
    char *path, struct dt_diag *d)
{
	if (i >= table_expand_count(e))
		return dt_error(d, "node %zu of a range of %zu", i,
		    table_expand_count(e));
	*out = *e;
	out->count = out->start = out->inc = 0;
	if (e->count == 0)
		return 0;
	/* validate_range made sure that the name and the minor fit */
	snprintf(path, PATH_MAX, "%s%" PRIu64, e->path, e->start + i);
	out->path = path;
	if (is_node(e->type))
		out->minor = e->minor + i * e->inc;
	return 0;
}

/* Appends to a line buffer that the caller sized with TABLE_LINE_MAX. */
static char *
put(char *p, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

static char *
put(char *p, const char *fmt, ...)
{
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = vsprintf(p, fmt, ap);
	va_end(ap);
	return p + n;
}

/*
 * What no writer says: capabilities take |xattr lines of their own, and
 * no source that writes tables produces them.
 */
static int
format_caps(const struct entry *e, struct dt_diag *d)
{
	char q[QUOTE_MAX];

	if (e->caps == NULL)
		return 0;
	return dt_error(d, "'%s' has file capabilities, which are not written "
	    "into tables", quote(q, e->path, strlen(e->path)));
}

/*
 * makedevs cannot quote, so a path with white space or a control
 * character is refused.  Busybox stops reading a line at its first "-",
 * so "-" is only written where every field after it is "-" too.
 * buildroot's r, F and -1 are written back as they were read.
 */
static int
format_makedevs(const struct entry *e, char *p, struct dt_diag *d)
{
	uint64_t v[5] = { e->major, e->minor, e->start, e->inc, e->count };
	int last = is_node(e->type) ? 1 : -1;
	char q[QUOTE_MAX];
	char type = letter_of(TABLE_MAKEDEVS, e->type);

	for (const unsigned char *s = (const unsigned char *)e->path;
	    *s != '\0'; s++)
		if (*s <= ' ' || *s == 0x7f)
			return dt_error(d, "path '%s' has white space or a "
			    "control character, which a makedevs table cannot hold; "
			    "use the tmpfiles dialect",
			    quote(q, e->path, strlen(e->path)));
	if (format_caps(e, d) != 0)
		return -1;
	if (e->recursive)
		type = 'r';
	else if (e->optional)
		type = 'F';
	for (int i = 0; i < 5; i++)
		if (v[i] != 0 && i > last)
			last = i;
	p = put(p, "%s\t%c\t", e->path, type);
	p = !e->mode_set && (e->type == 'd' || e->type == 'f') ?
	    put(p, "-1") : put(p, "%04o", e->mode);
	p = put(p, "\t%ju\t%ju", (uintmax_t)e->uid, (uintmax_t)e->gid);
	for (int i = 0; i < 5; i++)
		p = i <= last ? put(p, "\t%" PRIu64, v[i]) : put(p, "\t-");
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

static char *
put_tmpfiles_text(char *p, const char *s, bool arg)
{
	const unsigned char *u = (const unsigned char *)s;
	bool quoted = !arg && strchr(s, ' ') != NULL, shown;
	size_t n, len = strlen(s);

	if (quoted)
		*p++ = '"';
	for (size_t i = 0; i < len; i += n) {
		n = dt_text_char(u + i, len - i, &shown);	/* not shown: 1 */
		if (u[i] == '%')
			p = put(p, "%%%%");
		else if (tmpfiles_escaped(u, i, len, shown, arg))
			p = put(p, "\\x%02x", u[i]);
		else {
			memcpy(p, u + i, n);
			p += n;
		}
	}
	if (quoted)
		*p++ = '"';
	*p = '\0';
	return p;
}

static int
format_tmpfiles(const struct entry *e, char *p, struct dt_diag *d)
{
	unsigned dflt = e->type == 'd' ? 0755 : 0644;
	char q[QUOTE_MAX];

	if (e->count >= 1)
		return dt_error(d, "a tmpfiles table has no ranges: write the %"
		    PRIu64 " nodes of '%s' one by one", e->count,
		    quote(q, e->path, strlen(e->path)));
	if (e->recursive || e->optional)
		return dt_error(d, "'%s' is %s, which a tmpfiles table cannot "
		    "say", quote(q, e->path, strlen(e->path)),
		    e->recursive ? "a makedevs r entry" : "a makedevs F entry");
	if (format_caps(e, d) != 0)
		return -1;
	p = put(p, "%c%s%s%s\t", letter_of(TABLE_TMPFILES, e->type),
	    e->replace ? "+" : "", e->boot ? "!" : "",
	    e->ignore_errors ? "-" : "");
	p = put_tmpfiles_text(p, e->path, false);
	if (e->type == 'l') {	/* mode and owner: ignored, tmpfiles.d(5) */
		put_tmpfiles_text(put(p, "\t-\t-\t-\t-\t"), e->target, true);
		return 0;
	}
	p = e->mode_set || e->mode != dflt ? put(p, "\t%04o", e->mode) :
	    put(p, "\t-");
	p = e->uid_set || e->uid != 0 ? put(p, "\t%ju", (uintmax_t)e->uid) :
	    put(p, "\t-");
	p = e->gid_set || e->gid != 0 ? put(p, "\t%ju", (uintmax_t)e->gid) :
	    put(p, "\t-");
	if (is_node(e->type))
		put(p, "\t-\t%" PRIu64 ":%" PRIu64, e->major, e->minor);
	else
		put(p, "\t-\t-");
	return 0;
}

int
table_format(enum table_dialect dialect, const struct entry *e,
    char *buf, size_t len, struct dt_diag *d)
{
	return table_format_note(dialect, e, NULL, buf, len, d);
}

/*
 * What the dialect has no line for, as a comment line naming it:
 * "# /dev/stdin -> /proc/self/fd/0: a symbolic link, which a makedevs
 * table cannot hold".  Its bytes are shown as in messages.
 */
static int
format_unheld(enum table_dialect dialect, const struct entry *e, char *p)
{
	char text[PATH_MAX];

	p = put(p, "# %s", dt_quote(text, sizeof(text), e->path,
	    strlen(e->path)));
	if (e->target != NULL)
		p = put(p, " -> %s", dt_quote(text, sizeof(text), e->target,
		    strlen(e->target)));
	put(p, ": a %s, which a %s table cannot hold",
	    entry_type_of(e->type)->noun, table_dialect_name(dialect));
	return 0;
}

/* The note (a diagnostic's sentence: text), after or before the line. */
static void
add_note(enum table_dialect dialect, char *buf, const char *note)
{
	size_t n = strlen(buf), k = strnlen(note, DT_MSGLEN - 1);

	if (dialect == TABLE_MAKEDEVS) {
		put(buf + n, " # %.*s", (int)k, note);
		return;
	}
	memmove(buf + k + 3, buf, n + 1);
	buf[0] = '#';
	buf[1] = ' ';
	memcpy(buf + 2, note, k);
	buf[k + 2] = '\n';
}

int
table_format_note(enum table_dialect dialect, const struct entry *e,
    const char *note, char *buf, size_t len, struct dt_diag *d)
{
	int rc;

	if (len < TABLE_LINE_MAX)
		return dt_error(d, "line buffer too small");
	if (table_validate(e, d) != 0)
		return -1;
	if (dialect == TABLE_JSON || dialect == TABLE_OCI)
		return table_json_format(dialect, e, note, buf, len, d);
	if (!table_holds(dialect, e))
		rc = format_unheld(dialect, e, buf);
	else switch (dialect) {
	case TABLE_MAKEDEVS:
		rc = format_makedevs(e, buf, d);
		break;
	case TABLE_TMPFILES:
		rc = format_tmpfiles(e, buf, d);
		break;
	default:
		if (!spec_is_spec(dialect))
			return dt_error(d, "unknown table dialect");
		rc = spec_format(dialect, e, buf, d);
	}
	if (rc == 0 && note != NULL)
		add_note(dialect, buf, note);
	return rc;
}

/*
 * Conflicts.  Every check looks names up, by binary search, in one array
 * of the items sorted by path, so n lines cost about n log n string
 * comparisons.  Ranges are never expanded (a few lines may stand for
 * millions of names): a name is looked up as a range's base followed by
 * each way of reading its trailing digits as the range's number.
 */
#define U64_DIGITS 20		/* decimal digits of UINT64_MAX */
#define NONE SIZE_MAX
#define WHERE_MAX (PATH_MAX + 32)
#define DESCRIBE_MAX 128
#define CLEAN_DEPTH (PATH_MAX / 2)	/* the deepest a path can be */

/* Items in order: singles by path, then ranges by base and start. */
struct ref {
	const char *path;
	uint64_t start;
	size_t idx;		/* into the items */
	size_t reach;		/* ranges: of those of this base up to here,
				   the position of one that ends last */
	bool range;
};

struct conflict {
	size_t later, earlier;
	char *msg;
};

struct checker {
	const struct entry *v;
	struct ref *refs;
	size_t n, nsingles;
	uid_t new_uid;		/* the owner of a new entry */
	gid_t new_gid;
	struct conflict *found;
	size_t nfound, cap;
	bool nomem;
};

static uint64_t
item_last(const struct entry *it)
{
	return it->count > 0 ? it->start + it->count - 1 : 0;
}

static uint64_t
minor_at(const struct entry *it, uint64_t k)
{
	if (it->count == 0 || !is_node(it->type))
		return it->minor;
	return it->minor + (k - it->start) * it->inc;
}

/*
 * Whether node kl of the later item l asks for what node ke of the
 * earlier item e made.  A '-' in l keeps whatever is there; a '-' in e
 * made a new entry with the default mode (which the parser put in its
 * mode field) and the owner new entries get.
 */
static bool
agrees(const struct checker *c, size_t l, uint64_t kl, size_t e,
    uint64_t ke)
{
	const struct entry *x = &c->v[l], *y = &c->v[e];

	return x->type == y->type && x->major == y->major &&
	    minor_at(x, kl) == minor_at(y, ke) &&
	    (x->target == NULL || strcmp(x->target, y->target) == 0) &&
	    (!x->mode_set || x->mode == y->mode) &&
	    (!x->uid_set || x->uid == (y->uid_set ? y->uid : c->new_uid)) &&
	    (!x->gid_set || x->gid == (y->gid_set ? y->gid : c->new_gid));
}

/* The name of node k of it, quoted for a message into QUOTE_MAX bytes. */
static const char *
item_name(const struct entry *it, uint64_t k, char *buf)
{
	char name[PATH_MAX + U64_DIGITS];
	int n = it->count > 0 ?
	    snprintf(name, sizeof(name), "%s%" PRIu64, it->path, k) :
	    snprintf(name, sizeof(name), "%s", it->path);

	return quote(buf, name, (size_t)n < sizeof(name) ? (size_t)n :
	    sizeof(name) - 1);
}

static const char *
where(const struct entry *it, char *buf)
{
	char file[PATH_MAX];

	dt_quote(file, sizeof(file), it->file, strlen(it->file));
	snprintf(buf, WHERE_MAX, "%s:%lu", file, it->lineno);
	return buf;
}

/*
 * "c 1:3, mode 0666, owner 0:0", with "-" for what tmpfiles left out; a
 * link is its target: "l -> 'pts/ptmx'".
 */
static const char *
describe(const struct entry *it, uint64_t k, char *buf)
{
	char mode[8] = "-", uid[16] = "-", gid[16] = "-", nums[48] = "";
	char q[QUOTE_MAX];

	if (it->type == 'l') {
		snprintf(buf, DESCRIBE_MAX, "l -> '%s'", quote(q, it->target,
		    strlen(it->target)));
		return buf;
	}

	if (it->mode_set)
		snprintf(mode, sizeof(mode), "%04o", it->mode);
	if (it->uid_set)
		snprintf(uid, sizeof(uid), "%ju", (uintmax_t)it->uid);
	if (it->gid_set)
		snprintf(gid, sizeof(gid), "%ju", (uintmax_t)it->gid);
	if (is_node(it->type))
		snprintf(nums, sizeof(nums), " %" PRIu64 ":%" PRIu64,
		    it->major, minor_at(it, k));
	snprintf(buf, DESCRIBE_MAX, "%c%s, mode %s, owner %s:%s", it->type,
	    nums, mode, uid, gid);
	return buf;
}

static void
add_conflict(struct checker *c, size_t later, size_t earlier,
    const char *fmt, ...) __attribute__((format(printf, 4, 5)));

static void
add_conflict(struct checker *c, size_t later, size_t earlier,
    const char *fmt, ...)
{
	char msg[2 * WHERE_MAX];
	struct conflict *f;
	va_list ap;

	if (c->nfound == c->cap) {
		size_t cap = c->cap ? c->cap * 2 : 64;

		if ((f = reallocarray(c->found, cap, sizeof(*f))) == NULL) {
			c->nomem = true;
			return;
		}
		c->found = f;
		c->cap = cap;
	}
	va_start(ap, fmt);
	vsnprintf(msg, sizeof(msg), fmt, ap);
	va_end(ap);
	f = &c->found[c->nfound];
	if ((f->msg = strdup(msg)) == NULL) {
		c->nomem = true;
		return;
	}
	f->later = later;
	f->earlier = earlier;
	c->nfound++;
}

/* Items a and b both make one name, as their nodes ka and kb. */
static void
check_same(struct checker *c, size_t a, uint64_t ka, size_t b, uint64_t kb)
{
	const struct entry *x, *y;
	char name[QUOTE_MAX], at[WHERE_MAX], dx[DESCRIBE_MAX], dy[DESCRIBE_MAX];

	if (a < b) {	/* a is to be the later line */
		size_t t = a;
		uint64_t tk = ka;

		a = b;
		b = t;
		ka = kb;
		kb = tk;
	}
	if (a == b || agrees(c, a, ka, b, kb))
		return;
	x = &c->v[a];
	y = &c->v[b];
	if (x->type != y->type)
		add_conflict(c, a, b, "'%s' is a %s here but a %s at %s",
		    item_name(x, ka, name), entry_type_of(x->type)->noun,
		    entry_type_of(y->type)->noun, where(y, at));
	else
		add_conflict(c, a, b, "'%s' is %s here but %s at %s",
		    item_name(x, ka, name), describe(x, ka, dx),
		    describe(y, kb, dy), where(y, at));
}

/* Item a makes a name below node kb of item b, which is no directory. */
static void
check_below(struct checker *c, size_t a, size_t b, uint64_t kb)
{
	const struct entry *x = &c->v[a], *y = &c->v[b];
	char below[QUOTE_MAX], above[QUOTE_MAX], at[WHERE_MAX];

	item_name(x, x->start, below);
	item_name(y, kb, above);
	if (a > b)
		add_conflict(c, a, b, "'%s' is below '%s', a %s at %s", below,
		    above, entry_type_of(y->type)->noun, where(y, at));
	else
		add_conflict(c, b, a, "'%s' is a %s here but %s puts '%s' "
		    "below it", above, entry_type_of(y->type)->noun,
		    where(x, at), below);
}

static int
ref_cmp(const void *pa, const void *pb)
{
	const struct ref *a = pa, *b = pb;
	int r;

	if (a->range != b->range)
		return a->range ? 1 : -1;
	if ((r = strcmp(a->path, b->path)) != 0)
		return r;
	if (a->start != b->start)
		return a->start < b->start ? -1 : 1;
	return a->idx < b->idx ? -1 : a->idx > b->idx;
}

static int
conflict_cmp(const void *pa, const void *pb)
{
	const struct conflict *a = pa, *b = pb;

	if (a->later != b->later)
		return a->later < b->later ? -1 : 1;
	if (a->earlier != b->earlier)
		return a->earlier < b->earlier ? -1 : 1;
	return strcmp(a->msg, b->msg);
}

/* Orders the name s (len bytes, not terminated) against a path. */
static int
name_cmp(const char *s, size_t len, const char *path)
{
	int r = strncmp(s, path, len);

	if (r != 0)
		return r;
	return path[len] == '\0' ? 0 : -1;
}

/*
 * The first position, among the singles or among the ranges, that is not
 * before the key (that is after it, with after).
 */
static size_t
find_pos(const struct checker *c, const char *s, size_t len, bool range,
    uint64_t start, bool after)
{
	size_t lo = range ? c->nsingles : 0, hi = range ? c->n : c->nsingles;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		const struct ref *r = &c->refs[mid];
		int cmp = name_cmp(s, len, r->path);

		if (cmp == 0)
			cmp = start < r->start ? -1 : start > r->start;
		if (cmp > 0 || (cmp == 0 && after))
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo;
}

/* The first item that is the single name s, or NONE. */
static size_t
find_single(const struct checker *c, const char *s, size_t len)
{
	size_t p = find_pos(c, s, len, false, 0, false);

	if (p < c->nsingles && name_cmp(s, len, c->refs[p].path) == 0)
		return c->refs[p].idx;
	return NONE;
}

/* A range of base s whose numbers meet [a, b], or NONE. */
static size_t
find_range(const struct checker *c, const char *s, size_t len, uint64_t a,
    uint64_t b)
{
	size_t p = find_pos(c, s, len, true, b, true);
	const struct ref *r;

	if (p == c->nsingles)
		return NONE;
	r = &c->refs[p - 1];
	if (!r->range || name_cmp(s, len, r->path) != 0)
		return NONE;
	r = &c->refs[r->reach];	/* starts at or before b: ends late enough? */
	return item_last(&c->v[r->idx]) >= a ? r->idx : NONE;
}

/*
 * Whether s[j..len) is a range's number as "%" PRIu64 writes it: digits,
 * no leading zero, at most UINT64_MAX.
 */
static bool
number_at(const char *s, size_t len, size_t j, uint64_t *k)
{
	uint64_t v = 0;

	if (j == 0 || j >= len || len - j > U64_DIGITS ||
	    (s[j] == '0' && len - j > 1))
		return false;
	for (size_t i = j; i < len; i++)
		if (!isdigit((unsigned char)s[i]) ||
		    __builtin_mul_overflow(v, 10, &v) ||
		    __builtin_add_overflow(v, (uint64_t)(s[i] - '0'), &v))
			return false;
	*k = v;
	return true;
}

/*
 * The next range that makes the name s (len bytes), trying shorter bases
 * as *j steps down (start with *j = len); its number in *k, or NONE.
 */
static size_t
next_range_naming(const struct checker *c, const char *s, size_t len,
    size_t *j, uint64_t *k)
{
	size_t r;

	while (*j > 1 && isdigit((unsigned char)s[*j - 1])) {
		(*j)--;
		if (number_at(s, len, *j, k) &&
		    (r = find_range(c, s, *j, *k, *k)) != NONE)
			return r;
	}
	return NONE;
}

/* Ranges a and b make the same names over a's [lo, hi], b's k + shift. */
static void
check_overlap(struct checker *c, size_t a, size_t b, uint64_t lo,
    uint64_t hi, uint64_t shift)
{
	size_t before = c->nfound;

	/* Numbers are linear in k: the ends agree only if all do. */
	check_same(c, a, lo, b, lo + shift);
	if (c->nfound == before)
		check_same(c, a, hi, b, hi + shift);
}

/* Single names: repeated, or made by a range too. */
static void
check_singles(struct checker *c)
{
	size_t first = 0, j, x;
	uint64_t k;

	for (size_t p = 0; p < c->n; p++) {
		const struct ref *r = &c->refs[p];

		if (r->range)
			continue;
		if (p == 0 || c->refs[p - 1].range ||
		    strcmp(c->refs[p - 1].path, r->path) != 0)
			first = p;
		else
			check_same(c, r->idx, 0, c->refs[first].idx, 0);
		j = strlen(r->path);
		while ((x = next_range_naming(c, r->path, strlen(r->path), &j,
		    &k)) != NONE)
			check_same(c, r->idx, 0, x, k);
	}
}

/* Ranges of one base whose numbers overlap. */
static void
check_same_base(struct checker *c)
{
	for (size_t p = 1; p < c->n; p++) {
		const struct ref *r = &c->refs[p], *prev = &c->refs[p - 1];
		const struct entry *x = &c->v[r->idx], *y;
		size_t best;

		if (!r->range || !prev->range ||
		    strcmp(r->path, prev->path) != 0)
			continue;
		best = c->refs[prev->reach].idx;
		y = &c->v[best];
		if (r->start <= item_last(y))
			check_overlap(c, r->idx, best, r->start,
			    item_last(x) < item_last(y) ? item_last(x) :
			    item_last(y), 0);
	}
}

/*
 * Range i, whose base is another base (its first j bytes) and the digits
 * of d: its node k of L digits is that base's k + d * 10^L.
 */
static void
check_digit_split(struct checker *c, size_t i, size_t j, uint64_t d)
{
	const struct entry *it = &c->v[i], *o;
	uint64_t lo = it->start, hi = item_last(it);
	uint64_t from = 0, to = 9, scale = 10, shift, a, b, x, y;
	size_t r;

	for (int l = 1; l < U64_DIGITS && from <= hi; l++) {
		x = lo > from ? lo : from;
		y = hi < to ? hi : to;
		if (x <= y) {
			if (__builtin_mul_overflow(d, scale, &shift) ||
			    __builtin_add_overflow(shift, x, &a))
				return;
			if (__builtin_add_overflow(shift, y, &b))
				b = UINT64_MAX;
			if ((r = find_range(c, it->path, j, a, b)) != NONE) {
				o = &c->v[r];
				a = a > o->start ? a : o->start;
				b = b < item_last(o) ? b : item_last(o);
				check_overlap(c, i, r, a - shift, b - shift,
				    shift);
			}
		}
		if (l + 1 < U64_DIGITS) {
			from = to + 1;
			to = to * 10 + 9;
			scale *= 10;
		}
	}
}

/* Ranges whose base ends in digits, against the shorter bases. */
static void
check_nested_bases(struct checker *c)
{
	uint64_t d;

	for (size_t i = 0; i < c->n; i++) {
		const char *s = c->v[i].path;
		size_t len = strlen(s);

		if (c->v[i].count == 0)
			continue;
		/* digits d start a longer number: no leading zero, not "0" */
		for (size_t j = len; j > 1 && isdigit((unsigned char)s[j - 1]);
		    j--)
			if (s[j - 1] != '0' && number_at(s, len, j - 1, &d))
				check_digit_split(c, i, j - 1, d);
	}
}

/*
 * Names below a name that something other than a directory takes.  In
 * path order, neighbours share their parents: a parent found clean for
 * the last path is not looked up again, and is recognised by comparing
 * only its last component, its own parent being known to match.
 */
static void
check_below_all(struct checker *c)
{
	static const char *clean[CLEAN_DEPTH];
	static size_t clean_len[CLEAN_DEPTH];
	size_t len, prev, j, x, depth;
	bool same, hit;
	uint64_t k;

	memset(clean, 0, sizeof(clean));
	for (size_t p = 0; p < c->n; p++) {
		size_t i = c->refs[p].idx;
		const char *s = c->v[i].path, *sl = strchr(s + 1, '/');

		same = true;
		for (depth = prev = 0; sl != NULL && depth < CLEAN_DEPTH;
		    sl = strchr(sl + 1, '/'), depth++, prev = len) {
			len = j = (size_t)(sl - s);
			same = same && clean[depth] != NULL &&
			    clean_len[depth] == len && memcmp(clean[depth] +
			    prev, s + prev, len - prev) == 0;
			if (same)
				continue;
			hit = false;
			if ((x = find_single(c, s, len)) != NONE &&
			    c->v[x].type != 'd') {
				check_below(c, i, x, 0);
				hit = true;
			}
			while ((x = next_range_naming(c, s, len, &j, &k)) !=
			    NONE) {
				check_below(c, i, x, k);
				hit = true;
			}
			clean[depth] = hit ? NULL : s;
			clean_len[depth] = len;
		}
	}
}

static void
set_reach(struct checker *c)
{
	for (size_t p = 0; p < c->n; p++) {
		struct ref *r = &c->refs[p], *prev = p ? &c->refs[p - 1] : NULL;

		r->reach = p;
		if (r->range && prev != NULL && prev->range &&
		    strcmp(prev->path, r->path) == 0 &&
		    item_last(&c->v[c->refs[prev->reach].idx]) >=
		    item_last(&c->v[r->idx]))
			r->reach = prev->reach;
	}
}

long
table_conflicts(const struct entry *v, size_t n, uid_t new_uid,
    gid_t new_gid, table_conflict_fn *fn, void *ctx)
{
	struct checker c = { v, NULL, n, 0, new_uid, new_gid, NULL, 0, 0,
	    false };
	long count = 0;

	if (n == 0)
		return 0;
	if ((c.refs = calloc(n, sizeof(*c.refs))) == NULL)
		return -1;
	/* An r line adjusts, in table order, what is there: it makes nothing. */
	for (size_t i = c.n = 0; i < n; i++) {
		if (v[i].recursive)
			continue;
		c.refs[c.n].path = v[i].path;
		c.refs[c.n].start = v[i].start;
		c.refs[c.n].idx = i;
		c.refs[c.n].range = v[i].count > 0;
		c.nsingles += v[i].count == 0;
		c.n++;
	}
	qsort(c.refs, c.n, sizeof(*c.refs), ref_cmp);
	set_reach(&c);
	check_singles(&c);
	check_same_base(&c);
	check_nested_bases(&c);
	check_below_all(&c);
	if (!c.nomem && c.nfound > 0)
		qsort(c.found, c.nfound, sizeof(*c.found), conflict_cmp);
	for (size_t i = 0; i < c.nfound; i++) {
		if (!c.nomem && (i == 0 || c.found[i].later !=
		    c.found[i - 1].later || c.found[i].earlier !=
		    c.found[i - 1].earlier)) {
			fn(ctx, &v[c.found[i].later], c.found[i].msg);
			count++;
		}
	}
	for (size_t i = 0; i < c.nfound; i++)
		free(c.found[i].msg);
	free(c.found);
	free(c.refs);
	if (c.nomem) {
		errno = ENOMEM;
		return -1;
	}
	return count;
}

/*
 * The system's user and group databases.  These are the only functions
 * here that look outside their arguments.
 */
#define NSS_BUF_MIN 1024
#define NSS_BUF_MAX (1 << 20)

int
table_getpwnam(void *ctx, const char *name, uid_t *uid)
{
	struct passwd pw, *found = NULL;
	char *buf = NULL, *nbuf;
	size_t size;

	(void)ctx;
	for (size = NSS_BUF_MIN; size <= NSS_BUF_MAX; size *= 2) {
		if ((nbuf = realloc(buf, size)) == NULL)
			break;
		buf = nbuf;
		if (getpwnam_r(name, &pw, buf, size, &found) != ERANGE)
			break;
	}
	if (found != NULL)
		*uid = pw.pw_uid;
	free(buf);
	return found != NULL ? 0 : -1;
}

int
table_getgrnam(void *ctx, const char *name, gid_t *gid)
{
	struct group gr, *found = NULL;
	char *buf = NULL, *nbuf;
	size_t size;

	(void)ctx;
	for (size = NSS_BUF_MIN; size <= NSS_BUF_MAX; size *= 2) {
		if ((nbuf = realloc(buf, size)) == NULL)
			break;
		buf = nbuf;
		if (getgrnam_r(name, &gr, buf, size, &found) != ERANGE)
			break;
	}
	if (found != NULL)
		*gid = gr.gr_gid;
	free(buf);
	return found != NULL ? 0 : -1;
}

const struct table_resolver table_system_resolver = {
	table_getpwnam, table_getgrnam, NULL, NULL
};

const char *
table_searched(const struct table_resolver *res, bool group)
{
	const char *s = res != NULL && res->searched != NULL ?
	    res->searched(res->ctx, group) : NULL;

	return s != NULL ? s : "";
}
