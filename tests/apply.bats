#!/usr/bin/env bats
# devtool apply: "devtool apply" and DEVICE TABLES in devtool(1) (and the mknod
# rules of "devtool mknod" in devtool(1) it shares).  Every created node is
# checked with stat(1) on what the kernel made.  Needs CAP_MKNOD for most
# tests: run as root.

load test_helper

# ---------------------------------------------------------------- helpers

# Asserts node PATH is exactly WANT (a node() line); says both on failure.
assert_node() {
	local got
	got=$(node "$1" 2>&1) || { fail "$1: missing ($got)"; return 1; }
	[[ $got == "$2" ]] ||
		fail "$1: expected '$2'"$'\n'"       actual   '$got'"
}
assert_missing() {
	[[ ! -e $1 && ! -L $1 ]] || fail "$1 exists but must not: $(ls -ld -- "$1")"
}
# Nothing was made in the root R (setup's empty directory).
assert_nothing_made() {
	[[ -z $(ls -A R) ]] || fail "something was made in R: $(ls -A R)"
}
# inode and ctime (nanoseconds) of every file under DIR, sorted by name.
snapshot() {
	(cd "$1" && find . -exec stat -c '%n %i %z %f %u %g %t:%T' {} + |
		LC_ALL=C sort)
}
# A table from the arguments, one line each.
table() { local f=$1; shift; printf '%s\n' "$@" >"$f"; }

fixture() { echo "$BATS_TEST_DIRNAME/fixtures/tables/$1"; }

# Each test works in a directory of its own ("work") holding R, an empty
# directory to apply into: a --root must exist (devtool(1), apply --root).
setup() { setup_workdir; mkdir R; }
# A directory made for uid 65534 (nobody_top) is outside it.
teardown() { if [[ -n ${NOBODY_TOP:-} ]]; then nobody_done; fi; }

# ------------------------------------------------------- makedevs dialect

@test "apply: makedevs c b p d entries are created exactly (stat)" {
	needs_mknod
	table t \
		'/dev d 755 0 0 - - - - -' \
		'/dev/null c 666 0 0 1 3 - - -' \
		'/dev/sda b 660 0 6 8 0 - - -' \
		'/dev/fifo p 620 1 1 - - - - -' \
		'/dev/big c 600 0 0 300 70000 - - -'
	run --separate-stderr devtool apply --root R t
	assert_status 0
	assert_stdout_empty
	[[ -z $stderr ]] || fail "stderr not empty without -v: $stderr"
	assert_node R/dev "directory 0 0 755 0 0"
	assert_node R/dev/null "character special file 1 3 666 0 0"
	assert_node R/dev/sda "block special file 8 0 660 0 6"
	assert_node R/dev/fifo "fifo 0 0 620 1 1"
	assert_node R/dev/big "character special file 300 70000 600 0 0"
}

@test "apply: a real-world makedevs table: tabs, spaces, '-', short lines, trailing slashes, comments, names, ranges" {
	needs_mknod
	run --separate-stderr devtool apply -v --root R "$(fixture makedevs-oddities.txt)"
	assert_status 0
	assert_summary "33 created, 0 replaced, 0 corrected, 0 unchanged, 0 failed"
	assert_node R/dev "directory 0 0 755 0 0"
	assert_node R/etc "directory 0 0 755 0 0"           # short line: /etc d 755
	assert_node R/dev/pts "directory 0 0 755 0 0"       # trailing slash
	assert_node R/dev/shm "directory 0 0 1777 0 0"      # trailing slash, sticky
	assert_node R/dev/null "character special file 1 3 666 0 0"
	assert_node R/dev/zero "character special file 1 5 666 0 0"  # trailing comment
	assert_node R/dev/console "character special file 5 1 600 0 5"  # leading tab, group name
	assert_node R/dev/tty "character special file 5 0 666 0 5"
	assert_node R/dev/mem "character special file 1 1 640 0 15"
	assert_node R/dev/initctl "fifo 0 0 600 0 0"
	assert_node R/dev/daemon-fifo "fifo 0 0 620 1 1"     # user and group 'daemon'
	assert_node R/dev/nobody "character special file 10 200 660 65534 65534"
	assert_node R/dev/input "directory 0 0 755 0 0"     # missing parent, 0755
	assert_node R/dev/input/mice "character special file 13 63 640 0 0"
	assert_node R/dev/setuid "character special file 1 7 4755 0 0"
	# range: hda1..hda15 with minors 1..15, ttyS0..ttyS3 with 64..67
	local i
	for i in $(seq 1 15); do
		assert_node "R/dev/hda$i" "block special file 3 $i 640 0 0"
	done
	assert_missing R/dev/hda
	assert_missing R/dev/hda0
	assert_missing R/dev/hda16
	for i in 0 1 2 3; do
		assert_node "R/dev/ttyS$i" "character special file 4 $((64 + i)) 660 0 20"
	done
	assert_missing R/dev/ttyS
	assert_missing R/dev/ttyS4
	# nothing else: the comments made nothing
	# R, 33 entries, and the parent /dev/input
	[[ $(find R | wc -l) -eq 35 ]] || fail "unexpected files: $(find R)"
}

@test "apply: range '/dev/hda b 640 0 0 3 1 1 1 15' makes hda1..hda15, minors 1..15" {
	needs_mknod
	table t '/dev/hda b 640 0 0 3 1 1 1 15'
	run --separate-stderr devtool apply --root R t
	assert_status 0
	local i got
	for i in $(seq 1 15); do
		assert_node "R/dev/hda$i" "block special file 3 $i 640 0 0"
	done
	got=$(cd R/dev && ls | LC_ALL=C sort | tr '\n' ' ')
	[[ $got == "hda1 hda10 hda11 hda12 hda13 hda14 hda15 hda2 hda3 hda4 hda5 hda6 hda7 hda8 hda9 " ]] ||
		fail "R/dev holds: $got"
}

# devtool(1): a count above 0 makes a range, as --count does: count 1 is
# a range of one node, PATH<start> (busybox would make the bare name);
# count 0 is one node with the bare name.
@test "apply: ranges with a start and an increment; count 1 and count 0" {
	needs_mknod
	table t \
		'/dev/ttyS c 660 0 0 4 64 0 2 3' \
		'/dev/one c 600 0 0 1 9 5 1 1' \
		'/dev/zero c 600 0 0 1 5 5 1 0'
	run --separate-stderr devtool apply --root R t
	assert_status 0
	assert_node R/dev/ttyS0 "character special file 4 64 660 0 0"
	assert_node R/dev/ttyS1 "character special file 4 66 660 0 0"
	assert_node R/dev/ttyS2 "character special file 4 68 660 0 0"
	assert_missing R/dev/ttyS3
	assert_node R/dev/one5 "character special file 1 9 600 0 0"
	assert_missing R/dev/one
	assert_node R/dev/zero "character special file 1 5 600 0 0"
	assert_missing R/dev/zero5
}

@test "apply: uid and gid may be names (nobody/nogroup, daemon) or numbers" {
	needs_mknod
	getent passwd nobody >/dev/null && getent group nogroup >/dev/null ||
		skip "no nobody/nogroup on this system"
	local nuid ngid duid dgid
	nuid=$(id -u nobody); ngid=$(getent group nogroup | cut -d: -f3)
	duid=$(id -u daemon); dgid=$(getent group daemon | cut -d: -f3)
	table t \
		'/dev/a c 600 nobody nogroup 1 3' \
		'/dev/b c 600 daemon daemon 1 3' \
		'/dev/c c 600 123 456 1 3'
	run --separate-stderr devtool apply --root R t
	assert_status 0
	assert_node R/dev/a "character special file 1 3 600 $nuid $ngid"
	assert_node R/dev/b "character special file 1 3 600 $duid $dgid"
	assert_node R/dev/c "character special file 1 3 600 123 456"
}

@test "apply: makedevs '-' mode defaults to 0755 and '-' numbers end a short p line" {
	needs_mknod
	table t \
		'/dev/d1 d - - -' \
		'/dev/p1 p - 0 0 - - - - -'
	run --separate-stderr devtool apply --root R t
	assert_status 0
	assert_node R/dev/d1 "directory 0 0 755 0 0"
	assert_node R/dev/p1 "fifo 0 0 755 0 0"
}

@test "apply: the mode is exact whatever the umask (0666 under umask 077)" {
	needs_mknod
	table t '/dev/null c 666 0 0 1 3' '/dev/sub/fifo p 666 0 0'
	umask 077
	run --separate-stderr devtool apply --root R t
	assert_status 0
	assert_node R/dev/null "character special file 1 3 666 0 0"
	assert_node R/dev/sub/fifo "fifo 0 0 666 0 0"
	assert_node R/dev/sub "directory 0 0 755 0 0"
}

# docs/DESIGN.md, "What a node costs": after a directory's first node,
# the others are found in the cached directory at once; what the first
# was asked (a default ACL, a set-gid bit) still decides how each is made.
@test "apply: every node in a directory with a default ACL has its exact mode, the first and each after it" {
	needs_mknod
	mkdir -p R/dev
	set_default_acl R/dev
	table t '/dev/a c 644 0 0 1 3' '/dev/b c 640 0 0 1 5' \
		'/dev/c p 606 0 0' '/dev/d b 666 0 0 8 0'
	run --separate-stderr devtool apply --root R t
	assert_status 0
	assert_node R/dev/a "character special file 1 3 644 0 0"
	assert_node R/dev/b "character special file 1 5 640 0 0"
	assert_node R/dev/c "fifo 0 0 606 0 0"
	assert_node R/dev/d "block special file 8 0 666 0 0"
	assert_no_temp R
}

@test "apply: every node in a set-gid directory of another group has the group asked, the first and each after it" {
	needs_mknod
	mkdir -p R/dev
	chgrp 5 R/dev
	chmod 2755 R/dev
	table t '/dev/a c 644 0 0 1 3' '/dev/b c 644 0 6 1 5' \
		'/dev/c c 644 0 0 1 7' '/dev/d c 644 0 5 1 8'
	run --separate-stderr devtool apply --root R t
	assert_status 0
	assert_node R/dev/a "character special file 1 3 644 0 0"
	assert_node R/dev/b "character special file 1 5 644 0 6"
	assert_node R/dev/c "character special file 1 7 644 0 0"
	assert_node R/dev/d "character special file 1 8 644 0 5"
	assert_no_temp R
}

# ------------------------------------------------------- tmpfiles dialect

@test "apply: a tmpfiles table: c b p d, quoted and escaped paths, %%, '-' fields" {
	needs_mknod
	run --separate-stderr devtool apply --root R "$(fixture tmpfiles-basic.conf)"
	assert_status 0
	assert_node R/dev/net "directory 0 0 750 0 1"
	assert_node R/dev/net/tun "character special file 10 200 666 0 0"
	assert_node R/dev/loop9 "block special file 7 9 660 0 6"
	assert_node R/run/initctl "fifo 0 0 600 0 0"
	assert_node "R/dev/with space" "character special file 1 3 640 1 65534"
	assert_node "R/dev/pct%x" "character special file 1 5 644 0 0"  # mode '-': 0644
	assert_node R/var/empty "directory 0 0 755 0 0"                # mode '-': 0755
	assert_node R/dev/esc-ape "character special file 1 9 600 0 0"
}

@test "apply: tmpfiles c+ replaces a node with other numbers, plain c does not" {
	needs_mknod
	mkdir -p R/dev
	mknod -m 0600 R/dev/plus c 1 5
	mknod -m 0600 R/dev/plain c 1 5
	table t \
		'c+ /dev/plus 0666 root root - 1:3' \
		'c /dev/plain 0666 root root - 1:3'
	run --separate-stderr devtool apply --root R t
	assert_status 1
	assert_node R/dev/plus "character special file 1 3 666 0 0"
	assert_node R/dev/plain "character special file 1 5 600 0 0"
	assert_stderr_contains "/dev/plain"
	[[ $stderr != *"/dev/plus:"* ]] || fail "c+ entry reported: $stderr"
}

@test "apply: tmpfiles '-' user and group leave an existing node's owner alone" {
	needs_mknod
	mkdir -p R/dev
	mknod -m 0640 R/dev/n c 1 3
	chown 1:1 R/dev/n
	table t 'c /dev/n 0640 - - - 1:3'
	run --separate-stderr devtool apply -v --root R t
	assert_status 0
	assert_summary "0 created, 0 replaced, 0 corrected, 1 unchanged, 0 failed"
	assert_node R/dev/n "character special file 1 3 640 1 1"
}

@test "apply: a makedevs table and a tmpfiles table in one run" {
	needs_mknod
	table a '/dev/m c 600 0 0 1 3'
	table b 'p /dev/t 0640 root root - -'
	run --separate-stderr devtool apply --root R a b
	assert_status 0
	assert_node R/dev/m "character special file 1 3 600 0 0"
	assert_node R/dev/t "fifo 0 0 640 0 0"
}

# ---------------------------------------------------------------- type f

@test "apply: f adjusts an existing file's mode and owner, content kept" {
	needs_mknod
	mkdir -p R/etc
	echo 'secret content' >R/etc/shadow
	chmod 0666 R/etc/shadow
	local ino
	ino=$(stat -c %i R/etc/shadow)
	table t '/etc/shadow f 640 0 42'
	run --separate-stderr devtool apply --root R t
	assert_status 0
	[[ $(stat -c '%F %a %u %g %i' R/etc/shadow) == "regular file 640 0 42 $ino" ]] ||
		fail "got $(stat -c '%F %a %u %g %i' R/etc/shadow)"
	[[ $(cat R/etc/shadow) == 'secret content' ]]
}

@test "apply: f on a missing file fails (exit 1), names it, and creates no file" {
	needs_mknod
	mkdir -p R/etc
	table t '/etc/motd f 640 daemon daemon' '/dev/null c 666 0 0 1 3'
	run --separate-stderr devtool apply --root R t
	assert_status 1
	assert_stderr_contains "/etc/motd"
	assert_missing R/etc/motd
	assert_node R/dev/null "character special file 1 3 666 0 0"  # the rest goes on
}

