#!/usr/bin/env python3
"""Checks a built libgridgeom: no mutable globals (nm symbol types B/b/D/d/C) in any object, and
every exported symbol of the dynamic symbol table (shared builds) starts with gg_.

Usage: check_symbols.py LIBRARY
"""
import shutil
import subprocess
import sys


SANITIZER_PREFIXES = ('__odr_asan', '__asan', '__ubsan', '__sancov', '___asan')

# The one sanctioned exception: jansson's allocation hooks are process-wide and take no context,
# so src/io/io_alloc.c sets them once to trampolines that read a thread-local scope (the caller's
# allocator during an io call) and forward to the saved previous hooks otherwise. Written once
# before any trampoline runs; docs/threading.md and docs/io.md describe it.
ALLOWED = {'io_alloc.c.o': {'hooks_state', 'saved_malloc', 'saved_free', 'tl_scope'}}


def nm(args, lib):
    out = subprocess.run(['nm'] + args + [lib], capture_output=True, text=True, check=True)
    return out.stdout.splitlines()


def main():
    lib = sys.argv[1]
    if shutil.which('nm') is None:
        print('symbols: nm not found')
        return 77  # meson: skipped
    bad = []
    shared = lib.endswith('.so') or '.so.' in lib
    # Mutable globals are checked on the static archive (its objects are exactly our code); a
    # linked shared object also carries the toolchain's own data (_DYNAMIC, __dso_handle, ...).
    obj = ''
    for line in ([] if shared else nm([], lib)):
        if line.endswith(':') and ' ' not in line:
            obj = line[:-1]
            continue
        parts = line.split()
        if len(parts) >= 3 and parts[2] in ALLOWED.get(obj, ()):
            continue
        # Sanitizer builds add their own bookkeeping symbols (ODR indicators, instrumentation).
        if len(parts) >= 3 and parts[2].startswith(SANITIZER_PREFIXES):
            continue
        if len(parts) >= 3 and parts[1] in ('B', 'b', 'D', 'd', 'C'):
            bad.append(f'mutable global: {line.strip()}')
    if shared:
        for line in nm(['-D', '--defined-only'], lib):
            parts = line.split()
            if len(parts) >= 3 and parts[1] in ('T', 'D', 'B', 'R') and not parts[2].startswith('gg_'):
                bad.append(f'exported non-API symbol: {parts[2]}')
    for b in bad:
        print(b)
    what = 'only gg_ exports' if shared else 'no mutable globals'
    print('symbols: ' + ('problems found' if bad else what))
    return 1 if bad else 0


if __name__ == '__main__':
    sys.exit(main())
