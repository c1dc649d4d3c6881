/* test_square.c - the terrain-sight model on square height boards, and the square supercover.
 * Layer: topology (tests of src/topology/terrain/square.c). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <math.h>

#include <cmocka.h>

#include "gridgeom/terrain.h"
#include "test_rng.h"

#define W 16
#define H 12

typedef struct sq {
    double ground[W * H], obstruction[W * H], density[W * H];
    uint8_t present[W * H];
    gg_square_heights hb;
} sq;

static void sq_init(sq *s)
{
    for (int i = 0; i < W * H; ++i) {
        s->ground[i] = 0;
        s->obstruction[i] = 0;
        s->density[i] = 1;
        s->present[i] = 1;
    }
    s->hb.width = W;
    s->hb.height = H;
    s->hb.ground = s->ground;
    s->hb.obstruction = s->obstruction;
    s->hb.density = s->density;
    s->hb.present = s->present;
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
    gg_square_sight_result res;
    gg_cell traced[128];
    int32_t n;
} answer;

static answer look(const sq *s, int32_t c0, int32_t r0, int32_t c1, int32_t r1,
                   const gg_sight_def *d)
{
    answer a;
    a.status = gg_square_sight(&s->hb, gg_cell_make(c0, r0), gg_cell_make(c1, r1), d, a.traced, 128,
                               &a.n, &a.res);
    return a;
}

static bool contains(const gg_cell *v, int32_t n, gg_cell c)
{
    for (int32_t i = 0; i < n; ++i)
        if (gg_cell_eq(v[i], c))
            return true;
    return false;
}

static void square__sight_follows_the_hex_model(void **state)
{
    (void)state;
    sq s;
    sq_init(&s);
    gg_sight_def d = def_of(10, 1.7, 1.7);
    answer a = look(&s, 0, 0, 6, 0, &d);
    assert_int_equal(a.status, GG_OK);
    assert_true(a.res.visible);
    assert_int_equal(a.n, 7);
    assert_int_equal(a.res.distance, 6);
    s.obstruction[3] = 1.7; /* grazing blocks */
    a = look(&s, 0, 0, 6, 0, &d);
    assert_int_equal(a.res.reason, GG_SIGHT_OCCLUDED);
    assert_true(gg_cell_eq(a.res.blocker, gg_cell_make(3, 0)));
    assert_int_equal(a.res.blocker_index, 3);
    s.obstruction[3] = 1.6;
    a = look(&s, 0, 0, 6, 0, &d);
    assert_true(a.res.visible);
    s.obstruction[0] = 50; /* endpoints never obstruct */
    s.obstruction[6] = 50;
    a = look(&s, 0, 0, 6, 0, &d);
    assert_true(a.res.visible);
    gg_sight_def d0 = def_of(10, 0, 0); /* flat ground grazes a zero-height line */
    a = look(&s, 0, 0, 3, 3, &d0);
    assert_int_equal(a.res.reason, GG_SIGHT_OCCLUDED);
    assert_true(gg_cell_eq(a.res.blocker, gg_cell_make(1, 1)));
    a = look(&s, 0, 0, 1, 1, &d0); /* adjacent (diagonal) is clear */
    assert_true(a.res.visible);
    gg_sight_def d5 = def_of(5, 1, 1); /* Chebyshev range gate, inclusive */
    a = look(&s, 0, 0, 5, 3, &d5);
    assert_int_equal(a.res.reason, GG_SIGHT_CLEAR);
    a = look(&s, 0, 0, 6, 3, &d5);
    assert_int_equal(a.res.reason, GG_SIGHT_RANGE);
    assert_int_equal(a.n, 0);
    s.present[2 * W + 4] = 0; /* a missing cell on the walk */
    a = look(&s, 0, 2, 8, 2, &d);
    assert_int_equal(a.res.reason, GG_SIGHT_MISSING_TILE);
    assert_true(gg_cell_eq(a.res.blocker, gg_cell_make(4, 2)));
    a = look(&s, -1, 2, 3, 2, &d); /* off the board */
    assert_int_equal(a.res.reason, GG_SIGHT_MISSING_TILE);
    assert_true(gg_cell_eq(a.res.blocker, gg_cell_make(-1, 2)));
    a = look(&s, 3, 2, 3, H, &d);
    assert_int_equal(a.res.reason, GG_SIGHT_MISSING_TILE);
    assert_true(gg_cell_eq(a.res.blocker, gg_cell_make(3, H)));
}

