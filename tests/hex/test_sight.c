/* test_sight.c - terrain sight on hex boards: the worked examples, validation order, supercover
 * and partial opacity properties, no allocation per query. Layer: hex (tests). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <float.h>
#include <math.h>
#include <string.h>

#include <cmocka.h>

#include "gridgeom/hex.h"
#include "test_rng.h"
#include "test_alloc.h"

static gg_hex_board *hexagon(int32_t radius, const gg_allocator *al)
{
    gg_hex_board_def d = gg_hex_board_def_default();
    d.origin = gg_hex_make(-radius, -radius);
    d.q_count = 2 * radius + 1;
    d.r_count = 2 * radius + 1;
    d.allocator = al;
    gg_hex_board *b = NULL;
    assert_int_equal(gg_hex_board_create(&d, &b), GG_OK);
    gg_hex_tile t = gg_hex_tile_default();
    for (int32_t q = -radius; q <= radius; ++q)
        for (int32_t r = -radius; r <= radius; ++r)
            if (gg_hex_distance(gg_hex_make(q, r), gg_hex_make(0, 0)) <= radius)
                assert_int_equal(gg_hex_board_set_tile(b, gg_hex_make(q, r), &t), GG_OK);
    return b;
}

static void set(gg_hex_board *b, int32_t q, int32_t r, double ground, double obstruction)
{
    gg_hex_tile t = gg_hex_tile_default();
    t.ground = ground;
    t.obstruction = obstruction;
    assert_int_equal(gg_hex_board_set_tile(b, gg_hex_make(q, r), &t), GG_OK);
}

static void drop(gg_hex_board *b, int32_t q, int32_t r)
{
    assert_int_equal(gg_hex_board_remove_tile(b, gg_hex_make(q, r)), GG_OK);
}

static gg_sight_def def_of(int64_t range, double eye, double target)
{
    gg_sight_def d = gg_sight_def_default();
    d.max_range = range;
    d.eye_height = eye;
    d.target_height = target;
    return d;
}

typedef struct answer {
    gg_status status;
    gg_hex_sight_result res;
    gg_hex traced[64];
    int32_t n;
} answer;

static answer look(const gg_hex_board *b, int32_t fq, int32_t fr, int32_t tq, int32_t tr,
                   const gg_sight_def *d)
{
    answer a;
    a.status = gg_hex_board_sight(b, gg_hex_make(fq, fr), gg_hex_make(tq, tr), d, a.traced, 64,
                                  &a.n, &a.res);
    return a;
}

static void expect(const answer *a, gg_sight_reason reason, int32_t bq, int32_t br)
{
    assert_int_equal(a->status, GG_OK);
    assert_int_equal(a->res.reason, reason);
    assert_int_equal(a->res.visible, reason == GG_SIGHT_CLEAR);
    assert_int_equal(a->res.has_blocker,
                     reason == GG_SIGHT_OCCLUDED || reason == GG_SIGHT_MISSING_TILE);
    if (a->res.has_blocker) {
        assert_int_equal(a->res.blocker.q, bq);
        assert_int_equal(a->res.blocker.r, br);
        assert_true(gg_hex_eq(a->traced[a->res.blocker_index], a->res.blocker));
    }
}

static void sight__worked_examples(void **state)
{
    (void)state;
    gg_sight_def d = def_of(6, 1.7, 1.7);
    gg_hex_board *b = hexagon(4, NULL);
    answer a = look(b, 0, 0, 4, 0, &d); /* W1 */
    expect(&a, GG_SIGHT_CLEAR, 0, 0);
    assert_int_equal(a.n, 5);
    set(b, 2, 0, 0, 2); /* W2 */
    a = look(b, 0, 0, 4, 0, &d);
    expect(&a, GG_SIGHT_OCCLUDED, 2, 0);
    assert_int_equal(a.n, 5); /* R3: the whole trace */
    set(b, 2, 0, 0, 1.7);     /* W3: grazing blocks */
    a = look(b, 0, 0, 4, 0, &d);
    expect(&a, GG_SIGHT_OCCLUDED, 2, 0);
    set(b, 2, 0, 0, 1.5); /* W4 */
    a = look(b, 0, 0, 4, 0, &d);
    expect(&a, GG_SIGHT_CLEAR, 0, 0);
    set(b, 2, 0, 0, 0);
    set(b, 0, 0, 0, 9); /* W5: endpoints never obstruct */
    set(b, 4, 0, 0, 9);
    a = look(b, 0, 0, 4, 0, &d);
    expect(&a, GG_SIGHT_CLEAR, 0, 0);
    gg_sight_def d4 = def_of(4, 1.7, 1.7);
    a = look(b, 0, 0, 4, 0, &d4); /* W7: inclusive range */
    expect(&a, GG_SIGHT_CLEAR, 0, 0);
    drop(b, 4, 0); /* W8 */
    a = look(b, 0, 0, 4, 0, &d);
    expect(&a, GG_SIGHT_MISSING_TILE, 4, 0);
    assert_int_equal(a.res.blocker_index, 4);
    set(b, 4, 0, 0, 0);
    drop(b, 2, 0); /* W9 */
    a = look(b, 0, 0, 4, 0, &d);
    expect(&a, GG_SIGHT_MISSING_TILE, 2, 0);
    set(b, 2, 0, 0, 0);
    set(b, 1, 0, 0, 5); /* W10: the first failure wins */
    drop(b, 3, 0);
    a = look(b, 0, 0, 4, 0, &d);
    expect(&a, GG_SIGHT_OCCLUDED, 1, 0);
    set(b, 3, 0, 0, 0);
    set(b, 1, 0, 50, 50); /* W11: adjacent is always clear */
    gg_sight_def d0 = def_of(6, 0, 0);
    a = look(b, 0, 0, 1, 0, &d0);
    expect(&a, GG_SIGHT_CLEAR, 0, 0);
    set(b, 1, 0, 0, 0);
    gg_sight_def dz = def_of(0, 1.7, 1.7); /* W12: same cell, range 0 */
    a = look(b, 1, -1, 1, -1, &dz);
    expect(&a, GG_SIGHT_CLEAR, 0, 0);
    assert_int_equal(a.n, 1);
    a = look(b, 0, 0, 3, 0, &d0); /* W13: flat ground grazes a zero-height line */
    expect(&a, GG_SIGHT_OCCLUDED, 1, 0);
    gg_sight_def dr = def_of(4, 1.5, 0.5); /* W14: the ridge ties */
    set(b, 0, 0, 4, 0);
    set(b, 3, 0, 1.75, 0);
    a = look(b, 0, 0, 4, 0, &dr);
    expect(&a, GG_SIGHT_OCCLUDED, 3, 0);
    set(b, 3, 0, 1.5, 0); /* W15 */
    a = look(b, 0, 0, 4, 0, &dr);
    expect(&a, GG_SIGHT_CLEAR, 0, 0);
    gg_hex_board_destroy(b);

    b = hexagon(3, NULL);
    set(b, 1, -1, 0, 3); /* W17: touched by the edge, not traced */
    a = look(b, 0, 0, 2, -1, &d);
    expect(&a, GG_SIGHT_CLEAR, 0, 0);
    d.trace = GG_SIGHT_TRACE_SUPERCOVER; /* ... but the supercover sees it */
    a = look(b, 0, 0, 2, -1, &d);
    expect(&a, GG_SIGHT_OCCLUDED, 1, -1);
    assert_int_equal(a.n, 4);
    gg_hex_board_destroy(b);

    b = hexagon(2, NULL);
    gg_sight_def d2 = def_of(6, 1.7, 1.7);
    a = look(b, 3, 0, 1, 0, &d2); /* W21: off the board counts as missing */
    expect(&a, GG_SIGHT_MISSING_TILE, 3, 0);
    assert_int_equal(a.n, 3);
    gg_hex_board_destroy(b);
}

