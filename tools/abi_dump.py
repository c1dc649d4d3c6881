#!/usr/bin/env python3
"""The public ABI of libgridgeom as one reviewed text file, abi/gridgeom.abi.

Every API change is an edit of that file (docs/api.md, docs/architecture.md). It lists, header by
header: every exported function with its prototype, every static inline function with its
signature, every public struct and union with its size, alignment and the offset and size of each
field, and every enumerator with its value, as laid out on x86-64 (System V).

How the dump is made:
  - the public headers (the umbrella gridgeom.h, and io.h) are preprocessed with the build's C
    compiler; top-level declarations marked by GG_API (visibility "default") are the exported
    functions, struct/union/enum bodies give the field and enumerator names;
  - a generated C program includes the headers and prints sizeof, _Alignof and offsetof of every
    struct and field and the value of every enumerator; it is compiled with the same compiler;
  - nm lists the gg_ symbols the built library defines: each must be a declared function, and
    each declared function must be defined (a mismatch is reported as an error).

Usage:
  abi_dump.py --update [-C BUILDDIR]   rewrite abi/gridgeom.abi from the build (default: build)
  abi_dump.py --check  [-C BUILDDIR]   diff the build against abi/gridgeom.abi; exit 1 on change
  --lib LIB and --cc CC... name the library and compiler instead of reading them from BUILDDIR
  (meson's test 'abi' passes them). io.h entries are left out of the comparison when the library
  was built without the io layer.
"""
import argparse
import difflib
import json
import os
import pathlib
import platform
import re
import shlex
import subprocess
import sys
import tempfile

ROOT = pathlib.Path(__file__).resolve().parent.parent
ABI_FILE = pathlib.Path('abi') / 'gridgeom.abi'
HEADERS = ['gridgeom.h', 'io.h']  # the umbrella, and the optional io layer's header
EXPORT = '__attribute__((visibility("default")))'
LINE_MARK = re.compile(r'^#\s*(?:line\s+)?\d+\s+"([^"]*)".*$')


def run(cmd, **kw):
    return subprocess.run(cmd, capture_output=True, text=True, check=True, **kw)


def strip_attributes(text):
    """Removes __attribute__((...)) groups (visibility, warn_unused_result, ...)."""
    out, i = [], 0
    while True:
        j = text.find('__attribute__', i)
        if j < 0:
            out.append(text[i:])
            return ''.join(out)
        out.append(text[i:j])
        k = text.index('(', j)
        depth = 0
        while True:
            if text[k] == '(':
                depth += 1
            elif text[k] == ')':
                depth -= 1
                if depth == 0:
                    break
            k += 1
        i = k + 1


def squash(text):
    text = re.sub(r'\s+', ' ', text).strip()
    text = re.sub(r'\s*([(),;\[\]])\s*', r'\1', text)
    text = text.replace(',', ', ')
    return re.sub(r'\*\s+(?=\w)', '*', text)


def top_level(text):
    """Splits preprocessed text into top-level statements, each tagged with its header; a
    statement with a body keeps the body (functions, struct/enum definitions)."""
    stmts, cur, depth, header = [], [], 0, None
    for line in text.splitlines():
        m = LINE_MARK.match(line)
        if m:
            header = m.group(1)
            continue
        for ch in line + '\n':
            cur.append(ch)
            if ch == '{':
                depth += 1
            elif ch == '}':
                depth -= 1
                if depth == 0:
                    s = ''.join(cur)
                    if re.match(r'\s*(static|inline)', s):  # a function body ends the statement
                        stmts.append((header, s))
                        cur = []
            elif ch == ';' and depth == 0:
                stmts.append((header, ''.join(cur)))
                cur = []
    return [(h, s.strip()) for h, s in stmts if s.strip()]


def field_names(body):
    """Field names of a struct/union body (no nested records in our headers)."""
    names = []
    for decl in body.split(';'):
        decl = squash(decl)
        if not decl:
            continue
        fp = re.search(r'\(\*\s*(\w+)\)', decl)
        if fp:
            names.append(fp.group(1))
            continue
        if ':' in decl:
            raise SystemExit(f'abi_dump: bit-field in a public struct: {decl}')
        parts = decl.split(',')
        for k, p in enumerate(parts):
            p = re.sub(r'\[[^\]]*\]', '', p).strip()
            names.append(re.findall(r'\w+', p)[-1])
    return names


