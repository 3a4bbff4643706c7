#!/usr/bin/env python3
"""man-split.py - split the one-page manual into devtool(1) and a page
per verb, devtool-VERB(1), as git and systemd split theirs.

    python3 scripts/man-split.py [MONOLITH [OUTDIR]]

reads MONOLITH (default man/devtool.1, the page with every verb in it)
and writes OUTDIR/devtool.1 (default man/) and OUTDIR/devtool-VERB.1 for
each verb.  It is a migration: it needs the "split:" markers of the
one-page manual and refuses a page without them (one it already split).
The output is the same for the same input, so the page can be edited
whole, the edits merged, and the split made again.

What goes where:
  - each "devtool VERB" subsection of DESCRIPTION is the verb's page:
    its text up to the marker `.\\" split: options` is the page's
    DESCRIPTION (the short synopsis the subsection begins with left out:
    the page has a SYNOPSIS), from it on its OPTIONS, followed by the
    common options of devtool(1); the marker `.\\" split: Nd TEXT` right
    under the subsection's heading is the page's one-line description;
  - the SYNOPSIS blocks whose `.Cm` is the verb are its SYNOPSIS;
  - the subsection of EXAMPLES named after the verb is its EXAMPLES;
  - its EXIT STATUS is devtool(1)'s table and the lines before it;
  - its SEE ALSO: devtool(1), the pages of the verbs it names, and the
    pages its text cross-references (.Xr) and those a marker
    `.\\" split: see NAME SECTION ...` in its subsection names;
  - everything else stays in devtool(1), whose DESCRIPTION lists the
    verbs (a subsection "Verbs") and whose SYNOPSIS keeps the forms that
    name no verb and gains a generic one.
Cross-references (.Sx) to a section that is now on another page name
that page: "STREAMS in devtool(1)", "devtool-list(1)".
"""
import os
import re
import sys

MARK = '.\\" split: '


def fail(msg):
    sys.exit('man-split: ' + msg)


def sections(lines, macro):
    """[(heading, [lines])] split at each line MACRO; heading None first."""
    out = [(None, [])]
    for line in lines:
        if line.startswith(macro + ' '):
            out.append((line[len(macro) + 1:], []))
        else:
            out[-1][1].append(line)
    return out


def synopsis_blocks(lines):
    """The SYNOPSIS as blocks each beginning with .Nm."""
    blocks = []
    for line in lines:
        if line == '.Nm' or not blocks:
            blocks.append([])
        blocks[-1].append(line)
    return blocks


def block_verb(block, verbs):
    for line in block:
        m = re.match(r'\.Cm (\S+)', line)
        if m and m.group(1) in verbs:
            return m.group(1)
    return None


# A bare .Nm, or one followed by punctuation or a macro, prints the page's
# name: devtool-VERB on a verb's page, where the text means devtool.
NM_BARE = re.compile(r'^\.Nm(?=$| (?:[^\w\s/.-]+|[A-Z][a-z][a-z]?)(?: |$))')


def devtool_nm(line):
    return NM_BARE.sub('.Nm devtool', line)


def retarget(line, names, here, verb_page):
    """Rewrites each Sx of LINE whose target is not on page HERE.

    names: every section and subsection heading of the one-page manual,
    here: the headings of the page being written; verb_page: the verb
    whose page it is, or None for devtool(1)."""
    def one(m):
        lead, rest = m.group(1), m.group(2)
        for name in names:
            if rest == name or rest.startswith(name + ' '):
                tail = rest[len(name):]
                break
        else:
            fail('unknown cross-reference: ' + line)
        if name.startswith('devtool ') and name[8:] in verbs_all:
            v = name[8:]
            if v == verb_page:
                return lead + 'Sx DESCRIPTION' + tail
            return lead + 'Xr devtool-' + v + ' 1' + tail
        if name in here:
            return lead + 'Sx ' + name + tail
        if verb_page is None:
            fail('cross-reference to a section devtool(1) no longer has: '
                 + line)
        return lead + 'Sx ' + name + ' No in Xr devtool 1' + tail
    return re.sub(r'(^\.|(?<= ))Sx (.*)$', one, line)


