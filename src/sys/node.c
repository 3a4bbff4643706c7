/*
 * node.c - node creation with mknod's rules.  See node.h, and SECURITY
 * in the manual (man/devtool.1): what a hostile user who can write a
 * directory devtool works in can and cannot make it do.  The steps are
 * in node_*.c, place.c and inode.c (node_impl.h).
 */
#include <sys/stat.h>
#include <sys/sysmacros.h>

#include <assert.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "sys/node_impl.h"
#include "sys/root_impl.h"
#include "sys/sig.h"
#include "base/types.h"

int
node_begin(struct root *r, const char *runtime_dir)
{
	struct node_run *run;

	assert(r != NULL && r->run == NULL);
	if ((run = calloc(1, sizeof(*run))) == NULL)
		return -1;
	if ((run->parent = malloc(2 * (size_t)PATH_MAX + STALE_DENTS)) ==
	    NULL) {
		free(run);
		return -1;
	}
	run->trail_prefix = run->parent + PATH_MAX;
	run->dents = run->trail_prefix + PATH_MAX;
	run->euid = r->euid;
	run->runtime_dir = runtime_dir;
	run->lock_fd = -1;
	run->hardlinks_protected = -1;
	run->fsgid_held = (gid_t)-1;
	for (size_t i = 0; i < HELD_MAX; i++)
		run->held[i].dirfd = -1;
	r->run = run;
	return 0;
}

void
node_end(struct root *r, unsigned flags, const struct node_events *ev)
{
	struct node_run *run;

	assert(r != NULL && r->run != NULL);
	run = r->run;
	node_fsgid_own(run);
	node_parents_end(r, flags, ev);
	node_priv_end(run);
	node_stale_end(run);
	node_lock_end(run);
	r->run = NULL;
	free(run->parent);
	free(run);
}

/* "c 1:3, mode 0600, owner 0:5"; a link, "l -> TARGET, owner 0:5". */
void
node_describe(char *buf, size_t len, const struct node_want *w)
{
	char uid[16] = "-", gid[16] = "-", nums[32] = "", owner[48] = "";
	char kind;

	assert(buf != NULL && w != NULL);
	kind = entry_type_of_mode(w->type)->letter;
	if (w->uid != NODE_ANY_UID)
		snprintf(uid, sizeof(uid), "%u", (unsigned)w->uid);
	if (w->gid != NODE_ANY_GID)
		snprintf(gid, sizeof(gid), "%u", (unsigned)w->gid);
	if (w->uid != NODE_ANY_UID || w->gid != NODE_ANY_GID)
		snprintf(owner, sizeof(owner), ", owner %s:%s", uid, gid);
	if (S_ISCHR(w->type) || S_ISBLK(w->type))
		snprintf(nums, sizeof(nums), " %u:%u", major(w->rdev),
		    minor(w->rdev));
	if (S_ISLNK(w->type) && w->target == NULL)
		snprintf(buf, len, "%c, the link there%s", kind, owner);
	else if (S_ISLNK(w->type))
		snprintf(buf, len, "%c -> %s%s", kind, w->target, owner);
	else
		snprintf(buf, len, "%c%s, mode %04o%s", kind, nums,
		    (unsigned)w->perm, owner);
}

/*
 * Whether mknodat with a umask of 0 gives exactly the asked owner and
 * mode at once: the asked owner is ours (or the set-gid parent's group),
 * there are no set-id bits to lose, and no default ACL to change the mode.
 * As root, another group is ours too for the call: *fsgid is the group
 * to take for it (setfsgid(2), make_direct), or -1 for ours.
 */
