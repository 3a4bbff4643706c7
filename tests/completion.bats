#!/usr/bin/env bats
# Shell completions: completions/devtool.bash (through bash-completion's
# own machinery, with COMP_WORDS, COMP_CWORD, COMP_LINE and COMP_POINT set
# as readline would), completions/devtool.fish (complete -C) and
# completions/_devtool (parsed, loaded by compinit, and driven through a
# pseudo-terminal when zsh/zpty is there).  The verbs and options they
# must offer are read from the binary's --help, so that a verb or option
# added to the binary without its completion fails here; a verb the
# binary does not have yet is skipped.  The dialects they offer are the
# registry's, which the completions ask the binary for (devtool formats
# --dialects): the devtool under test is first on PATH.

load test_helper

# DEVTOOL_COMPDIR may name another directory with the three files.
COMPDIR=${DEVTOOL_COMPDIR:-$BATS_TEST_DIRNAME/../completions}
BASH_COMPLETION=${BASH_COMPLETION:-/usr/share/bash-completion/bash_completion}
LAYOUTS='8:8 old 16:16 12:20 linux glibc native osf1 svr4 solaris hpux
netbsd freebsd bsdos 386bsd 4bsd isc sco sunos svr3 ultrix'
# What list --check takes besides a layout (list in devtool(1)).
STORAGE='newc odc bin ustar gnutar squashfs erofs ext4 ext2-old cramfs genext2fs'

setup() {
	helper_setup
	# A /proc/devices of our own: names no real system has.
	PROCDEV=$BATS_TEST_TMPDIR/proc-devices
	cat >"$PROCDEV" <<-'EOF'
	Character devices:
	  1 mem
	  4 /dev/vc/0
	  4 tty
	 10 misc
	189 usb_device
	240 zzchar

	Block devices:
	  7 loop
	  8 sd
	259 blkext
	EOF
	export DEVTOOL_PROC_DEVICES=$PROCDEV
	mkdir -p "$BATS_TEST_TMPDIR/bin"
	ln -sf "$DEVTOOL" "$BATS_TEST_TMPDIR/bin/devtool"
	export PATH=$BATS_TEST_TMPDIR/bin:$PATH
}

# The registry's dialects, one per line, as formats --dialects lists them
# (devtool(1), devtool formats): every one, or with "read" those that
# apply -i takes, or with "written" the device rules, written only.
registry_dialects() {
	"$DEVTOOL" formats --dialects | awk -v want="${1:-}" 'NR > 1 &&
	    (want == "" || (want == "read") == ($2 == "yes")) { print $1 }'
}

# The long options of `devtool VERB --help`, and its short ones.
binary_long_options() {
	"$DEVTOOL" "$1" --help | sed -nE 's/^ +(-[^-], )?(--[a-z0-9][a-z0-9-]*).*/\2/p'
}

binary_short_options() {
	"$DEVTOOL" "$1" --help | sed -nE 's/^ +(-[^- ]), --.*/\1/p'
}

