#!/usr/bin/env python3
"""End-to-end tests of the gridgeom tool (meson suite 'cli'): test_cli.py GRIDGEOM SRCROOT CASE.

Runs the tool on the real maps in tests/data/maps and checks exit codes, JSON lines and that every
SVG parses as XML."""
import json
import os
import subprocess
import sys
import tempfile
import xml.etree.ElementTree as ET

TOOL, ROOT, CASE = sys.argv[1], sys.argv[2], sys.argv[3]
MAPS = os.path.join(ROOT, 'tests', 'data', 'maps')
LITCH = os.path.join(MAPS, 'uvtt', 'vttmaps__the-litch-and-his-tomb.dd2vtt')
STREET = os.path.join(MAPS, 'foundry', 'zahi__cities-street.json')
COINS = os.path.join(MAPS, 'foundry', 'majorvictory__dungeon-of-coins.json')
SVG_NS = '{http://www.w3.org/2000/svg}'


def run(args, stdin=None):
    p = subprocess.run([TOOL] + args, input=stdin, capture_output=True, text=True, timeout=60)
    return p.returncode, p.stdout, p.stderr


def check(cond, what):
    if not cond:
        print('FAIL: ' + what)
        sys.exit(1)


def case_help():
    for cmd in ([], ['info'], ['query'], ['draw'], ['convert']):
        rc, out, _ = run(cmd + ['--help'])
        check(rc == 0 and 'Usage: gridgeom' in out and 'Exit status' in out, f'{cmd} --help')
    rc, out, _ = run(['query', '--help'])
    check('has_line_of_sight' in out and 'shortest_path' in out, 'query --help lists the ops')
    rc, _, err = run([])
    check(rc == 2, 'no arguments: exit 2')
    rc, _, err = run(['frobnicate', LITCH])
    check(rc == 2 and 'unknown command' in err, 'unknown command: exit 2')
    rc, _, err = run(['draw', LITCH])
    check(rc == 2 and '--out' in err, 'draw without --out: exit 2')
    rc, _, err = run(['info', LITCH, '--bogus'])
    check(rc == 2, 'unknown option: exit 2')


def case_info():
    for sub in ('uvtt', 'foundry'):
        for name in sorted(os.listdir(os.path.join(MAPS, sub))):
            rc, out, err = run(['info', os.path.join(MAPS, sub, name)])
            check(rc == 0 and 'walls:' in out and 'cells' in out, f'info {name}: {err}')
    rc, out, _ = run(['info', STREET, '--json'])
    check(rc == 0, 'info --json')
    info = json.loads(out)
    check(info['format'] == 'foundry' and info['width'] == 25 and info['walls'] == 113, 'facts')
    check(info['doors'] == 29 and info['doors_open'] == 9, 'doors')
    check(any(n['action'] == 'dropped' and 'light' in n['what'] for n in info['notes']),
          'the hidden lights are reported')
    rc, out, _ = run(['info', os.path.join(MAPS, 'foundry', 'ocd__nort-gate.json'),
                      '--elevation', '0', '--json'])
    check(rc == 0 and json.loads(out)['walls'] == 79, 'info --elevation')
    rc, out, _ = run(['info', COINS, '--json'])
    coins = json.loads(out)
    check(rc == 0 and coins['centres_on_walls'] == 1206 and coins['wall_rule'] == 'point' and
          coins['centre_on_wall_example'].startswith('cell 0,0: wall'), 'info: centres on walls')
    # --wall-rule picks the import's rule: under Nat20's a wall through 0,0's centre blinds it.
    blind = '{"op":"has_line_of_sight","a":"0,0","b":"0,0"}\n'
    answers = {}
    for rule in ('point', 'nat20'):
        rc, out, _ = run(['query', COINS, '--wall-rule', rule], blind)
        answers[rule] = json.loads(out)['result'] if rc == 0 else None
    check(answers == {'point': True, 'nat20': False}, 'query --wall-rule point/nat20')
    rc, out, _ = run(['info', COINS, '--wall-rule', 'nat20', '--json'])
    check(rc == 0 and json.loads(out)['wall_rule'] == 'nat20', 'info --wall-rule nat20')
    rc, _, _ = run(['info', COINS, '--wall-rule', 'sideways'])
    check(rc == 2, 'bad --wall-rule is a usage error')


def case_query():
    lines = [
        {'op': 'has_line_of_sight', 'a': '42,8', 'b': '45,15', 'id': 'hall'},
        {'op': 'has_line_of_sight', 'a': '20,2', 'b': '20,20'},
        {'op': 'distance_ft', 'a': '0,0', 'b': '3,4'},
        {'op': 'shortest_path', 'a': '40,6', 'b': '40,9'},
        {'op': 'cover_between', 'a': '40,6', 'b': '44,6'},
        {'op': 'parse_cell', 'cid': 'x'},
        {'op': 'reachable_cells', 'start': '40,6', 'budget_ft': 5},
        {'op': 'area_cells', 'origin': '42,10', 'shape': 'sphere', 'size_ft': 5,
         'includes_origin': True},
    ]
    text = '\n'.join(json.dumps(l) for l in lines) + '\n\n'
    rc, out, err = run(['query', LITCH], text)
    check(rc == 0, f'query exit {rc}: {err}')
    got = [json.loads(l) for l in out.splitlines()]
    check(len(got) == len(lines), 'one answer per query line')
    check(got[0] == {'id': 'hall', 'result': True}, 'open sight line, id echoed')
    check(got[1] == {'result': False}, 'blocked sight line')
    check(got[2] == {'result': 20}, 'distance')
    check(got[3]['result'][0] == '40,6' and got[3]['result'][-1] == '40,9', 'path')
    check(got[4] == {'result': 'none'}, 'cover')
    check(got[5] == {'result': {'error': 'ValueError'}}, 'Nat20 error answer')
    check(len(got[6]['result']) == 9, 'reachable: the start and its 8 neighbours')
    check(len(got[7]['result']) == 9, 'area')
    # Errors are JSON, never a crash; the exit status says some line failed.
    bad = '{"op": "nope"}\n{"op": "has_line_of_sight", "a": "1,1"}\n{not json\n[1]\n"str"\n' + \
          '{"op": "has_line_of_sight", "a": 5, "b": "1,1"}\n' + 'x' * 100000 + '\n'
    rc, out, err = run(['query', STREET], bad)
    check(rc == 4, f'query with bad lines: exit {rc}')
    got = [json.loads(l) for l in out.splitlines()]
    check(len(got) == 7 and all('error' in g and 'message' in g['error'] for g in got),
          'every bad line gets an error object')
    check(got[1]['error']['line'] == 2 and 'missing' in got[1]['error']['message'], 'line number')
    # --input FILE
    with tempfile.NamedTemporaryFile('w', suffix='.jsonl', delete=False) as f:
        f.write('{"op": "is_valid_cell", "cid": "3,3"}\n')
    try:
        rc, out, _ = run(['query', STREET, '--input', f.name])
        check(rc == 0 and json.loads(out) == {'result': True}, 'query --input')
    finally:
        os.unlink(f.name)


