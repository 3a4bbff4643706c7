#!/usr/bin/env bats
# exit.bats - EXIT STATUS in devtool(1): one table for every verb, a test
# per row of each column.  A verb that acts: 0 success, 1 an operation
# failed, 2 bad usage or bad input refused before anything is done.  A
# verb that answers a question (list --check, devices NAME): 0 nothing
# found, 1 a finding, 2 any trouble.

load test_helper

PROC=$BATS_TEST_DIRNAME/fixtures/proc-devices

setup() { setup_workdir; }

# exits N CMD...: CMD, a verb that acts, exits N, and for an error (N >
# 0) says why on stderr ("devtool: ...").
exits() {
	local want=$1
	shift
	run --separate-stderr "$@"
	[[ $status -eq $want ]] ||
		fail "$*: exit $status, expected $want"$'\n'"stdout: $output"$'\n'"stderr: $stderr"
	[[ $want -eq 0 || $stderr == devtool:* ]] ||
		fail "$*: exit $status without a message: $stderr"
}

# answers N CMD...: CMD, a question, exits N; trouble (2) is said.
answers() {
	local want=$1
	shift
	run --separate-stderr "$@"
	[[ $status -eq $want ]] ||
		fail "$*: exit $status, expected $want"$'\n'"stdout: $output"$'\n'"stderr: $stderr"
	[[ $want -ne 2 || $stderr == devtool:* ]] ||
		fail "$*: exit $status without a message: $stderr"
}

# The verbs devtool --help lists.
verbs() {
	"$DEVTOOL" --help | awk '/^Verbs:/ { f = 1; next }
	    f && /^$/ { exit } f && /^  [a-z]/ { print $1 }'
}

# An archive holding c 300 5, which 8:8 cannot hold, and a FIFO.
big_archive() {
	printf '/dev/big c 600 0 0 300 5\n/dev/fifo p 600 0 0\n' >big.t
	devtool apply --archive big.cpio big.t
}

# ------------------------------------------------------ a verb that acts

@test "exit 0, acting: success, warnings, dry runs, --help, --usage and --version, for every verb" {
	local verb
	export DEVTOOL_PROC_DEVICES=$PROC
	mkdir R
	printf '/dev/null c 666 0 0 1 3\n' >t
	exits 0 devtool encode 8 1
	exits 0 devtool decode 2049
	exits 0 devtool decode 0x10001	# not canonical: a warning
	assert_stderr_contains "warning: "
	exits 0 devtool convert -t linux 2049
	exits 0 devtool explain 8 1
	exits 0 devtool formats
	exits 0 devtool devices
	exits 0 devtool list /dev/null
	exits 0 devtool apply --archive o.cpio t
	exits 0 devtool apply -n --root R t
	exits 0 devtool make -n -C R null
	exits 0 devtool mknod -n x p
	exits 0 devtool --version
	for verb in $(verbs); do
		exits 0 devtool "$verb" --help
		exits 0 devtool "$verb" --usage
	done
	[[ -z $(ls -A R) && ! -e x ]] || fail "a dry run made something"
}

@test "exit 1, acting: a system call failed: EEXIST, ENOTDIR, a missing parent, a missing --root, an entry of apply" {
	mkfifo f
	: >file
	exits 1 devtool mknod f p
	assert_equal "$stderr" "devtool: f: exists (a FIFO); use -r to replace it"
	exits 1 devtool mknod file/x p
	assert_equal "$stderr" "devtool: file/x: parent directory: Not a directory"
	exits 1 devtool mknod -p file/x p
	exits 1 devtool mknod nodir/x p
	assert_equal "$stderr" "devtool: nodir/x: parent directory: No such file or directory (use -p)"
	# a missing --root, for every verb that takes one: never made
	printf '/dev/f p 600 0 0\n' >t
	exits 1 devtool mknod --root nodir /x p
	exits 1 devtool apply --root nodir t
	exits 1 devtool apply -n --root nodir t
	exits 1 devtool make --root nodir null
	exits 1 devtool make -C nodir null
	exits 1 devtool list --root nodir
	assert_equal "$stderr" "devtool: --root nodir: No such file or directory"
	# said as such before a name is looked up in it, not as an unknown name
	exits 1 devtool mknod --root nodir -u no-such-user-here /x p
	assert_equal "$stderr" "devtool: --root nodir: No such file or directory"
	printf '/dev/f p 600 no-such-user-here 0\n' >u
	exits 1 devtool apply --root nodir u
	assert_equal "$stderr" "devtool: --root nodir: No such file or directory"
	[[ ! -e nodir ]] || fail "a --root was made"
	# apply: one entry fails, the others are made
	mkdir -p R/dev
	: >R/dev/g
	printf '/dev/f p 600 0 0\n/dev/g p 600 0 0\n' >t
	exits 1 devtool apply --root R t
	assert_equal "$stderr" "devtool: /dev/g: exists and is a regular file; only device nodes and FIFOs are ever replaced (not even -r, or a tmpfiles '+' or '=', removes it)"
	[[ -p R/dev/f ]] || fail "the other entry was not made"
}

