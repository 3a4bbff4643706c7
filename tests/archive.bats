#!/usr/bin/env bats
# archive.bats - apply --archive and list --archive (devtool(1), ARCHIVES):
# archives written without privilege and read back by tools devtool did
# not write (GNU cpio, bsdtar), and by devtool itself.

load test_helper

setup() {
	setup_workdir
	cat >t <<-'T'
	/dev d 755 0 0
	/dev/null c 666 0 0 1 3
	/dev/console c 600 0 5 5 1
	/dev/big c 640 0 6 300 70000
	/dev/net/tun c 666 0 0 10 200
	/dev/loop b 660 0 6 7 0 0 1 3
	/dev/initctl p 600 0 0
	T
	chmod 755 .
	chmod 644 t
}

# as_nobody CMD...: CMD as uid and gid 65534, no groups, no capabilities.
as_nobody() {
	setpriv --reuid=65534 --regid=65534 --clear-groups --inh-caps=-all \
	    --bounding-set=-all "$@"
}

# The listing GNU cpio gives of the archive above, dates aside.
CPIO_LIST='drwxr-xr-x 2 root root 0 dev
crw-r----- 1 root disk 300, 70000 dev/big
crw------- 1 root tty 5, 1 dev/console
prw------- 1 root root 0 dev/initctl
brw-rw---- 1 root disk 7, 0 dev/loop0
brw-rw---- 1 root disk 7, 1 dev/loop1
brw-rw---- 1 root disk 7, 2 dev/loop2
drwxr-xr-x 2 root root 0 dev/net
crw-rw-rw- 1 root root 10, 200 dev/net/tun
crw-rw-rw- 1 root root 1, 3 dev/null'

# cpio_list FILE: GNU cpio -itv, numeric-less columns squeezed, no date.
cpio_list() {
	cpio -itv --quiet <"$1" | awk '{ $(NF-3) = $(NF-2) = $(NF-1) = ""; print }' |
	    tr -s ' ' | sed 's/ $//; s/  */ /g'
}

@test "archive: apply --archive writes a newc cpio as uid 65534, which GNU cpio lists with every number" {
	# a directory of its own outside bats's private one (mode 0700)
	top=$(mktemp -d /tmp/devtool-archive.XXXXXX)
	chmod 0755 "$top"
	cp t "$top/t"
	mkdir "$top/out"
	chown 65534:65534 "$top/out"
	run --separate-stderr as_nobody "$DEVTOOL" apply --archive "$top/out/dev.cpio" "$top/t"
	cp "$top/out/dev.cpio" . 2>/dev/null
	owner=$(stat -c %u "$top/out/dev.cpio" 2>/dev/null)
	rm -rf "$top"
	assert_status 0
	assert_output ''
	assert_equal "$owner" 65534
	[[ $(head -c 6 dev.cpio) == 070701 ]] || fail "not newc: $(head -c 6 dev.cpio)"
	assert_equal "$(cpio_list dev.cpio)" "$CPIO_LIST"
}

@test "archive: bsdtar reads the same numbers, modes and owners from the cpio" {
	devtool apply --archive dev.cpio t
	run bsdtar -tvf dev.cpio --numeric-owner
	assert_success
	assert_equal "$(awk '{ print $1, $3, $4, $5, $NF }' <<<"$output")" \
"drwxr-xr-x 0 0 0 dev
crw-r----- 0 6 300,70000 dev/big
crw------- 0 5 5,1 dev/console
prw------- 0 0 0 dev/initctl
brw-rw---- 0 6 7,0 dev/loop0
brw-rw---- 0 6 7,1 dev/loop1
brw-rw---- 0 6 7,2 dev/loop2
drwxr-xr-x 0 0 0 dev/net
crw-rw-rw- 0 0 10,200 dev/net/tun
crw-rw-rw- 0 0 1,3 dev/null"
}

@test "archive: cpio -idm of the newc output makes exactly the nodes the table asks for" {
	needs_mknod
	devtool apply --archive dev.cpio t
	mkdir x
	(cd x && cpio -idm --quiet --no-absolute-filenames <../dev.cpio)
	assert_equal "$(node x/dev/big)" "character special file 300 70000 640 0 6"
	assert_equal "$(node x/dev/null)" "character special file 1 3 666 0 0"
	assert_equal "$(node x/dev/console)" "character special file 5 1 600 0 5"
	assert_equal "$(node x/dev/loop2)" "block special file 7 2 660 0 6"
	assert_equal "$(node x/dev/net/tun)" "character special file 10 200 666 0 0"
	assert_equal "$(stat -c '%F %a' x/dev/initctl)" "fifo 600"
	run devtool list --root x /dev
	assert_success
	assert_equal "$output" "$(devtool list --archive dev.cpio)"
}

@test "archive: two runs give the same bytes; SOURCE_DATE_EPOCH sets every date" {
	devtool apply --archive a.cpio t
	devtool apply --archive b.cpio t
	cmp a.cpio b.cpio
	SOURCE_DATE_EPOCH=1700000000 devtool apply --archive c.tar t
	SOURCE_DATE_EPOCH=1700000000 devtool apply --archive d.tar t
	cmp c.tar d.tar
	run bsdtar -tvf c.tar
	assert_success
	assert_equal "$(awk '{ print $6, $7, $8 }' <<<"$output" | sort -u)" "Nov 14 2023"
	run env SOURCE_DATE_EPOCH=yesterday "$DEVTOOL" apply --archive e.cpio t
	assert_equal "$status" 2
	[[ ! -e e.cpio ]]
}

