/* test_cover_rules.c - SRD 5.2 "Cover": bonuses, the targeting check and target cover
 * (src/rules/cover_rules.c). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>

#include <cmocka.h>

#include "rules_fixture.h"

static void cover_rules__bonus_is_two_five_on_ac_and_dex_saves_only(void **state)
{
    (void)state;
    int32_t b = -1;
    const gg_cover covers[4] = {GG_COVER_NONE, GG_COVER_HALF, GG_COVER_THREE_QUARTERS,
                                GG_COVER_TOTAL};
    const int32_t want[4] = {0, 2, 5, 0};
    for (int i = 0; i < 4; i++) {
        assert_int_equal(gg_rules_cover_bonus(covers[i], GG_ROLL_ATTACK, 0u, &b), GG_OK);
        assert_int_equal(b, want[i]);
        assert_int_equal(gg_rules_cover_bonus(covers[i], GG_ROLL_DEX_SAVE, 0u, &b), GG_OK);
        assert_int_equal(b, want[i]);
        assert_int_equal(gg_rules_cover_bonus(covers[i], GG_ROLL_OTHER_SAVE, 0u, &b), GG_OK);
        assert_int_equal(b, 0);
        /* Sacred Flame: no benefit from cover for this save. */
        assert_int_equal(gg_rules_cover_bonus(covers[i], GG_ROLL_DEX_SAVE, GG_COVER_IGNORE_FOR_SAVE,
                                              &b),
                         GG_OK);
        assert_int_equal(b, 0);
    }
}

static void cover_rules__bonus_rejects_bad_arguments(void **state)
{
    (void)state;
    int32_t b = 9;
    assert_int_equal(gg_rules_cover_bonus(GG_COVER_HALF, GG_ROLL_ATTACK, 0u, NULL),
                     GG_E_INVALID_ARG);
    assert_int_equal(gg_rules_cover_bonus((gg_cover)7, GG_ROLL_ATTACK, 0u, &b), GG_E_INVALID_ARG);
    assert_int_equal(b, 0);
    assert_int_equal(gg_rules_cover_bonus(GG_COVER_HALF, (gg_cover_roll)0, 0u, &b),
                     GG_E_INVALID_ARG);
    assert_int_equal(gg_rules_cover_bonus(GG_COVER_HALF, GG_ROLL_DEX_SAVE, 2u, &b),
                     GG_E_INVALID_ARG);
    assert_int_equal(gg_rules_cover_bonus(GG_COVER_HALF, GG_ROLL_ATTACK, GG_COVER_IGNORE_FOR_SAVE,
                                          &b),
                     GG_E_INVALID_ARG);
}

static void cover_rules__total_cover_cannot_be_targeted(void **state)
{
    (void)state;
    bool t = false;
    assert_int_equal(gg_rules_cover_targetable(GG_COVER_THREE_QUARTERS, &t), GG_OK);
    assert_true(t);
    assert_int_equal(gg_rules_cover_targetable(GG_COVER_TOTAL, &t), GG_OK);
    assert_false(t);
    assert_int_equal(gg_rules_cover_targetable((gg_cover)-1, &t), GG_E_INVALID_ARG);
    assert_int_equal(gg_rules_cover_targetable(GG_COVER_NONE, NULL), GG_E_INVALID_ARG);
    assert_string_equal(gg_rules_cover_name(GG_COVER_THREE_QUARTERS), "three_quarters");
    assert_string_equal(gg_rules_cover_name((gg_cover)9), "unknown");
    assert_string_equal(gg_rules_target_check_name(GG_TARGET_TOTAL_COVER), "total_cover");
    assert_string_equal(gg_rules_target_check_name(GG_TARGET_OK), "ok");
    assert_string_equal(gg_rules_target_check_name(GG_TARGET_OUT_OF_RANGE), "out_of_range");
    assert_string_equal(gg_rules_target_check_name(GG_TARGET_NO_LINE_OF_SIGHT), "no_line_of_sight");
    assert_string_equal(gg_rules_target_check_name((gg_target_check)9), "unknown");
}

