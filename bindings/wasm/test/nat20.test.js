// Every Nat20 conformance vector (tests/data/conformance/nat20_grid.jsonl) through the
// JavaScript API (gridgeom/nat20 over index.js), compared with the expected answer.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { load } from '../index.js';
import { Nat20, ValueError } from '../nat20.js';
import { GridgeomError } from '../index.js';

const root = fileURLToPath(new URL('../../../', import.meta.url));
const lines = readFileSync(`${root}tests/data/conformance/nat20_grid.jsonl`, 'utf8')
    .split('\n').filter((l) => l.trim() !== '').map((l) => JSON.parse(l));

function answer(n, scene, q) {
    switch (q.op) {
    case 'parse_cell': return n.parse_cell(q.cid);
    case 'cell_id': return n.cell_id(q.col, q.row);
    case 'distance_ft': return n.distance_ft(scene, q.a, q.b);
    case 'within_range': return n.within_range(scene, q.a, q.b, q.range_ft);
    case 'is_adjacent': return n.is_adjacent(scene, q.a, q.b);
    case 'is_valid_cell': return n.is_valid_cell(scene, q.cid);
    case 'edge_distance': return n.edge_distance(scene, q.a, q.b);
    case 'bresenham': return n.bresenham(q.a, q.b);
    case 'segments_intersect': return n.segments_intersect(q.p1, q.p2, q.p3, q.p4);
    case 'has_line_of_sight': return n.has_line_of_sight(scene, q.a, q.b);
    case 'cover_between': return n.cover_between(scene, q.a, q.b, q.occupied_cells);
    case 'cover_on_cell': return n.cover_on_cell(scene, q.cid);
    case 'light_on_cell': return n.light_on_cell(scene, q.cid);
    case 'obscurement_on_cell': return n.obscurement_on_cell(scene, q.cid);
    case 'in_range_with_los': return n.in_range_with_los(scene, q.a, q.b, q.range_ft);
    case 'shortest_path': return n.shortest_path(scene, q.a, q.b, q.avoid);
    case 'reachable_cells': return n.reachable_cells(scene, q.start, q.budget_ft, q.avoid);
    case 'cells_in_template': return n.cells_in_template(scene, q.origin, q.shape, q.size_ft, q.direction);
    case 'cells_in_template_ordered':
        return n.cells_in_template_ordered(scene, q.origin, q.shape, q.size_ft, q.direction);
    case 'area_cells':
        return n.area_cells(scene, q.origin, q.shape, q.size_ft, q.includes_origin, q.direction);
    case 'has_line_of_effect': return n.has_line_of_effect(scene, q.origin, q.cell);
    case 'can_see': return n.can_see(scene, q.a, q.b, q.senses);
    case 'push_path': return n.push_path(scene, q.origin, q.target, q.distance_ft, q.occupied_cells);
    case 'combatant_can_see':
        assert.equal(q.variant, 'code', 'libgridgeom implements the code variant');
        return n.combatant_can_see(scene, q.viewer, q.target);
    case 'target_cover': return n.target_cover(scene, q.caster_id, q.target_ids, q.creatures, q.origin_cell);
    case 'plan_move':
        assert.equal(q.fidelity, 'reconstructed');
        return n.plan_move(scene, q.mover_id, q.destination, q.creatures);
    case 'opportunity_schedule': return n.opportunity_schedule(scene, q.mover_id, q.path, q.creatures);
    case 'flee_route':
        return n.flee_route(scene, q.start, q.threat_cells, q.budget_ft, q.enemy_cells, q.occupied_cells);
    case 'best_aim': return n.best_aim(scene, q);
    default: throw new Error(`unknown op ${q.op}`);
    }
}

// Nat20 raises ValueError; other library errors are reported by status name, as the C runner does.
function answerOrError(n, scene, q) {
    try {
        return answer(n, scene, q);
    } catch (e) {
        if (e instanceof ValueError) return { error: 'ValueError' };
        if (e instanceof GridgeomError) return { error: e.status };
        throw e;
    }
}

test(`all ${lines.length} Nat20 vectors through the JavaScript API`, async () => {
    const gg = await load();
    const n = new Nat20(gg);
    let sceneKey = null;
    let scene = null;
    const failures = [];
    const perOp = new Map();
    for (const line of lines) {
        const key = JSON.stringify(line.scene);
        if (key !== sceneKey) {
            scene?.dispose();
            scene = n.gridScene(line.scene);
            sceneKey = key;
        }
        const got = answerOrError(n, scene, line.query);
        const op = line.query.op;
        perOp.set(op, (perOp.get(op) ?? 0) + 1);
        try {
            assert.deepStrictEqual(got, line.expect);
        } catch {
            failures.push(`${line.id}: expected ${JSON.stringify(line.expect)}, got ${JSON.stringify(got)}`);
        }
    }
    scene?.dispose();
    
    assert.deepEqual(failures.slice(0, 40), [], `${failures.length} of ${lines.length} vectors differ`);
    assert.equal(perOp.size, 29, 'all 29 ops of the vectors are exercised');
});
