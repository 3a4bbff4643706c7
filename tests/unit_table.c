/*
 * unit_table.c - unit tests for the device table dialects' readers and
 * writers (src/dialects/makedevs.c, tmpfiles.c, json.c and the JSON keys
 * of json_keys.c): their oddities, their errors, and the writer-to-parser
 * round trip.
 *
 * Output is TAP (tests/tap.h): one "ok N - ..." line per check, a "# ..."
 * line saying what went wrong under a failing one, and the plan "1..N" at
 * the end.  The exit status is 1 when any check failed.
 *
 *	make units (each test is linked with libdevtool.a)
 */
#include <sys/types.h>

#include <inttypes.h>
#include <limits.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "base/libjsonc.h"

#include "codec/host.h"
#include "dialects/json_keys.h"
#include "dialects/fields.h"
#include "dialects/dialect.h"
#include "entry/conflicts.h"
#include "entry/conflicts_impl.h"
#include "entry/pack.h"
#include "entry/validate.h"
#include "sys/nss.h"
#include "base/bounds.h"
#include "dialects/json.h"
#include "format_line.h"
#include "tap.h"

#define RANDOM_ENTRIES	20000
#define M		&makedevs_dialect
#define T		&tmpfiles_dialect

/* The test's own user and group databases. */
struct name_id {
	const char *name;
	unsigned id;
};

static const struct name_id users[] = {
	{ "root", 0 }, { "daemon", 1 }, { "alice", 1000 }, { "nobody", 65534 },
};
static const struct name_id groups[] = {
	{ "root", 0 }, { "tty", 5 }, { "disk", 6 }, { "users", 100 },
};

static int
lookup(const struct name_id *t, size_t n, const char *name, unsigned *id)
{
	for (size_t i = 0; i < n; i++)
		if (strcmp(t[i].name, name) == 0) {
			*id = t[i].id;
			return 0;
		}
	return -1;
}

static int
test_lookup(void *ctx, const char *name, bool group, uint32_t *id)
{
	unsigned v;

	(*(int *)ctx)++;
	if (group ? lookup(groups, ARRAY_SIZE(groups), name, &v) :
	    lookup(users, ARRAY_SIZE(users), name, &v))
		return -1;
	*id = v;
	return 0;
}

/* What an unknown name's message says was searched. */
static const char *
test_searched(void *ctx, bool group)
{
	(void)ctx;
	return group ? " (not in the test's groups)" :
	    " (not in the test's users)";
}

static int lookups;
static const struct id_resolver resolver = {
	test_lookup, &lookups, test_searched
};

/* The expected entry, in the order a makedevs line says it. */
struct want {
	const char *path;
	char type;
	unsigned mode;
	unsigned uid, gid;
	uint64_t major, minor, start, inc, count;
	bool replace, mode_set, uid_set, gid_set;
	const char *target;
};

/* Room for the path of a range's node (entry_expand). */
static char expand_room[PATH_MAX];

/* Room for a parsed path and target, kept for the next few parses. */
static char *
path_room(void)
{
	static char room[8][DIALECT_TEXT_SIZE];
	static unsigned next;

	return room[next++ % 8];
}

static bool
same_target(const struct entry *a, const struct entry *b)
{
	return a->target == NULL ? b->target == NULL :
	    b->target != NULL && strcmp(a->target, b->target) == 0;
}

static bool
same_entry(const struct entry *a, const struct entry *b)
{
	return strcmp(a->path, b->path) == 0 && a->type == b->type &&
	    same_target(a, b) &&
	    a->replace == b->replace &&
	    a->mode_set == b->mode_set && a->uid_set == b->uid_set &&
	    a->gid_set == b->gid_set && a->mode == b->mode &&
	    a->uid == b->uid && a->gid == b->gid && a->major == b->major &&
	    a->minor == b->minor && a->start == b->start &&
	    a->inc == b->inc && a->count == b->count &&
	    a->lineno == b->lineno;
}

static void
show(const char *label, const struct entry *e)
{
	diag("%s: path '%s' type %c mode %04o%s uid %ju%s gid %ju%s %" PRIu64
	    ":%" PRIu64 " start %" PRIu64 " inc %" PRIu64 " count %" PRIu64
	    "%s line %lu%s%s", label, e->path, e->type ? e->type : '?', e->mode,
	    e->mode_set ? "" : "(default)", (uintmax_t)e->uid,
	    e->uid_set ? "" : "(-)", (uintmax_t)e->gid,
	    e->gid_set ? "" : "(-)", e->major, e->minor, e->start, e->inc,
	    e->count, e->replace ? " replace" : "", e->lineno,
	    e->target != NULL ? " target " : "",
	    e->target != NULL ? e->target : "");
}

static void
want_entry(const struct dialect *dialect, const struct want *w,
    struct entry *e)
{
	memset(e, 0, sizeof(*e));
	(void)dialect;
	e->path = w->path;
	e->type = w->type;
	e->mode = w->mode;
	e->uid = w->uid;
	e->gid = w->gid;
	e->major = w->major;
	e->minor = w->minor;
	e->start = w->start;
	e->inc = w->inc;
	e->count = w->count;
	e->replace = w->replace;
	e->mode_set = w->mode_set;
	e->uid_set = w->uid_set;
	e->gid_set = w->gid_set;
	e->target = w->target;
	e->lineno = 7;
}

static int
parse_n(const struct dialect *dialect, const char *line, size_t len,
    struct entry *e, struct dt_diag *d)
{
	d->msg[0] = '\0';
	return dialect_parse_line(dialect, line, len, 7, &resolver, e,
	    path_room(), d);
}

static int
parse(const struct dialect *dialect, const char *line, struct entry *e,
    struct dt_diag *d)
{
	return parse_n(dialect, line, strlen(line), e, d);
}

/* One line that must parse to exactly the wanted entry. */
static void
check_entry(const struct dialect *dialect, const char *line,
    const struct want *w, const char *what)
{
	struct entry got, want;
	struct dt_diag d;
	int r = parse(dialect, line, &got, &d);

	want_entry(dialect, w, &want);
	if (!ok(r == 1 && same_entry(&got, &want), "%s %s",
	    dialect_name(dialect), what)) {
		diag("line '%s': returned %d, message '%s'", line, r, d.msg);
		if (r == 1) {
			show("got ", &got);
			show("want", &want);
		}
	}
}

#define MKT(...)	(&(const struct want){ __VA_ARGS__ })
#define MK(...)	MKT(__VA_ARGS__, NULL)	/* no link target */
/* makedevs always sets mode and owner */
#define MD(path, type, mode, uid, gid, ma, mi, st, inc, cnt) \
	MK(path, type, mode, uid, gid, ma, mi, st, inc, cnt, false, true, \
	    true, true)

static void
check_error(const struct dialect *dialect, const char *line, const char *msg,
    const char *what)
{
	struct entry e;
	struct dt_diag d;
	int r = parse(dialect, line, &e, &d);

	if (!ok(r == -1 && strstr(d.msg, msg) != NULL, "%s rejects %s",
	    dialect_name(dialect), what))
		diag("line '%.200s': returned %d, message '%s', want '%s'",
		    line, r, d.msg, msg);
}

static void
check_skip(const struct dialect *dialect, const char *line, const char *what)
{
	struct entry e;
	struct dt_diag d;
	int r = parse(dialect, line, &e, &d);

	if (!ok(r == 0 && dialect_blank(line, strlen(line)), "%s skips %s",
	    dialect_name(dialect), what))
		diag("line '%s': returned %d, message '%s'", line, r, d.msg);
}

static void
test_makedevs(void)
{
	check_entry(M, "/dev/null c 666 0 0 1 3 0 0 0",
	    MD("/dev/null", 'c', 0666, 0, 0, 1, 3, 0, 0, 0), "full line");
	check_entry(M, "/dev/null\tc\t666\t0\t0\t1\t3\t-\t-\t-",
	    MD("/dev/null", 'c', 0666, 0, 0, 1, 3, 0, 0, 0), "tabs and dashes");
	check_entry(M, "  \t/dev/zero \t c   0666\t\t0  0 1 5   ",
	    MD("/dev/zero", 'c', 0666, 0, 0, 1, 5, 0, 0, 0),
	    "runs of spaces and tabs, leading and trailing");
	check_entry(M, "/dev d 755 0 0 - - - - -",
	    MD("/dev", 'd', 0755, 0, 0, 0, 0, 0, 0, 0), "d with every number -");
	check_entry(M, "/etc d 755",
	    MD("/etc", 'd', 0755, 0, 0, 0, 0, 0, 0, 0), "short line: owner 0 0");
	check_entry(M, "/etc/x d",
	    MD("/etc/x", 'd', 0755, 0, 0, 0, 0, 0, 0, 0),
	    "path and type only: busybox's mode 0755");
	check_entry(M, "/etc/y d - - -",
	    MD("/etc/y", 'd', 0755, 0, 0, 0, 0, 0, 0, 0), "mode and owner -");
	check_entry(M, "/dev/pts/ d 755 0 0 - - - - -",
	    MD("/dev/pts", 'd', 0755, 0, 0, 0, 0, 0, 0, 0), "trailing slash");
	check_entry(M, "//dev//shm/// d 1777 0 0",
	    MD("/dev/shm", 'd', 01777, 0, 0, 0, 0, 0, 0, 0),
	    "repeated slashes, sticky mode");
	check_entry(M, "/ d 755 0 0", MD("/", 'd', 0755, 0, 0, 0, 0, 0, 0, 0),
	    "the root directory");
	check_entry(M, "/dev/sda b 0660 0 6 8 0",
	    MD("/dev/sda", 'b', 0660, 0, 6, 8, 0, 0, 0, 0), "type b");
	check_entry(M, "/dev/initctl p 600 0 0",
	    MD("/dev/initctl", 'p', 0600, 0, 0, 0, 0, 0, 0, 0), "type p");
	check_entry(M, "/dev/initctl p 600 0 0 0 0 0 0 0",
	    MD("/dev/initctl", 'p', 0600, 0, 0, 0, 0, 0, 0, 0),
	    "type p with zero numbers");
	check_entry(M, "/etc/shadow f 600 0 0 - - - - -",
	    MD("/etc/shadow", 'f', 0600, 0, 0, 0, 0, 0, 0, 0), "type f");
	check_entry(M, "/bin/su f 4755 0 0",
	    MD("/bin/su", 'f', 04755, 0, 0, 0, 0, 0, 0, 0), "setuid mode");
	check_entry(M, "/x f 07777 0 0",
	    MD("/x", 'f', 07777, 0, 0, 0, 0, 0, 0, 0), "mode 07777");
	check_entry(M, "/x f 000000644 0 0",
	    MD("/x", 'f', 0644, 0, 0, 0, 0, 0, 0, 0), "mode with leading zeros");
	check_entry(M, "/dev/tty c 0620 root tty 5 0",
	    MD("/dev/tty", 'c', 0620, 0, 5, 5, 0, 0, 0, 0),
	    "user and group names");
	check_entry(M, "/dev/sdb b 660 alice disk 8 16",
	    MD("/dev/sdb", 'b', 0660, 1000, 6, 8, 16, 0, 0, 0),
	    "other names");
	check_entry(M, "/dev/x c 600 1000 100 4 1",
	    MD("/dev/x", 'c', 0600, 1000, 100, 4, 1, 0, 0, 0), "numeric owner");
	check_entry(M, "/dev/x c 600 010 0010 010 08 01 09 010",
	    MD("/dev/x", 'c', 0600, 10, 10, 10, 8, 1, 9, 10),
	    "numbers are decimal, zero-padded ones too, as in busybox and "
	    "buildroot");
	check_entry(M, "/dev/x c 600 4294967294 4294967294 4095 1048575",
	    MD("/dev/x", 'c', 0600, 4294967294u, 4294967294u, 4095, 1048575,
	    0, 0, 0), "largest owner and numbers");
	check_entry(M, "/dev/null c 666 0 0 1 3 # the bit bucket",
	    MD("/dev/null", 'c', 0666, 0, 0, 1, 3, 0, 0, 0), "trailing comment");
	check_entry(M, "/dev/null c 666 0 0 1 3 0 0 0 #comment with 5 words",
	    MD("/dev/null", 'c', 0666, 0, 0, 1, 3, 0, 0, 0),
	    "trailing comment after ten fields");
	check_entry(M, "/dev/a#b c 666 0 0 1 3",
	    MD("/dev/a#b", 'c', 0666, 0, 0, 1, 3, 0, 0, 0),
	    "'#' inside a path is not a comment");
	check_entry(M, "/dev/null c 666 0 0 1 3\n",
	    MD("/dev/null", 'c', 0666, 0, 0, 1, 3, 0, 0, 0), "trailing newline");
	check_entry(M, "/dev/null c 666 0 0 1 3\r\n",
	    MD("/dev/null", 'c', 0666, 0, 0, 1, 3, 0, 0, 0), "CRLF");
	check_entry(M, "/dev/hda b 640 0 0 3 1 1 1 15",
	    MD("/dev/hda", 'b', 0640, 0, 0, 3, 1, 1, 1, 15), "busybox's hda range");
	check_entry(M, "/dev/ttyS c 666 0 0 4 64 5 1 1",
	    MD("/dev/ttyS", 'c', 0666, 0, 0, 4, 64, 5, 1, 1),
	    "count 1 is a range of one (devtool(1): count > 0 makes a range)");
	check_entry(M, "/dev/f p 666 0 0 0 0 0 1 3",
	    MD("/dev/f", 'p', 0666, 0, 0, 0, 0, 0, 0, 3),
	    "p range: inc dropped");
	check_entry(M, "/dev/x c 666 0 0 1 0 0 1 65536",
	    MD("/dev/x", 'c', 0666, 0, 0, 1, 0, 0, 1, 65536),
	    "count at the cap 65536");

	check_skip(M, "", "an empty line");
	check_skip(M, " \t  ", "a blank line");
	check_skip(M, "\n", "a lone newline");
	check_skip(M, "# <name> <type> <mode> <uid> <gid> <major> ...",
	    "a comment");
	check_skip(M, "   \t# indented comment", "an indented comment");
	check_skip(M, "#/dev/null c 666 0 0 1 3", "a commented-out entry");
}

/* The extras of entry.h a line sets, as words: "boot correct ...". */
static const char *
extras(const struct entry *e, char *buf, size_t len)
{
	snprintf(buf, len, "%s%s%s%s%s%s%s%s%s", e->replace ? "replace " : "",
	    e->boot ? "boot " : "", e->ignore_errors ? "ignore_errors " : "",
	    e->correct ? "correct " : "", e->create ? "create " : "",
	    e->optional ? "optional " : "", e->recursive ? "recursive " : "",
	    e->mode_set ? "" : "mode- ", e->caps != NULL ? "caps " : "");
	return buf;
}

/*
 * One line that must parse to type and mode with exactly the extras
 * named in want ("" for none; "mode-" for a mode left as it is).
 */
static void
check_extras(const struct dialect *dialect, const char *line, char type,
    unsigned mode, const char *want, const char *what)
{
	struct entry e;
	struct dt_diag d;
	char got[128];
	int r = parse(dialect, line, &e, &d);

	if (r == 1)
		extras(&e, got, sizeof(got));
	if (!ok(r == 1 && e.type == type && e.mode == mode &&
	    strcmp(got, want) == 0, "%s %s", dialect_name(dialect),
	    what))
		diag("line '%s': returned %d (%s), type %c mode %04o extras "
		    "'%s', want %c %04o '%s'", line, r, d.msg, r == 1 ?
		    e.type : '?', r == 1 ? e.mode : 0, r == 1 ? got : "",
		    type, mode, want);
}

