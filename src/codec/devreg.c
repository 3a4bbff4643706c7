/*
 * devreg.c - the registry of Linux's static device numbers and
 * MAKEDEV's groups (devreg.h).
 *
 * The numbers are the kernel's documented allocations,
 * Documentation/admin-guide/devices.txt in the Linux sources (the LANANA
 * list); the names those of MAKEDEV where it made the device, the
 * kernel's otherwise; the classes (owner, group, mode) those Debian's
 * MAKEDEV 2.3.1 gave each device.  The rows are in devreg_rows.c,
 * written as facts, row by row: a row is one name pattern over a range
 * of units; this file reads them.
 *
 * A pattern holds one unit token:
 *   %n  the unit's number          ttyS%n  ttyS0 ttyS1 ...
 *   %a  a letter, a for unit 0     hd%a    hda hdb ...
 *   %A  the kernel's disk letters  sd%A    sda ... sdz sdaa ...
 *   %x  a pty's bank and hex digit pty%x   ptyp0 ... ptyef
 *   %h  a hex digit                sbpcd%h
 * and may hold %c, a controller whose number is added to the major.
 * A unit's partitions (parts > 0) are the unit's name followed by the
 * partition's number (with a "p" between when the name ends in a digit,
 * as the kernel names them), their minors the unit's plus the number.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "codec/devreg.h"
#include "codec/devreg_rows.h"

/* MAKEDEV's classes (its "Customisation" section), and kvm as udev. */
static const struct devreg_class classes[] = {
	[C_PUBLIC]   = { "public",   "root", "root",    0666 },
	[C_PRIVATE]  = { "private",  "root", "root",    0600 },
	[C_SYSTEM]   = { "system",   "root", "root",    0660 },
	[C_KMEM]     = { "kmem",     "root", "kmem",    0640 },
	[C_TTY]      = { "tty",      "root", "tty",     0666 },
	[C_CONS]     = { "cons",     "root", "tty",     0600 },
	[C_DIALOUT]  = { "dialout",  "root", "dialout", 0660 },
	[C_DIP]      = { "dip",      "root", "dip",     0660 },
	[C_MOUSE]    = { "mouse",    "root", "root",    0660 },
	[C_PRINTER]  = { "printer",  "root", "lp",      0660 },
	[C_FLOPPY]   = { "floppy",   "root", "floppy",  0660 },
	[C_DISK]     = { "disk",     "root", "disk",    0660 },
	[C_SCSI]     = { "scsi",     "root", "root",    0600 },
	[C_CDROM]    = { "cdrom",    "root", "cdrom",   0660 },
	[C_TAPE]     = { "tape",     "root", "tape",    0660 },
	[C_AUDIO]    = { "audio",    "root", "audio",   0660 },
	[C_VIDEO]    = { "video",    "root", "video",   0660 },
	[C_IBCS2]    = { "ibcs2",    "root", "root",    0666 },
	[C_SCANNER]  = { "scanner",  "root", "root",    0666 },
	[C_CODA]     = { "coda",     "root", "root",    0600 },
	[C_IPSEC]    = { "ipsec",    "root", "root",    0200 },
	[C_READABLE] = { "readable", "root", "root",    0444 },
	[C_LIRC]     = { "lirc",     "root", "video",   0640 },
	[C_PROM]     = { "openprom", "root", "root",    0664 },
	[C_KVM]      = { "kvm",      "root", "kvm",     0660 },
};

const char devreg_group_names[][16] = {
	"std", "generic", "console", "consoleonly", "ram", "loop", "md",
	"fd", "hd", "sd", "scd", "st", "sg", "pty", "ttyS", "busmice",
	"input", "lp", "par", "audio", "fb", "isdn-io", "isdn-tty",
	"isdn-ippp", "isdnmodem", "isdnbri", "mcdx", "sbpcd", "dac960",
	"dpti", "ida", "cciss", "ataraid", "raw", "tun", "misc", "cpu",
	"ipmi", "",
};


static const char hex[] = "0123456789abcdef";
static const char banks[] = "pqrstuvwxyzabcde";

