#!/usr/bin/env bats
# faker.bats - devtool under fakeroot and pseudo, the LD_PRELOAD fakers
# image builders run their table tools in (buildroot: fakeroot; Yocto:
# pseudo), as an unprivileged user: it behaves as under root, the nodes
# being the faker's (FAKEROOT AND PSEUDO in devtool(1)).  Each case runs
# under both; what stat(1) shows inside the faker's session is checked.
# As root, the fakers run as uid 65534 (setpriv); as another user, as
# that user.  Needs the Debian packages fakeroot and pseudo
# (scripts/deps.sh installs them).

load test_helper

# ---------------------------------------------------------------- helpers

setup() {
	helper_setup
	# Outside bats's 0700 tree, so that uid 65534 reaches it.
	TOP=$(mktemp -d /tmp/devtool-faker.XXXXXX)
	chmod 0755 "$TOP"
	mkdir -p "$TOP/R" "$TOP/R2" "$TOP/run" "$TOP/pseudo" "$TOP/vg"
	chmod 0700 "$TOP/run"
	if [[ $(id -u) == 0 ]]; then
		command -v setpriv >/dev/null || skip "setpriv is not installed"
		AS=(setpriv --reuid=65534 --regid=65534 --clear-groups --)
		chown -R 65534:65534 "$TOP"
	else
		AS=()
	fi
	cd "$TOP" || fail "cannot enter $TOP"
	FAKER=
	SESSION=
	PRE=()
	PSEUDO=(env PSEUDO_PREFIX=/usr PSEUDO_LOCALSTATEDIR="$TOP/pseudo" pseudo)
}

