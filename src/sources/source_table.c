/*
 * source_table.c - device table files as a source of entries: the
 * dialect detected from the first line that says something, then every
 * line read by its reader (dialects/dialect.h); or, for a document read
 * whole (OCI, devtool's json as jq writes it), the document
 * (source_document.c).  The entries of a dialect whose later lines amend
 * earlier ones (mtree) are held until the end of their file, each
 * replaced in its place by what amends it; those of one whose amends
 * reach every table of the run (tmpfiles, amends_run) until the run
 * ends (source.h, end), when the lines it deferred are read again
 * (dialect.h, dialect_reader.defer).  A detected table whose line
 * is another dialect's is two tables joined (cat a b | devtool apply -):
 * refused at that line, the rest not read (devtool(1), "Telling the
 * dialects apart").
 */
#include <assert.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "base/grow.h"
#include "base/lines.h"
#include "base/path.h"
#include "base/pathindex.h"
#include "sources/source_document.h"
#include "dialects/dialect.h"
#include "entry/validate.h"

#define LEFT_OUT_KINDS 64	/* more than any dialect has */

/* The reader takes every line a writer makes (lines_init keeps less). */
_Static_assert(DIALECT_LINE_MAX <= LINES_BUF / 2,
    "a table's line fits the line reader");

struct table_source {
	struct source s;	/* first: the interface */
	const struct id_resolver *res;
	const struct dialect *forced;	/* apply -i; NULL: detect */
	struct dialect_reader reader;	/* begun: reading */
	bool reading;
	struct lines in;
	char *path;		/* the entry being read: one of text */
	/*
	 * An entry is held back until the next line that is not an
	 * |xattr line (buildroot's makedevs), whose capabilities it takes.
	 * Its path, then (at PATH_MAX) a link's target and the rest, as
	 * in path (dialect.h, DIALECT_TEXT_SIZE): the other of text.
	 */
	struct entry held;
	char *held_path;
	char text[2][DIALECT_TEXT_SIZE];
	char caps[ENTRY_CAPS_MAX];
	/*
	 * A dialect with amends: the file's entries so far, and an index
	 * of their paths (in pending's arena, which never moves) for
	 * dialect_reader.earlier.
	 */
	struct entries pending;
	struct pathindex index;
	/*
	 * A dialect with amends_run whose tables were read and whose run
	 * has not ended: pending holds their entries, deferred the lines
	 * its reader deferred, to read again when the run ends.
	 */
	const struct dialect *run_dialect;
	struct deferred {
		const char *file;
		unsigned long lineno;
		char *line;
		size_t len;
	} *deferred;
	size_t ndeferred, deferred_cap;
	const struct dialect_run *run;	/* NULL: none */
	/* the lines left out, by kind (static text), in the order met */
	struct {
		const char *kind;
		unsigned long n;
	} left_out[LEFT_OUT_KINDS];
	size_t kinds;
};

/* A line left out, counted by its kind (static text: dialect.h). */
static void
count_left_out(struct table_source *t, const char *kind)
{
	size_t i;

	for (i = 0; i < t->kinds; i++)
		if (strcmp(t->left_out[i].kind, kind) == 0)
			break;
	if (i == t->kinds) {
		if (i == LEFT_OUT_KINDS)	/* the last counts the rest */
			i--;
		else {
			t->left_out[t->kinds].kind = kind;
			t->left_out[t->kinds++].n = 0;
		}
	}
	t->left_out[i].n++;
}

struct table_read {
	struct table_source *t;
	const char *file;
	const struct entry_sink *sink;
	const struct dialect *dialect;
	bool holding;		/* t->held is an entry not yet handed over */
	bool last_bad;		/* the last entry line was an error */
	unsigned long detected;	/* the line the dialect was told by; 0: -i */
	/*
	 * The rest of the input is not read: a line of another dialect
	 * was met, or there was no memory for a reader.
	 */
	bool stopped;
};

