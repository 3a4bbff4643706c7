/*
 * report.h - how the verbs that make nodes (mknod, apply) print what
 * node.c did: its events on stdout (-v, -n), its failures on stderr as
 * "devtool: PATH: why" (docs/DESIGN.md).
 */
#ifndef DEVTOOL_REPORT_H
#define DEVTOOL_REPORT_H

#include "sys/node.h"

/* node_make's callback: prints each event as -v and -n describe it. */
extern const struct node_events report_events;

void report_failure(const char *path, const struct node_result *res);
/*
 * At the end of a run: when a device node failed for want of CAP_MKNOD,
 * says once what is needed and the ways out (devtool(1), EXIT STATUS).
 */
void report_hints(void);
/* A failure of a tmpfiles '-' line: a warning (-q silences it). */
void report_ignored(const char *path, const struct node_result *res);
/* An entry a target skipped, saying why (res->reason): a warning. */
void report_skipped(const char *path, const struct node_result *res);

#endif
