# fish completion for devtool(1)

# The verb: the first word after devtool that is not an option.
function __devtool_verb
    set -l tokens (commandline -opc)
    for t in $tokens[2..-1]
        switch $t
            case '-*'
                continue
            case '*'
                echo $t
                return 0
        end
    end
    return 1
end

function __devtool_no_verb
    not __devtool_verb >/dev/null
end

function __devtool_using
    set -l verb (__devtool_verb)
    and contains -- $verb $argv
end

# The operands after the verb, without options and option arguments.
function __devtool_operands
    set -l tokens (commandline -opc)
    set -l seen_verb 0
    set -l skip 0
    set -l dashdash 0
    for t in $tokens[2..-1]
        if test $seen_verb = 0
            switch $t
                case '-*'
                    continue
            end
            set seen_verb 1
            continue
        end
        if test $skip = 1
            set skip 0
            continue
        end
        if test $dashdash = 1; or test "$t" = -
            echo $t
            continue
        end
        switch $t
            case --
                set dashdash 1
            case -f --format -t --to --value -m --mode -u --owner -g --group \
                --reference --root --users-from --count --start --step -o --output --check \
                --archive --archive-format -i --input --merge --prefix --exclude-prefix
                set skip 1
            case '--*'
            case '-*'
                # A cluster like -nf takes the next word for its last letter.
                if string match -qr -- '^-[a-zA-Z?]*[ftmugoi]$' $t
                    set skip 1
                end
            case '*'
                echo $t
        end
    end
end

# mknod PATH TYPE ...: true when the next operand is number $argv[1] (0-based).
function __devtool_mknod_at
    __devtool_using mknod; or return 1
    set -l ops (__devtool_operands)
    test (count $ops) -eq $argv[1]
end

# Driver names from /proc/devices or $DEVTOOL_PROC_DEVICES; $argv[1] is
# c, b or cb.
function __devtool_drivers
    set -l file /proc/devices
    set -q DEVTOOL_PROC_DEVICES; and test -n "$DEVTOOL_PROC_DEVICES"
    and set file $DEVTOOL_PROC_DEVICES
    # a regular file only: a FIFO named there would block the shell
    test -f $file -a -r $file; or return 0
    set -l sect ''
    while read -l line
        switch $line
            case 'Character devices:*'
                set sect c
            case 'Block devices:*'
                set sect b
            case '*'
                test -n "$sect"; or continue
                string match -q -- "*$sect*" $argv[1]; or continue
                set -l f (string split -n ' ' -- (string trim -- $line))
                test (count $f) -ge 2; or continue
                string match -qr -- '^[0-9]+$' $f[1]; or continue
                printf '%s\t%s\n' $f[2] "major $f[1]"
        end
    end <$file
end

# The table dialects of the devtool being completed, as its registry gives
# them (devtool formats --dialects); with read, those apply reads.  A
# dialect added to the binary is offered without a word here.
function __devtool_dialects
    set -l cmd (commandline -opc)[1]
    command -q -- $cmd; or return 0
    $cmd formats --dialects 2>/dev/null | while read -l line
        set -l f (string split -n ' ' -- $line)
        test "$f[1]" = NAME; and continue
        test "$argv[1]" = read -a "$f[2]" != yes; and continue
        echo $f[1]
    end
end

# The driver names for mknod's MAJOR, by the TYPE operand.
function __devtool_mknod_drivers
    set -l ops (__devtool_operands)
    switch $ops[2]
        case c u
            __devtool_drivers c
        case b
            __devtool_drivers b
    end
end

function __devtool_devices_drivers
    set -l tokens (commandline -opc)
    set -l sect cb
    contains -- -c $tokens; or contains -- --char $tokens; and set sect c
    contains -- -b $tokens; or contains -- --block $tokens; and set sect b
    __devtool_drivers $sect
end

