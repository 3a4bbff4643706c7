#!/usr/bin/env bats
# devtool convert: devtool(1) LAYOUTS, NUMBERS, "devtool convert" and STREAMS.

load test_helper

# convert_is FROM TO VALUE OUT
convert_is() {
	run --separate-stderr devtool convert -f "$1" -t "$2" "$3"
	assert_success
	assert_output "$4"
	assert_stderr_empty
}

@test "convert: old 8:8 numbers into linux keep their value" {
	run --separate-stderr devtool convert -f 8:8 -t linux 0x0103 0xffff 0 0x0801
	assert_success
	assert_stderr_empty
	assert_equal "$output" $'259\n65535\n0\n2049'
}

@test "convert: 16:16 0x12c0005 (300:5) into linux is 76805" {
	convert_is 16:16 linux 0x12c0005 76805
}

@test "convert: -x prints lower-case 0x hex" {
	run --separate-stderr devtool convert -x -f 16:16 -t linux 0x12c0005
	assert_success
	assert_output 0x12c05

	run --separate-stderr devtool convert --hex -f linux -t glibc 0xFFFFFFFF
	assert_success
	assert_output 0xffffffff
}

@test "convert: --to and --format long forms" {
	run --separate-stderr devtool convert --format=linux --to=16:16 76805
	assert_success
	assert_output 19660805
}

@test "convert: reference vectors between layouts" {
	convert_is linux 16:16 0x12c05 19660805         # 300:5
	convert_is linux 12:20 0x12c05 314572805        # 300:5
	convert_is 12:20 glibc 0xffffffff 4294967295     # 4095:1048575
	convert_is 16:16 12:20 0x1000000 268435456      # 256:0
	convert_is 12:20 16:16 0x10000000 16777216      # 256:0
	convert_is glibc 16:16 0x100000000000 268435456 # 4096:0
	convert_is linux 8:8 0xffff 65535               # 255:255
	convert_is 16:16 svr4 0x12c0005 78643205        # 300<<18 | 5
	convert_is hpux osf1 0x1000003 1048579          # 1:3
	convert_is 32:32 10:22 0x12c00000005 1258291205 # 300:5
}

@test "convert: native and glibc agree" {
	convert_is linux native 0x12c05 76805
	convert_is native 16:16 0x100000000000 268435456
	convert_is glibc native 0xffffffffffffffff 18446744073709551615
}

@test "convert: the cross-layout trap: 0x10000 is 0:65536 in 12:20, 256:0 in linux" {
	# 12:20 0x10000 = 0:65536 -> 16:16 cannot hold minor 65536.
	run --separate-stderr devtool convert -f 12:20 -t 16:16 0x10000
	assert_usage_error
	assert_stderr_contains "0:65536"
	# linux 0x10000 = 256:0 -> 16:16 256<<16.
	convert_is linux 16:16 0x10000 16777216
	# The same number means different pairs: 8:8 holds one, not the other.
	run --separate-stderr devtool convert -f linux -t 8:8 0x10000
	assert_usage_error
	assert_stderr_contains "256:0"
	run --separate-stderr devtool convert -f 12:20 -t 8:8 0x10000
	assert_usage_error
	assert_stderr_contains "0:65536"
}

@test "convert: a pair the target cannot hold is exit 2 naming the pair" {
	run --separate-stderr devtool convert -f linux -t 16:16 0xffffffff
	assert_usage_error
	assert_stderr_contains "4095:1048575"
	assert_stderr_contains "16:16"
	assert_stderr_contains "(0-65535)"
}

@test "convert: a pair ambiguous in the target is exit 2 naming both pairs" {
	# linux 0x100000 is 0:256, which 16:16 can only write as 1:0's value.
	run --separate-stderr devtool convert -f linux -t 16:16 0x100000
	assert_usage_error
	assert_stderr_contains "0:256"
	assert_stderr_contains "1:0"

	run --separate-stderr devtool convert --strict -f linux -t 16:16 0x100000
	assert_success
	assert_output 256
}

@test "convert: a value wider than the source layout is exit 2" {
	run --separate-stderr devtool convert -f 8:8 -t linux 0x10000
	assert_usage_error
	assert_stderr_contains "does not fit layout 8:8"
}

@test "convert: a non-canonical source value is converted with a warning" {
	run --separate-stderr devtool convert -f 16:16 -t linux 0x00010001
	assert_success
	assert_output 257
	assert_stderr_contains "warning"

	run --separate-stderr devtool -q convert -f 16:16 -t linux 0x00010001
	assert_success
	assert_output 257
	assert_stderr_empty
}

@test "convert: -t missing, or no VALUE, is exit 2" {
	run --separate-stderr devtool convert -f 8:8 0x103
	assert_usage_error
	assert_stderr_contains "-t"
}

