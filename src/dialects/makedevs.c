/*
 * makedevs.c - the makedevs dialect, as busybox and buildroot read it
 * (miscutils/makedevs.c, package/makedevs/makedevs.c):
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
 * buildroot's "|xattr CAPABILITIES" line adds file capabilities to the
 * f or F line above it (read_attachment).
 *
 * genext2fs's l (its manual: "Symbolic link") names no target: genext2fs
 * gives the link already in the image the line's owner (and, which Linux
 * ignores, its mode).  So it is an entry of a link named without a target
 * (entry.h, existing): the link there gets the owner; a missing one is a
 * failure (genext2fs would make a link to "", which devtool does not).
 * See dialect.h.
 */
#include <assert.h>
#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "base/path.h"
#include "base/text.h"
#include "codec/host.h"
#include "dialects/fields.h"
#include "entry/validate.h"

#define MAKEDEVS_FIELDS 10
#define MAKEDEVS_MODE 0755	/* busybox's default, for every type */
#define XATTR_MAX 255		/* an |xattr word: buildroot reads %254s */

/* A makedevs field as a C string; the path never goes through here. */
static int
field_copy(struct fields_span w, char *buf, const char *what, struct dt_diag *d)
{
	char q[QUOTE_MAX];

	if (w.len >= FIELDS_TEXT_MAX)
		return dt_error(d, "%s '%s' is too long (%zu bytes)", what,
		    dt_quote_word(q, sizeof(q), w.p, w.len), w.len);
	memcpy(buf, w.p, w.len);
	buf[w.len] = '\0';
	return 0;
}

/*
 * A makedevs type: busybox's c b p d f, buildroot's F (an f whose file
 * may be missing) and r (a d for a whole existing tree), genext2fs's s
 * and l (the owner of a link that exists).
 */
static int
makedevs_type(const char *s, struct entry *e, struct dt_diag *d)
{
	if (s[0] == 'F')
		e->type = 'f';
	else if (s[0] == 'r')
		e->type = 'd';
	else if (s[0] == 'l')
		e->type = 'l';
	else
		e->type = fields_type(&makedevs_dialect, s[0]);
	if (strlen(s) != 1 || e->type == '\0')
		return fields_bad_type(&makedevs_dialect, s, d);
	e->optional = s[0] == 'F';
	e->recursive = s[0] == 'r';
	e->existing = s[0] == 'l';
	e->mode = e->existing ? 0777 : MAKEDEVS_MODE;	/* Linux's, a link's */
	e->mode_set = true;
	return 0;
}

/*
 * Octal, or "-" for the default; buildroot's -1 keeps the mode of what
 * exists (f, F, r, and d as its code does), which a new entry cannot do.
 * A link's is read and dropped: Linux gives every link 0777.
 */
static int
makedevs_mode(const char *s, struct entry *e, struct dt_diag *d)
{
	unsigned ignored;

	if (e->existing)
		return fields_is_dash(s) || strcmp(s, "-1") == 0 ? 0 :
		    fields_mode(s, strlen(s), &ignored, d);
	if (strcmp(s, "-1") != 0)
		return fields_is_dash(s) ? 0 : fields_mode(s, strlen(s), &e->mode, d);
	if (e->type != 'd' && e->type != 'f')
		return dt_error(d, "mode -1 (keep the mode) is only for d, f, "
		    "F and r: a new %s needs a mode",
		    entry_type_of(e->type)->noun);
	/* what a new directory gets, as a tmpfiles '-' (entry.h) */
	e->mode = e->type == 'd' ? 0755 : 0644;
	e->mode_set = false;
	return 0;
}

/*
 * The common line (parse_plain) is read on a cursor over its bytes: each
 * field parsed where it is met, in the pass that finds its end, and
 * nothing copied but the path.
 */
struct plain {
	const unsigned char *s, *end;
};

/* To the next field: false at the end of the line or at a comment. */
static inline bool
plain_next(struct plain *c)
{
	while (c->s < c->end && dialect_space((char)*c->s))
		c->s++;
	return c->s < c->end && *c->s != '#';
}

/*
 * Past the end of the field just read: 1 at the next field, 0 at the end
 * of the line or a comment, -1 when the field does not end at white
 * space (it was not what it looked like: "12x", "-5").
 */
static inline int
plain_after(struct plain *c)
{
	if (c->s == c->end)
		return 0;
	if (!dialect_space((char)*c->s))
		return -1;
	c->s++;
	return plain_next(c);
}

/*
 * A field of at most digits digits below base (8 or 10), its value at
 * most max: 1 with *v; 0 for "-" (*v untouched); -1 for anything else
 * (plain_after finds the rest of a field that only starts so), which
 * parse_makedevs reads and names.  At most 19 decimal digits: no
 * overflow.
 */
static inline int
plain_number(struct plain *c, unsigned base, size_t digits, uint64_t max,
    uint64_t *v)
{
	const unsigned char *start = c->s;
	uint64_t x = 0;
	unsigned d;

	if (*c->s == '-') {
		c->s++;
		return 0;
	}
	while (c->s < c->end && (d = *c->s - (unsigned)'0') < base) {
		x = x * base + d;
		c->s++;
	}
	if (c->s == start || (size_t)(c->s - start) > digits || x > max)
		return -1;
	*v = x;
	return 1;
}

