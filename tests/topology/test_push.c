/* test_push.c - gg_scene_push_path: 8-way direction, floor steps, stops, buffers (model §14.5). */
#include "fixture.h"

/* The hand/push scene: 6x6, blocked 4,2, a wall along y = 4 across the map. */
static gg_scene *push_scene(void)
{
    static const char *const rows[] = {"......", "......", "....#.", "......", "......", "......"};
    gg_scene *s = fx_map(rows, 6);
    fx_wall(s, 0, 4, 6, 4);
    return s;
}

static void expect_push(const gg_scene *s, gg_cell origin, gg_cell target, int32_t ft,
                        const gg_cell *occ, int32_t nocc, const gg_cell *want, int32_t want_n)
{
    gg_cell out[16];
    int32_t n = -1;
    assert_int_equal(gg_scene_push_path(s, origin, target, ft, occ, nocc, out, 16, &n), GG_OK);
    fx_assert_cells(out, n, want, want_n);
}

/* Model §14.5 worked examples. */
static void push__nat20_examples(void **state)
{
    (void)state;
    gg_scene *s = push_scene();
    const gg_cell a[] = {{3, 2}}; /* next cell 4,2 is blocked */
    expect_push(s, fx_c(1, 2), fx_c(2, 2), 15, NULL, 0, a, 1);
    const gg_cell b[] = {{3, 2}}; /* pushed diagonally; 3,2 -> 4,3 cuts the blocked corner 4,2 */
    expect_push(s, fx_c(0, 0), fx_c(2, 1), 10, NULL, 0, b, 1);
    const gg_cell c[] = {{2, 2}, {3, 3}};
    expect_push(s, fx_c(0, 0), fx_c(1, 1), 10, NULL, 0, c, 2);
    expect_push(s, fx_c(5, 5), fx_c(5, 4), 10, NULL, 0, NULL, 0); /* the wall at y = 4 */
    const gg_cell d[] = {{2, 2}}; /* 7 ft: floor(7 / 5) = one square */
    expect_push(s, fx_c(0, 0), fx_c(1, 1), 7, NULL, 0, d, 1);
    gg_scene_destroy(s);
}

/* Zero cells when origin == target, for a distance below one cell or negative. */
static void push__no_movement_cases(void **state)
{
    (void)state;
    gg_scene *s = fx_open(5, 5);
    expect_push(s, fx_c(2, 2), fx_c(2, 2), 10, NULL, 0, NULL, 0);
    expect_push(s, fx_c(1, 2), fx_c(2, 2), 4, NULL, 0, NULL, 0);
    expect_push(s, fx_c(1, 2), fx_c(2, 2), 0, NULL, 0, NULL, 0);
    expect_push(s, fx_c(1, 2), fx_c(2, 2), -10, NULL, 0, NULL, 0);
    gg_scene_destroy(s);
}

/* Stops before an occupied cell and at the map edge; difficult terrain neither stops nor costs;
 * off-map and duplicate occupied entries are ignored. */
static void push__stops_and_ignores(void **state)
{
    (void)state;
    static const char *const rows[] = {"..~~.."};
    gg_scene *s = fx_map(rows, 1);
    const gg_cell all[] = {{2, 0}, {3, 0}, {4, 0}, {5, 0}};
    expect_push(s, fx_c(0, 0), fx_c(1, 0), 100, NULL, 0, all, 4);
    const gg_cell occ[] = {{9, 9}, {4, 0}, {4, 0}, {-1, 0}};
    expect_push(s, fx_c(0, 0), fx_c(1, 0), 100, occ, 4, all, 2);
    /* Westward from the edge: nowhere to go. */
    expect_push(s, fx_c(1, 0), fx_c(0, 0), 100, NULL, 0, NULL, 0);
    /* A creature 2 right and 1 down is pushed diagonally (sign of each axis). */
    gg_scene *t = fx_build(6, 6, 10, NULL, NULL);
    const gg_cell diag[] = {{3, 2}, {4, 3}};
    expect_push(t, fx_c(0, 0), fx_c(2, 1), 25, NULL, 0, diag, 2);
    gg_scene_destroy(t);
    gg_scene_destroy(s);
}

/* STYLE §3.5: a push path is all or nothing. */
static void push__buffer_too_small_writes_nothing(void **state)
{
    (void)state;
    gg_scene *s = fx_open(8, 1);
    gg_cell out[8];
    for (int i = 0; i < 8; ++i)
        out[i] = fx_c(-3, -3);
    int32_t n = 0;
    assert_int_equal(gg_scene_push_path(s, fx_c(0, 0), fx_c(1, 0), 20, NULL, 0, out, 3, &n),
                     GG_E_BUFFER_TOO_SMALL);
    assert_int_equal(n, 4);
    for (int i = 0; i < 8; ++i)
        assert_int_equal(out[i].col, -3);
    assert_int_equal(gg_scene_push_path(s, fx_c(0, 0), fx_c(1, 0), 20, NULL, 0, NULL, 0, &n),
                     GG_E_BUFFER_TOO_SMALL);
    assert_int_equal(n, 4);
    assert_int_equal(gg_scene_push_path(s, fx_c(0, 0), fx_c(1, 0), 20, NULL, 0, out, 4, &n), GG_OK);
    assert_int_equal(n, 4);
    assert_int_equal(out[3].col, 5);
    gg_scene_destroy(s);
}

