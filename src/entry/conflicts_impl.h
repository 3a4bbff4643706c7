/*
 * conflicts_impl.h - what the files of conflicts.c share: the items (a
 * list's entries or a pack's records) read through the it_ functions,
 * the references to them, the sort that puts those in path order
 * (conflicts_sort.c), and the pairs found (conflicts.c), which
 * conflicts_merge.c reports and merges.  Included by those files alone.
 */
#ifndef DEVTOOL_CONFLICTS_IMPL_H
#define DEVTOOL_CONFLICTS_IMPL_H

#include <sys/types.h>

#include <assert.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "entry/entry.h"
#include "entry/pack.h"

/*
 * The items: a list's whole entries, or a pack's records (pack.h), read
 * through the it_ functions below.
 */
struct items {
	const struct entry *v;		/* a list's, or NULL */
	const struct entry_pack *p;	/* else a pack's */
};

static inline const char *
it_path(const struct items *s, size_t i)
{
	return s->v != NULL ? s->v[i].path : entry_pack_path(s->p, i);
}

/* Item i whole: in the list, or in buf. */
static inline const struct entry *
it_entry(const struct items *s, size_t i, struct entry *buf)
{
	if (s->v != NULL)
		return &s->v[i];
	entry_pack_get(s->p, i, buf);
	return buf;
}

/*
 * Item i whole where it is kept whole (a list's, a pack's side table),
 * NULL for a pack's record, which holds no range.
 */
static inline const struct entry *
it_whole(const struct items *s, size_t i)
{
	return s->v != NULL ? &s->v[i] : entry_pack_whole(s->p, i);
}

static inline uint64_t
it_start(const struct items *s, size_t i)
{
	const struct entry *w = it_whole(s, i);

	return w != NULL ? w->start : 0;
}

static inline uint64_t
it_count(const struct items *s, size_t i)
{
	const struct entry *w = it_whole(s, i);

	return w != NULL ? w->count : 0;
}

static inline char
it_type(const struct items *s, size_t i)
{
	if (s->v != NULL)
		return s->v[i].type;
	return entry_pack_type(s->p, i);
}

static inline bool
it_recursive(const struct items *s, size_t i)
{
	return s->v != NULL ? s->v[i].recursive :
	    entry_pack_recursive(s->p, i);
}

/*
 * Items in order: the singles by path, then the ranges by base and
 * start; which a ref is, its place says (before the checker's nsingles
 * or not).  8 bytes, one for each line of a table of millions (REFS_MAX
 * of them); the path is the item's.
 */
struct ref {
	uint32_t idx : 31;	/* into the items */
	uint32_t same : 1;	/* the path of the ref before it (the sort's) */
	uint32_t reach;		/* the sort's key (conflicts_sort.c); then, for
				   ranges, of those of this base up to here
				   the position of one that ends last */
};

static_assert(sizeof(struct ref) == 8, "a reference in 8 bytes");

#define REFS_MAX ((size_t)1 << 31)

/*
 * The refs v (n), the singles first (nsingles of them) and then the
 * ranges, each part put in path order (conflicts_sort.c): singles by
 * path, ranges by base and start, items alike by their place; each
 * ref's reach overwritten, and its same set where its path is that of
 * the ref before it in its part (the refs come with same clear).  0, or
 * -1 when out of memory.
 */
int conflicts_sort_refs(struct ref *v, size_t n, size_t nsingles,
    const struct items *items);

/* Each conflict, as the indexes of its later and earlier items. */
typedef void pair_fn(void *ctx, size_t later, size_t earlier,
    const char *msg);

/*
 * The conflicts among the n items v (conflicts_find's), each to fn as
 * the indexes of its later and earlier items, ordered by the later.
 * Returns their number, or -1 when out of memory.
 */
long conflicts_pairs(const struct items *v, size_t n, uid_t new_uid,
    gid_t new_gid, pair_fn *fn, void *ctx);

#endif
