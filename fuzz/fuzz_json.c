/*
 * fuzz_json.c - the JSON readers and writers (src/dialects/json.c,
 * oci.c and json_io.c): the OCI document reader and devtool's json line
 * reader.
 *
 * The input is given whole to the OCI and the json document readers (an
 * array or a config.json; an array of json objects or objects across
 * lines), and each of its lines to json_parse_line.  Checked:
 *   - no crash, no undefined behaviour, no leak;
 *   - the two document bidders never both bid DOCUMENT (json_io_start:
 *     keys, not the first byte, tell them apart);
 *   - every problem has a printable, terminated message and a line
 *     within the input; every entry validates (entry_validate), with a
 *     line within the input, and is only c, b or p from an OCI document;
 *   - the round trip: an entry read is written (dialect_format, json for a
 *     json line, oci for an element), and what is written reads back;
 *     when its path and target are UTF-8 (a byte that is not comes back
 *     as a character: json_io.c), to the same node, and a json line
 *     written again is the identical line;
 *   - the same for a node and a link whose path and target are as long
 *     as the kernel takes (fuzz_long_name), control characters and all,
 *     and the line written fits the line reader (DIALECT_LINE_MAX).
 */
#include <limits.h>

#include "fuzz_util.h"
#include "dialects/dialect.h"
#include "entry/conflicts.h"
#include "entry/validate.h"
#include "sys/nss.h"
#include "base/bounds.h"
#include "dialects/json.h"

static struct entry e2;
static char path2[DIALECT_TEXT_SIZE];
static struct dt_buf line1, line2, doc;	/* kept from run to run */
static char long_path[PATH_MAX], long_target[PATH_MAX];
static unsigned long doc_lines;

static bool
same_node(const struct entry *a, const struct entry *b)
{
	return strcmp(a->path, b->path) == 0 && a->type == b->type &&
	    (a->target == NULL ? b->target == NULL : b->target != NULL &&
	    strcmp(a->target, b->target) == 0) && a->mode == b->mode &&
	    a->uid == b->uid && a->gid == b->gid && a->major == b->major &&
	    a->minor == b->minor;
}

static bool
utf8(const char *s)
{
	size_t n;

	for (; s != NULL && *s != '\0'; s += n)
		if ((n = *s & 0x80 ? dt_utf8_length((const unsigned char *)s) :
		    1) == 0)
			return false;
	return true;
}

/* What the round trip of an OCI element reads back. */
static void
put_again(void *ctx, const struct entry *e)
{
	const struct entry *first = ctx;

	FUZZ_CHECK(same_node(first, e), "oci element '%.300s' reads back "
	    "as another node", line1.s);
}

static void
no_problem(void *ctx, unsigned long line, const char *msg)
{
	(void)ctx;
	FUZZ_FAIL("oci element '%.300s' does not read back: %lu: %s", line1.s,
	    line, msg);
}

static void
put_oci(void *ctx, const struct entry *e)
{
	const struct dialect_doc_sink again = { put_again, no_problem,
	    (void *)e };
	struct dt_diag d;

	(void)ctx;
	FUZZ_CHECK(entry_validate(e, &d) == 0, "oci entry does not validate: "
	    "%s", d.msg);
	FUZZ_CHECK(e->type == 'c' || e->type == 'b' || e->type == 'p',
	    "oci type %c", e->type);
	FUZZ_CHECK(e->lineno >= 1 && e->lineno <= doc_lines, "line %lu of %lu",
	    e->lineno, doc_lines);
	FUZZ_CHECK(dialect_format(&oci_dialect, e, &line1, &d) == 0,
	    "oci refuses an element it read: %s", d.msg);
	FUZZ_CHECK(line1.len <= DIALECT_LINE_MAX, "element of %zu bytes",
	    line1.len);
	if (!utf8(e->path))	/* comes back as characters: CAVEATS */
		return;
	dt_buf_truncate(&doc, 0);
	dt_buf_addf(&doc, "[\n%s\n]\n", line1.s);
	FUZZ_CHECK(!dt_buf_failed(&doc), "out of memory");
	oci_dialect.read_document(doc.s, doc.len, &again);
}

static void
oci_problem(void *ctx, unsigned long line, const char *msg)
{
	(void)ctx;
	fuzz_check_msg(msg, DT_MSGLEN, "table_oci_read");
	FUZZ_CHECK(line >= 1 && line <= doc_lines, "problem at line %lu of "
	    "%lu", line, doc_lines);
}

/* An entry of a json document: valid, at a line of the input. */
static void
put_json(void *ctx, const struct entry *e)
{
	struct dt_diag d;

	(void)ctx;
	FUZZ_CHECK(entry_validate(e, &d) == 0, "json document entry does not "
	    "validate: %s", d.msg);
	FUZZ_CHECK(e->lineno >= 1 && e->lineno <= doc_lines, "line %lu of %lu",
	    e->lineno, doc_lines);
	FUZZ_CHECK(dialect_format(&json_dialect, e, &line1, &d) == 0,
	    "json refuses an entry of a json document: %s", d.msg);
}