# SOURCE_DATE_EPOCH in devtool(1), ENVIRONMENT: each format's latest date.
@test "archive: SOURCE_DATE_EPOCH up to each format's latest date is written as it is; a second later is exit 2 naming both, and no archive" {
	local f max when epoch
	printf '/dev/null c 666 0 0 1 3\n' >u
	# format, latest date, as readers show it
	while read -r f max when; do
		rm -f "$f.a"
		SOURCE_DATE_EPOCH=$max devtool apply --archive "$f.a" --archive-format "$f" u
		case $f in
		newc | odc | bin)
			run env TZ=UTC cpio -itv --quiet <"$f.a"
			assert_success
			assert_line --regexp " $when dev/null\$"
			;;
		*)
			run env TZ=UTC tar -tv --full-time -f "$f.a"
			assert_success
			assert_line --regexp " $when dev/null\$"
			;;
		esac
		# the header field itself: the very number, not a saturated one
		case $f in
		newc) assert_equal "$(head -c 54 newc.a | tail -c 8)" ffffffff ;;
		odc) assert_equal "$(head -c 59 odc.a | tail -c 11)" 77777777777 ;;
		bin) assert_equal "$(od -An -tx1 -j16 -N4 bin.a | tr -d ' ')" ffffffff ;;
		esac
		rm -f "$f.a"
		run --separate-stderr env SOURCE_DATE_EPOCH=$((max + 1)) \
		    "$DEVTOOL" apply --archive "$f.a" --archive-format "$f" u
		assert_usage_error
		assert_stderr_contains "devtool: SOURCE_DATE_EPOCH=$((max + 1)) is too late: $f holds times up to $max ("
		[[ ! -e $f.a ]] || fail "$f: an archive was written for SOURCE_DATE_EPOCH=$((max + 1))"
		ls -A | grep -q '^\.dt-' && fail "$f: a temporary was left"
	done <<-'F'
	newc 4294967295 Feb  7  2106
	bin 4294967295 Feb  7  2106
	odc 8589934591 Mar 16  2242
	ustar 8589934591 2242-03-16 12:56:31
	gnutar 8589934591 2242-03-16 12:56:31
	F
	# make --archive is checked the same way
	run --separate-stderr env SOURCE_DATE_EPOCH=4294967296 "$DEVTOOL" make --archive m.cpio null
	assert_usage_error
	assert_stderr_contains "SOURCE_DATE_EPOCH=4294967296 is too late: newc holds times up to 4294967295 (2106-02-07 06:28:15 UTC)"
	[[ ! -e m.cpio ]]
	# pax and mtree hold any date
	for epoch in 8589934592 99999999999; do
		SOURCE_DATE_EPOCH=$epoch devtool apply --archive x.tar --archive-format pax u
		SOURCE_DATE_EPOCH=$epoch devtool apply --archive x.mtree u
		grep -q "^\./dev/null time=$epoch\.0 " x.mtree || fail "mtree: $(cat x.mtree)"
	done
	run env TZ=UTC tar -tv --full-time -f x.tar
	assert_line --regexp ' 5138-11-16 09:46:39 dev/null$'
}

@test "archive: parents come before children, and the directories a table implies are written" {
	printf '/dev/net/tun c 666 0 0 10 200\n/dev/a c 600 0 0 1 1\n' >u
	devtool apply --archive u.cpio u
	run cpio -it --quiet <u.cpio
	assert_output "dev
dev/a
dev/net
dev/net/tun"
}

@test "archive: 300:70000 into odc or 256:0 into bin (the limits of list --check) is refused with the line and the limit, exit 2, nothing written" {
	run --separate-stderr devtool apply --archive x.cpio --archive-format odc t
	assert_equal "$status" 2
	assert_equal "$stderr" "devtool: t:4: minor 70000 is out of range for odc (0-255): c_rdev is 6 octal digits (18 bits) of Linux's makedev
devtool: 1 error in the table; nothing was created"
	[[ ! -e x.cpio ]]
	printf '/dev/x c 600 0 0 256 0\n' >u
	run --separate-stderr devtool apply --archive x.cpio --archive-format bin u
	assert_equal "$status" 2
	assert_equal "$stderr" "devtool: u:1: major 256 is out of range for bin (0-255): c_rdev is 16 bits of Linux's makedev
devtool: 1 error in the table; nothing was created"
	assert_equal "$(ls -A)" "$(printf 't\nu')"
}

@test "archive: odc and ustar hold what fits, and GNU tools read them back" {
	printf '/dev/x c 600 0 0 255 255\n/dev/y b 600 0 0 1023 0\n' >u
	devtool apply --archive u.odc --archive-format odc u
	[[ $(head -c 6 u.odc) == 070707 ]]
	assert_equal "$(cpio_list u.odc)" "drwxr-xr-x 2 root root 0 dev
crw------- 1 root root 255, 255 dev/x
brw------- 1 root root 1023, 0 dev/y"
	devtool apply --archive u.tar --archive-format ustar t
	run tar -tvf u.tar --numeric-owner
	assert_success
	assert_line --regexp '^crw-r----- 0/6 +300,70000 .* dev/big$'
}

@test "archive: the format and compression come from the name: .tar.gz, .cpio.xz, .cpio.zst, .mtree" {
	devtool apply --archive a.tar.gz t
	gzip -t a.tar.gz
	[[ $(bsdtar -tf a.tar.gz | wc -l) == 10 ]]
	devtool apply --archive a.cpio.xz t
	[[ $(xz -dc a.cpio.xz | head -c 6) == 070701 ]]
	devtool apply --archive a.cpio.zst t
	[[ $(bsdtar -tf a.cpio.zst | wc -l) == 10 ]]
	devtool apply --archive a.mtree t
	run grep -c 'type=char' a.mtree
	assert_output 4
}

@test "archive: xz is written with a CRC32 check, which the kernel's initramfs decoder needs, not libarchive's CRC64" {
	devtool apply --archive a.cpio.xz t
	# stream flags, bytes 6 and 7 of the header: 0x00, then 0x01 (CRC32)
	assert_equal "$(od -An -tx1 -j6 -N2 a.cpio.xz)" " 00 01"
	run xz -lvv a.cpio.xz
	assert_success
	assert_line --regexp '^ +Check: +CRC32$'
	xz -t a.cpio.xz
	devtool apply --archive a.cpio t
	xz -dc a.cpio.xz | cmp - a.cpio
}

