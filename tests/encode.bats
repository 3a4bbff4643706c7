#!/usr/bin/env bats
# devtool encode: LAYOUTS in devtool(1) (layouts), NUMBERS in devtool(1)
# (numbers), SYNOPSIS and STREAMS in devtool(1) (encode, streams).

load test_helper

# encode_is LAYOUT MAJOR MINOR DECIMAL: encode -f LAYOUT prints DECIMAL.
encode_is() {
	run --separate-stderr devtool encode -f "$1" "$2" "$3"
	assert_success
	assert_output "$4"
	assert_stderr_empty
}

# encode_refused LAYOUT MAJOR MINOR MESSAGE: encode -f LAYOUT is exit 2
# with exactly "devtool: MESSAGE" on stderr.
encode_refused() {
	run --separate-stderr devtool encode -f "$1" "$2" "$3"
	assert_usage_error
	assert_equal "$stderr" "devtool: $4"
}

# bad_number TEXT REASON [SHOWN]: TEXT is refused as major and as minor,
# the message quoting it (as SHOWN: unprintable bytes become ?).
bad_number() {
	local text=$1 reason=$2 shown=${3:-$1}

	run --separate-stderr devtool encode -- "$text" 5
	assert_usage_error
	assert_stderr_contains "invalid number '$shown'"
	assert_stderr_contains "$reason"

	run --separate-stderr devtool encode -- 5 "$text"
	assert_usage_error
	assert_stderr_contains "invalid number '$shown'"
	assert_stderr_contains "$reason"
}

# --- output forms ----------------------------------------------------------

@test "encode: prints the value in decimal by default" {
	run --separate-stderr devtool encode -f 16:16 300 5
	assert_success
	assert_output 19660805
	assert_stderr_empty
}

@test "encode: -x prints lower-case 0x hexadecimal" {
	run --separate-stderr devtool encode -x -f 16:16 300 5
	assert_success
	assert_output 0x12c0005
	assert_stderr_empty

	run --separate-stderr devtool encode --hex -f linux 4095 1048575
	assert_success
	assert_output 0xffffffff

	run --separate-stderr devtool encode -x -f glibc 4096 0
	assert_success
	assert_output 0x100000000000

	run --separate-stderr devtool encode -x -f 16:16 0 0
	assert_success
	assert_output 0x0
}

@test "encode: --json prints one object with layout, major, minor, value" {
	run --separate-stderr devtool encode --json -f 16:16 300 5
	assert_success
	assert_stderr_empty
	assert_equal "${#lines[@]}" 1
	assert_equal "$(jq -r '[.layout, .major, .minor, .value, .hex] | @tsv' <<<"$output")" \
		"16:16	300	5	19660805	0x12c0005"
}

@test "encode: --json names the canonical layout, keeps M:N as given, prints 2^64-1 exactly" {
	run --separate-stderr devtool encode --json -f old 1 3
	assert_success
	assert_equal "$(jq -r '[.layout, .major, .minor, .value] | @tsv' <<<"$output")" \
		"8:8	1	3	259"

	run --separate-stderr devtool encode --json -f 10:22 1023 4194303
	assert_success
	assert_equal "$(jq -r '[.layout, .value] | @tsv' <<<"$output")" "10:22	4294967295"

	run --separate-stderr devtool encode --json -f glibc 4294967295 4294967295
	assert_success
	# jq would round the number; check the text itself.
	assert_output --partial '"value":18446744073709551615'
	assert_equal "$(jq -r .hex <<<"$output")" 0xffffffffffffffff
}

# --- layouts -------------------------------------------------------------
# (The reference vectors of 16:16, 12:20, linux and glibc, each pair both
# ways, are tests/unit_encode.c's.)

@test "encode: native equals glibc on this host" {
	run --separate-stderr devtool encode -f native 4096 0
	assert_success
	assert_output 17592186044416
	printf '%s\n' "1 3" "255 255" "256 0" "0 256" "300 5" "4095 1048575" \
	    "4096 0" "65536 70000" "4294967295 4294967295" >pairs
	"$DEVTOOL" encode -f glibc - <pairs >want
	run --separate-stderr devtool encode -f native - <pairs
	assert_success
	assert_equal "${#lines[@]}" 9
	assert_output "$(cat want)"
}

