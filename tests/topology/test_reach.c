/* test_reach.c - gg_scene_reachable: Nat20's Dijkstra tie rules, budget, avoid, GG_PARTIAL, and
 * properties against a naive Bellman-Ford. */
#include "fixture.h"

typedef struct want_reach {
    int32_t col, row, cost, pcol, prow;
} want_reach;

static void expect_reach(const gg_reach *got, int32_t n, const want_reach *want, int32_t want_n)
{
    assert_int_equal(n, want_n);
    for (int32_t i = 0; i < n; ++i) {
        if (got[i].cell.col != want[i].col || got[i].cell.row != want[i].row ||
            got[i].cost_ft != want[i].cost || got[i].prev.col != want[i].pcol ||
            got[i].prev.row != want[i].prow)
            fail_msg("entry %d: got %d,%d cost %d prev %d,%d; want %d,%d cost %d prev %d,%d",
                     (int)i, (int)got[i].cell.col, (int)got[i].cell.row, (int)got[i].cost_ft,
                     (int)got[i].prev.col, (int)got[i].prev.row, (int)want[i].col, (int)want[i].row,
                     (int)want[i].cost, (int)want[i].pcol, (int)want[i].prow);
    }
}

/* Vector hand/reachable/dif: 10-ft cells, difficult 1,1 costs 20 to enter. Settle order is
 * (cost, col, row); the start's prev is itself. */
static void reach__difficult_terrain_doubles_entered_cell(void **state)
{
    (void)state;
    static const char *const rows[] = {"...", ".~.", "..."};
    fixture f = fx_make(fx_build(fx_rows_width(rows, 3), 3, 10, NULL, rows));
    gg_reach out[16];
    int32_t n = 0;
    assert_int_equal(gg_scene_reachable(f.scene, f.scratch, fx_c(0, 0), 20, NULL, 0, out, 16, &n),
                     GG_OK);
    const want_reach want[] = {
        {0, 0, 0, 0, 0},  {0, 1, 10, 0, 0}, {1, 0, 10, 0, 0}, {0, 2, 20, 0, 1},
        {1, 1, 20, 0, 0}, {1, 2, 20, 0, 1}, {2, 0, 20, 1, 0}, {2, 1, 20, 1, 0},
    };
    expect_reach(out, n, want, 8);
    fx_free(&f);
}

/* Vector hand/reachable/through_difficult. */
static void reach__routes_around_difficult_row(void **state)
{
    (void)state;
    static const char *const rows[] = {".....", ".~~~.", "....."};
    fixture f = fx_make(fx_map(rows, 3));
    gg_reach out[16];
    int32_t n = 0;
    assert_int_equal(gg_scene_reachable(f.scene, f.scratch, fx_c(0, 1), 20, NULL, 0, out, 16, &n),
                     GG_OK);
    const want_reach want[] = {
        {0, 1, 0, 0, 1},  {0, 0, 5, 0, 1},  {0, 2, 5, 0, 1},  {1, 0, 5, 0, 1},  {1, 2, 5, 0, 1},
        {1, 1, 10, 0, 1}, {2, 0, 10, 1, 0}, {2, 2, 10, 1, 2}, {2, 1, 15, 1, 0}, {3, 0, 15, 2, 0},
        {3, 2, 15, 2, 2}, {3, 1, 20, 2, 0}, {4, 0, 20, 3, 0}, {4, 1, 20, 3, 0}, {4, 2, 20, 3, 2},
    };
    expect_reach(out, n, want, 15);
    fx_free(&f);
}

/* Model §12: equal costs settle by column then row, and a route is replaced only by a strictly
 * cheaper one, so the first-found route keeps a tie (2,0 and 2,1 keep 1,0 over 1,1). */
