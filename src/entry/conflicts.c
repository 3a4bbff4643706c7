/*
 * conflicts.c - the entries of the tables checked against each other.
 * See conflicts.h.
 */
#include <assert.h>
#include <ctype.h>
#include <errno.h>
#include <inttypes.h>
#include <limits.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/bounds.h"
#include "base/grow.h"
#include "base/permute.h"
#include "base/text.h"
#include "entry/conflicts.h"
#include "entry/pack.h"
#include "entry/validate.h"

/*
 * Conflicts.  Every check looks names up, by binary search, in one array
 * of the items sorted by path, so n lines cost about n log n string
 * comparisons.  Ranges are never expanded (a few lines may stand for
 * millions of names): a name is looked up as a range's base followed by
 * each way of reading its trailing digits as the range's number.
 */
#define U64_DIGITS 20		/* decimal digits of UINT64_MAX */
#define NONE SIZE_MAX
#define WHERE_MAX (PATH_MAX + 32)
#define DESCRIBE_MAX 128
#define CLEAN_DEPTH (PATH_MAX / 2)	/* the deepest a path can be */

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
static const struct entry *
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
 * Items in order: singles by path, then ranges by base and start (the
 * item's).  8 bytes, one for each line of a table of millions (REFS_MAX
 * of them); the path is the item's.
 */
struct ref {
	uint32_t idx;		/* into the items */
	uint32_t reach : 31;	/* ranges: of those of this base up to here,
				   the position of one that ends last */
	uint32_t range : 1;
};

static_assert(sizeof(struct ref) == 8, "a reference in 8 bytes");

#define REFS_MAX ((size_t)1 << 31)

struct conflict {
	size_t later, earlier;
	char *msg;
};

struct checker {
	struct items v;
	struct ref *refs;
	size_t n, nsingles;
	uid_t new_uid;		/* the owner of a new entry */
	gid_t new_gid;
	struct conflict *found;
	size_t nfound, cap;
	bool nomem;
};

static uint64_t
item_last(const struct items *s, size_t i)
{
	uint64_t count = it_count(s, i);

	return count > 0 ? it_start(s, i) + count - 1 : 0;
}

static inline const char *
ref_path(const struct checker *c, const struct ref *r)
{
	return it_path(&c->v, r->idx);
}

static uint64_t
minor_at(const struct entry *it, uint64_t k)
{
	if (it->count == 0 || !entry_has_numbers(it))
		return it->minor;
	return it->minor + (k - it->start) * it->inc;
}

/*
 * Whether node kl of the later item l asks for what node ke of the
 * earlier item e made.  A '-' in l keeps whatever is there, as does an
 * mtree nochange (its mode and owner are for a new one); a '-' in e
 * made a new entry with the default mode (which the parser put in its
 * mode field) and the owner new entries get.
 */
static bool
agrees(const struct checker *c, size_t l, uint64_t kl, size_t e,
    uint64_t ke)
{
	struct entry bx, by;
	const struct entry *x = it_entry(&c->v, l, &bx),
	    *y = it_entry(&c->v, e, &by);

	return x->type == y->type && x->major == y->major &&
	    minor_at(x, kl) == minor_at(y, ke) &&
	    (x->target == NULL || (y->target != NULL &&
	    strcmp(x->target, y->target) == 0)) &&
	    (!x->mode_set || x->nochange || x->mode == y->mode) &&
	    (!x->uid_set || x->nochange ||
	    x->uid == (y->uid_set ? y->uid : c->new_uid)) &&
	    (!x->gid_set || x->nochange ||
	    x->gid == (y->gid_set ? y->gid : c->new_gid));
}

/* The name of node k of it, quoted for a message into QUOTE_MAX bytes. */
static const char *
item_name(const struct entry *it, uint64_t k, char *buf)
{
	char name[PATH_MAX + U64_DIGITS];
	int n = it->count > 0 ?
	    snprintf(name, sizeof(name), "%s%" PRIu64, it->path, k) :
	    snprintf(name, sizeof(name), "%s", it->path);

	return dt_quote_word(buf, QUOTE_MAX, name, (size_t)n < sizeof(name) ?
	    (size_t)n : sizeof(name) - 1);
}

