/*
 * fuzz_mode.c - attrs_mode (src/entry/attrs.c): chmod-style modes through
 * libbsd's setmode(3)/getmode(3).
 *
 * The input is the text of a -m argument.  Checked:
 *   - no crash, no undefined behaviour, no leak (LeakSanitizer: setmode
 *     allocates, attrs_mode must free on every path);
 *   - an accepted mode is <= 07777, and the same text gives the same
 *     mode again;
 *   - octal text (digits 0-7 only) is accepted exactly when its value is
 *     at most 07777, and then gives that value;
 *   - a refusal leaves a terminated, non-empty message, and the empty
 *     string is refused.
 * devtool calls attrs_mode with a umask of 0 (node_begin), so the
 * harness does too: "+x" then means a+x.
 */
#include <sys/stat.h>

#include "entry/attrs.h"
#include "fuzz_util.h"

int LLVMFuzzerInitialize(int *argc, char ***argv);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int
LLVMFuzzerInitialize(int *argc, char ***argv)
{
	(void)argc;
	(void)argv;
	umask(0);
	return 0;
}

static bool
octal_value(const char *s, unsigned long *v)
{
	*v = 0;
	if (*s == '\0')
		return false;
	for (; *s != '\0'; s++) {
		if (*s < '0' || *s > '7')
			return false;
		if (*v <= 07777)
			*v = *v * 8 + (unsigned long)(*s - '0');
	}
	return true;
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *s = fuzz_strndup(data, size);
	struct dt_diag d;
	mode_t mode = 0xdead, again = 0xbeef;
	unsigned long oct;
	int r;

	memset(&d, 0, sizeof(d));
	r = attrs_mode(s, &mode, &d);
	FUZZ_CHECK(r == 0 || r == -1, "attrs_mode returned %d", r);
	if (r == 0) {
		FUZZ_CHECK(*s != '\0', "empty mode accepted");
		FUZZ_CHECK(mode <= 07777, "mode 0%o for '%.80s'",
		    (unsigned)mode, s);
		FUZZ_CHECK(attrs_mode(s, &again, &d) == 0 && again == mode,
		    "'%.80s' gives 0%o, then 0%o", s, (unsigned)mode,
		    (unsigned)again);
	} else {
		size_t n = strnlen(d.msg, sizeof(d.msg));

		FUZZ_CHECK(n > 0 && n < sizeof(d.msg), "bad message");
	}
	if (octal_value(s, &oct)) {
		if (oct <= 07777)
			FUZZ_CHECK(r == 0 && mode == oct, "octal '%.80s' gives "
			    "%d/0%o, want 0%lo", s, r, (unsigned)mode, oct);
		else
			FUZZ_CHECK(r == -1, "octal '%.80s' past 07777 "
			    "accepted as 0%o", s, (unsigned)mode);
	}
	free(s);
	return 0;
}
