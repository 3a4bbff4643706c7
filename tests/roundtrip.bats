#!/usr/bin/env bats
# devtool list | apply | list round trip: "devtool list", "devtool apply" and
# "Migrating a /dev tree" in devtool(1).  A synthetic tree and the machine's real /dev are
# listed, re-created in another root, listed again, and compared table to table
# and node by node with stat(1) (and readlink(1) for symbolic links).  A
# dialect that cannot hold a type (makedevs a symbolic link, tmpfiles a socket)
# writes it as a comment line, which apply skips: those round trips compare the
# other lines.  Needs CAP_MKNOD: run as root.

load test_helper

# ---------------------------------------------------------------- helpers

assert_same_file() {
	cmp -s "$1" "$2" || fail "$1 and $2 differ:"$'\n'"$(diff "$1" "$2")"
}

# assert_same_entries T T2: T2 is T without its comment lines (what the
# dialect could not hold, which apply therefore did not make).
assert_same_entries() {
	grep -v '^#' "$1" >"$1.entries" || :
	assert_same_file "$1.entries" "$2"
}

kind() {
	case $1 in
	c) echo "character special file" ;;
	b) echo "block special file" ;;
	p) echo "fifo" ;;
	d) echo "directory" ;;
	s) echo "socket" ;;
	l) echo "symbolic link" ;;
	*) echo "?$1" ;;
	esac
}

