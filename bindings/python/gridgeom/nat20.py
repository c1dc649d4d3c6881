"""gridgeom.nat20: Nat20's grid functions, names, argument shapes and return values, answered
by libgridgeom. A Nat20 user swaps one import:

    from gridgeom.nat20 import GridScene, GridTopology, WallSegment, parse_cell, cell_id

Cells are Nat20 ids, the strings "col,row"; answers are ids, lists of ids, "none" / "half" /
"three_quarters" / "total", "bright" / "dim" / "dark", ints or None, exactly as Nat20 gives
them. Errors are the same exception type as Nat20's (ValueError; the gridgeom exceptions
raised here subclass it).

The library's departures from Nat20 (docs/nat20.md) hold here too: (a) ids are parsed with the
strict grammar and canonicalised before every lookup ("01,1" is "1,1"); (b) the composite
sight follows Nat20's code (only blindsight pierces Blinded); (c) a malformed id is an off-map
cell, which gets Nat20's empty answer (False, None, "none", [], {}), and malformed entries of
avoid / occupied lists are ignored.

The orchestrator-level functions at the end (in_range_with_los, combatant_can_see,
target_cover, plan_move, opportunity_schedule, flee_route, best_aim) take creatures as the
dicts Nat20's combat state holds ({"id", "side": "party"|"encounter", "cell", ...}) and return
Nat20's shapes.
"""
import dataclasses
from typing import Optional

from . import _rules
from ._enums import Shape
from ._errors import GridGeomError, InvalidArgument, OutOfBounds, ParseError, TooLarge
from ._gridgeom import ffi, lib
from ._scene import Cell, Scene, Senses, area_call

__all__ = ["GridScene", "WallSegment", "CombatantSenses", "GridTopology", "parse_cell",
           "cell_id", "bresenham", "segments_intersect", "has_line_of_effect", "area_cells",
           "in_range_with_los", "combatant_can_see", "target_cover", "plan_move",
           "opportunity_schedule", "flee_route", "best_aim"]

_COVER = ["none", "half", "three_quarters", "total"]
_LIGHT = {"bright": lib.GG_LIGHT_BRIGHT, "dim": lib.GG_LIGHT_DIM, "dark": lib.GG_LIGHT_DARK}
_LIGHT_NAME = {v: k for k, v in _LIGHT.items()}
_OBSCURE = {"none": lib.GG_OBSCURE_NONE, "light": lib.GG_OBSCURE_LIGHT,
            "heavy": lib.GG_OBSCURE_HEAVY, "magical_darkness": lib.GG_OBSCURE_MAGICAL_DARKNESS}
_OBSCURE_NAME = {v: k for k, v in _OBSCURE.items()}
_SHAPES = {"sphere": lib.GG_SHAPE_SPHERE, "cylinder": lib.GG_SHAPE_CYLINDER,
           "cone": lib.GG_SHAPE_CONE, "line": lib.GG_SHAPE_LINE, "cube": lib.GG_SHAPE_CUBE}


# ---- ids ------------------------------------------------------------------------------------

def parse_cell(cid):
    """"col,row" -> (col, row). ValueError (ParseError) for anything the grammar rejects."""
    raw = cid.encode() if isinstance(cid, str) else bytes(cid)
    out = ffi.new("gg_cell *")
    reason = ffi.new("const char **")
    st = lib.gg_cell_parse(raw, len(raw), out, reason)
    if st != lib.GG_OK:
        from ._errors import check
        check(st, reason=reason)
    return (out.col, out.row)


def cell_id(col, row):
    """(col, row) -> "col,row"."""
    return "%d,%d" % (col, row)


def _id(c):
    return "%d,%d" % (c[0], c[1])


def _try_parse(cid):
    try:
        return Cell(*parse_cell(cid))
    except (ValueError, TypeError):
        return None


def _cells(ids):
    """A cell list with malformed entries dropped (departure (c))."""
    out = []
    for cid in ids or ():
        c = _try_parse(cid)
        if c is not None:
            out.append(c)
    return out


# ---- scene description ----------------------------------------------------------------------

@dataclasses.dataclass
class WallSegment:
    """A wall between grid corners: corner (x, y) is the top-left corner of cell "x,y"."""
    x1: float
    y1: float
    x2: float
    y2: float


@dataclasses.dataclass
class CombatantSenses:
    """Special senses in feet; None = absent (0 is a real range)."""
    darkvision: Optional[int] = None
    blindsight: Optional[int] = None
    tremorsense: Optional[int] = None
    truesight: Optional[int] = None


