/*
 * permute.h - an array put in a sorted order in place.  A sort of 4-byte
 * places (qsort of uint32_t) then dt_permute moves the elements: no sort
 * of the large elements themselves, no second copy of the array.  Pure.
 */
#ifndef DEVTOOL_PERMUTE_H
#define DEVTOOL_PERMUTE_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>

/*
 * Puts element order[i] of v (n elements of size bytes) at place i, for
 * each i, following each cycle of the permutation once, through tmp (one
 * element's room).  order ends as 0, 1, ... n - 1.  Inline: with size a
 * constant each move compiles to the element's own copy.
 */
static inline void
dt_permute(void *v, size_t size, uint32_t *order, size_t n, void *tmp)
{
	unsigned char *b = v;
	size_t j, next;

	for (size_t i = 0; i < n; i++) {
		if (order[i] == i)
			continue;
		memcpy(tmp, b + i * size, size);
		for (j = i; order[j] != i; j = next) {
			next = order[j];
			memcpy(b + j * size, b + next * size, size);
			order[j] = (uint32_t)j;
		}
		memcpy(b + j * size, tmp, size);
		order[j] = (uint32_t)j;
	}
}

#endif