static void sight__is_not_symmetric(void **state)
{
    (void)state;
    gg_hex_board *b = hexagon(12, NULL);
    set(b, -5, 8, 0, 5); /* W22 / W23 */
    gg_sight_def d = def_of(24, 1, 1);
    answer a = look(b, -12, 0, -1, 11, &d);
    expect(&a, GG_SIGHT_OCCLUDED, -5, 8);
    a = look(b, -1, 11, -12, 0, &d);
    expect(&a, GG_SIGHT_CLEAR, 0, 0);
    gg_hex_board_destroy(b);
}

typedef struct counting {
    long calls;
    double ground, obstruction, density;
    gg_hex bad; /* the cell that returns the values above; others are flat */
    bool present;
} counting;

static bool count_tile(void *user, gg_hex h, gg_hex_tile *out)
{
    counting *c = (counting *)user;
    c->calls++;
    *out = gg_hex_tile_default();
    if (gg_hex_eq(h, c->bad)) {
        if (!c->present)
            return false;
        out->ground = c->ground;
        out->obstruction = c->obstruction;
        out->density = c->density;
    }
    return true;
}

static void sight__validates_before_range_and_lookups(void **state)
{
    (void)state;
    counting c = {0, 0, 0, 1, {99, 99}, true};
    gg_hex_sight_result res;
    gg_hex tr[16];
    int32_t n = 5;
    gg_hex o = gg_hex_make(0, 0), far = gg_hex_make(9, 0);
    gg_sight_def d = def_of(-1, 1, 1);
    assert_int_equal(gg_hex_sight(count_tile, &c, o, far, &d, tr, 16, &n, &res), GG_E_INVALID_ARG);
    assert_int_equal(res.fault, GG_SIGHT_FAULT_RANGE);
    assert_int_equal(n, 0);
    d = def_of(3, 1, (double)NAN); /* out of range and an invalid height: the height wins (R1) */
    assert_int_equal(gg_hex_sight(count_tile, &c, o, far, &d, tr, 16, &n, &res), GG_E_INVALID_ARG);
    assert_int_equal(res.fault, GG_SIGHT_FAULT_HEIGHT);
    d = def_of(3, HUGE_VAL, 1);
    assert_int_equal(gg_hex_sight(count_tile, &c, o, far, &d, tr, 16, &n, &res), GG_E_INVALID_ARG);
    assert_int_equal(res.fault, GG_SIGHT_FAULT_HEIGHT);
    d = def_of(3, 1, -0.5);
    assert_int_equal(gg_hex_sight(count_tile, &c, o, far, &d, tr, 16, &n, &res), GG_E_INVALID_ARG);
    assert_int_equal(res.fault, GG_SIGHT_FAULT_HEIGHT);
    d = def_of(3, 1, 1);
    d.opacity_threshold = -1;
    assert_int_equal(gg_hex_sight(count_tile, &c, o, far, &d, tr, 16, &n, &res), GG_E_INVALID_ARG);
    assert_int_equal(res.fault, GG_SIGHT_FAULT_OPACITY);
    d = def_of(3, 1, 1);
    d.trace = (gg_sight_trace)7;
    assert_int_equal(gg_hex_sight(count_tile, &c, o, far, &d, tr, 16, &n, &res), GG_E_INVALID_ARG);
    assert_int_equal(res.fault, GG_SIGHT_FAULT_ARGUMENT);
    assert_int_equal(c.calls, 0);
    /* D4: out of range stops before any lookup. */
    d = def_of(3, 1, 1);
    assert_int_equal(gg_hex_sight(count_tile, &c, o, far, &d, tr, 16, &n, &res), GG_OK);
    assert_int_equal(res.reason, GG_SIGHT_RANGE);
    assert_false(res.visible);
    assert_false(res.has_blocker);
    assert_int_equal(res.distance, 9);
    assert_int_equal(n, 0);
    assert_int_equal(c.calls, 0);
    /* Argument faults. */
    gg_sight_def zero = {0};
    assert_int_equal(gg_hex_sight(count_tile, &c, o, far, &zero, tr, 16, &n, &res), GG_E_BAD_DEF);
    assert_int_equal(gg_hex_sight(count_tile, &c, o, far, NULL, tr, 16, &n, &res),
                     GG_E_INVALID_ARG);
    assert_int_equal(gg_hex_sight(NULL, &c, o, far, &d, tr, 16, &n, &res), GG_E_INVALID_ARG);
    assert_int_equal(res.fault, GG_SIGHT_FAULT_ARGUMENT);
    assert_int_equal(gg_hex_sight(count_tile, &c, o, far, &d, tr, 16, NULL, &res),
                     GG_E_INVALID_ARG);
    assert_int_equal(gg_hex_sight(count_tile, &c, o, far, &d, tr, -1, &n, &res), GG_E_INVALID_ARG);
    assert_int_equal(gg_hex_sight(count_tile, &c, o, far, &d, NULL, 4, &n, &res), GG_E_INVALID_ARG);
    assert_int_equal(gg_hex_sight(count_tile, &c, o, far, &d, tr, 16, &n, NULL), GG_E_INVALID_ARG);
    assert_int_equal(gg_hex_board_sight(NULL, o, far, &d, tr, 16, &n, &res), GG_E_INVALID_ARG);
    assert_int_equal(res.fault, GG_SIGHT_FAULT_ARGUMENT);
    assert_int_equal(gg_hex_board_sight(NULL, o, far, &d, tr, 16, &n, NULL), GG_E_INVALID_ARG);
    /* Absurdly long in-range traces are refused. */
    d = def_of(GG_SIGHT_UNLIMITED, 1, 1);
    assert_int_equal(gg_hex_sight(count_tile, &c, gg_hex_make(INT32_MIN, 0),
                                  gg_hex_make(INT32_MAX, 0), &d, NULL, 0, &n, &res),
                     GG_E_TOO_LARGE);
    d.trace = GG_SIGHT_TRACE_SUPERCOVER;
    assert_int_equal(gg_hex_sight(count_tile, &c, gg_hex_make(GG_HEX_SUPERCOVER_LIMIT + 1, 0), o,
                                  &d, NULL, 0, &n, &res),
                     GG_E_TOO_LARGE);
}

