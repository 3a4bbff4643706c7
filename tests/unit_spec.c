/*
 * unit_spec.c - unit tests for the builders' spec dialects
 * (src/dialects/mtree.c, mtree_write.c, gen_init_cpio.c, pseudo.c):
 * detection, mtree's state from line to line, device= in every pack_dev
 * format, gen_init_cpio and pseudo lines, and the writer-to-reader round
 * trip of random entries in each dialect.  The man page, "The mtree
 * dialect", "The gen_init_cpio dialect", "The pseudo dialect", is what
 * they check.
 *
 * Output is TAP (tests/tap.h).
 */
#include <sys/types.h>

#include <inttypes.h>
#include <limits.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "codec/host.h"
#include "dialects/fields.h"
#include "dialects/dialect.h"
#include "entry/conflicts.h"
#include "entry/validate.h"
#include "sys/nss.h"
#include "base/bounds.h"
#include "format_line.h"
#include "tap.h"

#define RANDOM_ENTRIES	20000

/* The user alice (1000) and the group tty (5). */
static int
test_lookup(void *ctx, const char *name, bool group, uint32_t *id)
{
	(void)ctx;
	if (strcmp(name, group ? "tty" : "alice") != 0)
		return -1;
	*id = group ? 5 : 1000;
	return 0;
}

static const struct id_resolver resolver = { test_lookup, NULL, NULL };

static struct dialect_reader reader;	/* the last one begun */
static char path[DIALECT_TEXT_SIZE];

/* reader, begun for dialect (the state of the one before freed). */
static void
begin_reader(const struct dialect *dialect)
{
	if (reader.dialect != NULL)
		dialect_reader_free(&reader);
	if (dialect_begin(&reader, dialect, &resolver) != 0)
		bail_out_errno("dialect_begin");
}

/*
 * Feeds lines (NUL-separated, ending in an empty one: a literal's own NUL
 * after a last "\0") to a new reader.
 */
struct fed {
	int rc;			/* of the last line that gave 1 or -1 */
	struct entry e;
	char msg[DT_MSGLEN];
	unsigned long line;
};

static struct fed
feed(const struct dialect *dialect, const char *text)
{
	struct fed f = { 0, { 0 }, "", 0 };
	struct dt_diag d;
	unsigned long lineno = 0;

	begin_reader(dialect);
	for (const char *s = text; *s != '\0'; s += strlen(s) + 1) {
		int rc = dialect_read_line(&reader, s, strlen(s), ++lineno,
		    &f.e, path, &d);

		if (rc != 0) {
			f.rc = rc;
			f.line = lineno;
			snprintf(f.msg, sizeof(f.msg), "%s", rc < 0 ? d.msg : "");
			if (rc < 0)
				return f;
		}
	}
	if (dialect_end(&reader, &f.line, &d) != 0) {
		f.rc = -1;
		snprintf(f.msg, sizeof(f.msg), "%s", d.msg);
	}
	return f;
}

static void
test_detect(void)
{
	static const struct {
		const char *line;
		const struct dialect *want;
	} cases[] = {
		{ "#mtree", &mtree_dialect },
		{ "#mtree v2.0", &mtree_dialect },
		{ "#mtreex", NULL },
		{ "/set type=char", &mtree_dialect },
		{ "/unset all", &mtree_dialect },
		{ "./dev/null type=char device=native,1,3", &mtree_dialect },
		{ ". type=dir", &mtree_dialect },
		{ "file type=file uid=18 mode=0123 size=3", &mtree_dialect },
		{ "dir type=dir", &mtree_dialect },
		{ "dir2/fullindir2 mode=0644", &mtree_dialect },
		{ "./x type=fifo nochange", &mtree_dialect },
		{ "type=char uid=0 gid=0 mode=0666 device=0x103 ./dev/null",
		  &mtree_dialect },
		{ "type=dir uid=0 gid=0 mode=0755 .", &mtree_dialect },
		{ "file type=file /src/init", &gen_init_cpio_dialect },
		{ "/dev/a=b c 600 0 0 1 3", &makedevs_dialect },
		{ "d /run/a=b 0755", &tmpfiles_dialect },
		{ "d /x colour=red", &tmpfiles_dialect },
		{ "nod /dev/console 0600 0 0 c 5 1", &gen_init_cpio_dialect },
		{ "dir /dev 0755 0 0", &gen_init_cpio_dialect },
		{ "file /init init 0755 0 0", &gen_init_cpio_dialect },
		{ "dev/null c 666 0 0 1 3", &pseudo_dialect },
		{ "dev d 755 0 0", &pseudo_dialect },
		{ "/dev/f i 600 0 0 f", &pseudo_dialect },
		{ "/dev/m m 600 0 0", &pseudo_dialect },
		{ "/dev/l s 777 0 0 null", &pseudo_dialect },
		{ "/dev/C C 1 600 0 0 1 2", &pseudo_dialect },
		{ "/dev/s s 600 0 0", &makedevs_dialect },
		{ "/etc/f F 600 0 0", &makedevs_dialect },
		{ "dev/x p 640 0 0", NULL },
		{ "/dev/null c 666 0 0 1 3", &makedevs_dialect },
		{ "/dev/d d 755 0 0", &makedevs_dialect },
		{ "c /dev/null 0666 - - - 1:3", &tmpfiles_dialect },
		{ "# a comment", NULL },
		{ "", NULL },
	};
	struct check c;

	begin(&c, "a line's bid: mtree, gen_init_cpio and pseudo over "
	    "makedevs and tmpfiles");
	for (size_t i = 0; i < ARRAY_SIZE(cases); i++) {
		const struct dialect *got = dialect_detect_line(cases[i].line,
		    strlen(cases[i].line));

		expect(&c, got == cases[i].want, "'%s': %s, want %s",
		    cases[i].line, dialect_name(got),
		    dialect_name(cases[i].want));
	}
	end(&c);
}

