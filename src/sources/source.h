/*
 * source.h - where entries come from (docs/DESIGN.md, "The entry
 * pipeline"): a source reads an operand (a path inside a tree, a table
 * file) and hands each entry it finds to a sink, and each thing it could
 * not read to the same sink.  It prints nothing.  Adding a source is
 * adding one file that fills a struct source.
 */
#ifndef DEVTOOL_SOURCE_H
#define DEVTOOL_SOURCE_H

#include <stdbool.h>

#include "entry/entry.h"
#include "sys/root.h"
#include "dialects/dialect.h"

struct entry_sink {
	/* An entry, valid only during the call: the sink copies it. */
	void (*put)(void *ctx, const struct entry *e);
	/*
	 * What could not be read: where is a path or a FILE name, line its
	 * line (0: none), error errno's value (0: none), msg the reason
	 * (NULL: strerror(error) says it).
	 */
	void (*problem)(void *ctx, const char *where, unsigned long line,
	    int error, const char *msg);
	void *ctx;
};

struct source {
	const char *name;
	void (*read)(struct source *s, const char *operand,
	    const struct entry_sink *sink);
	void (*free)(struct source *s);
	/*
	 * After the last operand, before free (NULL: nothing to do): what
	 * the source held for the whole run (the entries of tmpfiles
	 * tables, which later tables' z and Z lines amend) to the sink.
	 */
	void (*end)(struct source *s, const struct entry_sink *sink);
};

/* s's end, when it has one. */
static inline void
source_end(struct source *s, const struct entry_sink *sink)
{
	if (s->end != NULL)
		s->end(s, sink);
}

/*
 * The tree under a path inside the root (walk.c): device nodes, FIFOs,
 * sockets and symbolic links (never followed), with dirs the
 * directories.  With one_fs, no mount point below the path is entered
 * (list -x): it is an entry, the directory mounted there, as any other.
 * NULL when out of memory.
 */
struct source *source_tree_new(struct root *r, bool dirs, bool one_fs);

/*
 * A device table file, "-" for standard input (named "<stdin>"): its
 * dialect forced, or (NULL) detected from its first line, every
 * line parsed and checked;
 * names resolved through res.  The entries' file is the name given,
 * which must outlive them.
 */
struct source *source_table_new(const struct id_resolver *res,
    const struct dialect *forced);

/*
 * For the table source: what the run tells its readers (NULL: nothing;
 * dialects/dialect.h, struct dialect_run), which must outlive the
 * source.  Its --prefix and --exclude-prefix keep the entries of every
 * dialect.
 */
void source_table_set_run(struct source *s, const struct dialect_run *run);

/*
 * The lines the tables read so far were left out for (a type devtool
 * does not create, a specifier without a value: dialect_reader.left_out),
 * each kind's count and name appended to out ("5 x, 3 q, 1 f+"), in
 * the order first met.  Returns how many lines in all.
 */
unsigned long source_table_left_out(const struct source *s,
    struct dt_buf *out);

/*
 * An archive libarchive reads (source_archive.c): its nodes and FIFOs,
 * with dirs its directories, those at or below paths (normal, as from
 * the archive's root; NULL: all).  The operand is the archive file, "-"
 * for standard input.
 */
struct source *source_archive_new(const char *const *paths, bool dirs);
/*
 * For a sink that sorts what it takes and keeps the last of each path
 * itself (list): an initramfs's members are handed on as they are read,
 * not held to hand on the last of each path, and *last is set true;
 * another archive's entries leave *last as it is.
 */
void source_archive_last_by_sink(struct source *s, bool *last);

/*
 * The nodes devtmpfs makes, as the running kernel describes them in
 * sysfs (source_kernel.c): the operand is the root of a sysfs tree (/sys,
 * or another), whose dev/char and dev/block links' uevent files are read;
 * each entry is /dev/DEVNAME with DEVMODE, DEVUID and DEVGID, or 0600
 * root's where the kernel says none.
 */
struct source *source_kernel_new(void);
/*
 * The kernel's DEVNAME of one device number (type 'c' or 'b'), read as
 * the kernel source reads every uevent (a page at most, a regular file,
 * nothing that could block): explain's names and list --check kernel's
 * audit.  false when sysfs has no such device, no DEVNAME or a file
 * that is not the kernel's, or when the name does not fit in size.
 */
bool source_kernel_devname(const char *sysfs, char type, uint64_t major,
    uint64_t minor, char *name, size_t size);

#endif
