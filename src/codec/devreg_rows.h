/*
 * devreg_rows.h - the registry's data (devreg_rows.c): the rows of
 * Linux's static device numbers and MAKEDEV's groups, for devreg.c,
 * which reads them.  Not for other files: devreg.h is the registry's
 * interface.
 */
#ifndef DEVREG_ROWS_H
#define DEVREG_ROWS_H

#include <stdbool.h>
#include <stddef.h>

/* MAKEDEV's classes of owner, group and mode (devreg.c's classes). */
enum devreg_cls {
	C_NONE, C_PUBLIC, C_PRIVATE, C_SYSTEM, C_KMEM, C_TTY, C_CONS,
	C_DIALOUT, C_DIP, C_MOUSE, C_PRINTER, C_FLOPPY, C_DISK, C_SCSI,
	C_CDROM, C_TAPE, C_AUDIO, C_VIDEO, C_IBCS2, C_SCANNER, C_CODA,
	C_IPSEC, C_READABLE, C_LIRC, C_PROM, C_KVM,
};

/* One name pattern over a range of units (devreg.c's header says how). */
/*
 * The text is held in the rows, not pointed at: a pointer in a table of
 * a position-independent executable is one relocation the loader
 * applies at every start, on a page it then copies (make bench's
 * start-up).  Each field has room for the longest text and its NUL
 * (tests/unit_devreg.c checks every one).
 */
struct devreg_row {
	char name[24];		/* pattern */
	char type;
	unsigned short major;
	unsigned short minor;	/* of the first unit */
	unsigned short first;	/* the first unit's number */
	unsigned short count;	/* units; 0 means 1 */
	unsigned short stride;	/* minors per unit; 0 means 1 */
	unsigned char parts;	/* partitions MAKEDEV makes per unit */
	unsigned char ctls;	/* %c: controllers, one major each */
	unsigned char cls;
	/*
	 * make's alone: a name MAKEDEV gave a number the kernel's list
	 * does not (its own major, a quirk of its script), which explain
	 * and the audit do not take for the number's name
	 */
	bool makedev_only;
	char desc[56];
};

/*
 * A group's step: a row's units, a link, another group, a FIFO, or
 * nothing (a name MAKEDEV takes and makes nothing of); or the header of
 * a group, whose steps are those that follow it up to the next header
 * (one array for every group: a pointer to each group's steps would be
 * a relocation, see struct devreg_row).
 */
struct devreg_step {
	short first;		/* G: the lowest unit; r and l: the first
				   unit; ARG: the name's */
	unsigned short count;	/* G: the highest unit; units (0: 1); r
				   with %c: controllers */
	char kind;		/* 'G' a group's header, 'r' row, 'l' link,
				   'g' group, 'p' FIFO, 'n' nothing */
	unsigned char cls;	/* r: MAKEDEV's class here, if not the row's;
				   p: the FIFO's */
	char a[24];		/* G: the group's name, a pattern whose unit
				   is in first..count; r: the row's pattern;
				   l: the link; g; p: the FIFO */
	char b[16];		/* l: its target */
};

/* A step's first unit that is the group's argument (sd%A: the unit). */
#define DEVREG_ARG (-1)

extern const struct devreg_row devreg_rows[];
extern const size_t devreg_rows_n;
extern const struct devreg_step devreg_rows_steps[];	/* starts with 'G' */
extern const size_t devreg_rows_nsteps;

#endif
