/* test_area_rules.c - area targets and monster aim (src/rules/area_rules.c), including a sweep
 * that the rules layer's template membership equals gg_scene_area_cells(). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdlib.h>

#include <cmocka.h>

#include "rules_fixture.h"

#define SW 11
#define SH 9

/* One creature on every cell: the area's targets are exactly its cells. */
static void sweep_one(const gg_scene *s, gg_shape shape, int32_t size_ft, gg_cell origin,
                      bool has_dir, gg_cell dir)
{
    static gg_creature cr[SW * SH];
    static gg_area_target got[SW * SH];
    static gg_cell want[SW * SH];
    for (int32_t i = 0; i < SW * SH; i++)
        cr[i] = fx_at(i % SW, i / SW, 0);
    gg_area_def a = gg_area_def_default();
    a.tpl.shape = shape;
    a.tpl.size_ft = size_ft;
    a.origin = origin;
    a.tpl.has_direction = has_dir;
    a.tpl.direction = dir;
    int32_t n = -1;
    assert_int_equal(gg_rules_area_targets(s, cr, SW * SH, &a, got, SW * SH, &n), GG_OK);

    gg_template tpl;
    bool includes = shape == GG_SHAPE_SPHERE || shape == GG_SHAPE_CYLINDER;
    tpl.shape = shape == GG_SHAPE_CYLINDER ? GG_SHAPE_CYLINDER
                : shape == GG_SHAPE_CUBE   ? GG_SHAPE_CUBE
                : shape == GG_SHAPE_CONE   ? GG_SHAPE_CONE
                : shape == GG_SHAPE_LINE   ? GG_SHAPE_LINE
                                           : GG_SHAPE_SPHERE;
    tpl.size_ft = size_ft;
    tpl.has_direction = has_dir;
    tpl.direction = dir;
    int32_t m = -1;
    assert_int_equal(gg_scene_area_cells(s, origin, &tpl, includes, want, SW * SH, &m, NULL),
                     GG_OK);
    assert_int_equal(n, m);
    for (int32_t k = 0; k < m; k++) {
        bool found = false;
        for (int32_t j = 0; j < n; j++)
            found = found || gg_cell_eq(cr[got[j].creature].body.cell, want[k]);
        assert_true(found);
    }
}

static void area_rules__targets_equal_the_trimmed_area_cells(void **state)
{
    (void)state;
    static const char *const map[] = {
        "...........", "...#.......", "......T....", "...........", ".....#.....",
        "...........", "..#........", "...........", "...........",
    };
    gg_scene *s = fx_map(map, SH);
    assert_non_null(s);
    fx_wall(s, 7, 0, 7, 4);
    const gg_shape shapes[6] = {GG_SHAPE_SPHERE, GG_SHAPE_CYLINDER, GG_SHAPE_EMANATION,
                                GG_SHAPE_CUBE,   GG_SHAPE_CONE,     GG_SHAPE_LINE};
    const gg_cell dirs[9] = {{0, -1}, {1, -1}, {1, 0},   {1, 1}, {0, 1},
                             {-1, 1}, {-1, 0}, {-1, -1}, {3, -2}};
    const gg_cell origins[3] = {{5, 4}, {0, 0}, {10, 7}};
    for (int si = 0; si < 6; si++) {
        bool directional = si >= 3;
        for (int32_t size = 5; size <= 25; size += 5) {
            for (int oi = 0; oi < 3; oi++) {
                if (!directional) {
                    sweep_one(s, shapes[si], size, origins[oi], false, gg_cell_make(0, 0));
                    continue;
                }
                for (int di = 0; di < 9; di++)
                    sweep_one(s, shapes[si], size, origins[oi], true, dirs[di]);
            }
        }
    }
    gg_scene_destroy(s);
}

