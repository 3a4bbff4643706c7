#!/usr/bin/env bats
# make lint's state check (scripts/lint.sh; docs/DESIGN.md, "State that
# is global"): no object of src/cli/ holds writable file-static data but
# what the step's allow-list names.  On a copy of src/ with one planted,
# it fails naming the file, the symbol and its section; on the tree as
# it is, it passes.

setup_file() {
	export BATS_NO_PARALLELIZE_WITHIN_FILE=true
	LINT=$BATS_TEST_DIRNAME/../../scripts/lint.sh
	export LINT
	cp -r "$BATS_TEST_DIRNAME/../../src" "$BATS_FILE_TMPDIR/src"
	find "$BATS_FILE_TMPDIR/src" -name '*.[od]' -delete
	mkdir "$BATS_FILE_TMPDIR/obj"
	# the objects, once: each test recompiles only what it changes
	LINT_SRC=$BATS_FILE_TMPDIR/src LINT_OBJ=$BATS_FILE_TMPDIR/obj \
	    LINT_ONLY=state sh "$LINT" >"$BATS_FILE_TMPDIR/first" 2>&1 || true
}

setup() {
	cp -a "$BATS_FILE_TMPDIR/src" "$BATS_FILE_TMPDIR/obj" "$BATS_TEST_TMPDIR/"
	S=$BATS_TEST_TMPDIR/src
}

state() {
	run env LINT_SRC="$S" LINT_OBJ="$BATS_TEST_TMPDIR/obj" \
	    LINT_ONLY=state sh "$LINT"
}

# says LINE: the report has it, as a line of its own.
says() {
	if ! grep -Fxq -- "  $1" <<<"$output"; then
		printf 'expected the line:\n  %s\nin:\n%s\n' "$1" "$output" >&2
		return 1
	fi
}

@test "lint state: the tree as it is passes" {
	state
	[ "$status" -eq 0 ]
	grep -qx 'lint state: ok' <<<"$output"
}

@test "lint state: a verb's file-static options instance fails, naming it" {
	printf '%s\n' 'static int planted;' \
	    'int *planted_at(void) { return &planted; }' >>"$S/cli/formats.c"
	state
	[ "$status" -eq 1 ]
	says "src/cli/formats.c: planted, in .bss, is file-static state: a field of the verb's options struct (verbs.h), or const"
	grep -qx 'lint state: FAILED' <<<"$output"
}

@test "lint state: a popt table that is not const fails: popt could store through it" {
	printf '%s\n' 'struct poptOption planted_options[] = {' \
	    '	{ "planted", 0, POPT_ARG_NONE, (void *)1, 0, "x", NULL },' \
	    '	POPT_TABLEEND' '};' >>"$S/cli/encode.c"
	state
	[ "$status" -eq 1 ]
	says "src/cli/encode.c: planted_options, in .data.rel.local, is file-static state: a field of the verb's options struct (verbs.h), or const"
}

@test "lint state: a function's own static counts, as a file static does" {
	printf '%s\n' 'int planted_count(void) { static int n = 1; return n++; }' \
	    >>"$S/cli/convert.c"
	state
	[ "$status" -eq 1 ]
	says "src/cli/convert.c: n, in .data, is file-static state: a field of the verb's options struct (verbs.h), or const"
}
