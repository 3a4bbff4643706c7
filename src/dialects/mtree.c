/*
 * mtree.c - mtree(5) specs, as NetBSD's and FreeBSD's mtree and
 * libarchive write and read them.  See fields.h and the man page, "The
 * mtree dialect".
 *
 * A line is a name and keyword=value words, or "/set" (defaults for the
 * lines after it) or "/unset", or ".." (up one directory); as NetBSD's
 * "mtree -D" writes them, the keywords may come first and the name last.
 * A name with a '/' is a path from the top ("./dev/null"); one without
 * is in the directory the last relative type=dir line entered; "." is
 * the top itself, which makes no entry.  A later line for a path an
 * earlier one gave amends that entry, when the caller keeps them
 * (dialect_reader.earlier).  Names and link= values are vis(3)-encoded:
 * "\040" is a space.  A line ending in an odd number of backslashes
 * continues on the next, the backslash and the newline removed
 * (fparseln(3)).  device= is "FORMAT,MAJOR,MINOR" in a pack_dev format
 * (encode.c's dt_packdev_lookup: "linux" is 8:8 there), or one number,
 * the running system's dev_t.
 */
#include <assert.h>
#include <errno.h>
#include <inttypes.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define LIBBSD_NETBSD_VIS	/* strnunvisx as NetBSD declares it */
#include <bsd/vis.h>

#include "encode.h"
#include "base/number.h"
#include "base/path.h"
#include "dialects/fields.h"
#include "dialects/mtree.h"
#include "base/text.h"

#define VALUE_MAX PATH_MAX	/* a decoded keyword value */

/*
 * mtree(5)'s keywords devtool takes no meaning from, up to "".  Arrays
 * of text, not of pointers: a pointer in a table of a position-
 * independent executable is a relocation the loader applies at every
 * start, on a page it then copies.
 */
static const char ignored[][16] = { "cksum", "flags", "ignore", "inode",
    "md5", "md5digest", "nlink", "optional", "resdevice",
    "rmd160", "rmd160digest", "ripemd160digest", "sha1", "sha1digest",
    "sha256", "sha256digest", "sha384", "sha384digest", "sha512",
    "sha512digest", "size", "tags", "time", "contents", "content", "" };
/* The ones it reads. */
static const char used[][16] = { "type", "mode", "uid", "gid", "uname",
    "gname", "link", "device", "nochange", "" };

/* Keywords an mtree line or /set gives. */
struct mtree_keys {
	bool has_type, has_mode, has_uid, has_gid, has_link, has_device;
	bool nochange;
	char type;
	unsigned mode;
	uid_t uid;
	gid_t gid;
	uint64_t major, minor;
};

#define MTREE_DEPTH (PATH_MAX / 2)	/* the deepest a relative name goes */

/*
 * What a spec's reader keeps from line to line (dialect_reader.state):
 * /set's defaults, the directory relative names are in and how to leave
 * it, and a line continued with a backslash.
 */
struct mtree_reader {
	struct mtree_keys defaults;	/* /set's */
	char default_link[PATH_MAX];	/* /set link='s, when has_link */
	char cwd[PATH_MAX];		/* where relative names are, "" is / */
	size_t depth;			/* directories entered */
	/* cwd's length before each directory entered: ".." goes back */
	unsigned short cwd_len_before[MTREE_DEPTH];
	struct dt_buf held;		/* a line continued with '\' */
	unsigned long held_from;	/* its first line; 0: none */
};

/* Whether the word w of n bytes is s. */
static bool
word_is(const char *w, size_t n, const char *s)
{
	return strlen(s) == n && memcmp(w, s, n) == 0;
}

static bool
in_list(const char (*list)[16], const char *w, size_t len)
{
	for (; (*list)[0] != '\0'; list++)
		if (word_is(w, len, *list))
			return true;
	return false;
}

static bool
mtree_keyword(const char *word, size_t len)
{
	return in_list(used, word, len) || in_list(ignored, word, len);
}

