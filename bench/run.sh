#!/bin/bash
# make bench: each figure is devtool against a reference run side by side
# in the same invocation, alternating, best of ROUNDS; the ratio is what
# counts (shared machines are noisy, absolute times lie).  Every figure
# prints as
#	NAME: devtool X s, reference Y s, ratio R (target T) ok|OVER
# The reference programs (bench/*.c) are built by make bench.
set -eu
cd "$(dirname "$0")/.." || exit 2
DEVTOOL=${DEVTOOL:-$PWD/devtool}
ROUNDS=${ROUNDS:-5}
B=$PWD/bench
# PLAIN: the same sources built without the hardening flags (Makefile).
PLAIN=$PWD/build/plain/devtool
# FLOOR: a program that only binds devtool's imports (Makefile).
FLOOR=$PWD/build/bench/imports_floor
tools=("$B/ref_decode" "$B/ref_mknod" "$B/peak_rss" "$PLAIN" "$FLOOR")
# BENCH_ONLY=memory (below) needs peak_rss alone
[ "${BENCH_ONLY:-}" = memory ] && tools=("$B/peak_rss")
for t in "${tools[@]}"; do
	if [ ! -x "$t" ]; then
		echo "bench: $t is not built: run make bench" >&2
		exit 2
	fi
done

work=$(mktemp -d /tmp/devtool-bench.XXXXXX)
cleanup() {
	mountpoint -q "$work/tmpfs" 2>/dev/null && umount "$work/tmpfs"
	rm -rf "$work"
}
trap cleanup EXIT INT TERM
# Node creation is measured on tmpfs: the file system, not the disk.
mkdir "$work/tmpfs"
if [ "$(id -u)" -eq 0 ]; then
	mount -t tmpfs -o size=512m,nr_inodes=2m tmpfs "$work/tmpfs"
fi
T=$work/tmpfs

# usec: the time in microseconds, without a fork (bash 5).
usec() { echo "${EPOCHREALTIME/[.,]/}"; }

# time_cmd SETUP CMD: microseconds for CMD, after running SETUP untimed.
# Both run in this shell, so neither side pays for a shell of its own.
time_cmd() {
	local s e
	eval "$1" >/dev/null 2>&1
	s=$(usec)
	eval "$2" >/dev/null
	e=$(usec)
	echo $((e - s))
}

# compare NAME TARGET SETUP DEVTOOL_CMD REFERENCE_CMD, best of ROUNDS
# (or of rounds, when the caller sets it for a short figure); TARGET -
# for a figure that explains another and has none; side names the first
# command where it is not devtool.
compare() {
	local name=$1 target=$2 setup=$3 a=$4 b=$5 ta tb best_a='' best_b=''
	local _
	for _ in $(seq "${rounds:-$ROUNDS}"); do
		ta=$(time_cmd "$setup" "$a")
		tb=$(time_cmd "$setup" "$b")
		if [ -z "$best_a" ] || [ "$ta" -lt "$best_a" ]; then
			best_a=$ta
		fi
		if [ -z "$best_b" ] || [ "$tb" -lt "$best_b" ]; then
			best_b=$tb
		fi
	done
	awk -v n="$name" -v a="$best_a" -v b="$best_b" -v g="$target" \
	    -v s="${side:-devtool}" 'BEGIN {
		r = a / b
		if (g == "-")
			printf "%s: %s %.3f s, reference %.3f s, " \
			    "ratio %.2f (no target)\n", n, s, a / 1e6,
			    b / 1e6, r
		else
			printf "%s: %s %.3f s, reference %.3f s, " \
			    "ratio %.2f (target %s) %s\n", n, s, a / 1e6,
			    b / 1e6, r, g, (r <= g ? "ok" : "OVER")
	}'
}

# same WHAT A B: the two sides did the same work, or the figure is void.
same() {
	if ! cmp -s "$2" "$3"; then
		echo "bench: $1: devtool and the reference disagree" >&2
		exit 1
	fi
}

