/*
 * json_io.c - what the JSON dialects share (json_io.h): json-c's writer
 * with devtool's string escaper, the member readers and their messages,
 * and a document read value by value, each knowing its line.
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

#include "base/libjsonc.h"

#include "base/text.h"
#include "codec/host.h"
#include "dialects/json_io.h"
#include "dialects/json_keys.h"
#include "entry/ids.h"

#define WRITE_FLAGS (JSON_C_TO_STRING_PLAIN | JSON_C_TO_STRING_NOSLASHESCAPE)

/* ------------------------------------------------------------ writing */

/* json-c's serializer hook: the string as dt_json_string writes it. */
static int
put_json_text(json_object *o, struct printbuf *pb, int level, int flags)
{
	struct dt_buf text = DT_BUF_INIT;
	int rc;

	(void)level;
	(void)flags;
	dt_json_string(&text, jc_json_object_get_string(o));
	rc = dt_buf_failed(&text) || text.len > INT_MAX ||
	    jc_printbuf_memappend(pb, text.s, (int)text.len) < 0 ? -1 : 0;
	dt_buf_free(&text);
	return rc;
}

json_object *
json_io_text(const char *s)
{
	json_object *o = jc_json_object_new_string(s);

	if (o != NULL)
		jc_json_object_set_serializer(o, put_json_text, NULL, NULL);
	return o;
}

void
json_io_add(json_object *obj, bool *ok, const char *key, json_object *value)
{
	if (value == NULL || jc_json_object_object_add(obj, key, value) != 0) {
		jc_json_object_put(value);
		*ok = false;
	}
}

json_object *
json_io_uint(uint64_t v)
{
	return jc_json_object_new_uint64(v);
}

int
json_io_format(const struct dialect *dialect, const struct entry *e,
    void (*members)(json_object *obj, bool *ok, const struct entry *e),
    const char *note, struct dt_buf *out, struct dt_diag *d)
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
		    entry_noun(e), dialect->name);
	if (jc_load(d) != 0)
		return -1;
	if ((obj = jc_json_object_new_object()) == NULL)
		return dt_error(d, "out of memory");
	members(obj, &ok, e);
	if (note != NULL)
		json_io_add(obj, &ok, "problem", json_io_text(note));
	s = ok ? jc_json_object_to_json_string_ext(obj, WRITE_FLAGS) : NULL;
	if (s == NULL) {
		jc_json_object_put(obj);
		return dt_error(d, "out of memory");
	}
	dt_buf_adds(out, s);
	jc_json_object_put(obj);
	return 0;
}

/* ------------------------------------------------------------ reading */

int
json_io_member(json_object *obj, const char *key, bool need,
    json_type type, json_object **v, struct dt_diag *d)
{
	if (!jc_json_object_object_get_ex(obj, key, v))
		return need ? dt_error(d, "no \"%s\"", key) : 0;
	if (!jc_json_object_is_type(*v, type))
		return dt_error(d, "\"%s\": want a %s, got %s", key,
		    type == json_type_int ? "whole number" : "string",
		    jc_json_type_to_name(jc_json_object_get_type(*v)));
	return 1;
}

int
json_io_string(json_object *obj, const char *key, bool need, char *buf,
    size_t size, struct dt_diag *d)
{
	json_object *v;
	int r = json_io_member(obj, key, need, json_type_string, &v, d);
	size_t n;

	if (r != 1)
		return r;
	n = (size_t)jc_json_object_get_string_len(v);
	if (n >= size)
		return dt_error(d, "\"%s\" is too long (%zu bytes, at most %zu)",
		    key, n, size - 1);
	memcpy(buf, jc_json_object_get_string(v), n + 1);
	if (strlen(buf) != n)
		return dt_error(d, "\"%s\" has a NUL character", key);
	return 1;
}

