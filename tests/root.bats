#!/usr/bin/env bats
# devtool mknod --root DIR: PATH resolves inside DIR as if DIR were "/"
# ("devtool mknod" in devtool(1)).  Every check runs twice, with
# DEVTOOL_RESOLVE=openat2 and with DEVTOOL_RESOLVE=walk (check_both), on a
# fresh tree each time.

load test_helper

# ---------------------------------------------------------------- helpers

# Work in an empty directory of our own, WORK.
setup() {
	setup_workdir
	unset DEVTOOL_RESOLVE
	WORK=$PWD
	# A name nobody else uses, for escapes to the real / and /tmp.
	ESC=devtool-escape-$$-$BATS_TEST_NUMBER
}
teardown() {
	# An escape that happened must not outlive the test.
	rm -f "/$ESC" "/tmp/$ESC" 2>/dev/null || true
}

# A fresh tree for one method: T=$WORK/<method>, the root R=$T/root with
# R/dev and R/tmp, and a real directory OUT=$T/outside next to it holding
# a node (tgt, c 1:3) and a file.  OUT is where an escape would land.
make_tree() {
	T=$WORK/$1
	R=$T/root
	OUT=$T/outside
	mkdir -p "$R/dev" "$R/tmp" "$OUT"
	mknod -m 0600 "$OUT/tgt" c 1 3
	echo secret > "$OUT/file"
}

# Everything outside the root, in detail: any creation, removal or
# replacement there shows.
outside_state() {
	find "$WORK" -path "$R" -prune -o -printf '%p %y %i %m %u:%g %s\n' |
		LC_ALL=C sort
	find / /tmp -maxdepth 1 -name "$ESC" 2>/dev/null || true
}

assert_outside_untouched() {
	local now
	now=$(outside_state)
	[[ $now == "$OUTSIDE_BEFORE" ]] ||
		fail "something changed outside the root (DEVTOOL_RESOLVE=$DEVTOOL_RESOLVE):"$'\n'"$(diff <(echo "$OUTSIDE_BEFORE") <(echo "$now"))"
}

# The files under the root, as "/path type".
root_listing() {
	(cd "$R" && find . -mindepth 1 -printf '/%P %y\n' | LC_ALL=C sort)
}

assert_root_listing() {
	local want got
	want=$(printf '%s\n' "$@" | LC_ALL=C sort)
	got=$(root_listing)
	[[ $got == "$want" ]] ||
		fail "unexpected files under the root (DEVTOOL_RESOLVE=$DEVTOOL_RESOLVE):"$'\n'"$(diff <(echo "$want") <(echo "$got"))"
}

# check_both FUNCTION: runs FUNCTION once per resolution method, on a
# fresh tree, with DEVTOOL_RESOLVE exported; the first failure stops the
# test and names the method.  Nothing outside the root may change.
check_both() {
	local m rc
	for m in openat2 walk; do
		make_tree "$m"
		OUTSIDE_BEFORE=$(outside_state)
		set +e
		(
			set -eE
			trap 'echo "# DEVTOOL_RESOLVE=$DEVTOOL_RESOLVE: failed at ${BASH_SOURCE##*/}:$LINENO: $BASH_COMMAND" >&2' ERR
			export DEVTOOL_RESOLVE=$m
			"$@"
			assert_outside_untouched
		)
		rc=$?
		set -e
		[[ $rc -eq 0 ]] ||
			fail "$1 failed with DEVTOOL_RESOLVE=$m (see above)"
	done
}

