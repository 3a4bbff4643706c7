#!/bin/sh
# Records Debian 12's MAKEDEV 2.3.1's answers for tests/make.bats: for
# each line "NAME ARG..." of tests/fixtures/makedev/questions, what
# `MAKEDEV ARG...` creates (scripts/makedev-ref.sh: MAKEDEV's own -n,
# majors and architecture pinned, owners and groups by name) into
# OUT/NAME.  make check compares devtool make with these files, offline;
# make check-all records them again from the real MAKEDEV into a scratch
# directory and compares (tests/makedev.bats).
#
#   makedev-record.sh [OUT]       OUT defaults to tests/fixtures/makedev;
#                                 MAKEDEV is fetched once into
#                                 build/makedev/ (MAKEDEV_DIR)
set -eu
cd "$(dirname "$0")/.."
top=$PWD
out=${1:-tests/fixtures/makedev}
ref=${MAKEDEV_DIR:-build/makedev}
case $ref in /*) ;; *) ref=$top/$ref ;; esac
mkdir -p "$out"
out=$(cd "$out" && pwd)

sh scripts/makedev-ref.sh "$ref"
# two questions at a time; an answer is written whole or not at all
export ref out
# shellcheck disable=SC2016 # the inner shell expands them
grep -v '^#' tests/fixtures/makedev/questions |
    xargs -P 2 -L 1 sh -c 'n=$1; shift
	if sh scripts/makedev-ref.sh "$ref" "$@" >"$out/.$n.new" &&
	    [ -s "$out/.$n.new" ]; then
		mv "$out/.$n.new" "$out/$n"
	else
		echo "makedev-record: no answer from MAKEDEV $*" >&2
		rm -f "$out/.$n.new"
		exit 1
	fi' sh
