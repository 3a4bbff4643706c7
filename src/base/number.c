/*
 * number.c - reading unsigned numbers.  See number.h.
 */
#include <ctype.h>
#include <errno.h>
#include <inttypes.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "base/number.h"
#include "base/text.h"

static const char *
number_problem(const char *s, const char *end, bool octal)
{
	if (*s == '\0')
		return "empty";
	if (*s == '-' || *s == '+')
		return "a sign is not allowed";
	if (isspace((unsigned char)*s) || isspace((unsigned char)*end))
		return "white space is not allowed";
	if (!isdigit((unsigned char)*s))
		return "not a number";
	if (octal && isdigit((unsigned char)*end))
		return "bad octal digit";
	return "trailing garbage";
}

static enum dt_status
bad_number(struct dt_diag *d, const char *s, const char *problem)
{
	char q[64];

	dt_quote_word(q, sizeof(q), s, strlen(s));
	return dt_fail(d, DT_ENUMBER, "invalid number '%s': %s", q, problem);
}

/*
 * The common case, summed in place: a decimal number without a leading
 * zero and of at most 19 digits, which cannot overflow (10^19 - 1 <
 * 2^64).  strtoull would read it the same way; it is what streams of
 * values hold, and strtoull's generality was most of their time (make
 * bench).  Returns false for anything else.
 */
static bool
short_decimal(const char *s, uint64_t *v)
{
	const unsigned char *p = (const unsigned char *)s;
	uint64_t n = 0;
	unsigned int c;

	/* Past 19 digits n may wrap (unsigned, defined); it is not used. */
	while ((c = *p - (unsigned int)'0') <= 9) {
		n = n * 10 + c;
		p++;
	}
	if (*p != '\0' || p == (const unsigned char *)s || s[0] == '0' ||
	    p - (const unsigned char *)s > 19)
		return false;
	*v = n;
	return true;
}

/*
 * strtoull with base 0, then everything it would tolerate refused.  Not
 * inlined: its stack frame would be set up for every short decimal too.
 */
static __attribute__((noinline)) enum dt_status
parse_number(const char *s, uint64_t *v, struct dt_diag *d)
{
	char *end = NULL;
	unsigned long long n;
	bool octal = s[0] == '0' && isdigit((unsigned char)s[1]);

	if (s[0] == '0' && (s[1] == 'x' || s[1] == 'X') &&
	    !isxdigit((unsigned char)s[2]))
		return bad_number(d, s, "no hexadecimal digits after 0x");
	if (!isdigit((unsigned char)*s))
		return bad_number(d, s, number_problem(s, s, false));
	/* glibc 2.38 strtoull takes C23 "0b" binary under _GNU_SOURCE. */
	if (s[0] == '0' && (s[1] == 'b' || s[1] == 'B'))
		return bad_number(d, s, "trailing garbage");
	errno = 0;
	n = strtoull(s, &end, 0);
	if (*end != '\0')
		return bad_number(d, s, number_problem(s, end, octal));
	if (errno == ERANGE)
		return bad_number(d, s, "larger than 18446744073709551615");
	*v = n;
	return DT_OK;
}

enum dt_status
dt_parse_number(const char *s, uint64_t *v, struct dt_diag *d)
{
	return short_decimal(s, v) ? DT_OK : parse_number(s, v, d);
}

/*
 * The lines from p that hold a number short_decimal reads (or a lone 0,
 * which parse_number reads as 0) and nothing else, as dt_parse_number
 * would read them, in one pass over the bytes: no line copied, no NUL
 * put in.  Every line ends in '\n' (the caller's guarantee), which ends
 * the digits without a length check a byte.
 */
size_t
dt_scan_decimal_lines(const char *p, size_t n, uint64_t *v, size_t max,
    size_t *used)
{
	const unsigned char *s = (const unsigned char *)p, *end = s + n, *q;
	size_t i;

	for (i = 0; i < max && s < end; i++) {
		uint64_t x;
		unsigned int c = (unsigned int)*s - '0';

		if (c > 9 || (c == 0 && s[1] != '\n'))
			break;
		for (x = c, q = s + 1; (c = (unsigned int)*q - '0') <= 9; q++)
			x = x * 10 + c;
		/* past 19 digits x may have wrapped: left to dt_parse_number */
		if (*q != '\n' || q - s > 19)
			break;
		v[i] = x;
		s = q + 1;
	}
	*used = (size_t)(s - (const unsigned char *)p);
	return i;
}

/* v, read from s, past max: the message names what and s. */
static enum dt_status
out_of_range(const char *s, const char *what, uint64_t max, struct dt_diag *d)
{
	char q[64];

	dt_quote_word(q, sizeof(q), s, strlen(s));
	return dt_fail(d, DT_ERANGE, "%s '%s' is out of range (0-%" PRIu64 ")",
	    what, q, max);
}

enum dt_status
dt_parse_in_range(const char *s, const char *what, uint64_t max, uint64_t *v,
    struct dt_diag *d)
{
	enum dt_status st = dt_parse_number(s, v, d);

	if (st != DT_OK)
		return st;
	return *v > max ? out_of_range(s, what, max, d) : DT_OK;
}

/*
 * Decimal digits only, as busybox's and buildroot's makedevs read their
 * numbers (sscanf %u): a leading zero is a digit like any other, so 010
 * is 10.  What %u would read differently is refused: 0x10 (read as 0, the
 * rest of the line then lost), a sign, anything after the digits.
 */
enum dt_status
dt_parse_decimal(const char *s, const char *what, uint64_t max, uint64_t *v,
    struct dt_diag *d)
{
	const char *p = s;
	uint64_t n = 0;

	for (; *p >= '0' && *p <= '9'; p++)
		if (__builtin_mul_overflow(n, 10, &n) ||
		    __builtin_add_overflow(n, (uint64_t)(*p - '0'), &n))
			return bad_number(d, s, "larger than "
			    "18446744073709551615");
	if (p == s || *p != '\0') {
		if (s[0] == '0' && (s[1] == 'x' || s[1] == 'X'))
			return bad_number(d, s, "hexadecimal, but this number "
			    "is decimal");
		return bad_number(d, s, number_problem(s, p, false));
	}
	if (n > max)
		return out_of_range(s, what, max, d);
	*v = n;
	return DT_OK;
}

enum dt_status
dt_parse_hex(const char *s, const char *what, uint64_t max, uint64_t *v,
    struct dt_diag *d)
{
	const char *p = s;
	uint64_t n = 0;
	char q[64];

	for (; isxdigit((unsigned char)*p); p++) {
		if (n > UINT64_MAX >> 4)
			return bad_number(d, s, "larger than ffffffffffffffff");
		n = n << 4 | (uint64_t)(isdigit((unsigned char)*p) ?
		    *p - '0' : (tolower((unsigned char)*p) - 'a' + 10));
	}
	if (p == s || *p != '\0') {
		if (s[0] == '0' && (s[1] == 'x' || s[1] == 'X'))
			return bad_number(d, s, "hexadecimal digits go "
			    "without 0x here");
		if (*s == '\0' || *s == '-' || *s == '+' ||
		    isspace((unsigned char)*s) || isspace((unsigned char)*p))
			return bad_number(d, s, number_problem(s, p, false));
		return bad_number(d, s, p == s ? "not a hexadecimal number" :
		    "trailing garbage");
	}
	if (n > max) {
		dt_quote_word(q, sizeof(q), s, strlen(s));
		return dt_fail(d, DT_ERANGE, "%s '%s' is out of range "
		    "(0-%" PRIx64 ")", what, q, max);
	}
	*v = n;
	return DT_OK;
}
