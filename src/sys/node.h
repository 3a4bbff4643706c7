/*
 * node.h - creating device nodes, FIFOs, sockets, symbolic links and
 * directories safely, with the rules mknod and apply share.
 *
 * A node never appears at its final path with another owner or a wider
 * mode than asked: when the process's own identity would not give exactly
 * that, it is made inside a private directory (.devtool.PID.N, 0700) in
 * the same directory, given its owner and mode there, where nobody else
 * can reach it, and renamed into place.  Nothing devtool did not make is
 * chowned, chmodded or renamed into place, nothing is chmodded by name,
 * no symbolic link is ever followed, and nothing that is not a device
 * node or FIFO (or, to put a link in its place, a symbolic link) is ever
 * removed, but for the directories made for a node that then failed,
 * while empty, at the end of the run (node_end).  While
 * fs.protected_hardlinks is off, an existing entry other than a
 * directory that has other hard links (maybe a file outside the tree) is
 * given no mode, owner or capabilities.  See SECURITY in man/devtool.1.
 */
#ifndef DEVTOOL_NODE_H
#define DEVTOOL_NODE_H

#include <stdbool.h>
#include <sys/types.h>

#include "sys/root.h"

/*
 * An owner left unspecified is whatever the kernel gives a new node (our
 * uid; our gid, or the parent's in a set-gid directory), and is not
 * corrected on an existing one.
 */
#define NODE_ANY_UID ((uid_t)-1)
#define NODE_ANY_GID ((gid_t)-1)

/*
 * A mode left unspecified (tmpfiles "-", tmpfiles.d(5)) is kept on an
 * existing entry (less the set-id bits of a non-directory whose owner
 * changes, as chown(2) drops them); a new entry gets 0755 (directory)
 * or 0644.
 */
#define NODE_ANY_PERM ((mode_t)-1)

struct node_want {
	mode_t type;		/* S_IFCHR, S_IFBLK, S_IFIFO, S_IFSOCK,
				   S_IFDIR, S_IFREG, S_IFLNK */
	mode_t perm;		/* the 07777 bits, or NODE_ANY_PERM; a
				   link has none of its own: ignored */
	uid_t uid;		/* or NODE_ANY_UID */
	gid_t gid;		/* or NODE_ANY_GID */
	dev_t rdev;
	const char *target;	/* S_IFLNK: what the link says, which is
				   never followed nor checked; NULL: the
				   link that is there, whatever it says,
				   gets the owner (a missing one fails) */
	/*
	 * S_IFREG: file capabilities to add to an existing file's, as
	 * cap_from_text(3) reads them, after its owner and mode (a new
	 * owner drops the old ones, as chown(2) does); or NULL.
	 */
	const char *caps;
	/*
	 * perm, uid and gid are only a new entry's: an existing one keeps
	 * its own, as for NODE_ANY_PERM, NODE_ANY_UID and NODE_ANY_GID
	 * (mtree's nochange).
	 */
	bool keep;
};

#define NODE_REPLACE	0x01	/* -r: replace or correct what is there */
#define NODE_PARENTS	0x02	/* create missing parent directories */
#define NODE_DRY_RUN	0x04	/* say what would be done, touch nothing */
#define NODE_VERBOSE	0x08	/* say what is done */
#define NODE_KEEP_SAME	0x10	/* an exact match is fine even without -r */
#define NODE_CORRECT	0x20	/* one of the same type and numbers gets the
				   mode and owner, as a directory does
				   (tmpfiles) */
#define NODE_MAKE_FILE	0x40	/* S_IFREG: a missing file is made, empty */
#define NODE_SKIP_MISSING 0x80	/* S_IFREG: a missing file is skipped */

enum node_outcome {
	NODE_CREATED,
	NODE_REPLACED,
	NODE_CORRECTED,		/* kept, mode or owner corrected */
	NODE_UNCHANGED,
	NODE_SKIPPED,		/* NODE_SKIP_MISSING, or the caller's choice */
	NODE_FAILED,
	NODE_REMOVED,		/* an event only: a directory made for an
				   entry that failed, removed at the end
				   (node_end) */
};

/*
 * How an entry ended.  On NODE_FAILED, error is errno's value and reason,
 * when not NULL, a sentence that says more than strerror(error) would
 * (it points into buf, to a constant, or for an unsafe path transition
 * to the root's root_refusal(), valid until its next refusal).  node.c
 * prints nothing: the caller does (docs/DESIGN.md).
 */
struct node_result {
	enum node_outcome outcome;
	int error;
	const char *reason;
	bool no_mknod;		/* mknod(2) refused a device node (EPERM) */
	/*
	 * A device node entry that did not fail, in a directory on a mount
	 * with nodev, where no device node can be opened: the mount point
	 * (or a sentence saying it is unknown), the first time the run
	 * meets that mount, else NULL; valid while the root is open.
	 */
	const char *nodev;
	char buf[192];
};

/*
 * An action taken, or with NODE_DRY_RUN one that would be: path is as
 * the caller wrote it, or a parent directory -p makes; verb is "create",
 * "create directory", "keep", "correct", "replace" or "skip", or, for a
 * parent made for an entry that then failed, "remove directory"
 * (NODE_REMOVED, at the end of the run: node_end).  Only reported with
 * NODE_VERBOSE or NODE_DRY_RUN, in the order the actions happen.
 */
