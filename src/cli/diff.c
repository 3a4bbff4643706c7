/*
 * diff.c - the diff verb: two sources of entries, A and B, each a tree,
 * a device table, an archive or the kernel, read whole, sorted once by
 * path and walked side by side; each difference a line ("- PATH ..."
 * only in A, "+ PATH ..." only in B, "~ PATH FIELD OLD -> NEW"), a JSON
 * object, or, with -o, the table that turns A into B (devtool(1), diff).
 * It answers a question, so it exits as diff(1) does: 0 the same, 1
 * different, 2 trouble, and trouble is never read as an answer.  The
 * sides, named and read, are diff_sides.c (diff_impl.h).
 */
#include <errno.h>
#include <inttypes.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli/allow.h"
#include "cli/diff_impl.h"
#include "cli/options.h"
#include "cli/env.h"
#include "cli/kernel.h"
#include "cli/list.h"
#include "cli/owners.h"
#include "cli/verbs.h"
#include "entry/conflicts.h"
#include "entry/validate.h"
#include "sources/source.h"
#include "sys/outfile.h"
#include "sys/root.h"

/* What --ignore can leave out of the comparison. */
enum diff_field {
	FIELD_TYPE = 1 << 0,	/* never ignored */
	FIELD_NUMBERS = 1 << 1,
	FIELD_TARGET = 1 << 2,
	FIELD_MODE = 1 << 3,
	FIELD_OWNER = 1 << 4,
	FIELD_GROUP = 1 << 5,
	FIELD_TIME = 1 << 6,	/* no source has one: nothing to ignore */
};

static const struct {
	char name[8];
	unsigned field;
} ignorable[] = {
	{ "numbers", FIELD_NUMBERS }, { "target", FIELD_TARGET },
	{ "mode", FIELD_MODE }, { "owner", FIELD_OWNER },
	{ "group", FIELD_GROUP }, { "time", FIELD_TIME },
};
#define IGNORABLE "numbers, target, mode, owner, group, time"

#define OPT(field) VERB_OPT(struct diff_opts, field)

static const struct poptOption side_options[] = {
	{ NULL, '\0', POPT_ARG_CALLBACK, (void *)diff_side_option, 0,
	  (const char *)OPT(events), NULL },
	{ "table", '\0', POPT_ARG_STRING, NULL, OPT_TABLE,
	  "a side: the device table FILE (- for stdin)", "FILE" },
	{ "archive", '\0', POPT_ARG_STRING, NULL, OPT_ARCHIVE,
	  "a side: the archive FILE (- for stdin)", "FILE" },
	{ "kernel", '\0', POPT_ARG_NONE, NULL, OPT_KERNEL,
	  "a side: the nodes devtmpfs makes, from sysfs", NULL },
	{ "root", '\0', POPT_ARG_STRING, NULL, OPT_ROOT,
	  "the root of the tree PATHs after it", "DIR" },
	{ "input", 'i', POPT_ARG_STRING, NULL, OPT_INPUT,
	  "read the --table FILEs after it as this dialect (default: "
	  "detected)", "FORMAT" },
	POPT_TABLEEND
};

static const struct verb_option diff_table[] = {
	{ "", '\0', POPT_ARG_INCLUDE_TABLE, VERB_INCLUDE_OWN, 0,
	  "The sides, A then B, in the order given (a PATH is a tree):",
	  "" },
	{ "json", '\0', POPT_ARG_NONE, OPT(json), 0,
	  "each difference as a JSON object, one a line", "" },
	CLI_JSON_ARRAY_OPTION_SAYING(struct diff_opts, json_array, "print "
	    "the JSON records (--json's, or -o json's) as one JSON array, "
	    "not JSON Lines (implies --json without -o)"),
	{ "output", 'o', POPT_ARG_STRING, OPT(output), 0,
	  "write the table that turns A into B, in this dialect",
	  "FORMAT" },
	{ "removals", '\0', POPT_ARG_STRING, OPT(removals), 0,
	  "with -o: write the paths of the device nodes and FIFOs only in A "
	  "to FILE, one a line: the list apply removes", "FILE" },
	{ "ignore", '\0', POPT_ARG_STRING, OPT(ignore), 0,
	  "compare without these fields: " IGNORABLE, "FIELD,..." },
	{ "only", '\0', POPT_ARG_STRING, OPT(only_arg), 0,
	  "compare only entries of these types (c, b, p, s, l, d, f)",
	  "TYPE,..." },
	{ "one-file-system", 'x', POPT_ARG_NONE, OPT(one_fs), 0,
	  "in a tree, enter no other mount", "" },
	KERNEL_SYSFS_OPTION(struct diff_opts, sysfs_dir),
	{ "users-from", '\0', POPT_ARG_STRING, OPT(users_from), 0,
	  "names in the tables from DIR/etc/passwd and DIR/etc/group",
	  "DIR" },
	CLI_TABLE_END
};

