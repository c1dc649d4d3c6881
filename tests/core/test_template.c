/* test_template.c - area templates: the model's §9 worked examples and raw orders, closed-form
 * counts, a brute-force reference written straight from Nat20's definitions, GG_PARTIAL, huge
 * sizes, and every invalid-argument path. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "test_rng.h"

#include "gridgeom/core.h"

enum { CAP = 4096 };

static gg_template tpl_make(gg_shape shape, int32_t size_ft, int32_t dc, int32_t dr)
{
    gg_template t;
    t.shape = shape;
    t.size_ft = size_ft;
    t.has_direction = true;
    t.direction = gg_cell_make(dc, dr);
    return t;
}

static gg_template tpl_undirected(gg_shape shape, int32_t size_ft)
{
    gg_template t = tpl_make(shape, size_ft, 0, 0);
    t.has_direction = false;
    return t;
}

static int32_t cells_of(gg_template t, int32_t oc, int32_t orow, int32_t cs, int32_t w, int32_t h,
                        gg_cell *out)
{
    int32_t n = -1;
    const char *reason = "unset";
    gg_status s = gg_template_cells(w, h, cs, gg_cell_make(oc, orow), &t, out, CAP, &n, &reason);
    if (s != GG_OK)
        print_error("status %s: %s\n", gg_status_name(s), reason != NULL ? reason : "(null)");
    assert_int_equal(s, GG_OK);
    assert_null(reason);
    return n;
}

/* Compares the raw (unsorted) output with `cells`, col,row pairs. */
static void expect_cells(gg_template t, int32_t oc, int32_t orow, int32_t cs, int32_t w, int32_t h,
                         const int32_t *cells, int32_t count)
{
    gg_cell got[CAP];
    int32_t n = cells_of(t, oc, orow, cs, w, h, got);
    if (n != count)
        print_error("shape %d size %d: %d cells, want %d\n", (int)t.shape, t.size_ft, n, count);
    assert_int_equal(n, count);
    for (int32_t i = 0; i < count; ++i) {
        if (got[i].col != cells[2 * i] || got[i].row != cells[2 * i + 1])
            print_error("shape %d size %d cell %d: got %d,%d want %d,%d\n", (int)t.shape, t.size_ft,
                        i, got[i].col, got[i].row, cells[2 * i], cells[2 * i + 1]);
        assert_int_equal(got[i].col, cells[2 * i]);
        assert_int_equal(got[i].row, cells[2 * i + 1]);
    }
}

