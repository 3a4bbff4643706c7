#!/usr/bin/env bats
# make.bats - devtool make against Debian 12's MAKEDEV 2.3.1, the tool it
# replaces (devtool(1), make and DEVICE REGISTRY): for every group make
# knows and for a list of single names, the same names, types, numbers,
# modes, owners, groups, symbolic links and directories.  MAKEDEV's
# answers are recorded in tests/fixtures/makedev/ by
# scripts/makedev-record.sh (MAKEDEV's own -n, never installing it);
# make check-all records them again from the real MAKEDEV and compares
# (tests/makedev.bats).

load test_helper

FIXTURES=$BATS_TEST_DIRNAME/fixtures/makedev

# The recorded answers with owners and groups as the host's ids
# (getent), as devtool resolves the names: ref/NAME for each question.
setup_file() {
	mkdir -p "$BATS_FILE_TMPDIR/ref"
	{
		getent group | awk -F: '{ print "g", $1, $3 }'
		getent passwd | awk -F: '{ print "u", $1, $3 }'
	} >"$BATS_FILE_TMPDIR/ids"
	grep -v '^#' "$FIXTURES/questions" | while read -r name _; do
		awk -F '\t' -v OFS='\t' -v ids="$BATS_FILE_TMPDIR/ids" '
		BEGIN { while ((getline l < ids) > 0) { split(l, f, " ")
			id[f[1] f[2]] = f[3] } }
		$4 != "-" { $4 = id["u" $4]; $5 = id["g" $5] } { print }' \
		    "$FIXTURES/$name" >"$BATS_FILE_TMPDIR/ref/$name"
	done
}

# compare NAME ARG...: devtool make ARG... into an archive, listed as
# makedev-ref.sh writes MAKEDEV's answer, is the file ref/NAME; prints
# the difference otherwise.
compare() {
	local name=$1 mine=$BATS_TEST_TMPDIR/mine.$1 out
	shift
	[[ -s $BATS_FILE_TMPDIR/ref/$name ]] || {
		echo "MAKEDEV made nothing for $name"
		return 1
	}
	out=$(devtool make --archive "$BATS_TEST_TMPDIR/m.$name.tar" "$@" 2>&1) || {
		echo "devtool make $name failed: $out"
		return 1
	}
	devtool list --archive "$BATS_TEST_TMPDIR/m.$name.tar" --dirs -o tmpfiles |
	    grep -v $'^d\t/dev\t' | sort -u >"$mine"
	diff "$BATS_FILE_TMPDIR/ref/$name" "$mine"
}

# One test for every question (a process or two each): a group that
# differs is named with its difference, and every other is still
# compared.
@test "make creates what MAKEDEV creates, for each group and for a list of single names" {
	local name args bad="" n=0 out
	while read -r name args; do
		n=$((n + 1))
		# shellcheck disable=SC2086 # MAKEDEV's arguments, one word each
		out=$(compare "$name" $args) ||
			bad+="make $args: not what MAKEDEV creates:"$'\n'"$out"$'\n'
	done < <(grep -v '^#' "$FIXTURES/questions")
	[[ -z $bad ]] || fail "$bad"
	assert_equal "$n" 39
}

# (tests/makedev.bats, in make check-all, has the real MAKEDEV std make
# its nodes beside these.)
@test "make std in a directory makes the nodes MAKEDEV std makes there, as root" {
	needs_mknod
	mkdir mine
	run devtool make -C mine std
	assert_success
	assert_output ''
	# each as makedev-ref.sh writes MAKEDEV's answer
	(cd mine && find . -mindepth 1 ! -type l -printf '%P\0' |
	    xargs -0 stat -c $'%F\t%n\t%a\t%u\t%g\t%Hr:%Lr' -- &&
	    find . -type l -printf 'symbolic link\t%P\t%l\n') |
	    awk -F '\t' -v OFS='\t' '
	    { m = $3; while (length(m) < 4) m = "0" m }
	    $1 == "symbolic link" { print "L", "/dev/" $2, "-", "-", "-", "-", $3; next }
	    $1 == "directory" { print "d", "/dev/" $2, m, $4, $5, "-", "-"; next }
	    $1 == "character special file" { print "c", "/dev/" $2, m, $4, $5, "-", $6; next }
	    $1 == "block special file" { print "b", "/dev/" $2, m, $4, $5, "-", $6; next }
	    { print "unexpected:", $0 }' | sort >mine.txt
	run diff "$BATS_FILE_TMPDIR/ref/std" mine.txt
	assert_success
	assert_equal "$(wc -l <mine.txt)" 36
}

@test "make with no -C makes the nodes in the current directory, as MAKEDEV" {
	needs_mknod
	mkdir here
	cd here
	run devtool make ttyS1 null
	assert_success
	assert_equal "$(stat -c '%F %t:%T %a %G' ttyS1)" \
	    "character special file 4:41 660 dialout"
	assert_equal "$(stat -c '%t:%T %a' null)" "1:3 666"
}

