/*
 * target_fs.c - the file system as a target: each entry made with
 * node_make, under mknod's rules (node.h).
 */
#include <sys/stat.h>
#include <sys/sysmacros.h>

#include <assert.h>
#include <errno.h>
#include <stdlib.h>

#include "entry/pack.h"
#include "targets/target.h"

#define PACK_FLAG(n) ENTRY_PACK_FLAG(ENTRY_PACK_ ## n)

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

/* The node e asks for, and (returned) the flags its line adds. */
static unsigned
want_of(const struct entry *e, struct node_want *w)
{
	*w = (struct node_want){
		.type = entry_type_of(e->type)->ifmt,
		.perm = e->mode_set ? e->mode : NODE_ANY_PERM,
		.uid = e->uid_set ? e->uid : NODE_ANY_UID,
		.gid = e->gid_set ? e->gid : NODE_ANY_GID,
		.rdev = makedev((unsigned)e->major, (unsigned)e->minor),
		.target = e->target,
		.caps = e->caps,
		.keep = e->nochange,
	};
	return entry_flags(e);
}

unsigned
target_fs_want(const struct entry *e, struct node_want *w)
{
	return want_of(e, w);
}

/*
 * want_of for the entry a record r holds (pack.h), read from its bits
 * rather than from entry_pack_get's copy.  The types in ENTRY_PACK_TYPES'
 * order, as types.h has them: unit_entry holds the two functions the
 * same for every type and flag.  A record has no capabilities, contents
 * or range (is_rare, pack.c).  Inlined: a call a node (make bench).
 */
static inline __attribute__((always_inline)) unsigned
want_of_rec(const struct entry_rec *r, struct node_want *w)
{
	static const mode_t ifmt[] = { 0, S_IFCHR, S_IFBLK, S_IFIFO,
	    S_IFDIR, S_IFREG, S_IFLNK, S_IFSOCK };
	uint32_t b = r->bits;
	mode_t type = ifmt[b >> ENTRY_PACK_TYPE_SHIFT & ENTRY_PACK_TYPE_MASK];

	static_assert(sizeof(ifmt) / sizeof(ifmt[0]) ==
	    sizeof(ENTRY_PACK_TYPES), "a type for each code");
	*w = (struct node_want){
		.type = type,
		.perm = b & PACK_FLAG(MODE_SET) ? b & 07777 : NODE_ANY_PERM,
		.uid = b & PACK_FLAG(UID_SET) ? r->uid : NODE_ANY_UID,
		.gid = b & PACK_FLAG(GID_SET) ? r->gid : NODE_ANY_GID,
		.rdev = S_ISLNK(type) ? makedev(0, 0) :
		    makedev(r->u.num.major, r->u.num.minor),
		.target = S_ISLNK(type) ? r->u.target : NULL,
		.keep = (b & PACK_FLAG(NOCHANGE)) != 0,
	};
	return (b & PACK_FLAG(REPLACE) ? NODE_REPLACE : 0) |
	    (b & PACK_FLAG(CORRECT) ? NODE_CORRECT : 0) |
	    (b & PACK_FLAG(CREATE) ? NODE_MAKE_FILE : 0) |
	    (b & PACK_FLAG(OPTIONAL) ? NODE_SKIP_MISSING : 0);
}

unsigned
target_fs_want_packed(const struct entry_pack *p, size_t i,
    struct node_want *w)
{
	assert(entry_pack_whole(p, i) == NULL);
	return want_of_rec(&p->v[i], w);
}

static enum node_outcome
fs_put(struct target *t, const struct entry *e, struct node_result *res)
{
	struct fs_target *fs = (struct fs_target *)t;
	struct node_want w;
	unsigned flags;

	/* one node: ranges expanded (target.h) */
	assert(t != NULL && e != NULL && e->path != NULL && res != NULL &&
	    e->count == 0);
	flags = want_of(e, &w);
	if (e->recursive)
		return node_tree(fs->root, e->path, &w, fs->flags, fs->events,
		    res);
	if (node_make(fs->root, e->path, &w, fs->flags | flags,
	    fs->events, res) == NODE_FAILED && e->content != NULL &&
	    res->error == ENOENT)	/* said as the line means it */
		res->reason = "does not exist: under --root a file line sets "
		    "the mode and owner of the file there; its contents are "
		    "copied only into an archive (--archive)";
	return res->outcome;
}

/*
 * fs_put for entry i of p, held in a record: the node made from the
 * record, without the entry of 144 bytes entry_pack_get would fill for
 * it (make bench).  A record has no contents, so no reason to reword.
 */
static enum node_outcome
fs_put_packed(struct target *t, const struct entry_pack *p, size_t i,
    struct node_result *res)
{
	struct fs_target *fs = (struct fs_target *)t;
	const struct entry_rec *r = &p->v[i];
	struct node_want w;
	unsigned flags;

	assert(res != NULL && entry_pack_whole(p, i) == NULL);
	flags = want_of_rec(r, &w);
	if (r->bits & PACK_FLAG(RECURSIVE))
		return node_tree(fs->root, r->path, &w, fs->flags, fs->events,
		    res);
	return node_make(fs->root, r->path, &w, fs->flags | flags, fs->events,
	    res);
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
	    .put_packed = fs_put_packed,
	    .finish = fs_finish, .free = fs_free };
	fs->root = r;
	fs->flags = flags;
	fs->events = ev;
	return &fs->t;
}
