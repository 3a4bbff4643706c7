#!/usr/bin/env bats
# devtool apply on hostile device tables ("devtool apply" and DEVICE TABLES in
# devtool(1)): every table below is rejected at validation, before anything is
# created.  Each test asserts exit 2, an error naming FILE:LINE, nothing on
# stdout, and a
# --root directory that is still empty afterwards.
#
# Most tables put the hostile line between two valid ones, so that "nothing
# was created" means something: the valid lines would have been created.

load test_helper

# ---------------------------------------------------------------- helpers

setup() {
	helper_setup
	R=$BATS_TEST_TMPDIR/root
	mkdir "$R"
}

fixture() { echo "$BATS_TEST_DIRNAME/fixtures/hostile/$1"; }

# The first and last lines of most tables: valid, and would be created.
OK1=$'/dev/ok1\tc\t0644\t0\t0\t1\t3'
OK2=$'/dev/ok2\tb\t0660\t0\t6\t7\t0'

# The --root directory holds nothing at all (not even /dev).
assert_root_empty() {
	local left
	left=$(cd "$R" && find . -mindepth 1 | LC_ALL=C sort)
	[[ -z $left ]] || fail "the table was rejected but --root is not empty:"$'\n'"$left"
}

# apply_rejected [ARGS...] TABLE...: runs apply into $R and asserts the
# rejection: exit 2, nothing on stdout, a last line saying nothing was
# created, an empty root.  Per-line messages are asserted by the caller.
apply_rejected() {
	run --separate-stderr devtool apply --root "$R" "$@"
	assert_status 2
	assert_stdout_empty
	[[ $(summary) == *"nothing was created" ]] ||
		fail "last stderr line does not say nothing was created"$'\n'"stderr: $stderr"
	assert_root_empty
}

# The number of "devtool: FILE:LINE: " messages on stderr.
count_line_errors() {
	printf '%s\n' "$stderr" | grep -cE '^devtool: [^ ]+:[0-9]+: '
}

# A table of three lines: OK1, the hostile line (printf format, so \0,
# \r etc. may be written), OK2.
sandwich() {
	local file=$1 fmt=$2
	{
		printf '%s\n' "$OK1"
		printf "$fmt"
		printf '\n%s\n' "$OK2"
	} >"$file"
}

# A name that no user and no group on this machine has.
no_such_name() {
	local n=devtool-no-such-$1
	if getent passwd "$n" >/dev/null || getent group "$n" >/dev/null; then
		skip "'$n' exists on this machine"
	fi
	echo "$n"
}

# ------------------------------------------------------------- sanity

@test "hostile: the valid frame lines alone are accepted (control)" {
	printf '%s\n%s\n' "$OK1" "$OK2" >t
	run --separate-stderr devtool apply --root "$R" t
	assert_status 0
	[[ $(stat -c '%F %Hr %Lr %a %u %g' "$R/dev/ok1") == "character special file 1 3 644 0 0" ]]
	[[ $(stat -c '%F %Hr %Lr %a %u %g' "$R/dev/ok2") == "block special file 7 0 660 0 6" ]]
}

# ------------------------------------------------------------- NUL bytes

@test "hostile: a NUL byte inside a makedevs line" {
	sandwich t '/dev/x c 644 0\0 0 1 3'
	apply_rejected t
	assert_stderr_contains "devtool: t:2: NUL byte in line"
	[[ $(count_line_errors) -eq 1 ]]
}

@test "hostile: a NUL byte inside the path field (would truncate the path)" {
	sandwich t '/dev/x\0/../../etc/passwd c 644 0 0 1 3'
	apply_rejected t
	assert_stderr_contains "devtool: t:2: NUL byte"
}

@test "hostile: NUL bytes on the first line, before the dialect is known" {
	{ printf '\0\0\0/dev/x c 644 0 0 1 3\n'; printf '%s\n' "$OK1"; } >t
	apply_rejected t
	assert_stderr_contains "devtool: t:1: "
}

