/*
 * devtool.c - main and the verb table (see verbs.h).  The handlers are
 * in their verbs' own files.
 */
#include <assert.h>
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli/cli.h"
#include "encode.h"
#include "base/nearest.h"
#include "base/text.h"
#include "cli/verbs.h"

#ifndef VERSION
#define VERSION "unknown"
#endif

/*
 * Each field named (designated initializers): a value cannot land in the
 * wrong field, and a row stays right when struct verb changes.
 */
static const struct verb verbs[] = {
	{ .name = "encode", .run = cmd_encode, .options = &encode_options,
	  .operands = "MAJOR MINOR | MAJOR:MINOR | -", .min = 1, .max = 2,
	  .help = "pack a major and a minor into one value",
	  .examples =
	  "  # the value of 300:5 under the default layout, 16:16\n"
	  "  devtool encode 300 5\n"
	  "  # the same pair as the kernel encodes it, in hexadecimal\n"
	  "  devtool encode -f linux -x 300 5\n" },
	{ .name = "decode", .run = cmd_decode, .options = &decode_options,
	  .operands = "VALUE... | -", .min = 1, .max = VERB_ANY,
	  .check = check_decode,
	  .help = "split values into major and minor",
	  .examples =
	  "  # the major and minor of two values under 16:16\n"
	  "  devtool decode 0x12c0005 259\n"
	  "  # a number stat(1) printed, in this system's encoding\n"
	  "  devtool decode -f native --colon \"$(stat -c %r /dev/null)\"\n" },
	{ .name = "convert", .run = cmd_convert, .options = &convert_options,
	  .operands = "-t LAYOUT VALUE... | -", .min = 1, .max = VERB_ANY,
	  .check = check_convert,
	  .help = "re-encode values from one layout into another",
	  .examples =
	  "  # old 16:16 values as stat(2) reports them today\n"
	  "  devtool convert -f 16:16 -t linux -x 0x12c0005 0x801\n"
	  "  # a file of 8:8 values, one a line\n"
	  "  devtool convert -f 8:8 -t linux - < old.txt > new.txt\n" },
	{ .name = "explain", .run = cmd_explain, .options = &explain_options,
	  .operands = "MAJOR MINOR | MAJOR:MINOR | VALUE | PATH | --value V",
	  .min = 0, .max = 2, .check = check_explain, .no_layout_env = true,
	  .help = "draw the bits of a value, name the device",
	  .examples =
	  "  # the bits of 300:5 under the kernel's layout\n"
	  "  devtool explain -f linux 300 5\n"
	  "  # the device a number names: c ttyS0, a serial port\n"
	  "  devtool explain 4:64\n" },
	{ .name = "formats", .run = cmd_formats, .options = &formats_options,
	  .operands = NULL, .min = 0, .max = 0,
	  .help = "list every layout",
	  .examples =
	  "  # every layout, with its ranges and the compat rule\n"
	  "  devtool formats\n"
	  "  # the layouts the compat rule applies to\n"
	  "  devtool formats --json | jq -r 'select(.compat) | .name'\n" },
	{ .name = "mknod", .run = cmd_mknod, .options = &mknod_options,
	  .operands = "PATH TYPE [MAJOR MINOR | VALUE]", .min = 2, .max = 4,
	  .check = check_mknod, .no_layout_env = true,
	  .help = "create a device node or FIFO",
	  .examples =
	  "  # a disk node, group disk, mode 0660\n"
	  "  devtool mknod -m 0660 -g disk /dev/sdb b 8 16\n"
	  "  # /dev/ttyS0 to /dev/ttyS3, as 4:64 to 4:67\n"
	  "  devtool mknod --count 4 /dev/ttyS c 4 64\n" },
	{ .name = "devices", .run = cmd_devices, .options = &devices_options,
	  .operands = "[NAME|MAJOR...]", .min = 0, .max = VERB_ANY,
	  .help = "list the drivers in /proc/devices",
	  .examples =
	  "  # the major of the misc driver\n"
	  "  devtool devices misc\n"
	  "  # every block driver\n"
	  "  devtool devices -b\n" },
	{ .name = "list", .run = cmd_list, .options = &list_options,
	  .operands = "[PATH...]", .min = 0, .max = VERB_ANY,
	  .check = check_list,
	  .help = "print the nodes of trees as a device table",
	  .examples =
	  "  # the sound nodes as a systemd-tmpfiles table\n"
	  "  devtool list -o tmpfiles /dev/snd > /etc/tmpfiles.d/snd.conf\n"
	  "  # whether a 16-bit dev_t could hold every node\n"
	  "  devtool list --check 8:8 /dev || echo \"needs a 32-bit dev_t\"\n" },
	{ .name = "apply", .run = cmd_apply, .options = &apply_options,
	  .operands = "TABLE... | -", .min = 0, .max = VERB_ANY,
	  .check = check_apply,
	  .help = "create the entries of device tables",
	  .examples =
	  "  # what apply would do under /mnt/img, without doing it\n"
	  "  devtool apply -n -v --root /mnt/img dev.table\n"
	  "  # the same entries into a cpio archive, without root\n"
	  "  devtool apply --archive dev.cpio dev.table\n" },
	{ .name = "make", .run = cmd_make, .options = &make_options,
	  .operands = "NAME|GROUP...", .min = 1, .max = VERB_ANY,
	  .check = check_make, .help_more = make_help_names,
	  .help = "create devices by name or group, as MAKEDEV",
	  .examples =
	  "  # every device of MAKEDEV's generic group, into a cpio archive\n"
	  "  devtool make --archive dev.cpio generic\n"
	  "  # two devices as a systemd-tmpfiles table\n"
	  "  devtool make -o tmpfiles fuse tun > /etc/tmpfiles.d/dev.conf\n" },
	{ .name = "diff", .run = cmd_diff, .options = &diff_options,
	  .operands = "A B (each --table FILE, --archive FILE, --kernel or a "
	  "PATH)", .min = 0, .max = 2, .check = check_diff,
	  .help = "compare two sources of entries, field by field",
	  .examples =
	  "  # a tree against the table it was made from\n"
	  "  devtool diff --table dev.table --root /mnt/new /dev\n"
	  "  # the nodes devtmpfs would make that /dev lacks, or has stale\n"
	  "  devtool diff --only c,b --kernel /dev\n" },
	{ .name = "help", .run = cmd_help, .options = &help_options,
	  .operands = "[VERB]", .min = 0, .max = 1,
	  .help = "show the manual page of devtool or of a verb",
	  .examples =
	  "  # the manual page of apply, devtool-apply(1)\n"
	  "  devtool help apply\n"
	  "  # the overview, devtool(1): layouts, exit status, environment\n"
	  "  devtool help\n" },
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
	fprintf(fp, "\nEvery verb takes --help; 'devtool help VERB' shows its "
	    "manual page.\nLayouts: %s.\n",
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

/*
 * An unknown option before the verb, with the nearest global one when
 * it is near (devtool(1), DIAGNOSTICS).
 */
static int
unknown_global(const char *arg)
{
	static const char *const longs[] = { "quiet", "help", "version" };
	struct dt_nearest n;
	char q[DT_QUOTE_SIZE];

	dt_nearest_init(&n, arg + 2, 2);
	for (size_t k = 0; strncmp(arg, "--", 2) == 0 && k < 3; k++)
		dt_nearest_offer(&n, longs[k]);
	if (n.best != NULL)
		return cli_usage("devtool", "%s: unknown option; did you mean "
		    "--%s?", cli_quote(q, arg), n.best);
	return cli_usage("devtool", "%s: unknown option", cli_quote(q, arg));
}

/*
 * An unknown verb: the nearest one when it is near, as git suggests a
 * command (devtool(1), DIAGNOSTICS), else every verb.
 */
static int
unknown_verb(const char *name)
{
	char names[256] = "", q[DT_QUOTE_SIZE];
	struct dt_nearest n;

	dt_nearest_init(&n, name, 2);
	for (size_t v = 0; v < NVERBS; v++)
		dt_nearest_offer(&n, verbs[v].name);
	if (n.best != NULL)
		return cli_usage("devtool", "unknown verb '%s'; did you mean "
		    "'%s'?", cli_quote(q, name), n.best);
	for (size_t v = 0; v < NVERBS; v++)
		snprintf(names + strlen(names), sizeof(names) - strlen(names),
		    " %s", verbs[v].name);
	return cli_usage("devtool", "unknown verb '%s'; verbs:%s",
	    cli_quote(q, name), names);
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
		} else
			return unknown_global(argv[i]);
	}
	*next = i;
	return -1;
}

