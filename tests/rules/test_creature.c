/* test_creature.c - creature defaults and the creature-array checks every rules call makes
 * (src/rules/creature.c), driven through the public API. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>

#include <cmocka.h>

#include "rules_fixture.h"

static gg_status push_status(const gg_scene *s, const gg_creature *cr, int32_t n)
{
    gg_cell out[8];
    int32_t count = -1;
    return gg_rules_push(s, cr, n, 0, n > 1 ? 1 : 0, 5, out, 8, &count);
}

static void creature__default_is_a_plain_medium_combatant(void **state)
{
    (void)state;
    gg_creature c = gg_creature_default();
    assert_int_equal(c.struct_size, sizeof(gg_creature));
    assert_true(c.tracked);
    assert_true(c.alive);
    assert_int_equal(c.body.size, GG_SIZE_MEDIUM);
    assert_int_equal(c.body.side, 0);
    assert_int_equal(c.body.conditions, 0);
    assert_int_equal(c.senses.blindsight_ft, GG_SENSE_NONE);
    assert_int_equal(c.reach_ft, 5);
    assert_true(c.reaction_available);
    assert_false(c.disengaging);
    assert_int_equal(c.frightened_by, GG_NO_CREATURE);
    assert_int_equal(c.charmed_by, GG_NO_CREATURE);
    assert_int_equal(c.speed_ft, 30);
    assert_int_equal(c.movement_left_ft, 30);
}

static void creature__array_checks_answer_with_statuses(void **state)
{
    (void)state;
    gg_scene *s = fx_open(5, 5);
    assert_non_null(s);
    gg_creature cr[2] = {fx_at(0, 0, 0), fx_at(1, 0, 1)};
    assert_int_equal(push_status(s, cr, 2), GG_OK);
    assert_int_equal(push_status(NULL, cr, 2), GG_E_INVALID_ARG);
    assert_int_equal(push_status(s, NULL, 2), GG_E_INVALID_ARG);
    assert_int_equal(push_status(s, cr, -1), GG_E_INVALID_ARG);
    assert_int_equal(push_status(s, cr, GG_RULES_MAX_CREATURES + 1), GG_E_TOO_LARGE);

    gg_creature bad[2] = {cr[0], cr[1]};
    bad[0].struct_size = 0;
    assert_int_equal(push_status(s, bad, 2), GG_E_BAD_DEF);
    bad[0] = cr[0];
    bad[1].struct_size = 4;
    assert_int_equal(push_status(s, bad, 2), GG_E_BAD_DEF);

    bad[1] = cr[1];
    bad[1].body.size = GG_SIZE_LARGE; /* footprints: a later version */
    assert_int_equal(push_status(s, bad, 2), GG_E_INVALID_ARG);
    bad[1] = cr[1];
    bad[1].reach_ft = -5;
    assert_int_equal(push_status(s, bad, 2), GG_E_INVALID_ARG);
    bad[1] = cr[1];
    bad[1].speed_ft = -1;
    assert_int_equal(push_status(s, bad, 2), GG_E_INVALID_ARG);
    bad[1] = cr[1];
    bad[1].movement_left_ft = -1;
    assert_int_equal(push_status(s, bad, 2), GG_E_INVALID_ARG);
    bad[1] = cr[1];
    bad[1].senses.truesight_ft = -2;
    assert_int_equal(push_status(s, bad, 2), GG_E_INVALID_ARG);
    bad[1] = cr[1];
    bad[1].body.conditions = 1u << 20;
    assert_int_equal(push_status(s, bad, 2), GG_E_INVALID_ARG);
    bad[1] = cr[1];
    bad[1].frightened_by = 2;
    assert_int_equal(push_status(s, bad, 2), GG_E_INVALID_ARG);
    bad[1] = cr[1];
    bad[1].charmed_by = -2;
    assert_int_equal(push_status(s, bad, 2), GG_E_INVALID_ARG);
    bad[1] = cr[1];
    bad[1].body.cell = gg_cell_make(5, 0);
    assert_int_equal(push_status(s, bad, 2), GG_E_OUT_OF_BOUNDS);
    bad[1].tracked = false; /* an untracked creature's cell is ignored */
    gg_cell out[4];
    int32_t n = 0;
    assert_int_equal(gg_rules_push(s, bad, 2, 1, 0, 5, out, 4, &n), GG_E_OUT_OF_BOUNDS);
    gg_scene_destroy(s);
}

/* A host built against a newer header has a larger gg_creature; the array is read with the
 * stride it stamped. */
typedef struct newer_creature {
    gg_creature base;
    int32_t added_later;
} newer_creature;

static void creature__arrays_are_read_with_their_own_stride(void **state)
{
    (void)state;
    gg_scene *s = fx_open(6, 3);
    assert_non_null(s);
    newer_creature cr[3];
    for (int i = 0; i < 3; i++) {
        cr[i].base = fx_at(i * 2, 1, i == 0 ? 0 : 1);
        cr[i].base.struct_size = (uint32_t)sizeof(newer_creature);
        cr[i].added_later = 77;
    }
    gg_cover cover = GG_COVER_TOTAL;
    /* caster 0 at (0,1), target 2 at (4,1), creature 1 at (2,1) on the line: half. */
    assert_int_equal(gg_rules_target_cover(s, &cr[0].base, 3, 0, 2, NULL, &cover), GG_OK);
    assert_int_equal(cover, GG_COVER_HALF);
    gg_scene_destroy(s);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(creature__default_is_a_plain_medium_combatant),
        cmocka_unit_test(creature__array_checks_answer_with_statuses),
        cmocka_unit_test(creature__arrays_are_read_with_their_own_stride),
    };
    return cmocka_run_group_tests_name("rules/creature", tests, NULL, NULL);
}
