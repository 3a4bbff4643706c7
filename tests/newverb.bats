#!/usr/bin/env bats
# newverb.bats - a verb is one file, three declarations and one row
# (src/cli/verbs.h, "How to add a verb"; docs/DESIGN.md): a copy of the
# tree gets the template (src/cli/verb.c.template) as
# src/cli/throwaway.c, the recipe's declarations in verbs.h and its row
# in devtool.c, nothing else; it builds with -Werror, devtool --help
# lists it, its --help shows its options, its two examples and its page,
# it prints its operands, the runner counts them and suggests its
# options, lint's statics step passes on it, and tests/consistency.bats
# and man.bats fail, naming the page and the completions, until step 4
# gives it them.
# Minutes of compiling: a make check-all suite.

load test_helper

TOP=$(cd "$BATS_TEST_DIRNAME/.." && pwd)

setup_file() {
	export BATS_NO_PARALLELIZE_WITHIN_FILE=true
	export COPY=$BATS_FILE_TMPDIR/tree
	mkdir -p "$COPY"
	(cd "$TOP" && git ls-files -z | tar --null -T - -cf -) |
	    (cd "$COPY" && tar -xf -) || return 1
	# step 1: the template, NAME replaced
	sed 's/NAME/throwaway/g' "$COPY/src/cli/verb.c.template" \
	    >"$COPY/src/cli/throwaway.c" || return 1
	# steps 2 and 3: the declarations and the row, as verbs.h spells them
	python3 - "$COPY" <<-'PY' || return 1
	import re, sys
	top = sys.argv[1]
	recipe = open(top + "/src/cli/verbs.h").read()
	recipe = recipe[recipe.index("How to add a verb"):recipe.index("*/")]
	def block(after):
	    # the recipe's code under the line that ends in `after`: its
	    # lines indented ten, the comment's " *" and the indent taken off
	    out = []
	    for line in recipe[recipe.index(after):].split("\n")[1:]:
	        m = re.match(r"^ \*\s{10}(.*)$", line)
	        if not m:
	            break
	        out.append(m.group(1))
	    return "\n".join(out).replace("NAME", "throwaway") + "\n"
	decls = block("end of the others:")
	row = block("each field named:")
	for path, anchor, text in (
	        ("/src/cli/verbs.h",
	         "extern const struct verb_options help_options;\n", decls),
	        ("/src/devtool.c", "};\n#define NVERBS", row)):
	    src = open(top + path).read()
	    assert src.count(anchor) == 1, anchor
	    at = src.index(anchor)
	    if path.endswith("verbs.h"):
	        at += len(anchor)
	    open(top + path, "w").write(src[:at] + text + src[at:])
	PY
	grep -q 'verb_fn cmd_throwaway;' "$COPY/src/cli/verbs.h" || return 1
	grep -q '\.run = cmd_throwaway' "$COPY/src/devtool.c" || return 1
	make -C "$COPY" -j2 devtool >"$BATS_FILE_TMPDIR/build.log" 2>&1
}

setup() {
	DEVTOOL=$COPY/devtool
	helper_setup
	[[ -x $COPY/devtool ]] || fail "the copy did not build: $(tail -n 20 "$BATS_FILE_TMPDIR/build.log")"
}

@test "new verb: the template, its declarations and its row build with -Werror, and devtool --help lists it" {
	grep -q -- '-Werror' "$BATS_FILE_TMPDIR/build.log"
	grep -q 'src/cli/throwaway\.c' "$BATS_FILE_TMPDIR/build.log"
	run --separate-stderr devtool --help
	assert_success
	assert_line '  throwaway PATH...'
	assert_line '             one line for devtool --help'
}

@test "new verb: its --help shows its options, its two examples and its page" {
	run --separate-stderr devtool throwaway --help
	assert_success
	assert_line --index 0 'Usage: devtool throwaway PATH...'
	assert_line --index 1 --regexp '^      --json +print one JSON object per operand$'
	assert_line --regexp '^      --json-array +print the records as one JSON array'
	assert_line --regexp '^  -o, --output=FORMAT +text \(default\) or json, as --json$'
	assert_line --regexp '^  -q, --quiet '
	assert_line --regexp '^      --usage '
	local tail
	tail=$(sed -n '/^Examples:$/,$p' <<<"$output")
	assert_equal "$tail" "Examples:
  # what it does
  devtool throwaway x
  # what this one does
  devtool throwaway --json x y

See devtool-throwaway(1)."
}

@test "new verb: the template's handler prints its operands, as text, JSON Lines and one array" {
	run --separate-stderr devtool throwaway x 'y z'
	assert_success
	assert_output $'x\ny z'
	run --separate-stderr devtool throwaway -o json x 'y"z'
	assert_success
	assert_output $'{"operand":"x"}\n{"operand":"y\\"z"}'
	run --separate-stderr devtool throwaway --json-array x y
	assert_success
	assert_output $'[{"operand":"x"},\n{"operand":"y"}]'
}

@test "new verb: the runner checks its operand count and its options, and suggests the nearest; its check hook what goes together" {
	run --separate-stderr devtool throwaway
	assert_failure 2
	assert_output ''
	assert_equal "$stderr" "devtool: expected PATH..., got 0 operands
Try 'devtool throwaway --help' for more information."
	run --separate-stderr devtool throwaway --jsno x
	assert_failure 2
	assert_output ''
	assert_equal "$stderr" "devtool: --jsno: unknown option; did you mean --json?
Try 'devtool throwaway --help' for more information."
	run --separate-stderr devtool throwaway -o yaml x
	assert_failure 2
	assert_output ''
	assert_equal "$stderr" "devtool: unknown output format 'yaml'; valid: text, json
Try 'devtool throwaway --help' for more information."
	# and the template's own check hook: options that exclude each other
	run --separate-stderr devtool throwaway --json -o text x
	assert_failure 2
	assert_output ''
	assert_equal "$stderr" "devtool: --json and -o text: one output
Try 'devtool throwaway --help' for more information."
}

