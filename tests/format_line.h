/*
 * format_line.h - dialect_format (dialect.h) into a test's array, for the
 * unit tests that compare lines as strings.  A line that would not fit
 * stops the test: it is never cut.
 */
#ifndef DEVTOOL_TEST_FORMAT_LINE_H
#define DEVTOOL_TEST_FORMAT_LINE_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/buf.h"
#include "dialects/dialect.h"

static inline int
format_line(const struct dialect *dl, const struct entry *e, char *line,
    size_t size, struct dt_diag *d)
{
	struct dt_buf b = DT_BUF_INIT;
	int rc = dialect_format(dl, e, &b, d);

	if (b.len >= size) {
		fprintf(stderr, "format_line: a line of %zu bytes for an "
		    "array of %zu\n", b.len, size);
		abort();
	}
	memcpy(line, dt_buf_str(&b), b.len + 1);
	dt_buf_free(&b);
	return rc;
}

#endif