def parse_svg(path):
    root = ET.parse(path).getroot()
    check(root.tag == SVG_NS + 'svg', 'root is <svg>')
    return root


def case_draw():
    with tempfile.TemporaryDirectory() as d:
        out = os.path.join(d, 'litch.svg')
        rc, _, err = run(['draw', LITCH, '--out', out, '--from', '42,8', '--to', '20,10',
                          '--fov', '--path', '--cover', '--template', 'sphere,10'])
        check(rc == 0, f'draw exit {rc}: {err}')
        root = parse_svg(out)
        texts = ' '.join(t.text or '' for t in root.iter(SVG_NS + 'text'))
        check('sight 42,8 -> 20,10: blocked' in texts, 'caption names the blocked sight line')
        check('path:' in texts and 'sees' in texts and 'template' in texts, 'overlay captions')
        check(len(list(root.iter(SVG_NS + 'line'))) > 78, 'walls are drawn')
        check('path: none' in texts, 'no path through the closed doors')
        rc, _, err = run(['draw', LITCH, '--out', out, '--from', '40,6', '--to', '45,15',
                          '--path'])
        root = parse_svg(out)
        check(rc == 0 and len(list(root.iter(SVG_NS + 'polyline'))) == 1, 'one path')
        # every map draws and parses
        for sub in ('uvtt', 'foundry'):
            for name in sorted(os.listdir(os.path.join(MAPS, sub))):
                o = os.path.join(d, name + '.svg')
                rc, _, err = run(['draw', os.path.join(MAPS, sub, name), '--out', o])
                check(rc == 0, f'draw {name}: {err}')
                parse_svg(o)
        o = os.path.join(d, 'x.svg')
        rc, _, err = run(['draw', STREET, '--out', o, '--from', '99,99'])
        check(rc == 2 and not os.path.exists(o), 'off-map --from: exit 2, no file')
        rc, _, err = run(['draw', STREET, '--out', o, '--template', 'blob,5', '--from', '1,1'])
        check(rc == 2, 'bad template: exit 2')
        rc, _, err = run(['draw', STREET, '--out', os.path.join(d, 'no', 'such', 'dir.svg')])
        check(rc == 3, 'unwritable output: exit 3')


def case_convert():
    with tempfile.TemporaryDirectory() as d:
        a = os.path.join(d, 'a.json')
        b = os.path.join(d, 'b.json')
        rc, _, err = run(['convert', STREET, '--out', a])
        check(rc == 0, f'convert: {err}')
        rc, _, err = run(['convert', a, '--out', b])
        check(rc == 0, f'convert again: {err}')
        check(open(a).read() == open(b).read(), 'convert is a fixed point after one pass')
        scene = json.load(open(a))
        check(scene['width'] == 25 and len(scene['wall_segments']) == 113, 'Nat20 JSON')
        rc, out, _ = run(['info', a, '--json'])
        check(json.loads(out)['format'] == 'nat20' and json.loads(out)['notes'] == [],
              'reloading reports nothing')


def case_errors():
    with tempfile.TemporaryDirectory() as d:
        cases = {
            'trunc.json': '{"width": 4,\n "height": ',
            'types.json': '{"width": "4", "height": 4}',
            'huge.json': '{"width": 99999999, "height": 4}',
            'nan.json': '{"width": NaN, "height": 4}',
            'empty.json': '',
            'array.json': '[]',
            'uvtt.dd2vtt': '{"resolution": {"map_size": {"x": 2, "y": 2}}, "line_of_sight": 7}',
        }
        for name, text in cases.items():
            p = os.path.join(d, name)
            with open(p, 'w') as f:
                f.write(text)
            for cmd in (['info', p], ['query', p], ['draw', p, '--out', p + '.svg']):
                rc, out, err = run(cmd, '')
                check(rc == 1 and err.startswith('gridgeom: ') and 'GG_E_' in err,
                      f'{cmd[0]} {name}: exit {rc}, {err!r}')
        rc, _, err = run(['info', os.path.join(d, 'trunc.json')])
        check('line 2' in err, 'parse errors name the line')
        rc, _, err = run(['info', os.path.join(d, 'missing.json')])
        check(rc == 1 and 'cannot open' in err, 'missing file')


{'help': case_help, 'info': case_info, 'query': case_query, 'draw': case_draw,
 'convert': case_convert, 'errors': case_errors}[CASE]()
print('ok: ' + CASE)
