/*
 * report.h - how the verbs that make nodes (mknod, apply) print what
 * node.c did: its events on stdout (-v, -n), its failures on stderr as
 * "devtool: PATH: why" (docs/DESIGN.md).
 */
#ifndef DEVTOOL_REPORT_H
#define DEVTOOL_REPORT_H

#include <stdbool.h>
#include <stddef.h>

#include "sys/node.h"

/*
 * How a path is said: as given (apply, mknod: the path in the tree), or
 * after report_relative(true) relative to the directory made into, as
 * MAKEDEV says it ("ttyS0", "net/tun": make without --root; devtool(1),
 * make).  Every message below says paths through report_path.
 */
void report_relative(bool on);
const char *report_path(const char *path);

/* node_make's callback: prints each event as -v and -n describe it. */
extern const struct node_events report_events;

/*
 * A failure: "devtool: PATH: why" at once, but for the failures of a
 * missing privilege, which report_hints says once per cause, with the
 * count and the first paths: mknod(2) refused for want of CAP_MKNOD, and
 * (report_failure_owned, the owner uid:gid asked for, -1 for none) a
 * chown refused for want of CAP_CHOWN.
 */
void report_failure(const char *path, const struct node_result *res);
void report_failure_owned(const char *path, const struct node_result *res,
    long uid, long gid);
/*
 * Whether a failure ends the run: no space or inodes left (ENOSPC), the
 * quota (EDQUOT), a read-only file system (EROFS), an I/O error (EIO) --
 * the entries after it cannot succeed either (devtool(1), DIAGNOSTICS).
 * report_stop says it, once, with the count of entries left undone.
 */
bool report_stops(const struct node_result *res);
void report_stop(const char *path, const struct node_result *res,
    size_t left);
/* What to do instead, --archive first (devtool(1), PRIVILEGE). */
#define REPORT_WAYS_OUT "without privilege, write the entries into an " \
	"archive with --archive FILE, or run devtool under fakeroot(1); " \
	"with it, run devtool as root (outside a user namespace)"
/*
 * Whether this process lacks CAP_MKNOD or CAP_CHOWN (a dry run says up
 * front what would fail); each one's state in *mknod_ok, *chown_ok.
 */
bool report_unprivileged(bool *mknod_ok, bool *chown_ok);
/*
 * At the end of a run: when a device node failed for want of CAP_MKNOD,
 * says once what is needed and the ways out (devtool(1), EXIT STATUS).
 */
void report_hints(void);
/* A failure of a tmpfiles '-' line: a warning (-q silences it). */
void report_ignored(const char *path, const struct node_result *res);
/* An entry a target skipped, saying why (res->reason): a warning. */
void report_skipped(const char *path, const struct node_result *res);

#endif