/*
 * Started with descriptor 0, 1 or 2 closed, the first file devtool opens
 * would take its number: a message meant for standard error would land
 * in an archive's temporary or the lock file.  Each closed one is opened
 * on /dev/null first, as coreutils (gnulib's stdopen) does, and for the
 * direction it is not used in, as stdopen does too, so that reading a
 * closed standard input or writing a closed standard output still fails
 * (EBADF) rather than reading nothing or writing nowhere.  When
 * /dev/null cannot be opened, devtool ends at once (devtool(1), EXIT
 * STATUS): it cannot keep its files from those numbers.
 */
static void
std_fds_open(void)
{
	/* One poll(2) asks after the three: POLLNVAL is a closed one. */
	struct pollfd p[] = {
		{ .fd = STDIN_FILENO }, { .fd = STDOUT_FILENO },
		{ .fd = STDERR_FILENO },
	};

	if (poll(p, 3, 0) == 0)
		return;
	for (int fd = STDIN_FILENO; fd <= STDERR_FILENO; fd++) {
		int got;

		/* POLLHUP or POLLERR (a closed pipe) is an open descriptor */
		if (!(p[fd].revents & POLLNVAL))
			continue;
		got = open("/dev/null", fd == STDIN_FILENO ? O_WRONLY : O_RDONLY);
		if (got == fd)
			continue;
		/* (got is fd or -1: every lower descriptor is open by now) */
		if (got >= 0)
			close(got);
		else
			cli_error("standard %s is closed and /dev/null cannot "
			    "take its place: %s", fd == STDIN_FILENO ? "input" :
			    fd == STDOUT_FILENO ? "output" : "error",
			    strerror(errno));
		exit(EXIT_FAILED);
	}
}

