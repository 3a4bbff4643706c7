/*
 * apply_archive.c - --archive FILE and the options that go with it,
 * checked before anything is read: apply's and make's, which write the
 * same archives (apply.h).  Apart from apply.c, as the one check two
 * verbs share.
 */
#include <stdbool.h>
#include <string.h>
#include <unistd.h>

#include "base/text.h"
#include "cli/apply.h"
#include "cli/cli.h"
#include "cli/env.h"
#include "targets/target_archive.h"

/*
 * --archive FILE and what goes with it: the format (--archive-format
 * FORMAT, else FILE's suffix), the filter, SOURCE_DATE_EPOCH, into o.
 * excluded says the verb was also given options an archive cannot take
 * (apply's --root, -r, -n).
 */
int
apply_check_archive(const char *name, const char *archive,
    const char *archive_format, bool excluded, struct archive_opts *o)
{
	char q[DT_QUOTE_SIZE];
	const char *refused;
	struct dt_diag d;

	if (archive == NULL)
		return archive_format == NULL ? EXIT_OK : cli_usage(name,
		    "--archive-format needs --archive");
	if (cli_option_path(name, "--archive", archive, CLI_NAMES_FILE) !=
	    EXIT_OK)
		return EXIT_USAGE;
	if (excluded)
		return cli_usage(name, "--archive writes an archive: it "
		    "takes no --root, -r or -n");
	/* as tar and cpio: binary never goes to a terminal */
	if (strcmp(archive, "-") == 0 && isatty(STDOUT_FILENO))
		return cli_usage(name, "refusing to write an archive to a "
		    "terminal: redirect standard output, or give --archive "
		    "FILE");
	o->file = archive;
	o->faker = env_faker();
	if (target_archive_guess(archive, &o->format, &o->filter) != 0)
		o->format = strcmp(archive, "-") == 0 ? "newc" : NULL;
	if (archive_format != NULL)
		o->format = archive_format;
	if (o->format == NULL)
		return cli_usage(name, "cannot tell the format of '%s' from "
		    "its name (.cpio, .tar, .mtree, and %s): give "
		    "--archive-format", cli_quote(q, archive),
		    target_archive_compressions);
	if (!target_archive_format_known(o->format))
		return cli_usage(name, "unknown archive format '%s'; valid: "
		    "%s", cli_quote(q, o->format), target_archive_formats);
	if ((refused = target_archive_filter_refused(o->filter)) != NULL)
		return cli_usage(name, "cannot write '%s' with %s: %s; %s "
		    "compress", cli_quote(q, archive), o->filter, refused,
		    target_archive_compressions);
	if (env_source_date_epoch(&o->mtime) != 0)
		return cli_usage(name, "SOURCE_DATE_EPOCH is not a number of "
		    "seconds");
	if (target_archive_time_fits(o->format, o->mtime, &d) != 0)
		return cli_usage(name, "SOURCE_DATE_EPOCH=%lld is too late: "
		    "%s", o->mtime, d.msg);
	return EXIT_OK;
}
