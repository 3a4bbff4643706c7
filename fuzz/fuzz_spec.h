/*
 * fuzz_spec.h - the harness of the builders' spec readers (src/spec*.c),
 * included by fuzz_mtree.c, fuzz_gen_init_cpio.c and fuzz_pseudo.c, each
 * defining DIALECT.
 *
 * The input is a spec.  Its lines go, in order, to one reader (an mtree
 * reader keeps /set, its directory and a continued line from line to
 * line, and looks up the entries read before, which a later line of a
 * path amends, as source_table.c keeps them), then spec_end.  Checked:
 *   - no crash, no undefined behaviour, no leak;
 *   - each line gives -1 with a terminated, printable message, 0, or 1
 *     with an entry table_validate accepts, its path absolute; one that
 *     amends has the path of an entry read before, and its type;
 *   - the round trip: an accepted entry the dialect can say (table_holds)
 *     is written by table_format, and that line, read by a new reader,
 *     gives the same node; writing it again gives the same line.  The
 *     writer may refuse only a gen_init_cpio name or target with white
 *     space or a control byte, and a pseudo one with a newline or a
 *     target starting with white space;
 *   - spec_detect of the written line is the dialect: every line a
 *     dialect writes is its own, a pseudo line's top directory too;
 *   - the same round trip for an entry whose path and link target are
 *     as long as the kernel takes (fuzz_long_name), and the line the
 *     writer makes of them fits the line reader (DIALECT_LINE_MAX).
 * Names resolve through a fixed fake resolver.
 */
#include <inttypes.h>
#include <limits.h>

#include "fuzz_util.h"
#include "dialects/fields.h"
#include "dialects/dialect.h"
#include "entry/conflicts.h"
#include "entry/validate.h"
#include "sys/nss.h"
#include "base/bounds.h"

/* The user root (0) and the group tty (5). */
static int
fake_lookup(void *ctx, const char *name, bool group, uint32_t *id)
{
	(void)ctx;
	if (strcmp(name, group ? "tty" : "root") != 0)
		return -1;
	*id = group ? 5 : 0;
	return 0;
}

static const struct id_resolver resolver = { fake_lookup, NULL, NULL };

static struct dialect_reader r1, r2;
static struct entries kept;	/* r1's entries so far (amends) */
static char path1[DIALECT_TEXT_SIZE], path2[DIALECT_TEXT_SIZE];
static struct dt_buf line1, line2;	/* kept from run to run */
static char long_path[PATH_MAX], long_target[PATH_MAX];

static bool
same_node(const struct entry *a, const struct entry *b)
{
	return strcmp(a->path, b->path) == 0 && a->type == b->type &&
	    a->mode == b->mode && a->uid == b->uid && a->gid == b->gid &&
	    a->major == b->major && a->minor == b->minor &&
	    (a->target == NULL ? b->target == NULL : b->target != NULL &&
	    strcmp(a->target, b->target) == 0) &&
	    (a->content == NULL ? b->content == NULL : b->content != NULL &&
	    strcmp(a->content, b->content) == 0);
}

/* What the writer may refuse (see above). */
static bool
may_refuse(const struct entry *e)
{
	const char *t = e->target != NULL ? e->target : "";

	if (DIALECT == &pseudo_dialect)
		return strchr(e->path, '\n') != NULL || strchr(t, '\n') !=
		    NULL || (t[0] != '\0' && dialect_space(t[0]));
	if (DIALECT != &gen_init_cpio_dialect)
		return false;
	/* a file's hard links are on its first name's line */
	if (e->nlink > 1)
		return true;
	for (const char *s = e->path; *s != '\0'; s++)
		if ((unsigned char)*s <= ' ' || *s == 0x7f)
			return true;
	for (; *t != '\0'; t++)
		if ((unsigned char)*t <= ' ' || *t == 0x7f)
			return true;
	for (t = e->content != NULL ? e->content : ""; *t != '\0'; t++)
		if ((unsigned char)*t <= ' ' || *t == 0x7f)
			return true;
	return false;
}

static void
round_trip(const struct entry *e)
{
	struct entry e2;
	struct dt_diag d;
	size_t len;
	int rc;

	if (!dialect_holds(DIALECT, e))
		return;
	if (dialect_format(DIALECT, e, &line1, &d) != 0) {
		fuzz_check_msg(d.msg, sizeof(d.msg), "table_format");
		FUZZ_CHECK(may_refuse(e), "writer refused '%.200s': %s",
		    e->path, d.msg);
		return;
	}
	FUZZ_CHECK(!may_refuse(e), "wrote what it cannot say: %.300s",
	    line1.s);
	len = line1.len;
	/* what the writer makes, the line reader takes (lines.h) */
	FUZZ_CHECK(len <= DIALECT_LINE_MAX, "line of %zu bytes", len);
	FUZZ_CHECK(memchr(line1.s, '\n', len) == NULL, "newline in '%.300s'",
	    line1.s);
	FUZZ_CHECK(dialect_detect_line(line1.s, len) == DIALECT,
	    "'%.300s' detected as %s", line1.s,
	    dialect_name(dialect_detect_line(line1.s, len)));
	if (dialect_begin(&r2, DIALECT, &resolver) != 0)
		abort();
	rc = dialect_read_line(&r2, line1.s, len, 1, &e2, path2, &d);
	dialect_reader_free(&r2);
	FUZZ_CHECK(rc == 1 && same_node(e, &e2), "'%.300s' reads back as %d "
	    "%.300s", line1.s, rc, rc < 0 ? d.msg : "a different node");
	FUZZ_CHECK(dialect_format(DIALECT, &e2, &line2, &d) == 0 &&
	    strcmp(line1.s, line2.s) == 0, "format not stable: %.300s",
	    line1.s);
}

