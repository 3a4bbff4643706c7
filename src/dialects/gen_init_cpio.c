/*
 * gen_init_cpio.c - the kernel's gen_init_cpio list (usr/gen_init_cpio.c,
 * Documentation/driver-api/early-userspace), read and written:
 *
 *	dir <name> <mode> <uid> <gid>
 *	nod <name> <mode> <uid> <gid> <dev_type> <maj> <min>
 *	slink <name> <target> <mode> <uid> <gid>
 *	pipe <name> <mode> <uid> <gid>
 *	sock <name> <mode> <uid> <gid>
 *	file <name> <location> <mode> <uid> <gid> [<hard links>]
 *
 * Words are split on blanks, as gen_init_cpio's strtok and sscanf "%s"
 * do, so a name has no escapes; a line that starts with '#' is a
 * comment, a '#' later is a byte of its word (a word starting with '#'
 * after all of a line's fields starts a trailing comment); a leading '/' is dropped, as
 * gen_init_cpio does, and every name is from the top.  mode is octal, uid,
 * gid and the numbers decimal.  A file line is an f entry: its mode and
 * owner, for a file that must exist (its location is not read); one
 * with hard links is refused.  See fields.h.
 */
#include <assert.h>
#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "codec/host.h"
#include "dialects/fields.h"
#include "entry/validate.h"

#define WORDS 9

struct word {
	const char *p;
	size_t len;
};

static const struct {
	const char *word;
	char type;
	size_t fields;		/* with the keyword */
} lines[] = {
	{ "dir", 'd', 5 }, { "nod", 'c', 8 }, { "slink", 'l', 6 },
	{ "pipe", 'p', 5 }, { "sock", 's', 5 }, { "file", 'f', 6 },
};

#define NLINES (sizeof(lines) / sizeof(lines[0]))

/* mode uid gid from w[0..2] into e. */
static int
mode_owner(const struct word *w, struct entry *e, struct dt_diag *d)
{
	uint32_t uid, gid;

	if (fields_mode(w[0].p, w[0].len, &e->mode, d) != 0 ||
	    fields_id(w[1].p, w[1].len, "uid", &uid, d) != 0 ||
	    fields_id(w[2].p, w[2].len, "gid", &gid, d) != 0)
		return -1;
	e->uid = (uid_t)uid;
	e->gid = (gid_t)gid;
	e->mode_set = e->uid_set = e->gid_set = true;
	return 0;
}

/* nod's <dev_type> <maj> <min>. */
static int
numbers(const struct word *w, struct entry *e, struct dt_diag *d)
{
	char q[QUOTE_MAX];

	if (w[0].len != 1 || (w[0].p[0] != 'c' && w[0].p[0] != 'b'))
		return dt_error(d, "nod type '%s' is not c or b",
		    fields_quote(q, w[0].p, w[0].len));
	e->type = w[0].p[0];
	return fields_number(w[1].p, w[1].len, "major", DT_HOST_MAJOR_MAX,
	    &e->major, d) != 0 || fields_number(w[2].p, w[2].len, "minor",
	    DT_HOST_MINOR_MAX, &e->minor, d) != 0 ? -1 : 0;
}

/*
 * The next word after the first, as gen_init_cpio's strtok and sscanf
 * read one: a '#' in it or at its start is a byte of it (a link's target
 * "#x"), as only a line that starts with '#' is a comment.
 */
static bool
next_word(const char *line, size_t len, size_t *i, size_t *start)
{
	while (*i < len && dialect_space(line[*i]))
		(*i)++;
	if (*i == len)
		return false;
	*start = *i;
	while (*i < len && !dialect_space(line[*i]))
		(*i)++;
	return true;
}

static int
initramfs_parse(const char *line, size_t len, struct entry *e, char *path,
    struct dt_diag *d)
{
	struct word w[WORDS];
	size_t n = 0, i = 0, a, k;
	char q[QUOTE_MAX];

	for (k = 0; k < WORDS; k++)
		w[k] = (struct word){ "", 0 };

