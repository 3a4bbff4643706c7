/*
 * list_table.c - list --table: device tables as the source of a listing,
 * that is, a conversion from one dialect to another (devtool(1), list and
 * DEVICE TABLES).  Every table is read whole and checked first, as apply
 * reads them; then each entry is written as a line of the output dialect
 * and read back (dialect_convert), so that what the dialect cannot hold
 * is named entry by entry: an error (nothing written, exit 2, as for
 * convert) unless --lossy accepts it (a warning each).  Ranges stay
 * ranges where the dialect has them, names stay names unless --users-from
 * resolves them, and the lines keep the tables' order.  Where the dialect
 * has no ranges a range's nodes are made and written one at a time and
 * never held, so that memory follows the tables' lines: without --lossy a
 * first pass writes into nothing to find the losses, and only a second
 * writes to standard output.  Device rules are sorted across every node,
 * so they alone hold the nodes and their text.
 */
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli/allow.h"
#include "cli/list_table.h"
#include "cli/owners.h"
#include "entry/conflicts.h"
#include "entry/ids.h"
#include "entry/validate.h"
#include "sources/source.h"

struct conv {
	struct entries v;
	struct cli_problems problems;	/* the tables' */
	struct ids_keeper *keeper;	/* names kept; NULL: resolved */
	const struct list_table_opts *o;
	const struct dialect *out;
	struct cli_table table;	/* to text: written out when all is well */
	struct dt_buf line;	/* the line being converted */
	char *text;
	size_t text_len;
	unsigned long losses;
	size_t unheld;		/* comment lines for types out can't hold */
	const struct id_resolver *host;	/* --lossy: names a dialect lacks */
	/* the last loss said, so that a range's nodes say it once */
	const struct entry *last_e;
	struct dt_buf last_what;
};

static void
conv_problem(void *ctx, const char *file, unsigned long line, int error,
    const char *msg)
{
	cli_problem(&((struct conv *)ctx)->problems, file, line, error, msg);
}

static void
conv_put(void *ctx, const struct entry *e)
{
	struct conv *cv = ctx;
	struct entry named = *e;

	if (cv->keeper != NULL)
		ids_keep_names(cv->keeper, &named);
	if (entries_add(&cv->v, &named) != 0)
		cli_fatal(NULL);
}

/* What the output cannot hold of e: an error, or with --lossy a warning. */
static void
loss(struct conv *cv, const struct entry *e, const char *path,
    const char *what)
{
	char q[DT_QUOTE_SIZE], p[DT_QUOTE_SIZE];

	/* a range's nodes: said once */
	if (e == cv->last_e && !dt_buf_failed(&cv->last_what) &&
	    strcmp(what, dt_buf_str(&cv->last_what)) == 0)
		return;
	cv->last_e = e;
	dt_buf_truncate(&cv->last_what, 0);
	dt_buf_adds(&cv->last_what, what);
	if (e->count > 0)
		path = e->path;
	if (cv->o->lossy)
		cli_warn("%s:%lu: %s: %s", cli_quote(q, e->file != NULL ?
		    e->file : "-"), e->lineno, cli_quote(p, path), what);
	else
		cli_error("%s:%lu: %s: %s", cli_quote(q, e->file != NULL ?
		    e->file : "-"), e->lineno, cli_quote(p, path), what);
	cv->losses++;
}

/* With --lossy, e's names as the host's ids: 0, or -1 when unknown. */
static int
resolve_names(struct conv *cv, struct entry *e, struct dt_diag *d)
{
	uint32_t id;

	if (e->user != NULL) {
		if (ids_name(cv->host, e->user, false, &id, d) != 0)
			return -1;
		e->uid = (uid_t)id;
		e->user = NULL;
	}
	if (e->group != NULL) {
		if (ids_name(cv->host, e->group, true, &id, d) != 0)
			return -1;
		e->gid = (gid_t)id;
		e->group = NULL;
	}
	return 0;
}

