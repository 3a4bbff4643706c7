/*
 * entry.c - the type letters and the list of entries (entry.h).
 */
#include <sys/stat.h>

#include <stdlib.h>
#include <string.h>

#include "entry.h"

static const struct entry_type types[] = {
	{ "character device", S_IFCHR, 'c', true },
	{ "block device", S_IFBLK, 'b', true },
	{ "FIFO", S_IFIFO, 'p', false },
	{ "directory", S_IFDIR, 'd', false },
	{ "regular file", S_IFREG, 'f', false },
	{ "socket", S_IFSOCK, 's', false },
};

const struct entry_type *
entry_type_of(char letter)
{
	for (size_t i = 0; i < sizeof(types) / sizeof(types[0]); i++)
		if (types[i].letter == letter)
			return &types[i];
	return NULL;
}

const struct entry_type *
entry_type_of_mode(mode_t mode)
{
	for (size_t i = 0; i < sizeof(types) / sizeof(types[0]); i++)
		if (types[i].ifmt == (mode & S_IFMT))
			return &types[i];
	return NULL;
}

#define CHUNK_SIZE 65536

struct entries_chunk {
	struct entries_chunk *next;
	size_t used, size;
	char text[];
};

/* Room for n bytes in the arena; a path longer than a chunk gets its own. */
static char *
arena_alloc(struct entries *l, size_t n)
{
	struct entries_chunk *c = l->chunks;

	if (c == NULL || c->size - c->used < n) {
		size_t size = n > CHUNK_SIZE ? n : CHUNK_SIZE;

		if ((c = malloc(sizeof(*c) + size)) == NULL)
			return NULL;
		c->next = l->chunks;
		c->used = 0;
		c->size = size;
		l->chunks = c;
	}
	c->used += n;
	return c->text + c->used - n;
}

/* A copy of s in the arena; NULL for NULL too. */
static int
arena_copy(struct entries *l, const char *s, const char **out)
{
	size_t n;
	char *copy;

	if (s == NULL) {
		*out = NULL;
		return 0;
	}
	n = strlen(s) + 1;
	if ((copy = arena_alloc(l, n)) == NULL)
		return -1;
	memcpy(copy, s, n);
	*out = copy;
	return 0;
}

int
entries_add(struct entries *l, const struct entry *e)
{
	const char *path, *caps;

	if (l->n == l->cap) {
		size_t cap = l->cap ? l->cap * 2 : 1024;
		struct entry *v = reallocarray(l->v, cap, sizeof(*v));

		if (v == NULL)
			return -1;
		l->v = v;
		l->cap = cap;
	}
	if (arena_copy(l, e->path, &path) != 0 ||
	    arena_copy(l, e->caps, &caps) != 0)
		return -1;
	l->v[l->n] = *e;
	l->v[l->n].path = path;
	l->v[l->n++].caps = caps;
	return 0;
}

static int
by_path(const void *a, const void *b)
{
	return strcmp(((const struct entry *)a)->path,
	    ((const struct entry *)b)->path);
}

void
entries_sort(struct entries *l)
{
	if (l->n > 1)
		qsort(l->v, l->n, sizeof(*l->v), by_path);
}

void
entries_free(struct entries *l)
{
	for (struct entries_chunk *c = l->chunks, *next; c != NULL; c = next) {
		next = c->next;
		free(c);
	}
	free(l->v);
	l->v = NULL;
	l->chunks = NULL;
	l->n = l->cap = 0;
}
