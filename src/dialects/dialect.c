/*
 * dialect.c - the registry: every dialect, by name, by bid, and the
 * steps every reader and writer takes whatever the dialect.  See
 * dialect.h, which also says how to add a dialect.
 */
#include <assert.h>
#include <stdio.h>
#include <string.h>

#include "base/bounds.h"
#include "base/text.h"
#include "dialects/dialect.h"
#include "entry/validate.h"

#define DIALECT_ROW(name) &name##_dialect,

/* In tie-break order (dialect.h). */
static const struct dialect *const registry[] = { DIALECTS(DIALECT_ROW) };

const char *
dialect_name(const struct dialect *d)
{
	return d != NULL ? d->name : "unknown";
}

const char *
dialect_article(const struct dialect *d)
{
	return d != NULL && d->article != NULL ? d->article : "a";
}

const struct dialect *
dialect_named(const char *name)
{
	assert(name != NULL);
	for (size_t i = 0; i < ARRAY_SIZE(registry); i++)
		if (strcmp(registry[i]->name, name) == 0)
			return registry[i];
	return NULL;
}

const struct dialect *
dialect_at(size_t i)
{
	return i < ARRAY_SIZE(registry) ? registry[i] : NULL;
}

bool
dialect_reads(const struct dialect *d)
{
	assert(d != NULL);
	return d->read_line != NULL || d->read_document != NULL;
}

void
dialect_names(struct dt_buf *out, bool readable)
{
	size_t n = 0;

	assert(out != NULL);
	for (size_t i = 0; i < ARRAY_SIZE(registry); i++) {
		if (readable && !dialect_reads(registry[i]))
			continue;
		if (n++ > 0)
			dt_buf_adds(out, ", ");
		dt_buf_adds(out, registry[i]->name);
	}
}

/* The highest bidder, the first listed on a tie; NULL when none bids. */
static const struct dialect *
auction(bool head, const char *s, size_t n)
{
	const struct dialect *best = NULL;
	enum dialect_bid top = DIALECT_BID_NONE, bid;

	for (size_t i = 0; i < ARRAY_SIZE(registry); i++) {
		const struct dialect *d = registry[i];

		if (head ? d->bid_head == NULL : d->bid_line == NULL)
			continue;
		bid = head ? d->bid_head(s, n) : d->bid_line(s, n);
		if (bid > top) {
			top = bid;
			best = d;
		}
	}
	return best;
}

const struct dialect *
dialect_detect_head(const char *head, size_t n)
{
	assert(head != NULL || n == 0);
	return auction(true, head, n);
}

const struct dialect *
dialect_detect_line(const char *line, size_t len)
{
	assert(line != NULL || len == 0);
	return auction(false, line, len);
}

/* One line as the first of a table of dl (dialect_parse_line). */
static int
read_alone(const struct dialect *dl, const char *line, size_t len,
    unsigned long lineno, const struct id_resolver *res, struct entry *out,
    char *path, struct dt_diag *d)
{
	struct dialect_reader r;
	int rc;

	if (dialect_begin(&r, dl, res) != 0)
		return dt_error(d, "out of memory");
	rc = dialect_read_line(&r, line, len, lineno, out, path, d);
	dialect_reader_free(&r);
	return rc;
}

/* After dialect_begin and dialect_read_line, below. */
const struct dialect *
dialect_other_reader(const struct dialect *cur, const char *line, size_t len,
    const struct id_resolver *res, char *path)
{
	const struct dialect *other = dialect_detect_line(line, len);

	if (other == NULL || other == cur || other->read_line == NULL ||
	    other->first_line_only)
		return NULL;
	return read_alone(other, line, len, 1, res, &(struct entry){ 0 },
	    path, &(struct dt_diag){ 0 }) >= 0 ? other : NULL;
}

const struct dialect *
dialect_looks_like(const char *line, size_t len)
{
	for (size_t i = 0; i < ARRAY_SIZE(registry); i++)
		if (registry[i]->looks_like != NULL &&
		    registry[i]->looks_like(line, len))
			return registry[i];
	return NULL;
}

int
dialect_begin(struct dialect_reader *r, const struct dialect *d,
    const struct id_resolver *res)
{
	assert(r != NULL && d != NULL);
	*r = (struct dialect_reader){ .dialect = d, .res = res };
	if (d->begin != NULL && (r->state = d->begin()) == NULL)
		return -1;
	return 0;
}

void
dialect_reader_free(struct dialect_reader *r)
{
	assert(r != NULL);
	if (r->state != NULL)
		r->dialect->free_state(r->state);
	r->state = NULL;
}

