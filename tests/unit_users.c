/*
 * unit_users.c - unit tests for the target's user and group databases
 * (src/entry/users.c): names found with the ids of the file handed in, the
 * first line of a name counting, lines the host's parser skips skipped,
 * long lines read whole up to USERS_LINE_MAX and refused past it.
 *
 * Output is TAP (tests/tap.h).
 */
#include <errno.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tap.h"
#include "entry/users.h"

/* The database of text, or NULL with errno. */
static struct users_db *
read_text(const char *text, enum users_kind kind)
{
	FILE *f = fmemopen((void *)text, strlen(text), "r");
	struct users_db *db;
	int saved;

	if (f == NULL)
		bail_out_errno("fmemopen");
	db = users_read(f, kind);
	saved = errno;
	fclose(f);
	errno = saved;
	return db;
}

/* name has exactly the id want in db. */
static bool
has(const struct users_db *db, const char *name, uint32_t want)
{
	uint32_t id = 0;

	return users_find(db, name, &id) == 0 && id == want;
}

static bool
lacks(const struct users_db *db, const char *name)
{
	uint32_t id;

	return users_find(db, name, &id) != 0;
}

static void
test_passwd(void)
{
	struct users_db *db = read_text(
	    "root:x:0:0:root:/root:/bin/sh\n"
	    "svc:x:901:901:a service:/var/lib/svc:/usr/sbin/nologin\n"
	    "nobody:x:65534:65534::/:/bin/false\n", USERS_PASSWD);

	if (!ok(db != NULL, "passwd: read"))
		return;
	ok(has(db, "svc", 901) && has(db, "root", 0) &&
	    has(db, "nobody", 65534), "passwd: each name has its uid, not "
	    "its gid or another line's");
	ok(lacks(db, "sv") && lacks(db, "svcx") && lacks(db, "") &&
	    lacks(db, "Svc"), "passwd: only whole, exact names are found");
	users_free(db);
}

static void
test_group(void)
{
	struct users_db *db = read_text(
	    "root:x:0:\n"
	    "video:x:77:alice,bob\n"
	    "input:x:105:\n", USERS_GROUP);

	if (!ok(db != NULL, "group: read"))
		return;
	ok(has(db, "video", 77) && has(db, "input", 105) && has(db, "root", 0),
	    "group: each name has its gid");
	ok(lacks(db, "alice"), "group: a member is not a group");
	users_free(db);
}

static void
test_first_counts(void)
{
	struct users_db *db = read_text(
	    "video:x:77:\n"
	    "audio:x:29:\n"
	    "video:x:44:\n"
	    "video:x:12:\n", USERS_GROUP);

	if (!ok(db != NULL, "duplicates: read"))
		return;
	ok(has(db, "video", 77) && has(db, "audio", 29),
	    "duplicates: the first line of a name counts, as for getgrnam");
	users_free(db);
}

static void
test_skipped(void)
{
	struct users_db *db = read_text(
	    "# a comment\n"
	    "\n"
	    "garbage\n"
	    "bad:x:zz:\n"
	    "+nis:x:5:\n"
	    "-gone:x:6:\n"
	    "+:::\n"
	    "reserved:x:4294967295:\n"
	    "ok:x:8:\n", USERS_GROUP);

	if (!ok(db != NULL, "skipped lines: read"))
		return;
	ok(has(db, "ok", 8), "skipped lines: the line after them is read");
	ok(lacks(db, "garbage") && lacks(db, "bad") && lacks(db, "+nis") &&
	    lacks(db, "nis") && lacks(db, "-gone") && lacks(db, "+") &&
	    lacks(db, "#"), "skipped lines: comments, malformed and NIS lines "
	    "name nobody");
	ok(lacks(db, "reserved"), "skipped lines: the id 4294967295 (chown's "
	    "'no change') names nobody");
	users_free(db);
}

/* A group line of about len bytes: "big:x:5:" and members. */
static char *
long_line(size_t len, const char *after)
{
	char *s = malloc(len + strlen(after) + 64);
	size_t n;

	if (s == NULL)
		bail_out_errno("malloc");
	n = (size_t)sprintf(s, "big:x:5:");
	while (n < len)
		n += (size_t)sprintf(s + n, "m%zu,", n);
	sprintf(s + n - 1, "\n%s", after);
	return s;
}

static void
test_long_lines(void)
{
	char *text = long_line(200000, "next:x:6:\n");
	struct users_db *db = read_text(text, USERS_GROUP);

	ok(db != NULL && has(db, "big", 5) && has(db, "next", 6),
	    "long line: 200000 bytes are read whole, and the next line too");
	users_free(db);
	free(text);

	text = long_line(USERS_LINE_MAX + 10, "next:x:6:\n");
	errno = 0;
	db = read_text(text, USERS_GROUP);
	ok(db == NULL && errno == EFBIG, "long line: past USERS_LINE_MAX is "
	    "refused with EFBIG (%s)", strerror(errno));
	users_free(db);
	free(text);
}

static void
test_many(void)
{
	enum { N = 20000 };
	char *text = malloc((size_t)N * 40), *p = text;
	struct users_db *db;
	struct check c;
	char name[32];

	if (text == NULL)
		bail_out_errno("malloc");
	for (unsigned i = 0; i < N; i++)	/* not in name order */
		p += sprintf(p, "u%u:x:%u:%u::/:/bin/sh\n", (i * 7919) % N,
		    1000 + (i * 7919) % N, i);
	db = read_text(text, USERS_PASSWD);
	begin(&c, "many: each of %d users is found with its uid", N);
	for (unsigned i = 0; db != NULL && i < N; i++) {
		snprintf(name, sizeof(name), "u%u", i);
		expect(&c, has(db, name, 1000 + i), "%s", name);
	}
	expect(&c, db != NULL, "read");
	end(&c);
	users_free(db);
	free(text);
}

static void
test_empty(void)
{
	struct users_db *db = read_text("", USERS_PASSWD);

	ok(db != NULL && lacks(db, "root"), "empty: a file of no lines "
	    "knows no names");
	users_free(db);
}

int
main(void)
{
	test_passwd();
	test_group();
	test_first_counts();
	test_skipped();
	test_long_lines();
	test_many();
	test_empty();
	printf("1..%u\n", tests_run);
	return tests_failed ? 1 : 0;
}
