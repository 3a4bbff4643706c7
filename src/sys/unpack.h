/*
 * unpack.h - one compressed stream of an initramfs, decoded as the
 * kernel's decompressors read one (init/initramfs.c hands each to
 * decompress_method()'s choice, lib/decompress_*.c): it ends where its
 * own format says, so that the byte after it is the next member's.  A
 * gzip member, a bzip2 or xz stream, an lzma stream (its size or its end
 * marker), a zstd frame, lz4's legacy chunks up to zeros or the input's
 * end.  The libraries are libarchive's own (zlib, libbz2, liblzma,
 * libzstd, liblz4), loaded on first use as la.c loads libarchive; it
 * prints nothing.
 */
#ifndef DEVTOOL_UNPACK_H
#define DEVTOOL_UNPACK_H

#include <stdbool.h>
#include <stddef.h>

#include "base/diag.h"

/* decompress_method()'s methods, by their first two bytes. */
enum unpack_method {
	UNPACK_NONE = 0,
	UNPACK_GZIP,		/* 1f 8b, 1f 9e */
	UNPACK_BZIP2,		/* 42 5a ("BZ") */
	UNPACK_LZMA,		/* 5d 00 */
	UNPACK_XZ,		/* fd 37 */
	UNPACK_LZO,		/* 89 4c: not decoded here */
	UNPACK_LZ4,		/* 02 21: the legacy format */
	UNPACK_ZSTD,		/* 28 b5 */
};

/*
 * The method whose magic the n bytes at p begin with (n >= 2), its name
 * ("gzip") in *name; UNPACK_NONE when none.
 */
enum unpack_method unpack_method(const unsigned char *p, size_t n,
    const char **name);

/* Whether devtool decodes m itself (all but lzo). */
bool unpack_decodes(enum unpack_method m);

struct unpack;

/* A decoder of m: NULL with why in d (its library cannot be loaded). */
struct unpack *unpack_new(enum unpack_method m, struct dt_diag *d);

/*
 * Decodes: takes bytes of in (n of them, *used says how many) and gives
 * at most cap bytes into out (*made).  1 at the stream's end, when
 * everything is given (no byte after it is taken); 0 for more (in again
 * from *used on, with more input once all of it was taken); -1 with why
 * in d.  end says that the input ends after these n bytes: a stream that
 * does not end within them is truncated.
 */
int unpack_step(struct unpack *u, const unsigned char *in, size_t n,
    bool end, size_t *used, unsigned char *out, size_t cap, size_t *made,
    struct dt_diag *d);

void unpack_free(struct unpack *u);

#endif
