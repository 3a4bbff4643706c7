/*
 * fuzz_layout.c - dt_layout_lookup on arbitrary names, then the codec
 * under whatever layout was accepted (src/encode.c).
 *
 * Input: a layout name up to the first newline (or the whole input),
 * then bytes from which (major, minor) pairs and raw values are drawn.
 * Checked:
 *   - a name is accepted exactly when it is one of LAYOUTS in devtool(1)'s
 *     names or aliases, or M:N in decimal without leading zeros with
 *     8 <= M, 8 <= N, M + N <= 64; refusals are DT_ELAYOUT with a
 *     printable message;
 *   - an accepted layout is self-consistent: terminated name, field
 *     maxima 2^bits - 1, width <= 64, compat only above 16 bits;
 *   - under it (and under its --strict variant), for every drawn pair:
 *     out of range is DT_ERANGE; DT_OK gives a value within the width
 *     that decodes, canonically, to the same pair; DT_EAMBIGUOUS only
 *     with the compat rule, for a value that decodes to another pair;
 *   - for every drawn value: too wide is DT_EWIDTH; otherwise the pair
 *     is in range, and re-encodes to the value (DT_OK) or to another
 *     value (DT_NONCANONICAL);
 *   - dt_fields gives disjoint masks inside the width.
 */
#include <inttypes.h>

#include "fuzz_util.h"

static const char *const known[] = { "8:8", "old", "16:16", "12:20",
    "linux", "glibc", "native", "osf1", "svr4", "solaris", "hpux",
    "netbsd", "freebsd", "bsdos", "386bsd", "4bsd", "isc", "sco", "sunos",
    "svr3", "ultrix" };

static bool
dec_bits(const char *s, size_t n, unsigned *out)
{
	if (n == 0 || n > 2 || s[0] == '0')
		return false;
	*out = 0;
	for (size_t i = 0; i < n; i++) {
		if (s[i] < '0' || s[i] > '9')
			return false;
		*out = *out * 10 + (unsigned)(s[i] - '0');
	}
	return true;
}

static bool
ref_accepts(const char *name, unsigned *m, unsigned *n)
{
	const char *colon = strchr(name, ':');

	*m = *n = 0;
	for (size_t i = 0; i < FUZZ_ARRAY_SIZE(known); i++)
		if (strcmp(name, known[i]) == 0)
			return true;
	if (colon == NULL || !dec_bits(name, (size_t)(colon - name), m) ||
	    !dec_bits(colon + 1, strlen(colon + 1), n))
		return false;
	return *m >= 8 && *n >= 8 && *m + *n <= 64;
}

static uint64_t
bits_max(unsigned n)
{
	return n >= 64 ? UINT64_MAX : ((uint64_t)1 << n) - 1;
}

static void
check_layout(const struct dt_layout *l, unsigned m, unsigned n)
{
	FUZZ_CHECK(strnlen(l->name, sizeof(l->name)) < sizeof(l->name),
	    "layout name not terminated");
	FUZZ_CHECK(l->format != NULL, "no format row");
	FUZZ_CHECK(l->format >= dt_formats &&
	    l->format < dt_formats + dt_nformats, "format outside dt_formats");
	FUZZ_CHECK(l->major_bits >= 8 && l->minor_bits >= 8,
	    "%s: fields of %u and %u bits", l->name, l->major_bits,
	    l->minor_bits);
	FUZZ_CHECK(l->width <= 64 && l->width >= l->major_bits +
	    l->minor_bits - (unsigned)__builtin_popcountll(l->minor_hole),
	    "%s: width %u for %u+%u bits", l->name, l->width, l->major_bits,
	    l->minor_bits);
	/* freebsd's minor has a hole: bits 8-15 are the major's */
	FUZZ_CHECK(l->major_max == bits_max(l->major_bits) &&
	    l->minor_max == (bits_max(l->minor_bits) & ~l->minor_hole) &&
	    l->value_max == bits_max(l->width), "%s: bad maxima", l->name);
	FUZZ_CHECK(!l->compat || l->width > 16, "%s: compat at %u bits",
	    l->name, l->width);
	if (m != 0) {
		FUZZ_CHECK(l->major_bits == m && l->minor_bits == n &&
		    l->width == m + n, "%s: M:N gave %u:%u width %u", l->name,
		    l->major_bits, l->minor_bits, l->width);
		FUZZ_CHECK(l->compat == (m + n > 16), "%s: compat %d",
		    l->name, (int)l->compat);
	}
}

