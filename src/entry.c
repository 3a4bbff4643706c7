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
	return strcmp(((const struct entry *)a)->path,
	    ((const struct entry *)b)->path);
}

void
entries_sort(struct entries *l)
{
	if (l->n > 1)
		qsort(l->v, l->n, sizeof(*l->v), by_path);
}

/* Where an entry goes: ahead of entry at, after its own ancestors. */
struct rank {
	size_t at;		/* its place in the table */
	size_t key;		/* the first place in the table under it */
	size_t depth;		/* names in its path ("/" has none) */
	const struct entry *e;
};

static int
tree_byte(unsigned char c)
{
	return c == '\0' ? 0 : c == '/' ? 1 : c + 2;
}

/* Byte order with '/' lowest: a directory's descendants follow it. */
static int
by_tree(const void *a, const void *b)
{
	const struct rank *x = a, *y = b;
	const unsigned char *s = (const void *)x->e->path,
	    *t = (const void *)y->e->path;

	for (; *s == *t && *s != '\0'; s++, t++)
		continue;
	if (*s != *t)
		return tree_byte(*s) - tree_byte(*t);
	return x->at < y->at ? -1 : x->at > y->at;
}

static int
by_key(const void *a, const void *b)
{
	const struct rank *x = a, *y = b;

	if (x->key != y->key)
		return x->key < y->key ? -1 : 1;
	if (x->depth != y->depth)
		return x->depth < y->depth ? -1 : 1;
	return x->at < y->at ? -1 : x->at > y->at;
}

/* path is dir or under it. */
static bool
is_within(const char *path, const char *dir)
{
	size_t n = strlen(dir);

	return strcmp(dir, "/") == 0 || (strncmp(path, dir, n) == 0 &&
	    (path[n] == '/' || path[n] == '\0'));
}

static size_t
path_depth(const char *path)
{
	size_t n = 0;

	for (; *path != '\0' && path[1] != '\0'; path++)
		n += *path == '/';
	return n;
}

static bool
is_dir(const struct entry *e)
{
	const struct entry_type *t = entry_type_of(e->type);

	return t != NULL && t->ifmt == S_IFDIR;
}

/*
 * In tree order each directory's subtree is the run after it, so one
 * pass with a stack of open directories gives each its key: the least
 * table place in its subtree.  Lines of one directory share a subtree,
 * hence a key, and keep their order (a tmpfiles "-" depends on it).
 */
static void
rank_keys(struct rank *r, size_t n, size_t *stack)
{
	size_t top = 0;

	for (size_t k = 0; k <= n; k++) {
		while (top > 0 && (k == n ||
		    !is_within(r[k].e->path, r[stack[top - 1]].e->path))) {
			struct rank *done = &r[stack[--top]];

			if (top > 0 && done->key < r[stack[top - 1]].key)
				r[stack[top - 1]].key = done->key;
		}
		if (k == n)
			break;
		if (is_dir(r[k].e))
			stack[top++] = k;
		else if (top > 0 && r[k].at < r[stack[top - 1]].key)
			r[stack[top - 1]].key = r[k].at;
	}
}

int
entries_parents_first(struct entries *l)
{
	struct rank *r;
	size_t *stack;
	struct entry *v;
	int rc = -1;

	if (l->n < 2)
		return 0;
	r = calloc(l->n, sizeof(*r));
	stack = calloc(l->n, sizeof(*stack));
	v = calloc(l->n, sizeof(*v));
	if (r != NULL && stack != NULL && v != NULL) {
		for (size_t i = 0; i < l->n; i++)
			r[i] = (struct rank){ i, i, path_depth(l->v[i].path),
			    &l->v[i] };
		qsort(r, l->n, sizeof(*r), by_tree);
		rank_keys(r, l->n, stack);
		qsort(r, l->n, sizeof(*r), by_key);
		for (size_t i = 0; i < l->n; i++)
			v[i] = *r[i].e;
		memcpy(l->v, v, l->n * sizeof(*v));
		rc = 0;
	}
	free(r);
	free(stack);
	free(v);
	return rc;
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