/* The kernel's disk letters: 0 a, 25 z, 26 aa, 701 zz, 702 aaa. */
static int
put_letters(char *s, size_t size, unsigned u)
{
	char tmp[8];
	size_t n = 0;

	for (unsigned long v = (unsigned long)u + 1; v > 0 && n < sizeof(tmp);
	    v = (v - 1) / 26)
		tmp[n++] = (char)('a' + (v - 1) % 26);
	if (n >= size)
		return -1;
	for (size_t i = 0; i < n; i++)
		s[i] = tmp[n - 1 - i];
	s[n] = '\0';
	return (int)n;
}

/*
 * What one %-token t of a pattern stands for, as text at out (size bytes,
 * its NUL included): its length, or -1 when it has none or does not fit.
 */
typedef int token_fn(char t, char *out, size_t size, const void *ctx);

/*
 * pattern into out, each %-token replaced by token's text for it: -1 when
 * that fails or out is too small.  One walk of a name pattern, for a
 * name's units (render) and for a range's spelling (spell).
 */
static int
expand(const char *pattern, token_fn *token, const void *ctx, char *out,
    size_t size)
{
	size_t n = 0;
	int w;

	for (const char *p = pattern; *p != '\0'; p++) {
		if (n + 1 >= size)
			return -1;
		if (*p != '%') {
			out[n++] = *p;
			continue;
		}
		w = token(*++p, out + n, size - n, ctx);
		if (w < 0 || (size_t)w >= size - n)
			return -1;
		n += (size_t)w;
	}
	out[n] = '\0';
	return 0;
}

/* A unit and a controller, the numbers of one name. */
struct unit {
	unsigned u, c;
};

/*
 * The decimal digits of v at out: their count, or -1 when they and a NUL
 * do not fit in size bytes (as expand wants a token).  By hand, not
 * snprintf: make writes thousands of names (sda1 ... sdp15), and a
 * formatted print is most of the cost of each.
 */
static int
put_decimal(char *out, size_t size, unsigned long v)
{
	char tmp[24];
	size_t n = 0;

	do
		tmp[n++] = (char)('0' + v % 10);
	while ((v /= 10) > 0);
	if (n >= size)
		return -1;
	for (size_t i = 0; i < n; i++)
		out[i] = tmp[n - 1 - i];
	return (int)n;
}

/* Up to two characters (b NUL for one) at out, as put_decimal. */
static int
put_chars(char *out, size_t size, char a, char b)
{
	size_t n = b != '\0' ? 2 : 1;

	if (n >= size)
		return -1;
	out[0] = a;
	out[1] = b;
	return (int)n;
}

static int
unit_token(char t, char *out, size_t size, const void *ctx)
{
	const struct unit *x = ctx;
	unsigned u = x->u;

	switch (t) {
	case 'n':
		return put_decimal(out, size, u);
	case 'c':
		return put_decimal(out, size, x->c);
	case 'a':
		return put_chars(out, size, (char)('a' + u % 26), '\0');
	case 'A':
		return put_letters(out, size, u);
	case 'x':
		return put_chars(out, size, banks[u / 16 % 16], hex[u % 16]);
	case 'h':
		return put_chars(out, size, hex[u % 16], '\0');
	default:
		return -1;
	}
}

/* pattern with unit u and controller c; -1 when it does not fit. */
static int
render(const char *pattern, unsigned u, unsigned c, char *out,
    size_t size)
{
	struct unit x = { u, c };

	return expand(pattern, unit_token, &x, out, size);
}

/*
 * Reads a token's value at *s (the token's letter is t), advancing *s;
 * false when there is none.
 */
static bool
scan_token(char t, const char **s, unsigned long *v)
{
	const char *p = *s;
	unsigned long x = 0;

	switch (t) {
	case 'n':
	case 'c':
		if (*p < '0' || *p > '9' || (*p == '0' && p[1] >= '0' &&
		    p[1] <= '9'))
			return false;
		for (; *p >= '0' && *p <= '9' && x < 100000; p++)
			x = x * 10 + (unsigned long)(*p - '0');
		break;
	case 'a':
		if (*p < 'a' || *p > 'z')
			return false;
		x = (unsigned long)(*p++ - 'a');
		break;
	case 'A':
		if (*p < 'a' || *p > 'z')
			return false;
		for (; *p >= 'a' && *p <= 'z' && x < 100000; p++)
			x = x * 26 + (unsigned long)(*p - 'a') + 1;
		x--;
		break;
	case 'x':
	case 'b':
		if (*p == '\0' || strchr(banks, *p) == NULL)
			return false;
		x = (unsigned long)(strchr(banks, *p++) - banks);
		if (t == 'b')
			break;
		if (*p == '\0' || strchr(hex, *p) == NULL)
			return false;
		x = x * 16 + (unsigned long)(strchr(hex, *p++) - hex);
		break;
	case 'h':
		if (*p == '\0' || strchr(hex, *p) == NULL)
			return false;
		x = (unsigned long)(strchr(hex, *p++) - hex);
		break;
	default:
		return false;
	}
	*s = p;
	*v = x;
	return true;
}

