/*
 * fuzz_codec.c - differential test of the layout codec (src/encode.c)
 * against reference encoders written from LAYOUTS in devtool(1) and against
 * glibc's own makedev(3), major(3) and minor(3).
 *
 * Input: two bytes choose a generic M:N split, the rest gives (major,
 * minor) pairs and raw values.  For every row of dt_formats[] (the M:N
 * row with the split from the input), and for every alias, with and
 * without --strict:
 *   - decode(encode(p)) == p for every in-range pair that encode does
 *     not call ambiguous, and encode calls a pair ambiguous exactly when
 *     the reference says the compat rule makes it read back differently;
 *   - the value equals the reference formula's; decode of any value
 *     equals the reference's pair, status and width check;
 *   - linux (major <= 4095, minor <= 2^20-1), glibc and native (32-bit
 *     fields) agree with makedev/major/minor from <sys/sysmacros.h>.
 * LLVMFuzzerInitialize also checks the reference vectors of
 * tests/unit_encode.c.
 */
#include <sys/types.h>
#include <sys/sysmacros.h>

#include <inttypes.h>

#include "fuzz_util.h"

enum ref_kind { REF_SPLIT, REF_LINUX, REF_GLIBC, REF_NATIVE, REF_FREEBSD };

struct ref {
	const char *name;
	enum ref_kind kind;
	unsigned m, n, width;
	bool compat;
};

/* LAYOUTS in devtool(1), typed in again; native is glibc's 32:32 here. */
static const struct ref refs[] = {
	{ "8:8", REF_SPLIT, 8, 8, 16, false },
	{ "old", REF_SPLIT, 8, 8, 16, false },
	{ "16:16", REF_SPLIT, 16, 16, 32, true },
	{ "12:20", REF_SPLIT, 12, 20, 32, true },
	{ "linux", REF_LINUX, 12, 20, 32, false },
	{ "glibc", REF_GLIBC, 32, 32, 64, false },
	{ "native", REF_NATIVE, 32, 32, 64, false },
	{ "osf1", REF_SPLIT, 12, 20, 32, false },
	{ "svr4", REF_SPLIT, 14, 18, 32, false },
	{ "solaris", REF_SPLIT, 14, 18, 32, false },
	{ "hpux", REF_SPLIT, 8, 24, 32, false },
	/* NetBSD pack_dev's formats (the man page's LAYOUTS) */
	{ "netbsd", REF_LINUX, 12, 20, 32, false },
	{ "freebsd", REF_FREEBSD, 8, 32, 32, false },
	{ "bsdos", REF_SPLIT, 12, 20, 32, false },
	{ "sunos", REF_SPLIT, 8, 8, 16, false },
};

static uint64_t
bits_max(unsigned n)
{
	return n >= 64 ? UINT64_MAX : ((uint64_t)1 << n) - 1;
}

static uint64_t
ref_encode(const struct ref *r, uint64_t ma, uint64_t mi)
{
	switch (r->kind) {
	case REF_LINUX:
		return (mi & 0xff) | (ma << 8) | ((mi & ~(uint64_t)0xff) << 12);
	case REF_GLIBC:
		return ((ma & 0xfff) << 8) | ((ma & 0xfffff000) << 32) |
		    (mi & 0xff) | ((mi & 0xffffff00) << 12);
	case REF_NATIVE:
		return (uint64_t)makedev((unsigned)ma, (unsigned)mi);
	case REF_FREEBSD:
		return (ma << 8 & 0xff00) | (mi & 0xffff00ff);
	default:
		if (r->compat && ma <= 255 && mi <= 255)
			return ma << 8 | mi;
		return ma << r->n | mi;
	}
}

