/*
 * table.h - device tables: one entry per line, in the dialect of busybox
 * and buildroot makedevs or of systemd-tmpfiles.d, read and written.
 *
 * Pure like encode.h: no file system access, no exit, no printing (the
 * caller writes the lines table_format makes).  User and group names are
 * resolved through callbacks the caller supplies, so tests can inject
 * their own; table_getpwnam and table_getgrnam are the system's.
 *
 * Every parsed entry has been checked: its path is absolute and normal,
 * its numbers fit the running kernel, its range is of sane size.  The
 * writers refuse (status -1, message in the diag) any entry they could
 * not write as a line that reads back to the same entry.
 */
#ifndef DEVTOOL_TABLE_H
#define DEVTOOL_TABLE_H

#include <sys/types.h>

#include <limits.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "diag.h"

enum table_dialect {
	TABLE_UNKNOWN = 0,
	TABLE_MAKEDEVS,		/* path type mode uid gid major minor ... */
	TABLE_TMPFILES,		/* type path mode user group age argument */
};

/* A range may make at most this many nodes: refuses hostile tables. */
#define TABLE_COUNT_MAX 65536u

/* Room for any line table_format makes, without the newline. */
#define TABLE_LINE_MAX (4 * PATH_MAX + 256)

/*
 * Defaults.  makedevs (busybox): mode 0755 for every type, owner 0:0, and
 * the *_set flags always true, since busybox applies mode and owner even
 * to what exists.  tmpfiles (systemd): mode 0755 for d and 0644 for the
 * rest, owner 0:0, and the flag false when the field was "-", meaning
 * "use this on creation, leave an existing file's alone".
 */
struct table_entry {
	char path[PATH_MAX];	/* absolute, normal: no //, ., .., trailing / */
	char type;		/* 'c' 'b' 'p' 'd' or 'f' */
	enum table_dialect dialect;	/* where it was read from */
	bool replace;		/* tmpfiles c+ b+ p+ */
	bool mode_set;		/* see Defaults above */
	bool uid_set;
	bool gid_set;
	unsigned mode;		/* permission bits, at most 07777 */
	uid_t uid;
	gid_t gid;
	uint64_t major;		/* c and b only; 0 otherwise */
	uint64_t minor;
	uint64_t start;		/* makedevs range: see table_expand */
	uint64_t inc;
	uint64_t count;		/* 0: one node; N: a range; <= TABLE_COUNT_MAX */
	unsigned long lineno;
};

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
 * byte is an error).  Returns 1 with *out filled, 0 for a blank or
 * comment line, -1 with a message naming the field in d.
 */
int table_parse_line(enum table_dialect dialect, const char *line,
    size_t len, unsigned long lineno, const struct table_resolver *res,
    struct table_entry *out, struct dt_diag *d);

/* True for a line table_parse_line skips in either dialect. */
bool table_blank(const char *line, size_t len);

/* The dialect of a table, guessed from its first non-blank line. */
enum table_dialect table_detect(const char *line, size_t len);
const char *table_dialect_name(enum table_dialect dialect);

/* Checks an entry built by hand (by `list`) as the parser checks its own. */
int table_validate(const struct table_entry *e, struct dt_diag *d);

/*
 * A range entry stands for table_expand_count(e) nodes; table_expand
 * gives node i (0-based) as an entry of its own with count 0.  Count 0
 * is the one node `path' (busybox also reads count 1 so; devtool follows
 * its specification); count N >= 1 is path<start+i> with minor + i*inc
 * for i in 0..N-1
 * (p ranges get names only).  The parser drops start and inc when they
 * mean nothing, so equal tables give equal entries.
 */
size_t table_expand_count(const struct table_entry *e);
int table_expand(const struct table_entry *e, size_t i,
    struct table_entry *out, struct dt_diag *d);

/*
 * Formats one entry as a line of the dialect, without the newline, into
 * buf of at least TABLE_LINE_MAX bytes.  Returns 0, or -1 when the
 * dialect cannot say it (message in d).
 */
int table_format(enum table_dialect dialect, const struct table_entry *e,
    char *buf, size_t len, struct dt_diag *d);

/*
 * An entry as apply keeps it until it is made: small, so that a table of
 * 100,000 lines stays cheap, and with the FILE:LINE it came from.
 */
struct table_item {
	char *path;		/* a range's names are path<start>... */
	const char *file;	/* for messages */
	unsigned long lineno;
	char type;
	bool replace;
	bool mode_set;		/* false: tmpfiles "-", keep an existing mode */
	bool uid_set;		/* false: tmpfiles "-", keep the owner */
	bool gid_set;
	unsigned mode;
	uid_t uid;
	gid_t gid;
	uint64_t major, minor, start, inc, count;
};

/* Fills it from e, with a copy of the path; -1 when out of memory. */
int table_item_set(struct table_item *it, const struct table_entry *e,
    const char *file);

/*
 * Conflicts among the items v[0..n-1], in table order, with every range
 * taken as the names it makes: one name given two types, or other
 * numbers, mode or owner than an earlier line made; a name below one that
 * is not a directory.  Repeats are fine.  A '-' mode or owner (tmpfiles)
 * of the later line agrees with anything, since it keeps what is there;
 * of the earlier line it stands for what a new entry gets: the default
 * mode, and new_uid:new_gid.  fn is called once per conflict, ordered by
 * the later item, with a message naming the name and the earlier item's
 * FILE:LINE.  Returns the number of conflicts, or -1 when out of memory.
 */
typedef void table_conflict_fn(void *ctx, const struct table_item *later,
    const char *msg);
long table_conflicts(const struct table_item *v, size_t n, uid_t new_uid,
    gid_t new_gid, table_conflict_fn *fn, void *ctx);

#endif
