/*
 * noexchange - runs a command as on a filesystem without
 * RENAME_EXCHANGE (tests/race.bats).
 *
 * usage: noexchange COMMAND [ARG...]
 *
 * Installs a seccomp filter under which renameat2(2) with
 * RENAME_EXCHANGE in its flags fails with EINVAL (what such a filesystem
 * returns), every other system call as usual, then executes COMMAND.
 */
#include <sys/syscall.h>

#include <errno.h>
#include <fcntl.h>
#include <stddef.h>
#include <stdio.h>

#include "filter.h"

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
		FILTER_NR,
		BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, SYS_renameat2, 1, 0),
		BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ALLOW),
		BPF_STMT(BPF_LD | BPF_W | BPF_ABS, FLAGS_LOW),
		BPF_JUMP(BPF_JMP | BPF_JSET | BPF_K, RENAME_EXCHANGE, 0, 1),
		BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ERRNO | EINVAL),
		BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ALLOW),
	};

	filter_exec("noexchange", filter, sizeof(filter) / sizeof(filter[0]),
	    argc, argv);
}
