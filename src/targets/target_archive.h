/*
 * target_archive.h - the archive target (target_archive.c) and what only
 * an archive has: its formats, compressions, limits and time.  The
 * interface every target shares is target.h's.
 */
#ifndef DEVTOOL_TARGET_ARCHIVE_H
#define DEVTOOL_TARGET_ARCHIVE_H

#include <stdbool.h>

#include "base/diag.h"
#include "entry/entry.h"
#include "targets/target.h"

/*
 * An archive written with libarchive (target_archive.c): format one of
 * target_archive_formats ("newc", "odc", "bin", "ustar", "pax", "gnutar",
 * "mtree"), file "-" for standard output, every entry's mtime as given
 * (SOURCE_DATE_EPOCH, or 0), compression as filter names ("gzip", "xz",
 * "zstd", "bzip2", "lzma", or NULL; target_archive_filter_refused says why
 * another is not written).  file is replaced only by a complete
 * archive, or written through (outfile.h).  NULL with the reason in d,
 * which does not name file.  finish fails when an entry failed, and
 * then says how many.
 */
struct archive_opts {
	const char *file;
	const char *format;
	const char *filter;
	long long mtime;
	bool faker;		/* under fakeroot or pseudo (outfile.h) */
};

extern const char target_archive_formats[];
/* The compressions written, for messages: ".gz, .xz, ... or .lzma". */
extern const char target_archive_compressions[];
/* Why filter is not written (a sentence), or NULL when it is. */
const char *target_archive_filter_refused(const char *filter);
bool target_archive_format_known(const char *format);
/*
 * Format and filter from a file name's suffixes; -1 when it says no
 * format.  The filter may be one target_archive_filter_refused refuses.
 */
int target_archive_guess(const char *file, const char **format,
    const char **filter);
/*
 * Whether format can hold mtime (seconds since the epoch) as its
 * entries' time: 0, or -1 with the latest it can in d ("FORMAT holds
 * times up to N (DATE)").
 */
int target_archive_time_fits(const char *format, long long mtime,
    struct dt_diag *d);
/* Whether format can hold e's numbers: 0, or -1 with the limit in d. */
int target_archive_fits(const char *format, const struct entry *e,
    struct dt_diag *d);
/*
 * Why an archive does not hold e (an f line, which only adjusts a file
 * that exists; a makedevs r line), or NULL when it does.  The target
 * skips such an entry, saying this.
 */
const char *target_archive_not_written(const struct entry *e);
struct target *target_archive_new(const struct archive_opts *o,
    struct dt_diag *d);

#endif
