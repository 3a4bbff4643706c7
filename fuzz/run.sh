#!/bin/sh
# fuzz/run.sh - builds the libFuzzer harnesses in fuzz/ and runs each one
# for FUZZ_SECONDS (default 60) on a scratch copy of its seed corpus.
#
# Needs (Debian 12): clang libclang-rt-14-dev libbsd-dev
#   apt-get install clang libclang-rt-14-dev libbsd-dev
# (libbsd-dev is already a build dependency of devtool; libclang-rt-14-dev
# holds the libFuzzer and sanitizer runtimes clang links in.)
#
# Environment:
#   FUZZ_SECONDS   seconds per harness (default 60)
#   FUZZ_ONLY      space-separated harness names to run (default: all)
#   FUZZ_CC        the compiler (default: clang, else clang-14)
#   FUZZ_BUILD_ONLY=1  build, do not run
#   FUZZ_LAX_MESSAGES=1  do not require printable error messages (to
#                  look past a known finding of that kind; fuzz_util.h)
#
# Each harness first replays the reproducers of earlier findings saved as
# fuzz/crashes-found/NAME-* (regression inputs), then fuzzes.  Prints one
# line per harness:
#   fuzz NAME: N execs, M exec/s, no findings
# and exits nonzero on any finding (old or new), a build failure or a run
# that did not finish; a new finding's reproducer is kept under
# fuzz/bin/findings/NAME/ and its path printed.  Replay one with:
#   fuzz/bin/fuzz_NAME -artifact_prefix=fuzz/bin/ FILE
# (without -artifact_prefix libFuzzer writes crash-* into the current
# directory).
# The checked-in corpus (fuzz/corpus/) is never written to.
set -u
cd "$(dirname "$0")/.." || exit 2

SECONDS_EACH=${FUZZ_SECONDS:-60}
HARNESSES="number layout codec table json mode procdev mtree gen_init_cpio pseudo convert"
[ -n "${FUZZ_ONLY:-}" ] && HARNESSES=$FUZZ_ONLY

# Log lines quote fuzzer input: keep its control bytes off the terminal.
printable() {
	LC_ALL=C tr -c '[:print:]\n' '?'
}

die() {
	echo "fuzz: $*" >&2
	exit 2
}

# (libFuzzer reads -max_total_time=0 as "no limit")
case $SECONDS_EACH in
'' | *[!0-9]* | 0 | 0*)
	die "FUZZ_SECONDS must be a whole number of seconds >= 1," \
	    "not '$SECONDS_EACH'"
	;;
esac

CC=${FUZZ_CC:-}
if [ -z "$CC" ]; then
	for c in clang clang-14; do
		if command -v "$c" >/dev/null 2>&1; then
			CC=$c
			break
		fi
	done
fi
if [ -z "$CC" ] || ! command -v "$CC" >/dev/null 2>&1; then
	die "clang not found; install it with:" \
	    "apt-get install clang libclang-rt-14-dev"
fi

CFLAGS="-fsanitize=fuzzer,address,undefined -fno-sanitize-recover=all -g -O1
-std=gnu11 -D_GNU_SOURCE -D_FILE_OFFSET_BITS=64 -Wall -Wextra -Isrc -Ifuzz"
BIN=fuzz/bin
mkdir -p "$BIN" || die "cannot create $BIN"

# The libFuzzer runtime is a separate package on Debian: say so plainly.
probe=$BIN/.probe
printf '%s\n' '#include <stddef.h>' '#include <stdint.h>' \
    'int LLVMFuzzerTestOneInput(const uint8_t *d, size_t n);' \
    'int LLVMFuzzerTestOneInput(const uint8_t *d, size_t n)' \
    '{ (void)d; (void)n; return 0; }' >"$probe.c"
# shellcheck disable=SC2086 # CFLAGS is a list of words
if ! $CC $CFLAGS -o "$probe" "$probe.c" >"$probe.log" 2>&1; then
	cat "$probe.log" >&2
	die "$CC cannot link -fsanitize=fuzzer; install the runtime with:" \
	    "apt-get install libclang-rt-14-dev"
fi
rm -f "$probe" "$probe.c" "$probe.log"
[ -f /usr/include/bsd/unistd.h ] ||
    die "libbsd headers missing; install them with: apt-get install libbsd-dev"

# Every harness links one archive of every source but main
# (src/devtool.c), as the unit tests link libdevtool.a: the linker takes
# only the members a harness needs, and a new dialect is in it unnamed.
LIB_SRCS=$(find src -name '*.c' ! -path src/devtool.c | sort)
LIBS="-lpopt -lbsd"	# json-c: loaded by the code (base/libjsonc.h)
# Inputs longer than a line or a /proc/devices copy buy nothing but time;
# the table harness needs room for PATH_MAX paths written with escapes.
# (Every harness of a writer also builds names of PATH_MAX bytes from its
# input however short it is: fuzz_long_name in fuzz_util.h.)
max_len() {
	case $1 in
	table | json | mtree | gen_init_cpio | pseudo) echo 20000 ;;
	procdev) echo 8192 ;;
	*) echo 512 ;;
	esac
}

