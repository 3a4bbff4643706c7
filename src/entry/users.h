/*
 * users.h - a passwd(5) or group(5) file read whole, its names looked up:
 * the target's own user and group databases, for --root and --users-from
 * (devtool(1), "User and group names"), read without the host's NSS.
 *
 * Pure: reads the stream it is handed, and nothing else.  Lines are
 * parsed by glibc's fgetpwent_r and fgetgrent_r, as getpwnam(3) parses
 * /etc/passwd, so a line the host would skip is skipped here too.
 */
#ifndef DEVTOOL_USERS_H
#define DEVTOOL_USERS_H

#include <stdint.h>
#include <stdio.h>

enum users_kind {
	USERS_PASSWD,		/* name:password:uid:gid:gecos:home:shell */
	USERS_GROUP,		/* name:password:gid:members */
};

/*
 * The longest line read (a group of many members is a long line).  The
 * number of lines is bounded only by memory.
 */
#define USERS_LINE_MAX (1 << 20)
#define USERS_LINE_MAX_TEXT "1 MiB"

struct users_db;

/*
 * Reads f, which must be seekable (a longer line is read again into a
 * larger buffer), to its end.  Returns the database, or NULL with errno:
 * EFBIG for a line longer than USERS_LINE_MAX, ENOMEM, or the read's.
 */
struct users_db *users_read(FILE *f, enum users_kind kind);

/*
 * The id of name: 0 and *id, or -1 when the file has no such name.  The
 * first line of a name counts, as for getpwnam(3).  NIS lines ("+name",
 * "-name") and lines with the id 4294967295, which chown(2) takes as "no
 * change", name nobody.
 */
int users_find(const struct users_db *db, const char *name, uint32_t *id);

void users_free(struct users_db *db);

#endif