static void square__supercover_sees_corner_cells(void **state)
{
    (void)state;
    sq s;
    sq_init(&s);
    gg_cell out[16];
    int32_t n = 0;
    /* (0,0)->(2,2) passes through two corners: the four side cells are touched. */
    assert_int_equal(gg_square_supercover(gg_cell_make(0, 0), gg_cell_make(2, 2), out, 16, &n),
                     GG_OK);
    assert_int_equal(n, 7);
    assert_true(gg_cell_eq(out[0], gg_cell_make(0, 0)));
    assert_true(gg_cell_eq(out[6], gg_cell_make(2, 2)));
    assert_true(contains(out, n, gg_cell_make(1, 0)));
    assert_true(contains(out, n, gg_cell_make(0, 1)));
    s.obstruction[0 * W + 1] = 9;
    gg_sight_def d = def_of(10, 1, 1);
    answer a = look(&s, 0, 0, 2, 2, &d);
    assert_true(a.res.visible);
    d.trace = GG_SIGHT_TRACE_SUPERCOVER;
    a = look(&s, 0, 0, 2, 2, &d);
    assert_int_equal(a.res.reason, GG_SIGHT_OCCLUDED);
    assert_true(gg_cell_eq(a.res.blocker, gg_cell_make(1, 0)));
    gg_cell small[2];
    assert_int_equal(gg_square_sight(&s.hb, gg_cell_make(0, 0), gg_cell_make(2, 2), &d, small, 2,
                                     &n, &a.res),
                     GG_E_BUFFER_TOO_SMALL);
    assert_int_equal(n, 7);
    assert_int_equal(gg_square_supercover(gg_cell_make(0, 0), gg_cell_make(2, 2), small, 2, &n),
                     GG_E_BUFFER_TOO_SMALL);
    assert_int_equal(gg_square_supercover(gg_cell_make(0, 0), gg_cell_make(2, 2), NULL, 2, &n),
                     GG_E_INVALID_ARG);
    assert_int_equal(gg_square_supercover(gg_cell_make(0, 0), gg_cell_make(2, 2), small, 2, NULL),
                     GG_E_INVALID_ARG);
    assert_int_equal(gg_square_supercover(gg_cell_make(GG_SQUARE_SUPERCOVER_LIMIT + 1, 0),
                                          gg_cell_make(0, 0), NULL, 0, &n),
                     GG_E_TOO_LARGE);
}

static void square__supercover_contains_the_bresenham_walk(void **state)
{
    (void)state;
    fx_rng rng;
    fx_rng_seed(&rng, 0x5EED0401u, "square__supercover_contains_the_bresenham_walk");
    static gg_cell cover[4096];
    for (int k = 0; k < 4000; ++k) {
        int32_t span = k < 2000 ? 10 : 120;
        gg_cell a = gg_cell_make(fx_range(&rng, -span, span), fx_range(&rng, -span, span));
        gg_cell b = gg_cell_make(fx_range(&rng, -span, span), fx_range(&rng, -span, span));
        int32_t m = 0;
        assert_int_equal(gg_square_supercover(a, b, cover, 4096, &m), GG_OK);
        assert_true(gg_cell_eq(cover[0], a));
        assert_true(gg_cell_eq(cover[m - 1], b));
        gg_line_iter it = gg_line_begin(a, b);
        gg_cell c;
        while (gg_line_next(&it, &c))
            assert_true(contains(cover, m, c));
        for (int32_t i = 0; i < m; ++i)
            for (int32_t j = i + 1; j < m; ++j)
                assert_false(gg_cell_eq(cover[i], cover[j]));
    }
}

