// gridgeom/nat20: the Nat20 grid functions with Nat20's names, argument shapes and answers
// (cell ids as "col,row" strings), on top of the object API in index.js. A Nat20 user swaps one
// import. Where libgridgeom departs from Nat20 (docs/nat20.md): cell ids are parsed strictly;
// scene tag entries that are malformed or off the map are dropped; a malformed id in a query
// stands for an off-map cell, and an off-map argument gives Nat20's empty answer of the op.
import { GridgeomError } from './index.js';

/** Nat20's ValueError (bad cell id, unknown template shape, bad size). */
export class ValueError extends Error {
    constructor(message) {
        super(message);
        this.name = 'ValueError';
    }
}

const VALUE_ERRORS = new Set(['GG_E_PARSE', 'GG_E_INVALID_ARG', 'GG_E_TOO_LARGE']);
const SIDES = { party: 0, encounter: 1 };
// Nat20's template shapes; any other name is its "unknown template shape" ValueError, which the
// library reports for shape 0 (after its off-map-origin answer).
const NAT20_SHAPES = new Set(['sphere', 'cylinder', 'cone', 'line', 'cube']);

function id(c) { return `${c.col},${c.row}`; }

function byColRow(a, b) { return a.col - b.col || a.row - b.row; }

/** The Nat20 API over a loaded library (from load()). */
export class Nat20 {
    constructor(gg) { this.gg = gg; }

    /** A scene from a Nat20 GridScene object: {width, height, cell_size_ft, blocked_cells,
     *  wall_segments, cover_cells, difficult_terrain_cells, lighting, default_lighting,
     *  obscurement_cells}. */
    gridScene(gs) {
        const s = this.gg.createScene({ width: gs.width, height: gs.height,
            cellSizeFt: gs.cell_size_ft ?? 5, defaultLighting: gs.default_lighting ?? 'bright' });
        try {
            const onMap = (c) => c && c.col >= 0 && c.col < gs.width && c.row >= 0 && c.row < gs.height;
            const list = (ids) => (ids || []).map((k) => this._tryParse(k)).filter(onMap);
            const groups = (obj) => {
                const by = new Map();
                for (const [k, v] of Object.entries(obj || {})) {
                    const c = this._tryParse(k);
                    if (!onMap(c)) continue;
                    if (!by.has(v)) by.set(v, []);
                    by.get(v).push(c);
                }
                return by;
            };
            const blocked = list(gs.blocked_cells);
            if (blocked.length) s.setCells('blocked', blocked, true);
            const difficult = list(gs.difficult_terrain_cells);
            if (difficult.length) s.setCells('difficult', difficult, true);
            for (const [tag, key] of [['cover', 'cover_cells'], ['lighting', 'lighting'],
                ['obscurement', 'obscurement_cells']]) {
                for (const [v, cells] of groups(gs[key])) s.setCells(tag, cells, v);
            }
            for (const w of gs.wall_segments || []) s.addWall({ x1: w.x1, y1: w.y1, x2: w.x2, y2: w.y2 });
            return s;
        } catch (e) {
            s.dispose();
            throw e;
        }
    }
    _tryParse(text) {
        try {
            return this.gg.parseCell(text);
        } catch (e) {
            if (e instanceof GridgeomError) return null;
            throw e;
        }
    }
    // A query cell: malformed ids become off-map sentinels, distinct for distinct texts.
    _args(scene, ...ids) {
        const out = [];
        let firstBad = null;
        for (const t of ids) {
            let c = this._tryParse(t);
            const malformed = c === null;
            if (malformed) {
                c = firstBad === null || firstBad === t ? { col: -1, row: -1 } : { col: -2, row: -2 };
                if (firstBad === null) firstBad = t;
            }
            out.push({ c, malformed, off: malformed || !scene.contains(c) });
        }
        return out;
    }
    // Nat20's empty answer for an off-map argument, else the library's error.
    _guard(args, empty, fn) {
        try {
            return fn();
        } catch (e) {
            if (e instanceof GridgeomError && e.status === 'GG_E_OUT_OF_BOUNDS' && args.some((a) => a.off)) {
                return empty;
            }
            throw e;
        }
    }
    _cellList(ids) { return (ids || []).map((k) => this._tryParse(k)).filter((c) => c !== null); }

    parse_cell(cid) {
        try {
            const c = this.gg.parseCell(cid);
            return [c.col, c.row];
        } catch (e) {
            if (e instanceof GridgeomError && VALUE_ERRORS.has(e.status)) throw new ValueError(e.message);
            throw e;
        }
    }
    cell_id(col, row) { return id({ col, row }); }
    bresenham(a, b) {
        return this.gg.line(this.gg.parseCell(a), this.gg.parseCell(b)).map(id);
    }
    segments_intersect(p1, p2, p3, p4) { return this.gg.segmentsIntersect(p1, p2, p3, p4); }

