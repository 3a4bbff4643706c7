#!/usr/bin/env bats
# make lint's sys-statics check (scripts/lint.sh; docs/DESIGN.md, "State
# that is global"): on a copy of src/ with file-static mutable state
# planted in src/sys/ or src/base/, it fails naming the object, the name
# and its section; on the tree as it is, it passes.

setup_file() {
	export BATS_NO_PARALLELIZE_WITHIN_FILE=true
	LINT=$BATS_TEST_DIRNAME/../../scripts/lint.sh
	export LINT
	cp -r "$BATS_TEST_DIRNAME/../../src" "$BATS_FILE_TMPDIR/src"
	find "$BATS_FILE_TMPDIR/src" -name '*.[od]' -delete
	mkdir "$BATS_FILE_TMPDIR/obj"
	# the objects, once: each test recompiles only what it changes
	LINT_SRC=$BATS_FILE_TMPDIR/src LINT_OBJ=$BATS_FILE_TMPDIR/obj \
	    LINT_ONLY=sys-statics sh "$LINT" >"$BATS_FILE_TMPDIR/first" 2>&1 ||
	    true
}

setup() {
	cp -a "$BATS_FILE_TMPDIR/src" "$BATS_FILE_TMPDIR/obj" "$BATS_TEST_TMPDIR/"
	S=$BATS_TEST_TMPDIR/src
}

statics() {
	run env LINT_SRC="$S" LINT_OBJ="$BATS_TEST_TMPDIR/obj" \
	    LINT_ONLY=sys-statics sh "$LINT"
}

# says LINE: the report has it, as a line of its own.
says() {
	if ! grep -Fxq -- "  $1" <<<"$output"; then
		printf 'expected the line:\n  %s\nin:\n%s\n' "$1" "$output" >&2
		return 1
	fi
}

@test "lint sys-statics: the tree as it is passes" {
	statics
	[ "$status" -eq 0 ]
	grep -qx 'lint sys-statics: ok' <<<"$output"
}

@test "lint sys-statics: a file-static counter in sys/ (.bss) and a function's static cache in base/ (.data) fail, each named" {
	cat >>"$S/sys/temp.c" <<'C'
static unsigned long planted_count;
unsigned long temp_planted(void);
unsigned long
temp_planted(void)
{
	return ++planted_count;
}
C
	cat >>"$S/base/number.c" <<'C'
int number_planted(void);
int
number_planted(void)
{
	static int cached = -1;

	if (cached < 0)
		cached = (int)getpid();
	return cached;
}
C
	sed -i '0,/^#include </s//#include <unistd.h>\n&/' "$S/base/number.c"
	statics
	[ "$status" -eq 1 ]
	says "src/sys/temp.o: planted_count (.bss): file-static mutable state; a run's goes in its context, or in SYS_STATICS_ALLOW with its reason"
	says "src/base/number.o: cached (.data): file-static mutable state; a run's goes in its context, or in SYS_STATICS_ALLOW with its reason"
	grep -qx 'lint sys-statics: FAILED' <<<"$output"
}

@test "lint sys-statics: an allowed name in another file is not allowed there" {
	cat >>"$S/sys/walk.c" <<'C'
static int installed;
int walk_planted(void);
int
walk_planted(void)
{
	return installed++;
}
C
	statics
	[ "$status" -eq 1 ]
	says "src/sys/walk.o: installed (.bss): file-static mutable state; a run's goes in its context, or in SYS_STATICS_ALLOW with its reason"
}
