/* test_move.c - hex movement: paths and reachable sets, the reference quirks not reproduced,
 * determinism, validation, no allocation per query. Layer: hex (tests). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <math.h>

#include <cmocka.h>

#include "gridgeom/hex.h"
#include "test_rng.h"
#include "test_alloc.h"

typedef struct world {
    gg_hex_board *board;
    gg_hex_scratch *scratch;
    gg_hex_move_def def;
} world;

static world make_world(gg_hex origin, int32_t qn, int32_t rn, const gg_allocator *al)
{
    world w;
    gg_hex_board_def d = gg_hex_board_def_default();
    d.origin = origin;
    d.q_count = qn;
    d.r_count = rn;
    d.allocator = al;
    w.board = NULL;
    assert_int_equal(gg_hex_board_create(&d, &w.board), GG_OK);
    w.scratch = NULL;
    w.def = gg_hex_move_def_default();
    return w;
}

static void ready(world *w)
{
    assert_int_equal(gg_hex_scratch_create(w->board, &w->scratch), GG_OK);
}

static void free_world(world *w)
{
    gg_hex_scratch_destroy(w->scratch);
    gg_hex_board_destroy(w->board);
}

static void put(world *w, int32_t q, int32_t r, double ground, double cost, bool blocks)
{
    gg_hex_tile t = gg_hex_tile_default();
    t.ground = ground;
    t.move_cost = cost;
    t.blocks_move = blocks;
    assert_int_equal(gg_hex_board_set_tile(w->board, gg_hex_make(q, r), &t), GG_OK);
}

static gg_hex_path_result path(world *w, int32_t fq, int32_t fr, int32_t tq, int32_t tr,
                               gg_hex *out, int32_t *n)
{
    gg_hex_path_result res;
    assert_int_equal(gg_hex_board_path(w->board, w->scratch, gg_hex_make(fq, fr),
                                       gg_hex_make(tq, tr), &w->def, out, 64, n, &res),
                     GG_OK);
    return res;
}

static void move__goal_step_is_checked_on_the_route(void **state)
{
    (void)state;
    /* Quirk 1 repro: a 4x1 strip with elevations 0, 1, 2, 0. */
    world w = make_world(gg_hex_make(0, 0), 4, 1, NULL);
    put(&w, 0, 0, 0, 1, false);
    put(&w, 1, 0, 1, 1, false);
    put(&w, 2, 0, 2, 1, false);
    put(&w, 3, 0, 0, 1, false);
    ready(&w);
    gg_hex out[64];
    int32_t n = 0;
    gg_hex_path_result r = path(&w, 0, 0, 2, 0, out, &n);
    assert_true(r.found);
    assert_true(r.cost == 4.0);
    assert_int_equal(n, 3);
    assert_true(gg_hex_eq(out[1], gg_hex_make(1, 0)));
    r = path(&w, 0, 0, 3, 0, out, &n); /* a drop of 2 is too steep */
    assert_false(r.found);
    assert_true(isinf(r.cost));
    assert_int_equal(n, 0);
    gg_hex_reach reach[8];
    assert_int_equal(gg_hex_board_reachable(w.board, w.scratch, gg_hex_make(0, 0), 10, &w.def,
                                            reach, 8, &n),
                     GG_OK);
    assert_int_equal(n, 3);
    assert_true(reach[1].cost == 2.0 && gg_hex_eq(reach[1].hex, gg_hex_make(1, 0)));
    assert_true(reach[2].cost == 4.0 && gg_hex_eq(reach[2].hex, gg_hex_make(2, 0)));
    /* Descending is free of climb cost. */
    r = path(&w, 2, 0, 0, 0, out, &n);
    assert_true(r.found && r.cost == 2.0);
    w.def.max_step = 2;
    r = path(&w, 2, 0, 3, 0, out, &n);
    assert_true(r.found && r.cost == 1.0);
    w.def.climb_cost = 0.5;
    r = path(&w, 3, 0, 2, 0, out, &n);
    assert_true(r.found && r.cost == 2.0);
    free_world(&w);
}

