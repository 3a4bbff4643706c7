/*
 * la.h - libarchive, loaded when an archive is first used (dlopen), not
 * at start-up: it and the fourteen libraries it needs would make every
 * devtool run three times slower to start (make bench, start-up).  Each
 * function devtool calls is reached through la_NAME, a pointer of the
 * real function's type, so the compiler checks every call as usual.
 */
#ifndef DEVTOOL_LA_H
#define DEVTOOL_LA_H

#include <archive.h>
#include <archive_entry.h>
#include <lzma.h>
#include <stdbool.h>
#include <stdint.h>

#include "base/diag.h"

#define LA_FUNCTIONS(X) \
	X(archive_entry_clear) X(archive_entry_copy_pathname) \
	X(archive_entry_copy_hardlink) X(archive_write_data) \
	X(archive_entry_copy_symlink) X(archive_entry_symlink) \
	X(archive_entry_filetype) X(archive_entry_free) \
	X(archive_entry_gid) X(archive_entry_new) X(archive_entry_pathname) \
	X(archive_entry_perm) X(archive_entry_rdevmajor) \
	X(archive_entry_rdevminor) X(archive_entry_set_filetype) \
	X(archive_entry_set_gid) X(archive_entry_set_ino) \
	X(archive_entry_set_mtime) X(archive_entry_set_nlink) \
	X(archive_entry_set_perm) X(archive_entry_set_rdevmajor) \
	X(archive_entry_set_rdevminor) X(archive_entry_set_size) \
	X(archive_entry_set_uid) X(archive_entry_uid) X(archive_error_string) \
	X(archive_read_free) X(archive_read_new) X(archive_read_next_header) \
	X(archive_read_open_fd) X(archive_read_open_filename) \
	X(archive_read_support_filter_all) X(archive_read_support_format_all) \
	X(archive_read_open) X(archive_read_data) X(archive_filter_code) \
	X(archive_filter_bytes) X(archive_format) \
	X(archive_read_support_format_raw) X(archive_read_support_format_cpio) \
	X(archive_write_add_filter_by_name) X(archive_write_close) \
	X(archive_write_free) X(archive_write_header) \
	X(archive_write_new) X(archive_write_open2) X(archive_set_error) \
	X(archive_write_set_bytes_in_last_block) \
	X(archive_write_set_bytes_per_block) \
	X(archive_write_set_format_by_name) X(archive_write_set_options)

/*
 * liblzma (libarchive's own dependency, so already loaded with it), for
 * xz with a CRC32 check: libarchive's xz writer always asks for CRC64,
 * which the kernel's initramfs decoder refuses.
 */
#define LZMA_FUNCTIONS(X) X(lzma_code) X(lzma_easy_encoder) X(lzma_end)

#define LA_DECLARE(f) extern __typeof__(f) *la_##f;
LA_FUNCTIONS(LA_DECLARE)
LZMA_FUNCTIONS(LA_DECLARE)
#undef LA_DECLARE

/* Loads libarchive and liblzma once: 0, or -1 with the reason in d. */
int la_load(struct dt_diag *d);

/*
 * Where an archive's bytes go (la_sink.c): fd, and with xz set through an
 * xz compressor with a CRC32 check.  compressed says that libarchive
 * compresses (a filter): then, as with xz, nothing pads the stream.  A
 * write error is the archive's (archive_error_string), with errno's text.
 */
#define LA_SINK_BUF 65536
struct la_sink {
	int fd;
	bool xz;
	bool compressed;
	int error;		/* errno of the first write that failed */
	bool discard;		/* abandoned: what comes is dropped */
	lzma_stream z;
	uint8_t buf[LA_SINK_BUF];
};

/* Opens a to write into s: 0, or -1 with the reason in d. */
int la_sink_open(struct archive *a, struct la_sink *s, struct dt_diag *d);
/*
 * Closes a, its last bytes written: 0, or -1 with the reason in d (also
 * when only the close callback failed, which libarchive does not say).
 */
int la_sink_close(struct archive *a, struct la_sink *s, struct dt_diag *d);
/*
 * Closes a as incomplete: what it still writes (the rest of its last
 * block, its trailer) goes nowhere.  (Only a close frees what
 * libarchive 3.6 holds for its writer: archive_write_fail would leak it.)
 */
void la_sink_abandon(struct archive *a, struct la_sink *s);
/* Frees what xz holds. */
void la_sink_end(struct la_sink *s);

#endif
