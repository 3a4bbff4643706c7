#!/usr/bin/env bats
# Fault injection, as root: a file system out of inodes (ENOSPC), a
# read-only one (EROFS), concurrent runs over one root, a signal in the
# middle of a long apply, and a full standard output.  "devtool mknod" in
# devtool(1) (no temporary survives any failure; replacing is atomic),
# "devtool apply" and DEVICE TABLES in devtool(1) (a failing entry is reported
# and the rest go on; a rerun completes the tree) and EXIT STATUS and
# DIAGNOSTICS in devtool(1) (exit 2 for a failed operation, messages naming the
# path).
#
# Needs root: mount(8) for tmpfs and CAP_MKNOD.  Where either is missing
# (an unprivileged container) the test is skipped with the reason; on a
# root CI machine (Debian 12) all of them run.  Every mount is made under
# $BATS_TEST_TMPDIR and undone in teardown, whatever happened.

load test_helper

# ---------------------------------------------------------------- helpers

BGPIDS=()	# background devtool runs not yet waited for

teardown() {
	local pid

	# Our own background runs only, by pid; unreaped, so never reused.
	for pid in "${BGPIDS[@]}"; do
		kill -KILL "$pid" 2>/dev/null
		wait "$pid" 2>/dev/null
	done
	BGPIDS=()
	unmount_all
}

# fast_dir DIR: DIR on a fresh tmpfs when one can be mounted (quicker and
# steadier timings than the disk), else a plain directory.
fast_dir() {
	mkdir -p "$1"
	MOUNTS+=("$1")
	mount -t tmpfs -o size=64m,nr_inodes=200000 tmpfs "$1" 2>/dev/null || true
}

# add_entry TABLE PATH TYPE MODE UID GID MAJOR MINOR: appends the makedevs
# line to TABLE and what stat(1) must show for it to TABLE.want, in the
# format of actual_nodes.
add_entry() {
	local table=$1 path=$2 type=$3 mode=$4 uid=$5 gid=$6 ma=$7 mi=$8 kind
	case $type in
	c) kind="character special file" ;;
	b) kind="block special file" ;;
	p) kind="fifo"; ma=0; mi=0 ;;
	esac
	if [[ $type == p ]]; then
		printf '%s\tp\t%s\t%s\t%s\n' "$path" "$mode" "$uid" "$gid" >>"$table"
	else
		printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$path" "$type" "$mode" \
			"$uid" "$gid" "$ma" "$mi" >>"$table"
	fi
	printf '%s|%s|%s|%s|%o|%s|%s\n' "$path" "$kind" "$ma" "$mi" \
		"$((8#$mode))" "$uid" "$gid" >>"$table.want"
}

# Every file under ROOT that is not a directory, as
# /PATH|TYPE|MAJOR|MINOR|MODE|UID|GID, sorted.  A temporary name or any
# other stray shows up here too.
actual_nodes() {
	(cd "$1" && find . -mindepth 1 ! -type d -print0 |
		xargs -0 -r stat -c '%n|%F|%Hr|%Lr|%a|%u|%g') |
		sed 's|^\./|/|' | LC_ALL=C sort
}

# Every node under ROOT is exactly as one line of WANT says (nothing
# else, nothing mixed); with --all, every line of WANT is there too.
assert_nodes_from() {
	local all=false root want extra missing
	if [[ $1 == --all ]]; then all=true; shift; fi
	root=$1 want=$2
	extra=$(LC_ALL=C comm -23 <(actual_nodes "$root") <(LC_ALL=C sort "$want"))
	[[ -z $extra ]] ||
		fail "nodes under $root that no line of $want describes:"$'\n'"$extra"
	if $all; then
		missing=$(LC_ALL=C comm -13 <(actual_nodes "$root") <(LC_ALL=C sort "$want"))
		[[ -z $missing ]] ||
			fail "lines of $want missing under $root ($(wc -l <<<"$missing")):"$'\n'"$(head -n 20 <<<"$missing")"
	fi
}

# Every node under ROOT is exactly as in WANT1 or exactly as in WANT2
# (same path, all fields from one table), and every path is there.
assert_nodes_one_of() {
	local root=$1 want1=$2 want2=$3 bad paths_want paths_got
	bad=$(LC_ALL=C comm -23 <(actual_nodes "$root") \
		<(LC_ALL=C sort -u "$want1" "$want2"))
	[[ -z $bad ]] ||
		fail "nodes matching neither table (mixed or stray) under $root:"$'\n'"$bad"
	paths_want=$(cut -d'|' -f1 "$want1" | LC_ALL=C sort)
	paths_got=$(actual_nodes "$root" | cut -d'|' -f1 | LC_ALL=C sort)
	[[ $paths_got == "$paths_want" ]] ||
		fail "paths under $root differ from the tables':"$'\n'"$(diff <(echo "$paths_want") <(echo "$paths_got") | head -n 20)"
}

# Waits for the background runs in BGPIDS; their statuses go to REAPED
# as "0 1 0 ...".  (Not in a $(...) subshell: only this shell can wait.)
reap() {
	local pid rc rcs=()
	for pid in "${BGPIDS[@]}"; do
		wait "$pid" && rc=0 || rc=$?
		rcs+=("$rc")
	done
	BGPIDS=()
	REAPED="${rcs[*]}"
}