/* Hands the held entry over, with the capabilities its lines gave. */
static void
flush(struct table_read *r)
{
	struct table_source *t = r->t;

	if (!r->holding)
		return;
	r->holding = false;
	t->held.caps = t->caps[0] != '\0' ? t->caps : NULL;
	r->sink->put(r->sink->ctx, &t->held);
}

/* Whether s is NULL or points into the text buffer at b. */
static bool
in_text(const char *s, const char *b)
{
	return s == NULL || ((uintptr_t)s >= (uintptr_t)b &&
	    (uintptr_t)s < (uintptr_t)b + (uintptr_t)DIALECT_TEXT_SIZE);
}

static void
hold(struct table_read *r, const struct entry *e)
{
	struct table_source *t = r->t;
	char *b = t->path;

	flush(r);
	t->held = *e;
	if (in_text(e->path, b) && in_text(e->target, b) &&
	    in_text(e->content, b) && in_text(e->link_first, b)) {
		/*
		 * What the reader wrote (every line, but a dialect's own
		 * text) is held where it is, not copied: the next line is
		 * read into the other buffer.
		 */
		t->path = t->held_path;
		t->held_path = b;
		t->caps[0] = '\0';
		r->holding = true;
		return;
	}
	memcpy(t->held_path, e->path, strlen(e->path) + 1);
	t->held.path = t->held_path;
	if (e->target != NULL) {
		memcpy(t->held_path + PATH_MAX, e->target,
		    strlen(e->target) + 1);
		t->held.target = t->held_path + PATH_MAX;
	}
	if (e->content != NULL) {
		memcpy(t->held_path + DIALECT_CONTENT, e->content,
		    strlen(e->content) + 1);
		t->held.content = t->held_path + DIALECT_CONTENT;
	}
	if (e->link_first != NULL) {
		memcpy(t->held_path + DIALECT_FIRST, e->link_first,
		    strlen(e->link_first) + 1);
		t->held.link_first = t->held_path + DIALECT_FIRST;
	}
	t->caps[0] = '\0';
	r->holding = true;
}

/* dialect_reader.earlier: the pending entry of path, or NULL. */
static const struct entry *
earlier(void *ctx, const char *path)
{
	const struct table_source *t = ctx;
	size_t at;

	return pathindex_find(&t->index, path, &at) ? &t->pending.v[at] : NULL;
}

/*
 * dialect_reader.below: the nth pending entry at or below path, each
 * path's as earlier gives it (a second definition of a path, not the
 * first, which pend would not put back in its place).
 */
static const struct entry *
below(void *ctx, const char *path, size_t nth)
{
	const struct table_source *t = ctx;
	size_t n = strlen(path), at;

	for (size_t i = 0; i < t->pending.n; i++) {
		const char *p = t->pending.v[i].path;

		/* "/" is above every path; else path, or path then '/' */
		if ((n == 1 || (strncmp(p, path, n) == 0 &&
		    (p[n] == '\0' || p[n] == '/'))) &&
		    pathindex_find(&t->index, p, &at) && at == i &&
		    nth-- == 0)
			return &t->pending.v[i];
	}
	return NULL;
}

/*
 * An entry of a dialect with amends, held until the end of the file (or
 * of the run): a new one at the end, one that amends in the place of
 * the entry of its path (keeping its file and line, where that entry
 * was defined).
 */
static void
pend(struct table_read *r, const struct entry *e, bool amends,
    unsigned long lineno)
{
	struct table_source *t = r->t;
	size_t n = t->pending.n, at;

	if (entries_add(&t->pending, e) != 0)
		goto out_of_memory;
	if (amends && pathindex_find(&t->index, e->path, &at)) {
		t->pending.v[n].lineno = t->pending.v[at].lineno;
		t->pending.v[n].file = t->pending.v[at].file;
		t->pending.v[at] = t->pending.v[n];
		t->pending.n = n;
		return;
	}
	/* new, or a second definition: the later one's */
	if (pathindex_put(&t->index, t->pending.v[n].path, n) == 0)
		return;
	t->pending.n = n;
out_of_memory:
	r->sink->problem(r->sink->ctx, r->file, lineno, ENOMEM, NULL);
}

