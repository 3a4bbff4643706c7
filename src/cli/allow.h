/*
 * allow.h - the device rule dialects (dialects/rules.h) as list, make and
 * list --table write them (allow.c; DEVICE RULES in devtool(1)), and the
 * -i option that refuses them: they are written only.
 */
#ifndef DEVTOOL_ALLOW_H
#define DEVTOOL_ALLOW_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "cli/cli.h"
#include "cli/cli_output.h"
#include "dialects/dialect.h"
#include "dialects/rules.h"
#include "entry/entry.h"

/* A device node that has no rule, and why (rules_sink's problem). */
typedef void allow_problem_fn(void *ctx, const struct entry *e,
    const char *msg);

/*
 * The rules of out's dialect for the device nodes v[0..n) (sorted in
 * place) as lines of out (cli_table_line: the caller ends the last and
 * prints header and footer).
 * deviceallow-groups reads /proc/devices (DEVTOOL_PROC_DEVICES) first;
 * widen (--widen) writes a driver's group although the nodes do not
 * hold every minor it serves, with a warning naming what it adds.
 * 0, or -1 said (cli_error) when it cannot be read.
 */
int allow_write(struct cli_table *out, const struct entry **v, size_t n,
    bool widen, allow_problem_fn *problem, void *ctx);

/*
 * An allow_problem_fn for list and make: "PATH: why" as an error, and
 * *(int *)ctx the failure's exit status; the other rules are written.
 */
void allow_error(void *ctx, const struct entry *e, const char *msg);

/* Why e, not a device node, has no rule of dl: "a symbolic link, ...". */
const char *allow_why_not(const struct dialect *dl, const struct entry *e,
    char *buf, size_t size);
/* A warning that e is left out of dl's rules. */
void allow_left_out(const struct dialect *dl, const struct entry *e);
/* A warning that n more entries are left out (after those named). */
void allow_more_left_out(const struct dialect *dl, size_t n);

/*
 * The rules of dl for v's device nodes on standard output (v sorted in
 * place, each path once), with the dialect's header and footer; every
 * other entry named as left out, the first name_most by name and the
 * rest counted.  EXIT_OK, or EXIT_FAILED when a node has no rule or the
 * output fails (each said).
 */
int allow_print(struct entries *v, const struct dialect *dl,
    size_t name_most, bool widen);

/* --widen of verb: EXIT_OK, or a usage error unless dl names drivers. */
int allow_widen(const char *verb, bool widen, const struct dialect *dl);

/*
 * -i NAME of verb: the dialect into *out, or a usage error naming the
 * readable ones (a rule dialect is written only).
 */
int allow_input(const char *verb, const char *name,
    const struct dialect **out);

#endif