    distance_ft(scene, a, b) {
        const x = this._args(scene, a, b);
        return this._guard(x, null, () => scene.distanceFt(x[0].c, x[1].c));
    }
    within_range(scene, a, b, rangeFt) {
        const x = this._args(scene, a, b);
        return this._guard(x, false, () => scene.withinRange(x[0].c, x[1].c, rangeFt));
    }
    is_adjacent(scene, a, b) {
        const x = this._args(scene, a, b);
        return this._guard(x, false, () => scene.isAdjacent(x[0].c, x[1].c));
    }
    is_valid_cell(scene, cid) {
        const x = this._args(scene, cid);
        return this._guard(x, false, () => scene.isValidCell(x[0].c));
    }
    edge_distance(scene, a, b) {
        const x = this._args(scene, a, b);
        return this._guard(x, null, () => scene.edgeDistance(x[0].c, x[1].c));
    }
    has_line_of_sight(scene, a, b) {
        const x = this._args(scene, a, b);
        return this._guard(x, false, () => scene.lineOfSight(x[0].c, x[1].c));
    }
    cover_between(scene, a, b, occupiedCells = null) {
        const x = this._args(scene, a, b);
        const occupied = this._cellList(occupiedCells);
        return this._guard(x, 'none', () => scene.cover(x[0].c, x[1].c, { occupied }));
    }
    cover_on_cell(scene, cid) {
        const x = this._args(scene, cid);
        return this._guard(x, 'none', () => scene.coverOnCell(x[0].c));
    }
    light_on_cell(scene, cid) {
        // Off the map Nat20 answers the default light: the library does too, no empty answer.
        return scene.lightOnCell(this._args(scene, cid)[0].c);
    }
    obscurement_on_cell(scene, cid) {
        const x = this._args(scene, cid);
        return this._guard(x, 'none', () => scene.obscurementOnCell(x[0].c));
    }
    in_range_with_los(scene, a, b, rangeFt) {
        const x = this._args(scene, a, b);
        return this._guard(x, false, () => scene.inRangeWithLos(x[0].c, x[1].c, rangeFt));
    }
    shortest_path(scene, a, b, avoid = null) {
        const x = this._args(scene, a, b);
        const av = this._cellList(avoid);
        return this._guard(x, [], () => scene.path(x[0].c, x[1].c, { avoid: av }).map(id));
    }
    reachable_cells(scene, start, budgetFt, avoid = null) {
        const x = this._args(scene, start);
        const av = this._cellList(avoid);
        return this._guard(x, {}, () => {
            const out = {};
            for (const r of scene.reach(x[0].c, budgetFt, { avoid: av })) {
                out[id(r.cell)] = [r.costFt, r.prev ? id(r.prev) : null];
            }
            return out;
        });
    }
    _template(scene, origin, shape, sizeFt, direction, fn, sorted) {
        const x = this._args(scene, origin);
        try {
            return this._guard(x, [], () => {
                const cells = fn({ origin: x[0].c, shape: NAT20_SHAPES.has(shape) ? shape : 0, sizeFt,
                    direction: direction ?? null });
                if (sorted) cells.sort(byColRow);
                return cells.map(id);
            });
        } catch (e) {
            if (e instanceof GridgeomError && VALUE_ERRORS.has(e.status)) throw new ValueError(e.message);
            throw e;
        }
    }
    cells_in_template(scene, origin, shape, sizeFt, direction = null) {
        return this._template(scene, origin, shape, sizeFt, direction, (d) => scene.template(d), true);
    }
    cells_in_template_ordered(scene, origin, shape, sizeFt, direction = null) {
        return this._template(scene, origin, shape, sizeFt, direction, (d) => scene.template(d), false);
    }
    area_cells(scene, origin, shape, sizeFt, includesOrigin, direction = null) {
        return this._template(scene, origin, shape, sizeFt, direction,
            (d) => scene.area({ ...d, includesOrigin }), true);
    }
    has_line_of_effect(scene, origin, cell) {
        const x = this._args(scene, origin, cell);
        return this._guard(x, false, () => scene.lineOfEffect(x[0].c, x[1].c));
    }
    can_see(scene, a, b, senses = null) {
        const x = this._args(scene, a, b);
        return this._guard(x, false, () => scene.canSee(x[0].c, x[1].c, senses ?? undefined));
    }
    push_path(scene, origin, target, distanceFt, occupiedCells = null) {
        const x = this._args(scene, origin, target);
        const occ = this._cellList(occupiedCells);
        return this._guard(x, [], () => scene.pushPath(x[0].c, x[1].c, distanceFt, { occupied: occ }).map(id));
    }

    // ---- The orchestrator's composite questions (rules layer) ----