/* The pending entries to the sink, in their order; then none. */
static void
flush_pending(struct table_read *r)
{
	struct table_source *t = r->t;

	for (size_t i = 0; i < t->pending.n; i++)
		r->sink->put(r->sink->ctx, &t->pending.v[i]);
	entries_free(&t->pending);
	pathindex_free(&t->index);
}

/* A line the reader deferred, kept to be read again when the run ends. */
static void
defer_line(struct table_read *r, const char *line, size_t len,
    unsigned long lineno)
{
	struct table_source *t = r->t;
	struct deferred *v = dt_room_for_one(t->deferred, t->ndeferred,
	    &t->deferred_cap, sizeof(*v), 16);
	char *copy;

	if (v == NULL)
		goto out_of_memory;
	t->deferred = v;
	if ((copy = malloc(len + 1)) == NULL)
		goto out_of_memory;
	memcpy(copy, line, len);
	copy[len] = '\0';
	v[t->ndeferred++] = (struct deferred){ r->file, lineno, copy, len };
	return;
out_of_memory:
	r->sink->problem(r->sink->ctx, r->file, lineno, ENOMEM, NULL);
}

/*
 * The next entry of a line of r->file into e: 1, and the line makes
 * another while reader->more (dialect.h: more and nth); 0 when it makes
 * none (what it left out counted); -1 with d.  A line's first reading
 * (read_line) and a deferred one's (read_again) both go through it.
 */
static int
next_entry(struct table_read *r, struct dialect_reader *reader,
    const char *line, size_t len, unsigned long lineno, struct entry *e,
    struct dt_diag *d)
{
	int rc = dialect_read_line(reader, line, len, lineno, e, r->t->path,
	    d);

	if (rc == 1)
		e->file = r->file;
	else if (rc == 0 && reader->left_out != NULL)
		count_left_out(r->t, reader->left_out);
	return rc;
}

/*
 * One deferred line read again, with every entry of the run pending:
 * each entry it amends replaces the one of its path.
 */
static void
read_again(struct table_read *r, struct dialect_reader *reader,
    const struct deferred *l)
{
	const struct entry_sink *sink = r->sink;
	struct entry e;
	struct dt_diag d;
	int rc;

	r->file = l->file;
	for (reader->nth = 0; ; reader->nth++) {
		rc = next_entry(r, reader, l->line, l->len, l->lineno, &e, &d);
		if (rc == 1)
			pend(r, &e, reader->amended, l->lineno);
		else if (rc < 0)
			sink->problem(sink->ctx, l->file, l->lineno, 0, d.msg);
		if (rc != 1 || reader->more == 0)
			break;
	}
	reader->nth = reader->more = 0;
}

/*
 * The end of a run of tables of an amends_run dialect: its deferred
 * lines read again, in the order met, then its entries to the sink.
 */
static void
end_run(struct table_read *r)
{
	struct table_source *t = r->t;
	struct dialect_reader reader;

	if (t->run_dialect == NULL)
		return;
	if (t->ndeferred > 0) {
		if (dialect_begin(&reader, t->run_dialect, t->res) != 0)
			r->sink->problem(r->sink->ctx, t->deferred[0].file, 0,
			    ENOMEM, NULL);
		else {
			reader.run = t->run;
			reader.earlier = earlier;
			reader.below = below;
			reader.earlier_ctx = t;
			reader.again = true;
			for (size_t i = 0; i < t->ndeferred; i++)
				read_again(r, &reader, &t->deferred[i]);
			dialect_reader_free(&reader);
		}
	}
	for (size_t i = 0; i < t->ndeferred; i++)
		free(t->deferred[i].line);
	free(t->deferred);
	t->deferred = NULL;
	t->ndeferred = t->deferred_cap = 0;
	t->run_dialect = NULL;
	flush_pending(r);
}

/*
 * "|xattr CAPS" adds to the entry above: an f or F (the only one whose
 * file capabilities mean something), as buildroot joins several lines'.
 */
