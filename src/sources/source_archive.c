/*
 * source_archive.c - an archive as a source of entries: anything
 * libarchive reads (cpio, tar, iso9660, compressed), read once without
 * extracting, paths as from the archive's root.
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
#include "base/path.h"
#include "base/bounds.h"
#include "entry/validate.h"
#include "sources/source.h"
#include "base/text.h"

struct archive_source {
	struct source s;	/* first: the interface */
	const char *const *paths;	/* normal, or NULL: all */
	bool dirs;
	char path[PATH_MAX];
};

/* Whether path is one of the operands or below one. */
static bool
wanted(const struct archive_source *as, const char *path)
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

	while (name[0] == '.' && name[1] == '/')
		name += 2;
	if (strcmp(name, ".") == 0)
		name = "";
	if (snprintf(buf, sizeof(buf), "/%s", name) >= (int)sizeof(buf))
		return dt_error(d, "name too long");
	return path_normal(buf, strlen(buf), 0, as->path, d);
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
	if (!wanted(as, as->path))
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

/* Every header of a, to the sink; 0 at its end, -1 after a problem. */
static int
read_headers(struct archive_source *as, struct archive *a, const char *file,
    const struct entry_sink *sink)
{
	struct archive_entry *ae;
	int rc;

	while ((rc = la_archive_read_next_header(a, &ae)) == ARCHIVE_OK ||
	    rc == ARCHIVE_WARN)
		one_header(as, ae, file, sink);
	if (rc == ARCHIVE_EOF)
		return 0;
	sink->problem(sink->ctx, file, 0, 0, why(a));
	return -1;
}

/*
 * An initramfs as the kernel unpacks it (init/initramfs.c): newc cpio
 * members one after another, zeros between them, and where a member
 * starts with anything else a compressed stream, itself holding members.
 * libarchive reads one cpio archive to its TRAILER!!! and stops, so the
 * bytes are read here: a stream, decompressed by a libarchive reader of
 * the raw format, is cut into members by their newc headers (namesize,
 * filesize), and each member is handed to a cpio reader of its own.
 */
#define NEWC_HEADER 110
#define NEWC_TRAILER "TRAILER!!!"

struct stream {
	struct archive *raw;		/* a reader of the raw format */
	const unsigned char *p;		/* the bytes not yet taken */
	size_t n;
	unsigned char buf[65536];
	bool eof;
	const char *error;		/* why it stopped early, or NULL */
	uint64_t taken;			/* bytes taken from the start */
	uint64_t end;			/* where a compressed stream in it
					   ended (0: none) */
};

/* More bytes into st->p: false at the end or after an error. */
static bool
stream_more(struct stream *st)
{
	const void *out;
	la_ssize_t got;

	if (st->n > 0)
		return true;
	if (st->eof)
		return false;
	got = la_archive_read_data(st->raw, st->buf, sizeof(st->buf));
	out = st->buf;
	if (got < 0)
		st->error = why(st->raw);
	if (got <= 0) {
		st->eof = true;
		return false;
	}
	st->p = out;
	st->n = (size_t)got;
	return true;
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
	m->st->p += n;
	m->st->n -= n;
	m->st->taken += n;
	return (la_ssize_t)n;
}

/* The bytes of the stream under a decompressing reader. */
static la_ssize_t
stream_read(struct archive *a, void *ctx, const void **out)
{
	struct stream *st = ctx;
	size_t n;

	(void)a;
	if (!stream_more(st))
		return st->error != NULL ? -1 : 0;
	*out = st->p;
	n = st->n;
	st->p += n;
	st->n = 0;
	st->taken += n;
	return (la_ssize_t)n;
}

static int read_members(struct archive_source *as, struct stream *st,
    bool compressed, const char *file, const struct entry_sink *sink);

/*
 * The compressed stream that starts at outer's next byte, its members
 * read; where it ended in outer is left in outer->end (what follows it
 * was read by the decompressor, and is looked at again by archive_read).
 */
