/*
 * fuzz_gen_init_cpio.c - the gen_init_cpio reader and writer (src/spec*.c): see fuzz_spec.h.
 */
#define DIALECT &gen_init_cpio_dialect
#include "fuzz_spec.h"
