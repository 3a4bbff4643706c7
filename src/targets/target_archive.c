/*
 * target_archive.c - an archive as a target: each entry written as an
 * archive header with libarchive, the numbers checked against what the
 * format can hold first (libarchive's odc and bin writers truncate
 * silently and return ARCHIVE_OK).  Nothing needs privilege.  The bytes
 * go through la_sink.c (xz) into an outfile.c file, which only a
 * complete archive replaces.  A file with contents (gen_init_cpio's file
 * line) is read through a descriptor, its size bounded, and its hard
 * links written as each format says them.
 */
#include <sys/stat.h>

#include <assert.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "base/text.h"

#include "encode.h"
#include "sys/la.h"
#include "sys/outfile.h"
#include "targets/target_archive.h"

const char target_archive_formats[] = "newc odc bin ustar pax gnutar mtree";

/*
 * The formats, and what each can hold of a device number: the storage
 * row of the same name in the codec (encode.h, dt_check_lookup), which
 * list --check uses too; pax and mtree have no limit below the
 * kernel's.
 */
/*
 * Where a file's contents go when it has hard links, as each format's
 * readers (the kernel, GNU cpio, tar) expect them: newc on the last of
 * its names, the old cpio formats (and mtree, which holds none) on each,
 * tar on the first, the others being hard link entries to it.
 */
enum links_as { ON_LAST, ON_EACH, ON_FIRST };

/*
 * The tables below hold their text, not pointers to it: a pointer in a
 * table of a position-independent executable is a relocation the
 * loader applies at every start, on a page it then copies.
 */
struct archive_format {
	char name[8];
	char la_name[8];	/* archive_write_set_format_by_name */
	long long max_time;	/* the latest mtime it holds; 0: no limit */
	enum links_as links;
	bool limited;		/* a storage row says its limits */
	bool fifos;		/* can hold a FIFO */
};

/*
 * The latest times: newc's 8 hex digits and bin's two 16-bit halves
 * hold 2^32 - 1, odc's and the tars' 11 octal digits 8^11 - 1.
 * libarchive writes a later one without a word: bin keeps its low 32
 * bits (2^32 reads as 1970), newc, odc and gnutar (no base-256 for a
 * time) write their largest; only ustar refuses it, entry by entry.
 * pax writes a time past its octal field in an extended header, and
 * mtree as text.
 */
#define TIME_HEX8 4294967295LL
#define TIME_OCT11 8589934591LL

static const struct archive_format formats[] = {
	{ "newc", "newc", TIME_HEX8, ON_LAST, true, true },
	{ "odc", "odc", TIME_OCT11, ON_EACH, true, true },
	/* "sockets and fifos cannot be represented in the binary cpio" */
	{ "bin", "bin", TIME_HEX8, ON_EACH, true, false },
	{ "ustar", "ustar", TIME_OCT11, ON_FIRST, true, true },
	{ "pax", "paxr", 0, ON_FIRST, false, true },
	{ "gnutar", "gnutar", TIME_OCT11, ON_FIRST, true, true },
	{ "mtree", "mtree", 0, ON_EACH, false, true },
};

/*
 * The most bytes a file's contents may have: what a newc header's size
 * field (8 hex digits) says, the format of an initramfs; the same bound
 * in every format.
 */
#define CONTENT_MAX 0xffffffffu

static const struct archive_format *
find_format(const char *name)
{
	for (size_t i = 0; i < sizeof(formats) / sizeof(formats[0]); i++)
		if (strcmp(formats[i].name, name) == 0)
			return &formats[i];
	return NULL;
}

bool
target_archive_format_known(const char *format)
{
	assert(format != NULL);
	return find_format(format) != NULL;
}

static bool
ends_with(const char *s, size_t len, const char *suffix)
{
	size_t n = strlen(suffix);

	return len >= n && memcmp(s + len - n, suffix, n) == 0;
}

/*
 * Compression, from the name's last suffix: libarchive's filter name
 * ("xz" is la_sink.c's), an option that keeps the time of the run out
 * of the bytes (gzip's header has a date), and for a compression the
 * kernel can unpack but not from what libarchive 3.6 writes, why it is
 * refused.
 */
struct archive_filter {
	char suffix[8];
	char name[8];
	char options[24];	/* archive_write_set_options; "": none */
	char refused[160];	/* "": written */
};

