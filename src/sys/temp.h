/*
 * temp.h - devtool's own temporaries, as node.c makes them and as the
 * tree walk (walk.c) leaves them out: a private directory .devtool.PID.N
 * holding at most the two names a run makes there (TEMP_NAME, OUT_NAME),
 * and, from older versions, a device node or FIFO of mode 0 under that
 * name.  They are known by what devtool made (owner, mode, contents),
 * never by the name alone: anything else of that name is another user's
 * and is listed, changed and kept like any entry (SECURITY in the
 * manual).
 */
#ifndef DEVTOOL_TEMP_H
#define DEVTOOL_TEMP_H

#include <sys/stat.h>
#include <sys/types.h>

#include <stdbool.h>

#define TEMP_PREFIX ".devtool."	/* .devtool.PID.N, a private directory */
#define TEMP_NAME "n"		/* the node made inside it */
#define OUT_NAME "o"		/* what is taken out of the directory */

/* Whether name is a temporary's (.devtool.PID.N); gives PID if asked. */
bool temp_name(const char *name, pid_t *pid);

/*
 * Whether st is what devtool makes at a temporary's name, owned by
 * owner: a private directory (mode 0700, set-gid as its parent may make
 * it), or an older version's device node or FIFO of mode 0.
 */
bool temp_made_by(const struct stat *st, uid_t owner);

/*
 * Whether the directory open at fd holds no names but TEMP_NAME and
 * OUT_NAME.  fd stays open and its own.  -1 and errno when it cannot be
 * read.
 */
int temp_holds_only_ours(int fd);

/*
 * The walk's test: whether name in dirfd (st, from fstatat) is a
 * temporary of a run, running or killed, of root or of this process's
 * effective user, and, a directory that can be read, one holding only
 * what a run makes there.
 */
bool temp_of_devtool(int dirfd, const char *name, const struct stat *st);

#endif
