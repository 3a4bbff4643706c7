/*
 * outfile.c - a file written whole: replaced through a temporary, or
 * written through a character device or FIFO (outfile.h).
 */
#include <sys/random.h>
#include <sys/stat.h>

#include <assert.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "entry/entry.h"
#include "sys/outfile.h"
#include "sys/root.h"
#include "sys/sig.h"

#define OUT_TEMP_TRIES 100
#define OUT_TEMP_PREFIX ".dt-"
#define OUT_TEMP_RANDOM 6

/* Only if its name still holds the file made.  Async-signal-safe. */
static void
remove_temp(const struct outfile *o)
{
	struct stat st;

	if (fstatat(o->dirfd, o->temp, &st, AT_SYMLINK_NOFOLLOW) == 0 &&
	    st.st_dev == o->dev && st.st_ino == o->ino)
		unlinkat(o->dirfd, o->temp, 0);
}

/*
 * The hook (sig.h) that removes o's temporary on a fatal signal or at an
 * early exit, registered from make_temp to the commit or close: o's
 * fields change only while signals wait, and fd is open once the
 * temporary is made and known by dev and ino.
 */
static void
remove_live_temp(void *arg)
{
	const struct outfile *o = arg;

	if (o->fd >= 0 && o->temp[0] != '\0')
		remove_temp(o);
}

/* Why a file of this type is not written (to: a link's file, or NULL). */
static int
refuse(const struct stat *st, const struct stat *to, struct dt_diag *d)
{
	const struct entry_type *t = entry_type_of_mode(st->st_mode);
	const struct entry_type *l = to ? entry_type_of_mode(to->st_mode) :
	    NULL;

	if (S_ISLNK(st->st_mode))
		return dt_error(d, "a symbolic link to %s%s: a link is followed "
		    "only to a character device or FIFO, never replaced",
		    l ? "a " : "nothing", l ? l->noun : "");
	return dt_error(d, "a %s: an archive replaces only a regular file, "
	    "or is written through a character device or FIFO",
	    t ? t->noun : "file of unknown type");
}

/* Refuses what lstat found at the name, saying where a link leads. */
static int
refuse_name(const struct outfile *o, const struct stat *st,
    struct dt_diag *d)
{
	struct stat to;
	bool leads = S_ISLNK(st->st_mode) &&
	    fstatat(o->dirfd, o->base, &to, 0) == 0;

	return refuse(st, leads ? &to : NULL, d);
}

static bool
written_through(mode_t mode)
{
	return S_ISCHR(mode) || S_ISFIFO(mode);
}

/*
 * The directory path names its file in, open, and the file's name.  As
 * root it is resolved by the walk of root.c, each step checked (an
 * unsafe path transition is refused, root_refusal says which); else
 * opened O_PATH, which needs no read permission.
 */
static int
open_dir(struct outfile *o, struct root *r, const char *path,
    struct dt_diag *d)
{
	const char *slash = strrchr(path, '/');
	char dir[PATH_MAX];
	size_t n = slash == NULL ? 0 : slash == path ? 1 :
	    (size_t)(slash - path);

	o->base = slash == NULL ? path : slash + 1;
	if (*o->base == '\0')
		return dt_error(d, "names a directory (it ends with '/')");
	if (n >= sizeof(dir))
		return dt_error(d, "%s", strerror(ENAMETOOLONG));
	memcpy(dir, n == 0 ? "." : path, n == 0 ? 1 : n);
	dir[n == 0 ? 1 : n] = '\0';
	if (root_checks(r))
		o->dirfd = root_opendir(r, dir);
	else
		o->dirfd = open(dir, O_PATH | O_DIRECTORY | O_CLOEXEC);
	if (o->dirfd >= 0)
		return 0;
	return dt_error(d, "%s", root_refusal(r) != NULL ? root_refusal(r) :
	    strerror(errno));
}

/*
 * .dt- and random letters: unpredictable, so nobody lies in wait.
 * Without getrandom(2) the pid and the try (0 to OUT_TEMP_TRIES - 1)
 * make the letters, so that each try names another file.
 */
static void
random_name(char *name, unsigned try)
{
	static const char set[] = "abcdefghijklmnopqrstuvwxyz"
	    "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";
	unsigned char r[OUT_TEMP_RANDOM];

	if (getrandom(r, sizeof(r), GRND_NONBLOCK) != (ssize_t)sizeof(r))
		for (size_t i = 0; i < sizeof(r); i++)
			r[i] = (unsigned char)((getpid() >> i) +
			    try * sizeof(r) + i);
	memcpy(name, OUT_TEMP_PREFIX, sizeof(OUT_TEMP_PREFIX) - 1);
	for (size_t i = 0; i < sizeof(r); i++)
		name[sizeof(OUT_TEMP_PREFIX) - 1 + i] =
		    set[r[i] % (sizeof(set) - 1)];
	name[sizeof(OUT_TEMP_PREFIX) - 1 + sizeof(r)] = '\0';
}

/* Made and known to the signal hook while signals wait. */
static int
try_temp(struct outfile *o)
{
	struct stat st;
	sigset_t old;

	if (sig_block(&old) != 0)
		return -1;
	o->fd = openat(o->dirfd, o->temp, O_WRONLY | O_CREAT | O_EXCL |
	    O_NOFOLLOW | O_CLOEXEC, 0666);
	if (o->fd >= 0 && fstat(o->fd, &st) == 0) {
		o->dev = st.st_dev;
		o->ino = st.st_ino;
	} else if (o->fd >= 0) {
		unlinkat(o->dirfd, o->temp, 0);
		close(o->fd);
		o->fd = -1;
	}
	sig_restore(&old);
	return o->fd < 0 ? -1 : 0;
}