set -l layouts '8:8\t"original 16-bit dev_t" old\t"alias of 8:8"
16:16\t"2003 patch, compat rule" 12:20\t"12+20 split, compat rule"
linux\t"kernel new_encode_dev" glibc\t"64-bit makedev(3)"
native\t"this system makedev(3)" osf1\t"OSF/1 12:20 split"
svr4\t"SVR4 14:18 split" solaris\t"alias of svr4" hpux\t"HP-UX 8:24 split"
netbsd\t"NetBSD, interleaved as linux" freebsd\t"FreeBSD before 12"
bsdos\t"BSD/OS 12:20 split" 386bsd\t"386BSD 8:8" 4bsd\t"4.xBSD 8:8"
isc\t"INTERACTIVE UNIX 8:8" sco\t"SCO UNIX 8:8" sunos\t"SunOS 4 8:8"
svr3\t"SVR3 8:8" ultrix\t"ULTRIX 8:8"'
# The storage formats that list --check takes too.
set -l storage 'newc\t"cpio newc, 32-bit fields" odc\t"cpio odc, 18-bit rdev"
bin\t"cpio bin, 16-bit rdev" ustar\t"ustar, 6 octal digits"
gnutar\t"GNU tar (libarchive), 6 octal digits"
squashfs\t"kernel 12:20" erofs\t"kernel 12:20" ext4\t"kernel 12:20"
ext2-old\t"Linux 2.4 ext2, 8:8" cramfs\t"cramfs, 8:8" genext2fs\t"genext2fs, 8:8"
kernel\t"the audit"'

# No file names unless a verb asks for them.
complete -c devtool -f

# Global options and verbs.
complete -c devtool -n __devtool_no_verb -s q -l quiet -d 'Silence warnings'
complete -c devtool -n __devtool_no_verb -s h -l help -d 'List the verbs'
complete -c devtool -n __devtool_no_verb -s V -l version -d 'Print the version'
complete -c devtool -n __devtool_no_verb -a encode -d 'Pack a major and a minor into one value'
complete -c devtool -n __devtool_no_verb -a decode -d 'Split values into major and minor'
complete -c devtool -n __devtool_no_verb -a convert -d 'Re-encode values into another layout'
complete -c devtool -n __devtool_no_verb -a explain -d 'Draw the bits of a value'
complete -c devtool -n __devtool_no_verb -a formats -d 'List every layout'
complete -c devtool -n __devtool_no_verb -a mknod -d 'Create a device node or FIFO'
complete -c devtool -n __devtool_no_verb -a devices -d 'List the drivers in /proc/devices'
complete -c devtool -n __devtool_no_verb -a list -d 'Print a device table of a tree'
complete -c devtool -n __devtool_no_verb -a apply -d 'Create the entries of device tables'
complete -c devtool -n __devtool_no_verb -a make -d 'Create devices by name or group, as MAKEDEV'
complete -c devtool -n __devtool_no_verb -a diff -d 'Compare two sources of entries, field by field'
complete -c devtool -n __devtool_no_verb -a help -d 'Show the manual page of devtool or of a verb'

# Options every verb has.
set -l all 'not __devtool_no_verb'
complete -c devtool -n $all -s q -l quiet -d 'Silence warnings'
complete -c devtool -n $all -s h -l help -d 'Show the options of the verb'
complete -c devtool -n $all -s '?' -d 'Show the options of the verb'
complete -c devtool -n $all -l usage -d 'Show a brief usage message'

# -f and --strict.
set -l layout_verbs '__devtool_using encode decode convert explain mknod'
complete -c devtool -n $layout_verbs -s f -l format -x -a "$layouts" -d 'Device number layout'
complete -c devtool -n $layout_verbs -l strict -d 'No compat rule'

# encode, decode, convert.
complete -c devtool -n '__devtool_using encode convert' -s x -l hex -d 'Print 0x hexadecimal'
complete -c devtool -n '__devtool_using encode decode' -l json -d 'Print JSON'
complete -c devtool -n '__devtool_using encode decode explain formats devices' -s o -l output -x -a 'text json' -d 'Output format (json: as --json)'
complete -c devtool -n '__devtool_using decode' -s x -l hex -d 'Print major and minor in 0x hexadecimal'
complete -c devtool -n '__devtool_using list' -l json -d 'Print JSON, as -o json'
complete -c devtool -n '__devtool_using encode decode explain formats devices list diff make' -l json-array -d 'Print the JSON records as one array, not JSON Lines (make: with -o json)'
complete -c devtool -n '__devtool_using encode decode convert' -s k -l keep-going -d 'Report bad input and go on, keeping its place'
complete -c devtool -n '__devtool_using decode' -l colon -d 'Print MAJOR:MINOR'
complete -c devtool -n '__devtool_using decode' -l kdev -d 'Print hexadecimal kdevname style'
complete -c devtool -n '__devtool_using decode' -s v -l verbose -d 'First say which layout is used and why'
complete -c devtool -n '__devtool_using encode' -l kdev -d 'Read hexadecimal kdevname style'
complete -c devtool -n '__devtool_using convert' -s t -l to -x -a "$layouts" -d 'Layout to convert into'