/* ------------------------------------------------------------ options */

/*
 * The runner's end of a run (verbs.h): the side events, which the sides
 * point into to the end of the handler.
 */
static void
diff_opts_done(void *opts)
{
	struct side_events *events = &((struct diff_opts *)opts)->events;

	for (size_t i = 0; i < events->n; i++)
		free(events->v[i].arg);
	free(events->v);
	*events = (struct side_events){ 0 };
}

const struct verb_options diff_options = {
	.table = diff_table, .include = side_options,
	.size = sizeof(struct diff_opts),
	.done = diff_opts_done,
};

/* --ignore's fields into o->ignored. */
static int
parse_ignore(const char *name, struct diff_opts *o)
{
	char q[DT_QUOTE_SIZE];
	const char *p = o->ignore;
	size_t n, i;

	while (p != NULL && *p != '\0') {
		n = strcspn(p, ",");
		for (i = 0; i < sizeof(ignorable) / sizeof(ignorable[0]); i++)
			if (strlen(ignorable[i].name) == n &&
			    strncmp(p, ignorable[i].name, n) == 0)
				break;
		if (i == sizeof(ignorable) / sizeof(ignorable[0]))
			return cli_usage(name, "--ignore '%s': unknown field; "
			    "valid: %s", cli_quote(q, o->ignore), IGNORABLE);
		o->ignored |= ignorable[i].field;
		p += n + (p[n] == ',');
	}
	return EXIT_OK;
}

/* --only's type letters into o->only. */
static int
parse_only(const char *name, struct diff_opts *o)
{
	char q[DT_QUOTE_SIZE];
	size_t n = 0;

	for (const char *p = o->only_arg; *p != '\0';
	    p += 1 + (p[1] == ',')) {
		if (entry_type_of(*p) == NULL || (p[1] != ',' && p[1] != '\0'))
			return cli_usage(name, "--only '%s': types are letters "
			    "separated by commas, of c, b, p, s, l, d, f",
			    cli_quote(q, o->only_arg));
		if (strchr(o->only, *p) == NULL && n + 1 < sizeof(o->only))
			o->only[n++] = *p;
	}
	o->only[n] = '\0';
	if (n == 0)
		return cli_usage(name, "--only '' names no type");
	return EXIT_OK;
}

static int
parse_options(const struct verb_call *c, struct side *sides,
    struct diff_opts *o)
{
	char q[DT_QUOTE_SIZE];
	int rc;

	if ((rc = diff_build_sides(&o->events, c, sides)) != EXIT_OK)
		return rc;
	if ((sides[0].kind == SIDE_TABLE || sides[0].kind == SIDE_ARCHIVE) &&
	    (sides[1].kind == SIDE_TABLE || sides[1].kind == SIDE_ARCHIVE) &&
	    strcmp(sides[0].arg, "-") == 0 && strcmp(sides[1].arg, "-") == 0)
		return cli_usage(c->name, "standard input (-) is one side at "
		    "most");
	if (o->sysfs_dir != NULL && (sides[0].kind != SIDE_KERNEL &&
	    sides[1].kind != SIDE_KERNEL))
		return cli_usage(c->name, "--sysfs goes with --kernel");
	if (cli_option_path(c->name, "--sysfs", o->sysfs_dir,
	    CLI_NAMES_DIR) != EXIT_OK)
		return DIFF_TROUBLE;
	if (o->one_fs && sides[0].kind != SIDE_TREE &&
	    sides[1].kind != SIDE_TREE)
		return cli_usage(c->name, "-x keeps a tree to its file system, "
		    "and neither side is a tree");
	if (cli_option_path(c->name, "--users-from", o->users_from,
	    CLI_NAMES_DIR) != EXIT_OK)
		return DIFF_TROUBLE;
	if (o->json && o->output != NULL)
		return cli_usage(c->name, "--json prints the differences, -o "
		    "a table: one or the other");
	if (o->output != NULL) {
		o->patch = dialect_named(o->output);
		if (o->patch == NULL || rules_dialect(o->patch)) {
			struct dt_buf valid = DT_BUF_INIT;
			int rc;

			dialect_names(&valid, true);
			rc = cli_usage(c->name, "-o '%s': a patch is a table "
			    "apply reads; valid: %s", cli_quote(q, o->output),
			    dt_buf_failed(&valid) ? "?" : dt_buf_str(&valid));
			dt_buf_free(&valid);
			return rc;
		}
	}
	if (o->removals != NULL && o->output == NULL)
		return cli_usage(c->name, "--removals goes with -o: it is the "
		    "part of the patch that removes");
	if (o->removals != NULL && (cli_option_path(c->name, "--removals",
	    o->removals, CLI_NAMES_FILE) != EXIT_OK))
		return EXIT_USAGE;
	if ((rc = parse_ignore(c->name, o)) != EXIT_OK ||
	    (o->only_arg != NULL && (rc = parse_only(c->name, o)) !=
	    EXIT_OK))
		return rc;
	return EXIT_OK;
}

