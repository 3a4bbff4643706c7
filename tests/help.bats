#!/usr/bin/env bats
# Help a person can use: devtool help VERB shows the verb's page,
# devtool-VERB(1), through man, or the verb's --help where man cannot
# (devtool-help(1)); every verb's --help ends with two examples and the
# page to read (Common options in devtool(1)), and those examples are in
# the page's EXAMPLES.

load test_helper

TOP=$BATS_TEST_DIRNAME/..

setup() {
	helper_setup
	STUB=$BATS_TEST_TMPDIR/stub
	mkdir -p "$STUB"
	LOG=$BATS_TEST_TMPDIR/man.log
}

# stub_man WHERE_STATUS SHOW_STATUS: a man on PATH (in $STUB, alone) that
# logs its arguments, one call a line, answers "man -w" with WHERE_STATUS
# and any other call by printing "page $*" and exiting SHOW_STATUS.
stub_man() {
	cat >"$STUB/man" <<-EOF
	#!/bin/sh
	printf '%s\n' "\$*" >>"$LOG"
	if [ "\$1" = -w ]; then
		echo "/stub/man1/\$3.1"
		echo "stub: -w" >&2
		exit $1
	fi
	echo "page \$*"
	exit $2
	EOF
	chmod +x "$STUB/man"
	: >"$LOG"
}

# The verbs of devtool --help, and the page of each.
page_of() {
	if [[ -z $1 ]]; then echo devtool; else echo "devtool-$1"; fi
}

@test "help VERB: asks man -w 1 devtool-VERB, then becomes man 1 devtool-VERB (its output, its status)" {
	local verb n=0
	stub_man 0 3
	for verb in $(binary_verbs); do
		n=$((n + 1))
		: >"$LOG"
		run --separate-stderr env PATH="$STUB" "$DEVTOOL" help "$verb"
		# man's status: devtool has become man (exec), not waited for it
		assert_equal "$status" 3
		assert_output "page 1 devtool-$verb"
		assert_equal "$stderr" ''
		assert_equal "$(cat "$LOG")" "-w 1 devtool-$verb
1 devtool-$verb"
	done
	((n >= 12)) || fail "devtool --help listed only $n verbs"
}

@test "help: alone, devtool(1), the overview" {
	stub_man 0 0
	run --separate-stderr env PATH="$STUB" "$DEVTOOL" help
	assert_success
	assert_output "page 1 devtool"
	assert_equal "$(cat "$LOG")" "-w 1 devtool
1 devtool"
}

@test "help VERB: where man -w does not find the page, the verb's --help, a warning, exit 0, and man is not run again" {
	stub_man 16 0
	run --separate-stderr env PATH="$STUB" "$DEVTOOL" help apply
	assert_success
	assert_output "$("$DEVTOOL" apply --help)"
	assert_equal "$stderr" "devtool: warning: man cannot show devtool-apply(1); here is 'devtool apply --help'"
	assert_equal "$(cat "$LOG")" "-w 1 devtool-apply"
	# -q silences the warning, not the help
	run --separate-stderr env PATH="$STUB" "$DEVTOOL" -q help apply
	assert_success
	assert_output "$("$DEVTOOL" apply --help)"
	assert_equal "$stderr" ''
}

@test "help: without man on PATH, devtool --help and devtool VERB --help" {
	# PATH holds no man at all (an empty directory)
	run --separate-stderr env PATH="$STUB" "$DEVTOOL" help
	assert_success
	assert_output "$("$DEVTOOL" --help)"
	assert_equal "$stderr" "devtool: warning: man cannot show devtool(1); here is 'devtool --help'"
	run --separate-stderr env PATH="$STUB" "$DEVTOOL" help mknod
	assert_success
	assert_output "$("$DEVTOOL" mknod --help)"
	assert_equal "$stderr" "devtool: warning: man cannot show devtool-mknod(1); here is 'devtool mknod --help'"
}

@test "help: the fallback's output that cannot be written is a failure, exit 1" {
	[[ -w /dev/full ]] || skip "no /dev/full"
	run --separate-stderr env PATH="$STUB" "$DEVTOOL" -q help diff
	assert_success
	run --separate-stderr /bin/sh -c 'PATH=$2 exec "$1" -q help diff >/dev/full' \
	    sh "$DEVTOOL" "$STUB"
	assert_equal "$status" 1
	[[ $stderr == *'No space left on device'* ]] || fail "stderr: $stderr"
}

