/* test_crowd_rules.c - SRD 5.2 "Moving Around Other Creatures" and squeezing for creatures of
 * every size: the movement def a creature array implies, and gg_rules_space()
 * (src/rules/crowd_rules.c). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>

#include <cmocka.h>

#include "sizes_fixture.h"

/* A corridor one square high: the mover at (0,0), someone at (2,0), the goal at (4,0). */
static const char *const k_corridor[] = {
    ".....",
    "#####",
};

/* The cheapest route's cost in feet for creature 0 to (4,0), or -1 when there is none. */
static int64_t route_ft(const gg_scene *s, gg_scratch *x, const gg_creature *cs, int32_t n,
                        const gg_rules_def *def, gg_cell goal)
{
    gg_body others[4];
    gg_move_def md;
    int32_t k = -1;
    assert_int_equal(gg_rules_move_def(s, cs, n, 0, def, others, 4, &md, &k), GG_OK);
    gg_cell path[32];
    int32_t count = 0;
    gg_metric_cost cost;
    assert_int_equal(gg_scene_lowest_cost_path(s, x, cs[0].body.cell, goal, 0, &md, path, 32,
                                               &count, &cost),
                     GG_OK);
    return count == 0 ? -1 : cost.feet;
}

/* SRD 5.2 "Moving Around Other Creatures": "you can pass through the space of an ally, a
 * creature that has the Incapacitated condition, a Tiny creature, or a creature that is two
 * sizes larger or smaller than you. Another creature's space is Difficult Terrain for you
 * unless that creature is Tiny or your ally." Nat20 passes allies only. */
static void crowd_rules__passing_rules_follow_the_def(void **state)
{
    (void)state;
    gg_scene *s = fx_map(k_corridor, 2);
    gg_scratch *x = NULL;
    assert_int_equal(gg_scratch_create(s, NULL, &x), GG_OK);
    const gg_rules_def nat = gg_rules_def_default(), srd = gg_rules_def_srd();
    const gg_cell goal = fx_c(4, 0);
    gg_creature cs[2] = {fx_at(0, 0, 0), fx_at(2, 0, 0)};
    /* An ally: passable in both readings, never Difficult Terrain. */
    assert_int_equal(route_ft(s, x, cs, 2, &nat, goal), 20);
    assert_int_equal(route_ft(s, x, cs, 2, &srd, goal), 20);
    /* A Medium enemy: impassable in both. */
    cs[1].body.side = 1;
    assert_int_equal(route_ft(s, x, cs, 2, &nat, goal), -1);
    assert_int_equal(route_ft(s, x, cs, 2, &srd, goal), -1);
    /* A Tiny enemy: SRD passes it without extra cost. */
    cs[1].body.size = GG_SIZE_TINY;
    assert_int_equal(route_ft(s, x, cs, 2, &nat, goal), -1);
    assert_int_equal(route_ft(s, x, cs, 2, &srd, goal), 20);
    /* An Incapacitated enemy: SRD passes it as Difficult Terrain (5 ft more). */
    cs[1].body.size = GG_SIZE_MEDIUM;
    cs[1].body.conditions = GG_CONDITION_INCAPACITATED;
    assert_int_equal(route_ft(s, x, cs, 2, &nat, goal), -1);
    assert_int_equal(route_ft(s, x, cs, 2, &srd, goal), 25);
    /* Two sizes apart: a Tiny mover under a Medium enemy (the enemy is not Tiny: difficult). */
    cs[1].body.conditions = 0u;
    cs[0].body.size = GG_SIZE_TINY;
    assert_int_equal(route_ft(s, x, cs, 2, &srd, goal), 25);
    /* One size apart (Small and Medium): no passing. */
    cs[0].body.size = GG_SIZE_SMALL;
    assert_int_equal(route_ft(s, x, cs, 2, &srd, goal), -1);
    /* Nobody ends a move in an occupied space. */
    cs[0].body.size = GG_SIZE_MEDIUM;
    cs[1].body.side = 0;
    assert_int_equal(route_ft(s, x, cs, 2, &srd, fx_c(2, 0)), -1);
    /* Dead creatures are not obstacles. */
    cs[1].body.side = 1;
    cs[1].alive = false;
    assert_int_equal(route_ft(s, x, cs, 2, &nat, goal), 20);
    gg_scratch_destroy(x);
    gg_scene_destroy(s);
}

