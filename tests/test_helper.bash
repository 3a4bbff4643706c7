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

# bats-support (fail, batslib_*) and bats-assert (assert_*, refute_*),
# the two libraries the suites use, file by file: their load.bash runs
# dirname(1) once per file, some fifteen processes before every test.
helper_load() {
	local dir f IFS=:
	for dir in ${BATS_LIB_PATH:-/usr/lib/bats}; do
		[[ -d $dir/$1/src ]] || continue
		for f in "$dir/$1"/src/*.bash; do
			# shellcheck disable=SC1090 # the library's own files
			source "$f"
		done
		return 0
	done
	bats_load_library "$1"
}
helper_load bats-support
helper_load bats-assert

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
# The answer is the same for every test of a run (the same process
# rights, the same file system): found once, by the first test that
# asks, and kept in BATS_RUN_TMPDIR (three processes fewer a test).
have_mknod() {
	local probe=${BATS_TEST_TMPDIR:-${TMPDIR:-/tmp}}/.probe rc
	local known=${BATS_RUN_TMPDIR:+$BATS_RUN_TMPDIR/.have_mknod}

	if [[ -n $known && -f $known.0 ]]; then return 0; fi
	if [[ -n $known && -f $known.1 ]]; then return 1; fi
	rm -f "$probe"
	mknod "$probe" c 1 3 2>/dev/null
	rc=$?
	rm -f "$probe"
	if [[ -n $known ]]; then { : >"$known.$((rc != 0))"; } 2>/dev/null || :; fi
	return $rc
}

# needs_mknod: skips the test unless device nodes can be created here.
needs_mknod() {
	have_mknod || skip "needs CAP_MKNOD (mknod(2) failed: run as root)"
}

# A command run as in a bare chroot without /proc: its /proc/self/fd,
# all devtool looks at there, is an empty tmpfs (in a mount namespace of
# its own; exec keeps the PID).  The rest of /proc stays for the
# sanitizers, which read /proc/self/environ and /proc/self/task.
# shellcheck disable=SC2016 # $$ and $@ are the inner shell's
WITHOUT_PROC=(unshare -m sh -c 'mount -t tmpfs none /proc/$$/fd && exec "$@"' sh)
without_proc() { "${WITHOUT_PROC[@]}" "$@"; }

# no_valgrind: skips a test that hides /proc.  valgrind (make
# check-valgrind runs devtool through tests/valgrind-devtool, which sets
# DEVTOOL_REAL) cannot run its guest without /proc/self/fd, and 3.19 does
# not know fchmodat2.
no_valgrind() {
	[[ -z ${DEVTOOL_REAL:-} ]] || skip "valgrind needs /proc/self/fd and does not know fchmodat2"
}

# nobody_top: a new directory under /tmp that uid 65534 may write (bats's
# own tree is private to root), in NOBODY_TOP, with vg/ for valgrind's
# logs under make check-valgrind; nobody_done hands them on and removes
# it.  Root only: skips otherwise.
nobody_top() {
	[[ $(id -u) == 0 ]] || skip "needs root to run as uid 65534 (setpriv)"
	command -v setpriv >/dev/null || skip "setpriv is not installed"
	NOBODY_TOP=$(mktemp -d /tmp/devtool-nobody.XXXXXX)
	chmod 0777 "$NOBODY_TOP"
	mkdir -m 0777 "$NOBODY_TOP/vg"
}
nobody_done() {
	if [[ -n ${VALGRIND_LOGS:-} ]]; then
		cp "$NOBODY_TOP"/vg/*.log "$VALGRIND_LOGS"/ 2>/dev/null || true
	fi
	rm -rf "$NOBODY_TOP"
}

# as_nobody CMD...: CMD as uid and gid 65534, without groups.
as_nobody() {
	VALGRIND_LOGS=$NOBODY_TOP/vg \
	    ASAN_OPTIONS="${ASAN_OPTIONS:-}:detect_leaks=0" \
	    setpriv --reuid=65534 --regid=65534 --clear-groups "$@"
}

# without_cap_mknod CMD...: CMD as root without CAP_MKNOD (capsh drops
# it from the bounding set, so the exec of CMD does not get it back).
without_cap_mknod() {
	# shellcheck disable=SC2016  # bash -c expands them, not this shell
	capsh --drop=cap_mknod -- -c 'exec "$0" "$@"' "$@"
}

# The line devtool ends with when privilege was missing (CAP_MKNOD for a
# device node, CAP_CHOWN for an owner), after one line per cause.
# shellcheck disable=SC2034  # used by the suites that load this file
NEEDS_CAP_MKNOD="devtool: without privilege, write the entries into an archive with --archive FILE, or run devtool under fakeroot(1); with it, run devtool as root (outside a user namespace)"

# setup_workdir: helper_setup, then an empty directory of the test's own
# ($BATS_TEST_TMPDIR/work) as the current one, since bats keeps its own
# files (run --separate-stderr) in $BATS_TEST_TMPDIR.
setup_workdir() {
	helper_setup
	mkdir "$BATS_TEST_TMPDIR/work"
	cd "$BATS_TEST_TMPDIR/work" || fail "cannot enter the work directory"
}

# mount_tmpfs DIR OPTIONS: a fresh tmpfs at DIR (mount -o OPTIONS), or
# the test is skipped where none can be mounted.  A suite that mounts
# calls unmount_all from its teardown.
MOUNTS=()	# mount points to undo, in order of mounting
mount_tmpfs() {
	local dir=$1 opts=$2 why

	mkdir -p "$dir"
	MOUNTS+=("$dir")
	if ! why=$(mount -t tmpfs -o "$opts" tmpfs "$dir" 2>&1); then
		skip "cannot mount a tmpfs (${why:-mount failed}): needs root outside an unprivileged container"
	fi
	mountpoint -q "$dir" || fail "$dir is not a mount point after mount"
}

# unmount_all: undoes every mount of MOUNTS, the last first.
unmount_all() {
	local i m

	for ((i = ${#MOUNTS[@]} - 1; i >= 0; i--)); do
		m=${MOUNTS[i]}
		if mountpoint -q "$m"; then
			umount "$m" 2>/dev/null || umount -l "$m" ||
				echo "# teardown: cannot unmount $m" >&3
		fi
	done
	MOUNTS=()
}

# assert_status N: the last run exited N; shows stdout and stderr (and
# DEVTOOL_RESOLVE when set) otherwise.
assert_status() {
	[[ $status -eq $1 ]] ||
		fail "exit status $status, expected $1${DEVTOOL_RESOLVE:+ (DEVTOOL_RESOLVE=$DEVTOOL_RESOLVE)}"$'\n'"stdout: $output"$'\n'"stderr: $stderr"
}

# node PATH: what the kernel made: type, major, minor, mode, uid, gid.
node() { stat -c '%F %Hr %Lr %a %u %g' -- "$1"; }

# Gives directory $1 the default ACL u::rw,g::-,o::- (no setfacl needed:
# the system.posix_acl_default value is written directly).
set_default_acl() {
	command -v python3 >/dev/null || skip "python3 is needed to set an ACL"
	python3 - "$1" <<-'EOF' || skip "default ACLs are not supported here"
	import os, struct, sys
	e = lambda tag, perm: struct.pack("<HHI", tag, perm, 0xffffffff)
	os.setxattr(sys.argv[1], "system.posix_acl_default",
	    struct.pack("<I", 2) + e(0x01, 6) + e(0x04, 0) + e(0x20, 0))
	EOF
	mknod "$1/.acl-probe" c 1 3
	[[ $(stat -c '%a' "$1/.acl-probe") == 600 ]] || skip "the default ACL has no effect here"
	rm "$1/.acl-probe"
}

# assert_no_temp [DIR]: no temporary name (.devtool.*) anywhere under DIR
# (default .).
assert_no_temp() {
	local dir=${1:-.} left
	left=$(find "$dir" -name '.devtool.*' 2>/dev/null)
	[[ -z $left ]] || fail "temporary names survived under $dir:"$'\n'"$left"
}

# summary: the last line of stderr: apply's summary with -v.
summary() { printf '%s\n' "$stderr" | tail -n 1; }

# assert_summary TEXT: that last line is exactly "devtool: TEXT".
assert_summary() {
	[[ $(summary) == "devtool: $1" ]] ||
		fail "summary: expected 'devtool: $1'"$'\n'"stderr: $stderr"
}

# binary_verbs: the verbs that `devtool --help` lists, one per line.
binary_verbs() {
	"$DEVTOOL" --help | awk '/^Verbs:/ { on = 1; next }
	    on && /^  [a-z]/ { print $1 } on && /^$/ { on = 0 }'
}

# has_verb VERB: the binary lists VERB.
has_verb() {
	binary_verbs | grep -qx -- "$1"
}

# strace -y lines where a chown, chmod, rename or link acts on a name
# outside devtool's private directory (.devtool.PID.N): through a
# descriptor (/proc/self/fd, AT_EMPTY_PATH) is fine, and a rename or link
# may take a name out of the directory only into the private one.
by_name_outside() {
	local priv='/\.devtool\.[0-9]+\.[0-9]+>'
	grep -E '(chmod|chown|rename|link)[a-z0-9]*\(' "$1" |
		grep -vE '^[0-9]+ +chmod\("/proc/self/fd/[0-9]+"' |
		grep -vE "^[0-9]+ +fchmodat\([0-9]+<[^>]*$priv, " |
		grep -vE '^[0-9]+ +fchownat\([0-9]+<[^>]*>, "", ' |
		grep -vE "^[0-9]+ +(renameat2?|linkat)\([0-9]+<[^>]*$priv, " |
		grep -vE "^[0-9]+ +(renameat2?|linkat)\([0-9]+<[^>]*>, \"[^\"]*\", [0-9]+<[^>]*$priv, " |
		grep -vE '^[0-9]+ +\+\+\+|^[0-9]+ +---' || true
}

export -f devtool have_mknod

# strace_stopped LOG JOB: waits until the process that strace (started as
# the background job JOB with -f -o LOG) traces is stopped by the SIGSTOP
# strace gave it (-e inject=CALL:signal=SIGSTOP:when=N: once its Nth CALL
# is done), and sets STOPPED to its pid; fails if JOB ends first.  No
# timing: the process waits, stopped, for the test's `kill -CONT`.
strace_stopped() {
	local log=$1 job=$2
	STOPPED=
	until [[ -n $STOPPED ]]; do
		kill -0 "$job" 2>/dev/null || {
			wait "$job" || :
			fail "the traced process ended, never stopped:"$'\n'"$(cat "$log" 2>/dev/null)"
		}
		sleep 0.01
		STOPPED=$(sed -nE 's/^([0-9]+) +--- stopped by SIGSTOP ---$/\1/p' "$log" 2>/dev/null) || :
	done
}

# strace: LeakSanitizer cannot work under ptrace, so a sanitizer build
# (make check-asan) checks for leaks everywhere but under strace.
strace() { ASAN_OPTIONS="${ASAN_OPTIONS:-}:detect_leaks=0" command strace "$@"; }

# Hostile bytes for messages: ESC starting a colour sequence, a newline,
# a carriage return, a raw C1 CSI byte (0x9b) and a UTF-8 encoded one
# (U+009B).  CTRL_Q is how every message shows them: each character that
# is not shown as it is prints as one '?' per byte (DIAGNOSTICS in
# devtool(1)).
# (The suites use them; shellcheck sees this file alone.)
# shellcheck disable=SC2034
CTRL=$'a\e[31mb\nc\rd\x9be\xc2\x9bf'
# shellcheck disable=SC2034
CTRL_Q='a?[31mb?c?d?e??f'

# assert_no_control: neither stdout nor stderr of the last run holds a
# control byte: C0 (but the newlines that end lines, and the tabs between
# fields on stdout), DEL, or a byte 0x80-0x9f (a C1 byte, raw or in its
# UTF-8 form; the tests' own text is ASCII, so no such byte is part of a
# printable character).
assert_no_control() {
	if printf '%s%s' "${output//[$'\n\t']/}" "${stderr//$'\n'/}" |
		LC_ALL=C grep -qP '[\x00-\x09\x0b-\x1f\x7f-\x9f]'; then
		batslib_print_kv_single_or_multi 6 \
			'stdout' "$(cat -v <<<"$output")" \
			'stderr' "$(cat -v <<<"$stderr")" |
			batslib_decorate 'a raw control byte was printed' |
			fail
	fi
}

# quoted_error STATUS MESSAGE ARGS...: devtool ARGS exits STATUS, prints
# exactly MESSAGE as its one message line (a usage error's "Try ..." hint
# may follow), and prints no control byte anywhere.
quoted_error() {
	local want_status=$1 want=$2 first rest=
	shift 2
	run --separate-stderr devtool "$@"
	assert_status "$want_status"
	assert_no_control
	first=${stderr%%$'\n'*}
	[[ $stderr == *$'\n'* ]] && rest=${stderr#*$'\n'}
	[[ $first == "$want" ]] ||
		fail "devtool $(cat -v <<<"$*"):"$'\n'"expected: $want"$'\n'"stderr:   $(cat -v <<<"$stderr")"
	[[ -z $rest || $rest =~ ^Try\ \'devtool[a-z\ ]*\ --help\'\ for\ more\ information\.$ ]] ||
		fail "devtool $(cat -v <<<"$*"): more on stderr: $(cat -v <<<"$rest")"
}

# limited N CMD...: CMD with at most N open descriptors (ulimit -n).
limited() {
	bash -c 'ulimit -n "$1" && shift && exec "$@"' bash "$@"
}

# lowest_limit: the fewest descriptors devtool starts with here (its
# loader needs some, and bats holds a few open).
lowest_limit() {
	local n=3
	until limited "$n" "$DEVTOOL" encode 1 3 >/dev/null 2>&1; do
		((++n < 64)) || fail "devtool does not start with 64 descriptors"
	done
	echo "$n"
}

# assert_not_exists PATH: nothing at PATH, not even a dangling link.
assert_not_exists() {
	[[ ! -e $1 && ! -L $1 ]] || fail "$1 exists"
}
