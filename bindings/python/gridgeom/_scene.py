"""Scenes: cells, walls and doors, lights, and every reader query on them."""
import threading
from collections import namedtuple

import numpy as np

from ._enums import (Blocks, Cover, Difficult, Door, Light, Metric, Obscurement, OneWay, Shape,
                     Size, coerce)
from ._errors import check
from ._gridgeom import ffi, lib

Cell = namedtuple("Cell", "col row")
Cell.__doc__ = "A square cell: col grows east, row south. Format with str(Cell) -> 'col,row'."
Cell.__str__ = lambda c: "%d,%d" % (c.col, c.row)

Senses = namedtuple("Senses", "darkvision blindsight tremorsense truesight",
                    defaults=(None, None, None, None))
Senses.__doc__ = "Special senses in feet; None = the creature lacks the sense."

Wall = namedtuple("Wall", "x1 y1 x2 y2 blocks door one_way cover")
Reach = namedtuple("Reach", "cost_ft prev")
MoveReach = namedtuple("MoveReach", "cell prev cost_ft steps can_end")
CoverResult = namedtuple("CoverResult", "degree obstruction lines n_half n_three_quarters n_total")



def parse_cell(text):
    """A cell from "col,row" with the library's strict grammar; ParseError otherwise."""
    raw = text.encode() if isinstance(text, str) else bytes(text)
    out = ffi.new("gg_cell *")
    reason = ffi.new("const char **")
    check(lib.gg_cell_parse(raw, len(raw), out, reason), reason=reason)
    return Cell(out.col, out.row)


def cell(value):
    """A Cell from a Cell, a (col, row) pair or a "col,row" string. Pairs pass through as they
    are (cffi converts them, and rejects anything that is not two integers)."""
    t = type(value)
    if t is tuple or t is Cell:
        return value
    if isinstance(value, str):
        return parse_cell(value)
    col, row = value
    return Cell(int(col), int(row))


def _cells_in(values):
    """(gg_cell[] or NULL, count) from an iterable of cells."""
    cells = [cell(v) for v in values] if values is not None else []
    if not cells:
        return ffi.NULL, 0
    return ffi.new("gg_cell[]", cells), len(cells)


def _cells_out(buf, n):
    return [Cell(buf[i].col, buf[i].row) for i in range(n)]


def _senses(s):
    if s is None:
        return ffi.NULL
    if isinstance(s, dict):
        s = Senses(**s)
    p = ffi.new("gg_senses *", lib.gg_senses_none())
    for name in Senses._fields:
        v = getattr(s, name)
        if v is not None:
            setattr(p, name + "_ft", int(v))
    return p


def make_template(shape, size_ft, direction=None):
    """A gg_template value (cdata) from a shape name/enum, a size and an optional direction."""
    tpl = ffi.new("gg_template *")
    tpl.shape = coerce(Shape, shape)
    tpl.size_ft = int(size_ft)
    if direction is not None:
        tpl.has_direction = True
        tpl.direction = tuple(int(d) for d in direction)
    return tpl


def template_cells(width, height, cell_size_ft, origin, shape, size_ft, direction=None):
    """The cells of an area template on an open width x height grid, in the library's order."""
    tpl = make_template(shape, size_ft, direction)
    return _grow(lambda out, cap, n, reason: lib.gg_template_cells(
        width, height, cell_size_ft, cell(origin), tpl, out, cap, n, reason),
        "gg_cell[]", max(1, width * height), reason=True)


def _grow(call, ctype, cap, reason=False, scene=None):
    """Runs a list query `call(out, capacity, out_count[, out_reason])`, growing the buffer once
    when the library reports a larger count (GG_PARTIAL or GG_E_BUFFER_TOO_SMALL)."""
    n = ffi.new("int32_t *")
    r = ffi.new("const char **") if reason else None
    for _ in range(2):
        out = ffi.new(ctype, cap)
        st = call(out, cap, n, r) if reason else call(out, cap, n)
        if (st == lib.GG_PARTIAL or st == lib.GG_E_BUFFER_TOO_SMALL) and n[0] > cap:
            cap = n[0]
            continue
        break
    check(st, reason=r)
    if ctype == "gg_cell[]":
        return _cells_out(out, n[0])
    return out, n[0]


