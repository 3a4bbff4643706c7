/*
 * la_sink.c - where libarchive's bytes go (la.h): a descriptor, through
 * an xz compressor of our own when asked.  libarchive's xz writer has no
 * option for the check and always writes CRC64, which the kernel's
 * initramfs decoder (lib/xz) does not know; this one writes CRC32, as
 * the kernel's own usr/Makefile asks of xz.
 */
#include <sys/stat.h>

#include <assert.h>
#include <errno.h>
#include <string.h>
#include <unistd.h>

#include "sys/la.h"

/*
 * errno's text as the archive's error, and the sink's (libarchive does
 * not look at what its close callback returns); -1 as callbacks fail.
 */
static int
sink_error(struct archive *a, struct la_sink *s, int error)
{
	la_archive_set_error(a, error, "%s", strerror(error));
	if (s->error == 0)
		s->error = error;
	return -1;
}

static int
write_all(struct archive *a, struct la_sink *s, const uint8_t *p, size_t n)
{
	while (n > 0) {
		ssize_t w = write(s->fd, p, n);

		if (w < 0 && errno == EINTR)
			continue;
		if (w <= 0)
			return sink_error(a, s, w < 0 ? errno : EIO);
		p += w;
		n -= (size_t)w;
	}
	return 0;
}

/* Feeds what is in s->z through xz, writing what comes out. */
static int
xz_run(struct archive *a, struct la_sink *s, lzma_action action)
{
	lzma_ret r;

	do {
		s->z.next_out = s->buf;
		s->z.avail_out = sizeof(s->buf);
		r = la_lzma_code(&s->z, action);
		if (r != LZMA_OK && r != LZMA_STREAM_END)
			return sink_error(a, s, r == LZMA_MEM_ERROR ? ENOMEM :
			    EINVAL);
		if (write_all(a, s, s->buf, sizeof(s->buf) -
		    s->z.avail_out) != 0)
			return -1;
	} while (action == LZMA_FINISH ? r != LZMA_STREAM_END :
	    s->z.avail_in > 0 || s->z.avail_out == 0);
	return 0;
}

/*
 * The last block is padded whole, as archive_write_open_fd pads it, for
 * a device, a FIFO or standard output; a compressed stream never is: the
 * readers of zstd and lzma take no zeros after it.
 */
static int
sink_open(struct archive *a, void *ctx)
{
	struct la_sink *s = ctx;
	struct stat st;
	bool pad;

	if (fstat(s->fd, &st) != 0) {
		sink_error(a, s, errno);
		return ARCHIVE_FATAL;
	}
	pad = !s->xz && !s->compressed && (S_ISCHR(st.st_mode) ||
	    S_ISBLK(st.st_mode) || S_ISFIFO(st.st_mode) ||
	    s->fd == STDOUT_FILENO);
	la_archive_write_set_bytes_in_last_block(a, pad ? 0 : 1);
	if (s->xz && la_lzma_easy_encoder(&s->z, LZMA_PRESET_DEFAULT,
	    LZMA_CHECK_CRC32) != LZMA_OK) {
		sink_error(a, s, ENOMEM);
		return ARCHIVE_FATAL;
	}
	return ARCHIVE_OK;
}

static la_ssize_t
sink_write(struct archive *a, void *ctx, const void *buf, size_t n)
{
	struct la_sink *s = ctx;

	if (s->discard)
		return (la_ssize_t)n;
	if (!s->xz)
		return write_all(a, s, buf, n) == 0 ? (la_ssize_t)n : -1;
	s->z.next_in = buf;
	s->z.avail_in = n;
	return xz_run(a, s, LZMA_RUN) == 0 ? (la_ssize_t)n : -1;
}

static int
sink_close(struct archive *a, void *ctx)
{
	struct la_sink *s = ctx;

	if (s->xz && !s->discard && xz_run(a, s, LZMA_FINISH) != 0)
		return ARCHIVE_FATAL;
	return ARCHIVE_OK;
}

int
la_sink_open(struct archive *a, struct la_sink *s, struct dt_diag *d)
{
	assert(a != NULL && s != NULL && s->fd >= 0);
	s->z = (lzma_stream)LZMA_STREAM_INIT;
	s->error = 0;
	s->discard = false;
	if (la_archive_write_open2(a, s, sink_open, sink_write, sink_close,
	    NULL) != ARCHIVE_OK)
		return dt_error(d, "%s", la_archive_error_string(a));
	return 0;
}

int
la_sink_close(struct archive *a, struct la_sink *s, struct dt_diag *d)
{
	assert(a != NULL && s != NULL);
	if (la_archive_write_close(a) != ARCHIVE_OK || s->error != 0)
		return dt_error(d, "%s", s->error != 0 ? strerror(s->error) :
		    la_archive_error_string(a));
	return 0;
}

void
la_sink_abandon(struct archive *a, struct la_sink *s)
{
	assert(a != NULL && s != NULL);
	s->discard = true;
	(void)la_archive_write_close(a);
}

void
la_sink_end(struct la_sink *s)
{
	assert(s != NULL);
	la_lzma_end(&s->z);
}
