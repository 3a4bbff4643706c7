#!/usr/bin/env bats
# json.bats - the JSON dialects (devtool(1), DEVICE TABLES: json and oci):
# list -o json and -o oci written through json-c, read back by apply, and
# checked with jq, a reader devtool did not write.

load test_helper

# A, B, new and R: empty roots to apply into (a --root must exist).
setup() {
	helper_setup
	mkdir A B new R
}

# Asserts that stdout is exactly the given lines.
assert_lines_exactly() {
	local want
	want=$(printf '%s\n' "$@")
	[[ $output == "$want" ]] ||
		fail "stdout differs:"$'\n'"$(diff <(echo "$want") <(echo "$output"))"
}

# A tree under R: two character devices, a block device, a FIFO, a
# directory, a symbolic link and a socket.
make_tree() {
	mkdir -p R/dev/snd
	mknod -m 0666 R/dev/null c 1 3
	mknod -m 0640 R/dev/sda1 b 8 1
	chown 1:5 R/dev/sda1
	mknod -m 0660 R/dev/snd/pcm c 116 300
	mkfifo -m 0620 R/dev/initctl
	chown 65534:65534 R/dev/initctl
	chmod 0700 R/dev/snd
	ln -s null R/dev/link
	python3 -c 'import socket,sys; socket.socket(socket.AF_UNIX).bind(sys.argv[1])' \
		R/dev/sock
	chmod 0660 R/dev/sock
}

OCI_TREE=(
	'['
	'{"path":"/dev/initctl","type":"p","fileMode":400,"uid":65534,"gid":65534},'
	'{"path":"/dev/null","type":"c","major":1,"minor":3,"fileMode":438,"uid":0,"gid":0},'
	'{"path":"/dev/sda1","type":"b","major":8,"minor":1,"fileMode":416,"uid":1,"gid":5},'
	'{"path":"/dev/snd/pcm","type":"c","major":116,"minor":300,"fileMode":432,"uid":0,"gid":0}'
	']'
)

# apply_refuses FILE MESSAGE: apply -n of FILE exits 2 with exactly
# MESSAGE, then the summary line, and creates nothing (not even --root).
apply_refuses() {
	run --separate-stderr devtool apply --root new "$1"
	assert_status 2
	assert_stdout_empty
	assert_no_control
	assert_equal "$stderr" "$2"$'\n'"devtool: 1 error in the table; nothing was created"
	[[ -z $(ls -A new) ]] || fail "apply created in new/: $(ls -A new)"
}

# ------------------------------------------------------------ -o json

@test "json: list -o json, written by json-c, is the same lines as before: keys in order, mode a string, no spaces" {
	needs_mknod
	make_tree
	run --separate-stderr devtool list -o json --root R
	assert_status 0
	assert_stderr_empty
	assert_lines_exactly \
		'{"path":"/dev/initctl","type":"p","mode":"0620","uid":65534,"gid":65534}' \
		'{"path":"/dev/link","type":"l","mode":"0777","uid":0,"gid":0,"target":"null"}' \
		'{"path":"/dev/null","type":"c","mode":"0666","uid":0,"gid":0,"major":1,"minor":3}' \
		'{"path":"/dev/sda1","type":"b","mode":"0640","uid":1,"gid":5,"major":8,"minor":1}' \
		'{"path":"/dev/snd","type":"d","mode":"0700","uid":0,"gid":0}' \
		'{"path":"/dev/snd/pcm","type":"c","mode":"0660","uid":0,"gid":0,"major":116,"minor":300}' \
		'{"path":"/dev/sock","type":"s","mode":"0660","uid":0,"gid":0}'
}

