/* test_segment.c - exact orientation and closed/proper segment intersection in half units,
 * checked against the model's §4 examples and a brute-force rational reference. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>

#include <cmocka.h>

#include "test_rng.h"

#include "gridgeom/core.h"

static gg_hpoint hp(int32_t x, int32_t y)
{
    gg_hpoint p;
    p.x = x;
    p.y = y;
    return p;
}

/* A grid corner (x,y) in half units. */
static gg_hpoint corner(int32_t x, int32_t y) { return hp(2 * x, 2 * y); }

static void segment__orientation_follows_nat20_expression(void **state)
{
    (void)state;
    /* sign((b.y-a.y)(c.x-b.x) - (b.x-a.x)(c.y-b.y)) */
    assert_int_equal(gg_orientation(hp(0, 0), hp(2, 0), hp(2, 2)), -1);
    assert_int_equal(gg_orientation(hp(0, 0), hp(2, 0), hp(2, -2)), 1);
    assert_int_equal(gg_orientation(hp(0, 0), hp(2, 0), hp(5, 0)), 0);
    assert_int_equal(gg_orientation(hp(0, 0), hp(0, 0), hp(5, 7)), 0);
    assert_int_equal(gg_orientation(hp(1, 1), hp(3, 3), hp(-7, -7)), 0);
    /* Swapping two points flips the sign. */
    assert_int_equal(gg_orientation(hp(0, 0), hp(2, 2), hp(2, 0)), 1);
    assert_int_equal(gg_orientation(hp(2, 2), hp(0, 0), hp(2, 0)), -1);
}

/* At GG_HPOINT_LIMIT the determinant needs about 2^61; a double would lose the +-1. */
static void segment__orientation_is_exact_at_the_limit(void **state)
{
    (void)state;
    const int32_t L = GG_HPOINT_LIMIT;
    /* b - a = (2L, 2L-1) and c - b = (1-2L, 2-2L): the determinant is exactly -1. */
    assert_int_equal(gg_orientation(hp(-L, -L), hp(L, L - 1), hp(1 - L, 1 - L)), -1);
    assert_int_equal(gg_orientation(hp(L, L - 1), hp(-L, -L), hp(1 - L, 1 - L)), 1);
    assert_int_equal(gg_orientation(hp(-L, -L), hp(L, L), hp(L - 1, L - 1)), 0);
    assert_int_equal(gg_orientation(hp(-L, -L), hp(L, L), hp(-L, L)), -1);
    assert_int_equal(gg_orientation(hp(-L, L), hp(L, -L), hp(L, L)), -1);
    assert_false(gg_segments_intersect(hp(-L, -L), hp(L, L - 1), hp(1 - L, 1 - L), hp(L, L)));
    assert_true(gg_segments_intersect(hp(-L, -L), hp(L, L), hp(-L, L), hp(L, -L)));
    assert_true(gg_segments_cross(hp(-L, -L), hp(L, L), hp(-L, L), hp(L, -L)));
}

/* Beyond the limit the answer is unspecified, but the call is defined (UBSan builds check it). */
static void segment__beyond_the_limit_is_safe_to_call(void **state)
{
    (void)state;
    int o = gg_orientation(hp(INT32_MIN, INT32_MIN), hp(INT32_MAX, INT32_MAX - 1),
                           hp(INT32_MIN, INT32_MAX));
    assert_true(o >= -1 && o <= 1);
    (void)gg_segments_intersect(hp(INT32_MIN, INT32_MAX), hp(INT32_MAX, INT32_MIN),
                                hp(INT32_MIN, INT32_MIN), hp(INT32_MAX, INT32_MAX));
    (void)gg_segments_cross(hp(INT32_MIN, INT32_MAX), hp(INT32_MAX, INT32_MIN),
                            hp(INT32_MIN, INT32_MIN), hp(INT32_MAX, INT32_MAX));
}

/* Model §4 worked examples (hand/segments_intersect vectors). */
static void segment__spec_worked_examples(void **state)
{
    (void)state;
    gg_hpoint c00 = gg_cell_centre(gg_cell_make(0, 0));
    gg_hpoint c11 = gg_cell_centre(gg_cell_make(1, 1));
    gg_hpoint c20 = gg_cell_centre(gg_cell_make(2, 0));
    /* The diagonal sight line touches the corner (1,1) that the wall ends on. */
    assert_true(gg_segments_intersect(c00, c11, corner(1, 1), corner(1, 0)));
    assert_false(gg_segments_cross(c00, c11, corner(1, 1), corner(1, 0)));
    /* Zero-length walls count iff they lie on the segment. */
    assert_true(gg_segments_intersect(c00, c11, corner(1, 1), corner(1, 1)));
    assert_false(gg_segments_intersect(c00, c11, corner(2, 2), corner(2, 2)));
    /* Collinear overlap counts; collinear but disjoint does not. */
    assert_true(
        gg_segments_intersect(corner(0, 0), corner(3, 3), c00, gg_cell_centre(gg_cell_make(2, 2))));
    assert_false(
        gg_segments_intersect(c00, gg_cell_centre(gg_cell_make(2, 2)), corner(3, 3), corner(4, 4)));
    /* hand/segments_intersect/0: a horizontal sight line crosses the wall x=1. */
    assert_true(gg_segments_intersect(c00, c20, corner(1, 0), corner(1, 1)));
    assert_true(gg_segments_cross(c00, c20, corner(1, 0), corner(1, 1)));
    /* A zero-length sight segment is hit iff its point lies on the wall. */
    assert_true(gg_segments_intersect(hp(2, 1), hp(2, 1), corner(1, 0), corner(1, 1)));
    assert_false(gg_segments_intersect(c00, c00, corner(1, 0), corner(1, 1)));
}