static gg_cover_score score(gg_cover degree, gg_cover_obstruction obstruction, uint32_t flags,
                            gg_cover_edition edition, gg_cover ignore_up_to)
{
    gg_cover_result r;
    memset(&r, 0, sizeof r);
    r.degree = degree;
    r.obstruction = obstruction;
    r.flags = flags;
    gg_cover_score_def d = gg_cover_score_def_default();
    d.edition = edition;
    d.ignore_up_to = ignore_up_to;
    gg_cover_score out;
    assert_int_equal(gg_rules_cover_score(&r, &d, &out), GG_OK);
    return out;
}

/* Each edition's table: SRD 5.2 "Cover" (+2 / +5 on the degree), the 3.5 SRD (+4 cover, +8
 * improved cover) and Pathfinder (+2 partial cover for the slight bucket). */
static void cover_rules__score_maps_each_edition(void **state)
{
    (void)state;
    static const int32_t want35[5] = {0, 4, 4, 8, 0}, wantpf1[5] = {0, 2, 4, 8, 0};
    for (int o = GG_OBSTRUCTION_NONE; o <= GG_OBSTRUCTION_TOTAL; ++o) {
        gg_cover_score s = score(GG_COVER_NONE, (gg_cover_obstruction)o, 0u, GG_COVER_EDITION_35,
                                 GG_COVER_NONE);
        assert_int_equal(s.ac_bonus, want35[o]);
        assert_int_equal(s.total, o == GG_OBSTRUCTION_TOTAL);
        s = score(GG_COVER_NONE, (gg_cover_obstruction)o, 0u, GG_COVER_EDITION_PF1, GG_COVER_NONE);
        assert_int_equal(s.ac_bonus, wantpf1[o]);
        assert_int_equal(s.total, o == GG_OBSTRUCTION_TOTAL);
    }
    static const int32_t want5e[4] = {0, 2, 5, 0};
    for (int c = GG_COVER_NONE; c <= GG_COVER_TOTAL; ++c) {
        gg_cover_score s = score((gg_cover)c, GG_OBSTRUCTION_HEAVY, (uint32_t)GG_COVER_FLAG_SOFT,
                                 GG_COVER_EDITION_5E, GG_COVER_NONE);
        assert_int_equal(s.ac_bonus, want5e[c]);
        assert_int_equal(s.degree, c);
        assert_int_equal(s.total, c == GG_COVER_TOTAL);
        assert_false(s.soft); /* soft cover is a 3.5 notion */
    }
    /* 3.5 soft cover: only creatures obstruct */
    gg_cover_score s = score(GG_COVER_HALF, GG_OBSTRUCTION_PARTIAL, (uint32_t)GG_COVER_FLAG_SOFT,
                             GG_COVER_EDITION_35, GG_COVER_NONE);
    assert_true(s.soft);
    assert_int_equal(s.ac_bonus, 4);
}

/* A feature such as Sharpshooter ignores half and three-quarters cover, never total cover. */
static void cover_rules__score_ignores_up_to_but_never_total(void **state)
{
    (void)state;
    gg_cover_score s = score(GG_COVER_THREE_QUARTERS, GG_OBSTRUCTION_HEAVY, 0u, GG_COVER_EDITION_5E,
                             GG_COVER_THREE_QUARTERS);
    assert_int_equal(s.degree, GG_COVER_NONE);
    assert_int_equal(s.ac_bonus, 0);
    s = score(GG_COVER_THREE_QUARTERS, GG_OBSTRUCTION_HEAVY, 0u, GG_COVER_EDITION_5E,
              GG_COVER_HALF);
    assert_int_equal(s.degree, GG_COVER_THREE_QUARTERS);
    assert_int_equal(s.ac_bonus, 5);
    s = score(GG_COVER_TOTAL, GG_OBSTRUCTION_TOTAL, 0u, GG_COVER_EDITION_5E,
              GG_COVER_THREE_QUARTERS);
    assert_int_equal(s.degree, GG_COVER_TOTAL);
    assert_true(s.total);
}

