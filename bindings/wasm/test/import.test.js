// Import of the shared real maps (tests/data/maps/) through the WebAssembly build: every map
// loads as docs/io.md says the native library loads it, and the scene answers queries.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { load, GridgeomError } from '../index.js';

const maps = fileURLToPath(new URL('../../../tests/data/maps/', import.meta.url));

// docs/io.md, "What each shared map loads as": format, cells, segments read, walls, merged,
// doors (open, locked), endpoints snapped, lights kept.
const TABLE = [
    ['uvtt/oganm__test.dd2vtt', 'uvtt', 20, 20, 250, 249, 1, 3, 0, 0, 0, 1],
    ['uvtt/vttmaps__the-litch-and-his-tomb.dd2vtt', 'uvtt', 48, 27, 173, 163, 10, 5, 0, 0, 49, 2],
    ['uvtt/vttmaps__stone-resolve-academy_ground-floor-north-rooms.dd2vtt', 'uvtt', 32, 10, 482, 14, 0,
        0, 0, 0, 0, 0],
    ['uvtt/vttmaps__headmasters-quarters.dd2vtt', 'uvtt', 10, 10, 20, 20, 0, 6, 0, 0, 8, 0],
    ['uvtt/vttmaps__gold-room.dd2vtt', 'uvtt', 20, 10, 14, 8, 0, 0, 0, 0, 0, 0],
    ['foundry/zahi__cities-street.json', 'foundry', 25, 25, 120, 113, 7, 29, 9, 0, 81, 0],
    ['foundry/zahi__oota-warning-sign.json', 'foundry', 25, 25, 379, 366, 13, 0, 0, 0, 0, 45],
    ['foundry/majorvictory__underbark-tavern-top-floor.json', 'foundry', 36, 27, 98, 96, 2, 7, 1, 0, 195, 6],
    ['foundry/majorvictory__dungeon-of-coins.json', 'foundry', 74, 74, 378, 377, 1, 94, 38, 38, 5, 5],
    ['foundry/majorvictory__mansion-floor-2.json', 'foundry', 84, 48, 278, 274, 4, 43, 7, 1, 556, 0],
    ['foundry/majorvictory__jonto-island.json', 'foundry', 64, 64, 262, 261, 1, 0, 0, 0, 500, 0],
    ['foundry/ocd__nort-gate.json', 'foundry', 21, 38, 443, 373, 70, 52, 4, 0, 103, 0],
    ['foundry/ocd__collapsed-tower.json', 'foundry', 31, 30, 528, 526, 2, 0, 0, 0, 1044, 4],
];

for (const [file, format, w, h, read, walls, merged, doors, open, locked, snapped, lights] of TABLE) {
    test(`import ${file}`, async () => {
        const gg = await load();
        const { scene, report } = gg.importScene(readFileSync(maps + file));
        try {
            const s = report.stats;
            assert.deepEqual(
                [s.format, s.width, s.height, s.segmentsRead, s.walls, s.merged, s.doors, s.doorsOpen,
                    s.doorsLocked, s.endpointsSnapped, s.lightsRead - s.lightsDropped],
                [format, w, h, read, walls, merged, doors, open, locked, snapped, lights]);
            assert.equal(s.segmentsRead, s.walls + s.merged + s.wallsDropped);
            assert.equal(scene.width, w);
            assert.equal(scene.height, h);
            const listed = scene.walls();
            assert.equal(listed.length, walls);
            assert.equal(listed.filter((x) => x.door !== 'none').length, doors);
            assert.ok(report.notes.length > 0, 'real maps always need some conversion');
            for (const note of report.notes) {
                assert.ok(['snapped', 'merged', 'clipped', 'dropped', 'approximated'].includes(note.action));
                assert.ok(note.count > 0 && note.what.length > 0);
            }
        } finally {
            scene.dispose();
        }
    });
}

