/* test_limited.c - Foundry LIMITED walls (gg_wall_def.limited): a line of sight or of light
 * passes one limited wall and is stopped by the second, a normal wall stops it at once, movement
 * ignores the limit; the joint of two chained limited segments counts once; the index equals
 * the linear scan, and the field of view, seen cells and visibility matrix equal the per-cell
 * line of sight on random scenes with limited walls. PROXIMITY walls (sight_proximity_ft,
 * light_proximity_ft) are transparent to a viewer within their threshold, under the same
 * properties. */
#include "fixture.h"

#include "topology/scene/scene_internal.h"

static gg_scene *scene_lit(int32_t w, int32_t h, gg_wall_rule rule, gg_light lighting)
{
    gg_scene_def d = gg_scene_def_default();
    d.default_lighting = lighting;
    d.width = w;
    d.height = h;
    d.wall_rule = rule;
    gg_scene *s = NULL;
    assert_int_equal(gg_scene_create(&d, &s), GG_OK);
    return s;
}

static gg_scene *scene_of(int32_t w, int32_t h, gg_wall_rule rule)
{
    return scene_lit(w, h, rule, GG_LIGHT_BRIGHT);
}

/* A vertical wall at x from y0 to y1 that is limited for `limited`. */
static void vwall(gg_scene *s, double x, double y0, double y1, uint32_t limited)
{
    gg_wall_def w = gg_wall_def_default();
    w.x1 = w.x2 = x;
    w.y1 = y0;
    w.y2 = y1;
    w.limited = limited;
    assert_int_equal(gg_scene_add_wall(s, &w, NULL), GG_OK);
}

static gg_light light_at(const gg_scene *s, int c, int r)
{
    gg_light l = GG_LIGHT_DARK;
    assert_int_equal(gg_scene_light_on_cell(s, gg_cell_make(c, r), &l), GG_OK);
    return l;
}

static void limited__one_passes_two_stop_for_sight(void **state)
{
    (void)state;
    for (int rule = GG_WALL_RULE_NAT20; rule <= GG_WALL_RULE_POINT; ++rule) {
        gg_scene *s = scene_of(10, 3, (gg_wall_rule)rule);
        vwall(s, 3, 0, 3, GG_BLOCKS_SIGHT);
        assert_true(fx_los(s, 0, 1, 4, 1)); /* one limited wall: seen */
        assert_true(fx_los(s, 4, 1, 0, 1)); /* from either side */
        vwall(s, 6, 0, 3, GG_BLOCKS_SIGHT);
        assert_true(fx_los(s, 0, 1, 5, 1));  /* still one between */
        assert_false(fx_los(s, 0, 1, 7, 1)); /* two: stopped */
        assert_false(fx_los(s, 7, 1, 0, 1));
        assert_true(fx_los(s, 4, 1, 9, 1));
        /* movement is not limited: both walls block steps */
        assert_int_equal(fx_step(s, 2, 1, 3, 1), GG_STEP_ILLEGAL);
        gg_scene_destroy(s);
    }
}

static void limited__a_normal_wall_still_stops(void **state)
{
    (void)state;
    for (int rule = GG_WALL_RULE_NAT20; rule <= GG_WALL_RULE_POINT; ++rule) {
        gg_scene *s = scene_of(10, 3, (gg_wall_rule)rule);
        vwall(s, 3, 0, 3, GG_BLOCKS_SIGHT);
        vwall(s, 6, 0, 3, 0);
        assert_true(fx_los(s, 0, 1, 5, 1));
        assert_false(fx_los(s, 0, 1, 7, 1)); /* limited + normal */
        assert_false(fx_los(s, 5, 1, 7, 1)); /* the normal one alone */
        gg_scene_destroy(s);
    }
}

