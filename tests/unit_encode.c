/*
 * unit_encode.c - unit tests for the layout codec (src/encode.c).
 *
 * Reference encoders written from LAYOUTS in devtool(1) and glibc's
 * <sys/sysmacros.h> rather than copied from encode.c, so each side checks
 * the other; the TAP harness and the fixed-seed PRNG are tests/tap.h.
 *
 * Output is TAP: one "ok N - ..." line per group of cases (a loop over a
 * million pairs is one group), a "# ..." line naming the first failing
 * case of a failing group, and the plan "1..N" at the end.  The exit
 * status is 1 when any group failed.
 *
 *	make units (each test is linked with libdevtool.a)
 */
#include <sys/types.h>
#include <sys/sysmacros.h>

#include <inttypes.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "encode.h"
#include "base/number.h"
#include "tap.h"
#include "base/text.h"

#define RANDOM_CASES	1000000	/* per random group (the issue asks) */
#define NARROW_MAX	0xffu	/* the old 8:8 fields */
#define NARROW_VALUE_MAX 0xffffu

#define ARRAY_SIZE(a)	(sizeof(a) / sizeof((a)[0]))

/*
 * glibc 2.38 and later read C23 "0b" binary in strtoull(3) under
 * _GNU_SOURCE; older ones stop at the "b", so there "0b1" is refused
 * whether or not encode.c refuses it itself.  This strtoull, which the
 * link puts before libc's, reads "0b" as 2.38 does, so that the "0b1"
 * case of test_parse_bad fails on any glibc when that refusal is lost.
 * (Where <stdlib.h> renames strtoull to the C23 one, this defines that.)
 */
_Static_assert(sizeof(unsigned long) == sizeof(unsigned long long),
    "strtoul stands in for strtoull");

unsigned long long
strtoull(const char *restrict s, char **restrict end, int base)
{
	if (base == 0 && s[0] == '0' && (s[1] == 'b' || s[1] == 'B') &&
	    (s[2] == '0' || s[2] == '1'))
		return strtoul(s + 2, end, 2);
	return strtoul(s, end, base);
}

static const char *
status_name(enum dt_status st)
{
	switch (st) {
	case DT_OK:		return "DT_OK";
	case DT_NONCANONICAL:	return "DT_NONCANONICAL";
	case DT_ERANGE:		return "DT_ERANGE";
	case DT_EAMBIGUOUS:	return "DT_EAMBIGUOUS";
	case DT_EWIDTH:		return "DT_EWIDTH";
	case DT_ENUMBER:	return "DT_ENUMBER";
	case DT_ELAYOUT:	return "DT_ELAYOUT";
	case DT_EFIELDS:	return "DT_EFIELDS";
	}
	return "(bad status)";
}

static bool
contains(const char *s, const char *needle)
{
	return strstr(s, needle) != NULL;
}

/* Does msg contain the text printf would make of fmt? */
static bool contains_fmt(const char *, const char *, ...)
    __attribute__((format(printf, 2, 3)));

static bool
contains_fmt(const char *msg, const char *fmt, ...)
{
	char needle[128];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(needle, sizeof(needle), fmt, ap);
	va_end(ap);
	return contains(msg, needle);
}

static uint64_t
low_bits(unsigned n)
{
	return n >= 64 ? UINT64_MAX : ((uint64_t)1 << n) - 1;
}

/*
 * A number in [0, max], max being 2^b - 1, whose bit length is itself
 * uniform: small numbers (the 8:8 range, the ambiguous band 256-65535)
 * come up as often as huge ones, which a plain uniform draw never gives.
 */
static uint64_t
rng_upto(uint64_t max)
{
	unsigned bits = max == 0 ? 0 : 64 - (unsigned)__builtin_clzll(max);
	unsigned shift = (unsigned)(rng_next() % (bits + 1));

	return shift >= 64 ? 0 : (rng_next() & max) >> shift;
}

/*
 * What a layout should be, from LAYOUTS in devtool(1) and, for FREEBSD,
 * NetBSD's pack_dev (the man page's LAYOUTS).  The test works out every
 * expected value and status from this table alone.
 */
enum kind { SPLIT, LINUX, GLIBC, NATIVE, FREEBSD };

/* pack_dev's makedev_freebsd(): the major's bits, and the minor's. */
#define FREEBSD_MAJOR	0x0000ff00u
#define FREEBSD_MINOR	0xffff00ffu

struct want {
	const char *name;
	enum kind kind;
	unsigned major_bits, minor_bits, width;
	bool compat;
};

#define HOST_BITS	(unsigned)(8 * sizeof(unsigned int))
#define DEV_BITS	(unsigned)(8 * sizeof(dev_t))

static const struct want old_layout = { "8:8", SPLIT, 8, 8, 16, false };

static const struct want wide_layouts[] = {
	{ "16:16",	SPLIT,	16, 16, 32, true },
	{ "12:20",	SPLIT,	12, 20, 32, true },
	{ "8:9",	SPLIT,	8, 9, 17, true },
	{ "10:22",	SPLIT,	10, 22, 32, true },
	{ "20:44",	SPLIT,	20, 44, 64, true },
	{ "32:32",	SPLIT,	32, 32, 64, true },
	{ "8:56",	SPLIT,	8, 56, 64, true },
	{ "56:8",	SPLIT,	56, 8, 64, true },
	{ "linux",	LINUX,	12, 20, 32, false },
	{ "glibc",	GLIBC,	32, 32, 64, false },
	{ "native",	NATIVE,	HOST_BITS, HOST_BITS, DEV_BITS,	false },
	{ "osf1",	SPLIT,	12, 20, 32, false },
	{ "svr4",	SPLIT,	14, 18, 32, false },
	{ "solaris",	SPLIT,	14, 18, 32, false },
	{ "hpux",	SPLIT,	8, 24, 32, false },
	{ "netbsd",	LINUX,	12, 20, 32, false },
	{ "bsdos",	SPLIT,	12, 20, 32, false },
	{ "freebsd",	FREEBSD, 8, 32, 32, false },
};

/* pack_dev's names of 8:8, each a row of its own. */
static const struct want old_rows[] = {
	{ "386bsd",	SPLIT,	8, 8, 16, false },
	{ "4bsd",	SPLIT,	8, 8, 16, false },
	{ "isc",	SPLIT,	8, 8, 16, false },
	{ "sco",	SPLIT,	8, 8, 16, false },
	{ "sunos",	SPLIT,	8, 8, 16, false },
	{ "svr3",	SPLIT,	8, 8, 16, false },
	{ "ultrix",	SPLIT,	8, 8, 16, false },
};

/* Small enough to check every pair and every value. */
static const struct want small_layouts[] = {
	{ "8:9",	SPLIT,	8, 9, 17, true },
	{ "9:8",	SPLIT,	9, 8, 17, true },
	{ "8:10",	SPLIT,	8, 10, 18, true },
	{ "10:8",	SPLIT,	10, 8, 18, true },
	{ "9:9",	SPLIT,	9, 9, 18, true },
};

/* A layout under test: the codec's dt_layout next to what it should be. */
struct subject {
	const struct want *w;
	struct dt_layout l;
	bool compat;		/* the rule applies: w->compat, not strict */
	char label[32];
};

static void
open_layout(struct subject *s, const struct want *w, bool strict)
{
	struct dt_diag d = { "" };

	if (dt_layout_lookup(w->name, &s->l, &d) != DT_OK)
		bail_out("%s: %s", w->name, d.msg);
	if (strict)
		dt_layout_strict(&s->l);
	s->w = w;
	s->compat = w->compat && !strict;
	snprintf(s->label, sizeof(s->label), "%s%s", w->name,
	    strict ? " --strict" : "");
}

/* The minor bits a layout cannot hold: freebsd's are the major's. */
static uint64_t
minor_hole(const struct want *w)
{
	return w->kind == FREEBSD ? FREEBSD_MAJOR : 0;
}

static bool
fits_narrow(uint64_t ma, uint64_t mi)
{
	return ma <= NARROW_MAX && mi <= NARROW_MAX;
}

/* The encode formulas of LAYOUTS in devtool(1), before any range check. */
static uint64_t
ref_pack(const struct subject *s, uint64_t ma, uint64_t mi)
{
	switch (s->w->kind) {
	case SPLIT:
		if (s->compat && fits_narrow(ma, mi))
			return ma << 8 | mi;
		return ma << s->w->minor_bits | mi;
	case LINUX:
		return (mi & 0xff) | ma << 8 | (mi & ~(uint64_t)0xff) << 12;
	case GLIBC:
		return (ma & 0xfff) << 8 | (ma & 0xfffff000) << 32 |
		    (mi & 0xff) | (mi & 0xffffff00) << 12;
	case NATIVE:
		return makedev((unsigned int)ma, (unsigned int)mi);
	case FREEBSD:
		return (ma << 8 & FREEBSD_MAJOR) | (mi & FREEBSD_MINOR);
	}
	abort();
}

/* What dt_encode must answer for (ma, mi), and the value when DT_OK. */
static enum dt_status
want_encode(const struct subject *s, uint64_t ma, uint64_t mi, uint64_t *v)
{
	if (ma > low_bits(s->w->major_bits) || mi > low_bits(s->w->minor_bits) ||
	    (mi & minor_hole(s->w)) != 0)
		return DT_ERANGE;
	*v = ref_pack(s, ma, mi);
	/* A wide value in 16 bits would be read back by the 8:8 branch. */
	if (s->compat && !fits_narrow(ma, mi) && *v <= NARROW_VALUE_MAX)
		return DT_EAMBIGUOUS;
	return DT_OK;
}

/* What dt_decode must answer for v, and the pair it must fill in. */
static enum dt_status
want_decode(const struct subject *s, uint64_t v, uint64_t *ma, uint64_t *mi)
{
	if (v > low_bits(s->w->width))
		return DT_EWIDTH;
	switch (s->w->kind) {
	case SPLIT:
		if (s->compat && v <= NARROW_VALUE_MAX) {
			*ma = v >> 8;
			*mi = v & NARROW_MAX;
			return DT_OK;
		}
		*ma = v >> s->w->minor_bits;
		*mi = v & low_bits(s->w->minor_bits);
		/* Encode would have used the 8:8 branch for this pair. */
		return s->compat && fits_narrow(*ma, *mi) ? DT_NONCANONICAL :
		    DT_OK;
	case LINUX:
		*ma = (v & 0xfff00) >> 8;
		*mi = (v & 0xff) | (v >> 12 & 0xfff00);
		return DT_OK;
	case GLIBC:
		*ma = (v >> 8 & 0xfff) | (v >> 32 & 0xfffff000);
		*mi = (v & 0xff) | (v >> 12 & 0xffffff00);
		return DT_OK;
	case NATIVE:
		*ma = major((dev_t)v);
		*mi = minor((dev_t)v);
		return DT_OK;
	case FREEBSD:
		*ma = (v & FREEBSD_MAJOR) >> 8;
		*mi = v & FREEBSD_MINOR;
		return DT_OK;
	}
	abort();
}

/*
 * One pair through encode and, when it encodes, back through decode.  An
 * ambiguous pair must also name, in its message, the pair it aliases.
 */
