#!/usr/bin/env bats
# make lint's statics check (scripts/lint.sh; docs/DESIGN.md, "State
# that is global"): on a copy of src/ with file-static mutable state
# planted in it, it fails naming the object, the name and its section;
# on the tree as it is, it passes.

LINT_TOOL=statics
load lint_copy

statics() {
	lint_copy
}

# says_static FILE NAME SECTION: the report names it (says).
says_static() {
	says "src/$1: $2 ($3): file-static mutable state; a run's goes in its context (a verb's options struct, verbs.h), a table is const, or STATICS_ALLOW gives its reason"
}

@test "lint statics: the tree as it is passes" {
	statics
	[ "$status" -eq 0 ]
	grep -qx 'lint statics: ok' <<<"$output"
}

@test "lint statics: a verb's file-static instance, a popt table that is not const and a function's static in src/cli/ fail, each named" {
	printf '%s\n' 'static int planted;' \
	    'int *planted_at(void) { return &planted; }' >>"$S/cli/formats.c"
	printf '%s\n' 'struct poptOption planted_options[] = {' \
	    '	{ "planted", 0, POPT_ARG_NONE, (void *)1, 0, "x", NULL },' \
	    '	POPT_TABLEEND' '};' >>"$S/cli/encode.c"
	printf '%s\n' 'int planted_count(void) { static int n = 1; return n++; }' \
	    >>"$S/cli/convert.c"
	statics
	[ "$status" -eq 1 ]
	says_static cli/formats.o planted .bss
	says_static cli/encode.o planted_options .data.rel.local
	says_static cli/convert.o n .data
	grep -qx 'lint statics: FAILED' <<<"$output"
}

@test "lint statics: a file-static counter in sys/ (.bss) and a function's static cache in base/ (.data) fail, each named" {
	cat >>"$S/sys/temp.c" <<'C'
static unsigned long planted_count;
unsigned long temp_planted(void);
unsigned long
temp_planted(void)
{
	return ++planted_count;
}
C
	cat >>"$S/base/number.c" <<'C'
int number_planted(void);
int
number_planted(void)
{
	static int cached = -1;

	if (cached < 0)
		cached = (int)getpid();
	return cached;
}
C
	sed -i '0,/^#include </s//#include <unistd.h>\n&/' "$S/base/number.c"
	statics
	[ "$status" -eq 1 ]
	says_static sys/temp.o planted_count .bss
	says_static base/number.o cached .data
}

@test "lint statics: an allowed name in another file is not allowed there" {
	cat >>"$S/dialects/json.c" <<'C'
static int installed;
int json_planted(void);
int
json_planted(void)
{
	return installed++;
}
C
	statics
	[ "$status" -eq 1 ]
	says_static dialects/json.o installed .bss
}