@dataclasses.dataclass
class GridScene:
    """Nat20's GridScene, field for field."""
    width: int
    height: int
    cell_size_ft: int = 5
    blocked_cells: list = dataclasses.field(default_factory=list)
    wall_segments: list = dataclasses.field(default_factory=list)
    cover_cells: dict = dataclasses.field(default_factory=dict)
    difficult_terrain_cells: list = dataclasses.field(default_factory=list)
    lighting: dict = dataclasses.field(default_factory=dict)
    default_lighting: str = "bright"
    obscurement_cells: dict = dataclasses.field(default_factory=dict)
    sunlight: bool = False


def _senses(s):
    if s is None:
        return None
    if isinstance(s, dict):
        return Senses(**s)
    return Senses(s.darkvision, s.blindsight, s.tremorsense, s.truesight)


def _wall(w):
    if isinstance(w, dict):
        return (w["x1"], w["y1"], w["x2"], w["y2"])
    if isinstance(w, (tuple, list)):
        return tuple(w)
    return (w.x1, w.y1, w.x2, w.y2)


class GridTopology:
    """Nat20's GridTopology over a GridScene (or a dict with its fields), built once into a
    libgridgeom scene. Queries are const, re-entrant and run with the GIL released."""

    def __init__(self, scene):
        if isinstance(scene, dict):
            scene = GridScene(**scene)
        self.scene = scene
        if scene.default_lighting not in _LIGHT:
            raise ValueError("unknown default_lighting %r" % (scene.default_lighting,))
        s = Scene(scene.width, scene.height, scene.cell_size_ft, scene.default_lighting)
        self._s = s
        w, h = scene.width, scene.height

        def on_map(cells):
            return [c for c in _cells(cells) if 0 <= c.col < w and 0 <= c.row < h]

        s.set_cells("blocked", on_map(scene.blocked_cells), True)
        s.set_cells("difficult", on_map(scene.difficult_terrain_cells), True)
        for tag, table, names in (("cover", scene.cover_cells, _COVER),
                                  ("lighting", scene.lighting, _LIGHT),
                                  ("obscurement", scene.obscurement_cells, _OBSCURE)):
            groups = {}
            for cid, value in (table or {}).items():
                if value not in names:
                    raise ValueError("%s[%r]: unknown value %r" % (tag, cid, value))
                groups.setdefault(value, []).append(cid)
            for value, ids in groups.items():
                code = names.index(value) if isinstance(names, list) else names[value]
                s.set_cells(tag, on_map(ids), code)
        s.add_walls([_wall(wl) for wl in scene.wall_segments or ()])

    @property
    def width(self):
        return self._s.width

    @property
    def height(self):
        return self._s.height

    @property
    def cell_size_ft(self):
        return self._s.cell_size_ft

    # departure (c): a malformed id stands for an off-map cell; two different malformed ids
    # stay different cells (Nat20 compares strings)
    def _arg(self, cid, other=None):
        c = _try_parse(cid)
        if c is None:
            sentinel = Cell(-1, -1)
            if other is not None and other[1] and other[2] != cid:
                sentinel = Cell(-2, -2)
            return (sentinel, True, cid, True)
        off = not (0 <= c.col < self.width and 0 <= c.row < self.height)
        return (c, False, cid, off)

    def _pair(self, a, b):
        pa = self._arg(a)
        pb = self._arg(b, pa)
        return pa, pb

    @staticmethod
    def _empty(fn, empty, *args):
        """Nat20's empty answer when the library says off the map and an argument is."""
        try:
            return fn()
        except OutOfBounds:
            if any(a[3] for a in args):
                return empty
            raise

    # ---- distance family --------------------------------------------------------------------

    def distance_ft(self, a, b):
        pa, pb = self._pair(a, b)
        return self._empty(lambda: self._s.distance_ft(pa[0], pb[0]), None, pa, pb)

    def within_range(self, a, b, range_ft):
        pa, pb = self._pair(a, b)
        r = max(-2**31, min(2**31 - 1, int(range_ft)))
        return self._empty(lambda: self._s.within_range(pa[0], pb[0], r), False, pa, pb)

    def is_adjacent(self, a, b):
        pa, pb = self._pair(a, b)
        return self._empty(lambda: self._s.is_adjacent(pa[0], pb[0]), False, pa, pb)

    def is_valid_cell(self, cid):
        p = self._arg(cid)
        return self._empty(lambda: self._s.is_valid_cell(p[0]), False, p)

    def edge_distance(self, a, b):
        pa, pb = self._pair(a, b)
        return self._empty(lambda: self._s.edge_distance(pa[0], pb[0]), None, pa, pb)

    # ---- sight and cover --------------------------------------------------------------------

    def has_line_of_sight(self, a, b):
        pa, pb = self._pair(a, b)
        return self._empty(lambda: self._s.line_of_sight(pa[0], pb[0]), False, pa, pb)

    def cover_between(self, a, b, occupied_cells=()):
        pa, pb = self._pair(a, b)
        occ = _cells(occupied_cells)
        return self._empty(lambda: _COVER[self._s.cover_between(pa[0], pb[0], occ)], "none",
                           pa, pb)

    def cover_on_cell(self, cid):
        p = self._arg(cid)
        return self._empty(lambda: _COVER[self._s.cover_on_cell(p[0])], "none", p)

    def light_on_cell(self, cid):
        # off the map Nat20 answers the default light: no empty answer here
        return _LIGHT_NAME[int(self._s.light_on_cell(self._arg(cid)[0]))]

    def obscurement_on_cell(self, cid):
        p = self._arg(cid)
        return self._empty(lambda: _OBSCURE_NAME[int(self._s.obscurement_on_cell(p[0]))],
                           "none", p)

    def can_see(self, a, b, senses=None):
        pa, pb = self._pair(a, b)
        return self._empty(lambda: self._s.can_see(pa[0], pb[0], _senses(senses)), False, pa,
                           pb)

    # ---- movement ---------------------------------------------------------------------------

    def shortest_path(self, a, b, avoid=()):
        pa, pb = self._pair(a, b)
        av = _cells(avoid)
        return self._empty(lambda: [_id(c) for c in self._s.shortest_path(pa[0], pb[0], av)],
                           [], pa, pb)

    def reachable_cells(self, start, budget_ft, avoid=()):
        p = self._arg(start)
        av = _cells(avoid)

        def run():
            res = self._s.reachable(p[0], int(budget_ft), av)
            return {_id(c): (r.cost_ft, None if r.prev is None else _id(r.prev))
                    for c, r in res.items()}
        return self._empty(run, {}, p)

    def push_path(self, origin, target, distance_ft, occupied_cells=()):
        po, pt = self._pair(origin, target)
        occ = _cells(occupied_cells)
        return self._empty(lambda: [_id(c) for c in self._s.push_path(po[0], pt[0],
                                                                      int(distance_ft), occ)],
                           [], po, pt)

    # ---- templates --------------------------------------------------------------------------

    def _template(self, shape, size_ft, direction):
        tpl = ffi.new("gg_template *")
        # An unknown shape is Nat20's "unknown template shape" ValueError: hand the library a
        # value outside gg_shape so that it reports it after its off-map-origin early return.
        tpl.shape = _SHAPES.get(shape, 0)
        tpl.size_ft = int(size_ft)
        if direction is not None:
            tpl.has_direction = True
            tpl.direction = (int(direction[0]), int(direction[1]))
        return tpl

    def _template_call(self, origin, shape, size_ft, direction, call):
        p = self._arg(origin)
        tpl = self._template(shape, size_ft, direction)
        cap = self.width * self.height + 1
        out = ffi.new("gg_cell[]", cap)
        n = ffi.new("int32_t *")
        reason = ffi.new("const char **")
        st = call(p[0], tpl, out, cap, n, reason)
        if st == lib.GG_OK:
            return [Cell(out[i].col, out[i].row) for i in range(n[0])]
        if st == lib.GG_E_OUT_OF_BOUNDS and p[3]:
            return []
        from ._errors import check
        check(st, reason=reason)

    def cells_in_template(self, origin, shape, size_ft, direction=None):
        """The template's cells in Nat20's enumeration order."""
        cells = self._template_call(origin, shape, size_ft, direction,
                                    lambda o, tpl, out, cap, n, r: lib.gg_template_cells(
                                        self.width, self.height, self.cell_size_ft, o, tpl, out,
                                        cap, n, r))
        return [_id(c) for c in cells]


