/*
 * sig.c - hooks run on a fatal signal before its default action (sig.h).
 */
#include <assert.h>
#include <errno.h>
#include <signal.h>
#include <stdbool.h>
#include <string.h>

#include "sys/sig.h"

int
sig_block(sigset_t *old)
{
	sigset_t all;

	assert(old != NULL);
	sigfillset(&all);
	return sigprocmask(SIG_BLOCK, &all, old);
}

void
sig_restore(const sigset_t *old)
{
	int saved = errno;

	assert(old != NULL);
	sigprocmask(SIG_SETMASK, old, NULL);
	errno = saved;
}

static void (*volatile hooks[SIG_HOOKS_MAX])(void);
static volatile sig_atomic_t nhooks;

/* Every hook, then the default (SA_RESETHAND | SA_NODEFER). */
static void
on_fatal(int sig)
{
	for (sig_atomic_t i = 0; i < nhooks; i++)
		hooks[i]();
	(void)raise(sig);
}

/* Once: signals whose default is to end the process, unless ignored. */
static void
install(void)
{
	static const int sigs[] = {
		SIGHUP, SIGINT, SIGQUIT, SIGTERM, SIGPIPE, SIGALRM, SIGUSR1,
		SIGUSR2, SIGXCPU, SIGXFSZ, SIGVTALRM, SIGPROF,
	};
	struct sigaction sa, old;

	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = on_fatal;
	sa.sa_flags = SA_RESETHAND | SA_NODEFER;
	sigfillset(&sa.sa_mask);
	for (size_t i = 0; i < sizeof(sigs) / sizeof(sigs[0]); i++)
		if (sigaction(sigs[i], NULL, &old) == 0 &&
		    old.sa_handler == SIG_DFL)
			sigaction(sigs[i], &sa, NULL);
}

int
sig_on_fatal(void (*undo)(void))
{
	static bool installed;
	sigset_t old;
	int rc = 0;

	assert(undo != NULL);
	if (sig_block(&old) != 0)
		return -1;
	for (sig_atomic_t i = 0; i < nhooks; i++)
		if (hooks[i] == undo)
			goto out;
	if (nhooks == SIG_HOOKS_MAX)
		rc = -1;
	else
		hooks[nhooks++] = undo;
	if (!installed) {
		install();
		installed = true;
	}
out:
	sig_restore(&old);
	return rc;
}