# Each source once, as many at a time as there are processors, into
# the archive; then each harness linked with it.
for h in $HARNESSES; do
	[ -f "fuzz/fuzz_$h.c" ] || die "unknown harness '$h'"
done
mkdir -p "$BIN/obj" || die "cannot create $BIN/obj"
export CC CFLAGS BIN
# shellcheck disable=SC2016,SC2086 # the inner shell's $1; word lists
printf '%s\n' $LIB_SRCS |
    xargs -P "$(nproc 2>/dev/null || echo 2)" -I{} sh -c \
    'o=$BIN/obj/$(echo "$1" | tr / _).o; $CC $CFLAGS -c -o "$o" "$1" ||
    { echo "fuzz: compiling $1 failed" >&2; exit 255; }' sh {} ||
    die "building the sources failed"
rm -f "$BIN/libdevtool.a"
# shellcheck disable=SC2046 # a word list
ar rcs "$BIN/libdevtool.a" $(for f in $LIB_SRCS; do
	printf '%s/obj/%s.o\n' "$BIN" "$(echo "$f" | tr / _)"
done) || die "building $BIN/libdevtool.a failed"
for h in $HARNESSES; do
	# shellcheck disable=SC2086 # a word list
	$CC $CFLAGS -o "$BIN/fuzz_$h" "fuzz/fuzz_$h.c" "$BIN/libdevtool.a" \
	    $LIBS || die "building fuzz_$h failed"
done
[ "${FUZZ_BUILD_ONLY:-0}" = 1 ] && exit 0

status=0
scratch=$(mktemp -d "${TMPDIR:-/tmp}/devtool-fuzz.XXXXXX") ||
    die "mktemp failed"
trap 'rm -rf "$scratch"' EXIT
trap 'exit 130' INT TERM

for h in $HARNESSES; do
	# known findings first: fuzz/crashes-found/NAME-* must not fail
	for f in fuzz/crashes-found/"$h"-*; do
		[ -f "$f" ] || continue
		if ! "$BIN/fuzz_$h" -artifact_prefix="$scratch/" "$f" \
		    >"$BIN/replay.log" 2>&1; then
			echo "fuzz $h: known finding still fails: $f" \
			    "(replay: $BIN/fuzz_$h -artifact_prefix=$BIN/ $f)"
			grep -a -m 2 -E 'ERROR: |runtime error|invariant failed' \
			    "$BIN/replay.log" | printable | sed "s/^/fuzz $h:   /"
			status=1
		fi
	done
	corpus=$scratch/$h
	found=$BIN/findings/$h
	log=$BIN/fuzz_$h.log
	mkdir -p "$corpus" "$found"
	[ -d "fuzz/corpus/$h" ] && cp -R "fuzz/corpus/$h/." "$corpus/"
	touch "$scratch/stamp.$h"
	# a crash, leak, timeout or out-of-memory stops the run and leaves
	# crash-*, leak-*, timeout-* or oom-* in $found/
	ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=1} \
	UBSAN_OPTIONS=${UBSAN_OPTIONS:-print_stacktrace=1} \
	    "$BIN/fuzz_$h" -max_total_time="$SECONDS_EACH" \
	    -max_len="$(max_len "$h")" -timeout=10 -rss_limit_mb=2048 \
	    -print_final_stats=1 -artifact_prefix="$found/" \
	    "$corpus" >"$log" 2>&1
	rc=$?
	execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -n 1)
	rate=$(sed -n 's/^stat::average_exec_per_sec: *//p' "$log" | tail -n 1)
	if [ -z "$execs" ]; then
		# older libFuzzer: "Done 123 runs in 60 second(s)"
		done_line=$(grep '^Done [0-9]* runs in [0-9]* second' "$log" |
		    tail -n 1)
		execs=$(echo "$done_line" | awk '{ print $2 }')
		secs=$(echo "$done_line" | awk '{ print $5 }')
		[ -n "$execs" ] && [ "${secs:-0}" -gt 0 ] &&
		    rate=$((execs / secs))
	fi
	artifacts=$(find "$found" -type f -newer "$scratch/stamp.$h")
	if [ "$rc" -eq 0 ] && [ -z "$artifacts" ] && [ -n "$execs" ]; then
		echo "fuzz $h: $execs execs, ${rate:-?} exec/s, no findings"
		continue
	fi
	status=1
	if [ -n "$artifacts" ]; then
		echo "fuzz $h: FINDING after ${execs:-?} execs (exit $rc); log $log"
		for a in $artifacts; do
			echo "fuzz $h: reproducer $a" \
			    "(replay: $BIN/fuzz_$h -artifact_prefix=$BIN/ $a)"
		done
		grep -a -m 3 -E 'ERROR: |runtime error|invariant failed' "$log" |
		    printable | sed "s/^/fuzz $h:   /"
	else
		echo "fuzz $h: run failed (exit $rc), no reproducer; log $log"
		tail -n 5 "$log" | printable | sed "s/^/fuzz $h:   /"
	fi
done
exit $status
