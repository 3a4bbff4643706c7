#!/usr/bin/env bats
# syscalls.bats - what apply --root and a stream cost in system calls,
# counted with strace, never timed: a directory devtool has just made is
# trusted as made (SECURITY in man/devtool.1: nobody else can write in or
# move a directory only devtool's user can write), so each directory made
# in one devtool made costs 4 system calls and each node 1 (as root, in
# another group too, once that group is taken: docs/DESIGN.md); a
# stream's output is written a block at a time.

load test_helper

# fifo_table FILE DIRS NODES: NODES FIFOs in each of DIRS new directories
# under the new directory /top, owned by whoever runs the test.
fifo_table() {
	local u g
	u=$(id -u)
	g=$(id -g)
	awk -v dirs="$2" -v nodes="$3" -v u="$u" -v g="$g" 'BEGIN {
		for (d = 0; d < dirs; d++)
			for (n = 0; n < nodes; n++)
				printf "/top/d%d/f%d p 0644 %s %s - - - - -\n",
				    d, n, u, g
	}' >"$1"
}

# calls LOG NAME: how many times the system call NAME appears in LOG.
calls() {
	grep -c "^[0-9]* *$2(" "$1" || true
}

# count LOG: the system calls in LOG but the exit's line.
count() {
	grep -vc '^[0-9]* *+++' "$1"
}

# traced LOG ROOT TABLE: apply --root ROOT TABLE under strace, into LOG.
# Memory (brk, mmap; sysinfo, which glibc's qsort asks once its array
# is over a kilobyte) and reading the table grow with its size, not with
# the tree: only the calls on the file system are counted.
traced() {
	strace -f -qq -o "$1" \
		-e 'trace=!read,write,brk,mmap,munmap,mremap,sysinfo' \
		"$DEVTOOL" apply --root "$2" "$3"
}

@test "apply --root: exactly 4 system calls per new directory and 1 per node (strace of 20 and 40 directories of 10 and 20 FIFOs)" {
	command -v strace >/dev/null || skip "strace is not installed"
	[[ -z ${DEVTOOL_REAL:-} ]] || skip "under valgrind the calls counted are valgrind's too"
	local small=$BATS_TEST_TMPDIR/small dirs=$BATS_TEST_TMPDIR/dirs
	local nodes=$BATS_TEST_TMPDIR/nodes
	fifo_table small.t 20 10
	fifo_table dirs.t 40 10
	fifo_table nodes.t 20 20
	mkdir R1 R2 R3
	traced "$small" R1 small.t
	traced "$dirs" R2 dirs.t
	traced "$nodes" R3 nodes.t
	[[ $(find R2/top -type p | wc -l) -eq 400 ]]
	[[ $(find R2/top -mindepth 1 -type d | wc -l) -eq 40 ]]
	[[ $(find R3/top -type p | wc -l) -eq 400 ]]
	# 200 more nodes in the same directories: 200 calls more, one
	# mknodat each.
	if (( $(count "$nodes") - $(count "$small") != 200 )); then
		fail "$(( $(count "$nodes") - $(count "$small") )) system calls for 200 nodes more (exactly 200 expected)"
	fi
	# 20 more directories of 10 nodes: each directory made in one
	# devtool made is mkdirat, openat, fstat and close (trusted as
	# made: not looked for first, not read for a killed run's
	# leftovers, not asked for ACLs), each node one mknodat.
	if (( $(count "$dirs") - $(count "$small") != 4 * 20 + 200 )); then
		fail "$(( $(count "$dirs") - $(count "$small") )) system calls for 20 directories and 200 nodes more (exactly 280 expected)"
	fi
	[[ $(calls "$dirs" mknodat) -eq 400 ]]
	[[ $(calls "$dirs" mkdirat) -eq 41 ]]
	[[ $(calls "$dirs" getdents64) -eq $(calls "$small" getdents64) ]]
	[[ $(calls "$dirs" fgetxattr) -eq $(calls "$small" fgetxattr) ]]
	[[ $(calls "$dirs" newfstatat) -eq $(( $(calls "$small" newfstatat) + 20 )) ]]
}

