/*
 * node_parents.c - -p: the missing parent directories of an entry, made
 * in order; those made for entries that failed, removed at the end of
 * the run if nothing used them.
 */
#include <sys/stat.h>
#include <sys/xattr.h>

#include <assert.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <search.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "sys/node_impl.h"
#include "sys/root_impl.h"

/* The next component of parent after *s: its name, and the path to it. */
static bool
next_component(const char **s, const char *parent, char *comp,
    char *prefix)
{
	size_t n;

	*s += strspn(*s, "/");
	if ((n = strcspn(*s, "/")) == 0 || n > NAME_MAX)
		return false;
	memcpy(comp, *s, n);
	comp[n] = '\0';
	*s += n;
	snprintf(prefix, PATH_MAX, "%.*s", (int)(*s - parent), parent);
	return true;
}

static const struct node_want parent_dir = {
	.type = S_IFDIR, .perm = 0755, .uid = NODE_ANY_UID,
	.gid = NODE_ANY_GID,
};

/*
 * As root, a directory that -p would make at prefix in cur (-1: in the
 * root) could then not be entered when cur is another user's: root_step
 * refuses the step (an unsafe path transition), and it is not made.
 */
static bool
enterable(const struct place *p, int cur, const char *prefix)
{
	const struct stat made = { .st_mode = S_IFDIR | 0755,
	    .st_uid = p->root->euid };
	int top = -1;
	bool ok;

	if (root_absent(p->root))
		return true;
	if (cur < 0 && (cur = top = root_opendir(p->root, *prefix == '/' ?
	    "/" : "")) < 0)
		return false;
	ok = root_step(p->root, cur, prefix, &made) == 0;
	if (top >= 0)
		inode_close(top);
	return ok;
}

/*
 * The directory comp in cur (prefix, its path), open: one step down from
 * the directory open at cur, a plain name never followed, and as root
 * checked as the walk checks each step (root_step), so that -p goes down
 * a path once, not from the root again for each directory.  A symbolic
 * link there, ".", "..", or no cur (the top) is resolved from the root
 * as any path (root_opendir), which follows a link inside the root and
 * checks each of its steps.  -1 with errno: ENOENT when it is missing.
 */