/*
 * The path field, to the first byte that is white space or a control
 * byte, when path_is_normal says it is in normal form as it stands (so
 * that path_normal would give it back unchanged): copied into path,
 * true.  Anything else is parse_makedevs's, which normalises or names
 * it.
 */
static inline bool
plain_path(struct plain *c, char *path)
{
	const unsigned char *start = c->s;
	size_t n;

	while (c->s < c->end && *c->s > ' ')
		c->s++;
	n = (size_t)(c->s - start);
	if (!path_is_normal((const char *)start, n))
		return false;
	memcpy(path, start, n);
	path[n] = '\0';
	return true;
}

/*
 * The common line, read in one pass over its bytes: a path in normal
 * form, a type of c b p d f or s, a mode of octal digits or "-", owners
 * and numbers of decimal digits or "-", at most ten fields.  1 with e
 * and path as parse_makedevs sets them; 0 for any other line, error or
 * not, which parse_makedevs then reads (and names what is wrong) as
 * before.  Nothing is written to e unless it returns 1.
 */
static int
parse_plain(const char *line, size_t len, struct entry *e, char *path)
{
	static const uint64_t max[5] = { DT_HOST_MAJOR_MAX,
	    DT_HOST_MINOR_MAX, UINT64_MAX, UINT64_MAX, UINT64_MAX };
	struct plain c = { (const unsigned char *)line,
	    (const unsigned char *)line + len };
	uint64_t num[5] = { 0 }, id[2] = { 0, 0 }, mode = MAKEDEVS_MODE;
	unsigned have = 0;
	size_t i;
	char type;
	int more, rc;

	if (!plain_next(&c) || !plain_path(&c, path) || plain_after(&c) <= 0)
		return 0;
	type = (char)*c.s++;
	if (type != 'c' && type != 'b' && type != 'p' && type != 'd' &&
	    type != 'f' && type != 's')
		return 0;
	if ((more = plain_after(&c)) > 0 && (plain_number(&c, 8, 5, 07777,
	    &mode) < 0 || (more = plain_after(&c)) < 0))
		return 0;
	for (i = 0; i < 2 && more > 0; i++)
		if (plain_number(&c, 10, 19, ID_MAX, &id[i]) < 0 ||
		    (more = plain_after(&c)) < 0)
			return 0;
	for (i = 0; i < 5 && more > 0; i++) {
		if ((rc = plain_number(&c, 10, 19, max[i], &num[i])) < 0 ||
		    (more = plain_after(&c)) < 0)
			return 0;
		have |= (unsigned)rc << i;
	}
	if (more != 0)
		return 0;	/* too many fields, or a bad one: said below */
	if ((type == 'c' || type == 'b') && (have & 3) != 3)
		return 0;
	e->path = path;
	e->type = type;
	e->mode = (unsigned)mode;
	e->mode_set = true;
	e->uid = (uid_t)id[0];
	e->gid = (gid_t)id[1];
	e->uid_set = e->gid_set = true;
	e->major = num[0];
	e->minor = num[1];
	e->start = num[2];
	e->inc = num[3];
	e->count = num[4];
	return 1;
}

static int
parse_makedevs(const char *line, size_t len,
    const struct id_resolver *res, struct entry *e, char *path,
    struct dt_diag *d)
{
	static const char names[MAKEDEVS_FIELDS][8] = { "path", "type",
	    "mode", "uid", "gid", "major", "minor", "start", "inc", "count" };
	struct fields_span w[MAKEDEVS_FIELDS];
	char text[MAKEDEVS_FIELDS][FIELDS_TEXT_MAX];
	uint64_t *num[] = { &e->major, &e->minor, &e->start, &e->inc,
	    &e->count };
	bool have[5] = { false };
	size_t n, i;

	if (fields_split(line, len, NULL, w, MAKEDEVS_FIELDS, &n, d) != 0)
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
	if (fields_owner(false, n > 3 ? text[3] : NULL,
	    n > 4 ? text[4] : NULL, res, e, d) != 0)
		return -1;
	for (i = 5; i < n; i++) {
		uint64_t max = i == 5 ? DT_HOST_MAJOR_MAX :
		    i == 6 ? DT_HOST_MINOR_MAX : UINT64_MAX;

		if (fields_is_dash(text[i]))
			continue;
		if (fields_decimal(text[i], names[i], max, num[i - 5], d) != 0)
			return -1;
		have[i - 5] = true;
	}
	if (entry_has_numbers(e) && (!have[0] || !have[1]))
		return dt_error(d, "%c needs MAJOR and MINOR", e->type);
	/* busybox makes everything with its owner */
	e->uid_set = e->gid_set = true;
	return 1;
}

/*
 * A line that starts with '|' (after white space), as makedevs_attachment
 * reads it.  (Not inlined: its frame is not set up for every line.)
 */