static bool
direct_is_exact(const struct place *p, const struct node_want *w,
    gid_t *fsgid)
{
	struct root *r = p->root;
	gid_t gid;

	/*
	 * Not pinned: via a private directory, to hold the node made.  Not
	 * ours: its owner could add a default ACL or S_ISGID at any moment.
	 */
	if (!r->cached_st_valid || r->cached_fd != p->dirfd || p->contain ||
	    r->cached_st.st_uid != r->euid)
		return false;
	/*
	 * A faker's mknod "succeeds" over whatever is at the name (fakeroot
	 * truncates a file there): only in the private directory.
	 */
	if (r->faker)
		return false;
	if (S_ISREG(w->type) || (w->perm & ~0777) != 0 || r->cached_acl ||
	    (w->uid != NODE_ANY_UID && w->uid != r->euid))
		return false;
	*fsgid = (gid_t)-1;
	if (r->cached_st.st_mode & S_ISGID) {
		if (S_ISDIR(w->type))
			return false;	/* it would inherit S_ISGID */
		/* the parent's group, whatever the caller's */
		return w->gid == NODE_ANY_GID || w->gid == r->cached_st.st_gid;
	}
	gid = r->egid;
	if (w->gid == NODE_ANY_GID || w->gid == gid)
		return true;
	if (r->euid != 0)
		return false;
	/*
	 * Root makes the node in its group at once (make's disk, tty and
	 * kmem nodes): no private directory, chown and rename for it.
	 */
	*fsgid = w->gid;
	return true;
}

/*
 * place_make_at, with the file system group fsgid for the call unless it
 * is -1 (direct_is_exact): 0, -1 with errno, or 1 when the group cannot
 * be taken, nothing made.  The group stays in force after the call, for
 * the next node of the same group (node_run): every other way to create
 * or change an inode gives it back first (node_fsgid_own).
 */
static int
make_direct(const struct place *p, const struct node_want *w, gid_t fsgid)
{
	if (fsgid == (gid_t)-1)
		node_fsgid_own(p->run);
	else if (node_fsgid_take(p->run, fsgid) != 0)
		return 1;
	return place_make_at(p->dirfd, p->name, w, w->perm, p->res);
}

/* A link named without a target: only the owner of the one there. */
static bool
link_there(const struct node_want *w)
{
	return S_ISLNK(w->type) && w->target == NULL;
}

static enum node_outcome
create_new(const struct place *p, const struct node_want *w)
{
	gid_t fsgid;
	int rc, direct;

	if (link_there(w))
		return place_fail(p, "does not exist (an l line without a "
		    "target only sets the owner of a link that is there)");
	if (S_ISREG(w->type) && (p->flags & NODE_SKIP_MISSING))
		return place_report(p, NODE_SKIPPED, "skip", w);
	if (S_ISREG(w->type) && !(p->flags & NODE_MAKE_FILE))
		return place_fail(p, "does not exist (an f entry only adjusts a "
		    "file)");
	if (p->flags & NODE_DRY_RUN) {
		/* a d line: its children need not say it again */
		if (S_ISDIR(w->type))
			place_dry_reported(p->root, p->path);
		return place_report(p, NODE_CREATED, "create", w);
	}
	if (direct_is_exact(p, w, &fsgid) &&
	    (direct = make_direct(p, w, fsgid)) != 1)
		rc = direct == 0 ? STEP_OK : STEP_ERRNO;
	else if (node_priv_impossible(p->dirfd))
		return place_fail(p, NO_TEMP_MSG);
	else
		rc = node_priv_place(p, w, false);
	if (rc == STEP_OK)
		return place_report(p, NODE_CREATED, "create", w);
	return place_fail_step(p, rc, EEXIST, "appeared while being created; left "
	    "alone");
}

/*
 * A link is the same when it says the same, read from the name just
 * looked at (not from st_size, which some file systems do not give as
 * the target's length): if another link is swapped in meanwhile,
 * nothing is done on the strength of it but keeping what is there.
 */
static bool
same_target(const struct place *p, const char *target)
{
	char buf[PATH_MAX];
	size_t n = strlen(target);
	ssize_t got = readlinkat(p->dirfd, p->name, buf, sizeof(buf));

	return got >= 0 && (size_t)got == n && memcmp(buf, target, n) == 0;
}

static bool
same_kind(const struct place *p, const struct stat *st,
    const struct node_want *w)
{
	if ((st->st_mode & S_IFMT) != (w->type & S_IFMT))
		return false;
	if (link_there(w))
		return true;
	if (S_ISLNK(w->type))
		return same_target(p, w->target);
	return !(S_ISCHR(w->type) || S_ISBLK(w->type)) ||
	    st->st_rdev == w->rdev;
}

