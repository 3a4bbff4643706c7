#!/usr/bin/env bats
# devtool's global behaviour: SYNOPSIS and STREAMS in devtool(1) (synopsis,
# --help, -q) and EXIT STATUS and DIAGNOSTICS in devtool(1) (exit status and
# messages), plus popt's pitfalls (DIAGNOSTICS in devtool(1)).

load test_helper

# The verbs devtool --help lists, one per line.
listed_verbs() {
	"$DEVTOOL" --help | awk '/^Verbs:/ { f = 1; next }
	    f && /^$/ { exit } f && /^  [a-z]/ { print $1 }'
}

@test "devtool --help (and -h): usage and every verb on stdout, exit 0" {
	run --separate-stderr devtool --help
	assert_success
	assert_stderr_empty
	assert_line --index 0 --regexp '^Usage: devtool '
	local verb
	for verb in encode decode convert explain formats; do
		assert_line --regexp "^  $verb "
	done

	run --separate-stderr devtool -h
	assert_success
	assert_line --index 0 --regexp '^Usage: devtool '
}

@test "devtool --version (and -V) prints the version, exit 0" {
	run --separate-stderr devtool --version
	assert_success
	assert_stderr_empty
	assert_output --regexp '^devtool [0-9]+\.[0-9]+(\.[0-9]+)?'
	assert_equal "${#lines[@]}" 1

	run --separate-stderr devtool -V
	assert_success
	assert_output --regexp '^devtool [0-9]'
}

@test "devtool without a verb: usage on stderr, exit 2" {
	run --separate-stderr devtool
	assert_equal "$status" 2
	assert_stdout_empty
	assert_stderr_contains "Usage: devtool"

	run --separate-stderr devtool -q
	assert_equal "$status" 2
	assert_stdout_empty
}

@test "devtool with an unknown verb: exit 2 naming it" {
	run --separate-stderr devtool frobnicate 1 2
	assert_usage_error
	assert_stderr_contains "unknown verb 'frobnicate'"
}

@test "devtool with an unknown global option: exit 2 naming it" {
	run --separate-stderr devtool --frob encode 1 3
	assert_usage_error
	assert_stderr_contains "--frob: unknown option"
}

# DIAGNOSTICS in devtool(1): an unknown verb or long option names the
# nearest known one when it is within two edits (a swap of two letters
# is one), as git suggests a command; else it says what there is.
@test "an unknown verb near a known one: did you mean it, exit 2" {
	run --separate-stderr devtool aply dev.table
	assert_equal "$status" 2
	assert_stdout_empty
	assert_equal "$stderr" "devtool: unknown verb 'aply'; did you mean 'apply'?
Try 'devtool --help' for more information."

	run --separate-stderr devtool mkae std
	assert_equal "$status" 2
	assert_equal "$stderr" "devtool: unknown verb 'mkae'; did you mean 'make'?
Try 'devtool --help' for more information."
}

@test "an unknown verb near none: the verbs, no guess, exit 2" {
	run --separate-stderr devtool frobnicate 1 2
	assert_equal "$status" 2
	assert_equal "$stderr" "devtool: unknown verb 'frobnicate'; verbs: encode decode convert explain formats mknod devices list apply make diff help
Try 'devtool --help' for more information."
}

@test "an unknown long option near a known one: did you mean it, exit 2" {
	run --separate-stderr devtool decode --fromat linux 0x103
	assert_equal "$status" 2
	assert_stdout_empty
	assert_equal "$stderr" "devtool: --fromat: unknown option; did you mean --format?
Try 'devtool decode --help' for more information."

	# its value aside; an option of the included tables (-q) too
	run --separate-stderr devtool list --otuput=json /dev/null
	assert_equal "$status" 2
	assert_equal "$stderr" "devtool: --otuput=json: unknown option; did you mean --output?
Try 'devtool list --help' for more information."

	run --separate-stderr devtool make --qiuet std
	assert_equal "$status" 2
	assert_equal "$stderr" "devtool: --qiuet: unknown option; did you mean --quiet?
Try 'devtool make --help' for more information."

	# before the verb, the global options
	run --separate-stderr devtool --hlep
	assert_equal "$status" 2
	assert_equal "$stderr" "devtool: --hlep: unknown option; did you mean --help?
Try 'devtool --help' for more information."
}

