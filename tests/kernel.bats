#!/usr/bin/env bats
# The kernel as a source: list --kernel, apply --kernel and --sysfs
# (devtool(1), "The kernel as a source").  The fixture
# tests/fixtures/sysfs holds the uevent files of ten devices as the kernel
# writes them; a hostile sysfs tree is made per test; on this machine, a
# fresh devtmpfs is mounted in a mount namespace of the test's own and
# compared with what --kernel reads from /sys.

load test_helper

FIX=$BATS_TEST_DIRNAME/fixtures/sysfs

setup() {
	setup_workdir
	unset DEVTOOL_SYSFS
	mkdir R	# apply's --root must exist (EXIT STATUS in devtool(1))
}

# T: makedevs fields joined by tabs.
T() { local IFS=$'\t'; echo "$*"; }

# What devtmpfs makes of the fixture: DEVMODE, DEVUID and DEVGID where
# given, 0600 root's otherwise; 4:0 has no DEVNAME, so no node.
FIXTURE_LINES=(
	"$(T /dev/bus/usb/001/001 c 0664 0 0 189 0 - - -)"
	"$(T /dev/console c 0600 0 0 5 1 - - -)"
	"$(T /dev/dri/card0 c 0660 0 44 226 0 - - -)"
	"$(T /dev/input/mice c 0600 0 0 13 63 - - -)"
	"$(T /dev/net/tun c 0600 107 0 10 200 - - -)"
	"$(T /dev/null c 0666 0 0 1 3 - - -)"
	"$(T /dev/sda b 0600 0 0 8 0 - - -)"
	"$(T /dev/sda1 b 0600 0 0 8 1 - - -)"
	"$(T /dev/zero c 0666 0 0 1 5 - - -)"
)

assert_lines_exactly() {
	local want
	want=$(printf '%s\n' "$@")
	[[ $output == "$want" ]] ||
		fail "stdout differs:"$'\n'"$(diff <(echo "$want") <(echo "$output"))"
}

# uevent KIND MAJOR:MINOR LINE...: a device of the hostile tree S.
uevent() {
	mkdir -p "S/dev/$1/$2"
	mkdir -p S/dev/char S/dev/block
	printf '%s\n' "${@:3}" >"S/dev/$1/$2/uevent"
}

@test "list --kernel prints each node of the fixture with the kernel's name, mode and owner, 0600 root's where it says none" {
	run --separate-stderr devtool list --kernel --sysfs "$FIX"
	assert_success
	assert_stderr_empty
	assert_lines_exactly "${FIXTURE_LINES[@]}"
}

@test "list --kernel -o tmpfiles writes the kernel's nodes as a tmpfiles.d file" {
	run --separate-stderr devtool list --kernel --sysfs "$FIX" -o tmpfiles
	assert_success
	assert_lines_exactly \
		"$(T c /dev/bus/usb/001/001 0664 0 0 - 189:0)" \
		"$(T c /dev/console 0600 0 0 - 5:1)" \
		"$(T c /dev/dri/card0 0660 0 44 - 226:0)" \
		"$(T c /dev/input/mice 0600 0 0 - 13:63)" \
		"$(T c /dev/net/tun 0600 107 0 - 10:200)" \
		"$(T c /dev/null 0666 0 0 - 1:3)" \
		"$(T b /dev/sda 0600 0 0 - 8:0)" \
		"$(T b /dev/sda1 0600 0 0 - 8:1)" \
		"$(T c /dev/zero 0666 0 0 - 1:5)"
}

@test "list --kernel reads DEVTOOL_SYSFS when --sysfs is not given" {
	DEVTOOL_SYSFS=$FIX run --separate-stderr devtool list --kernel
	assert_success
	assert_lines_exactly "${FIXTURE_LINES[@]}"
}

@test "apply --kernel --root populates a /dev as mdev -s would, and diff --kernel finds it the same" {
	needs_mknod
	run --separate-stderr devtool apply --kernel --sysfs "$FIX" --root R
	assert_success
	run --separate-stderr devtool list --root R /dev
	assert_success
	assert_lines_exactly "${FIXTURE_LINES[@]}"
	run --separate-stderr devtool diff --kernel --sysfs "$FIX" --root R /dev
	assert_success
	assert_output ''
	assert_stderr_empty
}

@test "apply --kernel --archive writes the kernel's nodes into an archive, without privilege, and diff finds it the same" {
	run --separate-stderr devtool apply --kernel --sysfs "$FIX" --archive dev.cpio
	assert_success
	run --separate-stderr devtool list --archive dev.cpio
	assert_success
	assert_lines_exactly "${FIXTURE_LINES[@]}"
	run --separate-stderr devtool diff --archive dev.cpio --kernel --sysfs "$FIX"
	assert_success
	assert_output ''
}

