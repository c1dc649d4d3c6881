/* test_cover_corners3d.c - mode corners_3d (Ikosa-style point sets), checked against every C3D
 * worked case (docs/cover.md). Heights in inches (5 ft = 60). */
#include "cover_fixture.h"

#define M3 GG_COVER_MODE_CORNERS_3D
#define FT 12

typedef struct w3 {
    cfx c;
    int32_t floor[64];
    gg_cover_box boxes[4];
    int nboxes;
    gg_cover_point origin;
    gg_cover_def d;
} w3;

/* An open w x h scene (5 ft cells) with zero floors. */
static void w3_make(w3 *w, int width, int height)
{
    memset(w, 0, sizeof *w);
    const char *rows[8] = {"........", "........", "........", "........",
                           "........", "........", "........", "........"};
    cfx_build(&w->c, width, height, rows);
    w->d = cfx_def(M3);
    w->d.floor_in = w->floor;
}

static void w3_fixed(w3 *w, double xft, double yft, double zft)
{
    w->origin.x = (int32_t)(xft / 5.0 * GG_COVER_SUBDIV);
    w->origin.y = (int32_t)(yft / 5.0 * GG_COVER_SUBDIV);
    w->origin.z_in = (int32_t)(zft * FT);
    w->d.origin = &w->origin;
}

static gg_cover_result w3_run(w3 *w, gg_cover_choice choice, gg_attack_kind kind)
{
    w->d.choice = choice;
    w->d.kind = kind;
    w->d.boxes = w->nboxes ? w->boxes : NULL;
    w->d.box_count = w->nboxes;
    return cfx_run(&w->c, &w->d);
}

static void corners3d__C3D_02_one_foot_step_gives_no_cover(void **state)
{
    (void)state;
    w3 w;
    w3_make(&w, 2, 1);
    w.floor[1] = 1 * FT;
    w.c.att = gg_body_make(gg_cell_make(0, 0));
    w.c.tgt = gg_body_make(gg_cell_make(1, 0));
    w.c.tgt.base_in = 1 * FT;
    gg_cover_result r = w3_run(&w, GG_COVER_CHOICE_OBSTRUCTION, GG_ATTACK_MELEE);
    assert_int_equal(r.lines, 16);
    assert_int_equal(r.n_total, 0);
    assert_int_equal(r.obstruction, GG_OBSTRUCTION_NONE);
    assert_int_equal(w3_run(&w, GG_COVER_CHOICE_DEGREE, GG_ATTACK_MELEE).degree, GG_COVER_NONE);
    /* Ablation: raw source corners. 4/16 = 1/4 -> +2; HALF under the 5e mapping. */
    w.d.melee_top_pct = 100;
    w.d.melee_bottom_pct = 0;
    r = w3_run(&w, GG_COVER_CHOICE_OBSTRUCTION, GG_ATTACK_MELEE);
    assert_int_equal(r.n_total, 4);
    assert_int_equal(r.obstruction, GG_OBSTRUCTION_SLIGHT);
    assert_int_equal(r.degree, GG_COVER_HALF);
    cfx_free(&w.c);
}

static void corners3d__C3D_05_four_foot_step(void **state)
{
    (void)state;
    w3 w;
    w3_make(&w, 2, 1);
    w.floor[1] = 4 * FT;
    w.c.att = gg_body_make(gg_cell_make(0, 0));
    w.c.tgt = gg_body_make(gg_cell_make(1, 0));
    w.c.tgt.base_in = 4 * FT;
    gg_cover_result r = w3_run(&w, GG_COVER_CHOICE_OBSTRUCTION, GG_ATTACK_MELEE);
    assert_int_equal(r.lines, 16);
    assert_int_equal(r.n_total, 8);
    assert_int_equal(r.obstruction, GG_OBSTRUCTION_PARTIAL);
    r = w3_run(&w, GG_COVER_CHOICE_DEGREE, GG_ATTACK_MELEE);
    assert_int_equal(r.degree, GG_COVER_NONE);
    assert_int_equal(r.lines, 2); /* bottom points omitted: the column (1 ft) <= b (1.5 ft) */
    cfx_free(&w.c);
}

static void corners3d__C3D_06_downward_melee_from_a_ledge(void **state)
{
    (void)state;
    w3 w;
    w3_make(&w, 2, 1);
    w.floor[0] = 5 * FT;
    w.c.att = gg_body_make(gg_cell_make(0, 0));
    w.c.att.base_in = 5 * FT;
    w.c.tgt = gg_body_make(gg_cell_make(1, 0));
    gg_cover_result r = w3_run(&w, GG_COVER_CHOICE_OBSTRUCTION, GG_ATTACK_MELEE);
    assert_int_equal(r.lines, 16);
    assert_int_equal(r.n_total, 0);
    assert_int_equal(r.obstruction, GG_OBSTRUCTION_NONE);
    assert_true((r.flags & GG_COVER_FLAG_HIGHER_GROUND) != 0);
    /* source points at 6.5 and 9.75 ft, target points on the top face z = 5 */
    for (int k = 0; k < w.c.nlines; ++k) {
        assert_true(w.c.lines[k].z0 == 6.5 || w.c.lines[k].z0 == 9.75);
        assert_true(w.c.lines[k].z1 == 5.0);
    }
    assert_int_equal(w3_run(&w, GG_COVER_CHOICE_DEGREE, GG_ATTACK_MELEE).degree, GG_COVER_NONE);
    cfx_free(&w.c);
}

