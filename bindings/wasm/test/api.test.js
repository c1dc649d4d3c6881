// The object API's own behaviour: errors become GridgeomError with the library's status, bad
// names are TypeErrors, a disposed scene refuses use, walls and doors round-trip, and answers
// agree with each other (path cost vs reach, area vs template, cover with an occupant).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { load, GridgeomError } from '../index.js';

const gg = await load();

test('statuses become GridgeomError; names are checked', () => {
    const s = gg.createScene({ width: 6, height: 4 });
    try {
        assert.throws(() => s.lineOfSight([0, 0], [9, 9]), (e) => e instanceof GridgeomError &&
            e.status === 'GG_E_OUT_OF_BOUNDS' && e.code === -2 && /^lineOfSight: /.test(e.message));
        assert.throws(() => gg.createScene({ width: 0, height: 4 }), (e) => e.status === 'GG_E_INVALID_ARG');
        assert.throws(() => gg.parseCell('a,2'), (e) => e.status === 'GG_E_PARSE');
        assert.deepEqual(gg.parseCell('-3,7'), { col: -3, row: 7 });
        assert.throws(() => s.setCells('lava', [[1, 1]]), TypeError);
        assert.throws(() => s.setCells('cover', [[1, 1]], 'most'), TypeError);
        assert.throws(() => s.addWall({ x1: 0, y1: 0, x2: 1, y2: 0, door: 'ajar' }), TypeError);
        assert.throws(() => s.path({ x: 1 }, [2, 2]), TypeError);
    } finally {
        s.dispose();
    }
    assert.throws(() => s.lineOfSight([0, 0], [1, 1]), /disposed/);
    s.dispose(); // twice is harmless
});

test('magical darkness is an obscurement value that reads back', () => {
    // Regression: the name table stopped at 'heavy', so value 3 read back as undefined.
    const s = gg.createScene({ width: 3, height: 3, cellSizeFt: 5 });
    try {
        s.setCells('obscurement', [[1, 1]], 'magical_darkness');
        assert.equal(s.obscurementOnCell([1, 1]), 'magical_darkness');
    } finally {
        s.dispose();
    }
});

test('walls and doors round-trip and block as they say', () => {
    const s = gg.createScene({ width: 8, height: 3, cellSizeFt: 5 });
    try {
        const wall = s.addWall({ x1: 4, y1: 0, x2: 4, y2: 3, door: 'closed' });
        assert.equal(s.wallCount, 1);
        assert.deepEqual(s.walls(), [{ id: wall, x1: 4, y1: 0, x2: 4, y2: 3,
            blocks: ['sight', 'movement', 'light'], door: 'closed', oneWay: 'none', cover: 'none' }]);
        assert.equal(s.lineOfSight([1, 1], [6, 1]), false);
        assert.deepEqual(s.path([1, 1], [6, 1]), []);
        s.setDoor(wall, 'open');
        assert.equal(s.lineOfSight([1, 1], [6, 1]), true);
        assert.equal(s.path([1, 1], [6, 1]).length, 6);
        s.setDoor(wall, 'locked');
        assert.equal(s.walls()[0].door, 'locked');
        assert.equal(s.lineOfSight([1, 1], [6, 1]), false);
        s.removeWall(wall);
        assert.equal(s.wallCount, 0);
        assert.throws(() => s.setDoor(wall, 'open'), (e) => e.status === 'GG_E_STALE_ID');
        const low = s.addWall({ x1: 4, y1: 0, x2: 4, y2: 3, cover: 'half', blocks: ['movement'] });
        assert.deepEqual(s.walls().map((w) => [w.cover, w.blocks]), [['half', ['movement']]]);
        assert.equal(s.lineOfSight([1, 1], [6, 1]), true);
        s.removeWall(low);
    } finally {
        s.dispose();
    }
});

test('answers agree: path cost and reach, area and template, cover from an occupant', () => {
    const s = gg.createScene({ width: 12, height: 9 });
    try {
        s.setCells('difficult', [[3, 3], [4, 3], [5, 3]]);
        s.setCells('blocked', [[6, 1], [6, 2], [6, 3], [6, 4]]);
        s.addWall({ x1: 8, y1: 0, x2: 8, y2: 6 });
        const reach = new Map(s.reach([1, 3], 200).map((r) => [`${r.cell.col},${r.cell.row}`, r]));
        // path() is Nat20's fewest-cells walk (difficult terrain ignored); reach() is cheapest
        // cost. So the walk costs at least the cheapest route and takes no more steps than it.
        for (const target of [[10, 3], [5, 7], [4, 3], [7, 0]]) {
            const path = s.path([1, 3], target);
            const cost = path.slice(1).reduce((ft, c, i) => ft + s.edgeDistance(path[i], c), 0);
            const r = reach.get(`${target[0]},${target[1]}`);
            let steps = 0;
            for (let at = r; at.prev; at = reach.get(`${at.prev.col},${at.prev.row}`)) steps++;
            assert.ok(cost >= r.costFt, `to ${target}: ${cost} >= ${r.costFt}`);
            assert.ok(path.length - 1 <= steps, `to ${target}: ${path.length - 1} <= ${steps}`);
        }
        const tpl = s.template({ origin: [9, 4], shape: 'sphere', sizeFt: 15 });
        const area = s.area({ origin: [9, 4], shape: 'sphere', sizeFt: 15 });
        assert.ok(area.length < tpl.length, 'the wall stops part of the blast');
        const inTpl = new Set(tpl.map((c) => `${c.col},${c.row}`));
        assert.ok(area.every((c) => inTpl.has(`${c.col},${c.row}`)));
        assert.ok(area.every((c) => s.lineOfEffect([9, 4], c)));
        assert.equal(s.cover([0, 7], [4, 7]), 'none');
        assert.equal(s.cover([0, 7], [4, 7], { occupied: [[2, 7]] }), 'half');
        const { visible, count } = s.fieldOfView([1, 3], { rangeFt: 10 });
        assert.equal(visible.reduce((a, b) => a + b, 0), count);
        assert.equal(visible[3 * 12 + 4], 0, 'beyond 10 ft');
        assert.equal(visible[3 * 12 + 3], 1);
    } finally {
        s.dispose();
    }
});

test('rules: creatures see, plan moves and provoke', () => {
    const s = gg.createScene({ width: 8, height: 8 });
    try {
        const hero = { cell: [1, 1], side: 0 };
        const gob = { cell: [3, 1], side: 1 };
        assert.equal(s.creatureCanSee(hero, gob), true);
        assert.equal(s.creatureCanSee({ ...hero, blinded: true }, gob), false);
        const plan = s.planMove([hero, gob], 0, [1, 5]);
        assert.deepEqual([plan.ok, plan.path.length, plan.costFt], [true, 5, 20]);
        assert.deepEqual(s.planMove([hero, gob], 0, [3, 1]), { ok: false, reason: 'occupied' });
        const ev = s.opportunitySchedule([{ ...hero, cell: [2, 2] }, gob], 0, [[2, 2], [2, 3], [2, 4]]);
        assert.deepEqual(ev, [{ step: 0, reactor: 1 }]);
    } finally {
        s.dispose();
    }
});