@test "hostile: a NUL byte in a tmpfiles line, raw and as an escape (\\x00, \\000)" {
	{
		printf 'c /dev/ok1 0644 - - - 1:3\n'
		printf 'c /dev/x\0y 0644 - - - 1:3\n'
		printf 'c /dev/x\\x00y 0644 - - - 1:3\n'
		printf 'c "/dev/x\\000y" 0644 - - - 1:3\n'
		printf 'c /dev/ok2 0644 - - - 1:5\n'
	} >t
	apply_rejected t
	assert_stderr_contains "devtool: t:2: NUL byte"
	assert_stderr_contains "devtool: t:3: NUL byte"
	assert_stderr_contains "devtool: t:4: "
	[[ $(count_line_errors) -eq 3 ]]
}

# ------------------------------------------------------------- counts

@test "hostile: a huge count (99999999 nodes) is refused" {
	sandwich t '/dev/x c 644 0 0 1 0 0 1 99999999'
	apply_rejected t
	assert_stderr_contains "devtool: t:2: count 99999999 is too large"
}

@test "hostile: counts just past the limit, 2^64-1, and with a sign are refused" {
	{
		printf '%s\n' "$OK1"
		printf '/dev/a c 644 0 0 1 0 0 1 65537\n'
		printf '/dev/b c 644 0 0 1 0 0 1 18446744073709551615\n'
		printf '/dev/c c 644 0 0 1 0 0 1 18446744073709551616\n'
		printf '/dev/d c 644 0 0 1 0 0 1 -1\n'
		printf '%s\n' "$OK2"
	} >t
	apply_rejected t
	assert_stderr_contains "devtool: t:2: count 65537 is too large"
	assert_stderr_contains "devtool: t:3: count 18446744073709551615 is too large"
	assert_stderr_contains "devtool: t:4: "
	assert_stderr_contains "devtool: t:5: "
	[[ $(count_line_errors) -eq 4 ]]
}

@test "hostile: a range whose minors or names overflow is refused" {
	{
		printf '%s\n' "$OK1"
		# minor 0 + 65535 * 1000 > 1048575
		printf '/dev/a c 644 0 0 1 0 0 1000 65536\n'
		# start 2^64-1 + count 2 wraps around
		printf '/dev/b c 644 0 0 1 0 18446744073709551615 1 2\n'
		printf '%s\n' "$OK2"
	} >t
	apply_rejected t
	assert_stderr_contains "devtool: t:2: range minor"
	assert_stderr_contains "devtool: t:3: range start"
}

# ------------------------------------------------------------- modes

@test "hostile: out-of-range and malformed modes (7777777, 0999, -1, 10000, 0x1ff), all reported" {
	{
		printf '%s\n' "$OK1"
		printf '/dev/a c 7777777 0 0 1 3\n'
		printf '/dev/b c 0999 0 0 1 3\n'
		printf '/dev/c c -1 0 0 1 3\n'
		printf '/dev/d c 10000 0 0 1 3\n'
		printf '/dev/e c 0x1ff 0 0 1 3\n'
		printf '/dev/f c 037777777777777777777777 0 0 1 3\n'
		printf '%s\n' "$OK2"
	} >t
	apply_rejected t
	assert_stderr_contains "devtool: t:2: bad mode '7777777'"
	assert_stderr_contains "devtool: t:3: bad mode '0999'"
	# buildroot's -1 keeps the mode of what exists: a new node has none
	assert_stderr_contains "devtool: t:4: mode -1 (keep the mode) is only for d, f, F and r: a new character device needs a mode"
	assert_stderr_contains "devtool: t:5: bad mode '10000'"
	assert_stderr_contains "devtool: t:6: bad mode '0x1ff'"
	assert_stderr_contains "devtool: t:7: bad mode"
	[[ $(count_line_errors) -eq 6 ]]
}

@test "hostile: out-of-range modes in a tmpfiles table" {
	{
		printf 'c /dev/ok1 0644 - - - 1:3\n'
		printf 'c /dev/a 7777777 - - - 1:3\n'
		printf 'c /dev/b 0999 - - - 1:3\n'
		printf 'c /dev/c -1 - - - 1:3\n'
	} >t
	apply_rejected t
	assert_stderr_contains "devtool: t:2: bad mode '7777777'"
	assert_stderr_contains "devtool: t:3: bad mode '0999'"
	assert_stderr_contains "devtool: t:4: bad mode '-1'"
}

