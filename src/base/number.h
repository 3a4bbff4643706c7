/*
 * number.h - unsigned numbers as devtool reads them: decimal, 0x hex or
 * 0 octal, no sign, no white space, nothing after (NUMBERS in
 * devtool(1)).  Pure: no I/O, no global state.
 */
#ifndef DEVTOOL_NUMBER_H
#define DEVTOOL_NUMBER_H

#include <stddef.h>
#include <stdint.h>

#include "base/diag.h"

enum dt_status dt_parse_number(const char *s, uint64_t *v, struct dt_diag *d);
enum dt_status dt_parse_in_range(const char *s, const char *what,
    uint64_t max, uint64_t *v, struct dt_diag *d);
/*
 * The same, but decimal only (a leading zero allowed: 010 is 10), as the
 * makedevs of busybox and buildroot read a table's numbers.
 */
enum dt_status dt_parse_decimal(const char *s, const char *what,
    uint64_t max, uint64_t *v, struct dt_diag *d);
/*
 * Hexadecimal digits only, without 0x (leading zeros allowed), as the
 * kernel's kdevname prints a major and a minor (decode --kdev); the range
 * in the message is hexadecimal too.
 */
enum dt_status dt_parse_hex(const char *s, const char *what, uint64_t max,
    uint64_t *v, struct dt_diag *d);

/*
 * A stream's lines of values, many at a time: from p (n bytes, the last
 * one a '\n'), up to max values into v, taken from the lines in a row
 * that hold each a decimal number dt_parse_number reads as these digits
 * (no leading zero, at most 19 digits) and nothing else: no blank, no
 * '\r'.  Returns how many; *used is how many bytes of p they took, the
 * first line not taken after them (for dt_parse_number, to say why).
 */
size_t dt_scan_decimal_lines(const char *p, size_t n, uint64_t *v,
    size_t max, size_t *used);

#endif
