/* test_line.c - the reference hex line and the exact hex supercover.
 * Layer: hex (tests). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>

#include <cmocka.h>

#include "gridgeom/hex.h"
#include "test_rng.h"

static void assert_hex(gg_hex h, int32_t q, int32_t r)
{
    assert_int_equal(h.q, q);
    assert_int_equal(h.r, r);
}

static void line__worked_examples(void **state)
{
    (void)state;
    static const struct {
        int32_t a[2], b[2];
        int32_t n;
        int32_t cells[5][2];
    } cases[] = {
        {{0, 0}, {3, 0}, 4, {{0, 0}, {1, 0}, {2, 0}, {3, 0}}},
        {{1, 0}, {-1, 0}, 3, {{1, 0}, {0, 0}, {-1, 0}}},
        {{0, 0}, {2, -1}, 3, {{0, 0}, {1, 0}, {2, -1}}},
        {{0, 0}, {1, 1}, 3, {{0, 0}, {1, 0}, {1, 1}}},
        {{0, 0}, {-1, -1}, 3, {{0, 0}, {0, -1}, {-1, -1}}},
        {{0, 0}, {1, -2}, 3, {{0, 0}, {1, -1}, {1, -2}}},
        {{0, 0}, {4, -2}, 5, {{0, 0}, {1, 0}, {2, -1}, {3, -1}, {4, -2}}},
        {{7, 7}, {7, 7}, 1, {{7, 7}}},
    };
    for (size_t c = 0; c < sizeof cases / sizeof cases[0]; ++c) {
        gg_hex out[8];
        int32_t n = 0;
        assert_int_equal(gg_hex_line(gg_hex_make(cases[c].a[0], cases[c].a[1]),
                                     gg_hex_make(cases[c].b[0], cases[c].b[1]), out, 8, &n),
                         GG_OK);
        assert_int_equal(n, cases[c].n);
        for (int32_t i = 0; i < n; ++i)
            assert_hex(out[i], cases[c].cells[i][0], cases[c].cells[i][1]);
    }
}

static bool contains(const gg_hex *v, int32_t n, gg_hex h)
{
    for (int32_t i = 0; i < n; ++i)
        if (gg_hex_eq(v[i], h))
            return true;
    return false;
}

static void line__is_not_reversal_symmetric(void **state)
{
    (void)state;
    gg_hex fwd[32], back[32];
    int32_t n = 0, m = 0;
    assert_int_equal(gg_hex_line(gg_hex_make(-12, 0), gg_hex_make(-1, 11), fwd, 32, &n), GG_OK);
    assert_int_equal(gg_hex_line(gg_hex_make(-1, 11), gg_hex_make(-12, 0), back, 32, &m), GG_OK);
    assert_int_equal(n, 23);
    assert_int_equal(m, 23);
    assert_true(contains(fwd, n, gg_hex_make(-8, 3)));
    assert_true(contains(fwd, n, gg_hex_make(-5, 8)));
    assert_false(contains(back, m, gg_hex_make(-8, 3)));
    assert_false(contains(back, m, gg_hex_make(-5, 8)));
    assert_true(contains(back, m, gg_hex_make(-9, 4)));
    assert_true(contains(back, m, gg_hex_make(-4, 7)));
}

static void line__is_unfused(void **state)
{
    (void)state;
    /* (2,5)->(-1,11), i = 5: q = 2 + (-3)*(5/6) is exactly -0.5 unfused and rounds to 0; a fused
     * multiply-add gives -0.5000000000000001 and the cell (-1, ...). */
    gg_hex out[8];
    int32_t n = 0;
    assert_int_equal(gg_hex_line(gg_hex_make(2, 5), gg_hex_make(-1, 11), out, 8, &n), GG_OK);
    assert_int_equal(n, 7);
    assert_int_equal(out[5].q, 0);
}

