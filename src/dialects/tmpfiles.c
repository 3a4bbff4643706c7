/*
 * tmpfiles.c - the tmpfiles dialect, as systemd-tmpfiles reads it
 * (src/tmpfiles/tmpfiles.c):
 *
 *	<type> <path> <mode> <user> <group> <age> <argument>
 *
 * Words may be quoted and carry C escapes (\x20, \t, \\, \123, \u00e9);
 * the path and the argument carry specifiers (tmpfiles_expand), the
 * run's values from dialect_run.  Every type, modifier and prefix of
 * systemd 252 is read and checked; devtool makes c b p d f L, with "+"
 * (replace) on c b p L, and D v q Q as d (what systemd-tmpfiles
 * --create makes of them where there are no btrfs subvolumes); z and Z
 * amend the entries other lines of the run make (adjust); the rest is
 * left out (dialect_reader.left_out), or under --strict refused.  Mode
 * "-" is 0755 for d and 0644 for everything else, user and group "-"
 * are root but leave an existing owner alone (systemd's uid_set); ':'
 * on mode, user or group makes the line's mode and owner a new entry's
 * only (nochange); the age is checked and ignored; c and b take
 * MAJOR:MINOR.  Every argument but c b p d's is the rest of the line,
 * as systemd-tmpfiles 252 takes it: stripped, taken as it is (quotes
 * are part of it), then unescaped, its specifiers expanded; an L line's
 * none or "-" is /usr/share/factory/PATH; an L line's mode, user and
 * group are ignored ("permissions and ownership on symlinks are
 * ignored", tmpfiles.d(5)).
 *
 * See dialect.h.  The text of a line (words, escapes, specifiers, and
 * their writing) is tmpfiles_text.c.
 */
#include <assert.h>
#include <ctype.h>
#include <inttypes.h>
#include <limits.h>
#include <stdio.h>
#include <string.h>

#include "base/path.h"
#include "base/text.h"
#include "codec/host.h"
#include "dialects/fields.h"
#include "dialects/tmpfiles_text.h"

#define TMPFILES_FIELDS 7
#define LINK_MODE 0777		/* every link's, on Linux */
#define FACTORY "/usr/share/factory"	/* an L line's default target */

/* systemd's parse_devnum: MAJOR:MINOR. */
static int
parse_devnum(const char *s, struct entry *e, struct dt_diag *d)
{
	const char *colon = strchr(s, ':');
	char major[FIELDS_TEXT_MAX];
	char q[QUOTE_MAX];

	if (colon == NULL)
		return dt_error(d, "bad device number '%s' (want MAJOR:MINOR)",
		    dt_quote_word(q, sizeof(q), s, strlen(s)));
	memcpy(major, s, (size_t)(colon - s));
	major[colon - s] = '\0';
	if (fields_c_number(major, "major", DT_HOST_MAJOR_MAX, &e->major, d) !=
	    0 || fields_c_number(colon + 1, "minor", DT_HOST_MINOR_MAX,
	    &e->minor, d) != 0)
		return -1;
	return 0;
}

/*
 * systemd-tmpfiles 252's line types (tmpfiles.d(5)), and each as a word
 * for the count of lines left out.  devtool creates c b p d f L and D v
 * q Q (directories), z and Z amend; every other line is read, checked
 * and left out (dialect_reader.left_out).
 */
static const char all_types[] = "fwdDevqQpLcbCxXrRzZtThHaA";
static const char type_words[] = "f\0w\0d\0D\0e\0v\0q\0Q\0p\0L\0c\0b\0C\0"
	"x\0X\0r\0R\0z\0Z\0t\0T\0h\0H\0a\0A";
#define CREATED "cbpdfLDvqQ"
/*
 * Made as d: D differs only in what --remove does, and v, q and Q make
 * a plain directory where the file system has no btrfs subvolumes
 * (tmpfiles.d(5)), as on every file system but btrfs.
 */
#define DIRECTORIES "DvqQ"
#define ADJUSTS "zZ"
#define WORD_ARGUMENT "cbpd"	/* the others': the rest of the line */

/* A type as written: its letter and modifiers (tmpfiles.d(5)). */
struct tmpfiles_type {
	char letter;
	bool boot, ignore, retype, plus, base64, cred;
};

/* A letter, then modifiers, each at most once (as systemd-tmpfiles). */
static int
parse_tmpfiles_type(const char *s, struct tmpfiles_type *t,
    struct dt_diag *d)
{
	char q[QUOTE_MAX];

