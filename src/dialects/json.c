/*
 * json.c - devtool's own JSON dialect, through json-c (json_io.h).  See
 * json.h.
 *
 * One object a line,
 *	{"path":"/dev/null","type":"c","mode":"0666","uid":0,"gid":0,
 *	 "major":1,"minor":3}
 * with "target" for a link and "problem" for list --check's reason.  Every
 * member but major and minor (c and b only) and target (l only) is
 * required; an unknown key is refused (the format is devtool's: a typo
 * must not pass for a default); "problem" is read and ignored.  The same
 * objects as jq writes them, in an array (jq -s .) or across lines one
 * after another (jq .), are read as a document (read_document), told
 * from an OCI one by their keys (json_io_start).
 *
 * A key an object repeats is refused, with a NUL or in single quotes too
 * (json-c would keep the last, cut it, take it): json_keys.h reads every
 * value json-c parsed a second time.
 */
#include <sys/types.h>

#include <ctype.h>
#include <limits.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#include "base/libjsonc.h"

#include "base/bounds.h"
#include "base/text.h"
#include "dialects/json.h"
#include "dialects/json_io.h"
#include "dialects/json_keys.h"
#include "entry/validate.h"

/* ------------------------------------------------------------ writing */

static void
add_members(json_object *obj, bool *ok, const struct entry *e)
{
	char mode[8], type[2] = { e->type, '\0' };

	snprintf(mode, sizeof(mode), "%04o", e->mode);
	json_io_add(obj, ok, "path", json_io_text(e->path));
	json_io_add(obj, ok, "type", jc_json_object_new_string(type));
	json_io_add(obj, ok, "mode", jc_json_object_new_string(mode));
	json_io_add(obj, ok, "uid", json_io_uint(e->uid));
	json_io_add(obj, ok, "gid", json_io_uint(e->gid));
	if (entry_has_numbers(e)) {
		json_io_add(obj, ok, "major", json_io_uint(e->major));
		json_io_add(obj, ok, "minor", json_io_uint(e->minor));
	}
	if (e->target != NULL)
		json_io_add(obj, ok, "target", json_io_text(e->target));
}

static int
json_write(const struct entry *e, const char *note, struct dt_buf *out,
    struct dt_diag *d)
{
	return json_io_format(&json_dialect, e, add_members, note, out, d);
}

/* ------------------------------------------------------------ reading */

/* devtool's mode: a string of octal digits, at most 07777. */
static int
get_mode(json_object *obj, struct entry *e, struct dt_diag *d)
{
	json_object *v;
	const char *s, *p;
	unsigned m = 0;

	if (!jc_json_object_object_get_ex(obj, "mode", &v))
		return dt_error(d, "no \"mode\"");
	s = jc_json_object_is_type(v, json_type_string) ?
	    jc_json_object_get_string(v) : "";
	/* stop before m could pass 07777, so it never overflows */
	for (p = s; *p >= '0' && *p <= '7' && m <= 0777; p++)
		m = m * 8 + (unsigned)(*p - '0');
	if (p == s || *p != '\0' || m > 07777 ||
	    strlen(s) != (size_t)jc_json_object_get_string_len(v))
		return dt_error(d, "\"mode\": want a string of octal digits, "
		    "at most \"07777\", such as \"0644\"");
	e->mode = m;
	e->mode_set = true;
	return 0;
}

/* text, not pointers: no relocation at start (see mtree.c) */
static const char json_keys[][8] = {
	"path", "type", "mode", "uid", "gid", "major", "minor", "target",
	"problem",
};

/* The first key of obj that devtool's json does not have, or NULL. */
static const char *
unknown_key(json_object *obj)
{
	size_t i;

	json_object_object_foreach(obj, key, value) {
		(void)value;
		for (i = 0; i < ARRAY_SIZE(json_keys); i++)
			if (strcmp(key, json_keys[i]) == 0)
				break;
		if (i == ARRAY_SIZE(json_keys))
			return key;
	}
	return NULL;
}

static int
unknown_key_error(const char *key, struct dt_diag *d)
{
	char q[QUOTE_MAX];

	return dt_error(d, "unknown key \"%s\" (known: path type mode uid "
	    "gid major minor target problem)",
	    dt_quote(q, sizeof(q), key, strlen(key)));
}

