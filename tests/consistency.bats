#!/usr/bin/env bats
# consistency.bats - one tool: every verb's options, read from its own
# --help, are the same in the manual (devtool(1)), the three completions
# (completions/devtool.bash, _devtool, devtool.fish) and the README's
# examples; every README example runs; the exit status table of
# devtool(1), EXIT STATUS, holds row by row for every verb.

load test_helper

TOP=$BATS_TEST_DIRNAME/..
MAN=$TOP/man/devtool.1
README=$TOP/README.md
COMPDIR=$TOP/completions

# The verbs devtool --help lists, one per line.
listed_verbs() {
	"$DEVTOOL" --help | awk '/^Verbs:/ { f = 1; next }
	    f && /^$/ { exit } f && /^  [a-z]/ { print $1 }'
}

# Every option of `devtool VERB --help`, long and short, one per line.
help_options() {
	local help
	help=$("$DEVTOOL" "$1" --help) || return
	sed -nE 's/^ +(-[^-], )?(--[a-z0-9][a-z0-9-]*).*/\2/p' <<<"$help"
	sed -nE 's/^ +(-[^- ]), --.*/\1/p' <<<"$help"
}

# The rendered DESCRIPTION and OPTIONS of the verb's page, devtool-VERB(1)
# (its OPTIONS end with the common options of devtool(1)).
man_text() {
	[[ -r $TOP/man/devtool-$1.1 ]] || return 0
	mandoc -Tascii -O width=1000 "$TOP/man/devtool-$1.1" | sed 's/.\x08//g' |
	    awk '$0 == "DESCRIPTION" || $0 == "OPTIONS" { on = 1; next }
	    on && /^[^ ]/ { on = 0 } on { print }'
}

# What the bash completion offers after `devtool VERB -`.
bash_offers() {
	bash -c 'source "$1"; _devtool_options "$2"' _ "$COMPDIR/devtool.bash" "$1" |
		tr ' ' '\n'
}

# The zsh completion's block for VERB: from "(VERB)" to its ";;".
zsh_block() {
	awk -v v="($1)" '$1 == v { on = 1 } on { print } on && /;;/ { exit }' \
	    "$COMPDIR/_devtool"
	# the options every verb has, and -f and --strict (the layout verbs)
	awk '/common=\(/ { on = 1 } on { print } on && /^ *\)/ { exit }' \
	    "$COMPDIR/_devtool"
	if "$DEVTOOL" "$1" --help | grep -q -- '--strict'; then
		awk '/layout=\(/ { on = 1 } on { print } on && /^ *\)/ { exit }' \
		    "$COMPDIR/_devtool"
	fi
}

# The fish lines that apply to VERB (named in __devtool_using, or $all).
fish_lines() {
	grep -E "__devtool_using [a-z ]*\\b$1\\b|-n \\\$all " "$COMPDIR/devtool.fish"
	if grep -qE "layout_verbs '__devtool_using [a-z ]*\\b$1\\b" "$COMPDIR/devtool.fish"; then
		grep -F -- '-n $layout_verbs ' "$COMPDIR/devtool.fish"
	fi
}

# Whether the text on stdin names OPT as a word of its own.
names() {
	local opt re
	opt=$(printf '%s' "$1" | sed 's/[][\.*^$?+(){}|/]/\\&/g')
	re="(^|[^A-Za-z0-9-])${opt}([^A-Za-z0-9-]|\$)"
	grep -Eq -- "$re"
}

