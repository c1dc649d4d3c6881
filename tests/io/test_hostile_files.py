#!/usr/bin/env python3
"""Hostile files through the gridgeom tool (meson suite 'cli'): test_hostile_files.py GRIDGEOM
CORPUS SANITIZED.

Every file in CORPUS (tests/data/hostile) and a few large ones generated here (millions of
points, a million walls) goes through `gridgeom info`, `query` and `draw`, each under a memory
limit (RLIMIT_AS, as `ulimit -v` sets it; left off in sanitizer builds, which reserve terabytes
of address space) and a timeout. A file named ok-* must load (exit 0); every other file must be
refused with exit 1 and a one-line message "gridgeom: FILE: ... (GG_E_...)"."""
import os
import resource
import subprocess
import sys
import tempfile
import time

TOOL, CORPUS, SANITIZED = sys.argv[1], sys.argv[2], sys.argv[3] == '1'
# Generous for the largest generated file (jansson holds about 30 bytes per input byte), and far
# below what the unbounded tool took (6.5 GB for the 28-byte giant-8192.json).
MEMORY = 1536 << 20
TIMEOUT = 120 if SANITIZED else 30
QUERY = '{"op": "has_line_of_sight", "a": "0,0", "b": "3,3"}\n{"op": "distance_ft", "a": "0,0", "b": "3,4"}\n'


def limit():
    if not SANITIZED:
        resource.setrlimit(resource.RLIMIT_AS, (MEMORY, MEMORY))


def run(args, stdin=''):
    t0 = time.monotonic()
    try:
        p = subprocess.run([TOOL] + args, input=stdin, capture_output=True, text=True,
                           timeout=TIMEOUT, preexec_fn=limit)
    except subprocess.TimeoutExpired:
        fail(f'{args}: still running after {TIMEOUT} s')
    return p.returncode, p.stdout, p.stderr, time.monotonic() - t0


def fail(what):
    print('FAIL: ' + what)
    sys.exit(1)


def generate(d):
    """Large files, made here rather than kept in the repository."""
    out = {}
    # One UVTT polyline of 1.2 million points (over max_polyline_points).
    p = os.path.join(d, 'millions-of-points.dd2vtt')
    with open(p, 'w') as f:
        f.write('{"format": 0.3, "resolution": {"map_origin": {"x": 0, "y": 0}, '
                '"map_size": {"x": 64, "y": 64}, "pixels_per_grid": 70}, "line_of_sight": [[')
        f.write(','.join('{"x":%d,"y":%d}' % (i % 64, (i // 64) % 64) for i in range(1200000)))
        f.write(']]}')
    out[p] = 'max_polyline_points'
    # 1.1 million Foundry walls (over max_walls, refused before the scene is built).
    p = os.path.join(d, 'million-walls.json')
    with open(p, 'w') as f:
        f.write('{"width": 6400, "height": 6400, "grid": 100, "walls": [')
        f.write(','.join('{"c":[%d,%d,%d,%d]}' % (i % 6000, i % 5000, i % 6000 + 100, i % 5000)
                         for i in range(1100000)))
        f.write(']}')
    out[p] = 'max_walls'
    # A Nat20 file over max_bytes (64 MiB): refused before parsing.
    p = os.path.join(d, 'over-max-bytes.json')
    with open(p, 'w') as f:
        f.write('{"width": 8, "height": 8, "blocked_cells": [')
        f.write(','.join(['"1,1"'] * (12 << 20)))
        f.write(']}')
    out[p] = 'max_bytes'
    return out


def refused(path, cap):
    name = os.path.basename(path)
    for cmd in (['info', path], ['query', path], ['draw', path, '--out', path + '.svg']):
        rc, out, err, secs = run(cmd, QUERY)
        if rc != 1 or not err.startswith('gridgeom: ') or 'GG_E_' not in err:
            fail(f'{cmd[0]} {name}: exit {rc}, {err[:300]!r}')
        if err.count('\n') > 1:
            fail(f'{cmd[0]} {name}: more than one line on stderr: {err[:300]!r}')
        if cap is not None and cap not in err:
            fail(f'{cmd[0]} {name}: the message does not name {cap}: {err!r}')
        if os.path.exists(path + '.svg'):
            fail(f'draw {name}: left an SVG behind')


def accepted(path):
    name = os.path.basename(path)
    rc, out, err, _ = run(['info', path])
    if rc != 0 or 'walls:' not in out:
        fail(f'info {name}: exit {rc}, {err[:300]!r}')
    rc, out, err, _ = run(['query', path], QUERY)
    if rc != 0 or len(out.splitlines()) != 2:
        fail(f'query {name}: exit {rc}, {out[:200]!r} {err[:300]!r}')
    svg = path + '.svg'
    rc, out, err, _ = run(['draw', path, '--out', svg])
    if rc != 0 or os.path.getsize(svg) > 64 << 20:
        fail(f'draw {name}: exit {rc}, {err[:300]!r}')
    os.remove(svg)


def main():
    with tempfile.TemporaryDirectory() as d:
        n = 0
        for name in sorted(os.listdir(CORPUS)):
            if name == 'README.md':
                continue
            src = os.path.join(CORPUS, name)
            path = os.path.join(d, name)  # draw writes beside it
            with open(src, 'rb') as f, open(path, 'wb') as g:
                g.write(f.read())
            if name.startswith('ok-'):
                accepted(path)
            else:
                refused(path, 'max_cells' if name.startswith('giant-') else None)
            n += 1
        for path, cap in generate(d).items():
            refused(path, cap)
            n += 1
        # At the area cap: loads and answers; draw refuses a map this large with a message,
        # before writing anything (it would be gigabytes of SVG).
        path = os.path.join(d, 'at-cap-4096.json')
        with open(path, 'w') as f:
            f.write('{"width": 4096, "height": 4096}')
        rc, out, err, _ = run(['query', path], QUERY)
        if rc != 0 or len(out.splitlines()) != 2:
            fail(f'query at-cap-4096: exit {rc}, {err[:300]!r}')
        rc, out, err, _ = run(['draw', path, '--out', path + '.svg'])
        if rc == 0 or 'draw takes at most' not in err or os.path.exists(path + '.svg'):
            fail(f'draw at-cap-4096: exit {rc}, {err[:300]!r}')
        # Under the cell limit but every cell drawn (all dim): draw stops past 64 MiB of SVG.
        path = os.path.join(d, 'dim-1024.json')
        with open(path, 'w') as f:
            f.write('{"width": 1024, "height": 1024, "default_lighting": "dim"}')
        rc, out, err, _ = run(['draw', path, '--out', path + '.svg'])
        if rc == 0 or 'larger than 64 MiB' not in err or os.path.exists(path + '.svg'):
            fail(f'draw dim-1024: exit {rc}, {err[:300]!r}')
        print(f'ok: {n} hostile files')


main()
