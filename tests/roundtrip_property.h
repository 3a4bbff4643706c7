/*
 * roundtrip_property.h - the conversion property (docs/DESIGN.md,
 * "Dialects"; devtool(1), DEVICE TABLES, "Converting tables"), shared by
 * tests/unit_convert.c (fixed seed, in make check) and fuzz/fuzz_convert.c
 * (random seeds): an entry that dialect A holds exactly and dialect B
 * holds too survives A -> B -> A exactly; what B cannot hold is reported
 * (dialect_convert returns nonzero with a message), never lost silently.
 *
 * Header only, static functions: each user is one translation unit.
 */
#ifndef ROUNDTRIP_PROPERTY_H
#define ROUNDTRIP_PROPERTY_H

#include <limits.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "base/bounds.h"
#include "dialects/dialect.h"
#include "entry/ids.h"
#include "entry/validate.h"

#define RT_DIALECT_ROW(name) &name##_dialect,
static const struct dialect *const rt_dialects[] = {
	DIALECTS(RT_DIALECT_ROW)
};
#define RT_NDIALECTS (sizeof(rt_dialects) / sizeof(rt_dialects[0]))

/*
 * The rule dialects (cgroup, deviceallow, ...) are written only: no
 * round trip goes through them (devtool(1), DEVICE RULES).
 */
static bool
rt_written_only(const struct dialect *dl)
{
	return dl->read_line == NULL && dl->read_document == NULL;
}

/* Random bits: the caller's source (a PRNG, or fuzzer input). */
typedef uint64_t rt_next_fn(void *ctx);

struct rt_gen {
	rt_next_fn *next;
	void *ctx;
	struct ids_keeper *names;
	/*
	 * One entry in long_one_in (0: none) has a path and a link target
	 * as long as the kernel takes, of any byte: slow to check through
	 * every pair, so rare.
	 */
	unsigned long_one_in;
	char path[PATH_MAX], target[PATH_MAX], caps[64];
};

static uint64_t
rt_pick(struct rt_gen *g, uint64_t n)
{
	return n == 0 ? 0 : g->next(g->ctx) % n;
}

/* A name of odd bytes: spaces, '#', a backslash, UTF-8, digits. */
static const char *
rt_word(struct rt_gen *g)
{
	static const char *const words[] = {
		"dev", "tty", "null", "snd", "a b", "x#y", "back\\slash",
		"caf\xc3\xa9", "\xe2\x82\xac", "0", "12", "-dash", "q\"uote",
		"tab\there", "pc", "f=g", "*", "[x]",
	};

	return words[rt_pick(g, ARRAY_SIZE(words))];
}

/*
 * n random bytes, none NUL (nor, in a name, '/'), into s: a name or a
 * link's target as long as the kernel takes, of any byte it holds.
 */
static void
rt_bytes(struct rt_gen *g, char *s, size_t n, bool name)
{
	uint64_t v = 0;

	for (size_t i = 0; i < n; i++, v >>= 8) {
		if (i % 8 == 0)
			v = g->next(g->ctx);
		s[i] = (char)(1 + (v & 0xff) % 255);
		if (name && s[i] == '/')
			s[i] = '.';
	}
}

/*
 * A path of PATH_MAX - 1 bytes or a little less, in components of up to
 * NAME_MAX bytes of any byte, into g->path.
 */
static void
rt_long_path(struct rt_gen *g)
{
	size_t n = 0, len = PATH_MAX - 1 - (size_t)rt_pick(g, 64), part;

	while (len - n >= 2) {
		part = 1 + (size_t)rt_pick(g, NAME_MAX);
		if (part > len - n - 1)
			part = len - n - 1;
		g->path[n++] = '/';
		rt_bytes(g, g->path + n, part, true);
		n += part;
	}
	g->path[n] = '\0';
}

/* An owner by id (small, or wide) or by name. */
static void
rt_owner(struct rt_gen *g, bool group, struct entry *e)
{
	static const char *const names[] = { "root", "audio", "dialout",
	    "www-data", "caf\xc3\xa9", "sp ace", "12ab" };
	uint32_t id = 0;
	struct dt_diag d;
	const char *name = NULL;

	switch (rt_pick(g, 4)) {
	case 0:
		id = 0;
		break;
	case 1:
		id = (uint32_t)rt_pick(g, 70000);
		break;
	case 2:
		id = (uint32_t)rt_pick(g, IDS_KEPT_FIRST);
		break;
	default:
		name = names[rt_pick(g, ARRAY_SIZE(names))];
		if (ids_name(&g->names->res, name, group, &id, &d) != 0)
			name = NULL;
	}
	if (group) {
		e->gid = (gid_t)id;
		e->group = name;
	} else {
		e->uid = (uid_t)id;
		e->user = name;
	}
}

