/*
 * kernel.c - --kernel and --sysfs: see kernel.h.
 */
#include "cli/cli.h"
#include "cli/env.h"
#include "cli/kernel.h"

const char *
kernel_sysfs(const char *sysfs_dir)
{
	return sysfs_dir != NULL ? sysfs_dir : env_sysfs();
}

int
kernel_check(const char *verb, const char *sysfs_dir, bool from_kernel)
{
	if (sysfs_dir != NULL && !from_kernel)
		return cli_usage(verb, "--sysfs goes with --kernel");
	return cli_option_path(verb, "--sysfs", sysfs_dir, CLI_NAMES_DIR);
}

void
kernel_read(const char *sysfs_dir, const struct entry_sink *sink)
{
	struct source *k = source_kernel_new();

	if (k == NULL)
		cli_fatal(NULL);
	k->read(k, kernel_sysfs(sysfs_dir), sink);
	k->free(k);
}