# Owner and mode a new file created by root would get by itself (0:0, no
# set-id bits): devtool's fast path must not mknod(S_IFREG) it into being.
@test "apply: f with owner 0:0 on a missing file fails too, and creates no file" {
	needs_mknod
	mkdir -p R/etc
	table t '/etc/motd f 644 0 0'
	run --separate-stderr devtool apply -v --root R t
	assert_status 1
	assert_stderr_contains "/etc/motd"
	assert_missing R/etc/motd
	assert_summary "0 created, 0 replaced, 0 corrected, 0 unchanged, 1 failed"
}

# ------------------------------------------- symbolic links and sockets

# link PATH: what is there, never followed: "symbolic link -> TARGET
# UID GID", or stat's word for anything else.
link() {
	local f
	f=$(stat -c '%F' -- "$1") || return 1
	if [[ $f == "symbolic link" ]]; then
		echo "$f -> $(readlink -- "$1") $(stat -c '%u %g' -- "$1")"
	else
		echo "$f"
	fi
}
assert_link() {
	local got
	got=$(link "$1" 2>&1) || { fail "$1: missing ($got)"; return 1; }
	[[ $got == "$2" ]] ||
		fail "$1: expected '$2'"$'\n'"       actual   '$got'"
}

@test "apply: tmpfiles L lines make the symbolic links of a /dev (readlink), -v names each target" {
	needs_mknod
	table t \
		'c /dev/pts/ptmx 0666 - - - 5:2' \
		'L /dev/fd - - - - /proc/self/fd' \
		'L /dev/stdin - - - - /proc/self/fd/0' \
		'L /dev/core - - - - /proc/kcore' \
		'L+ /dev/ptmx - - - - pts/ptmx' \
		'L /dev/odd 0600 root root - a "b" 100%% c\x20'
	run --separate-stderr devtool apply -v --root R t
	assert_status 0
	assert_output "created directory /dev (d, mode 0755)
created directory /dev/pts (d, mode 0755)
created /dev/pts/ptmx (c 5:2, mode 0666)
created /dev/fd (l -> /proc/self/fd)
created /dev/stdin (l -> /proc/self/fd/0)
created /dev/core (l -> /proc/kcore)
created /dev/ptmx (l -> pts/ptmx)
created /dev/odd (l -> a \"b\" 100% c )"
	assert_summary "6 created, 0 replaced, 0 corrected, 0 unchanged, 0 failed"
	assert_link R/dev/fd "symbolic link -> /proc/self/fd 0 0"
	assert_link R/dev/stdin "symbolic link -> /proc/self/fd/0 0 0"
	assert_link R/dev/core "symbolic link -> /proc/kcore 0 0"
	assert_link R/dev/ptmx "symbolic link -> pts/ptmx 0 0"
	assert_link R/dev/odd 'symbolic link -> a "b" 100% c  0 0'
}

@test "apply: a link with the same target is unchanged (same inode); another target fails without L+ or -r" {
	needs_mknod
	mkdir -p R/dev
	ln -s /proc/self/fd/0 R/dev/stdin
	ln -s /old R/dev/fd
	table t 'L /dev/stdin - - - - /proc/self/fd/0' 'L /dev/fd - - - - /proc/self/fd'
	local before
	before=$(snapshot R)
	run --separate-stderr devtool apply -v --root R t
	assert_status 1
	assert_output "kept /dev/stdin (l -> /proc/self/fd/0)"
	assert_equal "$stderr" "devtool: /dev/fd: exists (a symbolic link to another target); use -r to replace it
devtool: 0 created, 0 replaced, 0 corrected, 1 unchanged, 1 failed"
	[[ $(snapshot R) == "$before" ]] || fail "R changed"
	assert_link R/dev/fd "symbolic link -> /old 0 0"
}

@test "apply: L+ and -r replace a link with another target, and a node or FIFO, by the link" {
	needs_mknod
	mkdir -p R/dev
	ln -s /old R/dev/fd
	ln -s /old R/dev/stdin
	mknod -m 0600 R/dev/ptmx c 5 2
	mkfifo -m 0600 R/dev/fifo
	table t 'L+ /dev/fd - - - - /proc/self/fd' 'L /dev/stdin - - - - /proc/self/fd/0' \
		'L /dev/ptmx - - - - pts/ptmx' 'L+ /dev/fifo - - - - /run/initctl'
	run --separate-stderr devtool apply -v --root R t
	assert_status 1
	assert_output "replaced /dev/fd (l -> /proc/self/fd)
replaced /dev/fifo (l -> /run/initctl)"
	assert_equal "$stderr" "devtool: /dev/stdin: exists (a symbolic link to another target); use -r to replace it
devtool: /dev/ptmx: exists (a character device, not a symbolic link); use -r to replace it
devtool: 0 created, 2 replaced, 0 corrected, 0 unchanged, 2 failed"
	assert_link R/dev/fd "symbolic link -> /proc/self/fd 0 0"
	assert_link R/dev/fifo "symbolic link -> /run/initctl 0 0"
	assert_link R/dev/stdin "symbolic link -> /old 0 0"
	assert_node R/dev/ptmx "character special file 5 2 600 0 0"
	run --separate-stderr devtool apply -r -v --root R t
	assert_status 0
	assert_output "kept /dev/fd (l -> /proc/self/fd)
replaced /dev/stdin (l -> /proc/self/fd/0)
replaced /dev/ptmx (l -> pts/ptmx)
kept /dev/fifo (l -> /run/initctl)"
	assert_link R/dev/stdin "symbolic link -> /proc/self/fd/0 0 0"
	assert_link R/dev/ptmx "symbolic link -> pts/ptmx 0 0"
	assert_no_temp R
}

@test "apply: a regular file, directory or socket at a link's path is kept, even with L+ and -r (exit 1, message)" {
	needs_mknod
	mkdir -p R/dev/dir
	echo precious >R/dev/file
	touch R/dev/dir/keep
	python3 -c 'import socket,sys; socket.socket(socket.AF_UNIX).bind(sys.argv[1])' R/dev/log
	table t 'L+ /dev/file - - - - /x' 'L+ /dev/dir - - - - /x' 'L+ /dev/log - - - - /x'
	run --separate-stderr devtool apply -r --root R t
	assert_status 1
	assert_stdout_empty
	assert_equal "$stderr" "devtool: /dev/file: exists and is a regular file; only symbolic links, device nodes and FIFOs are ever replaced by a link
devtool: /dev/dir: exists and is a directory; only symbolic links, device nodes and FIFOs are ever replaced by a link
devtool: /dev/log: exists and is a socket; only symbolic links, device nodes and FIFOs are ever replaced by a link"
	[[ -f R/dev/file && $(cat R/dev/file) == precious ]] || fail "file lost"
	[[ -d R/dev/dir && -e R/dev/dir/keep ]] || fail "directory lost"
	[[ -S R/dev/log ]] || fail "socket lost"
	# nor does a node entry replace a link
	table t2 'c+ /dev/lnk 0666 - - - 1:3'
	ln -s null R/dev/lnk
	run --separate-stderr devtool apply --root R t2
	assert_status 1
	assert_equal "$stderr" "devtool: /dev/lnk: exists and is a symbolic link; only device nodes and FIFOs are ever replaced (not even -r, or a tmpfiles '+' or '=', removes it)"
	assert_link R/dev/lnk "symbolic link -> null 0 0"
}

@test "apply: a link is never followed: not the one replaced, not one in its path (openat2 and walk)" {
	needs_mknod
	local out=$PWD/outside m
	for m in openat2 walk; do
		rm -rf R "$out"
		mkdir -p R/real "$out"
		echo secret >"$out/file"
		chmod 0600 "$out/file"
		ln -s "$out/file" R/real/x      # replaced, not followed
		ln -s "$out" R/dev              # absolute: stays inside R
		table t 'L+ /real/x - - - - /y' 'L /dev/z - - - - /w'
		DEVTOOL_RESOLVE=$m run --separate-stderr devtool apply --root R t
		assert_status 1
		assert_equal "$stderr" "devtool: /dev/z: parent directory: No such file or directory"
		assert_link R/real/x "symbolic link -> /y 0 0"
		[[ $(stat -c '%F %a %u' "$out/file") == "regular file 600 0" &&
			$(cat "$out/file") == secret ]] || fail "[$m] the target changed"
		[[ -z $(find "$out" -mindepth 1 ! -name file) ]] ||
			fail "[$m] made outside the root: $(find "$out")"
		assert_link R/dev "symbolic link -> $out 0 0"
	done
}

@test "apply: L without an argument (or '-') links to /usr/share/factory/PATH, as systemd-tmpfiles" {
	needs_mknod
	table t 'L /etc/issue' 'L /etc/motd - - - - -'
	run --separate-stderr devtool apply --root R t
	assert_status 0
	assert_link R/etc/issue "symbolic link -> /usr/share/factory/etc/issue 0 0"
	assert_link R/etc/motd "symbolic link -> /usr/share/factory/etc/motd 0 0"
}

@test "apply: -n says 'would create' a link and its target, and makes nothing" {
	needs_mknod
	mkdir -p R/dev
	ln -s /old R/dev/fd
	table t 'L /dev/stdin - - - - /proc/self/fd/0' 'L+ /dev/fd - - - - /proc/self/fd'
	run --separate-stderr devtool apply -n --root R t
	assert_status 0
	assert_output "would create /dev/stdin (l -> /proc/self/fd/0)
would replace /dev/fd (l -> /proc/self/fd)"
	assert_missing R/dev/stdin
	assert_link R/dev/fd "symbolic link -> /old 0 0"
}

@test "apply: two L lines of one path with other targets conflict; nothing is made (exit 2)" {
	table t 'L /dev/fd - - - - /proc/self/fd' 'L /dev/fd - - - - /proc/self/fd/' \
		'c /dev/fd/0 0600 - - - 1:3'
	run --separate-stderr devtool apply --root R t
	assert_usage_error
	assert_equal "$stderr" "devtool: t:2: '/dev/fd' is l -> '/proc/self/fd/' here but l -> '/proc/self/fd' at t:1
devtool: t:3: '/dev/fd/0' is below '/dev/fd', a symbolic link at t:1
devtool: 2 errors in the table; nothing was created"
	assert_nothing_made
}

@test "apply: a link target with control bytes is shown with '?' by -v" {
	needs_mknod
	printf 'L /dev/x - - - - %s\n' 'a\x1b[31mb\x0ac' >t
	run --separate-stderr devtool apply -v --root R t
	assert_status 0
	assert_no_control
	assert_output "created directory /dev (d, mode 0755)
created /dev/x (l -> a?[31mb?c)"
	[[ $(readlink R/dev/x) == $'a\e[31mb\nc' ]] || fail "target: $(readlink R/dev/x | od -c)"
}

@test "apply: a makedevs s line makes a socket (genext2fs): rerun unchanged, another mode corrected with -r" {
	needs_mknod
	table t '/dev/log s 666 0 5'
	run --separate-stderr devtool apply -v --root R t
	assert_status 0
	assert_output "created directory /dev (d, mode 0755)
created /dev/log (s, mode 0666, owner 0:5)"
	assert_node R/dev/log "socket 0 0 666 0 5"
	run --separate-stderr devtool apply -v --root R t
	assert_status 0
	assert_output "kept /dev/log (s, mode 0666, owner 0:5)"
	# another mode: as a node, corrected with -r only
	chmod 0600 R/dev/log
	run --separate-stderr devtool apply --root R t
	assert_status 1
	assert_equal "$stderr" "devtool: /dev/log: exists (a socket) with mode 0600, not 0666; use -r to correct it"
	run --separate-stderr devtool apply -r -v --root R t
	assert_status 0
	assert_output "corrected /dev/log (s, mode 0666, owner 0:5)"
	assert_node R/dev/log "socket 0 0 666 0 5"
}

# ------------------------------------------------- failures leave nothing

@test "apply: a directory swapped in for one made for a failed entry is not removed (strace stops devtool between the removals)" {
	command -v strace >/dev/null || skip "strace is not installed"
	needs_mknod
	local log=$BATS_TEST_TMPDIR/strace.log pid
	mkdir -p R/etc
	# without CAP_MKNOD the node fails after its directories are made
	table t '/etc/a/b/null c 666 0 0 1 3'
	# strace stops devtool (SIGSTOP) once its first removal, of b, is
	# done: another /etc/a is put in place of the one made then, before
	# devtool removes a (no timing: it waits, stopped, until SIGCONT)
	strace -f -qq -o "$log" -e trace=unlinkat \
	    -e inject=unlinkat:signal=SIGSTOP:when=1 \
	    capsh --drop=cap_mknod -- -c 'exec "$0" "$@"' \
	    "$DEVTOOL" apply --root R t 2>"$BATS_TEST_TMPDIR/err" &
	strace_stopped "$log" $!
	pid=$STOPPED
	grep -qE "^$pid +unlinkat\([0-9]+, \"b\", AT_REMOVEDIR\) += 0$" "$log" ||
		{ kill -KILL "$pid"; wait $! || :; fail "not stopped after removing b:"$'\n'"$(cat "$log")"; }
	mv R/etc/a R/etc/a-made
	mkdir R/etc/a
	touch -d @1 R/etc/a
	kill -CONT "$pid"
	wait $! && fail "exit 0 although the node failed"
	assert_equal "$(<"$BATS_TEST_TMPDIR/err")" "devtool: 1 device node not created, for want of CAP_MKNOD: /etc/a/b/null
$NEEDS_CAP_MKNOD"
	assert_equal "$(stat -c %Y R/etc/a)" 1
	assert_equal "$(cd R && find . | LC_ALL=C sort)" ".
./etc
./etc/a
./etc/a-made"
}

# Out of descriptors at each point of a run in turn (from the fewest it
# starts with to 16 more, past the most it holds): an entry fails with
# the cause named, or is made, and no private directory (SECURITY in
# devtool(1)) outlives a failure.  Set-uid nodes are made through one.
@test "apply: out of descriptors (ulimit -n), an entry fails naming the cause and leaves no private directory" {
	needs_mknod
	local n low failed=0 bad
	table t '/dev/a c 4600 0 5 1 3' '/dev/b c 4600 0 5 1 4'
	low=$(lowest_limit)
	for n in $(seq "$low" $((low + 16))); do
		rm -rf R
		mkdir -p R/dev
		run --separate-stderr limited "$n" "$DEVTOOL" apply --root R t
		assert_no_temp R
		if ((status == 0)); then
			assert_equal "$(node R/dev/a; node R/dev/b)" "character special file 1 3 4600 0 5
character special file 1 4 4600 0 5"
			continue
		fi
		assert_status 1	# an operation failed
		bad=$(printf '%s\n' "$stderr" | grep -E '^devtool: (/|t:)' |
			grep -v ': Too many open files$' || :)
		[[ -z $bad ]] || fail "ulimit -n $n: a failure not naming its cause:"$'\n'"$stderr"
		[[ $stderr == *'/dev/'[ab]': Too many open files'* ]] && failed=$((failed + 1))
	done
	((failed > 0)) || fail "no limit made an entry fail: the test did not reach the nodes"
}

@test "apply: an f entry for a missing file makes no directories for it (systemd-tmpfiles neither); earlier lines' stay" {
	needs_mknod
	mkdir -p R/etc
	table t \
		'/etc/a/x c 600 0 0 1 3' \
		'/etc/a/b/c/motd f 644 0 0' \
		'/etc/ssl/motd f 644 0 0'
	run --separate-stderr devtool apply -v --root R t
	assert_status 1
	assert_output "created directory /etc/a (d, mode 0755)
created /etc/a/x (c 1:3, mode 0600, owner 0:0)"
	assert_equal "$stderr" "devtool: /etc/a/b/c/motd: does not exist (an f entry only adjusts a file)
devtool: /etc/ssl/motd: does not exist (an f entry only adjusts a file)
devtool: 1 created, 0 replaced, 0 corrected, 0 unchanged, 2 failed"
	assert_equal "$(cd R && find . | LC_ALL=C sort)" ".
./etc
./etc/a
./etc/a/x"
}

@test "apply: without CAP_MKNOD (uid 65534) each node fails, the need and the ways out are said once, no directory is left for them" {
	nobody_top
	table "$NOBODY_TOP/t" \
		'p /dev/fifo 0600 - - -' \
		'c /dev/null 0666 - - - 1:3' \
		'c /dev/sub/zero 0666 - - - 1:5'
	as_nobody mkdir "$NOBODY_TOP/R"
	run --separate-stderr as_nobody "$DEVTOOL" apply -v --root "$NOBODY_TOP/R" "$NOBODY_TOP/t"
	assert_status 1
	# /dev/null failed first: /dev/sub is not made for another
	assert_output "created directory /dev (d, mode 0755)
created /dev/fifo (p, mode 0600)"
	assert_equal "$stderr" "devtool: 2 device nodes not created, for want of CAP_MKNOD: /dev/null and /dev/sub/zero
$NEEDS_CAP_MKNOD
devtool: 1 created, 0 replaced, 0 corrected, 0 unchanged, 2 failed"
	assert_equal "$(cd "$NOBODY_TOP/R" && find . | LC_ALL=C sort)" ".
./dev
./dev/fifo"
	# a failure that CAP_MKNOD would not cure is said as its own cause
	table "$NOBODY_TOP/t" 'p /dev/fifo2 0600 root root -'
	run --separate-stderr as_nobody "$DEVTOOL" apply --root "$NOBODY_TOP/R" "$NOBODY_TOP/t"
	assert_status 1
	assert_equal "$stderr" "devtool: 1 entry not made: cannot chown to 0:0 without CAP_CHOWN: /dev/fifo2
$NEEDS_CAP_MKNOD"
}

@test "apply: as uid 65534 a 52-line table gives one message per cause, with the count and the first paths, and the ways out with --archive first" {
	nobody_top
	{
		echo '/dev d 755 0 0'
		echo '/dev/pts d 755 0 0'
		for i in $(seq 0 49); do echo "/dev/n$i c 666 0 0 1 $((i + 100))"; done
	} >"$NOBODY_TOP/t"
	as_nobody mkdir "$NOBODY_TOP/R"
	run --separate-stderr as_nobody "$DEVTOOL" apply --root "$NOBODY_TOP/R" "$NOBODY_TOP/t"
	assert_status 1
	assert_stdout_empty
	assert_equal "$stderr" "devtool: 50 device nodes not created, for want of CAP_MKNOD: /dev/n0, /dev/n1, /dev/n2 and 47 more
devtool: 2 entries not made: cannot chown to 0:0 without CAP_CHOWN: /dev and /dev/pts
$NEEDS_CAP_MKNOD"
}

@test "apply -n: without privilege, what would fail and why is said up front, before the would-create lines" {
	nobody_top
	table "$NOBODY_TOP/t" \
		'/dev d 755 0 0' \
		'/dev/null c 666 0 0 1 3' \
		'/dev/tty c 666 0 0 5 0 0 1 4' \
		'/dev/fifo p 600 65534 65534'
	as_nobody mkdir "$NOBODY_TOP/R"
	run as_nobody "$DEVTOOL" apply -n --root "$NOBODY_TOP/R" "$NOBODY_TOP/t"
	assert_status 0
	assert_equal "${lines[0]}" "devtool: warning: without CAP_MKNOD, 5 device nodes would fail: /dev/null, /dev/tty and 3 more"
	assert_equal "${lines[1]}" "devtool: warning: without CAP_CHOWN, 1 entry would fail: cannot chown to an owner not this user's: /dev"
	assert_equal "${lines[2]}" "devtool: warning: ${NEEDS_CAP_MKNOD#devtool: }"
	assert_equal "${lines[3]}" "would create directory /dev (d, mode 0755, owner 0:0)"
	# as root, nothing of the kind
	run --separate-stderr devtool apply -n --root R "$NOBODY_TOP/t"
	assert_status 0
	assert_stderr_empty
}

# -------------------------------------------------------------- validation

@test "apply: a name longer than NAME_MAX is refused with the words mknod uses, last name or not" {
	local n
	n=$(printf 'n%.0s' {1..256})
	table t "/dev/$n/x c 600 0 0 1 3" "/dev/$n c 600 0 0 1 3"
	run --separate-stderr devtool apply --root R t
	assert_usage_error
	assert_equal "$stderr" "devtool: t:1: name '${n:0:38}...${n: -19}' in path is too long (256 bytes, at most 255)
devtool: t:2: name '${n:0:38}...${n: -19}' in path is too long (256 bytes, at most 255)
devtool: 2 errors in the table; nothing was created"
	assert_nothing_made
}

@test "apply: an unknown type is a validation error naming the line (exit 2)" {
	table t '/dev/ok c 666 0 0 1 3' '/dev/bad z 666 0 0 1 3'
	run --separate-stderr devtool apply --root R t
	assert_status 2
	assert_stdout_empty
	assert_stderr_contains "t:2: "
	assert_stderr_contains "'z'"
	assert_missing R/dev
}

@test "apply: several bad lines in two files: all named FILE:LINE, nothing created, exit 2" {
	cp "$(fixture bad-makedevs.txt)" bad-makedevs.txt
	cp "$(fixture bad-tmpfiles.conf)" bad-tmpfiles.conf
	run --separate-stderr devtool apply --root R bad-makedevs.txt bad-tmpfiles.conf
	assert_status 2
	assert_stdout_empty
	local l
	for l in bad-makedevs.txt:3 bad-makedevs.txt:5 bad-makedevs.txt:7 \
	    bad-tmpfiles.conf:2 bad-tmpfiles.conf:3 bad-tmpfiles.conf:4; do
		[[ $stderr == *"devtool: $l: "* ]] ||
			fail "'$l' not reported"$'\n'"stderr: $stderr"
	done
	# the good lines are not reported
	for l in bad-makedevs.txt:2 bad-makedevs.txt:4 bad-makedevs.txt:6 \
	    bad-tmpfiles.conf:1; do
		[[ $stderr != *"$l:"* ]] || fail "good line $l reported: $stderr"
	done
	assert_stderr_contains "'x'"
	assert_stderr_contains "'y'"
	assert_stderr_contains "no-such-user-devtool"
	assert_stderr_contains "relative/path"
	[[ -z $(ls -A R) ]] || fail "root not empty: $(find R)"
}

@test "apply: a bad line in the second file stops the good first file too" {
	table good '/dev/a c 666 0 0 1 3' '/dev/b p 600 0 0'
	table bad '/dev/c c 666 0 0 1 3' '/dev/d c 666 0 0 99999999 3'
	run --separate-stderr devtool apply --root R good bad
	assert_status 2
	assert_stderr_contains "bad:2: "
	assert_stdout_empty
	[[ ! -e R || -z $(ls -A R) ]] || fail "something was created: $(find R)"
}

@test "apply: '-' reads the table from stdin; errors say <stdin>:LINE" {
	needs_mknod
	run --separate-stderr devtool apply --root R - <<-'EOF'
		/dev/null c 666 0 0 1 3
		p /dev/ignored 0600 root root - -
	EOF
	assert_status 2
	assert_stderr_contains "<stdin>:2: "
	[[ ! -e R || -z $(ls -A R) ]] || fail "something was created: $(find R)"

	run --separate-stderr devtool apply --root R - <<-'EOF'
		# from a pipe
		/dev/null c 666 0 0 1 3
	EOF
	assert_status 0
	assert_node R/dev/null "character special file 1 3 666 0 0"
}

@test "apply --archive -: a makedevs table and a tmpfiles table joined on stdin are refused where the tmpfiles one begins; no archive is written" {
	table dt '# device_table.txt' '/dev/null c 666 0 0 1 3' '/dev/ttyS c 660 0 5 4 64 0 1 4'
	table tf 'd /run/lock 1777 0 0 -' 'c /dev/console 0600 0 5 - 5:1'
	run --separate-stderr bash -c 'cat dt tf | "$DEVTOOL" apply --archive x.cpio -'
	assert_status 2
	assert_stdout_empty
	assert_equal "$stderr" "devtool: <stdin>:4: a tmpfiles line in a makedevs table (detected at line 2): two dialects mixed in one input; give each table as an operand of its own
devtool: 1 error in the table; nothing was created"
	assert_missing x.cpio

	# Each as an operand of its own: both are written.
	run --separate-stderr devtool apply --archive x.cpio dt - <tf
	assert_status 0
	run --separate-stderr devtool list --archive x.cpio
	assert_output "$(printf '%s\n' \
		'/dev/console	c	0600	0	5	5	1	-	-	-' \
		'/dev/null	c	0666	0	0	1	3	-	-	-' \
		'/dev/ttyS0	c	0660	0	5	4	64	-	-	-' \
		'/dev/ttyS1	c	0660	0	5	4	65	-	-	-' \
		'/dev/ttyS2	c	0660	0	5	4	66	-	-	-' \
		'/dev/ttyS3	c	0660	0	5	4	67	-	-	-' \
		'/run/lock	d	1777	0	0	-	-	-	-	-')"
}

@test "apply: a table that is neither dialect is an error at its first line" {
	table t '' '# comment' 'hello world'
	run --separate-stderr devtool apply --root R t
	assert_status 2
	assert_stderr_contains "t:3: "
	assert_nothing_made
}

@test "apply: a missing table file is named, exit 1 (it cannot be read), nothing created" {
	table good '/dev/a c 666 0 0 1 3'
	run --separate-stderr devtool apply --root R good no-such-table
	assert_status 1
	assert_stderr_contains "no-such-table"
	assert_nothing_made
}

@test "apply: table names with control bytes are quoted with '?' in every FILE:LINE message" {
	table "$CTRL" '/dev/a c 666 0 0 1 3' 'hello world'
	run --separate-stderr devtool apply --root R "$CTRL" "n$CTRL"
	assert_status 2
	assert_no_control
	assert_equal "$stderr" "devtool: $CTRL_Q:2: path 'hello' must be absolute (start with /)
devtool: n$CTRL_Q: No such file or directory
devtool: 2 errors in the tables; nothing was created"
	assert_nothing_made
}

@test "apply: a --root with control bytes is quoted with '?', in errors, in a dry run too" {
	table t '/dev/a c 666 0 0 1 3'
	: > "f$CTRL"
	run --separate-stderr devtool apply --root "$PWD/f$CTRL/x" t
	assert_status 1
	assert_no_control
	assert_equal "$stderr" "devtool: --root $PWD/f$CTRL_Q/x: Not a directory"
	run --separate-stderr devtool apply -n --root "$PWD/n$CTRL" t
	assert_status 1
	assert_no_control
	assert_stdout_empty
	assert_equal "$stderr" "devtool: --root $PWD/n$CTRL_Q: No such file or directory"
	assert_missing "n$CTRL"
}

@test "apply: a table path with control bytes is printed with '?' by -v and in errors" {
	needs_mknod
	table t $'/dev/e\e[31mx\x01z c 640 0 0 1 3 - - -'
	run --separate-stderr devtool apply --root R t
	assert_status 0
	assert_node $'R/dev/e\e[31mx\x01z' "character special file 1 3 640 0 0"
	table t $'/dev/e\e[31mx\x01z b 640 0 0 1 3 - - -'
	run --separate-stderr devtool apply --root R t
	assert_status 1
	assert_no_control
	assert_equal "$stderr" "devtool: /dev/e?[31mx?z: exists (a character device, not a block device); use -r to replace it"
	run --separate-stderr devtool apply -v -r --root R t
	assert_status 0
	assert_no_control
	assert_output "replaced /dev/e?[31mx?z (b 1:3, mode 0640, owner 0:0)"
	assert_node $'R/dev/e\e[31mx\x01z' "block special file 1 3 640 0 0"
}

@test "apply: no TABLE operand is a usage error (exit 2)" {
	run --separate-stderr devtool apply --root R
	assert_status 2
	assert_stdout_empty
	[[ -n $stderr ]]
	assert_nothing_made
}

# ------------------------------------------------------------ idempotence

@test "apply: a second apply changes nothing: same inodes and ctimes, all unchanged" {
	needs_mknod
	run --separate-stderr devtool apply -v --root R "$(fixture makedevs-oddities.txt)"
	assert_status 0
	local before after
	before=$(snapshot R)
	sleep 0.05
	run --separate-stderr devtool apply -v --root R "$(fixture makedevs-oddities.txt)"
	assert_status 0
	assert_summary "0 created, 0 replaced, 0 corrected, 33 unchanged, 0 failed"
	after=$(snapshot R)
	[[ $before == "$after" ]] ||
		fail "the tree changed:"$'\n'"$(diff <(echo "$before") <(echo "$after"))"
	# with -r too
	run --separate-stderr devtool apply -r -v --root R "$(fixture makedevs-oddities.txt)"
	assert_status 0
	assert_summary "0 created, 0 replaced, 0 corrected, 33 unchanged, 0 failed"
	[[ $(snapshot R) == "$before" ]] || fail "-r rerun changed the tree"
}

@test "apply: a tmpfiles rerun is a no-op too (ctime %z unchanged)" {
	needs_mknod
	run --separate-stderr devtool apply --root R "$(fixture tmpfiles-basic.conf)"
	assert_status 0
	local before
	before=$(snapshot R)
	sleep 0.05
	run --separate-stderr devtool apply -v --root R "$(fixture tmpfiles-basic.conf)"
	assert_status 0
	assert_summary "0 created, 0 replaced, 0 corrected, 8 unchanged, 0 failed"
	[[ $(snapshot R) == "$before" ]] ||
		fail "the tree changed:"$'\n'"$(diff <(echo "$before") <(snapshot R))"
}

@test "apply: the summary line is on stderr with -v only (stderr not a terminal)" {
	needs_mknod
	table t '/dev/a c 600 0 0 1 3' '/dev/b p 600 0 0'
	run --separate-stderr devtool apply --root R t
	assert_status 0
	[[ -z $stderr ]] || fail "stderr: $stderr"
	run --separate-stderr devtool apply -v --root R t
	assert_status 0
	assert_summary "0 created, 0 replaced, 0 corrected, 2 unchanged, 0 failed"
	[[ $output != *"unchanged"* ]] || fail "summary on stdout: $output"
}

# -------------------------------------------------------------- conflicts

@test "apply: an existing node with other numbers fails without -r; the rest go on" {
	needs_mknod
	mkdir -p R/dev
	mknod -m 0666 R/dev/null c 1 5
	local ct
	ct=$(stat -c '%i %z' R/dev/null)
	table t '/dev/null c 666 0 0 1 3' '/dev/zero c 666 0 0 1 5'
	run --separate-stderr devtool apply -v --root R t
	assert_status 1
	assert_stderr_contains "/dev/null"
	assert_summary "1 created, 0 replaced, 0 corrected, 0 unchanged, 1 failed"
	[[ $(stat -c '%i %z' R/dev/null) == "$ct" ]] || fail "/dev/null was touched"
	assert_node R/dev/null "character special file 1 5 666 0 0"
	assert_node R/dev/zero "character special file 1 5 666 0 0"
}

@test "apply: with -r an existing node with other numbers (or type) is replaced" {
	needs_mknod
	mkdir -p R/dev
	mknod -m 0600 R/dev/null c 1 5
	mknod -m 0600 R/dev/sda c 8 0   # c where the table says b
	mkfifo -m 0600 R/dev/fifo2node
	table t '/dev/null c 666 0 0 1 3' '/dev/sda b 660 0 6 8 0' \
		'/dev/fifo2node c 600 0 0 1 7'
	run --separate-stderr devtool apply -r -v --root R t
	assert_status 0
	assert_summary "0 created, 3 replaced, 0 corrected, 0 unchanged, 0 failed"
	assert_node R/dev/null "character special file 1 3 666 0 0"
	assert_node R/dev/sda "block special file 8 0 660 0 6"
	assert_node R/dev/fifo2node "character special file 1 7 600 0 0"
	assert_no_temp R
}

@test "apply: a node with the right numbers but another mode/owner: fails without -r, corrected in place with -r" {
	needs_mknod
	mkdir -p R/dev
	mknod -m 0600 R/dev/null c 1 3
	chown 1:1 R/dev/null
	local ino
	ino=$(stat -c %i R/dev/null)
	table t '/dev/null c 666 0 0 1 3'
	run --separate-stderr devtool apply --root R t
	assert_status 1
	assert_stderr_contains "/dev/null"
	assert_node R/dev/null "character special file 1 3 600 1 1"
	run --separate-stderr devtool apply -r -v --root R t
	assert_status 0
	assert_summary "0 created, 0 replaced, 1 corrected, 0 unchanged, 0 failed"
	assert_node R/dev/null "character special file 1 3 666 0 0"
	[[ $(stat -c %i R/dev/null) == "$ino" ]] || fail "replaced, not corrected"
}

@test "apply: a regular file in the way is never removed, even with -r" {
	needs_mknod
	mkdir -p R/dev
	echo 'precious' >R/dev/null
	table t '/dev/null c 666 0 0 1 3' '/dev/zero c 666 0 0 1 5'
	local opt
	for opt in "" -r; do
		run --separate-stderr devtool apply $opt -v --root R t
		assert_status 1
		assert_stderr_contains "/dev/null"
		[[ -f R/dev/null && $(cat R/dev/null) == precious ]] ||
			fail "regular file lost with '$opt': $(ls -l R/dev)"
		assert_node R/dev/zero "character special file 1 5 666 0 0"
	done
	assert_summary "0 created, 0 replaced, 0 corrected, 1 unchanged, 1 failed"
}

@test "apply: a directory or symlink in the way is never removed, even with -r" {
	needs_mknod
	mkdir -p R/dev/dir
	touch R/dev/dir/keep
	ln -s null R/dev/link
	table t '/dev/dir c 666 0 0 1 3' '/dev/link c 666 0 0 1 3'
	run --separate-stderr devtool apply -r --root R t
	assert_status 1
	assert_stderr_contains "/dev/dir"
	assert_stderr_contains "/dev/link"
	[[ -d R/dev/dir && -e R/dev/dir/keep ]] || fail "directory removed"
	[[ -L R/dev/link && $(readlink R/dev/link) == null ]] || fail "symlink removed"
}

@test "apply: an existing directory is adjusted to the d entry's mode and owner" {
	needs_mknod
	mkdir -p R/dev/pts
	chmod 0700 R/dev/pts
	touch R/dev/pts/keep
	table t '/dev/pts d 755 0 5'
	run --separate-stderr devtool apply --root R t
	assert_status 0
	assert_node R/dev/pts "directory 0 0 755 0 5"
	[[ -e R/dev/pts/keep ]]
}

# ----------------------------------------------------- parent directories

@test "apply: missing parent directories are created 0755 (under umask 077)" {
	needs_mknod
	table t '/dev/a/b/c/node c 600 0 0 1 3'
	umask 077
	run --separate-stderr devtool apply --root R t
	assert_status 0
	assert_node R/dev "directory 0 0 755 0 0"
	assert_node R/dev/a "directory 0 0 755 0 0"
	assert_node R/dev/a/b "directory 0 0 755 0 0"
	assert_node R/dev/a/b/c "directory 0 0 755 0 0"
	assert_node R/dev/a/b/c/node "character special file 1 3 600 0 0"
}

@test "apply: a parent the table lists gets the table's mode, before or after its children" {
	needs_mknod
	table t \
		'/dev/before d 700 0 0' \
		'/dev/before/n c 600 0 0 1 3' \
		'/dev/after/n c 600 0 0 1 3' \
		'/dev/after d 750 1 1'
	run --separate-stderr devtool apply --root R t
	assert_status 0
	assert_node R/dev/before "directory 0 0 700 0 0"
	assert_node R/dev/after "directory 0 0 750 1 1"
	assert_node R/dev/before/n "character special file 1 3 600 0 0"
	assert_node R/dev/after/n "character special file 1 3 600 0 0"
}

@test "apply: a d line that is also a parent is made once, with its mode, before or after its children; -n says it once" {
	needs_mknod
	local order
	for order in before after; do
		if [[ $order == before ]]; then
			table t 'd /dev/net 0700 - - -' 'c /dev/net/tun 0666 - - - 10:200'
		else
			table t 'c /dev/net/tun 0666 - - - 10:200' 'd /dev/net 0700 - - -'
		fi
		run --separate-stderr devtool apply -n -v --root R t
		assert_status 0
		assert_output "would create directory /dev (d, mode 0755)
would create directory /dev/net (d, mode 0700)
would create /dev/net/tun (c 10:200, mode 0666)"
		assert_equal "$stderr" "devtool: dry run, nothing done: would be 2 created, 0 replaced, 0 corrected, 0 unchanged, 0 failed"
		assert_nothing_made
		run --separate-stderr devtool apply -v --root R t
		assert_status 0
		assert_output "created directory /dev (d, mode 0755)
created directory /dev/net (d, mode 0700)
created /dev/net/tun (c 10:200, mode 0666)"
		assert_equal "$stderr" "devtool: 2 created, 0 replaced, 0 corrected, 0 unchanged, 0 failed"
		assert_node R/dev/net "directory 0 0 700 0 0"
		rm -r R/dev
	done
}

@test "apply: d lines listed after what they hold are made first, parents first, the other lines in table order" {
	needs_mknod
	table t \
		'/dev/net/tun c 666 0 0 10 200 - - -' \
		'/dev/null c 666 0 0 1 3 - - -' \
		'/dev/net d 750 0 0 - - - - -' \
		'/dev d 711 0 0 - - - - -' \
		'/dev-x/y p 600 0 0 - - - - -'
	run --separate-stderr devtool apply -v --root R t
	assert_status 0
	assert_output "created directory /dev (d, mode 0711, owner 0:0)
created directory /dev/net (d, mode 0750, owner 0:0)
created /dev/net/tun (c 10:200, mode 0666, owner 0:0)
created /dev/null (c 1:3, mode 0666, owner 0:0)
created directory /dev-x (d, mode 0755)
created /dev-x/y (p, mode 0600, owner 0:0)"
	assert_node R/dev "directory 0 0 711 0 0"
	assert_node R/dev/net "directory 0 0 750 0 0"
}

@test "apply: a --root that does not exist is refused (exit 1), by a dry run too, and nothing is made" {
	table t '/dev/null c 666 0 0 1 3'
	for root in fresh deep/er/root; do
		for n in "" -n -v; do
			run --separate-stderr devtool apply $n --root "$root" t
			assert_status 1
			assert_stdout_empty
			assert_equal "$stderr" "devtool: --root $root: No such file or directory"
		done
	done
	# a '/' entry, the root's own, does not make it either
	table t 'd / 0700 0 0 -'
	run --separate-stderr devtool apply --root fresh t
	assert_status 1
	assert_missing fresh
	assert_missing deep
	# made first, it is filled
	mkdir fresh
	table t '/fifo p 600 0 0'
	run --separate-stderr devtool apply --root fresh t
	assert_status 0
	assert_node fresh/fifo "fifo 0 0 600 0 0"
}

# ---------------------------------------------------------------- dry run

@test "apply: -n creates nothing and prints 'would ...' lines" {
	needs_mknod
	table t '/dev/null c 666 0 0 1 3' '/dev/sub/fifo p 600 0 0' \
		'/dev/hd b 640 0 0 3 0 0 1 2'
	run --separate-stderr devtool apply -n --root R t
	assert_status 0
	[[ -z $(ls -A R) ]] || fail "dry run created: $(find R)"
	[[ $output == *"would create /dev/null"* ]] || fail "stdout: $output"
	[[ $output == *"would create /dev/sub/fifo"* ]] || fail "stdout: $output"
	[[ $output == *"would create /dev/hd0"* ]] || fail "stdout: $output"
	[[ $output == *"would create /dev/hd1"* ]] || fail "stdout: $output"
	[[ $output == *"would create directory /dev/sub"* ]] || fail "stdout: $output"
	local l
	while IFS= read -r l; do
		[[ $l == would\ * ]] || fail "not a 'would' line: $l"
	done <<<"$output"
}

@test "apply: -n -r says 'would replace' and leaves the node alone" {
	needs_mknod
	mkdir -p R/dev
	mknod -m 0600 R/dev/null c 1 5
	mknod -m 0600 R/dev/zero c 1 5
	local before
	before=$(snapshot R)
	table t '/dev/null c 666 0 0 1 3' '/dev/zero c 600 0 0 1 5' '/dev/new p 600 0 0'
	run --separate-stderr devtool apply -n -r --root R t
	assert_status 0
	[[ $output == *"would replace /dev/null"* ]] || fail "stdout: $output"
	[[ $output == *"would create /dev/new"* ]] || fail "stdout: $output"
	[[ $output != *"/dev/zero"* || $output == *"would keep /dev/zero"* ]] ||
		fail "stdout: $output"
	[[ $(snapshot R) == "$before" ]] || fail "dry run changed the tree"
}

# A dry run fails where the real run fails, with the same message and
# status (1: a --root that does not exist, EXIT STATUS in devtool(1)):
# a --root that is a dangling symbolic link, a chain of links ending in one, a
# directory under one, a regular file or one under it (where make looks
# for its group names first, and says so); apply and make alike, each
# run side by side with -n and without.
@test "apply -n and make -n fail as the real run does for a --root that cannot be made: a dangling link, a chain, a directory under one, a file" {
	needs_mknod
	local r verb dry real
	table t '/dev/null c 666 0 0 1 3'
	ln -s nowhere rdang
	ln -s rdang chain
	touch file
	for r in rdang chain rdang/sub chain/sub/deeper file file/sub; do
		for verb in "apply t" "make null"; do
			# shellcheck disable=SC2086 # the verb and its operand
			run --separate-stderr devtool $verb -n --root "$r"
			dry="$status|$output|$stderr"
			# shellcheck disable=SC2086
			run --separate-stderr devtool $verb --root "$r"
			real="$status|$output|$stderr"
			assert_status 1
			assert_stdout_empty
			[[ $stderr == "devtool: --root $r: "* || ($verb == make* &&
			    $r == file* && $stderr == *"($r/etc/group: Not a directory)"*) ]] ||
				fail "$verb --root $r: $stderr"
			assert_equal "$dry" "$real"
		done
	done
	# nothing was made anywhere, and the links are as they were
	assert_equal "$(find . -mindepth 1 ! -name t ! -name R -printf '%p %y %l\n' | LC_ALL=C sort)" "./chain l rdang
./file f 
./rdang l nowhere"
}

# Device nodes on a mount with nodev are made and can never be opened:
# apply, make and mknod each warn once per mount, naming its mount point
# (DIAGNOSTICS in devtool(1)); a FIFO gets no warning, nor a node on a
# mount without nodev below it.  In a mount namespace of the test's own:
# M is a tmpfs with nodev, M/ok one without.
@test "apply, make and mknod warn once, naming the mount point, for device nodes on a mount with nodev" {
	needs_mknod
	unshare -m true 2>/dev/null || skip "no mount namespace (unshare -m)"
	local w="on a mount with nodev ($PWD/M): no device node there can be opened"
	mkdir M
	table t '/dev/null c 666 0 0 1 3' '/dev/zero c 666 0 0 1 5' \
		'/dev/fifo p 600 0 0'
	table fifos '/dev/fifo p 600 0 0'
	table ok '/null c 666 0 0 1 3'
	# shellcheck disable=SC2016 # the inner shell's
	run unshare -m sh -c '
		mount -t tmpfs -o nodev none M && mkdir M/ok M/m M/a M/b M/f &&
		    mount -t tmpfs none M/ok || exit 99
		for run in "apply --root M/a t" "apply -n --root M/a t" \
		    "make --root M/b null" "mknod --root M/m --count 2 /tty c 4 1" \
		    "apply --root M/f fifos" "apply --root M/ok ok"; do
			echo "$run"
			$DEVTOOL $run 2>&1 >/dev/null || echo "exit $?"
		done
		cat M/a/dev/null 2>&1'
	assert_status 1
	assert_equal "$output" "apply --root M/a t
devtool: warning: /dev/null: $w
apply -n --root M/a t
devtool: warning: /dev/null: $w
make --root M/b null
devtool: warning: /dev/mem: $w
mknod --root M/m --count 2 /tty c 4 1
devtool: warning: /tty0: $w
apply --root M/f fifos
apply --root M/ok ok
cat: M/a/dev/null: Permission denied"
}

# ---------------------------------------------------------- confinement

@test "apply: '..' in a table path is refused, nothing created outside the root" {
	table t '/../../escape c 600 0 0 1 3' '/dev/../../escape2 p 600 0 0'
	run --separate-stderr devtool apply --root R t
	assert_status 2
	assert_stderr_contains "t:1: "
	assert_stderr_contains "t:2: "
	assert_missing ../escape
	assert_missing escape
	assert_missing /escape
	assert_missing ../escape2
	assert_missing escape2
	assert_missing /escape2
	[[ -z $(ls -A R) ]]
}

@test "apply: symlinks inside the root cannot lead outside it (openat2 and walk)" {
	needs_mknod
	local out=$PWD/outside m
	for m in openat2 walk; do
		rm -rf R "$out"
		mkdir -p R/lib "$out"
		ln -s "$out" R/dev                 # absolute, outside
		ln -s ../../../../../../../.. R/up # relative, far outside
		ln -s "$out" R/lib/abs
		table t '/dev/x c 600 0 0 1 3' '/dev/sub/y p 600 0 0' \
			'/up'"$out"'/z c 600 0 0 1 3' '/lib/abs/w p 600 0 0'
		DEVTOOL_RESOLVE=$m run --separate-stderr devtool apply --root R t
		[[ -z $(ls -A "$out") ]] ||
			fail "[$m] created outside the root: $(find "$out")"
		# whatever was made is inside R
		[[ -L R/dev && -L R/up && -L R/lib/abs ]] ||
			fail "[$m] a symlink was replaced"
		# /dev leads to R$out, absent when /dev/x comes (no parent is
		# made through a link); /up$out/z makes it, /lib/abs/w uses it.
		assert_equal "$status" 1
		assert_equal "$stderr" "devtool: /dev/x: parent directory: No such file or directory
devtool: /dev/sub/y: parent directory: No such file or directory"
		assert_equal "$(node "R$out/z")" "character special file 1 3 600 0 0"
		assert_equal "$(node "R$out/w")" "fifo 0 0 600 0 0"
	done
}

@test "apply: a symlink resolving inside the root is followed within it" {
	needs_mknod
	mkdir -p R/real
	ln -s /real R/dev
	table t '/dev/x c 600 0 0 1 3'
	run --separate-stderr devtool apply --root R t
	assert_status 0
	assert_node R/real/x "character special file 1 3 600 0 0"
	assert_missing /real/x
}

# ------------------------------------------------------------- conflicts

# assert_conflicts WANT TABLE...: apply --root R and apply -n --root R of
# the TABLEs both fail validation (exit 2) with exactly the stderr WANT,
# and nothing is made in R.
assert_conflicts() {
	local want=$1 n
	shift
	for n in "" -n; do
		run --separate-stderr devtool apply $n --root R "$@"
		assert_status 2
		assert_stdout_empty
		[[ $stderr == "$want" ]] ||
			fail "apply $n: stderr differs"$'\n'"want: $want"$'\n'"got:  $stderr"
		assert_nothing_made
	done
}

@test "apply: one path with two types is a validation error naming both lines; -n agrees; nothing made" {
	needs_mknod
	table t '/dev/a c 666 0 0 1 3' '/dev/x c 666 0 0 1 3' '/dev/x b 666 0 0 1 3'
	assert_conflicts "\
devtool: t:3: '/dev/x' is a block device here but a character device at t:2
devtool: 1 error in the table; nothing was created" t
}

# The conflict check puts the paths in order by their bytes after the
# prefix they all share, a few at a time (docs/DESIGN.md, "The entry
# pipeline"): a conflict is found wherever its path falls, among 300
# paths alike in their first 9 bytes, 100 that part from those after 6,
# 30 alike in 5, and a path that ends before the bytes compared.
@test "apply: conflicts are found among hundreds of paths alike in their first bytes" {
	needs_mknod
	awk 'BEGIN { print "/a d 755 0 0"
		for (i = 0; i < 300; i++)
			printf "/dev/ttyS%d c 600 0 0 4 %d\n", i * 7 % 300, i * 7 % 300
		for (i = 99; i >= 0; i--)
			printf "/dev/tz%d c 600 0 0 7 %d\n", i, i
		for (k = 29; k >= 0; k--)
			printf "/sys/x%d c 600 0 0 5 %d\n", k, k
		print "/b c 600 0 0 6 0"
		print "/dev/ttyS150 c 600 0 0 4 151"
		print "/dev/tz42 c 600 0 0 7 43"
		print "/sys/x7 c 600 0 0 5 8"
		print "/b c 600 0 0 6 1"
		print "/dev/ttyS12/below c 600 0 0 4 1" }' >t
	assert_conflicts "\
devtool: t:433: '/dev/ttyS150' is c 4:151, mode 0600, owner 0:0 here but c 4:150, mode 0600, owner 0:0 at t:152
devtool: t:434: '/dev/tz42' is c 7:43, mode 0600, owner 0:0 here but c 7:42, mode 0600, owner 0:0 at t:359
devtool: t:435: '/sys/x7' is c 5:8, mode 0600, owner 0:0 here but c 5:7, mode 0600, owner 0:0 at t:424
devtool: t:436: '/b' is c 6:1, mode 0600, owner 0:0 here but c 6:0, mode 0600, owner 0:0 at t:432
devtool: t:437: '/dev/ttyS12/below' is below '/dev/ttyS12', a character device at t:218
devtool: 5 errors in the table; nothing was created" t
}

@test "apply: one node path with other numbers, mode or owner is a conflict; identical repeats are fine" {
	needs_mknod
	table t \
		'/dev/x c 666 0 0 1 3' \
		'/dev/x c 666 0 0 1 3' \
		'/dev/x c 666 0 0 1 5' \
		'/dev/y c 600 0 0 1 3' \
		'/dev/y c 640 0 0 1 3' \
		'/dev/z p 600 0 0' \
		'/dev/z p 600 1 0'
	assert_conflicts "\
devtool: t:3: '/dev/x' is c 1:5, mode 0666, owner 0:0 here but c 1:3, mode 0666, owner 0:0 at t:1
devtool: t:5: '/dev/y' is c 1:3, mode 0640, owner 0:0 here but c 1:3, mode 0600, owner 0:0 at t:4
devtool: t:7: '/dev/z' is p, mode 0600, owner 1:0 here but p, mode 0600, owner 0:0 at t:6
devtool: 3 errors in the table; nothing was created" t

	# a rerun-safe table may repeat a line, in either dialect
	table t '/dev/x c 666 0 0 1 3' '/dev/x c 666 0 0 1 3' '/dev/d d 700 0 0'
	table u 'c /dev/x 0666 root root - 1:3' 'd /dev/d 0700 0 0 -'
	run --separate-stderr devtool apply -v --root R t u
	assert_status 0
	assert_summary "2 created, 0 replaced, 0 corrected, 3 unchanged, 0 failed"
	assert_node R/dev/x "character special file 1 3 666 0 0"
	assert_node R/dev/d "directory 0 0 700 0 0"
}

@test "apply: two d entries of one path: another mode or owner is a conflict, and so is one an earlier '-' does not give" {
	table t \
		'/dev/d d 755 0 0' \
		'/dev/d d 755 0 0' \
		'/dev/d d 700 0 0' \
		'/dev/d d 755 0 6'
	table u \
		'd /dev/d 0755 root root -' \
		'd /dev/e - - - -' \
		'd /dev/e 0700 root root -' \
		'd /dev/f 0700 5 5 -' \
		'd /dev/f - - - -'
	assert_conflicts "\
devtool: t:3: '/dev/d' is d, mode 0700, owner 0:0 here but d, mode 0755, owner 0:0 at t:1
devtool: t:4: '/dev/d' is d, mode 0755, owner 0:6 here but d, mode 0755, owner 0:0 at t:1
devtool: u:3: '/dev/e' is d, mode 0700, owner 0:0 here but d, mode -, owner -:- at u:2
devtool: 3 errors in the tables; nothing was created" t u
}

@test "apply: a tmpfiles '-' mode or owner agrees with another line for the node: a later one keeps it, an earlier one makes the default" {
	needs_mknod
	table t '/dev/fuse c 600 0 0 10 229' '/dev/m c 644 0 0 1 3'
	table u 'c /dev/fuse 0600 - - - 10:229' 'c /dev/m - - - - 1:3' \
		'd /dev/d - - - -' 'd /dev/d 0755 root root -'
	run --separate-stderr devtool apply -v --root R t u
	assert_status 0
	assert_summary "3 created, 0 replaced, 0 corrected, 3 unchanged, 0 failed"
	assert_node R/dev/fuse "character special file 10 229 600 0 0"
	assert_node R/dev/m "character special file 1 3 644 0 0"
	assert_node R/dev/d "directory 0 0 755 0 0"
}

@test "apply: a path below a node, FIFO or file is a conflict, whichever line comes first" {
	needs_mknod
	table t \
		'/dev/x c 666 0 0 1 3' \
		'/dev/x/y p 600 0 0' \
		'/dev/q/r/s p 600 0 0' \
		'/dev/q p 600 0 0' \
		'/dev/f f 600 0 0' \
		'/dev/f/g d 755 0 0'
	assert_conflicts "\
devtool: t:2: '/dev/x/y' is below '/dev/x', a character device at t:1
devtool: t:4: '/dev/q' is a FIFO here but t:3 puts '/dev/q/r/s' below it
devtool: t:6: '/dev/f/g' is below '/dev/f', a regular file at t:5
devtool: 3 errors in the table; nothing was created" t
}

@test "apply: conflicts across two table files name each file's line" {
	needs_mknod
	table a '/dev/ok c 666 0 0 1 3' '/dev/x c 666 0 0 1 3'
	table b 'b /dev/x 0666 root root - 1:3' 'p /dev/x/y 0600 root root -' \
		'c /dev/ok 0666 root root - 1:3'
	assert_conflicts "\
devtool: b:1: '/dev/x' is a block device here but a character device at a:2
devtool: b:2: '/dev/x/y' is below '/dev/x', a character device at a:2
devtool: 2 errors in the tables; nothing was created" a b
}

@test "apply: a range conflicts with the lines whose paths it covers, before or after it" {
	needs_mknod
	table t \
		'/dev/tty5 c 666 0 0 4 9' \
		'/dev/tty c 666 0 0 4 0 0 1 16' \
		'/dev/tty3 c 666 0 0 4 3' \
		'/dev/tty7/x p 600 0 0' \
		'/dev/tty1 c 666 0 0 4 10 0 1 3' \
		'/dev/tty1 c 666 0 0 4 20 0 1 3' \
		'/dev/tty c 666 0 0 4 16 16 1 4'
	assert_conflicts "\
devtool: t:2: '/dev/tty5' is c 4:5, mode 0666, owner 0:0 here but c 4:9, mode 0666, owner 0:0 at t:1
devtool: t:4: '/dev/tty7/x' is below '/dev/tty7', a character device at t:2
devtool: t:6: '/dev/tty10' is c 4:20, mode 0666, owner 0:0 here but c 4:10, mode 0666, owner 0:0 at t:2
devtool: t:6: '/dev/tty10' is c 4:20, mode 0666, owner 0:0 here but c 4:10, mode 0666, owner 0:0 at t:5
devtool: 4 errors in the table; nothing was created" t

	# what agrees is fine: tty3 and tty10..12 are the range's own nodes
	table t '/dev/tty c 666 0 0 4 0 0 1 16' '/dev/tty3 c 666 0 0 4 3' \
		'/dev/tty1 c 666 0 0 4 10 0 1 3' '/dev/tty c 666 0 0 4 16 16 1 4'
	run --separate-stderr devtool apply -v --root R t
	assert_status 0
	assert_summary "20 created, 0 replaced, 0 corrected, 4 unchanged, 0 failed"
	assert_node R/dev/tty19 "character special file 4 19 666 0 0"
}

@test "apply: a makedevs r line before them leaves no range unchecked: ranges nested by their digits still conflict" {
	mkdir -p R/x
	# an r line is not a path the check sorts: the items after it were
	# once left out of the ranges' look at their digits (tty1's 0-2 are
	# tty10-tty12, tty's 10-12)
	table t '/x r 755 0 0 - - - - -' \
		'/dev/tty c 666 0 0 4 0 0 1 16' \
		'/dev/tty1 c 666 0 0 4 20 0 1 3'
	run --separate-stderr devtool apply -n --root R t
	assert_status 2
	assert_stdout_empty
	assert_equal "$stderr" "\
devtool: t:3: '/dev/tty10' is c 4:20, mode 0666, owner 0:0 here but c 4:10, mode 0666, owner 0:0 at t:2
devtool: 1 error in the table; nothing was created"
	[[ ! -e R/dev ]]
}

@test "apply: a name below a device is found at any depth, past the 32 parents the check keeps on its stack" {
	# the check of names below another keeps the parents found clean
	# for the last path, depth by depth: the first 32 in its frame,
	# deeper ones grown on the heap (docs/DESIGN.md, What a start costs)
	local d
	d=$(printf '/a%.0s' {1..99})
	printf '%s/x/n1 c 600 0 0 1 3\n%s/x/n2 c 600 0 0 1 3\n%s/b c 600 0 0 1 3\n%s/b/deeper/x c 600 0 0 1 3\n%s/x/n3 c 600 0 0 1 3\n' \
	    "$d" "$d" "$d" "$d" "$d" >t
	run --separate-stderr devtool apply --root R t
	assert_status 2
	[[ $stderr == "devtool: t:4: '"*"/b/deeper/x' is below '"*"/b', a character device at t:3"$'\n'"devtool: 1 error in the table; nothing was created" ]] ||
		fail "stderr: $stderr"
	assert_nothing_made
}

@test "apply: conflicts are found among 100,000 lines in well under a second" {
	awk 'BEGIN { for (i = 0; i < 100000; i++)
		printf "/n/d%d c 0644 0 0 240 %d\n", i, i % 1000 }' >t
	echo '/n/d99999/x p 600 0 0' >>t
	local s e
	s=$(date +%s%N)
	run --separate-stderr devtool apply --root R t
	e=$(date +%s%N)
	assert_status 2
	[[ $stderr == "devtool: t:100001: '/n/d99999/x' is below '/n/d99999', a character device at t:100000"$'\n'* ]] ||
		fail "stderr: $stderr"
	assert_nothing_made
	# about 0.1 s here; a quadratic check takes minutes
	(((e - s) / 1000000 < 2000)) || fail "took $(((e - s) / 1000000)) ms"
}

