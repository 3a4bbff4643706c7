/*
 * dialect.h - a device table dialect is one file behind this interface,
 * and the registry (dialect.c) is the only place that lists them
 * (docs/DESIGN.md, "Dialects").  A dialect says which first lines are
 * its own (a bid), reads lines (or a whole document) into entries,
 * writes an entry as a line, and says what it can hold.
 *
 * Pure: no file system access, no exit, no printing.  User and group
 * names go through the resolver the caller supplies (entry/ids.h).
 *
 * How to add a dialect
 *
 *  1. Copy src/dialects/skeleton.c.template to src/dialects/NAME.c and
 *     fill in its reader, writer and bid; its row is
 *     `const struct dialect NAME_dialect = { .name = "NAME", ... }', with
 *     .begin and .free_state when its reader keeps state between lines.
 *  2. Add X(NAME) to DIALECTS below, where its bid's ties are to go.
 *  That builds, and --help, the completions (which ask formats
 *  --dialects), the unit tests and the fuzzers take it from the registry
 *  (tests/newdialect.bats proves it).  3. What tests hold to the
 *  registry, by hand: the man page (DEVICE TABLES, "Telling the
 *  dialects apart", the list -o and apply -i lists), detection samples
 *  in tests/unit_table.c once it bids, a round trip in
 *  tests/roundtrip.bats.
 *
 * Nothing else names a dialect: list, apply, the table source and the
 * writers ask the row.
 *
 * Detection.  The start of the input (at least its first line) is
 * offered to the document bidders (bid_head) first.  When their winner
 * reads documents (read_document), the input is read whole, and, unless
 * -i named the dialect, the document bidders are asked again with all
 * of it: a bidder that cannot tell from a start bids SHAPE for a maybe
 * (the JSON dialects, told apart by the keys of a first object that may
 * not be in the start).  A dialect that reads lines too (json) reads a
 * document only when its bid_head bids for the start.  Otherwise each
 * line in turn, until one is claimed, is offered to every bid_line, and
 * the highest bid wins.  Equal bids go to the dialect listed first in DIALECTS: that
 * order is the documented tie-break, as libarchive's bidders have.  A
 * line no dialect bids for is skipped when it is blank or a comment, and
 * is an error otherwise.
 */
#ifndef DEVTOOL_DIALECT_H
#define DEVTOOL_DIALECT_H

#include <limits.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "base/buf.h"
#include "base/diag.h"
#include "base/text.h"
#include "entry/entry.h"
#include "entry/ids.h"

/*
 * The registry, in tie-break order.  Adding a dialect is one X(NAME)
 * here (and its file, defining NAME_dialect).
 */
#define DIALECTS(X) \
	X(makedevs) X(tmpfiles) X(mtree) X(gen_init_cpio) X(pseudo) \
	X(json) X(oci) \
	X(cgroup) X(deviceallow) X(deviceallow_groups) X(oci_allow)

/*
 * Room for what a parsed line points into: its path, then (at PATH_MAX)
 * a link's target, (at DIALECT_CONTENT) the file a gen_init_cpio file
 * line's contents are in, (at DIALECT_FIRST) a hard link's first name.
 */
#define DIALECT_CONTENT ((size_t)2 * PATH_MAX)
#define DIALECT_FIRST ((size_t)3 * PATH_MAX)
#define DIALECT_TEXT_SIZE (4 * PATH_MAX)

/*
 * The longest line a reader takes, without the newline: what a writer
 * makes of any entry a reader or a tree gives, so that what list writes,
 * apply reads.  A path and a link's target of PATH_MAX - 1 bytes each,
 * every byte escaped in at most 6 (a JSON \u00XX; mtree's \ooo and
 * tmpfiles' \xNN take 4), a note of DT_MSGLEN escaped so too, and room
 * for the other fields (owner names, 256 bytes each in a table, escaped).
 * Writers append to a growable buffer (base/buf.h) and have no limit.
 */
#define DIALECT_LINE_MAX (12 * PATH_MAX + 6 * DT_MSGLEN + 4096)

/* Bids: how sure a dialect is that a first line is its own. */
enum dialect_bid {
	DIALECT_BID_NONE = 0,
	DIALECT_BID_SHAPE = 1,	/* its fields are in the dialect's order */
	DIALECT_BID_WORD = 2,	/* a word only this dialect has */
	DIALECT_BID_MARK = 3,	/* a marker: "#mtree", a keyword line */
	DIALECT_BID_DOCUMENT = 4,	/* the input is a document of it */
};