@test "convert: unknown -t or -f layout is exit 2 listing the valid names" {
	run --separate-stderr devtool convert -f 8:8 -t bogus 0x103
	assert_usage_error
	assert_stderr_contains "unknown layout 'bogus'"
	assert_stderr_contains "glibc"

	run --separate-stderr devtool convert -f bogus -t linux 0x103
	assert_usage_error
	assert_stderr_contains "unknown layout 'bogus'"

	run --separate-stderr devtool convert -f 8:8 -t 7:9 0x103
	assert_usage_error
	assert_stderr_contains "'7:9'"

	run --separate-stderr devtool convert -f 8:8 -t linux
	assert_usage_error
}

@test "convert: without -f the source is DEVTOOL_FORMAT, else 16:16" {
	run --separate-stderr devtool convert -t linux 0x12c0005
	assert_success
	assert_output 76805

	DEVTOOL_FORMAT=12:20 run --separate-stderr devtool convert -t linux 0x12c00005
	assert_success
	assert_output 76805
}

@test "convert: every class of bad number is exit 2 quoting the text" {
	local text
	for text in "" "+5" " 5" "5 " "12abc" "08" "0xg" "0x" "18446744073709551616" "-1"; do
		run --separate-stderr devtool convert -f 8:8 -t linux -- "$text"
		assert_usage_error
		assert_stderr_contains "invalid number '$text'"
	done
	run --separate-stderr devtool convert -f 8:8 -t linux -1
	assert_usage_error
}

@test "convert: accepts 0x1F, 0X1f, 017 and 0" {
	run --separate-stderr devtool convert -f 8:8 -t linux 0x1F 0X1f 017 0
	assert_success
	assert_equal "$output" $'31\n31\n15\n0'
}

@test "convert: a bad operand stops; -k goes on, an empty line in its place, and exits 2" {
	run --separate-stderr devtool convert -f linux -t 16:16 0x103 0xffffffff 0x104
	assert_equal "$status" 2
	assert_output 259

	run --separate-stderr devtool convert -k -f linux -t 16:16 0x103 0xffffffff 0x104
	assert_equal "$status" 2
	assert_equal "$output" $'259\n\n260'
	assert_stderr_contains "4095:1048575"
}

# --- streams -------------------------------------------------------------

@test "convert -: one output line per input line" {
	printf '0x103\n0x12c0005\n 0xffff \n0x1000000\r\n' >in
	run --separate-stderr devtool convert -f 16:16 -t linux - <in
	assert_success
	assert_stderr_empty
	assert_equal "$output" $'259\n76805\n65535\n65536'

	run --separate-stderr devtool convert -x -f 16:16 -t linux - <in
	assert_success
	assert_equal "$output" $'0x103\n0x12c05\n0xffff\n0x10000'
}

@test "convert -: a bad line stops with <stdin>:LINE naming the pair" {
	printf '0x103\n0x12c05\n0xffffffff\n0x104\n' >in
	run --separate-stderr devtool convert -f linux -t 16:16 - <in
	assert_equal "$status" 2
	assert_equal "$output" $'259\n19660805'
	assert_stderr_contains "devtool: <stdin>:3: "
	assert_stderr_contains "4095:1048575"
	refute_output --partial 260
}

@test "convert -k -: reports bad lines, an empty line in each one's place, goes on, exit 2 at the end" {
	printf '0x103\n0x10000\nabc\n0x104\n' >in
	run --separate-stderr devtool convert -k -f 8:8 -t linux - <in
	assert_equal "$status" 2
	assert_equal "$output" $'259\n\n\n260'
	assert_stderr_contains "devtool: <stdin>:2: "
	assert_stderr_contains "devtool: <stdin>:3: invalid number 'abc'"
}

@test "convert -: 200000 old 8:8 values into linux are unchanged (linux extends 8:8)" {
	seq 0 199999 | awk '{ print $1 % 65536 }' >in
	run --separate-stderr bash -c '"$DEVTOOL" convert -f 8:8 -t linux - <in >out'
	assert_success
	assert_stderr_empty
	assert_equal "$(wc -l <out)" 200000
	cmp in out
}

@test "convert -: 200000 16:16 values into linux match the formula" {
	# 16:16 wide values ma<<16 | mi with ma 256..4095, mi 0..65535.
	seq 0 199999 | awk '{ ma = 256 + $1 % 3840; mi = ($1 * 13) % 65536;
	    printf "%.0f\n", ma * 65536 + mi >"in"
	    printf "%.0f\n", (mi % 256) + ma * 256 + int(mi / 256) * 1048576 >"want" }'
	run --separate-stderr bash -c '"$DEVTOOL" convert -f 16:16 -t linux - <in >out'
	assert_success
	assert_equal "$(wc -l <out)" 200000
	assert_equal "$(sed -n 12345p out)" "$(sed -n 12345p want)"
	cmp out want
}

@test "convert: the message for a pair the target cannot hold is whole" {
	run --separate-stderr devtool convert -f linux -t 16:16 0x100000
	assert_status 2
	assert_stderr_contains "'0x100000' is 0:256 under linux, which 16:16 cannot hold"
	assert_stderr_contains "use --strict or another layout"
}