# ------------------------------------------------------ tmpfiles '-' mode

@test "apply: tmpfiles '-' mode leaves an existing 1777 dir, 0666 c+ node and 0600 file as they are" {
	needs_mknod
	mkdir -p R/tmp R/dev
	chmod 1777 R/tmp
	mknod -m 0666 R/dev/c c 1 3
	echo kept >R/f
	chmod 0600 R/f
	table t 'd /tmp - - - -' 'c+ /dev/c - - - - 1:3' 'f /f - - - -'
	run --separate-stderr devtool apply -n -v --root R t
	assert_status 0
	assert_output "\
would keep /tmp (d, mode 1777)
would keep /dev/c (c 1:3, mode 0666)
would keep /f (f, mode 0600)"
	run --separate-stderr devtool apply -v --root R t
	assert_status 0
	assert_summary "0 created, 0 replaced, 0 corrected, 3 unchanged, 0 failed"
	assert_node R/tmp "directory 0 0 1777 0 0"
	assert_node R/dev/c "character special file 1 3 666 0 0"
	assert_node R/f "regular file 0 0 600 0 0"
}

@test "apply: tmpfiles '-' mode makes a new d 0755 and c, b, p 0644 (tmpfiles.d(5)), whatever the umask" {
	needs_mknod
	table t 'd /new - - - -' 'c /dev/c - - - - 1:3' 'b /dev/b - - - - 8:0' \
		'p /dev/p - - - -'
	umask 077
	run --separate-stderr devtool apply -v --root R t
	assert_status 0
	assert_summary "4 created, 0 replaced, 0 corrected, 0 unchanged, 0 failed"
	assert_node R/new "directory 0 0 755 0 0"
	assert_node R/dev/c "character special file 1 3 644 0 0"
	assert_node R/dev/b "block special file 8 0 644 0 0"
	assert_node R/dev/p "fifo 0 0 644 0 0"
}

