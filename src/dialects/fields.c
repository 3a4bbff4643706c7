/*
 * fields.c - the word and field readers the dialects share, and what
 * their writers share.  See fields.h.
 *
 * Type letters are types.h's; each dialect spells them as its row's
 * letters say, and a type it has no letter for (a link in makedevs, a
 * socket in tmpfiles) is written as a comment line naming it.
 */
#include <assert.h>
#include <ctype.h>
#include <inttypes.h>
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "base/number.h"
#include "base/path.h"
#include "base/text.h"
#include "dialects/fields.h"
#include "entry/validate.h"

/* The kernel's gen_init_cpio keywords (usr/gen_init_cpio.c). */
static const char cpio_keywords[][8] = { "file", "dir", "nod",
    "slink", "pipe", "sock", "" };

/* (a switch: it runs for every byte read) */

bool
fields_is_dash(const char *s)
{
	return strcmp(s, "-") == 0;
}

bool
fields_word(const char *line, size_t len, size_t *i, size_t *start)
{
	while (*i < len && dialect_space(line[*i]))
		(*i)++;
	if (*i == len || line[*i] == '#')
		return false;
	*start = *i;
	while (*i < len && !dialect_space(line[*i]))
		(*i)++;
	return true;
}

bool
fields_cpio_keyword(const char *s, size_t len)
{
	for (const char (*w)[8] = cpio_keywords; (*w)[0] != '\0'; w++)
		if (strlen(*w) == len && memcmp(s, *w, len) == 0)
			return true;
	return false;
}

/*
 * The first word as a pseudo name reads (quotes, a backslash takes the
 * next byte), which ends where mtree's and gen_init_cpio's end too.
 */
bool
fields_first_word(const char *line, size_t len, size_t *i, size_t *start)
{
	bool quoted = false;

	while (*i < len && dialect_space(line[*i]))
		(*i)++;
	if (*i == len || line[*i] == '#')
		return false;
	for (*start = *i; *i < len && (quoted || !dialect_space(line[*i]));
	    (*i)++)
		if (line[*i] == '"')
			quoted = !quoted;
		else if (line[*i] == '\\' && *i + 1 < len)
			(*i)++;
	return true;
}

int
fields_split(const char *line, size_t len, fields_word_end *end,
    struct fields_span *w, size_t max, size_t *n, struct dt_diag *d)
{
	size_t i = 0, start;

	*n = 0;
	for (;;) {
		while (i < len && dialect_space(line[i]))
			i++;
		if (i == len || line[i] == '#')
			return 0;
		start = i;
		if (end != NULL) {
			if (end(line, len, &i, d) != 0)
				return -1;
		} else {
			while (i < len && !dialect_space(line[i]))
				i++;
		}
		if (*n < max) {
			w[*n].p = line + start;
			w[*n].len = i - start;
		}
		(*n)++;
	}
}

int
fields_mode(const char *s, size_t len, unsigned *mode, struct dt_diag *d)
{
	char q[QUOTE_MAX];
	unsigned v = 0;
	size_t i;

	for (i = 0; i < len && s[i] >= '0' && s[i] <= '7' && v <= 07777; i++)
		v = v * 8 + (unsigned)(s[i] - '0');
	if (i == 0 || i < len || v > 07777)
		return dt_error(d, "bad mode '%s' (want octal digits, at most "
		    "07777)", dt_quote_word(q, sizeof(q), s, len));
	*mode = v;
	return 0;
}

int
fields_number(const char *s, size_t len, const char *what, uint64_t max,
    uint64_t *v, struct dt_diag *d)
{
	char q[QUOTE_MAX];
	uint64_t x = 0;
	size_t i;

	for (i = 0; i < len && isdigit((unsigned char)s[i]); i++)
		if (__builtin_mul_overflow(x, 10, &x) ||
		    __builtin_add_overflow(x, (uint64_t)(s[i] - '0'), &x) ||
		    x > max)
			return dt_error(d, "%s '%s' is out of range (0-%" PRIu64
			    ")", what,
			    dt_quote_word(q, sizeof(q), s, len), max);
	if (i == 0 || i < len)
		return dt_error(d, "bad %s '%s' (want decimal digits)", what,
		    dt_quote_word(q, sizeof(q), s, len));
	*v = x;
	return 0;
}