# A mixed table of N nodes in /dev: c, b and p; owners that are ours
# (made in place) and others' (made under a temporary name and renamed);
# plain modes and set-id ones.
mixed_table() {
	local table=$1 n=$2 i type mode
	local modes=(0600 0640 0666 02660 0620 04600)
	: >"$table"
	: >"$table.want"
	for ((i = 0; i < n; i++)); do
		case $((i % 7)) in 5) type=b ;; 6) type=p ;; *) type=c ;; esac
		mode=${modes[i % 6]}
		add_entry "$table" "/dev/n$i" $type $mode $((i % 3)) $((i % 4)) 10 "$i"
	done
}

# ------------------------------------------------------------------ ENOSPC

@test "faults: ENOSPC: apply of 100 nodes into a tmpfs of 40 inodes fails cleanly; a rerun after growing it completes" {
	needs_mknod
	local M=$BATS_TEST_TMPDIR/m made failed path
	mount_tmpfs "$M" size=1m,nr_inodes=40
	mixed_table t 100

	run --separate-stderr devtool apply -v --root "$M" t
	assert_status 1
	assert_stderr_contains "No space left on device"
	assert_no_temp "$M"
	# what was made is exactly right, and it is something
	assert_nodes_from "$M" t.want
	made=$(actual_nodes "$M" | wc -l)
	failed=$((100 - made))
	((made > 0 && failed > 0)) || fail "made $made of 100: the file system was not filled"
	# the first entry that found no room stops the run (devtool(1),
	# DIAGNOSTICS): one message, then the summary
	[[ $(grep -c 'No space left on device' <<<"$stderr") == 1 ]] ||
		fail "not one ENOSPC message:"$'\n'"$stderr"
	assert_stderr_contains "devtool: /dev/n$made: No space left on device; stopped: $((failed - 1)) entries not attempted"
	assert_summary "$made created, 0 replaced, 0 corrected, 0 unchanged, 1 failed, $((failed - 1)) not attempted"

	mount -o remount,nr_inodes=1000 "$M"
	run --separate-stderr devtool apply -v --root "$M" t
	assert_status 0
	assert_no_temp "$M"
	assert_nodes_from --all "$M" t.want
	assert_summary "$failed created, 0 replaced, 0 corrected, $made unchanged, 0 failed"

	# and a third run is a no-op
	run --separate-stderr devtool apply -v --root "$M" t
	assert_status 0
	assert_summary "0 created, 0 replaced, 0 corrected, 100 unchanged, 0 failed"
}

@test "faults: ENOSPC: -r on a full file system leaves every old node intact, no temporary" {
	needs_mknod
	local M=$BATS_TEST_TMPDIR/m before i
	mount_tmpfs "$M" size=1m,nr_inodes=40
	mixed_table a 100
	: >b
	: >b.want
	for ((i = 0; i < 100; i++)); do
		add_entry b "/dev/n$i" c 0644 7 7 20 "$i"
	done

	run --separate-stderr devtool apply --root "$M" a
	assert_status 1
	before=$(actual_nodes "$M")
	[[ -n $before ]]

	# no inode is left for a temporary: every replacement fails
	run --separate-stderr devtool apply -v -r --root "$M" b
	assert_status 1
	assert_stderr_contains "No space left on device"
	assert_no_temp "$M"
	[[ $(actual_nodes "$M") == "$before" ]] ||
		fail "the tree changed:"$'\n'"$(diff <(echo "$before") <(actual_nodes "$M") | head -n 20)"
	assert_summary "0 created, 0 replaced, 0 corrected, 0 unchanged, 1 failed, 99 not attempted"

	# with room again, -r replaces all of them
	mount -o remount,nr_inodes=1000 "$M"
	run --separate-stderr devtool apply -v -r --root "$M" b
	assert_status 0
	assert_no_temp "$M"
	assert_nodes_from --all "$M" b.want
}

@test "faults: ENOSPC: mknod into a full tmpfs fails (exit 1), names the path, leaves nothing" {
	needs_mknod
	local M=$BATS_TEST_TMPDIR/m i
	mount_tmpfs "$M" size=1m,nr_inodes=8
	for ((i = 0; i < 20; i++)); do
		devtool mknod "$M/f$i" c 1 3 2>/dev/null || break
	done
	((i > 0 && i < 20)) || fail "filled after $i nodes"

	run --separate-stderr devtool mknod "$M/x" c 1 3
	assert_status 1
	assert_stdout_empty
	assert_stderr_contains "devtool: $M/x: No space left on device"
	[[ ! -e $M/x ]]
	# through a temporary name (another owner, a set-id mode) too
	run --separate-stderr devtool mknod -u 1 -g 1 -m 04640 --root "$M" /y c 1 3
	assert_status 1
	assert_stderr_contains "devtool: /y: No space left on device"
	[[ ! -e $M/y ]]
	assert_no_temp "$M"
}