/*
 * Matches name against pattern: the unit (and controller) into *u and
 * *c (0 when the pattern has none), the rest of the name, unmatched,
 * into *rest.  False when the name does not start as the pattern says.
 */
static bool
match(const char *pattern, const char *name, unsigned long *u,
    unsigned long *c, const char **rest)
{
	const char *s = name;
	unsigned long v;

	*u = *c = 0;
	for (const char *p = pattern; *p != '\0'; p++) {
		if (*p != '%') {
			if (*s++ != *p)
				return false;
			continue;
		}
		p++;
		if (!scan_token(*p, &s, &v))
			return false;
		if (*p == 'c')
			*c = v;
		else
			*u = v;
	}
	*rest = s;
	return true;
}

static bool
has_unit(const char *pattern)
{
	for (const char *p = strchr(pattern, '%'); p != NULL;
	    p = strchr(p + 1, '%'))
		if (p[1] != 'c')
			return true;
	return false;
}

static unsigned
units(const struct devreg_row *r)
{
	return r->count ? r->count : 1;
}

static unsigned
stride(const struct devreg_row *r)
{
	return r->stride ? r->stride : 1;
}

/* A partition's number after the unit's name, as the kernel spells it. */
static bool
scan_part(const char *unit_end_char_is, const char *rest,
    const struct devreg_row *r, unsigned long *part)
{
	const char *s = rest;
	unsigned long v;

	*part = 0;
	if (*s == '\0')
		return true;
	if (r->parts == 0)
		return false;
	if (*unit_end_char_is >= '0' && *unit_end_char_is <= '9' &&
	    *s++ != 'p')
		return false;
	if (!scan_token('n', &s, &v) || *s != '\0' || v == 0 ||
	    v >= stride(r))
		return false;
	*part = v;
	return true;
}

/*
 * The row of a node's name: unit, controller, partition; with make, a
 * row of make's alone too.
 */
static const struct devreg_row *
find_name(const char *name, bool make, unsigned long *u, unsigned long *c,
    unsigned long *part)
{
	char unit_name[DEVREG_PATH_MAX];
	const char *rest;

	for (size_t i = 0; i < devreg_rows_n; i++) {
		const struct devreg_row *r = &devreg_rows[i];

		if ((r->makedev_only && !make) ||
		    !match(r->name, name, u, c, &rest))
			continue;
		if (has_unit(r->name) ? *u < r->first ||
		    *u - r->first >= units(r) : rest == name)
			continue;
		if (r->ctls ? *c >= r->ctls : *c != 0)
			continue;
		/* the unit's own name, for its last character */
		if (render(r->name, (unsigned)*u, (unsigned)*c, unit_name,
		    sizeof(unit_name)) != 0 || strncmp(unit_name, name,
		    strlen(unit_name)) != 0)
			continue;
		if (scan_part(unit_name + strlen(unit_name) - 1,
		    name + strlen(unit_name), r, part))
			return r;
	}
	return NULL;
}

bool
devreg_numbers(const char *name, char *type, unsigned long *major,
    unsigned long *minor, const char **desc)
{
	unsigned long u, c, part;
	const struct devreg_row *r = find_name(name, false, &u, &c, &part);

	if (r == NULL)
		return false;
	*type = r->type;
	*major = r->major + c;
	*minor = r->minor + (u - r->first) * stride(r) + part;
	*desc = r->desc;
	return true;
}