static void
add_caps(struct table_read *r, const char *value, unsigned long lineno)
{
	struct table_source *t = r->t;
	const struct entry_sink *sink = r->sink;
	size_t have = strlen(t->caps), n = strlen(value);

	if (r->last_bad)	/* the line above was reported already */
		return;
	if (!r->holding || t->held.type != 'f')
		sink->problem(sink->ctx, r->file, lineno, 0, !r->holding ?
		    "|xattr must follow the f or F line of its file" :
		    "|xattr sets file capabilities: the line above is not "
		    "an f or F line");
	else if (have + 1 + n >= sizeof(t->caps))
		sink->problem(sink->ctx, r->file, lineno, 0, "too many "
		    "|xattr capabilities for one file");
	else {
		if (have > 0)
			t->caps[have++] = ' ';
		memcpy(t->caps + have, value, n + 1);	/* fits: checked */
	}
}

/* A line that adds to the entry above (|xattr): 1 when line was one. */
static int
read_attachment(struct table_read *r, const char *line, size_t len,
    unsigned long lineno)
{
	char value[ENTRY_CAPS_MAX];
	struct dt_diag d;

	switch (r->dialect->read_attachment(line, len, value, &d)) {
	case 0:
		return 0;
	case 1:
		add_caps(r, value, lineno);
		return 1;
	default:
		r->sink->problem(r->sink->ctx, r->file, lineno, 0, d.msg);
		return 1;
	}
}

/*
 * A first line of no dialect: what the dialect it looks like says of it
 * (a relative path), else that it is neither.
 */
static void
unknown_line(struct table_read *r, const char *line, size_t len,
    unsigned long lineno)
{
	const struct dialect *guess = dialect_looks_like(line, len);
	struct entry e;
	struct dt_diag d;

	if (guess == NULL || dialect_parse_line(guess, line, len,
	    lineno, r->t->res, &e, r->t->path, &d) >= 0)
		snprintf(d.msg, sizeof(d.msg), "neither a makedevs line (PATH "
		    "TYPE MODE ...) nor a tmpfiles line (TYPE PATH MODE ...) "
		    "nor a builder's spec (apply -i names the dialect)");
	r->sink->problem(r->sink->ctx, r->file, lineno, 0, d.msg);
}

/*
 * A line the table's dialect could not read: when it was detected (not
 * -i) and another dialect reads the line, the input is two dialects
 * joined, which is said once, naming both; the rest is not read (every
 * line of the second table would be an error of the first).
 */
static bool
mixed_line(struct table_read *r, const char *line, size_t len,
    unsigned long lineno)
{
	const struct dialect *other;
	char msg[DT_MSGLEN];

	if (r->detected == 0 || (other = dialect_other_reader(r->dialect,
	    line, len, r->t->res, r->t->path)) == NULL)
		return false;
	snprintf(msg, sizeof(msg), "%s %s line in %s %s table (detected at "
	    "line %lu): two dialects mixed in one input; give each table "
	    "as an operand of its own", dialect_article(other), other->name,
	    dialect_article(r->dialect), r->dialect->name, r->detected);
	r->sink->problem(r->sink->ctx, r->file, lineno, 0, msg);
	r->stopped = true;
	return true;
}

/*
 * A reader for the dialect d, which asks t of the entries read so far:
 * false (said) when there is no memory for it.
 */
static bool
begin(struct table_read *r, const struct dialect *d)
{
	struct table_source *t = r->t;

	/* the entries of a run of another dialect go first, in order */
	if (t->run_dialect != NULL && t->run_dialect != d)
		end_run(r);
	if (dialect_begin(&t->reader, d, t->res) != 0) {
		r->sink->problem(r->sink->ctx, r->file, 0, ENOMEM, NULL);
		return false;
	}
	t->reading = true;
	t->reader.run = t->run;
	if (d->amends) {
		t->reader.earlier = earlier;
		t->reader.below = below;
		t->reader.earlier_ctx = t;
	}
	return true;
}

/*
 * UTF-8's byte-order mark (U+FEFF), which editors on Windows put before
 * a text: skipped where a table begins (table_read), in every dialect.
 * Anywhere else it would be the first character of a path (or of a
 * type), a name no one sees: at the start of a later line it is a file
 * that had one joined after another, refused.
 */