/* Whether the word w of n bytes is KEYWORD or KEYWORD=VALUE. */
static bool
keyword_word(const char *w, size_t n)
{
	const char *eq = memchr(w, '=', n);

	return mtree_keyword(w, eq != NULL ? (size_t)(eq - w) : n);
}

/*
 * Whether the word w of n bytes is KEYWORD=VALUE: a line that starts
 * with one has its name last, as "mtree -D" writes it (a name with a '='
 * of its own is vis-encoded by devtool and libarchive).
 */
static bool
keyword_value(const char *w, size_t n)
{
	const char *eq = memchr(w, '=', n);

	return eq != NULL && mtree_keyword(w, (size_t)(eq - w));
}

/*
 * Decodes every vis(3) form with libbsd's strnunvisx, as NetBSD's and
 * FreeBSD's mtree read specs: \ooo, \M- and \^ (NetBSD's meta and
 * control forms), the C letters, \s a space.  '%' stays itself (mtree
 * reads no URL style; a name may hold '%').  Into cap bytes; *n the
 * length.  A NUL byte is refused: no path holds one.
 */
static int
spec_unvis(const char *s, size_t len, char *out, size_t cap, size_t *n,
    struct dt_diag *d)
{
	char q[QUOTE_MAX];
	char *src;
	int r, e;

	if ((src = malloc(len + 1)) == NULL)
		return dt_error(d, "out of memory decoding '%s'",
		    dt_quote_word(q, sizeof(q), s, len));
	memcpy(src, s, len);
	src[len] = '\0';
	errno = 0;
	r = strnunvisx(out, cap, src, 0);
	e = errno;
	free(src);
	if (r < 0 && e == ENOSPC)
		return dt_error(d, "'%s' is too long (at most %zu bytes)",
		    dt_quote_word(q, sizeof(q), s, len), cap - 1);
	if (r < 0)
		return dt_error(d, "bad vis(3) escape in '%s'",
		    dt_quote_word(q, sizeof(q), s, len));
	if (memchr(out, '\0', (size_t)r) != NULL)
		return dt_error(d, "NUL byte in '%s'",
		    dt_quote_word(q, sizeof(q), s, len));
	*n = (size_t)r;
	return 0;
}

/* device=: FORMAT,MAJOR,MINOR[,SUBUNIT] (pack_dev), or one dev_t. */
static int
parse_device(const char *v, struct mtree_keys *k, struct dt_diag *d)
{
	const char *comma = strchr(v, ',');
	char name[32], q[QUOTE_MAX], word[VALUE_MAX];
	uint64_t num[3], one;
	struct dt_layout l;
	struct dt_diag tmp;
	size_t n = 0;

	if (comma == NULL) {
		if (dt_layout_lookup("native", &l, &tmp) != DT_OK ||
		    dt_parse_number(v, &one, &tmp) != DT_OK ||
		    dt_decode(&l, one, &k->major, &k->minor, &tmp) != DT_OK)
			return dt_error(d, "device=%s: %s",
			    dt_quote_word(q, sizeof(q), v, strlen(v)), tmp.msg);
		k->has_device = true;
		return 0;
	}
	snprintf(name, sizeof(name), "%.*s", (int)(comma - v), v);
	if (dt_packdev_lookup(name, &l, &tmp) != DT_OK)
		return dt_error(d, "device=%s: %s",
		    dt_quote_word(q, sizeof(q), v, strlen(v)), tmp.msg);
	for (const char *p = comma + 1; p != NULL; n++) {
		const char *next = strchr(p, ',');
		size_t len = next != NULL ? (size_t)(next - p) : strlen(p);

		if (n == 3)
			return dt_error(d, "device=%s: more than 3 numbers",
			    dt_quote_word(q, sizeof(q), v, strlen(v)));
		snprintf(word, sizeof(word), "%.*s", (int)len, p);
		if (dt_parse_number(word, &num[n], &tmp) != DT_OK)
			return dt_error(d, "device=%s: %s",
			    dt_quote_word(q, sizeof(q), v, strlen(v)), tmp.msg);
		p = next != NULL ? next + 1 : NULL;
	}
	if (dt_packdev_pair(&l, num, n, &k->major, &k->minor, &tmp) != DT_OK ||
	    dt_encode(&l, k->major, k->minor, &one, &tmp) != DT_OK)
		return dt_error(d, "device=%s: %s (pack_dev's %s)",
		    dt_quote_word(q, sizeof(q), v, strlen(v)), tmp.msg, name);
	k->has_device = true;
	return 0;
}