static bool
is_node(const struct fed *f, const char *p, char type, unsigned mode,
    uid_t uid, gid_t gid, uint64_t ma, uint64_t mi)
{
	return f->rc == 1 && strcmp(f->e.path, p) == 0 && f->e.type == type &&
	    f->e.mode == mode && f->e.uid == uid && f->e.gid == gid &&
	    f->e.major == ma && f->e.minor == mi;
}

static void
test_mtree_state(void)
{
	struct fed f;

	f = feed(&mtree_dialect, "#mtree\0/set type=char uid=5 gid=6 mode=0600\0"
	    "./dev/x device=native,1,3\0");
	ok(is_node(&f, "/dev/x", 'c', 0600, 5, 6, 1, 3) && f.e.mode_set &&
	    f.e.uid_set && f.e.gid_set, "mtree: /set gives the lines after "
	    "it their type, mode and owner");
	f = feed(&mtree_dialect, "/set type=char uid=5 gid=6\0/unset uid gid\0"
	    "x device=native,1,3\0");
	ok(is_node(&f, "/x", 'c', 0644, 0, 0, 1, 3) && !f.e.mode_set &&
	    !f.e.uid_set && !f.e.gid_set, "mtree: /unset takes them back; "
	    "what no line says is left to what exists (mode 0644 new)");
	f = feed(&mtree_dialect, "/set type=char uid=5\0/unset all\0x\0");
	ok(f.rc == -1 && strcmp(f.msg, "no type= (nor a /set type=)") == 0,
	    "mtree: /unset all: %s", f.msg);
	f = feed(&mtree_dialect, "/set uid=5\0./x type=fifo uname=alice\0");
	ok(is_node(&f, "/x", 'p', 0644, 1000, 0, 0, 0), "mtree: the line's "
	    "uname= over /set's uid=");
	f = feed(&mtree_dialect, "./x type=fifo uname=alice uid=7\0");
	ok(is_node(&f, "/x", 'p', 0644, 7, 0, 0, 0), "mtree: of uid= and "
	    "uname= on one line the last says (NetBSD)");
	f = feed(&mtree_dialect, ". type=dir\0dev type=dir\0sub type=dir\0"
	    "..\0x type=fifo\0");
	ok(is_node(&f, "/dev/x", 'p', 0644, 0, 0, 0, 0), "mtree: a relative "
	    "type=dir enters, .. leaves: %s", f.rc == 1 ? f.e.path : f.msg);
	f = feed(&mtree_dialect, "dev type=dir\0./etc/y type=dir\0x type=fifo\0");
	ok(is_node(&f, "/dev/x", 'p', 0644, 0, 0, 0, 0), "mtree: a full "
	    "path's type=dir enters nothing");
	f = feed(&mtree_dialect, "dev type=dir\0..\0..\0");
	ok(f.rc == -1 && f.line == 3 && strcmp(f.msg, "'..' above the top "
	    "directory") == 0, "mtree: .. above the top: %s", f.msg);
	f = feed(&mtree_dialect, "#mtree\0./a\\\0  type=fifo \\\0 mode=0640\0");
	ok(is_node(&f, "/a", 'p', 0640, 0, 0, 0, 0) && f.e.lineno == 2,
	    "mtree: continued lines make one entry, of its first line (%lu)",
	    f.e.lineno);
	f = feed(&mtree_dialect, "./a\\\\ type=fifo\0");
	ok(is_node(&f, "/a\\", 'p', 0644, 0, 0, 0, 0), "mtree: an even "
	    "number of backslashes is an escaped one, not a continuation");
	f = feed(&mtree_dialect, "./a\\040b\\s\\tc\\\\d type=fifo\0");
	ok(is_node(&f, "/a b \tc\\d", 'p', 0644, 0, 0, 0, 0), "mtree: "
	    "vis(3) escapes in names");
	f = feed(&mtree_dialect, "./l type=link link=a\\040b mode=0600 uid=3\0");
	ok(f.rc == 1 && f.e.type == 'l' && strcmp(f.e.target, "a b") == 0 &&
	    f.e.mode == 0777 && !f.e.mode_set && !f.e.uid_set, "mtree: a "
	    "link's target decoded, its mode and owner ignored");
	f = feed(&mtree_dialect, ". type=dir mode=0700\0");
	ok(f.rc == 0, "mtree: '.' is the top, no entry of its own");
}

/* What fed() keeps: the entries of a spec, amended as a source does. */
struct kept {
	struct entries v;
	char msg[DT_MSGLEN];
	unsigned long line;	/* of an error */
};

static const struct entry *
kept_earlier(void *ctx, const char *p)
{
	struct kept *k = ctx;

	for (size_t i = 0; i < k->v.n; i++)
		if (strcmp(k->v.v[i].path, p) == 0)
			return &k->v.v[i];
	return NULL;
}

/*
 * Feeds lines (as feed) to a reader that looks earlier entries up, as
 * source_table.c does: an amending entry replaces its path's, keeping
 * its line.  Stops at the first error.
 */