static const struct archive_filter filters[] = {
	{ ".gz", "gzip", "gzip:!timestamp", "" },
	{ ".xz", "xz", "", "" },
	{ ".zst", "zstd", "", "" },
	{ ".bz2", "bzip2", "", "" },
	{ ".lzma", "lzma", "", "" },
	{ ".lz4", "lz4", "", "libarchive writes lz4's frame format, and "
	    "the kernel unpacks only the legacy one (lz4 -l)" },
	{ ".lzo", "lzop", "", "libarchive built without liblzo2 (as "
	    "Debian's is) runs the lzop program found in PATH, which puts "
	    "the time of the run in its header" },
};

const char target_archive_compressions[] = ".gz, .xz, .zst, .bz2 or .lzma";

static const struct archive_filter *
find_filter(const char *name)
{
	for (size_t i = 0; name != NULL && i < sizeof(filters) /
	    sizeof(filters[0]); i++)
		if (strcmp(filters[i].name, name) == 0)
			return &filters[i];
	return NULL;
}

const char *
target_archive_filter_refused(const char *filter)
{
	const struct archive_filter *f = find_filter(filter);

	return f != NULL && f->refused[0] != '\0' ? f->refused : NULL;
}

int
target_archive_guess(const char *file, const char **format,
    const char **filter)
{
	static const char kinds[][2][8] = { { ".cpio", "newc" },
	    { ".tar", "pax" }, { ".mtree", "mtree" } };
	size_t len;

	assert(file != NULL && format != NULL && filter != NULL);
	len = strlen(file);
	*filter = NULL;
	if (ends_with(file, len, ".tgz")) {
		*filter = "gzip";
		*format = "pax";
		return 0;
	}
	for (size_t i = 0; i < sizeof(filters) / sizeof(filters[0]); i++)
		if (ends_with(file, len, filters[i].suffix)) {
			*filter = filters[i].name;
			len -= strlen(filters[i].suffix);
			break;
		}
	for (size_t i = 0; i < sizeof(kinds) / sizeof(kinds[0]); i++)
		if (ends_with(file, len, kinds[i][0])) {
			*format = kinds[i][1];
			return 0;
		}
	return -1;
}

/*
 * A file with hard links, met by one of its names: its key (the line's
 * first name), the inode all its names share, how many were written, and
 * the first written's name in the archive (a tar hard link's target).
 */
struct file_links {
	char *key;
	unsigned long ino;
	unsigned written;
	char *first;
};

struct archive_target {
	struct target t;	/* first: the interface */
	struct archive *a;
	struct archive_entry *ae;
	const struct archive_format *format;
	long long mtime;
	unsigned long ino;
	size_t failed;		/* entries libarchive refused */
	bool closed;		/* finish closed the writer, either way */
	struct dt_diag why;	/* why it stopped (t.stopped) or failed */
	struct outfile out;
	struct la_sink sink;
	struct file_links *links;
	size_t nlinks;
	const char *content;	/* the file being copied, for messages */
	struct dt_diag err;	/* why a file's entry failed (res->reason) */
	char name[PATH_MAX + 1];
	unsigned char buf[65536];	/* a file's contents, read */
};

/* Whether st, the file named content, may be an entry's contents. */
static int
content_ok(const char *content, const struct stat *st, struct dt_diag *d)
{
	char q[DT_QUOTE_SIZE];

	if (!S_ISREG(st->st_mode))
		return dt_error(d, "'%s' is not a regular file", dt_quote(q,
		    sizeof(q), content, strlen(content)));
	if ((unsigned long long)st->st_size > CONTENT_MAX)
		return dt_error(d, "'%s' has %lld bytes, more than an archive "
		    "entry's contents may (%u, 4 GiB - 1)", dt_quote(q,
		    sizeof(q), content, strlen(content)),
		    (long long)st->st_size, CONTENT_MAX);
	return 0;
}

int
target_archive_fits(const char *format, const struct entry *e,
    struct dt_diag *d)
{
	const struct archive_format *f;
	struct dt_layout l;
	struct stat st;
	char q[DT_QUOTE_SIZE];
	uint64_t v;

	assert(format != NULL && e != NULL);
	f = find_format(format);
	if (f == NULL)
		return 0;
	if (e->content != NULL) {	/* followed, as gen_init_cpio opens it */
		if (stat(e->content, &st) != 0)
			return dt_error(d, "'%s': %s", dt_quote(q, sizeof(q),
			    e->content, strlen(e->content)), strerror(errno));
		return content_ok(e->content, &st, d);
	}
	if (!f->fifos && e->type == 'p')
		return dt_error(d, "%s cannot hold a FIFO (libarchive's %s "
		    "writer refuses it)", f->name, f->name);
	if (!f->limited || !entry_has_numbers(e))
		return 0;
	if (dt_check_lookup(f->name, &l, d) != DT_OK ||
	    dt_encode(&l, e->major, e->minor, &v, d) != DT_OK)
		return -1;
	return 0;
}

