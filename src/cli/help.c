/*
 * help.c - the help verb: the manual page of devtool or of a verb, as
 * git help shows git-VERB(1), or the same command's --help where the
 * manual cannot be shown (devtool-help(1)).
 */
#include <errno.h>
#include <fcntl.h>
#include <spawn.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "cli/cli.h"
#include "base/buf.h"
#include "base/nearest.h"
#include "base/text.h"
#include "cli/verbs.h"

extern char **environ;

static const struct verb_option help_table[] = {
	CLI_TABLE_END
};

/* help has no options of its own: no struct. */
const struct verb_options help_options = { .table = help_table };

/*
 * Whether man finds PAGE in section 1: "man -w 1 PAGE" exits 0 and prints
 * its file.  Asked first, not read from man's status after showing it,
 * because that status differs between man-db and mandoc's man, and by
 * then man has printed its own complaint; false also when there is no
 * man to run (the spawn fails) or it dies.
 */
static bool
man_finds(const char *page)
{
	char *const argv[] = { "man", "-w", "1", (char *)page, NULL };
	posix_spawn_file_actions_t fa;
	pid_t pid;
	int status, rc;

	if (posix_spawn_file_actions_init(&fa) != 0)
		return false;
	if (posix_spawn_file_actions_addopen(&fa, STDOUT_FILENO, "/dev/null",
	    O_WRONLY, 0) != 0 ||
	    posix_spawn_file_actions_adddup2(&fa, STDOUT_FILENO,
	    STDERR_FILENO) != 0) {
		posix_spawn_file_actions_destroy(&fa);
		return false;
	}
	rc = posix_spawnp(&pid, "man", &fa, NULL, argv, environ);
	posix_spawn_file_actions_destroy(&fa);
	if (rc != 0)
		return false;
	while (waitpid(pid, &status, 0) == -1)
		if (errno != EINTR)
			return false;
	return WIFEXITED(status) && WEXITSTATUS(status) == 0;
}

static const struct verb *
help_find(const struct verb_table *t, const char *name)
{
	for (size_t i = 0; i < t->n; i++)
		if (strcmp(t->verbs[i].name, name) == 0)
			return &t->verbs[i];
	return NULL;
}

/*
 * An operand that is not a verb: the nearest verb when one is near, as
 * for "devtool VERB" (devtool(1), DIAGNOSTICS), else where they are
 * listed.
 */
static int
help_unknown(const struct verb_table *t, const char *verb, const char *name)
{
	struct dt_nearest n;
	char q[DT_QUOTE_SIZE];

	dt_nearest_init(&n, name, 2);
	for (size_t i = 0; i < t->n; i++)
		dt_nearest_offer(&n, t->verbs[i].name);
	if (n.best != NULL)
		return cli_usage(verb, "'%s' is not a verb; did you mean "
		    "'%s'?", cli_quote(q, name), n.best);
	return cli_usage(verb, "'%s' is not a verb; devtool --help lists "
	    "them", cli_quote(q, name));
}

/*
 * "devtool help" is devtool(1), "devtool help VERB" devtool-VERB(1),
 * shown by "man 1 PAGE", which takes devtool's place (its status is the
 * run's).  Where man cannot show the page (no man on PATH, or no such
 * page in its MANPATH), the same help comes from devtool itself: devtool
 * --help or devtool VERB --help, after a warning that names the page.
 */
int
cmd_help(const struct verb_call *c)
{
	const struct verb *v = NULL;
	struct dt_buf page = DT_BUF_INIT, name = DT_BUF_INIT;
	int rc;

	if (c->nargs == 1 && (v = help_find(c->table, c->args[0])) == NULL)
		return help_unknown(c->table, c->name, c->args[0]);
	dt_buf_adds(&page, "devtool");
	dt_buf_adds(&name, "devtool");
	if (v != NULL) {
		dt_buf_adds(&page, "-");
		dt_buf_adds(&page, v->name);
		dt_buf_adds(&name, " ");
		dt_buf_adds(&name, v->name);
	}
	if (dt_buf_failed(&page) || dt_buf_failed(&name))
		cli_fatal("out of memory");
	if (man_finds(dt_buf_str(&page))) {
		char *const argv[] = { "man", "1", (char *)dt_buf_str(&page),
		    NULL };

		if (cli_finish_output() != EXIT_OK)
			return EXIT_FAILED;
		execvp("man", argv);
		/* (man went away between the two: devtool's own help) */
	}
	cli_warn("man cannot show %s(1); here is '%s --help'",
	    dt_buf_str(&page), dt_buf_str(&name));
	if (v == NULL) {
		c->table->usage(stdout);
		rc = cli_finish_output();
	} else {
		const char *argv[] = { dt_buf_str(&name), "--help", NULL };

		/* exits from --help */
		rc = verb_run(c->table, v, 2, argv);
	}
	dt_buf_free(&page);
	dt_buf_free(&name);
	return rc;
}
