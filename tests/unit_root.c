/*
 * unit_root.c - unit tests for resolution inside --root (src/sys/root.c):
 * whether a cached directory is pinned, root_contains() before and after
 * a directory is moved out, re-resolution of an unpinned cached
 * directory, the walk at depths past 512 directories, a root
 * under a faker (fakeroot, pseudo), and as root the unsafe path
 * transitions refused, with the sentence that names them.
 *
 * Works in a temporary directory of its own under TMPDIR (or /tmp),
 * removed at the end.  Output is TAP (tests/tap.h): one "ok N -"
 * line per check, a "# ..." line naming the first failing case, and the
 * plan at the end; the exit status is 1 when any check failed.
 *
 *	make units (each test is linked with libdevtool.a)
 */
#include <sys/resource.h>
#include <sys/sysmacros.h>
#include <sys/stat.h>
#include <sys/xattr.h>

#include <endian.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "sys/root_impl.h"
#include "tap.h"

#define NOBODY		65534	/* another user, as the bats tests use */
#define DEEP		4000	/* levels of the deep chain */

static char base[PATH_MAX];	/* the temporary directory */

/* base/rel, in a buffer of the caller's. */
static const char *
at(char *buf, const char *rel)
{
	if ((size_t)snprintf(buf, PATH_MAX, "%s/%s", base, rel) >= PATH_MAX)
		bail_out_errno("%s/%s: too long", base, rel);
	return buf;
}

static void
run(const char *fmt, const char *arg)
{
	char cmd[2 * PATH_MAX];

	snprintf(cmd, sizeof(cmd), fmt, arg);
	/* rm -rf: the deep tree is past PATH_MAX, which nftw(3) is not. */
	if (system(cmd) != 0)	/* NOLINT(cert-env33-c) */
		bail_out_errno("%s", cmd);
}

static void
mkdir_mode(const char *rel, mode_t mode)
{
	char p[PATH_MAX];

	if (mkdir(at(p, rel), 0700) != 0 || chmod(p, mode) != 0)
		bail_out_errno("mkdir %s", p);
}

/*
 * A fresh tree: root/a/b/c, every directory mode 0755 and ours, and
 * out/, outside the root on the same file system.
 */
static void
fresh_tree(void)
{
	char p[PATH_MAX];

	run("rm -rf '%s'", at(p, "root"));
	run("rm -rf '%s'", at(p, "out"));
	mkdir_mode("root", 0755);
	mkdir_mode("root/a", 0755);
	mkdir_mode("root/a/b", 0755);
	mkdir_mode("root/a/b/c", 0755);
	mkdir_mode("out", 0755);
}

static void
chmod_rel(const char *rel, mode_t mode)
{
	char p[PATH_MAX];

	if (chmod(at(p, rel), mode) != 0)
		bail_out_errno("chmod %s", p);
}

static void
open_root(struct root *r, const char *method)
{
	char p[PATH_MAX];

	if (root_init(r, at(p, "root"), strcmp(method, "walk") == 0 ?
	    RESOLVE_WALK : RESOLVE_OPENAT2, false) != 0)
		bail_out_errno("root_init %s", p);
}

/* Opens path into the cache of a fresh struct root: is it pinned? */
static bool
pinned_at(struct check *c, const char *method, const char *path)
{
	struct root r;
	struct stat st;
	bool pinned;
	int fd;

	open_root(&r, method);
	fd = root_opendir_cached(&r, path);
	expect(c, fd >= 0, "%s: root_opendir_cached %s: %s", method, path,
	    strerror(errno));
	pinned = root_cached_pinned(&r);
	expect(c, fd >= 0 && fstat(fd, &st) == 0 && r.cached_st_valid &&
	    st.st_ino == r.cached_st.st_ino, "%s: cached_st is not fd's",
	    method);
	root_fini(&r);
	return pinned;
}

static bool
pinned_c(struct check *c, const char *method)
{
	return pinned_at(c, method, "/a/b/c");
}

static void
expect_pinned_at(struct check *c, const char *path, bool want)
{
	static const char *const methods[] = { "openat2", "walk" };
	size_t i;

	for (i = 0; i < 2; i++)
		expect(c, pinned_at(c, methods[i], path) == want,
		    "%s: %s: pinned is %s, want %s", methods[i], path,
		    want ? "false" : "true", want ? "true" : "false");
}

