/*
 * devtool.c - main and the verb table (see verbs.h).  The handlers are
 * in their verbs' own files.
 */
#include <stdlib.h>
#include <string.h>

#include "cli/cli.h"
#include "base/text.h"
#include "cli/verbs.h"

#ifndef VERSION
#define VERSION "unknown"
#endif

static const struct verb verbs[] = {
	{ "encode", cmd_encode, encode_options, "MAJOR MINOR | -", 1, 2,
	  NULL, "pack a major and a minor into one value" },
	{ "decode", cmd_decode, decode_options, "VALUE... | -", 1, VERB_ANY,
	  check_decode, "split values into major and minor" },
	{ "convert", cmd_convert, convert_options, "-t LAYOUT VALUE... | -",
	  1, VERB_ANY, check_convert,
	  "re-encode values from one layout into another" },
	{ "explain", cmd_explain, explain_options, "MAJOR MINOR | --value V",
	  0, 2, NULL, "draw the bits of a value" },
	{ "formats", cmd_formats, formats_options, NULL, 0, 0,
	  NULL, "list every layout" },
	{ "mknod", cmd_mknod, mknod_options,
	  "PATH TYPE [MAJOR MINOR | VALUE]", 2, 4,
	  check_mknod, "create a device node or FIFO" },
	{ "devices", cmd_devices, devices_options, "[NAME...]", 0, VERB_ANY,
	  NULL, "list the drivers in /proc/devices" },
	{ "list", cmd_list, list_options, "[PATH...]", 0, VERB_ANY,
	  NULL, "print the nodes of trees as a device table" },
	{ "apply", cmd_apply, apply_options, "TABLE... | -", 1, VERB_ANY,
	  check_apply, "create the entries of device tables" },
};
#define NVERBS (sizeof(verbs) / sizeof(verbs[0]))

static void
usage(FILE *fp)
{
	fprintf(fp, "Usage: devtool [-q] [--help | --version] VERB "
	    "[OPTIONS] ARGS\n\nVerbs:\n");
	for (size_t i = 0; i < NVERBS; i++)
		fprintf(fp, "  %-8s %s\n  %8s   %s\n", verbs[i].name,
		    verb_synopsis(&verbs[i]), "", verbs[i].help);
	fprintf(fp, "\nEvery verb takes --help.  Layouts: %s.\n",
	    dt_layout_names());
}

static const struct verb *
find_verb(const char *name)
{
	for (size_t i = 0; i < NVERBS; i++)
		if (strcmp(verbs[i].name, name) == 0)
			return &verbs[i];
	return NULL;
}

/* Global options come before the verb; popt takes over after it. */
static int
global_options(int argc, char **argv, int *next)
{
	int i;

	for (i = 1; i < argc && argv[i][0] == '-'; i++) {
		if (strcmp(argv[i], "-q") == 0 ||
		    strcmp(argv[i], "--quiet") == 0)
			cli_quiet = 1;
		else if (strcmp(argv[i], "-h") == 0 ||
		    strcmp(argv[i], "--help") == 0) {
			usage(stdout);
			return cli_finish_output();
		} else if (strcmp(argv[i], "-V") == 0 ||
		    strcmp(argv[i], "--version") == 0) {
			printf("devtool %s\n", VERSION);
			return cli_finish_output();
		} else if (strcmp(argv[i], "--") == 0) {
			i++;
			break;
		} else {
			char q[DT_QUOTE_SIZE];

			return cli_usage("devtool", "%s: unknown option",
			    cli_quote(q, argv[i]));
		}
	}
	*next = i;
	return -1;
}

int
main(int argc, char **argv)
{
	const struct verb *verb;
	const char **vargv;
	char name[32];
	int i = 0, rc;

	cli_init();
	/* Options may follow operands whatever the environment says. */
	unsetenv("POSIXLY_CORRECT");
	unsetenv("POSIX_ME_HARDER");
	if ((rc = global_options(argc, argv, &i)) >= 0)
		return rc;
	if (i == argc) {
		usage(stderr);
		return EXIT_USAGE;
	}
	if ((verb = find_verb(argv[i])) == NULL) {
		char names[256] = "", q[DT_QUOTE_SIZE];

		for (size_t v = 0; v < NVERBS; v++)
			snprintf(names + strlen(names), sizeof(names) -
			    strlen(names), " %s", verbs[v].name);
		return cli_usage("devtool", "unknown verb '%s'; verbs:%s",
		    cli_quote(q, argv[i]), names);
	}
	snprintf(name, sizeof(name), "devtool %s", verb->name);
	if ((vargv = calloc((size_t)(argc - i) + 1, sizeof(*vargv))) == NULL)
		cli_fatal(NULL);
	vargv[0] = name;
	for (int j = i + 1; j < argc; j++)
		vargv[j - i] = argv[j];
	rc = verb_run(verb, argc - i, vargv);
	free(vargv);
	return rc;
}
