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

int
entries_add(struct entries *l, const struct entry *e)
{
	size_t n = strlen(e->path) + 1;
	char *path;

	if (l->n == l->cap) {
		size_t cap = l->cap ? l->cap * 2 : 1024;
		struct entry *v = reallocarray(l->v, cap, sizeof(*v));

		if (v == NULL)
			return -1;
		l->v = v;
		l->cap = cap;
	}
	if ((path = arena_alloc(l, n)) == NULL)
		return -1;
	memcpy(path, e->path, n);
	l->v[l->n] = *e;
	l->v[l->n++].path = path;
	return 0;
}

static int
by_path(const void *a, const void *b)
{
	return strcmp((*(const struct entry *const *)a)->path,
	    (*(const struct entry *const *)b)->path);
}

/*
 * Pointers are sorted, not the entries (qsort would copy each entry
 * many times, and its own buffer the size of the list), then the entries
 * are put in place by following each cycle of the permutation once.
 */
int
entries_sort(struct entries *l)
{
	struct entry **p, tmp;
	size_t i, j, next;

	if (l->n < 2)
		return 0;
	if ((p = reallocarray(NULL, l->n, sizeof(struct entry *))) == NULL)
		return -1;
	for (i = 0; i < l->n; i++)
		p[i] = &l->v[i];
	qsort(p, l->n, sizeof(struct entry *), by_path);
	for (i = 0; i < l->n; i++) {
		if (p[i] == &l->v[i])
			continue;
		tmp = l->v[i];
		for (j = i; p[j] != &l->v[i]; j = next) {
			next = (size_t)(p[j] - l->v);
			l->v[j] = *p[j];
			p[j] = &l->v[j];
		}
		l->v[j] = tmp;
		p[j] = &l->v[j];
	}
	free(p);
	return 0;
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
