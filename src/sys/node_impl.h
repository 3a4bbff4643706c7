/*
 * node_impl.h - what the files of node.c share: a place, where a node
 * goes; how a step failed; the private directory; the run's state
 * (struct node_run); and each file's calls (inode.c, place.c,
 * node_*.c).  Included by those files alone.
 */
#ifndef DEVTOOL_NODE_IMPL_H
#define DEVTOOL_NODE_IMPL_H

#include <sys/stat.h>
#include <sys/types.h>

#include <limits.h>
#include <signal.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "sys/inode.h"
#include "sys/node.h"
#include "sys/root.h"

#define ACL_DEFAULT "system.posix_acl_default"

struct dir_id {
	dev_t dev;
	ino_t ino;
};

/* A slot of node_run's set of directories scanned (node_stale.c). */
struct stale_slot {
	struct dir_id id;
	bool used;
};

/*
 * The directories -p made for one entry, in order, each with the length
 * of its path in the entry's: if the entry fails they go to the run's
 * list (root_impl.h), to be removed at its end (node_end) when nothing
 * used them.  Past MADE_MAX of them nothing is recorded, and nothing
 * removed.
 */
#define MADE_MAX 64
struct made_dirs {
	struct dir_id id[MADE_MAX];
	size_t end[MADE_MAX];
	size_t n;
	bool overflow;
};

/* Where a node goes: its parent directory, open, and its last name. */
struct place {
	struct root *root;
	const char *path;	/* as the user wrote it, for messages */
	int dirfd;		/* -1 in a dry run under a missing parent */
	const char *name;
	unsigned flags;
	bool contain;		/* the directory is not pinned (root.h) */
	bool dry_missing;	/* a dry run met a parent it would create */
	struct made_dirs *made_ids;	/* those made for this entry, or
					   NULL */
	const struct node_events *ev;	/* or NULL */
	struct node_result *res;
	struct node_run *run;	/* the run's, node_begin's (root's) */
};

#define HARDLINKED_MSG "has other hard links, and fs.protected_hardlinks " \
	"is off: one may be a file outside --root; left alone"

/*
 * A private directory .devtool.PID.N: ours (owned by our euid, no group
 * or other bits; set-gid as its parent may make it), so nobody else can
 * reach a name inside it.  Everything is done inside through pv->fd.
 */
struct priv {
	int fd;
	struct stat st;
	char name[48];
	bool dirty;		/* something could not be taken out of it */
};

/*
 * A private directory kept for the next entries in the same directory
 * (making and removing one per node is slow on some file systems: ext4
 * with discard, ten times slower), one for each of the last HELD_MAX
 * directories (node_priv.c).
 */
#define HELD_MAX 16
struct held {
	dev_t dev;		/* the parent's identity */
	ino_t ino;
	unsigned long used;	/* when last used, for the LRU */
	struct priv pv;
	volatile sig_atomic_t live;	/* read by the fatal-signal hook */
	int dirfd;		/* our own descriptor of its parent */
};

/*
 * A run of node making's own state, from node_begin to node_end (which
 * frees it), reached through the root the run works in: nothing of it
 * outlives the run, and nothing of one run is another's.  Only the
 * fatal-signal and at-exit hook (sig.h) sees it besides the run, through
 * the pointer it was registered with.
 */