echo "devtool bench ($(nproc) cores, best of $ROUNDS or $((ROUNDS * 3))," \
    "alternating; load average $(cut -d' ' -f1 /proc/loadavg))"

# 8. make against Debian's MAKEDEV 2.3.1 (scripts/makedev-ref.sh fetches
# it into build/makedev/ without installing it), in directories on tmpfs,
# each pair checked to make the same tree first.  std (36 entries)
# and sd (256 nodes) against the real MAKEDEV, one process start (a
# /bin/true timed alongside) taken off both sides: what is left is the
# work.  generic (5,362 entries) against the real MAKEDEV too: it
# spawns some 16,000 processes and takes 6 to 16 minutes, so it runs
# once (a run that makes it also checks it), as the copy
# makedev-ref.sh pins (majors not from this host's /proc/devices, the
# architecture amd64's), which makes exactly what make generic does.
makedev_bench() {
	if [ "$(id -u)" -ne 0 ]; then
		echo "make vs MAKEDEV: skipped (MAKEDEV chowns: run make bench as root)"
		return 0
	fi
	sh scripts/makedev-ref.sh build/makedev
	local MK=$PWD/build/makedev fresh t_true t_dev t_ref
	fresh="rm -rf $T/a $T/b; mkdir $T/a $T/b"
	# tree DIR: every entry's type, name, mode, owner, numbers and target
	tree() {
		(cd "$1" && find . -exec stat -c '%F %n %a %u %g %t:%T %N' {} + |
		    sort)
	}
	eval "$fresh"
	"$DEVTOOL" make -C "$T/a" std
	(cd "$T/b" && "$MK/sbin/MAKEDEV" std)
	tree "$T/a" >"$work/out-a"
	tree "$T/b" >"$work/out-b"
	same "make std" "$work/out-a" "$work/out-b"
	t_true=$(rounds=$((ROUNDS * 3)) best : /bin/true)
	t_dev=$(rounds=$((ROUNDS * 3)) best "$fresh" "$DEVTOOL make -C $T/a std")
	t_ref=$(rounds=2 best "$fresh" "(cd $T/b && $MK/sbin/MAKEDEV std)")
	less_start "make std vs MAKEDEV std" "$t_dev" "$t_ref" "$t_true"
	# a few milliseconds, where one of scheduling moves the ratio by a
	# third: as many rounds as std's
	t_dev=$(rounds=$((ROUNDS * 3)) best "$fresh" "$DEVTOOL make -C $T/a sd")
	t_ref=$(rounds=1 best "$fresh" "(cd $T/b && $MK/sbin/MAKEDEV sd)")
	less_start "make sd vs MAKEDEV sd (256 nodes, real)" "$t_dev" "$t_ref" \
		"$t_true"
	# generic: MAKEDEV's one run is timed and then compared
	eval "$fresh"
	t_ref=$(time_cmd : "(cd $T/b && PATH=$MK/stub:\$PATH $MK/MAKEDEV generic 2>/dev/null)")
	"$DEVTOOL" make -C "$T/a" generic
	tree "$T/a" >"$work/out-a"
	tree "$T/b" >"$work/out-b"
	same "make generic" "$work/out-a" "$work/out-b"
	ratio "make generic (5,362 entries) vs MAKEDEV generic (real, one run)" \
		"$(best "rm -rf $T/a; mkdir $T/a" "$DEVTOOL make -C $T/a generic")" \
		"$t_ref" 0.001
	rm -rf "$T/a" "$T/b"
}
# less_start NAME DEVTOOL_US REFERENCE_US TRUE_US: the ratio with one
# process start (/bin/true's time) taken off both sides.
less_start() {
	awk -v n="$1" -v a="$2" -v b="$3" -v t="$4" 'BEGIN {
		wa = a - t; wb = b - t; if (wa < 1) wa = 1
		printf "%s, one /bin/true (%.4f s) off both: devtool %.4f s, " \
		    "reference %.3f s, ratio %.5f, %.0fx (target 0.001) %s\n",
		    n, t / 1e6, wa / 1e6, wb / 1e6, wa / wb, wb / wa,
		    (wa / wb <= 0.001 ? "ok" : "OVER")
	}'
}
# best SETUP CMD: the best of ROUNDS of CMD after SETUP, in microseconds.
best() {
	local b='' t _
	for _ in $(seq "${rounds:-$ROUNDS}"); do
		t=$(time_cmd "$1" "$2")
		if [ -z "$b" ] || [ "$t" -lt "$b" ]; then b=$t; fi
	done
	echo "$b"
}
# ratio NAME DEVTOOL_US REFERENCE_US TARGET: compare's line, finer.
ratio() {
	awk -v n="$1" -v a="$2" -v b="$3" -v g="$4" 'BEGIN {
		printf "%s: devtool %.4f s, reference %.3f s, ratio %.5f, %.0fx " \
		    "(target %s) %s\n", n, a / 1e6, b / 1e6, a / b, b / a, g,
		    (a / b <= g ? "ok" : "OVER")
	}'
}
# 7b. Memory per node at 1,000,000 nodes: apply --root, list of the
# tree it made, list --archive of the same table's archive; each the
# peak RSS at 1M less that at 1,000, over the 999,000 nodes between;
# the target is 64 bytes a node beyond the path's own bytes (its
# average length and NUL, which every side must hold).
per_node() {
	awk -v n="$1" -v big="$2" -v small="$3" -v path="$4" 'BEGIN {
		b = (big - small) * 1024 / 999000
		printf "%s: peak RSS %d KiB at 1,000,000 nodes, %d KiB at " \
		    "1,000: %.0f bytes a node, %.0f beyond the path'"'"'s %.1f " \
		    "(target 64) %s\n", n, big, small, b, b - path, path,
		    (b - path <= 64 ? "ok" : "OVER")
	}'
}
memory_bench() {
	local n p ra rl rr
	rss() { "$B/peak_rss" sh -c "$1" 2>&1 >/dev/null | tail -n 1; }
	for n in 1000 1000000; do
		awk -v n="$n" 'BEGIN { for (i = 0; i < n; i++)
			printf "/m/d%d/n%d c 0644 0 0 240 %d - - -\n",
			    i % 1000, i, i % 1048576 }' > "$work/m$n"
	done
	for n in 1000 1000000; do
		rm -rf "$T/m"; mkdir "$T/m"
		ra[n]=$(rss "$DEVTOOL apply --root $T/m $work/m$n")
		rl[n]=$(rss "$DEVTOOL list $T/m")
		rm -rf "$T/m"
		"$DEVTOOL" apply --archive "$work/m.cpio" "$work/m$n"
		rr[n]=$(rss "$DEVTOOL list --archive $work/m.cpio")
	done
	# a path's bytes and NUL, on average; list's are seen from /
	p=$(awk '{ s += length($1) + 1 } END { printf "%.1f", s / NR }' \
		"$work/m1000000")
	per_node "apply --root" "${ra[1000000]}" "${ra[1000]}" "$p"
	per_node "list" "${rl[1000000]}" "${rl[1000]}" "$(awk -v p="$p" \
		-v t="$T" 'BEGIN { printf "%.1f", p + length(t) }')"
	per_node "list --archive" "${rr[1000000]}" "${rr[1000]}" "$p"
	rm -f "$work/m.cpio" "$work/m1000" "$work/m1000000"
}
# 2. Start-up against /bin/true, 500 runs each from the same shell loop,
# and (2b) the price of the hardening: the same start-up against the same
# sources built without the hardening flags (no stack protector, no
# FORTIFY, no CET, relocations bound lazily; build/plain/devtool).  Most
# of what full RELRO costs is at start: every symbol bound before main.
# Then (2c) the floor of the start-up figure: a program hardened as devtool is that
# binds the functions devtool imports and runs nothing (its start-up is
# the dynamic linker's price for them, which full RELRO pays before
# main), against /bin/true; devtool against it is what is left, its own
# start.  Then what does not drift with the machine's load: the page
# faults and resident memory of one start-up against /bin/true's
# (peak_rss -f).
startup_bench() {
	# 0.5 s a side, and noisier than its length says (a start is
	# mostly page faults and scheduling): three times the rounds
	local rounds=$((ROUNDS * 3))
	compare "encode 300 5 start-up (500 runs) vs /bin/true" 1.1 : \
		"i=0; while [ \$i -lt 500 ]; do $DEVTOOL encode 300 5; i=\$((i+1)); done" \
		"i=0; while [ \$i -lt 500 ]; do /bin/true 300 5; i=\$((i+1)); done"
	compare "encode 300 5 start-up (500 runs), hardened vs the same sources unhardened" 1.1 : \
		"i=0; while [ \$i -lt 500 ]; do $DEVTOOL encode 300 5; i=\$((i+1)); done" \
		"i=0; while [ \$i -lt 500 ]; do $PLAIN encode 300 5; i=\$((i+1)); done"
	side=floor compare "start-up floor: a hardened program binding devtool's $(grep -c '^case ' "$FLOOR.c") imported functions and nothing else (500 runs) vs /bin/true" - : \
		"i=0; while [ \$i -lt 500 ]; do $FLOOR 300 5; i=\$((i+1)); done" \
		"i=0; while [ \$i -lt 500 ]; do /bin/true 300 5; i=\$((i+1)); done"
	compare "encode 300 5 start-up (500 runs) vs that floor" - : \
		"i=0; while [ \$i -lt 500 ]; do $DEVTOOL encode 300 5; i=\$((i+1)); done" \
		"i=0; while [ \$i -lt 500 ]; do $FLOOR 300 5; i=\$((i+1)); done"
	echo "encode 300 5 start-up: $("$B/peak_rss" -f "$DEVTOOL" encode 300 5 \
	    2>&1 >/dev/null) minor page faults, $("$B/peak_rss" "$DEVTOOL" \
	    encode 300 5 2>&1 >/dev/null) KiB resident; /bin/true" \
	    "$("$B/peak_rss" -f /bin/true 2>&1 >/dev/null) and" \
	    "$("$B/peak_rss" /bin/true 2>&1)"
}
# BENCH_ONLY=startup: only the start-up figures (2, 2b) and counts.
if [ "${BENCH_ONLY:-}" = startup ]; then
	startup_bench
	exit 0
