#!/usr/bin/env bats
# devtool decode: LAYOUTS in devtool(1) (layouts, width, non-canonical values),
# NUMBERS in devtool(1) (numbers), SYNOPSIS and STREAMS in devtool(1) (decode,
# streams).

load test_helper

# decode_is LAYOUT VALUE "MAJOR MINOR": decode -f LAYOUT VALUE prints it.
decode_is() {
	run --separate-stderr devtool decode -f "$1" "$2"
	assert_success
	assert_output "$3"
	assert_stderr_empty
}

# bad_value TEXT REASON: decode refuses TEXT quoting it.
bad_value() {
	run --separate-stderr devtool decode -- "$1"
	assert_usage_error
	assert_stderr_contains "invalid number '$1'"
	assert_stderr_contains "$2"
}

# --- output forms ----------------------------------------------------------

@test "decode: prints MAJOR MINOR" {
	run --separate-stderr devtool decode -f 16:16 0x12c0005
	assert_success
	assert_output "300 5"
	assert_stderr_empty
}

@test "decode: --colon prints MAJOR:MINOR" {
	run --separate-stderr devtool decode --colon -f linux 0x12c05 259
	assert_success
	assert_equal "$output" $'300:5\n1:3'
	assert_stderr_empty
}

@test "decode: --kdev prints %02x:%02x for 8:8, %04x:%04x for 16:16 and linux" {
	run --separate-stderr devtool decode --kdev -f 8:8 0x0103 0xffff 0xfe00
	assert_success
	assert_equal "$output" $'01:03\nff:ff\nfe:00'

	run --separate-stderr devtool decode --kdev -f 16:16 0x12c0005 0x103 0xffffffff
	assert_success
	assert_equal "$output" $'012c:0005\n0001:0003\nffff:ffff'

	run --separate-stderr devtool decode --kdev -f linux 0x12c05 0x10000000
	assert_success
	assert_equal "$output" $'012c:0005\n0000:10000'
}

@test "decode: --json prints one object per value (layout, value, major, minor)" {
	run --separate-stderr devtool decode --json -f 16:16 0x12c0005 259
	assert_success
	assert_stderr_empty
	assert_equal "${#lines[@]}" 2
	assert_equal "$(jq -r '[.layout, .value, .major, .minor, .canonical] | @tsv' <<<"$output")" \
		$'16:16\t19660805\t300\t5\ttrue\n16:16\t259\t1\t3\ttrue'
}

@test "decode: --json marks a non-canonical value canonical:false" {
	run --separate-stderr devtool -q decode --json 0x00010001
	assert_success
	assert_equal "$(jq -r '[.major, .minor, .canonical] | @tsv' <<<"$output")" "1	1	false"
}

@test "decode: --colon, --kdev and --json exclude each other" {
	run --separate-stderr devtool decode --colon --kdev 259
	assert_usage_error
	assert_stderr_contains "exclude each other"
	run --separate-stderr devtool decode --colon --json 259
	assert_usage_error
	run --separate-stderr devtool decode --kdev --json 259
	assert_usage_error
}

@test "decode: several VALUE operands give one line each, in order" {
	run --separate-stderr devtool decode -f linux 0x12c05 0 0xffffffff 259 0x100000
	assert_success
	assert_equal "${#lines[@]}" 5
	assert_line -n 0 "300 5"
	assert_line -n 1 "0 0"
	assert_line -n 2 "4095 1048575"
	assert_line -n 3 "1 3"
	assert_line -n 4 "0 256"
}

@test "decode: no VALUE is exit 2" {
	run --separate-stderr devtool decode
	assert_usage_error
	assert_stderr_contains "expected VALUE"
}

# --- layouts -------------------------------------------------------------
# (The reference vectors of 16:16, 12:20, linux and glibc, each pair both
# ways, are tests/unit_encode.c's.)

