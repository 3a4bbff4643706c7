/*
 * rules.c - the device rule dialects (rules.h; DEVICE RULES in
 * devtool(1)).  Written only: a rule is a device number and what may be
 * done with it, so the path, mode and owner of the node are not in it,
 * and nothing reads one back into an entry.
 *
 * cgroup: the lines the cgroup v1 devices controller takes, one at a
 * time, in devices.allow (the kernel's admin guide, cgroup-v1/devices):
 *	TYPE MAJOR:MINOR ACCESS
 * TYPE a, b or c (devtool writes b and c), MAJOR and MINOR decimal or
 * '*' for all, ACCESS a combination of r, w and m.
 *
 * deviceallow: systemd.resource-control(5)'s DeviceAllow=, by path:
 *	DeviceAllow=/dev/ttyS0 rwm
 * a normalized path under /dev, '%' doubled (a unit file's specifiers);
 * white space, quotes and backslashes, which systemd versions split or
 * unquote differently, and bytes that are not UTF-8, which it refuses,
 * have no line.
 *
 * deviceallow-groups: the same directive by driver, "char-" or "block-"
 * and a name of /proc/devices, which systemd matches (as a glob) against
 * the names the running kernel registers when the unit starts, allowing
 * every minor of each major that bears it:
 *	DeviceAllow=char-tty rwm
 *
 * oci-allow: the runtime specification's linux.resources.devices
 * (config-linux.md, "Allowed Device list"), an array applied in order:
 * a first element denying every device, then one allowing each number
 * (no "minor": every minor of the major), so that the array is an allow
 * list wherever it is put whole (a runtime adds to whatever a list
 * without the first element leaves allowed).
 *	{"allow":true,"type":"c","major":4,"minor":64,"access":"rwm"}
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/text.h"
#include "dialects/rules.h"

/* ------------------------------------------------------- one rule */

/* The numbers of a rule: minor is NULL for a whole major. */
static char *
put_cgroup(char *p, char type, uint64_t major, const uint64_t *minor)
{
	if (minor == NULL)
		return dt_put(p, "%c %ju:* " RULES_ACCESS, type,
		    (uintmax_t)major);
	return dt_put(p, "%c %ju:%ju " RULES_ACCESS, type, (uintmax_t)major,
	    (uintmax_t)*minor);
}

static char *
put_oci(char *p, char type, uint64_t major, const uint64_t *minor)
{
	p = dt_put(p, "{\"allow\":true,\"type\":\"%c\",\"major\":%ju", type,
	    (uintmax_t)major);
	if (minor != NULL)
		p = dt_put(p, ",\"minor\":%ju", (uintmax_t)*minor);
	return dt_put(p, ",\"access\":\"" RULES_ACCESS "\"}");
}

/* The line of a DeviceAllow= path, or -1 with why it has none. */
static int
put_path(char *buf, const char *path, struct dt_diag *d)
{
	const unsigned char *s = (const unsigned char *)path;
	char *p;
	size_t k;

	if (strncmp(path, "/dev/", 5) != 0 || path[5] == '\0')
		return dt_error(d, "not under /dev, where systemd takes "
		    "DeviceAllow= paths");
	p = dt_put(buf, "DeviceAllow=");
	while (*s != '\0') {
		if (*s >= 0x80) {
			if ((k = dt_utf8_length(s)) == 0)
				return dt_error(d, "not UTF-8, which systemd "
				    "refuses in a unit file");
			memcpy(p, s, k);
			p += k;
			s += k;
			continue;
		}
		if (*s <= ' ' || *s == 0x7f)
			return dt_error(d, "white space or a control "
			    "character, which a DeviceAllow= path cannot hold");
		if (*s == '"' || *s == '\'' || *s == '\\')
			return dt_error(d, "a quote or a backslash, which "
			    "systemd versions read differently in "
			    "DeviceAllow=");
		if (*s == '%')
			*p++ = '%';	/* a specifier's escape */
		*p++ = (char)*s++;
	}
	dt_put(p, " " RULES_ACCESS);
	return 0;
}

static int
cgroup_write(const struct entry *e, const char *note, char *buf,
    struct dt_diag *d)
{
	(void)note;
	(void)d;
	put_cgroup(buf, e->type, e->major, &e->minor);
	return 0;
}

static int
deviceallow_write(const struct entry *e, const char *note, char *buf,
    struct dt_diag *d)
{
	(void)note;
	return put_path(buf, e->path, d);
}

