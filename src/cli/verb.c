/*
 * verb.c - the verb runner (verbs.h): parses a verb's options with popt,
 * checks its operands against its row and calls its handler.
 */
#include <assert.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"
#include "cli/cli_layout.h"
#include "cli/cli_output.h"
#include "base/nearest.h"
#include "base/text.h"
#include "cli/out.h"
#include "cli/verbs.h"
#include "dialects/dialect.h"

#define STRING_SEEN 0x7374	/* returned by popt after each string option */
#define MAX_STRINGS 16

static bool
is_string(const struct poptOption *o)
{
	return (o->argInfo & POPT_ARG_MASK) == POPT_ARG_STRING;
}

static bool
is_end(const struct poptOption *o)
{
	return o->longName == NULL && o->shortName == '\0' && o->argInfo == 0;
}

static unsigned
kind(const struct poptOption *o)
{
	return o->argInfo & POPT_ARG_MASK;
}

/* The same of a verb's own row (verbs.h). */
static bool
row_is_end(const struct verb_option *r)
{
	return r->longName[0] == '\0' && r->shortName == '\0' &&
	    r->argInfo == 0;
}

static unsigned
row_kind(const struct verb_option *r)
{
	return r->argInfo & POPT_ARG_MASK;
}

/* An arg or a callback's data of an include that is a VERB_OPT offset. */
static bool
is_offset(const void *p)
{
	return p != NULL && (uintptr_t)p < VERB_OPT_LIMIT;
}

/*
 * An option's help that names the dialects says DIALECT_NAMES where the
 * registry's readable dialects go, so that --help lists what dialect.c
 * registers, a new dialect included.  The text is built when help is
 * asked for (table_dialects), not at every run that parses an option,
 * into the runner's copy of the table; help then ends the run.
 */
static void
options_dialects(struct poptOption *o)
{
	const char *at;
	struct dt_buf b = DT_BUF_INIT;

	if (o->descrip == NULL ||
	    (at = strstr(o->descrip, DIALECT_NAMES)) == NULL)
		return;
	dt_buf_add(&b, o->descrip, (size_t)(at - o->descrip));
	dialect_names(&b, true);
	dt_buf_adds(&b, at + strlen(DIALECT_NAMES));
	if (dt_buf_failed(&b))
		cli_fatal("out of memory");
	o->descrip = dt_buf_str(&b);
}

/*
 * The instance's field at a VERB_OPT offset.  An offset past the struct
 * is a table that names another struct's field: a bug, caught before
 * popt writes there.
 */
static void *
field(const struct verb_options *vo, void *opts, size_t off)
{
	size_t at = off - 1;

	if (off == 0 || at >= vo->size)
		cli_fatal("a verb's option table names a field beyond its "
		    "options struct");
	return (char *)opts + at;
}

/* Whether popt stores through p into the instance. */
static bool
in_instance(const struct verb_options *vo, const void *opts, const void *p)
{
	return p != NULL && (const char *)p >= (const char *)opts &&
	    (const char *)p < (const char *)opts + vo->size;
}

/*
 * The verb's own popt table (VERB_INCLUDE_OWN), copied with its
 * callback's data made the instance's field: diff's sides.
 */
static struct poptOption *
own_copy(const struct verb_options *vo, void *opts)
{
	const struct poptOption *from = vo->include;
	struct poptOption *to;
	size_t n = 1;

	assert(from != NULL);
	while (!is_end(&from[n - 1]))
		n++;
	if ((to = reallocarray(NULL, n, sizeof(*to))) == NULL)
		cli_fatal(NULL);
	memcpy(to, from, n * sizeof(*to));
	for (size_t i = 0; i < n; i++)
		if (kind(&to[i]) == POPT_ARG_CALLBACK) {
			if (is_offset(to[i].descrip))
				to[i].descrip = field(vo, opts,
				    (uintptr_t)to[i].descrip);
		} else if (is_offset(to[i].arg))
			to[i].arg = field(vo, opts, (uintptr_t)to[i].arg);
	return to;
}

/* A row's text as popt has it: NULL for none. */
static const char *
row_text(const char *s, size_t room)
{
	/* (a text that fills its array has no NUL: verbs.h) */
	assert(s[room - 1] == '\0');
	return s[0] != '\0' ? s : NULL;
}