@test "new verb: lint's statics step reads its object and passes" {
	run env LINT_SRC="$COPY/src" LINT_OBJ="$BATS_TEST_TMPDIR/obj" \
	    LINT_ONLY=statics sh "$COPY/scripts/lint.sh"
	assert_success
	assert_line 'lint statics: ok'
	[[ -s $BATS_TEST_TMPDIR/obj/cli_throwaway.c.o ]] ||
		fail "the statics step did not compile src/cli/throwaway.c"
}

# consistency.bats's tests of every verb's options, run in the copy
# against its binary.
consistency_options() {
	run bats -f 'every option of every verb|wherever JSON is printed' \
	    "$COPY/tests/consistency.bats"
}

@test "new verb: the consistency and man page tests fail, naming its page and completions, until step 4 gives it them; then they pass" {
	consistency_options
	assert_failure
	local want
	for want in 'man:throwaway:no page man/devtool-throwaway.1 with DESCRIPTION and OPTIONS' \
	    'bash:throwaway:no case in _devtool_options' \
	    'zsh:throwaway:no (throwaway) block' \
	    'fish:throwaway:no __devtool_using throwaway line' \
	    'zsh:throwaway:--json-array' 'fish:throwaway:--output'; do
		[[ $output == *"$want"* ]] || fail "it does not name $want: $output"
	done
	[[ $output != *'encode:'* && $output != *'formats:'* ]] ||
		fail "it names a verb that has them: $output"

	# step 4: the page (its options, examples and SEE ALSO as the other
	# pages have them) and the three completions
	cat >"$COPY/man/devtool-throwaway.1" <<-'MAN'
	.Dd December 6, 2026
	.Dt DEVTOOL-THROWAWAY 1
	.Os
	.Sh NAME
	.Nm devtool-throwaway
	.Nd print its operands
	.Sh SYNOPSIS
	.Nm devtool
	.Cm throwaway
	.Op Fl -json | o Ar format
	.Op Fl -json-array
	.Ar path ...
	.Sh DESCRIPTION
	Prints each operand on a line of its own.
	.Sh OPTIONS
	.Bl -tag -width Ds
	.It Fl -json
	Print one JSON object per operand.
	.It Fl -json-array
	Print the objects as one JSON array.
	.It Fl o Ar format , Fl -output Ns = Ns Ar format
	.Cm text
	or
	.Cm json .
	.It Fl q , Fl -quiet , Fl h , Fl \&? , Fl -help , Fl -usage
	The common options of
	.Xr devtool 1 .
	.El
	.Sh EXIT STATUS
	.Ex -std
	.Sh EXAMPLES
	.Bd -literal -offset indent
	$ devtool throwaway x
	$ devtool throwaway --json x y
	.Ed
	.Sh SEE ALSO
	.Xr devtool 1
	MAN
	sed -i '0,/^    case \$1 in$/s//&\n        throwaway)\n            echo "--json --json-array -o --output $common"\n            ;;/' \
	    "$COPY/completions/devtool.bash"
	sed -i "s/^        (formats)\$/        (throwaway)\\n          _arguments -s -S : \$common '--json[print JSON]' '--json-array[one array]' {-o+,--output=}'[text or json]:format:(text json)' \\&\\& ret=0\\n          ;;\\n&/" \
	    "$COPY/completions/_devtool"
	cat >>"$COPY/completions/devtool.fish" <<-'FISH'
	complete -c devtool -n '__devtool_using throwaway' -l json -d 'Print JSON'
	complete -c devtool -n '__devtool_using throwaway' -l json-array -d 'One array'
	complete -c devtool -n '__devtool_using throwaway' -s o -l output -x -a 'text json' -d 'Output format'
	FISH
	run mandoc -Tlint -Wwarning "$COPY/man/devtool-throwaway.1"
	assert_success
	assert_output ''
	consistency_options
	assert_success
	assert_line --regexp '^ok 1 consistency: every option of every verb'
	assert_line --regexp '^ok 2 consistency: .* wherever JSON is printed$'

	# and man.bats's test of every verb's page: red until devtool(1)
	# lists the page among its verbs and in SEE ALSO (step 4)
	run bats -f 'every verb of devtool --help has its page|mandoc -Tlint' \
	    "$COPY/tests/man.bats"
	assert_failure
	assert_line '# devtool(1) Verbs does not list devtool-throwaway(1)'
	sed -i -e 's/^\.It Xr devtool-formats 1$/.It Xr devtool-throwaway 1\nPrint the operands.\n&/' \
	    -e 's/^\.Xr devtool-mknod 1 ,$/&\n.Xr devtool-throwaway 1 ,/' \
	    "$COPY/man/devtool.1"
	run bats -f 'every verb of devtool --help has its page|mandoc -Tlint' \
	    "$COPY/tests/man.bats"
	assert_success
	assert_line --regexp '^ok 1 man: mandoc -Tlint'
	assert_line --regexp '^ok 2 man: every verb of devtool --help has its page'
}
