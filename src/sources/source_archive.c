/*
 * source_archive.c - an archive as a source of entries: anything
 * libarchive reads (cpio, tar, iso9660, compressed), read once without
 * extracting, paths as from the archive's root.
 */
#include <sys/stat.h>

#include <inttypes.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>

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

	if (t == NULL || t->ifmt == S_IFREG || name == NULL ||
	    (t->ifmt == S_IFDIR && !as->dirs))
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
	sink->put(sink->ctx, &e);
}

static const char *
why(struct archive *a)
{
	const char *s = la_archive_error_string(a);

	return s != NULL ? s : "not an archive devtool can read";
}

static void
archive_read(struct source *s, const char *file,
    const struct entry_sink *sink)
{
	struct archive_source *as = (struct archive_source *)s;
	struct archive_entry *ae;
	struct archive *a;
	struct dt_diag d;
	int rc;

	if (la_load(&d) != 0) {
		sink->problem(sink->ctx, file, 0, 0, d.msg);
		return;
	}
	if ((a = la_archive_read_new()) == NULL) {
		sink->problem(sink->ctx, file, 0, 0, "out of memory");
		return;
	}
	la_archive_read_support_filter_all(a);
	la_archive_read_support_format_all(a);
	if ((strcmp(file, "-") == 0 ? la_archive_read_open_fd(a, 0, 65536) :
	    la_archive_read_open_filename(a, file, 65536)) != ARCHIVE_OK) {
		sink->problem(sink->ctx, file, 0, 0, why(a));
		la_archive_read_free(a);
		return;
	}
	while ((rc = la_archive_read_next_header(a, &ae)) == ARCHIVE_OK ||
	    rc == ARCHIVE_WARN)
		one_header(as, ae, file, sink);
	if (rc != ARCHIVE_EOF)
		sink->problem(sink->ctx, file, 0, 0, why(a));
	la_archive_read_free(a);
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

	if (as == NULL)
		return NULL;
	as->s = (struct source){ "archive", archive_read,
	    archive_source_free };
	as->paths = paths;
	as->dirs = dirs;
	return &as->s;
}