	memset(t, 0, sizeof(*t));
	dt_quote_word(q, sizeof(q), s, strlen(s));
	if (s[0] == '\0' || strchr(all_types, s[0]) == NULL)
		return fields_bad_type(&tmpfiles_dialect, s, d);
	t->letter = s[0];
	for (const char *p = s + 1; *p != '\0'; p++) {
		if (strchr(p + 1, *p) != NULL)
			return dt_error(d, "type '%s': modifier '%c' is "
			    "repeated", q, isprint((unsigned char)*p) ? *p : '?');
		switch (*p) {
		case '!':
			t->boot = true;
			break;
		case '-':
			t->ignore = true;
			break;
		case '=':
			t->retype = true;
			break;
		case '+':
			t->plus = true;
			break;
		case '~':
			t->base64 = true;
			break;
		case '^':
			t->cred = true;
			break;
		default:
			return dt_error(d, "type '%s': unknown modifier '%c' "
			    "(tmpfiles.d(5) has + ! - = ~ ^)", q,
			    isprint((unsigned char)*p) ? *p : '?');
		}
	}
	/* content comes only into f and w lines; systemd refuses the rest */
	if ((t->base64 || t->cred) && strchr("fw", t->letter) == NULL)
		return dt_error(d, "type '%s': '%c' is for a line that writes "
		    "a file's content (%s), which a %c line does not", q,
		    t->cred ? '^' : '~', t->cred ? "from a credential" :
		    "base64", t->letter);
	if (t->plus && t->letter == 'd')
		return dt_error(d, "type '%s': '+' (replace) is only for c, "
		    "b, p and L", q);
	return 0;
}

/* The kind of a line devtool leaves out, or NULL for one it creates. */
static const char *
left_out_kind(const struct tmpfiles_type *t, bool has_argument)
{
	if (t->letter == 'f') {
		if (t->cred)
			return "f^";
		if (t->base64)
			return "f~";
		if (t->plus)
			return "f+";
		return has_argument ? "f with content" : NULL;
	}
	if (strchr(CREATED, t->letter) != NULL)
		return NULL;
	return type_words + 2 * (size_t)(strchr(all_types, t->letter) -
	    all_types);
}

/*
 * Where a line's argument starts: after six words, as systemd-tmpfiles
 * takes it (the rest of the line, tmpfiles.d(5)), or len for a c, b, p
 * or d line, whose argument devtool reads as a word.
 */
static int
argument_at(const char *line, size_t len, size_t *at, struct dt_diag *d)
{
	size_t i = 0;

	while (i < len && dialect_space(line[i]))
		i++;
	*at = len;
	if (i == len || strchr(WORD_ARGUMENT, line[i]) != NULL)
		return 0;
	for (int k = 0; k < TMPFILES_FIELDS - 1; k++) {
		while (i < len && dialect_space(line[i]))
			i++;
		if (i == len || line[i] == '#')
			return 0;
		if (tmpfiles_word(line, len, &i, d) != 0)
			return -1;
	}
	while (i < len && dialect_space(line[i]))
		i++;
	*at = i;
	return 0;
}

/*
 * The argument that is the rest of the line (s, len bytes): stripped,
 * unescaped with its quotes kept, into buf (2 * PATH_MAX bytes, *n its
 * length); 0 when there is none or it is "-", else 1.
 */
static int
rest_argument(const char *s, size_t len, char *buf, size_t *n,
    struct dt_diag *d)
{
	struct fields_span w = { s, len };

	while (w.len > 0 && dialect_space(w.p[w.len - 1]))
		w.len--;
	if (w.len == 0 || (w.len == 1 && w.p[0] == '-'))
		return 0;
	if (tmpfiles_unescape_word(w, false, buf, (size_t)2 * PATH_MAX, n,
	    d) != 0)
		return -1;
	return 1;
}

/*
 * An L line's target, from its argument raw (n bytes, unescaped; NULL:
 * none, FACTORY/PATH): its specifiers expanded into buf (PATH_MAX bytes).
 * The mode and owner of a link are ignored, as by systemd-tmpfiles.
 */
static int
parse_link(const char *raw, size_t n, const struct dialect_run *run,
    struct entry *e, char *buf, const char **why, struct dt_diag *d)
{
	char q[QUOTE_MAX];
	size_t len;