static void
expect_pinned(struct check *c, bool want)
{
	expect_pinned_at(c, "/a/b/c", want);
}

static void
test_pinned_private(void)
{
	struct check c;

	begin(&c, "pinned: a chain of 0755 directories of devtool's euid is "
	    "pinned");
	fresh_tree();
	expect_pinned(&c, true);
	end(&c);
}

static void
test_pinned_one_open(void)
{
	struct check c;

	/* b can't leave a (a is ours), c can't leave b (c is ours). */
	begin(&c, "pinned: one 0777 directory between directories only "
	    "devtool's euid can write stays pinned");
	fresh_tree();
	chmod_rel("root/a/b", 0777);
	expect_pinned(&c, true);
	end(&c);
}

static void
test_pinned_open_pair(void)
{
	struct check c;

	begin(&c, "pinned: a 0777 directory in a 0777 parent is not pinned "
	    "(and a 0775 pair, group write, neither)");
	fresh_tree();
	chmod_rel("root/a", 0777);
	chmod_rel("root/a/b", 0777);
	expect_pinned(&c, false);
	/* the link from the cached directory itself to its parent */
	fresh_tree();
	chmod_rel("root/a/b", 0775);
	chmod_rel("root/a/b/c", 0775);
	expect_pinned(&c, false);
	end(&c);
}

static void
test_pinned_other_owner(void)
{
	const char *what = "pinned: a directory owned by uid 65534 in a "
	    "parent it owns is not pinned; in a parent only ours it is";
	struct check c;
	char p[PATH_MAX];

	if (geteuid() != 0) {
		skip(what, "chown to uid 65534 needs root");
		return;
	}
	begin(&c, "%s", what);
	fresh_tree();
	/* (root 0777 a to 65534's b is an unsafe transition: see below) */
	if (chown(at(p, "root/a"), NOBODY, NOBODY) != 0 ||
	    chown(at(p, "root/a/b"), NOBODY, NOBODY) != 0)
		bail_out_errno("chown %s", p);
	expect_pinned_at(&c, "/a/b", false);
	if (chown(at(p, "root/a"), 0, 0) != 0)
		bail_out_errno("chown %s", p);
	expect_pinned_at(&c, "/a/b", true);
	end(&c);
}

/*
 * An access ACL in the kernel's xattr format (linux/posix_acl_xattr.h):
 * user 65534 rwx, but a mask of r-x, so the mode bits stay 0755 and only
 * the ACL check can see it.
 */
static void
set_access_acl(const char *rel)
{
	struct { uint16_t tag, perm; uint32_t id; } e[] = {
		{ 0x01, 7, UINT32_MAX },	/* ACL_USER_OBJ rwx */
		{ 0x02, 7, NOBODY },		/* ACL_USER 65534 rwx */
		{ 0x04, 5, UINT32_MAX },	/* ACL_GROUP_OBJ r-x */
		{ 0x10, 5, UINT32_MAX },	/* ACL_MASK r-x */
		{ 0x20, 5, UINT32_MAX },	/* ACL_OTHER r-x */
	};
	unsigned char buf[4 + sizeof(e)];
	uint32_t v = htole32(2);		/* POSIX_ACL_XATTR_VERSION */
	char p[PATH_MAX];
	size_t i;

	memcpy(buf, &v, 4);
	for (i = 0; i < sizeof(e) / sizeof(e[0]); i++) {
		uint16_t tag = htole16(e[i].tag), perm = htole16(e[i].perm);
		uint32_t id = htole32(e[i].id);

		memcpy(buf + 4 + 8 * i, &tag, 2);
		memcpy(buf + 4 + 8 * i + 2, &perm, 2);
		memcpy(buf + 4 + 8 * i + 4, &id, 4);
	}
	if (setxattr(at(p, rel), "system.posix_acl_access", buf, sizeof(buf),
	    0) != 0)
		bail_out_errno("setxattr system.posix_acl_access %s", p);
}

static void
test_pinned_acl(void)
{
	struct check c;
	struct stat st;
	char p[PATH_MAX];

	begin(&c, "pinned: directories with an access ACL (mode bits 0755) "
	    "in a parent with one are not pinned");
	fresh_tree();
	set_access_acl("root/a");
	set_access_acl("root/a/b");
	expect(&c, stat(at(p, "root/a/b"), &st) == 0 &&
	    (st.st_mode & 07777) == 0755, "the ACL changed b's mode bits "
	    "(the test would not reach the ACL check)");
	expect_pinned(&c, false);
	end(&c);
}

