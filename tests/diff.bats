#!/usr/bin/env bats
# devtool diff (devtool(1), diff): two sides, each a tree, a table, an
# archive or the kernel, matched by path and compared field by field;
# the differences as lines, as JSON, or as the table that turns A into B
# (-o), which apply -r makes so.  Trees of real nodes: run as root.

load test_helper

FIX=$BATS_TEST_DIRNAME/fixtures/sysfs
DIALECTS=(makedevs tmpfiles mtree gen_init_cpio pseudo json oci)

setup() {
	setup_workdir
	unset DEVTOOL_SYSFS
}

teardown() {
	unmount_all
}

assert_lines_exactly() {
	local want
	want=$(printf '%s\n' "$@")
	[[ $output == "$want" ]] ||
		fail "stdout differs:"$'\n'"$(diff <(echo "$want") <(echo "$output"))"
}

# The types a dialect holds (its row's types), as --only takes them.
types_of() {
	case $1 in
	makedevs) echo c,b,p,d,f,s ;;
	tmpfiles) echo c,b,p,d,f,l ;;
	oci) echo c,b,p ;;
	json | mtree) echo c,b,p,d,f,l,s ;;
	*) echo c,b,p,d,l,s ;;
	esac
}

sock() {
	python3 -c 'import socket,sys; socket.socket(socket.AF_UNIX).bind(sys.argv[1])' "$1"
}

# A /dev under $1 with an entry of every type but f: nodes with owners,
# a FIFO, a socket, a link and a sticky directory.
make_dev() {
	mkdir -p "$1/dev/input"
	mknod -m 0666 "$1/dev/null" c 1 3
	mknod -m 0620 "$1/dev/tty1" c 4 1
	chown 0:5 "$1/dev/tty1"
	mknod -m 0660 "$1/dev/sda" b 8 0
	chown 0:6 "$1/dev/sda"
	mknod -m 0600 "$1/dev/input/mice" c 13 63
	mkfifo -m 0600 "$1/dev/initctl"
	sock "$1/dev/log"
	chmod 0666 "$1/dev/log"
	ln -s /proc/self/fd "$1/dev/fd"
	mkdir -m 1777 "$1/dev/shm"
}

# ------------------------------------------------ what is the same

@test "diff: two table files given as trees are refused, each naming --table and --archive" {
	printf '/dev/null c 666 0 0 1 3 - - -\n' >a.tbl
	cp a.tbl b.tbl
	run --separate-stderr devtool diff a.tbl b.tbl
	assert_status 2
	assert_stdout_empty
	assert_equal "$stderr" "devtool: $PWD/a.tbl: a regular file, not a tree: --table reads a device table, --archive an archive
devtool: $PWD/b.tbl: a regular file, not a tree: --table reads a device table, --archive an archive
devtool: A and B could not be read: nothing compared"
	run --separate-stderr devtool diff --table a.tbl --table b.tbl
	assert_status 0
	assert_output ""
}

@test "a tree applied from each dialect diffs clean against its table: no output, exit 0" {
	needs_mknod
	make_dev R
	for d in "${DIALECTS[@]}"; do
		devtool list -o "$d" --root R /dev >"t.$d" 2>/dev/null
		mkdir "S.$d" && devtool apply --root "S.$d" "t.$d"
		run --separate-stderr devtool diff --table "t.$d" --root "S.$d" /dev
		[[ $status == 0 ]] || fail "$d: exit $status: $output $stderr"
		assert_output ''
		assert_stderr_empty
	done
}

@test "a tree diffs clean against itself, and against a copy under another --root" {
	needs_mknod
	make_dev R
	cp -a R C
	run --separate-stderr devtool diff --root R /dev --root R /dev
	assert_success
	assert_output ''
	run --separate-stderr devtool diff --root R /dev --root C /dev
	assert_success
	assert_output ''
}

@test "an archive diffs clean against the table it was made from and against the tree of that table" {
	needs_mknod
	make_dev R
	devtool list -o json --root R /dev >t.json
	devtool apply --archive initrd.cpio t.json
	run --separate-stderr devtool diff --archive initrd.cpio --table t.json
	assert_success
	assert_output ''
	run --separate-stderr devtool diff --archive initrd.cpio --root R /dev
	assert_success
	assert_output ''
}