@test "make names every unknown name, exits 2 and makes nothing" {
	mkdir empty
	run --separate-stderr devtool make -C empty std ttyS0 nosuch sdzzzzz
	assert_usage_error
	assert_stderr_contains "devtool: unknown device or group 'nosuch'"
	assert_stderr_contains "devtool: unknown device or group 'sdzzzzz'"
	assert_stderr_contains "2 unknown names; nothing was made"
	assert_equal "$(ls -A empty)" ""
}

@test "make -n says what it would create and creates nothing" {
	mkdir empty
	run --separate-stderr devtool make -n -C empty ttyS0
	assert_success
	assert_output "would create ttyS0 (c 4:64, mode 0660, owner 0:$(getent group dialout | cut -d: -f3))"
	assert_equal "$(ls -A empty)" ""
}

# devtool(1), make: into a directory (the current one or -C), each path
# is said relative to it, as MAKEDEV says "create ttyS0"; under --root
# the path in the tree, as apply --root says it.
@test "make in a directory says each path relative to it, as MAKEDEV; --root the tree's path" {
	needs_mknod
	local dialout
	dialout=$(getent group dialout | cut -d: -f3)
	mkdir d
	devtool mknod -m 0660 -g dialout d/ttyS0 c 4 64
	devtool mknod -m 0600 -g dialout d/ttyS1 c 4 65
	cd d
	run --separate-stderr devtool make -n ttyS0 ttyS1 ttyS2 net/tun
	assert_equal "$status" 1
	assert_output "would keep ttyS0 (c 4:64, mode 0660, owner 0:$dialout)
would create ttyS2 (c 4:66, mode 0660, owner 0:$dialout)
would create directory net (d, mode 0755, owner 0:0)
would create net/tun (c 10:200, mode 0660, owner 0:0)"
	assert_equal "$stderr" "devtool: ttyS1: exists (a character device) with mode 0600, not 0660; use -r to correct it
devtool: dry run, nothing done: would be 3 created, 0 replaced, 0 corrected, 1 unchanged, 1 failed"
	cd ..

	run --separate-stderr devtool make -v -C d ttyS2
	assert_success
	assert_output "created ttyS2 (c 4:66, mode 0660, owner 0:$dialout)"

	mkdir -p img/dev
	run --separate-stderr devtool make -n --root img ttyS2
	assert_success
	assert_output "would create /dev/ttyS2 (c 4:66, mode 0660, owner 0:$dialout)"
}

@test "make --root takes the group's number from the target's etc/group" {
	needs_mknod
	mkdir -p img/etc
	printf 'root:x:0:\ndisk:x:606:\n' >img/etc/group
	printf 'root:x:0:0::/root:/bin/sh\n' >img/etc/passwd
	run devtool make --root img loop
	assert_success
	assert_equal "$(stat -c '%n %t:%T %a %u %g' img/dev/loop7)" \
	    "img/dev/loop7 7:7 660 0 606"
}

@test "make --root names a group the target's etc/group lacks and makes nothing" {
	mkdir -p img/etc
	printf 'root:x:0:\n' >img/etc/group
	run --separate-stderr devtool make --root img ttyS0
	assert_failure 1
	assert_stderr_contains "unknown group 'dialout'"
	assert [ ! -e img/dev/ttyS0 ]
}

@test "make --root names each group the target's etc/group lacks once, however many nodes are of it, and makes nothing" {
	mkdir -p img/etc
	printf 'root:x:0:\ntty:x:5:\n' >img/etc/group
	# std: kmem for mem, kmem and port, disk for ram0-16 and loop0-7
	run --separate-stderr devtool make --root img std
	assert_failure 1
	assert_equal "$stderr" "devtool: unknown group 'kmem' (not in img/etc/group)
devtool: unknown group 'disk' (not in img/etc/group)"
	assert [ ! -e img/dev ]
}

@test "make -o makedevs prints the entries as a table instead" {
	run --separate-stderr devtool make -o makedevs ttyS2
	assert_success
	assert_output "/dev/ttyS2	c	0660	0	$(getent group dialout | cut -d: -f3)	4	66	-	-	-"
}

@test "make -r replaces a node of other numbers, as MAKEDEV does" {
	needs_mknod
	mknod null c 1 5
	run devtool make -r null
	assert_success
	assert_equal "$(stat -c '%t:%T %a' null)" "1:3 666"
}

@test "make without -r leaves a node of other numbers and fails naming it" {
	needs_mknod
	mknod zero c 1 3
	run --separate-stderr devtool make zero
	assert_failure 1
	assert_stderr_contains "zero"
	assert_equal "$(stat -c '%t:%T' zero)" "1:3"
}

@test "make -C and --root together are a usage error" {
	run --separate-stderr devtool make -C a --root b std
	assert_usage_error
	assert_stderr_contains "-C, --root, --archive and -o: one target"
}

