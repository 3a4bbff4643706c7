/*
 * json.c - the JSON dialects, through json-c.  See json.h.
 *
 * devtool's json: one object a line,
 *	{"path":"/dev/null","type":"c","mode":"0666","uid":0,"gid":0,
 *	 "major":1,"minor":3}
 * with "target" for a link and "problem" for list --check's reason.  Every
 * member but major and minor (c and b only) and target (l only) is
 * required; an unknown key is refused (the format is devtool's: a typo
 * must not pass for a default); "problem" is read and ignored.
 *
 * In both, a key an object repeats is refused, with a NUL or in single
 * quotes too (json-c would keep the last, cut it, take it): json_keys.h
 * reads every value json-c parsed a second time.
 *
 * oci: the runtime specification's linux.devices elements,
 *	{"path":"/dev/null","type":"c","major":1,"minor":3,"fileMode":438,
 *	 "uid":0,"gid":0}
 * type c, b, u (read as c: Linux has no other unbuffered device) or p;
 * fileMode the permission bits as a decimal number; major and minor
 * required but for p; fileMode, uid and gid optional, 0666, 0 and 0 when
 * left out, as runc takes them; unknown keys ignored, as the
 * specification's "Extensibility" asks of its readers.
 *
 * Strings are written by dt_json_string (text.h), hooked into json-c's
 * writer: json-c would write a name's bytes that are not UTF-8 raw, so
 * the line would not be JSON; dt_json_string writes each as \u00XX.
 * json-c reads such an escape back as the character U+00XX (UTF-8), which
 * is the one place a json line does not carry a name exactly (CAVEATS in
 * devtool(1)).
 */
#include <sys/types.h>

#include <ctype.h>
#include <inttypes.h>
#include <limits.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#include <json-c/json.h>

#include "codec/host.h"
#include "dialects/json_keys.h"
#include "dialects/fields.h"
#include "dialects/json.h"
#include "entry/validate.h"
#include "base/text.h"

#define OCI_MODE 0666		/* runc's, for a device without fileMode */
#define WRITE_FLAGS (JSON_C_TO_STRING_PLAIN | JSON_C_TO_STRING_NOSLASHESCAPE)

/* ------------------------------------------------------------ writing */

/* json-c's serializer hook: the string as dt_json_string writes it. */
static int
put_text(json_object *o, struct printbuf *pb, int level, int flags)
{
	char buf[DT_JSON_SIZE(PATH_MAX)];
	const char *s = json_object_get_string(o);

	(void)level;
	(void)flags;
	if (strnlen(s, PATH_MAX) == PATH_MAX)
		return -1;
	return printbuf_memappend(pb, buf, (int)(dt_json_string(buf, s) -
	    buf)) < 0 ? -1 : 0;
}

static json_object *
text(const char *s)
{
	json_object *o = json_object_new_string(s);

	if (o != NULL)
		json_object_set_serializer(o, put_text, NULL, NULL);
	return o;
}

/* Adds key: value, a NULL value (out of memory) making the object bad. */
static void
add(json_object *obj, bool *ok, const char *key, json_object *value)
{
	if (value == NULL || json_object_object_add(obj, key, value) != 0) {
		json_object_put(value);
		*ok = false;
	}
}

static json_object *
number(uint64_t v)
{
	return json_object_new_uint64(v);
}

static void
add_json(json_object *obj, bool *ok, const struct entry *e)
{
	char mode[8], type[2] = { e->type, '\0' };

	snprintf(mode, sizeof(mode), "%04o", e->mode);
	add(obj, ok, "path", text(e->path));
	add(obj, ok, "type", json_object_new_string(type));
	add(obj, ok, "mode", json_object_new_string(mode));
	add(obj, ok, "uid", number(e->uid));
	add(obj, ok, "gid", number(e->gid));
	if (entry_has_numbers(e)) {
		add(obj, ok, "major", number(e->major));
		add(obj, ok, "minor", number(e->minor));
	}
	if (e->target != NULL)
		add(obj, ok, "target", text(e->target));
}

static void
add_oci(json_object *obj, bool *ok, const struct entry *e)
{
	char type[2] = { e->type, '\0' };

	add(obj, ok, "path", text(e->path));
	add(obj, ok, "type", json_object_new_string(type));
	if (entry_has_numbers(e)) {
		add(obj, ok, "major", number(e->major));
		add(obj, ok, "minor", number(e->minor));
	}
	add(obj, ok, "fileMode", number(e->mode));
	add(obj, ok, "uid", number(e->uid));
	add(obj, ok, "gid", number(e->gid));
}

