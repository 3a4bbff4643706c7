/*
 * mover - the attacker of issue 8, hole 4 (tests/race.bats): a user who
 * owns a directory inside the root, and another one outside it on the
 * same filesystem, moves the first out while devtool fills it.
 *
 * usage: mover DIR DEST K STATE SECONDS
 *
 * Watches DIR with inotify.  Once K entries (not .devtool.*) have
 * appeared in it, renames DIR to DEST, at once creates and removes a
 * marker file "mover.marker" in the moved directory, then makes a new
 * empty DIR (so that later entries have somewhere inside the root to go).
 * It goes on reading the events of the moved directory until the end.
 * The marker splits them: an entry that appeared before it was made
 * while the directory was inside the root, or at most during the few
 * system calls of the move; one after it was made outside.  See attack.h
 * for STATE and SECONDS.
 *
 * Prints: moved (1 if the move was done), before (entries that appeared
 * before the marker), after (entries that appeared after it), removed
 * (entries removed after it).
 */
#include <sys/inotify.h>
#include <sys/stat.h>

#include <errno.h>
#include <string.h>

#include "attack.h"

#define MARKER "mover.marker"

static unsigned long before, after, removed, limit;
static bool moved, marked;

static void
move_out(int dirfd, const char *dir, const char *dest)
{
	int fd;

	if (rename(dir, dest) != 0)
		err(2, "rename %s %s", dir, dest);
	moved = true;
	fd = openat(dirfd, MARKER, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC,
	    0600);
	if (fd < 0)
		err(2, "%s/%s", dest, MARKER);
	close(fd);
	if (unlinkat(dirfd, MARKER, 0) != 0)
		err(2, "%s/%s", dest, MARKER);
	/* devtool may have made it first (apply makes missing parents). */
	if (mkdir(dir, 0755) != 0 && errno != EEXIST)
		err(2, "mkdir %s", dir);
}

/* What on_event needs: the watched directory and where it goes. */
struct target {
	int dirfd;
	const char *dir, *dest;
};

static void
on_event(const struct inotify_event *ev, void *ctx)
{
	const struct target *t = ctx;

	if (ev->mask & IN_Q_OVERFLOW)
		errx(2, "inotify queue overflow: counts unknown");
	if (ev->len == 0 || strncmp(ev->name, ".devtool.", 9) == 0)
		return;
	if (strcmp(ev->name, MARKER) == 0) {
		marked = marked || (ev->mask & IN_CREATE);
		return;
	}
	if (ev->mask & (IN_DELETE | IN_MOVED_FROM)) {
		removed += marked;
		return;
	}
	if (marked)
		after++;
	else
		before++;
	if (!moved && before >= limit)
		move_out(t->dirfd, t->dir, t->dest);
}

int
main(int argc, char *argv[])
{
	struct target t;
	struct attack a;
	char *end;
	int ifd;

	if (argc != 6)
		errx(2, "usage: mover DIR DEST K STATE SECONDS");
	limit = strtoul(argv[3], &end, 10);
	if (*argv[3] == '\0' || *end != '\0' || limit == 0)
		errx(2, "K: not a positive number: %s", argv[3]);
	attack_begin(&a, argv[4], argv[5]);
	if ((ifd = inotify_init1(IN_NONBLOCK | IN_CLOEXEC)) < 0)
		err(2, "inotify_init1");
	if ((t.dirfd = open(argv[1], O_RDONLY | O_DIRECTORY | O_CLOEXEC)) < 0)
		err(2, "%s", argv[1]);
	t.dir = argv[1];
	t.dest = argv[2];
	if (inotify_add_watch(ifd, argv[1], IN_CREATE | IN_MOVED_TO |
	    IN_DELETE | IN_MOVED_FROM | IN_ONLYDIR) < 0)
		err(2, "inotify_add_watch %s", argv[1]);
	attack_ready(&a);
	/* Spinning, so that the move follows the K-th entry closely. */
	attack_watch(&a, ifd, on_event, &t);
	printf("moved=%d\nbefore=%lu\nafter=%lu\nremoved=%lu\n", moved,
	    before, after, removed);
	return 0;
}
