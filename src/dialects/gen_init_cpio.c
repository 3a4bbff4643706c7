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
 * gid and the numbers decimal.  A file line is an f entry with contents:
 * the location, as written (from the working directory, ${VAR} as it
 * is: apply expands it), which an archive copies; a line with hard links
 * makes one entry a name (dialect_reader.more), the later ones keyed to
 * the first.  See fields.h.
 */
#include <assert.h>
#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "base/text.h"
#include "codec/host.h"
#include "dialects/fields.h"

#define WORDS 9

static const struct {
	char word[8];
	char type;
	size_t fields;		/* with the keyword */
} lines[] = {
	{ "dir", 'd', 5 }, { "nod", 'c', 8 }, { "slink", 'l', 6 },
	{ "pipe", 'p', 5 }, { "sock", 's', 5 }, { "file", 'f', 6 },
};

#define NLINES (sizeof(lines) / sizeof(lines[0]))

/* mode uid gid from w[0..2] into e. */
static int
mode_owner(const struct fields_span *w, struct entry *e, struct dt_diag *d)
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
device_numbers(const struct fields_span *w, struct entry *e, struct dt_diag *d)
{
	char q[QUOTE_MAX];

	if (w[0].len != 1 || (w[0].p[0] != 'c' && w[0].p[0] != 'b'))
		return dt_error(d, "nod type '%s' is not c or b",
		    dt_quote_word(q, sizeof(q), w[0].p, w[0].len));
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

/*
 * A file line's location and names: the nth name (0: the line's first,
 * then its hard links, the word after gid each) is e's path, the first
 * its key when it is a hard link; how many names remain, in r->more.
 */
static int
file_names(struct dialect_reader *r, const struct fields_span *w, size_t n,
    struct fields_span name, struct entry *e, char *path, struct dt_diag *d)
{
	if (w[2].len >= PATH_MAX)
		return dt_error(d, "location is too long");
	memcpy(path + DIALECT_CONTENT, w[2].p, w[2].len);
	path[DIALECT_CONTENT + w[2].len] = '\0';
	e->content = path + DIALECT_CONTENT;
	e->nlink = (unsigned)(n - lines[NLINES - 1].fields + 1);
	r->more = e->nlink - 1 - r->nth;
	if (r->nth == 0)
		return fields_path(w[1].p, w[1].len, path, d);
	if (fields_path(w[1].p, w[1].len, path + DIALECT_FIRST, d) != 0)
		return -1;
	e->link_first = path + DIALECT_FIRST;
	return fields_path(name.p, name.len, path, d);
}

static int
initramfs_parse(struct dialect_reader *r, const char *line, size_t len,
    struct entry *e, char *path, struct dt_diag *d)
{
	struct fields_span w[WORDS], name = { "", 0 };
	size_t n = 0, i = 0, a, k;
	/* a file line's nth name is its word after gid */
	size_t at = lines[NLINES - 1].fields - 1 + (r != NULL ? r->nth : 0);
	char q[QUOTE_MAX];

	for (k = 0; k < WORDS; k++)
		w[k] = (struct fields_span){ "", 0 };

	if (!fields_word(line, len, &i, &a))
		return 0;	/* blank, or a comment */
	do {
		if (n < WORDS)
			w[n] = (struct fields_span){ line + a, i - a };
		if (n == at)
			name = (struct fields_span){ line + a, i - a };
		n++;
	} while (next_word(line, len, &i, &a));
	for (k = 0; k < NLINES; k++)
		if (strlen(lines[k].word) == w[0].len &&
		    memcmp(lines[k].word, w[0].p, w[0].len) == 0)
			break;
	if (k == NLINES)
		return dt_error(d, "'%s' is not one of dir, nod, slink, pipe, "
		    "sock, file",
		    dt_quote_word(q, sizeof(q), w[0].p, w[0].len));
	/*
	 * a word starting with '#' after all of a line's: a comment (a file
	 * line's later words are its hard links, each a name)
	 */
	if (lines[k].type != 'f' && n > lines[k].fields &&
	    w[lines[k].fields].p[0] == '#')
		n = lines[k].fields;
	if (lines[k].type == 'f' ? n < lines[k].fields : n != lines[k].fields)
		return dt_error(d, "%s takes %zu fields%s, not %zu",
		    lines[k].word, lines[k].fields - 1, lines[k].type == 'f' ?
		    " and its hard links" : "", n - 1);
	e->type = lines[k].type;
	if (e->type == 'f') {
		struct dialect_reader one = { .nth = 0 };

		if (file_names(r != NULL ? r : &one, w, n, name, e, path,
		    d) != 0)
			return -1;
	} else if (fields_path(w[1].p, w[1].len, path, d) != 0)
		return -1;
	e->path = path;
	/* dir, pipe, sock and nod: mode at 2; slink and file: at 3 */
	k = e->type == 'l' || e->type == 'f' ? 3 : 2;
	if (mode_owner(w + k, e, d) != 0 ||
	    (e->type == 'c' && device_numbers(w + 5, e, d) != 0))
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
check_plain_word(const char *s, const char *what, struct dt_diag *d)
{
	char q[QUOTE_MAX];

	for (const unsigned char *u = (const unsigned char *)s; *u != '\0';
	    u++)
		if (*u <= ' ' || *u == 0x7f)
			return dt_error(d, "%s '%s' has white space or a control "
			    "character, which a gen_init_cpio list cannot hold",
			    what, dt_quote_word(q, sizeof(q), s, strlen(s)));
	return 0;
}

static int
gen_init_cpio_write(const struct entry *e, const char *note,
    struct dt_buf *out, struct dt_diag *d)
{
	const char *word = NULL;

	assert(note == NULL);	/* dialect.h: not DIALECT_NOTE_WRITER */
	if (fields_no_ranges(e, "a gen_init_cpio list", d) != 0 ||
	    check_plain_word(e->path, "path", d) != 0 ||
	    (e->target != NULL && check_plain_word(e->target, "link target", d) != 0) ||
	    (e->content != NULL && check_plain_word(e->content, "location", d) != 0))
		return -1;
	/* the names of a file are one line, which one entry cannot say */
	if (e->nlink > 1)
		return dt_error(d, "a file with hard links, which devtool "
		    "writes one name a line and a gen_init_cpio list gives on "
		    "the line of the first");
	for (size_t k = 0; k < NLINES; k++)
		if (lines[k].type == e->type || (e->type == 'b' &&
		    lines[k].type == 'c'))
			word = lines[k].word;
	dt_buf_adds(out, word);
	dt_buf_addc(out, ' ');
	dt_buf_adds(out, e->path);
	dt_buf_addc(out, ' ');
	if (e->type == 'l' || e->type == 'f') {
		dt_buf_adds(out, e->type == 'l' ? e->target : e->content);
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
	return fields_line_read(initramfs_parse(r, line, len, out, path, d),
	    out, d);
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

const struct dialect gen_init_cpio_dialect = {
	.name = "gen_init_cpio",
	/* a file line is a file with its contents (DIALECT_CAN_CONTENT) */
	.types = "cbpdlsf",
	.can = DIALECT_CAN_SETID | DIALECT_CAN_COMMENTS | DIALECT_CAN_CONTENT,
	.needs_parents = true,
	.note = DIALECT_NOTE_LINE,
	.bid_line = gen_init_cpio_bid,
	.read_line = gen_init_cpio_read,
	.write = gen_init_cpio_write,
};
