#!/usr/bin/env bats
# The hardened build (README.md, "Building and installing"): the binary
# under test is read with binutils' readelf, nm and objdump, as
# hardening-check reads a packaged one.  Every property is asked of
# $DEVTOOL, the binary make check runs.
#
# make check-asan does not run this suite: the sanitizer build is made
# without these flags on purpose, since FORTIFY's checking functions hide
# accesses from AddressSanitizer.  Any binary without them fails here.

load test_helper

setup() {
	helper_setup
}

@test "hardening: a position-independent executable, its relocations read-only and bound at start (full RELRO)" {
	run readelf -hW "$DEVTOOL"
	assert_success
	assert_line --regexp '^ +Type: +DYN '
	run readelf -dW "$DEVTOOL"
	assert_success
	assert_line --regexp '\(FLAGS_1\) +Flags: .*\bPIE\b'
	# -z now: the whole GOT is resolved before main and made read-only
	assert_line --regexp '\(FLAGS_1\) +Flags: .*\bNOW\b'
	assert_line --regexp '\(FLAGS\) +.*\bBIND_NOW\b'
	run readelf -lW "$DEVTOOL"
	assert_success
	assert_line --regexp '^ +GNU_RELRO '
}

@test "hardening: every object of src/ is compiled with the stack protector, stack clash protection, CET and as PIE" {
	# The compiler records its code generation options in each compile
	# unit's DW_AT_producer (-g, the default CFLAGS): the libraries' calls
	# to __stack_chk_fail alone would not show that devtool's own code is
	# protected.
	local cu='' name units=0 flag
	run nm -D "$DEVTOOL"
	assert_line --regexp ' U __stack_chk_fail(@|$)'
	run readelf --debug-dump=info --dwarf-depth=1 "$DEVTOOL"
	assert_success
	while IFS= read -r line; do
		case $line in
		*DW_AT_producer*) cu=${line#*: GNU } ;;
		*DW_AT_name*)
			name=${line##*: }
			[[ $name == src/* && -n $cu ]] || continue
			units=$((units + 1))
			for flag in -fstack-protector-strong -fstack-clash-protection \
			    -fcf-protection=full -fPIE; do
				[[ " $cu " == *" $flag "* ]] ||
					fail "$name was compiled without $flag: $cu"
			done
			[[ " $cu " =~ \ -O[1-3gs]?\  ]] ||
				fail "$name was compiled without optimisation (FORTIFY needs it): $cu"
			cu=''
			;;
		esac
	done <<<"$output"
	((units >= 50)) ||
		fail "only $units compile units of src/ in the debug information (built without -g?)"
	# -fcf-protection marks each function that may be called through a
	# pointer with endbr64; main is one (libc calls it)
	run objdump -d --no-show-raw-insn --disassemble=main "$DEVTOOL"
	assert_success
	[[ $(grep -A1 '<main>:$' <<<"$output" | tail -n 1) == *endbr64* ]] ||
		fail "main does not begin with endbr64: $output"
}

@test "hardening: devtool's own code calls glibc's FORTIFY checking functions, beyond those the static libraries call" {
	# popt, libbsd and libmd are linked in statically (Makefile; json-c
	# is loaded on first use): their own __*_chk calls are set aside, so
	# that what is left can only come from devtool's objects built with
	# _FORTIFY_SOURCE (level 3 also checks copies into buffers whose size
	# is known only at run time, through __memcpy_chk and the like).
	local lib a libs='' own
	for lib in popt bsd md; do
		a=$(cc -print-file-name="lib$lib.a")
		[[ -f $a ]] || fail "lib$lib.a not found"
		libs+=$(nm -u "$a" 2>/dev/null | sed -n 's/.* U \(__[a-z_]*_chk\)$/\1/p')$'\n'
	done
	run nm -D "$DEVTOOL"
	assert_success
	own=$(sed -n 's/.* U \(__[a-z_]*_chk\)\(@.*\)\{0,1\}$/\1/p' <<<"$output" |
	    grep -vxF -e __stack_chk_fail -e "$(sort -u <<<"$libs" | sed '/^$/d')" ||
	    true)
	[[ -n $own ]] ||
		fail "no FORTIFY checking function imported but the static libraries' ($(sort -u <<<"$libs" | tr '\n' ' '))"
}

@test "hardening: the tables of text are read-only data, not pointers the loader relocates at every start (docs/DESIGN.md, Read-only tables)" {
	local n
	# nm's r and R: .rodata, shared with the file; d and D would be
	# .data.rel.ro, a page the loader writes (and copies) at start.
	run nm "$DEVTOOL"
	assert_success
	for table in devreg_rows devreg_rows_steps; do
		assert_line --regexp "^[0-9a-f]+ R $table\$"
	done
	for table in ignored used cpio_keywords json_keys filters formats \
	    methods unset encode_table list_table apply_table diff_table; do
		assert_line --regexp "^[0-9a-f]+ r $table\$"
	done
	run readelf -rW "$DEVTOOL"
	assert_success
	n=$(grep -c R_X86_64_RELATIVE <<<"$output")
	# 257 when the verbs' option tables became rows of text and offsets
	# (struct verb_option, verbs.h) and json-c was loaded on first use
	# (base/libjsonc.h); 639 before
	((n <= 350)) ||
		fail "$n R_X86_64_RELATIVE relocations, more than 350"
}

@test "start-up: make bench's floor (bench/imports_floor.sh) binds exactly the functions devtool imports, bound now (full RELRO)" {
	local want got
	# imported BINARY: the functions BINARY imports, by name
	imported() {
		readelf -W --dyn-syms "$1" | awk '$4 == "FUNC" &&
		    $5 == "GLOBAL" && $7 == "UND" { sub(/@.*/, "", $8); print $8 }' |
		    sort -u
	}
	sh "$BATS_TEST_DIRNAME/../bench/imports_floor.sh" "$DEVTOOL" >floor.c
	cc -O2 -fPIE -fno-builtin -w -pie -Wl,-z,relro,-z,now -o floor floor.c
	want=$(imported "$DEVTOOL")
	got=$(imported floor | grep -vxF __libc_start_main)
	[[ $(wc -l <<<"$want") -gt 100 ]] || fail "devtool imports $(wc -l <<<"$want") functions"
	assert_equal "$got" "$(grep -vxF __libc_start_main <<<"$want")"
	run readelf -d floor
	assert_line --regexp 'FLAGS.*BIND_NOW'
	run ./floor
	assert_success
}

