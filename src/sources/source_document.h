/*
 * source_document.h - for source_table.c only: a table that is one
 * document (source_document.c).
 */
#ifndef DEVTOOL_SOURCE_DOCUMENT_H
#define DEVTOOL_SOURCE_DOCUMENT_H

#include <stdbool.h>
#include <stddef.h>

#include "sources/source.h"

/*
 * For the table source: a document read whole (OCI, or devtool's json as
 * jq writes it) whose first n bytes, head, were read from fd already; the
 * rest is read to the end, then, unless the dialect was named (forced),
 * the document bidders are asked again with all of it (dialect.h), and
 * every element is parsed and handed over (source_document.c).
 */
void source_document_read(const struct dialect *dialect, bool forced,
    int fd, const char *head, size_t n, const char *file,
    const struct entry_sink *sink);

#endif
