/*
 * kernel.h - --kernel and --sysfs, as list, apply and diff take them:
 * the nodes devtmpfs makes, read from sysfs (source_kernel.c; devtool(1),
 * "The kernel as a source").
 */
#ifndef DEVTOOL_CLI_KERNEL_H
#define DEVTOOL_CLI_KERNEL_H

#include "sources/source.h"

/* The sysfs tree read: --sysfs DIR when given, else $DEVTOOL_SYSFS or /sys. */
const char *kernel_sysfs(const char *sysfs_dir);

/*
 * The check of --sysfs DIR (NULL: not given) in list's and apply's check
 * hooks: it goes with --kernel, and '' names no directory (a usage
 * error, as every option naming a file: cli_option_path).
 */
int kernel_check(const char *verb, const char *sysfs_dir, bool from_kernel);

/* Every node of that sysfs tree to sink, each problem to its problem. */
void kernel_read(const char *sysfs_dir, const struct entry_sink *sink);

/*
 * --sysfs DIR, the same row in every verb that has --kernel, stored into
 * a char * field of the verb's options struct type (VERB_OPT, verbs.h).
 */
#define KERNEL_SYSFS_OPTION(type, field) \
	{ "sysfs", '\0', POPT_ARG_STRING, VERB_OPT(type, field), 0, \
	  "with --kernel: the sysfs tree to read (default $DEVTOOL_SYSFS or " \
	  "/sys)", "DIR" }

#endif