static void push__bounds_and_invalid_arguments(void **state)
{
    (void)state;
    gg_scene *s = fx_open(4, 4);
    gg_cell out[4];
    gg_cell occ[1] = {{0, 0}};
    int32_t n = 3;
    gg_cell o = fx_c(0, 0), t = fx_c(1, 1);
    assert_int_equal(gg_scene_push_path(s, fx_c(-1, 0), t, 10, NULL, 0, out, 4, &n),
                     GG_E_OUT_OF_BOUNDS);
    assert_int_equal(n, 0);
    assert_int_equal(gg_scene_push_path(s, o, fx_c(4, 4), 10, NULL, 0, out, 4, &n),
                     GG_E_OUT_OF_BOUNDS);
    /* Bounds come before origin == target. */
    assert_int_equal(gg_scene_push_path(s, fx_c(4, 0), fx_c(4, 0), 10, NULL, 0, out, 4, &n),
                     GG_E_OUT_OF_BOUNDS);
    n = 3;
    assert_int_equal(gg_scene_push_path(NULL, o, t, 10, NULL, 0, out, 4, &n), GG_E_INVALID_ARG);
    assert_int_equal(n, 0);
    assert_int_equal(gg_scene_push_path(s, o, t, 10, NULL, 0, out, 4, NULL), GG_E_INVALID_ARG);
    assert_int_equal(gg_scene_push_path(s, o, t, 10, occ, -1, out, 4, &n), GG_E_INVALID_ARG);
    assert_int_equal(gg_scene_push_path(s, o, t, 10, NULL, 1, out, 4, &n), GG_E_INVALID_ARG);
    assert_int_equal(gg_scene_push_path(s, o, t, 10, NULL, 0, out, -1, &n), GG_E_INVALID_ARG);
    assert_int_equal(gg_scene_push_path(s, o, t, 10, NULL, 0, NULL, 2, &n), GG_E_INVALID_ARG);
    gg_scene_destroy(s);
}

/* Properties on random maps: every step of a push is a legal step in the sign direction, the
 * length never exceeds floor(distance / cell), and a longer push extends a shorter one. */
static void push__random_scenes_properties(void **state)
{
    (void)state;
    fx_rng r;
    fx_rng_seed(&r, 99173u, "push__random_scenes_properties");
    for (int iter = 0; iter < 300; ++iter) {
        int32_t w = 1 + fx_below(&r, 9), h = 1 + fx_below(&r, 9);
        gg_scene *s = fx_random_scene(&r, w, h, 5, 20, 20, fx_below(&r, 5));
        gg_cell o = fx_c(fx_below(&r, w), fx_below(&r, h));
        gg_cell t = fx_c(fx_below(&r, w), fx_below(&r, h));
        int32_t ft = fx_below(&r, 60);
        gg_cell out[16], longer[16];
        int32_t n = 0, m = 0;
        assert_int_equal(gg_scene_push_path(s, o, t, ft, NULL, 0, out, 16, &n), GG_OK);
        assert_int_equal(gg_scene_push_path(s, o, t, ft + 5, NULL, 0, longer, 16, &m), GG_OK);
        assert_true(n <= ft / 5);
        assert_true(m >= n && m <= n + 1);
        int32_t dc = (t.col > o.col) - (t.col < o.col), dr = (t.row > o.row) - (t.row < o.row);
        gg_cell prev = t;
        for (int32_t i = 0; i < n; ++i) {
            assert_true(gg_cell_eq(out[i], longer[i]));
            assert_true(gg_cell_eq(out[i], fx_c(prev.col + dc, prev.row + dr)));
            int32_t cost = 0;
            assert_int_equal(gg_scene_edge_distance(s, prev, out[i], &cost), GG_OK);
            assert_int_not_equal(cost, GG_STEP_ILLEGAL);
            prev = out[i];
        }
        gg_scene_destroy(s);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(push__nat20_examples),
        cmocka_unit_test(push__no_movement_cases),
        cmocka_unit_test(push__stops_and_ignores),
        cmocka_unit_test(push__buffer_too_small_writes_nothing),
        cmocka_unit_test(push__bounds_and_invalid_arguments),
        cmocka_unit_test(push__random_scenes_properties),
    };
    return cmocka_run_group_tests_name("topology/push", tests, NULL, NULL);
}
