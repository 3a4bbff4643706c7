#!/bin/sh
# Runs the C unit tests and every bats suite, all as TAP, and closes with
# one line "N passed, N failed, N skipped" that CI reads.
#
# The suites run side by side, JOBS at a time (default: the number of
# processors, at least 2), each in a bats of its own, the slowest first
# (SLOW below), the tests of a suite one after the other.  GNU parallel
# runs them (make deps installs it; without it this stops and says so,
# rather than run for twice as long) and prints each suite's TAP whole
# when it ends, after "# suite NAME: N s", its wall time; the slowest
# are named again at the end, so that the next slow one is seen.
#
# No suite shares state with another: each test works in its own
# BATS_TEST_TMPDIR (or mktemp -d), mounts only there or in a mount
# namespace of its own (fs.protected_hardlinks is read through one, never
# set), and devtool's directory locks in /run/devtool.lock are one byte
# per directory, so runs in other directories never wait on each other.
#
# DEVTOOL may name another binary, UNIT_DIR the unit tests' directory
# (empty: none), and SUITES the suites to run (names, without tests/ and
# .bats; default: every suite); make check, check-all, check-extra and
# check-asan set them (the Makefile's CHECK_SUITES, CHECK_ALL_SUITES).
set -u
cd "$(dirname "$0")/.." || exit 2

# One job of parallel's below, a suite or a unit test: its wall time and
# the processor time it took (user and system; on a busy machine the
# wall time says little), then its TAP.
case ${1:-} in
--suite | --unit)
	start=$(date +%s)
	if [ "$1" = --suite ]; then
		tap=$(bats --tap --timing "tests/$2.bats" 2>&1)
	else
		tap=$("$2" 2>&1)
	fi
	rc=$?
	# (times, in this shell: a subshell's children are not this one's)
	t=$(mktemp) && times >"$t"
	cpu=$(awk -F '[ms ]+' 'NR == 2 { printf "%d", $1 * 60 + $2 + $3 * 60 + $4 + 0.5 }' "$t")
	rm -f "$t"
	echo "# ${1#--} $2: $(($(date +%s) - start)) s (cpu ${cpu:-?} s)"
	printf '%s\n' "$tap"
	exit $rc
	;;
esac

# The slowest suites first (by the processor time "# suite NAME: N s"
# measured), so that none is left to run alone at the end; the others
# follow in name order.
SLOW="boot build race mknod completion apply faults list deb root"
SLOW="$SLOW json archive transitions decode encode tables specs makedev"

if ! command -v parallel >/dev/null 2>&1; then
	echo "tests/run.sh: GNU parallel is missing (make deps installs it;" \
	    "apt-get install parallel): the suites run side by side with it" >&2
	exit 2
fi
if [ -n "${JOBS:-}" ]; then
	jobs=$JOBS
else
	jobs=$(nproc 2>/dev/null || echo 2)
	[ "$jobs" -ge 2 ] 2>/dev/null || jobs=2
fi

all=${SUITES:-$(for f in tests/*.bats; do f=${f#tests/}; echo "${f%.bats}"; done)}
# shellcheck disable=SC2086,SC2116 # one word per suite, on one line
all=$(echo $all)
order=
for s in $SLOW; do
	case " $all " in *" $s "*) order="$order $s" ;; esac
done
for s in $all; do
	case " $SLOW " in *" $s "*) ;; *) order="$order $s" ;; esac
done

out=$(mktemp)
rc=$(mktemp)
trap 'rm -f "$out" "$rc"' EXIT INT TERM

# The unit tests (quick) first, then the suites.
units=
if [ -n "${UNIT_DIR-tests}" ]; then
	for t in "${UNIT_DIR-tests}"/unit_*; do
		case $t in *.c | *.o | *.d) continue ;; esac
		[ -x "$t" ] && units="$units $t"
	done
fi

status=0
begin=$(date +%s)
# shellcheck disable=SC2086 # one word per suite or unit test
{
	set -- $units
	echo "# $# unit tests and $(set -- $order; echo $#) suites, $jobs at a time"
	{ for t in $units; do echo "--unit $t"; done
	  for s in $order; do echo "--suite $s"; done; } |
	    parallel --will-cite --group --jobs "$jobs" --colsep ' ' \
	    sh tests/run.sh '{1}' '{2}'
	echo $? >"$rc"
} | tee -a "$out"
[ "$(cat "$rc")" -eq 0 ] || status=1

# The suites by wall time, the slowest first.
echo "# slowest: $(sed -n 's/^# [a-z]* \([^:]*\): \([0-9]*\) s .*/\2 \1/p' "$out" |
    sort -rn | head -n 8 |
    awk '{ printf "%s%s %s s", (NR > 1 ? ", " : ""), $2, $1 }')"
echo "# wall time: $(($(date +%s) - begin)) s, $jobs jobs"

passed=$(grep -c '^ok .*# skip' "$out")
skipped=$passed
passed=$(($(grep -c '^ok ' "$out") - skipped))
failed=$(grep -c '^not ok ' "$out")
echo "$passed passed, $failed failed, $skipped skipped"
[ "$passed" -gt 0 ] || status=1
[ "$failed" -eq 0 ] || status=1
exit $status