static void cover_rules__score_rejects_bad_arguments(void **state)
{
    (void)state;
    gg_cover_result r;
    memset(&r, 0, sizeof r);
    gg_cover_score_def d = gg_cover_score_def_default();
    gg_cover_score out;
    assert_int_equal(gg_rules_cover_score(&r, &d, NULL), GG_E_INVALID_ARG);
    assert_int_equal(gg_rules_cover_score(NULL, &d, &out), GG_E_INVALID_ARG);
    assert_int_equal(gg_rules_cover_score(&r, NULL, &out), GG_E_INVALID_ARG);
    gg_cover_score_def b = d;
    b.struct_size = 2;
    assert_int_equal(gg_rules_cover_score(&r, &b, &out), GG_E_BAD_DEF);
    b = d;
    b.edition = (gg_cover_edition)3;
    assert_int_equal(gg_rules_cover_score(&r, &b, &out), GG_E_INVALID_ARG);
    b = d;
    b.ignore_up_to = GG_COVER_TOTAL;
    assert_int_equal(gg_rules_cover_score(&r, &b, &out), GG_E_INVALID_ARG);
    r.obstruction = (gg_cover_obstruction)5;
    assert_int_equal(gg_rules_cover_score(&r, &d, &out), GG_E_INVALID_ARG);
    r.obstruction = GG_OBSTRUCTION_NONE;
    r.degree = (gg_cover)4;
    assert_int_equal(gg_rules_cover_score(&r, &d, &out), GG_E_INVALID_ARG);
    assert_int_equal(out.degree, GG_COVER_NONE);
    assert_int_equal(out.ac_bonus, 0);
}

/* Measure in topology, score in rules: a melee attack around a blocked corner (5 of the 16
 * square-to-square lines blocked, 5/16 > 1/4) is 3.5 cover (+4) and no SRD 5.2 cover. */
static void cover_rules__score_a_measured_melee_around_a_corner(void **state)
{
    (void)state;
    static const char *const rows[] = {".o", "o#"};
    gg_scene *s = fx_map(rows, 2);
    assert_non_null(s);
    gg_body a = gg_body_make(gg_cell_make(0, 1)), t = gg_body_make(gg_cell_make(1, 0));
    gg_cover_def d = gg_cover_def_default();
    d.mode = GG_COVER_MODE_CORNERS_2D;
    d.kind = GG_ATTACK_MELEE;
    d.choice = GG_COVER_CHOICE_OBSTRUCTION;
    gg_cover_result r;
    assert_int_equal(gg_scene_cover(s, &a, &t, NULL, 0, &d, &r, NULL, 0, NULL), GG_OK);
    assert_int_equal(r.obstruction, GG_OBSTRUCTION_PARTIAL);
    gg_cover_score_def sd = gg_cover_score_def_default();
    gg_cover_score out;
    sd.edition = GG_COVER_EDITION_35;
    assert_int_equal(gg_rules_cover_score(&r, &sd, &out), GG_OK);
    assert_int_equal(out.ac_bonus, 4);
    /* SRD 5.2 scores the most favourable corner's line set (GG_COVER_CHOICE_DEGREE) */
    d.choice = GG_COVER_CHOICE_DEGREE;
    assert_int_equal(gg_scene_cover(s, &a, &t, NULL, 0, &d, &r, NULL, 0, NULL), GG_OK);
    sd.edition = GG_COVER_EDITION_5E;
    assert_int_equal(gg_rules_cover_score(&r, &sd, &out), GG_OK);
    assert_int_equal(out.degree, GG_COVER_NONE);
    assert_int_equal(out.ac_bonus, 0);
    gg_scene_destroy(s);
}

