/*
 * mknod.c - the mknod verb: one node, or a run of them (--count), with
 * the host's own encoding, an exact mode and owner, and safe replacement.
 */
#include <sys/stat.h>
#include <sys/sysmacros.h>

#include <fcntl.h>

#include <ctype.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "entry/attrs.h"
#include "cli/options.h"
#include "cli/env.h"
#include "codec/host.h"
#include "sys/node.h"
#include "sys/root.h"
#include "base/number.h"
#include "cli/owners.h"
#include "base/path.h"
#include "codec/procdev.h"
#include "cli/report.h"
#include "base/text.h"
#include "base/types.h"
#include "cli/verbs.h"

#define COUNT_MAX 1048576u	/* one driver's whole minor space */

struct mknod_opts {
	struct cli_layout_opts layout;	/* -f, --strict */
	char *mode, *owner, *group, *root, *users_from, *count, *start, *step;
	char *reference;
	int replace, parents, dry_run, verbose;
};

struct mknod_job {
	const char *path;
	struct dt_layout layout;	/* -f, for a VALUE */
	bool layout_given;		/* only then is one number a VALUE */
	struct node_want want;
	uint64_t major, minor;
	uint64_t count, start, step;
	bool range;
	bool keep_mode;		/* -r without -m or --reference */
	unsigned flags;
};

static int
parse_type(const char *text, mode_t *type)
{
	const struct entry_type *t = NULL;
	char q[DT_QUOTE_SIZE];

	if (strcmp(text, "u") == 0)	/* coreutils takes u for c */
		t = entry_type_of('c');
	else if (text[0] != '\0' && text[1] == '\0')
		t = entry_type_of(text[0]);
	if (t != NULL && (t->numbers || t->ifmt == S_IFIFO))
		*type = t->ifmt;
	else {
		cli_error("invalid type '%s': expected c, u, b or p",
		    cli_quote(q, text));
		return EXIT_USAGE;
	}
	return EXIT_OK;
}

/* Refuses, before any system call, what mknod(2) here cannot hold. */
static int
check_host(uint64_t ma, uint64_t mi)
{
	if (ma > DT_HOST_MAJOR_MAX) {
		cli_error("major %ju exceeds the running kernel's limit of %u "
		    "(Linux device numbers are 12-bit major, 20-bit minor)",
		    (uintmax_t)ma, DT_HOST_MAJOR_MAX);
		return EXIT_USAGE;
	}
	if (mi > DT_HOST_MINOR_MAX) {
		cli_error("minor %ju exceeds the running kernel's limit of %u "
		    "(Linux device numbers are 12-bit major, 20-bit minor)",
		    (uintmax_t)mi, DT_HOST_MINOR_MAX);
		return EXIT_USAGE;
	}
	return EXIT_OK;
}

/* MAJOR is a number or a driver name from /proc/devices. */
static int
parse_major(const char *text, mode_t type, uint64_t *ma)
{
	struct dt_diag d;
	unsigned long found;

	if (isdigit((unsigned char)text[0]) || text[0] == '\0' ||
	    text[0] == '-' || text[0] == '+' || isspace((unsigned char)text[0]))
		return cli_number(text, ma);
	switch (procdev_lookup(env_proc_devices(), S_ISBLK(type) ? 'b' : 'c',
	    text, &found, &d)) {
	case PROCDEV_FOUND:
		break;
	case PROCDEV_BAD_FILE:	/* a file that cannot be read (EXIT STATUS) */
		cli_error("%s", d.msg);
		return EXIT_FAILED;
	case PROCDEV_NO_DRIVER:	/* an unknown name */
		cli_error("%s", d.msg);
		return EXIT_USAGE;
	}
	*ma = found;
	return EXIT_OK;
}

/* A single VALUE, decoded under -f. */
static int
parse_value(const char *text, const struct dt_layout *l, uint64_t *ma,
    uint64_t *mi)
{
	struct dt_diag d;
	uint64_t v;
	int rc;

	if ((rc = cli_number(text, &v)) != EXIT_OK)
		return rc;
	switch (dt_decode(l, v, ma, mi, &d)) {
	case DT_OK:
		return EXIT_OK;
	case DT_NONCANONICAL:
		cli_warn("%s", d.msg);
		return EXIT_OK;
	default:
		cli_error("%s", d.msg);
		return EXIT_USAGE;
	}
}

/*
 * A lone number is a VALUE only under an explicit -f: as with mknod(1),
 * a forgotten MINOR must not become a node (300 is 1:44 under 16:16).
 */
static int
missing_minor(const char *major)
{
	char q[DT_QUOTE_SIZE];

	return cli_usage("devtool mknod", "missing MINOR after MAJOR '%s' (or "
	    "give -f LAYOUT to decode one VALUE)", cli_quote(q, major));
}

