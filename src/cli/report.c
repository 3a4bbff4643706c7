/*
 * report.c - printing node.c's events and failures.  See report.h.
 */
#include <sys/stat.h>

#include <errno.h>
#include <limits.h>
#include <string.h>

#include "cli/cli.h"
#include "cli/report.h"
#include "base/text.h"

/*
 * -v and -n: one line on stdout per action, "would create" before it in
 * a dry run, "created" after it otherwise; a directory made is said so
 * whether -p made it or a d line did, so a dry run reads as the real one.
 */
static void
say(void *ctx, const struct node_event *e)
{
	/* NODE_FAILED is never an event; named all the same */
	static const char *const past[NODE_REMOVED + 1] = {
		[NODE_CREATED] = "created", [NODE_REPLACED] = "replaced",
		[NODE_CORRECTED] = "corrected", [NODE_UNCHANGED] = "kept",
		[NODE_SKIPPED] = "skipped",
		[NODE_FAILED] = "failed", [NODE_REMOVED] = "removed",
	};
	static const char *const future[NODE_REMOVED + 1] = {
		[NODE_CREATED] = "create", [NODE_REPLACED] = "replace",
		[NODE_CORRECTED] = "correct", [NODE_UNCHANGED] = "keep",
		[NODE_SKIPPED] = "skip",
		[NODE_FAILED] = "fail", [NODE_REMOVED] = "remove",
	};
	const char *dir = S_ISDIR(e->want->type) && (e->outcome ==
	    NODE_CREATED || e->outcome == NODE_REMOVED) ? " directory" : "";
	char what[PATH_MAX + 96];	/* a link's target is a path */

	(void)ctx;
	node_describe(what, sizeof(what), e->want);
	if (e->dry)
		cli_say("would %s%s %s (%s)", future[e->outcome], dir, e->path,
		    what);
	else
		cli_say("%s%s %s (%s)", past[e->outcome], dir, e->path, what);
}

const struct node_events report_events = { say, NULL };

/* A device node failed for want of CAP_MKNOD: said once, at the end. */
static bool no_mknod;

void
report_failure(const char *path, const struct node_result *res)
{
	errno = res->error;
	cli_path_error(path, res->reason);
	no_mknod = no_mknod || res->no_mknod;
}

void
report_hints(void)
{
	if (no_mknod)
		cli_error("creating device nodes needs CAP_MKNOD: run devtool "
		    "as root (outside a user namespace), or under fakeroot(1) "
		    "to build an image's tree without privilege");
	no_mknod = false;
}

void
report_ignored(const char *path, const struct node_result *res)
{
	char q[DT_QUOTE_SIZE];

	cli_warn("%s: %s (ignored: its line has '-')", cli_quote(q, path),
	    res->reason != NULL ? res->reason : strerror(res->error));
}

void
report_skipped(const char *path, const struct node_result *res)
{
	char q[DT_QUOTE_SIZE];

	cli_warn("%s: %s", cli_quote(q, path), res->reason);
}
