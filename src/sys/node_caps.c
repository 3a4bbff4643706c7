/*
 * node_caps.c - file capabilities of an existing regular file, read and
 * set through a descriptor of the inode checked.
 */
#include <sys/stat.h>

#include <assert.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "base/libcap.h"
#include "sys/node_impl.h"

/*
 * Whether the file open at fd has other capabilities than text adds to
 * its own (to none when cleared: a new owner drops them, as chown(2)
 * does, so buildroot's chown then setcap gives text's alone); with set,
 * gives it those.  -1 and errno on failure.
 */
static int
caps_sync(int fd, const char *text, bool cleared, bool set, bool *differ)
{
	cap_t have, want = NULL;
	char *old = NULL, *all = NULL;
	int rc = -1;
	struct dt_diag d;

	/* Loaded already, when the entry's text was checked (validate.c). */
	if (dt_cap_load(&d) != 0) {
		errno = ELIBACC;
		return -1;
	}
	if ((have = dt_cap_get_fd(fd)) == NULL && errno != ENODATA)
		return -1;
	if (have != NULL && !cleared &&
	    (old = dt_cap_to_text(have, NULL)) == NULL)
		goto out;
	if (asprintf(&all, "%s %s", old != NULL ? old : "", text) < 0) {
		all = NULL;
		goto out;
	}
	if ((want = dt_cap_from_text(all)) == NULL)
		goto out;
	*differ = have == NULL || cleared || dt_cap_compare(have, want) != 0;
	rc = set && *differ ? dt_cap_set_fd(fd, want) : 0;
out:
	dt_cap_free(want);
	dt_cap_free(old);
	dt_cap_free(have);
	free(all);
	return rc;
}

/*
 * caps_sync on the regular file at p, checked to be expect: through an
 * O_PATH descriptor of the name, reopened to read (fgetxattr) by /proc's
 * magic link, which opens that very inode.  STEP_NO_PROC without /proc.
 */
int
node_caps_file(const struct place *p, const struct stat *expect, const char *text,
    bool cleared, bool set, bool *differ)
{
	char proc[64];
	struct stat st;
	int fd, rfd = -1, rc = STEP_ERRNO;

	assert(p != NULL && p->dirfd >= 0 && p->name != NULL &&
	    expect != NULL && text != NULL && differ != NULL);
	if ((fd = openat(p->dirfd, p->name, O_PATH | O_NOFOLLOW |
	    O_CLOEXEC)) < 0)
		return STEP_ERRNO;
	if (fstat(fd, &st) != 0)
		goto out;
	if (!S_ISREG(st.st_mode) || !inode_same(&st, expect)) {
		errno = ESTALE;
		goto out;
	}
	snprintf(proc, sizeof(proc), "/proc/self/fd/%d", fd);
	if ((rfd = open(proc, O_RDONLY | O_NONBLOCK | O_NOCTTY |
	    O_CLOEXEC)) < 0)
		rc = errno == ENOENT ? STEP_NO_PROC : STEP_ERRNO;
	else if (caps_sync(rfd, text, cleared, set, differ) == 0)
		rc = STEP_OK;
out:
	inode_close(rfd);
	inode_close(fd);
	return rc;
}

enum node_outcome
node_caps_fail(const struct place *p, int rc)
{
	char why[160];

	assert(p != NULL && rc != STEP_OK);
	if (rc == STEP_NO_PROC)
		return place_fail(p, "its file capabilities cannot be set "
		    "safely: /proc is not mounted; left alone");
	if (errno == ESTALE)
		return place_fail(p, "changed while its capabilities were set; "
		    "left alone");
	snprintf(why, sizeof(why), "file capabilities: %s", strerror(errno));
	return place_fail(p, why);
}