static void crowd_rules__move_def_lists_the_other_creatures(void **state)
{
    (void)state;
    gg_scene *s = fx_open(6, 6);
    gg_creature cs[4] = {fx_sized(GG_SIZE_LARGE, 0, 0, 3), fx_at(3, 3, 1), fx_at(4, 4, 1),
                         fx_sized(GG_SIZE_HUGE, 3, 0, 2)};
    cs[2].tracked = false;
    const gg_rules_def srd = gg_rules_def_srd();
    gg_body others[3];
    gg_move_def md;
    int32_t n = -1;
    assert_int_equal(gg_rules_move_def(s, cs, 4, 0, &srd, others, 1, &md, &n),
                     GG_E_BUFFER_TOO_SMALL);
    assert_int_equal(n, 2);
    assert_int_equal(gg_rules_move_def(s, cs, 4, 0, &srd, others, 3, &md, &n), GG_OK);
    assert_int_equal(n, 2);
    assert_int_equal(md.size, GG_SIZE_LARGE);
    assert_int_equal(md.side, 3);
    assert_int_equal(md.other_count, 2);
    assert_ptr_equal(md.others, others);
    assert_true(gg_cell_eq(others[0].cell, fx_c(3, 3)));
    assert_int_equal(others[1].size, GG_SIZE_HUGE);
    assert_true(md.pass_size_apart);
    assert_true(md.occupied_difficult);
    cs[0].tracked = false;
    assert_int_equal(gg_rules_move_def(s, cs, 4, 0, &srd, others, 3, &md, &n), GG_E_OUT_OF_BOUNDS);
    assert_int_equal(gg_rules_move_def(s, cs, 4, 0, &srd, others, -1, &md, &n), GG_E_INVALID_ARG);
    assert_int_equal(gg_rules_move_def(s, cs, 4, 0, &srd, others, 3, NULL, &n), GG_E_INVALID_ARG);
    gg_scene_destroy(s);
}

static gg_space space_at(const gg_scene *s, const gg_creature *cs, int32_t n, gg_cell a)
{
    const gg_rules_def srd = gg_rules_def_srd();
    gg_space out;
    assert_int_equal(gg_rules_space(s, cs, n, 0, a, &srd, &out), GG_OK);
    return out;
}

/* SRD 5.1 "Squeezing into a Smaller Space": "a Large creature can squeeze through a passage
 * that's only 5 feet wide"; a Huge one needs 10 feet; nobody ends in an occupied space. */
static void crowd_rules__squeezing_and_ending_a_move(void **state)
{
    (void)state;
    static const char *const map[] = {
        "......",
        "##.###",
        "..#...",
        "......",
    };
    gg_scene *s = fx_map(map, 4);
    gg_creature cs[2] = {fx_sized(GG_SIZE_LARGE, 0, 2, 0), fx_at(4, 3, 1)};
    gg_space sp = space_at(s, cs, 2, fx_c(0, 2)); /* open 2x2 */
    assert_true(sp.fits);
    assert_false(sp.squeezing);
    assert_true(sp.can_end);
    sp = space_at(s, cs, 2, fx_c(2, 0)); /* (2..3, 0..1): (3,1) is blocked; (2,0) is open */
    assert_false(sp.fits);
    assert_true(sp.squeezing);
    assert_true(sp.can_end);
    sp = space_at(s, cs, 2, fx_c(1, 1)); /* (1,1) blocked: not even one square */
    assert_false(sp.fits);
    assert_false(sp.squeezing);
    assert_false(sp.can_end);
    sp = space_at(s, cs, 2, fx_c(3, 2)); /* the goblin stands in (4,3) */
    assert_true(sp.fits);
    assert_int_equal(sp.occupant, 1);
    assert_false(sp.can_end);
    sp = space_at(s, cs, 2, fx_c(5, 3)); /* the map's edge bounds a space like a wall */
    assert_false(sp.fits);
    assert_true(sp.squeezing);
    sp = space_at(s, cs, 2, fx_c(6, 3)); /* not even the anchor is on the map */
    assert_false(sp.fits);
    assert_false(sp.squeezing);
    /* A wall through the middle of a 2x2 space splits it: squeeze. */
    fx_wall(s, 1, 3, 1, 4);
    sp = space_at(s, cs, 2, fx_c(0, 2));
    assert_false(sp.fits);
    assert_true(sp.squeezing);
    /* Medium creatures never squeeze on the grid (Small has the same one-square space). */
    cs[0].body.size = GG_SIZE_MEDIUM;
    sp = space_at(s, cs, 2, fx_c(2, 2));
    assert_false(sp.fits);
    assert_false(sp.squeezing);
    /* A Huge creature squeezes into a 10-ft (Large) space. */
    cs[0].body.size = GG_SIZE_HUGE;
    cs[0].body.cell = fx_c(0, 0);
    cs[1].body.cell = fx_c(5, 0);
    sp = space_at(s, cs, 2, fx_c(3, 2)); /* (3..4, 2..3) open; a third row is off the map */
    assert_false(sp.fits);
    assert_true(sp.squeezing);
    assert_int_equal(sp.occupant, GG_NO_CREATURE);
    assert_true(sp.can_end);
    cs[0].body.cell = fx_c(4, 1);
    const gg_rules_def srd = gg_rules_def_srd();
    gg_space bad;
    assert_int_equal(gg_rules_space(s, cs, 2, 0, fx_c(0, 0), &srd, NULL), GG_E_INVALID_ARG);
    assert_int_equal(gg_rules_space(s, cs, 2, 0, fx_c(0, 0), &srd, &bad), GG_E_OUT_OF_BOUNDS);
    assert_false(bad.can_end);
    gg_scene_destroy(s);
}