# The compressions written, their suffixes, and the first two bytes the
# kernel's initramfs unpacker (lib/decompress.c) knows each by.
COMPRESSED='gz 1f8b
xz fd37
zst 28b5
bz2 425a
lzma 5d00'

@test "archive: .gz, .xz, .zst, .bz2 and .lzma each start with the magic the kernel's unpacker knows and decompress to the .cpio's bytes" {
	local ext magic
	devtool apply --archive a.cpio t
	while read -r ext magic; do
		devtool apply --archive "a.cpio.$ext" t
		assert_equal "$ext $(od -An -tx1 -N2 "a.cpio.$ext" | tr -d ' ')" "$ext $magic"
	done <<<"$COMPRESSED"
	gzip -dc a.cpio.gz | cmp - a.cpio
	xz -dc a.cpio.xz | cmp - a.cpio
	zstd -qdc a.cpio.zst | cmp - a.cpio
	bzip2 -dc a.cpio.bz2 | cmp - a.cpio
	# lzma alone: 8 bytes of size after the properties, all ff
	# ("unknown", an end mark closes the stream), which the kernel reads
	assert_equal "$(od -An -tx1 -j5 -N8 a.cpio.lzma)" " ff ff ff ff ff ff ff ff"
	xz --format=lzma -dc a.cpio.lzma | cmp - a.cpio
	devtool apply --archive a.tar.bz2 t
	assert_equal "$(bsdtar -tf a.tar.bz2 | wc -l)" 10
}

@test "archive: .lz4 and .lzo are refused with the reason before anything is written, exit 2" {
	quoted_error 2 "devtool: cannot write 'a.cpio.lz4' with lz4: libarchive writes lz4's frame format, and the kernel unpacks only the legacy one (lz4 -l); .gz, .xz, .zst, .bz2 or .lzma compress" \
	    apply --archive a.cpio.lz4 t
	quoted_error 2 "devtool: cannot write 'a.tar.lzo' with lzop: libarchive built without liblzo2 (as Debian's is) runs the lzop program found in PATH, which puts the time of the run in its header; .gz, .xz, .zst, .bz2 or .lzma compress" \
	    apply --archive a.tar.lzo t
	# the suffix decides, whatever the format
	quoted_error 2 "devtool: cannot write 'a.lz4' with lz4: libarchive writes lz4's frame format, and the kernel unpacks only the legacy one (lz4 -l); .gz, .xz, .zst, .bz2 or .lzma compress" \
	    apply --archive a.lz4 --archive-format newc t
	assert_equal "$(ls -A)" t
}

@test "archive: two runs in different years give the same bytes in every compression (faketime): gzip's header has no date" {
	local f
	# libfaketime moves the clock of what it runs, libarchive's too
	assert_equal "$(faketime '2001-02-03 04:05:06' date +%Y)" 2001
	for f in a.cpio a.cpio.gz a.tgz a.cpio.xz a.cpio.zst a.cpio.bz2 a.cpio.lzma; do
		ASAN_OPTIONS=${ASAN_OPTIONS:-}:verify_asan_link_order=0 \
		    faketime '2001-02-03 04:05:06' "$DEVTOOL" apply --archive "1$f" t
		ASAN_OPTIONS=${ASAN_OPTIONS:-}:verify_asan_link_order=0 \
		    faketime '2011-12-13 14:15:16' "$DEVTOOL" apply --archive "2$f" t
		cmp "1$f" "2$f"
	done
	# gzip's MTIME, bytes 4 to 7: 0, "no date", as gzip -n writes
	assert_equal "$(od -An -tx1 -j4 -N4 1a.cpio.gz)" " 00 00 00 00"
}

@test "archive: range names are written in byte order among the other entries (tty1, tty10, tty1x, tty2), each path once, parents first" {
	cat >u <<-'T'
	/dev/tty c 620 0 5 4 0 0 1 12
	/dev/ttyS c 660 0 20 4 64 0 1 3
	/dev/tty1x c 600 0 0 1 1
	/dev/net-x c 600 0 0 1 2
	/dev/net/tun c 666 0 0 10 200
	/dev/ttyS1 c 660 0 20 4 65
	/dev/hd b 640 0 6 3 0 8 1 4
	T
	run --separate-stderr devtool apply -v --archive u.cpio u
	assert_success
	assert_summary "24 created, 0 replaced, 0 corrected, 0 unchanged, 0 failed"
	assert_equal "$(cpio -it --quiet <u.cpio | tr '\n' ' ')" "dev dev/hd10 dev/hd11 dev/hd8 dev/hd9 dev/net dev/net-x dev/net/tun dev/tty0 dev/tty1 dev/tty10 dev/tty11 dev/tty1x dev/tty2 dev/tty3 dev/tty4 dev/tty5 dev/tty6 dev/tty7 dev/tty8 dev/tty9 dev/ttyS0 dev/ttyS1 dev/ttyS2 "
	assert_equal "$(cpio_list u.cpio | grep -E ' dev/(hd11|tty10|ttyS1)$')" "brw-r----- 1 root disk 3, 3 dev/hd11
crw--w---- 1 root tty 4, 10 dev/tty10
crw-rw---- 1 root dialout 4, 65 dev/ttyS1"
}

# peak_kib CMD...: the peak resident set of CMD, in KiB.  A sanitizer
# build keeps freed memory in quarantine, which is not devtool's: none.
peak_kib() {
	ASAN_OPTIONS="${ASAN_OPTIONS:-}:quarantine_size_mb=0:thread_local_quarantine_size_kb=0" python3 -c 'import resource, subprocess, sys
subprocess.run(sys.argv[1:], stdout=subprocess.DEVNULL, check=True)
print(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)' "$@"
}

