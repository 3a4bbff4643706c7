/*
 * unit_entry.c - the entry pipeline's pure parts (docs/DESIGN.md, "The
 * entry pipeline"): the one table of type letters, the list of entries
 * with its arena, and the one path normaliser.
 */
#include <sys/stat.h>

#include <limits.h>

#include "entry/entry.h"
#include "entry/pack.h"
#include "base/path.h"
#include "targets/target.h"
#include "tap.h"

static void
test_types(void)
{
	static const struct { char letter; mode_t ifmt; bool numbers; } want[] = {
		{ 'c', S_IFCHR, true }, { 'b', S_IFBLK, true },
		{ 'p', S_IFIFO, false }, { 'd', S_IFDIR, false },
		{ 'f', S_IFREG, false }, { 'l', S_IFLNK, false },
		{ 's', S_IFSOCK, false },
	};
	bool pass = true;

	for (size_t i = 0; i < sizeof(want) / sizeof(want[0]); i++) {
		const struct entry_type *t = entry_type_of(want[i].letter);

		pass = pass && t != NULL && t->ifmt == want[i].ifmt &&
		    t->numbers == want[i].numbers &&
		    entry_type_of_mode(want[i].ifmt | 0644) == t;
	}
	ok(pass, "each letter maps to its S_IF* and back, numbers on c and "
	    "b only");
	ok(entry_type_of('x') == NULL && entry_type_of('\0') == NULL &&
	    entry_type_of('L') == NULL && entry_type_of('F') == NULL &&
	    entry_type_of('r') == NULL && entry_type_of_mode(0) == NULL,
	    "an unknown letter or mode has no type (L is tmpfiles's spelling "
	    "of l, F and r makedevs's of f and d, not letters of the table)");
	ok(strcmp(entry_type_of('c')->noun, "character device") == 0 &&
	    strcmp(entry_type_of('p')->noun, "FIFO") == 0 &&
	    strcmp(entry_type_of('l')->noun, "symbolic link") == 0 &&
	    strcmp(entry_type_of('s')->noun, "socket") == 0,
	    "types are named in words for messages");
}

static void
test_entries(void)
{
	struct entries l = { 0 };
	static char name[PATH_MAX];
	struct entry e = { .type = 'c', .major = 1 };
	bool pass = true;

	/* more paths than one arena chunk holds, and one longer than it */
	for (unsigned i = 0; i < 20000; i++) {
		snprintf(name, sizeof(name), "/dev/n%05u", 19999 - i);
		e.path = name;
		e.minor = i;
		pass = pass && entries_add(&l, &e) == 0;
	}
	memset(name, 'x', PATH_MAX - 1);
	name[0] = '/';
	name[PATH_MAX - 1] = '\0';
	e.path = name;
	pass = pass && entries_add(&l, &e) == 0;
	ok(pass && l.n == 20001, "20,001 entries added, one path of "
	    "PATH_MAX - 1 bytes");
	memset(name, 'y', 10);	/* the list keeps its own copies */
	pass = entries_sort(&l) == 0;
	for (unsigned i = 0; i < 20000; i++) {
		snprintf(name, sizeof(name), "/dev/n%05u", i);
		pass = pass && strcmp(l.v[i].path, name) == 0 &&
		    l.v[i].minor == 19999 - i && l.v[i].major == 1;
	}
	ok(pass && l.v[20000].path[0] == '/' &&
	    strlen(l.v[20000].path) == PATH_MAX - 1,
	    "sorted by path, each with its own fields and its own copy");
	entries_free(&l);
	ok(l.n == 0 && l.v == NULL, "freed, the list is empty again");
}

/* A link's target is copied into the arena as its path is. */
static void
test_entries_target(void)
{
	struct entries l = { 0 };
	char path[32] = "/dev/stdin", target[32] = "/proc/self/fd/0";
	struct entry link = { .path = path, .type = 'l', .target = target };
	struct entry node = { .path = "/dev/null", .type = 'c', .major = 1,
	    .minor = 3 };

	ok(entries_add(&l, &link) == 0 && entries_add(&l, &node) == 0,
	    "a link and a node added");
	memset(target, 'x', 8);	/* the list keeps its own copies */
	memset(path, 'y', 8);
	ok(l.n == 2 && strcmp(l.v[0].target, "/proc/self/fd/0") == 0 &&
	    l.v[0].target != target && strcmp(l.v[0].path, "/dev/stdin") == 0 &&
	    l.v[1].target == NULL,
	    "the target is the list's own copy; a node has none");
	entries_free(&l);
}


