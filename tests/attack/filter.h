/*
 * filter.h - what noexchange and nostatmount share: a seccomp filter
 * that makes one system call fail as a file system or kernel without it
 * would, installed before COMMAND is executed.
 */
#ifndef FILTER_H
#define FILTER_H

#include <sys/prctl.h>

#include <linux/audit.h>
#include <linux/filter.h>
#include <linux/seccomp.h>

#include <err.h>
#include <stddef.h>
#include <unistd.h>

/*
 * A filter's first statements: another ABI's numbers mean other calls,
 * so a call of another ABI is let be; then the call's number is loaded
 * (FILTER_NR), for the filter's own test.
 */
#if defined(__x86_64__)
#define FILTER_ARCH AUDIT_ARCH_X86_64
#elif defined(__aarch64__)
#define FILTER_ARCH AUDIT_ARCH_AARCH64
#endif
#ifdef FILTER_ARCH
#define FILTER_THIS_ABI \
	BPF_STMT(BPF_LD | BPF_W | BPF_ABS, \
	    offsetof(struct seccomp_data, arch)), \
	BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, FILTER_ARCH, 1, 0), \
	BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ALLOW),
#else
#define FILTER_THIS_ABI
#endif
#define FILTER_NR FILTER_THIS_ABI \
	BPF_STMT(BPF_LD | BPF_W | BPF_ABS, offsetof(struct seccomp_data, nr))

/* usage: NAME COMMAND [ARG...]: the n statements of filter, then COMMAND */
static inline void __attribute__((noreturn))
filter_exec(const char *name, struct sock_filter *filter, size_t n, int argc,
    char *argv[])
{
	struct sock_fprog prog = { .len = (unsigned short)n, .filter = filter };

	if (argc < 2)
		errx(2, "usage: %s COMMAND [ARG...]", name);
	if (prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) != 0)
		err(2, "prctl PR_SET_NO_NEW_PRIVS");
	if (prctl(PR_SET_SECCOMP, SECCOMP_MODE_FILTER, &prog) != 0)
		err(2, "prctl PR_SET_SECCOMP");
	execvp(argv[1], argv + 1);
	err(127, "%s", argv[1]);
}

#endif
