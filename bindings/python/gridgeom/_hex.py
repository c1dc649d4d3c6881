"""Hex boards (hex.h): axial coordinates, lines, rings, terrain sight and movement."""
import threading
from collections import namedtuple

from ._errors import check
from ._gridgeom import ffi, lib

Hex = namedtuple("Hex", "q r")
HexSight = namedtuple("HexSight", "visible reason distance blocker opacity")


def _hex(h):
    q, r = h
    return Hex(int(q), int(r))


def _hexes(buf, n):
    return [Hex(buf[i].q, buf[i].r) for i in range(n)]


def _list(fn, *args, cap):
    n = ffi.new("int32_t *")
    for _ in range(2):
        out = ffi.new("gg_hex[]", max(1, cap))
        st = fn(*args, out, cap, n)
        if st in (lib.GG_PARTIAL, lib.GG_E_BUFFER_TOO_SMALL) and n[0] > cap:
            cap = n[0]
            continue
        break
    check(st)
    return _hexes(out, n[0])


def hex_distance(a, b):
    return lib.gg_hex_distance(_hex(a), _hex(b))


def hex_line(a, b):
    return _list(lib.gg_hex_line, _hex(a), _hex(b), cap=hex_distance(a, b) + 1)


def hex_ring(center, radius):
    return _list(lib.gg_hex_ring, _hex(center), int(radius), cap=max(1, 6 * int(radius)))


def hex_range(center, radius):
    k = int(radius)
    return _list(lib.gg_hex_range, _hex(center), k, cap=3 * k * (k + 1) + 1)


def hex_neighbors(h):
    out = ffi.new("gg_hex[6]")
    check(lib.gg_hex_neighbors(_hex(h), out))
    return _hexes(out, 6)




class _HexScratch:
    """One thread's gg_hex_scratch; keeps its board alive (it must be freed first)."""

    def __init__(self, board_ptr, ptr):
        self.board_ptr = board_ptr
        self.ptr = ffi.gc(ptr, lib.gg_hex_scratch_destroy)


class HexBoard:
    """A hex board (gg_hex_board) over the parallelogram origin + [0,q_count) x [0,r_count).
    Tiles are absent until set. Freed when the last reference goes. Queries may run from many
    threads (each gets its own scratch); tile writers must not overlap any other call."""

    def __init__(self, q_count, r_count, origin=(0, 0)):
        d = ffi.new("gg_hex_board_def *", lib.gg_hex_board_def_default())
        d.origin, d.q_count, d.r_count = _hex(origin), int(q_count), int(r_count)
        out = ffi.new("gg_hex_board **")
        check(lib.gg_hex_board_create(d, out))
        self._ptr = ffi.gc(out[0], lib.gg_hex_board_destroy)
        self.q_count, self.r_count = int(q_count), int(r_count)
        self._local = threading.local()  # scratch belongs to one thread at a time

    def set_tile(self, h, ground=0.0, obstruction=0.0, density=1.0, move_cost=1.0,
                 blocks_move=False):
        t = ffi.new("gg_hex_tile *", lib.gg_hex_tile_default())
        t.ground, t.obstruction, t.density = ground, obstruction, density
        t.move_cost, t.blocks_move = move_cost, bool(blocks_move)
        check(lib.gg_hex_board_set_tile(self._ptr, _hex(h), t))

    def remove_tile(self, h):
        check(lib.gg_hex_board_remove_tile(self._ptr, _hex(h)))

    def tile(self, h):
        """The tile's fields as a dict, or None when the tile is missing."""
        t = ffi.new("gg_hex_tile *")
        if not lib.gg_hex_board_tile(self._ptr, _hex(h), t):
            return None
        return {"ground": t.ground, "obstruction": t.obstruction, "density": t.density,
                "move_cost": t.move_cost, "blocks_move": bool(t.blocks_move)}

    def sight(self, frm, to, max_range=None, eye_height=0.0, target_height=0.0):
        """Terrain line of sight between two hexes: HexSight(visible, reason, distance,
        blocker or None, opacity)."""
        d = ffi.new("gg_sight_def *", lib.gg_sight_def_default())
        if max_range is not None:
            d.max_range = int(max_range)
        d.eye_height, d.target_height = float(eye_height), float(target_height)
        out = ffi.new("gg_hex_sight_result *")
        n = ffi.new("int32_t *")
        check(lib.gg_hex_board_sight(self._ptr, _hex(frm), _hex(to), d, ffi.NULL, 0, n, out))
        blocker = Hex(out.blocker.q, out.blocker.r) if out.has_blocker else None
        return HexSight(bool(out.visible), int(out.reason), out.distance, blocker, out.opacity)

    def _scr(self):
        scratch = getattr(self._local, "scratch", None)
        if scratch is None:
            out = ffi.new("gg_hex_scratch **")
            check(lib.gg_hex_scratch_create(self._ptr, out))
            scratch = self._local.scratch = _HexScratch(self._ptr, out[0])
        return scratch.ptr

    def _move_def(self, max_step, climb_cost):
        d = ffi.new("gg_hex_move_def *", lib.gg_hex_move_def_default())
        d.max_step, d.climb_cost = float(max_step), float(climb_cost)
        return d

    def path(self, frm, to, max_step=1.0, climb_cost=1.0):
        """Cheapest path: (hexes, cost), or ([], None) when there is none."""
        d = self._move_def(max_step, climb_cost)
        res = ffi.new("gg_hex_path_result *")
        cap = self.q_count * self.r_count + 1
        out = ffi.new("gg_hex[]", cap)
        n = ffi.new("int32_t *")
        check(lib.gg_hex_board_path(self._ptr, self._scr(), _hex(frm), _hex(to), d, out, cap, n,
                                    res))
        if not res.found:
            return [], None
        return _hexes(out, n[0]), res.cost

    def reachable(self, start, budget, max_step=1.0, climb_cost=1.0):
        """{Hex: cost} of every hex reachable within budget."""
        d = self._move_def(max_step, climb_cost)
        cap = self.q_count * self.r_count + 1
        out = ffi.new("gg_hex_reach[]", cap)
        n = ffi.new("int32_t *")
        check(lib.gg_hex_board_reachable(self._ptr, self._scr(), _hex(start), float(budget), d,
                                         out, cap, n))
        return {Hex(out[i].hex.q, out[i].hex.r): out[i].cost for i in range(min(n[0], cap))}