static void
ref_decode(const struct ref *r, uint64_t v, uint64_t *ma, uint64_t *mi)
{
	switch (r->kind) {
	case REF_LINUX:
		*ma = (v & 0xfff00) >> 8;
		*mi = (v & 0xff) | ((v >> 12) & 0xfff00);
		return;
	case REF_GLIBC:
		*ma = ((v >> 8) & 0xfff) | ((v >> 32) & 0xfffff000);
		*mi = (v & 0xff) | ((v >> 12) & 0xffffff00);
		return;
	case REF_NATIVE:
		*ma = major((dev_t)v);
		*mi = minor((dev_t)v);
		return;
	case REF_FREEBSD:
		*ma = (v & 0xff00) >> 8;
		*mi = v & 0xffff00ff;
		return;
	default:
		if (r->compat && v <= 0xffff) {
			*ma = v >> 8;
			*mi = v & 0xff;
			return;
		}
		*ma = (v >> r->n) & bits_max(r->m);
		*mi = v & bits_max(r->n);
	}
}

static void
lookup(const char *name, struct dt_layout *l)
{
	struct dt_diag d;

	FUZZ_CHECK(dt_layout_lookup(name, l, &d) == DT_OK,
	    "layout '%s' refused: %s", name, d.msg);
}

/* One pair under one layout, both sides. */
static void
diff_pair(const struct ref *r, const struct dt_layout *l, uint64_t ma,
    uint64_t mi)
{
	struct dt_diag d;
	uint64_t v = 0, rv, bma = 0, bmi = 0, rma, rmi;
	enum dt_status st = dt_encode(l, ma, mi, &v, &d);
	/* freebsd has no minor with bits 8-15 set */
	bool in_range = ma <= bits_max(r->m) && mi <= bits_max(r->n) &&
	    !(r->kind == REF_FREEBSD && (mi & 0xff00) != 0);

	if (!in_range) {
		FUZZ_CHECK(st == DT_ERANGE, "%s: %" PRIu64 ":%" PRIu64 " is out "
		    "of range, status %d", r->name, ma, mi, (int)st);
		return;
	}
	rv = ref_encode(r, ma, mi);
	ref_decode(r, rv, &rma, &rmi);
	if (rma != ma || rmi != mi) {
		FUZZ_CHECK(st == DT_EAMBIGUOUS, "%s: %" PRIu64 ":%" PRIu64
		    " -> 0x%" PRIx64 " reads back as %" PRIu64 ":%" PRIu64
		    " but encode gave status %d", r->name, ma, mi, rv, rma, rmi,
		    (int)st);
		FUZZ_CHECK(r->compat, "%s: the reference itself does not round "
		    "trip %" PRIu64 ":%" PRIu64, r->name, ma, mi);
		return;
	}
	FUZZ_CHECK(st == DT_OK, "%s: %" PRIu64 ":%" PRIu64 " refused (status "
	    "%d): %s", r->name, ma, mi, (int)st, d.msg);
	FUZZ_CHECK(v == rv, "%s: %" PRIu64 ":%" PRIu64 " -> 0x%" PRIx64
	    ", the reference says 0x%" PRIx64, r->name, ma, mi, v, rv);
	st = dt_decode(l, v, &bma, &bmi, &d);
	FUZZ_CHECK(st == DT_OK && bma == ma && bmi == mi, "%s: decode(encode("
	    "%" PRIu64 ":%" PRIu64 ")) = %" PRIu64 ":%" PRIu64 " status %d",
	    r->name, ma, mi, bma, bmi, (int)st);

	/* glibc's macros, in the ranges where the layout is theirs */
	if ((r->kind == REF_LINUX && ma <= 4095 && mi <= 1048575) ||
	    r->kind == REF_GLIBC || r->kind == REF_NATIVE) {
		dev_t dev = makedev((unsigned)ma, (unsigned)mi);

		FUZZ_CHECK((uint64_t)dev == v, "%s: %" PRIu64 ":%" PRIu64
		    " -> 0x%" PRIx64 ", makedev says 0x%" PRIx64, r->name, ma,
		    mi, v, (uint64_t)dev);
		FUZZ_CHECK(major(dev) == ma && minor(dev) == mi,
		    "%s: major/minor of 0x%" PRIx64, r->name, v);
	}
}

