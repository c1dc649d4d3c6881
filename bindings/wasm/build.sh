#!/usr/bin/env bash
# Builds the WebAssembly npm package in place: dist/gridgeom_wasm.mjs (an ES module with the
# wasm binary inlined) from the library's layers (base, core, topology, hex, rules, io) and
# glue.c. Usage: bash bindings/wasm/build.sh   (needs Debian's emscripten and node-acorn)
# Objects go to build/obj; the package's tests and artefacts use build/ too.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/../.." && pwd)"
obj="$here/build/obj"
mkdir -p "$obj" "$here/dist"
# Debian's emcc runs its JS optimizer with the system's acorn module.
export NODE_PATH="${NODE_PATH:-/usr/share/nodejs}"
# Debian's emscripten keeps its cache under /usr/share; a writable one for non-root users.
if [ ! -w /usr/share/emscripten/cache ] 2>/dev/null; then
    export EM_CACHE="${EM_CACHE:-$here/build/emcache}"
fi

# The meson build's warnings (warning_level=3 plus gg_warnings) and its hex-line FP contract.
cflags=(-std=c11 -O2 -Wall -Wextra -Wpedantic -Werror -Wshadow -Wstrict-prototypes
        -Wmissing-prototypes -Wcast-qual -Wdouble-promotion -Wswitch-enum -Wvla -Wformat=2
        -Wundef -Wno-error=unused-function -ffp-contract=off -DGG_BUILDING
        -I"$root/include" -I"$root/src" -I"$here/jansson")

sources=()
for layer in base core topology hex rules io; do
    while IFS= read -r f; do sources+=("$f"); done \
        < <(find "$root/src/$layer" -name '*.c' | sort)
done
# The io layer's JSON calls go to our own small implementation (jansson/jansson.h says why).
sources+=("$here/jansson/json.c" "$here/glue.c")

compile() {
    local src="$1" out
    out="$obj/$(echo "${src#"$root"/}" | tr / _).o"
    if [ ! -e "$out" ] || [ "$src" -nt "$out" ] || [ "$here/build.sh" -nt "$out" ] ||
       [ -n "$(find "$root/include" "$root/src" "$here/jansson" -name '*.h' -newer "$out" -print -quit)" ]; then
        local extra=()
        # glue.c's functions are called from JavaScript only: no C header declares them.
        case "$src" in *glue.c) extra=(-Wno-missing-prototypes) ;; esac
        emcc "${cflags[@]}" "${extra[@]}" -c "$src" -o "$out" || return 1
    fi
    echo "$out"
}
export -f compile
export root here obj
cflags_str="$(printf '%q ' "${cflags[@]}")"
printf '%s\n' "${sources[@]}" | \
    xargs -P "${JOBS:-2}" -I{} bash -c "cflags=($cflags_str); $(declare -f compile); compile {}" \
    > "$here/build/objs.txt"
objs=()
while IFS= read -r o; do objs+=("$o"); done < "$here/build/objs.txt"

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
    echo "build.sh: could not patch __dirname in gridgeom_wasm.mjs" >&2
    exit 1
fi
echo "built $here/dist/gridgeom_wasm.mjs"
