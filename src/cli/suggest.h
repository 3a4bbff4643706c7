/*
 * suggest.h - "did you mean" for a mistyped value: a layout (-f,
 * DEVTOOL_FORMAT), a dialect (-i, -o) or a name of make, as an unknown
 * verb or option is answered (DIAGNOSTICS in devtool(1)).
 */
#ifndef DEVTOOL_SUGGEST_H
#define DEVTOOL_SUGGEST_H

#include <stdbool.h>

#define SUGGEST_SIZE 64		/* the longest known value, and its NUL */

/*
 * Each copies into best the known value nearest to word when it is at
 * most two edits away (dt_nearest) and returns whether one was; the
 * caller says "did you mean" instead of listing every value.
 */
/* With storage, list --check's storage formats are offered too. */
bool suggest_layout(const char *word, bool storage, char best[SUGGEST_SIZE]);
bool suggest_dialect(const char *word, bool readable,
    char best[SUGGEST_SIZE]);
bool suggest_make_name(const char *word, char best[SUGGEST_SIZE]);

#endif
