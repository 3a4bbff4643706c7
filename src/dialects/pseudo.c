/*
 * pseudo.c - mksquashfs's pseudo definitions ("Pseudo file support"
 * in squashfs-tools' README; mksquashfs -pf), read and written:
 *
 *	<name> d <mode> <uid> <gid>
 *	<name> b|c <mode> <uid> <gid> <major> <minor>
 *	<name> s <mode> <uid> <gid> <target>
 *	<name> i <mode> <uid> <gid> s|f		(socket, FIFO)
 *
 * and D B C S I, the same with a time after the letter: a number of
 * seconds since 1970, or a date string that mksquashfs hands to date(1),
 * such as "1 jan 1980" (quoted, or with backslashed spaces).  devtool's
 * entries keep no times, so the time is read and dropped: a number must
 * be squashfs's (32 bits), a date string is taken unchecked, as devtool
 * runs no date(1).  The name (and a date) may be quoted ("a b") and a
 * backslash takes the next byte as it is, as squashfs-tools 4.5 reads
 * them; a leading '/' is dropped.  A link's
 * target is the rest of the line, as it is (a '#' in it too: only a
 * line that starts with '#' is a comment, as mksquashfs reads them).  mode is octal, uid and gid
 * a number or a name, the numbers decimal.  m and M (mode and owner of a
 * file from the source directory), f F R (a file's content), l L (hard
 * links) and x (extended attributes) are refused, naming why.
 */
#include <assert.h>
#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "base/text.h"
#include "codec/host.h"
#include "dialects/fields.h"

#define FIELDS 8

#define TIME_MAX 4294967295u	/* squashfs keeps a time in 32 bits */

/*
 * A name or a date (what is): quotes and backslashes as squashfs-tools
 * reads them, into out (PATH_MAX bytes); its length, or -1.
 */
static int
quoted_word(const char *line, size_t len, size_t *i, char *out,
    const char *what, struct dt_diag *d)
{
	bool quoted = false;
	size_t n = 0;

	while (*i < len && dialect_space(line[*i]))
		(*i)++;
	for (; *i < len && (quoted || !dialect_space(line[*i])); (*i)++) {
		char c = line[*i];

		if (c == '"') {
			quoted = !quoted;
			continue;
		}
		if (c == '\\' && ++*i == len)
			return dt_error(d, "'\\' at the end of the line");
		if (n + 1 >= PATH_MAX)
			return dt_error(d, "%s is too long (at most %d bytes)",
			    what, PATH_MAX - 1);
		out[n++] = line[*i];
	}
	if (quoted)
		return dt_error(d, "unterminated \" quote");
	out[n] = '\0';
	return (int)n;
}

static int
refuse_type(char type, struct dt_diag *d)
{
	char q[QUOTE_MAX];

	dt_quote_word(q, sizeof(q), &type, 1);
	switch (type) {
	case 'm': case 'M':
		return dt_error(d, "type '%s' changes a file of mksquashfs's "
		    "source directory, which devtool has not", q);
	case 'f': case 'F': case 'R':
		return dt_error(d, "type '%s' is a file with content, which "
		    "devtool does not make", q);
	case 'l': case 'L':
		return dt_error(d, "type '%s' (a hard link) is not supported",
		    q);
	default:
		return dt_error(d, "type '%s' is not one of d b c s i D B C S I",
		    q);
	}
}

/* mode uid gid from w[0..2] into e; names through res. */
static int
mode_owner(const struct fields_span *w, const struct id_resolver *res,
    struct entry *e, struct dt_diag *d)
{
	uint32_t id[2];

	if (fields_mode(w[0].p, w[0].len, &e->mode, d) != 0)
		return -1;
	for (int k = 0; k < 2; k++) {
		char name[256];

		if (w[1 + k].p[0] >= '0' && w[1 + k].p[0] <= '9') {
			if (fields_id(w[1 + k].p, w[1 + k].len, k ? "gid" :
			    "uid", &id[k], d) != 0)
				return -1;
			continue;
		}
		snprintf(name, sizeof(name), "%.*s", (int)w[1 + k].len,
		    w[1 + k].p);
		if (ids_name(res, name, k == 1, &id[k], d) != 0)
			return -1;
	}
	e->uid = (uid_t)id[0];
	e->gid = (gid_t)id[1];
	e->mode_set = e->uid_set = e->gid_set = true;
	return 0;
}

/*
 * The time of D B C S I, at line[*i] (read and dropped, see above): a
 * whole decimal of 32 bits, or a date string; *i past it.
 */
static int
skip_time(const char *line, size_t len, size_t *i, char letter,
    struct dt_diag *d)
{
	char word[PATH_MAX], q[QUOTE_MAX];
	size_t at = *i, a, digits;
	uint64_t t = 0;
	int n;

