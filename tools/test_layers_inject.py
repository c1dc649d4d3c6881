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

# (folder, line to inject, header the compiler must fail to find). The violation goes into the
# first .c file of the folder and the second one is the control: it must still compile, so the
# failure is the include and nothing else. Folders, not files, so that renames keep the test.
INJECTIONS = [
    ('src/core', '#include <gridgeom/rules.h>', 'gridgeom/rules.h'),
    ('src/hex', '#include "topology/scene/scene_internal.h"', 'topology/scene/scene_internal.h'),
    ('src/topology/sight', '#include <rules/rules_internal.h>', 'rules/rules_internal.h'),
    ('src/topology/cover', '#include "gridgeom/hex.h"', 'gridgeom/hex.h'),
]
# The check alone also catches what a compiler cannot see as a layer crossing: a relative path.
CHECK_ONLY = [('src/base', '#include "../hex/hex_internal.h"')]
COPY = ['meson.build', 'meson_options.txt', 'include', 'src', 'tools']


def sources(root, folder):
    """The first and second .c file of a folder (sorted), relative to root."""
    files = sorted(p.relative_to(root).as_posix() for p in (root / folder).glob('*.c'))
    if len(files) < 2:
        raise SystemExit(f'{folder} has fewer than two .c files to inject into and compare')
    return files[0], files[1]


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

        injections = [(sources(copy, d)[0], line, h) for d, line, h in INJECTIONS]
        controls = {sources(copy, d)[0]: sources(copy, d)[1] for d, _, _ in INJECTIONS}
        check_only = [(sources(copy, d)[0], line) for d, line in CHECK_ONLY]
        for f, line, _ in injections:
            inject(copy / f, line)
        for f, line in check_only:
            inject(copy / f, line)
        r = subprocess.run(check, capture_output=True, text=True)
        print(r.stdout.strip())
        if r.returncode == 0:
            failures.append('check_layers.py passed a tree with upward includes')
        for f, line in [(f, line) for f, line, _ in injections] + check_only:
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
        for f, line, header in injections:
            r = subprocess.run([ninja, '-C', str(build), obj_target(build, f)],
                               capture_output=True, text=True)
            out = r.stdout + r.stderr
            if r.returncode == 0:
                failures.append(f'{f} compiled with {line}')
            elif header not in out or 'No such file' not in out and 'not found' not in out:
                failures.append(f'{f} failed to compile, but not on {header}:\n{out}')
            else:
                print(f'compile of {f} fails as it must: {header} is not on its include path')
            ok = controls[f]
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