bool
devreg_name(char type, unsigned long major, unsigned long minor,
    char *buf, size_t size, const char **desc)
{
	for (size_t i = 0; i < devreg_rows_n; i++) {
		const struct devreg_row *r = &devreg_rows[i];
		unsigned ctls = r->ctls ? r->ctls : 1;
		unsigned long m, u, part;
		size_t n;

		if (r->makedev_only || r->type != type || major < r->major ||
		    major >= (unsigned long)r->major + ctls ||
		    minor < r->minor)
			continue;
		m = minor - r->minor;
		u = m / stride(r);
		part = m % stride(r);
		if (u >= units(r) || (part > 0 && r->parts == 0))
			continue;
		if (render(r->name, (unsigned)(r->first + u),
		    (unsigned)(major - r->major), buf, size) != 0)
			return false;
		n = strlen(buf);
		if (part > 0 && snprintf(buf + n, size - n, "%s%lu",
		    buf[n - 1] >= '0' && buf[n - 1] <= '9' ? "p" : "", part) >=
		    (int)(size - n))
			return false;
		*desc = r->desc;
		return true;
	}
	return false;
}

/* The row of pattern p holding unit u. */
static const struct devreg_row *
pattern_row(const char *p, unsigned u)
{
	for (size_t i = 0; i < devreg_rows_n; i++)
		if (strcmp(devreg_rows[i].name, p) == 0 && u >= devreg_rows[i].first &&
		    u - devreg_rows[i].first < units(&devreg_rows[i]))
			return &devreg_rows[i];
	return NULL;
}

struct emit_run {
	devreg_emit_fn *emit;
	void *ctx;
	int depth;
};

/* One unit of a row (on controller c) and its partitions. */
static int
make_unit(struct emit_run *x, const struct devreg_row *r, unsigned u,
    unsigned c, unsigned char cls)
{
	struct devreg_node n = { .type = r->type,
	    .cls = &classes[cls ? cls : r->cls] };
	unsigned minor = r->minor + (u - r->first) * stride(r);
	size_t len;
	int rc;

	if (render(r->name, u, c, n.path, sizeof(n.path)) != 0)
		return 0;
	n.major = r->major + c;
	n.minor = minor;
	if ((rc = x->emit(x->ctx, &n)) != 0)
		return rc;
	/* the partitions: the unit's name, "p" after a digit, the number */
	len = strlen(n.path);
	if (r->parts > 0 && n.path[len - 1] >= '0' && n.path[len - 1] <= '9') {
		if (len + 1 >= sizeof(n.path))
			return 0;
		n.path[len++] = 'p';
	}
	for (unsigned p = 1; p <= r->parts; p++) {
		int w = put_decimal(n.path + len, sizeof(n.path) - len, p);

		if (w < 0)
			return 0;
		n.path[len + (size_t)w] = '\0';
		n.minor = minor + p;
		if ((rc = x->emit(x->ctx, &n)) != 0)
			return rc;
	}
	return 0;
}

static int run_name(struct emit_run *x, const char *name);

/* A row step: its units, or with %c its controllers' every unit. */
static int
step_row(struct emit_run *x, const struct devreg_step *s, unsigned first,
    unsigned count)
{
	const struct devreg_row *r;
	int rc;

	if ((r = pattern_row(s->a, first)) != NULL && r->ctls)
		for (unsigned c = first; c < first + count && c < r->ctls;
		    c++)
			for (unsigned u = 0; u < units(r); u++)
				if ((rc = make_unit(x, r, r->first + u, c,
				    s->cls)) != 0)
					return rc;
	if (r != NULL && r->ctls)
		return 0;
	/*
	 * The row of u+1 is u's while it holds u+1: the rows of one pattern
	 * do not overlap (tests/unit_devreg.c), so it is the row
	 * pattern_row would find, without a pass over the table a unit.
	 */
	for (unsigned u = first; u < first + count; u++) {
		if (r == NULL || u < r->first || u - r->first >= units(r))
			r = pattern_row(s->a, u);
		if (r != NULL && (rc = make_unit(x, r, u, 0, s->cls)) != 0)
			return rc;
	}
	return 0;
}

/* A FIFO (makefifo): no numbers, its class's owner and mode. */
static int
step_fifo(struct emit_run *x, const struct devreg_step *s)
{
	struct devreg_node n = { .type = 'p', .cls = &classes[s->cls] };

	if (render(s->a, 0, 0, n.path, sizeof(n.path)) != 0)
		return 0;
	return x->emit(x->ctx, &n);
}