static void
test_unconfined(void)
{
	struct check c;
	struct root r;
	int fd;

	begin(&c, "pinned, contains: without --root always pinned and "
	    "inside");
	if (root_init(&r, NULL, RESOLVE_AUTO, false) != 0)
		bail_out_errno("root_init NULL");
	fd = root_opendir_cached(&r, base);
	expect(&c, fd >= 0, "root_opendir_cached %s: %s", base,
	    strerror(errno));
	expect(&c, root_cached_pinned(&r), "not pinned");
	expect(&c, root_contains(&r, fd) == 1, "not inside");
	root_fini(&r);
	end(&c);
}

/*
 * Under a faker the owners fstat shows are its fiction, and the raw
 * openat2's descriptors are unknown to it (root.h): the walk, asked for
 * or not, and no directory pinned, not even one that is only ours.
 */
static void
test_faker(void)
{
	struct check c;
	struct root r;
	char p[PATH_MAX];

	begin(&c, "faker: the walk even when openat2 is forced, and the "
	    "cached directory not pinned though only ours");
	fresh_tree();
	if (root_init(&r, at(p, "root"), RESOLVE_OPENAT2, true) != 0)
		bail_out_errno("root_init %s", p);
	expect(&c, r.method == RESOLVE_WALK, "method %d, not the walk",
	    (int)r.method);
	expect(&c, root_faker(&r), "root_faker is false");
	expect(&c, root_opendir_cached(&r, "/a/b/c") >= 0,
	    "root_opendir_cached /a/b/c: %s", strerror(errno));
	expect(&c, !root_cached_pinned(&r), "pinned");
	root_fini(&r);
	/* the same tree without a faker: pinned (test_pinned_private) */
	expect(&c, pinned_c(&c, "openat2"), "not pinned without a faker");
	end(&c);
}

static void
move(const char *from, const char *to)
{
	char f[PATH_MAX], t[PATH_MAX];

	if (rename(at(f, from), at(t, to)) != 0)
		bail_out_errno("rename %s %s", f, t);
}

static void
test_contains(const char *method)
{
	struct check c;
	struct root r;
	int fd, got;

	begin(&c, "contains (%s): 1 inside, 0 once rename() moved the "
	    "directory out of the root, 1 when moved back", method);
	fresh_tree();
	open_root(&r, method);
	if ((fd = root_opendir(&r, "/a/b/c")) < 0)
		bail_out_errno("root_opendir /a/b/c");
	got = root_contains(&r, fd);
	expect(&c, got == 1, "before: %d", got);
	got = root_contains(&r, r.fd);
	expect(&c, got == 1, "the root: %d", got);
	move("root/a/b", "out/b");
	got = root_contains(&r, fd);
	expect(&c, got == 0, "moved out: %d", got);
	move("out/b", "root/a/b");
	got = root_contains(&r, fd);
	expect(&c, got == 1, "moved back: %d", got);
	close(fd);
	root_fini(&r);
	end(&c);
}