test('field of view equals the per-cell line of sight, and opening a door widens it', async () => {
    const gg = await load();
    const { scene } = gg.importScene(readFileSync(maps + 'uvtt/vttmaps__headmasters-quarters.dd2vtt'));
    try {
        const check = (viewer) => {
            const { visible, count } = scene.fieldOfView(viewer);
            let n = 0;
            for (let row = 0; row < scene.height; row++) {
                for (let col = 0; col < scene.width; col++) {
                    const los = scene.lineOfSight(viewer, { col, row });
                    assert.equal(visible[row * scene.width + col] === 1, los, `${col},${row}`);
                    n += los ? 1 : 0;
                }
            }
            assert.equal(count, n);
            return count;
        };
        const doors = scene.walls().filter((x) => x.door !== 'none');
        assert.ok(doors.length > 0);
        for (const d of doors) scene.setDoor(d.id, 'closed');
        const viewer = { col: 5, row: 5 };
        const closed = check(viewer);
        for (const d of doors) scene.setDoor(d.id, 'open');
        const opened = check(viewer);
        assert.ok(opened > closed, `opening the doors shows more (${closed} -> ${opened})`);
        assert.ok(scene.walls().every((x) => x.door === 'none' || x.door === 'open'));
    } finally {
        scene.dispose();
    }
});

test('a Nat20 export imports back to the same walls and tags', async () => {
    const gg = await load();
    const { scene } = gg.importScene(readFileSync(maps + 'foundry/majorvictory__underbark-tavern-top-floor.json'));
    const text = scene.exportNat20();
    const back = gg.importScene(text, { format: 'nat20' }).scene;
    try {
        assert.deepEqual(back.walls().map(({ id, ...w }) => w), scene.walls().map(({ id, ...w }) => w));
        assert.equal(back.exportNat20(), text);
    } finally {
        scene.dispose();
        back.dispose();
    }
});

test('import errors carry the library status, message and position', async () => {
    const gg = await load();
    const bad = (text, status, re) => {
        assert.throws(() => gg.importScene(text), (e) => {
            assert.ok(e instanceof GridgeomError);
            assert.equal(e.status, status);
            assert.match(e.message, re);
            return true;
        });
    };
    bad('{"width": 5,\n "height": }', 'GG_E_PARSE', /unexpected token/);
    assert.throws(() => gg.importScene('{"width": 5,\n "height": }'), (e) => e.line === 2 && e.column === 12);
    bad('{"width": 5, "height": 5', 'GG_E_PARSE', /expected|premature/);
    bad('{"width": 1e999, "height": 5}', 'GG_E_PARSE', /real number overflow/);
    bad('{"a": "\\u0000"}', 'GG_E_PARSE', /u0000/);
    bad('['.repeat(3000) + ']'.repeat(3000), 'GG_E_PARSE', /depth/);
    bad('{"width": "five", "height": 5}', 'GG_E_INVALID_ARG', /width/);
    bad('[1, 2] x', 'GG_E_PARSE', /end of file expected/);
});

test('JSON strings: escapes, surrogate pairs and repeated keys as jansson reads them', async () => {
    const gg = await load();
    // Keys are looked up by their decoded text; a repeated key keeps the last value.
    const text = '{"w\\u0069dth": 2, "height": 9, "height": 3, "cell_size_ft": 5, ' +
        '"blocked_cells": ["1,1"], "lighting": {"0,\\u0030": "dim"}, "note": "\\ud83d\\ude00"}';
    const { scene, report } = gg.importScene(text, { format: 'nat20' });
    // The well-formed surrogate pair parsed; the unknown key is dropped and reported.
    assert.ok(report.notes.some((x) => x.action === 'dropped' && x.example === '"note"'));
    assert.throws(() => gg.importScene('{"a": "\\udc00"}'), (e) => e.status === 'GG_E_PARSE');
    try {
        assert.equal(scene.width, 2);
        assert.equal(scene.height, 3);
        assert.equal(scene.isValidCell({ col: 1, row: 1 }), false);
        assert.equal(scene.lightOnCell({ col: 0, row: 0 }), 'dim');
    } finally {
        scene.dispose();
    }
});