static int
parse_type_key(const char *v, struct mtree_keys *k, struct dt_diag *d)
{
	char q[QUOTE_MAX];

	if ((k->type = mtree_type_letter(v)) != '\0') {
		k->has_type = true;
		return 0;
	}
	return dt_error(d, "type=%s is not one of block, char, dir, fifo, "
	    "file, link, socket", dt_quote_word(q, sizeof(q), v, strlen(v)));
}

/* uname= and gname=, through the resolver as every dialect's names. */
static int
parse_name(const char *v, bool group, const struct id_resolver *res,
    struct mtree_keys *k, struct dt_diag *d)
{
	uint32_t id;

	if (ids_name(res, v, group, &id, d) != 0)
		return -1;
	if (group) {
		k->gid = (gid_t)id;
		k->has_gid = true;
	} else {
		k->uid = (uid_t)id;
		k->has_uid = true;
	}
	return 0;
}

/* One keyword=value, its value decoded, into k (a link's into link). */
static int
keyword(struct dialect_reader *r, const char *w, size_t len,
    struct mtree_keys *k, char *link, struct dt_diag *d)
{
	const char *eq = memchr(w, '=', len);
	size_t klen = eq != NULL ? (size_t)(eq - w) : len, n;
	char v[VALUE_MAX], q[QUOTE_MAX];
	uint32_t id;

	if (!mtree_keyword(w, klen))
		return dt_error(d, "unknown keyword '%s'",
		    dt_quote_word(q, sizeof(q), w, klen));
	if (!in_list(used, w, klen))
		return 0;
	if (word_is(w, klen, "nochange")) {
		if (eq != NULL)
			return dt_error(d, "keyword 'nochange' takes no value");
		k->nochange = true;
		return 0;
	}
	if (eq == NULL)
		return dt_error(d, "keyword '%s' needs a value (%s=...)",
		    dt_quote_word(q, sizeof(q), w, klen), q);
	if (spec_unvis(eq + 1, len - klen - 1, v, sizeof(v), &n, d) != 0)
		return -1;
	if (word_is(w, klen, "type"))
		return parse_type_key(v, k, d);
	if (word_is(w, klen, "mode")) {
		k->has_mode = true;
		return fields_mode(v, n, &k->mode, d);
	}
	if (word_is(w, klen, "uid") || word_is(w, klen, "gid")) {
		if (fields_id(v, n, w[0] == 'u' ? "uid" : "gid", &id, d) != 0)
			return -1;
		if (w[0] == 'u')
			k->uid = (uid_t)id;
		else
			k->gid = (gid_t)id;
		k->has_uid |= w[0] == 'u';
		k->has_gid |= w[0] == 'g';
		return 0;
	}
	if (word_is(w, klen, "uname") || word_is(w, klen, "gname"))
		return parse_name(v, w[0] == 'g', r->res, k, d);
	if (word_is(w, klen, "link")) {
		if (n == 0)
			return dt_error(d, "link= is empty");
		memcpy(link, v, n + 1);
		k->has_link = true;
		return 0;
	}
	return parse_device(v, k, d);
}

/* The keywords of line[i..len) over k. */
static int
keywords(struct dialect_reader *r, const char *line, size_t len, size_t i,
    struct mtree_keys *k, char *link, struct dt_diag *d)
{
	size_t a;

	while (fields_word(line, len, &i, &a))
		if (keyword(r, line + a, i - a, k, link, d) != 0)
			return -1;
	return 0;
}

/* "/unset keyword ..." or "/unset all". */
static int
unset(struct mtree_reader *m, const char *line, size_t len, size_t i,
    struct dt_diag *d)
{
	struct mtree_keys *k = &m->defaults;
	char q[QUOTE_MAX];
	size_t a;

