/*
 * tree_order.c - the nodes of entries and their parents, streamed in
 * path order (tree_order.h).
 */
#include <inttypes.h>
#include <limits.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/grow.h"
#include "entry/pack.h"
#include "entry/validate.h"
#include "entry/tree_order.h"

/*
 * An entry of one node, or an implied directory, and its place: the
 * entry, or a pack's record of it (tree_order_add_pack).
 */
struct item {
	const struct entry *e;
	const struct entry_rec *rec;	/* when e is NULL */
	size_t order;		/* ties go to the first added */
};

static inline const char *
item_path(const struct item *it)
{
	return it->e != NULL ? it->e->path : it->rec->path;
}

#define DIR_ORDER SIZE_MAX	/* an implied directory loses every tie */

/*
 * A sorted run of names: a list of items (next .. end), or the numbers
 * of one length of a range (next NULL): its entry's path, then n's
 * digits, up to last.
 */
struct run {
	const struct item *next, *end;
	struct item range;
	uint64_t n, last;
	char digits[24];	/* "" in a list */
};

struct tree_order {
	struct item *singles;	/* the entries of one node */
	size_t nsingles, singles_cap;
	struct entries dirs;	/* the implied directories */
	struct item *dir_items;	/* each once, sorted */
	struct run *runs;
	size_t nruns, runs_cap;
	struct run **heap;
	size_t nheap;
	size_t added;
	const struct entry_pack *pack;	/* the records' (one pack) */
	char last[PATH_MAX];	/* the last path whose parents were added */
};

struct tree_order *
tree_order_new(void)
{
	return calloc(1, sizeof(struct tree_order));
}

static int
push_run(struct tree_order *t, const struct run *r)
{
	struct run *v = dt_room_for_one(t->runs, t->nruns, &t->runs_cap,
	    sizeof(*v), 64);

	if (v == NULL)
		return -1;
	t->runs = v;
	t->runs[t->nruns++] = *r;
	return 0;
}

static int
push_single(struct tree_order *t, const struct item *it)
{
	struct item *v = dt_room_for_one(t->singles, t->nsingles,
	    &t->singles_cap, sizeof(*v), 64);

	if (v == NULL)
		return -1;
	t->singles = v;
	t->singles[t->nsingles++] = *it;
	return 0;
}

static unsigned
decimal_length(uint64_t v)
{
	unsigned n = 1;

	for (; v >= 10; v /= 10)
		n++;
	return n;
}

static uint64_t
power_of_ten(unsigned k)	/* k <= 19 */
{
	uint64_t p = 1;

	while (k-- > 0)
		p *= 10;
	return p;
}

/* A run for each length of the range's numbers (validated: no wrap). */
static int
add_range(struct tree_order *t, const struct entry *e)
{
	uint64_t first = e->start, last = e->start + (e->count - 1);

	for (unsigned len = decimal_length(first);
	    len <= decimal_length(last); len++) {
		uint64_t lo = len == 1 ? 0 : power_of_ten(len - 1);
		uint64_t hi = len >= 20 ? UINT64_MAX : power_of_ten(len) - 1;
		struct run r = { .range = { e, NULL, t->added } };

		r.n = first > lo ? first : lo;
		r.last = last < hi ? last : hi;
		snprintf(r.digits, sizeof(r.digits), "%" PRIu64, r.n);
		if (push_run(t, &r) != 0)
			return -1;
	}
	return 0;
}

/* Whether dir is last or one of its parents (added with it before). */
static bool
seen_with(const char *dir, const char *last)
{
	size_t n = strlen(dir);

	return strncmp(last, dir, n) == 0 &&
	    (last[n] == '/' || last[n] == '\0');
}

/*
 * The directories above path but those of the path before: a run of
 * entries in one directory adds it once.
 */
static int
add_parents(struct tree_order *t, const char *path)
{
	char dir[PATH_MAX];
	const struct entry d = { .path = dir, .type = 'd', .mode = 0755,
	    .mode_set = true, .uid_set = true, .gid_set = true };

	snprintf(dir, sizeof(dir), "%s", path);
	for (char *s = strchr(dir + 1, '/'); s != NULL;
	    s = strchr(s + 1, '/')) {
		*s = '\0';
		if (!seen_with(dir, t->last) && entries_add(&t->dirs, &d) != 0)
			return -1;
		*s = '/';
	}
	snprintf(t->last, sizeof(t->last), "%s", path);
	return 0;
}

int
tree_order_add(struct tree_order *t, const struct entry *e, bool parents)
{
	if (parents && add_parents(t, e->path) != 0)
		return -1;
	if (e->count > 0 ? add_range(t, e) :
	    push_single(t, &(struct item){ e, NULL, t->added }))
		return -1;
	t->added++;
	return 0;
}

int
tree_order_add_pack(struct tree_order *t, const struct entry_pack *p,
    size_t i, bool parents)
{
	const struct entry *w = entry_pack_whole(p, i);

	if (w != NULL)	/* whole in the side table, which stays */
		return tree_order_add(t, w, parents);
	t->pack = p;
	if (parents && add_parents(t, entry_pack_path(p, i)) != 0)
		return -1;
	if (push_single(t, &(struct item){ NULL, &p->v[i], t->added }))
		return -1;
	t->added++;
	return 0;
}