@test "apply: tmpfiles '-' mode with a new owner keeps the mode but never hands on set-id bits" {
	needs_mknod
	mkdir -p R/sgid
	chmod 2775 R/sgid
	echo kept >R/suid
	chmod 4755 R/suid
	table t 'f /suid - 5 5 -' 'd /sgid - 5 5 -'
	run --separate-stderr devtool apply -v --root R t
	assert_status 0
	assert_summary "0 created, 0 replaced, 2 corrected, 0 unchanged, 0 failed"
	# chown(2) drops a file's set-id bits and keeps a directory's
	assert_node R/suid "regular file 0 0 755 5 5"
	assert_node R/sgid "directory 0 0 2775 5 5"
}

@test "apply: tmpfiles c+ with '-' mode and owner replaces a node keeping its mode and owner" {
	needs_mknod
	mkdir -p R/dev
	mknod -m 0640 R/dev/c c 1 5
	chown 7:7 R/dev/c
	table t 'c+ /dev/c - - - - 1:3'
	run --separate-stderr devtool apply -v --root R t
	assert_status 0
	assert_summary "0 created, 1 replaced, 0 corrected, 0 unchanged, 0 failed"
	assert_node R/dev/c "character special file 1 3 640 7 7"
	assert_no_temp R
}

# ---------------------------------------------------------- the root entry