static void
test_cached_moved(const char *method)
{
	struct check c;
	struct root r;
	struct stat old, now, st = { 0 };
	char p[PATH_MAX];
	int fd, fd2;

	begin(&c, "cached (%s): an unpinned cached directory moved out is "
	    "not returned again, the new one at its path is", method);
	fresh_tree();
	chmod_rel("root/a", 0777);
	chmod_rel("root/a/b", 0777);
	open_root(&r, method);
	fd = root_opendir_cached(&r, "/a/b/c");
	if (fd < 0 || fstat(fd, &old) != 0)
		bail_out_errno("root_opendir_cached /a/b/c");
	expect(&c, !root_cached_pinned(&r), "pinned");
	/* unmoved: the same directory again */
	fd2 = root_opendir_cached(&r, "/a/b/c");
	expect(&c, fd2 >= 0 && fstat(fd2, &st) == 0 &&
	    st.st_ino == old.st_ino, "unmoved: another directory");
	move("root/a/b", "out/b");
	mkdir_mode("root/a/b", 0777);	/* the new one unpinned too */
	mkdir_mode("root/a/b/c", 0755);
	if (stat(at(p, "root/a/b/c"), &now) != 0)
		bail_out_errno("stat %s", p);
	fd2 = root_opendir_cached(&r, "/a/b/c");
	expect(&c, fd2 >= 0 && fstat(fd2, &st) == 0 &&
	    st.st_ino == now.st_ino && st.st_ino != old.st_ino,
	    "moved: inode %ju, want the new %ju (old %ju)",
	    (uintmax_t)st.st_ino, (uintmax_t)now.st_ino,
	    (uintmax_t)old.st_ino);
	expect(&c, r.cached_fd == fd2 && r.cached_st_valid &&
	    r.cached_st.st_ino == now.st_ino, "cached_st is not the fd's");
	expect(&c, root_contains(&r, fd2) == 1, "new one not inside");
	expect(&c, !root_cached_pinned(&r), "new one pinned");
	/* removed and not replaced: an error, not the moved one */
	move("root/a/b", "out/b2");
	errno = 0;
	expect(&c, root_opendir_cached(&r, "/a/b/c") == -1 &&
	    errno == ENOENT, "gone: not ENOENT (%s)", strerror(errno));
	root_fini(&r);
	end(&c);
}

static void
test_cached_pinned_fast(const char *method)
{
	struct check c;
	struct root r;
	int fd;

	begin(&c, "cached (%s): a pinned cached directory is the same "
	    "descriptor on the next call", method);
	fresh_tree();
	open_root(&r, method);
	fd = root_opendir_cached(&r, "/a/b/c");
	expect(&c, fd >= 0 && root_cached_pinned(&r), "not pinned");
	expect(&c, root_opendir_cached(&r, "/a/b/c") == fd,
	    "another descriptor");
	root_fini(&r);
	end(&c);
}

/* base/root/d/d/.../d, DEEP levels, made with mkdirat; inodes kept. */
static ino_t deep_ino[DEEP + 1];

static void
make_deep(void)
{
	char p[PATH_MAX];
	struct stat st;
	int cur, next, i;

	fresh_tree();
	if ((cur = open(at(p, "root"), O_RDONLY | O_DIRECTORY)) < 0)
		bail_out_errno("open %s", p);
	for (i = 1; i <= DEEP; i++) {
		if (mkdirat(cur, "d", 0755) != 0 ||
		    (next = openat(cur, "d", O_RDONLY | O_DIRECTORY)) < 0 ||
		    fstat(next, &st) != 0)
			bail_out_errno("mkdirat at level %d", i);
		deep_ino[i] = st.st_ino;
		close(cur);
		cur = next;
	}
	close(cur);
}

/* "/d/d/...": n levels, then tail. */
static void
deep_path(char *buf, size_t len, int n, const char *tail)
{
	size_t o = 0;
	int i;

	for (i = 0; i < n && o + 3 < len; i++)
		o += (size_t)snprintf(buf + o, len - o, "/d");
	snprintf(buf + o, len - o, "%s", tail);
}

/* Resolves path by method: its inode, or 0 (error in *err). */
static ino_t
resolve_ino(const char *method, const char *path, int *err)
{
	struct root r;
	struct stat st;
	ino_t ino = 0;
	int fd;

	open_root(&r, method);
	*err = 0;
	if ((fd = root_opendir(&r, path)) < 0)
		*err = errno;
	else if (fstat(fd, &st) == 0)
		ino = st.st_ino;
	if (fd >= 0)
		close(fd);
	root_fini(&r);
	return ino;
}

static void
expect_deep(struct check *c, const char *path, int level, const char *what)
{
	int e1, e2;
	ino_t walk = resolve_ino("walk", path, &e1);
	ino_t o2 = resolve_ino("openat2", path, &e2);

	expect(c, e1 == 0 && walk == deep_ino[level], "%s: walk gives "
	    "inode %ju (%s), want level %d's %ju", what, (uintmax_t)walk,
	    strerror(e1), level, (uintmax_t)deep_ino[level]);
	expect(c, e2 == 0 && o2 == walk, "%s: openat2 gives inode %ju "
	    "(%s), the walk %ju", what, (uintmax_t)o2, strerror(e2),
	    (uintmax_t)walk);
}

