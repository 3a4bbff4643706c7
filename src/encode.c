/*
 * encode.c - the layout codec.  See encode.h.
 *
 * Each layout is a row of dt_formats[]: field sizes plus a pack and an
 * unpack function.  dt_encode and dt_decode add the checks every layout
 * shares (ranges, width, the round trip), so a row only says how bits move.
 */
#include <sys/types.h>
#include <sys/sysmacros.h>

#include <ctype.h>
#include <errno.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "encode.h"
#include "base/text.h"

#define NARROW_MAX 0xffu	/* largest major or minor of the 8:8 branch */
#define NARROW_VALUE_MAX 0xffffu

/*
 * Plain splits: ma << N | mi.  With the compat rule of the 2003 patch a
 * pair that fits 8:8 keeps its 16-bit value, and a value that fits 16 bits
 * is read as 8:8.
 */
static uint64_t
split_pack(const struct dt_layout *l, uint64_t ma, uint64_t mi)
{
	if (l->compat && ma <= NARROW_MAX && mi <= NARROW_MAX)
		return ma << 8 | mi;
	return ma << l->minor_bits | mi;
}

static void
split_unpack(const struct dt_layout *l, uint64_t v, uint64_t *ma,
    uint64_t *mi)
{
	if (l->compat && v <= NARROW_VALUE_MAX) {
		*ma = v >> 8;
		*mi = v & NARROW_MAX;
		return;
	}
	*ma = v >> l->minor_bits & l->major_max;
	*mi = v & l->minor_max;
}

/*
 * The interleaved packings, as rows: each moves runs of bits of the major
 * or of the minor to runs of bits of the value.  Both directions read the
 * same row, so pack and unpack cannot disagree, and a new interleaving is
 * a row, not two functions.  The ranges are checked before a pair is
 * packed, and the width before a value is unpacked, so no bit outside the
 * runs is ever given.
 */
struct bit_run {
	unsigned char minor;	/* 1: bits of the minor, 0: of the major */
	unsigned char from;	/* the run's lowest bit in that number */
	unsigned char to;	/* and in the value */
	unsigned char bits;	/* its length, less than 64 */
};

#define RUNS_MAX 4

struct interleaving {
	unsigned n;
	struct bit_run run[RUNS_MAX];
};

static const struct interleaving interleavings[] = {
	/*
	 * The kernel's new_encode_dev()/new_decode_dev(), what stat(2)
	 * reports: minor 0-7, major 8-19, minor's bits 8-19 at 20-31.
	 */
	[DT_PACK_LINUX] = { 3, {
		{ .minor = 1, .from = 0, .to = 0, .bits = 8 },
		{ .minor = 0, .from = 0, .to = 8, .bits = 12 },
		{ .minor = 1, .from = 8, .to = 20, .bits = 12 } } },
	/*
	 * glibc's and musl's 64-bit makedev(3): linux's, widened, the
	 * major's bits 12-31 at 44-63.
	 */
	[DT_PACK_GLIBC] = { 4, {
		{ .minor = 1, .from = 0, .to = 0, .bits = 8 },
		{ .minor = 0, .from = 0, .to = 8, .bits = 12 },
		{ .minor = 1, .from = 8, .to = 20, .bits = 24 },
		{ .minor = 0, .from = 12, .to = 44, .bits = 20 } } },
	/*
	 * FreeBSD's 32-bit dev_t (before FreeBSD 12), pack_dev's freebsd:
	 * the major in bits 8-15 and the minor in the bits around it, so a
	 * minor with any of its bits 8-15 set has no value (layout_init
	 * finds them).
	 */
	[DT_PACK_FREEBSD] = { 3, {
		{ .minor = 1, .from = 0, .to = 0, .bits = 8 },
		{ .minor = 0, .from = 0, .to = 8, .bits = 8 },
		{ .minor = 1, .from = 16, .to = 16, .bits = 16 } } },
};

/*
 * Inlined with the row a constant and the loop unrolled, each packing
 * compiles to the shifts and masks it would have written by hand (make
 * bench's decode).
 */
static inline __attribute__((always_inline)) uint64_t
interleave_pack(const struct interleaving *t, uint64_t ma, uint64_t mi)
{
	uint64_t v = 0;

#pragma GCC unroll 4
	for (unsigned i = 0; i < t->n; i++) {
		const struct bit_run *r = &t->run[i];
		uint64_t mask = ((uint64_t)1 << r->bits) - 1;

		v |= ((r->minor ? mi : ma) >> r->from & mask) << r->to;
	}
	return v;
}

