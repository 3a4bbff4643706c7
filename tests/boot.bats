#!/usr/bin/env bats
# boot.bats - devtool's archives booted (devtool(1), ARCHIVES): Debian's
# kernel, under qemu without KVM (TCG), unpacks an initrd of busybox and
# an /init, followed by archives that apply --archive wrote, and /init
# prints every node the kernel made to the serial console, then powers
# off.  scripts/boot-fetch.sh downloads the kernel and busybox-static
# once into build/boot/, installing neither.  A boot takes some 20 s.

load test_helper

TOP=$BATS_TEST_DIRNAME/..
BOOT=$TOP/build/boot
BOOT_TIMEOUT=120	# seconds; a boot under TCG takes 5 to 25

setup_file() {
	sh "$TOP/scripts/boot-fetch.sh" "$BOOT"
}

setup() {
	setup_workdir
	command -v qemu-system-x86_64 >/dev/null ||
		fail "qemu-system-x86_64 is missing (make check-all installs qemu-system-x86)"
	base_cpio
}

teardown() { if [[ -n ${NOBODY_TOP:-} ]]; then nobody_done; fi; }

# base_cpio: base.cpio, the initrd's first part: busybox and an /init
# that prints each entry under /dev as busybox's stat sees it (numbers
# in hex), all but the kernel's own /dev/console, then powers off.  A
# blank line first: the console's escape sequences may precede it.
base_cpio() {
	mkdir -p base/bin
	cp "$BOOT/busybox" base/bin/busybox
	cat >base/init <<-'INIT'
	#!/bin/busybox sh
	echo
	echo 'init: start'
	for n in $(/bin/busybox find /dev -mindepth 1 ! -path /dev/console |
	    /bin/busybox sort); do
		/bin/busybox stat -c 'node %N %F %t:%T %a %u:%g' "$n"
	done
	echo 'init: done'
	/bin/busybox poweroff -f
	INIT
	chmod 0755 base/init
	(cd base && printf '%s\n' bin bin/busybox init |
	    cpio -o -H newc -R 0:0 --quiet) >base.cpio
}

# tables C: the tables of the archive that goes under /dev/C: every kind
# of entry, owners and numbers beyond 8 bits, and a makedevs range.
tables() {
	cat >"t.$1" <<-T
	dir /dev/$1/shm 1777 0 0
	nod /dev/$1/null 0666 0 0 c 1 3
	nod /dev/$1/sda 0640 0 6 b 8 0
	nod /dev/$1/big 0600 1000 100 c 300 70000
	slink /dev/$1/fd /proc/self/fd 0777 0 0
	pipe /dev/$1/initctl 0600 0 0
	sock /dev/$1/log 0666 0 0
	T
	echo "/dev/$1/tty c 620 0 5 4 1 1 1 3" >"r.$1"
}

# listing C...: what /init prints of those tables, C in byte order.
listing() {
	local c
	for c in "$@"; do
		cat <<-L
		node /dev/$c directory 0:0 755 0:0
		node /dev/$c/big character special file 12c:11170 600 1000:100
		node '/dev/$c/fd' -> '/proc/self/fd' symbolic link 0:0 777 0:0
		node /dev/$c/initctl fifo 0:0 600 0:0
		node /dev/$c/log socket 0:0 666 0:0
		node /dev/$c/null character special file 1:3 666 0:0
		node /dev/$c/sda block special file 8:0 640 0:6
		node /dev/$c/shm directory 0:0 1777 0:0
		node /dev/$c/tty1 character special file 4:1 620 0:5
		node /dev/$c/tty2 character special file 4:2 620 0:5
		node /dev/$c/tty3 character special file 4:3 620 0:5
		L
	done
}

# boot INITRD: boots the kernel with INITRD, its console in ./serial
# (carriage returns dropped); fails unless the machine powered off after
# /init finished, within BOOT_TIMEOUT seconds.
boot() {
	local rc=0

	timeout -k 10 "$BOOT_TIMEOUT" qemu-system-x86_64 -m 256 -nographic \
	    -no-reboot -nic none -kernel "$BOOT/vmlinuz" -initrd "$1" \
	    -append 'console=ttyS0 panic=-1 quiet' </dev/null >raw 2>&1 ||
	    rc=$?
	tr -d '\r' <raw >serial
	((rc != 124 && rc != 137)) ||
		fail "$(<"$BOOT/kernel") did not power off within $BOOT_TIMEOUT s:"$'\n'"$(tail -n 40 serial)"
	((rc == 0)) || fail "qemu exited $rc:"$'\n'"$(tail -n 40 serial)"
	grep -qx 'init: done' serial ||
		fail "/init did not finish:"$'\n'"$(tail -n 40 serial)"
}

# nodes: the nodes /init printed.
nodes() { grep '^node ' serial || true; }

# apply_as_nobody C FILE: uid 65534 writes the archive FILE of tables C.
apply_as_nobody() {
	(cd "$NOBODY_TOP" && tables "$1")
	run --separate-stderr as_nobody "$DEVTOOL" apply --archive "$2" \
	    "$NOBODY_TOP/t.$1" "$NOBODY_TOP/r.$1"
	assert_status 0
	assert_equal "$stderr" ""
	assert_equal "$(stat -c %u "$2")" 65534
}

