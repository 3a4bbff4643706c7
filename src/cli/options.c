/*
 * options.c - the options several verbs share.  See options.h.
 */
#include <string.h>

#include "base/text.h"
#include "cli/cli.h"
#include "cli/env.h"
#include "cli/options.h"
#include "cli/suggest.h"
#include "dialects/dialect.h"

struct root *
options_root(const char *dir)
{
	return options_tree("--root", dir);
}

struct root *
options_tree(const char *option, const char *dir)
{
	struct root *r = root_open(dir, env_resolve(), env_faker());

	if (r == NULL) {
		if (dir == NULL)	/* only malloc can fail */
			cli_fatal(NULL);
		cli_arg_error(option, dir);
	}
	return r;
}

int
options_merge(const char *verb, const char *value, enum conflicts_merge *how)
{
	char q[DT_QUOTE_SIZE];

	if (value == NULL || strcmp(value, "error") == 0)
		*how = CONFLICTS_ERROR;
	else if (strcmp(value, "last") == 0)
		*how = CONFLICTS_LAST;
	else if (strcmp(value, "first") == 0)
		*how = CONFLICTS_FIRST;
	else
		return cli_usage(verb, "unknown --merge '%s'; valid: error, "
		    "last, first", cli_quote(q, value));
	return EXIT_OK;
}

int
options_output(const char *verb, const char *value,
    const struct dialect **out)
{
	char q[DT_QUOTE_SIZE], best[SUGGEST_SIZE];
	struct dt_buf names = DT_BUF_INIT;
	int rc;

	*out = dialect_named(value != NULL ? value : "makedevs");
	if (*out != NULL)
		return EXIT_OK;
	if (suggest_dialect(value, false, best))
		return cli_usage(verb, "unknown output '%s'; did you mean "
		    "'%s'?", cli_quote(q, value), best);
	dialect_names(&names, false);
	rc = cli_usage(verb, "unknown output '%s'; valid: %s",
	    cli_quote(q, value), dt_buf_failed(&names) ? "?" :
	    dt_buf_str(&names));
	dt_buf_free(&names);
	return rc;
}