static inline __attribute__((always_inline)) void
interleave_unpack(const struct interleaving *t, uint64_t v, uint64_t *ma,
    uint64_t *mi)
{
	*ma = *mi = 0;
#pragma GCC unroll 4
	for (unsigned i = 0; i < t->n; i++) {
		const struct bit_run *r = &t->run[i];
		uint64_t mask = ((uint64_t)1 << r->bits) - 1;

		*(r->minor ? mi : ma) |= (v >> r->to & mask) << r->from;
	}
}

/* The running system's own makedev(3), whatever it is. */
static uint64_t
native_pack(uint64_t ma, uint64_t mi)
{
	return (uint64_t)makedev((unsigned int)ma, (unsigned int)mi);
}

static void
native_unpack(uint64_t v, uint64_t *ma, uint64_t *mi)
{
	*ma = major((dev_t)v);
	*mi = minor((dev_t)v);
}

/*
 * The value of ma:mi under l, packed as k says.  Inlined where called:
 * decode's and encode's every value goes through one of each, and
 * dt_decode_many's loops each with k a constant, its switch folded away.
 */
static inline __attribute__((always_inline)) uint64_t
pack_as(enum dt_packing k, const struct dt_layout *l, uint64_t ma,
    uint64_t mi)
{
	switch (k) {
	case DT_PACK_LINUX:
		return interleave_pack(&interleavings[DT_PACK_LINUX], ma, mi);
	case DT_PACK_GLIBC:
		return interleave_pack(&interleavings[DT_PACK_GLIBC], ma, mi);
	case DT_PACK_FREEBSD:
		return interleave_pack(&interleavings[DT_PACK_FREEBSD], ma,
		    mi);
	case DT_PACK_NATIVE:
		return native_pack(ma, mi);
	case DT_PACK_SPLIT:
	default:
		return split_pack(l, ma, mi);
	}
}

static inline __attribute__((always_inline)) void
unpack_as(enum dt_packing k, const struct dt_layout *l, uint64_t v,
    uint64_t *ma, uint64_t *mi)
{
	switch (k) {
	case DT_PACK_LINUX:
		interleave_unpack(&interleavings[DT_PACK_LINUX], v, ma, mi);
		break;
	case DT_PACK_GLIBC:
		interleave_unpack(&interleavings[DT_PACK_GLIBC], v, ma, mi);
		break;
	case DT_PACK_FREEBSD:
		interleave_unpack(&interleavings[DT_PACK_FREEBSD], v, ma,
		    mi);
		break;
	case DT_PACK_NATIVE:
		native_unpack(v, ma, mi);
		break;
	case DT_PACK_SPLIT:
	default:
		split_unpack(l, v, ma, mi);
		break;
	}
}

static inline __attribute__((always_inline)) uint64_t
pack(const struct dt_format *f, const struct dt_layout *l, uint64_t ma,
    uint64_t mi)
{
	return pack_as(f->packing, l, ma, mi);
}

static inline __attribute__((always_inline)) void
unpack(const struct dt_format *f, const struct dt_layout *l, uint64_t v,
    uint64_t *ma, uint64_t *mi)
{
	unpack_as(f->packing, l, v, ma, mi);
}

/*
 * The third column is the names NetBSD's pack_dev (mknod(8), mtree(8)
 * device=) gives the same packing: there "linux" is 8:8, and "netbsd" is
 * what devtool calls linux.  The 8:8 systems of pack_dev are rows of their
 * own, so that a message names the layout the user gave.
 */
#define SPLIT DT_PACK_SPLIT