@test "an unknown option near none, or a short one: no guess, exit 2" {
	run --separate-stderr devtool list --frobnicate /dev/null
	assert_equal "$status" 2
	assert_equal "$stderr" "devtool: --frobnicate: unknown option
Try 'devtool list --help' for more information."

	run --separate-stderr devtool list -Z /dev/null
	assert_equal "$status" 2
	assert_equal "$stderr" "devtool: -Z: unknown option
Try 'devtool list --help' for more information."

	# a missing argument is not an unknown option: nothing to guess
	run --separate-stderr devtool decode --format
	assert_equal "$status" 2
	refute_stderr_contains "did you mean"
}

# The same for a value a word names: a layout, a dialect, a name of make.
@test "an unknown layout near a known one: did you mean it, from -f or DEVTOOL_FORMAT, exit 2" {
	run --separate-stderr devtool decode -f linx 0x103
	assert_equal "$status" 2
	assert_stdout_empty
	assert_equal "$stderr" "devtool: unknown layout 'linx'; did you mean 'linux'?"

	# an alias is a known word too: svr4's solaris
	run --separate-stderr devtool encode -f solaris1 1 3
	assert_equal "$status" 2
	assert_equal "$stderr" "devtool: unknown layout 'solaris1'; did you mean 'solaris'?"

	DEVTOOL_FORMAT=gnlibc run --separate-stderr devtool decode 5
	assert_equal "$status" 2
	assert_equal "$stderr" "devtool: DEVTOOL_FORMAT: unknown layout 'gnlibc'; did you mean 'glibc'?"

	# list --check offers the storage formats as well
	mkdir -p R/dev
	run --separate-stderr devtool list --check tar --root R
	assert_equal "$status" 2
	assert_equal "$stderr" "devtool: unknown layout or storage format 'tar'; did you mean 'ustar'?"
}

@test "an M:N split out of range is said as such, never guessed at" {
	run --separate-stderr devtool decode -f 8:70 5
	assert_equal "$status" 2
	assert_equal "$stderr" "devtool: layout '8:70': an M:N split needs 8<=M, 8<=N and M+N<=64"
}

@test "an unknown dialect near a known one: did you mean it, for -o and -i, exit 2" {
	run --separate-stderr devtool list -o makedev /dev/null
	assert_equal "$status" 2
	assert_stdout_empty
	assert_equal "$stderr" "devtool: unknown output 'makedev'; did you mean 'makedevs'?
Try 'devtool list --help' for more information."

	run --separate-stderr devtool apply -n -i tmpfile /dev/null
	assert_equal "$status" 2
	assert_equal "$stderr" "devtool: unknown input 'tmpfile'; did you mean 'tmpfiles'?
Try 'devtool apply --help' for more information."

	# -i offers only the dialects that are read: cgroup rules are not
	run --separate-stderr devtool apply -n -i cgrop /dev/null
	assert_equal "$status" 2
	assert_equal "$stderr" "devtool: unknown input 'cgrop'; valid: makedevs, tmpfiles, mtree, gen_init_cpio, pseudo, json, oci
Try 'devtool apply --help' for more information."
}

@test "an unknown name of make near a known one: did you mean it, nothing made, exit 2" {
	mkdir d
	run --separate-stderr devtool make -C d lir std1 zzzz
	assert_equal "$status" 2
	assert_stdout_empty
	assert_equal "$stderr" "devtool: unknown device or group 'lir'; did you mean 'lirc'?
devtool: unknown device or group 'std1'; did you mean 'std'?
devtool: unknown device or group 'zzzz'
devtool: 3 unknown names; nothing was made (DEVICE REGISTRY in devtool(1) lists the groups)
Try 'devtool make --help' for more information."
	run find d -mindepth 1
	assert_output ""
}

@test "devtool -- VERB: -- ends the global options" {
	run --separate-stderr devtool -- encode 1 3
	assert_success
	assert_output 259
}

@test "VERB --help: every verb listed prints Usage with its name, exit 0" {
	local verbs verb
	verbs=$(listed_verbs)
	for verb in encode decode convert explain formats; do
		grep -qx "$verb" <<<"$verbs" || fail "--help does not list $verb"
	done
	for verb in $verbs; do
		run --separate-stderr devtool "$verb" --help
		[[ $status -eq 0 ]] || fail "devtool $verb --help: exit $status: $stderr"
		assert_output --partial "Usage:"
		assert_output --partial "devtool $verb"
		assert_stderr_empty
	done
}