@test "decode: native equals glibc on this host" {
	run --separate-stderr devtool decode -f native 0x100000000000
	assert_success
	assert_output "4096 0"
	printf '%s\n' 0x103 0x10000 0x100000 0x12c05 0x100000000000 \
	    0xffffffffffffffff 0x123456789abcdef0 >values
	"$DEVTOOL" decode -f glibc - <values >want
	run --separate-stderr devtool decode -f native - <values
	assert_success
	assert_equal "${#lines[@]}" 7
	assert_output "$(cat want)"
}

@test "decode: 8:8, M:N and the plain splits" {
	decode_is 8:8 0x103 "1 3"
	decode_is old 0xffff "255 255"
	decode_is 10:22 1258291205 "300 5"
	decode_is 10:22 0x103 "1 3"
	decode_is 32:32 0x12c00000005 "300 5"
	decode_is 32:32 0xffffffffffffffff "4294967295 4294967295"
	decode_is osf1 0x103 "0 259"          # plain: no 8:8 compat
	decode_is osf1 0x100003 "1 3"
	decode_is svr4 0x40003 "1 3"
	decode_is solaris 0xffffffff "16383 262143"
	decode_is hpux 0x1000003 "1 3"
	decode_is hpux 0xffffffff "255 16777215"
}

@test "decode: NetBSD pack_dev's formats: netbsd, freebsd, bsdos and the 8:8 systems" {
	decode_is netbsd 0x12c05 "300 5"
	decode_is netbsd 0xffffffff "4095 1048575"
	decode_is freebsd 0x103 "1 3"
	decode_is freebsd 0x10800 "8 65536"
	decode_is freebsd 0xffffffff "255 4294902015"
	decode_is bsdos 0x100203 "1 515"      # pack_dev's bsdos,1,2,3
	decode_is bsdos 0x103 "0 259"         # plain: no 8:8 compat
	local name
	for name in 386bsd 4bsd isc sco sunos svr3 ultrix; do
		decode_is "$name" 0x103 "1 3"
		decode_is "$name" 0xffff "255 255"
		run --separate-stderr devtool decode -f "$name" 0x10000
		assert_usage_error
		assert_equal "$stderr" "devtool: value 65536 (0x10000) does not fit layout $name (16 bits, at most 0xffff)"
	done
	run --separate-stderr devtool decode -f freebsd 0x100000000
	assert_usage_error
	assert_equal "$stderr" "devtool: value 4294967296 (0x100000000) does not fit layout freebsd (32 bits, at most 0xffffffff)"
}

@test "decode: the cross-layout trap: 0x10000 is 0:65536 in 12:20 but 256:0 in linux" {
	decode_is 12:20 0x10000 "0 65536"
	decode_is linux 0x10000 "256 0"
}

@test "decode: --strict reads a 16:16 value as plain ma<<16 | mi" {
	run --separate-stderr devtool decode --strict -f 16:16 0x101 0x10001
	assert_success
	assert_equal "$output" $'0 257\n1 1'
	assert_stderr_empty
}

@test "decode: the default layout is 16:16; DEVTOOL_FORMAT and -f override it" {
	run --separate-stderr devtool decode 0x12c0005
	assert_success
	assert_output "300 5"

	DEVTOOL_FORMAT=linux run --separate-stderr devtool decode 0x12c05
	assert_success
	assert_output "300 5"

	DEVTOOL_FORMAT=linux run --separate-stderr devtool decode -f 12:20 0x12c00005
	assert_success
	assert_output "300 5"
}

@test "decode: unknown layout and invalid DEVTOOL_FORMAT are exit 2" {
	run --separate-stderr devtool decode -f 16:17:18 1
	assert_usage_error
	assert_stderr_contains "unknown layout '16:17:18'"
	assert_stderr_contains "linux"

	DEVTOOL_FORMAT=nope run --separate-stderr devtool decode 1
	assert_usage_error
	assert_stderr_contains "DEVTOOL_FORMAT"
	assert_stderr_contains "'nope'"
}

# --- width and canonical form ----------------------------------------------