@test "apply: a '/' entry sets the --root directory's own mode and owner: corrected, then unchanged" {
	needs_mknod
	chmod 0755 R
	# (root keeps it: a root of another user's would lead to no /dev of
	# root's, an unsafe path transition; see transitions.bats)
	table t '/ d 700 0 2 - - - - -' '/dev d 755 0 0' '/dev/null c 666 0 0 1 3'
	run --separate-stderr devtool apply -n -v --root R t
	assert_status 0
	assert_line -n 0 "would correct / (d, mode 0700, owner 0:2)"
	assert_node R "directory 0 0 755 0 0"
	run --separate-stderr devtool apply -v --root R t
	assert_status 0
	assert_line -n 0 "corrected / (d, mode 0700, owner 0:2)"
	assert_summary "2 created, 0 replaced, 1 corrected, 0 unchanged, 0 failed"
	assert_node R "directory 0 0 700 0 2"
	assert_node R/dev/null "character special file 1 3 666 0 0"
	run --separate-stderr devtool apply -v --root R t
	assert_status 0
	assert_summary "0 created, 0 replaced, 0 corrected, 3 unchanged, 0 failed"

	# tmpfiles says it so; "-" keeps the mode
	table t 'd / 0750 root root -' 'd / - 3 4 -'
	run --separate-stderr devtool apply -v --root R t
	assert_status 2
	table t 'd / - 3 4 -'
	run --separate-stderr devtool apply -v --root R t
	assert_status 0
	assert_summary "0 created, 0 replaced, 1 corrected, 0 unchanged, 0 failed"
	assert_node R "directory 0 0 700 3 4"
}

