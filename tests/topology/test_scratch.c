/* test_scratch.c - gg_scratch lifetime, failed allocations, foreign scenes, epoch wrap, the
 * indexed heap's order, and proof that every query of the query layer allocates nothing. */
#include "query_fixtures.h"
#include "test_alloc.h"
#include "topology/scene/scratch.h"

static void scratch__create_and_destroy(void **state)
{
    (void)state;
    gg_scene *s = qf_open(4, 3, 5);
    gg_scratch *x = (gg_scratch *)(uintptr_t)1;
    assert_int_equal(gg_scratch_create(NULL, &x), GG_E_INVALID_ARG);
    assert_null(x);
    assert_int_equal(gg_scratch_create(s, NULL), GG_E_INVALID_ARG);
    assert_int_equal(gg_scratch_create(s, &x), GG_OK);
    assert_non_null(x);
    assert_ptr_equal(x->scene, s);
    assert_int_equal((int)x->ncells, 12);
    gg_scratch_destroy(x);
    gg_scratch_destroy(NULL);
    gg_scene_destroy(s);
}

/* Every allocation of gg_scratch_create() may fail: GG_E_NO_MEMORY, NULL out, nothing leaked. */
static void scratch__create_survives_each_failed_allocation(void **state)
{
    (void)state;
    for (long k = 0;; ++k) {
        gg_test_alloc ta;
        gg_test_alloc_init(&ta, -1);
        gg_scene_def def = gg_scene_def_default();
        def.width = 6;
        def.height = 5;
        def.allocator = &ta.iface;
        gg_scene *s = NULL;
        assert_int_equal(gg_scene_create(&def, &s), GG_OK);
        size_t scene_bytes = ta.live_bytes;
        ta.fail_at = ta.calls + k;
        gg_scratch *x = (gg_scratch *)(uintptr_t)1;
        gg_status st = gg_scratch_create(s, &x);
        if (st == GG_OK) {
            assert_true(k >= 2);
            gg_scratch_destroy(x);
            assert_int_equal(ta.live_bytes, scene_bytes);
            gg_scene_destroy(s);
            assert_int_equal(ta.live_bytes, 0);
            break;
        }
        assert_int_equal(st, GG_E_NO_MEMORY);
        assert_null(x);
        assert_int_equal(ta.live_bytes, scene_bytes);
        gg_scene_destroy(s);
        assert_int_equal(ta.live_bytes, 0);
    }
}

/* The header allows destroying the scene first, as long as the scratch is not used again. */
static void scratch__may_be_destroyed_after_its_scene(void **state)
{
    (void)state;
    gg_test_alloc ta;
    gg_test_alloc_init(&ta, -1);
    gg_scene_def def = gg_scene_def_default();
    def.width = 3;
    def.height = 3;
    def.allocator = &ta.iface;
    gg_scene *s = NULL;
    assert_int_equal(gg_scene_create(&def, &s), GG_OK);
    gg_scratch *x = NULL;
    assert_int_equal(gg_scratch_create(s, &x), GG_OK);
    gg_scene_destroy(s);
    gg_scratch_destroy(x);
    assert_int_equal(ta.live_bytes, 0);
    assert_int_equal(ta.live_blocks, 0);
}

static void scratch__foreign_scene_is_rejected(void **state)
{
    (void)state;
    gg_scene *a = qf_open(4, 4, 5), *b = qf_open(4, 4, 5);
    gg_scratch *xa = NULL;
    assert_int_equal(gg_scratch_create(a, &xa), GG_OK);
    gg_cell path[16];
    gg_reach reach[16];
    int32_t n = 3;
    assert_int_equal(gg_scene_shortest_path(b, xa, qf_c(0, 0), qf_c(1, 1), NULL, 0, path, 16, &n),
                     GG_E_INVALID_ARG);
    assert_int_equal(n, 0);
    n = 3;
    assert_int_equal(gg_scene_reachable(b, xa, qf_c(0, 0), 10, NULL, 0, reach, 16, &n),
                     GG_E_INVALID_ARG);
    assert_int_equal(n, 0);
    assert_int_equal(gg_scene_shortest_path(a, xa, qf_c(0, 0), qf_c(1, 1), NULL, 0, path, 16, &n),
                     GG_OK);
    gg_scratch_destroy(xa);
    gg_scene_destroy(a);
    gg_scene_destroy(b);
}