static void sight__checks_sampled_values_when_read(void **state)
{
    (void)state;
    gg_hex_sight_result res;
    gg_hex tr[16];
    int32_t n = 0;
    gg_sight_def d = def_of(10, 1, 1);
    gg_hex o = gg_hex_make(0, 0), t = gg_hex_make(4, 0);
    counting c = {0, (double)NAN, 0, 1, {0, 0}, true}; /* endpoint ground NaN */
    assert_int_equal(gg_hex_sight(count_tile, &c, o, t, &d, tr, 16, &n, &res), GG_E_INVALID_ARG);
    assert_int_equal(res.fault, GG_SIGHT_FAULT_GROUND);
    c = (counting){0,           0,      (double)NAN,
                   (double)NAN, {0, 0}, true}; /* endpoint obstruction is never read */
    assert_int_equal(gg_hex_sight(count_tile, &c, o, t, &d, tr, 16, &n, &res), GG_OK);
    assert_true(res.visible);
    c = (counting){0, -HUGE_VAL, 0, 1, {2, 0}, true};
    assert_int_equal(gg_hex_sight(count_tile, &c, o, t, &d, tr, 16, &n, &res), GG_E_INVALID_ARG);
    assert_int_equal(res.fault, GG_SIGHT_FAULT_GROUND);
    c = (counting){0, 0, -1, 1, {2, 0}, true};
    assert_int_equal(gg_hex_sight(count_tile, &c, o, t, &d, tr, 16, &n, &res), GG_E_INVALID_ARG);
    assert_int_equal(res.fault, GG_SIGHT_FAULT_OBSTRUCTION);
    c = (counting){0,           0,      0,
                   (double)NAN, {2, 0}, true}; /* density only matters with partial opacity */
    assert_int_equal(gg_hex_sight(count_tile, &c, o, t, &d, tr, 16, &n, &res), GG_OK);
    d.opacity_threshold = 1.0;
    assert_int_equal(gg_hex_sight(count_tile, &c, o, t, &d, tr, 16, &n, &res), GG_E_INVALID_ARG);
    assert_int_equal(res.fault, GG_SIGHT_FAULT_DENSITY);
    /* Lazy: a blocker stops sampling; a missing cell before the bad one wins. */
    d.opacity_threshold = 0.0;
    c = (counting){0, 0, 0, 1, {1, 0}, false};
    assert_int_equal(gg_hex_sight(count_tile, &c, o, t, &d, tr, 16, &n, &res), GG_OK);
    assert_int_equal(res.reason, GG_SIGHT_MISSING_TILE);
    assert_int_equal(c.calls, 3); /* from, to, (1,0) */
}

