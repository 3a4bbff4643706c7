/*
 * sig.h - what a fatal signal must undo first.  Work that leaves
 * something half done on disk for a moment (node.c's private
 * directories, an archive's temporary) blocks signals meanwhile, and
 * registers a hook, with the state it undoes, that removes what is left
 * when a signal whose default is to end the process arrives (the hooks
 * run, then the signal takes its default action) or the process exits
 * before the work's end.  (SIGKILL cannot be caught.)
 */
#ifndef DEVTOOL_SIG_H
#define DEVTOOL_SIG_H

#include <signal.h>

/* Blocks every signal, the old mask in old: 0, or -1 with errno. */
int sig_block(sigset_t *old);
/* Restores the mask sig_block saved; errno is kept. */
void sig_restore(const sigset_t *old);

/*
 * Calls undo(arg), which may make only async-signal-safe calls, on a
 * fatal signal (SIGHUP, SIGINT, SIGTERM, SIGPIPE and every other whose
 * default ends the process, SIGPWR, SIGIO, the real-time ones and those
 * that dump core included, each unless it was ignored or handled at the
 * first call), and at exit(3) with signals blocked (a run that ends
 * early, as on the CLI's fatal error), until sig_off_fatal.  The same
 * hook and arg registered twice run once.  0, or -1 when SIG_HOOKS_MAX
 * hooks are registered already or the exit's cannot be.  The handlers
 * are set at the first call, not before: a run that never holds
 * anything to undo (make into a fresh directory) sets none.
 */
#define SIG_HOOKS_MAX 4
int sig_on_fatal(void (*undo)(void *), void *arg);
/* The hook no longer runs (nothing left to undo). */
void sig_off_fatal(void (*undo)(void *), void *arg);

/*
 * SIGHUP, SIGINT and SIGTERM asking a run to stop: between
 * sig_stop_begin and sig_stop_end each only sets sig_stopped to its
 * number (system calls restart), so that the run finishes the entry in
 * flight, says how far it got and then calls sig_stop_die, which runs
 * the sig_on_fatal hooks and dies of the signal.  One that was ignored
 * stays ignored (nohup).  A hook registered meanwhile runs on each of
 * the three after sig_stop_end, as on any other fatal signal.
 */
extern volatile sig_atomic_t sig_stopped;
void sig_stop_begin(void);
void sig_stop_end(void);
/* Dies of sig_stopped's signal, by its default action. */
void sig_stop_die(void) __attribute__((noreturn));

#endif
