#!/usr/bin/python3
"""Builds the gridgeom Python extension (cffi, API mode) from this repository.

One command, from anywhere:

    /usr/bin/python3 bindings/python/build.py [--builddir DIR]

It configures and builds the C library with meson (static, position-independent, release) in
DIR (default: bindings/python/_build/meson), generates the cffi declarations from the public
headers (include/gridgeom/*.h, so the binding follows the headers and cannot drift from them),
and compiles gridgeom/_gridgeom*.so next to the package, statically linked with the library.
Needs: meson, ninja, a C compiler, python3-cffi, python3-dev (and libjansson-dev for import).
"""
import argparse
import os
import re
import shutil
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.normpath(os.path.join(HERE, "..", ".."))
INCLUDE = os.path.join(ROOT, "include")


def run(cmd, **kw):
    print("+", " ".join(cmd), flush=True)
    subprocess.run(cmd, check=True, **kw)


def build_library(builddir, sanitize):
    """Static libgridgeom.a with meson; returns its path."""
    if not os.path.exists(os.path.join(builddir, "build.ninja")):
        extra = ["-Db_sanitize=address,undefined", "-Db_lundef=false"] if sanitize else []
        run(["meson", "setup", builddir, ROOT, "--buildtype=release", "-Ddefault_library=static",
             "-Dtests=false", "-Dbench=false", "-Dexamples=false", "-Dconformance=disabled"]
            + extra)
    run(["ninja", "-C", builddir, "src/libgridgeom.a"])
    return os.path.join(builddir, "src", "libgridgeom.a")


def has_io(lib):
    """The io layer is optional in meson (it needs jansson): bind it only when it was built."""
    out = subprocess.run(["nm", "-g", "--defined-only", lib], check=True, capture_output=True,
                         text=True).stdout
    return re.search(r"\bT gg_scene_import\b", out) is not None


def umbrella_headers():
    """The headers gridgeom.h includes, in its order (io.h is separate: the layer is optional)."""
    with open(os.path.join(INCLUDE, "gridgeom", "gridgeom.h"), encoding="utf-8") as f:
        return re.findall(r'^#include\s+[<"]gridgeom/(\w+\.h)[>"]', f.read(), re.M)


def preprocess(headers):
    src = "".join("#include <gridgeom/%s>\n" % h for h in headers)
    cc = os.environ.get("CC", "cc")
    out = subprocess.run([cc, "-E", "-std=c11", "-I", INCLUDE, "-x", "c", "-"], input=src,
                         check=True, capture_output=True, text=True).stdout
    # Keep only what came from our headers (line markers say where each line came from).
    keep, lines = False, []
    for line in out.splitlines():
        m = re.match(r'# \d+ "([^"]+)"', line)
        if m:
            keep = os.path.normpath(m.group(1)).startswith(os.path.join(INCLUDE, "gridgeom"))
            continue
        if keep and line.strip():
            lines.append(line)
    return "\n".join(lines)


def strip_inline_bodies(text):
    """`static inline T f(args) { ... }` -> `T f(args);`: cffi's API mode then compiles a
    wrapper that calls the real inline function, so the _default() stamps stay the header's."""
    out, i = [], 0
    pat = re.compile(r"static\s+(?:__)?inline(?:__)?\s+")
    while True:
        m = pat.search(text, i)
        if not m:
            out.append(text[i:])
            break
        out.append(text[i:m.start()])
        brace = text.index("{", m.end())
        out.append(text[m.end():brace].rstrip() + ";\n")
        depth, j = 0, brace
        while True:
            if text[j] == "{":
                depth += 1
            elif text[j] == "}":
                depth -= 1
                if depth == 0:
                    break
            j += 1
        i = j + 1
    return "".join(out)


def integer_macros(headers):
    """Object-like GG_ macros with an integer value, declared so that the compiler supplies it."""
    names = []
    for h in headers:
        with open(os.path.join(INCLUDE, "gridgeom", h), encoding="utf-8") as f:
            for line in f:
                m = re.match(r"#define\s+(GG_[A-Z0-9_]+)(\s+(.*))?$", line.rstrip())
                if not m or not m.group(3) or m.group(1) in ("GG_API", "GG_NODISCARD"):
                    continue
                value = m.group(3)
                if '"' in value or re.search(r"\d\.\d", value) or value.endswith("\\"):
                    continue
                names.append(m.group(1))
    return "".join("#define %s ...\n" % n for n in names)