static void sight__short_trace_buffer_gives_the_same_answer(void **state)
{
    (void)state;
    gg_hex_board *b = hexagon(6, NULL);
    set(b, 4, 0, 0, 3);
    gg_sight_def d = def_of(10, 1, 1);
    gg_hex tr[2];
    int32_t n = 0;
    gg_hex_sight_result res;
    assert_int_equal(gg_hex_board_sight(b, gg_hex_make(0, 0), gg_hex_make(6, 0), &d, tr, 2, &n,
                                        &res),
                     GG_PARTIAL);
    assert_int_equal(n, 7);
    assert_int_equal(res.reason, GG_SIGHT_OCCLUDED);
    assert_int_equal(res.blocker_index, 4);
    assert_int_equal(gg_hex_board_sight(b, gg_hex_make(0, 0), gg_hex_make(6, 0), &d, NULL, 0, &n,
                                        &res),
                     GG_PARTIAL);
    assert_int_equal(res.blocker.q, 4);
    d.trace = GG_SIGHT_TRACE_SUPERCOVER;
    assert_int_equal(gg_hex_board_sight(b, gg_hex_make(0, 0), gg_hex_make(6, 0), &d, tr, 2, &n,
                                        &res),
                     GG_E_BUFFER_TOO_SMALL);
    assert_int_equal(n, 7);
    gg_hex_board_destroy(b);
}

static void sight__partial_opacity_accumulates(void **state)
{
    (void)state;
    gg_hex_board *b = hexagon(6, NULL);
    gg_hex_tile wood = gg_hex_tile_default();
    wood.obstruction = 5;
    wood.density = 0.5;
    assert_int_equal(gg_hex_board_set_tile(b, gg_hex_make(2, 0), &wood), GG_OK);
    gg_sight_def d = def_of(10, 1, 1);
    d.opacity_threshold = 1.0;
    answer a = look(b, 0, 0, 6, 0, &d);
    expect(&a, GG_SIGHT_CLEAR, 0, 0);
    assert_true(a.res.opacity == 0.5);
    assert_int_equal(gg_hex_board_set_tile(b, gg_hex_make(4, 0), &wood), GG_OK);
    a = look(b, 0, 0, 6, 0, &d);
    expect(&a, GG_SIGHT_OCCLUDED, 4, 0);
    assert_true(a.res.opacity == 1.0);
    /* Ground always blocks, whatever the threshold. */
    set(b, 3, 0, 5, 0);
    d.opacity_threshold = 100.0;
    a = look(b, 0, 0, 6, 0, &d);
    expect(&a, GG_SIGHT_OCCLUDED, 3, 0);
    /* Plain sight: the first wood blocks. */
    d.opacity_threshold = 0.0;
    a = look(b, 0, 0, 6, 0, &d);
    expect(&a, GG_SIGHT_OCCLUDED, 2, 0);
    gg_hex_board_destroy(b);
}

static void random_board(gg_hex_board *b, int32_t radius, fx_rng *rng, bool densities)
{
    for (int32_t q = -radius; q <= radius; ++q) {
        for (int32_t r = -radius; r <= radius; ++r) {
            gg_hex h = gg_hex_make(q, r);
            if (gg_hex_distance(h, gg_hex_make(0, 0)) > radius)
                continue;
            if (fx_range(rng, 0, 99) < 5) {
                assert_int_equal(gg_hex_board_remove_tile(b, h), GG_OK);
                continue;
            }
            gg_hex_tile t = gg_hex_tile_default();
            t.ground = (double)fx_range(rng, 0, 8) * 0.25;
            t.obstruction = fx_range(rng, 0, 99) < 15 ? (double)fx_range(rng, 1, 12) * 0.5 : 0.0;
            if (densities)
                t.density = (double)fx_range(rng, 0, 4) * 0.25;
            assert_int_equal(gg_hex_board_set_tile(b, h, &t), GG_OK);
        }
    }
}

static bool same_answer(const answer *x, const answer *y)
{
    if (x->status != y->status || x->res.reason != y->res.reason ||
        x->res.visible != y->res.visible || x->res.has_blocker != y->res.has_blocker)
        return false;
    return !x->res.has_blocker || gg_hex_eq(x->res.blocker, y->res.blocker);
}

