#!/usr/bin/env python3
"""Transcribes the facts of ONNX's operator changelog (docs/Changelog.md, docs/Changelog-ml.md of a checkout of
the onnx repository) into onnxsem's signature text (values/signature.hpp, spec/types.md TY1): for every
operator version, its formals with their forms, the arity bounds, the type constraints and the attributes
with their types, required-ness and defaults. Each operator goes to the family folder of ops/ whose sources
name it; the output is ops/FAMILY/signatures.txt, which the build embeds (ops/catalog/embed_signatures.py).
Where the changelog is wrong, or another source shows a fact to be otherwise, the signature text is corrected
in ops/catalog/signature_corrections.txt (its header says how), never in the written files: the script
applies the corrections after transcribing, so that it can be run again for the next release.

    python3 ops/catalog/signatures_from_changelog.py CHANGELOG_MD CHANGELOG_ML_MD

--check writes nothing: it says whether the files it would write are the checked-in ones, byte for byte (exit
status 1 and the first differing lines when not). Without the two paths it takes them from the folder the
environment variable ONNX_DOCS names (docs/ of an onnx checkout), and without that it says why it cannot check
and exits with 77, meson's code for a skipped test (the meson test signatures-changelog):

    ONNX_DOCS=../onnx/docs python3 ops/catalog/signatures_from_changelog.py --check

--check-data needs no changelog (the meson test signatures-data): the written files are as the script writes
them (its header, blocks in order, no operator version twice), every correction is well formed, has its reason
and shows in the files, and the corrections' rules hold on a sample.

With --catalog it writes instead ops/catalog/catalog_data.inc, the list of every operator's since-versions per
domain (spec/opsets.md, O4), from the same two files; ONNX_VERSION names the release they come from:

    python3 ops/catalog/signatures_from_changelog.py --catalog ONNX_VERSION CHANGELOG_MD CHANGELOG_ML_MD
"""
import difflib, glob, html, os, re, sys, collections, textwrap

def parse(path, default_domain):
    text = open(path).read()
    domain = default_domain
    out = []
    cur = None
    section = None
    for line in text.split('\n'):
        m = re.match(r"^# (ai\.onnx[\w.]*)\s*$", line)
        if m: domain = m.group(1); continue
        m = re.match(r'^### <a name="([^"]+)"></a>\*\*(.+)\*\*', line)
        if m:
            if cur: out.append(cur)
            name = m.group(2)
            # name like Add-14 or ai.onnx.ml.LabelEncoder-2
            op, ver = name.rsplit('-', 1)
            if '.' in op: op = op.rsplit('.', 1)[1]
            cur = dict(domain=domain, op=op, since=int(ver), inputs=[], outputs=[], types={}, attrs=[],
                       arity_in=None, arity_out=None, deprecated='(deprecated)' in line)
            section = None; continue
        if cur is None: continue
        m = re.match(r'^#### (Inputs|Outputs|Attributes|Type Constraints|Version)(?: \((\d+) - (\d+|&#8734;)\))?', line)
        if m:
            section = m.group(1)
            if m.group(2):
                hi = m.group(3); hi = 'inf' if hi == '&#8734;' else int(hi)
                if section == 'Inputs': cur['arity_in'] = (int(m.group(2)), hi)
                if section == 'Outputs': cur['arity_out'] = (int(m.group(2)), hi)
            continue
        if line.startswith('#### ') or line.startswith('## '):
            section = None; continue
        m = re.match(r'^<dt><tt>([^<]*)</tt>(?: \(([^)]*)\))? : (.*)</dt>\s*$', line)
        if not m or section is None: continue
        name, flags, rest = m.group(1), m.group(2) or '', html.unescape(m.group(3))
        flags = [f.strip() for f in flags.split(',') if f.strip()]
        if section in ('Inputs', 'Outputs'):
            opt = 'single'
            if 'optional' in flags: opt = 'optional'
            if 'variadic' in flags: opt = 'variadic-mixed' if 'heterogeneous' in flags else 'variadic'
            ty = rest.strip().replace(' ', '')
            cur['inputs' if section == 'Inputs' else 'outputs'].append((name, ty, opt))
        elif section == 'Type Constraints':
            cur['types'][name] = [t.strip().replace(' ', '') for t in split_types(rest)]
        elif section == 'Attributes':
            m2 = re.match(r'^(.*?)(?: \((required|default is (.*))\))?$', rest.strip())
            aty, req, dflt = m2.group(1).strip(), m2.group(2), m2.group(3)
            cur['attrs'].append((name, aty, 'required' if req == 'required' else None, dflt))
    if cur: out.append(cur)
    return out