/* buildroot's and genext2fs's additions to the makedevs dialect. */
static void
test_makedevs_extensions(void)
{
	check_extras(M, "/usr/bin/foo F 755 0 0 - - - - -", 'f', 0755,
	    "optional ", "F is an f whose file may be missing");
	check_extras(M, "/usr/bin/foo f 755 0 0 - - - - -", 'f', 0755, "",
	    "f must find its file: no extras");
	check_extras(M, "/data/baz f -1 alice users - - - - -", 'f', 0644,
	    "mode- ", "f with mode -1 keeps the mode");
	check_extras(M, "/data/baz F -1 alice users", 'f', 0644,
	    "optional mode- ", "F with mode -1");
	check_extras(M, "/usr/share/myapp r -1 alice users - - - - -", 'd',
	    0755, "recursive mode- ", "r -1: a recursive owner, mode kept");
	check_extras(M, "/srv/www r 750 33 33", 'd', 0750, "recursive ",
	    "r with a mode");
	check_extras(M, "/var/x d -1 0 0", 'd', 0755, "mode- ",
	    "d with mode -1 (as buildroot's code does)");
	check_entry(M, "/dev/log s 666 0 0 - - - - -",
	    MD("/dev/log", 's', 0666, 0, 0, 0, 0, 0, 0, 0),
	    "genext2fs's s: a socket");
	check_error(M, "/dev/log s 666 0 0 1 2", "s takes no MAJOR or MINOR",
	    "s with numbers");
	check_error(M, "/dev/log s 666 0 0 - - 0 1 4",
	    "only c, b and p entries make ranges", "a range of sockets");
	check_error(M, "/x R 755 0 0", "type 'R' is not one of "
	    "c b p d f s F r", "type R");
	check_entry(M, "/dev/x c 600 010 0 1 1",
	    MD("/dev/x", 'c', 0600, 10, 0, 1, 1, 0, 0, 0),
	    "a zero-padded uid is decimal (strtoul base 10)");
}

/* buildroot's |xattr lines (makedevs_attachment). */
static void
test_xattr(void)
{
	static const struct {
		const char *line, *value;
		int r;
		const char *msg, *what;
	} cases[] = {
		{ "|xattr cap_net_raw+ep", "cap_net_raw+ep", 1, "",
		  "a capability" },
		{ "  |xattr\tcap_sys_admin,cap_net_admin+eip\n",
		  "cap_sys_admin,cap_net_admin+eip", 1, "",
		  "indented, with a tab and a newline" },
		{ "/dev/null c 666 0 0 1 3", "", 0, "", "an entry line" },
		{ "# |xattr cap_net_raw+ep", "", 0, "", "a comment" },
		{ "", "", 0, "", "an empty line" },
		{ "|xattr user.foo=bar", "", -1, "'user.foo=bar' is not file "
		  "capabilities as setcap(8) reads them (such as "
		  "cap_net_raw+ep): the only extended attribute buildroot's "
		  "|xattr sets", "a user xattr" },
		{ "|xattr cap_bogus+ep", "", -1, "'cap_bogus+ep' is not file "
		  "capabilities", "an unknown capability" },
		{ "|xattr", "", -1, "want '|xattr CAPABILITIES', one word",
		  "no value" },
		{ "|xattr cap_net_raw+ep cap_chown+ep", "", -1,
		  "one word after |xattr", "two words" },
		{ "|xattrs cap_net_raw+ep", "", -1, "want '|xattr",
		  "a misspelt tag" },
	};
	char value[256];
	struct dt_diag d;
	int r;

	for (size_t i = 0; i < ARRAY_SIZE(cases); i++) {
		d.msg[0] = value[0] = '\0';
		r = makedevs_dialect.read_attachment(cases[i].line, strlen(cases[i].line),
		    value, &d);
		if (!ok(r == cases[i].r && (r != 1 ||
		    strcmp(value, cases[i].value) == 0) && (r != -1 ||
		    strstr(d.msg, cases[i].msg) != NULL),
		    "|xattr: %s", cases[i].what))
			diag("line '%s': returned %d, value '%s', message "
			    "'%s'", cases[i].line, r, value, d.msg);
	}
}

/* What tmpfiles.d(5) says the modifiers mean, for devtool's types. */
static void
test_tmpfiles_modifiers(void)
{
	check_extras(T, "c! /dev/fuse 0600 - - - 10:229", 'c', 0600,
	    "boot correct ", "kmod's c!: boot-only");
	check_extras(T, "b! /dev/loop0 0600 - - - 7:0", 'b', 0600,
	    "boot correct ", "b!");
	check_extras(T, "c- /dev/x 0600 - - - 1:3", 'c', 0600,
	    "ignore_errors correct ", "c-: a failure is only a warning");
	check_extras(T, "c!-+ /dev/x 0600 - - - 1:3", 'c', 0600,
	    "replace boot ignore_errors correct ", "three modifiers");
	check_extras(T, "c= /dev/x 0600 - - - 1:3", 'c', 0600,
	    "replace correct ", "c=: another type is replaced, as by +");
	check_extras(T, "p= /run/x 0600", 'p', 0600, "replace correct ",
	    "p=");
	check_extras(T, "d= /run/x 0700", 'd', 0700, "correct ",
	    "d=: accepted, nothing removed");
	check_extras(T, "d! /run/x", 'd', 0755, "boot correct mode- ", "d!");
	check_extras(T, "f /etc/x 0600", 'f', 0600, "correct create ",
	    "f makes a missing file");
	check_extras(T, "f-! /etc/x", 'f', 0644,
	    "boot ignore_errors correct create mode- ", "f-!");
	check_entry(T, "c /dev/x 0600 1000 100 - 1:3",
	    MK("/dev/x", 'c', 0600, 1000, 100, 1, 3, 0, 0, 0, false, true,
	    true, true), "decimal user and group");
	check_error(T, "c /dev/x 0600 0100 - - 1:3", "unknown user '0100'",
	    "a zero-padded user is a name to systemd-tmpfiles");
}

/* The peers' extras written back as the dialect can say them. */
static void
test_writer_extras(void)
{
	static const struct {
		const struct dialect *from, *to;
		const char *line, *want;
	} cases[] = {
		{ M, M, "/srv r 750 33 33", "/srv\tr\t0750\t33\t33\t-\t-\t-\t-\t-" },
		{ M, M, "/x F -1 1 2", "/x\tF\t-1\t1\t2\t-\t-\t-\t-\t-" },
		{ M, M, "/dev/log s 666 0 0", "/dev/log\ts\t0666\t0\t0\t-\t-\t-\t-\t-" },
		{ T, T, "c!- /dev/fuse 0600 - - - 10:229",
		  "c!-\t/dev/fuse\t0600\t-\t-\t-\t10:229" },
		{ T, M, "c! /dev/fuse 0600 - - - 10:229",
		  "/dev/fuse\tc\t0600\t0\t0\t10\t229\t-\t-\t-" },
		{ M, T, "/dev/log s 666 0 0", "# /dev/log: a socket, which a "
		  "tmpfiles table cannot hold" },
		{ M, T, "/srv r 750 33 33", "'/srv' is a makedevs r entry, which "
		  "a tmpfiles table cannot say" },
		{ M, T, "/x F 755 0 0", "'/x' is a makedevs F entry, which a "
		  "tmpfiles table cannot say" },
	};
	char line[DIALECT_LINE_MAX];
	struct entry e;
	struct dt_diag d;
	int r;

	for (size_t i = 0; i < ARRAY_SIZE(cases); i++) {
		r = parse(cases[i].from, cases[i].line, &e, &d) == 1 ?
		    format_line(cases[i].to, &e, line, sizeof(line), &d) : -2;
		if (!ok((r == 0 && strcmp(line, cases[i].want) == 0) ||
		    (r == -1 && strcmp(d.msg, cases[i].want) == 0),
		    "%s '%s' as %s", dialect_name(cases[i].from),
		    cases[i].line, dialect_name(cases[i].to)))
			diag("returned %d: '%s' / '%s', want '%s'", r,
			    r == 0 ? line : "", d.msg, cases[i].want);
	}
	e.caps = "cap_net_raw+ep cap_sys_admin+ei";
	ok(format_line(M, &e, line, sizeof(line), &d) == 0 &&
	    strcmp(strchr(line, '\n'), "\n|xattr cap_net_raw+ep\n"
	    "|xattr cap_sys_admin+ei") == 0,
	    "a makedevs table holds capabilities as buildroot's |xattr "
	    "lines: %s", line);
	e.optional = false;
	ok(format_line(T, &e, line, sizeof(line), &d) == -1 &&
	    strstr(d.msg, "file capabilities, which are not written") != NULL,
	    "a tmpfiles table holds no capabilities: %s", d.msg);
}

static void
test_makedevs_errors(void)
{
	static char line[8192], name[5001], path[300];

	check_error(M, "/dev/x x 666 0 0 1 1",
	    "type 'x' is not one of c b p d f", "type x");
	check_error(M, "/dev/x cc 666 0 0 1 1",
	    "type 'cc' is not one of c b p d f", "type cc");
	check_error(M, "/dev/x - 666 0 0 1 1",
	    "type '-' is not one of c b p d f", "type -");
	check_error(M, "/dev/x", "missing type", "a path alone");
	check_error(M, "/dev/x c 0999 0 0 1 1", "bad mode '0999'", "mode 0999");
	check_error(M, "/dev/x c 999 0 0 1 1", "bad mode '999'", "mode 999");
	check_error(M, "/dev/x c 12345 0 0 1 1", "bad mode '12345'",
	    "mode 12345");
	check_error(M, "/dev/x c 10000 0 0 1 1", "bad mode '10000'",
	    "mode 10000 (past 07777)");
	check_error(M, "/dev/x c -1 0 0 1 1", "mode -1 (keep the mode) is "
	    "only for d, f, F and r: a new character device needs a mode",
	    "mode -1 for a new node");
	check_error(M, "/dev/x p -1", "a new FIFO needs a mode",
	    "mode -1 for a new FIFO");
	check_error(M, "/dev/x c -2 0 0 1 1", "bad mode '-2'", "mode -2");
	check_error(M, "/dev/x c rw 0 0 1 1", "bad mode 'rw'", "mode rw");
	check_error(M, "/dev/x c 0x1ff 0 0 1 1", "bad mode '0x1ff'",
	    "a hexadecimal mode");
	check_error(M, "/dev/x c 666 0 0 1 0 0 1 65537",
	    "count 65537 is too large (at most 65536)", "count 65537");
	check_error(M, "/dev/x c 666 0 0 1 0 0 0 99999999999999",
	    "count 99999999999999 is too large", "a huge count");
	check_error(M, "/dev/x c 666 0 0 1 0 0 0 99999999999999999999",
	    "bad count", "a count past 2^64");
	check_error(M, "/dev/../etc/passwd c 666 0 0 1 3",
	    "has a '..' component", "a '..' component");
	check_error(M, "/dev/.. d 755 0 0", "has a '..' component",
	    "a trailing '..' component");
	check_error(M, "/dev/./null c 666 0 0 1 3", "has a '.' component",
	    "a '.' component");
	check_error(M, "dev/null c 666 0 0 1 3",
	    "path 'dev/null' must be absolute (start with /)",
	    "a relative path");
	check_error(M, "- c 666 0 0 1 3",
	    "path '-' must be absolute (start with /)", "a path of -");
	memset(name, 'a', 5000);
	name[5000] = '\0';
	snprintf(line, sizeof(line), "/dev/%s c 666 0 0 1 3", name);
	check_error(M, line, "(5000 bytes, at most 255)",
	    "a 5000-character name");
	snprintf(line, sizeof(line), "/dev/%.256s c 666 0 0 1 3", name);
	check_error(M, line, "(256 bytes, at most 255)",
	    "a 256-character name");
	snprintf(path, sizeof(path), "/dev/%.255s", name);
	snprintf(line, sizeof(line), "%s c 666 0 0 1 3", path);
	check_entry(M, line, MD(path, 'c', 0666, 0, 0, 1, 3, 0, 0, 0),
	    "a 255-character name");
	line[0] = '\0';
	for (int i = 0; i < 17; i++)
		snprintf(line + strlen(line), sizeof(line) - strlen(line),
		    "/%.250s", name);
	strcat(line, " d 755 0 0");
	check_error(M, line, "is too long (more than 4095 bytes)",
	    "a path longer than PATH_MAX");
	snprintf(line, sizeof(line), "/dev/%.253s c 666 0 0 1 3 0 1 200",
	    name);
	check_error(M, line, "is too long (256 bytes, at most 255)",
	    "a range whose names pass NAME_MAX");
	snprintf(path, sizeof(path), "/dev/%.253s", name);
	snprintf(line, sizeof(line), "%s c 666 0 0 1 3 0 1 100", path);
	check_entry(M, line, MD(path, 'c', 0666, 0, 0, 1, 3, 0, 1, 100),
	    "a range whose last name is 255 bytes");
	{
		static const char nul[] = "/dev/a\0b c 666 0 0 1 3";
		struct entry e;
		struct dt_diag d;
		int r = parse_n(M, nul, sizeof(nul) - 1, &e, &d);

		ok(r == -1 && strstr(d.msg, "NUL byte") != NULL,
		    "makedevs rejects a NUL byte (%s)", d.msg);
	}
	check_error(M, "/dev/x c 666 nosuch 0 1 3", "unknown user 'nosuch' "
	    "(not in the test's users)", "an unknown user, saying where");
	check_error(M, "/dev/x c 666 0 nogroup 1 3", "unknown group "
	    "'nogroup' (not in the test's groups)", "an unknown group, saying "
	    "where");
	check_error(M, "/dev/x c 666 0 0 1 3 0 0 0 0",
	    "too many fields (11, at most 10)", "eleven fields");
	check_error(M, "/dev/x c 666 0 0 1 3 0 0 0 0 1 2 3",
	    "too many fields (14, at most 10)", "fourteen fields");
	check_error(M, "/dev/null c 666 0 0", "c needs MAJOR and MINOR",
	    "c without numbers");
	check_error(M, "/dev/null c 666 0 0 1", "c needs MAJOR and MINOR",
	    "c without a minor");
	check_error(M, "/dev/sda b 666 0 0 - 3", "b needs MAJOR and MINOR",
	    "b with major -");
	check_error(M, "/dev/sda b", "b needs MAJOR and MINOR",
	    "b with a path only");
	check_error(M, "/dev/f p 666 0 0 5 1", "p takes no MAJOR or MINOR",
	    "p with numbers");
	check_error(M, "/dev d 755 0 0 0 1", "d takes no MAJOR or MINOR",
	    "d with numbers");
	check_error(M, "/dev/d d 755 0 0 - - 0 1 5",
	    "only c, b and p entries make ranges", "a range of directories");
	check_error(M, "/dev/x c 666 0 0 4096 0",
	    "major '4096' is out of range (0-4095)", "major 4096");
	check_error(M, "/dev/x c 666 0 0 1 1048576",
	    "minor '1048576' is out of range (0-1048575)", "minor 1048576");
	check_error(M, "/dev/x c 666 0 0 0x10 0", "bad major '0x10': makedevs "
	    "numbers are decimal (busybox and buildroot read it as 0)",
	    "a hexadecimal major");
	check_error(M, "/dev/x c 666 0 0 1 0X1", "bad minor '0X1': makedevs "
	    "numbers are decimal", "a hexadecimal minor");
	check_error(M, "/dev/x c 666 0x10 0 1 1", "unknown user '0x10'",
	    "a hexadecimal uid, a name to buildroot's strtoul(base 10)");
	check_error(M, "/dev/x c 666 0 0 1 1 0 0 0x2", "bad count '0x2'",
	    "a hexadecimal count");
	check_error(M, "/dev/x c 666 0 0 1 1 0 +1 2", "bad inc: invalid number "
	    "'+1': a sign is not allowed", "a signed inc");
	check_error(M, "/dev/x c 666 0 0 1 12abc", "bad minor: invalid number",
	    "minor 12abc");
	check_error(M, "/dev/x c 666 0 0 1 -1", "bad minor", "minor -1");
	check_error(M, "/dev/x c 666 0 0 1 1048570 0 1 10",
	    "past the host limit 1048575", "a range past the minor limit");
	check_error(M, "/dev/x c 666 0 0 1 0 0 4294967296 3",
	    "past the host limit", "an increment that would overflow");
	check_error(M, "/dev/x c 666 0 0 1 0 18446744073709551615 1 2",
	    "overflows", "a start that overflows");
	check_error(M, "/ c 666 0 0 1 3", "'/' can only be a directory",
	    "/ as a device");
	check_error(M, "/dev/x c 666 4294967295 0 1 3",
	    "user '4294967295' is out of range", "uid 2^32-1");
	check_error(M, "/dev/x c 666 -1 0 1 3", "unknown user '-1'", "uid -1");
	memset(line, 0, sizeof(line));
	snprintf(line, sizeof(line), "/dev/x c 666 %.300s 0 1 3", name);
	check_error(M, line, "uid 'aaaa", "a 300-character user field");
	{
		struct entry e;
		struct dt_diag d;
		int r = dialect_parse_line(M, "/dev/x c 666 root 0 1 3", 23, 1,
		    NULL, &e, path_room(), &d);

		ok(r == -1 && strcmp(d.msg, "unknown user 'root'") == 0,
		    "without a resolver a name is unknown, nothing said of "
		    "where (%s)", d.msg);
		r = dialect_parse_line(M, "/dev/x c 666 7 8 1 3", 20, 1, NULL,
		    &e, path_room(), &d);
		ok(r == 1 && e.uid == 7 && e.gid == 8,
		    "without a resolver numbers still work");
		r = dialect_parse_line(NULL, "/dev/x c 666 7 8 1 3", 20,
		    1, NULL, &e, path_room(), &d);
		ok(r == -1, "an unknown dialect is an error (%s)", d.msg);
	}
}