/* One json line's object as an entry; path (DIALECT_TEXT_SIZE) its text. */
static int
json_entry(json_object *obj, struct entry *e, char *path, struct dt_diag *d)
{
	char *target = path + PATH_MAX;
	int r;

	if (!jc_json_object_is_type(obj, json_type_object))
		return dt_error(d, "not a JSON object");
	if (unknown_key(obj) != NULL)
		return unknown_key_error(unknown_key(obj), d);
	if (json_io_string(obj, "path", true, path, PATH_MAX, d) < 0 ||
	    json_io_type(obj, "c b p d f l s", &e->type, d) != 0 ||
	    get_mode(obj, e, d) != 0 || json_io_owner(obj, true, e, d) != 0 ||
	    json_io_numbers(obj, e, d) != 0)
		return -1;
	e->path = path;
	if ((r = json_io_string(obj, "target", e->type == 'l', target,
	    PATH_MAX, d)) < 0)
		return -1;
	e->target = r == 1 ? target : NULL;
	return entry_validate(e, d);
}

static bool
blank_from(const char *s, size_t len, size_t i)
{
	while (i < len && isspace((unsigned char)s[i]))
		i++;
	return i == len;
}

int
json_parse_line(const char *line, size_t len, struct entry *out,
    char *path, struct dt_diag *d)
{
	json_tokener *tok;
	json_object *obj;
	size_t end, at;
	int r;

	memset(out, 0, sizeof(*out));
	if (dialect_blank(line, len))
		return 0;
	if ((tok = json_io_tokener(d)) == NULL)
		return -1;
	r = json_io_value(tok, line, len, &obj, &end, d);
	jc_json_tokener_free(tok);
	if (r != 0)
		return -1;
	if (!blank_from(line, len, end))
		r = dt_error(d, "text after the JSON object");
	else if (json_keys_check(line, end, &at, d) != 0)
		r = -1;
	else
		r = json_entry(obj, out, path, d);
	jc_json_object_put(obj);
	return r != 0 ? -1 : 1;
}

static int
json_read(struct dialect_reader *r, const char *line, size_t len,
    struct entry *out, char *path, struct dt_diag *d)
{
	(void)r;
	return json_parse_line(line, len, out, path, d);
}

/*
 * A value of a json document: an entry, or its problem, an unknown key
 * at the key's own line (an object written across lines, as jq writes
 * it, has a line for each key).
 */
static void
read_element(struct json_io_doc *doc, json_object *obj, size_t start,
    unsigned long line)
{
	const char *key = jc_json_object_is_type(obj, json_type_object) ?
	    unknown_key(obj) : NULL;
	struct dt_diag d;

	if (key == NULL) {
		json_io_doc_element(doc, obj, line, "", json_entry);
		return;
	}
	unknown_key_error(key, &d);
	json_io_doc_problem(doc, json_io_doc_key_line(doc, start, line, key),
	    "%s", d.msg);
}

/* An array of objects (jq -s .), or objects across lines (jq .). */
static int
read_top(struct json_io_doc *doc)
{
	return doc->s[doc->pos] == '[' ? json_io_doc_array(doc, read_element) :
	    json_io_doc_stream(doc, read_element);
}

static void
json_read_document(const char *text, size_t len,
    const struct dialect_doc_sink *sink)
{
	json_io_doc_read(text, len, sink, read_top);
}

/*
 * A document when its first object is devtool's (json_io.h); maybe one
 * when the start does not say (then read whole and asked again), or for
 * any other array or object across lines (so that -i json reads them,
 * and says what is wrong); not one for json lines.
 */
static enum dialect_bid
json_bid_head(const char *head, size_t n)
{
	switch (json_io_start(head, n)) {
	case JSON_IO_DEVTOOL:
		return DIALECT_BID_DOCUMENT;
	case JSON_IO_CUT:
	case JSON_IO_OCI:
		return DIALECT_BID_SHAPE;
	default:
		return DIALECT_BID_NONE;
	}
}

/* A line whose first non-blank byte is '{'. */
static enum dialect_bid
json_bid(const char *line, size_t len)
{
	return dialect_bid_opening(line, len, '{');
}

/*
 * Lines, or a whole document: an array of the lines' objects, or the
 * objects across lines, as jq writes them.
 */
const struct dialect json_dialect = {
	.name = "json",
	.types = "cbpdfls",
	.can = DIALECT_CAN_SETID,
	.note = DIALECT_NOTE_WRITER,
	.bid_head = json_bid_head,
	.bid_line = json_bid,
	.read_line = json_read,
	.read_document = json_read_document,
	.write = json_write,
};