static void
feed_kept(struct kept *k, const char *text)
{
	struct entry e;
	struct dt_diag d;
	unsigned long lineno = 0;

	entries_free(&k->v);
	k->msg[0] = '\0';
	k->line = 0;
	begin_reader(&mtree_dialect);
	reader.earlier = kept_earlier;
	reader.earlier_ctx = k;
	for (const char *s = text; *s != '\0'; s += strlen(s) + 1) {
		int rc = dialect_read_line(&reader, s, strlen(s), ++lineno,
		    &e, path, &d);
		const struct entry *prev;

		if (rc < 0) {
			snprintf(k->msg, sizeof(k->msg), "%s", d.msg);
			k->line = lineno;
			return;
		}
		if (rc == 0)
			continue;
		prev = reader.amended ? kept_earlier(k, e.path) : NULL;
		if (prev != NULL)
			e.lineno = prev->lineno;
		if (entries_add(&k->v, &e) != 0)
			bail_out_errno("entries_add");
		if (prev != NULL)
			k->v.v[prev - k->v.v] = k->v.v[--k->v.n];
	}
}

/* Entry i of k, as is_node says it. */
static bool
kept_is(const struct kept *k, size_t i, const char *p, char type,
    unsigned mode, uid_t uid, gid_t gid, uint64_t ma, uint64_t mi)
{
	struct fed f = { 1, { 0 }, "", 0 };

	if (i >= k->v.n)
		return false;
	f.e = k->v.v[i];
	return is_node(&f, p, type, mode, uid, gid, ma, mi);
}

static void
test_mtree_amend(void)
{
	static struct kept k;

	feed_kept(&k, "#mtree\0dir2/fullindir2 type=file mode=0777\0"
	    "notindir type=file\0dir2/fullindir2 mode=0644\0");
	ok(k.msg[0] == '\0' && k.v.n == 2 &&
	    kept_is(&k, 0, "/dir2/fullindir2", 'f', 0644, 0, 0, 0, 0) &&
	    k.v.v[0].lineno == 2 && kept_is(&k, 1, "/notindir", 'f', 0644,
	    0, 0, 0, 0), "mtree: a later line without type= amends the entry "
	    "of its path, which keeps its place and line (libarchive's test "
	    "spec): %s", k.msg);
	feed_kept(&k, "/set uid=5\0./x type=fifo uid=7 mode=0600\0"
	    "./x gid=3\0");
	ok(kept_is(&k, 0, "/x", 'p', 0600, 5, 3, 0, 0) && k.v.n == 1,
	    "mtree: /set's defaults amend too, as NetBSD and libarchive take "
	    "them: %s", k.msg);
	feed_kept(&k, "./c type=char device=native,1,3\0./c type=char "
	    "device=native,1,5 mode=0600\0./l type=link link=a\0./l uid=3\0");
	ok(kept_is(&k, 0, "/c", 'c', 0600, 0, 0, 1, 5) && k.v.n == 2 &&
	    k.v.v[1].target != NULL && strcmp(k.v.v[1].target, "a") == 0,
	    "mtree: a line with the same type= amends; a link keeps its "
	    "target: %s", k.msg);
	feed_kept(&k, ". type=dir\0dev type=dir\0null type=char "
	    "device=native,1,3\0..\0dev mode=0700\0null mode=0600\0");
	ok(k.v.n == 2 && kept_is(&k, 0, "/dev", 'd', 0700, 0, 0, 0, 0) &&
	    kept_is(&k, 1, "/dev/null", 'c', 0600, 0, 0, 1, 3),
	    "mtree: a relative line amends too, and a directory it amends is "
	    "entered: %s", k.msg);
	feed_kept(&k, "./x type=fifo nochange\0./x mode=0600\0");
	ok(k.v.n == 1 && k.v.v[0].nochange && k.v.v[0].mode == 0600,
	    "mtree: nochange stays on an amended entry");
	feed_kept(&k, "./x type=fifo\0./y type=fifo\0./x type=dir\0");
	ok(k.line == 3 && strcmp(k.msg, "type=dir, but line 1 made '/x' a "
	    "FIFO: a later line for a path amends its entry, keeping its "
	    "type") == 0, "mtree: %s", k.msg);
	feed_kept(&k, "/set type=dir\0./x type=fifo\0./x mode=0600\0");
	ok(k.line == 3 && strcmp(k.msg, "type=dir, but line 2 made '/x' a "
	    "FIFO: a later line for a path amends its entry, keeping its "
	    "type") == 0, "mtree: /set's type= counts, as in NetBSD: %s",
	    k.msg);
	entries_free(&k.v);
}