	e->mode = LINK_MODE;
	e->uid = e->gid = 0;
	e->mode_set = e->uid_set = e->gid_set = e->nochange = false;
	e->target = buf;
	if (raw == NULL) {
		if (snprintf(buf, PATH_MAX, FACTORY "%s", e->path) < PATH_MAX)
			return 0;
		return dt_error(d, "the default target, '%s' under " FACTORY
		    ", is too long",
		    dt_quote_word(q, sizeof(q), e->path, strlen(e->path)));
	}
	if (tmpfiles_expand(raw, n, run, "link target", buf, PATH_MAX, &len,
	    why, d) != 0)
		return -1;
	if (len >= PATH_MAX)
		return dt_error(d, "link target '%s' is too long (%zu bytes, "
		    "at most %d)",
		    dt_quote_word(q, sizeof(q), buf, strlen(buf)), len,
		    PATH_MAX - 1);
	return 0;
}

/* A word of letters from set, at least one, then a NUL: its length. */
static size_t
span_of(const char *s, const char *set)
{
	size_t n = strspn(s, set);

	return s[n] == '\0' ? n : 0;
}

/*
 * An age as systemd's parse_sec reads it (tmpfiles.d(5), Age): "~",
 * then the timestamps it goes by ("bmA:"), then "infinity" or numbers
 * each with a unit (s if none): 10d, 1h30min, 0.5s.
 */
static int
check_age(const char *s, struct dt_diag *d)
{
	/* text, not pointers: no relocation at start (see mtree.c) */
	static const char units[][8] = { "usec", "us", "\xc2\xb5s",
		"\xce\xbcs", "nsec", "ns", "msec", "ms", "seconds", "second",
		"sec", "s", "minutes", "minute", "min", "months", "month",
		"M", "m", "hours", "hour", "hr", "h", "days", "day", "d",
		"weeks", "week", "w", "years", "year", "y", "" };
	const char *p = s, *colon;
	char q[QUOTE_MAX];
	bool any = false;

	if (*p == '~')
		p++;
	if ((colon = strchr(p, ':')) != NULL) {
		if (colon == p || strspn(p, "aAbBcCmM") != (size_t)(colon - p))
			goto bad;
		p = colon + 1;
	}
	if (strcmp(p, "infinity") == 0)
		return 0;
	while (*p != '\0') {
		size_t digits, k;

		while (*p == ' ')
			p++;
		if ((digits = strspn(p, "0123456789")) == 0)
			goto bad;
		p += digits;
		if (*p == '.' && (digits = strspn(p + 1, "0123456789")) > 0)
			p += digits + 1;
		while (*p == ' ')
			p++;
		for (k = 0; units[k][0] != '\0'; k++)
			if (strncmp(p, units[k], strlen(units[k])) == 0 &&
			    strchr("0123456789 ", p[strlen(units[k])]) != NULL)
				break;
		if (units[k][0] != '\0')
			p += strlen(units[k]);
		else if (*p != '\0')
			goto bad;
		any = true;
	}
	if (any)
		return 0;
bad:
	return dt_error(d, "bad age '%s' (want a time span, as 10d or "
	    "1h30min, perhaps after ~ or the timestamps it goes by, as bmA:)",
	    dt_quote_word(q, sizeof(q), s, strlen(s)));
}

/*
 * The argument of a line devtool leaves out, checked as systemd-tmpfiles
 * 252 checks it: present where the line needs one, a credential's name
 * or base64 text well formed, an h line's attributes known, a C line's
 * source absolute.
 */
static int
check_argument(const struct tmpfiles_type *t, const char *arg,
    struct dt_diag *d)
{
	char q[QUOTE_MAX];
	size_t n = arg != NULL ? strlen(arg) : 0;

