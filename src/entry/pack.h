/*
 * pack.h - a list of entries held compactly, for what holds many entries
 * only to sort and hand them on (list, an initramfs's latest members):
 * a 32-byte record an entry, its path (and a link's target) in an arena,
 * and whatever is rare (a file and line, ranges, contents, names,
 * capabilities, numbers over 32 bits) in a side table of whole entries.
 * docs/DESIGN.md, "The entry pipeline".  Pure: no I/O.
 */
#ifndef DEVTOOL_PACK_H
#define DEVTOOL_PACK_H

#include <stddef.h>
#include <stdint.h>

#include "entry/entry.h"

struct entry_rec;

struct entry_pack {
	struct entry_rec *v;
	size_t n, cap;
	struct entry *rare;	/* the entries a record cannot hold */
	size_t nrare, caprare;
	struct entries_chunk *chunks;	/* the texts */
};

/* Appends a copy of e and its texts; -1 when out of memory. */
int entry_pack_add(struct entry_pack *p, const struct entry *e);
/* Entry i as it was added (its texts the pack's own). */
void entry_pack_get(const struct entry_pack *p, size_t i, struct entry *e);
const char *entry_pack_path(const struct entry_pack *p, size_t i);
/*
 * The places 0..n-1 in path order (strcmp), the entries of one path in
 * the order they were added, into *order (the caller frees it); -1 when
 * out of memory.
 */
int entry_pack_order(const struct entry_pack *p, uint32_t **order);
void entry_pack_free(struct entry_pack *p);

#endif
