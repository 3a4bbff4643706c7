/*
 * pathindex.c - an index of paths to positions (pathindex.h).
 */
#include <assert.h>
#include <search.h>
#include <stdlib.h>
#include <string.h>

#include "base/pathindex.h"

struct key {
	const char *path;
	size_t at;
};

static int
key_cmp(const void *a, const void *b)
{
	return strcmp(((const struct key *)a)->path,
	    ((const struct key *)b)->path);
}

static struct key *
find(const struct pathindex *x, const char *path)
{
	struct key k = { .path = path };
	struct key *const *found = tfind(&k, &x->root, key_cmp);

	return found != NULL ? *found : NULL;
}

bool
pathindex_find(const struct pathindex *x, const char *path, size_t *at)
{
	const struct key *k;

	assert(x != NULL && path != NULL && at != NULL);
	if ((k = find(x, path)) == NULL)
		return false;
	*at = k->at;
	return true;
}

int
pathindex_put(struct pathindex *x, const char *path, size_t at)
{
	struct key *k;

	assert(x != NULL && path != NULL);
	if ((k = find(x, path)) != NULL) {
		k->at = at;
		return 0;
	}
	if ((k = malloc(sizeof(*k))) == NULL)
		return -1;
	*k = (struct key){ path, at };
	if (tsearch(k, &x->root, key_cmp) == NULL) {
		free(k);
		return -1;
	}
	return 0;
}

void
pathindex_free(struct pathindex *x)
{
	assert(x != NULL);
	tdestroy(x->root, free);
	x->root = NULL;
}
