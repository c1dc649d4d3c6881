// LoS and field of view through WebAssembly (the package's API, and the raw wasm export
// without the wrapper) vs the native library, on the same map and workload. Builds the native
// side (bench/native.c with the library's sources, -O2 like the wasm build) into build/.
// Usage: node bench/bench.js [MAP] [--stride N] [--rounds N]
import { execFileSync } from 'node:child_process';
import { readFileSync, mkdirSync, readdirSync, statSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';
import { load } from '../index.js';

const here = fileURLToPath(new URL('.', import.meta.url));
const root = fileURLToPath(new URL('../../../', import.meta.url));
const args = process.argv.slice(2);
const opt = (name, dflt) => {
    const i = args.indexOf(name);
    return i >= 0 ? Number(args.splice(i, 2)[1]) : dflt;
};
const stride = opt('--stride', 4);
const rounds = opt('--rounds', 5);
const map = args[0] ?? join(root, 'tests/data/maps/uvtt/vttmaps__the-litch-and-his-tomb.dd2vtt');

function sources(dir) {
    return readdirSync(dir).flatMap((f) => {
        const p = join(dir, f);
        return statSync(p).isDirectory() ? sources(p) : p.endsWith('.c') ? [p] : [];
    });
}

const build = join(here, '..', 'build');
mkdirSync(build, { recursive: true });
const exe = join(build, 'bench_native');
const libSources = ['base', 'core', 'topology', 'hex', 'rules', 'io'].flatMap((l) => sources(join(root, 'src', l)));
execFileSync(process.env.CC ?? 'cc', ['-std=c11', '-O2', '-Wall', '-Wextra', '-Werror', '-ffp-contract=off', '-DGG_BUILDING',
    `-I${root}include`, `-I${root}src`, join(here, 'native.c'), ...libSources, '-o', exe, '-ljansson', '-lm'],
{ stdio: 'inherit' });

const gg = await load();
const { scene } = gg.importScene(readFileSync(map));
const { width: w, height: h } = scene;
const m = scene._n.m; // the emscripten module, for the raw-export timing
const out = scene._n.out;

// The machine is shared, so load changes from second to second: the rounds interleave the
// native program with every WebAssembly variant, and each keeps its best round.
const runs = { native: [], losApi: [], losRaw: [], fovApi: [], fovRaw: [] };
function timed(fn) {
    const t0 = process.hrtime.bigint();
    const result = fn();
    return { ns: Number(process.hrtime.bigint() - t0), ...result };
}
function best(list) {
    return list.reduce((a, b) => (b.ns < a.ns ? b : a));
}

const losApiFn = () => {
    let t = 0;
    let calls = 0;
    for (let vr = 0; vr < h; vr += stride) {
        for (let vc = 0; vc < w; vc += stride) {
            const v = { col: vc, row: vr };
            for (let row = 0; row < h; row++) {
                for (let col = 0; col < w; col++) {
                    t += scene.lineOfSight(v, { col, row }) ? 1 : 0;
                    calls++;
                }
            }
        }
    }
    return { t, calls };
};
const losRawFn = () => {
    let t = 0;
    let calls = 0;
    const p = scene.ptr;
    for (let vr = 0; vr < h; vr += stride) {
        for (let vc = 0; vc < w; vc += stride) {
            for (let row = 0; row < h; row++) {
                for (let col = 0; col < w; col++) {
                    if (m._js_query2(p, 5, vc, vr, col, row, 0, out) !== 0) throw new Error('los failed');
                    t += m.HEAP32[out >> 2];
                    calls++;
                }
            }
        }
    }
    return { t, calls };
};
const fovApiFn = () => {
    let cells = 0;
    let calls = 0;
    for (let vr = 0; vr < h; vr++) {
        for (let vc = 0; vc < w; vc++) {
            cells += scene.fieldOfView({ col: vc, row: vr }).count;
            calls++;
        }
    }
    return { cells, calls };
};
const fovRawFn = () => {
    let cells = 0;
    let calls = 0;
    const words = m._js_bitset_words(scene.ptr);
    const bits = m._malloc(words * 8);
    const scratch = scene.scratch();
    for (let vr = 0; vr < h; vr++) {
        for (let vc = 0; vc < w; vc++) {
            if (m._js_field_of_view(scene.ptr, scratch, vc, vr, -1, bits, words, out) !== 0) throw new Error('fov failed');
            cells += m.HEAP32[out >> 2];
            calls++;
        }
    }
    m._free(bits);
    return { cells, calls };
};
for (let r = 0; r < rounds; r++) {
    runs.native.push(JSON.parse(execFileSync(exe, [map, String(stride), '1'], { encoding: 'utf8' })));
    runs.losApi.push(timed(losApiFn));
    runs.losRaw.push(timed(losRawFn));
    runs.fovApi.push(timed(fovApiFn));
    runs.fovRaw.push(timed(fovRawFn));
}
scene.dispose();
const native = {
    ...runs.native[0],
    los_ns: Math.min(...runs.native.map((x) => x.los_ns)),
    fov_ns: Math.min(...runs.native.map((x) => x.fov_ns)),
};
const [losApi, losRaw, fovApi, fovRaw] = [runs.losApi, runs.losRaw, runs.fovApi, runs.fovRaw].map(best);

for (const [what, a, b] of [['LoS true count', losApi.t, native.los_true], ['LoS raw true count', losRaw.t, native.los_true],
    ['FoV cells', fovApi.cells, native.fov_cells], ['FoV raw cells', fovRaw.cells, native.fov_cells]]) {
    if (a !== b) {
        console.error(`FAIL: ${what} differs: wasm ${a}, native ${b}`);
        process.exit(1);
    }
}
const row = (name, ns, calls, nat) => {
    const per = ns / calls;
    console.log(`${name.padEnd(28)} ${per.toFixed(1).padStart(10)} ns/call   native ${nat.toFixed(1).padStart(9)} ns/call   ratio ${(per / nat).toFixed(2)}x`);
};
console.log(`map ${map.replace(root, '')} (${w} x ${h}), ${native.los_calls} LoS calls, ${native.fov_calls} FoV calls, best of ${rounds} interleaved rounds`);
row('LoS, JS API (wasm)', losApi.ns, losApi.calls, native.los_ns);
row('LoS, raw wasm export', losRaw.ns, losRaw.calls, native.los_ns);
row('FoV, JS API (wasm)', fovApi.ns, fovApi.calls, native.fov_ns);
row('FoV, raw wasm export', fovRaw.ns, fovRaw.calls, native.fov_ns);
console.log('PASS: both sides agree on every answer count');
