/* test_doorway.c - doorways under the point rule (src/topology/scene/doorway.c): an open door or
 * window lets the cells in line with the opening see and step straight through it, whatever its
 * offset from the grid; a closed one blocks as a wall; the index, the movement upkeep, the field
 * of view and the visibility matrix all agree with the per-cell test and the linear scan. A
 * PROXIMITY window is a doorway to a viewer it is open to, and a LIMITED curtain at a jamb is
 * crossed once. */
#include "fixture.h"

#include "topology/scene/scene_internal.h"

#define U GG_WALL_UNITS_PER_CELL

static gg_scene *rule_scene(int32_t w, int32_t h, gg_wall_rule rule)
{
    gg_scene_def d = gg_scene_def_default();
    d.width = w;
    d.height = h;
    d.wall_rule = rule;
    gg_scene *s = NULL;
    assert_int_equal(gg_scene_create(&d, &s), GG_OK);
    return s;
}

static gg_wall_id add(gg_scene *s, double x1, double y1, double x2, double y2, gg_door door,
                      gg_cover cover)
{
    gg_wall_def d = gg_wall_def_default();
    d.x1 = x1, d.y1 = y1, d.x2 = x2, d.y2 = y2;
    d.door = door;
    d.cover = cover;
    gg_wall_id id;
    assert_int_equal(gg_scene_add_wall(s, &d, &id), GG_OK);
    return id;
}

/* Every viewer's field of view against the per-cell line of sight, and the visibility matrix. */
static void expect_fov_consistent(const gg_scene *s)
{
    const int32_t w = gg_scene_width(s), h = gg_scene_height(s);
    gg_scratch *x = NULL;
    assert_int_equal(gg_scratch_create(s, NULL, &x), GG_OK);
    size_t words = gg_scene_bitset_words(s);
    uint64_t *bits = calloc(words, sizeof *bits);
    gg_cell *cells = calloc((size_t)(w * h), sizeof *cells);
    uint8_t *m = calloc((size_t)(w * h) * (size_t)(w * h), 1);
    assert_true(bits != NULL && cells != NULL && m != NULL);
    for (int32_t i = 0; i < w * h; ++i)
        cells[i] = gg_cell_make(i % w, i / w);
    assert_int_equal(gg_scene_visibility_matrix(s, cells, w * h, NULL, GG_VISIBILITY_LINE_OF_SIGHT,
                                                m),
                     GG_OK);
    for (int32_t i = 0; i < w * h; ++i) {
        int32_t count = 0;
        assert_int_equal(gg_scene_visible_cells(s, x, cells[i], GG_RANGE_UNLIMITED,
                                                GG_BITSET_REPLACE, bits, words, &count),
                         GG_OK);
        int32_t n = 0;
        for (int32_t j = 0; j < w * h; ++j) {
            bool v = false;
            assert_int_equal(gg_scene_has_line_of_sight(s, cells[i], cells[j], &v), GG_OK);
            n += v;
            if (v != gg_bitset_has(bits, w, cells[j]) ||
                v != (m[(size_t)i * (size_t)(w * h) + j] != 0))
                fail_msg("viewer %d,%d target %d,%d: line of sight %d, field of view %d, matrix %d",
                         (int)cells[i].col, (int)cells[i].row, (int)cells[j].col, (int)cells[j].row,
                         v, gg_bitset_has(bits, w, cells[j]), m[(size_t)i * (size_t)(w * h) + j]);
        }
        assert_int_equal(count, n);
    }
    free(bits);
    free(cells);
    free(m);
    gg_scratch_destroy(x);
}

/* Every cell's move_walls byte against the linear test of every wall. */
static void expect_move_walls_exact(const gg_scene *s)
{
    for (int32_t row = 0; row < s->height; ++row)
        for (int32_t col = 0; col < s->width; ++col) {
            uint8_t want = 0;
            for (int d = 0; d < 8; ++d) {
                gg_cell n = gg_cell_make(col + gg__dirs[d].dc, row + gg__dirs[d].dr);
                if (gg__in(s, n) &&
                    gg__segment_hits_wall_linear(s, gg__wall_centre(gg_cell_make(col, row)),
                                                 gg__wall_centre(n), (uint32_t)GG_BLOCKS_MOVEMENT))
                    want |= (uint8_t)(1u << d);
            }
            if (gg__move_walls_row(s, row)[col] != want)
                fail_msg("cell %d,%d: move_walls 0x%02x, every wall says 0x%02x", (int)col,
                         (int)row, gg__move_walls_row(s, row)[col], want);
        }
}

