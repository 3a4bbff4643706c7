/*
 * encode.h - device number layouts: pack (major, minor) into one integer
 * and back, under every layout Linux and its ancestors have used.
 *
 * A library in the manner of NetBSD's pack_dev.c: every layout is a row of
 * one table, every function is pure (no I/O, no exit, no global state),
 * and errors come back as a status plus a message the caller may print.
 */
#ifndef DEVTOOL_ENCODE_H
#define DEVTOOL_ENCODE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "base/diag.h"

struct dt_layout;

/* How a layout puts the two numbers into one value (encode.c). */
enum dt_packing {
	DT_PACK_SPLIT,		/* ma<<N | mi, with the compat rule if any */
	DT_PACK_LINUX,		/* the kernel's interleaving */
	DT_PACK_GLIBC,		/* glibc's and musl's 64-bit one */
	DT_PACK_NATIVE,		/* this system's makedev(3) */
	DT_PACK_FREEBSD,	/* FreeBSD before 12 */
};

/* One row of the layout table. */
/*
 * The text is held in the row, not pointed at, and the packing named,
 * not a function pointer: a pointer in a table of a position-independent
 * executable is one relocation the loader applies at every start (make
 * bench's start-up).  tests/unit_encode.c checks every text ends within
 * its field.
 */
struct dt_format {
	char name[16];
	char aliases[16];	/* space separated; "" when none */
	/* NetBSD pack_dev's names of the packing (mtree's device=): */
	char packdev[16];	/* space separated; "" when none */
	unsigned major_bits;	/* 0 in the generic M:N row */
	unsigned minor_bits;
	unsigned width;		/* bits in a value */
	bool compat;		/* 2003 compatibility rule (see dt_encode) */
	enum dt_packing packing;
	char description[96];
};

extern const struct dt_format dt_formats[];
extern const size_t dt_nformats;

/*
 * Storage formats (list --check): where an archive or a file system keeps
 * a node's numbers, as the ranges it holds.  A check-only table: its rows
 * are not layouts (-f does not take them); the description says where the
 * limit comes from.
 */
extern const struct dt_format dt_storage[];
extern const size_t dt_nstorage;

/* A layout resolved from a name: a table row plus its field sizes. */
struct dt_layout {
	const struct dt_format *format;
	char name[16];
	unsigned major_bits, minor_bits, width;
	uint64_t major_max, minor_max;
	uint64_t minor_hole;	/* minor bits the packing cannot hold */
	uint64_t value_max;
	bool compat;
	const char *limit;	/* a storage format's: where its limit is */
};

/* Which bits of a value hold the major and the minor. */
struct dt_fields {
	uint64_t major_mask;
	uint64_t minor_mask;
	bool narrow;		/* compat rule took the old 8:8 branch */
};

enum dt_status dt_layout_lookup(const char *name, struct dt_layout *l,
    struct dt_diag *d);
void dt_layout_strict(struct dt_layout *l);
const char *dt_layout_names(void);

/* A layout by its NetBSD pack_dev name: "linux" is 8:8 there. */
enum dt_status dt_packdev_lookup(const char *name, struct dt_layout *l,
    struct dt_diag *d);
const char *dt_packdev_names(void);
enum dt_status dt_packdev_pair(const struct dt_layout *l,
    const uint64_t *num, size_t n, uint64_t *ma, uint64_t *mi,
    struct dt_diag *d);

/* What list --check takes: a storage format, else a layout. */
enum dt_status dt_check_lookup(const char *name, struct dt_layout *l,
    struct dt_diag *d);
const char *dt_storage_names(void);

enum dt_status dt_encode(const struct dt_layout *l, uint64_t ma, uint64_t mi,
    uint64_t *v, struct dt_diag *d);
enum dt_status dt_decode(const struct dt_layout *l, uint64_t v, uint64_t *ma,
    uint64_t *mi, struct dt_diag *d);
/*
 * dt_decode of v[0] to v[n - 1] into ma[] and mi[], for a stream: how
 * many in a row decode as dt_decode returns DT_OK for them.  The first
 * value not taken (a non-canonical one, or one too wide) is left for
 * dt_decode, which says why.
 */
size_t dt_decode_many(const struct dt_layout *l, const uint64_t *v, size_t n,
    uint64_t *ma, uint64_t *mi);
void dt_fields(const struct dt_layout *l, uint64_t v, struct dt_fields *f);

#endif
