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
#include <errno.h>

#include "filter.h"

/* statmount's number, the same on every architecture (Linux 6.8) */
#define NR_STATMOUNT 457

int
main(int argc, char *argv[])
{
	struct sock_filter filter[] = {
		FILTER_NR,
		BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, NR_STATMOUNT, 0, 1),
		BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ERRNO | ENOSYS),
		BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ALLOW),
	};

	filter_exec("nostatmount", filter, sizeof(filter) / sizeof(filter[0]),
	    argc, argv);
}