/*
 * What a dialect can say beyond the types it holds (a conversion
 * reports what it loses by comparing these).
 */
enum dialect_can {
	DIALECT_CAN_RANGES = 1 << 0,	/* one line, many numbered nodes */
	DIALECT_CAN_NAMES = 1 << 1,	/* owners as user and group names */
	DIALECT_CAN_KEEP = 1 << 2,	/* "-": keep an existing mode, owner */
	DIALECT_CAN_REPLACE = 1 << 3,	/* replace what is there (c+) */
	DIALECT_CAN_BOOT = 1 << 4,	/* lines only for boot (c!) */
	DIALECT_CAN_RECURSIVE = 1 << 5,	/* a directory's whole tree (r) */
	DIALECT_CAN_OPTIONAL = 1 << 6,	/* a file that may be missing (F) */
	DIALECT_CAN_CAPS = 1 << 7,	/* file capabilities (|xattr), read */
	DIALECT_CAN_SETID = 1 << 8,	/* set-id and sticky mode bits */
	DIALECT_CAN_COMMENTS = 1 << 9,	/* comment lines */
	DIALECT_CAN_IGNORE = 1 << 10,	/* a failure only warned of (c-) */
	DIALECT_CAN_EXISTING_LINK = 1 << 11,	/* a link without a target:
						 * its owner (genext2fs l) */
	DIALECT_CAN_CONTENT = 1 << 12,	/* a file with its contents (and
					 * only so: gen_init_cpio file) */
};

/*
 * The entry an earlier line of the same input gave for path, or NULL: a
 * dialect whose later lines amend an entry (mtree) asks it of whoever
 * keeps the entries read so far (source_table.c).
 */
typedef const struct entry *dialect_earlier_fn(void *ctx, const char *path);
/*
 * The nth entry (from 0, in the order read) of those read so far that
 * are at path or below it, or NULL past the last: for a line that
 * amends a whole tree (tmpfiles' Z).
 */
typedef const struct entry *dialect_below_fn(void *ctx, const char *path,
    size_t nth);

/*
 * What the run tells a reader (NULL: the defaults, none of it), which
 * the table source hands to each (dialect_reader.run).  Read by the
 * tmpfiles dialect, whose lines systemd-tmpfiles reads under the same
 * options (devtool(1), "The tmpfiles dialect").
 */
struct dialect_run {
	/* a line devtool reads but does not create is an error, not left out */
	bool strict;
	/* --boot: '!' lines are used (without it, skipped as systemd does) */
	bool boot;
	/*
	 * --prefix and --exclude-prefix, NULL-terminated (NULL: none): a
	 * line for a path outside them is skipped before its owner is
	 * looked up (base/path.h, path_in_prefixes).
	 */
	const char *const *prefix, *const *exclude;
	/*
	 * The value of a specifier that comes from the system or the image
	 * (tmpfiles' %m, %b, %H, ...), or NULL when it has none there (the
	 * line is then left out, as systemd-tmpfiles skips it).
	 */
	const char *(*specifier)(void *ctx, char letter);
	void *ctx;
};

/*
 * What every line reader shares, whatever its dialect: the caller's
 * resolver, the amends and many-entries protocols below, and the
 * dialect's own state (state), which its begin allocates and its
 * free_state frees, as libarchive's formats keep their format_data.
 * Nothing here is one dialect's.
 */