@test "archive: 8 ranges of 65,536 nodes take no more memory than 8 nodes do: the ranges are streamed, never expanded whole" {
	local i small big
	for i in 1 2 3 4 5 6 7 8; do
		echo "/dev/r$i c 600 0 0 240 0 0 1 65536" >>many
		echo "/dev/r$i c 600 0 0 240 0 0 1 1" >>few
	done
	small=$(peak_kib "$DEVTOOL" apply --archive few.cpio few)
	big=$(peak_kib "$DEVTOOL" apply --archive many.cpio many)
	# 140 bytes a node, 70 MiB, before
	((big - small < 4096)) || fail "524,288 nodes: $big KiB, 8 nodes: $small KiB"
	cpio -it --quiet <many.cpio >names
	assert_equal "$(wc -l <names)" 524289
	sort -c names
	assert_equal "$(sed -n '2,6p;524289p' names)" "dev/r10
dev/r11
dev/r110
dev/r1100
dev/r11000
dev/r89999"
}

@test "archive: - writes the archive to stdout (newc unless --archive-format says)" {
	devtool apply --archive - t >out.cpio
	assert_equal "$(cpio_list out.cpio)" "$CPIO_LIST"
}

@test "archive: a failed write leaves the named file as it was and no temporary" {
	printf 'old' >keep.cpio
	printf '/dev/x c 600 0 0 256 0\n' >u
	run devtool apply --archive keep.cpio --archive-format bin u
	assert_equal "$status" 2
	assert_equal "$(cat keep.cpio)" old
	assert_equal "$(ls -A)" "$(printf 'keep.cpio\nt\nu')"
}

@test "archive: bad option combinations and names are usage errors naming the problem" {
	run --separate-stderr devtool apply --archive x.cpio --root R t
	assert_usage_error
	assert_equal "${stderr%%$'\n'*}" "devtool: --archive writes an archive: it takes no --root, -r or -n"
	run --separate-stderr devtool apply --archive x.zip t
	assert_usage_error
	assert_equal "${stderr%%$'\n'*}" "devtool: cannot tell the format of 'x.zip' from its name (.cpio, .tar, .mtree, and .gz, .xz, .zst, .bz2 or .lzma): give --archive-format"
	run --separate-stderr devtool apply --archive x --archive-format $'ne\ewc' t
	assert_usage_error
	assert_equal "${stderr%%$'\n'*}" "devtool: unknown archive format 'ne?wc'; valid: newc odc bin ustar pax gnutar mtree"
	run --separate-stderr devtool apply --archive-format newc t
	assert_usage_error
	assert_equal "${stderr%%$'\n'*}" "devtool: --archive-format needs --archive"
	[[ ! -e R && ! -e x && ! -e x.cpio ]]
}

@test "archive: list --archive lists nodes as from the archive's root, PATH operands filter" {
	devtool apply --archive dev.cpio.gz t
	run --separate-stderr devtool list --archive dev.cpio.gz -o tmpfiles /dev/loop1 dev/net
	assert_success
	assert_output "b	/dev/loop1	0660	0	6	-	7:1
c	/dev/net/tun	0666	0	0	-	10:200"
	run devtool list --archive dev.cpio.gz --dirs -o json /dev/net
	assert_output '{"path":"/dev/net","type":"d","mode":"0755","uid":0,"gid":0}
{"path":"/dev/net/tun","type":"c","mode":"0666","uid":0,"gid":0,"major":10,"minor":200}'
}

@test "archive: a FIFO into bin cpio, which libarchive cannot write, is refused with its line" {
	printf '/dev/p p 600 0 0\n' >u
	run --separate-stderr devtool apply --archive x.cpio --archive-format bin u
	assert_equal "$status" 2
	assert_equal "$stderr" "devtool: u:1: bin cannot hold a FIFO (libarchive's bin writer refuses it)
devtool: 1 error in the table; nothing was created"
	[[ ! -e x.cpio ]]
}

@test "archive: ustar holds 262143 in each field, as libarchive writes it, and no more" {
	printf '/dev/x c 600 0 0 4095 262143\n' >u
	devtool apply --archive u.tar --archive-format ustar u
	run tar -tvf u.tar --numeric-owner
	assert_line --regexp '^crw------- 0/0 +4095,262143 .* dev/x$'
	printf '/dev/x c 600 0 0 1 262144\n' >v
	run --separate-stderr devtool apply --archive v.tar --archive-format ustar v
	assert_equal "$status" 2
	assert_stderr_contains "devtool: v:1: minor 262144 is out of range for ustar (0-262143)"
}

@test "archive: gnutar holds 262143 in each field, as libarchive writes it, and a larger number is refused before writing, exit 2" {
	printf '/dev/x c 600 0 0 4095 262143\n' >u
	devtool apply --archive u.tar --archive-format gnutar u
	run tar -tvf u.tar --numeric-owner
	assert_line --regexp '^crw------- 0/0 +4095,262143 .* dev/x$'
	printf '/dev/y c 600 0 0 1 2\n/dev/x c 600 0 0 4095 262144\n' >v
	run --separate-stderr devtool apply --archive v.tar --archive-format gnutar v
	assert_equal "$status" 2
	assert_equal "$stderr" "devtool: v:2: minor 262144 is out of range for gnutar (0-262143): libarchive's gnutar writer has ustar's 6 octal digits, never GNU tar's base-256 numbers
devtool: 1 error in the table; nothing was created"
	[[ ! -e v.tar ]]
}

