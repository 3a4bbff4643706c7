/*
 * entry.h - the one record every source produces and every target and
 * writer consumes (docs/DESIGN.md, "The entry pipeline"): a device node,
 * FIFO, directory, file, symbolic link or socket with its numbers (or its
 * link's target), mode and owner, and where it came from.  Pure: no I/O.
 */
#ifndef DEVTOOL_ENTRY_H
#define DEVTOOL_ENTRY_H

#include <sys/types.h>

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "base/types.h"

/*
 * Defaults depend on the dialect: makedevs (busybox) applies mode and
 * owner even to what exists, so the *_set flags are true; tmpfiles
 * (systemd) leaves them false for a "-" field, meaning "use this on
 * creation, leave an existing file's alone".
 */
struct entry {
	const char *path;	/* absolute, normal: no //, ., .., trailing / */
	const char *target;	/* l: the link's target, never followed;
				   NULL for every other type */
	const char *file;	/* where it was read, for messages; or NULL */
	unsigned long lineno;
	char type;		/* a letter of types.h's table */
	bool replace;		/* tmpfiles c+ b+ p+ */
	bool mode_set;
	bool uid_set;
	bool gid_set;
	unsigned mode;		/* permission bits, at most 07777 */
	uid_t uid;
	gid_t gid;
	unsigned nlink;		/* f: see content below (here, where it
				   fills what would be padding) */
	uint64_t major;		/* c and b only; 0 otherwise */
	uint64_t minor;
	uint64_t start;		/* a makedevs range: see entry_expand */
	uint64_t inc;
	uint64_t count;		/* 0: one node; N: a range */
	/* What a peer's line means beyond the node (DEVICE TABLES). */
	bool boot;		/* tmpfiles "!": made only by apply --boot */
	bool ignore_errors;	/* tmpfiles "-": a failure is only a warning */
	bool correct;		/* an existing one of the same type and
				   numbers gets the mode and owner (tmpfiles) */
	bool create;		/* f: a missing file is made, empty (tmpfiles) */
	bool optional;		/* f: a missing file is skipped (makedevs F) */
	bool recursive;		/* d: mode and owner for the whole existing
				   tree, symbolic links not followed (r) */
	bool existing;		/* l: no target; the link that is there gets
				   the owner, a missing one is a failure
				   (genext2fs's makedevs l) */
	bool nochange;		/* mode and owner are a new entry's; an
				   existing one keeps its own (mtree
				   nochange) */
	const char *caps;	/* f: file capabilities to add, as
				   cap_from_text(3) reads them (|xattr); or
				   NULL */
	/*
	 * f: the file whose bytes an archive holds at path, as the line
	 * names it (gen_init_cpio's location, from the working directory),
	 * or NULL: an f line without it sets the mode and owner of a file
	 * that exists.  nlink: how many names the file has (1 and its
	 * hard links), each an entry of its own; link_first: for a hard
	 * link, the line's first name (which every name of the file
	 * shares as its key), NULL for that first name itself.
	 */
	const char *content;
	const char *link_first;
	/*
	 * The owner as the table named it, kept by a conversion (list
	 * --table) so that a name stays a name; NULL: uid, gid say it.
	 */
	const char *user;
	const char *group;
};

/*
 * The directory apply makes where a path needs a parent: 0755, root's.
 * A listing leaves out only directories that are just that, so that what
 * it lists, applied, makes the same tree (devtool(1), list).
 */
#define ENTRY_PARENT_MODE 0755

static inline bool
entry_is_plain_parent(const struct entry *e)
{
	return e->type == 'd' && e->mode == ENTRY_PARENT_MODE &&
	    e->uid == 0 && e->gid == 0;
}

static inline bool
entry_has_numbers(const struct entry *e)
{
	return e->type == 'c' || e->type == 'b';
}

/*
 * What e is called in a message: its type's noun, but for a link named
 * without a target (existing).
 */
const char *entry_noun(const struct entry *e);

/* The types a tmpfiles "+" may replace: nodes, FIFOs, links. */
static inline bool
entry_replaceable(const struct entry *e)
{
	return entry_has_numbers(e) || e->type == 'p' || e->type == 'l';
}

/*
 * The first thing b says otherwise than a, as a noun phrase ("mode",
 * "owner", "range"), or NULL when they say the same: what a conversion
 * checks by reading its line back, and the round-trip test compares.
 * Where it was read (file, line) is not compared, nor what the dialect
 * alone decides (correct, create: DEVICE TABLES); nor a link's mode,
 * which Linux has not.
 */
const char *entry_differs(const struct entry *a, const struct entry *b);

/*
 * A growing list of entries whose paths (and link targets) live in the
 * list's own arena: one allocation per few thousand entries, not one per
 * path, which is what keeps apply and list near a bare system-call loop
 * (make bench).
 */
struct entries {
	struct entry *v;
	size_t n, cap;
	struct entries_chunk *chunks;
};

/* Appends a copy of e, its path, target and caps; -1 when out of memory. */
int entries_add(struct entries *l, const struct entry *e);
/* Sorts by path, in byte order (strcmp); -1 when out of memory. */
int entries_sort(struct entries *l);
/*
 * Moves each directory entry before the first entry under it, keeping
 * the order otherwise: a table's d line makes the directory its later
 * lines need, not a 0755 parent corrected afterwards (systemd-tmpfiles
 * also makes an item's parent item first).  A makedevs r entry, which
 * adjusts a tree that exists, keeps its place.  -1 when out of memory.
 */
int entries_parents_first(struct entries *l);
/*
 * What entries_parents_first does, for any array v of n entries of size
 * bytes (a struct entries' or a pack's): line(ctx, i, &dir) gives entry
 * i's path and whether it is a directory line that makes a directory
 * (not makedevs's r).  The elements are moved in place (dt_permute,
 * base/permute.h) through tmp, one element's room; -1 when out of
 * memory, v as it was.
 */
typedef const char *entry_line_fn(const void *ctx, size_t i, bool *dir);
int entry_parents_permute(void *v, size_t size, size_t n, entry_line_fn *line,
    const void *ctx, void *tmp);
void entries_free(struct entries *l);

/*
 * The arena itself, for other lists (pack.h): a copy of s in *chunks
 * (NULL for NULL), -1 when out of memory; and every chunk freed.
 */
int entry_text_copy(struct entries_chunk **chunks, const char *s,
    const char **out);
void entry_texts_free(struct entries_chunk **chunks);

#endif
