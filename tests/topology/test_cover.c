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

/* The reference: Nat20's cover_between read off gg_line_next() with the occupied list as given. */
static gg_cover ref_cover(const gg_scene *s, gg_cell a, gg_cell b, const gg_cell *occ, int32_t n)
{
    gg_cover best = GG_COVER_NONE;
    gg_line_iter it = gg_line_begin(a, b);
    gg_cell c;
    while (gg_line_next(&it, &c)) {
        if (gg_cell_eq(c, a))
            continue;
        const bool target = gg_cell_eq(c, b);
        gg_cover here = GG_COVER_NONE;
        assert_int_equal(gg_scene_cover_on_cell(s, c, &here), GG_OK);
        if (here == GG_COVER_TOTAL) {
            int32_t tag = 0;
            assert_int_equal(gg_scene_cell_tags(s, GG_TAG_BLOCKED, c, 1, &tag), GG_OK);
            if (tag && !target)
                return GG_COVER_TOTAL;
            assert_int_equal(gg_scene_cell_tags(s, GG_TAG_COVER, c, 1, &tag), GG_OK);
            here = (gg_cover)tag;
        }
        bool listed = false;
        for (int32_t k = 0; k < n; ++k)
            listed = listed || gg_cell_eq(occ[k], c);
        if (!target && here < GG_COVER_HALF && listed)
            here = GG_COVER_HALF;
        if (here > best)
            best = here;
    }
    return best;
}

/* The inlined walk (with the creatures near the line picked out first, and the listed walk for
 * crowds) equals the reference on random scenes: tags, blocked cells, creatures on and off the
 * map, repeated, and crowds of more than 16 near the line. */
static void cover__inlined_walk_equals_the_line_iterator(void **state)
{
    (void)state;
    fx_rng r;
    fx_rng_seed(&r, 4215, "cover__inlined_walk_equals_the_line_iterator");
    for (int round = 0; round < 40; ++round) {
        const int32_t w = 1 + (int32_t)fx_below(&r, 30), h = 1 + (int32_t)fx_below(&r, 30);
        gg_scene *s = fx_open(w, h);
        for (int32_t k = 0; k < w * h / 4; ++k) {
            const gg_cell c = fx_c(fx_below(&r, w), fx_below(&r, h));
            if (fx_below(&r, 3) == 0)
                assert_int_equal(gg_scene_set_blocked(s, c, true), GG_OK);
            else
                assert_int_equal(gg_scene_set_cover(s, c, (gg_cover)fx_below(&r, 4)), GG_OK);
        }
        gg_cell occ[40];
        const int32_t n = (int32_t)fx_below(&r, 41);
        for (int32_t k = 0; k < n; ++k)
            occ[k] = fx_c((int32_t)fx_below(&r, w + 2) - 1, (int32_t)fx_below(&r, h + 2) - 1);
        for (int k = 0; k < 400; ++k) {
            const gg_cell a = fx_c(fx_below(&r, w), fx_below(&r, h));
            const gg_cell b = fx_c(fx_below(&r, w), fx_below(&r, h));
            gg_cover got = GG_COVER_NONE;
            assert_int_equal(gg_scene_cover_between(s, a, b, occ, n, &got), GG_OK);
            assert_int_equal(got, ref_cover(s, a, b, occ, n));
        }
        gg_scene_destroy(s);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(cover__worked_examples_of_the_spec),
        cmocka_unit_test(cover__creatures_never_raise_a_tag_above_half_and_direction_matters),
        cmocka_unit_test(cover__inlined_walk_equals_the_line_iterator),
    };
    return cmocka_run_group_tests_name("topology/cover", tests, NULL, NULL);
}
