/*
 * source_table.c - device table files as a source of entries: the
 * dialect detected from the first line that says something, then every
 * line parsed by table.c.
 */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "lines.h"
#include "source.h"
#include "spec.h"

struct table_source {
	struct source s;	/* first: the interface */
	const struct table_resolver *res;
	enum table_dialect forced;	/* apply -i; TABLE_UNKNOWN: detect */
	struct spec_reader spec;	/* the builders' specs: spec.h */
	struct lines in;
	char path[TABLE_TEXT_SIZE];	/* the entry being handed over */
};

struct table_read {
	struct table_source *t;
	const char *file;
	const struct entry_sink *sink;
	enum table_dialect dialect;
};

/* One line: detects the dialect if need be, parses, hands it over. */
static void
read_line(struct table_read *r, const char *line, size_t len,
    unsigned long lineno)
{
	const struct entry_sink *sink = r->sink;
	struct entry e;
	struct dt_diag d;

	if (r->dialect == TABLE_UNKNOWN &&
	    (r->dialect = spec_detect(line, len)) != TABLE_UNKNOWN)
		spec_begin(&r->t->spec, r->dialect, r->t->res);
	if (r->dialect == TABLE_UNKNOWN) {
		if (memchr(line, '\0', len) == NULL && table_blank(line, len))
			return;
		r->dialect = table_detect(line, len);
		if (r->dialect == TABLE_UNKNOWN) {
			sink->problem(sink->ctx, r->file, lineno, 0,
			    "neither a makedevs line (PATH TYPE MODE ...) nor "
			    "a tmpfiles line (TYPE PATH MODE ...) nor a "
			    "builder's spec (apply -i names the dialect)");
			return;
		}
	}
	switch (spec_is_spec(r->dialect) ? spec_parse_line(&r->t->spec, line,
	    len, lineno, &e, r->t->path, &d) : table_parse_line(r->dialect,
	    line, len, lineno, r->t->res, &e, r->t->path, &d)) {
	case 1:
		e.file = r->file;
		sink->put(sink->ctx, &e);
		break;
	case 0:
		break;
	default:
		sink->problem(sink->ctx, r->file, lineno, 0, d.msg);
	}
}

/* The end of a spec: a line continued past it. */
static void
spec_done(struct table_read *r)
{
	unsigned long lineno;
	struct dt_diag d;

	if (spec_is_spec(r->dialect) && spec_end(&r->t->spec, &lineno, &d) != 0)
		r->sink->problem(r->sink->ctx, r->file, lineno, 0, d.msg);
}

static void
table_read(struct source *s, const char *file, const struct entry_sink *sink)
{
	struct table_read r = { (struct table_source *)s, file, sink,
	    ((struct table_source *)s)->forced };
	const bool std_in = strcmp(file, "-") == 0;
	int rc, fd = std_in ? STDIN_FILENO : open(file, O_RDONLY | O_CLOEXEC);
	unsigned long lineno = 0;
	bool too_long;
	size_t len;
	char *line;

	if (std_in)
		r.file = "<stdin>";
	if (spec_is_spec(r.dialect))
		spec_begin(&r.t->spec, r.dialect, r.t->res);
	if (fd < 0) {
		sink->problem(sink->ctx, r.file, 0, errno, NULL);
		return;
	}
	lines_init(&r.t->in, fd, TABLE_LINE_MAX, NULL);
	while ((rc = lines_next(&r.t->in, &line, &len, &too_long)) > 0) {
		if (too_long)
			sink->problem(sink->ctx, r.file, ++lineno, 0,
			    "line too long");
		else
			read_line(&r, line, len, ++lineno);
	}
	if (rc < 0)
		sink->problem(sink->ctx, r.file, 0, errno, NULL);
	else
		spec_done(&r);
	if (!std_in)
		close(fd);
}

static void
table_free(struct source *s)
{
	free(s);
}

struct source *
source_table_new(const struct table_resolver *res, enum table_dialect forced)
{
	struct table_source *t = malloc(sizeof(*t));

	if (t == NULL)
		return NULL;
	t->s = (struct source){ "table", table_read, table_free };
	t->res = res;
	t->forced = forced;
	return &t->s;
}
