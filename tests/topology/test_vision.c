/* test_vision.c - light and obscurement accessors, can_see's five steps, the range gate and line
 * of effect (model §8.3, §10, §13). */
#include "fixture.h"

static bool see(const gg_scene *s, gg_cell a, gg_cell b, const gg_senses *senses)
{
    bool v = true;
    assert_int_equal(gg_scene_can_see(s, a, b, senses, &v), GG_OK);
    return v;
}

/* The hand/can_see scene: 7x3, viewer 0,1; 3,1 dark; 4,1 dim and lightly obscured; 5,1 heavily
 * obscured; 6,1 dark and heavily obscured. */
static gg_scene *can_see_scene(void)
{
    gg_scene *s = fx_open(7, 3);
    assert_int_equal(gg_scene_set_lighting(s, fx_c(3, 1), GG_LIGHT_DARK), GG_OK);
    assert_int_equal(gg_scene_set_lighting(s, fx_c(4, 1), GG_LIGHT_DIM), GG_OK);
    assert_int_equal(gg_scene_set_obscurement(s, fx_c(4, 1), GG_OBSCURE_LIGHT), GG_OK);
    assert_int_equal(gg_scene_set_obscurement(s, fx_c(5, 1), GG_OBSCURE_HEAVY), GG_OK);
    assert_int_equal(gg_scene_set_lighting(s, fx_c(6, 1), GG_LIGHT_DARK), GG_OK);
    assert_int_equal(gg_scene_set_obscurement(s, fx_c(6, 1), GG_OBSCURE_HEAVY), GG_OK);
    return s;
}

/* Model §13.2 worked table. */
static void vision__can_see_table(void **state)
{
    (void)state;
    gg_scene *s = can_see_scene();
    gg_cell v = fx_c(0, 1);
    assert_true(see(s, v, fx_c(1, 1), NULL));
    assert_false(see(s, v, fx_c(3, 1), NULL));
    assert_true(see(s, v, fx_c(4, 1), NULL));
    assert_false(see(s, v, fx_c(5, 1), NULL));
    assert_false(see(s, v, fx_c(6, 1), NULL));

    gg_senses none = gg_senses_none();
    assert_false(see(s, v, fx_c(3, 1), &none));
    gg_senses dv = gg_senses_none();
    dv.darkvision_ft = 10;
    assert_false(see(s, v, fx_c(3, 1), &dv)); /* 15 ft away */
    dv.darkvision_ft = 15;
    assert_true(see(s, v, fx_c(3, 1), &dv)); /* reach is inclusive */
    dv.darkvision_ft = 60;
    assert_true(see(s, v, fx_c(3, 1), &dv));
    assert_false(see(s, v, fx_c(5, 1), &dv)); /* darkvision does not pierce heavy obscurement */
    assert_false(see(s, v, fx_c(6, 1), &dv));

    gg_senses ts = gg_senses_none();
    ts.truesight_ft = 30;
    for (int32_t c = 1; c <= 6; ++c)
        assert_true(see(s, v, fx_c(c, 1), &ts));

    gg_senses bs = gg_senses_none();
    bs.blindsight_ft = 10;
    assert_false(see(s, v, fx_c(3, 1), &bs)); /* out of range */
    assert_true(see(s, v, fx_c(2, 1), &bs));

    gg_senses trem = gg_senses_none();
    trem.tremorsense_ft = 120; /* never consulted */
    assert_false(see(s, v, fx_c(3, 1), &trem));
    assert_false(see(s, v, fx_c(5, 1), &trem));

    /* A wall between blinds every sense, blindsight included (step 1). */
    fx_wall(s, 2, 0, 2, 3);
    bs.blindsight_ft = 60;
    assert_true(see(s, v, fx_c(1, 1), &bs));
    assert_false(see(s, v, fx_c(3, 1), &bs));
    assert_false(see(s, v, fx_c(2, 1), &ts));
    gg_scene_destroy(s);
}

