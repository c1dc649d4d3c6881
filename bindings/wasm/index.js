// gridgeom for JavaScript: the C library compiled to WebAssembly (dist/gridgeom_wasm.mjs, built
// by build.sh) behind a small object API. Cells are {col, row} objects (arrays [col, row] are
// accepted too); failures throw GridgeomError carrying the library's status name. Every Scene
// holds wasm memory: call dispose() when done (a FinalizationRegistry frees forgotten ones).
import createGridgeomModule from './dist/gridgeom_wasm.mjs';

const COVER = ['none', 'half', 'three_quarters', 'total'];
const LIGHT = ['default', 'bright', 'dim', 'dark'];
const OBSCUREMENT = ['none', 'light', 'heavy', 'magical_darkness'];
const DOOR = ['none', 'closed', 'open', 'locked'];
const ONE_WAY = ['none', 'left', 'right'];
const FORMAT = ['auto', 'nat20', 'uvtt', 'foundry'];
const SHAPE = { sphere: 1, cylinder: 2, cone: 3, line: 4, cube: 5, emanation: 6 };
const TAG = { blocked: 1, difficult: 2, cover: 3, lighting: 4, obscurement: 5 };
const TAG_VALUES = { cover: COVER, lighting: LIGHT, obscurement: OBSCUREMENT };
const AFFECTS = ['creatures', 'enemies', 'allies'];
const ROLES = ['outside', 'affected', 'spared'];
const SIZE = ['tiny', 'small', 'medium', 'large', 'huge', 'gargantuan'];
const BLOCKS = { sight: 1, movement: 2, light: 4 };
const ACTIONS = ['', 'snapped', 'merged', 'clipped', 'dropped', 'approximated'];
const STATS = ['format', 'width', 'height', 'cellSizeFt', 'segmentsRead', 'walls', 'doors',
    'doorsOpen', 'doorsLocked', 'oneWay', 'windows', 'endpointsSnapped', 'maxSnapCells',
    'merged', 'clipped', 'wallsDropped', 'lightsRead', 'lightsDropped', 'tags'];
// js_query2's question numbers (glue.c).
const Q = { distance: 1, withinRange: 2, adjacent: 3, edgeDistance: 4, los: 5,
    inRangeWithLos: 6, lineOfEffect: 7, valid: 8, coverOnCell: 9, lightOnCell: 10,
    obscurementOnCell: 11, contains: 12 };
// The method each question answers, for error messages.
const QUERY_NAMES = { distance: 'distanceFt', withinRange: 'withinRange', adjacent: 'isAdjacent',
    edgeDistance: 'edgeDistance', los: 'lineOfSight', inRangeWithLos: 'inRangeWithLos',
    lineOfEffect: 'lineOfEffect', valid: 'isValidCell', coverOnCell: 'coverOnCell',
    lightOnCell: 'lightOnCell', obscurementOnCell: 'obscurementOnCell', contains: 'contains' };
const GG_PARTIAL = 1;
const GG_E_BUFFER_TOO_SMALL = -4;
const STEP_ILLEGAL = -1; // GG_STEP_ILLEGAL
const MAX_CELLS = 1 << 20;

/** A library status other than success. `status` is the C name, e.g. "GG_E_OUT_OF_BOUNDS". */
export class GridgeomError extends Error {
    constructor(status, code, message) {
        super(message);
        this.name = 'GridgeomError';
        this.status = status;
        this.code = code;
    }
}

function indexOf(table, name, what) {
    const i = typeof name === 'number' ? name : table.indexOf(name);
    if (i < 0 || i >= table.length) {
        throw new TypeError(`unknown ${what} ${JSON.stringify(name)} (one of ${table.join(', ')})`);
    }
    return i;
}

function cellOf(c) {
    if (Array.isArray(c)) return { col: c[0] | 0, row: c[1] | 0 };
    if (c && Number.isInteger(c.col) && Number.isInteger(c.row)) return c;
    throw new TypeError(`not a cell: ${JSON.stringify(c)} (want {col, row} or [col, row])`);
}

