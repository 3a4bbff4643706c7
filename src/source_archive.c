/*
 * source_archive.c - an archive as a source of entries: anything
 * libarchive reads (cpio, tar, iso9660, compressed), read once without
 * extracting, paths as from the archive's root.
 */
#include <sys/stat.h>

#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "la.h"
#include "path.h"
#include "source.h"

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

/* One header: an entry for the sink, or nothing (a file, not wanted). */
static void
one_header(struct archive_source *as, struct archive_entry *ae,
    const char *file, const struct entry_sink *sink)
{
	const struct entry_type *t = entry_type_of_mode(la_archive_entry_filetype(
	    ae));
	const char *name = la_archive_entry_pathname(ae);
	struct entry e = { .path = as->path, .mode_set = true,
	    .uid_set = true, .gid_set = true };
	struct dt_diag d;

	if (t == NULL || t->ifmt == S_IFREG || name == NULL ||
	    (t->ifmt == S_IFDIR && !as->dirs))
		return;
	if (entry_path(as, name, &d) != 0) {
		sink->problem(sink->ctx, file, 0, 0, d.msg);
		return;
	}
	if (!wanted(as, as->path))
		return;
	e.type = t->letter;
	e.mode = la_archive_entry_perm(ae) & 07777;
	e.uid = (uid_t)la_archive_entry_uid(ae);
	e.gid = (gid_t)la_archive_entry_gid(ae);
	if (t->numbers) {
		e.major = la_archive_entry_rdevmajor(ae);
		e.minor = la_archive_entry_rdevminor(ae);
	}
	if (t->ifmt == S_IFLNK)	/* NULL if it has none: validate says so */
		e.target = la_archive_entry_symlink(ae);
	if (table_validate(&e, &d) != 0) {
		sink->problem(sink->ctx, file, 0, 0, d.msg);
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