@test "consistency: every option of every verb's --help is in the man page and in the bash, zsh and fish completions" {
	local verb opt missing=() man bash zsh fish n=0 word fishre nl=$'\n'
	for verb in $(listed_verbs); do
		man=$(man_text "$verb")
		bash=$(bash_offers "$verb")
		zsh=$(zsh_block "$verb")
		fish=$(fish_lines "$verb")
		# a verb without its page or its completions (verbs.h, "How
		# to add a verb", step 4): named once, not option by option
		[[ -n $man ]] || missing+=("man:$verb:no page man/devtool-$verb.1 with DESCRIPTION and OPTIONS")
		[[ -n $bash ]] || missing+=("bash:$verb:no case in _devtool_options")
		awk -v v="($verb)" '$1 == v { f = 1 } END { exit !f }' "$COMPDIR/_devtool" ||
			missing+=("zsh:$verb:no ($verb) block")
		grep -qE "__devtool_using [a-z ]*\\b$verb\\b" "$COMPDIR/devtool.fish" ||
			missing+=("fish:$verb:no __devtool_using $verb line")
		# (bash's own matching: hundreds of options, no process each)
		while IFS= read -r opt; do
			n=$((n + 1))
			[[ $opt =~ ^-[-A-Za-z0-9]+$ ]] || fail "$verb: not an option: $opt"
			# a word of its own: neither letter, digit nor '-' around it
			word="(^|[^A-Za-z0-9-])$opt([^A-Za-z0-9-]|\$)"
			[[ -z $man || $man =~ $word ]] || missing+=("man:$verb:$opt")
			[[ -z $bash || $nl$bash$nl == *"$nl$opt$nl"* ]] || missing+=("bash:$verb:$opt")
			# zsh spells -x as {-x,...} or '-x[...' and --x as --x= or --x[
			[[ $zsh =~ $word ]] || missing+=("zsh:$verb:$opt")
			if [[ $opt == --* ]]; then
				fishre="-l ${opt#--}( |$nl|\$)"
			else
				fishre="-s '?${opt#-}'?( |$nl|\$)"
			fi
			[[ $fish =~ $fishre ]] || missing+=("fish:$verb:$opt")
		done < <(help_options "$verb")
	done
	((n > 60)) || fail "only $n options read from --help"
	((${#missing[@]} == 0)) || fail "not documented or not completed: ${missing[*]}"
}

@test "consistency: -h, --help, --usage, -q on every verb; --json, -o and --json-array wherever JSON is printed" {
	local verb help
	for verb in $(listed_verbs); do
		help=$("$DEVTOOL" "$verb" --help)
		for opt in -h --help --usage -q; do
			names "$opt" <<<"$help" || fail "$verb --help has no $opt"
		done
		if names --json <<<"$help" || grep -q 'json' <<<"$(grep -E '^ +-o,' <<<"$help")"; then
			names --json <<<"$help" || fail "$verb prints JSON without --json"
			names -o <<<"$help" || fail "$verb prints JSON without -o json"
			# devtool(1), JSON output: JSON Lines or one array
			names --json-array <<<"$help" || fail "$verb prints JSON Lines without --json-array"
		fi
	done
}

# The README's examples: "CMD<TAB>command" lines, each followed by the
# "OUT<TAB>line" lines the README shows under it (a command continued on
# the next line, after a pipe, is joined; a comment-only line is not
# output).
readme_examples() {
	python3 - "$README" <<-'PY'
	import re, sys
	text = open(sys.argv[1]).read()
	block = re.search(r"```console\n(.*?)```", text, re.S).group(1)
	examples = []
	for line in block.splitlines():
	    if line.startswith("$ "):
	        examples.append([re.sub(r"\s+#.*$", "", line[2:]).rstrip()])
	    elif re.match(r"^\s+#", line):
	        continue
	    elif re.match(r"^\s+\S", line) and examples[-1][0].endswith("|"):
	        examples[-1][0] += " " + re.sub(r"\s+#.*$", "", line.strip())
	    else:
	        examples[-1].append(line)
	for cmd, *out in examples:
	    print("CMD\t" + cmd)
	    for line in out:
	        print("OUT\t" + line)
	PY
}

@test "consistency: every option a README example gives a verb is one of that verb's --help options" {
	local cmd part verb word opts bad=() n=0 nl=$'\n'
	local -A help=()	# each verb's options, between newlines
	while IFS=$'\t' read -r kind cmd; do
		[[ $kind == CMD ]] || continue
		# each devtool command of a pipeline
		while IFS= read -r part; do
			# a command substitution's options are its command's
			# (decode -f native $(stat -c %r /dev/null))
			part=${part//\$\(*\)/VALUE}
			read -ra w <<<"$part"
			[[ ${w[0]:-} == devtool ]] || continue
			verb=${w[1]}
			if [[ -z ${help[$verb]+set} ]]; then
				opts=$(help_options "$verb") || { bad+=("$verb: no such verb"); continue; }
				help[$verb]=$nl$opts$nl
			fi
			opts=${help[$verb]}
			for word in "${w[@]:2}"; do
				[[ $word == -?* ]] || continue
				[[ $word =~ ^-[0-9] ]] && continue
				word=${word%%=*}
				n=$((n + 1))
				if [[ $word == --* ]]; then
					[[ $opts == *"$nl$word$nl"* ]] || bad+=("$verb $word")
				else
					# a cluster such as -nv: each letter
					for ((i = 1; i < ${#word}; i++)); do
						[[ $opts == *"$nl-${word:i:1}$nl"* ]] ||
							bad+=("$verb -${word:i:1}")
					done
				fi
			done
		done < <(tr '|' '\n' <<<"$cmd" | sed 's/^ *//')
	done < <(readme_examples)
	((n > 30)) || fail "only $n options found in the README examples"
	((${#bad[@]} == 0)) || fail "README options the binary does not have: ${bad[*]}"
}

@test "consistency: the README examples whose output it shows print exactly that" {
	local kind line cmd="" want="" n=0
	check_example() {
		[[ -n $cmd && -n $want ]] || return 0
		n=$((n + 1))
		run bash -c "devtool() { \"\$DEVTOOL\" \"\$@\"; }; $cmd" 2>&1
		assert_equal "$output" "${want%$'\n'}"
	}
	while IFS=$'\t' read -r kind line; do
		if [[ $kind == CMD ]]; then
			check_example
			cmd=$line want=""
		elif [[ $cmd == devtool\ list* ]]; then
			:	# a listing of this machine's /dev: shown in part
		else
			want+=$line$'\n'
		fi
	done < <(readme_examples)
	check_example
	((n >= 8)) || fail "only $n examples with output"
}

# The README's examples that change a system, run in a scratch tree: /mnt
# is under it, and a mknod without --root makes its node there.
@test "consistency: every README example runs (in a scratch tree), each devtool command without error" {
	needs_mknod
	local T=$BATS_TEST_TMPDIR/ex kind line cmd="" want="" n=0
	mkdir -p "$T/mnt/jail" "$T/mnt/base/etc" "$T/host" "$T/mnt/img" \
	    "$T/mnt/newroot" "$T/mnt/chroot"
	cp /etc/passwd /etc/group "$T/mnt/base/etc/"
	cd "$T"
	printf '/dev d 755 0 0\n' | "$DEVTOOL" apply --archive initrd.cpio - 2>/dev/null
	cp initrd.cpio initrd.img
	printf '/dev/null c 666 0 0 1 3\n/dev/ttyS c 660 0 5 4 64 0 1 4\n' >device_table.txt
	printf '/dev/ttyS0 c 660 0 5 4 64\n' >base.txt
	printf '/dev/ttyS0 c 600 0 5 4 64\n' >board.txt
	printf '#!/bin/sh\n' >init
	printf 'dir /dev 0755 0 0\nfile /init init 0755 0 0\n' >initramfs.list
	printf '{"ociVersion":"1.0.2","linux":{"devices":[{"path":"/dev/bundle0","type":"c","major":240,"minor":0,"fileMode":438,"uid":0,"gid":0}]}}\n' >config.json
	run_example() {
		[[ -n $cmd ]] || return 0
		[[ $cmd == bsdtar* ]] && ! command -v bsdtar >/dev/null && return 0
		[[ $cmd == *'| jq'* ]] && ! command -v jq >/dev/null && return 0
		n=$((n + 1))
		cmd=${cmd//\/mnt\//$T\/mnt\/}
		# a node a mknod example makes goes under $T/host, not /dev
		[[ $cmd == 'devtool mknod '* && $cmd != *--root* ]] &&
			cmd="devtool mknod -p --root $T/host ${cmd#devtool mknod }"
		run bash -o pipefail -c "devtool() { \"\$DEVTOOL\" \"\$@\"; }; $cmd" </dev/null
		if [[ $cmd == *'list --check'* ]]; then
			# 1 exactly when it lists a node (a finding)
			[[ $status -eq $([[ -n $output ]] && echo 1 || echo 0) ]] ||
				fail "'$cmd': exit $status with output '${output:0:300}'"
		elif [[ $want == devtool:* ]]; then
			# the README shows the error it gives
			[[ $status -eq 2 ]] || fail "'$cmd': exit $status, the README shows an error"
		else
			[[ $status -eq 0 ]] || fail "'$cmd': exit $status: ${output: -500}"
		fi
	}
	while IFS=$'\t' read -r kind line; do
		if [[ $kind == CMD ]]; then
			run_example
			cmd=$line want=""
		else
			want+=$line$'\n'
		fi
	done < <(readme_examples)
	run_example
	((n >= 30)) || fail "only $n examples ran"
	[[ $(node "$T/host/dev/watchdog") == "character special file 10 130 644 0 0" ]]
}

@test "consistency: a README paragraph that ends with a colon is followed by what it introduces: a code block, a table or a list" {
	run python3 - "$README" <<-'PY'
	import sys
	lines = open(sys.argv[1]).read().split("\n")
	block = False
	for i, l in enumerate(lines):
	    if l.startswith("```"):
	        block = not block
	        continue
	    if block or not l.rstrip().endswith(":") or i + 2 >= len(lines):
	        continue
	    if lines[i + 1] == "" and not lines[i + 2].startswith(("```", "|", "- ", "    ")):
	        print(f"README.md:{i + 1}: {l.strip()} -> {lines[i + 2][:40]}")
	PY
	assert_success
	assert_output ""
}

# The README's install example: what it installs, its uninstall removes
# (the Makefile's uninstall reads the same PREFIX and DESTDIR).
@test "consistency: the README's make uninstall is given the variables of its make install" {
	local inst uninst
	inst=$(sed -nE 's/^make install (([A-Z]+=[^ ]+ ?)+).*/\1/p' "$README")
	uninst=$(sed -nE 's/^make uninstall (([A-Z]+=[^ ]+ ?)+).*/\1/p' "$README")
	[[ -n $inst ]] || fail "no make install example"
	assert_equal "${uninst% }" "${inst% }"
}

@test "consistency: README says what make run shows: every command of the tour is named there" {
	local para verb
	para=$(awk '/^`make run` \(`scripts\/demo.sh`\)/ { on = 1 } on && /^$/ { exit } on' "$README")
	[[ -n $para ]] || fail "README does not say what make run shows"
	while read -r verb; do
		names "$verb" <<<"$para" || fail "the tour runs '$verb', which the README does not name"
	done < <(sed -nE 's/^say "\$D" ([a-z]+).*/\1/p' "$TOP/scripts/demo.sh" | sort -u)
}

# ------------------------------------------------ EXIT STATUS, the table
# (each row of each column is run in exit.bats)

@test "exit status: the man page has one table, two columns (acting, a question), rows 0, 1 and 2, and the README the same" {
	local text readme
	text=$(mandoc -Tascii -O width=1000 "$MAN" | sed 's/.\x08//g' | awk '/^EXIT STATUS/ { on = 1; next } on && /^[A-Z]/ { exit } on')
	grep -qE '^ {5}Status +a verb that acts +a verb that answers a question$' <<<"$text" || fail "no table head"
	grep -qE '^ {5}0 +success +nothing found$' <<<"$text" || fail "no row 0"
	grep -qE '^ {5}1 +an operation failed +a finding$' <<<"$text" || fail "no row 1"
	grep -qE '^ {5}2 +bad usage or bad input +any trouble, never a finding$' <<<"$text" || fail "no row 2"
	assert_equal "$(grep -cE '^ {5}Status ' <<<"$text")" 1
	readme=$(awk '/^## Exit status/ { on = 1; next } on && /^## / { exit } on' "$README")
	grep -qF '| status | a verb that acts | a verb that answers a question |' <<<"$readme" || fail "README: no table head"
	grep -qE '^\| 0 \| success .*\| nothing found \|$' <<<"$readme" || fail "README: no row 0"
	grep -qE '^\| 1 \| an operation failed.*\| a finding \|$' <<<"$readme" || fail "README: no row 1"
	grep -qE '^\| 2 \| bad usage or bad input.*\| any trouble.*\|$' <<<"$readme" || fail "README: no row 2"
	# the verbs that answer a question, the three the man page names
	grep -qE 'Three answer a question: list --check, devices with a name or major, and diff;' <<<"$(tr -s ' \n' '  ' <<<"$text")" ||
		fail "man: not the three questions"
	grep -qF 'answers a question (`list --check`, `devices NAME`, `diff`):' <<<"$(tr -s ' \n' '  ' <<<"$readme")" ||
		fail "README: not the three questions of the man page"
}

# The dialect names the page of VERB gives in the item of OPTION (-o or
# -i) of its OPTIONS, one per line.
man_dialects() {
	awk -v it="^\\\\.It Fl $2 Ar format" '
	    $0 == ".Sh OPTIONS" { f = 1; next } f && /^\.Sh / { exit }
	    f && $0 ~ it { g = 1; next } g && /^\.It / { exit }
	    g && /^\.Cm [a-z]/ { print $2 }' "$TOP/man/devtool-$1.1"
}

@test "consistency: the man page names the registry's dialects (formats --dialects) for list -o, every one, and apply -i, those it reads" {
	local all read
	all=$("$DEVTOOL" formats --dialects | awk 'NR > 1 { print $1 }' | sort)
	read=$("$DEVTOOL" formats --dialects | awk 'NR > 1 && $2 == "yes" { print $1 }' | sort)
	[[ -n $all && -n $read ]] || fail "formats --dialects lists none"
	assert_equal "$(man_dialects list o | sort -u)" "$all"
	assert_equal "$(man_dialects apply i | sort -u)" "$read"
}