@test "exit 1, acting: a file that cannot be read: a table, a path or archive to list, --reference, --users-from, /proc/devices" {
	printf '/dev/f p 600 0 0\n' >t
	exits 1 devtool apply --archive o.cpio no-such-table
	assert_stderr_contains "devtool: no-such-table: No such file or directory"
	[[ ! -e o.cpio ]] || fail "an archive was written"
	exits 1 devtool list /no/such/path
	exits 1 devtool list --archive no-such.cpio
	echo 'not an archive' >junk
	exits 1 devtool list --archive junk
	exits 1 devtool mknod --reference nope x p
	exits 1 devtool mknod --users-from nope -u 0 x p
	exits 1 devtool apply --users-from nope --archive o.cpio t
	[[ ! -e x ]] || fail "a node was made"
	# /proc/devices: devices's list, mknod's driver name, explain's names
	export DEVTOOL_PROC_DEVICES=$PWD/no-proc-devices
	exits 1 devtool devices
	assert_equal "$stderr" "devtool: $DEVTOOL_PROC_DEVICES: No such file or directory"
	exits 1 devtool mknod x c mem 3
	exits 1 devtool explain 1 3
	assert_equal "$stderr" "devtool: $DEVTOOL_PROC_DEVICES: No such file or directory"
	assert_output --partial "pair   1:3"	# the rest is still shown
	exits 1 devtool explain --json 1 3
	jq -e '.major == 1 and .minor == 3' <<<"$output" >/dev/null ||
		fail "explain --json printed no whole object: $output"
	# a malformed one: every reader names its line in the same words
	printf 'Character devices:\n  1 mem\nnot an entry\n' >bad
	export DEVTOOL_PROC_DEVICES=$PWD/bad
	local said="devtool: $PWD/bad:3: malformed line; expected a section title or 'MAJOR NAME'"
	exits 1 devtool devices
	assert_equal "$stderr" "$said"
	exits 1 devtool mknod x c mem 3
	assert_equal "$stderr" "$said"
	exits 1 devtool explain 1 3
	assert_equal "$stderr" "$said"
	exits 1 devtool make -o deviceallow-groups mem
	assert_equal "$stderr" "$said"
	printf '/dev/mem c 640 0 0 1 1 - - -\n' >mem.t
	answers 2 devtool list --check kernel --table mem.t
	assert_equal "$stderr" "$said"
}

@test "exit 1, acting: EROFS on a read-only mount and ENOSPC on a full tmpfs (in a mount namespace)" {
	unshare -m true 2>/dev/null || skip "cannot make a mount namespace (needs root outside an unprivileged container)"
	local m
	mkdir ro full
	printf '/x p 600 0 0\n' >t
	for m in ro full; do
		# shellcheck disable=SC2016 # the inner shell expands them
		run --separate-stderr unshare -m sh -c '
			if [ "$1" = ro ]; then opts=ro; else opts=nr_inodes=1,size=64k; fi
			mount -t tmpfs -o "$opts" tmpfs "$1" || exit 99
			"$DEVTOOL" mknod "$1/x" p; echo "mknod $?"
			"$DEVTOOL" mknod -p "$1/a/x" c 1 3; echo "mknod -p $?"
			"$DEVTOOL" apply --root "$1" t; echo "apply $?"' sh "$m"
		[[ $status -ne 99 ]] || skip "cannot mount a tmpfs here"
		assert_output "mknod 1
mknod -p 1
apply 1"
		if [[ $m == ro ]]; then
			assert_stderr_contains "devtool: ro/x: Read-only file system"
		else
			assert_stderr_contains "devtool: full/x: No space left on device"
		fi
	done
}

@test "exit 1, acting: standard output that cannot be written: --help, --usage and --version of every verb to /dev/full, as coreutils" {
	local verb
	for verb in $(verbs); do
		exits 1 bash -c '"$DEVTOOL" "$1" --help >/dev/full' _ "$verb"
		assert_equal "$stderr" "devtool: standard output: No space left on device"
		exits 1 bash -c '"$DEVTOOL" "$1" --usage >/dev/full' _ "$verb"
	done
	exits 1 bash -c '"$DEVTOOL" --help >/dev/full'
	exits 1 bash -c '"$DEVTOOL" --version >/dev/full'
	exits 1 bash -c '"$DEVTOOL" encode 8 1 >/dev/full'
	exits 1 bash -c 'DEVTOOL_PROC_DEVICES=$1 "$DEVTOOL" devices >/dev/full' _ "$PROC"
	exits 1 bash -c '"$DEVTOOL" list /dev/null >/dev/full'
}

