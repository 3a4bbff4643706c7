/*
 * types.h - the one table of entry types: devtool's own letters for them
 * (those of makedevs and tmpfiles.d(5) where they have one; a dialect
 * that spells one otherwise, as tmpfiles's L for 'l', maps it in its
 * own file), what they mean to the kernel and what they are called in
 * messages.  Kept apart from entry.h so that node.c,
 * which also includes <search.h> (its own struct entry), can use it.
 * The table is in entry.c.  Pure.
 */
#ifndef DEVTOOL_TYPES_H
#define DEVTOOL_TYPES_H

#include <sys/types.h>

#include <stdbool.h>

struct entry_type {
	const char *noun;	/* "character device" */
	mode_t ifmt;		/* S_IFCHR ... */
	char letter;
	bool numbers;		/* has MAJOR and MINOR */
};

const struct entry_type *entry_type_of(char letter);	/* NULL: none */
const struct entry_type *entry_type_of_mode(mode_t mode);	/* NULL: none */

#endif