/* tmpfiles: "-" owner and mode are not set */
#define TD(path, type, mode, ma, mi) \
	MK(path, type, mode, 0, 0, ma, mi, 0, 0, 0, false, false, false, false)

static void
test_tmpfiles(void)
{
	check_entry(T, "c /dev/null 0666 root root - 1:3",
	    MK("/dev/null", 'c', 0666, 0, 0, 1, 3, 0, 0, 0, false, true, true,
	    true), "c with names");
	check_entry(T, "c+ /dev/null 0666 - - - 1:3",
	    MK("/dev/null", 'c', 0666, 0, 0, 1, 3, 0, 0, 0, true, true, false,
	    false), "c+ replaces; owner -");
	check_entry(T, "b\t/dev/sda\t0660\troot\tdisk\t-\t8:0",
	    MK("/dev/sda", 'b', 0660, 0, 6, 8, 0, 0, 0, 0, false, true, true,
	    true), "b with tabs");
	check_entry(T, "b+ /dev/sdb - alice users - 8:16",
	    MK("/dev/sdb", 'b', 0644, 1000, 100, 8, 16, 0, 0, 0, true, false,
	    true, true), "b+ with mode -: 0644");
	check_entry(T, "c /dev/x - 1000 100 - 0x1:010",
	    MK("/dev/x", 'c', 0644, 1000, 100, 1, 8, 0, 0, 0, false, false,
	    true, true), "numbers in C notation");
	check_entry(T, "p /run/fifo 0600 - - -",
	    MK("/run/fifo", 'p', 0600, 0, 0, 0, 0, 0, 0, 0, false, true, false,
	    false), "p");
	check_entry(T, "p+ /run/fifo", MK("/run/fifo", 'p', 0644, 0, 0, 0, 0,
	    0, 0, 0, true, false, false, false), "p+ alone: mode 0644");
	check_entry(T, "d /run/x", TD("/run/x", 'd', 0755, 0, 0),
	    "d alone: mode 0755");
	check_entry(T, "d /run/x/ - - - 10d -", TD("/run/x", 'd', 0755, 0, 0),
	    "d with an age (ignored) and a trailing slash");
	check_entry(T, "f /etc/file", TD("/etc/file", 'f', 0644, 0, 0),
	    "f alone: mode 0644");
	check_entry(T, "f /etc/file 0600 root root - -",
	    MK("/etc/file", 'f', 0600, 0, 0, 0, 0, 0, 0, 0, false, true, true,
	    true), "f with argument -");
	check_entry(T, "c /dev/my\\x20disk 0600 - - - 1:3",
	    MK("/dev/my disk", 'c', 0600, 0, 0, 1, 3, 0, 0, 0, false, true,
	    false, false), "\\x20 escape");
	check_entry(T, "c \"/dev/a b\" 0600 - - - 1:3",
	    MK("/dev/a b", 'c', 0600, 0, 0, 1, 3, 0, 0, 0, false, true, false,
	    false), "double quotes");
	check_entry(T, "c '/dev/a b' 0600 - - - 1:3",
	    MK("/dev/a b", 'c', 0600, 0, 0, 1, 3, 0, 0, 0, false, true, false,
	    false), "single quotes");
	check_entry(T, "c /dev/a\" \"b 0600 - - - 1:3",
	    MK("/dev/a b", 'c', 0600, 0, 0, 1, 3, 0, 0, 0, false, true, false,
	    false), "quotes inside a word");
	check_entry(T, "c /dev/a\\040b\\tc\\\\d\\se 0600 - - - 1:3",
	    MK("/dev/a b\tc\\d e", 'c', 0600, 0, 0, 1, 3, 0, 0, 0, false, true,
	    false, false), "octal, \\t, \\\\ and \\s escapes");
	check_entry(T, "c /dev/caf\\u00e9\\U0001F600 0600 - - - 1:3",
	    MK("/dev/caf\xc3\xa9\xf0\x9f\x98\x80", 'c', 0600, 0, 0, 1, 3, 0, 0,
	    0, false, true, false, false), "\\u and \\U escapes as UTF-8");
	check_entry(T, "c /dev/100%%-x% 0600 - - - 1:3",
	    MK("/dev/100%-x%", 'c', 0600, 0, 0, 1, 3, 0, 0, 0, false, true,
	    false, false), "%% is a '%'; a final % stays");
	check_entry(T, "c /dev/null 0666 - - - 1:3 # the bit bucket",
	    MK("/dev/null", 'c', 0666, 0, 0, 1, 3, 0, 0, 0, false, true, false,
	    false), "trailing comment");
	check_entry(T, "c /dev/null 0666 - - - 1:3\r\n",
	    MK("/dev/null", 'c', 0666, 0, 0, 1, 3, 0, 0, 0, false, true, false,
	    false), "CRLF");
	check_skip(T, "# Type Path Mode User Group Age Argument", "a comment");
	check_skip(T, "", "an empty line");
	check_skip(T, "  \t ", "a blank line");

	check_error(T, "l /dev/x - - - - /dev/null",
	    "type 'l' is not one of c b p d f L", "type l (L is tmpfiles's)");
	check_error(T, "s /dev/log", "type 's' is not one of c b p d f L",
	    "type s (tmpfiles.d(5) has no sockets)");
	check_error(T, "c++ /dev/x - - - - 1:3",
	    "type 'c++': modifier '+' is repeated", "c++");
	check_error(T, "c!-! /dev/x - - - - 1:3",
	    "type 'c!-!': modifier '!' is repeated", "c!-!");
	check_error(T, "c* /dev/x - - - - 1:3", "type 'c*': unknown modifier "
	    "'*' (tmpfiles.d(5) has + ! - = ~ ^)", "c*");
	check_error(T, "c~ /dev/x - - - - 1:3", "type 'c~': '~' is for a line "
	    "that writes a file's content (base64)", "c~");
	check_error(T, "c^ /dev/x - - - - cred", "type 'c^': '^' is for a "
	    "line that writes a file's content (from a credential)", "c^");
	check_error(T, "d+ /run/x", "'+' (replace) is only for c, b, p and L",
	    "d+");
	check_error(T, "c", "missing path", "a type alone");
	check_error(T, "c /dev/x 0600", "c needs MAJOR:MINOR",
	    "c without numbers");
	check_error(T, "b /dev/x 0600 - - - -", "b needs MAJOR:MINOR",
	    "b with argument -");
	check_error(T, "c /dev/x - - - - 1", "bad device number '1'",
	    "an argument without a colon");
	check_error(T, "c /dev/x - - - - 1:x", "bad minor", "minor x");
	check_error(T, "c /dev/x - - - - :3", "bad major", "an empty major");
	check_error(T, "c /dev/x - - - - 4096:0", "major '4096' is out of range",
	    "major 4096");
	check_error(T, "c /dev/x - - - - 1:3 extra",
	    "too many fields (8, at most 7)", "eight fields");
	check_error(T, "c /dev/x 0999 - - - 1:3", "bad mode '0999'", "mode 0999");
	check_error(T, "c /dev/x - nosuch - - 1:3", "unknown user 'nosuch' "
	    "(not in the test's users)", "an unknown user, saying where");
	check_error(T, "c /dev/x - - nogroup - 1:3", "unknown group "
	    "'nogroup' (not in the test's groups)", "an unknown group, saying "
	    "where");
	check_error(T, "p /run/f - - - - 1:3", "p takes no argument",
	    "p with an argument");
	check_error(T, "c dev/null - - - - 1:3",
	    "must be absolute (start with /)", "a relative path");
	check_error(T, "c /dev/../x - - - - 1:3", "'..' component",
	    "a '..' component");
	check_error(T, "c /dev/\\x2e\\x2e/x - - - - 1:3", "'..' component",
	    "a '..' component made of escapes");
	check_error(T, "c /dev/a\\x00b - - - - 1:3", "NUL byte",
	    "a \\x00 escape");
	check_error(T, "c /dev/a\\000b - - - - 1:3", "bad escape",
	    "a \\000 escape");
	check_error(T, "c /dev/a\\qb - - - - 1:3", "unknown escape '\\q'",
	    "an unknown escape");
	check_error(T, "c /dev/a\\x2 - - - - 1:3", "want 2 hex digits",
	    "a short \\x escape");
	check_error(T, "c /dev/a\\ud800 - - - - 1:3", "not a valid character",
	    "a surrogate");
	check_error(T, "c \"/dev/a b - - - - 1:3", "unterminated \" quote",
	    "an unterminated quote");
	check_error(T, "c /dev/a\\", "backslash at the end",
	    "a trailing backslash");
}

static char read_path[DIALECT_TEXT_SIZE];	/* read_run's entry's */
static struct entry read_entry;

/*
 * A tmpfiles line read under run (NULL: none): devtool(1), "The tmpfiles
 * dialect".  Returns what read_line does; *kind the kind left out.
 */
static int
read_run(const char *line, const struct dialect_run *run,
    const char **kind, struct dt_diag *d)
{
	static struct dialect_reader r;	/* big */
	int rc;

	d->msg[0] = '\0';
	dialect_begin(&r, &tmpfiles_dialect, &resolver);
	r.run = run;
	rc = dialect_read_line(&r, line, strlen(line), 7, &read_entry,
	    read_path, d);
	*kind = r.left_out;
	return rc;
}

/* A line read, checked and left out as kind. */
static void
check_left(const char *line, const char *kind, const char *what)
{
	const char *got;
	struct dt_diag d;
	int r = read_run(line, NULL, &got, &d);

	if (!ok(r == 0 && got != NULL && strcmp(got, kind) == 0,
	    "tmpfiles leaves out %s", what))
		diag("line '%s': returned %d, kind '%s', message '%s'", line,
		    r, got != NULL ? got : "(none)", d.msg);
}

/* One line under run: an error saying msg. */
static void
check_run_error(const char *line, const struct dialect_run *run,
    const char *msg, const char *what)
{
	const char *got;
	struct dt_diag d;
	int r = read_run(line, run, &got, &d);

	if (!ok(r == -1 && strstr(d.msg, msg) != NULL, "tmpfiles rejects %s",
	    what))
		diag("line '%s': returned %d, message '%s', want '%s'", line,
		    r, d.msg, msg);
}

/* Skipped, neither an entry nor left out (--prefix, '!' without --boot). */
static void
check_run_skip(const char *line, const struct dialect_run *run,
    const char *what)
{
	const char *got;
	struct dt_diag d;
	int r = read_run(line, run, &got, &d);

	if (!ok(r == 0 && got == NULL, "tmpfiles skips %s", what))
		diag("line '%s': returned %d, message '%s'", line, r, d.msg);
}

/* D v q Q: a directory, as d makes (devtool(1), "The tmpfiles dialect"). */
static void
check_directory(const char *line, unsigned mode, const char *what)
{
	const char *got;
	struct dt_diag d;
	int r = read_run(line, NULL, &got, &d);

	if (!ok(r == 1 && read_entry.type == 'd' && read_entry.mode == mode &&
	    !read_entry.replace, "tmpfiles makes %s a directory", what))
		diag("line '%s': returned %d, type '%c', mode %o, message "
		    "'%s'", line, r, read_entry.type, read_entry.mode, d.msg);
}

/* The entries read so far, as the table source keeps them for z and Z. */
static const struct entry amendable[] = {
	{ .path = "/dev/a", .type = 'c', .mode = 0644, .major = 1,
	  .minor = 3, .correct = true },
	{ .path = "/srv", .type = 'd', .mode = 0755, .correct = true },
	{ .path = "/srv/f", .type = 'p', .mode = 0644, .correct = true },
	{ .path = "/srvx", .type = 'p', .mode = 0644, .correct = true },
};
#define AMENDABLE (sizeof(amendable) / sizeof(amendable[0]))

static const struct entry *
test_earlier(void *ctx, const char *path)
{
	(void)ctx;
	for (size_t i = 0; i < AMENDABLE; i++)
		if (strcmp(amendable[i].path, path) == 0)
			return &amendable[i];
	return NULL;
}

static const struct entry *
test_below(void *ctx, const char *path, size_t nth)
{
	size_t n = strlen(path);

	(void)ctx;
	for (size_t i = 0; i < AMENDABLE; i++)
		if (strncmp(amendable[i].path, path, n) == 0 &&
		    strchr("/", amendable[i].path[n]) != NULL && nth-- == 0)
			return &amendable[i];
	return NULL;
}

/*
 * A z or Z line read by a reader that keeps the entries (dialect.h, the
 * amends protocol): deferred, then, read again, the nth entry it amends.
 */
static int
read_amend(const char *line, bool again, unsigned nth, struct dialect_reader *r,
    struct dt_diag *d)
{
	d->msg[0] = '\0';
	dialect_begin(r, &tmpfiles_dialect, &resolver);
	r->earlier = test_earlier;
	r->below = test_below;
	r->again = again;
	r->nth = nth;
	return dialect_read_line(r, line, strlen(line), 9, &read_entry,
	    read_path, d);
}

/* z and Z amend the entries other lines make (devtool(1), same section). */
static void
test_tmpfiles_amends(void)
{
	static struct dialect_reader r;	/* big */
	struct dt_diag d;
	int rc;

	rc = read_amend("z /dev/a 0600 - 5 -", false, 0, &r, &d);
	ok(rc == 0 && r.defer && r.left_out == NULL,
	    "tmpfiles defers z to the run's end");
	rc = read_amend("z /dev/a 0600 - 5 -", true, 0, &r, &d);
	if (!ok(rc == 1 && r.amended && read_entry.type == 'c' &&
	    read_entry.mode == 0600 && read_entry.mode_set &&
	    read_entry.gid == 5 && read_entry.gid_set && read_entry.uid == 0 &&
	    !read_entry.uid_set && read_entry.major == 1 &&
	    read_entry.minor == 3 && strcmp(read_path, "/dev/a") == 0,
	    "tmpfiles z amends the mode and group of the entry, no more"))
		diag("returned %d, mode %o, %u:%u, message '%s'", rc,
		    read_entry.mode, (unsigned)read_entry.uid,
		    (unsigned)read_entry.gid, d.msg);
	rc = read_amend("z /dev/a ~0777 :7 -", true, 0, &r, &d);
	ok(rc == 1 && read_entry.mode == 0666 && read_entry.uid == 0 &&
	    !read_entry.uid_set, "tmpfiles z: ~ masks the mode with the "
	    "entry's, ':' sets nothing");
	rc = read_amend("Z /srv 0700 7 -", true, 0, &r, &d);
	ok(rc == 1 && r.more == 1 && strcmp(read_path, "/srv") == 0 &&
	    read_entry.mode == 0700 && read_entry.uid == 7,
	    "tmpfiles Z amends the directory first");
	rc = read_amend("Z /srv 0700 7 -", true, 1, &r, &d);
	ok(rc == 1 && r.more == 0 && strcmp(read_path, "/srv/f") == 0 &&
	    read_entry.type == 'p' && read_entry.mode == 0700,
	    "tmpfiles Z amends what is below it, not /srvx");
	rc = read_amend("z /nothing 0600", true, 0, &r, &d);
	ok(rc == 0 && r.left_out != NULL && strcmp(r.left_out, "z") == 0,
	    "tmpfiles leaves out a z for a path no line makes");
}

