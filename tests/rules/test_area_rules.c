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

/* ---- areas at any angle ---------------------------------------------------------------------- */

static gg_shape_def any_shape(gg_shape shape, int32_t size_ft, gg_area_point origin, int32_t dx,
                              int32_t dy)
{
    gg_shape_def d = gg_shape_def_default();
    d.shape = shape;
    d.size_ft = size_ft;
    d.origin = origin;
    d.dir_x = dx;
    d.dir_y = dy;
    return d;
}

/* On an open map nothing is trimmed: the rules' cells are the core's, for random shapes. */
static void area_rules__shape_cells_on_an_open_map_are_the_core_cells(void **state)
{
    (void)state;
    gg_scene *s = fx_open(20, 20);
    fx_rng g;
    fx_rng_seed(&g, 0xA4EA5u, "area_rules__shape_cells_on_an_open_map_are_the_core_cells");
    static const gg_shape shapes[] = {GG_SHAPE_SPHERE, GG_SHAPE_CONE, GG_SHAPE_LINE, GG_SHAPE_CUBE,
                                      GG_SHAPE_EMANATION};
    gg_shape_rule_def rd = gg_shape_rule_def_default();
    for (int t = 0; t < 40; ++t) {
        gg_shape_def d = any_shape(shapes[fx_next(&g) % 5], 5 + (int32_t)(fx_next(&g) % 30),
                                   gg_area_point_ft(20 + (int32_t)(fx_next(&g) % 60),
                                                    20 + (int32_t)(fx_next(&g) % 60)),
                                   (int32_t)(fx_next(&g) % 9) - 4, 1 + (int32_t)(fx_next(&g) % 3));
        d.coverage = (gg_coverage)(fx_next(&g) % 3);
        d.source = gg_body_make(gg_cell_make(8, 8));
        gg_cell a[400], b[400];
        int32_t na = 0, nb = 0;
        assert_int_equal(gg_shape_cells(20, 20, 5, &d, a, 400, &na, NULL), GG_OK);
        assert_int_equal(gg_rules_shape_cells(s, &d, &rd, b, 400, &nb), GG_OK);
        fx_assert_cells(b, nb, a, na);
    }
    gg_scene_destroy(s);
}

/* A Fireball at a grid intersection behind a wall: squares past the wall are out of the area,
 * the others stay, and the creatures follow their squares. */
static void area_rules__shape_cells_are_trimmed_by_line_of_effect(void **state)
{
    (void)state;
    gg_scene *s = fx_open(20, 20);
    fx_wall(s, 12, 0, 12, 20); /* the grid line x = 60 ft */
    gg_shape_def fb = any_shape(GG_SHAPE_SPHERE, 20, gg_area_point_ft(50, 50), 1, 0);
    gg_shape_rule_def rd = gg_shape_rule_def_default();
    gg_cell all[400], kept[400];
    int32_t na = 0, nk = 0;
    assert_int_equal(gg_shape_cells(20, 20, 5, &fb, all, 400, &na, NULL), GG_OK);
    assert_int_equal(gg_rules_shape_cells(s, &fb, &rd, kept, 400, &nk), GG_OK);
    assert_int_equal(na, 52);
    int32_t k = 0;
    for (int32_t i = 0; i < na; ++i) {
        if (all[i].col >= 12)
            continue;
        assert_true(k < nk);
        assert_true(gg_cell_eq(kept[k], all[i]));
        k++;
    }
    assert_int_equal(k, nk);
    assert_true(nk < na);
    rd.line_of_effect = false;
    assert_int_equal(gg_rules_shape_cells(s, &fb, &rd, kept, 400, &nk), GG_OK);
    assert_int_equal(nk, na);

    gg_creature cr[3] = {fx_at(10, 10, 0), fx_at(12, 10, 1), fx_at(7, 9, 1)};
    gg_area_target out[3];
    int32_t n = 0;
    rd.line_of_effect = true;
    assert_int_equal(gg_rules_shape_targets(s, cr, 3, &fb, &rd, out, 3, &n), GG_OK);
    assert_int_equal(n, 2); /* the caster at (10,10) is in its own Fireball; (12,10) is behind */
    assert_int_equal(out[0].creature, 0);
    assert_int_equal(out[1].creature, 2);
    rd.line_of_effect = false;
    assert_int_equal(gg_rules_shape_targets(s, cr, 3, &fb, &rd, out, 3, &n), GG_OK);
    assert_int_equal(n, 3);
    gg_scene_destroy(s);
}