@test "apply --kernel -n says what it would create and creates nothing" {
	run --separate-stderr devtool apply -n --kernel --sysfs "$FIX" --root R
	assert_success
	assert_output --partial "would create /dev/null (c 1:3, mode 0666, owner 0:0)"
	assert_not_exists R/dev/null
}

@test "list --kernel of a sysfs without dev/char and dev/block is exit 1 (a directory it cannot read), naming both" {
	mkdir S
	run --separate-stderr devtool list --kernel --sysfs S
	assert_status 1
	assert_equal "$stderr" "devtool: S/dev/char: No such file or directory
devtool: S/dev/block: No such file or directory"
}

# Each hostile uevent: refused, naming its file and why; list exits 2 and
# apply --kernel creates nothing at all.
# hostile WHY [STATUS]: list says WHY (exit 1), apply refuses it with
# STATUS: 2 for a uevent read that does not validate, 1 for one that
# cannot be read.
hostile() {
	local why=$1 apply_status=${2:-2}
	run --separate-stderr devtool list --kernel --sysfs S
	assert_status 1
	assert_equal "$stderr" "$why"
	# apply: a plan that does not validate (2); list: a file it cannot read
	# (1), as /proc/devices malformed (EXIT STATUS in devtool(1))
	run --separate-stderr devtool apply --kernel --sysfs S --root R
	assert_status "$apply_status"
	assert_not_exists R/dev
	assert_not_exists R/etc
}

@test "a DEVNAME with .. is refused: it would leave /dev" {
	uevent char 1:3 MAJOR=1 MINOR=3 'DEVNAME=../etc/passwd'
	hostile "devtool: S/dev/char/1:3/uevent: DEVNAME '../etc/passwd': path '/dev/../etc/passwd' has a '..' component"
}

@test "a DEVNAME with .. inside is refused" {
	uevent char 1:3 MAJOR=1 MINOR=3 'DEVNAME=a/../../x'
	hostile "devtool: S/dev/char/1:3/uevent: DEVNAME 'a/../../x': path '/dev/a/../../x' has a '..' component"
}

@test "an absolute DEVNAME is refused: devtmpfs names are relative to /dev" {
	uevent char 1:3 MAJOR=1 MINOR=3 'DEVNAME=/etc/passwd'
	hostile "devtool: S/dev/char/1:3/uevent: DEVNAME '/etc/passwd' is absolute: devtmpfs names are relative to /dev"
}

@test "a DEVNAME with an empty component is refused" {
	uevent block 8:0 MAJOR=8 MINOR=0 'DEVNAME=disk//sda'
	hostile "devtool: S/dev/block/8:0/uevent: DEVNAME 'disk//sda' is not a normal name (an empty component, or a trailing slash)"
}

@test "an empty DEVNAME and one with a control character are refused" {
	uevent char 1:3 MAJOR=1 MINOR=3 'DEVNAME='
	hostile "devtool: S/dev/char/1:3/uevent: DEVNAME is empty"
	rm -r S
	uevent char 1:3 MAJOR=1 MINOR=3 $'DEVNAME=a\tb'
	hostile "devtool: S/dev/char/1:3/uevent: DEVNAME 'a?b' holds a control character"
}

@test "a uevent longer than a page is refused, whatever its lines" {
	uevent char 1:3 MAJOR=1 MINOR=3 DEVNAME=null "X=$(head -c 5000 /dev/zero | tr '\0' a)"
	hostile "devtool: S/dev/char/1:3/uevent: longer than a page (4096 bytes): not the kernel's uevent" 1
}

@test "a uevent that is a FIFO is refused without blocking" {
	mkdir -p S/dev/char/1:3 S/dev/block
	mkfifo S/dev/char/1:3/uevent
	hostile "devtool: S/dev/char/1:3/uevent: not a regular file: not the kernel's uevent" 1
}

@test "a DEVMODE that is not an octal mode up to 07777 is refused" {
	uevent char 1:3 MAJOR=1 MINOR=3 DEVNAME=null DEVMODE=0999
	hostile "devtool: S/dev/char/1:3/uevent: DEVMODE '0999' is not an octal mode of at most 07777"
	rm -r S
	uevent char 1:3 MAJOR=1 MINOR=3 DEVNAME=null DEVMODE=017777
	hostile "devtool: S/dev/char/1:3/uevent: DEVMODE '017777' is not an octal mode of at most 07777"
}