static void reach__tie_rules(void **state)
{
    (void)state;
    fixture f = fx_make(fx_open(3, 3));
    gg_reach out[16];
    int32_t n = 0;
    assert_int_equal(gg_scene_reachable(f.scene, f.scratch, fx_c(0, 0), 10, NULL, 0, out, 16, &n),
                     GG_OK);
    const want_reach want[] = {
        {0, 0, 0, 0, 0},  {0, 1, 5, 0, 0},  {1, 0, 5, 0, 0},  {1, 1, 5, 0, 0},  {0, 2, 10, 0, 1},
        {1, 2, 10, 0, 1}, {2, 0, 10, 1, 0}, {2, 1, 10, 1, 0}, {2, 2, 10, 1, 1},
    };
    expect_reach(out, n, want, 9);
    /* From the centre every neighbour costs 5: they settle in (col, row) order. */
    assert_int_equal(gg_scene_reachable(f.scene, f.scratch, fx_c(1, 1), 5, NULL, 0, out, 16, &n),
                     GG_OK);
    const want_reach ring[] = {
        {1, 1, 0, 1, 1}, {0, 0, 5, 1, 1}, {0, 1, 5, 1, 1}, {0, 2, 5, 1, 1}, {1, 0, 5, 1, 1},
        {1, 2, 5, 1, 1}, {2, 0, 5, 1, 1}, {2, 1, 5, 1, 1}, {2, 2, 5, 1, 1},
    };
    expect_reach(out, n, ring, 9);
    fx_free(&f);
}

/* The budget is inclusive; a negative budget gives the start alone; a blocked or avoided start
 * is still reported and left (Nat20 never tests the start). */
static void reach__budget_and_start(void **state)
{
    (void)state;
    static const char *const rows[] = {"#....", "....."};
    fixture f = fx_make(fx_map(rows, 2));
    gg_reach out[16];
    int32_t n = 0;
    assert_int_equal(gg_scene_reachable(f.scene, f.scratch, fx_c(2, 0), -1, NULL, 0, out, 16, &n),
                     GG_OK);
    const want_reach alone[] = {{2, 0, 0, 2, 0}};
    expect_reach(out, n, alone, 1);
    assert_int_equal(gg_scene_reachable(f.scene, f.scratch, fx_c(2, 0), 4, NULL, 0, out, 16, &n),
                     GG_OK);
    assert_int_equal(n, 1);
    assert_int_equal(gg_scene_reachable(f.scene, f.scratch, fx_c(2, 0), 5, NULL, 0, out, 16, &n),
                     GG_OK);
    assert_int_equal(n, 6);
    const gg_cell me[] = {{0, 0}};
    assert_int_equal(gg_scene_reachable(f.scene, f.scratch, fx_c(0, 0), 5, me, 1, out, 16, &n),
                     GG_OK);
    const want_reach blocked_start[] = {{0, 0, 0, 0, 0},
                                        {0, 1, 5, 0, 0},
                                        {1, 0, 5, 0, 0},
                                        {1, 1, 5, 0, 0}};
    expect_reach(out, n, blocked_start, 4);
    fx_free(&f);
}

/* Avoided cells are never entered (they may still be walked around); off-map entries and
 * duplicates are ignored. */
static void reach__avoid(void **state)
{
    (void)state;
    fixture f = fx_make(fx_open(3, 1));
    gg_reach out[8];
    int32_t n = 0;
    const gg_cell enemy[] = {{1, 0}, {1, 0}, {7, 7}};
    assert_int_equal(gg_scene_reachable(f.scene, f.scratch, fx_c(0, 0), 100, enemy, 3, out, 8, &n),
                     GG_OK);
    assert_int_equal(n, 1);
    fx_free(&f);
}

/* STYLE §3.5: the first `capacity` entries in settle order, *out_count = full count. */
static void reach__partial_keeps_settle_order_prefix(void **state)
{
    (void)state;
    fixture f = fx_make(fx_open(5, 5));
    gg_reach full[25], part[4];
    int32_t n = 0, m = 0;
    assert_int_equal(gg_scene_reachable(f.scene, f.scratch, fx_c(2, 2), 10, NULL, 0, full, 25, &n),
                     GG_OK);
    assert_int_equal(n, 25);
    assert_int_equal(gg_scene_reachable(f.scene, f.scratch, fx_c(2, 2), 10, NULL, 0, part, 4, &m),
                     GG_PARTIAL);
    assert_int_equal(m, 25);
    assert_memory_equal(part, full, sizeof part);
    assert_int_equal(gg_scene_reachable(f.scene, f.scratch, fx_c(2, 2), 10, NULL, 0, NULL, 0, &m),
                     GG_PARTIAL);
    assert_int_equal(m, 25);
    fx_free(&f);
}

