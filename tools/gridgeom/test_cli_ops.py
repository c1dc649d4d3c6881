#!/usr/bin/env python3
"""End-to-end tests of the library's own `gridgeom query` ops and the new `draw` overlays (meson
suite 'cli'): test_cli_ops.py GRIDGEOM SRCROOT CASE.

Every op that `gridgeom query --help` lists is run on a real shared map (tests/data/maps) or the
hex board tests/data/boards/ridge.hex.json, and its answers are checked against each other and
against the Nat20 ops (a path's cost is its route's cost, a field agrees with A*, the field of view
lists what has line of sight, a door opened between two lines lets sight through, ...). The C test
test_cli_ops.c compares a sample of each op with direct library calls. Case 'docs' runs every
example of docs/cli.md and compares the printed answers."""
import json
import os
import re
import subprocess
import sys
import tempfile
import xml.etree.ElementTree as ET

TOOL, ROOT, CASE = sys.argv[1], sys.argv[2], sys.argv[3]
MAPS = os.path.join(ROOT, 'tests', 'data', 'maps')
LITCH = os.path.join(MAPS, 'uvtt', 'vttmaps__the-litch-and-his-tomb.dd2vtt')
STREET = os.path.join(MAPS, 'foundry', 'zahi__cities-street.json')
TAVERN = os.path.join(MAPS, 'foundry', 'majorvictory__underbark-tavern-top-floor.json')
RIDGE = os.path.join(ROOT, 'tests', 'data', 'boards', 'ridge.hex.json')
SVG_NS = '{http://www.w3.org/2000/svg}'
USED = set()


def check(cond, what):
    if not cond:
        print('FAIL: ' + what)
        sys.exit(1)


def query(path, lines, expect_rc=0):
    """Runs the lines through one invocation; returns the parsed answers."""
    for l in lines:
        USED.add(l['op'])
    text = '\n'.join(json.dumps(l) for l in lines) + '\n'
    p = subprocess.run([TOOL, 'query', path], input=text, capture_output=True, text=True,
                       timeout=120)
    check(p.returncode == expect_rc, f'query exit {p.returncode}: {p.stderr} {p.stdout[:400]}')
    out = [json.loads(l) for l in p.stdout.splitlines()]
    check(len(out) == len(lines), 'one answer per line')
    return out


def results(path, lines):
    out = query(path, lines)
    for l, o in zip(lines, out):
        check('result' in o, f'{l["op"]}: {o}')
    return [o['result'] for o in out]


def all_ops():
    p = subprocess.run([TOOL, 'query', '--help'], capture_output=True, text=True)
    text = p.stdout.split(' movement options:')[0]
    ops = re.findall(r'^  ([a-z_0-9]+)(?: |$)', text, re.M)
    check(len(ops) > 50, 'query --help lists the ops')
    return set(ops)


def case_paths():
    r = results(LITCH, [
        {'op': 'lowest_cost_path', 'a': '40,6', 'b': '36,12'},
        {'op': 'move_field', 'origin': '40,6', 'cells': ['36,12', '0,0'], 'path_to': '36,12'},
        {'op': 'move_field', 'origin': '40,6'},
        {'op': 'move_overlay', 'origin': '40,6', 'budget_ft': 30},
        {'op': 'reachable', 'start': '40,6', 'budget_ft': 30},
        {'op': 'reachable_cells', 'start': '40,6', 'budget_ft': 30},
        {'op': 'lowest_cost_path', 'a': '40,6', 'b': '36,12', 'metric': 'alternating'},
        {'op': 'lowest_cost_path', 'a': '40,6', 'b': '36,12', 'metric': 'euclidean'},
        {'op': 'lowest_cost_path', 'a': '40,6', 'b': '36,12', 'size': 'large'},
        {'op': 'lowest_cost_path', 'a': '40,6', 'b': '36,12', 'difficult': 'ignore',
         'others': [{'cell': '39,7', 'side': 1}], 'side': 0},
        {'op': 'metric_distance', 'a': '0,0', 'b': '3,4', 'metric': 'alternating'},
        {'op': 'footprint_distance', 'a': {'cell': '0,0', 'size': 'large'}, 'b': {'cell': '3,0'}},
        {'op': 'shortest_path', 'a': '40,6', 'b': '36,12'},
    ])
    lcp, field, summary, overlay, reach, n20reach, alt, euc, large, others, md, fd, bfs = r
    check(lcp['found'] and lcp['path'][0] == '40,6' and lcp['path'][-1] == '36,12', 'A* path')
    cost = results(LITCH, [{'op': 'route_cost', 'cells': lcp['path']},
                           {'op': 'route_cost', 'cells': alt['path'], 'metric': 'alternating'}])
    check(cost[0]['feet'] == lcp['feet'] and cost[0]['legal'], 'a path costs what A* said')
    check(cost[1]['feet'] == alt['feet'], 'alternating: route cost = A* cost')
    check(field['cells'][0]['feet'] == lcp['feet'] and field['cells'][0]['reached'],
          'the field agrees with A*')
    check(not field['cells'][1]['reached'], 'an unreachable cell')
    check(field['path'][0] == '40,6' and field['path'][-1] == '36,12' and
          len(field['path']) == len(lcp['path']), 'the field path is as long as A*')
    check(summary['reached'] >= len(overlay['cells']), 'a field reaches at least the overlay')
    check(overlay['count'] == len(reach['cells']) == len(n20reach), 'overlay = reach = Nat20')
    check({c['cell']: c['cost_ft'] for c in reach['cells']} ==
          {k: v[0] for k, v in n20reach.items()}, 'reachable = Nat20 reachable_cells')
    check(all(c['cost_ft'] <= 30 for c in overlay['cells']), 'overlay within its budget')
    check(alt['feet'] >= lcp['feet'] and euc['cost_ft'] >= lcp['feet'], 'metrics cost more')
    check(large['feet'] >= lcp['feet'] or not large['found'], 'a large mover pays at least as much')
    check(others['found'] and '39,7' not in others['path'][1:-1], 'an enemy is not walked through')
    check(md['feet'] == 25 and md['steps'] == 4, '5-10-5 distance of (3,4)')
    check(fd['feet'] == 10 and not fd['adjacent'], 'footprint gap of a large and a medium body')
    check(len(bfs) == len(lcp['path']), 'Chebyshev A* as short as the fewest-cells walk')


