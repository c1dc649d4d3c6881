/* test_line.c - Nat20's Bresenham walk: the §5 table, direction dependence, walk properties on
 * random endpoints, and int32 extremes without overflow. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>

#include <cmocka.h>

#include "test_rng.h"

#include "gridgeom/core.h"

enum { MAX_WALK = 512 };

static int walk(gg_cell a, gg_cell b, gg_cell *out, int cap)
{
    gg_line_iter it = gg_line_begin(a, b);
    int n = 0;
    gg_cell c;
    while (gg_line_next(&it, &c)) {
        assert_true(n < cap);
        out[n++] = c;
    }
    return n;
}

/* `cells` holds col,row pairs. */
static void expect_walk(gg_cell a, gg_cell b, const int32_t *cells, int count)
{
    gg_cell got[MAX_WALK];
    int n = walk(a, b, got, MAX_WALK);
    assert_int_equal(n, count);
    for (int i = 0; i < count; ++i) {
        if (got[i].col != cells[2 * i] || got[i].row != cells[2 * i + 1])
            print_error("(%d,%d)->(%d,%d) cell %d: got %d,%d want %d,%d\n", a.col, a.row, b.col,
                        b.row, i, got[i].col, got[i].row, cells[2 * i], cells[2 * i + 1]);
        assert_int_equal(got[i].col, cells[2 * i]);
        assert_int_equal(got[i].row, cells[2 * i + 1]);
    }
}

/* Model §5 table (hand/bresenham vectors). */
static void line__spec_table(void **state)
{
    (void)state;
    static const int32_t a[] = {0, 0, 1, 1, 2, 1};
    expect_walk(gg_cell_make(0, 0), gg_cell_make(2, 1), a, 3);
    static const int32_t b[] = {2, 1, 1, 0, 0, 0};
    expect_walk(gg_cell_make(2, 1), gg_cell_make(0, 0), b, 3);
    static const int32_t c[] = {0, 0, 1, 1, 2, 1, 3, 2, 4, 2};
    expect_walk(gg_cell_make(0, 0), gg_cell_make(4, 2), c, 5);
    static const int32_t d[] = {4, 2, 3, 1, 2, 1, 1, 0, 0, 0};
    expect_walk(gg_cell_make(4, 2), gg_cell_make(0, 0), d, 5);
    static const int32_t e[] = {0, 0, 1, 1, 2, 1, 3, 2, 4, 3, 5, 3, 6, 4};
    expect_walk(gg_cell_make(0, 0), gg_cell_make(6, 4), e, 7);
    static const int32_t f[] = {6, 4, 5, 3, 4, 3, 3, 2, 2, 1, 1, 1, 0, 0};
    expect_walk(gg_cell_make(6, 4), gg_cell_make(0, 0), f, 7);
}

static void line__is_direction_dependent(void **state)
{
    (void)state;
    gg_cell fwd[8], back[8];
    int n = walk(gg_cell_make(0, 0), gg_cell_make(2, 1), fwd, 8);
    assert_int_equal(walk(gg_cell_make(2, 1), gg_cell_make(0, 0), back, 8), n);
    /* The middle cell differs: 1,1 forward, 1,0 backward (why LoS via blocked cells and
     * cover_between are not symmetric, model §5). */
    assert_false(gg_cell_eq(fwd[1], back[1]));
}

static void line__axis_and_single_cell_walks(void **state)
{
    (void)state;
    static const int32_t one[] = {3, -4};
    expect_walk(gg_cell_make(3, -4), gg_cell_make(3, -4), one, 1);
    static const int32_t west[] = {2, 5, 1, 5, 0, 5, -1, 5};
    expect_walk(gg_cell_make(2, 5), gg_cell_make(-1, 5), west, 4);
    static const int32_t north[] = {0, 2, 0, 1, 0, 0};
    expect_walk(gg_cell_make(0, 2), gg_cell_make(0, 0), north, 3);
    static const int32_t diag[] = {0, 0, -1, 1, -2, 2};
    expect_walk(gg_cell_make(0, 0), gg_cell_make(-2, 2), diag, 3);
}

static void line__done_walk_leaves_out_unchanged(void **state)
{
    (void)state;
    gg_line_iter it = gg_line_begin(gg_cell_make(1, 1), gg_cell_make(2, 1));
    gg_cell c;
    assert_true(gg_line_next(&it, &c));
    assert_true(gg_line_next(&it, &c));
    assert_true(gg_cell_eq(c, gg_cell_make(2, 1)));
    c = gg_cell_make(99, 99);
    assert_false(gg_line_next(&it, &c));
    assert_false(gg_line_next(&it, &c));
    assert_true(gg_cell_eq(c, gg_cell_make(99, 99)));
    assert_false(gg_line_next(NULL, &c));
    gg_line_iter it2 = gg_line_begin(gg_cell_make(0, 0), gg_cell_make(1, 0));
    assert_false(gg_line_next(&it2, NULL));
}

