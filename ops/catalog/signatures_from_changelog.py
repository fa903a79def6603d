#!/usr/bin/env python3
"""Transcribes the facts of ONNX's operator changelog (docs/Changelog.md, docs/Changelog-ml.md of a checkout of
the onnx repository) into onnxsem's signature text (semantics/signature.hpp, spec/types.md TY1): for every
operator version, its formals with their forms, the arity bounds, the type constraints and the attributes
with their types, required-ness and defaults. Each operator goes to the family folder of ops/ whose sources
name it; the output is ops/FAMILY/signatures.cpp. Corrections found later (by the comparison with libonnx,
conformance/libonnx_signatures.cpp) are made in those files.

    python3 ops/catalog/signatures_from_changelog.py CHANGELOG_MD CHANGELOG_ML_MD

With --catalog it writes instead ops/catalog/catalog_data.inc, the list of every operator's since-versions per
domain (spec/opsets.md, O4), from the same two files; ONNX_VERSION names the release they come from:

    python3 ops/catalog/signatures_from_changelog.py --catalog ONNX_VERSION CHANGELOG_MD CHANGELOG_ML_MD
"""
import html, json, os, re, sys, glob, collections, textwrap

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

if __name__ == '__main__':
    if sys.argv[1] == '--catalog':
        ops = parse(sys.argv[3], 'ai.onnx') + parse(sys.argv[4], 'ai.onnx.ml')
        write_catalog(sys.argv[2], ops, os.path.join(os.path.dirname(os.path.abspath(__file__)), 'catalog_data.inc'))
        sys.exit(0)
    ops = parse(sys.argv[1], 'ai.onnx') + parse(sys.argv[2], 'ai.onnx.ml')
    root = os.path.join(os.path.dirname(os.path.abspath(__file__)), '..')
    fams = [d for d in sorted(os.listdir(root)) if os.path.isdir(os.path.join(root, d)) and d not in ('common', 'catalog')]
    src = {f: ''.join(open(p).read() for p in glob.glob(f'{root}/{f}/*.cpp') if not p.endswith('.test.cpp')) for f in fams}
    names = sorted({(o['domain'], o['op']) for o in ops})
    fam_of = {}
    control = {'If', 'Loop', 'Scan', 'SequenceMap'}
    unmatched = []
    for dom, op in names:
        if dom == 'ai.onnx' and op in control: fam_of[(dom, op)] = 'control'; continue
        hits = [f for f in fams if re.search(r'"' + re.escape(op) + r'"', src[f])]
        if dom == 'ai.onnx.ml': hits = ['ml'] if 'ml' in hits else hits
        if dom == 'ai.onnx.preview.training' and not hits: hits = ['loss']  # with the training operators
        if len(hits) >= 1: fam_of[(dom, op)] = hits[0]
        if len(hits) != 1: unmatched.append((dom, op, hits))
    print('operators matched to no family or to several (first taken):', unmatched)
    ATTR = {'int': 'int', 'float': 'float', 'string': 'string', 'tensor': 'tensor', 'graph': 'graph',
            'list of ints': 'ints', 'list of floats': 'floats', 'list of strings': 'strings', 'list of tensors': 'tensors',
            'list of graphs': 'graphs', 'sparse_tensor': 'sparse_tensor', 'type_proto': 'type_proto'}
    by_fam = collections.defaultdict(list)
    for o in ops:
        f = fam_of.get((o['domain'], o['op']))
        if f: by_fam[f].append(o)
    def block(o):
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
        return '\n'.join(L)
    for f, lst in sorted(by_fam.items()):
        lst.sort(key=lambda o: (o['domain'], o['op'], o['since']))
        text = '\n\n'.join(block(o) for o in lst)
        path = f'{root}/{f}/signatures.cpp'
        with open(path, 'w') as fh:
            fh.write(f'''// The signatures of the {f} family's operator versions (spec/types.md, TY1): inputs and outputs, type
// constraints, attributes. Facts from ONNX's operator definitions, written in onnxsem's signature text
// (semantics/signature.hpp); every version ONNX defines for these operators, implemented or not.
#include "ops/registry.hpp"

namespace onnxsem::ops {{

void describe_{f}(Registry& r) {{
  r.describe(R"sig(
{text}
)sig");
}}

}}  // namespace onnxsem::ops
''')
        print(f, len(lst))