# devtool-apply(1): the root's own entry goes last, as tar sets a
# directory's mode once its contents are in; given first to uid 3, the
# root would make each step down to root's /dev an unsafe transition.
@test "apply: a '/' entry first in the table, giving the root to another user, is applied after every node under it and after --remove" {
	needs_mknod
	chmod 0755 R
	mkdir R/dev
	mkfifo R/dev/old
	printf '/dev/old\n' >rm
	table t '/ d 0750 3 4' '/dev/null c 666 0 0 1 3' '/dev/sub d 755 0 0' \
		'/dev/sub/zero c 666 0 0 1 5'
	run --separate-stderr devtool apply -v --root R --remove rm t
	assert_status 0
	assert_output "created /dev/null (c 1:3, mode 0666, owner 0:0)
created directory /dev/sub (d, mode 0755, owner 0:0)
created /dev/sub/zero (c 1:5, mode 0666, owner 0:0)
removed /dev/old (p, mode 0644, owner 0:0)
corrected / (d, mode 0750, owner 3:4)"
	assert_node R "directory 0 0 750 3 4"
	assert_node R/dev/sub/zero "character special file 1 5 666 0 0"
	[[ ! -e R/dev/old ]] || fail "R/dev/old is still there"
	# once given, root's /dev under uid 3's root is refused, as it says
	table t2 '/dev/full c 666 0 0 1 7'
	run --separate-stderr devtool apply --root R t2
	assert_status 1
	assert_equal "$stderr" "devtool: /dev/full: unsafe path transition from / (owner 3) to /dev (a directory, owner 0): not entered"
}

@test "apply: the same '/' entry in two tables waits for the end in both: every node under it is made first" {
	needs_mknod
	chmod 0755 R
	table a '/ d 750 3 4' '/dev d 755 0 0' '/dev/null c 666 0 0 1 3'
	table b '/ d 750 3 4'
	run --separate-stderr devtool apply -v --root R a b
	assert_status 0
	assert_output "created directory /dev (d, mode 0755, owner 0:0)
created /dev/null (c 1:3, mode 0666, owner 0:0)
corrected / (d, mode 0750, owner 3:4)
kept / (d, mode 0750, owner 3:4)"
	assert_node R "directory 0 0 750 3 4"
	assert_node R/dev/null "character special file 1 3 666 0 0"
}

@test "apply: an r line for '/' goes in its turn: it changes the nodes before it, not those after it" {
	needs_mknod
	chmod 0755 R
	table t '/dev/a c 600 0 0 1 3' '/ r 0777 0 0' '/dev/b c 600 0 0 1 5'
	run --separate-stderr devtool apply -v --root R t
	assert_status 0
	assert_output "created directory /dev (d, mode 0755)
created /dev/a (c 1:3, mode 0600, owner 0:0)
corrected / (d, mode 0777, owner 0:0)
created /dev/b (c 1:5, mode 0600, owner 0:0)"
	assert_node R/dev/a "character special file 1 3 777 0 0"
	assert_node R/dev/b "character special file 1 5 600 0 0"
}

@test "apply: a '/' entry that takes another user's root back for root goes first, so the nodes under it are made in the same run" {
	needs_mknod
	chmod 0755 R
	chown 3:4 R
	table t '/dev/null c 666 0 0 1 3' '/ d 0755 0 0'
	run --separate-stderr devtool apply -v --root R t
	assert_status 0
	assert_output "corrected / (d, mode 0755, owner 0:0)
created directory /dev (d, mode 0755)
created /dev/null (c 1:3, mode 0666, owner 0:0)"
	assert_node R "directory 0 0 755 0 0"
}

@test "apply: the parents made for a failed node are removed before the '/' entry gives the root away; a run that stops does not apply it" {
	command -v strace >/dev/null || skip "strace is not installed"
	chmod 0755 R
	table t '/ d 0750 3 4' '/dev/sub/a c 666 0 0 1 3'
	run --separate-stderr strace -qq -o /dev/null -e trace=mknodat \
	    -e inject=mknodat:error=EPERM:when=1 \
	    "$DEVTOOL" apply -v --root R t
	assert_status 1
	assert_output "created directory /dev (d, mode 0755)
created directory /dev/sub (d, mode 0755)
removed directory /dev/sub (d, mode 0755)
removed directory /dev (d, mode 0755)
corrected / (d, mode 0750, owner 3:4)"
	assert_equal "$(find R)" "R"
	assert_node R "directory 0 0 750 3 4"
	chown 0:0 R
	chmod 0755 R
	table t '/ d 0750 3 4' '/dev/a c 666 0 0 1 3' '/dev/b c 666 0 0 1 5'
	run --separate-stderr strace -qq -o /dev/null -e trace=mknodat \
	    -e inject=mknodat:error=ENOSPC:when=1 \
	    "$DEVTOOL" apply -v --root R t
	assert_status 1
	assert_equal "${lines[-1]}" "removed directory /dev (d, mode 0755)"
	assert_stderr_contains "/dev/a: No space left on device; stopped: 2 entries not attempted"
	assert_node R "directory 0 0 755 0 0"
}

@test "apply: a '/' entry for a new, empty --root gives it the entry's mode" {
	mkdir fresh
	chmod 0755 fresh
	table t 'd / 0700 0 0 -'
	run --separate-stderr devtool apply -n -v --root fresh t
	assert_status 0
	assert_output "would correct / (d, mode 0700, owner 0:0)"
	assert_node fresh "directory 0 0 755 0 0"
	run --separate-stderr devtool apply --root fresh t
	assert_status 0
	assert_node fresh "directory 0 0 700 0 0"
}

# ---------------------------------------------------------------- --root ''

@test "apply: --root '' is a usage error naming --root (exit 2), with and without -n" {
	table t '/dev/null c 666 0 0 1 3'
	local n
	for n in "" -n; do
		run --separate-stderr devtool apply $n --root '' t
		assert_usage_error
		assert_stderr_contains "--root '' names no directory"
	done
	assert_missing dev
}

# ------------------------------------------------ security (devtool.1 SECURITY)

# A PID no process can have: Linux pids stay below 4194304 (PID_MAX_LIMIT).
DEAD=4194304

# Unsafe path transitions on the way to --archive FILE (SECURITY in
# devtool(1)): uid 65534's link at FILE, in its own directory, to a
# device of root's is refused and left as it was, and so is its link to
# a directory of root's on the way; what it names directly, a FIFO of its
# own or root's character device, and its link to its own FIFO, are
# written through.
@test "apply --archive: as root, another user's link at FILE to root's device, or on the way to root's directory, is refused; a FIFO or device named directly is written" {
	needs_mknod
	nobody_top
	local m=$NOBODY_TOP/mine got
	table t '/dev/null c 666 0 0 1 3'
	# root's, as /home is: the step into the user's directory is safe
	chmod 0755 "$NOBODY_TOP"
	mkdir -m 0755 "$m"
	chown 65534:65534 "$m"
	mknod -m 0600 "$NOBODY_TOP/dev" c 1 3
	as_nobody ln -s "$NOBODY_TOP/dev" "$m/e.cpio"
	as_nobody ln -s / "$m/up"
	run --separate-stderr devtool apply --archive "$m/e.cpio" t
	assert_status 1	# an unsafe path transition refused
	assert_stdout_empty
	assert_equal "$stderr" "devtool: $m/e.cpio: unsafe path transition from $m/e.cpio (a symbolic link, owner 65534) to $NOBODY_TOP/dev (a character device, owner 0): not followed; left as it is"
	run --separate-stderr devtool apply --archive "$m/up/tmp/$BATS_TEST_NUMBER.cpio" t
	assert_status 1
	assert_equal "$stderr" "devtool: $m/up/tmp/$BATS_TEST_NUMBER.cpio: unsafe path transition from $m/up (a symbolic link, owner 65534) to / (a directory, owner 0): not followed"
	[[ ! -e /tmp/$BATS_TEST_NUMBER.cpio ]] || fail "written through the link to /"
	assert_equal "$(find "$m" -printf '%P %y %u %l\n' | LC_ALL=C sort)" " d nobody 
e.cpio l nobody $NOBODY_TOP/dev
up l nobody /"
	# named directly: its FIFO, root's device there, its link to its FIFO
	as_nobody mkfifo "$m/fifo"
	as_nobody ln -s fifo "$m/own"
	mknod -m 0600 "$m/nul" c 1 3
	devtool apply --archive - --archive-format newc t >want
	for got in fifo own; do
		cat "$m/fifo" >got &
		run --separate-stderr devtool apply --archive "$m/$got" --archive-format newc t
		# a refusal never opened it: a writer of our own ends the reader
		# (O_RDWR, which never waits)
		if ((status != 0)); then exec 9<>"$m/fifo"; exec 9>&-; fi
		wait $!
		assert_status 0
		assert_stderr_empty
		cmp got want
	done
	run --separate-stderr devtool apply --archive "$m/nul" --archive-format newc t
	assert_status 0
	assert_stderr_empty
}

