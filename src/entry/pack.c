/*
 * pack.c - the compact list of entries (pack.h).
 */
#include <assert.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "base/grow.h"
#include "entry/pack.h"

static_assert(sizeof(struct entry_rec) == 32, "an entry in 32 bytes");
/* Linux's ids: 32 bits, which a record holds whole. */
static_assert(sizeof(uid_t) == 4 && sizeof(gid_t) == 4, "32-bit ids");
static_assert(ENTRY_PACK_FLAG(ENTRY_PACK_NOCHANGE) <
    1u << ENTRY_PACK_FILE_SHIFT, "the flags below the file");
static_assert(ENTRY_PACK_FILES < 1u << (32 - ENTRY_PACK_FILE_SHIFT),
    "a file index in its bits");

#define MODE_BITS 07777u
#define FLAG(n) ENTRY_PACK_FLAG(ENTRY_PACK_ ## n)

/*
 * 1 + the place of type letter t in ENTRY_PACK_TYPES, 0 for another (a
 * switch: it runs for every entry added, twice).
 */
static unsigned
type_code(char t)
{
	static_assert(sizeof(ENTRY_PACK_TYPES) == 8, "the seven cases below");
	switch (t) {
	case 'c': return 1;
	case 'b': return 2;
	case 'p': return 3;
	case 'd': return 4;
	case 'f': return 5;
	case 'l': return 6;
	case 's': return 7;
	default: return 0;
	}
}

/*
 * 1 + the place of file in p's files (added when there is room), 0 for
 * NULL; -1 when it has no place, -2 when out of memory.  A table's lines
 * come file by file: the last file is looked at first.
 */
static int
file_code(struct entry_pack *p, const char *file)
{
	if (file == NULL)
		return 0;
	for (size_t k = p->nfiles; k > 0; k--)
		if (p->files[k - 1] == file || strcmp(p->files[k - 1],
		    file) == 0)
			return (int)k;
	if (p->nfiles == ENTRY_PACK_FILES)
		return -1;
	if (entry_text_copy(&p->chunks, file, &p->files[p->nfiles]) != 0)
		return -2;
	return (int)++p->nfiles;
}

/*
 * Whether e, of type code code, holds more than a record does, but for
 * its file.  The fields that must be 0 (or NULL) are or'ed together and
 * asked once: it runs for every entry added.
 */
static bool
is_rare(const struct entry *e, unsigned code)
{
	bool link = e->type == 'l';

	return code == 0 || e->lineno > UINT32_MAX || e->mode > MODE_BITS ||
	    (e->nlink | e->start | e->inc | e->count |
	    (uintptr_t)e->caps | (uintptr_t)e->content |
	    (uintptr_t)e->link_first | (uintptr_t)e->user |
	    (uintptr_t)e->group) != 0 ||
	    (e->major | e->minor) > UINT32_MAX ||
	    (link ? (e->major | e->minor) != 0 : e->target != NULL);
}

/* Whole, with its texts in the arena: in the side table. */
static int
add_rare(struct entry_pack *p, const struct entry *e, struct entry_rec *r)
{
	struct entry c = *e, *v;

	if (p->nrare >= UINT32_MAX - 1) {
		errno = ENOMEM;	/* no place a record can name */
		return -1;
	}
	if ((v = dt_room_for_one(p->rare, p->nrare, &p->caprare, sizeof(*v),
	    16)) == NULL)
		return -1;
	p->rare = v;
	if (entry_text_copy(&p->chunks, e->path, &c.path) != 0 ||
	    entry_text_copy(&p->chunks, e->target, &c.target) != 0 ||
	    entry_text_copy(&p->chunks, e->file, &c.file) != 0 ||
	    entry_text_copy(&p->chunks, e->caps, &c.caps) != 0 ||
	    entry_text_copy(&p->chunks, e->content, &c.content) != 0 ||
	    entry_text_copy(&p->chunks, e->link_first, &c.link_first) != 0 ||
	    entry_text_copy(&p->chunks, e->user, &c.user) != 0 ||
	    entry_text_copy(&p->chunks, e->group, &c.group) != 0)
		return -1;
	p->rare[p->nrare++] = c;
	*r = (struct entry_rec){ .path = c.path, .line = (uint32_t)p->nrare };
	return 0;
}