/* ------------------------------------------------------------ reading */
/* ------------------------------------------------------------ output */

/* The differences: counted, printed, or kept for the patch. */
struct differences {
	const struct diff_opts *o;
	unsigned long n;
	struct entries fix;	/* -o: B's entries to make or correct */
	struct entries gone;	/* -o: A's entries that B has not */
	bool common;		/* some path is on both sides */
};

/*
 * A path or a link's target in a line: a byte that is white space, a
 * control character or a backslash is \ooo, so that each line splits
 * at its spaces and " -> " is the separator only.
 */
static void
put_text(const char *s)
{
	for (const unsigned char *p = (const unsigned char *)s; *p; p++)
		if (*p <= ' ' || *p == 0x7f || *p == '\\')
			printf("\\%03o", *p);
		else
			putchar(*p);
}

/* An entry's kind, as a line says it: "c 1:3", "l TARGET", "d". */
static void
put_kind(const struct entry *e)
{
	putchar(e->type);
	if (entry_has_numbers(e))
		printf(" %" PRIu64 ":%" PRIu64, e->major, e->minor);
	else if (e->type == 'l' && e->target != NULL) {
		putchar(' ');
		put_text(e->target);
	}
}

/* The same as JSON members, after others: ,"type":"c","major":1,... */
static void
put_kind_json(const struct entry *e)
{
	printf("\"type\":\"%c\"", e->type);
	if (entry_has_numbers(e))
		printf(",\"major\":%" PRIu64 ",\"minor\":%" PRIu64, e->major,
		    e->minor);
	else if (e->type == 'l' && e->target != NULL) {
		fputs(",\"target\":", stdout);
		cli_put_json_string(stdout, e->target);
	}
}

/* An entry on one side only: "- PATH c 1:3", or its JSON object. */
static void
only_one(struct differences *r, char op, const struct entry *e)
{
	r->n++;
	if (r->o->patch != NULL) {
		if (entries_add(op == '+' ? &r->fix : &r->gone, e) != 0)
			cli_fatal(NULL);
		return;
	}
	if (!r->o->json) {
		printf("%c ", op);
		put_text(e->path);
		putchar(' ');
		put_kind(e);
		putchar('\n');
		return;
	}
	printf("{\"op\":\"%c\",\"path\":", op);
	cli_put_json_string(stdout, e->path);
	putchar(',');
	put_kind_json(e);
	if (e->mode_set && e->type != 'l')
		printf(",\"mode\":\"%04o\"", e->mode);
	if (e->uid_set)
		printf(",\"uid\":%lu", (unsigned long)e->uid);
	if (e->gid_set)
		printf(",\"gid\":%lu", (unsigned long)e->gid);
	puts("}");
}

/* One field's value: text, or (json) a JSON value. */
static void
put_value(unsigned field, const struct entry *e, bool as_json)
{
	switch (field) {
	case FIELD_TYPE:
		if (as_json) {
			putchar('{');
			put_kind_json(e);
			putchar('}');
		} else
			put_kind(e);
		break;
	case FIELD_NUMBERS:
		printf(as_json ? "\"%" PRIu64 ":%" PRIu64 "\"" :
		    "%" PRIu64 ":%" PRIu64, e->major, e->minor);
		break;
	case FIELD_TARGET:
		if (as_json)
			cli_put_json_string(stdout, e->target);
		else
			put_text(e->target);
		break;
	case FIELD_MODE:
		printf(as_json ? "\"%04o\"" : "%04o", e->mode);
		break;
	case FIELD_OWNER:
		printf("%lu", (unsigned long)e->uid);
		break;
	default:
		printf("%lu", (unsigned long)e->gid);
	}
}

