/*
 * pack.h - a list of entries held compactly, for what holds many entries
 * (apply's plan, list, an initramfs's latest members): a 32-byte record
 * an entry, its path (and a link's target) in an arena, the table file
 * it came from as a small index and its line in the record, and whatever
 * is rare (ranges, contents, names, capabilities, numbers over 32 bits,
 * a line past 32 bits or a file past the first ENTRY_PACK_FILES) in a
 * side table of whole entries.  docs/DESIGN.md, "The entry pipeline".
 * Pure: no I/O.
 */
#ifndef DEVTOOL_PACK_H
#define DEVTOOL_PACK_H

#include <stddef.h>
#include <stdint.h>

#include "entry/entry.h"

/*
 * An entry as most are: its path, a link's target or the device numbers
 * (32 bits each, as Linux's), the owner, in bits the mode (07777), the
 * type (a code: 1 + its place in "cbpdfls"), the flags and the file (1 +
 * its place in files, 0 for none), and the line.  Type code 0: the entry
 * is whole in the side table, at line - 1; only the path is here too.
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
	uint32_t line;
};

#define ENTRY_PACK_FILES 31	/* the files a record can name */
#define ENTRY_PACK_TYPES "cbpdfls"
#define ENTRY_PACK_TYPE_SHIFT 12
#define ENTRY_PACK_TYPE_MASK 7u
#define ENTRY_PACK_FLAG(n) (1u << (15 + (n)))
#define ENTRY_PACK_FILE_SHIFT 27
enum entry_pack_flag {
	ENTRY_PACK_MODE_SET, ENTRY_PACK_UID_SET, ENTRY_PACK_GID_SET,
	ENTRY_PACK_REPLACE, ENTRY_PACK_BOOT, ENTRY_PACK_IGNORE,
	ENTRY_PACK_CORRECT, ENTRY_PACK_CREATE, ENTRY_PACK_OPTIONAL,
	ENTRY_PACK_RECURSIVE, ENTRY_PACK_EXISTING, ENTRY_PACK_NOCHANGE
};

struct entry_pack {
	struct entry_rec *v;
	size_t n, cap;
	struct entry *rare;	/* the entries a record cannot hold */
	size_t nrare, caprare;
	const char *files[ENTRY_PACK_FILES];	/* in the arena */
	size_t nfiles;
	struct entries_chunk *chunks;	/* the texts */
};

/* Appends a copy of e and its texts; -1 when out of memory. */
int entry_pack_add(struct entry_pack *p, const struct entry *e);
/* Entry i as it was added (its texts the pack's own). */
void entry_pack_get(const struct entry_pack *p, size_t i, struct entry *e);

static inline const char *
entry_pack_path(const struct entry_pack *p, size_t i)
{
	return p->v[i].path;
}

/* Entry i whole when the side table holds it, else NULL. */
static inline const struct entry *
entry_pack_whole(const struct entry_pack *p, size_t i)
{
	const struct entry_rec *r = &p->v[i];

	return (r->bits >> ENTRY_PACK_TYPE_SHIFT & ENTRY_PACK_TYPE_MASK) == 0 ?
	    &p->rare[r->line - 1] : NULL;
}

/* The type letter of entry i. */
static inline char
entry_pack_type(const struct entry_pack *p, size_t i)
{
	unsigned code = p->v[i].bits >> ENTRY_PACK_TYPE_SHIFT &
	    ENTRY_PACK_TYPE_MASK;

	if (code == 0)
		return p->rare[p->v[i].line - 1].type;
	return ENTRY_PACK_TYPES[code - 1];
}

/* Whether entry i is a makedevs r line (entry.h: recursive). */
static inline bool
entry_pack_recursive(const struct entry_pack *p, size_t i)
{
	const struct entry *w = entry_pack_whole(p, i);

	return w != NULL ? w->recursive :
	    (p->v[i].bits & ENTRY_PACK_FLAG(ENTRY_PACK_RECURSIVE)) != 0;
}

/*
 * The places 0..n-1 in path order (strcmp), the entries of one path in
 * the order they were added, into *order (the caller frees it); -1 when
 * out of memory.
 */
int entry_pack_order(const struct entry_pack *p, uint32_t **order);
/* entries_parents_first (entry.h) for a pack. */
int entry_pack_parents_first(struct entry_pack *p);
void entry_pack_free(struct entry_pack *p);

#endif
