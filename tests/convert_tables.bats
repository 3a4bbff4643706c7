#!/usr/bin/env bats
# list --table: device tables converted from one dialect to another
# (devtool(1), list, and DEVICE TABLES "Converting tables").

load test_helper

setup() {
	helper_setup
	printf '%s\n' \
		'# a buildroot table' \
		'/dev	d	755	0	0	-	-	-	-	-' \
		'/dev/shm	d	1777	0	0	-	-	-	-	-' \
		'/dev/snd	d	755	0	audio	-	-	-	-	-' \
		'/dev/ttyS	c	666	0	dialout	4	64	0	1	4' \
		'/bin/ping	f	4755	0	0	-	-	-	-	-' \
		'|xattr cap_net_raw+ep' >br.txt
	mkdir -p users/etc
	printf 'root:x:0:0::/root:/bin/sh\n' >users/etc/passwd
	printf 'root:x:0:\naudio:x:63:\ndialout:x:20:\n' >users/etc/group
}

@test "list --table -o makedevs keeps a buildroot table's ranges, group names, directories and |xattr lines" {
	run --separate-stderr devtool list --table br.txt
	assert_success
	assert_stderr_empty
	assert_output "$(printf '%s\n' \
		'/dev	d	0755	0	0	-	-	-	-	-' \
		'/dev/shm	d	1777	0	0	-	-	-	-	-' \
		'/dev/snd	d	0755	0	audio	-	-	-	-	-' \
		'/dev/ttyS	c	0666	0	dialout	4	64	0	1	4' \
		'/bin/ping	f	4755	0	0	-	-	-	-	-' \
		'|xattr cap_net_raw+ep')"
}

@test "list --table -o tmpfiles names what tmpfiles cannot hold by file:line, writes nothing and exits 2" {
	run --separate-stderr devtool list --table br.txt -o tmpfiles
	assert_failure 2
	assert_output ''
	assert_equal "$stderr" "devtool: br.txt:6: /bin/ping: '/bin/ping' has file capabilities, which are not written into tables
devtool: 1 entry that a tmpfiles table cannot hold as it says; nothing was written (--lossy writes what it can)"
}

@test "list --table --lossy -o tmpfiles writes the range node by node, keeps names, and warns of each loss" {
	run --separate-stderr devtool list --table --lossy br.txt -o tmpfiles
	assert_success
	assert_equal "$stderr" "devtool: warning: br.txt:6: /bin/ping: '/bin/ping' has file capabilities, which are not written into tables"
	assert_output "$(printf '%s\n' \
		'd	/dev	0755	0	0	-	-' \
		'd	/dev/shm	1777	0	0	-	-' \
		'd	/dev/snd	0755	0	audio	-	-' \
		'c	/dev/ttyS0	0666	0	dialout	-	4:64' \
		'c	/dev/ttyS1	0666	0	dialout	-	4:65' \
		'c	/dev/ttyS2	0666	0	dialout	-	4:66' \
		'c	/dev/ttyS3	0666	0	dialout	-	4:67')"
}

@test "list --table -o gen_init_cpio refuses group names once per line; --users-from resolves them" {
	sed -i '/ping\|xattr/d' br.txt
	run --separate-stderr devtool list --table br.txt -o gen_init_cpio
	assert_failure 2
	assert_output ''
	assert_equal "$stderr" "devtool: br.txt:4: /dev/snd: the group name 'audio', which a gen_init_cpio table cannot hold (--users-from DIR resolves names)
devtool: br.txt:5: /dev/ttyS: the group name 'dialout', which a gen_init_cpio table cannot hold (--users-from DIR resolves names)
devtool: 2 entries that a gen_init_cpio table cannot hold as they say; nothing was written (--lossy writes what it can)"

	run --separate-stderr devtool list --table --users-from users br.txt -o gen_init_cpio
	assert_success
	assert_stderr_empty
	assert_output "$(printf '%s\n' 'dir /dev 0755 0 0' 'dir /dev/shm 1777 0 0' \
		'dir /dev/snd 0755 0 63' 'nod /dev/ttyS0 0666 0 20 c 4 64' \
		'nod /dev/ttyS1 0666 0 20 c 4 65' 'nod /dev/ttyS2 0666 0 20 c 4 66' \
		'nod /dev/ttyS3 0666 0 20 c 4 67')"
}