static void cover_rules__check_target_reports_the_first_failure(void **state)
{
    (void)state;
    static const char *const map[] = {
        "......",
        "..#...",
        ".....T",
    };
    gg_scene *s = fx_map(map, 3);
    assert_non_null(s);
    fx_wall(s, 4, 0, 4, 1);
    gg_target_check c = GG_TARGET_OK;
    assert_int_equal(gg_rules_check_target(s, gg_cell_make(0, 0), gg_cell_make(2, 0), 10, &c),
                     GG_OK);
    assert_int_equal(c, GG_TARGET_OK);
    assert_int_equal(gg_rules_check_target(s, gg_cell_make(0, 0), gg_cell_make(3, 0), 10, &c),
                     GG_OK);
    assert_int_equal(c, GG_TARGET_OUT_OF_RANGE);
    assert_int_equal(gg_rules_check_target(s, gg_cell_make(3, 0), gg_cell_make(5, 0), 30, &c),
                     GG_OK);
    assert_int_equal(c, GG_TARGET_NO_LINE_OF_SIGHT); /* the wall x = 4 */
    assert_int_equal(gg_rules_check_target(s, gg_cell_make(1, 1), gg_cell_make(3, 1), 30, &c),
                     GG_OK);
    assert_int_equal(c, GG_TARGET_NO_LINE_OF_SIGHT); /* the blocked cell 2,1 */
    assert_int_equal(gg_rules_check_target(s, gg_cell_make(3, 2), gg_cell_make(5, 2), 30, &c),
                     GG_OK);
    assert_int_equal(c, GG_TARGET_TOTAL_COVER); /* standing on a total-cover cell */
    assert_int_equal(gg_rules_check_target(s, gg_cell_make(0, 0), gg_cell_make(6, 0), 30, &c),
                     GG_E_OUT_OF_BOUNDS);
    assert_int_equal(c, GG_TARGET_OUT_OF_RANGE);
    assert_int_equal(gg_rules_check_target(s, gg_cell_make(0, 0), gg_cell_make(1, 0), -1, &c),
                     GG_E_INVALID_ARG);
    assert_int_equal(gg_rules_check_target(NULL, gg_cell_make(0, 0), gg_cell_make(1, 0), 5, &c),
                     GG_E_INVALID_ARG);
    assert_int_equal(gg_rules_check_target(s, gg_cell_make(0, 0), gg_cell_make(1, 0), 5, NULL),
                     GG_E_INVALID_ARG);
    gg_scene_destroy(s);
}

/* hand/target_cover: 6x3, 4,0 half, 2,0 three-quarters; caster 0,0, ally 1,0, dead on 3,0. */
static gg_scene *tc_scene(gg_creature cr[5])
{
    static const char *const map[] = {
        "..t.h.",
        "......",
        "......",
    };
    cr[0] = fx_at(0, 0, 0); /* caster */
    cr[1] = fx_at(4, 0, 1); /* t1 */
    cr[2] = fx_at(2, 0, 1); /* t2 */
    cr[3] = fx_at(1, 0, 0); /* ally */
    cr[4] = fx_at(3, 0, 1); /* dead */
    cr[4].alive = false;
    return fx_map(map, 3);
}

static void cover_rules__target_cover_matches_nat20(void **state)
{
    (void)state;
    gg_creature cr[5];
    gg_scene *s = tc_scene(cr);
    assert_non_null(s);
    gg_cover c = GG_COVER_NONE;
    assert_int_equal(gg_rules_target_cover(s, cr, 5, 0, 1, NULL, &c), GG_OK);
    assert_int_equal(c, GG_COVER_THREE_QUARTERS);
    assert_int_equal(gg_rules_target_cover(s, cr, 5, 0, 2, NULL, &c), GG_OK);
    assert_int_equal(c, GG_COVER_THREE_QUARTERS);
    gg_cell o = gg_cell_make(4, 0); /* a burst on t1: its own cell's cover */
    assert_int_equal(gg_rules_target_cover(s, cr, 5, 0, 1, &o, &c), GG_OK);
    assert_int_equal(c, GG_COVER_HALF);
    /* hand/target_cover/burst_far: from 0,1 the line crosses the three-quarters cell 2,0. */
    o = gg_cell_make(0, 1);
    assert_int_equal(gg_rules_target_cover(s, cr, 5, 0, 1, &o, &c), GG_OK);
    assert_int_equal(c, GG_COVER_THREE_QUARTERS);
    gg_scene_destroy(s);
}

static void cover_rules__creatures_give_half_and_the_caster_only_for_areas(void **state)
{
    (void)state;
    gg_scene *s = fx_open(8, 2);
    assert_non_null(s);
    gg_creature cr[3] = {fx_at(2, 0, 0), fx_at(4, 0, 1), fx_at(7, 1, 1)};
    gg_cover c = GG_COVER_TOTAL;
    /* Attack from the caster's own cell: the caster does not cover the target. */
    assert_int_equal(gg_rules_target_cover(s, cr, 3, 0, 1, NULL, &c), GG_OK);
    assert_int_equal(c, GG_COVER_NONE);
    /* An area whose origin lies behind the caster: the caster is an obstacle. */
    gg_cell o = gg_cell_make(0, 0);
    assert_int_equal(gg_rules_target_cover(s, cr, 3, 0, 1, &o, &c), GG_OK);
    assert_int_equal(c, GG_COVER_HALF);
    cr[0].alive = false;
    assert_int_equal(gg_rules_target_cover(s, cr, 3, 2, 1, &o, &c), GG_OK);
    assert_int_equal(c, GG_COVER_NONE);
    gg_scene_destroy(s);
}