/*
 * What differs between st, which is there, and w: "(a character device)
 * with mode 0066, not 0666, owner 0:0, not 5:5; use -r to correct it"
 * when -r would correct it in place (kind: the same type and numbers),
 * "(a character device 1:3, not 1:5)" or "(a FIFO, not a character
 * device)" and "replace" when -r would make a new node.
 */
static void
say_difference(char *buf, size_t len, const struct stat *st,
    const struct node_want *w, bool kind)
{
	size_t used;

	if (kind || S_ISLNK(st->st_mode))
		snprintf(buf, len, "exists (a %s%s)", place_type_word(st->st_mode),
		    S_ISLNK(st->st_mode) && !kind ? " to another target" : "");
	else if ((st->st_mode & S_IFMT) != (w->type & S_IFMT))
		snprintf(buf, len, "exists (a %s, not a %s)",
		    place_type_word(st->st_mode), place_type_word(w->type));
	else
		snprintf(buf, len, "exists (a %s %u:%u, not %u:%u)",
		    place_type_word(st->st_mode), major(st->st_rdev),
		    minor(st->st_rdev), major(w->rdev), minor(w->rdev));
	if (kind && !S_ISLNK(w->type) && (st->st_mode & 07777) != w->perm) {
		used = strlen(buf);
		snprintf(buf + used, len - used, " with mode %04o, not %04o",
		    (unsigned)(st->st_mode & 07777), (unsigned)w->perm);
	}
	if (kind && ((w->uid != NODE_ANY_UID && st->st_uid != w->uid) ||
	    (w->gid != NODE_ANY_GID && st->st_gid != w->gid))) {
		used = strlen(buf);
		snprintf(buf + used, len - used, "%s owner %u:%u, not %u:%u",
		    strstr(buf, " with mode ") != NULL ? "," : " with",
		    (unsigned)st->st_uid, (unsigned)st->st_gid,
		    (unsigned)(w->uid != NODE_ANY_UID ? w->uid : st->st_uid),
		    (unsigned)(w->gid != NODE_ANY_GID ? w->gid : st->st_gid));
	}
	/* the same node, mode and owner: mknod without -r keeps nothing */
	used = strlen(buf);
	snprintf(buf + used, len - used, "; use -r to %s it", kind &&
	    strstr(buf, " with ") != NULL ? "correct" : "replace");
}

