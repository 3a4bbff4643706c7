#!/usr/bin/env bats
# makedev_names.bats - devtool make knows every name and group Debian 12's
# MAKEDEV 2.3.1 accepts, and makes what it makes of each (devtool(1),
# make and DEVICE REGISTRY).  The names are those of MAKEDEV's own script,
# its alias table and its main case, each pattern expanded
# (scripts/makedev-names.sh); what MAKEDEV makes of each, asked alone, is
# recorded in tests/fixtures/makedev-2.3.1.xz, so that this suite needs
# no network (make.bats checks the record against MAKEDEV itself).

load test_helper

FIXTURE=$BATS_TEST_DIRNAME/fixtures/makedev-2.3.1.xz

# The record as devtool make -o tmpfiles writes entries, one line each,
# prefixed with the name asked: NAME<TAB>TYPE PATH MODE UID GID - ARG,
# owner and group names as this host's ids; a path made twice is what
# the last making left, as on disk.  Names MAKEDEV made nothing of have
# a line NAME<TAB>- alone.  Only the names MAKEDEV accepts: it exited 0
# and said nothing on standard error, or only that a part is not for
# this architecture (generic-m68k and generic-powerpc, whose adb is
# not); not those it said it does not know how to make, nor those with
# a number mknod(1) refuses (scd08: it reads 08 as octal), which the
# real MAKEDEV fails to make.
setup_file() {
	local ids=$BATS_FILE_TMPDIR/ids
	{
		getent group | awk -F: '{ print "g", $1, $3 }'
		getent passwd | awk -F: '{ print "u", $1, $3 }'
	} >"$ids"
	xz -dc "$FIXTURE" | awk -v ids="$ids" '
	BEGIN {
		while ((getline l < ids) > 0) {
			split(l, f, " ")
			id[f[1] f[2]] = f[3]
		}
	}
	{
		t = index($0, "\t")
		name = substr($0, 1, t - 1)
		split(substr($0, t + 1), w, /[ \t]+/)
		if (!(name in seen)) {
			seen[name] = 1
			order[++n] = name
		}
	}
	w[1] == "status" {
		ok[name] = w[2] == 0 && $0 !~ /know how to make device/
		warned[name] = w[3] == "warned:"
		next
	}
	# mknod(1) reads a number as C does: 08 is no octal number
	w[1] == "create" && (w[4] ~ /^0[0-9]*[89]/ || w[5] ~ /^0[0-9]*[89]/) {
		ok[name] = 0
	}
	w[1] == "mkdir" {
		line[name, "/dev/" w[2]] = sprintf("d\t/dev/%s\t0755\t0\t0\t-\t-",
		    w[2])
	}
	w[1] == "create" && w[3] == "->" {
		line[name, "/dev/" w[2]] = sprintf("L\t/dev/%s\t-\t-\t-\t-\t%s",
		    w[2], w[4])
	}
	w[1] == "create" && w[3] != "->" && w[5] == "" {	# makefifo
		split(w[3], og, ":")
		line[name, "/dev/" w[2]] = sprintf("p\t/dev/%s\t%s\t%s\t%s\t-\t-",
		    w[2], w[4], id["u" og[1]], id["g" og[2]])
	}
	w[1] == "create" && w[3] != "->" && w[5] != "" {
		split(w[6], og, ":")
		line[name, "/dev/" w[2]] = sprintf("%s\t/dev/%s\t%s\t%s\t%s\t-\t%d:%d",
		    w[3], w[2], w[7], id["u" og[1]], id["g" og[2]], w[4], w[5])
	}
	w[1] == "create" || w[1] == "mkdir" { made[name] = 1 }
	END {
		for (k in line) {
			split(k, p, SUBSEP)
			if (ok[p[1]] && (!warned[p[1]] || made[p[1]]))
				print p[1] "\t" line[k]
		}
		for (i = 1; i <= n; i++)
			if (ok[order[i]] && !warned[order[i]] && !made[order[i]])
				print order[i] "\t-"
	}' | sort >"$BATS_FILE_TMPDIR/want"
	cut -f1 "$BATS_FILE_TMPDIR/want" | uniq >"$BATS_FILE_TMPDIR/names"
}

@test "make_names: the record holds every name of MAKEDEV's script it accepts, among them lirc, and no name twice" {
	local n
	n=$(wc -l <"$BATS_FILE_TMPDIR/names")
	((n > 1300)) || fail "only $n names in the record"
	assert_equal "$(sort -u "$BATS_FILE_TMPDIR/names" | wc -l)" "$n"
	run grep -cx -e lirc -e std -e generic -e generic-sparc -e alsa \
	    "$BATS_FILE_TMPDIR/names"
	assert_output 5
}

@test "make_names: devtool make accepts every name and group MAKEDEV 2.3.1 accepts and makes the same entries: names, types, numbers, modes, owners, links, directories" {
	local name got unknown=()
	while read -r name; do
		if ! got=$(devtool make -o tmpfiles "$name" 2>/dev/null); then
			unknown+=("$name")
		elif [[ -z $got ]]; then
			printf '%s\t-\n' "$name"
		else
			awk -v n="$name" '{ print n "\t" $0 }' <<<"$got"
		fi
	done <"$BATS_FILE_TMPDIR/names" >got.raw
	LC_ALL=C sort got.raw >got
	((${#unknown[@]} == 0)) ||
		fail "${#unknown[@]} names MAKEDEV accepts are refused: ${unknown[*]:0:60}"
	run diff "$BATS_FILE_TMPDIR/want" got
	[[ $status == 0 ]] ||
		fail "names that make other entries than MAKEDEV's: $(grep -E '^[<>]' <<<"$output" |
		    cut -f1 | cut -c3- | uniq | sort -u | head -60 | tr '\n' ' ')"$'\n'"$(head -40 <<<"$output")"
}

@test "make_names: make lirc makes lirc (c 61:0) and the FIFOs lircd and lircm, root:video 0640, as MAKEDEV 2.3.1" {
	local video
	video=$(getent group video | cut -d: -f3)
	run --separate-stderr devtool make -o tmpfiles lirc
	assert_success
	assert_output "c	/dev/lirc	0640	0	$video	-	61:0
p	/dev/lircd	0640	0	$video	-	-
p	/dev/lircm	0640	0	$video	-	-"
}
