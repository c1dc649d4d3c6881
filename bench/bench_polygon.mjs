// bench_polygon.mjs - the npm `visibility-polygon` package on the walls and viewers that
// bench_polygon (C) wrote: checks each polygon's area against ours, then times it per polygon.
// Both sides count their fastest pass over a map's viewers (see below).
// Usage (bench_polygon runs it): node bench_polygon.mjs INPUT.json OURS_US_PER_POLYGON
// Run from a directory whose node_modules holds visibility-polygon (npm install --prefix DIR).
import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';

const require = createRequire(process.cwd() + '/');
let vp;
try {
  vp = require('visibility-polygon');
} catch (e) {
  console.log(`npm visibility-polygon: not installed under ${process.cwd()}/node_modules`);
  process.exit(2);
}
const maps = JSON.parse(readFileSync(process.argv[2], 'utf8'));
const ours = Number(process.argv[3]);
const TARGET = 20;

function area(poly) {
  let a = 0;
  for (let i = 0, j = poly.length - 1; i < poly.length; j = i++)
    a += poly[j][0] * poly[i][1] - poly[i][0] * poly[j][1];
  return Math.abs(a) / 2;
}

let total = 0, count = 0, agree = 0, worst = 0, every = true;
for (const m of maps) {
  for (const [x, y, want] of m.viewers) {
    const rel = Math.abs(area(vp.compute([x, y], m.segments)) - want) / Math.max(1, want);
    worst = Math.max(worst, rel);
    if (rel <= 1e-6) agree++;
  }
}
// Timed the way the C side is (bench_time_pair): passes over every viewer of a map, and the
// fastest pass counts (the mean would add this shared machine's load, and Node's JIT and GC
// pauses, to npm's side only). ROUNDS rounds over all the maps, each at least 3 passes and 0.1 s
// a map, so a map's best pass is not taken while the JIT is still warming up or in one burst of
// load: npm gets at least as many passes and as much time (0.3 s) as the C side, never fewer.
const ROUNDS = 3;
const best = maps.map(() => Infinity), passes = maps.map(() => 0);
for (let round = 0; round < ROUNDS; round++) {
  maps.forEach((m, i) => {
    const segs = m.segments;
    let n = 0, spent = 0;
    do {
      const t0 = process.hrtime.bigint();
      for (const [x, y] of m.viewers) vp.compute([x, y], segs);
      const dt = Number(process.hrtime.bigint() - t0);
      best[i] = Math.min(best[i], dt);
      spent += dt;
      n++;
    } while (n < 3 || spent < 1e8);
    passes[i] += n;
  });
}
maps.forEach((m, i) => {
  const us = best[i] / 1e3 / m.viewers.length;
  total += us * m.viewers.length;
  count += m.viewers.length;
  const r = us / m.ours_us, ok = r >= TARGET;
  every = every && ok;
  console.log(`  npm ${m.name}: ${us.toFixed(1)} us per polygon (fastest of ${passes[i]} passes), ` +
    `ours ${m.ours_us.toFixed(2)} us: ${r.toFixed(1)}x faster (target >= ${TARGET}x) ` +
    `${ok ? 'PASS' : 'FAIL'}`);
});
const per = total / count;
const ratio = per / ours;
const ok = ratio >= TARGET && agree === count && every;
console.log(`npm visibility-polygon (Node ${process.version}), all maps: ${per.toFixed(1)} us per ` +
  `polygon, ours ${ours.toFixed(2)} us: ${ratio.toFixed(1)}x faster (target >= ${TARGET}x, and ` +
  `every map ${every ? 'PASS' : 'FAIL'}); areas agree for ${agree}/${count} viewers ` +
  `(worst ${worst.toExponential(1)}) ${ok ? 'PASS' : 'FAIL'}`);
