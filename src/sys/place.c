/*
 * place.c - a place: where a node goes (node_impl.h), and the steps every
 * file of node.c takes on it: reporting, failing, making a name, giving an
 * existing one its owner and mode (see node.h).
 */
#include <sys/stat.h>
#include <sys/sysmacros.h>

#include <assert.h>
#include <errno.h>
#include <fcntl.h>
#include <search.h>
#include <stdlib.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "sys/node_impl.h"
#include "sys/root_impl.h"
#include "base/types.h"

/* What is there, in words: an entry's type (entry.h), or what else. */
const char *
place_type_word(mode_t type)
{
	const struct entry_type *t = entry_type_of_mode(type);

	return t != NULL ? t->noun : "file of unknown type";
}

/*
 * What an entry of w's type may take the place of (with -r, or a
 * tmpfiles "+"): a device node or FIFO, and for a link a link too.  A
 * regular file, directory or socket is never removed.
 */
bool
place_replaceable(mode_t old, const struct node_want *w)
{
	assert(w != NULL);
	return inode_is_node(old) ? inode_is_node(w->type) || S_ISLNK(w->type) :
	    S_ISLNK(old) && S_ISLNK(w->type);
}

/*
 * place_report's call with -v or -n: the action goes to the caller's
 * callback, which prints it (docs/DESIGN.md).  Returns outcome.
 */
enum node_outcome
place_say(const struct place *p, enum node_outcome outcome, const char *verb,
    const struct node_want *w)
{
	struct node_event e;

	assert(p != NULL && p->path != NULL && verb != NULL && w != NULL);
	if (!(p->flags & (NODE_VERBOSE | NODE_DRY_RUN)) || p->ev == NULL ||
	    p->ev->say == NULL)
		return outcome;
	e = (struct node_event){ p->path, outcome, verb, w,
	    (p->flags & NODE_DRY_RUN) != 0 };
	p->ev->say(p->ev->ctx, &e);
	return outcome;
}

/* why NULL: errno says; it is kept in the result for the caller. */
enum node_outcome
place_fail(const struct place *p, const char *why)
{
	struct node_result *res;

	assert(p != NULL && p->res != NULL);
	res = p->res;
	res->outcome = NODE_FAILED;
	res->error = errno;
	res->reason = NULL;
	if (why != NULL) {
		snprintf(res->buf, sizeof(res->buf), "%s", why);
		res->reason = res->buf;
	}
	return NODE_FAILED;
}

/*
 * A step of the path root.c refused, an unsafe path transition: its own
 * sentence, which names both ends (root_refusal), is the reason.
 */
enum node_outcome
place_fail_refused(const struct place *p)
{
	/* only for a step root.c refused: it has the sentence */
	assert(p != NULL && p->res != NULL && root_refusal(p->root) != NULL);
	place_fail(p, NULL);
	p->res->reason = root_refusal(p->root);
	return NODE_FAILED;
}

/*
 * Creates name in dirfd with exactly perm, given a umask of 0 (a link's
 * is always 0777).  Like mknodat, symlinkat fails if the name exists.  A
 * device node refused with EPERM is noted in res: the caller names
 * CAP_MKNOD.
 */
int
place_make_at(int dirfd, const char *name, const struct node_want *w, mode_t perm,
    struct node_result *res)
{
	assert(dirfd >= 0 && name != NULL && w != NULL && res != NULL);
	assert((perm & ~(mode_t)07777) == 0 &&
	    (!S_ISLNK(w->type) || w->target != NULL));
	if (S_ISDIR(w->type))
		return mkdirat(dirfd, name, perm);
	if (S_ISLNK(w->type))
		return symlinkat(w->target, dirfd, name);
	if (mknodat(dirfd, name, w->type | perm, w->rdev) == 0)
		return 0;
	if (errno == EPERM && (S_ISCHR(w->type) || S_ISBLK(w->type)))
		res->no_mknod = true;
	return -1;
}

/* The directory's identity: the cached stat when it is the cached one. */
struct node_run *
place_run(const struct root *r)
{
	assert(r != NULL);
	return r->run;
}