static void line__cells_are_adjacent_and_counted(void **state)
{
    (void)state;
    fx_rng rng;
    fx_rng_seed(&rng, 0x5EED0101u, "line__cells_are_adjacent_and_counted");
    gg_hex out[512];
    for (int k = 0; k < 3000; ++k) {
        gg_hex a = gg_hex_make(fx_range(&rng, -100, 100), fx_range(&rng, -100, 100));
        gg_hex b = gg_hex_make(fx_range(&rng, -100, 100), fx_range(&rng, -100, 100));
        int32_t n = 0;
        assert_int_equal(gg_hex_line(a, b, out, 512, &n), GG_OK);
        assert_int_equal(n, gg_hex_distance(a, b) + 1);
        assert_true(gg_hex_eq(out[0], a));
        assert_true(gg_hex_eq(out[n - 1], b));
        for (int32_t i = 1; i < n; ++i)
            assert_true(gg_hex_edge_between(out[i - 1], out[i]) >= 0);
        /* The iterator gives the same cells. */
        gg_hex_line_iter it = gg_hex_line_begin(a, b);
        gg_hex c;
        int32_t i = 0;
        while (gg_hex_line_next(&it, &c))
            assert_true(gg_hex_eq(c, out[i++]));
        assert_int_equal(i, n);
        assert_false(gg_hex_line_next(&it, &c));
    }
}

static void line__partial_and_bad_arguments(void **state)
{
    (void)state;
    gg_hex out[4];
    int32_t n = 0;
    assert_int_equal(gg_hex_line(gg_hex_make(0, 0), gg_hex_make(9, 0), out, 4, &n), GG_PARTIAL);
    assert_int_equal(n, 10);
    assert_hex(out[3], 3, 0);
    assert_int_equal(gg_hex_line(gg_hex_make(0, 0), gg_hex_make(9, 0), NULL, 0, &n), GG_PARTIAL);
    assert_int_equal(n, 10);
    assert_int_equal(gg_hex_line(gg_hex_make(0, 0), gg_hex_make(9, 0), NULL, 2, &n),
                     GG_E_INVALID_ARG);
    assert_int_equal(n, 0);
    assert_int_equal(gg_hex_line(gg_hex_make(0, 0), gg_hex_make(9, 0), out, -1, &n),
                     GG_E_INVALID_ARG);
    assert_int_equal(gg_hex_line(gg_hex_make(0, 0), gg_hex_make(9, 0), out, 4, NULL),
                     GG_E_INVALID_ARG);
    assert_int_equal(gg_hex_line(gg_hex_make(INT32_MIN, 0), gg_hex_make(INT32_MAX, 0), NULL, 0, &n),
                     GG_E_TOO_LARGE);
    gg_hex c;
    assert_false(gg_hex_line_next(NULL, &c));
}

static void line__supercover_takes_both_sides_of_an_edge(void **state)
{
    (void)state;
    gg_hex out[16];
    int32_t n = 0;
    /* (0,0)->(1,1) runs along the edge between (1,0) and (0,1). */
    assert_int_equal(gg_hex_supercover(gg_hex_make(0, 0), gg_hex_make(1, 1), out, 16, &n), GG_OK);
    assert_int_equal(n, 4);
    assert_hex(out[0], 0, 0);
    assert_hex(out[3], 1, 1);
    assert_true(contains(out, n, gg_hex_make(1, 0)));
    assert_true(contains(out, n, gg_hex_make(0, 1)));
    /* (0,0)->(2,-1) likewise takes (1,-1) beside the traced (1,0). */
    assert_int_equal(gg_hex_supercover(gg_hex_make(0, 0), gg_hex_make(2, -1), out, 16, &n), GG_OK);
    assert_int_equal(n, 4);
    assert_true(contains(out, n, gg_hex_make(1, -1)));
    /* Along an axis, only the line itself. */
    assert_int_equal(gg_hex_supercover(gg_hex_make(0, 0), gg_hex_make(3, 0), out, 16, &n), GG_OK);
    assert_int_equal(n, 4);
    assert_int_equal(gg_hex_supercover(gg_hex_make(2, 2), gg_hex_make(2, 2), out, 16, &n), GG_OK);
    assert_int_equal(n, 1);
}