fi
# BENCH_ONLY=memory: only the memory a node (7b).
if [ "${BENCH_ONLY:-}" = memory ]; then
	memory_bench
	exit 0
fi
# BENCH_ONLY=make: only the make figures (8), which need no other tool.
if [ "${BENCH_ONLY:-}" = make ]; then
	makedev_bench
	exit 0
fi

# 1. Streaming decode against the floor: a read(2) loop that parses and
# formats by hand (bench/ref_decode.c).  Values below 2^32, as "%.0f"
# (mawk's "%d" stops at 2^31 - 1).
awk 'BEGIN { srand(1); for (i = 0; i < 1000000; i++)
	printf "%.0f\n", int(rand() * 4294967296) }' > "$work/values"
"$DEVTOOL" decode -f linux - < "$work/values" > "$work/out-a"
"$B/ref_decode" < "$work/values" > "$work/out-b"
same decode "$work/out-a" "$work/out-b"
rm -f "$work/out-a" "$work/out-b"
# A figure of some 50 ms: three times the rounds, for the same noise.
rounds=$((ROUNDS * 3)) \
compare "decode -f linux - (1,000,000 values) vs read(2) loop" 1.2 : \
	"$DEVTOOL decode -f linux - < $work/values" \
	"$B/ref_decode < $work/values"