/* The run's specifiers in tests: %m and %H have values, the rest none. */
static const char *
test_specifier(void *ctx, char c)
{
	(void)ctx;
	return c == 'm' ? "0123456789abcdef0123456789abcdef" :
	    c == 'H' ? "host.example" : NULL;
}

/*
 * systemd 252's whole syntax (tmpfiles.d(5)): what devtool does not
 * create is read, checked and left out; --strict makes it an error.
 */
static void
test_tmpfiles_all(void)
{
	static const char *const nodev[] = { "/dev/shm", NULL };
	static const char *const dev[] = { "/dev", NULL };
	const struct dialect_run strict = { .strict = true };
	const struct dialect_run boot = { .boot = true };
	const struct dialect_run prefix = { .prefix = dev, .exclude = nodev };
	const struct dialect_run values = { .specifier = test_specifier };
	const char *kind;
	struct dt_diag d;

	check_left("x /tmp/systemd-private-%b-*", "x", "x with a glob");
	check_left("X /tmp/a", "X", "X");
	check_directory("q /srv 0750 - - -", 0750, "q");
	check_directory("Q /home - - - -", 0755, "Q");
	check_directory("D /tmp 1777 root root -", 01777, "D");
	check_directory("v+ /var/lib/machines 0700 - - - arg", 0700,
	    "v+ with an argument");
	check_left("e /var/tmp - - - 30d", "e", "e with an age");
	check_left("C /etc/x - - - - /usr/share/factory/etc/x", "C", "C");
	check_left("z /var/log/journal 2755 root root - -", "z", "z");
	check_left("Z /run/log/journal ~2750 root root - -", "Z",
	    "Z with a ~ mode");
	check_left("h /var/log/journal - - - - +C", "h", "h +C");
	check_left("a+ /var/log/journal - - - - d:group:adm:r-x,group:adm:r-x",
	    "a", "a+ with an ACL");
	check_left("t /run/x - - - - user.a=b", "t", "t");
	check_left("w- /proc/sys/vm/swappiness - - - - 10", "w", "w-");
	check_left("R /var/tmp/x*", "R", "R");
	check_left("f+ /etc/x", "f+", "f+ (truncates)");
	check_left("f^ /etc/x - - - - cred", "f^", "f^ (a credential)");
	check_left("f~ /etc/x - - - - aGk=", "f~", "f~ (base64)");
	check_left("f /etc/motd - - - - hello world", "f with content",
	    "f with content (the rest of the line)");
	check_left("c /dev/x ~0644 - - - 1:3", "~MODE", "a created type with "
	    "a ~ mode");
	check_left("c /dev/%m - - - - 1:3", "with %m unset",
	    "a line whose specifier has no value");
	check_left("L /x - - - - %a", "with %a unset",
	    "a link whose target's specifier has no value");
	check_run_skip("r! /tmp/.X0-lock", NULL, "r! without --boot");
	ok(read_run("r! /tmp/.X0-lock", &boot, &kind, &d) == 0 &&
	    kind != NULL && strcmp(kind, "r") == 0,
	    "tmpfiles leaves out r! with --boot");
	check_run_error("x /tmp/a", &strict,
	    "devtool does not create x lines (--strict)", "x under --strict");
	check_run_error("c /dev/%b - - - - 1:3", &strict,
	    "left out, with %b unset (--strict)", "an unset %b under --strict");
	check_run_skip("r! /tmp/.X0-lock", &strict,
	    "r! under --strict without --boot, as systemd-tmpfiles");
	check_run_skip("c /run/x - - - - 1:3", &prefix, "a path outside --prefix");
	check_run_skip("c /devices/x - - - - 1:3", &prefix,
	    "a path that only starts with --prefix's bytes");
	check_run_skip("d /dev/shm/x 0755 nosuch - -", &prefix,
	    "a line under --exclude-prefix, before its user is looked up");
	ok(read_run("c /dev/x - - - - 1:3", &prefix, &kind, &d) == 1,
	    "tmpfiles reads a line inside --prefix");
	ok(read_run("c /dev/%m-%H-%u-%%-%t - - - - 1:3", &values, &kind,
	    &d) == 1 && strcmp(read_path,
	    "/dev/0123456789abcdef0123456789abcdef-host.example-root-%-/run")
	    == 0, "tmpfiles expands %%m, %%H (the run's), %%u, %%%%, %%t");
	check_error(T, "c /dev/%E - - - - 1:3", "unknown specifier '%E' in path",
	    "an unknown specifier");
	check_error(T, "L /x - - - - %y", "unknown specifier '%y' in link target",
	    "an unknown specifier in a link's target");
	check_error(T, "x~ /tmp/a", "'~' is for a line that writes a file's "
	    "content (base64), which a x line does not", "x~");
	check_error(T, "w /x", "w needs an argument (what to write)",
	    "w without an argument");
	check_error(T, "h /x - - - - +Q", "bad attributes '+Q'",
	    "h with an unknown attribute");
	check_error(T, "C /x - - - - rel", "the source 'rel' is not absolute",
	    "C with a relative source");
	check_error(T, "f^ /x - - - - a/b", "'a/b' is not a credential's name",
	    "f^ with a bad credential name");
	check_error(T, "f~ /x - - - - a*b", "is not base64", "f~ not base64");
	check_error(T, "x /tmp/a - - - 10parsecs", "bad age '10parsecs'",
	    "a bad age");
	check_error(T, "x /tmp/a - - - 1fortnight", "bad age '1fortnight'",
	    "an unknown age unit");
	check_left("x /tmp/a - - - ~1h30min", "x", "an age with ~ and two units");
	check_left("x /tmp/a - - - bmA:10d", "x", "an age with its timestamps");
	check_error(T, "y /x", "type 'y' is not one of c b p d f L w D e v q Q C "
	    "x X r R z Z t T h H a A", "an unknown type, listing them all");
	check_error(T, "x /tmp/a - nosuch", "unknown user 'nosuch'",
	    "a left-out line's unknown user, as systemd-tmpfiles");
	{
		struct entry e;

		ok(parse(T, "c /dev/x :0640 root :root - 1:3", &e, &d) == 1 &&
		    e.nochange && e.mode == 0640 && e.mode_set &&
		    e.uid_set && e.gid_set,
		    "tmpfiles: ':' is for a new entry only (nochange)");
	}
}

/* An L line: mode 0777, mode and owner not set, the target. */
#define TL(path, target, replace) \
	MKT(path, 'l', 0777, 0, 0, 0, 0, 0, 0, 0, replace, false, false, \
	    false, target)

/*
 * L lines as systemd-tmpfiles 252 reads them (each target below is what
 * it made of the same line): the argument is the rest of the line,
 * stripped, its quotes kept, then unescaped and "%%" made '%'.
 */
static void
test_links(void)
{
	static char longest[PATH_MAX + 32], too_long[PATH_MAX + 32];

	check_entry(T, "L /dev/stdin - - - - /proc/self/fd/0",
	    TL("/dev/stdin", "/proc/self/fd/0", false), "L");
	check_entry(T, "L+\t/dev/ptmx\t-\t-\t-\t-\tpts/ptmx",
	    TL("/dev/ptmx", "pts/ptmx", true), "L+, a relative target");
	check_entry(T, "L /dev/x 0600 root tty 1d t", TL("/dev/x", "t", false),
	    "mode, user and group are ignored (tmpfiles.d(5))");
	check_entry(T, "L /a - - - - /x y", TL("/a", "/x y", false),
	    "a target with a space: the rest of the line");
	check_entry(T, "L /b - - - - \"/q z\"", TL("/b", "\"/q z\"", false),
	    "quotes are part of the target");
	check_entry(T, "L /c - - - - a\\x20b\\\\c", TL("/c", "a b\\c", false),
	    "escapes are decoded");
	check_entry(T, "L /d - - - - 100%%", TL("/d", "100%", false),
	    "%% is a '%'");
	check_entry(T, "L /e - - - -   lead  \t", TL("/e", "lead", false),
	    "the argument is stripped");
	check_entry(T, "L /f - - - - #hash", TL("/f", "#hash", false),
	    "a '#' in the argument is no comment");
	check_entry(T, "L /i - - - - a\\xffb", TL("/i", "a\xff" "b", false),
	    "a byte that is not UTF-8");
	check_entry(T, "L /k - - - - x\\ty it's", TL("/k", "x\ty it's", false),
	    "\\t and a lone quote");
	check_entry(T, "L /h", TL("/h", "/usr/share/factory/h", false),
	    "no argument: /usr/share/factory/PATH");
	check_entry(T, "L /dev/h - - - - -",
	    TL("/dev/h", "/usr/share/factory/dev/h", false),
	    "argument -: the default too");
	check_entry(T, "L /dev/m - - - - \\x2d", TL("/dev/m", "-", false),
	    "an escaped '-' is a target '-'");
	memset(longest, 'x', sizeof(longest));
	memcpy(longest, "L /l - - - - ", 13);
	longest[13 + PATH_MAX - 1] = '\0';
	check_entry(T, longest, TL("/l", longest + 13, false),
	    "a target of PATH_MAX - 1 bytes");
	memset(too_long, 'x', sizeof(too_long));
	memcpy(too_long, "L /l - - - - ", 13);
	too_long[13 + PATH_MAX] = '\0';
	check_error(T, too_long, "is too long (4096 bytes, at most 4095)",
	    "a target of PATH_MAX bytes");
	check_error(T, "L /x - - - - a\\x00b", "NUL byte", "a NUL target byte");
	check_error(T, "L /x - nosuch - - t", "unknown user 'nosuch'",
	    "an unknown user (as systemd-tmpfiles, though it is ignored)");
	check_extras(T, "L! /x - - - - t", 'l', 0777, "boot correct mode- ",
	    "L!: a boot-only link");
	{
		/* genext2fs's l: the owner of the link there (entry.h) */
		struct entry e;
		struct dt_diag d;
		char buf[DIALECT_LINE_MAX];

		ok(parse(M, "/bin/sh l 777 5 6", &e, &d) == 1 && e.type == 'l' &&
		    e.existing && e.target == NULL && e.uid == 5 && e.gid == 6 &&
		    e.uid_set && e.gid_set && e.mode == 0777 &&
		    format_line(M, &e, buf, sizeof(buf), &d) == 0 &&
		    strcmp(buf, "/bin/sh\tl\t0777\t5\t6\t-\t-\t-\t-\t-") == 0 &&
		    format_line(T, &e, buf, sizeof(buf), &d) == 0 &&
		    strcmp(buf, "# /bin/sh: a symbolic link named without a "
		    "target (genext2fs's l: the owner of the link there), "
		    "which a tmpfiles table cannot hold") == 0,
		    "makedevs l (genext2fs's) is the owner of the link there, "
		    "written back as l, a comment in tmpfiles ('%s')", buf);
	}
	check_error(M, "/dev/x l 777 0 0 1 3", "l takes no MAJOR or MINOR",
	    "a link's owner with numbers");
	check_error(M, "/dev/x q 777 0 0", "type 'q' is not one of c b p d f s "
	    "F r l", "an unknown type, naming genext2fs's l");
	check_entry(M, "/dev/log s 666 0 0",
	    MD("/dev/log", 's', 0666, 0, 0, 0, 0, 0, 0, 0),
	    "a socket (genext2fs's s)");
	check_error(M, "/dev/log s 666 0 0 1 3", "s takes no MAJOR or MINOR",
	    "a socket with numbers");
}

/*
 * The dialect a whole table is read in when apply -i does not name one
 * (devtool(1), "Telling the dialects apart"): what the first bytes say (a
 * JSON document or JSON lines), else the first line that says anything,
 * comments and blank lines skipped but for mtree's "#mtree".  Pinned here
 * before the readers became one file each: every sample must keep its
 * dialect.  An absolute name with a pseudo-only type (/dev/x L ...) is a
 * pseudo line, which then refuses L (a hard link); F, l and a five-word s
 * are buildroot's and genext2fs's makedevs.
 */
static const struct dialect *
detected(const char *text)
{
	size_t n = strlen(text), len;
	const struct dialect *d = dialect_detect_head(text, n);

	if (d != NULL)
		return d;
	for (const char *line = text; *line != '\0'; line += len + (line[len] == '\n')) {
		len = strcspn(line, "\n");
		if ((d = dialect_detect_line(line, len)) != NULL)
			return d;
		if (!dialect_blank(line, len))
			return dialect_detect_line(line, len);
	}
	return NULL;
}

static void
test_detect_input(void)
{
	static const struct {
		const char *text;
		const struct dialect *want;
	} cases[] = {
		{ .text = "/dev/null c 666 0 0 1 3\n", .want = &makedevs_dialect },
		{ .text = "# devices\n\n/dev d 755\n", .want = &makedevs_dialect },
		{ .text = "/dev/f F 600 0 0\n", .want = &makedevs_dialect },
		{ .text = "/dev/s s 600 0 0\n", .want = &makedevs_dialect },
		{ .text = "/dev/a=b c 600 0 0 1 3\n", .want = &makedevs_dialect },
		{ .text = "c /dev/null 0666 - - - 1:3\n", .want = &tmpfiles_dialect },
		{ .text = "L+ /etc/x - - - - /y\n", .want = &tmpfiles_dialect },
		{ .text = "d /run/a=b 0755\n", .want = &tmpfiles_dialect },
		{ .text = "d %t/x\n", .want = &tmpfiles_dialect },
		{ .text = "#mtree\n./dev type=dir\n", .want = &mtree_dialect },
		{ .text = "# a comment\n#mtree v2.0\n", .want = &mtree_dialect },
		{ .text = "/set type=char\n", .want = &mtree_dialect },
		/* a file named /set or /unset in a makedevs table */
		{ .text = "/unset f 0640 0 0 - - - - -\n",
		  .want = &makedevs_dialect },
		{ .text = "./dev/null type=char device=native,1,3\n",
		  .want = &mtree_dialect },
		{ .text = "/dev/a type=char\n", .want = &mtree_dialect },
		{ .text = "file type=file uid=18 mode=0123 size=3\n"
		  "dir type=dir\n", .want = &mtree_dialect },
		{ .text = "# -D\ntype=dir uid=0 gid=0 mode=0755 .\n",
		  .want = &mtree_dialect },
		{ .text = "nod /dev/console 0600 0 0 c 5 1\n",
		  .want = &gen_init_cpio_dialect },
		{ .text = "\n# initramfs\ndir /dev 0755 0 0\n",
		  .want = &gen_init_cpio_dialect },
		{ .text = "dev/null c 666 0 0 1 3\n", .want = &pseudo_dialect },
		/* a name with a keyword's '=' and words no keyword: not -D */
		{ .text = "contents=x d 0750 5 0\n", .want = &pseudo_dialect },
		{ .text = "/dev/x L 777 0 0 /y\n", .want = &pseudo_dialect },
		/* genext2fs's l (a link's owner), not a pseudo hard link */
		{ .text = "/bin/sh l 777 0 0\n", .want = &makedevs_dialect },
		{ .text = "dev/x l 777 0 0 y\n", .want = &pseudo_dialect },
		{ .text = "/dev/l s 777 0 0 null\n", .want = &pseudo_dialect },
		{ .text = "/dev/C C 1 600 0 0 1 2\n", .want = &pseudo_dialect },
		{ .text = "{\"path\":\"/dev/null\",\"type\":\"c\"}\n",
		  .want = &json_dialect },
		{ .text = "  [ {\"path\":\"/dev/null\"} ]\n", .want = &oci_dialect },
		/* keys, not the first byte: devtool's objects as jq writes them */
		{ .text = "[{\"path\":\"/dev/x\",\"type\":\"p\",\"mode\":\"0600\","
		    "\"uid\":0,\"gid\":0}]\n", .want = &json_dialect },
		{ .text = "[\n  {\n    \"path\": \"/dev/x\",\n    \"type\": \"p\",\n"
		    "    \"mode\": \"0600\"\n  }\n]\n", .want = &json_dialect },
		{ .text = "{\n  \"path\": \"/dev/x\",\n  \"mode\": \"0600\"\n}\n",
		  .want = &json_dialect },
		{ .text = "[{\"path\":\"/dev/x\",\"type\":\"c\",\"major\":1,"
		    "\"minor\":3,\"fileMode\":384,\"mode\":\"0600\"}]\n",
		  .want = &oci_dialect },
		{ .text = "[]\n", .want = &oci_dialect },
		/* a first object not whole: read whole, then asked again */
		{ .text = "[\n  {\n    \"path\": \"/dev/x\",\n", .want = &json_dialect },
		{ .text = "{\"ociVersion\":\"1.0.2\"}\n", .want = &oci_dialect },
		{ .text = "{\n  \"linux\": {}\n}\n", .want = &oci_dialect },
		{ .text = "hello world\n", .want = NULL },
		{ .text = "dev/x p 640 0 0\n", .want = NULL },
		{ .text = "# only a comment\n\n", .want = NULL },
		{ .text = "", .want = NULL },
	};
	struct check c;

	begin(&c, "a table's dialect detected from its start, in a fixed "
	    "order (%zu samples)", ARRAY_SIZE(cases));
	for (size_t i = 0; i < ARRAY_SIZE(cases); i++) {
		const struct dialect *got = detected(cases[i].text);

		expect(&c, got == cases[i].want, "'%s': got %s, want %s",
		    cases[i].text, dialect_name(got),
		    dialect_name(cases[i].want));
	}
	end(&c);
}

