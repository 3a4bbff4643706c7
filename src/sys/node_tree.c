/*
 * node_tree.c - makedevs r: the owner and mode of a whole tree (node.h).
 */
#include <sys/stat.h>

#include <assert.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <string.h>

#include "sys/node_impl.h"
#include "sys/walk.h"

struct tree {
	struct place *p;
	const struct node_want *w;
	size_t changed;
	bool failed;
};

/* The first failure ends the walk's work: "PATH: why" in the result. */
static void
tree_fail(struct tree *t, const char *path, const char *why)
{
	char buf[sizeof(t->p->res->buf)];

	if (t->failed)
		return;
	t->failed = true;
	snprintf(buf, sizeof(buf), "%s: %s", path, why != NULL ? why :
	    strerror(errno));
	place_fail(t->p, buf);
}

static void
tree_problem(void *ctx, const char *path, int error, const char *why)
{
	errno = error;
	tree_fail(ctx, path, why);
}

/* One entry of the tree: its owner, and but for a link its mode. */
static void
tree_found(void *ctx, int dirfd, const char *name, const char *path,
    const struct stat *st)
{
	struct tree *t = ctx;
	struct node_want buf;
	const struct node_want *w = place_with_perm(t->w, st, &buf);
	bool link = S_ISLNK(st->st_mode);
	struct place at = *t->p;
	int rc;

	at.dirfd = dirfd;
	at.name = name;

	if (t->failed || (!place_owner_changes(st, w) &&
	    (link || (st->st_mode & 07777) == w->perm)))
		return;
	if (inode_hardlink_vulnerable(st, &t->p->run->hardlinks_protected)) {
		errno = EPERM;
		tree_fail(t, path, HARDLINKED_MSG);
	}
	/* before every change, as a correction checks: a directory can be
	   moved out of the root between two of its entries */
	else if (root_contains(t->p->root, dirfd) != 1)
		tree_fail(t, path, "its directory is not inside --root "
		    "(moved meanwhile); left alone");
	else if (!(t->p->flags & NODE_DRY_RUN) &&
	    (rc = place_set_owner_mode(&at, st, w)) != STEP_OK)
		tree_fail(t, path, rc == STEP_NO_PROC ? NO_PROC_MSG :
		    errno == ESTALE ? "changed while being corrected; left "
		    "alone" : NULL);
	else
		t->changed++;
}

/*
 * The top directory of an r entry's tree, open, the step into it checked
 * through the descriptor the walk then uses (root_step: an unsafe path
 * transition is refused); st becomes its stat.  -1 on failure.
 */
static int
tree_top(const struct place *p, struct stat *st)
{
	int fd = openat(p->dirfd, p->name, O_RDONLY | O_DIRECTORY |
	    O_NOFOLLOW | O_CLOEXEC);

	if (fd >= 0 && (fstat(fd, st) != 0 ||
	    root_step(p->root, p->dirfd, p->path, st) != 0)) {
		inode_close(fd);
		fd = -1;
	}
	return fd;
}

enum node_outcome
node_tree(struct root *r, const char *path, const struct node_want *w,
    unsigned flags, const struct node_events *ev, struct node_result *res)
{
	struct place p = { .root = r, .path = path, .dirfd = -1,
	    .flags = flags, .ev = ev, .res = res };
	struct tree t = { &p, w, 0, false };
	struct walk_ops ops = { .all = true, .xdev = true,
	    .found_at = tree_found, .problem = tree_problem, .ctx = &t };
	char parent[PATH_MAX] = "/";
	struct node_want buf;
	struct stat st;
	int top = -1;
	bool whole;

	assert(r != NULL && path != NULL && w != NULL && res != NULL);
	p.run = place_run(r);
	assert(p.run != NULL);	/* node_begin */
	node_fsgid_own(p.run);
	assert(S_ISDIR(w->type) && (w->perm == NODE_ANY_PERM ||
	    (w->perm & ~(mode_t)07777) == 0));
	whole = strcmp(path, "/") == 0;
	res->error = 0;
	res->reason = NULL;
	res->no_mknod = false;
	p.name = ".";	/* the root directory itself */
	errno = ENAMETOOLONG;
	if (whole || place_split_path(path, parent, sizeof(parent), &p.name) >= 0)
		p.dirfd = root_opendir(r, *parent == '\0' ? "/" : parent);
	if (p.dirfd < 0 || fstatat(p.dirfd, p.name, &st,
	    AT_SYMLINK_NOFOLLOW) != 0)
		res->outcome = root_refusal(r) != NULL ? place_fail_refused(&p) :
		    place_fail(&p, errno == ENOENT ? "does not exist (an r "
		    "entry changes an existing tree)" : NULL);
	else if (!whole && S_ISDIR(st.st_mode) &&
	    (top = tree_top(&p, &st)) < 0)
		res->outcome = root_refusal(r) != NULL ? place_fail_refused(&p) :
		    place_fail(&p, NULL);
	else {
		if (top >= 0)	/* the directory checked, as "." */
			walk_at(&ops, top, path, ".");
		else
			walk_at(&ops, p.dirfd, parent, p.name);
		res->outcome = t.failed ? NODE_FAILED : place_report(&p, t.changed ?
		    NODE_CORRECTED : NODE_UNCHANGED, t.changed ? "correct" :
		    "keep", place_with_perm(w, &st, &buf));
	}
	if (top >= 0)
		inode_close(top);
	inode_close(p.dirfd);
	/* a directory of the tree may now be one others can write (root.h) */
	if ((t.changed || t.failed) && !(flags & NODE_DRY_RUN))
		root_dir_changed(r);
	return res->outcome;
}
