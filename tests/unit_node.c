/*
 * unit_node.c - unit tests for node creation (src/sys/node.c) against a
 * temporary directory: what node_make returns (outcome, errno, reason),
 * what it reports through its callback, and what it leaves on disk,
 * checked with stat(2).  Needs root (owners are set); as another user
 * every check is skipped.
 *
 * Works in a temporary directory of its own under TMPDIR (or /tmp),
 * removed at the end.  Output is TAP (tests/tap.h): one "ok N -" line
 * per group, a "# ..." line naming the first failing case, and the plan
 * at the end; the exit status is 1 when any check failed.
 *
 *	make units (each test is linked with libdevtool.a)
 */
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/sysmacros.h>
#include <sys/wait.h>

#include <linux/capability.h>

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <signal.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "base/diag.h"
#include "sys/node.h"
#include "sys/outfile.h"
#include "sys/root_impl.h"
#include "tap.h"
#include "sys/temp.h"

#define NOBODY		65534	/* another user, as the bats tests use */
#define NTESTS		19

static char base[PATH_MAX];	/* the temporary directory, the --root */

/* base/rel, in a buffer of the caller's. */
static const char *
at(char *buf, const char *rel)
{
	if ((size_t)snprintf(buf, PATH_MAX, "%s/%s", base, rel) >= PATH_MAX)
		bail_out_errno("%s/%s: too long", base, rel);
	return buf;
}

/* What the callback heard: the events, "verb path" one per line. */
struct heard {
	unsigned n;
	bool dry;
	char log[1024];
};

static void
say(void *ctx, const struct node_event *e)
{
	struct heard *h = ctx;
	size_t len = strlen(h->log);

	h->n++;
	h->dry |= e->dry;
	snprintf(h->log + len, sizeof(h->log) - len, "%s%s %s",
	    len > 0 ? "; " : "", e->verb, e->path);
}

/* node_make of w inside base as --root, its events in *h. */
static enum node_outcome
make_want(const char *path, const struct node_want *w, unsigned flags,
    struct heard *h, struct node_result *res)
{
	struct node_events ev = { say, h };
	struct root r;

	memset(h, 0, sizeof(*h));
	if (root_init(&r, base, RESOLVE_AUTO, false) != 0)
		bail_out_errno("root_init %s", base);
	if (node_begin(&r, NULL) != 0)
		bail_out_errno("node_begin");
	node_make(&r, path, w, flags, &ev, res);
	node_end(&r, flags, &ev);
	root_fini(&r);
	return res->outcome;
}

/* One node, FIFO, socket or directory, owner uid:uid. */
static enum node_outcome
make(const char *path, mode_t type, mode_t perm, uid_t uid, dev_t rdev,
    unsigned flags, struct heard *h, struct node_result *res)
{
	struct node_want w = { type, perm, uid, uid == NODE_ANY_UID ?
	    NODE_ANY_GID : (gid_t)uid, rdev, NULL, NULL, false };

	return make_want(path, &w, flags, h, res);
}

/* A symbolic link to target, owner uid:uid. */
static enum node_outcome
make_link(const char *path, const char *target, uid_t uid, unsigned flags,
    struct heard *h, struct node_result *res)
{
	struct node_want w = { S_IFLNK, NODE_ANY_PERM, uid,
	    uid == NODE_ANY_UID ? NODE_ANY_GID : (gid_t)uid, 0, target, NULL,
	    false };

	return make_want(path, &w, flags, h, res);
}

static bool
stat_rel(const char *rel, struct stat *st)
{
	char p[PATH_MAX];

	return lstat(at(p, rel), st) == 0;
}

/*
 * The entries of a directory, less "." and "..", and those of the
 * directories in it: a private directory node.c held for the run
 * (.devtool.PID.N) is gone once the run has ended (node_end), so it and
 * whatever it holds count.
 */
static unsigned
entries(const char *rel)
{
	char p[PATH_MAX], sub[PATH_MAX];
	struct dirent *de;
	unsigned n = 0;
	DIR *d = opendir(at(p, rel));

	if (d == NULL)
		bail_out_errno("opendir %s", p);
	while ((de = readdir(d)) != NULL) {
		if (strcmp(de->d_name, ".") == 0 ||
		    strcmp(de->d_name, "..") == 0)
			continue;
		n++;
		if (!temp_name(de->d_name, NULL))
			continue;
		snprintf(sub, sizeof(sub), "%s/%s", rel, de->d_name);
		n += entries(sub);
	}
	closedir(d);
	return n;
}

static bool
is_node(const struct stat *st, mode_t type, mode_t perm, uid_t uid,
    dev_t rdev)
{
	return (st->st_mode & S_IFMT) == type &&
	    (st->st_mode & 07777) == perm && st->st_uid == uid &&
	    st->st_gid == (gid_t)uid && st->st_rdev == rdev;
}

