#!/usr/bin/env bats
# transitions.bats - unsafe path transitions (SECURITY in devtool(1);
# systemd-tmpfiles' "unsafe path transition", TEST-22-TMPFILES 03 and 08,
# the class of CVE-2017-18078).  As root, devtool never follows a symbolic
# link, nor enters a directory, reached through a directory that another
# user can write, when that step changes owner: it refuses, exit 2, and
# names the path and the step.
#
# Inside the root R, /srv/x belongs to uid 65534 (the attacker), who
# planted there a link to the root's /etc (absolute, and relative), and
# where a directory of root's and one of uid 65533's stand; a link of
# root's was moved in too.  Every entry type is sent through each of
# them: nothing may be made or changed anywhere.  The controls: what
# 65534 owns in its own directory is followed and entered, as
# systemd-tmpfiles does, and root's own chains work as before.  Each test
# runs under both resolution methods (DEVTOOL_RESOLVE=openat2 and walk).

load test_helper

setup() {
	local t

	setup_workdir
	needs_mknod
	command -v setpriv >/dev/null || skip "setpriv is not installed"
	# uid 65534 must reach its files here: bats makes its dirs 0700.
	t=$PWD
	while [[ $t == "$BATS_RUN_TMPDIR"* ]]; do
		chmod a+x "$t"
		[[ $t == "$BATS_RUN_TMPDIR" ]] && break
		t=${t%/*}
	done
	unset DEVTOOL_RESOLVE
}

# as_attacker COMMAND...: runs COMMAND as uid and gid 65534, no groups.
as_attacker() {
	setpriv --reuid=65534 --regid=65534 --clear-groups -- "$@"
}

# targets DIR...: what an entry sent to each DIR would make or change: a
# regular file "file" and a tree "tree" (a directory holding a file).
targets() {
	local d
	for d; do
		mkdir -p "$d/tree"
		echo content >"$d/file"
		echo content >"$d/tree/leaf"
		chmod 0644 "$d/file" "$d/tree/leaf"
	done
}

# make_tree: a fresh R (see the top of this file), and R's state in
# BEFORE.
make_tree() {
	rm -rf R
	mkdir -p R/etc R/srv/x R/srv/y
	targets R/etc
	chown 65534:65534 R/srv/x
	as_attacker ln -s /etc R/srv/x/link
	as_attacker ln -s ../../etc R/srv/x/rel
	mkdir R/srv/x/rootdir R/srv/x/other
	targets R/srv/x/rootdir R/srv/x/other
	chown -R 65533:65533 R/srv/x/other
	ln -s /etc R/srv/x/rootlink
	# the controls: 65534's own, and root's own
	as_attacker mkdir R/srv/x/own
	as_attacker ln -s own R/srv/x/ownlink
	ln -s /etc R/srv/y/link
	ln -s ../../etc R/srv/y/rel
	BEFORE=$(state)
}

# state: everything under R, in detail, file capabilities included.
state() {
	find R -printf '%p %y %i %m %u:%g %s %l\n' | LC_ALL=C sort
	if command -v getcap >/dev/null; then
		getcap -r R 2>/dev/null | LC_ALL=C sort
	fi
}

assert_unchanged() {
	local now
	now=$(state)
	[[ $now == "$BEFORE" ]] ||
		fail "something changed under R (DEVTOOL_RESOLVE=$DEVTOOL_RESOLVE):"$'\n'"$(diff <(echo "$BEFORE") <(echo "$now"))"
}

# The step each way in refuses, after "devtool: PATH: ".
U="unsafe path transition from"
VIAS="link rel rootdir other rootlink"
declare -gA WHY=(
	[link]="$U /srv/x/link (a symbolic link, owner 65534) to / (a directory, owner 0): not followed"
	[rel]="$U /srv/x (owner 65534) to /srv (a directory, owner 0): not entered"
	[rootdir]="$U /srv/x (owner 65534) to /srv/x/rootdir (a directory, owner 0): not entered"
	[other]="$U /srv/x (owner 65534) to /srv/x/other (a directory, owner 65533): not entered"
	[rootlink]="$U /srv/x (owner 65534) to /srv/x/rootlink (a symbolic link, owner 0): not followed"
)

# refused NAME LINE...: each LINE (a printf format of the way in, VIA)
# sent through every way in, in one table: exit 2, one message per
# entry, naming it and its step, and nothing made or changed, under
# both methods.  The tables are makedevs or tmpfiles as LINE says.
refused() {
	local name=$1 m via want
	shift
	for m in openat2 walk; do
		export DEVTOOL_RESOLVE=$m
		make_tree
		want=
		: >t
		for via in $VIAS; do
			# shellcheck disable=SC2059 # LINE is the format
			printf "$*"'\n' "$via" >>t
			want+="devtool: /srv/x/$via/$name: ${WHY[$via]}"$'\n'
		done
		run --separate-stderr devtool apply --root R t
		assert_status 1
		assert_stdout_empty
		assert_equal "$stderr" "${want%$'\n'}"
		assert_unchanged
	done
}

# ------------------------------------------------------- every entry type

@test "transitions: c lines through another owner's link or directory in a user's directory are refused, naming the step" {
	refused n 'c /srv/x/%s/n 0644 0 0 - 1:3'
}

@test "transitions: b lines through another owner's link or directory in a user's directory are refused, naming the step" {
	refused n 'b /srv/x/%s/n 0644 0 0 - 8:0'
}

@test "transitions: p lines through another owner's link or directory in a user's directory are refused, naming the step" {
	refused n 'p /srv/x/%s/n 0644 0 0 -'
}

@test "transitions: makedevs s lines through another owner's link or directory in a user's directory are refused, naming the step" {
	refused n '/srv/x/%s/n s 666 0 0'
}

@test "transitions: d lines through another owner's link or directory in a user's directory are refused, naming the step" {
	refused n 'd /srv/x/%s/n 0755 0 0 -'
}

@test "transitions: f lines (tmpfiles, made) through another owner's link or directory in a user's directory are refused, naming the step" {
	refused n 'f /srv/x/%s/n 0644 0 0 -'
}

@test "transitions: makedevs f lines (an existing file adjusted) through another owner's link or directory are refused, naming the step" {
	refused file '/srv/x/%s/file f 4755 0 0'
}

@test "transitions: makedevs f lines with |xattr through another owner's link or directory are refused, naming the step" {
	command -v getcap >/dev/null || skip "getcap is not installed (apt-get install libcap2-bin)"
	refused file '/srv/x/%s/file f 755 0 0\n|xattr cap_net_raw+ep'
}

@test "transitions: makedevs r lines through another owner's link or directory are refused, naming the step" {
	refused tree '/srv/x/%s/tree r 700 7 7'
}

@test "transitions: L lines through another owner's link or directory in a user's directory are refused, naming the step" {
	refused n 'L /srv/x/%s/n - - - - /target'
}

@test "transitions: an r line's own tree, another owner's directory in a user's directory, is not entered" {
	local m
	for m in openat2 walk; do
		export DEVTOOL_RESOLVE=$m
		make_tree
		printf '/srv/x/rootdir r 700 7 7\n/srv/x/other r 700 7 7\n' >t
		run --separate-stderr devtool apply --root R t
		assert_status 1
		assert_equal "$stderr" "devtool: /srv/x/rootdir: ${WHY[rootdir]}
devtool: /srv/x/other: ${WHY[other]}"
		assert_unchanged
	done
}

@test "transitions: mknod through another owner's link or directory in a user's directory is refused, naming the step" {
	local m via
	for m in openat2 walk; do
		export DEVTOOL_RESOLVE=$m
		make_tree
		for via in $VIAS; do
			run --separate-stderr devtool mknod --root R \
				"/srv/x/$via/n" c 1 3
			assert_status 1
			assert_equal "$stderr" "devtool: /srv/x/$via/n: ${WHY[$via]}"
		done
		assert_unchanged
	done
}

@test "transitions: -p makes no directory of root's in a user's directory, which it could not enter, nor says it would" {
	local m
	for m in openat2 walk; do
		export DEVTOOL_RESOLVE=$m
		make_tree
		run --separate-stderr devtool mknod -v -p --root R /srv/x/new/n c 1 3
		assert_status 1
		assert_stdout_empty
		assert_equal "$stderr" "devtool: /srv/x/new/n: $U /srv/x (owner 65534) to /srv/x/new (a directory, owner 0): not entered"
		# a dry run says so too
		run --separate-stderr devtool mknod -n -p --root R /srv/x/new/a/n c 1 3
		assert_status 1
		assert_stdout_empty
		assert_equal "$stderr" "devtool: /srv/x/new/a/n: $U /srv/x (owner 65534) to /srv/x/new (a directory, owner 0): not entered"
		printf 'd /srv/x/new/d 0755 0 0 -\n' >t
		run --separate-stderr devtool apply --root R t
		assert_status 1
		assert_equal "$stderr" "devtool: /srv/x/new/d: $U /srv/x (owner 65534) to /srv/x/new (a directory, owner 0): not entered"
		assert_unchanged
	done
}

@test "transitions: without --root, a path through a user's link to root's directory is refused, naming the step" {
	local m
	for m in openat2 walk; do
		export DEVTOOL_RESOLVE=$m
		make_tree
		run --separate-stderr devtool mknod "$PWD/R/srv/x/rel/n" c 1 3
		assert_status 1
		assert_equal "$stderr" "devtool: $PWD/R/srv/x/rel/n: $U $PWD/R/srv/x (owner 65534) to $PWD/R/srv (a directory, owner 0): not entered"
		(
			cd R/srv/x/own
			run --separate-stderr devtool mknod ../rootdir/n c 1 3
			assert_status 1
			assert_equal "$stderr" "devtool: ../rootdir/n: $U .. (owner 65534) to ../rootdir (a directory, owner 0): not entered"
		)
		assert_unchanged
	done
}

@test "transitions: list does not follow a user's link to root's directory, naming the step" {
	local m
	for m in openat2 walk; do
		export DEVTOOL_RESOLVE=$m
		make_tree
		mknod R/etc/null c 1 3
		run --separate-stderr devtool list --root R /srv/x/link/tree
		assert_status 1
		assert_stdout_empty
		assert_equal "$stderr" "devtool: /srv/x/link/tree: ${WHY[link]}"
	done
}

# ----------------------------------------------------------- the databases

# A tree whose etc/ is 65534's: its passwd a link of 65534's to root's
# file, its group a relative link of 65534's; both name "alice".
users_tree() {
	rm -rf U
	mkdir -p U/usr/share U/dev
	printf 'alice:x:1500:1500::/:/bin/sh\n' >U/usr/share/passwd
	printf 'alice:x:1500:\n' >U/usr/share/group
	mkdir U/etc
	chown 65534:65534 U/etc
	as_attacker ln -s /usr/share/passwd U/etc/passwd
	as_attacker ln -s ../usr/share/group U/etc/group
}

@test "transitions: --users-from does not follow a user's etc/ links to root's files, naming the step" {
	local m
	for m in openat2 walk; do
		export DEVTOOL_RESOLVE=$m
		users_tree
		run --separate-stderr devtool mknod --users-from U -u alice \
			--root U /dev/x c 1 3
		assert_status 2
		assert_equal "$stderr" "devtool: unknown user 'alice' (U/etc/passwd: $U /etc/passwd (a symbolic link, owner 65534) to / (a directory, owner 0): not followed)"
		run --separate-stderr devtool mknod --users-from U -g alice \
			--root U /dev/x c 1 3
		assert_status 2
		assert_equal "$stderr" "devtool: unknown group 'alice' (U/etc/group: $U /etc (owner 65534) to / (a directory, owner 0): not entered)"
		[[ ! -e U/dev/x ]] || fail "U/dev/x was made"
	done
}

@test "transitions: --users-from does not open root's file in a user's etc/, naming the step" {
	local m
	for m in openat2 walk; do
		export DEVTOOL_RESOLVE=$m
		users_tree
		rm U/etc/passwd
		# moved in (as a hard link could be, or a rename)
		cp U/usr/share/passwd U/etc/passwd
		printf 'c /dev/x 0600 alice - - 1:3\n' >t
		run --separate-stderr devtool apply --users-from U --root U t
		assert_status 2
		assert_equal "$stderr" "devtool: t:1: unknown user 'alice' (U/etc/passwd: $U /etc (owner 65534) to /etc/passwd (a regular file, owner 0): not opened)
devtool: 1 error in the table; nothing was created"
		[[ ! -e U/dev/x ]] || fail "U/dev/x was made"
	done
}

@test "transitions: --users-from reads a user's etc/ files of its own (control)" {
	local m
	for m in openat2 walk; do
		export DEVTOOL_RESOLVE=$m
		users_tree
		rm U/etc/passwd U/etc/group
		as_attacker cp U/usr/share/passwd U/usr/share/group U/etc/
		run --separate-stderr devtool mknod --users-from U -u alice \
			-g alice --root U /dev/x c 1 3
		assert_status 0
		assert_equal "$(node U/dev/x)" "character special file 1 3 644 1500 1500"
	done
}

# ----------------------------------------------------------------- controls

@test "transitions: a user's own link and directory in its directory are followed and entered, as systemd-tmpfiles does (control)" {
	local m
	for m in openat2 walk; do
		export DEVTOOL_RESOLVE=$m
		make_tree
		printf 'c /srv/x/own/a 0640 0 5 - 1:3\nc /srv/x/ownlink/b 0640 0 5 - 1:3\nd /srv/x/own/d 0755 0 0 -\n' >t
		run --separate-stderr devtool apply --root R t
		assert_status 0
		assert_stderr_empty
		assert_equal "$(node R/srv/x/own/a)" "character special file 1 3 640 0 5"
		assert_equal "$(node R/srv/x/own/b)" "character special file 1 3 640 0 5"
		[[ -d R/srv/x/own/d ]]
	done
}

@test "transitions: root's own links and directories are followed and entered as before (control)" {
	local m
	for m in openat2 walk; do
		export DEVTOOL_RESOLVE=$m
		make_tree
		printf 'c /srv/y/link/a 0640 0 5 - 1:3\nc /srv/y/rel/b 0640 0 5 - 1:3\nd /srv/y/d/e 0755 0 0 -\n' >t
		run --separate-stderr devtool apply --root R t
		assert_status 0
		assert_stderr_empty
		assert_equal "$(node R/etc/a)" "character special file 1 3 640 0 5"
		assert_equal "$(node R/etc/b)" "character special file 1 3 640 0 5"
		[[ -d R/srv/y/d/e ]]
		# and from root's directory into the user's one, as systemd
		run --separate-stderr devtool mknod --root R /srv/x/n c 1 3
		assert_status 0
	done
}

@test "transitions: a directory of root's writable by others (1777) leads to no directory of another owner's; to root's it does" {
	local m
	for m in openat2 walk; do
		export DEVTOOL_RESOLVE=$m
		make_tree
		mkdir -m 1777 R/tmp
		as_attacker mkdir R/tmp/u
		mkdir R/tmp/r
		run --separate-stderr devtool mknod --root R /tmp/u/n c 1 3
		assert_status 1
		assert_equal "$stderr" "devtool: /tmp/u/n: $U /tmp (owner 0, writable by others) to /tmp/u (a directory, owner 65534): not entered"
		[[ ! -e R/tmp/u/n ]]
		run --separate-stderr devtool mknod --root R /tmp/r/n c 1 3
		assert_status 0
		[[ -c R/tmp/r/n ]]
	done
}

@test "transitions: a root of another user's leads to no directory of root's, as systemd-tmpfiles' TEST-22-TMPFILES 08" {
	local m
	for m in openat2 walk; do
		export DEVTOOL_RESOLVE=$m
		rm -rf user
		mkdir -p user/root
		chown 65534:65534 user
		printf 'd /root/test 0755 - - -\n' >t
		run --separate-stderr devtool apply --root user t
		assert_status 1
		assert_equal "$stderr" "devtool: /root/test: $U / (owner 65534) to /root (a directory, owner 0): not entered"
		[[ ! -e user/root/test ]]
		# all user-owned directories in the prefix: it works
		printf 'd /test 0755 - - -\n' >t
		run --separate-stderr devtool apply --root user/root t
		assert_status 0
		[[ -d user/root/test ]]
	done
}

@test "transitions: under fakeroot no step is checked: its owners are its own fiction" {
	command -v fakeroot >/dev/null || skip "fakeroot is not installed"
	local m
	for m in openat2 walk; do
		export DEVTOOL_RESOLVE=$m
		make_tree
		# (a sanitizer build is told the faker's library comes first)
		ASAN_OPTIONS="${ASAN_OPTIONS:-}:verify_asan_link_order=0:detect_leaks=0" \
			run --separate-stderr fakeroot "$DEVTOOL" mknod --root R \
			/srv/x/rootdir/n p
		assert_status 0
		assert_stderr_empty
		# (a regular file on disk: fakeroot keeps the FIFO in its books)
		[[ -e R/srv/x/rootdir/n ]]
	done
}
