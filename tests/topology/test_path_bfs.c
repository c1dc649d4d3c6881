/* test_path_bfs.c - gg_scene_shortest_path: Nat20's BFS order, early returns, avoid, buffers,
 * and properties against a brute-force BFS. */
#include "fixture.h"

static void expect_path(fixture *f, gg_cell a, gg_cell b, const gg_cell *avoid, int32_t navoid,
                        const gg_cell *want, int32_t want_n)
{
    gg_cell out[64];
    int32_t n = -1;
    assert_int_equal(gg_scene_shortest_path(f->scene, f->scratch, a, b, avoid, navoid, out, 64, &n),
                     GG_OK);
    fx_assert_cells(out, n, want, want_n);
}

/* Model §11: the neighbour order NW, W, SW, N, S, NE, E, SE decides among equal routes. */
static void path_bfs__nat20_examples_on_open_grid(void **state)
{
    (void)state;
    fixture f = fx_make(fx_open(7, 7));
    const gg_cell p1[] = {{3, 3}, {2, 2}, {2, 1}, {3, 0}};
    expect_path(&f, fx_c(3, 3), fx_c(3, 0), NULL, 0, p1, 4);
    const gg_cell p2[] = {{3, 3}, {2, 2}, {1, 2}, {0, 3}};
    expect_path(&f, fx_c(3, 3), fx_c(0, 3), NULL, 0, p2, 4);
    const gg_cell p3[] = {{0, 0}, {1, 0}, {2, 0}, {3, 0}, {4, 0}, {5, 1}, {6, 2}};
    expect_path(&f, fx_c(0, 0), fx_c(6, 2), NULL, 0, p3, 7);
    const gg_cell p4[] = {{0, 0}, {0, 1}, {0, 2}, {0, 3}, {0, 4}, {1, 5}, {2, 6}};
    expect_path(&f, fx_c(0, 0), fx_c(2, 6), NULL, 0, p4, 7);
    fx_free(&f);
}

/* Model §11: the corner rule forbids 0,0->1,1 and 1,1->2,0 around the blocked 1,0. */
static void path_bfs__corner_rule_detour(void **state)
{
    (void)state;
    static const char *const rows[] = {".#..", "....", "....", "...."};
    fixture f = fx_make(fx_map(rows, 4));
    const gg_cell want[] = {{0, 0}, {0, 1}, {1, 1}, {2, 1}, {2, 0}};
    expect_path(&f, fx_c(0, 0), fx_c(2, 0), NULL, 0, want, 5);
    fx_free(&f);
}

/* Model §14.1 (hand/move): BFS minimises cells, so it walks straight through difficult 2,2. */
static void path_bfs__ignores_difficult_terrain_and_respects_walls(void **state)
{
    (void)state;
    static const char *const rows[] = {"...#...", ".......", "..~....", "..~....", "......."};
    fixture f = fx_make(fx_map(rows, 5));
    fx_wall(f.scene, 5, 0, 5, 3);
    const gg_cell w1[] = {{0, 0}, {1, 1}, {2, 2}, {3, 3}, {4, 4}};
    expect_path(&f, fx_c(0, 0), fx_c(4, 4), NULL, 0, w1, 5);
    const gg_cell w2[] = {{1, 2}, {2, 1}, {3, 2}};
    expect_path(&f, fx_c(1, 2), fx_c(3, 2), NULL, 0, w2, 3);
    /* 4,1 -> 5,1 crosses the wall: the route goes round its end at y = 3. */
    gg_cell out[32];
    int32_t n = 0;
    assert_int_equal(gg_scene_shortest_path(f.scene, f.scratch, fx_c(4, 1), fx_c(5, 1), NULL, 0,
                                            out, 32, &n),
                     GG_OK);
    assert_true(n > 2);
    /* The blocked 3,0 is unreachable. */
    assert_int_equal(gg_scene_shortest_path(f.scene, f.scratch, fx_c(2, 0), fx_c(3, 0), NULL, 0,
                                            out, 32, &n),
                     GG_OK);
    assert_int_equal(n, 0);
    fx_free(&f);
}

/* Model §11 steps 2, 3 and §19.9: a == b gives [a] even when a is blocked or avoided; a blocked
 * start is still left; b in avoid gives []. */