static void
test_create(void)
{
	struct node_result res;
	struct heard h;
	struct check c;
	struct stat st;

	begin(&c, "create: a new node is made with its type, numbers, mode "
	    "and owner, and reported once");
	expect(&c, make("/dev/null", S_IFCHR, 0640, NOBODY, makedev(1, 3),
	    NODE_PARENTS | NODE_VERBOSE, &h, &res) == NODE_CREATED,
	    "outcome %d (%s)", res.outcome, strerror(res.error));
	expect(&c, stat_rel("dev/null", &st) && is_node(&st, S_IFCHR,
	    0640, NOBODY, makedev(1, 3)), "stat: mode %o uid %u rdev %lx",
	    st.st_mode, st.st_uid, (unsigned long)st.st_rdev);
	expect(&c, stat_rel("dev", &st) && S_ISDIR(st.st_mode) &&
	    (st.st_mode & 07777) == 0755, "parent: mode %o", st.st_mode);
	expect(&c, h.n == 2 && !h.dry && strcmp(h.log, "create directory "
	    "/dev; create /dev/null") == 0, "events: %u: %s", h.n, h.log);
	expect(&c, entries("dev") == 1, "%u entries in dev",
	    entries("dev"));
	make("/dev/quiet", S_IFIFO, 0600, 0, 0, 0, &h, &res);
	expect(&c, res.outcome == NODE_CREATED && h.n == 0,
	    "without -v: outcome %d, %u events", res.outcome, h.n);
	end(&c);
}

static void
test_unchanged(void)
{
	struct node_result res;
	struct stat before, st;
	struct heard h;
	struct check c;

	begin(&c, "unchanged: an exact node is kept, the same inode");
	if (!stat_rel("dev/null", &before))
		bail_out_errno("stat dev/null");
	expect(&c, make("/dev/null", S_IFCHR, 0640, NOBODY, makedev(1, 3),
	    NODE_KEEP_SAME | NODE_VERBOSE, &h, &res) == NODE_UNCHANGED,
	    "outcome %d", res.outcome);
	expect(&c, stat_rel("dev/null", &st) && st.st_ino == before.st_ino &&
	    st.st_ctime == before.st_ctime && is_node(&st, S_IFCHR, 0640,
	    NOBODY, makedev(1, 3)), "stat: ino %lu", (unsigned long)st.st_ino);
	expect(&c, strcmp(h.log, "keep /dev/null") == 0, "events: %s", h.log);
	end(&c);
}

static void
test_refused(void)
{
	struct node_result res;
	struct stat before, st;
	struct heard h;
	struct check c;

	begin(&c, "refused: another node there without NODE_REPLACE fails "
	    "with a reason, and the old node stays");
	if (!stat_rel("dev/null", &before))
		bail_out_errno("stat dev/null");
	expect(&c, make("/dev/null", S_IFCHR, 0640, NOBODY, makedev(1, 5),
	    NODE_KEEP_SAME | NODE_VERBOSE, &h, &res) == NODE_FAILED,
	    "outcome %d", res.outcome);
	expect(&c, res.reason != NULL && strcmp(res.reason, "exists (a "
	    "character device 1:3, not 1:5); use -r to replace it") == 0, "reason: %s",
	    res.reason != NULL ? res.reason : "(none)");
	expect(&c, h.n == 0, "events: %s", h.log);
	expect(&c, stat_rel("dev/null", &st) && st.st_ino == before.st_ino &&
	    st.st_rdev == makedev(1, 3), "stat: rdev %lx",
	    (unsigned long)st.st_rdev);
	make("/nowhere/x", S_IFIFO, 0600, 0, 0, 0, &h, &res);
	expect(&c, res.outcome == NODE_FAILED && res.error == ENOENT &&
	    res.reason != NULL && strcmp(res.reason, "parent directory: "
	    "No such file or directory (use -p)") == 0,
	    "missing parent: %d, %s", res.error,
	    res.reason != NULL ? res.reason : "(none)");
	end(&c);
}

/* CAP_MKNOD in the effective set only: permitted keeps it to come back. */
static void
effective_mknod(bool on)
{
	struct __user_cap_header_struct hdr = { _LINUX_CAPABILITY_VERSION_3,
	    0 };
	struct __user_cap_data_struct data[2];

	if (syscall(SYS_capget, &hdr, data) != 0)
		bail_out_errno("capget");
	if (on)
		data[0].effective |= 1u << CAP_MKNOD;
	else
		data[0].effective &= ~(1u << CAP_MKNOD);
	if (syscall(SYS_capset, &hdr, data) != 0)
		bail_out_errno("capset");
}

