"""The gridgeom package against the library: every bound family answers as the C API does on
hand-checked scenes, statuses become exceptions with the library's message, objects free
themselves, and queries release the GIL."""
import gc
import glob
import os
import threading
import time
import weakref

import numpy as np
import pytest

import gridgeom as gg
from conftest import DATA


@pytest.fixture
def room():
    """10 x 8, a wall x=5 from row 0 to 8 with a door over rows 3..4, a pillar on 2,2."""
    s = gg.Scene(10, 8)
    s.set_blocked((2, 2))
    s.add_walls([(5, 0, 5, 3), (5, 4, 5, 8)])
    door = s.add_wall(5, 3, 5, 4, door="closed")
    return s, door


# ---- cells and errors ------------------------------------------------------------------------

def test_cells_parse_strictly_and_format():
    assert gg.parse_cell(" 01, +2 ") == (1, 2)
    assert gg.format_cell((3, -4)) == "3,-4"
    assert str(gg.Cell(1, 2)) == "1,2"
    with pytest.raises(gg.ParseError) as e:
        gg.parse_cell("1_0,2")
    assert isinstance(e.value, ValueError)
    assert e.value.status == gg.lib.GG_E_PARSE
    assert "underscore" in e.value.message  # the parser's own reason


def test_writer_errors_carry_the_scene_message():
    s = gg.Scene(4, 4)
    with pytest.raises(gg.OutOfBounds) as e:
        s.set_blocked((9, 0))
    assert e.value.message == "cell 9,0 is outside the 4x4 scene"
    s.add_wall(0.25, 0, 1, 0)  # walls sit on a 1/1024-cell lattice: quarters are exact
    with pytest.raises(gg.InvalidArgument) as e:
        s.add_wall(0.3, 0, 1, 0)
    assert e.value.status_name == "GG_E_INVALID_ARG"
    assert "x1 = 0.29999" in e.value.message and "multiple of 1/1024" in e.value.message


def test_bad_scene_definition_and_enum_names():
    with pytest.raises(gg.InvalidArgument):
        gg.Scene(0, 5)
    with pytest.raises(ValueError, match="half"):
        gg.Scene(3, 3).set_cover((0, 0), "halfway")


def test_magical_darkness_reads_back_in_both_apis():
    # Regression: value 3 (GG_OBSCURE_MAGICAL_DARKNESS) had no enum member, so reading it raised.
    s = gg.Scene(3, 3)
    s.set_obscurement((1, 1), "magical_darkness")
    assert s.obscurement_on_cell((1, 1)) == gg.Obscurement.MAGICAL_DARKNESS
    n20 = gg.nat20.GridScene(width=3, height=3, obscurement_cells={"1,1": "magical_darkness"})
    assert gg.nat20.GridTopology(n20).obscurement_on_cell("1,1") == "magical_darkness"


def test_off_map_queries_raise_out_of_bounds():
    s = gg.Scene(3, 3)
    with pytest.raises(gg.OutOfBounds):
        s.line_of_sight((0, 0), (5, 5))


# ---- walls, doors, sight ----------------------------------------------------------------------

def test_doors_toggle_sight_and_movement(room):
    s, door = room
    assert not s.line_of_sight((4, 3), (6, 3))
    assert s.shortest_path((4, 3), (6, 3)) == []
    s.set_door(door, "open")
    assert s.line_of_sight((4, 3), (6, 3))
    assert s.shortest_path((4, 3), (6, 3)) == [(4, 3), (5, 3), (6, 3)]
    assert s.wall(door).door == gg.Door.OPEN
    s.set_door(door, "locked")
    assert not s.line_of_sight((4, 3), (6, 3))


def test_removed_wall_id_is_stale(room):
    s, door = room
    n = s.wall_count
    s.remove_wall(door)
    assert s.wall_count == n - 1
    with pytest.raises(gg.StaleId):
        s.set_door(door, "open")