static void corners3d__C3D_11_curb_and_the_low_point_boost(void **state)
{
    (void)state;
    w3 w;
    w3_make(&w, 5, 1);
    w.c.att = gg_body_make(gg_cell_make(4, 0));
    w.c.tgt = gg_body_make(gg_cell_make(0, 0));
    gg_cover_box curb = {{1, 0}, {1, 0}, 0, 1 * FT, GG_COVER_TOTAL};
    w.boxes[w.nboxes++] = curb;
    w3_fixed(&w, 22.5, 2.5, 2.5);
    gg_cover_result r = w3_run(&w, GG_COVER_CHOICE_OBSTRUCTION, GG_ATTACK_RANGED);
    assert_int_equal(r.lines, 4);
    assert_int_equal(r.n_total, 0);
    assert_int_equal(r.obstruction, GG_OBSTRUCTION_NONE);
    assert_int_equal(w3_run(&w, GG_COVER_CHOICE_DEGREE, GG_ATTACK_RANGED).degree, GG_COVER_NONE);
    w.d.boost_pct = 0; /* ablation: the bottom points stay at z = 0 and clip the curb */
    r = w3_run(&w, GG_COVER_CHOICE_OBSTRUCTION, GG_ATTACK_RANGED);
    assert_int_equal(r.n_total, 2);
    assert_int_equal(r.obstruction, GG_OBSTRUCTION_PARTIAL);
    assert_int_equal(r.degree, GG_COVER_HALF);
    for (int k = 0; k < w.c.nlines; ++k)
        if (w.c.lines[k].cap == GG_COVER_TOTAL)
            assert_int_equal(w.c.lines[k].by, GG_COVER_BY_BOX);
    cfx_free(&w.c);
}

static void corners3d__C3D_15_omission_rule_on_a_platform(void **state)
{
    (void)state;
    w3 w;
    w3_make(&w, 5, 1);
    w.floor[0] = 4 * FT;
    w.c.att = gg_body_make(gg_cell_make(4, 0));
    w.c.tgt = gg_body_make(gg_cell_make(0, 0));
    w.c.tgt.base_in = 4 * FT;
    w3_fixed(&w, 22.5, 2.5, 2.5);
    gg_cover_result r = w3_run(&w, GG_COVER_CHOICE_OBSTRUCTION, GG_ATTACK_RANGED);
    assert_int_equal(r.lines, 2);
    assert_int_equal(r.obstruction, GG_OBSTRUCTION_NONE);
    assert_int_equal(r.degree, GG_COVER_NONE);
    for (int k = 0; k < w.c.nlines; ++k)
        assert_true(w.c.lines[k].z1 == 5.0); /* dropped, not clamped */
    cfx_free(&w.c);
}

static int32_t count_points(double ax, double ay, double az, int tsize, int32_t theight_in)
{
    w3 w;
    w3_make(&w, 6, 6);
    w.c.att = gg_body_make(gg_cell_make((int32_t)(ax / 5), (int32_t)(ay / 5)));
    w.c.att.base_in = (int32_t)(az / 5) * 5 * FT;
    w.c.tgt = gg_body_make(gg_cell_make(0, 0));
    w.c.tgt.size = cfx_size(tsize);
    w.c.tgt.height_in = theight_in;
    w3_fixed(&w, ax, ay, az);
    gg_cover_result r = w3_run(&w, GG_COVER_CHOICE_OBSTRUCTION, GG_ATTACK_RANGED);
    assert_int_equal(r.degree, GG_COVER_NONE);
    assert_int_equal(r.obstruction, GG_OBSTRUCTION_NONE);
    cfx_free(&w.c);
    return r.lines;
}

static void corners3d__C3D_16_point_set_sizes(void **state)
{
    (void)state;
    assert_int_equal(count_points(22.5, 2.5, 2.5, 1, 0), 4);
    assert_int_equal(count_points(17.5, 17.5, 2.5, 1, 0), 6);
    assert_int_equal(count_points(17.5, 2.5, 12.5, 1, 0), 6);
    assert_int_equal(count_points(17.5, 17.5, 12.5, 1, 0), 7);
    assert_int_equal(count_points(22.5, 2.5, 2.5, 2, 10 * FT), 9);
    assert_int_equal(count_points(22.5, 22.5, 2.5, 2, 10 * FT), 15);
}