@test "help NOTAVERB: a usage error, and man is not asked" {
	stub_man 0 0
	run --separate-stderr env PATH="$STUB" "$DEVTOOL" help mkdir
	assert_usage_error
	assert_equal "$stderr" "devtool: 'mkdir' is not a verb; devtool --help lists them
Try 'devtool help --help' for more information."
	assert_equal "$(cat "$LOG")" ''
	run --separate-stderr env PATH="$STUB" "$DEVTOOL" help apply list
	assert_usage_error
	assert_equal "$(cat "$LOG")" ''
}

# devtool-help(1): a mistyped verb is answered with the nearest one, as
# "devtool VERB" answers it (devtool(1), DIAGNOSTICS).
@test "help NOTAVERB near a verb: the nearest suggested, a usage error, and man is not asked" {
	stub_man 0 0
	run --separate-stderr env PATH="$STUB" "$DEVTOOL" help mknd
	assert_usage_error
	assert_equal "$stderr" "devtool: 'mknd' is not a verb; did you mean 'mknod'?
Try 'devtool help --help' for more information."
	assert_equal "$(cat "$LOG")" ''
}

@test "help VERB: the real man shows the repository's page, from a MANPATH" {
	command -v man >/dev/null || skip "man is not installed"
	local m=$BATS_TEST_TMPDIR/m verb
	mkdir -p "$m/man1"
	cp "$TOP"/man/*.1 "$m/man1/"
	for verb in apply '' help; do
		MANPATH=$m MANPAGER=cat MANWIDTH=80 run --separate-stderr \
		    "$DEVTOOL" help $verb
		assert_success
		# (groff may warn of a line it cannot break; devtool says nothing)
		[[ $stderr != *devtool:* ]] || fail "help $verb: $stderr"
		local page
		page=$(page_of "$verb")
		[[ ${lines[0]} == "${page^^}(1)"*"${page^^}(1)" ]] ||
			fail "help $verb: first line ${lines[0]}"
		[[ $output == *"NAME"*"$page "* ]] || fail "help $verb: no NAME $page"
	done
}

# The tail of each verb's --help, exactly: "Examples:", two commands each
# under its comment, then the page.
expected_tail() {
	local verb=$1
	case $verb in
	encode) printf '%s\n' \
	    '  # the value of 300:5 under the default layout, 16:16' \
	    '  devtool encode 300 5' \
	    '  # the same pair as the kernel encodes it, in hexadecimal' \
	    '  devtool encode -f linux -x 300 5' ;;
	decode) printf '%s\n' \
	    '  # the major and minor of two values under 16:16' \
	    '  devtool decode 0x12c0005 259' \
	    "  # a number stat(1) printed, in this system's encoding" \
	    '  devtool decode -f native --colon "$(stat -c %r /dev/null)"' ;;
	convert) printf '%s\n' \
	    '  # old 16:16 values as stat(2) reports them today' \
	    '  devtool convert -f 16:16 -t linux -x 0x12c0005 0x801' \
	    '  # a file of 8:8 values, one a line' \
	    '  devtool convert -f 8:8 -t linux - < old.txt > new.txt' ;;
	explain) printf '%s\n' \
	    "  # the bits of 300:5 under the kernel's layout" \
	    '  devtool explain -f linux 300 5' \
	    '  # the device a number names: c ttyS0, a serial port' \
	    '  devtool explain 4:64' ;;
	formats) printf '%s\n' \
	    '  # every layout, with its ranges and the compat rule' \
	    '  devtool formats' \
	    '  # the layouts the compat rule applies to' \
	    "  devtool formats --json | jq -r 'select(.compat) | .name'" ;;
	mknod) printf '%s\n' \
	    '  # a disk node, group disk, mode 0660' \
	    '  devtool mknod -m 0660 -g disk /dev/sdb b 8 16' \
	    '  # /dev/ttyS0 to /dev/ttyS3, as 4:64 to 4:67' \
	    '  devtool mknod --count 4 /dev/ttyS c 4 64' ;;
	devices) printf '%s\n' \
	    '  # the major of the misc driver' \
	    '  devtool devices misc' \
	    '  # every block driver' \
	    '  devtool devices -b' ;;
	list) printf '%s\n' \
	    '  # the sound nodes as a systemd-tmpfiles table' \
	    '  devtool list -o tmpfiles /dev/snd > /etc/tmpfiles.d/snd.conf' \
	    '  # whether a 16-bit dev_t could hold every node' \
	    '  devtool list --check 8:8 /dev || echo "needs a 32-bit dev_t"' ;;
	apply) printf '%s\n' \
	    '  # what apply would do under /mnt/img, without doing it' \
	    '  devtool apply -n -v --root /mnt/img dev.table' \
	    '  # the same entries into a cpio archive, without root' \
	    '  devtool apply --archive dev.cpio dev.table' ;;
	make) printf '%s\n' \
	    "  # every device of MAKEDEV's generic group, into a cpio archive" \
	    '  devtool make --archive dev.cpio generic' \
	    '  # two devices as a systemd-tmpfiles table' \
	    '  devtool make -o tmpfiles fuse tun > /etc/tmpfiles.d/dev.conf' ;;
	diff) printf '%s\n' \
	    '  # a tree against the table it was made from' \
	    '  devtool diff --table dev.table --root /mnt/new /dev' \
	    '  # the nodes devtmpfs would make that /dev lacks, or has stale' \
	    '  devtool diff --only c,b --kernel /dev' ;;
	help) printf '%s\n' \
	    '  # the manual page of apply, devtool-apply(1)' \
	    '  devtool help apply' \
	    '  # the overview, devtool(1): layouts, exit status, environment' \
	    '  devtool help' ;;
	*) return 1 ;;
	esac
}

@test "VERB -h: ends with two examples, each under its comment, and 'See devtool-VERB(1).'" {
	local verb want n=0
	for verb in $(binary_verbs); do
		n=$((n + 1))
		want=$(expected_tail "$verb") || fail "no expected tail for $verb"
		run --separate-stderr devtool "$verb" -h
		assert_success
		# the last eight lines: a blank, Examples:, four, a blank, See
		[[ ${#lines[@]} -gt 8 ]] || fail "$verb -h: ${#lines[@]} lines"
		assert_equal "$(printf '%s\n' "$output" | tail -n 8)" "
Examples:
$want

See devtool-$verb(1)."
		# --usage stays brief: no examples
		run --separate-stderr devtool "$verb" --usage
		assert_success
		[[ $output != *Examples:* && $output != *"See devtool"* ]] ||
			fail "$verb --usage: $output"
	done
	((n >= 12)) || fail "devtool --help listed only $n verbs"
}

@test "VERB -h: each example command is in EXAMPLES of devtool-VERB(1)" {
	command -v mandoc >/dev/null || skip "mandoc is not installed"
	local verb cmd examples
	for verb in $(binary_verbs); do
		[[ -r $TOP/man/devtool-$verb.1 ]] || fail "no page man/devtool-$verb.1"
		examples=$(mandoc -Tascii -O width=1000 "$TOP/man/devtool-$verb.1" |
		    sed 's/.\x08//g' | awk '/^EXAMPLES/ { on = 1; next }
		    on && /^[A-Z]/ { exit } on')
		while IFS= read -r cmd; do
			# a literal line of the page, after its prompt ($ or #)
			grep -qxE -- "[[:space:]]*[\$#] $(printf '%s' "$cmd" |
			    sed 's/[][\.*^$|+?(){}]/\\&/g')" <<<"$examples" ||
				fail "devtool-$verb(1) EXAMPLES lacks: $cmd"
		done < <(expected_tail "$verb" | sed -n 's/^  \(devtool .*\)/\1/p')
	done
}

@test "help -h: names devtool-help(1); devtool --help names devtool help" {
	run --separate-stderr devtool --help
	assert_success
	[[ $output == *"'devtool help VERB' shows its manual page"* ]] ||
		fail "devtool --help: $output"
	run --separate-stderr devtool help --help
	assert_success
	[[ ${lines[0]} == 'Usage: devtool help [VERB]' ]] || fail "${lines[0]}"
}

# An option's help that names the dialects names the registry's (the
# readable ones: formats --dialects), whatever option came before -h:
# the list is put in when help is asked for (docs/DESIGN.md, "How to add
# a dialect").
@test "VERB -h: apply -i, list -o and make -o name every dialect the registry reads, with or without an option before -h" {
	local read d out verb
	read=$("$DEVTOOL" formats --dialects | awk 'NR > 1 && $2 == "yes" { print $1 }')
	[[ -n $read ]] || fail "formats --dialects lists none"
	for verb in "apply" "list" "make" "make -C ." "apply -n"; do
		# shellcheck disable=SC2086 # the verb and its option, split
		out=$("$DEVTOOL" $verb -h | tr -s ' \n' ' ')
		for d in $read; do
			[[ $out =~ [^a-z_]$d[,\)\ ] ]] ||
				fail "$verb -h does not name $d: $out"
		done
		[[ $out != *'<dialects>'* ]] || fail "$verb -h: the placeholder left: $out"
	done
}
