#!/usr/bin/env bats
# specs.bats - the builders' spec dialects (devtool(1), "The mtree
# dialect", "The gen_init_cpio dialect", "The pseudo dialect"): written by
# list -o, read by the builders themselves (bsdtar, GNU cpio, mksquashfs
# with rdsquashfs and unsquashfs, NetBSD's mtree), read back by apply,
# detected or named with -i; every refusal with its FILE:LINE.

load test_helper

setup() {
	setup_workdir
	mkdir R		# the root the tests apply into: a --root must exist
	# the tree the writers list: a node past 8:8, a name with a space
	cat >made <<-'T'
	d /dev 0755 0 0 - -
	c /dev/null 0666 0 0 - 1:3
	b /dev/big 0640 0 6 - 300:70000
	p "/dev/sub/fi fo" 0600 0 5 - -
	L /dev/stdin - - - - /proc/self/fd/0
	T
}

# make_tree: the table above applied under R (needs CAP_MKNOD).
make_tree() {
	needs_mknod
	devtool apply --root R made || fail "could not make the tree"
}

# stat_of PATH: type, numbers, mode and owner as stat(1) gives them.
stat_of() {
	stat -c '%F %t:%T %a %u:%g' "$1"
}

MTREE='#mtree
. type=dir mode=0755 uid=0 gid=0
./dev type=dir mode=0755 uid=0 gid=0
./dev/big type=block mode=0640 uid=0 gid=6 device=native,300,70000
./dev/null type=char mode=0666 uid=0 gid=0 device=native,1,3
./dev/stdin type=link mode=0777 uid=0 gid=0 link=/proc/self/fd/0
./dev/sub type=dir mode=0755 uid=0 gid=0
./dev/sub/fi\040fo type=fifo mode=0600 uid=0 gid=5'

INITRAMFS='dir /dev 0755 0 0
nod /dev/big 0640 0 6 b 300 70000
nod /dev/null 0666 0 0 c 1 3
slink /dev/stdin /proc/self/fd/0 0777 0 0'

PSEUDO='dev d 0755 0 0
dev/big b 0640 0 6 300 70000
dev/null c 0666 0 0 1 3
dev/stdin s 0777 0 0 /proc/self/fd/0
dev/sub d 0755 0 0
dev/sub/fi\ fo i 0600 0 5 f'

# The tmpfiles table every reader's output is compared with.
TABLE='b	/dev/big	0640	0	6	-	300:70000
c	/dev/null	0666	0	0	-	1:3
L	/dev/stdin	-	-	-	-	/proc/self/fd/0
p	"/dev/sub/fi fo"	0600	0	5	-	-'

# -------- mtree

@test "mtree: list -o mtree writes #mtree, the top directory, then one line per entry and per directory it is in, with its full path, vis-encoded, and device=native" {
	make_tree
	run --separate-stderr devtool list --root R -o mtree
	assert_success
	assert_output "$MTREE"
	assert_stderr_empty
}

@test "mtree: bsdtar makes a newc cpio from devtool's mtree, and GNU cpio and bsdtar list every number; its top directory is 0755 root's, not bsdtar's working directory" {
	printf '%s\n' "$MTREE" >spec.mtree
	mkdir empty
	# bsdtar takes what a line does not say from the file there: "." is
	# its working directory
	chmod 0700 empty
	chown 65534:65534 empty
	run bsdtar -cf out.cpio --format newc -C empty "@$PWD/spec.mtree"
	assert_success
	run cpio -itv --quiet <out.cpio
	# (an mtree says no link count: bsdtar writes 0, or the file's)
	assert_line --index 0 --regexp '^drwxr-xr-x +[0-9]+ root +root +0 .* \.$'
	assert_line --index 1 --regexp '^drwxr-xr-x +0 root +root +0 .* \./dev$'
	assert_line --index 2 --regexp '^brw-r----- +0 root +disk +300, 70000 .* \./dev/big$'
	assert_line --index 3 --regexp '^crw-rw-rw- +0 root +root +1, +3 .* \./dev/null$'
	assert_line --index 4 --regexp '^lrwxrwxrwx +0 root +root +15 .* \./dev/stdin -> /proc/self/fd/0$'
	assert_line --index 5 --regexp '^drwxr-xr-x +0 root +root +0 .* \./dev/sub$'
	assert_line --index 6 --regexp '^prw------- +0 root +tty +0 .* \./dev/sub/fi fo$'
	run bsdtar -tvf out.cpio
	assert_line --index 2 --regexp '^brw-r----- +0 0 +6 +300,70000 .* \./dev/big$'
}

@test "mtree: NetBSD's mtree checks the tree apply made from devtool's spec (the top directory first, every directory given) and names a node changed since" {
	needs_mknod
	run --separate-stderr devtool list --table made -o mtree
	assert_success
	assert_output "$MTREE"
	printf '%s\n' "$output" >spec.mtree
	devtool apply --root R spec.mtree
	run mtree -p R -f spec.mtree
	assert_success
	assert_output ''
	# an mtree archive is libarchive's spec, without the top directory:
	# listed as devtool's, it is checked as well
	devtool apply --archive x.mtree spec.mtree
	devtool list --dirs --archive x.mtree -o mtree >y.mtree
	run mtree -p R -f y.mtree
	assert_success
	assert_output ''
	chmod 0600 R/dev/null
	run mtree -p R -f spec.mtree
	assert_failure 2
	assert_output "dev/null: "$'\n\t'"permissions (0666, 0600)"
}

@test "mtree: NetBSD's own specs are read, none with #mtree: mtree -c (relative names, /set), -C (the path first) and -D (the path last)" {
	make_tree
	mtree -c -p R -k type,mode,uid,gid,device,link >c.spec
	mtree -C -f c.spec -k type,mode,uid,gid,device,link >C.spec
	mtree -D -f c.spec -k type,mode,uid,gid,device,link >D.spec
	run grep -c '^#mtree' c.spec C.spec D.spec
	assert_output $'c.spec:0\nC.spec:0\nD.spec:0'
	run head -n 1 D.spec
	assert_output 'type=dir uid=0 gid=0 mode=0755 .'
	for f in c.spec C.spec D.spec; do
		run --separate-stderr devtool list --table "$f" -o mtree
		assert_success
		assert_output "$MTREE"
	done
}