static void square__opacity_zero_equals_plain_sight(void **state)
{
    (void)state;
    fx_rng rng;
    fx_rng_seed(&rng, 0x5EED0402u, "square__opacity_zero_equals_plain_sight");
    sq s;
    sq_init(&s);
    for (int round = 0; round < 20; ++round) {
        for (int i = 0; i < W * H; ++i) {
            s.ground[i] = (double)fx_range(&rng, 0, 6) * 0.5;
            s.obstruction[i] = fx_range(&rng, 0, 9) == 0 ? (double)fx_range(&rng, 1, 6) : 0.0;
            s.present[i] = fx_range(&rng, 0, 30) != 0;
        }
        for (int k = 0; k < 200; ++k) {
            int32_t c0 = fx_range(&rng, 0, W - 1), r0 = fx_range(&rng, 0, H - 1);
            int32_t c1 = fx_range(&rng, 0, W - 1), r1 = fx_range(&rng, 0, H - 1);
            for (int mode = 0; mode < 2; ++mode) {
                gg_sight_def plain = def_of(20, 1.5, 1.0), one = plain;
                plain.trace = one.trace = mode ? GG_SIGHT_TRACE_SUPERCOVER : GG_SIGHT_TRACE_CENTRE;
                one.opacity_threshold = 1.0; /* densities are all 1 */
                answer a = look(&s, c0, r0, c1, r1, &plain);
                answer o = look(&s, c0, r0, c1, r1, &one);
                assert_int_equal(a.status, GG_OK);
                assert_int_equal(o.status, GG_OK);
                assert_int_equal(a.res.reason, o.res.reason);
                assert_true(gg_cell_eq(a.res.blocker, o.res.blocker));
            }
        }
    }
}

/* Square sight's centre walk goes through the line walker (core/line_walk.h) whether or not the
 * trace fits the caller's buffer: the answer, blocker and trace prefix must not depend on the
 * buffer size. */
static void square__answer_does_not_depend_on_the_trace_buffer(void **state)
{
    (void)state;
    fx_rng rng;
    fx_rng_seed(&rng, 0x5EED0403u, "square__answer_does_not_depend_on_the_trace_buffer");
    sq s;
    sq_init(&s);
    gg_cell traced[16];
    for (int round = 0; round < 20; ++round) {
        for (int i = 0; i < W * H; ++i) {
            s.ground[i] = (double)fx_range(&rng, 0, 6) * 0.5;
            s.obstruction[i] = fx_range(&rng, 0, 9) == 0 ? (double)fx_range(&rng, 1, 6) : 0.0;
            s.density[i] = (double)fx_range(&rng, 0, 4) * 0.25;
            s.present[i] = fx_range(&rng, 0, 30) != 0;
        }
        for (int k = 0; k < 200; ++k) {
            int32_t c0 = fx_range(&rng, 0, W - 1), r0 = fx_range(&rng, 0, H - 1);
            int32_t c1 = fx_range(&rng, 0, W - 1), r1 = fx_range(&rng, 0, H - 1);
            gg_sight_def d = def_of(40, 1.5, 1.0);
            d.opacity_threshold = (double)fx_range(&rng, 0, 3) * 0.5;
            answer full = look(&s, c0, r0, c1, r1, &d);
            assert_int_equal(full.status, GG_OK);
            int32_t cap = fx_range(&rng, 0, full.n > 0 ? full.n - 1 : 0);
            if (cap > 16)
                cap = 16;
            gg_square_sight_result res;
            int32_t n = 0;
            gg_status st = gg_square_sight(&s.hb, gg_cell_make(c0, r0), gg_cell_make(c1, r1), &d,
                                           cap > 0 ? traced : NULL, cap, &n, &res);
            assert_int_equal(st, full.n > cap ? GG_PARTIAL : GG_OK);
            assert_int_equal(n, full.n);
            assert_int_equal(res.reason, full.res.reason);
            assert_int_equal(res.visible, full.res.visible);
            assert_true(gg_cell_eq(res.blocker, full.res.blocker));
            assert_int_equal(res.blocker_index, full.res.blocker_index);
            assert_true(res.opacity == full.res.opacity);
            for (int32_t i = 0; i < cap && i < n; ++i)
                assert_true(gg_cell_eq(traced[i], full.traced[i]));
        }
    }
}

