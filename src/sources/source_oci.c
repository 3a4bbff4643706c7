/*
 * source_oci.c - an OCI document (the runtime specification's
 * linux.devices array, or a config.json holding one) as a source of
 * entries, for the table source (source_table.c): a JSON document has no
 * lines to read one at a time, so it is read whole, at most
 * DIALECT_DOC_MAX bytes, then its dialect (oci.c) reads its elements.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "sources/source.h"

#define CHUNK 65536

struct oci_read {
	const char *file;
	const struct entry_sink *sink;
};

static void
oci_put(void *ctx, const struct entry *e)
{
	struct oci_read *r = ctx;
	struct entry copy = *e;

	copy.file = r->file;
	r->sink->put(r->sink->ctx, &copy);
}

static void
oci_problem(void *ctx, unsigned long line, const char *msg)
{
	struct oci_read *r = ctx;

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
source_oci_read(const struct dialect *dialect, int fd, const char *head, size_t n, const char *file,
    const struct entry_sink *sink)
{
	struct oci_read r = { file, sink };
	const struct dialect_doc_sink oci = { oci_put, oci_problem, &r };
	char *doc;
	size_t len;

	if (read_all(fd, head, n, &doc, &len) != 0) {
		sink->problem(sink->ctx, file, 0, errno, errno == EFBIG ?
		    "an OCI document of more than 64 MiB" : NULL);
		return;
	}
	dialect->read_document(doc, len, &oci);
	free(doc);
}