/* A sense of 0 ft reaches distance 0 only; only the target cell's light matters, so a viewer in a
 * dark scene cannot see its own cell without a sense (model §13.2). */
static void vision__zero_range_and_own_cell(void **state)
{
    (void)state;
    gg_scene_def def = gg_scene_def_default();
    def.width = 3;
    def.height = 1;
    def.default_lighting = GG_LIGHT_DARK;
    gg_scene *s = NULL;
    assert_int_equal(gg_scene_create(&def, &s), GG_OK);
    gg_cell a = fx_c(0, 0);
    assert_false(see(s, a, a, NULL));
    gg_senses z = gg_senses_none();
    z.blindsight_ft = 0;
    assert_true(see(s, a, a, &z));
    assert_false(see(s, a, fx_c(1, 0), &z));
    z = gg_senses_none();
    z.darkvision_ft = 0;
    assert_true(see(s, a, a, &z));
    assert_false(see(s, a, fx_c(1, 0), &z));
    /* A lit target is seen from the dark. */
    assert_int_equal(gg_scene_set_lighting(s, fx_c(2, 0), GG_LIGHT_DIM), GG_OK);
    assert_true(see(s, a, fx_c(2, 0), NULL));
    /* A wall through a centre blinds the cell to itself (model §6). */
    fx_wall(s, 0, 0, 1, 1);
    z.darkvision_ft = 60;
    assert_false(see(s, a, a, &z));
    gg_scene_destroy(s);
}

static void vision__can_see_bounds_and_arguments(void **state)
{
    (void)state;
    gg_scene *s = fx_open(3, 3);
    bool v = true;
    assert_int_equal(gg_scene_can_see(s, fx_c(0, 0), fx_c(3, 0), NULL, &v), GG_E_OUT_OF_BOUNDS);
    assert_false(v);
    v = true;
    assert_int_equal(gg_scene_can_see(s, fx_c(-1, 0), fx_c(0, 0), NULL, &v), GG_E_OUT_OF_BOUNDS);
    assert_false(v);
    assert_int_equal(gg_scene_can_see(s, fx_c(0, 0), fx_c(1, 0), NULL, NULL), GG_E_INVALID_ARG);
    v = true;
    assert_int_equal(gg_scene_can_see(NULL, fx_c(0, 0), fx_c(1, 0), NULL, &v), GG_E_INVALID_ARG);
    assert_false(v);
    gg_scene_destroy(s);
}

