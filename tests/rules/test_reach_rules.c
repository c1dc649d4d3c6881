/* test_reach_rules.c - SRD 5.2 "Opportunity Attacks" measured from creatures' spaces and the
 * optional Flanking rule, for creatures of every size (src/rules/reach_rules.c). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>

#include <cmocka.h>

#include "sizes_fixture.h"

/* Property: on 1x1 creatures at ground level the Nat20 def schedules exactly what
 * gg_rules_opportunity_schedule() schedules. */
static void reach_rules__one_square_schedule_equals_nat20(void **state)
{
    (void)state;
    fx_rng rng;
    fx_rng_seed(&rng, 0x0a77, "reach_rules__one_square_schedule_equals_nat20");
    const gg_rules_def def = gg_rules_def_default();
    int64_t events = 0;
    for (int round = 0; round < 300; ++round) {
        const int32_t w = 4 + fx_below(&rng, 6), h = 4 + fx_below(&rng, 6);
        gg_scene *s = fx_random_tagged(&rng, w, h);
        gg_creature cs[8];
        const int32_t n = 2 + fx_below(&rng, 7);
        fx_random_roster(&rng, w, h, cs, n);
        cs[0].disengaging = fx_below(&rng, 10) == 0;
        gg_cell route[8];
        route[0] = cs[0].body.cell;
        const int32_t len = 1 + fx_below(&rng, 8);
        for (int32_t k = 1; k < len; ++k) {
            gg_cell c = route[k - 1];
            c.col += fx_below(&rng, 3) - 1;
            c.row += fx_below(&rng, 3) - 1;
            if (!gg_scene_contains(s, c))
                c = route[k - 1];
            route[k] = c;
        }
        gg_oa_event got[8], want[8];
        int32_t got_n = -1, want_n = -2;
        assert_int_equal(gg_rules_opportunity_attacks(s, cs, n, 0, route, len, &def, got, 8,
                                                      &got_n),
                         GG_OK);
        assert_int_equal(gg_rules_opportunity_schedule(s, cs, n, 0, route, len, want, 8, &want_n),
                         GG_OK);
        assert_int_equal(got_n, want_n);
        for (int32_t k = 0; k < got_n; ++k) {
            assert_int_equal(got[k].step, want[k].step);
            assert_int_equal(got[k].reactor, want[k].reactor);
        }
        events += got_n;
        gg_scene_destroy(s);
    }
    assert_true(events > 30);
}

/* The oracle: the least Chebyshev distance in squares between two footprints, cell by cell. */
static int32_t brute_gap(gg_cell a, int32_t na, gg_cell b, int32_t nb)
{
    int32_t best = INT32_MAX;
    for (int32_t i = 0; i < na * na; ++i)
        for (int32_t j = 0; j < nb * nb; ++j) {
            int32_t dx = a.col + i % na - b.col - j % nb, dy = a.row + i / na - b.row - j / nb;
            dx = dx < 0 ? -dx : dx;
            dy = dy < 0 ? -dy : dy;
            int32_t d = dx > dy ? dx : dy;
            if (d < best)
                best = d;
        }
    return best;
}

/* Exhaustive on an open 6x6 map: a reactor of `rsize` with reach `reach` at every anchor, a
 * mover of `msize` at every anchor taking every one-square step that stays on the map. It
 * provokes exactly when the brute-force gap is within reach before the step and beyond it
 * after. Returns how many provoking steps it saw. */
