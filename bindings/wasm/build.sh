#!/usr/bin/env bash
# Builds the WebAssembly npm package in place: dist/gridgeom_wasm.mjs (an ES module with the
# wasm binary inlined) from the library's layers (base, core, topology, hex, rules, io), glue.c
# and jansson, the JSON library the io layer is written against.
#
# Usage: bash bindings/wasm/build.sh
#
# Needs Debian's emscripten and node-acorn, and libjansson-dev: its version is the jansson built
# here, so that a map imports in the browser exactly as natively. jansson is not in this
# repository and Debian has no emscripten build of it, so the first run fetches Debian's source
# package of that version with `apt-get source` (dpkg-dev; apt checks the source files against
# the signed Release file of the archive) into build/jansson-src/: through the machine's deb-src
# entry (.ci/run adds one), or, without one, through a private apt state in build/apt made from
# the machine's own archive entries. Later runs use that copy and need no network.
# JANSSON_SRC=DIR uses an unpacked jansson source tree instead (it must be the same version).
# Objects go to build/obj, jansson's generated configuration headers (and a copy of its public
# ones) to build/jansson-gen; the package's tests and artefacts use build/ too. JOBS=N compiles
# N files at a time (default 2).
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/../.." && pwd)"
obj="$here/build/obj"
gen="$here/build/jansson-gen"
mkdir -p "$obj" "$gen" "$here/dist"
# Debian's emcc runs its JS optimizer with the system's acorn module.
export NODE_PATH="${NODE_PATH:-/usr/share/nodejs}"
# Debian's emscripten keeps its cache under /usr/share; a writable one for non-root users.
if [ ! -w /usr/share/emscripten/cache ] 2>/dev/null; then
    export EM_CACHE="${EM_CACHE:-$here/build/emcache}"
fi

die() {
    echo "build.sh: $*" >&2
    exit 1
}

# --- jansson: Debian's source of the version the native library links ------------------------
native_h=/usr/include/jansson.h
version_of() { sed -n 's/^#define JANSSON_VERSION "\(.*\)"$/\1/p' "$1"; }
[ -f "$native_h" ] || die "libjansson-dev is not installed (apt-get install libjansson-dev)"
want="$(version_of "$native_h")"
if [ -n "${JANSSON_SRC:-}" ]; then
    jsrc="$(cd "$JANSSON_SRC" && pwd)"
else
    deb_version="$(dpkg-query -W -f='${source:Version}' libjansson-dev)"
    fetched="$here/build/jansson-src"
    jsrc="$fetched/jansson-$want"
    if [ ! -e "$fetched/.done-$deb_version" ]; then
        command -v dpkg-source >/dev/null || die "apt-get source needs dpkg-dev (apt-get install dpkg-dev)"
        rm -rf "$fetched"
        mkdir -p "$fetched"
        echo "fetching jansson $deb_version (Debian's source package) into $fetched"
        if ! (cd "$fetched" && apt-get source -q "jansson=$deb_version" >/dev/null 2>"$fetched/apt.log"); then
            # No deb-src entry on this machine: a private apt state under build/apt with the
            # deb-src twins of the machine's own entries (same archives, same Signed-By keys),
            # so no root is needed and the system's apt configuration is left alone.
            grep -q "deb-src" "$fetched/apt.log" || { cat "$fetched/apt.log" >&2; die "apt-get source failed"; }
            apt_dir="$here/build/apt"
            rm -rf "$apt_dir"
            mkdir -p "$apt_dir/sources" "$apt_dir/lists/partial" "$apt_dir/cache/archives/partial"
            for f in /etc/apt/sources.list.d/*.sources; do
                [ ! -f "$f" ] || sed 's/^Types:.*$/Types: deb-src/' "$f" >"$apt_dir/sources/${f##*/}"
            done
            for f in /etc/apt/sources.list /etc/apt/sources.list.d/*.list; do
                [ ! -f "$f" ] || sed -n 's/^deb \(.*\)$/deb-src \1/p' "$f" >"$apt_dir/sources/${f##*/}"
            done
            printf '%s\n' 'Dir::Etc::SourceList "/dev/null";' \
                "Dir::Etc::SourceParts \"$apt_dir/sources\";" "Dir::State::Lists \"$apt_dir/lists\";" \
                "Dir::Cache \"$apt_dir/cache\";" "APT::Sandbox::User \"$(id -un)\";" >"$apt_dir/apt.conf"
            echo "no deb-src entry on this machine: Debian's source index goes to $apt_dir"
            if ! APT_CONFIG="$apt_dir/apt.conf" apt-get update -qq ||
                ! (cd "$fetched" && APT_CONFIG="$apt_dir/apt.conf" apt-get source -q \
                    "jansson=$deb_version" >/dev/null); then
                echo "build.sh: 'apt-get source jansson=$deb_version' failed; enable Debian's" \
                    "source packages as .ci/run does (docs/bindings.md shows the line), or pass" \
                    "an unpacked jansson $want tree as JANSSON_SRC=DIR" >&2
                exit 1
            fi
        fi
        touch "$fetched/.done-$deb_version"
    fi
