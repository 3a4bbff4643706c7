#!/usr/bin/env bats
# The tmpfiles dialect on the files the world writes (devtool(1), "The
# tmpfiles dialect"): the tmpfiles.d files of a few dozen Debian 12
# packages, fetched by scripts/tmpfiles-fetch.sh (network: make
# check-all), are all read; and apply --prefix /dev --boot of them and of
# kmod static-nodes' lines makes the /dev that systemd-tmpfiles-setup-dev
# makes (systemd-tmpfiles --prefix=/dev --create --boot), the z lines of
# udev's static-nodes-permissions.conf amending the nodes of kmod's lines
# read after them (devtool(1), "The tmpfiles dialect": z and Z).

load test_helper

TOP=$BATS_TEST_DIRNAME/..
FETCHED=$TOP/build/tmpfiles-debian

setup_file() {
	sh "$TOP/scripts/tmpfiles-fetch.sh" "$FETCHED"
}

setup() {
	setup_workdir
	needs_mknod
}

# kmod static-nodes --format=tmpfiles over a modules.devname with the
# nodes of Debian 12's kernel modules (the running kernel may have none:
# an overlay gives kmod one, in a mount namespace of its own).
kmod_lines() {
	local top=$PWD/kmodtop rel
	rel=$(uname -r)
	mkdir -p "$top/modules/$rel"
	cat >"$top/modules/$rel/modules.devname" <<-'DEVNAME'
	# Device nodes to trigger on-demand module loading.
	fuse fuse c10:229
	btrfs btrfs-control c10:234
	loop loop-control c10:237
	tun net/tun c10:200
	ppp_generic ppp c108:0
	uinput uinput c10:223
	uhid uhid c10:239
	vhost_net vhost-net c10:238
	vhost_vsock vhost-vsock c10:241
	dm_mod mapper/control c10:236
	cuse cuse c10:203
	snd_timer snd/timer c116:33
	snd_seq snd/seq c116:1
	hci_vhci vhci c10:137
	loop loop0 b7:0
	DEVNAME
	unshare -m sh -c "mount -t overlay overlay -o lowerdir=$top:/usr/lib /usr/lib && kmod static-nodes --format=tmpfiles"
}

# Every entry under DIR but usr and etc, with what stat says of it.
stat_tree() {
	(cd "$1" && find . \( -path ./usr -o -path ./etc \) -prune -o -print |
	    LC_ALL=C sort |
	    xargs stat -c '%n %F %a %u %g %t:%T %N')
}

@test "tmpfiles_debian: every tmpfiles.d file of the fetched Debian 12 packages is read, none refused" {
	local f bad=()
	[ "$(find "$FETCHED/tmpfiles.d" -type f | wc -l)" -ge 20 ]
	for f in "$FETCHED"/tmpfiles.d/*; do
		devtool list --table -o tmpfiles "$f" >/dev/null 2>err ||
			bad+=("$f: $(head -n 1 err)")
	done
	[ ${#bad[@]} -eq 0 ] || fail "refused: ${bad[*]}"
}

@test "tmpfiles_debian: apply --prefix /dev --boot makes the /dev that systemd-tmpfiles --prefix=/dev --create --boot makes of the packages' files and kmod static-nodes, z lines and all" {
	kmod_lines >kmod.conf
	grep -q '^c! /dev/net/tun ' kmod.conf || fail "kmod wrote: $(cat kmod.conf)"
	# the image's users and groups, as Debian 12's (udev makes kvm),
	# which both tools read under their --root
	mkdir -p R1/etc R2/etc R2/usr/lib/tmpfiles.d
	cp /etc/passwd R1/etc/passwd
	{ grep -v '^kvm:' /etc/group; echo 'kvm:x:994:'; } >R1/etc/group
	cp R1/etc/passwd R1/etc/group R2/etc/
	cp "$FETCHED"/tmpfiles.d/* kmod.conf R2/usr/lib/tmpfiles.d/
	run --separate-stderr devtool apply --root R1 --prefix /dev --boot \
	    "$FETCHED"/tmpfiles.d/* kmod.conf
	assert_status 0
	# /dev/kvm: kvm's module has no static node
	assert_equal "$stderr" "devtool: warning: left out 1 line devtool does not create: 1 z (--strict makes each an error)"
	grep -q '^z /dev/snd/seq .* audio' R2/usr/lib/tmpfiles.d/static-nodes-permissions.conf
	run systemd-tmpfiles --root="$PWD/R2" --prefix=/dev --create --boot
	assert_status 0
	stat_tree R1 >a
	stat_tree R2 >b
	[ "$(wc -l <a)" -gt 10 ] || fail "devtool made only: $(cat a)"
	diff a b || fail "the trees differ"
}
