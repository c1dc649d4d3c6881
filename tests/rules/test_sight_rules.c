/* test_sight_rules.c - SRD 5.2 "Blinded", "Invisible", "Unseen Attackers and Targets": the
 * composite can_see and the sight sources of an attack (src/rules/sight_rules.c). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>

#include <cmocka.h>

#include "rules_fixture.h"

/* hand/can_see: 7x3, 3,1 dark; 5,1 heavily obscured; viewer on 0,1. */
static const char *const k_map[] = {
    ".......",
    "...d.H.",
    ".......",
};

static bool sees(const gg_scene *s, const gg_creature *v, const gg_creature *t)
{
    bool seen = false;
    assert_int_equal(gg_rules_can_see(s, v, t, &seen), GG_OK);
    return seen;
}

static void sight_rules__composite_can_see_follows_the_code_variant(void **state)
{
    (void)state;
    gg_scene *s = fx_map(k_map, 3);
    assert_non_null(s);
    gg_creature v = fx_at(0, 1, 0), t = fx_at(2, 1, 1);
    assert_true(sees(s, &v, &t));
    t.body.cell = gg_cell_make(3, 1); /* dark, no darkvision */
    assert_false(sees(s, &v, &t));
    v.senses.darkvision_ft = 60;
    assert_true(sees(s, &v, &t));
    t.body.cell = gg_cell_make(5, 1); /* heavily obscured: darkvision does not help */
    assert_false(sees(s, &v, &t));

    /* Blinded: only blindsight that reaches pierces it; 0 ft and truesight do not. */
    v = fx_at(0, 1, 0);
    t = fx_at(2, 1, 1);
    v.body.conditions = GG_CONDITION_BLINDED;
    assert_false(sees(s, &v, &t));
    v.senses.truesight_ft = 60;
    assert_false(sees(s, &v, &t));
    v.senses.blindsight_ft = 0;
    assert_false(sees(s, &v, &t));
    v.senses.blindsight_ft = 10;
    assert_true(sees(s, &v, &t));
    v.senses.blindsight_ft = 5;
    assert_false(sees(s, &v, &t));

    /* Invisible: blindsight or truesight that reaches; never darkvision. */
    v = fx_at(0, 1, 0);
    t.body.conditions = GG_CONDITION_INVISIBLE;
    assert_false(sees(s, &v, &t));
    v.senses.darkvision_ft = 120;
    assert_false(sees(s, &v, &t));
    v.senses.truesight_ft = 10;
    assert_true(sees(s, &v, &t));
    v.senses.truesight_ft = GG_SENSE_NONE;
    v.senses.blindsight_ft = 30;
    assert_true(sees(s, &v, &t));

    /* Piercing a condition still needs line of sight. */
    fx_wall(s, 1, 0, 1, 3);
    assert_false(sees(s, &v, &t));

    /* Untracked positions are seen. */
    v.tracked = false;
    v.body.cell = gg_cell_make(-5, -5);
    assert_true(sees(s, &v, &t));
    gg_scene_destroy(s);
}

static void sight_rules__can_see_rejects_bad_arguments(void **state)
{
    (void)state;
    gg_scene *s = fx_map(k_map, 3);
    assert_non_null(s);
    gg_creature v = fx_at(0, 1, 0), t = fx_at(2, 1, 1);
    bool seen = true;
    assert_int_equal(gg_rules_can_see(s, &v, &t, NULL), GG_E_INVALID_ARG);
    assert_int_equal(gg_rules_can_see(NULL, &v, &t, &seen), GG_E_INVALID_ARG);
    assert_false(seen);
    assert_int_equal(gg_rules_can_see(s, NULL, &t, &seen), GG_E_INVALID_ARG);
    assert_int_equal(gg_rules_can_see(s, &v, NULL, &seen), GG_E_INVALID_ARG);
    t.struct_size = 0;
    assert_int_equal(gg_rules_can_see(s, &v, &t, &seen), GG_E_BAD_DEF);
    t = fx_at(9, 1, 1);
    assert_int_equal(gg_rules_can_see(s, &v, &t, &seen), GG_E_OUT_OF_BOUNDS);
    assert_false(seen);
    gg_scene_destroy(s);
}