/*
 * A line its table's dialect cannot read is another's when that one bids
 * for it and reads it (dialect_other_reader): where a second table joined
 * on stdin begins.
 */
static void
test_other_reader(void)
{
	static const struct {
		const struct dialect *cur;
		const char *line;
		const struct dialect *want;
	} cases[] = {
		{ M, "d /run/lock 1777 0 0 -", T },
		{ M, "c /dev/console 0600 0 5 - 5:1", T },
		{ T, "/dev d 755 0 0 - - - - -", M },
		{ M, "nod /dev/null 0666 0 0 c 1 3", &gen_init_cpio_dialect },
		{ M, "/set type=char uid=0", &mtree_dialect },
		{ M, "{\"path\":\"/dev/x\",\"type\":\"p\",\"mode\":\"0600\","
		  "\"uid\":0,\"gid\":0}", &json_dialect },
		/* its own dialect's line, though a bad one */
		{ M, "/dev/null c 666 0 0 1", NULL },
		{ T, "c /dev/null 0666 - - - 1:x", NULL },
		{ T, "dir /dev 0755 0 0", &gen_init_cpio_dialect },
		{ M, "./dev/null type=char mode=0666 device=linux,1,3",
		  &mtree_dialect },
		/* a relative path in a makedevs or tmpfiles table: a typo */
		{ M, "dev/null c 0666 0 0 1 3", NULL },
		{ M, "dev d 0755 0 0", NULL },	/* pseudo: first_line_only */
		{ T, "c dev/y 0640 - - - 1:3", NULL },
		/* bid for by another, but not read by it */
		{ M, "c /dev/x bogus", NULL },
		{ M, "hello world", NULL },
		{ M, "", NULL },
	};
	bool pass = true;

	for (size_t i = 0; i < ARRAY_SIZE(cases); i++) {
		const struct dialect *got = dialect_other_reader(cases[i].cur,
		    cases[i].line, strlen(cases[i].line), &resolver,
		    path_room());

		if (got != cases[i].want) {
			diag("%s table, '%s': got %s, want %s",
			    cases[i].cur->name, cases[i].line, dialect_name(got),
			    dialect_name(cases[i].want));
			pass = false;
		}
	}
	ok(pass, "dialect_other_reader on %zu lines", ARRAY_SIZE(cases));
}

static void
test_detect(void)
{
	static const struct {
		const char *line;
		const struct dialect *want;
	} cases[] = {
		{ "/dev/null c 666 0 0 1 3", M },
		{ "  \t/dev d 755", M },
		{ "c /dev/null 0666 - - - 1:3", T },
		{ "c+ /dev/null 0666 - - - 1:3", T },
		{ "d\t/run/x", T },
		{ "L+ /etc/x - - - - /y", T },
		{ "d \"/run/a b\"", T },
		{ "d %t/x", T },
		{ "", NULL },
		{ "# c /dev/null", NULL },
		{ "hello world", NULL },
		{ "dev/null c 666", &pseudo_dialect },	/* a relative name */
		{ "c", NULL },
		{ "1 /dev/x", NULL },
	};
	bool pass = true;

	for (size_t i = 0; i < ARRAY_SIZE(cases); i++) {
		const struct dialect *got = dialect_detect_line(cases[i].line,
		    strlen(cases[i].line));

		if (got != cases[i].want) {
			diag("'%s': got %s, want %s", cases[i].line,
			    dialect_name(got),
			    dialect_name(cases[i].want));
			pass = false;
		}
	}
	ok(pass, "dialect_detect_line on %zu lines", ARRAY_SIZE(cases));
	ok(dialect_detect_line("c\0/x", 4) == NULL &&
	    dialect_detect_line("c \0/x", 5) == NULL,
	    "dialect_detect_line does not mistake a NUL for a separator or "
	    "path");
	ok(dialect_blank("  # x", 5) && dialect_blank("", 0) &&
	    !dialect_blank(" /dev d", 7), "table_blank");
}

static void
test_ranges(void)
{
	struct entry e, node;
	struct dt_diag d;
	bool pass = true;
	char want[64];
	size_t n;

	parse(M, "/dev/hda b 640 0 0 3 1 1 1 15", &e, &d);
	n = entry_expand_count(&e);
	for (size_t i = 0; i < n; i++) {
		snprintf(want, sizeof(want), "/dev/hda%zu", i + 1);
		if (entry_expand(&e, i, &node, expand_room, &d) != 0 ||
		    strcmp(node.path, want) != 0 || node.minor != i + 1 ||
		    node.major != 3 || node.count != 0 || node.mode != 0640) {
			diag("node %zu: '%s' %" PRIu64 ":%" PRIu64 " (%s)", i,
			    node.path, node.major, node.minor, d.msg);
			pass = false;
		}
	}
	ok(pass && n == 15, "hda range: hda1..hda15 with minors 1..15");
	ok(entry_expand(&e, 15, &node, expand_room, &d) == -1,
	    "no node past the end of a range (%s)", d.msg);

	parse(M, "/dev/ttyS c 666 0 0 4 64 0 1 4", &e, &d);
	pass = entry_expand_count(&e) == 4;
	for (size_t i = 0; i < 4 && pass; i++) {
		snprintf(want, sizeof(want), "/dev/ttyS%zu", i);
		pass = entry_expand(&e, i, &node, expand_room, &d) == 0 &&
		    strcmp(node.path, want) == 0 && node.minor == 64 + i;
	}
	ok(pass, "ttyS0..ttyS3 with minors 64..67");

	parse(M, "/dev/x c 666 0 0 4 64 10 2 3", &e, &d);
	pass = entry_expand_count(&e) == 3 &&
	    entry_expand(&e, 2, &node, expand_room, &d) == 0 &&
	    strcmp(node.path, "/dev/x12") == 0 && node.minor == 68;
	ok(pass, "start 10 inc 2: the third node is x12 with minor 68");

	parse(M, "/dev/x c 666 0 0 4 64 0 - 3", &e, &d);
	pass = entry_expand_count(&e) == 3;
	for (size_t i = 0; i < 3 && pass; i++)
		pass = entry_expand(&e, i, &node, expand_room, &d) == 0 &&
		    node.minor == 64;
	ok(pass, "inc - (0): every node has the same minor, as in busybox");

	parse(M, "/dev/ttyS c 666 0 0 4 64 5 1 1", &e, &d);
	ok(entry_expand_count(&e) == 1 &&
	    entry_expand(&e, 0, &node, expand_room, &d) == 0 &&
	    strcmp(node.path, "/dev/ttyS5") == 0 && node.minor == 64,
	    "count 1: one node named PATH<start>, as --count 1 does");

	parse(M, "/dev/null c 666 0 0 1 3", &e, &d);
	ok(entry_expand_count(&e) == 1 &&
	    entry_expand(&e, 0, &node, expand_room, &d) == 0 && same_entry(&e, &node),
	    "count 0: the entry itself");

	parse(M, "/dev/f p 600 0 0 - - 7 - 2", &e, &d);
	ok(entry_expand_count(&e) == 2 &&
	    entry_expand(&e, 1, &node, expand_room, &d) == 0 &&
	    strcmp(node.path, "/dev/f8") == 0 && node.minor == 0,
	    "p range: f7, f8 without numbers");

	parse(M, "/dev/x c 666 0 0 1 0 0 1 65536", &e, &d);
	ok(entry_expand(&e, 65535, &node, expand_room, &d) == 0 &&
	    strcmp(node.path, "/dev/x65535") == 0 && node.minor == 65535,
	    "the last node of the largest range");
}

static void
check_format(const struct dialect *dialect, const char *line, const char *want,
    const char *what)
{
	struct entry e;
	struct dt_diag d;
	char buf[DIALECT_LINE_MAX];
	int r = parse(dialect, line, &e, &d);

	if (r == 1)
		r = format_line(dialect, &e, buf, sizeof(buf), &d);
	else
		r = -1;
	if (!ok(r == 0 && strcmp(buf, want) == 0, "%s writes %s",
	    dialect_name(dialect), what))
		diag("from '%s': %d '%s' (%s), want '%s'", line, r,
		    r == 0 ? buf : "", d.msg, want);
}

/* The writer's own output, and what it refuses. */
static void
test_writer(void)
{
	struct entry e;
	struct dt_diag d;
	char buf[DIALECT_LINE_MAX];

	check_format(M, "/dev/null c 666 root 0 1 3",
	    "/dev/null\tc\t0666\t0\t0\t1\t3\t-\t-\t-", "a node");
	check_format(M, "/dev/x c 0 0 0 0 0",
	    "/dev/x\tc\t0000\t0\t0\t0\t0\t-\t-\t-", "a node 0:0");
	check_format(M, "/dev/pts/ d 755 0 0",
	    "/dev/pts\td\t0755\t0\t0\t-\t-\t-\t-\t-", "a directory");
	check_format(M, "/dev/hda b 640 0 0 3 1 1 1 15",
	    "/dev/hda\tb\t0640\t0\t0\t3\t1\t1\t1\t15", "a range");
	check_format(M, "/dev/f p 600 0 0 - - 7 - 2",
	    "/dev/f\tp\t0600\t0\t0\t0\t0\t7\t0\t2",
	    "a p range with no '-' before a number");
	check_format(M, "/dev/tty c 620 root tty 5 0",
	    "/dev/tty\tc\t0620\t0\t5\t5\t0\t-\t-\t-", "an owner by number");
	check_format(T, "c /dev/null 0666 root root - 1:3",
	    "c\t/dev/null\t0666\t0\t0\t-\t1:3", "a node");
	check_format(T, "c+ /dev/null - - - - 1:3",
	    "c+\t/dev/null\t-\t-\t-\t-\t1:3", "c+ with defaults");
	check_format(T, "d /run/x", "d\t/run/x\t-\t-\t-\t-\t-", "a directory");
	check_format(T, "p /run/f 0600 1 2", "p\t/run/f\t0600\t1\t2\t-\t-",
	    "a FIFO");
	check_format(T, "c '/dev/my disk\\t%%\\\\\"' 0600 - - - 1:3",
	    "c\t\"/dev/my disk\\x09%%\\x5c\\x22\"\t0600\t-\t-\t-\t1:3",
	    "a path with a space is quoted; only what must be is escaped");
	check_format(T, "c /dev/\xc3\xa9t\xc3\xa9 0600 - - - 1:3",
	    "c\t/dev/\xc3\xa9t\xc3\xa9\t0600\t-\t-\t-\t1:3",
	    "valid UTF-8 is written raw, as systemd-tmpfiles 252 reads it");
	check_format(T, "c /dev/a\\xffb 0600 - - - 1:3",
	    "c\t/dev/a\\xffb\t0600\t-\t-\t-\t1:3",
	    "a byte that is not UTF-8 is escaped");

	parse(T, "c /dev/my\\x20disk 0600 - - - 1:3", &e, &d);
	ok(format_line(M, &e, buf, sizeof(buf), &d) == -1 &&
	    strstr(d.msg, "makedevs table cannot hold") != NULL,
	    "makedevs refuses a path with a space (%s)", d.msg);
	parse(T, "c /dev/a\\x01b 0600 - - - 1:3", &e, &d);
	ok(format_line(M, &e, buf, sizeof(buf), &d) == -1,
	    "makedevs refuses a path with a control character");
	parse(T, "c /dev/a\\x7fb 0600 - - - 1:3", &e, &d);
	ok(format_line(M, &e, buf, sizeof(buf), &d) == -1,
	    "makedevs refuses a path with DEL");
	parse(M, "/dev/hda b 640 0 0 3 1 1 1 15", &e, &d);
	ok(format_line(T, &e, buf, sizeof(buf), &d) == -1 &&
	    strstr(d.msg, "no ranges") != NULL,
	    "tmpfiles refuses a range (%s)", d.msg);

	parse(M, "/dev/null c 666 0 0 1 3", &e, &d);
	e.path = "/dev//null";
	ok(format_line(M, &e, buf, sizeof(buf), &d) == -1 &&
	    strstr(d.msg, "not in normal form") != NULL,
	    "a path not in normal form is refused (%s)", d.msg);
	e.path = "/dev/null/";
	ok(format_line(T, &e, buf, sizeof(buf), &d) == -1,
	    "a trailing slash is refused");
	e.path = "dev/null";
	ok(format_line(T, &e, buf, sizeof(buf), &d) == -1,
	    "a relative path is refused");
	e.path = "/dev/null";
	e.mode = 010000;
	ok(format_line(M, &e, buf, sizeof(buf), &d) == -1,
	    "a mode past 07777 is refused (%s)", d.msg);
	e.mode = 0666;
	e.major = 4096;
	ok(format_line(T, &e, buf, sizeof(buf), &d) == -1,
	    "a major past the host limit is refused (%s)", d.msg);
	e.major = 1;
	e.type = 'x';
	ok(format_line(T, &e, buf, sizeof(buf), &d) == -1,
	    "an unknown type is refused (%s)", d.msg);
	e.type = 'd';
	ok(format_line(T, &e, buf, sizeof(buf), &d) == -1,
	    "a directory with numbers is refused (%s)", d.msg);
	e.type = 'c';
	e.count = 1;
	e.start = 3;
	ok(entry_validate(&e, &d) == 0, "a hand-made count 1 is valid");
	{
		static char huge[PATH_MAX + 1];

		memset(huge, 'x', PATH_MAX);
		huge[0] = '/';
		e.path = huge;
		ok(entry_validate(&e, &d) == -1,
		    "a path of PATH_MAX bytes is refused");
	}

	parse(M, "/dev/null c 666 0 0 1 3", &e, &d);
	ok(format_line(T, &e, buf, sizeof(buf), &d) == 0 &&
	    strcmp(buf, "c\t/dev/null\t0666\t0\t0\t-\t1:3") == 0 &&
	    format_line(M, &e, buf, sizeof(buf), &d) == 0 &&
	    strcmp(buf, "/dev/null\tc\t0666\t0\t0\t1\t3\t-\t-\t-") == 0,
	    "one entry in both dialects, without a newline");
}