@test "a range line compares as its nodes: one node missing is one line" {
	needs_mknod
	printf '/dev/ttyS c 660 0 5 4 64 0 1 4\n' >t
	mkdir -p R/dev
	for i in 0 1 3; do
		mknod -m 0660 "R/dev/ttyS$i" c 4 $((64 + i))
		chown 0:5 "R/dev/ttyS$i"
	done
	run --separate-stderr devtool diff --table t --root R /dev
	assert_failure 1
	assert_output '- /dev/ttyS2 c 4:66'
}

@test "a directory 0755 of root's on one side only is not a difference; a sticky one is" {
	needs_mknod
	mkdir -p A/dev/empty B/dev/shm
	chmod 1777 B/dev/shm
	run --separate-stderr devtool diff --root A /dev --root B /dev
	assert_failure 1
	assert_output '+ /dev/shm d'
	mkdir -p A/dev/shm
	run --separate-stderr devtool diff --root A /dev --root B /dev
	assert_failure 1
	assert_output '~ /dev/shm mode 0755 -> 1777'
}

@test "a tmpfiles '-' mode or owner says nothing to compare: it keeps what is there" {
	needs_mknod
	mkdir -p R/dev
	mknod -m 0640 R/dev/x c 1 3
	chown 7:8 R/dev/x
	printf 'c /dev/x - - - - 1:3\n' >t.conf
	run --separate-stderr devtool diff --table t.conf --root R /dev
	assert_success
	assert_output ''
}

@test "a table's names resolve in the database of the tree's --root, as apply --root resolved them" {
	needs_mknod
	mkdir -p N/etc
	echo 'tty:x:77:' >N/etc/group
	printf 'c /dev/tty3 0660 0 tty - 4:3\n' >t.conf
	mkdir -p N && devtool apply --root N t.conf
	run --separate-stderr devtool diff --table t.conf --root N /dev
	assert_success
	assert_output ''
	mkdir -p O/etc
	echo 'tty:x:5:' >O/etc/group
	run --separate-stderr devtool diff --users-from O --table t.conf --root N /dev
	assert_failure 1
	assert_output '~ /dev/tty3 group 5 -> 77'
}

# ------------------------------------------------ what differs

# A and B: B is A with a difference planted in every field, and an entry
# on each side only.
plant() {
	make_dev A
	cp -a A B
	chmod 0066 B/dev/null                      # mode
	chown 7 B/dev/tty1                          # owner
	chgrp 0 B/dev/sda                           # group
	rm B/dev/input/mice                         # numbers
	mknod -m 0600 B/dev/input/mice c 13 64
	rm B/dev/initctl                            # type
	mknod -m 0600 B/dev/initctl c 1 9
	ln -sfn /proc/self/fd2 B/dev/fd             # target
	mknod -m 0600 B/dev/new c 10 1              # only in B
	rm B/dev/log                                # only in A
}

PLANTED=(
	'~ /dev/fd target /proc/self/fd -> /proc/self/fd2'
	'~ /dev/initctl type p -> c 1:9'
	'~ /dev/input/mice numbers 13:63 -> 13:64'
	'- /dev/log s'
	'+ /dev/new c 10:1'
	'~ /dev/null mode 0666 -> 0066'
	'~ /dev/sda group 6 -> 0'
	'~ /dev/tty1 owner 0 -> 7'
)

@test "planted differences of every field are each reported once, sorted by path, with exit 1" {
	needs_mknod
	plant
	run --separate-stderr devtool diff --root A /dev --root B /dev
	assert_failure 1
	assert_stderr_empty
	assert_lines_exactly "${PLANTED[@]}"
}

@test "the sides swapped, every difference is said the other way round" {
	needs_mknod
	plant
	run --separate-stderr devtool diff --root B /dev --root A /dev
	assert_failure 1
	assert_lines_exactly \
		'~ /dev/fd target /proc/self/fd2 -> /proc/self/fd' \
		'~ /dev/initctl type c 1:9 -> p' \
		'~ /dev/input/mice numbers 13:64 -> 13:63' \
		'+ /dev/log s' \
		'- /dev/new c 10:1' \
		'~ /dev/null mode 0066 -> 0666' \
		'~ /dev/sda group 0 -> 6' \
		'~ /dev/tty1 owner 7 -> 0'
}

