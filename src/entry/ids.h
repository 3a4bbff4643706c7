/*
 * ids.h - user and group names to ids: the one rule every dialect and
 * option reads a name by (devtool(1), "User and group names").  The
 * lookups themselves are the caller's, behind a resolver: the CLI's
 * (cli/owners.c: the target's /etc/passwd, or the host's NSS through
 * sys/nss.h), a test's own.  Pure.
 */
#ifndef DEVTOOL_IDS_H
#define DEVTOOL_IDS_H

#include <sys/types.h>

#include <stdbool.h>
#include <stdint.h>

#include "base/bounds.h"
#include "base/diag.h"
#include "entry/entry.h"

/*
 * Name lookups: lookup returns 0 and sets the id of a user (group: true,
 * a group) name, or -1 when the name is unknown; one callback for both,
 * since uid_t and gid_t are both 32-bit ids here.  A NULL resolver or
 * callback knows no names; numbers always work.  searched, when not
 * NULL, says where an unknown user (group: a group) was looked for, as
 * text to append to the message, such as " (not in /mnt/img/etc/group)";
 * NULL or "" says nothing.
 */
struct id_resolver {
	int (*lookup)(void *ctx, const char *name, bool group, uint32_t *id);
	void *ctx;
	const char *(*searched)(void *ctx, bool group);
};

/* res's searched text for an unknown user or group, or "". */
const char *ids_searched(const struct id_resolver *res, bool group);

/*
 * The id res gives a user (group: a group) name: 0 with *id, or -1 when
 * res (which may be NULL, or lack a lookup) does not know it.
 */
int ids_lookup(const struct id_resolver *res, const char *name, bool group,
    uint32_t *id);

/*
 * The id of a user (group: a group) name through res: 0 with *id, or -1
 * with "unknown user 'NAME'" and where it was looked for in d.  A name
 * whose id is past ID_MAX (chown's "no change") is refused too.
 */
int ids_name(const struct id_resolver *res, const char *name, bool group,
    uint32_t *id, struct dt_diag *d);

/*
 * A resolver that keeps names instead of looking them up, for a
 * conversion (list --table): each new name is given an id of its own,
 * IDS_KEPT_FIRST and up, and ids_keep_names puts the name back into an
 * entry read through it, so that a name stays a name.  A numeric owner
 * in that band (past 4294901759) is taken for a name's: see devtool(1),
 * CAVEATS.
 */
#define IDS_KEPT_FIRST 0xffff0000u

struct ids_keeper {
	char **names[2];	/* users, groups */
	size_t n[2], cap[2];
	struct id_resolver res;	/* hand this to the readers */
};

void ids_keeper_init(struct ids_keeper *k);
void ids_keeper_free(struct ids_keeper *k);
/* The name kept for id (group: a group's), or NULL. */
const char *ids_kept(const struct ids_keeper *k, uint32_t id, bool group);
/* Sets e's user and group to the names its ids were given for. */
void ids_keep_names(const struct ids_keeper *k, struct entry *e);

#endif