static void
test_walk_deep(void)
{
	static char path[PATH_MAX], ups[PATH_MAX];
	struct rlimit old, low;
	struct check c;
	char p[PATH_MAX];
	size_t o;
	int n;

	begin(&c, "walk: 600, 1500 and (through a symlink) %d levels deep "
	    "resolve as openat2 does, within RLIMIT_NOFILE 32", DEEP);
	make_deep();
	if (getrlimit(RLIMIT_NOFILE, &old) != 0)
		bail_out_errno("getrlimit");
	low = old;
	low.rlim_cur = 32;
	if (setrlimit(RLIMIT_NOFILE, &low) != 0)
		bail_out_errno("setrlimit");
	deep_path(path, sizeof(path), 600, "");
	expect_deep(&c, path, 600, "600");
	deep_path(path, sizeof(path), 1500, "");
	expect_deep(&c, path, 1500, "1500");
	/* ".." all the way up and past the root stays at the root */
	for (n = 0, o = 0; n < 602; n++)
		o += (size_t)snprintf(ups + o, sizeof(ups) - o, "/..");
	snprintf(ups + o, sizeof(ups) - o, "/d");
	deep_path(path, sizeof(path), 600, ups);
	expect_deep(&c, path, 1, "600 down, 602 up, 1 down");
	/* root/l -> d/d/... 2001 levels; then /l and 1999 more */
	deep_path(path, sizeof(path), DEEP / 2 + 1, "");
	if (symlink(path + 1, at(p, "root/l")) != 0)
		bail_out_errno("symlink %s", p);
	path[0] = '/';
	path[1] = 'l';
	deep_path(path + 2, sizeof(path) - 2, DEEP / 2 - 1, "");
	expect_deep(&c, path, DEEP, "through the link");
	if (setrlimit(RLIMIT_NOFILE, &old) != 0)
		bail_out_errno("setrlimit");
	end(&c);
}

static void
test_deep_pinned(void)
{
	static char path[PATH_MAX];
	struct check c;
	struct root r;
	int fd;

	begin(&c, "pinned, contains: a directory 1500 levels down is pinned "
	    "and inside");
	deep_path(path, sizeof(path), 1500, "");
	open_root(&r, "openat2");
	fd = root_opendir_cached(&r, path);
	expect(&c, fd >= 0, "open: %s", strerror(errno));
	expect(&c, root_cached_pinned(&r), "not pinned");
	expect(&c, root_contains(&r, fd) == 1, "not inside");
	root_fini(&r);
	end(&c);
}

/* What root_open_file reads at path: its text, or "" with errno and why. */
static const char *
read_in_root(struct root *r, const char *path, char *buf, size_t len,
    const char **why)
{
	ssize_t n;
	int fd;

	buf[0] = '\0';
	if ((fd = root_open_file(r, path, why)) < 0)
		return buf;
	n = read(fd, buf, len - 1);
	buf[n > 0 ? n : 0] = '\0';
	close(fd);
	return buf;
}

static void
make_file(const char *rel, const char *text)
{
	char p[PATH_MAX];
	FILE *f = fopen(at(p, rel), "w");

	if (f == NULL || fputs(text, f) < 0 || fclose(f) != 0)
		bail_out_errno("write %s", p);
}

static void
make_link(const char *target, const char *rel)
{
	char p[PATH_MAX];

	if (symlink(target, at(p, rel)) != 0)
		bail_out_errno("symlink %s", p);
}

/* The tree of test_open_file: root/etc with a file, links and others. */
static void
open_file_tree(void)
{
	char p[PATH_MAX], out[PATH_MAX];

	fresh_tree();
	mkdir_mode("root/etc", 0755);
	make_file("root/etc/passwd", "inside");
	make_file("out/secret", "outside");
	make_link("/etc/passwd", "root/etc/abs");
	make_link("../etc/passwd", "root/etc/rel");
	make_link("/etc", "root/lnk");
	make_link("../../../../../../../../out/secret", "root/etc/up");
	make_link(at(out, "out/secret"), "root/etc/host");
	make_link("/a", "root/etc/dir");
	make_link("loop", "root/etc/loop");
	if (mkfifo(at(p, "root/etc/fifo"), 0644) != 0)
		bail_out_errno("mkfifo %s", p);
}