@test "boot: Debian's kernel unpacks devtool's archive in each compression it writes (none, .gz, .xz, .lzma, .bz2, .zst), joined in one initrd, written by uid 65534, and makes every node as the tables say" {
	local c
	nobody_top
	cp base.cpio initrd
	# one initrd, its parts one after the other as a boot loader joins
	# them: each compressed stream, followed by another part, must end
	# exactly where that part begins
	apply_as_nobody none "$NOBODY_TOP/dev.cpio"
	cat "$NOBODY_TOP/dev.cpio" >>initrd
	for c in gz xz lzma bz2 zst; do
		apply_as_nobody "$c" "$NOBODY_TOP/dev.cpio.$c"
		cat "$NOBODY_TOP/dev.cpio.$c" >>initrd
	done
	# the kernel finds an uncompressed part only at a multiple of 4
	# bytes, where a compressed stream need not end (these end 3 bytes
	# past one): zeros first, which it skips
	(($(stat -c %s initrd) % 4 != 0)) ||
		fail "the compressed parts end at a multiple of 4 bytes: the padding below is not tested"
	truncate -s %4 initrd
	apply_as_nobody after "$NOBODY_TOP/after.cpio"
	cat "$NOBODY_TOP/after.cpio" >>initrd
	boot initrd
	refute grep -q 'Initramfs unpacking failed' serial
	assert_equal "$(nodes)" "$(listing after bz2 gz lzma none xz zst)"
}

@test "boot: the kernel refuses libarchive's own .lz4 (the lz4 frame) and .xz (a CRC64 check): why devtool refuses .lz4 and writes xz itself" {
	local z
	tables x
	devtool apply --archive dev.cpio t.x r.x
	for z in lz4 xz; do
		# libarchive's writers, through bsdtar: the same entries
		bsdtar -cf "lib.$z" --format newc "--$z" @dev.cpio
		cat base.cpio "lib.$z" >initrd
		boot initrd
		cp serial "serial.$z"
		assert_equal "$(nodes)" ""
	done
	assert_equal "$(grep -o 'Initramfs unpacking failed: .*' serial.lz4)" \
	    "Initramfs unpacking failed: invalid magic at start of compressed archive"
	assert_equal "$(grep -o 'Initramfs unpacking failed: .*' serial.xz)" \
	    "Initramfs unpacking failed: Input was encoded with settings that are not supported by this XZ decoder"
}

# as_init: what devtool list --archive lists under /dev, as /init prints
# what the kernel made there (busybox stat: numbers in hex, the mode in
# octal without its leading 0, a link quoted with its target).
as_init() {
	local path type ma mi mode uid gid target noun
	devtool list --dirs -o json --archive "$1" |
	    jq -r 'select(.path | startswith("/dev/")) | select(.path != "/dev/console") |
	        [.path, .type, (.major // 0), (.minor // 0), (.mode // "0777"),
	         (.uid // 0), (.gid // 0), (.target // "")] | @tsv' |
	while IFS=$'\t' read -r path type ma mi mode uid gid target; do
		case $type in
		d) noun=directory ;; c) noun='character special file' ;;
		b) noun='block special file' ;; p) noun=fifo ;; s) noun=socket ;;
		l) noun='symbolic link' ;;
		esac
		[[ $type == l ]] && path="'$path' -> '$target'"
		printf 'node %s %s %x:%x %o %s:%s\n' "$path" "$noun" "$ma" "$mi" \
		    "$((8#$mode))" "$uid" "$gid"
	done
}

@test "boot: devtool list --archive of an initrd of every compression joined, zeros between, lists what the kernel made of it, node for node" {
	local c
	cp base.cpio initrd
	for c in gz xz lzma bz2 zst; do
		tables "$c"
		devtool apply --archive "dev.cpio.$c" "t.$c" "r.$c"
		cat "dev.cpio.$c" >>initrd
		head -c 5 /dev/zero >>initrd
	done
	tables none
	devtool apply --archive dev.cpio t.none r.none
	cat dev.cpio >>initrd
	boot initrd
	refute grep -q 'Initramfs unpacking failed' serial
	assert_equal "$(nodes)" "$(listing bz2 gz lzma none xz zst)"
	run --separate-stderr as_init initrd
	assert_success
	assert_equal "$output" "$(nodes)"
}

@test "boot: an initramfs that devtool alone made from a gen_init_cpio list boots: the kernel runs its /init and busybox (file lines, a hard link) and makes its nodes" {
	cp base/init init
	cat >list <<-L
	dir /bin 0755 0 0
	file /bin/busybox $BOOT/busybox 0755 0 0 /bin/sh
	file /init init 0755 0 0
	dir /dev 0755 0 0
	nod /dev/console 0600 0 0 c 5 1
	nod /dev/null 0666 0 0 c 1 3
	slink /dev/fd /proc/self/fd 0777 0 0
	L
	run --separate-stderr devtool apply --archive initrd.cpio.zst list
	assert_success
	assert_stderr_empty
	boot initrd.cpio.zst
	refute grep -q 'Initramfs unpacking failed' serial
	assert_equal "$(nodes)" "node '/dev/fd' -> '/proc/self/fd' symbolic link 0:0 777 0:0
node /dev/null character special file 1:3 666 0:0"
}
