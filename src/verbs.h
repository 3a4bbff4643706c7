/*
 * verbs.h - the verb handlers that live outside devtool.c.
 */
#ifndef DEVTOOL_VERBS_H
#define DEVTOOL_VERBS_H

#include "cli.h"

verb_fn cmd_explain;
verb_fn cmd_mknod;
verb_fn cmd_devices;
verb_fn cmd_list;
verb_fn cmd_apply;

#endif
