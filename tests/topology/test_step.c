/* test_step.c - distance family and step legality (spec sections 3 and 7). */
#include "fixture.h"

static void step__unit_wall_blocks_the_steps_that_touch_it(void **state)
{
    (void)state;
    /* spec 7, hand/unit_wall_corners: wall (1,1)-(2,1) */
    gg_scene *s = fx_scene(3, 3, NULL);
    fx_wall(s, 1, 1, 2, 1);
    assert_int_equal(fx_step(s, 1, 0, 1, 1), GG_STEP_ILLEGAL);
    assert_int_equal(fx_step(s, 0, 0, 1, 1), GG_STEP_ILLEGAL);
    assert_int_equal(fx_step(s, 2, 0, 1, 1), GG_STEP_ILLEGAL);
    assert_int_equal(fx_step(s, 0, 1, 1, 0), GG_STEP_ILLEGAL);
    assert_int_equal(fx_step(s, 2, 1, 1, 0), GG_STEP_ILLEGAL);
    assert_int_equal(fx_step(s, 0, 1, 0, 0), 5);
    assert_int_equal(fx_step(s, 1, 1, 0, 0), GG_STEP_ILLEGAL); /* symmetric */
    gg_scene_destroy(s);
}

static void step__corner_rule_blocked_target_and_difficult_cost(void **state)
{
    (void)state;
    const char *rows[] = {".#..", "..~.", "....", "...."};
    gg_scene *s = fx_scene(4, 4, rows);
    assert_int_equal(fx_step(s, 0, 0, 1, 1), GG_STEP_ILLEGAL); /* cuts 1,0 */
    assert_int_equal(fx_step(s, 2, 1, 1, 0), GG_STEP_ILLEGAL); /* blocked target */
    assert_int_equal(fx_step(s, 1, 1, 2, 0), GG_STEP_ILLEGAL); /* cuts 1,0 */
    assert_int_equal(fx_step(s, 1, 1, 2, 1), 10);              /* entering difficult */
    assert_int_equal(fx_step(s, 2, 1, 3, 1), 5);               /* leaving costs normally */
    assert_int_equal(fx_step(s, 1, 1, 1, 1), GG_STEP_ILLEGAL);
    assert_int_equal(fx_step(s, 0, 0, 2, 0), GG_STEP_ILLEGAL);
    assert_int_equal(fx_step(s, 0, 3, -1, 3), GG_STEP_ILLEGAL); /* off-map: illegal, GG_OK */
    assert_int_equal(fx_step(s, 1, 0, 0, 1), 5); /* leaving a blocked cell is allowed (Nat20) */
    int32_t cost;
    assert_int_equal(gg_scene_edge_distance(NULL, gg_cell_make(0, 0), gg_cell_make(0, 1), &cost),
                     GG_E_INVALID_ARG);
    assert_int_equal(gg_scene_edge_distance(s, gg_cell_make(0, 0), gg_cell_make(0, 1), NULL),
                     GG_E_INVALID_ARG);
    gg_scene_destroy(s);
}

/* Feet are int32_t: the longest distance the largest scene can hold, at the largest cell size,
 * still fits, and a range at INT32_MAX covers it. */
static void step__largest_distance_fits_int32(void **state)
{
    (void)state;
    gg_scene_def d = gg_scene_def_default();
    d.width = GG_SCENE_MAX_SIDE;
    d.height = 1;
    d.cell_size_ft = GG_SCENE_MAX_CELL_FT;
    gg_scene *s = NULL;
    assert_int_equal(gg_scene_create(&d, &s), GG_OK);
    gg_cell a = gg_cell_make(0, 0), b = gg_cell_make(GG_SCENE_MAX_SIDE - 1, 0);
    int32_t ft = 0;
    assert_int_equal(gg_scene_distance_ft(s, a, b, &ft), GG_OK);
    assert_true((int64_t)ft == (int64_t)(GG_SCENE_MAX_SIDE - 1) * GG_SCENE_MAX_CELL_FT);
    bool within = false;
    assert_int_equal(gg_scene_within_range(s, a, b, INT32_MAX, &within), GG_OK);
    assert_true(within);
    assert_int_equal(gg_scene_within_range(s, a, b, ft - 1, &within), GG_OK);
    assert_false(within);
    gg_scene_destroy(s);
}

