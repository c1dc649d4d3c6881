#!/usr/bin/env python3
"""Proves that the layering is enforced twice: copies the library's sources to a temporary
folder, injects upward includes, and checks that tools/check_layers.py fails on each and that a
fresh meson build of the copy fails to compile each violating file (while an untouched file of
the same layer still compiles, so the failure is the include and nothing else).

Usage: test_layers_inject.py SOURCE_ROOT MESON NINJA
"""
import json
import pathlib
import shutil
import subprocess
import sys
import tempfile

# (file, line to inject, header the compiler must fail to find)
INJECTIONS = [
    ('src/core/cell.c', '#include <gridgeom/rules.h>', 'gridgeom/rules.h'),
    ('src/core/metric.c', '#include "topology/scene/scene_internal.h"',
     'topology/scene/scene_internal.h'),
    ('src/hex/coord.c', '#include "gridgeom/topology.h"', 'gridgeom/topology.h'),
    ('src/topology/sight/sight.c', '#include <rules/rules_internal.h>', 'rules/rules_internal.h'),
]
# The check alone also catches what a compiler cannot see as a layer crossing: a relative path.
CHECK_ONLY = [('src/base/status.c', '#include "../hex/hex_internal.h"')]
CONTROL = {'src/core/cell.c': 'src/core/line.c', 'src/core/metric.c': 'src/core/line.c',
           'src/hex/coord.c': 'src/hex/board.c',
           'src/topology/sight/sight.c': 'src/topology/sight/area.c'}
COPY = ['meson.build', 'meson_options.txt', 'include', 'src', 'tools']


def inject(path, line):
    text = path.read_text(encoding='utf-8')
    path.write_text(line + '\n' + text, encoding='utf-8')


def obj_target(build, src):
    """The ninja target of the object built from `src` (relative source path), read from the
    compile database so the test does not depend on meson's object naming."""
    for e in json.loads((build / 'compile_commands.json').read_text(encoding='utf-8')):
        if pathlib.Path(e['file']).as_posix().endswith(src):
            return e['output']
    raise SystemExit(f'no compile command for {src}')


def main():
    root, meson, ninja = pathlib.Path(sys.argv[1]), sys.argv[2], sys.argv[3]
    failures = []
    with tempfile.TemporaryDirectory(prefix='gg-layers-') as tmp:
        copy = pathlib.Path(tmp) / 'src-copy'
        copy.mkdir()
        for name in COPY:
            s = root / name
            if s.is_dir():
                shutil.copytree(s, copy / name, ignore=shutil.ignore_patterns('__pycache__'))
            elif s.is_file():
                shutil.copy2(s, copy / name)

        check = [sys.executable, str(copy / 'tools' / 'check_layers.py'), str(copy)]
        r = subprocess.run(check, capture_output=True, text=True)
        if r.returncode != 0:
            print(r.stdout)
            raise SystemExit('the untouched copy already fails the layer check')

        for f, line, _ in INJECTIONS:
            inject(copy / f, line)
        for f, line in CHECK_ONLY:
            inject(copy / f, line)
        r = subprocess.run(check, capture_output=True, text=True)
        print(r.stdout.strip())
        if r.returncode == 0:
            failures.append('check_layers.py passed a tree with upward includes')
        for f, line in [(f, line) for f, line, _ in INJECTIONS] + CHECK_ONLY:
            inc = line.split(None, 1)[1]
            if not any(f in out and inc in out for out in r.stdout.splitlines()):
                failures.append(f'check_layers.py did not report {inc} in {f}')

        # A fresh configure of the copy (no tests, benches, examples or io: only the layers).
        build = pathlib.Path(tmp) / 'build'
        r = subprocess.run([meson, 'setup', str(build), str(copy), '-Dtests=false', '-Dbench=false',
                            '-Dexamples=false', '-Dio=disabled', '-Dconformance=disabled'],
                           capture_output=True, text=True)
        if r.returncode != 0:
            print(r.stdout, r.stderr)
            raise SystemExit('meson setup of the copy failed')
        for f, line, header in INJECTIONS:
            r = subprocess.run([ninja, '-C', str(build), obj_target(build, f)],
                               capture_output=True, text=True)
            out = r.stdout + r.stderr
            if r.returncode == 0:
                failures.append(f'{f} compiled with {line}')
            elif header not in out or 'No such file' not in out and 'not found' not in out:
                failures.append(f'{f} failed to compile, but not on {header}:\n{out}')
            else:
                print(f'compile of {f} fails as it must: {header} is not on its include path')
            ok = CONTROL[f]
            r = subprocess.run([ninja, '-C', str(build), obj_target(build, ok)],
                               capture_output=True, text=True)
            if r.returncode != 0:
                failures.append(f'control {ok} (same layer, untouched) failed to compile:\n'
                                f'{r.stdout}{r.stderr}')
    for line in failures:
        print('FAIL: ' + line)
    print('layers inject: ' + ('failed' if failures else 'every injected violation is caught'))
    return 1 if failures else 0


if __name__ == '__main__':
    sys.exit(main())