static void path_bfs__early_returns(void **state)
{
    (void)state;
    static const char *const rows[] = {"#...", "....", "...."};
    fixture f = fx_make(fx_map(rows, 3));
    gg_cell out[16];
    int32_t n = -1;
    const gg_cell avoid_a[] = {{0, 0}};
    assert_int_equal(gg_scene_shortest_path(f.scene, f.scratch, fx_c(0, 0), fx_c(0, 0), avoid_a, 1,
                                            out, 16, &n),
                     GG_OK);
    const gg_cell self[] = {{0, 0}};
    fx_assert_cells(out, n, self, 1);

    const gg_cell leave[] = {{0, 0}, {0, 1}, {0, 2}};
    expect_path(&f, fx_c(0, 0), fx_c(0, 2), avoid_a, 1, leave, 3);

    const gg_cell avoid_b[] = {{3, 2}};
    out[0] = fx_c(99, 99);
    assert_int_equal(gg_scene_shortest_path(f.scene, f.scratch, fx_c(1, 1), fx_c(3, 2), avoid_b, 1,
                                            out, 16, &n),
                     GG_OK);
    assert_int_equal(n, 0);
    assert_int_equal(out[0].col, 99);
    fx_free(&f);
}

/* Avoided cells (enemies, model §14.1) are never entered; off-map and duplicate entries are
 * harmless. */
static void path_bfs__avoid_forces_detour_or_no_path(void **state)
{
    (void)state;
    fixture f = fx_make(fx_open(3, 3));
    const gg_cell wall_of_enemies[] = {{1, 0}, {1, 1}, {1, 2}, {1, 2}, {-4, 7}};
    gg_cell out[16];
    int32_t n = -1;
    assert_int_equal(gg_scene_shortest_path(f.scene, f.scratch, fx_c(0, 1), fx_c(2, 1),
                                            wall_of_enemies, 5, out, 16, &n),
                     GG_OK);
    assert_int_equal(n, 0);
    const gg_cell some[] = {{1, 1}};
    const gg_cell want[] = {{0, 1}, {1, 0}, {2, 1}};
    expect_path(&f, fx_c(0, 1), fx_c(2, 1), some, 1, want, 3);
    fx_free(&f);
}

static void path_bfs__off_map_is_out_of_bounds(void **state)
{
    (void)state;
    fixture f = fx_make(fx_open(3, 3));
    gg_cell out[4];
    int32_t n = -1;
    assert_int_equal(gg_scene_shortest_path(f.scene, f.scratch, fx_c(-1, 0), fx_c(1, 1), NULL, 0,
                                            out, 4, &n),
                     GG_E_OUT_OF_BOUNDS);
    assert_int_equal(n, 0);
    assert_int_equal(gg_scene_shortest_path(f.scene, f.scratch, fx_c(1, 1), fx_c(1, 3), NULL, 0,
                                            out, 4, &n),
                     GG_E_OUT_OF_BOUNDS);
    /* Bounds come before a == b (model §11 step 1). */
    assert_int_equal(gg_scene_shortest_path(f.scene, f.scratch, fx_c(3, 0), fx_c(3, 0), NULL, 0,
                                            out, 4, &n),
                     GG_E_OUT_OF_BOUNDS);
    assert_int_equal(n, 0);
    fx_free(&f);
}

static void path_bfs__invalid_arguments(void **state)
{
    (void)state;
    fixture f = fx_make(fx_open(3, 3));
    gg_scene *other = fx_open(3, 3);
    gg_cell out[4];
    gg_cell av[1] = {{0, 0}};
    int32_t n = 7;
    gg_cell a = fx_c(0, 0), b = fx_c(2, 2);
    assert_int_equal(gg_scene_shortest_path(NULL, f.scratch, a, b, NULL, 0, out, 4, &n),
                     GG_E_INVALID_ARG);
    assert_int_equal(n, 0);
    assert_int_equal(gg_scene_shortest_path(f.scene, NULL, a, b, NULL, 0, out, 4, &n),
                     GG_E_INVALID_ARG);
    assert_int_equal(gg_scene_shortest_path(f.scene, f.scratch, a, b, NULL, 0, out, 4, NULL),
                     GG_E_INVALID_ARG);
    assert_int_equal(gg_scene_shortest_path(f.scene, f.scratch, a, b, av, -1, out, 4, &n),
                     GG_E_INVALID_ARG);
    assert_int_equal(gg_scene_shortest_path(f.scene, f.scratch, a, b, NULL, 1, out, 4, &n),
                     GG_E_INVALID_ARG);
    assert_int_equal(gg_scene_shortest_path(f.scene, f.scratch, a, b, NULL, 0, out, -1, &n),
                     GG_E_INVALID_ARG);
    assert_int_equal(gg_scene_shortest_path(f.scene, f.scratch, a, b, NULL, 0, NULL, 4, &n),
                     GG_E_INVALID_ARG);
    /* Scratch made for another scene, even an identical one. */
    assert_int_equal(gg_scene_shortest_path(other, f.scratch, a, b, NULL, 0, out, 4, &n),
                     GG_E_INVALID_ARG);
    /* Argument checks come before the bounds check. */
    assert_int_equal(gg_scene_shortest_path(f.scene, NULL, fx_c(-1, 0), b, NULL, 0, out, 4, &n),
                     GG_E_INVALID_ARG);
    gg_scene_destroy(other);
    fx_free(&f);
}