@test "--json prints each planted difference as one JSON object a line" {
	needs_mknod
	plant
	run --separate-stderr devtool diff --json --root A /dev --root B /dev
	assert_failure 1
	assert_lines_exactly \
		'{"op":"~","path":"/dev/fd","field":"target","a":"/proc/self/fd","b":"/proc/self/fd2"}' \
		'{"op":"~","path":"/dev/initctl","field":"type","a":{"type":"p"},"b":{"type":"c","major":1,"minor":9}}' \
		'{"op":"~","path":"/dev/input/mice","field":"numbers","a":"13:63","b":"13:64"}' \
		'{"op":"-","path":"/dev/log","type":"s","mode":"0666","uid":0,"gid":0}' \
		'{"op":"+","path":"/dev/new","type":"c","major":10,"minor":1,"mode":"0600","uid":0,"gid":0}' \
		'{"op":"~","path":"/dev/null","field":"mode","a":"0666","b":"0066"}' \
		'{"op":"~","path":"/dev/sda","field":"group","a":6,"b":0}' \
		'{"op":"~","path":"/dev/tty1","field":"owner","a":0,"b":7}'
	jq -e . <<<"$output" >/dev/null
}

@test "a table against a tree: the table's fields against the tree's, the table as A" {
	needs_mknod
	plant
	devtool list -o json --root A /dev >a.json
	run --separate-stderr devtool diff --table a.json --root B /dev
	assert_failure 1
	assert_lines_exactly "${PLANTED[@]}"
}

@test "--ignore leaves each named field out; time is accepted and compares nothing" {
	needs_mknod
	plant
	run --separate-stderr devtool diff --ignore mode,owner,group,numbers,target,time --root A /dev --root B /dev
	assert_failure 1
	assert_lines_exactly \
		'~ /dev/initctl type p -> c 1:9' \
		'- /dev/log s' \
		'+ /dev/new c 10:1'
	run --separate-stderr devtool diff --ignore mode --root A /dev --root B /dev
	assert_failure 1
	refute_output --partial 'mode'
	assert_output --partial '~ /dev/tty1 owner 0 -> 7'
}

@test "--only compares the entries of the types named, on either side" {
	needs_mknod
	plant
	run --separate-stderr devtool diff --only c --root A /dev --root B /dev
	assert_failure 1
	assert_lines_exactly \
		'~ /dev/initctl type p -> c 1:9' \
		'~ /dev/input/mice numbers 13:63 -> 13:64' \
		'+ /dev/new c 10:1' \
		'~ /dev/null mode 0666 -> 0066' \
		'~ /dev/tty1 owner 0 -> 7'
	run --separate-stderr devtool diff --only l,s --root A /dev --root B /dev
	assert_failure 1
	assert_lines_exactly \
		'~ /dev/fd target /proc/self/fd -> /proc/self/fd2' \
		'- /dev/log s'
}

@test "a path with a space or a backslash is written with octal escapes, so a line splits at its spaces" {
	needs_mknod
	mkdir -p A/dev B/dev
	mknod 'B/dev/a b' c 1 3
	ln -s 'x\y' B/dev/l
	run --separate-stderr devtool diff --root A /dev --root B /dev
	assert_failure 1
	assert_lines_exactly '+ /dev/a\040b c 1:3' '+ /dev/l l x\134y'
}

@test "-x keeps a tree to its file system: a mount inside it is not compared" {
	needs_mknod
	mkdir -p A/dev/shm B/dev/shm
	mknod -m 0600 A/dev/null c 1 3
	mknod -m 0666 B/dev/null c 1 3
	mount_tmpfs B/dev/shm mode=0755
	mknod B/dev/shm/x c 1 3
	run --separate-stderr devtool diff --root A /dev --root B /dev
	assert_failure 1
	assert_lines_exactly '~ /dev/null mode 0600 -> 0666' '+ /dev/shm/x c 1:3'
	run --separate-stderr devtool diff -x --root A /dev --root B /dev
	assert_failure 1
	assert_output '~ /dev/null mode 0600 -> 0666'
}

