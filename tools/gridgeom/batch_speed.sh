#!/bin/sh
# batch_speed.sh GRIDGEOM [MAP] [SAMPLE]: times a query file of 100,000 lines against one loaded
# map (one `gridgeom query` run) and SAMPLE (default 1000) of the same lines run as separate
# invocations, one line each, and extrapolates those to 100,000 (docs/cli.md, "Batch speed").
# The lines cycle through has_line_of_sight, distance_ft, cover (corners_2d) and
# lowest_cost_path between random cells (seed 21). Use a release build.
set -eu
G=$1
M=${2:-tests/data/maps/uvtt/vttmaps__the-litch-and-his-tomb.dd2vtt}
S=${3:-1000}
D=$(mktemp -d)
trap 'rm -rf "$D"' EXIT
wh=$("$G" info "$M" --json | python3 -c 'import json,sys; d=json.load(sys.stdin); print(d["width"], d["height"])')
python3 - $wh > "$D/q.jsonl" <<'PY'
import json, random, sys
w, h = int(sys.argv[1]), int(sys.argv[2])
random.seed(21)
for i in range(100000):
    a = '%d,%d' % (random.randrange(w), random.randrange(h))
    b = '%d,%d' % (random.randrange(w), random.randrange(h))
    k = i % 4
    if k == 0:
        q = {"op": "has_line_of_sight", "a": a, "b": b}
    elif k == 1:
        q = {"op": "distance_ft", "a": a, "b": b}
    elif k == 2:
        q = {"op": "cover", "attacker": {"cell": a}, "target": {"cell": b},
             "mode": "corners_2d", "lines": False}
    else:
        q = {"op": "lowest_cost_path", "a": a, "b": b}
    print(json.dumps(q))
PY
head -n "$S" "$D/q.jsonl" > "$D/sample.jsonl"
now() { python3 -c 'import time; print(time.time())'; }
t0=$(now)
"$G" query "$M" --input "$D/q.jsonl" > "$D/out.jsonl"
t1=$(now)
while IFS= read -r l; do printf '%s\n' "$l" | "$G" query "$M" > /dev/null; done < "$D/sample.jsonl"
t2=$(now)
python3 - "$t0" "$t1" "$t2" "$S" "$(wc -l < "$D/out.jsonl")" <<'PY'
import sys
t0, t1, t2, s, n = float(sys.argv[1]), float(sys.argv[2]), float(sys.argv[3]), int(sys.argv[4]), int(sys.argv[5])
batch, each = t1 - t0, (t2 - t1) / s
print(f'one run, 100000 lines: {batch:.2f} s ({n} answers)')
print(f'separate runs: {each * 1000:.2f} ms each over {s}; 100000 would take {each * 100000:.0f} s')
print(f'speed-up: {each * 100000 / batch:.0f}x')
PY
