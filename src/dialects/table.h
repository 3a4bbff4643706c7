/*
 * table.h - device tables: one entry per line, in the dialect of busybox
 * and buildroot makedevs or of systemd-tmpfiles.d, read and written.
 * devtool's JSON lines and the OCI runtime specification's linux.devices
 * are json.h's, through json-c.
 *
 * Pure like encode.h: no file system access, no exit, no printing (the
 * caller writes the lines table_format makes).  User and group names are
 * resolved through callbacks the caller supplies, so tests can inject
 * their own; table_getpwnam and table_getgrnam are the system's.
 *
 * Every parsed entry has been checked: its path is absolute and normal,
 * its numbers fit the running kernel, its range is of sane size, a link
 * has a target.  The writers refuse (status -1, message in the diag) any
 * entry they could not write as a line that reads back to the same
 * entry, but for a type the dialect has no line for at all (table_holds),
 * which they write as a comment line naming it.
 */
#ifndef DEVTOOL_TABLE_H
#define DEVTOOL_TABLE_H

#include <sys/types.h>

#include <limits.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "base/diag.h"
#include "entry/entry.h"
#include "base/text.h"

enum table_dialect {
	TABLE_UNKNOWN = 0,
	TABLE_MAKEDEVS,		/* path type mode uid gid major minor ... */
	TABLE_TMPFILES,		/* type path mode user group age argument */
	TABLE_JSON,		/* one JSON object a line */
	TABLE_MTREE,		/* mtree(5): fields.h, mtree.c */
	TABLE_INITRAMFS,	/* the kernel's gen_init_cpio list */
	TABLE_PSEUDO,		/* mksquashfs -pf pseudo definitions */
	TABLE_OCI,		/* OCI linux.devices: one JSON document */
};

/*
 * The dialects by name, as list -o writes and apply -i reads them: a
 * table, so a dialect is a row.  TABLE_UNKNOWN for a name it has not.
 */
enum table_dialect table_dialect_lookup(const char *name);
/* Their names, "makedevs, tmpfiles, ...", for a usage message. */
const char *table_dialect_names(void);

/*
 * What list prints before the first line and after the last (mtree's
 * "#mtree"; an OCI array's "[" and "]"); NULL: nothing.
 */
const char *table_header(enum table_dialect dialect);
const char *table_footer(enum table_dialect dialect);

/*
 * Room for what a parsed line points into: its path, then (at PATH_MAX)
 * a link's target.
 */
#define TABLE_TEXT_SIZE (2 * PATH_MAX)

/*
 * The highest uid or gid an entry takes: (uid_t)-1 means "unchanged" to
 * chown(2), and a wider id would wrap (4294967296 is root's 0).
 */
#define TABLE_ID_MAX 4294967294u

/* A range may make at most this many nodes: refuses hostile tables. */
#define TABLE_COUNT_MAX 65536u

/*
 * Room for any line table_format makes, without the newline: a JSON
 * line escapes every byte of a path and a note in at most 6 bytes.
 */
#define TABLE_LINE_MAX (DT_JSON_SIZE(PATH_MAX) + DT_JSON_SIZE(DT_MSGLEN) + 256)

/*
 * Name lookups: return 0 and set the id, or -1 when the name is unknown.
 * A NULL resolver or callback knows no names; numbers always work.
 * searched, when not NULL, says where an unknown user (group: true, a
 * group) was looked for, as text to append to the message, such as
 * " (not in /mnt/img/etc/group)"; NULL or "" says nothing.
 */
struct table_resolver {
	int (*user)(void *ctx, const char *name, uid_t *uid);
	int (*group)(void *ctx, const char *name, gid_t *gid);
	void *ctx;
	const char *(*searched)(void *ctx, bool group);
};

int table_getpwnam(void *ctx, const char *name, uid_t *uid);
int table_getgrnam(void *ctx, const char *name, gid_t *gid);
extern const struct table_resolver table_system_resolver;
/* res's searched text for an unknown user or group, or "". */
const char *table_searched(const struct table_resolver *res, bool group);

/*
 * Parses one line of len bytes (a trailing newline is allowed; a NUL
 * byte is an error).  Returns 1 with *out filled, its path (and a link's
 * target) written into path (TABLE_TEXT_SIZE bytes), 0 for a blank or
 * comment line, -1 with a message naming the field in d.  out->file is
 * the caller's to set.
 */
int table_parse_line(enum table_dialect dialect, const char *line,
    size_t len, unsigned long lineno, const struct table_resolver *res,
    struct entry *out, char *path, struct dt_diag *d);

