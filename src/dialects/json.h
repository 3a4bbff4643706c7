/*
 * json.h - the JSON dialects, through json-c (json.c): devtool's own
 * `json' (one object a line) and `oci', the OCI runtime specification's
 * linux.devices (config.md, "Devices"), as an array or a whole
 * config.json, read whole (its row's read_document) with each element's
 * errors naming the line it starts on.  Pure like dialect.h.
 */
#ifndef DEVTOOL_JSON_H
#define DEVTOOL_JSON_H

#include <stddef.h>

#include "base/diag.h"
#include "dialects/dialect.h"
#include "entry/entry.h"

/*
 * An OCI document may be at most this long: it is read whole before
 * anything is made, as apply reads every table.
 */
#define JSON_OCI_MAX (64u << 20)

/* One JSON line (without its newline), as a read_line. */
int json_parse_line(const char *line, size_t len, struct entry *out,
    char *path, struct dt_diag *d);

#endif
