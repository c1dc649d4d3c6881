/* test_area.c - gg_scene_area_cells: line-of-effect trimming, includes_origin, error order,
 * GG_PARTIAL, and the allocation-free walk against gg_template_cells(). */
#include "fixture.h"

static gg_template tpl_make(gg_shape shape, int32_t size_ft, int32_t dc, int32_t dr, bool dir)
{
    gg_template t;
    t.shape = shape;
    t.size_ft = size_ft;
    t.has_direction = dir;
    t.direction = gg_cell_make(dc, dr);
    return t;
}

/* The hand/area scene: 9x9, blocked 3,5, wall x = 5 for y 0..9, 2,2 tagged total, 6,6 half. */
static gg_scene *area_scene(void)
{
    gg_scene *s = fx_open(9, 9);
    assert_int_equal(gg_scene_set_blocked(s, fx_c(3, 5), true), GG_OK);
    assert_int_equal(gg_scene_set_cover(s, fx_c(2, 2), GG_COVER_TOTAL), GG_OK);
    assert_int_equal(gg_scene_set_cover(s, fx_c(6, 6), GG_COVER_HALF), GG_OK);
    fx_wall(s, 5, 0, 5, 9);
    return s;
}

static const gg_cell sphere_want[] = {{0, 2}, {0, 3}, {0, 4}, {0, 5}, {1, 2}, {1, 3},
                                      {1, 4}, {1, 5}, {2, 0}, {2, 1}, {2, 3}, {2, 4},
                                      {3, 0}, {3, 1}, {3, 2}, {3, 3}, {3, 4}, {3, 5},
                                      {3, 7}, {3, 8}, {4, 0}, {4, 1}, {4, 2}, {4, 3},
                                      {4, 4}, {4, 5}, {4, 6}, {4, 7}, {4, 8}};

/* Vectors hand/area/sphere: the blocked 3,5 in view stays (its own status is not cover), the
 * total-tagged 2,2 goes, and so does everything behind the wall or behind 3,5 / 2,2. */
static void area__sphere_trimmed_by_line_of_effect(void **state)
{
    (void)state;
    gg_scene *s = area_scene();
    gg_template t = tpl_make(GG_SHAPE_SPHERE, 20, 0, 0, false);
    gg_cell out[81];
    int32_t n = 0;
    const char *why = "unset";
    assert_int_equal(gg_scene_area_cells(s, fx_c(4, 4), &t, true, out, 81, &n, &why), GG_OK);
    assert_null(why);
    fx_assert_cells(out, n, sphere_want, 29);
    /* Without the origin: the same list minus 4,4. */
    assert_int_equal(gg_scene_area_cells(s, fx_c(4, 4), &t, false, out, 81, &n, NULL), GG_OK);
    gg_cell without[28];
    int32_t k = 0;
    for (int32_t i = 0; i < 29; ++i)
        if (!gg_cell_eq(sphere_want[i], fx_c(4, 4)))
            without[k++] = sphere_want[i];
    fx_assert_cells(out, n, without, 28);
    t.shape = GG_SHAPE_CYLINDER;
    assert_int_equal(gg_scene_area_cells(s, fx_c(4, 4), &t, true, out, 81, &n, NULL), GG_OK);
    fx_assert_cells(out, n, sphere_want, 29);
    gg_scene_destroy(s);
}

/* Vectors hand/area/{cone,line,cube}: east of 4,4 is behind the wall, so nothing survives; a
 * south-east cone keeps only column 4; a north-west line stops at the total-tagged 2,2. */
static void area__directed_shapes(void **state)
{
    (void)state;
    gg_scene *s = area_scene();
    gg_cell out[81];
    int32_t n = -1;
    gg_template east[] = {tpl_make(GG_SHAPE_CONE, 20, 1, 0, true),
                          tpl_make(GG_SHAPE_LINE, 20, 1, 0, true),
                          tpl_make(GG_SHAPE_CUBE, 20, 1, 0, true)};
    for (int i = 0; i < 3; ++i) {
        assert_int_equal(gg_scene_area_cells(s, fx_c(4, 4), &east[i], false, out, 81, &n, NULL),
                         GG_OK);
        assert_int_equal(n, 0);
    }
    gg_template cone = tpl_make(GG_SHAPE_CONE, 20, 1, 1, true);
    assert_int_equal(gg_scene_area_cells(s, fx_c(4, 4), &cone, false, out, 81, &n, NULL), GG_OK);
    const gg_cell cone_want[] = {{4, 5}, {4, 6}, {4, 7}, {4, 8}};
    fx_assert_cells(out, n, cone_want, 4);
    gg_template line = tpl_make(GG_SHAPE_LINE, 20, -1, -1, true);
    assert_int_equal(gg_scene_area_cells(s, fx_c(4, 4), &line, true, out, 81, &n, NULL), GG_OK);
    const gg_cell line_want[] = {{4, 4}, {3, 3}}; /* template order: k = 0, 1 */
    fx_assert_cells(out, n, line_want, 2);
    gg_scene_destroy(s);
}