int
place_dir_stat(const struct root *r, int dirfd, struct stat *st)
{
	assert(r != NULL && dirfd >= 0 && st != NULL);
	if (r->cached_st_valid && r->cached_fd == dirfd) {
		*st = r->cached_st;
		return 0;
	}
	return fstat(dirfd, st);
}

/* Whether the entry asks for another owner than st's. */
bool
place_owner_changes(const struct stat *st, const struct node_want *w)
{
	assert(st != NULL && w != NULL);
	return (w->uid != NODE_ANY_UID && w->uid != st->st_uid) ||
	    (w->gid != NODE_ANY_GID && w->gid != st->st_gid);
}

/*
 * Gives an existing name the owner and mode asked for, through a
 * descriptor of the inode checked before (expect): anything else there
 * now is left alone.  When the owner changes the mode is first narrowed
 * to what both allow, so the node is never wider than asked, nor open to
 * its old owner beyond that.
 */
int
place_set_owner_mode(const struct place *p, const struct stat *expect,
    const struct node_want *w)
{
	struct stat st;
	int fd, rc = STEP_ERRNO;
	bool faker;

	assert(p != NULL && p->root != NULL && p->dirfd >= 0 &&
	    p->name != NULL && expect != NULL && w != NULL);
	/* the mode made concrete (place_with_perm): it is given as it is */
	assert((w->perm & ~(mode_t)07777) == 0);
	faker = p->root->faker;
	fd = openat(p->dirfd, p->name, O_PATH | O_NOFOLLOW | O_CLOEXEC);
	if (fd < 0)
		return STEP_ERRNO;
	if (fstat(fd, &st) != 0)
		goto out;
	if (((st.st_mode ^ expect->st_mode) & S_IFMT) != 0 ||
	    st.st_dev != expect->st_dev || st.st_ino != expect->st_ino) {
		errno = ESTALE;
		goto out;
	}
	/* A link has no mode to set: only its own owner (AT_EMPTY_PATH). */
	if (S_ISLNK(st.st_mode)) {
		rc = !place_owner_changes(&st, w) || fchownat(fd, "", w->uid, w->gid,
		    AT_EMPTY_PATH) == 0 ? STEP_OK : STEP_ERRNO;
		goto out;
	}
	if (place_owner_changes(&st, w)) {
		if ((rc = inode_chmod(fd, st.st_mode & w->perm & 0777,
		    faker)) != STEP_OK)
			goto out;
		rc = STEP_ERRNO;
		if (fchownat(fd, "", w->uid, w->gid, AT_EMPTY_PATH) != 0)
			goto out;
	}
	/* After chown, which clears set-id bits, so they stay as asked. */
	rc = inode_chmod(fd, w->perm, faker);
out:
	inode_close(fd);
	return rc;
}

/* The message for a failed step; raced is for errno == race_errno. */
enum node_outcome
place_fail_step(const struct place *p, int rc, int race_errno, const char *raced)
{
	char why[160];

	assert(p != NULL && rc != STEP_OK);
	switch (rc) {
	case STEP_NO_PROC:
		return place_fail(p, p->root->faker ? NO_PROC_FAKER_MSG :
		    NO_PROC_MSG);
	case STEP_NO_EXCHANGE:
		return place_fail(p, NO_EXCHANGE_MSG);
	case STEP_MOVED_OUT:
		return place_fail(p, MOVED_OUT_MSG);
	case STEP_UNCHECKED:
		snprintf(why, sizeof(why), "its directory could not be checked "
		    "to be inside --root (%s); the node made there was removed",
		    strerror(errno));
		return place_fail(p, why);
	default:
		return place_fail(p, errno == race_errno ? raced : NULL);
	}
}

/* Whether a dry run already said it would create dir; remembers it. */
bool
place_dry_reported(struct root *r, const char *dir)
{
	char *copy;

	assert(r != NULL && dir != NULL);
	if (tfind(dir, &r->dry_dirs, (int (*)(const void *,
	    const void *))strcmp) != NULL)
		return true;
	if ((copy = strdup(dir)) != NULL)
		tsearch(copy, &r->dry_dirs, (int (*)(const void *,
		    const void *))strcmp);
	return false;
}

