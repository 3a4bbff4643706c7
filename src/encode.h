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

enum dt_status {
	DT_OK = 0,
	DT_NONCANONICAL,	/* decode: accepted, but encode never makes it */
	DT_ERANGE,		/* major or minor outside the layout's range */
	DT_EAMBIGUOUS,		/* compat rule: value reads back as another pair */
	DT_EWIDTH,		/* decode: value wider than the layout */
	DT_ENUMBER,		/* text is not a valid unsigned number */
	DT_ELAYOUT,		/* unknown layout name */
};

/* Errors and warnings carry a sentence without the program name. */
#define DT_MSGLEN 512
struct dt_diag {
	char msg[DT_MSGLEN];
};

struct dt_layout;

typedef uint64_t dt_pack_fn(const struct dt_layout *, uint64_t ma,
    uint64_t mi);
typedef void dt_unpack_fn(const struct dt_layout *, uint64_t v,
    uint64_t *ma, uint64_t *mi);

/* One row of the layout table. */
struct dt_format {
	const char *name;
	const char *aliases;	/* space separated; "" when none */
	unsigned major_bits;	/* 0 in the generic M:N row */
	unsigned minor_bits;
	unsigned width;		/* bits in a value */
	bool compat;		/* 2003 compatibility rule (see dt_encode) */
	dt_pack_fn *pack;
	dt_unpack_fn *unpack;
	const char *description;
};

extern const struct dt_format dt_formats[];
extern const size_t dt_nformats;

/* A layout resolved from a name: a table row plus its field sizes. */
struct dt_layout {
	const struct dt_format *format;
	char name[16];
	unsigned major_bits, minor_bits, width;
	uint64_t major_max, minor_max;
	uint64_t value_max;
	bool compat;
};

/* Which bits of a value hold the major and the minor. */
struct dt_fields {
	uint64_t major_mask;
	uint64_t minor_mask;
	bool narrow;		/* compat rule took the old 8:8 branch */
};

/* The limits of the running kernel's mknod(2), for refusing early. */
#define DT_HOST_MAJOR_MAX 4095u
#define DT_HOST_MINOR_MAX 1048575u

enum dt_status dt_layout_lookup(const char *name, struct dt_layout *l,
    struct dt_diag *d);
void dt_layout_strict(struct dt_layout *l);
const char *dt_layout_names(void);

enum dt_status dt_encode(const struct dt_layout *l, uint64_t ma, uint64_t mi,
    uint64_t *v, struct dt_diag *d);
enum dt_status dt_decode(const struct dt_layout *l, uint64_t v, uint64_t *ma,
    uint64_t *mi, struct dt_diag *d);
void dt_fields(const struct dt_layout *l, uint64_t v, struct dt_fields *f);

size_t dt_utf8_length(const unsigned char *s);
size_t dt_text_char(const unsigned char *s, size_t left, bool *shown);
/* A quoted operand: its first 64 bytes, "..." and its last 32. */
#define DT_QUOTE_SIZE 100
const char *dt_quote(char *dst, size_t size, const char *s, size_t len);

enum dt_status dt_parse_number(const char *s, uint64_t *v, struct dt_diag *d);
enum dt_status dt_parse_in_range(const char *s, const char *what,
    uint64_t max, uint64_t *v, struct dt_diag *d);

#endif