int
dialect_read_line(struct dialect_reader *r, const char *line, size_t len,
    unsigned long lineno, struct entry *out, char *path, struct dt_diag *d)
{
	assert(r != NULL && r->dialect != NULL && line != NULL &&
	    out != NULL && path != NULL && d != NULL);
	memset(out, 0, sizeof(*out));
	out->lineno = lineno;
	r->amended = false;
	r->left_out = NULL;
	r->defer = false;
	if (len > 0 && line[len - 1] == '\n')
		len--;
	if (memchr(line, '\0', len) != NULL)
		return dt_error(d, "NUL byte in line");
	if (r->dialect->read_line == NULL)
		return dt_error(d, "%s %s document is read whole, not a line "
		    "at a time", dialect_article(r->dialect),
		    r->dialect->title != NULL ? r->dialect->title :
		    r->dialect->name);
	return r->dialect->read_line(r, line, len, out, path, d);
}

int
dialect_end(struct dialect_reader *r, unsigned long *lineno,
    struct dt_diag *d)
{
	assert(r != NULL && r->dialect != NULL && lineno != NULL);
	return r->dialect->read_end != NULL ?
	    r->dialect->read_end(r, lineno, d) : 0;
}

int
dialect_parse_line(const struct dialect *dl, const char *line, size_t len,
    unsigned long lineno, const struct id_resolver *res, struct entry *out,
    char *path, struct dt_diag *d)
{
	if (dl == NULL)
		return dt_error(d, "unknown table dialect");
	return read_alone(dl, line, len, lineno, res, out, path, d);
}

int
dialect_format(const struct dialect *dl, const struct entry *e,
    struct dt_buf *out, struct dt_diag *d)
{
	return dialect_format_note(dl, e, NULL, out, d);
}

/*
 * What the dialect has no line for, as a comment line naming it:
 * "# /dev/stdin -> /proc/self/fd/0: a symbolic link, which a makedevs
 * table cannot hold".  Its bytes are shown as in messages.
 */
static int
format_unheld(const struct dialect *dl, const struct entry *e,
    struct dt_buf *out)
{
	char text[PATH_MAX];

	dt_buf_adds(out, "# ");
	dt_buf_adds(out, dt_quote(text, sizeof(text), e->path,
	    strlen(e->path)));
	if (e->target != NULL) {
		dt_buf_adds(out, " -> ");
		dt_buf_adds(out, dt_quote(text, sizeof(text), e->target,
		    strlen(e->target)));
	}
	dt_buf_addf(out, ": a %s, which a %s table cannot hold",
	    entry_noun(e), dl->name);
	return 0;
}

/* The note (a diagnostic's sentence: text), after or before the line. */
static void
add_note(const struct dialect *dl, struct dt_buf *out, const char *note)
{
	size_t k = strnlen(note, DT_MSGLEN - 1);

	if (dl->note == DIALECT_NOTE_TRAILING) {
		dt_buf_adds(out, " # ");
		dt_buf_add(out, note, k);
		return;
	}
	dt_buf_insert(out, 0, "# ", 2);
	dt_buf_insert(out, 2, note, k);
	dt_buf_insert(out, k + 2, "\n", 1);
}

/* What is in out when a writer finished: 0, or -1 with d. */
static int
finished(struct dt_buf *out, int rc, struct dt_diag *d)
{
	if (rc == 0 && dt_buf_failed(out))
		rc = dt_error(d, "out of memory");
	if (rc != 0)
		dt_buf_free(out);
	return rc;
}

int
dialect_format_note(const struct dialect *dl, const struct entry *e,
    const char *note, struct dt_buf *out, struct dt_diag *d)
{
	int rc;

	assert(dl != NULL && e != NULL && out != NULL && d != NULL);
	dt_buf_truncate(out, 0);
	if (entry_validate(e, d) != 0)
		return finished(out, -1, d);
	if (dl->note == DIALECT_NOTE_WRITER)
		return finished(out, dl->write(e, note, out, d), d);
	rc = dialect_holds(dl, e) ? dl->write(e, NULL, out, d) :
	    format_unheld(dl, e, out);
	if (rc == 0 && note != NULL)
		add_note(dl, out, note);
	return finished(out, rc, d);
}

/* The one entry of a document read back (dialect_convert). */
struct reread {
	struct entry *out;
	char *path;
	int rc;
	struct dt_diag *d;
};

static void
reread_put(void *ctx, const struct entry *e)
{
	struct reread *r = ctx;
	size_t n = strlen(e->path), t = e->target != NULL ?
	    strlen(e->target) : 0;

	if (r->rc != 0) {
		r->rc = dt_error(r->d, "read back as more than one entry");
		return;
	}
	/* the element's text is the reader's: copied, as a line's is */
	if (n >= PATH_MAX || t >= PATH_MAX) {
		r->rc = dt_error(r->d, "read back with a path too long");
		return;
	}
	*r->out = *e;
	memcpy(r->path, e->path, n + 1);
	r->out->path = r->path;
	if (e->target != NULL) {
		memcpy(r->path + PATH_MAX, e->target, t + 1);
		r->out->target = r->path + PATH_MAX;
	}
	r->rc = 1;
}