/*
 * The table popt reads, made from the verb's rows: their texts pointed
 * at, their offsets made the instance's fields, each string row given a
 * value (popt returns to options_parse after each string option: see
 * there), and each include the table it names.  table_free frees it.
 */
static struct poptOption *
table_copy(const struct verb_options *vo, void *opts)
{
	const struct verb_option *r = vo->table;
	struct poptOption *table, *o;
	size_t n = 1;

	while (!row_is_end(&r[n - 1]))
		n++;
	if ((table = calloc(n, sizeof(*table))) == NULL)
		cli_fatal(NULL);
	for (o = table; !row_is_end(r); r++, o++) {
		*o = (struct poptOption){
			.longName = row_text(r->longName, sizeof(r->longName)),
			.shortName = r->shortName, .argInfo = r->argInfo,
			.val = r->val,
			.descrip = row_text(r->descrip, sizeof(r->descrip)),
			.argDescrip = row_text(r->argDescrip,
			    sizeof(r->argDescrip)),
		};
		if (row_kind(r) == POPT_ARG_INCLUDE_TABLE)
			o->arg = r->arg == VERB_INCLUDE_COMMON ?
			    cli_common_options : r->arg == VERB_INCLUDE_HELP ?
			    cli_help_options : own_copy(vo, opts);
		else if (r->arg != 0)
			o->arg = field(vo, opts, r->arg);
		if (is_string(o) && o->val == 0)
			o->val = STRING_SEEN;
	}
	return table;
}

/* Whether a row of a table_copy includes a table it copied. */
static bool
is_copy(const struct poptOption *o)
{
	return kind(o) == POPT_ARG_INCLUDE_TABLE &&
	    o->arg != cli_common_options && o->arg != cli_help_options;
}

/*
 * DIALECT_NAMES put into the help of a table_copy and of the tables it
 * copied, for --help.
 */
static void
table_dialects(struct poptOption *table)
{
	for (struct poptOption *o = table; !is_end(o); o++)
		if (is_copy(o)) {
			for (struct poptOption *i = o->arg; !is_end(i); i++)
				if (kind(i) != POPT_ARG_INCLUDE_TABLE &&
				    kind(i) != POPT_ARG_CALLBACK)
					options_dialects(i);
		} else if (kind(o) != POPT_ARG_CALLBACK &&
		    kind(o) != POPT_ARG_INCLUDE_TABLE)
			options_dialects(o);
}

/* Frees a table_copy and the tables it copied. */
static void
table_free(struct poptOption *table)
{
	for (struct poptOption *o = table; !is_end(o); o++)
		if (is_copy(o))
			free(o->arg);
	free(table);
}

static poptContext
options_context(int argc, const char **argv, const struct poptOption *table,
    const char *operands)
{
	poptContext con;

	/* No poptReadDefaultConfig: ~/.popt aliases must never apply. */
	con = poptGetContext(NULL, argc, argv, table, 0);
	if (con == NULL)
		cli_fatal("cannot start the option parser");
	if (operands != NULL)
		poptSetOtherOptionHelp(con, operands);
	return con;
}

/*
 * Each long option of table and of the tables it includes, offered: one
 * level deep, as CLI_TABLE_END's tables include none.
 */
static void
offer_options(struct dt_nearest *n, const struct poptOption *table)
{
	for (; !is_end(table); table++)
		if ((table->argInfo & POPT_ARG_MASK) ==
		    POPT_ARG_INCLUDE_TABLE) {
			for (const struct poptOption *o = table->arg;
			    !is_end(o); o++)
				if (o->longName != NULL)
					dt_nearest_offer(n, o->longName);
		} else if (table->longName != NULL)
			dt_nearest_offer(n, table->longName);
}

/*
 * The long option nearest to an unknown --word (its =value aside), as
 * git suggests a command: within two edits (devtool(1), DIAGNOSTICS).
 * NULL for a short option or when none is near.
 */
