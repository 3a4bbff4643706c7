/*
 * report.h - how the verbs that make nodes (mknod, apply) print what
 * node.c did: its events on stdout (-v, -n), its failures on stderr as
 * "devtool: PATH: why" (docs/DESIGN.md).
 */
#ifndef DEVTOOL_REPORT_H
#define DEVTOOL_REPORT_H

#include <stdbool.h>
#include <stddef.h>

#include "base/text.h"
#include "sys/node.h"

/*
 * Failures of one cause, said once at the end (report_hints) with their
 * count and the first paths, instead of a line each: a table of 52 lines
 * run without privilege gives two messages, not 52.
 */
#define REPORT_CAUSE_PATHS 3
#define REPORT_CAUSE_OWNERS 4
#define REPORT_CAUSE_TEXTS 8

struct report_cause {
	unsigned long n;
	char first[REPORT_CAUSE_PATHS][DT_QUOTE_SIZE];
	long uid, gid;		/* the owner that could not be given */
};

/*
 * One run's report (a verb's, on its stack): how it says paths, and the
 * failures it holds back until report_hints.
 */
struct report {
	bool relative;
	/* node_make's callback: each event as -v and -n describe it */
	struct node_events events;
	struct report_cause no_mknod;
	struct report_cause no_chown[REPORT_CAUSE_OWNERS];
	/*
	 * Any other cause (its message: the reason, or errno's text): its
	 * first REPORT_CAUSE_PATHS failures are said at once, those after
	 * them counted and said at the end in one line.
	 */
	struct report_text {
		char why[192];		/* as node_result's buf */
		unsigned long said;
		struct report_cause more;
	} texts[REPORT_CAUSE_TEXTS];
};

/*
 * Starts a run's report.  relative: how a path is said: as given
 * (false: apply, mknod: the path in the tree), or relative to the
 * directory made into, as MAKEDEV says it ("ttyS0", "net/tun": make
 * without --root; devtool(1), make).  Every message below says paths
 * through report_path.
 */
void report_init(struct report *r, bool relative);
const char *report_path(const struct report *r, const char *path);

/*
 * A failure: "devtool: PATH: why" at once, but for the failures of a
 * missing privilege, which report_hints says once per cause, with the
 * count and the first paths: mknod(2) refused for want of CAP_MKNOD, and
 * (report_failure_owned, the owner uid:gid asked for, -1 for none) a
 * chown refused for want of CAP_CHOWN.
 */
void report_failure(struct report *r, const char *path,
    const struct node_result *res);
void report_failure_owned(struct report *r, const char *path,
    const struct node_result *res, long uid, long gid);
/*
 * Whether a failure ends the run: no space or inodes left (ENOSPC), the
 * quota (EDQUOT), a read-only file system (EROFS), an I/O error (EIO) --
 * the entries after it cannot succeed either (devtool(1), DIAGNOSTICS).
 * report_stop says it, once, with the count of entries left undone.
 */
bool report_stops(const struct node_result *res);
void report_stop(const struct report *r, const char *path,
    const struct node_result *res, size_t left);
/* What to do instead, --archive first (devtool(1), PRIVILEGE). */
#define REPORT_WAYS_OUT "without privilege, write the entries into an " \
	"archive with --archive FILE, or run devtool under fakeroot(1); " \
	"with it, run devtool as root (outside a user namespace)"
/*
 * Whether this process lacks CAP_MKNOD or CAP_CHOWN (a dry run says up
 * front what would fail); each one's state in *mknod_ok, *chown_ok.
 */
bool report_unprivileged(bool *mknod_ok, bool *chown_ok);

struct entry_pack;
/*
 * A dry run without the privilege the real one needs says up front what
 * would fail of the plan v and why, before the "would create" lines.
 */
void report_dry_run_notes(const struct report *r, const struct entry_pack *v);
/*
 * At the end of a run: when a device node failed for want of CAP_MKNOD,
 * says once what is needed and the ways out (devtool(1), EXIT STATUS).
 */
void report_hints(struct report *r);
/*
 * Warns when res names a mount with nodev (node.h) that path's device
 * node is on: once per mount, for apply, make and mknod alike, in the
 * same words.
 */
void report_nodev(const struct report *r, const char *path,
    const struct node_result *res);
/* A failure of a tmpfiles '-' line: a warning (-q silences it). */
void report_ignored(const struct report *r, const char *path,
    const struct node_result *res);
/* An entry a target skipped, saying why (res->reason): a warning. */
void report_skipped(const struct report *r, const char *path,
    const struct node_result *res);

#endif
