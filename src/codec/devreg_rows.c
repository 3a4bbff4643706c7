/*
 * devreg_rows.c - the registry's data (devreg_rows.h): Linux's static
 * device numbers, row by row, and Debian's MAKEDEV 2.3.1 groups.
 *
 * The numbers are the kernel's documented allocations,
 * Documentation/admin-guide/devices.txt in the Linux sources (the LANANA
 * list); the names those of MAKEDEV where it made the device, the
 * kernel's otherwise; the classes (owner, group, mode) those Debian's
 * MAKEDEV 2.3.1 gave each device.  Written here as facts, row by row;
 * devreg.c says what a pattern holds.
 */
#include "codec/devreg_rows.h"

/* The two rows of a floppy format: drives 0-3, then 4-7 at minor 128. */
#define FLOPPY(X) X("", 0) X("d360", 4) X("h1200", 8) X("u360", 12) \
	X("u720", 16) X("h360", 20) X("h720", 24) X("u1440", 28) \
	X("u2880", 32) X("CompaQ", 36) X("h1440", 40) X("u1680", 44) \
	X("h410", 48) X("u820", 52) X("h1476", 56) X("u1722", 60) \
	X("h420", 64) X("u830", 68) X("h1494", 72) X("u1743", 76) \
	X("h880", 80) X("u1040", 84) X("u1120", 88) X("h1600", 92) \
	X("u1760", 96) X("u1920", 100) X("u3200", 104) X("u3520", 108) \
	X("u3840", 112) X("u1840", 116) X("u800", 120) X("u1600", 124)
#define FD_ROWS(sfx, off) \
	{ .name = "fd%n" sfx, .type = 'b', .major = 2, .minor = (off), \
	  .count = 4, .cls = C_FLOPPY, .desc = "floppy disk" }, \
	{ .name = "fd%n" sfx, .type = 'b', .major = 2, .minor = 128 + (off), \
	  .first = 4, .count = 4, .cls = C_FLOPPY, .desc = "floppy disk" },

/* The IDE disks: two units a major, 64 minors a unit. */
#define IDE(maj, u) \
	{ .name = "hd%a", .type = 'b', .major = (maj), .first = (u), .count = 2, \
	  .stride = 64, .parts = 24, .cls = C_DISK, .desc = "IDE disk" }
/* The SCSI disks: 16 units a major, 16 minors a unit. */
#define SD(maj, u) \
	{ .name = "sd%A", .type = 'b', .major = (maj), .first = (u), \
	  .count = 16, .stride = 16, .parts = 15, .cls = C_DISK, \
	  .desc = "SCSI disk" }
#define I2O(maj, u) \
	{ .name = "i2o/hd%A", .type = 'b', .major = (maj), .first = (u), \
	  .count = 16, .stride = 16, .parts = 15, .cls = C_DISK, \
	  .desc = "I2O disk" }
#define MISC(nm, mi, c, d) \
	{ .name = (nm), .type = 'c', .major = 10, .minor = (mi), .cls = (c), \
	  .desc = (d) }
#define SOUND(nm, mi, d) \
	{ .name = (nm), .type = 'c', .major = 14, .minor = (mi), \
	  .cls = C_AUDIO, .desc = (d) }
#define SOUNDS(nm, mi, d) \
	{ .name = (nm), .type = 'c', .major = 14, .minor = (mi), .first = 1, \
	  .count = 3, .stride = 16, .cls = C_AUDIO, .desc = (d) }
#define TAPE(nm, mi) \
	{ .name = (nm), .type = 'c', .major = 9, .minor = (mi), .count = 32, \
	  .cls = C_TAPE, .desc = "SCSI tape" }

/*
 * Where two rows give one number a name (4:64 is ttyS0 to both the
 * serial driver and MAKEDEV), the first row is the number's name.
 */