struct node_event {
	const char *path;
	enum node_outcome outcome;
	const char *verb;
	const struct node_want *want;
	bool dry;
};

struct node_events {
	void (*say)(void *ctx, const struct node_event *e);
	void *ctx;
};

/*
 * Begins a run of node making in r, before node_make, node_tree or
 * node_remove: the run's own state (the private directories held for
 * the next entries, the directories already scanned for a killed run's
 * leftovers, the lock file) is made here, kept with r, and freed by
 * node_end, which every run that began must reach before root_close.
 * One run at a time in r.  runtime_dir ($XDG_RUNTIME_DIR, read by the
 * CLI, or NULL) is where a user other than root keeps the lock file; it
 * must outlive the run.  The caller sets the umask it wants (node_make
 * makes every mode exact by hand, so the umask gives only a default).
 * 0, or -1 with errno (ENOMEM).
 */
int node_begin(struct root *r, const char *runtime_dir);

bool node_path_ok(const char *path);
/*
 * Path "/" is the root directory itself: its mode and owner are set.
 * ev may be NULL (nothing is said); res is filled and its outcome
 * returned.
 */
enum node_outcome node_make(struct root *r, const char *path,
    const struct node_want *w, unsigned flags, const struct node_events *ev,
    struct node_result *res);
void node_describe(char *buf, size_t len, const struct node_want *w);

/*
 * The end of a run (node_begin): each directory -p made for an entry
 * that failed, kept meanwhile for the entries after it, is removed now,
 * deepest first, if no entry that did not fail was in it or was it, it
 * is still empty and still the one made (by device and inode, through a
 * descriptor, never following a link: another's swapped in stays), each
 * said once ("remove directory", NODE_REMOVED); then the private
 * directories held go, and the run's state is freed.  Called on every
 * way a run ends that is not a crash (the last entry, a stop, a signal),
 * before root_close; flags as node_make's (NODE_VERBOSE says).  A run
 * that exits or dies of a signal before it gets here still has its
 * private directories removed (sig.h).
 */
void node_end(struct root *r, unsigned flags, const struct node_events *ev);
/*
 * node_end's first part ahead of it: the directories made for entries
 * that failed removed as node_end says, so that an entry put after it
 * (apply's root entry, put last, which may give the root to another
 * user) is no unsafe path transition on their way.  node_end then finds
 * none.
 */
void node_parents_end(struct root *r, unsigned flags,
    const struct node_events *ev);

/*
 * makedevs r: the owner and mode of w (type S_IFDIR; NODE_ANY_PERM keeps
 * each mode) for path and everything below it, which must exist, as
 * buildroot's makedevs does with nftw(FTW_PHYS | FTW_MOUNT): symbolic
 * links are not followed (their owner is set, never a mode), no mount
 * point is entered (another file system, or a bind mount of the same
 * one: walk.h), each inode is changed through a descriptor checked to be
 * what was found, and each directory is checked to be inside the root
 * before anything in it is changed.  A file with other hard links is left
 * alone unless fs.protected_hardlinks is on, as by node_make.  One event
 * for the tree: "correct" (something changed) or "keep".
 */
enum node_outcome node_tree(struct root *r, const char *path,
    const struct node_want *w, unsigned flags, const struct node_events *ev,
    struct node_result *res);

/*
 * Whether the directory open at fd is a live /dev, whose nodes the
 * kernel and udev make (make refuses it without --force: devtool(1),
 * make): NODE_LIVE_DEVTMPFS when it is on a devtmpfs mount (its mount
 * point into where), NODE_LIVE_UDEV when it is /dev itself (the same
 * inode) while /run/udev, /dev/.udevdb or /dev/.udev is a directory,
 * MAKEDEV's own test (the first found into where).
 */
enum node_live { NODE_LIVE_NO, NODE_LIVE_DEVTMPFS, NODE_LIVE_UDEV };
enum node_live node_live_dev(int fd, char *where, size_t len);

/*
 * Removes the device node or FIFO at path (apply --remove), and nothing
 * else: a missing one is NODE_UNCHANGED ("absent"); any other type is
 * NODE_FAILED, left alone.  The parent is reached as node_make reaches
 * it, confined to the root, never made; the node is moved into a private
 * directory, checked there to be the inode seen (so what raced in is put
 * back, not removed) and removed there.  Verb "remove" (NODE_REMOVED),
 * with w describing what was there.  Only NODE_DRY_RUN and NODE_VERBOSE
 * of flags count.
 */
enum node_outcome node_remove(struct root *r, const char *path,
    unsigned flags, const struct node_events *ev, struct node_result *res);
/*
 * As node_remove, but only a node of type (S_IFCHR, S_IFBLK or S_IFIFO):
 * a node or FIFO of another type is NODE_FAILED, left alone (make -d).
 */
enum node_outcome node_remove_type(struct root *r, const char *path,
    mode_t type, unsigned flags, const struct node_events *ev,
    struct node_result *res);

#endif
