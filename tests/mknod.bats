#!/usr/bin/env bats
# devtool mknod: "devtool mknod" in devtool(1), checked against the nodes the
# kernel made (stat(1) on real nodes).  Needs CAP_MKNOD: run as root.

load test_helper

# ---------------------------------------------------------------- helpers

ino() { stat -c '%i' -- "$1"; }
ino_ctime() { stat -c '%i %z' -- "$1"; }

# The directory (default .) holds exactly the given names: no leftover
# temporary (.devtool.*) or stray file.
assert_only() {
	local dir=. want got
	if [[ $1 == --dir ]]; then dir=$2; shift 2; fi
	want=$(printf '%s\n' "$@" | LC_ALL=C sort | sed '/^$/d')
	got=$(cd "$dir" && LC_ALL=C ls -A | LC_ALL=C sort)
	[[ $got == "$want" ]] ||
		fail "$dir holds unexpected names"$'\n'"expected: $(echo $want)"$'\n'"actual:   $(echo $got)"
}

# Each test works in an empty directory of its own ("work").
setup() { setup_workdir; }

# Immutable / append-only directories and mounts must be undone before
# bats removes the test directory.
UNDO=()
teardown() {
	local i
	for ((i = ${#UNDO[@]} - 1; i >= 0; i--)); do
		eval "${UNDO[i]}" || true
	done
}

fixture() { echo "$BATS_TEST_DIRNAME/fixtures/$1"; }

# ------------------------------------------------------------- node types

@test "mknod: c, u, b and p create the right kind of node" {
	needs_mknod
	run --separate-stderr devtool mknod -m 0640 chr c 1 3
	assert_status 0
	assert_stdout_empty
	[[ -z $stderr ]]
	[[ $(node chr) == "character special file 1 3 640 0 0" ]]

	run --separate-stderr devtool mknod -m 0640 unb u 4 64
	assert_status 0
	[[ $(node unb) == "character special file 4 64 640 0 0" ]]

	run --separate-stderr devtool mknod -m 0660 blk b 7 0
	assert_status 0
	[[ $(node blk) == "block special file 7 0 660 0 0" ]]

	run --separate-stderr devtool mknod -m 0600 fifo p
	assert_status 0
	[[ $(stat -c '%F %a %u %g' fifo) == "fifo 600 0 0" ]]
	assert_only blk chr fifo unb
}

@test "mknod: octal and hexadecimal numbers are accepted (C notation)" {
	needs_mknod
	run --separate-stderr devtool mknod x c 010 0x1f
	assert_status 0
	[[ $(stat -c '%Hr %Lr' x) == "8 31" ]]
	run --separate-stderr devtool mknod y b 0X10 0
	assert_status 0
	[[ $(stat -c '%Hr %Lr' y) == "16 0" ]]
	assert_only x y
}

@test "mknod: a FIFO with numbers is a usage error (exit 2), nothing created" {
	run --separate-stderr devtool mknod f p 1 3
	assert_status 2
	assert_stdout_empty
	assert_stderr_contains "FIFO"
	run --separate-stderr devtool mknod f p 0x103
	assert_status 2
	assert_only
}

@test "mknod: a device without numbers is a usage error (exit 2)" {
	run --separate-stderr devtool mknod x c
	assert_status 2
	assert_stderr_contains "MAJOR MINOR"
	run --separate-stderr devtool mknod x b
	assert_status 2
	run --separate-stderr devtool mknod x c 1 2 3
	assert_status 2
	run --separate-stderr devtool mknod x
	assert_status 2
	assert_only
}

@test "mknod: an invalid type is exit 2 naming it" {
	for t in q d f s C cc ''; do
		run --separate-stderr devtool mknod x "$t" 1 3
		assert_status 2
		assert_stderr_contains "'$t'"
	done
	assert_only
}

@test "mknod: bad numbers (every NUMBERS in devtool(1) class) are exit 2, quoted, nothing created" {
	local bad
	# As MINOR, after a valid MAJOR; "--" so "-1" is an operand.
	for bad in '' '-1' '+5' ' 1' '1 ' '12abc' '08' '0xg' '0x' \
	    '18446744073709551616' '99999999999999999999999'; do
		run --separate-stderr devtool mknod -- x c 1 "$bad"
		assert_status 2
		assert_stdout_empty
		assert_stderr_contains "'$bad'"
		# and as MAJOR
		run --separate-stderr devtool mknod -- x c "$bad" 1
		assert_status 2
		[[ $bad == '' || $stderr == *"'$bad'"* ]] ||
			fail "MAJOR '$bad' not quoted: $stderr"
		# and as VALUE
		run --separate-stderr devtool mknod -f 16:16 -- x c "$bad"
		assert_status 2
	done
	assert_only
}

@test "mknod: numbers outside the layout's range (VALUE) are exit 2 giving the range" {
	run --separate-stderr devtool mknod -f 8:8 x c 0x10000
	assert_status 2
	assert_stderr_contains "0xffff"
	run --separate-stderr devtool mknod -f 16:16 x c 0x100000000
	assert_status 2
	assert_only
}

# ---------------------------------------------------------- host encoding

@test "mknod: the node carries the host encoding: stat shows exactly MAJOR MINOR" {
	needs_mknod
	run --separate-stderr devtool mknod x c 300 5
	assert_status 0
	[[ $(stat -c '%Hr %Lr' x) == "300 5" ]]
	[[ $(stat -c '%t %T' x) == "12c 5" ]]

	run --separate-stderr devtool mknod big c 4095 1048575
	assert_status 0
	[[ $(stat -c '%Hr %Lr' big) == "4095 1048575" ]]

	run --separate-stderr devtool mknod wide b 256 65536
	assert_status 0
	[[ $(node wide) == "block special file 256 65536 644 0 0" ]] ||
		[[ $(stat -c '%Hr %Lr' wide) == "256 65536" ]]
	assert_only big wide x
}

@test "mknod: major 4096 is refused (exit 2) naming the limit 4095, nothing created" {
	run --separate-stderr devtool mknod x c 4096 0
	assert_status 2
	assert_stderr_contains "4095"
	assert_stderr_contains "4096"
	[[ $stderr != *"Invalid argument"* ]]
	assert_only
}

@test "mknod: minor 1048576 is refused (exit 2) naming the limit 1048575, nothing created" {
	run --separate-stderr devtool mknod x b 1 1048576
	assert_status 2
	assert_stderr_contains "1048575"
	[[ $stderr != *"Invalid argument"* ]]
	run --separate-stderr devtool mknod x c 0 0xffffffff
	assert_status 2
	assert_stderr_contains "1048575"
	assert_only
}

@test "mknod: out-of-range pairs are refused before any system call (strace)" {
	command -v strace >/dev/null || skip "strace is not installed"
	needs_mknod
	local log=$BATS_FILE_TMPDIR/strace.$BATS_TEST_NUMBER
	mkdir d
	# Control: the trace does see mknodat for a valid pair.
	run --separate-stderr strace -f -qq -o "$log" -e trace=mknodat,mknod \
	    "$DEVTOOL" mknod d/ok c 1 3
	assert_status 0
	grep -q 'mknodat(' "$log" || fail "control trace shows no mknodat: $(cat "$log")"

	for pair in "4096 0" "1 1048576" "65535 65535"; do
		run --separate-stderr strace -f -qq -o "$log" \
		    -e trace=mknodat,mknod "$DEVTOOL" mknod d/x c $pair
		assert_status 2
		! grep -E 'mknod(at)?\(' "$log" ||
			fail "mknod system call for $pair: $(cat "$log")"
		[[ $stderr == *"limit"* ]]
	done
	# The VALUE form too: 16:16 0x10000000 is 4096:0.
	run --separate-stderr strace -f -qq -o "$log" -e trace=mknodat,mknod \
	    "$DEVTOOL" mknod -f 16:16 d/x c 0x10000000
	assert_status 2
	! grep -E 'mknod(at)?\(' "$log"|| fail "mknod system call for the VALUE form: $(cat "$log")"
	assert_stderr_contains "4095"
	assert_only --dir d ok
}

# ------------------------------------------------------------ VALUE form

@test "mknod: VALUE is decoded under -f 16:16" {
	needs_mknod
	run --separate-stderr devtool mknod -f 16:16 x c 0x12c0005
	assert_status 0
	[[ -z $stderr ]]
	[[ $(stat -c '%Hr %Lr' x) == "300 5" ]]
	# compat: a value <= 0xffff is 8:8
	run --separate-stderr devtool mknod -f 16:16 y b 0x0103
	assert_status 0
	[[ $(node y) == "block special file 1 3 644 0 0" ]]
	assert_only x y
}

@test "mknod: VALUE is decoded under -f linux" {
	needs_mknod
	run --separate-stderr devtool mknod -f linux x c 0x12c05
	assert_status 0
	[[ $(stat -c '%Hr %Lr' x) == "300 5" ]]
	run --separate-stderr devtool mknod --format linux y c 0xffffffff
	assert_status 0
	[[ $(stat -c '%Hr %Lr' y) == "4095 1048575" ]]
	assert_only x y
}

@test "mknod: one number without -f is a missing MINOR (exit 2), not a VALUE under the default layout" {
	# 300 under 16:16 would be 1:44: a forgotten minor must not make a node
	run --separate-stderr devtool mknod x c 300
	assert_usage_error
	assert_equal "$stderr" "devtool: missing MINOR after MAJOR '300' (or give -f LAYOUT to decode one VALUE)
Try 'devtool mknod --help' for more information."
	# nor under DEVTOOL_FORMAT, --strict, -n or with a driver name
	DEVTOOL_FORMAT=8:8 run --separate-stderr devtool mknod x b 0x0103
	assert_usage_error
	assert_equal "${stderr%%$'\n'*}" "devtool: missing MINOR after MAJOR '0x0103' (or give -f LAYOUT to decode one VALUE)"
	run --separate-stderr devtool mknod --strict -n x c 0x103
	assert_usage_error
	assert_equal "${stderr%%$'\n'*}" "devtool: missing MINOR after MAJOR '0x103' (or give -f LAYOUT to decode one VALUE)"
	DEVTOOL_PROC_DEVICES=$(fixture proc-devices) run --separate-stderr \
	    devtool mknod x c misc
	assert_usage_error
	assert_equal "${stderr%%$'\n'*}" "devtool: missing MINOR after MAJOR 'misc' (or give -f LAYOUT to decode one VALUE)"
	# and --help does not promise a default layout for VALUE
	run --separate-stderr devtool mknod --help
	assert_status 0
	assert_line "  -f, --format=LAYOUT      decode one VALUE under LAYOUT (without -f, one"
	assert_line "                           number is a MAJOR missing its MINOR)"
	assert_only
}

@test "mknod: with -f, DEVTOOL_FORMAT does not change how VALUE is decoded" {
	needs_mknod
	DEVTOOL_FORMAT=8:8 run --separate-stderr devtool mknod -f linux y c 0x12c05
	assert_status 0
	[[ $(stat -c '%Hr %Lr' y) == "300 5" ]]
	DEVTOOL_FORMAT=bogus run --separate-stderr devtool mknod -f 8:8 z c 0x0103
	assert_status 0
	[[ $(stat -c '%Hr %Lr' z) == "1 3" ]]
	run --separate-stderr devtool mknod -f bogus w c 0x0103
	assert_status 2
	assert_stderr_contains "16:16"
	assert_only y z
}

@test "mknod: --strict decodes VALUE without the compat rule" {
	needs_mknod
	run --separate-stderr devtool mknod -f 16:16 --strict x c 0x00000103
	assert_status 0
	[[ $(stat -c '%Hr %Lr' x) == "0 259" ]]
	run --separate-stderr devtool mknod -f 16:16 y c 0x00000103
	assert_status 0
	[[ $(stat -c '%Hr %Lr' y) == "1 3" ]]
	assert_only x y
}

@test "mknod: a non-canonical VALUE warns on stderr but still creates the node" {
	needs_mknod
	run --separate-stderr devtool mknod -f 16:16 x c 0x00010001
	assert_status 0
	assert_stdout_empty
	assert_stderr_contains "warning"
	assert_stderr_contains "canonical"
	[[ $(stat -c '%Hr %Lr' x) == "1 1" ]]
	assert_only x
}

@test "mknod: -q silences warnings (global and verb option)" {
	needs_mknod
	run --separate-stderr devtool -q mknod -f 16:16 x c 0x00010001
	assert_status 0
	[[ -z $stderr ]] || fail "stderr not silent: $stderr"
	run --separate-stderr devtool mknod --quiet -f 16:16 y c 0x00010001
	assert_status 0
	[[ -z $stderr ]] || fail "stderr not silent: $stderr"
	[[ $(stat -c '%Hr %Lr' x) == "1 1" && $(stat -c '%Hr %Lr' y) == "1 1" ]]
	# -q does not silence errors
	run --separate-stderr devtool -q mknod z c 4096 0
	assert_status 2
	assert_stderr_contains "4095"
	assert_only x y
}

# ------------------------------------------------------ MAJOR as a name

@test "mknod: MAJOR may be a driver name from DEVTOOL_PROC_DEVICES" {
	needs_mknod
	DEVTOOL_PROC_DEVICES=$(fixture proc-devices)
	export DEVTOOL_PROC_DEVICES
	run --separate-stderr devtool mknod x c misc 200
	assert_status 0
	[[ $(node x) == "character special file 10 200 644 0 0" ]]
	run --separate-stderr devtool mknod y b loop 3
	assert_status 0
	[[ $(node y) == "block special file 7 3 644 0 0" ]]
	# several majors for one name: the first, as the kernel lists them
	run --separate-stderr devtool mknod z b sd 16
	assert_status 0
	[[ $(stat -c '%Hr %Lr' z) == "8 16" ]]
	# names containing '/' are names too
	run --separate-stderr devtool mknod t c /dev/tty 0
	assert_status 0
	[[ $(stat -c '%Hr %Lr' t) == "5 0" ]]
	assert_only t x y z
}

@test "mknod: a driver name is looked up in the section for TYPE only" {
	DEVTOOL_PROC_DEVICES=$(fixture proc-devices)
	export DEVTOOL_PROC_DEVICES
	# loop is only a block driver, misc only a character driver
	run --separate-stderr devtool mknod x c loop 0
	assert_status 2
	assert_stderr_contains "'loop'"
	run --separate-stderr devtool mknod x u loop 0
	assert_status 2
	run --separate-stderr devtool mknod x b misc 0
	assert_status 2
	assert_stderr_contains "'misc'"
	assert_only
}

@test "mknod: an unknown driver name is exit 2 naming it and the file; an unreadable file exit 1" {
	local f
	f=$(fixture proc-devices)
	DEVTOOL_PROC_DEVICES=$f run --separate-stderr devtool mknod x c nosuchdrv 0
	assert_status 2
	assert_stderr_contains "nosuchdrv"
	assert_stderr_contains "$f"
	# An unreadable file is an operation that failed (1), as for devices.
	DEVTOOL_PROC_DEVICES=$PWD/missing run --separate-stderr devtool mknod x c misc 0
	assert_status 1
	assert_stderr_contains "$PWD/missing"
	assert_only
}

@test "mknod: a malformed DEVTOOL_PROC_DEVICES is exit 1 (as for devices) naming FILE:LINE, nothing created" {
	printf 'Character devices:\n  1 mem\nthis is not an entry\n 10 misc\n' > pd
	DEVTOOL_PROC_DEVICES=$PWD/pd run --separate-stderr devtool mknod x c misc 0
	assert_status 1
	assert_equal "$stderr" "devtool: $PWD/pd:3: malformed line; expected a section title or 'MAJOR NAME'"
	assert_only pd
}

@test "mknod: a FIFO or a directory as DEVTOOL_PROC_DEVICES is refused at once, naming it" {
	mkfifo pd
	mkdir dir
	# timeout: opened for reading, a FIFO would wait for a writer forever
	DEVTOOL_PROC_DEVICES=$PWD/pd run --separate-stderr timeout 60 "$DEVTOOL" mknod x c misc 0
	assert_status 1
	assert_equal "$stderr" "devtool: $PWD/pd: not a regular file"
	DEVTOOL_PROC_DEVICES=$PWD/dir run --separate-stderr timeout 60 "$DEVTOOL" mknod x c misc 0
	assert_status 1
	assert_equal "$stderr" "devtool: $PWD/dir: not a regular file"
	assert_only dir pd
}

@test "mknod: MAJOR defaults to the real /proc/devices (mem is char 1)" {
	needs_mknod
	[[ -r /proc/devices ]] || skip "no /proc/devices"
	grep -qE '^ *1 mem$' /proc/devices || skip "mem is not char 1 here"
	unset DEVTOOL_PROC_DEVICES
	run --separate-stderr devtool mknod null c mem 3
	assert_status 0
	[[ $(stat -c '%Hr %Lr' null) == "1 3" ]]
	assert_only null
}

# ------------------------------------------------------------------ modes

# mode_case UMASK MODE EXPECTED: in a subshell with that umask.
# (Without bats's run, and one stat for both: the tests call it dozens of
# times.)
mode_case() {
	(
		umask "$1"
		"$DEVTOOL" mknod -m "$2" m c 1 3 ||
			fail "umask $1, -m '$2': exit $?"
		# FIFOs too
		"$DEVTOOL" mknod -m "$2" f p ||
			fail "umask $1, -m '$2' (FIFO): exit $?"
		got=$(stat -c '%a' m f)
		[[ $got == "$3"$'\n'"$3" ]] ||
			fail "umask $1, -m '$2': modes $(echo $got) (node, FIFO), expected $3"
		rm -f m f
	)
}

@test "mknod: -m octal is exact whatever the umask" {
	needs_mknod
	for u in 077 000 022 777; do
		mode_case "$u" 0600 600
		mode_case "$u" 600 600
		mode_case "$u" 0666 666
		mode_case "$u" 4755 4755
		mode_case "$u" 2750 2750
		mode_case "$u" 1777 1777
		mode_case "$u" 0 0
	done
	assert_only
}

@test "mknod: -m symbolic applies to a=rw and is exact whatever the umask" {
	needs_mknod
	for u in 077 000 022; do
		mode_case "$u" u=rw,g=r 646
		mode_case "$u" go-w 644
		mode_case "$u" +x 777
		mode_case "$u" a-w 444
		mode_case "$u" u+s,u+x 4766
		mode_case "$u" o= 660
	done
	assert_only
}

@test "mknod: -m sets set-id bits on a node with another owner (chown does not clear them)" {
	needs_mknod
	run --separate-stderr devtool mknod -m 6755 -u 1234 -g 5678 x c 1 3
	assert_status 0
	[[ $(node x) == "character special file 1 3 6755 1234 5678" ]]
	assert_only x
}

@test "mknod: -m is exact in a directory with a default ACL" {
	needs_mknod
	mkdir d
	set_default_acl d
	umask 022
	run --separate-stderr devtool mknod -m 0666 d/x c 1 3
	assert_status 0
	[[ $(stat -c '%a' d/x) == 666 ]]
	run --separate-stderr devtool mknod -m 0640 -u 1234 d/y p
	assert_status 0
	[[ $(stat -c '%a %u' d/y) == "640 1234" ]]
	assert_only --dir d x y
}

# "devtool mknod" in devtool(1): -p creates missing parent directories
# (0755).  mkdirat(…, 0755) alone is not enough: a default ACL would win
# without a chmod.
@test "mknod -p: parents are 0755 even under a default ACL" {
	needs_mknod
	mkdir d
	set_default_acl d
	umask 022
	run --separate-stderr devtool mknod -p -m 0666 d/sub/x c 1 3
	assert_status 0
	[[ $(stat -c '%a' d/sub/x) == 666 ]]
	[[ $(stat -c '%a' d/sub) == 755 ]] ||
		fail "-p made d/sub with mode $(stat -c '%a' d/sub), not 0755"
}

@test "mknod: without -m the mode is 0666 & ~umask" {
	needs_mknod
	local u want
	for u in 022:644 077:600 000:666 027:640 002:664; do
		(
			umask "${u%%:*}"
			want=${u##*:}
			run --separate-stderr devtool mknod x c 1 3
			assert_status 0
			[[ $(stat -c '%a' x) == "$want" ]] ||
				fail "umask ${u%%:*}: mode $(stat -c '%a' x), expected $want"
			run --separate-stderr devtool mknod f p
			assert_status 0
			[[ $(stat -c '%a' f) == "$want" ]]
			rm -f x f
		)
	done
	assert_only
}

@test "mknod: an invalid mode is exit 2 naming it, nothing created" {
	local m
	for m in 999 08 u=q '' 'u+rw,' abc 77777 17777 '-1'; do
		run --separate-stderr devtool mknod -m "$m" x c 1 3
		assert_status 2
		[[ $m == '' || $m == -* || $stderr == *"$m"* ]] ||
			fail "mode '$m' not named: $stderr"
	done
	assert_only
}

# ----------------------------------------------------------------- owners

@test "mknod: -u and -g take names" {
	needs_mknod
	local uid gid
	uid=$(id -u nobody 2>/dev/null) || skip "no user nobody"
	gid=$(getent group nogroup | cut -d: -f3)
	[[ -n $gid ]] || skip "no group nogroup"
	run --separate-stderr devtool mknod -u nobody -g nogroup -m 0620 x c 1 3
	assert_status 0
	[[ $(node x) == "character special file 1 3 620 $uid $gid" ]]
	run --separate-stderr devtool mknod --owner nobody --group nogroup y p
	assert_status 0
	[[ $(stat -c '%u %g' y) == "$uid $gid" ]]
	assert_only x y
}

@test "mknod: -u and -g take numbers, also ones with no passwd entry" {
	needs_mknod
	run --separate-stderr devtool mknod -u 1234 -g 5678 x c 1 3
	assert_status 0
	[[ $(node x) == "character special file 1 3 644 1234 5678" ]]
	run --separate-stderr devtool mknod -u 1234 y b 7 1
	assert_status 0
	[[ $(node y) == "block special file 7 1 644 1234 0" ]]
	run --separate-stderr devtool mknod -g 0x10 z c 1 3
	assert_status 0
	[[ $(stat -c '%u %g' z) == "0 16" ]]
	assert_only x y z
}

@test "mknod: unknown owner or group names are exit 2, nothing created" {
	run --separate-stderr devtool mknod -u no-such-user-xyz x c 1 3
	assert_status 2
	assert_stderr_contains "no-such-user-xyz"
	run --separate-stderr devtool mknod -g no-such-group-xyz x c 1 3
	assert_status 2
	assert_stderr_contains "no-such-group-xyz"
	run --separate-stderr devtool mknod -u 12x x c 1 3
	assert_status 2
	run --separate-stderr devtool mknod -u nobody -g no-such-group-xyz x p
	assert_status 2
	assert_only
}

# ---------------------------------------------------------- existing paths

@test "mknod: an existing node without -r is exit 1 and left untouched" {
	needs_mknod
	mknod -m 0600 x c 1 3
	chown 42:43 x
	before=$(ino_ctime x)
	sleep 0.02
	run --separate-stderr devtool mknod -m 0666 -u 0 -g 0 x c 1 3
	assert_status 1
	assert_stderr_contains "x"
	assert_stderr_contains "-r"
	[[ $(ino_ctime x) == "$before" ]]
	[[ $(node x) == "character special file 1 3 600 42 43" ]]
	run --separate-stderr devtool mknod x c 1 5
	assert_status 1
	run --separate-stderr devtool mknod x p
	assert_status 1
	[[ $(ino_ctime x) == "$before" ]]
	mkfifo f
	before=$(ino_ctime f)
	run --separate-stderr devtool mknod f p
	assert_status 1
	[[ $(ino_ctime f) == "$before" ]]
	assert_only f x
}

@test "mknod -r: same type and numbers keeps the inode, corrects mode and owner" {
	needs_mknod
	mknod -m 0666 x c 1 3
	ino0=$(ino x)
	run --separate-stderr devtool mknod -r -m 0600 -u 1234 -g 5678 x c 1 3
	assert_status 0
	[[ $(ino x) == "$ino0" ]]
	[[ $(node x) == "character special file 1 3 600 1234 5678" ]]
	# again with nothing to change: still the same inode
	run --separate-stderr devtool mknod --replace -m 0600 -u 1234 -g 5678 x c 1 3
	assert_status 0
	[[ $(ino x) == "$ino0" ]]
	# a FIFO likewise
	mkfifo -m 0644 f
	ino0=$(ino f)
	run --separate-stderr devtool mknod -r -m 0620 -g 5678 f p
	assert_status 0
	[[ $(ino f) == "$ino0" ]]
	[[ $(stat -c '%F %a %u %g' f) == "fifo 620 0 5678" ]]
	assert_only f x
}

@test "mknod -r: correcting in place keeps set-id bits across the chown" {
	needs_mknod
	mknod -m 0644 x c 1 3
	ino0=$(ino x)
	run --separate-stderr devtool mknod -r -m 4750 -u 1234 -g 5678 x c 1 3
	assert_status 0
	[[ $(ino x) == "$ino0" ]]
	[[ $(node x) == "character special file 1 3 4750 1234 5678" ]]
	assert_only x
}

@test "mknod -r: different numbers replace the node (new inode)" {
	needs_mknod
	mknod -m 0600 x c 1 3
	ino0=$(ino x)
	run --separate-stderr devtool mknod -r -m 0640 x c 1 5
	assert_status 0
	[[ $(ino x) != "$ino0" ]]
	[[ $(node x) == "character special file 1 5 640 0 0" ]]
	ino0=$(ino x)
	run --separate-stderr devtool mknod -r -m 0640 -u 1234 -g 5678 x c 300 5
	assert_status 0
	[[ $(ino x) != "$ino0" ]]
	[[ $(node x) == "character special file 300 5 640 1234 5678" ]]
	assert_only x
}

@test "mknod -r: a different type replaces the node (c->b, c->p, p->c, b->c)" {
	needs_mknod
	mknod x c 1 3
	ino0=$(ino x)
	run --separate-stderr devtool mknod -r -m 0660 x b 1 3
	assert_status 0
	[[ $(ino x) != "$ino0" ]]
	[[ $(node x) == "block special file 1 3 660 0 0" ]]

	ino0=$(ino x)
	run --separate-stderr devtool mknod -r -m 0660 x c 1 3
	assert_status 0
	[[ $(ino x) != "$ino0" ]]
	[[ $(node x) == "character special file 1 3 660 0 0" ]]

	ino0=$(ino x)
	run --separate-stderr devtool mknod -r -m 0600 x p
	assert_status 0
	[[ $(ino x) != "$ino0" ]]
	[[ $(stat -c '%F %a' x) == "fifo 600" ]]

	ino0=$(ino x)
	run --separate-stderr devtool mknod -r -m 0600 -u 1234 x c 4 1
	assert_status 0
	[[ $(ino x) != "$ino0" ]]
	[[ $(node x) == "character special file 4 1 600 1234 0" ]]
	assert_only x
}

@test "mknod -r: a regular file at PATH is never removed (exit 1, content kept)" {
	echo "precious" > x
	before=$(ino_ctime x)
	run --separate-stderr devtool mknod -r x c 1 3
	assert_status 1
	assert_stderr_contains "regular file"
	[[ $(cat x) == precious ]]
	[[ $(ino_ctime x) == "$before" ]]
	run --separate-stderr devtool mknod x p
	assert_status 1
	[[ $(cat x) == precious ]]
	assert_only x
}

@test "mknod -r: a directory at PATH is never removed (exit 1, contents kept)" {
	mkdir x
	echo keep > x/inner
	before=$(ino_ctime x)
	run --separate-stderr devtool mknod -r x c 1 3
	assert_status 1
	assert_stderr_contains "directory"
	[[ -d x && $(cat x/inner) == keep ]]
	[[ $(ino_ctime x) == "$before" ]]
	assert_only --dir x inner
	assert_only x
}

@test "mknod -r: a symlink at PATH is never removed nor followed (exit 1)" {
	needs_mknod
	mknod -m 0600 target c 1 3
	tbefore=$(ino_ctime target)
	ln -s target x
	ln -s missing dangling
	before=$(ino_ctime x)
	run --separate-stderr devtool mknod -r x c 1 5
	assert_status 1
	assert_stderr_contains "symbolic link"
	[[ -L x && $(readlink x) == target ]]
	[[ $(ino_ctime x) == "$before" ]]
	[[ $(ino_ctime target) == "$tbefore" ]]
	[[ $(node target) == "character special file 1 3 600 0 0" ]]
	# same numbers as the target: still not "kept" through the link
	run --separate-stderr devtool mknod -r -m 0666 x c 1 3
	assert_status 1
	[[ $(node target) == "character special file 1 3 600 0 0" ]]
	# a dangling link is not followed to create its target
	run --separate-stderr devtool mknod dangling c 1 3
	assert_status 1
	run --separate-stderr devtool mknod -r dangling c 1 3
	assert_status 1
	[[ $(readlink dangling) == missing ]]
	assert_only dangling target x
}

@test "mknod -r: a socket at PATH is never removed (exit 1)" {
	command -v python3 >/dev/null || skip "python3 is needed to make a socket"
	python3 -c 'import socket;s=socket.socket(socket.AF_UNIX);s.bind("sock")'
	[[ -S sock ]]
	before=$(ino_ctime sock)
	run --separate-stderr devtool mknod -r sock c 1 3
	assert_status 1
	assert_stderr_contains "socket"
	[[ -S sock && $(ino_ctime sock) == "$before" ]]
	run --separate-stderr devtool mknod -r sock p
	assert_status 1
	[[ -S sock ]]
	assert_only sock
}

# ------------------------------------------------------ temporaries, races

@test "mknod: no temporary name survives success or failure" {
	needs_mknod
	run --separate-stderr devtool mknod -u 1234 -g 1234 -m 0600 a c 1 3
	assert_status 0
	assert_only a
	run --separate-stderr devtool mknod -r -u 4321 -m 0640 a c 1 5
	assert_status 0
	assert_only a
	run --separate-stderr devtool mknod -r -u 4321 -m 0640 a p
	assert_status 0
	assert_only a
	run --separate-stderr devtool mknod -u 1234 a c 1 3
	assert_status 1
	assert_only a
	echo data > f
	run --separate-stderr devtool mknod -r -u 1234 f c 1 3
	assert_status 1
	assert_only a f
	run --separate-stderr devtool mknod -u 1234 --count 3 r c 1 3
	assert_status 0
	assert_only a f r0 r1 r2
	run --separate-stderr devtool mknod -u 1234 -m 4755 g c 1 3
	assert_status 0
	assert_only a f g r0 r1 r2
}

@test "mknod: a failure in an immutable directory leaves no temporary (chattr +i)" {
	needs_mknod
	command -v chattr >/dev/null || skip "chattr is not installed"
	mkdir d
	mknod d/old c 1 3
	chattr +i d 2>/dev/null || skip "chattr +i is not supported on this file system"
	UNDO+=("chattr -i '$PWD/d'")
	run --separate-stderr devtool mknod -u 1234 -g 1234 -m 0600 d/x c 1 3
	assert_status 1
	assert_stderr_contains "d/x"
	run --separate-stderr devtool mknod -r -u 1234 -m 0600 d/old c 1 5
	assert_status 1
	run --separate-stderr devtool mknod d/y c 1 3
	assert_status 1
	assert_only --dir d old
	[[ $(stat -c '%Hr %Lr' d/old) == "1 3" ]]
}

@test "mknod: a failure on a read-only mount leaves no temporary" {
	needs_mknod
	mkdir d
	mknod d/old c 1 3
	mount --bind d d 2>/dev/null || skip "cannot bind-mount here"
	UNDO+=("umount '$PWD/d'")
	mount -o remount,bind,ro d 2>/dev/null || skip "cannot remount read-only"
	run --separate-stderr devtool mknod -u 1234 -m 0600 d/x c 1 3
	assert_status 1
	assert_stderr_contains "d/x"
	run --separate-stderr devtool mknod -r -u 1234 -m 0600 d/old c 1 5
	assert_status 1
	assert_only --dir d old
}

@test "mknod: a failing chown or rename mid-way removes the temporary (strace fault injection)" {
	command -v strace >/dev/null || skip "strace is not installed"
	needs_mknod
	local log=$BATS_FILE_TMPDIR/inject.$BATS_TEST_NUMBER
	mkdir d
	# chown of the temporary fails
	run --separate-stderr strace -f -qq -o "$log" -e trace=mknodat,fchownat,unlinkat \
	    -e inject=fchownat:error=EPERM "$DEVTOOL" mknod -u 1234 -g 1234 -m 0600 d/x c 1 3
	assert_status 1
	grep -q 'INJECTED' "$log" || fail "the fault was not injected: $(cat "$log")"
	assert_only --dir d
	# rename of the temporary into place fails (new node)
	run --separate-stderr strace -f -qq -o "$log" -e trace=renameat2,renameat,linkat \
	    -e inject=renameat2:error=EIO "$DEVTOOL" mknod -u 1234 -m 0600 d/x c 1 3
	assert_status 1
	grep -q 'INJECTED' "$log"
	assert_only --dir d
	# the exchange with an existing node fails (-r): the old node stays
	mknod -m 0644 d/x c 1 3
	ino0=$(ino d/x)
	run --separate-stderr strace -f -qq -o "$log" -e trace=renameat2,renameat \
	    -e inject=renameat2:error=EIO "$DEVTOOL" mknod -r -u 1234 -m 0600 d/x c 1 5
	assert_status 1
	grep -q 'INJECTED' "$log"
	assert_only --dir d x
	[[ $(ino d/x) == "$ino0" ]]
	[[ $(node d/x) == "character special file 1 3 644 0 0" ]]
	# chmod of the temporary fails
	run --separate-stderr strace -f -qq -o "$log" -e trace=chmod,fchmodat \
	    -e inject=chmod:error=EIO -e inject=fchmodat:error=EIO \
	    "$DEVTOOL" mknod -u 1234 -m 0600 d/y c 1 3
	assert_status 1
	assert_only --dir d x
}

@test "mknod: a SIGTERM while the temporary exists does not strand it" {
	command -v strace >/dev/null || skip "strace is not installed"
	needs_mknod
	local log=$BATS_FILE_TMPDIR/sig.$BATS_TEST_NUMBER
	mkdir d
	run --separate-stderr strace -f -qq -o "$log" -e trace=fchownat \
	    -e inject=fchownat:signal=SIGTERM "$DEVTOOL" mknod -u 1234 -g 1234 -m 0600 d/x c 1 3
	grep -q 'SIGTERM' "$log" || fail "no SIGTERM was delivered: $(cat "$log")"
	# The chown is inside the private directory, where signals wait
	# (devtool(1), SECURITY): the node is placed whole, then SIGTERM kills.
	assert_equal "$status" 143
	assert_no_temp d
	assert_equal "$(node d/x)" "character special file 1 3 600 1234 1234"
	assert_equal "$(ls -A d)" x
}

@test "mknod: a failure in an append-only directory leaves no temporary (chattr +a)" {
	needs_mknod
	command -v chattr >/dev/null || skip "chattr is not installed"
	mkdir d
	chattr +a d 2>/dev/null || skip "chattr +a is not supported on this file system"
	UNDO+=("chattr -a '$PWD/d'")
	# Creating works in an append-only directory, renaming and unlinking
	# do not: a node made under a temporary name cannot be moved into
	# place nor removed again: devtool refuses before making one.
	run --separate-stderr devtool mknod -u 1234 -g 1234 -m 0600 d/x c 1 3
	assert_equal "$status" 1
	assert_equal "$stderr" "devtool: d/x: its directory is append-only or immutable, where a temporary name could not be removed; nothing was made"
	assert_equal "$(ls -A d)" ""
}

@test "mknod: the node never appears at PATH with another owner or a wider mode" {
	needs_mknod
	command -v python3 >/dev/null || skip "python3 is needed for the observer"
	local res=$BATS_FILE_TMPDIR/observer.$BATS_TEST_NUMBER
	mkdir d
	cat > "$BATS_FILE_TMPDIR/observer.py" <<-'EOF'
	import os, sys, time
	path, ready, stop, out = sys.argv[1:5]
	bad, n, seen = [], 0, 0
	open(ready, "w").close()
	deadline = time.monotonic() + 300  # a bound only: the test stops it
	while not os.path.exists(stop) and time.monotonic() < deadline:
	    n += 1
	    try:
	        st = os.lstat(path)
	    except FileNotFoundError:
	        continue
	    seen += 1
	    got = (st.st_uid, st.st_gid, st.st_mode & 0o7777)
	    if got != (1234, 1234, 0o600):
	        bad.append("%d:%d %04o" % got)
	with open(out, "w") as f:
	    f.write("%d %d\n" % (n, seen))
	    f.write("".join("BAD %s\n" % b for b in bad))
	EOF
	python3 "$BATS_FILE_TMPDIR/observer.py" d/x ready stop "$res" 3>&- &
	local obs=$!
	# waits for the observer up to 120 s (a busy machine)
	for ((t = 0; t < 2400; t++)); do [[ -e ready ]] && break; sleep 0.05; done
	[[ -e ready ]] || { kill "$obs"; fail "observer did not start"; }
	local i failures=0
	for ((i = 0; i < 200; i++)); do
		# every 25th run starts afresh: creation as well as replacement
		if ((i % 25 == 0)); then rm -f d/x; fi
		"$DEVTOOL" mknod -r -u 1234 -g 1234 -m 0600 d/x c 1 $((3 + i % 2)) ||
			failures=$((failures + 1))
	done
	touch stop
	wait "$obs"
	[[ $failures -eq 0 ]] || fail "$failures devtool runs failed"
	read -r _ seen < "$res"
	[[ $seen -gt 100 ]] || fail "the observer saw the node only $seen times"
	! grep BAD "$res" || fail "PATH was seen with another owner or mode ($seen observations)"
	assert_only --dir d x
	[[ $(node d/x) == "character special file 1 4 600 1234 1234" ]]
}

# Out of descriptors at each point of a run in turn, as in apply.bats:
# each node fails naming the cause or is made, and no private directory
# outlives a failure (SECURITY in devtool(1)).
@test "mknod: out of descriptors (ulimit -n), a node fails naming the cause and leaves no private directory" {
	needs_mknod
	local n low failed=0 bad
	low=$(lowest_limit)
	for n in $(seq "$low" $((low + 16))); do
		rm -rf R
		mkdir -p R/dev
		run --separate-stderr limited "$n" "$DEVTOOL" mknod --root R \
			-m 4600 -g 5 --count 2 /dev/n c 1 3
		assert_no_temp R
		if ((status == 0)); then
			assert_equal "$(node R/dev/n0; node R/dev/n1)" "character special file 1 3 4600 0 5
character special file 1 4 4600 0 5"
			continue
		fi
		assert_status 1	# an operation failed
		bad=$(printf '%s\n' "$stderr" | grep -E '^devtool: /' |
			grep -v ': Too many open files$' || :)
		[[ -z $bad ]] || fail "ulimit -n $n: a failure not naming its cause:"$'\n'"$stderr"
		[[ $stderr == *'/dev/n'[01]': Too many open files'* ]] && failed=$((failed + 1))
	done
	((failed > 0)) || fail "no limit made a node fail: the test did not reach the nodes"
}

# ------------------------------------------------------- -p, -n and -v

@test "mknod -p: creates missing parents 0755 whatever the umask" {
	needs_mknod
	umask 077
	run --separate-stderr devtool mknod -p -m 0600 a/b/c/x c 1 3
	assert_status 0
	[[ $(stat -c '%F %a' a a/b a/b/c | sort -u) == "directory 755" ]]
	[[ $(node a/b/c/x) == "character special file 1 3 600 0 0" ]]
	# existing parents are fine, a partly existing chain too
	run --separate-stderr devtool mknod --parents a/b/d/y p
	assert_status 0
	[[ $(stat -c '%a' a/b/d) == 755 ]]
	assert_only --dir a/b c d
	assert_only a
}

@test "mknod: a missing parent without -p is exit 1 with a message mentioning -p" {
	run --separate-stderr devtool mknod a/b/x c 1 3
	assert_status 1
	assert_stderr_contains "a/b/x"
	assert_stderr_contains "-p"
	assert_only
}

@test "mknod -p: a parent that is not a directory is an error, nothing created" {
	echo data > f
	run --separate-stderr devtool mknod -p f/x c 1 3
	assert_status 1
	assert_stderr_contains "f/x"
	[[ $(cat f) == data ]]
	assert_only f
}

@test "mknod -n: prints 'would create' and creates nothing" {
	run --separate-stderr devtool mknod -n -m 0600 x c 1 3
	assert_status 0
	assert_output --partial "would create"
	assert_output --partial "x"
	assert_only
	run --separate-stderr devtool mknod --dry-run --count 3 t c 4 0
	assert_status 0
	[[ $(grep -c 'would create' <<<"$output") -eq 3 ]]
	assert_output --partial "t2"
	assert_only
}

@test "mknod -n -p: no directories are created either" {
	run --separate-stderr devtool mknod -n -p a/b/x c 1 3
	assert_status 0
	assert_output --partial "would create"
	assert_output --partial "a/b/x"
	[[ $(grep -c 'would create' <<<"$output") -ge 2 ]] ||
		fail "the directories it would create are not mentioned: $output"
	assert_only
}

@test "mknod -n: an existing node is neither replaced nor corrected" {
	needs_mknod
	mknod -m 0644 x c 1 3
	ino0=$(ino_ctime x)
	run --separate-stderr devtool mknod -n -r -m 0600 x c 1 5
	assert_status 0
	assert_output --partial "would"
	assert_output --partial "x"
	[[ $(ino_ctime x) == "$ino0" && $(node x) == "character special file 1 3 644 0 0" ]]
	run --separate-stderr devtool mknod -n -r -m 0600 x c 1 3
	assert_status 0
	assert_output --partial "would"
	[[ $(ino_ctime x) == "$ino0" && $(node x) == "character special file 1 3 644 0 0" ]]
	assert_only x
}

@test "mknod -v: prints 'created ...' for each action" {
	needs_mknod
	run --separate-stderr devtool mknod -v x c 1 3
	assert_status 0
	assert_output --partial "created x"
	[[ -c x ]]
	run --separate-stderr devtool mknod -v -p d/e/y p
	assert_status 0
	[[ $(grep -c '^created' <<<"$output") -eq 3 ]]
	assert_output --partial "d/e/y"
	run --separate-stderr devtool mknod --verbose -r x c 1 5
	assert_status 0
	assert_output --partial "replaced x"
	# without -v nothing is printed
	run --separate-stderr devtool mknod z c 1 3
	assert_status 0
	assert_stdout_empty
	assert_only d x z
}

@test "mknod -p: without CAP_MKNOD the need and the ways out are said once, and the parents made are removed" {
	needs_mknod
	[[ $(id -u) == 0 ]] || skip "needs root to drop CAP_MKNOD (capsh)"
	command -v capsh >/dev/null || skip "capsh is not installed"
	mkdir d
	run --separate-stderr without_cap_mknod "$DEVTOOL" mknod -v -p d/a/b/x c 1 3
	assert_status 1
	assert_output "created directory d/a (d, mode 0755)
created directory d/a/b (d, mode 0755)
removed directory d/a/b (d, mode 0755)
removed directory d/a (d, mode 0755)"
	assert_equal "$stderr" "devtool: 1 device node not created, for want of CAP_MKNOD: d/a/b/x
$NEEDS_CAP_MKNOD"
	# a range: each node fails, the need is said once, at the end
	run --separate-stderr without_cap_mknod "$DEVTOOL" mknod --count 3 d/t c 4 1
	assert_status 1
	assert_stdout_empty
	assert_equal "$stderr" "devtool: 3 device nodes not created, for want of CAP_MKNOD: d/t0, d/t1 and d/t2
$NEEDS_CAP_MKNOD"
	# a FIFO needs no CAP_MKNOD
	run --separate-stderr without_cap_mknod "$DEVTOOL" mknod -p d/f/fifo p
	assert_status 0
	assert_equal "$stderr" ""
	assert_only --dir d f
	assert_only --dir d/f fifo
}

@test "mknod: as uid 65534 a node fails with the need said once; an owner it cannot give is said as its own cause" {
	nobody_top
	UNDO+=(nobody_done)
	run --separate-stderr as_nobody "$DEVTOOL" mknod -p "$NOBODY_TOP/d/x" b 8 0
	assert_status 1
	assert_stdout_empty
	assert_equal "$stderr" "devtool: 1 device node not created, for want of CAP_MKNOD: $NOBODY_TOP/d/x
$NEEDS_CAP_MKNOD"
	[[ ! -e $NOBODY_TOP/d ]] || fail "the parent made for it was left: $(ls -la "$NOBODY_TOP")"
	# a FIFO for root fails for want of CAP_CHOWN, not CAP_MKNOD
	run --separate-stderr as_nobody "$DEVTOOL" mknod -u 0 "$NOBODY_TOP/f" p
	assert_status 1
	assert_equal "$stderr" "devtool: 1 entry not made: cannot chown to 0:- without CAP_CHOWN: $NOBODY_TOP/f
$NEEDS_CAP_MKNOD"
	assert_only --dir "$NOBODY_TOP" vg
}

# ----------------------------------------------------------------- --count

@test "mknod --count N: names PATH0..PATH<N-1>, minors MINOR, MINOR+1, ..." {
	needs_mknod
	run --separate-stderr devtool mknod --count 4 tty c 4 10
	assert_status 0
	[[ $(stat -c '%n %F %Hr %Lr' tty0 tty1 tty2 tty3) == $'tty0 character special file 4 10\ntty1 character special file 4 11\ntty2 character special file 4 12\ntty3 character special file 4 13' ]]
	assert_only tty0 tty1 tty2 tty3
}

@test "mknod --count N --start S --step I" {
	needs_mknod
	run --separate-stderr devtool mknod --count 3 --start 5 --step 4 -m 0660 sd b 8 16
	assert_status 0
	[[ $(stat -c '%n %Hr %Lr %a' sd5 sd6 sd7) == $'sd5 8 16 660\nsd6 8 20 660\nsd7 8 24 660' ]]
	run --separate-stderr devtool mknod --count 2 --start 1 p p
	assert_status 0
	[[ -p p1 && -p p2 ]]
	assert_only p1 p2 sd5 sd6 sd7
}

@test "mknod --count: --start or --step without --count is exit 2" {
	run --separate-stderr devtool mknod --start 1 x c 4 1
	assert_status 2
	assert_stderr_contains "--count"
	run --separate-stderr devtool mknod --step 2 x c 4 1
	assert_status 2
	assert_only
}

@test "mknod --count: 0 and bad counts are exit 2" {
	run --separate-stderr devtool mknod --count 0 x c 4 1
	assert_status 2
	run --separate-stderr devtool mknod --count -1 x c 4 1
	assert_status 2
	run --separate-stderr devtool mknod --count 3x x c 4 1
	assert_status 2
	run --separate-stderr devtool mknod --count 2 --step 1x x c 4 1
	assert_status 2
	assert_only
}

@test "mknod --count: a range past minor 1048575 is exit 2 and nothing is created" {
	run --separate-stderr devtool mknod --count 3 x c 4 1048574
	assert_status 2
	assert_stderr_contains "1048575"
	run --separate-stderr devtool mknod --count 2 --step 1048575 x c 4 1
	assert_status 2
	run --separate-stderr devtool mknod --count 1048576 --step 1048575 x c 4 0
	assert_status 2
	assert_only
	# the last minor itself is fine
	needs_mknod
	run --separate-stderr devtool mknod --count 2 x c 4 1048574
	assert_status 0
	[[ $(stat -c '%Lr' x1) == 1048575 ]]
	assert_only x0 x1
}

@test "mknod --count: an existing member fails alone, the others are made" {
	needs_mknod
	echo data > t1
	run --separate-stderr devtool mknod --count 3 t c 4 0
	assert_status 1
	assert_stderr_contains "t1"
	[[ -c t0 && -c t2 && $(cat t1) == data ]]
	assert_only t0 t1 t2
}

@test "mknod: a path with escape bytes is named with '?' in messages, never raw" {
	needs_mknod
	local name
	name=$(printf 'a\033[31mb\233c')
	run --separate-stderr devtool mknod "$name" c 1 3
	assert_status 0
	run --separate-stderr devtool mknod "$name" c 1 3
	assert_status 1
	assert_stderr_contains "devtool: a?[31mb?c: exists"
	[[ $stderr != *$'\033'* ]] || fail "raw ESC in stderr"
	[[ $stderr != *$'\233'* ]] || fail "raw CSI byte in stderr"
}

@test "mknod: every operand and option with control bytes is named with '?' in messages, never raw" {
	needs_mknod
	# a copy: a path of more than 99 bytes would be cut in the message
	local pd=$BATS_TEST_TMPDIR/pd
	cp "$(fixture proc-devices)" "$pd"
	export DEVTOOL_PROC_DEVICES=$pd
	quoted_error 2 "devtool: invalid type '$CTRL_Q': expected c, u, b or p" \
		mknod x "$CTRL" 1 3
	quoted_error 2 "devtool: invalid number '1$CTRL_Q': trailing garbage" \
		mknod x c "1$CTRL" 3
	quoted_error 2 "devtool: no character driver named '$CTRL_Q' in $pd" \
		mknod x c "$CTRL" 3
	quoted_error 2 "devtool: invalid number '3$CTRL_Q': trailing garbage" \
		mknod x c 1 "3$CTRL"
	quoted_error 2 "devtool: invalid number '3$CTRL_Q': trailing garbage" \
		mknod -f 16:16 x c "3$CTRL"
	quoted_error 2 "devtool: missing MINOR after MAJOR '3$CTRL_Q' (or give -f LAYOUT to decode one VALUE)" \
		mknod x c "3$CTRL"
	quoted_error 2 "devtool: invalid mode '$CTRL_Q': expected octal (0660) or symbolic (u=rw,g=r,o=)" \
		mknod -m "$CTRL" x c 1 3
	quoted_error 2 "devtool: unknown user '$CTRL_Q'" mknod -u "$CTRL" x c 1 3
	quoted_error 2 "devtool: unknown group '$CTRL_Q'" mknod -g "$CTRL" x c 1 3
	quoted_error 2 "devtool: --count '$CTRL_Q': want 1-1048576" \
		mknod --count "$CTRL" x c 1 3
	quoted_error 2 "devtool: --start: invalid number '$CTRL_Q': not a number" \
		mknod --count 2 --start "$CTRL" x c 1 3
	quoted_error 2 "devtool: invalid number '$CTRL_Q': not a number" \
		mknod --count 2 --step "$CTRL" x c 1 3
	quoted_error 1 "devtool: --root /no/$CTRL_Q: No such file or directory" \
		mknod --root "/no/$CTRL" x c 1 3
	quoted_error 2 "devtool: unknown layout '$CTRL_Q'; valid: 8:8 (old), 16:16, 12:20, M:N (8<=M, 8<=N, M+N<=64), linux, glibc, native, osf1, svr4 (solaris), hpux, netbsd, freebsd, bsdos, 386bsd, 4bsd, isc, sco, sunos, svr3, ultrix" \
		mknod -f "$CTRL" x c 1 3
	DEVTOOL_PROC_DEVICES=/no/$CTRL quoted_error 1 "devtool: /no/$CTRL_Q: No such file or directory" \
		mknod x c mem 3
	quoted_error 2 "devtool: --$CTRL_Q: unknown option" mknod "--$CTRL" x c 1 3
	quoted_error 2 "devtool: '$CTRL_Q/' is not a path a node can have" \
		mknod "$CTRL/" p
	quoted_error 1 "devtool: d$CTRL_Q/x: parent directory: No such file or directory (use -p)" \
		mknod "d$CTRL/x" c 1 3
	assert_only
	quoted_error 0 "" mknod "$CTRL" c 1 3
	quoted_error 1 "devtool: $CTRL_Q: exists (a character device, not a FIFO); use -r to replace it" \
		mknod "$CTRL" p
	assert_only "$CTRL"
}

@test "mknod -v and -n: a path with control bytes is printed with '?' on stdout" {
	needs_mknod
	run --separate-stderr devtool mknod -n -p "d$CTRL/x" c 1 3
	assert_status 0
	assert_no_control
	assert_output "would create directory d$CTRL_Q (d, mode 0755)
would create d$CTRL_Q/x (c 1:3, mode 0644)"
	run --separate-stderr devtool mknod -v -m 0600 "$CTRL" c 1 3
	assert_status 0
	assert_no_control
	assert_output "created $CTRL_Q (c 1:3, mode 0600)"
	[[ $(stat -c '%F %a' -- "$CTRL") == "character special file 600" ]]
}

@test "mknod: a path longer than PATH_MAX is refused with its reason, the path cut in the middle" {
	local p
	p=$(printf 'dir/%.0s' {1..1200})node	# 4804 bytes
	run --separate-stderr devtool mknod "$p" c 1 3
	assert_usage_error
	assert_equal "${stderr%%$'\n'*}" "devtool: path '${p:0:64}...${p: -32}' is too long (4804 bytes, at most 4095)"
	assert_only
}

@test "mknod: a last name longer than NAME_MAX (255 bytes) says so" {
	local n
	n=$(printf 'n%.0s' {1..300})
	mkdir d
	run --separate-stderr devtool mknod "d/$n" c 1 3
	assert_usage_error
	assert_equal "${stderr%%$'\n'*}" "devtool: name '${n:0:38}...${n: -19}' in path is too long (300 bytes, at most 255)"
	[[ -z $(ls -A d) ]] || fail "something was made in d"
}

@test "mknod: a directory name longer than NAME_MAX is refused (exit 2) in apply's words, with or without -p" {
	local n
	n=$(printf 'n%.0s' {1..256})
	for opt in -p -n -v; do
		run --separate-stderr devtool mknod $opt "d/$n//x" c 1 3
		assert_usage_error
		assert_equal "$stderr" "devtool: name '${n:0:38}...${n: -19}' in path is too long (256 bytes, at most 255)
Try 'devtool mknod --help' for more information."
	done
	# 255 bytes is a name a directory can have: only its absence fails
	run --separate-stderr devtool mknod "d/${n:1}/x" c 1 3
	assert_status 1
	assert_equal "$stderr" "devtool: d/${n:0:62}...${n: -30}/x: parent directory: No such file or directory (use -p)"
	assert_only
}

@test "mknod --count: a range whose last name passes NAME_MAX is refused before any node is made" {
	local n
	n=$(printf 'n%.0s' {1..254})	# n8 and n9 fit, n10 has 256 bytes
	run --separate-stderr devtool mknod --count 3 --start 8 "$n" p
	assert_usage_error
	assert_equal "${stderr%%$'\n'*}" "devtool: range name '${n:0:64}...${n: -32}10' is too long (256 bytes, at most 255)"
	assert_only
}

@test "mknod --count: names up to 18446744073709551615 are made, one more is refused" {
	needs_mknod
	# 2^64-3 + 3 - 1 = 2^64-1, the last name that fits: made, minors 3..5
	run --separate-stderr devtool mknod --count 3 --start 18446744073709551613 t c 1 3
	assert_status 0
	assert_stderr_empty
	[[ $(stat -c '%F %Hr:%Lr' t18446744073709551613 t18446744073709551614 t18446744073709551615) == \
	    "character special file 1:3"$'\n'"character special file 1:4"$'\n'"character special file 1:5" ]] ||
		fail "wrong nodes: $(ls)"
	run --separate-stderr devtool mknod --count 1 --start 18446744073709551615 u c 1 3
	assert_status 0
	[[ -c u18446744073709551615 ]]
	# one more would need the name 2^64
	run --separate-stderr devtool mknod --count 3 --start 18446744073709551614 v c 1 3
	assert_usage_error
	assert_equal "${stderr%%$'\n'*}" "devtool: --start '18446744073709551614' is too large for --count 3"
	assert_only t18446744073709551613 t18446744073709551614 t18446744073709551615 u18446744073709551615
}

@test "mknod: an unknown -f is exit 2 even without a VALUE; DEVTOOL_FORMAT, which mknod does not read, is no error" {
	run --separate-stderr devtool mknod -f lniux x c 1 3
	assert_status 2
	assert_stderr_contains "unknown layout 'lniux'"
	[[ ! -e x ]] || fail "a node was created"
	# devtool(1), ENVIRONMENT: not mknod, whose single VALUE needs -f
	DEVTOOL_FORMAT=bogus run --separate-stderr devtool mknod y p
	assert_status 0
	assert_stderr_empty
	[[ -p y ]] || fail "the FIFO was not made"
	DEVTOOL_FORMAT=bogus run --separate-stderr devtool mknod -n -m 0600 z c 1 3
	assert_status 0
	assert_output "would create z (c 1:3, mode 0600)"
	assert_stderr_empty
}

@test "mknod: '', 'x/', '/' and '..' are bad input (exit 2), not failed operations" {
	local p
	for p in '' x/ / ..; do
		run --separate-stderr devtool mknod "$p" c 1 3
		assert_status 2
		assert_stderr_contains "is not a path a node can have"
	done
}

@test "mknod: --root '' is a usage error naming --root (exit 2), nothing created" {
	run --separate-stderr devtool mknod --root '' fifo p
	assert_usage_error
	assert_stderr_contains "--root '' names no directory"
	[[ ! -e fifo ]] || fail "fifo was created"
}

@test "mknod -r: replacing keeps the old owner when -u and -g are not given" {
	needs_mknod
	mknod x c 7 7
	chown 7:8 x
	run --separate-stderr devtool mknod -r x c 7 8
	assert_status 0
	[[ $(node x) == "character special file 7 8 644 7 8" ]] ||
		fail "got: $(node x)"
}

@test "mknod -r: without -m a replaced node keeps its mode, owner and group (as tmpfiles c+)" {
	needs_mknod
	run --separate-stderr devtool mknod -m 0660 -g 6 sdb b 8 17
	assert_status 0
	run --separate-stderr devtool mknod -r -v sdb b 8 16
	assert_status 0
	assert_output "replaced sdb (b 8:16, mode 0660, owner 0:6)"
	[[ $(node sdb) == "block special file 8 16 660 0 6" ]] ||
		fail "got: $(node sdb)"
	# a dry run says the same
	run --separate-stderr devtool mknod -r -n sdb b 8 18
	assert_output "would replace sdb (b 8:18, mode 0660, owner 0:6)"
	# a matching node is left as it is, not corrected to the umask's mode
	run --separate-stderr devtool mknod -r -v sdb b 8 16
	assert_status 0
	[[ $(node sdb) == "block special file 8 16 660 0 6" ]]
	# -m still gives the mode; the group stays
	run --separate-stderr devtool mknod -r -m 0600 sdb b 8 18
	assert_status 0
	[[ $(node sdb) == "block special file 8 18 600 0 6" ]]
	# where nothing is, -r creates with 0666 & ~umask as without it
	run --separate-stderr devtool mknod -r new c 1 3
	assert_status 0
	[[ $(node new) == "character special file 1 3 644 0 0" ]]
}

@test "mknod -r --root: the replaced node's mode is read inside the root" {
	needs_mknod
	mkdir -p r/dev
	mknod -m 0640 r/dev/a c 1 3
	chown 3:4 r/dev/a
	run --separate-stderr devtool mknod --root r -r -v /dev/a c 1 5
	assert_status 0
	assert_output "replaced /dev/a (c 1:5, mode 0640, owner 3:4)"
	[[ $(node r/dev/a) == "character special file 1 5 640 3 4" ]]
}

@test "mknod --reference: mode, owner and group come from an existing node; -m, -u, -g override" {
	needs_mknod
	mknod -m 0620 ttyS0 c 4 64
	chown 0:5 ttyS0
	run --separate-stderr devtool mknod -v --reference ttyS0 ttyS5 c 4 69
	assert_status 0
	assert_output "created ttyS5 (c 4:69, mode 0620, owner 0:5)"
	[[ $(node ttyS5) == "character special file 4 69 620 0 5" ]]
	run --separate-stderr devtool mknod --reference ttyS0 -m 0600 -u 7 x c 4 70
	assert_status 0
	[[ $(node x) == "character special file 4 70 600 7 5" ]]
	# -r --reference: the reference's, not the replaced node's
	run --separate-stderr devtool mknod -r --reference ttyS0 x c 4 71
	assert_status 0
	[[ $(node x) == "character special file 4 71 620 0 5" ]]
}

@test "mknod --reference: a file that cannot be looked at is named" {
	run --separate-stderr devtool mknod --reference nope y c 1 1
	assert_status 1
	assert_equal "$stderr" "devtool: --reference nope: No such file or directory"
	[[ ! -e y ]]
	run --separate-stderr devtool mknod --reference '' y c 1 1
	assert_usage_error
	assert_stderr_contains "--reference '' names no file"
}

# ------------------------------------------------ security (devtool.1 SECURITY)

# A PID no process can have: Linux pids stay below 4194304 (PID_MAX_LIMIT).
DEAD=4194304

# A killed run's leftovers in DIR: its private directory (0700, ours) with
# a mode-0 node, a FIFO and an empty directory inside; and an older
# version's mode-0 temporaries made in place.
make_leftovers() {
	local d=$1
	mkdir -m 0700 "$d/.devtool.$DEAD.0"
	mknod -m 0 "$d/.devtool.$DEAD.0/n" c 1 3
	mkfifo -m 0 "$d/.devtool.$DEAD.0/o"
	mkdir -m 0700 "$d/.devtool.$DEAD.1"
	mkdir -m 0700 "$d/.devtool.$DEAD.1/n"
	mknod -m 0 "$d/.devtool.$DEAD.7" c 1 5
	mkfifo -m 0 "$d/.devtool.$DEAD.8"
}

@test "mknod: a killed run's private directory and mode-0 temporaries are removed by the next mknod there" {
	needs_mknod
	mkdir d
	make_leftovers d
	run --separate-stderr devtool mknod -m 0640 d/x c 1 3
	assert_status 0
	assert_stderr_empty
	assert_only --dir d x
	[[ $(node d/x) == "character special file 1 3 640 0 0" ]]
	# and the same through a temporary of its own (another owner)
	make_leftovers d
	run --separate-stderr devtool mknod -u 1234 -m 0600 d/y p
	assert_status 0
	assert_only --dir d x y
}

@test "mknod: leftovers not provably a dead run's own are left alone" {
	needs_mknod
	local live=$$ before
	mkdir d
	# a live PID's private directory (a concurrent run)
	mkdir -m 0700 "d/.devtool.$live.0"
	mknod -m 0 "d/.devtool.$live.0/n" c 1 3
	# another user's, or another mode: not a private directory of ours
	mkdir -m 0700 "d/.devtool.$DEAD.1"
	mknod -m 0 "d/.devtool.$DEAD.1/n" c 1 3
	chown 65534 "d/.devtool.$DEAD.1"
	mkdir -m 0755 "d/.devtool.$DEAD.2"
	mknod -m 0 "d/.devtool.$DEAD.2/n" c 1 3
	# ours and dead, but what is inside is not a node: it stays, so does it
	mkdir -m 0700 "d/.devtool.$DEAD.3"
	echo data >"d/.devtool.$DEAD.3/f"
	# a root-owned 0700 directory of nodes renamed to look like one: it
	# holds names no run makes (only n and o), so none of it is ours
	mkdir -m 0700 "d/.devtool.$DEAD.9"
	mknod -m 0600 "d/.devtool.$DEAD.9/sda" b 8 0
	mknod -m 0 "d/.devtool.$DEAD.9/n" c 1 3
	# in-place temporaries: not mode 0, not ours, not a node, a live PID
	mknod -m 0644 "d/.devtool.$DEAD.4" c 1 3
	mknod -m 0 "d/.devtool.$DEAD.5" c 1 3
	chown 65534 "d/.devtool.$DEAD.5"
	install -m 0 /dev/null "d/.devtool.$DEAD.6"
	ln -s /dev/null "d/.devtool.$DEAD.7"
	mknod -m 0 "d/.devtool.$live.8" c 1 3
	# names that are not a temporary's
	mknod -m 0 d/.devtool.x.0 c 1 3
	mknod -m 0 "d/.devtool.$DEAD.1x" c 1 3
	before=$(cd d && find . -exec stat -c '%n %i %f %u %a' {} + | LC_ALL=C sort)

	run --separate-stderr devtool mknod -u 1234 -m 0600 d/x c 1 3
	assert_status 0
	assert_stderr_empty
	rm d/x
	[[ $(cd d && find . -exec stat -c '%n %i %f %u %a' {} + | LC_ALL=C sort) == "$before" ]] ||
		fail "something was removed:"$'\n'"$(diff <(echo "$before") <(cd d && find . -exec stat -c '%n %i %f %u %a' {} + | LC_ALL=C sort))"
}

@test "mknod -r: where the file system refuses RENAME_EXCHANGE the node is not replaced, and the message says why" {
	command -v strace >/dev/null || skip "strace is not installed"
	needs_mknod
	local log=$BATS_FILE_TMPDIR/noexchange.$BATS_TEST_NUMBER ino0
	mkdir d
	mknod -m 0644 d/x c 1 3
	ino0=$(ino d/x)
	# EINVAL is what a file system without the flag answers (ENOSYS: a kernel)
	for e in EINVAL ENOSYS; do
		run --separate-stderr strace -f -qq -o "$log" -e trace=renameat2,renameat,rename \
		    -e inject=renameat2:error=$e "$DEVTOOL" mknod -r -u 1234 -m 0600 d/x c 1 5
		assert_status 1
		grep -q INJECTED "$log" || fail "the fault was not injected: $(cat "$log")"
		! grep -qE '^[0-9]+ +renameat\(|^[0-9]+ +rename\(' "$log" ||
			fail "a plain rename was tried: $(cat "$log")"
		assert_stdout_empty
		assert_stderr_contains "devtool: d/x: "
		assert_stderr_contains "RENAME_EXCHANGE"
		assert_only --dir d x
		[[ $(ino d/x) == "$ino0" ]]
		[[ $(node d/x) == "character special file 1 3 644 0 0" ]]
	done
}

@test "mknod: where RENAME_NOREPLACE is refused a node is hard-linked into place from the private directory" {
	command -v strace >/dev/null || skip "strace is not installed"
	needs_mknod
	local log=$BATS_FILE_TMPDIR/noreplace.$BATS_TEST_NUMBER
	mkdir d
	run --separate-stderr strace -f -qq -y -o "$log" -e trace=renameat2,renameat,linkat \
	    -e inject=renameat2:error=EINVAL "$DEVTOOL" mknod -u 1234 -g 5 -m 04640 d/x c 1 3
	assert_status 0
	assert_stderr_empty
	[[ $(node d/x) == "character special file 1 3 4640 1234 5" ]] || fail "got $(node d/x)"
	grep -qE 'linkat\([0-9]+<[^>]*/\.devtool\.[0-9]+\.[0-9]+>, "n", [0-9]+<[^>]*/d>, "x", 0\) = 0' "$log" ||
		fail "not linked from the private directory: $(cat "$log")"
	! grep -qE 'renameat\(' "$log" || fail "a plain rename was used: $(cat "$log")"
	assert_only --dir d x
}


@test "mknod -r: without /proc a correction is exact, through fchmodat2 on the descriptor, never by name" {
	command -v strace >/dev/null || skip "strace is not installed"
	command -v unshare >/dev/null || skip "unshare is not installed"
	needs_mknod
	local log=$BATS_FILE_TMPDIR/noproc.$BATS_TEST_NUMBER
	without_proc true 2>/dev/null || skip "cannot mount over /proc/PID/fd in a mount namespace"
	no_valgrind
	mkdir d
	mknod -m 0644 d/x c 1 3
	chown 7:7 d/x
	run --separate-stderr strace -f -qq -o "$log" -e trace=chmod,fchmodat,chown,lchown,fchownat \
	    "${WITHOUT_PROC[@]}" "$DEVTOOL" mknod -r -u 1234 -g 5 -m 04640 d/x c 1 3
	assert_status 0
	[[ $(node d/x) == "character special file 1 3 4640 1234 5" ]] || fail "got $(node d/x)"
	# chmod through /proc failed (ENOENT); nothing was chmodded by name
	grep -q 'chmod("/proc/self/fd/' "$log" || fail "no /proc chmod was tried: $(cat "$log")"
	! grep -E 'fchmodat\(|[^f]chown\(|lchown\(' "$log" || fail "chmod or chown by name: $(cat "$log")"
	! grep -E 'fchownat\([^,]*, "[^"]' "$log" || fail "chown by name: $(cat "$log")"
	# a new node for another owner is made exactly too
	run --separate-stderr without_proc "$DEVTOOL" mknod -u 1234 -m 02600 d/y c 1 5
	assert_status 0
	[[ $(node d/y) == "character special file 1 5 2600 1234 0" ]] || fail "got $(node d/y)"
	assert_only --dir d x y
}

# deny_bin: prints the path of a program, compiled once per file, that
# runs "deny NR ERRNO CMD...": CMD with system call NR failing with ERRNO
# (seccomp).
deny_bin() {
	local bin=$BATS_FILE_TMPDIR/deny
	if [[ ! -x $bin ]]; then
		cat >"$bin.c" <<-'EOF'
		#include <linux/filter.h>
		#include <linux/seccomp.h>
		#include <stddef.h>
		#include <stdio.h>
		#include <stdlib.h>
		#include <sys/prctl.h>
		#include <unistd.h>
		int
		main(int argc, char **argv)
		{
			struct sock_filter f[] = {
				BPF_STMT(BPF_LD | BPF_W | BPF_ABS,
				    offsetof(struct seccomp_data, nr)),
				BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, atoi(argv[1]), 0, 1),
				BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ERRNO |
				    (atoi(argv[2]) & SECCOMP_RET_DATA)),
				BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ALLOW),
			};
			struct sock_fprog prog = { 4, f };
			if (argc < 4 || prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) != 0 ||
			    prctl(PR_SET_SECCOMP, SECCOMP_MODE_FILTER, &prog) != 0)
				return 125;
			execvp(argv[3], argv + 3);
			return 127;
		}
		EOF
		${CC:-cc} -o "$bin" "$bin.c" >&2 || return 1
	fi
	echo "$bin"
}

