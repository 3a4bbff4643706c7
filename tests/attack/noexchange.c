/*
 * noexchange - runs a command as on a filesystem without
 * RENAME_EXCHANGE (issue 8, hole 3; tests/race.bats).
 *
 * usage: noexchange COMMAND [ARG...]
 *
 * Installs a seccomp filter under which renameat2(2) with
 * RENAME_EXCHANGE in its flags fails with EINVAL (what such a filesystem
 * returns), every other system call as usual, then executes COMMAND.
 */
#include <sys/prctl.h>
#include <sys/syscall.h>

#include <linux/audit.h>
#include <linux/filter.h>
#include <linux/seccomp.h>

#include <err.h>
#include <errno.h>
#include <fcntl.h>
#include <stddef.h>
#include <stdio.h>
#include <unistd.h>

#if defined(__x86_64__)
#define ARCH AUDIT_ARCH_X86_64
#elif defined(__aarch64__)
#define ARCH AUDIT_ARCH_AARCH64
#endif

/* The low 32 bits of the flags (argument 5), an unsigned int. */
#if __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
#define FLAGS_LOW offsetof(struct seccomp_data, args[4])
#else
#define FLAGS_LOW (offsetof(struct seccomp_data, args[4]) + 4)
#endif

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
		BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, SYS_renameat2, 1, 0),
		BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ALLOW),
		BPF_STMT(BPF_LD | BPF_W | BPF_ABS, FLAGS_LOW),
		BPF_JUMP(BPF_JMP | BPF_JSET | BPF_K, RENAME_EXCHANGE, 0, 1),
		BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ERRNO | EINVAL),
		BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ALLOW),
	};
	struct sock_fprog prog = {
		.len = sizeof(filter) / sizeof(filter[0]),
		.filter = filter,
	};

	if (argc < 2)
		errx(2, "usage: noexchange COMMAND [ARG...]");
	if (prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) != 0)
		err(2, "prctl PR_SET_NO_NEW_PRIVS");
	if (prctl(PR_SET_SECCOMP, SECCOMP_MODE_FILTER, &prog) != 0)
		err(2, "prctl PR_SET_SECCOMP");
	execvp(argv[1], argv + 1);
	err(127, "%s", argv[1]);
}