# 2. Start-up: startup_bench above.
startup_bench

# 3. apply of a 100,000-line table against a bare mknodat loop (tmpfs).
awk 'BEGIN { for (i = 0; i < 100000; i++)
	printf "/n/d%d c 0644 0 0 240 %d - - -\n", i, i }' > "$work/table"
awk '{ print $1, $6, $7 }' "$work/table" > "$work/ref-table"
mkdir -p "$T/a/n" "$T/b/n"
"$DEVTOOL" apply --root "$T/a" "$work/table"
"$B/ref_mknod" "$T/b" -t "$work/ref-table"
(cd "$T/a/n" && stat -c '%n %A %t %T' -- *) > "$work/out-a"
(cd "$T/b/n" && stat -c '%n %A %t %T' -- *) > "$work/out-b"
same apply "$work/out-a" "$work/out-b"
# Half a second a side, most of it the kernel's (tmpfs, its slab and
# memory cgroup), whose pace drifts from one round to the next: three
# times the rounds, as the short figures.
rounds=$((ROUNDS * 3)) \
compare "apply 100,000 lines vs bare mknodat loop (tmpfs)" 1.1 \
	"rm -rf $T/a $T/b; mkdir -p $T/a/n $T/b/n" \
	"$DEVTOOL apply --root $T/a $work/table" \
	"$B/ref_mknod $T/b -t $work/ref-table"