/* A Dungeondraft-style doorway: the wall x = 3 with a door from y = 1.5 to y = 2.5 (half a cell
 * off the grid). Open, rows 1 and 2 (whose centre lines touch the door's ends) see and step
 * straight through; closed, nothing passes. The Nat20 rule keeps its touching test. */
static void doorway__offset_door_lets_the_rows_in_line_through(void **state)
{
    (void)state;
    gg_scene *s = rule_scene(7, 5, GG_WALL_RULE_POINT);
    add(s, 3, 0, 3, 1.5, GG_DOOR_NONE, GG_COVER_NONE);
    gg_wall_id door = add(s, 3, 1.5, 3, 2.5, GG_DOOR_CLOSED, GG_COVER_NONE);
    add(s, 3, 2.5, 3, 5, GG_DOOR_NONE, GG_COVER_NONE);
    for (int32_t r = 0; r < 5; ++r) {
        assert_false(fx_los(s, 1, r, 5, r));
        assert_int_equal(fx_step(s, 2, r, 3, r), GG_STEP_ILLEGAL);
    }
    expect_fov_consistent(s);
    expect_move_walls_exact(s);
    assert_int_equal(gg_scene_set_door(s, door, GG_DOOR_OPEN), GG_OK);
    for (int32_t r = 0; r < 5; ++r) {
        const bool in_line = r == 1 || r == 2;
        assert_int_equal(fx_los(s, 1, r, 5, r), in_line);
        assert_int_equal(fx_los(s, 5, r, 1, r), in_line);
        assert_int_equal(fx_step(s, 2, r, 3, r), in_line ? 5 : GG_STEP_ILLEGAL);
        assert_int_equal(fx_step(s, 3, r, 2, r), in_line ? 5 : GG_STEP_ILLEGAL);
    }
    assert_true(fx_los(s, 2, 1, 3, 2)); /* and the diagonals through the middle */
    expect_fov_consistent(s);
    expect_move_walls_exact(s);
    /* A window there: sight passes straight through, steps do not. */
    assert_int_equal(gg_scene_remove_wall(s, door), GG_OK);
    add(s, 3, 1.5, 3, 2.5, GG_DOOR_NONE, GG_COVER_TOTAL);
    assert_true(fx_los(s, 1, 2, 5, 2));
    assert_int_equal(fx_step(s, 2, 2, 3, 2), GG_STEP_ILLEGAL);
    expect_fov_consistent(s);
    expect_move_walls_exact(s);
    gg_scene_destroy(s);

    /* The Nat20 rule: touching the door's ends blocks, as Nat20 does. */
    gg_scene *nat = rule_scene(7, 5, GG_WALL_RULE_NAT20);
    add(nat, 3, 0, 3, 1.5, GG_DOOR_NONE, GG_COVER_NONE);
    add(nat, 3, 1.5, 3, 2.5, GG_DOOR_OPEN, GG_COVER_NONE);
    add(nat, 3, 2.5, 3, 5, GG_DOOR_NONE, GG_COVER_NONE);
    assert_false(fx_los(nat, 1, 1, 5, 1));
    gg_scene_destroy(nat);
}

/* A joint at the door's end still blocks what it separates: a wall leaving the jamb on the other
 * side of a line closes it (the line would cross the walls there). */
static void doorway__a_joint_at_the_jamb_still_blocks(void **state)
{
    (void)state;
    gg_scene *s = rule_scene(7, 5, GG_WALL_RULE_POINT);
    add(s, 3, 0, 3, 1.5, GG_DOOR_NONE, GG_COVER_NONE);
    add(s, 3, 1.5, 3, 2.5, GG_DOOR_OPEN, GG_COVER_NONE);
    add(s, 3, 2.5, 3, 5, GG_DOOR_NONE, GG_COVER_NONE);
    assert_true(fx_los(s, 1, 1, 5, 1));
    /* a wall from the jamb (3,1.5) down-right to (4,2.5): the line y = 1.5 has the wall above
     * the jamb on one side and this one below on the other */
    add(s, 3, 1.5, 4, 2.5, GG_DOOR_NONE, GG_COVER_NONE);
    assert_false(fx_los(s, 1, 1, 5, 1));
    assert_int_equal(fx_step(s, 2, 1, 3, 1), GG_STEP_ILLEGAL);
    expect_fov_consistent(s);
    expect_move_walls_exact(s);
    gg_scene_destroy(s);
}

/* Random fine-lattice doorways (wall - portal - wall on one line, with more walls from the jambs
 * and elsewhere), random door states, walls added in bulk and one by one: the index equals the
 * linear scan, move_walls is exact, the field of view and the matrix equal the per-cell test;
 * and with every door closed the scene answers as if the portals were walls (no leak). */
