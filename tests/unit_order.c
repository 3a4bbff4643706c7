/*
 * unit_order.c - tree_order.c, the archive's streamed order, against the
 * order it replaced: every node expanded, the implied directories added,
 * all sorted by path (ties to the first entry, a directory last) and
 * each path kept once.  The archive's bytes follow from this order, so
 * an equal order is an equal archive.
 */
#include <inttypes.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dialects/dialect.h"
#include "entry/conflicts.h"
#include "entry/pack.h"
#include "entry/validate.h"
#include "sys/nss.h"
#include "base/bounds.h"
#include "tap.h"
#include "entry/tree_order.h"

#define ENTRIES_MAX 40

/* One name of the reference: its path, and which entry gave it. */
struct name {
	char path[PATH_MAX];
	size_t order;		/* the entry's place; SIZE_MAX: a directory */
};

static struct name *names;
static size_t nnames, names_cap;

static void
add_name(const char *path, size_t order)
{
	if (nnames == names_cap) {
		names_cap = names_cap ? names_cap * 2 : 1024;
		if ((names = realloc(names, names_cap * sizeof(*names))) ==
		    NULL)
			bail_out_errno("realloc");
	}
	snprintf(names[nnames].path, PATH_MAX, "%s", path);
	names[nnames++].order = order;
}

static int
by_path_then_order(const void *x, const void *y)
{
	const struct name *a = x, *b = y;
	int c = strcmp(a->path, b->path);

	return c != 0 ? c : a->order < b->order ? -1 : a->order > b->order;
}

/* The old way: everything expanded, sorted, each path once. */
static void
reference(const struct entry *v, const bool *parents, size_t n)
{
	char path[PATH_MAX], dir[PATH_MAX];
	struct entry one;
	struct dt_diag d;

	nnames = 0;
	for (size_t i = 0; i < n; i++) {
		for (size_t k = 0; k < entry_expand_count(&v[i]); k++) {
			if (entry_expand(&v[i], k, &one, path, &d) != 0)
				bail_out("table_expand: %s", d.msg);
			add_name(one.path, i);
		}
		snprintf(dir, sizeof(dir), "%s", v[i].path);
		for (char *s = strchr(dir + 1, '/'); parents[i] && s != NULL;
		    s = strchr(s + 1, '/')) {
			*s = '\0';
			add_name(dir, SIZE_MAX);
			*s = '/';
		}
	}
	qsort(names, nnames, sizeof(*names), by_path_then_order);
}

/*
 * Streams v, from the entries or (with pack) from a pack of them as
 * apply's plan holds them, and compares with the reference: the first
 * difference.
 */
static void
compare_as(struct check *c, const struct entry *v, const bool *parents,
    size_t n, const char *what, bool pack)
{
	struct tree_order *t = tree_order_new();
	struct entry_pack p = { 0 };
	char path[PATH_MAX];
	struct entry out;
	struct dt_diag d;
	size_t i = 0;
	int rc;

	reference(v, parents, n);
	for (size_t k = 0; pack && k < n; k++)
		if (entry_pack_add(&p, &v[k]) != 0)
			bail_out("entry_pack_add: out of memory");
	for (size_t k = 0; t != NULL && k < n; k++)
		if ((pack ? tree_order_add_pack(t, &p, k, parents[k]) :
		    tree_order_add(t, &v[k], parents[k])) != 0)
			bail_out("tree_order_add: out of memory");
	if (t == NULL || tree_order_start(t) != 0)
		bail_out("tree_order_start: out of memory");
	while ((rc = tree_order_next(t, &out, path, &d)) == 1) {
		while (i > 0 && i < nnames &&
		    strcmp(names[i].path, names[i - 1].path) == 0)
			i++;	/* the reference keeps each path once */
		if (!expect(c, i < nnames && strcmp(out.path, names[i].path) ==
		    0 && (names[i].order == SIZE_MAX ? out.file == NULL :
		    out.lineno == names[i].order), "%s: node %zu is %s (line "
		    "%lu), expected %s (entry %zu)", what, i, out.path,
		    out.lineno, i < nnames ? names[i].path : "the end",
		    i < nnames ? names[i].order : 0))
			break;
		i++;
	}
	while (i > 0 && i < nnames &&
	    strcmp(names[i].path, names[i - 1].path) == 0)
		i++;
	expect(c, rc == 0 && i == nnames, "%s: %zu of %zu names, rc %d",
	    what, i, nnames, rc);
	tree_order_free(t);
	entry_pack_free(&p);
}