/* The json round trip, on its own buffers: e's path lives in path1. */
static char path1[DIALECT_TEXT_SIZE];

/* An entry read, written as a json line and read back. */
static void
json_again(const struct entry *e)
{
	struct dt_diag d;
	int r;

	FUZZ_CHECK(dialect_format(&json_dialect, e, &line1, &d) == 0,
	    "json refuses an entry it read: %s", d.msg);
	/* what the writer makes, the line reader takes (lines.h) */
	FUZZ_CHECK(line1.len <= DIALECT_LINE_MAX, "line of %zu bytes",
	    line1.len);
	if (!utf8(e->path) || !utf8(e->target))	/* CAVEATS */
		return;
	r = json_parse_line(line1.s, line1.len, &e2, path2, &d);
	FUZZ_CHECK(r == 1, "json line '%.300s' does not read back: %s",
	    line1.s, r < 0 ? d.msg : "blank");
	FUZZ_CHECK(same_node(e, &e2), "json line '%.300s' reads back as "
	    "another node", line1.s);
	FUZZ_CHECK(dialect_format(&json_dialect, &e2, &line2, &d) == 0 &&
	    strcmp(line1.s, line2.s) == 0, "json line '%.300s' written "
	    "again as '%.300s'", line1.s, line2.s);
}

static void
json_round_trip(const char *line, size_t len)
{
	struct entry e;
	struct dt_diag d;
	int r = json_parse_line(line, len, &e, path1, &d);

	if (r < 0)
		fuzz_check_msg(d.msg, sizeof(d.msg), "json line");
	if (r <= 0)
		return;
	FUZZ_CHECK(entry_validate(&e, &d) == 0, "json entry does not "
	    "validate: %s", d.msg);
	json_again(&e);
}

/*
 * Names as long as the kernel takes (fuzz_long_name), their bytes
 * >= 0x80 made ASCII (a byte that is not UTF-8 comes back as a
 * character: CAVEATS), control characters kept: each escaped in 6 bytes,
 * the longest lines the json writer makes.  A node and a link, as a json
 * line, and the node as an OCI element.
 */
static void
check_long(const uint8_t *data, size_t size)
{
	struct entry e = { .lineno = 1 };
	uint8_t pick = size > 0 ? data[0] : 0;
	struct dt_diag d;

	fuzz_long_name(data, size, true, long_path);
	fuzz_long_name(data + size / 2, size - size / 2, false, long_target);
	for (char *s = long_path; *s != '\0'; s++)
		*s = *s & 0x80 ? (*s & 0x7f ? *s & 0x7f : 1) : *s;
	for (char *s = long_target; *s != '\0'; s++)
		*s = *s & 0x80 ? (*s & 0x7f ? *s & 0x7f : 1) : *s;
	e.path = long_path;
	e.type = "cbp"[pick % 3];
	e.mode = 0600;
	e.mode_set = e.uid_set = e.gid_set = true;
	e.major = e.type == 'p' ? 0 : size;
	e.minor = e.type == 'p' ? 0 : pick;
	if (entry_validate(&e, &d) != 0)	/* a "." or "/" component */
		return;
	json_again(&e);
	doc_lines = 3;
	put_oci(NULL, &e);
	e.type = 'l';
	e.target = long_target;
	e.mode = 0777;
	e.mode_set = e.uid_set = e.gid_set = false;
	e.major = e.minor = 0;
	if (entry_validate(&e, &d) == 0)
		json_again(&e);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	/* exact-size copies, so ASan sees any read past the input */
	char *all = fuzz_strndup(data, size);
	const struct dialect_doc_sink sink = { put_oci, oci_problem, NULL };
	const struct dialect_doc_sink json_sink = { put_json, oci_problem,
	    NULL };
	size_t start = 0;

	doc_lines = 1;
	for (size_t i = 0; i < size; i++)
		doc_lines += data[i] == '\n';
	oci_dialect.read_document(all, size, &sink);
	json_dialect.read_document(all, size, &json_sink);
	FUZZ_CHECK(json_dialect.bid_head(all, size) != DIALECT_BID_DOCUMENT ||
	    oci_dialect.bid_head(all, size) != DIALECT_BID_DOCUMENT,
	    "json and oci both bid DOCUMENT");
	for (size_t i = 0; i <= size; i++) {
		if (i < size && data[i] != '\n')
			continue;
		json_round_trip(all + start, i - start);
		start = i + 1;
	}
	free(all);
	/* slow (every byte escaped, PATH_MAX of them): one input in 32 */
	if (size % 32 == 0)
		check_long(data, size);
	return 0;
}