# The verb list of devtool --help as "VERB OPERANDS" lines: the first
# line of each entry, the help line under it left out.
listed_synopses() {
	"$DEVTOOL" --help | awk '/^Verbs:/ { f = 1; next }
	    f && /^$/ { exit } f && /^  [a-z]/ { sub(/^  /, ""); print }'
}

@test "VERB --help: its Usage line and devtool --help's verb list come from the same row" {
	local verbs line verb operands usage n=0
	verbs=$(listed_verbs)
	assert_equal "$(echo $verbs)" "encode decode convert explain formats mknod devices list apply make diff help"
	while IFS= read -r line; do
		n=$((n + 1))
		verb=${line%% *}
		operands=$(sed -E 's/^[a-z]+ +//' <<<"$line")
		[[ -n $operands ]] || fail "devtool --help lists $verb without operands"
		run --separate-stderr devtool "$verb" --help
		assert_success
		assert_stderr_empty
		usage=${lines[0]}
		[[ $usage == "Usage: devtool $verb "* ]] ||
			fail "devtool $verb --help starts with '$usage'"
		assert_equal "${usage#"Usage: devtool $verb "}" "$operands"
	done < <(listed_synopses)
	assert_equal "$n" 12
	# one Usage line, as devtool(1)'s SYNOPSIS spells the operands
	run --separate-stderr devtool encode --help
	assert_line --index 0 "Usage: devtool encode MAJOR MINOR | MAJOR:MINOR | -"
	run --separate-stderr devtool mknod --help
	assert_line --index 0 "Usage: devtool mknod PATH TYPE [MAJOR MINOR | VALUE]"
}

# wrong_count WANT ARGS...: devtool ARGS is exit 2, and stderr is WANT
# and the --help hint of the verb (ARGS' first word).
wrong_count() {
	local want=$1
	shift
	run --separate-stderr devtool "$@"
	assert_usage_error
	assert_equal "$stderr" "devtool: $want"$'\n'"Try 'devtool $1 --help' for more information."
}

@test "a wrong operand count is exit 2 with the verb's operands in the message, for every verb" {
	wrong_count "expected MAJOR MINOR or MAJOR:MINOR or -, got 0 operands" encode
	wrong_count "expected MAJOR MINOR or MAJOR:MINOR or -, got 1 operand" encode 300
	wrong_count "expected MAJOR MINOR or MAJOR:MINOR or -, got 3 operands" encode 1 2 3
	wrong_count "expected MAJOR MINOR or MAJOR:MINOR or -, got 3 operands" encode -f linux 1 2 -
	wrong_count "expected VALUE... or -, got 0 operands" decode --colon
	wrong_count "expected -t LAYOUT VALUE... or -, got 0 operands" convert -t linux
	wrong_count "expected MAJOR MINOR or MAJOR:MINOR or VALUE or PATH or --value V, got 0 operands" explain
	wrong_count "expected MAJOR MINOR or MAJOR:MINOR or VALUE or PATH or --value V, got 3 operands" explain 1 2 3
	wrong_count "expected MAJOR MINOR or MAJOR:MINOR or VALUE or PATH or --value V, got 2 operands" explain --value 259 1 2
	wrong_count "formats takes no operands" formats linux
	wrong_count "expected PATH TYPE [MAJOR MINOR | VALUE], got 0 operands" mknod
	wrong_count "expected PATH TYPE [MAJOR MINOR | VALUE], got 1 operand" mknod x
	wrong_count "expected PATH TYPE [MAJOR MINOR | VALUE], got 5 operands" mknod x c 1 2 3
	wrong_count "expected TABLE... or -, got 0 operands" apply -n
	wrong_count "expected NAME|GROUP..., got 0 operands" make -n
	wrong_count "expected A B (each --table FILE, --archive FILE, --kernel or a PATH), got 3 operands" diff a b c
	[[ ! -e x && ! -L x ]] || fail "x was created"
	# the other two take any number of operands: no count is wrong
	listed_synopses | grep -qx 'devices  \[NAME|MAJOR\.\.\.\]'
	listed_synopses | grep -qx 'list     \[PATH\.\.\.\]'
}

