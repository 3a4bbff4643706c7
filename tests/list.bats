#!/usr/bin/env bats
# devtool list: "devtool apply" and DEVICE TABLES in devtool(1).  Trees of real
# nodes are made with mknod(1) and what list prints is checked against them.
# Needs CAP_MKNOD for most tests: run as root.

load test_helper

# ---------------------------------------------------------------- helpers

# Asserts that stdout is exactly the given lines.
assert_lines_exactly() {
	local want
	want=$(printf '%s\n' "$@")
	[[ $output == "$want" ]] ||
		fail "stdout differs:"$'\n'"$(diff <(echo "$want") <(echo "$output"))"
}

# The directory a test made for uid 65534 (nobody_top) goes, whatever
# the test's end.
teardown() {
	if [[ -n ${NOBODY_TOP:-} ]]; then
		nobody_done
	fi
}

# T: makedevs fields joined by tabs.
T() { local IFS=$'\t'; echo "$*"; }

# A small tree under R: nodes, a FIFO, a socket, symlinks (to a node,
# and to a directory of nodes outside /dev, which list must not enter),
# nested directories, and a regular file, which list must not print.
make_tree() {
	mkdir -p R/dev/input R/dev/snd/sub R/elsewhere
	mknod -m 0666 R/dev/null c 1 3
	mknod -m 0660 R/dev/sda b 8 0
	mknod -m 0640 R/dev/sda1 b 8 1
	mknod -m 0600 R/dev/input/mice c 13 63
	mknod -m 0660 R/dev/snd/sub/pcm c 116 300
	mkfifo -m 0620 R/dev/initctl
	chown 1:5 R/dev/sda1
	chown 65534:65534 R/dev/initctl
	chmod 0700 R/dev/snd
	echo text >R/dev/regular
	python3 -c 'import socket,sys; socket.socket(socket.AF_UNIX).bind(sys.argv[1])' \
		R/dev/sock
	chmod 0660 R/dev/sock
	ln -s null R/dev/link-to-node
	mknod -m 0600 R/elsewhere/hidden c 1 7
	ln -s ../elsewhere R/dev/link-to-dir
	ln -s /elsewhere R/dev/abs-link-to-dir
}

# makedevs cannot hold a symbolic link: a comment line names each one.
NO_LINK=": a symbolic link, which a makedevs table cannot hold"
TREE_LINES=(
	"# /dev/abs-link-to-dir -> /elsewhere$NO_LINK"
	"$(T /dev/initctl p 0620 65534 65534 - - - - -)"
	"$(T /dev/input/mice c 0600 0 0 13 63 - - -)"
	"# /dev/link-to-dir -> ../elsewhere$NO_LINK"
	"# /dev/link-to-node -> null$NO_LINK"
	"$(T /dev/null c 0666 0 0 1 3 - - -)"
	"$(T /dev/sda b 0660 0 0 8 0 - - -)"
	"$(T /dev/sda1 b 0640 1 5 8 1 - - -)"
	"$(T /dev/snd d 0700 0 0 - - - - -)"
	"$(T /dev/snd/sub/pcm c 0660 0 0 116 300 - - -)"
	"$(T /dev/sock s 0660 0 0 - - - - -)"
)
# (/dev/snd is 0700: a directory apply would not make as a parent, 0755
# and root's, is listed without --dirs, so that the listing is the tree)
# ... and says so once, on stderr.
NO_LINK_WARNING="devtool: warning: 3 entries that a makedevs table cannot hold are comment lines; -o json holds every type"

# Each test works in an empty directory of its own ("work").
setup() { setup_workdir; }

# ------------------------------------------------------------ makedevs

@test "list: --root R /dev prints every node, FIFO, socket and symlink, sorted, paths from the root" {
	needs_mknod
	make_tree
	run --separate-stderr devtool list --root R /dev
	assert_status 0
	assert_equal "$stderr" "$NO_LINK_WARNING"
	assert_lines_exactly "${TREE_LINES[@]}"
}

@test "list: makedevs names each symlink in a comment line and warns once; -q silences the warning" {
	needs_mknod
	mkdir -p R/dev/pts
	mknod -m 0666 R/dev/pts/ptmx c 5 2
	ln -s /proc/self/fd R/dev/fd
	ln -s /proc/self/fd/0 R/dev/stdin
	ln -s /proc/kcore R/dev/core
	ln -s pts/ptmx R/dev/ptmx
	run --separate-stderr devtool list --root R /dev
	assert_status 0
	assert_lines_exactly \
		"# /dev/core -> /proc/kcore$NO_LINK" \
		"# /dev/fd -> /proc/self/fd$NO_LINK" \
		"# /dev/ptmx -> pts/ptmx$NO_LINK" \
		"$(T /dev/pts/ptmx c 0666 0 0 5 2 - - -)" \
		"# /dev/stdin -> /proc/self/fd/0$NO_LINK"
	assert_equal "$stderr" "devtool: warning: 4 entries that a makedevs table cannot hold are comment lines; -o json holds every type"
	run --separate-stderr devtool -q list --root R /dev/stdin
	assert_status 0
	assert_output "# /dev/stdin -> /proc/self/fd/0$NO_LINK"
	assert_stderr_empty
	run --separate-stderr devtool list --root R /dev/fd
	assert_equal "$stderr" "devtool: warning: 1 entry that a makedevs table cannot hold is a comment line; -o json holds every type"
}