const struct dt_format dt_formats[] = {
	{ "8:8", "old", "linux", 8, 8, 16, false, SPLIT,
	  "the original 16-bit dev_t: ma<<8 | mi (pack_dev's linux)" },
	{ "16:16", "", "", 16, 16, 32, true, SPLIT,
	  "the 2003 32-bit dev_t patch: 8:8 when both fit, else ma<<16 | mi" },
	{ "12:20", "", "", 12, 20, 32, true, SPLIT,
	  "the patch edited to 12+20: 8:8 when both fit, else ma<<20 | mi" },
	{ "M:N", "", "", 0, 0, 0, true, SPLIT,
	  "any split, 8<=M, 8<=N, M+N<=64: ma<<N | mi, compat when M+N>16" },
	{ "linux", "", "", 12, 20, 32, false, DT_PACK_LINUX,
	  "the kernel's new_encode_dev, interleaved: what stat(2) reports" },
	{ "glibc", "", "", 32, 32, 64, false, DT_PACK_GLIBC,
	  "glibc's and musl's 64-bit makedev(3), interleaved" },
	{ "native", "", "native", 8 * sizeof(unsigned int),
	  8 * sizeof(unsigned int), 8 * sizeof(dev_t), false, DT_PACK_NATIVE,
	  "this system's makedev(3), major(3) and minor(3)" },
	{ "osf1", "", "osf1", 12, 20, 32, false, SPLIT,
	  "OSF/1 and Tru64: plain ma<<20 | mi" },
	{ "svr4", "solaris", "svr4 solaris", 14, 18, 32, false, SPLIT,
	  "System V release 4 and Solaris: plain ma<<18 | mi" },
	{ "hpux", "", "hpux", 8, 24, 32, false, SPLIT,
	  "HP-UX: plain ma<<24 | mi" },
	{ "netbsd", "", "netbsd", 12, 20, 32, false, DT_PACK_LINUX,
	  "NetBSD's makedev: the interleaving of linux" },
	{ "freebsd", "", "freebsd", 8, 32, 32, false, DT_PACK_FREEBSD,
	  "FreeBSD before 12: ma<<8 | mi, minor bits 8-15 "
	  "must be 0" },
	{ "bsdos", "", "bsdos", 12, 20, 32, false, SPLIT,
	  "BSD/OS: plain ma<<20 | mi (minor = unit<<8 | subunit)" },
	{ "386bsd", "", "386bsd", 8, 8, 16, false, SPLIT,
	  "386BSD: ma<<8 | mi" },
	{ "4bsd", "", "4bsd", 8, 8, 16, false, SPLIT,
	  "4.xBSD: ma<<8 | mi" },
	{ "isc", "", "isc", 8, 8, 16, false, SPLIT,
	  "INTERACTIVE UNIX: ma<<8 | mi" },
	{ "sco", "", "sco", 8, 8, 16, false, SPLIT,
	  "SCO UNIX: ma<<8 | mi" },
	{ "sunos", "", "sunos", 8, 8, 16, false, SPLIT,
	  "SunOS 4: ma<<8 | mi" },
	{ "svr3", "", "svr3", 8, 8, 16, false, SPLIT,
	  "System V release 3: ma<<8 | mi" },
	{ "ultrix", "", "ultrix", 8, 8, 16, false, SPLIT,
	  "ULTRIX: ma<<8 | mi" },
};
const size_t dt_nformats = sizeof(dt_formats) / sizeof(dt_formats[0]);

#define GENERIC_ROW 3		/* the M:N row above */

/*
 * What an archive or file system can hold, as the field sizes of a plain
 * split (only the ranges matter: no value is ever packed).  Where the
 * field is one number, the writer puts Linux's makedev(3) in it, and the
 * ranges are the pairs whose interleaved value fits.  The man page's
 * table under list --check cites the sources.
 */
const struct dt_format dt_storage[] = {
	{ "newc", "", "", 32, 32, 64, false, SPLIT,
	  "c_rdevmajor and c_rdevminor are 8 hex digits each" },
	{ "odc", "", "", 10, 8, 18, false, SPLIT,
	  "c_rdev is 6 octal digits (18 bits) of Linux's makedev" },
	{ "bin", "", "", 8, 8, 16, false, SPLIT,
	  "c_rdev is 16 bits of Linux's makedev" },
	{ "ustar", "", "", 18, 18, 36, false, SPLIT,
	  "devmajor and devminor are 6 octal digits, as libarchive writes "
	  "them" },
	{ "gnutar", "", "", 18, 18, 36, false, SPLIT,
	  "libarchive's gnutar writer has ustar's 6 octal digits, never GNU "
	  "tar's base-256 numbers" },
	{ "squashfs", "", "", 12, 20, 32, false, SPLIT,
	  "its 32-bit rdev is read with the kernel's new_decode_dev" },
	{ "erofs", "", "", 12, 20, 32, false, SPLIT,
	  "its 32-bit rdev is read with the kernel's new_decode_dev" },
	{ "ext4", "", "", 12, 20, 32, false, SPLIT,
	  "i_block[1] holds the kernel's new_encode_dev" },
	{ "ext2-old", "", "", 8, 8, 16, false, SPLIT,
	  "i_block[0] holds a 16-bit kdev_t (Linux 2.4 and older)" },
	{ "cramfs", "", "", 8, 8, 16, false, SPLIT,
	  "its 24-bit size field is read with the kernel's old_decode_dev" },
	{ "genext2fs", "", "", 8, 8, 16, false, SPLIT,
	  "genext2fs passes major and minor to i_block[0] as one byte each" },
};
const size_t dt_nstorage = sizeof(dt_storage) / sizeof(dt_storage[0]);