static const char bom[] = "\xef\xbb\xbf";
#define BOM_LEN (sizeof(bom) - 1)

/*
 * One line: detects the dialect if need be, parses, hands it over; the
 * entries of a line that makes more than one (dialect_reader.more), each
 * in turn.
 */
static void
read_line(struct table_read *r, const char *line, size_t len,
    unsigned long lineno)
{
	struct dialect_reader *reader = &r->t->reader;
	const struct entry_sink *sink = r->sink;
	struct entry e;
	struct dt_diag d;

	if (len >= BOM_LEN && memcmp(line, bom, BOM_LEN) == 0) {
		flush(r);
		r->last_bad = true;
		sink->problem(sink->ctx, r->file, lineno, 0, "the line begins "
		    "with a byte-order mark (U+FEFF), which only the start of "
		    "a table may have (two files joined?)");
		return;
	}
	if (r->dialect == NULL) {
		r->dialect = dialect_detect_line(line, len);
		if (r->dialect == NULL && memchr(line, '\0', len) == NULL &&
		    dialect_blank(line, len))
			return;
		if (r->dialect == NULL) {
			unknown_line(r, line, len, lineno);
			return;
		}
		r->detected = lineno;
		if (!begin(r, r->dialect)) {
			r->stopped = true;
			return;
		}
	}
	if (r->dialect->read_attachment != NULL &&
	    read_attachment(r, line, len, lineno))
		return;
	for (reader->nth = 0; ; reader->nth++) {
		switch (next_entry(r, reader, line, len, lineno, &e, &d)) {
		case 1:
			r->last_bad = false;
			if (r->t->run != NULL && !path_in_prefixes(e.path,
			    r->t->run->prefix, r->t->run->exclude)) {
				/* --prefix: left out, its |xattr too */
				flush(r);
				r->last_bad = true;
			} else if (r->dialect->amends)
				pend(r, &e, reader->amended, lineno);
			else
				hold(r, &e);
			if (reader->more > 0)
				continue;
			break;
		case 0:
			if (reader->left_out == NULL && reader->defer)
				defer_line(r, line, len, lineno);
			break;
		default:
			flush(r);
			r->last_bad = true;
			if (reader->nth > 0 || !mixed_line(r, line, len,
			    lineno))
				sink->problem(sink->ctx, r->file, lineno, 0,
				    d.msg);
		}
		break;
	}
	reader->nth = reader->more = 0;
}

/* The end of the input: a line continued past it (mtree). */
static void
read_end(struct table_read *r)
{
	unsigned long lineno;
	struct dt_diag d;

	if (r->dialect != NULL && r->dialect->read_end != NULL &&
	    dialect_end(&r->t->reader, &lineno, &d) != 0)
		r->sink->problem(r->sink->ctx, r->file, lineno, 0, d.msg);
}

/*
 * Decides from the start of the input how it is read: 1 when it was a
 * document (OCI, devtool's json as jq writes it), read whole; 0 to read
 * it a line at a time.  A dialect named with -i that reads both (json)
 * reads a document when its start bids for one.
 */
static int
read_document(struct table_read *r, int fd)
{
	const struct dialect *dl = r->t->forced;
	const char *head;
	size_t n;

	if (lines_peek(&r->t->in, &head, &n) != 0)
		return 0;	/* lines_next meets the error again */
	r->dialect = dl != NULL ? dl : dialect_detect_head(head, n);
	dl = r->dialect;
	if (dl == NULL || dl->read_document == NULL ||
	    (dl->read_line != NULL && (dl->bid_head == NULL ||
	    dl->bid_head(head, n) == DIALECT_BID_NONE)))
		return 0;
	end_run(r);	/* the entries of the tables before go first */
	source_document_read(dl, r->t->forced != NULL, fd, head, n, r->file,
	    r->sink);
	return 1;
}