int
json_io_number(json_object *obj, const char *key, bool need, uint64_t max,
    uint64_t *out, struct dt_diag *d)
{
	json_object *v;
	int r = json_io_member(obj, key, need, json_type_int, &v, d);
	uint64_t n;

	if (r != 1)
		return r;
	if (jc_json_object_get_int64(v) < 0)
		return dt_error(d, "\"%s\": %" PRId64 " is negative", key,
		    jc_json_object_get_int64(v));
	n = jc_json_object_get_uint64(v);
	if (n == UINT64_MAX)	/* json-c's value for all it cannot hold */
		return dt_error(d, "\"%s\": out of range (0-%" PRIu64 ")",
		    key, max);
	if (n > max)
		return dt_error(d, "\"%s\": %" PRIu64 " is out of range (0-%"
		    PRIu64 ")", key, n, max);
	*out = n;
	return 1;
}

int
json_io_numbers(json_object *obj, struct entry *e, struct dt_diag *d)
{
	bool need = entry_has_numbers(e);

	if (json_io_number(obj, "major", need, DT_HOST_MAJOR_MAX, &e->major,
	    d) < 0 ||
	    json_io_number(obj, "minor", need, DT_HOST_MINOR_MAX, &e->minor,
	    d) < 0)
		return -1;
	return 0;
}

int
json_io_owner(json_object *obj, bool need, struct entry *e,
    struct dt_diag *d)
{
	uint64_t uid = 0, gid = 0;

	if (json_io_number(obj, "uid", need, ID_MAX, &uid, d) < 0 ||
	    json_io_number(obj, "gid", need, ID_MAX, &gid, d) < 0)
		return -1;
	e->uid = (uid_t)uid;
	e->gid = (gid_t)gid;
	e->uid_set = e->gid_set = true;
	return 0;
}

int
json_io_type(json_object *obj, const char *letters, char *type,
    struct dt_diag *d)
{
	json_object *v;
	const char *s;
	size_t n;
	char q[QUOTE_MAX];

	if (json_io_member(obj, "type", true, json_type_string, &v, d) != 1)
		return -1;
	s = jc_json_object_get_string(v);
	n = (size_t)jc_json_object_get_string_len(v);
	if (n != 1 || s[0] == ' ' || s[0] == '\0' ||
	    strchr(letters, s[0]) == NULL)
		return dt_error(d, "\"type\": '%s' is not one of %s",
		    dt_quote(q, sizeof(q), s, n), letters);
	*type = s[0];
	return 0;
}

json_tokener *
json_io_tokener(struct dt_diag *d)
{
	json_tokener *tok;

	if (jc_load(d) != 0)
		return NULL;
	if ((tok = jc_json_tokener_new()) == NULL) {
		dt_say(d, "out of memory");
		return NULL;
	}
	jc_json_tokener_set_flags(tok, JSON_TOKENER_STRICT |
	    JSON_TOKENER_ALLOW_TRAILING_CHARS);
	return tok;
}

int
json_io_value(json_tokener *tok, const char *s, size_t len,
    json_object **out, size_t *end, struct dt_diag *d)
{
	enum json_tokener_error err;

	jc_json_tokener_reset(tok);
	*out = jc_json_tokener_parse_ex(tok, s, len > INT_MAX ? INT_MAX :
	    (int)len);
	err = jc_json_tokener_get_error(tok);
	*end = jc_json_tokener_get_parse_end(tok);
	if (*out != NULL && err == json_tokener_success)
		return 0;
	jc_json_object_put(*out);
	*out = NULL;
	if (err == json_tokener_continue)
		return dt_error(d, "JSON: unexpected end of input");
	return dt_error(d, "JSON: %s", jc_json_tokener_error_desc(err));
}

/* ------------------------------------------------- a whole document */

static void
doc_advance(struct json_io_doc *doc, size_t to)
{
	for (; doc->pos < to; doc->pos++)
		doc->line += doc->s[doc->pos] == '\n';
}

