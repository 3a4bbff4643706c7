#!/usr/bin/env bats
# devtool explain: LAYOUTS in devtool(1) (compat branches, interleaving),
# SYNOPSIS and STREAMS in devtool(1) (explain).

load test_helper

# The host's kernel names nothing here: fake_kernel's sysfs, or none.
setup() {
	helper_setup
	export DEVTOOL_SYSFS=$BATS_TEST_TMPDIR/no-sysfs
}

@test "explain: 16:16 narrow pair 1:2 takes the 8:8 branch" {
	run --separate-stderr devtool explain -f 16:16 1 2
	assert_success
	assert_stderr_empty
	assert_line --index 0 "layout 16:16, given by -f"
	assert_line --index 1 "range  32 bits, major 0-65535, minor 0-65535"
	assert_line "pair   1:2"
	assert_line "value  0x00000102 = 258"
	assert_line --regexp "^rule +compat rule, 8:8 branch"
	assert_line "  bits   31-24    23-16    15-8     7-0"
	assert_line "  value  00000000 00000000 00000001 00000010"
	assert_line "  field  ........ ........ MMMMMMMM mmmmmmmm"
	assert_line "  M  major 1 = 0x1 in bits 15-8"
	assert_line "  m  minor 2 = 0x2 in bits 7-0"
	refute_output --partial "wide branch"
}

@test "explain: 16:16 wide pair 300:5 takes the wide branch" {
	run --separate-stderr devtool explain -f 16:16 300 5
	assert_success
	assert_stderr_empty
	assert_line "pair   300:5"
	assert_line "value  0x012c0005 = 19660805"
	assert_line --regexp "^rule +compat rule, wide branch"
	assert_line "  value  00000001 00101100 00000000 00000101"
	assert_line "  field  MMMMMMMM MMMMMMMM mmmmmmmm mmmmmmmm"
	assert_line "  M  major 300 = 0x12c in bits 31-16"
	assert_line "  m  minor 5 = 0x5 in bits 15-0"
	refute_output --partial "8:8 branch"
}

@test "explain: 12:20 wide pair marks 12 major and 20 minor bits" {
	run --separate-stderr devtool explain -f 12:20 300 5
	assert_success
	assert_line "value  0x12c00005 = 314572805"
	assert_line --regexp "wide branch"
	assert_line "  field  MMMMMMMM MMMMmmmm mmmmmmmm mmmmmmmm"
	assert_line "  M  major 300 = 0x12c in bits 31-20"
	assert_line "  m  minor 5 = 0x5 in bits 19-0"
}

@test "explain: the default layout is 16:16, DEVTOOL_FORMAT overrides it, and the first line says which and why" {
	run --separate-stderr devtool explain 300 5
	assert_success
	assert_line --index 0 "layout 16:16, the default for typed numbers (-f native for stat(1), /proc)"
	assert_line --index 1 "range  32 bits, major 0-65535, minor 0-65535"
	assert_line "value  0x012c0005 = 19660805"

	DEVTOOL_FORMAT=linux run --separate-stderr devtool explain 300 5
	assert_success
	assert_line --index 0 "layout linux, from DEVTOOL_FORMAT (the default for typed numbers)"
	assert_line --index 1 "range  32 bits, major 0-4095, minor 0-1048575"

	DEVTOOL_FORMAT=linux run --separate-stderr devtool explain --strict -f 16:16 1 2
	assert_success
	assert_line --index 0 "layout 16:16, given by -f, --strict: no compat rule"
}

@test "explain: freebsd draws the major in bits 15-8 and the minor around it" {
	run --separate-stderr devtool explain -f freebsd 8 65536
	assert_success
	assert_stderr_empty
	assert_output "$(cat <<-'EOF'
	layout freebsd, given by -f
	range  32 bits, major 0-255, minor 0-4294902015
	pair   8:65536
	value  0x00010800 = 67584
	rule   interleaved: fixed bit positions, no branches

	  bits   31-24    23-16    15-8     7-0
	  value  00000000 00000001 00001000 00000000
	  field  mmmmmmmm mmmmmmmm MMMMMMMM mmmmmmmm

	  M  major 8 = 0x8 in bits 15-8
	  m  minor 65536 = 0x10000 in bits 31-16, 7-0

	names    none: no device of the running kernel, none in the registry
	EOF
	)"
	run --separate-stderr devtool explain -f freebsd 0 256
	assert_usage_error
	assert_equal "$stderr" "devtool: minor 256 (0x100) does not fit layout freebsd: its bits 0xff00 must be 0"
}