static int
format(const struct dialect *dialect, const struct entry *e,
    const char *note, char *buf, size_t len, struct dt_diag *d)
{
	json_object *obj;
	const char *s;
	bool ok = true;
	char q[QUOTE_MAX];

	if (e->count > 0)
		return dt_error(d, "a %s table has no ranges: write the %" PRIu64
		    " nodes of '%s' one by one", dialect->name,
		    e->count, dt_quote(q, sizeof(q), e->path, strlen(e->path)));
	if (!dialect_holds(dialect, e))
		return dt_error(d, "'%s' is a %s, which an %s table cannot hold",
		    dt_quote(q, sizeof(q), e->path, strlen(e->path)),
		    entry_type_of(e->type)->noun, dialect->name);
	if ((obj = json_object_new_object()) == NULL)
		return dt_error(d, "out of memory");
	(dialect == &oci_dialect ? add_oci : add_json)(obj, &ok, e);
	if (note != NULL)
		add(obj, &ok, "problem", text(note));
	s = ok ? json_object_to_json_string_ext(obj, WRITE_FLAGS) : NULL;
	if (s == NULL || strlen(s) >= len) {
		json_object_put(obj);
		return dt_error(d, s == NULL ? "out of memory" : "line too long");
	}
	memcpy(buf, s, strlen(s) + 1);
	json_object_put(obj);
	return 0;
}

/* ------------------------------------------------------------ reading */

/*
 * A member: 0 when it is absent (an error when need), 1 with it, -1 with
 * a message naming the key.
 */
static int
member(json_object *obj, const char *key, bool need, json_type type,
    json_object **v, struct dt_diag *d)
{
	if (!json_object_object_get_ex(obj, key, v))
		return need ? dt_error(d, "no \"%s\"", key) : 0;
	if (!json_object_is_type(*v, type))
		return dt_error(d, "\"%s\": want a %s, got %s", key,
		    type == json_type_int ? "whole number" : "string",
		    json_type_to_name(json_object_get_type(*v)));
	return 1;
}

/* A string member: copied into buf (size bytes) when there. */
static int
get_string(json_object *obj, const char *key, bool need, char *buf,
    size_t size, struct dt_diag *d)
{
	json_object *v;
	int r = member(obj, key, need, json_type_string, &v, d);
	size_t n;

	if (r != 1)
		return r;
	n = (size_t)json_object_get_string_len(v);
	if (n >= size)
		return dt_error(d, "\"%s\" is too long (%zu bytes, at most %zu)",
		    key, n, size - 1);
	memcpy(buf, json_object_get_string(v), n + 1);
	if (strlen(buf) != n)
		return dt_error(d, "\"%s\" has a NUL character", key);
	return 1;
}

/* A whole-number member of 0..max. */
static int
get_number(json_object *obj, const char *key, bool need, uint64_t max,
    uint64_t *out, struct dt_diag *d)
{
	json_object *v;
	int r = member(obj, key, need, json_type_int, &v, d);
	uint64_t n;

	if (r != 1)
		return r;
	if (json_object_get_int64(v) < 0)
		return dt_error(d, "\"%s\": %" PRId64 " is negative", key,
		    json_object_get_int64(v));
	n = json_object_get_uint64(v);
	if (n == UINT64_MAX)	/* json-c's value for all it cannot hold */
		return dt_error(d, "\"%s\": out of range (0-%" PRIu64 ")",
		    key, max);
	if (n > max)
		return dt_error(d, "\"%s\": %" PRIu64 " is out of range (0-%"
		    PRIu64 ")", key, n, max);
	*out = n;
	return 1;
}

/* Major and minor: required for c and b, taken when there otherwise. */
static int
get_numbers(json_object *obj, struct entry *e, struct dt_diag *d)
{
	bool need = entry_has_numbers(e);

	if (get_number(obj, "major", need, DT_HOST_MAJOR_MAX, &e->major,
	    d) < 0 ||
	    get_number(obj, "minor", need, DT_HOST_MINOR_MAX, &e->minor,
	    d) < 0)
		return -1;
	return 0;
}