def parse_headers(cc, include, headers):
    """Returns [(header, kind, name, text)] and the records/enums to lay out."""
    src = ''.join(f'#include "gridgeom/{h}"\n' for h in headers)
    pp = run(cc + ['-std=c11', '-E', '-DGG_SHARED', '-I', str(include), '-x', 'c', '-'],
             input=src).stdout
    entries, records, enums = [], [], []
    for path, stmt in top_level(pp):
        if path is None or '/gridgeom/' not in path.replace(os.sep, '/'):
            continue
        header = os.path.basename(path)
        flat = squash(strip_attributes(stmt))
        rec = re.match(r'(?:typedef )?(struct|union) (gg_\w+) ?\{', flat)
        en = re.match(r'(?:typedef )?enum (gg_\w+) ?\{', flat)
        opaque = re.match(r'typedef (struct|union) (gg_\w+) (gg_\w+);$', flat)
        if EXPORT in stmt and '(' in stmt and '{' not in stmt:
            name = re.search(r'(\w+)\(', flat.split('(')[0] + '(').group(1)
            entries.append((header, 'func', name, flat))
        elif re.match(r'static inline', flat):
            sig = flat.split('{', 1)[0]
            name = re.search(r'(\w+)\($', sig.split('(')[0] + '(').group(1)
            entries.append((header, 'inline', name, sig))
        elif rec:
            body = stmt[stmt.index('{') + 1:stmt.rindex('}')]
            records.append((header, rec.group(1), rec.group(2), field_names(body)))
        elif re.match(r'typedef [^{]*\(\*gg_\w+\)\(', flat):
            name = re.search(r'\(\*(gg_\w+)\)', flat).group(1)
            entries.append((header, 'callback', name, flat))
        elif opaque:
            entries.append((header, 'opaque', f'{opaque.group(1)} {opaque.group(2)}',
                            'incomplete type: its layout is not API'))
        elif en:
            body = stmt[stmt.index('{') + 1:stmt.rindex('}')]
            names = [re.match(r'\s*(\w+)', e).group(1) for e in body.split(',') if e.strip()]
            enums.append((header, en.group(1), names))
    return entries, records, enums


def layouts(cc, include, headers, records, enums):
    """Compiles and runs a program printing sizes, offsets and enumerator values."""
    lines = ['#include <stddef.h>', '#include <stdio.h>']
    lines += [f'#include "gridgeom/{h}"' for h in headers]
    lines.append('int main(void) {')
    for header, kind, name, fields in records:
        t = f'{kind} {name}'
        lines.append(f'printf("{header}|{kind} {name} size %zu align %zu\\n", sizeof({t}), '
                     f'_Alignof({t}));')
        for f in fields:
            lines.append(f'printf("{header}|  field {f} offset %zu size %zu\\n", '
                         f'offsetof({t}, {f}), sizeof((({t} *)0)->{f}));')
    for header, name, names in enums:
        lines.append(f'printf("{header}|enum {name} size %zu\\n", sizeof(enum {name}));')
        for e in names:
            lines.append(f'printf("{header}|  {e} = %lld\\n", (long long){e});')
    lines.append('return 0; }')
    with tempfile.TemporaryDirectory(prefix='gg-abi-') as tmp:
        c = pathlib.Path(tmp) / 'layout.c'
        exe = pathlib.Path(tmp) / 'layout'
        c.write_text('\n'.join(lines) + '\n', encoding='utf-8')
        run(cc + ['-std=c11', '-I', str(include), str(c), '-o', str(exe)])
        out = run([str(exe)]).stdout
    blocks, cur = {}, None
    for line in out.splitlines():
        header, text = line.split('|', 1)
        if not text.startswith('  '):
            cur = (header, text)
            blocks[cur] = []
        else:
            blocks[cur].append(text)
    return blocks


def library_symbols(lib):
    shared = lib.endswith('.so') or '.so.' in lib or lib.endswith('.dylib')
    args = ['nm', '-D', '--defined-only', lib] if shared else ['nm', '-g', '--defined-only', lib]
    syms = set()
    for line in run(args).stdout.splitlines():
        parts = line.split()
        if len(parts) >= 3 and parts[1] in 'TDRB' and re.match(r'gg_[a-z0-9]', parts[2]):
            syms.add(parts[2])
    return syms


