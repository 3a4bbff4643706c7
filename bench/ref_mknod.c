/*
 * ref_mknod.c - the floor for devtool's node creation in make bench: a
 * bare mknodat(2) loop, no checks, no temporaries, no ownership.
 *
 *	ref_mknod DIR NAME COUNT MAJOR	DIR/NAME0..NAME<COUNT-1>, minors 0..
 *	ref_mknod DIR -t TABLE		a line "PATH MAJOR MINOR" per node;
 *					PATH is relative to DIR (a leading
 *					slash is dropped)
 *
 * Every node is a character device with mode 0644 (less the umask).
 */
#include <sys/stat.h>
#include <sys/sysmacros.h>

#include <err.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void
node(int dir, const char *path, unsigned int ma, unsigned int mi)
{
	if (mknodat(dir, path, S_IFCHR | 0644, makedev(ma, mi)) != 0)
		err(1, "%s", path);
}

static void
from_table(int dir, const char *table)
{
	char *line = NULL, *p, *end;
	unsigned long ma, mi;
	size_t cap = 0;
	FILE *f;

	if ((f = fopen(table, "r")) == NULL)
		err(1, "%s", table);
	while (getline(&line, &cap, f) > 0) {
		if ((p = strchr(line, ' ')) == NULL)
			errx(2, "%s: bad line", table);
		*p++ = '\0';
		ma = strtoul(p, &end, 10);
		mi = strtoul(end, NULL, 10);
		node(dir, line + (line[0] == '/'), (unsigned int)ma,
		    (unsigned int)mi);
	}
	free(line);
	fclose(f);
}

int
main(int argc, char **argv)
{
	char name[4096];
	unsigned long i, count;
	int dir;

	if (argc < 4)
		errx(2, "usage: ref_mknod DIR NAME COUNT MAJOR | DIR -t TABLE");
	if ((dir = open(argv[1], O_RDONLY | O_DIRECTORY)) < 0)
		err(1, "%s", argv[1]);
	if (strcmp(argv[2], "-t") == 0) {
		from_table(dir, argv[3]);
		return 0;
	}
	if (argc != 5)
		errx(2, "usage: ref_mknod DIR NAME COUNT MAJOR");
	count = strtoul(argv[3], NULL, 10);
	for (i = 0; i < count; i++) {
		snprintf(name, sizeof(name), "%s%lu", argv[2], i);
		node(dir, name, (unsigned int)strtoul(argv[4], NULL, 10),
		    (unsigned int)i);
	}
	return 0;
}
