/*
 * fuzz_number.c - dt_parse_number and dt_parse_in_range (src/encode.c).
 *
 * The input is the text of one number.  Checked:
 *   - no crash, no undefined behaviour, on any bytes;
 *   - acceptance and value agree with a reference parser written from
 *     NUMBERS in devtool(1) (decimal, 0x hex, leading-0 octal, nothing else,
 *     at most 2^64-1), not with strtoull;
 *   - an accepted value printed again in the base the text used (and in
 *     the other two) parses back to the same value;
 *   - dt_parse_in_range agrees with dt_parse_number for several limits:
 *     DT_OK when the value is <= max, DT_ERANGE when above;
 *   - every error message is terminated, non-empty and printable;
 *   - dt_scan_decimal_lines, over the input as lines, takes only what
 *     dt_parse_number reads the same, and every plain decimal.
 */
#include <inttypes.h>

#include "fuzz_util.h"
#include "base/number.h"

/* NUMBERS in devtool(1), digit by digit. */
static bool
ref_parse(const char *s, uint64_t *out)
{
	unsigned base = 10;
	uint64_t v = 0;
	const char *p = s;

	if (*p == '\0')
		return false;
	if (p[0] == '0' && (p[1] == 'x' || p[1] == 'X')) {
		base = 16;
		p += 2;
		if (*p == '\0')
			return false;
	} else if (p[0] == '0' && p[1] != '\0') {
		base = 8;
		p++;
	}
	for (; *p != '\0'; p++) {
		unsigned dg;

		if (*p >= '0' && *p <= '9')
			dg = (unsigned)(*p - '0');
		else if (base == 16 && *p >= 'a' && *p <= 'f')
			dg = (unsigned)(*p - 'a' + 10);
		else if (base == 16 && *p >= 'A' && *p <= 'F')
			dg = (unsigned)(*p - 'A' + 10);
		else
			return false;
		if (dg >= base)
			return false;
		if (v > (UINT64_MAX - dg) / base)
			return false;
		v = v * base + dg;
	}
	*out = v;
	return true;
}

static void
reparse(const char *text, uint64_t want, const char *how)
{
	struct dt_diag d;
	uint64_t v = 0;
	enum dt_status st = dt_parse_number(text, &v, &d);

	FUZZ_CHECK(st == DT_OK, "re-parse (%s) of '%s' failed: %s", how, text,
	    d.msg);
	FUZZ_CHECK(v == want, "re-parse (%s) of '%s' gave %" PRIu64
	    ", want %" PRIu64, how, text, v, want);
}

static void
check_range(const char *s, uint64_t v, bool ok, uint64_t max)
{
	struct dt_diag d;
	uint64_t got = 0;
	enum dt_status st = dt_parse_in_range(s, "major", max, &got, &d);

	if (!ok) {
		FUZZ_CHECK(st == DT_ENUMBER, "in_range: bad number, status %d",
		    (int)st);
		fuzz_check_msg(d.msg, sizeof(d.msg), "dt_parse_in_range");
		return;
	}
	if (v <= max) {
		FUZZ_CHECK(st == DT_OK, "in_range: %" PRIu64 " <= %" PRIu64
		    " refused (status %d): %s", v, max, (int)st, d.msg);
		FUZZ_CHECK(got == v, "in_range: value %" PRIu64 " != %" PRIu64,
		    got, v);
	} else {
		FUZZ_CHECK(st == DT_ERANGE, "in_range: %" PRIu64 " > %" PRIu64
		    " gave status %d", v, max, (int)st);
		fuzz_check_msg(d.msg, sizeof(d.msg), "dt_parse_in_range");
	}
}

/*
 * The input as a stream's lines (a newline added at its end): every line
 * dt_scan_decimal_lines takes, dt_parse_number reads as the same value,
 * and the line it stops at is not one it should have taken (a plain
 * decimal of at most 19 digits, or 0).
 */