# devtool-list(1), --json: -o json is JSON Lines and -o oci one array;
# --help says which, and each is what it says.
@test "json: list --help says -o json is JSON Lines and -o oci one array, as each is" {
	run --separate-stderr devtool list --help
	assert_success
	[[ $(tr -s ' \n' '  ' <<<"$output") == *"--json print JSON Lines, an object a line, as -o json (-o oci is one array)"* ]] ||
		fail "list --help: $output"
	mkfifo a b
	run --separate-stderr devtool list -o json a b
	assert_success
	[[ ${#lines[@]} -eq 2 && ${lines[0]} == '{'*'}' && ${lines[1]} == '{'*'}' ]] || fail "not JSON Lines: $output"
	run --separate-stderr devtool list -o oci a b
	assert_success
	assert_equal "$(jq -r type <<<"$output")" array
}

@test "json: jq -c . of list -o json gives back the very same bytes" {
	needs_mknod
	make_tree
	mknod -m 0600 "R/dev/a \"q\" b\\c/d" c 1 5 2>/dev/null || mknod -m 0600 "R/dev/a \"q\" b\\c" c 1 5
	devtool list -o json --root R --dirs >list.json
	jq -c . list.json >jq.json
	cmp list.json jq.json
}

@test "json: list -o json read back by apply makes the same tree (stat), and lists the same" {
	needs_mknod
	make_tree
	devtool list -o json --root R --dirs >t.json
	run --separate-stderr devtool apply --root A t.json
	assert_status 0
	assert_equal "$(node A/dev/null)" "character special file 1 3 666 0 0"
	assert_equal "$(node A/dev/sda1)" "block special file 8 1 640 1 5"
	assert_equal "$(node A/dev/snd/pcm)" "character special file 116 300 660 0 0"
	assert_equal "$(node A/dev/initctl)" "fifo 0 0 620 65534 65534"
	assert_equal "$(stat -c '%F %a' A/dev/snd)" "directory 700"
	assert_equal "$(readlink A/dev/link)" "null"
	assert_equal "$(stat -c '%F %a' A/dev/sock)" "socket 660"
	run --separate-stderr devtool list -o json --root A --dirs
	assert_equal "$output" "$(cat t.json)"
}

@test "json: list -o json through jq -s . (an array across lines), jq -s -c . and jq . is read as json, not OCI: a 0600 node stays 0600, the link and the socket come back" {
	needs_mknod
	make_tree
	chmod 0600 R/dev/null
	devtool list -o json --root R --dirs >t.json
	local how
	for how in "-s ." "-s -c ." "."; do
		rm -rf A && mkdir A
		# shellcheck disable=SC2086 # jq's options, as words
		jq $how t.json >jq.json
		run --separate-stderr devtool apply --root A jq.json
		assert_status 0
		assert_stderr_empty
		assert_equal "$(node A/dev/null)" "character special file 1 3 600 0 0"
		assert_equal "$(node A/dev/initctl)" "fifo 0 0 620 65534 65534"
		assert_equal "$(readlink A/dev/link)" "null"
		assert_equal "$(stat -c '%F %a' A/dev/sock)" "socket 660"
		run --separate-stderr devtool list -o json --root A --dirs
		assert_equal "$output" "$(cat t.json)"
	done
}

@test "json: an array whose first object starts past the first 64 KiB read is decided by its keys all the same: devtool's is json (mode 0600 kept), OCI's is oci" {
	needs_mknod
	{ printf '[\n%70000s' ''; printf '%s\n' \
		'{"path":"/dev/null","type":"c","mode":"0600","uid":0,"gid":0,"major":1,"minor":3}]'; } >t.json
	run --separate-stderr devtool apply --root A t.json
	assert_status 0
	assert_stderr_empty
	assert_equal "$(node A/dev/null)" "character special file 1 3 600 0 0"
	{ printf '[\n%70000s' ''; printf '%s\n' \
		'{"path":"/dev/zero","type":"c","major":1,"minor":5}]'; } >t.json
	run --separate-stderr devtool apply --root B - <t.json
	assert_status 0
	assert_stderr_empty
	assert_equal "$(node B/dev/zero)" "character special file 1 5 666 0 0"
}

@test "json: an unknown key of an object across lines is refused at the key's own line, naming it; an OCI element in a devtool array is refused for its fileMode; nothing created" {
	cat >t.json <<-'EOF'
	[
	  {
	    "path": "/dev/x",
	    "type": "c",
	    "mode": "0600",
	    "uid": 0,
	    "gid": 0,
	    "majr": 1,
	    "minor": 3
	  },
	  {
	    "path": "/dev/y",
	    "type": "c",
	    "major": 1,
	    "minor": 3,
	    "fileMode": 384
	  },
	  {
	    "path": "/dev/z",
	    "type": "p",
	    "mode": "0600",
	    "uid": 0
	  }
	]
	EOF
	run --separate-stderr devtool apply --root new t.json
	assert_status 2
	assert_stdout_empty
	assert_equal "$stderr" 'devtool: t.json:8: unknown key "majr" (known: path type mode uid gid major minor target problem)
devtool: t.json:16: unknown key "fileMode" (known: path type mode uid gid major minor target problem)
devtool: t.json:18: no "gid"
devtool: 3 errors in the table; nothing was created'
	[[ -z $(ls -A new) ]] || fail "apply created in new/: $(ls -A new)"
}

@test "json: objects across lines (jq .) that break are refused where they break: bad JSON, text that is not an object" {
	printf '{\n  "path": "/dev/x",\n  "type": "p",\n  "mode": "0600",\n  "uid": 0,\n  "gid": 0\n}\n{\n  "path": "/dev/y",\n}\n' >t.json
	apply_refuses t.json "devtool: t.json:10: JSON: unexpected character"
	printf '{\n  "path": "/dev/x",\n  "type": "p",\n  "mode": "0600",\n  "uid": 0,\n  "gid": 0\n}\n5\n' >t.json
	apply_refuses t.json "devtool: t.json:8: not a JSON object"
}

@test "json: a name with control characters (C0, DEL, C1) goes through json and comes back byte for byte" {
	needs_mknod
	mkdir -p R/dev
	mknod -m 0600 R/dev/$'a\x1b[31mb\nc\x7fd\xc2\x9be' c 1 3
	run --separate-stderr devtool list -o json --root R
	assert_no_control
	assert_output '{"path":"/dev/a\u001b[31mb\u000ac\u007fd\u009be","type":"c","mode":"0600","uid":0,"gid":0,"major":1,"minor":3}'
	echo "$output" >t.json
	devtool apply --root A t.json
	[[ -c A/dev/$'a\x1b[31mb\nc\x7fd\xc2\x9be' ]] || fail "$(ls -b A/dev)"
	assert_equal "$(find A/dev -mindepth 1 -printf x)" x
}

@test "json: a name that is not UTF-8 is written \\u00XX per byte (valid JSON), and read back as those characters in UTF-8 (CAVEATS)" {
	needs_mknod
	mkdir -p R/dev
	mknod -m 0600 R/dev/$'x\xffy' c 1 3
	run --separate-stderr devtool list -o json --root R
	assert_output '{"path":"/dev/x\u00ffy","type":"c","mode":"0600","uid":0,"gid":0,"major":1,"minor":3}'
	jq -e . <<<"$output" >/dev/null
	echo "$output" >t.json
	devtool apply --root A t.json
	[[ -c A/dev/$'x\xc3\xbfy' ]] || fail "$(ls -b A/dev)"
}

@test "json: apply reads a json line whatever its key order, '#' comments and blank lines between" {
	needs_mknod
	printf '# made by hand\n\n%s\n' \
		'{"minor":3,"major":1,"gid":5,"uid":1,"mode":"0620","type":"c","path":"/dev/x"}' >t.json
	run --separate-stderr devtool apply --root A t.json
	assert_status 0
	assert_equal "$(node A/dev/x)" "character special file 1 3 620 1 5"
}

@test "json: list --check's problem member is read back and ignored" {
	needs_mknod
	mkdir -p R/dev
	mknod -m 0600 R/dev/big c 1 300
	run --separate-stderr devtool list --check 8:8 -o json --root R
	assert_status 1
	assert_output '{"path":"/dev/big","type":"c","mode":"0600","uid":0,"gid":0,"major":1,"minor":300,"problem":"minor 300 is out of range for layout 8:8 (0-255)"}'
	echo "$output" >t.json
	devtool apply --root A t.json
	assert_equal "$(node A/dev/big)" "character special file 1 300 600 0 0"
}

J='"path":"/dev/a","type":"c","mode":"0666","uid":0,"gid":0'

@test "json: a missing key, a wrong type and a number out of range are refused naming the key, exit 2, nothing created" {
	local -a cases=(
		"{$J,\"major\":1}"$'\t''no "minor"'
		'{"type":"c","mode":"0666","uid":0,"gid":0,"major":1,"minor":3}'$'\t''no "path"'
		"{$J,\"major\":\"1\",\"minor\":3}"$'\t''"major": want a whole number, got string'
		"{$J,\"major\":1.5,\"minor\":3}"$'\t''"major": want a whole number, got double'
		"{$J,\"major\":4096,\"minor\":3}"$'\t''"major": 4096 is out of range (0-4095)'
		"{$J,\"major\":1,\"minor\":-3}"$'\t''"minor": -3 is negative'
		"{$J,\"major\":1,\"minor\":18446744073709551616}"$'\t''"minor": out of range (0-1048575)'
		'{"path":"/dev/a","type":"c","mode":"0666","uid":4294967295,"gid":0,"major":1,"minor":3}'$'\t''"uid": 4294967295 is out of range (0-4294967294)'
		'{"path":"/dev/a","type":"c","mode":438,"uid":0,"gid":0,"major":1,"minor":3}'$'\t''"mode": want a string of octal digits, at most "07777", such as "0644"'
		'{"path":"/dev/a","type":"c","mode":"010000","uid":0,"gid":0,"major":1,"minor":3}'$'\t''"mode": want a string of octal digits, at most "07777", such as "0644"'
		'{"path":"/dev/a","type":"x","mode":"0666","uid":0,"gid":0}'$'\t'"\"type\": 'x' is not one of c b p d f l s"
		'{"path":"/dev/a","type":7,"mode":"0666","uid":0,"gid":0}'$'\t''"type": want a string, got int'
		'{"path":"/dev/a","type":"\u0000","mode":"0666","uid":0,"gid":0}'$'\t'"\"type\": '?' is not one of c b p d f l s"
		'{"path":"/dev/a","type":"p","uid":0,"gid":0}'$'\t''no "mode"'
		"{$J,\"major\":1,\"minor\":3,\"colour\":\"red\"}"$'\t''unknown key "colour" (known: path type mode uid gid major minor target problem)'
		'{"path":"/dev/a","type":"l","mode":"0777","uid":0,"gid":0}'$'\t''no "target"'
		'{"path":"/dev/a\u0000b","type":"p","mode":"0666","uid":0,"gid":0}'$'\t''"path" has a NUL character'
		'{"path":"dev/a","type":"p","mode":"0666","uid":0,"gid":0}'$'\t'"path 'dev/a' must be absolute (start with /)"
		"{$J,\"major\":1,\"minor\":3} x"$'\t''text after the JSON object'
	)
	local c
	for c in "${cases[@]}"; do
		printf '%s\n%s\n' '{"path":"/dev/ok","type":"p","mode":"0600","uid":0,"gid":0}' "${c%%$'\t'*}" >t.json
		apply_refuses t.json "devtool: t.json:2: ${c#*$'\t'}"
	done
}

@test "json: a repeated key is refused with the line and the key, however it is spelt; so are a key json-c would cut at a NUL and one in single quotes; exit 2, nothing created" {
	# json-c keeps the last of a repeated key: the first line below was
	# /dev/sda 8:0 to it, and is /dev/null to a reader keeping the first
	local -a cases=(
		"{$J,\"major\":1,\"minor\":3,\"path\":\"/dev/sda\",\"major\":8,\"minor\":0}"$'\t''duplicate key "path"'
		"{$J,\"major\":1,\"minor\":3,\"pa\\u0074h\":\"/dev/sda\"}"$'\t''duplicate key "path"'
		"{$J,\"major\":1,\"minor\":3,\"path\\u0000\":\"/dev/sda\"}"$'\t''key "path?" has a NUL character'
		"{$J,\"major\":1,\"minor\":3,'path':\"/dev/sda\"}"$'\t'"key 'path' is in single quotes, which is not JSON"
		"{$J,\"major\":1,\"minor\":3,\"problem\":{\"a\":1,\"a\":2}}"$'\t''duplicate key "a"'
	)
	local c
	for c in "${cases[@]}"; do
		printf '%s\n%s\n' '{"path":"/dev/ok","type":"p","mode":"0600","uid":0,"gid":0}' "${c%%$'\t'*}" >t.json
		apply_refuses t.json "devtool: t.json:2: ${c#*$'\t'}"
	done
}

@test "json: a line that is not JSON, after a json line, is refused with its line" {
	printf '%s\n%s\n' '{"path":"/dev/ok","type":"p","mode":"0600","uid":0,"gid":0}' \
		"{'path':'/dev/a'}" >t.json
	apply_refuses t.json "devtool: t.json:2: JSON: unexpected character"
}

# ------------------------------------------------------------ -o oci

@test "oci: list -o oci is one linux.devices array, an element a line; a link, a socket and a 0700 directory left out are each named with what the dialect cannot hold" {
	needs_mknod
	make_tree
	run --separate-stderr devtool list -o oci --root R
	assert_status 0
	assert_lines_exactly "${OCI_TREE[@]}"
	assert_equal "$stderr" "devtool: warning: /dev/link -> null: a symbolic link, which an oci table cannot hold, is left out; -o json holds every type
devtool: warning: /dev/snd: a directory, which an oci table cannot hold, is left out; -o json holds every type
devtool: warning: /dev/sock: a socket, which an oci table cannot hold, is left out; -o json holds every type"
}

@test "oci: a by-id symbolic link alone gives [ ] and a warning naming it; past five, the rest are counted" {
	mkdir -p R/dev/disk/by-id
	ln -s ../../sda R/dev/disk/by-id/ata-X
	run --separate-stderr devtool list -o oci --root R
	assert_status 0
	assert_output "[
]"
	assert_equal "$stderr" "devtool: warning: /dev/disk/by-id/ata-X -> ../../sda: a symbolic link, which an oci table cannot hold, is left out; -o json holds every type"
	for i in 1 2 3 4 5 6; do ln -s null "R/dev/l$i"; done
	run --separate-stderr devtool list -o oci --root R
	assert_equal "$(wc -l <<<"$stderr")" 6
	assert_equal "${stderr##*$'\n'}" "devtool: warning: 2 more entries that an oci table cannot hold are left out; -o json holds every type"
}

@test "oci: jq finds the runtime spec's field types: numbers for major, minor, fileMode (438 for 0666), uid and gid" {
	needs_mknod
	make_tree
	devtool list -o oci --root R >oci.json 2>/dev/null
	jq -e 'type == "array" and length == 4' oci.json
	jq -e 'all(.[]; (.path|type) == "string" and (.type|type) == "string" and (.fileMode|type) == "number" and (.uid|type) == "number" and (.gid|type) == "number")' oci.json
	jq -e '.[1].major|type=="number"' oci.json
	jq -e '.[1].minor|type=="number"' oci.json
	jq -e '.[1] | .path == "/dev/null" and .type == "c" and .major == 1 and .minor == 3 and .fileMode == 438' oci.json
	jq -e '.[0] | .type == "p" and (has("major")|not) and .fileMode == 400 and .uid == 65534' oci.json
	jq -e '.[2] | .type == "b" and .fileMode == 416 and .uid == 1 and .gid == 5' oci.json
}

@test "oci: an empty listing is an empty array" {
	mkdir -p R/dev
	run --separate-stderr devtool list -o oci --root R
	assert_status 0
	assert_lines_exactly '[' ']'
	jq -e 'length == 0' <<<"$output"
}

@test "oci: --check adds a problem member and the array stays JSON" {
	needs_mknod
	mkdir -p R/dev
	mknod -m 0666 R/dev/big c 1 300
	mknod -m 0666 R/dev/small c 1 3
	run --separate-stderr devtool list --check 8:8 -o oci --root R
	assert_status 1
	assert_lines_exactly '[' \
		'{"path":"/dev/big","type":"c","major":1,"minor":300,"fileMode":438,"uid":0,"gid":0,"problem":"minor 300 is out of range for layout 8:8 (0-255)"}' \
		']'
	jq -e 'length == 1' <<<"$output"
}

@test "oci: apply of list -o oci makes the nodes (stat) and lists the same array" {
	needs_mknod
	make_tree
	devtool list -o oci --root R >oci.json 2>/dev/null
	run --separate-stderr devtool apply --root A oci.json
	assert_status 0
	assert_equal "$(node A/dev/null)" "character special file 1 3 666 0 0"
	assert_equal "$(node A/dev/sda1)" "block special file 8 1 640 1 5"
	assert_equal "$(node A/dev/snd/pcm)" "character special file 116 300 660 0 0"
	assert_equal "$(node A/dev/initctl)" "fifo 0 0 620 65534 65534"
	run --separate-stderr devtool list -o oci --root A
	assert_lines_exactly "${OCI_TREE[@]}"
}

@test "oci: apply of a whole config.json makes its linux.devices; type u is c; fileMode, uid and gid default to 0666, 0, 0; unknown keys are ignored" {
	needs_mknod
	cat >config.json <<-'EOF'
	{
	  "ociVersion": "1.0.2",
	  "process": { "args": ["sh"] },
	  "linux": {
	    "devices": [
	      { "path": "/dev/fuse", "type": "c", "major": 10, "minor": 229, "fileMode": 438, "uid": 0, "gid": 0 },
	      { "path": "/dev/sdb", "type": "b", "major": 8, "minor": 16, "fileMode": 432, "uid": 6, "gid": 6 },
	      { "path": "/dev/kmsg", "type": "u", "major": 1, "minor": 11 },
	      { "path": "/dev/fifo", "type": "p", "fileMode": 384, "future": true }
	    ]
	  }
	}
	EOF
	run --separate-stderr devtool apply --root A config.json
	assert_status 0
	assert_equal "$(node A/dev/fuse)" "character special file 10 229 666 0 0"
	assert_equal "$(node A/dev/sdb)" "block special file 8 16 660 6 6"
	assert_equal "$(node A/dev/kmsg)" "character special file 1 11 666 0 0"
	assert_equal "$(node A/dev/fifo)" "fifo 0 0 600 0 0"
}

@test "oci: the host's nodes listed with -o oci and put into a config.json by jq are that bundle's devices for apply (the manual's example)" {
	devtool list -o oci /dev/null /dev/zero /dev/full >devices.json
	printf '{"ociVersion":"1.0.2","linux":{}}\n' >config.json
	jq --slurpfile d devices.json '.linux.devices = $d[0]' config.json >config.new
	run jq -c '.linux.devices | map([.path, .type, .major, .minor, .fileMode, .uid, .gid])' config.new
	assert_output '[["/dev/full","c",1,7,438,0,0],["/dev/null","c",1,3,438,0,0],["/dev/zero","c",1,5,438,0,0]]'
	run --separate-stderr devtool apply -n --root R config.new
	assert_success
	assert_output "would create directory /dev (d, mode 0755)
would create /dev/full (c 1:7, mode 0666, owner 0:0)
would create /dev/null (c 1:3, mode 0666, owner 0:0)
would create /dev/zero (c 1:5, mode 0666, owner 0:0)"
}

@test "oci: a config.json without linux.devices has nothing to make" {
	printf '{\n  "ociVersion": "1.0.2",\n  "linux": {}\n}\n' >config.json
	run --separate-stderr devtool apply -n --root A config.json
	assert_status 0
	assert_stdout_empty
}

@test "oci: a devtool json object is never read as OCI: -i oci refuses each of jq -s . of list -o json at its line; one in an OCI array is refused too; nothing created" {
	printf '%s\n' '{"path":"/dev/x","type":"c","mode":"0600","uid":0,"gid":0,"major":1,"minor":3}' \
		'{"path":"/dev/f","type":"p","mode":"0640","uid":0,"gid":0}' >t.json
	jq -s . t.json >a.json
	run --separate-stderr devtool apply -i oci --root new a.json
	assert_status 2
	assert_stdout_empty
	assert_equal "$stderr" 'devtool: a.json:2: a devtool json object (it has "mode" and no "fileMode"), not an OCI device
devtool: a.json:11: a devtool json object (it has "mode" and no "fileMode"), not an OCI device
devtool: 2 errors in the table; nothing was created'
	printf '%s\n' '[' '{"path":"/dev/null","type":"c","major":1,"minor":3},' \
		'{"path":"/dev/x","type":"c","mode":"0600","uid":0,"gid":0,"major":1,"minor":3}' ']' >a.json
	apply_refuses a.json 'devtool: a.json:3: a devtool json object (it has "mode" and no "fileMode"), not an OCI device'
}

@test "oci: an element with fileMode and a mode key is OCI's: mode is an unknown key, ignored as the specification asks" {
	needs_mknod
	printf '%s\n' '[{"path":"/dev/null","type":"c","major":1,"minor":3,"fileMode":384,"mode":"0666"}]' >a.json
	run --separate-stderr devtool apply --root A a.json
	assert_status 0
	assert_stderr_empty
	assert_equal "$(node A/dev/null)" "character special file 1 3 600 0 0"
}

@test "oci: each bad element of an array is refused at its own line, all of them, nothing created" {
	printf '%s\n' '[' \
		'{"path":"/dev/a","type":"c","major":1,"minor":2},' \
		'' \
		'{"path":"/dev/b","type":"x","major":1,"minor":2},' \
		'{"path":"/dev/c","type":"c","major":1,"minor":2,"fileMode":4096},' \
		'{"path":"/dev/d","type":"c","major":1,"minor":2,"fileMode":"0666"},' \
		'{"path":"/dev/e","type":"c","major":1,"minor":2,"uid":-1},' \
		'{"path":"/dev/f","type":"c","major":1},' \
		'5,' \
		'{"path":"/dev/g","type":"p","minor":4}' \
		']' >a.json
	run --separate-stderr devtool apply --root new a.json
	assert_status 2
	assert_stdout_empty
	assert_equal "$stderr" "devtool: a.json:4: \"type\": 'x' is not one of c b u p
devtool: a.json:5: \"fileMode\": 4096 is out of range (0-4095)
devtool: a.json:6: \"fileMode\": want a whole number, got string
devtool: a.json:7: \"uid\": -1 is negative
devtool: a.json:8: no \"minor\"
devtool: a.json:9: want an object for each linux.devices element, got int
devtool: a.json:10: p takes no MAJOR or MINOR (got 0:4)
devtool: 7 errors in the table; nothing was created"
	[[ -z $(ls -A new) ]] || fail "apply created in new/: $(ls -A new)"
}

@test "oci: a broken array is refused where it breaks: a missing comma, no end, text after it, bad JSON" {
	local ok='{"path":"/dev/a","type":"c","major":1,"minor":2}'
	printf '[\n%s\n%s]\n' "$ok" "$ok" >t.json
	apply_refuses t.json "devtool: t.json:3: want ',' or ']' after an element, not '{'"
	printf '[\n%s,\n' "$ok" >t.json
	apply_refuses t.json "devtool: t.json:3: JSON: unexpected end of input"
	printf '[\n%s\n]\n]\n' "$ok" >t.json
	apply_refuses t.json "devtool: t.json:4: text after the JSON document"
	printf '[\n%s,\n{"path":"/dev/b",\n"type":"c",}\n]\n' "$ok" >t.json
	apply_refuses t.json "devtool: t.json:4: JSON: unexpected character"
	printf '[\n%s\n]\n' "$ok" >t.json
	printf '\0' >>t.json
	apply_refuses t.json "devtool: t.json:4: NUL byte in the document"
}

@test "oci: a config.json's bad element is refused at the document's first line, naming linux.devices[I]" {
	printf '{\n  "ociVersion": "1.0.2",\n  "linux": { "devices": [\n    {"path": "/dev/a", "type": "c", "major": 1, "minor": 2},\n    {"path": "/dev/b", "type": "b", "major": 1}\n  ] }\n}\n' >config.json
	apply_refuses config.json 'devtool: config.json:1: linux.devices[1]: no "minor"'
	printf '{\n  "ociVersion": "1.0.2",\n  "linux": { "devices": {} }\n}\n' >config.json
	apply_refuses config.json 'devtool: config.json:1: linux.devices is object, not an array'
	printf '{\n  "hello": 1\n}\n' >config.json
	apply_refuses config.json 'devtool: config.json:1: neither an OCI linux.devices array nor a config.json (no "ociVersion" or "linux")'
}

@test "oci: a repeated key is refused at its own line, in an array's element or anywhere in a config.json, even where devtool reads nothing; nothing created" {
	printf '%s\n' '[' \
		'{"path":"/dev/null","type":"c","major":1,"minor":3},' \
		'{"path":"/dev/null","type":"c","major":1,"minor":3,' \
		'  "path":"/dev/sda","major":8,"minor":0},' \
		'{"path":"/dev/zero","type":"c","major":1,"minor":5,"x":{"y":1,"y":2}}' \
		']' >a.json
	run --separate-stderr devtool apply --root new a.json
	assert_status 2
	assert_stdout_empty
	assert_equal "$stderr" 'devtool: a.json:4: duplicate key "path"
devtool: a.json:5: duplicate key "y"
devtool: 2 errors in the table; nothing was created'
	[[ -z $(ls -A new) ]] || fail "apply created in new/: $(ls -A new)"
	cat >config.json <<-'EOF'
	{
	  "ociVersion": "1.0.2",
	  "linux": { "devices": [
	    { "path": "/dev/null", "type": "c", "major": 1, "minor": 3,
	      "path": "/dev/sda", "major": 8, "minor": 0 }
	  ] }
	}
	EOF
	apply_refuses config.json 'devtool: config.json:5: duplicate key "path"'
	printf '{"ociVersion": "1.0.2", "linux": {"devices": []},\n"linux": {"devices": [%s]}}\n' \
		'{"path": "/dev/sda", "type": "b", "major": 8, "minor": 0}' >config.json
	apply_refuses config.json 'devtool: config.json:2: duplicate key "linux"'
	printf '{"ociVersion": "1.0.2",\n"process": {"env": [], "env": []},\n"linux": {}}\n' >config.json
	apply_refuses config.json 'devtool: config.json:2: duplicate key "env"'
}

@test "oci: a key runc would take for one devtool reads, spelt in another case, is refused: runc's Go reads \"Path\", \"FileMode\", \"Linux\" and \"m\\u0131nor\" as theirs" {
	local el='"path":"/dev/x","type":"c","major":1,"minor":3'
	printf '[\n{%s,"Path":"/dev/sda"}\n]\n' "$el" >a.json
	apply_refuses a.json 'devtool: a.json:2: key "Path" is "path" to runc, which reads keys in any case'
	printf '[\n{"path":"/dev/x","type":"c","major":1,"m\\u0131nor":3}\n]\n' >a.json
	apply_refuses a.json "devtool: a.json:2: key \"m"$'\xc4\xb1'"nor\" is \"minor\" to runc, which reads keys in any case"
	printf '{"ociVersion": "1.0.2",\n"linux": {"devices": [{%s,"FileMode":3565}]}}\n' "$el" >config.json
	apply_refuses config.json 'devtool: config.json:1: linux.devices[0]: key "FileMode" is "fileMode" to runc, which reads keys in any case'
	printf '{"ociVersion": "1.0.2",\n"Linux": {"devices": [{%s}]}}\n' "$el" >config.json
	apply_refuses config.json 'devtool: config.json:1: key "Linux" is "linux" to runc, which reads keys in any case'
	printf '{"ociVersion": "1.0.2",\n"linux": {"devices": [], "DEVICES": [{%s}]}}\n' "$el" >config.json
	apply_refuses config.json 'devtool: config.json:1: key "DEVICES" is "devices" to runc, which reads keys in any case'
}

@test "oci: an array read from standard input is read whole" {
	needs_mknod
	run --separate-stderr devtool apply --root A - <<<'[{"path":"/dev/null","type":"c","major":1,"minor":3}]'
	assert_status 0
	assert_equal "$(node A/dev/null)" "character special file 1 3 666 0 0"
}

@test "oci: list -o oci to apply --archive (as uid 65534) to list --archive -o oci gives the same array" {
	nobody_top
	printf '%s\n' "${OCI_TREE[@]}" >"$NOBODY_TOP/oci.json"
	run --separate-stderr as_nobody "$DEVTOOL" apply --archive "$NOBODY_TOP/x.cpio" "$NOBODY_TOP/oci.json"
	cp "$NOBODY_TOP/x.cpio" . 2>/dev/null
	nobody_done
	assert_status 0
	assert_stderr_empty
	run --separate-stderr devtool list --archive x.cpio -o oci
	assert_status 0
	assert_lines_exactly "${OCI_TREE[@]}"
}

# ------------------------------------------------------------ apply -i

@test "apply -i oci reads an array that does not start with '[' on its own; -i json reads it as devtool's array and refuses the element without a mode" {
	needs_mknod
	printf '   \n\n[{"path":"/dev/null","type":"c","major":1,"minor":3}]\n' >t.txt
	run --separate-stderr devtool apply -i oci --root A t.txt
	assert_status 0
	assert_equal "$(node A/dev/null)" "character special file 1 3 666 0 0"
	run --separate-stderr devtool apply -i json --root new t.txt
	assert_status 2
	assert_equal "$stderr" 'devtool: t.txt:3: no "mode"
devtool: 1 error in the table; nothing was created'
}

@test "apply -i json refuses a makedevs table line by line; -i makedevs refuses a json line" {
	printf '/dev/null c 0666 0 0 1 3\n' >t.txt
	run --separate-stderr devtool apply -i json --root new t.txt
	assert_status 2
	assert_equal "$stderr" "devtool: t.txt:1: JSON: unexpected character
devtool: 1 error in the table; nothing was created"
	printf '%s\n' '{"path":"/dev/ok","type":"p","mode":"0600","uid":0,"gid":0}' >t.json
	run --separate-stderr devtool apply -i makedevs --root new t.json
	assert_status 2
	assert_stderr_contains "devtool: t.json:1: "
	[[ -z $(ls -A new) ]] || fail "apply created in new/: $(ls -A new)"
}

@test "apply -i with an unknown name is a usage error listing the valid ones" {
	quoted_error 2 "devtool: unknown input 'xml'; valid: makedevs, tmpfiles, mtree, gen_init_cpio, pseudo, json, oci" \
		apply -i xml t
}

# ------------------------------------------------------------ --json-array
# devtool(1), OUTPUT: --json-array prints the records a verb prints as
# JSON Lines as one JSON array instead, the same elements in the same
# order; "[" first, ",\n" between two, "]\n" at the end.

# same_records N ARGS...: devtool ARGS --json-array is an array of N
# elements, exactly the records devtool ARGS --json prints as lines
# (read with jq -s), and the same exit status.  JSON="OPT..." names the
# options of the lines run when they are not --json (make: -o json), and
# IN a file for standard input.
same_records() {
	local n=$1 lines_status json
	shift
	read -ra json <<<"${JSON:---json}"
	run --separate-stderr devtool "$@" "${json[@]}" <"${IN:-/dev/null}"
	lines_status=$status
	[[ -n $output ]] || fail "devtool $* ${json[*]} printed nothing"
	jq -c -s . <<<"$output" >lines.json || fail "not JSON Lines: $output"
	# --json-array implies --json; -o json stays
	[[ ${json[0]} == --json ]] && json=()
	run --separate-stderr devtool "$@" "${json[@]}" --json-array <"${IN:-/dev/null}"
	assert_equal "$status" "$lines_status"
	jq -e --argjson n "$n" 'type == "array" and length == $n' <<<"$output" >/dev/null ||
		fail "devtool $* --json-array: not an array of $n: $output"
	assert_equal "$(jq -c . <<<"$output")" "$(cat lines.json)"
}

@test "json: --json-array of encode, decode, explain, formats and devices is an array of what --json prints as lines" {
	printf '1 3\n4 64\n' >pairs
	IN=pairs same_records 2 encode -
	same_records 1 encode 1 3
	same_records 3 decode 0x103 0x405 0x10000
	same_records 1 explain 1 3
	same_records "$(devtool formats --json | grep -c .)" formats
	same_records "$(devtool formats --dialects --json | grep -c .)" formats --dialects
	export DEVTOOL_PROC_DEVICES=$BATS_TEST_DIRNAME/fixtures/proc-devices
	same_records "$(grep -c '^ *[0-9]' "$DEVTOOL_PROC_DEVICES")" devices
	same_records 1 devices -c mem
}

@test "json: --json-array of list (--json and -o json), diff (--json and -o json) and make -o json" {
	make_tree
	same_records 7 list --root R
	JSON='-o json' same_records 7 list --root R
	JSON='-o json' same_records 8 list --root R --dirs
	same_records 7 diff A R
	JSON='-o json' same_records 7 diff A R
	JSON='-o json' same_records "$(devtool make -o json std | grep -c .)" make std
}

@test "json: --json-array writes [ first, a comma and a newline between records, ] and a newline at the end" {
	run --separate-stderr devtool encode --json-array - <<<$'1 3\n4 64'
	assert_success
	assert_equal "$output" '[{"line":1,"layout":"16:16","major":1,"minor":3,"value":259,"hex":"0x103"},
{"line":2,"layout":"16:16","major":4,"minor":64,"value":1088,"hex":"0x440"}]'
	devtool encode --json-array 1 3 >one.json
	assert_equal "$(tail -c 3 one.json | od -An -c | tr -d ' ')" '}]\n'
}

@test "json: --json-array with nothing to print is []" {
	mkdir empty
	for args in "list empty" "list -o json empty" "diff empty empty" "decode -" "encode -"; do
		# shellcheck disable=SC2086
		run --separate-stderr devtool $args --json-array </dev/null
		assert_success
		assert_equal "$output" "[]"
		assert_equal "$(devtool $args --json-array </dev/null | od -An -c | tr -d ' ')" '[]\n'
	done
	export DEVTOOL_PROC_DEVICES=$BATS_TEST_DIRNAME/fixtures/proc-devices
	run --separate-stderr devtool devices --json-array nosuchdriver
	assert_status 1
	assert_equal "$output" "[]"
}

@test "json: -k with --json-array: a bad line of a stream is an error element of the array, in its place" {
	run --separate-stderr devtool encode -k --json-array - <<<$'1 3\nbogus\n4 64'
	assert_status 2
	jq -e 'type == "array" and length == 3' <<<"$output" >/dev/null || fail "not an array of 3: $output"
	assert_equal "$(jq -c '.[1]' <<<"$output")" '{"line":2,"error":"expected '"'MAJOR MINOR' or 'MAJOR:MINOR'"'"}'
	assert_equal "$(jq -r '.[0].value, .[2].value' <<<"$output")" $'259\n1088'
	run --separate-stderr devtool decode -k --json-array - <<<$'0x103\n0xzz\n0x405'
	assert_status 2
	assert_equal "$(jq -c '[.[] | .line]' <<<"$output")" '[1,2,3]'
	assert_equal "$(jq -c '.[1] | keys' <<<"$output")" '["error","line"]'
}

@test "json: a run that fails midway still closes its --json-array array" {
	run --separate-stderr devtool encode --json-array - <<<$'1 1\nbogus\n3 3'
	assert_status 2
	assert_equal "$(jq -c '[.[] | .value]' <<<"$output")" '[257]'
	assert_stderr_contains "<stdin>:2:"
	run --separate-stderr devtool decode --json-array 0x103 bogus 0x405
	assert_status 2
	assert_equal "$(jq -c '[.[] | .value]' <<<"$output")" '[259]'
	run --separate-stderr devtool encode --json-array 1:1 bogus
	assert_status 2
	assert_equal "$(jq -c . <<<"$output")" '[]'
}

@test "json: --json-array goes with -o json only: another -o, and make without -o json, are usage errors naming both" {
	mkfifo a
	quoted_error 2 "devtool: --json-array and -o oci exclude each other: --json-array makes JSON Lines (-o json) one array" \
		list --json-array -o oci a
	quoted_error 2 "devtool: --json-array and -o text exclude each other: --json-array makes JSON Lines (-o json) one array" \
		encode --json-array -o text 1 3
	quoted_error 2 "devtool: --json-array and -o tmpfiles exclude each other: --json-array makes JSON Lines (-o json) one array" \
		diff --json-array -o tmpfiles a a
	quoted_error 2 "devtool: --json-array goes with -o json" make --json-array null
	[[ ! -e null ]] || fail "make created null"
}

@test "json: --json-array to a full standard output fails, exit 1, saying so once" {
	run --separate-stderr bash -c '"$1" encode --json-array 1 3 >/dev/full' bash "$DEVTOOL"
	assert_status 1
	assert_equal "$stderr" "devtool: standard output: No space left on device"
}

# json-c is loaded with dlopen(3) when a JSON table is first read or
# written (devtool(1), CAVEATS): a run that reads or writes none never
# opens it.  (strace's openat calls, not timed.)
@test "json: json-c is opened only by a run that reads or writes JSON: encode, list and apply of a makedevs table open no libjson-c; list -o json and apply of its line do" {
	command -v strace >/dev/null || skip "strace is not installed"
	[[ -z ${DEVTOOL_REAL:-} ]] || skip "under valgrind the calls traced are valgrind's too"
	mkdir -p R/dev
	mkfifo R/dev/fifo
	opened() {
		strace -f -qq -e trace=openat,open -o trace.log "$DEVTOOL" "$@" \
		    >out 2>&1 || fail "devtool $*: $(cat out)"
		grep -c 'libjson-c\.so' trace.log || true
	}
	assert_equal "$(opened encode 300 5)" 0
	assert_equal "$(opened list --root R /dev)" 0
	devtool list --root R /dev >t.table
	assert_equal "$(opened apply -n --root A t.table)" 0
	assert_equal "$(opened list -o json --root R /dev)" 1
	devtool list -o json --root R /dev >t.json
	assert_equal "$(opened apply --root A t.json)" 1
	assert_equal "$(stat -c %F A/dev/fifo)" "fifo"
}

# Without json-c (hidden in a mount namespace of the test's own), a JSON
# table is refused as a table that cannot be read, naming json-c, and
# nothing is made; a makedevs table is applied as before.
@test "json: without json-c, a JSON table is refused naming json-c, exit 2, nothing created, and list -o json fails naming it; a makedevs table is applied" {
	unshare -m true 2>/dev/null || skip "no mount namespace (unshare -m)"
	local lib
	lib=$(ldconfig -p | awk '/libjson-c\.so\.5 /{ print $NF; exit }')
	[[ -n $lib ]] || fail "ldconfig knows no libjson-c.so.5"
	mkdir -p R/dev
	mkfifo R/dev/fifo
	devtool list -o json --root R /dev >t.json
	devtool list --root R /dev >t.table
	# shellcheck disable=SC2016 # the inner shell's
	run unshare -m sh -c '
		mount --bind /dev/null "$1" || exit 99
		$DEVTOOL apply --root A t.json 2>&1; echo "exit $?"
		$DEVTOOL list -o json --root R /dev 2>&1; echo "exit $?"
		$DEVTOOL apply --root B t.table 2>&1; echo "exit $?"' sh "$lib"
	assert_equal "$output" "devtool: t.json:1: cannot load json-c: $lib: file too short
devtool: 1 error in the table; nothing was created
exit 2
devtool: cannot load json-c: $lib: file too short
exit 1
exit 0"
	[[ ! -e A/dev ]] || fail "A/dev was made"
	assert_equal "$(stat -c %F B/dev/fifo)" "fifo"
}
