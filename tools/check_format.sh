#!/usr/bin/env bash
# Checks every C source and header under src include tests tools bench examples fuzz against
# .clang-format, without changing anything. Exit 1 and the offending lines when a file is off.
# Fix with: clang-format -i <file>   (the whole tree: tools/check_format.sh --fix)
# CLANG_FORMAT names the binary (default clang-format).
set -euo pipefail
cd "$(dirname "$0")/.."
cf="${CLANG_FORMAT:-clang-format}"
if ! command -v "$cf" >/dev/null 2>&1; then
    echo "check_format: $cf not found (Debian package clang-format)" >&2
    exit 2
fi
mapfile -t files < <(find src include tests tools bench examples fuzz -type f \
    \( -name '*.c' -o -name '*.h' \) 2>/dev/null | LC_ALL=C sort)
if [ "${1:-}" = "--fix" ]; then
    "$cf" -i --style=file "${files[@]}"
    echo "check_format: reformatted ${#files[@]} files"
    exit 0
fi
if "$cf" --dry-run -Werror --style=file "${files[@]}"; then
    echo "check_format: ${#files[@]} files match .clang-format"
else
    echo "check_format: files above differ from .clang-format; fix: tools/check_format.sh --fix" >&2
    exit 1
fi