	if (!fields_word(line, len, &i, &a))
		return 0;	/* blank, or a comment */
	do
		if (n++ < WORDS)
			w[n - 1] = (struct word){ line + a, i - a };
	while (next_word(line, len, &i, &a));
	for (k = 0; k < NLINES; k++)
		if (strlen(lines[k].word) == w[0].len &&
		    memcmp(lines[k].word, w[0].p, w[0].len) == 0)
			break;
	if (k == NLINES)
		return dt_error(d, "'%s' is not one of dir, nod, slink, pipe, "
		    "sock, file", fields_quote(q, w[0].p, w[0].len));
	/* a word starting with '#' after all of a line's: a comment */
	if (n > lines[k].fields && w[lines[k].fields].p[0] == '#')
		n = lines[k].fields;
	if (lines[k].type == 'f' && n > lines[k].fields)
		return dt_error(d, "file with hard links is not supported");
	if (n != lines[k].fields)
		return dt_error(d, "%s takes %zu fields, not %zu", lines[k].word,
		    lines[k].fields - 1, n - 1);
	e->type = lines[k].type;
	if (fields_path(w[1].p, w[1].len, path, d) != 0)
		return -1;
	e->path = path;
	/* dir, pipe, sock and nod: mode at 2; slink and file: at 3 */
	k = e->type == 'l' || e->type == 'f' ? 3 : 2;
	if (mode_owner(w + k, e, d) != 0 ||
	    (e->type == 'c' && numbers(w + 5, e, d) != 0))
		return -1;
	if (e->type == 'l') {
		if (w[2].len >= PATH_MAX)
			return dt_error(d, "link target is too long");
		memcpy(path + PATH_MAX, w[2].p, w[2].len);
		path[PATH_MAX + w[2].len] = '\0';
		fields_link(e, path + PATH_MAX);
	}
	return 1;
}

/* gen_init_cpio reads words: no white space, no control character. */
static int
plain(const char *s, const char *what, struct dt_diag *d)
{
	char q[QUOTE_MAX];

	for (const unsigned char *u = (const unsigned char *)s; *u != '\0';
	    u++)
		if (*u <= ' ' || *u == 0x7f)
			return dt_error(d, "%s '%s' has white space or a control "
			    "character, which a gen_init_cpio list cannot hold",
			    what, fields_quote(q, s, strlen(s)));
	return 0;
}

static int
initramfs_format(const struct entry *e, struct dt_buf *out,
    struct dt_diag *d)
{
	const char *word = NULL;

	if (fields_no_ranges(e, "a gen_init_cpio list", d) != 0 ||
	    plain(e->path, "path", d) != 0 ||
	    (e->target != NULL && plain(e->target, "link target", d) != 0))
		return -1;
	for (size_t k = 0; k < NLINES; k++)
		if (lines[k].type == e->type || (e->type == 'b' &&
		    lines[k].type == 'c'))
			word = lines[k].word;
	dt_buf_adds(out, word);
	dt_buf_addc(out, ' ');
	dt_buf_adds(out, e->path);
	dt_buf_addc(out, ' ');
	if (e->type == 'l') {
		dt_buf_adds(out, e->target);
		dt_buf_addc(out, ' ');
	}
	dt_buf_addo(out, e->mode, 4);
	dt_buf_addc(out, ' ');
	dt_buf_addu(out, e->uid);
	dt_buf_addc(out, ' ');
	dt_buf_addu(out, e->gid);
	if (entry_has_numbers(e)) {
		dt_buf_addc(out, ' ');
		dt_buf_addc(out, e->type);
		dt_buf_addc(out, ' ');
		dt_buf_addu(out, e->major);
		dt_buf_addc(out, ' ');
		dt_buf_addu(out, e->minor);
	}
	return 0;
}

static int
gen_init_cpio_read(struct dialect_reader *r, const char *line, size_t len,
    struct entry *out, char *path, struct dt_diag *d)
{
	int rc;

	(void)r;
	rc = initramfs_parse(line, len, out, path, d);
	return rc == 1 && entry_validate(out, d) != 0 ? -1 : rc;
}

/* A line that starts with one of its keywords is one. */
static enum dialect_bid
gen_init_cpio_bid(const char *line, size_t len)
{
	size_t i = 0, a;

	return fields_first_word(line, len, &i, &a) &&
	    fields_cpio_keyword(line + a, i - a) ? DIALECT_BID_MARK :
	    DIALECT_BID_NONE;
}

static int
gen_init_cpio_write(const struct entry *e, const char *note,
    struct dt_buf *out, struct dt_diag *d)
{
	assert(note == NULL);
	return initramfs_format(e, out, d);
}

const struct dialect gen_init_cpio_dialect = {
	.name = "gen_init_cpio",
	/* a file line needs the content devtool has not */
	.types = "cbpdls",
	.can = DIALECT_CAN_SETID | DIALECT_CAN_COMMENTS,
	.needs_parents = true,
	.note = DIALECT_NOTE_LINE,
	.bid_line = gen_init_cpio_bid,
	.read_line = gen_init_cpio_read,
	.write = gen_init_cpio_write,
};
