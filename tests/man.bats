#!/usr/bin/env bats
# The manual: devtool(1), man/devtool.1, the overview, and a page per
# verb, man/devtool-VERB.1: lint-clean mdoc, and a description of every
# verb and global option that the binary has (every verb's options:
# consistency.bats).  The verbs and options are read from the binary's
# own --help, so that the checks follow the binary as verbs and options
# are added.

load test_helper

# DEVTOOL_MAN may name another devtool(1) (an installed one, say); the
# verbs' pages are beside it.
MAN=${DEVTOOL_MAN:-$BATS_TEST_DIRNAME/../man/devtool.1}
MANDIR=$(dirname "$MAN")

setup() {
	helper_setup
	[[ -r $MAN ]] || fail "no manual page at $MAN"
	command -v mandoc >/dev/null || skip "mandoc is not installed"
}

# The page as plain text, one paragraph line per source paragraph (no
# wrapping), overstrike removed.  Sections start in column 0, subsections
# in column 3.  Rendered once for the file (the tests read it hundreds of
# times; the page does not change while they run).
rendered() {
	local cache=$BATS_FILE_TMPDIR/rendered
	if [[ ! -e $cache ]]; then
		mandoc -Tascii -O width=1000 "$MAN" | sed 's/.\x08//g' >"$cache.new" &&
			mv "$cache.new" "$cache" || return
	fi
	cat "$cache"
}

# The text of a section (NAME) or subsection ("   NAME") of the page.
section() {
	local heading=$1
	rendered | awk -v h="$heading" '
	    $0 == h { on = 1; next }
	    on && /^(   )?[^ ]/ { exit }
	    on { print }'
}

# The rendered page of VERB, devtool-VERB(1), as rendered renders
# devtool(1); and the text of one of its sections.
verb_page() {
	local cache=$BATS_FILE_TMPDIR/rendered-$1
	[[ -r $MANDIR/devtool-$1.1 ]] || fail "no page $MANDIR/devtool-$1.1"
	if [[ ! -e $cache ]]; then
		mandoc -Tascii -O width=1000 "$MANDIR/devtool-$1.1" |
			sed 's/.\x08//g' >"$cache.new" && mv "$cache.new" "$cache" || return
	fi
	cat "$cache"
}
verb_section() {
	verb_page "$1" | awk -v h="$2" '
	    $0 == h { on = 1; next }
	    on && /^[^ ]/ { exit }
	    on { print }'
}

# Whether TEXT (on stdin) mentions OPTION as a word of its own.  (In
# bash, without a process: the tests ask it hundreds of times.  A newline
# is a character that is not part of a word, as the start and the end.)
mentions() {
	local opt=$1 text re
	[[ $opt =~ ^[-A-Za-z0-9]+$ ]] || fail "mentions: not an option: $opt"
	IFS= read -r -d '' text || :
	re="(^|[^A-Za-z0-9-])${opt}([^A-Za-z0-9-]|\$)"
	[[ $text =~ $re ]]
}

@test "man: mandoc -Tlint -Wwarning prints nothing, for devtool(1) and every verb's page" {
	local page n=0
	for page in "$MAN" "$MANDIR"/devtool-*.1; do
		n=$((n + 1))
		run --separate-stderr mandoc -Tlint -Wwarning "$page"
		assert_success
		assert_output ''
		[[ -z $stderr ]] || fail "mandoc: $page: $stderr"
	done
	((n >= 13)) || fail "only $n pages"
}

