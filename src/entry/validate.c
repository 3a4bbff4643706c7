/*
 * validate.c - every entry checked, ranges expanded.  See validate.h.
 */
#include <assert.h>
#include <inttypes.h>
#include <limits.h>
#include <stdio.h>
#include <string.h>

#include "base/bounds.h"
#include "base/libcap.h"
#include "base/path.h"
#include "base/text.h"
#include "codec/host.h"
#include "entry/validate.h"

/* The type letters an entry may have (types.h), for a message. */
#define TYPE_LETTERS "c b p d f l s"

/* Whether text is file capabilities as cap_from_text(3) and setcap read. */
int
entry_caps_check(const char *text, struct dt_diag *d)
{
	char q[QUOTE_MAX];
	cap_t caps;

	if (dt_cap_load(d) != 0)
		return -1;
	if ((caps = dt_cap_from_text(text)) != NULL) {
		dt_cap_free(caps);
		return 0;
	}
	return dt_error(d, "'%s' is not file capabilities as setcap(8) "
	    "reads them (such as cap_net_raw+ep): the only extended "
	    "attribute buildroot's |xattr sets",
	    dt_quote_word(q, sizeof(q), text, strlen(text)));
}

static size_t
decimal_digits(uint64_t v)
{
	size_t n = 1;

	while (v >= 10) {
		v /= 10;
		n++;
	}
	return n;
}

/* The range's last name and last minor must fit like any other. */
static int
validate_range(const struct entry *e, struct dt_diag *d)
{
	uint64_t last = e->count - 1;
	size_t plen, digits;
	const char *base;
	char q[QUOTE_MAX];

	if (e->count > ENTRY_COUNT_MAX)
		return dt_error(d, "count %" PRIu64 " is too large (at "
		    "most %u)", e->count, ENTRY_COUNT_MAX);
	if (e->count == 0)	/* most are not ranges: asked first */
		return 0;
	plen = strlen(e->path);
	base = strrchr(e->path, '/') + 1;
	if (!entry_has_numbers(e) && e->type != 'p')
		return dt_error(d, "count %" PRIu64 ": only c, b and p entries "
		    "make ranges", e->count);
	if (e->start > UINT64_MAX - last)
		return dt_error(d, "range start %" PRIu64 " + count %" PRIu64
		    " overflows", e->start, e->count);
	digits = decimal_digits(e->start + last);
	if (strlen(base) + digits > NAME_MAX)
		return dt_error(d, "range name '%s%" PRIu64 "' is too "
		    "long (%zu bytes, at most %d)",
		    dt_quote_word(q, sizeof(q), base, strlen(base)),
		    e->start + last, strlen(base) + digits, NAME_MAX);
	if (plen + digits > PATH_MAX - 1)
		return dt_error(d, "range path '%s%" PRIu64 "' is too "
		    "long (more than %d bytes)",
		    dt_quote_word(q, sizeof(q), e->path, plen), e->start + last,
		    PATH_MAX - 1);
	if (entry_has_numbers(e) && e->inc != 0 &&
	    (last > (DT_HOST_MINOR_MAX - e->minor) / e->inc))
		return dt_error(d, "range minor %" PRIu64 " + %" PRIu64 " * %"
		    PRIu64 " is past the host limit %u", e->minor, last,
		    e->inc, DT_HOST_MINOR_MAX);
	return 0;
}

/*
 * A link has a target (and only a link): not empty, under PATH_MAX; but
 * for one named without a target (existing: the link that is there).
 */
static int
validate_target(const struct entry *e, struct dt_diag *d)
{
	if (e->existing && e->type != 'l')
		return dt_error(d, "only a symbolic link (l) is named without "
		    "a target");
	if (e->type != 'l')
		return e->target == NULL ? 0 : dt_error(d, "%c takes no link "
		    "target", e->type);
	if (e->existing)
		return e->target == NULL ? 0 : dt_error(d, "a link named "
		    "without a target has one");
	if (e->target == NULL || e->target[0] == '\0')
		return dt_error(d, "a symbolic link needs a target");
	if (strnlen(e->target, PATH_MAX) == PATH_MAX)
		return dt_error(d, "link target is too long (more than %d "
		    "bytes)", PATH_MAX - 1);
	return 0;
}

