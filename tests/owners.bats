#!/usr/bin/env bats
# User and group names from the target tree, not the host (devtool(1),
# "User and group names"): apply and mknod under --root read the tree's
# etc/passwd and etc/group, --users-from DIR reads DIR's, a file the tree
# lacks falls back to the host's database under --root only, and the
# files are opened confined to the tree.  Nodes are checked with stat(1).

load test_helper

# A tree DIR with etc/passwd and etc/group whose ids are not the host's:
# video 77 (the host's is another, or none), input 105 and the user svc
# 901, which the host need not have.
target_db() {
	mkdir -p "$1/etc"
	printf '%s\n' 'root:x:0:0:root:/root:/bin/sh' \
		'svc:x:901:901:a service:/:/usr/sbin/nologin' >"$1/etc/passwd"
	printf '%s\n' 'root:x:0:' 'video:x:77:svc' 'input:x:105:' \
		>"$1/etc/group"
}

# A table from the arguments, one line each.
table() { local f=$1; shift; printf '%s\n' "$@" >"$f"; }

# assert_stat PATH WANT: node PATH (type, numbers, mode, owner) is WANT.
assert_stat() {
	run node "$1"
	assert_output "$2"
}

setup() {
	setup_workdir
	target_db R
	# the ids prove something only where the host's differ
	[[ $(getent group video | cut -d: -f3) != 77 ]] ||
		fail "the host's video group is 77 too: pick another id"
}

@test "owners: a tmpfiles table under --root gets R's video and input gids and svc uid" {
	needs_mknod
	table t 'c /dev/fb0 0660 root video - 29:0' \
		'c /dev/input/event0 0660 svc input - 13:64'
	run --separate-stderr devtool apply --root R t
	assert_status 0
	assert_stderr_empty
	assert_stat R/dev/fb0 "character special file 29 0 660 0 77"
	assert_stat R/dev/input/event0 "character special file 13 64 660 901 105"
}

@test "owners: a makedevs table under --root gets R's ids, ranges too" {
	needs_mknod
	table t '/dev/fb0 c 660 root video 29 0' \
		'/dev/input/event c 660 svc input 13 64 0 1 2'
	run --separate-stderr devtool apply --root R t
	assert_status 0
	assert_stat R/dev/fb0 "character special file 29 0 660 0 77"
	assert_stat R/dev/input/event0 "character special file 13 64 660 901 105"
	assert_stat R/dev/input/event1 "character special file 13 65 660 901 105"
}

@test "owners: mknod -u and -g under --root take R's names" {
	needs_mknod
	run --separate-stderr devtool mknod --root R -m 0660 -u svc -g input \
		-p /dev/input/event0 c 13 64
	assert_status 0
	assert_stat R/dev/input/event0 "character special file 13 64 660 901 105"
	run --separate-stderr devtool mknod --root R -g video /dev/fb0 c 29 0
	assert_status 0
	assert_stat R/dev/fb0 "character special file 29 0 644 0 77"
}

@test "owners: --users-from DIR takes DIR's names for apply, over --root's" {
	needs_mknod
	target_db D
	sed -i 's/^video:x:77:/video:x:78:/' D/etc/group
	table t 'c /dev/fb0 0660 svc video - 29:0'
	run --separate-stderr devtool apply --root R --users-from D t
	assert_status 0
	assert_stat R/dev/fb0 "character special file 29 0 660 901 78"
}

@test "owners: --users-from DIR takes DIR's names for mknod, without --root" {
	needs_mknod
	run --separate-stderr devtool mknod --users-from R -m 0600 -u svc \
		-g input node c 1 3
	assert_status 0
	assert_stat node "character special file 1 3 600 901 105"
}

@test "owners: an unknown name names the file searched, and nothing is made" {
	table t 'c /dev/fb0 0660 root video - 29:0' \
		'c /dev/input/event0 0660 root plugdev - 13:64'
	table m '/dev/x c 660 nosvc 0 1 3'
	run --separate-stderr devtool apply --root R t m
	assert_status 2
	assert_stdout_empty
	assert_equal "$stderr" "devtool: t:2: unknown group 'plugdev' (not in R/etc/group)
devtool: m:1: unknown user 'nosvc' (not in R/etc/passwd)
devtool: 2 errors in the tables; nothing was created"
	[[ ! -e R/dev ]] || fail "R/dev was made"
}