fi
[ -f "$jsrc/src/jansson.h" ] && [ -f "$jsrc/src/jansson_config.h.in" ] ||
    die "$jsrc is not a jansson source tree (no src/jansson.h, src/jansson_config.h.in)"
have="$(version_of "$jsrc/src/jansson.h")"
[ "$have" = "$want" ] || die "jansson source $jsrc is $have, the native libjansson-dev is $want"

# jansson's configure/CMake step would write these two headers. The values are the ones Debian's
# build of jansson has (/usr/include/jansson_config.h), and emscripten's libc has every header
# and function named below, so the wasm jansson behaves as the native one. A header is only
# rewritten when its text changes, so that a rebuild recompiles nothing.
write_if_changed() {
    local dest="$1" tmp
    tmp="$(mktemp)"
    cat >"$tmp"
    if cmp -s "$tmp" "$dest"; then rm -f "$tmp"; else mv "$tmp" "$dest"; fi
}
sed -e 's/@json_inline@/inline/' -e 's/@json_have_long_long@/1/' \
    -e 's/@json_have_localeconv@/1/' -e 's/@json_have_atomic_builtins@/1/' \
    -e 's/@json_have_sync_builtins@/1/' "$jsrc/src/jansson_config.h.in" |
    write_if_changed "$gen/jansson_config.h"
! grep -q '^#define .*@' "$gen/jansson_config.h" || die "jansson_config.h.in has a placeholder build.sh does not know"
write_if_changed "$gen/jansson_private_config.h" <<'EOF'
/* Generated by bindings/wasm/build.sh for emscripten (what jansson's configure finds there). */
#define HAVE_ENDIAN_H 1
#define HAVE_FCNTL_H 1
#define HAVE_SCHED_H 1
#define HAVE_UNISTD_H 1
#define HAVE_SYS_PARAM_H 1
#define HAVE_SYS_STAT_H 1
#define HAVE_SYS_TIME_H 1
#define HAVE_SYS_TYPES_H 1
#define HAVE_STDINT_H 1
#define HAVE_CLOSE 1
#define HAVE_GETPID 1
#define HAVE_GETTIMEOFDAY 1
#define HAVE_OPEN 1
#define HAVE_READ 1
#define HAVE_SCHED_YIELD 1
#define HAVE_SYNC_BUILTINS 1
#define HAVE_ATOMIC_BUILTINS 1
#define HAVE_LOCALE_H 1
#define HAVE_SETLOCALE 1
#define HAVE_INT32_T 1
#define HAVE_UINT32_T 1
#define HAVE_UINT16_T 1
#define HAVE_UINT8_T 1
#define HAVE_SSIZE_T 1
/* No USE_URANDOM: the module is linked with FILESYSTEM=0, where open() is a stub, so the
 * hash-table seed comes from gettimeofday() and getpid(), jansson's own fallback. Objects keep
 * insertion order whatever the seed, so the seed changes no import or export. */
#define INITIAL_HASHTABLE_ORDER 3
EOF
# The library sees jansson's public headers only (src/ also has private ones, utf.h, ...).
mkdir -p "$gen/include"
write_if_changed "$gen/include/jansson.h" <"$jsrc/src/jansson.h"
cp -p "$gen/jansson_config.h" "$gen/include/jansson_config.h"
# jansson is MIT licensed: its notice travels with the package that contains it.
cp "$jsrc/LICENSE" "$here/dist/LICENSE.jansson"

# --- compile ------------------------------------------------------------------------------------
# The meson build's warnings (warning_level=3 plus gg_warnings) and its hex-line FP contract.
gg_cflags=(-std=c11 -O2 -Wall -Wextra -Wpedantic -Werror -Wshadow -Wstrict-prototypes
    -Wmissing-prototypes -Wcast-qual -Wdouble-promotion -Wswitch-enum -Wvla -Wformat=2
    -Wundef -Wno-error=unused-function -ffp-contract=off -DGG_BUILDING
    -I"$root/include" -I"$root/src" -I"$gen/include")