/* A random entry, perhaps invalid (entry_validate sorts it out). */
static void
rt_entry(struct rt_gen *g, struct entry *e)
{
	static const char types[] = "cbpdfls";
	static const unsigned modes[] = { 0644, 0600, 0666, 0755, 01777,
	    04755, 02711, 07777, 0, 0640 };
	static const uint64_t wide[] = { 0, 1, 255, 256, 4095, 4096, 1048575,
	    1048576, 4294967295u };
	size_t n = 0, depth = 1 + (size_t)rt_pick(g, 3);
	bool longest = g->long_one_in > 0 &&	/* not on zero bits */
	    rt_pick(g, g->long_one_in) == g->long_one_in - 1;

	memset(e, 0, sizeof(*e));
	for (size_t i = 0; i < depth && !longest; i++)
		n += (size_t)snprintf(g->path + n, sizeof(g->path) - n, "/%s",
		    rt_word(g));
	if (longest)
		rt_long_path(g);
	e->path = g->path;
	e->type = types[rt_pick(g, sizeof(types) - 1)];
	e->mode = rt_pick(g, 3) == 0 ? (unsigned)rt_pick(g, 010000) :
	    modes[rt_pick(g, ARRAY_SIZE(modes))];
	e->mode_set = rt_pick(g, 5) != 0;
	e->uid_set = rt_pick(g, 5) != 0;
	e->gid_set = rt_pick(g, 5) != 0;
	rt_owner(g, false, e);
	rt_owner(g, true, e);
	if (!e->uid_set) {
		e->uid = 0;
		e->user = NULL;
	}
	if (!e->gid_set) {
		e->gid = 0;
		e->group = NULL;
	}
	if (entry_has_numbers(e)) {
		e->major = rt_pick(g, 2) ? rt_pick(g, 300) :
		    wide[rt_pick(g, ARRAY_SIZE(wide))];
		e->minor = rt_pick(g, 2) ? rt_pick(g, 300) :
		    wide[rt_pick(g, ARRAY_SIZE(wide))];
	}
	if ((entry_has_numbers(e) || e->type == 'p') && rt_pick(g, 4) == 0) {
		e->count = 1 + rt_pick(g, 4);
		e->start = rt_pick(g, 3);
		e->inc = entry_has_numbers(e) ? 1 + rt_pick(g, 2) : 0;
	}
	if (e->type == 'l' && longest) {
		n = PATH_MAX - 1 - (size_t)rt_pick(g, 64);
		rt_bytes(g, g->target, n, false);
		g->target[n] = '\0';
	} else if (e->type == 'l')
		snprintf(g->target, sizeof(g->target), "%s%s",
		    rt_pick(g, 2) ? "../" : "/proc/self/", rt_word(g));
	if (e->type == 'l') {
		e->target = g->target;
		e->mode = 0777;
	}
	if (e->type == 'f' && rt_pick(g, 6) == 0)
		e->caps = "cap_net_raw+ep";
	if (e->type == 'f' && rt_pick(g, 6) == 0)
		e->optional = true;
	if (e->type == 'd' && rt_pick(g, 8) == 0)
		e->recursive = true;
	if (entry_replaceable(e) && rt_pick(g, 6) == 0)
		e->replace = true;
	e->boot = rt_pick(g, 8) == 0;
	e->ignore_errors = rt_pick(g, 8) == 0;
}

/* What the property found wrong, handed to the caller. */
typedef void rt_fail_fn(void *ctx, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));

struct rt_counts {
	unsigned long held[RT_NDIALECTS];	  /* A holds exactly */
	unsigned long exact[RT_NDIALECTS][RT_NDIALECTS];  /* A->B->A */
	unsigned long reported[RT_NDIALECTS][RT_NDIALECTS];
};

/*
 * e against every ordered pair (A, B): 0, or the number of failures
 * reported to fail.
 */
static int
rt_check(struct ids_keeper *k, const struct entry *e, struct rt_counts *c,
    rt_fail_fn *fail, void *ctx)
{
	static struct dt_buf la, lb, lc;	/* kept from call to call */
	static char pb[DIALECT_TEXT_SIZE], pc[DIALECT_TEXT_SIZE];
	static struct dt_buf cb = DT_BUF_INIT, cc = DT_BUF_INIT;
	struct entry eb, ec;
	struct dt_diag d;
	const char *what;
	int failures = 0, rc;

	for (size_t a = 0; a < RT_NDIALECTS; a++) {
		const struct dialect *A = rt_dialects[a];

		if (rt_written_only(A) ||
		    dialect_convert(A, e, k, &la, &d) != 0)
			continue;	/* A cannot say it: no A -> B */
		c->held[a]++;
		for (size_t b = 0; b < RT_NDIALECTS; b++) {
			const struct dialect *B = rt_dialects[b];

			if (rt_written_only(B))
				continue;
			rc = dialect_convert(B, e, k, &lb, &d);
			if (rc != 0) {
				if (d.msg[0] == '\0') {
					fail(ctx, "%s -> %s: '%s' not held, "
					    "but no reason given", A->name,
					    B->name, dt_buf_str(&la));
					failures++;
				} else
					c->reported[a][b]++;
				continue;
			}
			if (dialect_read_back(B, lb.s, &k->res, &eb, pb, &cb,
			    &d) != 1) {
				fail(ctx, "%s -> %s: '%s' does not read back: "
				    "%s", A->name, B->name, dt_buf_str(&lb), d.msg);
				failures++;
				continue;
			}
			ids_keep_names(k, &eb);
			if (dialect_convert(A, &eb, k, &lc, &d) != 0 ||
			    dialect_read_back(A, lc.s, &k->res, &ec, pc, &cc,
			    &d) != 1) {
				fail(ctx, "%s -> %s -> %s: '%s' -> '%s': %s",
				    A->name, B->name, A->name, dt_buf_str(&la),
				    dt_buf_str(&lb), d.msg);
				failures++;
				continue;
			}
			ids_keep_names(k, &ec);
			if ((what = entry_differs(e, &ec)) != NULL) {
				fail(ctx, "%s -> %s -> %s changes the %s: "
				    "'%s' -> '%s' -> '%s'", A->name, B->name,
				    A->name, what, dt_buf_str(&la),
				    dt_buf_str(&lb), dt_buf_str(&lc));
				failures++;
				continue;
			}
			c->exact[a][b]++;
		}
	}
	return failures;
}

#endif