const struct devreg_row devreg_rows[] = {
	/* 1 char: memory devices */
	{ .name = "mem", .type = 'c', .major = 1, .minor = 1, .cls = C_KMEM,
	  .desc = "physical memory" },
	{ .name = "kmem", .type = 'c', .major = 1, .minor = 2, .cls = C_KMEM,
	  .desc = "kernel virtual memory" },
	{ .name = "null", .type = 'c', .major = 1, .minor = 3,
	  .cls = C_PUBLIC, .desc = "null device" },
	{ .name = "port", .type = 'c', .major = 1, .minor = 4, .cls = C_KMEM,
	  .desc = "I/O port access" },
	{ .name = "zero", .type = 'c', .major = 1, .minor = 5,
	  .cls = C_PUBLIC, .desc = "null byte source" },
	{ .name = "full", .type = 'c', .major = 1, .minor = 7,
	  .cls = C_PUBLIC, .desc = "always-full device" },
	{ .name = "random", .type = 'c', .major = 1, .minor = 8,
	  .cls = C_PUBLIC, .desc = "random number generator" },
	{ .name = "urandom", .type = 'c', .major = 1, .minor = 9,
	  .cls = C_PUBLIC, .desc = "random number generator" },
	{ .name = "kmsg", .type = 'c', .major = 1, .minor = 11,
	  .cls = C_SYSTEM, .desc = "kernel log" },
	/* 1 block: RAM disks */
	{ .name = "initrd", .type = 'b', .major = 1, .minor = 250,
	  .cls = C_DISK, .desc = "initial RAM disk" },
	{ .name = "ram%n", .type = 'b', .major = 1, .count = 250,
	  .cls = C_DISK, .desc = "RAM disk" },
	/* 2 and 3: BSD pseudo-terminals; 2 block: floppies */
	{ .name = "pty%x", .type = 'c', .major = 2, .count = 256,
	  .cls = C_TTY, .desc = "BSD pseudo-terminal master" },
	{ .name = "tty%x", .type = 'c', .major = 3, .count = 256,
	  .cls = C_TTY, .desc = "BSD pseudo-terminal slave" },
	FLOPPY(FD_ROWS)
	IDE(3, 0), IDE(22, 2), IDE(33, 4), IDE(34, 6), IDE(56, 8),
	IDE(57, 10), IDE(88, 12), IDE(89, 14), IDE(90, 16), IDE(91, 18),
	/* 4 char: terminals */
	{ .name = "tty%n", .type = 'c', .major = 4, .count = 64,
	  .cls = C_CONS, .desc = "virtual console" },
	{ .name = "ttyS%n", .type = 'c', .major = 4, .minor = 64,
	  .count = 192, .cls = C_DIALOUT, .desc = "serial port" },
	/* 5 char: alternate TTY devices */
	{ .name = "tty", .type = 'c', .major = 5, .minor = 0, .cls = C_TTY,
	  .desc = "current TTY" },
	{ .name = "console", .type = 'c', .major = 5, .minor = 1,
	  .cls = C_CONS, .desc = "system console" },
	{ .name = "ptmx", .type = 'c', .major = 5, .minor = 2, .cls = C_TTY,
	  .desc = "pseudo-terminal multiplexer" },
	{ .name = "ttyprintk", .type = 'c', .major = 5, .minor = 3,
	  .cls = C_PRIVATE, .desc = "kernel log as a TTY" },
	{ .name = "lp%n", .type = 'c', .major = 6, .count = 8,
	  .cls = C_PRINTER, .desc = "parallel printer" },
	{ .name = "par%n", .type = 'c', .major = 6, .count = 8,
	  .cls = C_PRINTER, .desc = "parallel printer" },
	/* 7: virtual console capture; loop devices */
	{ .name = "vcs", .type = 'c', .major = 7, .minor = 0, .cls = C_CONS,
	  .desc = "current virtual console memory" },
	{ .name = "vcs%n", .type = 'c', .major = 7, .count = 64,
	  .cls = C_CONS, .desc = "virtual console memory" },
	{ .name = "vcsa", .type = 'c', .major = 7, .minor = 128,
	  .cls = C_CONS, .desc = "current virtual console, with attributes" },
	{ .name = "vcsa%n", .type = 'c', .major = 7, .minor = 128,
	  .count = 64, .cls = C_CONS,
	  .desc = "virtual console memory with attributes" },
	{ .name = "loop%n", .type = 'b', .major = 7, .count = 256,
	  .cls = C_DISK, .desc = "loopback disk" },
	SD(8, 0), SD(65, 16), SD(66, 32), SD(67, 48), SD(68, 64), SD(69, 80),
	SD(70, 96), SD(71, 112), SD(128, 128), SD(129, 144), SD(130, 160),
	SD(131, 176), SD(132, 192), SD(133, 208), SD(134, 224),
	SD(135, 240),
	/* 9: SCSI tapes (l, m, a: densities; n: no rewind); RAID */
	TAPE("st%n", 0), TAPE("st%nl", 32), TAPE("st%nm", 64),
	TAPE("st%na", 96), TAPE("nst%n", 128), TAPE("nst%nl", 160),
	TAPE("nst%nm", 192), TAPE("nst%na", 224),
	{ .name = "md%n", .type = 'b', .major = 9, .count = 256,
	  .cls = C_DISK, .desc = "metadisk (software RAID)" },
	/* 10 char: miscellaneous devices */
	MISC("logibm", 0, C_MOUSE, "Logitech bus mouse"),
	MISC("psaux", 1, C_MOUSE, "PS/2 mouse"),
	MISC("inportbm", 2, C_MOUSE, "Microsoft Inport bus mouse"),
	MISC("atibm", 3, C_MOUSE, "ATI XL bus mouse"),
	MISC("jbm", 4, C_MOUSE, "J-mouse"),
	MISC("amigamouse", 4, C_MOUSE, "Amiga mouse"),
	MISC("atarimouse", 5, C_MOUSE, "Atari mouse"),
	MISC("sunmouse", 6, C_MOUSE, "Sun mouse"),
	MISC("amigamouse1", 7, C_MOUSE, "second Amiga mouse"),
	MISC("smouse", 8, C_MOUSE, "simple serial mouse driver"),
	MISC("pc110pad", 9, C_MOUSE, "IBM PC-110 digitizer pad"),
	MISC("adbmouse", 10, C_MOUSE, "Apple Desktop Bus mouse"),
	MISC("beep", 128, C_MOUSE, "fancy beep device"),
	MISC("modreq", 129, C_MOUSE, "kernel module load request"),
	MISC("watchdog", 130, C_MOUSE, "watchdog timer"),
	MISC("temperature", 131, C_MOUSE, "machine internal temperature"),
	MISC("hwtrap", 132, C_MOUSE, "hardware fault trap"),
	MISC("exttrp", 133, C_MOUSE, "external device trap"),
	MISC("apm_bios", 134, C_MOUSE, "Advanced Power Management BIOS"),
	MISC("rtc", 135, C_MOUSE, "real-time clock"),
	MISC("efirtc", 136, C_MOUSE, "EFI real-time clock"),
	MISC("openprom", 139, C_PROM, "SPARC OpenBoot PROM"),
	MISC("relay8", 140, C_MOUSE, "Berkshire 8-port relay board"),
	MISC("relay16", 141, C_MOUSE, "Berkshire 16-port relay board"),
	MISC("msr", 142, C_MOUSE, "x86 model-specific registers"),
	MISC("pciconf", 143, C_MOUSE, "PCI configuration space"),
	MISC("nvram", 144, C_MOUSE, "non-volatile configuration RAM"),
	MISC("hfmodem", 145, C_MOUSE, "soundcard shortwave modem control"),
	MISC("led", 151, C_MOUSE, "front panel LEDs"),
	MISC("mergemem", 153, C_MOUSE, "memory merge device"),
	MISC("pmu", 154, C_MOUSE, "Macintosh PowerBook power manager"),
	MISC("i2o/ctl", 166, C_DISK, "I2O configuration manager"),
	MISC("thinkpad/thinkpad", 170, C_MOUSE, "IBM ThinkPad devices"),
	MISC("ipmikcs", 173, C_PRIVATE, "IPMI KCS interface"),
	MISC("agpgart", 175, C_VIDEO, "AGP graphics address remapping"),
	MISC("cbm", 177, C_FLOPPY, "serial CBM bus"),
	MISC("toshiba", 181, C_PUBLIC, "Toshiba laptop SMM support"),
	MISC("hwrng", 183, C_PRIVATE, "hardware random number generator"),
	MISC("cpu/microcode", 184, C_PRIVATE, "CPU microcode update"),
	MISC("irnet", 187, C_SYSTEM, "IrNET device"),
	MISC("net/tun", 200, C_SYSTEM, "TAP/TUN network device"),
	MISC("mwave", 219, C_MOUSE, "Microsoft Mwave modem firmware"),
	MISC("input/uinput", 223, C_MOUSE, "user level driver support "
	    "for input"),
	MISC("tpm0", 224, C_PRIVATE, "TPM device"),
	MISC("systrace", 226, C_PRIVATE, "system call tracing"),
	MISC("mcelog", 227, C_PRIVATE, "x86 machine check logging"),
	MISC("hpet", 228, C_PRIVATE, "high precision event timer"),
	MISC("fuse", 229, C_SYSTEM, "FUSE (file system in user space)"),
	MISC("snapshot", 231, C_PRIVATE, "system memory snapshot"),
	MISC("kvm", 232, C_KVM, "kernel-based virtual machine"),
	MISC("mapper/control", 236, C_PRIVATE, "device-mapper control"),
	MISC("loop-control", 237, C_DISK, "loopback device control"),
	MISC("vhost-net", 238, C_KVM, "host kernel accelerator for virtio "
	    "net"),
	MISC("vhost-vsock", 241, C_KVM, "host kernel driver for virtio "
	    "vsock"),
	MISC("vhci", 250, C_DIALOUT, "Bluetooth virtual HCI"),
	MISC("dac960_gam", 252, C_DISK, "Mylex DAC960 RAID "
	    "configuration"),
	/* 11: raw keyboard, SCSI CD-ROM (sr, MAKEDEV's scd) */
	{ .name = "ttyB%n", .type = 'c', .major = 11, .count = 8,
	  .cls = C_DIALOUT, .desc = "HP serial port" },
	{ .name = "sr%n", .type = 'b', .major = 11, .count = 256,
	  .cls = C_CDROM, .desc = "SCSI CD-ROM" },
	{ .name = "scd%n", .type = 'b', .major = 11, .count = 256,
	  .cls = C_CDROM, .desc = "SCSI CD-ROM" },
	/* 13: input core; XT disks */
	{ .name = "input/js%n", .type = 'c', .major = 13, .count = 32,
	  .cls = C_MOUSE, .desc = "joystick" },
	{ .name = "input/mouse%n", .type = 'c', .major = 13, .minor = 32,
	  .count = 31, .cls = C_MOUSE, .desc = "mouse" },
	{ .name = "input/mice", .type = 'c', .major = 13, .minor = 63,
	  .cls = C_MOUSE, .desc = "all mice" },
	{ .name = "input/event%n", .type = 'c', .major = 13, .minor = 64,
	  .count = 32, .cls = C_MOUSE, .desc = "input event queue" },
	{ .name = "xd%a", .type = 'b', .major = 13, .count = 2, .stride = 64,
	  .parts = 8, .cls = C_DISK, .desc = "XT disk" },
	/* 14 char: Open Sound System */
	SOUND("mixer", 0, "mixer control"),
	SOUNDS("mixer%n", 16, "mixer control"),
	SOUND("sequencer", 1, "audio sequencer"),
	{ .name = "midi0%n", .type = 'c', .major = 14, .minor = 2,
	  .count = 4, .stride = 16, .cls = C_AUDIO, .desc = "raw MIDI" },
	SOUND("dsp", 3, "digital audio"),
	SOUNDS("dsp%n", 19, "digital audio"),
	SOUND("audio", 4, "Sun-compatible digital audio"),
	SOUNDS("audio%n", 20, "Sun-compatible digital audio"),
	SOUND("sndstat", 6, "sound driver status"),
	SOUND("audioctl", 7, "SPARC audio control"),
	{ .name = "sonycd", .type = 'b', .major = 15, .cls = C_CDROM,
	  .desc = "Sony CDU-31A CD-ROM" },
	{ .name = "gscd0", .type = 'b', .major = 16, .cls = C_CDROM,
	  .desc = "GoldStar CD-ROM" },
	{ .name = "optcd", .type = 'b', .major = 17, .cls = C_CDROM,
	  .desc = "Optics Storage CD-ROM" },
	{ .name = "sjcd", .type = 'b', .major = 18, .cls = C_CDROM,
	  .desc = "Sanyo CD-ROM" },
	{ .name = "mcdx%n", .type = 'b', .major = 20, .count = 5,
	  .cls = C_CDROM, .desc = "Mitsumi CD-ROM (mcdx)" },
	{ .name = "sg%n", .type = 'c', .major = 21, .count = 256,
	  .cls = C_SCSI, .desc = "generic SCSI access" },
	{ .name = "mcd", .type = 'b', .major = 23, .cls = C_CDROM,
	  .desc = "Mitsumi CD-ROM" },
	{ .name = "cdu535", .type = 'b', .major = 24, .cls = C_CDROM,
	  .desc = "Sony CDU-535 CD-ROM" },
	{ .name = "lmscd", .type = 'b', .major = 24, .cls = C_CDROM,
	  .desc = "LMS/Philips CD-ROM" },
	{ .name = "sbpcd%h", .type = 'b', .major = 25, .count = 4,
	  .cls = C_CDROM, .desc = "Matsushita CD-ROM" },
	{ .name = "fb%n", .type = 'c', .major = 29, .count = 32,
	  .cls = C_VIDEO, .desc = "frame buffer" },
	{ .name = "aztcd0", .type = 'b', .major = 29, .cls = C_CDROM,
	  .desc = "Aztech/Orchid/Okano/Wearnes CD-ROM" },
	{ .name = "cm206cd0", .type = 'b', .major = 30, .cls = C_CDROM,
	  .desc = "Philips LMS CM-206 CD-ROM" },
	{ .name = "mpu401data", .type = 'c', .major = 31, .cls = C_AUDIO,
	  .desc = "MPU-401 MIDI data" },
	{ .name = "mpu401stat", .type = 'c', .major = 31, .minor = 1,
	  .cls = C_AUDIO, .desc = "MPU-401 MIDI status" },
	{ .name = "midi%n", .type = 'c', .major = 35, .count = 4,
	  .cls = C_AUDIO, .desc = "MIDI port" },
	{ .name = "rmidi%n", .type = 'c', .major = 35, .minor = 64,
	  .count = 4, .cls = C_AUDIO, .desc = "raw MIDI port" },
	{ .name = "smpte%n", .type = 'c', .major = 35, .minor = 128,
	  .count = 4, .cls = C_AUDIO, .desc = "MIDI SMPTE timing" },
	{ .name = "ed%a", .type = 'b', .major = 36, .count = 2, .stride = 64,
	  .parts = 8, .cls = C_DISK, .desc = "MCA ESDI disk" },
	{ .name = "bpcd", .type = 'b', .major = 41, .cls = C_CDROM,
	  .desc = "MicroSolutions backpack CD-ROM" },
	{ .name = "ttyI%n", .type = 'c', .major = 43, .count = 64,
	  .cls = C_DIALOUT, .desc = "ISDN4Linux emulated modem" },
	{ .name = "isdn%n", .type = 'c', .major = 45, .count = 64,
	  .cls = C_DIALOUT, .desc = "ISDN channel" },
	{ .name = "isdnctrl%n", .type = 'c', .major = 45, .minor = 64,
	  .count = 64, .cls = C_DIALOUT, .desc = "ISDN control channel" },
	{ .name = "ippp%n", .type = 'c', .major = 45, .minor = 128,
	  .count = 64, .cls = C_DIALOUT, .desc = "ISDN synchronous PPP" },
	{ .name = "isdninfo", .type = 'c', .major = 45, .minor = 255,
	  .cls = C_PRIVATE, .desc = "ISDN status" },
	{ .name = "rd/c%cd%n", .type = 'b', .major = 48, .ctls = 8,
	  .count = 32, .stride = 8, .parts = 7, .cls = C_DISK,
	  .desc = "Mylex DAC960 RAID disk" },
	{ .name = "ida/c%cd%n", .type = 'b', .major = 72, .ctls = 8,
	  .count = 16, .stride = 16, .parts = 15, .cls = C_DISK,
	  .desc = "Compaq Intelligent Drive Array disk" },
	I2O(80, 0), I2O(81, 16), I2O(82, 32), I2O(83, 48), I2O(84, 64),
	I2O(85, 80), I2O(86, 96), I2O(87, 112),
	{ .name = "cciss/c%cd%n", .type = 'b', .major = 104, .ctls = 8,
	  .count = 16, .stride = 16, .parts = 15, .cls = C_DISK,
	  .desc = "Compaq CCISS RAID disk" },
	{ .name = "ppp", .type = 'c', .major = 108, .cls = C_DIP,
	  .desc = "PPP channel" },
	{ .name = "ataraid/d%n", .type = 'b', .major = 114, .count = 16,
	  .stride = 16, .parts = 15, .cls = C_DISK,
	  .desc = "ATA RAID disk" },
	{ .name = "dpti%n", .type = 'c', .major = 151, .first = 1,
	  .count = 7, .cls = C_DISK, .desc = "DPT I2O SmartRaid V controller" },
	{ .name = "rawctl", .type = 'c', .major = 162, .cls = C_DISK,
	  .desc = "raw I/O control" },
	{ .name = "raw/raw%n", .type = 'c', .major = 162, .minor = 1,
	  .first = 1, .count = 255, .cls = C_DISK, .desc = "raw I/O device" },
	{ .name = "ttyACM%n", .type = 'c', .major = 166, .count = 256,
	  .cls = C_DIALOUT, .desc = "USB modem" },
	{ .name = "mmcblk%n", .type = 'b', .major = 179, .count = 32,
	  .stride = 8, .parts = 7, .cls = C_DISK, .desc = "MMC/SD card" },
	{ .name = "ttyUSB%n", .type = 'c', .major = 188, .count = 256,
	  .cls = C_DIALOUT, .desc = "USB serial converter" },
	{ .name = "xvd%A", .type = 'b', .major = 202, .count = 16,
	  .stride = 16, .parts = 15, .cls = C_DISK,
	  .desc = "Xen virtual block device" },
	{ .name = "cpu/%n/msr", .type = 'c', .major = 202, .count = 256,
	  .cls = C_PRIVATE, .desc = "x86 model-specific registers" },
	{ .name = "cpu/%n/cpuid", .type = 'c', .major = 203, .count = 256,
	  .cls = C_PRIVATE, .desc = "x86 CPUID" },
	{ .name = "ttyAMA%n", .type = 'c', .major = 204, .minor = 64,
	  .count = 4, .cls = C_DIALOUT, .desc = "ARM AMBA serial port" },
	{ .name = "dri/card%n", .type = 'c', .major = 226, .count = 64,
	  .cls = C_VIDEO, .desc = "Direct Rendering Infrastructure card" },
	{ .name = "hvc%n", .type = 'c', .major = 229, .count = 8,
	  .cls = C_CONS, .desc = "hypervisor virtual console" },
};