def test_party_view_is_the_union_and_the_fog_round_trips(room):
    s, _ = room
    party = s.party_view([(1, 1), {"cell": (8, 6), "range_ft": 5},
                          {"cell": (2, 6), "senses": {"darkvision": 60}}])
    want = s.visible_cells((1, 1)) | s.visible_cells((8, 6), range_ft=5) | \
        s.seen_cells((2, 6), {"darkvision": 60})
    assert (party == want).all()
    fog = gg.Fog(s.width, s.height)
    first = fog.reveal(s.visible_cells((1, 1)))
    again = fog.reveal(party)
    assert first.sum() == s.visible_cells((1, 1)).sum() and not (first & again).any()
    assert (fog.explored() == party).all()
    data = fog.save()
    assert data[:4] == b"GGFW"
    assert (gg.Fog.load(data).explored() == party).all()
    with pytest.raises(gg.ParseError, match="checksum"):
        gg.Fog.load(data[:-1] + bytes([data[-1] ^ 1]))
    with pytest.raises(gg.ParseError, match="truncated"):
        gg.Fog.load(data[:10])


def test_field_of_view_is_a_numpy_bool_array_matching_line_of_sight(room):
    s, _ = room
    fov = s.visible_cells((1, 1))
    assert fov.dtype == bool and fov.shape == (s.height, s.width)
    for row in range(s.height):
        for col in range(s.width):
            assert fov[row, col] == s.line_of_sight((1, 1), (col, row)), (col, row)
    assert not fov[:, 6:].any()  # behind the wall and the closed door
    near = s.visible_cells((1, 1), range_ft=5)
    # the 3x3 around the viewer, the pillar on 2,2 included: an endpoint never blocks its own
    # line (Nat20: a target may stand in a blocked cell)
    assert near.sum() == 9 and near[2, 2]


def test_line_of_sight_many_matches_one_by_one(room):
    s, _ = room
    rng = np.random.default_rng(7)
    a = np.stack([rng.integers(0, s.width, 200), rng.integers(0, s.height, 200)], axis=1)
    b = np.stack([rng.integers(0, s.width, 200), rng.integers(0, s.height, 200)], axis=1)
    many = s.line_of_sight_many(a, b)
    assert many.tolist() == [s.line_of_sight(tuple(x), tuple(y)) for x, y in zip(a, b)]
    with pytest.raises(gg.OutOfBounds):
        s.line_of_sight_many([(0, 0)], [(50, 0)])


def test_seen_cells_and_visibility_matrix():
    s = gg.Scene(6, 1)
    s.set_lighting((4, 0), "dark")
    seen = s.seen_cells((0, 0))
    assert seen[0].tolist() == [True, True, True, True, False, True]
    seen_dv = s.seen_cells((0, 0), gg.Senses(darkvision=60))
    assert seen_dv.all()
    m = s.visibility_matrix([(0, 0), (4, 0)], rule="can_see")
    # nobody sees into the dark cell without darkvision, not even its occupant
    assert m.tolist() == [[True, False], [True, False]]


# ---- cover ---------------------------------------------------------------------------------------

def test_cover_between_and_general_cover():
    s = gg.Scene(6, 3)
    s.set_cover((3, 1), "three_quarters")
    assert s.cover_between((0, 1), (5, 1)) == gg.Cover.THREE_QUARTERS
    assert s.cover_between((0, 0), (5, 0), occupied=[(2, 0)]) == gg.Cover.HALF
    r = s.cover(gg.Body(cell=(0, 0)), gg.Body(cell=(5, 0)), creatures=[(2, 0)])
    assert r.degree == gg.Cover.HALF  # tagged mode = cover_between with creatures' cells
    assert gg.cover_bonus("half") == 2 and gg.cover_bonus("three_quarters") == 5
    assert gg.cover_bonus("half", "other_save") == 0


# ---- paths, reach, fields ------------------------------------------------------------------------

