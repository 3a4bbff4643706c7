/*
 * cli_output.h - what verbs print besides messages and the value
 * streams (cli_stream.h): -o text|json, a JSON string, and the lines of
 * a table in a dialect.
 */
#ifndef DEVTOOL_CLI_OUTPUT_H
#define DEVTOOL_CLI_OUTPUT_H

#include <stddef.h>
#include <stdio.h>

#include <popt.h>

/*
 * -o FORMAT where --json also exists: "json" sets *json, "text" is the
 * default; anything else is a usage error.  Both spellings are accepted
 * wherever JSON is printed (devtool(1), OUTPUT).
 */
int cli_output(const char *name, const char *output, int *json);

/*
 * -o so, stored into a char * field of the options struct (verbs.h).
 * The verb runner (verb.c) knows the row by its help text, this one
 * (the -o of list, make and diff names a dialect instead), and
 * checks it with cli_output into the row named "json" before the verb's
 * check hook: a verb has nothing to do for it.
 */
#define CLI_OUTPUT_HELP "text (default) or json, as --json"
#define CLI_OUTPUT_OPTION(type, field) \
	{ "output", 'o', POPT_ARG_STRING, VERB_OPT(type, field), 0, \
	  CLI_OUTPUT_HELP, "FORMAT" }

/*
 * --json-array, as every verb that prints JSON Lines spells it, stored
 * into an int field of the verb's options struct type (VERB_OPT,
 * verbs.h).  The verb runner (verb.c)
 * finds it by name: it implies the row named "json" (--json), goes only
 * with -o json where the verb has -o, and makes the handler's whole
 * standard output one JSON array (out.h); cli_array_end (cli.h) closes
 * it.
 */
#define CLI_JSON_ARRAY_OPTION(type, field) \
	CLI_JSON_ARRAY_OPTION_SAYING(type, field, "print the records as one " \
	    "JSON array, not JSON Lines (implies --json)")
#define CLI_JSON_ARRAY_OPTION_SAYING(type, field, help) \
	{ "json-array", '\0', POPT_ARG_NONE, VERB_OPT(type, field), 0, help, \
	  "" }

/* s as a JSON string, quotes included (dt_json_string, text.h). */
void cli_put_json_string(FILE *fp, const char *s);

/*
 * A table being written (list -o, make -o, list --table): the dialect's
 * separator after every line but the last, the last line's newline
 * written by the caller at the end.  cli_table_line is a
 * dialect_line_fn, so the parent lines of dialect_parents come the same
 * way.
 */
struct dialect;
struct cli_table {
	FILE *fp;
	const struct dialect *dialect;
	size_t lines;		/* written so far */
};
void cli_table_line(void *ctx, const char *line);
/* Before a table's first line: the dialect's header, if any, on stdout. */
void cli_table_begin(const struct dialect *dl);
/*
 * After t's last line, on stdout: that line's newline and the dialect's
 * footer, if any, then flushed: cli_finish_output's EXIT_OK or
 * EXIT_FAILED.  t's lines may have gone elsewhere first (list --table
 * holds a rule dialect's in memory until all is well).
 */
int cli_table_end(const struct cli_table *t);

#endif