static int32_t exhaustive(gg_size rsize, gg_size msize, int32_t reach)
{
    gg_scene *s = fx_open(6, 6);
    const gg_rules_def def = gg_rules_def_srd();
    const int32_t nr = gg_size_cells(rsize), nm = gg_size_cells(msize);
    int32_t provoked = 0;
    for (int32_t ra = 0; ra < (7 - nr) * (7 - nr); ++ra)
        for (int32_t ma = 0; ma < (7 - nm) * (7 - nm); ++ma)
            for (int32_t d = 0; d < 9; ++d) {
                if (d == 4)
                    continue;
                gg_creature cs[2] = {fx_sized(msize, ma % (7 - nm), ma / (7 - nm), 1),
                                     fx_sized(rsize, ra % (7 - nr), ra / (7 - nr), 0)};
                cs[1].reach_ft = reach;
                gg_cell route[2] = {cs[0].body.cell, fx_c(cs[0].body.cell.col + d % 3 - 1,
                                                          cs[0].body.cell.row + d / 3 - 1)};
                if (route[1].col < 0 || route[1].row < 0 || route[1].col + nm > 6 ||
                    route[1].row + nm > 6)
                    continue;
                const int32_t before = brute_gap(cs[1].body.cell, nr, route[0], nm) * 5;
                const int32_t after = brute_gap(cs[1].body.cell, nr, route[1], nm) * 5;
                const bool want = before <= reach && after > reach;
                gg_oa_event ev[2];
                int32_t n = -1;
                assert_int_equal(gg_rules_opportunity_attacks(s, cs, 2, 0, route, 2, &def, ev, 2,
                                                              &n),
                                 GG_OK);
                assert_int_equal(n, want ? 1 : 0);
                if (want) {
                    assert_int_equal(ev[0].reactor, 1);
                    assert_int_equal(ev[0].step, 0);
                    ++provoked;
                }
                /* The reach query agrees with the oracle before the step. */
                gg_attack_check check;
                assert_int_equal(gg_rules_check_attack(s, cs, 2, 1, 0, reach, &def, &check), GG_OK);
                assert_int_equal(check.check == GG_TARGET_OK, before <= reach);
                assert_int_equal(check.distance_ft, before);
            }
    gg_scene_destroy(s);
    return provoked;
}

static void reach_rules__large_reach_and_opportunity_attacks_exhaustive(void **state)
{
    (void)state;
    assert_true(exhaustive(GG_SIZE_LARGE, GG_SIZE_MEDIUM, 5) > 100);
    assert_true(exhaustive(GG_SIZE_LARGE, GG_SIZE_MEDIUM, 10) > 100);
    assert_true(exhaustive(GG_SIZE_MEDIUM, GG_SIZE_LARGE, 5) > 100);
    assert_true(exhaustive(GG_SIZE_LARGE, GG_SIZE_LARGE, 5) > 50);
    assert_true(exhaustive(GG_SIZE_HUGE, GG_SIZE_TINY, 10) > 20);
}

/* A flyer leaving reach upwards provokes; one above reach all along does not. */
static void reach_rules__opportunity_attacks_count_elevation(void **state)
{
    (void)state;
    gg_scene *s = fx_open(6, 6);
    gg_creature cs[2] = {fx_at(2, 2, 1), fx_at(2, 3, 0)};
    const gg_rules_def def = gg_rules_def_srd();
    gg_cell route[2] = {fx_c(2, 2), fx_c(2, 1)};
    gg_oa_event ev[2];
    int32_t n = -1;
    assert_int_equal(gg_rules_opportunity_attacks(s, cs, 2, 0, route, 2, &def, ev, 2, &n), GG_OK);
    assert_int_equal(n, 1);
    cs[0].body.base_in = 120; /* flying 10 ft up: out of a 5-ft reach before it moves */
    assert_int_equal(gg_rules_opportunity_attacks(s, cs, 2, 0, route, 2, &def, ev, 2, &n), GG_OK);
    assert_int_equal(n, 0);
    cs[1].reach_ft = 10; /* a 10-ft reach touches it above the next square, not two away */
    assert_int_equal(gg_rules_opportunity_attacks(s, cs, 2, 0, route, 2, &def, ev, 2, &n), GG_OK);
    assert_int_equal(n, 0);
    route[1] = fx_c(2, 0);
    assert_int_equal(gg_rules_opportunity_attacks(s, cs, 2, 0, route, 2, &def, ev, 2, &n), GG_OK);
    assert_int_equal(n, 1);
    /* A mover whose Large footprint leaves the map on a route anchor. */
    cs[0].body.size = GG_SIZE_LARGE;
    route[1] = fx_c(5, 2);
    assert_int_equal(gg_rules_opportunity_attacks(s, cs, 2, 0, route, 2, &def, ev, 2, &n),
                     GG_E_OUT_OF_BOUNDS);
    assert_int_equal(gg_rules_opportunity_attacks(s, cs, 2, 0, route, 2, &def, ev, 2, NULL),
                     GG_E_INVALID_ARG);
    gg_scene_destroy(s);
}

static gg_flank flank(const gg_scene *s, const gg_creature *cs, int32_t n, int32_t a, int32_t t)
{
    const gg_rules_def def = gg_rules_def_srd();
    gg_flank out;
    assert_int_equal(gg_rules_flanking(s, cs, n, a, t, &def, &out), GG_OK);
    return out;
}

/* Exhaustive on a Medium target: an attacker and an ally in any two of its eight neighbours
 * flank exactly when they are opposite (the ally is the attacker reflected through it). */