# nobody_tree METHOD: make_tree METHOD, with R/dev given to uid 65534 and
# the way to it opened up (bats makes its directories 0700), for devtool
# run as that user (setpriv).  As another user than root, paths resolve
# by the method DEVTOOL_RESOLVE names; as root, each one is walked to
# check its steps (SECURITY in the manual).
nobody_tree() {
	local t=$WORK

	command -v setpriv >/dev/null || skip "setpriv is not installed"
	make_tree "$1"
	while [[ $t == "$BATS_RUN_TMPDIR"* ]]; do
		chmod a+x "$t"
		[[ $t == "$BATS_RUN_TMPDIR" ]] && break
		t=${t%/*}
	done
	chmod a+x "$T" "$R"
	chown 65534:65534 "$R/dev"
}

# ------------------------------------------------------------------ bodies

normal_operation() {
	run --separate-stderr devtool mknod --root "$R" /dev/null c 1 3
	assert_status 0
	assert_stdout_empty
	[[ $(node "$R/dev/null") == "character special file 1 3 644 0 0" ]]
	# relative PATHs are relative to the root too
	run --separate-stderr devtool mknod --root "$R" -m 0660 dev/sda b 8 0
	assert_status 0
	[[ $(node "$R/dev/sda") == "block special file 8 0 660 0 0" ]]
	run --separate-stderr devtool mknod --root "$R/" -m 0600 /dev/fifo p
	assert_status 0
	[[ $(stat -c '%F %a' "$R/dev/fifo") == "fifo 600" ]]
	assert_root_listing "/dev d" "/dev/fifo p" "/dev/null c" "/dev/sda b" "/tmp d"
}

@test "root: normal operation under --root creates \$R/dev/null" {
	needs_mknod
	check_both normal_operation
}

replace_and_count() {
	mknod "$R/dev/null" c 1 5
	run --separate-stderr devtool mknod --root "$R" -r -m 0666 /dev/null c 1 3
	assert_status 0
	[[ $(node "$R/dev/null") == "character special file 1 3 666 0 0" ]]
	run --separate-stderr devtool mknod --root "$R" --count 3 -u 1234 /dev/tty c 4 0
	assert_status 0
	[[ $(stat -c '%n %Hr %Lr %u' "$R"/dev/tty?) == "$R/dev/tty0 4 0 1234"$'\n'"$R/dev/tty1 4 1 1234"$'\n'"$R/dev/tty2 4 2 1234" ]]
	run --separate-stderr devtool mknod --root "$R" /dev/null c 1 3
	assert_status 1
	assert_no_temp "$R/dev"
}

@test "root: -r and --count work under --root" {
	needs_mknod
	check_both replace_and_count
}

dotdot_relative() {
	run --separate-stderr devtool mknod --root "$R" "../../$ESC" c 1 3
	assert_status 0
	[[ $(node "$R/$ESC") == "character special file 1 3 644 0 0" ]]
	rm "$R/$ESC"
	run --separate-stderr devtool mknod --root "$R" "dev/../../../../$ESC" c 1 3
	assert_status 0
	[[ -c $R/$ESC ]]
	rm "$R/$ESC"
	assert_root_listing "/dev d" "/tmp d"
}

@test "root: a relative PATH with .. (../../x) lands inside the root" {
	needs_mknod
	check_both dotdot_relative
}

dotdot_absolute() {
	run --separate-stderr devtool mknod --root "$R" "/dev/../../$ESC" c 1 3
	assert_status 0
	[[ $(node "$R/$ESC") == "character special file 1 3 644 0 0" ]]
	run --separate-stderr devtool mknod --root "$R" "/../../../../../../tmp/$ESC" c 1 3
	assert_status 0
	[[ -c $R/tmp/$ESC ]]
	# .. at / stays at /, however many
	run --separate-stderr devtool mknod --root "$R" "/tmp/../../../../dev/../../dev/x" p
	assert_status 0
	[[ -p $R/dev/x ]]
	assert_root_listing "/$ESC c" "/dev d" "/dev/x p" "/tmp d" "/tmp/$ESC c"
}

@test "root: an absolute PATH with .. (/dev/../../x) lands inside the root" {
	needs_mknod
	check_both dotdot_absolute
}

dotdot_parents() {
	run --separate-stderr devtool mknod --root "$R" -p "../../../a/b/x" c 1 3
	assert_status 0
	[[ -c $R/a/b/x ]]
	run --separate-stderr devtool mknod --root "$R" -p "/../../c/../../d/y" p
	assert_status 0
	[[ -p $R/d/y ]]
	# mkdir -p semantics: /c is made on the way
	assert_root_listing "/a d" "/a/b d" "/a/b/x c" "/c d" "/d d" "/d/y p" "/dev d" "/tmp d"
}

@test "root: -p with .. creates the parents inside the root" {
	needs_mknod
	check_both dotdot_parents
}

abs_link_missing() {
	ln -s "$OUT" "$R/dev/abs"
	run --separate-stderr devtool mknod --root "$R" /dev/abs/x c 1 3
	assert_status 1
	[[ ! -e $OUT/x ]]
	assert_root_listing "/dev d" "/dev/abs l" "/tmp d"
}

@test "root: an absolute symlink is resolved inside the root (target missing there: fails)" {
	needs_mknod
	check_both abs_link_missing
}

abs_link_present() {
	ln -s "$OUT" "$R/dev/abs"
	mkdir -p "$R$OUT"
	run --separate-stderr devtool mknod --root "$R" /dev/abs/x c 1 3
	assert_status 0
	[[ $(node "$R$OUT/x") == "character special file 1 3 644 0 0" ]]
	[[ ! -e $OUT/x ]]
	# a relative link to the absolute link, and a link to "/"
	ln -s abs "$R/dev/viaabs"
	ln -s / "$R/dev/slash"
	run --separate-stderr devtool mknod --root "$R" /dev/viaabs/y c 1 3
	assert_status 0
	[[ -c $R$OUT/y ]]
	run --separate-stderr devtool mknod --root "$R" "/dev/slash/$ESC" c 1 3
	assert_status 0
	[[ -c $R/$ESC ]]
	run --separate-stderr devtool mknod --root "$R" "/dev/slash/../../tmp/$ESC" c 1 3
	assert_status 0
	[[ -c $R/tmp/$ESC ]]
}

@test "root: an absolute symlink is resolved inside the root (target present there: lands there)" {
	needs_mknod
	check_both abs_link_present
}

rel_link_missing() {
	# From R/dev, ../../outside is the real OUT; inside the root it is
	# R/outside.
	ln -s ../../outside "$R/dev/rel"
	ln -s "../../../../../../../../../../../../../../..$OUT" "$R/dev/deep"
	run --separate-stderr devtool mknod --root "$R" /dev/rel/x c 1 3
	assert_status 1
	run --separate-stderr devtool mknod --root "$R" /dev/deep/x c 1 3
	assert_status 1
	[[ ! -e $OUT/x ]]
	assert_root_listing "/dev d" "/dev/deep l" "/dev/rel l" "/tmp d"
}

@test "root: a relative symlink climbing out stays inside (target missing there: fails)" {
	needs_mknod
	check_both rel_link_missing
}

rel_link_present() {
	ln -s ../../outside "$R/dev/rel"
	ln -s "../../../../../../../../../../../../../../..$OUT" "$R/dev/deep"
	mkdir -p "$R/outside" "$R$OUT"
	run --separate-stderr devtool mknod --root "$R" /dev/rel/x c 1 3
	assert_status 0
	[[ -c $R/outside/x ]]
	run --separate-stderr devtool mknod --root "$R" dev/deep/y c 1 3
	assert_status 0
	[[ -c $R$OUT/y ]]
	# a link to .. , used twice
	ln -s .. "$R/dev/up"
	run --separate-stderr devtool mknod --root "$R" "/dev/up/up/../dev/up/$ESC" p
	[[ $status -eq 0 && -p $R/$ESC ]] || [[ $status -eq 1 ]] ||
		fail "status $status: $stderr"
	[[ ! -e $OUT/x && ! -e $OUT/y ]]
}

@test "root: a relative symlink climbing out stays inside (target present there: lands there)" {
	needs_mknod
	check_both rel_link_present
}

final_link() {
	ln -s "$OUT/tgt" "$R/dev/lnk"
	ln -s "$OUT/new" "$R/dev/dang"
	mkdir -p "$R$OUT"
	mknod -m 0600 "$R$OUT/tgt" c 1 3
	local inside_before
	inside_before=$(stat -c '%i %z %a' "$R$OUT/tgt")
	for args in "-r /dev/lnk c 1 5" "/dev/lnk c 1 5" "-r /dev/lnk c 1 3" \
	    "-r -m 0666 /dev/lnk c 1 3" "-r /dev/lnk p" "/dev/dang c 1 3" \
	    "-r /dev/dang c 1 3" "-p -r /dev/dang p"; do
		# shellcheck disable=SC2086
		run --separate-stderr devtool mknod --root "$R" $args
		[[ $status -eq 1 ]] || fail "mknod $args: status $status, expected 1"
		assert_stderr_contains "/dev/"
	done
	[[ -L $R/dev/lnk && $(readlink "$R/dev/lnk") == "$OUT/tgt" ]]
	[[ -L $R/dev/dang && $(readlink "$R/dev/dang") == "$OUT/new" ]]
	[[ $(stat -c '%i %z %a' "$R$OUT/tgt") == "$inside_before" ]]
	[[ ! -e $R$OUT/new && ! -e $OUT/new ]]
	[[ $(node "$OUT/tgt") == "character special file 1 3 600 0 0" ]]
}

@test "root: a symlink as the final component is never followed (exit 1, link and target untouched)" {
	needs_mknod
	check_both final_link
}

parents_through_links_missing() {
	ln -s "$OUT" "$R/dev/abs"
	ln -s ../../outside "$R/dev/rel"
	for p in /dev/abs/sub/x /dev/rel/sub/x /dev/abs/a/b/c/x; do
		run --separate-stderr devtool mknod --root "$R" -p "$p" c 1 3
		# Either it fails (the link dangles inside the root, as for
		# mkdir -p in a chroot) or it lands inside the root.
		if [[ $status -eq 0 ]]; then
			[[ -c $R$OUT/${p#/dev/abs/} || -c $R/outside/${p#/dev/rel/} ]] ||
				fail "-p $p succeeded but the node is not inside the root"
		else
			assert_status 1
		fi
	done
	[[ ! -e $OUT/sub && ! -e $OUT/a ]]
}

@test "root: -p through symlinks never creates anything outside (targets missing)" {
	needs_mknod
	check_both parents_through_links_missing
}

parents_through_links_present() {
	ln -s "$OUT" "$R/dev/abs"
	ln -s ../../outside "$R/dev/rel"
	mkdir -p "$R$OUT" "$R/outside"
	umask 077
	run --separate-stderr devtool mknod --root "$R" -p /dev/abs/sub/deeper/x c 1 3
	assert_status 0
	[[ -c $R$OUT/sub/deeper/x ]]
	[[ $(stat -c '%a' "$R$OUT/sub" "$R$OUT/sub/deeper" | sort -u) == 755 ]]
	run --separate-stderr devtool mknod --root "$R" -p /dev/rel/sub/y p
	assert_status 0
	[[ -p $R/outside/sub/y ]]
	[[ ! -e $OUT/sub ]]
}

@test "root: -p through symlinks creates the parents inside the root (targets present)" {
	needs_mknod
	check_both parents_through_links_present
}

link_loop() {
	ln -s loop "$R/dev/loop"
	ln -s b "$R/dev/a"
	ln -s a "$R/dev/b"
	run --separate-stderr timeout 60 "$DEVTOOL" mknod --root "$R" /dev/loop/x c 1 3
	assert_status 1
	run --separate-stderr timeout 60 "$DEVTOOL" mknod --root "$R" -p /dev/a/x c 1 3
	assert_status 1
	assert_root_listing "/dev d" "/dev/a l" "/dev/b l" "/dev/loop l" "/tmp d"
}

@test "root: a symlink loop is an error, not a hang" {
	needs_mknod
	check_both link_loop
}

messages_relative() {
	ln -s "$OUT" "$R/dev/abs"
	run --separate-stderr devtool mknod --root "$R" /dev/abs/x c 1 3
	assert_status 1
	assert_stderr_contains "/dev/abs/x"
	[[ $stderr != *"$R"* && $stderr != *"$T"* ]] ||
		fail "the message shows the real path: $stderr"
	run --separate-stderr devtool mknod --root "$R" -v -p /dev/pts/x c 136 0
	assert_status 0
	assert_output --partial "/dev/pts/x"
	[[ $output != *"$R"* ]] || fail "-v shows the real path: $output"
	run --separate-stderr devtool mknod --root "$R" -n /dev/y c 1 3
	assert_status 0
	assert_output --partial "/dev/y"
	[[ $output != *"$R"* ]] || fail "-n shows the real path: $output"
	run --separate-stderr devtool mknod --root "$R" /dev/pts/x c 136 0
	assert_status 1
	assert_stderr_contains "/dev/pts/x"
	[[ $stderr != *"$R"* ]] || fail "the message shows the real path: $stderr"
}

@test "root: messages print paths relative to the root" {
	needs_mknod
	check_both messages_relative
}

bad_root() {
	run --separate-stderr devtool mknod --root "$T/nonexistent" /dev/null c 1 3
	assert_status 1
	assert_stderr_contains "$T/nonexistent"
	[[ ! -e $T/nonexistent ]]
	echo file > "$T/plain"
	run --separate-stderr devtool mknod --root "$T/plain" /dev/null c 1 3
	assert_status 1
	assert_stderr_contains "$T/plain"
	[[ $(cat "$T/plain") == file ]]
	rm "$T/plain"
}

@test "root: a nonexistent --root (or one that is not a directory) is exit 1" {
	needs_mknod
	check_both bad_root
}

# 600 directories "d" deep: past the walk's old limit of 512 levels
# (it said "File name too long" where openat2 succeeds).
deep_path() { printf '/d%.0s' $(seq 600); }

deep_mknod() {
	local p
	p=$(deep_path)
	run --separate-stderr devtool mknod --root "$R" -p -m 0600 "$p/x" c 1 3
	assert_status 0
	[[ $(node "$R$p/x") == "character special file 1 3 600 0 0" ]]
	# the parents exist now: no -p; and ".." at that depth
	run --separate-stderr devtool mknod --root "$R" "$p/y" p
	assert_status 0
	[[ -p $R$p/y ]]
	run --separate-stderr devtool mknod --root "$R" "$p/../z" b 8 0
	assert_status 0
	[[ $(node "$R${p%/d}/z") == "block special file 8 0 644 0 0" ]]
	# a relative symlink at the bottom climbing 602 levels stays inside
	ln -s "$(printf '../%.0s' $(seq 602))tmp" "$R$p/up"
	run --separate-stderr devtool mknod --root "$R" "$p/up/$ESC" c 1 3
	assert_status 0
	[[ -c $R/tmp/$ESC ]]
	[[ $(find "$R" -type d | wc -l) -eq 603 ]]
}

@test "root: mknod -p 600 directories deep works, with .. and a symlink climbing out" {
	needs_mknod
	check_both deep_mknod
}

deep_apply() {
	local p table=$BATS_TEST_TMPDIR/deep-$DEVTOOL_RESOLVE
	p=$(deep_path)
	printf '%s c 0640 0 0 1 3\n%s/sub p 0600 0 0\n' "$p/n" "$p" > "$table"
	run --separate-stderr devtool apply --root "$R" "$table"
	assert_status 0
	[[ $(node "$R$p/n") == "character special file 1 3 640 0 0" ]]
	[[ $(stat -c '%F %a' "$R$p/sub") == "fifo 600" ]]
	# a second run finds everything in place
	run --separate-stderr devtool apply --root "$R" "$table"
	assert_status 0
	[[ $(node "$R$p/n") == "character special file 1 3 640 0 0" ]]
}

@test "root: apply --root makes nodes 600 directories deep" {
	needs_mknod
	check_both deep_apply
}

# calls_at DEPTH VERB: the system calls (strace -f lines) of one run of
# apply (a table of one node DEPTH directories "d" deep) or mknod -p of
# that node, into a fresh root.
calls_at() {
	local p log=$BATS_TEST_TMPDIR/calls
	p=$(printf '/d%.0s' $(seq "$1"))
	rm -rf "$R"
	mkdir "$R"
	if [[ $2 == apply ]]; then
		printf '%s/x c 0600 0 0 1 3\n' "$p" >"$BATS_TEST_TMPDIR/deep"
		strace -f -qq -o "$log" "$DEVTOOL" apply --root "$R" "$BATS_TEST_TMPDIR/deep"
	else
		strace -f -qq -o "$log" "$DEVTOOL" mknod -p --root "$R" "$p/x" c 1 3
	fi
	[[ -c $R$p/x ]] || fail "$2 did not make $p/x"
	wc -l <"$log"
}

# The parents of one deep path are made going down once, each step
# checked through descriptors (SECURITY in devtool(1)), not resolved from
# the root again for each: twice the depth, about twice the system calls
# (resolving from the root each time makes about 3n^2 of them: four
# times as many, and a minute for a path of 2,000 directories).
# Counted, never timed.
@test "root: apply and mknod -p make a path's parents in system calls linear in its depth (strace)" {
	needs_mknod
	command -v strace >/dev/null || skip "strace is not installed"
	local verb at200 at400
	make_tree walk
	for verb in apply mknod; do
		at200=$(calls_at 200 "$verb")
		at400=$(calls_at 400 "$verb")
		((at400 * 2 <= at200 * 5)) ||
			fail "$verb: $at200 system calls at depth 200, $at400 at depth 400: more than 2.5 times as many"
	done
}

# Another user moves a directory out of the root (same file system)
# between two runs: the second run makes a new one inside and never
# touches the moved one.  (The race mid-run is tests/race.bats'.)
moved_out_between_runs() {
	local table=$BATS_TEST_TMPDIR/moved-$DEVTOOL_RESOLVE moved
	printf '/dev/d/a c 0644 0 0 1 3\n/dev/d/b c 0600 0 0 1 5\n' > "$table"
	run --separate-stderr devtool apply --root "$R" "$table"
	assert_status 0
	[[ -c $R/dev/d/a && -c $R/dev/d/b ]]
	mv "$R/dev/d" "$OUT/d"
	rm "$OUT/d/b"
	OUTSIDE_BEFORE=$(outside_state)
	moved=$(ls -la --time-style=full-iso "$OUT/d")
	run --separate-stderr devtool apply --root "$R" "$table"
	assert_status 0
	[[ $(node "$R/dev/d/a") == "character special file 1 3 644 0 0" ]]
	[[ $(node "$R/dev/d/b") == "character special file 1 5 600 0 0" ]]
	[[ $(ls -la --time-style=full-iso "$OUT/d") == "$moved" ]]
	[[ ! -e $OUT/d/b ]]
}

@test "root: a directory moved out of the root between two apply runs is not used again" {
	needs_mknod
	check_both moved_out_between_runs
}

@test "root: DEVTOOL_RESOLVE really selects openat2 or the walk for another user; as root every path is walked (strace)" {
	command -v strace >/dev/null || skip "strace is not installed"
	needs_mknod
	local log=$BATS_TEST_TMPDIR/strace.log
	nobody_tree openat2
	DEVTOOL_RESOLVE=openat2 run --separate-stderr strace -f -qq -o "$log" -e trace=openat2 \
	    setpriv --reuid=65534 --regid=65534 --clear-groups -- \
	    "$DEVTOOL" mknod --root "$R" /dev/a p
	assert_status 0
	grep -q 'openat2(' "$log" || fail "DEVTOOL_RESOLVE=openat2 made no openat2 call: $(cat "$log")"
	DEVTOOL_RESOLVE=walk run --separate-stderr strace -f -qq -o "$log" -e trace=openat2 \
	    setpriv --reuid=65534 --regid=65534 --clear-groups -- \
	    "$DEVTOOL" mknod --root "$R" /dev/b p
	assert_status 0
	! grep -q 'openat2(' "$log" || fail "the walk used openat2: $(cat "$log")"
	[[ -p $R/dev/a && -p $R/dev/b ]]
	# As root each step's owners are checked: the walk, whatever it says.
	DEVTOOL_RESOLVE=openat2 run --separate-stderr strace -f -qq -o "$log" -e trace=openat2 \
	    "$DEVTOOL" mknod --root "$R" /dev/c c 1 3
	assert_status 0
	! grep -q 'openat2(' "$log" || fail "root used openat2: $(cat "$log")"
	[[ -c $R/dev/c ]]
}

@test "root: openat2 failing EAGAIN on every try (renames elsewhere) falls back to the walk for that path" {
	# The kernel fails a RESOLVE_IN_ROOT lookup through ".." with EAGAIN
	# whenever any rename ran meanwhile, anywhere; under a busy machine
	# (or an attacker renaming in a loop) every retry can fail.  Every
	# openat2 call is made to fail here: the node is still made, inside.
	# As another user: root walks every path (see above).
	command -v strace >/dev/null || skip "strace is not installed"
	nobody_tree openat2
	mkdir -p "$R/dev/a"
	OUTSIDE_BEFORE=$(outside_state)
	DEVTOOL_RESOLVE=openat2 run --separate-stderr strace -f -qq -o /dev/null \
		-e trace=openat2 -e inject=openat2:error=EAGAIN \
		setpriv --reuid=65534 --regid=65534 --clear-groups -- \
		"$DEVTOOL" mknod --root "$R" /dev/a/../b p
	assert_status 0
	[[ $(node "$R/dev/b") == "fifo 0 0 644 65534 65534" ]]
	DEVTOOL_RESOLVE=openat2 assert_outside_untouched
}

# openat2(2) says EAGAIN when a rename anywhere raced its ".." checks;
# devtool tries openat2 again (and only after 16 tries walks the path,
# which would make the node too: so the retry itself is checked).
# strace fails the first call with EAGAIN.
assert_openat2_retried() {
	local log=$1
	sed -n 1p "$log" | grep -qE '^[0-9]+ +openat2\([0-9]+, "/dev", .*EAGAIN.*\(INJECTED\)$' ||
		fail "the first openat2 did not fail with EAGAIN: $(cat "$log")"
	sed -n 2p "$log" | grep -qE '^[0-9]+ +openat2\([0-9]+, "/dev", .*\) = [0-9]+$' ||
		fail "openat2 was not tried again: $(cat "$log")"
}

@test "root: openat2 failing once with EAGAIN is tried again and the node is made (strace inject)" {
	command -v strace >/dev/null || skip "strace is not installed"
	local log=$BATS_TEST_TMPDIR/strace.log
	# As another user: root walks every path.
	nobody_tree openat2
	DEVTOOL_RESOLVE=openat2 run --separate-stderr strace -f -qq -o "$log" -e trace=openat2 \
	    -e inject=openat2:error=EAGAIN:when=1 \
	    setpriv --reuid=65534 --regid=65534 --clear-groups -- \
	    "$DEVTOOL" mknod --root "$R" -m 0600 /dev/a p
	assert_status 0
	assert_stderr_empty
	assert_openat2_retried "$log"
	assert_equal "$(node "$R/dev/a")" "fifo 0 0 600 65534 65534"
	printf 'p /dev/b 0600 - - -\n' >"$T/t"
	chmod a+r "$T/t"
	DEVTOOL_RESOLVE=openat2 run --separate-stderr strace -f -qq -o "$log" -e trace=openat2 \
	    -e inject=openat2:error=EAGAIN:when=1 \
	    setpriv --reuid=65534 --regid=65534 --clear-groups -- \
	    "$DEVTOOL" apply --root "$R" "$T/t"
	assert_status 0
	assert_stderr_empty
	assert_openat2_retried "$log"
	assert_equal "$(node "$R/dev/b")" "fifo 0 0 600 65534 65534"
}