static void square__rejects_bad_boards_and_values(void **state)
{
    (void)state;
    sq s;
    sq_init(&s);
    gg_square_sight_result res;
    gg_cell tr[16];
    int32_t n = 0;
    gg_sight_def d = def_of(10, 1, 1);
    gg_cell a = gg_cell_make(0, 0), b = gg_cell_make(5, 0);
    assert_int_equal(gg_square_sight(NULL, a, b, &d, tr, 16, &n, &res), GG_E_INVALID_ARG);
    assert_int_equal(res.fault, GG_SIGHT_FAULT_ARGUMENT);
    assert_int_equal(gg_square_sight(&s.hb, a, b, &d, tr, 16, &n, NULL), GG_E_INVALID_ARG);
    gg_square_heights bad = s.hb;
    bad.width = 0;
    assert_int_equal(gg_square_sight(&bad, a, b, &d, tr, 16, &n, &res), GG_E_INVALID_ARG);
    bad = s.hb;
    bad.ground = NULL;
    assert_int_equal(gg_square_sight(&bad, a, b, &d, tr, 16, &n, &res), GG_E_INVALID_ARG);
    bad = s.hb;
    bad.width = 100000;
    bad.height = 100000;
    assert_int_equal(gg_square_sight(&bad, a, b, &d, tr, 16, &n, &res), GG_E_INVALID_ARG);
    gg_sight_def dr = def_of(-2, 1, 1);
    assert_int_equal(gg_square_sight(&s.hb, a, b, &dr, tr, 16, &n, &res), GG_E_INVALID_ARG);
    assert_int_equal(res.fault, GG_SIGHT_FAULT_RANGE);
    s.ground[0] = (double)NAN;
    assert_int_equal(gg_square_sight(&s.hb, a, b, &d, tr, 16, &n, &res), GG_E_INVALID_ARG);
    assert_int_equal(res.fault, GG_SIGHT_FAULT_GROUND);
    s.ground[0] = 0;
    s.ground[2] = HUGE_VAL;
    assert_int_equal(gg_square_sight(&s.hb, a, b, &d, tr, 16, &n, &res), GG_E_INVALID_ARG);
    assert_int_equal(res.fault, GG_SIGHT_FAULT_GROUND);
    s.ground[2] = 0;
    s.obstruction[2] = -1;
    assert_int_equal(gg_square_sight(&s.hb, a, b, &d, tr, 16, &n, &res), GG_E_INVALID_ARG);
    assert_int_equal(res.fault, GG_SIGHT_FAULT_OBSTRUCTION);
    s.obstruction[2] = 1;
    s.density[2] = (double)NAN;
    d.opacity_threshold = 0.5;
    assert_int_equal(gg_square_sight(&s.hb, a, b, &d, tr, 16, &n, &res), GG_E_INVALID_ARG);
    assert_int_equal(res.fault, GG_SIGHT_FAULT_DENSITY);
    /* Optional arrays: NULL obstruction, density and presence. */
    gg_square_heights bare = s.hb;
    bare.obstruction = NULL;
    bare.density = NULL;
    bare.present = NULL;
    assert_int_equal(gg_square_sight(&bare, a, b, &d, tr, 16, &n, &res), GG_OK);
    assert_true(res.visible);
    d = def_of(GG_SIGHT_UNLIMITED, 1, 1);
    assert_int_equal(gg_square_sight(&s.hb, gg_cell_make(INT32_MIN, 0), gg_cell_make(INT32_MAX, 0),
                                     &d, NULL, 0, &n, &res),
                     GG_E_TOO_LARGE);
    d.trace = GG_SIGHT_TRACE_SUPERCOVER;
    assert_int_equal(gg_square_sight(&s.hb, gg_cell_make(GG_SQUARE_SUPERCOVER_LIMIT + 1, 0), a, &d,
                                     NULL, 0, &n, &res),
                     GG_E_TOO_LARGE);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(square__sight_follows_the_hex_model),
        cmocka_unit_test(square__supercover_sees_corner_cells),
        cmocka_unit_test(square__supercover_contains_the_bresenham_walk),
        cmocka_unit_test(square__opacity_zero_equals_plain_sight),
        cmocka_unit_test(square__answer_does_not_depend_on_the_trace_buffer),
        cmocka_unit_test(square__rejects_bad_boards_and_values),
    };
    return cmocka_run_group_tests_name("hex/square", tests, NULL, NULL);
}