@test "faults: ENOSPC: a parent directory that cannot be made is reported with the real cause" {
	# The cause is mkdirat's errno, kept through the making of the
	# parents: never "parent directory: No such file or directory".
	needs_mknod
	local M=$BATS_TEST_TMPDIR/m i
	mount_tmpfs "$M" size=1m,nr_inodes=12
	: >t
	for ((i = 0; i < 20; i++)); do
		printf '/dev/n%d c 644 0 0 1 3\n' "$i" >>t
	done
	# the first run fills it (and stops there); the second needs a parent
	run --separate-stderr devtool apply --root "$M" t
	assert_status 1
	printf '/dev/sub/deeper/x c 644 0 0 1 3\n' >t

	run --separate-stderr devtool apply --root "$M" t
	assert_status 1
	assert_no_temp "$M"
	[[ ! -e $M/dev/sub ]]
	assert_stderr_contains "devtool: /dev/sub/deeper/x: "
	assert_stderr_contains "devtool: /dev/sub/deeper/x: parent directory: No space left on device"
}

@test "faults: ENOSPC: a table of 500 lines into a tmpfs of 50 inodes stops at the first: one message, the summary, exit 1" {
	needs_mknod
	unshare -m true 2>/dev/null || skip "no mount namespace (unshare -m)"
	local i
	mkdir m
	for ((i = 0; i < 500; i++)); do
		printf '/dev/n%d c 644 0 0 1 3\n' "$i"
	done >t
	# devtool(1), DIAGNOSTICS: ENOSPC ends the run, without -v too
	run --separate-stderr unshare -m sh -c '
		mount -t tmpfs -o size=1m,nr_inodes=50 tmpfs m || exit 99
		"$DEVTOOL" apply --root m t; rc=$?
		find m -name ".devtool.*" | sed "s/^/left: /" >&2
		ls m/dev | wc -l
		exit $rc'
	[[ $status != 99 ]] || skip "cannot mount a tmpfs"
	assert_status 1
	# 50 inodes: the root, /dev, and 48 nodes
	assert_output 48
	assert_equal "$stderr" "devtool: /dev/n48: No space left on device; stopped: 451 entries not attempted
devtool: 48 created, 0 replaced, 0 corrected, 0 unchanged, 1 failed, 451 not attempted"
}

# devtool(1), DIAGNOSTICS: a full quota and an I/O error end the run as a
# full file system does (the rest cannot succeed); another cause, such
# as EACCES, fails each entry and the run goes on.  The errors come from
# strace(1)'s -e inject, from the fifth mknodat on.
@test "faults: EDQUOT and EIO stop the run at the first as ENOSPC does: one message, the summary, exit 1; EACCES goes on" {
	command -v strace >/dev/null || skip "strace is not installed"
	needs_mknod
	local i e
	for ((i = 1; i <= 50; i++)); do
		printf '/dev/n%d c 600 0 0 1 3\n' "$i"
	done >t
	for e in EDQUOT:'Disk quota exceeded' EIO:'Input/output error'; do
		rm -rf R && mkdir R
		run --separate-stderr strace -qq -o /dev/null -e trace=mknodat \
		    -e inject=mknodat:error="${e%%:*}":when=5+ "$DEVTOOL" apply --root R t
		assert_status 1
		assert_equal "$stderr" "devtool: /dev/n5: ${e#*:}; stopped: 45 entries not attempted
devtool: 4 created, 0 replaced, 0 corrected, 0 unchanged, 1 failed, 45 not attempted"
		assert_equal "$(ls R/dev | wc -l)" 4
	done
	rm -rf R && mkdir R
	run --separate-stderr strace -qq -o /dev/null -e trace=mknodat \
	    -e inject=mknodat:error=EACCES:when=5+ "$DEVTOOL" apply --root R t
	assert_status 1
	assert_equal "$stderr" "devtool: /dev/n5: Permission denied
devtool: /dev/n6: Permission denied
devtool: /dev/n7: Permission denied
devtool: 43 more entries failed: Permission denied: /dev/n8, /dev/n9, /dev/n10 and 40 more"
}

# ------------------------------------------------------------------ EROFS

@test "faults: EROFS: apply and mknod on a read-only tmpfs fail (exit 1), name the path, change nothing" {
	needs_mknod
	local M=$BATS_TEST_TMPDIR/m before i
	mount_tmpfs "$M" size=1m,nr_inodes=1000
	mixed_table a 20
	run --separate-stderr devtool apply --root "$M" a
	assert_status 0
	mount -o remount,ro "$M"
	before=$(actual_nodes "$M")

	# new entries in an existing directory, and -r replacements
	: >b
	for ((i = 0; i < 20; i++)); do
		printf '/dev/n%d c 0600 0 0 30 %d\n' "$i" "$i" >>b
		printf '/dev/new%d c 0600 0 0 30 %d\n' "$i" "$i" >>b
	done
	run --separate-stderr devtool apply -v -r --root "$M" b
	assert_status 1
	# the first write stops the run: one message, the summary
	assert_equal "$stderr" "devtool: /dev/n0: Read-only file system; stopped: 39 entries not attempted
devtool: 0 created, 0 replaced, 0 corrected, 0 unchanged, 1 failed, 39 not attempted"
	# and a new entry is refused with the same cause
	printf '/dev/new0 c 0600 0 0 30 0\n' >c
	run --separate-stderr devtool apply --root "$M" c
	assert_status 1
	assert_stderr_contains "devtool: /dev/new0: Read-only file system"

	# mknod: a new node, a replacement, one with another owner
	run --separate-stderr devtool mknod "$M/dev/x" c 1 3
	assert_status 1
	assert_stdout_empty
	assert_stderr_contains "devtool: $M/dev/x: Read-only file system"
	run --separate-stderr devtool mknod -r --root "$M" /dev/n0 c 1 3
	assert_status 1
	assert_stderr_contains "devtool: /dev/n0: Read-only file system"
	run --separate-stderr devtool mknod -u 1 -m 0600 --root "$M" /dev/y b 1 3
	assert_status 1
	assert_stderr_contains "devtool: /dev/y: Read-only file system"

	[[ $(actual_nodes "$M") == "$before" ]] || fail "the read-only tree changed"
	# an exact rerun of the original table still succeeds: nothing to do
	run --separate-stderr devtool apply -v --root "$M" a
	assert_status 0
	assert_summary "0 created, 0 replaced, 0 corrected, 20 unchanged, 0 failed"
}