/* Model §13.1: the tag or the scene default; off the map the default (not an empty answer). */
static void vision__light_and_obscurement_accessors(void **state)
{
    (void)state;
    gg_scene_def def = gg_scene_def_default();
    def.width = 2;
    def.height = 2;
    def.default_lighting = GG_LIGHT_DIM;
    gg_scene *s = NULL;
    assert_int_equal(gg_scene_create(&def, &s), GG_OK);
    gg_light l = GG_LIGHT_DEFAULT;
    assert_int_equal(gg_scene_light_on_cell(s, fx_c(1, 1), &l), GG_OK);
    assert_int_equal(l, GG_LIGHT_DIM);
    assert_int_equal(gg_scene_set_lighting(s, fx_c(1, 1), GG_LIGHT_BRIGHT), GG_OK);
    assert_int_equal(gg_scene_light_on_cell(s, fx_c(1, 1), &l), GG_OK);
    assert_int_equal(l, GG_LIGHT_BRIGHT);
    assert_int_equal(gg_scene_set_lighting(s, fx_c(1, 1), GG_LIGHT_DARK), GG_OK);
    assert_int_equal(gg_scene_light_on_cell(s, fx_c(1, 1), &l), GG_OK);
    assert_int_equal(l, GG_LIGHT_DARK);
    assert_int_equal(gg_scene_set_lighting(s, fx_c(1, 1), GG_LIGHT_DEFAULT), GG_OK);
    assert_int_equal(gg_scene_light_on_cell(s, fx_c(1, 1), &l), GG_OK);
    assert_int_equal(l, GG_LIGHT_DIM);
    l = GG_LIGHT_DEFAULT;
    assert_int_equal(gg_scene_light_on_cell(s, fx_c(5, -5), &l), GG_OK);
    assert_int_equal(l, GG_LIGHT_DIM);

    gg_obscurement o = GG_OBSCURE_HEAVY;
    assert_int_equal(gg_scene_obscurement_on_cell(s, fx_c(0, 0), &o), GG_OK);
    assert_int_equal(o, GG_OBSCURE_NONE);
    assert_int_equal(gg_scene_set_obscurement(s, fx_c(0, 0), GG_OBSCURE_LIGHT), GG_OK);
    assert_int_equal(gg_scene_obscurement_on_cell(s, fx_c(0, 0), &o), GG_OK);
    assert_int_equal(o, GG_OBSCURE_LIGHT);
    assert_int_equal(gg_scene_set_obscurement(s, fx_c(0, 0), GG_OBSCURE_HEAVY), GG_OK);
    assert_int_equal(gg_scene_obscurement_on_cell(s, fx_c(0, 0), &o), GG_OK);
    assert_int_equal(o, GG_OBSCURE_HEAVY);
    o = GG_OBSCURE_HEAVY;
    assert_int_equal(gg_scene_obscurement_on_cell(s, fx_c(2, 0), &o), GG_OK);
    assert_int_equal(o, GG_OBSCURE_NONE);

    assert_int_equal(gg_scene_light_on_cell(s, fx_c(0, 0), NULL), GG_E_INVALID_ARG);
    assert_int_equal(gg_scene_light_on_cell(NULL, fx_c(0, 0), &l), GG_E_INVALID_ARG);
    assert_int_equal(gg_scene_obscurement_on_cell(s, fx_c(0, 0), NULL), GG_E_INVALID_ARG);
    assert_int_equal(gg_scene_obscurement_on_cell(NULL, fx_c(0, 0), &o), GG_E_INVALID_ARG);
    gg_scene_destroy(s);
}

static bool gate(const gg_scene *s, gg_cell a, gg_cell b, int64_t range)
{
    bool ok = true;
    assert_int_equal(gg_scene_in_range_with_los(s, a, b, range, &ok), GG_OK);
    return ok;
}

/* Model §8.3: within range, line of sight, and no total cover from the cells on the line,
 * creatures ignored. A target on a total-tagged cell is untargetable in plain view. */
static void vision__in_range_with_los(void **state)
{
    (void)state;
    static const char *const rows[] = {"......", "..#...", "......"};
    gg_scene *s = fx_map(rows, 3);
    assert_true(gate(s, fx_c(0, 0), fx_c(3, 0), 15));
    assert_false(gate(s, fx_c(0, 0), fx_c(3, 0), 14));
    assert_true(gate(s, fx_c(0, 0), fx_c(0, 0), 0));
    assert_false(gate(s, fx_c(0, 0), fx_c(0, 0), -1));
    assert_false(gate(s, fx_c(0, 1), fx_c(4, 1), 100)); /* blocked 2,1 in between */
    assert_true(gate(s, fx_c(0, 1), fx_c(2, 1), 100));  /* a blocked target is no obstacle */
    assert_int_equal(gg_scene_set_cover(s, fx_c(5, 0), GG_COVER_TOTAL), GG_OK);
    assert_false(gate(s, fx_c(3, 0), fx_c(5, 0), 100));
    assert_int_equal(gg_scene_set_cover(s, fx_c(4, 0), GG_COVER_THREE_QUARTERS), GG_OK);
    assert_int_equal(gg_scene_set_cover(s, fx_c(5, 0), GG_COVER_NONE), GG_OK);
    assert_true(gate(s, fx_c(3, 0), fx_c(5, 0), 100));
    fx_wall(s, 4, 2, 4, 3);
    assert_false(gate(s, fx_c(3, 2), fx_c(5, 2), 100));
    /* Off the map: false, not an error. */
    assert_false(gate(s, fx_c(-1, 0), fx_c(0, 0), 100));
    assert_false(gate(s, fx_c(0, 0), fx_c(6, 0), 100));
    bool ok = true;
    assert_int_equal(gg_scene_in_range_with_los(NULL, fx_c(0, 0), fx_c(1, 0), 5, &ok),
                     GG_E_INVALID_ARG);
    assert_false(ok);
    assert_int_equal(gg_scene_in_range_with_los(s, fx_c(0, 0), fx_c(1, 0), 5, NULL),
                     GG_E_INVALID_ARG);
    gg_scene_destroy(s);
}