def test_shortest_path_and_reach_follow_nat20():
    s = gg.Scene(7, 7)
    assert s.shortest_path((3, 3), (3, 0)) == [(3, 3), (2, 2), (2, 1), (3, 0)]
    s.set_difficult((1, 0))
    reach = s.reachable((0, 0), 10)
    assert reach[(0, 0)] == (0, None)
    assert reach[(1, 0)].cost_ft == 10 and reach[(2, 0)].cost_ft == 10
    assert reach[(2, 0)].prev == (1, 1)


def test_lowest_cost_path_metrics_and_field_numpy():
    s = gg.Scene(8, 8)
    cells, cost = s.lowest_cost_path((0, 0), (3, 3), metric="alternating")
    assert cells[0] == (0, 0) and cells[-1] == (3, 3) and cost == 20  # 5-10-5
    f = s.move_field((0, 0), metric="alternating")
    costs = f.costs()
    assert costs.shape == (8, 8) and costs.dtype == np.float64
    assert costs[3, 3] == 20 and costs[0, 7] == 35 and f.cost((3, 3)) == 20
    assert f.path((3, 3))[-1] == (3, 3)
    s.set_blocked((4, 4))
    blocked_field = s.move_field((0, 0)).costs()
    assert np.isinf(blocked_field[4, 4])
    overlay = s.move_overlay((0, 0), 10)
    assert {m.cell for m in overlay} == {(c, r) for c in range(3) for r in range(3)}


def test_route_cost_prices_the_legal_prefix():
    s = gg.Scene(6, 3)
    s.set_difficult((2, 0))
    s.set_blocked((4, 0))
    route = [(0, 0), (1, 0), (2, 0), (3, 0), (4, 0), (5, 0)]
    assert s.route_cost(route) == (20.0, 3)  # 5 + 10 (difficult) + 5; 3,0 -> 4,0 is blocked
    assert s.route_cost(route[:3], metric="alternating") == (15.0, 2)
    assert s.route_cost([(1, 1), (2, 2)], metric="alternating") == (5.0, 1)


def test_templates_and_areas():
    cone = gg.template_cells(15, 15, 5, (7, 7), "cone", 10, direction=(1, 0))
    assert len(cone) == 9 and cone[0] == (7, 7)
    s = gg.Scene(15, 15)
    s.add_wall(9, 0, 9, 15)
    area = s.area_cells((7, 7), "sphere", 10, includes_origin=False)
    assert (7, 7) not in area and all(c.col < 9 for c in area) and len(area) == 19
    with pytest.raises(gg.InvalidArgument) as e:
        s.area_cells((7, 7), "cone", 10)  # a cone needs a direction
    assert "direction" in e.value.message


def test_push_path():
    s = gg.Scene(6, 6)
    s.set_blocked((4, 2))
    assert s.push_path((1, 2), (2, 2), 15) == [(3, 2)]


# ---- rules -------------------------------------------------------------------------------------

def test_rules_targeting_sight_and_moves():
    s = gg.Scene(7, 5)
    s.add_wall(5, 0, 5, 4)
    assert gg.check_target(s, (0, 0), (6, 0), 60) == gg.TargetCheck.NO_LINE_OF_SIGHT
    assert gg.check_target(s, (0, 0), (4, 0), 10) == gg.TargetCheck.OUT_OF_RANGE
    hero = gg.Creature(cell=(0, 0), side=0)
    gob = gg.Creature(cell=(2, 0), side=1)
    assert gg.can_see(s, hero, gob)
    assert not gg.can_see(s, gg.Creature(cell=(0, 0), blinded=True), gob)
    plan = gg.plan_move(s, [hero, gob], 0, (3, 0))
    assert plan.result == gg.MoveResult.OK and plan.path[-1] == (3, 0) and plan.cost_ft == 15
    assert gg.plan_move(s, [hero, gob], 0, (2, 0)).result == gg.MoveResult.OCCUPIED
    # route[0] = 1,1 is within the goblin's 5 ft; step 0 (1,1 -> 2,2) leaves it: it provokes
    events = gg.opportunity_schedule(s, [hero, gob], 0, [(1, 1), (2, 2), (3, 3)])
    assert events == [(0, 1)]
    assert gg.push(s, [hero, gob], 0, 1, 10) == [(3, 0), (4, 0)]


