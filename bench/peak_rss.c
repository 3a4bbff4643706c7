/*
 * peak_rss.c - runs a command and prints its peak resident set size in
 * KiB (getrusage of the child), so memory is measured without GNU time.
 */
#include <sys/resource.h>
#include <sys/wait.h>

#include <err.h>
#include <stdio.h>
#include <unistd.h>

int
main(int argc, char **argv)
{
	struct rusage ru;
	int status;
	pid_t pid;

	if (argc < 2)
		errx(2, "usage: peak_rss COMMAND [ARG...]");
	if ((pid = fork()) < 0)
		err(1, "fork");
	if (pid == 0) {
		execvp(argv[1], argv + 1);
		err(127, "%s", argv[1]);
	}
	if (wait4(pid, &status, 0, &ru) < 0)
		err(1, "wait4");
	fprintf(stderr, "%ld\n", ru.ru_maxrss);
	return WIFEXITED(status) ? WEXITSTATUS(status) : 1;
}
