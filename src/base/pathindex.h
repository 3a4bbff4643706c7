/*
 * pathindex.h - an index of paths to positions (a table source's
 * entries, by path), kept by tsearch(3): a balanced tree in libc.  Its
 * own file because <search.h> names a struct entry of its own.  Pure:
 * memory only.
 */
#ifndef DEVTOOL_PATHINDEX_H
#define DEVTOOL_PATHINDEX_H

#include <stdbool.h>
#include <stddef.h>

struct pathindex {
	void *root;		/* tsearch's; NULL: empty */
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
