#!/usr/bin/env python3
"""The layer graph of libgridgeom, checked two ways (docs/architecture.md).

Layers, bottom to top: base, core, topology, hex (beside topology: base and core only), rules,
io, and tools/ above io. A layer may include the public and private headers of itself and of the
layers it stands on, nothing else.

  check_layers.py [ROOT]
      Reads every #include, quoted or angle-bracket, of every .c/.h under src/<layer>/ (any depth),
      of every public header in include/gridgeom/ and of tools/gridgeom/, resolves it to the layer
      that owns the header (a public header's owner is the "Layer: <name>" tag of its first
      comment; a private header's owner is the src/ folder it lives in, also when reached through
      "../"), and fails on an include of a layer that is not allowed. Exit 1 on a violation.

  check_layers.py --make-roots OUTDIR [ROOT]
      Called by src/meson.build at configure time. Builds OUTDIR/<layer>/, the only include
      folder a layer is compiled with: gridgeom/<h>.h links to the public headers the layer may
      see and <lower>/ links to the src/<lower>/ folders of the layers it may use, so an upward
      include fails to compile ("No such file or directory"). Links where the platform allows,
      copies otherwise.
"""
import os
import pathlib
import re
import shutil
import sys

# Layer -> the layers it may include (itself included). hex sits beside topology.
ALLOWED = {
    'base': ('base',),
    'core': ('base', 'core'),
    'topology': ('base', 'core', 'topology'),
    'hex': ('base', 'core', 'hex'),
    'rules': ('base', 'core', 'topology', 'hex', 'rules'),
    'io': ('base', 'core', 'topology', 'hex', 'rules', 'io'),
}
# Layer -> the layers whose private headers (src/<layer>/) it may include; ALLOWED when absent.
# io reads scenes through the public API only (issue 13) and includes no private header of
# another layer.
PRIVATE = {
    'io': ('io',),
}
# tools/ (the CLI) sits above io and sees the public API only: every public header, no src/.
TOOLS_PUBLIC = tuple(ALLOWED)
UMBRELLA = 'gridgeom.h'
INCLUDE = re.compile(r'^[ \t]*#[ \t]*include[ \t]*([<"])([^">]+)[>"]', re.M)
LAYER_TAG = re.compile(r'Layer:\s*([a-z]+)')


def public_owners(root):
    """Maps each public header name (e.g. 'core.h') to its layer, from its 'Layer:' tag."""
    owners, bad = {}, []
    folder = root / 'include' / 'gridgeom'
    for h in sorted(folder.glob('*.h')):
        if h.name == UMBRELLA:
            continue
        head = h.read_text(encoding='utf-8').split('*/', 1)[0]
        m = LAYER_TAG.search(head)
        if m is None or m.group(1) not in ALLOWED:
            bad.append(f'{h}: the first comment must name the layer ("Layer: <one of '
                       f'{", ".join(ALLOWED)}>")')
            continue
        owners[h.name] = m.group(1)
    return owners, bad


def target_of(root, owners, including, kind, inc):
    """(layer, what) of the header `inc` included from file `including`; layer None for a header
    that is not ours (system, jansson, cmocka) or a same-folder include of the same layer."""
    parts = pathlib.PurePosixPath(inc).parts
    src = root / 'src'
    if kind == '"':
        # A quoted include is looked up beside the including file first: "../rules/x.h" from
        # src/core/ reaches another layer without naming it.
        beside = os.path.normpath(including.parent / inc)
        rel = os.path.relpath(beside, src)
        if not rel.startswith('..') and os.path.exists(beside):
            return rel.split(os.sep)[0], 'private'
        pub = os.path.relpath(beside, root / 'include' / 'gridgeom')
        if not pub.startswith('..') and os.path.exists(beside):
            return owners.get(pub, 'umbrella' if pub == UMBRELLA else None), 'public'
    if parts and parts[0] == 'gridgeom' and len(parts) == 2:
        if parts[1] == UMBRELLA:
            return 'umbrella', 'public'
        return owners.get(parts[1], 'unknown'), 'public'
    if len(parts) > 1 and parts[0] in ALLOWED:
        return parts[0], 'private'
    return None, None


def includes(path):
    return INCLUDE.findall(path.read_text(encoding='utf-8'))


def check(root):
    owners, bad = public_owners(root)
    units = []  # (file, layer, allowed public layers, allowed private layers)
    for layer, allowed in ALLOWED.items():
        folder = root / 'src' / layer
        if folder.is_dir():
            priv = PRIVATE.get(layer, allowed)
            units += [(f, layer, allowed, priv) for f in sorted(folder.rglob('*.[ch]'))]
    for name, layer in owners.items():
        units.append((root / 'include' / 'gridgeom' / name, layer, ALLOWED[layer], ()))
    tools = root / 'tools'
    if tools.is_dir():
        units += [(f, 'tools', TOOLS_PUBLIC + ('umbrella',), ())
                  for f in sorted(tools.rglob('*.[ch]'))]
    for f, layer, pub_ok, priv_ok in units:
        for kind, inc in includes(f):
            target, what = target_of(root, owners, f, kind, inc)
            if target is None:
                continue
            shown = f'{kind}{inc}{">" if kind == "<" else kind}'
            if target == 'umbrella':
                if 'umbrella' not in pub_ok:
                    bad.append(f'{f}: includes the umbrella header {shown}; include the layer '
                               'headers')
            elif target == 'unknown':
                bad.append(f'{f}: includes {shown}, which is not a public header')
            elif what == 'public' and target not in pub_ok:
                bad.append(f'{f}: layer {layer} includes {shown} of layer {target}')
            elif what == 'private' and target not in priv_ok:
                where = 'private header' if priv_ok else 'private header (public API only here)'
                bad.append(f'{f}: layer {layer} includes the {where} {shown} of layer {target}')
    return bad


def make_roots(out, root):
    owners, bad = public_owners(root)
    if bad:
        sys.exit('\n'.join(bad))
    out.mkdir(parents=True, exist_ok=True)
    for layer, allowed in ALLOWED.items():
        want = {}
        for name, owner in owners.items():
            if owner in allowed:
                want[pathlib.Path('gridgeom') / name] = root / 'include' / 'gridgeom' / name
        for lower in PRIVATE.get(layer, allowed):
            if (root / 'src' / lower).is_dir():
                want[pathlib.Path(lower)] = root / 'src' / lower
        # Rebuilt from scratch at every configure, so a header that changed layer or went away
        # leaves nothing behind; links are cheap and ninja follows them to the sources' times.
        lroot = out / layer
        shutil.rmtree(lroot, ignore_errors=True)
        for rel, target in want.items():
            link = lroot / rel
            link.parent.mkdir(parents=True, exist_ok=True)
            try:
                link.symlink_to(target, target_is_directory=target.is_dir())
            except OSError:  # no symlinks (Windows without the privilege): copy
                if target.is_dir():
                    shutil.copytree(target, link)
                else:
                    shutil.copy2(target, link)
    return 0


def main(argv):
    if len(argv) > 1 and argv[1] == '--make-roots':
        root = pathlib.Path(argv[3] if len(argv) > 3 else '.').resolve()
        return make_roots(pathlib.Path(argv[2]), root)
    root = pathlib.Path(argv[1] if len(argv) > 1 else '.').resolve()
    bad = check(root)
    for line in bad:
        print(line)
    print('layers: ' + ('violations found' if bad else 'every include respects the layering'))
    return 1 if bad else 0


if __name__ == '__main__':
    sys.exit(main(sys.argv))
