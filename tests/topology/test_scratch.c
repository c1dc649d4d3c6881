/* test_scratch.c - gg_scratch lifetime, failed allocations, foreign scenes, epoch wrap, the
 * indexed heap's order, and proof that every query of the query layer allocates nothing. */
#include <stdlib.h>

#include "fixture.h"
#include "test_alloc.h"
#include "topology/scene/scratch.h"

static void scratch__create_and_destroy(void **state)
{
    (void)state;
    gg_scene *s = fx_open(4, 3);
    gg_scratch *x = (gg_scratch *)(uintptr_t)1;
    assert_int_equal(gg_scratch_create(NULL, NULL, &x), GG_E_INVALID_ARG);
    assert_null(x);
    assert_int_equal(gg_scratch_create(s, NULL, NULL), GG_E_INVALID_ARG);
    assert_int_equal(gg_scratch_create(s, NULL, &x), GG_OK);
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
        gg_status st = gg_scratch_create(s, NULL, &x);
        if (st == GG_OK) {
            assert_true(k >= 1); /* one block */
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
    assert_int_equal(gg_scratch_create(s, NULL, &x), GG_OK);
    gg_scene_destroy(s);
    gg_scratch_destroy(x);
    assert_int_equal(ta.live_bytes, 0);
    assert_int_equal(ta.live_blocks, 0);
}

static void scratch__foreign_scene_is_rejected(void **state)
{
    (void)state;
    gg_scene *a = fx_open(4, 4), *b = fx_open(4, 4);
    gg_scratch *xa = NULL;
    assert_int_equal(gg_scratch_create(a, NULL, &xa), GG_OK);
    gg_cell path[16];
    gg_reach reach[16];
    int32_t n = 3;
    assert_int_equal(gg_scene_shortest_path(b, xa, fx_c(0, 0), fx_c(1, 1), NULL, 0, path, 16, &n),
                     GG_E_INVALID_ARG);
    assert_int_equal(n, 0);
    n = 3;
    assert_int_equal(gg_scene_reachable(b, xa, fx_c(0, 0), 10, NULL, 0, reach, 16, &n),
                     GG_E_INVALID_ARG);
    assert_int_equal(n, 0);
    assert_int_equal(gg_scene_shortest_path(a, xa, fx_c(0, 0), fx_c(1, 1), NULL, 0, path, 16, &n),
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
    gg_scene *s = fx_map(rows, 4);
    gg_scratch *x = NULL;
    assert_int_equal(gg_scratch_create(s, NULL, &x), GG_OK);
    gg_cell p0[20], p1[20];
    gg_reach r0[20], r1[20];
    int32_t n0 = 0, n1 = 0, m0 = 0, m1 = 0;
    assert_int_equal(gg_scene_shortest_path(s, x, fx_c(0, 0), fx_c(2, 2), NULL, 0, p0, 20, &n0),
                     GG_OK);
    assert_int_equal(gg_scene_reachable(s, x, fx_c(2, 2), 15, NULL, 0, r0, 20, &m0), GG_OK);
    assert_true(n0 > 0 && m0 > 0);
    x->epoch = UINT32_MAX - 2;
    for (int i = 0; i < 6; ++i) {
        assert_int_equal(gg_scene_shortest_path(s, x, fx_c(0, 0), fx_c(2, 2), NULL, 0, p1, 20, &n1),
                         GG_OK);
        fx_assert_cells(p1, n1, p0, n0);
        assert_int_equal(gg_scene_reachable(s, x, fx_c(2, 2), 15, NULL, 0, r1, 20, &m1), GG_OK);
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
    gg_scene *s = fx_open(6, 5);
    gg_scratch *x = NULL;
    assert_int_equal(gg_scratch_create(s, NULL, &x), GG_OK);
    fx_rng r;
    fx_rng_seed(&r, 31337u, "scratch__heap_pops_by_cost_then_column_then_row");
    for (int round = 0; round < 50; ++round) {
        gg__scratch_begin(x);
        for (int32_t k = 0; k < 30; ++k) {
            if (fx_below(&r, 3) == 0)
                continue;
            gg__scratch_mark(x, k);
            x->cost[k] = fx_below(&r, 6);
            gg__heap_push(x, k);
        }
        for (int32_t k = 0; k < 30; ++k)
            if (gg__scratch_marked(x, k) && fx_below(&r, 4) == 0 && x->cost[k] > 0) {
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
    static const char *const rows[] = {"........", "..#.....", "...~~...", "........", "....#..."};
    gg_scene *s = fx_build(fx_rows_width(rows, 5), 5, 5, &ta.iface, rows);
    fx_wall(s, 6, 0, 6, 3);
    assert_int_equal(gg_scene_set_lighting(s, fx_c(1, 1), GG_LIGHT_DARK), GG_OK);
    assert_int_equal(gg_scene_set_cover(s, fx_c(5, 2), GG_COVER_HALF), GG_OK);
    gg_scratch *x = NULL;
    assert_int_equal(gg_scratch_create(s, NULL, &x), GG_OK);
    gg_test_alloc_fail_from_now(&ta);
    long calls = ta.calls;

    gg_cell cells[64];
    gg_reach reach[64];
    int32_t n = 0;
    const gg_cell avoid[] = {{3, 3}};
    assert_int_equal(gg_scene_shortest_path(s, x, fx_c(0, 0), fx_c(7, 4), avoid, 1, cells, 64, &n),
                     GG_OK);
    assert_true(n > 0);
    assert_int_equal(gg_scene_reachable(s, x, fx_c(0, 0), 30, avoid, 1, reach, 64, &n), GG_OK);
    assert_true(n > 1);
    assert_int_equal(gg_scene_reachable(s, x, fx_c(0, 0), 300, NULL, 0, reach, 3, &n), GG_PARTIAL);
    gg_senses dv = gg_senses_none();
    dv.darkvision_ft = 60;
    bool b = false;
    assert_int_equal(gg_scene_can_see(s, fx_c(0, 0), fx_c(1, 1), &dv, &b), GG_OK);
    assert_true(b);
    gg_light l = GG_LIGHT_DEFAULT;
    assert_int_equal(gg_scene_light_on_cell(s, fx_c(1, 1), &l), GG_OK);
    gg_obscurement o = GG_OBSCURE_HEAVY;
    assert_int_equal(gg_scene_obscurement_on_cell(s, fx_c(1, 1), &o), GG_OK);
    assert_int_equal(gg_scene_in_range_with_los(s, fx_c(0, 0), fx_c(4, 0), 30, &b), GG_OK);
    assert_true(b);
    assert_int_equal(gg_scene_has_line_of_effect(s, fx_c(0, 0), fx_c(5, 2), &b), GG_OK);
    gg_template t;
    t.shape = GG_SHAPE_SPHERE;
    t.size_ft = 15;
    t.has_direction = false;
    t.direction = fx_c(0, 0);
    assert_int_equal(gg_scene_area_cells(s, fx_c(4, 2), &t, true, cells, 64, &n, NULL), GG_OK);
    assert_int_equal(gg_scene_area_cells(s, fx_c(4, 2), &t, true, cells, 2, &n, NULL), GG_PARTIAL);
    assert_int_equal(gg_scene_push_path(s, fx_c(0, 0), fx_c(1, 0), 20, NULL, 0, cells, 64, &n),
                     GG_OK);
    assert_int_equal(n, 4);
    assert_int_equal(ta.calls, calls); /* not even an attempt */

    gg_scratch_destroy(x);
    gg_scene_destroy(s);
    assert_int_equal(ta.live_bytes, 0);
}

/* gg_scratch_def validation, gg_scratch_bytes() and the caller-memory path (gg_scratch_init()). */
static void scratch__def_bytes_and_caller_memory(void **state)
{
    (void)state;
    gg_scene *s = fx_open(40, 30);
    size_t full = 0, bounded = 0, sight = 0;
    assert_int_equal(gg_scratch_bytes(s, NULL, &full), GG_OK);
    assert_true(full >= 40 * 30 * 90);
    gg_scratch_def d = gg_scratch_def_default();
    d.uses = GG_SCRATCH_BOUNDED;
    d.budget_ft = 30;
    assert_int_equal(gg_scratch_bytes(s, &d, &bounded), GG_OK);
    assert_true(bounded < full / 4);
    d.uses = GG_SCRATCH_SIGHT;
    assert_int_equal(gg_scratch_bytes(s, &d, &sight), GG_OK);
    assert_true(sight < full / 4);

    gg_scratch_def bad = d;
    bad.uses = 0;
    assert_int_equal(gg_scratch_bytes(s, &bad, &sight), GG_E_INVALID_ARG);
    assert_int_equal(sight, 0);
    bad.uses = 16;
    assert_int_equal(gg_scratch_bytes(s, &bad, &sight), GG_E_INVALID_ARG);
    bad = d;
    bad.budget_ft = -5;
    assert_int_equal(gg_scratch_bytes(s, &bad, &sight), GG_E_INVALID_ARG);
    bad = d;
    bad.size = (gg_size)42;
    assert_int_equal(gg_scratch_bytes(s, &bad, &sight), GG_E_INVALID_ARG);
    bad = d;
    bad.struct_size = 3;
    assert_int_equal(gg_scratch_bytes(s, &bad, &sight), GG_E_BAD_DEF);
    assert_int_equal(gg_scratch_bytes(NULL, &d, &sight), GG_E_INVALID_ARG);
    assert_int_equal(gg_scratch_bytes(s, &d, NULL), GG_E_INVALID_ARG);
    gg_scratch *x = (gg_scratch *)(uintptr_t)1;
    assert_int_equal(gg_scratch_create(s, &bad, &x), GG_E_BAD_DEF);
    assert_null(x);

    /* Caller memory: too small, misaligned, then right; the scratch answers queries. */
    d.uses = GG_SCRATCH_BOUNDED;
    uint64_t *mem = calloc(bounded / 8 + 4, 8);
    assert_non_null(mem);
    x = (gg_scratch *)(uintptr_t)1;
    assert_int_equal(gg_scratch_init(s, &d, mem, bounded - 1, &x), GG_E_BUFFER_TOO_SMALL);
    assert_null(x);
    assert_int_equal(gg_scratch_init(s, &d, (char *)mem + 8, bounded, &x), GG_E_BUFFER_TOO_SMALL);
    assert_int_equal(gg_scratch_init(s, &d, NULL, bounded, &x), GG_E_INVALID_ARG);
    assert_int_equal(gg_scratch_init(s, &d, mem, bounded, NULL), GG_E_INVALID_ARG);
    assert_int_equal(gg_scratch_init(s, &d, mem, bounded, &x), GG_OK);
    assert_ptr_equal(x, mem);
    gg_reach r[64];
    int32_t n = 0;
    assert_int_equal(gg_scene_reachable(s, x, fx_c(20, 15), 10, NULL, 0, r, 64, &n), GG_OK);
    assert_int_equal(n, 25);
    gg_scratch_destroy(x); /* a no-op: the memory is the caller's */
    free(mem);
    gg_scene_destroy(s);
}

/* What a scratch was not made for is refused, never overrun: full-map queries need
 * GG_SCRATCH_FULL, bounded ones a budget and mover within the def's. */
static void scratch__refuses_queries_beyond_its_uses(void **state)
{
    (void)state;
    gg_scene *s = fx_open(64, 64);
    gg_scratch_def d = gg_scratch_def_default();
    d.uses = GG_SCRATCH_BOUNDED;
    d.budget_ft = 30;
    gg_scratch *x = NULL;
    assert_int_equal(gg_scratch_create(s, &d, &x), GG_OK);
    gg_cell cells[256];
    gg_reach r[256];
    gg_move_reach mr[256];
    int32_t n = 0;
    gg_move_def md = gg_move_def_default();
    assert_int_equal(gg_scene_reachable(s, x, fx_c(30, 30), 30, NULL, 0, r, 256, &n), GG_OK);
    assert_int_equal(gg_scene_reachable(s, x, fx_c(30, 30), 35, NULL, 0, r, 256, &n),
                     GG_E_BUFFER_TOO_SMALL);
    assert_int_equal(gg_scene_move_overlay(s, x, fx_c(30, 30), 0, 30, &md, mr, 256, &n), GG_OK);
    assert_int_equal(gg_scene_move_overlay(s, x, fx_c(30, 30), 0, 35, &md, mr, 256, &n),
                     GG_E_BUFFER_TOO_SMALL);
    md.size = GG_SIZE_LARGE; /* the def served Medium movers: a 2x2 needs a wider window */
    assert_int_equal(gg_scene_move_overlay(s, x, fx_c(30, 30), 0, 30, &md, mr, 256, &n),
                     GG_E_BUFFER_TOO_SMALL);
    md.size = GG_SIZE_MEDIUM;
    assert_int_equal(gg_scene_shortest_path(s, x, fx_c(0, 0), fx_c(3, 3), NULL, 0, cells, 256, &n),
                     GG_E_INVALID_ARG);
    assert_int_equal(gg_scene_lowest_cost_path(s, x, fx_c(0, 0), fx_c(3, 3), 0, &md, cells, 256, &n,
                                               NULL),
                     GG_E_INVALID_ARG);
    size_t fb = 0;
    assert_int_equal(gg_move_field_bytes(s, &md, &fb), GG_OK);
    void *fm = aligned_alloc(8, (fb + 7) & ~(size_t)7);
    assert_non_null(fm);
    gg_move_field *f = NULL;
    assert_int_equal(gg_scene_move_field(s, x, fx_c(0, 0), 0, &md, fm, fb, &f), GG_E_INVALID_ARG);
    free(fm);
    gg_scratch_destroy(x);
    /* A scratch made for neither bounded nor full searches refuses them. */
    d.uses = GG_SCRATCH_FIELD | GG_SCRATCH_SIGHT;
    assert_int_equal(gg_scratch_create(s, &d, &x), GG_OK);
    assert_int_equal(gg_scene_reachable(s, x, fx_c(30, 30), 5, NULL, 0, r, 256, &n),
                     GG_E_INVALID_ARG);
    assert_int_equal(gg_scene_move_overlay(s, x, fx_c(30, 30), 0, 5, &md, mr, 256, &n),
                     GG_E_INVALID_ARG);
    gg_scratch_destroy(x);
    gg_scene_destroy(s);
}

static void expect_same_reach(const gg_reach *a, int32_t na, const gg_reach *b, int32_t nb)
{
    assert_int_equal(na, nb);
    for (int32_t i = 0; i < na; ++i) {
        assert_true(gg_cell_eq(a[i].cell, b[i].cell));
        assert_int_equal(a[i].cost_ft, b[i].cost_ft);
        assert_true(gg_cell_eq(a[i].prev, b[i].prev));
    }
}

static void expect_same_overlay(const gg_move_reach *a, int32_t na, const gg_move_reach *b,
                                int32_t nb)
{
    assert_int_equal(na, nb);
    for (int32_t i = 0; i < na; ++i) {
        assert_true(gg_cell_eq(a[i].cell, b[i].cell));
        assert_true(gg_cell_eq(a[i].prev, b[i].prev));
        assert_true(a[i].cost.feet == b[i].cost.feet);
        assert_true(a[i].cost.root2_feet == b[i].cost.root2_feet);
        assert_int_equal(a[i].cost.steps, b[i].cost.steps);
        assert_int_equal(a[i].cost.parity, b[i].cost.parity);
        assert_int_equal(a[i].can_end, b[i].can_end);
    }
}

/* Property: a GG_SCRATCH_BOUNDED scratch (window planes) gives the very answers of a whole-map
 * scratch, order and ties included, for Nat20 reach and for overlays under every metric, with
 * footprints, avoided cells and other creatures, from starts anywhere (edges included). */
static void scratch__bounded_answers_like_full(void **state)
{
    (void)state;
    fx_rng rng;
    fx_rng_seed(&rng, 0xB0B0u, "scratch__bounded_answers_like_full");
    enum { CAP = 2048 };
    gg_reach *ra = calloc(CAP, sizeof *ra), *rb = calloc(CAP, sizeof *rb);
    gg_move_reach *ma = calloc(CAP, sizeof *ma), *mb = calloc(CAP, sizeof *mb);
    assert_true(ra != NULL && rb != NULL && ma != NULL && mb != NULL);
    for (int round = 0; round < 6; ++round) {
        int32_t w = 20 + fx_below(&rng, 30), h = 20 + fx_below(&rng, 30);
        gg_scene *s = fx_random_scene(&rng, w, h, 5, 15, 10, 20);
        gg_scratch *full = NULL, *bnd = NULL;
        assert_int_equal(gg_scratch_create(s, NULL, &full), GG_OK);
        gg_scratch_def d = gg_scratch_def_default();
        d.uses = GG_SCRATCH_BOUNDED;
        d.budget_ft = 40;
        d.size = GG_SIZE_HUGE;
        assert_int_equal(gg_scratch_create(s, &d, &bnd), GG_OK);
        assert_false(bnd->full);
        for (int q = 0; q < 40; ++q) {
            gg_cell c = fx_c(fx_below(&rng, w), fx_below(&rng, h));
            int32_t budget = fx_below(&rng, 9) * 5 - 5;
            gg_cell avoid[3] = {fx_c(c.col + 1, c.row), fx_c(c.col, c.row + 2),
                                fx_c(fx_below(&rng, w), fx_below(&rng, h))};
            int32_t navoid = fx_below(&rng, 4);
            int32_t na = 0, nb = 0;
            gg_status sa = gg_scene_reachable(s, full, c, budget, avoid, navoid, ra, CAP, &na);
            gg_status sb = gg_scene_reachable(s, bnd, c, budget, avoid, navoid, rb, CAP, &nb);
            assert_int_equal(sa, sb);
            expect_same_reach(ra, na, rb, nb);

            gg_move_def md = gg_move_def_default();
            md.metric = (gg_metric)(GG_METRIC_CHEBYSHEV + fx_below(&rng, 4));
            md.difficult = (gg_difficult_rule)fx_below(&rng, 3);
            md.size = (gg_size)(GG_SIZE_MEDIUM + fx_below(&rng, 3));
            if (md.difficult == GG_DIFFICULT_SURCHARGE)
                md.surcharge_ft = fx_below(&rng, 3) * 5;
            gg_body others[2];
            md.side = 1;
            others[0] = gg_body_make(fx_c(c.col + 2, c.row + 1));
            others[0].side = fx_below(&rng, 2) == 0 ? 1 : 2; /* an ally, or not */
            others[1] = gg_body_make(fx_c(c.col - 3, c.row));
            others[1].size = GG_SIZE_LARGE;
            others[1].side = 2;
            if (fx_below(&rng, 2) == 0)
                others[1].conditions = (uint32_t)GG_CONDITION_INCAPACITATED;
            md.pass_size_apart = fx_below(&rng, 2) == 0;
            if (fx_below(&rng, 2) == 0) {
                md.others = others;
                md.other_count = 2;
            }
            if (fx_below(&rng, 3) == 0) {
                md.avoid = avoid;
                md.avoid_count = navoid;
            }
            int32_t fp = gg_size_cells(md.size);
            gg_cell o = fx_c(fx_below(&rng, w - fp + 1), fx_below(&rng, h - fp + 1));
            int32_t parity = fx_below(&rng, 2);
            sa = gg_scene_move_overlay(s, full, o, parity, budget, &md, ma, CAP, &na);
            sb = gg_scene_move_overlay(s, bnd, o, parity, budget, &md, mb, CAP, &nb);
            assert_int_equal(sa, sb);
            if (sa == GG_OK)
                expect_same_overlay(ma, na, mb, nb);
        }
        gg_scratch_destroy(full);
        gg_scratch_destroy(bnd);
        gg_scene_destroy(s);
    }
    free(ra);
    free(rb);
    free(ma);
    free(mb);
}

/* Property: the default overlay (a Medium mover, Chebyshev, difficult terrain doubles, no other
 * creatures), which a whole-map scratch answers with steps derived per cell (move_bucket.c), gives
 * the answers of a GG_SCRATCH_BOUNDED scratch's window search, order and ties included: on maps
 * taller than the budget's band (whose edge rows drop the steps out of the band) and on maps the
 * band covers whole, from starts anywhere, edges included, with difficult terrain forwarded
 * through the queue. */
static void scratch__default_overlay_masks_like_window(void **state)
{
    (void)state;
    fx_rng rng;
    fx_rng_seed(&rng, 0x0B5Eu, "scratch__default_overlay_masks_like_window");
    enum { CAP = 2048 };
    gg_move_reach *ma = calloc(CAP, sizeof *ma), *mb = calloc(CAP, sizeof *mb);
    assert_true(ma != NULL && mb != NULL);
    for (int round = 0; round < 12; ++round) {
        bool small = round % 3 == 0; /* the band is the whole map */
        int32_t w = small ? 3 + fx_below(&rng, 8) : 20 + fx_below(&rng, 30);
        int32_t h = small ? 2 + fx_below(&rng, 6) : 20 + fx_below(&rng, 30);
        gg_scene *s = fx_random_scene(&rng, w, h, 5, 10 + fx_below(&rng, 15),
                                      5 + fx_below(&rng, 30), fx_below(&rng, 40));
        gg_scratch *full = NULL, *bnd = NULL;
        assert_int_equal(gg_scratch_create(s, NULL, &full), GG_OK);
        gg_scratch_def d = gg_scratch_def_default();
        d.uses = GG_SCRATCH_BOUNDED;
        d.budget_ft = 40;
        assert_int_equal(gg_scratch_create(s, &d, &bnd), GG_OK);
        gg_move_def md = gg_move_def_default();
        for (int q = 0; q < 60; ++q) {
            gg_cell o = fx_c(fx_below(&rng, w), fx_below(&rng, h));
            int32_t budget = fx_below(&rng, 9) * 5;
            int32_t parity = fx_below(&rng, 2);
            int32_t na = 0, nb = 0;
            gg_status sa = gg_scene_move_overlay(s, full, o, parity, budget, &md, ma, CAP, &na);
            gg_status sb = gg_scene_move_overlay(s, bnd, o, parity, budget, &md, mb, CAP, &nb);
            assert_int_equal(sa, GG_OK);
            assert_int_equal(sb, GG_OK);
            expect_same_overlay(ma, na, mb, nb);
        }
        gg_scratch_destroy(full);
        gg_scratch_destroy(bnd);
        gg_scene_destroy(s);
    }
    free(ma);
    free(mb);
}

/* A GG_SCRATCH_SIGHT scratch, no scratch at all, and a whole-map scratch give the same view. */
static void scratch__sight_room_and_no_scratch_see_alike(void **state)
{
    (void)state;
    fx_rng rng;
    fx_rng_seed(&rng, 0x5EE5u, "scratch__sight_room_and_no_scratch_see_alike");
    gg_scene *s = fx_random_scene(&rng, 60, 50, 5, 8, 0, 400);
    gg_scratch *full = NULL, *sight = NULL;
    gg_scratch_def d = gg_scratch_def_default();
    d.uses = GG_SCRATCH_SIGHT;
    assert_int_equal(gg_scratch_create(s, NULL, &full), GG_OK);
    assert_int_equal(gg_scratch_create(s, &d, &sight), GG_OK);
    size_t words = gg_scene_bitset_words(s);
    uint64_t *a = calloc(words, 8), *b = calloc(words, 8), *c = calloc(words, 8);
    assert_true(a != NULL && b != NULL && c != NULL);
    for (int q = 0; q < 30; ++q) {
        gg_cell v = fx_c(fx_below(&rng, 60), fx_below(&rng, 50));
        int32_t na = 0, nb = 0, nc = 0;
        assert_int_equal(gg_scene_visible_cells(s, full, v, GG_RANGE_UNLIMITED, GG_BITSET_REPLACE,
                                                a, words, &na),
                         GG_OK);
        assert_int_equal(gg_scene_visible_cells(s, sight, v, GG_RANGE_UNLIMITED, GG_BITSET_REPLACE,
                                                b, words, &nb),
                         GG_OK);
        assert_int_equal(gg_scene_visible_cells(s, NULL, v, GG_RANGE_UNLIMITED, GG_BITSET_REPLACE,
                                                c, words, &nc),
                         GG_OK);
        assert_int_equal(na, nb);
        assert_int_equal(na, nc);
        assert_memory_equal(a, b, words * 8);
        assert_memory_equal(a, c, words * 8);
    }
    free(a);
    free(b);
    free(c);
    gg_scratch_destroy(full);
    gg_scratch_destroy(sight);
    gg_scene_destroy(s);
}

/* Builds the field of `md` from `o` with scratch `x` into fresh memory; NULL when refused. */
static gg_move_field *make_field(gg_scene *s, gg_scratch *x, const gg_move_def *md, gg_cell o,
                                 void **mem, gg_status *st)
{
    size_t fb = 0;
    assert_int_equal(gg_move_field_bytes(s, md, &fb), GG_OK);
    *mem = aligned_alloc(8, (fb + 7) & ~(size_t)7);
    assert_non_null(*mem);
    gg_move_field *f = NULL;
    *st = gg_scene_move_field(s, x, o, 0, md, *mem, fb, &f);
    return f;
}

/* Property: fields built on a GG_SCRATCH_FIELD scratch (bit map, one queue and the step masks,
 * about 6 bytes per cell), and two-price fields whose run table overflows its room (the direct-label restart,
 * forced by lowering the cap), agree with fields on a whole-map scratch: every anchor's reach,
 * cost, steps and route. Defs the field engines do not serve are refused. */
static void scratch__field_use_answers_like_full(void **state)
{
    (void)state;
    fx_rng rng;
    fx_rng_seed(&rng, 0xF1E1Du, "scratch__field_use_answers_like_full");
    gg_cell pa[4096], pb[4096];
    for (int round = 0; round < 8; ++round) {
        int32_t w = 8 + fx_below(&rng, 40), h = 8 + fx_below(&rng, 40);
        gg_scene *s = fx_random_scene(&rng, w, h, 5, fx_below(&rng, 30), fx_below(&rng, 40), 30);
        gg_scratch *full = NULL, *small = NULL;
        assert_int_equal(gg_scratch_create(s, NULL, &full), GG_OK);
        gg_scratch_def d = gg_scratch_def_default();
        d.uses = GG_SCRATCH_FIELD;
        assert_int_equal(gg_scratch_create(s, &d, &small), GG_OK);
        size_t bytes = 0;
        assert_int_equal(gg_scratch_bytes(s, &d, &bytes), GG_OK);
        assert_true(bytes <= sizeof(gg_scratch) + 80 + (size_t)w * (size_t)h * 7u);
        /* Lowered caps: the restart at once, early, or late. */
        const size_t caps[3] = {1, 3, 2 + (size_t)fx_below(&rng, 20)};
        small->m_field_runs_cap = caps[round % 3];
        for (int q = 0; q < 6; ++q) {
            gg_move_def md = gg_move_def_default();
            md.metric = fx_below(&rng, 2) ? GG_METRIC_CHEBYSHEV : GG_METRIC_MANHATTAN;
            md.difficult = (gg_difficult_rule)fx_below(&rng, 3);
            md.surcharge_ft = fx_below(&rng, 4) * 5;
            gg_cell o = fx_c(fx_below(&rng, w), fx_below(&rng, h));
            void *ma = NULL, *mb = NULL;
            gg_status sa = GG_OK, sb = GG_OK;
            gg_move_field *fa = make_field(s, full, &md, o, &ma, &sa);
            gg_move_field *fb = make_field(s, small, &md, o, &mb, &sb);
            assert_int_equal(sa, GG_OK);
            assert_int_equal(sb, GG_OK);
            for (int32_t row = 0; row < h; ++row)
                for (int32_t col = 0; col < w; ++col) {
                    bool ra = false, rb = false, ea = false, eb = false;
                    gg_metric_cost ca, cb;
                    assert_int_equal(gg_move_field_cost(fa, fx_c(col, row), &ra, &ca, &ea), GG_OK);
                    assert_int_equal(gg_move_field_cost(fb, fx_c(col, row), &rb, &cb, &eb), GG_OK);
                    assert_int_equal(ra, rb);
                    assert_true(ca.feet == cb.feet);
                    assert_int_equal(ca.steps, cb.steps);
                    int32_t na = 0, nb = 0;
                    assert_int_equal(gg_move_field_path(fa, fx_c(col, row), pa, 4096, &na), GG_OK);
                    assert_int_equal(gg_move_field_path(fb, fx_c(col, row), pb, 4096, &nb), GG_OK);
                    assert_int_equal(na, nb);
                    assert_memory_equal(pa, pb, (size_t)na * sizeof *pa);
                }
            free(ma);
            free(mb);
        }
        /* Not for the field engines: refused on the small scratch, served by the full one. */
        gg_move_def big = gg_move_def_default();
        big.size = GG_SIZE_LARGE;
        void *mem = NULL;
        gg_status st = GG_OK;
        (void)make_field(s, small, &big, fx_c(0, 0), &mem, &st);
        free(mem);
        assert_int_equal(st, GG_E_INVALID_ARG);
        big = gg_move_def_default();
        big.metric = GG_METRIC_ALTERNATING;
        (void)make_field(s, small, &big, fx_c(0, 0), &mem, &st);
        free(mem);
        assert_int_equal(st, GG_E_INVALID_ARG);
        gg_scratch_destroy(full);
        gg_scratch_destroy(small);
        gg_scene_destroy(s);
    }
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
        cmocka_unit_test(scratch__def_bytes_and_caller_memory),
        cmocka_unit_test(scratch__refuses_queries_beyond_its_uses),
        cmocka_unit_test(scratch__bounded_answers_like_full),
        cmocka_unit_test(scratch__default_overlay_masks_like_window),
        cmocka_unit_test(scratch__sight_room_and_no_scratch_see_alike),
        cmocka_unit_test(scratch__field_use_answers_like_full),
    };
    return cmocka_run_group_tests_name("topology/scratch", tests, NULL, NULL);
}
