/*
 * unit_nearest.c - unit tests for the edit distance and the nearest word
 * (src/base/nearest.c) behind "did you mean" (devtool(1), DIAGNOSTICS):
 * known distances, a swap counted once, symmetry against a slow
 * reference, and which candidate a mistyped word is offered.
 *
 * Output is TAP (tests/tap.h).
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/nearest.h"
#include "tap.h"

static void
test_known(void)
{
	static const struct { const char *a, *b; size_t d; } cases[] = {
		{ "", "", 0 }, { "", "abc", 3 }, { "abc", "", 3 },
		{ "apply", "apply", 0 }, { "aply", "apply", 1 },
		{ "fromat", "format", 1 },	/* a swap is one edit */
		{ "ab", "ba", 1 }, { "kitten", "sitting", 3 },
		{ "ca", "abc", 3 },	/* no edit of a swapped pair */
		{ "formats", "format", 1 }, { "lsit", "list", 1 },
		{ "dcode", "decode", 1 }, { "xyz", "make", 4 },
	};
	struct check c;

	begin(&c, "known distances, each way");
	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		size_t d = dt_distance(cases[i].a, cases[i].b),
		    r = dt_distance(cases[i].b, cases[i].a);

		expect(&c, d == cases[i].d && r == cases[i].d,
		    "'%s' to '%s': %zu and back %zu, want %zu", cases[i].a,
		    cases[i].b, d, r, cases[i].d);
	}
	end(&c);
}

/* The same distance, computed on the whole table the slow way. */
static size_t
reference(const char *a, const char *b)
{
	size_t la = strlen(a), lb = strlen(b), t[9][9];

	for (size_t i = 0; i <= la; i++)
		for (size_t j = 0; j <= lb; j++) {
			size_t v = i == 0 ? j : j == 0 ? i : SIZE_MAX;

			if (i > 0 && j > 0) {
				v = t[i - 1][j] + 1;
				if (t[i][j - 1] + 1 < v)
					v = t[i][j - 1] + 1;
				if (t[i - 1][j - 1] + (a[i - 1] != b[j - 1]) < v)
					v = t[i - 1][j - 1] + (a[i - 1] !=
					    b[j - 1]);
				if (i > 1 && j > 1 && a[i - 1] == b[j - 2] &&
				    a[i - 2] == b[j - 1] &&
				    t[i - 2][j - 2] + 1 < v)
					v = t[i - 2][j - 2] + 1;
			}
			t[i][j] = v;
		}
	return t[la][lb];
}

static void
test_random(void)
{
	struct check c;
	char a[9], b[9];

	srand(27);
	begin(&c, "random words over 3 letters: as the whole table says");
	for (int k = 0; k < 20000; k++) {
		size_t la = (size_t)rand() % 9, lb = (size_t)rand() % 9, d;

		for (size_t i = 0; i < la; i++)
			a[i] = (char)('a' + rand() % 3);
		for (size_t i = 0; i < lb; i++)
			b[i] = (char)('a' + rand() % 3);
		a[la] = b[lb] = '\0';
		d = dt_distance(a, b);
		expect(&c, d == reference(a, b) && d == dt_distance(b, a),
		    "'%s' to '%s': %zu, the table says %zu", a, b, d,
		    reference(a, b));
	}
	end(&c);
}

static const char *
nearest(const char *word, size_t max, const char *const *names)
{
	struct dt_nearest n;

	dt_nearest_init(&n, word, max);
	for (; *names != NULL; names++)
		dt_nearest_offer(&n, *names);
	return n.best;
}

static void
test_nearest(void)
{
	static const char *const verbs[] = { "encode", "decode", "convert",
	    "explain", "formats", "mknod", "devices", "list", "apply", "make",
	    "diff", NULL };
	static const char *const ties[] = { "mode", "node", NULL };
	static const struct { const char *word, *want; } cases[] = {
		{ "aply", "apply" }, { "lsit", "list" }, { "dcode", "decode" },
		{ "mkae", "make" }, { "formt", "formats" },
		{ "encdoe", "encode" }, { "xyz", NULL }, { "frobnicate", NULL },
		{ "ls", NULL },	/* both letters would change */
		{ "d", NULL }, { "", NULL },
	};
	struct check c;

	begin(&c, "the nearest verb within 2 edits");
	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		const char *got = nearest(cases[i].word, 2, verbs);

		expect(&c, got == cases[i].want || (got != NULL &&
		    cases[i].want != NULL && strcmp(got, cases[i].want) == 0),
		    "'%s': got %s, want %s", cases[i].word,
		    got ? got : "none", cases[i].want ? cases[i].want : "none");
	}
	end(&c);
	ok(nearest("aply", 0, verbs) == NULL,
	    "no suggestion beyond the edits allowed");
	ok(nearest("mdoe", 2, ties) != NULL &&
	    strcmp(nearest("mdoe", 2, ties), "mode") == 0,
	    "the first of the nearest wins a tie: mdoe is mode (1), not node");
	ok(nearest("xode", 2, ties) != NULL &&
	    strcmp(nearest("xode", 2, ties), "mode") == 0,
	    "equally near: the first offered is kept");
}

int
main(void)
{
	test_known();
	test_random();
	test_nearest();
	printf("1..%u\n", tests_run);
	return tests_failed == 0 ? 0 : 1;
}
