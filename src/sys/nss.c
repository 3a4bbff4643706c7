/*
 * nss.c - the host's user and group databases.  See nss.h.
 */
#include <assert.h>
#include <errno.h>
#include <grp.h>
#include <pwd.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>

#include "sys/nss.h"

#define NSS_BUF_MIN 1024
#define NSS_BUF_MAX (1 << 20)

int
nss_lookup(void *ctx, const char *name, bool group, uint32_t *id)
{
	struct passwd pw, *pw_found = NULL;
	struct group gr, *gr_found = NULL;
	char *buf = NULL, *nbuf;
	int r;

	assert(name != NULL && id != NULL);
	(void)ctx;
	for (size_t size = NSS_BUF_MIN; size <= NSS_BUF_MAX; size *= 2) {
		if ((nbuf = realloc(buf, size)) == NULL)
			break;
		buf = nbuf;
		r = group ? getgrnam_r(name, &gr, buf, size, &gr_found) :
		    getpwnam_r(name, &pw, buf, size, &pw_found);
		if (r != ERANGE)
			break;
	}
	if (pw_found != NULL)
		*id = (uint32_t)pw.pw_uid;
	else if (gr_found != NULL)
		*id = (uint32_t)gr.gr_gid;
	free(buf);
	return pw_found != NULL || gr_found != NULL ? 0 : -1;
}

const struct id_resolver nss_resolver = {
	.lookup = nss_lookup
};