@test "decode: a value wider than the layout (8:8 0x10000, 16:16 0x100000000, ...) is exit 2" {
	run --separate-stderr devtool decode -f 8:8 0x10000
	assert_usage_error
	assert_stderr_contains "0x10000"
	assert_stderr_contains "8:8"
	assert_stderr_contains "16 bits"

	run --separate-stderr devtool decode -f 16:16 0x100000000
	assert_usage_error
	assert_stderr_contains "0x100000000"
	assert_stderr_contains "32 bits"

	local l
	for l in linux 12:20 10:22 osf1 svr4 hpux; do
		run --separate-stderr devtool decode -f "$l" 4294967296
		assert_usage_error
		assert_stderr_contains "32 bits"
	done
}

@test "decode: non-canonical 16:16 0x00010001 (and 12:20 0x00100001) prints 1 1, warns, exit 0" {
	run --separate-stderr devtool decode -f 16:16 0x00010001
	assert_success
	assert_output "1 1"
	assert_stderr_contains "warning"
	assert_stderr_contains "0x10001"
	assert_stderr_contains "0x101"

	run --separate-stderr devtool decode -f 12:20 0x00100001
	assert_success
	assert_output "1 1"
	assert_stderr_contains "warning"
}

@test "decode -q: no warning for a non-canonical value" {
	run --separate-stderr devtool decode -q 0x00010001
	assert_success
	assert_output "1 1"
	assert_stderr_empty

	run --separate-stderr devtool -q decode 0x00010001
	assert_success
	assert_output "1 1"
	assert_stderr_empty

	run --separate-stderr devtool decode --quiet 0x00010001
	assert_success
	assert_stderr_empty
}

@test "decode: a canonical value gives no warning" {
	run --separate-stderr devtool decode -f 16:16 0x101 0x1000000
	assert_success
	assert_equal "$output" $'1 1\n256 0'
	assert_stderr_empty
}

# --- round trip ---------------------------------------------------------

@test "decode: decode(encode(p)) == p for every layout" {
	local l
	# Pairs that are not ambiguous under any compat layout and fit 8:24.
	awk 'BEGIN { for (ma = 0; ma < 256; ma += 17)
	    for (mi = 0; mi < 65536; mi += 331) {
		if (ma == 0 && mi > 255 && mi < 65536) continue
		print ma, mi } }' >pairs
	for l in 16:16 12:20 linux glibc native osf1 svr4 hpux 10:22 32:32 8:24; do
		"$DEVTOOL" encode -f "$l" - <pairs >values || fail "encode -f $l"
		"$DEVTOOL" decode -f "$l" - <values >back || fail "decode -f $l"
		cmp pairs back || fail "round trip under $l"
	done
}

# --- numbers (NUMBERS in devtool(1)) --------------------------------------

@test "decode: accepts 0x1F, 0X1f, 017 and 0" {
	run --separate-stderr devtool decode -f 8:8 0x1F 0X1f 017 0 0x0103
	assert_success
	assert_equal "$output" $'0 31\n0 31\n0 15\n0 0\n1 3'
}

@test "decode: empty string and signs (-1 after --, +5) are invalid numbers; plain -1 is exit 2" {
	bad_value "" "empty"
	bad_value "-1" "sign"
	bad_value "+5" "sign"

	run --separate-stderr devtool decode -1
	assert_usage_error
	assert_stderr_contains "-1"
}

@test "decode: spaces, garbage and bad digits are invalid numbers" {
	bad_value " 5" "white space"
	bad_value "5 " "white space"
	bad_value "12abc" "trailing garbage"
	bad_value "08" "bad octal digit"
	bad_value "0xg" "no hexadecimal digits"
	bad_value "0x" "no hexadecimal digits"
}

@test "decode: 18446744073709551616 (past 2^64-1) is an invalid number" {
	bad_value "18446744073709551616" "larger than 18446744073709551615"
}

@test "decode: a bad operand stops; earlier values are printed, later ones not" {
	run --separate-stderr devtool decode 0x103 12abc 0x104
	assert_equal "$status" 2
	assert_output "1 3"
	assert_stderr_contains "invalid number '12abc'"
}

