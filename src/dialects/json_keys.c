/*
 * json_keys.c - the keys of a JSON text (json_keys.h).
 *
 * A second pass over text that json-c has accepted, so only what json-c
 * takes needs reading: strings (in double quotes, or a key in single
 * quotes), the brackets and commas, and between them numbers and words,
 * which hold none of those.  Each key is decoded by json-c itself and
 * kept, while its object is open, in a json-c object used as a set (a
 * hash table: a document of a million keys is not a million squared
 * comparisons); json-c's depth limit bounds the open objects.
 */
#include <limits.h>
#include <stdbool.h>
#include <string.h>

#include "base/libjsonc.h"

#include "base/bounds.h"
#include "dialects/json_keys.h"
#include "base/text.h"


struct frame {
	json_object *keys;	/* an object's keys so far; NULL: an array */
	bool want_key;		/* after its '{' or a ',' */
};

struct scan {
	const char *s;
	size_t len;
	json_tokener *tok;	/* decodes one key at a time */
	size_t depth;
	struct frame open[JSON_TOKENER_DEFAULT_DEPTH];
};

/* The closing quote of the string that opens at i (len if none). */
static size_t
string_end(const char *s, size_t len, size_t i)
{
	char quote = s[i];

	for (i++; i < len && s[i] != quote; i++)
		if (s[i] == '\\')
			i++;
	return i < len ? i : len;
}

/*
 * The key s[i..end] (its quotes included) as json-c reads it, into the
 * set of the object it is in: -1 when json-c would not read it as
 * written, or the set has it already.
 */
static int
add_key(struct scan *sc, json_object *set, size_t i, size_t end,
    struct dt_diag *d)
{
	json_object *key;
	const char *s;
	size_t n = end < sc->len ? end + 1 - i : end - i;
	char q[QUOTE_MAX];
	int r = 0;

	if (sc->s[i] == '\'')
		return dt_error(d, "key %s is in single quotes, which is not "
		    "JSON", dt_quote_word(q, sizeof(q), sc->s + i, n));
	jc_json_tokener_reset(sc->tok);
	key = n > INT_MAX || end == sc->len ? NULL :
	    jc_json_tokener_parse_ex(sc->tok, sc->s + i, (int)n);
	if (!jc_json_object_is_type(key, json_type_string)) {
		jc_json_object_put(key);
		return dt_error(d, "key %s is not a JSON string",
		    dt_quote_word(q, sizeof(q), sc->s + i, n));
	}
	s = jc_json_object_get_string(key);
	n = (size_t)jc_json_object_get_string_len(key);
	if (strlen(s) != n)	/* json-c's key would end at the NUL */
		r = dt_error(d, "key \"%s\" has a NUL character",
		    dt_quote_word(q, sizeof(q), s, n));
	else if (jc_json_object_object_get_ex(set, s, NULL))
		r = dt_error(d, "duplicate key \"%s\"",
		    dt_quote_word(q, sizeof(q), s, n));
	else if (jc_json_object_object_add(set, s, NULL) != 0)
		r = dt_error(d, "out of memory");
	jc_json_object_put(key);
	return r;
}

static int
open_nesting(struct scan *sc, bool object, struct dt_diag *d)
{
	struct frame *f;

	if (sc->depth == sizeof(sc->open) / sizeof(sc->open[0]))
		return dt_error(d, "JSON nested more than %zu deep",
		    sc->depth);
	f = &sc->open[sc->depth];
	f->keys = object ? jc_json_object_new_object() : NULL;
	f->want_key = object;
	if (object && f->keys == NULL)
		return dt_error(d, "out of memory");
	sc->depth++;
	return 0;
}

static void
close_nesting(struct scan *sc)
{
	if (sc->depth > 0)
		jc_json_object_put(sc->open[--sc->depth].keys);
}

/* The byte at *i: a key is checked there, a string skipped (*i its end). */
static int
scan_byte(struct scan *sc, size_t *i, struct dt_diag *d)
{
	struct frame *top = sc->depth > 0 ? &sc->open[sc->depth - 1] : NULL;
	size_t end;

	switch (sc->s[*i]) {
	case '{':
	case '[':
		return open_nesting(sc, sc->s[*i] == '{', d);
	case '}':
	case ']':
		close_nesting(sc);
		return 0;
	case ',':
		if (top != NULL)
			top->want_key = top->keys != NULL;
		return 0;
	case '"':
	case '\'':
		end = string_end(sc->s, sc->len, *i);
		if (top != NULL && top->want_key) {
			top->want_key = false;
			if (add_key(sc, top->keys, *i, end, d) != 0)
				return -1;
		}
		*i = end;
		return 0;
	default:
		return 0;
	}
}

