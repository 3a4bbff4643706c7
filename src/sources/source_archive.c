/*
 * source_archive.c - an archive as a source of entries: an initramfs as
 * the kernel reads one (every member, plain or compressed, in order,
 * decoded by unpack.c), anything else libarchive reads (cpio, tar,
 * iso9660, compressed), read once without extracting, paths as from the
 * archive's root.
 */
#include <sys/stat.h>

#include <assert.h>
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <stdio.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "sys/la.h"
#include "sys/unpack.h"
#include "base/path.h"
#include "base/bounds.h"
#include "entry/pack.h"
#include "entry/validate.h"
#include "sources/source.h"
#include "base/text.h"

struct archive_source {
	struct source s;	/* first: the interface */
	const char *const *paths;	/* normal, or NULL: all */
	bool dirs;
	bool *last_by_sink;	/* source_archive_last_by_sink, or NULL */
	char path[PATH_MAX];
};

/* Whether path is one of the operands or below one. */
static bool
under_operand(const struct archive_source *as, const char *path)
{
	size_t n;

	if (as->paths == NULL)
		return true;
	for (const char *const *p = as->paths; *p != NULL; p++) {
		n = strlen(*p);
		if (strcmp(*p, "/") == 0 || (strncmp(path, *p, n) == 0 &&
		    (path[n] == '\0' || path[n] == '/')))
			return true;
	}
	return false;
}

/* The archive's name as a path from its root: "./dev/x" is "/dev/x". */
static int
entry_path(struct archive_source *as, const char *name, struct dt_diag *d)
{
	char buf[PATH_MAX + 2];
	size_t n;

	while (name[0] == '.' && name[1] == '/')
		name += 2;
	if (strcmp(name, ".") == 0)
		name = "";
	/* Copied, not printed: it is done for every entry of the archive. */
	if ((n = strlen(name)) >= sizeof(buf) - 1)
		return dt_error(d, "name too long");
	buf[0] = '/';
	memcpy(buf + 1, name, n + 1);
	return path_normal(buf, n + 1, 0, as->path, d);
}

/* An id libarchive gives (64 bits) that an entry holds as it is. */
static int
take_id(la_int64_t id, const char *what, uint32_t *out, struct dt_diag *d)
{
	if (id < 0 || id > ID_MAX)
		return dt_error(d, "%s %jd is out of range (0-%u)", what,
		    (intmax_t)id, ID_MAX);
	*out = (uint32_t)id;
	return 0;
}

/*
 * The mode and owner of ae into e, never narrowed: a pax uid=4294967296
 * cut to 32 bits would be root's 0, so an id out of uid_t's range, and a
 * mode with bits beyond 07777 (a file's type aside), are refused.
 */
static int
mode_and_owner(struct archive_entry *ae, struct entry *e, struct dt_diag *d)
{
	unsigned long perm = la_archive_entry_perm(ae);
	uint32_t uid, gid;

	if (perm > 07777)
		return dt_error(d, "mode 0%lo has bits beyond 07777", perm);
	if (take_id(la_archive_entry_uid(ae), "uid", &uid, d) != 0 ||
	    take_id(la_archive_entry_gid(ae), "gid", &gid, d) != 0)
		return -1;
	e->mode = (unsigned)perm;
	e->uid = (uid_t)uid;
	e->gid = (gid_t)gid;
	return 0;
}

/* What ae, at as->path, holds; -1 with the reason in d. */
static int
fill_entry(const struct archive_source *as, struct archive_entry *ae,
    const struct entry_type *t, struct entry *e, struct dt_diag *d)
{
	*e = (struct entry){ .path = as->path, .type = t->letter,
	    .mode_set = true, .uid_set = true, .gid_set = true };
	if (mode_and_owner(ae, e, d) != 0)
		return -1;
	if (t->numbers) {	/* 64 bits, as entry's: validate checks them */
		e->major = la_archive_entry_rdevmajor(ae);
		e->minor = la_archive_entry_rdevminor(ae);
	}
	if (t->ifmt == S_IFLNK)	/* NULL if it has none: validate says so */
		e->target = la_archive_entry_symlink(ae);
	return entry_validate(e, d);
}

