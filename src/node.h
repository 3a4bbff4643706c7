/*
 * node.h - creating device nodes, FIFOs and directories safely, with the
 * rules mknod and apply share.
 *
 * A node never appears at its final path with another owner or a wider
 * mode than asked: when the process's own identity would not give exactly
 * that, it is made inside a private directory (.devtool.PID.N, 0700) in
 * the same directory, given its owner and mode there, where nobody else
 * can reach it, and renamed into place.  Nothing devtool did not make is
 * chowned, chmodded or renamed into place, nothing is chmodded by name,
 * and nothing that is not a device node or FIFO is ever removed.  See
 * SECURITY in man/devtool.1.
 */
#ifndef DEVTOOL_NODE_H
#define DEVTOOL_NODE_H

#include <stdbool.h>
#include <sys/types.h>

#include "root.h"

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
	mode_t type;		/* S_IFCHR, S_IFBLK, S_IFIFO, S_IFDIR, S_IFREG */
	mode_t perm;		/* the 07777 bits, or NODE_ANY_PERM */
	uid_t uid;		/* or NODE_ANY_UID */
	gid_t gid;		/* or NODE_ANY_GID */
	dev_t rdev;
};

#define NODE_REPLACE	0x01	/* -r: replace or correct what is there */
#define NODE_PARENTS	0x02	/* create missing parent directories */
#define NODE_DRY_RUN	0x04	/* say what would be done, touch nothing */
#define NODE_VERBOSE	0x08	/* say what is done */
#define NODE_KEEP_SAME	0x10	/* an exact match is fine even without -r */

enum node_outcome {
	NODE_CREATED,
	NODE_REPLACED,
	NODE_CORRECTED,		/* kept, mode or owner corrected */
	NODE_UNCHANGED,
	NODE_FAILED,
};

/* Call once before creating anything: sets the umask to 0. */
mode_t node_begin(void);

bool node_path_ok(const char *path);
/* Path "/" is the root directory itself: its mode and owner are set. */
enum node_outcome node_make(struct root *r, const char *path,
    const struct node_want *w, unsigned flags);
void node_describe(char *buf, size_t len, const struct node_want *w);

/* Whether name is a temporary's (.devtool.PID.N); gives PID if asked. */
bool node_temp_name(const char *name, pid_t *pid);

#endif