int
main(int argc, char **argv)
{
	const struct verb *verb;
	const char **vargv;
	char name[32];
	int i = 0, rc;

	std_fds_open();
	cli_init();
	/*
	 * Options may follow operands whatever the environment says.  (Asked
	 * first: unsetenv takes the environment's lock and a page of libc
	 * that a run without them need not touch.)
	 */
	if (getenv("POSIXLY_CORRECT") != NULL)
		unsetenv("POSIXLY_CORRECT");
	if (getenv("POSIX_ME_HARDER") != NULL)
		unsetenv("POSIX_ME_HARDER");
	if ((rc = global_options(argc, argv, &i)) >= 0)
		return rc;
	if (i == argc) {
		usage(stderr);
		return EXIT_USAGE;
	}
	if ((verb = find_verb(argv[i])) == NULL)
		return unknown_verb(argv[i]);
	/* (no printf at start: vfprintf is pages of libc of its own) */
	assert(strlen(verb->name) < sizeof(name) - sizeof("devtool "));
	memcpy(stpcpy(name, "devtool "), verb->name, strlen(verb->name) + 1);
	/* The verb's argv is main's from the verb on, named "devtool VERB". */
	argv[i] = name;
	vargv = (const char **)argv + i;
	return verb_run(&(const struct verb_table){ .verbs = verbs,
	    .n = NVERBS, .usage = usage }, verb, argc - i, vargv);
}
