/*
 * tmpfiles_run.c - what a table's reader is told by the run (see
 * tmpfiles_run.h): the prefixes, and the specifiers' values, read the
 * way systemd-tmpfiles 252 reads them with --root: the machine ID and
 * os-release from the image (--root), the boot ID, host name, kernel
 * release and architecture from the running system.
 */
#include <sys/utsname.h>

#include <ctype.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "base/path.h"
#include "cli/cli.h"
#include "cli/env.h"
#include "cli/tmpfiles_run.h"
#include "sys/root.h"

static const char letters[] = "aAbBHlmMovwW";

_Static_assert(sizeof(letters) - 1 == TMPFILES_RUN_VALUES,
    "a value for each of the run's specifiers");

int
tmpfiles_opts_check(const char *verb, struct tmpfiles_opts *o)
{
	char normal[PATH_MAX], q[DT_QUOTE_SIZE];
	struct dt_diag d;

	for (int list = 0; list < 2; list++)
		for (char **p = list ? o->exclude : o->prefix;
		    p != NULL && *p != NULL; p++) {
			if ((*p)[0] != '/' || path_normal(*p, strlen(*p), 0,
			    normal, &d) != 0)
				return cli_usage(verb, "%s '%s' is not an "
				    "absolute path", list ? "--exclude-prefix" :
				    "--prefix", cli_quote(q, *p));
			/* never longer than what it normalises */
			memcpy(*p, normal, strlen(normal) + 1);
		}
	return EXIT_OK;
}

/*
 * The first line of path (under the image when image), its newline
 * cut, into buf (TMPFILES_RUN_VALUE_MAX bytes): 0, or -1.
 */
static int
first_line(struct tmpfiles_run *t, bool image, const char *path, char *buf)
{
	struct root *r = NULL;
	const char *why;
	ssize_t n;
	int fd;

	if (image && t->root_dir != NULL) {
		if ((r = root_open(t->root_dir, env_resolve(),
		    env_faker())) == NULL)
			return -1;
		fd = root_open_file(r, path, &why);
		root_close(r);
	} else
		fd = open(path, O_RDONLY | O_CLOEXEC | O_NOCTTY);
	if (fd < 0)
		return -1;
	n = read(fd, buf, TMPFILES_RUN_VALUE_MAX - 1);
	close(fd);
	if (n < 0)
		return -1;
	buf[n] = '\0';
	buf[strcspn(buf, "\n")] = '\0';
	return 0;
}

/* A 128-bit ID as systemd writes it: 32 hex digits (dashes dropped). */
static bool
id128(char *s)
{
	size_t o = 0;

	for (size_t i = 0; s[i] != '\0'; i++)
		if (s[i] != '-')
			s[o++] = (char)tolower((unsigned char)s[i]);
	s[o] = '\0';
	return o == 32 && strspn(s, "0123456789abcdef") == 32;
}

/*
 * KEY's value in the image's os-release (/etc/os-release, else
 * /usr/lib/os-release), unquoted; "" when it has none: 0, or -1 when
 * neither file can be read.
 */
static int
os_release(struct tmpfiles_run *t, const char *key, char *out)
{
	static const char *const files[] = { "/etc/os-release",
	    "/usr/lib/os-release" };
	char text[8192];
	struct root *r = NULL;
	const char *why;
	size_t klen = strlen(key);
	ssize_t n = -1;
	int fd = -1;

	if (t->root_dir != NULL && (r = root_open(t->root_dir,
	    env_resolve(), env_faker())) == NULL)
		return -1;
	for (int i = 0; i < 2 && fd < 0; i++)
		fd = r != NULL ? root_open_file(r, files[i], &why) :
		    open(files[i], O_RDONLY | O_CLOEXEC | O_NOCTTY);
	root_close(r);
	if (fd < 0)
		return -1;
	n = read(fd, text, sizeof(text) - 1);
	close(fd);
	if (n < 0)
		return -1;
	text[n] = '\0';
	out[0] = '\0';
	for (char *line = strtok(text, "\n"); line != NULL;
	    line = strtok(NULL, "\n")) {
		size_t len;

		if (strncmp(line, key, klen) != 0 || line[klen] != '=')
			continue;
		line += klen + 1;
		len = strlen(line);
		if (len >= 2 && (line[0] == '"' || line[0] == '\'') &&
		    line[len - 1] == line[0]) {
			line++;
			len -= 2;
		}
		if (len >= TMPFILES_RUN_VALUE_MAX)
			len = TMPFILES_RUN_VALUE_MAX - 1;
		memcpy(out, line, len);
		out[len] = '\0';
	}
	return 0;
}

