#!/bin/sh
# scripts/lint.sh - the static checks: cppcheck and clang-tidy over src/,
# ShellCheck over the shell scripts, mandoc over the man page, the
# layers of docs/DESIGN.md, and no file-static mutable state but what
# docs/DESIGN.md names (statics).
# Prints one result line per tool and exits nonzero if any of them
# failed.
#
# Needs (Debian 12): cppcheck clang-tidy shellcheck mandoc (and cc, nm,
# objdump)
#   apt-get install cppcheck clang-tidy shellcheck mandoc
# clang-tidy reads its checks from .clang-tidy at the top of the tree.
# LINT_ONLY="cppcheck clang-tidy shellcheck mandoc layers buffers
# statics" picks tools;
# LINT_JOBS sets clang-tidy's parallelism (default: the number of CPUs).
set -u
cd "$(dirname "$0")/.." || exit 2

TOOLS=${LINT_ONLY:-cppcheck clang-tidy shellcheck mandoc layers buffers statics}
out=$(mktemp "${TMPDIR:-/tmp}/devtool-lint.XXXXXX") || exit 2
trap 'rm -rf "$out" "$out".*' EXIT
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
	# devtool(1) and every verb's page, devtool-VERB(1)
	mandoc -Tlint -Wwarning man/*.1 >"$out" 2>&1
	result mandoc $?
}

# The layers (docs/DESIGN.md, "The layers"): each folder of src/ is one,
# ranked, and each file at the top of src/ belongs to the layer TOP_FILES
# names (main, devtool.c, is the CLI's top floor; the layout codec,
# encode.c and encode.h, the codec's ground floor); a file may include and call only its own folder's files and
# those of lower ranks (sources and targets, both rank 5, never each
# other's).  base, codec, entry and dialects are pure: no I/O of their
# own, no name service; sys, sources and targets the system layer; cli
# the only one that prints, exits or reads the environment.
# LINT_SRC names another tree to check (tests/lint/layers.bats plants faults in
# copies); LINT_OBJ a directory to keep the objects in between runs.
SRC=${LINT_SRC:-src}
RANKS="base=0 codec=1 entry=2 dialects=3 sys=4 sources=5 targets=5 cli=6"
# A unit at the top of src/ (x.c and x.h) = the folder whose layer it is.
TOP_FILES="devtool=cli encode=codec"
PURE_DIRS="base codec entry dialects"
SYSTEM_DIRS="sys sources targets"
# What only the CLI may include (directly or not) or call: printing,
# exiting, the environment.  The pure layer does not call the system's.
CLI_HEADERS='/(cli|cli_[a-z]+|verbs|env|out|report)\.h$|/popt\.h$'
CLI_CALLS=" printf fprintf vprintf vfprintf dprintf vdprintf puts fputs \
putchar putc fputc fwrite perror warn warnx vwarn vwarnx err errx verr \
verrx exit _exit _Exit getenv secure_getenv stdout stderr "
# The name service (nsswitch.conf: files, LDAP, systemd-userdb...): only
# the system layer and the CLI ask it.  fgetpwent_r reads a given file.
NSS_CALLS=" getpwnam getpwnam_r getpwuid getpwuid_r getpwent getpwent_r \
setpwent endpwent getgrnam getgrnam_r getgrgid getgrgid_r getgrent \
getgrent_r setgrent endgrent getgrouplist initgroups getspnam getspnam_r "
# Who may see the inside of struct root (root.h: opaque to the rest).
ROOT_IMPL_USERS="sys/root.c sys/root_walk.c sys/place.c sys/node.c"
ROOT_IMPL_USERS="$ROOT_IMPL_USERS sys/node_parents.c sys/node_nodev.c"
# Known violations of other folders, to be removed by the change that
# fixes each (a line of the report matched exactly is listed as allowed,
# not failed).  Empty: every layer keeps its rank.
LAYERS_ALLOW_TEMPORARY=''
# No .c file of src/ over LINES_MAX lines (docs/DESIGN.md, "The
# layers"): a longer one is split along a seam, the halves sharing an
# internal header.  LINES_ALLOW names the files (from src/) let past it:
# codec/devreg_rows.c is the registry's rows, data;
# sources/source_archive.c is yet to be split.
LINES_MAX=800
LINES_ALLOW="codec/devreg_rows.c sources/source_archive.c"

# The layers check runs a few processes a file, not dozens
# (tests/lint/layers.bats runs it nine times): shell builtins where they do, one awk over every
# file where they do not, and each object's nm(1) kept beside it.

# layer_obj REL: sets o to the object of $SRC/REL in $obj (a/b.c is
# a_b.c.o).
layer_obj() {
	o=$1 _r=
	while :; do
		case $o in
		*/*) _r=$_r${o%%/*}_ o=${o#*/} ;;
		*) o=$obj/$_r$o.o; return ;;
		esac
	done
}

