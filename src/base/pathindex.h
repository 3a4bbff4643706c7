/*
 * pathindex.h - an index of paths to positions (a table source's
 * entries, by path; make's names made twice): a hash table.  Pure:
 * memory only.  Zero-initialised, it is empty.
 */
#ifndef DEVTOOL_PATHINDEX_H
#define DEVTOOL_PATHINDEX_H

#include <stdbool.h>
#include <stddef.h>

struct pathindex {
	struct pathindex_slot *slots;	/* cap of them; NULL: empty */
	size_t cap, n;			/* a power of two; paths held */
};

/* Whether path is in the index, its position in *at when it is. */
bool pathindex_find(const struct pathindex *x, const char *path,
    size_t *at);
/*
 * Sets path's position to at, adding path when it is new (path is not
 * copied: it must outlive the index).  0, or -1 when out of memory.
 */
int pathindex_put(struct pathindex *x, const char *path, size_t at);
/* Empties the index. */
void pathindex_free(struct pathindex *x);

#endif
