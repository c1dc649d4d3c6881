#!/usr/bin/python3
"""python_overhead.py - what a line-of-sight query costs through Python, against the C call.

Scene and pairs as bench_los (bench/README.md): 256 x 256 cells, 300 random blocked cells,
2,000 walls on integer corners (85% axis-aligned pieces of length 1-6, 15% 45-degree
diagonals), random pairs at Chebyshev distance <= 24; seeds fixed. Three sides, on the same
pairs, after checking that all three agree:

  python   Scene.line_of_sight(a, b) with (col, row) tuples: the gridgeom API a user calls
  cffi     lib.gg_scene_has_line_of_sight(scene, a, b, out) straight from Python: the floor
           of any cffi binding (argument conversion, the call, GIL release and re-take)
  C        the same library call in a C loop (ggpy_los_batch, compiled into the extension),
           one Python call for all pairs: the library's own cost per query

Prints ns per query for each side and the ratios python / C and cffi / C. Timings keep the
best of several rounds (the machine is shared). Needs the extension built:
    /usr/bin/python3 bindings/python/build.py
    /usr/bin/python3 bench/python_overhead.py [--pairs N] [--rounds N]
Exit 0 when the three sides agree (the ratio is reported, not judged); 1 otherwise.

Timings on a loaded machine wander; instruction counts do not. `--only SIDE` (python, cffi, c
or none) builds the same scene and pairs and runs that one side once, so that the difference of
two runs' totals under callgrind is that side's cost (bench/README.md):
    valgrind --tool=callgrind --callgrind-out-file=/dev/null \
        /usr/bin/python3 bench/python_overhead.py --only python 2>&1 | grep refs
"""
import argparse
import os
import random
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "bindings",
                                "python"))
import numpy as np  # noqa: E402

import gridgeom as gg  # noqa: E402
from gridgeom import ffi, lib  # noqa: E402

SIDE = 256


def make_scene(rng):
    s = gg.Scene(SIDE, SIDE)
    s.set_cells("blocked", [(rng.randrange(SIDE), rng.randrange(SIDE)) for _ in range(300)])
    walls = []
    while len(walls) < 2000:
        x, y = rng.randrange(SIDE + 1), rng.randrange(SIDE + 1)
        if rng.random() < 0.85:
            n = rng.randint(1, 6)
            x2, y2 = (x + n, y) if rng.random() < 0.5 else (x, y + n)
        else:
            n = rng.randint(1, 4)
            x2, y2 = x + n, y + rng.choice((-n, n))
        if 0 <= x2 <= SIDE and 0 <= y2 <= SIDE:
            walls.append((x, y, x2, y2))
    s.add_walls(walls)
    return s


def make_pairs(rng, n):
    pairs = []
    while len(pairs) < n:
        a = (rng.randrange(SIDE), rng.randrange(SIDE))
        b = (a[0] + rng.randint(-24, 24), a[1] + rng.randint(-24, 24))
        if 0 <= b[0] < SIDE and 0 <= b[1] < SIDE:
            pairs.append((a, b))
    return pairs


def best_of(rounds, fn):
    best = float("inf")
    for _ in range(rounds):
        t = time.perf_counter()
        fn()
        best = min(best, time.perf_counter() - t)
    return best


def main():
    ap = argparse.ArgumentParser(description="LoS per-call overhead: Python vs C")
    ap.add_argument("--pairs", type=int, default=20000)
    ap.add_argument("--rounds", type=int, default=5)
    ap.add_argument("--only", choices=("python", "cffi", "c", "none"),
                    help="run one side once, untimed (for instruction counts)")
    args = ap.parse_args()
    rng = random.Random(20261201)
    scene = make_scene(rng)
    pairs = make_pairs(rng, args.pairs)
    a = np.array([p[0] for p in pairs], dtype=np.int32)
    b = np.array([p[1] for p in pairs], dtype=np.int32)
    ptr = scene._ptr
    out = ffi.new("bool *")

    def py_side():
        return [scene.line_of_sight(x, y) for x, y in pairs]

    def cffi_side():
        res = []
        for x, y in pairs:
            lib.gg_scene_has_line_of_sight(ptr, x, y, out)
            res.append(out[0])
        return res

    def c_side():
        return scene.line_of_sight_many(a, b)

    if args.only:
        {"python": py_side, "cffi": cffi_side, "c": c_side, "none": lambda: None}[args.only]()
        return 0
    want = py_side()
    if cffi_side() != want or c_side().tolist() != want:
        print("FAIL: the three sides disagree", file=sys.stderr)
        return 1
    t_py = best_of(args.rounds, py_side)
    t_cffi = best_of(args.rounds, cffi_side)
    t_c = best_of(args.rounds, c_side)
    n = len(pairs)
    print("scene %dx%d, 300 blocked, 2000 walls; %d pairs (%.1f%% visible); best of %d rounds"
          % (SIDE, SIDE, n, 100.0 * sum(want) / n, args.rounds))
    print("python  Scene.line_of_sight     %8.0f ns/query" % (t_py / n * 1e9))
    print("cffi    lib call from Python    %8.0f ns/query" % (t_cffi / n * 1e9))
    print("C       gg_scene_has_line_of_sight in a C loop %8.0f ns/query" % (t_c / n * 1e9))
    print("ratio python / C = %.1fx; cffi / C = %.1fx; wrapper overhead = %.0f ns/query"
          % (t_py / t_c, t_cffi / t_c, (t_py - t_c) / n * 1e9))
    return 0


if __name__ == "__main__":
    sys.exit(main())
