/*
 * ids.c - user and group names to ids through the caller's resolver.
 * See ids.h.
 */
#include <assert.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "base/grow.h"
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
ids_lookup(const struct id_resolver *res, const char *name, bool group,
    uint32_t *id)
{
	assert(name != NULL && id != NULL);
	if (res == NULL || res->lookup == NULL)
		return -1;
	return res->lookup(res->ctx, name, group, id) == 0 ? 0 : -1;
}

int
ids_name(const struct id_resolver *res, const char *name, bool group,
    uint32_t *id, struct dt_diag *d)
{
	const char *what = group ? "group" : "user";
	char q[QUOTE_MAX];

	assert(name != NULL && id != NULL && d != NULL);
	if (ids_lookup(res, name, group, id) != 0)
		return dt_error(d, "unknown %s '%s'%s", what,
		    dt_quote_word(q, sizeof(q), name, strlen(name)),
		    ids_searched(res, group));
	if (*id > ID_MAX)
		return dt_error(d, "%s '%s' has the reserved id %" PRIu32, what,
		    dt_quote_word(q, sizeof(q), name, strlen(name)), *id);
	return 0;
}

/* The id of name in the keeper's list, adding it: -1 when out of memory. */
static int
keep(void *ctx, const char *name, bool group, uint32_t *id)
{
	struct ids_keeper *k = ctx;
	size_t i, g = group;
	char **v;

	for (i = 0; i < k->n[g]; i++)
		if (strcmp(k->names[g][i], name) == 0)
			break;
	if (i == k->n[g]) {
		if (i >= ID_MAX - IDS_KEPT_FIRST)
			return -1;
		if ((v = dt_room_for_one(k->names[g], i, &k->cap[g],
		    sizeof(*v), 16)) == NULL)
			return -1;
		k->names[g] = v;
		if ((k->names[g][i] = strdup(name)) == NULL)
			return -1;
		k->n[g]++;
	}
	*id = IDS_KEPT_FIRST + (uint32_t)i;
	return 0;
}

void
ids_keeper_init(struct ids_keeper *k)
{
	memset(k, 0, sizeof(*k));
	k->res = (struct id_resolver){ keep, k, NULL };
}

void
ids_keeper_free(struct ids_keeper *k)
{
	for (size_t g = 0; g < 2; g++) {
		for (size_t i = 0; i < k->n[g]; i++)
			free(k->names[g][i]);
		free(k->names[g]);
	}
	memset(k, 0, sizeof(*k));
}

const char *
ids_kept(const struct ids_keeper *k, uint32_t id, bool group)
{
	if (k == NULL || id < IDS_KEPT_FIRST ||
	    id - IDS_KEPT_FIRST >= k->n[group])
		return NULL;
	return k->names[group][id - IDS_KEPT_FIRST];
}

void
ids_keep_names(const struct ids_keeper *k, struct entry *e)
{
	if (e->uid_set)
		e->user = ids_kept(k, (uint32_t)e->uid, false);
	if (e->gid_set)
		e->group = ids_kept(k, (uint32_t)e->gid, true);
}