static int
get_owner(json_object *obj, bool need, struct entry *e, struct dt_diag *d)
{
	uint64_t uid = 0, gid = 0;

	if (get_number(obj, "uid", need, ID_MAX, &uid, d) < 0 ||
	    get_number(obj, "gid", need, ID_MAX, &gid, d) < 0)
		return -1;
	e->uid = (uid_t)uid;
	e->gid = (gid_t)gid;
	e->uid_set = e->gid_set = true;
	return 0;
}

/* A type member, one of letters ("c b p"); its letter in *type. */
static int
get_type(json_object *obj, const char *letters, char *type,
    struct dt_diag *d)
{
	json_object *v;
	const char *s;
	size_t n;
	char q[QUOTE_MAX];

	if (member(obj, "type", true, json_type_string, &v, d) != 1)
		return -1;
	s = json_object_get_string(v);
	n = (size_t)json_object_get_string_len(v);
	if (n != 1 || s[0] == ' ' || s[0] == '\0' ||
	    strchr(letters, s[0]) == NULL)
		return dt_error(d, "\"type\": '%s' is not one of %s",
		    dt_quote(q, sizeof(q), s, n), letters);
	*type = s[0];
	return 0;
}

/* devtool's mode: a string of octal digits, at most 07777. */
static int
get_mode(json_object *obj, struct entry *e, struct dt_diag *d)
{
	json_object *v;
	const char *s, *p;
	unsigned m = 0;

	if (!json_object_object_get_ex(obj, "mode", &v))
		return dt_error(d, "no \"mode\"");
	s = json_object_is_type(v, json_type_string) ?
	    json_object_get_string(v) : "";
	/* stop before m could pass 07777, so it never overflows */
	for (p = s; *p >= '0' && *p <= '7' && m <= 0777; p++)
		m = m * 8 + (unsigned)(*p - '0');
	if (p == s || *p != '\0' || m > 07777 ||
	    strlen(s) != (size_t)json_object_get_string_len(v))
		return dt_error(d, "\"mode\": want a string of octal digits, "
		    "at most \"07777\", such as \"0644\"");
	e->mode = m;
	e->mode_set = true;
	return 0;
}

static const char *const json_keys[] = {
	"path", "type", "mode", "uid", "gid", "major", "minor", "target",
	"problem",
};

static int
known_keys(json_object *obj, struct dt_diag *d)
{
	char q[QUOTE_MAX];
	size_t i;

	json_object_object_foreach(obj, key, value) {
		(void)value;
		for (i = 0; i < sizeof(json_keys) / sizeof(json_keys[0]); i++)
			if (strcmp(key, json_keys[i]) == 0)
				break;
		if (i == sizeof(json_keys) / sizeof(json_keys[0]))
			return dt_error(d, "unknown key \"%s\" (known: path type "
			    "mode uid gid major minor target problem)",
			    dt_quote(q, sizeof(q), key, strlen(key)));
	}
	return 0;
}

/* One json line's object as an entry; path (DIALECT_TEXT_SIZE) its text. */
static int
json_entry(json_object *obj, struct entry *e, char *path, struct dt_diag *d)
{
	char *target = path + PATH_MAX;
	int r;

	if (!json_object_is_type(obj, json_type_object))
		return dt_error(d, "not a JSON object");
	if (known_keys(obj, d) != 0 ||
	    get_string(obj, "path", true, path, PATH_MAX, d) < 0 ||
	    get_type(obj, "c b p d f l s", &e->type, d) != 0 ||
	    get_mode(obj, e, d) != 0 || get_owner(obj, true, e, d) != 0 ||
	    get_numbers(obj, e, d) != 0)
		return -1;
	e->path = path;
	if ((r = get_string(obj, "target", e->type == 'l', target, PATH_MAX,
	    d)) < 0)
		return -1;
	e->target = r == 1 ? target : NULL;
	return entry_validate(e, d);
}

/* The keys of an element, as the runtime specification spells them. */
static const char *const oci_keys[] = {
	"path", "type", "major", "minor", "fileMode", "uid", "gid", NULL
};