static void move__blocked_ends_follow_the_profile(void **state)
{
    (void)state;
    world w = make_world(gg_hex_make(0, 0), 3, 1, NULL);
    put(&w, 0, 0, 0, 1, true); /* water or a unit */
    put(&w, 1, 0, 0, 1, false);
    put(&w, 2, 0, 0, 1, true);
    ready(&w);
    gg_hex out[64];
    int32_t n = 0;
    /* Quirk 2 not reproduced: the same blocked cell is found at cost 0. */
    gg_hex_path_result r = path(&w, 0, 0, 0, 0, out, &n);
    assert_true(r.found && r.cost == 0.0 && n == 1);
    assert_int_equal(r.visited, 1);
    r = path(&w, 0, 0, 1, 0, out, &n); /* the start may be blocked by default */
    assert_true(r.found && r.cost == 1.0);
    w.def.allow_start_blocked = false;
    r = path(&w, 0, 0, 1, 0, out, &n);
    assert_false(r.found);
    r = path(&w, 1, 0, 2, 0, out, &n); /* the goal may not */
    assert_false(r.found);
    w.def.allow_goal_blocked = true;
    r = path(&w, 1, 0, 2, 0, out, &n);
    assert_true(r.found && r.cost == 1.0);
    r = path(&w, 1, 0, 5, 0, out, &n); /* off the board */
    assert_false(r.found);
    gg_hex_reach reach[8];
    assert_int_equal(gg_hex_board_reachable(w.board, w.scratch, gg_hex_make(0, 0), 5, &w.def, reach,
                                            8, &n),
                     GG_OK);
    assert_int_equal(n, 2); /* a blocked start is included; blocked tiles are never entered */
    assert_true(gg_hex_eq(reach[0].hex, gg_hex_make(0, 0)) && reach[0].cost == 0.0);
    free_world(&w);
}

static void move__reachable_is_sorted_and_inclusive(void **state)
{
    (void)state;
    world w = make_world(gg_hex_make(-3, -3), 7, 7, NULL);
    for (int32_t q = -3; q <= 3; ++q)
        for (int32_t r = -3; r <= 3; ++r)
            if (gg_hex_distance(gg_hex_make(q, r), gg_hex_make(0, 0)) <= 3)
                put(&w, q, r, 0, (q + r) % 2 ? 1.5 : 1.0, false);
    ready(&w);
    gg_hex_reach out[64];
    int32_t n = 0;
    assert_int_equal(gg_hex_board_reachable(w.board, w.scratch, gg_hex_make(0, 0), 1.5, &w.def, out,
                                            64, &n),
                     GG_OK);
    assert_int_equal(n, 7); /* 1.5 is inside the budget */
    for (int32_t i = 1; i < n; ++i) {
        assert_true(out[i - 1].cost <= out[i].cost);
        if (out[i - 1].cost == out[i].cost)
            assert_true(out[i - 1].hex.r < out[i].hex.r ||
                        (out[i - 1].hex.r == out[i].hex.r && out[i - 1].hex.q < out[i].hex.q));
    }
    assert_int_equal(gg_hex_board_reachable(w.board, w.scratch, gg_hex_make(0, 0), 100, &w.def, out,
                                            5, &n),
                     GG_PARTIAL);
    assert_int_equal(n, 37);
    assert_int_equal(gg_hex_board_reachable(w.board, w.scratch, gg_hex_make(0, 0), -1, &w.def, out,
                                            64, &n),
                     GG_OK);
    assert_int_equal(n, 0);
    assert_int_equal(gg_hex_board_reachable(w.board, w.scratch, gg_hex_make(3, 3), 5, &w.def, out,
                                            64, &n),
                     GG_OK);
    assert_int_equal(n, 0);
    assert_int_equal(gg_hex_board_reachable(w.board, w.scratch, gg_hex_make(0, 0), 0, &w.def, out,
                                            64, &n),
                     GG_OK);
    assert_int_equal(n, 1);
    free_world(&w);
}