int
fields_id(const char *s, size_t len, const char *what, uint32_t *id,
    struct dt_diag *d)
{
	uint64_t v;

	if (fields_number(s, len, what, ID_MAX, &v, d) != 0)
		return -1;
	*id = (uint32_t)v;
	return 0;
}

/* number.h's status as a field's message: "bad major: invalid ...". */
static int
number_status(enum dt_status st, const char *what, const struct dt_diag *tmp,
    struct dt_diag *d)
{
	if (st == DT_OK)
		return 0;
	if (st == DT_ENUMBER)
		return dt_error(d, "bad %s: %s", what, tmp->msg);
	return dt_error(d, "%s", tmp->msg);
}

/* A tmpfiles MAJOR or MINOR: C notation, as systemd's safe_atou reads it. */
int
fields_c_number(const char *s, const char *what, uint64_t max, uint64_t *v,
    struct dt_diag *d)
{
	struct dt_diag tmp;

	return number_status(dt_parse_in_range(s, what, max, v, &tmp), what,
	    &tmp, d);
}

/*
 * A number of decimal digits (dt_parse_decimal) when the field is one, as
 * buildroot's makedevs reads it (strtoul base 10, so 010 is 10) and as
 * systemd-tmpfiles reads it (parse_uid, which takes a leading zero for
 * part of a name); anything else is a name.
 */
static bool
is_id_number(bool zero_is_name, const char *s)
{
	if (s[strspn(s, "0123456789")] != '\0' || s[0] == '\0')
		return false;
	return !zero_is_name || s[0] != '0' || s[1] == '\0';
}

/*
 * A makedevs number: decimal, as busybox and buildroot read it (sscanf
 * %u), so a zero-padded table means what it says.  0x10 is refused: %u
 * would read it as 0 and lose the rest of the line.
 */
int
fields_decimal(const char *s, const char *what, uint64_t max, uint64_t *v,
    struct dt_diag *d)
{
	struct dt_diag tmp;
	char q[QUOTE_MAX];

	if (s[0] == '0' && (s[1] == 'x' || s[1] == 'X'))
		return dt_error(d, "bad %s '%s': makedevs numbers are decimal "
		    "(busybox and buildroot read it as 0)", what,
		    dt_quote_word(q, sizeof(q), s, strlen(s)));
	return number_status(dt_parse_decimal(s, what, max, v, &tmp), what,
	    &tmp, d);
}

/* A user or group: a number, else a name. */
static int
parse_id(bool zero_is_name, const char *s, bool group,
    const struct id_resolver *res, uint32_t *id, struct dt_diag *d)
{
	uint64_t v;

	if (is_id_number(zero_is_name, s)) {
		if (fields_decimal(s, group ? "group" : "user", ID_MAX, &v,
		    d) != 0)
			return -1;
		*id = (uint32_t)v;
		return 0;
	}
	return ids_name(res, s, group, id, d);
}

int
fields_owner(bool zero_is_name, const char *user, const char *group,
    const struct id_resolver *res, struct entry *e,
    struct dt_diag *d)
{
	uint32_t id;

	if (user != NULL && !fields_is_dash(user)) {
		if (parse_id(zero_is_name, user, false, res, &id, d) != 0)
			return -1;
		e->uid = (uid_t)id;
		e->uid_set = true;
	}
	if (group != NULL && !fields_is_dash(group)) {
		if (parse_id(zero_is_name, group, true, res, &id, d) != 0)
			return -1;
		e->gid = (gid_t)id;
		e->gid_set = true;
	}
	return 0;
}

int
fields_path(const char *s, size_t len, char *path, struct dt_diag *d)
{
	char abs[PATH_MAX + 1];

	if (len >= PATH_MAX)
		return dt_error(d, "name is too long (%zu bytes, at most %d)",
		    len, PATH_MAX - 1);
	abs[0] = '/';
	memcpy(abs + 1, s, len);
	return path_normal(abs, len + 1, 0, path, d);
}

/* The dialect's letter for devtool's type letter, or '\0'. */
char
fields_letter(const struct dialect *dl, char type)
{
	const char *at = type != '\0' ? strchr(dl->types, type) : NULL;

	if (at == NULL)
		return '\0';
	if (dl->letters == NULL)
		return type;
	return dl->letters[at - dl->types];
}

