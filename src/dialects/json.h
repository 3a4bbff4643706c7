/*
 * json.h - devtool's own JSON dialect, `json' (json.c): one object a
 * line, through json-c.  The OCI dialect is oci.c; what both share,
 * json_io.h.  Pure like dialect.h.
 */
#ifndef DEVTOOL_JSON_H
#define DEVTOOL_JSON_H

#include <stddef.h>

#include "base/diag.h"
#include "dialects/dialect.h"
#include "entry/entry.h"

/* One JSON line (without its newline), as a read_line. */
int json_parse_line(const char *line, size_t len, struct entry *out,
    char *path, struct dt_diag *d);

#endif