static void segment__cross_excludes_touching_and_overlap(void **state)
{
    (void)state;
    /* T junction: the endpoint of one lies inside the other. */
    assert_true(gg_segments_intersect(hp(0, 0), hp(4, 0), hp(2, 0), hp(2, 3)));
    assert_false(gg_segments_cross(hp(0, 0), hp(4, 0), hp(2, 0), hp(2, 3)));
    /* Shared endpoint. */
    assert_true(gg_segments_intersect(hp(0, 0), hp(4, 0), hp(4, 0), hp(6, 3)));
    assert_false(gg_segments_cross(hp(0, 0), hp(4, 0), hp(4, 0), hp(6, 3)));
    /* Collinear overlap. */
    assert_true(gg_segments_intersect(hp(0, 0), hp(4, 0), hp(2, 0), hp(6, 0)));
    assert_false(gg_segments_cross(hp(0, 0), hp(4, 0), hp(2, 0), hp(6, 0)));
    /* An X. */
    assert_true(gg_segments_cross(hp(0, 0), hp(4, 4), hp(0, 4), hp(4, 0)));
    /* Parallel, apart. */
    assert_false(gg_segments_intersect(hp(0, 0), hp(4, 0), hp(0, 1), hp(4, 1)));
    /* The lines cross, but outside one segment. */
    assert_false(gg_segments_intersect(hp(0, 0), hp(4, 0), hp(5, -1), hp(5, 1)));
    /* Both points, equal and not. */
    assert_true(gg_segments_intersect(hp(3, 3), hp(3, 3), hp(3, 3), hp(3, 3)));
    assert_false(gg_segments_intersect(hp(3, 3), hp(3, 3), hp(3, 4), hp(3, 4)));
    assert_false(gg_segments_cross(hp(3, 3), hp(3, 3), hp(3, 3), hp(3, 3)));
}

/* ---- brute-force rational reference -------------------------------------------------------- */

static int64_t cross(int64_t ax, int64_t ay, int64_t bx, int64_t by) { return ax * by - ay * bx; }
static int64_t dot(int64_t ax, int64_t ay, int64_t bx, int64_t by) { return ax * bx + ay * by; }

/* q on the closed segment a-b, via the parameter t = dot/len2 in [0,1]. */
static bool ref_point_on(gg_hpoint q, gg_hpoint a, gg_hpoint b)
{
    int64_t dx = b.x - a.x, dy = b.y - a.y, qx = q.x - a.x, qy = q.y - a.y;
    if (dx == 0 && dy == 0)
        return qx == 0 && qy == 0;
    if (cross(dx, dy, qx, qy) != 0)
        return false;
    int64_t t = dot(qx, qy, dx, dy);
    return t >= 0 && t <= dot(dx, dy, dx, dy);
}

/* Solves p1 + t d1 = p3 + u d2 with rational t, u (numerator/denominator with denominator > 0);
 * parallel segments fall back to projecting onto d1. `proper` asks for 0 < t, u < 1. */
static bool ref_intersect(gg_hpoint p1, gg_hpoint p2, gg_hpoint p3, gg_hpoint p4, bool proper)
{
    bool pt1 = p1.x == p2.x && p1.y == p2.y, pt2 = p3.x == p4.x && p3.y == p4.y;
    if (pt1 || pt2) {
        if (proper)
            return false; /* a point has no interior */
        return pt1 ? ref_point_on(p1, p3, p4) : ref_point_on(p3, p1, p2);
    }
    int64_t d1x = p2.x - p1.x, d1y = p2.y - p1.y, d2x = p4.x - p3.x, d2y = p4.y - p3.y;
    int64_t wx = p3.x - p1.x, wy = p3.y - p1.y;
    int64_t den = cross(d1x, d1y, d2x, d2y);
    if (den == 0) {
        if (cross(d1x, d1y, wx, wy) != 0 || proper)
            return false; /* parallel apart, or collinear (never a single interior point) */
        int64_t len2 = dot(d1x, d1y, d1x, d1y);
        int64_t t3 = dot(wx, wy, d1x, d1y);
        int64_t t4 = dot(p4.x - p1.x, p4.y - p1.y, d1x, d1y);
        int64_t lo = t3 < t4 ? t3 : t4, hi = t3 < t4 ? t4 : t3;
        return (lo > 0 ? lo : 0) <= (hi < len2 ? hi : len2);
    }
    int64_t tn = cross(wx, wy, d2x, d2y), un = cross(wx, wy, d1x, d1y);
    if (den < 0) {
        den = -den;
        tn = -tn;
        un = -un;
    }
    if (proper)
        return tn > 0 && tn < den && un > 0 && un < den;
    return tn >= 0 && tn <= den && un >= 0 && un <= den;
}