/* Model §9.1 / §19.9: an off-map origin gives 0 cells and GG_OK before the template is checked;
 * on the map, the template's errors come back with a reason. */
static void area__error_order_and_reasons(void **state)
{
    (void)state;
    gg_scene *s = fx_open(5, 5);
    gg_cell out[25];
    int32_t n = 9;
    const char *why = "unset";
    gg_template bad = tpl_make((gg_shape)99, 10, 0, 0, false);
    gg_template nodir = tpl_make(GG_SHAPE_CONE, 10, 0, 0, false);
    gg_template zerodir = tpl_make(GG_SHAPE_LINE, 10, 0, 0, true);
    assert_int_equal(gg_scene_area_cells(s, fx_c(5, 0), &bad, true, out, 25, &n, &why), GG_OK);
    assert_int_equal(n, 0);
    assert_int_equal(gg_scene_area_cells(s, fx_c(-1, 2), &nodir, true, out, 25, &n, &why), GG_OK);
    assert_int_equal(gg_scene_area_cells(s, fx_c(2, 2), &bad, true, out, 25, &n, &why),
                     GG_E_INVALID_ARG);
    assert_int_equal(n, 0);
    assert_non_null(why);
    why = NULL;
    assert_int_equal(gg_scene_area_cells(s, fx_c(2, 2), &nodir, true, out, 25, &n, &why),
                     GG_E_INVALID_ARG);
    assert_non_null(why);
    assert_int_equal(gg_scene_area_cells(s, fx_c(2, 2), &zerodir, true, out, 25, &n, NULL),
                     GG_E_INVALID_ARG);
    /* A sphere ignores its direction, even (0,0). */
    gg_template sph = tpl_make(GG_SHAPE_SPHERE, 0, 0, 0, true);
    assert_int_equal(gg_scene_area_cells(s, fx_c(2, 2), &sph, true, out, 25, &n, NULL), GG_OK);
    assert_int_equal(n, 1);
    assert_int_equal(gg_scene_area_cells(s, fx_c(2, 2), &sph, false, out, 25, &n, NULL), GG_OK);
    assert_int_equal(n, 0);
    gg_scene_destroy(s);
}

static void area__invalid_arguments(void **state)
{
    (void)state;
    gg_scene *s = fx_open(5, 5);
    gg_template t = tpl_make(GG_SHAPE_SPHERE, 5, 0, 0, false);
    gg_cell out[9];
    int32_t n = 4;
    const char *why = NULL;
    assert_int_equal(gg_scene_area_cells(NULL, fx_c(1, 1), &t, true, out, 9, &n, &why),
                     GG_E_INVALID_ARG);
    assert_int_equal(n, 0);
    assert_non_null(why);
    assert_int_equal(gg_scene_area_cells(s, fx_c(1, 1), NULL, true, out, 9, &n, &why),
                     GG_E_INVALID_ARG);
    assert_int_equal(gg_scene_area_cells(s, fx_c(1, 1), &t, true, out, 9, NULL, &why),
                     GG_E_INVALID_ARG);
    assert_int_equal(gg_scene_area_cells(s, fx_c(1, 1), &t, true, out, -1, &n, &why),
                     GG_E_INVALID_ARG);
    assert_int_equal(gg_scene_area_cells(s, fx_c(1, 1), &t, true, NULL, 9, &n, &why),
                     GG_E_INVALID_ARG);
    /* Pointer checks come before the off-map early return. */
    assert_int_equal(gg_scene_area_cells(s, fx_c(-1, 1), NULL, true, out, 9, &n, NULL),
                     GG_E_INVALID_ARG);
    gg_scene_destroy(s);
}

/* STYLE §3.5: GG_PARTIAL writes the first `capacity` trimmed cells and reports the full count,
 * also when the template is larger than the buffer (the walk path). */
static void area__partial(void **state)
{
    (void)state;
    gg_scene *s = area_scene();
    gg_template t = tpl_make(GG_SHAPE_SPHERE, 20, 0, 0, false);
    for (int32_t cap = 0; cap < 29; ++cap) {
        gg_cell out[29];
        for (int i = 0; i < 29; ++i)
            out[i] = fx_c(-7, -7);
        int32_t n = 0;
        assert_int_equal(gg_scene_area_cells(s, fx_c(4, 4), &t, true, cap == 0 ? NULL : out, cap,
                                             &n, NULL),
                         GG_PARTIAL);
        assert_int_equal(n, 29);
        if (cap > 0)
            fx_assert_cells(out, cap, sphere_want, cap);
        for (int32_t i = cap; i < 29; ++i)
            assert_int_equal(out[i].col, -7);
    }
    gg_scene_destroy(s);
}