static void reach__invalid_arguments_and_bounds(void **state)
{
    (void)state;
    fixture f = fx_make(fx_open(3, 3));
    gg_scene *other = fx_open(3, 3);
    gg_reach out[9];
    gg_cell av[1] = {{0, 0}};
    int32_t n = 5;
    gg_cell s = fx_c(1, 1);
    assert_int_equal(gg_scene_reachable(NULL, f.scratch, s, 5, NULL, 0, out, 9, &n),
                     GG_E_INVALID_ARG);
    assert_int_equal(n, 0);
    assert_int_equal(gg_scene_reachable(f.scene, NULL, s, 5, NULL, 0, out, 9, &n),
                     GG_E_INVALID_ARG);
    assert_int_equal(gg_scene_reachable(f.scene, f.scratch, s, 5, NULL, 0, out, 9, NULL),
                     GG_E_INVALID_ARG);
    assert_int_equal(gg_scene_reachable(f.scene, f.scratch, s, 5, av, -1, out, 9, &n),
                     GG_E_INVALID_ARG);
    assert_int_equal(gg_scene_reachable(f.scene, f.scratch, s, 5, NULL, 2, out, 9, &n),
                     GG_E_INVALID_ARG);
    assert_int_equal(gg_scene_reachable(f.scene, f.scratch, s, 5, NULL, 0, out, -3, &n),
                     GG_E_INVALID_ARG);
    assert_int_equal(gg_scene_reachable(f.scene, f.scratch, s, 5, NULL, 0, NULL, 9, &n),
                     GG_E_INVALID_ARG);
    assert_int_equal(gg_scene_reachable(other, f.scratch, s, 5, NULL, 0, out, 9, &n),
                     GG_E_INVALID_ARG);
    n = 5;
    assert_int_equal(gg_scene_reachable(f.scene, f.scratch, fx_c(3, 0), 5, NULL, 0, out, 9, &n),
                     GG_E_OUT_OF_BOUNDS);
    assert_int_equal(n, 0);
    assert_int_equal(gg_scene_reachable(f.scene, f.scratch, fx_c(0, -1), 5, NULL, 0, out, 9, &n),
                     GG_E_OUT_OF_BOUNDS);
    gg_scene_destroy(other);
    fx_free(&f);
}

/* Naive Bellman-Ford over gg_scene_edge_distance(): cheapest cost to every cell within the
 * budget, never entering avoided cells. cost[i] = -1 when not reached. */
static void bellman_ford(const gg_scene *s, gg_cell start, int32_t budget, const gg_cell *avoid,
                         int32_t navoid, int32_t *cost)
{
    int32_t w = gg_scene_width(s), h = gg_scene_height(s);
    for (int32_t i = 0; i < w * h; ++i)
        cost[i] = -1;
    cost[start.row * w + start.col] = 0;
    for (bool changed = true; changed;) {
        changed = false;
        for (int32_t i = 0; i < w * h; ++i) {
            if (cost[i] < 0)
                continue;
            gg_cell c = fx_c(i % w, i / w);
            for (int dc = -1; dc <= 1; ++dc)
                for (int dr = -1; dr <= 1; ++dr) {
                    gg_cell m = fx_c(c.col + dc, c.row + dr);
                    if (!gg_scene_contains(s, m) || gg_cell_eq(m, start))
                        continue;
                    bool avoided = false;
                    for (int32_t k = 0; k < navoid; ++k)
                        avoided = avoided || gg_cell_eq(avoid[k], m);
                    int32_t step = 0;
                    assert_int_equal(gg_scene_edge_distance(s, c, m, &step), GG_OK);
                    if (avoided || step == GG_STEP_ILLEGAL || cost[i] + step > budget)
                        continue;
                    int32_t *t = &cost[m.row * w + m.col];
                    if (*t < 0 || cost[i] + step < *t) {
                        *t = cost[i] + step;
                        changed = true;
                    }
                }
        }
    }
}

