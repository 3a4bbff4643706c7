#!/usr/bin/env bats
# race.bats - an unprivileged user races root's devtool (the threat
# model of the man page's SECURITY section): uid 65534
# can write a directory inside --root and renames, exchanges and symlinks
# things there while devtool works.  The attackers are the small programs
# of tests/attack/ (built by make check); each runs until the test stops
# it, or its own deadline.  Every test asserts what must hold whatever
# the attacker does, and that the attack took place.
#
# Rounds are tunable by environment, in two sizes.  The large ones
# (RACE_SIZE=large, which make check-all sets) are bounded by what an
# unguarded build (the defence of the test's hole taken out) takes to
# lose (each test's comment has the figures, on 2 cores; "under load" is
# a load average of 10 to 15, other suites running, where the attacker
# gets less of a core and loses later): a few times the most rounds an
# unguarded run needed, so that it would still lose, and no more, so
# that the suite runs in minutes.  The small ones (the default, make
# check's) are still above the most an unguarded run needed without
# load, so that a plain make check catches a hole reopened, in seconds.
# Large (small):
#   RACE_LINES      entries of the exchange race, hole 1 (1000; 300)
#   RACE_ROUNDS     devtool runs of the symlink race, hole 2 (1000; 200;
#                   a third of it for a sanitizer build)
#   RACE_OVERWRITE_ROUNDS devtool runs of the overwrite race, hole 3 (300; 50)
#   RACE_LINK_ROUNDS devtool runs of the link-replacing race (150; 60)
#   RACE_REPLACE_ROUNDS devtool runs of the node-replacing race (1000; 200;
#                   30 for a sanitizer build)
#   RACE_MOVE_LINES entries of the moved-directory race, hole 4 (4000;
#                   600; a quarter of it for the entries that need
#                   temporaries)
#   RACE_KILLS      killed runs, hole 5 (8; 4)
#   RACE_KILL_LINES entries of each killed run, hole 5 (2000; 500)
#   RACE_LOCK_WAIT  seconds after which a waiting devtool hangs, hole 6 (120)
#   RACE_TRANSITION_LINES entries of each run of the transition races (1000; 300)
#   RACE_TRANSITION_ROUNDS runs at most until one met the swap (10)
#   RACE_SECONDS    an attacker's own deadline (120)
# and a test still running after BATS_TEST_TIMEOUT seconds (300) fails.
#
# bats's run sets output, stderr and status in the test's own subshell.
# shellcheck disable=SC2030,SC2031,SC2154

load test_helper

# Under valgrind (make check-valgrind, which sets DEVTOOL_REAL) devtool
# is some 30 times slower, under the sanitizers (make check-asan, which
# sets DEVTOOL_SANITIZED) some 3 times: a few rounds, to check its memory
# on these paths, not to catch races (make check's native build does).
if [[ -n ${DEVTOOL_REAL:-} || -n ${DEVTOOL_SANITIZED:-} ]]; then
	: "${RACE_LINES:=100}" "${RACE_ROUNDS:=10}" "${RACE_MOVE_LINES:=1000}"
	: "${RACE_OVERWRITE_ROUNDS:=10}" "${RACE_LINK_ROUNDS:=10}"
	: "${RACE_REPLACE_ROUNDS:=30}"
	: "${RACE_KILLS:=4}" "${RACE_KILL_LINES:=200}"
	: "${RACE_TRANSITION_LINES:=200}"
elif [[ ${RACE_SIZE:-} == large ]]; then
	: "${RACE_LINES:=1000}" "${RACE_ROUNDS:=1000}" "${RACE_MOVE_LINES:=4000}"
	: "${RACE_OVERWRITE_ROUNDS:=300}" "${RACE_LINK_ROUNDS:=150}"
	: "${RACE_REPLACE_ROUNDS:=1000}"
	: "${RACE_KILLS:=8}" "${RACE_KILL_LINES:=2000}"
	: "${RACE_TRANSITION_LINES:=1000}"
fi
RACE_LINES=${RACE_LINES:-300}
RACE_ROUNDS=${RACE_ROUNDS:-200}
RACE_OVERWRITE_ROUNDS=${RACE_OVERWRITE_ROUNDS:-50}
RACE_LINK_ROUNDS=${RACE_LINK_ROUNDS:-60}
RACE_REPLACE_ROUNDS=${RACE_REPLACE_ROUNDS:-200}
RACE_MOVE_LINES=${RACE_MOVE_LINES:-600}
RACE_KILLS=${RACE_KILLS:-4}
RACE_KILL_LINES=${RACE_KILL_LINES:-500}
RACE_LOCK_WAIT=${RACE_LOCK_WAIT:-120}
RACE_TRANSITION_LINES=${RACE_TRANSITION_LINES:-300}
RACE_TRANSITION_ROUNDS=${RACE_TRANSITION_ROUNDS:-10}
RACE_SECONDS=${RACE_SECONDS:-120}
ATTACK_DIR=${ATTACK_DIR:-$BATS_TEST_DIRNAME/attack}
# A devtool that hangs fails its test rather than CI's whole run.
BATS_TEST_TIMEOUT=${BATS_TEST_TIMEOUT:-300}

# ---------------------------------------------------------------- helpers

