/*
 * unit_entry.c - the entry pipeline's pure parts (docs/DESIGN.md, "The
 * entry pipeline"): the one table of type letters, the list of entries
 * with its arena, and the one path normaliser.
 */
#include <sys/stat.h>

#include <limits.h>

#include "entry.h"
#include "path.h"
#include "tap.h"

static void
test_types(void)
{
	static const struct { char letter; mode_t ifmt; bool numbers; } want[] = {
		{ 'c', S_IFCHR, true }, { 'b', S_IFBLK, true },
		{ 'p', S_IFIFO, false }, { 'd', S_IFDIR, false },
		{ 'f', S_IFREG, false }, { 's', S_IFSOCK, false },
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
	    entry_type_of('F') == NULL && entry_type_of('r') == NULL &&
	    entry_type_of_mode(S_IFLNK) == NULL,
	    "an unknown letter or mode has no type");
	ok(strcmp(entry_type_of('c')->noun, "character device") == 0 &&
	    strcmp(entry_type_of('p')->noun, "FIFO") == 0,
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
	entries_sort(&l);
	pass = true;
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
	    &(struct dt_diag){ "" }) == -1, "a NUL byte is refused");
}

int
main(void)
{
	test_types();
	test_entries();
	test_entry_caps();
	test_paths();
	printf("1..%u\n", tests_run);
	return tests_failed != 0;
}