@test "owners: mknod's unknown -u or -g names the file searched" {
	run --separate-stderr devtool mknod --root R// -u nosvc /dev/x c 1 3
	assert_status 2
	assert_equal "$stderr" "devtool: unknown user 'nosvc' (not in R/etc/passwd)"
	run --separate-stderr devtool mknod --users-from / -u devtool-nosuch \
		x c 1 3
	assert_status 2
	assert_equal "$stderr" "devtool: unknown user 'devtool-nosuch' (not in /etc/passwd)"
	run --separate-stderr devtool mknod --users-from R -g plugdev x c 1 3
	assert_status 2
	assert_equal "$stderr" "devtool: unknown group 'plugdev' (not in R/etc/group)"
	[[ ! -e x && ! -e R/dev ]] || fail "a node was made"
}

@test "owners: the host's name in R's table is R's: a host-only group is unknown" {
	# 'root' is in both; the host's 'audio' (or any) is not in R/etc/group
	table t 'c /dev/dsp 0660 root audio - 14:3'
	run --separate-stderr devtool apply -n --root R t
	assert_status 2
	assert_equal "$stderr" "devtool: t:1: unknown group 'audio' (not in R/etc/group)
devtool: 1 error in the table; nothing was created"
}

@test "owners: --root without etc/group takes the host's groups, and says so" {
	needs_mknod
	local host_video
	host_video=$(getent group video | cut -d: -f3)
	[[ -n $host_video ]] || skip "the host has no group video"
	rm R/etc/group
	table t 'c /dev/fb0 0660 svc video - 29:0'
	run --separate-stderr devtool apply --root R t
	assert_status 0
	assert_stat R/dev/fb0 "character special file 29 0 660 901 $host_video"
	table u 'c /dev/x 0660 root devtool-nosuch - 1:3'
	run --separate-stderr devtool apply --root R u
	assert_status 2
	assert_equal "$stderr" "devtool: u:1: unknown group 'devtool-nosuch' (not in the host's group database; there is no R/etc/group)
devtool: 1 error in the table; nothing was created"
}

@test "owners: a --root that does not exist is refused before a name is looked up in the host's database (dry run too)" {
	table t 'c /dev/x 0660 root devtool-nosuch - 1:3'
	run --separate-stderr devtool apply -n --root new t
	assert_status 1
	assert_equal "$stderr" "devtool: --root new: No such file or directory"
}

@test "owners: --users-from DIR without etc/group knows no group names, numbers work" {
	needs_mknod
	mkdir -p D/etc
	table t 'c /dev/fb0 0660 0 video - 29:0'
	run --separate-stderr devtool apply --root R --users-from D t
	assert_status 2
	assert_equal "$stderr" "devtool: t:1: unknown group 'video' (there is no D/etc/group)
devtool: 1 error in the table; nothing was created"
	table t 'c /dev/fb0 0660 7 44 - 29:0'
	run --separate-stderr devtool apply --root R --users-from D t
	assert_status 0
	assert_stat R/dev/fb0 "character special file 29 0 660 7 44"
}

@test "owners: --users-from a missing or empty DIR is an error before anything" {
	table t 'c /dev/x 0660 0 0 - 1:3'
	run --separate-stderr devtool apply --root R --users-from nope t
	assert_status 1
	assert_equal "$stderr" "devtool: --users-from nope: No such file or directory"
	run --separate-stderr devtool mknod --users-from nope -u 0 x c 1 3
	assert_status 1
	assert_equal "$stderr" "devtool: --users-from nope: No such file or directory"
	[[ ! -e R/dev && ! -e x ]] || fail "a node was made"
	run --separate-stderr devtool apply --users-from '' t
	assert_usage_error
	assert_stderr_contains "devtool: --users-from '' names no directory"
	run --separate-stderr devtool mknod --users-from '' x c 1 3
	assert_usage_error
	assert_stderr_contains "devtool: --users-from '' names no directory"
}