@test "decode -k: a bad operand is reported and leaves an empty line in its place, the rest decoded, exit 2" {
	run --separate-stderr bash -c '"$DEVTOOL" decode -k 0x103 12abc 0x104 0x100000000 >out'
	assert_equal "$status" 2
	assert_equal "$(cat -A out)" $'1 3$\n$\n1 4$\n$'
	assert_equal "$stderr" "devtool: invalid number '12abc': trailing garbage
devtool: value 4294967296 (0x100000000) does not fit layout 16:16 (32 bits, at most 0xffffffff)"
}

@test "decode -k --json: a bad operand's place is an object with only its error; operands' objects have no line" {
	run --separate-stderr devtool decode -k --json 0x103 12abc
	assert_equal "$status" 2
	assert_equal "$output" '{"layout":"16:16","value":259,"major":1,"minor":3,"canonical":true}
{"error":"invalid number '"'12abc'"': trailing garbage"}'
	assert_equal "$stderr" "devtool: invalid number '12abc': trailing garbage"
}

# --- streams -------------------------------------------------------------

@test "decode -: one output line per input line" {
	printf '0x12c0005\n259\n  0xffff  \n0\r\n0x1000000' >in
	run --separate-stderr devtool decode - <in
	assert_success
	assert_stderr_empty
	assert_equal "$output" $'300 5\n1 3\n255 255\n0 0\n256 0'
}

@test "decode -: honours --colon, --kdev and --json" {
	printf '0x12c05\n259\n' >in
	run --separate-stderr devtool decode -f linux --colon - <in
	assert_success
	assert_equal "$output" $'300:5\n1:3'

	run --separate-stderr devtool decode -f linux --kdev - <in
	assert_success
	assert_equal "$output" $'012c:0005\n0001:0003'

	run --separate-stderr devtool decode -f linux --json - <in
	assert_success
	assert_equal "$(jq -sr 'map("\(.major):\(.minor)") | join(",")' <<<"$output")" "300:5,1:3"
}

@test "decode -: a non-canonical line warns with its line number and goes on" {
	printf '0x103\n0x10001\n0x104\n' >in
	run --separate-stderr devtool decode - <in
	assert_success
	assert_equal "$output" $'1 3\n1 1\n1 4'
	assert_stderr_contains "devtool: <stdin>:2: warning: "

	run --separate-stderr devtool -q decode - <in
	assert_success
	assert_stderr_empty
}

@test "decode -: a bad line stops with <stdin>:LINE after the lines before it" {
	printf '0x103\n0x12c0005\n0x100000000\n0x104\n' >in
	run --separate-stderr devtool decode - <in
	assert_equal "$status" 2
	assert_equal "$output" $'1 3\n300 5'
	assert_stderr_contains "devtool: <stdin>:3: "
	assert_stderr_contains "does not fit layout 16:16"
}

@test "decode -: an empty line is a bad line" {
	printf '0x103\n\n0x104\n' >in
	run --separate-stderr devtool decode - <in
	assert_equal "$status" 2
	assert_output "1 3"
	assert_stderr_contains "devtool: <stdin>:2: invalid number ''"
}

@test "decode -k -: each bad line is reported and leaves an empty line in its place, exit 2 at the end" {
	printf '0x103\n08\n0x12c0005\n-1\n0x104\n' >in
	run --separate-stderr devtool decode -k - <in
	assert_equal "$status" 2
	assert_equal "$output" $'1 3\n\n300 5\n\n1 4'
	assert_equal "$stderr" "devtool: <stdin>:2: invalid number '08': bad octal digit
devtool: <stdin>:4: invalid number '-1': a sign is not allowed"
}

@test "decode -k -: paste keeps each input line beside its answer, a bad one beside nothing" {
	printf '0x103\nbogus\n0x12c0005\n\n0x104\n' >in
	run --separate-stderr bash -c '"$DEVTOOL" decode -k --colon - <in | paste in -'
	assert_success
	assert_equal "$output" $'0x103\t1:3\nbogus\t\n0x12c0005\t300:5\n\t\n0x104\t1:4'
	assert_equal "$stderr" "devtool: <stdin>:2: invalid number 'bogus': not a number
devtool: <stdin>:4: invalid number '': empty"
}

