#!/bin/sh
# Runs the C unit tests and every bats suite, all as TAP, and closes with
# one line "N passed, N failed, N skipped" that CI reads.
# DEVTOOL may name another binary (make check-asan uses it).
set -u
cd "$(dirname "$0")/.." || exit 2
out=$(mktemp)
trap 'rm -f "$out"' EXIT INT TERM

status=0
for t in "${UNIT_DIR:-tests}"/unit_*; do
	case $t in *.c) continue ;; esac
	[ -x "$t" ] || continue
	echo "# $t"
	"$t" | tee -a "$out" || status=1
done
echo "# bats tests/*.bats"
bats --tap tests/*.bats | tee -a "$out" || status=1

passed=$(grep -c '^ok .*# skip' "$out")
skipped=$passed
passed=$(($(grep -c '^ok ' "$out") - skipped))
failed=$(grep -c '^not ok ' "$out")
echo "$passed passed, $failed failed, $skipped skipped"
[ "$passed" -gt 0 ] || status=1
[ "$failed" -eq 0 ] || status=1
exit $status