# ---- module-level helpers -----------------------------------------------------------------------

def bresenham(a, b):
    """Nat20's direction-dependent Bresenham walk from id a to id b, both ends included."""
    ca, cb = Cell(*parse_cell(a)), Cell(*parse_cell(b))
    return [_id(c) for c in _walk(ca, cb)]


def _walk(ca, cb):
    it = ffi.new("gg_line_iter *", lib.gg_line_begin(ca, cb))
    c = ffi.new("gg_cell *")
    out = []
    while lib.gg_line_next(it, c):
        out.append((c.col, c.row))
    return out


def _bresenham_cells(x0, y0, x1, y1):
    """Nat20's private helper: the walk as (x, y) pairs."""
    return _walk(Cell(x0, y0), Cell(x1, y1))


def _hpoint(p):
    hv = []
    for v in p:
        d = 2.0 * float(v)
        if d != int(d) or abs(d) > lib.GG_HPOINT_LIMIT:
            raise ValueError("point %r is not on multiples of 0.5 within limits" % (p,))
        hv.append(int(d))
    return tuple(hv)


def segments_intersect(p1, p2, p3, p4):
    """Closed segment intersection (touching and collinear overlap count), points (x, y) in
    cells, multiples of 0.5."""
    return bool(lib.gg_segments_intersect(_hpoint(p1), _hpoint(p2), _hpoint(p3), _hpoint(p4)))