static void
test_failed_leaves_nothing(void)
{
	struct node_result res;
	struct heard h;
	struct check c;
	struct stat st;

	begin(&c, "undone: a node refused for want of CAP_MKNOD says so and "
	    "leaves none of the directories made for it, and only those");
	effective_mknod(false);
	make("/dev/u/v/x", S_IFBLK, 0600, 0, makedev(8, 0),
	    NODE_PARENTS | NODE_VERBOSE, &h, &res);
	effective_mknod(true);
	expect(&c, res.outcome == NODE_FAILED && res.error == EPERM &&
	    res.no_mknod, "outcome %d, %s, no_mknod %d", res.outcome,
	    strerror(res.error), res.no_mknod);
	expect(&c, strcmp(h.log, "create directory /dev/u; create directory "
	    "/dev/u/v; remove directory /dev/u/v; remove directory /dev/u") ==
	    0, "events: %s", h.log);
	expect(&c, !stat_rel("dev/u", &st) && stat_rel("dev", &st),
	    "dev/u is gone, dev (made before) stays");
	/* the same without it: the node is made, no flag, the parents stay */
	make("/dev/u/v/x", S_IFBLK, 0600, 0, makedev(8, 0), NODE_PARENTS,
	    &h, &res);
	expect(&c, res.outcome == NODE_CREATED && !res.no_mknod &&
	    stat_rel("dev/u/v/x", &st), "with CAP_MKNOD: outcome %d",
	    res.outcome);
	/* a failure CAP_MKNOD would not cure is not flagged */
	make("/dev/u/v/x", S_IFBLK, 0600, 0, makedev(8, 1), 0, &h, &res);
	expect(&c, res.outcome == NODE_FAILED && !res.no_mknod,
	    "another failure: outcome %d, no_mknod %d", res.outcome,
	    res.no_mknod);
	end(&c);
	{	/* dev as the tests after this one expect it */
		char p[PATH_MAX];

		if (unlink(at(p, "dev/u/v/x")) != 0 ||
		    rmdir(at(p, "dev/u/v")) != 0 || rmdir(at(p, "dev/u")) != 0)
			bail_out_errno("cleaning %s", p);
	}
}

static void
test_replaced(void)
{
	struct node_result res;
	struct stat before, st;
	struct heard h;
	struct check c;

	begin(&c, "replaced: with NODE_REPLACE another node takes its "
	    "place, and no temporary is left");
	if (!stat_rel("dev/null", &before))
		bail_out_errno("stat dev/null");
	expect(&c, make("/dev/null", S_IFBLK, 0600, 0, makedev(7, 1),
	    NODE_REPLACE | NODE_VERBOSE, &h, &res) == NODE_REPLACED,
	    "outcome %d (%s)", res.outcome, res.reason != NULL ? res.reason :
	    strerror(res.error));
	expect(&c, stat_rel("dev/null", &st) && st.st_ino != before.st_ino &&
	    is_node(&st, S_IFBLK, 0600, 0, makedev(7, 1)),
	    "stat: mode %o uid %u rdev %lx", st.st_mode, st.st_uid,
	    (unsigned long)st.st_rdev);
	expect(&c, strcmp(h.log, "replace /dev/null") == 0, "events: %s",
	    h.log);
	expect(&c, entries("dev") == 2, "%u entries in dev (a temporary "
	    "left?)", entries("dev"));
	end(&c);
}

static void
test_corrected(void)
{
	struct node_result res;
	struct stat before, st;
	struct heard h;
	struct check c;

	begin(&c, "corrected: mode and owner are set on the same inode");
	if (!stat_rel("dev/null", &before))
		bail_out_errno("stat dev/null");
	expect(&c, make("/dev/null", S_IFBLK, 0660, NOBODY, makedev(7, 1),
	    NODE_REPLACE | NODE_VERBOSE, &h, &res) == NODE_CORRECTED,
	    "outcome %d (%s)", res.outcome, res.reason != NULL ? res.reason :
	    strerror(res.error));
	expect(&c, stat_rel("dev/null", &st) && st.st_ino == before.st_ino &&
	    is_node(&st, S_IFBLK, 0660, NOBODY, makedev(7, 1)),
	    "stat: ino %lu mode %o uid %u", (unsigned long)st.st_ino,
	    st.st_mode, st.st_uid);
	expect(&c, strcmp(h.log, "correct /dev/null") == 0, "events: %s",
	    h.log);
	end(&c);
}

static void
test_regular_kept(void)
{
	struct node_result res;
	struct stat before, st;
	struct heard h;
	struct check c;
	char p[PATH_MAX];
	int fd;

	begin(&c, "regular file: never replaced, even with NODE_REPLACE");
	if ((fd = open(at(p, "dev/file"), O_WRONLY | O_CREAT | O_EXCL,
	    0644)) < 0 || write(fd, "data", 4) != 4 || close(fd) != 0 ||
	    !stat_rel("dev/file", &before))
		bail_out_errno("create %s", p);
	expect(&c, make("/dev/file", S_IFCHR, 0600, 0, makedev(1, 3),
	    NODE_REPLACE | NODE_VERBOSE, &h, &res) == NODE_FAILED,
	    "outcome %d", res.outcome);
	expect(&c, res.reason != NULL && strcmp(res.reason, "exists and is "
	    "a regular file; only device nodes and FIFOs are ever replaced "
	    "(not even -r, or a tmpfiles '+' or '=', removes it)") == 0,
	    "reason: %s", res.reason != NULL ? res.reason : "(none)");
	expect(&c, h.n == 0, "events: %s", h.log);
	expect(&c, stat_rel("dev/file", &st) && S_ISREG(st.st_mode) &&
	    st.st_ino == before.st_ino && st.st_size == 4 &&
	    (st.st_mode & 07777) == 0644, "stat: mode %o size %lld",
	    st.st_mode, (long long)st.st_size);
	end(&c);
}