@test "mtree: NetBSD's vis(3) forms are read (\\M- meta, \\^ control, C letters, \\s, octal; '%' is itself) and a bad escape or a NUL is refused with its line" {
	printf '%s\n' '#mtree' \
	    './a\M-C\M-<\sb type=fifo mode=0600 uid=0 gid=0' \
	    './c\^Ad\t\n type=fifo mode=0600 uid=0 gid=0' \
	    './x%41\#y\\z type=fifo mode=0600 uid=0 gid=0' >vis.spec
	run --separate-stderr devtool list --table vis.spec -i mtree -o json
	assert_success
	run --separate-stderr jq -r '.path | @json' <<<"$output"
	assert_output '"/a'$'\xc3\xbc'' b"
"/c\u0001d\t\n"
"/x%41#y\\z"'
	printf '#mtree\n./a\\Mx type=fifo\n' >bad.spec
	run --separate-stderr devtool list --table bad.spec -i mtree
	assert_failure 2
	assert_equal "${stderr%%$'\n'*}" "devtool: bad.spec:2: bad vis(3) escape in './a\\Mx'"
	printf '#mtree\n./a\\000b type=fifo\n' >nul.spec
	run --separate-stderr devtool list --table nul.spec -i mtree
	assert_failure 2
	assert_equal "${stderr%%$'\n'*}" "devtool: nul.spec:2: NUL byte in './a\\000b'"
}