static void
check_pair(struct check *c, const struct subject *s, uint64_t ma, uint64_t mi)
{
	struct dt_diag d = { "" };
	uint64_t v = 0, wv = 0, bma = 0, bmi = 0;
	enum dt_status st, want;

	want = want_encode(s, ma, mi, &wv);
	st = dt_encode(&s->l, ma, mi, &v, &d);
	if (!expect(c, st == want, "%s: encode %" PRIu64 ":%" PRIu64
	    " is %s, want %s", s->label, ma, mi, status_name(st),
	    status_name(want)))
		return;
	if (st == DT_EAMBIGUOUS) {
		want_decode(s, wv, &bma, &bmi);
		expect(c, contains_fmt(d.msg, "%" PRIu64 ":%" PRIu64, ma, mi) &&
		    contains_fmt(d.msg, "%" PRIu64 ":%" PRIu64, bma, bmi),
		    "%s: encode %" PRIu64 ":%" PRIu64 ": message \"%s\" does "
		    "not name the alias %" PRIu64 ":%" PRIu64, s->label, ma, mi,
		    d.msg, bma, bmi);
		return;
	}
	if (st != DT_OK)
		return;
	if (!expect(c, v == wv, "%s: encode %" PRIu64 ":%" PRIu64 " = 0x%"
	    PRIx64 ", want 0x%" PRIx64, s->label, ma, mi, v, wv))
		return;
	st = dt_decode(&s->l, v, &bma, &bmi, &d);
	expect(c, st == DT_OK && bma == ma && bmi == mi, "%s: decode(encode(%"
	    PRIu64 ":%" PRIu64 ")) = %s %" PRIu64 ":%" PRIu64, s->label, ma,
	    mi, status_name(st), bma, bmi);
}

/* One value through decode and, when canonical, back through encode. */
static void
check_value(struct check *c, const struct subject *s, uint64_t v)
{
	struct dt_diag d = { "" };
	uint64_t ma = 0, mi = 0, wma = 0, wmi = 0, back = 0;
	enum dt_status st, want;

	want = want_decode(s, v, &wma, &wmi);
	st = dt_decode(&s->l, v, &ma, &mi, &d);
	if (!expect(c, st == want, "%s: decode 0x%" PRIx64 " is %s, want %s",
	    s->label, v, status_name(st), status_name(want)))
		return;
	if (st != DT_OK && st != DT_NONCANONICAL)
		return;
	if (!expect(c, ma == wma && mi == wmi, "%s: decode 0x%" PRIx64 " = %"
	    PRIu64 ":%" PRIu64 ", want %" PRIu64 ":%" PRIu64, s->label, v, ma,
	    mi, wma, wmi))
		return;
	if (st != DT_OK)
		return;
	st = dt_encode(&s->l, ma, mi, &back, &d);
	expect(c, st == DT_OK && back == v, "%s: encode(decode(0x%" PRIx64
	    ")) = %s 0x%" PRIx64, s->label, v, status_name(st), back);
}

/*
 * Numbers where layouts change behaviour: the 8:8 limits, the ambiguous
 * band, the 12:20 and 16:16 limits, plus the subject's own limits and one
 * past them (added by edge_numbers()).
 */
static const uint64_t fixed_edges[] = {
	0, 1, 2, 127, 128, 254, 255, 256, 257, 511, 512, 4095, 4096, 16383,
	16384, 65535, 65536, 65537, 262143, 262144, 1048575, 1048576,
	16777215, 16777216, 0xffffffffu, 0x100000000u, UINT64_MAX,
};

static size_t
edge_numbers(unsigned bits, uint64_t *out)
{
	size_t n = 0;
	uint64_t max = low_bits(bits);

	for (size_t i = 0; i < ARRAY_SIZE(fixed_edges); i++)
		out[n++] = fixed_edges[i];
	out[n++] = max - 1;
	out[n++] = max;
	out[n++] = max + 1;
	return n;
}

#define MAX_EDGES (ARRAY_SIZE(fixed_edges) + 3)

static void
test_edge_pairs(const struct want *w)
{
	struct check c;
	struct subject s;
	struct dt_diag d = { "" };
	uint64_t majors[MAX_EDGES], minors[MAX_EDGES], v;
	size_t nma, nmi;
	enum dt_status st;

	open_layout(&s, w, false);
	begin(&c, "%s: edge pairs (0, 255/256, limits, limit+1 -> DT_ERANGE, "
	    "major 0 with minors 256-65535)", s.label);
	nma = edge_numbers(w->major_bits, majors);
	nmi = edge_numbers(w->minor_bits, minors);
	for (size_t i = 0; i < nma; i++)
		for (size_t j = 0; j < nmi; j++)
			check_pair(&c, &s, majors[i], minors[j]);
	for (uint64_t mi = 256; mi <= 65535; mi++)
		check_pair(&c, &s, 0, mi);
	/* Said outright, not only through the oracle. */
	st = dt_encode(&s.l, low_bits(w->major_bits) + 1, 0, &v, &d);
	expect(&c, st == DT_ERANGE, "%s: major limit+1 is %s", s.label,
	    status_name(st));
	st = dt_encode(&s.l, 0, low_bits(w->minor_bits) + 1, &v, &d);
	expect(&c, st == DT_ERANGE, "%s: minor limit+1 is %s", s.label,
	    status_name(st));
	end(&c);
}

static void
test_random_pairs(const struct want *w, bool strict)
{
	struct check c;
	struct subject s;
	uint64_t ma, mi;

	open_layout(&s, w, strict);
	begin(&c, "%s: %d random pairs round trip%s", s.label, RANDOM_CASES,
	    s.compat ? ", DT_EAMBIGUOUS exactly when the wide value is "
	    "<= 0xffff" : ", none DT_EAMBIGUOUS");
	rng_seed(0x5eed0001);
	for (long i = 0; i < RANDOM_CASES; i++) {
		/* Two statements: argument order is up to the compiler. */
		ma = rng_upto(low_bits(w->major_bits));
		mi = rng_upto(low_bits(w->minor_bits));
		check_pair(&c, &s, ma, mi);
	}
	end(&c);
}

/* Values one bit wider than the layout, so DT_EWIDTH is drawn too. */
static void
test_random_values(const struct want *w, bool strict)
{
	struct check c;
	struct subject s;
	uint64_t top = low_bits(w->width + 1);

	open_layout(&s, w, strict);
	begin(&c, "%s: %d random values decode (DT_EWIDTH past the width%s)",
	    s.label, RANDOM_CASES, s.compat ? ", DT_NONCANONICAL exactly for "
	    "8:8 pairs written wide" : "");
	rng_seed(0x5eed0002);
	for (long i = 0; i < RANDOM_CASES; i++)
		check_value(&c, &s, rng_upto(top));
	for (unsigned b = 0; b < 64; b++) {
		check_value(&c, &s, (uint64_t)1 << b);
		check_value(&c, &s, low_bits(b));
	}
	check_value(&c, &s, UINT64_MAX);
	end(&c);
}

/* Layouts of 17 and 18 bits: every pair and every value, both ways. */
static void
test_small_exhaustive(const struct want *w, bool strict)
{
	struct check c;
	struct subject s;
	uint64_t mamax = low_bits(w->major_bits);
	uint64_t mimax = low_bits(w->minor_bits);

	open_layout(&s, w, strict);
	begin(&c, "%s: every pair and every value (exhaustive)", s.label);
	for (uint64_t ma = 0; ma <= mamax + 1; ma++)
		for (uint64_t mi = 0; mi <= mimax + 1; mi++)
			check_pair(&c, &s, ma, mi);
	for (uint64_t v = 0; v <= low_bits(w->width) + 256; v++)
		check_value(&c, &s, v);
	end(&c);
}

/* 8:8: the whole layout fits in a loop. */
static void
test_old_pairs(const char *name)
{
	struct check c;
	struct dt_layout l;
	struct dt_diag d = { "" };
	uint64_t v, ma, mi;
	enum dt_status st;

	begin(&c, "%s: all 65536 pairs encode to ma<<8|mi and decode back",
	    name);
	if (dt_layout_lookup(name, &l, &d) != DT_OK)
		bail_out("%s: %s", name, d.msg);
	for (uint64_t a = 0; a <= 255; a++) {
		for (uint64_t b = 0; b <= 255; b++) {
			v = UINT64_MAX;
			st = dt_encode(&l, a, b, &v, &d);
			if (!expect(&c, st == DT_OK && v == (a << 8 | b),
			    "encode %" PRIu64 ":%" PRIu64 " = %s 0x%" PRIx64,
			    a, b, status_name(st), v))
				continue;
			st = dt_decode(&l, v, &ma, &mi, &d);
			expect(&c, st == DT_OK && ma == a && mi == b,
			    "decode 0x%" PRIx64 " = %s %" PRIu64 ":%" PRIu64,
			    v, status_name(st), ma, mi);
		}
	}
	end(&c);
}

static void
test_old_values(void)
{
	struct check c;
	struct dt_layout l;
	struct dt_diag d = { "" };
	uint64_t ma, mi;
	enum dt_status st;

	begin(&c, "8:8: every 16-bit value decodes to v>>8 : v&0xff");
	if (dt_layout_lookup("8:8", &l, &d) != DT_OK)
		bail_out("%s: %s", "8:8", d.msg);
	for (uint64_t v = 0; v <= 0xffff; v++) {
		st = dt_decode(&l, v, &ma, &mi, &d);
		expect(&c, st == DT_OK && ma == v >> 8 && mi == (v & 0xff),
		    "decode 0x%" PRIx64 " = %s %" PRIu64 ":%" PRIu64, v,
		    status_name(st), ma, mi);
	}
	end(&c);
}

static void
expect_ewidth(struct check *c, const struct dt_layout *l, uint64_t v)
{
	struct dt_diag d = { "" };
	uint64_t ma, mi;
	enum dt_status st = dt_decode(l, v, &ma, &mi, &d);

	expect(c, st == DT_EWIDTH, "decode 0x%" PRIx64 " is %s, want DT_EWIDTH",
	    v, status_name(st));
}

static void
test_old_wide(void)
{
	struct check c;
	struct dt_layout l;
	struct dt_diag d = { "" };

	begin(&c, "8:8: values above 0xffff are DT_EWIDTH");
	if (dt_layout_lookup("8:8", &l, &d) != DT_OK)
		bail_out("%s: %s", "8:8", d.msg);
	for (uint64_t v = 0x10000; v <= 0x1ffff; v++)
		expect_ewidth(&c, &l, v);
	for (unsigned b = 16; b < 64; b++) {
		expect_ewidth(&c, &l, (uint64_t)1 << b);
		expect_ewidth(&c, &l, low_bits(b + 1));
	}
	rng_seed(0x5eed0003);
	for (long i = 0; i < RANDOM_CASES / 10; i++)
		expect_ewidth(&c, &l, rng_next() | 0x10000);
	end(&c);
}

static void
test_old_layout(void)
{
	struct check c;
	struct subject s;
	struct dt_layout eight, old;
	struct dt_diag d = { "" };
	uint64_t edges[MAX_EDGES];
	size_t n;

	test_old_pairs("8:8");
	test_old_values();
	test_old_wide();

	open_layout(&s, &old_layout, false);
	begin(&c, "8:8: majors and minors past 255 are DT_ERANGE, no compat");
	expect(&c, !s.l.compat && s.l.width == 16 && s.l.value_max == 0xffff,
	    "8:8: compat %d width %u value_max 0x%" PRIx64, s.l.compat,
	    s.l.width, s.l.value_max);
	n = edge_numbers(8, edges);
	for (size_t i = 0; i < n; i++)
		for (size_t j = 0; j < n; j++)
			check_pair(&c, &s, edges[i], edges[j]);
	end(&c);

	test_old_pairs("old");
	begin(&c, "old is an alias of 8:8 (same row, same name in messages)");
	if (dt_layout_lookup("8:8", &eight, &d) != DT_OK ||
	    dt_layout_lookup("old", &old, &d) != DT_OK)
		bail_out("%s: %s", "old", d.msg);
	expect(&c, old.format == eight.format, "old resolves to row %s",
	    old.format->name);
	expect(&c, strcmp(old.name, "8:8") == 0, "old is named \"%s\"",
	    old.name);
	expect(&c, old.major_max == eight.major_max &&
	    old.minor_max == eight.minor_max &&
	    old.value_max == eight.value_max && old.compat == eight.compat,
	    "old and 8:8 differ in limits or compat");
	end(&c);
}

/*
 * The ambiguity rule by brute force: under 16:16 and 12:20 the only pairs
 * whose wide value fits 16 bits without fitting 8:8 are major 0 with a
 * minor of 256-65535.  The minor one past the limit must be DT_ERANGE.
 */