@test "list --table -o oci names each directory it cannot hold; --lossy leaves them out" {
	printf '/dev d 755 0 0\n/dev/null c 600 0 0 1 3\n' >t.txt
	run --separate-stderr devtool list --table t.txt -o oci
	assert_failure 2
	assert_output ''
	assert_stderr_contains "t.txt:1: /dev: a directory, which an oci table cannot hold"

	run --separate-stderr devtool list --table --lossy t.txt -o oci
	assert_success
	assert_output '[
{"path":"/dev/null","type":"c","major":1,"minor":3,"fileMode":384,"uid":0,"gid":0}
]'
}

@test "list --table - reads a tmpfiles table from standard input and keeps its '-' fields, L lines and modifiers" {
	run --separate-stderr devtool list --table - -o tmpfiles <<'TABLE'
c! /dev/x 0600 - - - 1:3
L+ /dev/fd - - - - /proc/self/fd
d /run/lock 1777 root lock
TABLE
	assert_success
	assert_stderr_empty
	assert_output "$(printf '%s\n' 'c!	/dev/x	0600	-	-	-	1:3' \
		'L+	/dev/fd	-	-	-	-	/proc/self/fd' \
		'd	/run/lock	1777	root	lock	-	-')"
}

# Two tables of two dialects joined on standard input (devtool(1),
# DEVICE TABLES, "Telling the dialects apart"): refused where the second
# begins.
tmpfiles_table() {
	printf '%s\n' '# a tmpfiles.d file' 'd /run/lock 1777 0 0 -' \
		'c /dev/console 0600 0 5 - 5:1' >t.conf
}

@test "list --table -: a buildroot table then a tmpfiles table on stdin is refused at the tmpfiles table's first line, naming both dialects, nothing written, exit 2" {
	tmpfiles_table
	run --separate-stderr bash -c 'cat br.txt t.conf | "$DEVTOOL" list --table -'
	assert_failure 2
	assert_output ''
	assert_equal "$stderr" "devtool: <stdin>:9: a tmpfiles line in a makedevs table (detected at line 2): two dialects mixed in one input; give each table as an operand of its own
devtool: 1 error in the table; nothing was written"
}

@test "list --table -: a tmpfiles table then a buildroot table on stdin is refused at the buildroot table's first line" {
	tmpfiles_table
	run --separate-stderr bash -c 'cat t.conf br.txt | "$DEVTOOL" list --table - -o tmpfiles'
	assert_failure 2
	assert_output ''
	assert_equal "$stderr" "devtool: <stdin>:5: a makedevs line in a tmpfiles table (detected at line 2): two dialects mixed in one input; give each table as an operand of its own
devtool: 1 error in the table; nothing was written"
}

@test "list --table -: a gen_init_cpio or mtree line after makedevs lines is refused as a second dialect too; a pseudo line is a makedevs line with a relative path" {
	printf '/dev d 755 0 0 - - - - -\nnod /dev/null 0666 0 0 c 1 3\n' >in
	run --separate-stderr devtool list --table - <in
	assert_failure 2
	assert_equal "$stderr" "devtool: <stdin>:2: a gen_init_cpio line in a makedevs table (detected at line 1): two dialects mixed in one input; give each table as an operand of its own
devtool: 1 error in the table; nothing was written"

	printf '/dev d 755 0 0 - - - - -\n./dev/null type=char mode=0666 device=linux,1,3\n' >in
	run --separate-stderr devtool list --table - <in
	assert_failure 2
	assert_equal "$stderr" "devtool: <stdin>:2: an mtree line in a makedevs table (detected at line 1): two dialects mixed in one input; give each table as an operand of its own
devtool: 1 error in the table; nothing was written"

	# A pseudo line has makedevs's shape: in a makedevs table, a relative
	# path is a mistake (as tests/tables.bats and tests/hostile.bats have
	# it), and the lines after it are read.
	printf '/dev d 755 0 0 - - - - -\ndev/null c 0666 0 0 1 3\ndev d 0755 0 0\n' >in
	run --separate-stderr devtool list --table - <in
	assert_failure 2
	assert_equal "$stderr" "devtool: <stdin>:2: path 'dev/null' must be absolute (start with /)
devtool: <stdin>:3: path 'dev' must be absolute (start with /)
devtool: 2 errors in the table; nothing was written"
}

@test "list --table FILE -: the same two tables as two operands are each read as their own dialect" {
	tmpfiles_table
	run --separate-stderr devtool list --table br.txt - <t.conf
	assert_success
	assert_stderr_empty
	assert_output "$(printf '%s\n' \
		'/dev	d	0755	0	0	-	-	-	-	-' \
		'/dev/shm	d	1777	0	0	-	-	-	-	-' \
		'/dev/snd	d	0755	0	audio	-	-	-	-	-' \
		'/dev/ttyS	c	0666	0	dialout	4	64	0	1	4' \
		'/bin/ping	f	4755	0	0	-	-	-	-	-' \
		'|xattr cap_net_raw+ep' \
		'/run/lock	d	1777	0	0	-	-	-	-	-' \
		'/dev/console	c	0600	0	5	5	1	-	-	-')"
}