def case_sight():
    cells = ['42,8', '45,15', '20,10', '40,6', '10,9']
    r = results(LITCH, [
        {'op': 'visible_cells', 'viewer': '42,8', 'list': True},
        {'op': 'visible_cells', 'viewer': '42,8', 'range_ft': 10},
        {'op': 'seen_cells', 'viewer': '42,8', 'list': True},
        {'op': 'seen_cells', 'viewer': '42,8', 'senses': {'blindsight': 10}},
        {'op': 'visibility_matrix', 'cells': cells},
        {'op': 'visibility_matrix', 'cells': cells, 'rule': 'can_see',
         'senses': [{'darkvision': 60}, {}, {}, {}, {}]},
        {'op': 'lights'},
        {'op': 'lighting'},
        {'op': 'lighting', 'cells': ['10,9', '42,8']},
    ] + [{'op': 'has_line_of_sight', 'a': a, 'b': b} for a in cells for b in cells])
    vis, near, seen, seen_bs, mat, mat2, lights, lighting, lit = r[:9]
    los = r[9:]
    check(vis['count'] == len(vis['cells']) and '42,8' in vis['cells'], 'fov count and cells')
    lines = [{'op': 'has_line_of_sight', 'a': '42,8', 'b': c} for c in vis['cells'][:50]]
    check(all(results(LITCH, lines)), 'every cell in view has line of sight')
    check(near['count'] <= 25 and near['count'] <= vis['count'], 'a 10 ft view is small')
    check(set(seen['cells']) <= set(vis['cells']), 'seen cells are in view')
    check(seen_bs['count'] <= vis['count'], 'blindsight does not see through walls')
    n = len(cells)
    check(all(mat[i][j] == int(los[i * n + j]) for i in range(n) for j in range(n)),
          'the visibility matrix is line of sight pair by pair')
    check(all(mat2[i][j] <= mat[i][j] for i in range(n) for j in range(n)), 'can_see <= LoS')
    check(len(lights) == 2 and lights[0]['cell'] == '10,9', 'the two lights of the map')
    w, h = 48, 27
    check(lighting['bright'] + lighting['dim'] + lighting['dark'] == w * h, 'lighting counts')
    check(lit[0]['source_light'] == 'bright', 'a light lights its own cell')
    # The visibility polygon of a cell centre rasterises to the cells it has line of sight to
    # (the Universal VTT import uses the point rule), and a light polygon to no more.
    poly, light = results(LITCH, [
        {'op': 'visibility_polygon', 'point': [42.5, 8.5], 'cells': True},
        {'op': 'visibility_polygon', 'point': [42.5, 8.5], 'sense': 'light', 'range_ft': 30,
         'arc_error': 0.01},
    ])
    check(poly['count'] == len(poly['vertices']) >= 3 and poly['area'] > 0, 'polygon vertices')
    check(poly['cell_count'] == len(poly['cells']), 'polygon cell count')
    check(set(poly['cells']) == set(vis['cells']), 'polygon cells = field of view (point rule)')
    check(light['area'] <= poly['area'] + 1e-9 and light['area'] <= 3.1416 * 36,
          'a 30 ft light polygon within its disc')
    # A cone light (90 degrees, rotation 270 = east, Foundry's convention): its light polygon
    # starts at the light's centre and lies in the quarter disc; its cells are east of it, on
    # or within the diagonals.
    added, cone, cone_bright, _, whole = results(LITCH, [
        {'op': 'add_light', 'cell': '42,8', 'bright_ft': 10, 'dim_ft': 30, 'angle_deg': 90,
         'rotation_deg': 270},
        {'op': 'light_polygon', 'light': 2, 'cells': True},
        {'op': 'light_polygon', 'light': 2, 'which': 'bright'},
        {'op': 'set_light', 'light': 2, 'angle_deg': 360},
        {'op': 'light_polygon', 'light': 2},
    ])
    check(added['light'] == 2, 'a third light on the Litch')
    check(cone['vertices'][0] == [42.5, 8.5] and cone['count'] == len(cone['vertices']),
          'a cone polygon starts at its apex')
    check(0 < cone['area'] <= 3.1416 * 36 / 4 + 1e-9, 'a 90 degree cone within its quarter disc')
    check(cone_bright['area'] <= cone['area'] and whole['area'] >= cone['area'],
          'bright within dim, the cone within the whole light')
    cone_cells = [tuple(map(int, c.split(','))) for c in cone['cells']]
    check(cone['cell_count'] == len(cone_cells) and (42, 8) in cone_cells and
          all(c - 42 >= abs(r - 8) for c, r in cone_cells), 'cone cells lie east, within the diagonals')


def case_cover():
    r = results(STREET, [
        {'op': 'cover', 'attacker': {'cell': '5,12'}, 'target': {'cell': '9,12'}},
        {'op': 'cover_between', 'a': '5,12', 'b': '9,12'},
        {'op': 'cover', 'attacker': {'cell': '5,12'}, 'target': {'cell': '9,12'},
         'mode': 'corners_2d', 'edition': '5e'},
        {'op': 'cover', 'attacker': {'cell': '5,12'}, 'target': {'cell': '9,12'},
         'mode': 'corners_2d', 'choice': 'obstruction', 'edition': '3.5',
         'creatures': [{'cell': '7,12'}]},
        {'op': 'cover', 'attacker': {'cell': '5,12'}, 'target': {'cell': '9,12'},
         'mode': 'corners_3d', 'lines': False},
        {'op': 'cover', 'attacker': {'cell': '2,2'}, 'target': {'cell': '2,6'},
         'mode': 'corners_2d'},
        {'op': 'cover', 'attacker': {'cell': '2,2'}, 'target': {'cell': '6,6'}, 'kind': 'area',
         'mode': 'corners_2d', 'origin': [2.5, 2.5]},
    ])
    tagged, n20, c2, c35, c3, wall, area = r
    crt = results(LITCH, [{'op': 'cover', 'attacker': {'cell': '40,6'}, 'target': {'cell': '44,6'},
                           'mode': 'corners_2d', 'creatures': [{'cell': '42,6'}],
                           'creature_cap': 'three_quarters'}])[0]
    check(wall['degree'] == 'total' and all(l['by'] == 'wall' and 'wall' in l
                                            for l in wall['witness']), 'walls are named')
    check(tagged['degree'] == n20, 'tagged mode = cover_between')
    check(c2['lines'] == len(c2['witness']) and c2['lines'] >= 4, 'corner lines are listed')
    check(all(l['by'] in ('nothing', 'cell', 'wall', 'creature', 'box', 'terrain')
              for l in c2['witness']), 'what blocked each line')
    check('score' in c2 and c2['score']['degree'] == c2['degree'], '5e score keeps the degree')
    check('score' in c35 and c35['obstruction'] in ('none', 'slight', 'partial', 'heavy', 'total'),
          '3.5 score of the obstruction')
    check('witness' not in c3, 'lines: false leaves the witness out')
    check(any(l['by'] == 'creature' and l['creature'] == 0 for l in crt['witness']) and
          crt['degree'] != 'none', 'a creature in the way is named')
    check(area['source_corner'] == -1, 'an area origin is the source')


def find_door_pair(walls):
    """Cells on both sides of the middle of each closed door."""
    for w in walls:
        x1, y1, x2, y2 = w['line']
        if w['door'] != 'closed':
            continue
        if x1 == x2 and abs(y2 - y1) >= 1:
            y = int(min(y1, y2) + abs(y2 - y1) / 2)
            yield w['wall'], f'{int(x1) - 1},{y}', f'{int(x1)},{y}'
        elif y1 == y2 and abs(x2 - x1) >= 1:
            x = int(min(x1, x2) + abs(x2 - x1) / 2)
            yield w['wall'], f'{x},{int(y1) - 1}', f'{x},{int(y1)}'


