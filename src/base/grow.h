/*
 * grow.h - the one growth rule of devtool's arrays: doubled when full,
 * from a first size the caller picks.  Pure.
 */
#ifndef DEVTOOL_GROW_H
#define DEVTOOL_GROW_H

#include <stddef.h>
#include <stdlib.h>

/*
 * v, an array of n elements of size bytes with room for *cap, with room
 * for one more: v itself, or a larger copy (*cap doubled, first when it
 * was 0); NULL when out of memory, v and *cap unchanged.
 */
static inline void *
dt_room_for_one(void *v, size_t n, size_t *cap, size_t size, size_t first)
{
	size_t want = *cap ? *cap * 2 : first;

	if (n < *cap)
		return v;
	if ((v = reallocarray(v, want, size)) != NULL)
		*cap = want;
	return v;
}

#endif