/*
 * An entry with names as long as the kernel takes (fuzz_long_name): a
 * node, a directory or a link to a target as long, written and read
 * back as round_trip checks a line's entry.
 */
static void
check_long(const uint8_t *data, size_t size)
{
	static const char types[] = "cbpdls";
	uint8_t pick = size > 0 ? data[0] : 0;
	struct entry e = { .lineno = 1 };
	struct dt_diag d;

	fuzz_long_name(data, size, true, long_path);
	fuzz_long_name(data + size / 2, size - size / 2, false, long_target);
	e.path = long_path;
	e.type = types[pick % (sizeof(types) - 1)];
	if (e.type == 'l') {
		e.target = long_target;
		e.mode = 0777;
	} else {
		e.mode = (pick >> 3) & 1 ? 0644 : 04755;
		e.mode_set = e.uid_set = e.gid_set = true;
		e.gid = pick >> 4;
	}
	if (e.type == 'c' || e.type == 'b') {
		e.major = size;
		e.minor = pick;
	}
	if (entry_validate(&e, &d) == 0)	/* not: a "." component */
		round_trip(&e);
}

/* dialect_reader.earlier over kept. */
static const struct entry *
earlier(void *ctx, const char *p)
{
	(void)ctx;
	for (size_t i = 0; i < kept.n; i++)
		if (strcmp(kept.v[i].path, p) == 0)
			return &kept.v[i];
	return NULL;
}

/* e into kept: in the place of the entry it amends, or at the end. */
static void
keep(const struct entry *e)
{
	const struct entry *prev = earlier(NULL, e->path);
	size_t at = prev != NULL ? (size_t)(prev - kept.v) : 0;

	FUZZ_CHECK(!r1.amended || (prev != NULL && prev->type == e->type),
	    "'%.200s' amends %s", e->path, prev == NULL ? "nothing" :
	    "an entry of another type");
	if (kept.n >= 4096)	/* earlier() is linear: bound the input's cost */
		return;
	if (entries_add(&kept, e) != 0)
		abort();
	if (r1.amended)
		kept.v[at] = kept.v[--kept.n];
}

static void
check_line(const char *line, size_t len, unsigned long lineno)
{
	struct entry e;
	struct dt_diag d;
	int rc;

	memset(&d, 0, sizeof(d));
	rc = dialect_read_line(&r1, line, len, lineno, &e, path1, &d);
	FUZZ_CHECK(rc >= -1 && rc <= 1, "parse returned %d", rc);
	if (rc < 0) {
		fuzz_check_msg(d.msg, sizeof(d.msg), "spec_parse_line");
		return;
	}
	if (rc == 0)
		return;
	FUZZ_CHECK(entry_validate(&e, &d) == 0, "entry does not validate: %s",
	    d.msg);
	FUZZ_CHECK(e.path[0] == '/' && e.lineno <= lineno, "path '%.200s' "
	    "line %lu", e.path, e.lineno);
	if ((DIALECT)->amends)
		keep(&e);
	round_trip(&e);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	unsigned long lineno = 0;
	size_t start = 0;
	struct dt_diag d;

	(void)dialect_detect_line((const char *)data, size);
	if (dialect_begin(&r1, DIALECT, &resolver) != 0)
		abort();
	if ((DIALECT)->amends) {
		r1.earlier = earlier;
		r1.earlier_ctx = NULL;
	}
	for (size_t i = 0; i <= size; i++) {
		if (i < size && data[i] != '\n')
			continue;
		{
			/* exact-size copies, so ASan sees any read past it */
			size_t n = i - start + (i < size);
			char *one = malloc(n > 0 ? n : 1);

			if (one == NULL)
				abort();
			memcpy(one, data + start, n);
			check_line(one, n, ++lineno);
			free(one);
		}
		start = i + 1;
	}
	if (dialect_end(&r1, &lineno, &d) != 0)
		fuzz_check_msg(d.msg, sizeof(d.msg), "spec_end");
	dialect_reader_free(&r1);
	entries_free(&kept);
	/* slow (every byte escaped, PATH_MAX of them): one input in 32 */
	if (size % 32 == 0)
		check_long(data, size);
	return 0;
}