    _cell(t) { return this._tryParse(t) ?? { col: -1, row: -1 }; }
    _roster(creatures) {
        const ids = creatures.map((c) => c.id);
        const list = creatures.map((c) => ({
            cell: c.cell === null ? null : this._cell(c.cell),
            side: SIDES[c.side] ?? (() => { throw new TypeError(`unknown side ${c.side}`); })(),
            alive: c.is_alive ?? true,
            speedFt: c.speed ?? 30,
            movementLeftFt: c.movement_remaining ?? 0x7fffffff,
            reachFt: c.reach_ft ?? 5,
            blinded: !!c.blinded,
            invisible: !!c.invisible,
            disengaging: !!c.disengaging,
        }));
        creatures.forEach((c, i) => {
            if (c.frightened_by !== undefined) list[i].frightenedBy = ids.indexOf(c.frightened_by);
        });
        return { ids, list };
    }
    /** Nat20's code variant: viewer {cell, senses, blinded}, target {cell, invisible}. */
    combatant_can_see(scene, viewer, target) {
        const v = { cell: viewer.cell === null ? null : this._cell(viewer.cell), senses: viewer.senses,
            blinded: !!viewer.blinded };
        const t = { cell: target.cell === null ? null : this._cell(target.cell), invisible: !!target.invisible };
        try {
            return scene.creatureCanSee(v, t);
        } catch (e) {
            if (e instanceof GridgeomError && e.status === 'GG_E_OUT_OF_BOUNDS') return false;
            throw e;
        }
    }
    target_cover(scene, casterId, targetIds, creatures, originCell = null) {
        const r = this._roster(creatures);
        const caster = r.ids.indexOf(casterId);
        const areaOrigin = originCell === null || originCell === undefined ? null : this._cell(originCell);
        const out = {};
        for (const t of targetIds) {
            const ti = r.ids.indexOf(t);
            if (caster < 0 || ti < 0) continue;
            try {
                out[t] = scene.targetCover(r.list, caster, ti, { areaOrigin });
            } catch (e) {
                if (!(e instanceof GridgeomError && e.status === 'GG_E_OUT_OF_BOUNDS')) throw e;
            }
        }
        return out;
    }
    plan_move(scene, moverId, destination, creatures) {
        const r = this._roster(creatures);
        const mover = r.ids.indexOf(moverId);
        if (mover < 0) return { ok: false, reason: 'not_adjacent' };
        const p = scene.planMove(r.list, mover, this._cell(destination));
        return p.ok ? { ok: true, path: p.path.map(id), cost_ft: p.costFt } : p;
    }
    opportunity_schedule(scene, moverId, path, creatures) {
        const r = this._roster(creatures);
        const mover = r.ids.indexOf(moverId);
        if (mover < 0) throw new ValueError(`unknown mover ${moverId}`);
        const route = this._cellList(path);
        const ev = scene.opportunitySchedule(r.list, mover, route);
        const events = [];
        const runs = [];
        let runStart = 0;
        for (let i = 0; i < ev.length;) {
            const step = ev[i].step;
            const reactors = [];
            for (; i < ev.length && ev[i].step === step; i++) reactors.push(r.ids[ev[i].reactor]);
            events.push({ step, from: id(route[step]), to: id(route[step + 1]), reactors });
            runs.push(route.slice(runStart, step + 1).map(id));
            runStart = step;
        }
        runs.push(route.slice(runStart).map(id));
        return { events, runs };
    }
    flee_route(scene, start, threatCells, budgetFt, enemyCells = null, occupiedCells = null) {
        try {
            const route = scene.fleeRoute({ start: this._cell(start), budgetFt,
                threats: this._cellList(threatCells), avoid: this._cellList(enemyCells),
                occupied: this._cellList(occupiedCells) });
            return route.length ? route.map(id) : null;
        } catch (e) {
            if (e instanceof GridgeomError && e.status === 'GG_E_OUT_OF_BOUNDS') return null;
            throw e;
        }
    }
    /** Nat20's monster aim; creatures are [id, cell] pairs, sides from enemy_ids / ally_ids. */
    best_aim(scene, q) {
        const shapes = { sphere: 'sphere', circle: 'sphere', cylinder: 'cylinder', radius: 'emanation',
            cube: 'cube', square: 'cube', cone: 'cone', line: 'line' };
        const shape = shapes[q.template_type];
        if (!shape || q.size_ft <= 0) return null;
        const affects = q.affects_type === 'enemy' ? 'enemies' : q.affects_type === 'ally' ? 'allies' : 'creatures';
        const ids = [];
        const list = [];
        for (const [cid, cell] of q.creatures) {
            const side = q.ally_ids.includes(cid) ? 0 : q.enemy_ids.includes(cid) ? 1 : null;
            if (side === null) throw new TypeError(`creature ${cid} is neither enemy nor ally`);
            ids.push(cid);
            list.push({ cell: this._cell(cell), side });
        }
        let actor = ids.indexOf(q.actor_id);
        if (actor < 0) {
            ids.push(q.actor_id);
            list.push({ cell: this._cell(q.actor_cell), side: 0 });
            actor = ids.length - 1;
        }
        const aim = scene.bestAim(list, { shape, sizeFt: q.size_ft, actor, affects, choice: q.choice,
            maxTargets: q.count ?? 0, harmful: q.harmful, targetCells: this._cellList(q.target_cells) });
        if (!aim) return null;
        return { origin: id(aim.origin), direction: aim.direction,
            affected_ids: ids.filter((_, i) => aim.roles[i] === 'affected'),
            spared_ids: ids.filter((_, i) => aim.roles[i] === 'spared') };
    }
}
