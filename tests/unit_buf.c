/*
 * unit_buf.c - unit tests for the growable string (src/base/buf.c) and
 * the JSON string writer that appends to it (dt_json_string,
 * src/base/text.c): text of any length, numbers, inserts, printf
 * formats longer than any first guess, and what an allocation that
 * fails leaves.
 *
 * Output is TAP (tests/tap.h).
 */
#include <limits.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/buf.h"
#include "base/text.h"
#include "tap.h"

static void
test_empty(void)
{
	struct dt_buf b = DT_BUF_INIT;

	ok(strcmp(dt_buf_str(&b), "") == 0 && b.len == 0 &&
	    !dt_buf_failed(&b), "an empty buffer is \"\" and has not failed");
	dt_buf_add(&b, "", 0);
	ok(b.s != NULL && b.s[0] == '\0' && b.len == 0,
	    "adding nothing still makes a terminated string");
	dt_buf_free(&b);
	ok(b.s == NULL && b.len == 0 && b.cap == 0,
	    "freed, a buffer is empty again");
	dt_buf_adds(&b, "again");
	ok(strcmp(dt_buf_str(&b), "again") == 0,
	    "a freed buffer takes text again: %s", dt_buf_str(&b));
	dt_buf_free(&b);
}

static void
test_growth(void)
{
	struct dt_buf b = DT_BUF_INIT;
	struct check c;
	size_t n = 0;

	/*
	 * Longer than any line a writer made into an array before: a path
	 * and a target of PATH_MAX bytes, each byte escaped in 6.
	 */
	begin(&c, "100000 appends of 1 to 7 bytes: every byte kept, always "
	    "terminated, never past cap");
	for (int i = 0; i < 100000; i++) {
		char piece[8];
		size_t k = (size_t)(i % 7) + 1;

		memset(piece, 'a' + i % 26, k);
		dt_buf_add(&b, piece, k);
		n += k;
		expect(&c, b.len == n && b.s[b.len] == '\0' && b.len < b.cap,
		    "after %d appends: len %zu (want %zu), cap %zu", i + 1,
		    b.len, n, b.cap);
	}
	end(&c);
	ok(b.s[0] == 'a' && b.s[1] == 'b' && b.s[2] == 'b' &&
	    b.s[n - 1] == (char)('a' + 99999 % 26),
	    "the first and last pieces are where they were put");
	dt_buf_free(&b);
	/* every size, one byte at a time: the NUL always has its room */
	begin(&c, "10000 appends of one byte, and a buffer of each size made "
	    "at once: len < cap, terminated");
	for (size_t i = 0; i < 10000; i++) {
		dt_buf_addc(&b, 'x');
		expect(&c, b.len == i + 1 && b.len < b.cap && b.s[b.len] == '\0',
		    "after %zu bytes: cap %zu", i + 1, b.cap);
	}
	for (size_t i = 0; i < 2000; i++) {
		struct dt_buf one = DT_BUF_INIT;

		dt_buf_add(&one, b.s, i);
		expect(&c, one.len == i && one.len < one.cap &&
		    one.s[i] == '\0',
		    "%zu bytes at once: cap %zu", i, one.cap);
		dt_buf_free(&one);
	}
	end(&c);
	dt_buf_free(&b);
	for (int i = 0; i < 100000; i++)
		dt_buf_adds(&b, "abb");
	dt_buf_truncate(&b, 3);
	ok(strcmp(b.s, "abb") == 0 && b.len == 3,
	    "truncate cuts and terminates: %s", b.s);
	dt_buf_truncate(&b, 0);
	ok(strcmp(dt_buf_str(&b), "") == 0, "truncate to 0 leaves \"\"");
	dt_buf_free(&b);
}

static void
test_numbers(void)
{
	struct dt_buf b = DT_BUF_INIT;

	dt_buf_addu(&b, 0);
	dt_buf_addc(&b, ' ');
	dt_buf_addu(&b, UINTMAX_MAX);
	dt_buf_addc(&b, ' ');
	dt_buf_addo(&b, 0755, 4);
	dt_buf_addc(&b, ' ');
	dt_buf_addo(&b, 07777, 4);
	dt_buf_addc(&b, ' ');
	dt_buf_addo(&b, 0, 3);
	dt_buf_addc(&b, ' ');
	dt_buf_addo(&b, 0377, 3);
	dt_buf_addc(&b, ' ');
	dt_buf_addx(&b, 0xff, 2);
	dt_buf_addc(&b, ' ');
	dt_buf_addx(&b, 0x7, 4);
	dt_buf_addc(&b, ' ');
	dt_buf_addx(&b, 0x12345, 2);
	dt_buf_addc(&b, ' ');
	dt_buf_addo(&b, UINTMAX_MAX, 24);
	dt_buf_addc(&b, ' ');
	dt_buf_addu(&b, 5);
	ok(strcmp(dt_buf_str(&b), "0 18446744073709551615 0755 7777 000 377 "
	    "ff 0007 12345 001777777777777777777777 5") == 0,
	    "decimal, octal and hexadecimal, with zeros before to a width: "
	    "%s", dt_buf_str(&b));
	dt_buf_truncate(&b, 0);
	dt_buf_addx(&b, 1, 100);
	ok(b.len == 100 && b.s[98] == '0' && b.s[99] == '1' &&
	    strspn(b.s, "0") == 99, "a width of 100: 99 zeros, then 1");
	dt_buf_free(&b);
}