# A quotation mark opened is closed in every page, as rendered: each
# paragraph's single and double quotes pair up (mdoc's Ql, Sq, Dq, Qq).
@test "man: every page's quotes pair up, paragraph by paragraph, as rendered" {
	local page n=0
	for page in "$MAN" "$MANDIR"/devtool-*.1; do
		n=$((n + 1))
		run bash -c 'mandoc -Tutf8 "$1" | sed "s/.\x08//g" | awk -v page="$1" "
		    function check() {
			if (gsub(/‘/, \"&\", p) != gsub(/’/, \"&\", p) ||
			    gsub(/“/, \"&\", p) != gsub(/”/, \"&\", p))
				print page \": \" substr(p, 1, 200)
			p = \"\"
		    }
		    /^ *\$/ { check(); next } { p = p \" \" \$0 } END { check() }"' sh "$page"
		assert_success
		assert_output ''
	done
	((n >= 13)) || fail "only $n pages"
}

@test "man: the page renders, with the sections an integrator looks for" {
	local text h
	text=$(rendered)
	for h in NAME SYNOPSIS DESCRIPTION LAYOUTS NUMBERS STREAMS \
	    'DEVICE TABLES' ENVIRONMENT FILES 'EXIT STATUS' EXAMPLES \
	    DIAGNOSTICS 'SEE ALSO' STANDARDS HISTORY; do
		grep -qx -- "$h" <<<"$text" || fail "no section $h"
	done
}

@test "man: every verb of devtool --help has its page, devtool-VERB(1), with its sections in order, listed and cross-referenced by devtool(1)" {
	local verb n=0 verbs see want
	verbs=$(section '   Verbs')
	see=$(section 'SEE ALSO')
	want=$'NAME\nSYNOPSIS\nDESCRIPTION\nOPTIONS\nEXIT STATUS\nEXAMPLES\nSEE ALSO'
	while IFS= read -r verb; do
		n=$((n + 1))
		assert_equal "$(verb_page "$verb" | grep -E '^[A-Z]' | sed 1d | sed '$d')" "$want"
		[[ $(verb_section "$verb" NAME) == "     devtool-$verb - "?* ]] ||
			fail "devtool-$verb(1): NAME is $(verb_section "$verb" NAME)"
		verb_section "$verb" SYNOPSIS | grep -Eq -- "^ +devtool (\[-q\] )?$verb( |\$)" ||
			fail "devtool-$verb(1): SYNOPSIS has no line for $verb"
		verb_section "$verb" 'SEE ALSO' | grep -q 'devtool(1)' ||
			fail "devtool-$verb(1): SEE ALSO lacks devtool(1)"
		# at least two commands in EXAMPLES
		(($(verb_section "$verb" EXAMPLES | grep -cE '^ +[$#] ') >= 2)) ||
			fail "devtool-$verb(1): fewer than two examples"
		grep -q -- "devtool-$verb(1)" <<<"$verbs" ||
			fail "devtool(1) Verbs does not list devtool-$verb(1)"
		grep -q -- "devtool-$verb(1)" <<<"$see" ||
			fail "devtool(1) SEE ALSO lacks devtool-$verb(1)"
	done < <(binary_verbs)
	((n >= 12)) || fail "devtool --help listed only $n verbs"
	# and no page of a verb the binary lacks
	for want in "$MANDIR"/devtool-*.1; do
		want=${want##*/devtool-}
		has_verb "${want%.1}" || fail "a page for no verb: devtool-$want"
	done
}

@test "man: the global options of devtool --help are documented" {
	local text opt
	text=$(section "   Global options")
	[[ -n $text ]] || fail "no subsection 'Global options'"
	for opt in $("$DEVTOOL" --help | sed -n 1p | grep -oE -- '--?[a-zA-Z][a-z-]*'); do
		mentions "$opt" <<<"$text" || fail "global option $opt is not documented"
	done
	mentions -V <<<"$text" || fail "-V is not documented"
	mentions -h <<<"$text" || fail "-h is not documented"
}

# (Every option of every verb of devtool --help is in the page, in the
# verb's subsection or among the common options: consistency.bats, with
# the completions.)

@test "man: the verbs of the specification are documented with their options" {
	# What the page promises even before the binary has it (devtool(1)'s
	# verbs).
	local spec verb opts opt text
	spec='mknod:-m --mode -u --owner -g --group -r --replace -p --parents -n --dry-run -v --verbose --root -f --format --strict --count --start --step
devices:-c --char -b --block --json
list:-o --output --check --dirs --root
apply:--root -r --replace -n --dry-run -v --verbose'
	while IFS=: read -r verb opts; do
		text=$(verb_section "$verb" DESCRIPTION; verb_section "$verb" OPTIONS)
		[[ -n $text ]] || fail "no page devtool-$verb(1)"
		for opt in $opts; do
			mentions "$opt" <<<"$text" || fail "devtool $verb: $opt is not documented"
		done
	done <<<"$spec"
}

@test "man: every layout and alias of devtool formats is in LAYOUTS" {
	local text name n=0
	text=$(section LAYOUTS)
	while IFS= read -r name; do
		n=$((n + 1))
		grep -qF -- "$name" <<<"$text" || fail "layout $name is not in LAYOUTS"
	done < <("$DEVTOOL" formats --json | grep -oE '"(name|aliases)":("[^"]*"|\[[^]]*\])' |
		sed -E 's/^"[a-z]+"://' | tr -d '[]"' | tr ',' '\n' | sed '/^$/d')
	((n >= 10)) || fail "devtool formats --json listed only $n names"
}

@test "man: every environment variable the sources read is in ENVIRONMENT" {
	local text var n=0
	text=$(section ENVIRONMENT)
	for var in $(grep -ohE '(get|unset)env\("[A-Z_]+"\)' "$BATS_TEST_DIRNAME"/../src/*.c "$BATS_TEST_DIRNAME"/../src/*/*.c |
		sed -E 's/.*"([A-Z_]+)".*/\1/' | sort -u); do
		n=$((n + 1))
		grep -qE -- "(^| )$var( |,|\$)" <<<"$text" || fail "$var is not in ENVIRONMENT"
	done
	((n >= 2)) || fail "found only $n environment variables in src/"
	for var in DEVTOOL_FORMAT DEVTOOL_PROC_DEVICES DEVTOOL_RESOLVE POSIXLY_CORRECT; do
		grep -qE -- "(^| )$var( |,|\$)" <<<"$text" || fail "$var is not in ENVIRONMENT"
	done
}

@test "man: EXIT STATUS describes 0, 1 and 2" {
	local text
	text=$(section 'EXIT STATUS')
	for s in 0 1 2; do
		grep -qE "^ +$s +[A-Z]" <<<"$text" || fail "no entry for exit status $s"
	done
}

@test "man: SEE ALSO names the related pages" {
	local text ref
	text=$(section 'SEE ALSO')
	for ref in 'mknod(1)' 'mknod(2)' 'makedev(3)' 'stat(1)' \
	    'systemd-tmpfiles(8)' 'tmpfiles.d(5)'; do
		grep -qF -- "$ref" <<<"$text" || fail "SEE ALSO lacks $ref"
	done
}

@test "man: the examples print what the page shows" {
	# Every "$ devtool ..." line of EXAMPLES that is followed by output is
	# run (unless the binary lacks its verb); its standard output must be
	# the page's lines that do not belong to its standard error (messages
	# may be folded on the page).
	local fixture=$BATS_TEST_TMPDIR/proc-devices bin
	printf 'Character devices:\n  1 mem\n 10 misc\n\nBlock devices:\n  8 sd\n' >"$fixture"
	bin=$BATS_TEST_TMPDIR/bin
	mkdir -p "$bin"
	ln -s "$DEVTOOL" "$bin/devtool"

	local dir=$BATS_TEST_TMPDIR/examples n=0 f cmd out err want line msg
	mkdir -p "$dir"
	# (every page's EXAMPLES: each page begins with .Sh NAME, which ends
	# the EXAMPLES of the one before)
	sed 's/\\e/\\/g' "$MAN" "$MANDIR"/devtool-*.1 | awk -v dir="$dir" '
	    function flush() {
	        if (cmd != "" && out != "") {
	            n++
	            print cmd > (dir "/" n ".cmd"); close(dir "/" n ".cmd")
	            print out > (dir "/" n ".out"); close(dir "/" n ".out")
	        }
	        cmd = ""; out = ""
	    }
	    /^\.Sh EXAMPLES/ { ex = 1; next }
	    /^\.Sh / { ex = 0 }
	    ex && /^\.Bd -literal/ { lit = 1; next }
	    ex && /^\.Ed/ { flush(); lit = 0; next }
	    lit && /^\$ devtool / { flush(); cmd = substr($0, 3); next }
	    lit && /^[$#] / { flush(); next }
	    lit && cmd != "" { out = out (out == "" ? "" : "\n") $0 }'
	for f in "$dir"/*.cmd; do
		[[ -e $f ]] || break
		cmd=$(<"$f")
		want=$(<"${f%.cmd}.out")
		if [[ $cmd == *jq* ]] && ! command -v jq >/dev/null; then
			continue
		fi
		[[ $cmd =~ devtool\ ([a-z]+) ]] || continue
		has_verb "${BASH_REMATCH[1]}" ||
			fail "an example uses a verb the binary lacks: $cmd"
		n=$((n + 1))
		out=$(cd "$BATS_TEST_TMPDIR" && PATH=$bin:$PATH \
			DEVTOOL_PROC_DEVICES=$fixture bash -c "$cmd" 2>"$BATS_TEST_TMPDIR/err") || true
		err=$(tr '\n' ' ' <"$BATS_TEST_TMPDIR/err" | tr -s ' ')
		local got=()
		while IFS= read -r line; do
			msg=$(sed -E 's/^ +//; s/ +$//' <<<"$line")
			if [[ -n $msg && $err == *"$msg"* &&
			    $line != "$(sed -n "$((${#got[@]} + 1))p" <<<"$out")" ]]; then
				continue	# a line of the message on stderr, maybe folded
			fi
			got+=("$line")
		done <<<"$want"
		[[ $(printf '%s\n' "${got[@]}") == "$out" ]] ||
			fail "\$ $cmd"$'\n'"page shows:"$'\n'"$want"$'\n'"binary prints:"$'\n'"$out"$'\n'"stderr: $err"
	done
	((n >= 8)) || fail "found only $n examples with output"
}

@test "man: SECURITY states the threat model and what devtool guarantees against it" {
	local text t
	text=$(section SECURITY | tr -s ' \n\t' ' ')
	[[ -n $text ]] || fail "no section SECURITY"
	for t in 'hostile user with write access to any directory inside --root' \
	    'Private temporaries' '.devtool.pid.n' 'mode 0700' 'O_NOFOLLOW' \
	    'RENAME_NOREPLACE' 'No chmod by name' '/proc/self/fd' 'fchmodat2()' \
	    'No replacing without RENAME_EXCHANGE' 'Confined resolution' \
	    'Moved directories' 'moved out of --root' "A killed run's leftovers" \
	    'no longer runs' 'list never reports them' 'The lock' 'flock(2)'; do
		[[ $text == *"$t"* ]] || fail "SECURITY does not say '$t'"
	done
	[[ $(section FILES) == *"/run/devtool.lock"* ]] || fail "FILES does not name /run/devtool.lock"
	[[ $(section ENVIRONMENT) == *XDG_RUNTIME_DIR* ]] || fail "ENVIRONMENT does not name XDG_RUNTIME_DIR"
}