	while (fields_word(line, len, &i, &a)) {
		const char *w = line + a;
		size_t n = i - a;

		if (word_is(w, n, "all"))
			memset(k, 0, sizeof(*k));
		else if (!mtree_keyword(w, n))
			return dt_error(d, "unknown keyword '%s'",
			    dt_quote_word(q, sizeof(q), w, n));
		else if (word_is(w, n, "type"))
			k->has_type = false;
		else if (word_is(w, n, "mode"))
			k->has_mode = false;
		else if (word_is(w, n, "uid") || word_is(w, n, "uname"))
			k->has_uid = false;
		else if (word_is(w, n, "gid") || word_is(w, n, "gname"))
			k->has_gid = false;
		else if (word_is(w, n, "link"))
			k->has_link = false;
		else if (word_is(w, n, "device"))
			k->has_device = false;
		else if (word_is(w, n, "nochange"))
			k->nochange = false;
	}
	return 0;
}

/* The entry the keywords k make at path. */
static int
entry_from_keys(const struct mtree_keys *k, struct entry *e, char *path,
    struct dt_diag *d)
{
	if (!k->has_type)
		return dt_error(d, "no type= (nor a /set type=)");
	e->path = path;
	e->type = k->type;
	e->mode = k->has_mode ? k->mode : k->type == 'd' ? 0755 : 0644;
	e->mode_set = k->has_mode;
	e->uid = k->has_uid ? k->uid : 0;
	e->gid = k->has_gid ? k->gid : 0;
	e->uid_set = k->has_uid;
	e->gid_set = k->has_gid;
	e->nochange = k->nochange && k->type != 'l';
	if (k->has_link != (k->type == 'l'))
		return dt_error(d, k->has_link ? "link= on a type=%s entry (a "
		    "hard link) is not supported" : "type=link needs link=",
		    mtree_type_word(k->type));
	if (k->type == 'l')
		fields_link(e, path + PATH_MAX);
	if (entry_has_numbers(e)) {
		if (!k->has_device)
			return dt_error(d, "a %s needs device=",
			    entry_type_of(k->type)->noun);
		e->major = k->major;
		e->minor = k->minor;
	}
	return 1;
}

/* A name with a '/': from the top, "./" or "/" before it dropped. */
static int
full_path(const char *name, size_t n, char *path, struct dt_diag *d)
{
	while (n >= 2 && name[0] == '.' && name[1] == '/') {
		name += 2;
		n -= 2;
	}
	while (n > 0 && name[0] == '/') {
		name++;
		n--;
	}
	if (n == 0) {
		path[0] = '/';
		path[1] = '\0';
		return 0;
	}
	return fields_path(name, n, path, d);
}

/* A name without one: in the current directory. */
static int
relative_path(const struct mtree_reader *m, const char *name, size_t n,
    char *path, struct dt_diag *d)
{
	char joined[PATH_MAX];
	size_t c = strlen(m->cwd);

	if (c + 1 + n >= sizeof(joined))
		return dt_error(d, "path is too long (more than %d bytes)",
		    PATH_MAX - 1);
	memcpy(joined, m->cwd, c);
	joined[c] = '/';
	memcpy(joined + c + 1, name, n);
	return path_normal(joined, c + 1 + n, 0, path, d);
}

/* Into the directory path (relative type=dir) or the top ("."). */
static int
enter_directory(struct mtree_reader *m, const char *path,
    struct dt_diag *d)
{
	if (m->depth == MTREE_DEPTH)
		return dt_error(d, "directories nested too deep");
	m->cwd_len_before[m->depth++] = (unsigned short)strlen(m->cwd);
	snprintf(m->cwd, sizeof(m->cwd), "%s", strcmp(path, "/") == 0 ? "" :
	    path);
	return 0;
}

static int
leave_directory(struct mtree_reader *m, struct dt_diag *d)
{
	if (m->depth == 0)
		return dt_error(d, "'..' above the top directory");
	m->cwd[m->cwd_len_before[--m->depth]] = '\0';
	return 0;
}