static void
test_mtree_forms(void)
{
	struct fed f;

	f = feed(&mtree_dialect, "type=char uid=0 gid=5 mode=0620 "
	    "device=native,5,0 ./dev/tty\0");
	ok(is_node(&f, "/dev/tty", 'c', 0620, 0, 5, 5, 0), "mtree: a "
	    "keyword first, as 'mtree -D' writes: the path is the last word: "
	    "%s", f.msg);
	f = feed(&mtree_dialect, "type=dir uid=0 gid=0 mode=0755 .\0"
	    "type=dir mode=0700 ./a\\040b\0type=fifo x\0");
	ok(is_node(&f, "/x", 'p', 0644, 0, 0, 0, 0), "mtree: '-D' form: '.' "
	    "is the top, a full path enters nothing, a name without '/' is "
	    "at the top: %s", f.msg);
	f = feed(&mtree_dialect, "type=fifo mode=0600\0");
	ok(f.rc == -1 && strcmp(f.msg, "a line that starts with a keyword "
	    "(as 'mtree -D' writes) needs its path as its last word") == 0,
	    "mtree: %s", f.msg);
	f = feed(&mtree_dialect, "#mtree\0. type=dir mode=0755 uid=0 gid=0\0"
	    ". type=dir mode=0700\0./x type=fifo\0");
	ok(is_node(&f, "/x", 'p', 0644, 0, 0, 0, 0), "mtree: '.' again at the "
	    "top says more of the top (as list writes a listed /): %s", f.msg);
	f = feed(&mtree_dialect, ". type=dir\0dev type=dir\0. type=dir\0");
	ok(f.rc == -1 && f.line == 3 && strcmp(f.msg, "'.' below the top "
	    "directory") == 0, "mtree: %s", f.msg);
	f = feed(&mtree_dialect, ". type=fifo\0");
	ok(f.rc == -1 && strcmp(f.msg, "'.', the top directory, is type=dir, "
	    "not type=fifo") == 0, "mtree: %s", f.msg);
	f = feed(&mtree_dialect, "./ type=dir mode=0700\0");
	ok(f.rc == 0, "mtree: './' is the top as '.' is");
	f = feed(&mtree_dialect, "./x type=fifo mode=0600 nochange\0");
	ok(is_node(&f, "/x", 'p', 0600, 0, 0, 0, 0) && f.e.nochange &&
	    f.e.mode_set, "mtree: nochange: the mode is a new entry's, an "
	    "existing one keeps its own");
	f = feed(&mtree_dialect, "/set nochange\0./x type=fifo\0");
	ok(f.rc == 1 && f.e.nochange, "mtree: /set nochange");
	f = feed(&mtree_dialect, "/set nochange\0/unset nochange\0"
	    "./x type=fifo\0");
	ok(f.rc == 1 && !f.e.nochange, "mtree: /unset nochange");
	f = feed(&mtree_dialect, "./l type=link link=a nochange\0");
	ok(f.rc == 1 && !f.e.nochange, "mtree: a link's mode and owner are "
	    "ignored, nochange or not");
	f = feed(&mtree_dialect, "./caf\303\251 type=fifo\0"
	    "./d\\303\\251j\\303\\240 type=fifo\0");
	ok(is_node(&f, "/d\303\251j\303\240", 'p', 0644, 0, 0, 0, 0),
	    "mtree: a name's bytes, raw UTF-8 or escaped, are taken as they "
	    "are: %s", f.msg);
}

static void
test_mtree_device(void)
{
	static const struct {
		const char *value;
		uint64_t major, minor;
		const char *error;
	} cases[] = {
		{ "native,1,3", 1, 3, NULL },
		{ "native,4095,1048575", 4095, 1048575, NULL },
		{ "linux,4,64", 4, 64, NULL },
		{ "linux,255,255", 255, 255, NULL },
		{ "linux,300,70000", 0, 0, "device=linux,300,70000: major 300 "
		  "is out of range for layout 8:8 (0-255) (pack_dev's linux)" },
		{ "linux,1,256", 0, 0, "device=linux,1,256: minor 256 is out "
		  "of range for layout 8:8 (0-255) (pack_dev's linux)" },
		{ "netbsd,300,70000", 300, 70000, NULL },
		{ "freebsd,10,65537", 10, 65537, NULL },
		{ "bsdos,1,2,3", 1, 2 << 8 | 3, NULL },
		{ "svr4,5,6", 5, 6, NULL },
		{ "0x1f", 0, 31, NULL },
		{ "1283", 5, 3, NULL },
		{ "native,0x10,010", 16, 8, NULL },
		{ "native,1", 0, 0, "device=native,1: layout native takes 2 "
		  "numbers (major, minor), not 1 (pack_dev's native)" },
		{ "linux,1,x", 0, 0, NULL },
		{ "foo,1,2", 0, 0, NULL },
		{ "", 0, 0, NULL },
	};
	char line[128];
	struct check c;
	struct fed f;

	begin(&c, "mtree device=: pack_dev formats (linux is 8:8), bsdos's "
	    "three numbers, one number the host's dev_t");
	for (size_t i = 0; i < ARRAY_SIZE(cases); i++) {
		bool good = cases[i].error == NULL && (cases[i].major != 0 ||
		    cases[i].minor != 0);

		snprintf(line, sizeof(line), "./x type=char device=%s",
		    cases[i].value);
		line[strlen(line) + 1] = '\0';
		f = feed(&mtree_dialect, line);
		if (good)
			expect(&c, is_node(&f, "/x", 'c', 0644, 0, 0,
			    cases[i].major, cases[i].minor), "%s: rc %d %s "
			    "%" PRIu64 ":%" PRIu64, cases[i].value, f.rc, f.msg,
			    f.e.major, f.e.minor);
		else
			expect(&c, f.rc == -1 && (cases[i].error == NULL ||
			    strcmp(f.msg, cases[i].error) == 0), "%s: rc %d "
			    "'%s'", cases[i].value, f.rc, f.msg);
	}
	end(&c);
}