def case_edits():
    walls = results(STREET, [{'op': 'walls', 'doors_only': True}, {'op': 'walls'}])
    check(len(walls[0]) == 29 and len(walls[1]) == 113, 'walls and doors of the street')
    found = False
    for wall, a, b in find_door_pair(walls[0]):
        r = results(STREET, [
            {'op': 'has_line_of_sight', 'a': a, 'b': b},
            {'op': 'set_door', 'wall': wall, 'door': 'open'},
            {'op': 'has_line_of_sight', 'a': a, 'b': b},
            {'op': 'shortest_path', 'a': a, 'b': b},
            {'op': 'set_door', 'wall': wall, 'door': 'locked'},
            {'op': 'has_line_of_sight', 'a': a, 'b': b},
        ])
        if not r[0] and r[2]:
            check(r[1]['door'] == 'open' and len(r[3]) == 2 and not r[5], 'door state persists')
            found = True
            break
    check(found, 'a closed door that blocks sight, opened between two lines')
    r = results(LITCH, [
        {'op': 'has_line_of_sight', 'a': '42,8', 'b': '45,8'},
        {'op': 'add_wall', 'from': [44, 7], 'to': [44, 10]},
        {'op': 'has_line_of_sight', 'a': '42,8', 'b': '45,8'},
        {'op': 'add_wall', 'from': [44, 11], 'to': [44, 12], 'blocks': ['movement'],
         'cover': 'half', 'door': 'none', 'one_way': 'left'},
        {'op': 'lights'},
        {'op': 'add_light', 'cell': '42,8', 'bright_ft': 5, 'dim_ft': 10},
        {'op': 'lighting', 'cells': ['42,8', '44,8', '42,10']},
        {'op': 'set_light', 'light': 2, 'dim_ft': 5},
        {'op': 'lighting', 'cells': ['42,10']},
        {'op': 'remove_light', 'light': 2},
        {'op': 'set_cells', 'cells': ['43,8'], 'tag': 'blocked', 'value': 1},
        {'op': 'is_valid_cell', 'cid': '43,8'},
        {'op': 'set_cells', 'cells': ['46,8'], 'tag': 'lighting', 'name': 'dark'},
        {'op': 'light_on_cell', 'cid': '46,8'},
    ])
    check(r[0] and not r[2], 'an added wall blocks sight')
    new_wall = r[1]['wall']
    r2 = results(LITCH, [{'op': 'add_wall', 'from': [44, 7], 'to': [44, 10]},
                         {'op': 'remove_wall', 'wall': new_wall},
                         {'op': 'has_line_of_sight', 'a': '42,8', 'b': '45,8'}])
    check(r2[2], 'removing the wall clears sight')
    check(r[3]['cover'] == 'half' and r[3]['blocks'] == ['movement'], 'wall options')
    check(r[5]['light'] == 2 and r[6][0]['source_light'] == 'bright' and
          r[6][2]['source_light'] == 'dim', 'an added light lights cells')
    check(r[8][0]['source_light'] == 'dark', 'a shrunk light no longer reaches')
    check(r[9]['lights'] == 2 and r[10]['cells'] == 1 and r[11] is False, 'cell edits persist')
    check(r[13] == 'dark', 'lighting tag by name')
    # Wall kinds: a 3 ft parapet seen over from a balcony (eye 15 ft), a secret door that a
    # player reads as a wall, a mover that opens doors (and a secret one only when it knows it).
    r = results(LITCH, [
        {'op': 'add_wall', 'from': [44, 7], 'to': [44, 10], 'bottom_ft': 0, 'top_ft': 3},
        {'op': 'has_line_of_sight', 'a': '42,8', 'b': '45,8'},
        {'op': 'line_of_sight_view', 'a': '42,8', 'b': '45,8'},
        {'op': 'line_of_sight_view', 'a': '42,8', 'b': '45,8', 'eye_elevation_ft': 15},
        {'op': 'line_of_sight_view', 'a': '42,8', 'b': '45,8', 'eye_elevation_ft': 2.5,
         'target_elevation_ft': 2.5},
        {'op': 'visible_cells', 'viewer': '42,8'},
        {'op': 'visible_cells', 'viewer': '42,8', 'eye_elevation_ft': 15},
        {'op': 'visible_cells', 'viewer': '42,8', 'eye_elevation_ft': 0},
        {'op': 'add_wall', 'from': [44, 11], 'to': [44, 12], 'door': 'closed', 'secret': True},
        {'op': 'walls'},
        {'op': 'walls', 'player': True},
    ])
    check(r[0]['bottom_ft'] == 0 and r[0]['top_ft'] == 3, 'wall heights kept')
    check(not r[1] and not r[2]['visible'] and r[3]['visible'] and not r[4]['visible'],
          'a balcony sees over a low wall; on the ground it blocks')
    check(r[6]['count'] > r[5]['count'] == r[7]['count'], 'the view from the balcony sees more')
    secret = r[8]['wall']
    gm = [w for w in r[9] if w['wall'] == secret][0]
    pl = [w for w in r[10] if w['wall'] == secret][0]
    check(gm['secret'] and gm['door'] == 'closed' and 'secret' not in pl and pl['door'] == 'none',
          'a player reads a closed secret door as a wall')
    found = False
    for wall, a, b in find_door_pair(walls[0]):
        r = results(STREET, [
            {'op': 'set_door', 'wall': wall, 'door': 'closed'},
            {'op': 'lowest_cost_path', 'a': a, 'b': b},
            {'op': 'lowest_cost_path', 'a': a, 'b': b, 'open_doors': True},
            {'op': 'set_door', 'wall': wall, 'door': 'locked'},
            {'op': 'lowest_cost_path', 'a': a, 'b': b, 'open_doors': True},
            {'op': 'move_overlay', 'origin': a, 'budget_ft': 5, 'open_doors': True},
        ])
        if len(r[1]['path']) != 2 and len(r[2]['path']) == 2:
            check(len(r[4]['path']) != 2, 'a locked door stays shut to an opener')
            check(b not in [x['cell'] for x in r[5]['cells']], 'nor does the overlay pass it')
            found = True
            break
    check(found, 'a mover that opens doors walks through a closed one')
    bad = query(STREET, [{'op': 'set_door', 'wall': 99999, 'door': 'open'},
                         {'op': 'set_door', 'wall': 0, 'door': 'ajar'}], expect_rc=4)
    check('no wall' in bad[0]['error']['message'] and 'one of' in bad[1]['error']['message'],
          'edit errors')


def case_fog():
    """party_view is the union of the members' seen_cells / visible_cells; fog_turn grows the
    explored cells by the view and saves them; door_changes names exactly the cells whose view
    changed when a door of the street opens, and the edit persists."""
    viewers = [{'cell': '12,12'}, {'cell': '3,20', 'range_ft': 15},
               {'cell': '20,4', 'senses': {'darkvision': 60}}]
    r = results(STREET, [
        {'op': 'party_view', 'viewers': viewers, 'list': True},
        {'op': 'visible_cells', 'viewer': '12,12', 'list': True},
        {'op': 'visible_cells', 'viewer': '3,20', 'range_ft': 15, 'list': True},
        {'op': 'seen_cells', 'viewer': '20,4', 'senses': {'darkvision': 60}, 'list': True},
        {'op': 'fog_turn', 'viewers': viewers, 'explored': ['0,0', '12,12']},
    ])
    union = set(r[1]['cells']) | set(r[2]['cells']) | set(r[3]['cells'])
    check(set(r[0]['cells']) == union and r[0]['count'] == len(union), 'party view is the union')
    check(set(r[4]['revealed']) == union - {'0,0', '12,12'} and
          r[4]['explored'] == len(union | {'0,0'}), 'fog_turn reveals what is new')
    saved = bytes.fromhex(r[4]['saved'])
    check(saved[:4] == b'GGFW' and saved[4] == 1 and len(saved) == r[4]['saved_bytes'],
          'fog_turn saves the documented format')
    doors = results(STREET, [{'op': 'walls', 'doors_only': True}])[0]
    found = False
    for wall, a, b in find_door_pair(doors):
        party = [{'cell': a}, {'cell': '12,12'}]
        r = results(STREET, [
            {'op': 'party_view', 'viewers': party, 'list': True},
            {'op': 'door_changes', 'wall': wall, 'door': 'open', 'viewers': party, 'light': True},
            {'op': 'party_view', 'viewers': party, 'list': True},
        ])
        before, after = set(r[0]['cells']), set(r[2]['cells'])
        if before == after:
            continue
        # per-member changes may hide in the union, so the changed cells hold the union's diff
        check(set(r[1]['cells']) >= before ^ after, 'door_changes names what changed')
        check(r[1]['party_before'] == len(before) and r[1]['party_after'] == len(after),
              'door_changes counts the party before and after')
        found = True
        break
    check(found, 'a door whose opening changes what the party sees')
    bad = query(STREET, [{'op': 'door_changes', 'wall': 99999, 'door': 'open',
                          'viewers': [{'cell': '1,1'}]},
                         {'op': 'party_view', 'viewers': [{'cell': '99,1'}]},
                         {'op': 'party_view', 'viewers': [{'place': '1,1'}]},
                         {'op': 'fog_turn', 'viewers': [{'cell': '1,1'}], 'explored': ['99,99']}],
                expect_rc=4)
    check('no wall' in bad[0]['error']['message'] and 'OUT_OF_BOUNDS' in bad[1]['error']['message']
          and 'viewers[0]' in bad[2]['error']['message'] and 'off the map' in
          bad[3]['error']['message'], 'fog op errors')


