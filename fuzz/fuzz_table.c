/*
 * fuzz_table.c - the device table dialects' readers and writers
 * (src/dialects/makedevs.c and tmpfiles.c, through dialect.c).
 *
 * The input is table text.  Each line, and the whole input as one line
 * (its newlines are then field separators), is given to dialect_detect_line,
 * dialect_blank and dialect_parse_line in both dialects.  Checked:
 *   - no crash, no undefined behaviour, no leak;
 *   - parse returns -1 (with a terminated, printable message), 0 exactly
 *     for the lines dialect_blank calls blank, or 1 with an entry that
 *     entry_validate accepts;
 *   - the differential round trip: every accepted entry is formatted in
 *     both dialects; a dialect may refuse only what it cannot say (a
 *     makedevs path with white space or control characters, a tmpfiles
 *     range, r or F), and writes a type it has no line for (a makedevs
 *     link, a tmpfiles socket: dialect_holds) as one comment line that
 *     reads as blank; any other line it makes is one line, is detected
 *     as its dialect, and parses back to the identical entry (same
 *     dialect) or to the same node (other dialect); formatting that
 *     entry again gives the identical line;
 *   - an |xattr line gives a message or one word of capabilities;
 *   - a line read as a second dialect's (dialect_other_reader) is
 *     another dialect's than its table's, the one it is detected as;
 *   - a range expands to nodes that validate, with the names and minors
 *     busybox gives them;
 *   - apply's plan: the entries accepted, as a list and as a pack (the
 *     plan's 32-byte records), give the same conflicts and, merged
 *     either way, the same entries (entry/conflicts.h, entry/pack.h);
 *   - the round trip of an entry whose path and link target are as long
 *     as the kernel takes (fuzz_long_name), and the line a writer makes
 *     fits the line reader (DIALECT_LINE_MAX).
 * Names resolve through a fixed fake resolver: the system's user
 * database plays no part.
 */
#include <inttypes.h>
#include <limits.h>

#include "fuzz_util.h"
#include "codec/host.h"
#include "dialects/dialect.h"
#include "entry/conflicts.h"
#include "entry/pack.h"
#include "entry/validate.h"
#include "sys/nss.h"
#include "base/bounds.h"

#define LINENO 7

struct name_id {
	const char *name;
	uint32_t id;
};

static const struct name_id users[] = { { "root", 0 }, { "daemon", 1 },
    { "nobody", 65534 }, { "big", 4294967294u }, { "reserved", 4294967295u } };
static const struct name_id groups[] = { { "root", 0 }, { "tty", 5 },
    { "disk", 6 }, { "nogroup", 65534 }, { "reserved", 4294967295u } };

static int
find(const struct name_id *t, size_t n, const char *name, uint32_t *id)
{
	for (size_t i = 0; i < n; i++)
		if (strcmp(t[i].name, name) == 0) {
			*id = t[i].id;
			return 0;
		}
	return -1;
}

static int
fake_lookup(void *ctx, const char *name, bool group, uint32_t *id)
{
	(void)ctx;
	return group ? find(groups, FUZZ_ARRAY_SIZE(groups), name, id) :
	    find(users, FUZZ_ARRAY_SIZE(users), name, id);
}

static const struct id_resolver resolver = { fake_lookup, NULL, NULL };

/* Big buffers live here, not on the stack; e1 was read as dialect1. */
static struct entry e1, e2, e3;
/* The entries accepted from one input, as apply's plan would hold them. */
static struct entries plan_list;
static struct entry_pack plan_pack;
#define PLAN_MAX 64
static void plan_add(const struct entry *e);
static char path1[DIALECT_TEXT_SIZE], path2[DIALECT_TEXT_SIZE];
static char path3[PATH_MAX];
static const struct dialect *dialect1;
static struct dt_buf line1, line2;	/* kept from run to run */
static char long_path[PATH_MAX], long_target[PATH_MAX];

