#!/usr/bin/env bats
# The longest names a tree may hold, listed in every dialect and read
# back (devtool(1): list, DEVICE TABLES, "What list writes, apply
# reads"): 14 directories of 250 bytes each, a symbolic link whose
# target is 3,700 bytes, and a device node at the deepest level.  Every
# byte of them is escaped (mtree's \ooo and tmpfiles' \xNN take 4 bytes,
# JSON's \u00XX 6), so a line is far longer than the path: no dialect may
# overflow, refuse a legal tree as "too long", or write a line apply
# cannot read.  Also: link targets that start with '#', pseudo's top
# directory, and the lint rule that keeps sprintf out of src/.

load test_helper

# A tree of the longest names, of byte BYTE (0xff: not UTF-8; 0x01: a
# control character): DIR/ then 14 directories of 250 bytes, holding a
# link "l" to 3,700 bytes (BYTE, or bytes >= 0x80 for 0xff) and, where
# mknod(2) may be called, a character device "n" (1:3).
make_tree() {
	python3 - "$1" "$2" <<-'EOF'
	import os, sys
	top, byte = os.fsencode(sys.argv[1]), int(sys.argv[2], 0)
	p = top
	for _ in range(14):
	    p = os.path.join(p, bytes([byte]) * 250)
	os.makedirs(p, 0o755)
	if byte == 0xff:
	    target = bytes(0x80 + i % 0x80 for i in range(3700))
	else:
	    target = bytes([byte]) * 3700
	os.symlink(target, os.path.join(p, b"l"))
	try:
	    os.mknod(os.path.join(p, b"n"), 0o20600, os.makedev(1, 3))
	except PermissionError:
	    pass
	EOF
}

setup_file() {
	umask 022
	make_tree "$BATS_FILE_TMPDIR/high" 0xff
	make_tree "$BATS_FILE_TMPDIR/ctrl" 0x01
}

setup() {
	helper_setup
	HIGH=$BATS_FILE_TMPDIR/high
	CTRL=$BATS_FILE_TMPDIR/ctrl
}

# same_tree A B [DROP]: A and B hold the same entries, as list --dirs -o
# tmpfiles says them byte for byte (its escapes are bytes), but for the
# lines that match the extended regular expression DROP in A's.
same_tree() {
	local a b
	a=$(devtool list --dirs -o tmpfiles --root "$1" /) || fail "list $1"
	b=$(devtool list --dirs -o tmpfiles --root "$2" /) || fail "list $2"
	if [[ -n ${3:-} ]]; then
		a=$(grep -Ev -- "$3" <<<"$a")
	fi
	[[ $a == "$b" ]] || fail "the tree applied is not the tree listed:"$'\n'"$(diff <(echo "$a") <(echo "$b") | cut -c 1-200 | head -20)"
}

# round_trip TREE DIALECT [DROP]: list -o DIALECT of TREE exits 0, apply
# of that output into an empty root exits 0, and the root then holds TREE.
round_trip() {
	local tree=$1 dialect=$2 out=$BATS_TEST_TMPDIR/$2.out
	local root=$BATS_TEST_TMPDIR/$2.root

	devtool list --dirs -o "$dialect" --root "$tree" / >"$out" ||
		fail "list -o $dialect exited $?"
	mkdir "$root"
	run --separate-stderr devtool apply -i "$dialect" --root "$root" "$out"
	assert_status 0
	same_tree "$tree" "$root" "${3:-}"
}

@test "longest names (bytes >= 0x80): each dialect read writes a line per entry that apply makes back into the same tree" {
	needs_mknod
	for d in tmpfiles mtree gen_init_cpio pseudo; do
		round_trip "$HIGH" "$d"
	done
	# a symbolic link is a comment line in makedevs (DEVICE TABLES)
	round_trip "$HIGH" makedevs '^L	'
}

@test "longest names (bytes >= 0x80): the lines are as long as their escapes make them, and each fits the line reader" {
	needs_mknod
	local mtree tmpfiles
	mtree=$(devtool list -o mtree --root "$HIGH" /)
	# the link: "./" then 14 names of 250 \377, "/l type=link ... link="
	# and 3,700 bytes of \ooo: 14 * 1004 + 3 + ... + 14,800 bytes
	[[ $(awk '/ type=link /' <<<"$mtree" | wc -c) -gt 28800 ]] ||
		fail "mtree's link line is shorter than its escapes"
	[[ $(grep -c $' type=link mode=0777 uid=0 gid=0 link=\\\\200\\\\201\\\\202' <<<"$mtree") -eq 1 ]] ||
		fail "mtree's link line does not end in the target's escapes"
	tmpfiles=$(devtool list -o tmpfiles --root "$HIGH" /)
	[[ $(grep -c '^L	/\\xff\\xff' <<<"$tmpfiles") -eq 1 &&
	    $(grep -c '^c	/\\xff\\xff.*/n	0600	0	0	-	1:3$' <<<"$tmpfiles") -eq 1 ]] ||
		fail "tmpfiles: $(cut -c 1-200 <<<"$tmpfiles")"
}

