/*
 * fuzz_pseudo.c - the pseudo reader and writer (src/spec*.c): see fuzz_spec.h.
 */
#define DIALECT TABLE_PSEUDO
#include "fuzz_spec.h"