static void
test_insert(void)
{
	struct dt_buf b = DT_BUF_INIT;

	dt_buf_adds(&b, "line");
	dt_buf_insert(&b, 0, "# note\n", 7);
	dt_buf_insert(&b, b.len, "!", 1);
	dt_buf_insert(&b, 2, "a ", 2);
	ok(strcmp(dt_buf_str(&b), "# a note\nline!") == 0 && b.len == 14,
	    "insert at the start, the end and inside: %s", dt_buf_str(&b));
	dt_buf_free(&b);
}

static void
test_format(void)
{
	struct dt_buf b = DT_BUF_INIT;
	char *big = malloc(20000);
	int ok_all = 1;

	if (big == NULL)
		bail_out("out of memory");
	memset(big, 'x', 19999);
	big[19999] = '\0';
	dt_buf_addf(&b, "%s=%d", "k", 42);
	dt_buf_addf(&b, " [%s] %05u", big, 7u);
	ok(b.len == 4 + 2 + 19999 + 2 + 5 && strncmp(b.s, "k=42 [x", 7) ==
	    0 && strcmp(b.s + b.len - 7, "] 00007") == 0,
	    "a format longer than the room grows the buffer and is whole "
	    "(%zu bytes)", b.len);
	for (size_t i = 6; i < 6 + 19999; i++)
		ok_all &= b.s[i] == 'x';
	ok(ok_all, "every byte of a long %%s argument is there");
	dt_buf_free(&b);
	free(big);
}

/* What an allocation that fails leaves: a flag, the text before it. */
static void
test_failed(void)
{
	struct dt_buf b = DT_BUF_INIT;

	dt_buf_adds(&b, "kept");
	ok(!dt_buf_reserve(&b, SIZE_MAX - 8) && dt_buf_failed(&b),
	    "room no allocation can give fails, and marks the buffer");
	dt_buf_adds(&b, " dropped");
	dt_buf_addu(&b, 1);
	dt_buf_addf(&b, "%s", "dropped");
	dt_buf_insert(&b, 0, "x", 1);
	ok(strcmp(dt_buf_str(&b), "kept") == 0 && dt_buf_failed(&b),
	    "after a failure appends are dropped: the text is what was "
	    "there (%s)", dt_buf_str(&b));
	dt_buf_free(&b);
	ok(!dt_buf_failed(&b), "freed, the buffer has not failed");
}

static void
test_json(void)
{
	static const struct {
		const char *in, *want;
	} cases[] = {
		{ "/dev/null", "\"/dev/null\"" },
		{ "a\"b\\c", "\"a\\\"b\\\\c\"" },
		{ "\x01\x1f\x7f", "\"\\u0001\\u001f\\u007f\"" },
		{ "\xff\x80", "\"\\u00ff\\u0080\"" },
		{ "\xc2\x85", "\"\\u0085\"" },
		{ "\xe2\x80\xa8", "\"\\u2028\"" },
		{ "\xc3\xa9", "\"\xc3\xa9\"" },
	};
	struct dt_buf b = DT_BUF_INIT;
	struct check c;
	char *s;

	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		dt_buf_truncate(&b, 0);
		dt_buf_adds(&b, "x:");
		dt_json_string(&b, cases[i].in);
		ok(strncmp(dt_buf_str(&b), "x:", 2) == 0 &&
		    strcmp(dt_buf_str(&b) + 2, cases[i].want) == 0,
		    "dt_json_string appends %s", cases[i].want);
	}
	/* every byte escaped at 6: a name of PATH_MAX bytes, and more */
	if ((s = malloc(3 * PATH_MAX + 1)) == NULL)
		bail_out("out of memory");
	memset(s, 0xff, 3 * PATH_MAX);
	s[3 * PATH_MAX] = '\0';
	dt_buf_free(&b);
	dt_json_string(&b, s);
	begin(&c, "a name of %d bytes >= 0x80 is written whole, 6 bytes "
	    "each", 3 * PATH_MAX);
	expect(&c, b.len == 6 * 3 * (size_t)PATH_MAX + 2 && b.s[0] == '"' &&
	    b.s[b.len - 1] == '"', "%zu bytes", b.len);
	for (size_t i = 0; i < 3 * (size_t)PATH_MAX; i++)
		expect(&c, memcmp(b.s + 1 + 6 * i, "\\u00ff", 6) == 0,
		    "byte %zu", i);
	end(&c);
	free(s);
	dt_buf_free(&b);
}

int
main(void)
{
	test_empty();
	test_growth();
	test_numbers();
	test_insert();
	test_format();
	test_failed();
	test_json();
	printf("1..%u\n", tests_run);
	return tests_failed == 0 ? 0 : 1;
}
