/*
 * node_stale.c - a killed run's leftovers: its private directories and
 * temporary names, removed the first time a run uses a directory.
 */
#include <sys/stat.h>

#include <assert.h>
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "sys/node_impl.h"
#include "sys/sig.h"
#include "sys/temp.h"

/*
 * A dead run's private directory, as temp.h knows one: what a run makes
 * there is TEMP_NAME and OUT_NAME alone, so one holding any other name is
 * not ours (another root-owned 0700 directory renamed to look like one)
 * and is left whole.  Of ours, only device nodes, FIFOs, sockets,
 * symbolic links and empty directories are removed, then the directory
 * itself if its name still leads to it.
 */
static void
clean_private(const struct node_run *run, int dirfd, const char *name)
{
	static const char *const ours[] = { TEMP_NAME, OUT_NAME };
	struct stat st, now;
	int fd;

	fd = openat(dirfd, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW |
	    O_CLOEXEC);
	if (fd < 0)
		return;
	if (fstat(fd, &st) != 0 || !temp_made_by(&st, run->euid) ||
	    temp_holds_only_ours(fd) != 1)
		goto out;
	for (size_t i = 0; i < sizeof(ours) / sizeof(ours[0]); i++) {
		if (fstatat(fd, ours[i], &now, AT_SYMLINK_NOFOLLOW) != 0)
			continue;
		if (inode_is_node(now.st_mode) || S_ISLNK(now.st_mode) ||
		    S_ISSOCK(now.st_mode))
			unlinkat(fd, ours[i], 0);
		else if (S_ISDIR(now.st_mode))
			unlinkat(fd, ours[i], AT_REMOVEDIR);
	}
	if (fstatat(dirfd, name, &now, AT_SYMLINK_NOFOLLOW) == 0 &&
	    inode_same(&now, &st))
		unlinkat(dirfd, name, AT_REMOVEDIR);
out:
	close(fd);
}

/* A legacy temporary is removed through a private directory, made once. */
static void
remove_legacy(struct node_run *run, int dirfd, const char *name,
    const struct stat *st, struct priv *pv, sigset_t *old)
{
	if (pv->fd < 0) {
		if (node_priv_impossible(dirfd) || sig_block(old) != 0)
			return;
		if (node_priv_open(run, dirfd, pv) != 0) {
			sig_restore(old);
			return;
		}
	}
	node_priv_take_out(dirfd, name, pv, st);
}

static bool
pid_dead(pid_t pid)
{
	return kill(pid, 0) != 0 && errno == ESRCH;
}

/* One name of dirfd: removed if a dead run's, as clean_stale says. */
static void
clean_one(struct node_run *run, int dirfd, const char *name,
    struct priv *pv, sigset_t *old)
{
	struct stat st;
	pid_t pid;

	if (!temp_name(name, &pid) || !pid_dead(pid) ||
	    fstatat(dirfd, name, &st, AT_SYMLINK_NOFOLLOW) != 0 ||
	    !temp_made_by(&st, run->euid))
		return;
	if (S_ISDIR(st.st_mode))
		clean_private(run, dirfd, name);
	else
		remove_legacy(run, dirfd, name, &st, pv, old);
}

/*
 * Removes what a killed run left in dirfd: its private directories and,
 * from older versions, mode-0 nodes under a temporary name.  Only those
 * of a PID that is no longer running, and only what is provably ours.
 * The names are read by getdents64(2) into the run's buffer, through a
 * descriptor of our own (dirfd's offset is shared with its duplicates),
 * until it says the end (0) or fails, as readdir(3) stops: fdopendir's
 * fstat and two fcntl, and its 32 KiB DIR, are not needed for one pass.
 */
