/*
 * apply.h - apply's targets for entries made otherwise: make's (make.c).
 */
#ifndef DEVTOOL_APPLY_H
#define DEVTOOL_APPLY_H

#include "cli/report.h"
#include "entry/pack.h"
#include "sys/node.h"
#include "targets/target_archive.h"

/*
 * The entries, packed as a plan holds them (make's: valid, without
 * conflicts, each path once), into the tree under root_dir, or into the
 * archive o when o is not NULL (flags: node.h's); the exit status, the
 * summary said.  v is read, not copied; the caller frees it.  relative:
 * paths are said relative to the tree (report.h).
 */
int apply_entries(const struct entry_pack *v, const char *root_dir,
    const struct archive_opts *o, unsigned flags, bool relative);
/*
 * The checks of --archive FILE and --archive-format FORMAT into o, for
 * apply and make alike; excluded: the verb was given an option that
 * writes a tree (--root, -r, -n), which an archive refuses.
 */
int apply_check_archive(const char *name, const char *file,
    const char *format, bool excluded, struct archive_opts *o);

#endif
