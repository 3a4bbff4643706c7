/*
 * unit_devreg.c - unit tests for the registry (src/codec/devreg.c): the
 * names of the kernel's documented numbers both ways, every unit and
 * partition of a row reading back to itself, and what make creates for
 * a MAKEDEV group or name (DEVICE REGISTRY in devtool(1)).
 *
 * Output is TAP (tests/tap.h).
 */
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#include "tap.h"
#include "codec/devreg.h"
#include "codec/devreg_rows.h"

static bool
named(char type, unsigned long major, unsigned long minor, const char *want)
{
	char buf[DEVREG_PATH_MAX];
	const char *desc = NULL;

	return devreg_name(type, major, minor, buf, sizeof(buf), &desc) &&
	    strcmp(buf, want) == 0 && desc != NULL;
}

static bool
numbers(const char *name, char type, unsigned long major,
    unsigned long minor)
{
	unsigned long ma, mi;
	const char *desc;
	char t;

	return devreg_numbers(name, &t, &ma, &mi, &desc) && t == type &&
	    ma == major && mi == minor;
}

static void
test_names(void)
{
	ok(named('c', 4, 64, "ttyS0"), "c 4:64 is ttyS0");
	ok(named('c', 4, 65, "ttyS1"), "c 4:65 is ttyS1");
	ok(named('c', 1, 3, "null"), "c 1:3 is null");
	ok(named('c', 1, 5, "zero"), "c 1:5 is zero");
	ok(named('b', 8, 0, "sda"), "b 8:0 is sda");
	ok(named('b', 8, 17, "sdb1"), "b 8:17 is sdb1");
	ok(named('b', 65, 160, "sdaa"), "b 65:160 is sdaa");
	ok(named('b', 7, 3, "loop3"), "b 7:3 is loop3");
	ok(named('c', 10, 229, "fuse"), "c 10:229 is fuse");
	ok(named('c', 10, 200, "net/tun"), "c 10:200 is net/tun");
	ok(named('c', 10, 232, "kvm"), "c 10:232 is kvm");
	ok(named('c', 2, 0, "ptyp0"), "c 2:0 is ptyp0");
	ok(named('c', 3, 255, "ttyef"), "c 3:255 is ttyef");
	ok(named('b', 49, 9, "rd/c1d1p1"), "b 49:9 is rd/c1d1p1");
	ok(named('b', 3, 65, "hdb1"), "b 3:65 is hdb1");
	ok(named('b', 179, 1, "mmcblk0p1"), "b 179:1 is mmcblk0p1");
	ok(named('b', 2, 132, "fd4d360"), "b 2:132 is fd4d360");
	ok(!named('b', 1, 3, "null"), "b 1:3 is not null: the type counts");
	{
		char buf[DEVREG_PATH_MAX];
		const char *desc;

		ok(!devreg_name('c', 4000, 0, buf, sizeof(buf), &desc),
		    "c 4000:0 has no name");
		ok(!devreg_name('b', 8, 0, buf, 3, &desc),
		    "a name that does not fit the buffer is not written");
	}
}

static void
test_numbers(void)
{
	ok(numbers("null", 'c', 1, 3), "null is c 1:3");
	ok(numbers("ttyS0", 'c', 4, 64), "ttyS0 is c 4:64");
	ok(numbers("sda", 'b', 8, 0), "sda is b 8:0");
	ok(numbers("sdq", 'b', 65, 0), "sdq is b 65:0");
	ok(numbers("sda15", 'b', 8, 15), "sda15 is b 8:15");
	ok(!numbers("sda16", 'b', 8, 16), "sda16 is no name: 16 minors a "
	    "disk");
	ok(numbers("rd/c0d1p3", 'b', 48, 11), "rd/c0d1p3 is b 48:11");
	ok(numbers("input/mice", 'c', 13, 63), "input/mice is c 13:63");
	ok(numbers("fd0u1440", 'b', 2, 28), "fd0u1440 is b 2:28");
	ok(!numbers("ttyS01", 'c', 4, 65), "ttyS01 is no name: no leading "
	    "zeros");
	ok(!numbers("nosuch", 'c', 0, 0), "nosuch is no name");
	ok(!numbers("tty0x", 'c', 4, 0), "tty0x is no name");
}

