#!/usr/bin/env bats
# A clean clone builds, tests, benches and cleans: only sources are in
# git, everything the build makes is ignored, make clean removes all of
# it, and a header change rebuilds exactly the objects that include it.
# Each test works on a fresh clone of the repository's HEAD.

load test_helper

TOP=$BATS_TEST_DIRNAME/..

setup() {
	helper_setup
	command -v make >/dev/null || skip "make is not installed"
	# A release tarball has no history to clone: nothing to check there.
	git -C "$TOP" rev-parse --verify -q HEAD >/dev/null ||
		skip "$TOP is not a git checkout"
	CLONE=$BATS_TEST_TMPDIR/clone
	git clone -q "$TOP" "$CLONE" || fail "cannot clone $TOP"
}

# clone_make ARGS...: make in the clone, quietly, with none of the
# caller's make flags (make check-all runs this suite from inside make).
clone_make() {
	env -u MAKEFLAGS -u MFLAGS -u MAKELEVEL \
	    make --no-print-directory -s -C "$CLONE" "$@"
}

@test "build: a fresh clone builds everything, all of it ignored, and make clean leaves it as checked out" {
	run clone_make -j2 all units bench-tools build/asan/unit_encode \
	    build/bench/imports_floor tests/attack/exchanger \
	    tests/attack/swapper tests/attack/mover tests/attack/noexchange
	assert_success
	local f
	for f in devtool tests/unit_encode tests/unit_table bench/ref_decode \
	    bench/ref_mknod bench/peak_rss build/asan/unit_encode \
	    build/bench/imports_floor \
	    tests/attack/exchanger tests/attack/noexchange; do
		[[ -x $CLONE/$f && -f $CLONE/$f ]] || fail "not built: $f"
	done
	[[ -f $CLONE/src/encode.d ]] || fail "no dependency file: src/encode.d"
	# everything built is ignored: nothing untracked, nothing changed
	run git -C "$CLONE" status --porcelain
	assert_success
	assert_output ''
	run clone_make clean
	assert_success
	run git -C "$CLONE" status --porcelain --ignored
	assert_success
	assert_output ''
}

@test "build: the bench's reference programs are sources in git, and no file in git is an ELF binary" {
	local f magic
	for f in bench/ref_decode.c bench/ref_mknod.c bench/peak_rss.c; do
		git -C "$CLONE" ls-files --error-unmatch "$f" >/dev/null ||
			fail "not in git: $f"
	done
	while IFS= read -r -d '' f; do
		magic=$(head -c 4 "$CLONE/$f" | od -An -tx1 | tr -d ' \n')
		[[ $magic != 7f454c46 ]] || fail "a binary in git: $f"
	done < <(git -C "$CLONE" ls-files -z)
}

@test "build: touching a header rebuilds the objects that include it and no other" {
	run clone_make -j2 all
	assert_success
	touch "$CLONE/src/base/lines.h"
	run clone_make -n all
	assert_success
	assert_line --partial '-o src/base/lines.o src/base/lines.c'
	refute_line --partial '-o src/encode.o'
}
