/*
 * nss.c - the host's user and group databases.  See nss.h.
 */
#include <errno.h>
#include <grp.h>
#include <pwd.h>
#include <stdlib.h>

#include "sys/nss.h"

#define NSS_BUF_MIN 1024
#define NSS_BUF_MAX (1 << 20)

int
nss_getpwnam(void *ctx, const char *name, uid_t *uid)
{
	struct passwd pw, *found = NULL;
	char *buf = NULL, *nbuf;
	size_t size;

	(void)ctx;
	for (size = NSS_BUF_MIN; size <= NSS_BUF_MAX; size *= 2) {
		if ((nbuf = realloc(buf, size)) == NULL)
			break;
		buf = nbuf;
		if (getpwnam_r(name, &pw, buf, size, &found) != ERANGE)
			break;
	}
	if (found != NULL)
		*uid = pw.pw_uid;
	free(buf);
	return found != NULL ? 0 : -1;
}

int
nss_getgrnam(void *ctx, const char *name, gid_t *gid)
{
	struct group gr, *found = NULL;
	char *buf = NULL, *nbuf;
	size_t size;

	(void)ctx;
	for (size = NSS_BUF_MIN; size <= NSS_BUF_MAX; size *= 2) {
		if ((nbuf = realloc(buf, size)) == NULL)
			break;
		buf = nbuf;
		if (getgrnam_r(name, &gr, buf, size, &found) != ERANGE)
			break;
	}
	if (found != NULL)
		*gid = gr.gr_gid;
	free(buf);
	return found != NULL ? 0 : -1;
}

const struct id_resolver nss_resolver = {
	.user = nss_getpwnam, .group = nss_getgrnam
};