static void
test_dry_run(void)
{
	struct node_result res;
	struct stat before, st;
	struct heard h;
	struct check c;

	begin(&c, "dry run: says what it would do and touches nothing");
	if (!stat_rel("dev/null", &before))
		bail_out_errno("stat dev/null");
	expect(&c, make("/new/sub/tty", S_IFCHR, 0620, 0, makedev(5, 0),
	    NODE_PARENTS | NODE_DRY_RUN, &h, &res) == NODE_CREATED,
	    "outcome %d (%s)", res.outcome, strerror(res.error));
	expect(&c, h.dry && strcmp(h.log, "create directory /new; create "
	    "directory /new/sub; create /new/sub/tty") == 0, "events: %s",
	    h.log);
	expect(&c, !stat_rel("new", &st) && errno == ENOENT,
	    "/new exists after a dry run");
	expect(&c, make("/dev/null", S_IFCHR, 0600, 0, makedev(1, 3),
	    NODE_REPLACE | NODE_DRY_RUN, &h, &res) == NODE_REPLACED &&
	    strcmp(h.log, "replace /dev/null") == 0, "replace: %d, %s",
	    res.outcome, h.log);
	expect(&c, make("/dev/null", S_IFBLK, 0600, 0, makedev(7, 1),
	    NODE_REPLACE | NODE_DRY_RUN, &h, &res) == NODE_CORRECTED &&
	    strcmp(h.log, "correct /dev/null") == 0, "correct: %d, %s",
	    res.outcome, h.log);
	expect(&c, stat_rel("dev/null", &st) && st.st_ino == before.st_ino &&
	    st.st_ctime == before.st_ctime && is_node(&st, S_IFBLK, 0660,
	    NOBODY, makedev(7, 1)), "stat: mode %o uid %u", st.st_mode,
	    st.st_uid);
	end(&c);
}

/* What the link at rel says, or "" when it is none. */
static const char *
link_of(const char *rel, char *buf)
{
	char p[PATH_MAX];
	ssize_t n = readlink(at(p, rel), buf, PATH_MAX - 1);

	buf[n < 0 ? 0 : n] = '\0';
	return buf;
}

/* base/secret, root's 0600 file, that a followed link would change. */
static bool
secret_intact(void)
{
	struct stat st;

	return stat_rel("secret", &st) && S_ISREG(st.st_mode) &&
	    (st.st_mode & 07777) == 0600 && st.st_uid == 0 && st.st_gid == 0;
}

static void
test_link_create(void)
{
	struct node_result res;
	enum node_outcome o;
	struct heard h;
	struct check c;
	struct stat st;
	char t[PATH_MAX], p[PATH_MAX];
	int fd;

	begin(&c, "link: made with its target and owner, the link's own, its "
	    "target never followed; same target kept");
	if ((fd = open(at(p, "secret"), O_WRONLY | O_CREAT | O_EXCL, 0600)) < 0 ||
	    close(fd) != 0)
		bail_out_errno("create %s", p);
	/* absolute: the secret wherever the link is, a temporary too */
	o = make_link("/links/lnk", p, NOBODY, NODE_PARENTS | NODE_VERBOSE,
	    &h, &res);
	expect(&c, o == NODE_CREATED, "outcome %d (%s)", o,
	    strerror(res.error));
	expect(&c, stat_rel("links/lnk", &st) && S_ISLNK(st.st_mode) &&
	    st.st_uid == NOBODY && st.st_gid == NOBODY &&
	    strcmp(link_of("links/lnk", t), p) == 0,
	    "lstat: mode %o uid %u, target '%s'", st.st_mode, st.st_uid, t);
	expect(&c, secret_intact(), "the target was changed");
	expect(&c, strcmp(h.log, "create directory /links; create "
	    "/links/lnk") == 0 && entries("links") == 1, "events: %s; %u "
	    "entries", h.log, entries("links"));
	o = make_link("/links/lnk", p, NOBODY, NODE_KEEP_SAME | NODE_VERBOSE,
	    &h, &res);
	expect(&c, o == NODE_UNCHANGED && strcmp(h.log, "keep /links/lnk") ==
	    0, "again: %d, %s", o, h.log);
	o = make_link("/links/mine", "/dev/null", NODE_ANY_UID, 0, &h, &res);
	expect(&c, o == NODE_CREATED && stat_rel("links/mine", &st) &&
	    S_ISLNK(st.st_mode) && st.st_uid == 0 &&
	    strcmp(link_of("links/mine", t), "/dev/null") == 0,
	    "no owner asked: %d, uid %u, '%s'", o, st.st_uid, t);
	end(&c);
}