# R/etc/group a symbolic link to the host's OUT/group, which names the
# group 'escapee' 555: as an absolute link, and climbing out with "..".
escape_links() {
	mkdir -p out
	printf 'escapee:x:555:\nvideo:x:555:\n' >out/group
	rm R/etc/group
	ln -s "$1" R/etc/group
}

escape_refused() {
	local method
	table t 'c /dev/x 0660 0 escapee - 1:3'
	for method in openat2 walk; do
		DEVTOOL_RESOLVE=$method run --separate-stderr devtool apply \
			--root R --users-from R t
		assert_status 2
		assert_equal "$stderr" "devtool: t:1: unknown group 'escapee' (there is no R/etc/group)
devtool: 1 error in the table; nothing was created"
		DEVTOOL_RESOLVE=$method run --separate-stderr devtool mknod \
			--root R -g escapee /x c 1 3
		assert_status 2
		assert_equal "$stderr" "devtool: unknown group 'escapee' (not in the host's group database; there is no R/etc/group)"
	done
	[[ ! -e R/x && ! -e R/dev ]] || fail "a node was made"
}

@test "owners: R/etc/group linking out of R by an absolute path is not followed out" {
	escape_links "$PWD/out/group"
	escape_refused
}

@test "owners: R/etc/group linking out of R with .. is not followed out" {
	escape_links ../../out/group
	escape_refused
}

@test "owners: a symbolic link inside R is followed inside R" {
	needs_mknod
	mkdir -p R/usr/share
	mv R/etc/group R/usr/share/group
	ln -s /usr/share/group R/etc/group
	table t 'c /dev/fb0 0660 0 video - 29:0'
	run --separate-stderr devtool apply --root R t
	assert_status 0
	assert_stat R/dev/fb0 "character special file 29 0 660 0 77"
}

@test "owners: R/etc/group that is a FIFO or a device is never opened" {
	needs_mknod
	rm R/etc/group
	mkfifo R/etc/group
	table t 'c /dev/x 0660 0 video - 1:3'
	# timeout: opening the FIFO would wait forever for a writer
	run --separate-stderr timeout 60 "$DEVTOOL" apply --root R t
	assert_status 2
	assert_equal "$stderr" "devtool: t:1: unknown group 'video' (R/etc/group: not a regular file)
devtool: 1 error in the table; nothing was created"
	rm R/etc/group
	mknod R/etc/group c 1 3
	run --separate-stderr timeout 60 "$DEVTOOL" mknod --root R -g video \
		/x c 1 3
	assert_status 2
	assert_equal "$stderr" "devtool: unknown group 'video' (R/etc/group: not a regular file)"
}

@test "owners: the files are read only for a name: numbers need no etc/group" {
	needs_mknod
	rm R/etc/group
	mkfifo R/etc/group
	table t 'c /dev/x 0660 0 44 - 1:3'
	run --separate-stderr timeout 60 "$DEVTOOL" apply --root R t
	assert_status 0
	assert_stat R/dev/x "character special file 1 3 660 0 44"
}

@test "owners: a line of etc/group longer than 1 MiB is an error that says so" {
	{
		printf 'big:x:5:'
		head -c 1100000 /dev/zero | tr '\0' 'm'
		printf '\nvideo:x:77:\n'
	} >R/etc/group
	table t 'c /dev/x 0660 0 video - 1:3'
	run --separate-stderr devtool apply -n --root R t
	assert_status 2
	assert_equal "$stderr" "devtool: t:1: unknown group 'video' (R/etc/group: a line is longer than 1 MiB)
devtool: 1 error in the table; nothing was created"
}

@test "owners: control bytes in the tree's name are quoted in the message" {
	target_db "$CTRL"
	quoted_error 2 "devtool: unknown group 'plugdev' (not in $CTRL_Q/etc/group)" \
		mknod --users-from "$CTRL" -g plugdev x c 1 3
}