/* Marks from one query never leak into the next, including across the 2^32 epoch wrap. */
static void scratch__reuse_and_epoch_wrap(void **state)
{
    (void)state;
    static const char *const rows[] = {".....", ".###.", ".~.#.", "....."};
    gg_scene *s = qf_scene(rows, 4, 5);
    gg_scratch *x = NULL;
    assert_int_equal(gg_scratch_create(s, &x), GG_OK);
    gg_cell p0[20], p1[20];
    gg_reach r0[20], r1[20];
    int32_t n0 = 0, n1 = 0, m0 = 0, m1 = 0;
    assert_int_equal(gg_scene_shortest_path(s, x, qf_c(0, 0), qf_c(2, 2), NULL, 0, p0, 20, &n0),
                     GG_OK);
    assert_int_equal(gg_scene_reachable(s, x, qf_c(2, 2), 15, NULL, 0, r0, 20, &m0), GG_OK);
    assert_true(n0 > 0 && m0 > 0);
    x->epoch = UINT32_MAX - 2;
    for (int i = 0; i < 6; ++i) {
        assert_int_equal(gg_scene_shortest_path(s, x, qf_c(0, 0), qf_c(2, 2), NULL, 0, p1, 20,
                                                &n1),
                         GG_OK);
        qf_assert_cells(p1, n1, p0, n0);
        assert_int_equal(gg_scene_reachable(s, x, qf_c(2, 2), 15, NULL, 0, r1, 20, &m1), GG_OK);
        assert_int_equal(m1, m0);
        assert_memory_equal(r1, r0, (size_t)m0 * sizeof r0[0]);
    }
    assert_true(x->epoch < 16); /* wrapped: counting again from 1 */
    gg_scratch_destroy(x);
    gg_scene_destroy(s);
}

/* The indexed heap pops in (cost, col, row) order and supports decrease-key. */
static void scratch__heap_pops_by_cost_then_column_then_row(void **state)
{
    (void)state;
    gg_scene *s = qf_open(6, 5, 5);
    gg_scratch *x = NULL;
    assert_int_equal(gg_scratch_create(s, &x), GG_OK);
    qf_rng r = qf_rng_seed(31337u, "scratch__heap_pops_by_cost_then_column_then_row");
    for (int round = 0; round < 50; ++round) {
        gg__scratch_begin(x);
        for (int32_t k = 0; k < 30; ++k) {
            if (qf_below(&r, 3) == 0)
                continue;
            gg__scratch_mark(x, k);
            x->cost[k] = qf_below(&r, 6);
            gg__heap_push(x, k);
        }
        for (int32_t k = 0; k < 30; ++k)
            if (gg__scratch_marked(x, k) && qf_below(&r, 4) == 0 && x->cost[k] > 0) {
                x->cost[k] -= 1;
                gg__heap_decrease(x, k);
            }
        int32_t last_cost = -1, last_key = -1;
        while (x->heap_len > 0) {
            int32_t k = gg__heap_pop(x);
            gg_cell c = gg__scratch_cell(x, k);
            assert_int_equal(gg__scratch_key(x, c), k);
            assert_true(x->cost[k] > last_cost || (x->cost[k] == last_cost && k > last_key));
            /* Column-major keys: a larger key at equal cost is a larger (col, row). */
            if (x->cost[k] == last_cost) {
                gg_cell lc = gg__scratch_cell(x, last_key);
                assert_true(lc.col < c.col || (lc.col == c.col && lc.row < c.row));
            }
            assert_int_equal(x->heap_pos[k], -1);
            last_cost = x->cost[k];
            last_key = k;
        }
    }
    gg_scratch_destroy(x);
    gg_scene_destroy(s);
}