/* The reason of a failure, for a message. */
static const char *
why(const struct node_result *res)
{
	return res->reason != NULL ? res->reason : strerror(res->error);
}

static void
test_link_replace(void)
{
	struct node_result res;
	struct stat before, st;
	enum node_outcome o;
	struct heard h;
	struct check c;
	char t[PATH_MAX];

	begin(&c, "link: another target fails without NODE_REPLACE, is "
	    "replaced with it; the owner corrected on the link itself");
	if (!stat_rel("links/lnk", &before))
		bail_out_errno("stat links/lnk");
	o = make_link("/links/lnk", "pts/ptmx", NOBODY, NODE_KEEP_SAME, &h,
	    &res);
	expect(&c, o == NODE_FAILED && strcmp(why(&res), "exists (a symbolic "
	    "link to another target); use -r to replace it") == 0,
	    "without -r: %d, %s", o, why(&res));
	expect(&c, stat_rel("links/lnk", &st) && st.st_ino == before.st_ino,
	    "the old link changed");
	o = make_link("/links/lnk", "pts/ptmx", NODE_ANY_UID, NODE_REPLACE |
	    NODE_VERBOSE, &h, &res);
	expect(&c, o == NODE_REPLACED && strcmp(h.log, "replace /links/lnk")
	    == 0, "with -r: %d, %s", o, h.log);
	expect(&c, stat_rel("links/lnk", &st) && S_ISLNK(st.st_mode) &&
	    st.st_uid == 0 && strcmp(link_of("links/lnk", t), "pts/ptmx") == 0,
	    "lstat: uid %u, target '%s'", st.st_uid, t);
	o = make_link("/links/mine", "/dev/null", NOBODY, NODE_REPLACE, &h,
	    &res);
	expect(&c, o == NODE_CORRECTED && stat_rel("links/mine", &st) &&
	    S_ISLNK(st.st_mode) && st.st_uid == NOBODY, "owner: %d, uid %u",
	    o, st.st_uid);
	expect(&c, entries("links") == 2 && secret_intact(), "%u entries",
	    entries("links"));
	end(&c);
}

static void
test_link_kinds(void)
{
	struct node_result res;
	enum node_outcome o;
	struct stat st;
	struct heard h;
	struct check c;
	char t[PATH_MAX], p[PATH_MAX];
	int fd;

	begin(&c, "link: replaces a node with -r; never a regular file, nor "
	    "is a link replaced by a node");
	make("/links/node", S_IFCHR, 0600, 0, makedev(1, 3), 0, &h, &res);
	o = make_link("/links/node", "null", NODE_ANY_UID, NODE_REPLACE, &h,
	    &res);
	expect(&c, o == NODE_REPLACED && stat_rel("links/node", &st) &&
	    S_ISLNK(st.st_mode) && strcmp(link_of("links/node", t), "null") ==
	    0, "over a node: %d, mode %o", o, st.st_mode);
	o = make("/links/node", S_IFCHR, 0600, 0, makedev(1, 3), NODE_REPLACE,
	    &h, &res);
	expect(&c, o == NODE_FAILED && strcmp(why(&res), "exists and is a "
	    "symbolic link; only device nodes and FIFOs are ever replaced "
	    "(not even -r, or a tmpfiles '+' or '=', removes it)") ==
	    0 && stat_rel("links/node", &st) && S_ISLNK(st.st_mode),
	    "a node over it: %d, %s", o, why(&res));
	if ((fd = open(at(p, "links/file"), O_WRONLY | O_CREAT | O_EXCL,
	    0644)) < 0 || write(fd, "data", 4) != 4 || close(fd) != 0)
		bail_out_errno("create %s", p);
	o = make_link("/links/file", "null", NODE_ANY_UID, NODE_REPLACE, &h,
	    &res);
	expect(&c, o == NODE_FAILED && strcmp(why(&res), "exists and is a "
	    "regular file; only symbolic links, device nodes and FIFOs are "
	    "ever replaced by a link") == 0, "over a file: %d, %s", o,
	    why(&res));
	expect(&c, stat_rel("links/file", &st) && S_ISREG(st.st_mode) &&
	    st.st_size == 4, "the file: mode %o size %lld", st.st_mode,
	    (long long)st.st_size);
	end(&c);
}

static void
test_socket_and_describe(void)
{
	struct node_want w = { S_IFLNK, 0777, NOBODY, NOBODY, 0, "pts/ptmx", NULL,
	    false };
	struct node_result res;
	enum node_outcome o;
	struct stat st;
	struct heard h;
	struct check c;
	char buf[128];

	begin(&c, "socket: made with its mode and owner; a link described by "
	    "its target");
	o = make("/links/log", S_IFSOCK, 0666, NOBODY, 0, 0, &h, &res);
	expect(&c, o == NODE_CREATED && stat_rel("links/log", &st) &&
	    S_ISSOCK(st.st_mode) && (st.st_mode & 07777) == 0666 &&
	    st.st_uid == NOBODY, "socket: %d, mode %o uid %u", o, st.st_mode,
	    st.st_uid);
	node_describe(buf, sizeof(buf), &w);
	expect(&c, strcmp(buf, "l -> pts/ptmx, owner 65534:65534") == 0,
	    "described as '%s'", buf);
	w.uid = NODE_ANY_UID;
	w.gid = NODE_ANY_GID;
	node_describe(buf, sizeof(buf), &w);
	expect(&c, strcmp(buf, "l -> pts/ptmx") == 0, "described as '%s'",
	    buf);
	end(&c);
}

