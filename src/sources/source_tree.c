/*
 * source_tree.c - the tree walk (walk.c) as a source of entries.
 */
#include <sys/stat.h>
#include <sys/sysmacros.h>

#include <assert.h>
#include <stdlib.h>

#include "sources/source.h"
#include "sys/walk.h"

struct tree_source {
	struct source s;	/* first: the interface */
	struct root *root;
	bool dirs;
	bool one_fs;
};

struct walk_ctx {
	const struct entry_sink *sink;
	bool dirs;		/* every directory, not only those that
				   differ from a plain parent */
};

/*
 * What the walk found, as an entry: the node as it is, mode and owner (a
 * link's as lstat gives them), a link's target.
 */
static void
entry_of_walk(void *ctx, const char *path, const struct stat *st,
    const char *target)
{
	const struct walk_ctx *w = ctx;
	const struct entry_sink *sink = w->sink;
	struct entry e = {
		.path = path,
		.target = target,
		.type = entry_type_of_mode(st->st_mode)->letter,
		.mode_set = true, .uid_set = true, .gid_set = true,
		.mode = st->st_mode & 07777,
		.uid = st->st_uid,
		.gid = st->st_gid,
	};

	if (entry_has_numbers(&e)) {
		e.major = major(st->st_rdev);
		e.minor = minor(st->st_rdev);
	}
	if (!w->dirs && entry_is_plain_parent(&e))
		return;
	sink->put(sink->ctx, &e);
}

static void
walk_problem(void *ctx, const char *path, int error, const char *why)
{
	const struct entry_sink *sink = ((struct walk_ctx *)ctx)->sink;

	sink->problem(sink->ctx, path, 0, error, why);
}

static void
tree_read(struct source *s, const char *operand,
    const struct entry_sink *sink)
{
	struct walk_ctx ctx = { sink, false };
	struct walk_ops ops = { .dirs = true, .found = entry_of_walk,
	    .problem = walk_problem, .ctx = &ctx };
	const struct tree_source *t;

	assert(s != NULL && operand != NULL && sink != NULL &&
	    sink->put != NULL && sink->problem != NULL);
	t = (const struct tree_source *)s;
	ctx.dirs = t->dirs;
	ops.xdev = ops.mounts = t->one_fs;
	walk_operand(t->root, operand, &ops);
}

static void
tree_free(struct source *s)
{
	free(s);
}

struct source *
source_tree_new(struct root *r, bool dirs, bool one_fs)
{
	struct tree_source *t = malloc(sizeof(*t));

	assert(r != NULL);
	if (t == NULL)
		return NULL;
	t->s = (struct source){ "tree", tree_read, tree_free, NULL };
	t->root = r;
	t->dirs = dirs;
	t->one_fs = one_fs;
	return &t->s;
}
