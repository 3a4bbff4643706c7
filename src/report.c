/*
 * report.c - printing node.c's events and failures.  See report.h.
 */
#include <sys/stat.h>

#include <errno.h>
#include <string.h>

#include "cli.h"
#include "report.h"
#include "text.h"

/*
 * -v and -n: one line on stdout per action, "would create" before it in
 * a dry run, "created" after it otherwise.
 */
static void
say(void *ctx, const struct node_event *e)
{
	static const char *const past[] = {
		[NODE_CREATED] = "created", [NODE_REPLACED] = "replaced",
		[NODE_CORRECTED] = "corrected", [NODE_UNCHANGED] = "kept",
		[NODE_SKIPPED] = "skipped",
	};
	char what[96];

	(void)ctx;
	node_describe(what, sizeof(what), e->want);
	if (e->dry)
		cli_say("would %s %s (%s)", e->verb, e->path, what);
	else
		cli_say("%s%s %s (%s)", past[e->outcome],
		    S_ISDIR(e->want->type) && e->outcome == NODE_CREATED ?
		    " directory" : "", e->path, what);
}

const struct node_events report_events = { say, NULL };

void
report_failure(const char *path, const struct node_result *res)
{
	errno = res->error;
	cli_path_error(path, res->reason);
}

void
report_ignored(const char *path, const struct node_result *res)
{
	char q[DT_QUOTE_SIZE];

	cli_warn("%s: %s (ignored: its line has '-')", cli_quote(q, path),
	    res->reason != NULL ? res->reason : strerror(res->error));
}