static void
test_initramfs(void)
{
	struct fed f;

	f = feed(&gen_init_cpio_dialect, "# c\0nod /dev/console 0600 0 5 c 5 1\0");
	ok(is_node(&f, "/dev/console", 'c', 0600, 0, 5, 5, 1) && f.e.mode_set,
	    "gen_init_cpio: nod");
	f = feed(&gen_init_cpio_dialect, "nod dev/sda 660 0 6 b 8 0\0");
	ok(is_node(&f, "/dev/sda", 'b', 0660, 0, 6, 8, 0), "gen_init_cpio: a "
	    "name without '/' is from the top too");
	f = feed(&gen_init_cpio_dialect, "slink /bin/sh busybox 700 5 6\0");
	ok(f.rc == 1 && f.e.type == 'l' && strcmp(f.e.target, "busybox") == 0 &&
	    f.e.mode == 0777 && !f.e.mode_set && !f.e.uid_set && f.e.uid == 0,
	    "gen_init_cpio: slink, its mode and owner ignored as a link's");
	f = feed(&gen_init_cpio_dialect, "sock /run/s 0600 1 2\0");
	ok(is_node(&f, "/run/s", 's', 0600, 1, 2, 0, 0), "gen_init_cpio: "
	    "sock");
	f = feed(&gen_init_cpio_dialect, "file /init /src/init 0755 0 0\0");
	ok(is_node(&f, "/init", 'f', 0755, 0, 0, 0, 0) &&
	    strcmp(f.e.content, "/src/init") == 0 && f.e.nlink == 1 &&
	    f.e.link_first == NULL, "gen_init_cpio: file is an f entry with "
	    "its contents' location");
	f = feed(&gen_init_cpio_dialect, "file /init ${S}/init 0755 0 0\0");
	ok(f.rc == 1 && strcmp(f.e.content, "${S}/init") == 0,
	    "gen_init_cpio: a location's ${NAME} is read as written");
	{
		static const char line[] =
		    "file /bin/busybox bb 0755 0 0 /bin/sh sbin/init";
		struct entry e;
		struct dt_diag d;
		int rc;

		begin_reader(&gen_init_cpio_dialect);
		rc = dialect_read_line(&reader, line, strlen(line), 1, &e, path,
		    &d);
		ok(rc == 1 && strcmp(e.path, "/bin/busybox") == 0 &&
		    e.nlink == 3 && e.link_first == NULL && reader.more == 2,
		    "gen_init_cpio: a file line with hard links gives its "
		    "first name, and says two more are to come");
		reader.nth = 2;
		rc = dialect_read_line(&reader, line, strlen(line), 1, &e, path,
		    &d);
		ok(rc == 1 && strcmp(e.path, "/sbin/init") == 0 &&
		    e.nlink == 3 && strcmp(e.link_first, "/bin/busybox") == 0 &&
		    strcmp(e.content, "bb") == 0 && e.mode == 0755 &&
		    reader.more == 0, "gen_init_cpio: its last hard link, from "
		    "the top, keyed to the first name");
	}
	f = feed(&gen_init_cpio_dialect, "pipe /p 0600 0 0 extra\0");
	ok(f.rc == -1 && strcmp(f.msg, "pipe takes 4 fields, not 5") == 0,
	    "gen_init_cpio: %s", f.msg);
}

static void
test_pseudo(void)
{
	struct fed f;

	f = feed(&pseudo_dialect, "dev/null c 666 0 0 1 3\0");
	ok(is_node(&f, "/dev/null", 'c', 0666, 0, 0, 1, 3), "pseudo: c");
	f = feed(&pseudo_dialect, "\"a b\"\\\"c B 123 600 alice tty 8 1\0");
	ok(is_node(&f, "/a b\"c", 'b', 0600, 1000, 5, 8, 1), "pseudo: "
	    "quotes, a backslash, a time, names: %s", f.rc == 1 ? f.e.path :
	    f.msg);
	f = feed(&pseudo_dialect, "l s 777 0 0  a b \0");
	ok(f.rc == 1 && f.e.type == 'l' && strcmp(f.e.target, "a b ") == 0,
	    "pseudo: a link's target is the rest of the line");
	f = feed(&pseudo_dialect, "f i 600 0 0 f\0s I 9 600 0 0 s\0");
	ok(is_node(&f, "/s", 's', 0600, 0, 0, 0, 0), "pseudo: i ... s is a "
	    "socket");
	f = feed(&pseudo_dialect, "f i 600 0 0 f\0");
	ok(is_node(&f, "/f", 'p', 0600, 0, 0, 0, 0), "pseudo: i ... f is a "
	    "FIFO");
	f = feed(&pseudo_dialect, "x c 600 0 0 1 2 3\0");
	ok(f.rc == -1 && strcmp(f.msg, "type 'c' takes 5 fields after it, "
	    "not more") == 0, "pseudo: %s", f.msg);
}

/* A random entry of a type every spec dialect can say. */
static void
random_entry(struct entry *e, char *p, char *target)
{
	static const char types[] = "cbpdls";
	static const char bytes[] = "abz09 \t#=\\\"*?[.-_\001\177\303\251";
	size_t n = 1 + rng_next() % 12;

	memset(e, 0, sizeof(*e));
	p[0] = '/';
	for (size_t i = 1; i <= n; i++)
		p[i] = bytes[rng_next() % (sizeof(bytes) - 1)];
	p[n + 1] = '\0';
	if (strcmp(p, "/.") == 0 || strcmp(p, "/..") == 0)
		p[1] = 'x';
	e->path = p;
	e->type = types[rng_next() % (sizeof(types) - 1)];
	e->mode = (unsigned)(rng_next() % 010000);
	e->uid = (uid_t)(rng_next() % 70000);
	e->gid = (gid_t)(rng_next() % 70000);
	e->mode_set = e->uid_set = e->gid_set = true;
	if (entry_has_numbers(e)) {
		e->major = rng_next() % (DT_HOST_MAJOR_MAX + 1);
		e->minor = rng_next() % (DT_HOST_MINOR_MAX + 1);
	}
	if (e->type == 'l') {
		snprintf(target, 32, "t%" PRIu64 "/x y", rng_next() % 1000);
		e->target = target;
		e->mode = 0777;
		e->uid = e->gid = 0;
		e->mode_set = e->uid_set = e->gid_set = false;
	}
}

