#!/usr/bin/env bats
# devtool devices (SYNOPSIS and STREAMS in devtool(1)): the drivers registered
# in /proc/devices, read from DEVTOOL_PROC_DEVICES when it is set.

load test_helper

# The fixture is in the kernel's format: "Character devices:", "%3d %s"
# lines, a blank line, "Block devices:", "%3d %s" lines.
FIXTURE=$BATS_TEST_DIRNAME/fixtures/proc-devices

# The fixture's entries as "TYPE MAJOR NAME", in file order.
fixture_entries() {
	awk '/^Character devices:$/ { t = "c"; next }
	     /^Block devices:$/ { t = "b"; next }
	     NF == 2 { print t, $1, $2 }' "${1:-$FIXTURE}"
}

# Output lines with runs of blanks squeezed: "c   1 mem" -> "c 1 mem".
squeezed() { sed -E 's/^ +//; s/ +/ /g' <<<"$output"; }

@test "devices: the fixture is in the kernel's format" {
	[[ $(sed -n 1p "$FIXTURE") == "Character devices:" ]]
	grep -qx 'Block devices:' "$FIXTURE"
	# a blank line right before "Block devices:"
	[[ $(grep -B1 -x 'Block devices:' "$FIXTURE" | head -1) == "" ]]
	# every other line is "%3d %s"
	! grep -vxE 'Character devices:|Block devices:|[ 0-9]{2}[0-9] [^ ]+|' "$FIXTURE" ||
		fail "lines not in the kernel's format"
}

@test "devices: lists type, major and name for both sections, in file order" {
	export DEVTOOL_PROC_DEVICES=$FIXTURE
	run --separate-stderr devtool devices
	assert_status 0
	[[ -z $stderr ]]
	[[ $(squeezed) == "$(fixture_entries)" ]] ||
		fail "listing differs:"$'\n'"$(diff <(fixture_entries) <(squeezed))"
	# every field is there: char and block, several names per major
	grep -qx 'c 1 mem' <<<"$(squeezed)"
	grep -qx 'c 4 ttyS' <<<"$(squeezed)"
	grep -qx 'c 5 /dev/console' <<<"$(squeezed)"
	grep -qx 'c 511 bigchar' <<<"$(squeezed)"
	grep -qx 'b 259 blkext' <<<"$(squeezed)"
	[[ $(wc -l <<<"$output") -eq 23 ]]
}

@test "devices -c: only the character section" {
	export DEVTOOL_PROC_DEVICES=$FIXTURE
	run --separate-stderr devtool devices -c
	assert_status 0
	[[ $(squeezed) == "$(fixture_entries | grep '^c ')" ]]
	run --separate-stderr devtool devices --char
	assert_status 0
	[[ $(squeezed) == "$(fixture_entries | grep '^c ')" ]]
	! grep -q '^b' <<<"$output"
}

@test "devices -b: only the block section" {
	export DEVTOOL_PROC_DEVICES=$FIXTURE
	run --separate-stderr devtool devices -b
	assert_status 0
	[[ $(squeezed) == "$(fixture_entries | grep '^b ')" ]]
	[[ $(squeezed) == $'b 7 loop\nb 8 sd\nb 11 sr\nb 65 sd\nb 66 sd\nb 259 blkext' ]]
	run --separate-stderr devtool devices --block
	assert_status 0
	[[ $(wc -l <<<"$output") -eq 6 ]]
}

@test "devices -c -b: both sections" {
	export DEVTOOL_PROC_DEVICES=$FIXTURE
	run --separate-stderr devtool devices -c -b
	assert_status 0
	[[ $(squeezed) == "$(fixture_entries)" ]]
}