static const char *
where(const struct entry *it, char *buf)
{
	char file[PATH_MAX];

	dt_quote(file, sizeof(file), it->file, strlen(it->file));
	snprintf(buf, WHERE_MAX, "%s:%lu", file, it->lineno);
	return buf;
}

/*
 * "c 1:3, mode 0666, owner 0:0", with "-" for what tmpfiles left out; a
 * link is its target: "l -> 'pts/ptmx'".
 */
static const char *
describe(const struct entry *it, uint64_t k, char *buf)
{
	char mode[8] = "-", uid[16] = "-", gid[16] = "-", nums[48] = "";
	char q[QUOTE_MAX];

	if (it->type == 'l' && it->existing) {
		snprintf(buf, DESCRIBE_MAX, "l (the link there), owner %ju:%ju",
		    (uintmax_t)it->uid, (uintmax_t)it->gid);
		return buf;
	}
	if (it->type == 'l') {
		snprintf(buf, DESCRIBE_MAX, "l -> '%s'",
		    dt_quote_word(q, sizeof(q), it->target,
		    strlen(it->target)));
		return buf;
	}

	if (it->mode_set)
		snprintf(mode, sizeof(mode), "%04o", it->mode);
	if (it->uid_set)
		snprintf(uid, sizeof(uid), "%ju", (uintmax_t)it->uid);
	if (it->gid_set)
		snprintf(gid, sizeof(gid), "%ju", (uintmax_t)it->gid);
	if (entry_has_numbers(it))
		snprintf(nums, sizeof(nums), " %" PRIu64 ":%" PRIu64,
		    it->major, minor_at(it, k));
	snprintf(buf, DESCRIBE_MAX, "%c%s, mode %s, owner %s:%s", it->type,
	    nums, mode, uid, gid);
	return buf;
}

static void
add_conflict(struct checker *c, size_t later, size_t earlier,
    const char *fmt, ...) __attribute__((format(printf, 4, 5)));

static void
add_conflict(struct checker *c, size_t later, size_t earlier,
    const char *fmt, ...)
{
	char msg[2 * WHERE_MAX];
	struct conflict *f;
	va_list ap;

	if ((f = dt_room_for_one(c->found, c->nfound, &c->cap, sizeof(*f),
	    64)) == NULL) {
		c->nomem = true;
		return;
	}
	c->found = f;
	va_start(ap, fmt);
	vsnprintf(msg, sizeof(msg), fmt, ap);
	va_end(ap);
	f = &c->found[c->nfound];
	if ((f->msg = strdup(msg)) == NULL) {
		c->nomem = true;
		return;
	}
	f->later = later;
	f->earlier = earlier;
	c->nfound++;
}

/* Items a and b both make one name, as their nodes ka and kb. */
static void
check_same(struct checker *c, size_t a, uint64_t ka, size_t b, uint64_t kb)
{
	struct entry bx, by;
	const struct entry *x, *y;
	char name[QUOTE_MAX], at[WHERE_MAX], dx[DESCRIBE_MAX], dy[DESCRIBE_MAX];

	if (a < b) {	/* a is to be the later line */
		size_t t = a;
		uint64_t tk = ka;

		a = b;
		b = t;
		ka = kb;
		kb = tk;
	}
	if (a == b || agrees(c, a, ka, b, kb))
		return;
	x = it_entry(&c->v, a, &bx);
	y = it_entry(&c->v, b, &by);
	if (x->type != y->type)
		add_conflict(c, a, b, "'%s' is a %s here but a %s at %s",
		    item_name(x, ka, name), entry_type_of(x->type)->noun,
		    entry_type_of(y->type)->noun, where(y, at));
	else
		add_conflict(c, a, b, "'%s' is %s here but %s at %s",
		    item_name(x, ka, name), describe(x, ka, dx),
		    describe(y, kb, dy), where(y, at));
}