static void area_rules__targets_carry_cover_from_the_origin(void **state)
{
    (void)state;
    static const char *const map[] = {
        "........",
        "...h....",
        "........",
    };
    gg_scene *s = fx_map(map, 3);
    assert_non_null(s);
    /* caster 0,1; a fireball at 2,1 catches the caster, the ally 3,1 (on a half-cover cell),
     * the enemy 4,1 behind it, and the enemy standing on the origin. */
    gg_creature cr[5] = {fx_at(0, 1, 0), fx_at(3, 1, 0), fx_at(4, 1, 1), fx_at(2, 1, 1),
                         fx_at(7, 1, 1)};
    gg_area_def a = gg_area_def_default();
    a.tpl.shape = GG_SHAPE_SPHERE;
    a.tpl.size_ft = 10;
    a.origin = gg_cell_make(2, 1);
    gg_area_target t[5];
    int32_t n = -1;
    assert_int_equal(gg_rules_area_targets(s, cr, 5, &a, t, 5, &n), GG_OK);
    assert_int_equal(n, 4);
    assert_int_equal(t[0].creature, 0);
    assert_int_equal(t[0].cover, GG_COVER_NONE);
    assert_int_equal(t[1].creature, 1);
    assert_int_equal(t[1].cover, GG_COVER_HALF); /* its own cell's tag */
    assert_int_equal(t[2].creature, 2);
    assert_int_equal(t[2].cover, GG_COVER_HALF); /* behind the ally */
    assert_int_equal(t[3].creature, 3);
    assert_int_equal(t[3].cover, GG_COVER_NONE); /* on the origin: its cell has no tag */
    assert_int_equal(gg_rules_area_targets(s, cr, 5, &a, t, 2, &n), GG_PARTIAL);
    assert_int_equal(n, 4);
    cr[1].alive = false; /* the dead are not targets */
    assert_int_equal(gg_rules_area_targets(s, cr, 5, &a, t, 5, &n), GG_OK);
    assert_int_equal(n, 3);
    assert_int_equal(t[1].creature, 2);
    assert_int_equal(t[1].cover, GG_COVER_HALF); /* the tagged cell 3,1 still covers it */
    cr[1].alive = true;
    assert_int_equal(gg_scene_set_cover(s, gg_cell_make(3, 1), GG_COVER_NONE), GG_OK);
    assert_int_equal(gg_rules_area_targets(s, cr, 5, &a, t, 5, &n), GG_OK);
    assert_int_equal(t[2].cover, GG_COVER_HALF); /* now only the ally covers it */
    cr[1].alive = false;
    assert_int_equal(gg_rules_area_targets(s, cr, 5, &a, t, 5, &n), GG_OK);
    assert_int_equal(t[1].cover, GG_COVER_NONE); /* and a dead ally does not */
    gg_scene_destroy(s);
}

static void area_rules__targets_reject_bad_arguments(void **state)
{
    (void)state;
    gg_scene *s = fx_open(5, 5);
    assert_non_null(s);
    gg_creature cr[1] = {fx_at(2, 2, 0)};
    gg_area_target t[1];
    int32_t n = -1;
    gg_area_def a = gg_area_def_default();
    a.tpl.size_ft = 10;
    a.origin = gg_cell_make(2, 2);
    assert_int_equal(gg_rules_area_targets(s, cr, 1, &a, t, 1, NULL), GG_E_INVALID_ARG);
    assert_int_equal(gg_rules_area_targets(s, cr, 1, NULL, t, 1, &n), GG_E_INVALID_ARG);
    assert_int_equal(gg_rules_area_targets(s, cr, 1, &a, NULL, 1, &n), GG_E_INVALID_ARG);
    assert_int_equal(gg_rules_area_targets(s, cr, 1, &a, t, -1, &n), GG_E_INVALID_ARG);
    gg_area_def b = a;
    b.struct_size = 0;
    assert_int_equal(gg_rules_area_targets(s, cr, 1, &b, t, 1, &n), GG_E_BAD_DEF);
    b = a;
    b.tpl.shape = (gg_shape)42;
    assert_int_equal(gg_rules_area_targets(s, cr, 1, &b, t, 1, &n), GG_E_INVALID_ARG);
    b = a;
    b.tpl.size_ft = 0;
    assert_int_equal(gg_rules_area_targets(s, cr, 1, &b, t, 1, &n), GG_E_INVALID_ARG);
    b = a;
    b.tpl.shape = GG_SHAPE_CONE;
    assert_int_equal(gg_rules_area_targets(s, cr, 1, &b, t, 1, &n), GG_E_INVALID_ARG);
    b.tpl.has_direction = true; /* (0,0) */
    assert_int_equal(gg_rules_area_targets(s, cr, 1, &b, t, 1, &n), GG_E_INVALID_ARG);
    b = a;
    b.origin = gg_cell_make(5, 5);
    assert_int_equal(gg_rules_area_targets(s, cr, 1, &b, t, 1, &n), GG_E_OUT_OF_BOUNDS);
    assert_int_equal(n, 0);
    gg_scene_destroy(s);
}