static int
make_temp(struct outfile *o, struct dt_diag *d)
{
	if (sig_on_fatal(remove_live_temp, o) != 0)
		return dt_error(d, "cannot register the removal of a "
		    "temporary file");
	for (unsigned i = 0; i < OUT_TEMP_TRIES; i++) {
		random_name(o->temp, i);
		if (try_temp(o) == 0)
			return 0;
		if (errno != EEXIST)
			break;
	}
	sig_off_fatal(remove_live_temp, o);
	o->temp[0] = '\0';
	return dt_error(d, "cannot create a temporary file beside it: %s",
	    strerror(errno));
}

/*
 * As root, a link at the name is followed only by a safe step from its
 * directory to it and from it to what it leads to (SECURITY in the
 * manual): another user's link in a directory that user can write leads
 * only to that user's own files.  0, or -1 with why in d.
 */
static int
follow_checked(struct outfile *o, struct root *r, const char *path,
    const struct stat *ls, const struct stat *to, struct dt_diag *d)
{
	char target[PATH_MAX];
	ssize_t n;

	if (!root_checks(r))
		return 0;
	if ((n = readlinkat(o->dirfd, o->base, target, sizeof(target) - 1)) < 0)
		n = 0;
	target[n] = '\0';
	if (root_step(r, o->dirfd, path, ls) == 0 &&
	    root_follow(r, path, ls, target, to) == 0)
		return 0;
	return dt_error(d, "%s; left as it is", root_refusal(r) != NULL ?
	    root_refusal(r) : strerror(errno));
}

/*
 * A character device or FIFO, or a link to one, opened to write; what
 * is opened is checked through its descriptor to be what was looked at.
 */
static int
open_through(struct outfile *o, struct root *r, const char *path,
    const struct stat *st, struct dt_diag *d)
{
	struct stat to = *st, now;

	if ((S_ISLNK(st->st_mode) && fstatat(o->dirfd, o->base, &to, 0) != 0)
	    || !written_through(to.st_mode))
		return refuse_name(o, st, d);
	if (S_ISLNK(st->st_mode) && follow_checked(o, r, path, st, &to, d) != 0)
		return -1;
	o->fd = openat(o->dirfd, o->base, O_WRONLY | O_NOCTTY | O_CLOEXEC);
	if (o->fd < 0)
		return dt_error(d, "%s", strerror(errno));
	if (fstat(o->fd, &now) != 0 || now.st_dev != to.st_dev ||
	    now.st_ino != to.st_ino)
		return dt_error(d, "changed while it was being opened");
	close(o->dirfd);
	o->dirfd = -1;
	return 0;
}

int
outfile_open(struct outfile *o, const char *path, bool faker,
    struct dt_diag *d)
{
	struct root *r;
	struct stat st;
	int rc;

	assert(o != NULL && path != NULL);
	*o = (struct outfile){ .fd = -1, .dirfd = -1 };
	if ((r = root_open(NULL, RESOLVE_AUTO, faker)) == NULL)
		return dt_error(d, "%s", strerror(errno));
	if ((rc = open_dir(o, r, path, d)) != 0)
		;
	else if (fstatat(o->dirfd, o->base, &st, AT_SYMLINK_NOFOLLOW) != 0)
		rc = errno == ENOENT ? make_temp(o, d) :
		    dt_error(d, "%s", strerror(errno));
	else
		rc = S_ISREG(st.st_mode) ? make_temp(o, d) :
		    open_through(o, r, path, &st, d);
	root_close(r);
	return rc;
}

void
outfile_stdout(struct outfile *o)
{
	assert(o != NULL);
	*o = (struct outfile){ .fd = STDOUT_FILENO, .dirfd = -1,
	    .borrowed = true };
}

bool
outfile_through(const struct outfile *o)
{
	assert(o != NULL);
	return o->dirfd < 0;
}

int
outfile_commit(struct outfile *o, struct dt_diag *d)
{
	struct stat st;
	sigset_t old;
	int rc = 0;

	/* a temporary is open in its directory (outfile_open) */
	assert(o != NULL &&
	    (o->temp[0] == '\0' || (o->fd >= 0 && o->dirfd >= 0)));
	if (o->temp[0] == '\0')
		return 0;
	if (fsync(o->fd) != 0 || sig_block(&old) != 0)
		return dt_error(d, "%s", strerror(errno));
	/* a run asked to stop (sig.h) keeps the old file: it is not whole */
	if (sig_stopped)
		rc = dt_error(d, "interrupted");
	/* what another process put there meanwhile is not replaced */
	else if (fstatat(o->dirfd, o->base, &st, AT_SYMLINK_NOFOLLOW) == 0 &&
	    !S_ISREG(st.st_mode))
		rc = refuse_name(o, &st, d);
	else if (renameat(o->dirfd, o->temp, o->dirfd, o->base) != 0)
		rc = dt_error(d, "%s", strerror(errno));
	else {
		o->temp[0] = '\0';
		sig_off_fatal(remove_live_temp, o);
	}
	sig_restore(&old);
	return rc;
}

void
outfile_close(struct outfile *o)
{
	sigset_t old;

	assert(o != NULL && (o->temp[0] == '\0' || o->dirfd >= 0));
	if (o->temp[0] != '\0' && sig_block(&old) == 0) {
		remove_temp(o);
		o->temp[0] = '\0';
		sig_off_fatal(remove_live_temp, o);
		sig_restore(&old);
	}
	if (o->fd >= 0 && !o->borrowed)
		close(o->fd);
	if (o->dirfd >= 0)
		close(o->dirfd);
	o->fd = o->dirfd = -1;
}