static void sight_rules__attack_sight_collects_sources_both_ways(void **state)
{
    (void)state;
    gg_scene *s = fx_map(k_map, 3);
    assert_non_null(s);
    gg_attack_sight r;
    gg_creature a = fx_at(0, 1, 0), t = fx_at(2, 1, 1);
    assert_int_equal(gg_rules_attack_sight(s, &a, &t, &r), GG_OK);
    assert_true(r.attacker_sees_target);
    assert_true(r.target_sees_attacker);
    assert_int_equal(r.advantage | r.disadvantage, 0);
    assert_int_equal(r.mode, GG_ROLL_NORMAL);

    /* An invisible attacker: the target can't see it. Raw sight ignores the condition. */
    a.body.conditions = GG_CONDITION_INVISIBLE;
    assert_int_equal(gg_rules_attack_sight(s, &a, &t, &r), GG_OK);
    assert_true(r.target_sees_attacker);
    assert_int_equal(r.advantage, GG_SOURCE_INVISIBLE_ATTACKER);
    assert_int_equal(r.mode, GG_ROLL_ADVANTAGE);
    t.senses.truesight_ft = 30; /* "If a creature can somehow see you" */
    assert_int_equal(gg_rules_attack_sight(s, &a, &t, &r), GG_OK);
    assert_int_equal(r.advantage, 0);

    /* A target in darkness: unseen target -> Disadvantage; it sees the lit attacker. */
    a = fx_at(0, 1, 0);
    t = fx_at(3, 1, 1);
    assert_int_equal(gg_rules_attack_sight(s, &a, &t, &r), GG_OK);
    assert_false(r.attacker_sees_target);
    assert_int_equal(r.disadvantage, GG_SOURCE_UNSEEN_TARGET);
    assert_int_equal(r.mode, GG_ROLL_DISADVANTAGE);

    /* Both directions unseen (a wall): one of each cancels. */
    t = fx_at(2, 1, 1);
    t.body.conditions = GG_CONDITION_INVISIBLE;
    a.body.conditions = GG_CONDITION_BLINDED;
    assert_int_equal(gg_rules_attack_sight(s, &a, &t, &r), GG_OK);
    assert_int_equal(r.disadvantage, GG_SOURCE_INVISIBLE_TARGET | GG_SOURCE_BLINDED_ATTACKER);
    assert_int_equal(r.mode, GG_ROLL_DISADVANTAGE);
    t.body.conditions = GG_CONDITION_BLINDED;
    a.body.conditions = 0u;
    assert_int_equal(gg_rules_attack_sight(s, &a, &t, &r), GG_OK);
    assert_int_equal(r.advantage, GG_SOURCE_BLINDED_TARGET);
    fx_wall(s, 1, 0, 1, 3);
    assert_int_equal(gg_rules_attack_sight(s, &a, &t, &r), GG_OK);
    assert_int_equal(r.advantage, GG_SOURCE_UNSEEN_ATTACKER | GG_SOURCE_BLINDED_TARGET);
    assert_int_equal(r.disadvantage, GG_SOURCE_UNSEEN_TARGET);
    assert_int_equal(r.mode, GG_ROLL_NORMAL);

    /* Untracked: seen both ways. */
    t.tracked = false;
    t.body.conditions = 0u;
    assert_int_equal(gg_rules_attack_sight(s, &a, &t, &r), GG_OK);
    assert_true(r.attacker_sees_target && r.target_sees_attacker);
    gg_scene_destroy(s);
}

static void sight_rules__attack_sight_rejects_bad_arguments(void **state)
{
    (void)state;
    gg_scene *s = fx_map(k_map, 3);
    assert_non_null(s);
    gg_attack_sight r;
    gg_creature a = fx_at(0, 1, 0), t = fx_at(2, 1, 1);
    assert_int_equal(gg_rules_attack_sight(s, &a, &t, NULL), GG_E_INVALID_ARG);
    assert_int_equal(gg_rules_attack_sight(NULL, &a, &t, &r), GG_E_INVALID_ARG);
    assert_int_equal(gg_rules_attack_sight(s, NULL, &t, &r), GG_E_INVALID_ARG);
    a.body.size = GG_SIZE_HUGE;
    assert_int_equal(gg_rules_attack_sight(s, &a, &t, &r), GG_E_INVALID_ARG);
    a = fx_at(0, -1, 0);
    assert_int_equal(gg_rules_attack_sight(s, &a, &t, &r), GG_E_OUT_OF_BOUNDS);
    assert_int_equal(r.mode, GG_ROLL_NORMAL);
    gg_scene_destroy(s);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(sight_rules__composite_can_see_follows_the_code_variant),
        cmocka_unit_test(sight_rules__can_see_rejects_bad_arguments),
        cmocka_unit_test(sight_rules__attack_sight_collects_sources_both_ways),
        cmocka_unit_test(sight_rules__attack_sight_rejects_bad_arguments),
    };
    return cmocka_run_group_tests_name("rules/sight_rules", tests, NULL, NULL);
}
