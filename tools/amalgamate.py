#!/usr/bin/env python3
"""Writes the one-file distribution of libgridgeom, like SQLite's sqlite3.c: OUT/gridgeom.c (every
source file of the core layers, and of io with --io, with every header it needs inlined) and
OUT/gridgeom/*.h (the public headers, for the host's include path). gridgeom.c compiles alone:

    cc -std=c11 -Wall -Wextra -Wpedantic -Werror -c gridgeom.c

Nothing needs to be passed on the command line: the one flag results depend on, no contraction of
a*b+c into a fused multiply-add (the hex line must be bit-exact with a reference that has none), is
set by pragmas at the top of the file. The io layer (--io) needs jansson when the host compiles it.

Files are concatenated in layer order (base, core, topology, hex, rules, any other layer, then io),
sorted by path within a layer, so moving or splitting files needs no edit here. What concatenation
would break is handled here, not in the sources:
  - every header is inlined once, ahead of the first source file, and every system include is
    hoisted to the top, so a source file's section holds only its own text;
  - a file-scope name (static function or variable, type, tag, enum constant) defined in more than
    one source file is renamed in each file's section with a #define, undone after the section;
  - every macro a source file defines is #undef'd after its section;
  - internal (gg__) functions and objects become static (GG__PRIVATE), so only the gg_ API is
    exported from the host's object file;
  - the headers' static inline helpers do not warn when unused, as they would not in a header.
Anything else that collides fails the compile, which the consumers check in CI runs.

Usage: amalgamate.py [--io] [--out DIR] [--compile "CC ARGS"] [SOURCE_ROOT]
(--compile: then compile OUT/gridgeom.c with that compiler and the strict flags above; the
meson test "build/amalgamation" does, so a name that collides fails `meson test`.)
"""
import argparse
import collections
import pathlib
import re
import shlex
import subprocess
import sys

STRICT_FLAGS = ['-std=c11', '-Wall', '-Wextra', '-Wpedantic', '-Werror']

LAYER_ORDER = ['base', 'core', 'topology', 'hex', 'rules']

INCLUDE_RE = re.compile(r'^\s*#\s*include\s*([<"])([^>"]+)[>"]')
DEFINE_RE = re.compile(r'^\s*#\s*define\s+(\w+)')
IF_RE = re.compile(r'^\s*#\s*if')
ENDIF_RE = re.compile(r'^\s*#\s*endif')
STATIC_RE = re.compile(r'^static\b[^;{=(]*?\b(\w+)\s*(?:\(|\[|=|;)')
TAG_RE = re.compile(r'^(?:typedef\s+)?(?:struct|union|enum)\s+(\w+)\s*\{?\s*$')
TYPEDEF_END_RE = re.compile(r'^\}\s*(\w+)\s*;')
TYPEDEF_LINE_RE = re.compile(r'^typedef\b[^{]*?\b(\w+)\s*(?:\)\s*\(.*\))?\s*;\s*$')
TYPEDEF_FN_RE = re.compile(r'^typedef\b[^{]*\(\s*\*\s*(\w+)\s*\)')
ENUM_CONST_RE = re.compile(r'^\s+([A-Za-z_]\w*)\s*(?:=[^,]*)?,?\s*(?:/[/*].*)?$')
# A file-scope declaration or definition of an internal (gg__) function or object, in column 0:
# a type, then the name, then "(", "[", "=" or ";".
# Not a forward declaration or definition of a tag ("struct gg__x;", "enum gg__e {").
PRIVATE_RE = re.compile(r'^(?!static\b|typedef\b|(?:struct|union|enum)\s+\w+\s*[;{])(extern\s+)?'
                        r'([A-Za-z_][\w \t*]*?[\s*])(gg__\w+\s*(?:\(|\[|=|;))')

PRIVATE_PREAMBLE = '''\
/* Internal functions and objects (gg__) are static here, as SQLite's amalgamation makes its own:
 * only the gg_ API leaves this file, and a build may leave some unused without a warning. */
#if defined(__GNUC__)
#define GG__PRIVATE static __attribute__((unused))
#else
#define GG__PRIVATE static
#endif
'''

FP_PREAMBLE = '''\
/* The hex line (and every other floating-point result) must be bit-exact with a reference that
 * never fuses a*b+c into one rounding. GCC ignores the standard pragma and contracts across
 * statements unless told otherwise, so it gets its own; MSVC only contracts under /fp:contract. */
#if defined(__clang__)
#pragma STDC FP_CONTRACT OFF
#elif defined(__GNUC__)
#pragma GCC optimize("fp-contract=off")
#elif defined(_MSC_VER)
#pragma fp_contract(off)
#else
#pragma STDC FP_CONTRACT OFF
#endif
'''