static int
groups_write(const struct entry *e, const char *note, char *buf,
    struct dt_diag *d)
{
	(void)e;
	(void)note;
	(void)buf;
	return dt_error(d, "a deviceallow-groups rule names the running "
	    "kernel's driver: it is written for a whole listing");
}

static int
oci_allow_write(const struct entry *e, const char *note, char *buf,
    struct dt_diag *d)
{
	(void)note;
	(void)d;
	put_oci(buf, e->type, e->major, &e->minor);
	return 0;
}

/*
 * The rows: c and b only (list and make name what else a listing has as
 * left out), no reader, no bid.
 */
const struct dialect cgroup_dialect = {
	.name = "cgroup",
	.types = "cb",
	.note = DIALECT_NOTE_LINE,
	.write = cgroup_write,
};

const struct dialect deviceallow_dialect = {
	.name = "deviceallow",
	.types = "cb",
	.note = DIALECT_NOTE_LINE,
	.write = deviceallow_write,
};

const struct dialect deviceallow_groups_dialect = {
	.name = "deviceallow-groups",
	.types = "cb",
	.note = DIALECT_NOTE_LINE,
	.write = groups_write,
};

const struct dialect oci_allow_dialect = {
	.name = "oci-allow",
	.article = "an",
	.title = "OCI allow list",
	.types = "cb",
	.header = "[",
	.footer = "]",
	.separator = ",",
	.note = DIALECT_NOTE_LINE,
	.write = oci_allow_write,
};

bool
rules_dialect(const struct dialect *dl)
{
	return dl == &cgroup_dialect || dl == &deviceallow_dialect ||
	    dl == &deviceallow_groups_dialect || dl == &oci_allow_dialect;
}

bool
rules_need_drivers(const struct dialect *dl)
{
	return dl == &deviceallow_groups_dialect;
}

/* ------------------------------------------------------- a whole set */

static int
by_number(const void *a, const void *b)
{
	const struct entry *x = *(const struct entry *const *)a;
	const struct entry *y = *(const struct entry *const *)b;

	if (x->type != y->type)
		return x->type < y->type ? -1 : 1;
	if (x->major != y->major)
		return x->major < y->major ? -1 : 1;
	return x->minor < y->minor ? -1 : x->minor > y->minor;
}

static int
by_path(const void *a, const void *b)
{
	return strcmp((*(const struct entry *const *)a)->path,
	    (*(const struct entry *const *)b)->path);
}

/* The end of the run of v[i..n) with v[i]'s type and major. */
static size_t
run_end(const struct entry **v, size_t i, size_t n)
{
	size_t j = i + 1;

	while (j < n && v[j]->type == v[i]->type &&
	    v[j]->major == v[i]->major)
		j++;
	return j;
}

/* Whether the run v[i..j) (sorted by minor) has every 8-bit minor. */
static bool
whole_major(const struct entry **v, size_t i, size_t j)
{
	uint64_t next = 0;

	for (; i < j && next < RULES_WHOLE_MINORS; i++)
		if (v[i]->minor == next)
			next++;
	return next == RULES_WHOLE_MINORS;
}

/* cgroup and oci-allow: a rule a number, or a major's. */
static void
write_numbers(const struct dialect *dl, const struct entry **v, size_t n,
    const struct rules_sink *sink)
{
	char line[DIALECT_LINE_MAX];
	char *(*put)(char *, char, uint64_t, const uint64_t *) =
	    dl == &cgroup_dialect ? put_cgroup : put_oci;

	qsort(v, n, sizeof(const struct entry *), by_number);
	if (dl == &oci_allow_dialect)
		sink->put(sink->ctx, "{\"allow\":false,\"access\":\""
		    RULES_ACCESS "\"}");
	for (size_t i = 0, j; i < n; i = j) {
		j = run_end(v, i, n);
		if (whole_major(v, i, j)) {
			put(line, v[i]->type, v[i]->major, NULL);
			sink->put(sink->ctx, line);
			continue;
		}
		for (size_t k = i; k < j; k++)
			if (k == i || v[k]->minor != v[k - 1]->minor) {
				put(line, v[k]->type, v[k]->major,
				    &v[k]->minor);
				sink->put(sink->ctx, line);
			}
	}
}

