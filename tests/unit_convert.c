/*
 * unit_convert.c - the conversion property over every ordered pair of
 * the seven dialects, with a fixed seed (tests/roundtrip_property.h;
 * fuzz/fuzz_convert.c runs it with random ones).  UNIT_CONVERT_SEED and
 * UNIT_CONVERT_N change the seed and the number of entries.
 */
#include <stdarg.h>
#include <stdlib.h>

#include "tap.h"
#include "roundtrip_property.h"

static uint64_t
next(void *ctx)
{
	(void)ctx;
	return rng_next();
}

static struct check group;

static void
fail(void *ctx, const char *fmt, ...)
{
	char msg[1024];	/* printed cut to 400 bytes */
	va_list ap;

	(void)ctx;
	va_start(ap, fmt);
	vsnprintf(msg, sizeof(msg), fmt, ap);
	va_end(ap);
	expect(&group, false, "%.400s", msg);
}

int
main(void)
{
	const char *s = getenv("UNIT_CONVERT_SEED"), *n = getenv("UNIT_CONVERT_N");
	unsigned long count = n != NULL ? strtoul(n, NULL, 10) : 20000;
	struct rt_counts c = { 0 };
	struct ids_keeper k;
	struct rt_gen g;
	struct entry e;

	rng_seed(s != NULL ? strtoull(s, NULL, 0) : 19);
	ids_keeper_init(&k);
	g = (struct rt_gen){ .next = next, .names = &k, .long_one_in = 64 };
	begin(&group, "%lu random entries: what dialect A holds and B holds "
	    "survives A -> B -> A exactly, what B cannot hold is reported",
	    count);
	for (unsigned long i = 0; i < count; i++) {
		rt_entry(&g, &e);
		expect(&group, true, "entry %lu", i);
		rt_check(&k, &e, &c, fail, NULL);
	}
	end(&group);
	for (size_t a = 0; a < RT_NDIALECTS; a++)
		for (size_t b = 0; b < RT_NDIALECTS; b++) {
			if (rt_written_only(rt_dialects[a]) ||
			    rt_written_only(rt_dialects[b]))
				continue;	/* no trip goes through them */
			if (!ok(c.exact[a][b] > 0, "%s -> %s -> %s: %lu exact, "
			    "%lu reported",
			    rt_dialects[a]->name, rt_dialects[b]->name,
			    rt_dialects[a]->name, c.exact[a][b],
			    c.reported[a][b]))
				diag("no entry of %s survived the trip",
				    rt_dialects[a]->name);
		}
	ids_keeper_free(&k);
	printf("1..%u\n", tests_run);
	return tests_failed != 0;
}