	dt_quote_word(q, sizeof(q), arg != NULL ? arg : "", n);
	if (arg == NULL) {
		if (strchr("whHaAtT", t->letter) != NULL || t->cred)
			return dt_error(d, "%c%s needs an argument (%s)",
			    t->letter, t->cred ? "^" : "", t->cred ?
			    "the credential to read" : t->letter == 'w' ?
			    "what to write" : strchr("hH", t->letter) ?
			    "the attributes" : strchr("aA", t->letter) ?
			    "the ACL" : "the extended attributes");
		return 0;
	}
	if (t->cred && (n > NAME_MAX || strchr(arg, '/') != NULL ||
	    strcmp(arg, ".") == 0 || strcmp(arg, "..") == 0))
		return dt_error(d, "'%s' is not a credential's name", q);
	if (t->base64 && !t->cred && strspn(arg, "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
	    "abcdefghijklmnopqrstuvwxyz0123456789+/= \t\n") != n)
		return dt_error(d, "the argument '%s' is not base64 (~)", q);
	if (strchr("hH", t->letter) != NULL &&
	    span_of(arg + (strchr("+-=", arg[0]) != NULL ? 1 : 0),
	    "ASDacdeijsutTCP") == 0)
		return dt_error(d, "bad attributes '%s' (want +, - or = and "
		    "letters of chattr(1): A S D a c d e i j s u t T C P)", q);
	if (t->letter == 'C' && arg[0] != '/')
		return dt_error(d, "the source '%s' is not absolute", q);
	return 0;
}

/*
 * What a created line's type says of its entry: '!', '-', '+' (replace,
 * for c b p L), '=' (a node or FIFO of another type is replaced, as by
 * '+'); what exists gets the mode and owner, and f makes a file.
 */
static void
created_type(const struct tmpfiles_type *t, struct entry *e)
{
	e->type = fields_type(&tmpfiles_dialect, t->letter);
	if (strchr(DIRECTORIES, t->letter) != NULL)
		e->type = 'd';
	e->boot = t->boot;
	e->ignore_errors = t->ignore;
	/* a directory is never replaced: '+' on D v q Q changes nothing */
	e->replace = (t->plus && e->type != 'd') || (t->retype &&
	    (entry_has_numbers(e) || e->type == 'p'));
	e->correct = true;
	e->create = e->type == 'f';
}

/* A line read and checked that devtool does not create: said, or -1. */
static int
leave_out(struct dialect_reader *r, const struct tmpfiles_type *t,
    const char *kind, bool unset_spec, struct dt_diag *d)
{
	/* as systemd-tmpfiles: a '!' line is not used without --boot */
	if (t->boot && (r->run == NULL || !r->run->boot))
		return 0;
	if (r->run != NULL && r->run->strict)
		return unset_spec ? dt_error(d, "left out, %s (--strict)",
		    kind) : dt_error(d, "devtool does not create %s lines "
		    "(--strict)", kind);
	r->left_out = kind;
	return 0;
}

/*
 * What a z or Z line sets: each of mode, user and group that is not "-"
 * and has no ':' (which is for a new inode only, and z makes none: as
 * systemd-tmpfiles 252 does, it is then not set); a masked mode ('~')
 * keeps the entry's bits that are off, and no set-id or sticky bit but
 * on a directory, as systemd's fd_set_perms.
 */
struct adjustment {
	bool mode_set, uid_set, gid_set, masked;
	unsigned mode;
	uid_t uid;
	gid_t gid;
};

static void
adjust_entry(const struct adjustment *a, struct entry *e)
{
	unsigned m = a->mode;

	if (e->type == 'l')	/* a link's mode and owner: ignored (L) */
		return;
	if (a->mode_set) {
		if (a->masked) {
			for (unsigned bits = 0111; bits <= 0444; bits <<= 1)
				if ((e->mode & bits) == 0)
					m &= ~bits;
			if (e->type != 'd')
				m &= ~07000u;
		}
		e->mode = m;
		e->mode_set = true;
	}
	if (a->uid_set) {
		e->uid = a->uid;
		e->uid_set = true;
		e->user = NULL;
	}
	if (a->gid_set) {
		e->gid = a->gid;
		e->gid_set = true;
		e->group = NULL;
	}
	/* what z sets, it sets on what exists too */
	if (a->mode_set || a->uid_set || a->gid_set)
		e->nochange = false;
}

/*
 * A z line (the entry of its path) or a Z line (that and every entry
 * below it), path in path: read first, it is deferred until the run's
 * tables were all read, as systemd-tmpfiles applies its adjusting lines
 * after every line that creates (dialect.h, dialect_reader.defer); read
 * again, each entry it reaches is given amended (Z: one per call, more
 * saying whether another follows).  Left out when no line made its path
 * (or under --strict an error), and wherever the reader does not keep
 * the entries read (a line read on its own).
 */