const char *
dt_layout_names(void)
{
	return "8:8 (old), 16:16, 12:20, M:N (8<=M, 8<=N, M+N<=64), linux, "
	    "glibc, native, osf1, svr4 (solaris), hpux, netbsd, freebsd, "
	    "bsdos, 386bsd, 4bsd, isc, sco, sunos, svr3, ultrix";
}

const char *
dt_packdev_names(void)
{
	return "386bsd, 4bsd, bsdos, freebsd, hpux, isc, linux (8:8), native, "
	    "netbsd, osf1, sco, solaris, sunos, svr3, svr4, ultrix";
}

const char *
dt_storage_names(void)
{
	return "newc, odc, bin, ustar, gnutar, squashfs, erofs, ext4, ext2-old, "
	    "cramfs, genext2fs";
}

static uint64_t
low_bits(unsigned n)
{
	return n >= 64 ? UINT64_MAX : ((uint64_t)1 << n) - 1;
}

static void
layout_init(struct dt_layout *l, const struct dt_format *f, const char *name,
    unsigned major_bits, unsigned minor_bits)
{
	size_t len = strnlen(name, sizeof(l->name) - 1);
	uint64_t ma, mi;

	l->format = f;
	/* (cut as snprintf would, without printf's pages at every start) */
	memcpy(l->name, name, len);
	l->name[len] = '\0';
	l->major_bits = major_bits;
	l->minor_bits = minor_bits;
	l->width = f->width ? f->width : major_bits + minor_bits;
	l->major_max = low_bits(major_bits);
	l->minor_max = low_bits(minor_bits);
	l->value_max = low_bits(l->width);
	l->limit = NULL;
	/*
	 * The minor bits the packing itself drops (freebsd's 8-15, none
	 * elsewhere), found without the compat rule, whose 8:8 branch would
	 * read a wide minor back as another pair.
	 */
	l->compat = false;
	unpack(f, l, pack(f, l, 0, l->minor_max), &ma, &mi);
	l->minor_hole = l->minor_max & ~mi;
	l->minor_max &= ~l->minor_hole;
	/* The rule only means something when there is room above 16 bits. */
	l->compat = f->compat && l->width > 16;
}

static void
layout_row(struct dt_layout *l, const struct dt_format *f)
{
	layout_init(l, f, f->name, f->major_bits, f->minor_bits);
}

static bool
has_word(const char *list, const char *word)
{
	size_t n = strlen(word);

	/*
	 * The spaces stepped over by hand: strspn and strcspn are a page of
	 * libc each that every start would touch, for lists of a few words.
	 */
	for (const char *p = list; *p != '\0';) {
		while (*p == ' ')
			p++;
		if (strncmp(p, word, n) == 0 && (p[n] == ' ' || p[n] == '\0'))
			return true;
		while (*p != ' ' && *p != '\0')
			p++;
	}
	return false;
}

/* Parses the decimal field of "M:N": no sign, no leading zero. */
static bool
parse_bits(const char *s, const char *end, unsigned *bits)
{
	unsigned n = 0;

	if (s == end || *s == '0' || end - s > 2)
		return false;
	for (; s < end; s++) {
		if (!isdigit((unsigned char)*s))
			return false;
		n = n * 10 + (unsigned)(*s - '0');
	}
	*bits = n;
	return true;
}


/* The row of t named or aliased name, or NULL; never the M:N row. */
static const struct dt_format *
find_row(const struct dt_format *t, size_t n, const char *name)
{
	for (size_t i = 0; i < n; i++)
		if (&t[i] != &dt_formats[GENERIC_ROW] &&
		    (strcmp(name, t[i].name) == 0 ||
		    has_word(t[i].aliases, name)))
			return &t[i];
	return NULL;
}

/* A named row, else an M:N split; with storage, a storage format first. */
static enum dt_status
layout_lookup(const char *name, bool storage, struct dt_layout *l,
    struct dt_diag *d)
{
	const struct dt_format *f = NULL;
	const char *colon;
	unsigned m, n;
	char q[64];