/* One node or range: its line, or what the dialect cannot hold of it. */
static void
convert_one(struct conv *cv, const struct entry *orig, const struct entry *e,
    const char **last)
{
	struct dt_buf *line = &cv->line;
	struct entry copy = *e;
	struct dt_diag d;
	int rc;

	/*
	 * A type the dialect has no line for, a link in makedevs: a comment
	 * line naming it and one count at the end, as list and make write
	 * it (devtool list in devtool(1)); not a loss.  A link of a type
	 * the dialect has but cannot say (no target, in tmpfiles) is one.
	 */
	if (!dialect_holds(cv->out, e) &&
	    strchr(cv->out->types, e->type) == NULL &&
	    (cv->out->can & DIALECT_CAN_COMMENTS) &&
	    dialect_format(cv->out, e, line, &d) == 0) {
		if (cv->out->needs_parents)
			dialect_parents(cv->out, *last, e->path,
			    cli_table_line, &cv->table);
		cli_table_line(&cv->table, line->s);
		*last = e->path;
		cv->unheld++;
		return;
	}
	rc = dialect_convert(cv->out, e, cv->keeper, line, &d);

	if (rc < 0 && cv->o->lossy && (e->user != NULL || e->group != NULL) &&
	    !(cv->out->can & DIALECT_CAN_NAMES)) {
		loss(cv, orig, e->path, d.msg);
		if (resolve_names(cv, &copy, &d) == 0) {
			e = &copy;
			rc = dialect_convert(cv->out, e, NULL, line, &d);
		}
	}
	if (rc < 0) {
		loss(cv, orig, e->path, d.msg);
		if (!cv->o->lossy || !(cv->out->can & DIALECT_CAN_COMMENTS) ||
		    dialect_holds(cv->out, e) ||
		    dialect_format(cv->out, e, line, &d) != 0)
			return;	/* left out: said above */
	} else if (rc > 0)
		loss(cv, orig, e->path, d.msg);
	if (cv->out->needs_parents)
		dialect_parents(cv->out, *last, e->path, cli_table_line,
		    &cv->table);
	cli_table_line(&cv->table, line->s);
	*last = e->path;
}

/* Every entry, a range node by node where the dialect has no ranges. */
static void
convert_all(struct conv *cv)
{
	char path[PATH_MAX];
	const char *last = "/";
	struct entry one;
	struct dt_diag d;

	if (cv->out->needs_parents && entries_sort(&cv->v) != 0)
		cli_fatal(NULL);
	for (size_t i = 0; i < cv->v.n; i++) {
		const struct entry *e = &cv->v.v[i];

		if (e->count == 0 || (cv->out->can & DIALECT_CAN_RANGES)) {
			convert_one(cv, e, e, &last);
			continue;
		}
		for (size_t k = 0; k < entry_expand_count(e); k++)
			if (entry_expand(e, k, &one, path, &d) != 0)
				loss(cv, e, e->path, d.msg);
			else
				convert_one(cv, e, &one, &last);
	}
}

/* A device node without a rule (deviceallow's path, a driver's name). */
static void
rule_loss(void *ctx, const struct entry *e, const char *msg)
{
	loss(ctx, e, e->path, msg);
}

/*
 * A rule dialect (DEVICE RULES): the rules of every device node, ranges
 * node by node; what is not a device is a loss, as what any dialect
 * cannot hold.  -1 when the rules cannot be written (said).
 */
static int
convert_rules(struct conv *cv)
{
	struct entries nodes = { 0 };
	const struct entry **dev;
	char path[PATH_MAX], why[DT_MSGLEN];
	struct entry one;
	struct dt_diag d;
	int rc;

	for (size_t i = 0; i < cv->v.n; i++) {
		const struct entry *e = &cv->v.v[i];

		if (!dialect_holds(cv->out, e)) {
			loss(cv, e, e->path, allow_why_not(cv->out, e, why,
			    sizeof(why)));
			continue;
		}
		for (size_t k = 0; k < entry_expand_count(e); k++)
			if (entry_expand(e, k, &one, path, &d) != 0)
				loss(cv, e, e->path, d.msg);
			else if (entries_add(&nodes, &one) != 0)
				cli_fatal(NULL);
	}
	if ((dev = malloc((nodes.n + 1) * sizeof(const struct entry *))) ==
	    NULL)
		cli_fatal(NULL);
	for (size_t i = 0; i < nodes.n; i++)
		dev[i] = &nodes.v[i];
	rc = allow_write(&cv->table, dev, nodes.n, cv->o->widen, rule_loss,
	    cv);
	free(dev);
	entries_free(&nodes);
	return rc;
}

/* A conflict: an error, or under --merge which line won. */
static void
conflict_error(void *ctx, const struct entry *later, const char *msg)
{
	struct conv *cv = ctx;
	char q[DT_QUOTE_SIZE];

	if (cv->o->merge == CONFLICTS_ERROR) {
		conv_problem(ctx, later->file, later->lineno, 0, msg);
		return;
	}
	cli_warn("%s:%lu: %s; the %s line wins (--merge=%s)",
	    cli_quote(q, later->file), later->lineno, msg,
	    cv->o->merge == CONFLICTS_LAST ? "later" : "earlier",
	    cv->o->merge == CONFLICTS_LAST ? "last" : "first");
}

/* A write that keeps nothing: the first pass of a table (list_tables). */
static ssize_t
discard(void *cookie, const char *buf, size_t size)
{
	(void)cookie;
	(void)buf;
	return (ssize_t)size;
}