struct dialect_reader {
	const struct dialect *dialect;
	const struct id_resolver *res;
	/*
	 * Set by the caller after dialect_begin, for a dialect with
	 * amends: where the entries read so far are looked up (NULL: a
	 * later line for a path is an entry of its own).  amended says
	 * that the entry the last read_line gave amends the earlier one
	 * of its path, which it is to replace (keeping its place).
	 */
	dialect_earlier_fn *earlier;
	dialect_below_fn *below;
	void *earlier_ctx;
	bool amended;
	/*
	 * A line that amends what lines after it give too (tmpfiles' z
	 * and Z, which systemd-tmpfiles applies once every line that
	 * creates was applied): read_line, given earlier, checks it,
	 * sets defer and returns 0; the caller keeps the line and, after
	 * the last table of the run (struct dialect, amends_run), reads
	 * it again with again set, when earlier and below see every
	 * entry.  A line that amends many entries (Z) gives them as a line
	 * that makes many (more and nth, below), each amended.
	 * dialect_read_line clears defer.
	 */
	bool defer, again;
	/*
	 * A line that makes more than one entry (gen_init_cpio's file line
	 * with hard links): read_line sets more to how many are left after
	 * the one it gave, and the caller calls it again with the same
	 * line, nth counting up from 0 (dialect_begin and the caller set
	 * it to 0 for a new line).
	 */
	unsigned more, nth;
	void *state;		/* the dialect's begin's; NULL: none */
	/*
	 * Set by the caller after dialect_begin (NULL: the defaults).  A
	 * reader that returns 0 for a line it read and checked but that
	 * devtool does not create sets left_out (static text naming its
	 * kind, "x" or "f+"), for the caller to count; dialect_read_line
	 * clears it.
	 */
	const struct dialect_run *run;
	const char *left_out;
};

/*
 * A document (read_document) may be at most this long: it is read whole
 * before anything is made, as apply reads every table.
 */
#define DIALECT_DOC_MAX (64u << 20)

/*
 * A whole document's entries (OCI, json as jq writes it): each element read is handed to put
 * (its path in a buffer of the reader's, valid during the call; lineno
 * set, file not), each problem to problem with the line of the element.
 */
struct dialect_doc_sink {
	void (*put)(void *ctx, const struct entry *e);
	void (*problem)(void *ctx, unsigned long line, const char *msg);
	void *ctx;
};

/* How a writer says a note (list --check's reason). */
enum dialect_note {
	DIALECT_NOTE_LINE = 0,	/* a comment line before the entry's */
	DIALECT_NOTE_TRAILING,	/* a comment after it, on its line */
	DIALECT_NOTE_WRITER,	/* the writer's own ("problem" member) */
};

struct dialect {
	const char *name;	/* as list -o and apply -i take it */
	const char *article;	/* "an" for "an oci table"; NULL: "a" */
	const char *title;	/* its name in a sentence ("OCI"); NULL: name */
	/*
	 * The types it holds, as devtool's letters (types.h), and (NULL:
	 * the same) its letter for each; extra_letters are other type
	 * letters it reads (makedevs's F and r), for messages.
	 */
	const char *types;
	const char *letters;
	const char *extra_letters;
	unsigned can;		/* enum dialect_can */
	/* What list prints before the first line and after the last. */
	const char *header, *footer;
	const char *separator;	/* after every line but the last; NULL: "" */
	/*
	 * Whether a spec needs each directory its entries are in as a line
	 * of its own: mksquashfs drops a pseudo entry whose directory is
	 * missing without a word, the kernel's unpacker makes no parents,
	 * NetBSD's mtree fails on a path whose directory no line gave.
	 */
	bool needs_parents;
	/*
	 * Whether its lines are told apart only as a table's first line,
	 * never as a second table inside another (dialect_other_reader):
	 * a pseudo line has makedevs's shape, and in a makedevs table a
	 * relative path is that table's mistake.
	 */
	bool first_line_only;
	/*
	 * Whether a later line for a path amends the entry an earlier line
	 * of the same input gave (mtree, as NetBSD's mtree and libarchive
	 * read a spec): its reader asks dialect_reader.earlier.
	 */
	bool amends;
	/*
	 * Whether those amends reach the entries of every table of the
	 * run read before, as one input (tmpfiles: systemd-tmpfiles reads
	 * all its files as one configuration): the entries are held until
	 * the run ends (source.h, end), and deferred lines are read again
	 * then (dialect_reader.defer).  Without it, each table is an input
	 * of its own (mtree).
	 */
	bool amends_run;
	enum dialect_note note;

	/* Detection (see above); NULL: never bids. */
	enum dialect_bid (*bid_head)(const char *head, size_t n);
	enum dialect_bid (*bid_line)(const char *line, size_t len);
	/*
	 * For a first line no dialect bids for: whether it would be this
	 * dialect's but for a relative path, so that its reader says what
	 * is wrong.
	 */
	bool (*looks_like)(const char *line, size_t len);

	/*
	 * A reader that keeps something from line to line (mtree: /set,
	 * the directory relative names are in, a continued line) allocates
	 * it in begin, NULL when memory ran out; the reader finds it in
	 * dialect_reader.state, and free_state frees it.  NULL begin: the
	 * dialect's lines are read each on its own.
	 */
	void *(*begin)(void);
	void (*free_state)(void *state);

