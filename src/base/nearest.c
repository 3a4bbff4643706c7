/*
 * nearest.c - edit distances and the nearest word (nearest.h).
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "base/nearest.h"

static size_t
min3(size_t a, size_t b, size_t c)
{
	size_t m = a < b ? a : b;

	return m < c ? m : c;
}

/*
 * Three rows of the table: the row two above (for a swap), the row
 * above and this one, each as long as b plus one.
 */
size_t
dt_distance(const char *a, const char *b)
{
	size_t la = strlen(a), lb = strlen(b), d;
	size_t *prev2, *prev, *cur, *rows, *t;

	if ((rows = calloc(3 * (lb + 1), sizeof(*rows))) == NULL)
		return SIZE_MAX;
	prev2 = rows;
	prev = rows + lb + 1;
	cur = rows + 2 * (lb + 1);
	for (size_t j = 0; j <= lb; j++)
		prev[j] = j;
	for (size_t i = 1; i <= la; i++) {
		cur[0] = i;
		for (size_t j = 1; j <= lb; j++) {
			cur[j] = min3(prev[j] + 1, cur[j - 1] + 1,
			    prev[j - 1] + (a[i - 1] != b[j - 1]));
			if (i > 1 && j > 1 && a[i - 1] == b[j - 2] &&
			    a[i - 2] == b[j - 1] && prev2[j - 2] + 1 < cur[j])
				cur[j] = prev2[j - 2] + 1;
		}
		t = prev2;
		prev2 = prev;
		prev = cur;
		cur = t;
	}
	d = prev[lb];
	free(rows);
	return d;
}

void
dt_nearest_init(struct dt_nearest *n, const char *word, size_t max)
{
	n->word = word;
	n->max = max;
	n->best = NULL;
	n->distance = SIZE_MAX;
}

void
dt_nearest_offer(struct dt_nearest *n, const char *candidate)
{
	size_t d, lw = strlen(n->word), lc = strlen(candidate);

	/* farther in length alone than max: not worth the table */
	if ((lw > lc ? lw - lc : lc - lw) > n->max)
		return;
	d = dt_distance(n->word, candidate);
	if (d <= n->max && d < lw && d < n->distance) {
		n->best = candidate;
		n->distance = d;
	}
}