static bool loe(const gg_scene *s, gg_cell o, gg_cell c)
{
    bool v = true;
    assert_int_equal(gg_scene_has_line_of_effect(s, o, c, &v), GG_OK);
    return v;
}

/* Vectors hand/loe: 9x9, blocked 3,5, wall x = 5 for y 0..9, 2,2 tagged total, 6,6 half. */
static void vision__line_of_effect(void **state)
{
    (void)state;
    gg_scene *s = fx_open(9, 9);
    assert_int_equal(gg_scene_set_blocked(s, fx_c(3, 5), true), GG_OK);
    assert_int_equal(gg_scene_set_cover(s, fx_c(2, 2), GG_COVER_TOTAL), GG_OK);
    assert_int_equal(gg_scene_set_cover(s, fx_c(6, 6), GG_COVER_HALF), GG_OK);
    fx_wall(s, 5, 0, 5, 9);
    gg_cell o = fx_c(4, 4);
    assert_true(loe(s, o, o));
    assert_false(loe(s, o, fx_c(6, 4))); /* behind the wall */
    assert_false(loe(s, o, fx_c(2, 2))); /* tagged total: its own tag counts */
    assert_true(loe(s, o, fx_c(3, 5)));  /* blocked but in plain view */
    assert_false(loe(s, o, fx_c(2, 6))); /* behind the blocked 3,5 */
    assert_false(loe(s, o, fx_c(6, 6)));
    assert_true(loe(s, fx_c(2, 2), fx_c(2, 2)));
    /* The origin reaches itself even with a wall through its centre. */
    fx_wall(s, 0, 8, 1, 9);
    assert_true(loe(s, fx_c(0, 8), fx_c(0, 8)));
    bool v = true;
    assert_int_equal(gg_scene_has_line_of_effect(s, o, fx_c(9, 0), &v), GG_E_OUT_OF_BOUNDS);
    assert_false(v);
    v = true;
    assert_int_equal(gg_scene_has_line_of_effect(s, fx_c(9, 9), fx_c(9, 9), &v),
                     GG_E_OUT_OF_BOUNDS);
    assert_false(v);
    assert_int_equal(gg_scene_has_line_of_effect(NULL, o, o, &v), GG_E_INVALID_ARG);
    assert_int_equal(gg_scene_has_line_of_effect(s, o, o, NULL), GG_E_INVALID_ARG);
    gg_scene_destroy(s);
}

/* Properties: can_see implies line of sight; with truesight covering the map it equals line of
 * sight; in_range_with_los implies line of sight and is monotone in the range. */