static void
compare(struct check *c, const struct entry *v, const bool *parents,
    size_t n, const char *what)
{
	char packed[256];

	compare_as(c, v, parents, n, what, false);
	snprintf(packed, sizeof(packed), "%s, from a pack", what);
	compare_as(c, v, parents, n, packed, true);
}

static const char *const dirs[] = { "/dev", "/dev/net", "/dev/net-x",
    "/dev/tty", "/a/b/c", "/dev/ttyS1" };
static const char *const bases[] = { "tty", "ttyS", "tty1", "n", "net",
    "hd", "x" };
static const uint64_t starts[] = { 0, 1, 7, 9, 95, 998, 9999 };

/* A random entry: a node or a range of one of a few names. */
static void
random_entry(struct entry *e, char *path, size_t order)
{
	snprintf(path, PATH_MAX, "%s/%s", dirs[rng_next() % 6],
	    bases[rng_next() % 7]);
	*e = (struct entry){ .path = path, .type = 'c', .mode = 0600,
	    .mode_set = true, .uid_set = true, .gid_set = true,
	    .file = "t", .lineno = order, .major = 240 };
	switch (rng_next() % 3) {
	case 0:		/* one node */
		break;
	case 1:
		e->type = "cpd"[rng_next() % 3];
		break;
	default:	/* a range, crossing lengths of number */
		e->start = starts[rng_next() % 7];
		e->count = 1 + rng_next() % 1200;
		e->inc = rng_next() % 2;
	}
}

static void
test_random_tables(void)
{
	static char paths[ENTRIES_MAX][PATH_MAX];
	struct entry v[ENTRIES_MAX];
	bool parents[ENTRIES_MAX];
	struct check c;
	char what[64];

	begin(&c, "random tables stream as the whole tree sorted: each path "
	    "once, the first entry's, an implied directory only alone");
	rng_seed(20240607);
	for (int round = 0; round < 300; round++) {
		size_t n = 1 + rng_next() % ENTRIES_MAX;

		for (size_t i = 0; i < n; i++) {
			random_entry(&v[i], paths[i], i);
			parents[i] = rng_next() % 4 != 0;
		}
		snprintf(what, sizeof(what), "round %d", round);
		compare(&c, v, parents, n, what);
	}
	end(&c);
}

static void
test_long_numbers(void)
{
	struct entry v[3] = {
		{ .path = "/dev/x", .type = 'c', .major = 1, .file = "t",
		  .start = UINT64_MAX - 4, .count = 5, .lineno = 0 },
		{ .path = "/dev/x", .type = 'c', .major = 1, .file = "t",
		  .start = 9999999999999999990u, .count = 20, .lineno = 1 },
		{ .path = "/dev/x1", .type = 'c', .major = 1, .file = "t",
		  .lineno = 2 },
	};
	const bool parents[3] = { true, false, true };
	struct check c;

	begin(&c, "numbers of 19 and 20 digits, up to 2^64 - 1, stream in "
	    "order");
	compare(&c, v, parents, 3, "long numbers");
	end(&c);
}

static void
test_empty(void)
{
	struct tree_order *t = tree_order_new();
	char path[PATH_MAX];
	struct entry out;
	struct dt_diag d;

	ok(t != NULL && tree_order_start(t) == 0 &&
	    tree_order_next(t, &out, path, &d) == 0,
	    "no entries: the stream ends at once");
	tree_order_free(t);
}

int
main(void)
{
	test_random_tables();
	test_long_numbers();
	test_empty();
	printf("1..%u\n", tests_run);
	free(names);
	return tests_failed != 0;
}