/* Model §9 worked examples on 15x15, origin 7,7, 5-ft cells (hand/tpl vectors), in raw order. */
static void template__spec_worked_examples(void **state)
{
    (void)state;
    gg_cell buf[CAP];
    assert_int_equal(cells_of(tpl_undirected(GG_SHAPE_SPHERE, 20), 7, 7, 5, 15, 15, buf), 81);
    static const int32_t origin[] = {7, 7};
    expect_cells(tpl_undirected(GG_SHAPE_SPHERE, 0), 7, 7, 5, 15, 15, origin, 1);
    expect_cells(tpl_undirected(GG_SHAPE_SPHERE, 4), 7, 7, 5, 15, 15, origin, 1);
    static const int32_t line_e[] = {7, 7, 8, 7, 9, 7};
    expect_cells(tpl_make(GG_SHAPE_LINE, 10, 1, 0), 7, 7, 5, 15, 15, line_e, 3);
    static const int32_t line_ne[] = {7, 7, 8, 6, 9, 5};
    expect_cells(tpl_make(GG_SHAPE_LINE, 10, 2, -1), 7, 7, 5, 15, 15, line_ne, 3);
    static const int32_t cone_e[] = {7, 7, 8, 6, 8, 7, 8, 8, 9, 5, 9, 6, 9, 7, 9, 8, 9, 9};
    expect_cells(tpl_make(GG_SHAPE_CONE, 10, 1, 0), 7, 7, 5, 15, 15, cone_e, 9);
    static const int32_t cone_se[] = {7, 7, 7, 8, 7, 9, 8, 7, 8, 8, 9, 7};
    expect_cells(tpl_make(GG_SHAPE_CONE, 10, 1, 1), 7, 7, 5, 15, 15, cone_se, 6);
    static const int32_t cone_n[] = {6, 6, 7, 6, 7, 7, 8, 6};
    expect_cells(tpl_make(GG_SHAPE_CONE, 5, 0, -1), 7, 7, 5, 15, 15, cone_n, 4);
    static const int32_t cube_e10[] = {8, 6, 8, 7, 9, 6, 9, 7};
    expect_cells(tpl_make(GG_SHAPE_CUBE, 10, 1, 0), 7, 7, 5, 15, 15, cube_e10, 4);
    static const int32_t cube_e15[] = {8, 6, 8, 7, 8, 8, 9, 6, 9, 7, 9, 8, 10, 6, 10, 7, 10, 8};
    expect_cells(tpl_make(GG_SHAPE_CUBE, 15, 1, 0), 7, 7, 5, 15, 15, cube_e15, 9);
    static const int32_t cube_se[] = {8, 8, 8, 9, 9, 8, 9, 9};
    expect_cells(tpl_make(GG_SHAPE_CUBE, 10, 1, 1), 7, 7, 5, 15, 15, cube_se, 4);
    static const int32_t cube_e5[] = {8, 7};
    expect_cells(tpl_make(GG_SHAPE_CUBE, 5, 1, 0), 7, 7, 5, 15, 15, cube_e5, 1);
    expect_cells(tpl_make(GG_SHAPE_CUBE, 0, 1, 0), 7, 7, 5, 15, 15, NULL, 0);
    expect_cells(tpl_make(GG_SHAPE_CONE, 0, 1, 0), 7, 7, 5, 15, 15, origin, 1);
    expect_cells(tpl_make(GG_SHAPE_LINE, 0, 0, 1), 7, 7, 5, 15, 15, origin, 1);
    /* 10-ft cells */
    static const int32_t sphere19[] = {6, 6, 6, 7, 6, 8, 7, 6, 7, 7, 7, 8, 8, 6, 8, 7, 8, 8};
    expect_cells(tpl_undirected(GG_SHAPE_SPHERE, 19), 7, 7, 10, 15, 15, sphere19, 9);
    expect_cells(tpl_make(GG_SHAPE_CUBE, 5, 1, 0), 7, 7, 10, 15, 15, NULL, 0);
    static const int32_t cube_s20[] = {3, 5, 3, 6, 4, 5, 4, 6};
    expect_cells(tpl_make(GG_SHAPE_CUBE, 20, 0, 1), 4, 4, 10, 15, 15, cube_s20, 4);
    /* Even sides lean to the smaller index: 10-ft cube north of 7,7 covers columns 6-7. */
    static const int32_t cube_n10[] = {6, 6, 6, 5, 7, 6, 7, 5};
    expect_cells(tpl_make(GG_SHAPE_CUBE, 10, 0, -1), 7, 7, 5, 15, 15, cube_n10, 4);
}

/* hand/tpl_order vectors: 7x7, origin 3,3, 10 ft. */
static void template__raw_enumeration_order(void **state)
{
    (void)state;
    static const int32_t sphere[] = {1, 1, 1, 2, 1, 3, 1, 4, 1, 5, 2, 1, 2, 2, 2, 3, 2,
                                     4, 2, 5, 3, 1, 3, 2, 3, 3, 3, 4, 3, 5, 4, 1, 4, 2,
                                     4, 3, 4, 4, 4, 5, 5, 1, 5, 2, 5, 3, 5, 4, 5, 5};
    expect_cells(tpl_undirected(GG_SHAPE_SPHERE, 10), 3, 3, 5, 7, 7, sphere, 25);
    expect_cells(tpl_undirected(GG_SHAPE_CYLINDER, 10), 3, 3, 5, 7, 7, sphere, 25);
    static const int32_t cone_e[] = {3, 3, 4, 2, 4, 3, 4, 4, 5, 1, 5, 2, 5, 3, 5, 4, 5, 5};
    expect_cells(tpl_make(GG_SHAPE_CONE, 10, 1, 0), 3, 3, 5, 7, 7, cone_e, 9);
    static const int32_t cone_sw[] = {1, 3, 2, 3, 2, 4, 3, 3, 3, 4, 3, 5};
    expect_cells(tpl_make(GG_SHAPE_CONE, 10, -1, 1), 3, 3, 5, 7, 7, cone_sw, 6);
    static const int32_t cube_n[] = {2, 2, 2, 1, 3, 2, 3, 1};
    expect_cells(tpl_make(GG_SHAPE_CUBE, 10, 0, -1), 3, 3, 5, 7, 7, cube_n, 4);
    static const int32_t cube_se[] = {4, 4, 4, 5, 5, 4, 5, 5};
    expect_cells(tpl_make(GG_SHAPE_CUBE, 10, 1, 1), 3, 3, 5, 7, 7, cube_se, 4);
    static const int32_t line_sw[] = {3, 3, 2, 4, 1, 5};
    expect_cells(tpl_make(GG_SHAPE_LINE, 10, -1, 1), 3, 3, 5, 7, 7, line_sw, 3);
    /* Columns outer in list order: a westward cube lists columns descending. */
    static const int32_t cube_w[] = {2, 2, 2, 3, 1, 2, 1, 3};
    expect_cells(tpl_make(GG_SHAPE_CUBE, 10, -1, 0), 3, 3, 5, 7, 7, cube_w, 4);
    static const int32_t cube_nw[] = {2, 2, 2, 1, 1, 2, 1, 1};
    expect_cells(tpl_make(GG_SHAPE_CUBE, 10, -1, -1), 3, 3, 5, 7, 7, cube_nw, 4);
}