static void reach_rules__flanking_a_medium_target_needs_opposite_squares(void **state)
{
    (void)state;
    gg_scene *s = fx_open(3, 3);
    int32_t flanks = 0;
    for (int32_t a = 0; a < 9; ++a)
        for (int32_t b = 0; b < 9; ++b) {
            if (a == 4 || b == 4 || a == b)
                continue;
            gg_creature cs[3] = {fx_at(a % 3, a / 3, 0), fx_at(1, 1, 1), fx_at(b % 3, b / 3, 0)};
            gg_flank f = flank(s, cs, 3, 0, 1);
            assert_true(f.adjacent);
            assert_int_equal(f.flanked, a + b == 8);
            assert_int_equal(f.ally, a + b == 8 ? 2 : GG_NO_CREATURE);
            flanks += f.flanked;
        }
    assert_int_equal(flanks, 8);
    gg_scene_destroy(s);
}

/* A Large target: opposite sides (with offsets along them) and opposite corners flank;
 * adjacent sides do not; walls, an Incapacitated ally, an enemy or a distant attacker do not. */
static void reach_rules__flanking_a_large_target(void **state)
{
    (void)state;
    gg_scene *s = fx_open(6, 6);
    /* Ogre on (2..3, 2..3). */
    gg_creature cs[4] = {fx_at(1, 2, 0), fx_sized(GG_SIZE_LARGE, 2, 2, 1), fx_at(4, 3, 0),
                         fx_at(0, 0, 1)};
    gg_flank f = flank(s, cs, 4, 0, 1);
    assert_true(f.flanked); /* west side, row 2, to east side, row 3 */
    assert_int_equal(f.ally, 2);
    cs[2].body.cell = fx_c(4, 4); /* south-east corner: the line leaves by the south side */
    assert_false(flank(s, cs, 4, 0, 1).flanked);
    cs[0].body.cell = fx_c(1, 1); /* north-west corner to south-east corner */
    assert_true(flank(s, cs, 4, 0, 1).flanked);
    cs[2].body.cell = fx_c(2, 4); /* north-west corner to the south side: not opposite */
    assert_false(flank(s, cs, 4, 0, 1).flanked);
    cs[0].body.cell = fx_c(3, 1); /* north side to south side */
    assert_true(flank(s, cs, 4, 0, 1).flanked);
    cs[2].body.conditions = GG_CONDITION_INCAPACITATED;
    assert_false(flank(s, cs, 4, 0, 1).flanked);
    cs[2].body.conditions = 0u;
    cs[2].body.side = 1; /* an enemy of the attacker does not flank with it */
    assert_false(flank(s, cs, 4, 0, 1).flanked);
    cs[2].body.side = 0;
    /* A wall between the ally and the ogre: the ally is not adjacent. */
    fx_wall(s, 2, 4, 4, 4);
    gg_flank w = flank(s, cs, 4, 0, 1);
    assert_true(w.adjacent);
    assert_false(w.flanked);
    /* Another ally on the east side still flanks with an attacker on the west side. */
    cs[0].body.cell = fx_c(1, 3);
    cs[3] = fx_at(4, 2, 0);
    w = flank(s, cs, 4, 0, 1);
    assert_true(w.flanked);
    assert_int_equal(w.ally, 3);
    /* An attacker two squares away is not adjacent and flanks nobody. */
    cs[0].body.cell = fx_c(0, 3);
    w = flank(s, cs, 4, 0, 1);
    assert_false(w.adjacent);
    assert_false(w.flanked);
    gg_flank bad;
    const gg_rules_def def = gg_rules_def_srd();
    assert_int_equal(gg_rules_flanking(s, cs, 4, 1, 1, &def, &bad), GG_E_INVALID_ARG);
    assert_int_equal(gg_rules_flanking(s, cs, 4, 0, 1, &def, NULL), GG_E_INVALID_ARG);
    cs[1].tracked = false;
    assert_int_equal(gg_rules_flanking(s, cs, 4, 0, 1, &def, &bad), GG_E_OUT_OF_BOUNDS);
    assert_false(bad.flanked);
    assert_int_equal(bad.ally, GG_NO_CREATURE);
    gg_scene_destroy(s);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(reach_rules__one_square_schedule_equals_nat20),
        cmocka_unit_test(reach_rules__large_reach_and_opportunity_attacks_exhaustive),
        cmocka_unit_test(reach_rules__opportunity_attacks_count_elevation),
        cmocka_unit_test(reach_rules__flanking_a_medium_target_needs_opposite_squares),
        cmocka_unit_test(reach_rules__flanking_a_large_target),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
