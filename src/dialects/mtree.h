/*
 * mtree.h - what mtree.c (the reader and the row) and mtree_write.c (the
 * writer) share; for those two files only.
 */
#ifndef DEVTOOL_MTREE_H
#define DEVTOOL_MTREE_H

#include "base/buf.h"
#include "base/diag.h"
#include "entry/entry.h"

/* The type= word of devtool's type letter ("char" for 'c'); "?" else. */
const char *mtree_type_word(char type);
/* The type letter of a type= word ('c' for "char"); '\0' else. */
char mtree_type_letter(const char *word);
/* The row's write: e as a spec line appended to out. */
int mtree_write(const struct entry *e, const char *note, struct dt_buf *out,
    struct dt_diag *d);

#endif