/* hand/best_aim: 9x9; mon 4,4 with ally kob 3,4; enemies hero 4,6, wiz 5,6, rog 4,1. */
enum { MON, HERO, WIZ, KOB, ROG, N_AIM };

static void aim_creatures(gg_creature cr[N_AIM])
{
    cr[MON] = fx_at(4, 4, 0);
    cr[HERO] = fx_at(4, 6, 1);
    cr[WIZ] = fx_at(5, 6, 1);
    cr[KOB] = fx_at(3, 4, 0);
    cr[ROG] = fx_at(4, 1, 1);
}

static gg_aim aim_of(const gg_scene *s, const gg_creature *cr, gg_shape shape, int32_t size,
                     gg_area_role roles[N_AIM])
{
    static const gg_cell offered[3] = {{4, 6}, {5, 6}, {4, 1}};
    gg_aim_def d = gg_aim_def_default();
    d.shape = shape;
    d.size_ft = size;
    d.actor = MON;
    d.target_cells = offered;
    d.target_count = 3;
    gg_aim aim;
    assert_int_equal(gg_rules_best_aim(s, cr, N_AIM, &d, &aim, roles), GG_OK);
    return aim;
}

static void area_rules__best_aim_matches_nat20(void **state)
{
    (void)state;
    gg_scene *s = fx_open(9, 9);
    assert_non_null(s);
    gg_creature cr[N_AIM];
    aim_creatures(cr);
    gg_area_role roles[N_AIM];

    gg_aim a = aim_of(s, cr, GG_SHAPE_CONE, 15, roles);
    assert_true(a.found);
    assert_true(a.has_direction);
    assert_true(gg_cell_eq(a.direction, gg_cell_make(0, 1)));
    assert_int_equal(a.enemies, 2);
    assert_int_equal(roles[HERO], GG_ROLE_AFFECTED);
    assert_int_equal(roles[WIZ], GG_ROLE_AFFECTED);
    assert_int_equal(roles[KOB], GG_ROLE_OUTSIDE);

    a = aim_of(s, cr, GG_SHAPE_EMANATION, 10, roles);
    assert_true(a.found);
    assert_false(a.has_direction);
    assert_int_equal(a.allies, 1); /* kob, never the actor */
    assert_int_equal(roles[MON], GG_ROLE_OUTSIDE);
    assert_int_equal(roles[KOB], GG_ROLE_AFFECTED);

    a = aim_of(s, cr, GG_SHAPE_SPHERE, 10, roles);
    assert_true(gg_cell_eq(a.origin, gg_cell_make(4, 1))); /* the others would catch mon */
    assert_int_equal(roles[ROG], GG_ROLE_AFFECTED);

    a = aim_of(s, cr, GG_SHAPE_LINE, 30, roles);
    assert_true(gg_cell_eq(a.direction, gg_cell_make(0, -1))); /* N ties S; N comes first */

    a = aim_of(s, cr, GG_SHAPE_CUBE, 10, roles);
    assert_true(gg_cell_eq(a.direction, gg_cell_make(0, 1))); /* S beats SE on spread */
    assert_int_equal(roles[HERO], GG_ROLE_AFFECTED);
    gg_scene_destroy(s);
}

static void area_rules__best_aim_filters_and_spares(void **state)
{
    (void)state;
    gg_scene *s = fx_open(9, 9);
    assert_non_null(s);
    gg_creature cr[N_AIM];
    aim_creatures(cr);
    gg_area_role roles[N_AIM];
    gg_aim_def d = gg_aim_def_default();
    d.shape = GG_SHAPE_EMANATION;
    d.size_ft = 10;
    d.actor = MON;
    gg_aim a;
    /* "each creature of your choice": the harmful AI spares its ally. */
    d.choice = true;
    assert_int_equal(gg_rules_best_aim(s, cr, N_AIM, &d, &a, roles), GG_OK);
    assert_int_equal(a.allies, 0);
    assert_int_equal(roles[KOB], GG_ROLE_SPARED);
    /* "up to 1 creature". */
    d.choice = false;
    d.max_targets = 1;
    assert_int_equal(gg_rules_best_aim(s, cr, N_AIM, &d, &a, roles), GG_OK);
    assert_int_equal(a.enemies, 1);
    assert_int_equal(roles[HERO], GG_ROLE_AFFECTED);
    assert_int_equal(roles[WIZ], GG_ROLE_SPARED);
    /* "each enemy". */
    d.max_targets = 0;
    d.affects = GG_AFFECTS_ENEMIES;
    assert_int_equal(gg_rules_best_aim(s, cr, N_AIM, &d, &a, roles), GG_OK);
    assert_int_equal(roles[KOB], GG_ROLE_SPARED);
    /* "each ally": no enemy is ever affected, so there is no aim. */
    d.affects = GG_AFFECTS_ALLIES;
    assert_int_equal(gg_rules_best_aim(s, cr, N_AIM, &d, &a, roles), GG_OK);
    assert_false(a.found);
    assert_int_equal(roles[KOB], GG_ROLE_OUTSIDE);
    /* A helpful choice area keeps allies, so no enemy: no aim either. */
    d.affects = GG_AFFECTS_CREATURES;
    d.choice = true;
    d.harmful = false;
    assert_int_equal(gg_rules_best_aim(s, cr, N_AIM, &d, &a, NULL), GG_OK);
    assert_false(a.found);
    gg_scene_destroy(s);
}

