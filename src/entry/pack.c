/*
 * pack.c - the compact list of entries (pack.h).
 */
#include <assert.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "entry/pack.h"

/*
 * An entry as most are: its path, a link's target or the device numbers
 * (32 bits each, as Linux's), the owner, and in bits the mode (07777),
 * the type letter and the flags.  rare: 0, or 1 + the place in the side
 * table of the whole entry, for one that does not fit.
 */
struct entry_rec {
	const char *path;
	union {
		struct {
			uint32_t major, minor;
		} num;
		const char *target;	/* type 'l' */
	} u;
	uint32_t uid, gid;
	uint32_t bits;
	uint32_t rare;
};

static_assert(sizeof(struct entry_rec) == 32, "an entry in 32 bytes");
/* Linux's ids: 32 bits, which a record holds whole. */
static_assert(sizeof(uid_t) == 4 && sizeof(gid_t) == 4, "32-bit ids");

#define MODE_BITS 07777u
#define TYPE_SHIFT 12
#define FLAG(n) (1u << (20 + (n)))
enum {
	F_MODE_SET, F_UID_SET, F_GID_SET, F_REPLACE, F_BOOT, F_IGNORE,
	F_CORRECT, F_CREATE, F_OPTIONAL, F_RECURSIVE, F_EXISTING, F_NOCHANGE
};

/* Whether e holds more than a record does. */
static bool
is_rare(const struct entry *e)
{
	bool link = e->type == 'l';

	return e->file != NULL || e->lineno != 0 || e->nlink != 0 ||
	    e->start != 0 || e->inc != 0 || e->count != 0 ||
	    e->caps != NULL || e->content != NULL || e->link_first != NULL ||
	    e->user != NULL || e->group != NULL || e->mode > MODE_BITS ||
	    e->major > UINT32_MAX || e->minor > UINT32_MAX ||
	    (link && (e->major != 0 || e->minor != 0)) ||
	    (!link && e->target != NULL);
}

/* Whole, with its texts in the arena: in the side table. */
static int
add_rare(struct entry_pack *p, const struct entry *e, struct entry_rec *r)
{
	struct entry c = *e;

	if (p->nrare >= UINT32_MAX - 1) {
		errno = ENOMEM;	/* no place a record can name */
		return -1;
	}
	if (p->nrare == p->caprare) {
		size_t cap = p->caprare ? p->caprare * 2 : 16;
		struct entry *v = reallocarray(p->rare, cap, sizeof(*v));

		if (v == NULL)
			return -1;
		p->rare = v;
		p->caprare = cap;
	}
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
	*r = (struct entry_rec){ .path = c.path, .rare = (uint32_t)p->nrare };
	return 0;
}

int
entry_pack_add(struct entry_pack *p, const struct entry *e)
{
	struct entry_rec r;

	if (p->n == p->cap) {
		size_t cap = p->cap ? p->cap * 2 : 1024;
		struct entry_rec *v = reallocarray(p->v, cap, sizeof(*v));

		if (v == NULL)
			return -1;
		p->v = v;
		p->cap = cap;
	}
	if (is_rare(e)) {
		if (add_rare(p, e, &r) != 0)
			return -1;
		p->v[p->n++] = r;
		return 0;
	}
	r = (struct entry_rec){ .uid = (uint32_t)e->uid,
	    .gid = (uint32_t)e->gid,
	    .bits = e->mode | (unsigned)(unsigned char)e->type << TYPE_SHIFT |
	    (e->mode_set ? FLAG(F_MODE_SET) : 0) |
	    (e->uid_set ? FLAG(F_UID_SET) : 0) |
	    (e->gid_set ? FLAG(F_GID_SET) : 0) |
	    (e->replace ? FLAG(F_REPLACE) : 0) |
	    (e->boot ? FLAG(F_BOOT) : 0) |
	    (e->ignore_errors ? FLAG(F_IGNORE) : 0) |
	    (e->correct ? FLAG(F_CORRECT) : 0) |
	    (e->create ? FLAG(F_CREATE) : 0) |
	    (e->optional ? FLAG(F_OPTIONAL) : 0) |
	    (e->recursive ? FLAG(F_RECURSIVE) : 0) |
	    (e->existing ? FLAG(F_EXISTING) : 0) |
	    (e->nochange ? FLAG(F_NOCHANGE) : 0) };
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
	uint32_t b = r->bits;

	if (r->rare != 0) {
		*e = p->rare[r->rare - 1];
		return;
	}
	*e = (struct entry){ .path = r->path, .uid = (uid_t)r->uid,
	    .gid = (gid_t)r->gid, .mode = b & MODE_BITS,
	    .type = (char)(unsigned char)(b >> TYPE_SHIFT),
	    .mode_set = (b & FLAG(F_MODE_SET)) != 0,
	    .uid_set = (b & FLAG(F_UID_SET)) != 0,
	    .gid_set = (b & FLAG(F_GID_SET)) != 0,
	    .replace = (b & FLAG(F_REPLACE)) != 0,
	    .boot = (b & FLAG(F_BOOT)) != 0,
	    .ignore_errors = (b & FLAG(F_IGNORE)) != 0,
	    .correct = (b & FLAG(F_CORRECT)) != 0,
	    .create = (b & FLAG(F_CREATE)) != 0,
	    .optional = (b & FLAG(F_OPTIONAL)) != 0,
	    .recursive = (b & FLAG(F_RECURSIVE)) != 0,
	    .existing = (b & FLAG(F_EXISTING)) != 0,
	    .nochange = (b & FLAG(F_NOCHANGE)) != 0 };
	if (e->type == 'l') {
		e->target = r->u.target;
	} else {
		e->major = r->u.num.major;
		e->minor = r->u.num.minor;
	}
}

const char *
entry_pack_path(const struct entry_pack *p, size_t i)
{
	return p->v[i].path;
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

void
entry_pack_free(struct entry_pack *p)
{
	entry_texts_free(&p->chunks);
	free(p->v);
	free(p->rare);
	*p = (struct entry_pack){ 0 };
}