# explain, formats.
complete -c devtool -n '__devtool_using explain' -l value -x -d 'Explain a raw value'
complete -c devtool -n '__devtool_using explain' -l json -d 'Print the pair, the value and the names as JSON'
complete -c devtool -n '__devtool_using formats' -l json -d 'Print one JSON object per layout'
complete -c devtool -n '__devtool_using formats' -l dialects -d 'List the table dialects instead'

# mknod.
complete -c devtool -n '__devtool_using mknod' -s m -l mode -x -a '0600 0620 0640 0644 0660 0666' -d 'Mode, octal or symbolic'
complete -c devtool -n '__devtool_using mknod' -s u -l owner -x -a '(__fish_complete_users)' -d 'Owner'
complete -c devtool -n '__devtool_using mknod' -s g -l group -x -a '(__fish_complete_groups)' -d 'Group'
complete -c devtool -n '__devtool_using mknod' -l reference -r -F -d 'Mode, owner and group of FILE'
complete -c devtool -n '__devtool_using mknod apply' -s r -l replace -d 'Replace or correct existing nodes'
complete -c devtool -n '__devtool_using mknod' -s p -l parents -d 'Create missing parent directories'
complete -c devtool -n '__devtool_using mknod apply' -s n -l dry-run -d 'Print what would be done'
complete -c devtool -n '__devtool_using mknod apply' -s v -l verbose -d 'Print each action'
complete -c devtool -n '__devtool_using mknod list apply diff' -l root -x -a '(__fish_complete_directories)' -d 'Resolve paths inside DIR'
complete -c devtool -n '__devtool_using list apply diff' -l archive -r -F -d 'Archive FILE (- for standard input or output)'
complete -c devtool -n '__devtool_using list apply diff' -s i -l input -x -a '(__devtool_dialects read)' -d 'Dialect of every table'
complete -c devtool -n '__devtool_using list apply diff' -l kernel -d 'The nodes devtmpfs makes, from sysfs'
complete -c devtool -n '__devtool_using list apply diff' -l sysfs -x -a '(__fish_complete_directories)' -d 'With --kernel: the sysfs tree to read'
complete -c devtool -n '__devtool_using apply' -l archive-format -x -a 'newc odc bin ustar pax gnutar mtree' -d 'Archive format'
complete -c devtool -n '__devtool_using mknod list apply diff' -l users-from -x -a '(__fish_complete_directories)' -d 'Names from DIR/etc/passwd and group'
complete -c devtool -n '__devtool_using mknod' -l count -x -d 'Create N nodes'
complete -c devtool -n '__devtool_using mknod' -l start -x -d 'First number appended to the names'
complete -c devtool -n '__devtool_using mknod' -l step -x -d 'Minor increment'
complete -c devtool -n '__devtool_mknod_at 0' -F
complete -c devtool -n '__devtool_mknod_at 1' -x -a 'c\t"character device" u\t"character device" b\t"block device" p\tFIFO'
complete -c devtool -n '__devtool_mknod_at 2' -x -a '(__devtool_mknod_drivers)'

# devices.
complete -c devtool -n '__devtool_using devices' -s c -l char -d 'Only character devices'
complete -c devtool -n '__devtool_using devices' -s b -l block -d 'Only block devices'
complete -c devtool -n '__devtool_using devices' -l json -d 'Print JSON'
complete -c devtool -n '__devtool_using devices' -x -a '(__devtool_devices_drivers)'

# list.
complete -c devtool -n '__devtool_using list' -s o -l output -x -a '(__devtool_dialects)' -d 'Output dialect or device rules'
complete -c devtool -n '__devtool_using list' -l check -x -a "$layouts
$storage" -d 'Print nodes LAYOUT or a storage format cannot hold'
complete -c devtool -n '__devtool_using list' -l dirs -d 'List directories too'
complete -c devtool -n '__devtool_using list' -s x -l one-file-system -d 'Enter no mount point below a PATH'
complete -c devtool -n '__devtool_using list' -l table -d 'The operands are device tables to convert'
complete -c devtool -n '__devtool_using list' -l lossy -d 'Write what the dialect can hold, warn of the rest'
complete -c devtool -n '__devtool_using list' -l widen -d 'With -o deviceallow-groups: a group even where not every minor is listed'
complete -c devtool -n '__devtool_using list apply' -l merge -x -a 'error last first' -d 'How conflicting lines are taken'
complete -c devtool -n '__devtool_using list' -F

