/*
 * options.c - the options several verbs share.  See options.h.
 */
#include <string.h>

#include "base/text.h"
#include "cli/cli.h"
#include "cli/env.h"
#include "cli/options.h"

struct root *
options_root(const char *dir)
{
	struct root *r = root_open(dir, env_resolve(), env_faker());

	if (r == NULL) {
		if (dir == NULL)	/* only malloc can fail */
			cli_fatal(NULL);
		cli_arg_error("--root", dir);
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