static void sight__opacity_zero_equals_plain_sight(void **state)
{
    (void)state;
    fx_rng rng;
    fx_rng_seed(&rng, 0x5EED0301u, "sight__opacity_zero_equals_plain_sight");
    gg_hex_board *b = hexagon(8, NULL);
    for (int round = 0; round < 20; ++round) {
        random_board(b, 8, &rng, false); /* every density is 1 */
        for (int k = 0; k < 200; ++k) {
            gg_hex f = gg_hex_make(fx_range(&rng, -6, 6), fx_range(&rng, -6, 6));
            gg_hex t = gg_hex_make(fx_range(&rng, -6, 6), fx_range(&rng, -6, 6));
            gg_sight_def plain = def_of(12, (double)fx_range(&rng, 0, 8) * 0.25, 1.0);
            gg_sight_def zero = plain, one = plain, low = plain;
            zero.opacity_threshold = 0.0; /* partial opacity with threshold 0 */
            one.opacity_threshold = 1.0;  /* threshold <= every density */
            low.opacity_threshold = 0.5;
            answer a = look(b, f.q, f.r, t.q, t.r, &plain);
            answer z = look(b, f.q, f.r, t.q, t.r, &zero);
            answer o = look(b, f.q, f.r, t.q, t.r, &one);
            answer l = look(b, f.q, f.r, t.q, t.r, &low);
            assert_true(same_answer(&a, &z));
            assert_true(same_answer(&a, &o));
            assert_true(same_answer(&a, &l));
        }
    }
    gg_hex_board_destroy(b);
}

/* The centre trace is walked two ways: read back from the caller's buffer when it holds the
 * whole line, stepped by the line walker (core/line_walk.h) when it does not. Both must give the
 * same answer, blocker and opacity, for every buffer size, plain and with partial opacity. */
static void sight__walk_without_the_trace_equals_reading_it(void **state)
{
    (void)state;
    fx_rng rng;
    fx_rng_seed(&rng, 0x5EED0303u, "sight__walk_without_the_trace_equals_reading_it");
    gg_hex_board *b = hexagon(8, NULL);
    gg_hex traced[16];
    for (int round = 0; round < 20; ++round) {
        random_board(b, 8, &rng, true);
        for (int k = 0; k < 200; ++k) {
            gg_hex f = gg_hex_make(fx_range(&rng, -6, 6), fx_range(&rng, -6, 6));
            gg_hex t = gg_hex_make(fx_range(&rng, -6, 6), fx_range(&rng, -6, 6));
            gg_sight_def d = def_of(12, (double)fx_range(&rng, 0, 8) * 0.25, 1.0);
            d.opacity_threshold = (double)fx_range(&rng, 0, 3) * 0.5;
            answer full = look(b, f.q, f.r, t.q, t.r, &d);
            assert_int_equal(full.status, GG_OK);
            int32_t cap = fx_range(&rng, 0, full.n > 0 ? full.n - 1 : 0);
            gg_hex_sight_result res;
            int32_t n = 0;
            gg_status st = gg_hex_board_sight(b, f, t, &d, cap > 0 ? traced : NULL, cap, &n, &res);
            assert_int_equal(st, full.n > cap ? GG_PARTIAL : GG_OK);
            assert_int_equal(n, full.n);
            assert_int_equal(res.reason, full.res.reason);
            assert_int_equal(res.visible, full.res.visible);
            assert_int_equal(res.has_blocker, full.res.has_blocker);
            if (res.has_blocker) {
                assert_true(gg_hex_eq(res.blocker, full.res.blocker));
                assert_int_equal(res.blocker_index, full.res.blocker_index);
            }
            assert_true(res.opacity == full.res.opacity);
            for (int32_t i = 0; i < cap && i < n; ++i)
                assert_true(gg_hex_eq(traced[i], full.traced[i]));
        }
    }
    gg_hex_board_destroy(b);
}

/* ---- The board's plain centre walk (sight.c board_walk) against the general walk ------------
 * Plain sight on a board reads one precomputed top per hex and skips the bounds test when both
 * ends lie a step inside the board. Checked against the callback sampler (the general per-tile
 * walk, which validates every sample) and against an independent reference written here from the
 * public line and tile lookups, on boards of every small size and offset (ends on the edges,
 * outside, on missing tiles), heights that overflow the sight line to infinity or NaN, with and
 * without a trace buffer. */
static bool board_sampler(void *user, gg_hex h, gg_hex_tile *out)
{
    return gg_hex_board_tile((const gg_hex_board *)user, h, out);
}

/* docs/hex.md: missing endpoint fails closed; each intermediate hex blocks when its top reaches
 * the line's height eye + (target - eye) * i / d; the first blocking hex ends the walk. */
static gg_sight_reason reference_sight(const gg_hex_board *b, gg_hex f, gg_hex t,
                                       const gg_sight_def *d, gg_hex *blocker)
{
    int64_t dist = gg_hex_distance(f, t);
    if (dist > d->max_range)
        return GG_SIGHT_RANGE;
    gg_hex line[64];
    int32_t n = 0;
    assert_int_equal(gg_hex_line(f, t, line, 64, &n), GG_OK);
    gg_hex_tile tf, tt;
    if (!gg_hex_board_tile(b, f, &tf)) {
        *blocker = f;
        return GG_SIGHT_MISSING_TILE;
    }
    if (!gg_hex_board_tile(b, t, &tt)) {
        *blocker = t;
        return GG_SIGHT_MISSING_TILE;
    }
    double eye = tf.ground + d->eye_height, target = tt.ground + d->target_height;
    for (int32_t i = 1; i < n - 1; ++i) {
        gg_hex_tile c;
        *blocker = line[i];
        if (!gg_hex_board_tile(b, line[i], &c))
            return GG_SIGHT_MISSING_TILE;
        double z = eye + (target - eye) * ((double)i / (double)dist);
        if (c.ground + c.obstruction >= z)
            return GG_SIGHT_OCCLUDED;
    }
    return GG_SIGHT_CLEAR;
}

