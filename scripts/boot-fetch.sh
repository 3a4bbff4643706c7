#!/bin/sh
# Fetches what tests/boot.bats boots: the kernel of Debian's
# linux-image-amd64 and busybox-static's busybox.  Each package is only
# downloaded (apt-get download) and the one file taken out of it
# (dpkg-deb), so nothing is installed: no /boot, no initramfs-tools hook,
# no conflict with the busybox package.
#   boot-fetch.sh DIR   leaves DIR/vmlinuz, DIR/busybox and DIR/kernel
#                       (the kernel package's name); a DIR that has them
#                       is left as it is
set -eu

dir=${1:?usage: boot-fetch.sh DIR}
[ -s "$dir/vmlinuz" ] && [ -x "$dir/busybox" ] && [ -s "$dir/kernel" ] &&
	exit 0

# The kernel package the metapackage depends on (linux-image-6.1.0-N-amd64).
kernel_package() {
	apt-cache depends linux-image-amd64 2>/dev/null |
	    awk '$1 == "Depends:" && $2 ~ /^linux-image-/ { print $2; exit }'
}

# download PKG...: into the current directory.  The sandbox user _apt
# may not write here (a private temporary directory): apt as root.
download() {
	apt-get download -qq -o APT::Sandbox::User=root "$@"
}

mkdir -p "$dir"
dir=$(cd "$dir" && pwd)
tmp=$(mktemp -d "$dir/.fetch.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
cd "$tmp"

kernel=$(kernel_package)
if [ -z "$kernel" ] || ! download "$kernel" busybox-static; then
	# no package lists yet, or lists naming a kernel the mirror dropped
	if [ "$(id -u)" -ne 0 ]; then
		echo "boot-fetch: cannot download linux-image-amd64's kernel and busybox-static; run apt-get update as root" >&2
		exit 1
	fi
	rm -f ./*.deb
	apt-get update -qq
	kernel=$(kernel_package)
	[ -n "$kernel" ] || {
		echo "boot-fetch: apt knows no linux-image-amd64" >&2
		exit 1
	}
	download "$kernel" busybox-static
fi

# Only the files needed: the kernel package holds 400 MB of modules.
dpkg-deb --fsys-tarfile "$kernel"_*.deb |
    tar -xO --wildcards './boot/vmlinuz-*' >vmlinuz
dpkg-deb --fsys-tarfile busybox-static_*.deb | tar -xO ./bin/busybox >busybox
if [ ! -s vmlinuz ] || [ ! -s busybox ]; then
	echo "boot-fetch: $kernel or busybox-static lacks its file" >&2
	exit 1
fi
chmod 0644 vmlinuz
chmod 0755 busybox
echo "$kernel" >kernel
mv vmlinuz busybox kernel "$dir"/