static void move__rejects_bad_arguments(void **state)
{
    (void)state;
    world w = make_world(gg_hex_make(0, 0), 3, 3, NULL);
    world other = make_world(gg_hex_make(0, 0), 3, 3, NULL);
    put(&w, 0, 0, 0, 1, false);
    ready(&w);
    ready(&other);
    gg_hex out[4];
    gg_hex_reach reach[4];
    int32_t n = 0;
    gg_hex_path_result r;
    gg_hex o = gg_hex_make(0, 0);
    assert_int_equal(gg_hex_board_path(NULL, w.scratch, o, o, &w.def, out, 4, &n, &r),
                     GG_E_INVALID_ARG);
    assert_int_equal(gg_hex_board_path(w.board, w.scratch, o, o, NULL, out, 4, &n, &r),
                     GG_E_INVALID_ARG);
    assert_int_equal(gg_hex_board_path(w.board, NULL, o, o, &w.def, out, 4, &n, &r),
                     GG_E_INVALID_ARG);
    assert_int_equal(gg_hex_board_path(w.board, other.scratch, o, o, &w.def, out, 4, &n, &r),
                     GG_E_INVALID_ARG);
    assert_int_equal(gg_hex_board_path(w.board, w.scratch, o, o, &w.def, NULL, 4, &n, &r),
                     GG_E_INVALID_ARG);
    assert_int_equal(gg_hex_board_path(w.board, w.scratch, o, o, &w.def, out, -1, &n, &r),
                     GG_E_INVALID_ARG);
    assert_int_equal(gg_hex_board_path(w.board, w.scratch, o, o, &w.def, out, 4, NULL, &r),
                     GG_E_INVALID_ARG);
    assert_int_equal(gg_hex_board_path(w.board, w.scratch, o, o, &w.def, out, 4, &n, NULL),
                     GG_E_INVALID_ARG);
    gg_hex_move_def zero = {0};
    assert_int_equal(gg_hex_board_path(w.board, w.scratch, o, o, &zero, out, 4, &n, &r),
                     GG_E_BAD_DEF);
    gg_hex_move_def bad = gg_hex_move_def_default();
    bad.max_step = (double)NAN;
    assert_int_equal(gg_hex_board_path(w.board, w.scratch, o, o, &bad, out, 4, &n, &r),
                     GG_E_INVALID_ARG);
    bad = gg_hex_move_def_default();
    bad.climb_cost = -1;
    assert_int_equal(gg_hex_board_reachable(w.board, w.scratch, o, 1, &bad, reach, 4, &n),
                     GG_E_INVALID_ARG);
    assert_int_equal(gg_hex_board_reachable(w.board, w.scratch, o, (double)NAN, &w.def, reach, 4,
                                            &n),
                     GG_E_INVALID_ARG);
    assert_int_equal(gg_hex_board_reachable(w.board, w.scratch, o, 1, &w.def, reach, 4, NULL),
                     GG_E_INVALID_ARG);
    assert_int_equal(gg_hex_board_reachable(w.board, other.scratch, o, 1, &w.def, reach, 4, &n),
                     GG_E_INVALID_ARG);
    assert_int_equal(gg_hex_board_reachable(w.board, w.scratch, o, 1, &w.def, NULL, 4, &n),
                     GG_E_INVALID_ARG);
    gg_hex_scratch *sc = (gg_hex_scratch *)1;
    assert_int_equal(gg_hex_scratch_create(NULL, &sc), GG_E_INVALID_ARG);
    assert_null(sc);
    assert_int_equal(gg_hex_scratch_create(w.board, NULL), GG_E_INVALID_ARG);
    gg_hex_scratch_destroy(NULL);
    free_world(&w);
    free_world(&other);
}

static void move__path_is_all_or_nothing(void **state)
{
    (void)state;
    world w = make_world(gg_hex_make(0, 0), 8, 1, NULL);
    for (int32_t q = 0; q < 8; ++q)
        put(&w, q, 0, 0, 1, false);
    ready(&w);
    gg_hex out[3] = {{9, 9}, {9, 9}, {9, 9}};
    int32_t n = 0;
    gg_hex_path_result r;
    assert_int_equal(gg_hex_board_path(w.board, w.scratch, gg_hex_make(0, 0), gg_hex_make(7, 0),
                                       &w.def, out, 3, &n, &r),
                     GG_E_BUFFER_TOO_SMALL);
    assert_int_equal(n, 8);
    assert_true(r.found && r.cost == 7.0);
    assert_int_equal(out[0].q, 9);
    free_world(&w);
}

static void move__paths_agree_with_reachable_costs(void **state)
{
    (void)state;
    fx_rng rng;
    fx_rng_seed(&rng, 0x5EED0501u, "move__paths_agree_with_reachable_costs");
    const int32_t R = 6;
    world w = make_world(gg_hex_make(-R, -R), 2 * R + 1, 2 * R + 1, NULL);
    ready(&w);
    static gg_hex_reach reach[256];
    gg_hex out[64], again[64];
    for (int round = 0; round < 30; ++round) {
        for (int32_t q = -R; q <= R; ++q)
            for (int32_t r = -R; r <= R; ++r) {
                if (gg_hex_distance(gg_hex_make(q, r), gg_hex_make(0, 0)) > R)
                    continue;
                if (fx_range(&rng, 0, 9) == 0) {
                    assert_int_equal(gg_hex_board_remove_tile(w.board, gg_hex_make(q, r)), GG_OK);
                    continue;
                }
                put(&w, q, r, (double)fx_range(&rng, 0, 3), fx_range(&rng, 0, 3) == 0 ? 2.0 : 1.0,
                    fx_range(&rng, 0, 12) == 0);
            }
        gg_hex s = gg_hex_make(fx_range(&rng, -3, 3), fx_range(&rng, -3, 3));
        int32_t n = 0;
        assert_int_equal(gg_hex_board_reachable(w.board, w.scratch, s, 1000, &w.def, reach, 256,
                                                &n),
                         GG_OK);
        for (int32_t i = 0; i < n; ++i) {
            int32_t m = 0, m2 = 0;
            gg_hex_path_result p = path(&w, s.q, s.r, reach[i].hex.q, reach[i].hex.r, out, &m);
            assert_true(p.found);
            assert_true(p.cost == reach[i].cost);
            gg_hex_path_result p2 = path(&w, s.q, s.r, reach[i].hex.q, reach[i].hex.r, again, &m2);
            assert_int_equal(m, m2); /* deterministic */
            assert_true(p2.cost == p.cost);
            for (int32_t j = 0; j < m; ++j)
                assert_true(gg_hex_eq(out[j], again[j]));
        }
    }
    free_world(&w);
}

