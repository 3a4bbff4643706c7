#!/usr/bin/env bats
# newdialect.bats - a dialect is one file and one line (docs/DESIGN.md,
# "How to add a dialect"): a copy of the tree gets the skeleton
# (src/dialects/skeleton.c.template) as src/dialects/throwaway.c and
# X(throwaway) in dialect.h's DIALECTS, nothing else; it builds, --help
# of apply, list and make names it, the bash, zsh and fish completions
# offer it, it passes the conversion property (tests/unit_convert) and a
# list | apply | list round trip, and the conversion fuzzer links and runs
# it.  Minutes of compiling: a make check-all suite.

load test_helper

TOP=$(cd "$BATS_TEST_DIRNAME/.." && pwd)

setup_file() {
	export COPY=$BATS_FILE_TMPDIR/tree
	mkdir -p "$COPY"
	(cd "$TOP" && git ls-files -z | tar --null -T - -cf -) |
	    (cd "$COPY" && tar -xf -) || return 1
	sed 's/NAME/throwaway/g' "$COPY/src/dialects/skeleton.c.template" \
	    >"$COPY/src/dialects/throwaway.c" || return 1
	sed -i 's/X(json) X(oci) \\$/X(json) X(oci) X(throwaway) \\/' \
	    "$COPY/src/dialects/dialect.h" || return 1
	grep -q 'X(throwaway)' "$COPY/src/dialects/dialect.h" || return 1
	make -C "$COPY" -j2 devtool tests/unit_convert >"$BATS_FILE_TMPDIR/build.log" 2>&1
}

setup() {
	DEVTOOL=$COPY/devtool
	helper_setup
}

@test "new dialect: one file and one registry line build, and --help of apply, list and make names it" {
	[[ -x $COPY/devtool ]] || fail "the copy did not build: $(tail -n 20 "$BATS_FILE_TMPDIR/build.log")"
	local v
	for v in apply list make; do
		"$DEVTOOL" "$v" --help | tr '\n' ' ' | tr -s ' ' |
		    grep -q -- '[ (]throwaway[,;) ]' || fail "$v --help does not name it"
	done
	run --separate-stderr devtool formats --dialects
	assert_line --regexp '^throwaway +yes$'
}

@test "new dialect: bash, zsh and fish complete it after list -o, make -o and apply -i" {
	mkdir bin && ln -s "$DEVTOOL" bin/devtool
	PATH=$PWD/bin:$PATH
	local bc=${BASH_COMPLETION:-/usr/share/bash-completion/bash_completion}
	run bash --norc --noprofile -c 'source "$1"; source "$2"
	    COMP_WORDS=(devtool apply -i thr); COMP_CWORD=3
	    COMP_LINE="devtool apply -i thr"; COMP_POINT=${#COMP_LINE}
	    _devtool devtool thr -i; printf "%s\n" "${COMPREPLY[@]}"' \
	    bash "$bc" "$COPY/completions/devtool.bash"
	assert_output throwaway
	run fish --no-config -c 'source $argv[1]; complete -C "devtool list -o thr"' \
	    "$COPY/completions/devtool.fish"
	assert_output --regexp '^throwaway'
	# the zsh function the -o and -i actions call, with compsys's
	# _wanted and compadd reduced to printing what is offered
	run zsh -f -c 'eval "$(sed -n "/^(( \$+functions\[__devtool_dialects\] ))/,/^}/p" "$1")"
	    _wanted() { shift 3; "$@"; }
	    compadd() { [[ $1 == -a ]] && print -rl -- ${(P)2}; }
	    __devtool_dialects read' zsh "$COPY/completions/_devtool"
	assert_line throwaway
	assert_line makedevs
}

@test "new dialect: the conversion property holds for it with every other, and list | apply | list carries a tree" {
	run "$COPY/tests/unit_convert"
	assert_success
	assert_line --regexp '^ok [0-9]+ - throwaway -> makedevs -> throwaway'
	assert_line --regexp '^ok [0-9]+ - mtree -> throwaway -> mtree'
	mkdir -p A/dev B
	mkfifo -m 0640 A/dev/fifo
	mknod -m 0600 A/dev/null c 1 3
	mkdir -m 0750 A/dev/d
	run --separate-stderr devtool list --dirs -o throwaway --root A /dev
	assert_success
	printf '%s\n' "$output" >t
	assert_line '/dev/null c 0600 0 0 1 3'
	run --separate-stderr devtool apply -i throwaway --root "$PWD/B" t
	assert_success
	run --separate-stderr devtool list --dirs -o throwaway --root B /dev
	assert_success
	assert_equal "$output" "$(cat t)"
}

@test "new dialect: the conversion fuzzer links it and runs a few seconds without a finding" {
	run env FUZZ_ONLY=convert FUZZ_SECONDS=3 sh "$COPY/fuzz/run.sh"
	assert_success
	assert_output --regexp '^fuzz convert: [0-9]+ execs, .* no findings$'
}