@test "list: the default PATH is /dev; output is deterministic and byte-sorted" {
	needs_mknod
	make_tree
	# many names, created in a scrambled order
	local i
	for i in 17 3 250 9 100 42 1 0 77; do
		mknod -m 0600 "R/dev/tty$i" c 4 "$i"
	done
	mknod -m 0600 R/dev/tty_x c 5 0
	mknod -m 0600 R/dev/Tty c 5 1
	run --separate-stderr devtool list --root R
	assert_status 0
	local first=$output
	# sorted by path, a comment line's too
	[[ $(printf '%s\n' "$output" | sed 's/^# //' | LC_ALL=C sort) == \
		"$(printf '%s\n' "$output" | sed 's/^# //')" ]] ||
		fail "not sorted:"$'\n'"$output"
	[[ $(printf '%s\n' "$output" | wc -l) -eq 22 ]] || fail "$output"
	run --separate-stderr devtool list --root R /dev
	assert_status 0
	[[ $output == "$first" ]] || fail "a second run differs"
	# every path has a leading / and no R prefix
	local l
	while IFS= read -r l; do
		[[ $l == /dev/* || $l == "# /dev/"* ]] || fail "bad path in: $l"
	done <<<"$output"
}

@test "list: symlinks are listed, never followed (to a directory of nodes, or to a node)" {
	needs_mknod
	make_tree
	run --separate-stderr devtool list -o tmpfiles --root R /dev
	assert_status 0
	[[ $output != *hidden* ]] || fail "descended a symlink: $output"
	[[ $output == *$'\n'"$(T L /dev/link-to-dir - - - - ../elsewhere)"$'\n'* ]] ||
		fail "the symlink is not listed as one: $output"
	[[ $output != *regular* ]] || fail "listed a regular file: $output"
	# the nodes the symlinks lead to are there when listed directly
	run --separate-stderr devtool list --root R /elsewhere
	assert_status 0
	assert_lines_exactly "$(T /elsewhere/hidden c 0600 0 0 1 7 - - -)"
}

@test "list: --dirs adds the directories, the operand's own included" {
	needs_mknod
	make_tree
	run --separate-stderr devtool list --dirs --root R /dev
	assert_status 0
	assert_lines_exactly \
		"$(T /dev d 0755 0 0 - - - - -)" \
		"${TREE_LINES[@]:0:2}" \
		"$(T /dev/input d 0755 0 0 - - - - -)" \
		"${TREE_LINES[@]:2:6}" \
		"${TREE_LINES[@]:8:1}" \
		"$(T /dev/snd/sub d 0755 0 0 - - - - -)" \
		"${TREE_LINES[@]:9}"
}

# in_mounts CMD: CMD in a mount namespace of its own where R/dev/pts is
# a new devpts (its ptmx mode 0000, as a live /dev's) and R/dev/shm a
# tmpfs (1777) holding a node, as this boot's live /dev has them.
in_mounts() {
	unshare -m sh -c 'mount -t devpts -o newinstance,ptmxmode=000 devpts \
	    R/dev/pts && mount -t tmpfs -o mode=1777 tmpfs R/dev/shm &&
	    mknod -m 0600 R/dev/shm/boot c 1 5 && exec "$@"' sh "$@"
}

@test "list: -x enters no mount point below PATH: devpts and /dev/shm are directories, their nodes not listed; without it they are" {
	needs_mknod
	unshare -m true 2>/dev/null || skip "no mount namespace (unshare -m)"
	mkdir -p R/dev/pts R/dev/shm
	mknod -m 0666 R/dev/null c 1 3
	run --separate-stderr in_mounts "$DEVTOOL" list -x --dirs --root R /dev
	assert_status 0
	assert_stderr_empty
	assert_lines_exactly "$(T /dev d 0755 0 0 - - - - -)" \
		"$(T /dev/null c 0666 0 0 1 3 - - -)" \
		"$(T /dev/pts d 0755 0 0 - - - - -)" \
		"$(T /dev/shm d 1777 0 0 - - - - -)"
	# without --dirs, a mount point that is a plain parent is left out
	run --separate-stderr in_mounts "$DEVTOOL" list --one-file-system --root R /dev
	assert_lines_exactly "$(T /dev/null c 0666 0 0 1 3 - - -)" \
		"$(T /dev/shm d 1777 0 0 - - - - -)"
	# the walk without -x: this boot's nodes as if they were static
	run --separate-stderr in_mounts "$DEVTOOL" list --root R /dev
	assert_lines_exactly "$(T /dev/null c 0666 0 0 1 3 - - -)" \
		"$(T /dev/pts/ptmx c 0000 0 0 5 2 - - -)" \
		"$(T /dev/shm d 1777 0 0 - - - - -)" \
		"$(T /dev/shm/boot c 0600 0 0 1 5 - - -)"
	# a PATH that is itself a mount point is walked, as find -xdev
	run --separate-stderr in_mounts "$DEVTOOL" list -x --root R /dev/pts
	assert_lines_exactly "$(T /dev/pts/ptmx c 0000 0 0 5 2 - - -)"
}

@test "list: -o oci with -x leaves devpts's mode-0 ptmx out of linux.devices" {
	needs_mknod
	unshare -m true 2>/dev/null || skip "no mount namespace (unshare -m)"
	mkdir -p R/dev/pts R/dev/shm
	mknod -m 0666 R/dev/null c 1 3
	run --separate-stderr in_mounts "$DEVTOOL" list -o oci --root R /dev
	assert_output --partial '"path":"/dev/pts/ptmx"'
	run --separate-stderr in_mounts "$DEVTOOL" list -x -o oci --root R /dev
	assert_status 0
	assert_equal "$(jq -c '[.[].path]' <<<"$output")" '["/dev/null"]'
}

@test "list: -x on this machine's /dev lists no node of devpts or of /dev/shm" {
	mountpoint -q /dev/pts || skip "/dev/pts is not a mount point here"
	run --separate-stderr devtool list -x --dirs -o tmpfiles /dev
	assert_status 0
	assert_line --regexp $'^d\t/dev/pts\t'
	refute_line --regexp $'\t/dev/pts/'
	refute_line --regexp $'\t/dev/shm/'
}

@test "list: -x with --archive or --table is a usage error" {
	: >t
	run --separate-stderr devtool list -x --table t
	assert_usage_error
	assert_stderr_contains "-x keeps a tree walk to one file system: it takes no --archive or --table"
	run --separate-stderr devtool list -x --archive t
	assert_usage_error
}

@test "list: a single node as PATH, with and without --root" {
	needs_mknod
	make_tree
	run --separate-stderr devtool list --root R /dev/sda1
	assert_status 0
	assert_lines_exactly "$(T /dev/sda1 b 0640 1 5 8 1 - - -)"
	run --separate-stderr devtool list "$PWD/R/dev/initctl"
	assert_status 0
	assert_lines_exactly "$(T "$PWD/R/dev/initctl" p 0620 65534 65534 - - - - -)"
}

@test "list: a relative PATH without --root prints an absolute path" {
	needs_mknod
	make_tree
	run --separate-stderr devtool list R/dev/input
	assert_status 0
	assert_lines_exactly "$(T "$PWD/R/dev/input/mice" c 0600 0 0 13 63 - - -)"
}

@test "list: several PATHs are merged into one sorted table" {
	needs_mknod
	make_tree
	run --separate-stderr devtool list --root R /elsewhere /dev/input
	assert_status 0
	assert_lines_exactly \
		"$(T /dev/input/mice c 0600 0 0 13 63 - - -)" \
		"$(T /elsewhere/hidden c 0600 0 0 1 7 - - -)"
}

@test "list: a nonexistent PATH is exit 1 naming it; the others are still listed" {
	needs_mknod
	make_tree
	run --separate-stderr devtool list --root R /dev/nonexistent /dev/input
	assert_status 1
	assert_stderr_contains "/dev/nonexistent"
	assert_lines_exactly "$(T /dev/input/mice c 0600 0 0 13 63 - - -)"
	run --separate-stderr devtool list "$PWD/no/such/dir"
	assert_status 1
	assert_stdout_empty
	assert_stderr_contains "$PWD/no/such/dir"
}

@test "list: a regular file as PATH is an error naming it and the options that read a file" {
	mkdir -p R/dev
	echo x >R/dev/file
	run --separate-stderr devtool list --root R /dev/file
	assert_status 1
	assert_stdout_empty
	assert_equal "$stderr" "devtool: /dev/file: a regular file, not a tree: --table reads a device table, --archive an archive"
}

@test "list: an empty tree prints nothing, exit 0" {
	mkdir -p R/dev/empty
	run --separate-stderr devtool list --root R
	assert_status 0
	assert_stdout_empty
	[[ -z $stderr ]] || fail "stderr: $stderr"
}

@test "list: a missing --root is exit 1 naming it" {
	run --separate-stderr devtool list --root no-such-root
	assert_status 1
	assert_stdout_empty
	assert_stderr_contains "no-such-root"
}

@test "list: --root '' is a usage error naming --root (exit 2)" {
	run --separate-stderr devtool list --root '' /dev
	assert_usage_error
	assert_stderr_contains "--root '' names no directory"
}

@test "list: the largest Linux numbers (4095:1048575) are printed exactly" {
	needs_mknod
	mkdir -p R/dev
	mknod R/dev/max c 4095 1048575 || skip "mknod(1) cannot make 4095:1048575"
	chmod 0600 R/dev/max
	run --separate-stderr devtool list --root R
	assert_status 0
	assert_lines_exactly "$(T /dev/max c 0600 0 0 4095 1048575 - - -)"
}

@test "list: a name makedevs cannot hold (space) is an error naming the path" {
	needs_mknod
	mkdir -p R/dev
	mknod -m 0600 "R/dev/with space" c 1 3
	mknod -m 0600 R/dev/plain c 1 5
	run --separate-stderr devtool list --root R
	assert_status 1
	assert_stderr_contains "/dev/with space"
	assert_lines_exactly "$(T /dev/plain c 0600 0 0 1 5 - - -)"
}

# ------------------------------------------------------------- tmpfiles

@test "list: -o tmpfiles prints TYPE PATH MODE UID GID - MAJOR:MINOR, L lines for symlinks, a comment for a socket" {
	needs_mknod
	make_tree
	run --separate-stderr devtool list -o tmpfiles --root R /dev
	assert_status 0
	assert_lines_exactly \
		"$(T L /dev/abs-link-to-dir - - - - /elsewhere)" \
		"$(T p /dev/initctl 0620 65534 65534 - -)" \
		"$(T c /dev/input/mice 0600 0 0 - 13:63)" \
		"$(T L /dev/link-to-dir - - - - ../elsewhere)" \
		"$(T L /dev/link-to-node - - - - null)" \
		"$(T c /dev/null 0666 0 0 - 1:3)" \
		"$(T b /dev/sda 0660 0 0 - 8:0)" \
		"$(T b /dev/sda1 0640 1 5 - 8:1)" \
		"$(T d /dev/snd 0700 0 0 - -)" \
		"$(T c /dev/snd/sub/pcm 0660 0 0 - 116:300)" \
		"# /dev/sock: a socket, which a tmpfiles table cannot hold"
	assert_equal "$stderr" "devtool: warning: 1 entry that a tmpfiles table cannot hold is a comment line; -o json holds every type"
}

@test "list: -o tmpfiles writes a symlink's target as systemd-tmpfiles reads the rest of the line" {
	mkdir -p R/dev
	ln -s ' it'\''s "100%" a\b ' R/dev/odd
	ln -s -- - R/dev/dash
	ln -s "$CTRL" R/dev/ctrl
	run --separate-stderr devtool list -o tmpfiles --root R
	assert_status 0
	assert_no_control
	assert_lines_exactly \
		"$(T L /dev/ctrl - - - - 'a\x1b[31mb\x0ac\x0dd\x9be\xc2\x9bf')" \
		"$(T L /dev/dash - - - - '\x2d')" \
		"$(T L /dev/odd - - - - '\x20it'\''s "100%%" a\x5cb\x20')"
	assert_stderr_empty
}

@test "list: -o tmpfiles --dirs and escaped odd names" {
	needs_mknod
	mkdir -p R/dev/d
	mknod -m 0600 "R/dev/d/with space" c 1 3
	mknod -m 0600 'R/dev/d/pct%x' c 1 4
	run --separate-stderr devtool list -o tmpfiles --dirs --root R /dev/d
	assert_status 0
	assert_lines_exactly \
		"$(T d /dev/d 0755 0 0 - -)" \
		"$(T c '/dev/d/pct%%x' 0600 0 0 - 1:4)" \
		"$(T c '"/dev/d/with space"' 0600 0 0 - 1:3)"
}

# ----------------------------------------------------------------- json

@test "list: -o json: one object per line, fields path type mode uid gid major minor" {
	needs_mknod
	make_tree
	run --separate-stderr devtool list -o json --root R /dev
	assert_status 0
	assert_stderr_empty
	[[ $(printf '%s\n' "$output" | wc -l) -eq 11 ]] || fail "$output"
	# each line a JSON object of its own, in one jq
	local bad
	bad=$(printf '%s\n' "$output" | jq -rR '. as $l | (try fromjson catch null) as $o |
	    if ($o | type) != "object" then "not JSON: \($l)"
	    elif ($o | has("path") and has("type") and has("mode") and has("uid") and has("gid")) | not
	    then "missing fields: \($l)"
	    elif ($o.type | IN("c", "b")) and
	        (($o.major | type) != "number" or ($o.minor | type) != "number")
	    then "no numbers: \($l)"
	    else empty end') || fail "jq failed on: $output"
	[[ -z $bad ]] || fail "$bad"
	[[ $(printf '%s\n' "$output" | jq -c 'select(.path=="/dev/snd/sub/pcm") | [.type,.mode,.uid,.gid,.major,.minor]') == \
		'["c","0660",0,0,116,300]' ]] || fail "$output"
	[[ $(printf '%s\n' "$output" | jq -c 'select(.path=="/dev/sda1") | [.type,.mode,.uid,.gid,.major,.minor]') == \
		'["b","0640",1,5,8,1]' ]] || fail "$output"
	[[ $(printf '%s\n' "$output" | jq -c 'select(.path=="/dev/initctl") | [.type,.mode,.uid,.gid]') == \
		'["p","0620",65534,65534]' ]] || fail "$output"
	# a symlink has its target, a socket its mode
	[[ $(printf '%s\n' "$output" | grep '"/dev/link-to-node"') == \
		'{"path":"/dev/link-to-node","type":"l","mode":"0777","uid":0,"gid":0,"target":"null"}' ]] ||
		fail "$output"
	[[ $(printf '%s\n' "$output" | grep '"/dev/sock"') == \
		'{"path":"/dev/sock","type":"s","mode":"0660","uid":0,"gid":0}' ]] ||
		fail "$output"
	# sorted like the tables
	[[ $(printf '%s\n' "$output" | jq -r .path | tr '\n' ' ') == \
		"/dev/abs-link-to-dir /dev/initctl /dev/input/mice /dev/link-to-dir /dev/link-to-node /dev/null /dev/sda /dev/sda1 /dev/snd /dev/snd/sub/pcm /dev/sock " ]] ||
		fail "$output"
}

@test "list: -o json escapes odd names (space, quotes, backslash)" {
	needs_mknod
	mkdir -p R/dev
	mknod -m 0600 "R/dev/a \"q\" b\\c" c 1 3
	run --separate-stderr devtool list -o json --root R
	assert_status 0
	[[ $(jq -r .path <<<"$output") == '/dev/a "q" b\c' ]] || fail "$output"
}

@test "list: an unknown -o is a usage error (exit 2), nothing on stdout" {
	mkdir -p R/dev
	run --separate-stderr devtool list -o xml --root R
	assert_status 2
	assert_stdout_empty
	assert_stderr_contains "xml"
}

@test "list: every operand and option with control bytes is quoted with '?' in messages" {
	mkdir -p R/dev
	quoted_error 2 "devtool: unknown output '$CTRL_Q'; valid: makedevs, tmpfiles, mtree, gen_init_cpio, pseudo, json, oci, cgroup, deviceallow, deviceallow-groups, oci-allow" \
		list -o "$CTRL" --root R
	quoted_error 2 "devtool: unknown layout or storage format '$CTRL_Q'; layouts: 8:8 (old), 16:16, 12:20, M:N (8<=M, 8<=N, M+N<=64), linux, glibc, native, osf1, svr4 (solaris), hpux, netbsd, freebsd, bsdos, 386bsd, 4bsd, isc, sco, sunos, svr3, ultrix; storage formats: newc, odc, bin, ustar, gnutar, squashfs, erofs, ext4, ext2-old, cramfs, genext2fs" \
		list --check "$CTRL" --root R
	quoted_error 1 "devtool: --root R$CTRL_Q: No such file or directory" \
		list --root "R$CTRL"
	quoted_error 1 "devtool: /dev/$CTRL_Q: No such file or directory" \
		list --root R "/dev/$CTRL"
	quoted_error 1 "devtool: $PWD/$CTRL_Q: No such file or directory" \
		list "$CTRL"
}

@test "list: a node name with control bytes is named with '?' by makedevs, escaped by tmpfiles and json" {
	needs_mknod
	mkdir -p R/dev
	mknod -m 0600 "R/dev/$CTRL" c 1 3
	quoted_error 1 "devtool: path '/dev/$CTRL_Q' has white space or a control character, which a makedevs table cannot hold; use the tmpfiles dialect" \
		list --root R
	run --separate-stderr devtool list -o tmpfiles --root R
	assert_status 0
	assert_no_control
	assert_output "$(T c '/dev/a\x1b[31mb\x0ac\x0dd\x9be\xc2\x9bf' 0600 0 0 - 1:3)"
	run --separate-stderr devtool list -o json --root R
	assert_status 0
	assert_no_control
	assert_output '{"path":"/dev/a\u001b[31mb\u000ac\u000dd\u009be\u009bf","type":"c","mode":"0600","uid":0,"gid":0,"major":1,"minor":3}'
}

# mkdeep N: N nested directories of 200-byte names below ., the last one
# entered by the caller's shell (cd), which a path could not reach.
D200=$(printf 'd%.0s' {1..200})
mkdeep() {
	local i
	for ((i = 0; i < $1; i++)); do
		mkdir "$D200" && cd "$D200" || return 1
	done
}

@test "list: a tree deeper than PATH_MAX says 'too deep' naming its directory (cut), exit 1, the rest still listed" {
	needs_mknod
	local p= i
	mkdir -p R/dev
	mknod -m 0600 R/dev/top c 1 3
	(cd R/dev && mkdeep 21 && mknod -m 0600 bottom c 1 5) || fail "cannot build the tree"
	# /dev + 20 names: 4024 bytes; one more name would pass 4095
	for ((i = 0; i < 20; i++)); do p+=/$D200; done
	p=/dev$p
	run --separate-stderr devtool list --root R
	assert_status 1
	assert_equal "$stderr" "devtool: ${p:0:64}...${p: -32}: too deep: a path below it would be longer than PATH_MAX (4095 bytes)"
	assert_lines_exactly "$(T /dev/top c 0600 0 0 1 3 - - -)"
}

@test "list: '.' in a working directory deeper than PATH_MAX says so, exit 1, other paths still listed" {
	needs_mknod
	mkdir -p R/dev
	mknod -m 0600 R/dev/top c 1 3
	local top=$PWD
	mkdeep 22 || fail "cannot build the tree"
	run --separate-stderr devtool list . "$top/R/dev"
	assert_status 1
	assert_equal "$stderr" "devtool: .: too deep: the working directory's path is longer than PATH_MAX (4095 bytes)"
	assert_lines_exactly "$(T "$top/R/dev/top" c 0600 0 0 1 3 - - -)"
	cd "$top"
}

@test "list: a relative PATH longer than PATH_MAX once made absolute says so, exit 1" {
	local p
	p=$(printf 'x/%.0s' {1..2100})
	run --separate-stderr devtool list "$p"
	assert_status 1
	assert_equal "$stderr" "devtool: ${p:0:64}...${p: -32}: too long: longer than PATH_MAX (4095 bytes) from /"
}

# --------------------------------------------------------------- --check

check_tree() {
	mkdir -p R/dev
	mknod -m 0600 R/dev/ok c 1 3
	mknod -m 0600 R/dev/minor300 c 8 300
	mknod -m 0600 R/dev/zero300 b 0 300
	mknod -m 0600 R/dev/major4095 c 4095 5
	mknod -m 0600 R/dev/minor70000 c 1 70000
	mkfifo -m 0600 R/dev/fifo
}

@test "list: --check 8:8 lists what 8:8 cannot hold, reason as a trailing '# ...', exit 1" {
	needs_mknod
	check_tree
	run --separate-stderr devtool list --check 8:8 --root R
	assert_status 1
	[[ $(printf '%s\n' "$output" | wc -l) -eq 4 ]] || fail "$output"
	[[ $output =~ (^|$'\n')"$(T /dev/minor300 c 0600 0 0 8 300 - - -)"\ #\ [^$'\n']*300 ]] ||
		fail "minor 300 not listed with a reason: $output"
	[[ $output == *"/dev/major4095"*"# "*"4095"* ]] || fail "$output"
	[[ $output == *"/dev/zero300"*"# "* ]] || fail "$output"
	[[ $output == *"/dev/minor70000"*"# "* ]] || fail "$output"
	[[ $output != *"/dev/ok"* && $output != *"/dev/fifo"* ]] || fail "$output"
	# every line still reads back as a table line
	local l
	while IFS= read -r l; do
		[[ $l == /dev/*$'\t'*' # '* ]] || fail "bad line: $l"
	done <<<"$output"
}

@test "list: --check 16:16 lists the ambiguous 0:300 (aliases 1:44), not 8:300" {
	needs_mknod
	check_tree
	run --separate-stderr devtool list --check 16:16 --root R
	assert_status 1
	local zero
	zero=$(printf '%s\n' "$output" | grep '^/dev/zero300')
	[[ $zero == "$(T /dev/zero300 b 0600 0 0 0 300 - - -) # "* ]] ||
		fail "0:300 not listed: $output"
	[[ $zero == *ambiguous* || $zero == *"1:44"* ]] || fail "reason: $zero"
	# 1:70000 does not fit 16 bits of minor
	[[ $output == *"/dev/minor70000"* ]] || fail "$output"
	[[ $output != *"/dev/minor300"* && $output != *"/dev/major4095"* &&
		$output != *"/dev/ok"* ]] || fail "$output"
}

@test "list: --check linux: 4095 and 70000 are fine, nothing to list, exit 0" {
	needs_mknod
	check_tree
	run --separate-stderr devtool list --check linux --root R
	assert_status 0
	assert_stdout_empty
	[[ -z $stderr ]] || fail "stderr: $stderr"
}

@test "list: --check with -o json adds a problem field" {
	needs_mknod
	check_tree
	run --separate-stderr devtool list --check 8:8 -o json --root R /dev/minor300
	assert_status 1
	[[ $(jq -r '.path + " " + (.problem|type)' <<<"$output") == "/dev/minor300 string" ]] ||
		fail "$output"
}

@test "list: --check with an unknown layout is a usage error (exit 2)" {
	mkdir -p R/dev
	run --separate-stderr devtool list --check 9:3:1 --root R
	assert_status 2
	assert_stdout_empty
	assert_stderr_contains "9:3:1"
}

# ------------------------------------------------- --check STORAGE FORMAT

# Nodes at the edges of the storage formats' limits (the table under
# list --check in devtool(1)).
storage_tree() {
	mkdir -p R/dev
	mknod -m 0600 R/dev/a-ok c 1 3
	mknod -m 0600 R/dev/b-255-255 c 255 255
	mknod -m 0600 R/dev/c-256-0 c 256 0
	mknod -m 0600 R/dev/d-0-256 b 0 256
	mknod -m 0600 R/dev/e-1023-255 b 1023 255
	mknod -m 0600 R/dev/f-1024-0 c 1024 0
	mknod -m 0600 R/dev/g-1-262143 c 1 262143
	mknod -m 0600 R/dev/h-1-262144 c 1 262144
	mknod -m 0600 R/dev/i-4095-1048575 c 4095 1048575
	mkfifo -m 0600 R/dev/j-fifo
}

# R: the makedevs line of a storage_tree node, then " # " and the reason.
R() { echo "$(T "/dev/$1" "$2" 0600 0 0 "$3" "$4" - - -) # $5"; }

# check_prints FORMAT LINE...: list --check FORMAT of R exits 1, says
# nothing on stderr and prints exactly the LINEs.
check_prints() {
	local fmt=$1
	shift
	run --separate-stderr devtool list --check "$fmt" --root R
	assert_status 1
	assert_stderr_empty
	assert_lines_exactly "$@"
}

@test "list: --check odc lists what an odc cpio's 18-bit c_rdev cannot hold, exit 1" {
	needs_mknod
	storage_tree
	local why="c_rdev is 6 octal digits (18 bits) of Linux's makedev"
	check_prints odc \
		"$(R d-0-256 b 0 256 "minor 256 is out of range for odc (0-255): $why")" \
		"$(R f-1024-0 c 1024 0 "major 1024 is out of range for odc (0-1023): $why")" \
		"$(R g-1-262143 c 1 262143 "minor 262143 is out of range for odc (0-255): $why")" \
		"$(R h-1-262144 c 1 262144 "minor 262144 is out of range for odc (0-255): $why")" \
		"$(R i-4095-1048575 c 4095 1048575 "major 4095 is out of range for odc (0-1023): $why")"
}

@test "list: --check ustar: 6 octal digits per field, as libarchive writes them" {
	needs_mknod
	storage_tree
	local why="devmajor and devminor are 6 octal digits, as libarchive writes them"
	check_prints ustar \
		"$(R h-1-262144 c 1 262144 "minor 262144 is out of range for ustar (0-262143): $why")" \
		"$(R i-4095-1048575 c 4095 1048575 "minor 1048575 is out of range for ustar (0-262143): $why")"
}

@test "list: --check bin, cramfs, ext2-old, genext2fs: 8:8, each with its own reason" {
	needs_mknod
	storage_tree
	local fmt why
	for fmt in bin cramfs ext2-old genext2fs; do
		case $fmt in
		bin) why="c_rdev is 16 bits of Linux's makedev" ;;
		cramfs) why="its 24-bit size field is read with the kernel's old_decode_dev" ;;
		ext2-old) why="i_block[0] holds a 16-bit kdev_t (Linux 2.4 and older)" ;;
		genext2fs) why="genext2fs passes major and minor to i_block[0] as one byte each" ;;
		esac
		check_prints "$fmt" \
			"$(R c-256-0 c 256 0 "major 256 is out of range for $fmt (0-255): $why")" \
			"$(R d-0-256 b 0 256 "minor 256 is out of range for $fmt (0-255): $why")" \
			"$(R e-1023-255 b 1023 255 "major 1023 is out of range for $fmt (0-255): $why")" \
			"$(R f-1024-0 c 1024 0 "major 1024 is out of range for $fmt (0-255): $why")" \
			"$(R g-1-262143 c 1 262143 "minor 262143 is out of range for $fmt (0-255): $why")" \
			"$(R h-1-262144 c 1 262144 "minor 262144 is out of range for $fmt (0-255): $why")" \
			"$(R i-4095-1048575 c 4095 1048575 "major 4095 is out of range for $fmt (0-255): $why")"
	done
}

@test "list: --check newc, squashfs, erofs, ext4 hold every node Linux can make: nothing, exit 0" {
	needs_mknod
	storage_tree
	local fmt
	for fmt in newc squashfs erofs ext4; do
		run --separate-stderr devtool list --check "$fmt" --root R
		assert_status 0
		assert_stdout_empty
		assert_stderr_empty
	done
}

# ext4_numbers IMAGE: the same, as debugfs reads them from an ext4 image.
ext4_numbers() {
	local node n
	for node in R/dev/*; do
		[[ -c $node || -b $node ]] || continue
		n=$(debugfs -R "stat ${node#R}" "$1" 2>/dev/null |
			sed -nE 's/.*Device major\/minor number: ([0-9]+):([0-9]+) .*/\1 \2/p')
		set -- "$1" $n
		echo "${node#R} $((10#$2)),$((10#$3))"
	done
}

@test "list: what --check newc, squashfs, ext4 pass, their writers and readers keep exactly" {
	needs_mknod
	storage_tree
	local want tool
	for tool in bsdtar cpio mksquashfs rdsquashfs mke2fs debugfs; do
		command -v "$tool" >/dev/null ||
			fail "$tool is not installed (scripts/deps.sh installs it)"
	done
	want=$(node_numbers)
	assert_equal "$(archive_numbers bsdtar newc | sort)" "$want"
	assert_equal "$(archive_numbers cpio newc | sort)" "$want"
	mksquashfs R sq.img -noappend -quiet >/dev/null
	assert_equal "$(rdsquashfs -l /dev sq.img |
		awk '$1 ~ /^[cb]/ { sub(":", ",", $3); print "/dev/" $NF, $3 }')" "$want"
	mke2fs -q -t ext4 -d R e.img 4M >/dev/null
	assert_equal "$(ext4_numbers e.img)" "$want"
}

@test "list: --check STORAGE with -o json and -o tmpfiles gives the reason as for makedevs" {
	needs_mknod
	storage_tree
	run --separate-stderr devtool list --check odc -o json --root R /dev/f-1024-0
	assert_status 1
	assert_output '{"path":"/dev/f-1024-0","type":"c","mode":"0600","uid":0,"gid":0,"major":1024,"minor":0,"problem":"major 1024 is out of range for odc (0-1023): c_rdev is 6 octal digits (18 bits) of Linux'"'"'s makedev"}'
	run --separate-stderr devtool list --check bin -o tmpfiles --root R /dev/c-256-0
	assert_status 1
	assert_lines_exactly \
		"# major 256 is out of range for bin (0-255): c_rdev is 16 bits of Linux's makedev" \
		"$(T c /dev/c-256-0 0600 0 0 - 256:0)"
}

@test "list: --check names the layouts and the storage formats when the name is neither" {
	mkdir -p R/dev
	run --separate-stderr devtool list --check tarball --root R
	assert_usage_error
	assert_equal "$stderr" "devtool: unknown layout or storage format 'tarball'; layouts: 8:8 (old), 16:16, 12:20, M:N (8<=M, 8<=N, M+N<=64), linux, glibc, native, osf1, svr4 (solaris), hpux, netbsd, freebsd, bsdos, 386bsd, 4bsd, isc, sco, sunos, svr3, ultrix; storage formats: newc, odc, bin, ustar, gnutar, squashfs, erofs, ext4, ext2-old, cramfs, genext2fs"
}

# The "/path major,minor" of every device node of R/dev, from stat(1).
node_numbers() {
	local node
	for node in R/dev/*; do
		if [[ -c $node || -b $node ]]; then
			echo "${node#R} $(stat -c '%Hr,%Lr' "$node")"
		fi
	done
}

# archive_numbers WRITER FORMAT: the "/path major,minor" of every device
# node of R/dev once WRITER (bsdtar or cpio) has put it in an archive of
# FORMAT and bsdtar has read it back.  Nodes only: bsdtar's bin writer
# gives up on a FIFO.
archive_numbers() {
	local writer=$1 fmt=$2 nodes
	mapfile -t nodes < <(cd R && find dev -type c -o -type b)
	case $writer in
	bsdtar) (cd R && bsdtar --format "$fmt" -cf - "${nodes[@]}" 2>/dev/null) ;;
	cpio) (cd R && printf '%s\n' "${nodes[@]}" | cpio -o -H "$fmt" 2>/dev/null) ;;
	esac >"x.$fmt"
	bsdtar -tvf "x.$fmt" | awk '$1 ~ /^[cb]/ { print "/" $NF, $5 }'
}

# An independent writer keeps a node's numbers exactly when --check FMT
# does not list it (bsdtar drops an entry it cannot write; the others
# truncate it).
check_agrees_with() {
	local writer=$1 fmt=$2 listed archived path want kept n_listed=0 n_kept=0
	command -v "$writer" >/dev/null ||
		fail "$writer is not installed (scripts/deps.sh installs it)"
	listed=$("$DEVTOOL" list --check "$fmt" --root R | cut -f1)
	archived=$(archive_numbers "$writer" "$fmt")
	while read -r path want; do
		kept=no
		grep -qxF -- "$path $want" <<<"$archived" && kept=yes
		if grep -qxF -- "$path" <<<"$listed"; then
			((++n_listed))
			[[ $kept == no ]] || fail "$writer $fmt keeps $path $want, yet --check $fmt lists it"
		else
			((++n_kept))
			[[ $kept == yes ]] || fail "$writer $fmt loses $path $want (has: $(grep -F "$path " <<<"$archived")), yet --check $fmt passes it"
		fi
	done < <(node_numbers)
	((n_listed > 0 && n_kept > 0)) || fail "$fmt: $n_listed listed, $n_kept kept: the tree tests nothing"
}

@test "list: --check odc, bin and ustar agree with what bsdtar and GNU cpio actually store" {
	needs_mknod
	storage_tree
	check_agrees_with bsdtar odc
	check_agrees_with bsdtar bin
	check_agrees_with bsdtar ustar
	check_agrees_with cpio odc
	check_agrees_with cpio bin
}

# ----------------------------------------------------------- confinement

@test "list: --root confines symlinks and '..' in PATH: the host's /dev is never listed" {
	mkdir -p R/inside
	ln -s /dev R/dev                      # absolute: /dev inside R is itself
	ln -s ../../../../../../../.. R/up    # relative: stops at R
	local p
	for p in /dev /up/dev /../../../../dev /inside/../../dev; do
		run --separate-stderr devtool list -o tmpfiles --root R "$p"
		assert_status 0
		# the link itself, named as the operand, never what it leads to
		[[ $output == "$(T L "$([[ $p == /up/* ]] && echo /up)/dev" - - - - /dev)" ]] ||
			fail "list --root R $p printed: $output"
		assert_stderr_empty
	done
}

@test "list: a mount point in the tree is walked into like any directory (list only reads; an r entry never enters one)" {
	needs_mknod
	mkdir -p R/dev/pts host
	mknod -m 0620 host/0 c 136 0
	mount --bind host R/dev/pts 2>/dev/null || skip "cannot bind-mount here (needs CAP_SYS_ADMIN)"
	run --separate-stderr devtool list --root R /dev
	umount R/dev/pts
	assert_status 0
	assert_output "$(T /dev/pts/0 c 0620 0 0 136 0 - - -)"
}

@test "list: a symlink operand is listed as the link, not followed; a repeated operand prints once" {
	needs_mknod
	mkdir -p R/dev/real
	mknod R/dev/real/n c 1 3
	ln -s real R/dev/lnk
	run --separate-stderr devtool list -o tmpfiles --dirs --root R /dev/lnk
	assert_status 0
	assert_output "$(T L /dev/lnk - - - - real)"
	assert_stderr_empty
	run --separate-stderr devtool list --root R /dev/real/n /dev/real/n /dev/real
	assert_status 0
	[[ $(printf '%s\n' "$output" | wc -l) -eq 1 ]] || fail "printed: $output"
}

@test "list: devtool's temporaries (private directories, what is in them, mode-0 temporaries) are never listed" {
	needs_mknod
	mkdir -p R/dev
	mknod -m 0666 R/dev/null c 1 3
	# a run's private directory, live or dead, and an older version's
	# mode-0 temporaries
	mkdir -m 0700 R/dev/.devtool.4194304.0 "R/dev/.devtool.$$.1"
	mknod -m 0 R/dev/.devtool.4194304.0/n c 1 3
	mknod -m 0644 "R/dev/.devtool.$$.1/n" c 1 5
	mknod -m 0 R/dev/.devtool.4194304.2 c 1 7
	mkfifo -m 0 R/dev/.devtool.4194304.3
	# what only looks like one is listed
	mknod -m 0640 R/dev/.devtool.4194304.4 c 1 9
	mkdir -m 0755 R/dev/.devtool.4194304.5
	mknod -m 0 R/dev/.devtool.x c 1 11
	run --separate-stderr devtool list --root R /dev
	assert_status 0
	assert_lines_exactly \
		"$(T /dev/.devtool.4194304.4 c 0640 0 0 1 9 - - -)" \
		"$(T /dev/.devtool.x c 0000 0 0 1 11 - - -)" \
		"$(T /dev/null c 0666 0 0 1 3 - - -)"
	run --separate-stderr devtool list --dirs --root R /dev
	assert_status 0
	assert_lines_exactly \
		"$(T /dev d 0755 0 0 - - - - -)" \
		"$(T /dev/.devtool.4194304.4 c 0640 0 0 1 9 - - -)" \
		"$(T /dev/.devtool.4194304.5 d 0755 0 0 - - - - -)" \
		"$(T /dev/.devtool.x c 0000 0 0 1 11 - - -)" \
		"$(T /dev/null c 0666 0 0 1 3 - - -)"
}

@test "list: --dirs shows what a user named like devtool's temporaries, and what is in it; only what devtool makes there is hidden" {
	needs_mknod
	nobody_top
	local R=$NOBODY_TOP/R dead=4194304
	mkdir -p "$R/dev"
	chmod 0777 "$R/dev"
	# uid 65534's own, named and moded as devtool's, hiding a FIFO
	as_nobody sh -c 'cd "$1" && mkdir -m 0700 .devtool.1.1 &&
	    mkfifo -m 0600 .devtool.1.1/backdoor && mkfifo -m 0 .devtool.1.2' sh "$R/dev"
	# a killed run's private directory, as devtool makes it: hidden
	mkdir -m 0700 "$R/dev/.devtool.$dead.3"
	mknod -m 0 "$R/dev/.devtool.$dead.3/n" c 1 3
	# root's, but holding a name no run makes there: not devtool's
	mkdir -m 0700 "$R/dev/.devtool.$dead.4"
	mknod -m 0600 "$R/dev/.devtool.$dead.4/kept" c 1 5
	run --separate-stderr devtool list --dirs --root "$R" /dev
	assert_status 0
	assert_stderr_empty
	assert_lines_exactly \
		"$(T /dev d 0777 0 0 - - - - -)" \
		"$(T /dev/.devtool.1.1 d 0700 65534 65534 - - - - -)" \
		"$(T /dev/.devtool.1.1/backdoor p 0600 65534 65534 - - - - -)" \
		"$(T /dev/.devtool.1.2 p 0000 65534 65534 - - - - -)" \
		"$(T "/dev/.devtool.$dead.4" d 0700 0 0 - - - - -)" \
		"$(T "/dev/.devtool.$dead.4/kept" c 0600 0 0 1 5 - - -)"
	# root's, which uid 65534 cannot read, are judged by owner and mode;
	# its own that look like a run's are its own runs' to it
	rm "$R/dev/.devtool.1.1/backdoor"
	run --separate-stderr as_nobody "$DEVTOOL" list --dirs --root "$R" /dev
	assert_status 0
	assert_stderr_empty
	assert_lines_exactly "$(T /dev d 0777 0 0 - - - - -)"
}

@test "list: --table --check names a table's bad line by file:line, exit 2" {
	printf '/dev/null c 666 0 0 1 3\n/dev/x q 1\n' >bad.t
	run --separate-stderr devtool list --table --check 8:8 bad.t
	assert_status 2
	assert_equal "$stderr" "devtool: bad.t:2: type 'q' is not one of c b p d f s F r l"
}

# ------------------------------------------------------------ device rules
# list -o with the rule dialects (devtool(1), DEVICE RULES).

@test "list -o cgroup of a tree prints one rule a number and names five entries that are not devices, then counts the rest" {
	needs_mknod
	make_tree
	mknod -m 0600 R/dev/null2 c 1 3	# the same number: one rule
	run --separate-stderr devtool list -o cgroup --root R
	assert_status 0
	assert_lines_exactly "b 8:0 rwm" "b 8:1 rwm" "c 1:3 rwm" "c 13:63 rwm" \
		"c 116:300 rwm"
	assert_equal "$stderr" "devtool: warning: /dev/abs-link-to-dir -> /elsewhere: a symbolic link, not a device, is left out of the cgroup rules
devtool: warning: /dev/initctl: a FIFO, not a device, is left out of the cgroup rules
devtool: warning: /dev/link-to-dir -> ../elsewhere: a symbolic link, not a device, is left out of the cgroup rules
devtool: warning: /dev/link-to-node -> null: a symbolic link, not a device, is left out of the cgroup rules
devtool: warning: /dev/snd: a directory, not a device, is left out of the cgroup rules
devtool: warning: 1 more entry that is not a device is left out of the cgroup rules"
}

@test "list --table -o cgroup allows a range node by node, and a range of minors 0 to 255 as its major" {
	printf '%s\n' '/dev/ttyS c 660 0 20 4 64 0 1 4' \
		'/dev/sd b 660 0 6 8 0 0 1 256' '/dev/null c 666 0 0 1 3' >t
	run --separate-stderr devtool list --table t -o cgroup
	assert_status 0
	assert_stderr_empty
	assert_lines_exactly "b 8:* rwm" "c 1:3 rwm" "c 4:64 rwm" "c 4:65 rwm" \
		"c 4:66 rwm" "c 4:67 rwm"
}

@test "list --table -o cgroup names an entry that is not a device by file:line and writes nothing, unless --lossy" {
	printf '%s\n' '/dev d 755 0 0 - - - - -' '/dev/null c 666 0 0 1 3' >t
	run --separate-stderr devtool list --table t -o cgroup
	assert_status 2
	assert_output ""
	assert_equal "$stderr" "devtool: t:1: /dev: a directory, not a device, has no cgroup rule
devtool: 1 entry with no cgroup rule; nothing was written (--lossy writes the others' rules)"
	run --separate-stderr devtool list --table t -o cgroup --lossy
	assert_status 0
	assert_output "c 1:3 rwm"
	assert_equal "$stderr" "devtool: warning: t:1: /dev: a directory, not a device, has no cgroup rule"
}

@test "list --table -o deviceallow doubles a %, and names each path a unit file cannot hold" {
	printf '%s\n' '#mtree' \
		'./dev/a%b type=char mode=0600 uid=0 gid=0 device=native,1,3' \
		'./dev/a\040b type=char mode=0600 uid=0 gid=0 device=native,1,5' \
		'./tmp/x type=char mode=0600 uid=0 gid=0 device=native,1,7' \
		'./dev/x\377 type=char mode=0600 uid=0 gid=0 device=native,1,8' \
		'./dev/q\042uote type=char mode=0600 uid=0 gid=0 device=native,1,9' \
		'./dev/caf\303\251 type=char mode=0600 uid=0 gid=0 device=native,1,10' >t
	run --separate-stderr devtool list --table t -o deviceallow --lossy
	assert_status 0
	assert_lines_exactly "DeviceAllow=/dev/a%%b rwm" "DeviceAllow=/dev/café rwm"
	# in the order of the rules: by path
	assert_equal "$stderr" "devtool: warning: t:3: /dev/a b: white space or a control character, which a DeviceAllow= path cannot hold
devtool: warning: t:6: /dev/q\"uote: a quote or a backslash, which systemd versions read differently in DeviceAllow=
devtool: warning: t:5: /dev/x?: not UTF-8, which systemd refuses in a unit file
devtool: warning: t:4: /tmp/x: not under /dev, where systemd takes DeviceAllow= paths"
	command -v systemd-analyze >/dev/null || skip "systemd-analyze is not installed"
	printf '[Service]\nExecStart=/bin/true\n%s\n' "$output" >u.service
	run systemd-analyze verify ./u.service
	refute_output --partial "u.service:"
}

@test "list -o oci-allow of nothing denies every device" {
	: >empty
	run --separate-stderr devtool list --table empty -o oci-allow
	assert_status 0
	assert_stderr_empty
	assert_lines_exactly "[" '{"allow":false,"access":"rwm"}' "]"
}

@test "list -o deviceallow of /dev writes lines systemd-analyze verify takes" {
	command -v systemd-analyze >/dev/null || skip "systemd-analyze is not installed"
	devtool list -o deviceallow /dev 2>/dev/null >lines
	[ -s lines ] || fail "no device node in /dev"
	{ printf '[Service]\nExecStart=/bin/true\n'; cat lines; } >u.service
	run systemd-analyze verify ./u.service
	refute_output --partial "u.service:"
}

@test "list -i with a rule dialect is a usage error naming the dialects it reads, as apply -i" {
	: >t
	quoted_error 2 "devtool: -i cgroup: cgroup rules are written only (list -o, make -o), never read; valid: makedevs, tmpfiles, mtree, gen_init_cpio, pseudo, json, oci" \
		list --table -i cgroup t
	quoted_error 2 "devtool: -i oci-allow: oci-allow rules are written only (list -o, make -o), never read; valid: makedevs, tmpfiles, mtree, gen_init_cpio, pseudo, json, oci" \
		apply -i oci-allow t
	quoted_error 2 "devtool: unknown input 'xml'; valid: makedevs, tmpfiles, mtree, gen_init_cpio, pseudo, json, oci" \
		list --table -i xml t
}

@test "list --check with a rule dialect is a usage error: a rule has no room for the reason" {
	quoted_error 2 "devtool: --check prints each node with its reason, which deviceallow rules cannot hold" \
		list --check kernel -o deviceallow /dev/null
}

# devtool(1), DEVICE RULES: a driver's group (char-mem, char-misc) is
# written only when the nodes are every minor of it; /dev/null and
# /dev/fuse alone are each allowed by path, as the README shows, and
# --widen writes the groups with a warning naming what they add.
@test "list -o deviceallow-groups /dev/null /dev/fuse: each by path, no char-mem (which is /dev/mem too); --widen the groups, warned" {
	needs_mknod
	mkdir -p R/dev
	mknod -m 0666 R/dev/null c 1 3
	mknod -m 0666 R/dev/fuse c 10 229
	run --separate-stderr devtool list -o deviceallow-groups --root R /dev/null /dev/fuse
	assert_status 0
	assert_stderr_empty
	assert_output "DeviceAllow=/dev/fuse rwm
DeviceAllow=/dev/null rwm"
	run --separate-stderr devtool list -o deviceallow-groups --widen --root R /dev/null /dev/fuse
	assert_status 0
	assert_output "DeviceAllow=char-mem rwm
DeviceAllow=char-misc rwm"
	assert_equal "$stderr" "devtool: warning: --widen: DeviceAllow=char-mem rwm also allows what no node listed is: c 1:0-2,4-255, and every minor above 255 of those majors
devtool: warning: --widen: DeviceAllow=char-misc rwm also allows what no node listed is: c 10:0-228,230-255, and every minor above 255 of those majors"
}