int
target_archive_time_fits(const char *format, long long mtime,
    struct dt_diag *d)
{
	const struct archive_format *f;
	struct tm tm;
	time_t t;
	char when[64];

	assert(format != NULL);
	f = find_format(format);
	if (f == NULL || f->max_time == 0 || mtime <= f->max_time)
		return 0;
	t = (time_t)f->max_time;
	if (gmtime_r(&t, &tm) == NULL ||
	    strftime(when, sizeof(when), "%Y-%m-%d %H:%M:%S UTC", &tm) == 0)
		return dt_error(d, "%s holds times up to %lld", f->name,
		    f->max_time);
	return dt_error(d, "%s holds times up to %lld (%s)", f->name,
	    f->max_time, when);
}

static void
set_entry(struct archive_target *at, const struct entry *e)
{
	struct archive_entry *ae = at->ae;
	const struct entry_type *t = entry_type_of(e->type);

	la_archive_entry_clear(ae);
	/* as gen_init_cpio and bsdtar write them: no leading slash */
	snprintf(at->name, sizeof(at->name), "%s",
	    strcmp(e->path, "/") == 0 ? "." : e->path + 1);
	la_archive_entry_copy_pathname(ae, at->name);
	la_archive_entry_set_filetype(ae, t->ifmt);
	/*
	 * A link's mode is not its own (symlink(7)): 0777, lrwxrwxrwx, as
	 * the kernel, gen_init_cpio and bsdtar write it, whatever the entry
	 * says (make's links carry no mode at all).
	 */
	la_archive_entry_set_perm(ae, t->ifmt == S_IFLNK ? 0777 : e->mode);
	la_archive_entry_set_uid(ae, e->uid_set ? e->uid : 0);
	la_archive_entry_set_gid(ae, e->gid_set ? e->gid : 0);
	la_archive_entry_set_mtime(ae, at->mtime, 0);
	la_archive_entry_set_nlink(ae, t->ifmt == S_IFDIR ? 2 : 1);
	la_archive_entry_set_ino(ae, (la_int64_t)++at->ino);
	la_archive_entry_set_size(ae, 0);	/* cpio: "Size required" */
	if (t->numbers) {
		la_archive_entry_set_rdevmajor(ae, (dev_t)e->major);
		la_archive_entry_set_rdevminor(ae, (dev_t)e->minor);
	}
	if (e->target != NULL)
		la_archive_entry_copy_symlink(ae, e->target);
}

/*
 * Unpacked, an archive's file entry replaces the file: a line that gives
 * the mode and owner of a file that exists, not its contents, would
 * empty it.  Said in no dialect's words: makedevs, tmpfiles, mtree and
 * json each spell such a line their own way.
 */
const char *
target_archive_not_written(const struct entry *e)
{
	assert(e != NULL);
	if (e->type == 'f' && e->content == NULL)
		return "not written: its line sets the mode and owner of a "
		    "file that exists, not its contents, which an archive "
		    "entry would replace with nothing";
	if (e->recursive)
		return "not written: an r line changes a whole existing tree, "
		    "which an archive cannot say";
	if (e->existing)
		return "not written: an l line without a target sets the owner "
		    "of a link that exists, which an archive cannot say";
	return NULL;
}

/* The record of e's file, for a name of a file with hard links. */
static struct file_links *
links_of(struct archive_target *at, const struct entry *e)
{
	const char *key = e->link_first != NULL ? e->link_first : e->path;
	struct file_links *l;

	for (size_t i = 0; i < at->nlinks; i++)
		if (strcmp(at->links[i].key, key) == 0)
			return &at->links[i];
	l = reallocarray(at->links, at->nlinks + 1, sizeof(*l));
	if (l == NULL)
		return NULL;
	at->links = l;
	l = &at->links[at->nlinks];
	*l = (struct file_links){ .key = strdup(key), .ino = ++at->ino };
	if (l->key == NULL)
		return NULL;
	at->nlinks++;
	return l;
}

static void
close_fd(int fd)
{
	if (fd >= 0)
		close(fd);
}

/* "'NAME'" and what, the name quoted, as why a file's entry failed. */
static void
say_content(struct archive_target *at, const char *content, const char *what)
{
	char q[DT_QUOTE_SIZE];

	dt_say(&at->err, "'%s'%s", dt_quote(q, sizeof(q), content,
	    strlen(content)), what);
}

