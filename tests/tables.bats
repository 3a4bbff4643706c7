#!/usr/bin/env bats
# Tables written for the peers mean under devtool what they mean there
# (DEVICE TABLES and CAVEATS in devtool(1)): buildroot's and
# busybox's makedevs, OpenEmbedded's, genext2fs's, and systemd-tmpfiles with
# kmod's static-nodes output.  The fixtures in tests/fixtures/tables/peers are
# those tables written out from their documented formats; each .tree beside one
# is the tree it must make, node by node (type, path, major:minor, mode,
# owner), checked with stat(1) as root under a temporary --root.  Where
# systemd-tmpfiles is installed, devtool's tree is compared with the one it
# makes.

load test_helper

peer() { echo "$BATS_TEST_DIRNAME/fixtures/tables/peers/$1"; }
table() { local f=$1; shift; printf '%s\n' "$@" >"$f"; }

# tree DIR: every entry under DIR as "TYPE PATH MAJOR:MINOR MODE UID:GID",
# TYPE a table letter (l for a symbolic link), sorted by path.
tree() {
	(cd "$1" && find . -mindepth 1 -exec stat -c '%F %n %Hr:%Lr %a %u:%g' {} + |
		sed -e 's/^character special file/c/' -e 's/^block special file/b/' \
		    -e 's/^directory/d/' -e 's/^fifo/p/' -e 's/^regular empty file/f/' \
		    -e 's/^regular file/f/' -e 's/^socket/s/' -e 's/^symbolic link/l/' \
		    -e 's| \./| /|' | LC_ALL=C sort -k2,2)
}

# assert_tree DIR FILE: DIR holds exactly the tree FILE describes.
assert_tree() {
	local got want
	got=$(tree "$1")
	want=$(LC_ALL=C sort -k2,2 "$2")
	[[ $got == "$want" ]] ||
		fail "tree of $1 differs from $2:"$'\n'"$(diff <(echo "$want") <(echo "$got"))"
}

# assert_entry DIR LINE: the one entry LINE names (its path) is LINE.
assert_entry() {
	local path got
	path=$(cut -d' ' -f2 <<<"$2")
	got=$(tree "$1" | awk -v p="$path" '$2 == p')
	[[ $got == "$2" ]] || fail "expected '$2'"$'\n'"actual   '$got'"
}

assert_missing() {
	[[ ! -e $1 && ! -L $1 ]] || fail "$1 exists but must not: $(ls -ld -- "$1")"
}

# systemd_tmpfiles ARGS...: systemd-tmpfiles itself, or a skip naming it.
systemd_tmpfiles() {
	command -v systemd-tmpfiles >/dev/null ||
		skip "systemd-tmpfiles is not installed (apt-get install systemd)"
	command systemd-tmpfiles "$@"
}

# R: the root most tests apply into (a --root must exist).
setup() {
	setup_workdir
	needs_mknod
	mkdir R
	MOUNTS=()
	NOBODY_TOP=
}

