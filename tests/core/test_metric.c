/* test_metric.c - Chebyshev distance: SRD 5.2 diagonals, symmetry and int32 extremes; movement
 * metrics (5-10-5 parity across legs, exact Euclidean costs), sizes and footprint gaps. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>

#include <cmocka.h>

#include "test_rng.h"

#include "gridgeom/core.h"

/* A body (the footprint functions read only its cell and size) as an addressable value. */
#define BODY(cell, size) ((gg_body){(cell), (size), 0, 0u, 0, 0, true})

static void metric__chebyshev_counts_diagonals_as_one(void **state)
{
    (void)state;
    assert_int_equal(gg_chebyshev(gg_cell_make(0, 0), gg_cell_make(0, 0)), 0);
    assert_int_equal(gg_chebyshev(gg_cell_make(0, 0), gg_cell_make(1, 1)), 1);
    assert_int_equal(gg_chebyshev(gg_cell_make(0, 0), gg_cell_make(3, 1)), 3);
    assert_int_equal(gg_chebyshev(gg_cell_make(2, 2), gg_cell_make(-1, 7)), 5);
    assert_int_equal(gg_chebyshev(gg_cell_make(-4, 0), gg_cell_make(4, -8)), 8);
}

static void metric__chebyshev_does_not_overflow_at_int32_extremes(void **state)
{
    (void)state;
    const int64_t span = (int64_t)INT32_MAX - (int64_t)INT32_MIN; /* 2^32 - 1 */
    assert_true(gg_chebyshev(gg_cell_make(INT32_MIN, 0), gg_cell_make(INT32_MAX, 0)) == span);
    assert_true(gg_chebyshev(gg_cell_make(0, INT32_MAX), gg_cell_make(0, INT32_MIN)) == span);
    assert_true(gg_chebyshev(gg_cell_make(INT32_MIN, INT32_MIN),
                             gg_cell_make(INT32_MAX, INT32_MAX)) == span);
    assert_true(gg_chebyshev(gg_cell_make(INT32_MIN, 0), gg_cell_make(0, 0)) == (int64_t)1 << 31);
}

static void metric__chebyshev_is_a_symmetric_translation_invariant_metric(void **state)
{
    (void)state;
    fx_rng s;
    fx_rng_seed(&s, 20240611u, "metric__chebyshev_is_a_symmetric_translation_invariant_metric");
    for (int i = 0; i < 20000; ++i) {
        gg_cell a = gg_cell_make((int32_t)(fx_next64(&s) % 2001) - 1000,
                                 (int32_t)(fx_next64(&s) % 2001) - 1000);
        gg_cell b = gg_cell_make((int32_t)(fx_next64(&s) % 2001) - 1000,
                                 (int32_t)(fx_next64(&s) % 2001) - 1000);
        gg_cell c = gg_cell_make((int32_t)(fx_next64(&s) % 2001) - 1000,
                                 (int32_t)(fx_next64(&s) % 2001) - 1000);
        int64_t ab = gg_chebyshev(a, b);
        assert_true(ab == gg_chebyshev(b, a));
        assert_true(ab >= 0);
        assert_true((ab == 0) == gg_cell_eq(a, b));
        assert_true(ab <= gg_chebyshev(a, c) + gg_chebyshev(c, b));
        int64_t dc = llabs((long long)a.col - b.col), dr = llabs((long long)a.row - b.row);
        assert_true(ab == (dc > dr ? dc : dr));
        gg_cell a2 = gg_cell_make(a.col + 17, a.row - 5), b2 = gg_cell_make(b.col + 17, b.row - 5);
        assert_true(gg_chebyshev(a2, b2) == ab);
    }
}

/* ---- Movement metrics (issue 3) --------------------------------------------------------------- */

static gg_metric_cost mc(int64_t feet, int64_t root2)
{
    gg_metric_cost c = {feet, root2, 0, 0};
    return c;
}