/* One header: an entry for the sink, or nothing (a file, not wanted). */
static void
one_header(struct archive_source *as, struct archive_entry *ae,
    const char *file, const struct entry_sink *sink)
{
	const struct entry_type *t = entry_type_of_mode(la_archive_entry_filetype(
	    ae));
	const char *name = la_archive_entry_pathname(ae);
	struct entry e;
	struct dt_diag d, named;
	char q[DT_QUOTE_SIZE];

	if (t == NULL || t->ifmt == S_IFREG || name == NULL)
		return;
	if (entry_path(as, name, &d) != 0) {
		sink->problem(sink->ctx, file, 0, 0, d.msg);
		return;
	}
	if (!under_operand(as, as->path))
		return;
	if (fill_entry(as, ae, t, &e, &d) != 0) {
		dt_say(&named, "%s: %s", dt_quote(q, sizeof(q), as->path,
		    strlen(as->path)), d.msg);
		sink->problem(sink->ctx, file, 0, 0, named.msg);
		return;
	}
	if (!as->dirs && entry_is_plain_parent(&e))
		return;
	sink->put(sink->ctx, &e);
}

static const char *
why(struct archive *a)
{
	const char *s = la_archive_error_string(a);

	return s != NULL ? s : "not an archive devtool can read";
}

/*
 * Every header of a, to the sink, *clean counting those read without a
 * warning (not, say, the file libarchive's mtree reader makes of a line
 * without a type=); 0 at its end, -1 after a problem.
 */
static int
read_headers(struct archive_source *as, struct archive *a, const char *file,
    const struct entry_sink *sink, size_t *clean)
{
	struct archive_entry *ae;
	int rc;

	while ((rc = la_archive_read_next_header(a, &ae)) == ARCHIVE_OK ||
	    rc == ARCHIVE_WARN) {
		*clean += rc == ARCHIVE_OK;
		one_header(as, ae, file, sink);
	}
	if (rc == ARCHIVE_EOF)
		return 0;
	sink->problem(sink->ctx, file, 0, 0, why(a));
	return -1;
}

/*
 * An initramfs as the kernel unpacks it (init/initramfs.c,
 * unpack_to_rootfs): any sequence of members, zeros between them, each
 * a newc cpio up to its TRAILER!!!, or, where a member starts with
 * anything else, a compressed stream (unpack.h: one gzip member, one
 * zstd frame, ...) whose bytes are themselves newc members and zeros;
 * after it the next member starts.  libarchive reads one cpio archive to
 * its trailer and stops, so the bytes are read here and each member is
 * handed to a cpio reader of its own.
 */
#define NEWC_HEADER 110
#define NEWC_TRAILER "TRAILER!!!"
#define STREAM_BUF 65536

/* Bytes in order: the file's, or a compressed stream's decoded. */
struct stream {
	const unsigned char *p;		/* the bytes not yet taken */
	size_t n;
	/* more bytes into p and n (n was 0): false at the end or error */
	bool (*fill)(struct stream *st);
	bool eof;
	char error[DT_MSGLEN];		/* why it stopped early, or "" */
	uint64_t taken;			/* bytes taken from the start */
};

/* More bytes into st->p: false at the end or after an error. */
static bool
stream_more(struct stream *st)
{
	if (st->n > 0)
		return true;
	if (st->eof || st->error[0] != '\0')
		return false;
	return st->fill(st);
}

static void
stream_take(struct stream *st, size_t k)
{
	st->p += k;
	st->n -= k;
	st->taken += k;
}

/* The archive file's bytes, read from its descriptor. */
struct file_stream {
	struct stream st;	/* first */
	int fd;
	unsigned char buf[STREAM_BUF];
};

/* Reads into f->buf after what is left there; false at the end. */
static bool
file_read(struct file_stream *f)
{
	size_t at = (size_t)(f->st.p - f->buf) + f->st.n;
	ssize_t got;

	if (f->st.eof || at == sizeof(f->buf))
		return false;
	do
		got = read(f->fd, f->buf + at, sizeof(f->buf) - at);
	while (got < 0 && errno == EINTR);
	if (got < 0) {
		snprintf(f->st.error, sizeof(f->st.error), "%s",
		    strerror(errno));
		return false;
	}
	if (got == 0) {
		f->st.eof = true;
		return false;
	}
	f->st.n += (size_t)got;
	return true;
}

