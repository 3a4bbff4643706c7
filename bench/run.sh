#!/bin/bash
# make bench: each figure is devtool against a reference run side by side
# in the same invocation, alternating, best of ROUNDS; the ratio is what
# counts (shared machines are noisy, absolute times lie).
set -eu
cd "$(dirname "$0")/.." || exit 2
DEVTOOL=${DEVTOOL:-$PWD/devtool}
ROUNDS=${ROUNDS:-5}
CC=${CC:-cc}
B=bench
for r in ref_decode ref_mknod peak_rss; do
	[ "$B/$r" -nt "$B/$r.c" ] || $CC -O2 -o "$B/$r" "$B/$r.c"
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

now() { date +%s%N; }

# time_cmd SETUP CMD: nanoseconds for CMD, after running SETUP untimed.
time_cmd() {
	sh -c "$1" >/dev/null 2>&1
	local s e
	s=$(now)
	sh -c "$2" >/dev/null
	e=$(now)
	echo $((e - s))
}

# compare TITLE TARGET SETUP DEVTOOL_CMD REFERENCE_CMD
compare() {
	local title=$1 target=$2 setup=$3 a=$4 b=$5 ta tb best_a='' best_b=''
	for _ in $(seq "$ROUNDS"); do
		ta=$(time_cmd "$setup" "$a")
		tb=$(time_cmd "$setup" "$b")
		[ -z "$best_a" ] || [ "$ta" -lt "$best_a" ] && best_a=$ta
		[ -z "$best_b" ] || [ "$tb" -lt "$best_b" ] && best_b=$tb
	done
	awk -v t="$title" -v a="$best_a" -v b="$best_b" -v g="$target" 'BEGIN {
		r = a / b
		printf "%-58s devtool %8.3f s  reference %8.3f s  ratio %5.2f  (target <= %s) %s\n",
		    t, a / 1e9, b / 1e9, r, g, (r <= g ? "ok" : "OVER")
	}'
}

echo "devtool bench ($(nproc) cores, best of $ROUNDS, alternating)"

# 1. Streaming decode against a minimal C loop.
awk 'BEGIN { srand(1); for (i = 0; i < 1000000; i++)
	printf "%d\n", int(rand() * 4294967296) }' > "$work/values"
compare "decode -f linux - (1,000,000 values) vs C loop" 1.5 true \
	"$DEVTOOL decode -f linux - < $work/values" \
	"$B/ref_decode < $work/values"

# 2. Start-up against /bin/true, 500 runs each from the same shell loop.
compare "encode 300 5 start-up (500 runs) vs /bin/true" 1.3 true \
	"i=0; while [ \$i -lt 500 ]; do $DEVTOOL encode 300 5; i=\$((i+1)); done" \
	"i=0; while [ \$i -lt 500 ]; do /bin/true 300 5; i=\$((i+1)); done"

# 3. Constant memory in the stream modes.
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
	printf "%-58s 1M lines %6s KiB  10M lines %6s KiB  (constant: %s)\n" \
		"$verb - peak RSS" "$r1" "$r10" \
		"$([ "$r10" -le $((r1 + 256)) ] && echo ok || echo GROWS)"
done
rm -f "$work/values10m" "$work/pairs10m"

# 4. mknod --count against a bare mknodat loop (tmpfs).
T=$work/tmpfs
compare "mknod --count 10000 vs bare mknodat loop (tmpfs)" 1.3 \
	"rm -rf $T/a $T/b; mkdir $T/a $T/b" \
	"$DEVTOOL mknod -m 0644 $T/a/n c 240 0 --count 10000" \
	"$B/ref_mknod $T/b n 10000 240"

# 5. 1,000 separate mknod calls against coreutils mknod.
compare "1,000 devtool mknod calls vs coreutils mknod (tmpfs)" 1.0 \
	"rm -rf $T/a $T/b; mkdir $T/a $T/b" \
	"i=0; while [ \$i -lt 1000 ]; do $DEVTOOL mknod -m 0644 $T/a/n\$i c 240 \$i; i=\$((i+1)); done" \
	"i=0; while [ \$i -lt 1000 ]; do mknod -m 0644 $T/b/n\$i c 240 \$i; i=\$((i+1)); done"

# 6. apply of a 100,000-line table against a bare mknodat loop (tmpfs).
awk 'BEGIN { for (i = 0; i < 100000; i++)
	printf "/n/d%d c 0644 0 0 240 %d - - -\n", i, i }' > "$work/table"
awk '{ print $1, $6, $7 }' "$work/table" > "$work/ref-table"
compare "apply 100,000 lines vs bare mknodat loop (tmpfs)" 1.3 \
	"rm -rf $T/a $T/b; mkdir -p $T/a/n $T/b/n" \
	"$DEVTOOL apply --root $T/a $work/table" \
	"$B/ref_mknod $T/b -t $work/ref-table"
rm -rf "$T/a" "$T/b"
r=$(rss "$DEVTOOL apply --root $T/a $work/table")
printf "%-58s %6s KiB\n" "apply 100,000 lines peak RSS" "$r"

# 7. list of a 100,000-node tree against find -exec stat (target: half).
compare "list 100,000 nodes vs find -exec stat" 0.5 true \
	"$DEVTOOL list --root $T/a /n" \
	"find $T/a/n -type c -exec stat -c '%n %F %a %u %g %Hr %Lr' {} +"