# layer_dir REL: sets d to the layer (a folder of RANKS) of $SRC/REL: its
# folder, or for a file at the top of src/ its TOP_FILES entry (none:
# the file's own name, which no rank knows).
layer_dir() {
	case $1 in
	*/*) d=${1%%/*} ;;
	*)
		d=$1
		for _t in $TOP_FILES; do
			[ "${1%.[ch]}" = "${_t%%=*}" ] && d=${_t#*=}
		done
		;;
	esac
}

# layer_fresh OBJ SRC: OBJ is newer than SRC and than every file its .d
# names (a file gone is not).  (-nt: dash, bash and busybox have it.)
# shellcheck disable=SC3013
layer_fresh() {
	[ -f "$1" ] && [ -f "$1.d" ] && [ -e "$2" ] && [ ! "$2" -nt "$1" ] ||
	    return 1
	# shellcheck disable=SC2094 # reads the .d, writes nothing
	for _w in $(tr -s ' \134' '  ' <"$1.d"); do
		case $_w in *:) continue ;; esac
		[ -e "$_w" ] && [ ! "$_w" -nt "$1" ] || return 1
	done
}

# layer_compile REL: compiles $SRC/REL (a .c) into $obj, unless the
# object there is newer than the file and every header it read (as its
# .d names them: a LINT_OBJ is for one tree and its copies); its symbols
# (nm -g --defined-only) go to OBJ.def, those it leaves undefined
# (nm -u) to OBJ.undef.
# shellcheck disable=SC2086,SC3013 # LINT_CFLAGS: words; -nt as above
layer_compile() {
	layer_obj "$1"
	if layer_fresh "$o" "$SRC/$1" && [ -f "$o.def" ] && [ -f "$o.undef" ] &&
	    [ ! "$o" -nt "$o.def" ] && [ ! "$o" -nt "$o.undef" ]; then
		return 0
	fi
	rm -f "$o" "$o.def" "$o.undef"
	if ${CC:-cc} -std=gnu11 -D_GNU_SOURCE -D_FILE_OFFSET_BITS=64 \
	    -DVERSION='"lint"' -I"$SRC" ${LINT_CFLAGS:--O2} -c -MD \
	    -MF "$o.d" -o "$o" "$SRC/$1" >>"$out" 2>&1; then
		nm -g --defined-only "$o" >"$o.def"
		nm -u "$o" >"$o.undef"
	else
		echo "src/$1: does not compile" >>"$out"
	fi
}

# layer_calls REL LAYER: the headers src/REL read and the symbols it
# leaves undefined, against what its layer may use.
layer_calls() {
	layer_obj "$1"
	[ -f "$o" ] || return 0
	CLI_HEADERS=$CLI_HEADERS awk -v f="src/$1" -v layer="$2" '
	    { n = split($0, w, /[ \\]+/)
	      for (i = 1; i <= n; i++) {
	        if (layer != "cli" && w[i] ~ ENVIRON["CLI_HEADERS"])
	          print f " (" layer "): includes " w[i]
	        if (layer == "pure" && w[i] ~ /\/(root|node)\.h$/)
	          sys = sys f " (pure): includes the system layer'"'"'s " w[i] "\n"
	      } }
	    END { printf "%s", sys }' "$o.d"
	# __fprintf_chk and the like are fprintf under _FORTIFY_SOURCE.
	while read -r _u sym; do
		sym=${sym%%@*}
		case $sym in __*_chk) sym=${sym#__}; sym=${sym%_chk} ;; esac
		case $2 in cli) continue ;; esac
		case $CLI_CALLS in
		*" $sym "*) echo "src/$1 ($2): calls $sym" ;;
		esac
		case $NSS_CALLS in
		*" $sym "*) [ "$2" = pure ] && echo "src/$1 (pure): calls" \
		    "$sym, a name service lookup (only sys/, sources/," \
		    "targets/ and cli/ may)" ;;
		esac
		case $sym in
		cli_* | popt*) echo "src/$1 ($2): calls the CLI's $sym" ;;
		root_* | node_*) [ "$2" = pure ] &&
		    echo "src/$1 (pure): calls the system layer's $sym" ;;
		esac
	done <"$o.undef"
}

# The graph check: reads "i FROM_FILE TO_FILE" (an include) and
# "s FROM_FILE TO_FILE SYMBOL" (a call, from nm) lines, files relative to
# src/; a unit is a file without .c or .h (x.c and x.h are one).
# Prints each edge that goes up the ranks or across sources/targets,
# and each cycle of units, as a path.
# shellcheck disable=SC2016 # awk's own $1
LAYER_GRAPH='
function unit(f) { sub(/\.[ch]$/, "", f); sub(/_impl$/, "", f); return f }
function dir(f) {
	if (f !~ /\//) return unit(f) in top ? top[unit(f)] : f
	sub(/\/.*/, "", f); return f
}
function strong(v,   w, k) {	# Tarjan: the strongly connected components
	idx[v] = low[v] = ++n; stack[++sp] = v; on[v] = 1
	for (k = 1; k <= nout[v]; k++) {
		w = out[v, k]
		if (!(w in idx)) { strong(w); if (low[w] < low[v]) low[v] = low[w] }
		else if (on[w] && idx[w] < low[v]) low[v] = idx[w]
	}
	if (low[v] == idx[v]) {
		ncomp++
		do { w = stack[sp--]; on[w] = 0; comp[w] = ncomp; size[ncomp]++ } while (w != v)
	}
}
# one shortest path from s back to s inside its component
function cycle(s,   q, h, t, v, k, w, prev, path) {
	h = t = 1; q[1] = s; delete prev
	while (h <= t) {
		v = q[h++]
		for (k = 1; k <= nout[v]; k++) {
			w = out[v, k]
			if (comp[w] != comp[s] || (w in prev)) continue
			prev[w] = v
			if (w == s) { h = t + 1; break }
			q[++t] = w
		}
	}
	path = substr(s, 2); v = s
	do {
		path = substr(prev[v], 2) " (" why[prev[v], v] ") -> " path
		v = prev[v]
	} while (v != s)
	return path
}
BEGIN {
	split(ranks, r, " "); for (i in r) { split(r[i], kv, "="); rk[kv[1]] = kv[2] }
	split(tops, r, " "); for (i in r) { split(r[i], kv, "="); top[kv[1]] = kv[2] }
}
{
	a = unit($2); b = unit($3)
	if (a == b) next
	da = dir($2); db = dir($3)
	what = $1 == "i" ? "includes " $3 : "calls " $4 " of src/" $3
	if (!(da in rk) || !(db in rk)) {
		if (!(da in rk) && $2 ~ /\//)
			bad["src/" $2 ": in src/" da "/, a folder of no layer (docs/DESIGN.md)"] = 1
		else if (!(da in rk))
			bad["src/" $2 ": at the top of src/, a file of no layer (TOP_FILES, docs/DESIGN.md)"] = 1
	} else if (rk[db] > rk[da])
		bad["src/" $2 " (" da ", rank " rk[da] "): " what " (" db ", rank " rk[db] ")"] = 1
	else if (rk[db] == rk[da] && da != db)
		bad["src/" $2 " (" da "): " what ": " da "/ and " db "/ never use each other"] = 1
	g = $1
	if (!((g, a, b) in seen)) {
		seen[g, a, b] = 1; out[g a, ++nout[g a]] = g b
		why[g a, g b] = $1 == "i" ? "includes " $3 : "calls " $4
		nodes[g a] = 1; nodes[g b] = 1
	}
}
END {
	for (m in bad) print m
	for (v in nodes) if (!(v in idx)) strong(v)
	for (v in nodes) {
		c = comp[v]
		if (size[c] < 2 || (c in done) || (c in best && best[c] < v)) continue
		best[c] = v
	}
	for (c in best) {
		p = cycle(best[c])
		print (substr(best[c], 1, 1) == "i" ? "include" : "symbol") \
		    " cycle: " p
	}
}'

# shellcheck disable=SC2129 # one report, appended to by each check
run_layers() {
	need nm layers binutils || return
	: >"$out"
	obj=${LINT_OBJ:-$out.obj}
	mkdir -p "$obj" || return
	files=$(cd "$SRC" && for f in *.c *.h */*.c */*.h; do
		[ -f "$f" ] && echo "$f"
	done)
	for f in $files; do
		case $f in *.c) layer_compile "$f" ;; esac
	done
	for f in $files; do
		case $f in *.h) continue ;; esac
		layer_dir "$f"
		case " $PURE_DIRS " in *" $d "*) layer_calls "$f" pure ;; esac
		case " $SYSTEM_DIRS " in *" $d "*) layer_calls "$f" system ;; esac
		[ "$d" = cli ] && layer_calls "$f" cli
	done >>"$out"
	# the graph: includes, from the text; calls, from the objects (awk
	# reads the files in order, f=REL before each)
	set --
	for f in $files; do
		set -- "$@" "f=$f" "$SRC/$f"
	done
	# shellcheck disable=SC2016 # awk's own $1
	{
		awk '/^#include "/ { s = substr($0, 11); i = index(s, "\"")
		    if (i) print "i", f, substr(s, 1, i - 1) }' "$@"
		set --
		for f in $files; do
			case $f in *.c) ;; *) continue ;; esac
			layer_obj "$f"
			[ -f "$o" ] && set -- "$@" "f=$f" "$o.def" "$o.undef"
		done
		[ $# -eq 0 ] || awk '
		    FILENAME ~ /\.def$/ { print "d", $3, f; next }
		    { print "u", $2, f }' "$@" |
		    sort -s -k1,1 | awk '$1 == "d" { def[$2] = $3; next }
		    $2 in def { print "s", $3, def[$2], $2 }' | sort -u
	} | awk -v ranks="$RANKS" -v tops="$TOP_FILES" "$LAYER_GRAPH" | sort >>"$out"
	# struct root is opaque but to the files that make it (root.h)
	# shellcheck disable=SC2086 # one word a file
	for f in $(cd "$SRC" && grep -l '^#include "sys/root_impl.h"' -- $files); do
		case " $ROOT_IMPL_USERS sys/root_impl.h " in *" $f "*) continue ;; esac
		echo "src/$f: includes sys/root_impl.h (struct root is opaque" \
		    "but to $ROOT_IMPL_USERS)"
	done >>"$out"
	# no file too long to read whole (LINES_MAX)
	# shellcheck disable=SC2086 # one word a file
	(cd "$SRC" && wc -l -- $files) | awk -v max="$LINES_MAX" \
	    -v allow=" $LINES_ALLOW " '$2 ~ /\.c$/ && $1 > max &&
	    index(allow, " " $2 " ") == 0 { print "src/" $2 ": " $1 " lines, " \
	    "over " max " (split it along a seam, docs/DESIGN.md)" }' >>"$out"
	echo "$LAYERS_ALLOW_TEMPORARY" | grep -v '^$' >"$out.allow"
	grep -xF -f "$out.allow" "$out" | sed 's/^/allowed for now: /' \
	    >"$out.allowed"
	grep -vxF -f "$out.allow" "$out" >"$out.left"
	mv "$out.left" "$out"
	[ ! -s "$out" ]
	rc=$?
	cat "$out.allowed" >>"$out"
	result layers $rc
}

