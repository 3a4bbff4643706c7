/*
 * suggest.c - "did you mean" for mistyped values.  See suggest.h.
 */
#include <string.h>

#include "base/nearest.h"
#include "cli/suggest.h"
#include "codec/devreg.h"
#include "dialects/dialect.h"
#include "encode.h"

#define SUGGEST_MOST 2		/* edits, as for verbs and options */

/*
 * The search and a copy of its best candidate: some candidates
 * (devreg_spellings') live only while they are offered.
 */
struct suggestion {
	struct dt_nearest n;
	char *best;		/* SUGGEST_SIZE bytes */
};

static void
suggestion_init(struct suggestion *s, const char *word, char *best)
{
	dt_nearest_init(&s->n, word, SUGGEST_MOST);
	s->best = best;
	s->best[0] = '\0';
}

static void
suggestion_offer(struct suggestion *s, const char *candidate)
{
	const char *before = s->n.best;
	size_t len = strlen(candidate);

	if (len >= SUGGEST_SIZE)
		return;
	dt_nearest_offer(&s->n, candidate);
	if (s->n.best != before) {
		memcpy(s->best, candidate, len + 1);
		s->n.best = s->best;
	}
}

/* Each space-separated word of list (a row's aliases). */
static void
suggestion_offer_words(struct suggestion *s, const char *list)
{
	char word[SUGGEST_SIZE];
	size_t len;

	for (; *list != '\0'; list += len) {
		list += strspn(list, " ");
		len = strcspn(list, " ");
		if (len == 0 || len >= sizeof(word))
			continue;
		memcpy(word, list, len);
		word[len] = '\0';
		suggestion_offer(s, word);
	}
}


/*
 * A word with a colon is an M:N split, whose fault the codec names
 * (a bit count out of range), never a misspelt name.
 */
bool
suggest_layout(const char *word, bool storage, char best[SUGGEST_SIZE])
{
	struct suggestion s;

	suggestion_init(&s, word, best);
	if (strchr(word, ':') != NULL)
		return false;
	for (size_t i = 0; i < dt_nformats; i++) {
		suggestion_offer(&s, dt_formats[i].name);
		suggestion_offer_words(&s, dt_formats[i].aliases);
	}
	for (size_t i = 0; storage && i < dt_nstorage; i++)
		suggestion_offer(&s, dt_storage[i].name);
	return s.n.best != NULL;
}

bool
suggest_dialect(const char *word, bool readable, char best[SUGGEST_SIZE])
{
	struct suggestion s;
	const struct dialect *d;

	suggestion_init(&s, word, best);
	for (size_t i = 0; (d = dialect_at(i)) != NULL; i++)
		if (!readable || dialect_reads(d))
			suggestion_offer(&s, d->name);
	return s.n.best != NULL;
}

static void
offer_spelling(void *ctx, const char *spelling)
{
	/* "sd{a-z}" is a pattern, not a word to type. */
	if (strchr(spelling, '{') == NULL)
		suggestion_offer(ctx, spelling);
}

bool
suggest_make_name(const char *word, char best[SUGGEST_SIZE])
{
	struct suggestion s;

	suggestion_init(&s, word, best);
	devreg_spellings(true, offer_spelling, &s);
	devreg_spellings(false, offer_spelling, &s);
	return s.n.best != NULL;
}
