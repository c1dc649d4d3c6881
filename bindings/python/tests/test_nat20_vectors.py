"""Every line of tests/data/conformance/nat20_grid.jsonl through gridgeom.nat20, the way a
Nat20 user calls it: GridTopology methods and the module's functions, with Nat20's argument
shapes, compared with Nat20's expected answer. {"error": "ValueError"} expects a ValueError.
Nothing is skipped: an op or field the dispatcher does not know fails the test."""
import json
import os

import pytest

from conftest import DATA
from gridgeom import nat20

VECTORS = os.path.join(DATA, "conformance", "nat20_grid.jsonl")


def _lines():
    with open(VECTORS, encoding="utf-8") as f:
        return [json.loads(line) for line in f if line.strip()]


LINES = _lines()
_TOPOLOGIES = {}


def topology(scene):
    key = json.dumps(scene, sort_keys=True)
    if key not in _TOPOLOGIES:
        _TOPOLOGIES.clear()  # consecutive lines share scenes; keep one
        _TOPOLOGIES[key] = nat20.GridTopology(nat20.GridScene(**scene))
    return _TOPOLOGIES[key]


def answer(scene, q):
    q = dict(q)
    op = q.pop("op")
    if op == "parse_cell":
        return nat20.parse_cell(q.pop("cid"))
    if op == "cell_id":
        return nat20.cell_id(q.pop("col"), q.pop("row"))
    if op == "bresenham":
        return nat20.bresenham(q.pop("a"), q.pop("b"))
    if op == "segments_intersect":
        return nat20.segments_intersect(q.pop("p1"), q.pop("p2"), q.pop("p3"), q.pop("p4"))
    t = topology(scene)
    if op in ("cells_in_template", "cells_in_template_ordered"):
        cells = t.cells_in_template(q.pop("origin"), q.pop("shape"), q.pop("size_ft"),
                                    q.pop("direction", None))
        if op == "cells_in_template":
            cells = sorted(cells, key=nat20.parse_cell)
        assert not q, q
        return cells
    if op == "area_cells":
        return nat20.area_cells(t, q.pop("origin"), q.pop("shape"), q.pop("size_ft"),
                                q.pop("direction", None), q.pop("includes_origin"))
    if op == "has_line_of_effect":
        return nat20.has_line_of_effect(t, q.pop("origin"), q.pop("cell"))
    if op == "in_range_with_los":
        return nat20.in_range_with_los(t, q.pop("a"), q.pop("b"), q.pop("range_ft"))
    if op == "combatant_can_see":
        return nat20.combatant_can_see(t, q.pop("viewer"), q.pop("target"), q.pop("variant"))
    if op == "target_cover":
        return nat20.target_cover(t, q.pop("caster_id"), q.pop("target_ids"),
                                  q.pop("creatures"), q.pop("origin_cell", None))
    if op == "plan_move":
        assert q.pop("fidelity") == "reconstructed"
        return nat20.plan_move(t, q.pop("mover_id"), q.pop("destination"), q.pop("creatures"))
    if op == "opportunity_schedule":
        return nat20.opportunity_schedule(t, q.pop("mover_id"), q.pop("path"),
                                          q.pop("creatures"))
    if op == "flee_route":
        return nat20.flee_route(t, q.pop("start"), q.pop("threat_cells"), q.pop("budget_ft"),
                                q.pop("enemy_cells", ()), q.pop("occupied_cells", ()))
    if op == "best_aim":
        return nat20.best_aim(t, **q)
    # GridTopology methods, called with the vector's fields as keywords (Nat20's names)
    method = getattr(t, op)
    return method(**q)


@pytest.mark.parametrize("line", LINES, ids=[line["id"] for line in LINES])
def test_vector(line):
    assert set(line) == {"id", "scene", "query", "expect"}, "unknown top-level field"
    expect = line["expect"]
    if isinstance(expect, dict) and set(expect) == {"error"}:
        assert expect["error"] == "ValueError"
        with pytest.raises(ValueError):
            answer(line["scene"], line["query"])
        return
    got = answer(line["scene"], line["query"])
    assert json.loads(json.dumps(got)) == expect


def test_every_vector_is_collected():
    # 100% means every line of the file, each a distinct case (and the file is not empty).
    with open(VECTORS, encoding="utf-8") as f:
        raw = sum(1 for line in f if line.strip())
    assert len(LINES) == raw > 5000
    assert len({line["id"] for line in LINES}) == len(LINES)