static void metric__distance_formulas(void **state)
{
    (void)state;
    gg_metric_cost c;
    gg_cell o = gg_cell_make(0, 0), t = gg_cell_make(5, -3);
    assert_int_equal(gg_metric_distance(5, o, t, 0, GG_METRIC_CHEBYSHEV, &c), GG_OK);
    assert_true(c.feet == 25 && c.root2_feet == 0 && c.steps == 5 && c.parity == 0);
    assert_int_equal(gg_metric_distance(5, o, t, 0, GG_METRIC_ALTERNATING, &c), GG_OK);
    assert_true(c.feet == 30 && c.steps == 5 && c.parity == 1); /* 3 diagonals: 5 10 5 */
    assert_int_equal(gg_metric_distance(5, o, t, 1, GG_METRIC_ALTERNATING, &c), GG_OK);
    assert_true(c.feet == 35 && c.parity == 0); /* 10 5 10 */
    assert_int_equal(gg_metric_distance(5, o, t, 0, GG_METRIC_EUCLIDEAN, &c), GG_OK);
    assert_true(c.feet == 10 && c.root2_feet == 15 && c.steps == 5);
    assert_int_equal(gg_metric_distance(5, o, t, 0, GG_METRIC_MANHATTAN, &c), GG_OK);
    assert_true(c.feet == 40 && c.steps == 8);
    assert_int_equal(gg_metric_distance(5, o, o, 1, GG_METRIC_CHEBYSHEV, &c), GG_OK);
    assert_true(c.feet == 0 && c.parity == 1);
}

/* Pricing a route whole equals pricing it in legs that carry the parity, for every split. */
static void metric__route_cost_legs_equal_whole(void **state)
{
    (void)state;
    fx_rng s;
    fx_rng_seed(&s, 20240611u, "metric__route_cost_legs_equal_whole");
    const gg_metric ms[4] = {GG_METRIC_CHEBYSHEV, GG_METRIC_ALTERNATING, GG_METRIC_EUCLIDEAN,
                             GG_METRIC_MANHATTAN};
    for (int iter = 0; iter < 400; ++iter) {
        gg_metric m = ms[iter % 4];
        gg_cell route[40];
        route[0] = gg_cell_make(0, 0);
        for (int i = 1; i < 40; ++i) {
            int dc, dr;
            do {
                dc = (int)(fx_next64(&s) % 3) - 1;
                dr = (int)(fx_next64(&s) % 3) - 1;
            } while ((dc == 0 && dr == 0) || (m == GG_METRIC_MANHATTAN && dc != 0 && dr != 0));
            route[i] = gg_cell_make(route[i - 1].col + dc, route[i - 1].row + dr);
        }
        int32_t p0 = (int32_t)(fx_next64(&s) % 2);
        gg_metric_cost whole, a, b;
        assert_int_equal(gg_metric_route_cost(5, route, 40, p0, m, &whole), GG_OK);
        for (int k = 0; k < 40; ++k) {
            assert_int_equal(gg_metric_route_cost(5, route, k + 1, p0, m, &a), GG_OK);
            assert_int_equal(gg_metric_route_cost(5, route + k, 40 - k, a.parity, m, &b), GG_OK);
            assert_true(a.feet + b.feet == whole.feet &&
                        a.root2_feet + b.root2_feet == whole.root2_feet &&
                        a.steps + b.steps == whole.steps);
            assert_int_equal(b.parity, whole.parity);
        }
        /* A straight open route prices at least the open-grid distance. */
        gg_metric_cost d;
        assert_int_equal(gg_metric_distance(5, route[0], route[39], p0, m, &d), GG_OK);
        assert_true(gg_metric_cost_compare(d, whole) <= 0);
    }
}