static void
skip_space(struct json_io_doc *doc)
{
	size_t i = doc->pos;

	while (i < doc->len && isspace((unsigned char)doc->s[i]))
		i++;
	doc_advance(doc, i);
}

void
json_io_doc_problem(struct json_io_doc *doc, unsigned long line,
    const char *fmt, ...)
{
	struct dt_diag d;
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(d.msg, sizeof(d.msg), fmt, ap);
	va_end(ap);
	doc->sink->problem(doc->sink->ctx, line, d.msg);
}

void
json_io_doc_element(struct json_io_doc *doc, json_object *obj,
    unsigned long line, const char *where, json_io_entry_fn *to_entry)
{
	struct entry e;
	struct dt_diag d;

	memset(&e, 0, sizeof(e));
	e.lineno = line;
	if (to_entry(obj, &e, doc->path, &d) == 0)
		doc->sink->put(doc->sink->ctx, &e);
	else
		json_io_doc_problem(doc, line, "%s%s", where, d.msg);
}

int
json_io_doc_value(struct json_io_doc *doc, json_object **obj)
{
	struct dt_diag d;
	size_t end;
	int r = json_io_value(doc->tok, doc->s + doc->pos,
	    doc->len - doc->pos, obj, &end, &d);

	doc_advance(doc, doc->pos + end);
	if (r != 0)
		json_io_doc_problem(doc, doc->line, "%s", d.msg);
	return r;
}

bool
json_io_doc_keys_agree(struct json_io_doc *doc, size_t start,
    unsigned long line)
{
	struct dt_diag d;
	size_t at;

	if (json_keys_check(doc->s + start, doc->pos - start, &at, &d) == 0)
		return true;
	for (size_t i = start; i < start + at; i++)
		line += doc->s[i] == '\n';
	json_io_doc_problem(doc, line, "%s", d.msg);
	return false;
}

/* The separator after an element: 1 for ',', 0 for ']', -1 for neither. */
static int
separator(struct json_io_doc *doc)
{
	char q[QUOTE_MAX];

	skip_space(doc);
	if (doc->pos < doc->len && (doc->s[doc->pos] == ',' ||
	    doc->s[doc->pos] == ']'))
		return doc->s[doc->pos++] == ',';
	if (doc->pos == doc->len)
		json_io_doc_problem(doc, doc->line,
		    "the array does not end: want ']'");
	else
		json_io_doc_problem(doc, doc->line, "want ',' or ']' after an "
		    "element, not '%s'",
		    dt_quote(q, sizeof(q), doc->s + doc->pos, 1));
	return -1;
}

unsigned long
json_io_doc_key_line(const struct json_io_doc *doc, size_t start,
    unsigned long line, const char *key)
{
	size_t at;

	if (json_keys_find(doc->s + start, doc->pos - start, key, &at) != 0)
		return line;
	for (size_t i = start; i < start + at; i++)
		line += doc->s[i] == '\n';
	return line;
}

/* The next value, handed to element when its keys agree: 0, or -1. */
static int
next_element(struct json_io_doc *doc, json_io_element_fn *element)
{
	json_object *obj;
	unsigned long line;
	size_t start;

	skip_space(doc);
	line = doc->line;
	start = doc->pos;
	if (json_io_doc_value(doc, &obj) != 0)
		return -1;
	if (json_io_doc_keys_agree(doc, start, line))
		element(doc, obj, start, line);
	jc_json_object_put(obj);
	return 0;
}

int
json_io_doc_array(struct json_io_doc *doc, json_io_element_fn *element)
{
	int more;

	doc_advance(doc, doc->pos + 1);	/* '[' */
	skip_space(doc);
	if (doc->pos < doc->len && doc->s[doc->pos] == ']') {
		doc_advance(doc, doc->pos + 1);
		return 0;
	}
	do
		if (next_element(doc, element) != 0)
			return -1;
	while ((more = separator(doc)) == 1);
	return more;
}