@test "the sides are A and B in the order given: --kernel before or after a tree" {
	needs_mknod
	mkdir -p R/dev
	mknod -m 0666 R/dev/null c 1 3
	mknod -m 0666 R/dev/stale c 1 99
	run --separate-stderr devtool diff --sysfs "$FIX" --only c,b --kernel --root R /dev
	assert_failure 1
	assert_lines_exactly \
		'- /dev/bus/usb/001/001 c 189:0' \
		'- /dev/console c 5:1' \
		'- /dev/dri/card0 c 226:0' \
		'- /dev/input/mice c 13:63' \
		'- /dev/net/tun c 10:200' \
		'- /dev/sda b 8:0' \
		'- /dev/sda1 b 8:1' \
		'+ /dev/stale c 1:99' \
		'- /dev/zero c 1:5'
	run --separate-stderr devtool diff --sysfs "$FIX" --root R /dev --kernel
	assert_failure 1
	assert_line --index 0 '+ /dev/bus/usb/001/001 c 189:0'
	assert_line '- /dev/stale c 1:99'
}

@test "--root is the root of the tree PATHs after it, -i the dialect of the tables after it" {
	needs_mknod
	mkdir -p A/dev B/dev
	mknod -m 0600 A/dev/x c 1 3
	printf '/dev/x c 644 0 0 1 3\n' >t
	run --separate-stderr devtool diff --root A /dev -i makedevs --table t
	assert_failure 1
	assert_output --partial '~ /dev/x mode'
	run --separate-stderr devtool diff --root B /dev --root A /dev
	assert_failure 1
	assert_output '+ /dev/x c 1:3'
	run --separate-stderr devtool diff -i tmpfiles --table t --root A /dev
	assert_usage_error
}

@test "two sides with no path in common: a warning says how paths are matched" {
	needs_mknod
	mkdir -p A/dev B/dev
	mknod A/dev/x c 1 3
	mknod B/dev/x c 1 3
	run --separate-stderr devtool diff A/dev B/dev
	assert_failure 1
	assert_stderr_contains "no path is on both sides: each side's paths are as seen from its root (--root DIR before a tree PATH)"
	# a table of other nodes than a tree's, in its /dev: no warning
	printf '/dev/y c 666 0 0 1 5\n' >t
	run --separate-stderr devtool diff --table t --root A /dev
	assert_failure 1
	assert_lines_exactly '+ /dev/x c 1:3' '- /dev/y c 1:5'
	assert_stderr_empty
}

@test "f lines are compared between two tables only; against a tree they are counted in a warning" {
	printf '/etc/passwd f 644 0 0 - - - - -\n/dev/null c 666 0 0 1 3\n' >a
	printf '/etc/passwd f 600 0 0 - - - - -\n/dev/null c 666 0 0 1 3\n' >b
	run --separate-stderr devtool diff --table a --table b
	assert_failure 1
	assert_output '~ /etc/passwd mode 0644 -> 0600'
	run --separate-stderr devtool diff --table a /dev/null
	assert_success
	assert_equal "$stderr" "devtool: warning: 1 regular file of A not compared: only two tables both list files"
}

# ------------------------------------------------ the patch

@test "diff -o writes, in each dialect, the table that apply -r makes B of A with: then diff says nothing" {
	needs_mknod
	local d types
	for d in "${DIALECTS[@]}"; do
		types=$(types_of "$d")
		rm -rf A B
		make_dev A
		cp -a A B
		chmod 0640 B/dev/null
		chown 7 B/dev/tty1
		chgrp 0 B/dev/sda
		rm B/dev/input/mice
		mknod -m 0600 B/dev/input/mice c 13 64
		mknod -m 0644 B/dev/new c 10 1
		mkfifo -m 0644 B/dev/pipe
		rm B/dev/initctl
		mknod -m 0600 B/dev/initctl c 1 9
		[[ $types != *l* ]] || ln -sfn /proc/self/fd2 B/dev/fd
		if [[ $types == *d* ]]; then
			mkdir -m 0700 B/dev/dir
			chmod 1755 B/dev/shm
		fi
		[[ $types != *s* ]] || sock B/dev/sock
		run --separate-stderr devtool diff -o "$d" --root A /dev --root B /dev
		[[ $status == 1 ]] || fail "$d: diff -o exit $status: $stderr"
		printf '%s\n' "$output" >"patch.$d"
		run --separate-stderr devtool apply -r --root A "patch.$d"
		[[ $status == 0 ]] || fail "$d: apply exit $status: $stderr"
		run --separate-stderr devtool diff --root A /dev --root B /dev
		[[ $status == 0 ]] || fail "$d: after the patch, exit $status: $output"
		assert_output ''
	done
}

