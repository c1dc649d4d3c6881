/* test_coord.c - hex coordinates: distance, neighbours, rounding, rings, ranges, spirals, pixels.
 * Layer: hex (tests). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <math.h>

#include <cmocka.h>

#include "gridgeom/hex.h"
#include "test_rng.h"

static void assert_hex(gg_hex h, int32_t q, int32_t r)
{
    assert_int_equal(h.q, q);
    assert_int_equal(h.r, r);
}

static void coord__distance_uses_64_bit_intermediates(void **state)
{
    (void)state;
    assert_int_equal(gg_hex_distance(gg_hex_make(0, 0), gg_hex_make(3, -5)), 5);
    assert_int_equal(gg_hex_distance(gg_hex_make(INT32_MAX, 0), gg_hex_make(INT32_MIN, 0)),
                     4294967295LL);
    assert_int_equal(gg_hex_distance(gg_hex_make(INT32_MAX, INT32_MIN),
                                     gg_hex_make(INT32_MIN, INT32_MAX)),
                     4294967295LL);
    assert_int_equal(gg_hex_distance(gg_hex_make(INT32_MIN, INT32_MIN),
                                     gg_hex_make(INT32_MAX, INT32_MAX)),
                     2 * 4294967295LL);
}

static void coord__distance_is_a_metric(void **state)
{
    (void)state;
    fx_rng rng;
    fx_rng_seed(&rng, 0x5EED0001u, "coord__distance_is_a_metric");
    for (int i = 0; i < 2000; ++i) {
        gg_hex a = gg_hex_make(fx_range(&rng, -50, 50), fx_range(&rng, -50, 50));
        gg_hex b = gg_hex_make(fx_range(&rng, -50, 50), fx_range(&rng, -50, 50));
        gg_hex c = gg_hex_make(fx_range(&rng, -50, 50), fx_range(&rng, -50, 50));
        assert_int_equal(gg_hex_distance(a, b), gg_hex_distance(b, a));
        assert_true(gg_hex_distance(a, c) <= gg_hex_distance(a, b) + gg_hex_distance(b, c));
        assert_true((gg_hex_distance(a, b) == 0) == gg_hex_eq(a, b));
    }
}

static void coord__from_doubles_accepts_integers_only(void **state)
{
    (void)state;
    gg_hex h;
    assert_int_equal(gg_hex_from_doubles(-3.0, 7.0, &h), GG_OK);
    assert_hex(h, -3, 7);
    assert_int_equal(gg_hex_from_doubles(0.5, 0.0, &h), GG_E_INVALID_ARG);
    assert_hex(h, 0, 0);
    assert_int_equal(gg_hex_from_doubles(0.0, (double)NAN, &h), GG_E_INVALID_ARG);
    assert_int_equal(gg_hex_from_doubles(HUGE_VAL, 0.0, &h), GG_E_INVALID_ARG);
    assert_int_equal(gg_hex_from_doubles(2147483648.0, 0.0, &h), GG_E_TOO_LARGE);
    assert_int_equal(gg_hex_from_doubles(0.0, -2147483649.0, &h), GG_E_TOO_LARGE);
    assert_int_equal(gg_hex_from_doubles(-2147483648.0, 0.0, &h), GG_OK);
    assert_int_equal(gg_hex_from_doubles(0.0, 0.0, NULL), GG_E_INVALID_ARG);
}

static void coord__neighbors_follow_reference_order(void **state)
{
    (void)state;
    gg_hex nb[6];
    assert_int_equal(gg_hex_neighbors(gg_hex_make(3, -2), nb), GG_OK);
    assert_hex(nb[0], 4, -2);
    assert_hex(nb[1], 3, -1);
    assert_hex(nb[2], 2, -1);
    assert_hex(nb[3], 2, -2);
    assert_hex(nb[4], 3, -3);
    assert_hex(nb[5], 4, -3);
    for (int32_t e = -12; e < 12; ++e) {
        gg_hex h;
        assert_int_equal(gg_hex_neighbor(gg_hex_make(3, -2), e, &h), GG_OK);
        assert_true(gg_hex_eq(h, nb[((e % 6) + 6) % 6]));
        assert_int_equal(gg_hex_edge_between(gg_hex_make(3, -2), h), ((e % 6) + 6) % 6);
        assert_int_equal(gg_hex_edge_between(h, gg_hex_make(3, -2)), gg_hex_opposite_edge(e));
    }
    assert_int_equal(gg_hex_edge_between(gg_hex_make(0, 0), gg_hex_make(1, 1)), -1);
    assert_int_equal(gg_hex_edge_between(gg_hex_make(0, 0), gg_hex_make(0, 0)), -1);
    assert_hex(gg_hex_direction(-1), 1, -1);
}

static void coord__neighbors_report_overflow(void **state)
{
    (void)state;
    gg_hex nb[6], h;
    assert_int_equal(gg_hex_neighbors(gg_hex_make(INT32_MAX, 0), nb), GG_E_TOO_LARGE);
    assert_int_equal(gg_hex_neighbors(gg_hex_make(0, INT32_MIN), nb), GG_E_TOO_LARGE);
    assert_int_equal(gg_hex_neighbors(gg_hex_make(0, 0), NULL), GG_E_INVALID_ARG);
    assert_int_equal(gg_hex_neighbor(gg_hex_make(INT32_MAX, 5), 0, &h), GG_E_TOO_LARGE);
    assert_hex(h, INT32_MAX, 5);
    assert_int_equal(gg_hex_neighbor(gg_hex_make(INT32_MAX, 5), 3, &h), GG_OK);
    assert_hex(h, INT32_MAX - 1, 5);
    assert_int_equal(gg_hex_neighbor(gg_hex_make(0, 0), 0, NULL), GG_E_INVALID_ARG);
}

static void coord__round_is_math_round_with_strict_repair(void **state)
{
    (void)state;
    gg_hex h;
    /* Math.round(-0.5) = -0: q -0.5 -> 0 (C round() would give -1). */
    assert_int_equal(gg_hex_round(-0.5, 10.0, &h), GG_OK);
    assert_hex(h, 0, 10);
    /* floor(x + 0.5) rounds 0.49999999999999994 up; Math.round does not. */
    assert_int_equal(gg_hex_round(0.49999999999999994, 0.0, &h), GG_OK);
    assert_hex(h, 0, 0);
    /* q and r tie (0.5 each), s is exact: r is repaired before s, so (1,0), not (0,1). */
    assert_int_equal(gg_hex_round(0.5, 0.5, &h), GG_OK);
    assert_hex(h, 1, 0);
    assert_int_equal(gg_hex_round((double)NAN, 0.0, &h), GG_E_INVALID_ARG);
    assert_int_equal(gg_hex_round(0.0, -HUGE_VAL, &h), GG_E_INVALID_ARG);
    assert_int_equal(gg_hex_round(1e12, 0.0, &h), GG_E_TOO_LARGE);
    assert_int_equal(gg_hex_round(0.0, 0.0, NULL), GG_E_INVALID_ARG);
}