def xr_list(refs):
    """SEE ALSO: .Xr lines sorted by section, then name, comma-separated."""
    refs = sorted(set(refs), key=lambda r: (r[1], r[0]))
    return ['.Xr %s %s%s' % (n, s, ' ,' if i < len(refs) - 1 else '')
            for i, (n, s) in enumerate(refs)]


def cap(s):
    return s[0].upper() + s[1:]


def main():
    global verbs_all
    src = sys.argv[1] if len(sys.argv) > 1 else 'man/devtool.1'
    outdir = sys.argv[2] if len(sys.argv) > 2 else 'man'
    with open(src) as f:
        text = f.read()
    if MARK + 'Nd ' not in text:
        fail(src + ' has no "split:" markers: not the one-page manual '
             '(already split?)')
    lines = text.split('\n')
    if lines[-1] == '':
        lines.pop()

    head, *shs = sections(lines, '.Sh')
    head = head[1]
    sh = dict(shs)
    order = [h for h, _ in shs]
    dd = next(l for l in head if l.startswith('.Dd '))

    desc = sections(sh['DESCRIPTION'], '.Ss')
    verbs = []          # in the order of the manual
    nd = {}
    body = {}
    for name, ls in desc:
        if name and name.startswith('devtool '):
            v = name[8:]
            if not ls or not ls[0].startswith(MARK + 'Nd '):
                fail('subsection %s has no Nd marker under its heading'
                     % name)
            verbs.append(v)
            nd[v] = ls[0][len(MARK + 'Nd '):]
            body[v] = ls[1:]
    verbs_all = set(verbs)

    # every heading, longest first (so that "Sx DEVICE TABLES ," is not
    # read as a shorter one)
    names = sorted({h for h, _ in shs} |
                   {h for s in sh.values() for h, _ in sections(s, '.Ss')
                    if h}, key=len, reverse=True)

    syn = synopsis_blocks(sh['SYNOPSIS'])
    examples = sections(sh['EXAMPLES'], '.Ss')
    ex = {h: ls for h, ls in examples if h in verbs_all}
    common = next(ls for h, ls in desc if h == 'Common options')
    common_list = common[common.index(next(l for l in common
                                           if l.startswith('.Bl'))):]
    exit_lines = sh['EXIT STATUS']
    exit_table = exit_lines[:exit_lines.index('.El') + 1]

    for v in verbs:
        b = body[v]
        see = []
        for l in b:
            if l.startswith(MARK + 'see '):
                w = l[len(MARK + 'see '):].split()
                see += list(zip(w[::2], w[1::2]))
        b = [l for l in b if not l.startswith(MARK + 'see ')]
        # the subsection's short synopsis, up to its first .Pp
        if b and b[0] == '.Nm':
            b = b[b.index('.Pp') + 1:]
        if MARK + 'options' in b:
            k = b.index(MARK + 'options')
            d, o = b[:k], b[k + 1:]
        else:
            d, o = b, []
        if any(l.startswith(MARK) for l in d + o):
            fail('devtool %s: a marker out of place' % v)
        if v not in ex:
            fail('EXAMPLES has no subsection %s' % v)
        here = {'NAME', 'SYNOPSIS', 'DESCRIPTION', 'OPTIONS', 'EXAMPLES',
                'SEE ALSO'}
        page = []
        page += ['.\\" devtool-%s(1) - %s' % (v, nd[v]), dd,
                 '.Dt DEVTOOL-%s 1' % v.upper(), '.Os',
                 '.Sh NAME', '.Nm devtool-' + v, '.Nd ' + nd[v],
                 '.Sh SYNOPSIS']
        mine = [bl for bl in syn if block_verb(bl, verbs_all) == v]
        if not mine:
            fail('SYNOPSIS has no form of ' + v)
        for bl in mine:
            page += bl
        page += ['.Sh DESCRIPTION'] + d
        page += ['.Sh OPTIONS'] + o
        if o:
            page += ['.Pp']
        page += ['Every verb also takes the common options of',
                 '.Xr devtool 1 :'] + common_list
        page += ['.Sh EXIT STATUS'] + exit_table
        page += ['.Pp', 'What each status covers:', '.Sx EXIT STATUS .']
        page += ['.Sh EXAMPLES'] + ex[v]
        text_v = d + o + ex[v]
        refs = [('devtool', '1')] + see
        for l in text_v:
            for m in re.finditer(r'(?:^\.| )Cm (\S+)', l):
                if m.group(1) in verbs_all and m.group(1) != v:
                    refs.append(('devtool-' + m.group(1), '1'))
            for m in re.finditer(r'(?:^\.| )Xr (\S+) (\S+)', l):
                if m.group(1) != 'devtool-' + v:
                    refs.append((m.group(1), m.group(2)))
            for m in re.finditer(r'(?:^\.| )Sx devtool (\S+)', l):
                if m.group(1) in verbs_all and m.group(1) != v:
                    refs.append(('devtool-' + m.group(1), '1'))
        page += ['.Sh SEE ALSO'] + xr_list(refs)
        page = [devtool_nm(retarget(l, names, here, v))
                if not l.startswith('.Nm devtool-') else l for l in page]
        with open(os.path.join(outdir, 'devtool-%s.1' % v), 'w') as f:
            f.write('\n'.join(page) + '\n')

    # devtool(1)
    out = head + ['.Sh NAME'] + sh['NAME']
    out += ['.Sh SYNOPSIS']
    for bl in syn:
        if block_verb(bl, verbs_all) is None:
            out += bl
    out += ['.Nm', '.Op Fl q', '.Ar verb', '.Op Ar options',
            '.Op Ar operands']
    out += ['.Sh DESCRIPTION']
    listed = False
    for h, ls in desc:
        if h is not None and h.startswith('devtool ') and h[8:] in verbs_all:
            if not listed:
                out += ['.Ss Verbs',
                        'Each verb has its own page, with its options and '
                        'examples:',
                        '.Ql devtool help Ar verb',
                        'shows it.',
                        '.Bl -tag -width Ds']
                for v in verbs:
                    out += ['.It Xr devtool-%s 1' % v, cap(nd[v]) + '.']
                out += ['.El']
                listed = True
            continue
        if h is not None:
            out.append('.Ss ' + h)
        out += ls
    here = set(order) | {h for s in order if s not in ('DESCRIPTION',
                                                       'EXAMPLES')
                         for h, _ in sections(sh[s], '.Ss') if h}
    here |= {h for h, _ in desc if h and not h.startswith('devtool ')}
    here |= {h for h, _ in examples if h and h not in verbs_all}
    here.add('Verbs')
    for s in order:
        if s in ('NAME', 'SYNOPSIS', 'DESCRIPTION'):
            continue
        out.append('.Sh ' + s)
        if s == 'EXAMPLES':
            out += ['Each verb\'s page has examples of the verb; these '
                    'combine verbs.']
            for h, ls in examples:
                if h in verbs_all:
                    continue
                if h is not None:
                    out.append('.Ss ' + h)
                out += ls
        elif s == 'SEE ALSO':
            refs = []
            for l in sh[s]:
                m = re.match(r'\.Xr (\S+) (\S+)', l)
                if not m:
                    fail('SEE ALSO holds more than .Xr lines: ' + l)
                refs.append((m.group(1), m.group(2)))
            refs += [('devtool-' + v, '1') for v in verbs]
            out += xr_list(refs)
        else:
            out += sh[s]
    out = [retarget(l, names, here, None) for l in out]
    out = [l for l in out if not l.startswith(MARK)]
    with open(os.path.join(outdir, 'devtool.1'), 'w') as f:
        f.write('\n'.join(out) + '\n')


verbs_all = set()
main()