static bool
same(const struct entry *a, const struct entry *b)
{
	return strcmp(a->path, b->path) == 0 && a->type == b->type &&
	    a->mode == b->mode && a->uid == b->uid && a->gid == b->gid &&
	    a->major == b->major && a->minor == b->minor &&
	    (a->target == NULL ? b->target == NULL : b->target != NULL &&
	    strcmp(a->target, b->target) == 0);
}

/* gen_init_cpio refuses white space and control bytes; pseudo none here. */
static bool
sayable(const struct dialect *dialect, const struct entry *e)
{
	if (dialect != &gen_init_cpio_dialect)
		return true;
	for (const unsigned char *s = (const unsigned char *)e->path; *s;
	    s++)
		if (*s <= ' ' || *s == 0x7f)
			return false;
	return e->target == NULL || strchr(e->target, ' ') == NULL;
}

static void
test_round_trip(void)
{
	static const struct dialect *const dialects[] = { &mtree_dialect,
	    &gen_init_cpio_dialect, &pseudo_dialect };
	static char line[DIALECT_LINE_MAX], p[PATH_MAX], target[32];
	struct entry e;
	struct dt_diag d;
	struct check c;
	struct fed f;

	rng_seed(11);
	for (size_t k = 0; k < ARRAY_SIZE(dialects); k++) {
		unsigned long refused = 0;

		begin(&c, "%s: %d random entries written and read back the "
		    "same, or refused when it cannot say them",
		    dialect_name(dialects[k]), RANDOM_ENTRIES);
		for (int i = 0; i < RANDOM_ENTRIES; i++) {
			int rc;

			random_entry(&e, p, target);
			rc = format_line(dialects[k], &e, line, sizeof(line),
			    &d);
			if (!sayable(dialects[k], &e)) {
				expect(&c, rc == -1, "wrote '%s'", line);
				refused++;
				continue;
			}
			if (!expect(&c, rc == 0, "refused '%s': %s", e.path,
			    d.msg))
				continue;
			line[strlen(line) + 1] = '\0';
			f = feed(dialects[k], line);
			expect(&c, f.rc == 1 && same(&e, &f.e), "'%s' read "
			    "back as rc %d '%s' %s", line, f.rc, f.rc == 1 ?
			    f.e.path : "", f.msg);
		}
		end(&c);
		ok(dialects[k] != &gen_init_cpio_dialect || refused > 0,
		    "%s: %lu refused", dialect_name(dialects[k]),
		    refused);
	}
}

/* Whether s is UTF-8 throughout. */
static bool
all_utf8(const char *s)
{
	size_t n;

	for (; *s != '\0'; s += n)
		if ((n = *s & 0x80 ? dt_utf8_length((const unsigned char *)s) :
		    1) == 0)
			return false;
	return true;
}

/*
 * What list prints, apply reads: each byte a name may hold (1 to 255 but
 * '/') in a name, and each byte (1 to 255) in a link's target, alone, at
 * the start, inside and at the end.  Every dialect that reads tables
 * writes a line that is detected as its own (as a table's first line, or
 * its document's) and reads back as the same path and target, or refuses
 * the entry with a message; tmpfiles and mtree, whose escapes are bytes,
 * and json, for UTF-8, refuse none.  json and oci carry only UTF-8 names
 * exactly (CAVEATS in devtool(1)).
 */