/* ---- brute-force reference, straight from model §9 ------------------------------------------ */

static int32_t sgn(int32_t v) { return (v > 0) - (v < 0); }

static int64_t py_floordiv(int64_t a, int64_t b)
{
    int64_t q = a / b;
    return (a % b != 0 && (a < 0) != (b < 0)) ? q - 1 : q;
}

static void ref_push(gg_cell *out, int32_t *n, int64_t c, int64_t r, int32_t w, int32_t h)
{
    if (c >= 0 && c < w && r >= 0 && r < h) {
        assert_true(*n < CAP);
        out[(*n)++] = gg_cell_make((int32_t)c, (int32_t)r);
    }
}

static int32_t ref_cells(gg_template t, gg_cell o, int32_t cs, int32_t w, int32_t h, gg_cell *out)
{
    int32_t cnt = 0;
    int64_t n = py_floordiv(t.size_ft, cs);
    int32_t sdc = sgn(t.direction.col), sdr = sgn(t.direction.row);
    if (t.shape == GG_SHAPE_SPHERE || t.shape == GG_SHAPE_CYLINDER || t.shape == GG_SHAPE_CONE) {
        for (int64_t dc = -n; dc <= n; ++dc)
            for (int64_t dr = -n; dr <= n; ++dr) {
                if (t.shape == GG_SHAPE_CONE) {
                    int64_t fwd = dc * sdc + dr * sdr;
                    int64_t lat = llabs((long long)(dc * sdr - dr * sdc));
                    if (fwd < 0 || fwd > n || lat > fwd)
                        continue;
                }
                ref_push(out, &cnt, o.col + dc, o.row + dr, w, h);
            }
    } else if (t.shape == GG_SHAPE_LINE) {
        for (int64_t k = 0; k <= n; ++k)
            ref_push(out, &cnt, o.col + k * sdc, o.row + k * sdr, w, h);
    } else if (t.shape == GG_SHAPE_CUBE) {
        int64_t s = n;
        if (s <= 0)
            return 0;
        for (int64_t i = 0; i < s; ++i)
            for (int64_t j = 0; j < s; ++j) {
                int64_t c = sdc != 0 ? o.col + sdc * (i + 1) : o.col - py_floordiv(s, 2) + i;
                int64_t r = sdr != 0 ? o.row + sdr * (j + 1) : o.row - py_floordiv(s, 2) + j;
                ref_push(out, &cnt, c, r, w, h);
            }
    }
    return cnt;
}

