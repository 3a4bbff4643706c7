/*
 * conflicts_sort.c - the references of conflicts.c put in path order: a
 * radix sort of the refs themselves by keys they hold, comparisons only
 * among the few still alike.  Apart from conflicts.c, which finds the
 * conflicts, since the sort is a whole of its own (its keys, passes and
 * runs) that needs nothing of the checks.  See conflicts_impl.h.
 */
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "entry/conflicts_impl.h"

/*
 * The 4 bytes of s (NULs past its end), big-endian: strcmp's order.
 * Without a branch on where s ends (paths of all lengths would mispredict
 * it): s stops at its NUL, read again.
 */
static inline uint32_t
key4(const char *s)
{
	const unsigned char *u = (const unsigned char *)s;
	uint32_t k = 0;

	for (int i = 0; i < 4; i++) {
		k = k << 8 | *u;
		u += *u != '\0';
	}
	return k;
}

/* The same for 8 bytes. */
static inline uint64_t
key8(const char *s)
{
	const unsigned char *u = (const unsigned char *)s;
	uint64_t k = 0;

	for (int i = 0; i < 8 && u[i] != '\0'; i++)
		k |= (uint64_t)u[i] << (56 - 8 * i);
	return k;
}

/*
 * Each ref's reach (set only after the sort, set_reach) made the key of
 * its path from off, which all of them share the bytes before: keys
 * that differ order two paths as strcmp would; equal ones say nothing
 * unless their last byte is 0, the paths ending there alike.
 */
static void
set_keys(struct ref *v, size_t n, const struct items *items, size_t off)
{
	for (size_t i = 0; i < n; i++)
		v[i].reach = key4(it_path(items, v[i].idx) + off);
}

/*
 * The bytes every path of the refs v (n, at least one) starts with, and
 * each ref's key from there (set_keys) in the same reading of the paths:
 * the keys read before the prefix was last found shorter (by the first
 * few paths, as a rule) are read again at the end.
 */
static size_t
prefix_and_keys(struct ref *v, size_t n, const struct items *items)
{
	const char *first = it_path(items, v[0].idx);
	size_t common = strlen(first), stale = 0;

	for (size_t i = 0; i < n; i++) {
		const char *s = it_path(items, v[i].idx);
		size_t k = 0;

		while (k < common && s[k] == first[k])
			k++;
		if (k < common) {
			common = k;
			stale = i;	/* v[0..i) keyed at a longer one */
		}
		v[i].reach = key4(s + common);
	}
	set_keys(v, stale, items, common);
	return common;
}

/* The order of paths, then starts (a range's), then items. */
static int
ref_cmp(const struct items *v, const struct ref *a, const struct ref *b)
{
	uint64_t sa, sb;
	int r;

	if ((r = strcmp(it_path(v, a->idx), it_path(v, b->idx))) != 0)
		return r;
	sa = it_start(v, a->idx);
	sb = it_start(v, b->idx);
	if (sa != sb)
		return sa < sb ? -1 : 1;
	return a->idx < b->idx ? -1 : a->idx > b->idx;
}

static int
ref_qsort_cmp(const void *a, const void *b, void *items)
{
	return ref_cmp(items, a, b);
}

/* The refs v (n) by ref_cmp: a few by insertion, more by qsort_r. */
static void
compare_sort(struct ref *v, size_t n, const struct items *items)
{
	if (n > 16) {
		qsort_r(v, n, sizeof(*v), ref_qsort_cmp, (void *)items);
		return;
	}
	for (size_t a = 1; a < n; a++) {
		struct ref x = v[a];
		size_t b = a;

		for (; b > 0 && ref_cmp(items, &x, &v[b - 1]) < 0; b--)
			v[b] = v[b - 1];
		v[b] = x;
	}
}

/* Each of the refs v (n), sorted, marked same as the one before it or not. */
static void
mark_same(struct ref *v, size_t n, const struct items *items)
{
	for (size_t a = 1; a < n; a++)
		v[a].same = strcmp(it_path(items, v[a - 1].idx),
		    it_path(items, v[a].idx)) == 0;
}

/*
 * The refs v (n) sorted stably by their keys (reach), a byte a pass via
 * tmp (room for n): none when they are in order already (a table sorted
 * by path), and none for a byte alike in every key.
 */
static void
radix_sort(struct ref *v, struct ref *tmp, size_t n)
{
	uint32_t count[4][256] = { { 0 } };
	struct ref *src = v, *dst = tmp, *t;
	size_t i;

	for (i = 1; i < n && v[i - 1].reach <= v[i].reach; i++)
		continue;
	if (i >= n)
		return;
	for (i = 0; i < n; i++) {	/* unrolled: a third of the instructions */
		uint32_t k = v[i].reach;

		count[0][k & 0xff]++;
		count[1][k >> 8 & 0xff]++;
		count[2][k >> 16 & 0xff]++;
		count[3][k >> 24]++;
	}
	for (int b = 0; b < 4; b++) {
		uint32_t *c = count[b], at = 0, m;

		if (c[v[0].reach >> 8 * b & 0xff] == n)
			continue;	/* a byte alike in every key */
		for (i = 0; i < 256; i++) {
			m = c[i];
			c[i] = at;
			at += m;
		}
		for (i = 0; i < n; i++)
			dst[c[src[i].reach >> 8 * b & 0xff]++] = src[i];
		t = src;
		src = dst;
		dst = t;
	}
	if (src != v)
		memcpy(v, src, n * sizeof(*v));
}