@test "mknod -r: with neither /proc nor fchmodat2 a correction is refused, naming /proc, and the node is kept" {
	command -v unshare >/dev/null || skip "unshare is not installed"
	command -v "${CC:-cc}" >/dev/null || skip "no C compiler for the seccomp helper"
	needs_mknod
	[[ $(uname -m) == x86_64 ]] || skip "the seccomp helper uses x86_64 system call numbers"
	without_proc true 2>/dev/null || skip "cannot mount over /proc/PID/fd in a mount namespace"
	no_valgrind
	local deny
	deny=$(deny_bin) || fail "the seccomp helper does not build"
	mkdir d
	mknod -m 0644 d/x c 1 3
	# 452: fchmodat2; 38: ENOSYS, as a kernel before 6.6 answers
	run --separate-stderr without_proc "$deny" 452 38 "$DEVTOOL" mknod -r -m 0600 d/x c 1 3
	assert_status 1
	assert_stdout_empty
	assert_stderr_contains "devtool: d/x: "
	assert_stderr_contains "/proc"
	[[ $(node d/x) == "character special file 1 3 644 0 0" ]]
	assert_only --dir d x
}

@test "mknod -r: a user holding flock on the directory does not delay it" {
	needs_mknod
	command -v flock >/dev/null || skip "flock is not installed"
	command -v setpriv >/dev/null || skip "setpriv is not installed"
	local top pid end=$((SECONDS + 120))
	# a directory uid 65534 can reach, outside bats's private tree
	top=$(mktemp -d /tmp/devtool-flock.XXXXXX)
	UNDO+=("rm -rf '$top'")
	chmod 755 "$top"
	mkdir -m 0755 "$top/d"
	mknod -m 0644 "$top/d/x" c 1 3
	# the lock is held by the open directory (fd 9) of what becomes sleep
	setpriv --reuid=65534 --regid=65534 --clear-groups \
	    bash -c 'exec 9<"$1" && flock -x 9 && exec sleep 600' _ "$top/d" \
	    </dev/null >/dev/null 2>&1 3>&- &
	pid=$!
	UNDO+=("kill $pid 2>/dev/null; wait $pid 2>/dev/null")
	# wait until the lock is held (120 s at most: a busy machine)
	while flock -n -x "$top/d" true; do
		kill -0 "$pid" 2>/dev/null && ((SECONDS < end)) ||
			fail "the other user never took the lock"
		sleep 0.01
	done
	run --separate-stderr timeout 120 "$DEVTOOL" mknod -r -m 0600 "$top/d/x" c 1 5
	assert_status 0
	[[ $(node "$top/d/x") == "character special file 1 5 600 0 0" ]]
	run --separate-stderr timeout 120 "$DEVTOOL" mknod -r -m 0640 "$top/d/x" c 1 5
	assert_status 0
	[[ $(node "$top/d/x") == "character special file 1 5 640 0 0" ]]
}

