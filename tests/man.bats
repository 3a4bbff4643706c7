#!/usr/bin/env bats
# The manual page, man/devtool.1: lint-clean mdoc, and a description of
# every verb and global option that the binary has (every verb's options:
# consistency.bats).  The verbs and options are read from the binary's
# own --help, so that the checks follow the binary as verbs and options
# are added.

load test_helper

# DEVTOOL_MAN may name another page (an installed one, say).
MAN=${DEVTOOL_MAN:-$BATS_TEST_DIRNAME/../man/devtool.1}

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

@test "man: mandoc -Tlint -Wwarning prints nothing" {
	run --separate-stderr mandoc -Tlint -Wwarning "$MAN"
	assert_success
	assert_output ''
	[[ -z $stderr ]] || fail "mandoc: $stderr"
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

@test "man: every verb of devtool --help has a subsection and a SYNOPSIS line" {
	local verb synopsis n=0
	synopsis=$(section SYNOPSIS)
	while IFS= read -r verb; do
		n=$((n + 1))
		rendered | grep -qx -- "   devtool $verb" ||
			fail "no subsection 'devtool $verb'"
		grep -Eq -- "devtool (\[-q\] )?$verb( |\$)" <<<"$synopsis" ||
			fail "SYNOPSIS has no line for $verb"
	done < <(binary_verbs)
	((n >= 5)) || fail "devtool --help listed only $n verbs"
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
		text=$(section "   devtool $verb")
		[[ -n $text ]] || fail "no subsection 'devtool $verb'"
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
	sed 's/\\e/\\/g' "$MAN" | awk -v dir="$dir" '
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
