/* test_cover_corners2d.c - mode corners_2d (the DMG corner rule), checked against every C2D
 * worked case (docs/cover.md), with their tagged, obstruction and option variants. */
#include "cover_fixture.h"

#define M2 GG_COVER_MODE_CORNERS_2D
#define MT GG_COVER_MODE_TAGGED

static void expect(cfx *c, const gg_cover_def *d, gg_cover degree, int sc, int sr, int corner,
                   int tc, int tr, const char *caps)
{
    gg_cover_result r = cfx_run(c, d);
    char buf[64];
    assert_int_equal(r.degree, degree);
    if (sc >= 0) {
        assert_int_equal(r.source_cell.col, sc);
        assert_int_equal(r.source_cell.row, sr);
        assert_int_equal(r.source_corner, corner);
        assert_int_equal(r.target_cell.col, tc);
        assert_int_equal(r.target_cell.row, tr);
    }
    if (caps != NULL)
        assert_string_equal(cfx_caps(c, buf), caps);
}

/* The obstruction of the least obstructed line set (the geometry the 3.5 SRD scores). */
static gg_cover_obstruction obstruction(cfx *c, gg_cover_def d)
{
    d.choice = GG_COVER_CHOICE_OBSTRUCTION;
    return cfx_run(c, &d).obstruction;
}

static void corners2d__C2D_03_wall_behind_the_target_gives_nothing(void **state)
{
    (void)state;
    const char *m[] = {"A..T."};
    cfx c;
    cfx_build(&c, 5, 1, m);
    cfx_wall(&c, 4, -1, 4, 2, GG_COVER_NONE);
    gg_cover_def d = cfx_def(M2);
    expect(&c, &d, GG_COVER_NONE, -1, 0, 0, 0, 0, "NNNN");
    assert_int_equal(cfx_degree(&c, MT), GG_COVER_NONE);
    cfx_free(&c);
}

static void corners2d__C2D_04_wall_along_the_row_edge(void **state)
{
    (void)state;
    const char *m[] = {"A..T"};
    cfx c;
    cfx_build(&c, 4, 1, m);
    cfx_wall(&c, -1, 0, 6, 0, GG_COVER_NONE);
    assert_int_equal(cfx_degree(&c, M2), GG_COVER_NONE);
    gg_cover_def d = cfx_def(M2);
    d.exact_corners = true;
    assert_int_equal(cfx_run(&c, &d).degree, GG_COVER_NONE);
    assert_int_equal(cfx_degree(&c, MT), GG_COVER_NONE);
    cfx_free(&c);
}

static void corners2d__C2D_05_pillar_in_line_is_total(void **state)
{
    (void)state;
    const char *m[] = {"A.#.T"};
    cfx c;
    cfx_build(&c, 5, 1, m);
    gg_cover_def d = cfx_def(M2);
    expect(&c, &d, GG_COVER_TOTAL, 0, 0, 0, 4, 0, "TTTT");
    d.exact_corners = true;
    assert_int_equal(cfx_run(&c, &d).degree, GG_COVER_HALF);
    assert_int_equal(cfx_degree(&c, MT), GG_COVER_TOTAL);
    assert_int_equal(obstruction(&c, cfx_def(M2)), GG_OBSTRUCTION_TOTAL);
    cfx_free(&c);
}

static void corners2d__C2D_06_the_far_attacker_corner_wins(void **state)
{
    (void)state;
    const char *m[] = {"..#.T", "A...."};
    cfx c;
    cfx_build(&c, 5, 2, m);
    gg_cover_def d = cfx_def(M2);
    expect(&c, &d, GG_COVER_HALF, 0, 1, 2, 4, 0, "TTNN");
    d.exact_corners = true;
    assert_int_equal(cfx_run(&c, &d).degree, GG_COVER_HALF);
    assert_int_equal(cfx_degree(&c, MT), GG_COVER_TOTAL);
    assert_int_equal(obstruction(&c, cfx_def(M2)), GG_OBSTRUCTION_PARTIAL);
    cfx_swap(&c);
    assert_int_equal(cfx_degree(&c, MT), GG_COVER_NONE); /* the classic walk is asymmetric */
    cfx_free(&c);
}