@test "diff -o writes what is only in A as comment lines, which apply reads and leaves alone" {
	needs_mknod
	mkdir -p A/dev B/dev
	mknod -m 0600 A/dev/old c 1 3
	mknod -m 0600 'A/dev/old 2' c 1 4
	mknod -m 0600 B/dev/new c 1 5
	run --separate-stderr devtool diff -o tmpfiles --root A /dev --root B /dev
	assert_failure 1
	assert_lines_exactly \
		$'c\t/dev/new\t0600\t0\t0\t-\t1:5' \
		'# Only in A: a table removes nothing; remove these by hand, or write the device nodes and FIFOs with --removals FILE for apply --remove.' \
		'# - /dev/old c 1:3' \
		'# - /dev/old\0402 c 1:4'
	printf "%s\n" "$output" >fix.conf
	run --separate-stderr devtool apply -r --root A fix.conf
	assert_success
	[[ -c A/dev/old ]] || fail "A/dev/old is not a character device"
	run --separate-stderr devtool diff --root A /dev --root B /dev
	assert_failure 1
	assert_lines_exactly '- /dev/old c 1:3' '- /dev/old\0402 c 1:4'
}

@test "diff -o in a dialect without comments names what is only in A in a warning" {
	needs_mknod
	mkdir -p A/dev B/dev
	mknod -m 0600 A/dev/old c 1 3
	run --separate-stderr devtool diff -o json --root A /dev --root B /dev
	assert_failure 1
	assert_output ''
	assert_equal "$stderr" "devtool: warning: 1 entry only in A, which a json table cannot say as comments: a table removes nothing; remove it by hand (diff without -o lists it; --removals FILE lists the device nodes and FIFOs for apply --remove)"
	# with --removals the node is in the list: nothing left to warn of
	run --separate-stderr devtool diff -o json --removals gone --root A /dev --root B /dev
	assert_failure 1
	assert_output ''
	assert_equal "$stderr" ''
	assert_equal "$(cat gone)" /dev/old
}

@test "diff --removals writes A's device nodes and FIFOs that B lacks; apply --remove removes them, then diff says nothing" {
	needs_mknod
	mkdir -p A/dev/sub B/dev
	mknod -m 0600 A/dev/old c 1 3
	mknod -m 0600 'A/dev/old 2' b 7 0
	mkfifo A/dev/sub/fifo
	mknod -m 0600 A/dev/same c 1 5
	mknod -m 0600 B/dev/same c 1 5
	mknod -m 0600 B/dev/new c 1 7
	run --separate-stderr devtool diff -o tmpfiles --removals gone --root A /dev --root B /dev
	assert_failure 1
	assert_lines_exactly \
		$'c\t/dev/new\t0600\t0\t0\t-\t1:7' \
		'# Only in A: a table removes nothing; apply --remove FILE of --removals removes the device nodes and FIFOs, the rest by hand.' \
		'# - /dev/old c 1:3' \
		'# - /dev/old\0402 b 7:0' \
		'# - /dev/sub/fifo p'
	printf "%s\n" "$output" >p
	assert_equal "$(cat gone)" $'/dev/old\n/dev/old 2\n/dev/sub/fifo'
	run --separate-stderr devtool apply --remove gone -r --root A p
	assert_success
	[[ ! -e A/dev/old && ! -e 'A/dev/old 2' && ! -e A/dev/sub/fifo ]] ||
		fail "a node listed in gone is still in A"
	[[ -c A/dev/same ]] || fail "A/dev/same, in both, was removed"
	run --separate-stderr devtool diff --root A /dev --root B /dev
	assert_success
	assert_output ''
	# a path already gone is no failure: remove if it exists
	run --separate-stderr devtool apply --remove gone --root A /dev/null
	assert_success
}