/*
 * Entries of "TYPE PATH" words, reordered; the result as the table
 * places (lineno) joined by spaces, to compare with want.
 */
static void
check_parents_first(const char *const *lines, size_t n, const char *want,
    const char *what)
{
	struct entries l = { 0 };
	struct entry_pack p = { 0 };
	struct entry e;
	char got[256] = "";
	size_t len = 0;

	for (size_t i = 0; i < n; i++) {
		e = (struct entry){ .type = lines[i][0], .path = lines[i] + 2,
		    .lineno = i };
		if (entries_add(&l, &e) != 0 || entry_pack_add(&p, &e) != 0)
			bail_out("out of memory");
	}
	ok(entries_parents_first(&l) == 0, "%s: reordered", what);
	for (size_t i = 0; i < l.n; i++)
		len += (size_t)snprintf(got + len, sizeof(got) - len, "%s%lu",
		    i ? " " : "", l.v[i].lineno);
	ok(strcmp(got, want) == 0, "%s: order %s (want %s)", what, got, want);
	/* apply's plan is a pack: the same order */
	ok(entry_pack_parents_first(&p) == 0, "%s: a pack reordered", what);
	got[0] = '\0';
	for (size_t i = len = 0; i < p.n; i++) {
		entry_pack_get(&p, i, &e);
		len += (size_t)snprintf(got + len, sizeof(got) - len, "%s%lu",
		    i ? " " : "", e.lineno);
	}
	ok(strcmp(got, want) == 0, "%s: a pack's order %s (want %s)", what,
	    got, want);
	entries_free(&l);
	entry_pack_free(&p);
}

/* A makedevs r line (a d with recursive) is not moved: table order. */
static void
test_recursive_keeps_place(void)
{
	struct entries l = { 0 };
	struct entry_pack p = { 0 };
	struct entry a, b;
	const struct entry f = { .type = 'f', .path = "/a/x", .lineno = 0 },
	    r = { .type = 'd', .path = "/a", .recursive = true, .lineno = 1 };

	if (entries_add(&l, &f) != 0 || entries_add(&l, &r) != 0 ||
	    entry_pack_add(&p, &f) != 0 || entry_pack_add(&p, &r) != 0)
		bail_out("out of memory");
	ok(entries_parents_first(&l) == 0 && l.v[0].lineno == 0 &&
	    l.v[1].lineno == 1, "an r line after a line under it stays after "
	    "it");
	ok(entry_pack_parents_first(&p) == 0, "a pack reordered");
	entry_pack_get(&p, 0, &a);
	entry_pack_get(&p, 1, &b);
	ok(a.lineno == 0 && b.lineno == 1 && b.recursive, "in a pack too");
	entries_free(&l);
	entry_pack_free(&p);
}

static void
test_parents_first(void)
{
	static const char *const nested[] = {
		"c /a/b/x", "d /a/b", "c /z", "d /a", "d /",
	};
	static const char *const in_order[] = {
		"d /a", "c /a/x", "c /b", "d /c", "c /c",
	};
	/* /a-x and /a- are not under /a */
	static const char *const siblings[] = {
		"c /a/x", "c /a-x/y", "d /a-x", "d /a", "c /a-",
	};
	/* two lines of one directory keep their order */
	static const char *const same[] = {
		"c /a/x", "d /a", "p /b", "d /a",
	};

	check_parents_first(nested, 5, "4 3 1 0 2", "nested d lines after "
	    "their children");
	check_parents_first(in_order, 5, "0 1 2 3 4", "a table already in "
	    "order");
	check_parents_first(siblings, 5, "3 0 2 1 4", "a name that extends "
	    "another");
	check_parents_first(same, 4, "1 3 0 2", "one directory twice");
	test_recursive_keeps_place();
}

static bool
under(const char *path, const char *dir)
{
	size_t n = strlen(dir);

	return strcmp(dir, "/") == 0 ? strcmp(path, "/") != 0 :
	    strncmp(path, dir, n) == 0 && path[n] == '/';
}

