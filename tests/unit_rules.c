/*
 * unit_rules.c - unit tests for the device rule dialects
 * (src/dialects/rules.c; devtool(1), DEVICE RULES): a rule a number, a
 * major whole when its minors 0 to 255 are all there and never else,
 * the OCI list's first element, DeviceAllow= paths and the driver names
 * deviceallow-groups picks, a group only for every minor of every major
 * bearing its name (else the paths) unless widened.  TAP output (tests/tap.h).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dialects/rules.h"
#include "tap.h"

#define MAX_NODES 600

/* What rules_write said: its lines and its problems, one string each. */
struct said {
	char lines[8192], problems[4096];
};

static void
put(void *ctx, const char *line)
{
	struct said *s = ctx;

	snprintf(s->lines + strlen(s->lines), sizeof(s->lines) -
	    strlen(s->lines), "%s\n", line);
}

static void
problem(void *ctx, const struct entry *e, const char *msg)
{
	struct said *s = ctx;

	snprintf(s->problems + strlen(s->problems), sizeof(s->problems) -
	    strlen(s->problems), "%s: %s\n", e->path, msg);
}

static void
widened(void *ctx, const char *line, const char *adds)
{
	struct said *s = ctx;

	snprintf(s->problems + strlen(s->problems), sizeof(s->problems) -
	    strlen(s->problems), "widened %s: %s\n", line, adds);
}

static bool widen;	/* rules_write's widen for rules() */

static struct entry nodes[MAX_NODES];
static char paths[MAX_NODES][64];
static size_t nnodes;

static void
node(const char *path, char type, uint64_t major, uint64_t minor)
{
	snprintf(paths[nnodes], sizeof(paths[nnodes]), "%s", path);
	nodes[nnodes] = (struct entry){ .path = paths[nnodes], .type = type,
	    .major = major, .minor = minor, .mode = 0600, .mode_set = true };
	nnodes++;
}

/* The rules of the nodes so far (then none). */
static void
rules(const struct dialect *dl, const struct rules_driver *drv,
    size_t ndrv, struct said *s)
{
	const struct entry *v[MAX_NODES];
	const struct rules_sink sink = { put, problem, widened, s };

	memset(s, 0, sizeof(*s));
	for (size_t i = 0; i < nnodes; i++)
		v[i] = &nodes[i];
	if (rules_write(dl, v, nnodes, drv, ndrv, widen, &sink) != 0)
		bail_out("rules_write: out of memory");
	nnodes = 0;
}

static void
same(const char *what, const char *got, const char *want)
{
	if (!ok(strcmp(got, want) == 0, "%s", what))
		diag("got:\n%s# want:\n%s", got, want);
}

static void
test_cgroup(void)
{
	char name[32];
	struct said s;

	node("/dev/ttyS1", 'c', 4, 65);
	node("/dev/ttyS0", 'c', 4, 64);
	node("/dev/modem", 'c', 4, 64);	/* the same number: one rule */
	for (unsigned i = 0; i < 256; i++) {
		snprintf(name, sizeof(name), "/dev/sd%u", i);
		node(name, 'b', 8, i);
	}
	node("/dev/sdwide", 'b', 8, 300);
	rules(&cgroup_dialect, NULL, 0, &s);
	same("cgroup: a rule a number, sorted; minors 0-255 of 8 are 8:*, its "
	    "wider minor with them", s.lines,
	    "b 8:* rwm\nc 4:64 rwm\nc 4:65 rwm\n");
	same("cgroup: no problem", s.problems, "");

	for (unsigned i = 0; i < 256; i++)
		if (i != 17) {
			snprintf(name, sizeof(name), "/dev/sd%u", i);
			node(name, 'b', 8, i);
		}
	node("/dev/other", 'b', 9, 17);	/* the minor missing, elsewhere */
	rules(&cgroup_dialect, NULL, 0, &s);
	ok(strstr(s.lines, "*") == NULL && strstr(s.lines, "b 8:255 rwm\n") &&
	    strstr(s.lines, "b 8:17 rwm\n") == NULL,
	    "cgroup: 255 of the 256 minors are 255 rules, never the major");
}