class Native {
    constructor(m) {
        this.m = m;
        this.out = m._malloc(64);
    }
    i32(p, i = 0) { return this.m.HEAP32[(p >> 2) + i]; }
    u32(p, i = 0) { return this.m.HEAPU32[(p >> 2) + i]; }
    f64(p, i = 0) { return this.m.HEAPF64[(p >> 3) + i]; }
    str(p) { return p ? this.m.UTF8ToString(p) : ''; }
    statusName(st) { return this.m.UTF8ToString(this.m._gg_status_name(st)); }
    check(st, what, scene) {
        if (st >= 0) return st;
        const name = this.statusName(st);
        let msg = `${what}: ${name} (${this.str(this.m._gg_status_message(st))})`;
        if (scene) {
            const detail = this.str(this.m._gg_scene_message(scene));
            if (detail) msg += `: ${detail}`;
        }
        throw new GridgeomError(name, st, msg);
    }
    /** Copies cells into a new heap array of gg_cell; the caller frees it. */
    cells(list) {
        const n = list ? list.length : 0;
        const p = this.m._malloc(Math.max(1, n) * 8);
        for (let i = 0; i < n; i++) {
            const c = cellOf(list[i]);
            this.m.HEAP32[(p >> 2) + 2 * i] = c.col;
            this.m.HEAP32[(p >> 2) + 2 * i + 1] = c.row;
        }
        return [p, n];
    }
    readCells(p, n) {
        const out = new Array(n);
        const h = this.m.HEAP32;
        for (let i = 0; i < n; i++) out[i] = { col: h[(p >> 2) + 2 * i], row: h[(p >> 2) + 2 * i + 1] };
        return out;
    }
    bytes(data) {
        const b = typeof data === 'string' ? new TextEncoder().encode(data) : new Uint8Array(data);
        const p = this.m._malloc(Math.max(1, b.length));
        this.m.HEAPU8.set(b, p);
        return [p, b.length];
    }
    /** Runs fn(buffer, capacity, countPtr) with growing buffers until the answer fits. */
    grow(elemBytes, cap, fn) {
        const m = this.m;
        for (let attempt = 0; ; attempt++) {
            const buf = m._malloc(Math.max(1, cap) * elemBytes);
            const countPtr = m._malloc(4);
            try {
                m.HEAP32[countPtr >> 2] = 0;
                const st = fn(buf, cap, countPtr);
                const count = m.HEAP32[countPtr >> 2];
                if ((st === GG_PARTIAL || st === GG_E_BUFFER_TOO_SMALL) && count > cap && attempt < 2) {
                    cap = count;
                    continue;
                }
                return fn.result(st, buf, Math.min(count, cap));
            } finally {
                m._free(buf);
                m._free(countPtr);
            }
        }
    }
}

const registry = typeof FinalizationRegistry === 'function'
    ? new FinalizationRegistry(({ m, ptr, scratch }) => {
        if (scratch) m._js_scratch_destroy(scratch);
        m._gg_scene_destroy(ptr);
    })
    : null;

/** A scene: a width x height grid of cells with walls, doors and cell tags. */
export class Scene {
    constructor(native, ptr) {
        this._n = native;
        this._ptr = ptr;
        this._scratch = 0;
        this._held = { m: native.m, ptr, scratch: 0 };
        if (registry) registry.register(this, this._held, this);
        const o = native.out;
        native.m._js_scene_info(ptr, o);
        this.width = native.i32(o, 0);
        this.height = native.i32(o, 1);
        this.cellSizeFt = native.i32(o, 2);
    }
    get ptr() {
        if (!this._ptr) throw new Error('the scene was disposed');
        return this._ptr;
    }
    /** Frees the scene's memory; the object is unusable afterwards. */
    dispose() {
        if (!this._ptr) return;
        if (registry) registry.unregister(this);
        if (this._scratch) this._n.m._js_scratch_destroy(this._scratch);
        this._n.m._gg_scene_destroy(this._ptr);
        this._ptr = 0;
        this._scratch = 0;
    }
    scratch() {
        if (!this._scratch) {
            this._scratch = this._n.m._js_scratch_create(this.ptr);
            if (!this._scratch) throw new GridgeomError('GG_E_NO_MEMORY', -3, 'scratch: out of memory');
            this._held.scratch = this._scratch;
        }
        return this._scratch;
    }
    get wallCount() {
        this._n.m._js_scene_info(this.ptr, this._n.out);
        return this._n.i32(this._n.out, 3);
    }