/* One OCI linux.devices element as an entry. */
static int
oci_entry(json_object *obj, struct entry *e, char *path, struct dt_diag *d)
{
	uint64_t mode = OCI_MODE;

	if (!json_object_is_type(obj, json_type_object))
		return dt_error(d, "want an object for each linux.devices "
		    "element, got %s",
		    json_type_to_name(json_object_get_type(obj)));
	if (json_keys_spelt(obj, oci_keys, d) != 0 ||
	    get_string(obj, "path", true, path, PATH_MAX, d) < 0 ||
	    get_type(obj, "c b u p", &e->type, d) != 0)
		return -1;
	e->path = path;
	if (e->type == 'u')
		e->type = 'c';
	if (get_numbers(obj, e, d) != 0 ||
	    get_number(obj, "fileMode", false, 07777, &mode, d) < 0 ||
	    get_owner(obj, false, e, d) != 0)
		return -1;
	e->mode = (unsigned)mode;
	e->mode_set = true;
	return entry_validate(e, d);
}

/*
 * A tokener as every reader here uses it: strict JSON (RFC 8259), one
 * value at a time, what follows it left to the caller.
 */
static json_tokener *
tokener(void)
{
	json_tokener *tok = json_tokener_new();

	if (tok != NULL)
		json_tokener_set_flags(tok, JSON_TOKENER_STRICT |
		    JSON_TOKENER_ALLOW_TRAILING_CHARS);
	return tok;
}

/*
 * One JSON value from s (len bytes) into *out, *end the bytes it took;
 * -1 with a message for what is not one, *end then where json-c stopped.
 */
static int
parse_value(json_tokener *tok, const char *s, size_t len, json_object **out,
    size_t *end, struct dt_diag *d)
{
	enum json_tokener_error err;

	json_tokener_reset(tok);
	*out = json_tokener_parse_ex(tok, s, len > INT_MAX ? INT_MAX :
	    (int)len);
	err = json_tokener_get_error(tok);
	*end = json_tokener_get_parse_end(tok);
	if (*out != NULL && err == json_tokener_success)
		return 0;
	json_object_put(*out);
	*out = NULL;
	if (err == json_tokener_continue)
		return dt_error(d, "JSON: unexpected end of input");
	return dt_error(d, "JSON: %s", json_tokener_error_desc(err));
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
	if ((tok = tokener()) == NULL)
		return dt_error(d, "out of memory");
	r = parse_value(tok, line, len, &obj, &end, d);
	json_tokener_free(tok);
	if (r != 0)
		return -1;
	if (!blank_from(line, len, end))
		r = dt_error(d, "text after the JSON object");
	else if (json_keys_check(line, end, &at, d) != 0)
		r = -1;
	else
		r = json_entry(obj, out, path, d);
	json_object_put(obj);
	return r != 0 ? -1 : 1;
}

/* Whether the object is a config.json's rather than a json line's. */
static bool
is_config(json_object *obj)
{
	return json_object_is_type(obj, json_type_object) &&
	    (json_object_object_get_ex(obj, "ociVersion", NULL) ||
	    json_object_object_get_ex(obj, "linux", NULL));
}

/*
 * How input that starts with head (n bytes: at least its first line, or
 * all of it) is to be read: an OCI document when its first non-blank
 * byte is '[', or a '{' whose line is not one whole object or is a
 * config.json's (it has an "ociVersion" or "linux" member).
 */
static enum dialect_bid
oci_bid_head(const char *head, size_t n)
{
	size_t i = 0, eol;
	const char *nl;
	json_tokener *tok;
	json_object *obj;
	struct dt_diag d;
	bool line;

	while (i < n && isspace((unsigned char)head[i]))
		i++;
	if (i == n || (head[i] != '[' && head[i] != '{'))
		return DIALECT_BID_NONE;
	if (head[i] == '[')
		return DIALECT_BID_DOCUMENT;
	nl = memchr(head + i, '\n', n - i);
	eol = nl != NULL ? (size_t)(nl - head) : n;
	if ((tok = tokener()) == NULL)
		return DIALECT_BID_NONE;	/* its first line will say so */
	line = parse_value(tok, head + i, eol - i, &obj, &eol, &d) == 0 &&
	    !is_config(obj);
	json_object_put(obj);
	json_tokener_free(tok);
	return line ? DIALECT_BID_NONE : DIALECT_BID_DOCUMENT;
}

/* ------------------------------------------------- an OCI document */

struct doc {
	const char *s;
	size_t len, pos;
	unsigned long line;	/* of pos */
	const struct dialect_doc_sink *sink;
	json_tokener *tok;
	char path[DIALECT_TEXT_SIZE];
};