static void corners2d__C2D_09_arrow_slit_is_three_quarters(void **state)
{
    (void)state;
    const char *m[] = {"..#.", "..#.", "A.qT", "..#.", "..#."}; /* y = -1..3, shifted by 1 */
    cfx c;
    cfx_build(&c, 4, 5, m);
    gg_cover_def d = cfx_def(M2);
    expect(&c, &d, GG_COVER_THREE_QUARTERS, -1, 0, 0, 0, 0, "QQQQ");
    assert_int_equal(cfx_degree(&c, MT), GG_COVER_THREE_QUARTERS);
    assert_int_equal(obstruction(&c, cfx_def(M2)), GG_OBSTRUCTION_HEAVY);
    cfx_free(&c);
}

static void corners2d__C2D_10_portcullis_never_total_a_solid_column_is(void **state)
{
    (void)state;
    const char *mq[] = {"..q.", "..q.", "..q.", "A.qT", "..q.", "..q.", "..q."};
    const char *ms[] = {"..#.", "..#.", "..#.", "A.#T", "..#.", "..#.", "..#."};
    cfx c;
    cfx_build(&c, 4, 7, mq);
    gg_cover_def d = cfx_def(M2);
    expect(&c, &d, GG_COVER_THREE_QUARTERS, -1, 0, 0, 0, 0, "QQQQ");
    assert_int_equal(cfx_degree(&c, MT), GG_COVER_THREE_QUARTERS);
    assert_int_equal(obstruction(&c, cfx_def(M2)), GG_OBSTRUCTION_HEAVY);
    cfx_free(&c);
    cfx_build(&c, 4, 7, ms);
    expect(&c, &d, GG_COVER_TOTAL, -1, 0, 0, 0, 0, "TTTT");
    assert_int_equal(cfx_degree(&c, MT), GG_COVER_TOTAL);
    assert_int_equal(obstruction(&c, cfx_def(M2)), GG_OBSTRUCTION_TOTAL);
    cfx_free(&c);
}

static void corners2d__C2D_11_a_creature_in_line_is_half_never_total(void **state)
{
    (void)state;
    const char *m[] = {"A.c.T"};
    cfx c;
    cfx_build(&c, 5, 1, m);
    gg_cover_def d = cfx_def(M2);
    expect(&c, &d, GG_COVER_HALF, -1, 0, 0, 0, 0, "HHHH");
    assert_int_equal(c.lines[0].by, GG_COVER_BY_CREATURE);
    assert_int_equal(c.lines[0].index, 0);
    d.creature_cap = GG_COVER_THREE_QUARTERS;
    assert_int_equal(cfx_run(&c, &d).degree, GG_COVER_THREE_QUARTERS);
    d = cfx_def(M2);
    d.exact_corners = true;
    assert_int_equal(cfx_run(&c, &d).degree, GG_COVER_HALF);
    assert_int_equal(cfx_degree(&c, MT), GG_COVER_HALF);
    d = cfx_def(MT);
    d.creature_cap = GG_COVER_NONE;
    assert_int_equal(cfx_run(&c, &d).degree, GG_COVER_NONE);
    d = cfx_def(M2);
    d.choice = GG_COVER_CHOICE_OBSTRUCTION;
    gg_cover_result r = cfx_run(&c, &d);
    assert_int_equal(r.obstruction, GG_OBSTRUCTION_PARTIAL);
    assert_true((r.flags & GG_COVER_FLAG_SOFT) != 0);
    cfx_free(&c);
}

static void corners2d__C2D_12_two_creatures_pinch_the_diagonal(void **state)
{
    (void)state;
    const char *m[] = {"A...", "..c.", ".c..", "...T"};
    cfx c;
    cfx_build(&c, 4, 4, m);
    gg_cover_def d = cfx_def(M2);
    expect(&c, &d, GG_COVER_HALF, 0, 0, 0, 3, 3, "HHHH");
    assert_true(c.lines[0].pinch);
    d.creature_cap = GG_COVER_THREE_QUARTERS;
    assert_int_equal(cfx_run(&c, &d).degree, GG_COVER_THREE_QUARTERS);
    assert_int_equal(cfx_degree(&c, MT), GG_COVER_NONE);
    d = cfx_def(M2);
    d.choice = GG_COVER_CHOICE_OBSTRUCTION;
    gg_cover_result r = cfx_run(&c, &d);
    assert_int_equal(r.obstruction, GG_OBSTRUCTION_PARTIAL);
    assert_true((r.flags & GG_COVER_FLAG_SOFT) != 0);
    cfx_free(&c);
}