@test "apply --root: a directory the table comes back to is made once and filled (strace)" {
	command -v strace >/dev/null || skip "strace is not installed"
	[[ -z ${DEVTOOL_REAL:-} ]] || skip "under valgrind the calls counted are valgrind's too"
	local log=$BATS_TEST_TMPDIR/log
	mkdir R
	printf '/top/d%s p 0644 - - - - - - -\n' 0/a 1/a 0/b 0/e/f >t
	traced "$log" R t
	[[ -p R/top/d0/a && -p R/top/d1/a && -p R/top/d0/b && -p R/top/d0/e/f ]]
	[[ $(calls "$log" mkdirat) -eq 5 ]]
	[[ $(calls "$log" mknodat) -eq 4 ]]
}

# A run reads each directory it uses for a killed run's leftovers the
# first time only (node_stale.c's set of the directories scanned): here
# 100 that were there, gone round three times, past the set's first 64
# places.
@test "apply --root: a table that goes round 100 directories that were there reads each for leftovers once (strace)" {
	command -v strace >/dev/null || skip "strace is not installed"
	[[ -z ${DEVTOOL_REAL:-} ]] || skip "under valgrind the calls counted are valgrind's too"
	local log=$BATS_TEST_TMPDIR/log
	mkdir -p R/top
	for ((i = 0; i < 100; i++)); do mkdir "R/top/d$i"; done
	awk 'BEGIN { for (i = 0; i < 300; i++)
		printf "/top/d%d/p%d p 0644 - - - - - - -\n", i % 100, i }' >t
	strace -f -qq -o "$log" -e trace=getdents64,mknodat \
		"$DEVTOOL" apply --root R t
	[[ $(find R/top -type p | wc -l) -eq 300 ]]
	[[ $(calls "$log" mknodat) -eq 300 ]]
	# two getdents64 a directory: its names, then the end
	[[ $(calls "$log" getdents64) -eq 200 ]] ||
		fail "$(calls "$log" getdents64) getdents64 for 100 directories (200 expected)"
}

@test "apply --root: under a directory others can write, what devtool makes is looked at as any directory is (strace)" {
	command -v strace >/dev/null || skip "strace is not installed"
	[[ -z ${DEVTOOL_REAL:-} ]] || skip "under valgrind the calls counted are valgrind's too"
	local log=$BATS_TEST_TMPDIR/log
	mkdir -p R/open
	chmod 1777 R/open
	printf '/open/d%d/f p 0644 - - - - - - -\n' 1 2 >t
	strace -f -qq -o "$log" -e trace=mkdirat,fgetxattr,getdents64 \
		"$DEVTOOL" apply --root R t
	[[ -p R/open/d1/f && -p R/open/d2/f ]]
	# /open is read for a killed run's leftovers, and each directory
	# made in it is looked at again from the root: its ACLs asked
	[[ $(calls "$log" mkdirat) -eq 2 ]]
	[[ $(calls "$log" getdents64) -ge 4 ]]
	[[ $(calls "$log" fgetxattr) -ge 6 ]]
}

@test "decode -: its output goes out a 64 KiB block a write(2), besides one before each read that may block (strace)" {
	command -v strace >/dev/null || skip "strace is not installed"
	[[ -z ${DEVTOOL_REAL:-} ]] || skip "under valgrind the calls counted are valgrind's too"
	local log=$BATS_TEST_TMPDIR/log size reads writes
	awk 'BEGIN { for (i = 0; i < 200000; i++) printf "%d\n", i * 4099 }' >values
	strace -qq -o "$log" -e trace=read,write \
		"$DEVTOOL" decode -f linux - <values >out
	[[ $(wc -l <out) -eq 200000 ]]
	[[ $(sed -n 2p out) == '16 3' ]]	# 0x1003
	size=$(wc -c <out)
	reads=$(calls "$log" read)
	writes=$(calls "$log" write)
	(( size > 20 * 65536 ))
	if (( writes > size / 65536 + reads + 1 )); then
		fail "$writes writes of $size bytes with $reads reads (at most $((size / 65536 + reads + 1)))"
	fi
}