static void area_rules__best_aim_rejects_bad_arguments(void **state)
{
    (void)state;
    gg_scene *s = fx_open(9, 9);
    assert_non_null(s);
    gg_creature cr[N_AIM];
    aim_creatures(cr);
    gg_aim a;
    gg_aim_def d = gg_aim_def_default();
    d.shape = GG_SHAPE_CONE;
    d.size_ft = 15;
    d.actor = MON;
    assert_int_equal(gg_rules_best_aim(s, cr, N_AIM, &d, NULL, NULL), GG_E_INVALID_ARG);
    assert_int_equal(gg_rules_best_aim(s, cr, N_AIM, NULL, &a, NULL), GG_E_INVALID_ARG);
    assert_int_equal(gg_rules_best_aim(NULL, cr, N_AIM, &d, &a, NULL), GG_E_INVALID_ARG);
    gg_aim_def b = d;
    b.struct_size = 3;
    assert_int_equal(gg_rules_best_aim(s, cr, N_AIM, &b, &a, NULL), GG_E_BAD_DEF);
    b = d;
    b.size_ft = 0;
    assert_int_equal(gg_rules_best_aim(s, cr, N_AIM, &b, &a, NULL), GG_E_INVALID_ARG);
    b = d;
    b.actor = N_AIM;
    assert_int_equal(gg_rules_best_aim(s, cr, N_AIM, &b, &a, NULL), GG_E_INVALID_ARG);
    b = d;
    b.max_targets = -1;
    assert_int_equal(gg_rules_best_aim(s, cr, N_AIM, &b, &a, NULL), GG_E_INVALID_ARG);
    b = d;
    b.target_count = 2;
    assert_int_equal(gg_rules_best_aim(s, cr, N_AIM, &b, &a, NULL), GG_E_INVALID_ARG);
    b = d;
    b.affects = (gg_affects)7;
    assert_int_equal(gg_rules_best_aim(s, cr, N_AIM, &b, &a, NULL), GG_E_INVALID_ARG);
    b = d;
    b.shape = (gg_shape)0;
    assert_int_equal(gg_rules_best_aim(s, cr, N_AIM, &b, &a, NULL), GG_E_INVALID_ARG);
    cr[MON].tracked = false;
    assert_int_equal(gg_rules_best_aim(s, cr, N_AIM, &d, &a, NULL), GG_E_OUT_OF_BOUNDS);
    assert_false(a.found);
    /* Off-map offered cells are skipped. */
    cr[MON].tracked = true;
    const gg_cell off[1] = {{-1, -1}};
    b = d;
    b.shape = GG_SHAPE_SPHERE;
    b.target_cells = off;
    b.target_count = 1;
    assert_int_equal(gg_rules_best_aim(s, cr, N_AIM, &b, &a, NULL), GG_OK);
    assert_false(a.found);
    gg_scene_destroy(s);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(area_rules__targets_equal_the_trimmed_area_cells),
        cmocka_unit_test(area_rules__targets_carry_cover_from_the_origin),
        cmocka_unit_test(area_rules__targets_reject_bad_arguments),
        cmocka_unit_test(area_rules__best_aim_matches_nat20),
        cmocka_unit_test(area_rules__best_aim_filters_and_spares),
        cmocka_unit_test(area_rules__best_aim_rejects_bad_arguments),
    };
    return cmocka_run_group_tests_name("rules/area_rules", tests, NULL, NULL);
}