/*
 * The bytes of fd, size of them, into the archive after its header: -1
 * with why in at->err (the file changed while read, or could not be
 * read; the output failed: at->why too, and stopped).
 */
static int
copy_content(struct archive_target *at, int fd, off_t size)
{
	ssize_t got;
	off_t left = size;

	while ((got = read(fd, at->buf, left < (off_t)sizeof(at->buf) ?
	    (size_t)left + 1 : sizeof(at->buf))) > 0 && left > 0) {
		if (got > left)
			break;
		if (la_archive_write_data(at->a, at->buf, (size_t)got) !=
		    got) {
			dt_say(&at->err, "%s", la_archive_error_string(at->a));
			dt_say(&at->why, "%s", at->err.msg);
			at->t.stopped = true;
			return -1;
		}
		left -= got;
	}
	if (got < 0) {
		char why[128];

		snprintf(why, sizeof(why), ": %s", strerror(errno));
		say_content(at, at->content, why);
	} else if (left != 0 || got > 0)
		say_content(at, at->content, " changed size while it was read");
	else
		return 0;
	return -1;
}

/*
 * A file with its contents: opened (not waiting on a FIFO), checked as
 * the plan was, its size in the header; where its hard links are, the
 * inode of its first name and, as the format says, a tar hard link or
 * no contents.  1 to write the contents from *fd, 0 for a header alone,
 * -1 with why in at->err.
 */
static int
set_file(struct archive_target *at, const struct entry *e, int *fd,
    off_t *size)
{
	struct file_links *l = NULL;
	struct stat st;
	bool data = true;

	*fd = -1;
	*size = 0;
	if (e->nlink > 1) {
		at->ino--;	/* set_entry's: the file has its own */
		if ((l = links_of(at, e)) == NULL)
			return dt_error(&at->err, "out of memory");
		la_archive_entry_set_ino(at->ae, (la_int64_t)l->ino);
		la_archive_entry_set_nlink(at->ae, e->nlink);
		l->written++;
		data = at->format->links == ON_EACH ||
		    (at->format->links == ON_LAST && l->written >= e->nlink) ||
		    (at->format->links == ON_FIRST && l->first == NULL);
		if (at->format->links == ON_FIRST && l->first != NULL)
			la_archive_entry_copy_hardlink(at->ae, l->first);
		if (l->first == NULL && (l->first = strdup(at->name)) == NULL)
			return dt_error(&at->err, "out of memory");
	}
	if (!data)
		return 0;
	at->content = e->content;
	if ((*fd = open(e->content, O_RDONLY | O_CLOEXEC | O_NOCTTY |
	    O_NONBLOCK)) < 0 || fstat(*fd, &st) != 0) {
		char why[128];

		snprintf(why, sizeof(why), ": %s", strerror(errno));
		say_content(at, e->content, why);
		return -1;
	}
	if (content_ok(e->content, &st, &at->err) != 0)
		return -1;
	*size = st.st_size;
	la_archive_entry_set_size(at->ae, (la_int64_t)st.st_size);
	return 1;
}

static enum node_outcome
at_put(struct target *t, const struct entry *e, struct node_result *res)
{
	struct archive_target *at = (struct archive_target *)t;
	int rc, contents = 0, fd = -1;
	off_t size = 0;

	/* one node, ranges expanded (target.h); none once it stopped */
	assert(t != NULL && e != NULL && res != NULL && !t->stopped);
	assert(e->count == 0 && e->path != NULL && e->path[0] == '/');
	memset(res, 0, sizeof(*res));
	if ((res->reason = target_archive_not_written(e)) != NULL)
		return res->outcome = NODE_SKIPPED;
	res->outcome = NODE_FAILED;
	set_entry(at, e);
	if (e->content != NULL &&
	    (contents = set_file(at, e, &fd, &size)) < 0) {
		close_fd(fd);
		res->reason = at->err.msg;
		at->failed++;
		return NODE_FAILED;
	}
	rc = la_archive_write_header(at->a, at->ae);
	if (rc >= ARCHIVE_WARN && (contents == 0 ||
	    copy_content(at, fd, size) == 0)) {
		close_fd(fd);
		return res->outcome = NODE_CREATED;
	}
	close_fd(fd);
	if (rc < ARCHIVE_WARN)
		dt_say(&at->err, "%s", la_archive_error_string(at->a));
	res->reason = at->err.msg;
	if (rc == ARCHIVE_FATAL) {	/* the output failed: finish says it */
		dt_say(&at->why, "%s", at->err.msg);
		t->stopped = true;
	} else if (!t->stopped)
		at->failed++;
	return NODE_FAILED;
}