static void doorway__random_doorways_are_consistent(void **state)
{
    (void)state;
    fx_rng r;
    fx_rng_seed(&r, 1403, "doorway__random_doorways_are_consistent");
    for (int round = 0; round < 40; ++round) {
        const int32_t W = 8, H = 7;
        gg_scene *s = rule_scene(W, H, GG_WALL_RULE_POINT);
        gg_scene *closed = rule_scene(W, H, GG_WALL_RULE_POINT);
        gg_scene *walls = rule_scene(W, H, GG_WALL_RULE_POINT);
        const int doors = 1 + (int)fx_below(&r, 3);
        for (int k = 0; k < doors; ++k) {
            /* a line through a random lattice point, in a random direction, in three pieces */
            int32_t px = (int32_t)fx_below(&r, (uint32_t)(W * 2)) * (U / 2);
            int32_t py = (int32_t)fx_below(&r, (uint32_t)(H * 2)) * (U / 2);
            if (fx_below(&r, 2) == 0) {
                px += (int32_t)fx_below(&r, U / 2);
                py += (int32_t)fx_below(&r, U / 2);
            }
            int32_t dx = 0, dy = 0;
            switch (fx_below(&r, 3)) {
            case 0:
                dx = U / 2;
                break;
            case 1:
                dy = U / 2;
                break;
            default:
                dx = (int32_t)fx_below(&r, U / 2) + 1, dy = (int32_t)fx_below(&r, U) - U / 2;
                break;
            }
            const double x0 = (double)(px - 4 * dx) / U, y0 = (double)(py - 4 * dy) / U;
            const double x1 = (double)px / U, y1 = (double)py / U;
            const double x2 = (double)(px + 2 * dx) / U, y2 = (double)(py + 2 * dy) / U;
            const double x3 = (double)(px + 6 * dx) / U, y3 = (double)(py + 6 * dy) / U;
            const gg_door state_of = fx_below(&r, 3) == 0 ? GG_DOOR_CLOSED : GG_DOOR_OPEN;
            const gg_cover cover = fx_below(&r, 4) == 0 ? GG_COVER_TOTAL : GG_COVER_NONE;
            const bool jamb_wall = fx_below(&r, 2) == 0; /* another wall from a jamb */
            const double ex = x1 + ((double)fx_below(&r, 5) - 2) / 2,
                         ey = y1 + ((double)fx_below(&r, 5) - 2) / 2;
            gg_scene *all[3] = {s, closed, walls};
            for (int t = 0; t < 3; ++t) {
                add(all[t], x0, y0, x1, y1, GG_DOOR_NONE, GG_COVER_NONE);
                add(all[t], x1, y1, x2, y2,
                    t == 0 ? (cover ? GG_DOOR_NONE : state_of)
                           : (t == 1 ? GG_DOOR_CLOSED : GG_DOOR_NONE),
                    t == 0 ? cover : GG_COVER_NONE);
                add(all[t], x2, y2, x3, y3, GG_DOOR_NONE, GG_COVER_NONE);
                if (jamb_wall)
                    add(all[t], x1, y1, ex, ey, GG_DOOR_NONE, GG_COVER_NONE);
            }
        }
        expect_move_walls_exact(s);
        expect_move_walls_exact(closed);
        expect_fov_consistent(s);
        expect_fov_consistent(closed);
        for (int32_t a = 0; a < W * H; ++a)
            for (int32_t b = 0; b < W * H; b += 1 + (int32_t)fx_below(&r, 3)) {
                gg_hpoint pa = gg__wall_centre(gg_cell_make(a % W, a / W));
                gg_hpoint pb = gg__wall_centre(gg_cell_make(b % W, b / W));
                for (uint32_t mask = 1; mask <= GG_BLOCKS_LIGHT; mask <<= 1) {
                    assert_int_equal(gg__segment_hits_wall(s, pa, pb, mask),
                                     gg__segment_hits_wall_linear(s, pa, pb, mask));
                    /* closed doors: exactly the walls-only scene */
                    if (gg__segment_hits_wall(closed, pa, pb, mask) !=
                        gg__segment_hits_wall(walls, pa, pb, mask)) {
                        fail_msg("round %d: %d,%d -> %d,%d mask %u: closed doors %d, walls %d",
                                 round, (int)(a % W), (int)(a / W), (int)(b % W), (int)(b / W),
                                 (unsigned)mask, gg__segment_hits_wall(closed, pa, pb, mask),
                                 gg__segment_hits_wall(walls, pa, pb, mask));
                    }
                }
            }
        gg_scene_destroy(s);
        gg_scene_destroy(closed);
        gg_scene_destroy(walls);
    }
}

