/*
 * devices.c - the devices verb: the drivers in /proc/devices, or the
 * majors of the named ones.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "procdev.h"
#include "verbs.h"

struct listing {
	int want_c, want_b, json;
	const char **names;	/* NULL: list everything */
	int *found;		/* per name */
};

static int
print_driver(void *ctx, char type, unsigned long major, const char *name,
    size_t namelen)
{
	struct listing *ls = ctx;
	char buf[256];
	int i;

	if ((type == 'c' && !ls->want_c) || (type == 'b' && !ls->want_b))
		return 0;
	if (ls->names != NULL) {
		for (i = 0; ls->names[i] != NULL; i++)
			if (strlen(ls->names[i]) == namelen &&
			    memcmp(ls->names[i], name, namelen) == 0)
				break;
		if (ls->names[i] == NULL)
			return 0;
		ls->found[i] = 1;
	}
	snprintf(buf, sizeof(buf), "%.*s", (int)namelen, name);
	if (ls->json) {
		printf("{\"type\":\"%c\",\"major\":%lu,\"name\":", type, major);
		put_json_string(stdout, buf);
		printf("}\n");
	} else if (ls->names != NULL)
		printf("%lu\n", major);
	else
		printf("%c %3lu %s\n", type, major, buf);
	return 0;
}

static int
list_drivers(struct listing *ls)
{
	const char *path = procdev_path();
	struct dt_diag d;
	unsigned long bad;
	char *buf;
	size_t len;
	int rc = EXIT_OK;

	if (procdev_read(path, &buf, &len) != 0) {
		cli_error("%s: %s", path, strerror(errno));
		return EXIT_FAIL;
	}
	if (procdev_parse(buf, len, print_driver, ls, &bad, &d) < 0) {
		cli_error("%s:%lu: %s", path, bad, d.msg);
		rc = EXIT_FAIL;
	}
	free(buf);
	for (int i = 0; rc == EXIT_OK && ls->names && ls->names[i]; i++)
		if (!ls->found[i]) {
			cli_error("no %sdriver named '%s' in %s",
			    ls->want_c && !ls->want_b ? "character " :
			    ls->want_b && !ls->want_c ? "block " : "",
			    ls->names[i], path);
			rc = EXIT_FAIL;
		}
	if (cli_finish_output() != EXIT_OK)
		rc = EXIT_FAIL;
	return rc;
}

int
cmd_devices(int argc, const char **argv)
{
	struct listing ls = { 0 };
	struct poptOption table[] = {
		{ "char", 'c', POPT_ARG_NONE, &ls.want_c, 0,
		  "character devices only", NULL },
		{ "block", 'b', POPT_ARG_NONE, &ls.want_b, 0,
		  "block devices only", NULL },
		{ "json", '\0', POPT_ARG_NONE, &ls.json, 0,
		  "print one JSON object per driver", NULL },
		CLI_TABLE_END
	};
	poptContext con = cli_context(argc, argv, table, "[NAME...]");
	int rc, n;

	if ((rc = cli_parse(con, argv[0])) != EXIT_OK)
		goto out;
	if (!ls.want_c && !ls.want_b)
		ls.want_c = ls.want_b = 1;
	ls.names = poptGetArgs(con);
	n = cli_count(ls.names);
	if (n > 0 && (ls.found = calloc((size_t)n, sizeof(int))) == NULL) {
		cli_error("out of memory");
		rc = EXIT_FAIL;
		goto out;
	}
	rc = list_drivers(&ls);
	free(ls.found);
out:
	poptFreeContext(con);
	return rc;
}