static const char *
field_name(unsigned field)
{
	switch (field) {
	case FIELD_TYPE: return "type";
	case FIELD_NUMBERS: return "numbers";
	case FIELD_TARGET: return "target";
	case FIELD_MODE: return "mode";
	case FIELD_OWNER: return "owner";
	default: return "group";
	}
}

/* "~ PATH FIELD A -> B", or its JSON object. */
static void
changed(struct differences *r, unsigned field, const struct entry *a,
    const struct entry *b)
{
	r->n++;
	if (r->o->patch != NULL)
		return;
	if (r->o->json) {
		fputs("{\"op\":\"~\",\"path\":", stdout);
		cli_put_json_string(stdout, b->path);
		printf(",\"field\":\"%s\",\"a\":", field_name(field));
		put_value(field, a, true);
		fputs(",\"b\":", stdout);
		put_value(field, b, true);
		puts("}");
		return;
	}
	fputs("~ ", stdout);
	put_text(b->path);
	printf(" %s ", field_name(field));
	put_value(field, a, false);
	fputs(" -> ", stdout);
	put_value(field, b, false);
	putchar('\n');
}

/*
 * What both sides say of a field: a tmpfiles "-" or an mtree nochange
 * says nothing (it keeps what is there), nor does a link's mode.
 */
static bool
both_say(unsigned field, const struct entry *a, const struct entry *b)
{
	if (a->nochange || b->nochange)
		return false;
	switch (field) {
	case FIELD_MODE:
		return a->mode_set && b->mode_set && a->type != 'l' &&
		    b->type != 'l';
	case FIELD_OWNER:
		return a->uid_set && b->uid_set;
	default:
		return a->gid_set && b->gid_set;
	}
}

/* One path on both sides: each field that differs, once. */
static void
compare_pair(struct differences *r, const struct entry *a,
    const struct entry *b)
{
	unsigned long before = r->n, ig = r->o->ignored;

	if (a->type != b->type)
		changed(r, FIELD_TYPE, a, b);
	else if (entry_has_numbers(a) && !(ig & FIELD_NUMBERS) &&
	    (a->major != b->major || a->minor != b->minor))
		changed(r, FIELD_NUMBERS, a, b);
	else if (a->type == 'l' && !(ig & FIELD_TARGET) && a->target != NULL &&
	    b->target != NULL && strcmp(a->target, b->target) != 0)
		changed(r, FIELD_TARGET, a, b);
	if (!(ig & FIELD_MODE) && both_say(FIELD_MODE, a, b) &&
	    a->mode != b->mode)
		changed(r, FIELD_MODE, a, b);
	if (!(ig & FIELD_OWNER) && both_say(FIELD_OWNER, a, b) &&
	    a->uid != b->uid)
		changed(r, FIELD_OWNER, a, b);
	if (!(ig & FIELD_GROUP) && both_say(FIELD_GROUP, a, b) &&
	    a->gid != b->gid)
		changed(r, FIELD_GROUP, a, b);
	if (r->n != before && r->o->patch != NULL &&
	    entries_add(&r->fix, b) != 0)
		cli_fatal(NULL);
}

/* Whether --only lets a path through: either side's type is listed. */
static bool
wanted(const struct diff_opts *o, const struct entry *a,
    const struct entry *b)
{
	return o->only[0] == '\0' || (a != NULL && strchr(o->only, a->type)) ||
	    (b != NULL && strchr(o->only, b->type));
}

/*
 * Both sides, sorted, walked once.  A directory 0755 of root's on one
 * side only is what apply makes for a parent and list leaves out: not a
 * difference.
 */