static void same_result(const gg_hex_sight_result *x, const gg_hex_sight_result *y)
{
    assert_int_equal(x->visible, y->visible);
    assert_int_equal(x->reason, y->reason);
    assert_int_equal(x->fault, y->fault);
    assert_int_equal(x->distance, y->distance);
    assert_int_equal(x->has_blocker, y->has_blocker);
    assert_true(gg_hex_eq(x->blocker, y->blocker));
    assert_int_equal(x->blocker_index, y->blocker_index);
    assert_true(x->opacity == y->opacity);
}

static void sight__board_walk_equals_the_sampler_and_a_reference(void **state)
{
    (void)state;
    fx_rng rng;
    fx_rng_seed(&rng, 0x5EED0304u, "sight__board_walk_equals_the_sampler_and_a_reference");
    const double huge[3] = {1e308, -1e308, 1.7e308};
    long checked = 0, blocked = 0, missing = 0;
    for (int round = 0; round < 300; ++round) {
        gg_hex_board_def bd = gg_hex_board_def_default();
        bd.origin = gg_hex_make(fx_range(&rng, -5, 3), fx_range(&rng, -5, 3));
        bd.q_count = fx_range(&rng, 1, 12);
        bd.r_count = fx_range(&rng, 1, 12);
        gg_hex_board *b = NULL;
        assert_int_equal(gg_hex_board_create(&bd, &b), GG_OK);
        for (int32_t r = 0; r < bd.r_count; ++r)
            for (int32_t q = 0; q < bd.q_count; ++q) {
                gg_hex h = gg_hex_make(bd.origin.q + q, bd.origin.r + r);
                gg_hex_tile t = gg_hex_tile_default();
                t.ground = (double)fx_range(&rng, 0, 8) * 0.25;
                if (fx_range(&rng, 0, 99) < 2)
                    t.ground = huge[fx_range(&rng, 0, 2)];
                t.obstruction = fx_range(&rng, 0, 99) < 35 ? (double)fx_range(&rng, 1, 12) * 0.5
                                                           : 0.0;
                if (fx_range(&rng, 0, 99) < 95)
                    assert_int_equal(gg_hex_board_set_tile(b, h, &t), GG_OK);
                if (fx_range(&rng, 0, 99) < 3) /* set, then removed again */
                    assert_int_equal(gg_hex_board_remove_tile(b, h), GG_OK);
            }
        for (int k = 0; k < 100; ++k) {
            /* In one pair in ten the ends may lie a step off the board (both at once too). */
            int32_t off = fx_range(&rng, 0, 9) == 0 ? 1 : 0;
            gg_hex f = gg_hex_make(bd.origin.q + fx_range(&rng, -off, bd.q_count - 1 + off),
                                   bd.origin.r + fx_range(&rng, -off, bd.r_count - 1 + off));
            gg_hex t = gg_hex_make(bd.origin.q + fx_range(&rng, -off, bd.q_count - 1 + off),
                                   bd.origin.r + fx_range(&rng, -off, bd.r_count - 1 + off));
            gg_sight_def d = def_of(fx_range(&rng, 0, 12), (double)fx_range(&rng, 0, 8) * 0.25,
                                    (double)fx_range(&rng, 0, 4) * 0.5);
            if (fx_range(&rng, 0, 99) < 3)
                d.eye_height = 1.7e308; /* the line's height overflows */
            gg_hex traced[64];
            int32_t n_walk = -1, n_read = -1, n_cb = -1;
            gg_hex_sight_result walk, read, cb;
            gg_status s_walk = gg_hex_board_sight(b, f, t, &d, NULL, 0, &n_walk, &walk);
            gg_status s_read = gg_hex_board_sight(b, f, t, &d, traced, 64, &n_read, &read);
            gg_status s_cb = gg_hex_sight(board_sampler, b, f, t, &d, NULL, 0, &n_cb, &cb);
            assert_int_equal(s_walk, s_cb);
            assert_int_equal(n_walk, n_cb);
            same_result(&walk, &cb);
            assert_int_equal(s_read, GG_OK);
            same_result(&read, &cb);
            if (walk.reason != GG_SIGHT_RANGE)
                assert_int_equal(n_read, gg_hex_distance(f, t) + 1);
            gg_hex blocker = gg_hex_make(0, 0);
            gg_sight_reason want = reference_sight(b, f, t, &d, &blocker);
            assert_int_equal(walk.reason, want);
            if (walk.has_blocker)
                assert_true(gg_hex_eq(walk.blocker, blocker));
            ++checked;
            blocked += want == GG_SIGHT_OCCLUDED;
            missing += want == GG_SIGHT_MISSING_TILE;
        }
        gg_hex_board_destroy(b);
    }
    /* The draw exercises every outcome. */
    assert_true(blocked > checked / 20);
    assert_true(missing > checked / 20);
    assert_true(checked - blocked - missing > checked / 20);
}

/* Every pair of hexes of every board shape up to 6 x 6 (and two origins): the board's walk reads
 * the top plane without a bounds test, trusting that a line between two hexes of the board never
 * leaves the board and its one-hex margin (sight.c). Under ASan a read beyond the plane is a
 * heap overflow; here each answer also equals the callback sampler's (bounds-tested lookups, the
 * general path). */
