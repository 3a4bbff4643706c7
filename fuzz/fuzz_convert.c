/*
 * fuzz_convert.c - the conversion property (tests/roundtrip_property.h)
 * with random seeds: the input's bytes are the generator's random bits
 * (then a PRNG seeded from them), each input makes a few entries, and
 * every ordered pair of the seven dialects is checked: what A holds and B
 * holds survives A -> B -> A exactly; what B cannot hold is reported.
 * tests/unit_convert.c runs the same property with a fixed seed in make
 * check.
 */
#include <stdarg.h>

#include "fuzz_util.h"
#include "../tests/roundtrip_property.h"

struct bits {
	const uint8_t *p;
	size_t n, used;
	uint64_t state;
};

static uint64_t
next(void *ctx)
{
	struct bits *b = ctx;
	uint64_t v = 0;

	for (int i = 0; i < 8; i++)
		v = v << 8 | (b->used < b->n ? b->p[b->used++] : 0);
	b->state ^= v + 0x9e3779b97f4a7c15u;
	b->state ^= b->state << 13;
	b->state ^= b->state >> 7;
	b->state ^= b->state << 17;
	return b->used <= b->n ? v : b->state;
}

static void
fail(void *ctx, const char *fmt, ...)
{
	char msg[1024];	/* the finding, cut if longer */
	va_list ap;

	(void)ctx;
	va_start(ap, fmt);
	vsnprintf(msg, sizeof(msg), fmt, ap);
	va_end(ap);
	FUZZ_FAIL("%s", msg);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct bits b = { data, size, 0, size };
	struct rt_counts c;
	struct ids_keeper k;
	struct rt_gen g;
	struct entry e;

	ids_keeper_init(&k);
	g = (struct rt_gen){ .next = next, .ctx = &b, .names = &k,
	    .long_one_in = 2048 };
	for (int i = 0; i < 8; i++) {
		rt_entry(&g, &e);
		rt_check(&k, &e, &c, fail, NULL);
	}
	ids_keeper_free(&k);
	return 0;
}
