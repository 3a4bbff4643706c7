/*
 * diag.c - filling a struct dt_diag.  See diag.h.
 */
#include <stdarg.h>
#include <stdio.h>

#include "base/diag.h"

static void
vfill(struct dt_diag *d, const char *fmt, va_list ap)
{
	if (d != NULL)
		vsnprintf(d->msg, sizeof(d->msg), fmt, ap);
}

enum dt_status
dt_fail(struct dt_diag *d, enum dt_status st, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vfill(d, fmt, ap);
	va_end(ap);
	return st;
}

void
dt_say(struct dt_diag *d, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vfill(d, fmt, ap);
	va_end(ap);
}
