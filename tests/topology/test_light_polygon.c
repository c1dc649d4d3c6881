/* test_light_polygon.c - light polygons: the visibility polygon of a light cut to its cone, its
 * vertex rules, and its rasterisation against the per-cell lighting where the two rules
 * coincide (docs/vision.md, "Light polygons"). */
#include "fixture.h"

#include <math.h>

typedef struct poly {
    double *xy;
    int32_t n;
} poly;

static void *work_for(const gg_scene *s, size_t *bytes)
{
    assert_int_equal(gg_scene_polygon_work_bytes(s, bytes), GG_OK);
    void *w = aligned_alloc(16, (*bytes + 15) & ~(size_t)15);
    assert_non_null(w);
    /* Not initialised on purpose: the memory need not be (a freed and reallocated buffer that
     * held an old work header over other data once gave wrong polygons; found by this test,
     * fixed in polygon.c, regression test in topology/polygon). */
    return w;
}

/* Asks for the count, then for the polygon. */
static poly light_poly(const gg_scene *s, gg_light_id id, gg_light which)
{
    size_t bytes;
    void *w = work_for(s, &bytes);
    poly p = {NULL, 0};
    int32_t need = 0;
    gg_status st = gg_scene_light_polygon(s, w, bytes, id, which, NULL, 0, &need);
    assert_true(st == GG_OK || st == GG_E_BUFFER_TOO_SMALL);
    p.xy = malloc(sizeof(double) * 2 * (size_t)(need + 1));
    assert_int_equal(gg_scene_light_polygon(s, w, bytes, id, which, p.xy, need, &p.n), GG_OK);
    assert_true(p.n <= need);
    free(w);
    return p;
}

static gg_scene *point_scene(int32_t w, int32_t h)
{
    gg_scene_def d = gg_scene_def_default();
    d.width = w;
    d.height = h;
    d.wall_rule = GG_WALL_RULE_POINT;
    gg_scene *s = NULL;
    assert_int_equal(gg_scene_create(&d, &s), GG_OK);
    return s;
}

static gg_light_id cone_light(gg_scene *s, int c, int r, int bright, int dim, double angle,
                              double rotation)
{
    gg_light_def d = gg_light_def_default();
    d.cell = gg_cell_make(c, r);
    d.bright_ft = bright;
    d.dim_ft = dim;
    d.angle_deg = angle;
    d.rotation_deg = rotation;
    gg_light_id id;
    assert_int_equal(gg_scene_add_light(s, &d, &id), GG_OK);
    return id;
}

/* The vertex rules of every polygon: positive shoelace area, no repeated vertex, no vertex on
 * the line of its two neighbours. */
static void assert_vertex_rules(const poly *p)
{
    assert_true(p->n >= 3);
    double area = 0;
    for (int32_t i = 0; i < p->n; ++i) {
        const double *a = &p->xy[2 * ((i + p->n - 1) % p->n)], *b = &p->xy[2 * i],
                     *c = &p->xy[2 * ((i + 1) % p->n)];
        assert_false(a[0] == b[0] && a[1] == b[1]);
        const double cr = (b[0] - a[0]) * (c[1] - b[1]) - (b[1] - a[1]) * (c[0] - b[0]);
        assert_true(cr != 0.0);
        area += a[0] * b[1] - b[0] * a[1];
    }
    assert_true(area > 0);
}

static void lpoly__bad_input_and_the_count_protocol(void **state)
{
    (void)state;
    gg_scene *s = point_scene(8, 8);
    gg_light_id id = cone_light(s, 4, 4, 5, 20, 90.0, 0.0);
    size_t bytes;
    void *w = work_for(s, &bytes);
    double xy[2 * 512];
    int32_t n = -1;
    assert_int_equal(gg_scene_light_polygon(NULL, w, bytes, id, GG_LIGHT_DIM, xy, 32, &n),
                     GG_E_INVALID_ARG);
    assert_int_equal(gg_scene_light_polygon(s, w, bytes, id, GG_LIGHT_DIM, xy, 32, NULL),
                     GG_E_INVALID_ARG);
    assert_int_equal(gg_scene_light_polygon(s, w, bytes, id, GG_LIGHT_DARK, xy, 32, &n),
                     GG_E_INVALID_ARG);
    gg_light_id stale = {id.index, id.generation + 2};
    assert_int_equal(gg_scene_light_polygon(s, w, bytes, stale, GG_LIGHT_DIM, xy, 32, &n),
                     GG_E_STALE_ID);
    assert_int_equal(gg_scene_light_polygon(s, w, 8, id, GG_LIGHT_DIM, xy, 32, &n),
                     GG_E_BUFFER_TOO_SMALL);
    assert_int_equal(n, 0);
    assert_int_equal(gg_scene_light_polygon(s, w, bytes, id, GG_LIGHT_DIM, NULL, 0, &n),
                     GG_E_BUFFER_TOO_SMALL);
    int32_t need = n;
    assert_true(need > 3 && need <= 512);
    assert_int_equal(gg_scene_light_polygon(s, w, bytes, id, GG_LIGHT_DIM, xy, need - 1, &n),
                     GG_E_BUFFER_TOO_SMALL);
    assert_int_equal(gg_scene_light_polygon(s, w, bytes, id, GG_LIGHT_DIM, xy, need, &n), GG_OK);
    assert_true(n >= 3 && n <= need);
    uint64_t bits[1];
    assert_int_equal(gg_scene_light_polygon_cells(s, stale, xy, n, GG_LIGHT_DIM, GG_BITSET_REPLACE,
                                                  bits, 1, NULL),
                     GG_E_STALE_ID);
    assert_int_equal(gg_scene_light_polygon_cells(s, id, xy, n, GG_LIGHT_DEFAULT, GG_BITSET_REPLACE,
                                                  bits, 1, NULL),
                     GG_E_INVALID_ARG);
    /* bright_ft 0: the bright polygon is empty */
    gg_light_id dark = cone_light(s, 1, 1, 0, 10, 360.0, 0.0);
    assert_int_equal(gg_scene_light_polygon(s, w, bytes, dark, GG_LIGHT_BRIGHT, xy, 32, &n), GG_OK);
    assert_int_equal(n, 0);
    free(w);
    gg_scene_destroy(s);
}