@test "faults: EROFS: a --root missing on a read-only tmpfs is refused as missing, exit 1, named" {
	local M=$BATS_TEST_TMPDIR/m
	mount_tmpfs "$M" ro,size=1m
	printf '/dev/x c 644 0 0 1 3\n' >t
	run --separate-stderr devtool apply --root "$M/img" t
	assert_status 1
	assert_equal "$stderr" "devtool: --root $M/img: No such file or directory"
	[[ ! -e $M/img ]]
}

@test "faults: EROFS: apply and mknod -p into an empty read-only tmpfs say 'Read-only file system'" {
	# The parent directory /dev cannot be made: the message is its
	# errno's, never "parent directory: No such file or directory".
	needs_mknod
	local M=$BATS_TEST_TMPDIR/m
	mount_tmpfs "$M" ro,size=1m
	printf '/dev/x c 644 0 0 1 3\n/dev/y c 644 0 0 1 5\n' >t
	run --separate-stderr devtool apply --root "$M" t
	assert_status 1
	[[ -z $(ls -A "$M") ]]
	assert_equal "$stderr" "devtool: /dev/x: parent directory: Read-only file system; stopped: 1 entry not attempted
devtool: 0 created, 0 replaced, 0 corrected, 0 unchanged, 1 failed, 1 not attempted"

	run --separate-stderr devtool mknod -p --root "$M" /dev/z c 1 3
	assert_status 1
	assert_stderr_contains "devtool: /dev/z: parent directory: Read-only file system"
}

# ------------------------------------------------------------ concurrency

# Tables A and B name the same 240 paths in 6 directories; for every path
# they differ in numbers, mostly in mode and owner, sometimes in type.
two_tables() {
	local i dir
	: >A; : >A.want; : >B; : >B.want
	for ((i = 0; i < 240; i++)); do
		dir=/dev/d$((i % 6))
		add_entry A "$dir/n$i" c 0640 1 2 10 "$i"
		if ((i % 4 == 0)); then
			add_entry B "$dir/n$i" b 0604 3 4 20 $((i + 1000))
		elif ((i % 4 == 1)); then
			add_entry B "$dir/n$i" p 0600 0 0 0 0
		else
			add_entry B "$dir/n$i" c 0604 0 0 11 "$i"
		fi
	done
}

@test "faults: concurrency: 4 concurrent 'apply -r' of two tables: every node wholly from one table, no strays" {
	needs_mknod
	local R=$BATS_TEST_TMPDIR/fs/r round k rcs rc
	fast_dir "$BATS_TEST_TMPDIR/fs"
	two_tables
	for ((round = 1; round <= 8; round++)); do
		# odd rounds race to create, even rounds race to replace
		((round % 2 == 1)) && rm -rf "$R" && mkdir "$R"
		for k in 1 2; do
			"$DEVTOOL" apply -r --root "$R" A 2>"err.$round.A$k" &
			BGPIDS+=($!)
			"$DEVTOOL" apply -r --root "$R" B 2>"err.$round.B$k" &
			BGPIDS+=($!)
		done
		reap; rcs=$REAPED
		for rc in $rcs; do
			((rc == 0 || rc == 1)) ||
				fail "round $round: a run exited $rc (statuses: $rcs)"$'\n'"$(cat err.$round.*)"
		done
		# a failure is a path named with what happened, nothing else
		! grep -vhE '^devtool: /dev/d[0-9]/n[0-9]+: ' err.$round.* ||
			fail "round $round: unexpected messages"
		assert_no_temp "$R"
		assert_nodes_one_of "$R" A.want B.want
	done
	# a last plain run settles it to one table
	run --separate-stderr devtool apply -r --root "$R" B
	assert_status 0
	assert_nodes_from --all "$R" B.want
}

@test "faults: concurrency: concurrent 'apply -r' correcting mode and owner in place never mixes two tables" {
	# Same numbers, other mode and owner: were the in-place corrections
	# (chown, then chmod) of two runs to interleave, a node would end
	# with one table's owner and the other's mode, all runs exiting 0.
	needs_mknod
	local R=$BATS_TEST_TMPDIR/fs/r round k rcs rc i
	fast_dir "$BATS_TEST_TMPDIR/fs"
	mkdir "$R"
	: >A; : >A.want; : >B; : >B.want; : >Z; : >Z.want
	for ((i = 0; i < 300; i++)); do
		add_entry A "/dev/n$i" c 0640 1 2 10 "$i"
		add_entry B "/dev/n$i" c 0604 3 4 10 "$i"
		add_entry Z "/dev/n$i" c 0600 5 5 10 "$i"
	done
	for ((round = 1; round <= 30; round++)); do
		# from a third state, so that every run has to correct
		run --separate-stderr devtool apply -r --root "$R" Z
		assert_status 0
		for k in 1 2; do
			"$DEVTOOL" apply -r --root "$R" A 2>>err.A &
			BGPIDS+=($!)
			"$DEVTOOL" apply -r --root "$R" B 2>>err.B &
			BGPIDS+=($!)
		done
		reap; rcs=$REAPED
		for rc in $rcs; do
			((rc == 0 || rc == 1)) || fail "round $round: a run exited $rc"
		done
		assert_no_temp "$R"
		assert_nodes_one_of "$R" A.want B.want
	done
}

