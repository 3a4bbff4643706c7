/*
 * sig.c - hooks run on a fatal signal before its default action, and at
 * exit (sig.h).
 */
#include <assert.h>
#include <errno.h>
#include <signal.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

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

/*
 * The hooks, and whether the exit's call is registered: what the
 * handler reads, so the process's (docs/DESIGN.md, "State that is
 * global").  Changed only with signals blocked.
 */
static volatile struct hook {
	void (*undo)(void *);
	void *arg;
} hooks[SIG_HOOKS_MAX];
static volatile sig_atomic_t nhooks;
static bool exit_set;

static void
run_hooks(void)
{
	for (sig_atomic_t i = 0; i < nhooks; i++)
		hooks[i].undo(hooks[i].arg);
}

/* Every hook, then the default (SA_RESETHAND | SA_NODEFER). */
static void
on_fatal(int sig)
{
	run_hooks();
	(void)raise(sig);
}

/* At exit: every hook, once, no signal running them meanwhile. */
static void
on_exit_hooks(int status, void *unused)
{
	sigset_t old;

	(void)status;
	(void)unused;
	if (sig_block(&old) != 0)
		return;
	run_hooks();
	nhooks = 0;
	sig_restore(&old);
}

/*
 * Whether sig's default action ends the process (signal(7)): all but the
 * two that cannot be caught and those whose default is to be ignored, to
 * stop or to continue.  Those that dump core end it too.  Derived rather
 * than listed, so that SIGPWR, SIGIO, SIGSTKFLT, every real-time signal
 * and any the kernel adds are covered.
 */
static bool
ends_process(int sig)
{
	switch (sig) {
	case SIGKILL: case SIGSTOP:
	case SIGCHLD: case SIGCONT: case SIGURG: case SIGWINCH:
	case SIGTSTP: case SIGTTIN: case SIGTTOU:
		return false;
	default:
		return true;
	}
}

/*
 * What the stop phase (sig_stop_begin to sig_stop_end) set aside: each of
 * SIGHUP, SIGINT and SIGTERM's disposition before it, put back at its
 * end, and whether it was replaced (not when ignored).
 */
static const int stop_sigs[] = { SIGHUP, SIGINT, SIGTERM };
static struct sigaction stop_old[3];
static bool stop_set[3];

/* Which of stop_sigs sig is while the stop phase holds it, or -1. */
static int
stop_held(int sig)
{
	for (int i = 0; i < 3; i++)
		if (stop_sigs[i] == sig && stop_set[i])
			return i;
	return -1;
}

/*
 * Once, at the first hook (a run that never holds anything to undo sets
 * no handler: 62 sigaction calls saved): every signal from 1 to
 * SIGRTMAX whose default ends the process, unless it was ignored or
 * handled already (a caller's SIG_IGN is kept, and so are a sanitizer's
 * handlers).  Every one of them can reach a run: any process of the
 * same user (or root) can send any signal, so none is left out.  One
 * sigaction a signal, which sets ours and gives back the old, put back
 * at once where it was not the default: the callers block every signal
 * meanwhile, so none arrives between the two.  sigaction refuses the
 * real-time signals glibc keeps for its threads (below SIGRTMIN): they
 * stay as they are.  A stop signal the stop phase holds keeps its stop
 * handler: the handler set aside for its end becomes ours where it was
 * the default, so that after sig_stop_end it is caught as if the hooks
 * had come first.
 */
static bool installed;

static void
install(void)
{
	struct sigaction sa, old;
	int held;

	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = on_fatal;
	sa.sa_flags = SA_RESETHAND | SA_NODEFER;
	sigfillset(&sa.sa_mask);
	for (int sig = 1; sig <= SIGRTMAX; sig++) {
		if (!ends_process(sig))
			continue;
		if ((held = stop_held(sig)) >= 0) {
			if (stop_old[held].sa_handler == SIG_DFL)
				stop_old[held] = sa;
			continue;
		}
		if (sigaction(sig, &sa, &old) == 0 &&
		    old.sa_handler != SIG_DFL)
			sigaction(sig, &old, NULL);
	}
}

int
sig_on_fatal(void (*undo)(void *), void *arg)
{
	sigset_t old;
	int rc = 0;

	assert(undo != NULL);
	if (sig_block(&old) != 0)
		return -1;
	for (sig_atomic_t i = 0; i < nhooks; i++)
		if (hooks[i].undo == undo && hooks[i].arg == arg)
			goto out;
	if (!exit_set)
		exit_set = on_exit(on_exit_hooks, NULL) == 0;
	if (nhooks == SIG_HOOKS_MAX || !exit_set)
		rc = -1;
	else {
		hooks[nhooks].undo = undo;
		hooks[nhooks].arg = arg;
		nhooks++;
	}
	if (!installed) {
		install();
		installed = true;
	}
out:
	sig_restore(&old);
	return rc;
}

void
sig_off_fatal(void (*undo)(void *), void *arg)
{
	sig_atomic_t i;
	sigset_t old;
	/* removed even so: the hook's arg may be about to be freed */
	bool blocked = sig_block(&old) == 0;

	assert(undo != NULL);
	for (i = 0; i < nhooks; i++)
		if (hooks[i].undo == undo && hooks[i].arg == arg)
			break;
	if (i < nhooks) {
		for (; i + 1 < nhooks; i++) {
			hooks[i].undo = hooks[i + 1].undo;
			hooks[i].arg = hooks[i + 1].arg;
		}
		nhooks--;
	}
	if (blocked)
		sig_restore(&old);
}

volatile sig_atomic_t sig_stopped;

static void
on_stop(int sig)
{
	if (sig_stopped == 0)
		sig_stopped = sig;
}

/*
 * The fatal handlers are not set here but at the first hook (install):
 * one sigaction a stop signal, which sets on_stop and gives back the
 * old, put back at once where it was ignored, every signal blocked
 * meanwhile.
 */
void
sig_stop_begin(void)
{
	struct sigaction sa;
	sigset_t old;

	if (sig_block(&old) != 0)
		return;
	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = on_stop;
	sa.sa_flags = SA_RESTART;
	sigfillset(&sa.sa_mask);
	for (size_t i = 0; i < 3; i++) {
		stop_set[i] = sigaction(stop_sigs[i], &sa, &stop_old[i]) == 0;
		if (stop_set[i] && stop_old[i].sa_handler == SIG_IGN) {
			sigaction(stop_sigs[i], &stop_old[i], NULL);
			stop_set[i] = false;
		}
	}
	sig_restore(&old);
}

/*
 * No handler reads stop_set or stop_old (install runs in sig_on_fatal,
 * never in one): no signal needs blocking here.
 */
void
sig_stop_end(void)
{
	for (size_t i = 0; i < 3; i++)
		if (stop_set[i]) {
			sigaction(stop_sigs[i], &stop_old[i], NULL);
			stop_set[i] = false;
		}
}

void
sig_stop_die(void)
{
	int sig = sig_stopped;
	sigset_t one;

	assert(sig != 0);
	/* What a fatal signal undoes goes first here too (held directories). */
	run_hooks();
	(void)signal(sig, SIG_DFL);
	sigemptyset(&one);
	sigaddset(&one, sig);
	sigprocmask(SIG_UNBLOCK, &one, NULL);
	(void)raise(sig);
	abort();	/* not reached: the default action ends the process */
}