static void line__supercover_contains_the_centre_trace(void **state)
{
    (void)state;
    fx_rng rng;
    fx_rng_seed(&rng, 0x5EED0102u, "line__supercover_contains_the_centre_trace");
    static gg_hex line[1024], cover[4096];
    for (int k = 0; k < 4000; ++k) {
        int32_t span = k < 2000 ? 12 : 100;
        gg_hex a = gg_hex_make(fx_range(&rng, -span, span), fx_range(&rng, -span, span));
        gg_hex b = gg_hex_make(fx_range(&rng, -span, span), fx_range(&rng, -span, span));
        if (k % 4 == 0) { /* edge-aligned: a multiple of (1,1), (2,-1) or (1,-2) */
            static const int32_t dirs[3][2] = {{1, 1}, {2, -1}, {1, -2}};
            int32_t t = fx_range(&rng, -8, 8), di = (k / 4) % 3;
            b = gg_hex_make(a.q + t * dirs[di][0], a.r + t * dirs[di][1]);
        }
        int32_t n = 0, m = 0;
        assert_int_equal(gg_hex_line(a, b, line, 1024, &n), GG_OK);
        assert_int_equal(gg_hex_supercover(a, b, cover, 4096, &m), GG_OK);
        assert_true(gg_hex_eq(cover[0], a));
        assert_true(gg_hex_eq(cover[m - 1], b));
        for (int32_t i = 0; i < n; ++i)
            assert_true(contains(cover, m, line[i]));
        /* No duplicates, and each cell touches the next (the cover is connected). */
        for (int32_t i = 0; i < m; ++i) {
            for (int32_t j = i + 1; j < m; ++j)
                assert_false(gg_hex_eq(cover[i], cover[j]));
        }
        for (int32_t i = 1; i < m; ++i) {
            bool linked = false;
            for (int32_t j = 0; j < i && !linked; ++j)
                linked = gg_hex_edge_between(cover[j], cover[i]) >= 0;
            assert_true(linked);
        }
    }
}

static void line__supercover_is_all_or_nothing(void **state)
{
    (void)state;
    gg_hex out[4] = {{99, 99}, {99, 99}, {99, 99}, {99, 99}};
    int32_t n = 0;
    assert_int_equal(gg_hex_supercover(gg_hex_make(0, 0), gg_hex_make(4, 4), out, 4, &n),
                     GG_E_BUFFER_TOO_SMALL);
    assert_true(n > 4);
    assert_hex(out[0], 99, 99);
    assert_int_equal(gg_hex_supercover(gg_hex_make(0, 0), gg_hex_make(4, 4), NULL, 0, &n),
                     GG_E_BUFFER_TOO_SMALL);
    assert_int_equal(gg_hex_supercover(gg_hex_make(0, 0), gg_hex_make(4, 4), NULL, 3, &n),
                     GG_E_INVALID_ARG);
    assert_int_equal(gg_hex_supercover(gg_hex_make(0, 0), gg_hex_make(4, 4), out, -3, &n),
                     GG_E_INVALID_ARG);
    assert_int_equal(gg_hex_supercover(gg_hex_make(0, 0), gg_hex_make(4, 4), out, 4, NULL),
                     GG_E_INVALID_ARG);
    assert_int_equal(gg_hex_supercover(gg_hex_make(GG_HEX_SUPERCOVER_LIMIT + 1, 0),
                                       gg_hex_make(0, 0), out, 4, &n),
                     GG_E_TOO_LARGE);
    /* s = -q - r counts too. */
    assert_int_equal(gg_hex_supercover(gg_hex_make(GG_HEX_SUPERCOVER_LIMIT,
                                                   GG_HEX_SUPERCOVER_LIMIT),
                                       gg_hex_make(0, 0), out, 4, &n),
                     GG_E_TOO_LARGE);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(line__worked_examples),
        cmocka_unit_test(line__is_not_reversal_symmetric),
        cmocka_unit_test(line__is_unfused),
        cmocka_unit_test(line__cells_are_adjacent_and_counted),
        cmocka_unit_test(line__partial_and_bad_arguments),
        cmocka_unit_test(line__supercover_takes_both_sides_of_an_edge),
        cmocka_unit_test(line__supercover_contains_the_centre_trace),
        cmocka_unit_test(line__supercover_is_all_or_nothing),
    };
    return cmocka_run_group_tests_name("hex/line", tests, NULL, NULL);
}