	if (storage && (f = find_row(dt_storage, dt_nstorage, name)) != NULL) {
		layout_row(l, f);
		l->limit = f->description;
		return DT_OK;
	}
	if ((f = find_row(dt_formats, dt_nformats, name)) != NULL) {
		layout_row(l, f);
		return DT_OK;
	}
	dt_quote_word(q, sizeof(q), name, strlen(name));
	colon = strchr(name, ':');
	if (colon == NULL || !parse_bits(name, colon, &m) ||
	    !parse_bits(colon + 1, colon + strlen(colon), &n))
		return dt_fail(d, DT_ELAYOUT, "unknown layout%s '%s'; %s%s%s%s",
		    storage ? " or storage format" : "", q,
		    storage ? "layouts: " : "valid: ", dt_layout_names(),
		    storage ? "; storage formats: " : "",
		    storage ? dt_storage_names() : "");
	if (m < 8 || n < 8 || m + n > 64)
		return dt_fail(d, DT_ELAYOUT, "layout '%s': an M:N split needs "
		    "8<=M, 8<=N and M+N<=64", q);
	layout_init(l, &dt_formats[GENERIC_ROW], name, m, n);
	return DT_OK;
}

enum dt_status
dt_layout_lookup(const char *name, struct dt_layout *l, struct dt_diag *d)
{
	return layout_lookup(name, false, l, d);
}

enum dt_status
dt_check_lookup(const char *name, struct dt_layout *l, struct dt_diag *d)
{
	return layout_lookup(name, true, l, d);
}

enum dt_status
dt_packdev_lookup(const char *name, struct dt_layout *l, struct dt_diag *d)
{
	char q[64];

	for (size_t i = 0; i < dt_nformats; i++)
		if (has_word(dt_formats[i].packdev, name)) {
			layout_row(l, &dt_formats[i]);
			return DT_OK;
		}
	dt_quote_word(q, sizeof(q), name, strlen(name));
	return dt_fail(d, DT_ELAYOUT, "unknown pack_dev format '%s'; valid: %s",
	    q, dt_packdev_names());
}

/*
 * pack_dev's numbers as a pair: major and minor; or, for bsdos only,
 * major, unit and subunit (12:12:8), which is the minor unit<<8 | subunit.
 */
#define BSDOS_UNIT_MAX		0xfffu
#define BSDOS_SUBUNIT_MAX	0xffu

enum dt_status
dt_packdev_pair(const struct dt_layout *l, const uint64_t *num, size_t n,
    uint64_t *ma, uint64_t *mi, struct dt_diag *d)
{
	bool bsdos = strcmp(l->format->name, "bsdos") == 0;

	if (n != 2 && !(n == 3 && bsdos))
		return dt_fail(d, DT_EFIELDS, "layout %s takes %s, not %zu",
		    l->name, bsdos ? "2 numbers or 3 (major, unit, subunit)" :
		    "2 numbers (major, minor)", n);
	if (n == 3 && num[1] > BSDOS_UNIT_MAX)
		return dt_fail(d, DT_ERANGE, "unit %" PRIu64 " is out of range "
		    "for layout bsdos (0-%u)", num[1], BSDOS_UNIT_MAX);
	if (n == 3 && num[2] > BSDOS_SUBUNIT_MAX)
		return dt_fail(d, DT_ERANGE, "subunit %" PRIu64 " is out of "
		    "range for layout bsdos (0-%u)", num[2], BSDOS_SUBUNIT_MAX);
	*ma = num[0];
	*mi = n == 3 ? num[1] << 8 | num[2] : num[1];
	return DT_OK;
}

void
dt_layout_strict(struct dt_layout *l)
{
	l->compat = false;
}

/* A layout says its range; a storage format also where it comes from. */
static enum dt_status
layout_out_of_range(const struct dt_layout *l, const char *field, uint64_t n,
    uint64_t max, struct dt_diag *d)
{
	if (l->limit != NULL)
		return dt_fail(d, DT_ERANGE, "%s %" PRIu64 " is out of range "
		    "for %s (0-%" PRIu64 "): %s", field, n, l->name, max,
		    l->limit);
	return dt_fail(d, DT_ERANGE, "%s %" PRIu64 " is out of range for "
	    "layout %s (0-%" PRIu64 ")", field, n, l->name, max);
}

enum dt_status
dt_encode(const struct dt_layout *l, uint64_t ma, uint64_t mi, uint64_t *v,
    struct dt_diag *d)
{
	uint64_t back_ma, back_mi;