_segments_intersect = segments_intersect


def has_line_of_effect(topology, origin, cell):
    """Nat20 areas.has_line_of_effect."""
    po, pc = topology._pair(origin, cell)
    return topology._empty(lambda: topology._s.line_of_effect(po[0], pc[0]), False, po, pc)


def area_cells(topology, origin, shape, size_ft, direction=None, includes_origin=True):
    """Nat20 areas.area_cells: template cells with line of effect from the origin, sorted by
    (col, row); the origin dropped unless includes_origin."""
    s = topology._s
    cells = topology._template_call(origin, shape, size_ft, direction,
                                    lambda o, tpl, out, cap, n, r: area_call(
                                        s._ptr, o, tpl, includes_origin, out, cap, n, r))
    return [_id(c) for c in sorted(cells)]


def in_range_with_los(topology, a, b, range_ft):
    """The orchestrator's _in_range_with_los: within range, line of sight, cover not total
    (creatures ignored)."""
    pa, pb = topology._pair(a, b)
    r = max(-2**31, min(2**31 - 1, int(range_ft)))
    return topology._empty(lambda: topology._s.in_range_with_los(pa[0], pb[0], r), False, pa,
                           pb)


# ---- orchestrator-level functions over creature dicts -----------------------------------------

_SIDES = {"party": 0, "encounter": 1}


def _cell_or_sentinel(cid):
    c = _try_parse(cid)
    return c if c is not None else Cell(-1, -1)


def _roster(creatures, budget_unlimited=True):
    """Creature dicts -> (gridgeom Creature list, ids)."""
    out, ids = [], []
    for d in creatures:
        if d["side"] not in _SIDES:
            raise ValueError("unknown side %r" % (d["side"],))
        k = _rules.Creature(cell=None if d.get("cell") is None else _cell_or_sentinel(d["cell"]),
                            side=_SIDES[d["side"]], alive=d.get("is_alive", True),
                            blinded=d.get("blinded", False), invisible=d.get("invisible", False),
                            reach_ft=d.get("reach_ft", 5), disengaging=d.get("disengaging", False),
                            speed_ft=d.get("speed", 30),
                            movement_left_ft=d.get("movement_remaining",
                                                   2**31 - 1 if budget_unlimited else 30))
        out.append(k)
        ids.append(d["id"])
    for k, d in zip(out, creatures):
        src = d.get("frightened_by")
        if src is not None:
            k.frightened_by = ids.index(src) if src in ids else None
    return out, ids


def combatant_can_see(topology, viewer, target, variant="code"):
    """The orchestrator's _combatant_can_see: viewer {cell, senses, blinded}, target {cell,
    invisible}. Only the code variant exists (departure (b))."""
    if variant != "code":
        raise ValueError("only the code variant of combatant_can_see is implemented")
    v = _rules.Creature(cell=None if viewer.get("cell") is None
                        else _cell_or_sentinel(viewer["cell"]),
                        senses=_senses(viewer.get("senses")) or Senses(),
                        blinded=viewer.get("blinded", False))
    t = _rules.Creature(cell=None if target.get("cell") is None
                        else _cell_or_sentinel(target["cell"]),
                        invisible=target.get("invisible", False))
    try:
        return _rules.can_see(topology._s, v, t)
    except OutOfBounds:
        return False  # an off-map or malformed position is not seen (departure (c))


def target_cover(topology, caster_id, target_ids, creatures, origin_cell=None):
    """The orchestrator's _target_cover_map: {target_id: cover} for every positioned target."""
    roster, ids = _roster(creatures)
    caster = ids.index(caster_id) if caster_id in ids else None
    origin = None if origin_cell is None else _cell_or_sentinel(origin_cell)
    res = {}
    for tid in target_ids:
        if caster is None or tid not in ids:
            continue  # Nat20: no position, no entry
        try:
            cov = _rules.target_cover(topology._s, roster, caster, ids.index(tid), origin)
        except OutOfBounds:
            continue
        res[tid] = _COVER[cov]
    return res


