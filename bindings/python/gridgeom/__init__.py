"""gridgeom: Python bindings of libgridgeom (cffi, API mode).

Tactical-grid geometry for tabletop combat: scenes with walls and doors, line of sight, field
of view (numpy), cover, paths, movement fields (numpy), reach, area templates, the SRD 5.2 rules
layer, hex boards and map import. `gridgeom.nat20` is a drop-in for Nat20's grid functions.
Build: /usr/bin/python3 bindings/python/build.py (see bindings/python/README.md)."""
from ._enums import (Affects, AttackKind, Blocks, Condition, Cover, CoverMode, CoverRoll,
                     Difficult, Door, IoFormat, Light, Metric, MoveResult, Obscurement, OneWay,
                     Shape, Size, TargetCheck)
from ._errors import (BufferTooSmall, GridGeomError, InternalError, InvalidArgument, NoMemory,
                      OutOfBounds, ParseError, StaleId, TooLarge)
from ._features import HAVE_IO
from ._fog import Fog
from ._gridgeom import ffi, lib
from ._hex import Hex, HexBoard, hex_distance, hex_line, hex_neighbors, hex_range, hex_ring
from ._rules import (Aim, Body, Creature, MovePlan, area_targets, best_aim, can_see,
                     check_target, cover_bonus, cover_name, flee_route, opportunity_schedule,
                     plan_move, push, target_cover)
from ._scene import (Cell, CoverResult, MoveField, MoveReach, Reach, Scene, Senses, Wall, cell,
                     parse_cell, template_cells)

if HAVE_IO:
    from ._io import ImportNote, ImportReport, export_nat20, import_scene, list_walls

__version__ = ffi.string(lib.gg_version_string()).decode()


def format_cell(c):
    """"col,row" for a cell (the library's gg_cell_format)."""
    buf = ffi.new("char[]", lib.GG_CELL_ID_MAX)
    lib.gg_cell_format(cell(c), buf, lib.GG_CELL_ID_MAX)
    return ffi.string(buf).decode()
