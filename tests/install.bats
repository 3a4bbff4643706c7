#!/usr/bin/env bats
# make install and make uninstall: every file where Debian and upstream
# expect it, with the right mode, under DESTDIR, PREFIX and the per-kind
# directory overrides.

load test_helper

TOP=$BATS_TEST_DIRNAME/..

setup() {
	helper_setup
	command -v make >/dev/null || skip "make is not installed"
	DEST=$BATS_TEST_TMPDIR/dest
}

# install_make ARGS...: runs make in the source tree, quietly, with none
# of the caller's make flags or directory variables (make check-all runs this
# suite from inside make, and ?= would take PREFIX from the environment).
install_make() {
	env -u MAKEFLAGS -u MFLAGS -u MAKELEVEL -u DESTDIR -u PREFIX \
	    -u BINDIR -u MANDIR -u BASHCOMPDIR -u ZSHCOMPDIR -u FISHCOMPDIR \
	    make --no-print-directory -s -C "$TOP" "$@"
}

# The manual's pages: devtool(1) and each verb's, devtool-VERB(1), one
# "NAME.1" a line.
man_pages() {
	local verb
	echo devtool.1
	for verb in $(binary_verbs); do
		echo "devtool-$verb.1"
	done
}

# The files an install with PREFIX=/usr puts under DEST, and their sources.
usr_files() {
	local page
	for page in $(man_pages); do
		echo "usr/share/man/man1/$page man/$page 644"
	done
	cat <<-EOF
	usr/bin/devtool devtool 755
	usr/share/bash-completion/completions/devtool completions/devtool.bash 644
	usr/share/zsh/vendor-completions/_devtool completions/_devtool 644
	usr/share/fish/vendor_completions.d/devtool.fish completions/devtool.fish 644
	EOF
}

# assert_installed PATH SOURCE MODE: a regular file, with MODE, and the same
# bytes as SOURCE in the tree.
assert_installed() {
	local path=$DEST/$1 src=$TOP/$2 mode=$3
	[[ -f $path && ! -L $path ]] || fail "not installed: /$1"
	[[ $(stat -c %a "$path") == "$mode" ]] ||
		fail "/$1 has mode $(stat -c %a "$path"), not $mode"
	cmp -s "$src" "$path" || fail "/$1 differs from $2"
}

@test "install: DESTDIR and PREFIX=/usr put every file in its place" {
	run install_make install DESTDIR="$DEST" PREFIX=/usr
	assert_success
	local path src mode
	while read -r path src mode; do
		assert_installed "$path" "$src" "$mode"
	done < <(usr_files)
	# nothing outside DESTDIR/usr
	run find "$DEST" -mindepth 1 -maxdepth 1
	assert_output "$DEST/usr"
}

@test "install: the default PREFIX is /usr/local" {
	run install_make install DESTDIR="$DEST"
	assert_success
	assert_installed usr/local/bin/devtool devtool 755
	local page
	for page in $(man_pages); do
		assert_installed "usr/local/share/man/man1/$page" "man/$page" 644
	done
	assert_installed usr/local/share/bash-completion/completions/devtool \
	    completions/devtool.bash 644
	assert_installed usr/local/share/zsh/vendor-completions/_devtool \
	    completions/_devtool 644
	assert_installed usr/local/share/fish/vendor_completions.d/devtool.fish \
	    completions/devtool.fish 644
}

@test "install: MANDIR and BASHCOMPDIR are honoured" {
	run install_make install DESTDIR="$DEST" PREFIX=/usr \
	    MANDIR=/usr/man BASHCOMPDIR=/etc/bash_completion.d
	assert_success
	local page
	for page in $(man_pages); do
		assert_installed "usr/man/man1/$page" "man/$page" 644
	done
	assert_installed etc/bash_completion.d/devtool completions/devtool.bash 644
	[[ ! -e $DEST/usr/share/man ]] || fail "installed: /usr/share/man"
	[[ ! -e $DEST/usr/share/bash-completion/completions/devtool ]] || fail "installed: /usr/share/bash-completion/completions/devtool"
	# the others stay where PREFIX puts them
	assert_installed usr/bin/devtool devtool 755
	assert_installed usr/share/zsh/vendor-completions/_devtool completions/_devtool 644
}

@test "install: BINDIR, ZSHCOMPDIR and FISHCOMPDIR are honoured" {
	run install_make install DESTDIR="$DEST" PREFIX=/usr BINDIR=/sbin \
	    ZSHCOMPDIR=/usr/share/zsh/site-functions \
	    FISHCOMPDIR=/usr/share/fish/completions
	assert_success
	assert_installed sbin/devtool devtool 755
	assert_installed usr/share/zsh/site-functions/_devtool completions/_devtool 644
	assert_installed usr/share/fish/completions/devtool.fish completions/devtool.fish 644
	[[ ! -e $DEST/usr/bin/devtool ]] || fail "installed: /usr/bin/devtool"
	[[ ! -e $DEST/usr/share/zsh/vendor-completions/_devtool ]] || fail "installed: /usr/share/zsh/vendor-completions/_devtool"
}

@test "install: the installed files work" {
	run install_make install DESTDIR="$DEST" PREFIX=/usr
	assert_success
	run "$DEST/usr/bin/devtool" encode -f linux 300 5
	assert_success
	assert_output 76805
	if command -v mandoc >/dev/null; then
		local page
		for page in $(man_pages); do
			run mandoc -Tlint -Wwarning "$DEST/usr/share/man/man1/$page"
			assert_success
			assert_output ''
		done
	fi
	if [[ -r /usr/share/bash-completion/bash_completion ]]; then
		run bash --norc -c 'source /usr/share/bash-completion/bash_completion
			source "$1" && complete -p devtool' bash \
		    "$DEST/usr/share/bash-completion/completions/devtool"
		assert_success
		assert_output 'complete -F _devtool devtool'
	fi
	if command -v zsh >/dev/null; then
		run zsh -n "$DEST/usr/share/zsh/vendor-completions/_devtool"
		assert_success
	fi
	if command -v fish >/dev/null; then
		run fish --no-config -c 'source $argv[1]; complete -C "devtool enc"' \
		    "$DEST/usr/share/fish/vendor_completions.d/devtool.fish"
		assert_success
		assert_output --regexp '^encode'
	fi
}

@test "install: a second install over the first succeeds" {
	run install_make install DESTDIR="$DEST" PREFIX=/usr
	assert_success
	run install_make install DESTDIR="$DEST" PREFIX=/usr
	assert_success
	assert_installed usr/bin/devtool devtool 755
}

@test "uninstall: removes every installed file" {
	run install_make install DESTDIR="$DEST" PREFIX=/usr
	assert_success
	run install_make uninstall DESTDIR="$DEST" PREFIX=/usr
	assert_success
	local path src mode
	while read -r path src mode; do
		[[ ! -e $DEST/$path ]] || fail "left installed: /$path"
	done < <(usr_files)
	# no file is left anywhere under DESTDIR
	run find "$DEST" -not -type d
	assert_output ''
}

@test "uninstall: honours the same overrides as install" {
	run install_make install DESTDIR="$DEST" PREFIX=/usr \
	    MANDIR=/usr/man BASHCOMPDIR=/etc/bash_completion.d
	assert_success
	run install_make uninstall DESTDIR="$DEST" PREFIX=/usr \
	    MANDIR=/usr/man BASHCOMPDIR=/etc/bash_completion.d
	assert_success
	run find "$DEST" -not -type d
	assert_output ''
}

@test "uninstall: with nothing installed is not an error" {
	run install_make uninstall DESTDIR="$DEST" PREFIX=/usr
	assert_success
}