@test "make -o oci names each entry the dialect cannot hold on stderr, never leaving one out silently" {
	run --separate-stderr devtool make -o oci std
	assert_status 0
	assert_equal "$stderr" "devtool: warning: /dev/core -> /proc/kcore: a symbolic link, which an oci table cannot hold, is left out; -o json holds every type
devtool: warning: /dev/ram -> ram1: a symbolic link, which an oci table cannot hold, is left out; -o json holds every type"
	assert_equal "$(grep -c '"path"' <<<"$output")" 34
}

# ------------------------------------------------------------ device rules
# make -o with the rule dialects (devtool(1), DEVICE RULES): cgroup v1
# devices.allow lines, systemd's DeviceAllow= by path and by driver, the
# OCI linux.resources.devices list.

# unit_verify LINES...: systemd-analyze verify of a service holding the
# lines; its complaints about the unit's own lines are in $complaints.
unit_verify() {
	{
		printf '[Service]\nExecStart=/bin/true\n'
		printf '%s\n' "$@"
	} >"$BATS_TEST_TMPDIR/rules.service"
	complaints=$(systemd-analyze verify "$BATS_TEST_TMPDIR/rules.service" 2>&1 |
	    grep 'rules\.service:[0-9]' || :)
}

@test "make -o cgroup prints one devices.allow line a node, sorted by type and numbers" {
	run --separate-stderr devtool make -o cgroup ttyS1 fuse ttyS0
	assert_success
	assert_output "c 4:64 rwm
c 4:65 rwm
c 10:229 rwm"
	assert_stderr_empty
}

@test "make -o cgroup allows a major whole as MAJOR:* when the nodes hold its minors 0 to 255" {
	run --separate-stderr devtool make -o cgroup sd ttyS0
	assert_success
	assert_output "b 8:* rwm
c 4:64 rwm"
}

@test "make -o cgroup names each entry that is not a device on stderr and leaves it out" {
	run --separate-stderr devtool make -o cgroup std
	assert_success
	assert_equal "$stderr" "devtool: warning: /dev/core -> /proc/kcore: a symbolic link, not a device, is left out of the cgroup rules
devtool: warning: /dev/ram -> ram1: a symbolic link, not a device, is left out of the cgroup rules"
	assert_equal "$(wc -l <<<"$output")" 34
}

@test "make -o cgroup generic allows every node generic makes in the devices controller's grammar, and no other number but of a whole major" {
	devtool make -o json generic 2>/dev/null |
	    jq -r 'select(.major != null) | "\(.type) \(.major):\(.minor) rwm"' |
	    sort -u >nodes
	devtool make -o cgroup generic 2>/dev/null >rules
	# TYPE MAJOR:MINOR ACCESS: b or c, decimal or *, letters of rwm
	run grep -Ev '^[bc] ([0-9]+|\*):([0-9]+|\*) [rwm]{1,3}$' rules
	assert_output ""
	assert_equal "$(sort rules | uniq -d)" ""
	# each node by its own line or its major's
	run awk 'NR == FNR { r[$0]; next }
	    { split($2, n, ":"); w = $1 " " n[1] ":* rwm" }
	    !($0 in r) && !(w in r) { print "not allowed: " $0 }' rules nodes
	assert_output ""
	# each line a node's, or a major's whose 256 8-bit minors are all nodes
	run awk 'NR == FNR { split($2, n, ":"); if (n[2] < 256) m[$1 " " n[1]]++
	        node[$0]; next }
	    { split($2, n, ":") }
	    n[2] == "*" && m[$1 " " n[1]] != 256 { print "widened: " $0 }
	    n[2] != "*" && !($0 in node) { print "no such node: " $0 }' nodes rules
	assert_output ""
	assert_equal "$(grep -c ':\*' rules)" 17
}

@test "make -o deviceallow prints DeviceAllow= lines by path, which systemd-analyze verify takes" {
	run --separate-stderr devtool make -o deviceallow ttyS1 fuse ttyS0
	assert_success
	assert_output "DeviceAllow=/dev/fuse rwm
DeviceAllow=/dev/ttyS0 rwm
DeviceAllow=/dev/ttyS1 rwm"
	command -v systemd-analyze >/dev/null || skip "systemd-analyze is not installed"
	mapfile -t lines < <(devtool make -o deviceallow generic 2>/dev/null)
	assert_equal "${#lines[@]}" 5350
	unit_verify "${lines[@]}"
	assert_equal "$complaints" ""
	# the control: a line systemd refuses is named
	unit_verify "${lines[@]}" "DeviceAllow=/etc/passwd rwm"
	assert_equal "$(wc -l <<<"$complaints")" 1
}