static void
test_root_entry(void)
{
	struct node_result res;
	struct heard h;
	struct check c;

	begin(&c, "the root: \"/\" as anything but a directory fails with a "
	    "reason");
	expect(&c, make("/", S_IFCHR, 0600, 0, makedev(1, 3), NODE_REPLACE,
	    &h, &res) == NODE_FAILED && res.reason != NULL &&
	    strcmp(res.reason, "is the root, which only a directory can be")
	    == 0, "outcome %d, %s", res.outcome, res.reason != NULL ?
	    res.reason : "(none)");
	end(&c);
}

static void
test_files(void)
{
	struct node_result res;
	struct stat st;
	struct heard h;
	struct check c;

	begin(&c, "files: NODE_SKIP_MISSING skips, NODE_MAKE_FILE makes one "
	    "empty; without either a missing file fails; only a made one "
	    "gets parents");
	expect(&c, make("/opt/a/skipped", S_IFREG, 0755, 0, 0,
	    NODE_SKIP_MISSING | NODE_PARENTS | NODE_VERBOSE, &h, &res) ==
	    NODE_SKIPPED && strcmp(h.log, "skip /opt/a/skipped") == 0,
	    "skip: outcome %d, events %s", res.outcome, h.log);
	expect(&c, make("/opt/a/missing", S_IFREG, 0755, 0, 0, NODE_PARENTS,
	    &h, &res) == NODE_FAILED && res.reason != NULL &&
	    strcmp(res.reason, "does not exist (an f entry only adjusts a "
	    "file)") == 0, "missing: outcome %d, %s", res.outcome,
	    res.reason != NULL ? res.reason : "(none)");
	expect(&c, !stat_rel("opt", &st), "a directory was made for them");
	expect(&c, make("/var/new/file", S_IFREG, 0640, NOBODY, 0,
	    NODE_MAKE_FILE | NODE_PARENTS, &h, &res) == NODE_CREATED,
	    "make: outcome %d (%s)", res.outcome, strerror(res.error));
	expect(&c, stat_rel("var/new/file", &st) && is_node(&st, S_IFREG,
	    0640, NOBODY, 0) && st.st_size == 0, "stat: mode %o uid %u "
	    "size %lld", st.st_mode, st.st_uid, (long long)st.st_size);
	end(&c);
}

static void
test_correct_and_socket(void)
{
	struct node_result res;
	struct stat before, st;
	struct heard h;
	struct check c;

	begin(&c, "NODE_CORRECT gives a node of the same numbers its mode and "
	    "owner without NODE_REPLACE; a socket is made");
	make("/dev/fuse", S_IFCHR, 0666, 0, makedev(10, 229), NODE_PARENTS,
	    &h, &res);
	if (!stat_rel("dev/fuse", &before))
		bail_out_errno("stat dev/fuse");
	expect(&c, make("/dev/fuse", S_IFCHR, 0600, NOBODY, makedev(10, 229),
	    NODE_KEEP_SAME | NODE_CORRECT | NODE_VERBOSE, &h, &res) ==
	    NODE_CORRECTED && strcmp(h.log, "correct /dev/fuse") == 0,
	    "outcome %d, events %s", res.outcome, h.log);
	expect(&c, stat_rel("dev/fuse", &st) && st.st_ino == before.st_ino &&
	    is_node(&st, S_IFCHR, 0600, NOBODY, makedev(10, 229)),
	    "stat: mode %o uid %u", st.st_mode, st.st_uid);
	expect(&c, make("/dev/fuse", S_IFCHR, 0600, 0, makedev(10, 230),
	    NODE_KEEP_SAME | NODE_CORRECT, &h, &res) == NODE_FAILED,
	    "other numbers: outcome %d", res.outcome);
	expect(&c, make("/dev/log", S_IFSOCK, 0666, 0, 0, 0, &h, &res) ==
	    NODE_CREATED && stat_rel("dev/log", &st) && is_node(&st,
	    S_IFSOCK, 0666, 0, 0), "socket: outcome %d, mode %o",
	    res.outcome, st.st_mode);
	end(&c);
}