static void template__matches_brute_force_reference(void **state)
{
    (void)state;
    fx_rng s;
    fx_rng_seed(&s, 20240611u, "template__matches_brute_force_reference");
    static const int32_t dirs[][2] = {
        {1, 0},   {-1, 0}, {0, 1},  {0, -1}, {1, 1},   {1, -1}, {-1, 1},
        {-1, -1}, {2, 1},  {-3, 0}, {0, 7},  {-5, -5}, {2, -1}, {INT32_MIN, INT32_MAX}};
    const int ndirs = (int)(sizeof dirs / sizeof dirs[0]);
    static const int32_t sizes[] = {1, 3, 5, 10};
    gg_cell got[CAP], want[CAP];
    for (int i = 0; i < 6000; ++i) {
        int32_t w = 1 + (int32_t)(fx_next64(&s) % 14), h = 1 + (int32_t)(fx_next64(&s) % 14);
        int32_t cs = sizes[fx_next64(&s) % 4];
        gg_cell o = gg_cell_make((int32_t)(fx_next64(&s) % (uint64_t)w),
                                 (int32_t)(fx_next64(&s) % (uint64_t)h));
        int32_t size = (int32_t)(fx_next64(&s) % 90) - 12; /* negative sizes included */
        gg_shape shape = (gg_shape)(1 + (int)(fx_next64(&s) % 5));
        const int32_t *d = dirs[fx_next64(&s) % (uint64_t)ndirs];
        gg_template t = tpl_make(shape, size, d[0], d[1]);
        int32_t n = cells_of(t, o.col, o.row, cs, w, h, got);
        int32_t m = ref_cells(t, o, cs, w, h, want);
        if (n != m)
            print_error("shape %d size %d cs %d dir %d,%d origin %d,%d on %dx%d: %d vs %d\n",
                        (int)shape, size, cs, d[0], d[1], o.col, o.row, w, h, n, m);
        assert_int_equal(n, m);
        for (int32_t k = 0; k < n; ++k)
            assert_true(gg_cell_eq(got[k], want[k]));
    }
}

/* Unclipped counts from model §9. */
static void template__unclipped_counts(void **state)
{
    (void)state;
    gg_cell buf[CAP];
    for (int32_t n = 0; n <= 12; ++n) {
        int32_t sz = 5 * n + (n % 5); /* the remainder below one cell is dropped */
        assert_int_equal(cells_of(tpl_undirected(GG_SHAPE_SPHERE, sz), 30, 30, 5, 61, 61, buf),
                         (2 * n + 1) * (2 * n + 1));
        assert_int_equal(cells_of(tpl_make(GG_SHAPE_LINE, sz, -1, 1), 30, 30, 5, 61, 61, buf),
                         n + 1);
        assert_int_equal(cells_of(tpl_make(GG_SHAPE_CUBE, sz, 1, -1), 30, 30, 5, 61, 61, buf),
                         n * n);
        assert_int_equal(cells_of(tpl_make(GG_SHAPE_CUBE, sz, 0, 1), 30, 30, 5, 61, 61, buf),
                         n * n);
        static const int32_t card[4][2] = {{1, 0}, {-1, 0}, {0, 1}, {0, -1}};
        static const int32_t diag[4][2] = {{1, 1}, {-1, 1}, {1, -1}, {-1, -1}};
        for (int k = 0; k < 4; ++k) {
            assert_int_equal(cells_of(tpl_make(GG_SHAPE_CONE, sz, card[k][0], card[k][1]), 30, 30,
                                      5, 61, 61, buf),
                             (n + 1) * (n + 1));
            assert_int_equal(cells_of(tpl_make(GG_SHAPE_CONE, sz, diag[k][0], diag[k][1]), 30, 30,
                                      5, 61, 61, buf),
                             (n + 1) * (n + 2) / 2);
        }
    }
}

/* Python floor division: -1 // 5 == -1, so any negative size is empty, even for the sphere. */
static void template__negative_sizes_are_empty(void **state)
{
    (void)state;
    gg_cell buf[CAP];
    for (int32_t size = -1; size >= -11; size -= 5) {
        assert_int_equal(cells_of(tpl_undirected(GG_SHAPE_SPHERE, size), 3, 3, 5, 7, 7, buf), 0);
        assert_int_equal(cells_of(tpl_make(GG_SHAPE_CONE, size, 1, 0), 3, 3, 5, 7, 7, buf), 0);
        assert_int_equal(cells_of(tpl_make(GG_SHAPE_LINE, size, 1, 0), 3, 3, 5, 7, 7, buf), 0);
        assert_int_equal(cells_of(tpl_make(GG_SHAPE_CUBE, size, 1, 0), 3, 3, 5, 7, 7, buf), 0);
    }
    assert_int_equal(cells_of(tpl_undirected(GG_SHAPE_SPHERE, INT32_MIN), 3, 3, 1, 7, 7, buf), 0);
}