/* Whether some line before table place at lies under dir. */
static bool
held_earlier(const char (*paths)[32], size_t at, const char *dir)
{
	for (size_t k = 0; k < at; k++)
		if (under(paths[k], dir))
			return true;
	return false;
}

/*
 * Random tables of d and c lines over a few names.  The result holds the
 * same lines; each d line comes before every line under it; c lines keep
 * their order, and so do d lines of one path; a d line with nothing
 * under it earlier keeps its place among the c lines.
 */
static void
test_parents_first_random(void)
{
	static const char *const names[] = { "a", "b", "a-", "ab" };
	static char paths[64][32];
	struct check c;

	rng_seed(42);
	begin(&c, "parents first: 10,000 random tables");
	for (unsigned t = 0; t < 10000; t++) {
		struct entries l = { 0 };
		size_t n = 1 + rng_next() % 24, pos[64];

		for (size_t i = 0; i < n; i++) {
			size_t depth = rng_next() % 4, len = 0;

			strcpy(paths[i], "/");
			for (size_t k = 0; k < depth; k++)
				len += (size_t)snprintf(paths[i] + len,
				    sizeof(paths[i]) - len, "/%s",
				    names[rng_next() % 4]);
			if (entries_add(&l, &(struct entry){ .path = paths[i],
			    .type = rng_next() % 2 ? 'd' : 'c', .lineno = i })
			    != 0)
				bail_out("out of memory");
		}
		if (entries_parents_first(&l) != 0)
			bail_out("out of memory");
		for (size_t i = 0; i < n; i++)
			pos[l.v[i].lineno] = i;
		for (size_t i = 0; i < n; i++)
			for (size_t j = i + 1; j < n; j++) {
				const struct entry *x = &l.v[pos[i]],
				    *y = &l.v[pos[j]];
				bool xd = x->type == 'd', yd = y->type == 'd';

				if (xd && under(y->path, x->path))
					expect(&c, pos[i] < pos[j], "table %u: "
					    "%s after %s", t, x->path, y->path);
				else if (yd && under(x->path, y->path))
					expect(&c, pos[j] < pos[i], "table %u: "
					    "%s after %s", t, y->path, x->path);
				else if ((!xd && !yd) || (xd && yd &&
				    strcmp(x->path, y->path) == 0) ||
				    (xd != yd && !held_earlier(paths,
				    xd ? i : j, xd ? x->path : y->path)))
					expect(&c, pos[i] < pos[j], "table %u: "
					    "lines %zu and %zu swapped", t, i, j);
			}
		entries_free(&l);
	}
	end(&c);
}


/* An entry's capabilities (makedevs |xattr) are copied as its path is. */
static void
test_entry_caps(void)
{
	struct entries l = { 0 };
	char caps[] = "cap_net_raw+ep", path[] = "/bin/ping";
	struct entry e = { .type = 'f', .path = path, .caps = caps };
	bool added = entries_add(&l, &e) == 0;

	e.caps = NULL;
	added = added && entries_add(&l, &e) == 0;
	memset(caps, 'x', sizeof(caps) - 1);
	ok(added && l.n == 2 && l.v[0].caps != caps && l.v[0].caps != NULL &&
	    strcmp(l.v[0].caps, "cap_net_raw+ep") == 0 && l.v[1].caps == NULL,
	    "caps are the list's own copy; none stays none");
	entries_free(&l);
}

static void
check_path(const char *in, unsigned flags, const char *want,
    const char *what)
{
	char out[PATH_MAX];
	struct dt_diag d = { "" };
	int rc = path_normal(in, strlen(in), flags, out, &d);

	if (flags == 0)
		ok(path_is_normal(in, strlen(in)) ==
		    (rc == 0 && strcmp(out, in) == 0),
		    "%s: '%s' is normal as path_normal says", what, in);
	if (want[0] == '/')
		ok(rc == 0 && strcmp(out, want) == 0, "%s: '%s' is '%s' (%s)",
		    what, in, rc == 0 ? out : "-", d.msg);
	else
		ok(rc == -1 && strstr(d.msg, want) != NULL,
		    "%s: '%s' is refused: %s", what, in, d.msg);
}