/* STYLE §3.5: a path is all or nothing; the needed size comes back in *out_count. */
static void path_bfs__buffer_too_small_writes_nothing(void **state)
{
    (void)state;
    fixture f = fx_make(fx_open(7, 7));
    gg_cell out[7];
    for (int i = 0; i < 7; ++i)
        out[i] = fx_c(-9, -9);
    int32_t n = 0;
    assert_int_equal(gg_scene_shortest_path(f.scene, f.scratch, fx_c(0, 0), fx_c(6, 2), NULL, 0,
                                            out, 6, &n),
                     GG_E_BUFFER_TOO_SMALL);
    assert_int_equal(n, 7);
    for (int i = 0; i < 7; ++i)
        assert_int_equal(out[i].col, -9);
    /* Size query with no buffer, then the real call. */
    assert_int_equal(gg_scene_shortest_path(f.scene, f.scratch, fx_c(0, 0), fx_c(6, 2), NULL, 0,
                                            NULL, 0, &n),
                     GG_E_BUFFER_TOO_SMALL);
    assert_int_equal(n, 7);
    assert_int_equal(gg_scene_shortest_path(f.scene, f.scratch, fx_c(0, 0), fx_c(6, 2), NULL, 0,
                                            out, n, &n),
                     GG_OK);
    assert_int_equal(n, 7);
    /* a == b needs one cell. */
    assert_int_equal(gg_scene_shortest_path(f.scene, f.scratch, fx_c(1, 1), fx_c(1, 1), NULL, 0,
                                            NULL, 0, &n),
                     GG_E_BUFFER_TOO_SMALL);
    assert_int_equal(n, 1);
    fx_free(&f);
}

/* Properties on random small maps: the path is as short as a brute-force BFS says, starts at a,
 * ends at b, every consecutive pair is a legal step, and no avoided cell is entered. */
static void path_bfs__random_maps_match_brute_force(void **state)
{
    (void)state;
    fx_rng r;
    fx_rng_seed(&r, 20240611u, "path_bfs__random_maps_match_brute_force");
    for (int iter = 0; iter < 300; ++iter) {
        int32_t w = 1 + fx_below(&r, 9), h = 1 + fx_below(&r, 9);
        fixture f = fx_make(fx_random_scene(&r, w, h, 5, 25, 10, fx_below(&r, 5)));
        gg_cell avoid[3];
        int32_t navoid = fx_below(&r, 4);
        for (int32_t i = 0; i < navoid; ++i)
            avoid[i] = fx_c(fx_below(&r, w), fx_below(&r, h));
        for (int q = 0; q < 8; ++q) {
            gg_cell a = fx_c(fx_below(&r, w), fx_below(&r, h));
            gg_cell b = fx_c(fx_below(&r, w), fx_below(&r, h));
            gg_cell out[81];
            int32_t n = -1;
            assert_int_equal(gg_scene_shortest_path(f.scene, f.scratch, a, b, avoid, navoid, out,
                                                    81, &n),
                             GG_OK);
            bool b_avoided = false;
            for (int32_t i = 0; i < navoid; ++i)
                b_avoided = b_avoided || gg_cell_eq(avoid[i], b);
            int32_t d = gg_cell_eq(a, b)
                            ? 0
                            : (b_avoided ? -1 : fx_bfs_distance(f.scene, a, b, avoid, navoid));
            if (d < 0) {
                assert_int_equal(n, 0);
                continue;
            }
            assert_int_equal(n, d + 1);
            assert_true(gg_cell_eq(out[0], a));
            assert_true(gg_cell_eq(out[n - 1], b));
            for (int32_t i = 1; i < n; ++i) {
                int32_t cost = 0;
                assert_int_equal(gg_scene_edge_distance(f.scene, out[i - 1], out[i], &cost), GG_OK);
                assert_int_not_equal(cost, GG_STEP_ILLEGAL);
                for (int32_t k = 0; k < navoid; ++k)
                    assert_false(gg_cell_eq(avoid[k], out[i]));
            }
        }
        fx_free(&f);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(path_bfs__nat20_examples_on_open_grid),
        cmocka_unit_test(path_bfs__corner_rule_detour),
        cmocka_unit_test(path_bfs__ignores_difficult_terrain_and_respects_walls),
        cmocka_unit_test(path_bfs__early_returns),
        cmocka_unit_test(path_bfs__avoid_forces_detour_or_no_path),
        cmocka_unit_test(path_bfs__off_map_is_out_of_bounds),
        cmocka_unit_test(path_bfs__invalid_arguments),
        cmocka_unit_test(path_bfs__buffer_too_small_writes_nothing),
        cmocka_unit_test(path_bfs__random_maps_match_brute_force),
    };
    return cmocka_run_group_tests_name("topology/path_bfs", tests, NULL, NULL);
}