static int
adjust(struct dialect_reader *r, const struct tmpfiles_type *t,
    const struct adjustment *a, char *path, struct entry *out,
    struct dt_diag *d)
{
	static const char *const kinds[] = { "z", "Z" };
	const char *kind = kinds[t->letter == 'Z'];
	const struct entry *prev;
	unsigned long lineno = out->lineno;
	char q[QUOTE_MAX];
	size_t n;

	if (r->earlier == NULL || r->below == NULL)
		return leave_out(r, t, kind, false, d);
	if (!r->again) {
		r->defer = true;
		return 0;
	}
	prev = t->letter == 'Z' ? r->below(r->earlier_ctx, path, r->nth) :
	    r->nth == 0 ? r->earlier(r->earlier_ctx, path) : NULL;
	if (prev == NULL && r->nth > 0)
		return 0;
	if (prev == NULL) {
		if (r->run != NULL && r->run->strict)
			return dt_error(d, "no line of the tables makes '%s', "
			    "whose mode and owner this %c line sets "
			    "(--strict)",
			    dt_quote_word(q, sizeof(q), path, strlen(path)),
			    t->letter);
		return leave_out(r, t, kind, false, d);
	}
	r->more = t->letter == 'Z' &&
	    r->below(r->earlier_ctx, path, r->nth + 1) != NULL ? 1 : 0;
	*out = *prev;
	out->lineno = lineno;
	n = strlen(prev->path);
	memcpy(path, prev->path, n + 1);	/* a normal path: < PATH_MAX */
	out->path = path;
	adjust_entry(a, out);
	r->amended = true;
	return 1;
}

static int
parse_tmpfiles(struct dialect_reader *r, const char *line, size_t len,
    struct entry *e, char *path, struct dt_diag *d)
{
	static const char names[TMPFILES_FIELDS][12] = { "type", "path",
	    "mode", "user", "group", "age", "argument" };
	const struct dialect_run *run = r->run;
	struct fields_span w[TMPFILES_FIELDS];
	char text[TMPFILES_FIELDS][FIELDS_TEXT_MAX];
	char raw[2 * PATH_MAX], arg[2 * PATH_MAX], out[2 * PATH_MAX];
	const char *owner[2], *why = NULL, *kind, *argp = NULL;
	struct tmpfiles_type t;
	struct adjustment adj;
	size_t n, i, plen, at, alen = 0;
	bool only_new = false, masked = false, created;
	bool colon[3] = { false, false, false };	/* mode, user, group */
	char q[QUOTE_MAX];
	int rc;