static void template__direction_is_reduced_to_its_sign(void **state)
{
    (void)state;
    gg_cell a[CAP], b[CAP];
    int32_t n = cells_of(tpl_make(GG_SHAPE_CONE, 15, 2, 1), 7, 7, 5, 15, 15, a);
    assert_int_equal(n, cells_of(tpl_make(GG_SHAPE_CONE, 15, 1, 1), 7, 7, 5, 15, 15, b));
    assert_memory_equal(a, b, (size_t)n * sizeof a[0]);
    assert_int_equal(n, 10); /* a 15-ft diagonal cone is 10 cells */
    n = cells_of(tpl_make(GG_SHAPE_LINE, 15, INT32_MIN, INT32_MAX), 7, 7, 5, 15, 15, a);
    assert_int_equal(n, cells_of(tpl_make(GG_SHAPE_LINE, 15, -1, 1), 7, 7, 5, 15, 15, b));
    assert_memory_equal(a, b, (size_t)n * sizeof a[0]);
    /* Sphere and cylinder ignore the direction, (0,0) included. */
    n = cells_of(tpl_make(GG_SHAPE_SPHERE, 5, 0, 0), 7, 7, 5, 15, 15, a);
    assert_int_equal(n, cells_of(tpl_make(GG_SHAPE_CYLINDER, 5, 4, -9), 7, 7, 5, 15, 15, b));
    assert_memory_equal(a, b, (size_t)n * sizeof a[0]);
}

static void template__line_skips_off_map_cells(void **state)
{
    (void)state;
    /* From a corner toward the outside only the origin remains. */
    static const int32_t origin[] = {0, 0};
    expect_cells(tpl_make(GG_SHAPE_LINE, 100, -1, -1), 0, 0, 5, 4, 4, origin, 1);
    static const int32_t east[] = {1, 2, 2, 2, 3, 2};
    expect_cells(tpl_make(GG_SHAPE_LINE, 100, 1, 0), 1, 2, 5, 4, 4, east, 3);
}

static void template__partial_writes_the_prefix(void **state)
{
    (void)state;
    gg_template t = tpl_make(GG_SHAPE_CONE, 20, 0, 1);
    gg_cell full[CAP];
    int32_t total = cells_of(t, 7, 7, 5, 15, 15, full);
    assert_int_equal(total, 25);
    for (int32_t cap = 0; cap <= total; ++cap) {
        gg_cell part[32];
        for (int k = 0; k < 32; ++k)
            part[k] = gg_cell_make(-1, -1);
        int32_t n = -1;
        const char *reason = "unset";
        gg_status s = gg_template_cells(15, 15, 5, gg_cell_make(7, 7), &t, part, cap, &n, &reason);
        assert_int_equal(s, cap < total ? GG_PARTIAL : GG_OK);
        assert_int_equal(n, total);
        assert_null(reason);
        assert_memory_equal(part, full, (size_t)cap * sizeof part[0]);
        assert_true(gg_cell_eq(part[cap], gg_cell_make(-1, -1))); /* nothing past capacity */
    }
    /* Sizing call: NULL out with capacity 0. */
    int32_t n = -1;
    assert_int_equal(gg_template_cells(15, 15, 5, gg_cell_make(7, 7), &t, NULL, 0, &n, NULL),
                     GG_PARTIAL);
    assert_int_equal(n, total);
    gg_template empty = tpl_make(GG_SHAPE_CUBE, 0, 1, 0);
    assert_int_equal(gg_template_cells(15, 15, 5, gg_cell_make(7, 7), &empty, NULL, 0, &n, NULL),
                     GG_OK);
    assert_int_equal(n, 0);
}