/* Room for an entry's caps: the |xattr values of its lines, joined. */
#define TABLE_CAPS_MAX 1024

/*
 * buildroot's makedevs line "|xattr CAPABILITIES", which adds file
 * capabilities (cap_from_text(3), as setcap(8) reads them: cap_net_raw+ep)
 * to the f or F entry above it.  Returns 1 with the word in value (at
 * least 256 bytes), 0 for a line that is not one, -1 with a message in d
 * for a bad one.
 */
int table_parse_xattr(const char *line, size_t len, char *value,
    struct dt_diag *d);

/*
 * What every line reader does first (table.c's, fields.c's): *out zeroed
 * but for lineno, a trailing newline dropped from *len; -1 for a NUL
 * byte.
 */
int table_line_start(const char *line, size_t *len, unsigned long lineno,
    struct entry *out, struct dt_diag *d);

/* True for a line table_parse_line skips in either dialect. */
bool table_blank(const char *line, size_t len);

/* The dialect of a table, guessed from its first non-blank line. */
enum table_dialect table_detect(const char *line, size_t len);
/*
 * For a first line table_detect does not know: the dialect it would be
 * with an absolute path (a '/' in its first word: makedevs; in its
 * second: tmpfiles), whose parser can say what is wrong; or
 * TABLE_UNKNOWN.
 */
enum table_dialect table_guess(const char *line, size_t len);
const char *table_dialect_name(enum table_dialect dialect);

/*
 * Whether the dialect has a line for the entry's type: makedevs has
 * none for a symbolic link, tmpfiles none for a socket, OCI only c, b and
 * p; JSON has every type.
 */
bool table_holds(enum table_dialect dialect, const struct entry *e);

/*
 * What list writes at the end of every line but the last (""): an OCI
 * document's elements are parted by ",".
 */
const char *table_separator(enum table_dialect dialect);
/*
 * Whether the dialect writes what it cannot hold as a comment line
 * (all but JSON's); a JSON array has no comments, so list leaves such
 * entries out of an OCI document.
 */
bool table_has_comments(enum table_dialect dialect);

/* Checks an entry from another source as the parser checks its own. */
int table_validate(const struct entry *e, struct dt_diag *d);

/*
 * A range entry stands for table_expand_count(e) nodes; table_expand
 * gives node i (0-based) of a validated entry as an entry of its own with
 * count 0, its path written into path (PATH_MAX bytes) for a range.  Count 0
 * is the one node `path' (busybox also reads count 1 so; devtool follows
 * its specification); count N >= 1 is path<start+i> with minor + i*inc
 * for i in 0..N-1
 * (p ranges get names only).  The parser drops start and inc when they
 * mean nothing, so equal tables give equal entries.
 */
size_t table_expand_count(const struct entry *e);
int table_expand(const struct entry *e, size_t i, struct entry *out,
    char *path, struct dt_diag *d);

/*
 * Formats one entry as a line of the dialect, without the newline, into
 * buf of at least TABLE_LINE_MAX bytes.  Returns 0, or -1 when the
 * dialect cannot say it (message in d).
 */
int table_format(enum table_dialect dialect, const struct entry *e,
    char *buf, size_t len, struct dt_diag *d);
/*
 * The same with a note (list --check's reason), as the dialect can say
 * one: a trailing comment (makedevs), a comment line before the entry's
 * (tmpfiles, whose comments are whole lines), a "problem" member (JSON,
 * OCI).
 * The result may hold a newline.
 */
int table_format_note(enum table_dialect dialect, const struct entry *e,
    const char *note, char *buf, size_t len, struct dt_diag *d);

/*
 * Conflicts among the entries v[0..n-1], in table order, with every range
 * taken as the names it makes: one name given two types, or other
 * numbers, mode or owner than an earlier line made; a name below one that
 * is not a directory.  Repeats are fine.  A '-' mode or owner (tmpfiles)
 * of the later line agrees with anything, since it keeps what is there;
 * of the earlier line it stands for what a new entry gets: the default
 * mode, and new_uid:new_gid.  fn is called once per conflict, ordered by
 * the later item, with a message naming the name and the earlier item's
 * FILE:LINE.  A recursive entry (makedevs r) is left out: it changes, in
 * its turn, whatever the lines before it made.  Returns the number of
 * conflicts, or -1 when out of memory.
 */
typedef void table_conflict_fn(void *ctx, const struct entry *later,
    const char *msg);
long table_conflicts(const struct entry *v, size_t n, uid_t new_uid,
    gid_t new_gid, table_conflict_fn *fn, void *ctx);

#endif