static int
/* NOLINTNEXTLINE(misc-no-recursion): once, a compressed stream has none */
read_compressed(struct archive_source *as, struct stream *outer,
    const char *file, const struct entry_sink *sink)
{
	struct stream *st = calloc(1, sizeof(*st));
	uint64_t start = outer->taken;
	int rc = -1;

	if (st == NULL || (st->raw = la_archive_read_new()) == NULL) {
		sink->problem(sink->ctx, file, 0, ENOMEM, NULL);
		free(st);
		return -1;
	}
	la_archive_read_support_filter_all(st->raw);
	la_archive_read_support_format_raw(st->raw);
	if (la_archive_read_open(st->raw, outer, NULL, stream_read, NULL) !=
	    ARCHIVE_OK || la_archive_filter_code(st->raw, 0) ==
	    ARCHIVE_FILTER_NONE)
		sink->problem(sink->ctx, file, 0, 0, "junk after a cpio "
		    "member: neither a newc header nor a compressed stream");
	else if (la_archive_read_next_header(st->raw,
	    &(struct archive_entry *){ NULL }) != ARCHIVE_OK)
		sink->problem(sink->ctx, file, 0, 0, why(st->raw));
	else
		rc = read_members(as, st, true, file, sink);
	outer->end = start + (uint64_t)la_archive_filter_bytes(st->raw, -1);
	la_archive_read_free(st->raw);
	free(st);
	return rc;
}

/* One member, from the newc header at st's next byte to its trailer. */
static int
read_member(struct archive_source *as, struct stream *st, const char *file,
    const struct entry_sink *sink)
{
	struct member m = { .st = st, .state = M_HEADER };
	struct archive *a = la_archive_read_new();
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
		rc = read_headers(as, a, file, sink);
	la_archive_read_free(a);
	return rc;
}

/*
 * The members of st, as the kernel takes them: zeros are skipped, a '0'
 * starts a cpio member, anything else a compressed stream (within one,
 * junk, as the kernel says).
 */