/* A cone of 90 degrees pointing south from the middle of an open 11 x 11 map whose radius
 * reaches past the map: the triangle from the light's centre to the two bottom corners, whose
 * diagonals are exactly the cone's edges. */
static void lpoly__a_quarter_cone_on_an_open_map_is_a_triangle(void **state)
{
    (void)state;
    gg_scene *s = point_scene(11, 11);
    gg_light_id id = cone_light(s, 5, 5, 0, 100, 90.0, 0.0);
    poly p = light_poly(s, id, GG_LIGHT_DIM);
    assert_int_equal(p.n, 3);
    const double want[6] = {5.5, 5.5, 11.0, 11.0, 0.0, 11.0};
    for (int k = 0; k < 6; ++k)
        assert_true(fabs(p.xy[k] - want[k]) < 1e-12);
    free(p.xy);
    /* the same light all round is the map's rectangle, as its visibility polygon */
    gg_light_def d;
    assert_int_equal(gg_scene_get_light(s, id, &d), GG_OK);
    d.angle_deg = 360.0;
    assert_int_equal(gg_scene_set_light(s, id, &d), GG_OK);
    p = light_poly(s, id, GG_LIGHT_DIM);
    assert_int_equal(p.n, 4);
    free(p.xy);
    gg_scene_destroy(s);
}

/* Crossing-number point in polygon, and the distance to its boundary (an oracle of its own). */
static bool in_poly(const poly *p, double px, double py, double *dist)
{
    bool in = false;
    double best = HUGE_VAL;
    for (int32_t i = 0; i < p->n; ++i) {
        const double *a = &p->xy[2 * i], *b = &p->xy[2 * ((i + 1) % p->n)];
        if ((a[1] > py) != (b[1] > py) && px < a[0] + (b[0] - a[0]) * (py - a[1]) / (b[1] - a[1]))
            in = !in;
        const double ex = b[0] - a[0], ey = b[1] - a[1];
        double t = ((px - a[0]) * ex + (py - a[1]) * ey) / (ex * ex + ey * ey);
        t = t < 0 ? 0 : (t > 1 ? 1 : t);
        const double dx = a[0] + t * ex - px, dy = a[1] + t * ey - py;
        best = fmin(best, sqrt(dx * dx + dy * dy));
    }
    *dist = best;
    return in;
}

static bool bit(const uint64_t *bits, int32_t w, int32_t c, int32_t r)
{
    size_t i = (size_t)r * (size_t)w + (size_t)c;
    return (bits[i >> 6] >> (i & 63)) & 1u;
}

/* Random POINT-rule scenes without blocked cells, walls on fine coordinates, lights with random
 * cones: the rasterised light polygon is exactly the cells the light lights whose centre lies
 * in the Euclidean disc of its radius (lighting measures grid distance), and equals them all
 * when the radius reaches past the map. Every polygon keeps the vertex rules. */
