#!/bin/sh
# run_all.sh - runs every benchmark built in a meson build directory and reports which failed.
# Usage: bench/run_all.sh [build-dir] [extra args passed to every bench, e.g. --once]
# Exit status: 0 when every bench printed PASS (exited 0), 1 otherwise.
set -u
build=${1:-build}
[ $# -gt 0 ] && shift
dir="$build/bench"
if [ ! -d "$dir" ]; then
    echo "run_all.sh: no $dir; configure with: meson setup $build --buildtype=release" >&2
    exit 2
fi
failed=""
ran=0
for exe in "$dir"/bench_*; do
    [ -f "$exe" ] && [ -x "$exe" ] || continue
    name=$(basename "$exe")
    echo "== $name"
    if "$exe" "$@"; then :; else failed="$failed $name"; fi
    ran=$((ran + 1))
done
if [ "$ran" -eq 0 ]; then
    echo "run_all.sh: no bench_* programs in $dir (ninja -C $build first)" >&2
    exit 2
fi
if [ -n "$failed" ]; then
    echo "== FAILED:$failed"
    exit 1
fi
echo "== all $ran benches passed"