static void
test_every_byte(void)
{
	static const struct dialect *const dialects[] = { &makedevs_dialect,
	    &tmpfiles_dialect, &mtree_dialect, &gen_init_cpio_dialect,
	    &pseudo_dialect, &json_dialect, &oci_dialect };
	static const char *const shapes[] = { "%c", "%cx", "x%cy", "x%c" };
	static char back_path[DIALECT_TEXT_SIZE];
	struct dt_buf line = DT_BUF_INIT, doc = DT_BUF_INIT, caps = DT_BUF_INIT;
	char text[8], full[16];
	struct entry e, back;
	struct dt_diag d;
	struct check c;

	for (size_t k = 0; k < ARRAY_SIZE(dialects); k++) {
		const struct dialect *dl = dialects[k];
		unsigned long refused = 0, carried = 0;

		begin(&c, "%s: every byte in a name and in a link's target: "
		    "its line is its own and reads back the same, or is "
		    "refused with a message", dialect_name(dl));
		for (int b = 1; b < 256; b++)
			for (size_t w = 0; w < 2 * ARRAY_SIZE(shapes); w++) {
				bool link = w >= ARRAY_SIZE(shapes);
				const struct dialect *det;
				int rc;

				snprintf(text, sizeof(text),
				    shapes[w % ARRAY_SIZE(shapes)], b);
				snprintf(full, sizeof(full), "/dev/%s", text);
				e = (struct entry){ .path = full, .type = 'c',
				    .mode = 0600, .major = 1, .minor = 3,
				    .mode_set = true, .uid_set = true,
				    .gid_set = true, .lineno = 1 };
				if (link)
					e = (struct entry){ .path = "/dev/l",
					    .type = 'l', .target = text,
					    .mode = 0777, .lineno = 1 };
				if ((!link && b == '/') ||
				    !dialect_holds(dl, &e) ||
				    entry_validate(&e, &d) != 0)
					continue;	/* "/dev/." */
				rc = dialect_format(dl, &e, &line, &d);
				if (rc != 0) {
					expect(&c, rc == -1 && d.msg[0] != '\0',
					    "byte 0x%02x: refused without a "
					    "message", b);
					refused++;
					continue;
				}
				dt_buf_truncate(&doc, 0);
				dt_buf_adds(&doc, dl->header != NULL ?
				    dl->header : "");
				if (dl->header != NULL)
					dt_buf_addc(&doc, '\n');
				dt_buf_adds(&doc, line.s);
				/* as a table is read (dialect.h) */
				det = dialect_detect_head(doc.s, doc.len);
				if (det == NULL || det->read_document == NULL)
					det = dialect_detect_line(doc.s,
					    strcspn(doc.s, "\n"));
				expect(&c, det == dl, "byte 0x%02x: '%s' is "
				    "detected as %s", b, line.s,
				    dialect_name(det));
				rc = dialect_read_back(dl, line.s, &resolver,
				    &back, back_path, &caps, &d);
				if ((dl == &json_dialect || dl == &oci_dialect) &&
				    !all_utf8(text))
					continue;	/* CAVEATS */
				expect(&c, rc == 1 && strcmp(back.path,
				    e.path) == 0 && (!link ||
				    (back.target != NULL &&
				    strcmp(back.target, e.target) == 0)),
				    "byte 0x%02x: '%s' reads back as %s", b,
				    line.s, rc == 1 ? "another name" : d.msg);
				carried++;
			}
		end(&c);
		ok(carried > 0 && (refused == 0 || (dl != &tmpfiles_dialect &&
		    dl != &mtree_dialect && dl != &json_dialect)),
		    "%s: %lu carried, %lu refused", dialect_name(dl), carried,
		    refused);
	}
	dt_buf_free(&line);
	dt_buf_free(&caps);
	dt_buf_free(&doc);
}

/*
 * The longest entries: a path of PATH_MAX - 1 bytes and a link's target
 * as long, of a byte each dialect escapes (a control character, which
 * JSON writes in 6 bytes and mtree and tmpfiles in 4; 0xff where a
 * control character cannot be said).  Each dialect writes them, the line
 * fits the line reader (DIALECT_LINE_MAX: what list writes, apply
 * reads), and reads back the same; a json line with a note of DT_MSGLEN
 * control characters fits too.
 */
static void
test_longest(void)
{
	static const struct {
		const struct dialect *dl;
		char byte;
	} cases[] = {
		{ &makedevs_dialect, '\xff' }, { &tmpfiles_dialect, '\x01' },
		{ &mtree_dialect, '\x01' }, { &gen_init_cpio_dialect, '\xff' },
		{ &pseudo_dialect, '\x01' }, { &json_dialect, '\x01' },
		{ &oci_dialect, '\x01' },
	};
	static char p[PATH_MAX], t[PATH_MAX], back_path[DIALECT_TEXT_SIZE],
	    note[DT_MSGLEN];
	struct dt_buf line = DT_BUF_INIT, caps = DT_BUF_INIT;
	struct entry e, back;
	struct dt_diag d;
	int rc;

	for (size_t k = 0; k < ARRAY_SIZE(cases); k++) {
		const struct dialect *dl = cases[k].dl;
		size_t longest = 0;
		bool same = true;

		memset(p, cases[k].byte, PATH_MAX - 1);
		for (size_t i = 0; i < PATH_MAX - 1; i += NAME_MAX + 1)
			p[i] = '/';
		p[PATH_MAX - 1] = '\0';
		memset(t, cases[k].byte, PATH_MAX - 1);
		t[PATH_MAX - 1] = '\0';
		for (int link = 0; link < 2; link++) {
			e = (struct entry){ .path = p, .type = 'c', .mode = 0600,
			    .major = 1, .minor = 3, .mode_set = true,
			    .uid_set = true, .gid_set = true, .lineno = 1 };
			if (link)
				e = (struct entry){ .path = p, .type = 'l',
				    .target = t, .mode = 0777, .lineno = 1 };
			if (!dialect_holds(dl, &e))
				continue;
			if (dialect_format(dl, &e, &line, &d) != 0) {
				same = false;
				diag("%s: %s", dialect_name(dl), d.msg);
				continue;
			}
			if (line.len > longest)
				longest = line.len;
			same &= dialect_read_back(dl, line.s, &resolver, &back,
			    back_path, &caps, &d) == 1 &&
			    strcmp(back.path, p) == 0 && (!link ||
			    strcmp(back.target, t) == 0);
		}
		/* makedevs has no line for a link: the path's is longest */
		ok(same && longest > (dl == &makedevs_dialect ? 1 : 2) *
		    (PATH_MAX - 1) && longest <= DIALECT_LINE_MAX,
		    "%s: a path of %d bytes and a target as long are written "
		    "(the longest line %zu bytes, at most %d) and read back",
		    dialect_name(dl), PATH_MAX - 1, longest, DIALECT_LINE_MAX);
	}
	memset(note, '\x01', sizeof(note) - 1);
	note[sizeof(note) - 1] = '\0';
	rc = dialect_format_note(&json_dialect, &e, note, &line, &d);
	/* all but the path's 16 slashes 6 bytes each */
	ok(rc == 0 && line.len > 6 * (2 * (PATH_MAX - 1) - 16 +
	    DT_MSGLEN - 1) && line.len <= DIALECT_LINE_MAX, "json: the link "
	    "with a note of %d control characters: %zu bytes, at most %d",
	    DT_MSGLEN - 1, line.len, DIALECT_LINE_MAX);
	dt_buf_free(&line);
	dt_buf_free(&caps);
}