static void metric__cost_compare_is_exact(void **state)
{
    (void)state;
    /* 7 vs 5*sqrt(2) = 7.0710...: 7 < 5r2; 99 vs 70 r2 = 98.99494...: 99 > 70r2. */
    assert_int_equal(gg_metric_cost_compare(mc(7, 0), mc(0, 5)), -1);
    assert_int_equal(gg_metric_cost_compare(mc(0, 5), mc(7, 0)), 1);
    assert_int_equal(gg_metric_cost_compare(mc(99, 0), mc(0, 70)), 1);
    assert_int_equal(gg_metric_cost_compare(mc(10, 3), mc(10, 3)), 0);
    assert_int_equal(gg_metric_cost_compare(mc(10, 4), mc(11, 3)), 1);
    /* Large magnitudes: 3037000499.97605 = 2147483648 * sqrt(2). */
    int64_t big = (int64_t)1 << 31;
    assert_int_equal(gg_metric_cost_compare(mc(3037000499, 0), mc(0, big)), -1);
    assert_int_equal(gg_metric_cost_compare(mc(3037000500, 0), mc(0, big)), 1);
    int64_t huge = (int64_t)1 << 60;
    assert_int_equal(gg_metric_cost_compare(mc(huge, 0), mc(0, huge)), -1);
    assert_true(gg_metric_cost_ft(mc(10, 5)) > 17.07 && gg_metric_cost_ft(mc(10, 5)) < 17.08);
}

static void metric__footprints(void **state)
{
    (void)state;
    assert_int_equal(gg_size_cells(GG_SIZE_TINY), 1);
    assert_int_equal(gg_size_cells(GG_SIZE_MEDIUM), 1);
    assert_int_equal(gg_size_cells(GG_SIZE_LARGE), 2);
    assert_int_equal(gg_size_cells(GG_SIZE_HUGE), 3);
    assert_int_equal(gg_size_cells(GG_SIZE_GARGANTUAN), 4);
    assert_int_equal(gg_size_cells((gg_size)9), 0);
    gg_metric_cost c;
    /* A Large creature at 0,0 (covers 0..1) and a Medium one at 3,1: 2 squares apart. */
    gg_body large = BODY(gg_cell_make(0, 0), GG_SIZE_LARGE);
    gg_body huge = BODY(gg_cell_make(0, 0), GG_SIZE_HUGE);
    gg_body m31 = BODY(gg_cell_make(3, 1), GG_SIZE_MEDIUM);
    gg_body m22 = BODY(gg_cell_make(2, 2), GG_SIZE_MEDIUM);
    assert_int_equal(gg_footprint_distance(5, &large, &m31, GG_METRIC_CHEBYSHEV, &c), GG_OK);
    assert_true(c.feet == 10);
    assert_false(gg_footprints_adjacent(&large, &m31));
    assert_true(gg_footprints_adjacent(&large, &m22));
    assert_false(gg_footprints_adjacent(&huge, &m22)); /* overlapping */
    assert_false(gg_footprints_adjacent(&BODY(gg_cell_make(0, 0), (gg_size)-1), &m22));
    assert_false(gg_footprints_adjacent(NULL, &m22));
    assert_int_equal(gg_footprint_distance(5, &huge, &m22, GG_METRIC_CHEBYSHEV, &c), GG_OK);
    assert_true(c.feet == 0);
    /* Huge at 0,0 (0..2) and Gargantuan at 6,9 (6..9): gap (4, 7); 5-10-5 = 35 + 10 = 45. */
    gg_body garg = BODY(gg_cell_make(6, 9), GG_SIZE_GARGANTUAN);
    assert_int_equal(gg_footprint_distance(5, &huge, &garg, GG_METRIC_ALTERNATING, &c), GG_OK);
    assert_true(c.feet == 45);
}

