/*
 * owners.c - where names are looked up: the target's etc/passwd and
 * etc/group, opened confined to its tree (root_open_file, so a symbolic
 * link cannot lead out of it) and read by users.c, never through the
 * host's NSS; or the host's.  See owners.h.
 */
#include <errno.h>
#include <stdbool.h>
#include <stdio.h>
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

static struct owners {
	const char *dir;	/* the tree, as given */
	bool fallback;		/* --root: an absent file means the host's */
	struct root *root;	/* the tree, or NULL (open_errno) */
	int open_errno;
	struct owners_db db[2];	/* passwd, group */
	struct id_resolver res;
} o;

/* db's file, as the user would write it: the tree's name and the file. */
static const char *
shown(char *buf, const struct owners_db *db)
{
	char path[DT_MSGLEN];
	size_t n = strlen(o.dir);

	while (n > 1 && o.dir[n - 1] == '/')
		n--;
	snprintf(path, sizeof(path), "%.*s%s", (int)n, o.dir,
	    n == 1 && o.dir[0] == '/' ? db->file + 1 : db->file);
	return cli_quote(buf, path);
}

/* The file is absent: the host's database (--root), or no names. */
static void
absent(struct owners_db *db)
{
	char q[DT_QUOTE_SIZE];

	db->host = o.fallback;
	if (o.fallback)
		snprintf(db->searched, sizeof(db->searched), " (not in the "
		    "host's %s database; there is no %s)", db->what,
		    shown(q, db));
	else
		snprintf(db->searched, sizeof(db->searched), " (there is no "
		    "%s)", shown(q, db));
}

/* The file could not be read (errno): no names, and why. */
static void
unreadable(struct owners_db *db, const char *why)
{
	char q[DT_QUOTE_SIZE];

	if (why == NULL && errno == EFBIG)
		why = "a line is longer than " USERS_LINE_MAX_TEXT;
	snprintf(db->searched, sizeof(db->searched), " (%s: %s)",
	    shown(q, db), why != NULL ? why : strerror(errno));
}

static void
load(struct owners_db *db)
{
	char q[DT_QUOTE_SIZE];
	const char *why = NULL;
	FILE *f;
	int fd;

	db->loaded = true;
	errno = o.open_errno;
	if ((fd = o.root != NULL ? root_open_file(o.root, db->file, &why) :
	    -1) < 0) {
		if (errno == ENOENT)
			absent(db);
		else
			unreadable(db, why);
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
		unreadable(db, NULL);
	else
		snprintf(db->searched, sizeof(db->searched), " (not in %s)",
		    shown(q, db));
	(void)fclose(f);	/* read only: nothing to lose */
}

/* name's id in db: 0, or -1 when unknown (db->searched says where). */
static int
lookup(struct owners_db *db, const char *name, uint32_t *id)
{
	uid_t uid;
	gid_t gid;

	if (!db->loaded)
		load(db);
	if (!db->host)
		return db->db != NULL ? users_find(db->db, name, id) : -1;
	if (db->kind == USERS_PASSWD && nss_getpwnam(NULL, name, &uid) == 0)
		*id = (uint32_t)uid;
	else if (db->kind == USERS_GROUP &&
	    nss_getgrnam(NULL, name, &gid) == 0)
		*id = (uint32_t)gid;
	else
		return -1;
	return 0;
}

static int
owners_user(void *ctx, const char *name, uid_t *uid)
{
	uint32_t id;

	(void)ctx;
	if (lookup(&o.db[0], name, &id) != 0)
		return -1;
	*uid = (uid_t)id;
	return 0;
}

static int
owners_group(void *ctx, const char *name, gid_t *gid)
{
	uint32_t id;

	(void)ctx;
	if (lookup(&o.db[1], name, &id) != 0)
		return -1;
	*gid = (gid_t)id;
	return 0;
}

static const char *
owners_searched(void *ctx, bool group)
{
	(void)ctx;
	return o.db[group].searched;
}

const struct id_resolver *
owners_open(const char *root_dir, const char *users_from)
{
	if (users_from == NULL && root_dir == NULL)
		return &nss_resolver;
	o.dir = users_from != NULL ? users_from : root_dir;
	o.fallback = users_from == NULL;
	if ((o.root = root_open(o.dir, env_resolve(), env_faker())) == NULL) {
		o.open_errno = errno;
		if (users_from != NULL) {
			cli_arg_error("--users-from", users_from);
			return NULL;
		}
	}
	o.db[0] = (struct owners_db){ .file = "/etc/passwd", .what = "user",
	    .kind = USERS_PASSWD };
	o.db[1] = (struct owners_db){ .file = "/etc/group", .what = "group",
	    .kind = USERS_GROUP };
	o.res = (struct id_resolver){ owners_user, owners_group, NULL,
	    owners_searched };
	return &o.res;
}

void
owners_close(void)
{
	for (size_t i = 0; i < 2; i++) {
		users_free(o.db[i].db);
		o.db[i].db = NULL;
	}
	root_close(o.root);
	o.root = NULL;
}