def split_types(s):
    parts, depth, buf = [], 0, ''
    for ch in s:
        if ch == '(' : depth += 1
        if ch == ')' : depth -= 1
        if ch == ',' and depth == 0: parts.append(buf); buf = ''; continue
        buf += ch
    if buf.strip(): parts.append(buf)
    return parts

def write_catalog(onnx_version, ops, path):
    # The default domain is keyed "" (O2); entries sorted by (domain, operator), versions ascending.
    since = collections.defaultdict(set)
    for o in ops:
        since[('' if o['domain'] == 'ai.onnx' else o['domain'], o['op'])].add(o['since'])
    last = collections.defaultdict(int)
    for (dom, _), vs in since.items():
        last[dom] = max(last[dom], max(vs))
    ranges = ', '.join(f"{d or 'ai.onnx'} up to {v}" for d, v in sorted(last.items()))
    with open(path, 'w') as fh:
        fh.write("// (domain, op_type, since-versions): ONNX's operator versions, sorted by (domain, op). Written by\n"
                 "// ops/catalog/signatures_from_changelog.py --catalog from docs/Changelog.md and docs/Changelog-ml.md\n"
                 + textwrap.fill(f"of ONNX {onnx_version}: {ranges}.", width=108, initial_indent='// ',
                                 subsequent_indent='// ') + '\n')
        for (dom, op), vs in sorted(since.items()):
            fh.write(f'    {{"{dom}", "{op}", {{{", ".join(str(v) for v in sorted(vs))}}}}},\n')
    print(path, len(since))


HERE = os.path.dirname(os.path.abspath(__file__))
OPS = os.path.normpath(os.path.join(HERE, '..'))
CORRECTIONS = os.path.join(HERE, 'signature_corrections.txt')
# The kinds of a block's lines, in the order the script writes them (an added line goes after its kind).
KINDS = ('op', 'deprecated', 'in', 'out', 'arity', 'type', 'attr')
ATTR = {'int': 'int', 'float': 'float', 'string': 'string', 'tensor': 'tensor', 'graph': 'graph',
        'list of ints': 'ints', 'list of floats': 'floats', 'list of strings': 'strings', 'list of tensors': 'tensors',
        'list of graphs': 'graphs', 'sparse_tensor': 'sparse_tensor', 'type_proto': 'type_proto'}


class Refused(Exception):
    pass


def rel(path):
    return os.path.relpath(path, os.path.dirname(OPS))


def families():
    return [d for d in sorted(os.listdir(OPS)) if os.path.isdir(os.path.join(OPS, d)) and d not in ('common', 'catalog')]


def family_of(ops, fams):
    """(domain, op) -> the family whose sources name the operator (as a string); the control-flow operators
    go to control/, the unnamed training operators to loss/."""
    src = {f: ''.join(open(p).read() for p in sorted(glob.glob(f'{OPS}/{f}/*.cpp')) if not p.endswith('.test.cpp'))
           for f in fams}
    fam_of, unmatched = {}, []
    control = {'If', 'Loop', 'Scan', 'SequenceMap'}
    for dom, op in sorted({(o['domain'], o['op']) for o in ops}):
        if dom == 'ai.onnx' and op in control: fam_of[(dom, op)] = 'control'; continue
        hits = [f for f in fams if re.search(r'"' + re.escape(op) + r'"', src[f])]
        if dom == 'ai.onnx.ml': hits = ['ml'] if 'ml' in hits else hits
        if dom == 'ai.onnx.preview.training' and not hits: hits = ['loss']  # with the training operators
        if len(hits) >= 1: fam_of[(dom, op)] = hits[0]
        if len(hits) != 1: unmatched.append((dom, op, hits))
    print('operators matched to no family or to several (first taken):', unmatched)
    return fam_of