static const char *
nearest_option(const struct poptOption *table, const char *bad)
{
	char word[64];
	struct dt_nearest n;

	if (bad == NULL || strncmp(bad, "--", 2) != 0 || bad[2] == '\0')
		return NULL;
	snprintf(word, sizeof(word), "%.*s", (int)strcspn(bad + 2, "="),
	    bad + 2);
	dt_nearest_init(&n, word, 2);
	offer_options(&n, table);
	return n.best;
}

/*
 * --usage, or --help: popt's, then what the row adds: what help_more
 * prints (make: its names), its two examples and the page to read, so
 * that a person who asked for help leaves with a command that works and
 * where to read on (Common options in devtool(1)).  Exits 0; the check
 * of standard output at exit says a write that failed.
 */
static void __attribute__((noreturn))
options_help(poptContext con, const struct verb *v, struct poptOption *table,
    int what)
{
	table_dialects(table);
	if (what == 'u')
		poptPrintUsage(con, stdout, 0);
	else {
		poptPrintHelp(con, stdout, 0);
		if (v->help_more != NULL)
			v->help_more(stdout);
		if (v->examples != NULL)
			printf("\nExamples:\n%s", v->examples);
		printf("\nSee devtool-%s(1).\n", v->name);
	}
	poptFreeContext(con);
	exit(EXIT_OK);
}

/*
 * Runs popt over the options; every option stores into a variable, but
 * -h, -? and --usage, which popt returns.  A string option given twice
 * replaces a malloc'd copy popt made of the first: that copy is freed
 * here, the last one by options_free.
 */
static int
options_parse(poptContext con, const char *verb, const struct verb *v,
    struct poptOption *table)
{
	char *seen[MAX_STRINGS] = { 0 };
	int rc, n;

	while ((rc = poptGetNextOpt(con)) > 0) {
		if (rc == 'h' || rc == '?' || rc == 'u')
			options_help(con, v, table, rc);
		n = 0;
		for (const struct poptOption *o = table; !is_end(o) &&
		    n < MAX_STRINGS; o++) {
			char *now;

			if (!is_string(o) || o->arg == NULL)
				continue;
			now = *(char **)o->arg;
			if (seen[n] != NULL && seen[n] != now)
				free(seen[n]);
			seen[n++] = now;
		}
	}
	if (rc < -1) {
		const char *bad = poptBadOption(con, POPT_BADOPTION_NOALIAS);
		const char *near = rc == POPT_ERROR_BADOPT ?
		    nearest_option(table, bad) : NULL;
		char q[DT_QUOTE_SIZE];

		if (near != NULL)
			return cli_usage(verb, "%s: %s; did you mean --%s?",
			    cli_quote(q, bad), poptStrerror(rc), near);
		return cli_usage(verb, "%s: %s", cli_quote(q, bad),
		    poptStrerror(rc));
	}
	return EXIT_OK;
}

static int
count_args(const char **args)
{
	int n = 0;

	while (args != NULL && args[n] != NULL)
		n++;
	return n;
}

/*
 * Ends a verb: popt hands POPT_ARG_STRING values over as malloc'd copies,
 * and POPT_ARG_ARGV ones as a malloc'd array of them, that are the
 * caller's to free: those it stored into the instance.
 */
static void
values_free(const struct verb_options *vo, void *opts,
    const struct poptOption *o)
{
	for (; !is_end(o); o++) {
		if (kind(o) == POPT_ARG_CALLBACK ||
		    kind(o) == POPT_ARG_INCLUDE_TABLE ||
		    !in_instance(vo, opts, o->arg))
			continue;
		if (is_string(o)) {
			free(*(char **)o->arg);
			*(char **)o->arg = NULL;
		} else if (kind(o) == POPT_ARG_ARGV) {
			char **v = *(char ***)o->arg;

			for (size_t k = 0; v != NULL && v[k] != NULL; k++)
				free(v[k]);
			free(v);
			*(char ***)o->arg = NULL;
		}
	}
}

/* values_free over a table_copy and the tables it copied. */
static void
options_free(const struct verb_options *vo, void *opts,
    const struct poptOption *table)
{
	for (const struct poptOption *o = table; !is_end(o); o++)
		if (is_copy(o))
			values_free(vo, opts, o->arg);
	values_free(vo, opts, table);
}