static void
test_framing(void)
{
	struct entry f = { .path = "/etc/x", .type = 'f', .mode = 0644 };
	char line[DIALECT_LINE_MAX];
	struct dt_buf names = DT_BUF_INIT;
	struct dt_diag d;

	ok(strcmp((&mtree_dialect)->header, "#mtree\n"
	    ". type=dir mode=0755 uid=0 gid=0") == 0 &&
	    (&pseudo_dialect)->header == NULL &&
	    (&makedevs_dialect)->header == NULL &&
	    (&mtree_dialect)->footer == NULL &&
	    strcmp((&oci_dialect)->header, "[") == 0 &&
	    strcmp((&oci_dialect)->footer, "]") == 0, "table_header: #mtree "
	    "and the top directory for mtree, no footer; [ and ] for an OCI "
	    "array");
	ok((&mtree_dialect)->amends && !(&mtree_dialect)->amends_run &&
	    !(&makedevs_dialect)->amends && (&tmpfiles_dialect)->amends &&
	    (&tmpfiles_dialect)->amends_run && !(&pseudo_dialect)->amends,
	    "amends: mtree's later lines amend an entry of their spec, "
	    "tmpfiles' z and Z one of every table of the run");
	ok(dialect_named("gen_init_cpio") == &gen_init_cpio_dialect &&
	    dialect_named("json") == &json_dialect &&
	    dialect_named("oci") == &oci_dialect &&
	    dialect_named("cpio") == NULL,
	    "table_dialect_lookup: by name, every dialect read and written");
	dialect_names(&names, false);
	ok(strcmp(dt_buf_str(&names), "makedevs, tmpfiles, mtree, "
	    "gen_init_cpio, pseudo, json, oci, cgroup, deviceallow, "
	    "deviceallow-groups, oci-allow") == 0,
	    "table_dialect_names: %s", dt_buf_str(&names));
	dt_buf_truncate(&names, 0);
	dialect_names(&names, true);
	ok(strcmp(dt_buf_str(&names), "makedevs, tmpfiles, mtree, "
	    "gen_init_cpio, pseudo, json, oci") == 0,
	    "table_dialect_names of the dialects read: %s",
	    dt_buf_str(&names));
	dt_buf_free(&names);
	ok((&pseudo_dialect)->needs_parents &&
	    (&gen_init_cpio_dialect)->needs_parents &&
	    (&mtree_dialect)->needs_parents &&
	    !(&makedevs_dialect)->needs_parents, "parents: pseudo, "
	    "gen_init_cpio and mtree (for NetBSD's mtree) need them");
	ok(!dialect_holds(&gen_init_cpio_dialect, &f) && !dialect_holds(&pseudo_dialect, &f) &&
	    dialect_holds(&mtree_dialect, &f) && format_line(&pseudo_dialect, &f,
	    line, sizeof(line), &d) == 0 && strcmp(line, "# /etc/x: a regular "
	    "file, which a pseudo table cannot hold") == 0,
	    "a regular file: a comment line in gen_init_cpio and pseudo: %s",
	    line);
	f.path = "/dir";
	f.type = 'd';
	ok(format_line(&pseudo_dialect, &f, line, sizeof(line), &d) == 0 &&
	    strcmp(line, "\"dir\" d 0644 0 0") == 0 &&
	    dialect_detect_line(line, strlen(line)) == &pseudo_dialect, "pseudo: a top "
	    "name that is a gen_init_cpio keyword is quoted: %s", line);
	f.path = "/";
	ok(format_line(&pseudo_dialect, &f, line, sizeof(line), &d) == 0 &&
	    strcmp(line, "\"/\" d 0644 0 0") == 0 &&
	    dialect_detect_line(line, strlen(line)) == &pseudo_dialect,
	    "pseudo: the top directory is quoted, so that a listing of it "
	    "alone is pseudo's, not makedevs's: %s", line);
	f.path = "/a\"b";
	ok(format_line(&mtree_dialect, &f, line, sizeof(line), &d) == 0 &&
	    strncmp(line, "./a\\042b type=dir", 17) == 0 &&
	    dialect_detect_line(line, strlen(line)) == &mtree_dialect, "mtree: '\"' is "
	    "written \\042: %s", line);
	f.path = "/etc/x";
	f.count = 3;
	f.type = 'c';
	ok(format_line(&mtree_dialect, &f, line, sizeof(line), &d) == -1 &&
	    strcmp(d.msg, "an mtree spec has no ranges: write the 3 nodes of "
	    "'/etc/x' one by one") == 0, "ranges refused: %s", d.msg);
}

int
main(void)
{
	test_detect();
	test_mtree_state();
	test_mtree_amend();
	test_mtree_forms();
	test_mtree_device();
	test_initramfs();
	test_pseudo();
	test_round_trip();
	test_framing();
	test_every_byte();
	test_longest();
	dialect_reader_free(&reader);
	printf("1..%u\n", tests_run);
	return tests_failed == 0 ? 0 : 1;
}