/* Item a makes a name below node kb of item b, which is no directory. */
static void
check_below(struct checker *c, size_t a, size_t b, uint64_t kb)
{
	struct entry bx, by;
	const struct entry *x = it_entry(&c->v, a, &bx),
	    *y = it_entry(&c->v, b, &by);
	char below[QUOTE_MAX], above[QUOTE_MAX], at[WHERE_MAX];

	item_name(x, x->start, below);
	item_name(y, kb, above);
	if (a > b)
		add_conflict(c, a, b, "'%s' is below '%s', a %s at %s", below,
		    above, entry_type_of(y->type)->noun, where(y, at));
	else
		add_conflict(c, b, a, "'%s' is a %s here but %s puts '%s' "
		    "below it", above, entry_type_of(y->type)->noun,
		    where(x, at), below);
}

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
static int
sort_refs(struct ref *v, size_t n, const struct items *items)
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

static int
conflict_cmp(const void *pa, const void *pb)
{
	const struct conflict *a = pa, *b = pb;

	if (a->later != b->later)
		return a->later < b->later ? -1 : 1;
	if (a->earlier != b->earlier)
		return a->earlier < b->earlier ? -1 : 1;
	return strcmp(a->msg, b->msg);
}

/* Orders the name s (len bytes, not terminated) against a path. */
static int
name_cmp(const char *s, size_t len, const char *path)
{
	int r = strncmp(s, path, len);

	if (r != 0)
		return r;
	return path[len] == '\0' ? 0 : -1;
}

/*
 * The first position, among the singles or among the ranges, that is not
 * before the key (that is after it, with after).
 */
static size_t
find_pos(const struct checker *c, const char *s, size_t len, bool range,
    uint64_t start, bool after)
{
	size_t lo = range ? c->nsingles : 0, hi = range ? c->n : c->nsingles;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		const struct ref *r = &c->refs[mid];
		int cmp = name_cmp(s, len, ref_path(c, r));
		uint64_t at;

		if (cmp == 0) {
			at = it_start(&c->v, r->idx);
			cmp = start < at ? -1 : start > at;
		}
		if (cmp > 0 || (cmp == 0 && after))
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo;
}

/* The first item that is the single name s, or NONE. */
static size_t
find_single(const struct checker *c, const char *s, size_t len)
{
	size_t p = find_pos(c, s, len, false, 0, false);

	if (p < c->nsingles && name_cmp(s, len, ref_path(c, &c->refs[p])) ==
	    0)
		return c->refs[p].idx;
	return NONE;
}

/* A range of base s whose numbers meet [a, b], or NONE. */
static size_t
find_range(const struct checker *c, const char *s, size_t len, uint64_t a,
    uint64_t b)
{
	size_t p = find_pos(c, s, len, true, b, true);
	const struct ref *r;

	if (p == c->nsingles)
		return NONE;
	r = &c->refs[p - 1];
	if (!r->range || name_cmp(s, len, ref_path(c, r)) != 0)
		return NONE;
	r = &c->refs[r->reach];	/* starts at or before b: ends late enough? */
	return item_last(&c->v, r->idx) >= a ? r->idx : NONE;
}

/*
 * Whether s[j..len) is a range's number as "%" PRIu64 writes it: digits,
 * no leading zero, at most UINT64_MAX.
 */
static bool
number_at(const char *s, size_t len, size_t j, uint64_t *k)
{
	uint64_t v = 0;

	if (j == 0 || j >= len || len - j > U64_DIGITS ||
	    (s[j] == '0' && len - j > 1))
		return false;
	for (size_t i = j; i < len; i++)
		if (!isdigit((unsigned char)s[i]) ||
		    __builtin_mul_overflow(v, 10, &v) ||
		    __builtin_add_overflow(v, (uint64_t)(s[i] - '0'), &v))
			return false;
	*k = v;
	return true;
}

/*
 * The next range that makes the name s (len bytes), trying shorter bases
 * as *j steps down (start with *j = len); its number in *k, or NONE.
 */
static size_t
next_range_naming(const struct checker *c, const char *s, size_t len,
    size_t *j, uint64_t *k)
{
	size_t r;

	if (c->n == c->nsingles)	/* no range at all: nothing to find */
		return NONE;
	while (*j > 1 && isdigit((unsigned char)s[*j - 1])) {
		(*j)--;
		if (number_at(s, len, *j, k) &&
		    (r = find_range(c, s, *j, *k, *k)) != NONE)
			return r;
	}
	return NONE;
}

