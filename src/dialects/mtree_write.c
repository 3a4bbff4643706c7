/*
 * mtree_write.c - the mtree dialect's writer (mtree.c reads): an entry as
 * one spec line NetBSD's mtree -f and libarchive read, names vis(3)-
 * encoded.  See the man page, "The mtree dialect".
 */
#include <assert.h>
#include <string.h>

#include "dialects/fields.h"
#include "dialects/mtree.h"

/* The type= words; here, as the reader calls the writer's file only. */
static const struct {
	char word[8];
	char type;
} types[] = {
	{ "block", 'b' }, { "char", 'c' }, { "dir", 'd' }, { "fifo", 'p' },
	{ "file", 'f' }, { "link", 'l' }, { "socket", 's' },
};

#define NTYPES (sizeof(types) / sizeof(types[0]))

const char *
mtree_type_word(char type)
{
	for (size_t i = 0; i < NTYPES; i++)
		if (types[i].type == type)
			return types[i].word;
	return "?";
}

char
mtree_type_letter(const char *word)
{
	for (size_t i = 0; i < NTYPES; i++)
		if (strcmp(types[i].word, word) == 0)
			return types[i].type;
	return '\0';
}

/*
 * vis(3) for mtree: what is not a printable ASCII word, as \ooo; also
 * '#' (a comment to NetBSD's fparseln), '=', glob characters (NetBSD
 * matches them) and '"' (a pseudo name's quote, to detection).
 */
static void
put_vis(struct dt_buf *out, const char *s)
{
	for (const unsigned char *u = (const unsigned char *)s; *u != '\0';
	    u++)
		if (*u <= ' ' || *u >= 0x7f || strchr("#=\\*?[\"", *u) != NULL) {
			dt_buf_addc(out, '\\');
			dt_buf_addo(out, *u, 3);
		} else
			dt_buf_addc(out, (char)*u);
}

/* " KEY=" and a name (vis'd), or " KEY=" and an id. */
static void
put_owner(struct dt_buf *out, const char *name, const char *name_key,
    uintmax_t id, const char *id_key)
{
	dt_buf_addc(out, ' ');
	if (name != NULL) {
		dt_buf_adds(out, name_key);
		put_vis(out, name);
	} else {
		dt_buf_adds(out, id_key);
		dt_buf_addu(out, id);
	}
}

int
mtree_write(const struct entry *e, const char *note, struct dt_buf *out,
    struct dt_diag *d)
{
	assert(note == NULL);	/* dialect.h: not DIALECT_NOTE_WRITER */
	if (fields_no_ranges(e, "an mtree spec", d) != 0)
		return -1;
	dt_buf_addc(out, '.');
	put_vis(out, strcmp(e->path, "/") == 0 ? "" : e->path);
	dt_buf_adds(out, " type=");
	dt_buf_adds(out, mtree_type_word(e->type));
	dt_buf_adds(out, " mode=");
	dt_buf_addo(out, e->mode, 4);
	put_owner(out, e->user, "uname=", e->uid, "uid=");
	put_owner(out, e->group, "gname=", e->gid, "gid=");
	if (e->type == 'l') {
		dt_buf_adds(out, " link=");
		put_vis(out, e->target);
	} else if (entry_has_numbers(e)) {
		dt_buf_adds(out, " device=native,");
		dt_buf_addu(out, e->major);
		dt_buf_addc(out, ',');
		dt_buf_addu(out, e->minor);
	}
	if (e->nochange && e->type != 'l')
		dt_buf_adds(out, " nochange");
	return 0;
}