# jansson as its own build compiles it (HAVE_CONFIG_H selects jansson_private_config.h); its
# warnings are upstream's business, not this build's.
jansson_cflags=(-std=gnu99 -O2 -DHAVE_CONFIG_H -I"$jsrc/src" -I"$gen")

sources=()
for layer in base core topology hex rules io; do
    while IFS= read -r f; do sources+=("$f"); done \
        < <(find "$root/src/$layer" -name '*.c' | sort)
done
sources+=("$here/glue.c")
while IFS= read -r f; do sources+=("$f"); done < <(find "$jsrc/src" -maxdepth 1 -name '*.c' | sort)

compile() {
    local src="$1" out flags deps
    case "$src" in
    "$jsrc"/*)
        out="$obj/jansson_$(basename "$src" .c).o"
        eval "flags=($JANSSON_CFLAGS)"
        deps=("$jsrc/src" "$gen")
        ;;
    *)
        out="$obj/$(echo "${src#"$root"/}" | tr / _).o"
        eval "flags=($GG_CFLAGS)"
        deps=("$root/include" "$root/src" "$gen/include")
        # glue.c's functions are called from JavaScript only: no C header declares them.
        case "$src" in *glue.c) flags+=(-Wno-missing-prototypes) ;; esac
        ;;
    esac
    if [ ! -e "$out" ] || [ "$src" -nt "$out" ] || [ "$here/build.sh" -nt "$out" ] ||
        [ -n "$(find "${deps[@]}" -name '*.h' -newer "$out" -print -quit)" ]; then
        emcc "${flags[@]}" -c "$src" -o "$out" || return 1
    fi
    echo "$out"
}
export -f compile
export root here obj gen jsrc
GG_CFLAGS="$(printf '%q ' "${gg_cflags[@]}")"
JANSSON_CFLAGS="$(printf '%q ' "${jansson_cflags[@]}")"
export GG_CFLAGS JANSSON_CFLAGS
printf '%s\n' "${sources[@]}" | xargs -P "${JOBS:-2}" -n 1 bash -c 'compile "$1"' _ \
    >"$here/build/objs.txt"
objs=()
while IFS= read -r o; do objs+=("$o"); done <"$here/build/objs.txt"
[ "${#objs[@]}" -eq "${#sources[@]}" ] || die "some files did not compile"

# --- link ---------------------------------------------------------------------------------------
exports='_malloc,_free,_gg_scene_destroy,_gg_scene_set_cells,_gg_status_name,_gg_status_message,'
exports+='_gg_scene_message,_gg_import_report_destroy,_gg_import_report_note_count,'
exports+='_gg_scene_export_nat20,_gg_version_string,_gg_io_format_name,_gg_import_action_name'
# SINGLE_FILE: one .mjs that works from Node 20 (whose fetch cannot read file:// URLs) and from
# a static web server alike.
emcc -O2 "${objs[@]}" -o "$here/dist/gridgeom_wasm.mjs" \
    -sMODULARIZE=1 -sEXPORT_ES6=1 -sEXPORT_NAME=createGridgeomModule -sSINGLE_FILE=1 \
    -sALLOW_MEMORY_GROWTH=1 -sENVIRONMENT=web,node -sFILESYSTEM=0 \
    -sEXPORTED_FUNCTIONS="$exports" \
    -sEXPORTED_RUNTIME_METHODS=UTF8ToString,stringToUTF8,lengthBytesUTF8 \
    -sNODEJS_CATCH_EXIT=0 -sNODEJS_CATCH_REJECTION=0
# emcc 3.1.6's Node branch reads __dirname, which ES modules do not have; with SINGLE_FILE it
# never loads a file, so the script directory is not needed.
sed -i 's/scriptDirectory=__dirname+"\/"/scriptDirectory=(typeof __dirname!=="undefined"?__dirname:".")+"\/"/' \
    "$here/dist/gridgeom_wasm.mjs"
if grep -q 'scriptDirectory=__dirname' "$here/dist/gridgeom_wasm.mjs"; then
    die "could not patch __dirname in gridgeom_wasm.mjs"
fi
echo "built $here/dist/gridgeom_wasm.mjs (jansson $have from $jsrc)"