# 3b. diff of that table against the tree apply made of it, against list
# of the tree: two sources of 100,000 entries, each read whole and sorted
# once, within 1.5 of listing one (README: memory linear in the entries).
rm -rf "$T/a" && mkdir "$T/a"	# a --root must exist
"$DEVTOOL" apply --root "$T/a" "$work/table"
if ! "$DEVTOOL" diff --table "$work/table" --root "$T/a" /n; then
	echo "bench: diff: the tree differs from the table it was made from" >&2
	exit 1
fi
compare "diff of a 100,000-line table against its tree vs list of the tree (tmpfs)" 1.5 : \
	"$DEVTOOL diff --table $work/table --root $T/a /n" \
	"$DEVTOOL list --root $T/a /n"
r=$("$B/peak_rss" sh -c "$DEVTOOL diff --table $work/table --root $T/a /n" 2>&1 >/dev/null | tail -n 1)
r_list=$("$B/peak_rss" sh -c "$DEVTOOL list --root $T/a /n" 2>&1 >/dev/null | tail -n 1)
echo "diff of 100,000 entries against 100,000 peak RSS: $r KiB (list of one side: $r_list KiB)"
rm -rf "$T/a" "$T/b"

# 4. list of 50,000 nodes in 100 directories against find -printf, which
# makes the same system calls and neither sorts nor formats device
# numbers.
mkdir "$T/l"
for d in $(seq 0 99); do
	mkdir "$T/l/d$d"
done
awk 'BEGIN { for (d = 0; d < 100; d++) for (n = 0; n < 500; n++)
	printf "l/d%d/n%d 240 %d\n", d, n, d * 500 + n }' > "$work/list-table"
"$B/ref_mknod" "$T" -t "$work/list-table"
rounds=$((ROUNDS * 3)) \
compare "list 50,000 nodes in 100 directories vs find -printf" 1.1 : \
	"$DEVTOOL list $T/l" \
	"find $T/l -printf '%p %m %U %G\n'"
rm -rf "$T/l"

# 5. mknod --count against a bare mknodat loop (tmpfs).
compare "mknod --count 10000 vs bare mknodat loop (tmpfs)" 1.3 \
	"rm -rf $T/a $T/b; mkdir $T/a $T/b" \
	"$DEVTOOL mknod -m 0644 $T/a/n c 240 0 --count 10000" \
	"$B/ref_mknod $T/b n 10000 240"