def creatures():
    return [
        {'cell': '40,6', 'side': 0, 'speed_ft': 30, 'movement_left_ft': 30},
        {'cell': '41,6', 'side': 1},
        {'cell': '44,6', 'side': 1, 'conditions': ['blinded']},
        {'cell': '40,9', 'side': 0, 'senses': {'darkvision': 60}},
    ]


def case_rules():
    cr = creatures()
    r = results(LITCH, [
        {'op': 'check_target', 'from': '42,8', 'to': '45,15', 'range_ft': 60},
        {'op': 'in_range_with_los', 'a': '42,8', 'b': '45,15', 'range_ft': 60},
        {'op': 'check_target', 'from': '42,8', 'to': '20,10', 'range_ft': 30},
        {'op': 'target_cover', 'creatures': cr, 'caster': 0, 'target': 2},
        {'op': 'target_cover', 'creatures': cr, 'caster': 0, 'target': 2, 'area_origin': '42,6'},
        {'op': 'rules_can_see', 'creatures': cr, 'viewer': 2, 'target': 0},
        {'op': 'attack_sight', 'creatures': cr, 'attacker': 0, 'target': 2},
        {'op': 'attack_sight', 'creatures': cr, 'attacker': 2, 'target': 0},
        {'op': 'plan_move', 'creatures': cr, 'mover': 0, 'destination': '40,8'},
        {'op': 'plan_move', 'creatures': cr, 'mover': 0, 'destination': '41,6'},
        {'op': 'plan_move', 'creatures': cr, 'mover': 0, 'destination': '30,20'},
        {'op': 'opportunity_schedule', 'creatures': cr, 'mover': 0,
         'route': ['40,6', '39,6', '38,6']},
        {'op': 'push', 'creatures': cr, 'pusher': 0, 'target': 1, 'distance_ft': 10},
        {'op': 'push_path', 'origin': '40,6', 'target': '41,6', 'distance_ft': 10,
         'occupied_cells': ['40,6', '44,6', '40,9']},
        {'op': 'area_targets', 'creatures': cr, 'origin': '42,6', 'shape': 'sphere',
         'size_ft': 10},
        {'op': 'best_aim', 'creatures': cr, 'actor': 0, 'shape': 'cone', 'size_ft': 15},
        {'op': 'flee_route', 'start': '40,6', 'budget_ft': 15, 'threats': ['41,6']},
        {'op': 'cover_bonus', 'cover': 'half', 'roll': 'dex_save'},
        {'op': 'cover_bonus', 'cover': 'total', 'roll': 'attack'},
    ])
    check(r[0] == 'ok' and r[1] is True, 'check_target agrees with in_range_with_los')
    check(r[2] == 'out_of_range', 'range is checked first')
    check(r[3] in ('none', 'half') and r[4] in ('none', 'half', 'three_quarters', 'total'),
          'target cover')
    check(r[5] is False, 'a blinded creature sees nothing')
    check('blinded_target' in r[6]['advantage'] and r[6]['mode'] == 'advantage',
          'attacking a blinded target')
    check('blinded_attacker' in r[7]['disadvantage'] and r[7]['mode'] == 'disadvantage',
          'a blinded attacker')
    check(r[8]['result'] == 'ok' and r[8]['path'][-1] == '40,8' and r[8]['cost_ft'] >= 10,
          'a move plan')
    check(r[9]['result'] == 'occupied', 'the failure reason')
    check(r[10]['result'] in ('insufficient_movement', 'unreachable'), 'too far')
    check(len(r[11]) == 1 and r[11][0]['reactor'] == 1 and r[11][0]['step'] == 0,
          'leaving the reach of an enemy provokes once')
    check(r[12] == r[13], 'push = Nat20 push_path with the other creatures as occupied')
    check(any(t['creature'] == 1 for t in r[14]), 'area targets')
    check(isinstance(r[15]['found'], bool) and len(r[15]['roles']) == 4, 'best aim')
    check(r[16] == [] or r[16][0] == '40,6', 'a flee route starts at the start')
    check(r[17] == {'bonus': 2, 'targetable': True} and
          r[18] == {'bonus': 0, 'targetable': False}, 'cover bonuses')


def ogre_party():
    """A Large ogre (reach 10 ft) and three Medium party members, one flying 10 ft up."""
    return [
        {'cell': '41,6', 'side': 0, 'frightened_by': 1},
        {'cell': '42,6', 'size': 'large', 'side': 1, 'reach_ft': 10},
        {'cell': '44,7', 'side': 0},
        {'cell': '41,9', 'side': 0, 'base_in': 120, 'senses': {'truesight': 30}},
    ]


