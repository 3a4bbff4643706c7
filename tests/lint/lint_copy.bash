# lint_copy.bash - what the lint suites share (loaded by layers.bats and
# statics.bats): a copy of src/ whose objects are compiled once per file,
# a fresh copy of it per test, lint TOOL run over it, and says LINE.
# A suite sets LINT_TOOL before loading it.

setup_file() {
	export BATS_NO_PARALLELIZE_WITHIN_FILE=true
	LINT=$BATS_TEST_DIRNAME/../../scripts/lint.sh
	export LINT
	cp -r "$BATS_TEST_DIRNAME/../../src" "$BATS_FILE_TMPDIR/src"
	find "$BATS_FILE_TMPDIR/src" -name '*.[od]' -delete
	mkdir "$BATS_FILE_TMPDIR/obj"
	# the objects, once: each test recompiles only what it changes
	LINT_SRC=$BATS_FILE_TMPDIR/src LINT_OBJ=$BATS_FILE_TMPDIR/obj \
	    LINT_ONLY=$LINT_TOOL sh "$LINT" >"$BATS_FILE_TMPDIR/first" 2>&1 ||
	    true
}

setup() {
	cp -a "$BATS_FILE_TMPDIR/src" "$BATS_FILE_TMPDIR/obj" "$BATS_TEST_TMPDIR/"
	S=$BATS_TEST_TMPDIR/src
}

# lint_copy: the suite's tool over the test's copy, into $status/$output.
lint_copy() {
	run env LINT_SRC="$S" LINT_OBJ="$BATS_TEST_TMPDIR/obj" \
	    LINT_ONLY=$LINT_TOOL sh "$LINT"
}

# says LINE: the report has it, as a line of its own.
says() {
	if ! grep -Fxq -- "  $1" <<<"$output"; then
		printf 'expected the line:\n  %s\nin:\n%s\n' "$1" "$output" >&2
		return 1
	fi
}
