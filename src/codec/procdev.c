/*
 * procdev.c - the /proc/devices parser.  See procdev.h.
 */
#include <sys/stat.h>

#include <ctype.h>
#include <stdbool.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "codec/host.h"
#include "codec/procdev.h"
#include "base/grow.h"
#include "base/text.h"

#define PROCDEV_MAX (1 << 20)	/* the real file is a few kilobytes */

static int
parse_entry(const char *s, const char *end, char type, procdev_fn *fn,
    void *ctx)
{
	unsigned long major = 0;
	const char *name;

	while (s < end && *s == ' ')
		s++;
	if (s == end || !isdigit((unsigned char)*s))
		return -1;
	for (; s < end && isdigit((unsigned char)*s); s++) {
		major = major * 10 + (unsigned long)(*s - '0');
		if (major > DT_HOST_MAJOR_MAX)
			return -1;
	}
	if (s == end || *s != ' ')
		return -1;
	while (s < end && *s == ' ')
		s++;
	name = s;
	while (s < end && isgraph((unsigned char)*s))
		s++;
	if (s == name || s != end)
		return -1;
	return fn(ctx, type, major, name, (size_t)(end - name)) ? 1 : 0;
}

/* Returns 0, 1 when fn stopped it, or -1 with *bad_line set. */
int
procdev_parse(const char *buf, size_t len, procdev_fn *fn, void *ctx,
    unsigned long *bad_line, struct dt_diag *d)
{
	const char *s = buf, *end = buf + len, *eol;
	unsigned long line = 0;
	char type = '\0';
	int rc;

	for (; s < end; s = eol + 1) {
		eol = memchr(s, '\n', (size_t)(end - s));
		if (eol == NULL)
			eol = end;
		line++;
		if (eol == s)
			continue;
		if ((size_t)(eol - s) == 18 && memcmp(s, "Character devices:", 18) == 0)
			type = 'c';
		else if ((size_t)(eol - s) == 14 && memcmp(s, "Block devices:", 14) == 0)
			type = 'b';
		else if (type == '\0' ||
		    (rc = parse_entry(s, eol, type, fn, ctx)) < 0) {
			*bad_line = line;
			snprintf(d->msg, sizeof(d->msg), "malformed line; "
			    "expected a section title or 'MAJOR NAME'");
			return -1;
		} else if (rc > 0)
			return 1;
	}
	return 0;
}

/*
 * Opens the file without blocking (a FIFO named there would wait for a
 * writer forever) and takes only a regular file: /proc files are.
 */
static int
open_regular(const char *path, struct dt_diag *d)
{
	char q[DT_QUOTE_SIZE];
	struct stat st;
	int fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC);

	if (fd >= 0 && fstat(fd, &st) == 0 && S_ISREG(st.st_mode))
		return fd;
	dt_quote(q, sizeof(q), path, strlen(path));
	if (fd < 0)
		snprintf(d->msg, sizeof(d->msg), "%s: %s", q, strerror(errno));
	else {
		snprintf(d->msg, sizeof(d->msg), "%s: not a regular file",
		    q);
		close(fd);
	}
	return -1;
}

/*
 * Reads the whole file; /proc files report size 0, so read to the end.
 * On failure d says why, naming the file.
 */
static int
read_whole(const char *path, char **buf, size_t *len, struct dt_diag *d)
{
	size_t cap = 8192, n = 0;
	ssize_t got;
	char *b = NULL, *nb, q[DT_QUOTE_SIZE];
	int fd = open_regular(path, d);

	if (fd < 0)
		return -1;
	if ((b = malloc(cap)) == NULL)
		goto fail;
	for (;;) {
		if (n == cap) {
			cap *= 2;
			if (cap > PROCDEV_MAX || (nb = realloc(b, cap)) == NULL) {
				errno = cap > PROCDEV_MAX ? EFBIG : ENOMEM;
				goto fail;
			}
			b = nb;
		}
		got = read(fd, b + n, cap - n);
		if (got < 0 && errno == EINTR)
			continue;
		if (got < 0)
			goto fail;
		if (got == 0)
			break;
		n += (size_t)got;
	}
	close(fd);
	*buf = b;
	*len = n;
	return 0;
fail:
	snprintf(d->msg, sizeof(d->msg), "%s: %s",
	    dt_quote(q, sizeof(q), path, strlen(path)), strerror(errno));
	free(b);
	close(fd);
	return -1;
}

struct loading {
	struct procdev_table *t;
	size_t cap;
};

static int
load_one(void *ctx, char type, unsigned long major, const char *name,
    size_t namelen)
{
	struct loading *l = ctx;
	struct procdev_driver *nv;

	if ((nv = dt_room_for_one(l->t->v, l->t->n, &l->cap, sizeof(*nv),
	    64)) == NULL)
		return -1;
	l->t->v = nv;
	l->t->v[l->t->n++] = (struct procdev_driver){ type, major, name,
	    namelen };
	return 0;
}

int
procdev_load(const char *path, struct procdev_table *t, struct dt_diag *d)
{
	struct loading l;
	char q[DT_QUOTE_SIZE], why[DT_MSGLEN];
	unsigned long bad;
	size_t len;
	int rc;

	*t = (struct procdev_table){ 0 };
	l = (struct loading){ t, 0 };
	if (read_whole(path, &t->text, &len, d) != 0)
		return -1;
	if ((rc = procdev_parse(t->text, len, load_one, &l, &bad, d)) == 0)
		return 0;
	if (rc > 0)	/* load_one stopped it: out of memory */
		snprintf(d->msg, sizeof(d->msg), "%s: %s",
		    dt_quote(q, sizeof(q), path, strlen(path)),
		    strerror(ENOMEM));
	else {
		snprintf(why, sizeof(why), "%s", d->msg);
		snprintf(d->msg, sizeof(d->msg), "%s:%lu: %.160s",
		    dt_quote(q, sizeof(q), path, strlen(path)), bad, why);
	}
	procdev_free(t);
	return -1;
}

void
procdev_free(struct procdev_table *t)
{
	free(t->v);
	free(t->text);
	*t = (struct procdev_table){ 0 };
}

void
procdev_each(const struct procdev_table *t, procdev_fn *fn, void *ctx)
{
	for (size_t i = 0; i < t->n; i++)
		if (fn(ctx, t->v[i].type, t->v[i].major, t->v[i].name,
		    t->v[i].namelen) != 0)
			return;
}

enum procdev_found
procdev_lookup(const char *path, char type, const char *name,
    unsigned long *major, struct dt_diag *d)
{
	struct procdev_table t;
	char q[DT_QUOTE_SIZE], qn[DT_QUOTE_SIZE];
	bool found = false;

	if (procdev_load(path, &t, d) != 0)
		return PROCDEV_BAD_FILE;
	/* the first registration, as the kernel lists it */
	for (size_t i = 0; i < t.n && !found; i++)
		if (t.v[i].type == type && strlen(name) == t.v[i].namelen &&
		    memcmp(t.v[i].name, name, t.v[i].namelen) == 0) {
			*major = t.v[i].major;
			found = true;
		}
	procdev_free(&t);
	dt_quote(q, sizeof(q), path, strlen(path));
	if (!found) {
		snprintf(d->msg, sizeof(d->msg), "no %s driver named '%s' in %s",
		    type == 'c' ? "character" : "block",
		    dt_quote(qn, sizeof(qn), name, strlen(name)), q);
		return PROCDEV_NO_DRIVER;
	}
	return PROCDEV_FOUND;
}
