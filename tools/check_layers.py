#!/usr/bin/env python3
"""Fails when a source file includes a header of its own layer's superiors.

Layers, bottom to top: base, core, topology, hex, rules, io, tools. A file under src/<layer>/
may include "gridgeom/<h>.h" and "<other>/..." only for layers at or below its own. hex sits
beside topology: it may use base and core only. rules may use topology and below.
"""
import pathlib
import re
import sys

ALLOWED = {
    'base': {'base'},
    'core': {'base', 'core'},
    'topology': {'base', 'core', 'topology'},
    'hex': {'base', 'core', 'hex'},
    'rules': {'base', 'core', 'topology', 'hex', 'rules'},
    'io': {'base', 'core', 'topology', 'hex', 'rules', 'io'},
}
PUBLIC = {'gridgeom': None, 'base': 'base', 'core': 'core', 'topology': 'topology', 'hex': 'hex',
          'rules': 'rules', 'io': 'io'}
INCLUDE = re.compile(r'^\s*#\s*include\s*"([^"]+)"', re.M)


def layer_of_include(path):
    parts = path.split('/')
    if parts[0] == 'gridgeom':
        name = parts[-1].rsplit('.', 1)[0]
        return 'base' if name == 'gridgeom' else PUBLIC.get(name, name)
    if parts[0] in ALLOWED and len(parts) > 1:
        return parts[0]
    return None  # same-folder include


def main():
    root = pathlib.Path(sys.argv[1] if len(sys.argv) > 1 else '.')
    bad = []
    for layer, allowed in ALLOWED.items():
        folder = root / 'src' / layer
        if not folder.is_dir():
            continue
        for f in sorted(folder.rglob('*.[ch]')):
            for inc in INCLUDE.findall(f.read_text(encoding='utf-8')):
                if inc == 'gridgeom/gridgeom.h':
                    bad.append(f'{f}: includes the umbrella header; include the layer headers')
                    continue
                target = layer_of_include(inc)
                if target is not None and target not in allowed:
                    bad.append(f'{f}: layer {layer} includes "{inc}" from layer {target}')
    for line in bad:
        print(line)
    print('layers: ' + ('violations found' if bad else 'every include respects the layering'))
    return 1 if bad else 0


if __name__ == '__main__':
    sys.exit(main())
