#!/usr/bin/env bats
# audit.bats - devtool list --check kernel, the audit (AUDIT in
# devtool(1)): nodes whose major has no driver in the running kernel,
# whose name and numbers disagree with the registry or with the kernel's
# name for the number, world-writable block devices, set-id and sticky
# nodes, device nodes outside /dev; over --root, --archive and --table;
# exit 0 clean, 1 findings, 2 error.  The kernel is a fixture:
# DEVTOOL_PROC_DEVICES and DEVTOOL_SYSFS (ENVIRONMENT in devtool(1)).

load test_helper

setup() {
	setup_workdir
	printf 'Character devices:\n  1 mem\n  4 tty\n  4 ttyS\n  5 /dev/tty\n\nBlock devices:\n  7 loop\n  8 sd\n' \
	    >devices
	mkdir -p sys/dev/char/1:3 sys/dev/char/1:5
	printf 'MAJOR=1\nMINOR=3\nDEVNAME=null\n' >sys/dev/char/1:3/uevent
	printf 'MAJOR=1\nMINOR=5\nDEVNAME=zero\n' >sys/dev/char/1:5/uevent
	export DEVTOOL_PROC_DEVICES=$PWD/devices DEVTOOL_SYSFS=$PWD/sys
}

# table FILE LINE...: a makedevs table of the lines.
table() {
	local f=$1
	shift
	printf '%s\n' "$@" >"$f"
}

@test "the audit of a clean tree prints nothing and exits 0" {
	table t '/dev/null c 666 0 0 1 3 - - -' '/dev/ttyS0 c 660 0 20 4 64 - - -' \
	    '/dev/sda b 660 0 6 8 0 - - -'
	run --separate-stderr devtool list --check kernel --table t
	assert_success
	assert_output ''
}

@test "the audit finds a /dev/null of 1:5: the registry's and the kernel's names disagree" {
	table t '/dev/null c 666 0 0 1 5 - - -'
	run --separate-stderr devtool list --check kernel --table t
	assert_failure 1
	assert_output "/dev/null	c	0666	0	0	1	5	-	-	- # the registry's null is c 1:3 (null device); the running kernel names c 1:5 zero"
}

@test "the audit finds a sda that is a character device" {
	table t '/dev/sda c 660 0 6 8 0 - - -'
	run --separate-stderr devtool list --check kernel --table t
	assert_failure 1
	assert_output --partial "no character driver of major 8 in the running kernel; the registry's sda is b 8:0 (SCSI disk)"
}

@test "the audit finds world-writable block devices, set-id and sticky nodes, nodes outside /dev" {
	table t '/dev/loop0 b 666 0 6 7 0 - - -' '/dev/ttyS1 c 4660 0 20 4 65 - - -' \
	    '/dev/ttyS2 c 3660 0 20 4 66 - - -' '/home/u/mem c 600 0 0 1 1 - - -'
	run --separate-stderr devtool list --check kernel --table t
	assert_failure 1
	assert_line --partial "/dev/loop0	b	0666	0	6	7	0	-	-	- # a world-writable block device"
	assert_line --partial "/dev/ttyS1	c	4660	0	20	4	65	-	-	- # a set-user-ID node"
	assert_line --partial "/dev/ttyS2	c	3660	0	20	4	66	-	-	- # a set-group-ID, sticky node"
	assert_line --partial "/home/u/mem	c	0600	0	0	1	1	-	-	- # a device node outside /dev"
	assert_equal "${#lines[@]}" 4
}

@test "the audit finds a major no driver of the running kernel registers" {
	table t '/dev/thing c 600 0 0 240 0 - - -'
	run --separate-stderr devtool list --check kernel --table t
	assert_failure 1
	assert_output --partial "# no character driver of major 240 in the running kernel"
}

@test "the audit reads an archive: make std, with a planted null, as JSON" {
	devtool make --archive a.tar std
	run --separate-stderr devtool list --check kernel --archive a.tar -o json
	assert_failure 1
	# findings: std's ram disks are block major 1, the fixture kernel has none
	refute_output --partial '"path":"/dev/null"'
	table t '/dev/null c 666 0 0 1 5 - - -'
	devtool apply --archive b.tar t
	run --separate-stderr devtool list --check kernel --archive b.tar -o json
	assert_failure 1
	assert_output '{"path":"/dev/null","type":"c","mode":"0666","uid":0,"gid":0,"major":1,"minor":5,"problem":"the registry'"'"'s null is c 1:3 (null device); the running kernel names c 1:5 zero"}'
}