static const cookie_io_functions_t nothing = { .write = discard };

/*
 * The rules of a rule dialect: sorted and merged across every node, so
 * they are held until all is well and written then.
 */
static int
write_rules(struct conv *cv)
{
	const struct dialect *out = cv->out;
	int rc;

	if ((cv->table.fp = open_memstream(&cv->text, &cv->text_len)) == NULL)
		cli_fatal(NULL);
	rc = convert_rules(cv) != 0 ? EXIT_FAILED : EXIT_OK;
	if (fclose(cv->table.fp) != 0)
		cli_fatal(NULL);
	if (rc != EXIT_OK)
		return rc;
	if (cv->losses > 0 && !cv->o->lossy) {
		cli_error("%lu entr%s with no %s rule; nothing was written "
		    "(--lossy writes the others' rules)", cv->losses,
		    cv->losses == 1 ? "y" : "ies", out->name);
		return EXIT_USAGE;	/* refused before anything is written */
	}
	cli_table_begin(out);
	fwrite(cv->text, 1, cv->text_len, stdout);
	return cli_table_end(&cv->table);
}

int
list_tables(const char *const *files, const struct dialect *out,
    const struct list_table_opts *o, size_t *unheld)
{
	const struct entry_sink sink = { conv_put, conv_problem, NULL };
	struct ids_keeper keeper;
	struct conv cv = { .o = o, .out = out, .table.dialect = out };
	const struct id_resolver *res = NULL;
	struct entry_sink s = sink;
	struct source *tables;
	struct tmpfiles_run run;
	int rc = EXIT_OK, nfiles = 0;

	*unheld = 0;
	s.ctx = &cv;
	ids_keeper_init(&keeper);
	if (o->users_from != NULL) {
		if ((res = owners_open(NULL, o->users_from)) == NULL)
			return EXIT_FAILED;
	} else {
		cv.keeper = &keeper;
		res = &keeper.res;
		if (o->lossy && !(out->can & DIALECT_CAN_NAMES) &&
		    (cv.host = owners_open(NULL, NULL)) == NULL)
			return EXIT_FAILED;
	}
	if ((tables = source_table_new(res, o->input)) == NULL)
		cli_fatal(NULL);
	/* the specifiers' values: the host's (list has no --root) */
	tmpfiles_run_begin(&run, o->tmpfiles, NULL, tables);
	for (; files[nfiles] != NULL; nfiles++)
		tables->read(tables, files[nfiles], &s);
	source_end(tables, &s);
	tmpfiles_run_said(tables);
	tables->free(tables);
	/* a new entry of a tmpfiles "-" owner: root's, as in an archive */
	if (conflicts_merge(&cv.v, o->merge, 0, 0, conflict_error, &cv) < 0)
		cli_fatal(NULL);
	if (cv.problems.errors > 0) {
		cli_error("%lu error%s in the table%s; nothing was written",
		    cv.problems.errors, cv.problems.errors == 1 ? "" : "s",
		    nfiles > 1 ? "s" : "");
		rc = cv.problems.status;
		goto done;
	}
	if (rules_dialect(out)) {
		rc = write_rules(&cv);
		goto done;
	}
	/*
	 * A range's nodes are made and written one at a time, never held:
	 * without --lossy a first pass into nothing finds what the dialect
	 * cannot hold, so that a refused table writes nothing, and the second
	 * writes; memory follows the tables' lines, not their nodes
	 * (devtool(1), DEVICE TABLES).
	 */
	if (!o->lossy) {
		if ((cv.table.fp = fopencookie(NULL, "w", nothing)) == NULL)
			cli_fatal(NULL);
		convert_all(&cv);
		if (fclose(cv.table.fp) != 0)
			cli_fatal(NULL);
		if (cv.losses > 0) {
			cli_error("%lu entr%s that %s %s table cannot hold as "
			    "%s; nothing was written (--lossy writes what it "
			    "can)", cv.losses, cv.losses == 1 ? "y" : "ies",
			    dialect_article(out), out->name, cv.losses == 1 ?
			    "it says" : "they say");
			rc = EXIT_USAGE;	/* refused before anything is written */
			goto done;
		}
		cv.table.lines = 0;
		cv.unheld = 0;	/* the second pass counts them again */
	}
	cv.table.fp = stdout;
	cli_table_begin(out);
	convert_all(&cv);
	if (cli_table_end(&cv.table) != EXIT_OK)
		rc = EXIT_FAILED;
	*unheld = cv.unheld;
done:
	free(cv.text);
	dt_buf_free(&cv.line);
	dt_buf_free(&cv.last_what);
	owners_close(o->users_from != NULL ? res : cv.host);
	entries_free(&cv.v);
	ids_keeper_free(&keeper);
	return rc;
}