@test "apply: a killed run's private directories and mode-0 temporaries are removed where the next run works" {
	needs_mknod
	local d
	mkdir -p R/dev/sub R/dev/untouched
	for d in R/dev R/dev/sub R/dev/untouched; do
		mkdir -m 0700 "$d/.devtool.$DEAD.0"
		mknod -m 0 "$d/.devtool.$DEAD.0/n" c 1 3
		mknod -m 0 "$d/.devtool.$DEAD.1" b 8 0
	done
	table t \
		'/dev/null c 666 0 0 1 3 - - -' \
		'/dev/sub/tty c 620 0 5 4 1 - - -'
	run --separate-stderr devtool apply --root R t
	assert_status 0
	assert_stderr_empty
	assert_node R/dev/null "character special file 1 3 666 0 0"
	assert_node R/dev/sub/tty "character special file 4 1 620 0 5"
	assert_no_temp R/dev/sub
	[[ $(cd R/dev && LC_ALL=C ls -A | xargs) == "null sub untouched" ]] ||
		fail "R/dev holds $(ls -A R/dev)"
	# a directory the run did not use is not looked at
	[[ -e R/dev/untouched/.devtool.$DEAD.0/n && -e R/dev/untouched/.devtool.$DEAD.1 ]]
	run --separate-stderr devtool list --root R /dev
	assert_status 0
	[[ $output == *"/dev/null"*"/dev/sub/tty"* && $output != *devtool* ]] ||
		fail "listed: $output"
}

# The names are read a buffer of the kernel's at a time (node_stale.c's
# getdents64, a page): leftovers before, among and after 600 long names,
# some 40 reads' worth, are all found, and nothing else is touched.
@test "apply: a killed run's leftovers are found among many names, whichever read of the directory holds them" {
	needs_mknod
	local i names=() before
	mkdir -p R/dev
	mkdir -m 0700 "R/dev/.devtool.$DEAD.0"
	mknod -m 0 "R/dev/.devtool.$DEAD.0/n" c 1 3
	mknod -m 0 "R/dev/.devtool.$DEAD.1" c 1 5
	for ((i = 0; i < 600; i++)); do
		names+=("R/dev/$(printf 'f%03d%0240d' "$i" 0)")
		if ((i == 300)); then
			touch "${names[@]}"
			names=()
			mkdir -m 0700 "R/dev/.devtool.$DEAD.2"
			mkfifo -m 0 "R/dev/.devtool.$DEAD.3"
			# not a temporary's name: left
			mkfifo -m 0 "R/dev/.devtool.$DEAD.x"
		fi
	done
	touch "${names[@]}"
	mknod -m 0 "R/dev/.devtool.$DEAD.4" b 8 0
	before=$(cd R/dev && find . -name 'f*' | LC_ALL=C sort | md5sum)
	table t '/dev/null c 666 0 0 1 3 - - -'
	run --separate-stderr devtool apply --root R t
	assert_status 0
	assert_stderr_empty
	[[ $(cd R/dev && find . -name '.devtool.*') == "./.devtool.$DEAD.x" ]] ||
		fail "left: $(cd R/dev && find . -name '.devtool.*')"
	[[ $(cd R/dev && find . -name 'f*' | LC_ALL=C sort | md5sum) == "$before" ]]
	[[ $(find R/dev -type f | wc -l) -eq 600 ]]
	assert_node R/dev/null "character special file 1 3 666 0 0"
}

@test "apply: after a SIGKILL in the middle of a run, the next run leaves no temporary and completes the tree" {
	command -v strace >/dev/null || skip "strace is not installed"
	needs_mknod
	local st=0 left
	# foreign owners and set-id modes: every entry goes through a
	# temporary; 2,000 of them, twice the entries the kill comes after
	awk 'BEGIN { for (i = 0; i < 2000; i++)
		printf "/dev/s%d/n%d c 4640 1 5 10 %d - - -\n", i % 10, i, i }' >t
	# killed by strace (-e inject) on entry to its 1000th fchownat: while
	# it holds a temporary, made and not yet set up, however busy the
	# machine (no timing; the run cannot end first)
	strace -qq -o /dev/null -e trace=fchownat \
	    -e inject=fchownat:signal=KILL:when=1000 \
	    "$DEVTOOL" apply -r --root R t 2>/dev/null || st=$?
	assert_equal "$st" 137
	left=$(find R -name '.devtool.*')
	[[ -n $left ]] || fail "the killed run left no temporary: nothing to clean up"
	run --separate-stderr devtool apply -v --root R t
	assert_status 0
	assert_no_temp R
	[[ $(find R/dev -type c | wc -l) == 2000 ]]
	assert_node R/dev/s7/n1237 "character special file 10 1237 4640 1 5"
}

@test "apply: chown, chmod and rename never act on a name outside the private directory (strace)" {
	command -v strace >/dev/null || skip "strace is not installed"
	needs_mknod
	local log=$BATS_FILE_TMPDIR/names.$BATS_TEST_NUMBER bad
	local trace=chmod,fchmodat,chown,lchown,fchownat,rename,renameat,renameat2,link,linkat
	table t \
		'/dev d 2755 0 5 - - - - -' \
		'/dev/tty c 620 0 5 4 0 - - -' \
		'/dev/su c 4755 0 0 1 3 - - -' \
		'/dev/other c 600 1 1 1 5 - - -' \
		'/dev/sub/deep/fifo p 640 2 2 - - - - -' \
		'/dev/ttyS c 660 0 20 4 64 0 1 4'
	table u \
		'/dev d 755 0 0 - - - - -' \
		'/dev/tty c 600 0 0 5 0 - - -' \
		'/dev/su c 4750 0 0 1 3 - - -' \
		'/dev/other p 600 3 3 - - - - -' \
		'/dev/ttyS c 640 0 5 4 64 0 1 4'
	strace -y -f -qq -o "$log.1" -e trace=$trace "$DEVTOOL" apply --root R t
	strace -y -f -qq -o "$log.2" -e trace=$trace "$DEVTOOL" apply -r --root R u
	cat "$log.1" "$log.2" >"$log"
	assert_node R/dev/su "character special file 1 3 4750 0 0"
	assert_node R/dev/other "fifo 0 0 600 3 3"
	assert_node R/dev/ttyS3 "character special file 4 67 640 0 5"
	assert_node R/dev/sub/deep/fifo "fifo 0 0 640 2 2"
	grep -qE 'renameat2\(.*RENAME_EXCHANGE' "$log" || fail "nothing was replaced: $(cat "$log")"
	bad=$(by_name_outside "$log")
	[[ -z $bad ]] || fail "acted on a name outside the private directory:"$'\n'"$bad"
	assert_no_temp R
}

# ------------------------------------- what each safeguard is there for

@test "apply: in a set-gid directory a d entry gets exactly its mode and group, and a node its group" {
	needs_mknod
	mkdir -p R/sg
	chgrp 1234 R/sg
	chmod 2775 R/sg
	# mkdir(2) there would give S_ISGID and the directory's group.
	table t '/sg/sub d 755 0 0' '/sg/n c 640 0 0 1 3'
	run --separate-stderr devtool apply --root R t
	assert_status 0
	assert_stderr_empty
	assert_equal "$(stat -c '%a %u %g' R/sg/sub)" "755 0 0"
	assert_equal "$(node R/sg/n)" "character special file 1 3 640 0 0"
	assert_no_temp R
}

# getpwnam_r(3) and getgrnam_r(3) say ERANGE when the buffer is too
# small for the entry; devtool starts at 1 KiB and must grow it.  A
# private /etc/group and /etc/passwd (bind-mounted in a mount namespace
# of this test alone) hold a group of 300 members and a user with a long
# comment, each past 1 KiB.
@test "apply: a user and a group whose entries pass 1 KiB resolve (getpwnam_r/getgrnam_r ERANGE is retried)" {
	needs_mknod
	unshare -m true 2>/dev/null || skip "no mount namespace (unshare -m)"
	local i members=
	for ((i = 0; i < 300; i++)); do members+=member$i,; done
	{ cat /etc/group; echo "biggroup:x:4321:${members}last"; } >group
	{ cat /etc/passwd; printf 'biguser:x:4322:4321:%s:/nonexistent:/usr/sbin/nologin\n' \
	    "$(printf '%1500s' '' | tr ' ' x)"; } >passwd
	table t '/dev/u c 600 biguser 0 1 3' '/dev/g c 600 0 biggroup 1 3'
	run --separate-stderr unshare -m sh -c 'mount --bind "$PWD/group" /etc/group &&
	    mount --bind "$PWD/passwd" /etc/passwd && exec "$DEVTOOL" apply --root R t'
	assert_status 0
	assert_stderr_empty
	assert_equal "$(node R/dev/u)" "character special file 1 3 600 4322 0"
	assert_equal "$(node R/dev/g)" "character special file 1 3 600 0 4321"
}

# devtool(1), DIAGNOSTICS: failures of one cause past the first three are
# said once, with their count and the first paths of the rest.
@test "apply: many entries failing for one cause: the first three named, the rest in one line with a count" {
	local i lines=()
	mkdir -p R/dev
	for ((i = 0; i < 10; i++)); do
		: >"R/dev/f$i"
		lines+=("/dev/f$i p 644 0 0")
	done
	table t "${lines[@]}"
	run --separate-stderr devtool apply --root R t
	assert_status 1
	local why="exists and is a regular file; only device nodes and FIFOs are ever replaced (not even -r, or a tmpfiles '+' or '=', removes it)"
	assert_equal "$stderr" "devtool: /dev/f0: $why
devtool: /dev/f1: $why
devtool: /dev/f2: $why
devtool: 7 more entries failed: $why: /dev/f3, /dev/f4, /dev/f5 and 4 more"
}

# devtool(1), apply: a node there that differs from its line is named
# with what differs, and whether -r would correct it or replace it.
@test "apply: a rerun names what differs: mode, owner, numbers, type; and whether -r corrects or replaces" {
	needs_mknod
	table a '/dev/zero c 0066 0 0 1 5' '/dev/null c 0666 0 0 1 3' \
	    '/dev/fifo p 0600 0 0' '/dev/tty c 0666 0 0 5 0'
	run --separate-stderr devtool apply --root R a
	assert_status 0
	table b '/dev/zero c 0666 0 0 1 5' '/dev/null c 0640 5 6 1 3' \
	    '/dev/fifo c 0600 0 0 1 7' '/dev/tty c 0666 0 0 5 1'
	run --separate-stderr devtool apply --root R b
	assert_status 1
	assert_equal "$stderr" "devtool: /dev/zero: exists (a character device) with mode 0066, not 0666; use -r to correct it
devtool: /dev/null: exists (a character device) with mode 0666, not 0640, owner 0:0, not 5:6; use -r to correct it
devtool: /dev/fifo: exists (a FIFO, not a character device); use -r to replace it
devtool: /dev/tty: exists (a character device 5:0, not 5:1); use -r to replace it"
	# and -r does as said
	run --separate-stderr devtool apply -v -r --root R b
	assert_status 0
	assert_summary "0 created, 2 replaced, 2 corrected, 0 unchanged, 0 failed"
}

# devtool(1), apply: a dry run counts what the real run does: a line
# repeated is kept the second time, as the real run keeps it.
@test "apply -n: a duplicated line: the dry run says '1 created, 1 unchanged', as the real run" {
	local u g
	u=$(id -u) g=$(id -g)
	table t "/dev/f p 0640 $u $g" "/dev/f p 0640 $u $g"
	run --separate-stderr devtool apply -n -v --root R t
	assert_status 0
	assert_output "would create directory /dev (d, mode 0755)
would create /dev/f (p, mode 0640, owner $u:$g)
would keep /dev/f (p, mode 0640, owner $u:$g)"
	assert_equal "$stderr" "devtool: dry run, nothing done: would be 1 created, 0 replaced, 0 corrected, 1 unchanged, 0 failed"
	[[ ! -e R/dev ]]
	run --separate-stderr devtool apply -v --root R t
	assert_status 0
	assert_output "created directory /dev (d, mode 0755)
created /dev/f (p, mode 0640, owner $u:$g)
kept /dev/f (p, mode 0640, owner $u:$g)"
	assert_equal "$stderr" "devtool: 1 created, 0 replaced, 0 corrected, 1 unchanged, 0 failed"
}

# devtool-apply(1): without CAP_MKNOD the parents of a device node are
# made once, for the first that fails, and kept for the entries after
# it; a later FIFO uses /dev, which then stays.
@test "apply -v as uid 65534: 'created directory' once, not once per device node, and the directory a later entry used stays" {
	nobody_top
	table "$NOBODY_TOP/t" \
		'c /dev/a 0666 - - - 1:3' \
		'c /dev/b 0666 - - - 1:5' \
		'b /dev/sub/c 0660 - - - 8:0' \
		'p /dev/fifo 0600 - - -'
	as_nobody mkdir "$NOBODY_TOP/R"
	run --separate-stderr as_nobody "$DEVTOOL" apply -v --root "$NOBODY_TOP/R" "$NOBODY_TOP/t"
	assert_status 1
	assert_output "created directory /dev (d, mode 0755)
created /dev/fifo (p, mode 0600)"
	assert_equal "$stderr" "devtool: 3 device nodes not created, for want of CAP_MKNOD: /dev/a, /dev/b and /dev/sub/c
$NEEDS_CAP_MKNOD
devtool: 1 created, 0 replaced, 0 corrected, 0 unchanged, 3 failed"
	assert_equal "$(cd "$NOBODY_TOP/R" && find . | LC_ALL=C sort)" ".
./dev
./dev/fifo"
}

