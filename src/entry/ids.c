/*
 * ids.c - user and group names to ids through the caller's resolver.
 * See ids.h.
 */
#include <assert.h>
#include <inttypes.h>
#include <string.h>

#include "base/text.h"
#include "entry/ids.h"

const char *
ids_searched(const struct id_resolver *res, bool group)
{
	const char *s = res != NULL && res->searched != NULL ?
	    res->searched(res->ctx, group) : NULL;

	return s != NULL ? s : "";
}

int
ids_name(const struct id_resolver *res, const char *name, bool group,
    uint32_t *id, struct dt_diag *d)
{
	const char *what = group ? "group" : "user";
	uid_t uid = 0;
	gid_t gid = 0;
	int r = -1;
	char q[QUOTE_MAX];

	assert(name != NULL && id != NULL && d != NULL);
	if (res != NULL && group && res->group != NULL) {
		r = res->group(res->ctx, name, &gid);
		*id = (uint32_t)gid;
	} else if (res != NULL && !group && res->user != NULL) {
		r = res->user(res->ctx, name, &uid);
		*id = (uint32_t)uid;
	}
	if (r != 0)
		return dt_error(d, "unknown %s '%s'%s", what,
		    dt_quote(q, QUOTE_MAX - 3, name, strlen(name)),
		    ids_searched(res, group));
	if (*id > ID_MAX)
		return dt_error(d, "%s '%s' has the reserved id %" PRIu32, what,
		    dt_quote(q, QUOTE_MAX - 3, name, strlen(name)), *id);
	return 0;
}