@test "options that go together are checked before the operand count" {
	wrong_count "-t LAYOUT is required" convert
	wrong_count "--colon, --kdev and --json exclude each other" decode --colon --kdev
	wrong_count "--root '' names no directory" mknod --root '' x
	wrong_count "--root '' names no directory" apply --root ''
	# an empty name is refused by one helper, in the same words everywhere
	wrong_count "--root '' names no directory" list --root ''
	wrong_count "--root '' names no directory" make --root '' null
	wrong_count "--root '' names no directory" diff --root '' a b
	wrong_count "--sysfs '' names no directory" list --kernel --sysfs ''
	wrong_count "--sysfs '' names no directory" apply --kernel --sysfs ''
	wrong_count "--sysfs '' names no directory" diff --kernel --sysfs '' a
	wrong_count "--sysfs goes with --kernel" list --sysfs s
	wrong_count "--table '' names no file" diff --table '' a
	wrong_count "--users-from '' names no directory" diff --users-from '' a b
	[[ ! -e x && ! -L x ]] || fail "x was created"
}

@test "VERB --help: the codec verbs document their options" {
	run --separate-stderr devtool encode --help
	assert_success
	local opt
	for opt in --format --strict --hex --json --keep-going --quiet; do
		assert_output --partial -- "$opt"
	done

	run --separate-stderr devtool decode --help
	assert_success
	for opt in --format --strict --colon --kdev --json --keep-going; do
		assert_output --partial -- "$opt"
	done

	run --separate-stderr devtool convert --help
	assert_success
	for opt in --format --to --strict --hex --keep-going; do
		assert_output --partial -- "$opt"
	done

	run --separate-stderr devtool explain --help
	assert_success
	assert_output --partial -- "--value"

	run --separate-stderr devtool formats --help
	assert_success
	assert_output --partial -- "--json"
}

@test "VERB --no-such-option: every verb exits 2 naming the option" {
	local verb
	for verb in $(listed_verbs); do
		run --separate-stderr devtool "$verb" --no-such-option
		[[ $status -eq 2 ]] || fail "devtool $verb --no-such-option: exit $status"
		assert_stdout_empty
		assert_stderr_contains "--no-such-option"
	done
}

@test "unknown short option after the verb: exit 2 naming it" {
	run --separate-stderr devtool encode -Z 1 3
	assert_usage_error
	assert_stderr_contains "-Z"
}

@test "an option missing its argument is exit 2" {
	run --separate-stderr devtool encode 1 3 -f
	assert_usage_error
	assert_stderr_contains "-f"
}

@test "-q before the verb silences the non-canonical warning" {
	run --separate-stderr devtool decode 0x00010001
	assert_success
	assert_stderr_contains "warning"

	run --separate-stderr devtool -q decode 0x00010001
	assert_success
	assert_output "1 1"
	assert_stderr_empty

	run --separate-stderr devtool --quiet decode 0x00010001
	assert_success
	assert_stderr_empty
}

@test "-q after the verb silences the non-canonical warning" {
	run --separate-stderr devtool decode -q 0x00010001
	assert_success
	assert_output "1 1"
	assert_stderr_empty

	run --separate-stderr devtool decode 0x00010001 --quiet
	assert_success
	assert_output "1 1"
	assert_stderr_empty
}

@test "-q does not silence errors" {
	run --separate-stderr devtool -q decode 0x100000000
	assert_usage_error
	assert_stderr_contains "does not fit"
}

@test "~/.popt aliases are not honoured" {
	cat >"$HOME/.popt" <<-'EOF'
	devtool alias --evil --format=8:8
	* alias --evil2 --format=8:8
	devtool alias --hex --json
	* alias -x --json
	devtool alias -f --strict -f
	devtool exec --pwn /bin/sh -c 'touch pwned'
	EOF
	run --separate-stderr devtool encode --evil 1 3
	assert_usage_error
	assert_stderr_contains "--evil"

	run --separate-stderr devtool encode --evil2 1 3
	assert_usage_error
	assert_stderr_contains "--evil2"

	run --separate-stderr devtool encode -x 300 5
	assert_success
	assert_output 0x12c0005

	run --separate-stderr devtool encode --hex 300 5
	assert_success
	assert_output 0x12c0005

	run --separate-stderr devtool encode -f 16:16 1 3
	assert_success
	assert_output 259

	run --separate-stderr devtool encode --pwn 1 3
	assert_usage_error
	[[ ! -e pwned && ! -L pwned ]] || fail "pwned was created"
}