/* Ranges a and b make the same names over a's [lo, hi], b's k + shift. */
static void
check_overlap(struct checker *c, size_t a, size_t b, uint64_t lo,
    uint64_t hi, uint64_t shift)
{
	size_t before = c->nfound;

	/* Numbers are linear in k: the ends agree only if all do. */
	check_same(c, a, lo, b, lo + shift);
	if (c->nfound == before)
		check_same(c, a, hi, b, hi + shift);
}

/* Single names: repeated, or made by a range too. */
static void
check_singles(struct checker *c)
{
	size_t first = 0, j, x;
	uint64_t k;

	for (size_t p = 0; p < c->n; p++) {
		const struct ref *r = &c->refs[p];
		const char *path = ref_path(c, r);

		if (r->range)
			continue;
		if (p == 0 || c->refs[p - 1].range ||
		    strcmp(ref_path(c, &c->refs[p - 1]), path) != 0)
			first = p;
		else
			check_same(c, r->idx, 0, c->refs[first].idx, 0);
		j = strlen(path);
		while ((x = next_range_naming(c, path, strlen(path), &j,
		    &k)) != NONE)
			check_same(c, r->idx, 0, x, k);
	}
}

/* Ranges of one base whose numbers overlap. */
static void
check_same_base(struct checker *c)
{
	for (size_t p = 1; p < c->n; p++) {
		const struct ref *r = &c->refs[p], *prev = &c->refs[p - 1];
		uint64_t start, last, best_last;
		size_t best;

		if (!r->range || !prev->range ||
		    strcmp(ref_path(c, r), ref_path(c, prev)) != 0)
			continue;
		best = c->refs[prev->reach].idx;
		start = it_start(&c->v, r->idx);
		last = item_last(&c->v, r->idx);
		best_last = item_last(&c->v, best);
		if (start <= best_last)
			check_overlap(c, r->idx, best, start,
			    last < best_last ? last : best_last, 0);
	}
}

/*
 * Range i, whose base is another base (its first j bytes) and the digits
 * of d: its node k of L digits is that base's k + d * 10^L.
 */
static void
check_digit_split(struct checker *c, size_t i, size_t j, uint64_t d)
{
	const char *path = it_path(&c->v, i);
	uint64_t lo = it_start(&c->v, i), hi = item_last(&c->v, i);
	uint64_t from = 0, to = 9, scale = 10, shift, a, b, x, y;
	size_t r;

	for (int l = 1; l < U64_DIGITS && from <= hi; l++) {
		x = lo > from ? lo : from;
		y = hi < to ? hi : to;
		if (x <= y) {
			if (__builtin_mul_overflow(d, scale, &shift) ||
			    __builtin_add_overflow(shift, x, &a))
				return;
			if (__builtin_add_overflow(shift, y, &b))
				b = UINT64_MAX;
			if ((r = find_range(c, path, j, a, b)) != NONE) {
				uint64_t o_start = it_start(&c->v, r),
				    o_last = item_last(&c->v, r);

				a = a > o_start ? a : o_start;
				b = b < o_last ? b : o_last;
				check_overlap(c, i, r, a - shift, b - shift,
				    shift);
			}
		}
		if (l + 1 < U64_DIGITS) {
			from = to + 1;
			to = to * 10 + 9;
			scale *= 10;
		}
	}
}

/* Ranges whose base ends in digits, against the shorter bases. */
static void
check_nested_bases(struct checker *c)
{
	uint64_t d;

	for (size_t i = 0; i < c->n; i++) {
		const char *s;
		size_t len;

		if (it_count(&c->v, i) == 0)
			continue;
		s = it_path(&c->v, i);
		len = strlen(s);
		/* digits d start a longer number: no leading zero, not "0" */
		for (size_t j = len; j > 1 && isdigit((unsigned char)s[j - 1]);
		    j--)
			if (s[j - 1] != '0' && number_at(s, len, j - 1, &d))
				check_digit_split(c, i, j - 1, d);
	}
}

/*
 * Names below a name that something other than a directory takes.  In
 * path order, neighbours share their parents: a parent found clean for
 * the last path is not looked up again, and is recognised by comparing
 * only its last component, its own parent being known to match.
 */