# devtool-apply(1): when every entry in them fails, the directories made
# for the first are kept for the others (the FIFO, which fails for want
# of CAP_CHOWN, makes none again) and removed at the end of the run,
# deepest first, each said once.
@test "apply -v as uid 65534: every entry fails: the directories made for them are made once and removed once, at the end, deepest first" {
	nobody_top
	table "$NOBODY_TOP/t" \
		'c /dev/sub/deep/a 0666 - - - 1:3' \
		'c /dev/b 0666 - - - 1:5' \
		'p /dev/sub/deep/fifo 0600 root root -' \
		'c /dev/sub/deep/c 0666 - - - 1:7'
	as_nobody mkdir "$NOBODY_TOP/R"
	run --separate-stderr as_nobody "$DEVTOOL" apply -v --root "$NOBODY_TOP/R" "$NOBODY_TOP/t"
	assert_status 1
	assert_output "created directory /dev (d, mode 0755)
created directory /dev/sub (d, mode 0755)
created directory /dev/sub/deep (d, mode 0755)
removed directory /dev/sub/deep (d, mode 0755)
removed directory /dev/sub (d, mode 0755)
removed directory /dev (d, mode 0755)"
	assert_equal "$stderr" "devtool: 3 device nodes not created, for want of CAP_MKNOD: /dev/sub/deep/a, /dev/b and /dev/sub/deep/c
devtool: 1 entry not made: cannot chown to 0:0 without CAP_CHOWN: /dev/sub/deep/fifo
$NEEDS_CAP_MKNOD
devtool: 0 created, 0 replaced, 0 corrected, 0 unchanged, 4 failed"
	assert_equal "$(cd "$NOBODY_TOP/R" && find . | LC_ALL=C sort)" "."
}

# devtool-apply(1): a directory a later entry was made in stays, even
# when that entry is taken out again (--remove): only those nothing used
# are removed.
@test "apply -v as uid 65534: a directory made for a failed node and used by a later FIFO stays, even once --remove took the FIFO out" {
	nobody_top
	table "$NOBODY_TOP/t" \
		'c /dev/sub/a 0666 - - - 1:3' \
		'p /dev/sub/fifo 0600 - - -' \
		'c /dev/x/y/b 0666 - - - 1:5'
	printf '/dev/sub/fifo\n' >"$NOBODY_TOP/rm"
	as_nobody mkdir "$NOBODY_TOP/R"
	run --separate-stderr as_nobody "$DEVTOOL" apply -v --root "$NOBODY_TOP/R" --remove "$NOBODY_TOP/rm" "$NOBODY_TOP/t"
	assert_status 1
	assert_output "created directory /dev (d, mode 0755)
created directory /dev/sub (d, mode 0755)
created /dev/sub/fifo (p, mode 0600)
removed /dev/sub/fifo (p, mode 0600, owner 65534:65534)"
	assert_equal "$(cd "$NOBODY_TOP/R" && find . | LC_ALL=C sort)" ".
./dev
./dev/sub"
}

# devtool-apply(1) and SECURITY in devtool(1): what is removed at the
# end is the directory made, by its inode, never another user's that
# took its name meanwhile.  The run is held (SIGSTOP from strace, no
# timing) on the FIFO's mknodat, after /dev was made for the failed node
# and before the end, while root swaps in a directory of uid 1 that uid
# 65534, owner of R, could remove.
@test "apply -v as uid 65534: a directory another user swapped in for the one made is not removed at the end" {
	command -v strace >/dev/null || skip "strace is not installed"
	nobody_top
	local log=$BATS_TEST_TMPDIR/strace.log job ino
	table "$NOBODY_TOP/t" \
		'c /dev/a 0666 - - - 1:3' \
		'p /f 0600 - - -'
	as_nobody mkdir "$NOBODY_TOP/R"
	strace -f -qq -o "$log" -e trace=mknodat \
	    -e inject=mknodat:signal=SIGSTOP:when=2 \
	    setpriv --reuid=65534 --regid=65534 --clear-groups \
	    "$DEVTOOL" apply -v --root "$NOBODY_TOP/R" "$NOBODY_TOP/t" \
	    >out 2>err &
	job=$!
	strace_stopped "$log" "$job"
	# the held run is let go before the test can fail
	if ! [[ -d $NOBODY_TOP/R/dev ]] ||
	    ! mv "$NOBODY_TOP/R/dev" "$NOBODY_TOP/R/made" ||
	    ! mkdir -m 0755 "$NOBODY_TOP/R/dev" ||
	    ! chown 1:1 "$NOBODY_TOP/R/dev"; then
		kill -KILL "$STOPPED"
		wait "$job" || :
		fail "/dev made for the failed node was not there to swap while the run was held: $(cat out)"
	fi
	ino=$(stat -c %i "$NOBODY_TOP/R/dev")
	kill -CONT "$STOPPED"
	status=0; wait "$job" || status=$?
	assert_equal "$status" 1
	assert_equal "$(cat out)" "created directory /dev (d, mode 0755)
created /f (p, mode 0600)"
	assert_equal "$(stat -c '%i %u %F' "$NOBODY_TOP/R/dev")" "$ino 1 directory"
	# the one made, moved away, is not followed there either
	assert_equal "$(stat -c '%u %F' "$NOBODY_TOP/R/made")" "65534 directory"
}

# devtool-apply(1): a run that stops early, for a full disk or a signal,
# still removes at its end the directories made for a failed entry,
# before its summary.  strace makes the FIFO's mknodat fail (ENOSPC), or
# sends SIGTERM on it (no timing: the run cannot end first).
@test "apply -v as uid 65534: stopped by a full disk or SIGTERM, the run still removes the directory made for its failed node, once" {
	command -v strace >/dev/null || skip "strace is not installed"
	nobody_top
	table "$NOBODY_TOP/t" \
		'c /dev/a 0666 - - - 1:3' \
		'p /f1 0600 - - -' \
		'p /f2 0600 - - -'
	as_nobody mkdir "$NOBODY_TOP/R"
	run --separate-stderr strace -qq -o /dev/null -e trace=mknodat \
	    -e inject=mknodat:error=ENOSPC:when=2 \
	    setpriv --reuid=65534 --regid=65534 --clear-groups \
	    "$DEVTOOL" apply -v --root "$NOBODY_TOP/R" "$NOBODY_TOP/t"
	assert_status 1
	assert_output "created directory /dev (d, mode 0755)
removed directory /dev (d, mode 0755)"
	assert_equal "$(cd "$NOBODY_TOP/R" && find . | LC_ALL=C sort)" "."
	run --separate-stderr strace -qq -o /dev/null -e trace=mknodat \
	    -e inject=mknodat:signal=SIGTERM:when=2 \
	    setpriv --reuid=65534 --regid=65534 --clear-groups \
	    "$DEVTOOL" apply -v --root "$NOBODY_TOP/R" "$NOBODY_TOP/t"
	assert_status 143
	assert_output "created directory /dev (d, mode 0755)
created /f1 (p, mode 0600)
removed directory /dev (d, mode 0755)"
	assert_stderr_contains "interrupted after 2 of 3"
	assert_equal "$(cd "$NOBODY_TOP/R" && find . | LC_ALL=C sort)" ".
./f1"
}

# ------------------------------------------- interrupted (devtool(1), SIGNALS)

# interrupt SIG [OPTIONS...]: apply -v of 20000 FIFOs into R with OPTIONS,
# its output (stdout then stderr) read through the FIFO "out" into "log":
# SIG is sent once the first line is read.  The output is far more than a
# pipe holds, so the run cannot have ended by then, whatever the timing.
# Sets status to apply's exit status.
interrupt() {
	local sig=$1 pid; shift
	for ((i = 0; i < 20000; i++)); do echo "/f$i p 644 0 0 - - - - -"; done >T
	mkfifo out
	# a background job starts with SIGINT ignored (bash(1)): reset it
	env --default-signal=INT "$DEVTOOL" apply -v "$@" T >out 2>&1 & pid=$!
	exec 4<out
	IFS= read -r line <&4 || fail "no first line"
	printf '%s\n' "$line" >log
	kill -"$sig" "$pid"
	cat <&4 >>log
	exec 4<&-
	status=0; wait "$pid" || status=$?
}

@test "apply: SIGINT, SIGTERM, SIGHUP: the entry in flight finished, every node in the log once, the summary, then death by the signal" {
	for sig in INT TERM HUP; do
		rm -rf R out log && mkdir R
		interrupt "$sig" --root R
		(( status == 128 + $(kill -l "$sig") )) || fail "$sig: exit $status"
		# one "created" line per FIFO that exists, and nothing else in R
		diff <(grep '^created ' log | sed 's/^created \([^ ]*\) .*/\1/' | sort) \
		    <(cd R && find . -mindepth 1 | sed 's/^\.//' | sort) ||
			fail "$sig: the log and R differ"
		n=$(find R -mindepth 1 | wc -l)
		(( n > 0 && n < 20000 )) || fail "$sig: $n made"
		[[ $(tail -n 1 log) == "devtool: $n created, 0 replaced, 0 corrected, 0 unchanged, 0 failed, interrupted after $n of 20000" ]] ||
			fail "$sig: last line: $(tail -n 1 log)"
		(( $(grep -vc '^created ' log) == 1 )) || fail "$sig: other lines: $(grep -v '^created ' log)"
	done
}

@test "apply --archive: SIGINT leaves no archive and no temporary" {
	interrupt INT --archive A.tar
	(( status == 130 )) || fail "exit $status"
	[[ $(tail -n 1 log) == *", interrupted: no archive written" ]] ||
		fail "last line: $(tail -n 1 log)"
	[[ $(ls -A) == $'R\nT\nlog\nout' ]] || fail "left: $(ls -A)"
}

@test "apply: the plan holds a table line in 32 bytes and its path, the conflict check in 16 more: under 96 bytes a line beyond the paths" {
	# docs/DESIGN.md, "The entry pipeline": apply's plan is a pack of
	# 32-byte records, the table's file an index and the line in the
	# record.  A bad last line stops the run after the conflict check,
	# whose sort is the peak, with nothing made.
	local n peak1 peak2 path
	[[ -x $BATS_TEST_DIRNAME/../bench/peak_rss ]] ||
		fail "bench/peak_rss is missing: make check builds it"
	for n in 1000 200000; do
		awk -v n="$n" 'BEGIN { for (i = 0; i < n; i++)
			printf "/m/d%d/n%d c 0644 0 0 240 %d - - -\n",
			    i % 1000, i, i % 1048576
			print "/m/bad c 0644 0 0 240" }' >t$n
	done
	# a sanitizer build (make check-asan) keeps freed memory in quarantine
	ASAN_OPTIONS=${ASAN_OPTIONS:+$ASAN_OPTIONS:}quarantine_size_mb=0 \
		"$BATS_TEST_DIRNAME/../bench/peak_rss" "$DEVTOOL" apply \
		--root R t1000 2>rss1 >/dev/null && fail "the bad line passed"
	ASAN_OPTIONS=${ASAN_OPTIONS:+$ASAN_OPTIONS:}quarantine_size_mb=0 \
		"$BATS_TEST_DIRNAME/../bench/peak_rss" "$DEVTOOL" apply \
		--root R t200000 2>rss2 >/dev/null && fail "the bad line passed"
	grep -q ': t200000:200001: ' rss2 ||
		fail "not refused at the bad line: $(head -n 3 rss2)"
	assert_nothing_made
	peak1=$(tail -n 1 rss1)
	peak2=$(tail -n 1 rss2)
	# a path's bytes and NUL, on average, which any plan holds
	path=$(awk 'NR <= 200000 { s += length($1) + 1 } END { print int(s / NR) }' t200000)
	(( (peak2 - peak1) * 1024 / 199000 - path < 96 )) ||
		fail "$(( (peak2 - peak1) * 1024 / 199000 - path )) bytes a line beyond the paths (peak $peak1 KiB at 1,000 lines, $peak2 KiB at 200,000)"
}

# What a line costs, counted rather than timed (README, Benchmarks: apply
# against a bare mknodat(2) loop, bench/ref_mknod.c): 20,000 lines of
# make bench's table, each one c node in one directory, at most 2,540
# instructions a line, start-up, reading, the conflict check and the
# nodes included (2,460 when written); 2,756 while each node was
# copied out of the plan's record into an entry, and again by
# entry_expand, before the target made its node_want of it, and asked
# through a call whether its directory was on a nodev mount; when every
# field was copied before it was read and the path was checked a
# second time and the conflict check compared paths through qsort, they
# took 5,800, and 3,900 while a line's fields were read after its end
# was found and its path normalised apart, and the check sorted places
# and compared paths; 3,096 while each node split its path with two
# strcmp and looked the cached directory up by strcmp twice, and asked
# through calls what it could read in place (whether -v or -n says
# anything, the stale check).
@test "apply: 20,000 makedevs lines cost under 2,540 instructions each (callgrind)" {
	local n
	awk 'BEGIN { for (i = 0; i < 20000; i++)
		printf "/n/d%d c 0644 0 0 240 %d - - -\n", i, i }' >t
	mkdir R/n
	if [[ -n ${DEVTOOL_REAL:-}${DEVTOOL_SANITIZED:-} ]]; then
		# devtool already runs under valgrind or the sanitizers, which
		# count their own checks: what this run checks is the reading
		# and the plan's memory, over the same 20,000 lines
		"$DEVTOOL" apply --root R t
	else
		valgrind --tool=callgrind --callgrind-out-file=/dev/null \
		    "$DEVTOOL" apply --root R t 2>log
		n=$(sed -n 's/.*Collected : //p' log)
		[[ -n $n ]] || fail "no count from callgrind: $(cat log)"
		if (( n > 2540 * 20000 )); then
			fail "$n instructions, $((n / 20000)) a line (at most 2,540)"
		fi
	fi
	[[ $(find R/n -type c | wc -l) -eq 20000 ]]
	assert_node R/n/d19999 "character special file 240 19999 644 0 0"
}