static bool
file_fill(struct stream *st)
{
	struct file_stream *f = (struct file_stream *)st;

	f->st.p = f->buf;
	return file_read(f);
}

/*
 * At least k (at most STREAM_BUF) bytes in f->st.p, the ones not taken
 * moved to the buffer's start, unless the file ends first: whether
 * there are k.
 */
static bool
file_peek(struct file_stream *f, size_t k)
{
	if (f->st.n >= k)
		return true;
	memmove(f->buf, f->st.p, f->st.n);
	f->st.p = f->buf;
	while (f->st.n < k && file_read(f))
		;
	return f->st.n >= k;
}

/* Where one member is in its newc headers, fed the bytes as they pass. */
struct member {
	struct stream *st;
	unsigned char hdr[NEWC_HEADER];
	char name[sizeof(NEWC_TRAILER)];
	size_t got;			/* of hdr, then of name */
	uint64_t namesize, skip;	/* name, then data, left to pass */
	enum { M_HEADER, M_NAME, M_DATA, M_DONE } state;
	bool trailer;
	char error[64];
};

static uint64_t
newc_field(const unsigned char *f)
{
	uint64_t v = 0;

	for (int i = 0; i < 8; i++)
		v = v << 4 | (uint64_t)(f[i] <= '9' ? f[i] - '0' :
		    (f[i] | 0x20) - 'a' + 10);
	return v;
}

/* A whole header in m->hdr: its name and data to pass, or false. */
static bool
member_header(struct member *m)
{
	if (memcmp(m->hdr, "07070", 5) != 0 ||
	    (m->hdr[5] != '1' && m->hdr[5] != '2') ||
	    strspn((const char *)m->hdr + 6, "0123456789abcdefABCDEF") <
	    NEWC_HEADER - 6) {
		snprintf(m->error, sizeof(m->error), "not a newc cpio header");
		return false;
	}
	m->namesize = newc_field(m->hdr + 94);
	/* the name, then the data, each padded to 4 bytes from the header */
	m->skip = ((NEWC_HEADER + m->namesize + 3) & ~(uint64_t)3) -
	    NEWC_HEADER;
	m->got = 0;
	m->state = M_NAME;
	return true;
}

/* How many of the n bytes at p are the member's (n when all are). */
static size_t
member_feed(struct member *m, const unsigned char *p, size_t n)
{
	size_t used = 0, k;

	while (used < n && m->state != M_DONE) {
		if (m->state == M_HEADER) {
			k = NEWC_HEADER - m->got < n - used ?
			    NEWC_HEADER - m->got : n - used;
			memcpy(m->hdr + m->got, p + used, k);
			used += k;
			if ((m->got += k) == NEWC_HEADER && !member_header(m))
				return used;
			continue;
		}
		k = m->skip < n - used ? (size_t)m->skip : n - used;
		if (m->state == M_NAME && m->got < sizeof(m->name)) {
			size_t c = sizeof(m->name) - m->got < k ?
			    sizeof(m->name) - m->got : k;
			memcpy(m->name + m->got, p + used, c);
			m->got += c;
		}
		used += k;
		if ((m->skip -= k) > 0)
			continue;
		if (m->state == M_NAME) {
			m->trailer = m->namesize == sizeof(NEWC_TRAILER) &&
			    memcmp(m->name, NEWC_TRAILER, sizeof(m->name)) == 0;
			m->skip = (newc_field(m->hdr + 54) + 3) & ~(uint64_t)3;
			m->state = M_DATA;
		}
		if (m->state == M_DATA && m->skip == 0) {
			m->state = m->trailer ? M_DONE : M_HEADER;
			m->got = 0;
		}
	}
	return used;
}

