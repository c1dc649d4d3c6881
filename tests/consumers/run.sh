#!/usr/bin/env bash
# Builds and runs every way a host takes libgridgeom, from this source tree, each with the same
# check (check.c) that must print the same answer (expected.txt):
#   meson-wrap          a Meson subproject through packaging/gridgeom.wrap
#   cmake-subdir        CMake add_subdirectory
#   cmake-fetchcontent  CMake FetchContent of a tarball of the tree
#   cmake-find-package  find_package(gridgeom MAJOR.MINOR CONFIG) after cmake --install (shared)
#   makefile-pkgconfig  a plain Makefile, pkg-config --static, after meson install (static)
#   cxx17               check.c compiled as C++17 with -Werror, same installed static library
#   amalgamation        tools/amalgamate.py's gridgeom.c with cc alone (gcc and clang when found)
# plus the amalgamation with io under the hex conformance vectors at -O2 -march=native in GNU mode
# (where gcc fuses multiply-adds unless the file's own pragmas stop it).
#
# Usage: tests/consumers/run.sh [WORKDIR]   (default: build-consumers/ in the tree; wiped first)
# Needs: meson, ninja, cmake, make, pkg-config, cc, c++; jansson for io. Exit 0 when all pass.
set -euo pipefail

ROOT=$(cd "$(dirname "$0")/../.." && pwd)
HERE="$ROOT/tests/consumers"
W=${1:-"$ROOT/build-consumers"}
rm -rf "$W"
mkdir -p "$W"
W=$(cd "$W" && pwd)
CC=${CC:-cc}
CXX=${CXX:-c++}
EXPECTED=$(cat "$HERE/expected.txt")
MAJOR=$(sed -n 's/^#define GG_VERSION_MAJOR \([0-9]*\).*/\1/p' "$ROOT/include/gridgeom/base.h")
MINOR=$(sed -n 's/^#define GG_VERSION_MINOR \([0-9]*\).*/\1/p' "$ROOT/include/gridgeom/base.h")
STRICT=(-std=c11 -Wall -Wextra -Wpedantic -Werror)

# A copy of the tree as a host would receive it (no build directories, no git metadata).
python3 - "$ROOT" "$W/tree/gridgeom" <<'PY'
import shutil, sys
skip = lambda d, names: [n for n in names if d == sys.argv[1] and
                         (n.startswith('build') or n in ('.git', 'amalgamation'))]
shutil.copytree(sys.argv[1], sys.argv[2], ignore=skip, symlinks=True)
PY
tar -czf "$W/gridgeom-src.tar.gz" -C "$W/tree" gridgeom

prep() { # copies consumer $1 (if it has files) and check.c into $W/$1
    mkdir -p "$W/$1"
    if [ -d "$HERE/$1" ]; then cp -r "$HERE/$1/." "$W/$1/"; fi
    cp "$HERE/check.c" "$W/$1/"
}

run_check() { # runs the check binary $1; its output must be expected.txt's line
    local out
    out=$("$1")
    echo "$out"
    if [ "$out" != "$EXPECTED" ]; then
        echo "expected: $EXPECTED"
        return 1
    fi
}

meson_lib() { # the library installed by meson (static) into $W/prefix-meson, for pkg-config
    if [ ! -f "$W/prefix-meson/lib/pkgconfig/gridgeom.pc" ]; then
        meson setup "$W/meson-lib" "$ROOT" --prefix="$W/prefix-meson" --libdir=lib \
            -Dtests=false -Dexamples=false -Dbench=false >/dev/null
        meson install -C "$W/meson-lib" --quiet >/dev/null
    fi
    export PKG_CONFIG_PATH="$W/prefix-meson/lib/pkgconfig${PKG_CONFIG_PATH:+:$PKG_CONFIG_PATH}"
}

consumer_meson_wrap() {
    prep meson-wrap
    mkdir -p "$W/meson-wrap/subprojects"
    cp "$ROOT/packaging/gridgeom.wrap" "$W/meson-wrap/subprojects/"
    # What meson would clone; an existing directory is used as is.
    cp -r "$W/tree/gridgeom" "$W/meson-wrap/subprojects/gridgeom"
    meson setup "$W/meson-wrap/build" "$W/meson-wrap" --force-fallback-for=gridgeom
    ninja -C "$W/meson-wrap/build"
    run_check "$W/meson-wrap/build/check"
}

consumer_cmake_subdir() {
    prep cmake-subdir
    cmake -S "$W/cmake-subdir" -B "$W/cmake-subdir/build" -G Ninja \
        -DGRIDGEOM_SOURCE_DIR="$ROOT"
    cmake --build "$W/cmake-subdir/build"
    run_check "$W/cmake-subdir/build/check"
}

consumer_cmake_fetchcontent() {
    prep cmake-fetchcontent
    cp "$HERE/cmake-subdir/CMakeLists.txt" "$W/cmake-fetchcontent/"
    cmake -S "$W/cmake-fetchcontent" -B "$W/cmake-fetchcontent/build" -G Ninja \
        -DGG_FETCHCONTENT=ON -DGRIDGEOM_URL="file://$W/gridgeom-src.tar.gz"
    cmake --build "$W/cmake-fetchcontent/build"
    run_check "$W/cmake-fetchcontent/build/check"
}

