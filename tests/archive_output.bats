#!/usr/bin/env bats
# archive_output.bats - where apply --archive FILE writes (devtool(1),
# ARCHIVES and SECURITY): a regular file is replaced only by a complete
# archive, through a short temporary beside it that nothing leaves
# behind (a failed entry, a full disk, a signal); a character device or
# FIFO is written through, never replaced; anything else is refused by
# name.  Needs root for the nodes (mknod) and the full tmpfs (mount).

load test_helper

setup() {
	setup_workdir
	cat >t <<-'T'
	/dev d 755 0 0
	/dev/null c 666 0 0 1 3
	/dev/net/tun c 666 0 0 10 200
	/dev/loop b 660 0 6 7 0 0 1 3
	/dev/initctl p 600 0 0
	T
	# some 3000 archive headers: more than one 10240-byte block, and
	# more than the 64 KiB tmpfs below holds
	printf '/dev/n c 600 0 0 240 0 0 1 3000\n' >big
}

teardown() { unmount_all; }

# The message of an output that is neither replaced nor written through.
REFUSED="an archive replaces only a regular file, or is written through a character device or FIFO"
NOT_FOLLOWED="a link is followed only to a character device or FIFO, never replaced"

@test "archive output: an entry libarchive refuses leaves the old archive as it was and no temporary, exit 1" {
	printf '/dev/log s 0666 0 0\n/dev/null c 0666 0 0 1 3\n' >s
	echo OLD >o.tar
	run --separate-stderr devtool apply --archive o.tar s
	assert_status 1
	assert_equal "$stderr" "devtool: /dev/log: dev/log: pax format cannot archive sockets
devtool: o.tar: 1 entry failed; left as it was"
	assert_equal "$(cat o.tar)" OLD
	assert_equal "$(ls -A)" "$(printf 'big\no.tar\ns\nt')"
}

@test "archive output: apply -v counts an entry that failed once, not again for the archive it left as it was" {
	printf '/dev/log s 0666 0 0\n/dev/null c 0666 0 0 1 3\n' >s
	echo OLD >o.tar
	run --separate-stderr devtool apply -v --archive o.tar s
	assert_status 1
	assert_equal "$stderr" "devtool: /dev/log: dev/log: pax format cannot archive sockets
devtool: o.tar: 1 entry failed; left as it was
devtool: 2 created, 0 replaced, 0 corrected, 0 unchanged, 1 failed"
	assert_equal "$(cat o.tar)" OLD
}

@test "archive output: a character device, or a link to one, is written through and stays the node it was" {
	needs_mknod
	mknod nul c 1 3
	ln -s nul link
	run --separate-stderr devtool apply --archive nul --archive-format newc t
	assert_status 0
	assert_equal "$stderr" ""
	run --separate-stderr devtool apply --archive link --archive-format newc t
	assert_status 0
	assert_equal "$(node nul)" "character special file 1 3 644 0 0"
	[[ -L link ]] || fail "the link was replaced"
	assert_equal "$(ls -A)" "$(printf 'big\nlink\nnul\nt')"
}

@test "archive output: a FIFO is written through to its reader, as tar writes, the same bytes as standard output, and stays a FIFO" {
	mkfifo p
	cat p >got &
	reader=$!
	run --separate-stderr devtool apply --archive p --archive-format newc t
	if [[ ! -p p ]]; then
		kill "$reader" 2>/dev/null || true
		fail "the FIFO was replaced: $(stat -c %F p)"
	fi
	wait "$reader"
	assert_status 0
	devtool apply --archive - t >want
	cmp got want
	assert_equal "$(ls -A)" "$(printf 'big\ngot\np\nt\nwant')"
}

@test "archive output: a compressed archive through a FIFO is not padded: the bytes of a regular file, which zstd and xz --format=lzma read back (not after zeros)" {
	local z
	for z in gz xz zst bz2 lzma; do
		mkfifo "p.cpio.$z"
		cat "p.cpio.$z" >got &
		reader=$!
		run --separate-stderr devtool apply --archive "p.cpio.$z" t
		wait "$reader"
		assert_status 0
		# the file's bytes, which each tool reads back (archive.bats);
		# padded to a whole block, zstd and lzma were refused
		devtool apply --archive "f.cpio.$z" t
		cmp got "f.cpio.$z"
		[[ -p p.cpio.$z ]] || fail "p.cpio.$z is no longer a FIFO"
	done
}

@test "archive output: a directory, a block device, a socket and a link to a file or to nothing are refused by name, exit 1, and stay" {
	needs_mknod
	mkdir dir
	mknod blk b 7 200
	python3 -c 'import socket, sys; socket.socket(socket.AF_UNIX).bind(sys.argv[1])' sock
	echo OLD >old.cpio
	ln -s old.cpio link
	ln -s nowhere dangling
	for out in dir blk sock link dangling; do
		run --separate-stderr devtool apply --archive "$out" --archive-format newc t
		assert_status 1
		case $out in
		dir) want="a directory: $REFUSED" ;;
		blk) want="a block device: $REFUSED" ;;
		sock) want="a socket: $REFUSED" ;;
		link) want="a symbolic link to a regular file: $NOT_FOLLOWED" ;;
		dangling) want="a symbolic link to nothing: $NOT_FOLLOWED" ;;
		esac
		assert_equal "$stderr" "devtool: $out: $want"
	done
	assert_equal "$(stat -c %F dir blk sock link dangling)" "directory
block special file
socket
symbolic link
symbolic link"
	assert_equal "$(ls -A dir)" ""
	assert_equal "$(cat old.cpio)" OLD
	assert_equal "$(ls -A)" "$(printf 'big\nblk\ndangling\ndir\nlink\nold.cpio\nsock\nt')"
}