/* libarchive's read callback: the member's bytes, up to its trailer. */
static la_ssize_t
member_read(struct archive *a, void *ctx, const void **out)
{
	struct member *m = ctx;
	size_t n;

	if (m->state == M_DONE || !stream_more(m->st))
		return 0;
	n = member_feed(m, m->st->p, m->st->n);
	if (m->error[0] != '\0') {
		la_archive_set_error(a, EINVAL, "%s", m->error);
		return -1;
	}
	*out = m->st->p;
	stream_take(m->st, n);
	return (la_ssize_t)n;
}

/* libarchive's read callback: all that st has, as it comes. */
static la_ssize_t
stream_read(struct archive *a, void *ctx, const void **out)
{
	struct stream *st = ctx;
	size_t n;

	(void)a;
	if (!stream_more(st))
		return st->error[0] != '\0' ? -1 : 0;
	*out = st->p;
	n = st->n;
	stream_take(st, n);
	return (la_ssize_t)n;
}

/* One member, from the newc header at st's next byte to its trailer. */
static int
read_member(struct archive_source *as, struct stream *st, const char *file,
    const struct entry_sink *sink)
{
	struct member m = { .st = st, .state = M_HEADER };
	struct archive *a = la_archive_read_new();
	size_t clean = 0;
	int rc;

	if (a == NULL) {
		sink->problem(sink->ctx, file, 0, ENOMEM, NULL);
		return -1;
	}
	la_archive_read_support_format_cpio(a);
	if (la_archive_read_open(a, &m, NULL, member_read, NULL) != ARCHIVE_OK) {
		sink->problem(sink->ctx, file, 0, 0, why(a));
		rc = -1;
	} else
		rc = read_headers(as, a, file, sink, &clean);
	la_archive_read_free(a);
	return rc;
}

/* A compressed stream's bytes, decoded from the stream it is in. */
struct decoded {
	struct stream st;	/* first */
	struct stream *outer;
	struct unpack *u;
	bool done;		/* the decoder found the stream's end */
	unsigned char buf[STREAM_BUF];
};

static bool
decoded_fill(struct stream *st)
{
	struct decoded *dc = (struct decoded *)st;
	size_t used, made;
	struct dt_diag d;
	bool end;
	int rc;

	while (!dc->done) {
		end = !stream_more(dc->outer);
		if (end && dc->outer->error[0] != '\0') {
			memcpy(st->error, dc->outer->error, sizeof(st->error));
			return false;
		}
		rc = unpack_step(dc->u, dc->outer->p, dc->outer->n, end, &used,
		    dc->buf, sizeof(dc->buf), &made, &d);
		if (rc < 0) {
			snprintf(st->error, sizeof(st->error), "%s", d.msg);
			return false;
		}
		stream_take(dc->outer, used);
		dc->done = rc == 1;
		if (made > 0) {
			st->p = dc->buf;
			st->n = made;
			return true;
		}
		if (rc == 0 && used == 0) {	/* input there, none taken */
			snprintf(st->error, sizeof(st->error), "the "
			    "decoder takes none of its input");
			return false;
		}
	}
	st->eof = true;
	return false;
}

static int read_members(struct archive_source *as, struct stream *st,
    bool compressed, const char *file, const struct entry_sink *sink);

/* A stream's bytes as a libarchive reader of the raw format gives them. */
struct la_decoded {
	struct stream st;	/* first */
	struct archive *raw;
	unsigned char buf[STREAM_BUF];
};

static bool
la_fill(struct stream *st)
{
	struct la_decoded *l = (struct la_decoded *)st;
	la_ssize_t got = la_archive_read_data(l->raw, l->buf,
	    sizeof(l->buf));

	if (got < 0)
		snprintf(st->error, sizeof(st->error), "%s", why(l->raw));
	if (got == 0)
		st->eof = true;
	if (got <= 0)
		return false;
	st->p = l->buf;
	st->n = (size_t)got;
	return true;
}

/*
 * A compressed stream devtool does not decode itself (lzo: libarchive
 * runs the lzop program): libarchive decodes the rest of the input as
 * one stream, whose members are read; bytes after its end are not read,
 * and are said (zeros aside).
 */