static void coord__ring_follows_reference_order(void **state)
{
    (void)state;
    gg_hex out[32];
    int32_t n = -1;
    assert_int_equal(gg_hex_ring(gg_hex_make(0, 0), 2, out, 32, &n), GG_OK);
    static const int32_t want[12][2] = {{0, -2}, {1, -2}, {2, -2}, {2, -1}, {2, 0},  {1, 1},
                                        {0, 2},  {-1, 2}, {-2, 2}, {-2, 1}, {-2, 0}, {-1, -1}};
    assert_int_equal(n, 12);
    for (int i = 0; i < 12; ++i)
        assert_hex(out[i], want[i][0], want[i][1]);
    assert_int_equal(gg_hex_ring(gg_hex_make(5, 5), 0, out, 32, &n), GG_OK);
    assert_int_equal(n, 1);
    assert_hex(out[0], 5, 5);
    assert_int_equal(gg_hex_ring(gg_hex_make(0, 0), 3, out, 4, &n), GG_PARTIAL);
    assert_int_equal(n, 18);
    assert_hex(out[0], 0, -3);
    assert_int_equal(gg_hex_ring(gg_hex_make(0, 0), 3, NULL, 0, &n), GG_PARTIAL);
    assert_int_equal(n, 18);
}

static void coord__lists_reject_bad_arguments(void **state)
{
    (void)state;
    gg_hex out[8];
    int32_t n = 7;
    gg_status (*fns[3])(gg_hex, int32_t, gg_hex *, int32_t, int32_t *) = {gg_hex_ring, gg_hex_range,
                                                                          gg_hex_spiral};
    for (int f = 0; f < 3; ++f) {
        assert_int_equal(fns[f](gg_hex_make(0, 0), -1, out, 8, &n), GG_E_INVALID_ARG);
        assert_int_equal(n, 0);
        assert_int_equal(fns[f](gg_hex_make(0, 0), 1, out, -1, &n), GG_E_INVALID_ARG);
        assert_int_equal(fns[f](gg_hex_make(0, 0), 1, NULL, 3, &n), GG_E_INVALID_ARG);
        assert_int_equal(fns[f](gg_hex_make(0, 0), 1, out, 8, NULL), GG_E_INVALID_ARG);
        assert_int_equal(fns[f](gg_hex_make(INT32_MAX - 1, 0), 2, out, 8, &n), GG_E_TOO_LARGE);
        assert_int_equal(fns[f](gg_hex_make(0, 0), 1000000, NULL, 0, &n),
                         f == 0 ? GG_PARTIAL : GG_E_TOO_LARGE);
    }
}