@test "decode -k --json -: every object begins with its line; a bad line's is {\"line\":N,\"error\":...}" {
	printf '0x103\n08\n0x10001\n0x100000000\n' >in
	run --separate-stderr devtool decode -k --json - <in
	assert_equal "$status" 2
	assert_equal "$output" '{"line":1,"layout":"16:16","value":259,"major":1,"minor":3,"canonical":true}
{"line":2,"error":"invalid number '"'08'"': bad octal digit"}
{"line":3,"layout":"16:16","value":65537,"major":1,"minor":1,"canonical":false}
{"line":4,"error":"value 4294967296 (0x100000000) does not fit layout 16:16 (32 bits, at most 0xffffffff)"}'
	assert_equal "$(jq -r 'select(.error) | .line' <<<"$output" | paste -sd,)" "2,4"
}

@test "decode --json -: each object carries its input line number, without -k too" {
	printf '259\n0x12c0005\n' >in
	run --separate-stderr devtool decode --json - <in
	assert_success
	assert_equal "$output" '{"line":1,"layout":"16:16","value":259,"major":1,"minor":3,"canonical":true}
{"line":2,"layout":"16:16","value":19660805,"major":300,"minor":5,"canonical":true}'
	assert_stderr_empty
}

@test "decode -k -: a bad line's empty line is a bad line to encode -k - in turn, so both keep the places" {
	printf '0x103\nbogus\n0x104\n' >in
	run --separate-stderr bash -c '"$DEVTOOL" decode -k - <in | "$DEVTOOL" encode -k - >out'
	assert_equal "$status" 2
	assert_equal "$(cat -A out)" $'259$\n$\n260$'
	assert_equal "$stderr" "devtool: <stdin>:2: invalid number 'bogus': not a number
devtool: <stdin>:2: expected 'MAJOR MINOR' or 'MAJOR:MINOR'"
}

@test "decode --kdev - piped into encode --kdev - gives every value back, for 8:8, 16:16, 12:20, linux and glibc" {
	local layout
	local -A wide=([8:8]='' [16:16]='300 5:65535 65535' [12:20]='300 5:4095 1048575'
		[linux]='300 5:4095 1048575' [glibc]='300 5:4294967295 4294967295')
	for layout in 8:8 16:16 12:20 linux glibc; do
		printf '%s\n' '0 0' '1 3' '8 1' '254 255' '255 255' >pairs
		[[ -z ${wide[$layout]} ]] || tr : '\n' <<<"${wide[$layout]}" >>pairs
		"$DEVTOOL" encode -f "$layout" - <pairs >values
		run --separate-stderr bash -c "\"\$DEVTOOL\" decode -f $layout --kdev - <values |
		    \"\$DEVTOOL\" encode -f $layout --kdev -"
		assert_success
		assert_stderr_empty
		assert_equal "$output" "$(cat values)"
	done
	assert_equal "$(tail -n 1 pairs)" '4294967295 4294967295'
	run --separate-stderr devtool decode -f 12:20 --kdev 0xffffffff
	assert_output 0fff:fffff
}

@test "decode -: lines up to 4096 bytes are read, longer ones are bad lines" {
	{ printf '%04096d\n' 1; printf '%04097d\n' 2; printf '0x104\n'; } >in
	run --separate-stderr devtool decode -k - <in
	assert_equal "$status" 2
	assert_equal "$output" $'0 1\n\n1 4'
	assert_stderr_contains "devtool: <stdin>:2: line longer than 4096 bytes"

	# A long last line without a newline is reported too, not lost.
	{ printf '0x103\n'; printf '%05000d' 3; } >in
	run --separate-stderr devtool decode - <in
	assert_equal "$status" 2
	assert_output "1 3"
	assert_stderr_contains "devtool: <stdin>:2: line longer than 4096 bytes"
}