@test "make -o deviceallow-groups: a driver's group only for all its minors, else each node's path (DEVICE RULES)" {
	export DEVTOOL_PROC_DEVICES=$BATS_TEST_DIRNAME/fixtures/proc-devices
	# char-mem would grant /dev/mem, /dev/kmem, /dev/port; char-misc kvm
	printf '%s\n' '/dev/null c 666 0 0 1 3 - - -' \
	    '/dev/fuse c 666 0 0 10 229 - - -' >t
	run --separate-stderr devtool list --table -o deviceallow-groups t
	assert_success
	assert_output "DeviceAllow=/dev/fuse rwm
DeviceAllow=/dev/null rwm"
	assert_stderr_empty
	# every 8-bit minor of major 4, the only major named tty: its group;
	# 1:3 alone is its path, after the groups
	printf '%s\n' '/dev/tty c 620 0 0 4 0 0 1 256' \
	    '/dev/null c 666 0 0 1 3 - - -' '/dev/ttyS0 c 660 0 0 4 64 - - -' >t
	run --separate-stderr devtool list --table -o deviceallow-groups t
	assert_success
	assert_output "DeviceAllow=char-tty rwm
DeviceAllow=/dev/null rwm"
	assert_stderr_empty
	# sd is majors 8, 65 and 66: all of 8 is not all of sd
	run --separate-stderr devtool make -o deviceallow-groups sd
	assert_success
	assert_equal "${#lines[@]}" 256
	assert_line --index 0 'DeviceAllow=/dev/sda rwm'
	refute_output --partial block-sd
}

@test "make -o deviceallow-groups --widen: the groups anyway, one warning a group naming the minors it adds" {
	export DEVTOOL_PROC_DEVICES=$BATS_TEST_DIRNAME/fixtures/proc-devices
	run --separate-stderr devtool make -o deviceallow-groups --widen ttyS0 tty1 sda sdq fuse ptmx
	assert_success
	# sd is majors 8 and 65; major 4 is /dev/vc/0, tty and ttyS, and 5
	# has no name without a '/'
	assert_output "DeviceAllow=block-sd rwm
DeviceAllow=char-tty rwm
DeviceAllow=char-/dev/tty rwm
DeviceAllow=char-misc rwm"
	assert_equal "$stderr" "devtool: warning: --widen: DeviceAllow=block-sd rwm also allows what no node listed is: b 8:16-255, b 65:16-255, b 66:*, and every minor above 255 of those majors
devtool: warning: --widen: DeviceAllow=char-tty rwm also allows what no node listed is: c 4:0,2-63,65-255, and every minor above 255 of those majors
devtool: warning: --widen: DeviceAllow=char-/dev/tty rwm also allows what no node listed is: c 5:0-1,3-255, and every minor above 255 of those majors
devtool: warning: --widen: DeviceAllow=char-misc rwm also allows what no node listed is: c 10:0-228,230-255, and every minor above 255 of those majors"
	local groups=$output
	printf '%s\n' '/dev/null c 666 0 0 1 3 - - -' >t
	run --separate-stderr devtool list --table --widen -o deviceallow-groups t
	assert_success
	assert_output 'DeviceAllow=char-mem rwm'
	assert_equal "$stderr" "devtool: warning: --widen: DeviceAllow=char-mem rwm also allows what no node listed is: c 1:0-2,4-255, and every minor above 255 of those majors"
	# a rule by number or path has nothing to widen: a usage error
	run --separate-stderr devtool make -o cgroup --widen null
	assert_failure 2
	assert_output ''
	assert_stderr_regex '^devtool: --widen goes with -o deviceallow-groups'
	run --separate-stderr devtool list --widen /dev/null
	assert_failure 2
	command -v systemd-analyze >/dev/null || skip "systemd-analyze is not installed"
	mapfile -t lines <<<"$groups"
	unit_verify "${lines[@]}"
	assert_equal "$complaints" ""
}

@test "make -o deviceallow-groups names a major no driver is registered for, writes the rest and exits 1" {
	export DEVTOOL_PROC_DEVICES=$BATS_TEST_DIRNAME/fixtures/proc-devices
	run --separate-stderr devtool make -o deviceallow-groups ttyS0 hda
	assert_failure 1
	assert_output "DeviceAllow=/dev/ttyS0 rwm"
	assert_equal "$stderr" "devtool: /dev/hda: no driver of block major 3 is registered (/proc/devices), so it and 24 other nodes of the major have no group; -o deviceallow allows nodes by path"
}

@test "make -o oci-allow prints a linux.resources.devices list that denies every device first" {
	run --separate-stderr devtool make -o oci-allow sd fuse
	assert_success
	assert_output '[
{"allow":false,"access":"rwm"},
{"allow":true,"type":"b","major":8,"access":"rwm"},
{"allow":true,"type":"c","major":10,"minor":229,"access":"rwm"}
]'
}

@test "make -o: the directories make adds above its nodes, which no operand names, are left out without a warning" {
	export DEVTOOL_PROC_DEVICES=$BATS_TEST_DIRNAME/fixtures/proc-devices
	local o
	for o in oci cgroup deviceallow deviceallow-groups oci-allow; do
		run --separate-stderr devtool make -o "$o" net/tun
		assert_success
		assert_stderr_empty
	done
	assert_output '[
{"allow":false,"access":"rwm"},
{"allow":true,"type":"c","major":10,"minor":200,"access":"rwm"}
]'
	# a dialect that holds directories still has them
	run --separate-stderr devtool make -o tmpfiles net/tun
	assert_success
	assert_line --index 0 --regexp '^d[[:space:]]+/dev/net[[:space:]]'
}