/* A Lightning Bolt (a 100 x 5 ft Line) in a diagonal direction: the creatures on its squares,
 * the one in between gives the one behind half cover for its save. */
static void area_rules__shape_targets_carry_cover_and_follow_the_rule(void **state)
{
    (void)state;
    gg_scene *s = fx_open(30, 30);
    gg_shape_def bolt = any_shape(GG_SHAPE_LINE, 100, gg_area_point_centre(fx_c(2, 2), 5), 1, 1);
    gg_creature cr[4] = {fx_at(2, 2, 0), fx_at(6, 6, 1), fx_at(12, 12, 1), fx_at(6, 8, 1)};
    gg_shape_rule_def rd = gg_shape_rule_def_default();
    gg_area_target out[4];
    int32_t n = 0;
    assert_int_equal(gg_rules_shape_targets(s, cr, 4, &bolt, &rd, out, 4, &n), GG_OK);
    /* The caster's own square holds under half of the line (the line starts on its centre
     * and is narrower than the square's diagonal), so the bolt leaves it out under HALF. */
    assert_int_equal(n, 2);
    assert_int_equal(out[0].creature, 1);
    assert_int_equal(out[1].creature, 2);
    assert_int_equal(out[0].cover, GG_COVER_NONE);
    assert_int_equal(out[1].cover, GG_COVER_HALF);
    /* Centre rule: the caster's centre is on the line's starting edge, so it is in. The cut-off
     * list keeps its prefix. */
    bolt.coverage = GG_COVERAGE_CENTRE;
    assert_int_equal(gg_rules_shape_targets(s, cr, 4, &bolt, &rd, out, 1, &n), GG_PARTIAL);
    assert_int_equal(n, 3);
    assert_int_equal(out[0].creature, 0);
    /* Token variant on 1x1 creatures agrees. */
    rd.affect = GG_AFFECT_TOKEN;
    assert_int_equal(gg_rules_shape_targets(s, cr, 4, &bolt, &rd, out, 4, &n), GG_OK);
    assert_int_equal(n, 3);
    gg_scene_destroy(s);
}

/* An Emanation leaves out its source and reaches around walls only where a line does. */
static void area_rules__emanation_excludes_its_source(void **state)
{
    (void)state;
    gg_scene *s = fx_open(12, 12);
    gg_creature cr[3] = {fx_at(5, 5, 0), fx_at(6, 6, 1), fx_at(8, 5, 1)};
    gg_shape_def aura = any_shape(GG_SHAPE_EMANATION, 10, gg_area_point_ft(0, 0), 1, 0);
    aura.source = cr[0].body;
    gg_shape_rule_def rd = gg_shape_rule_def_default();
    gg_area_target out[3];
    int32_t n = 0;
    assert_int_equal(gg_rules_shape_targets(s, cr, 3, &aura, &rd, out, 3, &n), GG_OK);
    assert_int_equal(n, 1);
    assert_int_equal(out[0].creature, 1);
    gg_cell cells[144];
    assert_int_equal(gg_rules_shape_cells(s, &aura, &rd, cells, 144, &n), GG_OK);
    /* 5 x 5 around the source minus itself and the 4 corner squares (under half of each) */
    assert_int_equal(n, 20);
    for (int32_t i = 0; i < n; ++i)
        assert_false(gg_cell_eq(cells[i], fx_c(5, 5)));
    /* a wall boxing the source's east side off */
    fx_wall(s, 6, 0, 6, 12);
    assert_int_equal(gg_rules_shape_cells(s, &aura, &rd, cells, 144, &n), GG_OK);
    assert_int_equal(n, 12); /* the 20 squares west of the wall: columns 3..5 */
    gg_scene_destroy(s);
}

