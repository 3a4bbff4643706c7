/*
 * cli_output.c - -o text|json, JSON strings and dialect tables for the
 * verbs.  See cli_output.h.
 */
#include <assert.h>
#include <stdio.h>
#include <string.h>

#include "cli/cli.h"
#include "cli/cli_output.h"
#include "base/buf.h"
#include "base/text.h"
#include "dialects/dialect.h"

int
cli_output(const char *name, const char *output, int *json)
{
	char q[DT_QUOTE_SIZE];

	if (output == NULL || strcmp(output, "text") == 0)
		return EXIT_OK;
	if (strcmp(output, "json") == 0) {
		*json = 1;
		return EXIT_OK;
	}
	return cli_usage(name, "unknown output format '%s'; valid: text, "
	    "json", cli_quote(q, output));
}

void
cli_put_json_string(FILE *fp, const char *s)
{
	struct dt_buf buf = DT_BUF_INIT;

	dt_json_string(&buf, s);
	if (dt_buf_failed(&buf))
		cli_fatal(NULL);
	fputs(buf.s, fp);
	dt_buf_free(&buf);
}

void
cli_table_line(void *ctx, const char *line)
{
	struct cli_table *t = ctx;

	assert(t != NULL && t->fp != NULL && t->dialect != NULL &&
	    line != NULL);
	if (t->lines++ > 0)
		fprintf(t->fp, "%s\n", t->dialect->separator != NULL ?
		    t->dialect->separator : "");
	fputs(line, t->fp);
}

void
cli_table_begin(const struct dialect *dl)
{
	assert(dl != NULL);
	if (dl->header != NULL)
		puts(dl->header);
}

int
cli_table_end(const struct cli_table *t)
{
	assert(t != NULL && t->dialect != NULL);
	if (t->lines > 0)
		putchar('\n');
	if (t->dialect->footer != NULL)
		puts(t->dialect->footer);
	return cli_finish_output();
}