static void
check_below_all(struct checker *c)
{
	const char *clean[CLEAN_DEPTH] = { 0 };
	size_t clean_len[CLEAN_DEPTH] = { 0 };
	size_t len, prev, j, x, depth;
	bool same, hit;
	uint64_t k;

	for (size_t p = 0; p < c->n; p++) {
		size_t i = c->refs[p].idx;
		const char *s = it_path(&c->v, i), *sl = strchr(s + 1, '/');

		same = true;
		for (depth = prev = 0; sl != NULL && depth < CLEAN_DEPTH;
		    sl = strchr(sl + 1, '/'), depth++, prev = len) {
			len = j = (size_t)(sl - s);
			same = same && clean[depth] != NULL &&
			    clean_len[depth] == len && memcmp(clean[depth] +
			    prev, s + prev, len - prev) == 0;
			if (same)
				continue;
			hit = false;
			if ((x = find_single(c, s, len)) != NONE &&
			    it_type(&c->v, x) != 'd') {
				check_below(c, i, x, 0);
				hit = true;
			}
			while ((x = next_range_naming(c, s, len, &j, &k)) !=
			    NONE) {
				check_below(c, i, x, k);
				hit = true;
			}
			clean[depth] = hit ? NULL : s;
			clean_len[depth] = len;
		}
	}
}

static void
set_reach(struct checker *c)
{
	for (size_t p = 0; p < c->n; p++) {
		struct ref *r = &c->refs[p], *prev = p ? &c->refs[p - 1] : NULL;

		r->reach = p;
		if (r->range && prev != NULL && prev->range &&
		    strcmp(ref_path(c, prev), ref_path(c, r)) == 0 &&
		    item_last(&c->v, c->refs[prev->reach].idx) >=
		    item_last(&c->v, r->idx))
			r->reach = prev->reach;
	}
}

/* Each conflict, as the indexes of its later and earlier items. */
typedef void pair_fn(void *ctx, size_t later, size_t earlier,
    const char *msg);

static long
find_pairs(const struct items *v, size_t n, uid_t new_uid, gid_t new_gid,
    pair_fn *fn, void *ctx)
{
	struct checker c = { .v = *v, .n = n, .new_uid = new_uid,
	    .new_gid = new_gid };
	long count = 0;

	assert(fn != NULL && (v->v != NULL || v->p != NULL || n == 0));
	if (n == 0)
		return 0;
	if (n >= REFS_MAX) {
		errno = ENOMEM;
		return -1;
	}
	if ((c.refs = reallocarray(NULL, n, sizeof(*c.refs))) == NULL)
		return -1;
	/* An r line adjusts, in table order, what is there: it makes nothing. */
	for (size_t i = c.n = 0; i < n; i++) {
		bool range;

		if (it_recursive(v, i))
			continue;
		range = it_count(v, i) > 0;
		c.refs[c.n] = (struct ref){ .idx = (uint32_t)i,
		    .range = range };
		c.nsingles += !range;
		c.n++;
	}
	if (sort_refs(c.refs, c.n, v) != 0) {
		free(c.refs);
		return -1;
	}
	set_reach(&c);
	check_singles(&c);
	check_same_base(&c);
	check_nested_bases(&c);
	check_below_all(&c);
	if (!c.nomem && c.nfound > 0)
		qsort(c.found, c.nfound, sizeof(*c.found), conflict_cmp);
	for (size_t i = 0; i < c.nfound; i++) {
		if (!c.nomem && (i == 0 || c.found[i].later !=
		    c.found[i - 1].later || c.found[i].earlier !=
		    c.found[i - 1].earlier)) {
			fn(ctx, c.found[i].later, c.found[i].earlier,
			    c.found[i].msg);
			count++;
		}
	}
	for (size_t i = 0; i < c.nfound; i++)
		free(c.found[i].msg);
	free(c.found);
	free(c.refs);
	if (c.nomem) {
		errno = ENOMEM;
		return -1;
	}
	return count;
}

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
	return find_pairs(&it, n, new_uid, new_gid, plain_pair, &p);
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

		return find_pairs(v, n, new_uid, new_gid, plain_pair, &p);
	}
	count = find_pairs(v, n, new_uid, new_gid, merge_pair, &m);
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
