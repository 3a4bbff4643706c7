/*
 * unit_procdev.c - unit tests for the one reader of /proc/devices
 * (src/codec/procdev.c; devtool(1), ENVIRONMENT, DEVTOOL_PROC_DEVICES):
 * the drivers in the kernel's order with their sections, a malformed
 * line named by its number, a missing file and a FIFO refused by name,
 * and procdev_lookup's three answers.  TAP output (tests/tap.h).
 */
#include <sys/stat.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "codec/procdev.h"
#include "tap.h"

static char dir[] = "/tmp/unit_procdev.XXXXXX";

/* A file of dir holding text; its path in a static buffer per call. */
static const char *
file_with(const char *name, const char *text)
{
	static char path[2][256];
	static int turn;
	char *p = path[turn++ % 2];
	FILE *f;

	snprintf(p, sizeof(path[0]), "%s/%s", dir, name);
	if ((f = fopen(p, "w")) == NULL || fputs(text, f) == EOF ||
	    fclose(f) != 0)
		bail_out("cannot write %s", p);
	return p;
}

static bool
driver_is(const struct procdev_driver *d, char type, unsigned long major,
    const char *name)
{
	return d->type == type && d->major == major &&
	    d->namelen == strlen(name) &&
	    memcmp(d->name, name, d->namelen) == 0;
}

static void
test_load(void)
{
	struct procdev_table t;
	struct dt_diag d;
	const char *p = file_with("devices", "Character devices:\n"
	    "  1 mem\n  4 /dev/vc/0\n  4 tty\n\nBlock devices:\n"
	    "  7 loop\n259 blkext\n");

	ok(procdev_load(p, &t, &d) == 0, "a well-formed file loads");
	ok(t.n == 5 && driver_is(&t.v[0], 'c', 1, "mem") &&
	    driver_is(&t.v[1], 'c', 4, "/dev/vc/0") &&
	    driver_is(&t.v[2], 'c', 4, "tty") &&
	    driver_is(&t.v[3], 'b', 7, "loop") &&
	    driver_is(&t.v[4], 'b', 259, "blkext"),
	    "its drivers, in the kernel's order, by section");
	procdev_free(&t);
	ok(t.v == NULL && t.n == 0 && t.text == NULL,
	    "procdev_free leaves an empty table");
}

static void
test_refused(void)
{
	struct procdev_table t;
	struct dt_diag d;
	char want[512], fifo[256];
	const char *p = file_with("bad", "Character devices:\n  1 mem\n"
	    "not an entry\n");

	snprintf(want, sizeof(want), "%s:3: malformed line; expected a "
	    "section title or 'MAJOR NAME'", p);
	ok(procdev_load(p, &t, &d) == -1 && strcmp(d.msg, want) == 0 &&
	    t.v == NULL && t.text == NULL,
	    "a malformed line: FILE:LINE and why, nothing kept (%s)", d.msg);
	p = file_with("early", "  1 mem\n");
	ok(procdev_load(p, &t, &d) == -1 && strstr(d.msg, ":1: ") != NULL,
	    "a driver before any section title is malformed (%s)", d.msg);
	snprintf(want, sizeof(want), "%s/none: No such file or directory",
	    dir);
	snprintf(fifo, sizeof(fifo), "%s/none", dir);
	ok(procdev_load(fifo, &t, &d) == -1 && strcmp(d.msg, want) == 0,
	    "a missing file: FILE and errno's text (%s)", d.msg);
	snprintf(fifo, sizeof(fifo), "%s/fifo", dir);
	if (mkfifo(fifo, 0600) != 0)
		bail_out("mkfifo %s", fifo);
	snprintf(want, sizeof(want), "%s: not a regular file", fifo);
	ok(procdev_load(fifo, &t, &d) == -1 && strcmp(d.msg, want) == 0,
	    "a FIFO is refused at once, never waited on (%s)", d.msg);
	unlink(fifo);
}

static void
test_lookup(void)
{
	struct dt_diag d;
	unsigned long major = 0;
	const char *p = file_with("devices", "Character devices:\n"
	    " 10 misc\n 10 misc2\n\nBlock devices:\n 10 misc\n");

	ok(procdev_lookup(p, 'c', "misc", &major, &d) == PROCDEV_FOUND &&
	    major == 10, "a character driver by name");
	ok(procdev_lookup(p, 'c', "mis", &major, &d) == PROCDEV_NO_DRIVER &&
	    strstr(d.msg, "no character driver named 'mis'") != NULL,
	    "a name is matched whole (%s)", d.msg);
	ok(procdev_lookup(p, 'b', "misc2", &major, &d) == PROCDEV_NO_DRIVER,
	    "in its type's section only");
	p = file_with("bad", "Block devices:\nx\n");
	ok(procdev_lookup(p, 'b', "misc", &major, &d) == PROCDEV_BAD_FILE &&
	    strstr(d.msg, ":2: malformed line") != NULL,
	    "a malformed file is the file's fault (%s)", d.msg);
}

int
main(void)
{
	if (mkdtemp(dir) == NULL)
		bail_out("mkdtemp");
	test_load();
	test_refused();
	test_lookup();
	unlink(file_with("devices", ""));
	unlink(file_with("bad", ""));
	unlink(file_with("early", ""));
	rmdir(dir);
	printf("1..%u\n", tests_run);
	return tests_failed == 0 ? 0 : 1;
}