static void
test_keep(void)
{
	struct node_want w = { S_IFCHR, 0640, NOBODY, NOBODY, makedev(1, 7),
	    NULL, NULL, true };
	struct node_result res;
	struct stat before, st;
	struct heard h;
	struct check c;
	char p[PATH_MAX];

	begin(&c, "keep (mtree nochange): a new node gets the mode and owner "
	    "asked; an existing one keeps its own, even with NODE_REPLACE");
	expect(&c, make_want("/dev/kept", &w, NODE_PARENTS | NODE_KEEP_SAME,
	    &h, &res) == NODE_CREATED && stat_rel("dev/kept", &st) &&
	    is_node(&st, S_IFCHR, 0640, NOBODY, makedev(1, 7)),
	    "new: outcome %d, mode %o uid %u", res.outcome, st.st_mode,
	    st.st_uid);
	if (chmod(at(p, "dev/kept"), 0600) != 0 || lchown(p, 0, 0) != 0 ||
	    !stat_rel("dev/kept", &before))
		bail_out_errno("chmod dev/kept");
	expect(&c, make_want("/dev/kept", &w, NODE_KEEP_SAME | NODE_REPLACE |
	    NODE_VERBOSE, &h, &res) == NODE_UNCHANGED &&
	    strcmp(h.log, "keep /dev/kept") == 0, "existing: outcome %d, "
	    "events %s", res.outcome, h.log);
	expect(&c, stat_rel("dev/kept", &st) && st.st_ino == before.st_ino &&
	    is_node(&st, S_IFCHR, 0600, 0, makedev(1, 7)), "stat: mode %o "
	    "uid %u", st.st_mode, st.st_uid);
	end(&c);
}

/*
 * In a child: a run that holds a private directory in cut/WAY (a node
 * of another owner is made through one) and an archive temporary there,
 * cut short before node_end and the commit: by exit(3) (as the CLI's
 * fatal error exits), or by SIGTERM.
 */
/*
 * The cached directory and the one above it, which the run itself opens
 * to others (d lines corrected to 0777), no longer keep the cache and
 * the trail as checked before (root.h, root_dir_changed): another user
 * could now move the cached one out of the root (rename(2) needs to
 * write both), so the next node in it is made as in any directory that
 * is not pinned.
 */
static void
test_widened(void)
{
	struct node_want fifo = { S_IFIFO, 0600, 0, 0, 0, NULL, NULL, false };
	struct node_want dir = { S_IFDIR, 0777, 0, 0, 0, NULL, NULL, false };
	struct node_result res;
	struct check c;
	struct root r;

	begin(&c, "widened: a directory the run opens to others is checked "
	    "again");
	if (root_init(&r, base, RESOLVE_AUTO, false) != 0 ||
	    node_begin(&r, NULL) != 0)
		bail_out_errno("root_init, node_begin %s", base);
	node_make(&r, "/wide/sub/a", &fifo, NODE_PARENTS, NULL, &res);
	expect(&c, res.outcome == NODE_CREATED && r.cached_fd >= 0 &&
	    r.cached_pinned, "the first node: outcome %d (%s), cached %d, "
	    "pinned %d", res.outcome, strerror(res.error), r.cached_fd,
	    r.cached_pinned);
	node_make(&r, "/wide/sub", &dir, NODE_PARENTS, NULL, &res);
	expect(&c, res.outcome == NODE_CORRECTED && r.cached_fd < 0 &&
	    r.trail_n == 0, "/wide/sub 0777: outcome %d (%s), cached %d, "
	    "trail %zu", res.outcome, strerror(res.error), r.cached_fd,
	    r.trail_n);
	node_make(&r, "/wide", &dir, NODE_PARENTS, NULL, &res);
	expect(&c, res.outcome == NODE_CORRECTED && r.cached_fd < 0 &&
	    r.trail_n == 0, "/wide 0777: outcome %d (%s), cached %d, trail "
	    "%zu", res.outcome, strerror(res.error), r.cached_fd, r.trail_n);
	node_make(&r, "/wide/sub/b", &fifo, NODE_PARENTS, NULL, &res);
	expect(&c, res.outcome == NODE_CREATED && r.cached_fd >= 0 &&
	    !r.cached_pinned, "the next node: outcome %d (%s), cached %d, "
	    "pinned %d", res.outcome, strerror(res.error), r.cached_fd,
	    r.cached_pinned);
	node_end(&r, NODE_PARENTS, NULL);
	root_fini(&r);
	end(&c);
}

/*
 * The root itself, which the run opens to others (a "/" line corrected
 * to 0777), is no longer trusted as only ours (root.h,
 * root_dir_changed): what it was checked by is its stat, taken again,
 * not the one taken when the run began.
 */
