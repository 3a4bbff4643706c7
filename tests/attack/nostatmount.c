/*
 * nostatmount - runs a command as on a kernel without statmount(2)
 * (before Linux 6.8), or under a container's seccomp profile that
 * refuses it (tests/make.bats).
 *
 * usage: nostatmount COMMAND [ARG...]
 *
 * Installs a seccomp filter under which statmount fails with ENOSYS,
 * every other system call as usual, then executes COMMAND: devtool then
 * reads /proc/self/mountinfo, as on such a kernel.
 */
#include <sys/prctl.h>

#include <linux/audit.h>
#include <linux/filter.h>
#include <linux/seccomp.h>

#include <err.h>
#include <errno.h>
#include <stddef.h>
#include <unistd.h>

#if defined(__x86_64__)
#define ARCH AUDIT_ARCH_X86_64
#elif defined(__aarch64__)
#define ARCH AUDIT_ARCH_AARCH64
#endif

/* statmount's number, the same on every architecture (Linux 6.8) */
#define NR_STATMOUNT 457

int
main(int argc, char *argv[])
{
	struct sock_filter filter[] = {
#ifdef ARCH
		/* Another ABI's numbers mean other calls: let them be. */
		BPF_STMT(BPF_LD | BPF_W | BPF_ABS,
		    offsetof(struct seccomp_data, arch)),
		BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, ARCH, 1, 0),
		BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ALLOW),
#endif
		BPF_STMT(BPF_LD | BPF_W | BPF_ABS,
		    offsetof(struct seccomp_data, nr)),
		BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, NR_STATMOUNT, 0, 1),
		BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ERRNO | ENOSYS),
		BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ALLOW),
	};
	struct sock_fprog prog = {
		.len = sizeof(filter) / sizeof(filter[0]),
		.filter = filter,
	};

	if (argc < 2)
		errx(2, "usage: nostatmount COMMAND [ARG...]");
	if (prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) != 0)
		err(2, "prctl PR_SET_NO_NEW_PRIVS");
	if (prctl(PR_SET_SECCOMP, SECCOMP_MODE_FILTER, &prog) != 0)
		err(2, "prctl PR_SET_SECCOMP");
	execvp(argv[1], argv + 1);
	err(127, "%s", argv[1]);
}
