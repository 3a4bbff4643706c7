#!/usr/bin/env bats
# devtool formats: LAYOUTS in devtool(1) (every layout) and SYNOPSIS and
# STREAMS in devtool(1) (formats [--json]).

load test_helper

@test "formats: lists every layout and alias of LAYOUTS in devtool(1) and the pack_dev rows, one row each, with a description" {
	run --separate-stderr devtool formats
	assert_success
	assert_stderr_empty
	assert_line --regexp '^NAME +ALIASES +BITS +MAJOR +MINOR +COMPAT +DESCRIPTION$'
	assert_equal "${#lines[@]}" 21
	assert_line --regexp '^8:8 +old +16 +0-255 +0-255 +no '
	assert_line --regexp '^16:16 +32 +0-65535 +0-65535 +yes '
	assert_line --regexp '^12:20 +32 +0-4095 +0-1048575 +yes '
	assert_line --regexp '^M:N +M\+N +0-2\^M-1 +0-2\^N-1 '
	assert_line --regexp '^linux +32 +0-4095 +0-1048575 +no '
	assert_line --regexp '^glibc +64 +0-4294967295 +0-4294967295 +no '
	assert_line --regexp '^native +'
	assert_line --regexp '^osf1 +32 +0-4095 +0-1048575 +no '
	assert_line --regexp '^svr4 +solaris +32 +0-16383 +0-262143 +no '
	assert_line --regexp '^hpux +32 +0-255 +0-16777215 +no '
	# NetBSD pack_dev's formats (LAYOUTS in devtool(1))
	assert_line --regexp '^netbsd +32 +0-4095 +0-1048575 +no '
	assert_line --regexp '^freebsd +32 +0-255 +0-4294902015 +no .*bits 8-15'
	assert_line --regexp '^bsdos +32 +0-4095 +0-1048575 +no '
	local name
	for name in 386bsd 4bsd isc sco sunos svr3 ultrix; do
		assert_line --regexp "^$name +16 +0-255 +0-255 +no "
	done
	assert_line --regexp "^8:8 +old +16 .*pack_dev's linux"

	run --separate-stderr devtool formats
	assert_success
	local line re='(yes|no|M\+N>16) +[^ ].{10,}$'
	for line in "${lines[@]:1}"; do
		# name, [alias,] bits, major, minor, compat, then words.
		[[ $line =~ $re ]] ||
			fail "row without a description: $line"
	done
}

