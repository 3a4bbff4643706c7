/*
 * fields.c - what the builders' spec dialects share: detection, the
 * dispatch from table.c, and the small parsers of their fields.  See
 * fields.h.
 */
#include <ctype.h>
#include <inttypes.h>
#include <limits.h>
#include <stdio.h>
#include <string.h>

#include "base/path.h"
#include "dialects/fields.h"
#include "base/text.h"


/* The kernel's gen_init_cpio keywords (usr/gen_init_cpio.c). */
static const char *const initramfs_words[] = { "file", "dir", "nod",
    "slink", "pipe", "sock", NULL };

const char *
spec_quote(char *dst, const char *s, size_t len)
{
	return dt_quote(dst, SPEC_QUOTE - 3, s, len);
}

bool
spec_space(char c)
{
	return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\v' ||
	    c == '\f';
}

bool
spec_word(const char *line, size_t len, size_t *i, size_t *start)
{
	while (*i < len && spec_space(line[*i]))
		(*i)++;
	if (*i == len || line[*i] == '#')
		return false;
	*start = *i;
	while (*i < len && !spec_space(line[*i]))
		(*i)++;
	return true;
}

bool
spec_initramfs_word(const char *s, size_t len)
{
	for (const char *const *w = initramfs_words; *w != NULL; w++)
		if (strlen(*w) == len && memcmp(s, *w, len) == 0)
			return true;
	return false;
}

/* Whether the word at line[a..b) is one of words. */
static bool
word_in(const char *line, size_t a, size_t b, const char *const *words)
{
	for (; *words != NULL; words++)
		if (strlen(*words) == b - a && memcmp(line + a, *words, b - a) == 0)
			return true;
	return false;
}

/*
 * The first word as a pseudo name reads (quotes, a backslash takes the
 * next byte), which ends where mtree's and gen_init_cpio's end too.
 */
static bool
first_word(const char *line, size_t len, size_t *i, size_t *start)
{
	bool quoted = false;

	while (*i < len && spec_space(line[*i]))
		(*i)++;
	if (*i == len || line[*i] == '#')
		return false;
	for (*start = *i; *i < len && (quoted || !spec_space(line[*i]));
	    (*i)++)
		if (line[*i] == '"')
			quoted = !quoted;
		else if (line[*i] == '\\' && *i + 1 < len)
			(*i)++;
	return true;
}

/*
 * mtree: "#mtree", "/set" or "/unset", or a name whose second word is a
 * keyword=value.  gen_init_cpio: one of its keywords.  pseudo: a name
 * that is not absolute (makedevs needs one) and a one-letter type, or an
 * absolute one with what only a pseudo line says (the man page, "Telling
 * the dialects apart").
 */
enum table_dialect
spec_detect(const char *line, size_t len)
{
	size_t i = 0, a, b, c = 0, n = 0, words = 0;
	char type = '\0';

	if (len >= 6 && memcmp(line, "#mtree", 6) == 0 &&
	    (len == 6 || spec_space(line[6])))
		return TABLE_MTREE;
	if (!first_word(line, len, &i, &a))
		return TABLE_UNKNOWN;
	b = i;
	if (word_in(line, a, b, (const char *const []){ "/set", "/unset",
	    NULL }))
		return TABLE_MTREE;
	if (spec_initramfs_word(line + a, b - a))
		return TABLE_INITRAMFS;
	for (words = 1; spec_word(line, len, &i, &c); words++)
		if (words == 1) {
			n = i - c;
			type = line[c];
			if (memchr(line + c, '=', n) != NULL &&
			    mtree_keyword(line + c, (size_t)((const char *)
			    memchr(line + c, '=', n) - (line + c))))
				return TABLE_MTREE;
		}
	if (n != 1 || strchr("bcdsimlLDMBCFSIR", type) == NULL)
		return TABLE_UNKNOWN;
	if (line[a] != '/')
		return TABLE_PSEUDO;
	/* not F: buildroot's makedevs has it too */
	if (strchr("imlLDMBCSIR", type) != NULL || (type == 's' && words == 6))
		return TABLE_PSEUDO;
	return TABLE_UNKNOWN;
}

bool
spec_is_spec(enum table_dialect dialect)
{
	return dialect == TABLE_MTREE || dialect == TABLE_INITRAMFS ||
	    dialect == TABLE_PSEUDO;
}

void
spec_begin(struct spec_reader *r, enum table_dialect dialect,
    const struct table_resolver *res)
{
	memset(&r->set, 0, sizeof(r->set));
	r->dialect = dialect;
	r->res = res;
	r->cwd[0] = '\0';
	r->depth = 0;
	r->held_len = 0;
	r->held_from = 0;
}