def plan_move(topology, mover_id, destination, creatures):
    """The move intent's checks: {"ok": True, "path", "cost_ft"} or {"ok": False, "reason"}."""
    roster, ids = _roster(creatures)
    if mover_id not in ids:
        return {"ok": False, "reason": "not_adjacent"}
    plan = _rules.plan_move(topology._s, roster, ids.index(mover_id),
                            _cell_or_sentinel(destination))
    if plan.result == lib.GG_MOVE_OK:
        return {"ok": True, "path": [_id(c) for c in plan.path], "cost_ft": plan.cost_ft}
    return {"ok": False,
            "reason": ffi.string(lib.gg_rules_move_result_name(plan.result)).decode()}


def opportunity_schedule(topology, mover_id, path, creatures):
    """Who provokes where along path: {"events": [{step, from, to, reactors}], "runs"}."""
    roster, ids = _roster(creatures)
    if mover_id not in ids:
        raise ValueError("unknown mover %r" % (mover_id,))
    route = _cells(path)
    events = _rules.opportunity_schedule(topology._s, roster, ids.index(mover_id), route)
    out_events, runs, run_start, i = [], [], 0, 0
    while i < len(events):
        step = events[i][0]
        reactors = []
        while i < len(events) and events[i][0] == step:
            reactors.append(ids[events[i][1]])
            i += 1
        out_events.append({"step": step, "from": _id(route[step]), "to": _id(route[step + 1]),
                           "reactors": reactors})
        runs.append([_id(c) for c in route[run_start:step + 1]])
        run_start = step
    runs.append([_id(c) for c in route[run_start:]])
    return {"events": out_events, "runs": runs}


def flee_route(topology, start, threat_cells, budget_ft, enemy_cells=(), occupied_cells=()):
    """The flee planner: the route to the safest reachable cell, or None (hold)."""
    try:
        route = _rules.flee_route(topology._s, _cell_or_sentinel(start), budget_ft,
                                  _cells(threat_cells), _cells(enemy_cells),
                                  _cells(occupied_cells))
    except OutOfBounds:
        return None
    return None if route is None else [_id(c) for c in route]


_FOUNDRY = {"sphere": "sphere", "circle": "sphere", "cylinder": "cylinder",
            "radius": "emanation", "cube": "cube", "square": "cube", "cone": "cone",
            "line": "line"}


def best_aim(topology, template_type, size_ft, affects_type, choice, count, harmful, actor_id,
             actor_cell, target_cells, creatures, enemy_ids, ally_ids):
    """Monster aim: {"origin", "direction", "affected_ids", "spared_ids"} or None. creatures
    are [id, cell] pairs; sides come from enemy_ids / ally_ids."""
    shape = _FOUNDRY.get(template_type)
    if shape is None or int(size_ft) <= 0:
        return None  # Nat20: not placeable
    affects = {"enemy": "enemies", "ally": "allies"}.get(affects_type, "creatures")
    roster, ids = [], []
    for cid, cl in creatures:
        if cid in ally_ids:
            side = 0
        elif cid in enemy_ids:
            side = 1
        else:
            raise ValueError("creature %r is neither enemy nor ally" % (cid,))
        roster.append(_rules.Creature(cell=_cell_or_sentinel(cl), side=side))
        ids.append(cid)
    if actor_id in ids:
        actor = ids.index(actor_id)
        if roster[actor].cell != _cell_or_sentinel(actor_cell):
            raise ValueError("actor_cell differs from the actor's creature cell")
    else:
        roster.append(_rules.Creature(cell=_cell_or_sentinel(actor_cell), side=0))
        ids.append(actor_id)
        actor = len(ids) - 1
    aim = _rules.best_aim(topology._s, roster, actor, Shape[shape.upper()], size_ft,
                          _cells(target_cells), affects, bool(choice),
                          0 if count is None else int(count), bool(harmful))
    if aim is None:
        return None
    return {"origin": _id(aim.origin),
            "direction": None if aim.direction is None else list(aim.direction),
            "affected_ids": [ids[i] for i, r in enumerate(aim.roles)
                             if r == lib.GG_ROLE_AFFECTED],
            "spared_ids": [ids[i] for i, r in enumerate(aim.roles) if r == lib.GG_ROLE_SPARED]}


# Keep the names importable for callers that catch the library's own types.
__all__ += ["GridGeomError", "InvalidArgument", "ParseError", "TooLarge"]