@test "explain: linux shows the interleaving" {
	run --separate-stderr devtool explain -f linux 300 5
	assert_success
	assert_stderr_empty
	assert_line "range  32 bits, major 0-4095, minor 0-1048575"
	assert_line "value  0x00012c05 = 76805"
	assert_line --regexp "^rule +interleaved"
	assert_line "  value  00000000 00000001 00101100 00000101"
	assert_line "  field  mmmmmmmm mmmmMMMM MMMMMMMM mmmmmmmm"
	assert_line "  M  major 300 = 0x12c in bits 19-8"
	assert_line "  m  minor 5 = 0x5 in bits 31-20, 7-0"
	refute_output --partial "compat rule"
}

@test "explain: glibc shows the 64-bit interleaving in two rows" {
	run --separate-stderr devtool explain -f glibc 300 5
	assert_success
	assert_line "range  64 bits, major 0-4294967295, minor 0-4294967295"
	assert_line "value  0x0000000000012c05 = 76805"
	assert_line --regexp "^rule +interleaved"
	assert_line "  bits   63-56    55-48    47-40    39-32"
	assert_line "  field  MMMMMMMM MMMMMMMM MMMMmmmm mmmmmmmm"
	assert_line "  field  mmmmmmmm mmmmMMMM MMMMMMMM mmmmmmmm"
	assert_line "  M  major 300 = 0x12c in bits 63-44, 19-8"
	assert_line "  m  minor 5 = 0x5 in bits 43-20, 7-0"

	run --separate-stderr devtool explain -f glibc 4096 0
	assert_success
	assert_line "value  0x0000100000000000 = 17592186044416"
	assert_line "  value  00000000 00000000 00010000 00000000"
}

@test "explain: plain splits say so (8:8, osf1, --strict 16:16)" {
	run --separate-stderr devtool explain -f 8:8 1 2
	assert_success
	assert_line "range  16 bits, major 0-255, minor 0-255"
	assert_line "value  0x0102 = 258"
	assert_line --regexp "^rule +plain split"
	assert_line "  field  MMMMMMMM mmmmmmmm"

	run --separate-stderr devtool explain -f osf1 1 2
	assert_success
	assert_line "value  0x00100002 = 1048578"
	assert_line --regexp "^rule +plain split"
	assert_line "  M  major 1 = 0x1 in bits 31-20"

	run --separate-stderr devtool explain --strict -f 16:16 1 2
	assert_success
	assert_line "value  0x00010002 = 65538"
	assert_line --regexp "^rule +plain split"
	assert_line "  M  major 1 = 0x1 in bits 31-16"
}

@test "explain: 32:32 draws 64 bits" {
	run --separate-stderr devtool explain -f 32:32 300 5
	assert_success
	assert_line "value  0x0000012c00000005 = 1288490188805"
	assert_line "  M  major 300 = 0x12c in bits 63-32"
	assert_line "  m  minor 5 = 0x5 in bits 31-0"
}

@test "explain --value V: draws the value's pair" {
	run --separate-stderr devtool explain -f 16:16 --value 0x12c0005
	assert_success
	assert_stderr_empty
	assert_line "pair   300:5"
	assert_line "value  0x012c0005 = 19660805"
	assert_line --regexp "wide branch"

	run --separate-stderr devtool explain --value=259 -f linux
	assert_success
	assert_line "pair   1:3"
	assert_line "value  0x00000103 = 259"
}

@test "explain --value: the 8:8 branch of a narrow 16:16 value" {
	run --separate-stderr devtool explain --value 0x0103
	assert_success
	assert_line "pair   1:3"
	assert_line --regexp "8:8 branch"
}

@test "explain --value: a non-canonical value warns (and -q silences it)" {
	run --separate-stderr devtool explain --value 0x00010001
	assert_success
	assert_line "pair   1:1"
	assert_line "value  0x00010001 = 65537"
	assert_stderr_contains "warning"

	run --separate-stderr devtool -q explain --value 0x00010001
	assert_success
	assert_stderr_empty
}