static void sight__board_walk_stays_in_the_margin_on_every_small_board(void **state)
{
    (void)state;
    fx_rng rng;
    fx_rng_seed(&rng, 0x5EED0305u, "sight__board_walk_stays_in_the_margin_on_every_small_board");
    long pairs = 0, stopped = 0;
    for (int o = 0; o < 2; ++o)
        for (int32_t qn = 1; qn <= 6; ++qn)
            for (int32_t rn = 1; rn <= 6; ++rn) {
                gg_hex_board_def bd = gg_hex_board_def_default();
                bd.origin = o == 0 ? gg_hex_make(0, 0) : gg_hex_make(-3, 2);
                bd.q_count = qn;
                bd.r_count = rn;
                gg_hex_board *b = NULL;
                assert_int_equal(gg_hex_board_create(&bd, &b), GG_OK);
                for (int32_t r = 0; r < rn; ++r)
                    for (int32_t q = 0; q < qn; ++q) {
                        gg_hex_tile t = gg_hex_tile_default();
                        t.ground = (double)fx_range(&rng, 0, 4) * 0.25;
                        t.obstruction = fx_range(&rng, 0, 9) == 0 ? 2.0 : 0.0;
                        if (fx_range(&rng, 0, 19) != 0)
                            assert_int_equal(gg_hex_board_set_tile(b,
                                                                   gg_hex_make(bd.origin.q + q,
                                                                               bd.origin.r + r),
                                                                   &t),
                                             GG_OK);
                    }
                const gg_sight_def d = def_of(GG_SIGHT_UNLIMITED, 1.0, 0.5);
                for (int32_t i = 0; i < qn * rn; ++i)
                    for (int32_t j = 0; j < qn * rn; ++j) {
                        gg_hex f = gg_hex_make(bd.origin.q + i % qn, bd.origin.r + i / qn);
                        gg_hex t = gg_hex_make(bd.origin.q + j % qn, bd.origin.r + j / qn);
                        int32_t n_walk = -1, n_cb = -1;
                        gg_hex_sight_result walk, cb;
                        gg_status s_walk = gg_hex_board_sight(b, f, t, &d, NULL, 0, &n_walk, &walk);
                        gg_status s_cb = gg_hex_sight(board_sampler, b, f, t, &d, NULL, 0, &n_cb,
                                                      &cb);
                        assert_int_equal(s_walk, s_cb);
                        assert_int_equal(n_walk, n_cb);
                        same_result(&walk, &cb);
                        ++pairs;
                        stopped += walk.has_blocker;
                    }
                gg_hex_board_destroy(b);
            }
    assert_true(stopped > pairs / 20 && stopped < pairs - pairs / 20);
}

/* gg_hex_board_sight() answers the common query (no buffer, plain centre sight, valid def) on a
 * path of its own; every other argument goes the general way. At each edge between the two
 * (defs just valid or just not, -0.0, an out_count or out of NULL, a buffer, far or missing ends)
 * its status, count and whole record (over a record filled with garbage first) equal the
 * callback sampler's, which always takes the general path. */
static void sight__board_fast_path_equals_the_general_path_at_every_edge(void **state)
{
    (void)state;
    gg_hex_board *b = hexagon(4, NULL);
    gg_hex_tile wood = gg_hex_tile_default();
    wood.obstruction = 3.0;
    assert_int_equal(gg_hex_board_set_tile(b, gg_hex_make(1, 0), &wood), GG_OK);
    assert_int_equal(gg_hex_board_remove_tile(b, gg_hex_make(0, 2)), GG_OK);
    enum { DEFS = 17 };
    gg_sight_def defs[DEFS];
    for (int k = 0; k < DEFS; ++k)
        defs[k] = def_of(6, 1.5, 1.0);
    defs[1].eye_height = -0.0;
    defs[2].target_height = -0.0;
    defs[3].opacity_threshold = -0.0;
    defs[4].opacity_threshold = 0.5;
    defs[5].trace = GG_SIGHT_TRACE_SUPERCOVER;
    defs[6].max_range = -1;
    defs[7].eye_height = (double)NAN;
    defs[8].target_height = HUGE_VAL;
    defs[9].eye_height = -1.0;
    defs[10].opacity_threshold = (double)NAN;
    defs[11].struct_size = (uint32_t)sizeof(gg_sight_def) - 8u;
    defs[12].trace = (gg_sight_trace)7;
    defs[13].max_range = 0;
    defs[14].max_range = GG_SIGHT_UNLIMITED;
    defs[15].eye_height = DBL_MAX;
    defs[16].target_height = 5e-324;
    const gg_hex ends[][2] = {
        {{0, 0}, {3, -1}},        {{0, 0}, {0, 0}},         {{-4, 4}, {4, -4}}, {{0, 0}, {0, 2}},
        {{0, 2}, {1, 1}},         {{0, 0}, {5, 0}},         {{9, 9}, {0, 0}},   {{-1, 0}, {2, 0}},
        {{0, 0}, {INT32_MAX, 0}}, {{INT32_MIN, 0}, {0, 0}}, {{-3, 0}, {3, 0}},
    };
    const int nends = (int)(sizeof ends / sizeof ends[0]);
    long fast = 0;
    for (int k = 0; k <= DEFS; ++k)
        for (int e = 0; e < nends; ++e)
            for (int v = 0; v < 4; ++v) {
                const gg_sight_def *d = k < DEFS ? &defs[k] : NULL;
                gg_hex traced[16], traced_cb[16];
                gg_hex *buf = v == 1 ? traced : NULL, *buf_cb = v == 1 ? traced_cb : NULL;
                int32_t cap = v == 1 ? 16 : 0;
                int32_t n_walk = -7, n_cb = -7;
                int32_t *pn = v == 2 ? NULL : &n_walk, *pn_cb = v == 2 ? NULL : &n_cb;
                gg_hex_sight_result walk, cb;
                memset(&walk, 0xA5, sizeof walk);
                memset(&cb, 0xA5, sizeof cb);
                gg_status s_walk = gg_hex_board_sight(b, ends[e][0], ends[e][1], d, buf, cap, pn,
                                                      v == 3 ? NULL : &walk);
                gg_status s_cb = gg_hex_sight(board_sampler, b, ends[e][0], ends[e][1], d, buf_cb,
                                              cap, pn_cb, v == 3 ? NULL : &cb);
                assert_int_equal(s_walk, s_cb);
                assert_int_equal(n_walk, n_cb);
                if (v != 3)
                    same_result(&walk, &cb);
                fast += v == 0 && k < 4 && s_walk == GG_PARTIAL;
            }
    assert_true(fast > 0);
    gg_hex_board_destroy(b);
}