/*
 * A later line for a path an earlier line made amends that entry, as
 * NetBSD's mtree and libarchive read a spec: what the line says, /set's
 * defaults included, over what the entry has.  Its type stays: a line
 * that says another is an error.  k becomes the keywords of the whole;
 * a link's target goes into link unless the line gives one.
 */
static int
amend(const struct entry *prev, struct mtree_keys *k, char *link,
    struct dt_diag *d)
{
	struct mtree_keys m = { .has_type = true, .type = prev->type,
	    .has_mode = prev->mode_set, .mode = prev->mode,
	    .has_uid = prev->uid_set, .uid = prev->uid,
	    .has_gid = prev->gid_set, .gid = prev->gid,
	    .has_device = entry_has_numbers(prev), .major = prev->major,
	    .minor = prev->minor, .has_link = prev->type == 'l',
	    .nochange = prev->nochange || k->nochange };
	char q[QUOTE_MAX];

	if (k->has_type && k->type != prev->type)
		return dt_error(d, "type=%s, but line %lu made '%s' a %s: a "
		    "later line for a path amends its entry, keeping its "
		    "type", mtree_type_word(k->type), prev->lineno,
		    dt_quote_word(q, sizeof(q), prev->path, strlen(prev->path)),
		    entry_type_of(prev->type)->noun);
	if (k->has_mode) {
		m.has_mode = true;
		m.mode = k->mode;
	}
	if (k->has_uid) {
		m.has_uid = true;
		m.uid = k->uid;
	}
	if (k->has_gid) {
		m.has_gid = true;
		m.gid = k->gid;
	}
	if (k->has_device) {
		m.has_device = true;
		m.major = k->major;
		m.minor = k->minor;
	}
	if (k->has_link)
		m.has_link = true;
	else if (prev->target != NULL)
		snprintf(link, PATH_MAX, "%s", prev->target);
	*k = m;
	return 0;
}

/*
 * The top directory ("."; "./" as a full path): where apply puts the
 * entries (--root), which makes no entry, as it is at the top.
 */
static int
top_directory(struct mtree_reader *m, const struct mtree_keys *k,
    bool relative, struct dt_diag *d)
{
	if (k->has_type && k->type != 'd')
		return dt_error(d, "'.', the top directory, is type=dir, not "
		    "type=%s", mtree_type_word(k->type));
	if (!relative)
		return 0;
	if (m->cwd[0] != '\0')
		return dt_error(d, "'.' below the top directory");
	/* once: a "." line again at the top only says more of it */
	return m->depth == 0 ? enter_directory(m, "/", d) : 0;
}

/*
 * Where a line's name and keywords are: the first word and the rest, or
 * (a keyword first, as "mtree -D" writes) the last word, which is no
 * keyword=value, and the words before it, which end at *kend.
 */
static int
name_and_keywords(const char *line, size_t len, size_t a, size_t i,
    size_t *na, size_t *nb, size_t *kfrom, size_t *kend, struct dt_diag *d)
{
	size_t c, last = 0;

	if (!keyword_value(line + a, i - a)) {
		*na = a;
		*nb = *kfrom = i;
		*kend = len;
		return 0;
	}
	*kfrom = a;
	*na = *nb = i;
	while (fields_word(line, len, &i, &c)) {
		last = c;
		*na = c;
		*nb = i;
	}
	if (last == 0 || keyword_value(line + last, *nb - last))
		return dt_error(d, "a line that starts with a keyword (as "
		    "'mtree -D' writes) needs its path as its last word");
	*kend = last;
	return 0;
}

/* One whole line (continuations joined). */
static int
parse_whole(struct dialect_reader *r, const char *line, size_t len,
    struct entry *e, char *path, struct dt_diag *d)
{
	struct mtree_reader *m = r->state;
	struct mtree_keys k = m->defaults;
	const struct entry *prev;
	char name[PATH_MAX + 1];	/* a path and the "." before it */
	size_t i = 0, a, n, na, nb, kfrom, kend;
	bool full;

