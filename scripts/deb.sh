#!/bin/sh
# make deb: builds the Debian package of debian/ with dpkg-buildpackage,
# then checks it with lintian.  dpkg-buildpackage writes the .deb and its
# companions into the parent of the tree it builds, so it builds a copy
# of the sources in build/deb/devtool-VERSION/: everything lands under
# build/deb/, which make clean removes, and the work tree is left as it
# was.  Needs debhelper, dpkg-dev and lintian (scripts/deps.sh deb).
set -eu
cd "$(dirname "$0")/.." || exit 2

version=$(dpkg-parsechangelog -S Version)
upstream=${version%-*}
made=$(sed -n 's/^VERSION *= *//p' Makefile)
if [ "$upstream" != "$made" ]; then
	echo "deb: debian/changelog's version $version is not the Makefile's VERSION $made" >&2
	exit 1
fi
arch=$(dpkg-architecture -qDEB_HOST_ARCH)
out=build/deb
tree=$out/devtool-$upstream

rm -rf "$out"
mkdir -p "$tree"
# The sources as the work tree has them, committed or not, but none of
# what .gitignore names (the build's products); outside git, all but
# build/ (debian/rules clean runs make clean in the copy).
if git rev-parse --is-inside-work-tree >/dev/null 2>&1; then
	git ls-files -z --cached --others --exclude-standard |
	    tar -c -f - --null -T - --ignore-failed-read | tar -x -f - -C "$tree"
else
	tar -c -f - --exclude=./build --exclude=./.git . | tar -x -f - -C "$tree"
fi

(cd "$tree" && dpkg-buildpackage -us -uc -b)

# lintian checks the .deb, its debug symbols and the .buildinfo.
rc=0
lintian --fail-on error "$out/devtool_${version}_$arch.changes" \
    >"$out/lintian.txt" 2>&1 || rc=$?
cat "$out/lintian.txt"
errors=$(grep -c '^E: ' "$out/lintian.txt") || true
warnings=$(grep -c '^W: ' "$out/lintian.txt") || true
echo "deb: $out/devtool_${version}_$arch.deb (lintian: errors $errors, warnings $warnings)"
exit $rc
