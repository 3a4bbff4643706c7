/*
 * bounds.h - the few limits every layer shares, defined once: the
 * highest user or group id, the room a quoted word takes in a message,
 * and the element count of an array (which refuses a pointer).  Pure.
 */
#ifndef DEVTOOL_BOUNDS_H
#define DEVTOOL_BOUNDS_H

/*
 * The highest uid or gid an entry takes: (uid_t)-1 means "unchanged" to
 * chown(2), and a wider id would wrap (4294967296 is root's 0).
 */
#define ID_MAX 4294967294u

/* Room for a word quoted in a message (dt_quote), NUL included. */
#define QUOTE_MAX 64

/*
 * The number of elements of an array; a pointer (whose size says
 * nothing) does not compile.
 */
#define ARRAY_SIZE(a) (sizeof(a) / sizeof((a)[0]) + \
	sizeof(struct { int not_an_array: \
	    __builtin_types_compatible_p(__typeof__(a), \
	    __typeof__(&(a)[0])) ? -1 : 1; }) * 0)

#endif