def block(o):
    """The lines of one operator version's signature text."""
    L = [f"op {o['domain']} {o['op']} {o['since']}"]
    if o.get('deprecated'): L.append('deprecated')
    for kind, key in (('in', 'inputs'), ('out', 'outputs')):
        for name, ty, opt in o[key]:
            L.append(f"{kind} {name} {ty}" + ('' if opt == 'single' else ' ' + opt))
    if o['arity_in']: L.append(f"arity in {o['arity_in'][0]} {o['arity_in'][1]}")
    if o['arity_out']: L.append(f"arity out {o['arity_out'][0]} {o['arity_out'][1]}")
    for v, ts in o['types'].items():
        L.append(f"type {v} " + ' '.join(ts))
    for name, aty, req, d in o['attrs']:
        line = f"attr {name} {ATTR[aty]}"
        if req: line += ' required'
        elif d is not None: line += ' default ' + d
        L.append(line)
    return L


def label(key):
    return f'{key[0]} {key[1]} {key[2]}'


def read_corrections(text, name):
    """The corrections of a corrections text: dicts of `at` (domain, op, since), `why` and `changes`, each
    change [verb, line, replacement, line number]. Refuses a malformed one."""
    out = []
    for no, raw in enumerate(text.split('\n'), 1):
        line = raw.strip()
        if not line or line.startswith('#'): continue
        verb, _, rest = line.partition(' ')
        rest = rest.strip()
        where = f'{name}:{no}'
        if verb == 'at':
            parts = rest.split()
            if len(parts) != 3 or not parts[2].isdigit(): raise Refused(f'{where}: expected `at DOMAIN OP_TYPE SINCE`')
            key = (parts[0], parts[1], int(parts[2]))
            if any(c['at'] == key for c in out): raise Refused(f'{where}: {label(key)} is corrected twice')
            out.append(dict(at=key, why=None, changes=[], line=no))
            continue
        if not out: raise Refused(f'{where}: `{verb}` before the first `at`')
        c = out[-1]
        if not rest: raise Refused(f'{where}: `{verb}` without its text')
        if verb == 'why':
            if c['why']: raise Refused(f'{where}: a second `why` for {label(c["at"])}')
            c['why'] = rest
        elif verb in ('remove', 'add', 'replace'):
            if c['changes'] and c['changes'][-1][0] == 'replace' and c['changes'][-1][2] is None:
                raise Refused(f'{where}: `replace` without its `by`')
            c['changes'].append([verb, rest, None, no])
        elif verb == 'by':
            if not c['changes'] or c['changes'][-1][0] != 'replace' or c['changes'][-1][2] is not None:
                raise Refused(f'{where}: `by` not after a `replace`')
            c['changes'][-1][2] = rest
        else:
            raise Refused(f'{where}: unknown word `{verb}` (at, why, remove, add, replace, by)')
    for c in out:
        where = f'{name}:{c["line"]}: {label(c["at"])}'
        if not c['why']: raise Refused(f'{where}: a correction without its reason (`why`)')
        if not c['changes']: raise Refused(f'{where}: a correction that changes nothing')
        if c['changes'][-1][0] == 'replace' and c['changes'][-1][2] is None:
            raise Refused(f'{where}: `replace` without its `by`')
        for verb, line, new, no in c['changes']:
            for l in (line, new):
                if l is not None and (l.split()[0] not in KINDS or l.split()[0] == 'op'):
                    raise Refused(f'{name}:{no}: `{l}` is not a line a correction may change')
    return out


def apply(lines, c, name):
    """The lines of an operator version with the correction c applied."""
    lines = list(lines)
    for verb, line, new, no in c['changes']:
        where = f'{name}:{no}: {label(c["at"])}'
        if verb == 'add':
            if line in lines: raise Refused(f'{where} already has the line `{line}`')
            k = KINDS.index(line.split()[0])
            at = max(i for i, l in enumerate(lines) if KINDS.index(l.split()[0]) <= k) + 1
            lines.insert(at, line)
            continue
        if lines.count(line) != 1: raise Refused(f'{where} has no line `{line}`')
        if new is not None and new in lines: raise Refused(f'{where} already has the line `{new}`')
        if verb == 'remove': lines.remove(line)
        else: lines[lines.index(line)] = new
    return lines


def header(family):
    return (f"# The signatures of the {family} family's operator versions (spec/types.md, TY1), in onnxsem's\n"
            "# signature text (values/signature.hpp): every version ONNX defines for these operators,\n"
            "# implemented or not. Written by ops/catalog/signatures_from_changelog.py from ONNX's changelog\n"
            "# with ops/catalog/signature_corrections.txt applied: correct a fact there, not here.\n")


def render(family, blocks):
    return header(family) + '\n' + '\n\n'.join('\n'.join(b) for b in blocks) + '\n'


