/*
 * attack.h - what the attacker programs of tests/race.bats share: how
 * long they run and how they say they are ready.
 *
 * Every attacker takes a STATE directory and a number of SECONDS.  It
 * creates STATE/ready once it is in place, runs until STATE/stop exists
 * or SECONDS have passed (whichever is first), and prints what it did as
 * "key=value" lines on stdout when it ends.  A test thus never waits on
 * an attacker longer than SECONDS, even if it forgets to stop it.
 */
#ifndef ATTACK_H
#define ATTACK_H

#include <sys/inotify.h>

#include <err.h>
#include <errno.h>
#include <fcntl.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include <unistd.h>

struct attack {
	int state;		/* the STATE directory, open */
	struct timespec end;	/* the deadline, CLOCK_MONOTONIC */
};

static inline void
attack_begin(struct attack *a, const char *state, const char *seconds)
{
	char *end;
	long s = strtol(seconds, &end, 10);

	if (*seconds == '\0' || *end != '\0' || s < 0 || s > 3600)
		errx(2, "SECONDS: not a number from 0 to 3600: %s", seconds);
	if ((a->state = open(state, O_RDONLY | O_DIRECTORY | O_CLOEXEC)) < 0)
		err(2, "%s", state);
	clock_gettime(CLOCK_MONOTONIC, &a->end);
	a->end.tv_sec += s;
}

static inline void
attack_ready(const struct attack *a)
{
	int fd = openat(a->state, "ready", O_WRONLY | O_CREAT | O_CLOEXEC,
	    0644);

	if (fd < 0)
		err(2, "ready");
	close(fd);
}

/* Whether to stop: the stop file exists, or the deadline has passed. */
static inline bool
attack_over(const struct attack *a)
{
	struct timespec now;

	clock_gettime(CLOCK_MONOTONIC, &now);
	if (now.tv_sec > a->end.tv_sec || (now.tv_sec == a->end.tv_sec &&
	    now.tv_nsec >= a->end.tv_nsec))
		return true;
	return faccessat(a->state, "stop", F_OK, 0) == 0;
}

/*
 * Hands every inotify event on ifd (non-blocking) to on(ev, ctx) until
 * the attack is over.  It spins rather than sleeping in poll(): waking up
 * takes longer than devtool's window (a few system calls), and a real
 * attacker would spin too.
 */
static inline void
attack_watch(const struct attack *a, int ifd,
    void (*on)(const struct inotify_event *, void *), void *ctx)
{
	char buf[64 * 1024] __attribute__((aligned(8)));
	unsigned long spin = 0;
	ssize_t n;

	while ((++spin & 0xfff) != 0 || !attack_over(a)) {
		if ((n = read(ifd, buf, sizeof(buf))) < 0) {
			if (errno != EAGAIN)
				err(2, "read inotify");
			continue;
		}
		for (char *p = buf; p < buf + n; p += sizeof(struct
		    inotify_event) + ((struct inotify_event *)p)->len)
			on((const struct inotify_event *)p, ctx);
	}
}

#endif