static int
/* NOLINTNEXTLINE(misc-no-recursion): see read_compressed */
read_members(struct archive_source *as, struct stream *st, bool compressed,
    const char *file, const struct entry_sink *sink)
{
	while (stream_more(st)) {
		if (st->p[0] == '\0') {
			st->p++;
			st->n--;
			st->taken++;
		} else if (st->p[0] == '0') {
			if (read_member(as, st, file, sink) != 0)
				return -1;
		} else if (compressed) {
			sink->problem(sink->ctx, file, 0, 0, "junk within a "
			    "compressed stream after a cpio member");
			return -1;
		} else
			return read_compressed(as, st, file, sink);
	}
	if (st->error != NULL) {
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
	struct entries all;
	bool failed;
	const struct entry_sink *to;
};

static void
latest_put(void *ctx, const struct entry *e)
{
	struct latest *l = ctx;

	if (entries_add(&l->all, e) != 0 && !l->failed) {
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

static const struct entry *latest_v;

/* By path, then by arrival: the last of a run of one path is the one. */
static int
latest_cmp(const void *a, const void *b)
{
	size_t i = *(const size_t *)a, j = *(const size_t *)b;
	int c = strcmp(latest_v[i].path, latest_v[j].path);

	return c != 0 ? c : (i > j) - (i < j);
}

static void
latest_flush(struct latest *l, const char *file)
{
	size_t n = l->all.n, *order = malloc(n * sizeof(*order) + 1);
	bool *keep = calloc(n + 1, sizeof(*keep));

	if (order == NULL || keep == NULL) {
		l->to->problem(l->to->ctx, file, 0, ENOMEM, NULL);
		free(order);
		free(keep);
		entries_free(&l->all);
		return;
	}
	for (size_t i = 0; i < n; i++)
		order[i] = i;
	latest_v = l->all.v;
	qsort(order, n, sizeof(*order), latest_cmp);
	for (size_t i = 0; i < n; i++)
		keep[order[i]] = i + 1 == n || strcmp(l->all.v[order[i]].path,
		    l->all.v[order[i + 1]].path) != 0;
	for (size_t i = 0; i < n; i++)
		if (keep[i])
			l->to->put(l->to->ctx, &l->all.v[i]);
	free(order);
	free(keep);
	entries_free(&l->all);
}

/*
 * After a compressed stream that ended at end, the rest of the file: zeros
 * only, or another stream the kernel would read but devtool does not (one
 * libarchive reader decompresses one stream).  A pipe is not looked at.
 */
static void
check_tail(const char *file, uint64_t end, const struct entry_sink *sink)
{
	unsigned char buf[4096];
	ssize_t got;
	int fd;

	if (strcmp(file, "-") == 0 || end == 0 ||
	    (fd = open(file, O_RDONLY | O_CLOEXEC)) < 0)
		return;
	while ((got = pread(fd, buf, sizeof(buf), (off_t)end)) > 0) {
		for (ssize_t i = 0; i < got; i++)
			if (buf[i] != '\0') {
				sink->problem(sink->ctx, file, 0, 0, "another "
				    "stream after a compressed one, which "
				    "devtool does not read");
				close(fd);
				return;
			}
		end += (uint64_t)got;
	}
	close(fd);
}

/* Whether the stream starts with a newc header: an initramfs. */
static bool
starts_newc(struct stream *st)
{
	return stream_more(st) && st->n >= 6 &&
	    (memcmp(st->p, "070701", 6) == 0 ||
	    memcmp(st->p, "070702", 6) == 0);
}

/* Anything libarchive reads, whole, from its name or st's bytes. */
static void
read_whole(struct archive_source *as, const char *file, struct stream *st,
    const struct entry_sink *sink)
{
	struct archive *a = la_archive_read_new();
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
	else
		read_headers(as, a, file, sink);
	la_archive_read_free(a);
}

/*
 * An archive: a newc cpio, compressed or not, is read as the kernel reads
 * an initramfs, every member of it; anything else as libarchive reads it
 * (a file by its name again, so that formats that seek still can).
 */
static void
archive_read(struct source *s, const char *file,
    const struct entry_sink *sink)
{
	struct archive_source *as = (struct archive_source *)s;
	struct latest l = { .to = sink };
	const struct entry_sink members = { latest_put, latest_problem, &l };
	bool is_stdin, compressed;
	struct stream *st;
	struct dt_diag d;

	assert(s != NULL && file != NULL && sink != NULL &&
	    sink->put != NULL && sink->problem != NULL);
	is_stdin = strcmp(file, "-") == 0;
	if (la_load(&d) != 0) {
		sink->problem(sink->ctx, file, 0, 0, d.msg);
		return;
	}
	if ((st = calloc(1, sizeof(*st))) == NULL ||
	    (st->raw = la_archive_read_new()) == NULL) {
		sink->problem(sink->ctx, file, 0, ENOMEM, NULL);
		free(st);
		return;
	}
	la_archive_read_support_filter_all(st->raw);
	la_archive_read_support_format_raw(st->raw);
	if ((is_stdin ? la_archive_read_open_fd(st->raw, 0, 65536) :
	    la_archive_read_open_filename(st->raw, file, 65536)) != ARCHIVE_OK ||
	    la_archive_read_next_header(st->raw,
	    &(struct archive_entry *){ NULL }) != ARCHIVE_OK)
		sink->problem(sink->ctx, file, 0, 0, why(st->raw));
	else if (starts_newc(st)) {
		compressed = la_archive_filter_code(st->raw, 0) !=
		    ARCHIVE_FILTER_NONE;
		if (read_members(as, st, compressed, file, &members) == 0)
			check_tail(file, compressed ? (uint64_t)
			    la_archive_filter_bytes(st->raw, -1) : st->end,
			    &members);
		latest_flush(&l, file);
	} else
		read_whole(as, file, is_stdin ? st : NULL, sink);
	la_archive_read_free(st->raw);
	free(st);
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

	/* normal paths, as from the archive's root (wanted) */
	for (const char *const *p = paths; p != NULL && *p != NULL; p++)
		assert((*p)[0] == '/');
	if (as == NULL)
		return NULL;
	as->s = (struct source){ "archive", archive_read,
	    archive_source_free };
	as->paths = paths;
	as->dirs = dirs;
	return &as->s;
}
