/*
 * entry.c - the type letters and the list of entries (entry.h).
 */
#include <sys/stat.h>

#include <assert.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "base/grow.h"
#include "base/permute.h"
#include "entry/entry.h"

static const struct entry_type types[] = {
	{ "character device", S_IFCHR, 'c', true },
	{ "block device", S_IFBLK, 'b', true },
	{ "FIFO", S_IFIFO, 'p', false },
	{ "directory", S_IFDIR, 'd', false },
	{ "regular file", S_IFREG, 'f', false },
	{ "symbolic link", S_IFLNK, 'l', false },
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

const char *
entry_noun(const struct entry *e)
{
	const struct entry_type *t = entry_type_of(e->type);

	if (e->existing)
		return "symbolic link named without a target (genext2fs's l: "
		    "the owner of the link there)";
	return t != NULL ? t->noun : "entry of no type";
}

const struct entry_type *
entry_type_of_mode(mode_t mode)
{
	for (size_t i = 0; i < sizeof(types) / sizeof(types[0]); i++)
		if (types[i].ifmt == (mode & S_IFMT))
			return &types[i];
	return NULL;
}

/* Equal strings, NULL equal only to NULL. */
static bool
same_text(const char *a, const char *b)
{
	return a == NULL || b == NULL ? a == b : strcmp(a, b) == 0;
}

const char *
entry_differs(const struct entry *a, const struct entry *b)
{
	if (strcmp(a->path, b->path) != 0)
		return "path";
	if (a->type != b->type)
		return "type";
	if (!same_text(a->target, b->target))
		return "link target";
	if (a->type != 'l' && (a->mode_set != b->mode_set ||
	    a->mode != b->mode))
		return a->mode_set != b->mode_set ? "'-' mode (kept as it is)" :
		    "mode";
	if (a->uid_set != b->uid_set && a->type != 'l')
		return "'-' user (kept as it is)";
	if (a->gid_set != b->gid_set && a->type != 'l')
		return "'-' group (kept as it is)";
	if (!same_text(a->user, b->user) ||
	    (a->user == NULL && a->uid != b->uid))
		return a->user != NULL ? "user name" : "user";
	if (!same_text(a->group, b->group) ||
	    (a->group == NULL && a->gid != b->gid))
		return a->group != NULL ? "group name" : "group";
	if (a->major != b->major || a->minor != b->minor)
		return "device numbers";
	if (a->start != b->start || a->inc != b->inc || a->count != b->count)
		return "range";
	if (a->replace != b->replace)
		return "'+' (replace)";
	if (a->boot != b->boot)
		return "'!' (boot only)";
	if (a->ignore_errors != b->ignore_errors)
		return "'-' (failure ignored)";
	if (a->optional != b->optional)
		return "F (may be missing)";
	if (a->recursive != b->recursive)
		return "r (the whole tree)";
	if (a->existing != b->existing)
		return "l without a target (the link there)";
	if (a->nochange != b->nochange)
		return "nochange (an existing one kept as it is)";
	if (!same_text(a->caps, b->caps))
		return "file capabilities";
	if (!same_text(a->content, b->content))
		return "contents (the file they are copied from)";
	if (a->content != NULL && (a->nlink != b->nlink ||
	    !same_text(a->link_first, b->link_first)))
		return "hard links";
	return NULL;
}

#define CHUNK_SIZE 65536

struct entries_chunk {
	struct entries_chunk *next;
	size_t used, size;
	char text[];
};

/*
 * The first chunk holds a page with malloc's header and its own; each
 * next one twice the last, up to CHUNK_SIZE.  A short run (make std, a
 * few lines) then touches one page of arena, not a 64 KiB block and
 * the page after it where malloc writes the top chunk's header; a long
 * one makes five chunks more.
 */
#define CHUNK_FIRST (4096 - sizeof(struct entries_chunk) - 2 * sizeof(size_t))

/* Room for n bytes in the arena; a text longer than a chunk gets its own. */
static char *
arena_alloc(struct entries_chunk **chunks, size_t n)
{
	struct entries_chunk *c = *chunks;

	if (c == NULL || c->size - c->used < n) {
		size_t size = c == NULL ? CHUNK_FIRST : c->size > CHUNK_SIZE / 2 ?
		    CHUNK_SIZE : c->size * 2;

		if (size < n)
			size = n;
		if ((c = malloc(sizeof(*c) + size)) == NULL)
			return NULL;
		c->next = *chunks;
		c->used = 0;
		c->size = size;
		*chunks = c;
	}
	c->used += n;
	return c->text + c->used - n;
}

int
entry_text_copy(struct entries_chunk **chunks, const char *s,
    const char **out)
{
	size_t n;
	char *copy;

	if (s == NULL) {
		*out = NULL;
		return 0;
	}
	n = strlen(s) + 1;
	if ((copy = arena_alloc(chunks, n)) == NULL)
		return -1;
	memcpy(copy, s, n);
	*out = copy;
	return 0;
}

void
entry_texts_free(struct entries_chunk **chunks)
{
	for (struct entries_chunk *c = *chunks, *next; c != NULL; c = next) {
		next = c->next;
		free(c);
	}
	*chunks = NULL;
}

/* A copy of s in l's arena; NULL for NULL too. */
static int
arena_copy(struct entries *l, const char *s, const char **out)
{
	return entry_text_copy(&l->chunks, s, out);
}

int
entries_add(struct entries *l, const struct entry *e)
{
	const char *path, *target, *caps, *user, *group, *content, *first;
	struct entry *v = dt_room_for_one(l->v, l->n, &l->cap, sizeof(*v),
	    1024);

	if (v == NULL)
		return -1;
	l->v = v;
	if (arena_copy(l, e->path, &path) != 0 ||
	    arena_copy(l, e->target, &target) != 0 ||
	    arena_copy(l, e->caps, &caps) != 0 ||
	    arena_copy(l, e->user, &user) != 0 ||
	    arena_copy(l, e->group, &group) != 0 ||
	    arena_copy(l, e->content, &content) != 0 ||
	    arena_copy(l, e->link_first, &first) != 0)
		return -1;
	l->v[l->n] = *e;
	l->v[l->n].content = content;
	l->v[l->n].link_first = first;
	l->v[l->n].path = path;
	l->v[l->n].target = target;
	l->v[l->n].user = user;
	l->v[l->n].group = group;
	l->v[l->n++].caps = caps;
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

/* A directory line: its table place, and the first place under it. */
struct dir_line {
	const char *path;
	size_t at, key, depth;
};

static int
by_path_at(const void *a, const void *b)
{
	const struct dir_line *x = a, *y = b;
	int c = strcmp(x->path, y->path);

	return c != 0 ? c : x->at < y->at ? -1 : x->at > y->at;
}

/* Where it goes: at key, ancestors first, then in table order. */
static int
by_key(const void *a, const void *b)
{
	const struct dir_line *x = a, *y = b;

	if (x->key != y->key)
		return x->key < y->key ? -1 : 1;
	if (x->depth != y->depth)
		return x->depth < y->depth ? -1 : 1;
	return x->at < y->at ? -1 : x->at > y->at;
}

static size_t
path_depth(const char *path)
{
	size_t n = 0;

	for (; *path != '\0' && path[1] != '\0'; path++)
		n += *path == '/';
	return n;
}
/* strcmp(path, dir[0..len)), without copying the prefix. */
static int
cmp_prefix(const char *path, const char *dir, size_t len)
{
	int c = strncmp(path, dir, len);

	return c != 0 ? c : path[len] != '\0';
}

/* Entry at lowers the key of the lines of dir[0..len), if any. */
static void
lower_key(struct dir_line *d, size_t m, const char *dir, size_t len,
    size_t at)
{
	size_t lo = 0, hi = m;

	while (lo < hi) {	/* the first line not before dir */
		size_t mid = lo + (hi - lo) / 2;

		if (cmp_prefix(d[mid].path, dir, len) < 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	for (; lo < m && cmp_prefix(d[lo].path, dir, len) == 0; lo++)
		if (at < d[lo].key)
			d[lo].key = at;
}

/* Entry at lowers the keys of the directory lines above its path. */
static void
lower_keys(struct dir_line *d, size_t m, const char *path, size_t at)
{
	if (strcmp(path, "/") == 0)
		return;
	lower_key(d, m, path, 1, at);
	for (size_t k = 1; path[k] != '\0'; k++)
		if (path[k] == '/')
			lower_key(d, m, path, k, at);
}

/*
 * The list again, each moved line (key < at) placed before entry key:
 * the new order as places (4 bytes an entry), into *order.
 */
static int
place_moved(size_t n, struct dir_line *d, size_t m, uint32_t **order)
{
	uint32_t *o;
	bool *moved;
	size_t at = 0, j = 0;

	if (n > UINT32_MAX) {
		errno = ENOMEM;	/* more places than 32 bits hold */
		return -1;
	}
	o = reallocarray(NULL, n + 1, sizeof(*o));
	moved = calloc(n, sizeof(*moved));
	if (o == NULL || moved == NULL) {
		free(o);
		free(moved);
		return -1;
	}
	qsort(d, m, sizeof(*d), by_key);
	for (size_t k = 0; k < m; k++)
		moved[d[k].at] = d[k].key < d[k].at;
	for (size_t i = 0; i < n; i++) {
		for (; j < m && d[j].key <= i; j++)
			if (d[j].key == i && moved[d[j].at])
				o[at++] = (uint32_t)d[j].at;
		if (!moved[i])
			o[at++] = (uint32_t)i;
	}
	free(moved);
	*order = o;
	return 0;
}

/*
 * Each directory line gets as key the first table place of a line under
 * it: each entry's parents are looked up among the directory lines,
 * which are few.  Only when one is to move is an order made.
 */
static int
parents_order(size_t n, entry_line_fn *line, const void *ctx,
    uint32_t **order)
{
	struct dir_line *d;
	size_t m = 0;
	bool any = false, dir;
	int rc = 0;

	*order = NULL;
	for (size_t i = 0; i < n; i++) {
		(void)line(ctx, i, &dir);
		m += dir;
	}
	if (m == 0)
		return 0;
	if ((d = calloc(m, sizeof(*d))) == NULL)
		return -1;
	for (size_t i = 0, k = 0; i < n; i++) {
		const char *path = line(ctx, i, &dir);

		if (dir)
			d[k++] = (struct dir_line){ path, i, i,
			    path_depth(path) };
	}
	qsort(d, m, sizeof(*d), by_path_at);
	for (size_t i = 0; i < n; i++)
		lower_keys(d, m, line(ctx, i, &dir), i);
	for (size_t k = 0; k < m; k++)
		any = any || d[k].key < d[k].at;
	if (any)
		rc = place_moved(n, d, m, order);
	free(d);
	return rc;
}

int
entry_parents_permute(void *v, size_t size, size_t n, entry_line_fn *line,
    const void *ctx, void *tmp)
{
	uint32_t *order;

	if (parents_order(n, line, ctx, &order) != 0)
		return -1;
	if (order != NULL)
		dt_permute(v, size, order, n, tmp);
	free(order);
	return 0;
}

/*
 * A directory line that makes a directory: not makedevs's r, which
 * adjusts a whole existing tree and so stays where the table puts it.
 */
static const char *
list_line(const void *ctx, size_t i, bool *dir)
{
	const struct entry *e = &((const struct entries *)ctx)->v[i];
	const struct entry_type *t = entry_type_of(e->type);

	*dir = t != NULL && t->ifmt == S_IFDIR && !e->recursive;
	return e->path;
}

int
entries_parents_first(struct entries *l)
{
	struct entry tmp;

	return entry_parents_permute(l->v, sizeof(*l->v), l->n, list_line, l,
	    &tmp);
}

void
entries_free(struct entries *l)
{
	entry_texts_free(&l->chunks);
	free(l->v);
	l->v = NULL;
	l->n = l->cap = 0;
}