static const char *
dname(const struct dialect *dialect)
{
	return dialect_name(dialect);
}

static bool
same_target(const struct entry *a, const struct entry *b)
{
	return a->target == NULL ? b->target == NULL :
	    b->target != NULL && strcmp(a->target, b->target) == 0;
}

static bool
same_node(const struct entry *a, const struct entry *b)
{
	return strcmp(a->path, b->path) == 0 && a->type == b->type &&
	    same_target(a, b) &&
	    a->mode == b->mode && a->uid == b->uid && a->gid == b->gid &&
	    a->major == b->major && a->minor == b->minor &&
	    a->start == b->start && a->inc == b->inc && a->count == b->count;
}

static bool
same_entry(const struct entry *a, const struct entry *b)
{
	return same_node(a, b) &&
	    a->replace == b->replace && a->mode_set == b->mode_set &&
	    a->uid_set == b->uid_set && a->gid_set == b->gid_set &&
	    a->boot == b->boot && a->ignore_errors == b->ignore_errors &&
	    a->correct == b->correct && a->create == b->create &&
	    a->optional == b->optional && a->recursive == b->recursive &&
	    a->existing == b->existing &&
	    a->lineno == b->lineno;
}

static void
describe(const char *what, const struct entry *e)
{
	fprintf(stderr, "%s: %s path=%.200s type=%c mode=%04o%s uid=%ju%s "
	    "gid=%ju%s %" PRIu64 ":%" PRIu64 " start=%" PRIu64 " inc=%" PRIu64
	    " count=%" PRIu64 "%s target=%.200s\n", what, dname(dialect1),
	    e->path,
	    e->type, e->mode, e->mode_set ? "" : "(default)",
	    (uintmax_t)e->uid, e->uid_set ? "" : "(default)",
	    (uintmax_t)e->gid, e->gid_set ? "" : "(default)", e->major,
	    e->minor, e->start, e->inc, e->count, e->replace ? " replace" : "",
	    e->target != NULL ? e->target : "(none)");
}

/*
 * Whether an entry is a range (table.h): count 0 is the one node `path',
 * count N >= 1 the N nodes path<start> ... path<start+N-1>.
 */
static bool
is_range(const struct entry *e)
{
	return e->count != 0;
}

static bool
makedevs_can_say(const struct entry *e)
{
	for (const unsigned char *s = (const unsigned char *)e->path;
	    *s != '\0'; s++)
		if (*s <= ' ' || *s == 0x7f)
			return false;
	return true;
}

/* A socket, or buildroot's r or F: no tmpfiles type says them. */
static bool
tmpfiles_can_say(const struct entry *e)
{
	return e->type != 's' && !e->recursive && !e->optional;
}

static void
check_entry(const struct entry *e)
{
	struct dt_diag d;

	FUZZ_CHECK(entry_validate(e, &d) == 0, "parsed entry does not "
	    "validate: %s", d.msg);
	FUZZ_CHECK(e->lineno == LINENO, "lineno %lu", e->lineno);
	FUZZ_CHECK(e->path[0] == '/', "relative path");
	FUZZ_CHECK(e->mode <= 07777, "mode %o", e->mode);
	FUZZ_CHECK(e->count <= ENTRY_COUNT_MAX, "count %" PRIu64 " past %u",
	    e->count, ENTRY_COUNT_MAX);
	FUZZ_CHECK(is_range(e) || (e->start == 0 && e->inc == 0),
	    "start/inc kept without a range");
	FUZZ_CHECK(e->inc == 0 || e->type == 'c' || e->type == 'b',
	    "inc kept for type %c", e->type);
	FUZZ_CHECK(e->major <= DT_HOST_MAJOR_MAX &&
	    e->minor <= DT_HOST_MINOR_MAX, "numbers past the host limit");
}