static enum node_outcome
handle_existing(const struct place *p, const struct stat *st,
    const struct node_want *w)
{
	bool kind = same_kind(p, st, w), caps = false;
	bool adjusts = S_ISDIR(w->type) || S_ISREG(w->type) || link_there(w) ||
	    (p->flags & NODE_CORRECT);
	struct node_want keep_owner;
	char why[180];
	int rc;

	if (kind && w->caps != NULL && (rc = node_caps_file(p, st, w->caps,
	    place_owner_changes(st, w), false, &caps)) != STEP_OK)
		return node_caps_fail(p, rc);
	if (kind && place_same_attrs(st, w) && !caps &&
	    (p->flags & (NODE_KEEP_SAME | NODE_REPLACE)))
		return place_report(p, NODE_UNCHANGED, "keep", w);
	if (kind && (adjusts || (p->flags & NODE_REPLACE))) {
		/* the inode itself changes, as in a dry run it would */
		if (inode_hardlink_vulnerable(st,
		    &p->run->hardlinks_protected)) {
			errno = EPERM;
			return place_fail(p, HARDLINKED_MSG);
		}
		if (p->flags & NODE_DRY_RUN)
			return place_report(p, NODE_CORRECTED, "correct", w);
		/* Nothing to undo after: a directory moved out is left. */
		if (p->contain && root_contains(p->root, p->dirfd) != 1)
			return place_fail(p, "its directory is no longer inside "
			    "--root (moved meanwhile); left alone");
		if ((rc = place_set_owner_mode(p, st, w)) != STEP_OK)
			return place_fail_step(p, rc, ESTALE, "changed while being "
			    "corrected; left alone");
		/* after the owner, whose change drops them (chown(2)) */
		if (caps && (rc = node_caps_file(p, st, w->caps, false, true,
		    &caps)) != STEP_OK)
			return node_caps_fail(p, rc);
		return place_report(p, NODE_CORRECTED, "correct", w);
	}
	if (!kind && link_there(w)) {
		snprintf(why, sizeof(why), "exists and is a %s, not a symbolic "
		    "link (an l line without a target only sets a link's "
		    "owner); left alone", place_type_word(st->st_mode));
		return place_fail(p, why);
	}
	if (!kind && !place_replaceable(st->st_mode, w)) {
		snprintf(why, sizeof(why), "exists and is a %s; %s",
		    place_type_word(st->st_mode), inode_is_node(st->st_mode) ?
		    "not replaced by a non-node" : S_ISLNK(w->type) ?
		    "only symbolic links, device nodes and FIFOs are ever "
		    "replaced by a link" :
		    "only device nodes and FIFOs are ever replaced (not "
		    "even -r, or a tmpfiles '+' or '=', removes it)");
		return place_fail(p, why);
	}
	if (!(p->flags & NODE_REPLACE)) {
		say_difference(why, sizeof(why), st, w, kind);
		return place_fail(p, why);
	}
	/*
	 * An owner not asked for is the old node's, as when it is kept; a
	 * new link's is whoever makes it, as its owner means nothing.
	 */
	keep_owner = *w;
	if (keep_owner.uid == NODE_ANY_UID && !S_ISLNK(w->type))
		keep_owner.uid = st->st_uid;
	if (keep_owner.gid == NODE_ANY_GID && !S_ISLNK(w->type))
		keep_owner.gid = st->st_gid;
	w = &keep_owner;
	if (p->flags & NODE_DRY_RUN)
		return place_report(p, NODE_REPLACED, "replace", w);
	if (node_priv_impossible(p->dirfd))
		return place_fail(p, NO_TEMP_MSG);
	if ((rc = node_priv_place(p, w, true)) != STEP_OK)
		return place_fail_step(p, rc, EEXIST, "changed while being replaced; "
		    "left alone");
	return place_report(p, NODE_REPLACED, "replace", w);
}

/*
 * Looks at what is at the path and acts on it, holding the directory's
 * lock: concurrent devtool runs correct or replace one node one at a
 * time, so a node never ends with one run's owner and another's mode.
 */
static enum node_outcome
decide_locked(const struct place *p, const struct node_want *w)
{
	int lock;
	enum node_outcome outcome;
	struct node_want buf;
	struct stat st;
	off_t at = 0;

	/* what follows may create, chown or chmod: in our own group */
	node_fsgid_own(p->run);
	lock = p->flags & NODE_DRY_RUN ? -1 :
	    node_lock_file(p->run, p->root->faker);
	if (lock >= 0 && (place_dir_stat(p->root, p->dirfd, &st) != 0 ||
	    node_lock_set(lock, at = node_lock_offset(&st), F_WRLCK) != 0))
		lock = -1;

	if (fstatat(p->dirfd, p->name, &st, AT_SYMLINK_NOFOLLOW) == 0)
		outcome = handle_existing(p, &st, place_with_perm(w, &st, &buf));
	else if (errno != ENOENT)
		outcome = place_fail(p, NULL);
	else
		outcome = create_new(p, place_with_perm(w, NULL, &buf));
	if (lock >= 0)
		node_lock_set(lock, at, F_UNLCK);
	return outcome;
}

/* Whether path names something a node can be: not "", "/", "x/", "..". */
bool
node_path_ok(const char *path)
{
	char parent[PATH_MAX];
	const char *name;

	assert(path != NULL);
	return place_split_path(path, parent, sizeof(parent), &name) >= 0;
}

/*
 * The entry for "/" (as `list --dirs` of a whole tree prints one): the
 * root directory itself takes the mode and owner, through its descriptor.
 */