static void corners2d__C2D_13_caps_count_cumulatively_and_a_pinch_takes_the_lower(void **state)
{
    (void)state;
    const char *m[] = {"A...", "..#.", ".c..", "...T"};
    cfx c;
    cfx_build(&c, 4, 4, m);
    gg_cover_def d = cfx_def(M2);
    expect(&c, &d, GG_COVER_HALF, 0, 0, 2, 3, 3, "HHHH");
    assert_true(c.lines[1].pinch);
    d.creature_cap = GG_COVER_THREE_QUARTERS;
    assert_int_equal(cfx_run(&c, &d).degree, GG_COVER_THREE_QUARTERS);
    assert_int_equal(cfx_degree(&c, MT), GG_COVER_NONE);
    assert_int_equal(obstruction(&c, cfx_def(M2)), GG_OBSTRUCTION_PARTIAL);
    cfx_free(&c);
}

static void corners2d__C2D_14_creature_beside_the_target_on_a_diagonal_shot(void **state)
{
    (void)state;
    const char *m[] = {"...T", "...c", "....", "A..."};
    cfx c;
    cfx_build(&c, 4, 4, m);
    gg_cover_def d = cfx_def(M2);
    expect(&c, &d, GG_COVER_HALF, 0, 3, 0, 3, 0, "NNNH");
    assert_int_equal(cfx_degree(&c, MT), GG_COVER_NONE);
    d.choice = GG_COVER_CHOICE_OBSTRUCTION;
    gg_cover_result r = cfx_run(&c, &d);
    assert_int_equal(r.obstruction, GG_OBSTRUCTION_PARTIAL);
    assert_true((r.flags & GG_COVER_FLAG_SOFT) != 0);
    cfx_free(&c);
}

static void corners2d__C2D_15_melee_around_a_corner(void **state)
{
    (void)state;
    const char *m[] = {".T", "A#"};
    cfx c;
    cfx_build(&c, 2, 2, m);
    gg_cover_def d = cfx_def(M2);
    d.kind = GG_ATTACK_MELEE;
    expect(&c, &d, GG_COVER_NONE, 0, 1, 0, 1, 0, "NNNN");
    d.choice = GG_COVER_CHOICE_OBSTRUCTION;
    gg_cover_result r = cfx_run(&c, &d);
    assert_int_equal(r.obstruction, GG_OBSTRUCTION_PARTIAL); /* 5/16 > 1/4 */
    assert_int_equal(r.lines, 16);
    assert_int_equal(r.n_total, 5);
    assert_true((r.flags & GG_COVER_FLAG_SOFT) == 0); /* adjacent melee ignores creatures */
    cfx_free(&c);
}

static void corners2d__C2D_16_staircase_pinch_is_total(void **state)
{
    (void)state;
    const char *m[] = {"A..#", "..#.", ".#..", "#..T"};
    cfx c;
    cfx_build(&c, 4, 4, m);
    gg_cover_def d = cfx_def(M2);
    expect(&c, &d, GG_COVER_TOTAL, -1, 0, 0, 0, 0, "TTTT");
    d.pinch_pass = true;
    expect(&c, &d, GG_COVER_HALF, 0, 0, 0, 3, 3, NULL);
    assert_int_equal(cfx_degree(&c, MT), GG_COVER_NONE);
    assert_int_equal(obstruction(&c, cfx_def(M2)), GG_OBSTRUCTION_TOTAL);
    cfx_free(&c);
}