@test "encode 300 5: nothing at start that it does not need: libcap is not loaded (no prctl), and one poll asks after the three standard descriptors (strace)" {
	command -v strace >/dev/null || skip "strace is not installed"
	[[ -z ${DEVTOOL_REAL:-} ]] || skip "under valgrind the calls counted are valgrind's too"
	local log=$BATS_TEST_TMPDIR/log
	strace -qq -o "$log" "$DEVTOOL" encode 300 5 >out
	[[ $(cat out) == 19660805 ]]
	[[ $(calls "$log" prctl) -eq 0 ]]
	[[ $(calls "$log" poll) -eq 1 ]]
	[[ $(calls "$log" fcntl) -eq 0 ]]
	! grep -q 'libcap' "$log"
	# a pipe whose writer has gone (POLLHUP) is an open descriptor too
	local w r
	mkfifo fifo
	exec {w}<>fifo {r}<fifo
	exec {w}>&-
	strace -qq -o "$log" "$DEVTOOL" encode 300 5 <&$r >out
	exec {r}<&-
	grep -q 'revents=POLLHUP' "$log"
	[[ $(cat out) == 19660805 ]]
	[[ $(calls "$log" poll) -eq 1 ]]
	[[ $(calls "$log" fcntl) -eq 0 ]]
	[[ $(calls "$log" openat) -eq $(grep -c 'openat(.*\.so' "$log") ]]
}

@test "encode 300 5: without an option no parser is started and nothing is allocated (one brk, the loader's; no getrandom, malloc's first); -- and an option start popt (strace)" {
	command -v strace >/dev/null || skip "strace is not installed"
	[[ -z ${DEVTOOL_REAL:-} ]] || skip "under valgrind the calls counted are valgrind's too"
	local log=$BATS_TEST_TMPDIR/log
	# brk_calls ARGS...: devtool ARGS under strace, its output in out
	brk_calls() {
		strace -qq -e trace=brk,getrandom -o "$log" "$DEVTOOL" "$@" >out
		calls "$log" brk
	}
	# The sanitizer's allocator maps its own memory, never with brk:
	# the counts are glibc's, the outputs the same either way.
	local counted=$([[ -z ${DEVTOOL_SANITIZED:-} ]] && echo yes)
	n=$(brk_calls encode 300 5)
	[[ $(cat out) == 19660805 ]]
	if [[ -n $counted ]]; then
		[[ $n -eq 1 ]]
		[[ $(calls "$log" getrandom) -eq 0 ]]
	fi
	# "-" alone is an operand (standard input), not an option
	"$DEVTOOL" encode - <<<"300 5" >out
	[[ $(cat out) == 19660805 ]]
	# an option, or --, is popt's: its context is allocated
	n=$(brk_calls encode -x 300 5)
	[[ $(cat out) == 0x12c0005 ]]
	[[ -z $counted ]] || ((n > 1))
	n=$(brk_calls encode -- 300 5)
	[[ $(cat out) == 19660805 ]]
	[[ -z $counted ]] || ((n > 1))
}

@test "apply: a |xattr line loads libcap, which reads its capabilities (strace)" {
	command -v strace >/dev/null || skip "strace is not installed"
	[[ -z ${DEVTOOL_REAL:-} ]] || skip "under valgrind the calls counted are valgrind's too"
	local log=$BATS_TEST_TMPDIR/log
	mkdir R
	touch R/f
	printf '/f f 0755 - - - - - - -\n|xattr cap_net_raw+ep\n' >t
	strace -qq -o "$log" -e trace=openat \
		"$DEVTOOL" apply --root R --dry-run t >out
	grep -q 'libcap\.so' "$log"
	[[ $(cat out) == 'would correct /f'* ]]
	printf '/f f 0755 - - - - - - -\n|xattr cap_no_such+ep\n' >bad
	run "$DEVTOOL" apply --root R --dry-run bad
	assert_failure 2
	assert_output --partial "'cap_no_such+ep' is not file capabilities"
}

