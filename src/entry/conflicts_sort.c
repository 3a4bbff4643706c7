/*
 * conflicts_sort.c - the references of conflicts.c put in path order: a
 * radix sort of their keys, comparisons only among the few still alike.
 * Apart from conflicts.c, which finds the conflicts, since the sort is
 * a whole of its own (its keys, passes and runs) that needs nothing of
 * the checks.  See conflicts_impl.h.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "base/permute.h"
#include "entry/conflicts_impl.h"

/*
 * Before the sort, a ref's reach (set only after it, set_reach) holds a
 * key of its path: the 4 bytes after the prefix every path shares (NULs
 * past its end), big-endian, less its lowest bit.  Keys that differ
 * order two paths as strcmp would, without reading them; equal ones say
 * nothing.
 */
static size_t
set_keys(struct ref *v, size_t n, const struct items *items)
{
	const char *first = n > 0 ? it_path(items, v[0].idx) : "";
	size_t common = strlen(first);

	for (size_t i = 1; i < n && common > 0; i++) {
		const char *s = it_path(items, v[i].idx);
		size_t k = 0;

		while (k < common && s[k] == first[k])
			k++;
		common = k;
	}
	for (size_t i = 0; i < n; i++) {
		const unsigned char *s = (const unsigned char *)
		    it_path(items, v[i].idx) + common;
		uint32_t key = 0;
		int k;

		for (k = 0; k < 4 && s[k] != '\0'; k++)
			key |= (uint32_t)s[k] << (24 - 8 * k);
		v[i].reach = key >> 1;
	}
	return common;
}

static int
ref_cmp(const struct items *v, const struct ref *a, const struct ref *b)
{
	uint64_t sa, sb;
	int r;

	if (a->range != b->range)
		return a->range ? 1 : -1;
	if (a->reach != b->reach)	/* the keys (set_keys) */
		return a->reach < b->reach ? -1 : 1;
	if ((r = strcmp(it_path(v, a->idx), it_path(v, b->idx))) != 0)
		return r;
	sa = it_start(v, a->idx);
	sb = it_start(v, b->idx);
	if (sa != sb)
		return sa < sb ? -1 : 1;
	return a->idx < b->idx ? -1 : a->idx > b->idx;
}

/* What ref_at_cmp compares by: the refs, and the items they are of. */
struct refs_of {
	const struct ref *refs;
	const struct items *v;
};

static int
ref_at_cmp(const void *pa, const void *pb, void *ctx)
{
	const struct refs_of *o = ctx;

	return ref_cmp(o->v, &o->refs[*(const uint32_t *)pa],
	    &o->refs[*(const uint32_t *)pb]);
}

/*
 * The key a place is sorted by: with off 0, what ref_cmp orders by first
 * (range, then set_keys's key); else the 4 bytes of its path from off
 * (NULs past its end), big-endian.
 */
static inline uint32_t
place_key(const struct refs_of *o, uint32_t x, size_t off)
{
	const unsigned char *s;
	uint32_t k = 0;

	if (off == 0)
		return (uint32_t)o->refs[x].range << 31 | o->refs[x].reach;
	s = (const unsigned char *)it_path(o->v, o->refs[x].idx) + off;
	for (int i = 0; i < 4 && s[i] != '\0'; i++)
		k |= (uint32_t)s[i] << (24 - 8 * i);
	return k;
}

/* The places p (n) sorted stably by place_key, a byte a pass, via tmp. */
static void
radix_pass(uint32_t *p, uint32_t *tmp, size_t n, const struct refs_of *o,
    size_t off)
{
	uint32_t *src = p, *dst = tmp, *t;
	size_t i;

	for (unsigned shift = 0; shift < 32; shift += 8) {
		size_t count[256] = { 0 }, at = 0, c;

		for (i = 0; i < n; i++)
			count[place_key(o, src[i], off) >> shift & 0xff]++;
		if (count[place_key(o, src[0], off) >> shift & 0xff] == n)
			continue;	/* a byte alike in every key */
		for (i = 0; i < 256; i++) {
			c = count[i];
			count[i] = at;
			at += c;
		}
		for (i = 0; i < n; i++)
			dst[count[place_key(o, src[i], off) >> shift &
			    0xff]++] = src[i];
		t = src;
		src = dst;
		dst = t;
	}
	if (src != p)
		memcpy(p, src, n * sizeof(*p));
}