static void
table_read(struct source *s, const char *file, const struct entry_sink *sink)
{
	struct table_read r = { (struct table_source *)s, file, sink, NULL,
	    false, false, 0, false };
	unsigned long lineno = 0;
	bool std_in, too_long;
	size_t len;
	char *line;
	int rc, fd;

	assert(s != NULL && file != NULL && sink != NULL &&
	    sink->put != NULL && sink->problem != NULL);
	r.dialect = r.t->forced;
	std_in = strcmp(file, "-") == 0;
	fd = std_in ? STDIN_FILENO : open(file, O_RDONLY | O_CLOEXEC);
	if (std_in)
		r.file = "<stdin>";
	if (fd < 0) {
		sink->problem(sink->ctx, r.file, 0, errno, NULL);
		return;
	}
	if (r.dialect != NULL && !begin(&r, r.dialect))
		r.stopped = true;
	lines_init(&r.t->in, fd, DIALECT_LINE_MAX, NULL);
	/* (a read error: lines_next meets it again) */
	(void)lines_skip(&r.t->in, bom, BOM_LEN);
	rc = read_document(&r, fd) ? 0 : 1;
	while (rc > 0 && !r.stopped &&
	    (rc = lines_next(&r.t->in, &line, &len, &too_long)) > 0) {
		if (too_long)
			sink->problem(sink->ctx, r.file, ++lineno, 0,
			    "line too long");
		else
			read_line(&r, line, len, ++lineno);
	}
	flush(&r);
	if (rc < 0)
		sink->problem(sink->ctx, r.file, 0, errno, NULL);
	else if (!r.stopped)
		read_end(&r);
	if (r.dialect != NULL && r.dialect->amends_run && r.t->reading)
		r.t->run_dialect = r.dialect;	/* held until the run ends */
	else if (r.t->run_dialect == NULL)	/* (an empty table: held) */
		flush_pending(&r);
	if (r.t->reading)
		dialect_reader_free(&r.t->reader);
	r.t->reading = false;
	if (!std_in)
		close(fd);
}

/* source.h, end: the run's held entries and deferred lines. */
static void
table_end(struct source *s, const struct entry_sink *sink)
{
	struct table_read r = { (struct table_source *)s, NULL, sink, NULL,
	    false, false, 0, false };

	assert(s != NULL && sink != NULL);
	end_run(&r);
}

static void
table_free(struct source *s)
{
	struct table_source *t = (struct table_source *)s;

	/* a run not ended: what it held is dropped */
	for (size_t i = 0; i < t->ndeferred; i++)
		free(t->deferred[i].line);
	free(t->deferred);
	entries_free(&t->pending);
	pathindex_free(&t->index);
	free(s);
}

struct source *
source_table_new(const struct id_resolver *res, const struct dialect *forced)
{
	struct table_source *t = malloc(sizeof(*t));

	if (t == NULL)
		return NULL;
	t->s = (struct source){ "table", table_read, table_free, table_end };
	t->res = res;
	t->forced = forced;
	t->path = t->text[0];
	t->held_path = t->text[1];
	t->reading = false;
	memset(&t->pending, 0, sizeof(t->pending));
	t->index = (struct pathindex){ 0 };
	t->run_dialect = NULL;
	t->deferred = NULL;
	t->ndeferred = t->deferred_cap = 0;
	t->run = NULL;
	t->kinds = 0;
	return &t->s;
}

void
source_table_set_run(struct source *s, const struct dialect_run *run)
{
	assert(s != NULL && s->read == table_read);
	((struct table_source *)s)->run = run;
}

unsigned long
source_table_left_out(const struct source *s, struct dt_buf *out)
{
	const struct table_source *t = (const struct table_source *)s;
	unsigned long all = 0;

	assert(s != NULL && s->read == table_read && out != NULL);
	for (size_t i = 0; i < t->kinds; i++) {
		if (i > 0)
			dt_buf_adds(out, ", ");
		dt_buf_addu(out, t->left_out[i].n);
		dt_buf_addc(out, ' ');
		dt_buf_adds(out, t->left_out[i].kind);
		all += t->left_out[i].n;
	}
	return all;
}
