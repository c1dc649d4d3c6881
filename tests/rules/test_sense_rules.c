/* test_sense_rules.c - SRD 5.2 senses for creatures of every size: magical Darkness,
 * Truesight, obscurement between, a viewer's and a target's squares, and Frightened in the
 * attack-sight query (src/rules/sense_rules.c). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>

#include <cmocka.h>

#include "sizes_fixture.h"

static bool sees(const gg_scene *s, const gg_creature *cs, int32_t n, int32_t v, int32_t t,
                 const gg_rules_def *def)
{
    bool seen = false;
    assert_int_equal(gg_rules_sees(s, cs, n, v, t, def, &seen), GG_OK);
    return seen;
}

/* Property: on 1x1 creatures at ground level, the Nat20 def gives gg_rules_can_see()'s and
 * gg_rules_attack_sight()'s answers (with no fear, which only the new query reports), magical
 * Darkness included (topology reads it as heavy obscurement). */
static void sense_rules__one_square_sight_equals_nat20(void **state)
{
    (void)state;
    fx_rng rng;
    fx_rng_seed(&rng, 0x5e55, "sense_rules__one_square_sight_equals_nat20");
    const gg_rules_def def = gg_rules_def_default();
    int64_t seen = 0, unseen = 0;
    for (int round = 0; round < 80; ++round) {
        const int32_t w = 4 + fx_below(&rng, 6), h = 4 + fx_below(&rng, 6);
        gg_scene *s = fx_random_tagged(&rng, w, h);
        for (int k = 0; k < 3; ++k)
            assert_int_equal(gg_scene_set_obscurement(s, fx_c(fx_below(&rng, w), fx_below(&rng, h)),
                                                      GG_OBSCURE_MAGICAL_DARKNESS),
                             GG_OK);
        gg_creature cs[8];
        const int32_t n = 2 + fx_below(&rng, 7);
        fx_random_roster(&rng, w, h, cs, n);
        for (int32_t i = 0; i < n; ++i)
            cs[i].frightened_by = GG_NO_CREATURE;
        for (int32_t a = 0; a < n; ++a)
            for (int32_t t = 0; t < n; ++t) {
                bool want = false;
                assert_int_equal(gg_rules_can_see(s, &cs[a], &cs[t], &want), GG_OK);
                assert_int_equal(sees(s, cs, n, a, t, &def), want);
                if (want)
                    ++seen;
                else
                    ++unseen;
                gg_attack_sight got, exp;
                assert_int_equal(gg_rules_attack_sight_def(s, cs, n, a, t, &def, &got), GG_OK);
                assert_int_equal(gg_rules_attack_sight(s, &cs[a], &cs[t], &exp), GG_OK);
                assert_int_equal(got.attacker_sees_target, exp.attacker_sees_target);
                assert_int_equal(got.target_sees_attacker, exp.target_sees_attacker);
                assert_int_equal(got.advantage, exp.advantage);
                assert_int_equal(got.disadvantage, exp.disadvantage);
                assert_int_equal(got.mode, exp.mode);
            }
        gg_scene_destroy(s);
    }
    assert_true(seen > 200 && unseen > 200);
}

/* SRD 5.2 "Darkness": "Darkvision can't see through it"; Blindsight and Truesight can. Plain
 * darkness is seen by darkvision. */
static void sense_rules__magical_darkness_stops_darkvision_only(void **state)
{
    (void)state;
    gg_scene *s = fx_open(6, 1);
    assert_int_equal(gg_scene_set_obscurement(s, fx_c(3, 0), GG_OBSCURE_MAGICAL_DARKNESS), GG_OK);
    assert_int_equal(gg_scene_set_lighting(s, fx_c(4, 0), GG_LIGHT_DARK), GG_OK);
    gg_creature cs[2] = {fx_at(0, 0, 0), fx_at(3, 0, 1)};
    cs[0].senses.darkvision_ft = 120;
    for (int p = 0; p < 2; ++p) {
        gg_rules_def def = p == 0 ? gg_rules_def_default() : gg_rules_def_srd();
        cs[1].body.cell = fx_c(3, 0);
        assert_false(sees(s, cs, 2, 0, 1, &def));
        cs[1].body.cell = fx_c(4, 0);
        assert_true(sees(s, cs, 2, 0, 1, &def));
        cs[1].body.cell = fx_c(3, 0);
        cs[0].senses.blindsight_ft = 15;
        assert_true(sees(s, cs, 2, 0, 1, &def));
        cs[0].senses.blindsight_ft = 10; /* out of its range */
        assert_false(sees(s, cs, 2, 0, 1, &def));
        cs[0].senses.blindsight_ft = GG_SENSE_NONE;
        cs[0].senses.truesight_ft = 30;
        assert_true(sees(s, cs, 2, 0, 1, &def));
        cs[0].senses.truesight_ft = GG_SENSE_NONE;
    }
    /* The topology query agrees: magical Darkness is heavy to it. */
    bool seen = true;
    gg_senses dv = gg_senses_none();
    dv.darkvision_ft = 120;
    assert_int_equal(gg_scene_can_see(s, fx_c(0, 0), fx_c(3, 0), &dv, &seen), GG_OK);
    assert_false(seen);
    gg_obscurement o = GG_OBSCURE_NONE;
    assert_int_equal(gg_scene_obscurement_on_cell(s, fx_c(3, 0), &o), GG_OK);
    assert_int_equal(o, GG_OBSCURE_MAGICAL_DARKNESS);
    assert_int_equal(gg_scene_set_obscurement(s, fx_c(3, 0), (gg_obscurement)4), GG_E_INVALID_ARG);
    gg_scene_destroy(s);
}

