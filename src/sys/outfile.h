/*
 * outfile.h - a file written whole, as apply --archive writes one (see
 * ARCHIVES and SECURITY in devtool(1)).  A regular file, or a name that
 * does not exist, is written to a temporary beside it, .dt-XXXXXX (short:
 * any name the file system takes works), renamed over it only when
 * complete; otherwise the temporary goes and the file stays as it was,
 * also on a fatal signal (sig.h) or an exit before the end.  A character
 * device or FIFO, or a symbolic link to one, is written through as it
 * goes, as tar does, never created, truncated or replaced.  Anything else (a directory, a
 * block device, a socket, a symbolic link to anything else) is refused.
 * One temporary at a time per process.
 */
#ifndef DEVTOOL_OUTFILE_H
#define DEVTOOL_OUTFILE_H

#include <sys/types.h>

#include <stdbool.h>

#include "base/diag.h"

struct outfile {
	int fd;			/* where the bytes go */
	int dirfd;		/* the temporary's directory, or -1 */
	const char *base;	/* the name it replaces there */
	dev_t dev;		/* the temporary's identity */
	ino_t ino;
	bool borrowed;		/* fd is standard output: not closed */
	char temp[16];		/* its name, or "" when there is none */
};

/*
 * Opens path (which must outlive o) as above: 0, or -1 with why in d,
 * a sentence that does not name path (the caller does).  As root (faker:
 * not under fakeroot or pseudo, which the caller finds out) the path is
 * resolved as root.h resolves one, each step checked, and a link at the
 * name is followed only by safe steps (SECURITY in devtool(1)): an unsafe
 * path transition is refused and the link left as it is.
 */
int outfile_open(struct outfile *o, const char *path, bool faker,
    struct dt_diag *d);
/* Standard output, written through. */
void outfile_stdout(struct outfile *o);
/* Whether it is written through: what is written cannot be taken back. */
bool outfile_through(const struct outfile *o);
/*
 * The end of a complete file: the temporary, synced, is renamed over the
 * name (unless that has become something else meanwhile).  0, or -1
 * with why in d; either way outfile_close must follow.
 */
int outfile_commit(struct outfile *o, struct dt_diag *d);
/* Removes the temporary if it is still there, and closes. */
void outfile_close(struct outfile *o);

#endif