static void
test_paths(void)
{
	check_path("/dev//null/", 0, "/dev/null", "repeated and trailing "
	    "slashes go");
	check_path("/", 0, "/", "the root stays");
	check_path("/dev/null", 0, "/dev/null", "a normal path stays");
	check_path("/dev/", 0, "/dev", "a trailing slash goes");
	check_path("/d.v/..n/.x", 0, "/d.v/..n/.x", "dots inside names stay");
	check_path("/dev/..", 0, "has a '..' component", "a last '..'");
	check_path("/dev/.", 0, "has a '.' component", "a last '.'");
	check_path("//", 0, "/", "slashes alone are the root");
	check_path("/dev/./null", 0, "has a '.' component", "a table's '.'");
	check_path("/dev/../etc", 0, "has a '..' component", "a table's '..'");
	check_path("dev/null", 0, "must be absolute (start with /)",
	    "a relative path");
	check_path("/dev/./x/../null", PATH_DOTS_RESOLVE, "/dev/null",
	    "an operand's '.' and '..'");
	check_path("/../../dev", PATH_DOTS_RESOLVE, "/dev",
	    "'..' at the root stays at the root");
	{
		char long_name[NAME_MAX + 3] = "/";

		memset(long_name + 1, 'a', NAME_MAX + 1);
		long_name[NAME_MAX + 2] = '\0';
		check_path(long_name, 0, "at most 255", "a name over NAME_MAX");
	}
	ok(path_normal("/a\0b", 4, 0, (char[PATH_MAX]){ 0 },
	    &(struct dt_diag){ "" }) == -1 && !path_is_normal("/a\0b", 4),
	    "a NUL byte is refused");
}

/* mknod's PATH: relative or not, any name past NAME_MAX, not only the last. */
static void
test_names_fit(void)
{
	char p[2 * NAME_MAX], q[2 * NAME_MAX];
	struct dt_diag d = { "" }, dn = { "" };

	snprintf(p, sizeof(p), "d//%0*d/x", NAME_MAX, 0);
	ok(path_names_fit(p, &d) == 0 && path_names_fit("", &d) == 0 &&
	    path_names_fit("/", &d) == 0, "names of 255 bytes fit");
	snprintf(p, sizeof(p), "d//%0*d/x", NAME_MAX + 1, 0);
	snprintf(q, sizeof(q), "/d/%0*d/x", NAME_MAX + 1, 0);
	ok(path_names_fit(p, &d) == -1 && path_normal(q, strlen(q), 0,
	    (char[PATH_MAX]){ 0 }, &dn) == -1 && strcmp(d.msg, dn.msg) == 0 &&
	    strstr(d.msg, "(256 bytes, at most 255)") != NULL,
	    "an inner name of 256 bytes is refused as path_normal refuses it: "
	    "%s", d.msg);
}

/* Every field of a and b, the texts by their bytes. */
static bool
same_entry(const struct entry *a, const struct entry *b)
{
#define SAME_TEXT(f) (a->f == NULL ? b->f == NULL : \
	b->f != NULL && strcmp(a->f, b->f) == 0)
	return SAME_TEXT(path) && SAME_TEXT(target) && SAME_TEXT(file) &&
	    SAME_TEXT(caps) && SAME_TEXT(content) && SAME_TEXT(link_first) &&
	    SAME_TEXT(user) && SAME_TEXT(group) && a->lineno == b->lineno &&
	    a->type == b->type && a->replace == b->replace &&
	    a->mode_set == b->mode_set && a->uid_set == b->uid_set &&
	    a->gid_set == b->gid_set && a->mode == b->mode &&
	    a->uid == b->uid && a->gid == b->gid && a->nlink == b->nlink &&
	    a->major == b->major && a->minor == b->minor &&
	    a->start == b->start && a->inc == b->inc && a->count == b->count &&
	    a->boot == b->boot && a->ignore_errors == b->ignore_errors &&
	    a->correct == b->correct && a->create == b->create &&
	    a->optional == b->optional && a->recursive == b->recursive &&
	    a->existing == b->existing && a->nochange == b->nochange;
#undef SAME_TEXT
}