@test "encode: 8:8 and its alias old" {
	encode_is 8:8 0 0 0
	encode_is 8:8 1 3 259
	encode_is 8:8 255 255 65535
	encode_is 8:8 0 255 255
	encode_is old 8 1 2049
	# No compat rule and no ambiguity in a 16-bit layout.
	encode_is 8:8 0 200 200
}

@test "encode: M:N splits 10:22 and 32:32" {
	encode_is 10:22 1 3 259                      # compat: fits 8:8
	encode_is 10:22 300 5 1258291205             # 300<<22 | 5
	encode_is 10:22 1023 4194303 4294967295
	encode_is 32:32 1 3 259
	encode_is 32:32 300 5 1288490188805          # 300<<32 | 5
	encode_is 32:32 4294967295 4294967295 18446744073709551615
	encode_is 8:24 1 256 16777472                # 1<<24 | 256
}

@test "encode: osf1, svr4, solaris, hpux are plain splits without compat" {
	encode_is osf1 1 3 1048579          # 1<<20 | 3
	encode_is osf1 0 256 256            # plain: no ambiguity
	encode_is osf1 4095 1048575 4294967295
	encode_is svr4 1 3 262147           # 1<<18 | 3
	encode_is svr4 16383 262143 4294967295
	encode_is solaris 1 3 262147
	encode_is solaris 300 5 78643205    # 300<<18 | 5
	encode_is hpux 1 3 16777219         # 1<<24 | 3
	encode_is hpux 255 16777215 4294967295
}

@test "encode: ranges of the named plain splits" {
	run --separate-stderr devtool encode -f svr4 16384 0
	assert_usage_error
	assert_stderr_contains "(0-16383)"
	run --separate-stderr devtool encode -f solaris 0 262144
	assert_usage_error
	assert_stderr_contains "(0-262143)"
	run --separate-stderr devtool encode -f hpux 256 0
	assert_usage_error
	assert_stderr_contains "(0-255)"
	run --separate-stderr devtool encode -f hpux 0 16777216
	assert_usage_error
	assert_stderr_contains "(0-16777215)"
	run --separate-stderr devtool encode -f osf1 4096 0
	assert_usage_error
	assert_stderr_contains "(0-4095)"
}

# --- NetBSD pack_dev's formats (LAYOUTS in devtool(1)) ----------------------

@test "encode: netbsd is linux's interleaving, bsdos a plain 12:20" {
	encode_is netbsd 1 3 259
	encode_is netbsd 300 5 76805            # 0x12c05
	encode_is netbsd 0 256 1048576          # 0x100000: no ambiguity
	encode_is netbsd 4095 1048575 4294967295
	encode_is bsdos 1 3 1048579             # 1<<20 | 3
	encode_is bsdos 0 256 256
	encode_is bsdos 1 515 1049091           # pack_dev's bsdos,1,2,3
	encode_is bsdos 4095 1048575 4294967295
}

@test "encode: freebsd puts the major in bits 8-15, the minor around it" {
	encode_is freebsd 1 3 259
	encode_is freebsd 255 255 65535
	encode_is freebsd 8 65536 67584         # 0x10800
	encode_is freebsd 255 0xffff00ff 4294967295
}

@test "encode: freebsd refuses a minor with bits 8-15 set, naming the bits" {
	encode_refused freebsd 0 256 \
		"minor 256 (0x100) does not fit layout freebsd: its bits 0xff00 must be 0"
	encode_refused freebsd 1 0x1ff00 \
		"minor 130816 (0x1ff00) does not fit layout freebsd: its bits 0xff00 must be 0"
	encode_refused freebsd 256 0 "freebsd major '256' is out of range (0-255)"
	encode_refused freebsd 0 4294967296 \
		"freebsd minor '4294967296' is out of range (0-4294902015)"
}