@test "list --table: a bad line no other dialect reads stays its table's own error, and the lines after it are read" {
	printf '%s\n' '/dev/a c 600 0 0 1' 'c /dev/x bogus' '/dev/b c 600 0 0 1' >bad.txt
	run --separate-stderr devtool list --table bad.txt
	assert_failure 2
	assert_equal "$stderr" "devtool: bad.txt:1: c needs MAJOR and MINOR
devtool: bad.txt:2: path 'c' must be absolute (start with /)
devtool: bad.txt:3: c needs MAJOR and MINOR
devtool: 3 errors in the table; nothing was written"
}

@test "list --table -i makedevs: a tmpfiles line is an error of the dialect named, not a second dialect, and reading goes on" {
	tmpfiles_table
	run --separate-stderr bash -c 'cat br.txt t.conf | "$DEVTOOL" list --table -i makedevs -'
	assert_failure 2
	assert_equal "$stderr" "devtool: <stdin>:9: path 'd' must be absolute (start with /)
devtool: <stdin>:10: path 'c' must be absolute (start with /)
devtool: 2 errors in the table; nothing was written"
}

@test "list --table -o makedevs cannot hold a tmpfiles '-' owner of a node: named, exit 2" {
	run --separate-stderr devtool list --table - <<<'c /dev/x 0600 - - - 1:3'
	assert_failure 2
	assert_equal "$stderr" "devtool: <stdin>:1: /dev/x: a makedevs table cannot hold its '-' user (kept as it is)
devtool: 1 entry that a makedevs table cannot hold as it says; nothing was written (--lossy writes what it can)"
}

@test "list --table -i forces the dialect of every table" {
	printf 'dir /dev 755 0 0\n' >t.cpio
	run --separate-stderr devtool list --table -i gen_init_cpio t.cpio -o mtree
	assert_success
	assert_output "$(printf '%s\n' '#mtree' '. type=dir mode=0755 uid=0 gid=0' './dev type=dir mode=0755 uid=0 gid=0')"
}

@test "list: -i, --users-from, --lossy and --merge without --table are usage errors" {
	for opt in '-i makedevs' '--users-from users' --lossy '--merge last'; do
		# shellcheck disable=SC2086
		run --separate-stderr devtool list $opt
		assert_failure 2
		assert_stderr_contains "go with --table"
	done
}

@test "list --table with no FILE, or with --root, is a usage error" {
	run --separate-stderr devtool list --table
	assert_failure 2
	assert_stderr_contains "--table needs a FILE"
	run --separate-stderr devtool list --table --root . t
	assert_failure 2
	assert_stderr_contains "it takes no --archive, --root"
}

@test "list --table: a bad line is an error naming file:line, nothing is written, exit 2" {
	printf '/dev/x c 600 0 0 1\n' >bad.txt
	run --separate-stderr devtool list --table bad.txt
	assert_failure 2
	assert_output ''
	assert_stderr_contains "bad.txt:1: "
	assert_stderr_contains "1 error in the table; nothing was written"
}

# Two tables that disagree on /dev/ttyS1 (inside the first's range) and
# on /dev/null.
two_tables() {
	printf '%s\n' '/dev/ttyS	c	666	0	0	4	64	0	1	4' \
		'/dev/null	c	666	0	0	1	3	-	-	-' >a.txt
	printf '%s\n' '/dev/ttyS1	c	600	0	0	4	65	-	-	-' \
		'/dev/null	c	660	0	0	1	3	-	-	-' >b.txt
}

@test "list --table of two tables that conflict: each conflict names both file:line, nothing written, exit 2" {
	two_tables
	run --separate-stderr devtool list --table a.txt b.txt
	assert_failure 2
	assert_output ''
	assert_equal "$stderr" "devtool: b.txt:1: '/dev/ttyS1' is c 4:65, mode 0600, owner 0:0 here but c 4:65, mode 0666, owner 0:0 at a.txt:1
devtool: b.txt:2: '/dev/null' is c 1:3, mode 0660, owner 0:0 here but c 1:3, mode 0666, owner 0:0 at a.txt:2
devtool: 2 errors in the tables; nothing was written"
}