/* Every unit and partition of the names below reads back. */
static void
test_round_trip(void)
{
	static const struct { char type; unsigned major, minors; } span[] = {
		{ 'c', 1, 12 }, { 'c', 4, 256 }, { 'b', 8, 256 },
		{ 'b', 65, 256 }, { 'b', 3, 128 }, { 'c', 2, 256 },
		{ 'c', 3, 256 }, { 'b', 48, 256 }, { 'c', 13, 256 },
		{ 'c', 10, 256 }, { 'b', 2, 256 }, { 'c', 12, 256 },
		{ 'c', 27, 64 }, { 'c', 28, 8 }, { 'b', 28, 256 },
		{ 'c', 36, 32 }, { 'c', 68, 32 }, { 'c', 73, 16 },
		{ 'c', 81, 256 }, { 'c', 83, 32 }, { 'c', 90, 32 },
		{ 'b', 94, 104 }, { 'c', 180, 128 }, { 'b', 180, 16 },
		{ 'c', 212, 256 }, { 'c', 216, 32 }, { 'b', 11, 32 },
		{ 'b', 25, 4 }, { 'c', 61, 4 }, { 'c', 79, 32 },
	};
	char buf[DEVREG_PATH_MAX];
	unsigned long ma, mi;
	const char *desc;
	struct check c;
	char t;

	begin(&c, "every number named reads back to itself");
	for (size_t i = 0; i < sizeof(span) / sizeof(span[0]); i++)
		for (unsigned m = 0; m < span[i].minors; m++) {
			if (!devreg_name(span[i].type, span[i].major, m, buf,
			    sizeof(buf), &desc))
				continue;
			/* two names for 10:4: the first row's is the name */
			expect(&c, devreg_numbers(buf, &t, &ma, &mi, &desc) &&
			    t == span[i].type && ma == span[i].major &&
			    mi == m, "%c %u:%u named %s", span[i].type,
			    span[i].major, m, buf);
		}
	end(&c);
}

struct listing {
	char text[200000];
	size_t n, count;
};

static int
collect(void *ctx, const struct devreg_node *n)
{
	struct listing *l = ctx;

	l->count++;
	if (n->type == 'l')
		l->n += (size_t)snprintf(l->text + l->n, sizeof(l->text) - l->n,
		    "%s -> %s\n", n->path, n->target);
	else
		l->n += (size_t)snprintf(l->text + l->n, sizeof(l->text) - l->n,
		    "%s %c %u %u %s:%s %04o\n", n->path, n->type, n->major,
		    n->minor, n->cls->owner, n->cls->group, n->cls->mode);
	return 0;
}

static int
stop_at_first(void *ctx, const struct devreg_node *n)
{
	(void)n;
	++*(int *)ctx;
	return 7;
}

static void
test_make(void)
{
	static struct listing l;
	int seen = 0, rc;

	memset(&l, 0, sizeof(l));
	ok(devreg_make("std", collect, &l) == 0 && l.count == 36 &&
	    strncmp(l.text, "mem c 1 1 root:kmem 0640\n"
	    "kmem c 1 2 root:kmem 0640\nnull c 1 3 root:root 0666\n", 75) ==
	    0 && strstr(l.text, "core -> /proc/kcore\n") != NULL &&
	    strstr(l.text, "ram -> ram1\n") != NULL,
	    "std: mem, kmem, null ... ram0-16, ram, loop0-7 (36)");
	memset(&l, 0, sizeof(l));
	ok(devreg_make("sdb", collect, &l) == 0 && l.count == 16 &&
	    strstr(l.text, "sdb15 b 8 31 root:disk 0660\n") != NULL,
	    "sdb: the disk and its 15 partitions, root:disk 0660");
	memset(&l, 0, sizeof(l));
	ok(devreg_make("ttyS3", collect, &l) == 0 &&
	    strcmp(l.text, "ttyS3 c 4 67 root:dialout 0660\n") == 0,
	    "ttyS3: c 4:67 root:dialout 0660");
	memset(&l, 0, sizeof(l));
	ok(devreg_make("urandom", collect, &l) == 0 &&
	    strcmp(l.text, "urandom c 1 9 root:root 0444\n") == 0,
	    "urandom alone is 0444, as MAKEDEV makes it");
	memset(&l, 0, sizeof(l));
	rc = devreg_make("generic", collect, &l);
	ok(rc == 0 && l.count > 5000, "generic: more than 5000 entries "
	    "(%zu)", l.count);
	memset(&l, 0, sizeof(l));
	ok(devreg_make("tty", collect, &l) == 0 && l.count == 0,
	    "tty makes nothing, as MAKEDEV");
	ok(devreg_make("nosuch", collect, &l) == -1 && !devreg_known("nosuch"),
	    "an unknown name is -1 and emits nothing");
	ok(devreg_make("generic", stop_at_first, &seen) == 7 && seen == 1,
	    "the emitter's nonzero return stops the expansion");
	ok(devreg_known("i2o.hdb") && devreg_known("fd7") &&
	    !devreg_known("fd8") && devreg_known("ptyq"),
	    "i2o.hdb, fd7 and ptyq are known, fd8 is not");
	memset(&l, 0, sizeof(l));
	ok(devreg_make("lirc", collect, &l) == 0 && strcmp(l.text,
	    "lirc c 61 0 root:video 0640\nlircd p 0 0 root:video 0640\n"
	    "lircm p 0 0 root:video 0640\n") == 0,
	    "lirc: the node and the FIFOs lircd and lircm, as MAKEDEV 2.3.1");
	memset(&l, 0, sizeof(l));
	ok(devreg_make("alsa", collect, &l) == 0 && l.count == 0 &&
	    devreg_make("vcs", collect, &l) == 0 && l.count == 0,
	    "alsa and vcs make nothing, as MAKEDEV");
	memset(&l, 0, sizeof(l));
	ok(devreg_make("tap7", collect, &l) == 0 && l.count == 19 &&
	    strstr(l.text, "tap15 c 36 31 root:root 0600\n") != NULL,
	    "tap7 makes netlink's 19 nodes, as MAKEDEV");
	memset(&l, 0, sizeof(l));
	ok(devreg_make("sbpcd2", collect, &l) == 0 &&
	    strcmp(l.text, "sbpcd b 25 3 root:cdrom 0660\n") == 0,
	    "sbpcd2 makes MAKEDEV's one sbpcd, b 25:3");
}