int
entry_pack_add(struct entry_pack *p, const struct entry *e)
{
	struct entry_rec r, *v = dt_room_for_one(p->v, p->n, &p->cap,
	    sizeof(*v), 1024);
	unsigned code = type_code(e->type);
	bool rare = is_rare(e, code);
	int file = 0;

	if (v == NULL)
		return -1;
	p->v = v;
	if (!rare && (file = file_code(p, e->file)) == -2)
		return -1;
	if (rare || file < 0) {
		if (add_rare(p, e, &r) != 0)
			return -1;
		p->v[p->n++] = r;
		return 0;
	}
	r = (struct entry_rec){ .uid = (uint32_t)e->uid,
	    .gid = (uint32_t)e->gid, .line = (uint32_t)e->lineno,
	    .bits = e->mode | code << ENTRY_PACK_TYPE_SHIFT |
	    (unsigned)file << ENTRY_PACK_FILE_SHIFT |
	    (e->mode_set ? FLAG(MODE_SET) : 0) |
	    (e->uid_set ? FLAG(UID_SET) : 0) |
	    (e->gid_set ? FLAG(GID_SET) : 0) |
	    (e->replace ? FLAG(REPLACE) : 0) |
	    (e->boot ? FLAG(BOOT) : 0) |
	    (e->ignore_errors ? FLAG(IGNORE) : 0) |
	    (e->correct ? FLAG(CORRECT) : 0) |
	    (e->create ? FLAG(CREATE) : 0) |
	    (e->optional ? FLAG(OPTIONAL) : 0) |
	    (e->recursive ? FLAG(RECURSIVE) : 0) |
	    (e->existing ? FLAG(EXISTING) : 0) |
	    (e->nochange ? FLAG(NOCHANGE) : 0) };
	if (e->type == 'l') {
		if (entry_text_copy(&p->chunks, e->target, &r.u.target) != 0)
			return -1;
	} else {
		r.u.num.major = (uint32_t)e->major;
		r.u.num.minor = (uint32_t)e->minor;
	}
	if (entry_text_copy(&p->chunks, e->path, &r.path) != 0)
		return -1;
	p->v[p->n++] = r;
	return 0;
}

void
entry_pack_get(const struct entry_pack *p, size_t i, struct entry *e)
{
	const struct entry_rec *r = &p->v[i];
	uint32_t b = r->bits, file = b >> ENTRY_PACK_FILE_SHIFT;
	unsigned code = b >> ENTRY_PACK_TYPE_SHIFT & ENTRY_PACK_TYPE_MASK;

	if (code == 0) {
		*e = p->rare[r->line - 1];
		return;
	}
	*e = (struct entry){ .path = r->path, .uid = (uid_t)r->uid,
	    .gid = (gid_t)r->gid, .mode = b & MODE_BITS,
	    .type = ENTRY_PACK_TYPES[code - 1],
	    .file = file != 0 ? p->files[file - 1] : NULL,
	    .lineno = r->line,
	    .mode_set = (b & FLAG(MODE_SET)) != 0,
	    .uid_set = (b & FLAG(UID_SET)) != 0,
	    .gid_set = (b & FLAG(GID_SET)) != 0,
	    .replace = (b & FLAG(REPLACE)) != 0,
	    .boot = (b & FLAG(BOOT)) != 0,
	    .ignore_errors = (b & FLAG(IGNORE)) != 0,
	    .correct = (b & FLAG(CORRECT)) != 0,
	    .create = (b & FLAG(CREATE)) != 0,
	    .optional = (b & FLAG(OPTIONAL)) != 0,
	    .recursive = (b & FLAG(RECURSIVE)) != 0,
	    .existing = (b & FLAG(EXISTING)) != 0,
	    .nochange = (b & FLAG(NOCHANGE)) != 0 };
	if (e->type == 'l') {
		e->target = r->u.target;
	} else {
		e->major = r->u.num.major;
		e->minor = r->u.num.minor;
	}
}

/* By path, then by the order they came in. */
static int
by_path_then_place(const void *a, const void *b, void *ctx)
{
	const struct entry_rec *v = ctx;
	uint32_t i = *(const uint32_t *)a, j = *(const uint32_t *)b;
	int c = strcmp(v[i].path, v[j].path);

	return c != 0 ? c : (i > j) - (i < j);
}

int
entry_pack_order(const struct entry_pack *p, uint32_t **order)
{
	uint32_t *o;

	if (p->n > UINT32_MAX) {
		errno = ENOMEM;	/* more places than 32 bits hold */
		return -1;
	}
	if ((o = reallocarray(NULL, p->n + 1, sizeof(*o))) == NULL)
		return -1;
	for (size_t i = 0; i < p->n; i++)
		o[i] = (uint32_t)i;
	qsort_r(o, p->n, sizeof(*o), by_path_then_place, p->v);
	*order = o;
	return 0;
}

/* Entry i's path, and whether it is a directory line that moves. */
static const char *
pack_line(const void *ctx, size_t i, bool *dir)
{
	const struct entry_pack *p = ctx;

	*dir = entry_pack_type(p, i) == 'd' && !entry_pack_recursive(p, i);
	return entry_pack_path(p, i);
}

int
entry_pack_parents_first(struct entry_pack *p)
{
	struct entry_rec tmp;

	return entry_parents_permute(p->v, sizeof(*p->v), p->n, pack_line, p,
	    &tmp);
}

void
entry_pack_free(struct entry_pack *p)
{
	entry_texts_free(&p->chunks);
	free(p->v);
	free(p->rare);
	*p = (struct entry_pack){ 0 };
}
