/*
 * fuzz_procdev.c - procdev_parse (src/codec/procdev.c), the /proc/devices
 * reader that mknod's driver names and the devices verb rely on.
 *
 * The input is the file's text.  Checked:
 *   - no crash, no undefined behaviour, no read outside the buffer (the
 *     harness hands over an exact-size copy without a terminator);
 *   - every driver reported has type 'c' or 'b', a major <= 4095, and a
 *     name that is non-empty, lies inside the buffer and is all visible
 *     characters (no space, newline or control byte);
 *   - a refusal gives a line number within the text and a message;
 *   - a callback that stops at driver k stops the parse there (status 1);
 *   - the drivers written out again in the kernel's format ("%3d %s"
 *     under section titles) parse back to the same list.
 */
#include <ctype.h>

#include "codec/procdev.h"
#include "fuzz_util.h"

struct driver {
	char type;
	unsigned long major;
	const char *name;
	size_t len;
};

struct seen {
	const char *buf;
	size_t buflen;
	struct driver *v;
	size_t n, cap;
	size_t stop_at;		/* 0: never stop */
};

static int
collect(void *ctx, char type, unsigned long major, const char *name,
    size_t namelen)
{
	struct seen *s = ctx;

	FUZZ_CHECK(type == 'c' || type == 'b', "type %d", type);
	FUZZ_CHECK(major <= 4095, "major %lu", major);
	FUZZ_CHECK(namelen > 0, "empty name for major %lu", major);
	FUZZ_CHECK(name >= s->buf && name + namelen <= s->buf + s->buflen,
	    "name outside the buffer");
	for (size_t i = 0; i < namelen; i++)
		FUZZ_CHECK(isgraph((unsigned char)name[i]),
		    "byte 0x%02x in a driver name", (unsigned char)name[i]);
	if (s->n == s->cap) {
		struct driver *nv;

		s->cap = s->cap ? 2 * s->cap : 16;
		nv = realloc(s->v, s->cap * sizeof(*s->v));
		if (nv == NULL)
			abort();
		s->v = nv;
	}
	s->v[s->n].type = type;
	s->v[s->n].major = major;
	s->v[s->n].name = name;
	s->v[s->n].len = namelen;
	s->n++;
	return s->stop_at != 0 && s->n == s->stop_at;
}

static unsigned long
count_lines(const char *buf, size_t len)
{
	unsigned long n = 0;

	for (size_t i = 0; i < len; i++)
		n += buf[i] == '\n';
	return n + (len > 0 && buf[len - 1] != '\n');
}

static int
parse(const char *buf, size_t len, struct seen *s, size_t stop_at)
{
	struct dt_diag d;
	unsigned long bad = 0;
	int rc;

	memset(s, 0, sizeof(*s));
	s->buf = buf;
	s->buflen = len;
	s->stop_at = stop_at;
	memset(&d, 0, sizeof(d));
	rc = procdev_parse(buf, len, collect, s, &bad, &d);
	FUZZ_CHECK(rc >= -1 && rc <= 1, "procdev_parse returned %d", rc);
	if (rc < 0) {
		FUZZ_CHECK(bad >= 1 && bad <= count_lines(buf, len),
		    "bad line %lu of %lu", bad, count_lines(buf, len));
		fuzz_check_msg(d.msg, sizeof(d.msg), "procdev_parse");
	}
	return rc;
}

/* The kernel's own format, section by section as the list goes. */
static char *
reprint(const struct seen *s, size_t *len)
{
	size_t cap = 64, n = 0;
	char *out, type = '\0';

	for (size_t i = 0; i < s->n; i++)
		cap += s->v[i].len + 32;
	out = malloc(cap);
	if (out == NULL)
		abort();
	for (size_t i = 0; i < s->n; i++) {
		const struct driver *v = &s->v[i];

		if (v->type != type) {
			n += (size_t)snprintf(out + n, cap - n, "%s%s\n",
			    type != '\0' ? "\n" : "", v->type == 'c' ?
			    "Character devices:" : "Block devices:");
			type = v->type;
		}
		n += (size_t)snprintf(out + n, cap - n, "%3lu %.*s\n",
		    v->major, (int)v->len, v->name);
	}
	*len = n;
	return out;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *buf = malloc(size > 0 ? size : 1);
	struct seen all, part, again;
	size_t outlen;
	char *out;
	int rc;

	if (buf == NULL)
		abort();
	if (size > 0)
		memcpy(buf, data, size);
	rc = parse(buf, size, &all, 0);
	if (all.n > 0) {
		size_t k = all.n / 2 + 1;

		FUZZ_CHECK(parse(buf, size, &part, k) == 1 && part.n == k,
		    "stop at %zu: parsed %zu", k, part.n);
		free(part.v);
	}
	if (rc == 0) {
		out = reprint(&all, &outlen);
		FUZZ_CHECK(parse(out, outlen, &again, 0) == 0,
		    "reprinted list refused:\n%.500s", out);
		FUZZ_CHECK(again.n == all.n, "reprinted list has %zu drivers, "
		    "not %zu", again.n, all.n);
		for (size_t i = 0; i < all.n; i++)
			FUZZ_CHECK(again.v[i].type == all.v[i].type &&
			    again.v[i].major == all.v[i].major &&
			    again.v[i].len == all.v[i].len &&
			    memcmp(again.v[i].name, all.v[i].name,
			    all.v[i].len) == 0, "driver %zu differs", i);
		free(again.v);
		free(out);
	}
	free(all.v);
	free(buf);
	return 0;
}