static void
test_open_file(const char *method)
{
	static const struct {
		const char *path, *want;
		int err;
	} cases[] = {
		{ "/etc/passwd", "inside", 0 },
		{ "etc/passwd", "inside", 0 },
		{ "/etc/abs", "inside", 0 },	/* resolved from the root */
		{ "/etc/rel", "inside", 0 },
		{ "/lnk/passwd", "inside", 0 },
		{ "/etc/up", "", ENOENT },	/* .. stops at the root */
		{ "/etc/host", "", ENOENT },	/* the host's path, inside */
		{ "/etc/missing", "", ENOENT },
		{ "/etc/dir", "", EINVAL },
		{ "/etc", "", EINVAL },
		{ "/etc/..", "", EINVAL },
		{ "/etc/fifo", "", EINVAL },	/* opened, it would block */
		{ "/etc/loop", "", ELOOP },
		{ "/etc/passwd/x", "", ENOTDIR },
	};
	char buf[64];
	const char *why, *got;
	struct check c;
	struct root r;

	begin(&c, "open_file (%s): a regular file inside the root, links "
	    "followed inside it, nothing else opened", method);
	open_file_tree();
	open_root(&r, method);
	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		errno = 0;
		got = read_in_root(&r, cases[i].path, buf, sizeof(buf), &why);
		expect(&c, strcmp(got, cases[i].want) == 0 &&
		    (cases[i].err == 0 || errno == cases[i].err),
		    "%s: read '%s' (%s), want '%s' (%s)", cases[i].path, got,
		    strerror(errno), cases[i].want, strerror(cases[i].err));
		expect(&c, (cases[i].err == EINVAL) == (why != NULL),
		    "%s: why %s", cases[i].path, why ? why : "NULL");
	}
	root_fini(&r);
	end(&c);
}

/* A device node is not a regular file, and is never opened. */
static void
test_open_file_device(void)
{
	char p[PATH_MAX], buf[8];
	const char *why = NULL;
	struct root r;

	open_file_tree();
	if (mknod(at(p, "root/etc/group"), S_IFCHR | 0644, makedev(1, 3))) {
		skip("open_file: a device node", "needs CAP_MKNOD");
		return;
	}
	open_root(&r, "openat2");
	errno = 0;
	read_in_root(&r, "/etc/group", buf, sizeof(buf), &why);
	ok(errno == EINVAL && why != NULL && strcmp(why, "not a regular "
	    "file") == 0, "open_file: a device node is refused (%s)",
	    strerror(errno));
	root_fini(&r);
}

/* A symbolic link rel -> target, owned by uid. */
static void
link_as(const char *target, const char *rel, uid_t uid)
{
	char p[PATH_MAX];

	if (symlink(target, at(p, rel)) != 0 || lchown(p, uid, uid) != 0)
		bail_out_errno("symlink %s", p);
}

static void
mkdir_as(const char *rel, mode_t mode, uid_t uid)
{
	char p[PATH_MAX];

	mkdir_mode(rel, mode);
	if (chown(at(p, rel), uid, uid) != 0)
		bail_out_errno("chown %s", p);
}

/*
 * The tree of the transition tests: u/ is 65534's, with its own
 * directory and links and root's directory and link; t/ is root's, mode
 * 1777; v/etc/ is 65534's, with root's passwd and a link to /etc/group.
 */
static void
transition_tree(void)
{
	char p[PATH_MAX];

	run("rm -rf '%s'", at(p, "root"));
	mkdir_mode("root", 0755);
	mkdir_mode("root/etc", 0755);
	run("echo 'x:x:1:1::/:/bin/sh' > '%s'", at(p, "root/etc/passwd"));
	run("echo 'x:x:1:' > '%s'", at(p, "root/etc/group"));
	mkdir_as("root/u", 0755, NOBODY);
	mkdir_as("root/u/own", 0755, NOBODY);
	mkdir_mode("root/u/rootdir", 0755);
	link_as("own", "root/u/same", NOBODY);
	link_as("/etc", "root/u/abs", NOBODY);
	link_as("../etc", "root/u/rel", NOBODY);
	link_as("own", "root/u/rootlink", 0);
	mkdir_mode("root/t", 01777);
	mkdir_as("root/t/ud", 0755, NOBODY);
	mkdir_mode("root/t/rd", 0755);
	mkdir_as("root/v", 0755, NOBODY);
	mkdir_as("root/v/etc", 0755, NOBODY);
	run("echo 'y:x:2:2::/:/bin/sh' > '%s'", at(p, "root/v/etc/passwd"));
	link_as("/etc/group", "root/v/etc/group", NOBODY);
}