static int
parse_numbers(const char **args, int n, struct mknod_job *job)
{
	int rc;

	if (S_ISFIFO(job->want.type)) {
		if (n != 0)
			return cli_usage("devtool mknod", "a FIFO (p) takes no "
			    "device numbers");
		return EXIT_OK;
	}
	if (n == 1 && !job->layout_given)
		return missing_minor(args[0]);
	if (n == 1)
		rc = parse_value(args[0], &job->layout, &job->major,
		    &job->minor);
	else if (n == 2) {
		if ((rc = parse_major(args[0], job->want.type,
		    &job->major)) == EXIT_OK)
			rc = cli_number(args[1], &job->minor);
	} else
		return cli_usage("devtool mknod", "a %s device needs MAJOR "
		    "MINOR or one VALUE", S_ISBLK(job->want.type) ? "block" :
		    "character");
	return rc != EXIT_OK ? rc : check_host(job->major, job->minor);
}

/*
 * Refuses a PATH no node can have.  A name too long, last or not, is
 * said as apply says it (path_names_fit; the limits are PATH_MAX and
 * NAME_MAX, see devtool(1)).
 */
static int
check_path(const char *path)
{
	char q[DT_QUOTE_SIZE];
	struct dt_diag d;

	if (strlen(path) >= PATH_MAX)
		return cli_usage("devtool mknod", "path '%s' is too long (%zu "
		    "bytes, at most %d)", cli_quote(q, path), strlen(path),
		    PATH_MAX - 1);
	if (path_names_fit(path, &d) != 0)
		return cli_usage("devtool mknod", "%s", d.msg);
	if (!node_path_ok(path))
		return cli_usage("devtool mknod", "'%s' is not a path a node "
		    "can have", cli_quote(q, path));
	return EXIT_OK;
}

/* --count: the last name is the longest; refuse it before making any. */
static int
check_count_names(const struct mknod_job *job)
{
	const char *slash = strrchr(job->path, '/'), *name = slash ?
	    slash + 1 : job->path;
	char digits[24], q[DT_QUOTE_SIZE];
	size_t n;

	n = (size_t)snprintf(digits, sizeof(digits), "%ju",
	    (uintmax_t)(job->start + (job->count - 1)));
	if (strlen(name) + n > NAME_MAX)
		return cli_usage("devtool mknod", "range name '%s%s' is too "
		    "long (%zu bytes, at most %d)", cli_quote(q, name), digits,
		    strlen(name) + n, NAME_MAX);
	if (strlen(job->path) + n >= PATH_MAX)
		return cli_usage("devtool mknod", "range path '%s%s' is too "
		    "long (%zu bytes, at most %d)", cli_quote(q, job->path),
		    digits, strlen(job->path) + n, PATH_MAX - 1);
	return EXIT_OK;
}

static int
parse_count(const struct mknod_opts *o, struct mknod_job *job)
{
	struct dt_diag d;
	char q[DT_QUOTE_SIZE];
	uint64_t last;

	job->count = 1;
	job->step = 1;
	job->range = o->count != NULL;
	if (!job->range) {
		if (o->start != NULL || o->step != NULL)
			return cli_usage("devtool mknod", "--start and --step "
			    "go with --count");
		return EXIT_OK;
	}
	if (dt_parse_number(o->count, &job->count, &d) != DT_OK ||
	    job->count == 0 || job->count > COUNT_MAX)
		return cli_usage("devtool mknod", "--count '%s': want 1-%u",
		    cli_quote(q, o->count), COUNT_MAX);
	if (o->start != NULL && dt_parse_number(o->start, &job->start,
	    &d) != DT_OK) {
		cli_error("--start: %s", d.msg);
		return EXIT_USAGE;
	}
	if (o->step != NULL && dt_parse_in_range(o->step, "--step",
	    DT_HOST_MINOR_MAX, &job->step, &d) != DT_OK) {
		cli_error("%s", d.msg);
		return EXIT_USAGE;
	}
	last = job->minor + job->step * (job->count - 1);
	if (!S_ISFIFO(job->want.type) && last > DT_HOST_MINOR_MAX) {
		cli_error("--count %ju from minor %ju by %ju reaches minor %ju, "
		    "past the running kernel's limit of %u",
		    (uintmax_t)job->count, (uintmax_t)job->minor,
		    (uintmax_t)job->step, (uintmax_t)last, DT_HOST_MINOR_MAX);
		return EXIT_USAGE;
	}
	/* The names run from start to start + count - 1, which must fit. */
	if (job->start > UINT64_MAX - (job->count - 1))
		return cli_usage("devtool mknod", "--start '%s' is too large "
		    "for --count %ju", cli_quote(q, o->start),
		    (uintmax_t)job->count);
	return check_count_names(job);
}

