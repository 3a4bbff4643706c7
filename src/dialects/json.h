/*
 * json.h - the JSON dialects of table.h, through json-c: devtool's
 * own `json' (one object a line) and `oci', the OCI runtime
 * specification's linux.devices (config.md, "Devices"), as an array or a
 * whole config.json.  Pure like table.h: no file system, no printing.
 *
 * table.c calls the line functions for TABLE_JSON; an OCI document is
 * read whole (source_oci.c hands it over), its elements one at a time so
 * that each error names the line its element starts on.
 */
#ifndef DEVTOOL_JSON_H
#define DEVTOOL_JSON_H

#include <stddef.h>

#include "base/diag.h"
#include "entry/entry.h"
#include "dialects/table.h"

/*
 * An OCI document may be at most this long: it is read whole before
 * anything is made, as apply reads every table.
 */
#define TABLE_OCI_MAX (64u << 20)

/*
 * How input that starts with head (n bytes: at least its first line, or
 * all of it) is to be read: TABLE_OCI for a whole document (its first
 * non-blank byte is '[', or a '{' whose line is not one whole object or
 * is a config.json's: it has an "ociVersion" or "linux" member),
 * TABLE_JSON for JSON lines, TABLE_UNKNOWN for a table of another
 * dialect (line by line, table_detect).
 */
enum table_dialect table_json_sniff(const char *head, size_t n);

/* table_format_note for TABLE_JSON and TABLE_OCI (entry validated). */
int table_json_format(enum table_dialect dialect, const struct entry *e,
    const char *note, char *buf, size_t len, struct dt_diag *d);

/* table_parse_line for TABLE_JSON (line without its newline). */
int table_json_parse_line(const char *line, size_t len, struct entry *out,
    char *path, struct dt_diag *d);

/*
 * An OCI document: a linux.devices array, or a config.json holding one.
 * Each element read is handed to put (its path in a buffer of the
 * reader's, valid during the call; lineno set, file not), each problem
 * to problem with the line of the element (of the document's first line
 * for a config.json's, the message then saying which element).
 */
struct table_oci_sink {
	void (*put)(void *ctx, const struct entry *e);
	void (*problem)(void *ctx, unsigned long line, const char *msg);
	void *ctx;
};

void table_oci_read(const char *doc, size_t len,
    const struct table_oci_sink *sink);

#endif