static void step__distance_range_adjacency_validity(void **state)
{
    (void)state;
    const char *rows[] = {"...", ".#.", "..."};
    gg_scene *s = fx_scene(3, 3, rows);
    int32_t ft = 0;
    assert_int_equal(gg_scene_distance_ft(s, gg_cell_make(0, 0), gg_cell_make(2, 1), &ft), GG_OK);
    assert_int_equal(ft, 10);
    assert_int_equal(gg_scene_distance_ft(s, gg_cell_make(0, 0), gg_cell_make(3, 1), &ft),
                     GG_E_OUT_OF_BOUNDS);
    bool b = true;
    assert_int_equal(gg_scene_within_range(s, gg_cell_make(0, 0), gg_cell_make(2, 2), 10, &b),
                     GG_OK);
    assert_true(b);
    assert_int_equal(gg_scene_within_range(s, gg_cell_make(0, 0), gg_cell_make(2, 2), 9, &b),
                     GG_OK);
    assert_false(b);
    assert_int_equal(gg_scene_within_range(s, gg_cell_make(0, 0), gg_cell_make(0, 0), 0, &b),
                     GG_OK);
    assert_true(b);
    assert_int_equal(gg_scene_within_range(s, gg_cell_make(0, 0), gg_cell_make(0, 0), -1, &b),
                     GG_OK);
    assert_false(b);
    assert_int_equal(gg_scene_within_range(s, gg_cell_make(0, 0), gg_cell_make(9, 0), 99, &b),
                     GG_OK);
    assert_false(b);
    assert_int_equal(gg_scene_is_adjacent(s, gg_cell_make(0, 0), gg_cell_make(1, 1), &b), GG_OK);
    assert_false(b); /* blocked b */
    assert_int_equal(gg_scene_is_adjacent(s, gg_cell_make(1, 1), gg_cell_make(0, 0), &b), GG_OK);
    assert_true(b); /* a may be blocked */
    assert_int_equal(gg_scene_is_adjacent(s, gg_cell_make(0, 0), gg_cell_make(0, 0), &b), GG_OK);
    assert_false(b);
    assert_int_equal(gg_scene_is_valid_cell(s, gg_cell_make(1, 1), &b), GG_OK);
    assert_false(b);
    assert_int_equal(gg_scene_is_valid_cell(s, gg_cell_make(-1, 1), &b), GG_OK);
    assert_false(b);
    assert_int_equal(gg_scene_is_valid_cell(s, gg_cell_make(2, 1), &b), GG_OK);
    assert_true(b);
    assert_int_equal(gg_scene_is_valid_cell(s, gg_cell_make(2, 1), NULL), GG_E_INVALID_ARG);
    assert_int_equal(gg_scene_within_range(NULL, gg_cell_make(0, 0), gg_cell_make(0, 0), 0, &b),
                     GG_E_INVALID_ARG);
    assert_int_equal(gg_scene_is_adjacent(s, gg_cell_make(0, 0), gg_cell_make(0, 0), NULL),
                     GG_E_INVALID_ARG);
    gg_scene_destroy(s);
}

static void step__legality_is_symmetric_on_random_maps(void **state)
{
    (void)state;
    fx_rng r;
    fx_rng_seed(&r, 42, "step__legality_is_symmetric_on_random_maps");
    for (int round = 0; round < 30; ++round) {
        gg_scene *s = fx_scene(8, 8, NULL);
        for (int k = 0; k < 8; ++k) {
            gg_cell c = gg_cell_make((int32_t)fx_below(&r, 8), (int32_t)fx_below(&r, 8));
            assert_int_equal(gg_scene_set_blocked(s, c, true), GG_OK);
        }
        for (int k = 0; k < 6; ++k)
            fx_wall(s, fx_below(&r, 9), fx_below(&r, 9), fx_below(&r, 9), fx_below(&r, 9));
        for (int a = 0; a < 64; ++a)
            for (int d = 0; d < 9; ++d) {
                int ac = a % 8, ar = a / 8, bc = ac + d % 3 - 1, br = ar + d / 3 - 1;
                bool ab = fx_step(s, ac, ar, bc, br) != GG_STEP_ILLEGAL;
                bool ba = fx_step(s, bc, br, ac, ar) != GG_STEP_ILLEGAL;
                bool blocked_a = false, blocked_b = false;
                if (gg_scene_contains(s, gg_cell_make(ac, ar)) &&
                    gg_scene_contains(s, gg_cell_make(bc, br))) {
                    gg_cover c;
                    assert_int_equal(gg_scene_cover_on_cell(s, gg_cell_make(ac, ar), &c), GG_OK);
                    blocked_a = c == GG_COVER_TOTAL;
                    assert_int_equal(gg_scene_cover_on_cell(s, gg_cell_make(bc, br), &c), GG_OK);
                    blocked_b = c == GG_COVER_TOTAL;
                }
                if (!blocked_a && !blocked_b)
                    assert_int_equal(ab, ba);
            }
        gg_scene_destroy(s);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(step__unit_wall_blocks_the_steps_that_touch_it),
        cmocka_unit_test(step__corner_rule_blocked_target_and_difficult_cost),
        cmocka_unit_test(step__distance_range_adjacency_validity),
        cmocka_unit_test(step__largest_distance_fits_int32),
        cmocka_unit_test(step__legality_is_symmetric_on_random_maps),
    };
    return cmocka_run_group_tests_name("topology/step", tests, NULL, NULL);
}