/* strcmp of the names a + as and b + bs, each in two pieces. */
static int
cmp_split(const char *a, const char *as, const char *b, const char *bs)
{
	for (;; a++, b++) {
		if (*a == '\0' && as != NULL) {
			a = as;
			as = NULL;
		}
		if (*b == '\0' && bs != NULL) {
			b = bs;
			bs = NULL;
		}
		if (*a != *b || *a == '\0')
			return (unsigned char)*a - (unsigned char)*b;
	}
}

static const struct item *
run_item(const struct run *r)
{
	return r->next != NULL ? r->next : &r->range;
}

static bool
run_before(const struct run *x, const struct run *y)
{
	const struct item *a = run_item(x), *b = run_item(y);
	int c = cmp_split(item_path(a), x->digits, item_path(b), y->digits);

	return c != 0 ? c < 0 : a->order < b->order;
}

static int
by_path_order(const void *x, const void *y)
{
	const struct item *a = x, *b = y;
	int c = strcmp(item_path(a), item_path(b));

	return c != 0 ? c : a->order < b->order ? -1 : a->order > b->order;
}

/* The implied directories, each once, as a run. */
static int
add_dirs(struct tree_order *t)
{
	size_t n = 0;

	if (t->dirs.n == 0)
		return 0;
	if (entries_sort(&t->dirs) != 0 || (t->dir_items =
	    calloc(t->dirs.n, sizeof(*t->dir_items))) == NULL)
		return -1;
	for (size_t i = 0; i < t->dirs.n; i++)
		if (n == 0 || strcmp(t->dir_items[n - 1].e->path,
		    t->dirs.v[i].path) != 0)
			t->dir_items[n++] = (struct item){ &t->dirs.v[i],
			    NULL, DIR_ORDER };
	return push_run(t, &(struct run){ .next = t->dir_items,
	    .end = t->dir_items + n });
}

static void
sift_down(struct tree_order *t, size_t i)
{
	for (;;) {
		size_t l = 2 * i + 1, m = i;
		struct run *swap;

		if (l < t->nheap && run_before(t->heap[l], t->heap[m]))
			m = l;
		if (l + 1 < t->nheap && run_before(t->heap[l + 1], t->heap[m]))
			m = l + 1;
		if (m == i)
			return;
		swap = t->heap[i];
		t->heap[i] = t->heap[m];
		t->heap[m] = swap;
		i = m;
	}
}

int
tree_order_start(struct tree_order *t)
{
	if (t->nsingles > 0) {
		qsort(t->singles, t->nsingles, sizeof(*t->singles),
		    by_path_order);
		if (push_run(t, &(struct run){ .next = t->singles,
		    .end = t->singles + t->nsingles }) != 0)
			return -1;
	}
	if (add_dirs(t) != 0)
		return -1;
	if (t->nruns > 0 &&
	    (t->heap = calloc(t->nruns, sizeof(struct run *))) == NULL)
		return -1;
	for (size_t i = 0; i < t->nruns; i++)
		t->heap[i] = &t->runs[i];
	t->nheap = t->nruns;
	for (size_t i = t->nheap / 2; i-- > 0;)
		sift_down(t, i);
	return 0;
}

/* n + 1 in place, of the same length (n < last). */
static void
increment(char *digits)
{
	char *p = digits + strlen(digits);

	while (p-- > digits && *p == '9')
		*p = '0';
	++*p;
}

/* The first run moves on to its next name, or leaves when done. */
static void
advance(struct tree_order *t)
{
	struct run *r = t->heap[0];

	if (r->next != NULL ? ++r->next == r->end : r->n++ == r->last)
		t->heap[0] = t->heap[--t->nheap];
	else if (r->next == NULL)
		increment(r->digits);
	sift_down(t, 0);
}

int
tree_order_next(struct tree_order *t, struct entry *out, char *path,
    struct dt_diag *d)
{
	const struct run *top;
	const struct item *it;
	char digits[sizeof(top->digits)];
	int rc = 1;

	if (t->nheap == 0)
		return 0;
	top = t->heap[0];
	it = run_item(top);
	memcpy(digits, top->digits, sizeof(digits));
	if (top->next != NULL && it->e == NULL)
		entry_pack_get(t->pack, (size_t)(it->rec - t->pack->v), out);
	else if (top->next != NULL)
		*out = *it->e;
	else if (entry_expand(it->e, (size_t)(top->n - it->e->start), out,
	    path, d) != 0) {
		*out = *it->e;
		rc = -1;
	}
	/* this name in every other run, a later entry's or a directory */
	do
		advance(t);
	while (t->nheap > 0 && cmp_split(item_path(run_item(t->heap[0])),
	    t->heap[0]->digits, item_path(it), digits) == 0);
	return rc;
}

void
tree_order_free(struct tree_order *t)
{
	if (t == NULL)
		return;
	free(t->singles);
	entries_free(&t->dirs);
	free(t->dir_items);
	free(t->runs);
	free(t->heap);
	free(t);
}