static void
clean_stale(struct node_run *run, int dirfd)
{
	struct priv pv = { .fd = -1 };
	const size_t at_len = offsetof(struct dirent64, d_reclen);
	const size_t at_name = offsetof(struct dirent64, d_name);
	unsigned short len;
	sigset_t old;
	ssize_t n;
	int fd;

	if ((fd = openat(dirfd, ".", O_RDONLY | O_DIRECTORY | O_CLOEXEC)) < 0)
		return;
	while ((n = getdents64(fd, run->dents, STALE_DENTS)) > 0)
		for (size_t at = 0; at < (size_t)n; at += len) {
			/* the kernel's records, each d_reclen long */
			memcpy(&len, run->dents + at + at_len, sizeof(len));
			if (len <= at_name || len > (size_t)n - at)
				goto done;
			clean_one(run, dirfd, run->dents + at + at_name, &pv,
			    &old);
		}
done:
	close(fd);
	if (pv.fd >= 0) {
		node_priv_close(dirfd, &pv);
		sig_restore(&old);
	}
}

/* The slot of id's hash in a set of cap slots (a power of two). */
static size_t
stale_hash(const struct dir_id *id, size_t cap)
{
	uint64_t h = ((uint64_t)id->ino ^ (uint64_t)id->dev << 32 ^
	    (uint64_t)id->dev >> 32) * UINT64_C(0x9e3779b97f4a7c15);

	return (size_t)(h >> 32) & (cap - 1);
}

/*
 * Where id is in the run's set, or the free slot it would take (linear
 * probing: the set is never more than half full, so there is one).
 */
static struct stale_slot *
stale_find(const struct node_run *run, const struct dir_id *id)
{
	size_t i = stale_hash(id, run->stale_cap);
	struct stale_slot *s;

	for (;; i = (i + 1) & (run->stale_cap - 1)) {
		s = &run->stale_seen[i];
		if (!s->used || (s->id.ino == id->ino && s->id.dev == id->dev))
			return s;
	}
}

/* The set twice as large, every id in it again; false when out of memory. */
static bool
stale_grow(struct node_run *run)
{
	size_t cap = run->stale_cap != 0 ? 2 * run->stale_cap : 64;
	struct stale_slot *old = run->stale_seen, *v;
	size_t oldcap = run->stale_cap;

	if (cap > SIZE_MAX / sizeof(*v) || (v = calloc(cap, sizeof(*v))) == NULL)
		return false;
	run->stale_seen = v;
	run->stale_cap = cap;
	for (size_t i = 0; i < oldcap; i++)
		if (old[i].used)
			*stale_find(run, &old[i].id) = old[i];
	free(old);
	return true;
}

/*
 * Whether the directory st is met for the first time this run (the
 * run's set, node_impl.h); remembers it.  A hash set, not a tree: a
 * table that goes round many directories asks it at every node.
 */
static bool
first_visit(struct node_run *run, const struct stat *st)
{
	struct dir_id id = { st->st_dev, st->st_ino };
	struct stale_slot *s;

	if (run->stale_any && id.ino == run->stale_last.ino &&
	    id.dev == run->stale_last.dev)
		return false;
	run->stale_last = id;
	run->stale_any = true;
	if (run->stale_cap != 0 && stale_find(run, &id)->used)
		return false;
	/* at most half full: room for this one and the probes' end */
	if (2 * (run->stale_n + 1) > run->stale_cap && !stale_grow(run))
		return false;
	s = stale_find(run, &id);
	s->id = id;
	s->used = true;
	run->stale_n++;
	return true;
}

/* The first time this run uses a directory, its leftovers go. */
void
node_stale_visit(const struct place *p, int dirfd)
{
	struct stat st;

	assert(p != NULL && p->run != NULL && dirfd >= 0);
	if (place_dir_stat(p->root, dirfd, &st) != 0)
		return;
	node_stale_visit_st(p->run, dirfd, &st);
}

void
node_stale_visit_other(struct node_run *run, int dirfd, const struct stat *st)
{
	assert(run != NULL && dirfd >= 0 && st != NULL);
	if (first_visit(run, st))
		clean_stale(run, dirfd);
}

/*
 * A directory this run has just made holds no run's leftovers: it is
 * only remembered, never read.
 */
void
node_stale_made(struct node_run *run, const struct stat *st)
{
	assert(run != NULL && st != NULL);
	(void)first_visit(run, st);
}

void
node_stale_end(struct node_run *run)
{
	assert(run != NULL);
	free(run->stale_seen);
	run->stale_seen = NULL;
	run->stale_n = run->stale_cap = 0;
	run->stale_any = false;
}