static void corners2d__C2D_17_slalom_tangencies_do_not_block(void **state)
{
    (void)state;
    const char *m[] = {"A#..", "....", ".#..", "...T"};
    cfx c;
    cfx_build(&c, 4, 4, m);
    gg_cover_def d = cfx_def(M2);
    expect(&c, &d, GG_COVER_HALF, 0, 0, 0, 3, 3, "NTTN");
    /* cover-cases.md says EXACT_CORNERS gives THREE_QUARTERS here, but with literal corners
     * the TL and BR lines still only graze (1,1) and (2,2) on opposite sides at different
     * points, which d.3.3 and d.9 ("tangency clear") call a slalom: the model gives HALF. */
    d.exact_corners = true;
    assert_int_equal(cfx_run(&c, &d).degree, GG_COVER_HALF);
    assert_int_equal(cfx_degree(&c, MT), GG_COVER_NONE);
    assert_int_equal(obstruction(&c, cfx_def(M2)), GG_OBSTRUCTION_PARTIAL);
    cfx_free(&c);
}

static void corners2d__C2D_18_own_low_wall_and_the_low_obstacle_rule(void **state)
{
    (void)state;
    const char *m[] = {"......", "Ah...T"};
    cfx c;
    cfx_build(&c, 6, 2, m);
    gg_cover_def d = cfx_def(M2);
    expect(&c, &d, GG_COVER_HALF, -1, 0, 0, 0, 0, "HHHH");
    assert_int_equal(obstruction(&c, d), GG_OBSTRUCTION_PARTIAL);
    d.low_obstacle_rule = true;
    assert_int_equal(cfx_run(&c, &d).degree, GG_COVER_NONE);
    assert_int_equal(obstruction(&c, d), GG_OBSTRUCTION_NONE);
    assert_int_equal(cfx_degree(&c, MT), GG_COVER_HALF);
    cfx_free(&c);
}

static void corners2d__C2D_20_large_target_best_square(void **state)
{
    (void)state;
    const char *m[] = {"A.#TT", "...TT"};
    cfx c;
    cfx_build(&c, 5, 2, m);
    assert_int_equal(c.tgt.size, GG_SIZE_LARGE);
    gg_cover_def d = cfx_def(M2);
    expect(&c, &d, GG_COVER_NONE, 0, 0, 2, 3, 1, "NNNN");
    cfx_free(&c);
}

static void corners2d__C2D_21_large_attacker(void **state)
{
    (void)state;
    const char *m[] = {"AA.#.T", "AA...."};
    cfx c;
    cfx_build(&c, 6, 2, m);
    assert_int_equal(c.att.size, GG_SIZE_LARGE);
    gg_cover_def d = cfx_def(M2);
    expect(&c, &d, GG_COVER_HALF, 0, 1, 2, 5, 0, "TTNN");
    d.exact_corners = true;
    assert_int_equal(cfx_run(&c, &d).degree, GG_COVER_HALF);
    assert_int_equal(cfx_degree(&c, MT), GG_COVER_TOTAL);
    assert_int_equal(obstruction(&c, cfx_def(M2)), GG_OBSTRUCTION_PARTIAL);
    cfx_free(&c);
}

static void corners2d__C2D_22_closed_wall_box_is_total(void **state)
{
    (void)state;
    const char *m[] = {"A..T"};
    cfx c;
    cfx_build(&c, 4, 1, m);
    cfx_wall(&c, 3, 0, 4, 0, GG_COVER_NONE);
    cfx_wall(&c, 4, 0, 4, 1, GG_COVER_NONE);
    cfx_wall(&c, 4, 1, 3, 1, GG_COVER_NONE);
    cfx_wall(&c, 3, 1, 3, 0, GG_COVER_NONE);
    gg_cover_def d = cfx_def(M2);
    expect(&c, &d, GG_COVER_TOTAL, -1, 0, 0, 0, 0, "TTTT");
    /* cover-cases.md says EXACT_CORNERS gives THREE_QUARTERS; under d.3.3 (contacts at a
     * segment's own endpoints are ignored) the lines ending on the box corners (3,0) and (3,1)
     * are clear, so only (0,0) -> (4,1) crosses a wall: HALF. */
    d.exact_corners = true;
    assert_int_equal(cfx_run(&c, &d).degree, GG_COVER_HALF);
    assert_int_equal(cfx_degree(&c, MT), GG_COVER_NONE);
    cfx_free(&c);
}