int
json_keys_check(const char *text, size_t len, size_t *at,
    struct dt_diag *d)
{
	struct scan sc = { .s = text, .len = len };
	int r = 0;

	if (jc_load(d) != 0)
		return -1;
	if ((sc.tok = jc_json_tokener_new()) == NULL)
		return dt_error(d, "out of memory");
	jc_json_tokener_set_flags(sc.tok, JSON_TOKENER_STRICT);
	for (size_t i = 0; i < len; i++)
		if ((r = scan_byte(&sc, &i, d)) != 0) {
			*at = i;
			break;
		}
	while (sc.depth > 0)
		close_nesting(&sc);
	jc_json_tokener_free(sc.tok);
	return r;
}

int
json_keys_find(const char *text, size_t len, const char *key, size_t *at)
{
	json_tokener *tok;
	json_object *name;
	size_t depth = 0, end;
	bool want_key = false, found = false;

	if (jc_load(NULL) != 0 || (tok = jc_json_tokener_new()) == NULL)
		return -1;
	for (size_t i = 0; i < len && !found; i++) {
		switch (text[i]) {
		case '{':
		case '[':
			want_key = depth++ == 0 && text[i] == '{';
			break;
		case '}':
		case ']':
			depth--;
			break;
		case ',':
			want_key = depth == 1;
			break;
		case '"':
			end = string_end(text, len, i);
			if (want_key && end < len && end + 1 - i <= INT_MAX) {
				jc_json_tokener_reset(tok);
				name = jc_json_tokener_parse_ex(tok, text + i,
				    (int)(end + 1 - i));
				found = jc_json_object_is_type(name,
				    json_type_string) &&
				    strcmp(jc_json_object_get_string(name), key) == 0;
				jc_json_object_put(name);
				if (found)
					*at = i;
			}
			want_key = false;
			i = end;
			break;
		default:
			break;
		}
	}
	jc_json_tokener_free(tok);
	return found ? 0 : -1;
}

/*
 * The next character of *p as Go's encoding/json folds a key's (ASCII
 * upper case; -1 for one that folds to no ASCII letter), *p past it.
 * Four letters that are not ASCII fold to ASCII ones there: Go before
 * 1.21 (bytes.EqualFold) folds the KELVIN SIGN to K and the LONG S to S,
 * and from 1.21 (unicode.ToUpper of ToLower) the dotted and dotless I to
 * I as well.
 */
static int
go_fold_char(const unsigned char **p)
{
	static const struct {
		const char *utf8;
		char ascii;
	} to_ascii[] = {
		{ "\xe2\x84\xaa", 'K' },	/* U+212A KELVIN SIGN */
		{ "\xc5\xbf", 'S' },		/* U+017F LONG S */
		{ "\xc4\xb0", 'I' },		/* U+0130 I WITH DOT ABOVE */
		{ "\xc4\xb1", 'I' },		/* U+0131 DOTLESS I */
	};
	const unsigned char *s = *p;
	size_t n;

	if (*s < 0x80) {
		(*p)++;
		return *s >= 'a' && *s <= 'z' ? *s - 'a' + 'A' : *s;
	}
	for (size_t i = 0; i < sizeof(to_ascii) / sizeof(to_ascii[0]); i++) {
		n = strlen(to_ascii[i].utf8);
		if (strncmp((const char *)s, to_ascii[i].utf8, n) == 0) {
			*p += n;
			return to_ascii[i].ascii;
		}
	}
	return -1;
}

/* Whether Go's encoding/json takes key for word (ASCII). */
static bool
go_same_key(const char *key, const char *word)
{
	const unsigned char *k = (const unsigned char *)key;
	const unsigned char *w = (const unsigned char *)word;

	while (*k != '\0' && *w != '\0')
		if (go_fold_char(&k) != go_fold_char(&w))
			return false;
	return *k == '\0' && *w == '\0';
}

/* The word of words (NULL-terminated) key is another spelling of. */
static const char *
other_spelling(const char *key, const char *const *words)
{
	for (; *words != NULL; words++)
		if (strcmp(key, *words) != 0 && go_same_key(key, *words))
			return *words;
	return NULL;
}

int
json_keys_spelt(json_object *obj, const char *const *keys,
    struct dt_diag *d)
{
	const char *word;
	char q[QUOTE_MAX];

	json_object_object_foreach(obj, key, value) {
		(void)value;
		if ((word = other_spelling(key, keys)) != NULL)
			return dt_error(d, "key \"%s\" is \"%s\" to runc, "
			    "which reads keys in any case",
			    dt_quote_word(q, sizeof(q), key, strlen(key)),
			    word);
	}
	return 0;
}