@test "diff --removals of two equal sides writes an empty list, over an old one" {
	needs_mknod
	make_dev A
	echo /dev/null >gone
	run --separate-stderr devtool diff -o tmpfiles --removals gone --root A /dev --root A /dev
	assert_success
	assert_output ''
	[[ -f gone && ! -s gone ]] || fail "gone is not an empty file"
}

@test "apply --remove never removes a regular file, directory, symbolic link or socket: each reported, exit 1" {
	mkdir -p R/dev/dir
	echo keep >R/dev/file
	ln -s file R/dev/link
	ln -s /etc/passwd R/dev/outside
	python3 -c 'import socket,sys; socket.socket(socket.AF_UNIX).bind(sys.argv[1])' R/dev/sock
	mkfifo R/dev/fifo
	printf '%s\n' /dev/file /dev/dir /dev/link /dev/outside /dev/sock /dev/fifo >gone
	run --separate-stderr devtool apply --remove gone --root R /dev/null
	assert_failure 1
	[[ -f R/dev/file && $(cat R/dev/file) == keep ]] || fail "the file was touched"
	[[ -d R/dev/dir && -L R/dev/link && -L R/dev/outside && -S R/dev/sock ]] ||
		fail "something that is not a node was removed"
	[[ -f /etc/passwd ]] || fail "the link was followed"
	[[ ! -e R/dev/fifo ]] || fail "the FIFO was not removed"
	assert_equal "$(grep -c 'only device nodes and FIFOs are ever removed; left alone' <<<"$stderr")" 5
	[[ $stderr == *"/dev/file: is a regular file;"* && $stderr == *"/dev/dir: is a directory;"* && $stderr == *"/dev/link: is a symbolic link;"* && $stderr == *"/dev/sock: is a socket;"* ]] ||
		fail "a refusal does not name its path and type: $stderr"
}

@test "apply --remove never leaves --root: a link on the way resolves inside it, as in a chroot" {
	mkdir -p R/dev R/outside outside
	mkfifo outside/fifo
	ln -s ../../outside R/dev/up
	ln -s "$PWD/outside" R/dev/abs
	printf '%s\n' /dev/up/fifo /dev/abs/fifo /../outside/fifo >gone
	run --separate-stderr devtool apply --remove gone --root R /dev/null
	assert_success
	[[ -p outside/fifo ]] || fail "a FIFO outside --root was removed"
	mkfifo R/outside/fifo
	run --separate-stderr devtool apply -v --remove gone --root R /dev/null
	assert_success
	assert_output 'removed /dev/up/fifo (p, mode 0644, owner 0:0)'
	[[ ! -e R/outside/fifo && -p outside/fifo ]] ||
		fail "not the FIFO inside --root was removed"
}

@test "without --remove nothing is removed: the patch's lines only in A are comments" {
	needs_mknod
	mkdir -p A/dev B/dev
	mknod -m 0600 A/dev/old c 1 3
	run --separate-stderr devtool diff -o tmpfiles --removals gone --root A /dev --root B /dev
	assert_failure 1
	printf "%s\n" "$output" >p
	run --separate-stderr devtool apply -r --root A p
	assert_success
	[[ -c A/dev/old ]] || fail "A/dev/old was removed without --remove"
	run --separate-stderr devtool apply -n -v --remove gone --root A p
	assert_success
	assert_output 'would remove /dev/old (c 1:3, mode 0600, owner 0:0)'
	[[ -c A/dev/old ]] || fail "a dry run removed A/dev/old"
}

@test "apply --remove: a line that is not an absolute path, or a list that cannot be read, is exit 2 and nothing is done" {
	mkdir -p R/dev
	mkfifo R/dev/fifo
	printf '/dev/fifo\ndev/x\n' >gone
	run --separate-stderr devtool apply --remove gone --root R /dev/null
	assert_failure 2
	[[ $stderr == *"gone:2: want an absolute path"* ]] || fail "$stderr"
	[[ $stderr == *"1 error in the table or the --remove list; nothing was created"* ]] || fail "$stderr"
	[[ -p R/dev/fifo ]] || fail "the FIFO was removed although the list has an error"
	run --separate-stderr devtool apply --remove missing --root R /dev/null
	assert_failure 1
	[[ -p R/dev/fifo ]] || fail "the FIFO was removed"
	run --separate-stderr devtool apply --remove gone --archive x.cpio /dev/null
	assert_failure 2
	run --separate-stderr devtool diff --removals gone --root R /dev --root R /dev
	assert_failure 2
}