/* Property: with the Nat20 def on 1x1 creatures, the movement def a roster implies lets
 * gg_scene_lowest_cost_path() reach exactly the destinations gg_rules_plan_move() accepts, at
 * the same cost (no difficult terrain, so fewest steps is cheapest), and no destination it
 * refuses as occupied or unreachable. (Nat20 refuses an adjacent step behind a wall as
 * blocked_path even when a detour exists; those verdicts are not compared.) */
static void crowd_rules__one_square_move_def_agrees_with_plan_move(void **state)
{
    (void)state;
    fx_rng rng;
    fx_rng_seed(&rng, 0xc40d, "crowd_rules__one_square_move_def_agrees_with_plan_move");
    const gg_rules_def def = gg_rules_def_default();
    int64_t compared = 0, refused = 0;
    for (int round = 0; round < 60; ++round) {
        const int32_t w = 3 + fx_below(&rng, 6), h = 3 + fx_below(&rng, 6);
        gg_scene *s = fx_random_tagged(&rng, w, h);
        gg_scratch *x = NULL;
        assert_int_equal(gg_scratch_create(s, NULL, &x), GG_OK);
        gg_creature cs[6];
        const int32_t n = 1 + fx_below(&rng, 6);
        fx_random_roster(&rng, w, h, cs, n);
        for (int32_t i = 0; i < n; ++i)
            cs[i].frightened_by = GG_NO_CREATURE;
        cs[0].tracked = true;
        cs[0].movement_left_ft = 1000;
        gg_body others[6];
        gg_move_def md;
        int32_t k = 0;
        assert_int_equal(gg_rules_move_def(s, cs, n, 0, &def, others, 6, &md, &k), GG_OK);
        for (int32_t d = 0; d < w * h; ++d) {
            const gg_cell dest = fx_c(d % w, d / w);
            if (gg_cell_eq(dest, cs[0].body.cell))
                continue;
            gg_cell plan[128], path[128];
            int32_t plan_n = 0, path_n = 0, plan_ft = 0;
            gg_move_result verdict = GG_MOVE_OK;
            assert_int_equal(gg_rules_plan_move(s, x, cs, n, 0, dest, plan, 128, &plan_n, &plan_ft,
                                                &verdict),
                             GG_OK);
            gg_metric_cost cost;
            assert_int_equal(gg_scene_lowest_cost_path(s, x, cs[0].body.cell, dest, 0, &md, path,
                                                       128, &path_n, &cost),
                             GG_OK);
            if (verdict == GG_MOVE_OK) {
                assert_true(path_n > 0);
                assert_int_equal(cost.feet, plan_ft);
                ++compared;
            } else if (verdict == GG_MOVE_OCCUPIED || verdict == GG_MOVE_UNREACHABLE) {
                assert_int_equal(path_n, 0);
                ++refused;
            }
        }
        gg_scratch_destroy(x);
        gg_scene_destroy(s);
    }
    assert_true(compared > 300 && refused > 30);
}

/* Regression: a wall post (a zero-length wall) at the corner shared by the four squares of a
 * Large creature's space blocks the diagonal step inside it, so the movement queries refuse
 * that footprint (topology.h); gg_rules_space() said it fits, because it read the orthogonal
 * neighbours only. Now it squeezes there, and the movement queries agree. */
static void crowd_rules__a_wall_post_inside_the_space_splits_it(void **state)
{
    (void)state;
    gg_scene *s = fx_open(4, 4);
    fx_wall(s, 1, 1, 1, 1);
    gg_scratch *x = NULL;
    assert_int_equal(gg_scratch_create(s, NULL, &x), GG_OK);
    gg_creature ogre = fx_sized(GG_SIZE_LARGE, 2, 2, 0);
    gg_rules_def def = gg_rules_def_srd();
    gg_space sp;
    assert_int_equal(gg_rules_space(s, &ogre, 1, 0, fx_c(0, 0), &def, &sp), GG_OK);
    assert_false(sp.fits);
    assert_true(sp.squeezing);
    assert_int_equal(gg_rules_space(s, &ogre, 1, 0, fx_c(1, 1), &def, &sp), GG_OK);
    assert_true(sp.fits);
    gg_body others[1];
    gg_move_def md;
    int32_t k = 0;
    assert_int_equal(gg_rules_move_def(s, &ogre, 1, 0, &def, others, 1, &md, &k), GG_OK);
    gg_cell path[16];
    int32_t count = 0;
    gg_metric_cost cost;
    assert_int_equal(gg_scene_lowest_cost_path(s, x, fx_c(2, 2), fx_c(0, 0), 0, &md, path, 16,
                                               &count, &cost),
                     GG_OK);
    assert_int_equal(count, 0);
    gg_scratch_destroy(x);
    gg_scene_destroy(s);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(crowd_rules__passing_rules_follow_the_def),
        cmocka_unit_test(crowd_rules__one_square_move_def_agrees_with_plan_move),
        cmocka_unit_test(crowd_rules__move_def_lists_the_other_creatures),
        cmocka_unit_test(crowd_rules__squeezing_and_ending_a_move),
        cmocka_unit_test(crowd_rules__a_wall_post_inside_the_space_splits_it),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