int
spec_parse_line(struct spec_reader *r, const char *line, size_t len,
    unsigned long lineno, struct entry *out, char *path, struct dt_diag *d)
{
	int rc;

	if (table_line_start(line, &len, lineno, out, d) != 0)
		return -1;
	switch (r->dialect) {
	case TABLE_MTREE:
		rc = mtree_parse(r, line, len, lineno, out, path, d);
		break;
	case TABLE_INITRAMFS:
		rc = initramfs_parse(line, len, out, path, d);
		break;
	case TABLE_PSEUDO:
		rc = pseudo_parse(line, len, r->res, out, path, d);
		break;
	default:
		return dt_error(d, "not a spec dialect");
	}
	return rc == 1 && table_validate(out, d) != 0 ? -1 : rc;
}

int
spec_end(struct spec_reader *r, unsigned long *lineno, struct dt_diag *d)
{
	if (r->held_from == 0)
		return 0;
	*lineno = r->held_from;
	r->held_from = 0;
	r->held_len = 0;
	return dt_error(d, "the line is continued ('\\' at its end) past the "
	    "end of the file");
}

bool
spec_holds(enum table_dialect dialect, const struct entry *e)
{
	/* gen_init_cpio's file line needs the content devtool has not;
	   a pseudo file's, a command that writes it */
	return dialect == TABLE_MTREE || e->type != 'f';
}

int
spec_format(enum table_dialect dialect, const struct entry *e, char *p,
    struct dt_diag *d)
{
	switch (dialect) {
	case TABLE_MTREE:
		return mtree_format(e, p, d);
	case TABLE_INITRAMFS:
		return initramfs_format(e, p, d);
	case TABLE_PSEUDO:
		return pseudo_format(e, p, d);
	default:
		return dt_error(d, "not a spec dialect");
	}
}

bool
spec_needs_parents(enum table_dialect dialect)
{
	return dialect == TABLE_INITRAMFS || dialect == TABLE_PSEUDO;
}

void
spec_link(struct entry *e, const char *target)
{
	e->target = target;
	e->mode = 0777;
	e->mode_set = e->uid_set = e->gid_set = false;
	e->uid = e->gid = 0;
}

int
spec_path(const char *s, size_t len, char *path, struct dt_diag *d)
{
	char abs[PATH_MAX + 1];

	if (len >= PATH_MAX)
		return dt_error(d, "name is too long (%zu bytes, at most %d)",
		    len, PATH_MAX - 1);
	abs[0] = '/';
	memcpy(abs + 1, s, len);
	return path_normal(abs, len + 1, 0, path, d);
}

int
spec_number(const char *s, size_t len, const char *what, uint64_t max,
    uint64_t *v, struct dt_diag *d)
{
	char q[SPEC_QUOTE];
	uint64_t x = 0;
	size_t i;

	for (i = 0; i < len && isdigit((unsigned char)s[i]); i++)
		if (__builtin_mul_overflow(x, 10, &x) ||
		    __builtin_add_overflow(x, (uint64_t)(s[i] - '0'), &x) ||
		    x > max)
			return dt_error(d, "%s '%s' is out of range (0-%" PRIu64
			    ")", what, spec_quote(q, s, len), max);
	if (i == 0 || i < len)
		return dt_error(d, "bad %s '%s' (want decimal digits)", what,
		    spec_quote(q, s, len));
	*v = x;
	return 0;
}

int
spec_mode(const char *s, size_t len, unsigned *mode, struct dt_diag *d)
{
	char q[SPEC_QUOTE];
	unsigned v = 0;
	size_t i;

	for (i = 0; i < len && s[i] >= '0' && s[i] <= '7' && v <= 07777; i++)
		v = v * 8 + (unsigned)(s[i] - '0');
	if (i == 0 || i < len || v > 07777)
		return dt_error(d, "bad mode '%s' (want octal digits, at most "
		    "07777)", spec_quote(q, s, len));
	*mode = v;
	return 0;
}

int
spec_ranges(const struct entry *e, const char *dialect, struct dt_diag *d)
{
	char q[SPEC_QUOTE];

	if (e->count == 0)
		return 0;
	return dt_error(d, "%s has no ranges: write the %" PRIu64
	    " nodes of '%s' one by one", dialect, e->count,
	    spec_quote(q, e->path, strlen(e->path)));
}

int
spec_id(const char *s, size_t len, const char *what, uint32_t *id,
    struct dt_diag *d)
{
	uint64_t v;

	if (spec_number(s, len, what, TABLE_ID_MAX, &v, d) != 0)
		return -1;
	*id = (uint32_t)v;
	return 0;
}