@test "diff -o of two equal sides writes an empty table and exits 0" {
	needs_mknod
	make_dev A
	run --separate-stderr devtool diff -o makedevs --root A /dev --root A /dev
	assert_success
	assert_output ''
}

# ------------------------------------------------ trouble: exit 2

@test "exit 2 when a side cannot be read: a missing table, tree, --root or archive; nothing is compared" {
	run --separate-stderr devtool diff --table missing /dev/null
	assert_usage_error
	assert_equal "$stderr" "devtool: missing: No such file or directory
devtool: A could not be read: nothing compared"
	run --separate-stderr devtool diff /dev/null /nonexistent
	assert_usage_error
	assert_equal "$stderr" "devtool: /nonexistent: No such file or directory
devtool: B could not be read: nothing compared"
	run --separate-stderr devtool diff --root missing /dev /dev/null
	assert_usage_error
	assert_stderr_contains "devtool: --root missing: No such file or directory"
	run --separate-stderr devtool diff --archive missing.cpio /dev/null
	assert_usage_error
	assert_stderr_contains "A could not be read: nothing compared"
}

@test "exit 2 for a table that does not validate, and for lines of one table in conflict" {
	printf '/dev/x c 666 0 0 1\n' >bad
	run --separate-stderr devtool diff --table bad /dev/null
	assert_usage_error
	assert_stderr_contains "bad:1:"
	printf '/dev/x c 666 0 0 1 3\n/dev/x c 666 0 0 1 4\n' >twice
	run --separate-stderr devtool diff --table twice /dev/null
	assert_usage_error
	assert_stderr_contains "twice:2:"
}

@test "exit 2 for bad usage: not two sides, an option with nothing after it, bad --ignore, --only, -o" {
	local args
	for args in "/dev/null" "/dev/null /dev/null --kernel" "--root R" \
	    "--kernel /dev/null --root R" "-i tmpfiles --kernel /dev/null" \
	    "--ignore bogus --kernel /dev/null" "--ignore type --kernel /dev/null" \
	    "--only q --kernel /dev/null" "--only cb --kernel /dev/null" \
	    "--only= --kernel /dev/null" "-o cgroup --kernel /dev/null" \
	    "-o text --kernel /dev/null" "--json -o json --kernel /dev/null" \
	    "--sysfs /sys /dev/null /dev/null" "-x --kernel --table /dev/null" \
	    "--table - --archive -" "--table= /dev/null" "--root= /dev /dev"; do
		# shellcheck disable=SC2086 # the words are the arguments
		run --separate-stderr devtool diff $args
		[[ $status == 2 ]] || fail "diff $args: exit $status"
		assert_usage_error
	done
}

@test "exit 2 when standard output cannot be written" {
	run --separate-stderr bash -c '"$DEVTOOL" diff --sysfs "$1" --kernel /dev/null >/dev/full' _ "$FIX"
	assert_equal "$status" 2
	assert_stderr_contains "standard output"
}

@test "diff: out of memory is trouble (exit 2), never read as a difference (exit 1)" {
	[[ -z ${DEVTOOL_REAL:-} ]] || skip "valgrind's allocator ignores the limit"
	awk 'BEGIN { for (i = 0; i < 400000; i++)
		printf "/d/n%d c 0644 0 0 1 %d - - -\n", i, i }' >big.t
	if [[ -n ${DEVTOOL_SANITIZED:-} ]]; then
		# the sanitizer reserves its shadow memory: a limit on the
		# address space would stop it first; its own cap on one
		# allocation makes malloc fail instead
		ASAN_OPTIONS="${ASAN_OPTIONS:-}:allocator_may_return_null=1:max_allocation_size_mb=4" \
		    run "$DEVTOOL" diff --table big.t --table big.t
	else
		run bash -c 'ulimit -v 60000 && exec "$0" diff --table "$1" --table "$1"' \
		    "$DEVTOOL" big.t
	fi
	assert_failure 2
	# (the sanitizer says it could not allocate on a line of its own)
	assert_line 'devtool: Cannot allocate memory'
}