static void sight__supercover_is_stricter_than_the_centre_trace(void **state)
{
    (void)state;
    fx_rng rng;
    fx_rng_seed(&rng, 0x5EED0302u, "sight__supercover_is_stricter_than_the_centre_trace");
    gg_hex_board *b = hexagon(10, NULL);
    for (int round = 0; round < 20; ++round) {
        random_board(b, 10, &rng, true);
        for (int k = 0; k < 200; ++k) {
            gg_hex f = gg_hex_make(fx_range(&rng, -7, 7), fx_range(&rng, -7, 7));
            gg_hex t = gg_hex_make(fx_range(&rng, -7, 7), fx_range(&rng, -7, 7));
            gg_sight_def centre = def_of(12, 1.5, 1.0), cover = centre;
            cover.trace = GG_SIGHT_TRACE_SUPERCOVER;
            answer a = look(b, f.q, f.r, t.q, t.r, &centre);
            answer s = look(b, f.q, f.r, t.q, t.r, &cover);
            assert_int_equal(a.status, GG_OK);
            assert_int_equal(s.status, GG_OK);
            if (s.res.visible)
                assert_true(a.res.visible);
            if (a.res.reason == GG_SIGHT_RANGE)
                assert_int_equal(s.res.reason, GG_SIGHT_RANGE);
            else
                for (int32_t i = 0; i < a.n; ++i) {
                    bool in = false;
                    for (int32_t j = 0; j < s.n && !in; ++j)
                        in = gg_hex_eq(a.traced[i], s.traced[j]);
                    assert_true(in);
                }
            /* With partial opacity, a larger threshold never hides what a smaller one shows. */
            gg_sight_def p1 = centre, p2 = centre;
            p1.opacity_threshold = 0.5;
            p2.opacity_threshold = 1.5;
            answer x = look(b, f.q, f.r, t.q, t.r, &p1);
            answer y = look(b, f.q, f.r, t.q, t.r, &p2);
            if (x.res.visible)
                assert_true(y.res.visible);
        }
    }
    gg_hex_board_destroy(b);
}

static void sight__queries_allocate_nothing(void **state)
{
    (void)state;
    gg_test_alloc ta;
    gg_test_alloc_init(&ta, -1);
    gg_hex_board *b = hexagon(6, &ta.iface);
    gg_test_alloc_fail_from_now(&ta);
    long before = ta.calls;
    gg_sight_def d = def_of(12, 1, 1);
    answer a = look(b, -6, 0, 6, 0, &d);
    expect(&a, GG_SIGHT_CLEAR, 0, 0);
    d.trace = GG_SIGHT_TRACE_SUPERCOVER;
    d.opacity_threshold = 2.0;
    a = look(b, -6, 3, 6, -3, &d);
    expect(&a, GG_SIGHT_CLEAR, 0, 0);
    assert_int_equal(ta.calls, before);
    gg_hex_board_destroy(b);
    assert_int_equal(ta.live_bytes, 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(sight__worked_examples),
        cmocka_unit_test(sight__is_not_symmetric),
        cmocka_unit_test(sight__validates_before_range_and_lookups),
        cmocka_unit_test(sight__checks_sampled_values_when_read),
        cmocka_unit_test(sight__short_trace_buffer_gives_the_same_answer),
        cmocka_unit_test(sight__partial_opacity_accumulates),
        cmocka_unit_test(sight__opacity_zero_equals_plain_sight),
        cmocka_unit_test(sight__supercover_is_stricter_than_the_centre_trace),
        cmocka_unit_test(sight__walk_without_the_trace_equals_reading_it),
        cmocka_unit_test(sight__board_walk_equals_the_sampler_and_a_reference),
        cmocka_unit_test(sight__board_walk_stays_in_the_margin_on_every_small_board),
        cmocka_unit_test(sight__board_fast_path_equals_the_general_path_at_every_edge),
        cmocka_unit_test(sight__queries_allocate_nothing),
    };
    return cmocka_run_group_tests_name("hex/sight", tests, NULL, NULL);
}