@test "encode: the 8:8 systems of pack_dev each take 0-255 and say their name" {
	local name
	for name in 386bsd 4bsd isc sco sunos svr3 ultrix; do
		encode_is "$name" 1 3 259
		encode_is "$name" 255 255 65535
		encode_refused "$name" 300 5 "$name major '300' is out of range (0-255)"
		encode_refused "$name" 0 256 "$name minor '256' is out of range (0-255)"
	done
}

@test "encode: -f linux is the kernel's encoding, not pack_dev's linux (8:8)" {
	encode_is linux 300 5 76805
	encode_refused 8:8 300 5 "8:8 major '300' is out of range (0-255)"
}

@test "encode: a storage format of list --check is no layout: -f newc is unknown" {
	run --separate-stderr devtool encode -f newc 1 3
	assert_usage_error
	[[ $stderr == "devtool: unknown layout 'newc'; valid: "* ]] || fail "stderr: $stderr"
}

# --- ambiguity and --strict ------------------------------------------------

@test "encode: 0:256 under 16:16 is ambiguous: exit 2 naming the alias 1:0" {
	run --separate-stderr devtool encode -f 16:16 0 256
	assert_usage_error
	assert_stderr_contains "0:256"
	assert_stderr_contains "1:0"
	assert_stderr_contains "--strict"
}

@test "encode: other ambiguous pairs name the pair they alias" {
	run --separate-stderr devtool encode -f 16:16 0 65535
	assert_usage_error
	assert_stderr_contains "255:255"

	run --separate-stderr devtool encode -f 12:20 0 256
	assert_usage_error
	assert_stderr_contains "1:0"

	run --separate-stderr devtool encode -f 12:20 0 4660   # 0x1234 -> 18:52
	assert_usage_error
	assert_stderr_contains "18:52"

	run --separate-stderr devtool encode -f 32:32 0 256
	assert_usage_error
	assert_stderr_contains "1:0"
}

@test "encode: --strict turns the compat rule off (and changes nothing for linux, 8:8)" {
	encode_is 16:16 0 255 255
	run --separate-stderr devtool encode --strict -f 16:16 0 256
	assert_success
	assert_output 256
	assert_stderr_empty

	run --separate-stderr devtool encode --strict -f 16:16 1 3
	assert_success
	assert_output 65539            # 1<<16 | 3, not 0x103

	run --separate-stderr devtool encode --strict -f 12:20 1 3
	assert_success
	assert_output 1048579          # 1<<20 | 3

	run --separate-stderr devtool encode --strict -x -f 32:32 1 3
	assert_success
	assert_output 0x100000003

	run --separate-stderr devtool encode --strict -f linux 300 5
	assert_success
	assert_output 76805
	run --separate-stderr devtool encode --strict -f 8:8 1 3
	assert_success
	assert_output 259
}

# --- ranges --------------------------------------------------------------

@test "encode: out of range gives the range, quotes the text, exit 2, no stdout" {
	run --separate-stderr devtool encode -f 16:16 65536 0
	assert_usage_error
	assert_stderr_contains "major '65536'"
	assert_stderr_contains "(0-65535)"

	run --separate-stderr devtool encode -f 16:16 0 65536
	assert_usage_error
	assert_stderr_contains "minor '65536'"
	assert_stderr_contains "(0-65535)"

	run --separate-stderr devtool encode -f linux 4096 0
	assert_usage_error
	assert_stderr_contains "(0-4095)"

	run --separate-stderr devtool encode -f linux 0 1048576
	assert_usage_error
	assert_stderr_contains "(0-1048575)"

	run --separate-stderr devtool encode -f 12:20 4096 0
	assert_usage_error
	assert_stderr_contains "(0-4095)"

	run --separate-stderr devtool encode -f 8:8 256 0
	assert_usage_error
	assert_stderr_contains "major '256'"
	assert_stderr_contains "(0-255)"

	run --separate-stderr devtool encode -f 8:8 0 256
	assert_usage_error
	assert_stderr_contains "minor '256'"

	run --separate-stderr devtool encode -f glibc 4294967296 0
	assert_usage_error
	assert_stderr_contains "(0-4294967295)"

	run --separate-stderr devtool encode -f 8:8 0x100 0
	assert_usage_error
	assert_stderr_contains "'0x100'"
	assert_stderr_contains "(0-255)"
}