def cdef_text(headers):
    text = preprocess(headers)
    text = re.sub(r"__attribute__\s*\(\((?:[^()]|\([^()]*\))*\)\)", "", text)
    text = strip_inline_bodies(text)
    return text + "\n" + integer_macros(headers)


# Loops the binding runs in C rather than once per element in Python: a whole field's costs
# into a numpy array, and line of sight over a batch of pairs (for numpy callers, and the bench's
# measure of the bare C call). They use the public API only and, like every call here, run
# with the GIL released.
HELPERS_CDEF = """
void ggpy_field_costs(const gg_move_field *field, int32_t width, int32_t height, double *out);
gg_status ggpy_los_batch(const gg_scene *scene, const gg_cell *a, const gg_cell *b, int32_t n,
                         uint8_t *out);
"""
HELPERS_C = r"""
#include <math.h>
static void ggpy_field_costs(const gg_move_field *field, int32_t width, int32_t height,
                             double *out)
{
    for (int32_t row = 0; row < height; row++) {
        for (int32_t col = 0; col < width; col++) {
            bool reached = false;
            gg_metric_cost cost;
            double v = INFINITY;
            if (gg_move_field_cost(field, gg_cell_make(col, row), &reached, &cost, NULL) ==
                    GG_OK && reached)
                v = gg_metric_cost_ft(cost);
            out[(size_t)row * (size_t)width + (size_t)col] = v;
        }
    }
}
static gg_status ggpy_los_batch(const gg_scene *scene, const gg_cell *a, const gg_cell *b,
                                int32_t n, uint8_t *out)
{
    for (int32_t i = 0; i < n; i++) {
        bool v = false;
        gg_status st = gg_scene_has_line_of_sight(scene, a[i], b[i], &v);
        if (st != GG_OK)
            return st;
        out[i] = v;
    }
    return GG_OK;
}
"""


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--builddir", default=os.path.join(HERE, "_build", "meson"),
                    help="meson build directory for the C library")
    ap.add_argument("--sanitize", action="store_true",
                    help="ASan+UBSan build of the library and the extension (run pytest with "
                         "LD_PRELOAD=$(cc -print-file-name=libasan.so), see README.md)")
    args = ap.parse_args()
    builddir = os.path.abspath(args.builddir)
    san = ["-fsanitize=address,undefined", "-fno-omit-frame-pointer"] if args.sanitize else []

    lib = build_library(builddir, args.sanitize)
    headers = umbrella_headers()
    libs = ["m"]
    if has_io(lib):
        headers.append("io.h")
        libs.insert(0, "jansson")

    import cffi  # python3-cffi

    ffi = cffi.FFI()
    ffi.cdef(cdef_text(headers) + HELPERS_CDEF)
    ffi.set_source(
        "gridgeom._gridgeom",
        "".join("#include <gridgeom/%s>\n" % h for h in headers) + HELPERS_C,
        include_dirs=[INCLUDE],
        extra_objects=[lib],
        libraries=libs,
        extra_compile_args=["-std=c11", "-O2"] + san,
        extra_link_args=san,
    )
    tmp = os.path.join(os.path.dirname(builddir), "cffi")
    os.makedirs(tmp, exist_ok=True)
    so = ffi.compile(tmpdir=tmp, verbose=False)
    dest = os.path.join(HERE, "gridgeom", os.path.basename(so))
    shutil.copyfile(so, dest)
    with open(os.path.join(HERE, "gridgeom", "_features.py"), "w", encoding="utf-8") as f:
        f.write("# Written by build.py: which optional layers the extension contains.\n")
        f.write("HAVE_IO = %r\n" % ("io.h" in headers))
    print("built", os.path.relpath(dest, ROOT))
    return 0


if __name__ == "__main__":
    sys.exit(main())
