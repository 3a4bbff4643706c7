#!/usr/bin/env bats
# make lint's layers check (scripts/lint.sh; docs/DESIGN.md, "The
# layers"): on a copy of src/ with one fault planted, it fails naming
# the fault; on the tree as it is, it passes.

LINT_TOOL=layers
load lint_copy

layers() {
	lint_copy
}

@test "lint layers: the tree as it is passes" {
	layers
	[ "$status" -eq 0 ]
	grep -qx 'lint layers: ok' <<<"$output"
}

# docs/DESIGN.md, "The layers": no .c file over 800 lines.
@test "lint layers: a .c file over 800 lines fails, naming it and its length" {
	for _ in $(seq 800); do echo; done >>"$S/base/path.c"
	n=$(wc -l <"$S/base/path.c")
	layers
	[ "$status" -eq 1 ]
	says "src/base/path.c: $n lines, over 800 (split it along a seam, docs/DESIGN.md)"
	grep -qx 'lint layers: FAILED' <<<"$output"
}

@test "lint layers: an include of a higher folder fails, naming the file and both ranks" {
	sed -i '0,/^#include "/s//#include "sys\/node.h"\n&/' "$S/base/path.c"
	layers
	[ "$status" -eq 1 ]
	says 'src/base/path.c (base, rank 0): includes sys/node.h (sys, rank 4)'
	grep -qx 'lint layers: FAILED' <<<"$output"
}

@test "lint layers: sources/ including targets/ fails: they never use each other" {
	sed -i '0,/^#include "/s//#include "targets\/target.h"\n&/' \
	    "$S/sources/source_tree.c"
	layers
	[ "$status" -eq 1 ]
	says 'src/sources/source_tree.c (sources): includes targets/target.h: sources/ and targets/ never use each other'
}

@test "lint layers: an include cycle between two files fails, naming the path round" {
	sed -i '0,/^#include /s//#include "sys\/walk.h"\n&/' "$S/sys/temp.h"
	layers
	[ "$status" -eq 1 ]
	says 'include cycle: sys/temp (includes sys/walk.h) -> sys/walk (includes sys/temp.h) -> sys/temp'
}

@test "lint layers: a symbol cycle between two objects fails, naming the calls" {
	printf '%s\n' 'int sig_planted(void);' 'int temp_planted(void);' \
	    'int sig_planted(void) { return temp_planted(); }' >>"$S/sys/sig.c"
	printf '%s\n' 'int sig_planted(void);' 'int temp_planted(void);' \
	    'int temp_planted(void) { return sig_planted(); }' >>"$S/sys/temp.c"
	layers
	[ "$status" -eq 1 ]
	says 'symbol cycle: sys/sig (calls temp_planted) -> sys/temp (calls sig_planted) -> sys/sig'
}

@test "lint layers: a call up the ranks fails even without the include" {
	printf '%s\n' 'int node_path_ok(const char *);' \
	    'int path_planted(void) { return node_path_ok("x"); }' \
	    >>"$S/base/path.c"
	layers
	[ "$status" -eq 1 ]
	says 'src/base/path.c (base, rank 0): calls node_path_ok of src/sys/node.c (sys, rank 4)'
}

@test "lint layers: a name service lookup in a pure layer fails, naming it" {
	printf '%s\n' '#include <pwd.h>' \
	    'void *path_planted(void) { return getpwnam("root"); }' \
	    >>"$S/base/path.c"
	layers
	[ "$status" -eq 1 ]
	says 'src/base/path.c (pure): calls getpwnam, a name service lookup (only sys/, sources/, targets/ and cli/ may)'
}

@test "lint layers: root_impl.h included outside root.c's few fails: struct root is opaque" {
	sed -i '0,/^#include "/s//#include "sys\/root_impl.h"\n&/' "$S/sys/walk.c"
	layers
	[ "$status" -eq 1 ]
	says 'src/sys/walk.c: includes sys/root_impl.h (struct root is opaque but to sys/root.c sys/root_walk.c sys/place.c sys/node.c sys/node_parents.c sys/node_nodev.c)'
}

@test "lint layers: encode.c and encode.h at the top of src/ are the codec's floor, rank 1" {
	sed -i '0,/^#include "/s//#include "sys\/node.h"\n&/' "$S/encode.c"
	sed -i '0,/^#include "/s//#include "encode.h"\n&/' "$S/base/path.c"
	layers
	[ "$status" -eq 1 ]
	says 'src/encode.c (codec, rank 1): includes sys/node.h (sys, rank 4)'
	says 'src/base/path.c (base, rank 0): includes encode.h (codec, rank 1)'
}

@test "lint layers: devtool.c at the top of src/ is the CLI's floor, rank 6" {
	printf '%s\n' 'int devtool_planted(void);' \
	    'int devtool_planted(void) { return 0; }' >>"$S/devtool.c"
	printf '%s\n' 'int devtool_planted(void);' \
	    'int temp_planted(void) { return devtool_planted(); }' >>"$S/sys/temp.c"
	layers
	[ "$status" -eq 1 ]
	says 'src/sys/temp.c (sys, rank 4): calls devtool_planted of src/devtool.c (cli, rank 6)'
}

@test "lint layers: a file at the top of src/ that TOP_FILES does not name fails" {
	printf '%s\n' '#include "encode.h"' 'int stray_planted(void);' \
	    'int stray_planted(void) { return 0; }' >"$S/stray.c"
	layers
	[ "$status" -eq 1 ]
	says 'src/stray.c: at the top of src/, a file of no layer (TOP_FILES, docs/DESIGN.md)'
}
