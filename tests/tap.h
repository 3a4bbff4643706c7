/*
 * tap.h - the TAP harness and the PRNG shared by the C unit tests
 * (tests/unit_*.c).  Header only: each test is one translation unit.
 *
 * Two ways to report, both counted in tests_run and tests_failed:
 *
 *  - a group: begin() names it, expect() records one case (only the
 *    first failure is kept, so a broken loop over a million cases prints
 *    one line and not a million), end() prints its one "ok N - " line,
 *    and under a failing one the first failure and the count;
 *  - a single check: ok() prints its line at once, diag() a "# " line.
 *
 * skip() prints an "ok N - ... # skip" line, bail_out() a "Bail out!"
 * line and exits 1.  Each test prints the plan "1..N" itself at the end
 * and exits 1 when tests_failed is not 0.
 */
#ifndef TAP_H
#define TAP_H

#include <errno.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define TAP_UNUSED __attribute__((unused))

struct check {
	char what[160];
	unsigned long cases;
	unsigned long failed;
	char first[512];
};

static unsigned tests_run, tests_failed;
static unsigned long long cases_run;	/* cases of the groups ended */

static void begin(struct check *, const char *, ...)
    __attribute__((format(printf, 2, 3))) TAP_UNUSED;
static bool expect(struct check *, bool, const char *, ...)
    __attribute__((format(printf, 3, 4))) TAP_UNUSED;
static bool ok(bool, const char *, ...)
    __attribute__((format(printf, 2, 3))) TAP_UNUSED;
static void diag(const char *, ...)
    __attribute__((format(printf, 1, 2))) TAP_UNUSED;
static void bail_out(const char *, ...)
    __attribute__((noreturn, format(printf, 1, 2))) TAP_UNUSED;
static void bail_out_errno(const char *, ...)
    __attribute__((noreturn, format(printf, 1, 2))) TAP_UNUSED;

static void
begin(struct check *c, const char *fmt, ...)
{
	va_list ap;

	memset(c, 0, sizeof(*c));
	va_start(ap, fmt);
	vsnprintf(c->what, sizeof(c->what), fmt, ap);
	va_end(ap);
}

static bool
expect(struct check *c, bool pass, const char *fmt, ...)
{
	va_list ap;

	c->cases++;
	if (pass)
		return true;
	if (c->failed++ == 0) {
		va_start(ap, fmt);
		vsnprintf(c->first, sizeof(c->first), fmt, ap);
		va_end(ap);
	}
	return false;
}

static TAP_UNUSED void
end(struct check *c)
{
	tests_run++;
	cases_run += c->cases;
	/* A group that looked at nothing is a broken test, not a pass. */
	if (c->cases == 0 && c->failed == 0) {
		c->failed = 1;
		snprintf(c->first, sizeof(c->first), "no case was checked");
	}
	if (c->failed == 0) {
		printf("ok %u - %s\n", tests_run, c->what);
		return;
	}
	tests_failed++;
	printf("not ok %u - %s\n", tests_run, c->what);
	printf("# first failure: %s\n", c->first);
	printf("# %lu of %lu cases failed\n", c->failed, c->cases);
}

static bool
ok(bool pass, const char *fmt, ...)
{
	va_list ap;

	tests_run++;
	if (!pass)
		tests_failed++;
	printf("%sok %u - ", pass ? "" : "not ", tests_run);
	va_start(ap, fmt);
	vprintf(fmt, ap);
	va_end(ap);
	putchar('\n');
	return pass;
}

static void
diag(const char *fmt, ...)
{
	va_list ap;

	fputs("# ", stdout);
	va_start(ap, fmt);
	vprintf(fmt, ap);
	va_end(ap);
	putchar('\n');
}

static TAP_UNUSED void
skip(const char *what, const char *why)
{
	printf("ok %u - %s # skip %s\n", ++tests_run, what, why);
}

static void
bail_out(const char *fmt, ...)
{
	va_list ap;

	printf("Bail out! ");
	va_start(ap, fmt);
	vprintf(fmt, ap);
	va_end(ap);
	putchar('\n');
	fflush(stdout);
	exit(1);
}

/* The same, followed by ": " and errno's message. */
static void
bail_out_errno(const char *fmt, ...)
{
	int saved = errno;
	va_list ap;

	printf("Bail out! ");
	va_start(ap, fmt);
	vprintf(fmt, ap);
	va_end(ap);
	printf(": %s\n", strerror(saved));
	fflush(stdout);
	exit(1);
}

/*
 * xorshift64 (Marsaglia): fixed seeds make every run check the same
 * cases, and unlike rand() it gives all 64 bits on every platform.
 */
static uint64_t rng_state = 0x9e3779b97f4a7c15u;

static TAP_UNUSED void
rng_seed(uint64_t seed)
{
	rng_state = seed != 0 ? seed : 0x9e3779b97f4a7c15u;
}

static TAP_UNUSED uint64_t
rng_next(void)
{
	rng_state ^= rng_state << 13;
	rng_state ^= rng_state >> 7;
	rng_state ^= rng_state << 17;
	return rng_state;
}

#endif /* TAP_H */