/* An entry as a tree gives it: mode and owner set, target or not. */
static struct entry
found_entry(const char *path, char type, const char *target)
{
	struct entry e = { .path = path, .type = type, .target = target,
	    .mode = type == 'l' ? 0777 : 0666, .uid = 5, .gid = 6,
	    .mode_set = true, .uid_set = true, .gid_set = true };

	return e;
}

static void
check_written(const struct dialect *dialect, const struct entry *e,
    const char *want, const char *what)
{
	char buf[DIALECT_LINE_MAX];
	struct dt_diag d;
	int r = format_line(dialect, e, buf, sizeof(buf), &d);

	if (!ok(r == 0 && strcmp(buf, want) == 0, "%s writes %s",
	    dialect_name(dialect), what))
		diag("%d '%s' (%s), want '%s'", r, r == 0 ? buf : "", d.msg,
		    want);
}

/*
 * Links and sockets: written where the dialect has a line for them, a
 * comment line naming them where it has none (dialect_holds).
 */
static void
test_link_writer(void)
{
	struct entry link = found_entry("/dev/stdin", 'l', "/proc/self/fd/0");
	struct entry sock = found_entry("/dev/log", 's', NULL);
	struct entry odd = found_entry("/dev/odd", 'l', NULL);
	struct entry e;
	struct dt_diag d;
	char buf[DIALECT_LINE_MAX];

	check_written(T, &link, "L\t/dev/stdin\t-\t-\t-\t-\t/proc/self/fd/0",
	    "a link as L, its owner left out (tmpfiles.d(5) ignores it)");
	link.replace = true;
	check_written(T, &link, "L+\t/dev/stdin\t-\t-\t-\t-\t/proc/self/fd/0",
	    "L+");
	link.replace = false;
	check_written(M, &link, "# /dev/stdin -> /proc/self/fd/0: a symbolic "
	    "link, which a makedevs table cannot hold", "a link as a comment");
	check_written(&json_dialect, &link, "{\"path\":\"/dev/stdin\",\"type\":"
	    "\"l\",\"mode\":\"0777\",\"uid\":5,\"gid\":6,\"target\":"
	    "\"/proc/self/fd/0\"}", "a link with its target");
	check_written(M, &sock, "/dev/log\ts\t0666\t5\t6\t-\t-\t-\t-\t-",
	    "a socket as genext2fs's s");
	check_written(T, &sock, "# /dev/log: a socket, which a tmpfiles table "
	    "cannot hold", "a socket as a comment");
	check_written(&json_dialect, &sock, "{\"path\":\"/dev/log\",\"type\":"
	    "\"s\",\"mode\":\"0666\",\"uid\":5,\"gid\":6}", "a socket");
	odd.target = " it's \"100%\" a\\b\x01\xff ";
	check_written(T, &odd, "L\t/dev/odd\t-\t-\t-\t-\t\\x20it's \"100%%\" "
	    "a\\x5cb\\x01\\xff\\x20", "a target: quotes raw, '%' doubled, "
	    "backslash, control, non-UTF-8 and end spaces escaped");
	odd.path = "/dev/a\nb";
	odd.target = "c\td";
	check_written(M, &odd, "# /dev/a?b -> c?d: a symbolic link, which a "
	    "makedevs table cannot hold", "a comment shows control bytes as ?");
	odd.target = "-";
	check_written(T, &odd, "L\t/dev/a\\x0ab\t-\t-\t-\t-\t\\x2d",
	    "a target '-' (which would mean none) escaped");
	ok(parse(T, "L /dev/x - - - - y", &e, &d) == 1 &&
	    format_line(M, &e, buf, sizeof(buf), &d) == 0 &&
	    parse(M, buf, &e, &d) == 0 && dialect_detect_line(buf, strlen(buf)) ==
	    NULL, "an L line written as makedevs is a comment line "
	    "('%s'), skipped when read", buf);
	ok(dialect_holds(M, &sock) && !dialect_holds(M, &link) &&
	    dialect_holds(T, &link) && !dialect_holds(T, &sock) &&
	    dialect_holds(&json_dialect, &link) && dialect_holds(&json_dialect, &sock),
	    "dialect_holds: makedevs no link, tmpfiles no socket, JSON all");

	e = link;
	e.target = NULL;
	ok(format_line(T, &e, buf, sizeof(buf), &d) == -1 &&
	    strstr(d.msg, "a symbolic link needs a target") != NULL,
	    "a link without a target is refused (%s)", d.msg);
	e.target = "";
	ok(entry_validate(&e, &d) == -1, "an empty target is refused");
	e = sock;
	e.target = "x";
	ok(entry_validate(&e, &d) == -1 &&
	    strstr(d.msg, "s takes no link target") != NULL,
	    "a target on another type is refused (%s)", d.msg);
	e = sock;
	e.replace = true;
	ok(entry_validate(&e, &d) == -1 &&
	    strstr(d.msg, "only c, b, p and l entries can be replaced") != NULL,
	    "a socket cannot be replaced (%s)", d.msg);
	{
		static char huge[PATH_MAX + 1];

		memset(huge, 'x', PATH_MAX);
		e = link;
		e.target = huge;
		ok(entry_validate(&e, &d) == -1 &&
		    strstr(d.msg, "too long") != NULL,
		    "a target of PATH_MAX bytes is refused (%s)", d.msg);
	}
}

/* Parses, writes, parses again: the same entry and the same line. */
static bool
round_trip(const struct dialect *dialect, const struct entry *e,
    char *why, size_t len)
{
	struct entry back;
	struct dt_diag d;
	char line[DIALECT_LINE_MAX], again[DIALECT_LINE_MAX];

	if (format_line(dialect, e, line, sizeof(line), &d) != 0) {
		snprintf(why, len, "format '%.200s': %.200s", e->path, d.msg);
		return false;
	}
	if (dialect_parse_line(dialect, line, strlen(line), e->lineno,
	    &resolver, &back, path_room(), &d) != 1) {
		snprintf(why, len, "parse '%.200s': %.250s", line, d.msg);
		return false;
	}
	if (!same_entry(e, &back)) {
		snprintf(why, len, "'%.200s' reads back differently", line);
		show("wrote", e);
		show("read ", &back);
		return false;
	}
	if (format_line(dialect, &back, again, sizeof(again), &d) != 0 ||
	    strcmp(line, again) != 0) {
		snprintf(why, len, "'%.200s' is written again as '%.200s'",
		    line, again);
		return false;
	}
	return true;
}

static const char *const round_trip_lines[][2] = {
	{ "/dev/null c 666 0 0 1 3 0 0 0", NULL },
	{ "/dev d 755 0 0 - - - - -", NULL },
	{ "/etc d", NULL },
	{ "/dev/pts/ d 755 0 0", NULL },
	{ "/dev/hda b 640 0 0 3 1 1 1 15", NULL },
	{ "/dev/ttyS c 666 0 0 4 64 0 1 4", NULL },
	{ "/dev/x c 666 0 0 4 64 10 2 3", NULL },
	{ "/dev/x c 666 0 0 4 64 0 - 3", NULL },
	{ "/dev/f p 666 0 0 0 0 0 1 3", NULL },
	{ "/dev/ttyS c 666 0 0 4 64 5 1 1", NULL },
	{ "/dev/tty c 0620 root tty 5 0", NULL },
	{ "/dev/x c 600 4294967294 4294967294 4095 1048575", NULL },
	{ "/dev/x c 0 0 0 0 0", NULL },
	{ "/bin/su f 4755 0 0", NULL },
	{ "/ d 755 0 0", NULL },
	{ "/dev/a#b c 666 0 0 1 3", NULL },
	{ "/dev/caf\xc3\xa9 c 666 0 0 1 3", NULL },
	{ "/dev/log s 666 0 0", NULL },
	{ NULL, "c /dev/null 0666 root root - 1:3" },
	{ NULL, "c+ /dev/null 0666 - - - 1:3" },
	{ NULL, "b+ /dev/sdb - alice users - 8:16" },
	{ NULL, "p /run/fifo 0600 - - -" },
	{ NULL, "p+ /run/fifo" },
	{ NULL, "d /run/x" },
	{ NULL, "d /run/x 0700 1 -" },
	{ NULL, "f /etc/file" },
	{ NULL, "c /dev/my\\x20disk 0600 - - - 1:3" },
	{ NULL, "c '/dev/a b\\t\\n\\\\\"' 0600 - - - 1:3" },
	{ NULL, "c /dev/caf\\u00e9 0600 - - - 1:3" },
	{ NULL, "c /dev/100%%-x% 0600 - - - 1:3" },
	{ NULL, "c /dev/#x 0600 - - - 1:3" },
	{ NULL, "L /dev/stdin - - - - /proc/self/fd/0" },
	{ NULL, "L+ /dev/ptmx - - - - pts/ptmx" },
	{ NULL, "L /dev/x - - - -  a b\\x20 " },
	{ NULL, "L /dev/x - - - - \"it's\" #1 100%% \\\\ \\t" },
	{ NULL, "L /dev/x" },
	{ NULL, "L /dev/x - - - - \\x2d" },
};

static void
test_round_trip_lines(void)
{
	struct entry e;
	struct dt_diag d;
	char why[512];

	for (size_t i = 0; i < ARRAY_SIZE(round_trip_lines); i++) {
		const struct dialect *dialect = round_trip_lines[i][0] ? M : T;
		const char *line = round_trip_lines[i][dialect == M ? 0 : 1];
		bool pass = parse(dialect, line, &e, &d) == 1;

		if (!pass)
			snprintf(why, sizeof(why), "parse: %.400s", d.msg);
		else
			pass = round_trip(dialect, &e, why, sizeof(why));
		if (!ok(pass, "%s round trip of '%s'",
		    dialect_name(dialect), line))
			diag("%s", why);
	}
}

/* Across dialects the numbers, mode and owner survive. */
static void
test_cross_dialect(void)
{
	static const char *const lines[] = {
		"/dev/null c 666 0 0 1 3",
		"/dev/tty c 0620 root tty 5 0",
		"/dev/sda b 660 0 6 8 0",
		"/dev/initctl p 600 0 0",
		"/dev d 755 0 0",
		"/etc/shadow f 600 0 0",
	};
	struct entry e, back;
	struct dt_diag d;
	char line[DIALECT_LINE_MAX];
	bool pass = true;

	for (size_t i = 0; i < ARRAY_SIZE(lines) && pass; i++) {
		pass = parse(M, lines[i], &e, &d) == 1 &&
		    format_line(T, &e, line, sizeof(line), &d) == 0 &&
		    parse(T, line, &back, &d) == 1;
		pass = pass && same_entry(&e, &back);
		if (!pass)
			diag("'%s' -> '%s': %s", lines[i], line, d.msg);
	}
	ok(pass, "makedevs -> tmpfiles -> the same entries");

	/* a kept mode is buildroot's -1, for d and f, not a mode to set */
	pass = parse(T, "d /run/x", &e, &d) == 1 &&
	    format_line(M, &e, line, sizeof(line), &d) == 0 &&
	    strcmp(line, "/run/x\td\t-1\t0\t0\t-\t-\t-\t-\t-") == 0 &&
	    parse(M, line, &back, &d) == 1 && back.mode == 0755 &&
	    back.uid == 0 && back.gid == 0 && !back.mode_set;
	ok(pass, "a tmpfiles d's kept mode is -1 in makedevs, the owner "
	    "explicit ('%s')", line);
	pass = parse(T, "c /dev/x - - - - 1:3", &e, &d) == 1 &&
	    format_line(M, &e, line, sizeof(line), &d) == 0 &&
	    strcmp(line, "/dev/x\tc\t0644\t0\t0\t1\t3\t-\t-\t-") == 0;
	ok(pass, "a tmpfiles c keeps its 0644 in makedevs ('%s')", line);
	pass = parse(M, "/dev/x c - 0 0 1 3", &e, &d) == 1 &&
	    format_line(T, &e, line, sizeof(line), &d) == 0 &&
	    strcmp(line, "c\t/dev/x\t0755\t0\t0\t-\t1:3") == 0;
	ok(pass, "a makedevs default mode stays 0755 in tmpfiles ('%s')",
	    line);
}

/* tap.h's fixed-seed generator, so a failure is reproducible. */
static uint64_t
rng_below(uint64_t n)
{
	return rng_next() % n;
}

/* Any byte but NUL and '/', names that are not "." or "..". */
static void
random_path(char *p, size_t cap, bool plain)
{
	static const char safe[] = "abcdefghijklmnopqrstuvwxyz0123456789-_.+:@#";
	size_t depth = 1 + rng_below(5), o = 0;

	for (size_t i = 0; i < depth; i++) {
		size_t n = 1 + rng_below(i + 1 == depth ? 40 : 12);

		if (o + n + 2 >= cap)
			break;
		p[o++] = '/';
		for (size_t k = 0; k < n; k++) {
			unsigned c;

			do
				c = plain ? (unsigned char)safe[rng_below(
				    sizeof(safe) - 1)] : 1 + rng_below(255);
			while (c == '/');
			p[o++] = (char)c;
		}
		if ((n == 1 && p[o - 1] == '.') ||
		    (n == 2 && p[o - 1] == '.' && p[o - 2] == '.'))
			p[o - 1] = 'x';
	}
	p[o] = '\0';
}

/* A link's target: any bytes but NUL, relative or absolute. */
static const char *
random_target(char *p)
{
	size_t n = 1 + rng_below(60);

	for (size_t i = 0; i < n; i++)
		p[i] = (char)(1 + rng_below(255));
	p[n] = '\0';
	return p;
}

static void
random_entry(const struct dialect *dialect, struct entry *e, bool plain)
{
	/* each dialect's types: tmpfiles has L, makedevs (genext2fs) s */
	const char *types = dialect == &tmpfiles_dialect ? "cbpdfl" : "cbpdfs";
	char *path = path_room();

	memset(e, 0, sizeof(*e));
	random_path(path, 200, plain);
	e->path = path;
	e->type = types[rng_below(6)];
	e->lineno = rng_below(100000);
	e->mode = (unsigned)rng_below(010000);
	e->uid = (uid_t)(rng_below(4) == 0 ? 4294967294u : rng_below(70000));
	e->gid = (gid_t)rng_below(70000);
	e->mode_set = e->uid_set = e->gid_set = true;
	if (e->type == 'c' || e->type == 'b') {
		e->major = rng_below(DT_HOST_MAJOR_MAX + 1);
		e->minor = rng_below(2) ? rng_below(256) :
		    rng_below(DT_HOST_MINOR_MAX + 1);
	}
	if (e->type == 'l') {	/* as an L line reads: no mode, no owner */
		e->target = random_target(path + PATH_MAX);
		e->mode = 0777;
		e->uid = e->gid = 0;
		e->mode_set = e->uid_set = e->gid_set = false;
		e->replace = rng_below(2);
		return;
	}
	if (dialect == &tmpfiles_dialect) {
		e->replace = strchr("cbp", e->type) != NULL && rng_below(2);
		e->mode_set = rng_below(2);
		if (!e->mode_set)
			e->mode = e->type == 'd' ? 0755 : 0644;
		e->uid_set = rng_below(2);
		if (!e->uid_set)
			e->uid = 0;
		e->gid_set = rng_below(2);
		if (!e->gid_set)
			e->gid = 0;
		return;
	}
	if (strchr("cbp", e->type) != NULL && rng_below(3) == 0) {
		e->count = 2 + rng_below(100);
		e->start = rng_below(3) ? rng_below(10) : rng_below(1u << 31);
		if (e->type != 'p') {
			e->inc = rng_below(4);
			e->minor = rng_below(1000);
		}
	}
}