def data_files():
    return {f: os.path.join(OPS, f, 'signatures.txt') for f in families()
            if os.path.exists(os.path.join(OPS, f, 'signatures.txt'))}


def written(ops):
    """{path: text} of every signatures.txt the changelog's operators and the corrections make."""
    fam_of = family_of(ops, families())
    blocks = {}
    for o in ops:
        key = (o['domain'], o['op'], o['since'])
        if key in blocks: raise Refused(f'the changelog describes {label(key)} twice')
        if (o['domain'], o['op']) in fam_of: blocks[key] = block(o)
    corrections = read_corrections(open(CORRECTIONS).read(), rel(CORRECTIONS))
    for c in corrections:
        if c['at'] not in blocks: raise Refused(f'{rel(CORRECTIONS)}:{c["line"]}: no operator version {label(c["at"])}')
        blocks[c['at']] = apply(blocks[c['at']], c, rel(CORRECTIONS))
    by_fam = collections.defaultdict(list)
    for key in sorted(blocks):
        by_fam[fam_of[key[:2]]].append(blocks[key])
    for f, lst in sorted(by_fam.items()): print(f, len(lst))
    print(len(blocks), 'operator versions,', len(corrections), 'corrections')
    return {os.path.join(OPS, f, 'signatures.txt'): render(f, lst) for f, lst in by_fam.items()}


def read_data(family, path):
    """{key: lines} of a checked-in signatures.txt; refuses one the script would not have written."""
    text = open(path).read()
    name = rel(path)
    if not text.startswith(header(family) + '\n'): raise Refused(f"{name}: not the script's header")
    body = text[len(header(family)) + 1:]
    if not body.endswith('\n') or body.endswith('\n\n'): raise Refused(f'{name}: not one line end at its end')
    out, prev = {}, None
    for b in body[:-1].split('\n\n'):
        lines = b.split('\n')
        head = lines[0].split()
        if len(head) != 4 or head[0] != 'op' or not head[3].isdigit():
            raise Refused(f'{name}: a block that does not start with `op DOMAIN OP_TYPE SINCE`: `{lines[0]}`')
        key = (head[1], head[2], int(head[3]))
        if prev is not None and key <= prev: raise Refused(f'{name}: {label(key)} out of order or twice')
        prev = key
        kinds = [KINDS.index(l.split()[0]) if l.split() and l.split()[0] in KINDS else -1 for l in lines]
        if -1 in kinds[1:] or 0 in kinds[1:] or kinds[1:] != sorted(kinds[1:]):
            raise Refused(f'{name}: {label(key)}: a line of no kind, or out of the order {" ".join(KINDS)}')
        out[key] = lines
    return out


def check_rules():
    """The corrections' rules on a sample operator version; returns how many cases held."""
    sample = ['op ai.onnx Foo 7', 'in X T', 'out Y T', 'type T tensor(float)', 'attr alpha float default 1.0']
    ok = ('at ai.onnx Foo 7\nwhy a sample\nreplace type T tensor(float)\nby type T tensor(float) tensor(double)\n'
          'add in Z T optional\nremove attr alpha float default 1.0\nadd deprecated\n')
    want = ['op ai.onnx Foo 7', 'deprecated', 'in X T', 'in Z T optional', 'out Y T',
            'type T tensor(float) tensor(double)']
    got = apply(sample, read_corrections(ok, 'sample')[0], 'sample')
    if got != want: raise Refused(f'sample: corrected to {got}, not {want}')
    bad = {'at ai.onnx Foo 7\nadd in Z T\n': 'without its reason',
           'at ai.onnx Foo 7\nwhy w\n': 'changes nothing',
           'at ai.onnx Foo 7\nwhy w\nreplace in X T\n': 'without its `by`',
           'at ai.onnx Foo 7\nwhy w\nreplace in X T\nadd in Z T\n': 'without its `by`',
           'at ai.onnx Foo 7\nwhy w\nby in X T\n': 'not after a `replace`',
           'at ai.onnx Foo 7\nwhy w\nwhy v\nadd in Z T\n': 'a second `why`',
           'at ai.onnx Foo 7\nwhy w\nadd in Z T\nat ai.onnx Foo 7\nwhy v\nadd in W T\n': 'corrected twice',
           'at ai.onnx Foo\n': 'expected `at',
           'why w\n': 'before the first `at`',
           'at ai.onnx Foo 7\nwhy w\nswap in X T\n': 'unknown word',
           'at ai.onnx Foo 7\nwhy w\nadd op ai.onnx Bar 7\n': 'not a line a correction may change',
           'at ai.onnx Foo 7\nwhy w\nadd input X T\n': 'not a line a correction may change',
           'at ai.onnx Foo 7\nwhy w\nremove in Z T\n': 'has no line `in Z T`',
           'at ai.onnx Foo 7\nwhy w\nadd in X T\n': 'already has the line `in X T`',
           'at ai.onnx Foo 7\nwhy w\nreplace in X T\nby out Y T\n': 'already has the line `out Y T`'}
    for text, message in bad.items():
        try:
            apply(sample, read_corrections(text, 'sample')[0], 'sample')
        except Refused as e:
            if message in str(e): continue
            raise Refused(f'sample {text!r}: refused with `{e}`, not `{message}`')
        raise Refused(f'sample {text!r}: taken, not refused with `{message}`')
    return 1 + len(bad)


