/*
 * attrs.c - modes (octal or chmod's symbolic syntax, through libbsd's
 * setmode/getmode, the BSD mknod's own parser) and owners (names first,
 * as chown(1) does, then numbers).
 */
#include <sys/stat.h>

#include <bsd/unistd.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "entry/attrs.h"
#include "base/number.h"
#include "entry/ids.h"
#include "base/text.h"

#define MODE_BASE (S_IRUSR | S_IWUSR | S_IRGRP | S_IWGRP | S_IROTH | S_IWOTH)

/*
 * Symbolic modes apply to a=rw.  setmode() reads the umask for clauses
 * without a "who" ("+x"); devtool runs with a umask of 0, so "+x" means
 * a+x and the result is exactly what was written.
 */
int
attrs_mode(const char *text, mode_t *mode, struct dt_diag *d)
{
	char q[DT_QUOTE_SIZE];
	void *set;

	if (*text == '\0' || (set = setmode(text)) == NULL) {
		snprintf(d->msg, sizeof(d->msg), "invalid mode '%s': "
		    "expected octal (0660) or symbolic (u=rw,g=r,o=)",
		    dt_quote(q, sizeof(q), text, strlen(text)));
		return -1;
	}
	*mode = getmode(set, MODE_BASE) & 07777;
	free(set);
	return 0;
}

static int
numeric_id(const char *text, unsigned long *id)
{
	uint64_t v;

	if (dt_parse_number(text, &v, NULL) != DT_OK || v >= 0xffffffffu)
		return -1;
	*id = (unsigned long)v;
	return 0;
}

int
attrs_owner(const char *text, const struct id_resolver *res, bool group,
    uint32_t *id, struct dt_diag *d)
{
	char q[DT_QUOTE_SIZE];
	unsigned long n;

	if (*text != '\0' && ids_lookup(res, text, group, id) == 0)
		return 0;
	if (numeric_id(text, &n) == 0) {
		*id = (uint32_t)n;
		return 0;
	}
	snprintf(d->msg, sizeof(d->msg), "unknown %s '%s'%s",
	    group ? "group" : "user",
	    dt_quote(q, sizeof(q), text, strlen(text)),
	    ids_searched(res, group));
	return -1;
}