	if (argument_at(line, len, &at, d) != 0 ||
	    fields_split(line, at, tmpfiles_word, w, TMPFILES_FIELDS, &n, d) != 0)
		return -1;
	if (n == 0)
		return 0;
	if (n > TMPFILES_FIELDS)
		return dt_error(d, "too many fields (%zu, at most %d)", n,
		    TMPFILES_FIELDS);
	for (i = 0; i < n; i++)
		if (i != 1 && tmpfiles_field_unescape(w[i], text[i], names[i],
		    d) != 0)
			return -1;
	if (parse_tmpfiles_type(text[0], &t, d) != 0)
		return -1;
	created = strchr(CREATED, t.letter) != NULL;
	/* as systemd-tmpfiles: a '!' line is not read without --boot */
	if (!created && t.boot && (run == NULL || !run->boot))
		return 0;
	if (created)
		created_type(&t, e);
	if (n < 2)
		return dt_error(d, "missing path after the type");
	if (tmpfiles_unescape_word(w[1], true, raw, sizeof(raw), &plen, d) != 0)
		return -1;
	if (plen >= sizeof(raw))
		return dt_error(d, "path '%s' is too long (%zu bytes)",
		    dt_quote_word(q, sizeof(q), raw, plen), plen);
	if (tmpfiles_expand(raw, plen, run, "path", out, sizeof(out), &plen,
	    &why, d) != 0)
		return -1;
	if (plen >= sizeof(out))
		return dt_error(d, "path '%s' is too long once its specifiers "
		    "are expanded (%zu bytes)", dt_quote_word(q, sizeof(q), out,
		    strlen(out)), plen);
	if (path_normal(out, plen, 0, path, d) != 0)
		return -1;
	/* as systemd-tmpfiles: before the owner is looked up */
	if (run != NULL && !path_in_prefixes(path, run->prefix, run->exclude))
		return 0;
	e->path = path;
	e->mode = e->type == 'd' ? 0755 : 0644;
	if (n > 2 && !fields_is_dash(text[2])) {
		const char *m = text[2];

		for (;; m++)
			if (*m == '~')
				masked = true;
			else if (*m == ':')
				only_new = colon[0] = true;
			else
				break;
		if (fields_mode(m, strlen(m), &e->mode, d) != 0)
			return -1;
		e->mode_set = true;
	}
	for (i = 3; i < 5; i++) {
		owner[i - 3] = n > i ? text[i] : NULL;
		/* ':' on a field that sets nothing ("-") changes nothing */
		if (owner[i - 3] != NULL && owner[i - 3][0] == ':') {
			owner[i - 3]++;
			if (!fields_is_dash(owner[i - 3]))
				only_new = colon[i - 2] = true;
		}
	}
	if (fields_owner(true, owner[0], owner[1], r->res, e, d) != 0)
		return -1;
	if (n > 5 && !fields_is_dash(text[5]) && check_age(text[5], d) != 0)
		return -1;
	if (at < len) {
		if ((rc = rest_argument(line + at, len - at, arg, &alen,
		    d)) < 0)
			return -1;
		argp = rc > 0 ? arg : NULL;
	} else if (n > 6 && !fields_is_dash(text[6])) {
		argp = text[6];
		alen = strlen(argp);
	}
	if (argp != NULL && alen >= (size_t)2 * PATH_MAX)
		return dt_error(d, "the argument is too long (%zu bytes)",
		    alen);
	if (argp != NULL && memchr(argp, '\0', alen) != NULL)
		return dt_error(d, "NUL byte in the argument");
	/* as systemd-tmpfiles 252, which warns that it ignores it */
	if (strchr(DIRECTORIES, t.letter) != NULL)
		argp = NULL;
	if (strchr(ADJUSTS, t.letter) != NULL) {
		/* its argument, ignored: expanded and checked all the same */
		const char *path_why = why;

		if (argp != NULL && tmpfiles_expand(argp, alen, run, "argument",
		    out, sizeof(out), &plen, &why, d) != 0)
			return -1;
		if (path_why != NULL)
			return leave_out(r, &t, path_why, true, d);
		adj = (struct adjustment){
			.mode_set = e->mode_set && !colon[0],
			.uid_set = e->uid_set && !colon[1],
			.gid_set = e->gid_set && !colon[2],
			.masked = masked, .mode = e->mode, .uid = e->uid,
			.gid = e->gid,
		};
		return adjust(r, &t, &adj, path, e, d);
	}
	kind = left_out_kind(&t, argp != NULL);
	if (created && kind == NULL && masked)
		kind = "~MODE";
	if (kind != NULL) {
		/* base64 is not expanded (tmpfiles.d(5), "~") */
		if (argp != NULL && !t.base64 && tmpfiles_expand(argp, alen,
		    run, "argument", out, sizeof(out), &plen, &why, d) != 0)
			return -1;
		if (check_argument(&t, argp != NULL && !t.base64 ? out : argp,
		    d) != 0)
			return -1;
		return leave_out(r, &t, kind, false, d);
	}
	e->nochange = only_new;
	if (e->type == 'l') {
		if (parse_link(argp, alen, run, e, path + PATH_MAX, &why,
		    d) != 0)
			return -1;
	} else if (argp != NULL) {
		if (entry_has_numbers(e)) {
			if (parse_devnum(argp, e, d) != 0)
				return -1;
		} else
			return dt_error(d, "%c takes no argument (got '%s')",
			    e->type, dt_quote_word(q, sizeof(q), argp, alen));
	} else if (entry_has_numbers(e))
		return dt_error(d, "%c needs MAJOR:MINOR", e->type);
	if (why != NULL)
		return leave_out(r, &t, why, true, d);
	return 1;
}

/* A field left at its default: "-". */
static void
tab_dash(struct dt_buf *out)
{
	dt_buf_adds(out, "\t-");
}

static int
tmpfiles_write(const struct entry *e, const char *note, struct dt_buf *out,
    struct dt_diag *d)
{
	unsigned dflt = e->type == 'd' ? 0755 : 0644;
	char q[QUOTE_MAX];