static void corners3d__C3D_18_large_target_behind_a_wall(void **state)
{
    (void)state;
    w3 w;
    w3_make(&w, 5, 3);
    w.floor[4] = 5 * FT; /* floor(4,0) = 5 */
    w.c.att = gg_body_make(gg_cell_make(4, 0));
    w.c.att.base_in = 5 * FT;
    w.c.tgt = gg_body_make(gg_cell_make(0, 0));
    w.c.tgt.size = GG_SIZE_LARGE;
    w.c.tgt.height_in = 10 * FT;
    gg_cover_box wall = {{2, -1}, {2, 2}, 0, 5 * FT, GG_COVER_TOTAL};
    w.boxes[w.nboxes++] = wall;
    w3_fixed(&w, 22.5, 2.5, 7.5);
    gg_cover_result r = w3_run(&w, GG_COVER_CHOICE_OBSTRUCTION, GG_ATTACK_RANGED);
    assert_int_equal(r.lines, 9);
    assert_int_equal(r.n_total, 3);
    assert_int_equal(r.obstruction, GG_OBSTRUCTION_PARTIAL);
    for (int k = 0; k < w.c.nlines; ++k)
        assert_int_equal(w.c.lines[k].cap == GG_COVER_TOTAL, w.c.lines[k].z1 == 3.0);
    assert_int_equal(w3_run(&w, GG_COVER_CHOICE_DEGREE, GG_ATTACK_RANGED).degree, GG_COVER_HALF);
    w.d.best_cell = true;
    r = w3_run(&w, GG_COVER_CHOICE_DEGREE, GG_ATTACK_RANGED);
    assert_int_equal(r.degree, GG_COVER_NONE);
    assert_int_equal(r.lines, 4);
    cfx_free(&w.c);
}

/* Regression (issue 20, defect 6): floors and ceilings beyond GG_COVER_HEIGHT_LIMIT were
 * clamped to it (and read unclamped by the line test), although the header says they are
 * rejected. A query that reads one now fails with GG_E_INVALID_ARG and a zeroed result; the
 * limit itself and the open-sky ceiling are accepted. */
static void corners3d__heights_beyond_the_limit_are_rejected(void **state)
{
    (void)state;
    w3 w;
    w3_make(&w, 3, 1);
    int32_t ceiling[3] = {GG_COVER_NO_CEILING, GG_COVER_NO_CEILING, GG_COVER_NO_CEILING};
    w.d.ceiling_in = ceiling;
    w.c.att = gg_body_make(gg_cell_make(0, 0));
    w.c.tgt = gg_body_make(gg_cell_make(2, 0));
    gg_cover_result r;
    const int32_t lim = GG_COVER_HEIGHT_LIMIT;
    const int32_t bad_floor[3] = {lim + 1, -lim - 1, INT32_MIN};
    for (int k = 0; k < 3; ++k) {
        for (int cell = 0; cell < 3; ++cell) {
            w.floor[cell] = bad_floor[k];
            assert_int_equal(gg_scene_cover(w.c.s, &w.c.att, &w.c.tgt, NULL, 0, &w.d, &r, NULL, 0,
                                            NULL),
                             GG_E_INVALID_ARG);
            assert_int_equal(r.degree, GG_COVER_NONE);
            assert_int_equal(r.lines, 0);
            w.floor[cell] = 0;
        }
    }
    for (int cell = 0; cell < 3; ++cell) {
        ceiling[cell] = -lim - 1;
        assert_int_equal(gg_scene_cover(w.c.s, &w.c.att, &w.c.tgt, NULL, 0, &w.d, &r, NULL, 0,
                                        NULL),
                         GG_E_INVALID_ARG);
        ceiling[cell] = GG_COVER_NO_CEILING;
    }
    /* At the limit: a wall of ground between them, total cover. */
    w.floor[1] = lim;
    assert_int_equal(gg_scene_cover(w.c.s, &w.c.att, &w.c.tgt, NULL, 0, &w.d, &r, NULL, 0, NULL),
                     GG_OK);
    assert_int_equal(r.degree, GG_COVER_TOTAL);
    cfx_free(&w.c);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(corners3d__C3D_02_one_foot_step_gives_no_cover),
        cmocka_unit_test(corners3d__C3D_05_four_foot_step),
        cmocka_unit_test(corners3d__C3D_06_downward_melee_from_a_ledge),
        cmocka_unit_test(corners3d__C3D_11_curb_and_the_low_point_boost),
        cmocka_unit_test(corners3d__C3D_15_omission_rule_on_a_platform),
        cmocka_unit_test(corners3d__C3D_16_point_set_sizes),
        cmocka_unit_test(corners3d__C3D_18_large_target_behind_a_wall),
        cmocka_unit_test(corners3d__heights_beyond_the_limit_are_rejected),
    };
    return cmocka_run_group_tests_name("topology/cover_corners3d", tests, NULL, NULL);
}
