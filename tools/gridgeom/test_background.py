#!/usr/bin/env python3
"""`gridgeom draw --background` end to end (meson test cli/background):
test_background.py GRIDGEOM SRCROOT. (`test_background.py --stand-in MAP OUT` writes a copy of a
UVTT map with the stand-in picture embedded, for docs/img/make.sh.)

The shared maps come without their pictures (the UVTT `image` was stripped for size; Foundry
scenes only name theirs), so each test writes a picture: a PNG whose cells are a checkerboard at
the map's own pixels per cell. The SVG must hold that picture, byte for byte, under the walls, in
the rectangle the map's frame gives: UVTT map_size x pixels_per_grid from the scene's corner
(also for a cropped export), Foundry width x height px over the grid size, shifted by padding
and shiftX/Y."""
import base64
import json
import os
import struct
import subprocess
import sys
import tempfile
import xml.etree.ElementTree as ET
import zlib

TOOL, ROOT = sys.argv[1], sys.argv[2]
MAPS = os.path.join(ROOT, 'tests', 'data', 'maps')
SVG = '{http://www.w3.org/2000/svg}'
SCALE = 10
MARGIN = 18.0  # svg.c: labels on, scale < 20


def check(cond, what):
    if not cond:
        print('FAIL: ' + what)
        sys.exit(1)