# make.
complete -c devtool -n '__devtool_using make' -s C -l directory -x -a '(__fish_complete_directories)' -d 'Create the nodes in DIR'
complete -c devtool -n '__devtool_using make' -l root -x -a '(__fish_complete_directories)' -d 'Create them in DIR/dev'
complete -c devtool -n '__devtool_using make' -l archive -r -F -d 'Archive FILE (- for standard output)'
complete -c devtool -n '__devtool_using make' -l archive-format -x -a 'newc odc bin ustar pax gnutar mtree' -d 'Archive format'
complete -c devtool -n '__devtool_using make' -s o -l output -x -a '(__devtool_dialects)' -d 'Print a device table or device rules instead'
complete -c devtool -n '__devtool_using make' -s r -l replace -d 'Replace or correct existing nodes'
complete -c devtool -n '__devtool_using make' -s n -l dry-run -d 'Print what would be done'
complete -c devtool -n '__devtool_using make' -s v -l verbose -d 'Print each action'
complete -c devtool -n '__devtool_using make' -s d -l delete -d 'Remove the device nodes and FIFOs the names make'
complete -c devtool -n '__devtool_using make' -l force -d 'Write into a live /dev all the same'
complete -c devtool -n '__devtool_using make' -l widen -d 'With -o deviceallow-groups: a group even where not every minor is listed'
complete -c devtool -n '__devtool_using make' -x -a 'std generic console consoleonly fd pty hd sd scd sr st sg ttyS ram loop md lp par audio input busmice misc fb raw tun cpu ipmi isdn-io isdnbri isdnmodem dac960 ida cciss ataraid dpti mcdx sbpcd null zero full random urandom ptmx fuse kvm net/tun rtc nvram hpet loop-control mapper/control ttyS0 ttyS1 ttyS2 ttyS3 tty0 tty1 tty2 tty3 sda sdb sdc sdd hda hdb hdc hdd fd0 fd1 loop0 loop1 ram0 md0 sr0 st0 lp0 fb0 ttyUSB0 ttyACM0 mmcblk0 xvda'

# apply.
complete -c devtool -n '__devtool_using apply' -l boot -d 'Also apply boot-only tmpfiles lines (c! ...)'
complete -c devtool -n '__devtool_using list' -l boot -d 'With --table: read boot-only tmpfiles lines (r! ...)'
complete -c devtool -n '__devtool_using list apply' -l prefix -r -a '(__fish_complete_directories)' -d 'Only the table lines at or below PATH'
complete -c devtool -n '__devtool_using list apply' -l exclude-prefix -r -a '(__fish_complete_directories)' -d 'None of the table lines at or below PATH'
complete -c devtool -n '__devtool_using list apply' -l strict -d 'A tmpfiles line devtool does not create is an error'
complete -c devtool -n '__devtool_using apply' -l remove -r -F -d 'Remove the device nodes and FIFOs FILE lists'
complete -c devtool -n '__devtool_using apply' -F

# diff: each side a tree PATH, --table, --archive or --kernel.
complete -c devtool -n '__devtool_using diff' -l table -r -F -d 'A side: a device table'
complete -c devtool -n '__devtool_using diff' -l json -d 'Each difference as a JSON object'
complete -c devtool -n '__devtool_using diff' -s o -l output -x -a '(__devtool_dialects read)' -d 'Write the table that turns A into B'
complete -c devtool -n '__devtool_using diff' -l removals -r -F -d 'With -o: the device nodes and FIFOs only in A, for apply --remove'
complete -c devtool -n '__devtool_using diff' -l ignore -x -a 'numbers target mode owner group time' -d 'Compare without these fields'
complete -c devtool -n '__devtool_using diff' -l only -x -a 'c b p s l d f' -d 'Compare only these types'
complete -c devtool -n '__devtool_using diff' -s x -l one-file-system -d 'In a tree, enter no other mount'
complete -c devtool -n '__devtool_using diff' -F

# help: one operand, the verb whose page to show.
complete -c devtool -n '__devtool_using help; and test (count (__devtool_operands)) -eq 0' -a 'encode decode convert explain formats mknod devices list apply make diff help'