@test "formats --json: one object per line, each parsed by jq" {
	run --separate-stderr devtool formats --json
	assert_success
	assert_stderr_empty
	assert_equal "${#lines[@]}" 20
	# 20 lines and 20 well-formed values: each line is one object.
	local checks
	checks=$(jq -c 'type == "object" and (.name | type == "string")
	    and (.aliases | type == "array")
	    and (.packdev | type == "array")
	    and (.compat | type == "boolean")
	    and (.description | type == "string" and length > 0)' <<<"$output") ||
		fail "jq cannot parse: $output"
	assert_equal "$checks" "$(printf 'true\n%.0s' {1..20} | head -c -1)"
}

@test "formats --json: names, aliases, widths, ranges and compat match LAYOUTS in devtool(1) (M:N null)" {
	run --separate-stderr devtool formats --json
	assert_success
	local got want
	got=$(jq -r '[.name, (.aliases | join(",")), (.width, .major_max, .minor_max | tojson), .compat] | @tsv' <<<"$output")
	want=$(printf '%s\n' \
		$'8:8\told\t16\t255\t255\tfalse' \
		$'16:16\t\t32\t65535\t65535\ttrue' \
		$'12:20\t\t32\t4095\t1048575\ttrue' \
		$'M:N\t\tnull\tnull\tnull\ttrue' \
		$'linux\t\t32\t4095\t1048575\tfalse' \
		$'glibc\t\t64\t4294967295\t4294967295\tfalse' \
		$'native\t\t64\t4294967295\t4294967295\tfalse' \
		$'osf1\t\t32\t4095\t1048575\tfalse' \
		$'svr4\tsolaris\t32\t16383\t262143\tfalse' \
		$'hpux\t\t32\t255\t16777215\tfalse' \
		$'netbsd\t\t32\t4095\t1048575\tfalse' \
		$'freebsd\t\t32\t255\t4294902015\tfalse' \
		$'bsdos\t\t32\t4095\t1048575\tfalse' \
		$'386bsd\t\t16\t255\t255\tfalse' \
		$'4bsd\t\t16\t255\t255\tfalse' \
		$'isc\t\t16\t255\t255\tfalse' \
		$'sco\t\t16\t255\t255\tfalse' \
		$'sunos\t\t16\t255\t255\tfalse' \
		$'svr3\t\t16\t255\t255\tfalse' \
		$'ultrix\t\t16\t255\t255\tfalse')
	assert_equal "$got" "$want"
}

@test "formats --json: packdev gives NetBSD pack_dev's names of each packing; its linux is 8:8" {
	run --separate-stderr devtool formats --json
	assert_success
	local got
	got=$(jq -r 'select(.packdev != []) | [.name, (.packdev | join(","))] | @tsv' <<<"$output")
	assert_equal "$got" "$(printf '%s\n' \
		$'8:8\tlinux' $'native\tnative' $'osf1\tosf1' \
		$'svr4\tsvr4,solaris' $'hpux\thpux' $'netbsd\tnetbsd' \
		$'freebsd\tfreebsd' $'bsdos\tbsdos' $'386bsd\t386bsd' \
		$'4bsd\t4bsd' $'isc\tisc' $'sco\tsco' $'sunos\tsunos' \
		$'svr3\tsvr3' $'ultrix\tultrix')"
	# devtool's own linux is not pack_dev's
	assert_equal "$(jq -r 'select(.name == "linux") | .packdev | length' <<<"$output")" 0
}

@test "formats --json: every listed range is what encode accepts" {
	run --separate-stderr devtool formats --json
	assert_success
	local name ma mi
	while IFS=$'\t' read -r name ma mi; do
		"$DEVTOOL" encode --strict -f "$name" "$ma" "$mi" >/dev/null ||
			fail "encode -f $name $ma $mi refused"
		if "$DEVTOOL" encode --strict -f "$name" $((ma + 1)) 0 2>/dev/null; then
			fail "encode -f $name accepted major $((ma + 1))"
		fi
		if "$DEVTOOL" encode --strict -f "$name" 0 $((mi + 1)) 2>/dev/null; then
			fail "encode -f $name accepted minor $((mi + 1))"
		fi
	done < <(jq -r 'select(.width != null) | [.name, .major_max, .minor_max] | @tsv' <<<"$output")
}

@test "formats: every name and alias listed is accepted by -f" {
	run --separate-stderr devtool formats --json
	assert_success
	local name
	for name in $(jq -r 'select(.name != "M:N") | .name, .aliases[]' <<<"$output"); do
		"$DEVTOOL" encode -f "$name" 1 3 >/dev/null || fail "-f $name refused"
	done
}

@test "formats: operands and unknown options are exit 2" {
	run --separate-stderr devtool formats linux
	assert_usage_error
	assert_stderr_contains "no operands"

	run --separate-stderr devtool formats --bogus
	assert_usage_error
	assert_stderr_contains "--bogus"
}

@test "formats --dialects: the registry's dialects, makedevs first, READ yes for those apply -i takes; --json the same as objects; each name works where it says" {
	run --separate-stderr devtool formats --dialects
	assert_success
	assert_stderr_empty
	assert_line -n 0 --regexp '^NAME +READ$'
	# makedevs first: ties go to it (Telling the dialects apart)
	assert_line -n 1 --regexp '^makedevs +yes$'
	[[ -z $(awk 'NR > 1 && !($1 ~ /^[a-z][a-z0-9_-]*$/ && ($2 == "yes" || $2 == "no") && NF == 2)' <<<"$output") ]] ||
		fail "a row that is not NAME yes|no: $output"
	local text=$output json
	run --separate-stderr devtool formats --dialects --json
	assert_success
	json=$(jq -r '"\(.name)=\(if .read then "yes" else "no" end)"' <<<"$output" | tr '\n' ' ')
	assert_equal "$json" "$(awk 'NR > 1 { printf "%s=%s ", $1, $2 }' <<<"$text")"
	local name reads
	mkdir empty R
	while read -r name reads; do
		[[ $name == NAME ]] && continue
		run --separate-stderr devtool list -o "$name" empty
		assert_success
		run --separate-stderr devtool apply -n -i "$name" --root R /dev/null
		if [[ $reads == yes ]]; then
			assert_success
		else
			assert_failure 2
			assert_stderr_contains "-i $name: "
		fi
	done <<<"$text"
}