static void
test_root_widened(void)
{
	struct node_want fifo = { S_IFIFO, 0600, 0, 0, 0, NULL, NULL, false };
	struct node_want dir = { S_IFDIR, 0777, 0, 0, 0, NULL, NULL, false };
	struct node_result res;
	char path[PATH_MAX + 16];
	struct check c;
	struct root r;

	begin(&c, "root widened: a root the run opens to others is no "
	    "longer trusted");
	snprintf(path, sizeof(path), "%s/wideroot", base);
	if (mkdir(path, 0755) != 0 || root_init(&r, path, RESOLVE_AUTO,
	    false) != 0 || node_begin(&r, NULL) != 0)
		bail_out_errno("mkdir, root_init, node_begin %s", path);
	node_make(&r, "/a/x", &fifo, NODE_PARENTS, NULL, &res);
	expect(&c, res.outcome == NODE_CREATED && r.root_trusted == 1,
	    "the first node: outcome %d (%s), root trusted %d", res.outcome,
	    strerror(res.error), r.root_trusted);
	node_make(&r, "/", &dir, NODE_PARENTS, NULL, &res);
	expect(&c, res.outcome == NODE_CORRECTED, "/ 0777: outcome %d (%s)",
	    res.outcome, strerror(res.error));
	node_make(&r, "/b/y", &fifo, NODE_PARENTS, NULL, &res);
	expect(&c, res.outcome == NODE_CREATED && r.root_trusted == 0,
	    "the next node: outcome %d (%s), root trusted %d", res.outcome,
	    strerror(res.error), r.root_trusted);
	node_end(&r, NODE_PARENTS, NULL);
	root_fini(&r);
	end(&c);
}

static void
cut_short(const char *way, bool by_signal)
{
	struct node_want w = { S_IFIFO, 0600, NOBODY, NOBODY, 0, NULL, NULL,
	    false };
	struct node_result res;
	struct outfile o;
	struct dt_diag d;
	char path[PATH_MAX], rel[64];
	struct root r;

	snprintf(path, sizeof(path), "/cut/%s/fifo", way);
	if (root_init(&r, base, RESOLVE_AUTO, false) != 0 ||
	    node_begin(&r, NULL) != 0 ||
	    node_make(&r, path, &w, NODE_PARENTS, NULL, &res) !=
	    NODE_CREATED)
		_exit(3);
	snprintf(rel, sizeof(rel), "cut/%s/out", way);
	if (outfile_open(&o, at(path, rel), false, &d) != 0 ||
	    write(o.fd, "x", 1) != 1)
		_exit(4);
	if (by_signal)
		raise(SIGTERM);
	else
		exit(0);
	_exit(5);
}

static void
test_cut_short(void)
{
	static const struct { const char *way; bool by_signal; } ways[] = {
		{ "exit", false }, { "signal", true },
	};
	struct check c;
	char rel[64];
	int status;
	pid_t pid;

	begin(&c, "cut short: a run that exits or dies of a signal before "
	    "its end leaves no private directory and no archive temporary");
	for (size_t i = 0; i < sizeof(ways) / sizeof(ways[0]); i++) {
		fflush(stdout);
		if ((pid = fork()) < 0)
			bail_out_errno("fork");
		if (pid == 0)
			cut_short(ways[i].way, ways[i].by_signal);
		if (waitpid(pid, &status, 0) != pid)
			bail_out_errno("waitpid");
		expect(&c, ways[i].by_signal ? WIFSIGNALED(status) &&
		    WTERMSIG(status) == SIGTERM : WIFEXITED(status) &&
		    WEXITSTATUS(status) == 0, "%s: status %#x", ways[i].way,
		    status);
		snprintf(rel, sizeof(rel), "cut/%s", ways[i].way);
		expect(&c, entries(rel) == 1, "%s: %u entries in %s, not the "
		    "FIFO alone", ways[i].way, entries(rel), rel);
	}
	end(&c);
}

int
main(void)
{
	const char *tmp = getenv("TMPDIR");
	char cmd[PATH_MAX + 16];

	if (geteuid() != 0) {
		for (unsigned i = 1; i <= NTESTS; i++)
			skip("node_make", "owners need root");
		printf("1..%u\n", tests_run);
		return 0;
	}
	/* the default, whatever the test was started with (nohup), so that
	   the handler sig.h installs catches it (test_cut_short) */
	signal(SIGTERM, SIG_DFL);
	umask(0);
	snprintf(base, sizeof(base), "%s/unit_node.XXXXXX",
	    tmp != NULL && *tmp != '\0' ? tmp : "/tmp");
	if (mkdtemp(base) == NULL || chmod(base, 0755) != 0)
		bail_out_errno("mkdtemp %s", base);

	test_create();
	test_unchanged();
	test_refused();
	test_failed_leaves_nothing();
	test_replaced();
	test_corrected();
	test_regular_kept();
	test_dry_run();
	test_root_entry();
	test_link_create();
	test_link_replace();
	test_link_kinds();
	test_socket_and_describe();
	test_files();
	test_correct_and_socket();
	test_keep();
	test_widened();
	test_root_widened();
	test_cut_short();

	snprintf(cmd, sizeof(cmd), "rm -rf '%s'", base);
	if (system(cmd) != 0)	/* NOLINT(cert-env33-c) */
		bail_out_errno("%s", cmd);
	printf("# %u checks, %u failed\n", tests_run, tests_failed);
	printf("1..%u\n", tests_run);
	return tests_failed != 0;
}