static enum node_outcome
root_entry(const struct place *p, const struct node_want *w)
{
	struct root *r = p->root;
	enum node_outcome outcome;
	struct node_want buf;
	struct stat st = { .st_mode = S_IFDIR | 0755 };
	int fd = r->fd;

	if (!S_ISDIR(w->type))
		return place_fail(p, "is the root, which only a directory can "
		    "be");
	node_fsgid_own(p->run);
	if (root_absent(r)) {	/* a dry run: it would be made 0755 */
		st.st_uid = r->euid;
		st.st_gid = r->egid;
	} else if ((r->method == RESOLVE_UNCONFINED && (fd = open("/",
	    O_RDONLY | O_DIRECTORY | O_CLOEXEC)) < 0) || fstat(fd, &st) != 0) {
		outcome = place_fail(p, NULL);
		goto out;
	}
	w = place_with_perm(w, &st, &buf);
	/* as place_set_owner_mode: narrowed before the owner changes */
	if (place_same_attrs(&st, w))
		outcome = place_report(p, NODE_UNCHANGED, "keep", w);
	else if (!(p->flags & NODE_DRY_RUN) && ((place_owner_changes(&st, w) &&
	    (fchmod(fd, st.st_mode & w->perm & 0777) != 0 ||
	    fchown(fd, w->uid, w->gid) != 0)) || fchmod(fd, w->perm) != 0))
		outcome = place_fail(p, NULL);
	else
		outcome = place_report(p, NODE_CORRECTED, "correct", w);
out:
	if (fd >= 0 && fd != r->fd)
		inode_close(fd);
	return outcome;
}

/*
 * A dry run: what an earlier entry would have left at p->path, in *st
 * (place_dry_lookup).  Not for a link (its target is read from the disk)
 * nor capabilities (read from the file).
 */
static bool
dry_simulated(const struct place *p, const struct node_want *w,
    struct stat *st)
{
	return (p->flags & NODE_DRY_RUN) && !S_ISLNK(w->type) &&
	    w->caps == NULL && place_dry_lookup(p->root, p->path, st);
}

/* A dry run: what this entry would leave, for a later one to find. */
static void
dry_remember(const struct place *p, const struct node_want *w)
{
	struct node_want buf;
	const struct node_want *c;
	struct stat st;

	if (!(p->flags & NODE_DRY_RUN) || S_ISLNK(w->type) || w->caps != NULL)
		return;
	c = place_with_perm(w, NULL, &buf);
	memset(&st, 0, sizeof(st));
	st.st_mode = (w->type & S_IFMT) | c->perm;
	st.st_uid = w->uid != NODE_ANY_UID ? w->uid : p->root->euid;
	st.st_gid = w->gid != NODE_ANY_GID ? w->gid : p->root->egid;
	st.st_rdev = w->rdev;
	st.st_nlink = 1;
	place_dry_remember(p->root, p->path, &st);
}

/*
 * The parent directory could not be opened (errno): why, in words.  Out
 * of make_entry and not inlined: its two message buffers, over 8 KiB,
 * would make every node's frame that deep, each page of it touched by
 * the stack-clash probes, for a message only a failure writes.
 */
static __attribute__((noinline)) enum node_outcome
fail_parent(struct place *p, const char *parent, unsigned flags)
{
	char why[PATH_MAX + 128], blocker[PATH_MAX + 32];

	if (errno == ENOTDIR) {
		if (node_parents_blocker(p, parent, blocker, sizeof(blocker))) {
			snprintf(why, sizeof(why), "parent directory: Not a "
			    "directory (%s; devtool never replaces it, not even "
			    "for a tmpfiles '=')", blocker);
			errno = ENOTDIR;
			return place_fail(p, why);
		}
		errno = ENOTDIR;
	}
	snprintf(why, sizeof(why), "parent directory: %s%s",
	    strerror(errno), errno == ENOENT && !(flags &
	    NODE_PARENTS) ? " (use -p)" : "");
	return place_fail(p, why);
}

/*
 * The entry w at p, its directory found (p->dirfd) and visited for
 * leftovers: fresh is w with its mode made concrete (place_with_perm),
 * only_adjusts whether it is what only adjusts one that is there (an f
 * line, a link without a target), which nothing makes.  mknodat fails
 * if anything is there, so trying it first is safe.
 */
static inline enum node_outcome
make_there(struct place *p, const struct node_want *w,
    const struct node_want *fresh, bool only_adjusts)
{
	gid_t fsgid;
	int direct;

	if (!(p->flags & NODE_DRY_RUN) && !only_adjusts &&
	    direct_is_exact(p, fresh, &fsgid) &&
	    (direct = make_direct(p, fresh, fsgid)) != 1) {
		if (direct == 0)
			return place_report(p, NODE_CREATED, "create", fresh);
		if (errno != EEXIST)
			return place_fail(p, NULL);
	}
	return decide_locked(p, w);
}