@test "faults: concurrency: 6 concurrent 'mknod -r' of one path with other numbers: one wins whole" {
	needs_mknod
	local R=$BATS_TEST_TMPDIR/fs/r round k rcs rc got want
	fast_dir "$BATS_TEST_TMPDIR/fs"
	mkdir -p "$R/dev"
	for ((round = 1; round <= 25; round++)); do
		((round % 5 == 1)) && rm -f "$R/dev/x"
		for k in 1 2 3 4 5 6; do
			# k even: a block device; odd: a character device
			"$DEVTOOL" mknod -r --root "$R" -m 06$((k % 2))0 -u $k -g $((k + 10)) \
				/dev/x $( ((k % 2)) && echo c || echo b) $((k * 10)) $((k + round)) \
				2>>err &
			BGPIDS+=($!)
		done
		reap; rcs=$REAPED
		for rc in $rcs; do
			((rc == 0 || rc == 1)) || fail "round $round: a run exited $rc: $(cat err)"
		done
		got=$(stat -c '%F %Hr %Lr %a %u %g' "$R/dev/x")
		k=$(stat -c '%u' "$R/dev/x")
		((k >= 1 && k <= 6)) || fail "round $round: owner $k: $got"
		if ((k % 2)); then
			want="character special file $((k * 10)) $((k + round)) 6$((k % 2))0 $k $((k + 10))"
		else
			want="block special file $((k * 10)) $((k + round)) 6$((k % 2))0 $k $((k + 10))"
		fi
		[[ $got == "$want" ]] || fail "round $round: mixed node: '$got', the run with owner $k asked '$want'"
		[[ $(ls -A "$R/dev") == x ]] || fail "round $round: strays: $(ls -A "$R/dev")"
	done
	! grep -v '^devtool: /dev/x: ' err || fail "unexpected messages"
}

# ------------------------------------------------ closed standard descriptors

# FILES in devtool(1), /dev/null: started with descriptors 0, 1 and 2
# closed, devtool opens /dev/null on them first, so that no file it opens
# takes their numbers and no message lands in it.

# closed_table TABLE: a node and a line that makes apply --archive warn
# (an f line is not written into an archive), so that there is a message
# to misplace.
closed_table() {
	printf '/dev/null c 666 0 0 1 3 - - -\n/etc/x f 644 0 0 - - - - -\n' >"$1"
}

@test "faults: closed descriptors: an archive written with 0, 1 and 2 closed is byte for byte the one written with them open" {
	command -v cpio >/dev/null || skip "cpio is not installed"
	local out how
	closed_table t
	for out in a.cpio a.tar.gz; do
		run --separate-stderr devtool apply --archive "ref-$out" t
		assert_status 0
		assert_stderr_contains "/etc/x: not written"
		for how in '<&- 2>&-' '<&- >&- 2>&-' '2>&-'; do
			rm -f "$out"
			run bash -c '"$DEVTOOL" apply --archive "$1" t '"$how" _ "$out"
			assert_status 0
			cmp "ref-$out" "$out" ||
				fail "$out written with $how differs from the one written with the descriptors open"
		done
		# -v writes to the closed standard output: a failed write, but
		# the archive is the same
		rm -f "$out"
		run bash -c '"$DEVTOOL" apply -v --archive "$1" t >&- 2>&-' _ "$out"
		((status != 0)) || fail "apply -v with standard output closed exited 0"
		cmp "ref-$out" "$out" || fail "$out written by -v >&- 2>&- differs"
	done
	run cpio -it --quiet <a.cpio
	assert_success
	assert_output $'dev\ndev/null'
}

@test "faults: closed descriptors: a tree apply with 0, 1 and 2 closed writes nothing into the lock file and makes the same nodes" {
	needs_mknod
	command -v unshare >/dev/null || skip "unshare is not installed"
	local how
	# the second line fails (the FIFO exists with another mode): a
	# message, after the lock file was opened for the first
	printf '/dev/null c 666 0 0 1 3 - - -\n/dev/f p 644 0 0 - - - - -\n' >t
	mkdir -p ref/dev && mkfifo -m 600 ref/dev/f
	run --separate-stderr devtool apply --root ref t
	((status != 0)) || fail "the existing FIFO did not fail"
	local want=$status
	assert_stderr_contains "/dev/f: exists"
	for how in '<&- >&- 2>&-' '-v <&- >&- 2>&-' '2>&-'; do
		rm -rf r && mkdir -p r/dev && mkfifo -m 600 r/dev/f
		# a lock file of the test's own: /run on a tmpfs of a mount
		# namespace
		# shellcheck disable=SC2016 # the inner shell expands them
		run unshare -m bash -c 'mount -t tmpfs tmpfs /run || exit 99
			"$DEVTOOL" apply --root r t '"$how"'
			rc=$?
			[ -f /run/devtool.lock ] || exit 98
			od -An -c /run/devtool.lock >lock.out
			exit $rc'
		[[ $status != 9[89] ]] || fail "no /run of our own, or no lock file ($status)"
		[[ $status == "$want" ]] || fail "apply $how: exit $status, with the descriptors open $want"
		[[ ! -s lock.out ]] || fail "apply $how wrote into the lock file: $(cat lock.out)"
		[[ $(node r/dev/null) == "$(node ref/dev/null)" ]] || fail "apply $how: /dev/null is $(node r/dev/null)"
		[[ $(node r/dev/f) == "$(node ref/dev/f)" ]] || fail "apply $how: /dev/f is $(node r/dev/f)"
	done
}