@test "MAJOR and MINOR must be the numbers the link is named by" {
	uevent char 1:3 MAJOR=1 MINOR=5 DEVNAME=null
	hostile "devtool: S/dev/char/1:3/uevent: MAJOR=1 MINOR=5, but the link is 1:3"
}

@test "a key given twice, a line without '=' and a NUL byte are refused" {
	uevent char 1:3 MAJOR=1 MINOR=3 DEVNAME=null DEVNAME=zero
	hostile "devtool: S/dev/char/1:3/uevent: DEVNAME given twice"
	rm -r S
	uevent char 1:3 MAJOR=1 MINOR=3 DEVNAME=null garbage
	hostile "devtool: S/dev/char/1:3/uevent: a line without '=': not a uevent file"
	rm -r S
	uevent char 1:3 MAJOR=1 MINOR=3 DEVNAME=null
	printf 'X=\0\n' >>S/dev/char/1:3/uevent
	hostile "devtool: S/dev/char/1:3/uevent: a NUL byte: not a uevent file"
}

@test "a DEVUID past the highest id and a link not named MAJOR:MINOR are refused" {
	uevent char 1:3 MAJOR=1 MINOR=3 DEVNAME=null DEVUID=4294967295
	hostile "devtool: S/dev/char/1:3/uevent: DEVUID '4294967295' is out of range (0-4294967294)"
	rm -r S
	uevent char null MAJOR=1 MINOR=3 DEVNAME=null
	hostile "devtool: S/dev/char/null/uevent: not named MAJOR:MINOR, as the kernel names a device in dev/char and dev/block"
}

@test "two devices the kernel gives one name are refused: list exits 1, apply and diff --kernel 2" {
	uevent char 1:3 MAJOR=1 MINOR=3 DEVNAME=null
	uevent char 1:5 MAJOR=1 MINOR=5 DEVNAME=null
	# which of the two is read first is the directory's order
	hostile_twice() {
		assert_equal "$status" "$1"
		assert_stderr_regex "^devtool: S/dev/char/1:[35]/uevent: /dev/null is also c 1:[35]'s name: two devices of one name"
	}
	run --separate-stderr devtool list --kernel --sysfs S
	hostile_twice 1
	run --separate-stderr devtool apply --kernel --sysfs S --root R
	hostile_twice 2
	assert_not_exists R/dev/null
	run --separate-stderr devtool diff --kernel --sysfs S --kernel --sysfs S
	hostile_twice 2
	assert_output ''
}

@test "--sysfs goes with --kernel, --kernel takes no PATH or TABLE and is one source" {
	run --separate-stderr devtool list --sysfs "$FIX" /dev/null
	assert_usage_error
	assert_stderr_contains "--sysfs goes with --kernel"
	run --separate-stderr devtool list --kernel /dev
	assert_usage_error
	assert_stderr_contains "--kernel lists every node devtmpfs makes: it takes no PATH"
	run --separate-stderr devtool list --kernel --root R
	assert_usage_error
	assert_stderr_contains "--root, --archive, --table and --kernel: one source"
	run --separate-stderr devtool apply --kernel t
	assert_usage_error
	assert_stderr_contains "--kernel makes what sysfs says: it takes no TABLE"
	run --separate-stderr devtool apply --sysfs "$FIX" t
	assert_usage_error
	assert_stderr_contains "--sysfs goes with --kernel"
	run --separate-stderr devtool apply
	assert_usage_error
}

@test "list --kernel on this machine names the same nodes, types and numbers as a fresh devtmpfs" {
	[[ $(id -u) == 0 ]] || skip "needs root to mount a devtmpfs"
	[[ -d /sys/dev/char ]] || skip "no sysfs at /sys"
	mkdir -p root/dev
	# the devtmpfs is the kernel's one instance: udev may have changed
	# modes and owners there, not names or numbers
	run --separate-stderr unshare -m sh -c '
		mount -t devtmpfs devtmpfs root/dev || exit 99
		"$DEVTOOL" diff --only c,b --ignore mode,owner,group --kernel --root root /dev &&
		"$DEVTOOL" list -o json --root root /dev >tree.json'
	[[ $status != 99 ]] || skip "cannot mount a devtmpfs here"
	assert_success
	assert_output ''
	"$DEVTOOL" list -o json --kernel >kernel.json
	jq -r 'select(.type == "c" or .type == "b") | "\(.path) \(.type) \(.major):\(.minor)"' \
		tree.json >tree.txt
	jq -r '"\(.path) \(.type) \(.major):\(.minor)"' kernel.json >kernel.txt
	(($(wc -l <kernel.txt) > 5)) || fail "only $(wc -l <kernel.txt) nodes read from /sys"
	run diff kernel.txt tree.txt
	assert_success
}