/* systemd's name for the machine's architecture (systemd.unit(5)). */
static const char *
architecture(const char *machine)
{
	static const struct {
		char uname[12], systemd[12];
	} names[] = {
		{ "x86_64", "x86-64" }, { "i386", "x86" }, { "i486", "x86" },
		{ "i586", "x86" }, { "i686", "x86" }, { "aarch64", "arm64" },
		{ "aarch64_be", "arm64-be" }, { "ppc64le", "ppc64-le" },
		{ "armv7l", "arm" }, { "armv6l", "arm" },
	};

	for (size_t i = 0; i < sizeof(names) / sizeof(names[0]); i++)
		if (strcmp(machine, names[i].uname) == 0)
			return names[i].systemd;
	return machine;
}

/* One value, read now: 0, or -1 when there is none here. */
static int
read_value(struct tmpfiles_run *t, char c, char *out)
{
	struct utsname u;

	switch (c) {
	case 'm':	/* the image's; none in an image not booted yet */
		return first_line(t, true, "/etc/machine-id", out) == 0 &&
		    id128(out) ? 0 : -1;
	case 'b':
		return first_line(t, false, "/proc/sys/kernel/random/boot_id",
		    out) == 0 && id128(out) ? 0 : -1;
	case 'H':
	case 'l':
		if (gethostname(out, TMPFILES_RUN_VALUE_MAX) != 0)
			return -1;
		out[TMPFILES_RUN_VALUE_MAX - 1] = '\0';
		if (c == 'l')
			out[strcspn(out, ".")] = '\0';
		return 0;
	case 'v':
	case 'a':
		if (uname(&u) != 0)
			return -1;
		snprintf(out, TMPFILES_RUN_VALUE_MAX, "%s", c == 'v' ?
		    u.release : architecture(u.machine));
		return 0;
	case 'o':
		return os_release(t, "ID", out);
	case 'w':
		return os_release(t, "VERSION_ID", out);
	case 'W':
		return os_release(t, "VARIANT_ID", out);
	case 'B':
		return os_release(t, "BUILD_ID", out);
	case 'M':
		return os_release(t, "IMAGE_ID", out);
	default:	/* 'A' */
		return os_release(t, "IMAGE_VERSION", out);
	}
}

/* dialect_run.specifier: the value, read at the first ask. */
static const char *
value(void *ctx, char c)
{
	struct tmpfiles_run *t = ctx;
	const char *at = strchr(letters, c);
	size_t i;

	if (c == '\0' || at == NULL)
		return NULL;
	i = (size_t)(at - letters);
	if (!t->asked[i]) {
		t->asked[i] = true;
		t->have[i] = read_value(t, c, t->value[i]) == 0;
	}
	return t->have[i] ? t->value[i] : NULL;
}

void
tmpfiles_run_begin(struct tmpfiles_run *t, const struct tmpfiles_opts *o,
    const char *root_dir, struct source *tables)
{
	static const struct tmpfiles_opts none;

	if (o == NULL)
		o = &none;
	memset(t, 0, sizeof(*t));
	t->root_dir = root_dir;
	t->run = (struct dialect_run){
		.strict = o->strict != 0,
		.boot = o->boot != 0,
		.prefix = (const char *const *)o->prefix,
		.exclude = (const char *const *)o->exclude,
		.specifier = value,
		.ctx = t,
	};
	source_table_set_run(tables, &t->run);
}

void
tmpfiles_run_said(struct source *tables)
{
	struct dt_buf kinds = DT_BUF_INIT;
	unsigned long n = source_table_left_out(tables, &kinds);

	if (dt_buf_failed(&kinds))
		cli_fatal(NULL);
	if (n > 0)
		cli_warn("left out %lu line%s devtool does not create: %s "
		    "(--strict makes each an error)", n, n == 1 ? "" : "s",
		    dt_buf_str(&kinds));
	dt_buf_free(&kinds);
}
