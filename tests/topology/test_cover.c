/* test_cover.c - Nat20 tagged cover (spec section 8). */
#include "fixture.h"

static gg_cover cover(const gg_scene *s, int ac, int ar, int bc, int br, const gg_cell *occ, int n)
{
    gg_cover c = GG_COVER_TOTAL;
    assert_int_equal(gg_scene_cover_between(s, gg_cell_make(ac, ar), gg_cell_make(bc, br), occ, n,
                                            &c),
                     GG_OK);
    return c;
}

static void cover__worked_examples_of_the_spec(void **state)
{
    (void)state;
    /* spec 8.1: tags 1,1 half; 2,1 three_quarters; 4,2 half; 0,0 total; 5,5 total; blocked
     * 3,3; wall x=1 from y=4..6 */
    const char *rows[] = {"T.....", ".ht...", "....h.", "...#..", "......", ".....T"};
    gg_scene *s = fx_scene(6, 6, rows);
    fx_wall(s, 1, 4, 1, 6);
    assert_int_equal(cover(s, 0, 0, 2, 1, NULL, 0), GG_COVER_THREE_QUARTERS); /* own tag */
    assert_int_equal(cover(s, 2, 1, 0, 0, NULL, 0), GG_COVER_TOTAL);
    assert_int_equal(cover(s, 2, 2, 3, 3, NULL, 0), GG_COVER_NONE); /* blocked target */
    assert_int_equal(cover(s, 0, 5, 2, 5, NULL, 0), GG_COVER_NONE); /* walls give none */
    gg_cell occ[2] = {{1, 0}, {1, 0}};
    assert_int_equal(cover(s, 0, 0, 2, 0, occ, 2), GG_COVER_HALF);
    assert_int_equal(cover(s, 0, 0, 2, 0, NULL, 0), GG_COVER_NONE);
    gg_cell on_target[1] = {{2, 0}};
    assert_int_equal(cover(s, 0, 0, 2, 0, on_target, 1), GG_COVER_NONE);
    assert_int_equal(cover(s, 3, 1, 3, 5, NULL, 0), GG_COVER_TOTAL); /* blocked 3,3 between */
    gg_cover c;
    assert_int_equal(gg_scene_cover_between(s, gg_cell_make(0, 0), gg_cell_make(6, 0), NULL, 0, &c),
                     GG_E_OUT_OF_BOUNDS);
    assert_int_equal(c, GG_COVER_NONE);
    assert_int_equal(gg_scene_cover_between(s, gg_cell_make(0, 0), gg_cell_make(1, 0), NULL, 1, &c),
                     GG_E_INVALID_ARG);
    assert_int_equal(gg_scene_cover_between(s, gg_cell_make(0, 0), gg_cell_make(1, 0), occ, -1, &c),
                     GG_E_INVALID_ARG);
    assert_int_equal(gg_scene_cover_on_cell(s, gg_cell_make(3, 3), &c), GG_OK);
    assert_int_equal(c, GG_COVER_TOTAL);
    assert_int_equal(gg_scene_cover_on_cell(s, gg_cell_make(9, 3), &c), GG_OK);
    assert_int_equal(c, GG_COVER_NONE);
    gg_scene_destroy(s);
}

static void cover__creatures_never_raise_a_tag_above_half_and_direction_matters(void **state)
{
    (void)state;
    const char *rows[] = {"....", ".t..", "...."};
    gg_scene *s = fx_scene(4, 3, rows);
    gg_cell occ[1] = {{1, 1}};
    assert_int_equal(cover(s, 0, 0, 2, 1, occ, 1), GG_COVER_THREE_QUARTERS);
    assert_int_equal(cover(s, 2, 1, 0, 0, NULL, 0), GG_COVER_NONE); /* walk 2,1 1,0 0,0 */
    gg_scene_destroy(s);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(cover__worked_examples_of_the_spec),
        cmocka_unit_test(cover__creatures_never_raise_a_tag_above_half_and_direction_matters),
    };
    return cmocka_run_group_tests_name("topology/cover", tests, NULL, NULL);
}
