/*
 * tmpfiles_text.h - what tmpfiles.c takes of tmpfiles_text.c: a line's
 * words, unescaped and their specifiers expanded, and a path or an
 * argument written.  Included by those two files alone.
 */
#ifndef DEVTOOL_TMPFILES_TEXT_H
#define DEVTOOL_TMPFILES_TEXT_H

#include <stdbool.h>
#include <stddef.h>

#include "base/buf.h"
#include "base/diag.h"
#include "dialects/dialect.h"
#include "dialects/fields.h"

/*
 * Finds the end of a tmpfiles word: white space outside quotes, where a
 * backslash always takes the next byte with it (fields_split's).
 */
int tmpfiles_word(const char *line, size_t len, size_t *i,
    struct dt_diag *d);

/*
 * The word w unescaped into dst (cap bytes; *n its whole length), its
 * quotes taken away when quotes is set: 0, or -1 for a bad escape.
 */
int tmpfiles_unescape_word(struct fields_span w, bool quotes, char *dst,
    size_t cap, size_t *n, struct dt_diag *d);

/*
 * s (len bytes, unescaped) with its specifiers expanded into out (cap
 * bytes): see tmpfiles_text.c.  0, or -1 for an unknown specifier; *why
 * names one that has no value here.
 */
int tmpfiles_expand(const char *s, size_t len, const struct dialect_run *run,
    const char *what, char *out, size_t cap, size_t *outlen,
    const char **why, struct dt_diag *d);

/* A field (what) unescaped into buf (FIELDS_TEXT_MAX bytes): 0 or -1. */
int tmpfiles_field_unescape(struct fields_span w, char *buf,
    const char *what, struct dt_diag *d);

/* A path, or an L line's argument (arg), as systemd-tmpfiles reads it. */
void tmpfiles_put_text(struct dt_buf *out, const char *s, bool arg);

#endif
