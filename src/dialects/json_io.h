/*
 * json_io.h - what the two JSON dialects share (json_io.c): devtool's
 * `json' (json.c) and `oci' (oci.c) write an object through json-c with
 * devtool's string escaper, read members with the same checks and
 * messages, and read a whole document (an array, element by element,
 * each knowing its line).  For src/dialects/ only, as fields.h: json.c
 * and oci.c include this, never each other.  Pure like dialect.h.
 */
#ifndef DEVTOOL_JSON_IO_H
#define DEVTOOL_JSON_IO_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "base/libjsonc.h"

#include "base/diag.h"
#include "dialects/dialect.h"
#include "entry/entry.h"

/* ------------------------------------------------------------ writing */

/* A string value, written by dt_json_string (text.h); NULL: no memory. */
json_object *json_io_text(const char *s);
/* A whole-number value. */
json_object *json_io_uint(uint64_t v);
/* Adds key: value to obj; a NULL value (out of memory) sets *ok false. */
void json_io_add(json_object *obj, bool *ok, const char *key,
    json_object *value);
/*
 * dialect's line for e: one object, its members added by members, then
 * "problem" when note is not NULL, appended to out; -1 with d for a
 * range, a type dialect does not hold or no memory.
 */
int json_io_format(const struct dialect *dialect, const struct entry *e,
    void (*members)(json_object *obj, bool *ok, const struct entry *e),
    const char *note, struct dt_buf *out, struct dt_diag *d);

/* ------------------------------------------------------------ reading */

/*
 * A member of type: 0 when it is absent (an error when need), 1 with it
 * in *v, -1 with a message naming the key.
 */
int json_io_member(json_object *obj, const char *key, bool need,
    json_type type, json_object **v, struct dt_diag *d);
/* A string member: copied into buf (size bytes) when there. */
int json_io_string(json_object *obj, const char *key, bool need,
    char *buf, size_t size, struct dt_diag *d);
/* A whole-number member of 0..max, into *out when there. */
int json_io_number(json_object *obj, const char *key, bool need,
    uint64_t max, uint64_t *out, struct dt_diag *d);
/* "major" and "minor": required for c and b, taken when there otherwise. */
int json_io_numbers(json_object *obj, struct entry *e, struct dt_diag *d);
/* "uid" and "gid" (0 when left out and not need): 0, or -1 with d. */
int json_io_owner(json_object *obj, bool need, struct entry *e,
    struct dt_diag *d);
/* "type", one of letters ("c b p"): 0 with its letter in *type. */
int json_io_type(json_object *obj, const char *letters, char *type,
    struct dt_diag *d);

/*
 * A tokener as every reader here uses it: strict JSON (RFC 8259), one
 * value at a time, what follows it left to the caller; json-c loaded
 * first (base/libjsonc.h).  NULL with the reason in d: json-c could not
 * be loaded, or no memory.
 */
json_tokener *json_io_tokener(struct dt_diag *d);
/*
 * One JSON value from s (len bytes) into *out, *end the bytes it took;
 * -1 with a message for what is not one, *end then where json-c stopped.
 */
int json_io_value(json_tokener *tok, const char *s, size_t len,
    json_object **out, size_t *end, struct dt_diag *d);

/* ------------------------------------------------- a whole document */

/*
 * A document being read: the text, where the reader is and the line it
 * is on, the sink its entries and problems go to, and room for an
 * element's path.
 */
struct json_io_doc {
	const char *s;
	size_t len, pos;
	unsigned long line;	/* of pos */
	const struct dialect_doc_sink *sink;
	json_tokener *tok;
	char path[DIALECT_TEXT_SIZE];
};

/* An element of a document as an entry (path in DIALECT_TEXT_SIZE). */
typedef int json_io_entry_fn(json_object *obj, struct entry *e, char *path,
    struct dt_diag *d);
/*
 * What a document reader does with a value read (whose keys agree), which
 * began at line and is the text from start to doc->pos.
 */
typedef void json_io_element_fn(struct json_io_doc *doc, json_object *obj,
    size_t start, unsigned long line);

/*
 * Reads the document text (len bytes) into sink: a NUL anywhere is a
 * problem, blank text holds nothing, otherwise top reads the value that
 * starts at doc->pos (0, or -1 when it has said the problem), and text
 * after it is a problem.
 */
void json_io_doc_read(const char *text, size_t len,
    const struct dialect_doc_sink *sink,
    int (*top)(struct json_io_doc *doc));
/* A problem at line. */
void json_io_doc_problem(struct json_io_doc *doc, unsigned long line,
    const char *fmt, ...) __attribute__((format(printf, 3, 4)));
/*
 * The next value, from doc->pos on: 0 with it (doc->pos past it), -1
 * with the problem said at the line json-c stopped on.
 */
int json_io_doc_value(struct json_io_doc *doc, json_object **obj);
/*
 * Whether the keys of the value read from start on (it began at line)
 * are ones every reader takes alike (json_keys.h); if not, the problem
 * at the line of the key.
 */
bool json_io_doc_keys_agree(struct json_io_doc *doc, size_t start,
    unsigned long line);
/*
 * An element read: made an entry by to_entry and handed over, or its
 * problem at line, after where ("linux.devices[2]: ").
 */
void json_io_doc_element(struct json_io_doc *doc, json_object *obj,
    unsigned long line, const char *where, json_io_entry_fn *to_entry);
/*
 * The line of the object's member key, when the object is the text from
 * start to doc->pos and began at line (line itself when it has none).
 */
unsigned long json_io_doc_key_line(const struct json_io_doc *doc,
    size_t start, unsigned long line, const char *key);
/*
 * The array at doc->pos: its elements one at a time, each handed to
 * element.  0, or -1 when the array breaks (said).
 */
int json_io_doc_array(struct json_io_doc *doc, json_io_element_fn *element);
/*
 * Values one after another from doc->pos to the end, separated by white
 * space (as jq writes them), each handed to element.  0, or -1 when one
 * is not JSON (said).
 */
int json_io_doc_stream(struct json_io_doc *doc, json_io_element_fn *element);

/* ----------------------------------------------------------- detection */

/*
 * What the start of an input says, one rule for both document bidders
 * (json.c's and oci.c's) so that they never both claim a document: head
 * is n bytes, at least the first line, or all of it.  A devtool json
 * object is one with a "mode" member and no "fileMode" (OCI's); keys,
 * not the first byte, tell the two apart.
 */
enum json_io_start {
	JSON_IO_NONE,		/* its first byte not blank is not '[' or '{' */
	JSON_IO_LINES,		/* '{' and a whole object on the first line,
				 * not a config.json's: json lines */
	JSON_IO_CUT,		/* an array, or an object across lines, whose
				 * first object head does not hold whole (or
				 * that is not JSON): all of it will tell */
	JSON_IO_DEVTOOL,	/* a devtool json object first, in an array
				 * (jq -s .) or across lines (jq .) */
	JSON_IO_OCI,		/* any other array, a config.json, any other
				 * object across lines */
};

enum json_io_start json_io_start(const char *head, size_t n);
/* Whether obj is a devtool json object ("mode", no "fileMode"). */
bool json_io_devtool(json_object *obj);
/* Whether obj is a config.json ("ociVersion" or "linux"). */
bool json_io_config(json_object *obj);

#endif