	if (!fields_word(line, len, &at, &a))
		return dt_error(d, "type '%c' takes a time after it", letter);
	if ((n = quoted_word(line, len, i, word, "time", d)) < 0)
		return -1;
	if (n == 0)
		return dt_error(d, "an empty time");
	digits = strspn(word, "0123456789");
	if (digits != (size_t)n)
		return 0;	/* a date string: date(1)'s, unchecked */
	for (size_t k = 0; k < digits && t <= TIME_MAX; k++)
		t = t * 10 + (uint64_t)(word[k] - '0');
	if (t > TIME_MAX)
		return dt_error(d, "time '%s' is out of range (0-%u, seconds "
		    "since 1970 in 32 bits)", dt_quote_word(q, sizeof(q), word,
		    (size_t)n), TIME_MAX);
	return 0;
}

/* The fields after the type: [time] mode uid gid, then the type's. */
static int
fields_after_type(const char *line, size_t len, size_t i, char letter,
    const struct id_resolver *res, struct entry *e, char *path,
    struct dt_diag *d)
{
	struct fields_span w[FIELDS] = { { "", 0 }, { "", 0 }, { "", 0 },
	    { "", 0 }, { "", 0 }, { "", 0 }, { "", 0 }, { "", 0 } };
	size_t n = 0, a, timed = letter >= 'A' && letter <= 'Z';
	size_t want = 3 + (entry_has_numbers(e) ? 2 : e->type == 'd' ? 0 : 1);
	/* a link's target is the rest of the line: not a word */
	size_t words = want - (e->type == 'l');
	const struct fields_span *v = w + 3;
	char q[QUOTE_MAX];

	if (timed && skip_time(line, len, &i, letter, d) != 0)
		return -1;
	for (; n < words && fields_word(line, len, &i, &a); n++)
		w[n] = (struct fields_span){ line + a, i - a };
	while (e->type == 'l' && i < len && dialect_space(line[i]))
		i++;
	if (n < words || (e->type == 'l' && i == len))
		return dt_error(d, "type '%c' takes %zu fields after it, not "
		    "fewer", letter, want + timed);
	if (e->type != 'l' && fields_word(line, len, &i, &a))
		return dt_error(d, "type '%c' takes %zu fields after it, not "
		    "more", letter, want + timed);
	if (mode_owner(w, res, e, d) != 0)
		return -1;
	if (entry_has_numbers(e))
		return fields_number(v[0].p, v[0].len, "major",
		    DT_HOST_MAJOR_MAX, &e->major, d) != 0 ||
		    fields_number(v[1].p, v[1].len, "minor", DT_HOST_MINOR_MAX,
		    &e->minor, d) != 0 ? -1 : 0;
	if (e->type == 'l') {
		/*
		 * As it is, a '#' too: mksquashfs takes only a line that
		 * starts with '#' for a comment.
		 */
		if (len - i >= PATH_MAX)
			return dt_error(d, "link target is too long");
		memcpy(path + PATH_MAX, line + i, len - i);
		path[PATH_MAX + len - i] = '\0';
		fields_link(e, path + PATH_MAX);
		return 0;
	}
	if (e->type != 'd' && (v[0].len != 1 || (v[0].p[0] != 's' &&
	    v[0].p[0] != 'f')))
		return dt_error(d, "'%s' after i is not s (socket) or f (FIFO)",
		    dt_quote_word(q, sizeof(q), v[0].p, v[0].len));
	if (e->type != 'd')
		e->type = v[0].p[0] == 'f' ? 'p' : 's';
	return 0;
}

static int
pseudo_parse(const char *line, size_t len, const struct id_resolver *res,
    struct entry *e, char *path, struct dt_diag *d)
{
	static const char from[] = "dbcsiDBCSI", to[] = "dbclsdbcls";
	char name[PATH_MAX], q[QUOTE_MAX];
	size_t i = 0, a;
	int n;
	const char *hit;

	if (!fields_word(line, len, &i, &a))
		return 0;
	i = 0;
	if ((n = quoted_word(line, len, &i, name, "name", d)) < 0)
		return -1;
	if (!fields_word(line, len, &i, &a))
		return dt_error(d, "missing type after the name");
	if (i - a != 1)
		return dt_error(d, "type '%s' is not one of d b c s i D B C S I",
		    dt_quote_word(q, sizeof(q), line + a, i - a));
	if ((hit = strchr(from, line[a])) == NULL || line[a] == '\0')
		return refuse_type(line[a], d);
	/* i is a socket or a FIFO: fields_after_type() says which */
	e->type = to[hit - from];
	if (fields_path(name, (size_t)n, path, d) != 0)
		return -1;
	e->path = path;
	if (fields_after_type(line, len, i, line[a], res, e, path, d) != 0)
		return -1;
	return 1;
}