static enum node_outcome
make_entry(struct place *p, char *parent, const struct node_want *w)
{
	struct root *r = p->root;
	const char *path = p->path;
	unsigned flags = p->flags;
	struct node_want buf;
	/* a mode asked for and no link: place_with_perm would give w */
	const struct node_want *fresh = w->perm != NODE_ANY_PERM &&
	    !S_ISLNK(w->type) ? w : place_with_perm(w, NULL, &buf);
	const bool only_adjusts = (S_ISREG(w->type) &&
	    !(flags & NODE_MAKE_FILE)) || link_there(w);
	struct stat dry_st;	/* a dry run: what an earlier entry left */
	ssize_t plen;

	/* A file it will not make needs no parent directories. */
	if (only_adjusts)
		p->flags &= ~(unsigned)NODE_PARENTS;
	if (strcmp(path, "/") == 0)
		return root_entry(p, w);
	if ((plen = place_split_path(path, parent, PATH_MAX, &p->name)) < 0)
		return place_fail(p, strlen(p->name) > NAME_MAX ? "name too "
		    "long (more than NAME_MAX, 255 bytes)" : strlen(path) >=
		    PATH_MAX ? "path too long (more than PATH_MAX - 1, 4095 "
		    "bytes)" : "not a name a node can have");
	if (dry_simulated(p, w, &dry_st))
		return handle_existing(p, &dry_st, place_with_perm(w, &dry_st,
		    &buf));
	/*
	 * Once mknod(2) refused a device node for want of CAP_MKNOD, every
	 * other one that is not there yet fails the same way: the parents
	 * it would need are not made for each of them.
	 */
	if (r->no_mknod && !(flags & NODE_DRY_RUN) &&
	    (S_ISCHR(w->type) || S_ISBLK(w->type))) {
		p->flags &= ~(unsigned)NODE_PARENTS;
		p->dirfd = node_parents_open(p, parent, (size_t)plen);
		p->flags = flags;
		if (p->dirfd < 0 && errno == ENOENT) {
			p->res->no_mknod = true;
			errno = EPERM;
			return place_fail(p, NULL);
		}
	} else if (root_cached_is(r, parent, (size_t)plen) && r->cached_pinned)
		p->dirfd = r->cached_fd;	/* node_parents_open's first
						   answer, without the call */
	else
		p->dirfd = node_parents_open(p, parent, (size_t)plen);
	if (p->dry_missing || (p->dirfd < 0 && errno == ENOENT &&
	    only_adjusts))
		return create_new(p, fresh);
	if (p->dirfd < 0 && root_refusal(r) != NULL)
		return place_fail_refused(p);
	if (p->dirfd < 0)
		return fail_parent(p, parent, flags);
	p->contain = !root_pinned_cache(r);
	/* the cached directory's stat read in place, not copied a node */
	if (!(flags & NODE_DRY_RUN) && r->cached_st_valid &&
	    r->cached_fd == p->dirfd)
		node_stale_visit_st(p->run, p->dirfd, &r->cached_st);
	else if (!(flags & NODE_DRY_RUN))
		node_stale_visit(p, p->dirfd);
	return make_there(p, w, fresh, only_adjusts);
}

/*
 * Whether p's directory is the cached one, known not to be on a mount
 * with nodev: node_nodev_note's first answer, nothing to say, asked here
 * without the call a node (make bench).
 */
static inline bool
nodev_known_not(const struct place *p)
{
	return p->dirfd >= 0 && p->root->cached_fd == p->dirfd &&
	    p->root->cached_nodev == 0;
}

/*
 * The name of path in the cached directory when make_entry would find
 * its directory there and make it at once or meet what is there, with
 * nothing else to ask first: a node (not a directory, file or link) with
 * its mode given, not in a dry run, whose parent is the cached
 * directory, pinned (not to contain), already visited for leftovers
 * (node_stale_visit_st), not on a nodev mount, in a run that waits with
 * no directory made for another (made_pending) and was not refused
 * mknod; else NULL, for make_entry.  Apart from it since apply's loop
 * around node_make is, beside the kernel's, most of apply's time, paid
 * in the cache lines it runs through a node: here no copy of the parent
 * and no call (make bench).
 */