static int
step_down(const struct place *p, int cur, const char *comp,
    const char *prefix)
{
	struct stat st;
	int fd;

	if (cur < 0 || strcmp(comp, ".") == 0 || strcmp(comp, "..") == 0)
		return root_opendir(p->root, prefix);
	fd = openat(cur, comp, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
	if (fd < 0 && (errno == ENOTDIR || errno == ELOOP))
		return root_opendir(p->root, prefix);
	if (fd < 0)
		return -1;
	if (fstat(fd, &st) != 0 || root_step(p->root, cur, prefix, &st) != 0) {
		inode_close(fd);
		return -1;
	}
	return fd;
}

/*
 * Makes comp in cur, exactly 0755, and returns prefix (its path) open.
 * mkdirat with a umask of 0 gives exactly that, unless cur is set-gid
 * (inherited) or has a default ACL: then, as a node, it is made in a
 * private directory, its mode set there, and moved into place.
 */
static int
make_dir(const struct place *p, int cur, const char *comp,
    const char *prefix, bool *made)
{
	struct place d = *p;
	struct stat st;

	d.dirfd = cur;
	d.name = comp;
	d.path = prefix;
	d.contain = false;
	if (!enterable(p, cur, prefix))
		return -1;
	node_stale_visit(p, cur);
	node_fsgid_own(p->run);
	if (fstat(cur, &st) == 0 && !(st.st_mode & S_ISGID) &&
	    fgetxattr(cur, ACL_DEFAULT, NULL, 0) < 0)
		*made = mkdirat(cur, comp, 0755) == 0;
	else if (node_priv_impossible(cur)) {
		errno = EPERM;
		return -1;
	} else
		*made = node_priv_place(&d, &parent_dir, false) == STEP_OK;
	if (!*made && errno != EEXIST)
		return -1;
	if (*made)
		place_report(&d, NODE_CREATED, "create directory", &parent_dir);
	return step_down(p, cur, comp, prefix);
}

/*
 * Records the directory just made, open at fd, whose path is the first
 * end bytes of the entry's parent, as one to undo.
 */
static void
remember_made(struct made_dirs *m, int fd, size_t end)
{
	struct stat st;

	if (m->n == MADE_MAX || fstat(fd, &st) != 0) {
		m->overflow = true;
		return;
	}
	m->end[m->n] = end;
	m->id[m->n++] = (struct dir_id){ st.st_dev, st.st_ino };
}

/*
 * -p: creates each missing directory of parent, in order, going down
 * once from the top with the directory reached held open (step_down);
 * the directory of the entry is then resolved from the root again, as
 * every entry's is.  A dry run says which it would create, sets
 * p->dry_missing and returns -1.
 */
static int
make_parents(struct place *p, const char *parent)
{
	char prefix[PATH_MAX], comp[NAME_MAX + 1];
	bool dry = p->flags & NODE_DRY_RUN, missing = false;
	const char *s = parent;
	int cur, fd = -1;

	/* the top: the root, or without one "/" or the working directory */
	if ((cur = root_opendir(p->root, *parent == '/' ? "/" : "")) < 0) {
		if (!dry || !root_absent(p->root))
			return -1;
		missing = true;		/* a dry run's root, to be made */
	}
	while (next_component(&s, parent, comp, prefix)) {
		if (!missing) {
			if ((fd = step_down(p, cur, comp, prefix)) < 0 &&
			    errno != ENOENT)
				goto fail;
			missing = fd < 0 && dry;
			if (missing && !enterable(p, cur, prefix))
				goto fail;	/* as the real run would */
		}
		if (missing) {
			struct place d = *p;

			d.path = prefix;
			if (!place_dry_reported(p->root, prefix))
				place_report(&d, NODE_CREATED, "create directory",
				    &parent_dir);
			continue;
		}
		if (fd < 0) {
			bool made = false;

			fd = make_dir(p, cur, comp, prefix, &made);
			if (made && fd < 0)	/* made, not found as made */
				p->made_ids->overflow = true;
			if (fd < 0)
				goto fail;
			if (made)
				remember_made(p->made_ids, fd,
				    (size_t)(s - parent));
		}
		inode_close(cur);
		cur = fd;
	}
	inode_close(cur);
	if (missing || (dry && root_absent(p->root))) {
		p->dry_missing = true;
		return -1;
	}
	return root_opendir_cached(p->root, parent);
fail:
	inode_close(cur);
	return -1;
}

/*
 * The trail (root_impl.h): the directories of a table's paths entered
 * and made one step down from the one above, already open and only
 * ours, instead of resolved from the root again and checked.  Nobody
 * else can write in a directory only ours, nor move it (rename(2) of a
 * directory needs write permission on it and on its parent), so what a
 * name in it holds is what this run found or made there: a directory
 * made here is trusted as made, without a look for a killed run's
 * leftovers, an ACL probe or the climb to the root (SECURITY in the
 * manual).  Anything else (".", "..", a link, another's directory, a
 * default ACL or set-gid bit, a race) goes the way every path goes
 * (make_parents): NOT_TRAIL.
 */
#define NOT_TRAIL (-2)

/*
 * The next name of path at *s, and its length; false at the end.  Byte
 * by byte, not strspn and strcspn: the names of a path are short, and a
 * table that goes round many directories walks one every node.
 */
static bool
next_name(const char **s, const char **name, size_t *n)
{
	const char *p = *s, *start;

	while (*p == '/')
		p++;
	for (start = p; *p != '\0' && *p != '/'; p++)
		continue;
	*name = start;
	*n = (size_t)(p - start);
	*s = p;
	return *n > 0;
}

/* Whether name (n bytes) is the trail's directory i. */
static bool
trail_is(const struct root *r, size_t i, const char *name, size_t n)
{
	size_t from = i == 0 ? 0 : r->trail[i - 1].len + 1;

	return r->trail[i].len - from == n &&
	    memcmp(r->trail_path + from, name, n) == 0;
}

static bool
trail_push(struct root *r, int fd, const struct stat *st, const char *name,
    size_t n, int acl, int nodev, bool made)
{
	size_t at = r->trail_n > 0 ? r->trail[r->trail_n - 1].len + 1 : 0;

	if (r->trail_n == TRAIL_MAX || at + n >= sizeof(r->trail_path))
		return false;
	if (at > 0)
		r->trail_path[at - 1] = '/';
	memcpy(r->trail_path + at, name, n);
	r->trail_path[at + n] = '\0';
	r->trail[r->trail_n++] = (struct trail_dir){ .fd = fd, .len = at + n,
	    .st = *st, .acl = acl, .nodev = nodev, .made = made };
	return true;
}

/* Whether the directory open at fd has a default ACL (an error: yes). */
static int
default_acl(int fd)
{
	return fgetxattr(fd, ACL_DEFAULT, NULL, 0) >= 0 || errno != ENODATA;
}

/* Whether the root itself can start the trail: asked once a run. */
static bool
root_trusted(struct root *r)
{
	if (r->root_trusted < 0)
		r->root_trusted = !(r->root_st.st_mode & S_ISGID) &&
		    root_walk_only_ours(r, r->fd, &r->root_st) &&
		    !default_acl(r->fd);
	return r->root_trusted == 1;
}

/*
 * Makes name (n bytes, prefix its path) in cur, exactly 0755, and opens
 * it: it must be ours and 0755 when looked at, which nobody else could
 * change in cur.  Recorded as made for the entry (to undo) and said.
 * *made is set once mkdirat made it (-1 then: made, not found as made).
 */
static int
trail_make(struct place *p, int cur, const char *name, size_t n,
    const char *prefix, struct stat *st, bool *made)
{
	struct made_dirs *m = p->made_ids;
	char comp[NAME_MAX + 1];
	struct place d = *p;
	int fd;

	memcpy(comp, name, n);
	comp[n] = '\0';
	node_fsgid_own(p->run);
	if (mkdirat(cur, comp, 0755) != 0)
		return -1;
	*made = true;
	fd = openat(cur, comp, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
	if (fd >= 0 && (fstat(fd, st) != 0 || !S_ISDIR(st->st_mode) ||
	    (st->st_mode & 07777) != 0755 || st->st_uid != p->root->euid)) {
		inode_close(fd);
		fd = -1;
	}
	if (fd < 0) {	/* made, but not found as made: not recorded */
		m->overflow = true;
		return -1;
	}
	if (m->n == MADE_MAX)
		m->overflow = true;
	else {
		m->end[m->n] = strlen(prefix);
		m->id[m->n++] = (struct dir_id){ st->st_dev, st->st_ino };
	}
	node_stale_made(p->run, st);
	d.path = prefix;
	place_report(&d, NODE_CREATED, "create directory", &parent_dir);
	return fd;
}

/*
 * parent, open, as the cached directory, reached along the trail; or
 * NOT_TRAIL (nothing made, or what was made recorded in p) when it
 * cannot be, or -1 with errno.
 */
static int
trail_open(struct place *p, const char *parent, size_t len)
{
	struct root *r = p->root;
	char *prefix = p->run->trail_prefix;	/* PATH_MAX bytes */
	const char *s = parent, *name, *names[TRAIL_MAX];
	size_t n, k = 0, depth = 0, lens[TRAIL_MAX];
	struct trail_dir *top;
	struct stat st;
	int cur, fd, acl, nodev;
	bool made;

	/* the names, walked once: kept for the steps below */
	while (next_name(&s, &name, &n)) {
		if (n > NAME_MAX || (n == 1 && name[0] == '.') ||
		    (n == 2 && name[0] == '.' && name[1] == '.') ||
		    depth == TRAIL_MAX)
			return NOT_TRAIL;
		if (k == depth && k < r->trail_n && trail_is(r, k, name, n))
			k++;
		names[depth] = name;
		lens[depth++] = n;
	}
	if (depth == 0 || len >= PATH_MAX || (k == 0 && !root_trusted(r)))
		return NOT_TRAIL;
	root_trail_cut(r, k);
	for (size_t i = k; i < depth; i++) {
		name = names[i];
		n = lens[i];
		s = name + n;
		top = r->trail_n > 0 ? &r->trail[r->trail_n - 1] : NULL;
		cur = top != NULL ? top->fd : r->fd;
		memcpy(prefix, parent, (size_t)(s - parent));
		prefix[s - parent] = '\0';
		acl = nodev = -1;
		made = false;
		/*
		 * What a directory made here holds, this run made: a name
		 * in it is new unless the table named it before, so it is
		 * made without a look first (mkdirat follows no link, and
		 * fails on any name that is there: then it is looked at).
		 */
		if (top != NULL && top->made &&
		    (fd = trail_make(p, cur, name, n, prefix, &st,
		    &made)) >= 0) {
			nodev = top->nodev;
			acl = 0;
			goto push;
		}
		if (made)	/* made, but not found as made */
			return NOT_TRAIL;
		fd = openat(cur, prefix + (name - parent), O_RDONLY |
		    O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
		if (fd >= 0 && (fstat(fd, &st) != 0 ||
		    !root_walk_only_ours(r, fd, &st))) {
			inode_close(fd);
			return NOT_TRAIL;
		}
		if (fd < 0 && errno != ENOENT)
			return NOT_TRAIL;
		if (fd < 0) {
			if (top != NULL && top->acl < 0)
				top->acl = default_acl(cur);
			/* what mkdirat gives is not exact there */
			if (top != NULL && (top->acl == 1 ||
			    (top->st.st_mode & S_ISGID)))
				return NOT_TRAIL;
			node_stale_visit_st(p->run, cur, top != NULL ?
			    &top->st : &r->root_st);
			if ((fd = trail_make(p, cur, name, n, prefix,
			    &st, &made)) < 0)
				return NOT_TRAIL;
			/* the same mount as the directory it is made in */
			acl = 0;
			nodev = top != NULL ? top->nodev : r->root_nodev;
		}
push:
		if (!trail_push(r, fd, &st, name, n, acl, nodev, acl == 0)) {
			inode_close(fd);
			return NOT_TRAIL;
		}
	}
	top = &r->trail[r->trail_n - 1];
	root_cache_drop(r);
	if (root_cache_name(r, parent, len) != 0)
		return NOT_TRAIL;
	if (top->acl < 0)
		top->acl = fgetxattr(top->fd, ACL_DEFAULT, NULL, 0) >= 0;
	r->cached_fd = top->fd;
	r->cached_trail = true;
	r->cached_st = top->st;
	r->cached_st_valid = true;
	r->cached_acl = top->acl == 1;
	r->cached_pinned = true;
	r->cached_nodev = top->nodev;
	return r->cached_fd;
}

int
node_parents_open(struct place *p, const char *parent, size_t len)
{
	struct root *r;
	int fd;
	bool cached;

	assert(p != NULL && p->root != NULL && parent != NULL &&
	    parent[len] == '\0');
	r = p->root;
	/*
	 * The cached directory again, pinned (nobody else can move it out
	 * of the root): what root_opendir_cached answers first, asked here
	 * by length and bytes, not strcmp, as every node of a directory
	 * asks it.
	 */
	cached = root_cached_is(r, parent, len);
	if (cached && r->cached_pinned)
		return r->cached_fd;
	if ((p->flags & (NODE_PARENTS | NODE_DRY_RUN)) == NODE_PARENTS &&
	    root_confined(r) && !root_absent(r) && !r->faker && !cached &&
	    (fd = trail_open(p, parent, len)) != NOT_TRAIL)
		return fd;
	fd = root_opendir_cached(p->root, parent);
	if (fd >= 0 || errno != ENOENT || !(p->flags & NODE_PARENTS))
		return fd;
	root_forget(p->root);
	return make_parents(p, parent);
}

bool
node_parents_blocker(struct place *p, const char *parent, char *buf,
    size_t len)
{
	char prefix[PATH_MAX], comp[NAME_MAX + 1], up[PATH_MAX] = "/";
	const char *s = parent;
	struct stat st;
	int fd;

	assert(p != NULL && p->root != NULL && parent != NULL && buf != NULL &&
	    len > 0);
	root_forget(p->root);
	while (next_component(&s, parent, comp, prefix)) {
		if ((fd = root_opendir(p->root, prefix)) >= 0) {
			inode_close(fd);
			snprintf(up, sizeof(up), "%s", prefix);
			continue;
		}
		if (errno != ENOTDIR || (fd = root_opendir(p->root, up)) < 0)
			return false;
		if (fstatat(fd, comp, &st, AT_SYMLINK_NOFOLLOW) != 0 ||
		    S_ISDIR(st.st_mode)) {
			inode_close(fd);
			return false;
		}
		inode_close(fd);
		snprintf(buf, len, "%s is a %s", prefix,
		    place_type_word(st.st_mode));
		return true;
	}
	return false;
}

/*
 * Removes the directory name in dir (of the root) if it is the one made,
 * want, and empty: another user's directory swapped in is left alone.
 */
static int
remove_dir(struct root *r, const char *dir, const char *name,
    const struct dir_id *want)
{
	struct stat st;
	int fd, rc = -1;

	if ((fd = root_opendir(r, dir)) < 0)
		return -1;
	if (fstatat(fd, name, &st, AT_SYMLINK_NOFOLLOW) == 0 &&
	    S_ISDIR(st.st_mode) && st.st_dev == want->dev &&
	    st.st_ino == want->ino) {
		node_priv_release_in(r->run, &st);
		/* never follows a symlink, never removes what is not empty */
		rc = unlinkat(fd, name, AT_REMOVEDIR);
	}
	inode_close(fd);
	return rc;
}

static int
by_path(const void *a, const void *b)
{
	return strcmp(((const struct run_dir *)a)->path,
	    ((const struct run_dir *)b)->path);
}

/*
 * The directory made at the first end bytes of parent, id, joins the
 * run's list; false when it cannot (no memory): nothing is removed then
 * (node_end), rather than what a later entry may need.
 */
static bool
run_add(struct root *r, const char *parent, size_t end,
    const struct dir_id *id)
{
	struct run_dir *d, **grown, **in;
	size_t cap;

	if (r->made_n == r->made_cap) {
		cap = r->made_cap ? r->made_cap * 2 : 16;
		if ((grown = realloc(r->made, cap * sizeof(struct run_dir *))) == NULL)
			return false;
		r->made = grown;
		r->made_cap = cap;
	}
	if ((d = malloc(sizeof(*d) + end + 1)) == NULL)
		return false;
	*d = (struct run_dir){ .dev = id->dev, .ino = id->ino };
	memcpy(d->path, parent, end);
	d->path[end] = '\0';
	if ((in = tsearch(d, &r->made_paths, by_path)) == NULL) {
		free(d);
		return false;
	}
	/*
	 * The same path made again (what was there went meanwhile): the
	 * newer answers for the path; the older, gone, is not removed.
	 */
	if (*in != d) {
		if (!(*in)->kept)
			r->made_pending--;
		(*in)->kept = true;
		*in = d;
	}
	r->made[r->made_n++] = d;
	r->made_pending++;
	return true;
}

/* The run's directory at the first n bytes of path, now kept. */
static void
run_keep(struct root *r, const char *path, size_t n)
{
	struct run_dir **in;
	union {		/* a run_dir with room for its path */
		struct run_dir d;
		char room[sizeof(struct run_dir) + PATH_MAX];
	} key;

	if (n == 0 || n >= PATH_MAX)
		return;
	memcpy(key.d.path, path, n);
	key.d.path[n] = '\0';
	if ((in = tfind(&key.d, &r->made_paths, by_path)) != NULL &&
	    !(*in)->kept) {
		(*in)->kept = true;
		r->made_pending--;
	}
}

void
node_parents_after(struct place *p, const char *parent, bool failed)
{
	struct root *r;
	const struct made_dirs *m;
	const char *s;

	assert(p != NULL && p->root != NULL && p->path != NULL);
	r = p->root;
	m = p->made_ids;
	if (failed) {
		/* not removed now: the entries after it may need them */
		if (m == NULL || m->n == 0 || m->overflow)
			return;
		assert(parent != NULL);
		for (size_t i = 0; i < m->n; i++)
			if (!run_add(r, parent, m->end[i], &m->id[i])) {
				/* none removed: one may be a later one's */
				r->made_pending = 0;
				for (size_t j = 0; j < r->made_n; j++)
					r->made[j]->kept = true;
				return;
			}
		return;
	}
	/* only while some may be removed: no cost to a run without */
	if (r->made_pending == 0)
		return;
	for (s = p->path; *s != '\0'; s++)
		if (*s == '/' && s > p->path && s[-1] != '/')
			run_keep(r, p->path, (size_t)(s - p->path));
	run_keep(r, p->path, strlen(p->path));
}

void
node_parents_end(struct root *r, unsigned flags,
    const struct node_events *ev)
{
	char dir[PATH_MAX];
	struct node_result res;
	struct run_dir *d;
	const char *slash;
	size_t n;

	assert(r != NULL);
	if (r->made_pending > 0)
		root_forget(r);	/* it may hold one of them open */
	/* in the order made, backwards: each before the one it is in */
	for (size_t i = r->made_n; i-- > 0 && r->made_pending > 0;) {
		d = r->made[i];
		if (d->kept)
			continue;
		r->made_pending--;
		/* the directory it is in: "" (the top), or "/" for /dev */
		slash = strrchr(d->path, '/');
		n = slash == NULL ? 0 : slash == d->path ? 1 :
		    (size_t)(slash - d->path);
		memcpy(dir, d->path, n);
		dir[n] = '\0';
		if (remove_dir(r, dir, slash != NULL ? slash + 1 : d->path,
		    &(struct dir_id){ d->dev, d->ino }) != 0)
			continue;
		place_report(&(struct place){ .root = r, .path = d->path,
		    .flags = flags, .ev = ev, .res = &res, .run = r->run },
		    NODE_REMOVED,
		    "remove directory", &parent_dir);
	}
	root_made_free(r);
}