	if (!fields_word(line, len, &i, &a))
		return 0;
	if (word_is(line + a, i - a, "/set"))
		return keywords(r, line, len, i, &m->defaults, m->default_link,
		    d) != 0 ?
		    -1 : 0;
	if (word_is(line + a, i - a, "/unset"))
		return unset(m, line, len, i, d) != 0 ? -1 : 0;
	if (word_is(line + a, i - a, ".."))
		return leave_directory(m, d) != 0 ? -1 : 0;
	if (name_and_keywords(line, len, a, i, &na, &nb, &kfrom, &kend,
	    d) != 0 ||
	    spec_unvis(line + na, nb - na, name, sizeof(name), &n, d) != 0)
		return -1;
	memcpy(path + PATH_MAX, m->default_link, strlen(m->default_link) + 1);
	if (keywords(r, line, kend, kfrom, &k, path + PATH_MAX, d) != 0)
		return -1;
	full = memchr(name, '/', n) != NULL;
	if (!full && n == 1 && name[0] == '.')
		return top_directory(m, &k, true, d) != 0 ? -1 : 0;
	if ((full ? full_path(name, n, path, d) :
	    relative_path(m, name, n, path, d)) != 0)
		return -1;
	if (strcmp(path, "/") == 0)
		return top_directory(m, &k, false, d) != 0 ? -1 : 0;
	prev = r->earlier != NULL ? r->earlier(r->earlier_ctx, path) : NULL;
	if (prev != NULL && amend(prev, &k, path + PATH_MAX, d) != 0)
		return -1;
	if (entry_from_keys(&k, e, path, d) != 1)
		return -1;
	r->amended = prev != NULL;
	if (!full && e->type == 'd' && enter_directory(m, path, d) != 0)
		return -1;
	return 1;
}

/* An odd number of backslashes at the end continues the line. */
static bool
continued(const char *line, size_t len)
{
	size_t n = 0;

	while (n < len && line[len - 1 - n] == '\\')
		n++;
	return n % 2 == 1;
}

/* A continued line's parts, dropped (a bad one, or one read). */
static void
drop_held(struct mtree_reader *m)
{
	m->held_from = 0;
	dt_buf_truncate(&m->held, 0);
}

static int
mtree_parse(struct dialect_reader *r, const char *line, size_t len,
    unsigned long lineno, struct entry *out, char *path, struct dt_diag *d)
{
	struct mtree_reader *m = r->state;
	bool more = continued(line, len);
	size_t n = more ? len - 1 : len;
	int rc;

	if (m->held_from == 0 && !more)
		return parse_whole(r, line, len, out, path, d);
	/* no longer than a line that is not continued (DIALECT_LINE_MAX) */
	if (m->held.len + n >= DIALECT_LINE_MAX) {
		drop_held(m);
		return dt_error(d, "line too long (continued lines)");
	}
	if (m->held_from == 0)
		m->held_from = lineno;
	dt_buf_add(&m->held, line, n);
	if (dt_buf_failed(&m->held)) {
		drop_held(m);
		dt_buf_free(&m->held);
		return dt_error(d, "out of memory");
	}
	if (more)
		return 0;
	out->lineno = m->held_from;
	rc = parse_whole(r, dt_buf_str(&m->held), m->held.len, out, path, d);
	drop_held(m);
	return rc;
}

/* At the end of the input: a line continued past it. */
static int
mtree_end(struct dialect_reader *r, unsigned long *lineno, struct dt_diag *d)
{
	struct mtree_reader *m = r->state;

	if (m->held_from == 0)
		return 0;
	*lineno = m->held_from;
	drop_held(m);
	return dt_error(d, "the line is continued ('\\' at its end) past the "
	    "end of the file");
}

/* A spec's reader: at the top, no /set, nothing held. */
static void *
mtree_begin(void)
{
	struct mtree_reader *m = malloc(sizeof(*m));

	if (m == NULL)
		return NULL;
	memset(&m->defaults, 0, sizeof(m->defaults));
	m->default_link[0] = '\0';
	m->cwd[0] = '\0';
	m->depth = 0;
	m->held = (struct dt_buf)DT_BUF_INIT;
	m->held_from = 0;
	return m;
}

