#!/bin/sh
# Every name and group Debian 12's MAKEDEV 2.3.1 accepts, and what it
# makes of each: the record tests/makedev_names.bats compares devtool
# make with, without the network.  makedev-ref.sh fetches MAKEDEV into
# DIR (downloaded and unpacked, never installed) with the same pins: no
# /proc/devices read, dpkg --print-architecture saying amd64.
#
#   makedev-names.sh DIR          the names, one a line, sorted: the
#                                 patterns of MAKEDEV's own alias table
#                                 (its function cvt) and of its main case,
#                                 each glob expanded ([a-d] to a b c d, a
#                                 * dropped: ipfilt*, as ipfilt)
#   makedev-names.sh DIR -a       MAKEDEV -n of each name alone: a line
#                                 NAME<TAB>status N (its exit status, and
#                                 "warned: " and the first line when it
#                                 wrote to standard error: a name it
#                                 refuses, or cannot make all of here),
#                                 then NAME<TAB>LINE for each line
#                                 of its answer ("create ...", and "mkdir
#                                 D" for each directory it made)
#
# tests/fixtures/makedev-2.3.1.xz is the second, xz-compressed; make.bats
# checks it against MAKEDEV itself.
set -eu
LC_ALL=C
export LC_ALL

dir=${1:?usage: makedev-names.sh DIR [-a]}
sh "$(dirname "$0")/makedev-ref.sh" "$dir"
dir=$(cd "$dir" && pwd)

names() {
	awk '
	# prints pattern p with its first [set] expanded, recursively
	function expand(p,    i, j, k, n, set, pre, rest, lo, hi) {
		if ((i = index(p, "[")) == 0) {
			gsub(/\*/, "", p)
			print p
			return
		}
		j = index(substr(p, i), "]") + i - 1
		set = substr(p, i + 1, j - i - 1)
		pre = substr(p, 1, i - 1)
		rest = substr(p, j + 1)
		for (k = 1; k <= length(set); k++) {
			if (substr(set, k + 1, 1) == "-" && k + 2 <= length(set)) {
				lo = ord[substr(set, k, 1)]
				hi = ord[substr(set, k + 2, 1)]
				for (n = lo; n <= hi; n++)
					expand(pre chr[n] rest)
				k += 2
			} else
				expand(pre substr(set, k, 1) rest)
		}
	}
	BEGIN {
		for (n = 32; n < 127; n++) {
			chr[n] = sprintf("%c", n)
			ord[chr[n]] = n
		}
	}
	/^cvt \(\) \{/ { incvt = 1; next }
	/^for arg in `cvt/ { inmain = 1; next }
	# a pattern line of cvt (three tabs) or of the main case (one tab,
	# or eight spaces where the script has them)
	(incvt && /^\t\t\t[^\t# ][^)]*\)/) ||
	    (inmain && /^(\t|        )[^\t# ][^)]*\)/) {
		line = $0
		sub(/^[ \t]+/, "", line)
		sub(/\).*/, "", line)
		if (line == "*") {	# the end of that case
			incvt = inmain = 0
			next
		}
		n = split(line, alt, "|")
		for (m = 1; m <= n; m++) {
			gsub(/ /, "", alt[m])
			expand(alt[m])
		}
	}' "$dir/MAKEDEV" | sort -u
}

# answer NAME: MAKEDEV -n NAME in an empty directory of its own.
answer() {
	scratch=$(mktemp -d)
	(
		cd "$scratch"
		rc=0
		PATH=$dir/stub:$PATH "$dir/MAKEDEV" -n "$1" >out 2>err || rc=$?
		# the pin's own warning, on every run, is not the name's
		grep -v "warning: can't read /proc/devices" err >warn || :
		if [ -s warn ]; then
			# its first line, without MAKEDEV's path
			echo "status $rc warned: $(head -n 1 warn |
			    sed 's|^[^ ]*/MAKEDEV: ||; s|/[^ ]*/MAKEDEV|MAKEDEV|g')"
		else
			echo "status $rc"
		fi
		grep '^create ' out || :
		find . -mindepth 1 -type d | sed 's|^\./|mkdir |' | sort
	) | awk -v n="$1" '{ print n "\t" $0 }'
	rm -rf "$scratch"
}

case ${2:-} in
'')
	names
	;;
-a)
	# two at a time, each name's lines together, in the names' order
	out=$(mktemp -d)
	trap 'rm -rf "$out"' EXIT
	names >"$out/names"
	# shellcheck disable=SC2016 # $1 is the inner shell's
	xargs -P 2 -I{} sh -c 'sh "$0" "$1" -1 "$2" >"$3/a.$2"' \
	    "$0" "$dir" {} "$out" <"$out/names"
	while read -r n; do
		cat "$out/a.$n"
	done <"$out/names"
	;;
-1)
	answer "$3"
	;;
*)
	echo "usage: makedev-names.sh DIR [-a]" >&2
	exit 2
	;;
esac
