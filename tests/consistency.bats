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

# The rendered subsection "devtool VERB" and "Common options" of the page.
man_text() {
	mandoc -Tascii -O width=1000 "$MAN" | sed 's/.\x08//g' | awk -v a="   devtool $1" \
	    -v b="   Common options" '$0 == a || $0 == b { on = 1; next }
	    on && /^(   )?[^ ]/ { on = 0 } on { print }'
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
	local verb opt missing=() man bash zsh fish n=0
	for verb in $(listed_verbs); do
		man=$(man_text "$verb")
		bash=$(bash_offers "$verb")
		zsh=$(zsh_block "$verb")
		fish=$(fish_lines "$verb")
		[[ -n $man && -n $zsh && -n $fish ]] || fail "$verb: no man subsection or completion block"
		while IFS= read -r opt; do
			n=$((n + 1))
			names "$opt" <<<"$man" || missing+=("man:$verb:$opt")
			grep -qxF -- "$opt" <<<"$bash" || missing+=("bash:$verb:$opt")
			# zsh spells -x as {-x,...} or '-x[...' and --x as --x= or --x[
			names "$opt" <<<"$zsh" || missing+=("zsh:$verb:$opt")
			if [[ $opt == --* ]]; then
				grep -qE -- "-l ${opt#--}( |\$)" <<<"$fish" || missing+=("fish:$verb:$opt")
			else
				grep -qE -- "-s '?${opt#-}'?( |\$)" <<<"$fish" || missing+=("fish:$verb:$opt")
			fi
		done < <(help_options "$verb")
	done
	((n > 60)) || fail "only $n options read from --help"
	((${#missing[@]} == 0)) || fail "not documented or not completed: ${missing[*]}"
}

@test "consistency: -h, --help, --usage, -q on every verb; --json and -o wherever JSON is printed" {
	local verb help
	for verb in $(listed_verbs); do
		help=$("$DEVTOOL" "$verb" --help)
		for opt in -h --help --usage -q; do
			names "$opt" <<<"$help" || fail "$verb --help has no $opt"
		done
		if names --json <<<"$help" || grep -q 'json' <<<"$(grep -E '^ +-o,' <<<"$help")"; then
			names --json <<<"$help" || fail "$verb prints JSON without --json"
			names -o <<<"$help" || fail "$verb prints JSON without -o json"
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
	local cmd part verb word opts bad=() n=0
	while IFS=$'\t' read -r kind cmd; do
		[[ $kind == CMD ]] || continue
		# each devtool command of a pipeline
		while IFS= read -r part; do
			read -ra w <<<"$part"
			[[ ${w[0]:-} == devtool ]] || continue
			verb=${w[1]}
			opts=$(help_options "$verb") || { bad+=("$verb: no such verb"); continue; }
			for word in "${w[@]:2}"; do
				[[ $word == -?* ]] || continue
				[[ $word =~ ^-[0-9] ]] && continue
				word=${word%%=*}
				n=$((n + 1))
				if [[ $word == --* ]]; then
					grep -qxF -- "$word" <<<"$opts" || bad+=("$verb $word")
				else
					# a cluster such as -nv: each letter
					for ((i = 1; i < ${#word}; i++)); do
						grep -qxF -- "-${word:i:1}" <<<"$opts" ||
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
	mkdir -p "$T/mnt/jail" "$T/mnt/base/etc" "$T/host"
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

@test "consistency: README says what make run shows: every command of the tour is named there" {
	local para verb
	para=$(awk '/^`make run` \(`scripts\/demo.sh`\)/ { on = 1 } on && /^$/ { exit } on' "$README")
	[[ -n $para ]] || fail "README does not say what make run shows"
	while read -r verb; do
		names "$verb" <<<"$para" || fail "the tour runs '$verb', which the README does not name"
	done < <(sed -nE 's/^say "\$D" ([a-z]+).*/\1/p' "$TOP/scripts/demo.sh" | sort -u)
}

# ------------------------------------------------ EXIT STATUS, row by row

@test "exit status 0: success, for every verb" {
	devtool encode 8 1 >/dev/null
	devtool decode 2049 >/dev/null
	devtool convert -t linux 2049 >/dev/null
	devtool explain 8 1 >/dev/null
	devtool formats >/dev/null
	DEVTOOL_PROC_DEVICES=$BATS_TEST_DIRNAME/fixtures/proc-devices devtool devices >/dev/null
	devtool list /dev/null >/dev/null
	run --separate-stderr devtool list --check 16:16 /dev/null
	assert_status 0
	assert_output ''
	printf '/dev/null c 666 0 0 1 3\n' >t
	devtool apply --archive o.cpio t 2>/dev/null
	devtool mknod -n x p >/dev/null
}

@test "exit status 1: a finding, never an error: list --check found a node, devices found no such driver" {
	needs_mknod
	mkdir -p R/dev
	mknod R/dev/big c 300 5
	run --separate-stderr devtool list --check 8:8 --root R /dev
	assert_status 1
	assert_output --partial '/dev/big'
	run --separate-stderr bash -c '"$DEVTOOL" list --check 8:8 --root R /dev >/dev/null || echo "needs a 32-bit dev_t ($?)"'
	assert_output "needs a 32-bit dev_t (1)"
	DEVTOOL_PROC_DEVICES=$BATS_TEST_DIRNAME/fixtures/proc-devices run --separate-stderr devtool devices no-such-driver
	assert_status 1
}

@test "exit status 2: an error of input or system, for every verb; list --check of a missing path is an error, not a finding" {
	run --separate-stderr devtool list --check 8:8 /dev/nonexistent
	assert_status 2
	assert_equal "$stderr" "devtool: /dev/nonexistent: No such file or directory"
	run --separate-stderr devtool encode 8
	assert_status 2
	run --separate-stderr devtool decode x
	assert_status 2
	run --separate-stderr devtool convert -t nope 1
	assert_status 2
	run --separate-stderr devtool explain x
	assert_status 2
	run --separate-stderr devtool formats extra
	assert_status 2
	DEVTOOL_PROC_DEVICES=/nonexistent run --separate-stderr devtool devices
	assert_status 2
	run --separate-stderr devtool apply /nonexistent.table
	assert_status 2
	# an operation that failed: mknod where the path exists, without -r
	mkfifo f
	run --separate-stderr devtool mknod f p
	assert_status 2
	assert_equal "$stderr" "devtool: f: exists (a FIFO); use -r to replace it"
	# and a write error on standard output
	run --separate-stderr bash -c '"$DEVTOOL" formats >/dev/full'
	assert_status 2
}

@test "exit status: the man page has one table, rows 0, 1 and 2, said the same for every verb" {
	local text
	text=$(mandoc -Tascii -O width=1000 "$MAN" | sed 's/.\x08//g' | awk '/^EXIT STATUS/ { on = 1; next } on && /^[A-Z]/ { exit } on')
	assert_equal "$(grep -cE '^ {5}[0-9]+[[:space:]]' <<<"$text")" 3
	grep -qE '^ {5}0[[:space:]]+Success' <<<"$text" || fail "no row 0"
	grep -qE '^ {5}1[[:space:]]+A finding' <<<"$text" || fail "no row 1"
	grep -qE '^ {5}2[[:space:]]+An error' <<<"$text" || fail "no row 2"
	grep -q 'The table is the same for every verb' <<<"$text" || fail "not said for every verb"
}