/* One raw value under one layout, both sides. */
static void
diff_value(const struct ref *r, const struct dt_layout *l, uint64_t v)
{
	struct dt_diag d;
	uint64_t ma = 0, mi = 0, rma, rmi;
	enum dt_status st = dt_decode(l, v, &ma, &mi, &d), want;

	if (v > bits_max(r->width)) {
		FUZZ_CHECK(st == DT_EWIDTH, "%s: 0x%" PRIx64 " is too wide, "
		    "status %d", r->name, v, (int)st);
		return;
	}
	ref_decode(r, v, &rma, &rmi);
	want = ref_encode(r, rma, rmi) == v ? DT_OK : DT_NONCANONICAL;
	{
		/* a stream's bulk decoding takes exactly dt_decode's DT_OK */
		uint64_t mma = 0, mmi = 0;
		size_t n = dt_decode_many(l, &v, 1, &mma, &mmi);

		FUZZ_CHECK((n == 1) == (st == DT_OK) && (n == 0 ||
		    (mma == ma && mmi == mi)), "%s: dt_decode_many took %zu "
		    "of 0x%" PRIx64 " as %" PRIu64 ":%" PRIu64 ", dt_decode "
		    "status %d", r->name, n, v, mma, mmi, (int)st);
	}
	FUZZ_CHECK(st == want && ma == rma && mi == rmi, "%s: decode 0x%"
	    PRIx64 " = %" PRIu64 ":%" PRIu64 " status %d, the reference says %"
	    PRIu64 ":%" PRIu64 " status %d", r->name, v, ma, mi, (int)st, rma, rmi,
	    (int)want);
	if ((r->kind == REF_LINUX && v <= 0xffffffff) ||
	    r->kind == REF_GLIBC || r->kind == REF_NATIVE)
		FUZZ_CHECK(major((dev_t)v) == ma && minor((dev_t)v) == mi,
		    "%s: decode 0x%" PRIx64 " = %" PRIu64 ":%" PRIu64 ", glibc "
		    "says %u:%u", r->name, v, ma, mi, major((dev_t)v),
		    minor((dev_t)v));
}

/* Round trip only, for every row of dt_formats[] whatever it is. */
static void
round_trip(const struct dt_layout *l, uint64_t ma, uint64_t mi)
{
	uint64_t v = 0, bma = 0, bmi = 0;
	enum dt_status st = dt_encode(l, ma, mi, &v, NULL);

	if (ma > l->major_max || mi > l->minor_max ||
	    (mi & l->minor_hole) != 0) {
		FUZZ_CHECK(st == DT_ERANGE, "%s: out of range, status %d",
		    l->name, (int)st);
		return;
	}
	if (st == DT_EAMBIGUOUS) {
		FUZZ_CHECK(l->compat, "%s: ambiguous without compat", l->name);
		return;
	}
	FUZZ_CHECK(st == DT_OK, "%s: %" PRIu64 ":%" PRIu64 " status %d",
	    l->name, ma, mi, (int)st);
	FUZZ_CHECK(dt_decode(l, v, &bma, &bmi, NULL) == DT_OK && bma == ma &&
	    bmi == mi, "%s: decode(encode(%" PRIu64 ":%" PRIu64 ")) = %" PRIu64
	    ":%" PRIu64, l->name, ma, mi, bma, bmi);
}

struct vector {
	uint64_t ma, mi;
	/* 16:16, 12:20, linux, glibc; 0 out of range, 1 ambiguous */
	uint64_t v[4];
};

/* The reference vectors of tests/unit_encode.c. */
static const struct vector vectors[] = {
	{ 1, 3, { 0x103, 0x103, 0x103, 0x103 } },
	{ 255, 255, { 0xffff, 0xffff, 0xffff, 0xffff } },
	{ 256, 0, { 0x1000000, 0x10000000, 0x10000, 0x10000 } },
	{ 0, 256, { 1, 1, 0x100000, 0x100000 } },
	{ 300, 5, { 0x12c0005, 0x12c00005, 0x12c05, 0x12c05 } },
	{ 0, 65536, { 0, 0x10000, 0x10000000, 0x10000000 } },
	{ 4095, 1048575, { 0, 0xffffffff, 0xffffffff, 0xffffffff } },
	{ 4096, 0, { 0x10000000, 0, 0, 0x100000000000 } },
};