consumer_cmake_find_package() {
    prep cmake-find-package
    cmake -S "$ROOT" -B "$W/cmake-lib" -G Ninja -DBUILD_SHARED_LIBS=ON \
        -DCMAKE_INSTALL_PREFIX="$W/prefix-cmake" -DCMAKE_INSTALL_LIBDIR=lib
    cmake --build "$W/cmake-lib"
    cmake --install "$W/cmake-lib"
    # The same exports as meson's shared library: the gg_ API only.
    python3 "$ROOT/tools/check_symbols.py" "$W/prefix-cmake/lib/libgridgeom.so"
    cmake -S "$W/cmake-find-package" -B "$W/cmake-find-package/build" -G Ninja \
        -DCMAKE_PREFIX_PATH="$W/prefix-cmake" -DGG_REQUIRED_VERSION="$MAJOR.$MINOR"
    cmake --build "$W/cmake-find-package/build"
    run_check "$W/cmake-find-package/build/check"
    # The version file must refuse a newer minor (before 1.0 a minor may break the ABI).
    if cmake -S "$W/cmake-find-package" -B "$W/cmake-find-package/build-newer" -G Ninja \
        -DCMAKE_PREFIX_PATH="$W/prefix-cmake" -DGG_REQUIRED_VERSION="$MAJOR.$((MINOR + 1))" \
        >"$W/cmake-find-package/newer.log" 2>&1; then
        echo "find_package(gridgeom $MAJOR.$((MINOR + 1))) accepted version $MAJOR.$MINOR"
        return 1
    fi
}

consumer_makefile_pkgconfig() {
    prep makefile-pkgconfig
    meson_lib
    make -C "$W/makefile-pkgconfig" CC="$CC"
    run_check "$W/makefile-pkgconfig/check"
}

consumer_cxx17() {
    prep cxx17
    meson_lib
    # shellcheck disable=SC2046 # pkg-config prints several words on purpose
    "$CXX" -std=c++17 -Wall -Wextra -Wpedantic -Werror $(pkg-config --cflags gridgeom) \
        -x c++ "$W/cxx17/check.c" -x none $(pkg-config --static --libs gridgeom) \
        -o "$W/cxx17/check"
    run_check "$W/cxx17/check"
}

consumer_amalgamation() {
    prep amalgamation
    python3 "$ROOT/tools/amalgamate.py" --out "$W/amalgamation/dist" "$ROOT"
    local d="$W/amalgamation"
    "$CC" "${STRICT[@]}" -O2 -c "$d/dist/gridgeom.c" -o "$d/gridgeom.o"
    "$CC" "${STRICT[@]}" -I"$d/dist" "$d/check.c" "$d/gridgeom.o" -lm -o "$d/check"
    run_check "$d/check"
    # Internals are static in the amalgamation: the object defines only the gg_ API.
    local leaked
    leaked=$(nm -g --defined-only "$d/gridgeom.o" | awk '{print $3}' | grep -v '^gg_[a-z]' || true)
    if [ -n "$leaked" ]; then
        echo "gridgeom.o exports more than the API: $leaked"
        return 1
    fi
    for other in gcc clang; do
        if command -v "$other" >/dev/null; then
            "$other" "${STRICT[@]}" -O2 -c "$d/dist/gridgeom.c" -o "$d/gridgeom-$other.o"
        fi
    done
}

amalgamation_hex_exact() {
    pkg-config --exists jansson || { echo "no jansson: skipped"; return 0; }
    local d="$W/amalgamation-io" conf="$ROOT/tests/conformance" args=()
    python3 "$ROOT/tools/amalgamate.py" --io --out "$d/dist" "$ROOT"
    "$CC" "${STRICT[@]}" -c "$d/dist/gridgeom.c" -o "$d/gridgeom-strict.o"
    for f in hex rules; do
        if [ -f "$conf/conf_$f.c" ]; then args+=("-DGG_CONF_HAVE_${f^^}"); fi
    done
    # GNU mode, optimised for this CPU (FMA where it has one): only the pragmas keep the hex
    # line free of fused multiply-adds here.
    # shellcheck disable=SC2046
    "$CC" -std=gnu17 -O2 -march=native "${args[@]}" -I"$d/dist" -I"$conf" \
        -I"$ROOT/tools/gridgeom" "$d/dist/gridgeom.c" "$conf"/*.c \
        "$ROOT/tools/gridgeom/nat20_eval.c" $(pkg-config --libs jansson) -lm -o "$d/gg-conformance"
    "$d/gg-conformance" "$ROOT/tests/data/conformance/hex_sight.jsonl" | tail -n 1
}

passed=0
failed=0
for c in meson_wrap cmake_subdir cmake_fetchcontent cmake_find_package makefile_pkgconfig \
    cxx17 amalgamation; do
    log="$W/${c}.log"
    set +e
    (set -e; "consumer_$c") >"$log" 2>&1
    rc=$?
    set -e
    if [ "$rc" = 0 ]; then
        passed=$((passed + 1))
        echo "consumer $c: $(tail -n 1 "$log")"
    else
        failed=$((failed + 1))
        echo "consumer $c: FAILED (log $log)"
        tail -n 30 "$log"
    fi
done

log="$W/amalgamation_hex_exact.log"
set +e
(set -e; amalgamation_hex_exact) >"$log" 2>&1
rc=$?
set -e
if [ "$rc" = 0 ]; then
    passed=$((passed + 1))
    echo "amalgamation, hex conformance at -O2 -march=native: $(tail -n 1 "$log")"
else
    failed=$((failed + 1))
    echo "amalgamation, hex conformance at -O2 -march=native: FAILED (log $log)"
    tail -n 30 "$log"
fi

echo "consumers: $passed passed, $failed failed"
[ "$failed" = 0 ]