# No fixed buffer between a user's names and the stack (docs/DESIGN.md,
# "Text built from input"): no sprintf, vsprintf, strcpy or strcat
# anywhere in src/ (LINT_SRC too), each named FILE:LINE.  A line or a
# message grows in a struct dt_buf (base/buf.h); snprintf bounds a
# number put into an array.
run_buffers() {
	grep -rnE --include='*.[ch]' --include='*.template' \
	    '(^|[^A-Za-z0-9_])(v?sprintf|strcpy|strcat)[[:space:]]*\(' "$SRC" |
	    awk '{
		at = index($0, ":"); rest = substr($0, at + 1)
		file = substr($0, 1, at - 1); line = substr(rest, 1, index(rest, ":") - 1)
		text = " " substr(rest, index(rest, ":") + 1)
		match(text, /[^A-Za-z0-9_](v?sprintf|strcpy|strcat)/)
		print file ":" line ": " substr(text, RSTART + 1, RLENGTH - 1) \
		    " (into a fixed array: append to a struct dt_buf, base/buf.h)"
	    }' >"$out"
	[ ! -s "$out" ]
	result buffers $?
}

# No file-static mutable state in src/ but what docs/DESIGN.md ("State
# that is global") names: a verb's options are the runner's instance per
# run (verbs.h), a run of node making keeps its own in its context
# (struct node_run, from node_begin to node_end).  Every object
# (objdump -t, flag O) in a writable data section (.data, .bss, their
# .rel and .local kin, thread-local ones; not .data.rel.ro, read-only
# once relocated) of every object of src/ must be one of STATICS_ALLOW's
# "FILE NAME" lines: FILE the object (sys/x.o), NAME the symbol without
# the .N a compiler gives a function's static; a NAME ending in * is a
# prefix.  Each with its reason.
STATICS_ALLOW='
# the global options (-q, as devtool(1) calls them) and the state of
# standard output and of the exit, which main, every message and the
# exit path read: the line a message names, where -v lines go, whether
# standard output failed, the status a fatal error exits with
cli/cli.o cli_quiet
cli/cli.o cli_lineno
cli/cli.o cli_say_stderr
cli/cli.o output_failed
cli/cli.o failed_status
# the popt table of the global options, whose row stores into cli_quiet
cli/cli.o cli_common_options
cli/cli.o cli_help_options
# standard output'"'"'s buffer for the value verbs'"'"' streams, flushed
# before every message and at exit, and its --json-array state
cli/out.o lines_out
cli/out.o array
# the signal flag a stop sets (sig.h): global, as docs/DESIGN.md says
sys/sig.o sig_stopped
# what the fatal-signal handler reads: the hooks (each with the state it
# undoes: a run of node making, an archive temporary) and their count
sys/sig.o hooks
sys/sig.o nhooks
# the handlers are installed once a process, and exit(3) calls the hooks
# through one atexit registration
sys/sig.o installed
sys/sig.o exit_set
# the dispositions saved while a run may be asked to stop, put back at
# its end (sig_stop_end)
sys/sig.o stop_old
sys/sig.o stop_set
# a library loaded with dlopen(3) on first use is the process'"'"'s, as the
# dynamic linker'"'"'s own state: whether it is, and its entry points
sys/la.o loaded
sys/la.o la_*
sys/unpack.o loaded
sys/unpack.o p_*
base/libcap.o loaded
base/libcap.o dt_cap_*
base/libjsonc.o loaded
base/libjsonc.o jc_*
'