/* Model §9 step 1: an off-map origin gives [] before shape and direction are looked at. */
static void template__off_map_origin_is_empty_before_validation(void **state)
{
    (void)state;
    gg_cell buf[4];
    int32_t n = -1;
    const char *reason = "unset";
    gg_template bad = tpl_undirected((gg_shape)99, 10);
    static const int32_t origins[][2] = {{-1, 0}, {0, -1}, {15, 3}, {3, 15}, {INT32_MIN, 0}};
    for (int i = 0; i < 5; ++i) {
        gg_cell o = gg_cell_make(origins[i][0], origins[i][1]);
        assert_int_equal(gg_template_cells(15, 15, 5, o, &bad, buf, 4, &n, &reason), GG_OK);
        assert_int_equal(n, 0);
        assert_null(reason);
        gg_template cone = tpl_undirected(GG_SHAPE_CONE, 10);
        assert_int_equal(gg_template_cells(15, 15, 5, o, &cone, buf, 4, &n, &reason), GG_OK);
        assert_int_equal(n, 0);
        gg_template zero = tpl_make(GG_SHAPE_CUBE, 10, 0, 0);
        assert_int_equal(gg_template_cells(15, 15, 5, o, &zero, buf, 4, &n, &reason), GG_OK);
        assert_int_equal(n, 0);
    }
    /* An empty rectangle has no inside at all. */
    gg_template sphere = tpl_undirected(GG_SHAPE_SPHERE, 10);
    assert_int_equal(gg_template_cells(0, 5, 5, gg_cell_make(0, 0), &sphere, buf, 4, &n, NULL),
                     GG_OK);
    assert_int_equal(n, 0);
}

static void expect_invalid(const gg_template *t, gg_cell o, int32_t cs, int32_t w, int32_t h,
                           gg_cell *out, int32_t cap, int32_t *count, const char *why)
{
    const char *reason = NULL;
    if (count != NULL)
        *count = 77;
    gg_status s = gg_template_cells(w, h, cs, o, t, out, cap, count, &reason);
    assert_int_equal(s, GG_E_INVALID_ARG);
    assert_non_null(reason);
    assert_string_equal(reason, why);
    if (count != NULL)
        assert_int_equal(*count, 0);
    /* out_reason is optional */
    assert_int_equal(gg_template_cells(w, h, cs, o, t, out, cap, count, NULL), GG_E_INVALID_ARG);
}

static void template__every_invalid_argument_is_reported(void **state)
{
    (void)state;
    gg_cell buf[8];
    int32_t n;
    gg_cell o = gg_cell_make(2, 2);
    gg_template sphere = tpl_undirected(GG_SHAPE_SPHERE, 5);
    expect_invalid(&sphere, o, 5, 5, 5, buf, 8, NULL, "out_count is NULL");
    expect_invalid(NULL, o, 5, 5, 5, buf, 8, &n, "the template pointer is NULL");
    expect_invalid(&sphere, o, 5, 5, 5, buf, -1, &n, "capacity is negative");
    expect_invalid(&sphere, o, 5, 5, 5, NULL, 1, &n, "out is NULL but capacity is positive");
    expect_invalid(&sphere, o, 5, -5, 5, buf, 8, &n, "width or height is negative");
    expect_invalid(&sphere, o, 5, 5, -1, buf, 8, &n, "width or height is negative");
    expect_invalid(&sphere, o, 0, 5, 5, buf, 8, &n, "cell_size_ft is less than 1");
    expect_invalid(&sphere, o, -5, 5, 5, buf, 8, &n, "cell_size_ft is less than 1");
    /* These argument checks are not template validation, so they win over an off-map origin. */
    expect_invalid(&sphere, gg_cell_make(-9, -9), 0, 5, 5, buf, 8, &n,
                   "cell_size_ft is less than 1");
    static const int32_t bad_shapes[] = {0, 7, 99, -1, INT32_MAX};
    for (int i = 0; i < 5; ++i) {
        gg_template t = tpl_make((gg_shape)bad_shapes[i], 10, 1, 0);
        expect_invalid(&t, o, 5, 5, 5, buf, 8, &n, "unknown template shape");
        t.has_direction = false;
        expect_invalid(&t, o, 5, 5, 5, buf, 8, &n, "unknown template shape");
    }
    static const gg_shape directed[] = {GG_SHAPE_CONE, GG_SHAPE_LINE, GG_SHAPE_CUBE};
    for (int i = 0; i < 3; ++i) {
        /* size 0 or negative does not skip direction validation */
        for (int32_t size = -5; size <= 10; size += 5) {
            gg_template t = tpl_undirected(directed[i], size);
            expect_invalid(&t, o, 5, 5, 5, buf, 8, &n, "this shape requires a direction vector");
            t = tpl_make(directed[i], size, 0, 0);
            expect_invalid(&t, o, 5, 5, 5, buf, 8, &n, "the direction vector is (0,0)");
        }
    }
}