static void coord__range_is_q_major(void **state)
{
    (void)state;
    gg_hex out[64];
    int32_t n = 0;
    assert_int_equal(gg_hex_range(gg_hex_make(0, 0), 1, out, 64, &n), GG_OK);
    static const int32_t want[7][2] = {{-1, 0}, {-1, 1}, {0, -1}, {0, 0}, {0, 1}, {1, -1}, {1, 0}};
    assert_int_equal(n, 7);
    for (int i = 0; i < 7; ++i)
        assert_hex(out[i], want[i][0], want[i][1]);
    assert_int_equal(gg_hex_range(gg_hex_make(2, -3), 4, out, 64, &n), GG_OK);
    assert_int_equal(n, 61);
    for (int i = 0; i < n; ++i)
        assert_true(gg_hex_distance(out[i], gg_hex_make(2, -3)) <= 4);
    assert_int_equal(gg_hex_range(gg_hex_make(0, 0), 4, out, 10, &n), GG_PARTIAL);
    assert_int_equal(n, 61);
}

static void coord__spiral_is_centre_then_rings(void **state)
{
    (void)state;
    gg_hex sp[61], rg[61];
    int32_t n = 0, m = 0;
    assert_int_equal(gg_hex_spiral(gg_hex_make(1, 1), 4, sp, 61, &n), GG_OK);
    assert_int_equal(gg_hex_range(gg_hex_make(1, 1), 4, rg, 61, &m), GG_OK);
    assert_int_equal(n, 61);
    assert_hex(sp[0], 1, 1);
    assert_hex(sp[1], 1, 0); /* ring 1 starts at NW */
    int64_t last = 0;
    for (int i = 0; i < n; ++i) {
        int64_t d = gg_hex_distance(sp[i], gg_hex_make(1, 1));
        assert_true(d >= last);
        last = d;
        int found = 0;
        for (int j = 0; j < m; ++j)
            found += gg_hex_eq(sp[i], rg[j]);
        assert_int_equal(found, 1);
    }
    assert_int_equal(gg_hex_spiral(gg_hex_make(0, 0), 2, sp, 3, &n), GG_PARTIAL);
    assert_int_equal(n, 19);
}