static void
mtree_free(void *state)
{
	struct mtree_reader *m = state;

	dt_buf_free(&m->held);
	free(m);
}

static int
mtree_read(struct dialect_reader *r, const char *line, size_t len,
    struct entry *out, char *path, struct dt_diag *d)
{
	return fields_line_read(mtree_parse(r, line, len, out->lineno, out,
	    path, d), out, d);
}

/*
 * Whether the words from i on are all keywords, and there is one: a
 * "/set" or "/unset" line (a makedevs table may name a file /set).
 */
static bool
only_keywords(const char *line, size_t len, size_t i)
{
	size_t c;
	bool words = false;

	while (fields_word(line, len, &i, &c)) {
		if (!keyword_word(line + c, i - c) &&
		    !word_is(line + c, i - c, "all"))	/* "/unset all" */
			return false;
		words = true;
	}
	return words;
}

/*
 * After a first KEYWORD=VALUE from i on: whether every word but the last
 * is a keyword too and the last, the name, is there ("mtree -D" lines; a
 * pseudo line's name may hold a raw '=', its other words never do).
 */
static bool
keywords_then_name(const char *line, size_t len, size_t i)
{
	size_t c, prev_i = i, prev_c = 0;
	bool words = false, all = true;

	while (fields_word(line, len, &i, &c)) {
		if (words)
			all = all && keyword_word(line + prev_c, prev_i - prev_c);
		words = true;
		prev_c = c;
		prev_i = i;
	}
	return words && all;
}

/*
 * "#mtree", "/set" or "/unset" mark a spec, and so does a line of
 * keywords: a name and then only keywords, the first with a value (the
 * "file" or "dir" that starts one is no gen_init_cpio line), or a
 * keyword=value first ("mtree -D").  A name whose second word is a
 * keyword=value, and more words, is an mtree line too, which a dialect
 * with a word of its own outbids.
 */
static enum dialect_bid
mtree_bid(const char *line, size_t len)
{
	size_t i = 0, a, b, c;
	bool all = true;

	if (len >= 6 && memcmp(line, "#mtree", 6) == 0 &&
	    (len == 6 || dialect_space(line[6])))
		return DIALECT_BID_MARK;
	if (!fields_first_word(line, len, &i, &a))
		return DIALECT_BID_NONE;
	b = i;
	if ((b - a == 4 && memcmp(line + a, "/set", 4) == 0) ||
	    (b - a == 6 && memcmp(line + a, "/unset", 6) == 0))
		return only_keywords(line, len, i) ? DIALECT_BID_MARK :
		    DIALECT_BID_NONE;
	if (keyword_value(line + a, b - a))
		return keywords_then_name(line, len, i) ? DIALECT_BID_MARK :
		    DIALECT_BID_NONE;
	if (!fields_word(line, len, &i, &c) || !keyword_value(line + c, i - c))
		return DIALECT_BID_NONE;
	while (fields_word(line, len, &i, &c))
		all = all && keyword_word(line + c, i - c);
	return all ? DIALECT_BID_MARK : DIALECT_BID_WORD;
}

const struct dialect mtree_dialect = {
	.name = "mtree",
	.article = "an",
	.types = "cbpdfls",
	.can = DIALECT_CAN_NAMES | DIALECT_CAN_SETID | DIALECT_CAN_COMMENTS,
	/*
	 * The top directory first, which NetBSD's mtree needs, as apply
	 * makes a directory: a bare "." would be bsdtar's working
	 * directory's mode and owner in what it writes from the spec.
	 */
	.header = "#mtree\n. type=dir mode=0755 uid=0 gid=0",
	.needs_parents = true,	/* NetBSD's mtree fails without them */
	.amends = true,
	.note = DIALECT_NOTE_LINE,
	.bid_line = mtree_bid,
	.begin = mtree_begin,
	.free_state = mtree_free,
	.read_line = mtree_read,
	.read_end = mtree_end,
	.write = mtree_write,
};