@test "explain --value: a value wider than the layout, or a bad number, is exit 2" {
	run --separate-stderr devtool explain -f 16:16 --value 0x100000000
	assert_usage_error
	assert_stderr_contains "does not fit layout 16:16"

	local text
	for text in "" "+5" "12abc" "08" "0x" "18446744073709551616"; do
		run --separate-stderr devtool explain --value "$text"
		assert_usage_error
		assert_stderr_contains "invalid number '$text'"
	done
}

@test "explain: bad numbers and out-of-range pairs are exit 2" {
	run --separate-stderr devtool explain -- 1 -1
	assert_usage_error
	assert_stderr_contains "invalid number '-1'"

	run --separate-stderr devtool explain 1 0xg
	assert_usage_error
	assert_stderr_contains "invalid number '0xg'"

	run --separate-stderr devtool explain -f linux 4096 0
	assert_usage_error
	assert_stderr_contains "(0-4095)"
}

@test "explain: an ambiguous pair is exit 2 naming the alias" {
	run --separate-stderr devtool explain -f 16:16 0 256
	assert_equal "$status" 2
	assert_stderr_contains "0:256"
	assert_stderr_contains "1:0"
}

@test "explain: an ambiguous pair is not described as fitting the 8:8 branch" {
	# 0:256 is encoded by the wide branch (minor > 255); its value 0x100
	# is what reads back through the 8:8 branch.  Whatever is drawn must
	# not claim the pair fits 8 bits each or that minor 256 is in bits 7-0.
	run --separate-stderr devtool explain -f 16:16 0 256
	assert_equal "$status" 2
	refute_output --partial "the pair fits 8 bits each"
	refute_output --partial "minor 256 = 0x100 in bits 7-0"
}

@test "explain: operand mistakes and unknown layouts are exit 2" {
	run --separate-stderr devtool explain
	assert_usage_error
	run --separate-stderr devtool explain 1 2 3
	assert_usage_error
	run --separate-stderr devtool explain --value 259 1 2
	assert_usage_error
	assert_stderr_contains "expected MAJOR MINOR or MAJOR:MINOR or VALUE or PATH or --value V"

	run --separate-stderr devtool explain -f 4:4 1 2
	assert_usage_error
	assert_stderr_contains "'4:4'"
}

# M:N widths that are not a multiple of 8.  Guarded: a runaway drawing
# loop must not fill the disk, so output is cut at 64 KiB and the run at
# 60 s (a hang, not a slow run on a busy machine).
explain_bounded() {
	run --separate-stderr bash -c 'set -o pipefail
	    timeout 60 "$DEVTOOL" explain "$@" 2>err | head -c 65536 >out' \
	    _ "$@"
}

@test "explain: a 17-bit layout (8:9) draws a finite 17-bit picture" {
	explain_bounded -f 8:9 1 2
	[[ $(wc -c <out) -lt 2048 ]] || fail "runaway output: $(wc -c <out) bytes, starts: $(head -c 400 out)"
	assert_success
	assert_equal "$(cat err)" ""
	grep -q '^range  17 bits' out
	grep -q '^  M  major 1 = 0x1 in bits 15-8$' out
	grep -q '^  m  minor 2 = 0x2 in bits 7-0$' out
	if grep -q '4294967' out; then fail "bit ruler wrapped below bit 0"; fi
}

@test "explain: a 25-bit layout (12:13) draws a finite picture" {
	explain_bounded -f 12:13 300 5
	[[ $(wc -c <out) -lt 2048 ]] || fail "runaway output: $(wc -c <out) bytes, starts: $(head -c 400 out)"
	assert_success
	grep -q '^  M  major 300 = 0x12c in bits 24-13$' out
	grep -q '^  m  minor 5 = 0x5 in bits 12-0$' out
	if grep -q '4294967' out; then fail "bit ruler wrapped below bit 0"; fi
}

@test "explain: a 61-bit layout (30:31) draws a finite picture" {
	explain_bounded -f 30:31 300 5
	[[ $(wc -c <out) -lt 2048 ]] || fail "runaway output: $(wc -c <out) bytes, starts: $(head -c 400 out)"
	assert_success
	grep -q '^  M  major 300 = 0x12c in bits 60-31$' out
	if grep -q '4294967' out; then fail "bit ruler wrapped below bit 0"; fi
}