/*
 * The instance's field a row of the verb's const table stores into.
 * The checks below read the options through it, so that they need no
 * copy of the table: a run without options makes none.
 */
static void *
row_arg(const struct verb_options *vo, void *opts,
    const struct verb_option *row)
{
	return field(vo, opts, row->arg);
}

/* The row of the table named name, of popt's kind argtype, or NULL. */
static const struct verb_option *
option_row(const struct verb_option *table, const char *name,
    unsigned argtype)
{
	for (; !row_is_end(table); table++)
		if (strcmp(table->longName, name) == 0 &&
		    row_kind(table) == argtype && table->arg != 0)
			return table;
	return NULL;
}

/* The -f and --strict of a verb that has LAYOUT_OPTIONS, or NULL. */
static const struct cli_layout_opts *
layout_opts(const struct verb_options *vo, void *opts)
{
	const struct verb_option *format = option_row(vo->table, "format",
	    POPT_ARG_STRING);

	if (format == NULL)
		return NULL;
	return (const struct cli_layout_opts *)(const void *)
	    ((const char *)row_arg(vo, opts, format) -
	    offsetof(struct cli_layout_opts, format));
}

/*
 * --json-array (CLI_JSON_ARRAY_OPTION), before the verb's check sees its
 * options: only JSON Lines become an array, so with -o it goes with -o
 * json alone (-o oci is an array already), and without -o it implies
 * --json, which a verb without --json (make) cannot print.  *on says
 * whether the handler's output is to be an array.
 */
static int
json_array_check(const struct verb_call *c, const struct verb_options *vo,
    bool *on)
{
	const struct verb_option *array = option_row(vo->table, "json-array",
	    POPT_ARG_NONE), *json = option_row(vo->table, "json",
	    POPT_ARG_NONE), *output = option_row(vo->table, "output",
	    POPT_ARG_STRING);
	const char *format = output != NULL ?
	    *(char **)row_arg(vo, c->opts, output) : NULL;
	char q[DT_QUOTE_SIZE];

	*on = array != NULL && *(int *)row_arg(vo, c->opts, array);
	if (!*on)
		return EXIT_OK;
	if (format != NULL) {
		if (strcmp(format, "json") == 0)
			return EXIT_OK;
		return cli_usage(c->name, "--json-array and -o %s exclude each "
		    "other: --json-array makes JSON Lines (-o json) one array",
		    cli_quote(q, format));
	}
	if (json == NULL)
		return cli_usage(c->name, "--json-array goes with -o json");
	*(int *)row_arg(vo, c->opts, json) = 1;
	return EXIT_OK;
}

/*
 * -o text|json (CLI_OUTPUT_OPTION, known by its help text), checked
 * into the row named "json" for every verb that has it, after
 * --json-array and before the verb's check.
 */
static int
output_check(const struct verb_call *c, const struct verb_options *vo)
{
	const struct verb_option *output = option_row(vo->table, "output",
	    POPT_ARG_STRING), *json = option_row(vo->table, "json",
	    POPT_ARG_NONE);

	if (output == NULL || strcmp(output->descrip, CLI_OUTPUT_HELP) != 0)
		return EXIT_OK;
	assert(json != NULL);
	return cli_output(c->name, *(char **)row_arg(vo, c->opts, output),
	    row_arg(vo, c->opts, json));
}

const char *
verb_synopsis(const struct verb *v)
{
	/* What popt's own usage line says of a verb without operands. */
	return v->operands != NULL ? v->operands : "[OPTION...]";
}

/*
 * The row's operands as a message says them: "MAJOR MINOR | -" is
 * "MAJOR MINOR or -"; a choice inside brackets is left as it is.
 */
static void
spell_operands(char *buf, size_t len, const char *s)
{
	size_t n = 0;
	int depth = 0;

	for (; *s != '\0' && n + 4 < len; s++) {
		depth += *s == '[' ? 1 : *s == ']' ? -1 : 0;
		if (depth == 0 && strncmp(s, " | ", 3) == 0) {
			memcpy(buf + n, " or ", 4);
			n += 4;
			s += 2;
		} else
			buf[n++] = *s;
	}
	buf[n] = '\0';
}