/* -u and -g: names from the target's databases (owners.h). */
static int
parse_owner(const struct mknod_opts *o, struct node_want *w)
{
	const struct id_resolver *res;
	struct dt_diag d;
	uint32_t uid = w->uid, gid = w->gid;
	int rc = EXIT_OK;

	if (o->owner == NULL && o->group == NULL && o->users_from == NULL)
		return EXIT_OK;
	if ((res = owners_open(o->root, o->users_from)) == NULL)
		return EXIT_FAILED;
	if ((o->owner != NULL &&
	    attrs_owner(o->owner, res, false, &uid, &d) != 0) ||
	    (o->group != NULL &&
	    attrs_owner(o->group, res, true, &gid, &d) != 0)) {
		cli_error("%s", d.msg);
		rc = EXIT_USAGE;
	}
	w->uid = uid;
	w->gid = gid;
	owners_close(res);
	return rc;
}

static int
parse_attrs(const struct mknod_opts *o, mode_t old_umask,
    struct node_want *w)
{
	struct dt_diag d;

	w->perm = 0666 & ~old_umask;
	w->uid = NODE_ANY_UID;
	w->gid = NODE_ANY_GID;
	if (o->reference != NULL) {
		struct stat st;

		/* As chmod and chown --reference: a link is followed. */
		if (stat(o->reference, &st) != 0) {
			cli_arg_error("--reference", o->reference);
			return EXIT_FAILED;	/* a system call failed */
		}
		w->perm = st.st_mode & 07777;
		w->uid = st.st_uid;
		w->gid = st.st_gid;
	}
	if (o->mode != NULL && attrs_mode(o->mode, &w->perm, &d) != 0) {
		cli_error("%s", d.msg);
		return EXIT_USAGE;
	}
	return parse_owner(o, w);
}

/*
 * -r without -m or --reference: a node replaced or corrected keeps its
 * mode, as tmpfiles' c+ does; node.c keeps the mode of what is there
 * for NODE_ANY_PERM, and its owner and group when -u and -g are not
 * given.  Where nothing is, or what is there is no node nor FIFO (which
 * is not replaced), the new node gets 0666 & ~umask as without -r.
 * Not inlined: its parent of PATH_MAX would make make_nodes' frame, and
 * each page of it the stack-clash probes touch, that deep for every run.
 */
static __attribute__((noinline)) mode_t
perm_for(struct root *root, const char *path, mode_t perm)
{
	const char *slash = strrchr(path, '/');
	char parent[PATH_MAX];
	struct stat st;
	bool node;
	int fd;

	if (root_absent(root))
		return perm;
	if (slash == NULL)
		parent[0] = '\0';
	else
		snprintf(parent, sizeof(parent), "%.*s", slash == path ? 1 :
		    (int)(slash - path), path);
	if ((fd = root_opendir(root, parent)) < 0)
		return perm;
	node = fstatat(fd, slash != NULL ? slash + 1 : path, &st,
	    AT_SYMLINK_NOFOLLOW) == 0 && (S_ISCHR(st.st_mode) ||
	    S_ISBLK(st.st_mode) || S_ISFIFO(st.st_mode));
	close(fd);
	return node ? NODE_ANY_PERM : perm;
}

/* The nodes of job under root, which it closes. */
static int
make_nodes(struct mknod_job *job, struct root *root)
{
	struct node_result res;
	struct node_want want;
	struct report rep;
	/* --count's names, PATH_MAX: not a frame the stack probe walks */
	char *path = NULL;
	int status = EXIT_OK;

	if (job->range && (path = malloc(PATH_MAX)) == NULL)
		cli_fatal(NULL);
	if (node_begin(root, env_runtime_dir()) != 0)
		cli_fatal(NULL);
	report_init(&rep, false);
	for (uint64_t i = 0; i < job->count; i++) {
		const char *p = job->path;

		if (job->range) {	/* fits: see check_count_names */
			snprintf(path, PATH_MAX, "%s%ju", job->path,
			    (uintmax_t)(job->start + i));
			p = path;
		}
		want = job->want;
		want.rdev = makedev((unsigned)job->major,
		    (unsigned)(job->minor + i * job->step));
		if (job->keep_mode)
			want.perm = perm_for(root, p, want.perm);
		if (node_make(root, p, &want, job->flags,
		    &rep.events, &res) == NODE_FAILED) {
			report_failure_owned(&rep, p, &res, want.uid ==
			    NODE_ANY_UID ? -1 : (long)want.uid, want.gid ==
			    NODE_ANY_GID ? -1 : (long)want.gid);
			status = EXIT_FAILED;
		} else
			report_nodev(&rep, p, &res);
	}
	node_end(root, job->flags, &rep.events);
	root_close(root);
	free(path);
	if (cli_finish_output() != EXIT_OK)
		status = EXIT_FAILED;
	report_hints(&rep);
	return status;
}