/*
 * The compact list gives back each entry as it was added: the common
 * ones from a 32-byte record (a table's file and line too), the rare
 * ones (ranges, names, contents, numbers over 32 bits, a line past 32
 * bits) whole; and its order is by path, the entries of one path in the
 * order they came.
 */
static void
test_pack(void)
{
	static char name[64];
	const struct entry kinds[] = {
		{ .path = "/dev/null", .type = 'c', .mode = 0666,
		  .mode_set = true, .uid_set = true, .gid_set = true,
		  .major = 1, .minor = 3, .uid = 4294967294u, .gid = 7 },
		{ .path = "/dev/sda", .type = 'b', .mode = 07777,
		  .major = UINT32_MAX, .minor = UINT32_MAX, .replace = true,
		  .boot = true, .ignore_errors = true, .correct = true },
		{ .path = "/dev/fd", .type = 'l', .target = "/proc/self/fd",
		  .create = true, .optional = true, .recursive = true,
		  .existing = true, .nochange = true },
		{ .path = "/dev/gone", .type = 'l', .existing = true },
		{ .path = "/dev/big", .type = 'c', .major = 1ull << 32,
		  .minor = 5 },
		{ .path = "/dev/tty", .type = 'c', .major = 4, .start = 0,
		  .inc = 1, .count = 64, .file = "t", .lineno = 3 },
		{ .path = "/f", .type = 'f', .content = "src/f", .nlink = 2,
		  .link_first = "/g", .caps = "cap_net_raw+ep",
		  .user = "root", .group = "disk" },
		{ .path = "/odd", .type = 'c', .target = "x" },
		{ .path = "/odd2", .type = 'l', .target = "y", .major = 1 },
		{ .path = "/m", .type = 'd', .mode = 010755 },
		{ .path = "/dev/zero", .type = 'c', .major = 1, .minor = 5,
		  .file = "tables/a.txt", .lineno = UINT32_MAX },
		{ .path = "/far", .type = 'p', .file = "t",
		  .lineno = (unsigned long)UINT32_MAX + 1 },
	};
	const size_t nk = sizeof(kinds) / sizeof(kinds[0]);
	struct entry_pack p = { 0 };
	struct entry got, e;
	uint32_t *order = NULL;
	bool pass = true;

	/* more than a chunk of texts: 3,000 rounds of every kind */
	for (unsigned i = 0; i < 3000; i++)
		for (size_t k = 0; k < nk; k++) {
			e = kinds[k];
			snprintf(name, sizeof(name), "%s%u", kinds[k].path,
			    (2999 - i) % 1000);
			e.path = name;
			pass = pass && entry_pack_add(&p, &e) == 0;
		}
	ok(pass && p.n == 3000 * nk, "a pack takes %zu entries", p.n);
	for (size_t i = 0; pass && i < p.n; i++) {
		e = kinds[i % nk];
		snprintf(name, sizeof(name), "%s%zu", kinds[i % nk].path,
		    (2999 - i / nk) % 1000);
		e.path = name;
		entry_pack_get(&p, i, &got);
		pass = same_entry(&e, &got) &&
		    strcmp(entry_pack_path(&p, i), name) == 0;
		if (!pass)
			diag("entry %zu (%s) comes back otherwise", i, name);
	}
	ok(pass, "each entry comes back as it was added, every field");
	ok(p.nrare == 3000 * 7, "the rare entries, and only they, are held "
	    "whole: %zu", p.nrare);
	pass = entry_pack_order(&p, &order) == 0;
	for (size_t i = 1; pass && i < p.n; i++) {
		int c = strcmp(entry_pack_path(&p, order[i - 1]),
		    entry_pack_path(&p, order[i]));

		pass = c < 0 || (c == 0 && order[i - 1] < order[i]);
	}
	ok(pass, "the order is by path, one path's entries as they came");
	free(order);
	entry_pack_free(&p);
	ok(p.n == 0 && p.v == NULL && p.chunks == NULL && p.rare == NULL,
	    "a freed pack is empty");
}

/*
 * apply's plan names the table file of each entry, for its messages: the
 * first ENTRY_PACK_FILES files in the record, any after them in the side
 * table; every entry comes back with its own file and line.
 */