@test "faults: closed descriptors: without /dev/null to stand in, devtool stops at once as for a failed operation" {
	[[ $(id -u) == 0 ]] || skip "needs root to mount a tmpfs over /dev in a mount namespace"
	command -v unshare >/dev/null || skip "unshare is not installed"
	# the status of a failed operation (EXIT STATUS): a node under a
	# missing parent
	run --separate-stderr devtool mknod missing/x p
	((status != 0)) || fail "mknod under a missing parent exited 0"
	local want=$status
	# shellcheck disable=SC2016 # the inner shell expands them
	run --separate-stderr unshare -m bash -c 'mount -t tmpfs tmpfs /dev || exit 99
		exec "$DEVTOOL" encode 1 3 <&-'
	[[ $status == "$want" ]] || fail "exit $status, a failed operation $want; stderr: $stderr"
	assert_output ''
	assert_equal "$stderr" "devtool: standard input is closed and /dev/null cannot take its place: No such file or directory"
	# shellcheck disable=SC2016
	run --separate-stderr unshare -m bash -c 'mount -t tmpfs tmpfs /dev || exit 99
		exec "$DEVTOOL" encode 1 3 >&- 2>&-'
	[[ $status == "$want" ]] || fail "exit $status with 1 and 2 closed, a failed operation $want"
	assert_output ''
	assert_stderr_empty
}

# ----------------------------------------------------------------- signals

# A big table: 4,000 character devices in 10 directories, owned by
# someone else, so that each is made under a temporary name and renamed
# (four times the most entries signal_at's runs below reach: 1,700).
# big_table TABLE MAJOR MODE UID; TABLE.want as add_entry writes it.
big_table() {
	awk -v t="$1" -v ma="$2" -v mode="$3" -v uid="$4" 'BEGIN {
		m = 0
		for (j = 1; j <= length(mode); j++)
			m = m * 8 + substr(mode, j, 1)
		for (i = 0; i < 4000; i++) {
			printf "/dev/s%d/n%d\tc\t%s\t%d\t%d\t%d\t%d\n", i % 10, i,
			    mode, uid, uid, ma, i > t
			printf "/dev/s%d/n%d|character special file|%d|%d|%o|%d|%d\n",
			    i % 10, i, ma, i, m, uid, uid > (t ".want")
		}
	}'
}

# signal_at SIGNAL CALL N ARGS...: runs devtool ARGS under strace(1),
# which sends it SIGNAL on entry to its Nth CALL (-e inject): the signal
# comes at that point of the run however busy the machine is (no timing:
# the run cannot end first); its status is left in KILLED_STATUS.  CALL
# chooses what is held: mknodat, a temporary just made; fchownat and
# fchmodat, one made and being set up; renameat2, one going into place
# (or, with -r, the old node going out to the private directory).  Every
# system call stops under strace: N stays small.  (Not SIGINT: a
# background job of a non-interactive shell ignores it.)
signal_at() {
	local sig=$1 call=$2 n=$3
	shift 3
	KILLED_STATUS=0
	strace -qq -o /dev/null -e trace="$call" \
	    -e inject="$call":signal="$sig":when="$n" \
	    "$DEVTOOL" "$@" 2>>kill.err || KILLED_STATUS=$?
}

@test "faults: signals: SIGTERM in the middle of a 4,000-node apply leaves no temporary; a rerun completes" {
	command -v strace >/dev/null || skip "strace is not installed"
	needs_mknod
	R=$BATS_TEST_TMPDIR/fs/r
	fast_dir "$BATS_TEST_TMPDIR/fs"
	mkdir "$R"
	big_table A 10 0640 1
	big_table B 11 0604 2
	[[ $(wc -l <A) -eq 4000 && $(wc -l <A.want) -eq 4000 ]]

	# creating: stopped three times, at growing depths, with a temporary
	# just made, one being set up, and one going into place
	signal_at TERM mknodat 200 apply --root "$R" A
	[[ $KILLED_STATUS == 143 ]] ||
		fail "apply was not killed by SIGTERM (status $KILLED_STATUS): $(cat kill.err)"
	assert_no_temp "$R"
	assert_nodes_from "$R" A.want
	signal_at TERM fchownat 500 apply --root "$R" A
	[[ $KILLED_STATUS == 143 ]] || fail "status $KILLED_STATUS"
	assert_no_temp "$R"
	signal_at HUP renameat2 1000 apply --root "$R" A
	[[ $KILLED_STATUS == 129 ]] || fail "status $KILLED_STATUS"
	assert_no_temp "$R"
	assert_nodes_from "$R" A.want
	(($(actual_nodes "$R" | wc -l) < 4000)) || fail "no run was stopped midway"

	run --separate-stderr devtool apply -v --root "$R" A
	assert_status 0
	assert_no_temp "$R"
	assert_nodes_from --all "$R" A.want

	# replacing: every node goes through a temporary and RENAME_EXCHANGE;
	# stopped with the old node just exchanged out, and with a new one
	# being set up
	cat A.want B.want >AB.want
	signal_at TERM renameat2 300 apply -r --root "$R" B
	[[ $KILLED_STATUS == 143 ]] || fail "status $KILLED_STATUS"
	assert_no_temp "$R"
	signal_at TERM fchmodat 700 apply -r --root "$R" B
	[[ $KILLED_STATUS == 143 ]] || fail "status $KILLED_STATUS"
	assert_no_temp "$R"
	assert_nodes_one_of "$R" A.want B.want
	run --separate-stderr devtool apply -v -r --root "$R" B
	assert_status 0
	assert_no_temp "$R"
	assert_nodes_from --all "$R" B.want
}