static void
check_expand(const struct entry *e)
{
	struct dt_diag d;
	size_t n = entry_expand_count(e), idx[3];
	size_t plen = strlen(e->path);
	char num[32];

	FUZZ_CHECK(n == (is_range(e) ? e->count : 1), "expand count %zu",
	    n);
	idx[0] = 0;
	idx[1] = n / 2;
	idx[2] = n - 1;
	for (size_t k = 0; k < 3; k++) {
		FUZZ_CHECK(entry_expand(e, idx[k], &e3, path3, &d) == 0,
		    "expand %zu of %zu: %s", idx[k], n, d.msg);
		FUZZ_CHECK(entry_validate(&e3, &d) == 0, "expanded node %zu "
		    "does not validate: %s", idx[k], d.msg);
		FUZZ_CHECK(e3.count == 0 && e3.start == 0 && e3.inc == 0,
		    "expanded node keeps its range");
		if (!is_range(e)) {
			FUZZ_CHECK(strcmp(e3.path, e->path) == 0 &&
			    e3.minor == e->minor, "single node changed");
			continue;
		}
		snprintf(num, sizeof(num), "%" PRIu64, e->start + idx[k]);
		FUZZ_CHECK(strncmp(e3.path, e->path, plen) == 0 &&
		    strcmp(e3.path + plen, num) == 0, "node %zu named %.200s",
		    idx[k], e3.path);
		if (e->type == 'c' || e->type == 'b')
			FUZZ_CHECK(e3.minor == e->minor + idx[k] * e->inc,
			    "node %zu minor %" PRIu64, idx[k], e3.minor);
	}
	FUZZ_CHECK(entry_expand(e, n, &e3, path3, &d) == -1, "node past the range");
}

/* The differential round trip of one accepted entry through a dialect. */
static void
round_trip(const struct entry *e, const struct dialect *out)
{
	struct dt_diag d;
	size_t len;
	int r;

	if (dialect_format(out, e, &line1, &d) != 0) {
		fuzz_check_msg(d.msg, sizeof(d.msg), "dialect_format");
		if (out == &makedevs_dialect && !makedevs_can_say(e))
			return;
		if (out == &tmpfiles_dialect && (is_range(e) ||
		    !tmpfiles_can_say(e)))
			return;
		describe("entry", e);
		FUZZ_FAIL("%s refuses to write a valid entry: %s", dname(out),
		    d.msg);
	}
	len = line1.len;
	/* what the writer makes, the line reader takes (lines.h) */
	FUZZ_CHECK(len <= DIALECT_LINE_MAX, "line of %zu bytes", len);
	if (!dialect_holds(out, e)) {
		FUZZ_CHECK(memchr(line1.s, '\n', len) == NULL &&
		    dialect_blank(line1.s, len) && dialect_parse_line(out,
		    line1.s, len, LINENO, &resolver, &e2, path2, &d) == 0,
		    "%s's comment for what it cannot hold is no blank line: "
		    "%.300s", dname(out), line1.s);
		return;
	}
	FUZZ_CHECK(!(out == &makedevs_dialect && !makedevs_can_say(e)),
	    "makedevs wrote a path it cannot hold: %.300s", line1.s);
	FUZZ_CHECK(!(out == &tmpfiles_dialect && is_range(e)),
	    "tmpfiles wrote a range: %.300s", line1.s);
	FUZZ_CHECK(!(out == &tmpfiles_dialect && !tmpfiles_can_say(e)),
	    "tmpfiles wrote what it cannot say: %.300s", line1.s);
	FUZZ_CHECK(memchr(line1.s, '\n', len) == NULL, "newline in line");
	FUZZ_CHECK(dialect_detect_line(line1.s, len) == out, "'%.300s' "
	    "detected as %s, written as %s", line1.s,
	    dname(dialect_detect_line(line1.s, len)), dname(out));

	r = dialect_parse_line(out, line1.s, len, LINENO, &resolver, &e2,
	    path2, &d);
	if (r != 1) {
		describe("entry", e);
		FUZZ_FAIL("%s line '%.300s' does not read back (%d): %s",
		    dname(out), line1.s, r, r < 0 ? d.msg : "blank");
	}
	if ((dialect1 == out && !same_entry(e, &e2)) ||
	    (dialect1 != out && !same_node(e, &e2))) {
		describe("entry", e);
		describe("reread", &e2);
		FUZZ_FAIL("%s line '%.300s' reads back differently",
		    dname(out), line1.s);
	}
	/* but buildroot's -1: a d or f keeps its mode */
	if (out == &makedevs_dialect)
		FUZZ_CHECK((e2.mode_set || e2.type == 'd' || e2.type == 'f') &&
		    e2.uid_set && e2.gid_set,
		    "makedevs entry with an unset attribute");

	FUZZ_CHECK(dialect_format(out, &e2, &line2, &d) == 0,
	    "reread entry does not format: %s", d.msg);
	FUZZ_CHECK(strcmp(line1.s, line2.s) == 0, "format is not stable:\n"
	    "  %.300s\n  %.300s", line1.s, line2.s);
}

