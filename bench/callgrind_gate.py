#!/usr/bin/env python3
"""callgrind_gate.py - the instruction-count gate of the benchmarks (issue 15).

Runs each bench once under `valgrind --tool=callgrind` on its small fixed workload (`--gate`),
reads the inclusive instruction count of every out-of-line side the bench names run_<side>_<case>
(run_lib_los, run_base_los, ...), and for each case computes

    ratio = Ir(run_lib_<case>) / Ir(run_base_<case>)

the library's instructions per query as a ratio to its in-process baseline on the same queries.
(The pattern --toggle-collect='run_*' toggles: a run_* function must never call another.)
Instruction counts are deterministic, so unlike timings they can gate on a shared machine. The gate
fails when a ratio exceeds its committed threshold in bench/callgrind_thresholds.json by more than
5%, or when a case in the thresholds is missing from a run (a renamed or dropped side). It also
prints each case's issue target (max_target) with PASS/FAIL, for information: a target FAIL does
not fail the gate (the gate guards against regressions, the targets are the work still to do).

Usage: bench/callgrind_gate.py BUILD_DIR            check against the thresholds
       bench/callgrind_gate.py BUILD_DIR --update   rewrite the measured ratios into the file
BUILD_DIR must be a release build (meson setup BUILD_DIR --buildtype=release) with benches.
"""
import json
import os
import re
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
THRESHOLDS = os.path.join(HERE, 'callgrind_thresholds.json')
TOLERANCE = 1.05
# The benches with a --gate workload, in the order they run.
BENCHES = ['bench_los', 'bench_reach', 'bench_fov', 'bench_cover', 'bench_hex', 'bench_changes',
           'bench_polygon']


def run_bench(build, name):
    exe = os.path.join(build, 'bench', name)
    if not os.access(exe, os.X_OK):
        raise SystemExit(f'callgrind_gate: {exe} is missing (ninja -C {build} first)')
    with tempfile.TemporaryDirectory() as tmp:
        out = os.path.join(tmp, 'cg.out')
        cmd = ['valgrind', '--tool=callgrind', f'--callgrind-out-file={out}',
               '--toggle-collect=run_*', exe, '--gate']
        r = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        if r.returncode != 0:
            sys.stderr.write(r.stdout + r.stderr)
            raise SystemExit(f'callgrind_gate: {name} --gate exited {r.returncode}')
        ann = subprocess.run(['callgrind_annotate', '--inclusive=yes', '--threshold=100', out],
                             stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, check=True)
    counts = {}
    for line in ann.stdout.splitlines():
        m = re.match(r'\s*([\d,]+)\s+\([^)]*\)\s+\S*?:(run_\w+)', line)
        if m:
            counts[m.group(2)] = counts.get(m.group(2), 0) + int(m.group(1).replace(',', ''))
    return counts


def ratios(counts):
    out = {}
    for fn, ir in counts.items():
        m = re.match(r'run_lib_(\w+)$', fn)
        if m and f'run_base_{m.group(1)}' in counts:
            out[m.group(1)] = ir / counts[f'run_base_{m.group(1)}']
    return out


def main(argv):
    if len(argv) < 2 or argv[1].startswith('-'):
        print(__doc__)
        return 2
    build, update = argv[1], '--update' in argv[2:]
    committed = {}
    if os.path.exists(THRESHOLDS):
        with open(THRESHOLDS, encoding='utf-8') as f:
            committed = json.load(f)
    measured = {}
    failed = []
    for name in BENCHES:
        counts = run_bench(build, name)
        got = ratios(counts)
        measured[name] = got
        want = committed.get(name, {})
        for case in sorted(set(got) | set(want)):
            w = want.get(case, {})
            if case not in got:
                print(f'{name:12} {case:16} MISSING from the run (threshold {w.get("ratio")})')
                failed.append(f'{name}:{case}')
                continue
            lib, base = counts[f'run_lib_{case}'], counts[f'run_base_{case}']
            line = f'{name:12} {case:16} lib {lib:>13,} base {base:>13,} ratio {got[case]:6.3f}'
            if 'ratio' in w:
                ok = got[case] <= w['ratio'] * TOLERANCE
                line += f'  gate <= {w["ratio"] * TOLERANCE:6.3f} {"ok" if ok else "REGRESSED"}'
                if not ok:
                    failed.append(f'{name}:{case}')
            elif not update:
                line += '  (no threshold committed)'
                failed.append(f'{name}:{case}')
            if 'max_target' in w:
                t = w['max_target']
                line += f'  target <= {t} {"PASS" if got[case] <= t else "FAIL"}'
            print(line)
    if update:
        for name, got in measured.items():
            entry = committed.setdefault(name, {})
            for case, r in got.items():
                entry.setdefault(case, {})['ratio'] = round(r, 4)
        with open(THRESHOLDS, 'w', encoding='utf-8') as f:
            json.dump(committed, f, indent=2, sort_keys=True)
            f.write('\n')
        print(f'callgrind_gate: wrote {THRESHOLDS}')
        return 0
    if failed:
        print('callgrind_gate: FAILED: ' + ', '.join(failed))
        return 1
    print('callgrind_gate: every ratio within 5% of its threshold')
    return 0


if __name__ == '__main__':
    sys.exit(main(sys.argv))