int
json_io_doc_stream(struct json_io_doc *doc, json_io_element_fn *element)
{
	do
		if (next_element(doc, element) != 0)
			return -1;
	while (skip_space(doc), doc->pos < doc->len);
	return 0;
}

void
json_io_doc_read(const char *text, size_t len,
    const struct dialect_doc_sink *sink,
    int (*top)(struct json_io_doc *doc))
{
	struct json_io_doc doc = { .s = text, .len = len, .line = 1,
	    .sink = sink };
	const char *nul = memchr(text, '\0', len);
	struct dt_diag d;
	int r;

	if (nul != NULL) {
		doc_advance(&doc, (size_t)(nul - text));
		json_io_doc_problem(&doc, doc.line, "NUL byte in the document");
		return;
	}
	if ((doc.tok = json_io_tokener(&d)) == NULL) {
		json_io_doc_problem(&doc, 1, "%s", d.msg);
		return;
	}
	skip_space(&doc);
	r = doc.pos == len ? 0 : top(&doc);	/* no document: no devices */
	skip_space(&doc);
	if (r == 0 && doc.pos < len)
		json_io_doc_problem(&doc, doc.line,
		    "text after the JSON document");
	jc_json_tokener_free(doc.tok);
}

/* ----------------------------------------------------------- detection */

bool
json_io_devtool(json_object *obj)
{
	return jc_json_object_is_type(obj, json_type_object) &&
	    jc_json_object_object_get_ex(obj, "mode", NULL) &&
	    !jc_json_object_object_get_ex(obj, "fileMode", NULL);
}

bool
json_io_config(json_object *obj)
{
	return jc_json_object_is_type(obj, json_type_object) &&
	    (jc_json_object_object_get_ex(obj, "ociVersion", NULL) ||
	    jc_json_object_object_get_ex(obj, "linux", NULL));
}

/* The value at s (len bytes) in *obj: false when s does not hold one. */
static bool
first_value(const char *s, size_t len, json_object **obj)
{
	struct dt_diag d;
	json_tokener *tok = json_io_tokener(&d);
	size_t end;
	bool ok;

	*obj = NULL;
	if (tok == NULL)
		return false;
	ok = json_io_value(tok, s, len, obj, &end, &d) == 0;
	jc_json_tokener_free(tok);
	return ok;
}

enum json_io_start
json_io_start(const char *head, size_t n)
{
	size_t i = 0, eol;
	const char *nl;
	json_object *obj;
	enum json_io_start r;

	while (i < n && isspace((unsigned char)head[i]))
		i++;
	if (i == n || (head[i] != '[' && head[i] != '{'))
		return JSON_IO_NONE;
	/*
	 * json-c first: below, a value first_value could not read is put
	 * (NULL, json-c's no-op) all the same.  Without it the start says
	 * nothing, and the reader then says why (jc_load).
	 */
	if (jc_load(NULL) != 0)
		return JSON_IO_CUT;
	if (head[i] == '{') {
		nl = memchr(head + i, '\n', n - i);
		eol = nl != NULL ? (size_t)(nl - head) : n;
		if (first_value(head + i, eol - i, &obj) && !json_io_config(obj))
			r = JSON_IO_LINES;
		else
			r = JSON_IO_CUT;
		jc_json_object_put(obj);
		if (r == JSON_IO_LINES)
			return r;
	} else {
		/* an array: its first element, when it is an object */
		for (i++; i < n && isspace((unsigned char)head[i]); i++)
			continue;
		if (i == n)
			return JSON_IO_CUT;
		if (head[i] != '{')
			return JSON_IO_OCI;
	}
	if (!first_value(head + i, n - i, &obj))
		r = JSON_IO_CUT;
	else
		r = json_io_devtool(obj) && !json_io_config(obj) ?
		    JSON_IO_DEVTOOL : JSON_IO_OCI;
	jc_json_object_put(obj);
	return r;
}