static int
step_link(struct emit_run *x, const struct devreg_step *s, unsigned first,
    unsigned count)
{
	struct devreg_node n = { .type = 'l' };
	int rc;

	for (unsigned u = first; u < first + count; u++) {
		if (render(s->a, u, 0, n.path, sizeof(n.path)) != 0 ||
		    render(s->b, u, 0, n.target, sizeof(n.target)) != 0)
			continue;
		if ((rc = x->emit(x->ctx, &n)) != 0)
			return rc;
	}
	return 0;
}

/* A group names groups (generic is std, fd, ...): depth at most 8. */
static int
/* NOLINTNEXTLINE(misc-no-recursion): bounded, see above */
run_group(struct emit_run *x, size_t g, unsigned long arg)
{
	int rc = 0;

	for (size_t i = g + 1; i < devreg_rows_nsteps &&
	    devreg_rows_steps[i].kind != 'G' && rc == 0; i++) {
		const struct devreg_step *s = &devreg_rows_steps[i];
		unsigned count = s->count ? s->count : 1;
		unsigned first = s->first == DEVREG_ARG ? (unsigned)arg * count :
		    (unsigned)s->first;

		if (s->kind == 'r')
			rc = step_row(x, s, first, count);
		else if (s->kind == 'l')
			rc = step_link(x, s, first, count);
		else if (s->kind == 'g')
			rc = run_name(x, s->a);
		else if (s->kind == 'p')
			rc = step_fifo(x, s);
	}
	return rc;
}

/* The index of the group's header step, or devreg_rows_nsteps. */
static size_t
find_group(const char *name, unsigned long *arg)
{
	unsigned long c;
	const char *rest;

	for (size_t i = 0; i < devreg_rows_nsteps; i++) {
		const struct devreg_step *g = &devreg_rows_steps[i];

		if (g->kind == 'G' && match(g->a, name, arg, &c, &rest) &&
		    *rest == '\0' && *arg >= (unsigned long)g->first &&
		    *arg <= (unsigned long)g->count)
			return i;
	}
	return devreg_rows_nsteps;
}

static int
/* NOLINTNEXTLINE(misc-no-recursion): bounded by x->depth */
run_name(struct emit_run *x, const char *name)
{
	unsigned long u, c, part;
	size_t g;
	const struct devreg_row *r;
	int rc;

	if (x->depth > 8)
		return 0;
	if ((g = find_group(name, &u)) < devreg_rows_nsteps) {
		x->depth++;
		rc = run_group(x, g, u);
		x->depth--;
		return rc;
	}
	if ((r = find_name(name, true, &u, &c, &part)) == NULL)
		return -1;
	if (part == 0)	/* a unit: with its partitions, as MAKEDEV */
		return make_unit(x, r, (unsigned)u, (unsigned)c, 0);
	{
		struct devreg_node n = { .type = r->type,
		    .cls = &classes[r->cls] };

		snprintf(n.path, sizeof(n.path), "%s", name);
		n.major = r->major + (unsigned)c;
		n.minor = r->minor + ((unsigned)u - r->first) * stride(r) +
		    (unsigned)part;
		return x->emit(x->ctx, &n);
	}
}

bool
devreg_known(const char *name)
{
	unsigned long u, c, part;

	return find_group(name, &u) < devreg_rows_nsteps ||
	    find_name(name, true, &u, &c, &part) != NULL;
}

int
devreg_make(const char *name, devreg_emit_fn *emit, void *ctx)
{
	struct emit_run x = { emit, ctx, 0 };

	if (!devreg_known(name))
		return -1;
	return run_name(&x, name);
}

/* One token's text for unit u: "63", "t", "iv", "ef", "p". */
static int
token_text(char t, unsigned u, char *out, size_t size)
{
	char pattern[3] = { '%', t, '\0' };

	if (t == 'b') {
		if (size < 2)
			return -1;
		out[0] = banks[u % 16];
		out[1] = '\0';
		return 0;
	}
	return render(pattern, u, u, out, size);
}

/* Units lo..hi of controllers 0..ctls-1, as spell writes them. */
struct spelling {
	unsigned lo, hi, ctls;
};