static void limited__each_sense_counts_separately(void **state)
{
    (void)state;
    gg_scene *s = scene_lit(12, 3, GG_WALL_RULE_POINT, GG_LIGHT_DARK);
    vwall(s, 3, 0, 3, GG_BLOCKS_LIGHT); /* limited for light, normal for sight */
    gg_light_def l = gg_light_def_default();
    l.cell = gg_cell_make(1, 1);
    l.bright_ft = 50;
    l.dim_ft = 50;
    assert_int_equal(gg_scene_add_light(s, &l, NULL), GG_OK);
    assert_false(fx_los(s, 1, 1, 4, 1));
    assert_int_equal(light_at(s, 4, 1), GG_LIGHT_BRIGHT); /* light passes one */
    vwall(s, 6, 0, 3, GG_BLOCKS_LIGHT | GG_BLOCKS_SIGHT);
    assert_int_equal(light_at(s, 5, 1), GG_LIGHT_BRIGHT);
    assert_int_equal(light_at(s, 7, 1), GG_LIGHT_DARK); /* and stops at the second */
    assert_true(fx_los(s, 4, 1, 7, 1));                 /* sight: one limited between */
    gg_scene_destroy(s);
}

static void limited__a_chain_joint_counts_once(void **state)
{
    (void)state;
    for (int rule = GG_WALL_RULE_NAT20; rule <= GG_WALL_RULE_POINT; ++rule) {
        gg_scene *s = scene_of(8, 8, (gg_wall_rule)rule);
        /* a limited wall in two segments meeting at (3, 3.5), which the line 0,3 -> 6,3 ... passes
         * through: the row-3 line crosses the joint's corner-free point */
        vwall(s, 3, 0, 3.5, GG_BLOCKS_SIGHT);
        vwall(s, 3, 3.5, 8, GG_BLOCKS_SIGHT);
        assert_true(fx_los(s, 0, 3, 6, 3));
        assert_true(fx_los(s, 0, 0, 6, 6));
        vwall(s, 5, 0, 8, GG_BLOCKS_SIGHT);
        assert_false(fx_los(s, 0, 3, 6, 3));
        gg_scene_destroy(s);
    }
}

static void limited__rejects_movement_and_round_trips(void **state)
{
    (void)state;
    gg_scene *s = fx_open(4, 4);
    gg_wall_def w = gg_wall_def_default();
    w.x1 = w.x2 = 1;
    w.y2 = 2;
    w.limited = GG_BLOCKS_MOVEMENT;
    assert_int_equal(gg_scene_add_wall(s, &w, NULL), GG_E_INVALID_ARG);
    w.limited = GG_BLOCKS_SIGHT | GG_BLOCKS_LIGHT;
    gg_wall_id id;
    assert_int_equal(gg_scene_add_wall(s, &w, &id), GG_OK);
    gg_wall_def back;
    assert_int_equal(gg_scene_get_wall(s, id, &back), GG_OK);
    assert_int_equal(back.limited, GG_BLOCKS_SIGHT | GG_BLOCKS_LIGHT);
    assert_int_equal(gg_scene_get_wall(s, id, &back), GG_OK);
    gg_wall_def listed;
    int32_t n = 0;
    assert_int_equal(gg_scene_list_walls(s, NULL, &listed, 1, &n), GG_OK);
    assert_int_equal(listed.limited, GG_BLOCKS_SIGHT | GG_BLOCKS_LIGHT);
    gg_scene_destroy(s);
}

/* Random scenes whose walls are often limited: index = linear scan, field of view and seen
 * cells = the per-cell line of sight, matrix = pairwise line of sight. */