static void
test_ambiguity(const char *name, unsigned minor_bits)
{
	struct check c;
	struct dt_layout l;
	struct dt_diag d = { "" };
	uint64_t v, ma, mi, max = low_bits(minor_bits);
	enum dt_status st, want;

	if (dt_layout_lookup(name, &l, &d) != DT_OK)
		bail_out("%s: %s", name, d.msg);
	begin(&c, "%s: major 0, minors 0-%" PRIu64 ": DT_EAMBIGUOUS exactly "
	    "for 256-65535, naming the alias", name, max);
	for (uint64_t m = 0; m <= max + 1; m++) {
		want = m > max ? DT_ERANGE : m >= 256 && m <= 65535 ?
		    DT_EAMBIGUOUS : DT_OK;
		st = dt_encode(&l, 0, m, &v, &d);
		if (!expect(&c, st == want, "%s: encode 0:%" PRIu64 " is %s, "
		    "want %s", name, m, status_name(st), status_name(want)))
			continue;
		if (st == DT_EAMBIGUOUS)
			expect(&c, contains_fmt(d.msg, "%" PRIu64 ":%" PRIu64,
			    m >> 8, m & 0xff), "%s: 0:%" PRIu64 ": message "
			    "\"%s\" does not name %" PRIu64 ":%" PRIu64, name,
			    m, d.msg, m >> 8, m & 0xff);
		if (st != DT_OK)
			continue;
		st = dt_decode(&l, v, &ma, &mi, &d);
		expect(&c, st == DT_OK && ma == 0 && mi == m, "%s: decode("
		    "encode(0:%" PRIu64 ")) = %s %" PRIu64 ":%" PRIu64, name,
		    m, status_name(st), ma, mi);
	}
	end(&c);

	dt_layout_strict(&l);
	begin(&c, "%s --strict: major 0, minors 0-%" PRIu64 ": none "
	    "ambiguous, value == minor both ways", name, max);
	for (uint64_t m = 0; m <= max; m++) {
		st = dt_encode(&l, 0, m, &v, &d);
		if (!expect(&c, st == DT_OK && v == m, "%s --strict: encode 0:%"
		    PRIu64 " = %s 0x%" PRIx64, name, m, status_name(st), v))
			continue;
		st = dt_decode(&l, m, &ma, &mi, &d);
		expect(&c, st == DT_OK && ma == 0 && mi == m, "%s --strict: "
		    "decode 0x%" PRIx64 " = %s %" PRIu64 ":%" PRIu64, name, m,
		    status_name(st), ma, mi);
	}
	end(&c);
}

/* --strict: plain ma<<N | mi, both ways, for random pairs. */
static void
test_strict_plain(const char *name, unsigned major_bits, unsigned minor_bits)
{
	struct check c;
	struct dt_layout l;
	struct dt_diag d = { "" };
	uint64_t a, b, v, ma, mi;
	enum dt_status st;

	if (dt_layout_lookup(name, &l, &d) != DT_OK)
		bail_out("%s: %s", name, d.msg);
	dt_layout_strict(&l);
	begin(&c, "%s --strict: %d random pairs encode to ma<<%u|mi and "
	    "decode back", name, RANDOM_CASES, minor_bits);
	expect(&c, !l.compat, "%s --strict still has compat", name);
	rng_seed(0x5eed0004);
	for (long i = 0; i < RANDOM_CASES; i++) {
		a = rng_upto(low_bits(major_bits));
		b = rng_upto(low_bits(minor_bits));
		st = dt_encode(&l, a, b, &v, &d);
		if (!expect(&c, st == DT_OK && v == (a << minor_bits | b),
		    "%s --strict: encode %" PRIu64 ":%" PRIu64 " = %s 0x%"
		    PRIx64, name, a, b, status_name(st), v))
			continue;
		st = dt_decode(&l, a << minor_bits | b, &ma, &mi, &d);
		expect(&c, st == DT_OK && ma == a && mi == b, "%s --strict: "
		    "decode 0x%" PRIx64 " = %s %" PRIu64 ":%" PRIu64, name, v,
		    status_name(st), ma, mi);
	}
	end(&c);
}

/*
 * Non-canonical wide values: a pair that fits 8:8 written the wide way.
 * Decode accepts it as the 2003 macros did, fills in the pair, and says
 * which value it was.
 */
static void
test_noncanonical(const char *name, unsigned minor_bits)
{
	struct check c;
	struct dt_layout l;
	struct dt_diag d = { "" };
	uint64_t v, ma, mi;
	enum dt_status st;

	if (dt_layout_lookup(name, &l, &d) != DT_OK)
		bail_out("%s: %s", name, d.msg);
	begin(&c, "%s: wide values of 8:8 pairs decode as DT_NONCANONICAL "
	    "with the pair filled in and the value in the message", name);
	for (uint64_t a = 0; a <= 255; a++) {
		for (uint64_t b = 0; b <= 255; b++) {
			v = a << minor_bits | b;
			if (v <= NARROW_VALUE_MAX)
				continue;	/* the 8:8 branch: canonical */
			ma = mi = UINT64_MAX;
			st = dt_decode(&l, v, &ma, &mi, &d);
			expect(&c, st == DT_NONCANONICAL && ma == a &&
			    mi == b && contains_fmt(d.msg, "0x%" PRIx64, v),
			    "%s: decode "
			    "0x%" PRIx64 " = %s %" PRIu64 ":%" PRIu64 " \"%s\"",
			    name, v, status_name(st), ma, mi, d.msg);
		}
	}
	end(&c);
}

static void
test_noncanonical_example(void)
{
	struct check c;
	struct dt_layout l;
	struct dt_diag d = { "" };
	uint64_t ma = 0, mi = 0;
	enum dt_status st;

	if (dt_layout_lookup("16:16", &l, &d) != DT_OK)
		bail_out("%s: %s", "16:16", d.msg);
	begin(&c, "16:16: decode 0x00010001 is DT_NONCANONICAL 1:1, message "
	    "names 0x10001");
	st = dt_decode(&l, 0x00010001, &ma, &mi, &d);
	expect(&c, st == DT_NONCANONICAL, "status %s", status_name(st));
	expect(&c, ma == 1 && mi == 1, "pair %" PRIu64 ":%" PRIu64, ma, mi);
	expect(&c, contains(d.msg, "0x10001"), "message \"%s\"", d.msg);
	dt_layout_strict(&l);
	st = dt_decode(&l, 0x00010001, &ma, &mi, &d);
	expect(&c, st == DT_OK && ma == 1 && mi == 1, "--strict: %s %" PRIu64
	    ":%" PRIu64, status_name(st), ma, mi);
	end(&c);
}

/* devtool(1) LAYOUTS agrees with glibc; check the codec agrees too. */
static void
test_glibc_encode(void)
{
	struct check c;
	struct dt_layout g, n;
	struct dt_diag d = { "" };
	uint64_t a, b, gv, nv, want;
	enum dt_status gs, ns;

	if (dt_layout_lookup("glibc", &g, &d) != DT_OK ||
	    dt_layout_lookup("native", &n, &d) != DT_OK)
		bail_out("%s: %s", "glibc/native", d.msg);
	begin(&c, "glibc and native encode == makedev() for %d random 32:32 "
	    "pairs", RANDOM_CASES);
	rng_seed(0x5eed0005);
	for (long i = 0; i < RANDOM_CASES + 4; i++) {
		a = i < 4 ? (i & 1 ? 0xffffffffu : 0) : rng_upto(0xffffffffu);
		b = i < 4 ? (i & 2 ? 0xffffffffu : 0) : rng_upto(0xffffffffu);
		want = makedev((unsigned int)a, (unsigned int)b);
		gs = dt_encode(&g, a, b, &gv, &d);
		ns = dt_encode(&n, a, b, &nv, &d);
		expect(&c, gs == DT_OK && gv == want && ns == DT_OK &&
		    nv == want, "%" PRIu64 ":%" PRIu64 ": glibc %s 0x%" PRIx64
		    ", native %s 0x%" PRIx64 ", makedev 0x%" PRIx64, a, b,
		    status_name(gs), gv, status_name(ns), nv, want);
	}
	end(&c);
}

static void
test_glibc_decode(void)
{
	struct check c;
	struct dt_layout layouts[2];
	struct dt_diag d = { "" };
	uint64_t v, ma, mi;
	enum dt_status st;

	if (dt_layout_lookup("glibc", &layouts[0], &d) != DT_OK ||
	    dt_layout_lookup("native", &layouts[1], &d) != DT_OK)
		bail_out("%s: %s", "glibc/native", d.msg);
	begin(&c, "glibc and native decode == major()/minor() for %d random "
	    "64-bit values", RANDOM_CASES);
	rng_seed(0x5eed0006);
	for (long i = 0; i < RANDOM_CASES; i++) {
		v = i == 0 ? UINT64_MAX : rng_upto(UINT64_MAX);
		for (size_t k = 0; k < 2; k++) {
			st = dt_decode(&layouts[k], v, &ma, &mi, &d);
			expect(&c, st == DT_OK && ma == major((dev_t)v) &&
			    mi == minor((dev_t)v), "%s: decode 0x%" PRIx64
			    " = %s %" PRIu64 ":%" PRIu64 ", want %u:%u",
			    layouts[k].name, v, status_name(st), ma, mi,
			    major((dev_t)v), minor((dev_t)v));
		}
	}
	end(&c);
}

static void
test_linux_encode(void)
{
	struct check c;
	struct dt_layout l;
	struct dt_diag d = { "" };
	uint64_t a, b, v, want;
	enum dt_status st;

	if (dt_layout_lookup("linux", &l, &d) != DT_OK)
		bail_out("%s: %s", "linux", d.msg);
	begin(&c, "linux encode == makedev() for %d random pairs with "
	    "major < 4096, minor < 2^20", RANDOM_CASES);
	rng_seed(0x5eed0007);
	for (long i = 0; i < RANDOM_CASES + 4; i++) {
		a = i < 4 ? (i & 1 ? 4095 : 0) : rng_upto(4095);
		b = i < 4 ? (i & 2 ? 1048575 : 0) : rng_upto(1048575);
		want = makedev((unsigned int)a, (unsigned int)b);
		st = dt_encode(&l, a, b, &v, &d);
		expect(&c, st == DT_OK && v == want, "linux: encode %" PRIu64
		    ":%" PRIu64 " = %s 0x%" PRIx64 ", makedev 0x%" PRIx64, a, b,
		    status_name(st), v, want);
	}
	end(&c);
}

static void
expect_linux_decode(struct check *c, const struct dt_layout *l, uint64_t v)
{
	struct dt_diag d = { "" };
	uint64_t ma, mi;
	enum dt_status st = dt_decode(l, v, &ma, &mi, &d);

	expect(c, st == DT_OK && ma == major((dev_t)v) &&
	    mi == minor((dev_t)v), "linux: decode 0x%" PRIx64 " = %s %" PRIu64
	    ":%" PRIu64 ", want %u:%u", v, status_name(st), ma, mi,
	    major((dev_t)v), minor((dev_t)v));
}

static void
test_linux_decode(void)
{
	struct check c;
	struct dt_layout l;
	struct dt_diag d = { "" };

	if (dt_layout_lookup("linux", &l, &d) != DT_OK)
		bail_out("%s: %s", "linux", d.msg);
	begin(&c, "linux decode == major()/minor() for 32-bit values (%d "
	    "random, every bit pattern edge)", RANDOM_CASES);
	for (unsigned b = 0; b < 32; b++) {
		expect_linux_decode(&c, &l, (uint64_t)1 << b);
		expect_linux_decode(&c, &l, low_bits(b));
		expect_linux_decode(&c, &l, 0xffffffffu ^ (uint64_t)1 << b);
		expect_linux_decode(&c, &l, 0xffffffffu ^ low_bits(b));
	}
	expect_linux_decode(&c, &l, 0xffffffffu);
	rng_seed(0x5eed0008);
	for (long i = 0; i < RANDOM_CASES; i++)
		expect_linux_decode(&c, &l, rng_upto(0xffffffffu));
	end(&c);
}