    /** Adds a wall from (x1, y1) to (x2, y2) in cell units (corners at integers, half-cells
     *  allowed). Returns its id {index, generation}. */
    addWall({ x1, y1, x2, y2, door = 'none', oneWay = 'none', blocks = ['sight', 'movement', 'light'],
        cover = 'none' }) {
        const n = this._n;
        const bits = Array.isArray(blocks) ? blocks.reduce((b, k) => b | (BLOCKS[k] ?? 0), 0) : blocks;
        n.check(n.m._js_add_wall(this.ptr, x1, y1, x2, y2, bits, indexOf(DOOR, door, 'door'),
            indexOf(ONE_WAY, oneWay, 'one-way side'), indexOf(COVER, cover, 'cover'), n.out),
        'addWall', this.ptr);
        return { index: n.u32(n.out, 0), generation: n.u32(n.out, 1) };
    }
    removeWall(id) {
        this._n.check(this._n.m._js_remove_wall(this.ptr, id.index, id.generation), 'removeWall', this.ptr);
    }
    /** Sets a door's state: 'closed', 'open' or 'locked' ('none' makes it a plain wall). */
    setDoor(id, state) {
        this._n.check(this._n.m._js_set_door(this.ptr, id.index, id.generation,
            indexOf(DOOR, state, 'door state')), 'setDoor', this.ptr);
    }
    /** Every wall: {id, x1, y1, x2, y2, door, oneWay, blocks: [...], cover}. */
    walls() {
        const n = this._n;
        const cap = this.wallCount;
        const buf = n.m._malloc(Math.max(1, cap) * 80);
        try {
            n.check(n.m._js_list_walls(this.ptr, buf, cap, n.out), 'walls', this.ptr);
            const count = Math.min(cap, n.i32(n.out));
            const out = [];
            for (let i = 0; i < count; i++) {
                const f = (k) => n.f64(buf, 10 * i + k);
                const bits = f(4);
                out.push({
                    id: { index: f(8), generation: f(9) },
                    x1: f(0), y1: f(1), x2: f(2), y2: f(3),
                    blocks: Object.keys(BLOCKS).filter((k) => bits & BLOCKS[k]),
                    door: DOOR[f(5)], oneWay: ONE_WAY[f(6)], cover: COVER[f(7)],
                });
            }
            return out;
        } finally {
            n.m._free(buf);
        }
    }
    /** Tags cells: tag 'blocked' or 'difficult' (value true/false), 'cover' (none, half,
     *  three_quarters, total), 'lighting' (default, bright, dim, dark) or 'obscurement'
     *  (none, light, heavy, magical_darkness). */
    setCells(tag, cells, value = true) {
        const n = this._n;
        const t = TAG[tag];
        if (!t) throw new TypeError(`unknown tag ${JSON.stringify(tag)}`);
        const v = TAG_VALUES[tag] ? indexOf(TAG_VALUES[tag], value, tag) : (value ? 1 : 0);
        const [p, count] = n.cells(cells);
        try {
            n.check(n.m._gg_scene_set_cells(this.ptr, t, p, count, v, n.out), `setCells(${tag})`, this.ptr);
        } finally {
            n.m._free(p);
        }
    }

    _q(what, a, b, arg = 0) {
        const n = this._n;
        const ca = cellOf(a);
        const cb = b ? cellOf(b) : ca;
        n.check(n.m._js_query2(this.ptr, Q[what], ca.col, ca.row, cb.col, cb.row, arg | 0, n.out),
            QUERY_NAMES[what], this.ptr);
        return n.i32(n.out);
    }
    contains(c) { return this._q('contains', c) !== 0; }
    /** Nat20's cell validity: on the map and not blocked. */
    isValidCell(c) { return this._q('valid', c) !== 0; }
    /** Grid distance in feet (SRD 5.2 diagonal rule as the scene measures it). */
    distanceFt(a, b) { return this._q('distance', a, b); }
    withinRange(a, b, rangeFt) { return this._q('withinRange', a, b, clampFt(rangeFt)) !== 0; }
    isAdjacent(a, b) { return this._q('adjacent', a, b) !== 0; }
    /** The cost in feet of one step from a to a neighbour b, or null when the step is illegal. */
    edgeDistance(a, b) {
        const v = this._q('edgeDistance', a, b);
        return v === STEP_ILLEGAL ? null : v;
    }
    lineOfSight(a, b) { return this._q('los', a, b) !== 0; }
    inRangeWithLos(a, b, rangeFt) { return this._q('inRangeWithLos', a, b, clampFt(rangeFt)) !== 0; }
    lineOfEffect(origin, c) { return this._q('lineOfEffect', origin, c) !== 0; }
    coverOnCell(c) { return COVER[this._q('coverOnCell', c)]; }
    lightOnCell(c) { return LIGHT[this._q('lightOnCell', c)]; }
    obscurementOnCell(c) { return OBSCUREMENT[this._q('obscurementOnCell', c)]; }

