/*
 * conflicts.c - the entries of the tables checked against each other.
 * See conflicts.h.  The references' sort is conflicts_sort.c, the
 * entry points and the merges conflicts_merge.c (conflicts_impl.h).
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
#include "base/text.h"
#include "entry/conflicts.h"
#include "entry/conflicts_impl.h"
#include "entry/pack.h"

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

struct conflict {
	size_t later, earlier;
	char *msg;
};

struct checker {
	struct items v;
	struct ref *refs;
	size_t nitems;		/* the items, r lines too */
	size_t n, nsingles;	/* the refs (no r line), the singles first */
	size_t ncounted;	/* items with a count, r lines too */
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
	r = &c->refs[p - 1];	/* a range: p - 1 is at least nsingles */
	if (name_cmp(s, len, ref_path(c, r)) != 0)
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
	size_t first = 0, len, j, x;
	uint64_t k;

	for (size_t p = 0; p < c->nsingles; p++) {
		const struct ref *r = &c->refs[p];
		const char *path = ref_path(c, r);

		if (!r->same)	/* the first of its path */
			first = p;
		else
			check_same(c, r->idx, 0, c->refs[first].idx, 0);
		if (c->n == c->nsingles)
			continue;	/* no range to make it */
		len = j = strlen(path);
		while ((x = next_range_naming(c, path, len, &j, &k)) != NONE)
			check_same(c, r->idx, 0, x, k);
	}
}

/* Ranges of one base whose numbers overlap. */
static void
check_same_base(struct checker *c)
{
	for (size_t p = c->nsingles + 1; p < c->n; p++) {
		const struct ref *r = &c->refs[p], *prev = &c->refs[p - 1];
		uint64_t start, last, best_last;
		size_t best;

		if (!r->same)
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

	if (c->ncounted == 0)
		return;	/* no range: nothing to look at item by item */
	/* every item by index: c->n counts refs, which leave r lines out */
	for (size_t i = 0; i < c->nitems; i++) {
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

/* Whether the path s is in the directory of dir, the first dlen bytes. */
static bool
in_dir(const char *s, const char *dir, size_t dlen)
{
	return memcmp(s, dir, dlen) == 0 && s[dlen] == '/' &&
	    strchr(s + dlen + 1, '/') == NULL;
}

/*
 * The parent at one depth found clean for the last path (its first len
 * bytes), or s NULL.  check_below_all holds one a depth reached so far:
 * the first CLEAN_FIRST on its stack, deeper ones on the heap, so that
 * a table of shallow paths neither zeroes nor touches the pages of
 * CLEAN_DEPTH of them (32 KiB, each page a fault in a short run).
 */
struct clean_at {
	const char *s;
	size_t len;
};

#define CLEAN_FIRST 32

/* Room for one more than *cap in *clean (first, or the heap's); false
   when out of memory, *clean as it was. */
static bool
clean_grow(struct clean_at **clean, size_t *cap, struct clean_at *first)
{
	struct clean_at *v;

	if (*clean == first) {
		if ((v = reallocarray(NULL, *cap, 2 * sizeof(*v))) == NULL)
			return false;
		memcpy(v, first, *cap * sizeof(*v));
	} else if ((v = reallocarray(*clean, *cap, 2 * sizeof(*v))) == NULL)
		return false;
	*clean = v;
	*cap *= 2;
	return true;
}

/*
 * Names below a name that something other than a directory takes.  In
 * path order, neighbours share their parents: a parent found clean for
 * the last path is not looked up again, and is recognised by comparing
 * only its last component, its own parent being known to match.  Most
 * paths are in the directory of the one before, all of whose parents
 * were found clean (dir): those are passed over whole.
 */
static void
check_below_all(struct checker *c)
{
	struct clean_at first[CLEAN_FIRST], *clean = first;
	size_t known = 0, cap = CLEAN_FIRST;	/* clean[0..known) set */
	const char *dir = NULL;
	size_t len, prev, j, x, depth, dlen = 0;
	bool same, hit, all;
	uint64_t k;

	for (size_t p = 0; p < c->n; p++) {
		size_t i = c->refs[p].idx;
		const char *s = it_path(&c->v, i), *sl;

		if (dir != NULL && in_dir(s, dir, dlen))
			continue;
		sl = strchr(s + 1, '/');
		same = all = true;
		len = 0;
		for (depth = prev = 0; sl != NULL && depth < CLEAN_DEPTH;
		    sl = strchr(sl + 1, '/'), depth++, prev = len) {
			len = j = (size_t)(sl - s);
			/* depths come one by one from 0: a new one is known */
			if (depth == known) {
				if (known == cap &&
				    !clean_grow(&clean, &cap, first)) {
					c->nomem = true;
					goto out;
				}
				clean[known++] = (struct clean_at){ NULL, 0 };
			}
			same = same && clean[depth].s != NULL &&
			    clean[depth].len == len && memcmp(clean[depth].s +
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
			clean[depth].s = hit ? NULL : s;
			clean[depth].len = len;
			all = all && !hit;
		}
		dir = all && sl == NULL ? s : NULL;	/* else too deep */
		dlen = len;
	}
out:
	if (clean != first)
		free(clean);
}

/* Each range's reach (conflicts_impl.h); a single's is not read. */
static void
set_reach(struct checker *c)
{
	for (size_t p = c->nsingles; p < c->n; p++) {
		struct ref *r = &c->refs[p];
		size_t prev_reach;

		r->reach = p;
		if (!r->same)	/* the first range of its base, p - 1 none */
			continue;
		prev_reach = c->refs[p - 1].reach;
		if (item_last(&c->v, c->refs[prev_reach].idx) >=
		    item_last(&c->v, r->idx))
			r->reach = prev_reach;
	}
}

/*
 * The refs of the items, the singles first and then the ranges, each in
 * the items' order (conflicts_impl.h).  An r line adjusts, in table
 * order, what is there: it makes nothing.
 */
static void
add_refs(struct checker *c)
{
	size_t n = 0;

	for (size_t i = 0; i < c->nitems; i++) {
		bool counted = it_count(&c->v, i) > 0;

		c->ncounted += counted;
		if (!counted && !it_recursive(&c->v, i))
			c->refs[n++] = (struct ref){ .idx = (uint32_t)i };
	}
	c->nsingles = n;
	for (size_t i = 0; c->ncounted > 0 && i < c->nitems; i++)
		if (it_count(&c->v, i) > 0 && !it_recursive(&c->v, i))
			c->refs[n++] = (struct ref){ .idx = (uint32_t)i };
	c->n = n;
}

long
conflicts_pairs(const struct items *v, size_t n, uid_t new_uid, gid_t new_gid,
    pair_fn *fn, void *ctx)
{
	struct checker c = { .v = *v, .nitems = n, .new_uid = new_uid,
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
	add_refs(&c);
	if (conflicts_sort_refs(c.refs, c.n, c.nsingles, v) != 0) {
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