@test "explain --value: a non-canonical value is said to be so" {
	run --separate-stderr devtool explain -f 16:16 --value 0x10001
	assert_success
	assert_output --partial "NOT CANONICAL"
	assert_output --partial "pair   1:1"
	assert_stderr_contains "not canonical"
}

# fake_kernel: a sysfs with c 4:64 (ttyS0) and b 8:1 (sda1), and a
# /proc/devices naming their drivers (NAMES in devtool(1)).
fake_kernel() {
	mkdir -p sys/dev/char/4:64 sys/dev/block/8:1
	printf 'MAJOR=4\nMINOR=64\nDEVNAME=ttyS0\n' >sys/dev/char/4:64/uevent
	printf 'MAJOR=8\nMINOR=1\nDEVNAME=sda1\nDEVTYPE=partition\n' \
	    >sys/dev/block/8:1/uevent
	printf 'Character devices:\n  1 mem\n  4 tty\n  4 ttyS\n\nBlock devices:\n  8 sd\n' \
	    >devices
	export DEVTOOL_SYSFS=$PWD/sys DEVTOOL_PROC_DEVICES=$PWD/devices
}

@test "explain 4 64 names ttyS0 from the kernel and from the registry" {
	fake_kernel
	run --separate-stderr devtool explain 4 64
	assert_success
	assert_line --index 0 "layout 16:16, the default for typed numbers (-f native for stat(1), /proc)"
	assert_line "kernel   c ttyS0 (driver tty, ttyS)"
	assert_line "registry c ttyS0: serial port"
}

@test "explain MAJOR:MINOR is the pair MAJOR MINOR" {
	fake_kernel
	run devtool explain 4 64
	local pair=$output
	run devtool explain 4:64
	assert_success
	assert_output "$pair"
}

@test "explain of a raw value names its pair's devices of both types" {
	fake_kernel
	run devtool explain 0x801
	assert_success
	assert_line "pair   8:1"
	assert_line "kernel   b sda1 (driver sd)"
	assert_line "registry b sda1: SCSI disk"
	refute_line --partial "kernel   c"
}

@test "explain of a path names the node's type and its device" {
	needs_mknod
	fake_kernel
	mknod myserial c 4 64
	run devtool explain ./myserial
	assert_success
	assert_line --index 0 "layout native (this system's dev_t), because the value came from ./myserial"
	assert_line --index 1 "path   ./myserial: character device"
	assert_line "kernel   c ttyS0 (driver tty, ttyS)"
}

@test "explain --json gives the pair, the value and each name with its source" {
	fake_kernel
	run devtool explain --json 4:64
	assert_success
	assert_output '{"layout":"16:16","why":"layout 16:16, the default for typed numbers (-f native for stat(1), /proc)","major":4,"minor":64,"value":1088,"names":[{"source":"kernel","type":"c","name":"ttyS0","driver":"tty, ttyS"},{"source":"registry","type":"c","name":"ttyS0","description":"serial port"}]}'
}

@test "explain says when neither the kernel nor the registry knows the number" {
	fake_kernel
	run devtool explain 4000:1
	assert_success
	assert_line "names    none: no device of the running kernel, none in the registry"
}

@test "explain of a file that is not a device node is a usage error naming it" {
	: >plain
	run --separate-stderr devtool explain ./plain
	assert_usage_error
	assert_stderr_contains "devtool: ./plain: not a device node"
}

# A value from a device node is the running system's (devtool(1),
# explain and LAYOUTS: native): what stat(2) gives, not a 16:16 value.
@test "explain PATH of a node made as c 300 5 draws the value stat(2) gives, under native, and says why" {
	needs_mknod
	fake_kernel
	mknod node c 300 5
	assert_equal "$(stat -c %r node)" 76805
	run --separate-stderr devtool explain ./node
	assert_success
	assert_stderr_empty
	assert_output "$(cat <<-'EOF2'
	layout native (this system's dev_t), because the value came from ./node
	path   ./node: character device
	range  64 bits, major 0-4294967295, minor 0-4294967295
	pair   300:5
	value  0x0000000000012c05 = 76805
	rule   interleaved: fixed bit positions, no branches

	  bits   63-56    55-48    47-40    39-32
	  value  00000000 00000000 00000000 00000000
	  field  MMMMMMMM MMMMMMMM MMMMmmmm mmmmmmmm

	  bits   31-24    23-16    15-8     7-0
	  value  00000000 00000001 00101100 00000101
	  field  mmmmmmmm mmmmMMMM MMMMMMMM mmmmmmmm

	  M  major 300 = 0x12c in bits 63-44, 19-8
	  m  minor 5 = 0x5 in bits 43-20, 7-0

	names    none: no device of the running kernel, none in the registry
	EOF2
	)"

	run --separate-stderr devtool explain --json ./node
	assert_success
	assert_output '{"layout":"native","why":"layout native (this system'"'"'s dev_t), because the value came from ./node","major":300,"minor":5,"value":76805,"path":"./node","type":"c","names":[]}'
}