@test "archive: a table through an archive and back is the same table" {
	# tmpfiles: the host's symbolic links travel too (L lines); a socket
	# would be a comment line, which apply skips
	devtool list -o tmpfiles --root / /dev >host.table 2>/dev/null || true
	[[ -s host.table ]] || fail "no host listing"
	devtool apply --archive h.cpio host.table
	run devtool list -o tmpfiles --archive h.cpio
	assert_success
	assert_equal "$output" "$(grep -v '^#' host.table)"
	devtool list --archive h.cpio 2>/dev/null >h.makedevs
	devtool apply --archive h2.tar h.makedevs
	assert_equal "$(devtool list --archive h2.tar 2>/dev/null)" "$(grep -v '^#' h.makedevs)"
}

@test "archive: the host's /dev through newc, unpacked by cpio -idm as root, lists as the host's /dev" {
	needs_mknod
	# a socket is a comment line in tmpfiles, and so not in the archive
	devtool list -o tmpfiles /dev >host.table 2>/dev/null
	[[ $(grep -vc '^#' host.table) -gt 3 ]] || fail "no host listing"
	devtool apply --archive h.cpio host.table
	mkdir x
	(cd x && cpio -idm --quiet --no-absolute-filenames <../h.cpio)
	run --separate-stderr devtool list -o tmpfiles --root x /dev
	assert_success
	assert_equal "$output" "$(grep -v '^#' host.table)"
}

@test "archive: f and r lines, which adjust what exists, are not written (an empty file would replace the real one): a warning each, no parents for them" {
	printf '%s\n' '/etc/shadow f 600 0 0' '/bin/ping f 4755 0 0' \
		'|xattr cap_net_raw+ep' '/srv r 750 33 33' '/dev/null c 666 0 0 1 3' >fr
	run --separate-stderr devtool apply -v --archive fr.cpio fr
	assert_success
	assert_equal "$stderr" "devtool: warning: /bin/ping: not written: its line sets the mode and owner of a file that exists, not its contents, which an archive entry would replace with nothing
devtool: warning: /etc/shadow: not written: its line sets the mode and owner of a file that exists, not its contents, which an archive entry would replace with nothing
devtool: warning: /srv: not written: an r line changes a whole existing tree, which an archive cannot say
devtool: 2 created, 0 replaced, 0 corrected, 0 unchanged, 0 failed, 3 skipped"
	assert_equal "$(cpio -it --quiet <fr.cpio)" "dev
dev/null"
}

@test "archive: squashfs-tools-ng makes an image of the tar (tar2sqfs) and of the gen_init_cpio list (gensquashfs), and rdsquashfs shows every number" {
	local want='dir dev 0755 0 0
nod dev/big 0640 0 6 c 300 70000
nod dev/console 0600 0 5 c 5 1
pipe dev/initctl 0600 0 0
nod dev/loop0 0660 0 6 b 7 0
nod dev/loop1 0660 0 6 b 7 1
nod dev/loop2 0660 0 6 b 7 2
dir dev/net 0755 0 0
nod dev/net/tun 0666 0 0 c 10 200
nod dev/null 0666 0 0 c 1 3'
	as_nobody "$DEVTOOL" apply --archive - --archive-format pax t >x.tar
	tar2sqfs -q x.sqfs <x.tar
	run rdsquashfs --describe x.sqfs
	assert_success
	assert_output "$want"
	devtool list --dirs --archive x.tar -o gen_init_cpio >list
	mkdir empty
	gensquashfs -q -F list -D empty g.sqfs
	run rdsquashfs --describe g.sqfs
	assert_success
	assert_output "$want"
}

@test "archive: symbolic links and sockets travel: apply --archive writes them, bsdtar and cpio see the targets, list --archive reads them" {
	printf '%s\n' 'c /dev/pts/ptmx 0666 - - - 5:2' 'L /dev/ptmx - - - - pts/ptmx' \
		'L /dev/stdin - - - - /proc/self/fd/0' >u
	devtool apply --archive l.cpio u
	run cpio -itv --quiet <l.cpio
	assert_line --regexp '^lrwxrwxrwx +1 root +root +8 .* dev/ptmx -> pts/ptmx$'
	assert_line --regexp '^lrwxrwxrwx +1 root +root +15 .* dev/stdin -> /proc/self/fd/0$'
	devtool apply --archive l.tar u
	run bsdtar -tvf l.tar
	assert_line --regexp '^lrwxrwxrwx .* dev/ptmx -> pts/ptmx$'
	run --separate-stderr devtool list -o tmpfiles --archive l.tar
	assert_success
	assert_output "L	/dev/ptmx	-	-	-	-	pts/ptmx
c	/dev/pts/ptmx	0666	0	0	-	5:2
L	/dev/stdin	-	-	-	-	/proc/self/fd/0"
	printf '/dev/log s 666 0 0\n' >s
	devtool apply --archive s.cpio s
	run --separate-stderr devtool list -o json --archive s.cpio
	assert_output '{"path":"/dev/log","type":"s","mode":"0666","uid":0,"gid":0}'
	# tar has no socket: libarchive refuses it, the entry fails, and
	# with it the archive
	run --separate-stderr devtool apply --archive s.tar s
	assert_equal "$status" 1
	assert_equal "$stderr" "devtool: /dev/log: dev/log: pax format cannot archive sockets
devtool: s.tar: 1 entry failed; left as it was"
	[[ ! -e s.tar ]]
}

@test "archive: list --archive of something not an archive or missing says so, exit 1" {
	run --separate-stderr devtool list --archive nosuch.cpio
	assert_equal "$status" 1
	assert_stdout_empty
	assert_stderr_contains "devtool: nosuch.cpio: "
	run --separate-stderr devtool list --archive dev --root R
	assert_usage_error
}

@test "archive: a PATH operand longer than PATH_MAX is a usage error naming it, not a shorter filter" {
	devtool apply --archive dev.cpio t
	long=/dev/$(printf 'a%.0s' $(seq 5000))
	run --separate-stderr devtool list --archive dev.cpio "$long"
	assert_usage_error
	assert_equal "$stderr" "devtool: ${long:0:64}...${long: -32}: too long: longer than PATH_MAX"
}