def dump(cc, lib, root):
    include = root / 'include'
    headers = [h for h in HEADERS if (include / 'gridgeom' / h).is_file()]
    entries, records, enums = parse_headers(cc, include, headers)
    blocks = layouts(cc, include, headers, records, enums)
    syms = library_symbols(lib)
    declared = {name: header for header, kind, name, _ in entries if kind == 'func'}
    io_built = any(h == 'io.h' and n in syms for n, h in declared.items())
    skip = set() if io_built else {'io.h'}
    errors = [f'{n} ({h}) is declared GG_API but the library does not define it'
              for n, h in sorted(declared.items()) if n not in syms and h not in skip]
    errors += [f'the library exports {s}, which no public header declares'
               for s in sorted(syms - set(declared))]
    out = {}
    for header, kind, name, text in entries:
        out.setdefault(header, []).append((f'{kind} {name}', [f'  {text}']))
    for (header, text), body in blocks.items():
        out.setdefault(header, []).append((text, body))
    lines = []
    for header in sorted(h for h in out if h not in skip):
        lines.append(f'[{header}]')
        for head, body in sorted(out[header]):
            lines.append(head)
            lines.extend(body)
    return lines, errors, skip


HEADER_TEXT = """\
# The public ABI of libgridgeom on x86-64 (System V): exported functions with their prototypes,
# static inline functions, struct/union sizes, alignments and field offsets, enumerator values.
# Generated by tools/abi_dump.py; every change to it is an API or ABI change to review.
# Regenerate after an intended change: python3 tools/abi_dump.py --update -C <builddir>
"""


def from_build(builddir):
    info = pathlib.Path(builddir) / 'meson-info' / 'intro-targets.json'
    targets = json.loads(info.read_text(encoding='utf-8'))
    lib = next(t['filename'][0] for t in targets
               if t['name'] == 'gridgeom' and t['type'].endswith('library'))
    cc = next(s['compiler'] for t in targets for s in t['target_sources']
              if s.get('language') == 'c' and s.get('compiler'))
    return lib, cc


def main():
    ap = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    mode = ap.add_mutually_exclusive_group(required=True)
    mode.add_argument('--update', action='store_true')
    mode.add_argument('--check', action='store_true')
    ap.add_argument('-C', dest='builddir', default='build')
    ap.add_argument('--lib')
    ap.add_argument('--cc', nargs='+')
    ap.add_argument('--source', default=str(ROOT))
    a = ap.parse_args()
    root = pathlib.Path(a.source)
    if platform.machine() not in ('x86_64', 'AMD64'):
        print(f'abi: the committed list is for x86-64, this is {platform.machine()}: skipped')
        return 77
    lib, cc = (a.lib, a.cc) if a.lib and a.cc else from_build(a.builddir)
    lines, errors, skip = dump(cc, lib, root)
    for e in errors:
        print('abi: ERROR: ' + e)
    regen = f'python3 {root / "tools" / "abi_dump.py"} --update -C {shlex.quote(a.builddir)}'
    if a.lib:
        regen = (f'python3 {root / "tools" / "abi_dump.py"} --update --lib {shlex.quote(lib)} '
                 f'--cc {" ".join(shlex.quote(c) for c in cc)}')
    path = root / ABI_FILE
    if a.update:
        if errors:
            print('abi: not written; fix the errors above first')
            return 1
        if skip:
            print('abi: not written: the library was built without the io layer (needs jansson)')
            return 1
        path.parent.mkdir(exist_ok=True)
        path.write_text(HEADER_TEXT + '\n'.join(lines) + '\n', encoding='utf-8')
        print(f'abi: wrote {path} ({sum(1 for l in lines if l.startswith("func "))} exported '
              f'functions, {sum(1 for l in lines if l.startswith(("struct ", "union ")))} records)')
        return 0
    if not path.is_file():
        print(f'abi: {path} is missing; create it with: {regen}')
        return 1
    want = [l for l in path.read_text(encoding='utf-8').splitlines() if not l.startswith('#')]
    if skip:  # the io layer was not built: compare the rest
        kept, on = [], True
        for l in want:
            if l.startswith('['):
                on = l[1:-1] not in skip
            if on:
                kept.append(l)
        want = kept
    diff = list(difflib.unified_diff(want, lines, str(ABI_FILE) + ' (committed)',
                                     'built library', lineterm='', n=2))
    for l in diff:
        print(l)
    if diff:
        print(f'abi: the built library differs from {ABI_FILE}. If the change is intended, '
              f'regenerate the list and commit it with the change:\n  {regen}')
    else:
        print(f'abi: the built library matches {ABI_FILE}')
    return 1 if diff or errors else 0


if __name__ == '__main__':
    sys.exit(main())