/* Reference vectors, worked out by hand from each layout's formula (LAYOUTS in
 * devtool(1)), cell by cell. */
struct cell {
	enum dt_status st;
	uint64_t v;
	const char *alias;	/* the pair an ambiguous cell reads back as */
};

#define VAL(x)	{ DT_OK, (x), NULL }
#define AMBIG	{ DT_EAMBIGUOUS, 0, "1:0" }
#define RANGE	{ DT_ERANGE, 0, NULL }

static const char *const vector_layouts[] = { "16:16", "12:20", "linux",
    "glibc" };

static const struct vector {
	uint64_t ma, mi;
	struct cell cell[4];
} vectors[] = {
	{ 1, 3,		{ VAL(0x103), VAL(0x103), VAL(0x103),
			  VAL(0x103) } },
	{ 255, 255,	{ VAL(0xffff), VAL(0xffff), VAL(0xffff),
			  VAL(0xffff) } },
	{ 256, 0,	{ VAL(0x1000000), VAL(0x10000000), VAL(0x10000),
			  VAL(0x10000) } },
	{ 0, 256,	{ AMBIG, AMBIG, VAL(0x100000), VAL(0x100000) } },
	{ 300, 5,	{ VAL(0x12c0005), VAL(0x12c00005), VAL(0x12c05),
			  VAL(0x12c05) } },
	{ 0, 65536,	{ RANGE, VAL(0x10000), VAL(0x10000000),
			  VAL(0x10000000) } },
	{ 4095, 1048575, { RANGE, VAL(0xffffffff), VAL(0xffffffff),
			  VAL(0xffffffff) } },
	{ 4096, 0,	{ VAL(0x10000000), RANGE, RANGE,
			  VAL(0x100000000000) } },
	{ 0, 0,		{ VAL(0), VAL(0), VAL(0), VAL(0) } },
	/* 16:16's 0x100 decodes by the 8:8 branch, not as 0:256 */
	{ 1, 0,		{ VAL(0x100), VAL(0x100), VAL(0x100),
			  VAL(0x100) } },
	/* a minor past 8 bits takes the wide branch */
	{ 1, 256,	{ VAL(0x10100), VAL(0x100100), VAL(0x100100),
			  VAL(0x100100) } },
	{ 65535, 65535,	{ VAL(0xffffffff), RANGE, RANGE,
			  VAL(0xf0000fffffff) } },
	{ 4294967295, 4294967295, { RANGE, RANGE, RANGE,
			  VAL(0xffffffffffffffff) } },
};

static void
check_vector(struct check *c, const struct dt_layout *l,
    const struct vector *t, const struct cell *want)
{
	struct dt_diag d = { "" };
	uint64_t v = 0, ma, mi;
	enum dt_status st = dt_encode(l, t->ma, t->mi, &v, &d);

	if (!expect(c, st == want->st && (st != DT_OK || v == want->v),
	    "%s: encode %" PRIu64 ":%" PRIu64 " = %s 0x%" PRIx64 ", want %s 0x%"
	    PRIx64, l->name, t->ma, t->mi, status_name(st), v,
	    status_name(want->st), want->v))
		return;
	if (want->alias != NULL)
		expect(c, contains(d.msg, want->alias), "%s: %" PRIu64 ":%"
		    PRIu64 ": message \"%s\" does not name %s", l->name, t->ma,
		    t->mi, d.msg, want->alias);
	if (st != DT_OK)
		return;
	st = dt_decode(l, v, &ma, &mi, &d);
	expect(c, st == DT_OK && ma == t->ma && mi == t->mi, "%s: decode 0x%"
	    PRIx64 " = %s %" PRIu64 ":%" PRIu64, l->name, v, status_name(st),
	    ma, mi);
}

static void
test_vectors(void)
{
	struct check c;
	struct dt_layout l;
	struct dt_diag d = { "" };

	for (size_t k = 0; k < ARRAY_SIZE(vector_layouts); k++) {
		if (dt_layout_lookup(vector_layouts[k], &l, &d) != DT_OK)
			bail_out("%s: %s", vector_layouts[k], d.msg);
		begin(&c, "reference vectors under %s (%zu pairs)",
		    vector_layouts[k], ARRAY_SIZE(vectors));
		for (size_t i = 0; i < ARRAY_SIZE(vectors); i++)
			check_vector(&c, &l, &vectors[i], &vectors[i].cell[k]);
		end(&c);
	}
}

/* The cross-layout trap (LAYOUTS in devtool(1)): one value, two different
 * pairs. */
static void
test_vector_trap(void)
{
	struct check c;
	struct dt_layout l;
	struct dt_diag d = { "" };
	uint64_t ma, mi;
	enum dt_status st;

	begin(&c, "0x10000 decodes as 0:65536 under 12:20 but 256:0 under "
	    "linux");
	if (dt_layout_lookup("12:20", &l, &d) != DT_OK)
		bail_out("%s: %s", "12:20", d.msg);
	st = dt_decode(&l, 0x10000, &ma, &mi, &d);
	expect(&c, st == DT_OK && ma == 0 && mi == 65536, "12:20: %s %" PRIu64
	    ":%" PRIu64, status_name(st), ma, mi);
	if (dt_layout_lookup("linux", &l, &d) != DT_OK)
		bail_out("%s: %s", "linux", d.msg);
	st = dt_decode(&l, 0x10000, &ma, &mi, &d);
	expect(&c, st == DT_OK && ma == 256 && mi == 0, "linux: %s %" PRIu64
	    ":%" PRIu64, status_name(st), ma, mi);
	end(&c);
}

/* dt_layout_lookup: the table, the generic M:N row, and everything else. */
static const struct dt_format *
row_named(const char *name)
{
	for (size_t i = 0; i < dt_nformats; i++)
		if (strcmp(dt_formats[i].name, name) == 0)
			return &dt_formats[i];
	bail_out("%s: %s", "dt_formats[] has no row", name);
}

static void
expect_resolves(struct check *c, const char *name, const struct dt_format *f)
{
	struct dt_layout l;
	struct dt_diag d = { "" };
	enum dt_status st = dt_layout_lookup(name, &l, &d);

	if (!expect(c, st == DT_OK, "\"%s\" is %s: %s", name, status_name(st),
	    d.msg))
		return;
	expect(c, l.format == f, "\"%s\" resolves to row %s, want %s", name,
	    l.format->name, f->name);
	/* The rule means nothing without room above 16 bits. */
	expect(c, l.compat == (f->compat && l.width > 16), "\"%s\": compat %d "
	    "with width %u", name, l.compat, l.width);
}

static void
test_lookup_rows(void)
{
	struct check c;
	const struct dt_format *generic = row_named("M:N");
	char alias[64];
	size_t aliases = 0;

	begin(&c, "dt_layout_lookup: every row name and alias of dt_formats[] "
	    "resolves to its row");
	for (size_t i = 0; i < dt_nformats; i++) {
		const struct dt_format *f = &dt_formats[i];

		if (f == generic)
			continue;
		expect_resolves(&c, f->name, f);
		for (const char *p = f->aliases; *p != '\0';) {
			size_t n = strcspn(p, " ");

			if (n > 0 && n < sizeof(alias)) {
				memcpy(alias, p, n);
				alias[n] = '\0';
				expect_resolves(&c, alias, f);
				aliases++;
			}
			p += n + strspn(p + n, " ");
		}
	}
	/* devtool(1) LAYOUTS names two aliases; the loop above must have seen
	 * them. */
	expect(&c, aliases >= 2, "only %zu aliases in dt_formats[]", aliases);
	expect_resolves(&c, "old", row_named("8:8"));
	expect_resolves(&c, "solaris", row_named("svr4"));
	end(&c);
}

/* Every field of the resolved layout, against the test's own table. */
static void
expect_layout(struct check *c, const struct want *w)
{
	struct dt_layout l;
	struct dt_diag d = { "" };

	if (!expect(c, dt_layout_lookup(w->name, &l, &d) == DT_OK,
	    "\"%s\" does not resolve: %s", w->name, d.msg))
		return;
	expect(c, l.major_bits == w->major_bits &&
	    l.minor_bits == w->minor_bits && l.width == w->width &&
	    l.major_max == low_bits(w->major_bits) &&
	    l.minor_max == (low_bits(w->minor_bits) & ~minor_hole(w)) &&
	    l.minor_hole == minor_hole(w) &&
	    l.value_max == low_bits(w->width) && l.compat == w->compat,
	    "%s: bits %u:%u width %u max %" PRIx64 ":%" PRIx64 " value_max %"
	    PRIx64 " compat %d", w->name, l.major_bits, l.minor_bits,
	    l.width, l.major_max, l.minor_max, l.value_max, l.compat);
	expect(c, !l.compat || l.width > 16, "%s: compat at width %u",
	    w->name, l.width);
}

static void
test_lookup_fields(void)
{
	struct check c;
	static const struct want more[] = {
		{ "9:8",	SPLIT,	9, 8, 17, true },
		{ "24:40",	SPLIT,	24, 40, 64, true },
		{ "16:48",	SPLIT,	16, 48, 64, true },
		{ "20:12",	SPLIT,	20, 12, 32, true },
	};
	const struct dt_format *generic = row_named("M:N");
	struct dt_layout l;
	struct dt_diag d = { "" };

	begin(&c, "dt_layout_lookup: bits, limits, width and compat of every "
	    "layout (compat only when width > 16)");
	expect_layout(&c, &old_layout);
	for (size_t i = 0; i < ARRAY_SIZE(wide_layouts); i++)
		expect_layout(&c, &wide_layouts[i]);
	for (size_t i = 0; i < ARRAY_SIZE(more); i++)
		expect_layout(&c, &more[i]);
	for (size_t i = 0; i < ARRAY_SIZE(old_rows); i++)
		expect_layout(&c, &old_rows[i]);
	/* A split that is not a named row comes from the generic row. */
	expect(&c, dt_layout_lookup("8:56", &l, &d) == DT_OK &&
	    l.format == generic && strcmp(l.name, "8:56") == 0,
	    "8:56 is not the generic row");
	end(&c);
}

static void
test_lookup_bounds(void)
{
	struct check c;
	static const char *const good[] = { "8:56", "56:8", "32:32", "8:9",
	    "9:8", "10:22", "20:44" };
	static const char *const bad[] = { "7:8", "8:7", "33:32", "32:33",
	    "9:56", "56:9", "0:16", "16:0", "1:8", "63:1", "64:8", "100:8",
	    "8:100" };
	struct dt_layout l;
	struct dt_diag d = { "" };
	enum dt_status st;

	begin(&c, "dt_layout_lookup: M:N needs 8<=M, 8<=N, M+N<=64");
	for (size_t i = 0; i < ARRAY_SIZE(good); i++) {
		st = dt_layout_lookup(good[i], &l, &d);
		expect(&c, st == DT_OK, "\"%s\" is %s: %s", good[i],
		    status_name(st), d.msg);
	}
	for (size_t i = 0; i < ARRAY_SIZE(bad); i++) {
		st = dt_layout_lookup(bad[i], &l, &d);
		expect(&c, st == DT_ELAYOUT && contains_fmt(d.msg, "'%s'",
		    bad[i]), "\"%s\" is %s: %s", bad[i], status_name(st),
		    st == DT_OK ? "" : d.msg);
	}
	end(&c);
}