@test "make sd as root: the group disk is taken once for its 256 nodes, 3 setfsgid in all (take, check, give back at the end), one mknodat a node (strace)" {
	command -v strace >/dev/null || skip "strace is not installed"
	[[ -z ${DEVTOOL_REAL:-} ]] || skip "under valgrind the calls counted are valgrind's too"
	needs_mknod
	[[ $(id -u) == 0 ]] || skip "as root only"
	local log=$BATS_TEST_TMPDIR/log disk
	disk=$(getent group disk | cut -d: -f3)
	[[ -n $disk && $disk != 0 ]] || skip "no group disk"
	mkdir d
	strace -f -qq -o "$log" -e trace=setfsgid,mknodat \
	    "$DEVTOOL" make -C d sd
	[[ $(find d -type b | wc -l) -eq 256 ]]
	[[ $(find d -type b ! -group "$disk" | wc -l) -eq 0 ]]
	[[ $(calls "$log" mknodat) -eq 256 ]]
	assert_equal "$(grep -o 'setfsgid(.*' "$log" | tr -s ' ')" \
	    "setfsgid($disk) = 0
setfsgid(-1) = $disk
setfsgid(0) = $disk"
}

# make std into an empty directory of a fresh tmpfs (make bench's case):
# besides its 34 mknodat and 2 symlinkat, the target is stat'ed by the
# root's open and once as the cached directory (not again to climb to
# the root it is, nor by the live /dev check, whose statx on a tmpfs
# says its inode), read for a killed run's leftovers by getdents64 into
# the run's buffer (no fdopendir: its fstat, F_GETFL and F_SETFD), and
# signals are blocked only to set the stop handlers (a run that held no
# private directory has none to remove at its end: docs/DESIGN.md).
@test "make std into an empty tmpfs directory: 34 mknodat and 2 symlinkat, the directory stat'ed twice, one fcntl, two getdents64, one rt_sigprocmask pair (strace)" {
	command -v strace >/dev/null || skip "strace is not installed"
	[[ -z ${DEVTOOL_REAL:-} ]] || skip "under valgrind the calls counted are valgrind's too"
	needs_mknod
	[[ $(id -u) == 0 ]] || skip "as root only: mounts a tmpfs"
	local log=$BATS_TEST_TMPDIR/log
	mkdir d
	# shellcheck disable=SC2016 # the inner shell's
	run unshare -m sh -c 'mount -t tmpfs none d || exit 99
		ASAN_OPTIONS="${ASAN_OPTIONS:-}:detect_leaks=0" \
		    strace -f -qq -o "$1" "$2" make -C d std || exit
		ls -A d | wc -l' sh "$log" "$DEVTOOL"
	assert_success
	assert_output 36
	[[ $(calls "$log" mknodat) -eq 34 ]]
	[[ $(calls "$log" symlinkat) -eq 2 ]]
	assert_equal "$(grep -cE '^[0-9]* *(newfstatat|fstat)\([0-9]+, "", \{st_mode=S_IFDIR' "$log")" 2
	assert_equal "$(calls "$log" statx)" 1
	assert_equal "$(calls "$log" getdents64)" 2
	assert_equal "$(calls "$log" fcntl)" 1
	[[ -n ${DEVTOOL_SANITIZED:-} ]] ||
	    assert_equal "$(calls "$log" rt_sigprocmask)" 2
}

# devtool(1), make: a devtmpfs is a tmpfs or ramfs to statfs(2), so only
# there is the mount's type asked, by statmount(2) where the kernel has
# it (Linux 6.8), not by reading /proc/self/mountinfo, in which the kernel
# prints every mount before the one asked about.
@test "make into a tmpfs asks statmount whether it is a devtmpfs: /proc/self/mountinfo is not read (strace)" {
	command -v strace >/dev/null || skip "strace is not installed"
	[[ -z ${DEVTOOL_REAL:-} ]] || skip "under valgrind the calls counted are valgrind's too"
	uname -r | awk -F. '{ exit !($1 > 6 || ($1 == 6 && $2 >= 8)) }' ||
	    skip "no statmount before Linux 6.8: mountinfo is read (make.bats)"
	[[ $(stat -f -c %T /dev/shm) == tmpfs ]] || skip "/dev/shm is no tmpfs"
	local log=$BATS_TEST_TMPDIR/log shm
	shm=$(mktemp -d /dev/shm/devtool-test.XXXXXX)
	strace -f -qq -o "$log" "$DEVTOOL" make -n -C "$shm" null
	rmdir "$shm"
	grep -q '^[0-9]* *syscall_0x1c9(\|^[0-9]* *statmount(' "$log"
	run grep -c mountinfo "$log"
	assert_output 0
}

