/*
 * libjsonc.h - json-c, loaded when a JSON table is first read or written
 * (dlopen), not at start-up: linked in, it added ten imports to bind,
 * its own relocations and three page faults to every run (make bench,
 * start-up), though only the JSON dialects (dialects/json*.c, oci.c)
 * need it.  Each function devtool calls is reached through jc_NAME, a
 * pointer of the real function's type, so the compiler checks every
 * call as usual.
 */
#ifndef DEVTOOL_LIBJSONC_H
#define DEVTOOL_LIBJSONC_H

#include <json-c/json.h>

#include "base/diag.h"

#define JC_FUNCTIONS(X) \
	X(json_object_array_get_idx) X(json_object_array_length) \
	X(json_object_get_int64) X(json_object_get_object) \
	X(json_object_get_string) X(json_object_get_string_len) \
	X(json_object_get_type) X(json_object_get_uint64) \
	X(json_object_is_type) X(json_object_new_object) \
	X(json_object_new_string) X(json_object_new_uint64) \
	X(json_object_object_add) X(json_object_object_get_ex) \
	X(json_object_put) X(json_object_set_serializer) \
	X(json_object_to_json_string_ext) X(json_tokener_error_desc) \
	X(json_tokener_free) X(json_tokener_get_error) \
	X(json_tokener_get_parse_end) X(json_tokener_new) \
	X(json_tokener_parse) X(json_tokener_parse_ex) \
	X(json_tokener_reset) X(json_tokener_set_flags) \
	X(json_type_to_name) X(printbuf_memappend)

#define JC_DECLARE(f) extern __typeof__(f) *jc_##f;
JC_FUNCTIONS(JC_DECLARE)
#undef JC_DECLARE

/*
 * json-c's own json_object_object_foreach calls json_object_get_object:
 * that name is the loaded library's too.
 */
#define json_object_get_object(obj) jc_json_object_get_object(obj)

/*
 * Loads json-c once: 0, or -1 with the reason in d.  Whoever makes a
 * tokener or an object first calls it; what is made of those needs no
 * other call.
 */
int jc_load(struct dt_diag *d);

#endif