static void
test_lookup_junk(void)
{
	struct check c;
	static const char *const junk[] = { "", "foo", "016:16", "16:", ":16",
	    "16:16x", "M:N", " 16:16", "16:16 ", "16 :16", "8:8:8", "+8:8",
	    "8:-8", "0x10:16", "olde", "ol", "old ", "linux2", "16:016",
	    "08:16", "16:08", ":" };
	char longname[300];
	struct dt_layout l;
	struct dt_diag d = { "" };
	enum dt_status st;

	begin(&c, "dt_layout_lookup: junk names are DT_ELAYOUT and the "
	    "message lists the valid names");
	for (size_t i = 0; i < ARRAY_SIZE(junk); i++) {
		st = dt_layout_lookup(junk[i], &l, &d);
		expect(&c, st == DT_ELAYOUT && contains(d.msg, "linux") &&
		    contains(d.msg, "16:16") && contains_fmt(d.msg, "'%s'",
		    junk[i]), "\"%s\" is %s: %s", junk[i], status_name(st),
		    st == DT_OK ? "" : d.msg);
	}
	/* A long name is cut short in the message, not the list of names. */
	memset(longname, 'x', sizeof(longname) - 1);
	longname[sizeof(longname) - 1] = '\0';
	st = dt_layout_lookup(longname, &l, &d);
	expect(&c, st == DT_ELAYOUT && contains(d.msg, "...") &&
	    contains(d.msg, "hpux") && strlen(d.msg) < DT_MSGLEN,
	    "300-char name is %s: %s", status_name(st),
	    st == DT_OK ? "" : d.msg);
	end(&c);
}

static void
test_layout_names(void)
{
	struct check c;
	const char *names = dt_layout_names();
	char alias[64];

	begin(&c, "dt_layout_names() lists every row name and alias");
	for (size_t i = 0; i < dt_nformats; i++) {
		const struct dt_format *f = &dt_formats[i];

		expect(&c, contains(names, f->name), "\"%s\" is missing from "
		    "\"%s\"", f->name, names);
		for (const char *p = f->aliases; *p != '\0';) {
			size_t n = strcspn(p, " ");

			if (n > 0 && n < sizeof(alias)) {
				memcpy(alias, p, n);
				alias[n] = '\0';
				expect(&c, contains(names, alias), "alias "
				    "\"%s\" is missing from \"%s\"", alias,
				    names);
			}
			p += n + strspn(p + n, " ");
		}
	}
	end(&c);
}

/* dt_parse_number and dt_parse_in_range: C notation and nothing else. */
static void
test_parse_good(void)
{
	static const struct {
		const char *s;
		uint64_t v;
	} good[] = {
		{ "0", 0 }, { "1", 1 }, { "42", 42 }, { "255", 255 },
		{ "0x0", 0 }, { "0x1f", 31 }, { "0X1F", 31 },
		{ "0xAbC", 0xabc },
		{ "00", 0 }, { "017", 15 }, { "0777", 511 },
		{ "4294967296", 0x100000000 },
		{ "18446744073709551615", UINT64_MAX },
		{ "0xffffffffffffffff", UINT64_MAX },
		{ "01777777777777777777777", UINT64_MAX },
	};
	struct check c;
	struct dt_diag d = { "" };
	uint64_t v;
	enum dt_status st;

	begin(&c, "dt_parse_number: decimal, 0x/0X hex, leading-0 octal, up "
	    "to 2^64-1");
	for (size_t i = 0; i < ARRAY_SIZE(good); i++) {
		v = 12345;
		st = dt_parse_number(good[i].s, &v, &d);
		expect(&c, st == DT_OK && v == good[i].v, "\"%s\" = %s %" PRIu64
		    ", want %" PRIu64, good[i].s, status_name(st), v,
		    good[i].v);
	}
	end(&c);
}

static void
test_parse_bad(void)
{
	static const char *const bad[] = { "", "-1", "+5", " 5", "5 ", "12abc",
	    "08", "0xg", "0x", "0X", "18446744073709551616",
	    "99999999999999999999999", "0x10000000000000000", "1.5", "1e3",
	    "0b1", "0x1g", "-0", "0x-1", "0x 1", "019", "1,000", "five" };
	struct check c;
	struct dt_diag d = { "" };
	uint64_t v;
	enum dt_status st;

	begin(&c, "dt_parse_number: rejects empty, signs, spaces, garbage, "
	    "bad digits and > 2^64-1 with DT_ENUMBER quoting the text");
	for (size_t i = 0; i < ARRAY_SIZE(bad); i++) {
		st = dt_parse_number(bad[i], &v, &d);
		expect(&c, st == DT_ENUMBER && contains_fmt(d.msg, "'%s'",
		    bad[i]), "\"%s\" is %s: %s", bad[i], status_name(st),
		    st == DT_OK ? "" : d.msg);
	}
	end(&c);
}

/* Text from a file may hold anything; a message must stay one line. */
static void
test_parse_quoting(void)
{
	static const char *const odd[] = { "5\n", "\t5", "5\r", "1\0332",
	    "\n" };
	char longtext[200];
	struct check c;
	struct dt_diag d = { "" };
	uint64_t v;
	enum dt_status st;

	begin(&c, "dt_parse_number: control characters and long text are "
	    "quoted safely");
	for (size_t i = 0; i < ARRAY_SIZE(odd); i++) {
		st = dt_parse_number(odd[i], &v, &d);
		expect(&c, st == DT_ENUMBER && strpbrk(d.msg, "\n\r\t\033") ==
		    NULL, "odd text #%zu is %s: %s", i, status_name(st),
		    st == DT_OK ? "" : d.msg);
	}
	memset(longtext, '7', sizeof(longtext) - 2);
	longtext[sizeof(longtext) - 2] = 'z';
	longtext[sizeof(longtext) - 1] = '\0';
	st = dt_parse_number(longtext, &v, &d);
	expect(&c, st == DT_ENUMBER && contains(d.msg, "...") &&
	    strlen(d.msg) < DT_MSGLEN, "long text is %s: %s", status_name(st),
	    st == DT_OK ? "" : d.msg);
	end(&c);
}

/*
 * dt_quote, the one quoting of every message (DIAGNOSTICS in devtool(1)):
 * control characters become '?', printable UTF-8 stays, and a long text
 * keeps its first two thirds and its last third around "...".
 */
static void
test_quote(void)
{
	static const struct {
		const char *in, *want;
	} cases[] = {
		{ "plain", "plain" },
		{ "a\033[31mb", "a?[31mb" },		/* ESC */
		{ "a\nb\rc\td\x7f" "e", "a?b?c?d?e" },	/* C0, DEL */
		{ "a\x9b" "b", "a?b" },			/* raw C1 CSI */
		{ "a\xc2\x9b" "b", "a??b" },		/* U+009B in UTF-8 */
		{ "a\xc2\x85" "b", "a??b" },		/* U+0085 NEL */
		{ "a\xe2\x80\xae" "b", "a???b" },	/* U+202E RLO */
		{ "a\xe2\x80\xa8" "b", "a???b" },	/* U+2028 LS */
		{ "caf\xc3\xa9 \xe2\x82\xac", "caf\xc3\xa9 \xe2\x82\xac" },
		{ "\xc3(", "?(" },			/* not UTF-8 */
		{ "\xc2\xa0", "\xc2\xa0" },		/* U+00A0 is shown */
	};
	char buf[DT_QUOTE_SIZE], in[300], want[DT_QUOTE_SIZE];
	struct check c;

	begin(&c, "dt_quote: control characters as '?', long text cut in "
	    "the middle");
	for (size_t i = 0; i < ARRAY_SIZE(cases); i++) {
		dt_quote(buf, sizeof(buf), cases[i].in, strlen(cases[i].in));
		expect(&c, strcmp(buf, cases[i].want) == 0, "case #%zu "
		    "gives \"%s\"", i, buf);
	}
	/* len ends inside a character: nothing past it is read or shown */
	dt_quote(buf, sizeof(buf), "a\xc3\xa9", 2);
	expect(&c, strcmp(buf, "a?") == 0, "a cut character gives \"%s\"",
	    buf);
	/* 300 bytes: the first 64, "...", the last 32 (99 in all) */
	for (size_t i = 0; i < sizeof(in) - 1; i++)
		in[i] = (char)('a' + i % 26);
	in[sizeof(in) - 1] = '\0';
	snprintf(want, sizeof(want), "%.64s...%s", in, in + 299 - 32);
	dt_quote(buf, sizeof(buf), in, strlen(in));
	expect(&c, strcmp(buf, want) == 0, "300 bytes gives \"%s\"", buf);
	/* 99 bytes fit whole */
	dt_quote(buf, sizeof(buf), in, 99);
	expect(&c, strlen(buf) == 99 && strncmp(buf, in, 99) == 0,
	    "99 bytes give \"%s\"", buf);
	/* a cut never splits a character: 2-byte characters on each side */
	in[0] = 'x';	/* so that byte 64 is inside a character */
	for (size_t i = 1; i + 1 <= 296; i += 2)
		memcpy(in + i, "\xc3\xa9", 2);
	in[297] = 'y';
	in[298] = 'z';
	dt_quote(buf, sizeof(buf), in, 299);
	expect(&c, strlen(buf) == 63 + 3 + 32 && contains(buf, "...") &&
	    strncmp(buf, in, 63) == 0 &&
	    (unsigned char)buf[strstr(buf, "...") - buf - 1] == 0xa9 &&
	    (unsigned char)buf[strstr(buf, "...") - buf + 3] == 0xc3,
	    "UTF-8 cut gives \"%s\"", buf);
	end(&c);
}

static void
test_parse_in_range(void)
{
	struct check c;
	struct dt_diag d = { "" };
	uint64_t v = 0;
	enum dt_status st;

	begin(&c, "dt_parse_in_range: the limit is inclusive and the message "
	    "gives the range");
	st = dt_parse_in_range("255", "major", 255, &v, &d);
	expect(&c, st == DT_OK && v == 255, "255 of 0-255: %s %" PRIu64,
	    status_name(st), v);
	st = dt_parse_in_range("0xff", "major", 255, &v, &d);
	expect(&c, st == DT_OK && v == 255, "0xff of 0-255: %s %" PRIu64,
	    status_name(st), v);
	st = dt_parse_in_range("256", "major", 255, &v, &d);
	expect(&c, st == DT_ERANGE && contains(d.msg, "major") &&
	    contains(d.msg, "'256'") && contains(d.msg, "0-255"),
	    "256 of 0-255: %s: %s", status_name(st), d.msg);
	st = dt_parse_in_range("0x100000", "minor", 1048575, &v, &d);
	expect(&c, st == DT_ERANGE && contains(d.msg, "minor") &&
	    contains(d.msg, "'0x100000'") && contains(d.msg, "0-1048575"),
	    "0x100000 of 0-1048575: %s: %s", status_name(st), d.msg);
	st = dt_parse_in_range("18446744073709551615", "value", UINT64_MAX, &v,
	    &d);
	expect(&c, st == DT_OK && v == UINT64_MAX, "2^64-1 of 0-2^64-1: %s",
	    status_name(st));
	st = dt_parse_in_range("-1", "major", 255, &v, &d);
	expect(&c, st == DT_ENUMBER && contains(d.msg, "'-1'"), "-1: %s: %s",
	    status_name(st), d.msg);
	end(&c);
}

/* dt_fields: which bits hold the major and which the minor. */
static bool
expect_masks(struct check *c, const char *name, const struct dt_layout *l,
    uint64_t v, uint64_t major_mask, uint64_t minor_mask, bool narrow)
{
	struct dt_fields f;

	dt_fields(l, v, &f);
	return expect(c, f.major_mask == major_mask &&
	    f.minor_mask == minor_mask && f.narrow == narrow, "%s: fields of "
	    "0x%" PRIx64 " = %#" PRIx64 "/%#" PRIx64 " narrow %d, want %#"
	    PRIx64 "/%#" PRIx64 " narrow %d", name, v, f.major_mask,
	    f.minor_mask, f.narrow, major_mask, minor_mask, narrow);
}

static void
lookup_or_bail(const char *name, struct dt_layout *l)
{
	struct dt_diag d = { "" };

	if (dt_layout_lookup(name, l, &d) != DT_OK)
		bail_out("%s: %s", name, d.msg);
}

