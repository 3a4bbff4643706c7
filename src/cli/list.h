/*
 * list.h - list's writer for other verbs: entries written as list writes
 * a table (list.c).
 */
#ifndef DEVTOOL_CLI_LIST_H
#define DEVTOOL_CLI_LIST_H

#include "dialects/dialect.h"
#include "entry/entry.h"

/*
 * The entries v (sorted in place, each path once) as a table of dialect
 * dl, not a rule dialect, on standard output, framed as list frames it;
 * a type dl has no line for is a comment line or left out, said once.
 * EXIT_OK, or list's failure status when a line cannot be written (said).
 */
int list_print_entries(struct entries *v, const struct dialect *dl);

#endif
