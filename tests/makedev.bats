#!/usr/bin/env bats
# makedev.bats - the live half of tests/make.bats, in make check-all:
# Debian 12's MAKEDEV 2.3.1 itself (scripts/makedev-ref.sh downloads the
# makedev package once into build/makedev/, never installing it) still
# gives the answers recorded in tests/fixtures/makedev/, which make.bats
# compares devtool make with; and its real run, not -n, makes the nodes
# devtool make does.

load test_helper

TOP=$BATS_TEST_DIRNAME/..
REF=$TOP/build/makedev

setup_file() {
	sh "$TOP/scripts/makedev-ref.sh" "$REF"
}

@test "makedev: Debian's MAKEDEV answers every question as tests/fixtures/makedev/ records" {
	run --separate-stderr sh "$TOP/scripts/makedev-record.sh" "$BATS_TEST_TMPDIR/now"
	assert_success
	run diff -r -x questions "$TOP/tests/fixtures/makedev" "$BATS_TEST_TMPDIR/now"
	assert_success
	assert_equal "$(ls "$BATS_TEST_TMPDIR/now" | wc -l)" \
	    "$(grep -vc '^#' "$TOP/tests/fixtures/makedev/questions")"
}

# tree: every entry under ., its type, name, mode, owner, numbers and
# link target.
tree() {
	find . -mindepth 1 -printf '%P\0' |
	    xargs -0 stat -c '%F %n %a %u %g %Hr:%Lr %N' -- | sort
}

@test "makedev: make std in a directory makes the nodes MAKEDEV std makes there, as root" {
	needs_mknod
	mkdir ref mine
	(cd ref && "$REF/sbin/MAKEDEV" std)
	run devtool make -C mine std
	assert_success
	assert_output ''
	(cd ref && tree) >ref.txt
	(cd mine && tree) >mine.txt
	run diff ref.txt mine.txt
	assert_success
	assert_equal "$(wc -l <mine.txt)" 36
}

@test "makedev: the record of MAKEDEV's answers (tests/fixtures/makedev-2.3.1.xz) is what Debian's MAKEDEV 2.3.1 says of every name its script accepts" {
	# makedev_names.bats compares devtool make with the record: here
	# the record with MAKEDEV itself, each name of its script asked
	run sh "$TOP/scripts/makedev-names.sh" "$REF" -a
	assert_success
	[[ $output == "$(xz -dc "$TOP/tests/fixtures/makedev-2.3.1.xz")" ]] ||
		fail "the record differs from MAKEDEV's answers; regenerate it: sh scripts/makedev-names.sh build/makedev -a | xz -9e >tests/fixtures/makedev-2.3.1.xz"
	run sh "$TOP/scripts/makedev-names.sh" "$REF"
	assert_success
	assert_line lirc
	assert_line ipfilt
	assert_equal "${#lines[@]}" 1347
}