static void
advance(struct doc *doc, size_t to)
{
	for (; doc->pos < to; doc->pos++)
		doc->line += doc->s[doc->pos] == '\n';
}

static void
skip_space(struct doc *doc)
{
	size_t i = doc->pos;

	while (i < doc->len && isspace((unsigned char)doc->s[i]))
		i++;
	advance(doc, i);
}

static void
problem(struct doc *doc, unsigned long line, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

static void
problem(struct doc *doc, unsigned long line, const char *fmt, ...)
{
	struct dt_diag d;
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(d.msg, sizeof(d.msg), fmt, ap);
	va_end(ap);
	doc->sink->problem(doc->sink->ctx, line, d.msg);
}

/* An element read: handed over, or its problem with where says. */
static void
element(struct doc *doc, json_object *obj, unsigned long line,
    const char *where)
{
	struct entry e;
	struct dt_diag d;

	memset(&e, 0, sizeof(e));
	e.lineno = line;
	if (oci_entry(obj, &e, doc->path, &d) == 0)
		doc->sink->put(doc->sink->ctx, &e);
	else
		problem(doc, line, "%s%s", where, d.msg);
}

/*
 * The next value, from doc->pos on: 0 with it (doc->pos past it), -1
 * with the problem said at the line json-c stopped on.
 */
static int
next_value(struct doc *doc, json_object **obj)
{
	struct dt_diag d;
	size_t end;
	int r = parse_value(doc->tok, doc->s + doc->pos, doc->len - doc->pos,
	    obj, &end, &d);

	advance(doc, doc->pos + end);
	if (r != 0)
		problem(doc, doc->line, "%s", d.msg);
	return r;
}

/*
 * Whether the keys of the value read from start on are ones every reader
 * takes alike (json_keys.h); if not, the problem at the line of the key.
 */
static bool
keys_agree(struct doc *doc, size_t start, unsigned long line)
{
	struct dt_diag d;
	size_t at;

	if (json_keys_check(doc->s + start, doc->pos - start, &at, &d) == 0)
		return true;
	for (size_t i = start; i < start + at; i++)
		line += doc->s[i] == '\n';
	problem(doc, line, "%s", d.msg);
	return false;
}

/* The separator after an element: 1 for ',', 0 for ']', -1 for neither. */
static int
separator(struct doc *doc)
{
	char q[QUOTE_MAX];

	skip_space(doc);
	if (doc->pos < doc->len && (doc->s[doc->pos] == ',' ||
	    doc->s[doc->pos] == ']'))
		return doc->s[doc->pos++] == ',';
	if (doc->pos == doc->len)
		problem(doc, doc->line, "the array does not end: want ']'");
	else
		problem(doc, doc->line, "want ',' or ']' after an element, "
		    "not '%s'", dt_quote(q, sizeof(q), doc->s + doc->pos, 1));
	return -1;
}

/* An array: its elements one at a time, each knowing its line. */
static int
read_array(struct doc *doc)
{
	json_object *obj;
	unsigned long line;
	size_t start;
	int more;

	advance(doc, doc->pos + 1);	/* '[' */
	skip_space(doc);
	if (doc->pos < doc->len && doc->s[doc->pos] == ']') {
		advance(doc, doc->pos + 1);
		return 0;
	}
	do {
		skip_space(doc);
		line = doc->line;
		start = doc->pos;
		if (next_value(doc, &obj) != 0)
			return -1;
		if (keys_agree(doc, start, line))
			element(doc, obj, line, "");
		json_object_put(obj);
	} while ((more = separator(doc)) == 1);
	return more;
}

/*
 * The linux.devices array of a config.json, or NULL when it has none: 0,
 * or -1 with the problem said at line.  A key runc would take for
 * "linux" or "devices" must be spelt so.
 */
static int
config_devices(struct doc *doc, json_object *obj, unsigned long line,
    json_object **devices)
{
	static const char *const top_keys[] = { "linux", NULL };
	static const char *const linux_keys[] = { "devices", NULL };
	json_object *lx;
	struct dt_diag d;

	*devices = NULL;
	if (!is_config(obj)) {
		problem(doc, line, "neither an OCI linux.devices array nor a "
		    "config.json (no \"ociVersion\" or \"linux\")");
		return -1;
	}
	json_object_object_get_ex(obj, "linux", &lx);
	if (json_keys_spelt(obj, top_keys, &d) != 0 ||
	    (json_object_is_type(lx, json_type_object) &&
	    json_keys_spelt(lx, linux_keys, &d) != 0)) {
		problem(doc, line, "%s", d.msg);
		return -1;
	}
	if (!json_object_object_get_ex(lx, "devices", devices))
		return 0;
	if (!json_object_is_type(*devices, json_type_array)) {
		problem(doc, line, "linux.devices is %s, not an array",
		    json_type_to_name(json_object_get_type(*devices)));
		return -1;
	}
	return 0;
}

/*
 * A config.json: json-c reads it whole, so its elements' lines are not
 * known; each problem is at the document's first line and names
 * linux.devices[I] (but for a key that readers take differently, which
 * the second pass finds at its line).
 */
static int
read_config(struct doc *doc)
{
	unsigned long line = doc->line;
	size_t start = doc->pos;
	json_object *obj, *devices = NULL;
	char where[48];
	int r;

	if (next_value(doc, &obj) != 0)
		return -1;
	r = keys_agree(doc, start, line) ?
	    config_devices(doc, obj, line, &devices) : -1;
	for (size_t i = 0; r == 0 && devices != NULL &&
	    i < json_object_array_length(devices); i++) {
		snprintf(where, sizeof(where), "linux.devices[%zu]: ", i);
		element(doc, json_object_array_get_idx(devices, i), line,
		    where);
	}
	json_object_put(obj);
	return r;
}

static void
oci_read(const char *doc_text, size_t len,
    const struct dialect_doc_sink *sink)
{
	struct doc doc = { doc_text, len, 0, 1, sink, NULL, "" };
	const char *nul = memchr(doc_text, '\0', len);
	int r;

	if (nul != NULL) {
		advance(&doc, (size_t)(nul - doc_text));
		problem(&doc, doc.line, "NUL byte in the document");
		return;
	}
	if ((doc.tok = tokener()) == NULL) {
		problem(&doc, 1, "out of memory");
		return;
	}
	skip_space(&doc);
	if (doc.pos == len)
		r = 0;	/* no document: no devices */
	else
		r = (doc.s[doc.pos] == '[' ? read_array : read_config)(&doc);
	skip_space(&doc);
	if (r == 0 && doc.pos < len)
		problem(&doc, doc.line, "text after the JSON document");
	json_tokener_free(doc.tok);
}

static int
json_read(struct dialect_reader *r, const char *line, size_t len,
    struct entry *out, char *path, struct dt_diag *d)
{
	(void)r;
	return json_parse_line(line, len, out, path, d);
}

/* The first non-blank byte of a line: '{' for JSON lines, '[' for OCI. */
static bool
starts(const char *line, size_t len, char c)
{
	size_t i = 0;

	while (i < len && dialect_space(line[i]))
		i++;
	return i < len && line[i] == c;
}

static enum dialect_bid
json_bid(const char *line, size_t len)
{
	return starts(line, len, '{') ? DIALECT_BID_SHAPE : DIALECT_BID_NONE;
}

static enum dialect_bid
oci_bid(const char *line, size_t len)
{
	return starts(line, len, '[') ? DIALECT_BID_SHAPE : DIALECT_BID_NONE;
}

static int
json_write(const struct entry *e, const char *note, char *buf,
    struct dt_diag *d)
{
	return format(&json_dialect, e, note, buf, DIALECT_LINE_MAX, d);
}

static int
oci_write(const struct entry *e, const char *note, char *buf,
    struct dt_diag *d)
{
	return format(&oci_dialect, e, note, buf, DIALECT_LINE_MAX, d);
}

const struct dialect json_dialect = {
	.name = "json",
	.types = "cbpdfls",
	.can = DIALECT_CAN_SETID,
	.note = DIALECT_NOTE_WRITER,
	.bid_line = json_bid,
	.read_line = json_read,
	.write = json_write,
};

/* config.md's c b u p: devices and FIFOs, one document. */
const struct dialect oci_dialect = {
	.name = "oci",
	.article = "an",
	.title = "OCI",
	.types = "cbp",
	.can = DIALECT_CAN_SETID,
	.header = "[",
	.footer = "]",
	.separator = ",",
	.note = DIALECT_NOTE_WRITER,
	.bid_head = oci_bid_head,
	.bid_line = oci_bid,
	.read_document = oci_read,
	.write = oci_write,
};