/*
 * The longest run sorted by insertion: a radix sort pays 256 counts a
 * byte, which a run of 100 paths of 1,000 directories (make bench's
 * memory table) paid more for than insertion does (callgrind).
 */
#define SMALL_RUN 128

/*
 * A run of at most SMALL_RUN refs whose paths share their bytes up to
 * off, by insertion on the 8 bytes from off (which order them as strcmp
 * does), then ref_cmp where those are alike.
 */
static void
small_sort(struct ref *v, size_t n, const struct items *items, size_t off)
{
	uint64_t k[SMALL_RUN];

	for (size_t a = 0; a < n; a++)
		k[a] = key8(it_path(items, v[a].idx) + off);
	for (size_t a = 1; a < n; a++) {
		struct ref x = v[a];
		uint64_t kx = k[a];
		size_t b = a;

		if (kx > k[a - 1])
			continue;	/* in its place (a sorted table's) */
		for (; b > 0 && (kx < k[b - 1] || (kx == k[b - 1] &&
		    ref_cmp(items, &x, &v[b - 1]) < 0)); b--) {
			v[b] = v[b - 1];
			k[b] = k[b - 1];
		}
		v[b] = x;
		k[b] = kx;
	}
	/* alike 8 bytes that end the paths, or alike to the end */
	for (size_t a = 1; a < n; a++)
		if (k[a] == k[a - 1] && ((k[a] & 0xff) == 0 ||
		    strcmp(it_path(items, v[a - 1].idx),
		    it_path(items, v[a].idx)) == 0))
			v[a].same = 1;	/* else clear as it came */
}

/*
 * A run of refs whose keys (set_keys, off) are alike and whose paths go
 * on past them, by the bytes from off + 4: a short run by small_sort, a
 * long one by a radix sort of the next 4 and ref_cmp where those are
 * alike too.
 */
static void
sort_run(struct ref *v, struct ref *tmp, size_t n, const struct items *items,
    size_t off)
{
	size_t a, b;

	if (n <= SMALL_RUN) {
		small_sort(v, n, items, off + 4);
		return;
	}
	set_keys(v, n, items, off + 4);
	radix_sort(v, tmp, n);
	for (a = 0; a < n; a = b) {
		for (b = a + 1; b < n && v[b].reach == v[a].reach; b++)
			continue;
		compare_sort(v + a, b - a, items);
		mark_same(v + a, b - a, items);
	}
}

/*
 * The refs v (n, at least one) in ref_cmp's order, without a comparison
 * sort's n log n calls through a pointer, which were most of the
 * conflict check (make bench): a radix sort of the keys of the 4 bytes
 * after the prefix all paths share, then each run alike in those by
 * sort_run, or, where the paths end within them, by ref_cmp (a start,
 * the items).  A radix sort is stable and ref_cmp a total order: this is
 * its one order, and where it finds two paths alike it marks the later
 * same.  tmp: room for n refs.
 */
static void
sort_part(struct ref *v, struct ref *tmp, size_t n, const struct items *items)
{
	size_t off = prefix_and_keys(v, n, items), i, j;

	radix_sort(v, tmp, n);
	for (i = 0; i < n; i = j) {
		uint32_t k = v[i].reach;

		for (j = i + 1; j < n && v[j].reach == k; j++)
			continue;
		if (j - i == 1)
			continue;
		if ((k & 0xff) == 0) {	/* the paths end: all alike */
			compare_sort(v + i, j - i, items);
			for (size_t a = i + 1; a < j; a++)
				v[a].same = 1;
		} else
			sort_run(v + i, tmp, j - i, items, off);
	}
}

/*
 * The refs sorted, the singles and the ranges each in their part, by
 * moving the refs themselves (8 bytes, the key in them) through a copy
 * of the sort's own: no place to follow to a ref and from it to a path
 * on each pass.  -1 when out of memory.
 */
int
conflicts_sort_refs(struct ref *v, size_t n, size_t nsingles,
    const struct items *items)
{
	struct ref *tmp;

	assert(nsingles <= n);
	if ((tmp = reallocarray(NULL, n + 1, sizeof(*tmp))) == NULL)
		return -1;
	if (nsingles > 0)
		sort_part(v, tmp, nsingles, items);
	if (n > nsingles)
		sort_part(v + nsingles, tmp, n - nsingles, items);
	free(tmp);
	return 0;
}