@test "mknod -r: the lock is an OFD lock on /run/devtool.lock, a regular file 0600 owned by root" {
	command -v strace >/dev/null || skip "strace is not installed"
	needs_mknod
	[[ $(id -u) == 0 ]] || skip "root's lock file"
	local log=$BATS_FILE_TMPDIR/lock.$BATS_TEST_NUMBER
	mknod -m 0644 x c 1 3
	run --separate-stderr strace -f -qq -o "$log" -e trace=flock,fcntl,openat \
	    "$DEVTOOL" mknod -r -m 0600 x c 1 5
	assert_status 0
	grep -E 'openat\(AT_FDCWD, "/run/devtool.lock", O_RDWR\|O_CREAT\|.*O_NOFOLLOW.*, 0600\)' "$log" ||
		fail "the lock file was not opened as expected: $(cat "$log")"
	grep -q 'F_OFD_SETLKW, {l_type=F_WRLCK, l_whence=SEEK_SET, l_start=[0-9]*, l_len=1}) = 0' "$log" ||
		fail "no OFD lock was taken: $(cat "$log")"
	! grep -q 'flock(' "$log" || fail "flock(2) is still used: $(cat "$log")"
	[[ $(stat -c '%F %a %u' /run/devtool.lock) == "regular empty file 600 0" ]] ||
		fail "/run/devtool.lock: $(stat -c '%F %a %u' /run/devtool.lock)"
}

