"""The rules layer (rules.h): creatures, targeting, sight between creatures, moves, opportunity
attacks, pushes, fleeing, areas and monster aim. SRD 5.2 clauses are cited in rules.h."""
from collections import namedtuple
from dataclasses import dataclass, field

from ._enums import (Affects, Condition, Cover, CoverRoll, MoveResult, Shape, Size, TargetCheck,
                     coerce)
from ._errors import check
from ._gridgeom import ffi, lib
from ._scene import Cell, Senses, _cells_in, _senses, cell

MovePlan = namedtuple("MovePlan", "result path cost_ft")
Aim = namedtuple("Aim", "origin direction enemies allies roles")


@dataclass
class Body:
    """A creature's place in the world (gg_body): anchor cell, size, side, conditions, and the
    3-D fields for corner cover."""
    cell: tuple = (0, 0)
    size: object = Size.MEDIUM
    side: int = 0
    conditions: int = 0
    base_in: int = 0
    height_in: int = 0
    supported: bool = True


def body(value):
    """A gg_body value from a Body, a Creature or a cell."""
    if isinstance(value, Creature):
        value = value.body()
    if not isinstance(value, Body):
        value = Body(cell=value)
    b = lib.gg_body_make(cell(value.cell))
    b.size = coerce(Size, value.size)
    b.side = int(value.side)
    b.conditions = int(value.conditions)
    if value.height_in:
        b.base_in, b.height_in = int(value.base_in), int(value.height_in)
    b.supported = bool(value.supported)
    return b


@dataclass
class Creature:
    """A creature as the rules read it (gg_creature). cell None = not tracked (not on the
    map). frightened_by / charmed_by are indices into the same creature list (or None)."""
    cell: object = (0, 0)
    side: int = 0
    alive: bool = True
    blinded: bool = False
    invisible: bool = False
    incapacitated: bool = False
    senses: Senses = field(default_factory=Senses)
    reach_ft: int = 5
    reaction_available: bool = True
    disengaging: bool = False
    frightened_by: object = None
    charmed_by: object = None
    speed_ft: int = 30
    movement_left_ft: int = 30
    size: object = Size.MEDIUM

    def conditions(self):
        return ((Condition.BLINDED if self.blinded else 0) |
                (Condition.INVISIBLE if self.invisible else 0) |
                (Condition.INCAPACITATED if self.incapacitated else 0))

    def body(self):
        return Body(cell=self.cell if self.cell is not None else (0, 0), size=self.size,
                    side=self.side, conditions=int(self.conditions()))

    def _c(self, c):
        c.body = body(self)
        c.tracked = self.cell is not None
        c.alive = bool(self.alive)
        c.senses = _senses(self.senses or Senses())[0]
        c.reach_ft = int(self.reach_ft)
        c.reaction_available = bool(self.reaction_available)
        c.disengaging = bool(self.disengaging)
        c.frightened_by = lib.GG_NO_CREATURE if self.frightened_by is None else self.frightened_by
        c.charmed_by = lib.GG_NO_CREATURE if self.charmed_by is None else self.charmed_by
        c.speed_ft = int(self.speed_ft)
        c.movement_left_ft = int(self.movement_left_ft)


def _creatures(creatures):
    arr = ffi.new("gg_creature[]", max(1, len(creatures)))
    for i, cr in enumerate(creatures):
        arr[i] = lib.gg_creature_default()
        cr._c(arr[i])
    return arr, len(creatures)


def _one(creature):
    arr, _ = _creatures([creature])
    return arr


def cover_bonus(cover, roll="attack", ignore_for_save=False):
    """The bonus an SRD 5.2 cover degree gives a roll ("attack", "dex_save", "other_save")."""
    out = ffi.new("int32_t *")
    flags = lib.GG_COVER_IGNORE_FOR_SAVE if ignore_for_save else 0
    check(lib.gg_rules_cover_bonus(coerce(Cover, cover), coerce(CoverRoll, roll), flags, out))
    return out[0]


def cover_name(cover):
    return ffi.string(lib.gg_rules_cover_name(coerce(Cover, cover))).decode()


def check_target(scene, frm, to, range_ft):
    """Can `to` be targeted from `frm` (range, line of sight, total cover)? A TargetCheck."""
    out = ffi.new("gg_target_check *")
    check(lib.gg_rules_check_target(scene._ptr, cell(frm), cell(to), int(range_ft), out))
    return TargetCheck(out[0])


def can_see(scene, viewer, target):
    """Nat20's composite sight between two creatures (Blinded, Invisible, senses, light)."""
    out = ffi.new("bool *")
    check(lib.gg_rules_can_see(scene._ptr, _one(viewer), _one(target), out))
    return bool(out[0])


def target_cover(scene, creatures, caster, target, area_origin=None):
    """Cover of creatures[target] against creatures[caster] (or an area's origin cell)."""
    arr, n = _creatures(creatures)
    origin = ffi.new("gg_cell *", cell(area_origin)) if area_origin is not None else ffi.NULL
    out = ffi.new("gg_cover *")
    check(lib.gg_rules_target_cover(scene._ptr, arr, n, caster, target, origin, out))
    return Cover(out[0])