char
fields_type(const struct dialect *dl, char letter)
{
	const char *letters = dl->letters != NULL ? dl->letters : dl->types;
	const char *at = letter != '\0' ? strchr(letters, letter) : NULL;

	if (at == NULL)
		return '\0';
	return dl->types[at - letters];
}

int
fields_bad_type(const struct dialect *dl, const char *s, struct dt_diag *d)
{
	const char *letters = dl->letters != NULL ? dl->letters : dl->types;
	struct dt_buf list = DT_BUF_INIT;
	char q[QUOTE_MAX];

	for (const char *x = letters; *x != '\0'; x++) {
		if (x > letters)
			dt_buf_addc(&list, ' ');
		dt_buf_addc(&list, *x);
	}
	for (const char *x = dl->extra_letters; x != NULL && *x != '\0';
	    x++) {
		dt_buf_addc(&list, ' ');
		dt_buf_addc(&list, *x);
	}
	dt_say(d, "type '%s' is not one of %s", dt_quote_word(q, sizeof(q), s,
	    strlen(s)), dt_buf_str(&list));
	dt_buf_free(&list);
	return -1;
}

static int
line_read(int rc, struct entry *e, bool normal, struct dt_diag *d)
{
	if (rc != 1)
		return rc;
	if (e->count == 0)
		e->start = e->inc = 0;
	if (!entry_has_numbers(e))
		e->inc = 0;
	return (normal ? entry_validate_normal(e, d) : entry_validate(e, d)) !=
	    0 ? -1 : 1;
}

int
fields_line_read(int rc, struct entry *e, struct dt_diag *d)
{
	return line_read(rc, e, false, d);
}

int
fields_line_read_normal(int rc, struct entry *e, struct dt_diag *d)
{
	return line_read(rc, e, true, d);
}

bool
fields_slash_in_word(const char *line, size_t len, size_t k)
{
	struct fields_span w[2];
	struct dt_diag d;
	size_t n;

	assert(k < 2);
	return fields_split(line, len, NULL, w, 2, &n, &d) == 0 && n >= 2 &&
	    memchr(w[k].p, '/', w[k].len) != NULL;
}

void
fields_link(struct entry *e, const char *target)
{
	e->target = target;
	e->mode = 0777;
	e->mode_set = e->uid_set = e->gid_set = false;
	e->uid = e->gid = 0;
}

/*
 * What no writer says: capabilities take |xattr lines of their own, and
 * no source that writes tables produces them.
 */
int
fields_no_caps(const struct entry *e, struct dt_diag *d)
{
	char q[QUOTE_MAX];

	if (e->caps == NULL)
		return 0;
	return dt_error(d, "'%s' has file capabilities, which are not written "
	    "into tables",
	    dt_quote_word(q, sizeof(q), e->path, strlen(e->path)));
}

void
fields_put_owner(struct dt_buf *out, const struct entry *e, bool group)
{
	const char *name = group ? e->group : e->user;

	if (name != NULL)
		dt_buf_adds(out, name);
	else
		dt_buf_addu(out, group ? (uintmax_t)e->gid :
		    (uintmax_t)e->uid);
}

int
fields_owner_words(const struct entry *e, const char *what,
    struct dt_diag *d)
{
	const char *names[2] = { e->user, e->group };
	char q[QUOTE_MAX];

	for (int i = 0; i < 2; i++) {
		const unsigned char *s = (const unsigned char *)names[i];

		if (s == NULL)
			continue;
		if (is_id_number(false, names[i]))
			goto bad;
		for (; *s != '\0'; s++)
			if (*s <= ' ' || *s == 0x7f || *s == '#')
				goto bad;
		continue;
bad:
		return dt_error(d, "%s name '%s' is not a word %s can hold",
		    i ? "group" : "user", dt_quote_word(q, sizeof(q), names[i],
		    strlen(names[i])), what);
	}
	return 0;
}

int
fields_no_ranges(const struct entry *e, const char *dialect, struct dt_diag *d)
{
	char q[QUOTE_MAX];

	if (e->count == 0)
		return 0;
	return dt_error(d, "%s has no ranges: write the %" PRIu64
	    " nodes of '%s' one by one", dialect, e->count,
	    dt_quote_word(q, sizeof(q), e->path, strlen(e->path)));
}