@test "start-up: what every run executes lies in the first 64 KiB of code, and the binary has no DT_FINI (docs/DESIGN.md, What a start costs)" {
	local text addr f
	run readelf -SW "$DEVTOOL"
	assert_success
	text=$(awk '{ for (i = 1; i < NF; i++) if ($i == ".text") print $(i + 2) }' <<<"$output")
	[[ -n $text ]] || fail "no .text in readelf -S"
	run nm "$DEVTOOL"
	assert_success
	for f in main verb_run poptGetContext poptGetNextOpt cli_layout \
	    dt_parse_number dt_encode lines_out_flush cmd_encode cmd_decode \
	    cmd_convert cmd_mknod; do
		addr=$(awk -v f="$f" '$3 == f { print $1 }' <<<"$output")
		[[ -n $addr ]] || fail "$f is not in the binary"
		((0x$addr - 0x$text < 65536)) ||
			fail "$f at 0x$addr, past the first 64 KiB of .text (0x$text)"
	done
	run readelf -dW "$DEVTOOL"
	assert_success
	refute_line --regexp '\(FINI\) '
	# the destructors (.fini_array) are still run at exit
	assert_line --regexp '\(FINI_ARRAY\) '
}

@test "start-up: encode 300 5 calls no strspn, strcspn or fflush, each a page of libc that a start need not touch (callgrind; docs/DESIGN.md, What a start costs)" {
	# strspn and strcspn split the layouts' alias lists (has_word), and
	# fflush ran at exit on a stdout with nothing left to write.  The
	# names without a prefix are the dynamic linker's IFUNC resolvers,
	# which bind every run; the called implementations have one.
	valgrind --tool=callgrind --callgrind-out-file=cg \
	    "$DEVTOOL" encode 300 5 >out 2>log || fail "$(cat log)"
	[[ $(cat out) == 19660805 ]] || fail "printed $(cat out)"
	# (a name is written once, where it is first a caller, fn=, or a
	# callee, cfn=; later only its number)
	grep -oE '^c?fn=\([0-9]+\) [^ ]+' cg | sed 's/^c//' >names ||
		fail "no function names in callgrind's output"
	run cat names
	assert_line --regexp '^fn=\([0-9]+\) cmd_encode$'
	refute_line --regexp '^fn=\([0-9]+\) (__strc?spn_[a-z0-9_]+|fflush|_IO_fflush)$'
}

@test "start-up: the frames a run of nodes passes through, from the table's plan to node_make, the root's walk and its files, are under a page, walked by no stack-clash probe loop (docs/DESIGN.md, What a start costs)" {
	# -fstack-clash-protection grows a frame over 4 KiB a page at a time
	# (sub $0x1000,%rsp and a probe), touching every page of it at every
	# call: a page fault each, the first time, in a short run.  The
	# static helpers not listed by nm were inlined into those checked.
	local f body
	run nm "$DEVTOOL"
	assert_success
	assert_line --regexp ' T root_walk_open$'
	assert_line --regexp ' T node_make$'
	for f in root_walk_open walk_once walk_step walk_went walk_refuse \
	    walk_to_top node_make make_entry node_parents_open trail_open \
	    plan_put plan_add conflicts_pairs check_below_all root_step \
	    root_open_file open_regular_inside open_last; do
		body=$(objdump -d --no-show-raw-insn --disassemble="$f" \
		    "$DEVTOOL") || fail "objdump of $f failed"
		if grep -qE 'sub +\$0x1000,%rsp' <<<"$body"; then
			fail "$f has a frame over 4 KiB: $(grep -E 'sub +\$0x[0-9a-f]+,%rsp' <<<"$body" | head -4)"
		fi
	done
}
