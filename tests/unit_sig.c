/*
 * unit_sig.c - what a fatal signal undoes first (src/sys/sig.h), and the
 * stop phase of apply and make around it.  Each case runs in a child of
 * its own, every signal at its default first (the handlers are set once
 * a process): the hook writes a byte to a pipe, and the parent reads the
 * bytes and how the child ended.
 */
#include <signal.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "sys/sig.h"
#include "tap.h"

static int hook_fd = -1;

/* The hook: async-signal-safe, one byte a call. */
static void
hook(void *arg)
{
	(void)arg;
	if (write(hook_fd, "x", 1) != 1)
		_exit(91);
}

/* sig's handler: SIG_DFL, SIG_IGN or (anything else) a handler. */
static void (*handler_of(int sig))(int)
{
	struct sigaction sa;

	if (sigaction(sig, NULL, &sa) != 0)
		_exit(90);
	return sa.sa_handler;
}

static bool
is_caught(int sig)
{
	void (*h)(int) = handler_of(sig);

	return h != SIG_DFL && h != SIG_IGN;
}

/* The child's own steps; its exit status 0 when each held. */
typedef void child_fn(void);

/* How a child ended and how many times its hook ran. */
struct outcome {
	int status;
	size_t hooks;
};

static struct outcome
in_child(child_fn *fn)
{
	struct outcome o = { 0, 0 };
	int fds[2];
	char buf[16];
	ssize_t n;
	pid_t pid;

	if (pipe(fds) != 0)
		bail_out_errno("pipe");
	fflush(stdout);
	if ((pid = fork()) < 0)
		bail_out_errno("fork");
	if (pid == 0) {
		(void)close(fds[0]);
		hook_fd = fds[1];
		/* as env --default-signal: the runner may ignore some */
		for (int sig = 1; sig <= SIGRTMAX; sig++)
			(void)signal(sig, SIG_DFL);
		fn();
		exit(0);	/* the hooks left run at exit */
	}
	(void)close(fds[1]);
	while ((n = read(fds[0], buf, sizeof(buf))) > 0)
		o.hooks += (size_t)n;
	(void)close(fds[0]);
	if (waitpid(pid, &o.status, 0) != pid)
		bail_out_errno("waitpid");
	return o;
}

static bool
died_of(const struct outcome *o, int sig)
{
	return WIFSIGNALED(o->status) && WTERMSIG(o->status) == sig;
}

/* A stop phase alone sets no fatal handler; the first hook sets them. */
static void
lazy(void)
{
	sig_stop_begin();
	if (handler_of(SIGUSR1) != SIG_DFL || handler_of(SIGPWR) != SIG_DFL)
		_exit(1);
	if (sig_on_fatal(hook, NULL) != 0)
		_exit(2);
	if (!is_caught(SIGUSR1) || !is_caught(SIGPWR) ||
	    handler_of(SIGCHLD) != SIG_DFL)
		_exit(3);
	sig_stop_end();
	/* never set: the stop phase's put back as they were */
	if (!is_caught(SIGUSR1))
		_exit(4);
}

/* Stop phase, then a hook, then a fatal signal not of the three. */
static void
hook_in_phase_usr1(void)
{
	sig_stop_begin();
	if (sig_on_fatal(hook, NULL) != 0)
		_exit(2);
	(void)raise(SIGUSR1);
	_exit(5);	/* not reached */
}

/*
 * Stop phase, a hook, SIGTERM (only asks to stop), the phase's end,
 * SIGTERM again: now the hook runs and the process dies of it.
 */
static void
hook_in_phase_term_after(void)
{
	sig_stop_begin();
	if (sig_on_fatal(hook, NULL) != 0)
		_exit(2);
	(void)raise(SIGTERM);
	if (sig_stopped != SIGTERM)
		_exit(6);
	sig_stop_end();
	(void)raise(SIGTERM);
	_exit(5);	/* not reached */
}

/* The same for SIGHUP: each of the three is handed back the hooks. */
static void
hook_in_phase_hup_after(void)
{
	sig_stop_begin();
	if (sig_on_fatal(hook, NULL) != 0)
		_exit(2);
	sig_stop_end();
	(void)raise(SIGHUP);
	_exit(5);
}

/* A hook first (the order before): after the phase, SIGINT runs it. */
static void
hook_before_phase_int_after(void)
{
	if (sig_on_fatal(hook, NULL) != 0)
		_exit(2);
	sig_stop_begin();
	sig_stop_end();
	(void)raise(SIGINT);
	_exit(5);
}

/*
 * A caller's SIG_IGN is kept: one of the three (nohup) and another,
 * through the phase and the hook set in it.
 */
static void
ignored_kept(void)
{
	(void)signal(SIGTERM, SIG_IGN);
	(void)signal(SIGUSR2, SIG_IGN);
	sig_stop_begin();
	if (handler_of(SIGTERM) != SIG_IGN || !is_caught(SIGINT))
		_exit(1);
	if (sig_on_fatal(hook, NULL) != 0)
		_exit(2);
	if (handler_of(SIGTERM) != SIG_IGN || handler_of(SIGUSR2) != SIG_IGN)
		_exit(3);
	sig_stop_end();
	if (handler_of(SIGTERM) != SIG_IGN || handler_of(SIGUSR2) != SIG_IGN ||
	    !is_caught(SIGINT))
		_exit(4);
	(void)raise(SIGTERM);	/* ignored: nothing */
	(void)raise(SIGUSR2);
}

int
main(void)
{
	struct outcome o;
	struct check c;

	o = in_child(lazy);
	ok(WIFEXITED(o.status) && WEXITSTATUS(o.status) == 0 && o.hooks == 1,
	    "a stop phase alone sets no fatal handler, the first hook sets "
	    "them (status %#x, hook ran %zu times: once, at exit)", o.status,
	    o.hooks);

	begin(&c, "a hook registered in the stop phase runs on a fatal "
	    "signal in it, and on SIGHUP, SIGINT or SIGTERM after it");
	o = in_child(hook_in_phase_usr1);
	expect(&c, died_of(&o, SIGUSR1) && o.hooks == 1, "SIGUSR1 in the "
	    "phase: status %#x, hook ran %zu times", o.status, o.hooks);
	o = in_child(hook_in_phase_term_after);
	expect(&c, died_of(&o, SIGTERM) && o.hooks == 1, "SIGTERM in the "
	    "phase, then after it: status %#x, hook ran %zu times", o.status,
	    o.hooks);
	o = in_child(hook_in_phase_hup_after);
	expect(&c, died_of(&o, SIGHUP) && o.hooks == 1, "SIGHUP after the "
	    "phase: status %#x, hook ran %zu times", o.status, o.hooks);
	o = in_child(hook_before_phase_int_after);
	expect(&c, died_of(&o, SIGINT) && o.hooks == 1, "a hook before the "
	    "phase, SIGINT after it: status %#x, hook ran %zu times",
	    o.status, o.hooks);
	end(&c);

	o = in_child(ignored_kept);
	ok(WIFEXITED(o.status) && WEXITSTATUS(o.status) == 0 &&
	    o.hooks == 1, "a signal ignored before the phase stays ignored "
	    "through it and the hooks (status %#x, hook ran %zu times: once, "
	    "at exit)", o.status, o.hooks);

	printf("1..%u\n", tests_run);
	return tests_failed == 0 ? 0 : 1;
}
