/*
 * pathindex.c - an index of paths to positions (pathindex.h): a hash
 * table with open addressing, its slots doubled when half full.  A pass
 * over a run's names asks once a name (make's repeats, a table's
 * amended lines), so a look-up is one hash and, but for collisions, one
 * strcmp; a tree paid a strcmp a level and a malloc a name.
 */
#include <assert.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "base/pathindex.h"

struct pathindex_slot {
	const char *path;	/* NULL: empty */
	size_t at;
};

/* FNV-1a: byte by byte, as paths are short. */
static size_t
hash(const char *s)
{
	uint32_t h = 2166136261u;

	for (; *s != '\0'; s++)
		h = (h ^ (unsigned char)*s) * 16777619u;
	return h;
}

/* path's slot in x: where it is, or the empty one where it would go. */
static struct pathindex_slot *
slot_of(const struct pathindex *x, const char *path)
{
	size_t i = hash(path) & (x->cap - 1);

	while (x->slots[i].path != NULL && strcmp(x->slots[i].path, path) != 0)
		i = (i + 1) & (x->cap - 1);
	return &x->slots[i];
}

bool
pathindex_find(const struct pathindex *x, const char *path, size_t *at)
{
	const struct pathindex_slot *s;

	assert(x != NULL && path != NULL && at != NULL);
	if (x->n == 0 || (s = slot_of(x, path))->path == NULL)
		return false;
	*at = s->at;
	return true;
}

/* Twice the slots (16 at first), every path moved to its new slot. */
static int
grow(struct pathindex *x)
{
	struct pathindex old = *x;
	size_t cap = old.cap != 0 ? 2 * old.cap : 16;

	if (cap < old.cap || (x->slots = calloc(cap, sizeof(*x->slots))) ==
	    NULL) {
		x->slots = old.slots;
		return -1;
	}
	x->cap = cap;
	for (size_t i = 0; i < old.cap; i++)
		if (old.slots[i].path != NULL)
			*slot_of(x, old.slots[i].path) = old.slots[i];
	free(old.slots);
	return 0;
}

int
pathindex_put(struct pathindex *x, const char *path, size_t at)
{
	struct pathindex_slot *s;

	assert(x != NULL && path != NULL);
	if (2 * (x->n + 1) > x->cap && grow(x) != 0)
		return -1;
	if ((s = slot_of(x, path))->path == NULL) {
		s->path = path;
		x->n++;
	}
	s->at = at;
	return 0;
}

void
pathindex_free(struct pathindex *x)
{
	assert(x != NULL);
	free(x->slots);
	*x = (struct pathindex){ 0 };
}