static gg_hpoint random_point(fx_rng *s, int32_t span)
{
    return hp((int32_t)(fx_next64(s) % (uint64_t)(2 * span + 1)) - span,
              (int32_t)(fx_next64(s) % (uint64_t)(2 * span + 1)) - span);
}

static void segment__matches_rational_reference_on_small_coordinates(void **state)
{
    (void)state;
    fx_rng s;
    fx_rng_seed(&s, 20240611u, "segment__matches_rational_reference_on_small_coordinates");
    int hits = 0, crosses = 0;
    for (int i = 0; i < 200000; ++i) {
        /* Tiny spans make touching, collinear and zero-length cases common. */
        int32_t span = i % 3 == 0 ? 2 : 6;
        gg_hpoint p[4];
        for (int j = 0; j < 4; ++j)
            p[j] = random_point(&s, span);
        if (i % 11 == 0)
            p[1] = p[0];
        if (i % 13 == 0)
            p[3] = p[2];
        bool got = gg_segments_intersect(p[0], p[1], p[2], p[3]);
        bool want = ref_intersect(p[0], p[1], p[2], p[3], false);
        if (got != want)
            print_error("intersect (%d,%d)-(%d,%d) vs (%d,%d)-(%d,%d): got %d\n", p[0].x, p[0].y,
                        p[1].x, p[1].y, p[2].x, p[2].y, p[3].x, p[3].y, got);
        assert_int_equal(got, want);
        bool got_x = gg_segments_cross(p[0], p[1], p[2], p[3]);
        assert_int_equal(got_x, ref_intersect(p[0], p[1], p[2], p[3], true));
        hits += got;
        crosses += got_x;
    }
    /* The sample exercised both answers. */
    assert_true(hits > 1000 && hits < 199000);
    assert_true(crosses > 1000);
}

static void segment__symmetric_under_swaps_and_reversal(void **state)
{
    (void)state;
    fx_rng s;
    fx_rng_seed(&s, 20240611u, "segment__symmetric_under_swaps_and_reversal");
    for (int i = 0; i < 100000; ++i) {
        int32_t span = i % 2 == 0 ? 3 : 1000;
        gg_hpoint a = random_point(&s, span), b = random_point(&s, span);
        gg_hpoint c = random_point(&s, span), d = random_point(&s, span);
        bool in = gg_segments_intersect(a, b, c, d);
        assert_int_equal(in, gg_segments_intersect(c, d, a, b));
        assert_int_equal(in, gg_segments_intersect(b, a, c, d));
        assert_int_equal(in, gg_segments_intersect(a, b, d, c));
        assert_int_equal(in, gg_segments_intersect(d, c, b, a));
        bool x = gg_segments_cross(a, b, c, d);
        assert_int_equal(x, gg_segments_cross(c, d, a, b));
        assert_int_equal(x, gg_segments_cross(b, a, d, c));
        /* closed contains proper */
        assert_true(!x || in);
        /* Orientation: cyclic permutations keep the sign, a swap negates it. */
        int o = gg_orientation(a, b, c);
        assert_int_equal(o, gg_orientation(b, c, a));
        assert_int_equal(o, -gg_orientation(b, a, c));
        /* Translation by whole half units changes nothing. */
        gg_hpoint t = hp(7, -3);
        assert_int_equal(in,
                         gg_segments_intersect(hp(a.x + t.x, a.y + t.y), hp(b.x + t.x, b.y + t.y),
                                               hp(c.x + t.x, c.y + t.y), hp(d.x + t.x, d.y + t.y)));
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(segment__orientation_follows_nat20_expression),
        cmocka_unit_test(segment__orientation_is_exact_at_the_limit),
        cmocka_unit_test(segment__beyond_the_limit_is_safe_to_call),
        cmocka_unit_test(segment__spec_worked_examples),
        cmocka_unit_test(segment__cross_excludes_touching_and_overlap),
        cmocka_unit_test(segment__matches_rational_reference_on_small_coordinates),
        cmocka_unit_test(segment__symmetric_under_swaps_and_reversal),
    };
    return cmocka_run_group_tests_name("core/segment", tests, NULL, NULL);
}
