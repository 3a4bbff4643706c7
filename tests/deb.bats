#!/usr/bin/env bats
# make deb: the Debian package of debian/, built by dpkg-buildpackage in a
# copy of the sources under build/deb/ and checked by lintian.  The
# package is built once, in a fresh clone of HEAD (setup_file), which is
# then cleaned; each test reads what the build left and what was seen.
# It needs debhelper, dpkg-dev and lintian, which make check-all installs.

load test_helper

TOP=$BATS_TEST_DIRNAME/..

# in_clone CMD...: CMD in the clone, with none of the caller's make
# flags, directories (make check-all runs this suite from inside make) or
# package build options.
in_clone() {
	(cd "$CLONE" && env -u MAKEFLAGS -u MFLAGS -u MAKELEVEL -u DESTDIR \
	    -u PREFIX -u BINDIR -u MANDIR -u BASHCOMPDIR -u ZSHCOMPDIR \
	    -u FISHCOMPDIR -u DEB_BUILD_OPTIONS -u DEB_BUILD_PROFILES "$@")
}

setup_file() {
	# A release tarball has no history to clone: nothing to build from.
	git -C "$TOP" rev-parse --verify -q HEAD >/dev/null ||
		skip "$TOP is not a git checkout"
	export LC_ALL=C HOME=$BATS_FILE_TMPDIR/home
	export CLONE=$BATS_FILE_TMPDIR/clone SEEN=$BATS_FILE_TMPDIR/seen
	mkdir -p "$HOME" "$SEEN"
	git clone -q "$TOP" "$CLONE"
	# bats stops setup_file at the first failure: each status is kept
	# for the tests to report instead.  The directories of make install
	# are set, as a caller's environment may: they must not move the
	# package's files.
	local rc=0
	in_clone env BINDIR=/opt/x/bin MANDIR=/opt/x/man BASHCOMPDIR=/opt/x/b \
	    ZSHCOMPDIR=/opt/x/z FISHCOMPDIR=/opt/x/f \
	    make --no-print-directory deb >"$SEEN/make.out" 2>&1 || rc=$?
	echo "$rc" >"$SEEN/make.rc"
	git -C "$CLONE" status --porcelain --ignored >"$SEEN/status.built"
	ls "$CLONE/build/deb" >"$SEEN/products" 2>&1 || true
	cp "$CLONE"/build/deb/*.deb "$SEEN"/ 2>/dev/null || true
	rc=0
	in_clone make --no-print-directory -s clean >"$SEEN/clean.out" 2>&1 || rc=$?
	echo "$rc" >"$SEEN/clean.rc"
	git -C "$CLONE" status --porcelain --ignored >"$SEEN/status.cleaned"
}

# Not helper_setup: the package's binary is tested, not ./devtool.
setup() {
	export LC_ALL=C HOME=$BATS_FILE_TMPDIR/home
	cd "$BATS_TEST_TMPDIR" || fail "cannot cd to $BATS_TEST_TMPDIR"
	VERSION=$(dpkg-parsechangelog -l "$TOP/debian/changelog" -S Version)
	ARCH=$(dpkg --print-architecture)
	DEB=$SEEN/devtool_${VERSION}_$ARCH.deb
}

# assert_deb_built: make deb succeeded; what it printed last otherwise.
assert_deb_built() {
	[[ $(<"$SEEN/make.rc") == 0 ]] ||
		fail "make deb failed (exit $(<"$SEEN/make.rc")):"$'\n'"$(tail -n 60 "$SEEN/make.out")"
}

@test "deb: make deb builds the package, and lintian finds no error and warns only that a first upload closes no bug" {
	assert_deb_built
	run tail -n 1 "$SEEN/make.out"
	assert_output "deb: build/deb/devtool_${VERSION}_$ARCH.deb (lintian: errors 0, warnings 1)"
	# lintian's tags, shown with the test's output
	run grep -E '^[A-Z]: ' "$SEEN/make.out"
	printf '# lintian: %s\n' "${lines[@]}" >&3
	# No ITP bug exists for an initial upload to close.
	assert_output "W: devtool: initial-upload-closes-no-bugs [usr/share/doc/devtool/changelog.Debian.gz:1]"
}

@test "deb: make deb leaves its products in build/deb and nothing else in the tree, and make clean removes them" {
	assert_deb_built
	run cat "$SEEN/products"
	assert_output "devtool-${VERSION%-*}
devtool-dbgsym_${VERSION}_$ARCH.deb
devtool_${VERSION}_$ARCH.buildinfo
devtool_${VERSION}_$ARCH.changes
devtool_${VERSION}_$ARCH.deb
lintian.txt"
	run cat "$SEEN/status.built"
	assert_output '!! build/'
	[[ $(<"$SEEN/clean.rc") == 0 ]] || fail "make clean failed: $(<"$SEEN/clean.out")"
	run cat "$SEEN/status.cleaned"
	assert_output ''
}

@test "deb: the package holds the binary, the man pages, the three completions, the copyright and the changelog, and nothing else, whatever directories the environment names" {
	assert_deb_built
	run bash -c 'dpkg-deb -c "$1" | awk '\''$1 !~ /^d/ { print $1, $2, $6 }'\' \
	    sh "$DEB"
	assert_success
	assert_output "-rwxr-xr-x root/root ./usr/bin/devtool
-rw-r--r-- root/root ./usr/share/bash-completion/completions/devtool
-rw-r--r-- root/root ./usr/share/doc/devtool/changelog.Debian.gz
-rw-r--r-- root/root ./usr/share/doc/devtool/copyright
-rw-r--r-- root/root ./usr/share/fish/vendor_completions.d/devtool.fish
$(for v in $(binary_verbs); do echo "-rw-r--r-- root/root ./usr/share/man/man1/devtool-$v.1.gz"; done | LC_ALL=C sort)
-rw-r--r-- root/root ./usr/share/man/man1/devtool.1.gz
-rw-r--r-- root/root ./usr/share/zsh/vendor-completions/_devtool"
}

@test "deb: the packaged files are the tree's: the man pages, the completions, and the licence in the copyright" {
	assert_deb_built
	local x=$BATS_TEST_TMPDIR/x
	dpkg-deb -x "$DEB" "$x"
	local page
	for page in devtool $(binary_verbs | sed 's/^/devtool-/'); do
		zcat "$x/usr/share/man/man1/$page.1.gz" | cmp - "$TOP/man/$page.1"
	done
	cmp "$x/usr/share/bash-completion/completions/devtool" "$TOP/completions/devtool.bash"
	cmp "$x/usr/share/zsh/vendor-completions/_devtool" "$TOP/completions/_devtool"
	cmp "$x/usr/share/fish/vendor_completions.d/devtool.fish" "$TOP/completions/devtool.fish"
	# DEP-5: the one Files paragraph, and the licence's text (from its
	# conditions on) as the last paragraph, one space in, "." for a blank
	run sed -n '/^Files:/,/^$/p' "$x/usr/share/doc/devtool/copyright"
	assert_output "Files: *
Copyright: 2026 The devtool authors
License: BSD-2-Clause"
	run diff <(awk 'text { sub(/^ /, ""); sub(/^\.$/, ""); print }
	    prev == "" && $0 == "License: BSD-2-Clause" { text = 1 }
	    { prev = $0 }' "$x/usr/share/doc/devtool/copyright") \
	    <(sed -n '/^Redistribution/,$p' "$TOP/LICENSE")
	assert_success
	assert_output ''
}

@test "deb: the packaged binary runs and prints the package's version" {
	assert_deb_built
	local x=$BATS_TEST_TMPDIR/x
	dpkg-deb -x "$DEB" "$x"
	run --separate-stderr "$x/usr/bin/devtool" --version
	assert_success
	assert_output "devtool ${VERSION%-*}"
	assert_stderr_empty
	run --separate-stderr "$x/usr/bin/devtool" encode -f linux 300 5
	assert_success
	assert_output 76805
}

@test "deb: the control fields depend on libc and on libarchive, the decoders, libcap and json-c, which devtool loads with dlopen, and on nothing linked statically" {
	assert_deb_built
	run dpkg-deb -f "$DEB" Package Version Architecture Section Priority \
	    Multi-Arch Depends Recommends Built-Using
	assert_success
	assert_output "Package: devtool
Version: $VERSION
Architecture: $ARCH
Section: admin
Priority: optional
Multi-Arch: foreign
Depends: libarchive13 (>= 3.1.2), libcap2, libjson-c5, liblzma5, libbz2-1.0, liblz4-1, libzstd1, zlib1g, libc6 (>= 2.34)"
}

@test "deb: the packaged binary has dpkg-buildflags' hardening: PIE, read-only relocations bound now, fortified calls, a stack protector" {
	assert_deb_built
	local x=$BATS_TEST_TMPDIR/x
	dpkg-deb -x "$DEB" "$x"
	run readelf -h "$x/usr/bin/devtool"
	assert_line --regexp '^ +Type: +DYN \(Position-Independent Executable file\)$'
	run readelf -lW "$x/usr/bin/devtool"
	assert_line --regexp '^ +GNU_RELRO '
	run readelf -d "$x/usr/bin/devtool"
	assert_line --regexp '\(FLAGS_1\) +Flags: NOW PIE$'
	run nm -D "$x/usr/bin/devtool"
	assert_line --regexp ' U __[a-z]+_chk@'
	assert_line --regexp ' U __stack_chk_fail@'
}

@test "deb: make deb refuses a debian/changelog whose version is not the Makefile's, before building anything" {
	local tree=$BATS_TEST_TMPDIR/tree
	git clone -q "$TOP" "$tree"
	sed -i 's/^VERSION *=.*/VERSION   = 9.9.9/' "$tree/Makefile"
	run --separate-stderr sh "$tree/scripts/deb.sh"
	assert_failure 1
	assert_output ''
	assert_equal "$stderr" \
	    "deb: debian/changelog's version $VERSION is not the Makefile's VERSION 9.9.9"
	[[ ! -e $tree/build ]] || fail "$tree/build was made"
}
