// The JSON reader and writer the WebAssembly build uses instead of jansson (jansson/) against
// Debian's jansson, natively: shim_harness.c imports every shared map, a set of Nat20 scenes and
// a set of malformed files, built once with each; both builds must print the same statuses,
// error positions and exports. The shim build runs under ASan+UBSan. Needs cc and
// libjansson-dev (installed by .ci/run); skipped outside CI without them.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = fileURLToPath(new URL('.', import.meta.url));
const pkg = join(here, '..');
const root = fileURLToPath(new URL('../../../', import.meta.url));
const build = join(pkg, 'build', 'shim-check');
const CC = process.env.CC ?? 'cc';

function sources(dir) {
    return readdirSync(dir).flatMap((f) => {
        const p = join(dir, f);
        return statSync(p).isDirectory() ? sources(p) : p.endsWith('.c') ? [p] : [];
    });
}

const BAD = {
    'truncated.json': '{"width": 5, "height": 5',
    'trailing.json': '{"width": 5, "height": 5} x',
    'bad-escape.json': '{"width": 5, "height": 5, "x": "\\q"}',
    'lone-surrogate.json': '{"width": 5, "height": 5, "x": "\\udc00"}',
    'nul.json': '{"width": 5, "height": 5, "x": "\\u0000"}',
    'control.json': '{"width": 5, "height": 5, "x": "a\tb"}',
    'huge-real.json': '{"width": 1e999, "height": 5}',
    'huge-int.json': '{"width": 99999999999999999999, "height": 5}',
    'leading-zero.json': '{"width": 05, "height": 5}',
    'deep.json': '['.repeat(2100) + ']'.repeat(2100),
    'scalar.json': '5',
    'empty.json': '',
    'lines.json': '{\n  "width": 5,\n  "height": [1,\n  2,,]\n}',
    'unicode.json': '{"width": 3, "height": 2, "blocked_cells": ["1,\\u0031"], "n\\u00e9": "\\ud83d\\ude00"}',
    'dup.json': '{"width": 3, "height": 2, "width": 4}',
    'reals.json': '{"width": 4, "height": 4, "wall_segments": [{"x1": 1.5, "y1": 0, "x2": 1.5, "y2": 4e0}]}',
    'eof-array.json': '{"a": [1, 2',
    'literal.json': '{"a": tru}',
    'literal-long.json': '{"a": truex}',
    'colon.json': '{"a" 1}',
    'unterminated.json': '{"a": "abc',
    'minus.json': '{\n "a": 1,\n "b": [1,\n  -]\n}',
    'dot.json': '{"a": 1.}',
    'exp.json': '{"a": 1e}',
    'trailing-comma.json': '{"a": 1,}',
    'comma.json': '{,}',
    'blank.json': '  \n\n  ',
    'no-comma.json': '{"a": [1 2]}',
    'high-surrogate.json': '{"a": "\\ud800"}',
    'short-u.json': '{"a": "\\u12"}',
    'utf8-column.json': '{"né": [1, 2,, 3]}',
    'bom.json': Buffer.from([0xef, 0xbb, 0xbf, ...Buffer.from('{"a": 1}')]),
    'bad-utf8.json': Buffer.from([...Buffer.from('{"a": "'), 0xff, ...Buffer.from('"}')]),
    'overlong.json': Buffer.from([...Buffer.from('{"a": "'), 0xc0, 0xaf, ...Buffer.from('"}')]),
    'utf8-surrogate.json': Buffer.from([...Buffer.from('{"a": "'), 0xed, 0xa0, 0x80, ...Buffer.from('"}')]),
};

test('the WebAssembly build\'s JSON reader and writer agree with jansson on every file', {
    skip: existsSync('/usr/include/jansson.h') || process.env.CI ? false : 'no libjansson-dev',
}, () => {
    mkdirSync(build, { recursive: true });
    const inputs = [];
    for (const dir of ['uvtt', 'foundry']) {
        for (const f of readdirSync(join(root, 'tests/data/maps', dir)).sort()) {
            inputs.push(join(root, 'tests/data/maps', dir, f));
        }
    }
    const scenes = new Set();
    for (const line of readFileSync(join(root, 'tests/data/conformance/nat20_grid.jsonl'), 'utf8').split('\n')) {
        if (line.trim()) scenes.add(JSON.stringify(JSON.parse(line).scene));
    }
    [...scenes].filter((_, i) => i % 10 === 0).forEach((s, i) => {
        const f = join(build, `scene-${i}.json`);
        writeFileSync(f, s);
        inputs.push(f);
    });
    for (const [name, text] of Object.entries(BAD)) {
        writeFileSync(join(build, name), text);
        inputs.push(join(build, name));
    }
    const lib = ['base', 'core', 'topology', 'hex', 'rules', 'io'].flatMap((l) => sources(join(root, 'src', l)));
    const common = ['-std=c11', '-O1', '-g', '-ffp-contract=off', '-DGG_BUILDING', `-I${root}include`,
        `-I${root}src`, join(here, 'shim_harness.c'), ...lib];
    const withJansson = join(build, 'harness-jansson');
    const withShim = join(build, 'harness-shim');
    execFileSync(CC, [...common, '-o', withJansson, '-ljansson', '-lm'], { stdio: 'inherit' });
    execFileSync(CC, ['-fsanitize=address,undefined', '-fno-sanitize-recover=all',
        `-I${join(pkg, 'jansson')}`, ...common, join(pkg, 'jansson', 'json.c'), '-o', withShim, '-lm'],
    { stdio: 'inherit' });
    const run = (exe) => execFileSync(exe, inputs, { encoding: 'utf8', maxBuffer: 1 << 28,
        env: { ...process.env, ASAN_OPTIONS: 'detect_leaks=1:abort_on_error=1' } });
    const a = run(withJansson).split('\n== ');
    const b = run(withShim).split('\n== ');
    assert.equal(b.length, a.length);
    for (let i = 0; i < a.length; i++) assert.equal(b[i], a[i]);
    assert.ok(a.filter((x) => x.includes(': GG_OK')).length >= 13 + scenes.size / 10 - 1);
});