@test "POSIXLY_CORRECT does not stop option parsing at the first operand" {
	POSIXLY_CORRECT=1 run --separate-stderr devtool encode 300 5 -x
	assert_success
	assert_output 0x12c0005

	POSIXLY_CORRECT=1 run --separate-stderr devtool decode 0x12c0005 --colon
	assert_success
	assert_output 300:5

	POSIXLY_CORRECT=1 run --separate-stderr devtool encode 300 5 -f linux
	assert_success
	assert_output 76805

	POSIX_ME_HARDER=1 run --separate-stderr devtool encode 300 5 -x
	assert_success
	assert_output 0x12c0005
}

@test "options may follow operands (default environment)" {
	run --separate-stderr devtool encode 300 5 --json -f linux
	assert_success
	assert_equal "$(jq -r .value <<<"$output")" 76805
}

@test "messages go to stderr prefixed devtool:, and name the argument" {
	run --separate-stderr devtool encode -f linux 4096 0
	assert_usage_error
	assert_stderr_regex "^devtool: .*'4096'"
}

@test "a write error on stdout is exit 1, not success" {
	run --separate-stderr bash -c '"$DEVTOOL" encode 1 3 >/dev/full'
	assert_equal "$status" 1
	assert_stderr_contains "standard output"

	run --separate-stderr bash -c '"$DEVTOOL" formats >/dev/full'
	assert_equal "$status" 1

	run --separate-stderr bash -c '"$DEVTOOL" --help >/dev/full'
	assert_equal "$status" 1
}

@test "a write error on stdout while streaming is exit 1 naming standard output" {
	seq 1 100000 >in
	run --separate-stderr bash -c '"$DEVTOOL" decode - <in >/dev/full'
	assert_equal "$status" 1
	assert_stderr_contains "standard output"
	refute_stderr_contains "standard input"
}

@test "VERB --help with a write error on stdout is not success" {
	run --separate-stderr bash -c '"$DEVTOOL" encode --help >/dev/full'
	assert_equal "$status" 1
	assert_equal "$stderr" "devtool: standard output: No space left on device"
}

@test "operands of every verb with control bytes are quoted with '?' in messages, never raw" {
	local layouts="valid: 8:8 (old), 16:16, 12:20, M:N (8<=M, 8<=N, M+N<=64), linux, glibc, native, osf1, svr4 (solaris), hpux, netbsd, freebsd, bsdos, 386bsd, 4bsd, isc, sco, sunos, svr3, ultrix"
	quoted_error 2 "devtool: unknown verb '$CTRL_Q'; verbs: encode decode convert explain formats mknod devices list apply make diff help" \
		"$CTRL"
	quoted_error 2 "devtool: -$CTRL_Q: unknown option" "-$CTRL"
	quoted_error 2 "devtool: '$CTRL_Q' is not a verb; devtool --help lists them" \
		help "$CTRL"
	quoted_error 2 "devtool: --$CTRL_Q: unknown option" encode "--$CTRL" 1 2
	quoted_error 2 "devtool: invalid number '1$CTRL_Q': trailing garbage" \
		encode "1$CTRL" 2
	quoted_error 2 "devtool: invalid number '2$CTRL_Q': trailing garbage" \
		encode 1 "2$CTRL"
	quoted_error 2 "devtool: unknown layout '$CTRL_Q'; $layouts" \
		encode -f "$CTRL" 1 2
	DEVTOOL_FORMAT=$CTRL quoted_error 2 "devtool: DEVTOOL_FORMAT: unknown layout '$CTRL_Q'; $layouts" \
		encode 1 2
	quoted_error 2 "devtool: invalid number '5$CTRL_Q': trailing garbage" \
		decode "5$CTRL"
	quoted_error 2 "devtool: invalid number '5$CTRL_Q': trailing garbage" \
		convert -t 8:8 "5$CTRL"
	quoted_error 2 "devtool: unknown layout '$CTRL_Q'; $layouts" \
		convert -t "$CTRL" 5
	quoted_error 2 "devtool: invalid number '$CTRL_Q': not a number" \
		explain 1 "$CTRL"
	# on standard input the newline ends the line: the rest is line 2
	run --separate-stderr bash -c 'printf "%s\n" "$1" | "$DEVTOOL" decode -' _ "$CTRL"
	assert_status 2
	assert_no_control
	assert_equal "$stderr" "devtool: <stdin>:1: invalid number 'a?[31mb': not a number"
}