static __attribute__((noinline)) int
xattr_line(const char *line, size_t len, char *value, struct dt_diag *d)
{
	static const char tag[] = "|xattr";
	struct fields_span w[3];
	size_t n;

	if (fields_split(line, len, NULL, w, 3, &n, d) != 0 || n == 0 ||
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
	return entry_caps_check(value, d) != 0 ? -1 : 1;
}

/* "|xattr CAPABILITIES" (dialect.h, read_attachment). */
static int
makedevs_attachment(const char *line, size_t len, char *value,
    struct dt_diag *d)
{
	size_t i = 0;

	if (len > 0 && line[len - 1] == '\n')
		len--;
	/* every line is asked: one that does not start so is not split */
	while (i < len && dialect_space(line[i]))
		i++;
	if (i == len || line[i] != '|')
		return 0;
	return xattr_line(line, len, value, d);
}

/*
 * makedevs cannot quote, so a path with white space or a control
 * character is refused.  Busybox stops reading a line at its first "-",
 * so "-" is only written where every field after it is "-" too.
 * buildroot's r, F and -1 are written back as they were read.
 */
static int
makedevs_write(const struct entry *e, const char *note, struct dt_buf *out,
    struct dt_diag *d)
{
	uint64_t v[5] = { e->major, e->minor, e->start, e->inc, e->count };
	int last = entry_has_numbers(e) ? 1 : -1;
	char q[QUOTE_MAX];
	char type = fields_letter(&makedevs_dialect, e->type);

	assert(note == NULL);	/* dialect.h: not DIALECT_NOTE_WRITER */
	for (const unsigned char *s = (const unsigned char *)e->path;
	    *s != '\0'; s++)
		if (*s <= ' ' || *s == 0x7f)
			return dt_error(d, "path '%s' has white space or a "
			    "control character, which a makedevs table cannot hold; "
			    "use the tmpfiles dialect",
			    dt_quote_word(q, sizeof(q), e->path,
			    strlen(e->path)));
	if (fields_owner_words(e, "a makedevs table", d) != 0)
		return -1;
	if (e->recursive)
		type = 'r';
	else if (e->optional)
		type = 'F';
	else if (e->existing)
		type = 'l';
	for (int i = 0; i < 5; i++)
		if (v[i] != 0 && i > last)
			last = i;
	dt_buf_adds(out, e->path);
	dt_buf_addc(out, '\t');
	dt_buf_addc(out, type);
	dt_buf_addc(out, '\t');
	if (!e->mode_set && (e->type == 'd' || e->type == 'f'))
		dt_buf_adds(out, "-1");
	else
		dt_buf_addo(out, e->mode, 4);
	dt_buf_addc(out, '\t');
	fields_put_owner(out, e, false);
	dt_buf_addc(out, '\t');
	fields_put_owner(out, e, true);
	for (int i = 0; i < 5; i++) {
		dt_buf_addc(out, '\t');
		if (i <= last)
			dt_buf_addu(out, v[i]);
		else
			dt_buf_addc(out, '-');
	}
	/* buildroot's capabilities: a |xattr line each, under the file's */
	for (const char *c = e->caps; c != NULL && *c != '\0'; ) {
		size_t n = strcspn(c, " ");

		if (n > 0) {
			dt_buf_adds(out, "\n|xattr ");
			dt_buf_add(out, c, n);
		}
		c += n + (c[n] == ' ');
	}
	return 0;
}

/* A makedevs line starts with its path. */
static enum dialect_bid
makedevs_bid(const char *line, size_t len)
{
	return dialect_bid_opening(line, len, '/');
}

/* A '/' in its first word: a makedevs line with a relative path. */
static bool
makedevs_looks_like(const char *line, size_t len)
{
	return fields_slash_in_word(line, len, 0);
}

static int
makedevs_read(struct dialect_reader *r, const char *line, size_t len,
    struct entry *out, char *path, struct dt_diag *d)
{
	int rc = parse_plain(line, len, out, path);

	if (rc == 0)
		rc = parse_makedevs(line, len, r->res, out, path, d);
	/* either way the path is path_normal's */
	return fields_line_read_normal(rc, out, d);
}

const struct dialect makedevs_dialect = {
	.name = "makedevs",
	.types = "cbpdfs",	/* busybox has no links; s is genext2fs's */
	/* buildroot's: an f or d with more; genext2fs's: a link's owner */
	.extra_letters = "Frl",
	.can = DIALECT_CAN_RANGES | DIALECT_CAN_NAMES | DIALECT_CAN_KEEP |
	    DIALECT_CAN_RECURSIVE | DIALECT_CAN_OPTIONAL | DIALECT_CAN_CAPS |
	    DIALECT_CAN_SETID | DIALECT_CAN_COMMENTS |
	    DIALECT_CAN_EXISTING_LINK,
	.note = DIALECT_NOTE_TRAILING,
	.bid_line = makedevs_bid,
	.looks_like = makedevs_looks_like,
	.read_line = makedevs_read,
	.read_attachment = makedevs_attachment,
	.write = makedevs_write,
};