def test_rules_areas_and_aim():
    s = gg.Scene(10, 10)
    cr = [gg.Creature(cell=(4, 4), side=1), gg.Creature(cell=(4, 6), side=0),
          gg.Creature(cell=(5, 6), side=0)]
    hit = gg.area_targets(s, cr, (4, 6), "sphere", 5)
    assert sorted(i for i, _ in hit) == [1, 2]
    aim = gg.best_aim(s, cr, 0, "cone", 15, harmful=True)
    assert aim is not None and aim.direction == (0, 1) and aim.enemies == 2
    assert gg.flee_route(s, (2, 2), 15, threats=[(1, 1)])[-1] != (2, 2)


# ---- hex ----------------------------------------------------------------------------------------

def test_hex_board_sight_and_paths():
    assert gg.hex_distance((0, 0), (3, -1)) == 3
    assert len(gg.hex_ring((0, 0), 2)) == 12 and len(gg.hex_range((0, 0), 2)) == 19
    assert gg.hex_line((0, 0), (2, 0)) == [(0, 0), (1, 0), (2, 0)]
    b = gg.HexBoard(6, 6)
    for q in range(6):
        for r in range(6):
            b.set_tile((q, r))
    assert b.sight((0, 0), (4, 0), eye_height=1.0, target_height=1.0).visible
    b.set_tile((2, 0), obstruction=5.0)
    v = b.sight((0, 0), (4, 0), eye_height=1.0, target_height=1.0)
    assert not v.visible and v.blocker == (2, 0)
    b.set_tile((2, 0), blocks_move=True)
    path, cost = b.path((0, 0), (4, 0))
    assert path[0] == (0, 0) and path[-1] == (4, 0) and (2, 0) not in path and cost > 4
    assert b.reachable((0, 0), 1.0)[(1, 0)] == 1.0
    b.remove_tile((5, 5))
    assert b.tile((5, 5)) is None


# ---- import -------------------------------------------------------------------------------------

@pytest.mark.skipif(not gg.HAVE_IO, reason="library built without io (no jansson)")
def test_import_every_shared_map_and_export_nat20():
    files = sorted(glob.glob(os.path.join(DATA, "maps", "*", "*")))
    assert len(files) >= 10
    for path in files:
        scene, report = gg.import_scene(path=path)
        assert scene.width > 0 and scene.height > 0 and scene.wall_count > 0, path
        assert report.stats["walls"] == scene.wall_count
        assert report.stats["format"] in (gg.IoFormat.UVTT, gg.IoFormat.FOUNDRY)
        again, _ = gg.import_scene(data=gg.export_nat20(scene), format="nat20")
        assert (again.width, again.height) == (scene.width, scene.height)


@pytest.mark.skipif(not gg.HAVE_IO, reason="library built without io (no jansson)")
def test_import_errors_say_where():
    with pytest.raises(gg.ParseError) as e:
        gg.import_scene(data='{"width": 5,\n "height": }', format="nat20")
    assert "line 2" in str(e.value)


# ---- lifetimes and the GIL -----------------------------------------------------------------

def test_objects_free_themselves():
    s = gg.Scene(50, 50)
    s.shortest_path((0, 0), (49, 49))  # makes this thread's scratch
    ref = weakref.ref(s)
    del s
    gc.collect()
    assert ref() is None  # scene and scratch went with it (ASan/valgrind would see a leak)