# Every line of $1 (a list) is a line of $2; names the missing ones.
assert_subset() {
	local want=$1 have=$2 what=$3 w missing=()
	while IFS= read -r w; do
		[[ -z $w ]] && continue
		grep -qxF -- "$w" <<<"$have" || missing+=("$w")
	done <<<"$want"
	((${#missing[@]} == 0)) ||
		fail "$what: not offered: ${missing[*]}"$'\n'"offered: $(tr '\n' ' ' <<<"$have")"
}

assert_same_set() {
	local want have
	want=$(tr ' ' '\n' <<<"$1" | sed '/^$/d' | sort -u)
	have=$(sed '/^$/d' <<<"$2" | sort -u)
	[[ $want == "$have" ]] ||
		fail "$3: expected $(tr '\n' ' ' <<<"$want"), got $(tr '\n' ' ' <<<"$have")"
}

# ---- bash -------------------------------------------------------------

# bash_complete LINE: prints what _devtool puts in COMPREPLY, one per
# line, for the cursor at the end of LINE.  The words are split as
# readline splits them: at blanks, and around the COMP_WORDBREAKS
# characters ':' and '=', which become words of their own.
bash_complete() {
	bash --norc --noprofile -c '
		source "$1" || exit 97
		source "$2" || exit 98
		shopt -s extglob
		line=$3
		words=()
		read -ra toks <<<"$line"
		for tok in "${toks[@]}"; do
			while [[ -n $tok ]]; do
				if [[ $tok == [:=]* ]]; then
					rest=${tok##+([:=])}
				else
					rest=${tok##*([!:=])}
				fi
				words+=("${tok%"$rest"}")
				tok=$rest
			done
		done
		[[ -z $line || $line == *" " ]] && words+=("")
		COMP_WORDS=("${words[@]}")
		COMP_CWORD=$((${#words[@]} - 1))
		COMP_LINE=$line
		COMP_POINT=${#line}
		COMPREPLY=()
		_devtool devtool "${COMP_WORDS[COMP_CWORD]}" \
		    "${COMP_WORDS[COMP_CWORD - 1]}"
		((${#COMPREPLY[@]} == 0)) || printf "%s\n" "${COMPREPLY[@]}"
	' bash "$BASH_COMPLETION" "$COMPDIR/devtool.bash" "$1"
}

need_bash_completion() {
	[[ -r $BASH_COMPLETION ]] || skip "bash-completion is not installed"
}

@test "bash: the script passes shellcheck -s bash" {
	command -v shellcheck >/dev/null || skip "shellcheck is not installed"
	run shellcheck -s bash "$COMPDIR/devtool.bash"
	assert_success
	assert_output ''
}

@test "bash: the script registers _devtool for devtool" {
	need_bash_completion
	run bash --norc -c 'source "$1"; source "$2"; complete -p devtool' \
	    bash "$BASH_COMPLETION" "$COMPDIR/devtool.bash"
	assert_success
	assert_output 'complete -F _devtool devtool'
}

@test "bash: every verb of devtool --help is offered first" {
	need_bash_completion
	run bash_complete 'devtool '
	assert_success
	assert_subset "$(binary_verbs)" "$output" verbs
	assert_same_set 'encode decode convert explain formats mknod devices list apply make diff help' \
	    "$output" verbs
}

@test "bash: a verb prefix completes to the verb" {
	need_bash_completion
	run bash_complete 'devtool enc'
	assert_success
	assert_output encode
	run bash_complete 'devtool -q dec'
	assert_output decode
}

@test "bash: global options before the verb" {
	need_bash_completion
	run bash_complete 'devtool -'
	assert_success
	assert_same_set '-q --quiet -h --help -V --version' "$output" 'global options'
}

# bash_verb_options VERB: every long and short option of the binary's
# VERB is offered after "-", and every long one after "--"; and nothing
# is offered that the binary does not take.
bash_verb_options() {
	local verb=$1 long short
	has_verb "$verb" || fail "the binary has no verb '$verb'"
	need_bash_completion
	long=$(binary_long_options "$verb")
	short=$(binary_short_options "$verb")
	run bash_complete "devtool $verb --"
	assert_success
	assert_subset "$long" "$output" "devtool $verb --"
	assert_subset "$output" "$long" "binary's devtool $verb (extra completions)"
	run bash_complete "devtool $verb -"
	assert_success
	assert_subset "$long"$'\n'"$short" "$output" "devtool $verb -"
	# after an operand, too: options may follow operands
	run bash_complete "devtool $verb 1 --"
	assert_subset "$long" "$output" "devtool $verb 1 --"
}

# Every verb of devtool --help, each with all of bash_verb_options's
# checks.
@test "bash: every option of every verb of devtool --help is offered, and no other" {
	local verb n=0
	while IFS= read -r verb; do
		n=$((n + 1))
		bash_verb_options "$verb"
	done < <(binary_verbs)
	((n >= 10)) || fail "devtool --help listed only $n verbs"
}

@test "bash: layout names after -f, --format=, -t and --check" {
	need_bash_completion
	run bash_complete 'devtool encode -f '
	assert_success
	assert_same_set "$LAYOUTS" "$output" 'encode -f'
	run bash_complete 'devtool decode --format='
	assert_same_set "$LAYOUTS" "$output" 'decode --format='
	run bash_complete 'devtool convert -f 8:8 -t '
	assert_same_set "$LAYOUTS" "$output" 'convert -t'
	run bash_complete 'devtool list --check '
	assert_same_set "$LAYOUTS $STORAGE kernel" "$output" 'list --check'
	run bash_complete 'devtool list --check ext'
	assert_same_set 'ext4 ext2-old' "$output" 'list --check ext'
	run bash_complete 'devtool mknod -f l'
	assert_output linux
	# readline replaces only what follows the last ':', so the part before
	# it is taken off (bash-completion's __ltrim_colon_completions)
	run bash_complete 'devtool encode -f 16:'
	assert_output 16
}

@test "bash: every layout offered is one the binary takes" {
	local name
	for name in $LAYOUTS; do
		run "$DEVTOOL" encode -f "$name" 1 3
		assert_success
	done
	# and every named layout of devtool formats is offered
	run "$DEVTOOL" formats --json
	local names
	names=$(grep -oE '"(name|aliases)":("[^"]*"|\[[^]]*\])' <<<"$output" |
		sed -E 's/^"[a-z]+"://' | tr -d '[]"' | tr ',' '\n' | sed '/^$/d' | grep -vx 'M:N')
	assert_subset "$names" "$(tr ' ' '\n' <<<"$LAYOUTS")" 'devtool formats names'
	# and every storage format offered is one list --check takes
	mkdir -p R/dev
	for name in $STORAGE; do
		run "$DEVTOOL" list --check "$name" --root R
		assert_success
	done
}

@test "bash: mknod PATH offers the types, then driver names by type" {
	has_verb mknod || fail "the binary has no verb 'mknod'"
	need_bash_completion
	run bash_complete 'devtool mknod /dev/x '
	assert_success
	assert_same_set 'c u b p' "$output" 'mknod TYPE'
	run bash_complete 'devtool mknod /dev/x c '
	assert_same_set '/dev/vc/0 mem tty misc usb_device zzchar' "$output" 'mknod PATH c'
	run bash_complete 'devtool mknod /dev/x u zz'
	assert_output zzchar
	run bash_complete 'devtool mknod /dev/x b '
	assert_same_set 'loop sd blkext' "$output" 'mknod PATH b'
	run bash_complete 'devtool mknod /dev/x p '
	assert_output ''
	# options and their arguments are not operands
	run bash_complete 'devtool mknod -m 0600 -g disk --root /tmp -r /dev/x b '
	assert_same_set 'loop sd blkext' "$output" 'mknod with options'
	run bash_complete 'devtool mknod --root=/tmp -nf 8:8 /dev/x c m'
	assert_same_set 'mem misc' "$output" 'mknod with --root= and -nf'
}

@test "bash: the driver names offered are the ones mknod takes" {
	has_verb mknod || fail "the binary has no verb 'mknod'"
	need_bash_completion
	local name
	run bash_complete 'devtool mknod /dev/x c '
	for name in $output; do
		run "$DEVTOOL" mknod -n "$BATS_TEST_TMPDIR/node" c "$name" 1
		assert_success
	done
}

@test "bash: devices offers driver names, by -c and -b" {
	has_verb devices || fail "the binary has no verb 'devices'"
	need_bash_completion
	run bash_complete 'devtool devices '
	assert_same_set '/dev/vc/0 mem tty misc usb_device zzchar loop sd blkext' \
	    "$output" devices
	run bash_complete 'devtool devices -b '
	assert_same_set 'loop sd blkext' "$output" 'devices -b'
	run bash_complete 'devtool devices --char '
	assert_same_set '/dev/vc/0 mem tty misc usb_device zzchar' "$output" 'devices --char'
}

@test "bash: list -o and make -o offer every dialect the binary writes, apply -i those it reads" {
	need_bash_completion
	run bash_complete 'devtool list -o '
	assert_same_set "$(registry_dialects)" "$output" 'list -o'
	run bash_complete 'devtool make -o '
	assert_same_set "$(registry_dialects)" "$output" 'make -o'
	run bash_complete 'devtool apply -i '
	assert_same_set "$(registry_dialects read)" "$output" 'apply -i'
	run bash_complete 'devtool diff -o '
	assert_same_set "$(registry_dialects read)" "$output" 'diff -o'
	run bash_complete 'devtool apply --input=j'
	assert_output json
	run bash_complete 'devtool list --output=t'
	assert_output tmpfiles
	local f
	mkdir "$BATS_TEST_TMPDIR/empty" "$BATS_TEST_TMPDIR/r"
	for f in $(registry_dialects); do
		run "$DEVTOOL" list -o "$f" "$BATS_TEST_TMPDIR/empty"
		assert_success
		run "$DEVTOOL" make -o "$f" fuse
		assert_success
	done
	for f in $(registry_dialects read); do
		run "$DEVTOOL" apply -n -i "$f" --root "$BATS_TEST_TMPDIR/r" /dev/null
		assert_success
	done
}

@test "bash: apply -i offers the input dialects the binary takes" {
	need_bash_completion
	run bash_complete 'devtool apply -i '
	assert_same_set "$(registry_dialects read)" "$output" 'apply -i'
	run bash_complete 'devtool apply --input=g'
	assert_output gen_init_cpio
	local f
	printf '#mtree\n' >"$BATS_TEST_TMPDIR/t"
	for f in makedevs tmpfiles mtree gen_init_cpio pseudo; do
		run "$DEVTOOL" apply -i "$f" --archive "$BATS_TEST_TMPDIR/$f.cpio" "$BATS_TEST_TMPDIR/t"
		assert_success
	done
}

@test "bash: --root and --users-from offer directories, PATH and TABLE offer files" {
	need_bash_completion
	mkdir -p "$BATS_TEST_TMPDIR/t/rootdir"
	touch "$BATS_TEST_TMPDIR/t/table"
	cd "$BATS_TEST_TMPDIR/t"
	run bash_complete 'devtool mknod --root '
	assert_output rootdir
	run bash_complete 'devtool list --root r'
	assert_output rootdir
	run bash_complete 'devtool apply t'
	assert_output table
	run bash_complete 'devtool mknod ta'
	assert_output table
	run bash_complete 'devtool list ro'
	assert_output rootdir
	run bash_complete 'devtool apply --users-from '
	assert_output rootdir
	run bash_complete 'devtool mknod --users-from rootdir ta'
	assert_output table
}

@test "bash: -u offers users and -g groups" {
	need_bash_completion
	run bash_complete 'devtool mknod -u roo'
	assert_output root
	run bash_complete 'devtool mknod --group=roo'
	assert_output root
}

@test "bash: numbers are not completed" {
	need_bash_completion
	run bash_complete 'devtool encode '
	assert_output ''
	run bash_complete 'devtool decode -f linux 3'
	assert_output ''
	run bash_complete 'devtool mknod --count '
	assert_output ''
}

# ---- fish -------------------------------------------------------------

fish_complete() {
	fish --no-config -c 'source $argv[1]; complete -C $argv[2]' \
	    "$COMPDIR/devtool.fish" "$1" | cut -f1
}

need_fish() {
	command -v fish >/dev/null || skip "fish is not installed"
}

@test "fish: the script parses" {
	need_fish
	run fish --no-execute "$COMPDIR/devtool.fish"
	assert_success
}

@test "fish: verbs first, and a prefix completes to its verb" {
	need_fish
	run fish_complete 'devtool '
	assert_success
	assert_subset "$(binary_verbs)" "$output" 'fish verbs'
	assert_same_set 'encode decode convert explain formats mknod devices list apply make diff help' \
	    "$output" 'fish verbs'
	run fish_complete 'devtool enc'
	assert_output encode
	run fish_complete 'devtool -'
	assert_same_set '-q --quiet -h --help -V --version' "$output" 'fish global options'
}

@test "fish: every option of every verb of devtool --help is offered" {
	need_fish
	local verb long
	while IFS= read -r verb; do
		long=$(binary_long_options "$verb")
		run fish_complete "devtool $verb --"
		assert_subset "$long" "$output" "fish devtool $verb --"
		assert_subset "$output" "$long" "binary's devtool $verb (extra fish completions)"
		run fish_complete "devtool $verb -"
		assert_subset "$(binary_short_options "$verb")" "$output" "fish devtool $verb -"
	done < <(binary_verbs)
}

@test "fish: layout names after -f, -t and --check" {
	need_fish
	run fish_complete 'devtool encode -f '
	assert_same_set "$LAYOUTS" "$output" 'fish encode -f'
	run fish_complete 'devtool convert -t '
	assert_same_set "$LAYOUTS" "$output" 'fish convert -t'
	run fish_complete 'devtool list --check '
	assert_same_set "$LAYOUTS $STORAGE kernel" "$output" 'fish list --check'
	run fish_complete 'devtool explain -f 16'
	assert_output 16:16
}

@test "fish: mknod types, then driver names by type; devices; list -o and make -o" {
	need_fish
	run fish_complete 'devtool mknod /dev/x '
	assert_same_set 'c u b p' "$output" 'fish mknod TYPE'
	run fish_complete 'devtool mknod /dev/x c '
	assert_same_set '/dev/vc/0 mem tty misc usb_device zzchar' "$output" 'fish mknod PATH c'
	run fish_complete 'devtool mknod -m 600 -g disk /dev/x b '
	assert_same_set 'loop sd blkext' "$output" 'fish mknod PATH b'
	run fish_complete 'devtool devices -b '
	assert_same_set 'loop sd blkext' "$output" 'fish devices -b'
	run fish_complete 'devtool list -o '
	assert_same_set "$(registry_dialects)" "$output" 'fish list -o'
	run fish_complete 'devtool make -o '
	assert_same_set "$(registry_dialects)" "$output" 'fish make -o'
	run fish_complete 'devtool apply -i '
	assert_same_set "$(registry_dialects read)" "$output" 'fish apply -i'
	run fish_complete 'devtool diff -o '
	assert_same_set "$(registry_dialects read)" "$output" 'fish diff -o'
}

@test "fish: files where paths go, none where numbers go" {
	need_fish
	mkdir -p "$BATS_TEST_TMPDIR/t/rootdir"
	touch "$BATS_TEST_TMPDIR/t/table"
	cd "$BATS_TEST_TMPDIR/t"
	run fish_complete 'devtool apply t'
	assert_output table
	run fish_complete 'devtool mknod ta'
	assert_output table
	run fish_complete 'devtool encode 1 '
	assert_output ''
	run fish_complete 'devtool mknod --root r'
	assert_output rootdir/
	run fish_complete 'devtool apply --users-from r'
	assert_output rootdir/
	run fish_complete 'devtool mknod --users-from rootdir ta'
	assert_output table
}

@test "bash and fish: a FIFO as DEVTOOL_PROC_DEVICES offers no driver names and does not block" {
	need_bash_completion
	mkfifo "$BATS_TEST_TMPDIR/fifo"
	export DEVTOOL_PROC_DEVICES=$BATS_TEST_TMPDIR/fifo BASH_COMPLETION COMPDIR
	export -f bash_complete fish_complete
	# timeout: reading the FIFO waited forever for a writer (120 s: a
	# busy machine may take more than 10 to start bash-completion)
	run timeout 120 bash -c 'bash_complete "devtool mknod /dev/x c "'
	assert_success
	assert_output ''
	command -v fish >/dev/null || return 0
	run timeout 120 bash -c 'fish_complete "devtool mknod /dev/x c "'
	assert_success
	assert_output ''
}

# ---- zsh --------------------------------------------------------------

need_zsh() {
	command -v zsh >/dev/null || skip "zsh is not installed"
}

@test "zsh: the function parses (zsh -n)" {
	need_zsh
	run zsh -n "$COMPDIR/_devtool"
	assert_success
	assert_output ''
	run head -1 "$COMPDIR/_devtool"
	assert_output '#compdef devtool'
}

@test "zsh: compinit in a non-interactive zsh binds _devtool to devtool" {
	need_zsh
	run zsh -f -c 'fpath=("$1" $fpath)
		autoload -Uz compinit && compinit -u -D || exit 3
		print -r -- "$_comps[devtool]"
		autoload -Uz +X _devtool && whence -w _devtool' zsh "$COMPDIR"
	assert_success
	assert_line -n 0 _devtool
	assert_line -n 1 '_devtool: function'
}

# zsh_complete LINE: the matches zsh's completion system adds for the
# cursor at the end of LINE, sorted, one per line; drives an interactive
# zsh on a pseudo-terminal with zsh/zpty and records every compadd.
zsh_complete() {
	local script=$BATS_TEST_TMPDIR/zsh-complete.zsh
	cat >"$script" <<-'EOF'
	# zsh -f zsh-complete.zsh FPATHDIR LINE OUTFILE
	zmodload zsh/zpty || exit 77
	out=$3
	: >$out
	zpty z zsh -f -i || exit 77
	zpty -w z "PS1=; PROMPT=; RPROMPT=; unsetopt zle_bracketed_paste 2>/dev/null"
	zpty -w z "fpath=(${(q)1} \$fpath); autoload -Uz compinit; compinit -u -D"
	# Every compadd also records the matches it adds (after matching).
	zpty -w z "compadd() { if [[ \${@[1,(i)(-|--)]} == *-(O|A|D)\\ * ]]; then builtin compadd \"\$@\"; return; fi; local -a __m; builtin compadd -A __m \"\$@\"; (( \$#__m )) && print -rl -- \$__m >>${(q)out}; builtin compadd \"\$@\"; }"
	zpty -w z "__done() { print -r -- __DONE__ >>${(q)out}; }; comppostfuncs=(__done)"
	zpty -w z "zstyle ':completion:*' insert-tab false; bindkey '^I' complete-word"
	zpty -w -n z "$2"$'\t'
	# __DONE__ comes last: waited for up to 120 s (a busy machine)
	end=$((SECONDS + 120))
	until grep -q __DONE__ $out 2>/dev/null || ((SECONDS > end)); do
		sleep 0.05
	done
	zpty -d z
	grep -q __DONE__ $out || exit 78
	grep -v __DONE__ $out | sed 's/\\//g' | sort -u
	EOF
	zsh -f "$script" "$COMPDIR" "$1" "$BATS_TEST_TMPDIR/zsh-matches"
}

need_zpty() {
	need_zsh
	zsh -f -c 'zmodload zsh/zpty' 2>/dev/null || skip "zsh has no zsh/zpty"
}

@test "zsh: verbs, and a prefix completes to its verb" {
	need_zpty
	run zsh_complete 'devtool '
	assert_success
	assert_subset "$(binary_verbs)" "$output" 'zsh verbs'
	assert_same_set 'encode decode convert explain formats mknod devices list apply make diff help' \
	    "$output" 'zsh verbs'
	run zsh_complete 'devtool enc'
	assert_output encode
}

@test "zsh: every long option of every verb of devtool --help is offered" {
	need_zpty
	local verb long
	while IFS= read -r verb; do
		long=$(binary_long_options "$verb")
		run zsh_complete "devtool $verb --"
		assert_success
		assert_subset "$long" "$output" "zsh devtool $verb --"
		assert_subset "$output" "$long" "binary's devtool $verb (extra zsh completions)"
	done < <(binary_verbs)
}

@test "zsh: layout names after -f; driver names after mknod PATH c" {
	need_zpty
	run zsh_complete 'devtool encode -f '
	assert_success
	assert_same_set "$LAYOUTS" "$output" 'zsh encode -f'
	run zsh_complete 'devtool mknod /dev/x '
	assert_same_set 'c u b p' "$output" 'zsh mknod TYPE'
	run zsh_complete 'devtool mknod /dev/x c '
	assert_same_set '/dev/vc/0 mem tty misc usb_device zzchar' "$output" 'zsh mknod PATH c'
	run zsh_complete 'devtool mknod -m 0600 /dev/x b '
	assert_same_set 'loop sd blkext' "$output" 'zsh mknod PATH b'
	run zsh_complete 'devtool list -o '
	assert_same_set "$(registry_dialects)" "$output" 'zsh list -o'
	run zsh_complete 'devtool make -o '
	assert_same_set "$(registry_dialects)" "$output" 'zsh make -o'
	run zsh_complete 'devtool apply -i '
	assert_same_set "$(registry_dialects read)" "$output" 'zsh apply -i'
	run zsh_complete 'devtool diff -o '
	assert_same_set "$(registry_dialects read)" "$output" 'zsh diff -o'
	run zsh_complete 'devtool list --check='
	assert_same_set "$LAYOUTS $STORAGE kernel" "$output" 'zsh list --check='
}

@test "bash, zsh and fish complete make's groups and names" {
	run bash_complete 'devtool make st'
	assert_same_set 'std st st0' "$output" 'make st'
	# each name once
	run bash_complete 'devtool make con'
	assert_output "console
consoleonly"
	run bash_complete 'devtool make -C /tmp gen'
	assert_output generic
	grep -q "'\*:device name or group:(std generic console" "$BATS_TEST_DIRNAME/../completions/_devtool"
	run fish_complete 'devtool make con'
	assert_same_set 'console consoleonly' "$output" 'fish make con'
}

# The verbs, the verbs after help (devtool-help(1)) and make's names:
# each offered once, by every shell.
@test "bash, zsh and fish offer each verb once, after devtool and after devtool help, and each of make's names once" {
	local verbs shell out
	verbs=$(binary_verbs | sort)
	for shell in bash fish zsh; do
		case $shell in
		bash) need_bash_completion ;;
		fish) need_fish ;;
		zsh) need_zpty ;;
		esac
		for line in 'devtool ' 'devtool help '; do
			out=$("${shell}_complete" "$line") || fail "$shell: '$line' failed"
			assert_equal "$(sort <<<"$out")" "$verbs"
		done
		out=$("${shell}_complete" 'devtool make ') || fail "$shell: make failed"
		[[ $(wc -l <<<"$out") -gt 50 ]] || fail "$shell: make offers $(wc -l <<<"$out") names"
		assert_equal "$(sort <<<"$out" | uniq -d)" ""
	done
}

@test "bash: apply -i and list -o offer the dialects --help lists, which come from the registry" {
	need_bash_completion
	local names
	# apply --help: "read every table as one of NAME, NAME, ... (default: detected)"
	names=$("$DEVTOOL" apply --help | tr '\n' ' ' | tr -s ' ' |
	    sed -n 's/.*read every table as one of \(.*\) (default: detected).*/\1/p' | tr -d ',')
	[ -n "$names" ] || fail "apply --help lists no dialect"
	assert_same_set "$names" "$(registry_dialects read)" 'formats --dialects, READ yes'
	run bash_complete 'devtool apply -i '
	assert_same_set "$names" "$output" 'apply -i'
	run bash_complete 'devtool list -o '
	assert_same_set "$names $(registry_dialects written)" "$output" 'list -o'
	local n
	for n in $names; do
		"$DEVTOOL" list --help | tr '\n' ' ' | tr -s ' ' | grep -q -- "[ (]$n[,;)]" ||
		    fail "list --help does not name $n"
		"$DEVTOOL" make --help | tr '\n' ' ' | tr -s ' ' | grep -q -- "[ (]$n[,;)]" ||
		    fail "make --help does not name $n"
	done
}
