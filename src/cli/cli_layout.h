/*
 * cli_layout.h - the device number layout a verb runs under (-f,
 * --strict, DEVTOOL_FORMAT; LAYOUTS in devtool(1)) and the number
 * operands read under it.  cli_layout, cli_check_layout and cli_number
 * say what is wrong (cli.h) and return the exit status; cli_pair
 * returns 0, or -1 with its reason in a dt_diag for the caller to say
 * (a stream names the line).
 */
#ifndef DEVTOOL_CLI_LAYOUT_H
#define DEVTOOL_CLI_LAYOUT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include <popt.h>

#include "encode.h"
#include "base/buf.h"
#include "base/diag.h"

#define DEFAULT_LAYOUT "16:16"

/*
 * -f and --strict, as every layout-taking verb spells them, stored into
 * the struct cli_layout_opts field of the verb's options struct type
 * (VERB_OPT, verbs.h).  The verb runner (verbs.h) finds it by the
 * "format" row and resolves it into the handler's layout.
 */
struct cli_layout_opts {
	char *format;		/* -f, or NULL */
	int strict;		/* --strict */
};
#define LAYOUT_OPTIONS(type, field) \
	LAYOUT_OPTIONS_SAYING(type, field, "device number layout (default " \
	    "16:16 or $DEVTOOL_FORMAT)")
/* The same where -f means something else to --help (mknod's VALUE). */
#define LAYOUT_OPTIONS_SAYING(type, field, format_help) \
	{ "format", 'f', POPT_ARG_STRING, LAYOUT_OPT(type, field, format), 0, \
	  format_help, "LAYOUT" }, \
	{ "strict", '\0', POPT_ARG_NONE, LAYOUT_OPT(type, field, strict), 0, \
	  "no compat rule: plain ma<<N | mi both ways", "" }
/* VERB_OPT(type, field.member), spelt so that field is one name. */
#define LAYOUT_OPT(type, field, member) \
	(1 + offsetof(type, field) + offsetof(struct cli_layout_opts, member))

int cli_layout(const char *name, int strict, struct dt_layout *l);

/*
 * Why a verb runs under its layout, said by the first line of explain
 * and of decode -v (LAYOUTS in devtool(1)): typed numbers take -f, else
 * DEVTOOL_FORMAT, else 16:16; a value read from a device node is the
 * running system's (native) unless -f names another.
 */
enum cli_layout_from {
	CLI_LAYOUT_DEFAULT,	/* neither -f nor DEVTOOL_FORMAT */
	CLI_LAYOUT_ENV,		/* DEVTOOL_FORMAT */
	CLI_LAYOUT_OPTION,	/* -f */
	CLI_LAYOUT_NODE,	/* native: a node's own value, from stat(2) */
};
/* given: -f was on the command line (verb_call's layout_given). */
enum cli_layout_from cli_layout_from(bool given);
/* "layout NAME, why" (no newline); path names the node for NODE. */
void cli_layout_why(struct dt_buf *b, const struct dt_layout *l,
    enum cli_layout_from from, const char *path);
int cli_check_layout(const char *name, struct dt_layout *l);
int cli_number(const char *text, uint64_t *v);
int cli_pair(const struct dt_layout *l, const char *ma_s, const char *mi_s,
    uint64_t *ma, uint64_t *mi, struct dt_diag *d);

#endif
