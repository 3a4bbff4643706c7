/*
 * users.c - a passwd or group file read whole and looked up.  See users.h.
 */
#include <errno.h>
#include <grp.h>
#include <pwd.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "base/grow.h"
#include "entry/users.h"

#define BUF_MIN 1024
#define ID_NONE 0xffffffffu	/* (uid_t)-1: chown(2)'s "no change" */

struct users_entry {
	char *name;
	uint32_t id;
	size_t order;		/* line order: the first of a name counts */
};

struct users_db {
	struct users_entry *v;
	size_t n, cap;
};

/* The parse buffer, grown up to USERS_LINE_MAX for a long line. */
struct parse_buf {
	char *p;
	size_t size;
};

static int
grow(struct parse_buf *b)
{
	size_t size = b->size ? b->size * 2 : BUF_MIN;
	char *p;

	if (b->size >= USERS_LINE_MAX) {
		errno = EFBIG;
		return -1;
	}
	if ((p = realloc(b->p, size)) == NULL)
		return -1;
	b->p = p;
	b->size = size;
	return 0;
}

/*
 * The next entry of f: 1 with its name (in b) and id, 0 at the end, -1
 * with errno.  fgetpwent_r and fgetgrent_r say ERANGE when the line does
 * not fit, and seek back to its start, so it is read again, larger.
 */
static int
next_entry(FILE *f, enum users_kind kind, struct parse_buf *b,
    const char **name, uint32_t *id)
{
	struct passwd pw, *pwp;
	struct group gr, *grp;
	int rc;

	do {
		if (b->size == 0 && grow(b) != 0)
			return -1;
		if (kind == USERS_PASSWD)
			rc = fgetpwent_r(f, &pw, b->p, b->size, &pwp);
		else
			rc = fgetgrent_r(f, &gr, b->p, b->size, &grp);
	} while (rc == ERANGE && grow(b) == 0);
	if (rc == ERANGE)	/* grow failed: its errno */
		return -1;
	if (rc == ENOENT && !ferror(f))
		return 0;
	if (rc != 0) {
		errno = rc == ENOENT ? EIO : rc;
		return -1;
	}
	*name = kind == USERS_PASSWD ? pw.pw_name : gr.gr_name;
	*id = kind == USERS_PASSWD ? (uint32_t)pw.pw_uid : (uint32_t)gr.gr_gid;
	return 1;
}

static int
add(struct users_db *db, const char *name, uint32_t id)
{
	struct users_entry *v;

	if ((v = dt_room_for_one(db->v, db->n, &db->cap, sizeof(*v),
	    64)) == NULL)
		return -1;
	db->v = v;
	if ((db->v[db->n].name = strdup(name)) == NULL)
		return -1;
	db->v[db->n].id = id;
	db->v[db->n].order = db->n;
	db->n++;
	return 0;
}

static int
by_name_then_order(const void *a, const void *b)
{
	const struct users_entry *x = a, *y = b;
	int c = strcmp(x->name, y->name);

	if (c != 0)
		return c;
	return x->order < y->order ? -1 : x->order > y->order;
}

/* Sorted by name, keeping only the first line of each name. */
static void
index_names(struct users_db *db)
{
	size_t kept = 0;

	if (db->n == 0)
		return;
	qsort(db->v, db->n, sizeof(*db->v), by_name_then_order);
	for (size_t i = 1; i < db->n; i++) {
		if (strcmp(db->v[i].name, db->v[kept].name) == 0)
			free(db->v[i].name);
		else
			db->v[++kept] = db->v[i];
	}
	db->n = kept + 1;
}

/* NIS compat lines and the reserved id name nobody (users.h). */
static bool
names_nobody(const char *name, uint32_t id)
{
	return name[0] == '\0' || name[0] == '+' || name[0] == '-' ||
	    id == ID_NONE;
}

struct users_db *
users_read(FILE *f, enum users_kind kind)
{
	struct users_db *db = calloc(1, sizeof(*db));
	struct parse_buf b = { NULL, 0 };
	const char *name;
	uint32_t id;
	int rc = -1, saved;

	if (db == NULL)
		return NULL;
	while ((rc = next_entry(f, kind, &b, &name, &id)) > 0)
		if (!names_nobody(name, id) && add(db, name, id) != 0) {
			rc = -1;
			break;
		}
	saved = errno;
	free(b.p);
	if (rc < 0) {
		users_free(db);
		errno = saved;
		return NULL;
	}
	index_names(db);
	return db;
}

static int
by_name(const void *key, const void *elem)
{
	return strcmp(key, ((const struct users_entry *)elem)->name);
}

int
users_find(const struct users_db *db, const char *name, uint32_t *id)
{
	const struct users_entry *e;

	if (db->n == 0)
		return -1;
	e = bsearch(name, db->v, db->n, sizeof(*db->v), by_name);
	if (e == NULL)
		return -1;
	*id = e->id;
	return 0;
}

void
users_free(struct users_db *db)
{
	if (db == NULL)
		return;
	for (size_t i = 0; i < db->n; i++)
		free(db->v[i].name);
	free(db->v);
	free(db);
}