static void check_random(gg_wall_rule rule, uint64_t seed, const char *name)
{
    fx_rng r;
    fx_rng_seed(&r, seed, name);
    for (int round = 0; round < 25; ++round) {
        int32_t w = 2 + (int32_t)fx_below(&r, 14), h = 2 + (int32_t)fx_below(&r, 14);
        gg_scene *s = scene_of(w, h, rule);
        int n = (int)fx_below(&r, 30);
        for (int k = 0; k < n; ++k) {
            gg_wall_def d = gg_wall_def_default();
            d.x1 = (double)fx_below(&r, (uint32_t)(2 * w + 1)) * 0.5;
            d.y1 = (double)fx_below(&r, (uint32_t)(2 * h + 1)) * 0.5;
            d.x2 = d.x1 + ((double)fx_below(&r, 13) - 6.0) * 0.5;
            d.y2 = d.y1 + ((double)fx_below(&r, 13) - 6.0) * 0.5;
            static const uint32_t lim[4] = {0, GG_BLOCKS_SIGHT, GG_BLOCKS_LIGHT,
                                            GG_BLOCKS_SIGHT | GG_BLOCKS_LIGHT};
            d.limited = lim[fx_below(&r, 4)];
            d.one_way = fx_below(&r, 6) == 0 ? GG_ONE_WAY_LEFT : GG_ONE_WAY_NONE;
            d.door = fx_below(&r, 6) == 0 ? GG_DOOR_OPEN : GG_DOOR_NONE;
            if ((d.limited & GG_BLOCKS_SIGHT) == 0 && fx_below(&r, 3) == 0)
                d.sight_proximity_ft = (double)fx_below(&r, 40) * 0.5;
            if ((d.limited & GG_BLOCKS_LIGHT) == 0 && fx_below(&r, 3) == 0)
                d.light_proximity_ft = (double)fx_below(&r, 40) * 0.5;
            assert_int_equal(gg_scene_add_wall(s, &d, NULL), GG_OK);
        }
        for (int k = 0; k < 200; ++k) {
            gg_cell a = gg_cell_make((int32_t)fx_below(&r, (uint32_t)w),
                                     (int32_t)fx_below(&r, (uint32_t)h));
            gg_cell b = gg_cell_make((int32_t)fx_below(&r, (uint32_t)w),
                                     (int32_t)fx_below(&r, (uint32_t)h));
            for (uint32_t mask = 1; mask <= GG_BLOCKS_LIGHT; mask <<= 1) {
                gg_hpoint pa = gg__wall_centre(a), pb = gg__wall_centre(b);
                assert_int_equal(gg__segment_hits_wall(s, pa, pb, mask),
                                 gg__segment_hits_wall_linear(s, pa, pb, mask));
            }
        }
        gg_scratch *x = NULL;
        assert_int_equal(gg_scratch_create(s, NULL, &x), GG_OK);
        size_t words = gg_scene_bitset_words(s);
        uint64_t *bits = calloc(words, sizeof *bits);
        assert_non_null(bits);
        gg_cell cells[8];
        for (int k = 0; k < 8; ++k)
            cells[k] = gg_cell_make((int32_t)fx_below(&r, (uint32_t)w),
                                    (int32_t)fx_below(&r, (uint32_t)h));
        for (int k = 0; k < 8; ++k) {
            gg_cell v = cells[k];
            int32_t count = 0;
            assert_int_equal(gg_scene_visible_cells(s, x, v, GG_RANGE_UNLIMITED, GG_BITSET_REPLACE,
                                                    bits, words, &count),
                             GG_OK);
            for (int32_t row = 0; row < h; ++row)
                for (int32_t col = 0; col < w; ++col) {
                    size_t i = (size_t)row * (size_t)w + (size_t)col;
                    bool bit = (bits[i / 64] >> (i % 64) & 1u) != 0;
                    assert_int_equal(bit, fx_los(s, v.col, v.row, col, row));
                }
        }
        uint8_t m[64];
        assert_int_equal(gg_scene_visibility_matrix(s, cells, 8, NULL, GG_VISIBILITY_LINE_OF_SIGHT,
                                                    m),
                         GG_OK);
        for (int i = 0; i < 8; ++i)
            for (int j = 0; j < 8; ++j)
                assert_int_equal(m[i * 8 + j] != 0,
                                 fx_los(s, cells[i].col, cells[i].row, cells[j].col, cells[j].row));
        free(bits);
        gg_scratch_destroy(x);
        gg_scene_destroy(s);
    }
}