struct node_run {
	uid_t euid;		/* the root's, who our private dirs belong to */
	/*
	 * What node.c asks of every node, first, in one cache line (make
	 * bench): whether node_make is at work (parent_busy, below the
	 * parent), the last directory node_stale.c scanned (below), and
	 * the group node.c left in force (below fsgid_own).
	 */
	bool parent_busy;
	bool stale_any;		/* stale_last holds one */
	struct dir_id stale_last;
	gid_t fsgid_held;
	/* node_priv.c: the held private directories, the clock of their
	   LRU, the serial N of .devtool.PID.N; hooked: the hook that
	   removes them on a fatal signal or an early exit is registered,
	   keep: it could be, so they may outlive an entry */
	struct held held[HELD_MAX];
	unsigned long clock;
	unsigned long serial;
	bool hooked, keep;
	/* node_stale.c: the directories already scanned for a killed
	   run's leftovers (a hash set of struct dir_id: stale_cap slots, a
	   power of two, or none; stale_n of them used), and the last one */
	struct stale_slot *stale_seen;
	size_t stale_n, stale_cap;	/* stale_last, stale_any: above */
	/* node_lock.c: $XDG_RUNTIME_DIR as the CLI read it; the lock
	   file, opened on first use (lock_tried) and closed at the end */
	const char *runtime_dir;
	int lock_fd;
	bool lock_tried;
	/* fs.protected_hardlinks, read on first use: 1, 0, -1 not yet */
	int hardlinks_protected;
	/*
	 * node.c: the file system group (setfsgid(2)) root makes a node of
	 * another group in at once (make_direct).  fsgid_own is ours, as
	 * the first switch gave it back; fsgid_held the group left in
	 * force after a node made in place, for the next of the same
	 * group, or -1 (ours in force): node_fsgid_own gives it back before
	 * anything else is created, chowned or chmodded, and node_end does.
	 * fsgid_seen: the groups tried, each with whether it could be
	 * taken, which cannot change within a run (a user namespace's
	 * mapping is written once; our capabilities are not changed).
	 */
	gid_t fsgid_own;	/* fsgid_held: above */
#define FSGID_SEEN 8
	struct {
		gid_t gid;
		bool ok;
	} fsgid_seen[FSGID_SEEN];
	size_t fsgid_nseen;
	/*
	 * node_make's parent path and node_parents.c's trail_open's prefix
	 * of it, PATH_MAX bytes each, one allocation of node_begin's: on
	 * the heap only the bytes a path fills are touched, where a frame's
	 * every page was (the stack-clash probes).  Neither is reentered
	 * (parent_busy asserts node_make's): nothing they call makes a
	 * node or opens a parent.
	 */
	char *parent;
	char *trail_prefix;	/* parent_busy: above */
	/*
	 * node_stale.c's getdents64(2) buffer: STALE_DENTS bytes of the
	 * same allocation, for one scan at a time (what clean_stale calls
	 * scans with its own DIR: temp.c's check of a private directory
	 * found), where fdopendir(3) allocated a 32 KiB DIR a
	 * directory (a brk, and one to give it back).  The kernel writes
	 * at most the length asked, and the record of a NAME_MAX name
	 * (280 bytes) fits.
	 */
	char *dents;
};
#define STALE_DENTS 4096

#define NO_TEMP_MSG "its directory is append-only or immutable, where a " \
	"temporary name could not be removed; nothing was made"
#define NO_PROC_MSG "its mode cannot be changed safely: /proc is not " \
	"mounted and the kernel has no fchmodat2; left alone"
#define NO_PROC_FAKER_MSG "its mode cannot be changed safely: /proc is " \
	"not mounted, and fchmodat2 would change it unseen by fakeroot or " \
	"pseudo; left alone"
#define NO_EXCHANGE_MSG "not replaced: the file system does not support " \
	"RENAME_EXCHANGE, without which the old node cannot be replaced " \
	"safely; left alone"
#define MOVED_OUT_MSG "its directory was moved out of --root meanwhile; " \
	"the node made there was removed"

/* node_fsgid.c */
/*
 * Gives the file system group held after a node made in place back
 * (node_run): called before every system call of the run that creates
 * an inode (mkdirat, mknodat, symlinkat, open with O_CREAT) or changes
 * an owner or mode, except make_direct's own mknodat.
 */
void node_fsgid_give_back(struct node_run *run);
static inline void
node_fsgid_own(struct node_run *run)
{
	/* asked without a call: most runs never hold another group */
	if (run->fsgid_held != (gid_t)-1)
		node_fsgid_give_back(run);
}
/*
 * Takes group gid for the nodes made in place (make_direct): 0, or 1
 * when it cannot be taken (a user namespace that does not map it), our
 * own group in force then.
 */
int node_fsgid_take(struct node_run *run, gid_t gid);

/* place.c */
/* The run r is in (node_begin), for a file that cannot see inside r. */
struct node_run *place_run(const struct root *r);
const char *place_type_word(mode_t type);
bool place_replaceable(mode_t old, const struct node_want *w);
enum node_outcome place_say(const struct place *p, enum node_outcome outcome,
    const char *verb, const struct node_want *w);
/*
 * -v and -n: each action goes to the caller's callback (place_say).
 * Returns outcome, so a caller can end with it.  Without either nothing
 * is said: asked here, without a call, for every node.
 */
static inline enum node_outcome
place_report(const struct place *p, enum node_outcome outcome,
    const char *verb, const struct node_want *w)
{
	if (!(p->flags & (NODE_VERBOSE | NODE_DRY_RUN)))
		return outcome;
	return place_say(p, outcome, verb, w);
}
enum node_outcome place_fail(const struct place *p, const char *why)
    __attribute__((cold));
enum node_outcome place_fail_refused(const struct place *p)
    __attribute__((cold));
int place_make_at(int dirfd, const char *name, const struct node_want *w,
    mode_t perm, struct node_result *res);
int place_dir_stat(const struct root *r, int dirfd, struct stat *st);
bool place_owner_changes(const struct stat *st, const struct node_want *w);
int place_set_owner_mode(const struct place *p, const struct stat *expect,
    const struct node_want *w);
enum node_outcome place_fail_step(const struct place *p, int rc, int race_errno,
    const char *raced);
