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
#include "text.h"

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

/* The kernel's new_encode_dev()/new_decode_dev(): what stat(2) reports. */
static uint64_t
linux_pack(const struct dt_layout *l, uint64_t ma, uint64_t mi)
{
	(void)l;
	return (mi & 0xff) | ma << 8 | (mi & ~(uint64_t)0xff) << 12;
}

static void
linux_unpack(const struct dt_layout *l, uint64_t v, uint64_t *ma,
    uint64_t *mi)
{
	(void)l;
	*ma = (v & 0xfff00) >> 8;
	*mi = (v & 0xff) | (v >> 12 & 0xfff00);
}

/* glibc's and musl's 64-bit interleaving, written out so it is portable. */
static uint64_t
glibc_pack(const struct dt_layout *l, uint64_t ma, uint64_t mi)
{
	(void)l;
	return (ma & 0xfff) << 8 | (ma & 0xfffff000) << 32 |
	    (mi & 0xff) | (mi & 0xffffff00) << 12;
}

static void
glibc_unpack(const struct dt_layout *l, uint64_t v, uint64_t *ma,
    uint64_t *mi)
{
	(void)l;
	*ma = (v >> 8 & 0xfff) | (v >> 32 & 0xfffff000);
	*mi = (v & 0xff) | (v >> 12 & 0xffffff00);
}

/* The running system's own makedev(3), whatever it is. */
static uint64_t
native_pack(const struct dt_layout *l, uint64_t ma, uint64_t mi)
{
	(void)l;
	return (uint64_t)makedev((unsigned int)ma, (unsigned int)mi);
}

static void
native_unpack(const struct dt_layout *l, uint64_t v, uint64_t *ma,
    uint64_t *mi)
{
	(void)l;
	*ma = major((dev_t)v);
	*mi = minor((dev_t)v);
}

const struct dt_format dt_formats[] = {
	{ "8:8", "old", 8, 8, 16, false, split_pack, split_unpack,
	  "the original 16-bit dev_t: ma<<8 | mi" },
	{ "16:16", "", 16, 16, 32, true, split_pack, split_unpack,
	  "the 2003 32-bit dev_t patch: 8:8 when both fit, else ma<<16 | mi" },
	{ "12:20", "", 12, 20, 32, true, split_pack, split_unpack,
	  "the patch edited to 12+20: 8:8 when both fit, else ma<<20 | mi" },
	{ "M:N", "", 0, 0, 0, true, split_pack, split_unpack,
	  "any split, 8<=M, 8<=N, M+N<=64: ma<<N | mi, compat when M+N>16" },
	{ "linux", "", 12, 20, 32, false, linux_pack, linux_unpack,
	  "the kernel's new_encode_dev, interleaved: what stat(2) reports" },
	{ "glibc", "", 32, 32, 64, false, glibc_pack, glibc_unpack,
	  "glibc's and musl's 64-bit makedev(3), interleaved" },
	{ "native", "", 8 * sizeof(unsigned int), 8 * sizeof(unsigned int),
	  8 * sizeof(dev_t), false, native_pack, native_unpack,
	  "this system's makedev(3), major(3) and minor(3)" },
	{ "osf1", "", 12, 20, 32, false, split_pack, split_unpack,
	  "OSF/1 and Tru64: plain ma<<20 | mi" },
	{ "svr4", "solaris", 14, 18, 32, false, split_pack, split_unpack,
	  "System V release 4 and Solaris: plain ma<<18 | mi" },
	{ "hpux", "", 8, 24, 32, false, split_pack, split_unpack,
	  "HP-UX: plain ma<<24 | mi" },
};
const size_t dt_nformats = sizeof(dt_formats) / sizeof(dt_formats[0]);

#define GENERIC_ROW 3		/* the M:N row above */

const char *
dt_layout_names(void)
{
	return "8:8 (old), 16:16, 12:20, M:N (8<=M, 8<=N, M+N<=64), linux, "
	    "glibc, native, osf1, svr4 (solaris), hpux";
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
	l->format = f;
	snprintf(l->name, sizeof(l->name), "%s", name);
	l->major_bits = major_bits;
	l->minor_bits = minor_bits;
	l->width = f->width ? f->width : major_bits + minor_bits;
	l->major_max = low_bits(major_bits);
	l->minor_max = low_bits(minor_bits);
	l->value_max = low_bits(l->width);
	/* The rule only means something when there is room above 16 bits. */
	l->compat = f->compat && l->width > 16;
}

static bool
has_word(const char *list, const char *word)
{
	size_t n = strlen(word);

	for (const char *p = list; *p != '\0'; p += strcspn(p, " ")) {
		p += strspn(p, " ");
		if (strncmp(p, word, n) == 0 && (p[n] == ' ' || p[n] == '\0'))
			return true;
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


enum dt_status
dt_layout_lookup(const char *name, struct dt_layout *l, struct dt_diag *d)
{
	const char *colon;
	unsigned m, n;
	char q[64];

	for (size_t i = 0; i < dt_nformats; i++) {
		const struct dt_format *f = &dt_formats[i];

		if (i != GENERIC_ROW && (strcmp(name, f->name) == 0 ||
		    has_word(f->aliases, name))) {
			layout_init(l, f, f->name, f->major_bits,
			    f->minor_bits);
			return DT_OK;
		}
	}
	dt_quote_word(q, sizeof(q), name);
	colon = strchr(name, ':');
	if (colon == NULL || !parse_bits(name, colon, &m) ||
	    !parse_bits(colon + 1, colon + strlen(colon), &n))
		return dt_fail(d, DT_ELAYOUT, "unknown layout '%s'; valid: %s",
		    q, dt_layout_names());
	if (m < 8 || n < 8 || m + n > 64)
		return dt_fail(d, DT_ELAYOUT, "layout '%s': an M:N split needs "
		    "8<=M, 8<=N and M+N<=64", q);
	layout_init(l, &dt_formats[GENERIC_ROW], name, m, n);
	return DT_OK;
}

void
dt_layout_strict(struct dt_layout *l)
{
	l->compat = false;
}

enum dt_status
dt_encode(const struct dt_layout *l, uint64_t ma, uint64_t mi, uint64_t *v,
    struct dt_diag *d)
{
	uint64_t back_ma, back_mi;

	if (ma > l->major_max)
		return dt_fail(d, DT_ERANGE, "major %" PRIu64 " is out of "
		    "range for layout %s (0-%" PRIu64 ")", ma, l->name,
		    l->major_max);
	if (mi > l->minor_max)
		return dt_fail(d, DT_ERANGE, "minor %" PRIu64 " is out of "
		    "range for layout %s (0-%" PRIu64 ")", mi, l->name,
		    l->minor_max);
	*v = l->format->pack(l, ma, mi);
	l->format->unpack(l, *v, &back_ma, &back_mi);
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
	l->format->unpack(l, v, ma, mi);
	canon = l->format->pack(l, *ma, *mi);
	if (canon != v)
		return dt_fail(d, DT_NONCANONICAL, "value 0x%" PRIx64 " is not "
		    "canonical under %s: %" PRIu64 ":%" PRIu64 " encodes as "
		    "0x%" PRIx64, v, l->name, *ma, *mi, canon);
	return DT_OK;
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
	f->major_mask = l->format->pack(&plain, l->major_max, 0);
	f->minor_mask = l->format->pack(&plain, 0, l->minor_max);
}
