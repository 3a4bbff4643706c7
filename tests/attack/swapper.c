/*
 * swapper - the attacker of issue 8, holes 2 and 3 (tests/race.bats): a
 * user who can write the directory of a node devtool corrects or
 * replaces, and swaps something of its own in and out at that name.
 *
 * usage: swapper DIR A B STATE SECONDS [KEEP]
 *
 * Exchanges the names A and B in DIR (renameat2 RENAME_EXCHANGE) over
 * and over.  With KEEP (a path), it holds that file open from the start
 * and watches that it still has a name: if its link count drops to 0 the
 * file was destroyed, and it creates STATE/destroyed, says so and exits
 * 3 at once.  SECONDS 0 means: one exchange, exit 0 if it was done, else
 * 1 with the reason (to check a wrapper that refuses exchanges).  See
 * attack.h for STATE and SECONDS.
 *
 * Prints: swaps (exchanges done), failed (exchanges refused).
 */
#include <sys/stat.h>

#include <errno.h>
#include <string.h>

#include "attack.h"

static bool
destroyed(int keep)
{
	struct stat st;

	return keep >= 0 && fstat(keep, &st) == 0 && st.st_nlink == 0;
}

int
main(int argc, char *argv[])
{
	unsigned long swaps = 0, failed = 0, spin = 0;
	struct attack a;
	int dirfd, keep = -1;

	if (argc != 6 && argc != 7)
		errx(2, "usage: swapper DIR A B STATE SECONDS [KEEP]");
	attack_begin(&a, argv[4], argv[5]);
	if ((dirfd = open(argv[1], O_RDONLY | O_DIRECTORY | O_CLOEXEC)) < 0)
		err(2, "%s", argv[1]);
	if (argc == 7 && (keep = open(argv[6], O_RDONLY | O_CLOEXEC)) < 0)
		err(2, "%s", argv[6]);
	if (strcmp(argv[5], "0") == 0) {
		if (renameat2(dirfd, argv[2], dirfd, argv[3],
		    RENAME_EXCHANGE) != 0)
			err(1, "renameat2 RENAME_EXCHANGE %s %s", argv[2],
			    argv[3]);
		return 0;
	}
	attack_ready(&a);
	while ((++spin & 0x3ff) != 0 || !attack_over(&a)) {
		if (renameat2(dirfd, argv[2], dirfd, argv[3],
		    RENAME_EXCHANGE) == 0)
			swaps++;
		else
			failed++;
		if (destroyed(keep)) {
			close(openat(a.state, "destroyed", O_WRONLY | O_CREAT |
			    O_CLOEXEC, 0644));
			printf("destroyed=1\nswaps=%lu\nfailed=%lu\n", swaps,
			    failed);
			return 3;
		}
	}
	printf("destroyed=0\nswaps=%lu\nfailed=%lu\n", swaps, failed);
	return 0;
}