    /** Cover the target at b has against an attacker at a: 'none', 'half', 'three_quarters' or
     *  'total'; `occupied` cells (other creatures) give half cover. */
    cover(a, b, { occupied = [] } = {}) {
        const n = this._n;
        const ca = cellOf(a);
        const cb = cellOf(b);
        const [p, count] = n.cells(occupied);
        try {
            n.check(n.m._js_cover_between(this.ptr, ca.col, ca.row, cb.col, cb.row, p, count, n.out),
                'cover', this.ptr);
            return COVER[n.i32(n.out)];
        } finally {
            n.m._free(p);
        }
    }
    /** Whether a creature at a with `senses` ({darkvision, blindsight, tremorsense, truesight}
     *  in feet; omitted = none given) sees cell b, light and obscurement included. */
    canSee(a, b, senses) {
        const n = this._n;
        const ca = cellOf(a);
        const cb = cellOf(b);
        let sp = 0;
        if (senses) {
            sp = n.m._malloc(16);
            ['darkvision', 'blindsight', 'tremorsense', 'truesight'].forEach((k, i) => {
                const v = senses[k];
                n.m.HEAP32[(sp >> 2) + i] = v === undefined || v === null ? -1 : clampFt(v);
            });
        }
        try {
            n.check(n.m._js_can_see(this.ptr, ca.col, ca.row, cb.col, cb.row, sp, n.out), 'canSee', this.ptr);
            return n.i32(n.out) !== 0;
        } finally {
            if (sp) n.m._free(sp);
        }
    }
    /** Field of view from `viewer`: {visible: Uint8Array(width * height), row-major, 1 where the
     *  viewer has line of sight (within rangeFt if given), count}. */
    fieldOfView(viewer, { rangeFt = -1 } = {}) {
        const n = this._n;
        const v = cellOf(viewer);
        const words = n.m._js_bitset_words(this.ptr);
        const bits = n.m._malloc(words * 8);
        try {
            n.check(n.m._js_field_of_view(this.ptr, this.scratch(), v.col, v.row, rangeFt, bits, words,
                n.out), 'fieldOfView', this.ptr);
            const count = n.i32(n.out);
            const cells = this.width * this.height;
            const visible = new Uint8Array(cells);
            const h = n.m.HEAPU32;
            const base = bits >> 2;
            for (let i = 0; i < cells; i++) visible[i] = (h[base + (i >>> 5)] >>> (i & 31)) & 1;
            return { visible, count };
        } finally {
            n.m._free(bits);
        }
    }
    /** Nat20's shortest walk from a to b (8-way, 5/10 diagonals, walls and doors), avoiding
     *  `avoid` cells: the cells from a to b, or [] when b cannot be reached. */
    path(a, b, { avoid = [] } = {}) {
        const n = this._n;
        const ca = cellOf(a);
        const cb = cellOf(b);
        const [ap, an] = n.cells(avoid);
        const scratch = this.scratch();
        try {
            const fn = (buf, cap, cnt) => n.m._js_shortest_path(this.ptr, scratch, ca.col, ca.row, cb.col,
                cb.row, ap, an, buf, cap, cnt);
            fn.result = (st, buf, count) => {
                n.check(st, 'path', this.ptr);
                return n.readCells(buf, count);
            };
            return n.grow(8, this._cap(), fn);
        } finally {
            n.m._free(ap);
        }
    }
    /** Every cell reachable from start within budgetFt: [{cell, costFt, prev}] (prev null at
     *  the start). */
    reach(start, budgetFt, { avoid = [] } = {}) {
        const n = this._n;
        const s = cellOf(start);
        const [ap, an] = n.cells(avoid);
        const scratch = this.scratch();
        try {
            const fn = (buf, cap, cnt) => n.m._js_reachable(this.ptr, scratch, s.col, s.row,
                clampFt(budgetFt), ap, an, buf, cap, cnt);
            fn.result = (st, buf, count) => {
                n.check(st, 'reach', this.ptr);
                const h = n.m.HEAP32;
                const out = new Array(count);
                for (let i = 0; i < count; i++) {
                    const b = (buf >> 2) + 5 * i;
                    const cell = { col: h[b], row: h[b + 1] };
                    const prev = { col: h[b + 3], row: h[b + 4] };
                    out[i] = { cell, costFt: h[b + 2],
                        prev: prev.col === cell.col && prev.row === cell.row ? null : prev };
                }
                return out;
            };
            return n.grow(20, this._cap(), fn);
        } finally {
            n.m._free(ap);
        }
    }
    /** The cells of an area template on this scene's board, ignoring walls:
     *  {origin, shape: sphere|cylinder|cone|line|cube|emanation, sizeFt, direction?: [dc, dr]}.
     *  Nat20's order (row-major from the template's own walk). */
    template(def) { return this._template(def, false); }
    /** The template's cells that the origin has line of effect to (walls stop areas);
     *  includesOrigin as in Nat20's area_cells. */
    area(def) { return this._template(def, true); }
    _template({ origin, shape, sizeFt, direction = null, includesOrigin = true }, onScene) {
        return this._n.templateCells(onScene ? this.ptr : 0, this.width, this.height, this.cellSizeFt,
            origin, shape, sizeFt, direction, includesOrigin, this._cap());
    }
    /** Forced movement: the cells a push from origin moves target through, up to distanceFt. */
    pushPath(origin, target, distanceFt, { occupied = [] } = {}) {
        const n = this._n;
        const o = cellOf(origin);
        const t = cellOf(target);
        const [op, on] = n.cells(occupied);
        try {
            const fn = (buf, cap, cnt) => n.m._js_push_path(this.ptr, o.col, o.row, t.col, t.row,
                distanceFt | 0, op, on, buf, cap, cnt);
            fn.result = (st, buf, count) => {
                n.check(st, 'pushPath', this.ptr);
                return n.readCells(buf, count);
            };
            return n.grow(8, Math.max(this.width, this.height) + 1, fn);
        } finally {
            n.m._free(op);
        }
    }
    /** The scene as Nat20 GridScene JSON text (with our extension keys, docs/io.md). */
    exportNat20() {
        const n = this._n;
        const lenPtr = n.out;
        n.m.HEAP32[lenPtr >> 2] = 0;
        let st = n.m._gg_scene_export_nat20(this.ptr, 0, 0, lenPtr, 0);
        const need = n.u32(lenPtr) + 1;
        const buf = n.m._malloc(need);
        try {
            st = n.m._gg_scene_export_nat20(this.ptr, buf, need, lenPtr, 0);
            n.check(st, 'exportNat20', this.ptr);
            return n.m.UTF8ToString(buf, n.u32(lenPtr));
        } finally {
            n.m._free(buf);
        }
    }
    _cap() { return Math.min(this.width * this.height + 1, MAX_CELLS); }