static void
test_pack_files(void)
{
	const size_t nfiles = ENTRY_PACK_FILES + 9;
	char files[ENTRY_PACK_FILES + 9][16], again[16];
	struct entry_pack p = { 0 };
	struct entry e, got;
	bool pass = true;

	for (size_t f = 0; f < nfiles; f++)
		snprintf(files[f], sizeof(files[f]), "table%zu", f);
	for (size_t i = 0; i < 4 * nfiles; i++) {
		/* the same name at another address is the same file */
		snprintf(again, sizeof(again), "%s", files[i % nfiles]);
		e = (struct entry){ .path = "/dev/x", .type = 'c',
		    .file = i < 2 * nfiles ? files[i % nfiles] : again,
		    .lineno = i + 1 };
		pass = pass && entry_pack_add(&p, &e) == 0;
	}
	for (size_t i = 0; pass && i < p.n; i++) {
		entry_pack_get(&p, i, &got);
		pass = got.file != NULL && strcmp(got.file,
		    files[i % nfiles]) == 0 && got.lineno == i + 1;
		if (!pass)
			diag("entry %zu comes back as %s:%lu", i,
			    got.file ? got.file : "(none)", got.lineno);
	}
	ok(pass, "each entry comes back with its file and line");
	ok(p.nfiles == ENTRY_PACK_FILES && p.nrare == 4 * 9,
	    "%zu files in records, the entries of the other 9 whole: %zu",
	    p.nfiles, p.nrare);
	entry_pack_free(&p);
}

/*
 * apply puts an entry held in a record straight from the record
 * (target_fs.c, put_packed): the node and flags read from its bits are
 * those put reads from entry_pack_get's entry, for every type, with and
 * without each flag that reaches node_make, and a link with and without
 * its target.
 */
static void
test_fs_want_packed(void)
{
	struct entry_pack p = { 0 };
	struct node_want a, b;
	struct entry e, got;
	struct check c;
	unsigned fa, fb;

	begin(&c, "a record's node is its entry's, every type and flag");
	for (const char *t = ENTRY_PACK_TYPES; *t != '\0'; t++)
		for (unsigned bits = 0; bits < 512; bits++) {
			bool nums = *t == 'c' || *t == 'b';

			e = (struct entry){ .path = "/dev/x", .type = *t,
			    .mode = 04640, .uid = 5, .gid = 7,
			    .major = nums ? 3 : 0, .minor = nums ? 9 : 0,
			    .target = *t == 'l' && !(bits & 256) ? "to" : NULL,
			    .mode_set = bits & 1, .uid_set = bits & 2,
			    .gid_set = bits & 4, .replace = bits & 8,
			    .correct = bits & 16, .create = bits & 32,
			    .optional = bits & 64, .nochange = bits & 128 };
			if (entry_pack_add(&p, &e) != 0)
				bail_out_errno("entry_pack_add");
		}
	for (size_t i = 0; i < p.n; i++) {
		if (!expect(&c, entry_pack_whole(&p, i) == NULL,
		    "entry %zu is held whole", i))
			continue;
		entry_pack_get(&p, i, &got);
		fa = target_fs_want(&got, &a);
		fb = target_fs_want_packed(&p, i, &b);
		expect(&c, fa == fb && a.type == b.type && a.perm == b.perm &&
		    a.uid == b.uid && a.gid == b.gid && a.rdev == b.rdev &&
		    a.target == b.target && a.caps == b.caps &&
		    a.keep == b.keep, "entry %zu (%c, flags %#x): type %o/%o "
		    "perm %o/%o uid %d/%d gid %d/%d flags %#x/%#x", i,
		    got.type, (unsigned)(i % 512), (unsigned)a.type, (unsigned)b.type,
		    (unsigned)a.perm, (unsigned)b.perm, (int)a.uid, (int)b.uid,
		    (int)a.gid, (int)b.gid, fa, fb);
	}
	end(&c);
	entry_pack_free(&p);
}

int
main(void)
{
	test_types();
	test_entries();
	test_entries_target();
	test_parents_first();
	test_parents_first_random();
	test_entry_caps();
	test_paths();
	test_names_fit();
	test_pack();
	test_pack_files();
	test_fs_want_packed();
	printf("1..%u\n", tests_run);
	return tests_failed != 0;
}
