/*
 * source_table.c - device table files as a source of entries: the
 * dialect detected from the first line that says something, then every
 * line parsed by table.c; or, when it starts as a JSON document does, the
 * document read whole (source_oci.c).
 */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "lines.h"
#include "source.h"
#include "table_json.h"

struct table_source {
	struct source s;	/* first: the interface */
	const struct table_resolver *res;
	enum table_dialect forced;	/* -i, or TABLE_UNKNOWN: detected */
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

	if (r->dialect == TABLE_UNKNOWN) {
		if (memchr(line, '\0', len) == NULL && table_blank(line, len))
			return;
		r->dialect = table_detect(line, len);
		if (r->dialect == TABLE_UNKNOWN) {
			sink->problem(sink->ctx, r->file, lineno, 0,
			    "neither a makedevs line (PATH TYPE MODE ...) nor "
			    "a tmpfiles line (TYPE PATH MODE ...)");
			return;
		}
	}
	switch (table_parse_line(r->dialect, line, len, lineno, r->t->res, &e,
	    r->t->path, &d)) {
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

/*
 * Decides from the start of the input how it is read: 1 when it was an
 * OCI document, read whole; 0 to read it a line at a time.
 */
static int
read_document(struct table_read *r, int fd)
{
	const char *head;
	size_t n;

	if (lines_peek(&r->t->in, &head, &n) != 0)
		return 0;	/* lines_next meets the error again */
	r->dialect = r->t->forced != TABLE_UNKNOWN ? r->t->forced :
	    table_json_sniff(head, n);
	if (r->dialect != TABLE_OCI)
		return 0;
	source_oci_read(fd, head, n, r->file, r->sink);
	return 1;
}

static void
table_read(struct source *s, const char *file, const struct entry_sink *sink)
{
	struct table_read r = { (struct table_source *)s, file, sink,
	    TABLE_UNKNOWN };
	const bool std_in = strcmp(file, "-") == 0;
	int rc, fd = std_in ? STDIN_FILENO : open(file, O_RDONLY | O_CLOEXEC);
	unsigned long lineno = 0;
	bool too_long;
	size_t len;
	char *line;

	if (std_in)
		r.file = "<stdin>";
	if (fd < 0) {
		sink->problem(sink->ctx, r.file, 0, errno, NULL);
		return;
	}
	lines_init(&r.t->in, fd, TABLE_LINE_MAX, NULL);
	rc = read_document(&r, fd) ? 0 : 1;
	while (rc > 0 &&
	    (rc = lines_next(&r.t->in, &line, &len, &too_long)) > 0) {
		if (too_long)
			sink->problem(sink->ctx, r.file, ++lineno, 0,
			    "line too long");
		else
			read_line(&r, line, len, ++lineno);
	}
	if (rc < 0)
		sink->problem(sink->ctx, r.file, 0, errno, NULL);
	if (!std_in)
		close(fd);
}

static void
table_free(struct source *s)
{
	free(s);
}

struct source *
source_table_new(const struct table_resolver *res)
{
	return source_table_input(res, TABLE_UNKNOWN);
}

struct source *
source_table_input(const struct table_resolver *res,
    enum table_dialect dialect)
{
	struct table_source *t = malloc(sizeof(*t));

	if (t == NULL)
		return NULL;
	t->s = (struct source){ "table", table_read, table_free };
	t->res = res;
	t->forced = dialect;
	return &t->s;
}