static void
test_fields_known(void)
{
	static const uint64_t narrow[] = { 0, 0x103, 0xff, 0xffff };
	static const uint64_t wide[] = { 0x10000, 0x10001, 0x12c0005,
	    0xffffffff };
	struct check c;
	struct dt_layout l;

	begin(&c, "dt_fields: 16:16 and 12:20 both branches, 8:8, linux, "
	    "glibc and native masks");
	lookup_or_bail("16:16", &l);
	for (size_t i = 0; i < ARRAY_SIZE(narrow); i++)
		expect_masks(&c, "16:16", &l, narrow[i], 0xff00, 0xff, true);
	for (size_t i = 0; i < ARRAY_SIZE(wide); i++)
		expect_masks(&c, "16:16", &l, wide[i], 0xffff0000, 0xffff,
		    false);
	dt_layout_strict(&l);
	expect_masks(&c, "16:16 --strict", &l, 0x103, 0xffff0000, 0xffff,
	    false);
	lookup_or_bail("12:20", &l);
	for (size_t i = 0; i < ARRAY_SIZE(narrow); i++)
		expect_masks(&c, "12:20", &l, narrow[i], 0xff00, 0xff, true);
	for (size_t i = 0; i < ARRAY_SIZE(wide); i++)
		expect_masks(&c, "12:20", &l, wide[i], 0xfff00000, 0xfffff,
		    false);
	lookup_or_bail("8:8", &l);
	expect_masks(&c, "8:8", &l, 0x103, 0xff00, 0xff, false);
	lookup_or_bail("linux", &l);
	for (size_t i = 0; i < ARRAY_SIZE(narrow); i++)
		expect_masks(&c, "linux", &l, narrow[i], 0xfff00, 0xfff000ff,
		    false);
	for (size_t i = 0; i < ARRAY_SIZE(wide); i++)
		expect_masks(&c, "linux", &l, wide[i], 0xfff00, 0xfff000ff,
		    false);
	lookup_or_bail("glibc", &l);
	expect_masks(&c, "glibc", &l, 0x103, 0xfffff000000fff00,
	    0x00000ffffff000ff, false);
	lookup_or_bail("native", &l);
	expect_masks(&c, "native", &l, 0x103,
	    makedev(~0u, 0), makedev(0, ~0u), false);
	end(&c);
}

/*
 * For every layout that is not under the compat rule (and the wide
 * branch of those that are) the two masks must split the value exactly,
 * and must select the fields: a value masked to its major decodes to
 * (ma, 0), masked to its minor to (0, mi).
 */
static void
check_split(struct check *c, const struct subject *s)
{
	struct dt_fields f;
	struct dt_diag d = { "" };
	uint64_t ma, mi, v, a, b;
	enum dt_status st;

	dt_fields(&s->l, s->compat ? NARROW_VALUE_MAX + 1 : 0, &f);
	expect(c, (f.major_mask & f.minor_mask) == 0 &&
	    (f.major_mask | f.minor_mask) == s->l.value_max, "%s: masks %#"
	    PRIx64 " and %#" PRIx64 " do not split %#" PRIx64, s->label,
	    f.major_mask, f.minor_mask, s->l.value_max);
	if (s->compat)
		return;
	for (long i = 0; i < RANDOM_CASES / 10; i++) {
		ma = rng_upto(s->l.major_max);
		mi = rng_upto(s->l.minor_max);
		if (dt_encode(&s->l, ma, mi, &v, &d) != DT_OK)
			continue;	/* reported by the round-trip groups */
		dt_fields(&s->l, v, &f);
		st = dt_decode(&s->l, v & f.major_mask, &a, &b, &d);
		expect(c, st == DT_OK && a == ma && b == 0, "%s: 0x%" PRIx64
		    " & major mask decodes to %s %" PRIu64 ":%" PRIu64,
		    s->label, v, status_name(st), a, b);
		st = dt_decode(&s->l, v & f.minor_mask, &a, &b, &d);
		expect(c, st == DT_OK && a == 0 && b == mi, "%s: 0x%" PRIx64
		    " & minor mask decodes to %s %" PRIu64 ":%" PRIu64,
		    s->label, v, status_name(st), a, b);
	}
}

static void
test_fields_split(void)
{
	struct check c;
	struct subject s;

	begin(&c, "dt_fields: masks never overlap, OR to value_max and "
	    "select the fields (every layout, and --strict)");
	rng_seed(0x5eed0009);
	open_layout(&s, &old_layout, false);
	check_split(&c, &s);
	for (size_t i = 0; i < ARRAY_SIZE(wide_layouts); i++) {
		open_layout(&s, &wide_layouts[i], false);
		check_split(&c, &s);
		if (wide_layouts[i].compat) {
			open_layout(&s, &wide_layouts[i], true);
			check_split(&c, &s);
		}
	}
	end(&c);
}

/* The messages a user will read: field, range, layout and alias. */
static void
expect_encode_msg(struct check *c, const char *name, uint64_t ma, uint64_t mi,
    enum dt_status want, const char *const *needles)
{
	struct dt_layout l;
	struct dt_diag d = { "" };
	uint64_t v;
	enum dt_status st;

	lookup_or_bail(name, &l);
	st = dt_encode(&l, ma, mi, &v, &d);
	if (!expect(c, st == want, "%s: encode %" PRIu64 ":%" PRIu64 " is %s, "
	    "want %s", name, ma, mi, status_name(st), status_name(want)))
		return;
	for (; *needles != NULL; needles++)
		expect(c, contains(d.msg, *needles), "%s: encode %" PRIu64 ":%"
		    PRIu64 ": \"%s\" lacks \"%s\"", name, ma, mi, d.msg,
		    *needles);
}

static void
test_messages(void)
{
	struct check c;
	struct dt_layout l;
	struct dt_diag d = { "" };
	uint64_t ma, mi;
	enum dt_status st;

	begin(&c, "messages: DT_ERANGE names field and range, DT_EAMBIGUOUS "
	    "the aliased pair, DT_EWIDTH the value");
	expect_encode_msg(&c, "16:16", 65536, 0, DT_ERANGE, (const char *[]){
	    "major", "65536", "0-65535", "16:16", NULL });
	expect_encode_msg(&c, "16:16", 0, 65536, DT_ERANGE, (const char *[]){
	    "minor", "65536", "0-65535", NULL });
	expect_encode_msg(&c, "12:20", 4096, 0, DT_ERANGE, (const char *[]){
	    "major", "4096", "0-4095", "12:20", NULL });
	expect_encode_msg(&c, "12:20", 0, 1048576, DT_ERANGE, (const char *[]){
	    "minor", "1048576", "0-1048575", NULL });
	expect_encode_msg(&c, "linux", 4096, 0, DT_ERANGE, (const char *[]){
	    "major", "0-4095", "linux", NULL });
	expect_encode_msg(&c, "glibc", 0x100000000, 0, DT_ERANGE,
	    (const char *[]){ "major", "0-4294967295", NULL });
	expect_encode_msg(&c, "old", 1, 256, DT_ERANGE, (const char *[]){
	    "minor", "256", "0-255", "8:8", NULL });
	expect_encode_msg(&c, "16:16", 0, 256, DT_EAMBIGUOUS, (const char *[]){
	    "0:256", "1:0", "16:16", NULL });
	expect_encode_msg(&c, "12:20", 0, 0x1234, DT_EAMBIGUOUS,
	    (const char *[]){ "0:4660", "18:52", NULL });
	lookup_or_bail("8:8", &l);
	st = dt_decode(&l, 0x10000, &ma, &mi, &d);
	expect(&c, st == DT_EWIDTH && (contains(d.msg, "65536") ||
	    contains(d.msg, "0x10000")), "8:8: decode 0x10000 is %s: %s",
	    status_name(st), d.msg);
	lookup_or_bail("16:16", &l);
	st = dt_decode(&l, 0x100000000, &ma, &mi, &d);
	expect(&c, st == DT_EWIDTH && contains(d.msg, "0x100000000"),
	    "16:16: decode 0x100000000 is %s: %s", status_name(st), d.msg);
	end(&c);
}

/*
 * NetBSD's pack_dev, format by format: the value each pack function gives
 * (worked out by hand from its makedev_* macros), or its refusal ("invalid
 * major number", "invalid minor number"), which is DT_ERANGE here.  Each
 * name is looked up as mtree's device= would, by dt_packdev_lookup.
 */
#define PD_OK(ma, mi, v)	ma, mi, DT_OK, v
#define PD_BAD(ma, mi)		ma, mi, DT_ERANGE, 0

static const struct packdev_vector {
	const char *name;	/* pack_dev's format name */
	const char *row;	/* the devtool layout it resolves to */
	uint64_t ma, mi;
	enum dt_status st;
	uint64_t v;
} packdev_vectors[] = {
	/* pack_8_8: seven systems, and "linux", which is not devtool's */
	{ "386bsd", "386bsd",	PD_OK(1, 3, 0x103) },
	{ "386bsd", "386bsd",	PD_OK(255, 255, 0xffff) },
	{ "386bsd", "386bsd",	PD_BAD(256, 0) },
	{ "4bsd", "4bsd",	PD_OK(8, 1, 0x801) },
	{ "4bsd", "4bsd",	PD_BAD(0, 256) },
	{ "isc", "isc",		PD_OK(0, 255, 0xff) },
	{ "isc", "isc",		PD_BAD(1, 256) },
	{ "sco", "sco",		PD_OK(255, 0, 0xff00) },
	{ "sco", "sco",		PD_BAD(300, 5) },
	{ "sunos", "sunos",	PD_OK(3, 1, 0x301) },
	{ "sunos", "sunos",	PD_BAD(0, 65535) },
	{ "svr3", "svr3",	PD_OK(10, 200, 0xac8) },
	{ "svr3", "svr3",	PD_BAD(4096, 0) },
	{ "ultrix", "ultrix",	PD_OK(255, 255, 0xffff) },
	{ "ultrix", "ultrix",	PD_BAD(0, 0x10000) },
	{ "linux", "8:8",	PD_OK(1, 3, 0x103) },
	{ "linux", "8:8",	PD_OK(255, 255, 0xffff) },
	{ "linux", "8:8",	PD_BAD(300, 5) },	/* devtool's linux: 0x12c05 */
	{ "linux", "8:8",	PD_BAD(0, 256) },
	/* makedev_netbsd: ma in bits 8-19, mi in 0-7 and 20-31 */
	{ "netbsd", "netbsd",	PD_OK(1, 3, 0x103) },
	{ "netbsd", "netbsd",	PD_OK(300, 5, 0x12c05) },
	{ "netbsd", "netbsd",	PD_OK(0, 256, 0x100000) },
	{ "netbsd", "netbsd",	PD_OK(4095, 1048575, 0xffffffff) },
	{ "netbsd", "netbsd",	PD_BAD(4096, 0) },
	{ "netbsd", "netbsd",	PD_BAD(0, 1048576) },
	/* makedev_freebsd: ma in bits 8-15, mi & 0xffff00ff */
	{ "freebsd", "freebsd",	PD_OK(1, 3, 0x103) },
	{ "freebsd", "freebsd",	PD_OK(255, 255, 0xffff) },
	{ "freebsd", "freebsd",	PD_OK(8, 0x10000, 0x10800) },
	{ "freebsd", "freebsd",	PD_OK(255, 0xffff00ff, 0xffffffff) },
	{ "freebsd", "freebsd",	PD_BAD(0, 256) },	/* minor bit 8 */
	{ "freebsd", "freebsd",	PD_BAD(0, 0xffff) },
	{ "freebsd", "freebsd",	PD_BAD(1, 0xffff0100) },
	{ "freebsd", "freebsd",	PD_BAD(256, 0) },
	{ "freebsd", "freebsd",	PD_BAD(0, 0x100000000) },
	/* pack_bsdos with two numbers, and pack_12_20: ma<<20 | mi */
	{ "bsdos", "bsdos",	PD_OK(1, 3, 0x100003) },
	{ "bsdos", "bsdos",	PD_OK(0, 256, 0x100) },
	{ "bsdos", "bsdos",	PD_OK(4095, 1048575, 0xffffffff) },
	{ "bsdos", "bsdos",	PD_BAD(4096, 0) },
	{ "bsdos", "bsdos",	PD_BAD(0, 1048576) },
	{ "osf1", "osf1",	PD_OK(1, 3, 0x100003) },
	{ "osf1", "osf1",	PD_OK(4095, 1048575, 0xffffffff) },
	{ "osf1", "osf1",	PD_BAD(4096, 0) },
	{ "osf1", "osf1",	PD_BAD(0, 1048576) },
	/* pack_14_18: ma<<18 | mi */
	{ "svr4", "svr4",	PD_OK(1, 3, 0x40003) },
	{ "svr4", "svr4",	PD_BAD(16384, 0) },
	{ "solaris", "svr4",	PD_OK(16383, 262143, 0xffffffff) },
	{ "solaris", "svr4",	PD_BAD(0, 262144) },
	/* pack_8_24: ma<<24 | mi */
	{ "hpux", "hpux",	PD_OK(1, 3, 0x1000003) },
	{ "hpux", "hpux",	PD_OK(255, 16777215, 0xffffffff) },
	{ "hpux", "hpux",	PD_BAD(256, 0) },
	{ "hpux", "hpux",	PD_BAD(0, 16777216) },
	/* pack_native: makedev(3), which on Linux is glibc's */
	{ "native", "native",	PD_OK(1, 3, 0x103) },
	{ "native", "native",	PD_OK(300, 5, 0x12c05) },
};