# Hostile archives, made by python3's tarfile and, for a newc cpio,
# written byte by byte: nothing devtool wrote.

@test "archive: list --archive refuses a pax uid or gid beyond 32 bits, negative or (uid_t)-1, naming the entry, exit 1: 4294967296 never wraps to root's 0" {
	python3 - <<-'EOF'
	import tarfile
	def node(name, uid=0, gid=0):
	    t = tarfile.TarInfo(name)
	    t.type, t.mode, t.uid, t.gid = tarfile.CHRTYPE, 0o4755, uid, gid
	    t.devmajor, t.devminor = 1, 3
	    return t
	# tarfile writes an id that ustar cannot hold as a pax uid= or gid=
	with tarfile.open("ids.tar", "w", format=tarfile.PAX_FORMAT) as tar:
	    tar.addfile(node("dev/big", uid=2**32))
	    tar.addfile(node("dev/biggid", gid=2**32 + 6))
	    tar.addfile(node("dev/neg", uid=-1))
	    tar.addfile(node("dev/reserved", gid=2**32 - 1))
	    tar.addfile(node("dev/ok", uid=2**32 - 2))
	EOF
	# the archive holds what it says: bsdtar shows the ids as written
	run bsdtar -tvf ids.tar
	assert_line --regexp '^crwsr-xr-x +0 4294967296 +0 +1,3 .* dev/big$'
	run --separate-stderr devtool list --archive ids.tar -o json
	assert_equal "$status" 1
	assert_output '{"path":"/dev/ok","type":"c","mode":"4755","uid":4294967294,"gid":0,"major":1,"minor":3}'
	assert_equal "$stderr" "devtool: ids.tar: /dev/big: uid 4294967296 is out of range (0-4294967294)
devtool: ids.tar: /dev/biggid: gid 4294967302 is out of range (0-4294967294)
devtool: ids.tar: /dev/neg: uid -1 is out of range (0-4294967294)
devtool: ids.tar: /dev/reserved: gid 4294967295 is out of range (0-4294967294)"
	# and what goes on to apply makes none of them
	echo "$output" >listed.json
	devtool apply --archive out.cpio listed.json
	assert_equal "$(cpio -it --quiet <out.cpio)" "dev
dev/ok"
	# the same through libarchive's mtree reader
	printf '#mtree\n./dev/x type=char device=native,1,3 mode=04755 uid=4294967296\n' >ids.mtree
	run --separate-stderr devtool list --archive ids.mtree
	assert_equal "$status" 1
	assert_stdout_empty
	assert_equal "$stderr" "devtool: ids.mtree: /dev/x: uid 4294967296 is out of range (0-4294967294)"
}

@test "archive: list --archive refuses a major or minor beyond the kernel's (GNU tar base-256 fields) and a newc mode with bits beyond 07777, naming the entry, exit 1" {
	python3 - <<-'EOF'
	import tarfile
	def node(name, major=1, minor=3):
	    t = tarfile.TarInfo(name)
	    t.type, t.mode, t.devmajor, t.devminor = tarfile.CHRTYPE, 0o600, major, minor
	    return t
	# GNU format writes a number ustar cannot hold in base-256
	with tarfile.open("rdev.tar", "w", format=tarfile.GNU_FORMAT) as tar:
	    tar.addfile(node("dev/wide", major=2**32 + 8, minor=0))
	    tar.addfile(node("dev/neg", minor=-1))
	    tar.addfile(node("dev/ok"))
	# a newc entry: "070701", 13 fields of 8 hex digits, the name, padding
	def newc(name, mode, ino):
	    name = name.encode() + b"\0"
	    fields = (ino, mode, 0, 0, 1, 0, 0, 0, 0, 1, 3, len(name), 0)
	    h = b"070701" + b"".join(b"%08X" % v for v in fields) + name
	    return h + b"\0" * (-len(h) % 4)
	with open("mode.cpio", "wb") as f:
	    # a character device (020000), 04755, and bit 0200000 beyond them
	    f.write(newc("dev/hi", 0o224755, 1) + newc("dev/ok", 0o024755, 2) +
	            newc("TRAILER!!!", 0, 0))
	EOF
	run bsdtar -tvf rdev.tar
	assert_line --regexp '^crw------- .* 4294967304,0 .* dev/wide$'
	run --separate-stderr devtool list --archive rdev.tar -o tmpfiles
	assert_equal "$status" 1
	assert_output 'c	/dev/ok	0600	0	0	-	1:3'
	assert_equal "$stderr" "devtool: rdev.tar: /dev/wide: major 4294967304 is out of range (0-4095)
devtool: rdev.tar: /dev/neg: minor 18446744073709551615 is out of range (0-1048575)"
	run --separate-stderr devtool list --archive mode.cpio -o tmpfiles
	assert_equal "$status" 1
	assert_output 'c	/dev/ok	4755	0	0	-	1:3'
	assert_equal "$stderr" "devtool: mode.cpio: /dev/hi: mode 0204755 has bits beyond 07777"
}

# T FIELD...: a line of list's output, its fields joined by tabs.
T() { local IFS=$'\t'; echo "$*"; }

# newc_of DIR: DIR's tree as a newc cpio by GNU cpio, which pads
# it with zeros to 512 bytes, as an early microcode cpio is.
newc_of() { (cd "$1" && find . | LC_ALL=C sort | cpio -o -H newc --quiet -R 0:0); }