# The signals whose default action ends the process, by number, as
# signal(7) has them: all from 1 to SIGRTMAX but the two that cannot be
# caught and those whose default is to be ignored, to stop or to continue
# (32 and 33, below SIGRTMIN, are glibc's own and left out).
terminating_signals() {
	local n rtmin rtmax
	rtmin=$(kill -l RTMIN) rtmax=$(kill -l RTMAX)
	for ((n = 1; n <= rtmax; n++)); do
		((n < 32 || n >= rtmin)) || continue
		case $(kill -l "$n") in
		KILL | STOP | CHLD | CONT | URG | WINCH | TSTP | TTIN | TTOU) ;;
		*) echo "$n" ;;
		esac
	done
}

@test "faults: signals: mid-run, every signal whose default ends the process is caught, and none other; one ignored at start stays ignored" {
	command -v strace >/dev/null || skip "strace is not installed"
	[[ -z ${DEVTOOL_REAL:-} ]] || skip "valgrind catches every signal itself"
	local log=$BATS_TEST_TMPDIR/strace.log pid job n caught ignored want usr1
	printf '/dev/null c 666 0 0 1 3 - - -\n' >t
	# stopped (SIGSTOP, no timing) on its fsync of the archive's
	# temporary, once the hooks are in place; SIGUSR1 ignored from the
	# start (LeakSanitizer's check at exit cannot run under ptrace)
	(trap '' USR1; ASAN_OPTIONS="${ASAN_OPTIONS:-}:detect_leaks=0" \
	    exec strace -f -qq -o "$log" -e trace=fsync \
	    -e inject=fsync:signal=SIGSTOP:when=1 \
	    "$DEVTOOL" apply --archive out.cpio t) &
	job=$!
	strace_stopped "$log" "$job"
	pid=$STOPPED
	caught=$(awk '$1 == "SigCgt:" { print $2 }' "/proc/$pid/status")
	# a signal ignored from the start (a test runner may ignore SIGALRM)
	# ends nothing, and devtool keeps it ignored
	ignored=$(awk '$1 == "SigIgn:" { print $2 }' "/proc/$pid/status")
	kill -CONT "$pid"
	wait "$job" || fail "apply --archive failed after SIGCONT"
	[[ -f out.cpio ]] || fail "no archive"
	usr1=$(kill -l USR1)
	(((16#$ignored >> (usr1 - 1)) & 1)) || fail "SIGUSR1 no longer ignored (SigIgn $ignored)"
	! (((16#$caught >> (usr1 - 1)) & 1)) || fail "SIGUSR1 caught (SigCgt $caught)"
	want=$(terminating_signals)
	for ((n = 1; n <= $(kill -l RTMAX); n++)); do
		((n == 32 || n == 33)) && continue
		if (((16#$caught >> (n - 1)) & 1)); then
			grep -qx "$n" <<<"$want" ||
				fail "SIG$(kill -l "$n") is caught although its default does not end the process (SigCgt $caught)"
		elif ! (((16#$ignored >> (n - 1)) & 1)); then
			! grep -qx "$n" <<<"$want" ||
				fail "SIG$(kill -l "$n") ends the process without the cleanup (SigCgt $caught)"
		fi
	done
}

# signalled SIGNAL CALL N LOG ARGS...: devtool ARGS under strace(1), sent
# SIGNAL (a number) on entry to its Nth CALL (as signal_at), its status in
# KILLED_STATUS, the calls traced in LOG.
signalled() {
	local sig=$1 call=$2 n=$3 log=$4
	shift 4
	KILLED_STATUS=0
	strace -qq -o "$log" -e trace="$call,openat,mkdirat" \
	    -e inject="$call":signal="$sig":when="$n" \
	    "$DEVTOOL" "$@" 2>>kill.err || KILLED_STATUS=$?
}

@test "faults: signals: SIGPWR, SIGIO, SIGSTKFLT and the real-time ones mid-run leave no archive temporary and no private directory" {
	command -v strace >/dev/null || skip "strace is not installed"
	needs_mknod
	local sig n i
	printf '/dev/null c 666 0 0 1 3 - - -\n' >t
	# owned by another user: each node is made in the private directory
	for i in $(seq 10); do
		printf '/dev/n%d c 600 1 1 1 %d - - -\n' "$i" "$i"
	done >t10
	for sig in PWR IO STKFLT RTMIN RTMIN+5 RTMAX; do
		n=$(kill -l "$sig")
		# the archive: on its fsync, the temporary written, not renamed
		rm -f out.cpio
		signalled "$n" fsync 1 log apply --archive out.cpio t
		[[ $KILLED_STATUS == $((128 + n)) ]] ||
			fail "apply --archive: SIG$sig ($n): status $KILLED_STATUS: $(cat kill.err)"
		grep -q '^openat([0-9]*, "\.dt-[^"]*", O_WRONLY|O_CREAT|O_EXCL' log ||
			fail "SIG$sig came before the temporary was made:"$'\n'"$(cat log)"
		[[ -z $(find . -name '.dt-*') ]] || fail "SIG$sig left $(find . -name '.dt-*')"
		[[ ! -e out.cpio ]] || fail "SIG$sig: an archive was put in place"
		# the tree: on the third mknodat, with the private directory made
		rm -rf R && mkdir R
		signalled "$n" mknodat 3 log apply --root R t10
		[[ $KILLED_STATUS == $((128 + n)) ]] ||
			fail "apply --root: SIG$sig ($n): status $KILLED_STATUS: $(cat kill.err)"
		grep -q '^mkdirat([0-9]*, "\.devtool\.' log ||
			fail "SIG$sig came before the private directory was made:"$'\n'"$(cat log)"
		assert_no_temp R
	done
}

# -------------------------------------------------------------- full output

@test "faults: full stdout: 'decode - < big > /dev/full' is exit 1 with a message about standard output" {
	# The stream reader flushes stdout before each read: a failure
	# there is standard output's, never "standard input: No space left
	# on device".
	[[ -c /dev/full ]] || skip "no /dev/full"
	seq 1 200000 >big
	run --separate-stderr bash -c '"$DEVTOOL" decode - <big >/dev/full'
	assert_status 1
	assert_stderr_contains "standard output"
	assert_stderr_contains "No space left on device"
	[[ $stderr != *"standard input"* ]] || fail "blames standard input: $stderr"
}

@test "faults: full stdout: a one-line 'decode -' and 'encode -' stream to /dev/full is exit 1 about standard output" {
	# As above, for a stream of one line.
	[[ -c /dev/full ]] || skip "no /dev/full"
	run --separate-stderr bash -c 'echo 259 | "$DEVTOOL" decode - >/dev/full'
	assert_status 1
	assert_stderr_contains "standard output: No space left on device"
	[[ $stderr != *"standard input"* ]] || fail "blames standard input: $stderr"
	run --separate-stderr bash -c 'echo "1 3" | "$DEVTOOL" encode - >/dev/full'
	assert_status 1
	assert_stderr_contains "standard output: No space left on device"
	[[ $stderr != *"standard input"* ]] || fail "blames standard input: $stderr"
}

@test "faults: full stdout: decode, encode, formats with operands to /dev/full are exit 1" {
	[[ -c /dev/full ]] || skip "no /dev/full"
	local cmd
	for cmd in "decode 1 2 3" "decode --json 259" "encode -x 1 3" \
		"convert -f 8:8 -t linux 0x103" "formats" "formats --json" "explain 1 3"; do
		run --separate-stderr bash -c '"$DEVTOOL" '"$cmd"' >/dev/full'
		[[ $status -eq 1 ]] || fail "'$cmd >/dev/full': exit $status"$'\n'"stderr: $stderr"
		assert_stderr_contains "standard output: No space left on device"
	done
}

@test "faults: full stdout: 'list > /dev/full' is exit 1, for /dev and for a --root tree" {
	[[ -c /dev/full ]] || skip "no /dev/full"
	needs_mknod
	local R=$BATS_TEST_TMPDIR/r o
	mixed_table t 50
	mkdir "$R"
	run --separate-stderr devtool apply --root "$R" t
	assert_status 0

	run --separate-stderr bash -c '"$DEVTOOL" list >/dev/full'
	assert_status 1
	assert_stderr_contains "standard output"
	for o in makedevs tmpfiles json; do
		run --separate-stderr bash -c '"$DEVTOOL" list -o '$o' --root "$1" >/dev/full' _ "$R"
		assert_status 1
		assert_stderr_contains "standard output: No space left on device"
	done
	# the same, to a pipe, is fine
	run --separate-stderr devtool list --root "$R"
	assert_status 0
	[[ ${#lines[@]} -eq 50 ]]
}

@test "faults: full stdout: 'apply -v' and 'apply -n' to /dev/full are exit 1, and apply -v still made the nodes" {
	[[ -c /dev/full ]] || skip "no /dev/full"
	needs_mknod
	local R=$BATS_TEST_TMPDIR/r
	mixed_table t 30
	mkdir "$R"
	run --separate-stderr bash -c '"$DEVTOOL" apply -n --root "$1" t >/dev/full' _ "$R"
	assert_status 1
	assert_stderr_contains "standard output"
	[[ ! -e $R/dev ]]
	run --separate-stderr bash -c '"$DEVTOOL" apply -v --root "$1" t >/dev/full' _ "$R"
	assert_status 1
	assert_stderr_contains "standard output"
	assert_nodes_from --all "$R" t.want
}