bool place_dry_reported(struct root *r, const char *dir);
/*
 * A dry run's memory of what it would leave at a path (a node or a
 * directory it would create, replace or correct), so that a later entry
 * for the same path is answered as the real run would answer it: an
 * identical line "would keep" what the first "would create".
 */
bool place_dry_lookup(const struct root *r, const char *path,
    struct stat *st);
void place_dry_remember(struct root *r, const char *path,
    const struct stat *st);
const struct node_want *place_with_perm(const struct node_want *w,
    const struct stat *st, struct node_want *buf);
bool place_same_attrs(const struct stat *st, const struct node_want *w);
/*
 * The last name of path into *name and its parent's length into *plen
 * (0 for a bare name, 1 for "/name"), in one pass and no call (it runs
 * for every node): false when the name is not one a node can have
 * ("", ".", "..", over NAME_MAX), *name set all the same.
 */
static inline bool
place_split(const char *path, const char **name, size_t *plen)
{
	const char *s, *slash = NULL;
	size_t n;

	for (s = path; *s != '\0'; s++)
		if (*s == '/')
			slash = s;
	*name = slash != NULL ? slash + 1 : path;
	*plen = slash == NULL ? 0 : slash == path ? 1 : (size_t)(slash - path);
	n = (size_t)(s - *name);
	return n != 0 && n <= NAME_MAX && !((*name)[0] == '.' && (n == 1 ||
	    (n == 2 && (*name)[1] == '.')));
}
/*
 * place_split, the parent copied into parent (len bytes at most with
 * its NUL): the parent's length, or -1 for a name place_split refuses
 * or a parent too long.
 */
ssize_t place_split_path(const char *path, char *parent, size_t len,
    const char **name);

/* node_priv.c */
int node_priv_open(struct node_run *run, int dirfd, struct priv *pv);
void node_priv_close(int dirfd, struct priv *pv);
int node_priv_take_out(int dirfd, const char *name, struct priv *pv,
    const struct stat *expect);
int node_priv_place(const struct place *p, const struct node_want *w,
    bool replace);
bool node_priv_impossible(int dirfd);
void node_priv_release_in(struct node_run *run, const struct stat *dir);
/* node_end: every held private directory removed, the hook dropped. */
void node_priv_end(struct node_run *run);

/* node_stale.c */
void node_stale_visit(const struct place *p, int dirfd);
/* The same, for the directory open at dirfd whose stat is st. */
void node_stale_visit_other(struct node_run *run, int dirfd,
    const struct stat *st);
/*
 * node_stale_visit_other, but the last directory visited is known here,
 * without a call: every node of a directory asks.
 */
static inline void
node_stale_visit_st(struct node_run *run, int dirfd, const struct stat *st)
{
	if (!run->stale_any || run->stale_last.ino != st->st_ino ||
	    run->stale_last.dev != st->st_dev)
		node_stale_visit_other(run, dirfd, st);
}
/* A directory just made by this run: nothing to clean, none read. */
void node_stale_made(struct node_run *run, const struct stat *st);
/* node_end: the set forgotten. */
void node_stale_end(struct node_run *run);

/* node_lock.c */
int node_lock_file(struct node_run *run, bool faker);
/* node_end: the lock file closed. */
void node_lock_end(struct node_run *run);
off_t node_lock_offset(const struct stat *st);
int node_lock_set(int fd, off_t at, short type);

/* node_caps.c */
int node_caps_file(const struct place *p, const struct stat *expect,
    const char *text, bool cleared, bool set, bool *differ);
enum node_outcome node_caps_fail(const struct place *p, int rc);

/* node_nodev.c */
/* Whether the directory open at fd is on a mount with nodev: 1, 0, -1. */
int node_nodev_of(int fd);
/* The id of the mount fd is on (statx, name_to_handle_at); 0: unknown. */
uint64_t node_nodev_mount_id(int fd);
/* Mount id's mount point (/proc/self/mountinfo) into buf; false: not found. */
bool node_nodev_point(uint64_t id, char *buf, size_t len);
/* A node's directory on a nodev mount met first: p->res->nodev says it. */
void node_nodev_note(const struct place *p, const struct node_want *w);

/* node_parents.c */
/* The directory parent (len bytes) of a node, open; -p makes it. */
int node_parents_open(struct place *p, const char *parent, size_t len);
/*
 * After parent would not open (ENOTDIR): the first name on the way that
 * is not a directory, as "/dev/snd is a FIFO", into buf; false when none
 * is found (it changed meanwhile).  It only looks: devtool never replaces
 * a parent (CAVEATS in the manual).
 */
bool node_parents_blocker(struct place *p, const char *parent, char *buf,
    size_t len);
/*
 * After an entry (p->path): when it failed, the directories made for it
 * (p->made_ids, in parent) join the run's, to be removed at its end;
 * otherwise those of the run's on its path, or at it, are kept.
 */
void node_parents_after(struct place *p, const char *parent, bool failed);

#endif
