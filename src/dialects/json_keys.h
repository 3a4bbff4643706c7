/*
 * json_keys.h - the keys of a JSON text, where readers disagree and
 * json-c says nothing (json.c and oci.c ask; devtool(1), JSON).
 *
 * json-c keeps only the last of a repeated key, so that
 * {"path":"/dev/null",...,"path":"/dev/sda"} is /dev/sda to it, and
 * /dev/null to a reader that keeps the first (crun's); it takes a key in
 * single quotes, which is not JSON, even in strict mode; and it cuts a
 * key at a \u0000.  runc reads config.json with Go's encoding/json,
 * which takes a key for a field in any case: "PATH" is its "path".
 * Pure: no file system, no printing.
 */
#ifndef DEVTOOL_JSON_KEYS_H
#define DEVTOOL_JSON_KEYS_H

#include <stddef.h>

#include "base/diag.h"

struct json_object;

/*
 * Checks every object of text (len bytes: one JSON value that json-c
 * parsed): 0 when each key is in double quotes, has no NUL and differs
 * from the object's other keys as json-c decodes them ("pa\u0074h" is
 * "path"); else -1 with *at the offset in text of the first key that is
 * not (the second of a repeated one) and d naming it.
 */
int json_keys_check(const char *text, size_t len, size_t *at,
    struct dt_diag *d);

/*
 * Where the object text (len bytes: one JSON object that json-c parsed,
 * its keys checked) has the member key (as json-c decodes the keys): 0
 * with *at the offset of its opening quote, -1 when it has none.
 */
int json_keys_find(const char *text, size_t len, const char *key,
    size_t *at);

/*
 * 0 when no key of obj (an object) is one of keys (NULL-terminated,
 * ASCII) spelt in another case, which runc would read as that key: -1
 * with d naming both.
 */
int json_keys_spelt(struct json_object *obj, const char *const *keys,
    struct dt_diag *d);

#endif
