# bash completion for devtool(1)                           -*- shell-script -*-
#
# Installed as .../bash-completion/completions/devtool; needs bash-completion
# 2.x (_init_completion, _filedir).

# The layout names that -f, -t and --check take.
_devtool_layouts='8:8 old 16:16 12:20 linux glibc native osf1 svr4 solaris hpux
netbsd freebsd bsdos 386bsd 4bsd isc sco sunos svr3 ultrix'
# The storage formats that list --check takes too.
_devtool_storage='newc odc bin ustar gnutar squashfs erofs ext4 ext2-old cramfs
genext2fs'

# What make takes: MAKEDEV's groups and some names (devtool(1), DEVICE
# REGISTRY).
_devtool_make_names="std generic console consoleonly fd pty hd sd scd sr st sg ttyS ram loop md lp par audio input busmice misc fb raw tun cpu ipmi isdn-io isdnbri isdnmodem dac960 ida cciss ataraid dpti mcdx sbpcd null zero full random urandom ptmx fuse kvm net/tun rtc nvram hpet loop-control mapper/control ttyS0 ttyS1 ttyS2 ttyS3 tty0 tty1 tty2 tty3 sda sdb sdc sdd hda hdb hdc hdd fd0 fd1 loop0 loop1 ram0 md0 sr0 st0 lp0 fb0 ttyUSB0 ttyACM0 mmcblk0 xvda"

# The options of each verb, and the ones that take an argument.
_devtool_options()
{
    local common='-q --quiet -h -? --help --usage'
    case $1 in
        encode)
            echo "-f --format --strict -x --hex --json --json-array -o --output --kdev" \
                "-k --keep-going $common"
            ;;
        decode)
            echo "-f --format --strict -x --hex --colon --kdev --json -o --output" \
                "--json-array -k --keep-going -v --verbose $common"
            ;;
        convert)
            echo "-f --format -t --to --strict -x --hex -k --keep-going $common"
            ;;
        explain)
            echo "-f --format --strict --value --json --json-array -o --output" \
                "$common"
            ;;
        formats)
            echo "--json --json-array --dialects -o --output $common"
            ;;
        mknod)
            echo "-m --mode -u --owner -g --group --reference -r --replace" \
                "-p --parents -n --dry-run -v --verbose --root --users-from" \
                "-f --format" \
                "--strict --count --start --step $common"
            ;;
        devices)
            echo "-c --char -b --block --json --json-array -o --output $common"
            ;;
        list)
            echo "-o --output --json --json-array --check --dirs -x" \
                "--one-file-system" \
                "--root --archive --table -i --input --users-from --lossy" \
                "--merge --kernel --sysfs --widen --prefix --exclude-prefix" \
                "--boot --strict $common"
            ;;
        apply)
            echo "-i --input --root --users-from --archive --archive-format -r" \
                "--replace -n --dry-run -v --verbose --boot --merge --kernel" \
                "--sysfs --remove --prefix --exclude-prefix --strict $common"
            ;;
        diff)
            echo "--table --archive --kernel --root -i --input --json -o" \
                "--output --ignore --only -x --one-file-system --sysfs" \
                "--users-from --removals --json-array $common"
            ;;
        make)
            echo "-C --directory --root --archive --archive-format -o --output" \
                "-r --replace -n --dry-run -v --verbose -d --delete --force" \
                "--widen --json-array $common"
            ;;
        help)
            echo "$common"
            ;;
    esac
}

# Options (of any verb) whose argument is the next word.
_devtool_takes_arg()
{
    case $1 in
        -f | --format | -t | --to | --value | -m | --mode | -u | --owner | \
            -g | --group | --reference | --root | --users-from | --count | --start | \
            --step | -o | --output | --check | --archive | --archive-format | \
            -i | --input | -C | --directory | --merge | --sysfs | --ignore | \
            --only | --remove | --removals | --prefix | --exclude-prefix)
            return 0
            ;;
        --*) return 1 ;;
        # A cluster of short options whose last letter wants an argument.
        -*[ftmugoC]) [[ $1 != -*[!a-zA-Z?]* ]] ;;
        *) return 1 ;;
    esac
}

# Driver names from /proc/devices (or $DEVTOOL_PROC_DEVICES): $1 is c, b or
# "cb" for both sections.
_devtool_drivers()
{
    local file=${DEVTOOL_PROC_DEVICES:-/proc/devices}
    # a regular file only: a FIFO named there would block the shell
    [[ -f $file && -r $file ]] || return 0
    awk -v want="$1" '
        /^Character devices:/ { sect = "c"; next }
        /^Block devices:/ { sect = "b"; next }
        NF >= 2 && $1 ~ /^[0-9]+$/ && index(want, sect) { print $2 }
    ' "$file" 2>/dev/null
}

# The table dialects of the devtool being completed ($1), as its registry
# gives them (devtool formats --dialects): every one, or with $2 = read
# those that apply reads.  A dialect added to the binary is offered
# without a word here.
_devtool_dialects()
{
    command -v -- "$1" >/dev/null 2>&1 || return 0
    "$1" formats --dialects 2>/dev/null | awk -v want="$2" '
        NR > 1 && (want != "read" || $2 == "yes") { print $1 }'
}