class _Scratch:
    """One gg_scratch, owned by one thread; keeps its scene alive (it must be freed first)."""

    def __init__(self, scene):
        self.scene_ptr = scene._ptr
        out = ffi.new("gg_scratch **")
        # NULL def: GG_SCRATCH_FULL, which every path, reach and field query accepts on any
        # budget (docs/memory.md); a binding cannot know the budgets its caller will ask for.
        check(lib.gg_scratch_create(scene._ptr, ffi.NULL, out))
        self.ptr = ffi.gc(out[0], lib.gg_scratch_destroy)


class Scene:
    """A square-grid scene (gg_scene). Freed when the last reference goes.

    Queries take cells as Cell, (col, row) or "col,row". Statuses become exceptions from
    gridgeom.errors carrying the library's message. Every query runs with the GIL released
    (cffi API mode), so threads querying one scene run in parallel; writers must not overlap
    any other call on the same scene (docs/threading.md)."""

    def __init__(self, width, height, cell_size_ft=5, default_lighting="bright", _ptr=None):
        if _ptr is None:
            d = ffi.new("gg_scene_def *", lib.gg_scene_def_default())
            d.width, d.height, d.cell_size_ft = int(width), int(height), int(cell_size_ft)
            d.default_lighting = coerce(Light, default_lighting)
            out = ffi.new("gg_scene **")
            check(lib.gg_scene_create(d, out))
            _ptr = out[0]
        self._ptr = ffi.gc(_ptr, lib.gg_scene_destroy)
        self._local = threading.local()

    # ---- properties -------------------------------------------------------------------------

    width = property(lambda self: lib.gg_scene_width(self._ptr))
    height = property(lambda self: lib.gg_scene_height(self._ptr))
    cell_size_ft = property(lambda self: lib.gg_scene_cell_size_ft(self._ptr))

    def contains(self, c):
        return bool(lib.gg_scene_contains(self._ptr, cell(c)))

    def _scratch(self):
        s = getattr(self._local, "scratch", None)
        if s is None:
            s = self._local.scratch = _Scratch(self)
        return s.ptr

    def _w(self, st):
        return check(st, scene_ptr=self._ptr)

    # ---- cell tags -------------------------------------------------------------------------------

    def set_blocked(self, c, blocked=True):
        self._w(lib.gg_scene_set_blocked(self._ptr, cell(c), bool(blocked)))

    def set_difficult(self, c, difficult=True):
        self._w(lib.gg_scene_set_difficult(self._ptr, cell(c), bool(difficult)))

    def set_cover(self, c, cover):
        self._w(lib.gg_scene_set_cover(self._ptr, cell(c), coerce(Cover, cover)))

    def set_lighting(self, c, light):
        self._w(lib.gg_scene_set_lighting(self._ptr, cell(c), coerce(Light, light)))

    def set_obscurement(self, c, obscurement):
        self._w(lib.gg_scene_set_obscurement(self._ptr, cell(c), coerce(Obscurement, obscurement)))

    _TAGS = {"blocked": (lib.GG_TAG_BLOCKED, None), "difficult": (lib.GG_TAG_DIFFICULT, None),
             "cover": (lib.GG_TAG_COVER, Cover), "lighting": (lib.GG_TAG_LIGHTING, Light),
             "obscurement": (lib.GG_TAG_OBSCUREMENT, Obscurement)}

    def set_cells(self, tag, cells, value=True):
        """Bulk tag writer: tag is "blocked", "difficult", "cover", "lighting" or
        "obscurement"; value a bool or the tag's enum (name)."""
        code, enum_cls = self._TAGS[tag]
        v = int(bool(value)) if enum_cls is None else int(coerce(enum_cls, value))
        arr, n = _cells_in(cells)
        if n:
            self._w(lib.gg_scene_set_cells(self._ptr, code, arr, n, v, ffi.NULL))

    # ---- walls and doors ---------------------------------------------------------------------

    @staticmethod
    def _wall_def(x1, y1, x2, y2, blocks=None, door=None, one_way=None, cover=None):
        d = lib.gg_wall_def_default()
        d.x1, d.y1, d.x2, d.y2 = float(x1), float(y1), float(x2), float(y2)
        if blocks is not None:
            d.blocks = int(blocks)
        if door is not None:
            d.door = coerce(Door, door)
        if one_way is not None:
            d.one_way = coerce(OneWay, one_way)
        if cover is not None:
            d.cover = coerce(Cover, cover)
        return d

    def add_wall(self, x1, y1, x2, y2, blocks=None, door=None, one_way=None, cover=None):
        """Adds a wall between grid corners (multiples of 0.5 cells); returns its id (an int
        that stays valid until the wall is removed). door: "closed", "open", "locked"."""
        d = ffi.new("gg_wall_def *", self._wall_def(x1, y1, x2, y2, blocks, door, one_way, cover))
        wid = ffi.new("gg_wall_id *")
        self._w(lib.gg_scene_add_wall(self._ptr, d, wid))
        return _pack_id(wid[0])

    def add_walls(self, walls):
        """Adds many walls at once (all or nothing): each is (x1, y1, x2, y2) or a dict of
        add_wall's arguments. Returns their ids."""
        defs = [self._wall_def(**w) if isinstance(w, dict) else self._wall_def(*w) for w in walls]
        if not defs:
            return []
        arr = ffi.new("gg_wall_def[]", defs)
        ids = ffi.new("gg_wall_id[]", len(defs))
        self._w(lib.gg_scene_add_walls(self._ptr, arr, len(defs), ids))
        return [_pack_id(ids[i]) for i in range(len(defs))]

    def remove_wall(self, wall_id):
        self._w(lib.gg_scene_remove_wall(self._ptr, _unpack_id(wall_id)))

    def set_door(self, wall_id, door):
        """Opens, closes or locks a door ("open", "closed", "locked"; "none" makes it a wall)."""
        self._w(lib.gg_scene_set_door(self._ptr, _unpack_id(wall_id), coerce(Door, door)))

    def wall(self, wall_id):
        d = ffi.new("gg_wall_def *")
        # cffi cannot call the header's macro: pass the size of the struct cffi laid out, as it
        # does (gg_scene_get_wall() without a size writes the 0.2 layout, for 0.2-built hosts).
        self._w(lib.gg_scene_get_wall_sized(self._ptr, _unpack_id(wall_id), d,
                                            ffi.sizeof("gg_wall_def")))
        return Wall(d.x1, d.y1, d.x2, d.y2, Blocks(d.blocks), Door(d.door), OneWay(d.one_way),
                    Cover(d.cover))

    @property
    def wall_count(self):
        return lib.gg_scene_wall_count(self._ptr)

    # ---- lights ------------------------------------------------------------------------------

    def add_light(self, c, bright_ft, dim_ft):
        """A light source on cell c (SRD 5.2 bright and dim radii); returns its id."""
        d = ffi.new("gg_light_def *", lib.gg_light_def_default())
        d.cell, d.bright_ft, d.dim_ft = cell(c), int(bright_ft), int(dim_ft)
        lid = ffi.new("gg_light_id *")
        self._w(lib.gg_scene_add_light(self._ptr, d, lid))
        return _pack_id(lid[0])

    def remove_light(self, light_id):
        self._w(lib.gg_scene_remove_light(self._ptr, _unpack_id(light_id)))

    # ---- reader queries: Nat20 baseline --------------------------------------------------------

    def _bool(self, fn, *args):
        out = ffi.new("bool *")
        check(fn(self._ptr, *args, out))
        return bool(out[0])

    def line_of_sight(self, a, b):
        """Centre-to-centre line of sight (walls, blocked cells)."""
        out = ffi.new("bool *")
        st = lib.gg_scene_has_line_of_sight(self._ptr, cell(a), cell(b), out)
        if st:
            check(st)
        return out[0]

    def line_of_sight_many(self, a, b):
        """Line of sight for many pairs in one C loop: a and b are (n, 2) integer arrays (or
        sequences of cells) of (col, row); returns an (n,) numpy bool array."""
        a = np.ascontiguousarray(a, dtype=np.int32).reshape(-1, 2)
        b = np.ascontiguousarray(b, dtype=np.int32).reshape(-1, 2)
        if a.shape != b.shape:
            raise ValueError("a and b must have the same number of cells")
        out = np.zeros(len(a), dtype=np.uint8)
        if len(a):
            check(lib.ggpy_los_batch(self._ptr, ffi.from_buffer("gg_cell[]", a),
                                     ffi.from_buffer("gg_cell[]", b), len(a),
                                     ffi.from_buffer("uint8_t[]", out)))
        return out.astype(bool)

    def line_of_effect(self, origin, c):
        return self._bool(lib.gg_scene_has_line_of_effect, cell(origin), cell(c))

    def within_range(self, a, b, range_ft):
        return self._bool(lib.gg_scene_within_range, cell(a), cell(b), int(range_ft))

    def in_range_with_los(self, a, b, range_ft):
        return self._bool(lib.gg_scene_in_range_with_los, cell(a), cell(b), int(range_ft))

    def is_adjacent(self, a, b):
        return self._bool(lib.gg_scene_is_adjacent, cell(a), cell(b))

    def is_valid_cell(self, c):
        return self._bool(lib.gg_scene_is_valid_cell, cell(c))

    def can_see(self, a, b, senses=None):
        """Nat20's can_see: line of sight, then senses (a Senses, a dict or None) and light."""
        return self._bool(lib.gg_scene_can_see, cell(a), cell(b), _senses(senses))

    def distance_ft(self, a, b):
        out = ffi.new("int32_t *")
        check(lib.gg_scene_distance_ft(self._ptr, cell(a), cell(b), out))
        return out[0]

    def edge_distance(self, a, b):
        """The cost of the step a -> b in feet, or None when the step is illegal."""
        out = ffi.new("int32_t *")
        check(lib.gg_scene_edge_distance(self._ptr, cell(a), cell(b), out))
        return None if out[0] == lib.GG_STEP_ILLEGAL else out[0]

    def cover_between(self, a, b, occupied=()):
        arr, n = _cells_in(occupied)
        out = ffi.new("gg_cover *")
        check(lib.gg_scene_cover_between(self._ptr, cell(a), cell(b), arr, n, out))
        return Cover(out[0])

    def cover_on_cell(self, c):
        out = ffi.new("gg_cover *")
        check(lib.gg_scene_cover_on_cell(self._ptr, cell(c), out))
        return Cover(out[0])

    def light_on_cell(self, c):
        out = ffi.new("gg_light *")
        check(lib.gg_scene_light_on_cell(self._ptr, cell(c), out))
        return Light(out[0])

    def obscurement_on_cell(self, c):
        out = ffi.new("gg_obscurement *")
        check(lib.gg_scene_obscurement_on_cell(self._ptr, cell(c), out))
        return Obscurement(out[0])

    def area_cells(self, origin, shape, size_ft, direction=None, includes_origin=True):
        """The template's cells that the origin has line of effect to."""
        tpl = make_template(shape, size_ft, direction)
        return _grow(lambda out, cap, n, r: area_call(self._ptr, cell(origin), tpl,
                                                      includes_origin, out, cap, n, r),
                     "gg_cell[]", self.width * self.height, reason=True)

    def push_path(self, origin, target, distance_ft, occupied=()):
        arr, n = _cells_in(occupied)
        return _grow(lambda out, cap, cnt: lib.gg_scene_push_path(
            self._ptr, cell(origin), cell(target), int(distance_ft), arr, n, out, cap, cnt),
            "gg_cell[]", max(self.width, self.height) + 1)

    def shortest_path(self, a, b, avoid=()):
        """Nat20's breadth-first path (fewest cells), start and goal included; [] if none."""
        arr, n = _cells_in(avoid)
        scratch = self._scratch()
        return _grow(lambda out, cap, cnt: lib.gg_scene_shortest_path(
            self._ptr, scratch, cell(a), cell(b), arr, n, out, cap, cnt),
            "gg_cell[]", max(self.width, self.height) * 2 + 1)

    def reachable(self, start, budget_ft, avoid=()):
        """Nat20's reachable cells: {Cell: Reach(cost_ft, prev or None)} within the budget."""
        arr, n = _cells_in(avoid)
        scratch = self._scratch()
        buf, count = _grow(lambda out, cap, cnt: lib.gg_scene_reachable(
            self._ptr, scratch, cell(start), int(budget_ft), arr, n, out, cap, cnt),
            "gg_reach[]", self.width * self.height)
        res = {}
        for i in range(count):
            r = buf[i]
            c, p = Cell(r.cell.col, r.cell.row), Cell(r.prev.col, r.prev.row)
            res[c] = Reach(r.cost_ft, None if p == c else p)
        return res

    # ---- movement with metrics, sizes and creatures -------------------------------------------

    def _move_def(self, metric, difficult, surcharge_ft, size, side, avoid, others,
                  pass_size_apart, occupied_difficult, keep):
        d = ffi.new("gg_move_def *", lib.gg_move_def_default())
        d.metric = coerce(Metric, metric)
        d.difficult = coerce(Difficult, difficult)
        d.surcharge_ft = int(surcharge_ft)
        d.size = coerce(Size, size)
        if side is not None:
            d.side = int(side)
        # The def borrows its arrays: `keep` holds the owning cdata until the call is over
        # (reading a pointer back from the struct would give a non-owning copy).
        avoid_arr, d.avoid_count = _cells_in(avoid)
        keep.append(avoid_arr)
        d.avoid = avoid_arr
        if others:
            from ._rules import body
            others_arr = ffi.new("gg_body[]", [body(o) for o in others])
            keep.append(others_arr)
            d.others = others_arr
            d.other_count = len(others)
        d.pass_size_apart = bool(pass_size_apart)
        d.occupied_difficult = bool(occupied_difficult)
        return d

    _MOVE_DEFAULTS = dict(metric="chebyshev", difficult="double", surcharge_ft=0, size="medium",
                          side=None, avoid=(), others=(), pass_size_apart=False,
                          occupied_difficult=False)

    def _def_from(self, kw, keep):
        args = dict(self._MOVE_DEFAULTS)
        unknown = set(kw) - set(args)
        if unknown:
            raise TypeError("unknown movement option(s): %s" % ", ".join(sorted(unknown)))
        args.update(kw)
        return self._move_def(keep=keep, **args)

    def lowest_cost_path(self, a, b, parity=0, **move):
        """Cheapest route a -> b under a metric (chebyshev, alternating 5-10-5, euclidean,
        manhattan), difficult-terrain rule, mover size and other creatures (move options as
        keywords: metric, difficult, surcharge_ft, size, side, avoid, others,
        pass_size_apart, occupied_difficult). Returns (cells, cost_ft); cells [] if none."""
        keep = []
        d = self._def_from(move, keep)
        cost = ffi.new("gg_metric_cost *")
        scratch = self._scratch()
        cells = _grow(lambda out, cap, cnt: lib.gg_scene_lowest_cost_path(
            self._ptr, scratch, cell(a), cell(b), int(parity), d, out, cap, cnt, cost),
            "gg_cell[]", max(self.width, self.height) * 2 + 1)
        return cells, (lib.gg_metric_cost_ft(cost[0]) if cells else None)

    def route_cost(self, cells, parity=0, **move):
        """Prices a route the host already has (a dragged ruler path): (cost_ft, legal_steps),
        where legal_steps counts the leading legal steps and cost_ft prices exactly those."""
        keep = []
        d = self._def_from(move, keep)
        arr, n = _cells_in(cells)
        cost = ffi.new("gg_metric_cost *")
        legal = ffi.new("int32_t *")
        check(lib.gg_scene_route_cost(self._ptr, arr, n, int(parity), d, cost, legal))
        return lib.gg_metric_cost_ft(cost[0]), legal[0]

    def move_overlay(self, origin, budget_ft, parity=0, **move):
        """Every anchor reachable within budget_ft: [MoveReach], cheapest first."""
        keep = []
        d = self._def_from(move, keep)
        scratch = self._scratch()
        buf, count = _grow(lambda out, cap, cnt: lib.gg_scene_move_overlay(
            self._ptr, scratch, cell(origin), int(parity), int(budget_ft), d, out, cap, cnt),
            "gg_move_reach[]", 64)
        return [MoveReach(Cell(r.cell.col, r.cell.row), Cell(r.prev.col, r.prev.row),
                          lib.gg_metric_cost_ft(r.cost), r.cost.steps, bool(r.can_end))
                for r in (buf[i] for i in range(count))]

    def move_field(self, origin, parity=0, **move):
        """The whole-map movement field from origin, as a MoveField (numpy cost array plus
        routes)."""
        return MoveField(self, origin, parity, move)

    # ---- field of view --------------------------------------------------------------------------

    def _bitset_to_array(self, bits):
        w, h = self.width, self.height
        words = np.frombuffer(ffi.buffer(bits), dtype="<u8")
        flat = np.unpackbits(words.view(np.uint8), bitorder="little")[: w * h]
        return flat.reshape(h, w).astype(bool)

    def visible_cells(self, viewer, range_ft=None):
        """Field of view: a (height, width) numpy bool array, [row, col] True where the viewer
        has line of sight (within range_ft; None = unlimited)."""
        words = lib.gg_scene_bitset_words(self._ptr)
        bits = ffi.new("uint64_t[]", words)
        n = ffi.new("int32_t *")
        # feet are int32_t; any larger range sees as far as the unlimited one
        rng = lib.GG_RANGE_UNLIMITED if range_ft is None else \
            min(int(range_ft), lib.GG_RANGE_UNLIMITED)
        # no scratch: the sweep's stack arrays suffice (docs/memory.md), so no thread pays for
        # whole-map planes just to look around
        check(lib.gg_scene_visible_cells(self._ptr, ffi.NULL, cell(viewer), rng,
                                          lib.GG_BITSET_REPLACE, bits, words, n))
        return self._bitset_to_array(bits)

    def seen_cells(self, viewer, senses=None):
        """What the viewer can see (can_see per cell: sight, light, senses) as a numpy bool
        array (height, width)."""
        words = lib.gg_scene_bitset_words(self._ptr)
        bits = ffi.new("uint64_t[]", words)
        n = ffi.new("int32_t *")
        check(lib.gg_scene_seen_cells(self._ptr, ffi.NULL, cell(viewer), _senses(senses),
                                       lib.GG_BITSET_REPLACE, bits, words, n))
        return self._bitset_to_array(bits)

    def party_view(self, viewers):
        """What a party sees (gg_scene_party_view) as a numpy bool array (height, width).
        `viewers`: cells, or dicts {"cell": (c, r), "range_ft": feet, "senses": Senses or
        dict}; a member with senses follows can_see, one without has line of sight only."""
        n = len(viewers)
        vs = ffi.new("gg_viewer[]", max(n, 1))
        for i, v in enumerate(viewers):
            if not isinstance(v, dict):
                v = {"cell": v}
            vs[i] = lib.gg_viewer_make(cell(v["cell"]))
            if v.get("range_ft") is not None:
                vs[i].range_ft = min(int(v["range_ft"]), lib.GG_RANGE_UNLIMITED)
            if v.get("senses") is not None:
                vs[i].use_senses = True
                vs[i].senses = _senses(v["senses"])[0]
        words = lib.gg_scene_bitset_words(self._ptr)
        bits = ffi.new("uint64_t[]", words)
        check(lib.gg_scene_party_view(self._ptr, ffi.NULL, vs, n, lib.GG_BITSET_REPLACE, bits,
                                      words, ffi.NULL))
        return self._bitset_to_array(bits)

    def visibility_matrix(self, cells, senses=None, rule="line_of_sight"):
        """[i, j] True when cells[i] sees cells[j] (rule "line_of_sight" or "can_see")."""
        arr, n = _cells_in(cells)
        rules = {"line_of_sight": lib.GG_VISIBILITY_LINE_OF_SIGHT,
                 "can_see": lib.GG_VISIBILITY_CAN_SEE}
        out = np.zeros((n, n), dtype=np.uint8)
        if n:
            check(lib.gg_scene_visibility_matrix(self._ptr, arr, n, _senses(senses),
                                                 rules[rule], ffi.from_buffer("uint8_t[]", out)))
        return out.astype(bool)

    # ---- cover --------------------------------------------------------------------------------

    def cover(self, attacker, target, creatures=(), mode="tagged", kind="ranged"):
        """The general cover query (gg_scene_cover): attacker and target are Body values (or
        cells), creatures other bodies; mode "tagged", "corners_2d" or "corners_3d"."""
        from ._enums import AttackKind, CoverMode
        from ._rules import body
        d = ffi.new("gg_cover_def *", lib.gg_cover_def_default())
        d.mode = coerce(CoverMode, mode)
        d.kind = coerce(AttackKind, kind)
        a = ffi.new("gg_body *", body(attacker))
        t = ffi.new("gg_body *", body(target))
        others = [body(c) for c in creatures]
        arr = ffi.new("gg_body[]", others) if others else ffi.NULL
        out = ffi.new("gg_cover_result *")
        nlines = ffi.new("int32_t *")
        check(lib.gg_scene_cover(self._ptr, a, t, arr, len(others), d, out, ffi.NULL, 0,
                                 nlines))
        return CoverResult(Cover(out.degree), int(out.obstruction), out.lines, out.n_half,
                           out.n_three_quarters, out.n_total)