@test "mtree: a tree of hostile names as NetBSD's mtree -c writes it (vis(3)) is read, applied and checked again by mtree -f; devtool's own spec is checked by mtree -f and read by bsdtar" {
	needs_mknod
	mkdir -p T
	# no newline: mtree -c copies the name raw into its "# ./d NAME"
	# comments, and the rest of the name becomes a line of its own
	names=($'u\xc3\xbc\xff' 'sp ace' 'back\slash' $'tab\there' 'ha#sh' 'pe%41rc' $'ctl\x01\x1b' '*?[')
	for n in "${names[@]}"; do
		mkdir "T/d $n"
		mknod "T/d $n/c $n" c 300 5
		mknod "T/d $n/b $n" b 8 1
		mkfifo "T/d $n/p $n"
	done
	chmod 0640 T/*/c*
	mtree -c -k type,mode,uid,gid,device -p T >net.spec
	grep -q 'M-C\\M-<' net.spec || fail "no \\M- form in: $(cat net.spec)"
	run --separate-stderr devtool apply --root R net.spec
	assert_success
	run mtree -f net.spec -p R
	assert_success
	assert_output ''
	# devtool's own spec: octal escapes, which mtree -f and libarchive read
	devtool list --table net.spec -i mtree -o mtree >own.spec
	run mtree -f own.spec -p R
	assert_success
	assert_output ''
	# libarchive reads it: a cpio bsdtar makes from it holds every name
	mkdir empty
	run --separate-stderr bsdtar -cf x.cpio --format newc -C empty "@$PWD/own.spec"
	assert_success
	devtool list --archive x.cpio -o mtree >back.spec
	assert_equal "$(grep -c 'type=char' back.spec)" "${#names[@]}"
	run mtree -f back.spec -p R
	assert_success
	assert_output ''
}

@test "mtree: a spec without #mtree whose lines are mtree's is mtree, not gen_init_cpio; a later line without type= amends its entry in its place (libarchive's test spec)" {
	cat >spec <<-'M'
	file type=file uid=18 mode=0123 size=3
	dir type=dir
	 file\040with\040space type=file uid=18
	 ..
	dir2 type=dir
	 dir3a type=dir
	  indir3a type=file
	dir2/fullindir2 type=file mode=0777
	  ..
	 indir2 type=file
	 ..
	notindir type=file
	dir2/fullindir2 mode=0644
	M
	run --separate-stderr devtool list --table spec -o tmpfiles
	assert_success
	assert_output 'f	/file	0123	18	-	-	-
d	/dir	-	-	-	-	-
f	"/dir/file with space"	-	18	-	-	-
d	/dir2	-	-	-	-	-
d	/dir2/dir3a	-	-	-	-	-
f	/dir2/dir3a/indir3a	-	-	-	-	-
f	/dir2/fullindir2	0644	-	-	-	-
f	/dir2/indir2	-	-	-	-	-
f	/notindir	-	-	-	-	-'
}

@test "mtree: an amended entry keeps the line that made it: a conflict with another table names that line" {
	printf './dev/null type=char device=native,1,3 mode=0666\n./dev/tty type=char device=native,5,0\n./dev/null mode=0600 gid=5\n' >a
	run --separate-stderr devtool list --table a -o tmpfiles
	assert_success
	assert_output 'c	/dev/null	0600	-	5	-	1:3
c	/dev/tty	-	-	-	-	5:0'
	printf '/dev/null c 644 0 0 1 3\n' >m
	run --separate-stderr devtool list --table a m -o tmpfiles
	assert_failure 2
	assert_equal "$stderr" "devtool: m:1: '/dev/null' is c 1:3, mode 0644, owner 0:0 here but c 1:3, mode 0600, owner -:5 at a:1
devtool: 1 error in the tables; nothing was written"
}

@test "mtree: nochange: apply makes a missing node with the line's mode and owner and leaves an existing one's as they are; tmpfiles says it with ':'" {
	needs_mknod
	mkdir -p R/dev
	mknod -m 0600 R/dev/null c 1 3
	chown 7:8 R/dev/null
	printf '#mtree\n./dev/null type=char mode=0666 uid=0 gid=0 device=native,1,3 nochange\n./dev/tty type=char mode=0620 uid=0 gid=5 device=native,5,0 nochange\n' >nc
	run --separate-stderr devtool apply -v --root R nc
	assert_success
	assert_output 'kept /dev/null (c 1:3, mode 0600)
created /dev/tty (c 5:0, mode 0620, owner 0:5)'
	assert_equal "$(stat_of R/dev/null)" "character special file 1:3 600 7:8"
	assert_equal "$(stat_of R/dev/tty)" "character special file 5:0 620 0:5"
	run --separate-stderr devtool list --table nc -o mtree
	assert_success
	assert_output '#mtree
. type=dir mode=0755 uid=0 gid=0
./dev type=dir mode=0755 uid=0 gid=0
./dev/null type=char mode=0666 uid=0 gid=0 device=native,1,3 nochange
./dev/tty type=char mode=0620 uid=0 gid=5 device=native,5,0 nochange'
	# tmpfiles.d(5)'s ':' prefix: only for a new one
	run --separate-stderr devtool list --table nc -o tmpfiles
	assert_success
	assert_equal "$stderr" ""
	assert_output "c	/dev/null	:0666	:0	:0	-	1:3
c	/dev/tty	:0620	:0	:5	-	5:0"
}

@test "mtree: the top directory's line, which list writes first and again for a listed /, is the root apply works in: no entry, no error" {
	mkdir -p R/d
	chmod 0750 R
	chmod 0700 R/d
	run --separate-stderr devtool list --dirs --root R -o mtree /
	assert_success
	assert_output '#mtree
. type=dir mode=0755 uid=0 gid=0
. type=dir mode=0750 uid=0 gid=0
./d type=dir mode=0700 uid=0 gid=0'
	printf '%s\n' "$output" >spec
	run --separate-stderr devtool list --table spec -o makedevs
	assert_success
	assert_output '/d	d	0700	0	0	-	-	-	-	-'
	mkdir R2
	run --separate-stderr devtool apply -n -v --root R2 spec
	assert_success
	assert_output 'would create directory /d (d, mode 0700, owner 0:0)'
}

@test "mtree: a name's raw UTF-8 bytes are read as they are (libarchive refuses them without #mtree); list writes each byte escaped" {
	printf './dev/caf\303\251 type=fifo mode=0600\n' >u
	devtool apply --archive u.cpio u
	run --separate-stderr devtool list -o mtree --archive u.cpio
	assert_success
	assert_output '#mtree
. type=dir mode=0755 uid=0 gid=0
./dev type=dir mode=0755 uid=0 gid=0
./dev/caf\303\251 type=fifo mode=0600 uid=0 gid=0'
}

@test "mtree: make -o mtree, like -o pseudo and -o gen_init_cpio, gives the directories its entries are in" {
	run --separate-stderr devtool make -o mtree fuse
	assert_success
	assert_output '#mtree
. type=dir mode=0755 uid=0 gid=0
./dev type=dir mode=0755 uid=0 gid=0
./dev/fuse type=char mode=0660 uid=0 gid=0 device=native,10,229'
	run --separate-stderr devtool make -o pseudo fuse
	assert_output 'dev d 0755 0 0
dev/fuse c 0660 0 0 10 229'
	run --separate-stderr devtool make -o gen_init_cpio net/tun
	assert_output 'dir /dev 0755 0 0
dir /dev/net 0755 0 0
nod /dev/net/tun 0660 0 0 c 10 200'
}

@test "mtree: apply reads devtool's mtree and makes the nodes, checked with stat" {
	needs_mknod
	printf '%s\n' "$MTREE" >spec.mtree
	run --separate-stderr devtool apply --root R spec.mtree
	assert_success
	assert_equal "$(stat_of R/dev/big)" "block special file 12c:11170 640 0:6"
	assert_equal "$(stat_of R/dev/null)" "character special file 1:3 666 0:0"
	assert_equal "$(stat_of 'R/dev/sub/fi fo')" "fifo 0:0 600 0:5"
	assert_equal "$(readlink R/dev/stdin)" /proc/self/fd/0
}

@test "mtree: a spec through an archive and back is the same table" {
	printf '%s\n' "$MTREE" >spec.mtree
	devtool apply --archive x.cpio spec.mtree
	run --separate-stderr devtool list -o tmpfiles --archive x.cpio
	assert_success
	assert_output "$TABLE"
	run --separate-stderr devtool list -o mtree --archive x.cpio
	assert_output "$MTREE"
}

@test "mtree: the relative form (a type=dir line enters, .. leaves), /set, /unset, continued lines and octal escapes are read as NetBSD's mtree writes them" {
	cat >rel <<-'M'
	#	   user: root
	/set type=file uid=0 gid=0 mode=0644 nlink=1 flags=none
	.               type=dir mode=0755 nlink=3
	dev             type=dir mode=0755
	    null        type=char mode=0666 device=netbsd,1,3
	    sub         type=dir
	        fi\040fo type=fifo time=1700000000.0
	    ..
	/unset gid
	    tty         type=char device=native,5,0 \
	                gname=tty mode=0620
	..
	..
	M
	devtool apply --archive r.cpio rel
	run --separate-stderr devtool list --dirs -o tmpfiles --archive r.cpio
	assert_success
	assert_output 'd	/dev	0755	0	0	-	-
c	/dev/null	0666	0	0	-	1:3
d	/dev/sub	0644	0	0	-	-
p	"/dev/sub/fi fo"	0644	0	0	-	-
c	/dev/tty	0620	0	5	-	5:0'
}

@test "mtree: bsdtar's own mtree (/set, aligned, continued) is read by apply" {
	needs_mknod
	make_tree
	bsdtar --format mtree --options 'mtree:indent,use-set,!time' -cf tar.mtree -C R .
	run --separate-stderr devtool apply --archive b.cpio tar.mtree
	assert_success
	run --separate-stderr devtool list -o tmpfiles --archive b.cpio
	assert_output "$TABLE"
}

@test "mtree: device=linux,4,64 is 4:64 under pack_dev's 8:8 linux, and device=linux,300,70000 is refused with the limit" {
	printf '#mtree\n./dev/hda type=block device=linux,4,64\n' >ok
	devtool apply --archive o.cpio ok
	run --separate-stderr devtool list -o tmpfiles --archive o.cpio
	assert_output 'b	/dev/hda	0644	0	0	-	4:64'
	printf '#mtree\n./dev/x type=char device=linux,300,70000\n' >big
	run --separate-stderr devtool apply --archive o2.cpio big
	assert_equal "$status" 2
	assert_equal "$stderr" "devtool: big:2: device=linux,300,70000: major 300 is out of range for layout 8:8 (0-255) (pack_dev's linux)
devtool: 1 error in the table; nothing was created"
	[[ ! -e o2.cpio ]] || fail "o2.cpio was written"
}

@test "mtree: device= takes every pack_dev format, bsdos's three numbers, and one number as the running system's dev_t (0x1f is 0:31)" {
	cat >dev <<-'M'
	#mtree
	/set type=char
	./a device=netbsd,300,70000
	./b device=freebsd,10,65537
	./c device=bsdos,1,2,3
	./d device=0x1f
	./e device=4294967295
	./f device=native,0x10,010
	M
	devtool apply --archive d.cpio dev
	run --separate-stderr devtool list -o tmpfiles --archive d.cpio
	assert_success
	assert_output 'c	/a	0644	0	0	-	300:70000
c	/b	0644	0	0	-	10:65537
c	/c	0644	0	0	-	1:515
c	/d	0644	0	0	-	0:31
c	/e	0644	0	0	-	4095:1048575
c	/f	0644	0	0	-	16:8'
}

@test "mtree: keywords devtool takes no meaning from are skipped, a type=file line is an f entry, a mode-less line keeps what is there" {
	mkdir T
	echo content >T/file
	chmod 0644 T/file
	printf '#mtree\n./file type=file mode=0600 size=8 sha256digest=00 time=1.5 nlink=1 flags=none optional\n' >f
	run --separate-stderr devtool apply --root T -v f
	assert_success
	assert_output 'corrected /file (f, mode 0600)'
	assert_equal "$(stat -c '%a %s' T/file)" "600 8"
}

@test "mtree: uname= and gname= are resolved like a table's names, through --users-from" {
	mkdir -p U/etc
	echo 'dev:x:42:43::/:/bin/sh' >U/etc/passwd
	echo 'devs:x:44:' >U/etc/group
	printf '#mtree\n./dev/x type=fifo uname=dev gname=devs\n./dev/y type=fifo uname=nobody-here\n' >n
	run --separate-stderr devtool apply --users-from U --archive n.cpio n
	assert_equal "$status" 2
	assert_equal "$stderr" "devtool: n:3: unknown user 'nobody-here' (not in U/etc/passwd)
devtool: 1 error in the table; nothing was created"
	printf '#mtree\n./dev/x type=fifo uname=dev gname=devs\n' >n
	devtool apply --users-from U --archive n.cpio n
	run --separate-stderr devtool list -o tmpfiles --archive n.cpio
	assert_output 'p	/dev/x	0644	42	44	-	-'
}

@test "mtree: every line it cannot read is refused with FILE:LINE and the reason, exit 2, nothing created" {
	check() {
		printf '#mtree\n%s\n' "$1" >bad
		run --separate-stderr devtool apply --root R bad
		assert_equal "$status" 2
		assert_equal "$stderr" "devtool: bad:2: $2
devtool: 1 error in the table; nothing was created"
		[[ -z $(ls -A R) ]] || fail "something was made in R: $(ls -A R)"
	}
	check './x type=char' 'a character device needs device='
	check './x mode=0600' 'no type= (nor a /set type=)'
	check './x type=door' 'type=door is not one of block, char, dir, fifo, file, link, socket'
	check './x type=fifo colour=red' "unknown keyword 'colour'"
	check './x type' "keyword 'type' needs a value (type=...)"
	check './x\Mx type=fifo' "bad vis(3) escape in './x\\Mx'"
	check './x\000 type=fifo' "NUL byte in './x\\000'"
	check './x type=fifo mode=u+rw' "bad mode 'u+rw' (want octal digits, at most 07777)"
	check './x type=fifo uid=-1' "bad uid '-1' (want decimal digits)"
	check './x type=fifo uid=4294967295' "uid '4294967295' is out of range (0-4294967294)"
	check './x type=file link=y' 'link= on a type=file entry (a hard link) is not supported'
	check './x type=link' 'type=link needs link='
	check './x type=char device=bogus,1,2' "device=bogus,1,2: unknown pack_dev format 'bogus'; valid: 386bsd, 4bsd, bsdos, freebsd, hpux, isc, linux (8:8), native, netbsd, osf1, sco, solaris, sunos, svr3, svr4, ultrix"
	check './x type=char device=native,1' "device=native,1: layout native takes 2 numbers (major, minor), not 1 (pack_dev's native)"
	check './x type=char device=native,1,2,3,4' 'device=native,1,2,3,4: more than 3 numbers'
	check './x type=char device=native,5000,0' 'major 5000 is out of range (0-4095)'
	check '..' "'..' above the top directory"
	check '. type=fifo' "'.', the top directory, is type=dir, not type=fifo"
	check './x type=fifo nochange=1' "keyword 'nochange' takes no value"
	check 'type=fifo mode=0600 uid=0 gid=0' "a line that starts with a keyword (as 'mtree -D' writes) needs its path as its last word"
	check './../x type=fifo' "path '/../x' has a '..' component"
	check "./x type=a$(printf '\001')b" "type=a?b is not one of block, char, dir, fifo, file, link, socket"
	check './x type=fifo \' "the line is continued ('\\' at its end) past the end of the file"
	printf '#mtree\n./x type=fifo\n./x type=dir\n' >bad
	run --separate-stderr devtool apply --root R bad
	assert_equal "$status" 2
	assert_equal "$stderr" "devtool: bad:3: type=dir, but line 2 made '/x' a FIFO: a later line for a path amends its entry, keeping its type
devtool: 1 error in the table; nothing was created"
	[[ -z $(ls -A R) ]] || fail "something was made in R: $(ls -A R)"
}

# -------- gen_init_cpio

@test "gen_init_cpio: list -o gen_init_cpio writes dir, nod and slink lines, the directories they are in first" {
	make_tree
	run --separate-stderr devtool list --root R -o gen_init_cpio /dev/big /dev/null /dev/stdin
	assert_success
	assert_output "$INITRAMFS"
	assert_stderr_empty
}

@test "gen_init_cpio: a name with white space is refused (gen_init_cpio splits its words on blanks)" {
	make_tree
	run --separate-stderr devtool list --root R -o gen_init_cpio '/dev/sub/fi fo'
	assert_failure 1
	assert_output ''
	assert_equal "$stderr" "devtool: path '/dev/sub/fi fo' has white space or a control character, which a gen_init_cpio list cannot hold"
}

@test "gen_init_cpio: the kernel's list format is read, a spec through an archive and back is the same table" {
	cat >list <<-'L'
	# a comment
	dir /dev 0755 0 0
	nod /dev/console 0600 0 5 c 5 1
	nod dev/big 640 0 6 b 300 70000
	slink /dev/stdin /proc/self/fd/0 0777 0 0
	pipe /dev/initctl 0600 0 0
	sock /dev/log 0666 0 0
	L
	devtool apply --archive l.cpio list
	run --separate-stderr devtool list --dirs -o gen_init_cpio --archive l.cpio
	assert_success
	assert_output 'dir /dev 0755 0 0
nod /dev/big 0640 0 6 b 300 70000
nod /dev/console 0600 0 5 c 5 1
pipe /dev/initctl 0600 0 0
sock /dev/log 0666 0 0
slink /dev/stdin /proc/self/fd/0 0777 0 0'
	run cpio -itv --quiet <l.cpio
	assert_line --regexp '^brw-r----- +1 root +disk +300, 70000 .* dev/big$'
	assert_line --regexp '^srw-rw-rw- +1 root +root +0 .* dev/log$'
}

@test "gen_init_cpio: apply makes the nodes of a list, checked with stat" {
	needs_mknod
	printf '%s\n' "$INITRAMFS" 'pipe /dev/p 0620 7 8' >list
	run --separate-stderr devtool apply --root R list
	assert_success
	assert_equal "$(stat_of R/dev/big)" "block special file 12c:11170 640 0:6"
	assert_equal "$(stat_of R/dev/null)" "character special file 1:3 666 0:0"
	assert_equal "$(stat_of R/dev/p)" "fifo 0:0 620 7:8"
	assert_equal "$(readlink R/dev/stdin)" /proc/self/fd/0
}

@test "gen_init_cpio: under --root a file line sets the mode and owner of the file there; its contents are copied only into an archive" {
	mkdir T
	echo x >T/init
	printf 'file /init /somewhere/else/init 0700 0 0\n' >list
	run --separate-stderr devtool apply --root T -v list
	assert_success
	assert_output 'corrected /init (f, mode 0700, owner 0:0)'
	assert_equal "$(stat -c '%a %s' T/init)" "700 2"
	rm T/init
	run --separate-stderr devtool apply --root T list
	assert_equal "$status" 1	# an entry that failed
	assert_equal "$stderr" "devtool: /init: does not exist: under --root a file line sets the mode and owner of the file there; its contents are copied only into an archive (--archive)"
}

# A real executable and a file of every byte value, as an initramfs's
# /init and its data: what an archive of a file line must carry exactly.
real_files() {
	mkdir -p src
	cp "$(type -P busybox || type -P true)" src/init
	chmod 0700 src/init
	awk 'BEGIN { for (i = 0; i < 256; i++) printf "%c", i }' </dev/null >src/bytes
}

@test "gen_init_cpio: a file line's contents go into the archive: GNU cpio gives /init back with the exact bytes and the line's mode, no warning" {
	real_files
	printf '%s\n' 'dir /dev 0755 0 0' 'nod /dev/console 0600 0 5 c 5 1' \
		'file /init src/init 0755 0 0' 'dir /etc 0750 0 0' \
		'file /etc/bytes src/bytes 0640 0 6' >list
	run --separate-stderr devtool apply --archive l.cpio list
	assert_success
	assert_stderr_empty
	cpio -i --quiet --to-stdout init <l.cpio >init.out
	cmp src/init init.out
	cpio -i --quiet --to-stdout etc/bytes <l.cpio >bytes.out
	cmp src/bytes bytes.out
	run cpio -itv --quiet <l.cpio
	assert_line --regexp "^-rwxr-xr-x +1 root +root +$(stat -c %s src/init) .* init\$"
	assert_line --regexp '^-rw-r----- +1 root +disk +256 .* etc/bytes$'
	mkdir x
	(cd x && cpio -idm --quiet <../l.cpio)
	assert_equal "$(stat -c '%a %u %g' x/init x/etc/bytes)" "755 0 0
640 0 6"
	cmp src/init x/init
	# compressed, as an initramfs is, the same bytes
	devtool apply --archive l.cpio.gz list
	gzip -dc l.cpio.gz | cpio -i --quiet --to-stdout init | cmp src/init -
}

@test "gen_init_cpio: a file line's hard links are one file in every format: newc on the last name, tar as links to the first, as cpio and tar extract them" {
	real_files
	printf '%s\n' 'dir /bin 0755 0 0' 'dir /sbin 0755 0 0' \
		'file /bin/busybox src/init 0755 0 0 /bin/sh /sbin/init' >list
	for f in cpio tar; do
		run --separate-stderr devtool apply --archive "l.$f" list
		assert_success
		mkdir "x.$f"
	done
	(cd x.cpio && cpio -idm --quiet <../l.cpio)
	tar -C x.tar -xf l.tar
	for d in x.cpio x.tar; do
		assert_equal "$(stat -c '%h %a' "$d/bin/busybox")" "3 755"
		assert_equal "$(stat -c %i "$d/bin/busybox")" "$(stat -c %i "$d/sbin/init")"
		assert_equal "$(stat -c %i "$d/bin/busybox")" "$(stat -c %i "$d/bin/sh")"
		cmp src/init "$d/bin/sh"
	done
	# newc: the contents once, on the last name in the archive, as
	# gen_init_cpio puts them
	run cpio -itv --quiet <l.cpio
	assert_line --regexp '^-rwxr-xr-x +3 root +root +0 .* bin/busybox$'
	assert_line --regexp "^-rwxr-xr-x +3 root +root +$(stat -c %s src/init) .* sbin/init\$"
	run tar -tvf l.tar
	assert_line --regexp '^hrwxr-xr-x .* bin/sh link to bin/busybox$'
}

@test "gen_init_cpio: a file line's location is from the working directory, with \${NAME} from the environment, as gen_init_cpio reads it" {
	real_files
	mkdir sub
	printf '%s\n' 'file /init ${SRC}/init 0755 0 0' 'file /b src/bytes 0644 0 0' >sub/list
	SRC=$PWD/src run --separate-stderr devtool apply --archive l.cpio sub/list
	assert_success
	cpio -i --quiet --to-stdout init <l.cpio | cmp src/init -
	cpio -i --quiet --to-stdout b <l.cpio | cmp src/bytes -
	# the same list from sub/: src/bytes is not there
	cd sub
	SRC=$PWD/../src run --separate-stderr devtool apply --archive l.cpio list
	assert_equal "$status" 2
	assert_equal "$stderr" "devtool: list:2: 'src/bytes': No such file or directory
devtool: 1 error in the table; nothing was created"
	run --separate-stderr devtool apply --archive l.cpio list
	assert_equal "$status" 2
	assert_stderr_contains "devtool: list:1: '/init': No such file or directory"
	assert [ ! -e l.cpio ]
}

@test "gen_init_cpio: a file line whose file is missing, not a regular file (a FIFO is not waited on) or over 4 GiB - 1 is an error naming the line, exit 2, nothing written" {
	mkfifo fifo
	mkdir dir
	truncate -s 4294967296 big
	for what in nosuch fifo dir big; do
		printf 'dir /dev 0755 0 0\nfile /x %s 0644 0 0\n' "$what" >list
		run --separate-stderr devtool apply --archive l.cpio list
		assert_equal "$status" 2
		assert [ ! -e l.cpio ]
		case $what in
		nosuch) assert_stderr_contains "devtool: list:2: 'nosuch': No such file or directory" ;;
		fifo | dir) assert_stderr_contains "devtool: list:2: '$what' is not a regular file" ;;
		big) assert_stderr_contains "devtool: list:2: 'big' has 4294967296 bytes, more than an archive entry's contents may (4294967295, 4 GiB - 1)" ;;
		esac
	done
}

@test "gen_init_cpio: a file line is converted to gen_init_cpio as it was, and to a dialect that cannot say where its contents are it is refused by name" {
	printf '%s\n' 'file /init src/init 0755 0 0' >list
	run --separate-stderr devtool list --table list -o gen_init_cpio
	assert_success
	assert_output 'file /init src/init 0755 0 0'
	run --separate-stderr devtool list --table list -o makedevs
	assert_equal "$status" 2
	assert_stderr_contains "devtool: list:1: /init: a makedevs table cannot hold its contents (the file they are copied from)"
}

@test "gen_init_cpio: every line it cannot read is refused with FILE:LINE and the reason, exit 2, nothing created" {
	check() {
		printf 'dir /dev 0755 0 0\n%s\n' "$1" >bad
		run --separate-stderr devtool apply --root R bad
		assert_equal "$status" 2
		assert_equal "$stderr" "devtool: bad:2: $2
devtool: 1 error in the table; nothing was created"
		[[ -z $(ls -A R) ]] || fail "something was made in R: $(ls -A R)"
	}
	check 'nod /dev/x 0600 0 0 c 1' 'nod takes 7 fields, not 6'
	check 'nod /dev/x 0600 0 0 x 1 2' "nod type 'x' is not c or b"
	check 'nod /dev/x 0600 0 0 c 4096 0' "major '4096' is out of range (0-4095)"
	check 'nod /dev/x 0600 0 0 c 1 0x2' "bad minor '0x2' (want decimal digits)"
	check 'nod /dev/x 0900 0 0 c 1 2' "bad mode '0900' (want octal digits, at most 07777)"
	check 'dir /dev/x 0755 root 0' "bad uid 'root' (want decimal digits)"
	check 'file /x /src/x 0644 0' 'file takes 5 fields and its hard links, not 4'
	check 'slink /dev/x 0777 0 0' 'slink takes 5 fields, not 4'
	check 'door /dev/x 0600 0 0' "'door' is not one of dir, nod, slink, pipe, sock, file"
	check "nod /dev/x 0600 0 0 c 1 $(printf '\001')" "bad minor '?' (want decimal digits)"
}

# -------- pseudo

@test "pseudo: list -o pseudo writes relative names with backslashes, the directories they are in first" {
	make_tree
	run --separate-stderr devtool list --root R -o pseudo
	assert_success
	assert_output "$PSEUDO"
	assert_stderr_empty
}

@test "pseudo: mksquashfs -pf builds an image from devtool's pseudo file, and rdsquashfs and unsquashfs list every number" {
	printf '%s\n' "$PSEUDO" >spec
	mkdir empty
	run mksquashfs empty img.sqfs -pf spec -noappend -quiet
	assert_success
	run rdsquashfs --describe img.sqfs
	assert_success
	assert_output 'dir dev 0755 0 0
nod dev/big 0640 0 6 b 300 70000
nod dev/null 0666 0 0 c 1 3
slink dev/stdin 0777 0 0 /proc/self/fd/0
dir dev/sub 0755 0 0
pipe "dev/sub/fi fo" 0600 0 5'
	# unsquashfs prints a major past 255 wrongly (CAVEATS): small numbers
	run unsquashfs -lln img.sqfs dev/null
	assert_line --regexp '^crw-rw-rw- 0/0 +1, +3 .* squashfs-root/dev/null$'
}

@test "pseudo: a buildroot device table piped through an archive becomes a pseudo file that mksquashfs makes into exactly its nodes, without root (the manual's example)" {
	cat >device_table.txt <<-'T'
	# <name>	<type>	<mode>	<uid>	<gid>	<major>	<minor>	<start>	<inc>	<count>
	/dev		d	755	0	0	-	-	-	-	-
	/dev/console	c	622	0	5	5	1	-	-	-
	/dev/ttyS	c	666	0	5	4	64	0	1	2
	/dev/mtdblock	b	640	0	6	31	0	0	1	2
	T
	chmod 755 . && chmod 644 device_table.txt
	run --separate-stderr setpriv --reuid=65534 --regid=65534 --clear-groups \
	    sh -c "'$DEVTOOL' apply --archive - device_table.txt | '$DEVTOOL' list --archive - -o pseudo"
	assert_success
	assert_output 'dev d 0755 0 0
dev/console c 0622 0 5 5 1
dev/mtdblock0 b 0640 0 6 31 0
dev/mtdblock1 b 0640 0 6 31 1
dev/ttyS0 c 0666 0 5 4 64
dev/ttyS1 c 0666 0 5 4 65'
	printf '%s\n' "$output" >pseudo.txt
	mkdir rootfs
	run mksquashfs rootfs rootfs.sqfs -pf pseudo.txt -noappend -quiet
	assert_success
	run rdsquashfs --describe rootfs.sqfs
	assert_output 'dir dev 0755 0 0
nod dev/console 0622 0 5 c 5 1
nod dev/mtdblock0 0640 0 6 b 31 0
nod dev/mtdblock1 0640 0 6 b 31 1
nod dev/ttyS0 0666 0 5 c 4 64
nod dev/ttyS1 0666 0 5 c 4 65'
}

@test "pseudo: a spec through an archive and back is the same table" {
	printf '%s\n' "$PSEUDO" >spec
	devtool apply --archive p.cpio spec
	run --separate-stderr devtool list --dirs -o pseudo --archive p.cpio
	assert_success
	assert_output "$PSEUDO"
}

@test "pseudo: apply makes the nodes of devtool's pseudo file, checked with stat" {
	needs_mknod
	printf '%s\n' "$PSEUDO" 'dev/s i 0600 0 0 s' >spec
	run --separate-stderr devtool apply --root R spec
	assert_success
	assert_equal "$(stat_of R/dev/big)" "block special file 12c:11170 640 0:6"
	assert_equal "$(stat_of 'R/dev/sub/fi fo')" "fifo 0:0 600 0:5"
	assert_equal "$(stat_of R/dev/s)" "socket 0:0 600 0:0"
	assert_equal "$(readlink R/dev/stdin)" /proc/self/fd/0
}

@test "pseudo: squashfs-tools' own forms are read with -i pseudo (the first line is also a makedevs line): quotes, backslashes, names as owners, timed types, a target that is the rest of the line" {
	mkdir -p U/etc
	echo 'root:x:0:0::/:/bin/sh' >U/etc/passwd
	echo 'tty:x:5:' >U/etc/group
	cat >spec <<-'P'
	/dev d 755 0 0
	"dev/a b" c 600 root tty 1 1
	dev/q\"x C 1700000000 600 0 0 1 2
	dev/l s 777 0 0 a  b
	dev/D D 1700000000 700 0 0
	dev/f i 644 0 0 f
	P
	devtool apply -i pseudo --users-from U --archive p.cpio spec
	run --separate-stderr devtool list --dirs -o tmpfiles --archive p.cpio
	assert_success
	assert_output 'd	/dev	0755	0	0	-	-
d	/dev/D	0700	0	0	-	-
c	"/dev/a b"	0600	0	5	-	1:1
p	/dev/f	0644	0	0	-	-
L	/dev/l	-	-	-	-	a  b
c	/dev/q\x22x	0600	0	0	-	1:2'
}

@test "pseudo: mksquashfs 4.5's times, a quoted date, backslashed spaces, a date with an hour and seconds since 1970, are read and dropped: devtool reads the very nodes mksquashfs puts in its image" {
	cat >spec <<-'P'
	dev D "1 jan 1980" 0755 0 0
	dev/null C 1\ jan\ 1980 0666 0 0 1 3
	dev/zero C 315532800 0640 0 5 1 5
	dev/stdin S "2001-01-01 00:00" 0777 0 0 /proc/self/fd/0
	dev/fifo I "1 jan 1980" 0600 0 0 f
	P
	mkdir empty
	run mksquashfs empty img.sqfs -pf spec -noappend -quiet
	assert_success
	run rdsquashfs --describe img.sqfs
	assert_success
	assert_output 'dir dev 0755 0 0
pipe dev/fifo 0600 0 0
nod dev/null 0666 0 0 c 1 3
slink dev/stdin 0777 0 0 /proc/self/fd/0
nod dev/zero 0640 0 5 c 1 5'
	run --separate-stderr devtool list --table spec -o pseudo
	assert_success
	assert_stderr_empty
	assert_output 'dev d 0755 0 0
dev/fifo i 0600 0 0 f
dev/null c 0666 0 0 1 3
dev/stdin s 0777 0 0 /proc/self/fd/0
dev/zero c 0640 0 5 1 5'
}

@test "pseudo: every line it cannot read is refused with FILE:LINE and the reason, exit 2, nothing created" {
	check() {
		printf 'dev d 755 0 0\n%s\n' "$1" >bad
		run --separate-stderr devtool apply --root R bad
		assert_equal "$status" 2
		assert_equal "$stderr" "devtool: bad:2: $2
devtool: 1 error in the table; nothing was created"
		[[ -z $(ls -A R) ]] || fail "something was made in R: $(ls -A R)"
	}
	check 'dev/x m 600 0 0' "type 'm' changes a file of mksquashfs's source directory, which devtool has not"
	check 'dev/x f 600 0 0 echo hi' "type 'f' is a file with content, which devtool does not make"
	check 'dev/x l dev/y' "type 'l' (a hard link) is not supported"
	check 'dev/x z 600 0 0' "type 'z' is not one of d b c s i D B C S I"
	check 'dev/x i 600 0 0 p' "'p' after i is not s (socket) or f (FIFO)"
	check 'dev/x c 600 0 0 1' "type 'c' takes 5 fields after it, not fewer"
	check 'dev/x d 755 0 0 9' "type 'd' takes 3 fields after it, not more"
	check 'dev/x c 600 0 0 1 1048576' "minor '1048576' is out of range (0-1048575)"
	check 'dev/x c 600 nobody-here 0 1 1' "unknown user 'nobody-here' (not in the host's user database; there is no R/etc/passwd)"
	check '"dev/x c 600 0 0 1 1' 'unterminated " quote'
	check 'dev/x D "1 jan 1980 755 0 0' 'unterminated " quote'
	check 'dev/x D "" 755 0 0' 'an empty time'
	check 'dev/x D 4294967296 755 0 0' "time '4294967296' is out of range (0-4294967295, seconds since 1970 in 32 bits)"
	check 'dev/x D' "type 'D' takes a time after it"
	check 'dev/x D "1 jan 1980" 755 0' "type 'D' takes 4 fields after it, not fewer"
	check "dev/x d 755 0 $(printf '\001')" "unknown group '?' (not in the host's group database; there is no R/etc/group)"
}

# -------- detection and -i

@test "detection: #mtree, /set, a keyword=value second word, a gen_init_cpio keyword, a relative name with a pseudo type, an absolute one with a type only pseudo has" {
	printf '/set type=fifo\n./a\n' >m1
	printf './a type=fifo\n' >m2
	printf '#mtree\n' >m3
	printf 'pipe /a 0600 0 0\n' >g
	printf 'a i 600 0 0 f\n' >p1
	printf '/a i 600 0 0 f\n' >p2
	printf '/l s 777 0 0 a\n' >p3
	for f in m1 m2 m3 g p1 p2 p3; do
		run --separate-stderr devtool apply --archive "$f.cpio" "$f"
		assert_success
	done
	run --separate-stderr devtool list -o tmpfiles --archive p3.cpio
	assert_output 'L	/l	-	-	-	-	a'
	run --separate-stderr devtool list -o tmpfiles --archive m1.cpio
	assert_output 'p	/a	0644	0	0	-	-'
}

@test "detection: an absolute name with c b d p s and five or seven fields stays makedevs, which -i pseudo overrides" {
	printf '/s s 600 0 0\n' >t
	devtool apply --archive s.cpio t
	run --separate-stderr devtool list -o json --archive s.cpio
	assert_output '{"path":"/s","type":"s","mode":"0600","uid":0,"gid":0}'
	printf '/dev/x c 600 0 0 1 3 0 1 2\n' >r
	devtool apply --archive r.cpio r
	run --separate-stderr devtool list -o tmpfiles --archive r.cpio
	assert_output 'c	/dev/x0	0600	0	0	-	1:3
c	/dev/x1	0600	0	0	-	1:4'
	run --separate-stderr devtool apply -i pseudo --archive r2.cpio r
	assert_equal "$status" 2
	assert_equal "$stderr" "devtool: r:1: type 'c' takes 5 fields after it, not more
devtool: 1 error in the table; nothing was created"
}

@test "-i names the dialect of every table: a line of another is an error of that dialect" {
	printf 'pipe /a 0600 0 0\n' >g
	run --separate-stderr devtool apply -i mtree --archive g.cpio g
	assert_equal "$status" 2
	assert_equal "$stderr" "devtool: g:1: unknown keyword '/a'
devtool: 1 error in the table; nothing was created"
	printf '/a p 600 0 0\n' >m
	run --separate-stderr devtool apply --input gen_init_cpio --archive m.cpio m
	assert_equal "$status" 2
	assert_equal "$stderr" "devtool: m:1: '/a' is not one of dir, nod, slink, pipe, sock, file
devtool: 1 error in the table; nothing was created"
	run --separate-stderr devtool apply -i tmpfiles --archive m2.cpio m
	assert_equal "$status" 2
	run --separate-stderr devtool apply -i makedevs --archive m3.cpio m
	assert_success
}

@test "-i and -o take only the dialects' names, and say which they are" {
	run --separate-stderr devtool apply -i cpio t
	assert_equal "$status" 2
	assert_equal "$stderr" "devtool: unknown input 'cpio'; valid: makedevs, tmpfiles, mtree, gen_init_cpio, pseudo, json, oci
Try 'devtool apply --help' for more information."
	run --separate-stderr devtool list -o cpio
	assert_equal "$status" 2
	assert_equal "$stderr" "devtool: unknown output 'cpio'; valid: makedevs, tmpfiles, mtree, gen_init_cpio, pseudo, json, oci, cgroup, deviceallow, deviceallow-groups, oci-allow
Try 'devtool list --help' for more information."
}

@test "list --check in a spec dialect: the reason is a comment line before the entry, after #mtree or the directories above" {
	make_tree
	run --separate-stderr devtool list --root R --check 8:8 -o mtree
	assert_failure 1
	assert_output '#mtree
. type=dir mode=0755 uid=0 gid=0
./dev type=dir mode=0755 uid=0 gid=0
# major 300 is out of range for layout 8:8 (0-255)
./dev/big type=block mode=0640 uid=0 gid=6 device=native,300,70000'
	run --separate-stderr devtool list --root R --check 8:8 -o pseudo
	assert_output 'dev d 0755 0 0
# major 300 is out of range for layout 8:8 (0-255)
dev/big b 0640 0 6 300 70000'
}