_devtool()
{
    local cur prev words cword split
    _init_completion -s -n : || return

    local verbs='encode decode convert explain formats mknod devices list apply make diff help'
    local i verb='' verbidx=0
    for ((i = 1; i < cword; i++)); do
        case ${words[i]} in
            -*) ;;
            *)
                verb=${words[i]}
                verbidx=$i
                break
                ;;
        esac
    done

    if [[ -z $verb ]]; then
        if [[ $cur == -* ]]; then
            mapfile -t COMPREPLY < <(compgen -W \
                '-q --quiet -h --help -V --version' -- "$cur")
        else
            mapfile -t COMPREPLY < <(compgen -W "$verbs" -- "$cur")
        fi
        return
    fi

    # The argument of an option.
    case $prev in
        -f | --format | -t | --to | --check)
            local names=$_devtool_layouts
            [[ $prev == --check ]] && names+=" $_devtool_storage kernel"
            mapfile -t COMPREPLY < <(compgen -W "$names" -- "$cur")
            __ltrim_colon_completions "$cur"
            return
            ;;
        -o | --output)
            local outputs='text json'
            # list and make: the tables, then the device rules (written
            # only, so not -i's)
            [[ $verb == list || $verb == make ]] &&
                outputs=$(_devtool_dialects "${words[0]}")
            # diff: a patch, a table apply reads
            [[ $verb == diff ]] &&
                outputs=$(_devtool_dialects "${words[0]}" read)
            mapfile -t COMPREPLY < <(compgen -W "$outputs" -- "$cur")
            return
            ;;
        -i | --input)
            mapfile -t COMPREPLY < <(compgen -W \
                "$(_devtool_dialects "${words[0]}" read)" -- "$cur")
            return
            ;;
        --root | --users-from | -C | --directory | --sysfs)
            _filedir -d
            return
            ;;
        --archive | --reference | --table)
            _filedir
            return
            ;;
        --prefix | --exclude-prefix)
            _filedir -d
            return
            ;;
        --archive-format)
            mapfile -t COMPREPLY < <(compgen -W \
                'newc odc bin ustar pax gnutar mtree' -- "$cur")
            return
            ;;
        --merge)
            mapfile -t COMPREPLY < <(compgen -W 'error last first' -- "$cur")
            return
            ;;
        --ignore)
            mapfile -t COMPREPLY < <(compgen -W \
                'numbers target mode owner group time' -- "$cur")
            return
            ;;
        --only)
            mapfile -t COMPREPLY < <(compgen -W 'c b p s l d f' -- "$cur")
            return
            ;;
        -u | --owner)
            mapfile -t COMPREPLY < <(compgen -u -- "$cur")
            return
            ;;
        -g | --group)
            mapfile -t COMPREPLY < <(compgen -g -- "$cur")
            return
            ;;
        -m | --mode)
            mapfile -t COMPREPLY < <(compgen -W \
                '0600 0620 0640 0644 0660 0666' -- "$cur")
            return
            ;;
        --value | --count | --start | --step)
            return
            ;;
    esac
    [[ $split == true ]] && return

    # The operands given so far, without options and their arguments.
    local -a args=()
    local w skip=false dashdash=false
    for ((i = verbidx + 1; i < cword; i++)); do
        w=${words[i]}
        if [[ $skip == true ]]; then
            skip=false
        elif [[ $dashdash == true || $w == - || $w != -* ]]; then
            args+=("$w")
        elif [[ $w == -- ]]; then
            dashdash=true
        elif _devtool_takes_arg "$w"; then
            skip=true
        fi
    done

    if [[ $cur == -* && $dashdash == false ]]; then
        mapfile -t COMPREPLY < <(compgen -W "$(_devtool_options "$verb")" \
            -- "$cur")
        return
    fi

    case $verb in
        mknod)
            case ${#args[@]} in
                0) _filedir ;;
                1)
                    mapfile -t COMPREPLY < <(compgen -W 'c u b p' -- "$cur")
                    ;;
                2)
                    local sect
                    case ${args[1]} in
                        c | u) sect=c ;;
                        b) sect=b ;;
                        *) return ;;
                    esac
                    mapfile -t COMPREPLY < <(compgen -W \
                        "$(_devtool_drivers "$sect")" -- "$cur")
                    ;;
            esac
            ;;
        devices)
            local sect=cb
            for ((i = verbidx + 1; i < cword; i++)); do
                case ${words[i]} in
                    -c | --char) sect=c ;;
                    -b | --block) sect=b ;;
                esac
            done
            mapfile -t COMPREPLY < <(compgen -W "$(_devtool_drivers "$sect")" \
                -- "$cur")
            ;;
        list)
            _filedir
            ;;
        apply)
            _filedir
            ;;
        diff)
            _filedir
            ;;
        make)
            mapfile -t COMPREPLY < <(compgen -W "$_devtool_make_names" \
                -- "$cur")
            ;;
        help)
            # one operand: the verb whose page to show
            ((cword == verbidx + 1)) &&
                mapfile -t COMPREPLY < <(compgen -W "$verbs" -- "$cur")
            ;;
    esac
} &&
    complete -F _devtool devtool

# ex: filetype=sh