@test "archive output: a device that refuses to be written (/dev/full's numbers) stops at the first error: one message with errno, exit 1" {
	needs_mknod
	mknod full c 1 7
	run --separate-stderr devtool apply --archive full --archive-format newc big
	assert_status 1
	assert_equal "$stderr" "devtool: full: No space left on device; what was written is incomplete"
	assert_equal "$(node full)" "character special file 1 7 644 0 0"
}

@test "archive output: a full file system stops at the first write error, one message with errno, exit 1; the old archive stays, no temporary" {
	# 3.6 MB of cpio, 270 KB through gzip, 80 KB through xz
	printf '/dev/n c 600 0 0 240 0 0 1 30000\n' >huge
	mount_tmpfs m size=64k
	for out in m/o.cpio m/o.cpio.gz m/o.cpio.xz; do
		echo OLD >"$out"
		run --separate-stderr devtool apply --archive "$out" huge
		assert_status 1
		assert_equal "$stderr" "devtool: $out: No space left on device; left as it was"
		assert_equal "$(cat "$out")" OLD
	done
	assert_equal "$(ls -A m)" "$(printf 'o.cpio\no.cpio.gz\no.cpio.xz')"
}

@test "archive output: SIGTERM, SIGINT or SIGHUP while the temporary is written leaves no temporary and the old archive (strace delivers it at the write)" {
	command -v strace >/dev/null || skip "strace is not installed"
	[[ -z ${DEVTOOL_REAL:-} ]] || skip "under valgrind the first write(2) is valgrind's own"
	local sig n
	for sig in TERM INT HUP; do
		n=$(kill -l "$sig")
		echo OLD >o.cpio
		# the signal comes on entry to devtool's first write(2)
		run strace -y -o log -e trace=write \
		    -e inject=write:signal="$sig":when=1 "$DEVTOOL" apply --archive o.cpio t
		assert_equal "$status" $((128 + n))
		grep -qE "^write\([0-9]+<$PWD/\.[^/>]+>, " log ||
			fail "SIG$sig did not come at a write of a temporary:"$'\n'"$(cat log)"
		grep -qF "+++ killed by SIG$sig +++" log ||
			fail "devtool was not killed by SIG$sig:"$'\n'"$(cat log)"
		assert_equal "$(cat o.cpio)" OLD
		assert_equal "$(ls -A)" "$(printf 'big\nlog\no.cpio\nt')"
	done
}

@test "archive output: a missing directory is named in the message, exit 1" {
	run --separate-stderr devtool apply --archive nodir/x.cpio t
	assert_status 1
	assert_equal "$stderr" "devtool: nodir/x.cpio: No such file or directory"
	run --separate-stderr devtool apply --archive - t
	assert_status 0
	run --separate-stderr devtool apply --archive x/ --archive-format newc t
	assert_status 1
	assert_equal "$stderr" "devtool: x/: names a directory (it ends with '/')"
	assert_equal "$(ls -A)" "$(printf 'big\nt')"
}

@test "archive output: a name of 255 bytes, the most the file system takes, is written and replaced (the temporary's name is short)" {
	local name
	name=$(printf 'a%.0s' $(seq 250)).cpio
	devtool apply --archive "$name" t
	devtool apply --archive "$name" t
	assert_equal "$(cpio -it --quiet <"$name" | wc -l)" 8
	assert_equal "$(ls -A)" "$(printf '%s\nbig\nt' "$name")"
}

@test "archive output: apply -v --archive lists each entry written, as the archive has it" {
	printf '/dev/null c 666 0 0 1 3\n/dev/tty c 620 0 5 5 0\n' >v
	run --separate-stderr devtool apply -v --archive o.cpio v
	assert_status 0
	assert_output "wrote /dev (d, mode 0755, owner 0:0)
wrote /dev/null (c 1:3, mode 0666, owner 0:0)
wrote /dev/tty (c 5:0, mode 0620, owner 0:5)"
}

@test "archive output: apply -v --archive - lists on stderr, as tar -cv f - does: stdout is the archive" {
	printf '/dev/null c 666 0 0 1 3\n' >v
	devtool apply -v --archive - v >o.cpio 2>err
	assert_equal "$(cat err)" "wrote /dev (d, mode 0755, owner 0:0)
wrote /dev/null (c 1:3, mode 0666, owner 0:0)
devtool: 2 created, 0 replaced, 0 corrected, 0 unchanged, 0 failed"
	assert_equal "$(cpio -it <o.cpio 2>/dev/null)" "dev
dev/null"
}

# Runs devtool with stdout and stderr on a pseudo-terminal; prints what it
# wrote there, then "exit N".
on_terminal() {
	python3 - "$DEVTOOL" "$@" <<-'PY'
	import os, pty, sys
	pid, fd = pty.fork()
	if pid == 0:
	    os.execv(sys.argv[1], ["devtool"] + sys.argv[2:])
	out = b""
	while True:
	    try:
	        d = os.read(fd, 4096)
	    except OSError:
	        break
	    if not d:
	        break
	    out += d
	_, st = os.waitpid(pid, 0)
	sys.stdout.write(out.decode().replace("\r\n", "\n"))
	print("exit", os.waitstatus_to_exitcode(st))
	PY
}

@test "archive output: apply --archive - to a terminal is refused, as tar and cpio refuse, exit 2" {
	run on_terminal apply --archive - t
	assert_output "devtool: refusing to write an archive to a terminal: redirect standard output, or give --archive FILE
Try 'devtool apply --help' for more information.
exit 2"
}