def make_private(lines):
    """Gives internal (gg__) declarations and definitions internal linkage."""
    return [PRIVATE_RE.sub(r'GG__PRIVATE \2\3', line) for line in lines]


def layer_key(root, path):
    layer = path.relative_to(root / 'src').parts[0]
    if layer == 'io':
        rank = len(LAYER_ORDER) + 1
    elif layer in LAYER_ORDER:
        rank = LAYER_ORDER.index(layer)
    else:
        rank = len(LAYER_ORDER)
    return (rank, layer, str(path))


def file_scope_names(text):
    """Names a source file defines at file scope: static functions and variables, typedefs,
    struct/union/enum tags and enum constants (house style: definitions start in column 0)."""
    names = set()
    in_enum = False
    depth = 0
    for line in text.split('\n'):
        if depth == 0:
            m = STATIC_RE.match(line)
            if m:
                names.add(m.group(1))
            m = TAG_RE.match(line)
            if m:
                names.add(m.group(1))
            if re.match(r'^(?:typedef\s+)?enum\b', line):
                in_enum = True
            m = TYPEDEF_FN_RE.match(line) or TYPEDEF_LINE_RE.match(line)
            if m:
                names.add(m.group(1))
        elif depth == 1 and in_enum:
            m = ENUM_CONST_RE.match(line)
            if m:
                names.add(m.group(1))
        stripped = re.sub(r'"(\\.|[^"\\])*"|\'(\\.|[^\'\\])*\'|//.*|/\*.*?\*/', '', line)
        depth += stripped.count('{') - stripped.count('}')
        if depth == 0:
            m = TYPEDEF_END_RE.match(line)
            if m:
                names.add(m.group(1))
            if '}' in stripped:
                in_enum = False
    return names


class Amalgamation:
    def __init__(self, root, with_io):
        self.root = root
        self.with_io = with_io
        self.emitted_headers = set()
        self.system_includes = []
        self.header_text = []
        self.header_names = {}  # header path -> file-scope names and macros it defines
        self.direct = collections.defaultdict(list)  # file -> local headers it includes

    def resolve(self, name, from_dir):
        for base in (from_dir, self.root / 'src', self.root / 'include'):
            p = (base / name).resolve()
            if p.is_file():
                return p
        raise SystemExit(f'amalgamate: cannot find "{name}" (included from {from_dir})')

    def split_includes(self, path):
        """The file's lines with its top-level #include lines taken out; local includes are
        inlined (once) into the header section, system includes hoisted."""
        out = []
        depth = 0
        for line in path.read_text(encoding='utf-8').split('\n'):
            if IF_RE.match(line):
                depth += 1
            elif ENDIF_RE.match(line):
                depth -= 1
            m = INCLUDE_RE.match(line)
            if m and depth <= (1 if path.suffix == '.h' else 0):
                # Headers sit inside their include guard (depth 1); sources at depth 0.
                if m.group(1) == '<':
                    if m.group(2) not in self.system_includes:
                        self.system_includes.append(m.group(2))
                else:
                    header = self.resolve(m.group(2), path.parent)
                    self.direct[path].append(header)
                    self.add_header(header)
                continue
            if m:
                raise SystemExit(f'amalgamate: {path}: conditional #include is not supported: '
                                 f'{line.strip()}')
            out.append(line)
        return make_private(out)

    def add_header(self, path):
        if path in self.emitted_headers:
            return
        self.emitted_headers.add(path)
        lines = self.split_includes(path)  # its own includes go first
        rel = path.relative_to(self.root)
        text = '\n'.join(lines)
        self.header_names[path] = file_scope_names(text) | {
            m.group(1) for m in map(DEFINE_RE.match, lines) if m}
        self.header_text.append(f'/* ==== {rel} ==== */\n' + text.rstrip() + '\n')

    def seen_headers(self, path):
        """Every header `path` includes, directly or not."""
        seen, todo = set(), list(self.direct[path])
        while todo:
            h = todo.pop()
            if h not in seen:
                seen.add(h)
                todo.extend(self.direct[h])
        return seen

    def build(self):
        src = self.root / 'src'
        sources = [p for p in src.rglob('*.c')
                   if self.with_io or p.relative_to(src).parts[0] != 'io']
        sources.sort(key=lambda p: layer_key(self.root, p))
        bodies = [(p, self.split_includes(p)) for p in sources]

        # File-scope names defined by more than one source file, or by a source file and a
        # header it does not include (every header is visible to every section here).
        owners = collections.defaultdict(list)
        for p, lines in bodies:
            for n in file_scope_names('\n'.join(lines)):
                owners[n].append(p)
        header_names = set().union(*self.header_names.values())

        sections = []
        for p, lines in bodies:
            rel = p.relative_to(self.root)
            stem = re.sub(r'\W', '_', str(rel.with_suffix('')).replace('src/', '', 1))
            text = '\n'.join(lines).strip('\n')
            mine = sorted(n for n, ps in owners.items()
                          if p in ps and (len(ps) > 1 or n in header_names))
            macros = sorted({m.group(1) for m in map(DEFINE_RE.match, lines) if m})
            head = [f'#define {n} gg__amalg_{stem}_{n}' for n in mine]
            tail = [f'#undef {n}' for n in mine + [m for m in macros if m not in mine]]
            sections.append(f'/* ==== {rel} ==== */\n' + ''.join(h + '\n' for h in head) +
                            text + '\n' + ''.join(t + '\n' for t in tail))
        return sources, sections