@test "make -o oci-allow generic is an array of the runtime specification's device rules" {
	devtool make -o oci-allow generic 2>/dev/null >allow.json
	# the schema's DeviceCgroup: allow (required, boolean), type, access
	# (strings), major and minor (integers), nothing else devtool writes
	run jq -r '
	    if type != "array" then "not an array"
	    elif .[0] != {"allow": false, "access": "rwm"} then "no deny first"
	    else .[1:][] | select(
	        (keys - ["access", "allow", "major", "minor", "type"]) != [] or
	        .allow != true or (.type | IN("b", "c") | not) or
	        (.major | type) != "number" or .major != (.major | floor) or
	        ((.minor // 0) | type) != "number" or
	        (.access | test("^[rwm]+$") | not)) | tojson
	    end' allow.json
	assert_success
	assert_output ""
	assert_equal "$(jq length allow.json)" \
	    "$(($(devtool make -o cgroup generic 2>/dev/null | wc -l) + 1))"
}

@test "make std as root makes each node in place with its group at once: no private directory, chown, chmod or rename (strace)" {
	command -v strace >/dev/null || skip "strace is not installed"
	needs_mknod
	[[ $(id -u) == 0 ]] || skip "as root only"
	mkdir d
	run --separate-stderr strace -f -qq -o "$BATS_TEST_TMPDIR/log" \
	    -e trace=mknodat,symlinkat,mkdirat,fchownat,fchmodat,renameat2 \
	    "$DEVTOOL" make -C d std
	assert_success
	assert_equal "$(sed -E 's/^[0-9]+ +//; s/\(.*//' "$BATS_TEST_TMPDIR/log" |
	    sort | uniq -c | awk '{ print $2, $1 }')" "mknodat 34
symlinkat 2"
	assert_equal "$(stat -c '%a %u %g' d/kmem d/loop0 d/tty)" \
	    "640 0 $(getent group kmem | cut -d: -f3)
660 0 $(getent group disk | cut -d: -f3)
666 0 $(getent group tty | cut -d: -f3)"
}

@test "make --archive and apply --archive write a link with mode 0777 (lrwxrwxrwx), as gen_init_cpio and bsdtar do, read back by cpio -tv and bsdtar" {
	export SOURCE_DATE_EPOCH=0
	run --separate-stderr devtool make --archive m.cpio fd
	assert_success
	run bash -c 'cpio -tv --quiet <m.cpio | grep "^l" | cut -c 1-10 | sort -u'
	assert_output 'lrwxrwxrwx'
	# a table's mode for a link is not the link's
	printf 'slink /dev/l /x 0600 0 0\n' >t
	run --separate-stderr devtool apply --archive t.tar t
	assert_success
	run bash -c 'bsdtar -tvf t.tar | grep "dev/l -> /x" | cut -c 1-10'
	assert_output 'lrwxrwxrwx'
}

@test "a link in makedevs, one rule for list, list --table and make: a comment line naming it, one warning a run (devtool list in devtool(1))" {
	local comments="# /dev/fd -> /proc/self/fd: a symbolic link, which a makedevs table cannot hold
# /dev/stderr -> fd/2: a symbolic link, which a makedevs table cannot hold
# /dev/stdin -> fd/0: a symbolic link, which a makedevs table cannot hold
# /dev/stdout -> fd/1: a symbolic link, which a makedevs table cannot hold"
	local warning="devtool: warning: 4 entries that a makedevs table cannot hold are comment lines; -o json holds every type"
	run --separate-stderr devtool make -o makedevs fd
	assert_success
	assert_output "$comments"
	assert_equal "$stderr" "$warning"
	devtool make -o pseudo fd >t
	run --separate-stderr devtool list --table -o makedevs t
	assert_success
	assert_output $'/dev\td\t0755\t0\t0\t-\t-\t-\t-\t-\n'"$comments"
	assert_equal "$stderr" "$warning"
	devtool make --archive a.cpio fd
	run --separate-stderr devtool list --archive a.cpio -o makedevs
	assert_success
	assert_output "$comments"
	assert_equal "$stderr" "$warning"
}

# ------------------------------------------------- a live /dev, and -d

# devtool(1), make: make refuses a live /dev, whose nodes the kernel and
# udev make, unless --force: a directory on a devtmpfs, or /dev itself
# while /run/udev, /dev/.udevdb or /dev/.udev is a directory (MAKEDEV's
# own test); exit 1, nothing made or removed.  A dry run writes nothing:
# it warns that the real run would stop.  A devtmpfs mounted elsewhere is
# the kernel's one /dev: were the refusal broken, this test still could
# not change it (no CAP_MKNOD to make atibm, which it lacks, and nothing
# there to remove).
@test "make refuses a directory on a devtmpfs, made into or removed from, and -n only warns" {
	[[ $EUID -eq 0 ]] || skip "needs root: mounts a devtmpfs"
	[[ ! -e /dev/atibm ]] || skip "this /dev has an atibm already"
	mkdir D
	# shellcheck disable=SC2016 # the inner shell's
	run --separate-stderr unshare -m sh -c '
		mount -t devtmpfs none D || exit 99
		capsh --drop=cap_mknod -- -c "exec \"\$0\" \"\$@\"" \
		    $DEVTOOL make -C D atibm; echo "exit $?"
		$DEVTOOL make -d -C D atibm; echo "exit $?"
		$DEVTOOL make -n -C D atibm; echo "exit $?"
		test -e D/atibm || echo "no atibm"'
	assert_success
	assert_output "exit 1
exit 1
would create atibm (c 10:3, mode 0660, owner 0:0)
exit 0
no atibm"
	assert_equal "$stderr" "devtool: D: on a devtmpfs (mounted on $PWD/D), a live /dev whose nodes the kernel and udev make: nothing was made; --force writes there all the same
devtool: D: on a devtmpfs (mounted on $PWD/D), a live /dev whose nodes the kernel and udev make: nothing was removed; --force writes there all the same
devtool: warning: D: on a devtmpfs (mounted on $PWD/D), a live /dev: without -n, make would stop here; --force writes there all the same
devtool: dry run, nothing done: would be 1 created, 0 replaced, 0 corrected, 0 unchanged, 0 failed"
}

# The same where the kernel has no statmount(2) (before Linux 6.8, or a
# seccomp profile that refuses it): /proc/self/mountinfo says, its
# escapes undone (a space in the mount point).
@test "make refuses a directory on a devtmpfs by /proc/self/mountinfo where statmount is refused" {
	[[ $EUID -eq 0 ]] || skip "needs root: mounts a devtmpfs"
	[[ ! -e /dev/atibm ]] || skip "this /dev has an atibm already"
	"$BATS_TEST_DIRNAME/attack/nostatmount" true || skip "no seccomp here"
	mkdir 'D x'
	# shellcheck disable=SC2016 # the inner shell's
	run --separate-stderr unshare -m sh -c '
		mount -t devtmpfs none "D x" || exit 99
		"$0" $DEVTOOL make -n -C "D x" atibm; echo "exit $?"
		test -e "D x/atibm" || echo "no atibm"' \
	    "$BATS_TEST_DIRNAME/attack/nostatmount"
	assert_success
	assert_output "would create atibm (c 10:3, mode 0660, owner 0:0)
exit 0
no atibm"
	assert_equal "$stderr" "devtool: warning: D x: on a devtmpfs (mounted on $PWD/D x), a live /dev: without -n, make would stop here; --force writes there all the same
devtool: dry run, nothing done: would be 1 created, 0 replaced, 0 corrected, 0 unchanged, 0 failed"
}

# MAKEDEV's own test, in a mount namespace of the test's own: /dev is a
# plain directory (F, bind-mounted), /run a fresh tmpfs.  No redirection
# to /dev/null there: it would be a file in F.
@test "make refuses /dev while /run/udev or /dev/.udev is a directory, as MAKEDEV; --force and a plain /dev are accepted" {
	[[ $EUID -eq 0 ]] || skip "needs root: mounts over /dev and /run"
	mkdir F
	# shellcheck disable=SC2016 # the inner shell's
	run --separate-stderr unshare -m sh -c '
		f=$PWD/F
		mount --bind "$f" /dev && mount -t tmpfs none /run || exit 99
		mkdir /run/udev
		cd /dev
		$DEVTOOL make ttyS0; echo "exit $?"
		$DEVTOOL make -C /dev ttyS1; echo "exit $?"
		$DEVTOOL make --force ttyS0; echo "exit $?"
		rmdir /run/udev
		$DEVTOOL make ttyS1; echo "exit $?"
		mkdir /dev/.udev
		$DEVTOOL make -d ttyS0; echo "exit $?"
		ls -A "$f"'
	assert_success
	assert_output "exit 1
exit 1
exit 0
exit 0
exit 1
.udev
ttyS0
ttyS1"
	assert_equal "$stderr" "devtool: /dev: /dev while /run/udev exists (udev runs, as MAKEDEV tests), a live /dev whose nodes the kernel and udev make: nothing was made; --force writes there all the same
devtool: /dev: /dev while /run/udev exists (udev runs, as MAKEDEV tests), a live /dev whose nodes the kernel and udev make: nothing was made; --force writes there all the same
devtool: /dev: /dev while /dev/.udev exists (udev runs, as MAKEDEV tests), a live /dev whose nodes the kernel and udev make: nothing was removed; --force writes there all the same"
	assert_equal "$(stat -c '%F %t:%T %a' F/ttyS0 F/ttyS1)" "character special file 4:40 660
character special file 4:41 660"
}

# On a tmpfs the live /dev check knows the directory's device and inode
# from the statx that asked its mount's id (no fstat): /dev itself is
# still told from another tmpfs.
@test "make refuses /dev on a tmpfs while /run/udev is a directory, and makes into another tmpfs" {
	[[ $EUID -eq 0 ]] || skip "needs root: mounts over /dev and /run"
	# shellcheck disable=SC2016 # the inner shell's
	run --separate-stderr unshare -m sh -c '
		mount -t tmpfs none /dev && mount -t tmpfs none /run || exit 99
		mkdir /run/udev /run/d
		$DEVTOOL make -C /dev ttyS0; echo "exit $?"
		$DEVTOOL make -C /run/d ttyS0; echo "exit $?"
		ls -A /dev /run/d'
	assert_success
	assert_output "exit 1
exit 0
/dev:

/run/d:
ttyS0"
	assert_equal "$stderr" "devtool: /dev: /dev while /run/udev exists (udev runs, as MAKEDEV tests), a live /dev whose nodes the kernel and udev make: nothing was made; --force writes there all the same"
}

@test "make: -d, --force with -o or --archive, and -d with -r are usage errors" {
	run --separate-stderr devtool make -d -o makedevs null
	assert_equal "$status" 2
	assert_stderr_contains "-o writes entries out: it takes no -r, -n, -d or --force"
	run --separate-stderr devtool make --force --archive a.cpio null
	assert_equal "$status" 2
	assert_stderr_contains "--archive writes entries out: it takes no -r, -n, -d or --force"
	run --separate-stderr devtool make -d -r null
	assert_equal "$status" 2
	assert_stderr_contains "devtool: -d removes: it takes no -r"
	assert_not_exists a.cpio
}

# devtool(1), make -d: as MAKEDEV -d, what the names make is removed, but
# only device nodes and FIFOs of the very type the name makes, through
# apply --remove's removal; links, directories and files stay, each node
# left alone named.  -n says what it would remove and removes nothing.
@test "make -d removes the nodes and FIFOs a name makes, of their type only; -n removes nothing" {
	needs_mknod
	local lirc fifo
	mkdir d
	devtool make -C d std lirc net/tun
	lirc=$(node d/lirc)
	fifo=$(node d/lircd)
	assert_equal "$fifo" "fifo 0 0 640 0 $(getent group video | cut -d: -f3)"
	# at the names of ttyS0-ttyS3: a block device, a directory, a file,
	# a FIFO; ttyS4 absent
	devtool mknod d/ttyS0 b 4 64
	mkdir d/ttyS1
	echo keep >d/ttyS2
	devtool mknod d/ttyS3 p

	run --separate-stderr devtool make -n -d -C d lirc ttyS0 ttyS1 ttyS2 ttyS3 ttyS4
	assert_equal "$status" 1
	assert_output "would remove lirc (c 61:0, mode 0640, owner 0:$(getent group video | cut -d: -f3))
would remove lircd (p, mode 0640, owner 0:$(getent group video | cut -d: -f3))
would remove lircm (p, mode 0640, owner 0:$(getent group video | cut -d: -f3))"
	assert_equal "$stderr" "devtool: ttyS0: is a block device, not a character device; left alone
devtool: ttyS1: is a directory; only device nodes and FIFOs are ever removed; left alone
devtool: ttyS2: is a regular file; only device nodes and FIFOs are ever removed; left alone
devtool: ttyS3: is a FIFO, not a character device; left alone
devtool: dry run, nothing done: would be 3 removed, 1 absent, 4 failed"
	assert_equal "$(node d/lirc)" "$lirc"
	assert_equal "$(node d/lircd)" "$fifo"

	run --separate-stderr devtool make -d -C d lirc ttyS0 ttyS1 ttyS2 ttyS3 ttyS4
	assert_equal "$status" 1
	assert_output ""
	assert_equal "$stderr" "devtool: ttyS0: is a block device, not a character device; left alone
devtool: ttyS1: is a directory; only device nodes and FIFOs are ever removed; left alone
devtool: ttyS2: is a regular file; only device nodes and FIFOs are ever removed; left alone
devtool: ttyS3: is a FIFO, not a character device; left alone"
	assert_not_exists d/lirc
	assert_not_exists d/lircd
	assert_not_exists d/lircm
	assert_equal "$(node d/ttyS0)" "block special file 4 64 644 0 0"
	assert_equal "$(stat -c %F d/ttyS1)" "directory"
	assert_equal "$(cat d/ttyS2)" "keep"
	assert_equal "$(stat -c %F d/ttyS3)" "fifo"

	# std's nodes go, its links (core, ram) stay; net/tun goes, net stays
	run --separate-stderr devtool make -v -d -C d std net/tun
	assert_success
	assert_equal "$(summary)" "devtool: 35 removed, 0 absent, 0 failed"
	assert_equal "$(cd d && find . -mindepth 1 ! -name 'ttyS*' -printf '%P %y\n' | LC_ALL=C sort)" "core l
net d
ram l"
	# and again: nothing left to remove
	run --separate-stderr devtool make -v -d -C d std
	assert_success
	assert_output ""
	assert_equal "$stderr" "devtool: 0 removed, 34 absent, 0 failed"
}

# ------------------------------------------------------------ make -h

# make_help_words: the words make --help lists after its options (the
# groups, then the names, before the examples), one a line.
make_help_words() {
	devtool make --help | awk '/^Examples:/ { exit } /^Groups /, 0' |
	    grep '^  ' | tr -s ' ' '\n' |
	    grep -v '^$'
}

# devtool-make(1): --help lists every group and name make takes, from the
# registry, wrapped at 80 columns, before its examples.
@test "make -h lists the groups and names it knows, lirc, std and console among them, in 80 columns" {
	run --separate-stderr devtool make -h
	assert_success
	assert_stderr_empty
	assert_output --partial $'\nGroups (MAKEDEV\'s, and its aliases):\n  COMX ESP PAM alsa apm'
	assert_output --partial $'\nNames (a range in braces; a disk\'s partitions too, as sda1 or rd/c0d0p1):\n  3dfx '
	# the names are the last of the list, then the examples and the page
	# (devtool-make(1)): nothing between them but one blank line
	run awk '/^Names / { n = 1; next } n == 1 && /^  / { next }
	    n { n = 2; print; if (++k == 3) exit }' <<<"$output"
	assert_output $'\nExamples:\n  # every device of MAKEDEV\'s generic group, into a cpio archive'
	run --separate-stderr devtool make -h
	run awk 'length > 79 { print FNR ": " $0 }' <<<"$output"
	assert_output ""
	make_help_words >words
	run grep -c -x -e lirc -e std -e console -e 'ttyS{0..63}' -e 'sd{a..iv}' -e 'pty{p0..zf}' -e 'rd/c{0..7}d{0..31}' words
	# lirc and console are a group and a name each
	assert_output 9
}

# Every word's names (a range of numbers or single letters expanded by
# the shell, any other range by its two ends) are names make takes; and
# every name Debian's MAKEDEV takes (tests/fixtures/makedev-2.3.1.xz,
# see makedev_names.bats) has its word, a partition of a unit too.
@test "make -h lists what make takes: each listed name is made, and every name MAKEDEV takes is listed" {
	local w a b names=() re=() expanded
	make_help_words >words
	[[ $(wc -l <words) -gt 400 ]] || fail "too few words: $(wc -l <words)"
	while read -r w; do
		if [[ $w =~ ^[^{}]*(\{([0-9]+\.\.[0-9]+|[a-z]\.\.[a-z])\}[^{}]*)*$ ]]; then
			eval "expanded=($w)"
			names+=("${expanded[@]}")
		else	# {p0..ef}, {a..iv}: the first and the last
			a=$(sed -E 's/\{([^.}]*)\.\.[^}]*\}/\1/g' <<<"$w")
			b=$(sed -E 's/\{[^.}]*\.\.([^}]*)\}/\1/g' <<<"$w")
			names+=("$a" "$b")
		fi
		# the word as a regular expression
		re+=("$(sed -E -e 's/\./\\./g' -e 's/\{[0-9]+\\\.\\\.[0-9]+\}/[0-9]+/g' \
		    -e 's/\{[a-z]+\\\.\\\.[a-z]+\}/[a-z]+/g' \
		    -e 's/\{[a-z][0-9a-f]\\\.\\\.[a-z][0-9a-f]\}/[a-z][0-9a-f]/g' <<<"$w")")
	done <words
	[[ ${#names[@]} -gt 5000 ]] || fail "too few names: ${#names[@]}"
	# as device rules: no owner looked up (kvm may be no group here)
	run --separate-stderr devtool make -o cgroup "${names[@]}"
	assert_success
	refute_stderr_contains "unknown"

	# MAKEDEV's names, each matched by one of the words: those it took
	# (exit 0, knowing how to make them) and made something of, or
	# took without a warning (as makedev_names.bats counts them)
	xz -dc "$BATS_TEST_DIRNAME/fixtures/makedev-2.3.1.xz" | awk -F '\t' '
	    $2 ~ /^status 0/ && $2 !~ /know how to make/ {
		ok[$1] = 1; warned[$1] = $2 ~ /warned:/; next }
	    $2 ~ /^(create|mkdir) / { made[$1] = 1 }
	    END { for (n in ok) if (!warned[n] || made[n]) print n }' |
	    sort -u >makedev
	[[ $(wc -l <makedev) -gt 1300 ]] || fail "too few MAKEDEV names"
	local IFS='|'
	run grep -v -E -x "(${re[*]})(p?[0-9]+)?" makedev
	assert_output ""
}

@test "make -d --root removes from DIR/dev, saying the tree's paths" {
	needs_mknod
	local video
	video=$(getent group video | cut -d: -f3)
	mkdir img
	devtool make --root img lirc
	run --separate-stderr devtool make -v -d --root img lirc
	assert_success
	assert_output "removed /dev/lirc (c 61:0, mode 0640, owner 0:$video)
removed /dev/lircd (p, mode 0640, owner 0:$video)
removed /dev/lircm (p, mode 0640, owner 0:$video)"
	assert_equal "$stderr" "devtool: 3 removed, 0 absent, 0 failed"
	assert_equal "$(ls -A img/dev)" ""
}