static void
check_packdev_vector(struct check *c, const struct packdev_vector *t)
{
	struct dt_layout l;
	struct dt_diag d = { "" };
	uint64_t v = 0, ma = 0, mi = 0;
	enum dt_status st = dt_packdev_lookup(t->name, &l, &d);

	if (!expect(c, st == DT_OK && strcmp(l.format->name, t->row) == 0,
	    "pack_dev %s: %s, row %s, want %s", t->name, status_name(st),
	    st == DT_OK ? l.format->name : d.msg, t->row))
		return;
	st = dt_encode(&l, t->ma, t->mi, &v, &d);
	if (!expect(c, st == t->st && (st != DT_OK || v == t->v), "pack_dev "
	    "%s: %" PRIu64 ":%" PRIu64 " = %s 0x%" PRIx64 ", want %s 0x%"
	    PRIx64, t->name, t->ma, t->mi, status_name(st), v,
	    status_name(t->st), t->v))
		return;
	if (st != DT_OK) {
		expect(c, contains(d.msg, t->row), "pack_dev %s: \"%s\" does "
		    "not name layout %s", t->name, d.msg, t->row);
		return;
	}
	st = dt_decode(&l, v, &ma, &mi, &d);
	expect(c, st == DT_OK && ma == t->ma && mi == t->mi, "pack_dev %s: "
	    "decode 0x%" PRIx64 " = %s %" PRIu64 ":%" PRIu64, t->name, v,
	    status_name(st), ma, mi);
}

static void
test_packdev_vectors(void)
{
	struct check c;

	begin(&c, "pack_dev formats, vector by vector: values, range "
	    "refusals, and linux is 8:8 there (%zu vectors)",
	    ARRAY_SIZE(packdev_vectors));
	for (size_t i = 0; i < ARRAY_SIZE(packdev_vectors); i++)
		check_packdev_vector(&c, &packdev_vectors[i]);
	end(&c);
}

/* Copies the next space-separated word of *p to w; false at the end. */
static bool
next_word(const char **p, char *w, size_t len)
{
	size_t n;

	*p += strspn(*p, " ");
	n = strcspn(*p, " ");
	if (n == 0 || n >= len)
		return false;
	memcpy(w, *p, n);
	w[n] = '\0';
	*p += n;
	return true;
}

/* The rows named as pack_dev names them resolve by -f to the same row. */
static void
test_packdev_rows(void)
{
	static const char *const names[] = { "386bsd", "4bsd", "bsdos",
	    "freebsd", "hpux", "isc", "linux", "native", "netbsd", "osf1",
	    "sco", "solaris", "sunos", "svr3", "svr4", "ultrix" };
	static const char *const not[] = { "", "old", "16:16", "12:20", "M:N",
	    "8:8", "glibc", "Linux", "netbsd ", " sunos", "bsd", "newc" };
	struct check c;
	struct dt_layout l, f;
	struct dt_diag d = { "" };
	char word[32];
	size_t listed = 0;
	enum dt_status st;

	begin(&c, "dt_packdev_lookup: pack_dev's 16 names, each listed by "
	    "dt_packdev_names(); nothing else");
	for (size_t i = 0; i < ARRAY_SIZE(names); i++) {
		st = dt_packdev_lookup(names[i], &l, &d);
		expect(&c, st == DT_OK && contains(dt_packdev_names(),
		    names[i]), "\"%s\" is %s: %s", names[i], status_name(st),
		    d.msg);
		/* Same name, same row, except pack_dev's linux. */
		if (st == DT_OK && strcmp(names[i], "linux") != 0) {
			st = dt_layout_lookup(names[i], &f, &d);
			expect(&c, st == DT_OK && f.format == l.format,
			    "-f %s is another row than pack_dev's", names[i]);
		}
	}
	/* A row's pack_dev names find that row: none is in two rows. */
	for (size_t k = 0; k < dt_nformats; k++)
		for (const char *p = dt_formats[k].packdev;
		    next_word(&p, word, sizeof(word)); listed++) {
			st = dt_packdev_lookup(word, &l, &d);
			expect(&c, st == DT_OK && l.format == &dt_formats[k],
			    "pack_dev %s finds %s, not row %s", word,
			    st == DT_OK ? l.format->name : d.msg,
			    dt_formats[k].name);
		}
	expect(&c, listed == ARRAY_SIZE(names), "the rows list %zu pack_dev "
	    "names, pack_dev has %zu", listed, ARRAY_SIZE(names));
	for (size_t i = 0; i < ARRAY_SIZE(not); i++) {
		st = dt_packdev_lookup(not[i], &l, &d);
		expect(&c, st == DT_ELAYOUT && contains_fmt(d.msg, "'%s'",
		    not[i]) && contains(d.msg, "linux (8:8)"), "\"%s\" is %s: "
		    "%s", not[i], status_name(st), st == DT_OK ? "" : d.msg);
	}
	end(&c);
}

/* freebsd's minor around the major: the message says which bits. */
static void
test_freebsd_hole(void)
{
	struct check c;
	struct dt_layout l;

	begin(&c, "freebsd: a minor with bits 8-15 set is refused, the "
	    "message giving the bits 0xff00");
	lookup_or_bail("freebsd", &l);
	expect(&c, l.minor_hole == 0xff00 && l.minor_max == 0xffff00ff,
	    "freebsd: hole 0x%" PRIx64 ", minor_max 0x%" PRIx64,
	    l.minor_hole, l.minor_max);
	expect_encode_msg(&c, "freebsd", 0, 256, DT_ERANGE, (const char *[]){
	    "minor 256", "0x100", "freebsd", "0xff00", NULL });
	expect_encode_msg(&c, "freebsd", 256, 0, DT_ERANGE, (const char *[]){
	    "major 256", "(0-255)", NULL });
	expect_encode_msg(&c, "sunos", 0, 256, DT_ERANGE, (const char *[]){
	    "minor 256", "sunos", "(0-255)", NULL });
	end(&c);
}

/* pack_dev takes 2 numbers, bsdos also 3 (12:12:8). */
static void
expect_pair(struct check *c, const char *name, const uint64_t *num,
    size_t n, enum dt_status want, uint64_t want_v, const char *needle)
{
	struct dt_layout l;
	struct dt_diag d = { "" };
	uint64_t ma = 0, mi = 0, v = 0;
	enum dt_status st;

	lookup_or_bail(name, &l);
	st = dt_packdev_pair(&l, num, n, &ma, &mi, &d);
	if (st == DT_OK)
		st = dt_encode(&l, ma, mi, &v, &d);
	expect(c, st == want && (st != DT_OK || v == want_v) &&
	    (st == DT_OK || contains(d.msg, needle)), "%s with %zu numbers: "
	    "%s 0x%" PRIx64 " \"%s\", want %s 0x%" PRIx64 " \"%s\"", name, n,
	    status_name(st), v, st == DT_OK ? "" : d.msg, status_name(want),
	    want_v, needle);
}

static void
test_packdev_pair(void)
{
	struct check c;

	begin(&c, "dt_packdev_pair: 2 numbers everywhere, 3 for bsdos only "
	    "(major, unit 0-4095, subunit 0-255)");
	expect_pair(&c, "bsdos", (uint64_t[]){ 1, 2, 3 }, 3, DT_OK,
	    0x100203, "");
	expect_pair(&c, "bsdos", (uint64_t[]){ 4095, 4095, 255 }, 3, DT_OK,
	    0xffffffff, "");
	expect_pair(&c, "bsdos", (uint64_t[]){ 1, 4096, 0 }, 3, DT_ERANGE, 0,
	    "unit 4096");
	expect_pair(&c, "bsdos", (uint64_t[]){ 1, 0, 256 }, 3, DT_ERANGE, 0,
	    "subunit 256");
	expect_pair(&c, "bsdos", (uint64_t[]){ 4096, 0, 0 }, 3, DT_ERANGE, 0,
	    "major 4096");
	expect_pair(&c, "bsdos", (uint64_t[]){ 1, 3 }, 2, DT_OK, 0x100003, "");
	expect_pair(&c, "bsdos", (uint64_t[]){ 1, 2, 3, 4 }, 4, DT_EFIELDS, 0,
	    "not 4");
	expect_pair(&c, "freebsd", (uint64_t[]){ 1, 2, 3 }, 3, DT_EFIELDS, 0,
	    "2 numbers");
	expect_pair(&c, "8:8", (uint64_t[]){ 1 }, 1, DT_EFIELDS, 0, "not 1");
	expect_pair(&c, "netbsd", (uint64_t[]){ 300, 5 }, 2, DT_OK, 0x12c05,
	    "");
	end(&c);
}

/* list --check's storage formats: their ranges, and the message. */
static const struct storage_want {
	const char *name;
	uint64_t major_max, minor_max;
} storage_wants[] = {
	{ "newc",	0xffffffff, 0xffffffff },	/* 8 hex digits */
	{ "odc",	1023, 255 },	/* makedev < 8^6 */
	{ "bin",	255, 255 },	/* makedev < 2^16 */
	{ "ustar",	262143, 262143 },	/* 6 octal digits */
	{ "gnutar",	262143, 262143 },	/* libarchive: as ustar */
	{ "squashfs",	4095, 1048575 },
	{ "erofs",	4095, 1048575 },
	{ "ext4",	4095, 1048575 },
	{ "ext2-old",	255, 255 },
	{ "cramfs",	255, 255 },
	{ "genext2fs",	255, 255 },
};

static void
check_storage(struct check *c, const struct storage_want *w)
{
	struct dt_layout l;
	struct dt_diag d = { "" };
	uint64_t v;
	enum dt_status st = dt_check_lookup(w->name, &l, &d);

	if (!expect(c, st == DT_OK && l.limit != NULL && l.major_max ==
	    w->major_max && l.minor_max == w->minor_max, "%s: %s, limits %"
	    PRIu64 ":%" PRIu64, w->name, status_name(st), l.major_max,
	    l.minor_max))
		return;
	expect(c, contains(dt_storage_names(), w->name), "%s not in \"%s\"",
	    w->name, dt_storage_names());
	st = dt_encode(&l, w->major_max, w->minor_max, &v, &d);
	expect(c, st == DT_OK, "%s: its largest pair is %s", w->name,
	    status_name(st));
	st = dt_encode(&l, 0, 256, &v, &d);
	expect(c, st == (w->minor_max < 256 ? DT_ERANGE : DT_OK), "%s: 0:256 "
	    "is %s (no compat rule)", w->name, status_name(st));
	st = dt_encode(&l, w->major_max + 1, 0, &v, &d);
	expect(c, st == DT_ERANGE && contains_fmt(d.msg, "major %" PRIu64
	    " is out of range for %s (0-%" PRIu64 "): %s", w->major_max + 1,
	    w->name, w->major_max, l.limit), "%s: major+1: %s \"%s\"",
	    w->name, status_name(st), d.msg);
	st = dt_encode(&l, 0, w->minor_max + 1, &v, &d);
	expect(c, st == DT_ERANGE && contains_fmt(d.msg, "minor %" PRIu64
	    " is out of range for %s (0-%" PRIu64 "): ", w->minor_max + 1,
	    w->name, w->minor_max), "%s: minor+1: %s \"%s\"", w->name,
	    status_name(st), d.msg);
	/* A storage format is no layout: -f refuses it. */
	st = dt_layout_lookup(w->name, &l, &d);
	expect(c, st == DT_ELAYOUT, "-f %s is %s", w->name, status_name(st));
}