	assert(note == NULL);	/* dialect.h: not DIALECT_NOTE_WRITER */
	if (e->count >= 1)
		return dt_error(d, "a tmpfiles table has no ranges: write the %"
		    PRIu64 " nodes of '%s' one by one", e->count,
		    dt_quote_word(q, sizeof(q), e->path, strlen(e->path)));
	if (e->recursive || e->optional)
		return dt_error(d, "'%s' is %s, which a tmpfiles table cannot "
		    "say",
		    dt_quote_word(q, sizeof(q), e->path, strlen(e->path)),
		    e->recursive ? "a makedevs r entry" : "a makedevs F entry");
	if (fields_no_caps(e, d) != 0 ||
	    fields_owner_words(e, "a tmpfiles table", d) != 0)
		return -1;
	dt_buf_addc(out, fields_letter(&tmpfiles_dialect, e->type));
	if (e->replace)
		dt_buf_addc(out, '+');
	if (e->boot)
		dt_buf_addc(out, '!');
	if (e->ignore_errors)
		dt_buf_addc(out, '-');
	dt_buf_addc(out, '\t');
	tmpfiles_put_text(out, e->path, false);
	if (e->type == 'l') {	/* mode and owner: ignored, tmpfiles.d(5) */
		dt_buf_adds(out, "\t-\t-\t-\t-\t");
		tmpfiles_put_text(out, e->target, true);
		return 0;
	}
	/* ':' (only for a new one) on each field it applies to */
	if (e->mode_set || e->mode != dflt) {
		dt_buf_adds(out, e->nochange ? "\t:" : "\t");
		dt_buf_addo(out, e->mode, 4);
	} else
		tab_dash(out);
	for (int group = 0; group < 2; group++)
		if (group ? e->gid_set || e->gid != 0 :
		    e->uid_set || e->uid != 0) {
			dt_buf_adds(out, e->nochange ? "\t:" : "\t");
			fields_put_owner(out, e, group);
		} else
			tab_dash(out);
	tab_dash(out);	/* age */
	if (entry_has_numbers(e)) {
		dt_buf_addc(out, '\t');
		dt_buf_addu(out, e->major);
		dt_buf_addc(out, ':');
		dt_buf_addu(out, e->minor);
	} else
		tab_dash(out);
	return 0;
}

/*
 * A tmpfiles line starts with a type letter, perhaps with modifiers, then
 * the path (which may be quoted or start with a specifier).
 */
static enum dialect_bid
tmpfiles_bid(const char *line, size_t len)
{
	size_t i = 0, b;

	while (i < len && dialect_space(line[i]))
		i++;
	if (i == len || !isalpha((unsigned char)line[i]))
		return DIALECT_BID_NONE;
	for (b = i++; i < len && line[i] != '\0' &&
	    strchr("+!-=~^", line[i]) != NULL; i++)
		continue;
	if (i == len || !dialect_space(line[i]) || i - b > 4)
		return DIALECT_BID_NONE;
	while (i < len && dialect_space(line[i]))
		i++;
	if (i < len && line[i] != '\0' && strchr("/\"'%", line[i]) != NULL)
		return DIALECT_BID_SHAPE;
	return DIALECT_BID_NONE;
}

/* A '/' in its second word: a tmpfiles line with a relative path. */
static bool
tmpfiles_looks_like(const char *line, size_t len)
{
	return fields_slash_in_word(line, len, 1);
}

static int
tmpfiles_read(struct dialect_reader *r, const char *line, size_t len,
    struct entry *out, char *path, struct dt_diag *d)
{
	return fields_line_read(parse_tmpfiles(r, line, len, out, path, d),
	    out, d);
}

const struct dialect tmpfiles_dialect = {
	.name = "tmpfiles",
	.types = "cbpdfl",	/* tmpfiles.d(5) has no sockets */
	.letters = "cbpdfL",
	/* D v q Q: made as d; z Z amend; the rest read, left out */
	.extra_letters = "wDevqQCxXrRzZtThHaA",
	.can = DIALECT_CAN_NAMES | DIALECT_CAN_KEEP | DIALECT_CAN_REPLACE |
	    DIALECT_CAN_BOOT | DIALECT_CAN_IGNORE | DIALECT_CAN_SETID |
	    DIALECT_CAN_COMMENTS,
	.amends = true,		/* z and Z */
	.amends_run = true,	/* one configuration, as systemd reads it */
	.note = DIALECT_NOTE_LINE,
	.bid_line = tmpfiles_bid,
	.looks_like = tmpfiles_looks_like,
	.read_line = tmpfiles_read,
	.write = tmpfiles_write,
};