@test "explain PATH: DEVTOOL_FORMAT is for typed numbers and leaves a node native; -f draws it under another layout" {
	needs_mknod
	fake_kernel
	mknod node c 300 5
	DEVTOOL_FORMAT=12:20 run --separate-stderr devtool explain ./node
	assert_success
	assert_line --index 0 "layout native (this system's dev_t), because the value came from ./node"
	assert_line "value  0x0000000000012c05 = 76805"

	DEVTOOL_FORMAT=12:20 run --separate-stderr devtool explain -f 16:16 ./node
	assert_success
	assert_line --index 0 "layout 16:16, given by -f"
	assert_line --index 1 "path   ./node: character device"
	assert_line "value  0x012c0005 = 19660805"
}

# devtool-explain(1): a path is drawn under native unless -f is given, so
# DEVTOOL_FORMAT, the layout of typed numbers, is not read for it.
@test "explain PATH: a bad DEVTOOL_FORMAT is ignored, as native is used; typed numbers still refuse it" {
	DEVTOOL_FORMAT=bogus run --separate-stderr devtool explain /dev/null
	assert_success
	assert_stderr_empty
	assert_line --index 0 "layout native (this system's dev_t), because the value came from /dev/null"

	DEVTOOL_FORMAT=bogus run --separate-stderr devtool explain --json /dev/null
	assert_success
	assert_equal "$(jq -r '[.layout, .path, .type] | @tsv' <<<"$output")" "native	/dev/null	c"

	DEVTOOL_FORMAT=bogus run --separate-stderr devtool explain 300 5
	assert_usage_error
	assert_stderr_contains "DEVTOOL_FORMAT: "
	assert_stderr_contains "bogus"

	DEVTOOL_FORMAT=bogus run --separate-stderr devtool explain --value 258
	assert_usage_error
	assert_stderr_contains "DEVTOOL_FORMAT: "

	DEVTOOL_FORMAT=bogus run --separate-stderr devtool explain -f bogus /dev/null
	assert_usage_error
	assert_stderr_contains "bogus"
}

# devtool-explain(1), --json: "why" is the text's first line.
@test "explain --json says which layout and why in \"why\", as the text's first line" {
	run --separate-stderr devtool explain --json 300 5
	assert_success
	assert_equal "$(jq -r .why <<<"$output")" \
	    "layout 16:16, the default for typed numbers (-f native for stat(1), /proc)"

	DEVTOOL_FORMAT=linux run --separate-stderr devtool explain -o json 300 5
	assert_success
	assert_equal "$(jq -r '[.layout, .why] | @tsv' <<<"$output")" \
	    "linux	layout linux, from DEVTOOL_FORMAT (the default for typed numbers)"

	run --separate-stderr devtool explain --json -f 16:16 --strict 1 2
	assert_success
	assert_equal "$(jq -r .why <<<"$output")" \
	    "layout 16:16, given by -f, --strict: no compat rule"

	run --separate-stderr devtool explain --json /dev/null
	assert_success
	assert_equal "$(jq -r .why <<<"$output")" \
	    "layout native (this system's dev_t), because the value came from /dev/null"
	run --separate-stderr devtool explain /dev/null
	assert_equal "$(jq -r .why <<<"$(devtool explain --json /dev/null)")" "${lines[0]}"
}

# devtool-explain(1): an ambiguous pair is refused, exit 2; with --json
# standard output is JSON or nothing, never the drawing.
@test "explain --json of an ambiguous pair prints nothing on stdout, the error on stderr, exit 2" {
	run --separate-stderr devtool explain --json 0 256
	assert_usage_error
	assert_stderr_contains "is ambiguous under 16:16"
}
