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

#include "base/buf.h"
#include "base/text.h"
#include "dialects/rules.h"

/* ------------------------------------------------------- one rule */

/* The numbers of a rule: minor is NULL for a whole major. */
static void
put_cgroup(struct dt_buf *out, char type, uint64_t major,
    const uint64_t *minor)
{
	dt_buf_addc(out, type);
	dt_buf_addc(out, ' ');
	dt_buf_addu(out, major);
	dt_buf_addc(out, ':');
	if (minor == NULL)
		dt_buf_addc(out, '*');
	else
		dt_buf_addu(out, *minor);
	dt_buf_adds(out, " " RULES_ACCESS);
}

static void
put_oci(struct dt_buf *out, char type, uint64_t major, const uint64_t *minor)
{
	dt_buf_adds(out, "{\"allow\":true,\"type\":\"");
	dt_buf_addc(out, type);
	dt_buf_adds(out, "\",\"major\":");
	dt_buf_addu(out, major);
	if (minor != NULL) {
		dt_buf_adds(out, ",\"minor\":");
		dt_buf_addu(out, *minor);
	}
	dt_buf_adds(out, ",\"access\":\"" RULES_ACCESS "\"}");
}

/* The line of a DeviceAllow= path, or -1 with why it has none. */
static int
put_path(struct dt_buf *out, const char *path, struct dt_diag *d)
{
	const unsigned char *s = (const unsigned char *)path;
	size_t k;

	if (strncmp(path, "/dev/", 5) != 0 || path[5] == '\0')
		return dt_error(d, "not under /dev, where systemd takes "
		    "DeviceAllow= paths");
	dt_buf_adds(out, "DeviceAllow=");
	while (*s != '\0') {
		if (*s >= 0x80) {
			if ((k = dt_utf8_length(s)) == 0)
				return dt_error(d, "not UTF-8, which systemd "
				    "refuses in a unit file");
			dt_buf_add(out, s, k);
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
			dt_buf_addc(out, '%');	/* a specifier's escape */
		dt_buf_addc(out, (char)*s++);
	}
	dt_buf_adds(out, " " RULES_ACCESS);
	return 0;
}

static int
cgroup_write(const struct entry *e, const char *note, struct dt_buf *out,
    struct dt_diag *d)
{
	(void)note;
	(void)d;
	put_cgroup(out, e->type, e->major, &e->minor);
	return 0;
}

static int
deviceallow_write(const struct entry *e, const char *note,
    struct dt_buf *out, struct dt_diag *d)
{
	(void)note;
	return put_path(out, e->path, d);
}

static int
groups_write(const struct entry *e, const char *note, struct dt_buf *out,
    struct dt_diag *d)
{
	(void)e;
	(void)note;
	(void)out;
	return dt_error(d, "a deviceallow-groups rule names the running "
	    "kernel's driver: it is written for a whole listing");
}

static int
oci_allow_write(const struct entry *e, const char *note, struct dt_buf *out,
    struct dt_diag *d)
{
	(void)note;
	(void)d;
	put_oci(out, e->type, e->major, &e->minor);
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

/* A rule in line, handed to the sink: 0, or -1 when memory ran out. */
static int
put_line(struct dt_buf *line, const struct rules_sink *sink)
{
	if (dt_buf_failed(line))
		return -1;
	sink->put(sink->ctx, line->s);
	return 0;
}

/* cgroup and oci-allow: a rule a number, or a major's. */
static int
write_numbers(const struct dialect *dl, const struct entry **v, size_t n,
    const struct rules_sink *sink)
{
	struct dt_buf line = DT_BUF_INIT;
	void (*put)(struct dt_buf *, char, uint64_t, const uint64_t *) =
	    dl == &cgroup_dialect ? put_cgroup : put_oci;
	int rc = 0;

	qsort(v, n, sizeof(const struct entry *), by_number);
	if (dl == &oci_allow_dialect)
		sink->put(sink->ctx, "{\"allow\":false,\"access\":\""
		    RULES_ACCESS "\"}");
	for (size_t i = 0, j; i < n && rc == 0; i = j) {
		j = run_end(v, i, n);
		if (whole_major(v, i, j)) {
			dt_buf_truncate(&line, 0);
			put(&line, v[i]->type, v[i]->major, NULL);
			rc = put_line(&line, sink);
			continue;
		}
		for (size_t k = i; k < j && rc == 0; k++)
			if (k == i || v[k]->minor != v[k - 1]->minor) {
				dt_buf_truncate(&line, 0);
				put(&line, v[k]->type, v[k]->major,
				    &v[k]->minor);
				rc = put_line(&line, sink);
			}
	}
	dt_buf_free(&line);
	return rc;
}

static int
write_paths(const struct entry **v, size_t n, const struct rules_sink *sink)
{
	struct dt_buf line = DT_BUF_INIT;
	struct dt_diag d;
	int rc = 0;

	qsort(v, n, sizeof(const struct entry *), by_path);
	for (size_t i = 0; i < n && rc == 0; i++) {
		if (i > 0 && strcmp(v[i]->path, v[i - 1]->path) == 0)
			continue;
		dt_buf_truncate(&line, 0);
		if (put_path(&line, v[i]->path, &d) == 0)
			rc = put_line(&line, sink);
		else
			sink->problem(sink->ctx, v[i], d.msg);
	}
	dt_buf_free(&line);
	return rc;
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

/* The run of v[0..n) (sorted by number) of type and major: [*i, *j). */
static bool
find_run(const struct entry **v, size_t n, char type, uint64_t major,
    size_t *i, size_t *j)
{
	for (*i = 0; *i < n; *i = *j) {
		*j = run_end(v, *i, n);
		if (v[*i]->type == type && v[*i]->major == major)
			return true;
	}
	return false;
}

/*
 * What the group name of type adds to the nodes v[0..n): for each major
 * that bears the name, the 8-bit minors no node has ("c 1:0-2,4-255",
 * "b 65:*" for a major with none), into adds; whether it adds nothing.
 */
static bool
group_adds(const struct entry **v, size_t n, char type, const char *name,
    const struct rules_driver *drv, size_t ndrv, struct dt_buf *adds)
{
	bool whole = true;

	for (size_t d = 0; d < ndrv; d++) {
		bool have[RULES_WHOLE_MINORS] = { false }, found;
		size_t i, j, m, comma = 0;

		if (drv[d].type != type || strcmp(drv[d].name, name) != 0)
			continue;
		for (m = 0; m < d; m++)	/* a major named twice: once */
			if (drv[m].type == type && drv[m].major ==
			    drv[d].major && strcmp(drv[m].name, name) == 0)
				break;
		if (m < d)
			continue;
		found = find_run(v, n, type, drv[d].major, &i, &j);
		if (found && whole_major(v, i, j))
			continue;
		for (; found && i < j; i++)
			if (v[i]->minor < RULES_WHOLE_MINORS)
				have[v[i]->minor] = true;
		whole = false;
		if (adds->len > 0)
			dt_buf_adds(adds, ", ");
		dt_buf_addc(adds, type);
		dt_buf_addc(adds, ' ');
		dt_buf_addu(adds, drv[d].major);
		dt_buf_addc(adds, ':');
		/* the missing minors as ranges; '*' for a major with none */
		for (m = found ? 0 : RULES_WHOLE_MINORS;
		    m < RULES_WHOLE_MINORS && have[m]; m++)
			;
		while (m < RULES_WHOLE_MINORS) {
			size_t end = m;

			while (end + 1 < RULES_WHOLE_MINORS && !have[end + 1])
				end++;
			if (comma++ > 0)
				dt_buf_addc(adds, ',');
			dt_buf_addu(adds, m);
			if (end > m) {
				dt_buf_addc(adds, '-');
				dt_buf_addu(adds, end);
			}
			for (m = end + 1; m < RULES_WHOLE_MINORS && have[m];
			    m++)
				;
		}
		if (comma == 0)
			dt_buf_addc(adds, '*');
	}
	return whole;
}

static int
write_groups(const struct entry **v, size_t n,
    const struct rules_driver *drv, size_t ndrv, bool widen,
    const struct rules_sink *sink)
{
	struct dt_buf line = DT_BUF_INIT, adds = DT_BUF_INIT;
	const char **said;
	const struct entry **paths;
	size_t nsaid = 0, npaths = 0, j;
	struct dt_diag d;
	int rc = 0;

	qsort(v, n, sizeof(const struct entry *), by_number);
	if ((said = malloc((n > 0 ? n : 1) * sizeof(*said))) == NULL)
		return -1;
	if ((paths = malloc((n > 0 ? n : 1) *
	    sizeof(const struct entry *))) == NULL) {
		free(said);
		return -1;
	}
	for (size_t i = 0; i < n && rc == 0; i = j) {
		const char *name = group_name(v[i]->type, v[i]->major, drv,
		    ndrv);
		const char *kind = v[i]->type == 'b' ? "block" : "char";
		bool whole;
		size_t k;

		j = run_end(v, i, n);
		if (name == NULL) {
			no_group(v[i], j - i - 1, has_driver(v[i]->type,
			    v[i]->major, drv, ndrv), &d);
			sink->problem(sink->ctx, v[i], d.msg);
			continue;
		}
		dt_buf_truncate(&adds, 0);
		whole = group_adds(v, n, v[i]->type, name, drv, ndrv, &adds);
		if (!whole && !widen) {
			/* least privilege: the nodes, not their driver */
			while (i < j)
				paths[npaths++] = v[i++];
			continue;
		}
		dt_buf_truncate(&line, 0);
		dt_buf_adds(&line, "DeviceAllow=");
		dt_buf_adds(&line, kind);
		dt_buf_addc(&line, '-');
		dt_buf_adds(&line, name);
		dt_buf_adds(&line, " " RULES_ACCESS);
		if (dt_buf_failed(&line) || dt_buf_failed(&adds)) {
			rc = -1;
			break;
		}
		for (k = 0; k < nsaid; k++)
			if (strcmp(said[k], line.s) == 0)
				break;
		if (k < nsaid)
			continue;	/* block-sd: every sd major at once */
		if ((said[nsaid] = strdup(line.s)) == NULL) {
			rc = -1;
			break;
		}
		sink->put(sink->ctx, said[nsaid++]);
		if (!whole && sink->widened != NULL)
			sink->widened(sink->ctx, line.s, adds.s);
	}
	if (rc == 0 && npaths > 0)
		rc = write_paths(paths, npaths, sink);
	while (nsaid > 0)
		free((char *)said[--nsaid]);
	free(said);
	free(paths);
	dt_buf_free(&line);
	dt_buf_free(&adds);
	return rc;
}

int
rules_write(const struct dialect *dl, const struct entry **v, size_t n,
    const struct rules_driver *drivers, size_t ndrivers, bool widen,
    const struct rules_sink *sink)
{
	if (dl == &deviceallow_dialect)
		return write_paths(v, n, sink);
	if (dl == &deviceallow_groups_dialect)
		return write_groups(v, n, drivers, ndrivers, widen, sink);
	return write_numbers(dl, v, n, sink);
}
