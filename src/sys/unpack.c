/*
 * unpack.c - one compressed stream of an initramfs (unpack.h), decoded
 * with the library of its format, each loaded on first use.
 */
#include <assert.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <bzlib.h>
#include <lzma.h>
#define ZLIB_CONST	/* next_in is const */
#include <zlib.h>

#include "base/dlib.h"
#include "sys/unpack.h"

/*
 * zstd's and lz4's stable API, as zstd.h and lz4.h declare it: their
 * libraries are libarchive13's own dependencies (libzstd1, liblz4-1),
 * and these few functions do not need their -dev packages.
 */
typedef struct ZSTD_DCtx_s ZSTD_DStream;
typedef struct {
	const void *src;
	size_t size;
	size_t pos;
} ZSTD_inBuffer;
typedef struct {
	void *dst;
	size_t size;
	size_t pos;
} ZSTD_outBuffer;
ZSTD_DStream *ZSTD_createDStream(void);
size_t ZSTD_freeDStream(ZSTD_DStream *zds);
size_t ZSTD_decompressStream(ZSTD_DStream *zds, ZSTD_outBuffer *output,
    ZSTD_inBuffer *input);
unsigned ZSTD_isError(size_t code);
const char *ZSTD_getErrorName(size_t code);
int LZ4_decompress_safe(const char *src, char *dst, int compressed_size,
    int dst_capacity);

/* The libraries, by the sonames of Debian 12's packages. */
enum lib { L_Z, L_BZ2, L_LZMA, L_ZSTD, L_LZ4, L_N };

static const char *const sonames[L_N] = {
	"libz.so.1", "libbz2.so.1.0", "liblzma.so.5", "libzstd.so.1",
	"liblz4.so.1",
};

#define FUNCTIONS(X) \
	X(L_Z, inflateInit2_) X(L_Z, inflate) X(L_Z, inflateEnd) \
	X(L_BZ2, BZ2_bzDecompressInit) X(L_BZ2, BZ2_bzDecompress) \
	X(L_BZ2, BZ2_bzDecompressEnd) \
	X(L_LZMA, lzma_stream_decoder) X(L_LZMA, lzma_alone_decoder) \
	X(L_LZMA, lzma_code) X(L_LZMA, lzma_end) \
	X(L_ZSTD, ZSTD_createDStream) X(L_ZSTD, ZSTD_freeDStream) \
	X(L_ZSTD, ZSTD_decompressStream) X(L_ZSTD, ZSTD_isError) \
	X(L_ZSTD, ZSTD_getErrorName) \
	X(L_LZ4, LZ4_decompress_safe)

#define DEFINE(l, f) static __typeof__(f) *p_##f;
FUNCTIONS(DEFINE)
#undef DEFINE