static int
/* NOLINTNEXTLINE(misc-no-recursion): once, a compressed stream has none */
read_rest(struct archive_source *as, struct stream *outer, const char *name,
    const char *file, const struct entry_sink *sink)
{
	struct la_decoded *l = calloc(1, sizeof(*l));
	uint64_t start = outer->taken, end;
	const unsigned char *last;
	size_t last_n;
	char msg[128];
	int rc = -1;

	if (l == NULL || (l->raw = la_archive_read_new()) == NULL) {
		sink->problem(sink->ctx, file, 0, ENOMEM, NULL);
		free(l);
		return -1;
	}
	la_archive_read_support_filter_all(l->raw);
	la_archive_read_support_format_raw(l->raw);
	if (la_archive_read_open(l->raw, outer, NULL, stream_read, NULL) !=
	    ARCHIVE_OK || la_archive_read_next_header(l->raw,
	    &(struct archive_entry *){ NULL }) != ARCHIVE_OK)
		sink->problem(sink->ctx, file, 0, 0, why(l->raw));
	else {
		l->st.fill = la_fill;
		rc = read_members(as, &l->st, true, file, sink);
	}
	/* what libarchive was given but did not decode: the last bytes */
	end = start + (uint64_t)la_archive_filter_bytes(l->raw, -1);
	last = outer->p - (outer->taken - end);
	last_n = (size_t)(outer->taken - end);
	while (rc == 0 && last_n > 0 && *last == '\0') {
		last++;
		last_n--;
	}
	while (rc == 0 && last_n == 0 && stream_more(outer))
		if (outer->p[0] == '\0')
			stream_take(outer, 1);
		else
			last_n = 1;
	if (rc == 0 && last_n > 0) {
		snprintf(msg, sizeof(msg), "more after the %s stream, which "
		    "devtool does not read", name);
		sink->problem(sink->ctx, file, 0, 0, msg);
		rc = -1;
	}
	la_archive_read_free(l->raw);
	free(l);
	return rc;
}

/*
 * The compressed stream at st's next byte (not in a compressed one),
 * as decompress_method() tells it, its members read.
 */
static int
/* NOLINTNEXTLINE(misc-no-recursion): see read_rest */
read_compressed(struct archive_source *as, struct file_stream *f,
    const char *file, const struct entry_sink *sink)
{
	enum unpack_method m = UNPACK_NONE;
	struct decoded *dc;
	const char *name;
	struct dt_diag d;
	int rc;

	if (file_peek(f, 2))
		m = unpack_method(f->st.p, f->st.n, &name);
	if (m == UNPACK_NONE) {
		sink->problem(sink->ctx, file, 0, 0, f->st.error[0] != '\0' ?
		    f->st.error : "junk after a cpio member: neither a newc "
		    "header nor a compressed stream");
		return -1;
	}
	if (!unpack_decodes(m))
		return read_rest(as, &f->st, name, file, sink);
	if ((dc = calloc(1, sizeof(*dc))) == NULL) {
		sink->problem(sink->ctx, file, 0, ENOMEM, NULL);
		return -1;
	}
	if ((dc->u = unpack_new(m, &d)) == NULL) {
		sink->problem(sink->ctx, file, 0, 0, d.msg);
		free(dc);
		return -1;
	}
	dc->st.fill = decoded_fill;
	dc->outer = &f->st;
	rc = read_members(as, &dc->st, true, file, sink);
	unpack_free(dc->u);
	free(dc);
	return rc;
}

/*
 * The members of st, as the kernel takes them: zeros are skipped, a '0'
 * starts a cpio member, anything else a compressed stream (within one,
 * junk, as the kernel says).
 */
static int
/* NOLINTNEXTLINE(misc-no-recursion): see read_rest */
read_members(struct archive_source *as, struct stream *st, bool compressed,
    const char *file, const struct entry_sink *sink)
{
	while (stream_more(st)) {
		if (st->p[0] == '\0')
			stream_take(st, 1);
		else if (st->p[0] == '0') {
			if (read_member(as, st, file, sink) != 0)
				return -1;
		} else if (compressed) {
			sink->problem(sink->ctx, file, 0, 0, "junk within a "
			    "compressed stream after a cpio member");
			return -1;
		} else {
			/* only the file's own bytes hold a compressed stream */
			assert(st->fill == file_fill);
			if (read_compressed(as, (struct file_stream *)st, file,
			    sink) != 0)
				return -1;
		}
	}
	if (st->error[0] != '\0') {
		sink->problem(sink->ctx, file, 0, 0, st->error);
		return -1;
	}
	return 0;
}
/*
 * The sink of an initramfs's members, where a later entry of a path
 * replaces an earlier one, as the kernel's unpacking does: the entries
 * are kept, then handed on, each path once, in the order they came.
 */
