/*
 * owners.c - where names are looked up: the target's etc/passwd and
 * etc/group, opened confined to its tree (root_open_file, so a symbolic
 * link cannot lead out of it) and read by users.c, never through the
 * host's NSS; or the host's.  See owners.h.
 */
#include <errno.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli/cli.h"
#include "cli/env.h"
#include "cli/owners.h"
#include "sys/nss.h"
#include "sys/root.h"
#include "base/text.h"
#include "entry/users.h"

/* One database: etc/passwd or etc/group of the tree. */
struct owners_db {
	const char *file;	/* inside the tree */
	const char *what;	/* for messages: "user" or "group" */
	enum users_kind kind;
	bool loaded;		/* looked for (once, at the first name) */
	bool host;		/* --root's file is absent: the host's */
	struct users_db *db;	/* the file read, or NULL */
	char searched[DT_MSGLEN];	/* " (not in DIR/etc/group)" */
};

struct owners {
	const char *dir;	/* the tree, as given */
	bool fallback;		/* --root: an absent file means the host's */
	struct root *root;	/* the tree, or NULL (open_errno) */
	int open_errno;
	struct owners_db db[2];	/* passwd, group */
	struct id_resolver res;	/* res.ctx is the struct itself */
};

/* db's file, as the user would write it: the tree's name and the file. */
static const char *
db_file_quoted(char *buf, const struct owners *o, const struct owners_db *db)
{
	char path[DT_MSGLEN];
	size_t n = strlen(o->dir);

	while (n > 1 && o->dir[n - 1] == '/')
		n--;
	snprintf(path, sizeof(path), "%.*s%s", (int)n, o->dir,
	    n == 1 && o->dir[0] == '/' ? db->file + 1 : db->file);
	return cli_quote(buf, path);
}

/* The file is absent: the host's database (--root), or no names. */
static void
absent(const struct owners *o, struct owners_db *db)
{
	char q[DT_QUOTE_SIZE];

	db->host = o->fallback;
	if (o->fallback)
		snprintf(db->searched, sizeof(db->searched), " (not in the "
		    "host's %s database; there is no %s)", db->what,
		    db_file_quoted(q, o, db));
	else
		snprintf(db->searched, sizeof(db->searched), " (there is no "
		    "%s)", db_file_quoted(q, o, db));
}

/* The file could not be read (errno): no names, and why. */
static void
unreadable(const struct owners *o, struct owners_db *db, const char *why)
{
	char q[DT_QUOTE_SIZE];

	if (why == NULL && errno == EFBIG)
		why = "a line is longer than " USERS_LINE_MAX_TEXT;
	snprintf(db->searched, sizeof(db->searched), " (%s: %s)",
	    db_file_quoted(q, o, db), why != NULL ? why : strerror(errno));
}

static void
load(const struct owners *o, struct owners_db *db)
{
	char q[DT_QUOTE_SIZE];
	const char *why = NULL;
	FILE *f;
	int fd;

	db->loaded = true;
	errno = o->open_errno;
	if ((fd = o->root != NULL ? root_open_file(o->root, db->file, &why) :
	    -1) < 0) {
		if (errno == ENOENT)
			absent(o, db);
		else
			unreadable(o, db, why);
		return;
	}
	if ((f = fdopen(fd, "r")) == NULL) {
		close(fd);
		cli_fatal(NULL);
	}
	db->db = users_read(f, db->kind);
	if (db->db == NULL && errno == ENOMEM)
		cli_fatal(NULL);
	if (db->db == NULL)
		unreadable(o, db, NULL);
	else
		snprintf(db->searched, sizeof(db->searched), " (not in %s)",
		    db_file_quoted(q, o, db));
	(void)fclose(f);	/* read only: nothing to lose */
}

/*
 * A user's (group: a group's) id in o->db[group], passwd or group: 0, or
 * -1 when unknown (that database's searched says where).
 */
static int
owners_lookup(void *ctx, const char *name, bool group, uint32_t *id)
{
	struct owners *o = ctx;
	struct owners_db *db = &o->db[group];

	if (!db->loaded)
		load(o, db);
	if (!db->host)
		return db->db != NULL ? users_find(db->db, name, id) : -1;
	return nss_lookup(NULL, name, group, id);
}

static const char *
owners_searched(void *ctx, bool group)
{
	const struct owners *o = ctx;

	return o->db[group].searched;
}

const struct id_resolver *
owners_open(const char *root_dir, const char *users_from)
{
	struct owners *o;

	if (users_from == NULL && root_dir == NULL)
		return &nss_resolver;
	if ((o = calloc(1, sizeof(*o))) == NULL)
		cli_fatal(NULL);
	o->dir = users_from != NULL ? users_from : root_dir;
	o->fallback = users_from == NULL;
	if ((o->root = root_open(o->dir, env_resolve(), env_faker())) ==
	    NULL) {
		o->open_errno = errno;
		if (users_from != NULL) {
			cli_arg_error("--users-from", users_from);
			free(o);
			return NULL;
		}
	}
	o->db[0] = (struct owners_db){ .file = "/etc/passwd", .what = "user",
	    .kind = USERS_PASSWD };
	o->db[1] = (struct owners_db){ .file = "/etc/group", .what = "group",
	    .kind = USERS_GROUP };
	o->res = (struct id_resolver){ owners_lookup, o,
	    owners_searched };
	return &o->res;
}

void
owners_close(const struct id_resolver *res)
{
	struct owners *o;

	if (res == NULL || res == &nss_resolver)
		return;
	o = res->ctx;
	for (size_t i = 0; i < 2; i++)
		users_free(o->db[i].db);
	root_close(o->root);
	free(o);
}