static void lpoly__cells_equal_the_lighting_where_the_rules_coincide(void **state)
{
    (void)state;
    fx_rng r;
    fx_rng_seed(&r, 777u, "light polygon cells");
    for (int round = 0; round < 500; ++round) {
        const int32_t w = 3 + (int32_t)fx_below(&r, 14), h = 3 + (int32_t)fx_below(&r, 14);
        gg_scene *s = point_scene(w, h);
        for (int k = 0; k < w; ++k) {
            gg_wall_def wd = gg_wall_def_default();
            wd.x1 = fx_below(&r, (uint32_t)(4 * w + 1)) / 4.0;
            wd.y1 = fx_below(&r, (uint32_t)(4 * h + 1)) / 4.0;
            wd.x2 = wd.x1 + ((int)fx_below(&r, 17) - 8) / 4.0;
            wd.y2 = wd.y1 + ((int)fx_below(&r, 17) - 8) / 4.0;
            wd.door = (gg_door)fx_below(&r, 3);
            wd.blocks = fx_below(&r, 4) ? GG_BLOCKS_ALL : GG_BLOCKS_SIGHT;
            assert_int_equal(gg_scene_add_wall(s, &wd, NULL), GG_OK);
        }
        const int lc = (int)fx_below(&r, (uint32_t)w), lr = (int)fx_below(&r, (uint32_t)h);
        const bool big = fx_below(&r, 2) == 0;
        const int dim = big ? 5 * (w + h) : 5 * (1 + (int)fx_below(&r, 8));
        const double angle = fx_below(&r, 3) == 0 ? 360.0 : 15.0 * (1 + (int)fx_below(&r, 23));
        const double rotation = fx_below(&r, 2) ? 45.0 * (int)fx_below(&r, 8)
                                                : (double)fx_below(&r, 3600) / 10.0;
        gg_light_id id = cone_light(s, lc, lr, 0, dim, angle, rotation);
        poly p = light_poly(s, id, GG_LIGHT_DIM);
        assert_vertex_rules(&p);
        poly full = {malloc(sizeof(double) * 2 * (size_t)(p.n + 4096)), 0};
        {
            gg_polygon_def pd = gg_polygon_def_default();
            pd.x = lc + 0.5, pd.y = lr + 0.5, pd.range_ft = dim;
            pd.blocks = (uint32_t)GG_BLOCKS_LIGHT;
            size_t bytes;
            void *wk = work_for(s, &bytes);
            assert_int_equal(gg_scene_visibility_polygon(s, wk, bytes, &pd, full.xy, p.n + 4096,
                                                         &full.n),
                             GG_OK);
            free(wk);
        }
        /* the apex first; at 180 degrees it lies on a straight edge, so it is no vertex */
        bool apex = false;
        for (int32_t i = 0; i < p.n; ++i)
            apex |= p.xy[2 * i] == lc + 0.5 && p.xy[2 * i + 1] == lr + 0.5;
        if (angle < 360.0 && angle != 180.0 && !(p.xy[0] == lc + 0.5 && p.xy[1] == lr + 0.5))
            fail_msg("round %d: the polygon does not start at the apex", round);
        if (angle == 180.0 && apex)
            fail_msg("round %d: the apex on a straight edge is a vertex", round);
        const size_t words = gg_scene_bitset_words(s);
        uint64_t *bits = calloc(words, sizeof *bits);
        int32_t count = 0, want_count = 0, clear = 0;
        assert_int_equal(gg_scene_light_polygon_cells(s, id, p.xy, p.n, GG_LIGHT_DIM,
                                                      GG_BITSET_REPLACE, bits, words, &count),
                         GG_OK);
        for (int32_t y = 0; y < h; ++y)
            for (int32_t x = 0; x < w; ++x) {
                gg_light l = GG_LIGHT_DEFAULT;
                assert_int_equal(gg_scene_source_light_on_cell(s, gg_cell_make(x, y), &l), GG_OK);
                const int64_t dx = x - lc, dy = y - lr;
                const bool in_disc = (dx * dx + dy * dy) * 25 <= (int64_t)dim * dim;
                const bool want = l != GG_LIGHT_DARK && in_disc;
                if (big)
                    assert_true(in_disc);
                if (bit(bits, w, x, y) != want)
                    fail_msg("round %d: cell %d,%d: polygon %d, lighting %d (light %d,%d angle %g "
                             "rotation %g dim %d)",
                             round, x, y, bit(bits, w, x, y), want, lc, lr, angle, rotation, dim);
                want_count += want;
                /* the cut itself: a centre clear of both boundaries is inside the light polygon
                 * iff it is inside the uncut visibility polygon and in the cone (by an angle
                 * computed independently) */
                double d1, d2;
                const bool cut_in = in_poly(&p, x + 0.5, y + 0.5, &d1);
                const bool full_in = in_poly(&full, x + 0.5, y + 0.5, &d2);
                if (d1 > 1e-6 && d2 > 1e-6 && (dx != 0 || dy != 0)) {
                    const long double pi = 3.14159265358979323846264L;
                    long double a = atan2l((long double)dy, (long double)dx) -
                                    ((long double)rotation + 90.0L) * pi / 180;
                    while (a > pi)
                        a -= 2 * pi;
                    while (a < -pi)
                        a += 2 * pi;
                    const bool in_cone = fabsl(a) <= (long double)angle * pi / 360;
                    if (cut_in != (full_in && in_cone))
                        fail_msg("round %d: cell %d,%d: in the light polygon %d, in the visibility "
                                 "polygon %d, in the cone %d (light %d,%d angle %g rotation %g)",
                                 round, x, y, cut_in, full_in, in_cone, lc, lr, angle, rotation);
                    clear++;
                }
            }
        assert_int_equal(count, want_count);
        assert_true(clear > 0);
        free(bits);
        free(p.xy);
        free(full.xy);
        gg_scene_destroy(s);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(lpoly__bad_input_and_the_count_protocol),
        cmocka_unit_test(lpoly__a_quarter_cone_on_an_open_map_is_a_triangle),
        cmocka_unit_test(lpoly__cells_equal_the_lighting_where_the_rules_coincide),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
