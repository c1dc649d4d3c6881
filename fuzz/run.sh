#!/usr/bin/env bash
# Builds the libFuzzer targets (clang, ASan+UBSan): the three importers, seeded with the real
# maps, the query-invariant target fuzz_query and the fog format target fuzz_fog (fuzz/README.md), and runs each for a few
# seconds. Usage: fuzz/run.sh [SECONDS per target, default 10] [BUILD DIR].
# Needs clang and its fuzzer runtime (Debian: clang libclang-rt-14-dev) and libjansson-dev.
set -euo pipefail
cd "$(dirname "$0")/.."
secs="${1:-10}"
build="${2:-build-fuzz}"
if [ ! -f "$build/build.ninja" ]; then
  # -fsanitize=fuzzer-no-link instruments the library for coverage; the targets link libFuzzer.
  CC=clang meson setup "$build" -Db_sanitize=address,undefined -Db_lundef=false -Dio=enabled \
      -Dtests=false -Dexamples=false -Dbench=false -Dc_args=-fsanitize=fuzzer-no-link >/dev/null
fi
meson compile -C "$build" src/gridgeom | tail -n 3
# The targets are linked here (not by meson) so this works whether or not the root meson.build
# includes fuzz/meson.build.
mkdir -p "$build/fuzz"
for fmt in nat20 uvtt foundry; do
  FMT=$(echo "$fmt" | tr a-z A-Z)
  clang -std=c11 -g -O1 -fsanitize=fuzzer,address,undefined -Iinclude \
      -DGG_FUZZ_FORMAT=GG_IO_FORMAT_$FMT fuzz/fuzz_import.c "$build/src/libgridgeom.a" \
      $(pkg-config --libs jansson) -lm -o "$build/fuzz/fuzz_$fmt"
done
clang -std=c11 -g -O1 -fsanitize=fuzzer,address,undefined -Iinclude fuzz/fuzz_query.c \
    "$build/src/libgridgeom.a" $(pkg-config --libs jansson) -lm -o "$build/fuzz/fuzz_query"
clang -std=c11 -g -O1 -fsanitize=fuzzer,address,undefined -Iinclude fuzz/fuzz_fog.c \
    "$build/src/libgridgeom.a" $(pkg-config --libs jansson) -lm -o "$build/fuzz/fuzz_fog"
declare -A seeds=([nat20]="" [uvtt]=tests/data/maps/uvtt [foundry]=tests/data/maps/foundry)
for fmt in nat20 uvtt foundry; do
  corpus="$build/fuzz/corpus_$fmt"
  mkdir -p "$corpus"
  if [ "$fmt" = nat20 ]; then
    printf '{"width":4,"height":3,"blocked_cells":["1,1"],"wall_segments":[{"x1":2,"y1":0,"x2":2,"y2":3,"door":"open"}],"cover_cells":{"0,0":"half"},"lights":[{"cell":"3,2","bright_ft":5,"dim_ft":10}]}' \
      > "$corpus/seed.json"
  else
    cp "${seeds[$fmt]}"/* "$corpus"/
  fi
  echo "== fuzz_$fmt for ${secs}s"
  UBSAN_OPTIONS=halt_on_error=1:print_stacktrace=1 ASAN_OPTIONS=detect_leaks=1 \
    "$build/fuzz/fuzz_$fmt" -max_total_time="$secs" -max_len=65536 -rss_limit_mb=2048 \
      -dict=fuzz/json.dict "$corpus" 2>&1 | tail -n 3
done
# The query target needs no seeds: any bytes build a scene and a query sequence.
corpus="$build/fuzz/corpus_query"
mkdir -p "$corpus"
echo "== fuzz_query for ${secs}s"
UBSAN_OPTIONS=halt_on_error=1:print_stacktrace=1 ASAN_OPTIONS=detect_leaks=1 \
  "$build/fuzz/fuzz_query" -max_total_time="$secs" -max_len=512 -entropic=0 -rss_limit_mb=2048 \
    "$corpus" 2>&1 | tail -n 3
# The fog target needs no seeds either: odd first bytes build valid fogs and damage them.
corpus="$build/fuzz/corpus_fog"
mkdir -p "$corpus"
echo "== fuzz_fog for ${secs}s"
UBSAN_OPTIONS=halt_on_error=1:print_stacktrace=1 ASAN_OPTIONS=detect_leaks=1 \
  "$build/fuzz/fuzz_fog" -max_total_time="$secs" -max_len=1024 -rss_limit_mb=2048 \
    "$corpus" 2>&1 | tail -n 3