/* What the peers' extras (entry.h) apply to. */
static int
validate_extras(const struct entry *e, struct dt_diag *d)
{
	if (e->recursive && e->type != 'd')
		return dt_error(d, "only a directory entry is recursive (r)");
	if ((e->create || e->optional || e->caps != NULL) && e->type != 'f')
		return dt_error(d, "%s is only for a regular file (f)",
		    e->caps != NULL ? "|xattr" : e->create ?
		    "creating a missing file" : "an optional file (F)");
	if (e->create && e->optional)
		return dt_error(d, "a missing file cannot be both made and "
		    "skipped");
	if (e->caps != NULL && (strlen(e->caps) >= ENTRY_CAPS_MAX ||
	    entry_caps_check(e->caps, d) != 0))
		return dt_error(d, "bad file capabilities");
	if (e->content != NULL && (e->type != 'f' || e->create ||
	    e->optional || e->count != 0))
		return dt_error(d, "contents are only for a regular file, "
		    "made with them");
	if (e->content != NULL && (e->content[0] == '\0' ||
	    strnlen(e->content, PATH_MAX) == PATH_MAX))
		return dt_error(d, "the file of the contents is %s",
		    e->content[0] == '\0' ? "empty" : "too long");
	if ((e->content == NULL && (e->nlink != 0 || e->link_first != NULL)) ||
	    (e->content != NULL && e->nlink == 0))
		return dt_error(d, "hard links are only of a file with "
		    "contents");
	return 0;
}

int
entry_validate(const struct entry *e, struct dt_diag *d)
{
	char norm[PATH_MAX];
	size_t plen = e->path != NULL ? strnlen(e->path, PATH_MAX) : 0;
	char q[QUOTE_MAX], qn[QUOTE_MAX];

	assert(d != NULL);
	if (e->path == NULL)
		return dt_error(d, "no path");
	if (plen == PATH_MAX)
		return dt_error(d, "path is too long (more than %d bytes)",
		    PATH_MAX - 1);
	if (!path_is_normal(e->path, plen) &&
	    path_normal(e->path, plen, 0, norm, d) != 0)
		return -1;
	if (!path_is_normal(e->path, plen) && strcmp(norm, e->path) != 0)
		return dt_error(d, "path '%s' is not in normal form (as '%s')",
		    dt_quote_word(q, sizeof(q), e->path, plen),
		    dt_quote_word(qn, sizeof(qn), norm, strlen(norm)));
	return entry_validate_normal(e, d);
}

int
entry_validate_normal(const struct entry *e, struct dt_diag *d)
{
	char q[QUOTE_MAX];
	char t[2] = { e->type, '\0' };

	assert(e->path != NULL && d != NULL);
	if (entry_type_of(e->type) == NULL)
		return dt_error(d, "type '%s' is not one of " TYPE_LETTERS,
		    dt_quote_word(q, sizeof(q), t, strlen(t)));
	if (e->path[0] == '/' && e->path[1] == '\0' && e->type != 'd')
		return dt_error(d, "'/' can only be a directory");
	if (e->mode > 07777)
		return dt_error(d, "bad mode 0%o (at most 07777)", e->mode);
	if ((uint64_t)e->uid > ID_MAX || (uint64_t)e->gid > ID_MAX)
		return dt_error(d, "owner %ju:%ju is out of range",
		    (uintmax_t)e->uid, (uintmax_t)e->gid);
	if (e->major > DT_HOST_MAJOR_MAX)
		return dt_error(d, "major %" PRIu64 " is out of range (0-%u)",
		    e->major, DT_HOST_MAJOR_MAX);
	if (e->minor > DT_HOST_MINOR_MAX)
		return dt_error(d, "minor %" PRIu64 " is out of range (0-%u)",
		    e->minor, DT_HOST_MINOR_MAX);
	if (!entry_has_numbers(e) && (e->major != 0 || e->minor != 0))
		return dt_error(d, "%c takes no MAJOR or MINOR (got %"
		    PRIu64 ":%" PRIu64 ")", e->type, e->major, e->minor);
	if (e->replace && !entry_replaceable(e))
		return dt_error(d, "only c, b, p and l entries can be replaced");
	return validate_target(e, d) != 0 || validate_extras(e, d) != 0 ? -1 :
	    validate_range(e, d);
}

size_t
entry_expand_count(const struct entry *e)
{
	return e->count >= 1 ? (size_t)e->count : 1;
}

int
entry_expand(const struct entry *e, size_t i, struct entry *out,
    char *path, struct dt_diag *d)
{
	assert(e != NULL && out != NULL && path != NULL);
	if (i >= entry_expand_count(e))
		return dt_error(d, "node %zu of a range of %zu", i,
		    entry_expand_count(e));
	*out = *e;
	out->count = out->start = out->inc = 0;
	if (e->count == 0)
		return 0;
	/* validate_range made sure that the name and the minor fit */
	snprintf(path, PATH_MAX, "%s%" PRIu64, e->path, e->start + i);
	out->path = path;
	if (entry_has_numbers(e))
		out->minor = e->minor + i * e->inc;
	return 0;
}