int
verb_operands_error(const struct verb_call *c)
{
	char want[128];

	if (c->verb->operands == NULL)
		return cli_usage(c->name, "%s takes no operands",
		    c->verb->name);
	spell_operands(want, sizeof(want), c->verb->operands);
	return cli_usage(c->name, "expected %s, got %d operand%s", want,
	    c->nargs, c->nargs == 1 ? "" : "s");
}

/*
 * Whether argv, after argv[0], holds a word popt would read as an option
 * ("-" alone is standard input, an operand; "--" is popt's to take).
 * Without one, popt would hand the operands back as they are: the runner
 * takes them so, and a run of "encode 300 5" starts no parser and
 * allocates nothing (start-up, in README's Benchmarks).
 */
static bool
has_options(int argc, const char **argv)
{
	for (int i = 1; i < argc; i++)
		if (argv[i][0] == '-' && argv[i][1] != '\0')
			return true;
	return false;
}

/* The instance of the options struct lives on verb_run's stack. */
#define OPTS_ROOM 1024

/*
 * Runs a verb, argv[0] being "devtool VERB" and argv[argc] NULL: makes
 * the run's instance of its options struct (verbs.h), parses its
 * options into it when there are any (popt's --help prints the row's
 * operands and exits 0 from inside popt), checks --json-array against
 * -o and --json (json_array_check) and -o text|json (output_check), runs
 * the verb's one validation phase over its options and operands (the
 * row's check), reads -f and --strict
 * where the verb has them (a -f given is checked even when no operand
 * needs the layout: a typo is an error; DEVTOOL_FORMAT only where the
 * verb reads it), checks the operand count against the row, calls the
 * handler (with --json-array, its standard output one array, closed
 * whatever the handler returns), and frees what popt allocated and what
 * the verb's done hook frees.
 */
int
verb_run(const struct verb_table *t, const struct verb *v, int argc,
    const char **argv)
{
	const struct verb_options *vo = v->options;
	union {
		max_align_t align;
		unsigned char bytes[OPTS_ROOM];
	} room = { 0 };
	struct verb_call c = { .table = t, .verb = v, .name = argv[0],
	    .args = argv + 1, .opts = &room };
	const struct cli_layout_opts *lo;
	struct poptOption *table = NULL;
	poptContext con = NULL;
	bool array = false;
	int rc;

	/* (a verb whose struct outgrows the room fails every test of it) */
	assert(vo->size <= sizeof(room) && argv[argc] == NULL);
	if (vo->defaults != NULL)
		memcpy(c.opts, vo->defaults, vo->size);
	if (has_options(argc, argv)) {
		const char **args;

		table = table_copy(vo, c.opts);
		con = options_context(argc, argv, table, verb_synopsis(v));
		if ((rc = options_parse(con, c.name, v, table)) != EXIT_OK)
			goto out;
		args = poptGetArgs(con);
		c.args = args != NULL ? args : argv + argc;
	}
	c.nargs = count_args(c.args);
	lo = layout_opts(vo, c.opts);
	c.layout_given = lo != NULL && lo->format != NULL;
	if ((rc = json_array_check(&c, vo, &array)) != EXIT_OK ||
	    (rc = output_check(&c, vo)) != EXIT_OK ||
	    (v->check != NULL && (rc = v->check(&c)) != EXIT_OK) ||
	    (lo != NULL && (c.layout_given || !v->no_layout_env) &&
	    (rc = cli_layout(lo->format, lo->strict, &c.layout)) != EXIT_OK))
		goto out;
	if (c.nargs < v->min || (v->max != VERB_ANY && c.nargs > v->max))
		rc = verb_operands_error(&c);
	else if (!array)
		rc = v->run(&c);
	else {
		if (lines_out_array_begin() != 0)
			cli_fatal("standard output");
		rc = v->run(&c);
		rc = cli_worse(rc, cli_array_end());
	}
out:
	if (table != NULL)
		options_free(vo, c.opts, table);
	if (vo->done != NULL)
		vo->done(c.opts);
	if (con != NULL)
		poptFreeContext(con);
	if (table != NULL)
		table_free(table);
	return rc;
}