class MoveField:
    """A whole-map movement field (gg_scene_move_field) in memory this object owns."""

    def __init__(self, scene, origin, parity, move):
        self.scene = scene
        keep = []
        d = scene._def_from(move, keep)
        size = ffi.new("size_t *")
        check(lib.gg_move_field_bytes(scene._ptr, d, size))
        self._mem = ffi.new("uint64_t[]", (size[0] + 7) // 8)  # 8-byte aligned
        out = ffi.new("gg_move_field **")
        check(lib.gg_scene_move_field(scene._ptr, scene._scratch(), cell(origin), int(parity), d,
                                       self._mem, size[0], out))
        self._field = out[0]

    def cost(self, c):
        """Cost in feet to reach anchor c, or None when unreachable."""
        reached = ffi.new("bool *")
        cost = ffi.new("gg_metric_cost *")
        check(lib.gg_move_field_cost(self._field, cell(c), reached, cost, ffi.NULL))
        return lib.gg_metric_cost_ft(cost[0]) if reached[0] else None

    def costs(self):
        """(height, width) float64 numpy array of costs in feet; inf where unreached."""
        h, w = self.scene.height, self.scene.width
        res = np.empty((h, w), dtype=np.float64)
        lib.ggpy_field_costs(self._field, w, h, ffi.from_buffer("double[]", res))
        return res

    def path(self, c):
        return _grow(lambda out, cap, cnt: lib.gg_move_field_path(self._field, cell(c), out, cap,
                                                                  cnt),
                     "gg_cell[]", max(self.scene.width, self.scene.height) * 2 + 1)


def area_call(scene_ptr, origin, tpl, includes_origin, out, cap, n, reason):
    """gg_scene_area_cells(), shared by Scene.area_cells and the Nat20 adapter."""
    return lib.gg_scene_area_cells(scene_ptr, origin, tpl, bool(includes_origin), out, cap, n,
                                   reason)


def _pack_id(i):
    return (int(i.generation) << 32) | int(i.index)


def _unpack_id(v):
    return {"index": int(v) & 0xFFFFFFFF, "generation": int(v) >> 32}