# --- layout selection ------------------------------------------------------

@test "encode: the default layout is 16:16; DEVTOOL_FORMAT (when not empty) overrides it" {
	run --separate-stderr devtool encode 300 5
	assert_success
	assert_output 19660805

	run --separate-stderr devtool encode 0 256
	assert_usage_error
	assert_stderr_contains "1:0"

	DEVTOOL_FORMAT=linux run --separate-stderr devtool encode 300 5
	assert_success
	assert_output 76805

	DEVTOOL_FORMAT=old run --separate-stderr devtool encode 1 3
	assert_success
	assert_output 259

	DEVTOOL_FORMAT= run --separate-stderr devtool encode 300 5
	assert_success
	assert_output 19660805
}

@test "encode: -f overrides DEVTOOL_FORMAT, even an invalid one" {
	DEVTOOL_FORMAT=linux run --separate-stderr devtool encode -f 12:20 300 5
	assert_success
	assert_output 314572805

	DEVTOOL_FORMAT=linux run --separate-stderr devtool encode --format=16:16 300 5
	assert_success
	assert_output 19660805

	DEVTOOL_FORMAT=bogus run --separate-stderr devtool encode -f linux 300 5
	assert_success
	assert_output 76805
}

@test "encode: invalid DEVTOOL_FORMAT is exit 2 naming the variable" {
	DEVTOOL_FORMAT=bogus run --separate-stderr devtool encode 1 3
	assert_usage_error
	assert_stderr_contains "DEVTOOL_FORMAT"
	assert_stderr_contains "'bogus'"
}

@test "encode: unknown layout is exit 2 and lists the valid names" {
	run --separate-stderr devtool encode -f bogus 1 3
	assert_usage_error
	assert_stderr_contains "unknown layout 'bogus'"
	local name
	for name in 8:8 old 16:16 12:20 M:N linux glibc native osf1 svr4 solaris hpux \
		netbsd freebsd bsdos 386bsd 4bsd isc sco sunos svr3 ultrix; do
		assert_stderr_contains "$name"
	done
}

@test "encode: M:N bounds: 7:9, 9:7, 33:32 rejected; 8:56 and 56:8 accepted" {
	local bad
	for bad in 7:9 9:7 33:32 32:33 8:57; do
		run --separate-stderr devtool encode -f "$bad" 1 3
		assert_usage_error
		assert_stderr_contains "'$bad'"
		assert_stderr_contains "8<=M, 8<=N"
	done

	encode_is 8:56 255 72057594037927935 18446744073709551615
	encode_is 56:8 72057594037927935 255 18446744073709551615
}

@test "encode: malformed M:N names, and M:N itself, are unknown layouts" {
	run --separate-stderr devtool encode -f M:N 1 3
	assert_usage_error
	assert_stderr_contains "unknown layout 'M:N'"

	local bad
	for bad in 08:24 16: :16 16:16:16 a:b "16 :16"; do
		run --separate-stderr devtool encode -f "$bad" 1 3
		assert_usage_error
		assert_stderr_contains "layout"
	done
}

# --- operand count -------------------------------------------------------

@test "encode: wrong operand counts (0, 1, 3) are exit 2" {
	run --separate-stderr devtool encode
	assert_usage_error
	assert_stderr_contains "got 0 operands"

	run --separate-stderr devtool encode 300
	assert_usage_error
	assert_stderr_contains "got 1 operand"

	run --separate-stderr devtool encode 1 2 3
	assert_usage_error
	assert_stderr_contains "got 3 operands"
}

@test "encode: one MAJOR:MINOR operand is the pair, as a line of encode - is" {
	run --separate-stderr devtool encode -f linux 300:5
	assert_success
	assert_output 76805
	assert_stderr_empty

	run --separate-stderr devtool encode 0:256
	assert_usage_error
	assert_equal "$stderr" "devtool: pair 0:256 is ambiguous under 16:16: its value 0x100 reads back as 1:0 (compat rule); use --strict or another layout"

	run --separate-stderr devtool encode 1:2:3
	assert_usage_error
	assert_equal "$stderr" "devtool: invalid number '2:3': trailing garbage"
}