	/*
	 * The line reader: 1 with *out (checked: entry_validate, through
	 * fields_line_read in a dialect of fields) and its path (and a
	 * link's target) in path (DIALECT_TEXT_SIZE bytes), 0 for a line
	 * that makes no entry, -1 with a message in d.  line has no newline
	 * and no NUL; *out is zeroed but for lineno.
	 */
	int (*read_line)(struct dialect_reader *r, const char *line,
	    size_t len, struct entry *out, char *path, struct dt_diag *d);
	/* At the end of the input: -1 with *lineno when unfinished. */
	int (*read_end)(struct dialect_reader *r, unsigned long *lineno,
	    struct dt_diag *d);
	/*
	 * A line that adds to the entry above rather than making one
	 * (makedevs's "|xattr CAPS"): 1 with the word in value (at least
	 * 256 bytes), 0 for a line that is not one, -1 for a bad one.
	 */
	int (*read_attachment)(const char *line, size_t len, char *value,
	    struct dt_diag *d);
	/* The document reader, for a dialect read whole (OCI, json). */
	void (*read_document)(const char *doc, size_t len,
	    const struct dialect_doc_sink *sink);

	/*
	 * The writer: one validated entry of a type it holds, as a line
	 * appended to out, or -1 when it cannot say it (what it appended is
	 * then the caller's to drop).  note is NULL but for
	 * DIALECT_NOTE_WRITER.
	 */
	int (*write)(const struct entry *e, const char *note,
	    struct dt_buf *out, struct dt_diag *d);
};

#define DIALECT_DECLARE(name) extern const struct dialect name##_dialect;
DIALECTS(DIALECT_DECLARE)
#undef DIALECT_DECLARE

/* The dialect of that name, or NULL. */
const struct dialect *dialect_named(const char *name);
/*
 * Their names, "makedevs, tmpfiles, ...", appended to out for a usage
 * message: each dialect's, or (readable) those that read tables.
 */
void dialect_names(struct dt_buf *out, bool readable);
/*
 * The ith dialect of the registry, in tie-break order, or NULL past the
 * last (formats --dialects, which the completions ask).
 */
const struct dialect *dialect_at(size_t i);
/* Whether d reads tables (apply -i takes it), or is only written. */
bool dialect_reads(const struct dialect *d);
/* d's name; "unknown" for NULL. */
const char *dialect_name(const struct dialect *d);
/* "a" or "an", as "an oci table". */
const char *dialect_article(const struct dialect *d);

/* The document bidders' winner for input starting with head, or NULL. */
const struct dialect *dialect_detect_head(const char *head, size_t n);
/* The line bidders' winner for one line, or NULL. */
const struct dialect *dialect_detect_line(const char *line, size_t len);
/*
 * For a line that cur, the dialect of its table, could not read: another
 * dialect that bids for it and reads it, as a first line (read by a
 * reader of its own, its path in path, DIALECT_TEXT_SIZE bytes), else
 * NULL.  The table is then two dialects mixed (devtool(1), "Telling the
 * dialects apart").  Never a dialect that is first_line_only.
 */
const struct dialect *dialect_other_reader(const struct dialect *cur,
    const char *line, size_t len, const struct id_resolver *res, char *path);
/* For a line no dialect bids for: the first that it looks like, or NULL. */
const struct dialect *dialect_looks_like(const char *line, size_t len);
/*
 * White space between words, in every dialect.  (Inline here, with
 * dialect_blank and dialect_holds, because the dialects use them too: a
 * dialect file never calls the registry, which calls each of them.)
 */
static inline bool
dialect_space(char c)
{
	/* ' ', '\t', '\n', '\v', '\f' and '\r' as bits of one mask: one
	   test for each byte of every line read */
	unsigned char u = (unsigned char)c;

	return u <= ' ' && (UINT64_C(0x100003e00) >> u & 1) != 0;
}

/*
 * The bid of a dialect whose lines open with the byte c (json's '{',
 * oci's '[', makedevs's '/'): DIALECT_BID_SHAPE when the first byte of line after white
 * space is c.
 */