@test "make into a file system that is no tmpfs or ramfs knows by fstatfs that it is no devtmpfs: neither statmount nor mountinfo (strace)" {
	command -v strace >/dev/null || skip "strace is not installed"
	[[ -z ${DEVTOOL_REAL:-} ]] || skip "under valgrind the calls counted are valgrind's too"
	[[ $(stat -f -c %T .) != @(tmpfs|ramfs) ]] ||
	    skip "the test's directory is on a tmpfs"
	local log=$BATS_TEST_TMPDIR/log
	mkdir d
	strace -f -qq -o "$log" "$DEVTOOL" make -n -C d null
	[[ $(calls "$log" fstatfs) -ge 1 ]]
	run grep -c 'mountinfo\|syscall_0x1c9(\|statmount(\|STATX_MNT_ID' "$log"
	assert_output 0
}

# in_group LOG: the calls in LOG that create an inode or change an owner
# or mode while another file system group than 0 is in force (setfsgid),
# and that group if it is still in force at the end; nothing when none.
in_group() {
	awk '
	match($0, /setfsgid\(-?[0-9]+\)/) {
		a = substr($0, RSTART + 9, RLENGTH - 10)
		if (a != "-1")
			g = a
		next
	}
	/mkdirat\(|symlinkat\(|O_CREAT|fchownat\(|fchmodat\(|fchmod\(|fchown\(|chmod\(/ {
		if (g != "" && g != "0")
			print "in group " g ": " $0
	}
	END { if (g != "" && g != "0") print "left in group " g }' "$1"
}

@test "apply --root as root: the group kept in force for the next node of it is given back before any directory, private directory, temporary or lock file is made and any owner or mode changed (strace)" {
	command -v strace >/dev/null || skip "strace is not installed"
	[[ -z ${DEVTOOL_REAL:-} ]] || skip "under valgrind the calls counted are valgrind's too"
	needs_mknod
	[[ $(id -u) == 0 ]] || skip "as root only"
	local log=$BATS_TEST_TMPDIR/log
	mkdir -p R/a R/open
	chmod 1777 R/open
	mknod -m 0600 R/a/old c 1 9
	# nodes in 1234 (the first two made in place one after the other),
	# then new directories (in one devtool made, and in one others can
	# write), a node in another group, one in place in ours, one with a
	# set-uid bit (through a private directory) and one to correct
	# (chmod, chown)
	cat >t <<-'EOT'
	/a/n1 c 0660 0 1234 1 3 - - -
	/a/n2 c 0660 0 1234 1 4 - - -
	/b/c/n3 c 0660 0 1234 1 5 - - -
	/b/n4 p 0640 0 1235 - - - - -
	/b/n5 c 0660 0 0 1 6 - - -
	/a/n6 c 0660 0 1234 1 7 - - -
	/e/n7 c 4755 0 0 1 8 - - -
	/a/n8 c 0660 0 1234 1 10 - - -
	/open/d/n9 c 0660 0 1234 1 11 - - -
	/a/old c 0644 0 1236 1 9 - - -
	EOT
	strace -f -qq -o "$log" -e trace=setfsgid,mkdirat,mknodat,symlinkat,openat,fchownat,fchmodat,fchmod,fchown,chmod \
	    "$DEVTOOL" apply -r --root R t
	assert_equal "$(stat -c '%n %g %a' R/a/n1 R/a/n2 R/b/c/n3 R/b/n4 R/b/n5 R/a/n6 R/e/n7 \
	    R/a/n8 R/open/d/n9 R/a/old)" \
	    "R/a/n1 1234 660
R/a/n2 1234 660
R/b/c/n3 1234 660
R/b/n4 1235 640
R/b/n5 0 660
R/a/n6 1234 660
R/e/n7 0 4755
R/a/n8 1234 660
R/open/d/n9 1234 660
R/a/old 1236 644"
	assert_equal "$(find R -type d ! -group 0)" ""
	grep -q 'mkdirat(.*"d", 0755)' "$log"
	assert_equal "$(in_group "$log")" ""
	# each group checked once a run (setfsgid with -1), and kept in
	# force from n1 to n2: no setfsgid between them
	[[ $(grep -c 'setfsgid(-1)' "$log") -eq 3 ]]
	assert_equal "$(sed -n '/mknodat(.*"n1"/,/mknodat(.*"n2"/p' "$log" |
	    grep -c setfsgid)" 0
	assert_no_temp R
}

@test "apply: a run that holds nothing to undo sets no fatal-signal handler; one that holds a temporary catches each signal whose default ends the process by one sigaction, none asked first (strace)" {
	command -v strace >/dev/null || skip "strace is not installed"
	[[ -z ${DEVTOOL_REAL:-} ]] || skip "valgrind catches every signal itself"
	local log=$BATS_TEST_TMPDIR/log
	mkdir R
	printf '/n p 0644 - - - - - - -\n' >t
	# every signal at its default, whatever the test runner ignores (an
	# ignored one is put back at once: a second call)
	# (LeakSanitizer's check at exit cannot run under ptrace)
	# a FIFO of our own, made in place: no temporary, no private
	# directory, so no hook (sig.h): SIGHUP, SIGINT and SIGTERM alone,
	# set while the run can be stopped and put back, one call each
	env --default-signal ASAN_OPTIONS="${ASAN_OPTIONS:-}:detect_leaks=0" \
	    strace -qq -o "$log" -e trace=rt_sigaction "$DEVTOOL" apply --root R t
	[[ -p R/n ]]
	# (a sanitizer sets its own SIGBUS, SIGFPE and SIGSEGV at start)
	assert_equal "$(grep -o '^rt_sigaction([A-Z0-9_+]*' "$log" |
	    grep -Ev 'SIG(BUS|FPE|SEGV)$' | sort | uniq -c |
	    awk '{ print $2 "x" $1 }' | sed 's/^rt_sigaction(//' |
	    tr '\n' ' ')" "SIGHUPx2 SIGINTx2 SIGTERMx2 "
	[[ -n ${DEVTOOL_SANITIZED:-} ]] || (( $(calls "$log" rt_sigaction) == 6 )) ||
		fail "$(cat "$log")"
	# the archive's temporary: its hook catches every signal
	env --default-signal ASAN_OPTIONS="${ASAN_OPTIONS:-}:detect_leaks=0" \
	    strace -qq -o "$log" -e trace=rt_sigaction "$DEVTOOL" apply \
	    --archive out.cpio t
	[[ -f out.cpio ]]
	[[ $(grep -c 'rt_sigaction(SIGUSR1,' "$log") -eq 1 ]]
	[[ $(grep -c 'rt_sigaction(SIGPWR,' "$log") -eq 1 ]]
	# SIGHUP, SIGINT and SIGTERM besides: once for the hooks, and while
	# the run can be stopped, set and put back (sig.h); and where a
	# handler was there before ours, put back at once: the sanitizers'
	# own for SIGBUS, SIGFPE and SIGSEGV
	local twice="SIGHUP SIGINT SIGTERM" most=64
	if [[ -n ${DEVTOOL_SANITIZED:-} ]]; then
		twice="SIGBUS SIGFPE SIGHUP SIGINT SIGSEGV SIGTERM"
		most=$((most + 6))	# theirs set, and put back by us
	fi
	assert_equal "$(grep -o '^rt_sigaction([A-Z0-9_+]*' "$log" | sort |
	    uniq -d | sed 's/^rt_sigaction(//' | tr '\n' ' ')" "$twice "
	(( $(calls "$log" rt_sigaction) <= most ))
}