const size_t devreg_rows_n = sizeof(devreg_rows) / sizeof(devreg_rows[0]);

#define ARG DEVREG_ARG
#define ROW(p, f, n) { .kind = 'r', .a = (p), .first = (f), .count = (n) }
#define ROWC(p, f, n, c) { .kind = 'r', .a = (p), .first = (f), \
	.count = (n), .cls = (c) }
#define ONE(p) ROW(p, 0, 1)
#define LINK(n, t) { .kind = 'l', .a = (n), .b = (t) }
#define LINKS(n, t, f, c) { .kind = 'l', .a = (n), .b = (t), .first = (f), \
	.count = (c) }
#define SUB(g) { .kind = 'g', .a = (g) }

#define STEPS(...) (const struct devreg_step[]){ __VA_ARGS__, { 0 } }
#define FD_STEP(sfx, off) ROW("fd%n" sfx, ARG, 1),

/* Debian's MAKEDEV 2.3.1: its groups, and the names it spells so. */
const struct devreg_group devreg_rows_groups[] = {
	{ "std", 0, 0, STEPS(ONE("mem"), ONE("kmem"), ONE("null"),
	    ONE("port"), ONE("zero"), LINK("core", "/proc/kcore"),
	    ONE("full"), ONE("random"), ONE("urandom"), ONE("tty"),
	    SUB("ram"), SUB("loop")) },
	/* MAKEDEV's own table of aliases: null and zero make std */
	{ "null", 0, 0, STEPS(SUB("std")) },
	{ "zero", 0, 0, STEPS(SUB("std")) },
	{ "generic", 0, 0, STEPS(SUB("std"), SUB("fd"), SUB("fd0"),
	    SUB("fd1"), SUB("hd"), SUB("sd"), SUB("xda"), SUB("xdb"),
	    SUB("scd0"), SUB("scd1"), SUB("st0"), SUB("st1"), SUB("sg"),
	    SUB("pty"), SUB("console"), SUB("ttyS"), SUB("busmice"),
	    SUB("input"), SUB("lp"), SUB("par"), SUB("audio"), SUB("fb"),
	    SUB("isdn-io"), SUB("eda"), SUB("edb"), SUB("sonycd"),
	    SUB("mcd"), SUB("mcdx"), SUB("cdu535"), SUB("optcd"),
	    SUB("sjcd"), SUB("cm206cd"), SUB("gscd"), SUB("lmscd"),
	    SUB("sbpcd"), SUB("aztcd"), SUB("bpcd"), SUB("dac960"),
	    SUB("dpti"), SUB("ida"), SUB("ataraid"), SUB("cciss"),
	    SUB("i2o.hda"), SUB("i2o.hdb"), SUB("i2o.hdc"),
	    SUB("i2o.hdd")) },
	{ "console", 0, 0, STEPS(SUB("consoleonly"), ONE("vcs%n"),
	    LINK("vcs", "vcs0"), ONE("vcsa%n"), LINK("vcsa", "vcsa0"),
	    ROW("tty%n", 1, 63), ROW("vcs%n", 1, 63),
	    ROW("vcsa%n", 1, 63)) },
	{ "consoleonly", 0, 0, STEPS(ONE("tty%n"), ONE("console")) },
	{ "ram", 0, 0, STEPS(ROW("ram%n", 0, 17), LINK("ram", "ram1")) },
	{ "ramdisk", 0, 0, STEPS(SUB("ram")) },
	{ "ram%n", 0, 16, STEPS(ROW("ram%n", ARG, 1)) },
	{ "loop", 0, 0, STEPS(ROW("loop%n", 0, 8)) },
	{ "md", 0, 0, STEPS(ROW("md%n", 0, 32)) },
	{ "fd", 0, 0, STEPS(LINK("fd", "/proc/self/fd"),
	    LINK("stdin", "fd/0"), LINK("stdout", "fd/1"),
	    LINK("stderr", "fd/2")) },
	{ "fd%n", 0, 7, STEPS(FLOPPY(FD_STEP) { 0 }) },
	{ "hd", 0, 0, STEPS(ROW("hd%a", 0, 16)) },
	{ "ide%n", 0, 9, STEPS(ROW("hd%a", ARG, 2)) },
	{ "sd", 0, 0, STEPS(ROW("sd%A", 0, 16)) },
	{ "scd", 0, 0, STEPS(ROW("scd%n", 0, 17),
	    LINKS("sr%n", "scd%n", 0, 17)) },
	{ "sr", 0, 0, STEPS(SUB("scd")) },
	{ "scd-all", 0, 0, STEPS(SUB("scd")) },
	{ "scd%n", 0, 19, STEPS(ROW("scd%n", ARG, 1),
	    LINKS("sr%n", "scd%n", ARG, 1)) },
	{ "st", 0, 0, STEPS(SUB("st0")) },
	{ "st%n", 0, 7, STEPS(ROW("st%n", ARG, 1), ROW("nst%n", ARG, 1),
	    ROW("st%nl", ARG, 1), ROW("nst%nl", ARG, 1),
	    ROW("st%nm", ARG, 1), ROW("nst%nm", ARG, 1),
	    ROW("st%na", ARG, 1), ROW("nst%na", ARG, 1)) },
	{ "sg", 0, 0, STEPS(ROW("sg%n", 0, 17)) },
	{ "sg-all", 0, 0, STEPS(SUB("sg")) },
	{ "pty", 0, 0, STEPS(ROW("pty%x", 0, 256), ROW("tty%x", 0, 256),
	    ONE("ptmx")) },
	{ "pty%b", 0, 15, STEPS(ROW("pty%x", ARG, 16),
	    ROW("tty%x", ARG, 16)) },
	{ "ttyS", 0, 0, STEPS(ROW("ttyS%n", 0, 5)) },
	{ "ttyS%n", 0, 63, STEPS(ROW("ttyS%n", ARG, 1)) },
	{ "tty%n", 1, 63, STEPS(ROW("tty%n", ARG, 1)) },
	{ "busmice", 0, 0, STEPS(ONE("logibm"), ONE("psaux"),
	    ONE("inportbm"), ONE("atibm"), ONE("jbm")) },
	{ "input", 0, 0, STEPS(ROW("input/js%n", 0, 4),
	    ROW("input/mouse%n", 0, 4), ROW("input/event%n", 0, 4),
	    ONE("input/mice")) },
	{ "lp", 0, 0, STEPS(ROW("lp%n", 0, 3)) },
	{ "par", 0, 0, STEPS(ROW("par%n", 0, 3)) },
	{ "audio", 0, 0, STEPS(ONE("mixer"), ROW("mixer%n", 1, 3),
	    ONE("sequencer"), ROW("midi0%n", 0, 4), ONE("dsp"),
	    ROW("dsp%n", 1, 3), ONE("audio"), ROW("audio%n", 1, 3),
	    ONE("sndstat"), ONE("audioctl"), ONE("mpu401data"),
	    ONE("mpu401stat"), ROW("midi%n", 0, 4), ROW("rmidi%n", 0, 4),
	    ROW("smpte%n", 0, 4)) },
	{ "sound", 0, 0, STEPS(SUB("audio")) },
	{ "fb", 0, 0, STEPS(ROW("fb%n", 0, 8)) },
	{ "fb%n", 0, 7, STEPS(ROW("fb%n", ARG, 1)) },
	{ "isdn-io", 0, 0, STEPS(ROW("isdn%n", 0, 8),
	    ROW("isdnctrl%n", 0, 8), ROW("ippp%n", 0, 8),
	    ROWC("isdninfo", 0, 1, C_DIALOUT)) },
	{ "isdn-tty", 0, 0, STEPS(ROW("ttyI%n", 0, 8)) },
	{ "isdn-ippp", 0, 0, STEPS(ROW("ippp%n", 0, 8)) },
	{ "isdnmodem", 0, 0, STEPS(ROW("ttyI%n", 0, 64)) },
	{ "isdnbri", 0, 0, STEPS(ROW("isdn%n", 0, 64),
	    ROW("isdnctrl%n", 0, 64), ROW("ippp%n", 0, 64),
	    ONE("isdninfo")) },
	{ "mcdx", 0, 0, STEPS(ROW("mcdx%n", 0, 5), LINK("mcdx", "mcdx0")) },
	{ "cm206cd", 0, 0, STEPS(ONE("cm206cd0")) },
	{ "gscd", 0, 0, STEPS(ONE("gscd0")) },
	{ "aztcd", 0, 0, STEPS(ONE("aztcd0")) },
	{ "sbpcd", 0, 0, STEPS(ROW("sbpcd%h", 0, 4),
	    LINK("sbpcd", "sbpcd0")) },
	{ "dac960", 0, 0, STEPS(ROW("rd/c%cd%n", 0, 8),
	    ONE("dac960_gam")) },
	{ "dac960.%n", 0, 7, STEPS(ROW("rd/c%cd%n", ARG, 1)) },
	{ "dpti", 0, 0, STEPS(ROW("dpti%n", 1, 7)) },
	{ "ida", 0, 0, STEPS(ROW("ida/c%cd%n", 0, 3)) },
	{ "ida.%n", 0, 7, STEPS(ROW("ida/c%cd%n", ARG, 1)) },
	{ "cciss", 0, 0, STEPS(ROW("cciss/c%cd%n", 0, 3)) },
	{ "cciss.%n", 0, 7, STEPS(ROW("cciss/c%cd%n", ARG, 1)) },
	{ "ataraid", 0, 0, STEPS(ROW("ataraid/d%n", 0, 3)) },
	{ "ataraid.%n", 0, 7, STEPS(ROW("ataraid/d%n", ARG, 1)) },
	{ "i2o.hd%A", 0, 127, STEPS(ONE("i2o/ctl"),
	    ROW("i2o/hd%A", ARG, 1)) },
	{ "raw", 0, 0, STEPS(ONE("rawctl"), ROW("raw/raw%n", 1, 8)) },
	{ "tun", 0, 0, STEPS(ONE("net/tun")) },
	{ "random", 0, 0, STEPS(ONE("random")) },
	{ "urandom", 0, 0, STEPS(ROWC("urandom", 0, 1, C_READABLE)) },
	{ "misc", 0, 0, STEPS(ONE("logibm"), ONE("psaux"), ONE("inportbm"),
	    ONE("atibm"), ONE("jbm"), ONE("amigamouse"), ONE("atarimouse"),
	    ONE("sunmouse"), ONE("amigamouse1"), ONE("smouse"),
	    ONE("pc110pad"), ONE("adbmouse"), ONE("beep"), ONE("modreq"),
	    ONE("watchdog"), ONE("temperature"), ONE("hwtrap"),
	    ONE("exttrp"), ONE("apm_bios"), ONE("rtc"), ONE("openprom"),
	    ONE("relay8"), ONE("relay16"), ONE("msr"), ONE("pciconf"),
	    ONE("nvram"), ONE("hfmodem"), ONE("led"), ONE("mergemem"),
	    ONE("pmu")) },
	{ "apm", 0, 0, STEPS(ONE("apm_bios")) },
	{ "cpu", 0, 0, STEPS(ONE("cpu/microcode"), ROW("cpu/%n/msr", 0, 4),
	    ROW("cpu/%n/cpuid", 0, 4)) },
	{ "microcode", 0, 0, STEPS(SUB("cpu")) },
	{ "ipmi", 0, 0, STEPS(ONE("ipmikcs")) },
	/* what MAKEDEV's alias table drops: these make nothing */
	{ "mem", 0, 0, STEPS({ .kind = 'n' }) },
	{ "tty", 0, 0, STEPS({ .kind = 'n' }) },
};

const size_t devreg_rows_ngroups =
    sizeof(devreg_rows_groups) / sizeof(devreg_rows_groups[0]);