/*
 * An entry with names as long as the kernel takes (fuzz_long_name): a
 * node, a directory or a link to a target as long, written in each
 * dialect and read back, as round_trip checks a line's entry.
 */
static void
check_long(const uint8_t *data, size_t size)
{
	static const char types[] = "cbpdlf";
	uint8_t pick = size > 0 ? data[0] : 0;
	struct dt_diag d;

	memset(&e1, 0, sizeof(e1));
	fuzz_long_name(data, size, true, long_path);
	fuzz_long_name(data + size / 2, size - size / 2, false, long_target);
	e1.path = long_path;
	e1.type = types[pick % (sizeof(types) - 1)];
	e1.lineno = LINENO;
	if (e1.type == 'l') {
		e1.target = long_target;
		e1.mode = 0777;
	} else {
		e1.mode = (pick >> 3) & 1 ? 0644 : 04755;
		e1.mode_set = e1.uid_set = e1.gid_set = true;
		e1.uid = pick >> 4;
	}
	if (e1.type == 'c' || e1.type == 'b') {
		e1.major = size;
		e1.minor = pick;
	}
	if (entry_validate(&e1, &d) != 0)
		return;		/* a "." or ".." component */
	dialect1 = NULL;
	round_trip(&e1, &makedevs_dialect);
	round_trip(&e1, &tmpfiles_dialect);
}

/* buildroot's |xattr line: a message, or one word of capabilities. */
static void
check_xattr(const char *line, size_t len)
{
	static char value[ENTRY_CAPS_MAX];
	struct dt_diag d;
	int r;

	memset(&d, 0, sizeof(d));
	value[0] = '\0';
	r = makedevs_dialect.read_attachment(line, len, value, &d);
	FUZZ_CHECK(r >= -1 && r <= 1, "table_parse_xattr returned %d", r);
	if (r < 0)
		fuzz_check_msg(d.msg, sizeof(d.msg), "table_parse_xattr");
	if (r == 1)
		FUZZ_CHECK(value[0] != '\0' && strlen(value) < 255 &&
		    strpbrk(value, " \t\n") == NULL, "|xattr value '%.300s'",
		    value);
}

/*
 * dialect_parse_line with what the reader says of a line it returned 0
 * for: left out (a type devtool does not create) or deferred (a z line),
 * or, in tmpfiles, a boot-only line ('!' in its type), which is skipped
 * without --boot as systemd-tmpfiles skips it.
 */
static int
parse_alone(const struct dialect *dl, const char *line, size_t len,
    struct entry *e, char *path, struct dt_diag *d, bool *left_out)
{
	struct dialect_reader r;
	int rc;