    // ---- Rules layer (SRD 5.2): creatures are plain objects, named by their array index ----

    /** Whether creature `viewer` sees creature `target` (blinded, invisible, senses, light). */
    creatureCanSee(viewer, target) {
        return this._withCreatures([viewer, target], (cp) => {
            const n = this._n;
            n.check(n.m._js_rules_can_see(this.ptr, cp, 0, 1, n.out), 'creatureCanSee', this.ptr);
            return n.i32(n.out) !== 0;
        });
    }
    /** The cover creature `target` has against `caster` (indexes into creatures); with
     *  areaOrigin, against an area's point of origin instead. */
    targetCover(creatures, caster, target, { areaOrigin = null } = {}) {
        const o = areaOrigin ? cellOf(areaOrigin) : { col: 0, row: 0 };
        return this._withCreatures(creatures, (cp, count) => {
            const n = this._n;
            n.check(n.m._js_rules_target_cover(this.ptr, cp, count, caster, target, areaOrigin ? 1 : 0,
                o.col, o.row, n.out), 'targetCover', this.ptr);
            return COVER[n.i32(n.out)];
        });
    }
    /** Plans creature `mover`'s move to destination: {ok: true, path, costFt} or
     *  {ok: false, reason} (speed_zero, occupied, frightened, blocked_path, unreachable, ...). */
    planMove(creatures, mover, destination) {
        const d = cellOf(destination);
        const scratch = this.scratch();
        return this._withCreatures(creatures, (cp, count) => {
            const n = this._n;
            const cap = this._cap();
            const path = n.m._malloc(cap * 8);
            const out = n.m._malloc(12);
            try {
                n.check(n.m._js_rules_plan_move(this.ptr, scratch, cp, count, mover, d.col, d.row, path,
                    cap, out), 'planMove', this.ptr);
                const result = n.i32(out, 2);
                if (result !== 0) return { ok: false, reason: n.str(n.m._js_move_result_name(result)) };
                return { ok: true, path: n.readCells(path, Math.min(cap, n.i32(out, 0))), costFt: n.i32(out, 1) };
            } finally {
                n.m._free(path);
                n.m._free(out);
            }
        });
    }
    /** Opportunity attacks provoked along `route` by creature `mover`: [{step, reactor}], where
     *  step i is the move from route[i] to route[i + 1]. */
    opportunitySchedule(creatures, mover, route) {
        return this._withCreatures(creatures, (cp, count) => {
            const n = this._n;
            const [rp, rn] = n.cells(route);
            try {
                const fn = (buf, cap, cnt) => n.m._js_rules_opportunity_schedule(this.ptr, cp, count, mover,
                    rp, rn, buf, cap, cnt);
                fn.result = (st, buf, k) => {
                    n.check(st, 'opportunitySchedule', this.ptr);
                    const out = [];
                    for (let i = 0; i < k; i++) out.push({ step: n.i32(buf, 2 * i), reactor: n.i32(buf, 2 * i + 1) });
                    return out;
                };
                return n.grow(8, creatures.length + 1, fn);
            } finally {
                n.m._free(rp);
            }
        });
    }
    /** A retreat from start within budgetFt away from `threats` (Nat20's flee route), entering
     *  no `avoid` cell and ending on no `occupied` cell: the cells, or [] when nowhere is better. */
    fleeRoute({ start, budgetFt, threats, avoid = [], occupied = [] }) {
        const n = this._n;
        const s = cellOf(start);
        const scratch = this.scratch();
        const [tp, tn] = n.cells(threats);
        const [ap, an] = n.cells(avoid);
        const [op, on] = n.cells(occupied);
        try {
            n.check(n.m._js_rules_flee_capacity(this.ptr, budgetFt | 0, n.out), 'fleeRoute', this.ptr);
            const fn = (buf, cap, cnt) => n.m._js_rules_flee_route(this.ptr, scratch, s.col, s.row,
                budgetFt | 0, tp, tn, ap, an, op, on, buf, cap, cnt);
            fn.result = (st, buf, k) => {
                n.check(st, 'fleeRoute', this.ptr);
                return n.readCells(buf, k);
            };
            return n.grow(8, n.i32(n.out) + 1, fn);
        } finally {
            n.m._free(tp);
            n.m._free(ap);
            n.m._free(op);
        }
    }
    /** A monster's best aim of an area: def {shape, sizeFt, actor (index), targetCells,
     *  affects: creatures|enemies|allies, choice, maxTargets, harmful}. Returns null when no
     *  placement affects an enemy, else {origin, direction|null, enemies, allies, roles}, roles
     *  per creature: outside, affected or spared. */
    bestAim(creatures, { shape, sizeFt, actor, targetCells = [], affects = 'creatures', choice = false,
        maxTargets = 0, harmful = true }) {
        return this._withCreatures(creatures, (cp, count) => {
            const n = this._n;
            const m = n.m;
            const def = m._malloc(28);
            const out = m._malloc(32);
            const roles = m._malloc(Math.max(1, count) * 4);
            const [tp, tn] = n.cells(targetCells);
            try {
                m.HEAP32.set([typeof shape === 'number' ? shape : (SHAPE[shape] ?? 0), sizeFt | 0, actor,
                    indexOf(AFFECTS, affects, 'affects'), choice ? 1 : 0, maxTargets | 0, harmful ? 1 : 0],
                def >> 2);
                n.check(m._js_rules_best_aim(this.ptr, cp, count, def, tp, tn, out, roles), 'bestAim', this.ptr);
                if (!n.i32(out, 0)) return null;
                const r = [];
                for (let i = 0; i < count; i++) r.push(ROLES[n.i32(roles, i)]);
                return { origin: { col: n.i32(out, 1), row: n.i32(out, 2) },
                    direction: n.i32(out, 3) ? [n.i32(out, 4), n.i32(out, 5)] : null,
                    enemies: n.i32(out, 6), allies: n.i32(out, 7), roles: r };
            } finally {
                m._free(def);
                m._free(out);
                m._free(roles);
                m._free(tp);
            }
        });
    }
    _withCreatures(list, fn) {
        const n = this._n;
        const m = n.m;
        const p = m._js_creatures_alloc(list.length);
        const v = m._malloc(18 * 4);
        try {
            list.forEach((c, i) => {
                const cell = c.cell === null || c.cell === undefined ? null : cellOf(c.cell);
                const s = c.senses || {};
                const sense = (k) => (s[k] === undefined || s[k] === null ? -1 : s[k] | 0);
                m.HEAP32.set([cell ? cell.col : 0, cell ? cell.row : 0, cell ? 1 : 0, c.side | 0,
                    c.alive === false ? 0 : 1, c.reachFt ?? 5, c.disengaging ? 1 : 0, c.frightenedBy ?? -1,
                    c.speedFt ?? 30, c.movementLeftFt ?? 30,
                    (c.blinded ? 1 : 0) | (c.invisible ? 2 : 0) | (c.conditions | 0),
                    indexOf(SIZE, c.size ?? 'medium', 'size'), sense('darkvision'), sense('blindsight'),
                    sense('tremorsense'), sense('truesight'), c.charmedBy ?? -1,
                    c.reactionAvailable === false ? 0 : 1], v >> 2);
                m._js_creature_set(p, i, v);
            });
            return fn(p, list.length);
        } finally {
            m._free(v);
            m._free(p);
        }
    }
}