@test "mknod: as another user the lock file is \$XDG_RUNTIME_DIR/devtool.lock, and one not 0600 is not used" {
	command -v strace >/dev/null || skip "strace is not installed"
	command -v setpriv >/dev/null || skip "setpriv is not installed"
	local top log
	top=$(mktemp -d /tmp/devtool-xdg.XXXXXX)
	UNDO+=("rm -rf '$top'")
	chmod 755 "$top"
	mkdir -m 0700 "$top/run" && mkdir -m 0755 "$top/d"
	chown 65534:65534 "$top/run" "$top/d"
	log=$top/log
	: >"$log" && chown 65534 "$log"
	mkfifo -m 0600 "$top/d/f" && chown 65534:65534 "$top/d/f"
	# under make check-valgrind, valgrind's logs must be writable by the
	# user; they are handed on at the end
	mkdir -m 0700 "$top/vg" && chown 65534 "$top/vg"
	run --separate-stderr env XDG_RUNTIME_DIR="$top/run" VALGRIND_LOGS="$top/vg" \
	    ASAN_OPTIONS="${ASAN_OPTIONS:-}:detect_leaks=0" setpriv --reuid=65534 --regid=65534 \
	    --clear-groups strace -f -qq -o "$log" -e trace=fcntl "$DEVTOOL" mknod -r -m 0640 "$top/d/f" p
	assert_status 0
	[[ $(stat -c '%F %a %u' "$top/d/f") == "fifo 640 65534" ]]
	[[ $(stat -c '%F %a %u' "$top/run/devtool.lock") == "regular empty file 600 65534" ]]
	grep -q 'F_OFD_SETLKW' "$log" || fail "no lock was taken: $(cat "$log")"
	# a lock file others could open is not used
	chmod 0644 "$top/run/devtool.lock"
	run --separate-stderr env XDG_RUNTIME_DIR="$top/run" VALGRIND_LOGS="$top/vg" \
	    ASAN_OPTIONS="${ASAN_OPTIONS:-}:detect_leaks=0" setpriv --reuid=65534 --regid=65534 \
	    --clear-groups strace -f -qq -o "$log" -e trace=fcntl "$DEVTOOL" mknod -r -m 0600 "$top/d/f" p
	assert_status 0
	[[ $(stat -c '%F %a' "$top/d/f") == "fifo 600" ]]
	! grep -q 'F_OFD_SETLKW' "$log" || fail "a lock file open to others was used: $(cat "$log")"
	if [[ -n ${VALGRIND_LOGS:-} ]]; then
		cp "$top"/vg/*.log "$VALGRIND_LOGS"/
	fi
}

@test "mknod: chown, chmod and rename never act on a name outside the private directory (strace)" {
	command -v strace >/dev/null || skip "strace is not installed"
	needs_mknod
	local log=$BATS_FILE_TMPDIR/names.$BATS_TEST_NUMBER bad
	local trace=chmod,fchmodat,chown,lchown,fchownat,rename,renameat,renameat2,link,linkat
	mkdir d
	: >"$log"
	run_traced() {
		strace -y -f -qq -o "$log.1" -e trace=$trace "$DEVTOOL" "$@"
		cat "$log.1" >>"$log"
	}
	run_traced mknod -u 1234 -g 5 -m 4755 d/a c 1 3	# new, via a temporary
	run_traced mknod -r -u 1 -g 1 -m 0600 d/a c 1 5	# replaced
	run_traced mknod -r -u 2 -g 2 -m 2640 d/a c 1 5	# corrected in place
	run_traced mknod -r -m 0600 d/b p			# new, made in place
	run_traced mknod -p -u 3 -m 0640 d/s/t/c p		# parents, then a temporary
	[[ $(node d/a) == "character special file 1 5 2640 2 2" ]] || fail "d/a: $(node d/a)"
	[[ $(stat -c '%F %a %u' d/s/t/c) == "fifo 640 3" ]]
	grep -qE 'rename|chmod|chown' "$log" || fail "nothing was traced: $(cat "$log")"
	bad=$(by_name_outside "$log")
	[[ -z $bad ]] || fail "acted on a name outside the private directory:"$'\n'"$bad"
	assert_no_temp d
}

# ------------------------------------- what each safeguard is there for
#
# Each test below fails when one safeguard of node.c is taken out: one
# deliberate single change of node.c each.

@test "mknod -r: a correction to another owner first narrows the mode to what old and new allow, then chowns (strace order)" {
	command -v strace >/dev/null || skip "strace is not installed"
	needs_mknod
	local log=$BATS_FILE_TMPDIR/narrow.$BATS_TEST_NUMBER
	mkdir d
	mknod -m 0604 d/x c 1 3
	# Old 0604 (others may read), asked 0660 (group may write): until
	# the chown the node must be neither, so 0604 & 0660 = 0600 first.
	run --separate-stderr strace -f -qq -o "$log" -e trace=chmod,fchmodat,fchownat \
	    "$DEVTOOL" mknod -r -u 1234 -g 1234 -m 0660 d/x c 1 3
	assert_status 0
	assert_equal "$(node d/x)" "character special file 1 3 660 1234 1234"
	assert_equal "$(sed -E 's/^[0-9]+ +//; s|/proc/self/fd/[0-9]+|/proc/self/fd/N|;
	    s/^fchownat\([0-9]+,/fchownat(N,/; s/ += / = /' "$log")" \
	    'chmod("/proc/self/fd/N", 0600) = 0
fchownat(N, "", 1234, 1234, AT_EMPTY_PATH) = 0
chmod("/proc/self/fd/N", 0660) = 0'
}

@test "mknod: in a set-gid directory of devtool's own, -g with devtool's group is exact, not the directory's group" {
	needs_mknod
	mkdir d
	chgrp 1234 d
	chmod 2775 d
	# The fast path (mknod in place) would give the directory's group.
	run --separate-stderr devtool mknod -g 0 -m 0640 d/x c 1 3
	assert_status 0
	assert_stderr_empty
	assert_equal "$(node d/x)" "character special file 1 3 640 0 0"
	# without -g the set-gid directory's group is what mknod(2) gives
	run --separate-stderr devtool mknod -m 0640 d/y c 1 3
	assert_status 0
	assert_equal "$(node d/y)" "character special file 1 3 640 0 1234"
	assert_no_temp d
}

@test "mknod -g as root makes the node in its group at once: the file system group for the one mknod, no private directory, chown or rename (strace)" {
	command -v strace >/dev/null || skip "strace is not installed"
	needs_mknod
	[[ $(id -u) == 0 ]] || skip "as root only"
	local log=$BATS_FILE_TMPDIR/fsgid.$BATS_TEST_NUMBER
	mkdir d
	run --separate-stderr strace -f -qq -o "$log" \
	    -e trace=setfsgid,mknodat,fchownat,fchmodat,renameat2,mkdirat \
	    "$DEVTOOL" mknod -g 1234 -m 0660 d/x c 1 3
	assert_status 0
	assert_stderr_empty
	assert_equal "$(node d/x)" "character special file 1 3 660 0 1234"
	assert_equal "$(sed -E 's/^[0-9]+ +//; s/^mknodat\([0-9]+,/mknodat(N,/;
	    s/ += / = /' "$log")" \
	    'setfsgid(1234) = 0
setfsgid(-1) = 1234
mknodat(N, "x", S_IFCHR|0660, makedev(0x1, 0x3)) = 0
setfsgid(0) = 1234'
	assert_no_temp d
}

@test "mknod -g as root where the group cannot be taken makes the node through the private directory, exact (setfsgid failing, strace)" {
	command -v strace >/dev/null || skip "strace is not installed"
	needs_mknod
	[[ $(id -u) == 0 ]] || skip "as root only"
	local log=$BATS_FILE_TMPDIR/nofsgid.$BATS_TEST_NUMBER
	mkdir d
	# setfsgid changes nothing and says the group in force is 0, as in a
	# user namespace that does not map 1234
	run --separate-stderr strace -f -qq -o "$log" -e trace=setfsgid,renameat2 \
	    -e inject=setfsgid:retval=0 "$DEVTOOL" mknod -g 1234 -m 0660 d/x c 1 3
	assert_status 0
	assert_stderr_empty
	assert_equal "$(node d/x)" "character special file 1 3 660 0 1234"
	grep -q 'renameat2(.*RENAME_NOREPLACE) = 0' "$log" ||
		fail "not renamed from the private directory: $(cat "$log")"
	assert_no_temp d
}

# A RENAME_EXCHANGE race: strace stops devtool (SIGSTOP) once the
# private node is made and set up (its one fchmodat done), before the
# exchange; a regular file is renamed over the old node then.  The
# exchange brings the file out into the private directory: it must be
# exchanged back, whole.  Deterministic: devtool waits, stopped, until
# the swap is done.
@test "mknod -r: what a RENAME_EXCHANGE race brings out that is not a node is exchanged back (strace stops devtool before the exchange)" {
	command -v strace >/dev/null || skip "strace is not installed"
	needs_mknod
	local log=$BATS_FILE_TMPDIR/swap.$BATS_TEST_NUMBER pid job t
	mkdir d
	mknod -m 0644 d/x c 1 3
	echo data >d/f
	strace -f -qq -o "$log" -e trace=fchmodat,renameat2 \
	    -e inject=fchmodat:signal=SIGSTOP:when=1 \
	    "$DEVTOOL" mknod -r -m 0600 d/x c 1 5 2>"$BATS_TEST_TMPDIR/err" &
	job=$!
	strace_stopped "$log" "$job"
	pid=$STOPPED
	t=(d/.devtool.*/n)
	[[ -e ${t[0]} && $(stat -c %a "${t[0]}") == 600 ]] &&
		! grep -q renameat2 "$log" ||
		{ kill -KILL "$pid"; wait "$job" || :; fail "not stopped with the temporary ready:"$'\n'"$(cat "$log")"; }
	mv -T d/f d/x
	kill -CONT "$pid"
	wait "$job" && fail "exit 0 although the node was swapped meanwhile"
	assert_equal "$(<"$BATS_TEST_TMPDIR/err")" "devtool: d/x: changed while being replaced; left alone"
	assert_equal "$(grep -c 'RENAME_EXCHANGE) = 0' "$log")" 2
	assert_equal "$(stat -c %F d/x)" "regular file"
	assert_equal "$(<d/x)" data
	assert_equal "$(ls -A d)" x
}