/* SRD 5.2 "Truesight": darkness, magical Darkness and invisibility, not fog or foliage. Nat20
 * lets Truesight through fog too. */
static void sense_rules__truesight_pierces_darkness_and_invisibility_not_fog(void **state)
{
    (void)state;
    static const char *const map[] = {"..dH.."};
    gg_scene *s = fx_map(map, 1);
    gg_creature cs[2] = {fx_at(0, 0, 0), fx_at(2, 0, 1)};
    cs[0].senses.truesight_ft = 60;
    gg_rules_def nat = gg_rules_def_default(), srd = gg_rules_def_srd();
    assert_true(sees(s, cs, 2, 0, 1, &srd)); /* dark */
    cs[1].body.conditions = GG_CONDITION_INVISIBLE;
    assert_true(sees(s, cs, 2, 0, 1, &srd));
    cs[1].body.cell = fx_c(3, 0); /* invisible, in fog */
    assert_false(sees(s, cs, 2, 0, 1, &srd));
    assert_true(sees(s, cs, 2, 0, 1, &nat));
    cs[1].body.conditions = 0u;
    assert_false(sees(s, cs, 2, 0, 1, &srd));
    cs[0].senses.truesight_ft = GG_SENSE_NONE;
    cs[0].senses.blindsight_ft = 15; /* Blindsight sees into fog in both readings */
    assert_true(sees(s, cs, 2, 0, 1, &srd));
    gg_scene_destroy(s);
}

/* Obscurement between blocks only when the def asks; the SRD default reads "trying to see
 * something in" the space, so fog between does not hide a target standing in clear air. */
static void sense_rules__obscurement_between_blocks_only_when_asked(void **state)
{
    (void)state;
    static const char *const map[] = {"..H...", "......"};
    gg_scene *s = fx_map(map, 2);
    assert_int_equal(gg_scene_set_obscurement(s, fx_c(2, 1), GG_OBSCURE_MAGICAL_DARKNESS), GG_OK);
    gg_creature cs[2] = {fx_at(0, 0, 0), fx_at(4, 0, 1)};
    gg_rules_def srd = gg_rules_def_srd();
    assert_true(sees(s, cs, 2, 0, 1, &srd));
    srd.obscured_between_blocks = true;
    assert_false(sees(s, cs, 2, 0, 1, &srd));
    cs[0].senses.truesight_ft = 60; /* Truesight does not pass fog in the SRD reading */
    assert_false(sees(s, cs, 2, 0, 1, &srd));
    srd.truesight_pierces_fog = true;
    assert_true(sees(s, cs, 2, 0, 1, &srd));
    /* Row 1: magical Darkness between; Truesight passes it, darkvision does not. */
    srd = gg_rules_def_srd();
    srd.obscured_between_blocks = true;
    cs[0].body.cell = fx_c(0, 1);
    cs[1].body.cell = fx_c(4, 1);
    assert_true(sees(s, cs, 2, 0, 1, &srd));
    cs[0].senses.truesight_ft = GG_SENSE_NONE;
    cs[0].senses.darkvision_ft = 60;
    assert_false(sees(s, cs, 2, 0, 1, &srd));
    gg_scene_destroy(s);
}

/* A Large target is seen when any of its squares is; a Large viewer looks from its anchor
 * (Nat20) or from any of its squares (SRD). */
static void sense_rules__large_creatures_see_and_are_seen_by_any_square(void **state)
{
    (void)state;
    static const char *const map[] = {
        "......",
        "......",
        "......",
    };
    gg_scene *s = fx_map(map, 3);
    /* A wall along x = 2 from y = 0 to y = 1 cuts row 0 only. */
    fx_wall(s, 2, 0, 2, 1);
    gg_creature cs[2] = {fx_sized(GG_SIZE_LARGE, 0, 0, 0), fx_at(4, 0, 1)};
    gg_rules_def nat = gg_rules_def_default(), srd = gg_rules_def_srd();
    assert_false(sees(s, cs, 2, 0, 1, &nat)); /* anchor (0,0) to (4,0): through the wall */
    assert_true(sees(s, cs, 2, 0, 1, &srd));  /* from (1,1) the line passes below it */
    /* The other way: a 1x1 viewer sees the Large target's lower squares. */
    assert_true(sees(s, cs, 2, 1, 0, &nat));
    gg_scene_destroy(s);
}