@test "make run: the tour exits 0 and ends with a table made into a cpio without privilege, read back as pseudo, then an OCI array" {
	run sh "$BATS_TEST_DIRNAME/../scripts/demo.sh" "$DEVTOOL"
	assert_success
	[[ $output == *'-o pseudo
dev d 0755 0 0
dev/console c 0600 0 5 5 1
dev/ttyS0 c 0666 0 5 4 64
dev/ttyS1 c 0666 0 5 4 65
'*'list -o oci /dev/null /dev/zero
[
{"path":"/dev/null","type":"c","major":1,"minor":3,"fileMode":438,"uid":0,"gid":0},
{"path":"/dev/zero","type":"c","major":1,"minor":5,"fileMode":438,"uid":0,"gid":0}
]' ]] || fail "the tour ends otherwise: ${output: -600}"
}

@test "VERB -h, --help and --usage: every verb takes all three, on stdout, exit 0" {
	local verb
	for verb in $(listed_verbs); do
		run --separate-stderr devtool "$verb" -h
		[[ $status -eq 0 ]] || fail "devtool $verb -h: exit $status: $stderr"
		[[ ${lines[0]} == "Usage: devtool $verb"* ]] || fail "devtool $verb -h: ${lines[0]}"
		assert_output "$("$DEVTOOL" "$verb" --help)"
		run --separate-stderr devtool "$verb" --usage
		[[ $status -eq 0 ]] || fail "devtool $verb --usage: exit $status: $stderr"
		[[ ${lines[0]} == "Usage: devtool $verb ["* ]] || fail "devtool $verb --usage: ${lines[0]}"
	done
}

@test "--json and -o json are the same wherever JSON is printed" {
	assert_equal "$("$DEVTOOL" encode -o json 8 1)" "$("$DEVTOOL" encode --json 8 1)"
	assert_equal "$("$DEVTOOL" encode -o json 8 1)" '{"layout":"16:16","major":8,"minor":1,"value":2049,"hex":"0x801"}'
	assert_equal "$("$DEVTOOL" decode -o json 2049)" "$("$DEVTOOL" decode --json 2049)"
	assert_equal "$("$DEVTOOL" formats -o json)" "$("$DEVTOOL" formats --json)"
	assert_equal "$("$DEVTOOL" explain -o json 8 1)" "$("$DEVTOOL" explain --json 8 1)"
	assert_equal "$(DEVTOOL_PROC_DEVICES=$BATS_TEST_DIRNAME/fixtures/proc-devices "$DEVTOOL" devices -o json)" \
		"$(DEVTOOL_PROC_DEVICES=$BATS_TEST_DIRNAME/fixtures/proc-devices "$DEVTOOL" devices --json)"
	assert_equal "$("$DEVTOOL" list --json /dev/null)" "$("$DEVTOOL" list -o json /dev/null)"
	assert_equal "$("$DEVTOOL" list --json /dev/null)" '{"path":"/dev/null","type":"c","mode":"0666","uid":0,"gid":0,"major":1,"minor":3}'
	assert_equal "$("$DEVTOOL" encode -o text 8 1)" 2049
}

@test "-o with another format than text or json is exit 2 naming it; list --json with another -o likewise" {
	local verb
	for verb in "encode 8 1" "decode 2049" formats "explain 8 1" devices; do
		run --separate-stderr devtool $verb -o xml
		assert_usage_error
		assert_equal "${stderr%%$'\n'*}" "devtool: unknown output format 'xml'; valid: text, json"
	done
	run --separate-stderr devtool list --json -o oci /dev/null
	assert_usage_error
	assert_equal "${stderr%%$'\n'*}" "devtool: --json and -o oci exclude each other"
}

@test "decode -x prints major and minor in hexadecimal, as encode -x and convert -x print values" {
	run --separate-stderr devtool decode -x 2049
	assert_status 0
	assert_output "0x8 0x1"
	run --separate-stderr devtool decode --hex --colon -f 32:32 0x800000001
	assert_output "0x8:0x1"
	run --separate-stderr devtool decode -x --kdev 2049
	assert_usage_error
	assert_equal "${stderr%%$'\n'*}" "devtool: --hex goes with neither --kdev nor --json"
}