def test_queries_release_the_gil():
    """While one thread is inside a long C call (a visibility matrix of 800 cells: 640,000
    lines of sight in one call, no working memory), another Python thread keeps running. Were
    the GIL held during the call, the main thread could not run a single bytecode between the
    call's entry and return: its timestamps would show one gap as long as the call."""
    import random
    rng = random.Random(1)
    s = gg.Scene(256, 256)
    s.add_walls([(x, y, x + 3, y) for x, y in ((rng.randrange(250), rng.randrange(256))
                                                for _ in range(1500))])
    cells = [(rng.randrange(256), rng.randrange(256)) for _ in range(800)]
    span = {}

    def worker():
        span["enter"] = time.perf_counter()
        s.visibility_matrix(cells)
        span["exit"] = time.perf_counter()

    t = threading.Thread(target=worker)
    stamps = []
    t.start()
    while t.is_alive():
        stamps.append(time.perf_counter())
    t.join()
    duration = span["exit"] - span["enter"]
    inside = [x for x in stamps if span["enter"] <= x <= span["exit"]]
    edges = [span["enter"]] + inside + [span["exit"]]
    longest_gap = max(b - a for a, b in zip(edges, edges[1:]))
    assert duration > 0.02, "the workload is too small to tell"
    assert longest_gap < duration / 2, (longest_gap, duration, len(inside))

def test_example_runs():
    import subprocess
    import sys
    example = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))),
                           "examples", "tactics.py")
    out = subprocess.run([sys.executable, example], check=True, capture_output=True,
                         text=True).stdout
    assert "@" in out and "T" in out
    if gg.HAVE_IO:
        assert "after opening 6 doors" in out and "sees 5,7: True" in out


def test_docs_examples_run():
    """The Python blocks of docs/bindings.md run as written (from the repository root)."""
    import re
    from conftest import ROOT
    with open(os.path.join(ROOT, "docs", "bindings.md"), encoding="utf-8") as f:
        blocks = re.findall(r"```python\n(.*?)```", f.read(), re.S)
    assert len(blocks) >= 3
    cwd = os.getcwd()
    os.chdir(ROOT)
    try:
        env = {}
        for block in blocks:
            if "import_scene" in block and not gg.HAVE_IO:
                block = block.replace("imported, report = gg.import_scene", "# ")
            exec(compile(block, "docs/bindings.md", "exec"), env)  # noqa: S102
    finally:
        os.chdir(cwd)
    assert env["cost"] == 65.0 and env["fov"].dtype == bool
    assert env["topo"].shortest_path("0,0", "4,4") == ["0,0", "1,1", "2,2", "3,3", "4,4"]


def test_move_options_arrays_live_through_the_call():
    """Regression: the move def borrows its avoid and others arrays; the binding once kept only
    the pointers read back from the struct, so the arrays were freed before the call and the
    query read freed memory (other allocations overwrote the cells)."""
    s = gg.Scene(9, 9)
    wall = [(4, r) for r in range(8)]  # column 4 avoided except its last row
    for _ in range(20):
        cells, cost = s.lowest_cost_path((0, 0), (8, 0), avoid=wall,
                                         others=[gg.Body(cell=(4, 8), side=1)],
                                         pass_size_apart=False)
        assert cells == [] and cost is None  # the only gap holds an enemy: no route
        reach = s.move_overlay((0, 0), 200, avoid=wall)
        assert all(m.cell not in wall for m in reach)
        assert any(m.cell == (8, 0) for m in reach)  # around through row 8


def test_many_threads_query_one_scene_and_one_board():
    """Readers on one scene (and one hex board) from several threads: each thread gets its own
    scratch, and every answer equals the single-threaded one."""
    s = gg.Scene(40, 40)
    s.set_cells("blocked", [(20, r) for r in range(35)])
    b = gg.HexBoard(12, 12)
    for q in range(12):
        for r in range(12):
            b.set_tile((q, r), blocks_move=(q == 6 and r < 10))
    jobs = [((0, r), (39, 39 - r)) for r in range(0, 40, 3)]
    want = [(s.shortest_path(x, y), len(s.reachable(x, 40)), b.path((0, 0), (11, r % 12)))
            for r, (x, y) in enumerate(jobs)]
    got = {}

    def worker(k):
        got[k] = [(s.shortest_path(x, y), len(s.reachable(x, 40)), b.path((0, 0), (11, r % 12)))
                  for r, (x, y) in enumerate(jobs)]

    threads = [threading.Thread(target=worker, args=(k,)) for k in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert all(got[k] == want for k in range(4))
    assert all(path for path, _, _ in want)  # every job found its way round the wall