/* STYLE §3.6: queries allocate nothing. After setup every allocation fails, and every query of
 * the query layer still answers. */
static void scratch__queries_allocate_nothing(void **state)
{
    (void)state;
    gg_test_alloc ta;
    gg_test_alloc_init(&ta, -1);
    static const char *const rows[] = {"........", "..#.....", "...~~...", "........",
                                       "....#..."};
    gg_scene *s = qf_scene_alloc(rows, 5, 5, &ta.iface);
    qf_wall(s, 6, 0, 6, 3);
    assert_int_equal(gg_scene_set_lighting(s, qf_c(1, 1), GG_LIGHT_DARK), GG_OK);
    assert_int_equal(gg_scene_set_cover(s, qf_c(5, 2), GG_COVER_HALF), GG_OK);
    gg_scratch *x = NULL;
    assert_int_equal(gg_scratch_create(s, &x), GG_OK);
    gg_test_alloc_fail_from_now(&ta);
    long calls = ta.calls;

    gg_cell cells[64];
    gg_reach reach[64];
    int32_t n = 0;
    const gg_cell avoid[] = {{3, 3}};
    assert_int_equal(gg_scene_shortest_path(s, x, qf_c(0, 0), qf_c(7, 4), avoid, 1, cells, 64, &n),
                     GG_OK);
    assert_true(n > 0);
    assert_int_equal(gg_scene_reachable(s, x, qf_c(0, 0), 30, avoid, 1, reach, 64, &n), GG_OK);
    assert_true(n > 1);
    assert_int_equal(gg_scene_reachable(s, x, qf_c(0, 0), 300, NULL, 0, reach, 3, &n),
                     GG_PARTIAL);
    gg_senses dv = gg_senses_none();
    dv.darkvision_ft = 60;
    bool b = false;
    assert_int_equal(gg_scene_can_see(s, qf_c(0, 0), qf_c(1, 1), &dv, &b), GG_OK);
    assert_true(b);
    gg_light l = GG_LIGHT_DEFAULT;
    assert_int_equal(gg_scene_light_on_cell(s, qf_c(1, 1), &l), GG_OK);
    gg_obscurement o = GG_OBSCURE_HEAVY;
    assert_int_equal(gg_scene_obscurement_on_cell(s, qf_c(1, 1), &o), GG_OK);
    assert_int_equal(gg_scene_in_range_with_los(s, qf_c(0, 0), qf_c(4, 0), 30, &b), GG_OK);
    assert_true(b);
    assert_int_equal(gg_scene_has_line_of_effect(s, qf_c(0, 0), qf_c(5, 2), &b), GG_OK);
    gg_template t;
    t.shape = GG_SHAPE_SPHERE;
    t.size_ft = 15;
    t.has_direction = false;
    t.direction = qf_c(0, 0);
    assert_int_equal(gg_scene_area_cells(s, qf_c(4, 2), &t, true, cells, 64, &n, NULL), GG_OK);
    assert_int_equal(gg_scene_area_cells(s, qf_c(4, 2), &t, true, cells, 2, &n, NULL), GG_PARTIAL);
    assert_int_equal(gg_scene_push_path(s, qf_c(0, 0), qf_c(1, 0), 20, NULL, 0, cells, 64, &n),
                     GG_OK);
    assert_int_equal(n, 4);
    assert_int_equal(ta.calls, calls); /* not even an attempt */

    gg_scratch_destroy(x);
    gg_scene_destroy(s);
    assert_int_equal(ta.live_bytes, 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(scratch__create_and_destroy),
        cmocka_unit_test(scratch__create_survives_each_failed_allocation),
        cmocka_unit_test(scratch__may_be_destroyed_after_its_scene),
        cmocka_unit_test(scratch__foreign_scene_is_rejected),
        cmocka_unit_test(scratch__reuse_and_epoch_wrap),
        cmocka_unit_test(scratch__heap_pops_by_cost_then_column_then_row),
        cmocka_unit_test(scratch__queries_allocate_nothing),
    };
    return cmocka_run_group_tests_name("topology/scratch", tests, NULL, NULL);
}