static int
spelled_token(char t, char *out, size_t size, const void *ctx)
{
	const struct spelling *x = ctx;
	char a[16], b[16];

	if (token_text(t, t == 'c' ? 0 : x->lo, a, sizeof(a)) != 0)
		return -1;
	if (t == 'c' ? x->ctls <= 1 : x->lo == x->hi)
		return snprintf(out, size, "%s", a);
	if (token_text(t, t == 'c' ? x->ctls - 1 : x->hi, b, sizeof(b)) != 0)
		return -1;
	return snprintf(out, size, "{%s..%s}", a, b);
}

/*
 * pattern with its unit token as {lo..hi} (or the one unit) and its
 * controller token as {0..ctls-1}; -1 when it does not fit.
 */
static int
spell(const char *pattern, unsigned lo, unsigned hi, unsigned ctls,
    char *out, size_t size)
{
	struct spelling x = { lo, hi, ctls };

	return expand(pattern, spelled_token, &x, out, size);
}

/*
 * A spelling of pattern over units lo..hi to emit; a pty's bank runs p
 * to z, then a to e, so a range over both is two ranges that each read
 * in alphabetical order ("pty{p..z}", "pty{a..e}").
 */
static void
emit_spelled(const char *pattern, unsigned lo, unsigned hi, unsigned ctls,
    devreg_spell_fn *emit, void *ctx)
{
	unsigned wrap = strstr(pattern, "%b") != NULL ? 11 :
	    strstr(pattern, "%x") != NULL ? 11 * 16 : 0;
	char out[DEVREG_PATH_MAX * 2];

	if (wrap > lo && wrap <= hi) {
		if (spell(pattern, lo, wrap - 1, ctls, out, sizeof(out)) == 0)
			emit(ctx, out);
		lo = wrap;
	}
	if (spell(pattern, lo, hi, ctls, out, sizeof(out)) == 0)
		emit(ctx, out);
}

/* A unit range of a pattern: [lo, hi]. */
struct span {
	unsigned lo, hi;
};

static int
by_lo(const void *a, const void *b)
{
	const struct span *x = a, *y = b;

	return x->lo < y->lo ? -1 : x->lo > y->lo;
}

/* Each run of units rows of pattern p hold, as a spelling. */
static void
spell_rows(const char *p, size_t from, devreg_spell_fn *emit, void *ctx)
{
	struct span spans[64] = { { 0, 0 } };
	size_t n = 0;
	unsigned ctls = 1;

	for (size_t i = from; i < devreg_rows_n && n < 64; i++) {
		const struct devreg_row *r = &devreg_rows[i];

		if (strcmp(r->name, p) != 0)
			continue;
		spans[n].lo = r->first;
		spans[n++].hi = has_unit(p) ? r->first + units(r) - 1 :
		    r->first;
		if (r->ctls > ctls)
			ctls = r->ctls;
	}
	qsort(spans, n, sizeof(spans[0]), by_lo);
	for (size_t i = 0; i < n; i++) {
		struct span run = spans[i];

		while (i + 1 < n && spans[i + 1].lo <= run.hi + 1) {
			if (spans[i + 1].hi > run.hi)
				run.hi = spans[i + 1].hi;
			i++;
		}
		emit_spelled(p, run.lo, run.hi, ctls, emit, ctx);
	}
}

void
devreg_spellings(bool groups, devreg_spell_fn *emit, void *ctx)
{
	for (size_t i = 0; groups && i < devreg_rows_nsteps; i++) {
		const struct devreg_step *g = &devreg_rows_steps[i];
		bool seen = false;

		for (size_t j = 0; j < i && !seen && g->kind == 'G'; j++)
			seen = devreg_rows_steps[j].kind == 'G' &&
			    strcmp(devreg_rows_steps[j].a, g->a) == 0;
		if (g->kind == 'G' && !seen)
			emit_spelled(g->a, (unsigned)g->first,
			    (unsigned)g->count, 1, emit, ctx);
	}
	for (size_t i = 0; !groups && i < devreg_rows_n; i++) {
		bool seen = false;

		for (size_t j = 0; j < i && !seen; j++)
			seen = strcmp(devreg_rows[j].name,
			    devreg_rows[i].name) == 0;
		if (!seen)
			spell_rows(devreg_rows[i].name, i, emit, ctx);
	}
}