static void corners2d__C2D_23_edge_walls_with_caps_and_a_window(void **state)
{
    (void)state;
    const char *m[] = {"A..T"};
    gg_cover want[3] = {GG_COVER_TOTAL, GG_COVER_HALF, GG_COVER_TOTAL};
    gg_cover wall_cover[3] = {GG_COVER_NONE, GG_COVER_HALF, GG_COVER_TOTAL};
    gg_cover_obstruction want35[2] = {GG_OBSTRUCTION_TOTAL, GG_OBSTRUCTION_PARTIAL};
    for (int v = 0; v < 3; ++v) {
        cfx c;
        cfx_build(&c, 4, 1, m);
        cfx_wall(&c, 2, -1, 2, 2, wall_cover[v]);
        gg_cover_def d = cfx_def(M2);
        gg_cover_result r = cfx_run(&c, &d);
        assert_int_equal(r.degree, want[v]);
        if (v == 1) {
            char buf[64];
            assert_string_equal(cfx_caps(&c, buf), "HHHH");
        }
        if (v < 2)
            assert_int_equal(obstruction(&c, d), want35[v]);
        /* (c) a window: total cover, yet the target stays visible */
        assert_int_equal((r.flags & GG_COVER_FLAG_VISIBLE) != 0, v != 0);
        assert_int_equal(fx_los(c.s, 0, 0, 3, 0), v != 0);
        /* Tagged mode is gg_scene_cover_between(), which already grants the cover value of
         * low walls and windows (cover-cases.md lists these under `tagged_walls`). */
        assert_int_equal(cfx_degree(&c, MT), v == 0 ? GG_COVER_NONE : want[v]);
        cfx_free(&c);
    }
}

static void corners2d__C2D_25_wall_between_the_rows(void **state)
{
    (void)state;
    const char *m[] = {"A...", "...T"};
    cfx c;
    cfx_build(&c, 4, 2, m);
    cfx_wall(&c, -1, 1, 6, 1, GG_COVER_NONE);
    gg_cover_def d = cfx_def(M2);
    expect(&c, &d, GG_COVER_TOTAL, -1, 0, 0, 0, 0, "TTTT");
    /* cover-cases.md says EXACT_CORNERS gives HALF; under d.3.3 a literal corner on the wall
     * (A's bottom corners) touches it only at the line's own endpoint, which never blocks, so
     * from (0,1) all four lines are clear: NONE (just as absurd, in the other direction). */
    d.exact_corners = true;
    assert_int_equal(cfx_run(&c, &d).degree, GG_COVER_NONE);
    assert_int_equal(cfx_degree(&c, MT), GG_COVER_NONE);
    cfx_free(&c);
}

static void corners2d__C2D_26_knights_move_past_a_pillar(void **state)
{
    (void)state;
    const char *m[] = {"A#.", "..T"};
    cfx c;
    cfx_build(&c, 3, 2, m);
    gg_cover_def d = cfx_def(M2);
    expect(&c, &d, GG_COVER_HALF, 0, 0, 2, 2, 1, "TTNN");
    d.exact_corners = true;
    assert_int_equal(cfx_run(&c, &d).degree, GG_COVER_NONE);
    assert_int_equal(cfx_degree(&c, MT), GG_COVER_NONE);
    assert_int_equal(obstruction(&c, cfx_def(M2)), GG_OBSTRUCTION_PARTIAL);
    cfx_swap(&c);
    assert_int_equal(cfx_degree(&c, MT), GG_COVER_TOTAL);
    cfx_free(&c);
}

static void corners2d__C2D_27_tagged_tie_rule(void **state)
{
    (void)state;
    const char *m[] = {"A..", ".hT"};
    cfx c;
    cfx_build(&c, 3, 2, m);
    gg_cover_def d = cfx_def(M2);
    expect(&c, &d, GG_COVER_HALF, 0, 0, 0, 2, 1, "HNHH");
    assert_int_equal(cfx_degree(&c, MT), GG_COVER_HALF);
    assert_int_equal(obstruction(&c, cfx_def(M2)), GG_OBSTRUCTION_PARTIAL);
    cfx_swap(&c);
    assert_int_equal(cfx_degree(&c, MT), GG_COVER_NONE);
    cfx_free(&c);
}

