/*
 * report.c - printing node.c's events and failures.  See report.h.
 */
#include <sys/stat.h>

#include <errno.h>
#include <limits.h>
#include <string.h>
#include <unistd.h>

#include <linux/capability.h>
#include <sys/syscall.h>

#include "cli/cli.h"
#include "cli/env.h"
#include "cli/report.h"
#include "base/text.h"
#include "entry/pack.h"
#include "entry/validate.h"

#define CAUSE_PATHS REPORT_CAUSE_PATHS
#define CAUSE_OWNERS REPORT_CAUSE_OWNERS
#define CAUSE_TEXTS REPORT_CAUSE_TEXTS

static void say(void *ctx, const struct node_event *e);

void
report_init(struct report *r, bool relative)
{
	memset(r, 0, sizeof(*r));
	r->relative = relative;
	r->events = (struct node_events){ say, r };
}

const char *
report_path(const struct report *r, const char *path)
{
	if (!r->relative || path[0] != '/')
		return path;
	return path[1] != '\0' ? path + 1 : ".";
}

/*
 * -v and -n: one line on stdout per action, "would create" before it in
 * a dry run, "created" after it otherwise; a directory made is said so
 * whether -p made it or a d line did, so a dry run reads as the real one.
 */
static void
say(void *ctx, const struct node_event *e)
{
	const struct report *r = ctx;
	/* NODE_FAILED is never an event; named all the same */
	static const char past[NODE_REMOVED + 1][12] = {
		[NODE_CREATED] = "created", [NODE_REPLACED] = "replaced",
		[NODE_CORRECTED] = "corrected", [NODE_UNCHANGED] = "kept",
		[NODE_SKIPPED] = "skipped",
		[NODE_FAILED] = "failed", [NODE_REMOVED] = "removed",
	};
	static const char future[NODE_REMOVED + 1][12] = {
		[NODE_CREATED] = "create", [NODE_REPLACED] = "replace",
		[NODE_CORRECTED] = "correct", [NODE_UNCHANGED] = "keep",
		[NODE_SKIPPED] = "skip",
		[NODE_FAILED] = "fail", [NODE_REMOVED] = "remove",
	};
	const char *dir = S_ISDIR(e->want->type) && (e->outcome ==
	    NODE_CREATED || e->outcome == NODE_REMOVED) ? " directory" : "";
	char what[PATH_MAX + 96];	/* a link's target is a path */

	node_describe(what, sizeof(what), e->want);
	if (e->dry)
		cli_say("would %s%s %s (%s)", future[e->outcome], dir,
		    report_path(r, e->path), what);
	else
		cli_say("%s%s %s (%s)", past[e->outcome], dir,
		    report_path(r, e->path), what);
}

/*
 * The slot of message why, or NULL when all are taken by others: a
 * table of 100,000 lines that all fail the same way gives four lines.
 */
static struct report_text *
text_cause(struct report *r, const char *why)
{
	for (size_t i = 0; i < CAUSE_TEXTS; i++) {
		struct report_text *t = &r->texts[i];

		if (t->said == 0) {
			snprintf(t->why, sizeof(t->why), "%s", why);
			return t;
		}
		if (strcmp(t->why, why) == 0)
			return t;
	}
	return NULL;
}

static void
cause_add(struct report_cause *c, const char *path)
{
	if (c->n < CAUSE_PATHS)
		cli_quote(c->first[c->n], path);
	c->n++;
}

/* "/dev/null, /dev/zero, /dev/tty and 49 more" */
static void
cause_paths(const struct report_cause *c, char *buf, size_t len)
{
	size_t used = 0;

	buf[0] = '\0';
	for (unsigned long i = 0; i < c->n && i < CAUSE_PATHS; i++)
		used += (size_t)snprintf(buf + used, len - used, "%s%s",
		    i == 0 ? "" : i + 1 == c->n ? " and " : ", ",
		    c->first[i]);
	if (c->n > CAUSE_PATHS && used < len)
		snprintf(buf + used, len - used, " and %lu more",
		    c->n - CAUSE_PATHS);
}

/*
 * Whether capability cap is in this process's effective set, by capget(2)
 * itself: libcap is loaded only for file capabilities (base/libcap.h).
 * Where capget fails, whether devtool runs as root.
 */
