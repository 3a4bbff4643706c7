/*
 * temp.c - devtool's own temporaries, recognised.  See temp.h.
 */
#include <sys/stat.h>

#include <assert.h>
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <string.h>
#include <unistd.h>

#include "sys/temp.h"

bool
temp_name(const char *name, pid_t *pid)
{
	unsigned long long v = 0;
	const char *s;
	size_t n;

	assert(name != NULL);
	if (strncmp(name, TEMP_PREFIX, sizeof(TEMP_PREFIX) - 1) != 0)
		return false;
	s = name + sizeof(TEMP_PREFIX) - 1;
	if ((n = strspn(s, "0123456789")) == 0 || n > 10 || s[n] != '.')
		return false;
	for (size_t i = 0; i < n; i++)
		v = v * 10 + (unsigned)(s[i] - '0');
	s += n + 1;
	if ((n = strspn(s, "0123456789")) == 0 || n > 20 || s[n] != '\0' ||
	    v == 0 || v > INT_MAX)
		return false;
	if (pid != NULL)
		*pid = (pid_t)v;
	return true;
}

bool
temp_made_by(const struct stat *st, uid_t owner)
{
	mode_t type;

	assert(st != NULL);
	type = st->st_mode & S_IFMT;
	if (st->st_uid != owner)
		return false;
	if (type == S_IFDIR)
		return (st->st_mode & 07777 & ~(mode_t)S_ISGID) == 0700;
	return (type == S_IFCHR || type == S_IFBLK || type == S_IFIFO) &&
	    (st->st_mode & 07777) == 0;
}

int
temp_holds_only_ours(int fd)
{
	struct dirent *de;
	int dup, only = 1;
	DIR *dir;

	assert(fd >= 0);
	if ((dup = fcntl(fd, F_DUPFD_CLOEXEC, 0)) < 0)
		return -1;
	if ((dir = fdopendir(dup)) == NULL) {
		close(dup);
		return -1;
	}
	rewinddir(dir);		/* the offset is shared with fd */
	while (only == 1 && (errno = 0, de = readdir(dir)) != NULL)
		if (strcmp(de->d_name, ".") != 0 &&
		    strcmp(de->d_name, "..") != 0 &&
		    strcmp(de->d_name, TEMP_NAME) != 0 &&
		    strcmp(de->d_name, OUT_NAME) != 0)
			only = 0;
	if (only == 1 && errno != 0)
		only = -1;
	closedir(dir);
	return only;
}

/*
 * A directory that cannot be opened is judged by its owner and mode: one
 * gone meanwhile (a run ended) has nothing to list, and root's cannot be
 * read by another user listing the tree.
 */
bool
temp_of_devtool(int dirfd, const char *name, const struct stat *st)
{
	struct stat now;
	int fd, only = 0;

	assert(dirfd >= 0 && name != NULL && st != NULL);
	if (!temp_name(name, NULL) || (!temp_made_by(st, 0) &&
	    !temp_made_by(st, geteuid())))
		return false;
	if (!S_ISDIR(st->st_mode))
		return true;
	fd = openat(dirfd, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW |
	    O_CLOEXEC);
	if (fd < 0)
		return errno == ENOENT || errno == EACCES;
	if (fstat(fd, &now) == 0 && now.st_dev == st->st_dev &&
	    now.st_ino == st->st_ino)
		only = temp_holds_only_ours(fd);
	close(fd);
	return only == 1;
}