static void vision__random_scenes_properties(void **state)
{
    (void)state;
    fx_rng r;
    fx_rng_seed(&r, 4242u, "vision__random_scenes_properties");
    for (int iter = 0; iter < 200; ++iter) {
        int32_t w = 1 + fx_below(&r, 8), h = 1 + fx_below(&r, 8);
        gg_scene *s = fx_random_scene(&r, w, h, 5, 15, 0, fx_below(&r, 4));
        for (int32_t i = 0; i < w * h / 3; ++i) {
            gg_cell c = fx_c(fx_below(&r, w), fx_below(&r, h));
            assert_int_equal(gg_scene_set_lighting(s, c, (gg_light)fx_below(&r, 4)), GG_OK);
            assert_int_equal(gg_scene_set_obscurement(s, c, (gg_obscurement)fx_below(&r, 4)),
                             GG_OK);
        }
        gg_senses ts = gg_senses_none();
        ts.truesight_ft = 1000;
        for (int q = 0; q < 20; ++q) {
            gg_cell a = fx_c(fx_below(&r, w), fx_below(&r, h));
            gg_cell b = fx_c(fx_below(&r, w), fx_below(&r, h));
            bool los = false;
            assert_int_equal(gg_scene_has_line_of_sight(s, a, b, &los), GG_OK);
            if (!los)
                assert_false(see(s, a, b, NULL));
            assert_int_equal(see(s, a, b, &ts), los);
            int64_t range = fx_below(&r, 50);
            if (gate(s, a, b, range)) {
                assert_true(los);
                assert_true(gate(s, a, b, range + 5));
            }
        }
        gg_scene_destroy(s);
    }
}

/* A dark cell lit by a light source is seen without darkvision; a wall that blocks light keeps
 * it dark (SRD 5.2 "Vision and Light": darkness blocks ordinary vision, light lifts it). */
static void vision__can_see_uses_light_sources(void **state)
{
    (void)state;
    gg_scene_def d = gg_scene_def_default();
    d.width = 8;
    d.height = 3;
    d.default_lighting = GG_LIGHT_DARK;
    gg_scene *s = NULL;
    assert_int_equal(gg_scene_create(&d, &s), GG_OK);
    bool seen = true;
    assert_int_equal(gg_scene_can_see(s, gg_cell_make(0, 1), gg_cell_make(3, 1), NULL, &seen),
                     GG_OK);
    assert_false(seen);
    gg_light_def l = gg_light_def_default();
    l.cell = gg_cell_make(3, 1);
    l.bright_ft = 5;
    l.dim_ft = 10;
    gg_light_id id;
    assert_int_equal(gg_scene_add_light(s, &l, &id), GG_OK);
    assert_int_equal(gg_scene_can_see(s, gg_cell_make(0, 1), gg_cell_make(3, 1), NULL, &seen),
                     GG_OK);
    assert_true(seen);
    gg_light lv = GG_LIGHT_DARK;
    assert_int_equal(gg_scene_light_on_cell(s, gg_cell_make(5, 1), &lv), GG_OK);
    assert_int_equal(lv, GG_LIGHT_DIM);
    /* A light-blocking wall between the source and 5,1 leaves it dark. */
    gg_wall_def w = gg_wall_def_default();
    w.x1 = 5;
    w.y1 = 0;
    w.x2 = 5;
    w.y2 = 3;
    w.blocks = GG_BLOCKS_LIGHT;
    assert_int_equal(gg_scene_add_wall(s, &w, NULL), GG_OK);
    assert_int_equal(gg_scene_light_on_cell(s, gg_cell_make(5, 1), &lv), GG_OK);
    assert_int_equal(lv, GG_LIGHT_DARK);
    assert_int_equal(gg_scene_can_see(s, gg_cell_make(7, 1), gg_cell_make(5, 1), NULL, &seen),
                     GG_OK);
    assert_false(seen);
    assert_int_equal(gg_scene_remove_light(s, id), GG_OK);
    assert_int_equal(gg_scene_can_see(s, gg_cell_make(0, 1), gg_cell_make(3, 1), NULL, &seen),
                     GG_OK);
    assert_false(seen);
    gg_scene_destroy(s);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(vision__can_see_table),
        cmocka_unit_test(vision__zero_range_and_own_cell),
        cmocka_unit_test(vision__can_see_bounds_and_arguments),
        cmocka_unit_test(vision__light_and_obscurement_accessors),
        cmocka_unit_test(vision__in_range_with_los),
        cmocka_unit_test(vision__line_of_effect),
        cmocka_unit_test(vision__random_scenes_properties),
        cmocka_unit_test(vision__can_see_uses_light_sources),
    };
    return cmocka_run_group_tests_name("topology/vision", tests, NULL, NULL);
}