static void proximity__transparent_within_the_threshold(void **state)
{
    (void)state;
    for (int rule = GG_WALL_RULE_NAT20; rule <= GG_WALL_RULE_POINT; ++rule) {
        gg_scene *s = scene_lit(12, 3, (gg_wall_rule)rule, GG_LIGHT_DARK);
        gg_wall_def w = gg_wall_def_default();
        w.x1 = w.x2 = 6;
        w.y1 = 0;
        w.y2 = 3;
        w.sight_proximity_ft = 10; /* two cells of 5 ft */
        assert_int_equal(gg_scene_add_wall(s, &w, NULL), GG_OK);
        /* centre of column 4 is 1.5 cells (7.5 ft) from x = 6; column 3 is 2.5 (12.5 ft) */
        assert_true(fx_los(s, 4, 1, 9, 1));
        assert_true(fx_los(s, 4, 1, 11, 1));
        assert_false(fx_los(s, 3, 1, 9, 1));
        assert_false(fx_los(s, 9, 1, 3, 1)); /* the viewer decides, not the target */
        assert_true(fx_los(s, 7, 1, 0, 1));  /* 1.5 cells east of it */
        /* just at the threshold: 10 ft = 2 cells; the point (6, -0.5) end case: from (4,0)'s
         * centre (4.5, 0.5) the closest point is on the wall (6, 0.5), 1.5 cells */
        assert_true(fx_los(s, 4, 0, 8, 2));
        /* light is not proximity here: the wall blocks it whatever the distance */
        gg_light_def l = gg_light_def_default();
        l.cell = gg_cell_make(5, 1);
        l.bright_ft = 40;
        l.dim_ft = 40;
        assert_int_equal(gg_scene_add_light(s, &l, NULL), GG_OK);
        assert_int_equal(light_at(s, 7, 1), GG_LIGHT_DARK);
        gg_wall_def back;
        int32_t n = 0;
        assert_int_equal(gg_scene_list_walls(s, NULL, &back, 1, &n), GG_OK);
        assert_true(back.sight_proximity_ft == 10.0);
        assert_true(back.light_proximity_ft == 0.0);
        /* the same with light proximity: now the light reaches through */
        w.sight_proximity_ft = 0;
        w.light_proximity_ft = 10;
        w.x1 = w.x2 = 6.5; /* on top of the first, shifted half a cell */
        assert_int_equal(gg_scene_add_wall(s, &w, NULL), GG_OK);
        assert_int_equal(light_at(s, 7, 1), GG_LIGHT_DARK); /* the first still blocks light */
        gg_scene_destroy(s);
    }
}

static void proximity__light_passes_within_its_threshold(void **state)
{
    (void)state;
    gg_scene *s = scene_lit(12, 3, GG_WALL_RULE_POINT, GG_LIGHT_DARK);
    gg_wall_def w = gg_wall_def_default();
    w.x1 = w.x2 = 6;
    w.y2 = 3;
    w.light_proximity_ft = 5;
    assert_int_equal(gg_scene_add_wall(s, &w, NULL), GG_OK);
    gg_light_def l = gg_light_def_default();
    l.cell = gg_cell_make(5, 1); /* 0.5 cells = 2.5 ft from the wall */
    l.bright_ft = 40;
    l.dim_ft = 40;
    gg_light_id id;
    assert_int_equal(gg_scene_add_light(s, &l, &id), GG_OK);
    assert_int_equal(light_at(s, 8, 1), GG_LIGHT_BRIGHT);
    assert_false(fx_los(s, 5, 1, 8, 1)); /* sight is a normal wall */
    l.cell = gg_cell_make(3, 1);         /* 2.5 cells away */
    assert_int_equal(gg_scene_set_light(s, id, &l), GG_OK);
    assert_int_equal(light_at(s, 8, 1), GG_LIGHT_DARK);
    /* bad thresholds and a sense both limited and proximity are refused */
    w.light_proximity_ft = -1;
    assert_int_equal(gg_scene_add_wall(s, &w, NULL), GG_E_INVALID_ARG);
    w.light_proximity_ft = 5;
    w.limited = GG_BLOCKS_LIGHT;
    assert_int_equal(gg_scene_add_wall(s, &w, NULL), GG_E_INVALID_ARG);
    gg_scene_destroy(s);
}

static void limited__queries_equal_per_cell_line_of_sight(void **state)
{
    (void)state;
    check_random(GG_WALL_RULE_NAT20, 11, "limited nat20");
    check_random(GG_WALL_RULE_POINT, 12, "limited point");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(limited__one_passes_two_stop_for_sight),
        cmocka_unit_test(limited__a_normal_wall_still_stops),
        cmocka_unit_test(limited__each_sense_counts_separately),
        cmocka_unit_test(limited__a_chain_joint_counts_once),
        cmocka_unit_test(limited__rejects_movement_and_round_trips),
        cmocka_unit_test(limited__queries_equal_per_cell_line_of_sight),
        cmocka_unit_test(proximity__transparent_within_the_threshold),
        cmocka_unit_test(proximity__light_passes_within_its_threshold),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
