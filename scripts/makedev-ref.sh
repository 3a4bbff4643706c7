#!/bin/sh
# Debian 12's MAKEDEV 2.3.1 (package makedev), the reference of
# tests/make.bats (through the answers scripts/makedev-record.sh records
# with it), without installing it: apt-get install makedev runs it over
# the machine's /dev.  The package is only downloaded (apt-get
# download) and unpacked (dpkg-deb -x): its scripts never run.
#
#   makedev-ref.sh DIR            fetch: DIR/sbin/MAKEDEV, and DIR/MAKEDEV,
#                                 the copy the answers come from; a DIR
#                                 that has them is left as it is
#   makedev-ref.sh DIR ARG...     what `MAKEDEV ARG...` creates, one line
#                                 an entry, sorted, as devtool list -o
#                                 tmpfiles writes them with the prefix
#                                 /dev: TYPE PATH MODE USER GROUP NUMBERS
#                                 (L PATH - - - - TARGET for a link), the
#                                 owner and group by MAKEDEV's names
#
# The answer is MAKEDEV's own -n (print, do not do): the shell then spawns
# no mknod, chown or chmod, which is what makes MAKEDEV generic take
# minutes; its "create" lines and the directories it still makes (mkdir
# -p runs under -n) are its answer.  Two things are pinned so that the
# answer is the same on every machine: the copy does not read
# /proc/devices (the majors are MAKEDEV's defaults, the documented ones,
# not the running kernel's dynamic ones), and dpkg --print-architecture
# says amd64 (generic is generic-i386).  Owners and groups stay names,
# as MAKEDEV gives them (the same on every machine): tests/make.bats
# turns them into the host's ids (getent), as devtool resolves them.
set -eu
LC_ALL=C
export LC_ALL

dir=${1:?usage: makedev-ref.sh DIR [ARG...]}
shift

fetch() {
	[ -x "$dir/MAKEDEV" ] && [ -x "$dir/sbin/MAKEDEV" ] && return 0
	mkdir -p "$dir"
	tmp=$(mktemp -d "$dir/.fetch.XXXXXX")
	(
		cd "$tmp"
		apt-get download -qq -o APT::Sandbox::User=root makedev ||
		    { [ "$(id -u)" -eq 0 ] && apt-get update -qq &&
		    apt-get download -qq -o APT::Sandbox::User=root makedev; }
		dpkg-deb -x makedev_*.deb x
	) || {
		rm -rf "$tmp"
		echo "makedev-ref: cannot download Debian's makedev package" >&2
		exit 1
	}
	mkdir -p "$dir/sbin" "$dir/stub"
	cp "$tmp/x/sbin/MAKEDEV" "$dir/sbin/MAKEDEV"
	rm -rf "$tmp"
	sed 's|if \[ ! -f \$procfs/devices \]|if [ ! -f /nonexistent/devices ]|' \
	    "$dir/sbin/MAKEDEV" >"$dir/MAKEDEV"
	printf '#!/bin/sh\necho amd64\n' >"$dir/stub/dpkg"
	chmod 0755 "$dir/MAKEDEV" "$dir/stub/dpkg"
	grep -q /nonexistent/devices "$dir/MAKEDEV" || {
		echo "makedev-ref: MAKEDEV is not the 2.3.1 this script knows" >&2
		exit 1
	}
}

fetch
[ $# -gt 0 ] || exit 0
dir=$(cd "$dir" && pwd)
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT

# MAKEDEV's raw answer (generic takes some 20 s of a CPU: the suites
# compare against the answers scripts/makedev-record.sh recorded).
answer=$scratch/answer
mkdir "$scratch/run"
(
	cd "$scratch/run"
	PATH=$dir/stub:$PATH "$dir/MAKEDEV" -n "$@" 2>/dev/null || :
	find . -mindepth 1 -type d | sed 's|^\./|mkdir |'
) >"$answer"

# A name made twice is what the last making left (MAKEDEV std, then
# urandom: 0444).
awk '
$1 == "mkdir" { line["/dev/" $2] = sprintf("d\t/dev/%s\t0755\troot\troot\t-\t-", $2)
	next }
$1 != "create" { next }
$3 == "->" { line["/dev/" $2] = sprintf("L\t/dev/%s\t-\t-\t-\t-\t%s", $2, $4)
	next }
NF == 4 { split($3, og, ":")	# makefifo: create NAME OWNER:GROUP MODE
  line["/dev/" $2] = sprintf("p\t/dev/%s\t%s\t%s\t%s\t-\t-", $2, $4,
      id["u" og[1]], id["g" og[2]])
  next }
{ split($6, og, ":")
  line["/dev/" $2] = sprintf("%s\t/dev/%s\t%s\t%s\t%s\t-\t%s:%s", $3, $2, $7,
      og[1], og[2], $4, $5) }
END { for (p in line) print line[p] }' "$answer" | sort
