/*
 * fuzz_mtree.c - the mtree reader and writer (src/spec*.c): see fuzz_spec.h.
 */
#define DIALECT TABLE_MTREE
#include "fuzz_spec.h"