static void
write_paths(const struct entry **v, size_t n, const struct rules_sink *sink)
{
	char line[DIALECT_LINE_MAX];
	struct dt_diag d;

	qsort(v, n, sizeof(const struct entry *), by_path);
	for (size_t i = 0; i < n; i++) {
		if (i > 0 && strcmp(v[i]->path, v[i - 1]->path) == 0)
			continue;
		if (put_path(line, v[i]->path, &d) == 0)
			sink->put(sink->ctx, line);
		else
			sink->problem(sink->ctx, v[i], d.msg);
	}
}

/*
 * A name systemd reads back as the same glob of one name: no white
 * space, quote, backslash, '%' (a specifier) or glob character.
 */
static bool
group_name_ok(const char *s)
{
	if (*s == '\0')
		return false;
	for (; *s != '\0'; s++)
		if ((unsigned char)*s <= ' ' || (unsigned char)*s >= 0x7f ||
		    strchr("\"'\\%*?[]", *s) != NULL)
			return false;
	return true;
}

/*
 * The name a major's nodes are allowed by: of the names the kernel gives
 * it, the first without a '/' ("tty" rather than "/dev/vc/0"), else the
 * first; NULL when it has none.
 */
static const char *
group_name(char type, uint64_t major, const struct rules_driver *drv,
    size_t ndrv)
{
	const char *slashed = NULL;

	for (size_t i = 0; i < ndrv; i++) {
		if (drv[i].type != type || drv[i].major != major ||
		    !group_name_ok(drv[i].name))
			continue;
		if (strchr(drv[i].name, '/') == NULL)
			return drv[i].name;
		if (slashed == NULL)
			slashed = drv[i].name;
	}
	return slashed;
}

static bool
has_driver(char type, uint64_t major, const struct rules_driver *drv,
    size_t ndrv)
{
	for (size_t i = 0; i < ndrv; i++)
		if (drv[i].type == type && drv[i].major == major)
			return true;
	return false;
}

/* Why e and its others (more nodes of its major) have no group. */
static void
no_group(const struct entry *e, size_t others, bool driver,
    struct dt_diag *d)
{
	char who[64] = "it has";

	if (others > 0)
		snprintf(who, sizeof(who), "it and %zu other node%s of the "
		    "major have", others, others == 1 ? "" : "s");
	dt_say(d, "%s %s major %ju %s, so %s no group; -o deviceallow allows "
	    "nodes by path", driver ? "the names of" : "no driver of",
	    e->type == 'b' ? "block" : "character", (uintmax_t)e->major,
	    driver ? "in /proc/devices have white space, a quote, a "
	    "backslash, '%' or a glob character" :
	    "is registered (/proc/devices)", who);
}

static int
write_groups(const struct entry **v, size_t n,
    const struct rules_driver *drv, size_t ndrv,
    const struct rules_sink *sink)
{
	char line[DIALECT_LINE_MAX];
	const char **said;
	size_t nsaid = 0, j;
	struct dt_diag d;

	qsort(v, n, sizeof(const struct entry *), by_number);
	if ((said = malloc((n > 0 ? n : 1) * sizeof(*said))) == NULL)
		return -1;
	for (size_t i = 0; i < n; i = j) {
		const char *name = group_name(v[i]->type, v[i]->major, drv,
		    ndrv);
		const char *kind = v[i]->type == 'b' ? "block" : "char";
		size_t k;

		j = run_end(v, i, n);
		if (name == NULL) {
			no_group(v[i], j - i - 1, has_driver(v[i]->type,
			    v[i]->major, drv, ndrv), &d);
			sink->problem(sink->ctx, v[i], d.msg);
			continue;
		}
		snprintf(line, sizeof(line), "DeviceAllow=%s-%s " RULES_ACCESS,
		    kind, name);
		for (k = 0; k < nsaid; k++)
			if (strcmp(said[k], line) == 0)
				break;
		if (k < nsaid)
			continue;	/* block-sd: every sd major at once */
		if ((said[nsaid] = strdup(line)) == NULL) {
			while (nsaid > 0)
				free((char *)said[--nsaid]);
			free(said);
			return -1;
		}
		sink->put(sink->ctx, said[nsaid++]);
	}
	while (nsaid > 0)
		free((char *)said[--nsaid]);
	free(said);
	return 0;
}

int
rules_write(const struct dialect *dl, const struct entry **v, size_t n,
    const struct rules_driver *drivers, size_t ndrivers,
    const struct rules_sink *sink)
{
	if (dl == &deviceallow_dialect)
		write_paths(v, n, sink);
	else if (dl == &deviceallow_groups_dialect)
		return write_groups(v, n, drivers, ndrivers, sink);
	else
		write_numbers(dl, v, n, sink);
	return 0;
}