static void
test_storage(void)
{
	struct check c;
	struct dt_layout l;
	struct dt_diag d = { "" };
	uint64_t v;
	enum dt_status st;

	begin(&c, "dt_check_lookup: the %zu storage formats' limits and "
	    "messages; layouts too; unknown names list both",
	    ARRAY_SIZE(storage_wants));
	expect(&c, dt_nstorage == ARRAY_SIZE(storage_wants), "%zu storage "
	    "rows, the test knows %zu", dt_nstorage,
	    ARRAY_SIZE(storage_wants));
	for (size_t i = 0; i < ARRAY_SIZE(storage_wants); i++)
		check_storage(&c, &storage_wants[i]);
	st = dt_check_lookup("16:16", &l, &d);
	expect(&c, st == DT_OK && l.limit == NULL &&
	    dt_encode(&l, 0, 256, &v, &d) == DT_EAMBIGUOUS, "16:16 is not "
	    "checked as the layout it is");
	st = dt_check_lookup("10:22", &l, &d);
	expect(&c, st == DT_OK && l.major_max == 1023, "10:22: %s",
	    status_name(st));
	st = dt_check_lookup("bogus", &l, &d);
	expect(&c, st == DT_ELAYOUT && contains(d.msg, "'bogus'") &&
	    contains(d.msg, "storage formats: ") && contains(d.msg, "ultrix") &&
	    contains(d.msg, "genext2fs"), "bogus is %s: %s", status_name(st),
	    st == DT_OK ? "" : d.msg);
	st = dt_check_lookup("7:8", &l, &d);
	expect(&c, st == DT_ELAYOUT && contains(d.msg, "8<=M"), "7:8 is %s",
	    status_name(st));
	end(&c);
}

/* Whether the field f holds a NUL: its text was not cut (encode.h). */
#define ENDS(f) (memchr((f), '\0', sizeof(f)) != NULL)

static void
test_rows_hold_their_text(void)
{
	const struct { const struct dt_format *t; size_t n; } tables[] = {
		{ dt_formats, dt_nformats }, { dt_storage, dt_nstorage },
	};
	size_t bad = 0;

	for (size_t k = 0; k < ARRAY_SIZE(tables); k++)
		for (size_t i = 0; i < tables[k].n; i++) {
			const struct dt_format *f = &tables[k].t[i];

			bad += !ENDS(f->name) + !ENDS(f->aliases) +
			    !ENDS(f->packdev) + !ENDS(f->description);
		}
	ok(bad == 0, "every layout and storage row's text ends within its "
	    "field (%zu do not)", bad);
}

/*
 * dt_decode_many against dt_decode, value by value, under every layout,
 * M:N split and storage format, with the compat rule and without: it
 * takes exactly the values dt_decode returns DT_OK for, with the same
 * pair, and stops at the first other one.  Random values up to one bit
 * past the width, and the edges of every bit.
 */
static void
check_many(struct check *c, const struct dt_layout *l, uint64_t v)
{
	struct dt_diag d = { "" };
	uint64_t ma = 0, mi = 0, mma = 1, mmi = 1;
	enum dt_status st = dt_decode(l, v, &ma, &mi, &d);
	size_t n = dt_decode_many(l, &v, 1, &mma, &mmi);

	expect(c, (n == 1) == (st == DT_OK) && (n == 0 ||
	    (mma == ma && mmi == mi)), "%s%s: 0x%" PRIx64 ": dt_decode %s "
	    "%" PRIu64 ":%" PRIu64 ", dt_decode_many took %zu as %" PRIu64
	    ":%" PRIu64, l->name, l->compat ? "" : " (strict)", v,
	    status_name(st), ma, mi, n, mma, mmi);
}

static void
test_decode_many_layout(struct check *c, const char *name, bool storage,
    bool strict)
{
	struct dt_layout l;
	struct dt_diag d = { "" };
	uint64_t v[64], ma[64], mi[64], top;
	size_t stop;

	if ((storage ? dt_check_lookup(name, &l, &d) :
	    dt_layout_lookup(name, &l, &d)) != DT_OK) {
		expect(c, false, "%s: %s", name, d.msg);
		return;
	}
	if (strict)
		dt_layout_strict(&l);
	top = low_bits(l.width + 1);
	for (long i = 0; i < 20000; i++)
		check_many(c, &l, rng_upto(top));
	for (unsigned b = 0; b < 64; b++) {
		check_many(c, &l, (uint64_t)1 << b);
		check_many(c, &l, low_bits(b));
		check_many(c, &l, low_bits(b) + 1);
	}
	check_many(c, &l, UINT64_MAX);
	/* in a row: the count is where the first value not taken is */
	for (size_t k = 0; k < 64; k++)
		v[k] = k * 0x10101 & l.value_max;
	stop = 64;
	for (size_t k = 0; k < 64 && stop == 64; k++)
		if (dt_decode(&l, v[k], &ma[k], &mi[k], &d) != DT_OK)
			stop = k;
	expect(c, dt_decode_many(&l, v, 64, ma, mi) == stop, "%s: 64 values "
	    "in a row: not the %zu before the first dt_decode refuses",
	    l.name, stop);
	v[37] = l.value_max + 1;
	expect(c, l.value_max == UINT64_MAX || stop < 37 ||
	    dt_decode_many(&l, v, 64, ma, mi) == 37, "%s: a value past the "
	    "width at 37 does not stop it there", l.name);
}

static void
test_decode_many(void)
{
	static const char *const splits[] = { "8:24", "24:8", "20:44",
	    "32:32", "8:8", "9:9", "14:18" };
	struct check c;

	begin(&c, "dt_decode_many takes exactly the values dt_decode returns "
	    "DT_OK for, with its pairs, under every layout and storage "
	    "format, compat and strict");
	rng_seed(0x5eed0dec);
	for (size_t i = 0; i < dt_nformats; i++)
		if (strcmp(dt_formats[i].name, "M:N") != 0)
			for (int strict = 0; strict < 2; strict++)
				test_decode_many_layout(&c,
				    dt_formats[i].name, false, strict);
	for (size_t i = 0; i < ARRAY_SIZE(splits); i++)
		for (int strict = 0; strict < 2; strict++)
			test_decode_many_layout(&c, splits[i], false, strict);
	for (size_t i = 0; i < dt_nstorage; i++)
		test_decode_many_layout(&c, dt_storage[i].name, true, false);
	end(&c);
}

/*
 * dt_scan_decimal_lines against dt_parse_number, line by line: it takes a
 * line only when dt_parse_number reads it, as the same value, and takes
 * the plain decimals a stream holds (0 too); any other line it leaves,
 * whole, for dt_parse_number to say why.
 */
static void
test_scan_lines(void)
{
	static const struct {
		const char *s;
		bool taken;
	} lines[] = {
		{ "0", true }, { "1", true }, { "9", true }, { "10", true },
		{ "4294967295", true }, { "4294967296", true },
		{ "1234567890123456789", true },
		{ "9999999999999999999", true },
		{ "10000000000000000000", false },	/* 20 digits */
		{ "18446744073709551615", false },
		{ "18446744073709551616", false },
		{ "99999999999999999999999", false },
		{ "00", false }, { "01", false }, { "010", false },
		{ "08", false }, { "0x10", false }, { "0X1f", false },
		{ "", false }, { " 1", false }, { "1 ", false },
		{ "\t1", false }, { "1\r", false }, { "+1", false },
		{ "-1", false }, { "1a", false }, { "a", false },
		{ "1.5", false }, { "0b1", false }, { "1,000", false },
	};
	struct check c;
	struct dt_diag d = { "" };
	char buf[64];
	uint64_t v[4], want;
	size_t len, used, n;

	begin(&c, "dt_scan_decimal_lines takes the lines that are a plain "
	    "decimal as dt_parse_number reads them, and stops whole at any "
	    "other");
	for (size_t i = 0; i < ARRAY_SIZE(lines); i++) {
		len = (size_t)snprintf(buf, sizeof(buf), "%s\n", lines[i].s);
		v[0] = 12345;
		n = dt_scan_decimal_lines(buf, len, v, 4, &used);
		expect(&c, n == (lines[i].taken ? 1 : 0) &&
		    used == (n == 1 ? len : 0), "\"%s\": took %zu, %zu bytes",
		    lines[i].s, n, used);
		if (n == 1)
			expect(&c, dt_parse_number(lines[i].s, &want, &d) ==
			    DT_OK && want == v[0], "\"%s\": %" PRIu64 ", "
			    "dt_parse_number says otherwise", lines[i].s,
			    v[0]);
	}
	/* in a row: up to the first line not taken, and no further than max */
	n = dt_scan_decimal_lines("1\n22\n 3\n4\n", 11, v, 4, &used);
	expect(&c, n == 2 && used == 5 && v[0] == 1 && v[1] == 22,
	    "1, 22, \" 3\", 4: took %zu, %zu bytes", n, used);
	n = dt_scan_decimal_lines("7\n8\n9\n", 6, v, 2, &used);
	expect(&c, n == 2 && used == 4 && v[0] == 7 && v[1] == 8,
	    "7, 8, 9 at most 2: took %zu, %zu bytes", n, used);
	n = dt_scan_decimal_lines("5\n", 0, v, 4, &used);
	expect(&c, n == 0 && used == 0, "no bytes: took %zu", n);
	end(&c);
}

int
main(void)
{
	/* Lines of a failing run must not sit in a buffer if we crash. */
	setvbuf(stdout, NULL, _IOLBF, 0);

	test_rows_hold_their_text();

	test_old_layout();
	for (size_t i = 0; i < ARRAY_SIZE(old_rows); i++) {
		test_old_pairs(old_rows[i].name);
		test_edge_pairs(&old_rows[i]);
	}

	for (size_t i = 0; i < ARRAY_SIZE(wide_layouts); i++) {
		test_edge_pairs(&wide_layouts[i]);
		test_random_pairs(&wide_layouts[i], false);
		if (wide_layouts[i].compat)
			test_random_pairs(&wide_layouts[i], true);
		test_random_values(&wide_layouts[i], false);
	}
	for (size_t i = 0; i < ARRAY_SIZE(small_layouts); i++) {
		test_small_exhaustive(&small_layouts[i], false);
		test_small_exhaustive(&small_layouts[i], true);
	}

	test_glibc_encode();
	test_glibc_decode();
	test_linux_encode();
	test_linux_decode();

	test_vectors();
	test_vector_trap();
	test_packdev_vectors();
	test_packdev_rows();
	test_freebsd_hole();
	test_packdev_pair();
	test_storage();

	test_ambiguity("16:16", 16);
	test_ambiguity("12:20", 20);
	test_strict_plain("16:16", 16, 16);
	test_strict_plain("12:20", 12, 20);
	test_noncanonical_example();
	test_noncanonical("16:16", 16);
	test_noncanonical("12:20", 20);

	test_lookup_rows();
	test_lookup_fields();
	test_lookup_bounds();
	test_lookup_junk();
	test_layout_names();

	test_parse_good();
	test_parse_bad();
	test_parse_quoting();
	test_quote();
	test_parse_in_range();
	test_scan_lines();
	test_decode_many();

	test_fields_known();
	test_fields_split();

	test_messages();

	printf("# %u checks, %llu cases, %u failed\n", tests_run, cases_run,
	    tests_failed);
	printf("1..%u\n", tests_run);
	return tests_failed != 0;
}
