/*
 * oci.c - the OCI runtime specification's linux.devices (config.md,
 * "Devices") as a dialect, through json-c (json_io.h): an array, or a
 * whole config.json holding one, read whole (the row's read_document)
 * with each element's errors naming the line it starts on.
 *
 *	{"path":"/dev/null","type":"c","major":1,"minor":3,"fileMode":438,
 *	 "uid":0,"gid":0}
 *
 * type c, b, u (read as c: Linux has no other unbuffered device) or p;
 * fileMode the permission bits as a decimal number; major and minor
 * required but for p; fileMode, uid and gid optional, 0666, 0 and 0 when
 * left out, as runc takes them; unknown keys ignored, as the
 * specification's "Extensibility" asks of its readers; but a devtool
 * json object ("mode" and no "fileMode": json_io.h) is refused, never
 * read as a device of mode 0666.
 *
 * A key an object repeats is refused, with a NUL or in single quotes too
 * (json-c would keep the last, cut it, take it): json_keys.h reads every
 * value json-c parsed a second time; and a key runc's Go would take for
 * one of these in another case.
 */
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#include "base/libjsonc.h"

#include "dialects/json_io.h"
#include "dialects/json_keys.h"
#include "entry/validate.h"

#define OCI_MODE 0666		/* runc's, for a device without fileMode */

/* ------------------------------------------------------------ writing */

static void
add_members(json_object *obj, bool *ok, const struct entry *e)
{
	char type[2] = { e->type, '\0' };

	json_io_add(obj, ok, "path", json_io_text(e->path));
	json_io_add(obj, ok, "type", jc_json_object_new_string(type));
	if (entry_has_numbers(e)) {
		json_io_add(obj, ok, "major", json_io_uint(e->major));
		json_io_add(obj, ok, "minor", json_io_uint(e->minor));
	}
	json_io_add(obj, ok, "fileMode", json_io_uint(e->mode));
	json_io_add(obj, ok, "uid", json_io_uint(e->uid));
	json_io_add(obj, ok, "gid", json_io_uint(e->gid));
}

static int
oci_write(const struct entry *e, const char *note, struct dt_buf *out,
    struct dt_diag *d)
{
	return json_io_format(&oci_dialect, e, add_members, note, out, d);
}

/* ------------------------------------------------------------ reading */

/* The keys of an element, as the runtime specification spells them. */
static const char *const oci_keys[] = {
	"path", "type", "major", "minor", "fileMode", "uid", "gid", NULL
};

/* One OCI linux.devices element as an entry. */
static int
oci_entry(json_object *obj, struct entry *e, char *path, struct dt_diag *d)
{
	uint64_t mode = OCI_MODE;

	if (!jc_json_object_is_type(obj, json_type_object))
		return dt_error(d, "want an object for each linux.devices "
		    "element, got %s",
		    jc_json_type_to_name(jc_json_object_get_type(obj)));
	if (json_io_devtool(obj))
		return dt_error(d, "a devtool json object (it has \"mode\" "
		    "and no \"fileMode\"), not an OCI device");
	if (json_keys_spelt(obj, oci_keys, d) != 0 ||
	    json_io_string(obj, "path", true, path, PATH_MAX, d) < 0 ||
	    json_io_type(obj, "c b u p", &e->type, d) != 0)
		return -1;
	e->path = path;
	if (e->type == 'u')
		e->type = 'c';
	if (json_io_numbers(obj, e, d) != 0 ||
	    json_io_number(obj, "fileMode", false, 07777, &mode, d) < 0 ||
	    json_io_owner(obj, false, e, d) != 0)
		return -1;
	e->mode = (unsigned)mode;
	e->mode_set = true;
	return entry_validate(e, d);
}

/*
 * A document unless its start is devtool's json (json_io.h); maybe one
 * when the start does not say (then read whole and asked again).
 */
static enum dialect_bid
oci_bid_head(const char *head, size_t n)
{
	switch (json_io_start(head, n)) {
	case JSON_IO_OCI:
		return DIALECT_BID_DOCUMENT;
	case JSON_IO_CUT:
		return DIALECT_BID_SHAPE;
	default:
		return DIALECT_BID_NONE;
	}
}

/*
 * The linux.devices array of a config.json, or NULL when it has none: 0,
 * or -1 with the problem said at line.  A key runc would take for
 * "linux" or "devices" must be spelt so.
 */
static int
config_devices(struct json_io_doc *doc, json_object *obj,
    unsigned long line, json_object **devices)
{
	static const char *const top_keys[] = { "linux", NULL };
	static const char *const linux_keys[] = { "devices", NULL };
	json_object *lx;
	struct dt_diag d;

	*devices = NULL;
	if (!json_io_config(obj)) {
		json_io_doc_problem(doc, line, "neither an OCI linux.devices "
		    "array nor a config.json (no \"ociVersion\" or \"linux\")");
		return -1;
	}
	jc_json_object_object_get_ex(obj, "linux", &lx);
	if (json_keys_spelt(obj, top_keys, &d) != 0 ||
	    (jc_json_object_is_type(lx, json_type_object) &&
	    json_keys_spelt(lx, linux_keys, &d) != 0)) {
		json_io_doc_problem(doc, line, "%s", d.msg);
		return -1;
	}
	if (!jc_json_object_object_get_ex(lx, "devices", devices))
		return 0;
	if (!jc_json_object_is_type(*devices, json_type_array)) {
		json_io_doc_problem(doc, line, "linux.devices is %s, not an "
		    "array", jc_json_type_to_name(jc_json_object_get_type(*devices)));
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
read_config(struct json_io_doc *doc)
{
	unsigned long line = doc->line;
	size_t start = doc->pos;
	json_object *obj, *devices = NULL;
	char where[48];
	int r;

	if (json_io_doc_value(doc, &obj) != 0)
		return -1;
	r = json_io_doc_keys_agree(doc, start, line) ?
	    config_devices(doc, obj, line, &devices) : -1;
	for (size_t i = 0; r == 0 && devices != NULL &&
	    i < jc_json_object_array_length(devices); i++) {
		snprintf(where, sizeof(where), "linux.devices[%zu]: ", i);
		json_io_doc_element(doc, jc_json_object_array_get_idx(devices, i),
		    line, where, oci_entry);
	}
	jc_json_object_put(obj);
	return r;
}

/* An element of an array: an entry, or its problem at its first line. */
static void
read_element(struct json_io_doc *doc, json_object *obj, size_t start,
    unsigned long line)
{
	(void)start;
	json_io_doc_element(doc, obj, line, "", oci_entry);
}

/* The document: a linux.devices array, or a config.json. */
static int
read_top(struct json_io_doc *doc)
{
	return doc->s[doc->pos] == '[' ? json_io_doc_array(doc, read_element) :
	    read_config(doc);
}

static void
oci_read(const char *text, size_t len, const struct dialect_doc_sink *sink)
{
	json_io_doc_read(text, len, sink, read_top);
}

/* A line whose first non-blank byte is '['. */
static enum dialect_bid
oci_bid(const char *line, size_t len)
{
	return dialect_bid_opening(line, len, '[');
}

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
