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
attrs_user(const char *text, const struct id_resolver *res, uid_t *uid,
    struct dt_diag *d)
{
	char q[DT_QUOTE_SIZE];
	unsigned long id;

	if (*text != '\0' && res->user(res->ctx, text, uid) == 0)
		return 0;
	if (numeric_id(text, &id) == 0) {
		*uid = (uid_t)id;
		return 0;
	}
	snprintf(d->msg, sizeof(d->msg), "unknown user '%s'%s",
	    dt_quote(q, sizeof(q), text, strlen(text)),
	    ids_searched(res, false));
	return -1;
}

int
attrs_group(const char *text, const struct id_resolver *res, gid_t *gid,
    struct dt_diag *d)
{
	char q[DT_QUOTE_SIZE];
	unsigned long id;

	if (*text != '\0' && res->group(res->ctx, text, gid) == 0)
		return 0;
	if (numeric_id(text, &id) == 0) {
		*gid = (gid_t)id;
		return 0;
	}
	snprintf(d->msg, sizeof(d->msg), "unknown group '%s'%s",
	    dt_quote(q, sizeof(q), text, strlen(text)),
	    ids_searched(res, true));
	return -1;
}
