#!/bin/sh
# scripts/lint.sh - the static checks: cppcheck and clang-tidy over src/,
# ShellCheck over the shell scripts, mandoc over the man page, and the
# layers of docs/DESIGN.md.  Prints one result line per tool and exits
# nonzero if any of them failed.
#
# Needs (Debian 12): cppcheck clang-tidy shellcheck mandoc (and cc, nm)
#   apt-get install cppcheck clang-tidy shellcheck mandoc
# clang-tidy reads its checks from .clang-tidy at the top of the tree.
# LINT_ONLY="cppcheck clang-tidy shellcheck mandoc layers" picks tools;
# LINT_JOBS sets clang-tidy's parallelism (default: the number of CPUs).
set -u
cd "$(dirname "$0")/.." || exit 2

TOOLS=${LINT_ONLY:-cppcheck clang-tidy shellcheck mandoc layers}
out=$(mktemp "${TMPDIR:-/tmp}/devtool-lint.XXXXXX") || exit 2
trap 'rm -f "$out" "$out".*' EXIT
trap 'exit 130' INT TERM
status=0

# result TOOL RC: prints the tool's output (if any) and its result line.
result() {
	if [ -s "$out" ]; then
		sed "s/^/  /" "$out"
	fi
	if [ "$2" -eq 0 ]; then
		echo "lint $1: ok"
	else
		echo "lint $1: FAILED"
		status=1
	fi
}

need() {
	command -v "$1" >/dev/null 2>&1 && return 0
	echo "lint $2: FAILED ($1 not found; apt-get install $3)"
	status=1
	return 1
}

run_cppcheck() {
	need cppcheck cppcheck cppcheck || return
	cppcheck --quiet --enable=warning,performance,portability \
	    --error-exitcode=1 --inline-suppr -D_GNU_SOURCE --std=c11 -Isrc \
	    src >"$out" 2>&1
	result cppcheck $?
}

run_clang_tidy() {
	tidy=
	for c in clang-tidy clang-tidy-14; do
		if command -v "$c" >/dev/null 2>&1; then
			tidy=$c
			break
		fi
	done
	if [ -z "$tidy" ]; then
		need clang-tidy clang-tidy clang-tidy
		return
	fi
	jobs=${LINT_JOBS:-$(nproc 2>/dev/null || echo 1)}
	# One process per file, in parallel; the flags mirror the Makefile's.
	# "N warnings generated" counts suppressed ones too: drop it.
	# shellcheck disable=SC2016 # $0 $1 $2 belong to the inner shell
	find src -name '*.c' | sort |
	    xargs -P "$jobs" -n 1 sh -c '
		"$0" --quiet "$2" -- -std=gnu11 -D_GNU_SOURCE \
		    -D_FILE_OFFSET_BITS=64 -DVERSION="\"lint\"" -Isrc \
		    >"$1.$(basename "$2")" 2>&1 || echo "$2" >>"$1.failed"' \
	    "$tidy" "$out"
	: >"$out.all"
	for f in "$out".*.c; do
		[ -f "$f" ] && grep -v -e ' warnings\{0,1\} generated\.$' \
		    -e '^Suppressed [0-9]* warnings' \
		    -e '^Use -header-filter=' "$f" >>"$out.all"
	done
	mv "$out.all" "$out"
	if [ -s "$out.failed" ]; then
		result clang-tidy 1
	else
		result clang-tidy 0
	fi
}

run_shellcheck() {
	need shellcheck shellcheck shellcheck || return
	set --
	for f in completions/devtool.bash tests/test_helper.bash tests/run.sh \
	    .ci/run fuzz/run.sh scripts/lint.sh scripts/deps.sh \
	    scripts/demo.sh scripts/deb.sh scripts/boot-fetch.sh bench/run.sh; do
		if [ -f "$f" ]; then
			set -- "$@" "$f"
		else
			echo "lint shellcheck: $f not present, skipped"
		fi
	done
	# the two .bash files are bash; the rest say #!/bin/sh
	shellcheck -x "$@" >"$out" 2>&1
	result shellcheck $?
}

