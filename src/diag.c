/*
 * diag.c - filling a struct dt_diag.  See diag.h.
 */
#include <stdarg.h>
#include <stdio.h>

#include "diag.h"

enum dt_status
dt_fail(struct dt_diag *d, enum dt_status st, const char *fmt, ...)
{
	va_list ap;

	if (d != NULL) {
		va_start(ap, fmt);
		vsnprintf(d->msg, sizeof(d->msg), fmt, ap);
		va_end(ap);
	}
	return st;
}