/* A number only MAKEDEV gave a name is make's, not the registry's. */
static void
test_makedev_only(void)
{
	char buf[DEVREG_PATH_MAX];
	const char *desc;

	ok(!devreg_name('c', 61, 0, buf, sizeof(buf), &desc) &&
	    !numbers("lirc", 'c', 61, 0), "c 61:0 (local use to the kernel) "
	    "is not lirc but to make");
	ok(named('c', 13, 0, "input/js0") && !numbers("js0", 'c', 13, 0),
	    "c 13:0 is input/js0; MAKEDEV's js0 there is make's alone");
	ok(named('b', 25, 3, "sbpcd3") && named('c', 28, 3, "staliomem3"),
	    "b 25:3 is sbpcd3 and c 28:3 staliomem3, not MAKEDEV's sbpcd "
	    "and slm");
	ok(numbers("ttyE256", 'c', 24, 256) && numbers("capi20.19", 'c', 68,
	    20) && numbers("dasdz3", 'b', 94, 103) &&
	    numbers("dvb/adapter3/osd0", 'c', 212, 200),
	    "MAKEDEV's other names have the kernel's numbers");
}

/* Whether the field f of size n holds a NUL: its text was not cut. */
#define ENDS(f) (memchr((f), '\0', sizeof(f)) != NULL)

/*
 * The rows hold their text in arrays (devreg_rows.h): a text as long as
 * its array, or longer, would lose its NUL, or its end, unseen.
 */
static void
test_fields_hold_their_text(void)
{
	size_t bad = 0;

	for (size_t i = 0; i < devreg_rows_n; i++)
		bad += !ENDS(devreg_rows[i].name) + !ENDS(devreg_rows[i].desc);
	for (size_t i = 0; i < devreg_rows_nsteps; i++)
		bad += !ENDS(devreg_rows_steps[i].a) +
		    !ENDS(devreg_rows_steps[i].b);
	bad += devreg_rows_steps[0].kind != 'G';
	for (size_t i = 0; devreg_group_names[i][0] != '\0'; i++)
		bad += !ENDS(devreg_group_names[i]);
	ok(bad == 0, "every row, group and step name ends within its field "
	    "(%zu do not)", bad);
}

/*
 * No two rows of one pattern share a unit: a unit's row is the one row
 * that holds it, which make's expansion keeps from one unit to the next
 * (devreg.c, step_row) rather than look it up again.
 */
static void
test_rows_apart(void)
{
	size_t bad = 0;

	for (size_t i = 0; i < devreg_rows_n; i++)
		for (size_t j = i + 1; j < devreg_rows_n; j++) {
			const struct devreg_row *a = &devreg_rows[i],
			    *b = &devreg_rows[j];
			unsigned na = a->count ? a->count : 1,
			    nb = b->count ? b->count : 1;

			if (strcmp(a->name, b->name) == 0 &&
			    a->first < b->first + nb &&
			    b->first < a->first + na && bad++ == 0)
				diag("%s: rows %zu and %zu share units",
				    a->name, i, j);
		}
	ok(bad == 0, "the rows of one pattern hold no unit twice (%zu "
	    "pairs do)", bad);
}

int
main(void)
{
	test_fields_hold_their_text();
	test_rows_apart();
	test_names();
	test_numbers();
	test_round_trip();
	test_make();
	test_makedev_only();
	printf("1..%u\n", tests_run);
	return tests_failed ? 1 : 0;
}
