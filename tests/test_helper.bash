# test_helper.bash - shared setup for every devtool bats suite.
#
# Load it first thing in a suite:
#
#     load test_helper
#
# and, if the suite needs its own setup, call helper_setup from it:
#
#     setup() { helper_setup; ...; }
#
# DEVTOOL names the binary under test (default: ../devtool next to tests/);
# CI may point it at a sanitizer build.  A relative path is taken from the
# directory bats was started in.

bats_require_minimum_version 1.5.0

# bats's `run` sets these; shellcheck cannot see it.
# shellcheck disable=SC2154
: "${status:-}" "${output:-}" "${stderr:-}"

bats_load_library bats-support
bats_load_library bats-assert
bats_load_library bats-file

DEVTOOL=${DEVTOOL:-$BATS_TEST_DIRNAME/../devtool}
# Absolute, so that tests may cd anywhere (no subshell: this runs per test).
if [[ $DEVTOOL != /* ]]; then
	DEVTOOL=$PWD/${DEVTOOL#./}
fi
export DEVTOOL

# Runs the binary under test: `run --separate-stderr devtool encode 1 2`.
devtool() {
	"$DEVTOOL" "$@"
}

# Isolates every test from the caller's environment and from the others.
helper_setup() {
	[[ -x $DEVTOOL ]] ||
		fail "devtool binary not found or not executable: $DEVTOOL (run make)"
	unset DEVTOOL_FORMAT DEVTOOL_PROC_DEVICES POSIXLY_CORRECT POSIX_ME_HARDER
	export LC_ALL=C
	export HOME=$BATS_TEST_TMPDIR/home
	mkdir -p "$HOME"
	cd "$BATS_TEST_TMPDIR" || fail "cannot cd to $BATS_TEST_TMPDIR"
}

setup() {
	helper_setup
}

# assert_stderr_contains TEXT: $stderr (from run --separate-stderr)
# contains TEXT literally.
assert_stderr_contains() {
	local text=$1

	if [[ $stderr != *"$text"* ]]; then
		batslib_print_kv_single_or_multi 8 \
			'expected' "$text" \
			'stderr' "$stderr" |
			batslib_decorate 'stderr does not contain the expected text' |
			fail
	fi
}

# refute_stderr_contains TEXT: $stderr does not contain TEXT.
refute_stderr_contains() {
	local text=$1

	if [[ $stderr == *"$text"* ]]; then
		batslib_print_kv_single_or_multi 10 \
			'unexpected' "$text" \
			'stderr' "$stderr" |
			batslib_decorate 'stderr contains text it should not' |
			fail
	fi
}

# assert_stderr_regex ERE: $stderr matches the extended regular expression.
assert_stderr_regex() {
	local re=$1

	if ! [[ $stderr =~ $re ]]; then
		batslib_print_kv_single_or_multi 6 \
			'regex' "$re" \
			'stderr' "$stderr" |
			batslib_decorate 'stderr does not match the regular expression' |
			fail
	fi
}

assert_stderr_empty() {
	if [[ -n $stderr ]]; then
		batslib_print_kv_single_or_multi 6 'stderr' "$stderr" |
			batslib_decorate 'stderr is not empty' |
			fail
	fi
}

assert_stdout_empty() {
	if [[ -n $output ]]; then
		batslib_print_kv_single_or_multi 6 'stdout' "$output" |
			batslib_decorate 'stdout is not empty' |
			fail
	fi
}

# assert_usage_error: the last run failed as bad usage/input: exit 2,
# nothing on stdout, a "devtool: " message on stderr.
assert_usage_error() {
	assert_equal "$status" 2
	assert_stdout_empty
	if [[ $stderr != devtool:\ * ]]; then
		batslib_print_kv_single_or_multi 6 'stderr' "$stderr" |
			batslib_decorate 'stderr does not start with "devtool: "' |
			fail
	fi
}

# have_mknod: succeeds when this process may create device nodes
# (CAP_MKNOD, and a filesystem that allows them).  Use as
#     have_mknod || skip "needs CAP_MKNOD: ..."
have_mknod() {
	local probe=${BATS_TEST_TMPDIR:-${TMPDIR:-/tmp}}/.probe rc

	rm -f "$probe"
	mknod "$probe" c 1 3 2>/dev/null
	rc=$?
	rm -f "$probe"
	return $rc
}

export -f devtool have_mknod
