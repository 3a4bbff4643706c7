/*
 * fuzz_mtree.c - the mtree reader and writer (src/spec*.c): see fuzz_spec.h.
 */
#define DIALECT &mtree_dialect
#include "fuzz_spec.h"