static void
test_round_trip_random(void)
{
	struct entry e;
	struct dt_diag d;
	char why[512] = "";
	char buf[DIALECT_LINE_MAX];
	unsigned long fails = 0, refused = 0, written = 0;

	for (int i = 0; i < RANDOM_ENTRIES; i++) {
		random_entry(T, &e, false);
		if (!round_trip(T, &e, why, sizeof(why)) && fails++ == 0)
			diag("tmpfiles #%d: %s", i, why);
	}
	ok(fails == 0, "tmpfiles round trip of %d random entries, any bytes "
	    "in the path (%lu failed)", RANDOM_ENTRIES, fails);

	fails = 0;
	for (int i = 0; i < RANDOM_ENTRIES; i++) {
		random_entry(M, &e, true);
		if (!round_trip(M, &e, why, sizeof(why)) && fails++ == 0)
			diag("makedevs #%d: %s", i, why);
	}
	ok(fails == 0, "makedevs round trip of %d random entries (%lu failed)",
	    RANDOM_ENTRIES, fails);

	/* with any bytes, makedevs either round-trips or refuses */
	fails = 0;
	for (int i = 0; i < RANDOM_ENTRIES; i++) {
		bool plain = true;

		random_entry(M, &e, false);
		for (const unsigned char *s = (unsigned char *)e.path;
		    *s != '\0'; s++)
			if (*s <= ' ' || *s == 0x7f)
				plain = false;
		if (format_line(M, &e, buf, sizeof(buf), &d) != 0) {
			refused++;
			if (plain && fails++ == 0)
				diag("refused '%s': %s", e.path, d.msg);
		} else {
			written++;
			if ((!plain || !round_trip(M, &e, why, sizeof(why))) &&
			    fails++ == 0)
				diag("makedevs #%d: %s", i, why);
		}
	}
	ok(fails == 0 && refused > 0 && written > 0,
	    "makedevs writes or refuses %d entries with any bytes "
	    "(%lu written, %lu refused, %lu wrong)", RANDOM_ENTRIES, written,
	    refused, fails);
}

/*
 * makedevs reads its common line in one pass (parse_plain) and any other
 * through the general reader; a path with "//" is never the one pass's
 * (it is not in normal form), so the same line with its path so spelt
 * is read by the general reader.  Both must read every line alike: the
 * same result, the same entry.  Fields are drawn from the edges of each
 * check (the largest mode, id, major and minor, a name, hex, "-1").
 */
static void
test_makedevs_one_pass(void)
{
	static const char *const paths[] = { "/dev/x", "/a/b.c", "/a/./b",
	    "/a/../b", "/", "/a/", "/a#b", "/.x/..y", "/a\x01", "/\xc3\xa9" };
	static const char *const types[] = { "c", "b", "p", "d", "f", "s",
	    "F", "r", "l", "x", "cc", "c#", "-" };
	static const char *const words[] = { "-", "0", "1", "644", "0644",
	    "07777", "10000", "8", "000644", "-1", "4095", "4096", "1048575",
	    "1048576", "4294967294", "4294967295", "root", "01", "0x10",
	    "12#", "#c", "18446744073709551615", "18446744073709551616",
	    "1234567890123456789", "-x" };
	static const char *const spaces[] = { " ", "\t", "  ", " \t", "\v" };
	char line[512], slow[520];
	struct entry a, b;
	struct dt_diag da, db;
	unsigned long read = 0, differ = 0;

	for (int i = 0; i < RANDOM_ENTRIES * 4; i++) {
		size_t nf = 1 + rng_below(11), o;
		int ra, rb;

		o = (size_t)snprintf(line, sizeof(line), "%s%s",
		    rng_below(4) == 0 ? " " : "",
		    paths[rng_below(ARRAY_SIZE(paths))]);
		for (size_t f = 1; f < nf; f++)
			o += (size_t)snprintf(line + o, sizeof(line) - o,
			    "%s%s", spaces[rng_below(ARRAY_SIZE(spaces))],
			    f == 1 ? types[rng_below(ARRAY_SIZE(types))] :
			    words[rng_below(ARRAY_SIZE(words))]);
		if (rng_below(5) == 0)
			snprintf(line + o, sizeof(line) - o, " # note");
		/* the path's first '/' doubled */
		o = strcspn(line, "/");
		snprintf(slow, sizeof(slow), "%.*s/%s", (int)o, line,
		    line + o);
		ra = dialect_parse_line(M, line, strlen(line), 1, &resolver,
		    &a, path_room(), &da);
		rb = dialect_parse_line(M, slow, strlen(slow), 1, &resolver,
		    &b, path_room(), &db);
		read += ra == 1;
		if (ra != rb || (ra == 1 && (strcmp(a.path, b.path) != 0 ||
		    entry_differs(&a, &b) != NULL || a.mode != b.mode ||
		    a.uid != b.uid || a.gid != b.gid ||
		    a.inc != b.inc || a.count != b.count ||
		    a.mode_set != b.mode_set || a.uid_set != b.uid_set ||
		    a.gid_set != b.gid_set || a.optional != b.optional ||
		    a.recursive != b.recursive || a.existing != b.existing)))
			if (differ++ == 0)
				diag("'%s': %d, general reader %d (%s)", line,
				    ra, rb, ra < 0 ? da.msg : db.msg);
	}
	ok(differ == 0 && read > RANDOM_ENTRIES / 10, "makedevs: the one-pass "
	    "and the general reader read %d random lines alike (%lu read, "
	    "%lu differ)", RANDOM_ENTRIES * 4, read, differ);
}

/* The system resolvers: root exists everywhere this builds. */
static void
test_system_resolver(void)
{
	struct entry e;
	struct dt_diag d;
	uint32_t uid = 1, gid = 1;

	ok(nss_lookup(NULL, "root", false, &uid) == 0 && uid == 0 &&
	    nss_lookup(NULL, "root", true, &gid) == 0 && gid == 0,
	    "nss_lookup finds the user and the group root");
	ok(nss_lookup(NULL, "no-such-user-devtool", false, &uid) == -1 &&
	    nss_lookup(NULL, "no-such-group-devtool", true, &gid) == -1,
	    "and not a made-up name");
	ok(dialect_parse_line(M, "/dev/x c 600 root root 1 3", 26, 1,
	    &nss_resolver, &e, path_room(), &d) == 1 && e.uid == 0 && e.gid == 0,
	    "nss_resolver in table_parse_line");
}

/* Conflicts: the messages of conflicts_find, one "FILE:LINE: " each. */
struct found {
	char text[4096];
	size_t len;
};

static void
collect(void *ctx, const struct entry *later, const char *msg)
{
	struct found *f = ctx;
	int n = snprintf(f->text + f->len, sizeof(f->text) - f->len,
	    "%s:%lu: %s\n", later->file, later->lineno, msg);

	if (n > 0 && (size_t)n < sizeof(f->text) - f->len)
		f->len += (size_t)n;
}

/*
 * An entry kept, with its own copy of the path and target (freed by
 * item_free).
 */
static void
item_set(struct entry *dst, const struct entry *e, const char *file)
{
	*dst = *e;
	dst->file = file;
	if ((dst->path = strdup(e->path)) == NULL || (e->target != NULL &&
	    (dst->target = strdup(e->target)) == NULL))
		abort();
}

static void
item_free(struct entry *e)
{
	free((char *)e->path);
	free((char *)e->target);
}

/*
 * Items from lines, each in its own dialect, of file "t"; lines after a
 * NULL are of file "u", up to a second NULL.
 */
static size_t
items_from(const char *const *lines, struct entry *v)
{
	static struct entry e;
	const char *file = "t";
	struct dt_diag d;
	size_t n = 0;
	unsigned long lineno = 0;

	for (; *lines != NULL || file[0] == 't'; lines++) {
		if (*lines == NULL) {
			file = "u";
			lineno = 0;
			continue;
		}
		lineno++;
		if (dialect_parse_line(dialect_detect_line(*lines, strlen(*lines)),
		    *lines, strlen(*lines), lineno, &resolver, &e, path_room(), &d) != 1) {
			diag("line '%s': %s", *lines, d.msg);
			continue;
		}
		item_set(&v[n++], &e, file);
	}
	return n;
}

/* Each entry's path, type, numbers and FILE:LINE, a line each. */
static void
describe_entry(struct found *f, const struct entry *e)
{
	int n = snprintf(f->text + f->len, sizeof(f->text) - f->len,
	    "%s %c %" PRIu64 ":%" PRIu64 " %s:%lu\n", e->path, e->type,
	    e->major, e->minor, e->file, e->lineno);

	if (n > 0 && (size_t)n < sizeof(f->text) - f->len)
		f->len += (size_t)n;
}

/*
 * apply's plan is a pack (pack.h): its conflicts are the list's, and
 * what --merge keeps of it is what it keeps of the list.
 */
static void
check_pack_merges(const struct entry *v, size_t n, const char *what)
{
	static const enum conflicts_merge hows[] = { CONFLICTS_ERROR,
	    CONFLICTS_LAST, CONFLICTS_FIRST };
	bool pass = true;

	for (size_t h = 0; h < 3; h++) {
		struct entries l = { 0 };
		struct entry_pack p = { 0 };
		struct found fl = { "", 0 }, fp = { "", 0 };
		struct entry e;
		long rl, rp;

		for (size_t i = 0; i < n; i++)
			if (entries_add(&l, &v[i]) != 0 ||
			    entry_pack_add(&p, &v[i]) != 0)
				abort();
		rl = conflicts_merge(&l, hows[h], 0, 0, collect, &fl);
		rp = conflicts_merge_pack(&p, hows[h], 0, 0, collect, &fp);
		for (size_t i = 0; i < l.n; i++)
			describe_entry(&fl, &l.v[i]);
		for (size_t i = 0; i < p.n; i++) {
			entry_pack_get(&p, i, &e);
			describe_entry(&fp, &e);
		}
		if (rl != rp || strcmp(fl.text, fp.text) != 0) {
			diag("merge %zu: list (%ld):\n%spack (%ld):\n%s", h,
			    rl, fl.text, rp, fp.text);
			pass = false;
		}
		entries_free(&l);
		entry_pack_free(&p);
	}
	ok(pass, "conflicts: %s: a pack's as a list's, merged or not", what);
}

/* lines must give exactly the messages want ("" for none). */
static void
check_conflicts(const char *const *lines, const char *want, const char *what)
{
	struct entry v[32];
	struct found f = { "", 0 };
	size_t n = items_from(lines, v);
	long r = conflicts_find(v, n, 0, 0, collect, &f);

	if (!ok(strcmp(f.text, want) == 0 && r >= 0, "conflicts: %s", what))
		diag("want:\n%sgot (%ld):\n%s", want, r, f.text);
	check_pack_merges(v, n, what);
	for (size_t i = 0; i < n; i++)
		item_free(&v[i]);
}

#define LINES(...) ((const char *const[]){ __VA_ARGS__, NULL, NULL })

static void
test_conflicts(void)
{
	check_conflicts(LINES("/dev/x c 666 0 0 1 3", "/dev/x c 666 0 0 1 3",
	    "c /dev/x 0666 0 0 - 1:3", "/dev/y c 666 0 0 1 3",
	    "/dev/d d 755 0 0", "d /dev/d 0755 root root -",
	    "/dev/d/x p 600 0 0", "/ d 755 0 0", "/ d 755 0 0"), "",
	    "identical repeats, in either dialect, and different paths");
	check_conflicts(LINES("/dev/x c 666 0 0 1 3", "/dev/x b 666 0 0 1 3"),
	    "t:2: '/dev/x' is a block device here but a character device "
	    "at t:1\n", "one path, two types");
	check_conflicts(LINES("/dev/x c 666 0 0 1 3", "/dev/x c 666 0 0 1 5",
	    "/dev/x c 600 0 0 1 3", "/dev/x c 666 0 5 1 3",
	    "/dev/x c 666 0 0 1 3"),
	    "t:2: '/dev/x' is c 1:5, mode 0666, owner 0:0 here but c 1:3, "
	    "mode 0666, owner 0:0 at t:1\n"
	    "t:3: '/dev/x' is c 1:3, mode 0600, owner 0:0 here but c 1:3, "
	    "mode 0666, owner 0:0 at t:1\n"
	    "t:4: '/dev/x' is c 1:3, mode 0666, owner 0:5 here but c 1:3, "
	    "mode 0666, owner 0:0 at t:1\n",
	    "one node path, other numbers, mode or owner; each against the "
	    "first");
	check_conflicts(LINES("/dev/d d 755 0 0", "/dev/d d 700 0 0",
	    "d /dev/e - - - -", "d /dev/e 0700 0 0 -", "/dev/e d 755 1 0"),
	    "t:2: '/dev/d' is d, mode 0700, owner 0:0 here but d, mode 0755, "
	    "owner 0:0 at t:1\n"
	    "t:4: '/dev/e' is d, mode 0700, owner 0:0 here but d, mode -, "
	    "owner -:- at t:3\n"
	    "t:5: '/dev/e' is d, mode 0755, owner 1:0 here but d, mode -, "
	    "owner -:- at t:3\n",
	    "two d entries: another mode or owner than an earlier '-' gives");
	check_conflicts(LINES("d /dev/d - - - -", "d /dev/d 0755 0 0 -",
	    "/dev/e d 700 5 5", "d /dev/e - - - -",
	    "/dev/n c 600 7 7 1 3", "c /dev/n - - - - 1:3",
	    "c /dev/m - - - - 1:3", "/dev/m c 644 0 0 1 3"), "",
	    "a later '-' keeps anything; an earlier '-' is 0755 or 0644 "
	    "and 0:0 (here)");
	check_conflicts(LINES("/dev/x c 666 0 0 1 3", "/dev/x/y p 600 0 0",
	    "/dev/f/g/h p 600 0 0", "f /dev/f 0600 0 0 -",
	    "/dev/d/e d 755 0 0", "/dev/d p 600 0 0"),
	    "t:2: '/dev/x/y' is below '/dev/x', a character device at t:1\n"
	    "t:4: '/dev/f' is a regular file here but t:3 puts '/dev/f/g/h' "
	    "below it\n"
	    "t:6: '/dev/d' is a FIFO here but t:5 puts '/dev/d/e' below it\n",
	    "a path below a non-directory, in either order");
	check_conflicts(LINES("/dev/x c 666 0 0 1 3", "/dev/x/a p 600 0 0",
	    "/dev/x/b p 600 0 0", "/dev/y/a p 600 0 0", "/dev/y/b p 600 0 0",
	    "/dev/y p 600 0 0"),
	    "t:2: '/dev/x/a' is below '/dev/x', a character device at t:1\n"
	    "t:3: '/dev/x/b' is below '/dev/x', a character device at t:1\n"
	    "t:6: '/dev/y' is a FIFO here but t:4 puts '/dev/y/a' below it\n"
	    "t:6: '/dev/y' is a FIFO here but t:5 puts '/dev/y/b' below it\n",
	    "each of several names below one non-directory");
	check_conflicts(LINES("/dev/x c 666 0 0 1 3", NULL,
	    "/dev/x b 666 0 0 1 3", "/dev/x/y p 600 0 0"),
	    "u:1: '/dev/x' is a block device here but a character device "
	    "at t:1\n"
	    "u:2: '/dev/x/y' is below '/dev/x', a character device at t:1\n",
	    "across two tables, named by file");
	check_conflicts(LINES("/dev/tty3 c 666 0 0 4 3",
	    "/dev/tty c 666 0 0 4 0 0 1 8",
	    "/dev/tty5 c 666 0 0 4 9", "/dev/tty7 p 600 0 0",
	    "/dev/tty2/x p 600 0 0", "/dev/tty8 c 666 0 0 4 9",
	    "/dev/tty05 c 666 0 0 4 9"),
	    "t:3: '/dev/tty5' is c 4:9, mode 0666, owner 0:0 here but c 4:5, "
	    "mode 0666, owner 0:0 at t:2\n"
	    "t:4: '/dev/tty7' is a FIFO here but a character device at t:2\n"
	    "t:5: '/dev/tty2/x' is below '/dev/tty2', a character device at "
	    "t:2\n",
	    "a range against earlier and later lines (tty3 agrees, tty8 and "
	    "tty05 are not its names)");
	check_conflicts(LINES("/dev/sd b 660 0 6 8 0 0 1 4",
	    "/dev/sd b 660 0 6 8 0 0 1 4", "/dev/sd b 660 0 6 8 2 2 1 4",
	    "/dev/sd b 660 0 6 8 4 4 1 2", "/dev/sd b 660 0 6 8 9 3 1 2"),
	    "t:5: '/dev/sd3' is b 8:9, mode 0660, owner 0:6 here but b 8:3, "
	    "mode 0660, owner 0:6 at t:3\n",
	    "ranges of one base: repeats and agreeing overlaps are fine");
	check_conflicts(LINES("/dev/tty c 666 0 0 4 0 0 1 64",
	    "/dev/tty1 c 666 0 0 4 10 0 1 3", "/dev/tty1 c 666 0 0 4 20 0 1 3",
	    "/dev/tty10 b 666 0 0 4 100 0 1 2",
	    "/dev/tty0 c 666 0 0 4 0 0 1 64"),
	    "t:3: '/dev/tty10' is c 4:20, mode 0666, owner 0:0 here but c "
	    "4:10, mode 0666, owner 0:0 at t:1\n"
	    "t:3: '/dev/tty10' is c 4:20, mode 0666, owner 0:0 here but c "
	    "4:10, mode 0666, owner 0:0 at t:2\n",
	    "ranges whose bases differ by digits (tty1 in tty, not tty0 or "
	    "tty100)");
	check_conflicts(LINES("L /dev/fd - - - - /proc/self/fd",
	    "L+ /dev/fd 0600 - - - /proc/self/fd", "L /dev/stdin",
	    "L /dev/stdin - - - - /usr/share/factory/dev/stdin"), "",
	    "links: the same target repeated (mode and owner ignored)");
	check_conflicts(LINES("L /dev/fd - - - - /proc/self/fd",
	    "L /dev/fd - - - - /proc/self/fd/", "/dev/fd c 666 0 0 1 3",
	    "/dev/fd/0 c 666 0 0 1 3", "L /dev/log/x - - - - y",
	    "/dev/log s 666 0 0"),
	    "t:2: '/dev/fd' is l -> '/proc/self/fd/' here but l -> "
	    "'/proc/self/fd' at t:1\n"
	    "t:3: '/dev/fd' is a character device here but a symbolic link "
	    "at t:1\n"
	    "t:4: '/dev/fd/0' is below '/dev/fd', a symbolic link at t:1\n"
	    "t:6: '/dev/log' is a socket here but t:5 puts '/dev/log/x' below "
	    "it\n",
	    "links: another target, another type, a path below a link or a "
	    "socket");
	check_conflicts(LINES("/dev/a1 c 666 0 0 1 0 1 0 3",
	    "/dev/a10 b 666 0 0 1 0 3 0 3"), "",
	    "a base ending in 0 is no other range's name (a11 vs a103)");
}

