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

#include <json-c/json.h>

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
 * "problem" when note is not NULL, into buf (len bytes); -1 with d for
 * a range, a type dialect does not hold, no memory or a line too long.
 */
int json_io_format(const struct dialect *dialect, const struct entry *e,
    void (*members)(json_object *obj, bool *ok, const struct entry *e),
    const char *note, char *buf, size_t len, struct dt_diag *d);

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
 * value at a time, what follows it left to the caller.  NULL: no memory.
 */
json_tokener *json_io_tokener(void);
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
 * The array at doc->pos: its elements one at a time, each made an entry
 * by to_entry at the line it begins on.  0, or -1 when the array breaks
 * (said).
 */
int json_io_doc_array(struct json_io_doc *doc, json_io_entry_fn *to_entry);

#endif
