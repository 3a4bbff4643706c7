/*
 * options.h - what several verbs take, done once: --root (apply, list,
 * mknod, make, diff), --merge (apply, list --table) and a table's -o
 * (list, make).  Each is checked
 * in the verb's check hook (a usage error, exit 2) and acted on in its
 * handler (a failure, exit 1), as EXIT STATUS in devtool(1) says.
 */
#ifndef DEVTOOL_OPTIONS_H
#define DEVTOOL_OPTIONS_H

#include "entry/conflicts.h"
#include "sys/root.h"

/*
 * The rows apply and make spell alike, each stored into an int field of
 * the verb's options struct type (VERB_OPT, verbs.h): -r and -v; -n as
 * apply and mknod spell it (make's -n says it implies -v, mknod's -r and
 * -v what they do to one node).
 */
#define OPTIONS_REPLACE(type, field) \
	{ "replace", 'r', POPT_ARG_NONE, VERB_OPT(type, field), 0, \
	  "replace different nodes, correct mode and owner", "" }
#define OPTIONS_DRY_RUN(type, field) \
	{ "dry-run", 'n', POPT_ARG_NONE, VERB_OPT(type, field), 0, \
	  "print what would be done, touch nothing", "" }
#define OPTIONS_VERBOSE(type, field) \
	{ "verbose", 'v', POPT_ARG_NONE, VERB_OPT(type, field), 0, \
	  "print each action and a summary", "" }

/*
 * The tree --root DIR names (NULL: /), confined as root.h confines it.
 * It must exist: a mistyped root is refused, never made into a new tree.
 * NULL when it cannot be opened, said as "--root DIR: why".
 */
struct root *options_root(const char *dir);
/* The same for the tree another option names (make's -C DIR). */
struct root *options_tree(const char *option, const char *dir);

/*
 * --merge error|last|first (NULL: error) into *how; anything else is a
 * usage error of the verb, naming the value.
 */
int options_merge(const char *verb, const char *value,
    enum conflicts_merge *how);

/*
 * -o FORMAT of a verb that writes a table or device rules: the
 * registry's dialect of that name into *out (NULL value: makedevs);
 * anything else is a usage error of the verb naming the value and
 * every dialect.
 */
struct dialect;
int options_output(const char *verb, const char *value,
    const struct dialect **out);

#endif