def plan_move(scene, creatures, mover, destination):
    """Plans creatures[mover]'s move: MovePlan(result, path, cost_ft); nothing changes."""
    arr, n = _creatures(creatures)
    cap = scene.width * scene.height + 1
    path = ffi.new("gg_cell[]", cap)
    count, cost = ffi.new("int32_t *"), ffi.new("int32_t *")
    res = ffi.new("gg_move_result *")
    check(lib.gg_rules_plan_move(scene._ptr, scene._scratch(), arr, n, mover, cell(destination),
                                 path, cap, count, cost, res))
    return MovePlan(MoveResult(res[0]), [Cell(path[i].col, path[i].row) for i in range(count[0])],
                    cost[0])


def opportunity_schedule(scene, creatures, mover, route):
    """[(step, reactor)]: reactor attacks before the mover steps route[step] -> route[step+1]."""
    arr, n = _creatures(creatures)
    rt, rn = _cells_in(route)
    cap = max(1, rn * max(1, n))
    out = ffi.new("gg_oa_event[]", cap)
    count = ffi.new("int32_t *")
    check(lib.gg_rules_opportunity_schedule(scene._ptr, arr, n, mover, rt, rn, out, cap, count))
    return [(out[i].step, out[i].reactor) for i in range(count[0])]


def push(scene, creatures, pusher, target, distance_ft):
    """The cells creatures[target] is pushed through (SRD 5.2 forced movement)."""
    arr, n = _creatures(creatures)
    cap = max(scene.width, scene.height) + 1
    out = ffi.new("gg_cell[]", cap)
    count = ffi.new("int32_t *")
    check(lib.gg_rules_push(scene._ptr, arr, n, pusher, target, int(distance_ft), out, cap,
                            count))
    return [Cell(out[i].col, out[i].row) for i in range(count[0])]


def flee_route(scene, start, budget_ft, threats, avoid=(), occupied=()):
    """Nat20's flee planner: the route to the reachable cell farthest from the threats, or
    None when the creature holds."""
    d = ffi.new("gg_flee_def *", lib.gg_flee_def_default())
    d.start, d.budget_ft = cell(start), int(budget_ft)
    keep = [_cells_in(threats), _cells_in(avoid), _cells_in(occupied)]
    d.threats, d.threat_count = keep[0]
    d.avoid, d.avoid_count = keep[1]
    d.occupied, d.occupied_count = keep[2]
    wcap = ffi.new("int32_t *")
    check(lib.gg_rules_flee_work_capacity(scene._ptr, int(budget_ft), wcap))
    work = ffi.new("gg_reach[]", max(1, wcap[0]))
    cap = scene.width * scene.height + 1
    out = ffi.new("gg_cell[]", cap)
    count = ffi.new("int32_t *")
    check(lib.gg_rules_flee_route(scene._ptr, scene._scratch(), d, work, wcap[0], out, cap,
                                  count))
    if count[0] == 0:
        return None
    return [Cell(out[i].col, out[i].row) for i in range(count[0])]


def area_targets(scene, creatures, origin, shape, size_ft, direction=None):
    """[(creature index, Cover)] of the creatures an area at origin affects."""
    from ._scene import make_template
    arr, n = _creatures(creatures)
    a = ffi.new("gg_area_def *", lib.gg_area_def_default())
    a.tpl = make_template(shape, size_ft, direction)[0]
    a.origin = cell(origin)
    out = ffi.new("gg_area_target[]", max(1, n))
    count = ffi.new("int32_t *")
    check(lib.gg_rules_area_targets(scene._ptr, arr, n, a, out, max(1, n), count))
    return [(out[i].creature, Cover(out[i].cover)) for i in range(min(count[0], n))]


def best_aim(scene, creatures, actor, shape, size_ft, target_cells=(), affects="creatures",
             choice=False, max_targets=0, harmful=True):
    """Nat20's monster aim: Aim(origin, direction or None, enemies, allies, roles) or None."""
    arr, n = _creatures(creatures)
    d = ffi.new("gg_aim_def *", lib.gg_aim_def_default())
    d.shape, d.size_ft, d.actor = coerce(Shape, shape), int(size_ft), int(actor)
    tc = _cells_in(target_cells)
    d.target_cells, d.target_count = tc
    d.affects, d.choice = coerce(Affects, affects), bool(choice)
    d.max_targets, d.harmful = int(max_targets), bool(harmful)
    out = ffi.new("gg_aim *")
    roles = ffi.new("gg_area_role[]", max(1, n))
    check(lib.gg_rules_best_aim(scene._ptr, arr, n, d, out, roles))
    if not out.found:
        return None
    direction = (out.direction.col, out.direction.row) if out.has_direction else None
    return Aim(Cell(out.origin.col, out.origin.row), direction, out.enemies, out.allies,
               [int(roles[i]) for i in range(n)])
