/*
 * nearest.h - the edit distance between two words, and the nearest of
 * several words to a mistyped one: what "did you mean" suggests for an
 * unknown verb or option (devtool(1), DIAGNOSTICS).  Pure.
 */
#ifndef DEVTOOL_NEAREST_H
#define DEVTOOL_NEAREST_H

#include <stddef.h>

/*
 * The edits that turn a into b: each insertion, deletion, substitution
 * or swap of two adjacent bytes counts one (the optimal string alignment
 * form of the Damerau-Levenshtein distance, git's levenshtein() with
 * every weight 1).  SIZE_MAX when memory runs out.
 */
size_t dt_distance(const char *a, const char *b);

/* What dt_nearest_offer keeps: the best candidate so far. */
struct dt_nearest {
	const char *word;	/* the mistyped word */
	size_t max;		/* the most edits a suggestion may be */
	const char *best;	/* NULL while none is near enough */
	size_t distance;	/* best's */
};

/*
 * Starts a search for the word nearest to word within max edits; a
 * candidate as far as word is long (every byte changed) is never near.
 */
void dt_nearest_init(struct dt_nearest *n, const char *word, size_t max);
/* Offers a candidate; the first of equally near ones is kept. */
void dt_nearest_offer(struct dt_nearest *n, const char *candidate);

#endif
