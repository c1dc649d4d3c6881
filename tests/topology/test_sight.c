/* test_sight.c - Nat20 line of sight (spec section 6): blocked cells on the Bresenham walk,
 * closed wall tests, border walls, walls through centres, joints. */
#include "fixture.h"

#include "test_alloc.h"

static void sight__blocked_cells_block_except_endpoints_and_direction_matters(void **state)
{
    (void)state;
    const char *rows[] = {".#.", "...", "..."};
    gg_scene *s = fx_scene(3, 3, rows);
    /* spec 5: with blocked 1,0 the walk 0,0->2,1 is 0,0 1,1 2,1 but 2,1->0,0 is 2,1 1,0 0,0 */
    assert_true(fx_los(s, 0, 0, 2, 1));
    assert_false(fx_los(s, 2, 1, 0, 0));
    assert_true(fx_los(s, 0, 0, 1, 0)); /* target blocked: endpoints never block */
    assert_true(fx_los(s, 1, 0, 1, 2));
    bool v = true;
    assert_int_equal(gg_scene_has_line_of_sight(s, gg_cell_make(0, 0), gg_cell_make(3, 0), &v),
                     GG_E_OUT_OF_BOUNDS);
    assert_false(v);
    assert_int_equal(gg_scene_has_line_of_sight(NULL, gg_cell_make(0, 0), gg_cell_make(1, 0), &v),
                     GG_E_INVALID_ARG);
    assert_int_equal(gg_scene_has_line_of_sight(s, gg_cell_make(0, 0), gg_cell_make(1, 0), NULL),
                     GG_E_INVALID_ARG);
    gg_scene_destroy(s);
}

static void sight__touching_walls_block_and_border_walls_do_not(void **state)
{
    (void)state;
    gg_scene *s = fx_scene(5, 5, NULL);
    fx_wall(s, 1, 1, 1, 0); /* ends on the corner the 0,0->1,1 diagonal passes through */
    assert_false(fx_los(s, 0, 0, 1, 1));
    assert_true(fx_los(s, 0, 1, 0, 2));
    fx_wall(s, 0, 0, 5, 0); /* the outer border */
    fx_wall(s, 5, 0, 5, 5);
    assert_true(fx_los(s, 4, 0, 0, 4));
    gg_scene_destroy(s);
    s = fx_scene(5, 5, NULL);
    fx_wall(s, 3, 3, 3, 3); /* a point wall on a corner blocks diagonals through it */
    assert_false(fx_los(s, 2, 2, 3, 3));
    assert_true(fx_los(s, 2, 2, 3, 2));
    gg_scene_destroy(s);
}

static void sight__a_wall_through_centres_blinds_those_cells(void **state)
{
    (void)state;
    gg_scene *s = fx_scene(5, 5, NULL);
    fx_wall(s, 0, 0, 5, 5);
    assert_false(fx_los(s, 2, 2, 2, 2));
    assert_false(fx_los(s, 2, 2, 0, 4));
    assert_true(fx_los(s, 3, 0, 4, 1));                        /* off the diagonal, on one side */
    assert_int_equal(fx_step(s, 1, 1, 2, 1), GG_STEP_ILLEGAL); /* pinned */
    gg_scene_destroy(s);
}

static void sight__joints_block_like_one_wall(void **state)
{
    (void)state;
    /* Every split of a straight wall, an L and a T, blocks exactly as the whole wall: checked
     * for every pair of cells on a 6x6 map. */
    for (int split = 1; split < 6; ++split) {
        gg_scene *one = fx_scene(6, 6, NULL), *two = fx_scene(6, 6, NULL);
        fx_wall(one, 3, 0, 3, 6);
        fx_wall(two, 3, 0, 3, split);
        fx_wall(two, 3, split, 3, 6);
        fx_wall(one, 0, split, 3, split); /* an L / T joint on both */
        fx_wall(two, 0, split, 2, split);
        fx_wall(two, 2, split, 3, split);
        for (int a = 0; a < 36; ++a)
            for (int b = 0; b < 36; ++b)
                assert_int_equal(fx_los(one, a % 6, a / 6, b % 6, b / 6),
                                 fx_los(two, a % 6, a / 6, b % 6, b / 6));
        gg_scene_destroy(one);
        gg_scene_destroy(two);
    }
}

static void sight__half_cell_walls_are_exact(void **state)
{
    (void)state;
    gg_scene *s = fx_scene(4, 4, NULL);
    fx_wall(s, 1.5, 0, 1.5, 1); /* through the centre column of cell 1,0 */
    assert_false(fx_los(s, 0, 0, 2, 0));
    assert_false(fx_los(s, 1, 0, 1, 0)); /* passes through its centre */
    assert_true(fx_los(s, 0, 1, 2, 1));
    gg_scene_destroy(s);
}

static void sight__queries_allocate_nothing(void **state)
{
    (void)state;
    gg_test_alloc ta;
    gg_test_alloc_init(&ta, -1);
    gg_scene_def d = gg_scene_def_default();
    d.width = 16;
    d.height = 16;
    d.allocator = &ta.iface;
    gg_scene *s = NULL;
    assert_int_equal(gg_scene_create(&d, &s), GG_OK);
    for (int k = 0; k < 100; ++k) /* enough single adds to leave some walls pending */
        fx_wall(s, k % 15 + 1, k % 7, k % 15 + 1, k % 7 + 1);
    assert_int_equal(gg_scene_set_blocked(s, gg_cell_make(3, 3), true), GG_OK);
    gg_test_alloc_fail_from_now(&ta);
    long before = ta.calls;
    bool b;
    gg_cover c;
    int32_t cost;
    int32_t ft;
    for (int a = 0; a < 256; a += 5)
        for (int t = 0; t < 256; t += 3) {
            gg_cell ca = gg_cell_make(a % 16, a / 16), cb = gg_cell_make(t % 16, t / 16);
            assert_int_equal(gg_scene_has_line_of_sight(s, ca, cb, &b), GG_OK);
            assert_int_equal(gg_scene_cover_between(s, ca, cb, &ca, 1, &c), GG_OK);
            assert_int_equal(gg_scene_edge_distance(s, ca, cb, &cost), GG_OK);
            assert_int_equal(gg_scene_is_adjacent(s, ca, cb, &b), GG_OK);
            assert_int_equal(gg_scene_distance_ft(s, ca, cb, &ft), GG_OK);
        }
    assert_int_equal(ta.calls, before); /* not even attempted */
    gg_scene_destroy(s);
    assert_int_equal(ta.live_bytes, 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(sight__blocked_cells_block_except_endpoints_and_direction_matters),
        cmocka_unit_test(sight__touching_walls_block_and_border_walls_do_not),
        cmocka_unit_test(sight__a_wall_through_centres_blinds_those_cells),
        cmocka_unit_test(sight__joints_block_like_one_wall),
        cmocka_unit_test(sight__half_cell_walls_are_exact),
        cmocka_unit_test(sight__queries_allocate_nothing),
    };
    return cmocka_run_group_tests_name("topology/sight", tests, NULL, NULL);
}