# What a test mounted is unmounted whatever its end, deepest first; the
# directory made for uid 65534 goes.
teardown() {
	local i
	for ((i = ${#MOUNTS[@]} - 1; i >= 0; i--)); do
		umount "${MOUNTS[i]}" 2>/dev/null || umount -l "${MOUNTS[i]}" ||
			echo "# teardown: cannot unmount ${MOUNTS[i]}" >&3
	done
	if [[ -n $NOBODY_TOP ]]; then
		nobody_done
	fi
}

# bind SOURCE TARGET: mount --bind, undone in teardown; skips where
# mounting is not allowed.
bind() {
	local at=$2
	[[ $at == /* ]] || at=$PWD/$at
	mount --bind "$1" "$at" 2>/dev/null || skip "cannot bind-mount here (needs CAP_SYS_ADMIN)"
	MOUNTS+=("$at")
}

# hardlinks_off CMD...: CMD with fs.protected_hardlinks read as 0, as
# devtool reads it, in a mount namespace of its own (the machine's own
# setting is left alone); skips where /proc/sys cannot be bind-mounted
# over.
hardlinks_off() {
	echo 0 >"$BATS_TEST_TMPDIR/off"
	unshare -m true 2>/dev/null || skip "no mount namespace (unshare -m)"
	# shellcheck disable=SC2016 # the inner shell's $1
	unshare -m sh -c 'mount --bind "$1" /proc/sys/fs/protected_hardlinks 2>/dev/null || exit 99
	    shift && exec "$@"' sh "$BATS_TEST_TMPDIR/off" "$@"
}

# The message of a change refused on a file with other hard links.
HARDLINKED="has other hard links, and fs.protected_hardlinks is off: one may be a file outside --root; left alone"

# ---------------------------------------------------------------- makedevs

@test "tables: buildroot's device_table.txt sets its directories and files, node by node" {
	mkdir -p R/etc
	echo 'root:x:0:0::/root:/bin/sh' >R/etc/passwd
	echo 'root::19000:0:99999:7:::' >R/etc/shadow
	chmod 0666 R/etc/passwd R/etc/shadow
	chown 5:5 R/etc/passwd R/etc/shadow
	run --separate-stderr devtool apply -v --root R "$(peer buildroot-device_table.txt)"
	assert_status 0
	# /etc was there already, as 0755 root
	assert_summary "4 created, 0 replaced, 2 corrected, 1 unchanged, 0 failed"
	assert_tree R "$(peer buildroot-device_table.tree)"
	[[ $(cat R/etc/passwd) == 'root:x:0:0::/root:/bin/sh' ]] || fail "content lost"
}

@test "tables: buildroot's device_table_dev.txt makes its static /dev, node by node" {
	run --separate-stderr devtool apply --root R "$(peer buildroot-device_table_dev.txt)"
	assert_status 0
	assert_stderr_empty
	assert_tree R "$(peer buildroot-device_table_dev.tree)"
}

@test "tables: OpenEmbedded's device_table-minimal.txt, count 1 naming ttyS0 as its makedevs does" {
	run --separate-stderr devtool apply --root R "$(peer oe-device_table-minimal.txt)"
	assert_status 0
	assert_stderr_empty
	assert_tree R "$(peer oe-device_table-minimal.tree)"
	assert_entry R "c /dev/ttyS0 4:64 640 0:5"
	assert_missing R/dev/ttyS
}

@test "tables: genext2fs's device_table.txt, socket /dev/log and all, node by node" {
	mkdir -p R/etc R/bin
	touch R/etc/shadow R/bin/tinylogin
	run --separate-stderr devtool apply --root R "$(peer genext2fs-device_table.txt)"
	assert_status 0
	assert_stderr_empty
	assert_tree R "$(peer genext2fs-device_table.tree)"
	assert_entry R "s /dev/log 0:0 666 0:0"
	[[ -S R/dev/log ]] || fail "/dev/log is not a socket"
}

@test "tables: makedevs numbers are decimal: a zero-padded 010 is 10, as in busybox and buildroot" {
	table t \
		'/dev/ttyS	c	0660	0	020	004	064	000	001	004' \
		'/dev/x		c	0640	010	010	010	010	-	-	-' \
		'/dev/y		b	640	0	0	008	09'
	run --separate-stderr devtool apply --root R t
	assert_status 0
	assert_entry R "c /dev/ttyS0 4:64 660 0:20"
	assert_entry R "c /dev/ttyS1 4:65 660 0:20"
	assert_entry R "c /dev/ttyS2 4:66 660 0:20"
	assert_entry R "c /dev/ttyS3 4:67 660 0:20"
	assert_missing R/dev/ttyS4
	assert_entry R "c /dev/x 10:10 640 10:10"
	assert_entry R "b /dev/y 8:9 640 0:0"
}

@test "tables: a makedevs 0x number is refused, naming it: busybox and buildroot read it as 0" {
	table t '/dev/x c 640 0 0 0x10 1' '/dev/y c 640 0 0 1 0X1f' '/dev/z c 640 0x5 0 1 1'
	run --separate-stderr devtool apply --root R t
	assert_status 2
	assert_equal "$stderr" "devtool: t:1: bad major '0x10': makedevs numbers are decimal (busybox and buildroot read it as 0)
devtool: t:2: bad minor '0X1f': makedevs numbers are decimal (busybox and buildroot read it as 0)
devtool: t:3: unknown user '0x5' (not in the host's user database; there is no R/etc/passwd)
devtool: 3 errors in the table; nothing was created"
	[[ -z $(ls -A R) ]] || fail "something was made in R: $(ls -A R)"
}

@test "tables: a relative makedevs or tmpfiles path is refused, first line or not: it must be absolute" {
	# (a relative first line with a pseudo type, 'dev/x c ...', is a
	# pseudo file: DEVICE TABLES, "Telling the dialects apart")
	table m 'dev/x p 640 0 0'
	table t 'c dev/y 0640 - - - 1:3'
	run --separate-stderr devtool apply --root R m t
	assert_status 2
	assert_equal "$stderr" "devtool: m:1: path 'dev/x' must be absolute (start with /)
devtool: t:1: path 'dev/y' must be absolute (start with /)
devtool: 2 errors in the tables; nothing was created"
	table m '/dev/ok c 640 0 0 1 3' 'dev/x c 640 0 0 1 3'
	run --separate-stderr devtool apply --root R m
	assert_status 2
	assert_equal "$stderr" "devtool: m:2: path 'dev/x' must be absolute (start with /)
devtool: 1 error in the table; nothing was created"
}

@test "tables: a UTF-8 byte-order mark before a table is skipped in every dialect: the same nodes, no U+FEFF path; one on a later line is refused" {
	# DEVICE TABLES, "Telling the dialects apart": before a makedevs
	# line the mark made it read as a pseudo file, the mark a directory
	needs_mknod
	local bom=$'\xef\xbb\xbf' d
	table makedevs '/dev/null c 666 0 0 1 3'
	table tmpfiles 'c /dev/null 0666 root root - 1:3'
	table mtree '#mtree' '/set type=char uid=0 gid=0' './dev type=dir mode=0755' \
	    './dev/null mode=0666 device=native,1,3'
	table json '{"path":"/dev/null","type":"c","mode":"0666","uid":0,"gid":0,"major":1,"minor":3}'
	table oci '[' '{"path":"/dev/null","type":"c","major":1,"minor":3,"fileMode":438,"uid":0,"gid":0}' ']'
	table gen_init_cpio 'nod /dev/null 0666 0 0 c 1 3'
	table pseudo 'dev/null c 0666 0 0 1 3'
	for d in makedevs tmpfiles mtree json oci gen_init_cpio pseudo; do
		{ printf '%s' "$bom"; cat "$d"; } >"bom-$d"
		rm -rf A B C && mkdir A B C
		run --separate-stderr devtool apply --root A "$d"
		assert_status 0
		run --separate-stderr devtool apply --root B "bom-$d"
		assert_status 0
		[[ $(tree B) == "$(tree A)" ]] ||
			fail "$d with a byte-order mark:"$'\n'"$(tree B)"$'\n'"without:"$'\n'"$(tree A)"
		assert_equal "$(stat -c '%F %t:%T %a' B/dev/null)" "character special file 1:3 666"
		[[ -z $(LC_ALL=C find B -name "$bom*") ]] || fail "$d: $(LC_ALL=C find B -name "$bom*")"
		# named with -i, and on standard input
		run --separate-stderr bash -c '"$DEVTOOL" apply -i "$1" --root C - <"bom-$1"' _ "$d"
		assert_status 0
		[[ $(tree C) == "$(tree A)" ]] || fail "$d with a byte-order mark, -i, stdin: $(tree C)"
		run --separate-stderr devtool list --table "bom-$d"
		assert_status 0
		[[ $output == "$(devtool list --table "$d")" ]] || fail "$d: list --table: $output"
	done
	# a mark on a later line: refused, naming it
	{ cat makedevs; printf '%s/dev/zero c 666 0 0 1 5\n' "$bom"; } >joined
	rm -rf J
	mkdir J
	run --separate-stderr devtool apply --root J joined
	assert_status 2
	assert_equal "$stderr" "devtool: joined:2: the line begins with a byte-order mark (U+FEFF), which only the start of a table may have (two files joined?)
devtool: 1 error in the table; nothing was created"
	[[ -z $(ls -A J) ]] || fail "J: $(ls -A J)"
}

@test "tables: buildroot's F adjusts a file that exists and skips one that does not, making no directory" {
	mkdir -p R/usr/bin
	echo tool >R/usr/bin/present
	table t \
		'/usr/bin/present F 4711 0 0 - - - - -' \
		'/usr/bin/absent F 755 0 0 - - - - -' \
		'/opt/none/absent F 755 0 0 - - - - -'
	run --separate-stderr devtool apply -v --root R t
	assert_status 0
	assert_output "corrected /usr/bin/present (f, mode 4711, owner 0:0)
skipped /usr/bin/absent (f, mode 0755, owner 0:0)
skipped /opt/none/absent (f, mode 0755, owner 0:0)"
	assert_summary "0 created, 0 replaced, 1 corrected, 0 unchanged, 0 failed, 2 skipped"
	assert_entry R "f /usr/bin/present 0:0 4711 0:0"
	assert_missing R/usr/bin/absent
	assert_missing R/opt
	[[ $(cat R/usr/bin/present) == tool ]] || fail "content lost"
}

@test "tables: makedevs f still fails on a missing file (buildroot's f must exist), making no directory" {
	table t '/opt/none/absent f 755 0 0 - - - - -'
	run --separate-stderr devtool apply --root R t
	assert_status 1
	assert_equal "$stderr" "devtool: /opt/none/absent: does not exist (an f entry only adjusts a file)"
	assert_missing R/opt
}

@test "tables: genext2fs's l gives the symbolic link there the line's owner, its target kept, as genext2fs -D does; a first l line is makedevs, not a pseudo hard link" {
	mkdir -p R/bin
	ln -s busybox R/bin/sh
	table t '/bin/sh l 777 5 6' '/dev d 755 0 0'
	run --separate-stderr devtool apply -v --root R t
	assert_status 0
	assert_output "corrected /bin/sh (l, the link there, owner 5:6)
created directory /dev (d, mode 0755, owner 0:0)"
	assert_entry R "l /bin/sh 0:0 777 5:6"
	[[ $(readlink R/bin/sh) == busybox ]] || fail "target changed: $(readlink R/bin/sh)"
	run --separate-stderr devtool apply -v --root R t
	assert_status 0
	assert_output "kept /bin/sh (l, the link there, owner 5:6)
kept /dev (d, mode 0755, owner 0:0)"
}

@test "tables: genext2fs's l with the owner devtool runs as (root's 0 0) keeps the link there, target and all, and names a missing one as for any owner" {
	mkdir -p R/bin
	ln -s busybox R/bin/sh
	table t '/bin/sh l 777 0 0' '/bin/none l 777 0 0'
	run --separate-stderr devtool apply -v --root R t
	assert_status 1
	assert_output "kept /bin/sh (l, the link there, owner 0:0)"
	assert_equal "$(head -n 1 <<<"$stderr")" "devtool: /bin/none: does not exist (an l line without a target only sets the owner of a link that is there)"
	assert_summary "0 created, 0 replaced, 0 corrected, 1 unchanged, 1 failed"
	assert_entry R "l /bin/sh 0:0 777 0:0"
	[[ $(readlink R/bin/sh) == busybox ]] || fail "target changed: $(readlink R/bin/sh)"
	assert_missing R/bin/none
}

@test "tables: genext2fs's l on a missing link fails, naming it, making no directory; on a regular file it is refused and the file left alone" {
	mkdir -p R/bin
	echo x >R/bin/file
	table t '/opt/none/link l 777 0 0' '/bin/file l 777 1 1'
	run --separate-stderr devtool apply --root R t
	assert_status 1
	assert_stdout_empty
	assert_equal "$stderr" "devtool: /opt/none/link: does not exist (an l line without a target only sets the owner of a link that is there)
devtool: /bin/file: exists and is a regular file, not a symbolic link (an l line without a target only sets a link's owner); left alone"
	assert_missing R/opt
	assert_entry R "f /bin/file 0:0 644 0:0"
}

@test "tables: genext2fs's l is left out of an archive with a warning naming it; list --table keeps it as makedevs and names it as what tmpfiles cannot hold" {
	table t '/bin/sh l 777 5 6'
	run --separate-stderr devtool apply --archive x.cpio t
	assert_status 0
	assert_equal "$stderr" "devtool: warning: /bin/sh: not written: an l line without a target sets the owner of a link that exists, which an archive cannot say"
	run --separate-stderr devtool list --table t -o makedevs
	assert_status 0
	assert_output $'/bin/sh\tl\t0777\t5\t6\t-\t-\t-\t-\t-'
	run --separate-stderr devtool list --table t -o tmpfiles
	assert_status 2
	assert_stdout_empty
	assert_equal "$stderr" "devtool: t:1: /bin/sh: a symbolic link named without a target (genext2fs's l: the owner of the link there), which a tmpfiles table cannot hold
devtool: 1 entry that a tmpfiles table cannot hold as it says; nothing was written (--lossy writes what it can)"
}

@test "tables: mode -1 keeps the mode and sets the owner (f, F, d); a new node with -1 is refused" {
	mkdir -p R/data R/dir
	touch R/data/baz R/data/opt
	chmod 4751 R/data/baz
	chmod 0604 R/data/opt
	chmod 1770 R/dir
	table t \
		'/data/baz f -1 1000 100 - - - - -' \
		'/data/opt F -1 7 8' \
		'/dir d -1 9 9' \
		'/newdir d -1 0 0'
	run --separate-stderr devtool apply --root R t
	assert_status 0
	# chown(2) drops the set-user-ID bit of a file whose owner changes
	assert_entry R "f /data/baz 0:0 751 1000:100"
	assert_entry R "f /data/opt 0:0 604 7:8"
	assert_entry R "d /dir 0:0 1770 9:9"
	assert_entry R "d /newdir 0:0 755 0:0"
	table t '/dev/x c -1 0 0 1 3'
	run --separate-stderr devtool apply --root R t
	assert_status 2
	assert_equal "$stderr" "devtool: t:1: mode -1 (keep the mode) is only for d, f, F and r: a new character device needs a mode
devtool: 1 error in the table; nothing was created"
}

@test "tables: buildroot's r sets owner and mode on a whole tree; symbolic links get only an owner and are never followed" {
	mkdir -p R/srv/www/sub outside
	echo page >R/srv/www/index.html
	echo deep >R/srv/www/sub/file
	mkfifo R/srv/www/sub/fifo
	echo secret >outside/target
	chmod 0600 outside/target
	ln -s "$PWD/outside/target" R/srv/www/abs
	ln -s ../../../outside R/srv/www/sub/rel
	table t '/srv/www r 750 33 33 - - - - -'
	run --separate-stderr devtool apply -v --root R t
	assert_status 0
	assert_output "corrected /srv/www (d, mode 0750, owner 33:33)"
	assert_entry R "d /srv/www 0:0 750 33:33"
	assert_entry R "f /srv/www/index.html 0:0 750 33:33"
	assert_entry R "d /srv/www/sub 0:0 750 33:33"
	assert_entry R "f /srv/www/sub/file 0:0 750 33:33"
	assert_entry R "p /srv/www/sub/fifo 0:0 750 33:33"
	assert_entry R "l /srv/www/abs 0:0 777 33:33"
	assert_entry R "l /srv/www/sub/rel 0:0 777 33:33"
	# what the links point at, outside the root, is untouched
	[[ $(stat -c '%a %u:%g' outside/target outside) == $'600 0:0\n'"$(stat -c '%a' outside) 0:0" ]] ||
		fail "outside changed: $(stat -c '%n %a %u:%g' outside outside/target)"
	assert_entry R "d /srv 0:0 755 0:0"
	run --separate-stderr devtool apply -v --root R t
	assert_status 0
	assert_output "kept /srv/www (d, mode 0750, owner 33:33)"
}

@test "tables: r with mode -1 changes only owners, as the buildroot manual's example; -n changes nothing" {
	mkdir -p R/usr/share/myapp/doc
	touch R/usr/share/myapp/doc/a R/usr/share/myapp/run
	chmod 0644 R/usr/share/myapp/doc/a
	chmod 4755 R/usr/share/myapp/run
	chmod 0711 R/usr/share/myapp/doc
	table t '/usr/share/myapp r -1 1000 100 - - - - -'
	run --separate-stderr devtool apply -n --root R t
	assert_status 0
	assert_output "would correct /usr/share/myapp (d, mode 0755, owner 1000:100)"
	assert_entry R "f /usr/share/myapp/doc/a 0:0 644 0:0"
	run --separate-stderr devtool apply --root R t
	assert_status 0
	assert_entry R "d /usr/share/myapp 0:0 755 1000:100"
	assert_entry R "d /usr/share/myapp/doc 0:0 711 1000:100"
	assert_entry R "f /usr/share/myapp/doc/a 0:0 644 1000:100"
	# a set-user-ID bit is not handed to a new owner
	assert_entry R "f /usr/share/myapp/run 0:0 755 1000:100"
}

@test "tables: r on a missing tree fails, naming it; r does not conflict with the lines it adjusts" {
	table t '/var/lib/app d 755 0 0' '/var/lib/app/state f 600 0 0' \
		'/var/lib/app r 700 5 5' '/var/none r 700 5 5'
	mkdir -p R/var/lib/app
	touch R/var/lib/app/state
	run --separate-stderr devtool apply --root R t
	assert_status 1
	assert_equal "$stderr" "devtool: /var/none: does not exist (an r entry changes an existing tree)"
	assert_entry R "d /var/lib/app 0:0 700 5:5"
	assert_entry R "f /var/lib/app/state 0:0 700 5:5"
}

@test "tables: r leaves a hard-linked file alone when fs.protected_hardlinks is off (it may be a file outside)" {
	mkdir -p R/tree outside
	echo secret >outside/shadow
	chmod 0600 outside/shadow
	ln outside/shadow R/tree/link
	table t '/tree r 755 7 7'
	run --separate-stderr hardlinks_off "$DEVTOOL" apply --root R t
	[[ $status -ne 99 ]] || skip "cannot bind-mount over /proc/sys here"
	assert_status 1
	assert_equal "$stderr" "devtool: /tree: /tree/link: $HARDLINKED"
	assert_equal "$(stat -c '%a %u:%g' outside/shadow)" "600 0:0"
	[[ $(cat /proc/sys/fs/protected_hardlinks) == 1 ]] ||
		skip "fs.protected_hardlinks is off here"
	run --separate-stderr devtool apply --root R t
	assert_status 0
	assert_entry R "f /tree/link 0:0 755 7:7"
}

# The attacker's links are made by root here, as the machine's sysctl is
# on; with it off, any user could make them.
@test "tables: f, F and |xattr leave a hard-linked file alone while fs.protected_hardlinks is off: it may be /etc/shadow, linked in" {
	command -v getcap >/dev/null || skip "getcap is not installed (apt-get install libcap2-bin)"
	mkdir -p R/usr/bin outside
	echo secret >outside/shadow
	chmod 0600 outside/shadow
	ln outside/shadow R/usr/bin/tool
	ln outside/shadow R/usr/bin/extra
	ln outside/shadow R/usr/bin/ping
	# the last line changes nothing but the capabilities
	table t '/usr/bin/tool f 0755 65534 0' '/usr/bin/extra F 4755 0 0' \
		'/usr/bin/ping f 0600 0 0' '|xattr cap_setuid+ep'
	local want="devtool: /usr/bin/tool: $HARDLINKED
devtool: /usr/bin/extra: $HARDLINKED
devtool: /usr/bin/ping: $HARDLINKED"
	run --separate-stderr hardlinks_off "$DEVTOOL" apply -n --root R t
	[[ $status -ne 99 ]] || skip "cannot bind-mount over /proc/sys here"
	assert_status 1
	assert_equal "$stderr" "$want"
	run --separate-stderr hardlinks_off "$DEVTOOL" apply --root R t
	assert_status 1
	assert_stdout_empty
	assert_equal "$stderr" "$want"
	assert_equal "$(stat -c '%a %u:%g %h' outside/shadow)" "600 0:0 4"
	assert_equal "$(getcap outside/shadow)" ""
	# one already as asked is kept
	table k '/usr/bin/tool f 0600 0 0'
	run --separate-stderr hardlinks_off "$DEVTOOL" apply --root R k
	assert_status 0
	assert_stderr_empty
	[[ $(cat /proc/sys/fs/protected_hardlinks) == 1 ]] ||
		skip "fs.protected_hardlinks is off here"
	run --separate-stderr devtool apply --root R t
	assert_status 0
	assert_entry R "f /usr/bin/ping 0:0 600 0:0"
	assert_equal "$(getcap R/usr/bin/ping)" "R/usr/bin/ping cap_setuid=ep"
}

@test "tables: a tmpfiles correction or mknod -r leaves a hard-linked node or FIFO alone while fs.protected_hardlinks is off" {
	mkdir -p R/dev outside
	mknod -m 0600 outside/sda b 8 0
	mkfifo -m 0600 outside/initctl
	ln outside/sda R/dev/sda
	ln outside/initctl R/dev/initctl
	table t 'b /dev/sda 0666 65534 65534 - 8:0' 'p /dev/initctl 0666 65534 65534 - -'
	run --separate-stderr hardlinks_off "$DEVTOOL" apply --root R t
	[[ $status -ne 99 ]] || skip "cannot bind-mount over /proc/sys here"
	assert_status 1
	assert_equal "$stderr" "devtool: /dev/sda: $HARDLINKED
devtool: /dev/initctl: $HARDLINKED"
	run --separate-stderr hardlinks_off "$DEVTOOL" mknod -r -m 0666 -u 65534 --root R /dev/sda b 8 0
	assert_status 1
	assert_equal "$stderr" "devtool: /dev/sda: $HARDLINKED"
	assert_equal "$(stat -c '%a %u:%g' outside/sda outside/initctl)" $'600 0:0\n600 0:0'
	# replacing takes only the name: the inode outside stays as it was
	run --separate-stderr hardlinks_off "$DEVTOOL" mknod -r -m 0666 --root R /dev/sda b 8 1
	assert_status 0
	assert_equal "$(node R/dev/sda)" "block special file 8 1 666 0 0"
	assert_equal "$(node outside/sda)" "block special file 8 0 600 0 0"
}

@test "tables: r does not enter another file system (buildroot's nftw FTW_MOUNT)" {
	mkdir -p R/tree/mnt
	touch R/tree/file
	mount -t tmpfs -o mode=0700 devtool-test R/tree/mnt 2>/dev/null ||
		skip "cannot mount a tmpfs here"
	touch R/tree/mnt/inside
	table t '/tree r 750 7 7'
	run --separate-stderr devtool apply --root R t
	local mnt_after inside_after
	mnt_after=$(stat -c '%a %u:%g' R/tree/mnt)
	inside_after=$(stat -c '%a %u:%g' R/tree/mnt/inside)
	umount R/tree/mnt
	assert_status 0
	assert_entry R "f /tree/file 0:0 750 7:7"
	assert_equal "$mnt_after" "700 0:0"
	assert_equal "$inside_after" "644 0:0"
}

# A directory of the host bound into the root, and a file bound over one
# of the root's: the same file system, so st_dev alone cannot tell.
bind_host_into_root() {
	mkdir -p R/mnt R/own host/sub
	touch R/own/x R/passwd host/f host/sub/g
	echo secret >host/shadow
	chmod 0600 host/shadow
	bind host R/mnt
	bind host/shadow R/passwd
	[[ $(stat -c %d R/mnt) == "$(stat -c %d R)" ]] ||
		fail "the bind mount is on another device: the test proves nothing"
}

# assert_host_untouched: nothing of host/ changed owner or mode.
assert_host_untouched() {
	assert_equal "$(cd host && stat -c '%n %a %u:%g' . f sub sub/g shadow)" \
		". $(stat -c %a host) 0:0
f 644 0:0
sub 755 0:0
sub/g 644 0:0
shadow 600 0:0"
}

@test "tables: r never enters a bind mount of a directory outside the root on the same file system, nor changes a file bound over one (mount ID)" {
	bind_host_into_root
	table t '/ r -1 65534 65534'
	run --separate-stderr devtool apply -v --root R t
	assert_status 0
	assert_output "corrected / (d, mode 0755, owner 65534:65534)"
	assert_host_untouched
	assert_equal "$(stat -c '%u:%g' R R/own R/own/x)" $'65534:65534\n65534:65534\n65534:65534'
}

@test "tables: without statx's mount ID (strace makes statx fail with ENOSYS), r still keeps out of a bind mount, through name_to_handle_at" {
	command -v strace >/dev/null || skip "strace is not installed"
	bind_host_into_root
	table t '/ r 0750 65534 65534'
	run --separate-stderr strace -f -qq -o trace -e trace=statx,name_to_handle_at \
		-e inject=statx:error=ENOSYS "$DEVTOOL" apply --root R t
	assert_status 0
	assert_host_untouched
	assert_equal "$(stat -c '%a %u:%g' R/own/x)" "750 65534:65534"
	grep -q 'name_to_handle_at(.*AT_EMPTY_PATH)' trace ||
		fail "name_to_handle_at was not used: $(head -n 5 trace)"
}

# A pid that never runs: pid_max is at most 2^22.
DEAD=4194304

@test "tables: r changes what a user named like devtool's temporaries (.devtool.PID.N); only a killed run's private directory, as devtool makes it, is skipped" {
	nobody_top
	local app=$NOBODY_TOP/R/opt/app
	mkdir -p "$app"
	chmod 0777 "$app"
	# uid 65534's own, named and moded as devtool's
	as_nobody sh -c 'cd "$1" && mkdir -m 0700 .devtool.1.1 &&
	    echo data >.devtool.1.1/secret && mkfifo -m 0 .devtool.1.1/n &&
	    mkfifo -m 0 .devtool.1.2' sh "$app"
	# a run killed by root: its private directory (0700, root's) with
	# the node it was making
	mkdir -m 0700 "$app/.devtool.$DEAD.0"
	mknod -m 0 "$app/.devtool.$DEAD.0/n" c 1 3
	table t '/opt/app r -1 7 7'
	run --separate-stderr devtool apply --root "$NOBODY_TOP/R" t
	assert_status 0
	assert_stderr_empty
	assert_equal "$(cd "$app" && stat -c '%n %a %u:%g' . .devtool.1.1 .devtool.1.1/secret \
		.devtool.1.1/n .devtool.1.2 ".devtool.$DEAD.0" ".devtool.$DEAD.0/n")" \
		". 777 7:7
.devtool.1.1 700 7:7
.devtool.1.1/secret 644 7:7
.devtool.1.1/n 0 7:7
.devtool.1.2 0 7:7
.devtool.$DEAD.0 700 0:0
.devtool.$DEAD.0/n 0 0:0"
}

@test "tables: r changes nothing more in a directory moved out of the root mid-walk (strace stops devtool inside it): the entry in flight at most, then it stops" {
	command -v strace >/dev/null || skip "strace is not installed"
	local f changed=0 log=$BATS_TEST_TMPDIR/strace.log
	mkdir -p R/srv/d out
	for f in 1 2 3 4 5 6; do
		touch "R/srv/d/f$f"
		chmod 0600 "R/srv/d/f$f"
	done
	table t '/srv r 640 7 7'
	# strace stops devtool (SIGSTOP) once it has changed the owner of
	# /srv, d and d's first entry (its third fchownat): the walk is
	# inside d, before the rest of its entries, and d is moved out of the
	# root then
	strace -f -qq -y -o "$log" -e trace=fchownat \
	    -e inject=fchownat:signal=SIGSTOP:when=3 \
	    "$DEVTOOL" apply --root R t 2>"$BATS_TEST_TMPDIR/err" &
	strace_stopped "$log" $!
	grep -qE "^$STOPPED +fchownat\([0-9]+<[^>]*/R/srv/d/f[1-6]>, \"\", 7, 7, AT_EMPTY_PATH\) = 0$" "$log" ||
		{ kill -KILL "$STOPPED"; wait $! || :; fail "not stopped inside d:"$'\n'"$(cat "$log")"; }
	mv R/srv/d out/d
	kill -CONT "$STOPPED"
	wait $! && fail "exit 0 although its tree left the root"
	for f in 1 2 3 4 5 6; do
		[[ $(stat -c %u "out/d/f$f") == 7 ]] && changed=$((changed + 1))
	done
	((changed <= 1)) || fail "$changed entries changed after their directory left the root"
	[[ $(<"$BATS_TEST_TMPDIR/err") == *"its directory is not inside --root (moved meanwhile); left alone"* ]] ||
		fail "stderr: $(<"$BATS_TEST_TMPDIR/err")"
}

@test "tables: r acts only through descriptors: no chown or chmod by name outside devtool's own (strace)" {
	command -v strace >/dev/null || skip "strace is not installed"
	mkdir -p R/srv/a/b
	touch R/srv/a/b/f
	ln -s /etc R/srv/a/etc
	table t '/srv r 700 3 3'
	strace -f -qq -y -o trace \
		-e trace=chmod,fchmodat,chown,lchown,fchownat,rename,renameat,renameat2,link,linkat \
		"$DEVTOOL" apply --root R t
	local bad
	bad=$(by_name_outside trace)
	[[ -z $bad ]] || fail "by name: $bad"
	grep -q 'fchownat([0-9]*</[^>]*/R/srv/a/etc>, "", 3, 3, AT_EMPTY_PATH)' trace ||
		fail "the link was not chowned through its descriptor: $(grep etc trace)"
	[[ $(stat -c '%u' /etc) == 0 ]]
}

@test "tables: buildroot's package permissions: setuid, F, -1, r and |xattr capabilities, as setcap sets them" {
	command -v getcap >/dev/null || skip "getcap is not installed (apt-get install libcap2-bin)"
	mkdir -p R/usr/bin R/usr/libexec R/bin R/usr/sbin R/data R/usr/share/myapp R/var/lib/app
	touch R/usr/bin/sudo R/usr/libexec/dbus-daemon-launch-helper R/bin/ping \
		R/usr/sbin/arping R/data/baz R/usr/share/myapp/x R/var/lib/app/db
	chmod 0640 R/data/baz
	run --separate-stderr devtool apply -v --root R "$(peer buildroot-permissions.txt)"
	assert_status 0
	assert_summary "0 created, 0 replaced, 7 corrected, 0 unchanged, 0 failed, 1 skipped"
	assert_entry R "f /usr/bin/sudo 0:0 4755 0:0"
	assert_entry R "f /usr/libexec/dbus-daemon-launch-helper 0:0 4750 0:81"
	assert_entry R "f /data/baz 0:0 640 1000:100"
	assert_entry R "f /usr/share/myapp/x 0:0 644 1000:100"
	assert_entry R "f /var/lib/app/db 0:0 750 1001:1001"
	assert_missing R/usr/bin/optional-tool
	assert_equal "$(getcap R/bin/ping)" "R/bin/ping cap_net_raw=p"
	assert_equal "$(getcap R/usr/sbin/arping)" "R/usr/sbin/arping cap_net_admin,cap_net_raw=ep"
	assert_equal "$(getcap R/usr/bin/sudo)" ""
	# a rerun finds every capability in place
	run --separate-stderr devtool apply -v --root R "$(peer buildroot-permissions.txt)"
	assert_status 0
	assert_summary "0 created, 0 replaced, 0 corrected, 7 unchanged, 0 failed, 1 skipped"
}

@test "tables: |xattr adds to a file's capabilities; a new owner drops the old ones first, as chown does" {
	command -v setcap >/dev/null || skip "setcap is not installed (apt-get install libcap2-bin)"
	mkdir -p R/bin
	touch R/bin/a R/bin/b
	setcap cap_chown+ep R/bin/a
	setcap cap_chown+ep R/bin/b
	table t '/bin/a f 755 0 0' '|xattr cap_net_raw+ep' '/bin/b f 755 7 7' '|xattr cap_net_raw+ep'
	run --separate-stderr devtool apply -v --root R t
	assert_status 0
	assert_output "corrected /bin/a (f, mode 0755, owner 0:0)
corrected /bin/b (f, mode 0755, owner 7:7)"
	assert_equal "$(getcap R/bin/a)" "R/bin/a cap_chown,cap_net_raw=ep"
	assert_equal "$(getcap R/bin/b)" "R/bin/b cap_net_raw=ep"
	assert_entry R "f /bin/b 0:0 755 7:7"
}

@test "tables: a bad |xattr is refused before anything is made, naming its line" {
	table t \
		'|xattr cap_net_raw+ep' \
		'/dev d 755 0 0' \
		'|xattr cap_net_raw+ep' \
		'/bin/x f 755 0 0' \
		'|xattr user.comment=hello' \
		'|xattr cap_net_raw+ep extra' \
		'/bin/y f 755 0 0' \
		'|xattr cap_net_raw+ep'
	printf '/dev/bad x 1\n|xattr cap_net_raw+ep\n' >u
	run --separate-stderr devtool apply --root R t u
	assert_status 2
	assert_equal "$stderr" "devtool: t:1: neither a makedevs line (PATH TYPE MODE ...) nor a tmpfiles line (TYPE PATH MODE ...) nor a builder's spec (apply -i names the dialect)
devtool: t:3: |xattr sets file capabilities: the line above is not an f or F line
devtool: t:5: 'user.comment=hello' is not file capabilities as setcap(8) reads them (such as cap_net_raw+ep): the only extended attribute buildroot's |xattr sets
devtool: t:6: want '|xattr CAPABILITIES', one word after |xattr
devtool: u:1: type 'x' is not one of c b p d f s F r l
devtool: 5 errors in the tables; nothing was created"
	[[ -z $(ls -A R) ]] || fail "something was made in R: $(ls -A R)"
}

# ---------------------------------------------------------------- tmpfiles

@test "tables: kmod's static-nodes output: '!' lines are skipped without --boot, and -v says so" {
	run --separate-stderr devtool apply -v --root R "$(peer kmod-static-nodes.conf)"
	assert_status 0
	assert_line --index 0 "skipped /dev/fuse (a boot-only line, '!': see --boot)"
	assert_line "created directory /dev (d, mode 0755)"
	assert_line "created directory /dev/net (d, mode 0755)"
	assert_line "skipped /dev/loop0 (a boot-only line, '!': see --boot)"
	assert_summary "3 created, 0 replaced, 0 corrected, 1 unchanged, 0 failed, 15 skipped"
	assert_equal "$(tree R)" "d /dev 0:0 755 0:0
d /dev/mapper 0:0 755 0:0
d /dev/net 0:0 755 0:0
d /dev/snd 0:0 755 0:0"
}

@test "tables: kmod's static-nodes output with --boot makes every node, node by node" {
	run --separate-stderr devtool apply --boot --root R "$(peer kmod-static-nodes.conf)"
	assert_status 0
	assert_stderr_empty
	assert_tree R "$(peer kmod-static-nodes.tree)"
}

@test "tables: kmod static-nodes output generated live is the fixture, and devtool makes its tree" {
	command -v kmod >/dev/null || skip "kmod is not installed (apt-get install kmod)"
	local out=$PWD/live.conf rel
	rel=$(uname -r)
	mkdir upper work
	# kmod reads /lib/modules/$(uname -r)/modules.devname: give it the
	# fixture's, in a mount namespace of its own, over an overlay
	unshare -m sh -c '
		mount -t overlay overlay -o lowerdir=/usr/lib,upperdir=upper,workdir=work /usr/lib &&
		mkdir -p "/lib/modules/$1" && cp "$2" "/lib/modules/$1/modules.devname" &&
		kmod static-nodes --format=tmpfiles --output="$3"' sh "$rel" \
		"$(peer kmod-modules.devname)" "$out" 2>/dev/null ||
		skip "cannot give kmod a modules.devname here (unshare -m, overlayfs)"
	assert_equal "$(cat "$out")" "$(cat "$(peer kmod-static-nodes.conf)")"
	run --separate-stderr devtool apply --boot --root R "$out"
	assert_status 0
	assert_tree R "$(peer kmod-static-nodes.tree)"
}

@test "tables: kmod's static nodes: devtool's tree is systemd-tmpfiles' tree, with and without --boot" {
	local boot
	for boot in "" --boot; do
		rm -rf S D
		mkdir S D
		systemd_tmpfiles --create $boot --root "$PWD/S" "$(peer kmod-static-nodes.conf)"
		run --separate-stderr devtool apply $boot --root D "$(peer kmod-static-nodes.conf)"
		assert_status 0
		assert_equal "$(tree D)" "$(tree S)"
	done
}

@test "tables: tmpfiles corrects the mode and owner of an existing node with the right numbers, as systemd-tmpfiles (exit 0)" {
	local dir
	table t \
		'c /dev/fuse 0600 - - - 10:229' \
		'c /dev/owned 0640 7 8 - 1:3' \
		'p /dev/fifo 0600 - - -' \
		'b /dev/keep - - - - 7:0'
	for dir in S D; do
		mkdir -p $dir/dev
		mknod -m 0666 $dir/dev/fuse c 10 229
		chown 5:5 $dir/dev/fuse
		mknod -m 0666 $dir/dev/owned c 1 3
		mkfifo -m 0644 $dir/dev/fifo
		mknod -m 0604 $dir/dev/keep b 7 0
		chown 9:9 $dir/dev/keep
	done
	run --separate-stderr devtool apply -v --root D t
	assert_status 0
	assert_output "corrected /dev/fuse (c 10:229, mode 0600)
corrected /dev/owned (c 1:3, mode 0640, owner 7:8)
corrected /dev/fifo (p, mode 0600)
kept /dev/keep (b 7:0, mode 0604)"
	assert_entry D "c /dev/fuse 10:229 600 5:5"
	assert_entry D "c /dev/owned 1:3 640 7:8"
	assert_entry D "p /dev/fifo 0:0 600 0:0"
	assert_entry D "b /dev/keep 7:0 604 9:9"
	systemd_tmpfiles --create --root "$PWD/S" "$PWD/t"
	assert_equal "$(tree D)" "$(tree S)"
}

@test "tables: tmpfiles f makes a missing file empty with its mode and owner, and only adjusts one that exists" {
	mkdir -p D/etc S/etc
	echo keep >D/etc/motd
	echo keep >S/etc/motd
	table t 'f /var/lib/app/new.db 0640 7 8 -' 'f /etc/motd 0600 - - -'
	run --separate-stderr devtool apply -v --root D t
	assert_status 0
	assert_output "created directory /var (d, mode 0755)
created directory /var/lib (d, mode 0755)
created directory /var/lib/app (d, mode 0755)
created /var/lib/app/new.db (f, mode 0640, owner 7:8)
corrected /etc/motd (f, mode 0600)"
	assert_entry D "f /var/lib/app/new.db 0:0 640 7:8"
	[[ ! -s D/var/lib/app/new.db ]] || fail "the new file is not empty"
	[[ $(cat D/etc/motd) == keep ]] || fail "content lost"
	systemd_tmpfiles --create --root "$PWD/S" "$PWD/t"
	assert_equal "$(tree D)" "$(tree S)"
}

@test "tables: tmpfiles '-' makes a failure a warning: exit 0, the rest made; -q silences it" {
	mkdir -p R/dev/busy
	table t 'c- /dev/busy 0600 - - - 1:3' 'c /dev/null 0666 - - - 1:3'
	run --separate-stderr devtool apply -v --root R t
	assert_status 0
	assert_output "created /dev/null (c 1:3, mode 0666)"
	assert_equal "$stderr" "devtool: warning: /dev/busy: exists and is a directory; only device nodes and FIFOs are ever replaced (not even -r, or a tmpfiles '+' or '=', removes it) (ignored: its line has '-')
devtool: 1 created, 0 replaced, 0 corrected, 0 unchanged, 0 failed, 1 failure ignored ('-')"
	rm R/dev/null
	run --separate-stderr devtool -q apply --root R t
	assert_status 0
	assert_stderr_empty
	assert_entry R "c /dev/null 1:3 666 0:0"
	[[ -d R/dev/busy ]]
}

@test "tables: tmpfiles '=' replaces a node or FIFO of another type, as '+'; never a file or directory" {
	mkdir -p R/dev/dir
	mkfifo R/dev/was-fifo
	echo precious >R/dev/file
	table t 'c= /dev/was-fifo 0600 - - - 1:3' 'c= /dev/file 0600 - - - 1:3' \
		'b= /dev/dir 0600 - - - 7:0' 'd= /dev/newdir 0700'
	run --separate-stderr devtool apply --root R t
	assert_status 1
	assert_equal "$stderr" "devtool: /dev/file: exists and is a regular file; only device nodes and FIFOs are ever replaced (not even -r, or a tmpfiles '+' or '=', removes it)
devtool: /dev/dir: exists and is a directory; only device nodes and FIFOs are ever replaced (not even -r, or a tmpfiles '+' or '=', removes it)"
	assert_entry R "c /dev/was-fifo 1:3 600 0:0"
	assert_entry R "d /dev/newdir 0:0 700 0:0"
	[[ $(cat R/dev/file) == precious && -d R/dev/dir ]] || fail "a file or directory was removed"
}

@test "tables: tmpfiles c+ over a regular file or a directory is refused, saying devtool never removes them" {
	mkdir -p R/dev/dir
	echo precious >R/dev/file
	table t 'c+ /dev/file 0600 - - - 1:3' 'c+ /dev/dir 0600 - - - 1:3'
	run --separate-stderr devtool apply --root R t
	assert_status 1
	assert_equal "$stderr" "devtool: /dev/file: exists and is a regular file; only device nodes and FIFOs are ever replaced (not even -r, or a tmpfiles '+' or '=', removes it)
devtool: /dev/dir: exists and is a directory; only device nodes and FIFOs are ever replaced (not even -r, or a tmpfiles '+' or '=', removes it)"
	[[ $(cat R/dev/file) == precious && -d R/dev/dir ]] || fail "removed"
}

@test "tables: tmpfiles c= with a FIFO, a node or a file where a parent directory should be fails, naming it, and leaves it there (CAVEATS: systemd-tmpfiles 252 removes it)" {
	mkdir -p R/dev/a
	mkfifo -m 0620 R/dev/snd
	mknod -m 0640 R/dev/tty c 5 0
	echo precious >R/dev/a/b
	table t 'c= /dev/snd/pcm 0600 - - - 116:300' 'p= /dev/tty/x 0600' 'c= /dev/a/b/c/d 0600 - - - 1:3'
	run --separate-stderr devtool apply --root R t
	assert_status 1
	assert_stdout_empty
	assert_equal "$stderr" "devtool: /dev/snd/pcm: parent directory: Not a directory (/dev/snd is a FIFO; devtool never replaces it, not even for a tmpfiles '=')
devtool: /dev/tty/x: parent directory: Not a directory (/dev/tty is a character device; devtool never replaces it, not even for a tmpfiles '=')
devtool: /dev/a/b/c/d: parent directory: Not a directory (/dev/a/b is a regular file; devtool never replaces it, not even for a tmpfiles '=')"
	assert_entry R "p /dev/snd 0:0 620 0:0"
	assert_entry R "c /dev/tty 5:0 640 0:0"
	[[ $(cat R/dev/a/b) == precious ]] || fail "the file lost its content"
}

@test "tables: systemd-tmpfiles 252 itself replaces a FIFO where c= wants a parent directory, the difference CAVEATS names" {
	mkdir -p R/dev
	mkfifo R/dev/snd
	table t.conf 'c= /dev/snd/pcm 0600 - - - 116:300'
	run systemd_tmpfiles --create --root="$PWD/R" "$PWD/t.conf"
	assert_status 0
	assert_entry R "d /dev/snd 0:0 755 0:0"
	assert_entry R "c /dev/snd/pcm 116:300 600 0:0"
}

@test "tables: tmpfiles modifiers that do not fit the type or repeat are refused, naming the line" {
	table t \
		'c~ /dev/a 0600 - - - 1:3' \
		'c++ /dev/e 0600 - - - 1:3' \
		'c? /dev/f 0600 - - - 1:3' \
		'x /tmp/%E' \
		'y /tmp/y'
	run --separate-stderr devtool apply --root R t
	assert_status 2
	assert_equal "$stderr" "devtool: t:1: type 'c~': '~' is for a line that writes a file's content (base64), which a c line does not
devtool: t:2: type 'c++': modifier '+' is repeated
devtool: t:3: type 'c?': unknown modifier '?' (tmpfiles.d(5) has + ! - = ~ ^)
devtool: t:4: unknown specifier '%E' in path (tmpfiles.d(5) of systemd 252 has %a %A %b %B %C %g %G %h %H %l %L %m %M %o %S %t %T %u %U %v %V %w %W, and %% for a %)
devtool: t:5: type 'y' is not one of c b p d f L w D e v q Q C x X r R z Z t T h H a A
devtool: 5 errors in the table; nothing was created"
	[[ -z $(ls -A R) ]] || fail "something was made in R: $(ls -A R)"
}

# devtool(1), "The tmpfiles dialect": every line of systemd 252's syntax
# is read and checked; what devtool does not create is left out, counted
# by kind in one warning.
@test "tables: tmpfiles lines devtool does not create are left out with one warning counting them by kind; the rest is made" {
	table t \
		'x /tmp/systemd-private-%b-*' \
		'f^ /etc/b 0600 - - - cred' \
		'f+ /etc/c 0600' \
		'f /etc/d 0600 - - - hello world' \
		'z /var/log/journal 2755 root root - -' \
		'x /var/tmp/a' \
		'r! /tmp/.X0-lock' \
		'c /dev/null 0666 - - - 1:3'
	run --separate-stderr devtool apply --root R t
	assert_status 0
	assert_equal "$stderr" "devtool: warning: left out 6 lines devtool does not create: 2 x, 1 f^, 1 f+, 1 f with content, 1 z (--strict makes each an error)"
	assert_equal "$(tree R)" "d /dev 0:0 755 0:0
c /dev/null 1:3 666 0:0"
}

# devtool(1), "The tmpfiles dialect": z and Z amend the entries other
# lines of the tables make, after every line is read, as systemd-tmpfiles
# applies them after every line that creates.
@test "tables: tmpfiles z amends the mode, user and group of a node a c line makes, before or after it, in its table or another: systemd-tmpfiles' tree" {
	table t1 \
		'z /dev/a 0600 - 5 -' \
		'c /dev/a 0644 - - - 1:3' \
		'c /dev/b 0644 - - - 1:5' \
		'c /dev/m 0640 - - - 1:7' \
		'z /dev/m ~0777 - - -' \
		'c /dev/n 0644 - - - 1:8'
	table t2 \
		'z /dev/b 0660 7 8' \
		'z /dev/n :0600 7 :8' \
		'z /dev/n - - 9'
	run --separate-stderr devtool apply --root R t1 t2
	assert_status 0
	assert_equal "$stderr" ""
	assert_entry R "c /dev/a 1:3 600 0:5"
	assert_entry R "c /dev/b 1:5 660 7:8"
	assert_entry R "c /dev/m 1:7 666 0:0"
	assert_entry R "c /dev/n 1:8 644 7:9"
	mkdir S
	systemd_tmpfiles --create --root "$PWD/S" "$PWD/t1" "$PWD/t2"
	assert_equal "$(tree R)" "$(tree S)"
	run --separate-stderr devtool list --table -o tmpfiles t1 t2
	assert_status 0
	assert_equal "$output" "c	/dev/a	0600	-	5	-	1:3
c	/dev/b	0660	7	8	-	1:5
c	/dev/m	0666	-	-	-	1:7
c	/dev/n	0644	7	9	-	1:8"
}

@test "tables: tmpfiles Z amends a directory and every entry below it, those of later lines too, and nothing beside it: systemd-tmpfiles' tree" {
	table t \
		'd /srv/d 0755' \
		'Z /srv/d 0700 7 8' \
		'c /srv/d/n 0666 - - - 1:3' \
		'd /srv/d/sub 0755' \
		'p /srv/d/sub/f 0644' \
		'c /srv/dd 0644 - - - 1:3' \
		'Z /srv/dd/none 0600'
	run --separate-stderr devtool apply --root R t
	assert_status 0
	assert_equal "$stderr" "devtool: warning: left out 1 line devtool does not create: 1 Z (--strict makes each an error)"
	assert_equal "$(tree R)" "d /srv 0:0 755 0:0
d /srv/d 0:0 700 7:8
c /srv/d/n 1:3 700 7:8
d /srv/d/sub 0:0 700 7:8
p /srv/d/sub/f 0:0 700 7:8
c /srv/dd 1:3 644 0:0"
	mkdir S
	systemd_tmpfiles --create --root "$PWD/S" "$PWD/t"
	assert_equal "$(tree R)" "$(tree S)"
}

@test "tables: tmpfiles D, v, q and Q make directories with their mode and owner, as d, as systemd-tmpfiles makes them without btrfs" {
	table t \
		'D /x/D 0750 7 - 1d' \
		'v /x/v' \
		'q /x/q 0700 - 8' \
		'Q+ /x/Q - 7 -' \
		'v /x/e 0711 - - - ignored'
	run --separate-stderr devtool apply --root R t
	assert_status 0
	assert_equal "$stderr" ""
	assert_equal "$(tree R)" "d /x 0:0 755 0:0
d /x/D 0:0 750 7:0
d /x/Q 0:0 755 7:0
d /x/e 0:0 711 0:0
d /x/q 0:0 700 0:8
d /x/v 0:0 755 0:0"
	mkdir S
	systemd_tmpfiles --create --root "$PWD/S" "$PWD/t" 2>/dev/null
	assert_equal "$(tree R)" "$(tree S)"
}

@test "tables: a tmpfiles z for a path no line makes is left out with the warning; --strict makes it an error naming it" {
	table t \
		'z /dev/none 0600 - 5 -' \
		'c /dev/null 0666 - - - 1:3'
	run --separate-stderr devtool apply --root R t
	assert_status 0
	assert_equal "$stderr" "devtool: warning: left out 1 line devtool does not create: 1 z (--strict makes each an error)"
	assert_equal "$(tree R)" "d /dev 0:0 755 0:0
c /dev/null 1:3 666 0:0"
	rm -rf R/dev
	run --separate-stderr devtool apply --strict --root R t
	assert_status 2
	assert_equal "$stderr" "devtool: t:1: no line of the tables makes '/dev/none', whose mode and owner this z line sets (--strict)
devtool: 1 error in the table; nothing was created"
	[[ -z $(ls -A R) ]] || fail "something was made in R: $(ls -A R)"
}

@test "tables: tmpfiles --strict makes each line devtool does not create an error naming it; a '!' line only with --boot" {
	table t \
		'x /tmp/a' \
		'r! /tmp/.X0-lock' \
		'c /dev/null 0666 - - - 1:3'
	run --separate-stderr devtool apply --strict --root R t
	assert_status 2
	assert_equal "$stderr" "devtool: t:1: devtool does not create x lines (--strict)
devtool: 1 error in the table; nothing was created"
	run --separate-stderr devtool apply --strict --boot --root R t
	assert_status 2
	assert_equal "$stderr" "devtool: t:1: devtool does not create x lines (--strict)
devtool: t:2: devtool does not create r lines (--strict)
devtool: 2 errors in the table; nothing was created"
	run --separate-stderr devtool list --table --boot -o tmpfiles t
	assert_status 0
	assert_equal "$output" "c	/dev/null	0666	-	-	-	1:3"
	assert_equal "$stderr" "devtool: warning: left out 2 lines devtool does not create: 1 x, 1 r (--strict makes each an error)"
}

@test "tables: a tmpfiles specifier without a value here leaves its line out; %m is the --root image's machine ID" {
	table t \
		'd /var/log/journal/%m 2755 - - -' \
		'c /dev/%u-%t 0600 - - - 1:3'
	run --separate-stderr devtool apply --root R t
	assert_status 0
	assert_equal "$stderr" "devtool: warning: left out 1 line devtool does not create: 1 with %m unset (--strict makes each an error)"
	assert_entry R "c /dev/root-/run 1:3 600 0:0"
	mkdir R/etc && echo 0123456789ABCDEF0123456789abcdef >R/etc/machine-id
	run --separate-stderr devtool apply --root R t
	assert_status 0
	assert_equal "$stderr" ""
	assert_entry R "d /var/log/journal/0123456789abcdef0123456789abcdef 0:0 2755 0:0"
}

@test "tables: --prefix and --exclude-prefix keep the lines at or below a prefix, by whole names, before a user is looked up" {
	table t \
		'c /dev/null 0666 - - - 1:3' \
		'c /devices/x 0666 - - - 1:3' \
		'd /dev/shm/x 0755 nosuch - -' \
		'd /run/x 0755 nosuch - -'
	run --separate-stderr devtool apply --root R --prefix /dev --exclude-prefix /dev/shm/ t
	assert_status 0
	assert_equal "$stderr" ""
	assert_equal "$(tree R)" "d /dev 0:0 755 0:0
c /dev/null 1:3 666 0:0"
	run --separate-stderr devtool apply --root R --prefix dev t
	assert_status 2
	assert_equal "$stderr" "devtool: --prefix 'dev' is not an absolute path
Try 'devtool apply --help' for more information."
}

@test "tables: a tmpfiles user with a leading zero is a name, as systemd-tmpfiles reads it; makedevs's is decimal" {
	table t 'c /dev/x 0600 010 - - 1:3'
	run --separate-stderr devtool apply --root R t
	assert_status 2
	assert_equal "$stderr" "devtool: t:1: unknown user '010' (not in the host's user database; there is no R/etc/passwd)
devtool: 1 error in the table; nothing was created"
}

@test "tables: every tmpfiles.d file of this Debian 12 machine is read, none refused; list --table says what it left out once" {
	local f bad=()
	for f in /usr/lib/tmpfiles.d/*.conf; do
		devtool list --table -o tmpfiles "$f" >/dev/null 2>err ||
			bad+=("$f: $(head -n 1 err)")
	done
	[ ${#bad[@]} -eq 0 ] || fail "refused: ${bad[*]}"
	run --separate-stderr devtool list --table -o tmpfiles /usr/lib/tmpfiles.d/*.conf
	assert_status 0
	[[ $stderr == "devtool: warning: left out "*" lines devtool does not create: "*" (--strict makes each an error)" ]] ||
		fail "stderr: $stderr"
	[[ $stderr != *$'\n'* ]] || fail "more than one line: $stderr"
}

# devtool(1), "The tmpfiles dialect": ':' makes a field a new entry's
# only; on a field that is "-" it sets nothing, and a ':' owner does not
# give the line a mode of its own.
@test "tables: tmpfiles ':' on a '-' field changes nothing, and a ':' owner reads back without a mode" {
	printf 'd /a - :-\nd /b - :root -\nc /c :0600 - - - 1:3\n' >t.conf
	run --separate-stderr devtool list --table t.conf -o tmpfiles
	assert_success
	assert_output "$(printf 'd\t/a\t-\t-\t-\t-\t-\nd\t/b\t-\t:root\t-\t-\t-\nc\t/c\t:0600\t-\t-\t-\t1:3')"
	printf '%s\n' "$output" >again.conf
	run --separate-stderr devtool list --table again.conf -o tmpfiles
	assert_success
	assert_output "$(cat again.conf)"
}