@test "devices --json: one JSON object per line with type, major, name" {
	command -v jq >/dev/null || skip "jq is not installed"
	export DEVTOOL_PROC_DEVICES=$FIXTURE
	run --separate-stderr devtool devices --json
	assert_status 0
	# each line read on its own (one jq for all): "type major name", or
	# what is wrong with it
	local got
	got=$(printf '%s\n' "$output" | jq -rR '. as $l | (try fromjson catch null) as $o |
	    "line \(input_line_number): " as $at |
	    if ($o | type) != "object" then "\($at)not a JSON object: \($l)"
	    elif ($o | keys) != ["major", "name", "type"] then "\($at)unexpected keys: \($l)"
	    elif ($o.major | type) != "number" then "\($at)major is not a number: \($l)"
	    elif ($o.type | type) != "string" or ($o.name | type) != "string"
	    then "\($at)type and name are not strings: \($l)"
	    else "\($o.type) \($o.major) \($o.name)" end') ||
		fail "jq failed on: $output"
	[[ $got == "$(fixture_entries)" ]] ||
		fail "expected:"$'\n'"$(fixture_entries)"$'\n'"got:"$'\n'"$got"
}

@test "devices --json -b and --json NAME" {
	command -v jq >/dev/null || skip "jq is not installed"
	export DEVTOOL_PROC_DEVICES=$FIXTURE
	run --separate-stderr devtool devices --json -b
	assert_status 0
	[[ $(jq -sc 'map(.type) | unique' <<<"$output") == '["b"]' ]]
	[[ $(jq -sc 'map(.major)' <<<"$output") == '[7,8,11,65,66,259]' ]]
	run --separate-stderr devtool devices --json misc
	assert_status 0
	[[ $(jq -c . <<<"$output") == '{"type":"c","major":10,"name":"misc"}' ]]
	# a name with a slash is escaped or not, but survives parsing
	run --separate-stderr devtool devices --json /dev/console
	assert_status 0
	[[ $(jq -r .name <<<"$output") == /dev/console ]]
}

@test "devices NAME: prints that driver's major" {
	export DEVTOOL_PROC_DEVICES=$FIXTURE
	run --separate-stderr devtool devices misc
	assert_status 0
	assert_output "10"
	[[ -z $stderr ]]
	run --separate-stderr devtool devices loop
	assert_status 0
	assert_output "7"
	run --separate-stderr devtool devices -b loop
	assert_status 0
	assert_output "7"
	run --separate-stderr devtool devices /dev/ptmx
	assert_status 0
	assert_output "5"
	run --separate-stderr devtool devices bigchar
	assert_status 0
	assert_output "511"
}

@test "devices NAME: a name registered under several majors prints each" {
	export DEVTOOL_PROC_DEVICES=$FIXTURE
	run --separate-stderr devtool devices sd
	assert_status 0
	assert_output $'8\n65\n66'
}

# With several NAMEs the majors must come in the order of the NAMEs (not
# in /proc/devices order), or a script cannot tell which is which.
@test "devices NAME...: several names print their majors in the order given" {
	export DEVTOOL_PROC_DEVICES=$FIXTURE
	run --separate-stderr devtool devices tty misc
	assert_status 0
	assert_output $'4\n10'
	# the same names the other way round: the output must follow
	run --separate-stderr devtool devices misc tty
	assert_status 0
	assert_output $'10\n4'
}

@test "devices NAME: -c and -b restrict the lookup to one section" {
	export DEVTOOL_PROC_DEVICES=$FIXTURE
	run --separate-stderr devtool devices -c sd
	assert_status 1
	assert_stdout_empty
	assert_stderr_contains "'sd'"
	run --separate-stderr devtool devices -b misc
	assert_status 1
	assert_stderr_contains "'misc'"
}

@test "devices NAME: an unknown name is exit 1 naming it" {
	export DEVTOOL_PROC_DEVICES=$FIXTURE
	run --separate-stderr devtool devices no-such-driver
	assert_status 1
	assert_stdout_empty
	assert_stderr_contains "no-such-driver"
	assert_stderr_contains "$FIXTURE"
	[[ $stderr == devtool:* ]]
	# a known one next to it is still printed, and the status is still 1 (a finding)
	run --separate-stderr devtool devices misc no-such-driver
	assert_status 1
	assert_output "10"
	assert_stderr_contains "no-such-driver"
	# names match whole names only
	run --separate-stderr devtool devices mis
	assert_status 1
	run --separate-stderr devtool devices MISC
	assert_status 1
}

@test "devices: a missing file is named, exit 1 for the list, 2 for an answer about a NAME" {
	export DEVTOOL_PROC_DEVICES=$BATS_TEST_TMPDIR/no/such/devices
	run --separate-stderr devtool devices
	assert_status 1
	assert_stdout_empty
	assert_stderr_contains "$BATS_TEST_TMPDIR/no/such/devices"
	run --separate-stderr devtool devices misc
	assert_status 2
	assert_stderr_contains "$BATS_TEST_TMPDIR/no/such/devices"
}

@test "devices: a malformed file is named by FILE:LINE, exit 1 for the list, 2 for a NAME" {
	local f=$BATS_TEST_TMPDIR/bad-devices
	printf 'Character devices:\n  1 mem\n 10 misc\nnot an entry\n' > "$f"
	DEVTOOL_PROC_DEVICES=$f run --separate-stderr devtool devices
	assert_status 1
	assert_stderr_contains "$f:4:"

	# an entry before any section title
	printf '  1 mem\nCharacter devices:\n' > "$f"
	DEVTOOL_PROC_DEVICES=$f run --separate-stderr devtool devices
	assert_status 1
	assert_stderr_contains "$f:1:"

	# a major that is not a number, a name missing, a major too large
	printf 'Character devices:\n  1 mem\n\nBlock devices:\n  x loop\n' > "$f"
	DEVTOOL_PROC_DEVICES=$f run --separate-stderr devtool devices
	assert_status 1
	assert_stderr_contains "$f:5:"
	printf 'Character devices:\n  1 mem\n  7\n' > "$f"
	DEVTOOL_PROC_DEVICES=$f run --separate-stderr devtool devices
	assert_status 1
	assert_stderr_contains "$f:3:"
	printf 'Character devices:\n99999 big\n' > "$f"
	DEVTOOL_PROC_DEVICES=$f run --separate-stderr devtool devices
	assert_status 1
	assert_stderr_contains "$f:2:"
	# the same with NAME
	DEVTOOL_PROC_DEVICES=$f run --separate-stderr devtool devices big
	assert_status 2
	assert_stderr_contains "$f:2:"
}

@test "devices: a FIFO or a directory as DEVTOOL_PROC_DEVICES is refused at once, naming it" {
	local f=$BATS_TEST_TMPDIR/fifo d=$BATS_TEST_TMPDIR/dir
	mkfifo "$f"
	mkdir "$d"
	# timeout: opened for reading, a FIFO would wait for a writer forever
	DEVTOOL_PROC_DEVICES=$f run --separate-stderr timeout 60 "$DEVTOOL" devices
	assert_status 1
	assert_stdout_empty
	assert_equal "$stderr" "devtool: $f: not a regular file"
	DEVTOOL_PROC_DEVICES=$d run --separate-stderr timeout 60 "$DEVTOOL" devices mem
	assert_status 2
	assert_equal "$stderr" "devtool: $d: not a regular file"
}

@test "devices: names and file names with control bytes are quoted with '?' in messages" {
	# a copy: a path of more than 99 bytes would be cut in the message
	cp "$FIXTURE" "$BATS_TEST_TMPDIR/pd"
	DEVTOOL_PROC_DEVICES=$BATS_TEST_TMPDIR/pd quoted_error 1 "devtool: no driver named '$CTRL_Q' in $BATS_TEST_TMPDIR/pd" \
		devices "$CTRL"
	DEVTOOL_PROC_DEVICES=/no/$CTRL quoted_error 1 "devtool: /no/$CTRL_Q: No such file or directory" \
		devices
	printf 'Character devices:\nbad\n' > "$BATS_TEST_TMPDIR/$CTRL"
	DEVTOOL_PROC_DEVICES=$BATS_TEST_TMPDIR/$CTRL quoted_error 1 "devtool: $BATS_TEST_TMPDIR/$CTRL_Q:2: malformed line; expected a section title or 'MAJOR NAME'" \
		devices
	quoted_error 2 "devtool: --$CTRL_Q: unknown option" devices "--$CTRL"
}

@test "devices: blank lines are allowed, a missing final newline too" {
	local f=$BATS_TEST_TMPDIR/devices
	printf 'Character devices:\n  1 mem\n\n\nBlock devices:\n  7 loop' > "$f"
	DEVTOOL_PROC_DEVICES=$f run --separate-stderr devtool devices
	assert_status 0
	[[ $(squeezed) == $'c 1 mem\nb 7 loop' ]]
	# an empty file lists nothing
	: > "$f"
	DEVTOOL_PROC_DEVICES=$f run --separate-stderr devtool devices
	assert_status 0
	assert_stdout_empty
}

@test "devices: an empty DEVTOOL_PROC_DEVICES means /proc/devices" {
	[[ -r /proc/devices ]] || skip "no /proc/devices"
	DEVTOOL_PROC_DEVICES='' run --separate-stderr devtool devices -c mem
	assert_status 0
	assert_output "1"
}

@test "devices: the real /proc/devices (mem is char major 1)" {
	[[ -r /proc/devices ]] || skip "no /proc/devices"
	unset DEVTOOL_PROC_DEVICES
	run --separate-stderr devtool devices
	assert_status 0
	grep -qx 'c 1 mem' <<<"$(squeezed)"
	# exactly the kernel's entries, in its order
	[[ $(squeezed) == "$(fixture_entries /proc/devices)" ]]
	run --separate-stderr devtool devices -c mem
	assert_status 0
	assert_output "1"
	run --separate-stderr devtool devices -b mem
	assert_status 1
	assert_stderr_contains "mem"
}

@test "devices --help exits 0 and describes the verb" {
	run --separate-stderr devtool devices --help
	assert_status 0
	assert_output --partial "devices"
	run --separate-stderr devtool devices --no-such-option
	assert_status 2
}

@test "devices MAJOR lists the drivers of that major" {
	printf 'Character devices:\n  1 mem\n  4 /dev/vc/0\n  4 tty\n  4 ttyS\n\nBlock devices:\n  8 sd\n' >devs
	export DEVTOOL_PROC_DEVICES=$PWD/devs
	run devtool devices 4
	assert_success
	assert_output $'c   4 /dev/vc/0\nc   4 tty\nc   4 ttyS'
	run --separate-stderr devtool devices -c 8
	assert_failure 1
	assert_stderr_contains "no character driver of major 8 in"
}
