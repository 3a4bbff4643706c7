/*
 * node_remove.c - a device node or FIFO taken out (node_remove,
 * node_remove_type: apply --remove, and what diff writes for it), apart
 * from node.c's making: only the inode looked at, through a private
 * directory (node_priv.c), and only while it is a node or FIFO.  See
 * node.h.
 */
#include <sys/stat.h>

#include <assert.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <signal.h>
#include <stdio.h>

#include "sys/inode.h"
#include "sys/node_impl.h"
#include "sys/sig.h"

/*
 * What is at p is taken out through a private directory, as a replaced
 * node is (node_priv.c): only the inode looked at, and only while it is
 * a device node or FIFO; signals wait meanwhile, so no private directory
 * is left behind.
 */
static enum node_outcome
remove_found(const struct place *p, const struct stat *st,
    const struct node_want *w)
{
	struct priv pv = { .fd = -1 };
	sigset_t old;
	int rc, saved;

	if (p->flags & NODE_DRY_RUN)
		return place_report(p, NODE_REMOVED, "remove", w);
	if (p->contain && root_contains(p->root, p->dirfd) != 1)
		return place_fail(p, "its directory is no longer inside --root "
		    "(moved meanwhile); left alone");
	if (node_priv_impossible(p->dirfd))
		return place_fail(p, NO_TEMP_MSG);
	if (sig_block(&old) != 0)
		return place_fail(p, NULL);
	if ((rc = node_priv_open(p->run, p->dirfd, &pv)) == 0) {
		rc = node_priv_take_out(p->dirfd, p->name, &pv, st);
		saved = errno;
		node_priv_close(p->dirfd, &pv);
		errno = saved;
	}
	sig_restore(&old);
	if (rc != 0)
		return place_fail(p, errno == ESTALE ? "changed while being "
		    "removed; left alone" : NULL);
	return place_report(p, NODE_REMOVED, "remove", w);
}

/* node_remove and node_remove_type: type 0 takes any node or FIFO. */
static enum node_outcome
remove_at(struct root *r, const char *path, mode_t type, unsigned flags,
    const struct node_events *ev, struct node_result *res)
{
	struct place p = { .root = r, .path = path, .dirfd = -1,
	    .flags = flags & (NODE_DRY_RUN | NODE_VERBOSE), .ev = ev,
	    .res = res };
	struct node_want w = { .type = S_IFIFO, .perm = 0, .uid = NODE_ANY_UID,
	    .gid = NODE_ANY_GID };
	char parent[PATH_MAX], why[160];
	struct stat st;
	ssize_t plen;

	assert(r != NULL && place_run(r) != NULL && path != NULL &&
	    res != NULL);
	p.run = place_run(r);
	node_fsgid_own(p.run);
	res->error = 0;
	res->reason = NULL;
	res->no_mknod = false;
	res->nodev = NULL;
	if ((plen = place_split_path(path, parent, sizeof(parent),
	    &p.name)) < 0)
		return res->outcome = place_fail(&p, "not a name a node can "
		    "have");
	p.dirfd = node_parents_open(&p, parent, (size_t)plen);
	if (p.dirfd < 0 && root_refusal(r) != NULL)
		return res->outcome = place_fail_refused(&p);
	if (p.dirfd < 0 && (errno == ENOENT || errno == ENOTDIR))
		return res->outcome = NODE_UNCHANGED;	/* nothing there */
	if (p.dirfd < 0)
		return res->outcome = place_fail(&p, NULL);
	p.contain = !root_cached_pinned(r);
	if (fstatat(p.dirfd, p.name, &st, AT_SYMLINK_NOFOLLOW) != 0)
		return res->outcome = errno == ENOENT ? NODE_UNCHANGED :
		    place_fail(&p, NULL);
	w.type = st.st_mode & S_IFMT;
	w.perm = st.st_mode & 07777;
	w.uid = st.st_uid;
	w.gid = st.st_gid;
	w.rdev = st.st_rdev;
	if (!inode_is_node(st.st_mode)) {
		snprintf(why, sizeof(why), "is a %s; only device nodes and "
		    "FIFOs are ever removed; left alone",
		    place_type_word(st.st_mode));
		errno = EEXIST;
		return res->outcome = place_fail(&p, why);
	}
	if (type != 0 && (st.st_mode & S_IFMT) != type) {
		snprintf(why, sizeof(why), "is a %s, not a %s; left alone",
		    place_type_word(st.st_mode), place_type_word(type));
		errno = EEXIST;
		return res->outcome = place_fail(&p, why);
	}
	return res->outcome = remove_found(&p, &st, &w);
}

enum node_outcome
node_remove(struct root *r, const char *path, unsigned flags,
    const struct node_events *ev, struct node_result *res)
{
	return remove_at(r, path, 0, flags, ev, res);
}

enum node_outcome
node_remove_type(struct root *r, const char *path, mode_t type,
    unsigned flags, const struct node_events *ev, struct node_result *res)
{
	assert(type == S_IFCHR || type == S_IFBLK || type == S_IFIFO);
	return remove_at(r, path, type, flags, ev, res);
}