@test "longest names (bytes >= 0x80): json and oci list them (each byte not UTF-8 as \\u00XX), the rule dialects write their rules" {
	needs_mknod
	run --separate-stderr devtool list -o json --root "$HIGH" /
	assert_status 0
	[[ ${#lines[@]} -eq 2 ]] || fail "$(cut -c 1-200 <<<"$output")"
	python3 -c 'import json, sys
for line in sys.stdin:
    o = json.loads(line)
    assert len(o["path"]) == 14 * 251 + 2, len(o["path"])
    assert o["type"] in "lc"' <<<"$output" || fail "json lines do not parse"
	run --separate-stderr devtool list -o oci --root "$HIGH" /
	assert_status 0
	python3 -c 'import json, sys; a = json.load(sys.stdin); assert len(a) == 1 and a[0]["major"] == 1, a' <<<"$output" ||
		fail "the oci array does not parse"
	run --separate-stderr devtool list -o cgroup --root "$HIGH" /
	assert_status 0
	assert_output 'c 1:3 rwm'
	run --separate-stderr devtool list -o oci-allow --root "$HIGH" /
	assert_status 0
	assert_output $'[\n{"allow":false,"access":"rwm"},\n{"allow":true,"type":"c","major":1,"minor":3,"access":"rwm"}\n]'
	# one minor of major 1 is not its driver's group: --widen writes it
	run --separate-stderr devtool list -o deviceallow-groups --widen --root "$HIGH" /
	assert_status 0
	assert_output 'DeviceAllow=char-mem rwm'
	assert_stderr_contains $'\ndevtool: warning: --widen: DeviceAllow=char-mem rwm also allows what no node listed is: c 1:0-2,4-255, and every minor above 255 of those majors'
	# systemd refuses a unit file that is not UTF-8: named, not a crash
	# an entry its output cannot write: exit 1 (EXIT STATUS in devtool(1))
	run --separate-stderr devtool list -o deviceallow --root "$HIGH" /
	assert_status 1
	assert_output ''
	assert_stderr_regex '/n: not under /dev, where systemd takes DeviceAllow= paths$'
}

@test "longest names of control characters (6 bytes each in JSON): json, tmpfiles, mtree and pseudo carry them back; oci the node" {
	needs_mknod
	for d in json tmpfiles mtree pseudo; do
		round_trip "$CTRL" "$d"
	done
	# oci holds only the node; its directories are made as apply makes
	# parents (0755, root's), which they are
	round_trip "$CTRL" oci '^L	'
}

@test "longest names of control characters: makedevs and gen_init_cpio, which cannot hold them, say so and name the path" {
	for d in makedevs gen_init_cpio; do
		run --separate-stderr devtool list -o "$d" --root "$CTRL" /
		assert_status 1	# an entry its output cannot write
		assert_stderr_regex "devtool: path '/\\?+\\.\\.\\.\\?+/n' has white space or a control character, which a"
	done
}

@test "list --table of a tmpfiles L line with a path and a target of the longest: the same line, and as mtree the same link" {
	local table=$BATS_TEST_TMPDIR/t.conf
	python3 - "$table" <<-'EOF'
	import sys
	path = "".join("/" + "\\xff" * 250 for _ in range(14)) + "/l"
	target = "".join("\\x%02x" % (0x80 + i % 0x80) for i in range(3700))
	with open(sys.argv[1], "w") as f:
	    f.write("L\t%s\t-\t-\t-\t-\t%s\n" % (path, target))
	EOF
	run --separate-stderr devtool list --table -o tmpfiles "$table"
	assert_status 0
	assert_output "$(cat "$table")"
	devtool list --table -o mtree "$table" >"$BATS_TEST_TMPDIR/t.mtree" ||
		fail "list --table -o mtree exited $?"
	run --separate-stderr devtool list --table -o tmpfiles "$BATS_TEST_TMPDIR/t.mtree"
	assert_status 0
	assert_line "$(cat "$table")"
	mkdir "$BATS_TEST_TMPDIR/r"
	run --separate-stderr devtool apply -n --root "$BATS_TEST_TMPDIR/r" "$table"
	assert_status 0
	[[ ${#lines[@]} -eq 15 ]] || fail "$(cut -c 1-100 <<<"$output")"
	assert_line --index 14 --regexp '^would create (/\?{250}){14}/l \(l -> \?{3700}\)$'
}

@test "a link target that starts with '#' is written by gen_init_cpio and pseudo as it is, and read back" {
	mkdir -p A/d P
	chmod 0755 A/d
	ln -s '#x' A/l
	ln -s '#' A/d/m
	ln -s '# y #' P/s
	devtool list -o gen_init_cpio --root A / >cpio.list
	assert_equal "$(cat cpio.list)" $'dir /d 0755 0 0\nslink /d/m # 0777 0 0\nslink /l #x 0777 0 0'
	devtool list -o pseudo --root A / >pseudo.out
	assert_equal "$(cat pseudo.out)" $'d d 0755 0 0\nd/m s 0777 0 0 #\nl s 0777 0 0 #x'
	for t in cpio.list pseudo.out; do
		rm -rf B
		mkdir B
		run --separate-stderr devtool apply --root B "$t"
		assert_status 0
		assert_equal "$(readlink B/l)" '#x'
		assert_equal "$(readlink B/d/m)" '#'
	done
	# a pseudo target is the rest of the line: white space inside it too
	devtool list -o pseudo --root P / >p2.out
	assert_equal "$(cat p2.out)" 's s 0777 0 0 # y #'
	run --separate-stderr devtool apply --root B p2.out
	assert_status 0
	assert_equal "$(readlink B/s)" '# y #'
	# a '#' word after all of a line's fields is still a comment
	printf 'dir /e 0755 0 0 # the top\n' >c2.list
	run --separate-stderr devtool apply -n --root B c2.list
	assert_status 0
	assert_output 'would create directory /e (d, mode 0755, owner 0:0)'
}

@test "list --dirs -o pseudo of the top directory alone is read back as pseudo, not makedevs" {
	mkdir A
	chmod 0755 A
	run --separate-stderr devtool list --dirs -o pseudo --root A /
	assert_status 0
	assert_output '"/" d 0755 0 0'
	echo "$output" >top.pseudo
	run --separate-stderr devtool apply -n --root A top.pseudo
	assert_status 0
	assert_output 'would keep / (d, mode 0755, owner 0:0)'
}

@test "lint: sprintf, vsprintf, strcpy and strcat in src/ are each named FILE:LINE; the tree as it is has none" {
	local lint=$BATS_TEST_DIRNAME/../scripts/lint.sh
	run env LINT_ONLY=buffers sh "$lint"
	assert_status 0
	assert_line 'lint buffers: ok'
	local S=$BATS_TEST_TMPDIR/S n m
	cp -r "$BATS_TEST_DIRNAME/../src" "$S"
	find "$S" -name '*.[od]' -delete
	n=$(($(wc -l <"$S/base/text.c") + 1))
	printf '%s\n' 'static void f(char *p) { sprintf(p, "%d", 1); }' \
	    '/* x */ static void g(char *p) { strcat(p, "x"); }' >>"$S/base/text.c"
	printf '%s\n' 'static void h(char *p, va_list ap) { vsprintf(p, "%s", ap); strcpy(p, "y"); }' \
	    >>"$S/dialects/mtree.c"
	m=$(wc -l <"$S/dialects/mtree.c")
	run env LINT_SRC="$S" LINT_ONLY=buffers sh "$lint"
	assert_status 1
	assert_line "  $S/base/text.c:$n: sprintf (into a fixed array: append to a struct dt_buf, base/buf.h)"
	assert_line "  $S/base/text.c:$((n + 1)): strcat (into a fixed array: append to a struct dt_buf, base/buf.h)"
	assert_line "  $S/dialects/mtree.c:$m: vsprintf (into a fixed array: append to a struct dt_buf, base/buf.h)"
	assert_line 'lint buffers: FAILED'
	# snprintf, vsnprintf and asprintf are bounded or allocate: allowed
	printf '%s\n' 'static int k(char *p) { return snprintf(p, 4, "%d", 1); }' >"$S/base/text.c"
	printf '%s\n' 'static int k(char **p) { return asprintf(p, "%d", 1); }' >"$S/dialects/mtree.c"
	run env LINT_SRC="$S" LINT_ONLY=buffers sh "$lint"
	assert_status 0
}