static void
test_oci_allow(void)
{
	char name[32];
	struct said s;

	rules(&oci_allow_dialect, NULL, 0, &s);
	same("oci-allow: of nothing, the element that denies every device",
	    s.lines, "{\"allow\":false,\"access\":\"rwm\"}\n");
	for (unsigned i = 0; i < 256; i++) {
		snprintf(name, sizeof(name), "/dev/pty%u", i);
		node(name, 'c', 2, i);
	}
	node("/dev/fuse", 'c', 10, 229);
	rules(&oci_allow_dialect, NULL, 0, &s);
	same("oci-allow: deny first, a whole major without minor", s.lines,
	    "{\"allow\":false,\"access\":\"rwm\"}\n"
	    "{\"allow\":true,\"type\":\"c\",\"major\":2,\"access\":\"rwm\"}\n"
	    "{\"allow\":true,\"type\":\"c\",\"major\":10,\"minor\":229,"
	    "\"access\":\"rwm\"}\n");
	ok(strcmp(oci_allow_dialect.header, "[") == 0 &&
	    strcmp(oci_allow_dialect.footer, "]") == 0 &&
	    strcmp(oci_allow_dialect.separator, ",") == 0,
	    "oci-allow: framed as a JSON array");
}

static void
test_deviceallow(void)
{
	struct said s;

	node("/dev/ttyS1", 'c', 4, 65);
	node("/dev/a%b", 'c', 1, 3);
	node("/dev/ttyS1", 'c', 4, 65);	/* a path once */
	node("/dev/a b", 'c', 1, 5);
	node("/srv/x", 'c', 1, 7);
	node("/dev/", 'c', 1, 7);
	node("/dev/x\\y", 'c', 1, 8);
	node("/dev/caf\xc3\xa9", 'c', 1, 9);
	node("/dev/x\xff", 'c', 1, 9);
	rules(&deviceallow_dialect, NULL, 0, &s);
	same("deviceallow: by path, each once, % doubled, UTF-8 as it is",
	    s.lines, "DeviceAllow=/dev/a%%b rwm\n"
	    "DeviceAllow=/dev/caf\xc3\xa9 rwm\n"
	    "DeviceAllow=/dev/ttyS1 rwm\n");
	same("deviceallow: each path a unit file cannot hold named",
	    s.problems,
	    "/dev/: not under /dev, where systemd takes DeviceAllow= paths\n"
	    "/dev/a b: white space or a control character, which a "
	    "DeviceAllow= path cannot hold\n"
	    "/dev/x\\y: a quote or a backslash, which systemd versions read "
	    "differently in DeviceAllow=\n"
	    "/dev/x\xff: not UTF-8, which systemd refuses in a unit file\n"
	    "/srv/x: not under /dev, where systemd takes DeviceAllow= "
	    "paths\n");
}