run_statics() {
	need objdump statics binutils || return
	: >"$out"
	obj=${LINT_OBJ:-$out.obj}
	mkdir -p "$obj" || return
	for f in $(cd "$SRC" && for c in *.c */*.c; do
		[ -f "$c" ] && echo "$c"
	done); do
		layer_compile "$f"
		layer_obj "$f"
		[ -f "$o" ] || continue
		# shellcheck disable=SC2016 # awk's own $1
		objdump -t "$o" | awk -v f="${f%.c}.o" -v allow="$STATICS_ALLOW" '
		    BEGIN {
			n = split(allow, line, "\n")
			for (i = 1; i <= n; i++)
				if (line[i] !~ /^#/ && split(line[i], w, " ") == 2 &&
				    w[1] == f)
					ok[w[2]] = 1
		    }
		    NF >= 5 {
			sec = $(NF - 2); name = $NF; obj = 0
			for (i = 2; i < NF - 2; i++)
				if ($i == "O")
					obj = 1
			if (!obj || sec ~ /^\.data\.rel\.ro/ ||
			    sec !~ /^\.(data|bss|tdata|tbss)(\.|$)/)
				next
			sub(/\.[0-9]+$/, "", name)
			if (name in ok)
				next
			for (a in ok)
				if (a ~ /\*$/ && index(name, substr(a, 1,
				    length(a) - 1)) == 1)
					next
			print "src/" f ": " name " (" sec "): file-static " \
			    "mutable state; a run'"'"'s goes in its context " \
			    "(a verb'"'"'s options struct, verbs.h), a table " \
			    "is const, or STATICS_ALLOW gives its reason"
		    }'
	done >>"$out"
	[ ! -s "$out" ]
	result statics $?
}

for t in $TOOLS; do
	case $t in
	layers) run_layers ;;
	buffers) run_buffers ;;
	statics) run_statics ;;
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