/* Length = Chebyshev + 1, endpoints included, consecutive cells 8-adjacent, every cell within
 * half a cell of the ideal line (measured across the major axis), and monotone on both axes. */
static void line__walk_properties_on_random_endpoints(void **state)
{
    (void)state;
    fx_rng s;
    fx_rng_seed(&s, 20240611u, "line__walk_properties_on_random_endpoints");
    gg_cell cells[MAX_WALK];
    for (int i = 0; i < 20000; ++i) {
        int32_t span = i % 2 == 0 ? 4 : 100;
        gg_cell a = gg_cell_make((int32_t)(fx_next64(&s) % (uint64_t)(2 * span + 1)) - span,
                                 (int32_t)(fx_next64(&s) % (uint64_t)(2 * span + 1)) - span);
        gg_cell b = gg_cell_make((int32_t)(fx_next64(&s) % (uint64_t)(2 * span + 1)) - span,
                                 (int32_t)(fx_next64(&s) % (uint64_t)(2 * span + 1)) - span);
        int n = walk(a, b, cells, MAX_WALK);
        assert_int_equal(n, gg_chebyshev(a, b) + 1);
        assert_true(gg_cell_eq(cells[0], a));
        assert_true(gg_cell_eq(cells[n - 1], b));
        int64_t dx = (int64_t)b.col - a.col, dy = (int64_t)b.row - a.row;
        int64_t major = llabs(dx) > llabs(dy) ? llabs(dx) : llabs(dy);
        for (int k = 0; k < n; ++k) {
            if (k > 0) {
                assert_int_equal(gg_chebyshev(cells[k - 1], cells[k]), 1);
                /* never steps backwards on either axis */
                assert_true((cells[k].col - cells[k - 1].col) * dx >= 0);
                assert_true((cells[k].row - cells[k - 1].row) * dy >= 0);
            }
            /* |cross(cell - a, b - a)| / major is the off-line distance across the major axis. */
            int64_t cx = (int64_t)cells[k].col - a.col, cy = (int64_t)cells[k].row - a.row;
            int64_t crs = cx * dy - cy * dx;
            assert_true(2 * llabs(crs) <= major);
        }
    }
}

/* |dx| and |dy| reach 2^32 - 1 here; UBSan builds turn any overflow into a failure. */
static void line__int32_extremes_do_not_overflow(void **state)
{
    (void)state;
    gg_cell c;
    gg_line_iter it = gg_line_begin(gg_cell_make(INT32_MIN, INT32_MIN),
                                    gg_cell_make(INT32_MAX, INT32_MAX));
    for (int32_t k = 0; k < 5; ++k) {
        assert_true(gg_line_next(&it, &c));
        assert_int_equal(c.col, INT32_MIN + k);
        assert_int_equal(c.row, INT32_MIN + k);
    }
    it = gg_line_begin(gg_cell_make(INT32_MAX, 0), gg_cell_make(INT32_MIN, 1));
    for (int32_t k = 0; k < 5; ++k) {
        assert_true(gg_line_next(&it, &c));
        assert_int_equal(c.col, INT32_MAX - k);
        assert_int_equal(c.row, 0);
    }
    it = gg_line_begin(gg_cell_make(0, INT32_MIN), gg_cell_make(1, INT32_MAX));
    assert_true(gg_line_next(&it, &c));
    assert_true(gg_line_next(&it, &c));
    assert_int_equal(c.col, 0);
    assert_int_equal(c.row, INT32_MIN + 1);
    /* Complete walks that end exactly on the extremes. */
    static const int32_t edge[] = {INT32_MAX - 3, INT32_MIN + 1, INT32_MAX - 2, INT32_MIN + 1,
                                   INT32_MAX - 1, INT32_MIN,     INT32_MAX,     INT32_MIN};
    expect_walk(gg_cell_make(INT32_MAX - 3, INT32_MIN + 1), gg_cell_make(INT32_MAX, INT32_MIN),
                edge, 4);
    static const int32_t edge2[] = {INT32_MIN + 2, INT32_MAX - 2, INT32_MIN + 1,
                                    INT32_MAX - 1, INT32_MIN,     INT32_MAX};
    expect_walk(gg_cell_make(INT32_MIN + 2, INT32_MAX - 2), gg_cell_make(INT32_MIN, INT32_MAX),
                edge2, 3);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(line__spec_table),
        cmocka_unit_test(line__is_direction_dependent),
        cmocka_unit_test(line__axis_and_single_cell_walks),
        cmocka_unit_test(line__done_walk_leaves_out_unchanged),
        cmocka_unit_test(line__walk_properties_on_random_endpoints),
        cmocka_unit_test(line__int32_extremes_do_not_overflow),
    };
    return cmocka_run_group_tests_name("core/line", tests, NULL, NULL);
}