static void
reread_problem(void *ctx, unsigned long line, const char *msg)
{
	struct reread *r = ctx;

	(void)line;
	r->rc = dt_error(r->d, "%s", msg);
}

int
dialect_read_back(const struct dialect *dl, const char *buf,
    const struct id_resolver *res, struct entry *out, char *path,
    struct dt_buf *caps, struct dt_diag *d)
{
	size_t n = strcspn(buf, "\n");
	char value[ENTRY_CAPS_MAX];
	int rc;

	if (dl->read_line == NULL && dl->read_document == NULL)
		return dt_error(d, "%s %s line is written only, never read",
		    dialect_article(dl), dl->name);
	if (dl->read_line == NULL) {	/* a document: "[" line "]" */
		struct dt_buf doc = DT_BUF_INIT;
		struct reread rr = { out, path, 0, d };
		const struct dialect_doc_sink sink = { reread_put,
		    reread_problem, &rr };

		dt_buf_adds(&doc, dl->header != NULL ? dl->header : "");
		dt_buf_adds(&doc, buf);
		dt_buf_adds(&doc, dl->footer != NULL ? dl->footer : "");
		if (dt_buf_failed(&doc))
			rr.rc = dt_error(d, "out of memory");
		else
			dl->read_document(doc.s, doc.len, &sink);
		dt_buf_free(&doc);
		return rr.rc;
	}
	rc = read_alone(dl, buf, n, 1, res, out, path, d);
	dt_buf_truncate(caps, 0);
	for (const char *s = buf + n; rc == 1 && *s == '\n'; s += n) {
		s++;
		n = strcspn(s, "\n");
		if (dl->read_attachment == NULL ||
		    dl->read_attachment(s, n, value, d) != 1)
			return dt_error(d, "a line after the entry's");
		if (caps->len > 0)
			dt_buf_addc(caps, ' ');
		dt_buf_adds(caps, value);
		if (dt_buf_failed(caps))
			return dt_error(d, "out of memory");
		out->caps = caps->s;
	}
	return rc;
}

int
dialect_convert(const struct dialect *dl, const struct entry *e,
    struct ids_keeper *k, struct dt_buf *out, struct dt_diag *d)
{
	char path[DIALECT_TEXT_SIZE];
	struct dt_buf caps = DT_BUF_INIT;
	const char *what = NULL;
	struct entry back;
	struct dt_diag why;
	int rc;

	assert(dl != NULL && e != NULL && out != NULL && d != NULL);
	dt_buf_truncate(out, 0);
	if (entry_validate(e, d) != 0)
		return -1;
	if (dl->read_line == NULL && dl->read_document == NULL)
		return dt_error(d, "%s %s line is written only: no table "
		    "converts to it an entry at a time", dialect_article(dl),
		    dl->name);
	if (!dialect_holds(dl, e))
		return dt_error(d, "a %s, which %s %s table cannot hold",
		    entry_noun(e), dialect_article(dl), dl->name);
	if ((e->user != NULL || e->group != NULL) &&
	    !(dl->can & DIALECT_CAN_NAMES))
		return dt_error(d, "the %s name '%s', which %s %s table cannot "
		    "hold (--users-from DIR resolves names)", e->user != NULL ?
		    "user" : "group", e->user != NULL ? e->user : e->group,
		    dialect_article(dl), dl->name);
	if (finished(out, dl->write(e, NULL, out, d), d) != 0)
		return -1;
	rc = dialect_read_back(dl, out->s, k != NULL ? &k->res : NULL, &back,
	    path, &caps, &why);
	if (rc == 1 && k != NULL)
		ids_keep_names(k, &back);
	if (rc != 1)
		what = "its line, which reads back as something else";
	else
		what = entry_differs(e, &back);
	dt_buf_free(&caps);
	if (what == NULL)
		return 0;
	dt_say(d, "%s %s table cannot hold its %s", dialect_article(dl),
	    dl->name, what);
	return 1;
}

void
dialect_parents(const struct dialect *dl, const char *last,
    const char *path, dialect_line_fn *put, void *ctx)
{
	struct dt_buf line = DT_BUF_INIT;
	char dir[PATH_MAX];
	struct entry p = { .path = dir, .type = 'd', .mode = ENTRY_PARENT_MODE,
	    .mode_set = true, .uid_set = true, .gid_set = true };
	struct dt_diag d;

	assert(dl != NULL && last != NULL && path != NULL && put != NULL);
	for (const char *s = strchr(path + 1, '/'); s != NULL;
	    s = strchr(s + 1, '/')) {
		size_t n = (size_t)(s - path);

		if (strncmp(last, path, n) == 0 && (last[n] == '\0' ||
		    last[n] == '/'))
			continue;
		memcpy(dir, path, n);
		dir[n] = '\0';
		if (dialect_format(dl, &p, &line, &d) == 0)
			put(ctx, line.s);
	}
	dt_buf_free(&line);
}