# compare_node A B TYPE MODE UID GID MAJOR MINOR [TARGET]: the files A
# and B are both exactly what the table line says (type, numbers, mode,
# owner; a symbolic link's target, read without following it).
COMPARED=0
compare_node() {
	local a=$1 b=$2 type=$3 mode=$4 uid=$5 gid=$6 ma=$7 mi=$8 target=${9:-}
	local want sa sb
	[[ $type == [cb] ]] || { ma=0; mi=0; }
	want="$(kind "$type")|$ma|$mi|$(printf '%o' "$((8#$mode))")|$uid|$gid"
	# explicit returns: callers use "|| return", where set -e is off
	sa=$(stat -c '%F|%Hr|%Lr|%a|%u|%g' -- "$a") ||
		{ fail "cannot stat $a"; return 1; }
	sb=$(stat -c '%F|%Hr|%Lr|%a|%u|%g' -- "$b") ||
		{ fail "cannot stat $b"; return 1; }
	[[ $sa == "$want" ]] ||
		{ fail "$a: table says '$want', stat says '$sa'"; return 1; }
	[[ $sb == "$want" ]] ||
		{ fail "$b: table says '$want', stat says '$sb'"; return 1; }
	if [[ $type == l ]]; then
		[[ $(readlink -- "$a") == "$target" && $(readlink -- "$b") == "$target" ]] ||
			{ fail "$a, $b: not both links to '$target'"; return 1; }
	fi
	COMPARED=$((COMPARED + 1))
}

# compare_entries ROOT_A ROOT_B < LINES: for each line PATH TYPE MODE UID
# GID MAJOR MINOR [TARGET] (tab-separated), the files ROOT_A/PATH and
# ROOT_B/PATH are both exactly what it says, as compare_node checks one:
# type, numbers, mode, owner, and a symbolic link's target.  One stat(1)
# a root, not a few processes a node (the real /dev has hundreds); the
# number of lines in COMPARED.
compare_entries() {
	local lines want root got path target
	lines=$(cat)
	COMPARED=0
	want=$(awk -F '\t' -v OFS='|' '
	    BEGIN { k["c"] = "character special file"; k["b"] = "block special file"
		k["p"] = "fifo"; k["d"] = "directory"; k["s"] = "socket"
		k["l"] = "symbolic link" }
	    { kind = ($2 in k) ? k[$2] : "?" $2
	      ma = $6; mi = $7
	      if ($2 != "c" && $2 != "b") { ma = 0; mi = 0 }
	      m = $3; sub(/^0+/, "", m); if (m == "") m = 0
	      print $1, kind, ma, mi, m, $4, $5 }' <<<"$lines")
	for root in "$1" "$2"; do
		got=$(cut -f1 <<<"$lines" | sed "s|^|$root|" | tr '\n' '\0' |
		    xargs -0 stat -c '%n|%F|%Hr|%Lr|%a|%u|%g' --) ||
			{ fail "cannot stat every entry under '$root'"; return 1; }
		got=${got//$'\n'"$root"/$'\n'}
		got=${got#"$root"}
		[[ $got == "$want" ]] || {
			fail "under '$root', stat differs from the table (< table, > stat):"$'\n'"$(diff <(echo "$want") <(echo "$got"))"
			return 1
		}
	done
	while IFS=$'\t' read -r path _ _ _ _ _ _ target; do
		[[ $(readlink -- "$1$path") == "$target" && $(readlink -- "$2$path") == "$target" ]] ||
			{ fail "$1$path, $2$path: not both links to '$target'"; return 1; }
	done < <(awk -F '\t' '$2 == "l"' <<<"$lines")
	COMPARED=$(wc -l <<<"$want")
}

# compare_makedevs TABLE ROOT_A ROOT_B: every line of a makedevs TABLE
# (no ranges) holds for ROOT_A/PATH and ROOT_B/PATH; its comment lines
# (symbolic links) are skipped.
compare_makedevs() {
	local n
	compare_entries "$2" "$3" < <(grep -v '^#' "$1") || return 1
	n=$(grep -vc '^#' "$1")
	[[ $COMPARED -eq $n && $COMPARED -gt 0 ]] ||
		fail "compared $COMPARED nodes of $n"
}

# compare_json JSON_LIST ROOT_A ROOT_B: the same from `list -o json`,
# which gives paths unescaped (for names a makedevs table cannot hold;
# none may hold a tab or a newline).
compare_json() {
	compare_entries "$2" "$3" < <(jq -r '[.path, .type, .mode, .uid, .gid, (.major // 0), (.minor // 0), (.target // "")] | map(tostring) | join("\t")' "$1") ||
		return 1
	[[ $COMPARED -eq $(wc -l <"$1") && $COMPARED -gt 0 ]] ||
		fail "compared $COMPARED nodes of $(wc -l <"$1")"
}

# A synthetic /dev under A: c, b and p nodes with varied modes (set-id
# and sticky bits too) and owners, in nested directories, and a symbolic
# link (which a makedevs table names in a comment).
make_tree() {
	mkdir -p A/dev/input A/dev/snd/by-path/deep A/dev/disk/by-id A/dev/empty
	mknod -m 0666 A/dev/null c 1 3
	mknod -m 0666 A/dev/zero c 1 5
	mknod -m 0600 A/dev/console c 5 1
	mknod -m 0640 A/dev/sda b 8 0
	mknod -m 0640 A/dev/sda1 b 8 1
	mknod -m 0600 A/dev/suid c 10 200
	mknod -m 0600 A/dev/sgid b 7 3
	mknod -m 0600 A/dev/sticky c 1 8
	mknod -m 0000 A/dev/none c 1 9
	mknod -m 0620 A/dev/input/event0 c 13 64
	mknod -m 0660 A/dev/snd/by-path/deep/pcm c 116 300
	mknod -m 0600 A/dev/disk/by-id/big c 4095 1048575
	mknod -m 0600 A/dev/disk/by-id/zero300 b 0 300
	mkfifo -m 0600 A/dev/initctl
	mkfifo -m 0644 A/dev/input/fifo
	chown 0:5 A/dev/console
	chown 0:6 A/dev/sda A/dev/sda1
	chown 1:1 A/dev/input/event0
	chown 65534:65534 A/dev/initctl
	chown 1000:2000 A/dev/snd/by-path/deep/pcm
	chown 4000000000:3 A/dev/input/fifo
	chmod 4755 A/dev/suid
	chmod 2750 A/dev/sgid
	chmod 1777 A/dev/sticky
	chmod 0700 A/dev/snd A/dev/snd/by-path
	chmod 0750 A/dev/disk
	chown 1:2 A/dev/disk/by-id
	echo 'not listed' >A/dev/regular
	ln -s null A/dev/link
}

# Each test works in a directory of its own ("work") holding B and R,
# empty roots to apply into (a --root must exist).
setup() { setup_workdir; mkdir B R; }

# -------------------------------------------------------- synthetic tree

@test "roundtrip: makedevs: list A | apply B | list B gives the same table, node by node" {
	needs_mknod
	make_tree
	run --separate-stderr devtool list --root A /dev
	assert_status 0
	printf '%s\n' "$output" >t
	# 15 nodes and the 4 directories that are not plain 0755 root parents
	[[ $(wc -l <t) -eq 20 ]] || fail "expected 20 lines:"$'\n'"$(cat t)"
	[[ $(grep '^#' t) == "# /dev/link -> null: a symbolic link, which a makedevs table cannot hold" ]] ||
		fail "the link is not named: $(cat t)"
	run --separate-stderr devtool apply --root B t
	assert_status 0
	run --separate-stderr devtool list --root B /dev
	assert_status 0
	printf '%s\n' "$output" >t2
	assert_same_entries t t2
	compare_makedevs t A B
	[[ $COMPARED -eq 19 ]]
}

@test "roundtrip: tmpfiles: the same through -o tmpfiles, odd names included" {
	needs_mknod
	make_tree
	mknod -m 0640 "A/dev/with space" c 1 11
	mknod -m 0640 'A/dev/pct%and\back' c 1 12
	mkfifo -m 0600 "A/dev/input/q'uo\"te"
	run --separate-stderr devtool list -o tmpfiles --root A /dev
	assert_status 0
	printf '%s\n' "$output" >t
	[[ $(wc -l <t) -eq 23 ]] || fail "expected 23 lines:"$'\n'"$(cat t)"
	run --separate-stderr devtool apply --root B t
	assert_status 0
	run --separate-stderr devtool list -o tmpfiles --root B /dev
	assert_status 0
	printf '%s\n' "$output" >t2
	assert_same_file t t2
	devtool list -o json --root A /dev >j
	compare_json j A B
	[[ $COMPARED -eq 23 && $(readlink B/dev/link) == null ]]
	assert_node_exists() { [[ -p $1 || -c $1 ]] || fail "$1 missing"; }
	assert_node_exists "B/dev/with space"
	assert_node_exists 'B/dev/pct%and\back'
	assert_node_exists "B/dev/input/q'uo\"te"
}

@test "roundtrip: tmpfiles carries names with tab, newline, UTF-8 and non-UTF-8 bytes" {
	needs_mknod
	mkdir -p A/dev
	local n names=($'tab\tx' $'nl\nx' $'caf\xc3\xa9' $'bad\xff' 'back\slash')
	for n in "${names[@]}"; do
		mknod -m 0640 "A/dev/$n" c 1 3
	done
	run --separate-stderr devtool list -o tmpfiles --root A /dev
	assert_status 0
	printf '%s\n' "$output" >t
	[[ $(wc -l <t) -eq 5 ]] || fail "expected 5 lines:"$'\n'"$(cat t)"
	run --separate-stderr devtool apply --root B t
	assert_status 0
	run --separate-stderr devtool list -o tmpfiles --root B /dev
	assert_status 0
	printf '%s\n' "$output" >t2
	assert_same_file t t2
	COMPARED=0
	for n in "${names[@]}"; do
		compare_node "A/dev/$n" "B/dev/$n" c 0640 0 0 1 3
	done
	[[ $COMPARED -eq 5 && $(find B/dev -mindepth 1 -printf x) == xxxxx ]] ||
		fail "B/dev: $(ls -A B/dev)"
}

@test "roundtrip: --dirs carries the directories' modes and owners too" {
	needs_mknod
	make_tree
	run --separate-stderr devtool list --dirs --root A /dev
	assert_status 0
	printf '%s\n' "$output" >t
	run --separate-stderr devtool apply --root B t
	assert_status 0
	run --separate-stderr devtool list --dirs --root B /dev
	assert_status 0
	printf '%s\n' "$output" >t2
	assert_same_entries t t2
	compare_makedevs t A B
	[[ $(stat -c '%a %u %g' B/dev/disk/by-id) == "755 1 2" ]]
	[[ $(stat -c '%a' B/dev/snd/by-path) == "700" ]]
	[[ -d B/dev/empty ]] || fail "empty directory not carried"
}

@test "roundtrip: list --dirs of a whole tree (/) applies back, the root's own mode and owner included" {
	needs_mknod
	make_tree
	chmod 0750 A
	chown 3:4 A
	run --separate-stderr devtool list --dirs --root A /
	assert_status 0
	printf '%s\n' "$output" >t
	[[ $(head -n 1 t) == "/"$'\t'"d"$'\t'"0750"$'\t'"3"$'\t'"4"$'\t'* ]] ||
		fail "no entry for the root first: $(head -n 1 t)"
	run --separate-stderr bash -c 'devtool list --dirs --root A / | devtool apply --root B -'
	assert_status 0
	run --separate-stderr devtool list --dirs --root B /
	assert_status 0
	printf '%s\n' "$output" >t2
	assert_same_entries t t2
	[[ $(stat -c '%a %u %g' B) == "750 3 4" ]] || fail "B: $(stat -c '%a %u %g' B)"
	compare_makedevs t A B
}

@test "roundtrip: applying the listed table again changes nothing (ctimes, all unchanged)" {
	needs_mknod
	make_tree
	devtool list --root A /dev >t
	run --separate-stderr devtool apply --root B t
	assert_status 0
	local before
	before=$(cd B && find . -exec stat -c '%n %i %z' {} + | LC_ALL=C sort)
	sleep 0.05
	run --separate-stderr devtool apply -v --root B t
	assert_status 0
	[[ $(printf '%s\n' "$stderr" | tail -n 1) == \
		"devtool: 0 created, 0 replaced, 0 corrected, 19 unchanged, 0 failed" ]] ||
		fail "stderr: $stderr"
	[[ $(cd B && find . -exec stat -c '%n %i %z' {} + | LC_ALL=C sort) == "$before" ]] ||
		fail "second apply changed B"
}

@test "roundtrip: a listed table applied over a drifted copy with -r restores it" {
	needs_mknod
	make_tree
	devtool list --root A /dev >t
	run --separate-stderr devtool apply --root B t
	assert_status 0
	# drift: other numbers, another mode, another owner, one missing
	rm B/dev/null && mknod -m 0666 B/dev/null c 1 7
	chmod 0666 B/dev/console
	chown 3:3 B/dev/sda1
	rm B/dev/initctl
	run --separate-stderr devtool apply -r -v --root B t
	assert_status 0
	[[ $(printf '%s\n' "$stderr" | tail -n 1) == \
		"devtool: 1 created, 1 replaced, 2 corrected, 15 unchanged, 0 failed" ]] ||
		fail "stderr: $stderr"
	devtool list --root B /dev >t2
	assert_same_entries t t2
	compare_makedevs t A B
}

# A /dev's symbolic links and a socket, as a migration must carry them.
make_links() {
	mkdir -p A/dev/pts
	mknod -m 0666 A/dev/pts/ptmx c 5 2
	ln -s /proc/self/fd A/dev/fd
	ln -s /proc/self/fd/0 A/dev/stdin
	ln -s /proc/self/fd/1 A/dev/stdout
	ln -s /proc/self/fd/2 A/dev/stderr
	ln -s /proc/kcore A/dev/core
	ln -s pts/ptmx A/dev/ptmx
	python3 -c 'import socket,sys; socket.socket(socket.AF_UNIX).bind(sys.argv[1])' \
		A/dev/log
	chmod 0666 A/dev/log
}

@test "roundtrip: tmpfiles carries /dev/fd, stdin, stdout, stderr, core and ptmx -> pts/ptmx as L lines (readlink)" {
	needs_mknod
	make_links
	run --separate-stderr devtool list -o tmpfiles --root A /dev
	assert_status 0
	printf '%s\n' "$output" >t
	[[ $(grep -c '^L' t) -eq 6 ]] || fail "expected 6 L lines:"$'\n'"$(cat t)"
	run --separate-stderr devtool apply --root B t
	assert_status 0
	run --separate-stderr devtool list -o tmpfiles --root B /dev
	assert_status 0
	printf '%s\n' "$output" >t2
	assert_same_entries t t2
	devtool list -o json --root A /dev | jq -c 'select(.type != "s")' >j
	compare_json j A B
	[[ $COMPARED -eq 7 ]] || fail "compared $COMPARED"
	[[ ! -e B/dev/log ]] || fail "tmpfiles has no socket, yet B has one"
}

@test "roundtrip: makedevs carries the socket (s) and names the symlinks in comments" {
	needs_mknod
	make_links
	run --separate-stderr devtool list --root A /dev
	assert_status 0
	printf '%s\n' "$output" >t
	[[ $(grep -c '^# .*: a symbolic link, which a makedevs table cannot hold$' t) -eq 6 ]] ||
		fail "expected 6 comment lines:"$'\n'"$(cat t)"
	run --separate-stderr devtool apply --root B t
	assert_status 0
	run --separate-stderr devtool list --root B /dev
	assert_status 0
	printf '%s\n' "$output" >t2
	assert_same_entries t t2
	compare_makedevs t A B
	[[ $COMPARED -eq 2 && $(stat -c '%F %a %u %g' B/dev/log) == "socket 666 0 0" ]] ||
		fail "B/dev/log: $(stat -c '%F %a %u %g' B/dev/log)"
	[[ -z $(find B -type l) ]] || fail "makedevs made links: $(find B -type l)"
}

# --------------------------------------------------------- the real /dev

# list /dev: any error must name the path it is about (a name makedevs
# cannot hold, say); such a node is then missing from the table.  (What
# the dialect cannot hold is a comment line, and a warning.)
list_real_dev() {
	run --separate-stderr devtool list "$@" /dev
	if [[ $status -ne 0 ]]; then
		local l
		while IFS= read -r l; do
			[[ $l == "devtool: "*/dev/* || $l == "devtool: warning: "* ]] ||
				fail "list /dev error that names no path: $l"
		done <<<"$stderr"
		echo "# list $* /dev reported (exit $status): $stderr" >&3
	fi
	[[ -n $output ]] || fail "list /dev printed nothing"
}

# dev_state: every name under /dev, with its type, inode, mode and owner.
# /dev is the machine's and may change while a test reads it: other
# processes add and remove nodes (a terminal comes and goes in /dev/pts;
# the suites run side by side, and completion.bats drives zsh through
# ptys).
dev_state() {
	find /dev -printf '%p %y %i %m %U %G\n' 2>/dev/null | LC_ALL=C sort
}

# steady_dev FUNCTION: runs FUNCTION (stopping at its first failure), in a
# new directory each time, until /dev did not change while it ran, up to
# 5 times: the run that saw a steady /dev decides.  (No timing: the
# condition is /dev itself.)
steady_dev() {
	local try before rc
	for ((try = 1; try <= 5; try++)); do
		mkdir "$BATS_TEST_TMPDIR/try$try" "$BATS_TEST_TMPDIR/try$try/R"
		cd "$BATS_TEST_TMPDIR/try$try" || fail "cannot enter try$try"
		before=$(dev_state)
		set +e
		(
			set -eE
			"$1"
		)
		rc=$?
		set -e
		if [[ $(dev_state) != "$before" ]]; then
			echo "# /dev changed while $1 ran (try $try): run again" >&3
			continue
		fi
		((rc == 0)) || fail "$1 failed (see above)"
		return 0
	done
	fail "/dev changed during each of 5 runs of $1"
}

# dev_found: what find(1) sees under /dev that a listing has, sorted: every
# node, FIFO and socket, and every directory but plain 0755 root parents
# (/dev/shm's 1777).
dev_found() {
	find /dev \( -type c -o -type b -o -type p -o -type s -o \
		\( -type d \( ! -perm 0755 -o ! -uid 0 -o ! -gid 0 \) \) \) 2>/dev/null |
		LC_ALL=C sort
}

real_dev_makedevs() {
	local found links
	found=$(dev_found)
	list_real_dev
	printf '%s\n' "$output" >t
	run --separate-stderr devtool apply --root "$PWD/R" t
	assert_status 0
	run --separate-stderr devtool list --root "$PWD/R" /dev
	assert_status 0
	printf '%s\n' "$output" >t2
	assert_same_entries t t2
	compare_makedevs t "" "$PWD/R"
	echo "# real /dev: $COMPARED nodes compared with stat" >&3
	# the table has what find(1) sees, and a comment line for each
	# symlink (none followed)
	assert_equal "$(grep -v '^#' t | cut -f1)" "$found"
	links=$(find /dev -type l 2>/dev/null | wc -l)
	[[ $links -eq $(grep -c '^# /dev/.* -> .*: a symbolic link, which a makedevs table cannot hold$' t) ]] ||
		fail "find sees $links symlinks under /dev, the table names $(grep -c '^#' t)"
}

@test "roundtrip: the real /dev: list /dev | apply --root R | list --root R /dev is the same" {
	needs_mknod
	steady_dev real_dev_makedevs
}

real_dev_tmpfiles() {
	list_real_dev -o tmpfiles
	printf '%s\n' "$output" >t
	run --separate-stderr devtool apply --root "$PWD/R" t
	assert_status 0
	run --separate-stderr devtool list -o tmpfiles --root "$PWD/R" /dev
	assert_status 0
	printf '%s\n' "$output" >t2
	# the L lines too: /dev/fd, /dev/stdin, /dev/ptmx -> pts/ptmx and the
	# like are carried (a socket is a comment line: tmpfiles has none)
	assert_same_entries t t2
	[[ $(grep -c '^L' t) -eq $(find /dev -type l 2>/dev/null | wc -l) ]] ||
		fail "the table has $(grep -c '^L' t) L lines, find sees $(find /dev -type l | wc -l) symlinks"
	[[ $(grep -c '^#' t) -eq $(find /dev -type s 2>/dev/null | wc -l) ]] ||
		fail "the table names $(grep -c '^#' t) sockets, find sees $(find /dev -type s | wc -l)"
	devtool list -o json /dev | jq -c 'select(.type != "s")' >j
	compare_json j "" "$PWD/R"
	echo "# real /dev (tmpfiles): $COMPARED nodes and links compared with stat and readlink" >&3
}

@test "roundtrip: the real /dev through -o tmpfiles" {
	needs_mknod
	steady_dev real_dev_tmpfiles
}

real_dev_dirs() {
	list_real_dev --dirs
	printf '%s\n' "$output" >t
	run --separate-stderr devtool apply --root "$PWD/R" t
	assert_status 0
	run --separate-stderr devtool list --dirs --root "$PWD/R" /dev
	assert_status 0
	printf '%s\n' "$output" >t2
	assert_same_entries t t2
	compare_makedevs t "" "$PWD/R"
}

@test "roundtrip: the real /dev with --dirs" {
	needs_mknod
	steady_dev real_dev_dirs
}

@test "roundtrip: list -o tmpfiles is read right by systemd-tmpfiles (spaces, UTF-8, symlinks with odd targets)" {
	needs_mknod
	command -v systemd-tmpfiles >/dev/null ||
		skip "systemd-tmpfiles is not installed"
	mkdir -p A/dev B
	mknod "A/dev/sp ace" c 1 3
	mknod "$(printf 'A/dev/\303\274n\303\257')" b 7 1
	mknod -m 0600 A/dev/fifo p
	# an L line's target is the rest of the line to systemd-tmpfiles:
	# spaces, quotes, '#', '%', backslashes, control and non-UTF-8
	# bytes, and a lone '-' (which would mean none)
	ln -s pts/ptmx A/dev/ptmx
	ln -s ' it'\''s "100%" #a\b ' A/dev/odd
	ln -s -- - A/dev/dash
	ln -s $'tab\tnl\nbad\xff' A/dev/ctrl
	run --separate-stderr devtool list -o tmpfiles --root A /dev
	assert_status 0
	printf '%s\n' "$output" > t.conf
	run --separate-stderr systemd-tmpfiles --root="$PWD/B" --create "$PWD/t.conf"
	assert_status 0
	run --separate-stderr devtool list -o tmpfiles --root B /dev
	assert_status 0
	local from_b=$output
	run --separate-stderr devtool list -o tmpfiles --root A /dev
	[[ $output == "$from_b" ]] || fail "systemd-tmpfiles made another tree:"$'\n'"$from_b"$'\n'"want:"$'\n'"$output"
}

@test "roundtrip: the README's /dev migration carries /dev/shm's 1777 without --dirs, and its own diff fails when a directory is lost" {
	needs_mknod
	mkdir -p A/dev/shm A/dev/pts
	chmod 1777 A/dev/shm
	mknod -m 0666 A/dev/null c 1 3
	mknod -m 0666 A/dev/pts/ptmx c 5 2
	ln -s pts/ptmx A/dev/ptmx
	devtool list -o tmpfiles --root A /dev >dev.table
	assert_equal "$(grep shm dev.table)" "$(printf 'd\t/dev/shm\t1777\t0\t0\t-\t-')"
	devtool apply --root B dev.table
	run --separate-stderr bash -c 'devtool list -o tmpfiles --root B /dev | diff - dev.table'
	assert_status 0
	assert_output ""
	assert_equal "$(stat -c %a B/dev/shm)" 1777
	chmod 0755 B/dev/shm
	run --separate-stderr bash -c 'devtool list -o tmpfiles --root B /dev | diff - dev.table'
	assert_status 1
	assert_output --partial "> d	/dev/shm	1777	0	0	-	-"
}
