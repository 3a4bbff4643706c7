#!/bin/sh
# Installs the Debian packages devtool needs.  As root it runs apt-get;
# otherwise it names the packages and stops.
#   deps.sh          build and test (make run, make check)
#   deps.sh all      also what make check-all's own suites need: the
#                    package build (deb.bats) and qemu (boot.bats)
#   deps.sh harden   also sanitizers, fuzzing and lint (check-asan, fuzz,
#                    lint, check-valgrind)
#   deps.sh deb      only what builds the Debian package (make deb)
set -eu

BUILD="gcc make libpopt-dev libbsd-dev libmd-dev libcap-dev libarchive-dev
libjson-c-dev liblzma-dev zlib1g-dev libbz2-dev"
# make deb, which tests/deb.bats runs in make check-all.
DEB="debhelper dpkg-dev lintian"
# parallel: tests/run.sh runs the suites side by side with it.
# mtree-netbsd: NetBSD's mtree (/usr/bin/mtree), which tests/specs.bats
# has verify a tree against devtool's mtree spec.
PKGS="$BUILD pkg-config bats bats-support bats-assert parallel mandoc
jq bash-completion zsh fish strace python3 fakeroot pseudo cpio
libarchive-tools tar xz-utils zstd gzip bzip2 squashfs-tools squashfs-tools-ng
mtree-netbsd e2fsprogs libcap2-bin kmod systemd faketime"
case ${1:-} in
all) PKGS="$PKGS $DEB qemu-system-x86" ;;
harden) PKGS="$PKGS clang libclang-rt-14-dev cppcheck clang-tidy shellcheck
valgrind" ;;
deb) PKGS="$BUILD $DEB" ;;
esac

missing=""
for p in $PKGS; do
	dpkg-query -W -f='${Status}\n' "$p" 2>/dev/null |
	    grep -q ' installed$' || missing="$missing $p"
done
[ -z "$missing" ] && exit 0

if [ "$(id -u)" -eq 0 ] && command -v apt-get >/dev/null 2>&1; then
	echo "deps: installing$missing"
	export DEBIAN_FRONTEND=noninteractive
	apt-get update -qq
	# shellcheck disable=SC2086 # one word per package
	apt-get install -y -qq --no-install-recommends $missing >/dev/null
else
	echo "devtool: missing packages:$missing" >&2
	echo "install them with: sudo apt-get install$missing" >&2
	exit 1
fi