# --- --kdev: the pairs decode --kdev prints --------------------------------

@test "encode --kdev reads 012c:0005 and 12C 5, as operands or lines, as hexadecimal: 76805 under linux" {
	run --separate-stderr devtool encode -f linux --kdev 012c:0005
	assert_success
	assert_output 76805
	assert_stderr_empty

	run --separate-stderr devtool encode -f linux --kdev 12C 5
	assert_success
	assert_output 76805

	printf '012c:0005\n12c 5\n0fff:fffff\n' >in
	run --separate-stderr devtool encode -f linux --kdev - <in
	assert_success
	assert_equal "$output" $'76805\n76805\n4294967295'
}

@test "encode --kdev: 0x, signs, empty fields and other letters are invalid numbers; a field past the layout gives the range in hex" {
	run --separate-stderr devtool encode --kdev 0x12:3
	assert_usage_error
	assert_equal "$stderr" "devtool: invalid number '0x12': hexadecimal digits go without 0x here"

	run --separate-stderr devtool encode --kdev -- 12 -3
	assert_usage_error
	assert_equal "$stderr" "devtool: invalid number '-3': a sign is not allowed"

	run --separate-stderr devtool encode --kdev 12:
	assert_usage_error
	assert_equal "$stderr" "devtool: invalid number '': empty"

	run --separate-stderr devtool encode --kdev 12g:3
	assert_usage_error
	assert_equal "$stderr" "devtool: invalid number '12g': trailing garbage"

	run --separate-stderr devtool encode --kdev xy:3
	assert_usage_error
	assert_equal "$stderr" "devtool: invalid number 'xy': not a hexadecimal number"

	run --separate-stderr devtool encode --kdev 1ffff:0
	assert_usage_error
	assert_equal "$stderr" "devtool: 16:16 major '1ffff' is out of range (0-ffff)"

	run --separate-stderr devtool encode -f 8:8 --kdev 01:100
	assert_usage_error
	assert_equal "$stderr" "devtool: 8:8 minor '100' is out of range (0-ff)"

	run --separate-stderr devtool encode -f glibc --kdev 10000000000000000:0
	assert_usage_error
	assert_equal "$stderr" "devtool: invalid number '10000000000000000': larger than ffffffffffffffff"
}

@test "encode without --kdev reads 012c:0005 as numbers: an octal 012c is an invalid number" {
	run --separate-stderr devtool encode 012c:0005
	assert_usage_error
	assert_equal "$stderr" "devtool: invalid number '012c': trailing garbage"
}

# --- numbers (NUMBERS in devtool(1)) --------------------------------------

@test "encode: accepts hex 0x1F and 0X1f, octal 017, and 0" {
	run --separate-stderr devtool encode -f 8:8 0x1F 0X1f
	assert_success
	assert_output 7967            # 31<<8 | 31
	run --separate-stderr devtool encode -f 8:8 017 0
	assert_success
	assert_output 3840            # 15<<8
	run --separate-stderr devtool encode -f 8:8 0 017
	assert_success
	assert_output 15
	run --separate-stderr devtool encode -f 8:8 00 0x0
	assert_success
	assert_output 0
}

@test "encode: empty string and signs (-1 after --, +5, -0) are invalid numbers" {
	bad_number "" "empty"
	bad_number "-1" "sign"
	bad_number "+5" "sign"
	bad_number "-0" "sign"
}

@test "encode: plain -1 (taken for an option by popt) is still exit 2" {
	run --separate-stderr devtool encode -1 5
	assert_usage_error
	assert_stderr_contains "-1"

	run --separate-stderr devtool encode 5 -1
	assert_usage_error
	assert_stderr_contains "-1"
}

@test "encode: spaces (' 5', '5 ', tab) are invalid numbers" {
	bad_number " 5" "white space"
	bad_number "5 " "white space"
	bad_number $'5\t' "white space" "5?"    # unprintable shown as ?
}