static void corners2d__C2D_29_area_origin_is_exact(void **state)
{
    (void)state;
    const char *m[] = {"A.....", "...#T."};
    cfx c;
    cfx_build(&c, 6, 2, m);
    gg_cover_point o = {3 * GG_COVER_SUBDIV, 0, 0};
    gg_cover_def d = cfx_def(M2);
    d.kind = GG_ATTACK_AREA;
    d.origin = &o;
    gg_cover_result r = cfx_run(&c, &d);
    char buf[64];
    assert_int_equal(r.degree, GG_COVER_HALF);
    assert_string_equal(cfx_caps(&c, buf), "NNTN");
    assert_int_equal(r.source_corner, -1);
    assert_int_equal(r.source.x, 48);
    cfx_free(&c);
}

static void corners2d__C2D_30_wall_as_wide_as_the_front_edge(void **state)
{
    (void)state;
    const char *m[] = {"A.T"};
    cfx c;
    cfx_build(&c, 3, 1, m);
    cfx_wall(&c, 2, 0, 2, 1, GG_COVER_NONE);
    gg_cover_def d = cfx_def(M2);
    expect(&c, &d, GG_COVER_TOTAL, -1, 0, 0, 0, 0, "TTTT");
    assert_int_equal(c.lines[0].by, GG_COVER_BY_WALL);
    d.exact_corners = true;
    assert_int_equal(cfx_run(&c, &d).degree, GG_COVER_HALF);
    assert_int_equal(cfx_degree(&c, MT), GG_COVER_NONE);
    cfx_free(&c);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(corners2d__C2D_03_wall_behind_the_target_gives_nothing),
        cmocka_unit_test(corners2d__C2D_04_wall_along_the_row_edge),
        cmocka_unit_test(corners2d__C2D_05_pillar_in_line_is_total),
        cmocka_unit_test(corners2d__C2D_06_the_far_attacker_corner_wins),
        cmocka_unit_test(corners2d__C2D_09_arrow_slit_is_three_quarters),
        cmocka_unit_test(corners2d__C2D_10_portcullis_never_total_a_solid_column_is),
        cmocka_unit_test(corners2d__C2D_11_a_creature_in_line_is_half_never_total),
        cmocka_unit_test(corners2d__C2D_12_two_creatures_pinch_the_diagonal),
        cmocka_unit_test(corners2d__C2D_13_caps_count_cumulatively_and_a_pinch_takes_the_lower),
        cmocka_unit_test(corners2d__C2D_14_creature_beside_the_target_on_a_diagonal_shot),
        cmocka_unit_test(corners2d__C2D_15_melee_around_a_corner),
        cmocka_unit_test(corners2d__C2D_16_staircase_pinch_is_total),
        cmocka_unit_test(corners2d__C2D_17_slalom_tangencies_do_not_block),
        cmocka_unit_test(corners2d__C2D_18_own_low_wall_and_the_low_obstacle_rule),
        cmocka_unit_test(corners2d__C2D_20_large_target_best_square),
        cmocka_unit_test(corners2d__C2D_21_large_attacker),
        cmocka_unit_test(corners2d__C2D_22_closed_wall_box_is_total),
        cmocka_unit_test(corners2d__C2D_23_edge_walls_with_caps_and_a_window),
        cmocka_unit_test(corners2d__C2D_25_wall_between_the_rows),
        cmocka_unit_test(corners2d__C2D_26_knights_move_past_a_pillar),
        cmocka_unit_test(corners2d__C2D_27_tagged_tie_rule),
        cmocka_unit_test(corners2d__C2D_29_area_origin_is_exact),
        cmocka_unit_test(corners2d__C2D_30_wall_as_wide_as_the_front_edge),
    };
    return cmocka_run_group_tests_name("topology/cover_corners2d", tests, NULL, NULL);
}
