/*
 * peak_rss.c - runs a command and prints its peak resident set size in
 * KiB (getrusage of the child), so memory is measured without GNU time;
 * with -f, the minor page faults it took instead (make bench's start-up).
 */
#include <sys/resource.h>
#include <sys/wait.h>

#include <err.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

int
main(int argc, char **argv)
{
	struct rusage ru;
	int status, faults = 0;
	pid_t pid;

	if (argc > 1 && strcmp(argv[1], "-f") == 0) {
		faults = 1;
		argv++;
		argc--;
	}
	if (argc < 2)
		errx(2, "usage: peak_rss [-f] COMMAND [ARG...]");
	if ((pid = fork()) < 0)
		err(1, "fork");
	if (pid == 0) {
		execvp(argv[1], argv + 1);
		err(127, "%s", argv[1]);
	}
	if (wait4(pid, &status, 0, &ru) < 0)
		err(1, "wait4");
	fprintf(stderr, "%ld\n", faults ? ru.ru_minflt : ru.ru_maxrss);
	return WIFEXITED(status) ? WEXITSTATUS(status) : 1;
}