# ------------------------------------------------------------- paths

@test "hostile: '..' paths (/dev/../../etc/x) are refused, nothing is made outside the root" {
	{
		printf '%s\n' "$OK1"
		printf '/dev/../../etc/x c 644 0 0 1 3\n'
		printf '/.. c 644 0 0 1 3\n'
		printf '/dev/.. d 755 0 0\n'
		printf '/dev/./x c 644 0 0 1 3\n'
		printf '%s\n' "$OK2"
	} >t
	apply_rejected t
	assert_stderr_contains "devtool: t:2: path '/dev/../../etc/x' has a '..' component"
	assert_stderr_contains "devtool: t:3: "
	assert_stderr_contains "devtool: t:4: "
	assert_stderr_contains "devtool: t:5: path '/dev/./x' has a '.' component"
	[[ $(count_line_errors) -eq 4 ]]
	[[ ! -e $BATS_TEST_TMPDIR/etc && ! -e /etc/x ]]
}

@test "hostile: relative paths (../x, dev/x, x, ./x) are refused" {
	{
		printf '%s\n' "$OK1"
		printf '../x c 644 0 0 1 3\n'
		printf 'dev/x c 644 0 0 1 3\n'
		printf 'x c 644 0 0 1 3\n'
		printf './x c 644 0 0 1 3\n'
		printf '%s\n' "$OK2"
	} >t
	apply_rejected t
	assert_stderr_contains "devtool: t:2: path '../x' must be absolute (start with /)"
	assert_stderr_contains "devtool: t:3: path 'dev/x' must be absolute (start with /)"
	assert_stderr_contains "devtool: t:4: path 'x' must be absolute (start with /)"
	assert_stderr_contains "devtool: t:5: path './x' must be absolute (start with /)"
	[[ $(count_line_errors) -eq 4 ]]
	[[ ! -e $BATS_TEST_TMPDIR/x ]]
}

@test "hostile: a relative path as the very first line is an error at line 1" {
	printf '../x p 644 0 0\n%s\n' "$OK1" >t
	apply_rejected t
	assert_stderr_contains "devtool: t:1: path '../x' must be absolute (start with /)"
	# with a pseudo type it is a pseudo line (DEVICE TABLES, "Telling the
	# dialects apart"), whose name is from the top: '..' is refused
	printf '../x c 644 0 0 1 3\n' >t
	apply_rejected t
	assert_stderr_contains "devtool: t:1: path '/../x' has a '..' component"
}

@test "hostile: '..' and relative paths in a tmpfiles table, also quoted and escaped" {
	{
		printf 'c /dev/ok1 0644 - - - 1:3\n'
		printf 'c /dev/../../etc/x 0644 - - - 1:3\n'
		printf 'c "/dev/../x" 0644 - - - 1:3\n'
		printf 'c /dev/\\x2e\\x2e/x 0644 - - - 1:3\n'
		printf 'c dev/x 0644 - - - 1:3\n'
		printf 'c ../x 0644 - - - 1:3\n'
	} >t
	apply_rejected t
	assert_stderr_contains "devtool: t:2: "
	assert_stderr_contains "devtool: t:3: "
	assert_stderr_contains "devtool: t:4: "
	assert_stderr_contains "devtool: t:5: "
	assert_stderr_contains "devtool: t:6: "
	[[ $(count_line_errors) -eq 5 ]]
}