/* n can reach 2^31 - 1 cells: counts are int64 closed forms, walks stop at capacity. */
static void template__huge_sizes_do_not_overflow(void **state)
{
    (void)state;
    gg_cell buf[8];
    int32_t n = -1;
    const char *reason = NULL;
    gg_template sphere = tpl_undirected(GG_SHAPE_SPHERE, INT32_MAX);
    /* Clipped to a small map: exactly the map. */
    gg_cell big[CAP];
    assert_int_equal(cells_of(sphere, 4, 6, 1, 10, 10, big), 100);
    assert_int_equal(cells_of(tpl_make(GG_SHAPE_CONE, INT32_MAX, 1, 1), 0, 0, 1, 10, 10, big), 100);
    /* North from 5,9: row 9-v keeps the columns with |dc| <= v, 1+3+5+7+9 then 5 rows of 10. */
    assert_int_equal(cells_of(tpl_make(GG_SHAPE_CONE, INT32_MAX, 0, -1), 5, 9, 1, 10, 10, big), 75);
    assert_int_equal(cells_of(tpl_make(GG_SHAPE_CUBE, INT32_MAX, 1, 0), 0, 9, 1, 10, 10, big), 90);
    assert_int_equal(cells_of(tpl_make(GG_SHAPE_LINE, INT32_MAX, 1, 1), 0, 0, 1, 10, 10, big), 10);
    /* A strip INT32_MAX cells wide and one high holds exactly INT32_MAX cells. */
    static const gg_shape shapes[] = {GG_SHAPE_SPHERE, GG_SHAPE_CONE, GG_SHAPE_LINE};
    for (int i = 0; i < 3; ++i) {
        gg_template t = tpl_make(shapes[i], INT32_MAX, 1, 0);
        assert_int_equal(gg_template_cells(INT32_MAX, 1, 1, gg_cell_make(0, 0), &t, buf, 8, &n,
                                           &reason),
                         GG_PARTIAL);
        assert_int_equal(n, INT32_MAX);
        for (int32_t k = 0; k < 8; ++k)
            assert_true(gg_cell_eq(buf[k], gg_cell_make(k, 0)));
    }
    /* Far side of the strip, walking west. */
    gg_template west = tpl_make(GG_SHAPE_LINE, INT32_MAX, -1, 0);
    assert_int_equal(gg_template_cells(INT32_MAX, 1, 1, gg_cell_make(INT32_MAX - 1, 0), &west, buf,
                                       2, &n, NULL),
                     GG_PARTIAL);
    assert_int_equal(n, INT32_MAX);
    assert_true(gg_cell_eq(buf[1], gg_cell_make(INT32_MAX - 2, 0)));
    /* More than INT32_MAX cells: an error, nothing written, count 0. */
    static const gg_shape wide[] = {GG_SHAPE_SPHERE, GG_SHAPE_CYLINDER, GG_SHAPE_CONE,
                                    GG_SHAPE_CUBE};
    for (int i = 0; i < 4; ++i) {
        gg_template t = tpl_make(wide[i], INT32_MAX, 1, 1);
        buf[0] = gg_cell_make(-1, -1);
        n = -1;
        reason = NULL;
        assert_int_equal(gg_template_cells(INT32_MAX, INT32_MAX, 1, gg_cell_make(0, 0), &t, buf, 8,
                                           &n, &reason),
                         GG_E_TOO_LARGE);
        assert_int_equal(n, 0);
        assert_non_null(reason);
        assert_true(gg_cell_eq(buf[0], gg_cell_make(-1, -1)));
    }
    gg_template tall = tpl_undirected(GG_SHAPE_SPHERE, INT32_MAX);
    assert_int_equal(gg_template_cells(INT32_MAX, 2, 1, gg_cell_make(0, 0), &tall, buf, 8, &n,
                                       NULL),
                     GG_E_TOO_LARGE);
    /* A cardinal cone in a huge map has (n+1)^2 cells: n = 46339 fits int32, 46340 does not. */
    gg_template cone = tpl_make(GG_SHAPE_CONE, 46339, 0, 1);
    assert_int_equal(gg_template_cells(INT32_MAX, INT32_MAX, 1, gg_cell_make(1 << 30, 0), &cone,
                                       buf, 8, &n, NULL),
                     GG_PARTIAL);
    assert_int_equal(n, 46340 * 46340);
    cone.size_ft = 46340;
    assert_int_equal(gg_template_cells(INT32_MAX, INT32_MAX, 1, gg_cell_make(1 << 30, 0), &cone,
                                       buf, 8, &n, NULL),
                     GG_E_TOO_LARGE);
}