static bool
has_cap(unsigned cap)
{
	struct __user_cap_header_struct h = {
		.version = _LINUX_CAPABILITY_VERSION_3,
	};
	struct __user_cap_data_struct data[_LINUX_CAPABILITY_U32S_3];

	if (syscall(SYS_capget, &h, data) != 0)
		return geteuid() == 0;
	return data[cap / 32].effective >> cap % 32 & 1;
}

/* Whether this process may give files away (CAP_CHOWN in effect). */
static bool
may_chown(void)
{
	return has_cap(CAP_CHOWN);
}

/* The chown cause of owner uid:gid, or NULL when there are too many. */
static struct report_cause *
chown_cause(struct report *r, long uid, long gid)
{
	for (size_t i = 0; i < CAUSE_OWNERS; i++) {
		struct report_cause *c = &r->no_chown[i];

		if (c->n == 0) {
			c->uid = uid;
			c->gid = gid;
		}
		if (c->uid == uid && c->gid == gid)
			return c;
	}
	return NULL;
}

void
report_failure(struct report *r, const char *path,
    const struct node_result *res)
{
	report_failure_owned(r, path, res, -1, -1);
}

void
report_failure_owned(struct report *r, const char *path,
    const struct node_result *res, long uid, long gid)
{
	struct report_text *tc;
	struct report_cause *c;

	path = report_path(r, path);
	if (res->no_mknod) {
		cause_add(&r->no_mknod, path);
		return;
	}
	if (res->error == EPERM && res->reason == NULL &&
	    (uid >= 0 || gid >= 0) && !may_chown() &&
	    (c = chown_cause(r, uid, gid)) != NULL) {
		cause_add(c, path);
		return;
	}
	errno = res->error;
	tc = text_cause(r, res->reason != NULL ? res->reason :
	    strerror(res->error));
	if (tc != NULL && tc->said >= CAUSE_PATHS) {
		cause_add(&tc->more, path);
		return;
	}
	if (tc != NULL)
		tc->said++;
	cli_path_error(path, res->reason);
}

bool
report_stops(const struct node_result *res)
{
	switch (res->error) {
	case ENOSPC: case EDQUOT: case EROFS: case EIO:
		return true;
	}
	return false;
}

void
report_stop(const struct report *r, const char *path,
    const struct node_result *res, size_t left)
{
	char q[DT_QUOTE_SIZE];

	cli_error("%s: %s; stopped: %zu entr%s not attempted", cli_quote(q,
	    report_path(r, path)), res->reason != NULL ? res->reason :
	    strerror(res->error), left, left == 1 ? "y" : "ies");
}

/* "0:0", "0:-" (the group not asked for) */
static void
owner_text(char *buf, size_t len, long uid, long gid)
{
	char u[24] = "-", g[24] = "-";

	if (uid >= 0)
		snprintf(u, sizeof(u), "%ld", uid);
	if (gid >= 0)
		snprintf(g, sizeof(g), "%ld", gid);
	snprintf(buf, len, "%s:%s", u, g);
}

void
report_hints(struct report *r)
{
	struct report_text *texts = r->texts;
	struct report_cause *no_mknod = &r->no_mknod,
	    *no_chown = r->no_chown;
	char paths[4 * DT_QUOTE_SIZE], owner[64];

	for (size_t i = 0; i < CAUSE_TEXTS; i++) {
		if (texts[i].more.n == 0)
			continue;
		cause_paths(&texts[i].more, paths, sizeof(paths));
		cli_error("%lu more entr%s failed: %s: %s", texts[i].more.n,
		    texts[i].more.n == 1 ? "y" : "ies", texts[i].why, paths);
	}
	memset(r->texts, 0, sizeof(r->texts));
	if (no_mknod->n > 0) {
		cause_paths(no_mknod, paths, sizeof(paths));
		cli_error("%lu device node%s not created, for want of "
		    "CAP_MKNOD: %s", no_mknod->n, no_mknod->n == 1 ? "" : "s",
		    paths);
	}
	for (size_t i = 0; i < CAUSE_OWNERS; i++) {
		if (no_chown[i].n == 0)
			continue;
		cause_paths(&no_chown[i], paths, sizeof(paths));
		owner_text(owner, sizeof(owner), no_chown[i].uid,
		    no_chown[i].gid);
		cli_error("%lu entr%s not made: cannot chown to %s without "
		    "CAP_CHOWN: %s", no_chown[i].n, no_chown[i].n == 1 ? "y" :
		    "ies", owner, paths);
	}
	if (no_mknod->n > 0 || no_chown[0].n > 0)
		cli_error("%s", REPORT_WAYS_OUT);
	memset(&r->no_mknod, 0, sizeof(r->no_mknod));
	memset(r->no_chown, 0, sizeof(r->no_chown));
}

