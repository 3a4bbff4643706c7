/*
 * fuzz_pseudo.c - the pseudo reader and writer (src/spec*.c): see fuzz_spec.h.
 */
#define DIALECT &pseudo_dialect
#include "fuzz_spec.h"