@test "decode -: a NUL byte does not hide trailing garbage" {
	printf '0x103\n0x104\0garbage\n0x105\n' >in
	run --separate-stderr devtool decode -k - <in
	assert_equal "$status" 2
	assert_equal "$output" $'1 3\n\n1 5'
	assert_stderr_contains "devtool: <stdin>:2: "
}

@test "decode -: output is streamed: each answer comes before stdin is closed" {
	local line1 line2 pid rc=0
	coproc DT { "$DEVTOOL" decode -f linux -; }
	pid=$DT_PID
	echo 0x12c05 >&"${DT[1]}"
	read -t 5 -r line1 <&"${DT[0]}" || line1=TIMEOUT
	echo 259 >&"${DT[1]}"
	read -t 5 -r line2 <&"${DT[0]}" || line2=TIMEOUT
	exec {DT[1]}>&-
	wait "$pid" || rc=$?
	assert_equal "$line1" "300 5"
	assert_equal "$line2" "1 3"
	assert_equal "$rc" 0
}

@test "decode -: 200000 lines give 200000 pairs matching the linux formula" {
	seq 0 7 1399999 >in     # 200000 values, up to 0x155cc7
	awk '{ v = $1; printf "%.0f %.0f\n", int(v / 256) % 4096,
	    v % 256 + int(v / 1048576) * 256 }' in >want
	run --separate-stderr bash -c '"$DEVTOOL" decode -f linux - <in >out'
	assert_success
	assert_stderr_empty
	assert_equal "$(wc -l <out)" 200000
	assert_equal "$(sed -n 200000p out)" "$(sed -n 200000p want)"
	cmp out want
}

# What a value costs, counted rather than timed (README, Benchmarks: the
# stream against a hand-written read(2) loop, bench/ref_decode.c, which
# takes 325 instructions a value): 200,000 values of make bench's kind
# (below 2^32), at most 300 instructions each, start-up included; a line
# at a time through the whole per-line path it took 455.
@test "decode -f linux -: 200,000 values of up to 10 digits cost under 300 instructions each (callgrind)" {
	local n
	awk 'BEGIN { srand(1); for (i = 0; i < 200000; i++)
		printf "%.0f\n", int(rand() * 4294967296) }' >values
	if [[ -n ${DEVTOOL_REAL:-}${DEVTOOL_SANITIZED:-} ]]; then
		# devtool already runs under valgrind or the sanitizers, which
		# count their own checks: what this run checks is the bulk
		# path's memory, over the same 200,000 values
		"$DEVTOOL" decode -f linux - <values >out
		[[ $(wc -l <out) -eq 200000 ]]
		return
	fi
	valgrind --tool=callgrind --callgrind-out-file=/dev/null \
	    "$DEVTOOL" decode -f linux - <values >out 2>log
	[[ $(wc -l <out) -eq 200000 ]]
	n=$(sed -n 's/.*Collected : //p' log)
	[[ -n $n ]] || fail "no count from callgrind: $(cat log)"
	if (( n > 300 * 200000 )); then
		fail "$n instructions, $((n / 200000)) a value (at most 300)"
	fi
}

