// The gridgeom map page: loads a UVTT or Foundry map with the WebAssembly library, draws its
// image and walls, and shows the viewer's field of view, the path to the target and the
// target's cover. Door clicks toggle doors. Everything runs in the browser (a static server is
// enough). The #status element carries data-* attributes with the numbers shown, for tests.
import { load } from '../index.js';

const $ = (id) => document.getElementById(id);
const canvas = $('board');
const ctx = canvas.getContext('2d');
const DOOR_COLOURS = { closed: '#ff9f1c', open: '#3fb950', locked: '#f85149' };

const state = { gg: null, scene: null, name: '', image: null, cellPx: 24, viewer: null, target: null,
    next: 'viewer', walls: [] };

function showError(e) {
    $('error').textContent = String(e && e.message ? e.message : e);
}

function fitCellPx(w, h) {
    const maxW = Math.max(320, window.innerWidth - 400);
    const maxH = Math.max(320, window.innerHeight - 120);
    return Math.max(6, Math.min(48, Math.floor(Math.min(maxW / w, maxH / h))));
}

async function loadImage(src) {
    const img = new Image();
    img.src = src;
    await img.decode();
    return img;
}

async function openMap(name, bytes) {
    const gg = state.gg;
    let parsed = null;
    try {
        parsed = JSON.parse(new TextDecoder().decode(bytes));
    } catch {
        // The library reports the syntax error with its position.
    }
    const { scene, report } = gg.importScene(bytes);
    state.scene?.dispose();
    state.scene = scene;
    state.name = name;
    state.viewer = state.target = null;
    state.next = 'viewer';
    state.image = null;
    // UVTT files embed the map picture as base64 PNG (Dungeondraft) in "image".
    if (parsed && typeof parsed.image === 'string' && parsed.image.length > 0) {
        state.image = await loadImage(`data:image/png;base64,${parsed.image}`);
    }
    state.cellPx = fitCellPx(scene.width, scene.height);
    canvas.width = scene.width * state.cellPx;
    canvas.height = scene.height * state.cellPx;
    const notes = $('notes');
    notes.replaceChildren(...report.notes.map((n) => {
        const li = document.createElement('li');
        li.textContent = `${n.action}: ${n.count} ${n.what}`;
        return li;
    }));
    $('open-all').disabled = $('close-all').disabled = false;
    $('error').textContent = '';
    update();
}

function cellAt(ev) {
    const r = canvas.getBoundingClientRect();
    const x = ((ev.clientX - r.left) * canvas.width) / r.width / state.cellPx;
    const y = ((ev.clientY - r.top) * canvas.height) / r.height / state.cellPx;
    return { x, y, cell: { col: Math.floor(x), row: Math.floor(y) } };
}

function distToSegment(px, py, w) {
    const dx = w.x2 - w.x1;
    const dy = w.y2 - w.y1;
    const len2 = dx * dx + dy * dy;
    const t = len2 === 0 ? 0 : Math.max(0, Math.min(1, ((px - w.x1) * dx + (py - w.y1) * dy) / len2));
    return Math.hypot(px - (w.x1 + t * dx), py - (w.y1 + t * dy));
}

function onClick(ev) {
    if (!state.scene) return;
    try {
        const { x, y, cell } = cellAt(ev);
        const door = state.walls
            .filter((w) => w.door !== 'none')
            .map((w) => ({ w, d: distToSegment(x, y, w) }))
            .filter((o) => o.d < 0.25)
            .sort((a, b) => a.d - b.d)[0];
        if (door) {
            state.scene.setDoor(door.w.id, door.w.door === 'open' ? 'closed' : 'open');
        } else if (state.scene.contains(cell)) {
            state[state.next] = cell;
            state.next = state.next === 'viewer' ? 'target' : 'viewer';
        }
        update();
    } catch (e) {
        showError(e);
        console.error(e);
    }
}

function setAllDoors(open) {
    if (!state.scene) return;
    for (const w of state.scene.walls()) {
        if (w.door === 'closed' && open) state.scene.setDoor(w.id, 'open');
        if (w.door === 'open' && !open) state.scene.setDoor(w.id, 'closed');
    }
    update();
}

