/*
 * ref_decode.c - the floor for "devtool decode -f linux -" in make bench:
 * read(2) of 64 KiB blocks, decimal values parsed and "MAJOR MINOR"
 * formatted by hand, one write(2) per block, no stdio.  It checks
 * nothing but what keeps it correct on the bench's input (one decimal
 * value below 2^32 per line), so devtool's time over it is the cost of
 * its checks and structure.  The decoding is the kernel's
 * new_decode_dev(), the "linux" layout of man/devtool.1.
 */
#include <stdint.h>
#include <string.h>
#include <unistd.h>

#define BLOCK	65536

static char in[BLOCK], out[2 * BLOCK + 64];

static char *
put_u32(char *p, uint32_t v)
{
	char tmp[10], *t = tmp + sizeof(tmp);

	do
		*--t = (char)('0' + v % 10);
	while ((v /= 10) != 0);
	memcpy(p, t, (size_t)(tmp + sizeof(tmp) - t));
	return p + (tmp + sizeof(tmp) - t);
}

static int
write_all(const char *p, size_t n)
{
	ssize_t w;

	for (; n > 0; p += w, n -= (size_t)w)
		if ((w = write(STDOUT_FILENO, p, n)) < 0)
			return -1;
	return 0;
}

int
main(void)
{
	uint64_t v = 0;
	ssize_t n;
	char *o;
	int digits = 0;

	while ((n = read(STDIN_FILENO, in, sizeof(in))) > 0) {
		o = out;
		for (ssize_t i = 0; i < n; i++) {
			unsigned char c = (unsigned char)in[i];

			if (c >= '0' && c <= '9') {
				v = v * 10 + (c - '0');
				digits = 1;
				continue;
			}
			if (c != '\n' || !digits)
				return 2;
			o = put_u32(o, (uint32_t)((v & 0xfff00) >> 8));
			*o++ = ' ';
			o = put_u32(o, (uint32_t)((v & 0xff) |
			    ((v >> 12) & 0xfff00)));
			*o++ = '\n';
			v = 0;
			digits = 0;
		}
		if (write_all(out, (size_t)(o - out)) != 0)
			return 1;
	}
	return n < 0 || digits ? 1 : 0;
}
