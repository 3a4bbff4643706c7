/*
 * conflicts_merge.c - the entry points of conflicts.h: the pairs that
 * conflicts.c finds given back as entries (conflicts_find), and the
 * merges, which keep of each conflict the line --merge names.  Apart
 * from the checks, which know nothing of which line wins.
 */
#include <assert.h>
#include <limits.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "base/grow.h"
#include "entry/conflicts.h"
#include "entry/conflicts_impl.h"
#include "entry/pack.h"
#include "entry/validate.h"

struct plain {
	const struct items *v;
	conflicts_fn *fn;
	void *ctx;
};

static void
plain_pair(void *ctx, size_t later, size_t earlier, const char *msg)
{
	struct plain *p = ctx;
	struct entry buf;

	(void)earlier;
	p->fn(p->ctx, it_entry(p->v, later, &buf), msg);
}

long
conflicts_find(const struct entry *v, size_t n, uid_t new_uid,
    gid_t new_gid, conflicts_fn *fn, void *ctx)
{
	const struct items it = { .v = v };
	struct plain p = { &it, fn, ctx };

	assert(fn != NULL);
	return conflicts_pairs(&it, n, new_uid, new_gid, plain_pair, &p);
}

/* The losers of a merge: for each item, the items that beat it. */
struct merge {
	const struct items *v;
	enum conflicts_merge how;
	conflicts_fn *fn;
	void *ctx;
	size_t (*beaten)[2];	/* loser, winner */
	size_t n, cap;
	bool nomem;
};

static void
merge_pair(void *ctx, size_t later, size_t earlier, const char *msg)
{
	struct merge *m = ctx;
	struct entry buf;
	size_t (*b)[2];

	m->fn(m->ctx, it_entry(m->v, later, &buf), msg);
	if ((b = dt_room_for_one(m->beaten, m->n, &m->cap, sizeof(*b),
	    16)) == NULL) {
		m->nomem = true;
		return;
	}
	m->beaten = b;
	m->beaten[m->n][0] = m->how == CONFLICTS_LAST ? earlier : later;
	m->beaten[m->n++][1] = m->how == CONFLICTS_LAST ? later : earlier;
}

/* Whether paths a and b are one, or one is below the other. */
static bool
overlaps(const char *a, const char *b)
{
	size_t na = strlen(a), nb = strlen(b), n = na < nb ? na : nb;

	return strncmp(a, b, n) == 0 && (na == nb ||
	    (na < nb ? b[n] : a[n]) == '/');
}

/* Whether node path of a loser is made (or undone) by item w. */
static bool
beaten_by(const struct entry *w, const char *path)
{
	char p[PATH_MAX];
	struct entry one;
	struct dt_diag d;

	for (size_t k = 0; k < entry_expand_count(w); k++)
		if (entry_expand(w, k, &one, p, &d) == 0 &&
		    overlaps(one.path, path))
			return true;
	return false;
}

/* Where the kept entries go: a list or a pack. */
typedef int keep_fn(void *out, const struct entry *e);

/* Item i of m without what its winners make: to keep. */
static int
keep_rest(const struct merge *m, size_t i, keep_fn *keep, void *out)
{
	struct entry buf, wbuf;
	const struct entry *e = it_entry(m->v, i, &buf);
	char p[PATH_MAX];
	struct entry one;
	struct dt_diag d;
	bool lost;

	if (e->count == 0)
		return 0;	/* one name, lost whole */
	for (size_t k = 0; k < entry_expand_count(e); k++) {
		if (entry_expand(e, k, &one, p, &d) != 0)
			continue;
		lost = false;
		for (size_t j = 0; j < m->n && !lost; j++)
			lost = m->beaten[j][0] == i &&
			    beaten_by(it_entry(m->v, m->beaten[j][1], &wbuf),
			    one.path);
		if (!lost && keep(out, &one) != 0)
			return -1;
	}
	return 0;
}

/*
 * The pairs of the n items v, and, but for CONFLICTS_ERROR, what is kept
 * of them to keep(out, entry), in their order: *kept says whether out
 * is to replace the items (a conflict was found).
 */
static long
merge_items(const struct items *v, size_t n, enum conflicts_merge how,
    uid_t new_uid, gid_t new_gid, conflicts_fn *fn, void *ctx,
    keep_fn *keep, void *out, bool *kept)
{
	struct merge m = { v, how, fn, ctx, NULL, 0, 0, false };
	struct entry buf;
	long count;
	bool loser;

	*kept = false;
	if (how == CONFLICTS_ERROR) {
		struct plain p = { v, fn, ctx };

		return conflicts_pairs(v, n, new_uid, new_gid, plain_pair, &p);
	}
	count = conflicts_pairs(v, n, new_uid, new_gid, merge_pair, &m);
	if (count <= 0 || m.nomem) {
		free(m.beaten);
		return m.nomem ? -1 : count;
	}
	*kept = true;
	for (size_t i = 0; i < n; i++) {
		loser = false;
		for (size_t j = 0; j < m.n && !loser; j++)
			loser = m.beaten[j][0] == i;
		if (loser ? keep_rest(&m, i, keep, out) != 0 :
		    keep(out, it_entry(v, i, &buf)) != 0) {
			free(m.beaten);
			return -1;
		}
	}
	free(m.beaten);
	return count;
}

static int
keep_in_list(void *out, const struct entry *e)
{
	return entries_add(out, e);
}

long
conflicts_merge(struct entries *v, enum conflicts_merge how, uid_t new_uid,
    gid_t new_gid, conflicts_fn *fn, void *ctx)
{
	const struct items it = { .v = v->v };
	struct entries out = { 0 };
	bool kept;
	long count = merge_items(&it, v->n, how, new_uid, new_gid, fn, ctx,
	    keep_in_list, &out, &kept);

	if (count < 0 || !kept) {
		entries_free(&out);
		return count;
	}
	entries_free(v);
	*v = out;
	return count;
}

static int
keep_in_pack(void *out, const struct entry *e)
{
	return entry_pack_add(out, e);
}

long
conflicts_merge_pack(struct entry_pack *p, enum conflicts_merge how,
    uid_t new_uid, gid_t new_gid, conflicts_fn *fn, void *ctx)
{
	const struct items it = { .p = p };
	struct entry_pack out = { 0 };
	bool kept;
	long count = merge_items(&it, p->n, how, new_uid, new_gid, fn, ctx,
	    keep_in_pack, &out, &kept);

	if (count < 0 || !kept) {
		entry_pack_free(&out);
		return count;
	}
	entry_pack_free(p);
	*p = out;
	return count;
}