setup() {
	local t

	helper_setup
	needs_mknod
	T=$BATS_TEST_TMPDIR
	# uid 65534 must reach its files here: bats makes its dirs 0700.
	t=$T
	while [[ $t == "$BATS_RUN_TMPDIR"* ]]; do
		chmod a+x "$t"
		[[ $t == "$BATS_RUN_TMPDIR" ]] && break
		t=${t%/*}
	done
	# The attacker's programs, where it can run them.
	mkdir -m 0755 "$T/bin"
	for t in exchanger swapper mover noexchange; do
		[[ -x $ATTACK_DIR/$t ]] ||
			fail "$ATTACK_DIR/$t is missing: make check builds it"
		cp "$ATTACK_DIR/$t" "$T/bin/$t"
		chmod 0755 "$T/bin/$t"
	done
	BIN=$T/bin
	# The attacker's own directory: its state files and its log.
	A=$T/attacker
	mkdir -m 0755 "$A"
	chown 65534:65534 "$A"
	# The root, with a /dev that the attacker can write.
	R=$T/root
	mkdir -p "$R/dev"
	chown 65534:65534 "$R/dev"
	ATTACKER=
	SLEEPER=
}

teardown() {
	if [[ -n ${ATTACKER:-} ]]; then
		kill "$ATTACKER" 2>/dev/null || :
		wait "$ATTACKER" 2>/dev/null || :
	fi
	if [[ -n ${SLEEPER:-} ]]; then
		kill -- -"$SLEEPER" 2>/dev/null || :
		wait "$SLEEPER" 2>/dev/null || :
	fi
	# The attacker's thousands of copies of id go once the test passed.
	if [[ -n ${BATS_TEST_COMPLETED:-} && -n ${R:-} ]]; then
		rm -rf "$R"
	fi
}

# as_attacker COMMAND...: runs COMMAND as uid and gid 65534, no groups.
as_attacker() {
	setpriv --reuid=65534 --regid=65534 --clear-groups -- "$@"
}

# start_attacker PROGRAM ARGS...: runs tests/attack/PROGRAM as the
# attacker in the background (output in $A/log; ARGS end with its STATE
# and SECONDS, see attack.h) and waits until it says it is ready.
start_attacker() {
	local prog=$1 end=$((SECONDS + 120))

	shift
	rm -f "$A/ready" "$A/stop"
	as_attacker "$BIN/$prog" "$@" </dev/null >"$A/log" 2>&1 3>&- &
	ATTACKER=$!
	# until it is ready, or has ended (120 s at most: a busy machine)
	until [[ -e $A/ready ]]; do
		kill -0 "$ATTACKER" 2>/dev/null && ((SECONDS < end)) ||
			fail "the attacker $prog did not start: $(cat "$A/log")"
		sleep 0.01
	done
}

# stop_attacker: stops it, waits for it; its exit status in
# ATTACKER_STATUS.
stop_attacker() {
	touch "$A/stop"
	ATTACKER_STATUS=0
	wait "$ATTACKER" || ATTACKER_STATUS=$?
	ATTACKER=
}

# attacker_says KEY: the value it printed as KEY=value when it ended.
attacker_says() {
	sed -n "s/^$1=//p" "$A/log"
}

# assert_attacked KEY: the attacker's count KEY is at least 1: the attack
# took place, so the test is not passing on a race never run.
assert_attacked() {
	local n
	n=$(attacker_says "$1")
	[[ $n =~ ^[0-9]+$ && $n -ge 1 ]] ||
		fail "the attack did not take place ($1=$n):"$'\n'"$(cat "$A/log")"
}

# table FILE N FORMAT: N lines printf(FORMAT, I) for I from 0.
table() {
	seq 0 $(($2 - 1)) | awk -v f="$3\n" '{ printf f, $1 }' >"$1"
}

# assert_nodes EXPECTED PATH...: every PATH is `node`-wise EXPECTED.
assert_nodes() {
	local want=$1 got
	shift
	got=$(printf '%s\0' "$@" | xargs -0 stat -c '%F %Hr %Lr %a %u %g' -- 2>&1 |
		sort | uniq -c | sed 's/^ *//')
	[[ $got == "$# $want" ]] ||
		fail "expected $# x '$want', got:"$'\n'"$got"
}

# names PREFIX N: PREFIX0 ... PREFIX(N-1), one per line.
names() {
	seq 0 $(($2 - 1)) | sed "s|^|$1|"
}

# assert_no_setid DIR...: no set-uid or set-gid regular file under DIR.
assert_no_setid() {
	local found
	found=$(find "$@" -type f -perm /6000 -exec ls -l {} + 2>&1 | head -n 20)
	[[ -z $found ]] ||
		fail "set-id regular files (showing up to 20 of $(find "$@" -type f -perm /6000 | wc -l)):"$'\n'"$found"
}

# assert_no_temp_of_devtool DIR: no .devtool.* under DIR that is not
# the attacker's.  Its exchanges may leave its own files under such
# names, which devtool rightly never removes.
assert_no_temp_of_devtool() {
	local left
	left=$(find "$1" -name '.devtool.*' ! -user 65534 2>&1)
	[[ -z $left ]] || fail "devtool's temporaries survived:"$'\n'"$left"
}

# untraced FUNCTION ARGS...: runs FUNCTION (of this file) in a bash of
# its own, without bats's tracing of every command, which makes a round
# of a race several times slower.
untraced() {
	bash -c "$(declare -f "$1"); $1"' "$@"' bash "${@:2}"
}

# Where /proc is hidden (needs_unshare chooses): "all", an empty tmpfs
# over all of /proc as in a bare chroot; or "fd", over the descriptor
# directories of devtool's process only, for a build that cannot start
# without /proc (ASan reads its options from /proc/self/environ).  Both
# leave chmod through /proc/self/fd nothing to find.
# shellcheck disable=SC2016 # $$ is the inner shell's, devtool's pid
HIDE_FD='mount -t tmpfs none /proc/$$/fd && mount -t tmpfs none /proc/$$/task/$$/fd'

needs_unshare() {
	[[ -z ${DEVTOOL_REAL:-} ]] ||
		skip "valgrind (make check-valgrind) cannot run without /proc"
	unshare -m sh -c 'mount -t tmpfs none /proc' 2>/dev/null ||
		skip "cannot hide /proc here (unshare -m and mount need CAP_SYS_ADMIN)"
	HIDE=all
	unshare -m sh -c 'mount -t tmpfs none /proc && exec "$@"' sh \
		"$DEVTOOL" encode 1 3 >/dev/null 2>&1 && return 0
	HIDE=fd
	! unshare -m sh -c "$HIDE_FD"' && exec "$@"' sh \
		ls -A /proc/self/fd /proc/thread-self/fd |
		grep -qv -e '^/proc.*:$' -e '^$' ||
		fail "the descriptor directories are not hidden"
	unshare -m sh -c "$HIDE_FD"' && exec "$@"' sh \
		"$DEVTOOL" encode 1 3 >/dev/null ||
		fail "devtool does not start with /proc hidden, nor with its descriptors hidden"
}

# ------------------------------------------- hole 1: the exchanged temporary

# exchange_race METHOD VICTIM...: runs devtool VICTIM (which makes
# RACE_LINES nodes /dev/nI, c 1:3, mode 4755, owner 0:5, each through a
# temporary) while the attacker exchanges each new .devtool.* entry in
# R/dev with a copy of id(1) it made there.  Nothing it swapped in may
# become set-id, and the nodes must be as asked.
exchange_race() {
	export DEVTOOL_RESOLVE=$1
	shift
	start_attacker exchanger "$R/dev" /usr/bin/id "$A" "$RACE_SECONDS"
	run --separate-stderr devtool "$@"
	stop_attacker
	assert_no_setid "$R" "$A"
	assert_status 0
	# shellcheck disable=SC2046 # the names have no spaces
	assert_nodes "character special file 1 3 4755 0 5" \
		$(names "$R/dev/n" "$RACE_LINES")
	[[ $(find "$R" -type c | wc -l) -eq $RACE_LINES ]] ||
		fail "device nodes under R besides the $RACE_LINES asked for:"$'\n'"$(find "$R" -type c ! -name 'n*')"
	assert_no_temp_of_devtool "$R"
	assert_attacked seen
}

# Unguarded (3,000 lines, 2 cores): 3 to 203 set-uid root copies of id,
# and some 2,860 of the 3,000 /dev/nI the attacker's own files, exit 0,
# in 40 of 40 runs (4 tests, native and ASan builds).  RACE_LINES 1000:
# with 95% of the nodes the attacker's, every run fails on the nodes
# alone; an unguarded build under load made 7 to 87 set-uid copies of
# 1,000 (4 of 4 tests).
@test "race: apply never makes set-id what an attacker exchanged in at its temporary name (openat2)" {
	table t "$RACE_LINES" '/dev/n%d c 4755 0 5 1 3'
	exchange_race openat2 apply --root "$R" t
}

@test "race: apply never makes set-id what an attacker exchanged in at its temporary name (walk)" {
	table t "$RACE_LINES" '/dev/n%d c 4755 0 5 1 3'
	exchange_race walk apply --root "$R" t
}

# Unguarded: the same, as mknod --count makes each node the same way.
@test "race: mknod --count never makes set-id what an attacker exchanged in at its temporary name (openat2)" {
	exchange_race openat2 mknod -m 4755 -g 5 --count "$RACE_LINES" \
		--step 0 --root "$R" /dev/n c 1 3
}

@test "race: mknod --count never makes set-id what an attacker exchanged in at its temporary name (walk)" {
	exchange_race walk mknod -m 4755 -g 5 --count "$RACE_LINES" \
		--step 0 --root "$R" /dev/n c 1 3
}

# ------------------------------------ hole 2: chmod without /proc, a symlink

# symlink_rounds ROUNDS HIDE SECRET DEVTOOL ROOT (in a bash of its own,
# untraced, in a mount namespace of its own; HIDE_FD in the environment):
# the rounds of
# symlink_race, with /proc hidden as HIDE says.  Prints
# "lost I" if SECRET had changed by round I, and stops there; a line for
# each round where devtool neither corrected /dev/x nor said why not.
# SECRET is looked at every 10 rounds and after the last (one process
# fewer a round): a change stays, as no round asks for its mode 0600.
symlink_rounds() {
	local rounds=$1 hide=$2 secret=$3 dt=$4 root=$5 i st

	if [[ $hide == all ]]; then
		mount -t tmpfs none /proc || return 2
	fi
	printf '/dev/x c 0644 0 0 1 3\n' >t
	for ((i = 1; i <= rounds; i++)); do
		if ((i % 2)); then
			set -- mknod -r --root "$root" -m 0666 /dev/x c 1 3
		else
			set -- apply -r --root "$root" t
		fi
		if [[ $hide == all ]]; then
			"$dt" "$@" >/dev/null 2>err
		else
			sh -c "$HIDE_FD"' && exec "$@"' sh "$dt" "$@" >/dev/null 2>err
		fi
		st=$?
		((st == 0)) || { ((st == 1)) && grep -qF /dev/x err; } ||
			echo "round $i: exit $st, $(head -c 200 err)"
		if ((i % 10 == 0 || i == rounds)) &&
		    [[ $(stat -c '%a %u %g' "$secret") != "600 0 0" ]]; then
			echo "lost $i"
			return 0
		fi
	done
}

# symlink_race METHOD: RACE_ROUNDS in-place corrections of R/dev/x
# without /proc (mknod -r and apply -r in turn, mode 0666 and 0644 in
# turn) while the attacker exchanges x with its symlink to a root-owned
# 0600 file outside the root.  That file must stay as it is; each run
# corrects x or says why not.
symlink_race() {
	local secret=$T/secret out lost rounds=$RACE_ROUNDS
	export DEVTOOL_RESOLVE=$1

	needs_unshare
	# A sanitizer build, with its own mounts each round, is 5 times
	# slower: a third of the rounds (an unguarded build lost within 300
	# in 18 runs; the native build is the one that catches the race).
	if [[ $HIDE == fd ]]; then
		rounds=$((RACE_ROUNDS / 3))
	fi
	printf 'root only\n' >"$secret"
	chmod 0600 "$secret"
	cp -p "$secret" "$T/secret.orig"
	mknod -m 0640 "$R/dev/x" c 1 3
	as_attacker ln -s "$secret" "$R/dev/lnk"
	start_attacker swapper "$R/dev" x lnk "$A" "$RACE_SECONDS"
	out=$(HIDE_FD=$HIDE_FD unshare -m bash -c \
		"$(declare -f symlink_rounds)"'; symlink_rounds "$@"' bash \
		"$rounds" "$HIDE" "$secret" "$DEVTOOL" "$R")
	stop_attacker
	lost=$(printf '%s\n' "$out" | sed -n 's/^lost //p')
	[[ -z $lost && $(stat -c '%a %u %g' "$secret") == "600 0 0" ]] ||
		fail "by round $lost the file outside the root had changed: $(stat -c '%A %U:%G' "$secret")"
	cmp "$secret" "$T/secret.orig"
	[[ -z $out ]] ||
		fail "devtool neither corrected /dev/x nor said why:"$'\n'"$out"
	assert_attacked swaps
}

# Unguarded: the outside file became 0644 or 0666 in 34 of 34 runs: within
# 1 to 71 rounds in 16 native runs, 1 to 300 in 18 ASan runs.  Under
# load, native: at 36, 36, 181 and 188 rounds, and 2 of 6 runs not
# within 300; RACE_ROUNDS 1000, three times that, more than 14 times
# the most without load.
@test "race: without /proc, a correction never changes the mode of a symlink's target swapped in (openat2)" {
	symlink_race openat2
}

@test "race: without /proc, a correction never changes the mode of a symlink's target swapped in (walk)" {
	symlink_race walk
}

# --------------------------------- hole 3: no RENAME_EXCHANGE, no overwrite

@test "race: the wrapper makes renameat2 RENAME_EXCHANGE fail with EINVAL (control)" {
	touch a b
	run "$BIN/noexchange" "$BIN/swapper" . a b "$A" 0
	assert_status 1
	assert_output --partial "Invalid argument"
	run "$BIN/swapper" . a b "$A" 0
	assert_status 0
}

@test "mknod: -r without RENAME_EXCHANGE refuses to replace a different node and keeps it" {
	mknod -m 0640 "$R/dev/x" c 1 3
	run --separate-stderr "$BIN/noexchange" "$DEVTOOL" mknod -r --root "$R" \
		-m 0644 /dev/x c 1 5
	assert_status 1
	assert_stdout_empty
	assert_stderr_contains "/dev/x"
	assert_stderr_contains "RENAME_EXCHANGE"
	[[ $(node "$R/dev/x") == "character special file 1 3 640 0 0" ]] ||
		fail "the old node changed: $(node "$R/dev/x")"
	assert_no_temp "$R"
}

@test "apply: -r without RENAME_EXCHANGE refuses to replace a different node and keeps it" {
	mknod -m 0640 "$R/dev/x" c 1 3
	printf '/dev/x c 0644 0 0 1 5\n' >t
	run --separate-stderr "$BIN/noexchange" "$DEVTOOL" apply -r --root "$R" t
	assert_status 1
	assert_stdout_empty
	assert_stderr_contains "/dev/x"
	assert_stderr_contains "RENAME_EXCHANGE"
	[[ $(node "$R/dev/x") == "character special file 1 3 640 0 0" ]] ||
		fail "the old node changed: $(node "$R/dev/x")"
	assert_no_temp "$R"
}

# overwrite_rounds ROUNDS STATE DEVTOOL ROOT NOEXCHANGE (untraced): the
# rounds of overwrite_race.  Prints "lost I" if round I destroyed the
# file (the attacker made STATE/destroyed), and stops there; a line for
# each round where devtool did not refuse with a reason.
overwrite_rounds() {
	local rounds=$1 state=$2 dt=$3 root=$4 noexchange=$5 i st

	for ((i = 1; i <= rounds; i++)); do
		"$noexchange" "$dt" mknod -r --root "$root" -m 0644 \
			/dev/x c 240 "$i" >/dev/null 2>err
		st=$?
		{ ((st == 1)) && grep -qF /dev/x err; } ||
			echo "round $i: exit $st, $(head -c 200 err)"
		if [[ -e $state/destroyed ]]; then
			echo "lost $i"
			return 0
		fi
	done
}

# overwrite_race METHOD: RACE_OVERWRITE_ROUNDS runs of mknod -r replacing R/dev/x
# where RENAME_EXCHANGE fails (c 1:3 by 240:1, 240:2, ...: each run asks
# for a node that no run made, so each must replace; major 240 is for
# local use, no driver here), while the attacker
# exchanges x with its regular file f.  The file must never be destroyed
# (the attacker holds it open and watches its link count) and must end
# whole at x or f.  devtool can only refuse (exit 1, a message naming
# /dev/x) each time.
overwrite_race() {
	local out lost content where
	export DEVTOOL_RESOLVE=$1

	content="precious $RANDOM"
	mknod -m 0644 "$R/dev/x" c 1 3
	# shellcheck disable=SC2016 # the inner shell's arguments
	as_attacker sh -c 'printf "%s\n" "$1" >"$2"' sh "$content" "$R/dev/f"
	start_attacker swapper "$R/dev" x f "$A" "$RACE_SECONDS" "$R/dev/f"
	out=$(untraced overwrite_rounds "$RACE_OVERWRITE_ROUNDS" "$A" "$DEVTOOL" "$R" \
		"$BIN/noexchange")
	stop_attacker
	lost=$(printf '%s\n' "$out" | sed -n 's/^lost //p')
	[[ -z $lost && ! -e $A/destroyed ]] ||
		fail "round $lost destroyed the attacker's file at /dev/x"
	[[ $ATTACKER_STATUS -eq 0 ]] ||
		fail "the attacker failed:"$'\n'"$(cat "$A/log")"
	# Only regular files are read: a device node may be anything.
	where=$(find "$R/dev" -maxdepth 1 -type f \( -name x -o -name f \) \
		-exec grep -lxF -- "$content" {} +)
	[[ $where == "$R/dev/x" || $where == "$R/dev/f" ]] ||
		fail "the file is not whole at x or f: '$where'"
	[[ -z $out ]] ||
		fail "devtool replaced, or did not refuse with a reason:"$'\n'"$out"
	assert_no_temp_of_devtool "$R"
	assert_attacked swaps
}

# Unguarded: the file was destroyed within 1 to 11 rounds, in 26 of 26
# runs (16 native, 10 ASan); under load within 7 to 63 (6 of 6 runs).
# RACE_OVERWRITE_ROUNDS 300: near 5 times the most under load.
@test "race: without RENAME_EXCHANGE, mknod -r never destroys a regular file swapped in (openat2)" {
	overwrite_race openat2
}

@test "race: without RENAME_EXCHANGE, mknod -r never destroys a regular file swapped in (walk)" {
	overwrite_race walk
}

# ------------------------------------ a link replaced: what the exchange brings out

# link_rounds ROUNDS STATE DEVTOOL ROOT (untraced): the rounds of
# link_race, each an apply of `L+ /dev/x` to a target no round used
# before, so that each must replace what is there.  Prints "lost I" if
# round I destroyed the file (the attacker made STATE/destroyed), and
# stops there; a line for each round where devtool neither replaced the
# link nor refused with a reason naming /dev/x.
link_rounds() {
	local rounds=$1 state=$2 dt=$3 root=$4 i st

	for ((i = 1; i <= rounds; i++)); do
		printf 'L+ /dev/x - - - - /t%d\n' "$i" >t
		"$dt" apply --root "$root" t >/dev/null 2>err
		st=$?
		((st == 0)) || { ((st == 1)) && grep -qF /dev/x err; } ||
			echo "round $i: exit $st, $(head -c 200 err)"
		if [[ -e $state/destroyed ]]; then
			echo "lost $i"
			return 0
		fi
	done
}

# link_race METHOD: RACE_LINK_ROUNDS runs of apply replacing the link R/dev/x
# by another (L+), RENAME_EXCHANGE working, while the attacker exchanges
# x with its regular file f: between devtool's look at x and its
# exchange, the file may be what x names, and what the exchange brings
# out.  The file must never be destroyed (the attacker holds it open and
# watches its link count) and must end whole at x or f, the other name
# a link; each run replaces or refuses with a reason, and leaves no
# private directory, even when its exchange back brought out the old
# link (replace_race below).
link_race() {
	local out lost content where other
	export DEVTOOL_RESOLVE=$1

	content="precious $RANDOM"
	ln -s /t0 "$R/dev/x"
	# shellcheck disable=SC2016 # the inner shell's arguments
	as_attacker sh -c 'printf "%s\n" "$1" >"$2"' sh "$content" "$R/dev/f"
	start_attacker swapper "$R/dev" x f "$A" "$RACE_SECONDS" "$R/dev/f"
	out=$(untraced link_rounds "$RACE_LINK_ROUNDS" "$A" "$DEVTOOL" "$R")
	stop_attacker
	lost=$(printf '%s\n' "$out" | sed -n 's/^lost //p')
	[[ -z $lost && ! -e $A/destroyed ]] ||
		fail "round $lost destroyed the attacker's file at /dev/x"
	[[ $ATTACKER_STATUS -eq 0 ]] ||
		fail "the attacker failed:"$'\n'"$(cat "$A/log")"
	where=$(find "$R/dev" -maxdepth 1 -type f \( -name x -o -name f \) \
		-exec grep -lxF -- "$content" {} +)
	[[ $where == "$R/dev/x" || $where == "$R/dev/f" ]] ||
		fail "the file is not whole at x or f: '$where'"
	other=$R/dev/x
	[[ $where == "$R/dev/x" ]] && other=$R/dev/f
	[[ -L $other && $(readlink "$other") == /t* ]] ||
		fail "$other is no link devtool made: $(ls -l "$other")"
	[[ -z $out ]] ||
		fail "devtool neither replaced nor refused with a reason:"$'\n'"$out"
	assert_no_temp_of_devtool "$R"
	assert_attacked swaps
}

# With the exchange's outcome removed whatever it was (not only a link,
# node or FIFO): the file was destroyed within 12 to 54 rounds, in 7 of
# 7 runs (2 cores, busy).  RACE_LINK_ROUNDS 150: near 3 times the most.
@test "race: L+ never destroys a regular file swapped in for the link it replaces (openat2)" {
	link_race openat2
}

@test "race: L+ never destroys a regular file swapped in for the link it replaces (walk)" {
	link_race walk
}

# ------------------------- a node replaced: what the exchange back brings out

# replace_rounds ROUNDS STATE DEVTOOL ROOT (untraced): the rounds of
# replace_race, each a mknod -r of /dev/x to numbers no round used
# before (c 240:I), so that each must replace what is there.  Prints
# "lost I" if round I left a private directory (.devtool.*; the attacker
# makes none) in ROOT/dev or destroyed the attacker's file (it made
# STATE/destroyed), and stops there; a line for each round where devtool
# neither replaced the node nor refused with a reason naming /dev/x
# (exit 1, an operation that failed).
replace_rounds() {
	local rounds=$1 state=$2 dt=$3 root=$4 i st msg

	for ((i = 1; i <= rounds; i++)); do
		"$dt" mknod -r --root "$root" -m 0644 /dev/x c 240 "$i" \
			>/dev/null 2>err
		st=$?
		msg=
		read -r -d '' msg <err
		((st == 0)) || { ((st == 1)) && [[ $msg == *devtool:\ /dev/x:* ]]; } ||
			echo "round $i: exit $st, ${msg:0:200}"
		if compgen -G "$root/dev/.devtool.*" >/dev/null ||
		    [[ -e $state/destroyed ]]; then
			echo "lost $i"
			return 0
		fi
	done
}

# replace_race KIND: RACE_REPLACE_ROUNDS runs of mknod -r replacing the
# node R/dev/x, RENAME_EXCHANGE working, while the attacker exchanges x
# with its own y: KIND "file", a regular file (held open and watched), or
# "link", a symbolic link.  When devtool's exchange brings out the
# attacker's y it exchanges it back; a swap of the attacker's landing
# between the two makes the exchange back bring out the old node
# instead, where x is taken.  No private directory may outlive a run,
# the attacker's y must end whole at x or y, and each run replaces or
# refuses with a reason.
replace_race() {
	local kind=$1 out lost content where

	content="precious $RANDOM"
	mknod -m 0644 "$R/dev/x" c 1 3
	if [[ $kind == file ]]; then
		# shellcheck disable=SC2016 # the inner shell's arguments
		as_attacker sh -c 'printf "%s\n" "$1" >"$2"' sh "$content" "$R/dev/y"
		start_attacker swapper "$R/dev" x y "$A" "$RACE_SECONDS" "$R/dev/y"
	else
		as_attacker ln -s "/$content" "$R/dev/y"
		start_attacker swapper "$R/dev" x y "$A" "$RACE_SECONDS"
	fi
	out=$(untraced replace_rounds "$RACE_REPLACE_ROUNDS" "$A" "$DEVTOOL" "$R")
	stop_attacker
	lost=$(printf '%s\n' "$out" | sed -n 's/^lost //p')
	[[ -z $lost ]] ||
		fail "round $lost left a private directory, or destroyed the attacker's file:"$'\n'"$(ls -laR "$R/dev")"
	[[ $ATTACKER_STATUS -eq 0 ]] ||
		fail "the attacker failed:"$'\n'"$(cat "$A/log")"
	if [[ $kind == file ]]; then
		where=$(find "$R/dev" -maxdepth 1 -type f -exec grep -lxF -- "$content" {} +)
	else
		where=$(find "$R/dev" -maxdepth 1 -type l -lname "/$content")
	fi
	[[ $where == "$R/dev/x" || $where == "$R/dev/y" ]] ||
		fail "the attacker's $kind is not whole at x or y: '$where'"
	[[ -z $out ]] ||
		fail "devtool neither replaced nor refused with a reason:"$'\n'"$out"
	assert_attacked swaps
}

# Unguarded: the exchange back brought out the old node, which stayed in
# the private directory with it, in 35 of 1,000 rounds (2 cores, quiet;
# the first within 1 to 40 rounds); elsewhere, in about 2 of 13 runs of
# 250 (1 in 1,600 rounds).  RACE_REPLACE_ROUNDS 1000: a few seconds.
@test "race: mknod -r leaves no private directory when the attacker's file is swapped in and out of the node it replaces" {
	replace_race file
}

@test "race: mknod -r leaves no private directory when the attacker's symbolic link is swapped in and out of the node it replaces" {
	replace_race link
}

# ------------------------------------------------ hole 4: moved directories

# move_race METHOD OWNER ENTRIES [LINE WANT]: apply -v of ENTRIES entries
# /dev/d/nI c 0600 OWNER 1 3 (or LINE, a printf format of I, each what
# `node' says is WANT) into R/dev/d, which the attacker owns; once
# K=50 have appeared it renames R/dev/d to a directory of its own outside
# the root ($T/outside, same filesystem) and makes a new R/dev/d.
# Nodes may stay outside only if they were made before the move: at most
# the attacker's "before" count (the entries it saw appear before the
# marker it made right after the move; K plus those in flight).  Every
# entry is made once and correct, or reported failed; stdout, stderr and
# the exit status agree with what exists.
move_race() {
	local O=$T/outside owner=$2 entries=$3 before outside inside failed made
	local created unnamed line=${4:-"/dev/d/n%d c 0600 $2 1 3"}
	local want=${5:-"character special file 1 3 600 $2"}
	export DEVTOOL_RESOLVE=$1

	mkdir "$R/dev/d" "$O"
	chown 65534:65534 "$R/dev/d" "$O"
	table t "$entries" "$line"
	start_attacker mover "$R/dev/d" "$O/d" 50 "$A" "$RACE_SECONDS"
	run --separate-stderr devtool apply -v --root "$R" t
	stop_attacker
	[[ $(attacker_says moved) == 1 ]] ||
		fail "the attacker did not move the directory:"$'\n'"$(cat "$A/log")"
	before=$(attacker_says before)
	outside=$(find "$O/d" -mindepth 1 | wc -l)
	((outside <= before)) ||
		fail "$outside entries under the moved directory, outside the root; only $before were made before it moved (K=50)"
	inside=$(find "$R/dev/d" -mindepth 1 | wc -l)
	# What was made, wherever it is, is exactly what was asked.
	# shellcheck disable=SC2046 # the names have no spaces
	assert_nodes "$want" $(find "$R/dev/d" "$O/d" -mindepth 1)
	# Each entry exists once, or failed with a message naming it.
	failed=$(printf '%s\n' "$stderr" | grep -o '/dev/d/n[0-9]*' | sort -u)
	made=$(find "$R/dev/d" "$O/d" -mindepth 1 -printf '/dev/d/%f\n' | sort)
	[[ $(printf '%s\n' "$made" | uniq -d) == "" ]] ||
		fail "entries made twice: $(printf '%s\n' "$made" | uniq -d | head)"
	[[ -z $(comm -12 <(printf '%s\n' "$made") <(printf '%s\n' "$failed")) ]] ||
		fail "entries said to have failed exist"
	# past the first three of a cause, failures are counted, not named
	# (devtool(1), DIAGNOSTICS): "... and N more"
	unnamed=$(printf '%s\n' "$stderr" | sed -nE \
		's/^devtool: [0-9]+ more entr.* and ([0-9]+) more$/\1/p' |
		awk '{ n += $1 } END { print n + 0 }')
	[[ $(( $(sort -u <(printf '%s\n' "$made") <(printf '%s\n' "$failed") | grep -c .) \
		+ unnamed )) -eq $entries ]] ||
		fail "entries neither made nor reported failed (made $((inside + outside)), $unnamed counted unnamed)"
	created=$(printf '%s\n' "$output" | grep -c '^created /dev/d/n')
	((created == inside + outside)) ||
		fail "-v says $created created, $((inside + outside)) exist"
	if [[ -n $failed ]]; then assert_status 1; else assert_status 0; fi
}

# Unguarded: every node was left outside the root, exit 0: all 20,000
# (owner 0:0) and all 5,000 (owner 0:5), where the attacker had seen 50
# to 248 appear before the move; 18 of 18 runs.  The entries that need
# temporaries are fewer, as the private directories that guard them cost
# 2.5 ms each on an ext4 mounted with discard.  RACE_MOVE_LINES 4000:
# every entry made after the move is one too many, and at least 750
# come after it (an unguarded build under load: all 4,000 and all 1,000
# left outside, where the attacker had seen 51 to 68 appear before the move;
# 4 of 4 tests).
@test "race: apply makes nothing in a directory moved out of the root, owner its own (openat2)" {
	move_race openat2 "0 0" "$RACE_MOVE_LINES"
}

@test "race: apply makes nothing in a directory moved out of the root, owner its own (walk)" {
	move_race walk "0 0" "$RACE_MOVE_LINES"
}

@test "race: apply makes nothing in a directory moved out of the root, through temporaries (openat2)" {
	move_race openat2 "0 5" $((RACE_MOVE_LINES / 4))
}

@test "race: apply makes nothing in a directory moved out of the root, through temporaries (walk)" {
	move_race walk "0 5" $((RACE_MOVE_LINES / 4))
}

# widened_race METHOD: a directory of root's, /srv/d, that only root can
# write and whose way from the root only root can write, filled after an
# r line of the table opened /srv and /srv/d to everyone (0777): from
# then on another user can move /srv/d out of the root, so devtool no
# longer holds it as it held it before (SECURITY in devtool(1): never
# outside --root).  The attacker moves it out once K=50 of its entries
# appeared.  Unguarded (the directory and its way kept as checked before
# the r line): every entry after the move was made outside, exit 0 (all
# 600 in the moved directory, 52 and 53 of them before the move; openat2
# and walk).  WIDEN (default /srv) is what the r line opens: / opens the
# root itself, an r line that goes in its turn, not last as the root's d
# line may (devtool-apply(1)); root_dir_changed takes the root's stat
# again (the build
# that kept the first one passed this too, its trail checking each
# directory it makes: tests/unit_node.c checks the root's trust).
widened_race() {
	local O=$T/outside before outside widen=${2:-/srv}
	export DEVTOOL_RESOLVE=$1

	mkdir -p "$R/srv/d" "$O"
	chown 65534:65534 "$O"
	{
		echo '/srv/d/first c 0600 0 0 1 3 - - -'
		echo "$widen r 0777 0 0 - - - - -"
		seq 0 $((RACE_MOVE_LINES - 1)) |
			awk '{ printf "/srv/d/n%d c 0600 0 0 1 3 - - -\n", $1 }'
	} >t
	start_attacker mover "$R/srv/d" "$O/d" 50 "$A" "$RACE_SECONDS"
	run --separate-stderr devtool apply --root "$R" t
	stop_attacker
	[[ $(attacker_says moved) == 1 ]] ||
		fail "the attacker did not move the directory:"$'\n'"$(cat "$A/log")"
	before=$(attacker_says before)
	outside=$(find "$O/d" -mindepth 1 -name 'n*' | wc -l)
	((outside <= before)) ||
		fail "$outside entries under the moved directory, outside the root; only $before were made before it moved (K=50)"
}

@test "race: apply makes nothing in a directory an r line opened to others and another user moved out of the root (openat2)" {
	widened_race openat2
}

@test "race: apply makes nothing in a directory an r line opened to others and another user moved out of the root (walk)" {
	widened_race walk
}

@test "race: apply makes nothing in a directory an r line of the root opened to others and another user moved out of the root (openat2)" {
	widened_race openat2 /
}

@test "race: apply makes nothing in a directory an r line of the root opened to others and another user moved out of the root (walk)" {
	widened_race walk /
}

# The links of L lines are made through temporaries there too (the
# directory is not pinned), and the same check removes one made outside.
@test "race: apply makes no symbolic link in a directory moved out of the root (openat2)" {
	move_race openat2 "0 0" $((RACE_MOVE_LINES / 4)) \
		"L /dev/d/n%d - - - - /target" "symbolic link 0 0 777 0 0"
}

@test "race: apply makes no symbolic link in a directory moved out of the root (walk)" {
	move_race walk "0 0" $((RACE_MOVE_LINES / 4)) \
		"L /dev/d/n%d - - - - /target" "symbolic link 0 0 777 0 0"
}

# ------------------------------------- unsafe path transitions, swapped in

# transition_race METHOD SWAPPED WHY: RACE_TRANSITION_LINES entries
# /srv/x/d/nI (c 0600 0:0 1:3) into R/srv/x, which the attacker owns,
# while it exchanges its directory d there with SWAPPED, also in x:
# "l", its link to the root's /etc, or "rootdir", a directory of root's.
# Up to RACE_TRANSITION_ROUNDS runs, until one met the swap: an entry
# refused with WHY (the sentence after "devtool: /srv/x/d/nI: ").
# Nothing may ever be made through the link or in root's directory;
# every entry is made in the attacker's directory, or refused with WHY,
# or (the link, between devtool's two looks at the name: first not a
# directory, then no link) fails as not a directory.
transition_race() {
	local swapped=$2 why=$3 round refused=0 bad made rootdir own missing unnamed
	export DEVTOOL_RESOLVE=$1

	mkdir -p "$R/srv/x" "$R/etc"
	chown 65534:65534 "$R/srv/x"
	as_attacker mkdir "$R/srv/x/d"
	as_attacker ln -s /etc "$R/srv/x/l"
	mkdir "$R/srv/x/rootdir"
	table t "$RACE_TRANSITION_LINES" '/srv/x/d/n%d c 0600 0 0 1 3'
	start_attacker swapper "$R/srv/x" d "$swapped" "$A" "$RACE_SECONDS"
	for ((round = 1; round <= RACE_TRANSITION_ROUNDS; round++)); do
		run --separate-stderr devtool apply --root "$R" t
		refused=$(printf '%s\n' "$stderr" | grep -cxE \
			"devtool: /srv/x/d/n[0-9]+: $why" || :)
		((refused == 0)) && [[ -z $(ls -A "$R/etc") ]] || break
	done
	stop_attacker
	# root's directory and the attacker's, by now at either name
	rootdir=$(find "$R/srv/x" -mindepth 1 -maxdepth 1 -type d -user 0)
	own=$(find "$R/srv/x" -mindepth 1 -maxdepth 1 -type d -user 65534)
	made=$(find "$R/etc" "$rootdir" -mindepth 1 | head)
	[[ -z $made ]] ||
		fail "entries were made through the $swapped (in $((round > RACE_TRANSITION_ROUNDS ? RACE_TRANSITION_ROUNDS : round)) runs):"$'\n'"$made"
	bad=$(printf '%s\n' "$stderr" | grep -vxE \
		-e "devtool: /srv/x/d/n[0-9]+: $why" \
		-e 'devtool: /srv/x/d/n[0-9]+: parent directory: Not a directory( \(.*\))?' \
		-e "devtool: [0-9]+ more entr(y|ies) failed: ($why|parent directory: Not a directory( \(.*\))?): .*" \
		-e '' || :)
	[[ -z $bad ]] || fail "other failures:"$'\n'"$bad"
	# past the first three of a cause, failures are counted, not named
	# (devtool(1), DIAGNOSTICS): "... and N more"
	unnamed=$(printf '%s\n' "$stderr" | sed -nE \
		's/^devtool: [0-9]+ more entr.* and ([0-9]+) more$/\1/p' |
		awk '{ n += $1 } END { print n + 0 }')
	# Each entry is in the attacker's directory, or failed in the last run.
	missing=$(comm -23 <(names /srv/x/d/n "$RACE_TRANSITION_LINES" | sort) \
		<({ find "$own" -mindepth 1 -printf '/srv/x/d/%f\n'
		    printf '%s\n' "$stderr" | grep -o '/srv/x/d/n[0-9]*'; } |
		sort -u))
	[[ $(grep -c . <<<"$missing") == "$unnamed" ]] ||
		fail "neither made nor failed ($unnamed counted unnamed):"$'\n'"$(head <<<"$missing")"
	# (a run may fail every entry: the attacker swaps fast)
	made=$(find "$own" -mindepth 1)
	# shellcheck disable=SC2086 # the names have no spaces
	[[ -z $made ]] ||
		assert_nodes "character special file 1 3 600 0 0" $made
	if [[ -n $stderr ]]; then assert_status 1; else assert_status 0; fi
	((refused >= 1)) ||
		fail "no run of $RACE_TRANSITION_ROUNDS met the $swapped (swaps: $(attacker_says swaps))"
	assert_attacked swaps
}

# Unguarded: nodes were made in R/etc through the link in the first run
# (dozens of 500; openat2 and walk alike; under load, with
# RACE_TRANSITION_LINES 1000, in the first run too).
@test "race: apply never makes a node through a user's link swapped in for its directory (openat2)" {
	transition_race openat2 l "unsafe path transition from /srv/x/d \\(a symbolic link, owner 65534\\) to / \\(a directory, owner 0\\): not followed"
}

@test "race: apply never makes a node through a user's link swapped in for its directory (walk)" {
	transition_race walk l "unsafe path transition from /srv/x/d \\(a symbolic link, owner 65534\\) to / \\(a directory, owner 0\\): not followed"
}

# Unguarded: nodes were made in root's directory in each of its runs
# (500 lines).
@test "race: apply never makes a node in root's directory swapped in for a user's (openat2)" {
	transition_race openat2 rootdir "unsafe path transition from /srv/x \\(owner 65534\\) to /srv/x/d \\(a directory, owner 0\\): not entered"
}

@test "race: apply never makes a node in root's directory swapped in for a user's (walk)" {
	transition_race walk rootdir "unsafe path transition from /srv/x \\(owner 65534\\) to /srv/x/d \\(a directory, owner 0\\): not entered"
}

# ---------------------------------------------- hole 5: a killed run's leftovers

# RACE_KILLS runs of apply (RACE_KILL_LINES entries that each need a
# temporary), each killed with SIGKILL 0 to 9 ms after its first nodes
# appear (mid-run; a run that ends first is tried again).  After each,
# list must show no temporary; after all, a full run must leave none.
# Unguarded: a kill left .devtool.PID.N nodes, which list printed, in 29
# of 30 kills; the test lost at the first or second kill in 8 of 8 runs
# (under load, at the first).  RACE_KILLS 8: four times the most.
@test "race: after runs killed mid-apply, list shows no temporary and a full run leaves none" {
	local k killed=0 st

	table t "$RACE_KILL_LINES" '/dev/n%d c 0600 0 5 1 3'
	# Up to three tries a kill: a run that ended before its kill (a fast
	# machine) does not count, and is tried again.
	for ((k = 1; k <= 3 * RACE_KILLS && killed < RACE_KILLS; k++)); do
		if ((k % 2)); then
			export DEVTOOL_RESOLVE=openat2
		else
			export DEVTOOL_RESOLVE=walk
		fi
		# Killed mid-run: once its first nodes are there (polled, so a
		# loaded machine does not make the kill come before the run
		# starts or after it ends), then 0 to 9 ms more.  Waited for
		# here, so it is gone before the next run starts; the
		# subshell's stderr takes bash's "Killed".
		st=$(
			"$DEVTOOL" apply --root "$R" t </dev/null >/dev/null 2>&1 &
			pid=$!
			for ((i = 0; i < 100000; i++)); do
				compgen -G "$R/dev/n*" >/dev/null && break
				kill -0 "$pid" 2>/dev/null || break
			done
			sleep "0.00$((RANDOM % 10))"
			kill -KILL "$pid" 2>/dev/null
			st=0
			wait "$pid" || st=$?
			echo "$st"
		) 2>/dev/null
		if ((st == 128 + 9)); then
			killed=$((killed + 1))
		fi
		run --separate-stderr devtool list --root "$R" /dev
		assert_status 0
		[[ $output != *.devtool* ]] ||
			fail "kill $k: list shows temporaries:"$'\n'"$(printf '%s\n' "$output" | grep -F .devtool | head)"
		# What was made goes, so that the next run makes it again.
		find "$R/dev" -maxdepth 1 -type c -name 'n*' -delete
	done
	((killed >= RACE_KILLS / 2)) ||
		fail "only $killed of $RACE_KILLS runs were killed mid-apply"
	unset DEVTOOL_RESOLVE
	run --separate-stderr devtool apply --root "$R" t
	assert_status 0
	assert_no_temp "$R"
	# shellcheck disable=SC2046 # the names have no spaces
	assert_nodes "character special file 1 3 600 0 5" \
		$(names "$R/dev/n" "$RACE_KILL_LINES")
}

# ---------------------------------------------- hole 6: a lock held by a user

# hold_lock DIR: the attacker holds flock -x on DIR (sleeping 600 s;
# teardown ends it) and this returns once it does.
hold_lock() {
	local end=$((SECONDS + 120))

	setsid setpriv --reuid=65534 --regid=65534 --clear-groups -- \
		flock -x "$1" -c 'sleep 600' </dev/null >/dev/null 2>&1 3>&- &
	SLEEPER=$!
	# (120 s at most: a busy machine)
	while flock -n -x "$1" true; do
		kill -0 "$SLEEPER" 2>/dev/null && ((SECONDS < end)) ||
			fail "the attacker did not get its lock on $1"
		sleep 0.01
	done
}

# Unguarded: waited for the lock until timeout killed it (exit 124).
@test "race: mknod -r corrects a node while another user holds flock on its directory" {
	chown 0:0 "$R/dev"
	chmod 0755 "$R/dev"
	mknod -m 0644 "$R/dev/x" c 1 3
	hold_lock "$R/dev"
	run --separate-stderr timeout "$RACE_LOCK_WAIT" "$DEVTOOL" mknod -r \
		--root "$R" -m 0600 /dev/x c 1 3
	assert_status 0
	[[ $(node "$R/dev/x") == "character special file 1 3 600 0 0" ]] ||
		fail "not corrected: $(node "$R/dev/x")"
}

@test "race: apply -r corrects and creates nodes while another user holds flock on their directory" {
	chown 0:0 "$R/dev"
	chmod 0755 "$R/dev"
	mknod -m 0644 "$R/dev/x" c 1 3
	printf '/dev/x c 0640 0 0 1 3\n/dev/y c 0600 0 5 1 5\n' >t
	hold_lock "$R/dev"
	run --separate-stderr timeout "$RACE_LOCK_WAIT" "$DEVTOOL" apply -r \
		--root "$R" t
	assert_status 0
	[[ $(node "$R/dev/x") == "character special file 1 3 640 0 0" ]] ||
		fail "not corrected: $(node "$R/dev/x")"
	[[ $(node "$R/dev/y") == "character special file 1 5 600 0 5" ]] ||
		fail "not created: $(node "$R/dev/y")"
	assert_no_temp "$R"
}

# ---------------------------------------------------- apply --remove

# remove_rounds ROUNDS STATE DEVTOOL ROOT (untraced): each round puts a
# FIFO of root's at whichever of /dev/x and /dev/y is free (the
# attacker's file holds the other) and has apply --remove take /dev/x
# out.  Prints "lost I" when round I left a private directory or
# destroyed the attacker's file, and a line for each round where devtool
# neither removed nor refused with a reason naming /dev/x (exit 1).
remove_rounds() {
	local rounds=$1 state=$2 dt=$3 root=$4 i st msg

	printf '/dev/x\n' >gone
	: >empty
	for ((i = 1; i <= rounds; i++)); do
		if [[ -e $root/dev/x || -L $root/dev/x ]]; then
			mkfifo "$root/dev/y" 2>/dev/null
		else
			mkfifo "$root/dev/x" 2>/dev/null
		fi
		"$dt" apply --remove gone --root "$root" empty >/dev/null 2>err
		st=$?
		msg=
		read -r -d '' msg <err
		((st == 0)) || { ((st == 1)) && [[ $msg == *devtool:\ /dev/x:* ]]; } ||
			echo "round $i: exit $st, ${msg:0:200}"
		if compgen -G "$root/dev/.devtool.*" >/dev/null ||
		    [[ -e $state/destroyed ]]; then
			echo "lost $i"
			return 0
		fi
	done
}

# The removal moves the node into a private directory and checks it
# there (SECURITY in devtool(1)): the attacker exchanging its regular
# file with the FIFO (RENAME_EXCHANGE) in between gets its file back,
# never removed, and no private directory is left.
@test "race: apply --remove never removes the attacker's file swapped in and out of the FIFO it removes, and leaves no private directory" {
	local content="precious $RANDOM" out lost where
	# shellcheck disable=SC2016 # the inner shell's arguments
	as_attacker sh -c 'printf "%s\n" "$1" >"$2"' sh "$content" "$R/dev/y"
	mkfifo "$R/dev/x"
	start_attacker swapper "$R/dev" x y "$A" "$RACE_SECONDS" "$R/dev/y"
	out=$(untraced remove_rounds "$RACE_REPLACE_ROUNDS" "$A" "$DEVTOOL" "$R")
	stop_attacker
	lost=$(printf '%s\n' "$out" | sed -n 's/^lost //p')
	[[ -z $lost ]] ||
		fail "round $lost left a private directory, or removed the attacker's file:"$'\n'"$(ls -laR "$R/dev")"
	[[ $ATTACKER_STATUS -eq 0 ]] ||
		fail "the attacker failed:"$'\n'"$(cat "$A/log")"
	where=$(find "$R/dev" -maxdepth 1 -type f -exec grep -lxF -- "$content" {} +)
	[[ $where == "$R/dev/x" || $where == "$R/dev/y" ]] ||
		fail "the attacker's file is not whole at x or y: '$where'"
	[[ -z $out ]] ||
		fail "devtool neither removed nor refused with a reason:"$'\n'"$out"
	assert_attacked swaps
}
