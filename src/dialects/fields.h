/*
 * fields.h - the image builders' spec dialects, read and written: mtree(5)
 * (mtree.c), the kernel's gen_init_cpio list (gen_init_cpio.c) and
 * mksquashfs's pseudo definitions (pseudo.c).  They are values of
 * enum table_dialect; table.c hands them here (docs/DESIGN.md, "How to
 * add a dialect").
 *
 * Pure like table.h.  Unlike makedevs and tmpfiles an mtree spec has
 * state from line to line (/set, the directory a relative name is in, a
 * line continued with a backslash), so a reader is a struct spec_reader
 * fed one line at a time, then told the input ended.
 */
#ifndef DEVTOOL_FIELDS_H
#define DEVTOOL_FIELDS_H

#include <stdbool.h>
#include <stddef.h>

#include "base/diag.h"
#include "entry/entry.h"
#include "dialects/table.h"

/* Keywords an mtree line or /set gives (mtree.c). */
struct mtree_keys {
	bool has_type, has_mode, has_uid, has_gid, has_link, has_device;
	char type;
	unsigned mode;
	uid_t uid;
	gid_t gid;
	uint64_t major, minor;
};

#define MTREE_DEPTH (PATH_MAX / 2)	/* the deepest a relative name goes */

struct spec_reader {
	enum table_dialect dialect;
	const struct table_resolver *res;
	/* mtree only: */
	struct mtree_keys set;		/* /set's defaults */
	char set_link[PATH_MAX];
	char cwd[PATH_MAX];		/* where relative names are, "" is / */
	size_t depth;			/* directories entered */
	unsigned short up[MTREE_DEPTH];	/* cwd's length before each */
	char held[TABLE_LINE_MAX];	/* a line continued with '\' */
	size_t held_len;
	unsigned long held_from;	/* its first line; 0: none */
};

void spec_begin(struct spec_reader *r, enum table_dialect dialect,
    const struct table_resolver *res);
/*
 * As table_parse_line: 1 with *out (its lineno the line the entry
 * starts on), 0 for a line that makes no entry, -1 with a message.
 */
int spec_parse_line(struct spec_reader *r, const char *line, size_t len,
    unsigned long lineno, struct entry *out, char *path, struct dt_diag *d);
/* At the end of the input: -1 with *lineno and a message when unfinished. */
int spec_end(struct spec_reader *r, unsigned long *lineno, struct dt_diag *d);

/*
 * The spec dialect a first line says, read before comments are skipped
 * (an mtree spec starts "#mtree"); TABLE_UNKNOWN when it says none.
 */
enum table_dialect spec_detect(const char *line, size_t len);

bool spec_is_spec(enum table_dialect dialect);
bool spec_holds(enum table_dialect dialect, const struct entry *e);
/* One entry as a line, into p (TABLE_LINE_MAX bytes); -1 when it cannot. */
int spec_format(enum table_dialect dialect, const struct entry *e, char *p,
    struct dt_diag *d);
/*
 * Whether a spec needs each directory its entries are in as a line of
 * its own: mksquashfs drops a pseudo entry whose directory is missing
 * without a word, the kernel's unpacker does not make parents.
 */
bool spec_needs_parents(enum table_dialect dialect);

/* The dialects' own parsers and writers. */
int mtree_parse(struct spec_reader *r, const char *line, size_t len,
    unsigned long lineno, struct entry *out, char *path, struct dt_diag *d);
int mtree_format(const struct entry *e, char *p, struct dt_diag *d);
int initramfs_parse(const char *line, size_t len, struct entry *out,
    char *path, struct dt_diag *d);
int initramfs_format(const struct entry *e, char *p, struct dt_diag *d);
int pseudo_parse(const char *line, size_t len,
    const struct table_resolver *res, struct entry *out, char *path,
    struct dt_diag *d);
int pseudo_format(const struct entry *e, char *p, struct dt_diag *d);

/* Shared by them (fields.c). */
#define SPEC_QUOTE 64		/* a quoted word in a message */
const char *spec_quote(char *dst, const char *s, size_t len);
bool spec_space(char c);
/* The next word of line[*i..len) as [*start, *i); false at a comment or end. */
bool spec_word(const char *line, size_t len, size_t *i, size_t *start);
/* A relative or absolute name (len bytes) made absolute and normal. */
int spec_path(const char *s, size_t len, char *path, struct dt_diag *d);
int spec_number(const char *s, size_t len, const char *what, uint64_t max,
    uint64_t *v, struct dt_diag *d);
int spec_mode(const char *s, size_t len, unsigned *mode, struct dt_diag *d);
int spec_ranges(const struct entry *e, const char *dialect, struct dt_diag *d);
/*
 * e becomes a link to target: its mode and owner ignored, as a tmpfiles
 * L line's (Linux gives every link 0777).
 */
void spec_link(struct entry *e, const char *target);
/* A uid or gid: decimal, at most 4294967294. */
int spec_id(const char *s, size_t len, const char *what, uint32_t *id,
    struct dt_diag *d);
/* Whether s (len bytes) is a gen_init_cpio line's first word. */
bool spec_initramfs_word(const char *s, size_t len);
/* Whether word (len bytes) is an mtree(5) keyword (mtree.c). */
bool mtree_keyword(const char *word, size_t len);

#endif