/* SRD 5.2 "Frightened": Disadvantage while the source of fear is within line of sight, seen
 * or not (darkness does not end it); a wall does. */
static void sense_rules__frightened_while_the_source_is_in_line_of_sight(void **state)
{
    (void)state;
    static const char *const map[] = {
        "......",
        ".....d",
        "......",
    };
    gg_scene *s = fx_map(map, 3);
    gg_creature cs[3] = {fx_at(0, 1, 0), fx_at(2, 1, 1), fx_sized(GG_SIZE_LARGE, 4, 0, 1)};
    cs[0].frightened_by = 2;
    const gg_rules_def srd = gg_rules_def_srd();
    gg_attack_sight out;
    assert_int_equal(gg_rules_attack_sight_def(s, cs, 3, 0, 1, &srd, &out), GG_OK);
    assert_int_equal(out.disadvantage, (uint32_t)GG_SOURCE_FRIGHTENED_ATTACKER);
    assert_int_equal(out.mode, GG_ROLL_DISADVANTAGE);
    /* The dragon's squares: only (5,1) is dark; the others are lit. Wall off all but it. */
    fx_wall(s, 4, 0, 4, 1);
    fx_wall(s, 4, 2, 4, 3);
    fx_wall(s, 4, 1, 4, 2);
    assert_int_equal(gg_rules_attack_sight_def(s, cs, 3, 0, 1, &srd, &out), GG_OK);
    assert_int_equal(out.disadvantage, 0u);
    assert_int_equal(out.mode, GG_ROLL_NORMAL);
    /* A dead source frightens nobody. */
    gg_scene_destroy(s);
    s = fx_map(map, 3);
    cs[2].alive = false;
    assert_int_equal(gg_rules_attack_sight_def(s, cs, 3, 0, 1, &srd, &out), GG_OK);
    assert_int_equal(out.disadvantage, 0u);
    /* Darkness: the attacker cannot see the source, but it is within line of sight. */
    cs[2] = fx_at(5, 1, 1);
    assert_int_equal(gg_rules_attack_sight_def(s, cs, 3, 0, 1, &srd, &out), GG_OK);
    assert_int_equal(out.disadvantage, (uint32_t)GG_SOURCE_FRIGHTENED_ATTACKER);
    /* Fear and an invisible attacker cancel out. */
    cs[0].body.conditions = GG_CONDITION_INVISIBLE;
    assert_int_equal(gg_rules_attack_sight_def(s, cs, 3, 0, 1, &srd, &out), GG_OK);
    assert_int_equal(out.advantage, (uint32_t)GG_SOURCE_INVISIBLE_ATTACKER);
    assert_int_equal(out.mode, GG_ROLL_NORMAL);
    gg_scene_destroy(s);
}

static void sense_rules__rejects_bad_arguments(void **state)
{
    (void)state;
    gg_scene *s = fx_open(3, 3);
    gg_creature cs[2] = {fx_at(0, 0, 0), fx_sized(GG_SIZE_LARGE, 2, 2, 1)};
    gg_rules_def def = gg_rules_def_srd();
    bool seen = true;
    assert_int_equal(gg_rules_sees(s, cs, 2, 0, 1, &def, &seen), GG_E_OUT_OF_BOUNDS);
    assert_false(seen);
    cs[1].body.cell = fx_c(1, 1);
    assert_int_equal(gg_rules_sees(s, cs, 2, 0, 1, &def, NULL), GG_E_INVALID_ARG);
    assert_int_equal(gg_rules_sees(s, cs, 2, 0, 5, &def, &seen), GG_E_INVALID_ARG);
    assert_int_equal(gg_rules_sees(NULL, cs, 2, 0, 1, &def, &seen), GG_E_INVALID_ARG);
    def.struct_size = 0;
    assert_int_equal(gg_rules_sees(s, cs, 2, 0, 1, &def, &seen), GG_E_BAD_DEF);
    gg_attack_sight out;
    assert_int_equal(gg_rules_attack_sight_def(s, cs, 2, 0, 1, &def, &out), GG_E_BAD_DEF);
    assert_int_equal(out.mode, GG_ROLL_NORMAL);
    assert_int_equal(gg_rules_attack_sight_def(s, cs, 2, 0, 1, &def, NULL), GG_E_INVALID_ARG);
    gg_scene_destroy(s);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(sense_rules__one_square_sight_equals_nat20),
        cmocka_unit_test(sense_rules__magical_darkness_stops_darkvision_only),
        cmocka_unit_test(sense_rules__truesight_pierces_darkness_and_invisibility_not_fog),
        cmocka_unit_test(sense_rules__obscurement_between_blocks_only_when_asked),
        cmocka_unit_test(sense_rules__large_creatures_see_and_are_seen_by_any_square),
        cmocka_unit_test(sense_rules__frightened_while_the_source_is_in_line_of_sight),
        cmocka_unit_test(sense_rules__rejects_bad_arguments),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
