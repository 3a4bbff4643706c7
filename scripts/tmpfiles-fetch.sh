#!/bin/sh
# Fetches what tests/tmpfiles_debian.bats reads: the tmpfiles.d files of
# a few dozen Debian 12 packages.  Each package is only downloaded
# (apt-get download) and its tmpfiles.d files taken out of it (dpkg-deb),
# so nothing is installed.
#   tmpfiles-fetch.sh DIR   leaves DIR/tmpfiles.d/*.conf and DIR/packages
#                           (the packages that had any); a DIR that has
#                           them is left as it is
set -eu

dir=${1:?usage: tmpfiles-fetch.sh DIR}
[ -s "$dir/packages" ] && exit 0

# Packages of Debian 12 that ship tmpfiles.d files (systemd's own, udev's
# static-nodes-permissions.conf, and daemons').
PACKAGES="systemd udev dbus sudo man-db cups-daemon rpcbind lvm2
systemd-timesyncd systemd-resolved systemd-container systemd-journal-remote
systemd-oomd libvirt-daemon-system lxc colord gdm3 polkitd postgresql-common
x11-common openssh-server samba-common-bin apache2 lighttpd nfs-common chrony
dnsmasq-base cryptsetup rsyslog fuse3 kmod screen tpm-udev"

download() {
	# shellcheck disable=SC2086 # one word per package
	apt-get download -qq -o APT::Sandbox::User=root $PACKAGES
}

mkdir -p "$dir"
dir=$(cd "$dir" && pwd)
tmp=$(mktemp -d "$dir/.fetch.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
cd "$tmp"
if ! download; then
	if [ "$(id -u)" -ne 0 ]; then
		echo "tmpfiles-fetch: cannot download the packages; run apt-get update as root" >&2
		exit 1
	fi
	rm -f ./*.deb
	apt-get update -qq
	download
fi
mkdir x out
: >packages
for deb in ./*.deb; do
	rm -rf x && mkdir x
	dpkg-deb --fsys-tarfile "$deb" |
	    tar -x -C x --wildcards './usr/lib/tmpfiles.d/*' './lib/tmpfiles.d/*' \
	    2>/dev/null || :
	found=$(find x -path '*/tmpfiles.d/*' -type f)
	[ -n "$found" ] || continue
	# shellcheck disable=SC2086 # names without spaces
	cp $found out/
	dpkg-deb -f "$deb" Package >>packages
done
[ "$(find out -type f | wc -l)" -ge 20 ] || {
	echo "tmpfiles-fetch: fewer than 20 tmpfiles.d files in the packages" >&2
	exit 1
}
rm -rf "$dir/tmpfiles.d"
mv out "$dir/tmpfiles.d"
mv packages "$dir/"