static void
check_pair(const struct dt_layout *l, uint64_t ma, uint64_t mi)
{
	struct dt_diag d;
	uint64_t v = 0, bma = 0, bmi = 0;
	enum dt_status st = dt_encode(l, ma, mi, &v, &d), st2;

	if (ma > l->major_max || mi > l->minor_max ||
	    (mi & l->minor_hole) != 0) {
		FUZZ_CHECK(st == DT_ERANGE, "%s: %" PRIu64 ":%" PRIu64
		    " out of range gave status %d", l->name, ma, mi, (int)st);
		fuzz_check_msg(d.msg, sizeof(d.msg), "dt_encode");
		return;
	}
	FUZZ_CHECK(st == DT_OK || st == DT_EAMBIGUOUS, "%s: %" PRIu64 ":%"
	    PRIu64 " gave status %d", l->name, ma, mi, (int)st);
	FUZZ_CHECK(v <= l->value_max, "%s: %" PRIu64 ":%" PRIu64 " -> 0x%"
	    PRIx64 " is wider than the layout", l->name, ma, mi, v);
	st2 = dt_decode(l, v, &bma, &bmi, NULL);
	if (st == DT_OK) {
		FUZZ_CHECK(st2 == DT_OK && bma == ma && bmi == mi,
		    "%s: %" PRIu64 ":%" PRIu64 " -> 0x%" PRIx64 " -> %" PRIu64
		    ":%" PRIu64 " (status %d)", l->name, ma, mi, v, bma, bmi,
		    (int)st2);
	} else {
		FUZZ_CHECK(l->compat, "%s: ambiguous without compat", l->name);
		FUZZ_CHECK(st2 == DT_OK && (bma != ma || bmi != mi),
		    "%s: ambiguous %" PRIu64 ":%" PRIu64 " but 0x%" PRIx64
		    " decodes to %" PRIu64 ":%" PRIu64 " (status %d)", l->name,
		    ma, mi, v, bma, bmi, (int)st2);
		fuzz_check_msg(d.msg, sizeof(d.msg), "dt_encode");
	}
}

static void
check_value(const struct dt_layout *l, uint64_t v)
{
	struct dt_diag d;
	struct dt_fields f;
	uint64_t ma = 0, mi = 0, back = 0;
	enum dt_status st = dt_decode(l, v, &ma, &mi, &d), st2;

	if (v > l->value_max) {
		FUZZ_CHECK(st == DT_EWIDTH, "%s: 0x%" PRIx64 " too wide gave "
		    "status %d", l->name, v, (int)st);
		fuzz_check_msg(d.msg, sizeof(d.msg), "dt_decode");
		return;
	}
	FUZZ_CHECK(st == DT_OK || st == DT_NONCANONICAL, "%s: 0x%" PRIx64
	    " gave status %d", l->name, v, (int)st);
	FUZZ_CHECK(ma <= l->major_max && mi <= l->minor_max, "%s: 0x%" PRIx64
	    " -> %" PRIu64 ":%" PRIu64 " out of range", l->name, v, ma, mi);
	st2 = dt_encode(l, ma, mi, &back, NULL);
	if (st == DT_OK)
		FUZZ_CHECK(st2 == DT_OK && back == v, "%s: 0x%" PRIx64 " -> %"
		    PRIu64 ":%" PRIu64 " -> 0x%" PRIx64 " (status %d)", l->name,
		    v, ma, mi, back, (int)st2);
	else {
		FUZZ_CHECK(back != v, "%s: noncanonical 0x%" PRIx64
		    " re-encodes to itself", l->name, v);
		fuzz_check_msg(d.msg, sizeof(d.msg), "dt_decode");
	}

	dt_fields(l, v, &f);
	FUZZ_CHECK((f.major_mask & f.minor_mask) == 0, "%s: masks overlap",
	    l->name);
	FUZZ_CHECK(((f.major_mask | f.minor_mask) & ~l->value_max) == 0,
	    "%s: masks outside the width", l->name);
	FUZZ_CHECK(f.narrow == (l->compat && v <= 0xffff), "%s: narrow %d "
	    "for 0x%" PRIx64, l->name, (int)f.narrow, v);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	const uint8_t *nl = memchr(data, '\n', size);
	size_t namelen = nl != NULL ? (size_t)(nl - data) : size;
	char *name = fuzz_strndup(data, namelen);
	struct fuzz_bytes b = { nl != NULL ? nl + 1 : data + size,
	    nl != NULL ? size - namelen - 1 : 0 };
	struct dt_layout l, strict;
	struct dt_diag d;
	enum dt_status st;
	unsigned m, n;
	bool want;

	memset(&l, 0, sizeof(l));
	st = dt_layout_lookup(name, &l, &d);
	want = ref_accepts(name, &m, &n);
	FUZZ_CHECK((st == DT_OK) == want, "layout '%.40s': lookup %s it, "
	    "devtool(1) %s it", name, st == DT_OK ? "accepts" : "refuses",
	    want ? "accepts" : "refuses");
	FUZZ_CHECK(dt_layout_lookup(name, &strict, NULL) == st,
	    "status differs without a diag");
	if (st != DT_OK) {
		FUZZ_CHECK(st == DT_ELAYOUT, "refusal with status %d", (int)st);
		fuzz_check_msg(d.msg, sizeof(d.msg), "dt_layout_lookup");
		free(name);
		return 0;
	}
	check_layout(&l, m, n);
	strict = l;
	dt_layout_strict(&strict);
	FUZZ_CHECK(!strict.compat, "strict layout keeps compat");

	for (int i = 0; i < 64 && b.n > 0; i++) {
		uint64_t ma = fuzz_pick(&b, l.major_max);
		uint64_t mi = fuzz_pick(&b, l.minor_max);
		uint64_t v = fuzz_pick(&b, l.value_max);

		check_pair(&l, ma, mi);
		check_pair(&strict, ma, mi);
		check_value(&l, v);
		check_value(&strict, v);
	}
	free(name);
	return 0;
}