/* Closes the archive if it is complete; false with why in at->why. */
static bool
complete(struct archive_target *at)
{
	if (at->t.stopped)
		return false;
	if (at->failed > 0) {
		dt_say(&at->why, "%zu entr%s failed", at->failed,
		    at->failed == 1 ? "y" : "ies");
		return false;
	}
	return la_sink_close(at->a, &at->sink, &at->why) == 0;
}

/* A complete archive replaces the file; anything less leaves it. */
static int
at_finish(struct target *t, struct dt_diag *d)
{
	struct archive_target *at = (struct archive_target *)t;

	assert(t != NULL);
	at->closed = true;	/* by complete's la_sink_close, or here */
	if (complete(at) && outfile_commit(&at->out, &at->why) == 0)
		return 0;
	la_sink_abandon(at->a, &at->sink);	/* no trailer after a failure */
	return dt_error(d, "%s; %s", at->why.msg, outfile_through(&at->out) ?
	    "what was written is incomplete" : "left as it was");
}

static void
at_free(struct target *t)
{
	struct archive_target *at = (struct archive_target *)t;

	assert(t != NULL);
	for (size_t i = 0; i < at->nlinks; i++) {
		free(at->links[i].key);
		free(at->links[i].first);
	}
	free(at->links);
	la_archive_entry_free(at->ae);
	if (at->a != NULL && !at->closed)	/* never finished: no trailer */
		la_sink_abandon(at->a, &at->sink);
	la_archive_write_free(at->a);
	la_sink_end(&at->sink);
	outfile_close(&at->out);
	free(at);
}

/* The writer, its format, filter and output; -1 with why in d. */
static int
open_writer(struct archive_target *at, const struct archive_opts *o,
    struct dt_diag *d)
{
	struct archive *a = at->a;
	/* libarchive's own xz filter writes CRC64: la_sink.c's does CRC32 */
	bool xz = o->filter != NULL && strcmp(o->filter, "xz") == 0;
	const struct archive_filter *f = find_filter(o->filter);

	if (la_archive_write_set_format_by_name(a, at->format->la_name) !=
	    ARCHIVE_OK || (o->filter != NULL && !xz &&
	    la_archive_write_add_filter_by_name(a, o->filter) != ARCHIVE_OK) ||
	    (f != NULL && f->options[0] != '\0' &&
	    la_archive_write_set_options(a, f->options) != ARCHIVE_OK))
		return dt_error(d, "%s", la_archive_error_string(a));
	/* cpio and tar pad to 512 or 10240 bytes; a spec is text */
	if (strcmp(o->format, "mtree") == 0)
		la_archive_write_set_bytes_per_block(a, 0);
	if (strcmp(o->file, "-") == 0)
		outfile_stdout(&at->out);
	else if (outfile_open(&at->out, o->file, o->faker, d) != 0)
		return -1;
	at->sink.fd = at->out.fd;
	at->sink.xz = xz;
	at->sink.compressed = o->filter != NULL;
	return la_sink_open(a, &at->sink, d);
}

struct target *
target_archive_new(const struct archive_opts *o, struct dt_diag *d)
{
	struct archive_target *at;
	const char *refused;

	assert(o != NULL && o->file != NULL && o->format != NULL);
	if (la_load(d) != 0)
		return NULL;
	if ((at = calloc(1, sizeof(*at))) == NULL) {
		dt_say(d, "out of memory");
		return NULL;
	}
	at->t = (struct target){ .name = "archive", .put = at_put,
	    .finish = at_finish, .free = at_free };
	at->mtime = o->mtime;
	at->out.fd = at->out.dirfd = -1;
	if ((at->format = find_format(o->format)) == NULL) {
		dt_say(d, "unknown archive format '%s' (valid: %s)", o->format,
		    target_archive_formats);
		free(at);
		return NULL;
	}
	if ((refused = target_archive_filter_refused(o->filter)) != NULL) {
		dt_say(d, "%s: %s", o->filter, refused);
		free(at);
		return NULL;
	}
	at->a = la_archive_write_new();
	at->ae = la_archive_entry_new();
	if (at->a == NULL || at->ae == NULL || open_writer(at, o, d) != 0) {
		if (at->a == NULL || at->ae == NULL)
			dt_say(d, "out of memory");
		at_free(&at->t);
		return NULL;
	}
	return &at->t;
}