@test "encode: trailing garbage and bad digits (12abc, 08, 0xg, 0x) are invalid" {
	bad_number "12abc" "trailing garbage"
	bad_number "08" "bad octal digit"
	bad_number "0xg" "no hexadecimal digits"
	bad_number "0x" "no hexadecimal digits"
	bad_number "1.5" "trailing garbage"
	bad_number "1e3" "trailing garbage"
	bad_number "abc" "not a number"
}

@test "encode: past 2^64-1 is an invalid number; 2^64-1 itself is only out of range" {
	bad_number "18446744073709551616" "larger than 18446744073709551615"
	bad_number "0x10000000000000000" "larger than"

	run --separate-stderr devtool encode -f glibc 18446744073709551615 0
	assert_usage_error
	assert_stderr_contains "'18446744073709551615'"
	assert_stderr_contains "(0-4294967295)"
}

# --- streams -------------------------------------------------------------

@test "encode -: reads 'MAJOR MINOR' and 'MAJOR:MINOR' lines, one output line each" {
	printf '1 3\n300:5\n  255\t255  \n0:0\n4095 1048575\r\n' >in
	run --separate-stderr devtool encode -f linux - <in
	assert_success
	assert_stderr_empty
	assert_equal "${#lines[@]}" 5
	assert_line -n 0 259
	assert_line -n 1 76805
	assert_line -n 2 65535
	assert_line -n 3 0
	assert_line -n 4 4294967295
}

@test "encode -: a last line without newline is encoded; empty input prints nothing" {
	printf '1 3\n300:5' >in
	run --separate-stderr devtool encode - <in
	assert_success
	assert_equal "${#lines[@]}" 2
	assert_line -n 1 19660805

	run --separate-stderr devtool encode - </dev/null
	assert_success
	assert_stdout_empty
	assert_stderr_empty
}

@test "encode -: honours -x and --json" {
	printf '300 5\n1:3\n' >in
	run --separate-stderr devtool encode -x - <in
	assert_success
	assert_equal "$output" $'0x12c0005\n0x103'

	run --separate-stderr devtool encode --json -f linux - <in
	assert_success
	assert_equal "${#lines[@]}" 2
	assert_equal "$(jq -r '[.major, .minor, .value] | @tsv' <<<"$output")" \
		$'300\t5\t76805\n1\t3\t259'
}

@test "encode --json -: each object begins with its input line; with -k a bad line's is {\"line\":N,\"error\":...}" {
	printf '1 3\n0 256\n300:5\n' >in
	run --separate-stderr devtool encode -k --json - <in
	assert_equal "$status" 2
	assert_equal "$output" '{"line":1,"layout":"16:16","major":1,"minor":3,"value":259,"hex":"0x103"}
{"line":2,"error":"pair 0:256 is ambiguous under 16:16: its value 0x100 reads back as 1:0 (compat rule); use --strict or another layout"}
{"line":3,"layout":"16:16","major":300,"minor":5,"value":19660805,"hex":"0x12c0005"}'
	assert_equal "$stderr" "devtool: <stdin>:2: pair 0:256 is ambiguous under 16:16: its value 0x100 reads back as 1:0 (compat rule); use --strict or another layout"

	# Operands' objects have no line.
	run --separate-stderr devtool encode --json 1 3
	assert_success
	assert_output '{"layout":"16:16","major":1,"minor":3,"value":259,"hex":"0x103"}'
}

@test "encode -: a bad line stops the run with <stdin>:LINE, after the lines before it" {
	printf '1 3\n300:5\n0 256\n2 2\n' >in
	run --separate-stderr devtool encode - <in
	assert_equal "$status" 2
	assert_equal "$output" $'259\n19660805'
	assert_stderr_contains "devtool: <stdin>:3: "
	assert_stderr_contains "1:0"
	refute_output --partial 514
}

