/*
 * fields.h - the word and field readers the dialects share (fields.c),
 * and what their writers share.  For src/dialects/ only: a dialect file
 * includes dialect.h and this, never another dialect's file.
 */
#ifndef DEVTOOL_FIELDS_H
#define DEVTOOL_FIELDS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "base/bounds.h"
#include "base/diag.h"
#include "dialects/dialect.h"
#include "entry/entry.h"
#include "entry/ids.h"

#define FIELDS_TEXT_MAX 256	/* a field other than the path */

/* A word of a line: where it starts, how long it is. */
struct fields_span {
	const char *p;
	size_t len;
};

/* s is "-", the word for "no value" in a field. */
bool fields_is_dash(const char *s);
/* The next word of line[*i..len) as [*start, *i); false at a comment or end. */
bool fields_word(const char *line, size_t len, size_t *i, size_t *start);
/*
 * The first word as a pseudo name reads (quotes, a backslash takes the
 * next byte), which ends where mtree's and gen_init_cpio's end too.
 */
bool fields_first_word(const char *line, size_t len, size_t *i,
    size_t *start);
/*
 * Where a word that starts at line[*i] ends, for a dialect whose words
 * are not plain (tmpfiles quotes): *i moved to its end, or -1.
 */
typedef int fields_word_end(const char *line, size_t len, size_t *i,
    struct dt_diag *d);
/*
 * Splits a line into at most max words (end: NULL for words that end at
 * white space), counting all of them in *n.  A word that starts with '#'
 * starts a comment that runs to the end.
 */
int fields_split(const char *line, size_t len, fields_word_end *end,
    struct fields_span *w, size_t max, size_t *n, struct dt_diag *d);

/* Permission bits: octal digits, at most 07777 (len bytes). */
int fields_mode(const char *s, size_t len, unsigned *mode, struct dt_diag *d);
/* Decimal digits (len bytes), at most max: the specs' numbers. */
int fields_number(const char *s, size_t len, const char *what, uint64_t max,
    uint64_t *v, struct dt_diag *d);
/* A uid or gid: decimal, at most ID_MAX. */
int fields_id(const char *s, size_t len, const char *what, uint32_t *id,
    struct dt_diag *d);
/* A number in C notation (010 is 8), as systemd's safe_atou reads it. */
int fields_c_number(const char *s, const char *what, uint64_t max,
    uint64_t *v, struct dt_diag *d);
/* A makedevs number: decimal, as busybox's %u; 0x is refused. */
int fields_decimal(const char *s, const char *what, uint64_t max,
    uint64_t *v, struct dt_diag *d);
/*
 * A user and a group field (NULL or "-": left unset): a number when it is
 * decimal digits (zero_is_name: but for one with a leading zero, which
 * systemd takes for part of a name), else a name (entry/ids.h).
 */
int fields_owner(bool zero_is_name, const char *user, const char *group,
    const struct id_resolver *res, struct entry *e, struct dt_diag *d);
/* A relative or absolute name (len bytes) made absolute and normal. */
int fields_path(const char *s, size_t len, char *path, struct dt_diag *d);

/* The dialect's letter for a type, or '\0'; the type of a letter. */
char fields_letter(const struct dialect *dl, char type);
char fields_type(const struct dialect *dl, char letter);
/* "type 'x' is not one of c b p d f s", the dialect's letters. */
int fields_bad_type(const struct dialect *dl, const char *s,
    struct dt_diag *d);
/*
 * What a dialect's read_line returns for rc, its parser's outcome on a
 * line: an entry (1) with the count, start and increment that say nothing
 * dropped, once entry_validate passes it (-1 and why in d when not); 0 or
 * -1 as they are.  Every reader of fields ends so (dialect.h's
 * read_line).
 */
int fields_line_read(int rc, struct entry *e, struct dt_diag *d);
/* The same for an entry whose path is path_normal's output. */
int fields_line_read_normal(int rc, struct entry *e, struct dt_diag *d);
/*
 * Whether line has two words or more, and a '/' in its word k (0 or 1):
 * a path where the dialect has one (its looks_like).
 */
bool fields_slash_in_word(const char *line, size_t len, size_t k);
/*
 * e becomes a link to target: its mode and owner ignored, as a tmpfiles
 * L line's (Linux gives every link 0777).
 */
void fields_link(struct entry *e, const char *target);
/* Whether s (len bytes) is a gen_init_cpio line's first word. */
bool fields_cpio_keyword(const char *s, size_t len);

/* -1 for an entry with file capabilities, which no table is written with. */
int fields_no_caps(const struct entry *e, struct dt_diag *d);
/*
 * The owner's user (group: group) as a word: the name kept from the
 * table (entry.h) when the dialect writes names, else the id.
 */
void fields_put_owner(struct dt_buf *out, const struct entry *e,
    bool group);
/*
 * -1 for a kept name a line cannot hold as a word (white space, a
 * control character, '#', all digits, which reads as an id).
 */
int fields_owner_words(const struct entry *e, const char *what,
    struct dt_diag *d);
/* -1 for a range, which what (as "a pseudo file") has not. */
int fields_no_ranges(const struct entry *e, const char *what,
    struct dt_diag *d);

#endif