static inline enum dialect_bid
dialect_bid_opening(const char *line, size_t len, char c)
{
	size_t i = 0;

	while (i < len && dialect_space(line[i]))
		i++;
	return i < len && line[i] == c ? DIALECT_BID_SHAPE : DIALECT_BID_NONE;
}

/* True for a blank or comment line (white space, then '#' or nothing). */
static inline bool
dialect_blank(const char *line, size_t len)
{
	size_t i = 0;

	while (i < len && dialect_space(line[i]))
		i++;
	return i == len || line[i] == '#';
}

/*
 * Reading: begin (0, or -1 when the dialect's state could not be
 * allocated), each line (a trailing newline allowed; a NUL is an error)
 * with its number, then end, which says whether the input stopped
 * inside something (mtree's continued line); then dialect_reader_free,
 * whether or not end was called, once for each begin that returned 0.
 * As read_line; the entry's file is the caller's to set.
 */
int dialect_begin(struct dialect_reader *r, const struct dialect *d,
    const struct id_resolver *res);
int dialect_read_line(struct dialect_reader *r, const char *line,
    size_t len, unsigned long lineno, struct entry *out, char *path,
    struct dt_diag *d);
int dialect_end(struct dialect_reader *r, unsigned long *lineno,
    struct dt_diag *d);
void dialect_reader_free(struct dialect_reader *r);
/*
 * One line read on its own, as the first of a table of dl, by a reader
 * begun and freed for it.
 */
int dialect_parse_line(const struct dialect *dl, const char *line,
    size_t len, unsigned long lineno, const struct id_resolver *res,
    struct entry *out, char *path, struct dt_diag *d);

/*
 * Whether d has a line for e's type (a link named without a target: for
 * its owner, whatever its types; a file in a dialect whose file lines
 * say where its contents are, only with them).
 */
static inline bool
dialect_holds(const struct dialect *d, const struct entry *e)
{
	if (e->existing)
		return (d->can & DIALECT_CAN_EXISTING_LINK) != 0;
	if (e->type == 'f' && (d->can & DIALECT_CAN_CONTENT) &&
	    e->content == NULL)
		return false;
	return e->type != '\0' && strchr(d->types, e->type) != NULL;
}

/*
 * The directories above path that a spec needs (needs_parents) and the
 * lines so far have not given, last being the path of the entry before
 * (sorted, a directory's entries follow it: one given is last or above
 * it): each a plain parent, 0755 root's, as apply makes one, formatted
 * and handed to put.
 */
typedef void dialect_line_fn(void *ctx, const char *line);
void dialect_parents(const struct dialect *dl, const char *last,
    const char *path, dialect_line_fn *put, void *ctx);

/*
 * Writes one entry as a line of d, without the newline, into out (what
 * it held is replaced; it is empty after a failure): 0, or -1 when d
 * cannot say it or memory ran out (message in d).  A type d holds no line for is a comment line naming it (when d has
 * comments).  With a note, as the dialect can say one: a trailing comment,
 * a comment line before the entry's, or a "problem" member; the result may
 * then hold a newline.
 */
int dialect_format(const struct dialect *dl, const struct entry *e,
    struct dt_buf *out, struct dt_diag *d);
int dialect_format_note(const struct dialect *dl, const struct entry *e,
    const char *note, struct dt_buf *out, struct dt_diag *d);

/*
 * A conversion (list --table): e as a line of dl into out (replacing what
 * it held), then read back with dl through k's names
 * (entry/ids.h), so that what the line does not say is found, whatever
 * the dialect.  0: the line says e exactly; 1: a line is in out but
 * says less, and d names what dl cannot hold ("a tmpfiles table cannot
 * hold its mode"); -1: dl has no line for e, d says why.  A range is
 * for the caller to expand (entry_expand) where dl has no ranges.
 */
/*
 * What a writer's buf says, read back with dl: 1 with *out (its path in
 * path, DIALECT_TEXT_SIZE bytes; the capabilities of makedevs's |xattr
 * lines after it in caps, which the caller frees), or -1 with d.  A
 * document dialect's line is read inside its header and footer.
 */
int dialect_read_back(const struct dialect *dl, const char *buf,
    const struct id_resolver *res, struct entry *out, char *path,
    struct dt_buf *caps, struct dt_diag *d);
int dialect_convert(const struct dialect *dl, const struct entry *e,
    struct ids_keeper *k, struct dt_buf *out, struct dt_diag *d);

#endif