/* Closed-form counts agree with a full walk on clipped, moderately large templates. */
static void template__counts_match_the_walk_when_clipped(void **state)
{
    (void)state;
    fx_rng s;
    fx_rng_seed(&s, 20240611u, "template__counts_match_the_walk_when_clipped");
    static gg_cell out[1 << 16];
    for (int i = 0; i < 400; ++i) {
        int32_t w = 1 + (int32_t)(fx_next64(&s) % 200), h = 1 + (int32_t)(fx_next64(&s) % 200);
        gg_cell o = gg_cell_make((int32_t)(fx_next64(&s) % (uint64_t)w),
                                 (int32_t)(fx_next64(&s) % (uint64_t)h));
        gg_shape shape = (gg_shape)(1 + (int)(fx_next64(&s) % 6));
        int32_t dc = (int32_t)(fx_next64(&s) % 3) - 1, dr = (int32_t)(fx_next64(&s) % 3) - 1;
        if (dc == 0 && dr == 0)
            dc = 1;
        int32_t size = (int32_t)(fx_next64(&s) % 150);
        gg_template t = tpl_make(shape, size, dc, dr);
        int32_t n = -1;
        gg_status st = gg_template_cells(w, h, 1, o, &t, out, 1 << 16, &n, NULL);
        assert_true(st == GG_OK || st == GG_PARTIAL);
        /* A second, independent reference: test every cell of the rectangle for membership. */
        if (st == GG_OK) {
            for (int32_t k = 0; k < n; ++k) {
                assert_true(out[k].col >= 0 && out[k].col < w);
                assert_true(out[k].row >= 0 && out[k].row < h);
                if (k > 0)
                    assert_false(gg_cell_eq(out[k], out[k - 1]));
            }
            int32_t m = 0;
            int64_t nn = size;
            for (int32_t c = 0; c < w; ++c)
                for (int32_t r = 0; r < h; ++r) {
                    int64_t x = (int64_t)c - o.col, y = (int64_t)r - o.row;
                    int64_t ax = llabs((long long)x), ay = llabs((long long)y);
                    bool in = false;
                    switch (shape) {
                    case GG_SHAPE_SPHERE:
                    case GG_SHAPE_CYLINDER:
                    case GG_SHAPE_EMANATION:
                        in = ax <= nn && ay <= nn;
                        break;
                    case GG_SHAPE_CONE: {
                        int64_t f = x * dc + y * dr, l = llabs((long long)(x * dr - y * dc));
                        in = ax <= nn && ay <= nn && f >= 0 && f <= nn && l <= f;
                        break;
                    }
                    case GG_SHAPE_LINE:
                        in = (dc == 0 ? x == 0 : x * dc >= 0) && (dr == 0 ? y == 0 : y * dr >= 0) &&
                             (dc == 0 || dr == 0 || ax == ay) && (ax > ay ? ax : ay) <= nn;
                        break;
                    case GG_SHAPE_CUBE: {
                        int64_t half = nn / 2;
                        bool inc = dc != 0 ? (x * dc >= 1 && ax <= nn)
                                           : (x >= -half && x < nn - half);
                        bool inr = dr != 0 ? (y * dr >= 1 && ay <= nn)
                                           : (y >= -half && y < nn - half);
                        in = nn > 0 && inc && inr;
                        break;
                    }
                    }
                    m += in;
                }
            assert_int_equal(n, m);
        }
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(template__spec_worked_examples),
        cmocka_unit_test(template__raw_enumeration_order),
        cmocka_unit_test(template__matches_brute_force_reference),
        cmocka_unit_test(template__unclipped_counts),
        cmocka_unit_test(template__negative_sizes_are_empty),
        cmocka_unit_test(template__direction_is_reduced_to_its_sign),
        cmocka_unit_test(template__line_skips_off_map_cells),
        cmocka_unit_test(template__partial_writes_the_prefix),
        cmocka_unit_test(template__off_map_origin_is_empty_before_validation),
        cmocka_unit_test(template__every_invalid_argument_is_reported),
        cmocka_unit_test(template__huge_sizes_do_not_overflow),
        cmocka_unit_test(template__counts_match_the_walk_when_clipped),
    };
    return cmocka_run_group_tests_name("core/template", tests, NULL, NULL);
}