static void
check_scan(const uint8_t *data, size_t size)
{
	char *buf = malloc(size + 1), *line, *nl;
	uint64_t v[8], got;
	size_t used = 0, n, took, len;

	if (buf == NULL)
		return;
	memcpy(buf, data, size);
	buf[size] = '\n';
	do {
		n = dt_scan_decimal_lines(buf + used, size + 1 - used, v,
		    FUZZ_ARRAY_SIZE(v), &took);
		for (size_t i = 0; i < n; i++) {
			line = buf + used;
			nl = memchr(line, '\n', size + 1 - used);
			*nl = '\0';
			FUZZ_CHECK(dt_parse_number(line, &got, NULL) == DT_OK &&
			    got == v[i], "scan took '%.80s' as %" PRIu64, line,
			    v[i]);
			*nl = '\n';
			used = (size_t)(nl - buf) + 1;
		}
		FUZZ_CHECK(used == 0 || buf[used - 1] == '\n', "scan ended "
		    "within a line");
	} while (n == FUZZ_ARRAY_SIZE(v));
	if (used <= size) {
		line = buf + used;
		len = (size_t)((char *)memchr(line, '\n', size + 1 - used) -
		    line);
		FUZZ_CHECK(!(len >= 1 && len <= 19 && strspn(line,
		    "0123456789") == len && (line[0] != '0' || len == 1)),
		    "scan left the plain decimal '%.*s'", (int)len, line);
	}
	free(buf);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static const uint64_t limits[] = { 0, 1, 255, 4095, 65535, 1048575,
	    4294967295u, UINT64_MAX - 1, UINT64_MAX };
	char *s = fuzz_strndup(data, size);
	struct dt_diag d;
	uint64_t v = 0, ref = 0;
	enum dt_status st;
	bool ok, ref_ok;
	char buf[64];

	memset(&d, 0x55, sizeof(d));	/* a message must overwrite this */
	st = dt_parse_number(s, &v, &d);
	ok = st == DT_OK;
	ref_ok = ref_parse(s, &ref);
	FUZZ_CHECK(ok || st == DT_ENUMBER, "status %d for '%.80s'", (int)st,
	    s);
	FUZZ_CHECK(ok == ref_ok, "dt_parse_number %s '%.80s' (%s), the "
	    "reference %s it", ok ? "accepts" : "refuses", s,
	    ok ? "ok" : d.msg, ref_ok ? "accepts" : "refuses");
	if (!ok)
		fuzz_check_msg(d.msg, sizeof(d.msg), "dt_parse_number");
	/* d == NULL must be fine too: callers that only want the status */
	FUZZ_CHECK(dt_parse_number(s, &ref, NULL) == st,
	    "status differs without a diag");

	if (ok) {
		FUZZ_CHECK(v == ref, "value %" PRIu64 ", reference %" PRIu64,
		    v, ref);
		if (s[0] == '0' && (s[1] == 'x' || s[1] == 'X')) {
			snprintf(buf, sizeof(buf), "0%c%" PRIx64, s[1], v);
			reparse(buf, v, "hex");
			snprintf(buf, sizeof(buf), "0X%" PRIX64, v);
			reparse(buf, v, "upper hex");
		} else if (s[0] == '0' && s[1] != '\0') {
			snprintf(buf, sizeof(buf), "0%" PRIo64, v);
			reparse(buf, v, "octal");
		} else {
			snprintf(buf, sizeof(buf), "%" PRIu64, v);
			reparse(buf, v, "decimal");
			FUZZ_CHECK(strcmp(buf, s) == 0, "decimal '%s' is not "
			    "canonical but was accepted as %s", s, buf);
		}
		snprintf(buf, sizeof(buf), "%" PRIu64, v);
		reparse(buf, v, "as decimal");
		snprintf(buf, sizeof(buf), "0x%" PRIx64, v);
		reparse(buf, v, "as hex");
		snprintf(buf, sizeof(buf), "0%" PRIo64, v);
		reparse(buf, v, "as octal");
	}

	check_scan(data, size);
	for (size_t i = 0; i < FUZZ_ARRAY_SIZE(limits); i++)
		check_range(s, v, ok, limits[i]);
	if (ok) {
		check_range(s, v, ok, v);
		if (v > 0)
			check_range(s, v, ok, v - 1);
	}
	free(s);
	return 0;
}
