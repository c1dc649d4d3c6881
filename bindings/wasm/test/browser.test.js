// The map page (web/) in real headless Chromium (Debian's /usr/bin/chromium, driven by
// puppeteer-core): served by a static server on 127.0.0.1, it loads a shared UVTT map (with a
// generated picture embedded, as Dungeondraft exports have), places a viewer and a target by
// clicking, toggles a door, and draws exactly what the library answers. No console error may
// occur. The screenshot is kept as build/browser-test.png.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createServer } from 'node:http';
import { readFileSync, writeFileSync, mkdirSync, existsSync } from 'node:fs';
import { extname, join, normalize } from 'node:path';
import { fileURLToPath } from 'node:url';
import { deflateSync } from 'node:zlib';
import { load } from '../index.js';

const pkg = fileURLToPath(new URL('../', import.meta.url));
const root = fileURLToPath(new URL('../../../', import.meta.url));
const build = join(pkg, 'build');
const CHROMIUM = process.env.CHROMIUM ?? '/usr/bin/chromium';
const MAP = 'tests/data/maps/uvtt/vttmaps__the-litch-and-his-tomb.dd2vtt';
const FLOOR = [200, 180, 140]; // the generated picture's one colour

// ---- A PNG of one colour, to embed in the map as its picture ----
const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
});
function crc32(buf) {
    let c = 0xffffffff;
    for (const b of buf) c = CRC_TABLE[(c ^ b) & 0xff] ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
}
function chunk(type, data) {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const td = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(td));
    return Buffer.concat([len, td, crc]);
}
function png(width, height, [r, g, b]) {
    const ihdr = Buffer.alloc(13);
    ihdr.writeUInt32BE(width, 0);
    ihdr.writeUInt32BE(height, 4);
    ihdr.set([8, 2, 0, 0, 0], 8); // 8-bit RGB
    const row = Buffer.alloc(1 + 3 * width);
    for (let x = 0; x < width; x++) row.set([r, g, b], 1 + 3 * x);
    const raw = Buffer.concat(Array.from({ length: height }, () => row));
    return Buffer.concat([Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]), chunk('IHDR', ihdr),
        chunk('IDAT', deflateSync(raw)), chunk('IEND', Buffer.alloc(0))]);
}

// ---- A static file server for the repository, on the loopback address ----
const TYPES = { '.html': 'text/html', '.js': 'text/javascript', '.mjs': 'text/javascript',
    '.css': 'text/css', '.json': 'application/json', '.png': 'image/png' };