@test "encode -: stdout and stderr stay in order around a bad line" {
	printf '1 3\n300:5\nbogus\n2 2\n' >in
	run --separate-stderr bash -c '"$DEVTOOL" encode - <in >all 2>&1'
	assert_equal "$status" 2
	assert_stdout_empty
	assert_equal "$(wc -l <all)" 3
	assert_equal "$(sed -n 1p all)" 259
	assert_equal "$(sed -n 2p all)" 19660805
	assert_regex "$(sed -n 3p all)" "^devtool: <stdin>:3: "
}

@test "encode -: lines with one field or three fields are errors" {
	printf '1 3\n7\n' >in
	run --separate-stderr devtool encode - <in
	assert_equal "$status" 2
	assert_output 259
	assert_stderr_contains "<stdin>:2: expected 'MAJOR MINOR' or 'MAJOR:MINOR'"

	printf '1 2 3\n' >in
	run --separate-stderr devtool encode - <in
	assert_equal "$status" 2
	assert_stdout_empty
	assert_stderr_contains "<stdin>:1: "
	assert_stderr_contains "more fields"
}

@test "encode -: bad numbers in a stream quote the text" {
	printf '1 3\n08 1\n' >in
	run --separate-stderr devtool encode - <in
	assert_equal "$status" 2
	assert_output 259
	assert_stderr_contains "<stdin>:2: invalid number '08'"

	printf '1:+5\n' >in
	run --separate-stderr devtool encode - <in
	assert_equal "$status" 2
	assert_stdout_empty
	assert_stderr_contains "<stdin>:1: invalid number '+5'"
}

@test "encode -k -: reports each bad line, leaves an empty line in its place, goes on, exit 2 at the end (0 if none)" {
	printf '1 3\nbogus\n300:5\n0 256\n2 2\n' >in
	run --separate-stderr devtool encode -k - <in
	assert_equal "$status" 2
	assert_equal "$output" $'259\n\n19660805\n\n514'
	assert_stderr_contains "devtool: <stdin>:2: "
	assert_stderr_contains "devtool: <stdin>:4: "
	assert_equal "$(grep -c '^devtool: <stdin>:' <<<"$stderr")" 2

	printf '1 3\n2 4\n' >in
	run --separate-stderr devtool encode --keep-going - <in
	assert_success
	assert_equal "$output" $'259\n516'
}

@test "encode -: a line longer than 4096 bytes is an error, -k goes on" {
	{
		printf '1 3\n'
		printf '%05000d 1\n' 1
		printf '2:4\n'
	} >in
	run --separate-stderr devtool encode -k - <in
	assert_equal "$status" 2
	assert_equal "$output" $'259\n\n516'
	assert_stderr_contains "<stdin>:2: "
}

@test "encode -: 200000 lines give 200000 values matching the linux formula" {
	# major = i % 4096, minor = i * 7 % 1048576, both forms of line.
	seq 0 199999 | awk '{ ma = $1 % 4096; mi = ($1 * 7) % 1048576;
	    if ($1 % 2) print ma " " mi >"in"; else print ma ":" mi >"in"
	    printf "%.0f\n", (mi % 256) + ma * 256 + int(mi / 256) * 1048576 >"want" }'
	run --separate-stderr bash -c '"$DEVTOOL" encode -f linux - <in >out'
	assert_success
	assert_stderr_empty
	assert_equal "$(wc -l <out)" 200000
	assert_equal "$(sed -n '1p;2p;150001p;200000p' out | tr '\n' ' ')" \
		"$(sed -n '1p;2p;150001p;200000p' want | tr '\n' ' ')"
	cmp out want
}

@test "encode -: a bad line after 100000 good ones: exactly 100000 lines written first" {
	{ seq 1 100000 | awk '{ print $1 % 256, 1 }'; echo '1 x'; echo '2 2'; } >in
	run --separate-stderr bash -c '"$DEVTOOL" encode -f 8:8 - <in >out'
	assert_equal "$status" 2
	assert_equal "$(wc -l <out)" 100000
	assert_equal "$(tail -n 1 out)" 40961 # 100000 % 256 = 160: 160<<8 | 1
	assert_stderr_contains "<stdin>:100001: invalid number 'x'"
}