function clampFt(ft) {
    if (!Number.isFinite(ft)) return ft > 0 ? 0x7fffffff : -0x80000000;
    return Math.max(-0x80000000, Math.min(0x7fffffff, Math.trunc(ft)));
}

/** The loaded library. Get it with load(). */
export class Gridgeom {
    constructor(m) {
        this._n = new Native(m);
        this._n.templateCells = (scenePtr, w, h, ft, origin, shape, sizeFt, direction, inc, cap) => {
            const n = this._n;
            const o = cellOf(origin);
            const s = typeof shape === 'number' ? shape : (SHAPE[shape] ?? 0);
            const fn = (buf, c, cnt) => n.m._js_template(scenePtr, w, h, ft, o.col, o.row, s, sizeFt | 0,
                direction ? 1 : 0, direction ? direction[0] | 0 : 0, direction ? direction[1] | 0 : 0,
                inc ? 1 : 0, buf, c, cnt);
            fn.result = (st, buf, count) => {
                n.check(st, 'template', scenePtr);
                return n.readCells(buf, count);
            };
            return n.grow(8, cap, fn);
        };
        this.version = m.UTF8ToString(m._gg_version_string());
    }
    /** A new empty scene. */
    createScene({ width, height, cellSizeFt = 5, defaultLighting = 'bright' }) {
        const n = this._n;
        n.check(n.m._js_scene_create(width | 0, height | 0, cellSizeFt | 0,
            indexOf(LIGHT, defaultLighting, 'lighting'), n.out), `createScene(${width}x${height})`);
        return new Scene(n, n.u32(n.out));
    }
    /** Imports a Nat20 GridScene, Universal VTT (.dd2vtt/.uvtt/.df2vtt) or Foundry VTT scene
     *  (text, ArrayBuffer or Uint8Array). Returns {scene, report: {stats, notes}}. Throws
     *  GridgeomError with the importer's message (and line/column for JSON syntax errors). */
    importScene(data, { format = 'auto' } = {}) {
        const n = this._n;
        const m = n.m;
        const [p, len] = n.bytes(data);
        const out = m._malloc(8);
        const msg = m._malloc(256);
        const pos = m._malloc(8);
        try {
            const st = m._js_scene_import(p, len, indexOf(FORMAT, format, 'format'), out, out + 4, msg, pos);
            if (st < 0) {
                const name = n.statusName(st);
                const e = new GridgeomError(name, st, `importScene: ${name}: ${m.UTF8ToString(msg)}`);
                e.line = n.i32(pos, 0);
                e.column = n.i32(pos, 1);
                throw e;
            }
            const scene = new Scene(n, n.u32(out, 0));
            const report = n.u32(out, 1);
            const result = { scene, report: readReport(n, report) };
            m._gg_import_report_destroy(report);
            return result;
        } finally {
            m._free(p);
            m._free(out);
            m._free(msg);
            m._free(pos);
        }
    }
    /** Parses a Nat20 cell id "col,row" (strict grammar). Throws GridgeomError GG_E_PARSE. */
    parseCell(id) {
        const n = this._n;
        const [p, len] = n.bytes(String(id));
        try {
            n.check(n.m._js_cell_parse(p, len, n.out), `parseCell(${JSON.stringify(id)})`);
            return { col: n.i32(n.out, 0), row: n.i32(n.out, 1) };
        } finally {
            n.m._free(p);
        }
    }
    formatCell(c) {
        const x = cellOf(c);
        return `${x.col},${x.row}`;
    }
    /** The grid line (Nat20's Bresenham walk) from a to b, both ends included. */
    line(a, b) {
        const n = this._n;
        const ca = cellOf(a);
        const cb = cellOf(b);
        const len = Math.max(Math.abs(ca.col - cb.col), Math.abs(ca.row - cb.row)) + 1;
        if (len > MAX_CELLS) throw new RangeError('line longer than 2^20 cells');
        const fn = (buf, cap, cnt) => n.m._js_line(ca.col, ca.row, cb.col, cb.row, buf, cap, cnt);
        fn.result = (st, buf, count) => {
            n.check(st, 'line');
            return n.readCells(buf, count);
        };
        return n.grow(8, len + 1, fn);
    }
    /** Whether segments p1-p2 and p3-p4 (points [x, y] in cell units, multiples of 0.5) touch. */
    segmentsIntersect(p1, p2, p3, p4) {
        const n = this._n;
        const hp = [p1, p2, p3, p4].flatMap((p) => p.map((v) => {
            const d = 2 * v;
            if (!Number.isInteger(d) || Math.abs(d) > (1 << 29)) {
                throw new RangeError(`point coordinate ${v} is not a multiple of 0.5 within limits`);
            }
            return d;
        }));
        const p = n.m._malloc(32);
        try {
            n.m.HEAP32.set(hp, p >> 2);
            return n.m._js_segments_intersect(p) !== 0;
        } finally {
            n.m._free(p);
        }
    }
    /** An area template's cells on a bare width x height board (no scene). */
    templateCells({ width, height, cellSizeFt = 5, origin, shape, sizeFt, direction = null }) {
        return this._n.templateCells(0, width, height, cellSizeFt, origin, shape, sizeFt, direction,
            true, Math.min(width * height + 1, MAX_CELLS));
    }
}

function readReport(n, report) {
    const m = n.m;
    const buf = m._malloc(19 * 8);
    const stats = {};
    try {
        n.check(m._js_report_stats(report, buf), 'report');
        STATS.forEach((k, i) => { stats[k] = n.f64(buf, i); });
        stats.format = FORMAT[stats.format] ?? 'unknown';
    } finally {
        m._free(buf);
    }
    const notes = [];
    const count = m._gg_import_report_note_count(report);
    const nb = m._malloc(16);
    try {
        for (let i = 0; i < count; i++) {
            n.check(m._js_report_note(report, i, nb, nb + 8), 'report note');
            notes.push({ action: ACTIONS[n.i32(nb, 0)] ?? 'unknown', count: n.i32(nb, 1),
                what: n.str(n.u32(nb, 2)), example: n.str(n.u32(nb, 3)) });
        }
    } finally {
        m._free(nb);
    }
    return { stats, notes };
}

let loading = null;

/** Loads the WebAssembly module once and returns the library object. */
export function load() {
    if (!loading) loading = createGridgeomModule().then((m) => new Gridgeom(m));
    return loading;
}

export default load;
