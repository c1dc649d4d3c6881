/* test_metric.c - Chebyshev distance: SRD 5.2 diagonals, symmetry and int32 extremes. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>

#include <cmocka.h>

#include "gridgeom/core.h"

static uint64_t rng_next(uint64_t *s)
{
    uint64_t z = (*s += 0x9E3779B97F4A7C15u);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9u;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBu;
    return z ^ (z >> 31);
}

static uint64_t test_seed(void)
{
    const char *env = getenv("GG_TEST_SEED");
    uint64_t seed = env != NULL ? strtoull(env, NULL, 0) : 20240611u;
    print_message("seed %llu (set GG_TEST_SEED to change)\n", (unsigned long long)seed);
    return seed;
}

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
    uint64_t s = test_seed();
    for (int i = 0; i < 20000; ++i) {
        gg_cell a = gg_cell_make((int32_t)(rng_next(&s) % 2001) - 1000,
                                 (int32_t)(rng_next(&s) % 2001) - 1000);
        gg_cell b = gg_cell_make((int32_t)(rng_next(&s) % 2001) - 1000,
                                 (int32_t)(rng_next(&s) % 2001) - 1000);
        gg_cell c = gg_cell_make((int32_t)(rng_next(&s) % 2001) - 1000,
                                 (int32_t)(rng_next(&s) % 2001) - 1000);
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

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(metric__chebyshev_counts_diagonals_as_one),
        cmocka_unit_test(metric__chebyshev_does_not_overflow_at_int32_extremes),
        cmocka_unit_test(metric__chebyshev_is_a_symmetric_translation_invariant_metric),
    };
    return cmocka_run_group_tests_name("core/metric", tests, NULL, NULL);
}