def version(root):
    text = (root / 'include' / 'gridgeom' / 'base.h').read_text(encoding='utf-8')
    parts = [re.search(rf'#define GG_VERSION_{p} +(\d+)', text).group(1)
             for p in ('MAJOR', 'MINOR', 'PATCH')]
    return '.'.join(parts)


def main():
    ap = argparse.ArgumentParser(
        description='Write gridgeom.c (libgridgeom in one file) and the public headers.')
    ap.add_argument('root', nargs='?', default=pathlib.Path(__file__).resolve().parent.parent,
                    type=pathlib.Path, help='source tree (default: this script\'s repository)')
    ap.add_argument('--out', default='amalgamation', type=pathlib.Path,
                    help='output directory (default: ./amalgamation)')
    ap.add_argument('--io', action='store_true',
                    help='include the io layer (scene import/export; needs jansson)')
    ap.add_argument('--compile', metavar='CC', help='compile the result with this compiler '
                    'command and ' + ' '.join(STRICT_FLAGS) + '; fail if it does not compile')
    args = ap.parse_args()
    root = args.root.resolve()

    am = Amalgamation(root, args.io)
    # Public headers first, in the umbrella's order, so the file reads like the API.
    public = [root / 'include' / 'gridgeom' / 'gridgeom.h']
    if args.io:
        public.append(root / 'include' / 'gridgeom' / 'io.h')
    for h in public:
        am.add_header(h)
    sources, sections = am.build()

    layers = []
    for p in sources:
        layer = p.relative_to(root / 'src').parts[0]
        if layer not in layers:
            layers.append(layer)
    banner = (f'/* gridgeom.c - libgridgeom {version(root)} in one file (layers: '
              f'{", ".join(layers)}).\n'
              ' * Generated by tools/amalgamate.py from the source tree; do not edit, regenerate.\n'
              ' * Compile it as C11 with no special flags; include "gridgeom/gridgeom.h" from the '
              'headers\n * shipped beside it. MIT licensed (see the LICENSE of libgridgeom). */\n')
    out = [banner, FP_PREAMBLE, '#define GG_AMALGAMATION 1\n', PRIVATE_PREAMBLE]
    out.append(''.join(f'#include <{s}>\n' for s in am.system_includes))
    # Headers define static inline helpers that a given build may not call: in a header that is
    # fine, but clang warns about them once they are part of the main file.
    out.append('#if defined(__GNUC__)\n#pragma GCC diagnostic push\n'
               '#pragma GCC diagnostic ignored "-Wunused-function"\n#endif\n')
    out.extend(am.header_text)
    out.append('#if defined(__GNUC__)\n#pragma GCC diagnostic pop\n#endif\n')
    out.extend(sections)

    args.out.mkdir(parents=True, exist_ok=True)
    (args.out / 'gridgeom.c').write_text('\n'.join(out), encoding='utf-8')
    hdr_dir = args.out / 'gridgeom'
    hdr_dir.mkdir(exist_ok=True)
    for h in sorted((root / 'include' / 'gridgeom').glob('*.h')):
        if h.name == 'io.h' and not args.io:
            continue
        (hdr_dir / h.name).write_text(h.read_text(encoding='utf-8'), encoding='utf-8')
    print(f'amalgamate: {args.out / "gridgeom.c"} from {len(sources)} source files, '
          f'{len(am.emitted_headers)} headers')
    if args.compile:
        cmd = shlex.split(args.compile) + STRICT_FLAGS + [
            '-c', str(args.out / 'gridgeom.c'), '-o', str(args.out / 'gridgeom.o')]
        print('amalgamate: ' + ' '.join(shlex.quote(c) for c in cmd), flush=True)
        if subprocess.run(cmd, check=False).returncode != 0:
            print('amalgamate: gridgeom.c does not compile alone (see above)')
            return 1
        print('amalgamate: gridgeom.c compiles alone')
    return 0


if __name__ == '__main__':
    sys.exit(main())