@test "hostile: a 5,000-character name is refused (NAME_MAX 255)" {
	local name
	name=$(printf 'n%.0s' {1..5000})
	sandwich t "/dev/$name c 644 0 0 1 3"
	apply_rejected t
	assert_stderr_contains "devtool: t:2: name '"
	assert_stderr_contains "is too long (5000 bytes, at most 255)"
	# the message quotes a bounded prefix, not all 5,000 bytes
	[[ ${#stderr} -lt 1000 ]] || fail "message is ${#stderr} bytes long"
}

@test "hostile: a 5,000-character path is refused (PATH_MAX)" {
	local path
	path=$(printf '/abcdefghi%.0s' {1..500})
	[[ ${#path} -eq 5000 ]]
	sandwich t "$path c 644 0 0 1 3"
	apply_rejected t
	assert_stderr_contains "devtool: t:2: path '/abcdefghi/abcdefghi"
	assert_stderr_contains "is too long"
	[[ ${#stderr} -lt 1000 ]] || fail "message is ${#stderr} bytes long"
}

@test "hostile: 5,000-character names and paths in a tmpfiles table" {
	local name path
	name=$(printf 'n%.0s' {1..5000})
	path=$(printf '/abcdefghi%.0s' {1..500})
	{
		printf 'c /dev/ok1 0644 - - - 1:3\n'
		printf 'c /dev/%s 0644 - - - 1:3\n' "$name"
		printf 'c %s 0644 - - - 1:3\n' "$path"
	} >t
	apply_rejected t
	assert_stderr_contains "devtool: t:2: name '"
	assert_stderr_contains "devtool: t:3: path '"
}

@test "hostile: a range that pushes a name past NAME_MAX is refused" {
	local name
	name=$(printf 'n%.0s' {1..250})
	sandwich t "/dev/$name c 644 0 0 1 0 999990 1 100"
	apply_rejected t
	assert_stderr_contains "devtool: t:2: range name"
}

# ------------------------------------------------------------- owners

@test "hostile: unknown users and groups (makedevs), and the reserved id 4294967295" {
	local u g
	u=$(no_such_name user)
	g=$(no_such_name group)
	{
		printf '%s\n' "$OK1"
		printf '/dev/a c 644 %s 0 1 3\n' "$u"
		printf '/dev/b c 644 0 %s 1 3\n' "$g"
		printf '/dev/c c 644 4294967295 0 1 3\n'
		printf '/dev/d c 644 0 4294967296 1 3\n'
		printf '/dev/e c 644 -1 0 1 3\n'
		printf '%s\n' "$OK2"
	} >t
	apply_rejected t
	assert_stderr_contains "devtool: t:2: unknown user '$u'"
	assert_stderr_contains "devtool: t:3: unknown group '$g'"
	assert_stderr_contains "devtool: t:4: user '4294967295'"
	assert_stderr_contains "devtool: t:5: group '4294967296'"
	assert_stderr_contains "devtool: t:6: "
	[[ $(count_line_errors) -eq 5 ]]
}

@test "hostile: unknown users and groups (tmpfiles)" {
	local u g
	u=$(no_such_name user)
	g=$(no_such_name group)
	{
		printf 'c /dev/ok1 0644 - - - 1:3\n'
		printf 'c /dev/a 0644 %s - - 1:3\n' "$u"
		printf 'c /dev/b 0644 - %s - 1:3\n' "$g"
	} >t
	apply_rejected t
	assert_stderr_contains "devtool: t:2: unknown user '$u'"
	assert_stderr_contains "devtool: t:3: unknown group '$g'"
}

# ------------------------------------------------------------- fields

@test "hostile: extra fields (11 makedevs fields, 8 tmpfiles fields)" {
	sandwich m '/dev/x c 644 0 0 1 3 0 0 1 extra'
	printf 'c /dev/ok1 0644 - - - 1:3\nc /dev/x 0644 - - - 1:3 extra\n' >tf
	apply_rejected m tf
	assert_stderr_contains "devtool: m:2: too many fields (11, at most 10)"
	assert_stderr_contains "devtool: tf:2: too many fields (8, at most 7)"
	[[ $(count_line_errors) -eq 2 ]]
}

@test "hostile: a major of 4096 and a minor of 1048576 (makedevs and tmpfiles)" {
	{
		printf '%s\n' "$OK1"
		printf '/dev/a c 644 0 0 4096 0\n'
		printf '/dev/b c 644 0 0 1 1048576\n'
		printf '/dev/c b 644 0 0 0x1000 0\n'
		printf '/dev/d b 644 0 0 0 0x100000\n'
		printf '/dev/e c 644 0 0 18446744073709551616 0\n'
		printf '%s\n' "$OK2"
	} >m
	{
		printf 'c /dev/ok3 0644 - - - 1:3\n'
		printf 'c /dev/f 0644 - - - 4096:0\n'
		printf 'b /dev/g 0644 - - - 0:1048576\n'
	} >tf
	apply_rejected m tf
	assert_stderr_contains "devtool: m:2: major '4096' is out of range (0-4095)"
	assert_stderr_contains "devtool: m:3: minor '1048576' is out of range (0-1048575)"
	# makedevs numbers are decimal: busybox's and buildroot's %u reads 0x... as 0
	assert_stderr_contains "devtool: m:4: bad major '0x1000': makedevs numbers are decimal (busybox and buildroot read it as 0)"
	assert_stderr_contains "devtool: m:5: bad minor '0x100000': makedevs numbers are decimal"
	assert_stderr_contains "devtool: m:6: "
	assert_stderr_contains "devtool: tf:2: major '4096' is out of range"
	assert_stderr_contains "devtool: tf:3: minor '1048576' is out of range"
	[[ $(count_line_errors) -eq 7 ]]
}

@test "hostile: an empty or missing type" {
	{
		printf '%s\n' "$OK1"
		printf '/dev/a\n'
		printf '/dev/b - 644 0 0 1 3\n'
		printf '/dev/c "" 644 0 0 1 3\n'
		printf '/dev/d cc 644 0 0 1 3\n'
		printf '%s\n' "$OK2"
	} >m
	{
		printf 'c /dev/ok3 0644 - - - 1:3\n'
		printf '"" /dev/e 0644 - - - 1:3\n'
		printf "'' /dev/f 0644 - - - 1:3\n"
		printf 'c\n'
	} >tf
	apply_rejected m tf
	assert_stderr_contains "devtool: m:2: missing type"
	assert_stderr_contains "devtool: m:3: type '-' is not one of c b p d f"
	assert_stderr_contains "devtool: m:4: type"
	assert_stderr_contains "devtool: m:5: type 'cc'"
	assert_stderr_contains "devtool: tf:2: type '' is not one of c b p d f"
	assert_stderr_contains "devtool: tf:3: type '' is not one of c b p d f"
	assert_stderr_contains "devtool: tf:4: "
	[[ $(count_line_errors) -eq 7 ]]
}

# ------------------------------------------------------------- garbage

@test "hostile: 4 KiB of binary garbage from /dev/urandom" {
	head -c 4096 /dev/urandom >garbage
	run --separate-stderr devtool apply --root "$R" garbage
	# keep the input of a failing run for a post-mortem
	[[ $status -eq 2 ]] || cp garbage "$BATS_RUN_TMPDIR/garbage.$BATS_TEST_NUMBER" || true
	apply_rejected garbage
	[[ $stderr =~ devtool:\ garbage:[0-9]+:\  ]] ||
		fail "no garbage:LINE: message"$'\n'"stderr: $stderr"
}

@test "hostile: binary garbage after valid lines" {
	{ printf '%s\n%s\n' "$OK1" "$OK2"; head -c 4096 /dev/urandom; } >garbage
	apply_rejected garbage
	[[ $stderr =~ devtool:\ garbage:([3-9]|[1-9][0-9]+):\  ]] ||
		fail "no garbage:LINE: message past the valid lines"$'\n'"stderr: $stderr"
}

@test "hostile: a fixed binary garbage fixture (reproducible), every line reported" {
	local f
	f=$(fixture garbage.bin)
	[[ -f $f ]] || fail "missing fixture $f"
	apply_rejected "$f"
	[[ $stderr =~ devtool:\ $f:1:\  ]] || fail "line 1 not reported"$'\n'"stderr: $stderr"
	# every line of the file that is not blank is reported
	local lines
	lines=$(LC_ALL=C grep -avc '^[[:space:]]*$' "$f")
	[[ $(count_line_errors) -eq $lines ]] ||
		fail "$(count_line_errors) errors for $lines non-blank lines"$'\n'"stderr: $stderr"
}

# ------------------------------------------------------------- long lines

@test "hostile: a line of 100,000 characters is refused, later lines keep their numbers" {
	{
		printf '%s\n' "$OK1"
		printf '/dev/'
		head -c 100000 /dev/zero | tr '\0' x
		printf ' c 644 0 0 1 3\n'
		printf '%s\n' "$OK2"
		printf '/dev/bad c 644 0 0 1\n'
	} >t
	apply_rejected t
	assert_stderr_contains "devtool: t:2: line too long"
	assert_stderr_contains "devtool: t:4: "
	[[ $(count_line_errors) -eq 2 ]]
}

@test "hostile: a line of 100,000 spaces" {
	{
		printf '%s\n' "$OK1"
		head -c 100000 /dev/zero | tr '\0' ' '
		printf '\n'
		printf '%s\n' "$OK2"
	} >t
	apply_rejected t
	assert_stderr_contains "devtool: t:2: line too long"
}

@test "hostile: a last line of 100,000 characters without a newline is refused too" {
	# An over-long last line without a newline is a line too long, not
	# an end of file that would let the table pass as valid.
	{
		printf '%s\n' "$OK1"
		printf '/dev/'
		head -c 100000 /dev/zero | tr '\0' x
	} >t
	apply_rejected t
	assert_stderr_contains "devtool: t:2: line too long"
}

@test "hostile: a table of one 100,000-character line without a newline" {
	{ printf '/dev/'; head -c 100000 /dev/zero | tr '\0' x; } >t
	apply_rejected t
	assert_stderr_contains "devtool: t:1: line too long"
}

# ------------------------------------------------------------- CRLF

@test "hostile: CRLF line endings are accepted (CR is white space), names carry no CR" {
	printf '/dev/x c 640 0 0 1 3\r\n/dev/sub d 750 0 0\r\n/dev/sub/y b 600 0 0 7 1\r\n/dev/r c 644 0 0 1 0 0 1 3\r\n' >m
	printf 'c /dev/t 0600 - - - 1:5\r\np /dev/f 0620 - - -\r\n' >tf
	run --separate-stderr devtool apply --root "$R" m tf
	assert_status 0
	assert_stdout_empty
	[[ $(stat -c '%F %Hr %Lr %a' "$R/dev/x") == "character special file 1 3 640" ]]
	[[ $(stat -c '%F %a' "$R/dev/sub") == "directory 750" ]]
	[[ $(stat -c '%F %Hr %Lr %a' "$R/dev/sub/y") == "block special file 7 1 600" ]]
	[[ $(stat -c '%F %Hr %Lr' "$R/dev/r0") == "character special file 1 0" ]]
	[[ $(stat -c '%F %Hr %Lr' "$R/dev/r2") == "character special file 1 2" ]]
	[[ $(stat -c '%F %Hr %Lr %a' "$R/dev/t") == "character special file 1 5 600" ]]
	[[ $(stat -c '%F %a' "$R/dev/f") == "fifo 620" ]]
	# no name with a carriage return anywhere
	[[ -z $(find "$R" -name $'*\r*') ]] || fail "a name carries a CR: $(find "$R" | cat -A)"
	[[ $(cd "$R" && find . | LC_ALL=C sort | tr '\n' ' ') == ". ./dev ./dev/f ./dev/r0 ./dev/r1 ./dev/r2 ./dev/sub ./dev/sub/y ./dev/t ./dev/x " ]]
}

@test "hostile: a CRLF table with a bad line still names the right line, creates nothing" {
	printf '/dev/x c 640 0 0 1 3\r\n/dev/y c 640 0 0 1\r\n/dev/z c 640 0 0 1 5\r\n' >t
	apply_rejected t
	assert_stderr_contains "devtool: t:2: c needs MAJOR and MINOR"
	[[ $(count_line_errors) -eq 1 ]]
}

# ------------------------------------------------------------- dialects

@test "hostile: one makedevs table and one tmpfiles table in one run are fine" {
	printf '%s\n' "$OK1" >m
	printf 'c /dev/t 0600 - - - 1:5\n' >tf
	run --separate-stderr devtool apply --root "$R" m tf
	assert_status 0
	[[ $(stat -c '%F %Hr %Lr %a' "$R/dev/ok1") == "character special file 1 3 644" ]]
	[[ $(stat -c '%F %Hr %Lr %a' "$R/dev/t") == "character special file 1 5 600" ]]
}

@test "hostile: a tmpfiles line after makedevs lines in one file is an error" {
	{
		printf '%s\n' "$OK1"
		printf '# a comment, then the other dialect\n'
		printf 'c /dev/t 0600 - - - 1:5\n'
		printf '%s\n' "$OK2"
	} >t
	apply_rejected t
	assert_stderr_contains "devtool: t:3: "
	[[ $(count_line_errors) -eq 1 ]]
}

@test "hostile: a makedevs line after tmpfiles lines in one file is an error" {
	{
		printf 'c /dev/t 0600 - - - 1:5\n'
		printf '\n'
		printf '%s\n' "$OK1"
		printf 'p /dev/f 0600 - - -\n'
	} >t
	apply_rejected t
	assert_stderr_contains "devtool: t:3: "
	[[ $(count_line_errors) -eq 1 ]]
}

# ------------------------------------------------------------- reporting

@test "hostile: several bad lines in two files: every one reported, in order" {
	{
		printf '%s\n' "$OK1"                      # 1
		printf '/dev/a c 7777777 0 0 1 3\n'       # 2 bad mode
		printf '# comment\n'                      # 3
		printf '/dev/../b c 644 0 0 1 3\n'        # 4 ..
		printf '/dev/c c 644 0 0 4096 0\n'        # 5 major
		printf '\n'                               # 6
		printf '%s\n' "$OK2"                      # 7
		printf '/dev/d c 644 0 0 1 0 0 1 99999999\n' # 8 count
	} >one.tab
	{
		printf 'c /dev/e 0644 - - - 1:1048576\n' # 1 minor
		printf 'c /dev/ok3 0644 - - - 1:3\n'     # 2
		printf 'c /dev/f\0 0644 - - - 1:3\n'     # 3 NUL
		printf 'y /dev/g 0644 - - - 1:3\n'       # 4 type
		printf 'c /dev/h 0644 - - - 1:3 extra\n' # 5 fields
	} >two.tab
	apply_rejected one.tab two.tab
	local want=(one.tab:2 one.tab:4 one.tab:5 one.tab:8 two.tab:1 two.tab:3 two.tab:4 two.tab:5)
	local got
	got=$(printf '%s\n' "$stderr" | sed -nE 's/^devtool: ([^ ]+:[0-9]+): .*/\1/p' | tr '\n' ' ')
	[[ $got == "${want[*]} " ]] ||
		fail "reported: $got"$'\n'"expected: ${want[*]}"$'\n'"stderr: $stderr"
	assert_stderr_contains "devtool: 8 errors in the tables; nothing was created"
}

@test "hostile: a hostile table on stdin is named <stdin>:LINE, alongside a file" {
	printf '%s\n' "$OK1" >good
	sandwich bad '/dev/../../etc/x c 644 0 0 1 3'
	run --separate-stderr devtool apply --root "$R" good - <bad
	assert_status 2
	assert_stdout_empty
	assert_stderr_contains "devtool: <stdin>:2: path '/dev/../../etc/x' has a '..' component"
	assert_root_empty
}

@test "hostile: a missing --root is refused before the table is read, and is not created" {
	sandwich t '/dev/x c 7777777 0 0 1 3'
	run --separate-stderr devtool apply --root "$BATS_TEST_TMPDIR/new/root" t
	assert_status 1
	assert_equal "$stderr" "devtool: --root $BATS_TEST_TMPDIR/new/root: No such file or directory"
	[[ ! -e $BATS_TEST_TMPDIR/new ]] || fail "--root was created: $(find "$BATS_TEST_TMPDIR/new")"
}

@test "hostile: 10,000 bad lines are all reported, and nothing is created" {
	{
		printf '%s\n' "$OK1"
		seq 0 9999 | sed 's|.*|/dev/x& c 644 0 0 1|'
		printf '%s\n' "$OK2"
	} >t
	apply_rejected t
	[[ $(count_line_errors) -eq 10000 ]]
	assert_stderr_contains "devtool: t:2: "
	assert_stderr_contains "devtool: t:10001: "
	assert_stderr_contains "devtool: 10000 errors in the table; nothing was created"
}