struct latest {
	struct entry_pack all;	/* compact: an initramfs may hold millions */
	bool failed;
	const struct entry_sink *to;
};

static void
latest_put(void *ctx, const struct entry *e)
{
	struct latest *l = ctx;

	if (entry_pack_add(&l->all, e) != 0 && !l->failed) {
		l->failed = true;
		l->to->problem(l->to->ctx, e->path, 0, ENOMEM, NULL);
	}
}

static void
latest_problem(void *ctx, const char *where, unsigned long line, int error,
    const char *msg)
{
	struct latest *l = ctx;

	l->to->problem(l->to->ctx, where, line, error, msg);
}

/* In path order, then by arrival: the last of a run of one path is the one. */
static void
latest_flush(struct latest *l, const char *file)
{
	size_t n = l->all.n;
	uint32_t *order = NULL;
	bool *keep = calloc(n + 1, sizeof(*keep));
	struct entry e;

	if (keep == NULL || entry_pack_order(&l->all, &order) != 0) {
		l->to->problem(l->to->ctx, file, 0, ENOMEM, NULL);
		free(keep);
		entry_pack_free(&l->all);
		return;
	}
	for (size_t i = 0; i < n; i++)
		keep[order[i]] = i + 1 == n || strcmp(entry_pack_path(&l->all,
		    order[i]), entry_pack_path(&l->all, order[i + 1])) != 0;
	free(order);
	for (size_t i = 0; i < n; i++)
		if (keep[i]) {
			entry_pack_get(&l->all, i, &e);
			l->to->put(l->to->ctx, &e);
		}
	free(keep);
	entry_pack_free(&l->all);
}


/* Whether the n bytes at p start with a newc header's magic. */
static bool
starts_newc(const unsigned char *p, size_t n)
{
	return n >= 6 && (memcmp(p, "070701", 6) == 0 ||
	    memcmp(p, "070702", 6) == 0);
}

/*
 * How the file is read, from its first bytes (at most STREAM_BUF), which
 * stay in f: an initramfs when, after any zeros, a newc header starts
 * it or a compressed stream the kernel reads whose first bytes decode
 * to one.  *text says whether the (decoded) bytes start as an mtree spec
 * does, "#mtree".
 */
static bool
is_initramfs(struct file_stream *f, bool *text)
{
	unsigned char out[512];
	size_t i = 0, at, used, made = 0, got;
	enum unpack_method m;
	struct unpack *u;
	const char *name;
	struct dt_diag d;
	int rc = 0;

	(void)file_peek(f, STREAM_BUF);
	*text = f->st.n >= 6 && memcmp(f->st.p, "#mtree", 6) == 0;
	while (i < f->st.n && f->st.p[i] == '\0')
		i++;
	if (starts_newc(f->st.p + i, f->st.n - i))
		return true;
	m = unpack_method(f->st.p + i, f->st.n - i, &name);
	if (!unpack_decodes(m) || (u = unpack_new(m, &d)) == NULL)
		return false;
	/* a copy's first bytes: f keeps all of its own for the reader */
	for (at = i; rc == 0 && made < sizeof(out); at += used) {
		rc = unpack_step(u, f->st.p + at, f->st.n - at, f->st.eof,
		    &used, out + made, sizeof(out) - made, &got, &d);
		made += got;
		if (rc == 0 && used == 0 && got == 0)
			break;
	}
	unpack_free(u);
	*text = made >= 6 && memcmp(out, "#mtree", 6) == 0;
	for (i = 0; i < made && out[i] == '\0'; i++)
		;
	return starts_newc(out + i, made - i);
}