static void area_rules__shape_rules_reject_bad_arguments(void **state)
{
    (void)state;
    gg_scene *s = fx_open(10, 10);
    gg_shape_def d = any_shape(GG_SHAPE_CONE, 15, gg_area_point_ft(25, 25), 1, 0);
    gg_shape_rule_def rd = gg_shape_rule_def_default();
    gg_cell out[100];
    int32_t n = 5;
    assert_int_equal(gg_rules_shape_cells(NULL, &d, &rd, out, 100, &n), GG_E_INVALID_ARG);
    assert_int_equal(n, 0);
    assert_int_equal(gg_rules_shape_cells(s, NULL, &rd, out, 100, &n), GG_E_INVALID_ARG);
    assert_int_equal(gg_rules_shape_cells(s, &d, NULL, out, 100, &n), GG_E_INVALID_ARG);
    assert_int_equal(gg_rules_shape_cells(s, &d, &rd, NULL, 100, &n), GG_E_INVALID_ARG);
    assert_int_equal(gg_rules_shape_cells(s, &d, &rd, out, -1, &n), GG_E_INVALID_ARG);
    assert_int_equal(gg_rules_shape_cells(s, &d, &rd, out, 100, NULL), GG_E_INVALID_ARG);
    gg_shape_rule_def bad = rd;
    bad.struct_size = 2;
    assert_int_equal(gg_rules_shape_cells(s, &d, &bad, out, 100, &n), GG_E_BAD_DEF);
    bad = rd;
    bad.affect = (gg_area_affect)9;
    assert_int_equal(gg_rules_shape_cells(s, &d, &bad, out, 100, &n), GG_E_INVALID_ARG);
    gg_shape_def bd = d;
    bd.dir_x = bd.dir_y = 0;
    assert_int_equal(gg_rules_shape_cells(s, &bd, &rd, out, 100, &n), GG_E_INVALID_ARG);
    bd = d;
    bd.struct_size = 0;
    assert_int_equal(gg_rules_shape_cells(s, &bd, &rd, out, 100, &n), GG_E_BAD_DEF);
    bd = d;
    bd.origin = gg_area_point_ft(-20, 5); /* off the map: no line of effect to measure */
    assert_int_equal(gg_rules_shape_cells(s, &bd, &rd, out, 100, &n), GG_E_OUT_OF_BOUNDS);
    rd.line_of_effect = false;
    assert_int_equal(gg_rules_shape_cells(s, &bd, &rd, out, 100, &n), GG_OK);
    assert_int_equal(n, 0); /* a 15-ft cone from 20 ft west of the map reaches nothing */
    gg_creature cr[1] = {fx_at(1, 1, 0)};
    gg_area_target t[1];
    assert_int_equal(gg_rules_shape_targets(s, cr, 1, NULL, &rd, t, 1, &n), GG_E_INVALID_ARG);
    assert_int_equal(gg_rules_shape_targets(s, cr, 1, &d, &bad, t, 1, &n), GG_E_INVALID_ARG);
    assert_int_equal(gg_rules_shape_targets(s, cr, -1, &d, &rd, t, 1, &n), GG_E_INVALID_ARG);
    assert_int_equal(gg_rules_shape_targets(s, cr, 1, &d, &rd, NULL, 1, &n), GG_E_INVALID_ARG);
    assert_int_equal(gg_rules_shape_targets(s, cr, 1, &d, &rd, t, 1, NULL), GG_E_INVALID_ARG);
    gg_scene_destroy(s);
}

/* A point of origin on a wall reaches both sides of it; half a foot to one side, only that side
 * (any point of origin, not only a square's centre or corner). */
static void area_rules__origin_on_and_beside_a_wall(void **state)
{
    (void)state;
    gg_scene *s = fx_open(16, 16);
    fx_wall(s, 8, 0, 8, 16);
    gg_shape_def fb = any_shape(GG_SHAPE_SPHERE, 20, gg_area_point_corner(fx_c(8, 8), 5), 1, 0);
    gg_shape_rule_def rd = gg_shape_rule_def_default();
    gg_cell c[256];
    int32_t n = 0, west = 0;
    assert_int_equal(gg_rules_shape_cells(s, &fb, &rd, c, 256, &n), GG_OK);
    for (int32_t i = 0; i < n; ++i)
        west += c[i].col < 8;
    assert_int_equal(n, 52);
    assert_int_equal(west, 26);
    fb.origin.x += GG_AREA_UNITS_PER_FT / 2;
    assert_int_equal(gg_rules_shape_cells(s, &fb, &rd, c, 256, &n), GG_OK);
    for (int32_t i = 0; i < n; ++i)
        assert_true(c[i].col >= 8);
    assert_true(n > 20);
    gg_scene_destroy(s);
}