function serve() {
    const server = createServer((req, res) => {
        const path = normalize(decodeURIComponent(new URL(req.url, 'http://x').pathname));
        const file = join(root, path);
        if (!file.startsWith(root) || !existsSync(file)) {
            res.writeHead(404).end();
            return;
        }
        res.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' });
        res.end(readFileSync(file));
    });
    return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

function distToSegment(px, py, x1, y1, x2, y2) {
    const dx = x2 - x1;
    const dy = y2 - y1;
    const len2 = dx * dx + dy * dy;
    const t = len2 === 0 ? 0 : Math.max(0, Math.min(1, ((px - x1) * dx + (py - y1) * dy) / len2));
    return Math.hypot(px - (x1 + t * dx), py - (y1 + t * dy));
}

test('the map page shows field of view, path and cover, and toggles doors, in Chromium', {
    // Skipped only outside CI, whose .ci/run installs Chromium.
    skip: existsSync(CHROMIUM) || process.env.CI ? false : `no ${CHROMIUM}`,
}, async () => {
    const puppeteer = (await import('puppeteer-core')).default;
    mkdirSync(build, { recursive: true });
    // The shared maps have their pictures removed: embed a generated one.
    const map = JSON.parse(readFileSync(join(root, MAP), 'utf8'));
    const ppg = 16;
    map.image = png(map.resolution.map_size.x * ppg, map.resolution.map_size.y * ppg, FLOOR).toString('base64');
    const fixture = join(build, 'litch-with-image.dd2vtt');
    writeFileSync(fixture, JSON.stringify(map));

    // What the page must show, from the same library in Node.
    const gg = await load();
    const ref = gg.importScene(readFileSync(fixture)).scene;
    const doors = ref.walls().filter((w) => w.door !== 'none');
    let pick = null;
    for (const d of doors) {
        const mx = (d.x1 + d.x2) / 2;
        const my = (d.y1 + d.y2) / 2;
        for (let dr = -2; dr <= 1 && !pick; dr++) {
            for (let dc = -2; dc <= 1 && !pick; dc++) {
                const v = { col: Math.floor(mx) + dc, row: Math.floor(my) + dr };
                if (!ref.isValidCell(v) || distToSegment(v.col + 0.5, v.row + 0.5, d.x1, d.y1, d.x2, d.y2) < 0.6) {
                    continue;
                }
                const before = ref.fieldOfView(v).count;
                ref.setDoor(d.id, d.door === 'open' ? 'closed' : 'open');
                const after = ref.fieldOfView(v).count;
                ref.setDoor(d.id, d.door);
                if (before !== after) pick = { door: d, viewer: v };
            }
        }
        if (pick) break;
    }
    assert.ok(pick, 'some door changes what a cell next to it sees');
    const { door, viewer } = pick;
    const fov = ref.fieldOfView(viewer);
    // The target: the visible cell farthest from the viewer (ties: the first in row-major order).
    let target = null;
    let far = -1;
    for (let i = 0; i < fov.visible.length; i++) {
        const c = { col: i % ref.width, row: Math.floor(i / ref.width) };
        const d = ref.distanceFt(viewer, c);
        if (fov.visible[i] && d > far) { far = d; target = c; }
    }
    const path = ref.path(viewer, target);
    const want = { fov: fov.count, los: ref.lineOfSight(viewer, target), cover: ref.cover(viewer, target),
        pathCells: path.length, pathFt: path.slice(1).reduce((ft, c, i) => ft + ref.edgeDistance(path[i], c), 0) };
    ref.setDoor(door.id, door.door === 'open' ? 'closed' : 'open');
    const fovToggled = ref.fieldOfView(viewer);
    ref.setDoor(door.id, door.door);

    const server = await serve();
    const browser = await puppeteer.launch({ executablePath: CHROMIUM, headless: true,
        args: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'] });
    const problems = [];
    try {
        const page = await browser.newPage();
        await page.setViewport({ width: 1400, height: 900 });
        page.on('console', (m) => { if (m.type() === 'error') problems.push(`console: ${m.text()}`); });
        page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
        page.on('requestfailed', (r) => problems.push(`request failed: ${r.url()}`));
        page.on('response', (r) => { if (r.status() >= 400) problems.push(`HTTP ${r.status()}: ${r.url()}`); });
        const { port } = server.address();
        await page.goto(`http://127.0.0.1:${port}/bindings/wasm/web/index.html`);
        await page.waitForSelector('body[data-ready="yes"]', { timeout: 30000 });
        const input = await page.$('#map-file');
        await input.uploadFile(fixture);
        await page.waitForSelector('#status[data-state="loaded"]', { timeout: 30000 });
        const status = () => page.$eval('#status', (e) => ({ ...e.dataset }));
        let s = await status();
        assert.equal(Number(s.walls), ref.wallCount);
        assert.equal(Number(s.doors), doors.length);
        assert.equal(s.image, 'yes');
        const px = Number(s.cellPx);
        const box = await (await page.$('#board')).boundingBox();
        const clickAt = (x, y) => page.mouse.click(box.x + x * px, box.y + y * px);

        await clickAt(viewer.col + 0.5, viewer.row + 0.5);
        await clickAt(target.col + 0.5, target.row + 0.5);
        s = await status();
        assert.equal(s.viewer, `${viewer.col},${viewer.row}`);
        assert.equal(s.target, `${target.col},${target.row}`);
        assert.deepEqual({ fov: Number(s.fov), los: s.los === 'true', cover: s.cover,
            pathCells: Number(s.pathCells), pathFt: Number(s.pathFt) }, want);

        // The pixels: every cell's sample point shows the picture where the viewer sees the cell
        // and the picture darkened where it does not (points near drawn lines are not judged).
        const pixels = await page.$eval('#board', (c) => Array.from(c.getContext('2d')
            .getImageData(0, 0, c.width, c.height).data));
        const width = ref.width * px;
        const walls = ref.walls();
        let judged = 0;
        const wrong = [];
        for (let row = 0; row < ref.height; row++) {
            for (let col = 0; col < ref.width; col++) {
                const sx = col + 0.3;
                const sy = row + 0.3;
                const nearLine = walls.some((w) => distToSegment(sx, sy, w.x1, w.y1, w.x2, w.y2) < 0.2) ||
                    distToSegment(sx, sy, viewer.col + 0.5, viewer.row + 0.5, target.col + 0.5, target.row + 0.5) < 0.2 ||
                    path.some((c) => Math.abs(c.col - col) <= 1 && Math.abs(c.row - row) <= 1) ||
                    (col === viewer.col && row === viewer.row) || (col === target.col && row === target.row);
                if (nearLine) continue;
                const i = 4 * (Math.floor(sy * px) * width + Math.floor(sx * px));
                const lit = pixels[i] > 150;
                judged++;
                if (lit !== (fov.visible[row * ref.width + col] === 1)) wrong.push(`${col},${row}`);
            }
        }
        assert.ok(judged > ref.width * ref.height / 2, `judged ${judged} cells`);
        assert.deepEqual(wrong, [], 'cells drawn lit exactly where the viewer sees');

        // A click on the door toggles it, and the field of view follows.
        await clickAt((door.x1 + door.x2) / 2, (door.y1 + door.y2) / 2);
        s = await status();
        const opened = door.door === 'open' ? -1 : 1;
        assert.equal(Number(s.doorsOpen), doors.filter((w) => w.door === 'open').length + opened);
        assert.equal(Number(s.fov), fovToggled.count);
        assert.notEqual(Number(s.fov), want.fov);
        await page.screenshot({ path: join(build, 'browser-test.png') });

        // A Foundry scene (no picture in the file), and the door buttons.
        const foundry = join(root, 'tests/data/maps/foundry/majorvictory__dungeon-of-coins.json');
        const fref = gg.importScene(readFileSync(foundry)).scene;
        const fdoors = fref.walls().filter((w) => w.door !== 'none');
        fref.dispose();
        await input.uploadFile(foundry);
        await page.waitForFunction(() => document.getElementById('status').dataset.walls === '377',
            { timeout: 30000 });
        s = await status();
        assert.equal(s.image, 'no');
        assert.equal(s.viewer, '-');
        assert.equal(Number(s.doors), fdoors.length);
        assert.equal(Number(s.doorsOpen), fdoors.filter((w) => w.door === 'open').length);
        await page.click('#open-all');
        s = await status();
        // Locked doors stay shut.
        assert.equal(Number(s.doorsOpen), fdoors.filter((w) => w.door !== 'locked').length);
        await page.click('#close-all');
        assert.equal(Number((await status()).doorsOpen), 0);
        await page.screenshot({ path: join(build, 'browser-test-foundry.png') });
    } finally {
        await browser.close();
        server.close();
        ref.dispose();
    }
    assert.deepEqual(problems, [], 'no console error, page error or failed request');
});