@test "list --table --merge=last: the later line wins, a range keeps its other nodes, each conflict is a warning naming both file:line" {
	two_tables
	run --separate-stderr devtool list --table --merge=last a.txt b.txt
	assert_success
	assert_equal "$stderr" "devtool: warning: b.txt:1: '/dev/ttyS1' is c 4:65, mode 0600, owner 0:0 here but c 4:65, mode 0666, owner 0:0 at a.txt:1; the later line wins (--merge=last)
devtool: warning: b.txt:2: '/dev/null' is c 1:3, mode 0660, owner 0:0 here but c 1:3, mode 0666, owner 0:0 at a.txt:2; the later line wins (--merge=last)"
	assert_output "$(printf '%s\n' \
		'/dev/ttyS0	c	0666	0	0	4	64	-	-	-' \
		'/dev/ttyS2	c	0666	0	0	4	66	-	-	-' \
		'/dev/ttyS3	c	0666	0	0	4	67	-	-	-' \
		'/dev/ttyS1	c	0600	0	0	4	65	-	-	-' \
		'/dev/null	c	0660	0	0	1	3	-	-	-')"
}

@test "list --table --merge=first: the earlier line wins, as systemd-tmpfiles, with a warning" {
	two_tables
	run --separate-stderr devtool list --table --merge=first a.txt - <b.txt
	assert_success
	assert_stderr_contains "<stdin>:2: '/dev/null' is c 1:3, mode 0660, owner 0:0 here but c 1:3, mode 0666, owner 0:0 at a.txt:2; the earlier line wins (--merge=first)"
	assert_output "$(printf '%s\n' \
		'/dev/ttyS	c	0666	0	0	4	64	0	1	4' \
		'/dev/null	c	0666	0	0	1	3	-	-	-')"
}

@test "apply --merge=last makes what the later line says; an unknown policy is a usage error" {
	two_tables
	run --separate-stderr devtool apply --archive out.cpio --merge=last a.txt b.txt
	assert_success
	run --separate-stderr devtool list --archive out.cpio
	assert_success
	assert_output "$(printf '%s\n' \
		'/dev/null	c	0660	0	0	1	3	-	-	-' \
		'/dev/ttyS0	c	0666	0	0	4	64	-	-	-' \
		'/dev/ttyS1	c	0600	0	0	4	65	-	-	-' \
		'/dev/ttyS2	c	0666	0	0	4	66	-	-	-' \
		'/dev/ttyS3	c	0666	0	0	4	67	-	-	-')"

	run --separate-stderr devtool apply --archive out.cpio --merge=later a.txt
	assert_failure 2
	assert_stderr_contains "unknown --merge 'later'; valid: error, last, first"
}

# bench/peak_rss (built by make check): a command's peak resident set size
# in KiB, on standard error.
PEAK_RSS=${PEAK_RSS:-$BATS_TEST_DIRNAME/../bench/peak_rss}

# peak_rss ARGS...: devtool's peak RSS in KiB; its output is counted in lines
# into $BATS_TEST_TMPDIR/lines.
peak_rss() {
	[[ -x $PEAK_RSS ]] || fail "$PEAK_RSS is missing: make check builds it"
	# A sanitizer build (make check-asan) keeps freed memory in quarantine,
	# which would count as the program's own.
	ASAN_OPTIONS=${ASAN_OPTIONS:+$ASAN_OPTIONS:}quarantine_size_mb=0 \
		"$PEAK_RSS" "$DEVTOOL" "$@" 2>rss.err | wc -l >lines ||
		fail "devtool $* failed: $(cat rss.err)"
	tail -n 1 rss.err
}

@test "list --table streams the nodes of ranges a dialect cannot hold: 8 ranges of 65,536 nodes take no more memory than 1" {
	# devtool(1), DEVICE TABLES, "Converting tables": a range's nodes are
	# made and written one at a time, so memory follows the table's lines.
	local i one eight mode
	for i in 0 1 2 3 4 5 6 7; do
		printf '/dev/r%d c 600 0 0 %d 0 0 1 65536\n' "$i" $((10 + i))
	done >eight.txt
	head -n 1 eight.txt >one.txt
	for mode in '' --lossy; do
		one=$(peak_rss list --table $mode -o tmpfiles one.txt)
		assert_equal "$(cat lines)" 65536
		eight=$(peak_rss list --table $mode -o tmpfiles eight.txt)
		assert_equal "$(cat lines)" 524288
		(( eight * 2 < one * 3 )) ||
			fail "list --table $mode: 8 ranges $eight KiB, 1 range $one KiB: over 1.5 times"
	done
}