@test "archive: list --archive of a concatenated initramfs lists the entries of every member, compressed or not, a later one replacing an earlier of its path, as the kernel unpacks it" {
	needs_mknod
	mkdir -p e/dev m/dev
	mknod -m 600 e/dev/a c 1 1
	mknod -m 600 e/dev/same c 1 2
	mknod -m 660 m/dev/b b 8 0
	mknod -m 644 m/dev/same c 5 5
	newc_of e >early.cpio
	newc_of m | gzip -n >main.cpio.gz
	cat early.cpio main.cpio.gz >initrd
	local want
	want=$(printf '%s\n' "$(T /dev/a c 0600 0 0 1 1 - - -)" \
		"$(T /dev/b b 0660 0 0 8 0 - - -)" \
		"$(T /dev/same c 0644 0 0 5 5 - - -)")
	run --separate-stderr devtool list --archive initrd
	assert_status 0
	assert_equal "$output" "$want"
	run --separate-stderr devtool list --archive - <initrd
	assert_equal "$output" "$want"
	# two members in one compressed stream, and an xz one after them
	{ newc_of e; newc_of m; } | gzip -n >both.gz
	run --separate-stderr devtool list --archive both.gz
	assert_equal "$output" "$want"
	newc_of m | xz --check=crc32 >main.cpio.xz
	cat early.cpio main.cpio.xz >initrd.xz
	run --separate-stderr devtool list --archive initrd.xz
	assert_equal "$output" "$want"
}

@test "archive: list --archive of an initramfs with junk after a member lists what came before and says so, exit 1" {
	needs_mknod
	mkdir -p e/dev
	mknod -m 600 e/dev/a c 1 1
	{ newc_of e; echo junk; } >bad
	run --separate-stderr devtool list --archive bad
	assert_status 1
	assert_equal "$output" "$(T /dev/a c 0600 0 0 1 1 - - -)"
	assert_equal "$stderr" "devtool: bad: junk after a cpio member: neither a newc header nor a compressed stream"
	{ newc_of e; echo junk; } | gzip -n >bad.gz
	run --separate-stderr devtool list --archive bad.gz
	assert_status 1
	assert_equal "$stderr" "devtool: bad.gz: junk within a compressed stream after a cpio member"
}

@test "archive: list --archive reads zeros after a compressed member as padding, and a second compressed stream after it, as the kernel does" {
	needs_mknod
	mkdir -p e/dev m/dev
	mknod -m 600 e/dev/a c 1 1
	mknod -m 660 m/dev/b b 8 0
	{ newc_of m | gzip -n; head -c 4096 /dev/zero; } >padded
	run --separate-stderr devtool list --archive padded
	assert_status 0
	assert_equal "$output" "$(T /dev/b b 0660 0 0 8 0 - - -)"
	{ newc_of m | gzip -n; newc_of e | xz --check=crc32; } >two
	run --separate-stderr devtool list --archive two
	assert_status 0
	assert_stderr_empty
	assert_equal "$output" "$(T /dev/a c 0600 0 0 1 1 - - -)
$(T /dev/b b 0660 0 0 8 0 - - -)"
}

# The three members of the kernel's own example of a multi-member
# initramfs, each a path of its own and one path in all three:
# a.cpio.gz, b.cpio.zst, c.cpio.
abc_tables() {
	printf '%s\n' 'nod /dev/a 0600 0 0 c 1 1' 'nod /dev/same 0600 0 0 c 1 2' >a.list
	printf '%s\n' 'nod /dev/b 0640 0 6 b 8 0' 'nod /dev/same 0644 0 0 c 1 3' >b.list
	printf '%s\n' 'nod /dev/c 0600 0 0 c 1 4' 'nod /dev/same 0666 0 0 c 1 5' >c.list
}
ABC_WANT="$(T /dev/a c 0600 0 0 1 1 - - -)
$(T /dev/b b 0640 0 6 8 0 - - -)
$(T /dev/c c 0600 0 0 1 4 - - -)
$(T /dev/same c 0666 0 0 1 5 - - -)"

@test "archive: list --archive of cat a.cpio.gz b.cpio.zst c.cpio (devtool's) reads every member in order, the last of a path winning, from a file and from stdin" {
	abc_tables
	devtool apply --archive a.cpio.gz a.list
	devtool apply --archive b.cpio.zst b.list
	devtool apply --archive c.cpio c.list
	cat a.cpio.gz b.cpio.zst c.cpio >initrd
	run --separate-stderr devtool list --archive initrd
	assert_status 0
	assert_stderr_empty
	assert_equal "$output" "$ABC_WANT"
	run --separate-stderr devtool list --archive - <initrd
	assert_status 0
	assert_equal "$output" "$ABC_WANT"
	# the same members the other way round: a's /dev/same last
	cat c.cpio b.cpio.zst a.cpio.gz >back
	run --separate-stderr devtool list --archive back /dev/same
	assert_equal "$output" "$(T /dev/same c 0600 0 0 1 2 - - -)"
}

@test "archive: list --archive of cat a.cpio.gz b.cpio.zst c.cpio made by GNU cpio, gzip and zstd, padded with zeros between, reads every member" {
	needs_mknod
	mkdir -p a/dev b/dev c/dev
	mknod -m 600 a/dev/a c 1 1
	mknod -m 600 a/dev/same c 1 2
	mknod -m 640 b/dev/b b 8 0
	mknod -m 644 b/dev/same c 1 3
	mknod -m 600 c/dev/c c 1 4
	mknod -m 666 c/dev/same c 1 5
	newc_of a | gzip -9 >a.cpio.gz
	newc_of b | zstd -q -19 >b.cpio.zst
	newc_of c >c.cpio
	{ cat a.cpio.gz; head -c 3 /dev/zero; cat b.cpio.zst; head -c 512 /dev/zero
	  cat c.cpio; } >initrd
	run --separate-stderr devtool list --archive initrd
	assert_status 0
	assert_stderr_empty
	assert_equal "$output" "$(T /dev/a c 0600 0 0 1 1 - - -)
$(T /dev/b b 0640 0 0 8 0 - - -)
$(T /dev/c c 0600 0 0 1 4 - - -)
$(T /dev/same c 0666 0 0 1 5 - - -)"
}