def png(w, h, cell):
    """A two-colour palette PNG, w x h px, checkered every `cell` px."""
    def chunk(t, d):
        return struct.pack('>I', len(d)) + t + d + struct.pack('>I', zlib.crc32(t + d))
    stride = (w + 7) // 8
    pattern = []  # the two kinds of pixel row: cell rows of even and odd parity
    for parity in (0, 1):
        row = bytearray(stride)
        for b in range(w):
            if ((b // cell) + parity) % 2:
                row[b >> 3] |= 0x80 >> (b & 7)
        pattern.append(b'\0' + bytes(row))
    rows = [pattern[(y // cell) % 2] for y in range(h)]
    return (b'\x89PNG\r\n\x1a\n' + chunk(b'IHDR', struct.pack('>IIBBBBB', w, h, 1, 3, 0, 0, 0))
            + chunk(b'PLTE', bytes([0xef, 0xe6, 0xd0, 0xd9, 0xcc, 0xaa]))
            + chunk(b'IDAT', zlib.compress(b''.join(rows), 9)) + chunk(b'IEND', b''))


def draw(args, out):
    p = subprocess.run([TOOL, 'draw'] + args + ['--out', out, '--scale', str(SCALE)],
                       capture_output=True, text=True, timeout=120)
    return p.returncode, p.stderr


def image_of(svg_path):
    """The <image> element's rectangle and bytes, and whether it comes before every wall."""
    root = ET.parse(svg_path).getroot()
    kids = list(root)
    images = [k for k in kids if k.tag == SVG + 'image']
    check(len(images) == 1, f'{svg_path}: one <image>, found {len(images)}')
    im = images[0]
    href = im.get('href')
    mime, data = href[len('data:'):].split(';base64,')
    first_line = next(i for i, k in enumerate(kids) if k.tag == SVG + 'line')
    rect = tuple(float(im.get(a)) for a in ('x', 'y', 'width', 'height'))
    return rect, mime, base64.b64decode(data), kids.index(im) < first_line


def near(a, b):
    return all(abs(x - y) < 0.006 for x, y in zip(a, b))


def uvtt_case(d, name, pic_w, pic_h, want_cells):
    with open(os.path.join(MAPS, 'uvtt', name), encoding='utf-8') as f:
        m = json.load(f)
    ppg = m['resolution']['pixels_per_grid']
    picture = png(pic_w, pic_h, ppg)
    m['image'] = base64.b64encode(picture).decode()
    path = os.path.join(d, name)
    with open(path, 'w', encoding='utf-8') as f:
        json.dump(m, f)
    out = path + '.svg'
    rc, err = draw([path, '--background'], out)
    check(rc == 0, f'draw --background {name}: exit {rc}: {err}')
    rect, mime, data, under = image_of(out)
    x, y, w, h = want_cells
    want = (MARGIN + x * SCALE, MARGIN + y * SCALE, w * SCALE, h * SCALE)
    check(near(rect, want), f'{name}: <image> at {rect}, expected {want}')
    check(mime == 'image/png' and data == picture, f'{name}: the embedded picture, unchanged')
    check(under, f'{name}: the picture is drawn before (under) the walls')
    return path


def main():
    with tempfile.TemporaryDirectory() as d:
        # The Litch: 48 x 27 cells at 128 px per cell.
        litch = uvtt_case(d, 'vttmaps__the-litch-and-his-tomb.dd2vtt', 48 * 128, 27 * 128,
                          (0, 0, 48, 27))
        # A cropped export (map_origin 13,12): the picture is the exported rectangle.
        uvtt_case(d, 'vttmaps__stone-resolve-academy_ground-floor-north-rooms.dd2vtt',
                  32 * 128, 10 * 128, (0, 0, 32, 10))
        # A picture at half the file's pixels per cell covers half the cells: its pixels, not
        # map_size, place it (image_px = cell x pixels_per_grid).
        uvtt_case(d, 'vttmaps__headmasters-quarters.dd2vtt', 5 * 128, 10 * 128, (0, 0, 5, 10))

        # Foundry: the picture is a separate file, given with --background-image.
        pic = os.path.join(d, 'street.png')
        with open(pic, 'wb') as f:
            f.write(png(1750, 1750, 70))
        street = os.path.join(MAPS, 'foundry', 'zahi__cities-street.json')
        out = os.path.join(d, 'street.svg')
        rc, err = draw([street, '--background-image', pic], out)
        check(rc == 0, f'draw --background-image: exit {rc}: {err}')
        rect, mime, data, under = image_of(out)
        check(near(rect, (MARGIN, MARGIN, 25 * SCALE, 25 * SCALE)), f'street: {rect}')
        check(mime == 'image/png' and under and data == open(pic, 'rb').read(), 'street picture')
        # Mansion: 6250 x 3571 px on a 75 px grid, padding 0.25, shiftX/Y -30/-15. The scene
        # rectangle starts at canvas px (21*75 + 30, 12*75 + 15) = (1605, 915), i.e. 0.4 and 0.2
        # of a cell into the scene's first cell (canvas cell 21, 12), and is 83.33 x 47.61 cells.
        pic = os.path.join(d, 'mansion.png')
        with open(pic, 'wb') as f:
            f.write(png(625, 357, 75))  # any pixel size: the scene's rectangle places it
        mansion = os.path.join(MAPS, 'foundry', 'majorvictory__mansion-floor-2.json')
        out = os.path.join(d, 'mansion.svg')
        rc, err = draw([mansion, '--background-image', pic], out)
        check(rc == 0, f'draw mansion: exit {rc}: {err}')
        rect, _, _, _ = image_of(out)
        want = (MARGIN + 0.4 * SCALE, MARGIN + 0.2 * SCALE, 6250 / 75 * SCALE, 3571 / 75 * SCALE)
        check(near(rect, want), f'mansion: <image> at {rect}, expected {want}')

        # Refusals, each with a message and exit 2, and no SVG left behind.
        out = os.path.join(d, 'x.svg')
        rc, err = draw([street, '--background'], out)
        check(rc == 2 and 'Cities-Street.webp' in err and '--background-image' in err,
              f'Foundry without a picture file: {rc} {err}')
        rc, err = draw([os.path.join(MAPS, 'uvtt', 'vttmaps__gold-room.dd2vtt'), '--background'],
                       out)
        check(rc == 2 and 'embeds no picture' in err, f'UVTT without a picture: {rc} {err}')
        rc, err = draw([litch, '--background-image', street], out)
        check(rc == 2 and 'not a PNG, JPEG or WebP' in err, f'not a picture: {rc} {err}')
        with open(os.path.join(d, 'bad.dd2vtt'), 'w', encoding='utf-8') as f:
            m = json.load(open(litch, encoding='utf-8'))
            m['image'] = 'not base64!'
            json.dump(m, f)
        rc, err = draw([os.path.join(d, 'bad.dd2vtt'), '--background'], out)
        check(rc == 2 and 'not base64' in err, f'bad base64: {rc} {err}')
        check(not os.path.exists(out), 'no SVG after a refusal')
    print('ok: background')


def stand_in(map_path, out_path):
    with open(map_path, encoding='utf-8') as f:
        m = json.load(f)
    r = m['resolution']
    ppg = r['pixels_per_grid']
    m['image'] = base64.b64encode(png(r['map_size']['x'] * ppg, r['map_size']['y'] * ppg,
                                      ppg)).decode()
    with open(out_path, 'w', encoding='utf-8') as f:
        json.dump(m, f)


if TOOL == '--stand-in':
    stand_in(sys.argv[2], sys.argv[3])
else:
    main()