# The stream's own number reading and printing (a fast path for short
# decimals, two digits a division, an output buffer of its own): every
# digit count from 1 to 20, each side of each power of ten, 2^32 and
# 2^64 - 1, through a layout that keeps all 64 bits.
@test "decode -: values of every digit count up to 2^64-1 give their exact pairs, and encode - gives the values back" {
	cat >values <<-'EOF'
	0
	1
	9
	10
	99
	100
	999
	1000
	9999
	10000
	99999
	100000
	999999
	1000000
	9999999
	10000000
	99999999
	100000000
	999999999
	1000000000
	4294967295
	4294967296
	9999999999
	10000000000
	99999999999
	100000000000
	999999999999
	1000000000000
	9999999999999
	10000000000000
	99999999999999
	100000000000000
	999999999999999
	1000000000000000
	9999999999999999
	10000000000000000
	99999999999999999
	100000000000000000
	999999999999999999
	1000000000000000000
	9999999999999999999
	10000000000000000000
	18446744073709551615
	EOF
	cat >pairs <<-'EOF'
	0 0
	0 1
	0 9
	0 10
	0 99
	0 100
	0 999
	0 1000
	0 9999
	0 10000
	0 99999
	0 100000
	0 999999
	0 1000000
	0 9999999
	0 10000000
	0 99999999
	0 100000000
	0 999999999
	0 1000000000
	0 4294967295
	1 0
	2 1410065407
	2 1410065408
	23 1215752191
	23 1215752192
	232 3567587327
	232 3567587328
	2328 1316134911
	2328 1316134912
	23283 276447231
	23283 276447232
	232830 2764472319
	232830 2764472320
	2328306 1874919423
	2328306 1874919424
	23283064 1569325055
	23283064 1569325056
	232830643 2808348671
	232830643 2808348672
	2328306436 2313682943
	2328306436 2313682944
	4294967295 4294967295
	EOF
	run --separate-stderr devtool decode -f 32:32 --strict - <values
	assert_success
	assert_output "$(cat pairs)"
	assert_equal "$stderr" ""
	run --separate-stderr devtool encode -f 32:32 --strict - <pairs
	assert_success
	assert_output "$(cat values)"
	assert_equal "$stderr" ""
}

@test "decode -: stdout and stderr stay in order around a warning and a bad line" {
	printf '0x103\n0x00010001\nbogus\n0x104\n' >in
	run --separate-stderr bash -c '"$DEVTOOL" decode -k - <in >all 2>&1'
	assert_equal "$status" 2
	assert_stdout_empty
	assert_equal "$(wc -l <all)" 6
	assert_equal "$(sed -n 1p all)" "1 3"
	assert_regex "$(sed -n 2p all)" "^devtool: <stdin>:2: warning: value 0x10001 is not canonical"
	assert_equal "$(sed -n 3p all)" "1 1"
	assert_regex "$(sed -n 4p all)" "^devtool: <stdin>:3: invalid number 'bogus'"
	assert_equal "$(sed -n 5p all)" ""
	assert_equal "$(sed -n 6p all)" "1 4"
}

# A stream's plain decimal lines are read, decoded and printed many at a
# time, and any other line one at a time (STREAMS in devtool(1): every
# line the same either way).  --json reads every line one at a time, so
# -k --json's pairs, messages and places are what -k's must be, here for
# 60,000 lines (several reads of the input): 30,000 with every kind of
# line the bulk reading leaves to the other every few lines, then 30,000
# plain ones with one of those every 7,984 lines, under a layout with
# non-canonical values (16:16's compat rule) and one without, and a last
# line without its newline.
@test "decode -k -: plain decimal lines among every other kind give the pairs (plain, --colon, --hex, --kdev), places, warnings and errors of -k --json -, line by line" {
	awk 'BEGIN { n = split("0|00|010|0x1f|0X1F| 7|7 |\t9|5\r||-1|+2|" \
	    "9999999999999999999|18446744073709551615|" \
	    "18446744073709551616|65535|65536|65791|4294967295|" \
	    "4294967296|1a|0b1|1 2", odd, "|")
	    for (i = 0; i < 60000; i++)
		if (i % 499 == 0 && (i < 30000 || i % 7984 == 0))
			print odd[i / 499 % n + 1]
		else if (i >= 30000)	# runs of thousands in the bulk
			printf "%.0f\n", (i * 2654435761) % 4294967296
		else if (i % 97 == 0)	# too wide
			printf "%.0f\n", 4294967296 * (i % 7 + 1) + i
		else if (i % 5 == 1)	# 16:16: an 8:8 pair written wide
			printf "%d\n", (i % 255 + 1) * 65536 + i % 251
		else
			printf "%.0f\n", (i * 2654435761) % 4294967296
	    printf "1234" }' >in
	local layout opt
	for layout in 16:16 linux; do
		"$DEVTOOL" decode -k --json -f "$layout" - <in >json 2>json.err ||
			[[ $? -eq 2 ]]
		sed -E 's/.*"major":([0-9]+),"minor":([0-9]+).*/\1 \2/
		    s/^[{]"line":[0-9]+,"error":.*//' json >want
		awk '$0 == "" { print; next } { print $1 ":" $2 }' want >want--colon
		awk '$0 == "" { print; next }
		    { printf "0x%x 0x%x\n", $1, $2 }' want >want--hex
		awk '$0 == "" { print; next }
		    { printf "%04x:%04x\n", $1, $2 }' want >want--kdev
		cp want want-
		for opt in "" --colon --hex --kdev; do
			run --separate-stderr bash -c '"$DEVTOOL" decode -k '"$opt"' -f "$1" - <in >out' _ "$layout"
			assert_equal "$status" 2
			assert_equal "$(wc -l <out)" 60001
			cmp out "want$opt"
			assert_equal "$stderr" "$(cat json.err)"
		done
		grep -c 'is not canonical' json.err >warnings || true
		grep -c 'does not fit layout' json.err >wide
		if [[ $layout == 16:16 ]]; then
			(( $(cat warnings) > 5000 ))
		else
			assert_equal "$(cat warnings)" 0
		fi
		(( $(cat wide) > 300 ))
	done
	assert_equal "$(sed -n 2p out)" "0200:0001"	# 2 * 65536 + 1
	assert_equal "$(sed -n 2496p out)" "0000:0007"	# " 7"
	assert_equal "$(sed -n 4492p out)" ""	# "", an error
	assert_equal "$(tail -n 1 out)" "0004:00d2"	# 1234, 0x4d2
}

