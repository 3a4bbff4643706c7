/*
 * apply_removals.c - apply's --remove LIST read: the paths of the device
 * nodes and FIFOs to remove, checked and kept before anything is done.
 * Apart from apply.c, which makes the plan and removes them, since the
 * list is a file of its own with its own reader.  See
 * apply_removals.h.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>

#include "base/grow.h"
#include "base/text.h"
#include "cli/apply_removals.h"
#include "cli/cli.h"
#include "sys/node.h"

/*
 * --remove LIST: the paths of device nodes and FIFOs to remove, one
 * absolute path a line (as diff --removals writes them); empty lines and
 * lines that begin with '#' are skipped.  Read whole before anything is
 * done, as a table is.
 */
void
apply_removals_free(struct removals *removals)
{
	for (size_t i = 0; i < removals->n; i++)
		free(removals->v[i]);
	free(removals->v);
	*removals = (struct removals){ 0 };
}

/*
 * Into *removals; returns the number of bad lines, said; -1 when LIST
 * cannot be read.
 */
long
apply_removals_read(struct removals *removals, const char *file)
{
	char q[DT_QUOTE_SIZE], *line = NULL, **grown;
	size_t cap = 0;
	unsigned long lineno = 0;
	long bad = 0;
	ssize_t len;
	FILE *f = fopen(file, "re");

	if (f == NULL) {
		cli_source_error(file, 0, errno, NULL);
		return -1;
	}
	while ((len = getline(&line, &cap, f)) >= 0) {
		lineno++;
		if (len > 0 && line[len - 1] == '\n')
			line[--len] = '\0';
		if (len == 0 || line[0] == '#')
			continue;
		if (line[0] != '/' || (size_t)len != strlen(line) ||
		    !node_path_ok(line)) {
			cli_source_error(file, lineno, 0, "want an absolute "
			    "path of a device node or FIFO to remove");
			bad++;
			continue;
		}
		if ((grown = dt_room_for_one(removals->v, removals->n,
		    &removals->cap, sizeof(*grown), 16)) == NULL)
			cli_fatal(NULL);
		removals->v = grown;
		if ((removals->v[removals->n++] = strdup(line)) == NULL)
			cli_fatal(NULL);
	}
	free(line);
	if (ferror(f)) {
		cli_source_error(file, lineno, EIO, cli_quote(q, file));
		(void)fclose(f);
		return -1;
	}
	(void)fclose(f);
	return bad;
}
