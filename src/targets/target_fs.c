/*
 * target_fs.c - the file system as a target: each entry made with
 * node_make, under mknod's rules (node.h).
 */
#include <sys/sysmacros.h>

#include <assert.h>
#include <errno.h>
#include <stdlib.h>

#include "targets/target.h"

struct fs_target {
	struct target t;	/* first: the interface */
	struct root *root;
	unsigned flags;
	const struct node_events *events;
};

/* What the entry's line asks beyond the run's options (entry.h). */
static unsigned
entry_flags(const struct entry *e)
{
	return (e->replace ? NODE_REPLACE : 0) |
	    (e->correct ? NODE_CORRECT : 0) |
	    (e->create ? NODE_MAKE_FILE : 0) |
	    (e->optional ? NODE_SKIP_MISSING : 0);
}

static enum node_outcome
fs_put(struct target *t, const struct entry *e, struct node_result *res)
{
	struct fs_target *fs = (struct fs_target *)t;
	struct node_want w;

	/* one node: ranges expanded (target.h) */
	assert(t != NULL && e != NULL && e->path != NULL && res != NULL &&
	    e->count == 0);
	w = (struct node_want){
		.type = entry_type_of(e->type)->ifmt,
		.perm = e->mode_set ? e->mode : NODE_ANY_PERM,
		.uid = e->uid_set ? e->uid : NODE_ANY_UID,
		.gid = e->gid_set ? e->gid : NODE_ANY_GID,
		.rdev = makedev((unsigned)e->major, (unsigned)e->minor),
		.target = e->target,
		.caps = e->caps,
		.keep = e->nochange,
	};
	if (e->recursive)
		return node_tree(fs->root, e->path, &w, fs->flags, fs->events,
		    res);
	if (node_make(fs->root, e->path, &w, fs->flags | entry_flags(e),
	    fs->events, res) == NODE_FAILED && e->content != NULL &&
	    res->error == ENOENT)	/* said as the line means it */
		res->reason = "does not exist: under --root a file line sets "
		    "the mode and owner of the file there; its contents are "
		    "copied only into an archive (--archive)";
	return res->outcome;
}

static int
fs_finish(struct target *t, struct dt_diag *d)
{
	(void)t;
	(void)d;
	return 0;
}

static void
fs_free(struct target *t)
{
	free(t);
}

struct target *
target_fs_new(struct root *r, unsigned flags, const struct node_events *ev)
{
	struct fs_target *fs = malloc(sizeof(*fs));

	assert(r != NULL);
	if (fs == NULL)
		return NULL;
	fs->t = (struct target){ .name = "filesystem", .put = fs_put,
	    .finish = fs_finish, .free = fs_free };
	fs->root = r;
	fs->flags = flags;
	fs->events = ev;
	return &fs->t;
}