# --- the layout of a value: typed, or from this system ---------------------
# (devtool(1), decode: 16:16 for typed numbers, native for stat(1)'s)

@test "decode -f native \$(stat -c %r NODE) of a node made as c 300 5 gives 300 5" {
	needs_mknod
	mknod node c 300 5
	run --separate-stderr devtool decode -f native "$(stat -c %r node)"
	assert_success
	assert_stderr_empty
	assert_output "300 5"

	run --separate-stderr devtool decode -v -f native "$(stat -c %r node)"
	assert_success
	assert_output $'layout native, given by -f\n300 5'
}

@test "decode -v: the first line names 16:16 as the default for typed numbers, and why" {
	run --separate-stderr devtool decode -v 0x012c0005
	assert_success
	assert_stderr_empty
	assert_output $'layout 16:16, the default for typed numbers (-f native for stat(1), /proc)\n300 5'

	run --separate-stderr devtool decode --verbose -f linux 0x12c05 259
	assert_success
	assert_output $'layout linux, given by -f\n300 5\n1 3'

	DEVTOOL_FORMAT=12:20 run --separate-stderr devtool decode -v --strict 0x100
	assert_success
	assert_output $'layout 12:20, from DEVTOOL_FORMAT (the default for typed numbers), --strict: no compat rule\n0 256'

	# standard output stays JSON Lines: the line goes to standard error
	run --separate-stderr devtool decode -v --json -f linux 259
	assert_success
	assert_output '{"layout":"linux","value":259,"major":1,"minor":3,"canonical":true}'
	assert_equal "$stderr" "layout linux, given by -f"

	# before the values of a stream too
	run --separate-stderr devtool decode -v - <<<$'0x103\n0x12c0005'
	assert_success
	assert_output $'layout 16:16, the default for typed numbers (-f native for stat(1), /proc)\n1 3\n300 5'
}

@test "decode without -f reads typed numbers as 16:16: stat(1)'s 76805 is not 300 5 there, and -v says so" {
	run --separate-stderr devtool decode 0x012c0005 76805
	assert_success
	assert_output $'300 5\n1 11269'

	run --separate-stderr devtool decode -v 76805
	assert_success
	assert_output $'layout 16:16, the default for typed numbers (-f native for stat(1), /proc)\n1 11269'
}