static void cover_rules__many_creatures_are_batched_exactly(void **state)
{
    (void)state;
    gg_scene *s = fx_open(40, 40);
    assert_non_null(s);
    static gg_creature cr[200];
    for (int i = 0; i < 200; i++)
        cr[i] = fx_at(i % 40, 5 + i / 40, 1);
    cr[0] = fx_at(0, 0, 0);
    cr[1] = fx_at(10, 0, 1);
    cr[199] = fx_at(5, 0, 1); /* the only creature on the line, in the last batch */
    gg_cover c = GG_COVER_NONE;
    assert_int_equal(gg_rules_target_cover(s, cr, 200, 0, 1, NULL, &c), GG_OK);
    assert_int_equal(c, GG_COVER_HALF);
    cr[199].body.cell = gg_cell_make(5, 30);
    assert_int_equal(gg_rules_target_cover(s, cr, 200, 0, 1, NULL, &c), GG_OK);
    assert_int_equal(c, GG_COVER_NONE);
    gg_scene_destroy(s);
}

static void cover_rules__target_cover_rejects_bad_arguments(void **state)
{
    (void)state;
    gg_creature cr[5];
    gg_scene *s = tc_scene(cr);
    assert_non_null(s);
    gg_cover c = GG_COVER_HALF;
    assert_int_equal(gg_rules_target_cover(s, cr, 5, 0, 1, NULL, NULL), GG_E_INVALID_ARG);
    assert_int_equal(gg_rules_target_cover(NULL, cr, 5, 0, 1, NULL, &c), GG_E_INVALID_ARG);
    assert_int_equal(c, GG_COVER_NONE);
    assert_int_equal(gg_rules_target_cover(s, cr, 5, 5, 1, NULL, &c), GG_E_INVALID_ARG);
    assert_int_equal(gg_rules_target_cover(s, cr, 5, 0, -1, NULL, &c), GG_E_INVALID_ARG);
    gg_cell off = gg_cell_make(-1, 0);
    assert_int_equal(gg_rules_target_cover(s, cr, 5, 0, 1, &off, &c), GG_E_OUT_OF_BOUNDS);
    cr[1].tracked = false; /* Nat20: no entry */
    assert_int_equal(gg_rules_target_cover(s, cr, 5, 0, 1, NULL, &c), GG_E_OUT_OF_BOUNDS);
    cr[1].tracked = true;
    cr[0].tracked = false;
    assert_int_equal(gg_rules_target_cover(s, cr, 5, 0, 1, NULL, &c), GG_E_OUT_OF_BOUNDS);
    gg_scene_destroy(s);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(cover_rules__bonus_is_two_five_on_ac_and_dex_saves_only),
        cmocka_unit_test(cover_rules__bonus_rejects_bad_arguments),
        cmocka_unit_test(cover_rules__total_cover_cannot_be_targeted),
        cmocka_unit_test(cover_rules__score_maps_each_edition),
        cmocka_unit_test(cover_rules__score_ignores_up_to_but_never_total),
        cmocka_unit_test(cover_rules__score_rejects_bad_arguments),
        cmocka_unit_test(cover_rules__score_a_measured_melee_around_a_corner),
        cmocka_unit_test(cover_rules__check_target_reports_the_first_failure),
        cmocka_unit_test(cover_rules__target_cover_matches_nat20),
        cmocka_unit_test(cover_rules__creatures_give_half_and_the_caster_only_for_areas),
        cmocka_unit_test(cover_rules__many_creatures_are_batched_exactly),
        cmocka_unit_test(cover_rules__target_cover_rejects_bad_arguments),
    };
    return cmocka_run_group_tests_name("rules/cover_rules", tests, NULL, NULL);
}