#define OPT(field) VERB_OPT(struct mknod_opts, field)

static const struct verb_option mknod_table[] = {
	{ "mode", 'm', POPT_ARG_STRING, OPT(mode), 0,
	  "exact mode, octal or symbolic (default 0666 & ~umask)",
	  "MODE" },
	{ "reference", '\0', POPT_ARG_STRING, OPT(reference), 0,
	  "mode, owner and group of FILE (-m, -u, -g override)", "FILE" },
	{ "owner", 'u', POPT_ARG_STRING, OPT(owner), 0,
	  "owner, a name or a number", "OWNER" },
	{ "group", 'g', POPT_ARG_STRING, OPT(group), 0,
	  "group, a name or a number", "GROUP" },
	{ "replace", 'r', POPT_ARG_NONE, OPT(replace), 0,
	  "replace a different node or FIFO, correct a matching one; "
	  "without -m, -u, -g it keeps their old values",
	  "" },
	{ "parents", 'p', POPT_ARG_NONE, OPT(parents), 0,
	  "create missing parent directories (0755)", "" },
	OPTIONS_DRY_RUN(struct mknod_opts, dry_run),
	{ "verbose", 'v', POPT_ARG_NONE, OPT(verbose), 0,
	  "print each action", "" },
	{ "root", '\0', POPT_ARG_STRING, OPT(root), 0,
	  "resolve PATH inside DIR as if it were /", "DIR" },
	{ "users-from", '\0', POPT_ARG_STRING, OPT(users_from), 0,
	  "look -u and -g names up in DIR/etc/passwd and DIR/etc/group",
	  "DIR" },
	LAYOUT_OPTIONS_SAYING(struct mknod_opts, layout, "decode one VALUE "
	    "under LAYOUT (without -f, one number is a MAJOR missing its "
	    "MINOR)"),
	{ "count", '\0', POPT_ARG_STRING, OPT(count), 0,
	  "create N nodes PATH<S>... with minors MINOR, MINOR+I, ...",
	  "N" },
	{ "start", '\0', POPT_ARG_STRING, OPT(start), 0,
	  "first name suffix with --count (default 0)", "S" },
	{ "step", '\0', POPT_ARG_STRING, OPT(step), 0,
	  "minor increment with --count (default 1)", "I" },
	CLI_TABLE_END
};

const struct verb_options mknod_options = {
	.table = mknod_table, .size = sizeof(struct mknod_opts),
};

int
check_mknod(const struct verb_call *c)
{
	const struct mknod_opts *o = c->opts;
	const char *name = c->name;
	int rc;

	if ((rc = cli_option_path(name, "--root", o->root,
	    CLI_NAMES_DIR)) != EXIT_OK ||
	    (rc = cli_option_path(name, "--reference", o->reference,
	    CLI_NAMES_FILE)) != EXIT_OK)
		return rc;
	return cli_option_path(name, "--users-from", o->users_from,
	    CLI_NAMES_DIR);
}

/*
 * PATH TYPE [MAJOR MINOR | VALUE] and the options into job, and the root
 * opened into *root before the names of -u and -g are looked up in it: a
 * missing --root is said as such (exit 1), not as an unknown name.
 */
static int
parse_job(const struct mknod_opts *o, const struct verb_call *c,
    struct mknod_job *job, struct root **root)
{
	int rc;

	job->path = c->args[0];
	if ((rc = check_path(job->path)) != EXIT_OK)
		return rc;
	job->layout = c->layout;
	job->layout_given = c->layout_given;
	if ((rc = parse_type(c->args[1], &job->want.type)) != EXIT_OK ||
	    (rc = parse_numbers(c->args + 2, c->nargs - 2, job)) != EXIT_OK ||
	    (rc = parse_count(o, job)) != EXIT_OK)
		return rc;
	if ((*root = options_root(o->root)) == NULL)
		return EXIT_FAILED;
	/* A symbolic mode reads the umask (attrs.c); modes are then exact. */
	if ((rc = parse_attrs(o, umask(0), &job->want)) != EXIT_OK)
		return rc;
	job->keep_mode = o->replace && o->mode == NULL &&
	    o->reference == NULL;
	job->flags = (o->replace ? NODE_REPLACE : 0) |
	    (o->parents ? NODE_PARENTS : 0) |
	    (o->dry_run ? NODE_DRY_RUN : 0) |
	    (o->verbose ? NODE_VERBOSE : 0);
	return EXIT_OK;
}

int
cmd_mknod(const struct verb_call *c)
{
	struct mknod_job job = { 0 };
	struct root *root = NULL;
	int rc;

	if ((rc = parse_job(c->opts, c, &job, &root)) != EXIT_OK) {
		root_close(root);
		return rc;
	}
	return make_nodes(&job, root);
}