	if (dialect_begin(&r, dl, &resolver) != 0)
		return dt_error(d, "out of memory");
	rc = dialect_read_line(&r, line, len, LINENO, e, path, d);
	*left_out = r.left_out != NULL || r.defer;
	if (dl == &tmpfiles_dialect) {
		size_t i = 0;

		while (i < len && (line[i] == ' ' || line[i] == '\t'))
			i++;
		for (; i < len && !dialect_space(line[i]); i++)
			*left_out |= line[i] == '!';
	}
	dialect_reader_free(&r);
	return rc;
}

static void
check_line(const char *line, size_t len)
{
	static const struct dialect *const dialects[] = { &makedevs_dialect,
	    &tmpfiles_dialect };
	bool blank = dialect_blank(line, len), left_out;
	bool nul = memchr(line, '\0', len) != NULL;
	const struct dialect *det = dialect_detect_line(line, len);
	struct dt_diag d;

	/* a line starting with '{' or '[' is JSON's: fuzz_json.c's */
	FUZZ_CHECK(det == NULL || dialect_named(det->name) == det,
	    "detect gave a dialect not in the registry");
	FUZZ_CHECK((det != &json_dialect && det != &oci_dialect) ||
	    (strspn(line, " \t\n\r\v\f") < len &&
	    strchr("{[", line[strspn(line, " \t\n\r\v\f")]) != NULL),
	    "detect gave %s", dname(det));
	/* a comment is no dialect's, but for mtree's "#mtree" header */
	FUZZ_CHECK(!(blank && det != NULL) || (det == &mtree_dialect &&
	    len >= 6 && memcmp(line, "#mtree", 6) == 0 &&
	    (len == 6 || dialect_space(line[6]))), "blank line detected "
	    "as %s", dname(det));
	for (size_t i = 0; i < FUZZ_ARRAY_SIZE(dialects); i++) {
		int r;

		memset(&d, 0, sizeof(d));
		r = parse_alone(dialects[i], line, len, &e1, path1, &d,
		    &left_out);
		FUZZ_CHECK(r >= -1 && r <= 1, "parse returned %d", r);
		if (r < 0) {
			fuzz_check_msg(d.msg, sizeof(d.msg),
			    "dialect_parse_line");
			continue;
		}
		FUZZ_CHECK(!nul, "%s accepted a line with a NUL byte",
		    dname(dialects[i]));
		if (r == 0) {
			/* or a line read and left out (tmpfiles' x, a z) */
			FUZZ_CHECK(blank || left_out, "%s skips a line "
			    "dialect_blank keeps", dname(dialects[i]));
			continue;
		}
		FUZZ_CHECK(!blank, "%s parses a line dialect_blank skips",
		    dname(dialects[i]));
		dialect1 = dialects[i];
		check_entry(&e1);
		plan_add(&e1);
		check_expand(&e1);
		/* round_trip overwrites e2 and e3 only */
		round_trip(&e1, &makedevs_dialect);
		round_trip(&e1, &tmpfiles_dialect);
	}
	if (!nul && blank)
		for (size_t i = 0; i < FUZZ_ARRAY_SIZE(dialects); i++)
			FUZZ_CHECK(dialect_parse_line(dialects[i], line, len,
			    LINENO, &resolver, &e1, path1, &d) == 0,
			    "blank line not skipped by %s",
			    dname(dialects[i]));
	check_xattr(line, len);
	/*
	 * A second dialect's line in a table (dialect_other_reader): never
	 * the table's own dialect, always the line's bidder.
	 */
	for (size_t i = 0; i < FUZZ_ARRAY_SIZE(dialects); i++) {
		const struct dialect *other = dialect_other_reader(dialects[i],
		    line, len, &resolver, path2);

		FUZZ_CHECK(other == NULL || (other != dialects[i] &&
		    other == det && !nul), "a %s table's line '%.300s' "
		    "read as a second dialect, %s", dname(dialects[i]), line,
		    dname(other));
	}
	/* a NULL resolver knows no names but must not crash */
	(void)dialect_parse_line(&tmpfiles_dialect, line, len, LINENO, NULL, &e1,
	    path1, &d);
	(void)dialect_parse_line(&makedevs_dialect, line, len, LINENO, NULL, &e1,
	    path1, &d);
}

