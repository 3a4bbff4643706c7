#!/bin/sh
# make run: a tour of devtool on this machine, read-only except for a
# scratch directory it removes.
set -eu
D=${1:-./devtool}
scratch=$(mktemp -d /tmp/devtool-demo.XXXXXX)
trap 'rm -rf "$scratch"' EXIT INT TERM

say() { printf '\n$ %s\n' "$*"; "$@"; }

say "$D" formats
say "$D" encode 300 5
say "$D" encode -f linux -x 300 5
say "$D" decode -f linux --colon 0x12c05
say "$D" convert -f 8:8 -t linux 0x0103
say "$D" explain -f 16:16 300 5
say "$D" devices -c mem
if "$D" mknod "$scratch/probe" c 1 3 2>/dev/null; then
	say "$D" mknod -v -m 0620 --count 4 --start 1 "$scratch/dev/ttyX" c 4 1 -p
	say "$D" list --root "$scratch" /dev
else
	echo "(no CAP_MKNOD here: skipping the mknod part of the tour)"
fi
say "$D" list --check 8:8 /dev || true
# Images without privilege: a table into a cpio, read back as a spec.
printf '/dev d 755 0 0\n/dev/console c 600 0 5 5 1\n/dev/ttyS c 666 0 5 4 64 0 1 2\n' \
    >"$scratch/dev.table"
say "$D" apply --archive "$scratch/dev.cpio" "$scratch/dev.table"
say "$D" list --archive "$scratch/dev.cpio" -o pseudo
say "$D" list -o oci /dev/null /dev/zero
