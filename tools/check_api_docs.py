#!/usr/bin/env python3
"""Fails when a public function, struct, union, enum or typedef of include/gridgeom/ has no
description in the API reference. Reads Doxygen's XML output (docs/Doxyfile writes it next to
the HTML), so it checks what the reference actually shows; tools/check_docs.py checks the
@thread and @since tags of each declaration in the headers themselves.

Usage: check_api_docs.py DOXYGEN_XML_DIR
"""
import pathlib
import sys
import xml.etree.ElementTree as ET

KINDS = {'function', 'enum', 'typedef'}


def described(node):
    """True when the element's brief or detailed description holds any text."""
    for tag in ('briefdescription', 'detaileddescription'):
        d = node.find(tag)
        if d is not None and ''.join(d.itertext()).strip():
            return True
    return False


def main():
    xml_dir = pathlib.Path(sys.argv[1] if len(sys.argv) > 1 else 'build-docs/xml')
    index = ET.parse(xml_dir / 'index.xml').getroot()
    bad, seen = [], 0
    for compound in index.findall('compound'):
        if compound.get('kind') not in ('file', 'struct', 'union'):
            continue
        root = ET.parse(xml_dir / (compound.get('refid') + '.xml')).getroot()
        for cdef in root.findall('compounddef'):
            loc = cdef.find('location')
            where = loc.get('file', '') if loc is not None else ''
            if 'gridgeom/' not in where.replace('\\', '/'):
                continue
            name = cdef.findtext('compoundname')
            if cdef.get('kind') in ('struct', 'union'):
                seen += 1
                if not described(cdef):
                    bad.append(f'{where}:{loc.get("line")}: {cdef.get("kind")} {name}')
                continue
            for m in cdef.iter('memberdef'):
                if m.get('kind') not in KINDS:
                    continue
                seen += 1
                if not described(m):
                    mloc = m.find('location')
                    bad.append(f'{mloc.get("file")}:{mloc.get("line")}: {m.get("kind")} '
                               f'{m.findtext("name")}')
    for b in sorted(set(bad)):
        print(b + ' has no description')
    if seen == 0:
        print('api docs: nothing found; is this Doxygen XML output of include/gridgeom?')
        return 1
    print(f'api docs: {seen} public functions, structs, enums and typedefs; '
          f'{len(set(bad))} without a description')
    return 1 if bad else 0


if __name__ == '__main__':
    sys.exit(main())