/* Conflicts' messages and what a merge keeps, as text. */
struct said {
	char text[8192];
	size_t len;
};

static void
said_add(struct said *s, const char *what, const struct entry *e)
{
	int n = snprintf(s->text + s->len, sizeof(s->text) - s->len,
	    "%s %s %c %" PRIu64 ":%" PRIu64 " %o %s:%lu\n", what, e->path,
	    e->type, e->major, e->minor, e->mode, e->file, e->lineno);

	if (n > 0 && (size_t)n < sizeof(s->text) - s->len)
		s->len += (size_t)n;
}

static void
said_conflict(void *ctx, const struct entry *later, const char *msg)
{
	said_add(ctx, msg, later);
}

/* The entry as the plan reads it, named by its own file and line. */
static void
plan_add(const struct entry *e)
{
	struct entry x = *e;

	if (plan_list.n >= PLAN_MAX)
		return;
	x.file = "fuzz";
	x.lineno = plan_list.n + 1;
	FUZZ_CHECK(entries_add(&plan_list, &x) == 0 &&
	    entry_pack_add(&plan_pack, &x) == 0, "out of memory");
}

/* The list and the pack say the same conflicts and keep the same. */
static void
check_plan(void)
{
	static const enum conflicts_merge hows[] = { CONFLICTS_ERROR,
	    CONFLICTS_LAST, CONFLICTS_FIRST };
	static struct said a, b;
	struct entry e;
	size_t nhows = FUZZ_ARRAY_SIZE(hows);

	/* a merge expands the ranges that lose, node by node: small ones */
	for (size_t i = 0; i < plan_list.n; i++)
		if (plan_list.v[i].count > 256)
			nhows = 1;
	for (size_t h = 0; h < nhows; h++) {
		struct entries l = { 0 };
		struct entry_pack p = { 0 };
		long rl, rp;

		a.len = b.len = 0;
		a.text[0] = b.text[0] = '\0';
		for (size_t i = 0; i < plan_list.n; i++)
			FUZZ_CHECK(entries_add(&l, &plan_list.v[i]) == 0 &&
			    entry_pack_add(&p, &plan_list.v[i]) == 0,
			    "out of memory");
		rl = conflicts_merge(&l, hows[h], 0, 0, said_conflict, &a);
		rp = conflicts_merge_pack(&p, hows[h], 0, 0, said_conflict, &b);
		for (size_t i = 0; i < l.n; i++)
			said_add(&a, "kept", &l.v[i]);
		for (size_t i = 0; i < p.n; i++) {
			entry_pack_get(&p, i, &e);
			said_add(&b, "kept", &e);
		}
		FUZZ_CHECK(rl == rp && strcmp(a.text, b.text) == 0,
		    "merge %zu: a list says %ld:\n%.2000s\na pack %ld:\n%.2000s",
		    h, rl, a.text, rp, b.text);
		entries_free(&l);
		entry_pack_free(&p);
	}
	entries_free(&plan_list);
	entry_pack_free(&plan_pack);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	/* exact-size copies, so ASan sees any read past the line */
	char *all = fuzz_strndup(data, size);
	size_t start = 0;

	for (size_t i = 0; i <= size; i++) {
		if (i < size && data[i] != '\n')
			continue;
		{
			size_t n = i - start + (i < size);	/* with '\n' */
			char *one = malloc(n > 0 ? n : 1);

			if (one == NULL)
				abort();
			memcpy(one, data + start, n);
			check_line(one, n);
			free(one);
		}
		start = i + 1;
	}
	if (memchr(data, '\n', size) != NULL)
		check_line(all, size);
	free(all);
	check_plan();
	/* slow (every byte escaped, PATH_MAX of them): one input in 32 */
	if (size % 32 == 0)
		check_long(data, size);
	return 0;
}