static void
compare(struct differences *r, const struct side *sa, const struct side *sb)
{
	const struct entries *a = &sa->v, *b = &sb->v;
	size_t i = 0, j = 0;
	int c;

	while (i < a->n || j < b->n) {
		c = i == a->n ? 1 : j == b->n ? -1 :
		    strcmp(a->v[i].path, b->v[j].path);
		if (c < 0) {
			if (!entry_is_plain_parent(&a->v[i]) &&
			    wanted(r->o, &a->v[i], NULL))
				only_one(r, '-', &a->v[i]);
			i++;
		} else if (c > 0) {
			if (!entry_is_plain_parent(&b->v[j]) &&
			    wanted(r->o, NULL, &b->v[j]))
				only_one(r, '+', &b->v[j]);
			j++;
		} else {
			r->common = true;
			if (wanted(r->o, &a->v[i], &b->v[j]))
				compare_pair(r, &a->v[i], &b->v[j]);
			i++;
			j++;
		}
	}
}

/*
 * Whether apply --remove can take e off A: a device node or FIFO (not a
 * range, which diff never meets: ranges are expanded), whose path fits
 * on one line of the list.
 */
static bool
removable(const struct entry *e)
{
	return (e->type == 'c' || e->type == 'b' || e->type == 'p') &&
	    strchr(e->path, '\n') == NULL;
}

/* Writes n bytes to fd, through short writes; false: errno says. */
static bool
put_all(int fd, const char *p, size_t n)
{
	ssize_t w;

	while (n > 0) {
		if ((w = write(fd, p, n)) < 0) {
			if (errno == EINTR)
				continue;
			return false;
		}
		p += w;
		n -= (size_t)w;
	}
	return true;
}

/*
 * --removals FILE: the paths of A's device nodes and FIFOs that B has
 * not, one a line, written whole (outfile.h) even when there are none,
 * so that a stale list is never applied.  Returns how many, or -1, said.
 */
static long
write_removals(const struct differences *r)
{
	const char *file = r->o->removals;
	struct dt_diag d;
	struct outfile out;
	struct dt_buf b = DT_BUF_INIT;
	long n = 0;
	bool ok;

	for (size_t i = 0; i < r->gone.n; i++)
		if (removable(&r->gone.v[i])) {
			dt_buf_adds(&b, r->gone.v[i].path);
			dt_buf_addc(&b, '\n');
			n++;
		}
	if (dt_buf_failed(&b))
		cli_fatal(NULL);
	if (outfile_open(&out, file, env_faker(), &d) != 0) {
		cli_path_error(file, d.msg);
		dt_buf_free(&b);
		return -1;
	}
	errno = 0;
	ok = put_all(out.fd, dt_buf_str(&b), b.len);
	if (!ok)
		snprintf(d.msg, sizeof(d.msg), "%s", strerror(errno));
	else
		ok = outfile_commit(&out, &d) == 0;
	outfile_close(&out);
	dt_buf_free(&b);
	if (!ok) {
		cli_path_error(file, d.msg);
		return -1;
	}
	return n;
}

/*
 * -o: B's entries that A lacks or has otherwise, as list writes a table;
 * A's that B lacks after them as comment lines (apply removes nothing
 * a table says), or, in a dialect without comments, named in a warning.
 * With --removals, the device nodes and FIFOs among them go to its FILE
 * too, for apply --remove.
 */
static int
write_patch(struct differences *r)
{
	const struct dialect *dl = r->o->patch;
	int rc = list_print_entries(&r->fix, dl);
	long listed = 0;

	if (r->o->removals != NULL && (listed = write_removals(r)) < 0)
		rc = DIFF_TROUBLE;
	if (r->gone.n == 0)
		return rc;
	if (!(dl->can & DIALECT_CAN_COMMENTS)) {
		if ((size_t)listed == r->gone.n)
			return rc;
		cli_warn("%zu entr%s only in A, which %s %s table cannot say "
		    "as comments: a table removes nothing; remove %s by hand "
		    "(diff without -o lists %s%s)", r->gone.n, r->gone.n == 1 ?
		    "y" : "ies", dialect_article(dl), dl->name,
		    r->gone.n == 1 ? "it" : "them",
		    r->gone.n == 1 ? "it" : "them", r->o->removals != NULL ?
		    "; --removals has the device nodes and FIFOs" :
		    "; --removals FILE lists the device nodes and FIFOs for "
		    "apply --remove");
		return rc;
	}
	puts(r->o->removals != NULL ? "# Only in A: a table removes nothing; "
	    "apply --remove FILE of --removals removes the device nodes and "
	    "FIFOs, the rest by hand." : "# Only in A: a table removes "
	    "nothing; remove these by hand, or write the device nodes and "
	    "FIFOs with --removals FILE for apply --remove.");
	for (size_t i = 0; i < r->gone.n; i++) {
		fputs("# - ", stdout);
		put_text(r->gone.v[i].path);
		putchar(' ');
		put_kind(&r->gone.v[i]);
		putchar('\n');
	}
	return cli_finish_output() != EXIT_OK ? DIFF_TROUBLE : rc;
}