struct dry_node {
	struct stat st;
	char path[];
};

static int
by_dry_path(const void *a, const void *b)
{
	return strcmp(((const struct dry_node *)a)->path,
	    ((const struct dry_node *)b)->path);
}

bool
place_dry_lookup(const struct root *r, const char *path, struct stat *st)
{
	struct dry_node **found, *key;
	bool ok = false;
	size_t n;

	assert(r != NULL && path != NULL && st != NULL);
	n = strlen(path) + 1;
	if (r->dry_nodes == NULL || (key = malloc(sizeof(*key) + n)) == NULL)
		return false;
	memcpy(key->path, path, n);
	if ((found = tfind(key, &r->dry_nodes, by_dry_path)) != NULL) {
		*st = (*found)->st;
		ok = true;
	}
	free(key);
	return ok;
}

void
place_dry_remember(struct root *r, const char *path, const struct stat *st)
{
	struct dry_node **found, *d;
	size_t n;

	assert(r != NULL && path != NULL && st != NULL);
	n = strlen(path) + 1;
	if ((d = malloc(sizeof(*d) + n)) == NULL)
		return;		/* then a later line is answered from the disk */
	memcpy(d->path, path, n);
	d->st = *st;
	if ((found = tsearch(d, &r->dry_nodes, by_dry_path)) == NULL)
		free(d);
	else if (*found != d) {
		(*found)->st = *st;
		free(d);
	}
}

/*
 * NODE_ANY_PERM made concrete: for an existing entry st, its mode, less
 * the set-id bits of a non-directory whose owner changes (chown(2) drops
 * them; they are never given to a new owner); for a new one (st NULL),
 * the defaults of tmpfiles.d(5).  A link's is what Linux gives every
 * link, 0777, whatever was asked.  With keep, an existing entry's mode
 * and owner are what it has.
 */
const struct node_want *
place_with_perm(const struct node_want *w, const struct stat *st,
    struct node_want *buf)
{
	assert(w != NULL && buf != NULL);
	if (w->keep && st != NULL) {
		*buf = *w;
		buf->perm = NODE_ANY_PERM;
		buf->uid = NODE_ANY_UID;
		buf->gid = NODE_ANY_GID;
		buf->keep = false;
		w = buf;
	}
	if (w->perm != NODE_ANY_PERM && !S_ISLNK(w->type))
		return w;
	*buf = *w;
	if (S_ISLNK(w->type)) {
		buf->perm = 0777;
		return buf;
	}
	if (st == NULL) {
		buf->perm = S_ISDIR(w->type) ? 0755 : 0644;
		return buf;
	}
	buf->perm = st->st_mode & 07777;
	if (!S_ISDIR(st->st_mode) && place_owner_changes(st, w))
		buf->perm &= ~(mode_t)(S_ISUID | S_ISGID);
	return buf;
}

/* Mode and owner as asked (a link's mode is no attribute of it). */
bool
place_same_attrs(const struct stat *st, const struct node_want *w)
{
	/* the mode made concrete (place_with_perm) */
	assert(st != NULL && w != NULL && (w->perm & ~(mode_t)07777) == 0);
	return (S_ISLNK(w->type) || (st->st_mode & 07777) == w->perm) &&
	    (w->uid == NODE_ANY_UID || st->st_uid == w->uid) &&
	    (w->gid == NODE_ANY_GID || st->st_gid == w->gid);
}

/* place_split, then the copy (node_impl.h). */
ssize_t
place_split_path(const char *path, char *parent, size_t len, const char **name)
{
	size_t n;

	assert(path != NULL && parent != NULL && name != NULL);
	if (!place_split(path, name, &n) || n >= len)
		return -1;
	memcpy(parent, path, n);
	parent[n] = '\0';
	return (ssize_t)n;
}