@test "the audit walks a --root tree" {
	needs_mknod
	mkdir -p img/dev
	mknod img/dev/null c 1 5
	mknod img/dev/zero c 1 5
	run --separate-stderr devtool list --check kernel --root img
	assert_failure 1
	assert_output "/dev/null	c	0644	0	0	1	5	-	-	- # the registry's null is c 1:3 (null device); the running kernel names c 1:5 zero"
}

@test "the audit is exit 2 when the kernel's /proc/devices cannot be read" {
	table t '/dev/null c 666 0 0 1 3 - - -'
	DEVTOOL_PROC_DEVICES=$PWD/nosuch run --separate-stderr devtool list --check kernel --table t
	assert_usage_error
	assert_stderr_contains "nosuch"
}

@test "the audit is exit 2 when the tree cannot be read" {
	run --separate-stderr devtool list --check kernel --root . /nosuch
	assert_equal "$status" 2
	assert_stderr_contains "/nosuch"
}

@test "the audit's findings are about device nodes: a sticky directory, a set-id FIFO are none; devpts's ptmx (pts/ptmx) is the kernel's ptmx" {
	mkdir -p sys/dev/char/5:2
	printf 'MAJOR=5\nMINOR=2\nDEVNAME=ptmx\n' >sys/dev/char/5:2/uevent
	printf '  5 ptmx\n' >>devices
	table t '/dev/shm d 1777 0 0 - - - - -' '/dev/initctl p 4600 0 0 - - - - -' \
	    '/dev/pts/ptmx c 0 0 0 5 2 - - -' '/dev/ptmx c 666 0 5 5 2 - - -'
	run --separate-stderr devtool list --check kernel --table t
	assert_success
	assert_output ''
	# the control: another name for c 5:2, a sticky node, are findings
	table t '/dev/pts/ptmx2 c 0 0 0 5 2 - - -' '/dev/null c 1666 0 0 1 3 - - -'
	run --separate-stderr devtool list --check kernel --table t
	assert_failure 1
	assert_line --partial "/dev/null	c	1666	0	0	1	3	-	-	- # a sticky node"
	assert_line --partial "/dev/pts/ptmx2	c	0000	0	0	5	2	-	-	- # the running kernel names c 5:2 ptmx"
}

@test "the audit of a /dev made by devtmpfs, with devpts and a tmpfs /dev/shm mounted, finds nothing, walked whole" {
	unset DEVTOOL_PROC_DEVICES DEVTOOL_SYSFS
	unshare -m true 2>/dev/null || skip "no mount namespace (unshare -m)"
	mkdir -p s/dev
	# devtmpfs is one instance: its /dev/pts and /dev/shm are the host's
	# directories, never made here
	run --separate-stderr unshare -m sh -c 'mount -t devtmpfs devtmpfs s/dev &&
	    { [ -d s/dev/pts ] && [ -d s/dev/shm ] || exit 77; } &&
	    mount -t devpts -o newinstance,ptmxmode=000 devpts s/dev/pts &&
	    mount -t tmpfs -o mode=1777 tmpfs s/dev/shm &&
	    "$DEVTOOL" list --check kernel --root s /dev && echo clean &&
	    "$DEVTOOL" list --dirs --root s /dev/pts /dev/shm'
	[[ $status != 77 ]] || skip "this devtmpfs has no pts or shm directory to mount on"
	assert_success
	assert_stderr_empty
	# what it walked: devpts's mode-0 ptmx and the sticky /dev/shm
	assert_output "clean
$(printf '%s\t' /dev/pts d 0755 0 0 - - - -)-
$(printf '%s\t' /dev/pts/ptmx c 0000 0 0 5 2 - -)-
$(printf '%s\t' /dev/shm d 1777 0 0 - - - -)-"
}

@test "the audit of this machine's /dev, when devtmpfs made it, finds nothing" {
	unset DEVTOOL_PROC_DEVICES DEVTOOL_SYSFS
	[[ $(findmnt -n -o FSTYPE --target /dev) == devtmpfs ]] ||
		skip "/dev here is not a devtmpfs"
	run --separate-stderr devtool list --check kernel /dev
	assert_success
	assert_output ''
}