/* Whether some path of the sorted v begins with prefix. */
static bool
has_prefix(const struct entries *v, const char *prefix)
{
	size_t lo = 0, hi = v->n, mid, n = strlen(prefix);

	while (lo < hi) {	/* the first path not below prefix */
		mid = lo + (hi - lo) / 2;
		if (strcmp(v->v[mid].path, prefix) < 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo < v->n && strncmp(v->v[lo].path, prefix, n) == 0;
}

/*
 * Whether a directory of a is above a path of b: the sides are of one
 * tree, though no path is on both (a table of /dev/x, a tree of /dev).
 */
static bool
above(const struct entries *a, const struct entries *b)
{
	char *prefix;
	bool yes = false;

	for (size_t i = 0; i < a->n && !yes; i++) {
		if (a->v[i].type != 'd')
			continue;
		if (asprintf(&prefix, "%s/", strcmp(a->v[i].path, "/") == 0 ?
		    "" : a->v[i].path) < 0)
			cli_fatal(NULL);
		yes = has_prefix(b, prefix);
		free(prefix);
	}
	return yes;
}

/* ------------------------------------------------------------ the verb */

/*
 * The options and the operands, the two sides built from them in order,
 * before anything is read: any problem is trouble, 2 (EXIT STATUS).
 */
int
check_diff(const struct verb_call *c)
{
	struct diff_opts *o = c->opts;

	/* a question from the start: cli_fatal (out of memory) and a failed
	   standard output at exit are trouble, never a finding (EXIT STATUS) */
	cli_answering();
	/* the row's count, said as the runner says it */
	if (c->nargs > 2)
		return verb_operands_error(c);
	return parse_options(c, o->sides, o) == EXIT_OK ? EXIT_OK :
	    DIFF_TROUBLE;
}

int
cmd_diff(const struct verb_call *c)
{
	const struct diff_opts *o = c->opts;
	struct side sides[2] = { o->sides[0], o->sides[1] };
	struct differences r = { .o = o };
	const struct id_resolver *res;
	bool no_tables, tables = false;
	int rc;

	(void)c;	/* its operands are the sides check_diff built */
	if ((res = diff_table_names(o, sides, &no_tables)) == NULL &&
	    !no_tables)
		return DIFF_TROUBLE;
	tables = sides[0].kind == SIDE_TABLE && sides[1].kind == SIDE_TABLE;
	for (int i = 0; i < 2; i++) {
		diff_read_side(o, &sides[i], res);
		if (!tables)
			diff_drop_files(&sides[i]);
		diff_sort_side(&sides[i]);
	}
	owners_close(res);
	rc = DIFF_TROUBLE;
	if (sides[0].problems + sides[1].problems > 0)
		cli_error("%s could not be read: nothing compared",
		    sides[0].problems == 0 ? "B" : sides[1].problems == 0 ?
		    "A" : "A and B");
	else {
		for (int i = 0; i < 2; i++)
			if (sides[i].files > 0)
				cli_warn("%lu regular file%s of %c not compared: "
				    "only two tables both list files",
				    sides[i].files, sides[i].files == 1 ? "" :
				    "s", "AB"[i]);
		compare(&r, &sides[0], &sides[1]);
		if (!r.common && sides[0].v.n > 0 && sides[1].v.n > 0 &&
		    !above(&sides[0].v, &sides[1].v) &&
		    !above(&sides[1].v, &sides[0].v))
			cli_warn("no path is on both sides: each side's paths "
			    "are as seen from its root (--root DIR before a "
			    "tree PATH)");
		rc = o->patch != NULL ? write_patch(&r) : cli_finish_output();
		rc = rc != EXIT_OK ? DIFF_TROUBLE : r.n > 0 ? DIFF_DIFFERENT :
		    DIFF_SAME;
	}
	for (int i = 0; i < 2; i++)
		entries_free(&sides[i].v);
	entries_free(&r.fix);
	entries_free(&r.gone);
	return rc;
}
