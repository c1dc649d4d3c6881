#!/usr/bin/env python3
"""Fails when a public declaration (a line starting with GG_API in include/gridgeom/*.h) lacks
a `///` doc block with a `@thread` tag and `@since` (STYLE.md 3.9: the header is the reference).

Usage: check_docs.py SOURCE_ROOT
"""
import pathlib
import re
import sys


def main():
    root = pathlib.Path(sys.argv[1] if len(sys.argv) > 1 else '.')
    bad = []
    for f in sorted((root / 'include' / 'gridgeom').glob('*.h')):
        lines = f.read_text(encoding='utf-8').split('\n')
        for i, line in enumerate(lines):
            if not line.startswith('GG_API'):
                continue
            j, block = i - 1, []
            while j >= 0 and lines[j].lstrip().startswith('///'):
                block.append(lines[j])
                j -= 1
            text = '\n'.join(block)
            m = re.search(r'(gg_\w+)\s*\(', line + (lines[i + 1] if i + 1 < len(lines) else ''))
            name = m.group(1) if m else line.strip()
            missing = [tag for tag in ('@thread', '@since') if tag not in text]
            if not block:
                missing = ['the /// doc block']
            if missing:
                bad.append(f'{f.name}:{i + 1}: {name} lacks {", ".join(missing)}')
    for b in bad:
        print(b)
    print('docs: ' + ('undocumented declarations found' if bad else
                      'every public declaration has its doc block, @thread and @since'))
    return 1 if bad else 0


if __name__ == '__main__':
    sys.exit(main())