/* Creatures of every size: a Large ogre is in a Line by any of its four squares, or by its token;
 * its own 10-ft Emanation (a Large space) leaves it out and catches those around it. */
static void area_rules__shape_targets_take_every_size(void **state)
{
    (void)state;
    gg_scene *s = fx_open(20, 20);
    gg_creature cr[3] = {fx_at(6, 6, 1), fx_at(2, 7, 0), fx_at(9, 6, 0)};
    cr[0].body.size = GG_SIZE_LARGE; /* squares (6..7, 6..7) */
    /* a 5-ft Line along row 7, from x = 0: the ogre's lower squares */
    gg_shape_def line = any_shape(GG_SHAPE_LINE, 60, gg_area_point_ft(0, 37), 1, 0);
    line.origin.y += GG_AREA_UNITS_PER_FT / 2; /* y = 37.5 ft, the centre of row 7 */
    gg_shape_rule_def rd = gg_shape_rule_def_default();
    gg_area_target out[3];
    int32_t n = 0;
    assert_int_equal(gg_rules_shape_targets(s, cr, 3, &line, &rd, out, 3, &n), GG_OK);
    assert_int_equal(n, 2);
    assert_int_equal(out[0].creature, 0);
    assert_int_equal(out[1].creature, 1);
    /* token: half of the 10 x 10 token is under the line, exactly half: still in; its centre,
     * (35, 35), is on the line's edge */
    rd.affect = GG_AFFECT_TOKEN;
    assert_int_equal(gg_rules_shape_targets(s, cr, 3, &line, &rd, out, 3, &n), GG_OK);
    assert_int_equal(n, 2);
    line.line_width_ft = 4; /* 4 of the token's 10 ft: 40 % */
    assert_int_equal(gg_rules_shape_targets(s, cr, 3, &line, &rd, out, 3, &n), GG_OK);
    assert_int_equal(n, 1);
    assert_int_equal(out[0].creature, 1);
    line.coverage = GG_COVERAGE_TOUCH; /* any part of the token */
    assert_int_equal(gg_rules_shape_targets(s, cr, 3, &line, &rd, out, 3, &n), GG_OK);
    assert_int_equal(n, 2);
    line.coverage = GG_COVERAGE_HALF;
    rd.affect = GG_AFFECT_ANY_SQUARE; /* each lower square is 80 % under the line */
    assert_int_equal(gg_rules_shape_targets(s, cr, 3, &line, &rd, out, 3, &n), GG_OK);
    assert_int_equal(n, 2);

    gg_shape_def aura = any_shape(GG_SHAPE_EMANATION, 10, gg_area_point_ft(0, 0), 1, 0);
    aura.source = cr[0].body;
    assert_int_equal(gg_rules_shape_targets(s, cr, 3, &aura, &rd, out, 3, &n), GG_OK);
    assert_int_equal(n, 1); /* (9,6) is 5 ft from the ogre's space; (2,7) 15 ft */
    assert_int_equal(out[0].creature, 2);
    gg_cell cells[400];
    assert_int_equal(gg_rules_shape_cells(s, &aura, &rd, cells, 400, &n), GG_OK);
    /* the 6 x 6 block minus the ogre's 4 squares and the 4 corner squares (7 of their 25
     * square feet within 10 ft) */
    assert_int_equal(n, 6 * 6 - 4 - 4);
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
        cmocka_unit_test(area_rules__shape_cells_on_an_open_map_are_the_core_cells),
        cmocka_unit_test(area_rules__shape_cells_are_trimmed_by_line_of_effect),
        cmocka_unit_test(area_rules__shape_targets_carry_cover_and_follow_the_rule),
        cmocka_unit_test(area_rules__emanation_excludes_its_source),
        cmocka_unit_test(area_rules__shape_rules_reject_bad_arguments),
        cmocka_unit_test(area_rules__origin_on_and_beside_a_wall),
        cmocka_unit_test(area_rules__shape_targets_take_every_size),
    };
    return cmocka_run_group_tests_name("rules/area_rules", tests, NULL, NULL);
}