teardown() {
	end_session
	# make check-valgrind reads the logs at the end
	if [[ -n ${VALGRIND_LOGS:-} ]]; then
		cp "$TOP"/vg/*.log "$VALGRIND_LOGS"/ 2>/dev/null || :
	fi
	rm -rf "$TOP"
}

# as_user COMMAND...: runs COMMAND as the unprivileged user, its
# descriptors away from bats's (a daemon it starts outlives it).
as_user() {
	"${AS[@]}" "$@" </dev/null >/dev/null 2>&1 3>&-
}

# use_faker FAKER: skips the test when FAKER is not installed, else
# starts a session of it, which the test's commands share (faked): a
# shell inside FAKER writes the variables it set up for its programs,
# then waits.  (fakeroot -s would cost a second or more a call; pseudo
# runs its program as a child, out of reach of WITHOUT_PROC.)  pseudo
# keeps its database in $TOP/pseudo.
use_faker() {
	local end=$((SECONDS + 120)) keep='^(LD_PRELOAD|LD_LIBRARY_PATH|FAKEROOTKEY|FAKED_MODE|PSEUDO_[A-Z_]*)='

	command -v "$1" >/dev/null ||
		skip "$1 is not installed (the Debian package $1; scripts/deps.sh)"
	FAKER=$1
	set -- "$1" sh -c 'env | grep -E "$3" >"$1.new" && mv "$1.new" "$1" &&
	    echo $$ >"$2" && exec sleep 600' sh "$TOP/session.env" \
		"$TOP/session.pid" "$keep"
	case $1 in
	fakeroot) as_user fakeroot -- "${@:2}" & ;;
	pseudo) as_user "${PSEUDO[@]}" "${@:2}" & ;;
	esac
	SESSION=$!
	# (120 s at most: a busy machine)
	until [[ -s $TOP/session.env && -s $TOP/session.pid ]]; do
		kill -0 "$SESSION" 2>/dev/null && ((SECONDS < end)) ||
			fail "$FAKER did not start"
		sleep 0.01
	done
	mapfile -t SESSION_ENV <"$TOP/session.env"
}

# end_session: the waiting shell ends, and with it fakeroot's daemon;
# pseudo's server is told to go, then waited for, before its files are
# removed.
end_session() {
	local pid end=$((SECONDS + 120))

	[[ -n $FAKER ]] || return 0
	pid=$(cat "$TOP/session.pid" 2>/dev/null) && kill "$pid"
	wait "$SESSION" 2>/dev/null || :
	if [[ $FAKER == pseudo ]]; then
		pid=$(cat "$TOP/pseudo/pseudo.pid" 2>/dev/null) || pid=
		as_user "${PSEUDO[@]}" -S || :
		# a zombie has ended (its reaper may take its time; 120 s
		# at most: a busy machine)
		while [[ -n $pid && $(ps -o stat= -p "$pid") == [^Z]* ]] &&
			((SECONDS < end)); do
			sleep 0.01
		done
	fi
}

# faked FAKER COMMAND...: runs COMMAND in the session of FAKER
# (use_faker) as the unprivileged user, the whole under PRE (a command
# prefix, empty but in one test).  A sanitizer build is told that the
# faker's library comes before its own runtime; leaks are not looked for
# as another user (as in mknod.bats).
faked() {
	[[ $1 == "$FAKER" ]] || fail "faked $1 in a session of ${FAKER:-none}"
	shift
	"${PRE[@]}" "${AS[@]}" env "${SESSION_ENV[@]}" HOME="$TOP" \
		VALGRIND_LOGS="$TOP/vg" \
		ASAN_OPTIONS="${ASAN_OPTIONS:-}:verify_asan_link_order=0:detect_leaks=0" \
		"$@"
}

# T FIELD...: a line of list's output, its fields joined by tabs.
T() {
	local IFS=$'\t'
	echo "$*"
}

# node_in FAKER PATH: the node as stat(1) sees it in FAKER's session:
# type, major, minor, mode, uid, gid.
node_in() { faked "$1" stat -c '%F %Hr %Lr %a %u %g' -- "$2"; }

# A table of every kind apply makes, numbers for owners (the faker's
# user database is not the test's concern).
TABLE='/dev/null c 666 0 0 1 3
/dev/sda b 660 0 6 8 0
/dev/initctl p 620 0 0 - -
/dev/input d 750 0 5 - -
/dev/input/mice c 600 7 8 13 63'

# ------------------------------------------------------------ the cases

# mknod creates the node with exactly the owner and mode asked.
mknod_creates() {
	use_faker "$1"
	faked "$1" mkdir R/dev
	run --separate-stderr faked "$1" "$DEVTOOL" mknod --root R -v \
		-u 7 -g 8 -m 0640 /dev/x c 1 3
	assert_status 0
	assert_output "created /dev/x (c 1:3, mode 0640, owner 7:8)"
	assert_stderr_empty
	[[ $(node_in "$1" R/dev/x) == "character special file 1 3 640 7 8" ]] ||
		fail "in $1's session: $(node_in "$1" R/dev/x)"
	# what the kernel holds is the faker's stand-in
	[[ $(stat -c %F R/dev/x) == "regular empty file" ]]
	assert_no_temp R
}

# mknod -r replaces a node the faker made, and says "replaced".
mknod_replaces() {
	use_faker "$1"
	faked "$1" mkdir R/dev
	faked "$1" "$DEVTOOL" mknod --root R -u 7 -g 8 -m 0644 /dev/x c 1 3
	run --separate-stderr faked "$1" "$DEVTOOL" mknod --root R -v -r \
		-m 0600 /dev/x c 1 5
	assert_status 0
	assert_output "replaced /dev/x (c 1:5, mode 0600, owner 7:8)"
	assert_stderr_empty
	[[ $(node_in "$1" R/dev/x) == "character special file 1 5 600 7 8" ]] ||
		fail "in $1's session: $(node_in "$1" R/dev/x)"
	assert_no_temp R
}

# mknod without -r over a regular file refuses, and the file keeps its
# bytes (fakeroot's own mknod truncates it, "succeeding").  Without
# --root, where the directory is not resolved from a root.
mknod_keeps_file() {
	use_faker "$1"
	faked "$1" mkdir R/dev
	# the user's own file, which fakeroot's mknod could write
	faked "$1" sh -c 'printf "hello\n" >R/dev/f'
	run --separate-stderr faked "$1" "$DEVTOOL" mknod R/dev/f c 1 3
	assert_status 1
	assert_stdout_empty
	[[ $stderr == "devtool: R/dev/f: exists and is a regular file; only device nodes and FIFOs are ever replaced (not even -r, or a tmpfiles '+' or '=', removes it)" ]] ||
		fail "stderr: $stderr"
	[[ $(cat R/dev/f) == hello ]] || fail "R/dev/f now holds: $(cat R/dev/f)"
	[[ $(faked "$1" stat -c %F R/dev/f) == "regular file" ]]
}

# apply makes every entry of the table, parents included.
apply_creates() {
	use_faker "$1"
	printf '%s\n' "$TABLE" >tab
	run --separate-stderr faked "$1" "$DEVTOOL" apply --root R tab
	assert_status 0
	assert_stdout_empty
	assert_stderr_empty
	[[ $(node_in "$1" R/dev/null) == "character special file 1 3 666 0 0" ]]
	[[ $(node_in "$1" R/dev/sda) == "block special file 8 0 660 0 6" ]]
	[[ $(node_in "$1" R/dev/initctl) == "fifo 0 0 620 0 0" ]]
	[[ $(node_in "$1" R/dev/input) == "directory 0 0 750 0 5" ]]
	[[ $(node_in "$1" R/dev/input/mice) == "character special file 13 63 600 7 8" ]]
	assert_no_temp R
}

# list prints what apply made (the faker's nodes are regular files to
# readdir), a real regular file still not; its table, applied to another
# root, lists the same.
list_round_trip() {
	use_faker "$1"
	printf '%s\n' "$TABLE" >tab
	faked "$1" "$DEVTOOL" apply --root R tab
	printf 'text\n' >R/dev/regular
	run --separate-stderr faked "$1" "$DEVTOOL" list --root R --dirs
	assert_status 0
	assert_stderr_empty
	assert_output "$(T /dev d 0755 0 0 - - - - -)
$(T /dev/initctl p 0620 0 0 - - - - -)
$(T /dev/input d 0750 0 5 - - - - -)
$(T /dev/input/mice c 0600 7 8 13 63 - - -)
$(T /dev/null c 0666 0 0 1 3 - - -)
$(T /dev/sda b 0660 0 6 8 0 - - -)"
	printf '%s\n' "$output" >listed
	faked "$1" "$DEVTOOL" apply --root R2 listed
	run --separate-stderr faked "$1" "$DEVTOOL" list --root R2 --dirs
	assert_status 0
	assert_output "$(cat listed)"
}

# apply -n says what it would make, as under root, and makes nothing.
apply_dry_run() {
	use_faker "$1"
	faked "$1" mkdir R/dev
	printf '%s\n' '/dev/null c 666 0 0 1 3' '/dev/sda b 660 0 6 8 0' \
		'/dev/initctl p 620 0 0 - -' '/dev/input/mice c 600 7 8 13 63' >tab
	run --separate-stderr faked "$1" "$DEVTOOL" apply -n --root R tab
	assert_status 0
	assert_output "would create /dev/null (c 1:3, mode 0666, owner 0:0)
would create /dev/sda (b 8:0, mode 0660, owner 0:6)
would create /dev/initctl (p, mode 0620, owner 0:0)
would create directory /dev/input (d, mode 0755)
would create /dev/input/mice (c 13:63, mode 0600, owner 7:8)"
	assert_stderr_empty
	[[ -z $(ls -A R/dev) ]] || fail "R/dev holds: $(ls -A R/dev)"
}

# The lock is the user's own, in $XDG_RUNTIME_DIR, as for any user but
# root: the faker's euid 0 is not root's /run.
lock_is_users() {
	use_faker "$1"
	faked "$1" mkdir R/dev
	faked "$1" "$DEVTOOL" mknod --root R -m 0644 /dev/x c 1 3
	run --separate-stderr faked "$1" env XDG_RUNTIME_DIR="$TOP/run" \
		"$DEVTOOL" mknod --root R -r -m 0600 /dev/x c 1 3
	assert_status 0
	assert_stderr_empty
	[[ $(node_in "$1" R/dev/x) == "character special file 1 3 600 0 0" ]]
	[[ $(stat -c '%F %a' run/devtool.lock) == "regular empty file 600" ]] ||
		fail "no lock file in XDG_RUNTIME_DIR: $(ls -A run)"
}

# Without /proc a mode cannot be changed through the descriptor but by
# fchmodat2, which the faker would not see: refused, as where neither
# exists, not "corrected" behind its back.
no_proc_refused() {
	command -v unshare >/dev/null || skip "unshare is not installed"
	without_proc true 2>/dev/null ||
		skip "cannot mount over /proc/PID/fd in a mount namespace"
	no_valgrind
	use_faker "$1"
	faked "$1" mkdir R/dev
	faked "$1" "$DEVTOOL" mknod --root R -m 0644 /dev/x c 1 3
	PRE=("${WITHOUT_PROC[@]}")
	run --separate-stderr faked "$1" "$DEVTOOL" mknod --root R -r \
		-m 0600 /dev/x c 1 3
	PRE=()
	assert_status 1
	assert_stdout_empty
	[[ $stderr == "devtool: /dev/x: its mode cannot be changed safely: /proc is not mounted, and fchmodat2 would change it unseen by fakeroot or pseudo; left alone" ]] ||
		fail "stderr: $stderr"
	[[ $(node_in "$1" R/dev/x) == "character special file 1 3 644 0 0" ]]
	assert_no_temp R
}

# ---------------------------------------------------------------- fakeroot

@test "mknod under fakeroot creates a node with exactly the owner and mode asked" {
	mknod_creates fakeroot
}

@test "mknod -r under fakeroot replaces a node fakeroot made and says replaced" {
	mknod_replaces fakeroot
}

@test "mknod under fakeroot refuses a regular file without -r and keeps its content" {
	mknod_keeps_file fakeroot
}

@test "apply under fakeroot makes every entry with its owner and mode" {
	apply_creates fakeroot
}

@test "list under fakeroot prints what apply made, and its table makes the same tree" {
	list_round_trip fakeroot
}

@test "apply -n under fakeroot says what it would make and makes nothing" {
	apply_dry_run fakeroot
}

@test "mknod -r under fakeroot locks in XDG_RUNTIME_DIR, not root's /run" {
	lock_is_users fakeroot
}

@test "mknod -r under fakeroot without /proc refuses a mode change fakeroot would not see" {
	no_proc_refused fakeroot
}

# ------------------------------------------------------------------ pseudo

@test "mknod under pseudo creates a node with exactly the owner and mode asked" {
	mknod_creates pseudo
}

@test "mknod -r under pseudo replaces a node pseudo made and says replaced" {
	mknod_replaces pseudo
}

@test "mknod under pseudo refuses a regular file without -r and keeps its content" {
	mknod_keeps_file pseudo
}

@test "apply under pseudo makes every entry with its owner and mode" {
	apply_creates pseudo
}

@test "list under pseudo prints what apply made, and its table makes the same tree" {
	list_round_trip pseudo
}

@test "apply -n under pseudo says what it would make and makes nothing" {
	apply_dry_run pseudo
}

@test "mknod -r under pseudo locks in XDG_RUNTIME_DIR, not root's /run" {
	lock_is_users pseudo
}

@test "mknod -r under pseudo without /proc refuses a mode change pseudo would not see" {
	no_proc_refused pseudo
}

# ----------------------------------------------------------- the detection

@test "a faker's variables without its library loaded change nothing: --root still resolves with openat2" {
	command -v strace >/dev/null || skip "strace is not installed"
	[[ -z ${DEVTOOL_REAL:-} ]] ||
		skip "valgrind answers openat2 itself (ENOSYS), unseen by strace"
	local log=$TOP/strace.log
	# As the unprivileged user: root walks every path, faker or not, to
	# check each step (SECURITY in devtool(1)).
	FAKEROOTKEY=1 PSEUDO_PREFIX=/usr PSEUDO_LOCALSTATEDIR="$TOP/pseudo" \
		run --separate-stderr strace -f -qq -o "$log" -e trace=openat2 \
		"${AS[@]}" "$DEVTOOL" list --root R /
	assert_status 0
	grep -q '^[0-9]* *openat2(' "$log" || fail "no openat2: $(cat "$log")"
}