/* The places p (n) by ref_cmp: a few by insertion, more by qsort_r. */
static void
compare_sort(uint32_t *p, size_t n, const struct refs_of *o)
{
	if (n > 16) {
		qsort_r(p, n, sizeof(*p), ref_at_cmp, (void *)o);
		return;
	}
	for (size_t a = 1; a < n; a++) {
		uint32_t x = p[a];
		size_t b = a;

		for (; b > 0 && ref_cmp(o->v, &o->refs[x],
		    &o->refs[p[b - 1]]) < 0; b--)
			p[b] = p[b - 1];
		p[b] = x;
	}
}

/* The 8 bytes of place x's path from off (NULs past its end), big-endian. */
static inline uint64_t
path_key8(const struct refs_of *o, uint32_t x, size_t off)
{
	const unsigned char *s = (const unsigned char *)it_path(o->v,
	    o->refs[x].idx) + off;
	uint64_t k = 0;

	for (int i = 0; i < 8 && s[i] != '\0'; i++)
		k |= (uint64_t)s[i] << (56 - 8 * i);
	return k;
}

#define SMALL_RUN 64

/*
 * A run of at most SMALL_RUN places whose paths share their bytes up to
 * off and go on past it, by insertion on the 8 bytes from off (which
 * order them as strcmp does), then ref_cmp where those are alike.
 */
static void
small_sort(uint32_t *p, size_t n, const struct refs_of *o, size_t off)
{
	uint64_t k[SMALL_RUN];

	for (size_t a = 0; a < n; a++)
		k[a] = path_key8(o, p[a], off);
	for (size_t a = 1; a < n; a++) {
		uint32_t x = p[a];
		uint64_t kx = k[a];
		size_t b = a;

		for (; b > 0 && (kx < k[b - 1] || (kx == k[b - 1] &&
		    ref_cmp(o->v, &o->refs[x], &o->refs[p[b - 1]]) < 0)); b--) {
			p[b] = p[b - 1];
			k[b] = k[b - 1];
		}
		p[b] = x;
		k[b] = kx;
	}
}

/*
 * The places p (n) in ref_cmp's order, without a comparison sort's
 * n log n calls through a pointer, which were most of the conflict check
 * (make bench): a radix sort by what ref_cmp compares first (place_key,
 * off 0); then each run alike in it whose paths go on past the key's
 * first 3 bytes, which the run shares, by the bytes from there (a long
 * run by a radix sort of their next 4 first); what is still alike by
 * ref_cmp itself.  A radix sort is stable and ref_cmp a total order:
 * this is its one order.  common: the bytes every path shares
 * (set_keys); tmp: room for n places.
 */
static void
sort_places(uint32_t *p, uint32_t *tmp, size_t n, const struct refs_of *o,
    size_t common)
{
	const size_t off = common + 3;
	size_t i, j, a, b;

	radix_pass(p, tmp, n, o, 0);
	for (i = 0; i < n; i = j) {
		uint32_t k = place_key(o, p[i], 0);

		for (j = i + 1; j < n && place_key(o, p[j], 0) == k; j++)
			continue;
		if (j - i == 1)
			continue;
		/* the key's third byte (set_keys): 0 when the paths end */
		if ((k >> 7 & 0xff) == 0) {
			compare_sort(p + i, j - i, o);
			continue;
		}
		if (j - i <= SMALL_RUN) {
			small_sort(p + i, j - i, o, off);
			continue;
		}
		radix_pass(p + i, tmp, j - i, o, off);
		for (a = i; a < j; a = b) {
			uint32_t k2 = place_key(o, p[a], off);

			for (b = a + 1; b < j && place_key(o, p[b], off) == k2;
			    b++)
				continue;
			compare_sort(p + a, b - a, o);
		}
	}
}

/*
 * The refs sorted: their places are (4 bytes each, and 4 of the sort's
 * own copy, not 8 and 8), then each ref is put in its place by following each cycle of the
 * permutation once.  ref_cmp is a total order: the result is the one
 * order.  -1 when out of memory.
 */
int
conflicts_sort_refs(struct ref *v, size_t n, const struct items *items)
{
	struct refs_of o = { v, items };
	uint32_t *p = reallocarray(NULL, 2 * n + 1, sizeof(*p));
	struct ref tmp;
	size_t common;

	if (p == NULL)
		return -1;
	for (size_t i = 0; i < n; i++)
		p[i] = (uint32_t)i;
	common = set_keys(v, n, items);
	if (n > 0)
		sort_places(p, p + n, n, &o, common);
	dt_permute(v, sizeof(*v), p, n, &tmp);	/* place i gets ref p[i] */
	free(p);
	return 0;
}