	if (ma > l->major_max)
		return layout_out_of_range(l, "major", ma, l->major_max, d);
	if ((mi & l->minor_hole) != 0)
		return dt_fail(d, DT_ERANGE, "minor %" PRIu64 " (0x%" PRIx64
		    ") does not fit layout %s: its bits 0x%" PRIx64 " must be "
		    "0", mi, mi, l->name, l->minor_hole);
	if (mi > l->minor_max)
		return layout_out_of_range(l, "minor", mi, l->minor_max, d);
	*v = pack(l->format, l, ma, mi);
	unpack(l->format, l, *v, &back_ma, &back_mi);
	if (back_ma != ma || back_mi != mi)
		return dt_fail(d, DT_EAMBIGUOUS, "pair %" PRIu64 ":%" PRIu64
		    " is ambiguous under %s: its value 0x%" PRIx64 " reads "
		    "back as %" PRIu64 ":%" PRIu64 " (compat rule); use "
		    "--strict or another layout", ma, mi, l->name, *v, back_ma,
		    back_mi);
	return DT_OK;
}

enum dt_status
dt_decode(const struct dt_layout *l, uint64_t v, uint64_t *ma, uint64_t *mi,
    struct dt_diag *d)
{
	uint64_t canon;

	if (v > l->value_max)
		return dt_fail(d, DT_EWIDTH, "value %" PRIu64 " (0x%" PRIx64
		    ") does not fit layout %s (%u bits, at most 0x%" PRIx64 ")",
		    v, v, l->name, l->width, l->value_max);
	unpack(l->format, l, v, ma, mi);
	canon = pack(l->format, l, *ma, *mi);
	if (canon != v)
		return dt_fail(d, DT_NONCANONICAL, "value 0x%" PRIx64 " is not "
		    "canonical under %s: %" PRIu64 ":%" PRIu64 " encodes as "
		    "0x%" PRIx64, v, l->name, *ma, *mi, canon);
	return DT_OK;
}

/*
 * dt_decode over n values with the layout's packing chosen once, not a
 * value: the values up to the first dt_decode would not return DT_OK
 * for.  Only where a value's unpacked pair may pack into another value
 * (a split with the compat rule, whose wide values can read as a
 * narrow pair; native, whatever the C library's makedev(3) is) is the
 * pair packed back; every other packing is a bijection on the values up
 * to value_max, so there the range is the whole check
 * (tests/unit_encode.c holds each to dt_decode).
 */
static inline __attribute__((always_inline)) size_t
decode_many(const struct dt_layout *l, enum dt_packing k, bool check,
    const uint64_t *v, size_t n, uint64_t *ma, uint64_t *mi)
{
	const uint64_t max = l->value_max;
	size_t i;

	for (i = 0; i < n; i++) {
		if (v[i] > max)
			break;
		unpack_as(k, l, v[i], &ma[i], &mi[i]);
		if (check && pack_as(k, l, ma[i], mi[i]) != v[i])
			break;
	}
	return i;
}

size_t
dt_decode_many(const struct dt_layout *l, const uint64_t *v, size_t n,
    uint64_t *ma, uint64_t *mi)
{
	switch (l->format->packing) {
	case DT_PACK_LINUX:
		return decode_many(l, DT_PACK_LINUX, false, v, n, ma, mi);
	case DT_PACK_GLIBC:
		return decode_many(l, DT_PACK_GLIBC, false, v, n, ma, mi);
	case DT_PACK_NATIVE:
		return decode_many(l, DT_PACK_NATIVE, true, v, n, ma, mi);
	case DT_PACK_FREEBSD:
		return decode_many(l, DT_PACK_FREEBSD, false, v, n, ma, mi);
	case DT_PACK_SPLIT:
	default:
		if (l->compat)
			return decode_many(l, DT_PACK_SPLIT, true, v, n, ma,
			    mi);
		return decode_many(l, DT_PACK_SPLIT, false, v, n, ma, mi);
	}
}

void
dt_fields(const struct dt_layout *l, uint64_t v, struct dt_fields *f)
{
	struct dt_layout plain = *l;

	f->narrow = l->compat && v <= NARROW_VALUE_MAX;
	if (f->narrow) {
		f->major_mask = NARROW_MAX << 8;
		f->minor_mask = NARROW_MAX;
		return;
	}
	plain.compat = false;
	f->major_mask = pack(l->format, &plain, l->major_max, 0);
	f->minor_mask = pack(l->format, &plain, 0, l->minor_max);
}