@test "archive: list --archive reads a member in every compression the kernel decodes, one after another: gzip, bzip2, lzma, xz, lz4 -l, zstd, each ending where its stream does" {
	abc_tables
	devtool apply --archive a.cpio a.list
	{
		gzip -n <a.cpio; bzip2 <a.cpio; lzma <a.cpio
		xz --check=crc32 <a.cpio; lz4 -q -l <a.cpio; head -c 4 /dev/zero
		zstd -q <a.cpio; devtool apply --archive - c.list
	} >all
	run --separate-stderr devtool list --archive all
	assert_status 0
	assert_stderr_empty
	assert_equal "$output" "$(T /dev/a c 0600 0 0 1 1 - - -)
$(T /dev/c c 0600 0 0 1 4 - - -)
$(T /dev/same c 0666 0 0 1 5 - - -)"
	# lz4's legacy format has no end: the input's end ends it too
	{ devtool apply --archive - c.list; lz4 -q -l <a.cpio; } >lz
	run --separate-stderr devtool list --archive lz /dev/same
	assert_status 0
	assert_output "$(T /dev/same c 0600 0 0 1 2 - - -)"
}

@test "archive: list --archive of an initramfs as Debian's initramfs-tools makes one: an early uncompressed cpio (microcode), then the main one through zstd" {
	# mkinitramfs needs a kernel's modules (/lib/modules), which a test
	# machine may lack: its pipeline, as in mkinitramfs, instead
	# (cpio --quiet -R 0:0 -o -H newc, sorted; COMPRESS=zstd, Debian
	# 12's default, zstd -q -1 -T0; the early cpio first, uncompressed,
	# as its microcode hook writes it)
	needs_mknod
	mkdir -p early/kernel/x86/microcode main/dev main/bin main/etc
	head -c 4096 /dev/urandom >early/kernel/x86/microcode/GenuineIntel.bin
	cp "$(type -P true)" main/bin/true
	echo 'MODULES=most' >main/etc/initramfs.conf
	mknod -m 600 main/dev/console c 5 1
	mknod -m 666 main/dev/null c 1 3
	(cd early && find . | LC_ALL=C sort | cpio --quiet -R 0:0 -o -H newc) >initrd.img
	(cd main && find . | LC_ALL=C sort | cpio --quiet -R 0:0 -o -H newc) |
	    zstd -q -1 -T0 >>initrd.img
	run --separate-stderr devtool list --archive initrd.img --dirs
	assert_status 0
	assert_stderr_empty
	assert_output "$(T / d 0755 0 0 - - - - -)
$(T /bin d 0755 0 0 - - - - -)
$(T /dev d 0755 0 0 - - - - -)
$(T /dev/console c 0600 0 0 5 1 - - -)
$(T /dev/null c 0666 0 0 1 3 - - -)
$(T /etc d 0755 0 0 - - - - -)
$(T /kernel d 0755 0 0 - - - - -)
$(T /kernel/x86 d 0755 0 0 - - - - -)
$(T /kernel/x86/microcode d 0755 0 0 - - - - -)"
}

@test "archive: list --archive names a compressed member cut short, or corrupt, and what came before stays listed, exit 1 (an archive that cannot be read)" {
	abc_tables
	devtool apply --archive a.cpio a.list
	devtool apply --archive c.cpio c.list
	zstd -q <c.cpio >c.zst
	{ cat a.cpio; head -c $(($(stat -c %s c.zst) - 5)) c.zst; } >cut
	run --separate-stderr devtool list --archive cut /dev/a
	assert_status 1
	assert_output "$(T /dev/a c 0600 0 0 1 1 - - -)"
	assert_equal "$stderr" "devtool: cut: zstd: the stream is cut short"
	# a gzip header, then a deflate block of the reserved type 3
	{ cat a.cpio; printf '\037\213\010\0\0\0\0\0\0\003\007more'; } >bad
	run --separate-stderr devtool list --archive bad /dev/a
	assert_status 1
	assert_output "$(T /dev/a c 0600 0 0 1 1 - - -)"
	assert_equal "$stderr" "devtool: bad: gzip: invalid block type"
}

@test "archive: list --archive of text is an error naming the file and that it looked like an mtree spec to libarchive, exit 1 (a file that cannot be read as an archive): /etc/passwd, a file of MAKEDEV names, the same gzipped or on stdin" {
	printf '%s\n' std console lirc generic >names
	gzip -n <names >names.gz
	for f in /etc/passwd names names.gz; do
		run --separate-stderr devtool list --archive "$f"
		assert_status 1
		assert_equal "$stderr" "devtool: $f: not an archive: text, which libarchive took for an mtree spec (no #mtree line, not one entry with a type=)"
	done
	run --separate-stderr devtool list --archive - </etc/passwd
	assert_status 1
	assert_stderr_contains "not an archive: text"
}

@test "archive: list --archive of a real empty archive is no error: a cpio trailer alone, an empty tar, an mtree spec of no entry; nor a spec without #mtree whose lines have types" {
	cpio -o -H newc --quiet </dev/null >trailer.cpio
	tar -cf empty.tar -T /dev/null
	printf '#mtree\n' >empty.mtree
	: >empty
	for f in trailer.cpio empty.tar empty.mtree empty; do
		run --separate-stderr devtool list --archive "$f"
		assert_success
		assert_output ''
		assert_stderr_empty
	done
	# as NetBSD's mtree -c writes one: comments, /set, no #mtree line
	printf '%s\n' '#	   user: root' '/set type=char uid=0 gid=0' \
		'. type=dir mode=0755' 'null mode=0666 device=native,1,3' '..' >spec
	run --separate-stderr devtool list --archive spec
	assert_success
	assert_output "$(T /null c 0666 0 0 1 3 - - -)"
}