# 6. 1,000 separate mknod calls against coreutils mknod.
compare "1,000 devtool mknod calls vs coreutils mknod (tmpfs)" 1.0 \
	"rm -rf $T/a $T/b; mkdir $T/a $T/b" \
	"i=0; while [ \$i -lt 1000 ]; do $DEVTOOL mknod -m 0644 $T/a/n\$i c 240 \$i; i=\$((i+1)); done" \
	"i=0; while [ \$i -lt 1000 ]; do mknod -m 0644 $T/b/n\$i c 240 \$i; i=\$((i+1)); done"
rm -rf "$T/a" "$T/b"

# 6b. Archives without privilege: 100,000 device entries written as newc
# against bsdtar reading the same entries from an mtree spec, and listed
# back against bsdtar -tvf (issue: images without root).
awk 'BEGIN { print "#mtree"; print "./n type=dir mode=0755 uid=0 gid=0 time=0"
	for (i = 0; i < 100000; i++)
		printf "./n/d%d type=char mode=0644 uid=0 gid=0 time=0 " \
		    "device=native,240,%d\n", i, i }' > "$work/spec.mtree"
"$DEVTOOL" apply --archive "$work/a.cpio" "$work/table"
bsdtar --format newc -cf "$work/b.cpio" "@$work/spec.mtree"
"$DEVTOOL" list --archive "$work/a.cpio" > "$work/out-a"
"$DEVTOOL" list --archive "$work/b.cpio" > "$work/out-b"
same "archive newc" "$work/out-a" "$work/out-b"
compare "apply --archive newc, 100,000 entries vs bsdtar @mtree" 1.2 : \
	"$DEVTOOL apply --archive $work/a.cpio $work/table" \
	"bsdtar --format newc -cf $work/b.cpio @$work/spec.mtree"
compare "list --archive of it vs bsdtar -tvf" 1.2 : \
	"$DEVTOOL list --archive $work/a.cpio" \
	"bsdtar -tvf $work/a.cpio"

# 7. Constant memory in the stream modes, and apply's peak.
rss() { "$B/peak_rss" sh -c "$1" 2>&1 >/dev/null | tail -n 1; }
awk 'BEGIN { for (i = 0; i < 10000000; i++) printf "%d\n", i * 4099 }' \
	> "$work/values10m"
head -n 1000000 "$work/values10m" > "$work/values1m"
awk '{ print $1 % 4096, $1 % 1048576 }' "$work/values10m" > "$work/pairs10m"
head -n 1000000 "$work/pairs10m" > "$work/pairs1m"
for verb in decode encode; do
	in=values
	[ "$verb" = encode ] && in=pairs
	r1=$(rss "$DEVTOOL $verb -f linux - < $work/${in}1m")
	r10=$(rss "$DEVTOOL $verb -f linux - < $work/${in}10m")
	echo "$verb - peak RSS: 1M lines $r1 KiB, 10M lines $r10 KiB" \
	    "(constant) $([ "$r10" -le $((r1 + 256)) ] && echo ok || echo GROWS)"
done
rm -f "$work/values10m" "$work/pairs10m"
mkdir -p "$T/a"	# a --root must exist
r=$(rss "$DEVTOOL apply --root $T/a $work/table")
echo "apply 100,000 lines peak RSS: $r KiB"
r=$(rss "$DEVTOOL apply --archive $work/a.cpio $work/table")
echo "apply --archive 100,000 lines peak RSS: $r KiB"
r=$(rss "$DEVTOOL list --archive $work/a.cpio")
echo "list --archive 100,000 entries peak RSS: $r KiB"
# An archive's memory is bounded by the table, not by the nodes its
# ranges make: 16 lines of 65,536 nodes each against the same 16 lines
# of one node each (written through /dev/null, not to the disk).
for i in $(seq 16); do
	echo "/r/d$i/n c 600 0 0 240 0 0 1 65536" >> "$work/ranges"
	echo "/r/d$i/n c 600 0 0 240 0 0 1 1" >> "$work/ranges-ref"