/* Loads library l and its functions once: 0, or -1 with why in d. */
static int
load_lib(enum lib l, struct dt_diag *d)
{
	/*
	 * The process's, as the dynamic linker's own state: a library is
	 * loaded once for the whole run (docs/DESIGN.md, "State that is
	 * global"), and its entry points stay until exit.
	 */
	static bool loaded[L_N];
	void *h;

	if (loaded[l])
		return 0;
	if ((h = dt_dlib_open(sonames[l], sonames[l], d)) == NULL)
		return -1;
#define FIND(lib, f) \
	if ((lib) == l && DT_DLIB_FIND(h, sonames[l], #f, p_##f, d) != 0) \
		return -1;
	FUNCTIONS(FIND)
#undef FIND
	loaded[l] = true;
	return 0;
}

static const struct {
	unsigned char magic[2];
	enum unpack_method m;
	char name[8];
	enum lib lib;
} methods[] = {
	{ { 0x1f, 0x8b }, UNPACK_GZIP, "gzip", L_Z },
	{ { 0x1f, 0x9e }, UNPACK_GZIP, "gzip", L_Z },
	{ { 0x42, 0x5a }, UNPACK_BZIP2, "bzip2", L_BZ2 },
	{ { 0x5d, 0x00 }, UNPACK_LZMA, "lzma", L_LZMA },
	{ { 0xfd, 0x37 }, UNPACK_XZ, "xz", L_LZMA },
	{ { 0x89, 0x4c }, UNPACK_LZO, "lzo", L_N },
	{ { 0x02, 0x21 }, UNPACK_LZ4, "lz4", L_LZ4 },
	{ { 0x28, 0xb5 }, UNPACK_ZSTD, "zstd", L_ZSTD },
};

#define NMETHODS (sizeof(methods) / sizeof(methods[0]))

enum unpack_method
unpack_method(const unsigned char *p, size_t n, const char **name)
{
	assert(p != NULL && name != NULL);
	*name = NULL;
	for (size_t i = 0; n >= 2 && i < NMETHODS; i++)
		if (memcmp(p, methods[i].magic, 2) == 0) {
			*name = methods[i].name;
			return methods[i].m;
		}
	return UNPACK_NONE;
}

bool
unpack_decodes(enum unpack_method m)
{
	return m != UNPACK_NONE && m != UNPACK_LZO;
}

/*
 * lz4's legacy format, as the kernel's unlz4 reads it: a magic number,
 * then chunks, each its compressed size (32 bits, little-endian) and
 * then the chunk, which decodes to at most 8 MiB; the magic again is
 * skipped; a size of 0 (zeros after the stream) or the input's end ends
 * it.
 */
#define LZ4_MAGIC 0x184c2102u
#define LZ4_CHUNK (8u << 20)
#define LZ4_BOUND (LZ4_CHUNK + LZ4_CHUNK / 255 + 16)	/* compressBound */

enum lz4_state { LZ4_HEAD, LZ4_SIZE, LZ4_DATA, LZ4_OUT };

/*
 * Decoding in steps: an xz or lzma stream may ask for 1 GiB at most
 * (its dictionary), a hostile header no more.
 */
#define XZ_MEMLIMIT (1ull << 30)

struct unpack {
	enum unpack_method m;
	const char *name;
	union {
		z_stream z;
		bz_stream bz;
		lzma_stream xz;
		ZSTD_DStream *zs;
	} s;
	bool started;
	/* lz4 */
	enum lz4_state state;
	unsigned char word[4];
	size_t word_n;
	unsigned char *chunk, *plain;	/* LZ4_BOUND and LZ4_CHUNK bytes */
	size_t want, have;		/* of the chunk */
	size_t plain_n, plain_at;	/* of what it decoded to */
};

struct unpack *
unpack_new(enum unpack_method m, struct dt_diag *d)
{
	struct unpack *u;
	size_t i;
	int rc = 0;

	for (i = 0; i < NMETHODS && methods[i].m != m; i++)
		;
	assert(i < NMETHODS);
	if (!unpack_decodes(m)) {
		dt_say(d, "%s, which devtool does not decode", methods[i].name);
		return NULL;
	}
	if (load_lib(methods[i].lib, d) != 0)
		return NULL;
	if ((u = calloc(1, sizeof(*u))) == NULL) {
		dt_say(d, "out of memory");
		return NULL;
	}
	u->m = m;
	u->name = methods[i].name;
	switch (m) {
	case UNPACK_GZIP:	/* one gzip member: windowBits 15, +16 */
		rc = p_inflateInit2_(&u->s.z, 15 + 16, ZLIB_VERSION,
		    (int)sizeof(z_stream)) == Z_OK ? 0 : -1;
		break;
	case UNPACK_BZIP2:
		rc = p_BZ2_bzDecompressInit(&u->s.bz, 0, 0) == BZ_OK ? 0 : -1;
		break;
	case UNPACK_XZ:		/* one stream: not LZMA_CONCATENATED */
		u->s.xz = (lzma_stream)LZMA_STREAM_INIT;
		rc = p_lzma_stream_decoder(&u->s.xz, XZ_MEMLIMIT, 0) ==
		    LZMA_OK ? 0 : -1;
		break;
	case UNPACK_LZMA:
		u->s.xz = (lzma_stream)LZMA_STREAM_INIT;
		rc = p_lzma_alone_decoder(&u->s.xz, XZ_MEMLIMIT) == LZMA_OK ?
		    0 : -1;
		break;
	case UNPACK_ZSTD:
		rc = (u->s.zs = p_ZSTD_createDStream()) != NULL ? 0 : -1;
		break;
	default:
		break;
	}
	if (rc != 0) {
		dt_say(d, "%s: cannot start its decoder (out of memory)",
		    u->name);
		free(u);
		return NULL;
	}
	u->started = true;
	return u;
}

void
unpack_free(struct unpack *u)
{
	if (u == NULL)
		return;
	switch (u->m) {
	case UNPACK_GZIP:
		p_inflateEnd(&u->s.z);
		break;
	case UNPACK_BZIP2:
		p_BZ2_bzDecompressEnd(&u->s.bz);
		break;
	case UNPACK_XZ:
	case UNPACK_LZMA:
		p_lzma_end(&u->s.xz);
		break;
	case UNPACK_ZSTD:
		p_ZSTD_freeDStream(u->s.zs);
		break;
	default:
		break;
	}
	free(u->chunk);
	free(u->plain);
	free(u);
}

static int
step_gzip(struct unpack *u, const unsigned char *in, size_t n,
    size_t *used, unsigned char *out, size_t cap, size_t *made,
    struct dt_diag *d)
{
	z_stream *z = &u->s.z;
	int rc;

	z->next_in = in;
	z->avail_in = n > UINT32_MAX ? UINT32_MAX : (uInt)n;
	z->next_out = out;
	z->avail_out = cap > UINT32_MAX ? UINT32_MAX : (uInt)cap;
	rc = p_inflate(z, Z_NO_FLUSH);
	*used = (size_t)(z->next_in - in);
	*made = (size_t)(z->next_out - out);
	if (rc == Z_STREAM_END)
		return 1;
	if (rc == Z_OK || rc == Z_BUF_ERROR)
		return 0;
	return dt_error(d, "gzip: %s", z->msg != NULL ? z->msg :
	    "corrupt data");
}

static int
step_bzip2(struct unpack *u, const unsigned char *in, size_t n,
    size_t *used, unsigned char *out, size_t cap, size_t *made,
    struct dt_diag *d)
{
	bz_stream *b = &u->s.bz;
	int rc;

	b->next_in = (char *)in;	/* libbz2 reads it only */
	b->avail_in = n > UINT32_MAX ? UINT32_MAX : (unsigned)n;
	b->next_out = (char *)out;
	b->avail_out = cap > UINT32_MAX ? UINT32_MAX : (unsigned)cap;
	rc = p_BZ2_bzDecompress(b);
	*used = (size_t)((const unsigned char *)b->next_in - in);
	*made = (size_t)((unsigned char *)b->next_out - out);
	if (rc == BZ_STREAM_END)
		return 1;
	if (rc == BZ_OK)
		return 0;
	return dt_error(d, "bzip2: %s", rc == BZ_MEM_ERROR ?
	    "out of memory" : "corrupt data");
}

static int
step_xz(struct unpack *u, const unsigned char *in, size_t n, bool end,
    size_t *used, unsigned char *out, size_t cap, size_t *made,
    struct dt_diag *d)
{
	lzma_stream *s = &u->s.xz;
	lzma_ret rc;

	s->next_in = in;
	s->avail_in = n;
	s->next_out = out;
	s->avail_out = cap;
	rc = p_lzma_code(s, end ? LZMA_FINISH : LZMA_RUN);
	*used = (size_t)(s->next_in - in);
	*made = (size_t)(s->next_out - out);
	if (rc == LZMA_STREAM_END)
		return 1;
	if (rc == LZMA_OK || rc == LZMA_BUF_ERROR)
		return 0;
	return dt_error(d, "%s: %s", u->name, rc == LZMA_MEMLIMIT_ERROR ?
	    "its dictionary needs more than 1 GiB" : rc == LZMA_MEM_ERROR ?
	    "out of memory" : rc == LZMA_FORMAT_ERROR ? "not its format" :
	    rc == LZMA_OPTIONS_ERROR ? "options devtool's liblzma does not "
	    "know" : "corrupt data");
}

static int
step_zstd(struct unpack *u, const unsigned char *in, size_t n,
    size_t *used, unsigned char *out, size_t cap, size_t *made,
    struct dt_diag *d)
{
	ZSTD_inBuffer i = { in, n, 0 };
	ZSTD_outBuffer o = { out, cap, 0 };
	size_t rc = p_ZSTD_decompressStream(u->s.zs, &o, &i);

	*used = i.pos;
	*made = o.pos;
	if (p_ZSTD_isError(rc))
		return dt_error(d, "zstd: %s", p_ZSTD_getErrorName(rc));
	/* 0: the frame is decoded and all of it given */
	return rc == 0 ? 1 : 0;
}

/* Takes up to want - *have bytes of in into buf: whether it has all. */
static bool
gather(unsigned char *buf, size_t *have, size_t want,
    const unsigned char *in, size_t n, size_t *at)
{
	size_t k = want - *have < n - *at ? want - *have : n - *at;

	memcpy(buf + *have, in + *at, k);
	*have += k;
	*at += k;
	return *have == want;
}

static uint32_t
le32(const unsigned char *p)
{
	return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 |
	    (uint32_t)p[3] << 24;
}

static int
step_lz4(struct unpack *u, const unsigned char *in, size_t n, bool end,
    size_t *used, unsigned char *out, size_t cap, size_t *made,
    struct dt_diag *d)
{
	size_t at = 0, k;
	uint32_t size;
	int got;

	*made = 0;
	for (;;) {
		switch (u->state) {
		case LZ4_HEAD:
		case LZ4_SIZE:
			if (u->state == LZ4_SIZE && u->word_n == 0 && at == n &&
			    end) {	/* the input's end ends it */
				*used = at;
				return 1;
			}
			if (!gather(u->word, &u->word_n, 4, in, n, &at))
				goto more;
			u->word_n = 0;
			size = le32(u->word);
			if (u->state == LZ4_HEAD && size != LZ4_MAGIC)
				return dt_error(d, "lz4: not the legacy "
				    "format (lz4 -l) the kernel reads");
			if (u->state == LZ4_HEAD || size == LZ4_MAGIC) {
				u->state = LZ4_SIZE;
				continue;
			}
			if (size == 0) {	/* zeros: the end */
				*used = at;
				return 1;
			}
			if (size > LZ4_BOUND)
				return dt_error(d, "lz4: a chunk of %lu bytes, "
				    "more than the legacy format's %u",
				    (unsigned long)size, LZ4_BOUND);
			if ((u->chunk == NULL && (u->chunk =
			    malloc(LZ4_BOUND)) == NULL) || (u->plain == NULL &&
			    (u->plain = malloc(LZ4_CHUNK)) == NULL))
				return dt_error(d, "out of memory");
			u->want = size;
			u->have = 0;
			u->state = LZ4_DATA;
			continue;
		case LZ4_DATA:
			if (!gather(u->chunk, &u->have, u->want, in, n, &at))
				goto more;
			got = p_LZ4_decompress_safe((const char *)u->chunk,
			    (char *)u->plain, (int)u->want, (int)LZ4_CHUNK);
			if (got < 0)
				return dt_error(d, "lz4: corrupt data");
			u->plain_n = (size_t)got;
			u->plain_at = 0;
			u->state = LZ4_OUT;
			continue;
		case LZ4_OUT:
			k = u->plain_n - u->plain_at < cap - *made ?
			    u->plain_n - u->plain_at : cap - *made;
			memcpy(out + *made, u->plain + u->plain_at, k);
			u->plain_at += k;
			*made += k;
			if (u->plain_at < u->plain_n) {
				*used = at;
				return 0;
			}
			u->state = LZ4_SIZE;
			continue;
		}
	}
more:
	*used = at;
	return 0;
}

int
unpack_step(struct unpack *u, const unsigned char *in, size_t n, bool end,
    size_t *used, unsigned char *out, size_t cap, size_t *made,
    struct dt_diag *d)
{
	int rc;

	assert(u != NULL && u->started && (in != NULL || n == 0) &&
	    used != NULL && out != NULL && cap > 0 && made != NULL);
	switch (u->m) {
	case UNPACK_GZIP:
		rc = step_gzip(u, in, n, used, out, cap, made, d);
		break;
	case UNPACK_BZIP2:
		rc = step_bzip2(u, in, n, used, out, cap, made, d);
		break;
	case UNPACK_XZ:
	case UNPACK_LZMA:
		rc = step_xz(u, in, n, end, used, out, cap, made, d);
		break;
	case UNPACK_ZSTD:
		rc = step_zstd(u, in, n, used, out, cap, made, d);
		break;
	default:
		rc = step_lz4(u, in, n, end, used, out, cap, made, d);
		break;
	}
	/* all of the input taken, room left, and not the end: truncated */
	if (rc == 0 && end && *used == n && *made < cap)
		return dt_error(d, "%s: the stream is cut short", u->name);
	return rc;
}