#define UNSAFE "unsafe path transition from "

static void
test_transitions(const char *method)
{
	static const struct {
		const char *path, *why;	/* why: NULL when it opens */
	} cases[] = {
		{ "/u/own", NULL },	/* 65534's, as its directory */
		{ "/u/same", NULL },	/* 65534's link to its own */
		{ "/u/own/../own", NULL },
		{ "/t/rd", NULL },	/* root's, in root's 1777 */
		{ "/u/abs", UNSAFE "/u/abs (a symbolic link, owner 65534) "
		    "to / (a directory, owner 0): not followed" },
		{ "/u/rel", UNSAFE "/u (owner 65534) to / (a directory, "
		    "owner 0): not entered" },
		{ "/u/../etc", UNSAFE "/u (owner 65534) to / (a directory, "
		    "owner 0): not entered" },
		{ "/u/rootdir", UNSAFE "/u (owner 65534) to /u/rootdir (a "
		    "directory, owner 0): not entered" },
		{ "/u/rootlink", UNSAFE "/u (owner 65534) to /u/rootlink (a "
		    "symbolic link, owner 0): not followed" },
		{ "/u/own/../rootdir", UNSAFE "/u (owner 65534) to "
		    "/u/rootdir (a directory, owner 0): not entered" },
		{ "/t/ud", UNSAFE "/t (owner 0, writable by others) to /t/ud "
		    "(a directory, owner 65534): not entered" },
	};
	const char *what = "transitions: as root, a step from a directory "
	    "another user can write to another owner's is refused, and "
	    "named";
	const char *got;
	struct check c;
	struct root r;
	size_t i;
	int fd;

	if (geteuid() != 0) {
		skip(what, "chown to uid 65534 needs root");
		return;
	}
	begin(&c, "%s (%s)", what, method);
	transition_tree();
	open_root(&r, method);
	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		errno = 0;
		fd = root_opendir(&r, cases[i].path);
		got = root_refusal(&r);
		if (cases[i].why == NULL)
			expect(&c, fd >= 0 && got == NULL, "%s: %s, %s",
			    cases[i].path, strerror(errno), got ? got : "");
		else
			expect(&c, fd < 0 && errno == ENOLINK && got != NULL &&
			    strcmp(got, cases[i].why) == 0, "%s: fd %d, %s, "
			    "'%s'", cases[i].path, fd, strerror(errno),
			    got ? got : "NULL");
		if (fd >= 0)
			close(fd);
	}
	root_fini(&r);
	end(&c);
}

/* root_open_file: the file's own step, and an absolute link's. */
static void
test_transitions_file(void)
{
	static const struct {
		const char *path, *why;
	} cases[] = {
		{ "/etc/passwd", NULL },
		{ "/v/etc/passwd", UNSAFE "/v/etc (owner 65534) to "
		    "/v/etc/passwd (a regular file, owner 0): not opened" },
		{ "/v/etc/group", UNSAFE "/v/etc/group (a symbolic link, "
		    "owner 65534) to / (a directory, owner 0): not followed" },
		{ "/u/abs/group", UNSAFE "/u/abs (a symbolic link, owner "
		    "65534) to / (a directory, owner 0): not followed" },
	};
	const char *what = "transitions: as root, root_open_file refuses "
	    "another owner's file in a directory another user can write, "
	    "and a link of theirs to the root";
	char buf[64];
	const char *why;
	struct check c;
	struct root r;
	size_t i;

	if (geteuid() != 0) {
		skip(what, "chown to uid 65534 needs root");
		return;
	}
	begin(&c, "%s", what);
	transition_tree();
	open_root(&r, "walk");
	for (i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		errno = 0;
		why = NULL;
		read_in_root(&r, cases[i].path, buf, sizeof(buf), &why);
		if (cases[i].why == NULL)
			expect(&c, errno == 0 && why == NULL, "%s: %s",
			    cases[i].path, strerror(errno));
		else
			expect(&c, errno == ENOLINK && why != NULL &&
			    strcmp(why, cases[i].why) == 0, "%s: %s, '%s'",
			    cases[i].path, strerror(errno), why ? why : "NULL");
	}
	root_fini(&r);
	end(&c);
}

