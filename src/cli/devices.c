/*
 * devices.c - the devices verb: the drivers in /proc/devices, or the
 * majors of the named ones.
 */
#include <errno.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "cli/cli_output.h"
#include "cli/env.h"
#include "codec/procdev.h"
#include "base/text.h"
#include "cli/verbs.h"

struct drivers_query {
	int want_c, want_b, json;
	const char *name;	/* NULL: list everything */
	bool by_major;		/* name is a major: its drivers' lines */
	unsigned long major;
	bool found;
};

static int
print_driver(void *ctx, char type, unsigned long major, const char *name,
    size_t namelen)
{
	struct drivers_query *ls = ctx;
	char buf[256];

	if ((type == 'c' && !ls->want_c) || (type == 'b' && !ls->want_b))
		return 0;
	if (ls->name != NULL && ls->by_major ? major != ls->major :
	    ls->name != NULL && (strlen(ls->name) != namelen ||
	    memcmp(ls->name, name, namelen) != 0))
		return 0;
	ls->found = true;
	snprintf(buf, sizeof(buf), "%.*s", (int)namelen, name);
	if (ls->json) {
		printf("{\"type\":\"%c\",\"major\":%lu,\"name\":", type, major);
		cli_put_json_string(stdout, buf);
		printf("}\n");
	} else if (ls->name != NULL && !ls->by_major)
		printf("%lu\n", major);
	else
		printf("%c %3lu %s\n", type, major, buf);
	return 0;
}

/* A driver's name is never all digits: such a NAME is a major. */
static bool
is_major(const char *s, unsigned long *major)
{
	char *end;

	if (*s < '0' || *s > '9')
		return false;
	errno = 0;
	*major = strtoul(s, &end, 10);
	return *end == '\0' && errno == 0;
}

/*
 * One pass over the file per NAME, so answers come in argument order.
 * An acting status; *missing: a NAME that is not registered.
 */
static int
list_drivers(struct drivers_query *ls, const char **names, bool *missing)
{
	char q[DT_QUOTE_SIZE], qn[DT_QUOTE_SIZE];
	struct procdev_table t;
	int rc = EXIT_OK, i = 0;

	if (cli_drivers_load(&t) != 0)
		return EXIT_FAILED;
	cli_quote(q, env_proc_devices());
	do {
		ls->name = names != NULL ? names[i] : NULL;
		ls->found = false;
		ls->by_major = ls->name != NULL && is_major(ls->name,
		    &ls->major);
		procdev_each(&t, print_driver, ls);
		if (ls->name != NULL && !ls->found) {
			cli_error(ls->by_major ? "no %sdriver of major %s in %s" :
			    "no %sdriver named '%s' in %s",
			    ls->want_c && !ls->want_b ? "character " :
			    ls->want_b && !ls->want_c ? "block " : "",
			    cli_quote(qn, ls->name), q);
			*missing = true;	/* an answer, not an error */
		}
	} while (names != NULL && names[++i] != NULL);
	procdev_free(&t);
	if (cli_finish_output() != EXIT_OK)
		rc = EXIT_FAILED;
	return rc;
}

/* The options of devices: its table stores into the run's instance. */
struct devices_opts {
	struct drivers_query q;	/* -c, -b, --json */
	char *output;		/* -o */
	int json_array;		/* --json-array */
};

#define OPT(field) VERB_OPT(struct devices_opts, field)

static const struct verb_option devices_table[] = {
	{ "char", 'c', POPT_ARG_NONE, OPT(q.want_c), 0,
	  "character devices only", "" },
	{ "block", 'b', POPT_ARG_NONE, OPT(q.want_b), 0,
	  "block devices only", "" },
	{ "json", '\0', POPT_ARG_NONE, OPT(q.json), 0,
	  "print one JSON object per driver", "" },
	CLI_JSON_ARRAY_OPTION(struct devices_opts, json_array),
	CLI_OUTPUT_OPTION(struct devices_opts, output),
	CLI_TABLE_END
};

const struct verb_options devices_options = {
	.table = devices_table, .size = sizeof(struct devices_opts),
};

/*
 * Without operands devices lists, a verb that acts; with NAMEs it answers
 * whether they are registered: 1 for one that is not (EXIT STATUS).
 */
int
cmd_devices(const struct verb_call *c)
{
	const struct devices_opts *o = c->opts;
	struct drivers_query q = o->q;
	bool missing = false;
	int rc;

	if (c->nargs > 0)
		cli_answering();
	if (!q.want_c && !q.want_b)
		q.want_c = q.want_b = 1;
	rc = list_drivers(&q, c->nargs > 0 ? c->args : NULL, &missing);
	return c->nargs > 0 ? cli_answer(rc, missing) : rc;
}