def check_data():
    """What can be checked without the changelog (see the module's text)."""
    seen = {}
    for f, path in data_files().items():
        for key, lines in read_data(f, path).items():
            if key in seen: raise Refused(f'{label(key)} is in {rel(path)} and in {rel(seen[key][0])}')
            seen[key] = (path, lines)
    corrections = read_corrections(open(CORRECTIONS).read(), rel(CORRECTIONS))
    for c in corrections:
        where = f'{rel(CORRECTIONS)}:{c["line"]}: {label(c["at"])}'
        if c['at'] not in seen: raise Refused(f'{where} is in no signatures.txt')
        path, lines = seen[c['at']]
        for verb, line, new, no in c['changes']:
            put = {'add': line, 'replace': new}.get(verb)
            if put is not None and put not in lines:
                raise Refused(f'{where}: {rel(path)} lacks the line `{put}` the correction puts in')
            if verb != 'add' and line in lines:
                raise Refused(f'{where}: {rel(path)} still has the line `{line}` the correction takes out')
    print(f'{len(data_files())} signature files, {len(seen)} operator versions, each once; {len(corrections)} '
          f'corrections, each with its reason, showing in the files; {check_rules()} sample cases of the '
          'corrections\' rules as expected')


def check(ops):
    want = written(ops)
    have = set(data_files().values())
    bad = 0
    for path in sorted(set(want) | have):
        old = open(path).read() if os.path.exists(path) else ''
        new = want.get(path, '')
        if old == new: continue
        bad += 1
        diff = list(difflib.unified_diff(old.split('\n'), new.split('\n'), rel(path) + ' (checked in)',
                                         rel(path) + ' (from the changelog)', lineterm='', n=1))
        print('\n'.join(diff[:40]) + ('\n...' if len(diff) > 40 else ''))
    if bad:
        print(f'{bad} signature files differ from what the changelog and the corrections make')
        return 1
    print(f'{len(want)} signature files, byte for byte what the changelog and the corrections make')
    return 0


def changelogs(args, checking):
    if len(args) == 2: return args
    docs = os.environ.get('ONNX_DOCS')
    if len(args) == 0 and docs:
        return [os.path.join(docs, 'Changelog.md'), os.path.join(docs, 'Changelog-ml.md')]
    if len(args) == 0 and checking:
        print('SKIP: the environment variable ONNX_DOCS does not name the docs/ folder of an onnx checkout '
              '(Changelog.md, Changelog-ml.md of the release ops/catalog/catalog_data.inc names), so the '
              'signature files cannot be compared with the changelog')
        sys.exit(77)
    print(__doc__)
    sys.exit(2)


if __name__ == '__main__':
    args = sys.argv[1:]
    try:
        if args[:1] == ['--catalog']:
            ops = parse(args[2], 'ai.onnx') + parse(args[3], 'ai.onnx.ml')
            write_catalog(args[1], ops, os.path.join(HERE, 'catalog_data.inc'))
        elif args[:1] == ['--check-data']:
            check_data()
        elif args[:1] == ['--check']:
            cl, ml = changelogs(args[1:], True)
            sys.exit(check(parse(cl, 'ai.onnx') + parse(ml, 'ai.onnx.ml')))
        else:
            cl, ml = changelogs(args, False)
            for path, text in sorted(written(parse(cl, 'ai.onnx') + parse(ml, 'ai.onnx.ml')).items()):
                with open(path, 'w') as fh: fh.write(text)
    except (Refused, OSError) as e:
        print('error:', e)
        sys.exit(1)