static const char *
cached_name(const struct root *r, const char *path,
    const struct node_want *w, unsigned flags)
{
	const char *name;
	size_t plen;

	if ((flags & NODE_DRY_RUN) || r->no_mknod || r->made_pending != 0 ||
	    r->cached_nodev != 0 || !r->cached_pinned || !r->run->stale_any ||
	    S_ISDIR(w->type) || S_ISREG(w->type) || S_ISLNK(w->type) ||
	    w->perm == NODE_ANY_PERM)
		return NULL;
	/* the parent compared in place, not copied as place_split_path does */
	if (!place_split(path, &name, &plen) ||
	    !root_cached_is(r, path, plen) ||
	    r->run->stale_last.ino != r->cached_st.st_ino ||
	    r->run->stale_last.dev != r->cached_st.st_dev)
		return NULL;
	return name;
}

enum node_outcome
node_make(struct root *r, const char *path, const struct node_want *w,
    unsigned flags, const struct node_events *ev, struct node_result *res)
{
	/* not zeroed whole: only its first n ids are ever read (1.5 KiB) */
	struct made_dirs made;
	struct place p;
	char *parent;
	int saved;
	bool failed;

	assert(r != NULL && r->run != NULL && path != NULL && w != NULL &&
	    res != NULL);
	assert(w->perm == NODE_ANY_PERM || (w->perm & ~(mode_t)07777) == 0);
	assert(!r->run->parent_busy);
	res->error = 0;
	res->reason = NULL;
	res->no_mknod = false;
	res->nodev = NULL;
	made.n = 0;
	made.overflow = false;
	p = (struct place){ .root = r, .path = path, .dirfd = -1,
	    .flags = flags, .made_ids = &made, .ev = ev, .res = res,
	    .run = r->run };
	parent = p.run->parent;
	p.run->parent_busy = true;
	/*
	 * Found at once, no parent is split off into parent: none is made
	 * (made.n stays 0) and none waits (made_pending), so
	 * node_parents_after, below, which would read it, is not called.
	 * Made, nothing below applies either (no mknod refused, no dry
	 * run, no nodev mount, no directory): it returns at once.
	 */
	if ((p.name = cached_name(r, path, w, flags)) != NULL) {
		p.dirfd = r->cached_fd;
		res->outcome = make_there(&p, w, w, false);
		if (res->outcome == NODE_CREATED) {
			p.run->parent_busy = false;
			return NODE_CREATED;
		}
	} else
		res->outcome = make_entry(&p, parent, w);
	if (res->no_mknod)
		r->no_mknod = true;
	if (res->outcome == NODE_CREATED || res->outcome == NODE_REPLACED ||
	    res->outcome == NODE_CORRECTED)
		dry_remember(&p, w);
	if (res->outcome != NODE_FAILED && res->outcome != NODE_SKIPPED &&
	    !nodev_known_not(&p))
		node_nodev_note(&p, w);
	/*
	 * A skipped one is not there.  node_parents_after has nothing to do
	 * for an entry that failed with no directory made for it, nor for
	 * one that did not fail while no directory made for another waits
	 * (made_pending): asked here, without the call, for every node.
	 */
	failed = res->outcome == NODE_FAILED;
	if (res->outcome != NODE_SKIPPED && (failed ? made.n != 0 :
	    r->made_pending != 0)) {
		saved = errno;
		node_parents_after(&p, parent, failed);
		errno = saved;
	}
	/*
	 * A directory given another owner or mode (or, failing half way,
	 * another owner) may now be one others can write, on the way to the
	 * cached one or the cached one itself, which were checked as only
	 * root's once (root_impl.h): they are asked again (root.h).
	 */
	if (S_ISDIR(w->type) && (failed || res->outcome == NODE_CORRECTED) &&
	    !(flags & NODE_DRY_RUN)) {
		saved = errno;
		root_dir_changed(r);
		errno = saved;
	}
	p.run->parent_busy = false;
	return res->outcome;
}