static void
test_groups(void)
{
	static const struct rules_driver drv[] = {
		{ 'c', 4, "/dev/vc/0" }, { 'c', 4, "tty" }, { 'c', 4, "ttyS" },
		{ 'c', 5, "/dev/tty" }, { 'c', 5, "/dev/console" },
		{ 'c', 6, "lp*" }, { 'c', 7, "two words" }, { 'b', 8, "sd" },
		{ 'b', 65, "sd" }, { 'c', 8, "charsd" },
	};
	struct said s;
	struct dt_diag d;
	struct dt_buf buf = DT_BUF_INIT;

	node("/dev/ttyS0", 'c', 4, 64);
	node("/dev/tty1", 'c', 4, 1);
	node("/dev/console", 'c', 5, 1);
	node("/dev/lp0", 'c', 6, 0);
	node("/dev/odd", 'c', 7, 0);
	node("/dev/sda", 'b', 8, 0);
	node("/dev/sdq", 'b', 65, 0);
	node("/dev/what", 'c', 9, 0);
	node("/dev/what1", 'c', 9, 1);
	rules(&deviceallow_groups_dialect, drv, sizeof(drv) / sizeof(drv[0]),
	    &s);
	same("deviceallow-groups: no group that would grant more than the "
	    "nodes: their paths", s.lines,
	    "DeviceAllow=/dev/console rwm\n"
	    "DeviceAllow=/dev/sda rwm\n"
	    "DeviceAllow=/dev/sdq rwm\n"
	    "DeviceAllow=/dev/tty1 rwm\n"
	    "DeviceAllow=/dev/ttyS0 rwm\n");
	widen = true;
	node("/dev/ttyS0", 'c', 4, 64);
	node("/dev/tty1", 'c', 4, 1);
	node("/dev/console", 'c', 5, 1);
	node("/dev/lp0", 'c', 6, 0);
	node("/dev/odd", 'c', 7, 0);
	node("/dev/sda", 'b', 8, 0);
	node("/dev/sdq", 'b', 65, 0);
	node("/dev/what", 'c', 9, 0);
	node("/dev/what1", 'c', 9, 1);
	rules(&deviceallow_groups_dialect, drv, sizeof(drv) / sizeof(drv[0]),
	    &s);
	same("deviceallow-groups: a name without '/' first, else the first; "
	    "a name once; the type's own section", s.lines,
	    "DeviceAllow=block-sd rwm\n"
	    "DeviceAllow=char-tty rwm\n"
	    "DeviceAllow=char-/dev/tty rwm\n");
	same("deviceallow-groups --widen: a warning a group, what it adds; "
	    "a glob or a space is no name; no driver is none, said once a major",
	    s.problems,
	    "widened DeviceAllow=block-sd rwm: b 8:1-255, b 65:1-255\n"
	    "widened DeviceAllow=char-tty rwm: c 4:0,2-63,65-255\n"
	    "widened DeviceAllow=char-/dev/tty rwm: c 5:0,2-255\n"
	    "/dev/lp0: the names of character major 6 in /proc/devices have "
	    "white space, a quote, a backslash, '%' or a glob character, so "
	    "it has no group; -o deviceallow allows nodes by path\n"
	    "/dev/odd: the names of character major 7 in /proc/devices have "
	    "white space, a quote, a backslash, '%' or a glob character, so "
	    "it has no group; -o deviceallow allows nodes by path\n"
	    "/dev/what: no driver of character major 9 is registered "
	    "(/proc/devices), so it and 1 other node of the major have no "
	    "group; -o deviceallow allows nodes by path\n");
	widen = false;
	for (unsigned m = 0; m < 256; m++) {
		char name[32];

		snprintf(name, sizeof(name), "/dev/sd%u", m);
		node(name, 'b', 8, m);
		node(name, 'b', 65, m);
	}
	node("/dev/ttyS0", 'c', 4, 64);
	rules(&deviceallow_groups_dialect, drv, sizeof(drv) / sizeof(drv[0]),
	    &s);
	same("deviceallow-groups: every 8-bit minor of every major bearing "
	    "the name is its group; the rest by path", s.lines,
	    "DeviceAllow=block-sd rwm\n"
	    "DeviceAllow=/dev/ttyS0 rwm\n");
	same("deviceallow-groups: a whole group says nothing", s.problems,
	    "");
	node("/dev/tty1", 'c', 4, 1);
	ok(deviceallow_groups_dialect.write(&nodes[0], NULL, &buf, &d) == -1 &&
	    strstr(d.msg, "whole listing") != NULL,
	    "deviceallow-groups: no line for one entry alone: %s", d.msg);
	dt_buf_free(&buf);
	nnodes = 0;
}

static void
test_rows(void)
{
	const struct dialect *const rows[] = { &cgroup_dialect,
	    &deviceallow_dialect, &deviceallow_groups_dialect,
	    &oci_allow_dialect };
	static const struct dialect table = { .name = "table", .types = "cb" };
	bool all = true;

	for (size_t i = 0; i < sizeof(rows) / sizeof(rows[0]); i++)
		all = all && rules_dialect(rows[i]) &&
		    rows[i]->read_line == NULL &&
		    rows[i]->read_document == NULL &&
		    rows[i]->bid_line == NULL && rows[i]->bid_head == NULL &&
		    strcmp(rows[i]->types, "cb") == 0;
	ok(all && !rules_dialect(&table), "the rule rows: written only, "
	    "never bid for, devices only; another row is not one");
	ok(rules_need_drivers(&deviceallow_groups_dialect) &&
	    !rules_need_drivers(&cgroup_dialect),
	    "only deviceallow-groups needs the drivers");
}

int
main(void)
{
	test_cgroup();
	test_oci_allow();
	test_deviceallow();
	test_groups();
	test_rows();
	printf("1..%u\n", tests_run);
	return tests_failed == 0 ? 0 : 1;
}