def case_sizes():
    # With the Nat20 def, 1x1 creatures at ground level: the every-size ops answer as the
    # Nat20-compatible rules ops (rules.h promises it; here through the tool).
    cr = creatures()
    pairs = [(a, b) for a in range(4) for b in range(4) if a != b]
    lines = []
    for a, b in pairs:
        ca, cb = cr[a]['cell'], cr[b]['cell']
        lines += [
            {'op': 'sees', 'creatures': cr, 'viewer': a, 'target': b},
            {'op': 'rules_can_see', 'creatures': cr, 'viewer': a, 'target': b},
            {'op': 'attack_sight_def', 'creatures': cr, 'attacker': a, 'target': b},
            {'op': 'attack_sight', 'creatures': cr, 'attacker': a, 'target': b},
            {'op': 'check_attack', 'creatures': cr, 'attacker': a, 'target': b, 'range_ft': 15},
            {'op': 'check_target', 'from': ca, 'to': cb, 'range_ft': 15},
            {'op': 'rules_distance', 'creatures': cr, 'a': a, 'b': b},
            {'op': 'distance_ft', 'a': ca, 'b': cb},
        ]
    r = results(LITCH, lines)
    for k in range(len(pairs)):
        sees, can_see, asd, asn, chk, chkt, dist, dft = r[8 * k:8 * k + 8]
        check(sees == can_see, f'sees = rules_can_see {pairs[k]}')
        check(asd == asn, f'attack_sight_def = attack_sight {pairs[k]}')
        check(chk['check'] == chkt and chk['distance_ft'] == dist == dft,
              f'check_attack = check_target, rules_distance = distance_ft {pairs[k]}')
    route = ['40,6', '39,6', '38,6']
    r = results(LITCH, [
        {'op': 'opportunity_attacks', 'creatures': cr, 'mover': 0, 'route': route},
        {'op': 'opportunity_schedule', 'creatures': cr, 'mover': 0, 'route': route},
    ])
    check(r[0] == r[1] and len(r[0]) == 1, 'opportunity_attacks = opportunity_schedule')
    # Every size, elevation, presets and overrides.
    og = ogre_party()
    r = results(LITCH, [
        {'op': 'rules_distance', 'creatures': og, 'a': 0, 'b': 1},
        {'op': 'rules_distance', 'creatures': og, 'a': 2, 'b': 1},
        {'op': 'rules_distance', 'creatures': og, 'a': 0, 'b': 3},
        {'op': 'rules_distance', 'creatures': og, 'a': 0, 'b': 3, 'metric': 'manhattan'},
        {'op': 'check_attack', 'creatures': og, 'attacker': 1, 'target': 3, 'range_ft': 10},
        {'op': 'check_attack', 'creatures': og, 'attacker': 1, 'target': 3, 'range_ft': 5},
        {'op': 'opportunity_attacks', 'creatures': og, 'mover': 2,
         'route': ['44,7', '45,7', '46,7']},
        {'op': 'flanking', 'creatures': og, 'attacker': 2, 'target': 1},
        {'op': 'flanking', 'creatures': og, 'attacker': 3, 'target': 1},
        {'op': 'attack_sight_def', 'creatures': og, 'attacker': 0, 'target': 1},
        {'op': 'sees', 'creatures': og, 'viewer': 1, 'target': 3, 'rules': 'srd',
         'any_square': False, 'obscured_between_blocks': True},
        {'op': 'space', 'creatures': og, 'mover': 1, 'anchor': '40,6'},
        {'op': 'space', 'creatures': og, 'mover': 1, 'anchor': '38,8', 'rules': 'srd'},
        {'op': 'move_def', 'creatures': og, 'mover': 1, 'rules': 'srd'},
        {'op': 'move_def', 'creatures': og, 'mover': 2, 'to': '40,6', 'rules': 'srd'},
        {'op': 'lowest_cost_path', 'a': '44,7', 'b': '40,6', 'side': 0,
         'pass_size_apart': True, 'occupied_difficult': True,
         'others': [og[0], og[1], og[3]]},
    ])
    check(r[0] == 5 and r[1] == 5, 'a Large space is 5 ft from its neighbours on both sides')
    check(r[2] == 15 and r[3] == 15 + 10, 'elevation is a third axis (Chebyshev, Manhattan)')
    check(r[4]['check'] == 'ok' and r[4]['distance_ft'] == 10 and
          r[5]['check'] == 'out_of_range', 'reach from a Large space to a flyer')
    check(r[6] == [{'step': 1, 'reactor': 1, 'at': '45,7'}],
          'leaving a 10 ft reach measured from the space, not the anchor')
    check(r[7] == {'flanked': True, 'ally': 0, 'adjacent': True}, 'opposite sides flank')
    check(r[8]['flanked'] is False and r[8]['adjacent'] is False, 'a flyer 10 ft up does not')
    check(r[9]['disadvantage'] == ['frightened_attacker'] and r[9]['mode'] == 'disadvantage',
          'fear in line of sight')
    check(r[10] is True, 'a flyer in bright light is seen (a preset with overrides)')
    check(r[11]['fits'] and r[11]['occupant'] == 0 and not r[11]['can_end'], 'occupied space')
    check(r[12] == {'fits': False, 'squeezing': True, 'occupant': None, 'can_end': True},
          'a Large creature squeezes where only a Medium footprint fits')
    check(r[13]['size'] == 'large' and r[13]['side'] == 1 and r[13]['pass_size_apart'] and
          len(r[13]['others']) == 3, 'the movement def of the ogre')
    check(r[14]['path']['path'] == r[15]['path'] and r[14]['path']['feet'] == r[15]['feet'],
          'the movement def = lowest_cost_path with the same others and rules')
    # Routes that may squeeze (SRD 5.1), push and flee for every size.
    r = results(LITCH, [
        {'op': 'route', 'creatures': og, 'mover': 2, 'destination': '40,6', 'rules': 'srd'},
        {'op': 'route', 'creatures': og, 'mover': 1, 'destination': '46,6'},
        {'op': 'route', 'creatures': og, 'mover': 1, 'destination': '46,6', 'squeeze': True},
        {'op': 'squeeze_path', 'a': '42,6', 'b': '46,6', 'size': 'large'},
        {'op': 'lowest_cost_path', 'a': '42,6', 'b': '46,6', 'size': 'large'},
        {'op': 'push_def', 'creatures': og, 'pusher': 1, 'target': 2, 'distance_ft': 10},
        {'op': 'push_def', 'creatures': og, 'pusher': 0, 'target': 1, 'distance_ft': 15},
        {'op': 'push_def', 'creatures': cr, 'pusher': 0, 'target': 1, 'distance_ft': 10},
        {'op': 'push', 'creatures': cr, 'pusher': 0, 'target': 1, 'distance_ft': 10},
        {'op': 'flee_route_def', 'creatures': og, 'mover': 2, 'budget_ft': 20},
        {'op': 'flee_route_def', 'creatures': og, 'mover': 1, 'budget_ft': 20, 'rules': 'srd'},
    ])
    check(r[0]['path'] == results(LITCH, [
        {'op': 'move_def', 'creatures': og, 'mover': 2, 'to': '40,6', 'rules': 'srd'}])[0][
        'path']['path'] and not any(r[0]['squeezing']),
        'without squeezing a route is the lowest-cost path under the movement def')
    check(not r[1]['found'] and r[2]['found'] and r[2]['squeezing'][-1] and
          not any(r[2]['squeezing'][:-1]), 'the ogre squeezes into the last column only')
    check(r[3]['found'] and r[3]['squeezing'][-1] and not r[4]['found'],
          'squeeze_path reaches where the lowest-cost path does not')
    for k in (2, 3):
        check(r[k]['feet'] == 5 * (len(r[k]['path']) - 1) + 5 * sum(r[k]['squeezing'][1:]),
              'a squeezed step costs 1 extra foot per foot')
    check(r[5] == ['45,8', '46,9'], 'the ogre pushes the rogue away from its centre')
    check(r[6] == [], 'a pushed ogre stops before the rogue\'s space')
    check(r[7] == r[8], 'push_def = push with 1x1 creatures')
    check(r[9][0] == '44,7' and len(r[9]) <= 20 // 5 + 1 and
          r[10][0] == '42,6' and len(r[10]) <= 20 // 5 + 1, 'flee routes from the start')
    bad = query(LITCH, [
        {'op': 'rules_distance', 'creatures': og, 'a': 0, 'b': 9},
        {'op': 'rules_distance', 'creatures': og, 'a': 0, 'b': 1, 'metric': 'euclidean'},
        {'op': 'sees', 'creatures': og, 'viewer': 0, 'target': 1, 'rules': 'pf2'},
        {'op': 'space', 'creatures': og, 'mover': 1, 'anchor': '1,1', 'any_sqare': True},
    ], expect_rc=4)
    msgs = [o['error']['message'] for o in bad]
    check('gg_rules_distance: GG_E_INVALID_ARG' in msgs[0] and
          'gg_rules_distance: GG_E_INVALID_ARG' in msgs[1], 'bad index, Euclidean refused')
    check('is not one of nat20' in msgs[2] and 'unknown query field "any_sqare"' in msgs[3],
          'rules options are checked')
    # Cover from walls alone, and magical Darkness.
    r = results(LITCH, [
        {'op': 'add_wall', 'from': [43, 5], 'to': [43, 8], 'blocks': ['movement'],
         'cover': 'three_quarters'},
        {'op': 'set_cells', 'cells': ['42,6'], 'tag': 'cover', 'name': 'half'},
        {'op': 'wall_cover_between', 'a': '40,6', 'b': '45,6'},
        {'op': 'cover_between', 'a': '40,6', 'b': '45,6'},
        {'op': 'wall_cover_between', 'a': '40,6', 'b': '42,6'},
        {'op': 'cover_between', 'a': '40,6', 'b': '42,6'},
        {'op': 'set_cells', 'cells': ['44,7'], 'tag': 'obscurement', 'name': 'magical_darkness'},
        {'op': 'obscurement_on_cell', 'cid': '44,7'},
        {'op': 'sees', 'creatures': og, 'viewer': 3, 'target': 2},
        {'op': 'sees', 'creatures': og, 'viewer': 3, 'target': 2, 'rules': 'srd'},
        {'op': 'can_see', 'a': '41,9', 'b': '44,7', 'senses': {'darkvision': 60}},
    ])
    check(r[2] == 'three_quarters' and r[3] == 'three_quarters', 'a cover wall')
    check(r[4] == 'none' and r[5] == 'half', 'wall cover leaves cell tags out')
    check(r[7] == 'magical_darkness', 'magical Darkness by name')
    check(r[8] is True and r[9] is True, 'Truesight sees into magical Darkness')
    check(r[10] is False, 'darkvision does not see into magical Darkness')


def case_areas():
    og = ogre_party()
    cone = {'shape': 'cone', 'size_ft': 20, 'origin': [40, 7], 'direction': [2, 1]}
    line = {'shape': 'line', 'size_ft': 30, 'line_width_ft': 10, 'origin': [39.5, 6.5],
            'direction': [3, 1], 'coverage': 'touch'}
    aura = {'shape': 'emanation', 'size_ft': 10, 'source': {'cell': '42,6', 'size': 'large'}}
    r = results(LITCH, [
        dict(op='shape_cells', **cone),
        dict(op='rules_shape_cells', **cone),
        dict(op='rules_shape_cells', line_of_effect=False, **cone),
        dict(op='shape_cells', **line),
        dict(op='rules_shape_targets', creatures=og, **line),
        dict(op='rules_shape_targets', creatures=og, affect='token', **line),
        dict(op='shape_cells', **aura),
        dict(op='rules_shape_targets', creatures=og, **aura),
        dict(op='shape_covers_body', bodies=[{'cell': c} for c in ('41,7', '44,9', '20,10')] +
             [{'cell': '42,6', 'size': 'large'}], **cone),
    ])
    cells, trimmed, untrimmed, lcells, ltargets, ltoken, acells, atargets, bodies = r
    check(cells['count'] == len(cells['cells']) > 0, 'a cone at any angle covers squares')
    check(untrimmed == cells, 'without line of effect the scene cells are the grid cells')
    check(set(trimmed['cells']) <= set(cells['cells']), 'line of effect only removes squares')
    probe = cells['cells'][:6] + ['20,10', '0,0', '44,12']
    got = results(LITCH, [dict(op='shape_covers_cell', cell=c, **cone) for c in probe])
    check(got == [c in cells['cells'] for c in probe], 'covers_cell agrees with the cell list')
    check(bodies[:3] == [c in cells['cells'] for c in ('41,7', '44,9', '20,10')],
          'a 1x1 body is covered when its square is')
    check(bodies[3] == any(c in cells['cells'] for c in ('42,6', '43,6', '42,7', '43,7')),
          'a Large body by any of its squares')
    check({t['creature'] for t in ltoken} <= {t['creature'] for t in ltargets},
          'a token rule reaches no one the any-square rule misses')
    check(all(t['cover'] in ('none', 'half', 'three_quarters') for t in ltargets),
          'targets with their cover')
    ogre = {'42,6', '43,6', '42,7', '43,7'}
    check(not ogre & set(acells['cells']) and '44,7' in acells['cells'],
          'an emanation surrounds its source, not its squares')
    check(1 not in [t['creature'] for t in atargets] and
          0 in [t['creature'] for t in atargets], 'the emanation reaches the fighter, not the ogre')
    bad = query(LITCH, [dict(op='shape_cells', shape='cone', size_ft=20, direction=[0, 0]),
                        dict(op='shape_cells', shape='sphere', size_ft=0)], expect_rc=4)
    check(all('gg_shape_cells: GG_E_INVALID_ARG' in o['error']['message'] for o in bad),
          'bad shapes are refused with the reason')


def case_hex():
    r = results(RIDGE, [
        {'op': 'hex_sight', 'from': [0, 4], 'to': [11, 4], 'eye_height': 1.7,
         'target_height': 1.7},
        {'op': 'hex_sight', 'from': [0, 4], 'to': [3, 4], 'eye_height': 1.7},
        {'op': 'hex_sight', 'from': [0, 4], 'to': [11, 4], 'eye_height': 1.7,
         'target_height': 1.7, 'trace': 'supercover', 'max_range': 20},
        {'op': 'hex_sight', 'from': [0, 2], 'to': [4, 2], 'eye_height': 1.7,
         'target_height': 1.7, 'opacity_threshold': 1.0},
        {'op': 'hex_path', 'from': [0, 0], 'to': [10, 8]},
        {'op': 'hex_path', 'from': [0, 0], 'to': [10, 8], 'max_step': 3},
        {'op': 'hex_reachable', 'start': [0, 0], 'budget': 2},
        {'op': 'hex_distance', 'a': [0, 0], 'b': [3, -1]},
        {'op': 'hex_line', 'a': [0, 0], 'b': [3, 1]},
        {'op': 'hex_tile', 'hex': [5, 3]},
        {'op': 'hex_tile', 'hex': [11, 0]},
        {'op': 'square_sight', 'width': 5, 'height': 1, 'ground': [0, 0, 3, 0, 0],
         'from': '0,0', 'to': '4,0', 'eye_height': 1.7, 'target_height': 1.7},
        {'op': 'square_sight', 'width': 5, 'height': 1, 'ground': [0, 0, 1, 0, 0],
         'obstruction': [0, 2, 0, 0, 0], 'density': [1, 0.5, 1, 1, 1], 'from': '0,0',
         'to': '4,0', 'eye_height': 1.7, 'target_height': 1.7, 'opacity_threshold': 1},
    ])
    check(not r[0]['visible'] and r[0]['reason'] == 'occluded' and r[0]['blocker'] == [5, 4],
          'the ridge blocks sight')
    check(r[1]['visible'] and len(r[1]['traced']) == 4, 'open ground')
    check(not r[2]['visible'], 'supercover sees the ridge too')
    check(r[3]['reason'] in ('occluded', 'clear'), 'partial opacity')
    check(r[4]['found'] and r[4]['path'][0] == [0, 0] and [4, 7] in r[4]['path'],
          'the path takes the ford')
    check(r[5]['found'] and r[5]['cost'] <= r[4]['cost'], 'a climber crosses the ridge')
    check(r[6]['count'] == 6 and r[6]['cells'][0]['cost'] == 0, 'reach within 2')
    check(r[7] == 3 and len(r[8]) == 5, 'distance and line')
    check(r[9]['ground'] == 2 and r[10] is None, 'tiles')
    check(not r[11]['visible'] and r[11]['blocker'] == '2,0' and len(r[11]['traced']) == 5,
          'square terrain sight')
    check(r[12]['visible'] and r[12]['opacity'] == 0.5, 'partial opacity on squares')
    sq = results(LITCH, [{'op': 'square_sight', 'width': 2, 'height': 1, 'ground': [0, 0],
                          'from': '0,0', 'to': '1,0'}])
    check(sq[0]['visible'], 'square_sight needs no board')
    bad = query(RIDGE, [{'op': 'has_line_of_sight', 'a': '1,1', 'b': '2,2'},
                        {'op': 'lowest_cost_path', 'a': '1,1', 'b': '2,2'}], expect_rc=4)
    check(all('needs a square map' in b['error']['message'] for b in bad), 'square ops refused')
    bad = query(LITCH, [{'op': 'hex_path', 'from': [0, 0], 'to': [1, 1]}], expect_rc=4)
    check('needs a hex board' in bad[0]['error']['message'], 'hex ops need a board')
    p = subprocess.run([TOOL, 'info', RIDGE, '--json'], capture_output=True, text=True)
    info = json.loads(p.stdout)
    check(p.returncode == 0 and info['format'] == 'hex' and info['tiles'] == 106 and
          info['q_count'] == 12, 'info --json on a hex board')
    with tempfile.TemporaryDirectory() as d:
        for name, text in {'a.hex.json': '{"hex_board": 2}',
                           'b.hex.json': '{"hex_board": 1, "q_count": 0, "r_count": 3}',
                           'c.hex.json': '{"hex_board": 1, "q_count": 2, "r_count": 2, '
                                         '"tiles": [{"hex": [0, 0], "ground": "x"}]}',
                           'd.hex.json': '{"hex_board": 1, "q_count": 2, "r_count": 2, "x": 1}',
                           'e.hex.json': '{"hex_board": 1,'}.items():
            p = os.path.join(d, name)
            open(p, 'w').write(text)
            rr = subprocess.run([TOOL, 'info', p], capture_output=True, text=True)
            check(rr.returncode == 1 and 'GG_E_' in rr.stderr, f'bad board {name}: {rr.stderr}')


def case_schema():
    lines = [
        {'op': 'lowest_cost_path', 'a': '1,1'},
        {'op': 'lowest_cost_path', 'a': '1,1', 'b': '2,2', 'bogus': 1},
        {'op': 'lowest_cost_path', 'a': '1,1', 'b': 7},
        {'op': 'lowest_cost_path', 'a': '1,1', 'b': '2,2', 'metric': 'taxi'},
        {'op': 'visible_cells', 'viewer': '1,1', 'range_ft': 1.5},
        {'op': 'cover', 'attacker': {'cell': '1,1', 'wings': 2}, 'target': {'cell': '3,3'}},
        {'op': 'plan_move', 'creatures': [{'cell': '1,1'}], 'mover': 3, 'destination': '2,2'},
        {'op': 'lowest_cost_path', 'a': '1,1', 'b': '999,999'},
        {'op': 'has_line_of_sight', 'a': '1,1', 'b': '2,2', 'id': 7},
    ]
    out = query(LITCH, lines, expect_rc=4)
    msgs = [o.get('error', {}).get('message', '') for o in out]
    check('missing query field "b"' in msgs[0], 'missing field')
    check('unknown query field "bogus"' in msgs[1], 'unknown field')
    check('"b" is not of type cell' in msgs[2], 'mistyped field')
    check('is not one of chebyshev' in msgs[3], 'a name outside its list')
    check('"range_ft" is not of type int' in msgs[4], 'a number where an int is wanted')
    check('unknown creature field "wings"' in msgs[5], 'creature fields are checked')
    check('GG_E_INVALID_ARG' in msgs[6], 'a creature index out of range')
    check('GG_E_OUT_OF_BOUNDS' in msgs[7], 'the library status is named')
    check(out[8] == {'id': 7, 'result': True}, 'the tool goes on after errors, ids echoed')
    # the Nat20 ops, against the library's own where they overlap
    r = results(LITCH, [
        {'op': 'parse_cell', 'cid': '3,4'}, {'op': 'cell_id', 'col': 3, 'row': 4},
        {'op': 'distance_ft', 'a': '0,0', 'b': '3,4'},
        {'op': 'metric_distance', 'a': '0,0', 'b': '3,4'},
        {'op': 'within_range', 'a': '0,0', 'b': '3,4', 'range_ft': 20},
        {'op': 'is_adjacent', 'a': '0,0', 'b': '1,1'},
        {'op': 'edge_distance', 'a': '40,6', 'b': '41,7'},
        {'op': 'bresenham', 'a': '0,0', 'b': '3,1'},
        {'op': 'segments_intersect', 'p1': [0, 0], 'p2': [2, 2], 'p3': [0, 2], 'p4': [2, 0]},
        {'op': 'cover_on_cell', 'cid': '40,6'}, {'op': 'obscurement_on_cell', 'cid': '40,6'},
        {'op': 'light_on_cell', 'cid': '10,9'},
        {'op': 'cells_in_template', 'origin': '42,10', 'shape': 'sphere', 'size_ft': 5},
        {'op': 'cells_in_template_ordered', 'origin': '42,10', 'shape': 'cone', 'size_ft': 15,
         'direction': [1, 0]},
        {'op': 'area_cells', 'origin': '42,10', 'shape': 'sphere', 'size_ft': 5,
         'includes_origin': True},
        {'op': 'has_line_of_effect', 'origin': '42,8', 'cell': '45,15'},
        {'op': 'can_see', 'a': '42,8', 'b': '45,15'},
    ])
    check(r[0] == [3, 4] and r[1] == '3,4' and r[2] == r[3]['feet'] == 20, 'Nat20 basics')
    check(r[4] is True and r[5] is True and r[6] == 5 and len(r[7]) == 4 and r[8] is True,
          'Nat20 measures')
    check(r[9] == 'none' and r[10] == 'none' and r[11] == 'bright', 'Nat20 cell tags')
    check(len(r[12]) == 9 and len(r[13]) > 0 and len(r[14]) == 9, 'Nat20 templates')
    check(r[15] is True and r[16] is True, 'Nat20 sight')
    # every op listed by --help has been exercised by the other cases of this file
    for case in (case_paths, case_sight, case_cover, case_edits, case_rules, case_sizes,
                 case_areas, case_hex, case_fog):
        case()
    missing = sorted(all_ops() - USED)
    check(not missing, f'ops not exercised: {missing}')


def case_overlays():
    with tempfile.TemporaryDirectory() as d:
        def draw(path, args):
            out = os.path.join(d, 'x.svg')
            p = subprocess.run([TOOL, 'draw', path, '--out', out] + args, capture_output=True,
                               text=True)
            check(p.returncode == 0, f'draw {args}: {p.stderr}')
            root = ET.parse(out).getroot()
            return root, ' '.join(t.text or '' for t in root.iter(SVG_NS + 'text'))
        _, t = draw(LITCH, ['--from', '40,6', '--field'])
        check('field: ' in t and 'cells reached' in t, 'field caption')
        _, t = draw(LITCH, ['--from', '40,6', '--overlay', '15,3', '--metric', 'alternating'])
        check('within 15 ft' in t and 'within 45 ft' in t, 'overlay bands')
        for mode in ('tagged', 'corners_2d', 'corners_3d'):
            root, t = draw(STREET, ['--from', '5,12', '--to', '9,12', '--cover-mode', mode])
            check(f'cover ({mode})' in t, f'cover lines {mode}')
        root, t = draw(LITCH, ['--lights'])
        check('lights: 2 sources' in t and 'light polygons: 2' in t, 'lights and their polygons')
        clipped = [e for e in root.iter(SVG_NS + 'polygon') if e.get('clip-path')]
        check(len(clipped) == 4, 'a dim and a bright light polygon per light')
        root, t = draw(LITCH, ['--vision', '42,8;20.5,17.5'])
        check('vision from (42.5, 8.5)' in t and 'vision from (20.5, 17.5): 6 vertices' in t,
              'vision captions')
        check(len([e for e in root.iter(SVG_NS + 'polygon') if e.get('stroke') == '#1f618d']) == 2,
              'one polygon per viewer')
        p = subprocess.run([TOOL, 'draw', LITCH, '--out', os.path.join(d, 'v.svg'), '--vision',
                            '0.3,1'], capture_output=True, text=True)
        check(p.returncode != 0 and 'GG_E_INVALID_ARG' in p.stderr, 'an off-lattice viewer')
        want = results(STREET, [{'op': 'door_changes', 'wall': 110, 'door': 'open',
                                 'viewers': [{'cell': '5,12'}]}])[0]
        turns = ['3,12', '8,12', '13,12']
        party = results(STREET, [{'op': 'fog_turn', 'viewers': [{'cell': c}]} for c in turns] +
                        [{'op': 'party_view', 'viewers': [{'cell': c} for c in turns]},
                         {'op': 'party_view', 'viewers': [{'cell': turns[-1]}]}])
        _, t = draw(STREET, ['--fog', ';'.join(turns)])
        check(f'fog: 3 turns, {party[3]["count"]} cells explored' in t and
              f'{party[4]["count"]} seen on the last turn' in t,
              'fog: explored is the union of the turns, seen the last view')
        root, t = draw(STREET, ['--from', '5,12', '--changes', '110'])
        check(f'wall 110 opened, {want["changed"]} cells changed' in t and
              len([e for e in root.iter(SVG_NS + 'rect') if e.get('x') is not None]) > 0,
              'changes: the caption counts what door_changes answers')
        root, t = draw(LITCH, ['--matrix', '42,8;45,15;20,10;40,6'])
        check('visibility:' in t and len(list(root.iter(SVG_NS + 'circle'))) >= 4, 'matrix')
        root, t = draw(RIDGE, ['--from', '0,4', '--to', '10,8', '--path', '--reach', '3'])
        check('path: ' in t and 'sight' in t and 'reach 3' in t, 'hex board picture')
        check(len(list(root.iter(SVG_NS + 'polygon'))) >= 106, 'one hexagon per tile')
        root, t = draw(LITCH, ['--creatures', json.dumps(ogre_party())])
        check('flanking: 1 flanked by 0 and 2' in t, 'the flanking pair in the caption')
        check(len([e for e in root.iter(SVG_NS + 'line') if e.get('stroke') == '#e07b00']) == 1,
              'one flanking line')
        spaces = [e for e in root.iter(SVG_NS + 'rect') if e.get('rx') is not None]
        check(len(spaces) == 4 and float(spaces[1].get('width')) > 1.5 *
              float(spaces[0].get('width')), 'the Large space is drawn larger')
        reach = [float(e.get('width')) for e in root.iter(SVG_NS + 'rect')
                 if e.get('stroke-dasharray') == '4,3']
        check(len(reach) == 4 and reach[1] == 2 * reach[0],
              'one reach square each: 2 + 2 x 2 cells around the ogre, 1 + 2 x 1 around others')
        check('+10 ft' in t, 'the flyer\'s elevation')
        p = subprocess.run([TOOL, 'draw', LITCH, '--out', os.path.join(d, 'z.svg'),
                            '--creatures', '[{"cell": "1,1", "wings": 2}]'],
                           capture_output=True, text=True)
        check(p.returncode == 2 and 'unknown creature field "wings"' in p.stderr,
              'bad creatures: exit 2 with the field named')
        # magical Darkness has its own look: a GridScene with fog and magical Darkness cells
        scene = os.path.join(d, 'dark.json')
        p = subprocess.run([TOOL, 'convert', LITCH, '--out', scene], capture_output=True)
        check(p.returncode == 0, 'convert')
        data = json.load(open(scene))
        data['obscurement_cells'] = {'40,6': 'magical_darkness', '41,6': 'magical_darkness',
                                     '42,6': 'heavy'}
        json.dump(data, open(scene, 'w'))
        root, _ = draw(scene, [])
        fills = [e.get('fill') for e in root.iter(SVG_NS + 'rect')]
        check(fills.count('#1e0f33') == 2 and fills.count('#35609a') == 1,
              'magical Darkness is drawn apart from fog')
        crosses = [e for e in root.iter(SVG_NS + 'line') if e.get('stroke') == '#9f86d6']
        check(len(crosses) == 4, 'a cross on each magically dark cell')
        p = subprocess.run([TOOL, 'draw', LITCH, '--out', os.path.join(d, 'y.svg'),
                            '--cover-mode', 'flat', '--from', '1,1', '--to', '2,2'],
                           capture_output=True, text=True)
        check(p.returncode == 2, 'a bad cover mode: exit 2')


def case_pictures():
    """docs/img/make.sh draws every picture of the docs again; each must equal the committed
    one (regenerate with docs/img/make.sh BUILD after a change to the drawing)."""
    img = os.path.join(ROOT, 'docs', 'img')
    with tempfile.TemporaryDirectory() as d:
        p = subprocess.run(['sh', os.path.join(img, 'make.sh'), TOOL, d], capture_output=True,
                           text=True)
        check(p.returncode == 0, f'make.sh: {p.stderr}')
        drawn = sorted(os.listdir(d))
        check(len(drawn) >= 12, 'the pictures are drawn')
        for name in drawn:
            check(os.path.exists(os.path.join(img, name)), f'{name} is not committed')
            check(open(os.path.join(d, name), 'rb').read() ==
                  open(os.path.join(img, name), 'rb').read(),
                  f'docs/img/{name} differs from what the tool draws (docs/img/make.sh)')
        docs = os.path.join(ROOT, 'docs')
        text = ''.join(open(os.path.join(docs, n)).read() for n in os.listdir(docs)
                       if n.endswith('.md'))
        for name in drawn:
            check(f'img/{name}' in text, f'no page of docs/ shows {name}')


def case_docs():
    """Every ```jsonl example block of docs/cli.md that follows a `gridgeom query` command line
    is run, and the answers printed in the docs must equal the tool's."""
    text = open(os.path.join(ROOT, 'docs', 'cli.md')).read()
    blocks = re.findall(r'```\n\$ gridgeom query (\S+) <<\'EOF\'\n(.*?)\nEOF\n(.*?)```', text,
                        re.S)
    check(len(blocks) >= 7, f'docs/cli.md has query examples ({len(blocks)})')
    seen = set()
    for path, queries, answers in blocks:
        lines = [json.loads(l) for l in queries.splitlines() if l.strip()]
        seen.update(l['op'] for l in lines)
        p = subprocess.run([TOOL, 'query', os.path.join(ROOT, path)], input=queries + '\n',
                           capture_output=True, text=True, cwd=ROOT)
        got = [json.loads(l) for l in p.stdout.splitlines()]
        want = [json.loads(l) for l in answers.splitlines() if l.strip()]
        check(got == want, f'docs example on {path} differs:\n{p.stdout}')
    missing = sorted(all_ops() - seen)
    check(not missing, f'docs/cli.md has no example of {missing}')
    p = subprocess.run([TOOL, 'query', '--help'], capture_output=True, text=True)
    schemas = p.stdout[p.stdout.index(' Nat20 ops'):p.stdout.index('Map options')].rstrip('\n')
    check(schemas in text, 'docs/cli.md lists the schemas exactly as query --help prints them')


{'paths': case_paths, 'sight': case_sight, 'cover': case_cover, 'edits': case_edits,
 'fog': case_fog,
 'rules': case_rules, 'sizes': case_sizes, 'areas': case_areas, 'hex': case_hex,
 'schema': case_schema, 'overlays': case_overlays,
 'docs': case_docs, 'pictures': case_pictures}[CASE]()
print('ok: ' + CASE)