/* Properties on random maps: costs equal Bellman-Ford's; prev + step = cost; settle order is
 * non-decreasing in (cost, col, row); budget B+5 reaches a superset with equal costs. */
static void reach__random_maps_match_bellman_ford(void **state)
{
    (void)state;
    fx_rng r;
    fx_rng_seed(&r, 777001u, "reach__random_maps_match_bellman_ford");
    gg_reach out[100], more[100];
    int32_t bf[100], idx[100];
    for (int iter = 0; iter < 250; ++iter) {
        int32_t w = 1 + fx_below(&r, 10), h = 1 + fx_below(&r, 10);
        static const int32_t sizes[] = {5, 10, 3, 1};
        int32_t cs = sizes[fx_below(&r, 4)];
        fixture f = fx_make(fx_random_scene(&r, w, h, cs, 20, 20, fx_below(&r, 6)));
        gg_cell avoid[3];
        int32_t navoid = fx_below(&r, 4);
        for (int32_t i = 0; i < navoid; ++i)
            avoid[i] = fx_c(fx_below(&r, w), fx_below(&r, h));
        gg_cell start = fx_c(fx_below(&r, w), fx_below(&r, h));
        int32_t budget = fx_below(&r, 8 * cs);
        int32_t n = 0, m = 0;
        assert_int_equal(gg_scene_reachable(f.scene, f.scratch, start, budget, avoid, navoid, out,
                                            100, &n),
                         GG_OK);
        bellman_ford(f.scene, start, budget, avoid, navoid, bf);
        int32_t expected = 0;
        for (int32_t i = 0; i < w * h; ++i) {
            expected += bf[i] >= 0;
            idx[i] = -1;
        }
        assert_int_equal(n, expected);
        assert_true(gg_cell_eq(out[0].cell, start));
        for (int32_t i = 0; i < n; ++i) {
            gg_cell c = out[i].cell;
            assert_int_equal(out[i].cost_ft, bf[c.row * w + c.col]);
            assert_int_equal(idx[c.row * w + c.col], -1); /* each cell once */
            idx[c.row * w + c.col] = i;
            if (i > 0) {
                const gg_reach *p = &out[i - 1];
                assert_true(
                    p->cost_ft < out[i].cost_ft ||
                    (p->cost_ft == out[i].cost_ft &&
                     (p->cell.col < c.col || (p->cell.col == c.col && p->cell.row < c.row))));
                int32_t step = 0;
                assert_int_equal(gg_scene_edge_distance(f.scene, out[i].prev, c, &step), GG_OK);
                assert_int_not_equal(step, GG_STEP_ILLEGAL);
                int32_t pi = idx[out[i].prev.row * w + out[i].prev.col];
                assert_true(pi >= 0 && pi < i); /* prev settled earlier */
                assert_int_equal(out[pi].cost_ft + step, out[i].cost_ft);
            }
        }
        assert_int_equal(gg_scene_reachable(f.scene, f.scratch, start, budget + 5, avoid, navoid,
                                            more, 100, &m),
                         GG_OK);
        assert_true(m >= n);
        for (int32_t i = 0; i < n; ++i) {
            bool found = false;
            for (int32_t j = 0; j < m && !found; ++j)
                if (gg_cell_eq(more[j].cell, out[i].cell)) {
                    found = true;
                    assert_int_equal(more[j].cost_ft, out[i].cost_ft);
                }
            assert_true(found);
        }
        fx_free(&f);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(reach__difficult_terrain_doubles_entered_cell),
        cmocka_unit_test(reach__routes_around_difficult_row),
        cmocka_unit_test(reach__tie_rules),
        cmocka_unit_test(reach__budget_and_start),
        cmocka_unit_test(reach__avoid),
        cmocka_unit_test(reach__partial_keeps_settle_order_prefix),
        cmocka_unit_test(reach__invalid_arguments_and_bounds),
        cmocka_unit_test(reach__random_maps_match_bellman_ford),
    };
    return cmocka_run_group_tests_name("topology/reach", tests, NULL, NULL);
}