bool
report_unprivileged(bool *mknod_ok, bool *chown_ok)
{
	*chown_ok = may_chown();
	*mknod_ok = has_cap(CAP_MKNOD);
	return !*mknod_ok || !*chown_ok;
}

void
report_ignored(const struct report *r, const char *path,
    const struct node_result *res)
{
	char q[DT_QUOTE_SIZE];

	cli_warn("%s: %s (ignored: its line has '-')", cli_quote(q,
	    report_path(r, path)),
	    res->reason != NULL ? res->reason : strerror(res->error));
}

void
report_skipped(const struct report *r, const char *path,
    const struct node_result *res)
{
	char q[DT_QUOTE_SIZE];

	cli_warn("%s: %s", cli_quote(q, report_path(r, path)), res->reason);
}

void
report_nodev(const struct report *r, const char *path,
    const struct node_result *res)
{
	char q[DT_QUOTE_SIZE], m[DT_QUOTE_SIZE];

	if (res->nodev != NULL)
		cli_warn("%s: on a mount with nodev (%s): no device node there "
		    "can be opened", cli_quote(q, report_path(r, path)),
		    cli_quote(m, res->nodev));
}

/* Up to three paths of what would fail, and the count. */
struct would_fail {
	unsigned long n, listed;
	char paths[3 * DT_QUOTE_SIZE + 32];
};

static void
would_fail_add(struct would_fail *w, const char *path, size_t count)
{
	char q[DT_QUOTE_SIZE];
	size_t used = strlen(w->paths);

	if (w->listed < 3) {
		snprintf(w->paths + used, sizeof(w->paths) - used, "%s%s",
		    w->listed == 0 ? "" : ", ", cli_quote(q, path));
		w->listed++;
	}
	w->n += count;
}

/* ": /dev/null, /dev/tty and 3 more" */
static const char *
would_fail_rest(const struct would_fail *w, char *buf, size_t len)
{
	buf[0] = '\0';
	if (w->n > w->listed)
		snprintf(buf, len, " and %lu more", w->n - w->listed);
	return buf;
}

/*
 * A dry run without the privilege the real one needs says up front what
 * would fail and why, before the "would create" lines: the device nodes
 * without CAP_MKNOD, the owners it cannot give without CAP_CHOWN.
 */
void
report_dry_run_notes(const struct report *r, const struct entry_pack *v)
{
	struct would_fail nodes = { 0 }, owners = { 0 };
	bool mknod_ok, chown_ok;
	char rest[32];

	if (env_faker() || !report_unprivileged(&mknod_ok, &chown_ok))
		return;
	for (size_t i = 0; i < v->n; i++) {
		struct entry one;
		const struct entry *e = &one;
		struct would_fail *w = NULL;

		entry_pack_get(v, i, &one);
		if (!mknod_ok && (e->type == 'c' || e->type == 'b'))
			w = &nodes;
		else if (!chown_ok && ((e->uid_set && e->uid != geteuid()) ||
		    (e->gid_set && e->gid != getegid())))
			w = &owners;
		if (w != NULL) {	/* a range counts each of its nodes */
			would_fail_add(w, report_path(r, e->path),
			    entry_expand_count(e));
		}
	}
	if (nodes.n > 0)
		cli_warn("without CAP_MKNOD, %lu device node%s would fail: %s%s",
		    nodes.n, nodes.n == 1 ? "" : "s", nodes.paths,
		    would_fail_rest(&nodes, rest, sizeof(rest)));
	if (owners.n > 0)
		cli_warn("without CAP_CHOWN, %lu entr%s would fail: cannot "
		    "chown to an owner not this user's: %s%s", owners.n,
		    owners.n == 1 ? "y" : "ies", owners.paths,
		    would_fail_rest(&owners, rest, sizeof(rest)));
	if (nodes.n > 0 || owners.n > 0)
		cli_warn("%s", REPORT_WAYS_OUT);
}