/* Anything libarchive reads, whole, from its name or st's bytes. */
static void
read_archive_file(struct archive_source *as, const char *file,
    struct stream *st, bool text, const struct entry_sink *sink)
{
	struct archive *a = la_archive_read_new();
	size_t clean = 0;
	int rc;

	if (a == NULL) {
		sink->problem(sink->ctx, file, 0, ENOMEM, NULL);
		return;
	}
	la_archive_read_support_filter_all(a);
	la_archive_read_support_format_all(a);
	rc = st != NULL ? la_archive_read_open(a, st, NULL, stream_read, NULL) :
	    la_archive_read_open_filename(a, file, 65536);
	if (rc != ARCHIVE_OK)
		sink->problem(sink->ctx, file, 0, 0, why(a));
	else if (read_headers(as, a, file, sink, &clean) == 0 && clean == 0 &&
	    la_archive_format(a) == ARCHIVE_FORMAT_MTREE && !text)
		/*
		 * libarchive's mtree reader bids on any text whose lines
		 * it can split into words: with no "#mtree" and not one
		 * line it read without a warning, it was text
		 */
		sink->problem(sink->ctx, file, 0, 0, "not an archive: text, "
		    "which libarchive took for an mtree spec (no #mtree line, "
		    "not one entry with a type=)");
	la_archive_read_free(a);
}

/*
 * An archive: an initramfs (a newc cpio, compressed or not, and any
 * members after it) is read as the kernel reads it, every member, a
 * later entry of a path replacing an earlier one; anything else as
 * libarchive reads it (a file by its name again, so that formats that
 * seek still can; standard input from the bytes already read).
 */
static void
archive_read(struct source *s, const char *file,
    const struct entry_sink *sink)
{
	struct archive_source *as = (struct archive_source *)s;
	struct latest l = { .to = sink };
	const struct entry_sink members = { latest_put, latest_problem, &l };
	struct file_stream *f;
	struct dt_diag d;
	bool is_stdin, text;

	assert(s != NULL && file != NULL && sink != NULL &&
	    sink->put != NULL && sink->problem != NULL);
	is_stdin = strcmp(file, "-") == 0;
	if (la_load(&d) != 0) {
		sink->problem(sink->ctx, file, 0, 0, d.msg);
		return;
	}
	if ((f = calloc(1, sizeof(*f))) == NULL) {
		sink->problem(sink->ctx, file, 0, ENOMEM, NULL);
		return;
	}
	f->st.fill = file_fill;
	f->st.p = f->buf;
	f->fd = is_stdin ? STDIN_FILENO : open(file, O_RDONLY | O_CLOEXEC |
	    O_NOCTTY);
	if (f->fd < 0)
		sink->problem(sink->ctx, file, 0, errno, NULL);
	else if (is_initramfs(f, &text)) {
		if (as->last_by_sink != NULL) {
			/* the sink keeps the last of each path: none held */
			*as->last_by_sink = true;
			(void)read_members(as, &f->st, false, file, sink);
		} else {
			(void)read_members(as, &f->st, false, file, &members);
			latest_flush(&l, file);
		}
	} else if (f->st.error[0] != '\0')
		sink->problem(sink->ctx, file, 0, 0, f->st.error);
	else
		read_archive_file(as, file, is_stdin ? &f->st : NULL, text,
		    sink);
	if (f->fd >= 0 && !is_stdin)
		close(f->fd);
	free(f);
}

static void
archive_source_free(struct source *s)
{
	free(s);
}

struct source *
source_archive_new(const char *const *paths, bool dirs)
{
	struct archive_source *as = malloc(sizeof(*as));

	/* normal paths, as from the archive's root (under_operand) */
	for (const char *const *p = paths; p != NULL && *p != NULL; p++)
		assert((*p)[0] == '/');
	if (as == NULL)
		return NULL;
	as->s = (struct source){ "archive", archive_read,
	    archive_source_free, NULL };
	as->paths = paths;
	as->dirs = dirs;
	as->last_by_sink = NULL;
	return &as->s;
}

void
source_archive_last_by_sink(struct source *s, bool *last)
{
	((struct archive_source *)s)->last_by_sink = last;
}