static void metric__invalid_arguments(void **state)
{
    (void)state;
    gg_metric_cost c;
    gg_cell a = gg_cell_make(0, 0), b = gg_cell_make(1, 1);
    assert_int_equal(gg_metric_distance(5, a, b, 0, GG_METRIC_CHEBYSHEV, NULL), GG_E_INVALID_ARG);
    assert_int_equal(gg_metric_distance(5, a, b, 0, (gg_metric)7, &c), GG_E_INVALID_ARG);
    assert_int_equal(gg_metric_distance(0, a, b, 0, GG_METRIC_CHEBYSHEV, &c), GG_E_INVALID_ARG);
    assert_int_equal(gg_metric_distance(5, a, b, 2, GG_METRIC_CHEBYSHEV, &c), GG_E_INVALID_ARG);
    assert_int_equal(gg_metric_distance(5, gg_cell_make(INT32_MIN, 0), gg_cell_make(INT32_MAX, 0),
                                        0, GG_METRIC_CHEBYSHEV, &c),
                     GG_E_TOO_LARGE);
    const gg_cell r[3] = {{0, 0}, {1, 1}, {3, 1}};
    assert_int_equal(gg_metric_route_cost(5, r, 2, 0, GG_METRIC_CHEBYSHEV, NULL), GG_E_INVALID_ARG);
    assert_int_equal(gg_metric_route_cost(5, NULL, 2, 0, GG_METRIC_CHEBYSHEV, &c),
                     GG_E_INVALID_ARG);
    assert_int_equal(gg_metric_route_cost(5, r, -1, 0, GG_METRIC_CHEBYSHEV, &c), GG_E_INVALID_ARG);
    assert_int_equal(gg_metric_route_cost(5, r, 2, 0, (gg_metric)-1, &c), GG_E_INVALID_ARG);
    assert_int_equal(gg_metric_route_cost(-5, r, 2, 0, GG_METRIC_CHEBYSHEV, &c), GG_E_INVALID_ARG);
    assert_int_equal(gg_metric_route_cost(5, r, 2, 3, GG_METRIC_CHEBYSHEV, &c), GG_E_INVALID_ARG);
    assert_int_equal(gg_metric_route_cost(5, r, 2, 0, GG_METRIC_MANHATTAN, &c), GG_E_INVALID_ARG);
    assert_int_equal(gg_metric_route_cost(5, r, 3, 0, GG_METRIC_CHEBYSHEV, &c), GG_E_INVALID_ARG);
    assert_true(c.feet == 5 && c.steps == 1); /* the steps before the jump */
    assert_int_equal(gg_metric_route_cost(5, NULL, 0, 0, GG_METRIC_CHEBYSHEV, &c), GG_OK);
    gg_body la = BODY(a, GG_SIZE_LARGE), lb = BODY(b, GG_SIZE_LARGE);
    assert_int_equal(gg_footprint_distance(5, &la, &lb, GG_METRIC_CHEBYSHEV, NULL),
                     GG_E_INVALID_ARG);
    assert_int_equal(gg_footprint_distance(5, NULL, &lb, GG_METRIC_CHEBYSHEV, &c),
                     GG_E_INVALID_ARG);
    assert_int_equal(gg_footprint_distance(5, &la, &lb, (gg_metric)5, &c), GG_E_INVALID_ARG);
    gg_body bad = BODY(a, (gg_size)6);
    assert_int_equal(gg_footprint_distance(5, &bad, &lb, GG_METRIC_CHEBYSHEV, &c),
                     GG_E_INVALID_ARG);
    assert_int_equal(gg_footprint_distance(0, &la, &lb, GG_METRIC_CHEBYSHEV, &c), GG_E_INVALID_ARG);
    gg_body far_w = BODY(gg_cell_make(INT32_MIN, 0), GG_SIZE_TINY);
    gg_body far_e = BODY(gg_cell_make(INT32_MAX - 3, 0), GG_SIZE_TINY);
    assert_int_equal(gg_footprint_distance(5, &far_w, &far_e, GG_METRIC_CHEBYSHEV, &c),
                     GG_E_TOO_LARGE);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(metric__chebyshev_counts_diagonals_as_one),
        cmocka_unit_test(metric__chebyshev_does_not_overflow_at_int32_extremes),
        cmocka_unit_test(metric__chebyshev_is_a_symmetric_translation_invariant_metric),
        cmocka_unit_test(metric__distance_formulas),
        cmocka_unit_test(metric__route_cost_legs_equal_whole),
        cmocka_unit_test(metric__cost_compare_is_exact),
        cmocka_unit_test(metric__footprints),
        cmocka_unit_test(metric__invalid_arguments),
    };
    return cmocka_run_group_tests_name("core/metric", tests, NULL, NULL);
}