/* ---- Doorway jambs next to limited and proximity walls (point rule) ----------------------------
 * The wall x = 3 has an opening from y = 1.5 to 2.5 (half a cell off the grid): the line along
 * y = 1.5 grazes the jamb (3, 1.5). */

static gg_wall_def wall_at(double x1, double y1, double x2, double y2)
{
    gg_wall_def w = gg_wall_def_default();
    w.x1 = x1, w.y1 = y1, w.x2 = x2, w.y2 = y2;
    return w;
}

static void put(gg_scene *s, gg_wall_def w)
{
    assert_int_equal(gg_scene_add_wall(s, &w, NULL), GG_OK);
}

static gg_scene *jamb(gg_wall_def opening)
{
    gg_scene *s = rule_scene(9, 5, GG_WALL_RULE_POINT);
    put(s, wall_at(3, 0, 3, 1.5));
    put(s, opening);
    put(s, wall_at(3, 2.5, 3, 5));
    return s;
}

static void doorway__a_window_is_a_doorway_to_whom_it_is_open(void **state)
{
    (void)state;
    gg_wall_def win = wall_at(3, 1.5, 3, 2.5);
    win.sight_proximity_ft = 10; /* two cells */
    gg_scene *s = jamb(win);
    /* From (2,1), half a cell from the window: it is open, and the line along y = 1.5 grazes
     * the wall's end only. */
    assert_true(fx_los(s, 2, 1, 5, 1));
    assert_true(fx_los(s, 2, 2, 5, 2)); /* the other jamb */
    /* From (0,1), 2.5 cells away: the window is a wall, and the line crosses the joint. */
    assert_false(fx_los(s, 0, 1, 5, 1));
    /* Steps never pass a window. */
    assert_int_equal(fx_step(s, 2, 1, 3, 1), GG_STEP_ILLEGAL);
    expect_fov_consistent(s);
    expect_move_walls_exact(s);
    gg_scene_destroy(s);
    /* The same with a closed door there blocks both lines: the window's rule is its own. */
    gg_wall_def door = wall_at(3, 1.5, 3, 2.5);
    door.door = GG_DOOR_CLOSED;
    s = jamb(door);
    assert_false(fx_los(s, 2, 1, 5, 1));
    gg_scene_destroy(s);
}

static void doorway__a_limited_curtain_counts_once_at_the_jamb(void **state)
{
    (void)state;
    gg_wall_def cur = wall_at(3, 1.5, 3, 2.5);
    cur.limited = GG_BLOCKS_SIGHT | GG_BLOCKS_LIGHT;
    gg_scene *s = jamb(cur);
    /* Through the middle (x = 3 crossed at y = 1.875): one limited wall, seen. */
    assert_true(fx_los(s, 1, 1, 5, 2));
    /* Along y = 1.5: the line crosses the wall at its end and the curtain there, the full wall
     * all on one side: it crosses the curtain, one limited wall, seen. */
    assert_true(fx_los(s, 1, 1, 5, 1));
    assert_true(fx_los(s, 5, 1, 1, 1));
    /* A second curtain behind it: two limited walls, stopped (the jamb counts once). */
    gg_wall_def second = wall_at(6, 0, 6, 5);
    second.limited = GG_BLOCKS_SIGHT | GG_BLOCKS_LIGHT;
    put(s, second);
    assert_true(fx_los(s, 1, 1, 5, 1));
    assert_false(fx_los(s, 1, 1, 7, 1));
    /* Steps: the curtain is a wall to movement (limited walls limit sight and light only). */
    assert_int_equal(fx_step(s, 2, 1, 3, 1), GG_STEP_ILLEGAL);
    expect_fov_consistent(s);
    expect_move_walls_exact(s);
    gg_scene_destroy(s);
    /* Full walls on both sides of the line at the jamb still block (a joint): a wall continuing
     * the line's other side. */
    s = jamb(cur);
    put(s, wall_at(3, 1.5, 4, 1.5 + 1.0));
    assert_false(fx_los(s, 1, 1, 5, 1));
    gg_scene_destroy(s);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(doorway__offset_door_lets_the_rows_in_line_through),
        cmocka_unit_test(doorway__a_joint_at_the_jamb_still_blocks),
        cmocka_unit_test(doorway__random_doorways_are_consistent),
        cmocka_unit_test(doorway__a_window_is_a_doorway_to_whom_it_is_open),
        cmocka_unit_test(doorway__a_limited_curtain_counts_once_at_the_jamb),
    };
    return cmocka_run_group_tests_name("topology/doorway", tests, NULL, NULL);
}