static void coord__pixel_round_trip(void **state)
{
    (void)state;
    gg_hex_layout l = gg_hex_layout_make(2.0 / sqrt(3.0), 0.0, 0.0);
    double x, y;
    /* The reference's default geometry: 2 wide, rows 1.73205 apart. */
    assert_int_equal(gg_hex_to_pixel(&l, gg_hex_make(1, 0), &x, &y), GG_OK);
    assert_true(fabs(x - 2.0) < 1e-12 && fabs(y) < 1e-12);
    assert_int_equal(gg_hex_to_pixel(&l, gg_hex_make(0, 1), &x, &y), GG_OK);
    assert_true(fabs(x - 1.0) < 1e-12 && fabs(y - 1.7320508075688772) < 1e-12);
    fx_rng rng;
    fx_rng_seed(&rng, 0x5EED0002u, "coord__pixel_round_trip");
    gg_hex_layout l2 = gg_hex_layout_make(13.5, -40.0, 25.0);
    for (int i = 0; i < 5000; ++i) {
        gg_hex h = gg_hex_make(fx_range(&rng, -1000, 1000), fx_range(&rng, -1000, 1000)), back;
        assert_int_equal(gg_hex_to_pixel(&l2, h, &x, &y), GG_OK);
        /* Anywhere inside the inscribed circle maps back to the same hex. */
        double ang = (double)fx_range(&rng, 0, 359) * 3.141592653589793 / 180.0;
        double rad = 13.5 * 0.85 * sqrt(3.0) / 2.0 * (double)fx_range(&rng, 0, 100) / 100.0;
        assert_int_equal(gg_hex_from_pixel(&l2, x + rad * cos(ang), y + rad * sin(ang), &back),
                         GG_OK);
        assert_true(gg_hex_eq(h, back));
    }
}

static void coord__pixel_rejects_bad_input(void **state)
{
    (void)state;
    gg_hex_layout good = gg_hex_layout_make(1.0, 0.0, 0.0);
    gg_hex_layout bad[3] = {gg_hex_layout_make(0.0, 0.0, 0.0),
                            gg_hex_layout_make((double)NAN, 0.0, 0.0),
                            gg_hex_layout_make(1.0, HUGE_VAL, 0.0)};
    double x, y;
    gg_hex h;
    for (int i = 0; i < 3; ++i) {
        assert_int_equal(gg_hex_to_pixel(&bad[i], gg_hex_make(0, 0), &x, &y), GG_E_INVALID_ARG);
        assert_int_equal(gg_hex_from_pixel(&bad[i], 0.0, 0.0, &h), GG_E_INVALID_ARG);
    }
    assert_int_equal(gg_hex_to_pixel(NULL, gg_hex_make(0, 0), &x, &y), GG_E_INVALID_ARG);
    assert_int_equal(gg_hex_to_pixel(&good, gg_hex_make(0, 0), NULL, &y), GG_E_INVALID_ARG);
    assert_int_equal(gg_hex_from_pixel(&good, (double)NAN, 0.0, &h), GG_E_INVALID_ARG);
    assert_int_equal(gg_hex_from_pixel(&good, 0.0, 0.0, NULL), GG_E_INVALID_ARG);
    assert_int_equal(gg_hex_from_pixel(&good, 1e300, 0.0, &h), GG_E_TOO_LARGE);
    gg_hex_layout tiny = gg_hex_layout_make(1e-300, 0.0, 0.0);
    assert_int_equal(gg_hex_from_pixel(&tiny, 1e300, 0.0, &h), GG_E_TOO_LARGE);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(coord__distance_uses_64_bit_intermediates),
        cmocka_unit_test(coord__distance_is_a_metric),
        cmocka_unit_test(coord__from_doubles_accepts_integers_only),
        cmocka_unit_test(coord__neighbors_follow_reference_order),
        cmocka_unit_test(coord__neighbors_report_overflow),
        cmocka_unit_test(coord__round_is_math_round_with_strict_repair),
        cmocka_unit_test(coord__ring_follows_reference_order),
        cmocka_unit_test(coord__lists_reject_bad_arguments),
        cmocka_unit_test(coord__range_is_q_major),
        cmocka_unit_test(coord__spiral_is_centre_then_rings),
        cmocka_unit_test(coord__pixel_round_trip),
        cmocka_unit_test(coord__pixel_rejects_bad_input),
    };
    return cmocka_run_group_tests_name("hex/coord", tests, NULL, NULL);
}