/*
 * A name as squashfs-tools reads it back: a backslash before what splits.
 * A name at the top that is a gen_init_cpio keyword ("dir") is quoted, so
 * that a first line of it is not taken for gen_init_cpio's, and so is the
 * top directory, "/": unquoted, its line has a makedevs line's shape (a
 * listing of the top alone would be read as makedevs).
 */
static void
put_pseudo_name(struct dt_buf *out, const char *s)
{
	if (s[1] == '\0') {	/* the top directory */
		dt_buf_adds(out, "\"/\"");
		return;
	}
	if (fields_cpio_keyword(s + 1, strlen(s + 1))) {
		dt_buf_addc(out, '"');
		dt_buf_adds(out, s + 1);
		dt_buf_addc(out, '"');
		return;
	}
	for (s++; *s != '\0'; s++) {
		if (dialect_space(*s) || strchr("\"\\#", *s) != NULL)
			dt_buf_addc(out, '\\');
		dt_buf_addc(out, *s);
	}
}

static const char *
bad_text(const struct entry *e)
{
	if (strchr(e->path, '\n') != NULL)
		return "path";
	if (e->target != NULL && (strchr(e->target, '\n') != NULL ||
	    dialect_space(e->target[0])))
		return "link target";
	return NULL;
}

static int
pseudo_write(const struct entry *e, const char *note, struct dt_buf *out,
    struct dt_diag *d)
{
	const char *bad = bad_text(e);
	char q[QUOTE_MAX];

	assert(note == NULL);	/* dialect.h: not DIALECT_NOTE_WRITER */
	if (fields_no_ranges(e, "a pseudo file", d) != 0)
		return -1;
	if (bad != NULL)
		return dt_error(d, "%s '%s' has a newline, or starts with white "
		    "space, which a pseudo file cannot hold", bad,
		    dt_quote_word(q, sizeof(q),
		    bad[0] == 'p' ? e->path : e->target,
		    strlen(bad[0] == 'p' ? e->path : e->target)));
	if (fields_owner_words(e, "a pseudo file", d) != 0)
		return -1;
	put_pseudo_name(out, e->path);
	dt_buf_addc(out, ' ');
	if (e->type == 'l')
		dt_buf_addc(out, 's');
	else if (e->type == 's' || e->type == 'p')
		dt_buf_addc(out, 'i');
	else
		dt_buf_addc(out, e->type);
	dt_buf_addc(out, ' ');
	dt_buf_addo(out, e->mode, 4);
	dt_buf_addc(out, ' ');
	fields_put_owner(out, e, false);
	dt_buf_addc(out, ' ');
	fields_put_owner(out, e, true);
	if (e->type != 'd')
		dt_buf_addc(out, ' ');
	if (entry_has_numbers(e)) {
		dt_buf_addu(out, e->major);
		dt_buf_addc(out, ' ');
		dt_buf_addu(out, e->minor);
	} else if (e->type == 'l')
		dt_buf_adds(out, e->target);
	else if (e->type != 'd')
		dt_buf_addc(out, e->type == 'p' ? 'f' : 's');
	return 0;
}

static int
pseudo_read(struct dialect_reader *r, const char *line, size_t len,
    struct entry *out, char *path, struct dt_diag *d)
{
	return fields_line_read(pseudo_parse(line, len, r->res, out, path, d),
	    out, d);
}

/*
 * A name and a one-letter type of pseudo's: a relative name (makedevs
 * needs an absolute one), or an absolute one with what only a pseudo line
 * says (the man page, "Telling the dialects apart"): a type makedevs has
 * not (not F: buildroot's makedevs has it too; nor l, genext2fs's), or s
 * with a target.
 */
static enum dialect_bid
pseudo_bid(const char *line, size_t len)
{
	size_t i = 0, a, c = 0, n = 0, words;
	char type = '\0';

	if (!fields_first_word(line, len, &i, &a))
		return DIALECT_BID_NONE;
	for (words = 1; fields_word(line, len, &i, &c); words++)
		if (words == 1) {
			n = i - c;
			type = line[c];
		}
	if (n != 1 || strchr("bcdsimlLDMBCFSIR", type) == NULL)
		return DIALECT_BID_NONE;
	if (line[a] != '/')
		return DIALECT_BID_WORD;
	if (strchr("imLDMBCSIR", type) != NULL || (type == 's' && words == 6))
		return DIALECT_BID_WORD;
	return DIALECT_BID_NONE;
}

const struct dialect pseudo_dialect = {
	.name = "pseudo",
	/* a file's line is a command that writes it */
	.types = "cbpdls",
	.can = DIALECT_CAN_NAMES | DIALECT_CAN_SETID | DIALECT_CAN_COMMENTS,
	.needs_parents = true,
	.first_line_only = true,	/* makedevs's shape: dialect.h */
	.note = DIALECT_NOTE_LINE,
	.bid_line = pseudo_bid,
	.read_line = pseudo_read,
	.write = pseudo_write,
};
