/*
 * source_document.c - a document (an OCI linux.devices array or a
 * config.json holding one; devtool's json objects in an array or across
 * lines, as jq writes them) as a source of entries, for the table source
 * (source_table.c): a JSON document has no lines to read one at a time,
 * so it is read whole, at most DIALECT_DOC_MAX bytes; its start may not
 * have said whose it is, so the registry is asked again with all of it
 * (dialect.h, "Detection"), and that dialect reads its elements.
 */
#include <assert.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "sources/source_document.h"

#define CHUNK 65536

struct doc_read {
	const char *file;
	const struct entry_sink *sink;
};

static void
doc_put(void *ctx, const struct entry *e)
{
	struct doc_read *r = ctx;
	struct entry copy = *e;

	copy.file = r->file;
	r->sink->put(r->sink->ctx, &copy);
}

static void
doc_problem(void *ctx, unsigned long line, const char *msg)
{
	struct doc_read *r = ctx;

	r->sink->problem(r->sink->ctx, r->file, line, 0, msg);
}

/*
 * The rest of fd after head, all of it: the document in *doc (malloc'd),
 * its length in *len; -1 with errno (EFBIG: past DIALECT_DOC_MAX).
 */
static int
read_all(int fd, const char *head, size_t n, char **doc, size_t *len)
{
	size_t cap = n + CHUNK;
	char *buf = malloc(cap), *nbuf;
	ssize_t got;

	if (buf == NULL)
		return -1;
	memcpy(buf, head, n);
	for (;;) {
		if (n == cap) {
			if (cap >= DIALECT_DOC_MAX) {
				free(buf);
				errno = EFBIG;
				return -1;
			}
			cap = cap * 2 < DIALECT_DOC_MAX ? cap * 2 : DIALECT_DOC_MAX;
			if ((nbuf = realloc(buf, cap)) == NULL) {
				free(buf);
				return -1;
			}
			buf = nbuf;
		}
		got = read(fd, buf + n, cap - n);
		if (got < 0 && errno == EINTR)
			continue;
		if (got <= 0)
			break;
		n += (size_t)got;
	}
	if (got < 0) {
		free(buf);
		return -1;
	}
	*doc = buf;
	*len = n;
	return 0;
}

void
source_document_read(const struct dialect *dialect, bool forced, int fd,
    const char *head, size_t n, const char *file,
    const struct entry_sink *sink)
{
	struct doc_read r = { file, sink };
	const struct dialect_doc_sink doc_sink = { doc_put, doc_problem, &r };
	const struct dialect *whole;
	char *doc;
	size_t len;

	assert(dialect != NULL && dialect->read_document != NULL && fd >= 0 &&
	    (head != NULL || n == 0) && file != NULL && sink != NULL &&
	    sink->put != NULL && sink->problem != NULL);
	if (read_all(fd, head, n, &doc, &len) != 0) {
		sink->problem(sink->ctx, file, 0, errno, errno == EFBIG ?
		    "a JSON document of more than 64 MiB" : NULL);
		return;
	}
	if (!forced && (whole = dialect_detect_head(doc, len)) != NULL &&
	    whole->read_document != NULL)
		dialect = whole;
	dialect->read_document(doc, len, &doc_sink);
	free(doc);
}