int LLVMFuzzerInitialize(int *argc, char ***argv);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int
LLVMFuzzerInitialize(int *argc, char ***argv)
{
	static const char *const names[4] = { "16:16", "12:20", "linux",
	    "glibc" };
	struct dt_layout l;
	uint64_t v;
	enum dt_status st;

	(void)argc;
	(void)argv;
	for (size_t i = 0; i < FUZZ_ARRAY_SIZE(vectors); i++)
		for (size_t j = 0; j < 4; j++) {
			const struct vector *t = &vectors[i];

			lookup(names[j], &l);
			v = 0;
			st = dt_encode(&l, t->ma, t->mi, &v, NULL);
			if (t->v[j] == 0)
				FUZZ_CHECK(st == DT_ERANGE, "vector %s %" PRIu64
				    ":%" PRIu64 ": want out of range, status "
				    "%d", names[j], t->ma, t->mi, (int)st);
			else if (t->v[j] == 1)
				FUZZ_CHECK(st == DT_EAMBIGUOUS, "vector %s %"
				    PRIu64 ":%" PRIu64 ": want ambiguous, "
				    "status %d", names[j], t->ma, t->mi,
				    (int)st);
			else
				FUZZ_CHECK(st == DT_OK && v == t->v[j],
				    "vector %s %" PRIu64 ":%" PRIu64 ": 0x%"
				    PRIx64 " status %d, want 0x%" PRIx64,
				    names[j], t->ma, t->mi, v, (int)st,
				    t->v[j]);
		}
	/* every row must be reachable by its name and its aliases */
	for (size_t i = 0; i < dt_nformats; i++) {
		const struct dt_format *f = &dt_formats[i];

		if (f->major_bits == 0)
			continue;
		lookup(f->name, &l);
		FUZZ_CHECK(l.format == f, "'%s' resolves to row '%s'", f->name,
		    l.format->name);
	}
	return 0;
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct fuzz_bytes b = { data, size };
	unsigned m = 8 + fuzz_u8(&b) % 49;		/* 8..56 */
	unsigned n = 8 + fuzz_u8(&b) % (64 - m - 7);	/* 8..64-m */
	struct dt_layout row, strict;
	struct ref generic = { NULL, REF_SPLIT, m, n, m + n, m + n > 16 };
	struct ref strict_ref;
	char gname[16];
	uint64_t ma, mi, v;

	snprintf(gname, sizeof(gname), "%u:%u", m, n);
	generic.name = gname;

	for (int k = 0; k < 32 && b.n > 0; k++) {
		uint8_t which = fuzz_u8(&b);
		uint64_t fmax = which & 1 ? 0xfffff : 0xffffffff;

		ma = fuzz_pick(&b, which & 2 ? 0xfff : fmax);
		mi = fuzz_pick(&b, fmax);
		v = fuzz_pick(&b, which & 4 ? 0xffffffff : UINT64_MAX);

		for (size_t i = 0; i < dt_nformats; i++) {
			lookup(dt_formats[i].major_bits == 0 ? gname :
			    dt_formats[i].name, &row);
			strict = row;
			dt_layout_strict(&strict);
			round_trip(&row, ma, mi);
			round_trip(&strict, ma, mi);
		}
		for (size_t i = 0; i <= FUZZ_ARRAY_SIZE(refs); i++) {
			const struct ref *r = i < FUZZ_ARRAY_SIZE(refs) ?
			    &refs[i] : &generic;
			struct dt_layout l;

			lookup(r->name, &l);
			diff_pair(r, &l, ma, mi);
			diff_value(r, &l, v);
			if (r->kind != REF_SPLIT)
				continue;
			strict_ref = *r;
			strict_ref.compat = false;
			dt_layout_strict(&l);
			diff_pair(&strict_ref, &l, ma, mi);
			diff_value(&strict_ref, &l, v);
		}
	}
	return 0;
}