/* Without --root, from "/" or the working directory: the same. */
static void
test_transitions_unconfined(void)
{
	const char *what = "transitions: without --root, a path from / and "
	    "one from the working directory are checked as well";
	char p[PATH_MAX], want[3 * PATH_MAX], cwd[PATH_MAX];
	const char *got;
	struct check c;
	struct root r;
	int fd;

	if (geteuid() != 0) {
		skip(what, "chown to uid 65534 needs root");
		return;
	}
	begin(&c, "%s", what);
	transition_tree();
	if (root_init(&r, NULL, RESOLVE_AUTO, false) != 0)
		bail_out_errno("root_init NULL");
	fd = root_opendir(&r, at(p, "root/u/rootdir"));
	snprintf(want, sizeof(want), UNSAFE "%s/root/u (owner 65534) to "
	    "%s/root/u/rootdir (a directory, owner 0): not entered", base,
	    base);
	got = root_refusal(&r);
	expect(&c, fd < 0 && got != NULL && strcmp(got, want) == 0,
	    "absolute: '%s'", got ? got : strerror(errno));
	if (getcwd(cwd, sizeof(cwd)) == NULL || chdir(at(p, "root/u/own")))
		bail_out_errno("chdir %s", p);
	fd = root_opendir(&r, "../rootdir");
	got = root_refusal(&r);
	expect(&c, fd < 0 && got != NULL && strcmp(got, UNSAFE ".. (owner "
	    "65534) to ../rootdir (a directory, owner 0): not entered") == 0,
	    "relative: '%s'", got ? got : strerror(errno));
	fd = root_opendir(&r, "../../u/own");
	got = root_refusal(&r);
	expect(&c, fd < 0 && got != NULL && strcmp(got, UNSAFE ".. (owner "
	    "65534) to ../.. (a directory, owner 0): not entered") == 0,
	    "relative, up: '%s'", got ? got : strerror(errno));
	fd = root_opendir(&r, "../own");
	expect(&c, fd >= 0, "relative, 65534's own: %s", strerror(errno));
	if (fd >= 0)
		close(fd);
	if (chdir(cwd) != 0)
		bail_out_errno("chdir %s", cwd);
	root_fini(&r);
	end(&c);
}

/* Under a faker (its owners fiction) and for another user: no check. */
static void
test_transitions_faker(void)
{
	const char *what = "transitions: not checked under a faker";
	struct root r;
	char p[PATH_MAX];
	int fd;

	if (geteuid() != 0) {
		skip(what, "chown to uid 65534 needs root");
		return;
	}
	transition_tree();
	if (root_init(&r, at(p, "root"), RESOLVE_WALK, true) != 0)
		bail_out_errno("root_init %s", p);
	fd = root_opendir(&r, "/u/abs");
	ok(fd >= 0 && root_refusal(&r) == NULL, "%s (%s)", what,
	    strerror(errno));
	if (fd >= 0)
		close(fd);
	root_fini(&r);
}

int
main(void)
{
	const char *tmp = getenv("TMPDIR");
	char p[PATH_MAX];

	umask(022);
	snprintf(base, sizeof(base), "%s/unit_root.XXXXXX",
	    tmp != NULL && *tmp != '\0' ? tmp : "/tmp");
	if (mkdtemp(base) == NULL)
		bail_out_errno("mkdtemp %s", base);

	test_pinned_private();
	test_pinned_one_open();
	test_pinned_open_pair();
	test_pinned_other_owner();
	test_pinned_acl();
	test_unconfined();
	test_faker();
	test_contains("openat2");
	test_contains("walk");
	test_cached_moved("openat2");
	test_cached_moved("walk");
	test_cached_pinned_fast("openat2");
	test_cached_pinned_fast("walk");
	test_walk_deep();
	test_deep_pinned();
	test_open_file("openat2");
	test_open_file("walk");
	test_open_file_device();
	test_transitions("openat2");
	test_transitions("walk");
	test_transitions_file();
	test_transitions_unconfined();
	test_transitions_faker();

	run("rm -rf '%s'", at(p, ""));
	printf("# %u checks, %u failed\n", tests_run, tests_failed);
	printf("1..%u\n", tests_run);
	return tests_failed != 0;
}