function update() {
    const s = state.scene;
    const px = state.cellPx;
    const st = $('status');
    state.walls = s.walls();
    const doors = state.walls.filter((w) => w.door !== 'none');
    const open = doors.filter((w) => w.door === 'open').length;
    ctx.clearRect(0, 0, canvas.width, canvas.height);
    if (state.image) {
        ctx.drawImage(state.image, 0, 0, canvas.width, canvas.height);
    } else {
        ctx.fillStyle = '#3a3a44';
        ctx.fillRect(0, 0, canvas.width, canvas.height);
    }
    // Grid.
    ctx.strokeStyle = 'rgba(255,255,255,0.12)';
    ctx.lineWidth = 1;
    ctx.beginPath();
    for (let c = 0; c <= s.width; c++) { ctx.moveTo(c * px + 0.5, 0); ctx.lineTo(c * px + 0.5, canvas.height); }
    for (let r = 0; r <= s.height; r++) { ctx.moveTo(0, r * px + 0.5); ctx.lineTo(canvas.width, r * px + 0.5); }
    ctx.stroke();

    let fovCount = null;
    let los = null;
    let cover = null;
    let path = null;
    if (state.viewer) {
        const { visible, count } = s.fieldOfView(state.viewer);
        fovCount = count;
        ctx.fillStyle = 'rgba(0,0,0,0.6)';
        for (let r = 0; r < s.height; r++) {
            for (let c = 0; c < s.width; c++) {
                if (!visible[r * s.width + c]) ctx.fillRect(c * px, r * px, px, px);
            }
        }
    }
    // Walls and doors over the shading, so that they stay visible.
    for (const w of state.walls) {
        ctx.beginPath();
        ctx.moveTo(w.x1 * px, w.y1 * px);
        ctx.lineTo(w.x2 * px, w.y2 * px);
        if (w.door !== 'none') {
            ctx.strokeStyle = DOOR_COLOURS[w.door];
            ctx.lineWidth = Math.max(3, px / 5);
            ctx.setLineDash(w.door === 'open' ? [px / 4, px / 6] : []);
        } else {
            ctx.strokeStyle = w.cover !== 'none' ? '#58a6ff' : w.blocks.includes('sight') ? '#f0f0f0' : '#b392f0';
            ctx.lineWidth = Math.max(2, px / 8);
            ctx.setLineDash([]);
        }
        ctx.stroke();
    }
    ctx.setLineDash([]);
    const centre = (c) => [(c.col + 0.5) * px, (c.row + 0.5) * px];
    if (state.viewer && state.target) {
        los = s.lineOfSight(state.viewer, state.target);
        cover = s.cover(state.viewer, state.target);
        path = s.path(state.viewer, state.target);
        if (path.length > 1) {
            ctx.strokeStyle = '#ffd33d';
            ctx.lineWidth = Math.max(2, px / 6);
            ctx.beginPath();
            path.forEach((c, i) => (i ? ctx.lineTo(...centre(c)) : ctx.moveTo(...centre(c))));
            ctx.stroke();
        }
        ctx.strokeStyle = los ? '#3fb950' : '#f85149';
        ctx.lineWidth = 1.5;
        ctx.setLineDash([4, 4]);
        ctx.beginPath();
        ctx.moveTo(...centre(state.viewer));
        ctx.lineTo(...centre(state.target));
        ctx.stroke();
        ctx.setLineDash([]);
    }
    const token = (c, colour) => {
        ctx.fillStyle = colour;
        ctx.beginPath();
        ctx.arc(...centre(c), px * 0.35, 0, 2 * Math.PI);
        ctx.fill();
        ctx.strokeStyle = '#000';
        ctx.lineWidth = 1.5;
        ctx.stroke();
    };
    if (state.viewer) token(state.viewer, '#58a6ff');
    if (state.target) token(state.target, '#f85149');

    const id = (c) => (c ? `${c.col},${c.row}` : '-');
    const pathFt = path && path.length ? routeFt(s, path) : null;
    $('s-map').textContent = `${state.name} (${s.width} x ${s.height} cells)`;
    $('s-walls').textContent = String(state.walls.length);
    $('s-doors').textContent = `${doors.length} (${open} open)`;
    $('s-viewer').textContent = id(state.viewer);
    $('s-target').textContent = id(state.target);
    $('s-fov').textContent = fovCount === null ? '-' : `${fovCount} cells visible`;
    $('s-los').textContent = los === null ? '-' : los ? 'yes' : 'no';
    $('s-cover').textContent = cover === null ? '-' : cover.replace('_', '-');
    $('s-path').textContent = path === null ? '-' : path.length ? `${path.length} cells, ${pathFt} ft` : 'no path';
    Object.assign(st.dataset, {
        state: 'loaded', walls: state.walls.length, doors: doors.length, doorsOpen: open,
        viewer: id(state.viewer), target: id(state.target), fov: fovCount ?? '', los: los ?? '',
        cover: cover ?? '', pathCells: path ? path.length : '', pathFt: pathFt ?? '',
        cellPx: px, image: state.image ? 'yes' : 'no',
    });
    $('hint').textContent = `Click to place the ${state.next}; click a door to open or close it.`;
}

// What walking the shown path costs in feet: the sum of its steps' costs (edgeDistance, which
// counts difficult terrain). The path itself is Nat20's fewest-cells walk, not the cheapest.
function routeFt(s, path) {
    let ft = 0;
    for (let i = 1; i < path.length; i++) ft += s.edgeDistance(path[i - 1], path[i]);
    return ft;
}

async function readFile(input) {
    const f = input.files && input.files[0];
    return f ? { name: f.name, bytes: new Uint8Array(await f.arrayBuffer()) } : null;
}

async function main() {
    state.gg = await load();
    canvas.addEventListener('click', onClick);
    $('open-all').addEventListener('click', () => setAllDoors(true));
    $('close-all').addEventListener('click', () => setAllDoors(false));
    $('map-file').addEventListener('change', async (ev) => {
        try {
            const f = await readFile(ev.target);
            if (f) await openMap(f.name, f.bytes);
        } catch (e) {
            showError(e);
            console.error(e);
        }
    });
    $('image-file').addEventListener('change', async (ev) => {
        try {
            const f = ev.target.files && ev.target.files[0];
            if (!f) return;
            state.image = await loadImage(URL.createObjectURL(f));
            if (state.scene) update();
        } catch (e) {
            showError(e);
            console.error(e);
        }
    });
    // ?map=URL opens a map from the same server (e.g. ?map=../../../tests/data/maps/...).
    const url = new URLSearchParams(location.search).get('map');
    if (url) {
        const res = await fetch(url);
        if (!res.ok) throw new Error(`${url}: HTTP ${res.status}`);
        await openMap(url.split('/').pop(), new Uint8Array(await res.arrayBuffer()));
    }
    document.body.dataset.ready = 'yes';
}

main().catch((e) => {
    showError(e);
    console.error(e);
});