/* A truncated area must list a prefix of exactly gg_template_cells()'s cells, in its order,
 * with the full count. On an empty scene every cell has line of effect, so the area with its
 * origin is the template: compare every shape, direction and size on a few maps, forcing the
 * walk with capacity = total - 1. */
static void area__walk_matches_template_cells(void **state)
{
    (void)state;
    static const int32_t dims[][3] = {{7, 6, 5}, {1, 9, 5}, {12, 3, 10}, {5, 5, 3}};
    static const gg_shape shapes[] = {GG_SHAPE_SPHERE, GG_SHAPE_CYLINDER, GG_SHAPE_CONE,
                                      GG_SHAPE_LINE, GG_SHAPE_CUBE};
    gg_cell want[400], got[400];
    long compared = 0;
    for (size_t d = 0; d < sizeof dims / sizeof dims[0]; ++d) {
        gg_scene *s = fx_build(dims[d][0], dims[d][1], dims[d][2], NULL, NULL);
        for (size_t sh = 0; sh < 5; ++sh)
            for (int32_t dc = -1; dc <= 1; ++dc)
                for (int32_t dr = -1; dr <= 1; ++dr) {
                    bool directed = shapes[sh] == GG_SHAPE_CONE || shapes[sh] == GG_SHAPE_LINE ||
                                    shapes[sh] == GG_SHAPE_CUBE;
                    if (directed && dc == 0 && dr == 0)
                        continue;
                    for (int32_t size = -5; size <= 45; size += 1) {
                        gg_template t = tpl_make(shapes[sh], size, dc * 3, dr * 2, true);
                        for (int32_t col = 0; col < dims[d][0]; ++col)
                            for (int32_t row = 0; row < dims[d][1]; ++row) {
                                gg_cell o = fx_c(col, row);
                                int32_t total = 0, n = 0;
                                assert_int_equal(gg_template_cells(dims[d][0], dims[d][1],
                                                                   dims[d][2], o, &t, want, 400,
                                                                   &total, NULL),
                                                 GG_OK);
                                assert_int_equal(gg_scene_area_cells(s, o, &t, true, NULL, 0, &n,
                                                                     NULL),
                                                 total == 0 ? GG_OK : GG_PARTIAL);
                                assert_int_equal(n, total);
                                if (total < 2)
                                    continue;
                                assert_int_equal(gg_scene_area_cells(s, o, &t, true, got, total - 1,
                                                                     &n, NULL),
                                                 GG_PARTIAL);
                                assert_int_equal(n, total);
                                fx_assert_cells(got, total - 1, want, total - 1);
                                ++compared;
                            }
                    }
                }
        gg_scene_destroy(s);
    }
    assert_true(compared > 1000);
}

/* A template far larger than the map (cell_size 1 ft, huge radius) stays cheap and exact. */
static void area__huge_template_is_clipped(void **state)
{
    (void)state;
    gg_scene_def def = gg_scene_def_default();
    def.width = 40;
    def.height = 30;
    def.cell_size_ft = 1;
    gg_scene *s = NULL;
    assert_int_equal(gg_scene_create(&def, &s), GG_OK);
    gg_template shapes[] = {tpl_make(GG_SHAPE_SPHERE, INT32_MAX, 0, 0, false),
                            tpl_make(GG_SHAPE_CONE, INT32_MAX, 1, 0, true),
                            tpl_make(GG_SHAPE_CONE, INT32_MAX, -1, 1, true),
                            tpl_make(GG_SHAPE_LINE, INT32_MAX, 0, -1, true),
                            tpl_make(GG_SHAPE_CUBE, INT32_MAX, -1, 0, true)};
    for (int i = 0; i < 5; ++i) {
        int32_t total = 0, n = 0;
        assert_true(!gg_failed(
            gg_template_cells(40, 30, 1, fx_c(20, 15), &shapes[i], NULL, 0, &total, NULL)));
        gg_cell few[3];
        gg_status st = gg_scene_area_cells(s, fx_c(20, 15), &shapes[i], true, few, 3, &n, NULL);
        assert_int_equal(st, total > 3 ? GG_PARTIAL : GG_OK);
        assert_int_equal(n, total);
    }
    gg_scene_destroy(s);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(area__sphere_trimmed_by_line_of_effect),
        cmocka_unit_test(area__directed_shapes),
        cmocka_unit_test(area__error_order_and_reasons),
        cmocka_unit_test(area__invalid_arguments),
        cmocka_unit_test(area__partial),
        cmocka_unit_test(area__walk_matches_template_cells),
        cmocka_unit_test(area__huge_template_is_clipped),
    };
    return cmocka_run_group_tests_name("topology/area", tests, NULL, NULL);
}