@test "exit 2, acting: bad usage or bad input, refused before anything is done" {
	mkdir R
	run --separate-stderr devtool
	assert_status 2
	assert_stdout_empty
	[[ $stderr == "Usage: devtool "* ]] || fail "no usage on stderr: $stderr"
	exits 2 devtool no-such-verb
	exits 2 devtool --no-such-option
	exits 2 devtool encode --no-such-option 1 2
	exits 2 devtool encode -f no-such-layout 1 2
	exits 2 env DEVTOOL_FORMAT=no-such-layout "$DEVTOOL" decode 1
	exits 2 devtool encode 1	# wrong operands
	exits 2 devtool decode 08	# an invalid number
	exits 2 devtool encode 1 256x
	exits 2 devtool encode 300 5 -f 8:8	# out of the layout's range
	exits 2 devtool mknod x q
	exits 2 devtool mknod --root '' x p
	exits 2 devtool mknod -u no-such-user-here x p
	exits 2 devtool make no-such-device
	exits 2 devtool list -o no-such-dialect
	exits 2 devtool list --check no-such-layout /dev/null
	exits 2 devtool apply --root '' t
	# a table that does not validate: nothing is made
	printf '/dev/a p 600 0 0\n/dev/b q 600 0 0\n' >bad
	exits 2 devtool apply --root R bad
	assert_stderr_contains "devtool: bad:2: "
	[[ -z $(ls -A R) ]] || fail "something was made"
	# with a table that cannot be read too: bad input outranks a failure,
	# and so it does a standard output that cannot be written
	exits 2 devtool apply --root R bad no-such-table
	exits 2 bash -c '"$DEVTOOL" decode 1 x >/dev/full'
	assert_stderr_contains "devtool: standard output: "
	# a table another dialect cannot hold, without --lossy (an OCI array
	# has no comment line for a link, as makedevs has)
	printf 'L /dev/fd - - - - /proc/self/fd\n' >link
	exits 2 devtool list --table -o oci link
	assert_stdout_empty
	[[ ! -e x ]] || fail "a node was made"
}

# ------------------------------------------------ a verb that answers

@test "a question, list --check: 0 nothing found, 1 a finding, 2 any trouble (a missing path or archive, an unreadable one, a full stdout)" {
	big_archive
	answers 0 devtool list --check 16:16 --archive big.cpio
	assert_output ''
	answers 1 devtool list --check 8:8 --archive big.cpio
	assert_output --partial /dev/big
	answers 0 devtool list --check 8:8 --archive big.cpio /dev/fifo
	# trouble, never a finding, even beside one
	answers 2 devtool list --check 8:8 /no/such/path
	assert_equal "$stderr" "devtool: /no/such/path: No such file or directory"
	answers 2 devtool list --check 8:8 --root no-such-root
	answers 2 devtool list --check 8:8 --archive no-such.cpio
	echo 'not an archive' >junk
	answers 2 devtool list --check 8:8 --archive junk
	answers 2 bash -c '"$DEVTOOL" list --check 8:8 --archive big.cpio >/dev/full'
	answers 2 devtool list --check no-such-layout --archive big.cpio
	answers 2 devtool list --check 8:8 --no-such-option
	# the audit, when /proc/devices cannot be read
	answers 2 env DEVTOOL_PROC_DEVICES=/no/such/file "$DEVTOOL" list --check kernel --archive big.cpio
	# a table's entries: one that does not validate
	printf '/dev/a q 600 0 0\n' >bad
	answers 2 devtool list --table --check 8:8 bad
	printf '/dev/big c 600 0 0 300 5\n' >good
	answers 1 devtool list --table --check 8:8 good
	answers 2 devtool list --table --check 8:8 good no-such-table
}

@test "a question, devices NAME: 0 every one registered, 1 one that is not, 2 any trouble (a missing or malformed /proc/devices, a full stdout)" {
	export DEVTOOL_PROC_DEVICES=$PROC
	answers 0 devtool devices mem misc
	assert_output "1
10"
	answers 1 devtool devices mem no-such-driver
	assert_output 1
	assert_equal "$stderr" "devtool: no driver named 'no-such-driver' in $PROC"
	answers 1 devtool devices 3
	DEVTOOL_PROC_DEVICES=/no/such/file answers 2 devtool devices mem
	assert_equal "$stderr" "devtool: /no/such/file: No such file or directory"
	printf 'Character devices:\nnot an entry\n' >bad
	DEVTOOL_PROC_DEVICES=$PWD/bad answers 2 devtool devices no-such-driver
	answers 2 bash -c '"$DEVTOOL" devices mem >/dev/full'
	answers 2 devtool devices -o no-such-output mem
}