/* The reference order of the conflict check's refs: path, start, item. */
static int
sort_ref_cmp(const void *pa, const void *pb, void *ctx)
{
	const struct entry *v = ctx;
	const struct ref *a = pa, *b = pb;
	int r = strcmp(v[a->idx].path, v[b->idx].path);

	if (r != 0)
		return r;
	if (v[a->idx].start != v[b->idx].start)
		return v[a->idx].start < v[b->idx].start ? -1 : 1;
	return a->idx < b->idx ? -1 : a->idx > b->idx;
}

/*
 * n random paths: a shared prefix (none, short, or longer than the
 * sort's keys), then up to tail bytes of the first letters of a small
 * alphabet, so that many are alike for 4, 8 or 12 bytes (runs long
 * enough for a second radix sort with 2 letters) and some repeat whole;
 * a quarter ranges, of a few starts.  sorted: the lines in path order
 * already.
 */
static bool
check_sort_refs(size_t n, const char *prefix, size_t tail, size_t letters,
    bool sorted)
{
	static const char alphabet[] = "a/0b";
	struct entry *v = calloc(n, sizeof(*v));
	struct ref *got = calloc(n, sizeof(*got)), *want = calloc(n,
	    sizeof(*want));
	char (*paths)[64] = calloc(n, sizeof(*paths));
	const struct items items = { .v = v };
	size_t nsingles = 0, i, k, len;
	bool pass;

	if (v == NULL || got == NULL || want == NULL || paths == NULL)
		abort();
	for (i = 0; i < n; i++) {
		if (i > 0 && rng_below(8) == 0) {	/* a repeat */
			strcpy(paths[i], paths[rng_below(i)]);
			continue;
		}
		len = (size_t)snprintf(paths[i], sizeof(paths[i]), "%s",
		    prefix);
		for (k = rng_below(tail + 1); k > 0; k--)
			paths[i][len++] = alphabet[rng_below(letters)];
		paths[i][len] = '\0';
	}
	if (sorted)
		qsort(paths, n, sizeof(*paths),
		    (int (*)(const void *, const void *))strcmp);
	for (i = 0; i < n; i++) {
		v[i].path = paths[i];
		v[i].count = rng_below(4) == 0 ? 1 + rng_below(3) : 0;
		v[i].start = v[i].count > 0 ? rng_below(3) : 0;
		nsingles += v[i].count == 0;
	}
	for (i = 0, k = nsingles; i < n; i++)	/* as conflicts_pairs has them */
		got[v[i].count > 0 ? k++ : i - (k - nsingles)] =
		    (struct ref){ .idx = (uint32_t)i };
	memcpy(want, got, n * sizeof(*got));
	qsort_r(want, nsingles, sizeof(*want), sort_ref_cmp, v);
	qsort_r(want + nsingles, n - nsingles, sizeof(*want), sort_ref_cmp, v);
	pass = conflicts_sort_refs(got, n, nsingles, &items) == 0;
	for (i = 0; i < n && pass; i++) {
		bool same = i != 0 && i != nsingles && strcmp(paths[got[i].idx],
		    paths[got[i - 1].idx]) == 0;

		if (got[i].idx != want[i].idx || got[i].same != same) {
			diag("%zu lines, prefix '%s': place %zu holds line %u "
			    "('%s', same %u), not %u ('%s', same %d)", n,
			    prefix, i, (unsigned)got[i].idx,
			    v[got[i].idx].path, (unsigned)got[i].same,
			    (unsigned)want[i].idx, v[want[i].idx].path, same);
			pass = false;
		}
	}
	free(v);
	free(got);
	free(want);
	free(paths);
	return pass;
}

/*
 * The conflict check's sort (conflicts_sort.c) against qsort of the
 * same order: its radix passes, its runs by insertion and by a second
 * radix sort, paths that end within a key, input already in order.
 */
static void
test_conflicts_sort(void)
{
	static const char *const prefixes[] = { "", "/dev/",
	    "/dev/input/by-path/platform-" };
	static const size_t sizes[] = { 1, 2, 17, 300, 5000 };
	bool pass = true;

	for (size_t p = 0; p < 3; p++)
		for (size_t s = 0; s < 5; s++)
			for (size_t t = 2; t <= 14; t += 6)
				for (size_t l = 2; l <= 4; l += 2)
					pass = check_sort_refs(sizes[s],
					    prefixes[p], t, l, false) &&
					    check_sort_refs(sizes[s],
					    prefixes[p], t, l, true) && pass;
	ok(pass, "conflicts: the refs' radix sort is qsort's order of path, "
	    "start and line, each marked same as the one before or not");
}

/* 100,000 lines and ranges of millions of names are checked quickly. */
static void
test_conflicts_large(void)
{
	static struct entry e;
	enum { LINES_N = 100000, RANGES = 200 };
	struct entry *v = calloc(LINES_N + RANGES + 1, sizeof(*v));
	struct found f = { "", 0 };
	struct dt_diag d;
	char line[128];
	clock_t t0 = clock();
	size_t n = 0;
	long r;

	if (v == NULL)
		abort();
	for (unsigned i = 0; i < LINES_N + RANGES + 1; i++) {
		if (i < LINES_N)
			snprintf(line, sizeof(line), "/n/d%u c 644 0 0 240 %u",
			    i, i % 1000);
		else if (i < LINES_N + RANGES)
			snprintf(line, sizeof(line), "/r/t%u c 644 0 0 240 0 0 "
			    "1 65536", i);
		else
			snprintf(line, sizeof(line), "/r/t1000009999/x p 600 "
			    "0 0");
		if (dialect_parse_line(M, line, strlen(line), i + 1, NULL, &e,
		    path_room(), &d) != 1)
			abort();
		item_set(&v[n++], &e, "big");
	}
	r = conflicts_find(v, n, 0, 0, collect, &f);
	if (!ok(r == 1 && strcmp(f.text, "big:100201: '/r/t1000009999/x' is "
	    "below '/r/t1000009999', a character device at big:100001\n") ==
	    0, "100,000 lines and 13 million names: the one conflict"))
		diag("got %ld: %s", r, f.text);
	ok((double)(clock() - t0) / CLOCKS_PER_SEC < 1.5,
	    "... found in %.2f s of CPU (bound 1.5 s)",
	    (double)(clock() - t0) / CLOCKS_PER_SEC);
	for (size_t i = 0; i < n; i++)
		item_free(&v[i]);
	free(v);
}

/*
 * json_keys_check: the first key json-c would read otherwise than other
 * readers, at its offset, or none.
 */
static void
test_json_keys(void)
{
	static const struct {
		const char *text;
		long at;	/* -1: none */
		const char *msg;
	} cases[] = {
		{ "{\"a\":1,\"b\":{\"a\":2},\"a\":3}", 19,
		  "duplicate key \"a\"" },
		{ "[{\"a\":1},{\"a\":2}]", -1, NULL },
		{ "{\"a\":{\"b\":1,\"b\":2},\"a\":3}", 12,
		  "duplicate key \"b\"" },
		{ "{\"s\":\"{\\\"a\\\":1,\\\"a\\\":2}\",\"t\":[\"a\",\"a\"]}", -1,
		  NULL },
		{ "{\"a\\\"\":1,\"a\\u0022\":2}", 9, "duplicate key \"a\"\"" },
		{ "{\"\\u00e9\":1,\"\xc3\xa9\":2}", 12,
		  "duplicate key \"\xc3\xa9\"" },
		{ "{\"a\":1, 'a':2}", 8, "key 'a' is in single quotes, which "
		  "is not JSON" },
		{ "{\"a\\u0000b\":1}", 1, "key \"a?b\" has a NUL character" },
		{ "{\"a\":{},\"b\":[],\"c\":{\"a\":[{\"a\":1}]}}", -1, NULL },
	};
	struct check c;
	struct dt_diag d;
	size_t at;
	int r;

	begin(&c, "json_keys_check finds the first repeated, cut or "
	    "single-quoted key at its offset (%zu cases)", ARRAY_SIZE(cases));
	for (size_t i = 0; i < ARRAY_SIZE(cases); i++) {
		at = SIZE_MAX;
		r = json_keys_check(cases[i].text, strlen(cases[i].text), &at,
		    &d);
		if (cases[i].at < 0)
			expect(&c, r == 0, "%s: %d: %s", cases[i].text, r,
			    r == 0 ? "" : d.msg);
		else
			expect(&c, r == -1 && at == (size_t)cases[i].at &&
			    strcmp(d.msg, cases[i].msg) == 0,
			    "%s: %d at %zu: %s", cases[i].text, r, at,
			    r == 0 ? "" : d.msg);
	}
	end(&c);
}

/* 100,000 keys are one hash lookup each, not 100,000 squared compares. */
static void
test_json_keys_large(void)
{
	enum { KEYS = 100000 };
	char *text = malloc(KEYS * 16 + 32), *p = text;
	clock_t t0 = clock();
	struct dt_diag d;
	size_t at = 0, last;
	int r;

	if (text == NULL)
		abort();
	*p++ = '{';
	for (unsigned i = 0; i < KEYS; i++)
		p += sprintf(p, "\"k%u\":0,", i);
	last = (size_t)(p - text);
	p += sprintf(p, "\"k0\":1}");
	r = json_keys_check(text, (size_t)(p - text), &at, &d);
	ok(r == -1 && at == last && strcmp(d.msg, "duplicate key \"k0\"") == 0,
	    "an object of 100,000 keys: the repeated one at its offset");
	ok((double)(clock() - t0) / CLOCKS_PER_SEC < 1.5,
	    "... found in %.2f s of CPU (bound 1.5 s)",
	    (double)(clock() - t0) / CLOCKS_PER_SEC);
	free(text);
}

/* json_keys_spelt: the keys Go's encoding/json takes for another. */
static void
test_json_keys_spelt(void)
{
	static const char *const words[] = { "key", "size", "minor", NULL };
	static const struct {
		const char *object;
		const char *msg;	/* NULL: none */
	} cases[] = {
		{ "{\"key\":1,\"size\":2,\"minor\":3}", NULL },
		{ "{\"KEY\":1}", "key \"KEY\" is \"key\" to runc, which reads "
		  "keys in any case" },
		{ "{\"\\u212aey\":1}", "key \"\xe2\x84\xaa" "ey\" is \"key\" to "
		  "runc, which reads keys in any case" },
		{ "{\"\\u017fize\":1}", "key \"\xc5\xbfize\" is \"size\" to "
		  "runc, which reads keys in any case" },
		{ "{\"m\\u0130nor\":1}", "key \"m\xc4\xb0nor\" is \"minor\" to "
		  "runc, which reads keys in any case" },
		{ "{\"m\\u00ecnor\":1,\"keys\":2,\"ke\":3,\"siz\":4}", NULL },
	};
	struct check c;
	struct dt_diag d;
	json_object *obj;
	int r;

	begin(&c, "json_keys_spelt refuses a key in another case, as Go "
	    "folds it (%zu cases)", ARRAY_SIZE(cases));
	/* the objects are made here: json-c loaded as the dialects load it */
	if (jc_load(&d) != 0)
		abort();
	for (size_t i = 0; i < ARRAY_SIZE(cases); i++) {
		if ((obj = jc_json_tokener_parse(cases[i].object)) == NULL)
			abort();
		r = json_keys_spelt(obj, words, &d);
		expect(&c, cases[i].msg == NULL ? r == 0 : r == -1 &&
		    strcmp(d.msg, cases[i].msg) == 0, "%s: %d: %s",
		    cases[i].object, r, r == 0 ? "" : d.msg);
		jc_json_object_put(obj);
	}
	end(&c);
}

int
main(void)
{
	test_makedevs();
	test_makedevs_errors();
	test_makedevs_extensions();
	test_xattr();
	test_tmpfiles();
	test_links();
	test_tmpfiles_all();
	test_tmpfiles_amends();
	test_tmpfiles_modifiers();
	test_writer_extras();
	test_detect();
	test_other_reader();
	test_detect_input();
	test_ranges();
	test_writer();
	test_link_writer();
	test_round_trip_lines();
	test_cross_dialect();
	test_round_trip_random();
	test_makedevs_one_pass();
	test_system_resolver();
	test_conflicts();
	test_conflicts_large();
	test_conflicts_sort();
	test_json_keys();
	test_json_keys_large();
	test_json_keys_spelt();
	ok(lookups > 0, "names went through the injected resolver (%d lookups)",
	    lookups);
	printf("1..%u\n", tests_run);
	return tests_failed == 0 ? 0 : 1;
}