done
r=$(rss "$DEVTOOL apply --archive /dev/null --archive-format newc $work/ranges")
ref=$(rss "$DEVTOOL apply --archive /dev/null --archive-format newc $work/ranges-ref")
echo "apply --archive 1,048,576 nodes (16 range lines) peak RSS: $r KiB," \
    "reference (the 16 lines, a node each) $ref KiB (bounded)" \
    "$([ "$r" -le $((ref + 4096)) ] && echo ok || echo GROWS)"

memory_bench

# 7c. What does not drift with the machine's load: instructions
# (callgrind) and system calls (strace -f -c) of one start-up against
# /bin/true's, and of apply of 100,000 lines in one directory and in
# 1,000 new ones (tests/syscalls.bats holds the counts: 4 system calls
# a new directory, 1 a node).
instr() {
	valgrind --tool=callgrind --callgrind-out-file=/dev/null "$@" \
	    2>&1 >/dev/null | sed -n 's/.*Collected : //p'
}
calls() {
	strace -f -qq -c -o "$work/strace" "$@" >/dev/null
	awk '$NF == "total" { print $4 }' "$work/strace"
}
if command -v valgrind >/dev/null && command -v strace >/dev/null; then
	echo "encode 300 5 start-up: $(instr "$DEVTOOL" encode 300 5)" \
	    "instructions, $(calls "$DEVTOOL" encode 300 5) system calls;" \
	    "/bin/true $(instr /bin/true) instructions, $(calls /bin/true)" \
	    "system calls; R_X86_64_RELATIVE relocations:" \
	    "$(readelf -r "$DEVTOOL" | grep -c R_X86_64_RELATIVE)"
	awk 'BEGIN { for (i = 0; i < 100000; i++)
		printf "/t/d%d/n%d c 0644 0 0 240 %d - - -\n", i % 1000, i, i
	}' | sort > "$work/dirs-table"
	for t in table dirs-table; do
		rm -rf "$T/a"; mkdir -p "$T/a/n"
		i=$(instr "$DEVTOOL" apply --root "$T/a" "$work/$t")
		rm -rf "$T/a"; mkdir -p "$T/a/n"
		c=$(calls "$DEVTOOL" apply --root "$T/a" "$work/$t")
		echo "apply of 100,000 lines$([ $t = table ] && echo \
		    ' in one directory' || echo ' in 1,000 new directories'):" \
		    "$i instructions ($((i / 100000)) a node)," \
		    "$c system calls"
	done
	# The cache lines apply's loop runs through a node (docs/DESIGN.md,
	# "What a node costs"): caches of 16 lines, fully associative, hold
	# none of a node's lines for the next, so each line a node touches
	# is a miss; 20,000 nodes, only the loop (put_one) counted.
	head -n 20000 "$work/table" > "$work/table20k"
	rm -rf "$T/a"; mkdir -p "$T/a/n"
	valgrind --tool=callgrind --cache-sim=yes --I1=1024,16,64 \
	    --D1=1024,16,64 --LL=4194304,16,64 --toggle-collect=put_one \
	    --callgrind-out-file=/dev/null "$DEVTOOL" apply --root "$T/a" \
	    "$work/table20k" 2>&1 >/dev/null | awk '
		/ I +refs:/ { gsub(",", "", $4); ir = $4 }
		/ I1 +misses:/ { gsub(",", "", $4); i1 = $4 }
		/ D1 +misses:/ { gsub(",", "", $4); d1 = $4 }
		END { printf "apply, its loop a node (20,000 nodes, callgrind, " \
		    "16-line caches): %.0f instructions, %.0f code lines, " \
		    "%.0f data lines\n", ir / 20000, i1 / 20000, d1 / 20000 }'
	rm -rf "$T/a"
else
	echo "instruction and system call counts: skipped (valgrind or strace missing)"
fi

# 8. make against MAKEDEV: makedev_bench above.
makedev_bench
