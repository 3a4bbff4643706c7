/*
 * diag.h - how the pure and system layers report a problem: a status and
 * a sentence without the program name, which the CLI alone prints
 * (docs/DESIGN.md).
 */
#ifndef DEVTOOL_DIAG_H
#define DEVTOOL_DIAG_H

enum dt_status {
	DT_OK = 0,
	DT_NONCANONICAL,	/* decode: accepted, but encode never makes it */
	DT_ERANGE,		/* major or minor outside the layout's range */
	DT_EAMBIGUOUS,		/* compat rule: value reads back as another pair */
	DT_EWIDTH,		/* decode: value wider than the layout */
	DT_ENUMBER,		/* text is not a valid unsigned number */
	DT_ELAYOUT,		/* unknown layout name */
	DT_EFIELDS,		/* pack_dev: too few or many numbers */
};

/* Errors and warnings carry a sentence without the program name. */
#define DT_MSGLEN 512
struct dt_diag {
	char msg[DT_MSGLEN];
};

/* Formats the sentence into d (when not NULL) and returns st. */
enum dt_status dt_fail(struct dt_diag *d, enum dt_status st,
    const char *fmt, ...) __attribute__((format(printf, 3, 4), cold));

/*
 * The other convention, for functions that return an int: 0 for success,
 * -1 with the sentence in d.  dt_error is a macro so that analyzers see
 * every failure return -1.
 */
void dt_say(struct dt_diag *d, const char *fmt, ...)
    __attribute__((format(printf, 2, 3), cold));
#define dt_error(d, ...) (dt_say((d), __VA_ARGS__), -1)

#endif
