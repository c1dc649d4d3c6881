// The WebAssembly module against the native library, import by import: native_import.c, built
// with the host compiler and Debian's jansson, imports every shared map, a set of Nat20 scenes and
// a set of malformed files, and the module (whose jansson build.sh compiles from Debian's source
// package of the same version) must print the same for each: status, Nat20 export, and for a
// refused file the error's line, column and message. Needs cc and libjansson-dev (installed by
// .ci/run, and needed by build.sh anyway).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { accessSync, constants, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { load } from '../index.js';

const here = fileURLToPath(new URL('.', import.meta.url));
const pkg = join(here, '..');
const root = fileURLToPath(new URL('../../../', import.meta.url));
const build = join(pkg, 'build', 'native-check');
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

// build.sh's environment for emcc: Debian's acorn, and a writable cache for non-root users.
function emccEnv() {
    const env = { ...process.env, NODE_PATH: process.env.NODE_PATH ?? '/usr/share/nodejs' };
    try {
        accessSync('/usr/share/emscripten/cache', constants.W_OK);
    } catch {
        env.EM_CACHE ??= join(pkg, 'build', 'emcache');
    }
    return env;
}

// What native_import.c prints for one file, from the module.
function wasmImport(gg, file) {
    let text = `== ${file}: `;
    let imported;
    try {
        imported = gg.importScene(readFileSync(file));
    } catch (e) {
        if (e.status === undefined) throw e;
        const prefix = `importScene: ${e.status}: `;
        assert.ok(e.message.startsWith(prefix), e.message);
        return text + `${e.status}\nline ${e.line} column ${e.column}: ${e.message.slice(prefix.length)}\n`;
    }
    try {
        return text + `GG_OK\n${imported.scene.exportNat20()}\n`;
    } finally {
        imported.scene.dispose();
    }
}

test('the module imports and exports every file as the native library does', async () => {
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
    const exe = join(build, 'native-import');
    execFileSync(CC, ['-std=c11', '-O1', '-ffp-contract=off', '-DGG_BUILDING', `-I${root}include`,
        `-I${root}src`, join(here, 'native_import.c'), ...lib, '-o', exe, '-ljansson', '-lm'],
    { stdio: 'inherit' });
    const native = execFileSync(exe, inputs, { encoding: 'utf8', maxBuffer: 1 << 28 }).split(/^(?===)/m);
    const gg = await load();
    assert.equal(native.length, inputs.length);
    for (let i = 0; i < inputs.length; i++) assert.equal(wasmImport(gg, inputs[i]), native[i]);
    // Every map and scene imports; of the odd files, the three well-formed ones import and
    // every malformed one is refused with a syntax error.
    const wellFormed = new Set(['unicode.json', 'dup.json', 'reals.json']);
    for (let i = 0; i < inputs.length; i++) {
        const name = inputs[i].slice(inputs[i].lastIndexOf('/') + 1);
        const want = BAD[name] === undefined || wellFormed.has(name) ? 'GG_OK' : 'GG_E_PARSE';
        assert.ok(native[i].startsWith(`== ${inputs[i]}: ${want}\n`), native[i].slice(0, 200));
    }
});

test('in the module, jansson allocates through the caller\'s allocator (src/io/io_alloc.c)', () => {
    // alloc_check.c, linked with build.sh's objects (glue.c aside) and a Node file system, imports
    // a map with a counting allocator and then fails each of its allocations in turn.
    const objs = readFileSync(join(pkg, 'build', 'objs.txt'), 'utf8').split('\n')
        .filter((o) => o && !o.endsWith('bindings_wasm_glue.c.o'));
    const exe = join(build, 'alloc_check.cjs');
    execFileSync('emcc', ['-O2', '-std=c11', `-I${root}include`, join(here, 'alloc_check.c'), ...objs,
        '-sNODERAWFS=1', '-sSINGLE_FILE=1', '-sALLOW_MEMORY_GROWTH=1', '-o', exe],
    { stdio: 'inherit', env: emccEnv() });
    const map = join(root, 'tests/data/maps/uvtt/vttmaps__headmasters-quarters.dd2vtt');
    const out = execFileSync(process.execPath, [exe, map], { encoding: 'utf8' });
    const m = /^import: GG_OK, (\d+) allocations, 0 bytes left\n/.exec(out);
    assert.ok(m, out);
    // The 2.5 KB file parses into hundreds of JSON values; the scene alone makes a handful.
    assert.ok(Number(m[1]) > 200, out);
    assert.match(out, new RegExp(`every one of the ${m[1]} allocations failed cleanly`));
});