run_mandoc() {
	need mandoc mandoc mandoc || return
	mandoc -Tlint -Wwarning man/devtool.1 >"$out" 2>&1
	result mandoc $?
}

# The layers (docs/DESIGN.md): every other src/*.c is the CLI's.
PURE="base/diag base/text base/number codec/encode entry/entry base/path dialects/table dialects/table_json dialects/json_keys dialects/spec dialects/spec_mtree dialects/spec_initramfs dialects/spec_pseudo entry/attrs codec/procdev base/lines entry/users entry/tree_order codec/devreg"
SYSTEM="sys/root sys/node sys/walk sys/sig sys/temp sources/source_tree sources/source_table sources/source_oci sources/source_archive targets/target_fs targets/target_archive sys/outfile sys/la sys/la_sink"
# What only the CLI may include (directly or not) or call: printing,
# exiting, the environment.  The pure layer does not call the system's.
CLI_HEADERS='/(cli|verbs|env|out|report)\.h$|/popt\.h$'
CLI_CALLS=" printf fprintf vprintf vfprintf dprintf vdprintf puts fputs \
putchar putc fputc fwrite perror warn warnx vwarn vwarnx err errx verr \
verrx exit _exit _Exit getenv secure_getenv stdout stderr "

# layer_check LAYER NAME: compiles src/NAME.c alone and checks the
# headers it reads (cc -MD) and the symbols it leaves undefined (nm -u).
layer_check() {
	o=$out.$(basename "$2").o
	if ! ${CC:-cc} -std=gnu11 -D_GNU_SOURCE -D_FILE_OFFSET_BITS=64 \
	    -DVERSION='"lint"' -Isrc -O2 -c -MD -MF "$out.d" -o "$o" \
	    "src/$2.c" >>"$out" 2>&1; then
		echo "src/$2.c: does not compile" >>"$out"
		return
	fi
	tr -s ' \134' '\n' <"$out.d" | grep -E "$CLI_HEADERS" |
	    sed "s|^|src/$2.c ($1): includes |" >>"$out"
	[ "$1" = pure ] && tr -s ' \134' '\n' <"$out.d" |
	    grep -E '/(root|node)\.h$' |
	    sed "s|^|src/$2.c (pure): includes the system layer's |" >>"$out"
	# __fprintf_chk and the like are fprintf under _FORTIFY_SOURCE.
	nm -u "$o" | awk '{ print $2 }' | sed -e 's/@.*//' \
	    -e 's/^__\(.*\)_chk$/\1/' | while read -r sym; do
		case $CLI_CALLS in
		*" $sym "*) echo "src/$2.c ($1): calls $sym" ;;
		esac
		case $sym in
		cli_* | popt*) echo "src/$2.c ($1): calls the CLI's $sym" ;;
		root_* | node_*) [ "$1" = pure ] &&
		    echo "src/$2.c (pure): calls the system layer's $sym" ;;
		esac
	done >>"$out"
}

run_layers() {
	need nm layers binutils || return
	: >"$out"
	for f in $PURE; do
		layer_check pure "$f"
	done
	for f in $SYSTEM; do
		layer_check system "$f"
	done
	# struct root is opaque but to root.c and node.c (root.h)
	grep -l '#include "sys/root_impl.h"' src/*/*.c src/*/*.h |
	    grep -v -e '^src/sys/root\.c$' -e '^src/sys/node\.c$' |
	    sed 's/$/: includes root_impl.h (struct root is opaque)/' >>"$out"
	[ ! -s "$out" ]
	result layers $?
}

for t in $TOOLS; do
	case $t in
	layers) run_layers ;;
	cppcheck) run_cppcheck ;;
	clang-tidy) run_clang_tidy ;;
	shellcheck) run_shellcheck ;;
	mandoc) run_mandoc ;;
	*)
		echo "lint: unknown tool '$t'" >&2
		exit 2
		;;
	esac
done
[ $status -eq 0 ] && echo "lint: all passed" || echo "lint: FAILED"
exit $status