static void move__queries_allocate_nothing(void **state)
{
    (void)state;
    gg_test_alloc ta;
    gg_test_alloc_init(&ta, -1);
    world w = make_world(gg_hex_make(0, 0), 5, 5, &ta.iface);
    for (int32_t q = 0; q < 5; ++q)
        for (int32_t r = 0; r < 5; ++r)
            put(&w, q, r, 0, 1, false);
    ready(&w);
    gg_test_alloc_fail_from_now(&ta);
    long before = ta.calls;
    gg_hex out[16];
    gg_hex_reach reach[32];
    int32_t n = 0;
    gg_hex_path_result r = path(&w, 0, 0, 4, 4, out, &n);
    assert_true(r.found && r.cost == 8.0);
    assert_int_equal(gg_hex_board_reachable(w.board, w.scratch, gg_hex_make(2, 2), 3, &w.def, reach,
                                            32, &n),
                     GG_OK);
    assert_int_equal(ta.calls, before);
    free_world(&w);
    assert_int_equal(ta.live_bytes, 0);
}

/* Scratch in caller memory (gg_hex_scratch_bytes() + gg_hex_scratch_init()) answers like scratch
 * from gg_hex_scratch_create(); too little or misaligned memory is refused. */
static void move__scratch_in_caller_memory(void **state)
{
    (void)state;
    world w = make_world(gg_hex_make(0, 0), 6, 5, NULL);
    for (int32_t q = 0; q < 6; ++q)
        for (int32_t r = 0; r < 5; ++r)
            put(&w, q, r, 0, (q + r) % 3 == 0 ? 2.0 : 1.0, q == 3 && r > 0);
    ready(&w);
    size_t bytes = 0;
    assert_int_equal(gg_hex_scratch_bytes(NULL, &bytes), GG_E_INVALID_ARG);
    assert_int_equal(gg_hex_scratch_bytes(w.board, NULL), GG_E_INVALID_ARG);
    assert_int_equal(gg_hex_scratch_bytes(w.board, &bytes), GG_OK);
    assert_true(bytes >= 30 * 45);
    static _Alignas(16) unsigned char mem[8192];
    assert_true(bytes + 16 <= sizeof mem);
    gg_hex_scratch *mine = (gg_hex_scratch *)(void *)mem;
    assert_int_equal(gg_hex_scratch_init(w.board, mem, bytes - 1, &mine), GG_E_BUFFER_TOO_SMALL);
    assert_null(mine);
    assert_int_equal(gg_hex_scratch_init(w.board, mem + 8, bytes, &mine), GG_E_BUFFER_TOO_SMALL);
    assert_int_equal(gg_hex_scratch_init(NULL, mem, bytes, &mine), GG_E_INVALID_ARG);
    assert_int_equal(gg_hex_scratch_init(w.board, mem, bytes, &mine), GG_OK);
    assert_ptr_equal(mine, mem);
    gg_hex_reach a[64], b[64];
    int32_t na = 0, nb = 0;
    assert_int_equal(gg_hex_board_reachable(w.board, w.scratch, gg_hex_make(0, 0), 6, &w.def, a, 64,
                                            &na),
                     GG_OK);
    assert_int_equal(gg_hex_board_reachable(w.board, mine, gg_hex_make(0, 0), 6, &w.def, b, 64,
                                            &nb),
                     GG_OK);
    assert_int_equal(na, nb);
    for (int32_t i = 0; i < na; ++i) {
        assert_true(gg_hex_eq(a[i].hex, b[i].hex));
        assert_true(a[i].cost == b[i].cost);
    }
    gg_hex_scratch_destroy(mine); /* a no-op: the memory is the caller's */
    free_world(&w);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(move__goal_step_is_checked_on_the_route),
        cmocka_unit_test(move__blocked_ends_follow_the_profile),
        cmocka_unit_test(move__reachable_is_sorted_and_inclusive),
        cmocka_unit_test(move__rejects_bad_arguments),
        cmocka_unit_test(move__path_is_all_or_nothing),
        cmocka_unit_test(move__paths_agree_with_reachable_costs),
        cmocka_unit_test(move__queries_allocate_nothing),
        cmocka_unit_test(move__scratch_in_caller_memory),
    };
    return cmocka_run_group_tests_name("hex/move", tests, NULL, NULL);
}
