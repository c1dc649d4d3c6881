/* test_polygon.c - the visibility polygon against an independent oracle: a brute-force angular
 * ray cast written here from docs/vision.md (rays at every wall endpoint's angle and a hair to
 * either side, each clipped by every wall with a double segment test), and against the
 * point rule of line of sight (the scene's own segment test) on densely sampled points. Random
 * scenes full of degenerate cases (collinear walls, joints, T's, X's, rays through endpoints,
 * viewers on walls, on joints, on a wall's line and on the map's edge), the exhaustive joints
 * of two and three pieces, the rasterisation against gg_scene_has_line_of_sight(), and every
 * shared map in tests/data/maps at sampled viewers. */
#include <math.h>

#include "fixture.h"
#include "topology/scene/scene_internal.h"
#include "topology/scene/wall_index.h"
#include "topology/sight/polygon_internal.h"
#ifdef GG_TEST_HAVE_IO
#include "gridgeom/io.h"
#include "shared_maps.h"
#endif

#define U GG_WALL_UNITS_PER_CELL
#define PI 3.14159265358979323846

/* ---- Running the query -------------------------------------------------------------------------- */

typedef struct poly {
    double *xy;
    int32_t n;
} poly;

static void *g_work;
static size_t g_work_bytes;

/* g_work, grown to what s needs. */
static void work_for(const gg_scene *s)
{
    size_t bytes = 0;
    assert_int_equal(gg_scene_polygon_work_bytes(s, &bytes), GG_OK);
    if (bytes > g_work_bytes) {
        free(g_work);
        g_work = aligned_alloc(16, (bytes + 15) & ~(size_t)15);
        assert_non_null(g_work);
        g_work_bytes = bytes;
    }
}

static poly polygon_of(const gg_scene *s, const gg_polygon_def *d)
{
    work_for(s);
    poly p = {NULL, 0};
    int32_t need = -1;
    gg_status st = gg_scene_visibility_polygon(s, g_work, g_work_bytes, d, NULL, 0, &need);
    assert_true(st == GG_OK || st == GG_E_BUFFER_TOO_SMALL);
    p.xy = malloc(sizeof(double) * 2 * (size_t)(need + 1));
    assert_non_null(p.xy);
    assert_int_equal(gg_scene_visibility_polygon(s, g_work, g_work_bytes, d, p.xy, need, &p.n),
                     GG_OK);
    assert_int_equal(p.n, need);
    return p;
}

/* ---- The oracle ----------------------------------------------------------------------------------- */

typedef struct oracle {
    const gg_scene *s;
    gg_wall_def *w;
    int32_t n;
    double vx, vy;
    uint32_t mask;
    int *part;
} oracle;

static double cross_l(double ax, double ay, double bx, double by) { return ax * by - ay * bx; }

/* docs/vision.md, "Which walls take part", from the def alone: 0 none, 1 limited, 2 full. */
static int oracle_part(const gg_scene *s, const gg_wall_def *w, double vx, double vy, uint32_t mask,
                       double eye_ft)
{
    if (eye_ft < w->bottom_ft || eye_ft > w->top_ft)
        return 0; /* a level line at the eye passes above or below the wall */
    uint32_t eff = w->door == GG_DOOR_OPEN ? 0u : w->blocks;
    if (w->cover != GG_COVER_NONE)
        eff &= ~(uint32_t)GG_BLOCKS_SIGHT;
    if ((eff & mask) == 0)
        return 0;
    const double o = (w->y1 - vy) * (w->x2 - vx) - (w->x1 - vx) * (w->y2 - vy);
    const bool on_line = o == 0;
    const bool on_seg = on_line && vx >= fmin(w->x1, w->x2) && vx <= fmax(w->x1, w->x2) &&
                        vy >= fmin(w->y1, w->y2) && vy <= fmax(w->y1, w->y2);
    if (on_seg)
        return 0;
    if (w->one_way != GG_ONE_WAY_NONE) {
        if (on_line)
            return 0;
        const gg_one_way side = o < 0 ? GG_ONE_WAY_LEFT : GG_ONE_WAY_RIGHT;
        if (side == w->one_way)
            return 0;
    }
    const double prox = mask == (uint32_t)GG_BLOCKS_SIGHT ? w->sight_proximity_ft
                                                          : w->light_proximity_ft;
    if (prox > 0) {
        /* Exactly, in wall units, as docs/vision.md says: the distance to the closest point in
         * doubles rounds (a viewer exactly at the threshold came out 1 ulp beyond it). */
        const long double t = (long double)floor((double)prox * U / gg_scene_cell_size_ft(s));
        const long double ax = lround(vx * U) - lround(w->x1 * U),
                          ay = lround(vy * U) - lround(w->y1 * U);
        const long double bx = lround(vx * U) - lround(w->x2 * U),
                          by = lround(vy * U) - lround(w->y2 * U);
        const long double ex = lround(w->x2 * U) - lround(w->x1 * U),
                          ey = lround(w->y2 * U) - lround(w->y1 * U);
        const long double dot_a = ax * ex + ay * ey, dot_b = bx * ex + by * ey;
        bool clear;
        if (dot_a <= 0 || (ex == 0 && ey == 0))
            clear = ax * ax + ay * ay <= t * t;
        else if (dot_b >= 0)
            clear = bx * bx + by * by <= t * t;
        else {
            const long double cross = ax * ey - ay * ex;
            clear = cross * cross <= t * t * (ex * ex + ey * ey);
        }
        if (clear)
            return 0;
    }
    return (w->limited & mask) == mask && w->limited != 0 ? 1 : 2;
}

static void oracle_init(oracle *o, const gg_scene *s, double vx, double vy, uint32_t mask,
                        double eye_ft)
{
    o->s = s;
    o->vx = vx;
    o->vy = vy;
    o->mask = mask;
    int32_t n = 0;
    assert_true(gg_scene_list_walls(s, NULL, NULL, 0, &n) >= 0);
    o->w = calloc((size_t)n + 4, sizeof *o->w);
    o->part = calloc((size_t)n + 4, sizeof *o->part);
    assert_non_null(o->w);
    assert_non_null(o->part);
    assert_int_equal(gg_scene_list_walls(s, NULL, o->w, n, &o->n), GG_OK);
    for (int32_t i = 0; i < o->n; ++i)
        o->part[i] = oracle_part(s, &o->w[i], vx, vy, mask, eye_ft);
    /* The map's edges are full walls. */
    const double W = gg_scene_width(s), H = gg_scene_height(s);
    const double c[5][2] = {{0, 0}, {W, 0}, {W, H}, {0, H}, {0, 0}};
    for (int k = 0; k < 4; ++k) {
        gg_wall_def *d = &o->w[o->n];
        *d = gg_wall_def_default();
        d->x1 = c[k][0], d->y1 = c[k][1], d->x2 = c[k + 1][0], d->y2 = c[k + 1][1];
        o->part[o->n++] = oracle_part(s, d, vx, vy, mask, eye_ft);
    }
}

/* How far the ray at `angle` sees: the first full wall or the second limited one. */
static double oracle_reach(const oracle *o, double angle)
{
    const double dx = cos(angle), dy = sin(angle);
    const double W = gg_scene_width(o->s), H = gg_scene_height(o->s);
    if ((o->vx == 0 && dx < 0) || (o->vx == W && dx > 0) || (o->vy == 0 && dy < 0) ||
        (o->vy == H && dy > 0))
        return 0; /* out of the map from a viewer on its edge */
    double full = HUGE_VAL, l1 = HUGE_VAL, l2 = HUGE_VAL;
    for (int32_t i = 0; i < o->n; ++i) {
        if (o->part[i] == 0)
            continue;
        const gg_wall_def *w = &o->w[i];
        const double ex = w->x2 - w->x1, ey = w->y2 - w->y1;
        const double den = cross_l(dx, dy, ex, ey);
        if (fabs(den) < 1e-15)
            continue;
        const double ax = w->x1 - o->vx, ay = w->y1 - o->vy;
        const double s = cross_l(ax, ay, ex, ey) / den, u = cross_l(ax, ay, dx, dy) / den;
        if (s <= 0 || u < 0 || u > 1)
            continue;
        if (o->part[i] == 2)
            full = fmin(full, s);
        else if (s < l1) {
            l2 = l1;
            l1 = s;
        } else if (s < l2) {
            l2 = s;
        }
    }
    return fmin(full, l2);
}

/* Where the ray from the viewer at `angle` leaves the polygon (farthest boundary crossing). */
static double poly_reach(const poly *p, double vx, double vy, double angle)
{
    const double dx = cos(angle), dy = sin(angle);
    double best = 0;
    for (int32_t i = 0, j = p->n - 1; i < p->n; j = i++) {
        const double ax = p->xy[2 * j] - vx, ay = p->xy[2 * j + 1] - vy;
        const double ex = p->xy[2 * i] - p->xy[2 * j], ey = p->xy[2 * i + 1] - p->xy[2 * j + 1];
        const double den = dx * ey - dy * ex;
        if (fabs(den) < 1e-300)
            continue;
        const double s = (ax * ey - ay * ex) / den, u = (ax * dy - ay * dx) / den;
        if (u >= -1e-12 && u <= 1 + 1e-12 && s > best)
            best = s;
    }
    return best;
}

/* ---- Checks --------------------------------------------------------------------------------------- */

static double shoelace(const poly *p)
{
    double a = 0;
    for (int32_t i = 0, j = p->n - 1; i < p->n; j = i++)
        a += p->xy[2 * j] * p->xy[2 * i + 1] - p->xy[2 * i] * p->xy[2 * j + 1];
    return a / 2;
}

static bool inside(const poly *p, double x, double y, double *dist)
{
    bool in = false;
    double best = HUGE_VAL;
    for (int32_t i = 0, j = p->n - 1; i < p->n; j = i++) {
        const double xi = p->xy[2 * i], yi = p->xy[2 * i + 1], xj = p->xy[2 * j],
                     yj = p->xy[2 * j + 1];
        if ((yi > y) != (yj > y) && x < (xj - xi) * (y - yi) / (yj - yi) + xi)
            in = !in;
        const double ex = xj - xi, ey = yj - yi, ee = ex * ex + ey * ey;
        double t = ee > 0 ? ((x - xi) * ex + (y - yi) * ey) / ee : 0;
        t = t < 0 ? 0 : (t > 1 ? 1 : t);
        const double dx = xi + t * ex - x, dy = yi + t * ey - y;
        best = fmin(best, dx * dx + dy * dy);
    }
    *dist = sqrt(best);
    return in;
}

/* P lies on a crack: the ray from V through a wall's end, or a line through V along a wall. */
static bool on_crack(const oracle *o, double px, double py)
{
    for (int32_t i = 0; i < o->n; ++i) {
        const gg_wall_def *w = &o->w[i];
        const double e[2][2] = {{w->x1, w->y1}, {w->x2, w->y2}};
        for (int k = 0; k < 2; ++k)
            if (cross_l(e[k][0] - o->vx, e[k][1] - o->vy, px - o->vx, py - o->vy) == 0)
                return true;
    }
    return false;
}

typedef struct stats {
    long polygons, rays, samples;
} stats;
static stats g_stats;

/* Everything one polygon must satisfy. `range` in cells (0 = unlimited); `samples` random
 * lattice points tested against the point rule. */
static void dump(const oracle *o, const poly *p)
{
    fprintf(stderr, "map %dx%d\n", (int)gg_scene_width(o->s), (int)gg_scene_height(o->s));
    for (int32_t i = 0; i < o->n; ++i)
        fprintf(stderr,
                "  wall (%g,%g)-(%g,%g) part %d door %d one_way %d limited %u blocks %u cover %d "
                "prox %g\n",
                o->w[i].x1, o->w[i].y1, o->w[i].x2, o->w[i].y2, o->part[i], (int)o->w[i].door,
                (int)o->w[i].one_way, (unsigned)o->w[i].limited, (unsigned)o->w[i].blocks,
                (int)o->w[i].cover, o->w[i].sight_proximity_ft);
    for (int32_t i = 0; i < p->n; ++i)
        fprintf(stderr, "  vertex %.9f %.9f\n", p->xy[2 * i], p->xy[2 * i + 1]);
}

static void check_polygon(const gg_scene *s, const gg_polygon_def *d, int samples, fx_rng *rng)
{
    poly p = polygon_of(s, d);
    oracle o;
    oracle_init(&o, s, d->x, d->y, d->blocks, d->eye_ft);
    const double W = gg_scene_width(s), H = gg_scene_height(s);
    const bool ranged = d->range_ft != GG_RANGE_UNLIMITED;
    const double R = ranged ? (double)d->range_ft / gg_scene_cell_size_ft(s) : (double)HUGE_VAL;
    const double tol = ranged ? d->arc_error + 1e-7 : 1e-7;
    g_stats.polygons++;
    assert_true(p.n >= 3);
    assert_true(shoelace(&p) > 0);
    /* The canonical start (docs/vision.md, "Output"): no vertex left of vertex 0, nor above it
     * at its x (a point met twice is allowed: the tie rule looks further on). */
    for (int32_t i = 1; i < p.n; ++i)
        assert_false(p.xy[2 * i] < p.xy[0] ||
                     (p.xy[2 * i] == p.xy[0] && p.xy[2 * i + 1] < p.xy[1]));
    for (int32_t i = 0; i < p.n; ++i) {
        const int32_t h = (i + p.n - 1) % p.n, j = (i + 1) % p.n;
        const double ax = p.xy[2 * i] - p.xy[2 * h], ay = p.xy[2 * i + 1] - p.xy[2 * h + 1];
        const double bx = p.xy[2 * j] - p.xy[2 * i], by = p.xy[2 * j + 1] - p.xy[2 * i + 1];
        assert_false(ax == 0 && ay == 0); /* no repeated vertex */
        if (ax * by - ay * bx == 0 && ax * bx + ay * by > 0) {
            fprintf(stderr, "collinear middle vertex %d (%.9g, %.9g), viewer (%g, %g)\n", (int)i,
                    p.xy[2 * i], p.xy[2 * i + 1], d->x, d->y);
            dump(&o, &p);
            fail();
        }
        if (!(p.xy[2 * i] >= -1e-9 && p.xy[2 * i] <= W + 1e-9 && p.xy[2 * i + 1] >= -1e-9 &&
              p.xy[2 * i + 1] <= H + 1e-9)) {
            fprintf(stderr, "vertex %d (%.9g, %.9g) off the %gx%g map, viewer (%g, %g) range %d\n",
                    (int)i, p.xy[2 * i], p.xy[2 * i + 1], W, H, d->x, d->y, (int)d->range_ft);
            fail();
        }
    }
    /* Rays a hair either side of every endpoint's angle, and random rays. */
    const int32_t nr = 2 * (o.n * 2) + 64;
    for (int32_t k = 0; k < nr; ++k) {
        double ang;
        if (k < 4 * o.n) {
            const gg_wall_def *w = &o.w[k / 4];
            const double ex = (k & 2) ? w->x2 : w->x1, ey = (k & 2) ? w->y2 : w->y1;
            if (ex == o.vx && ey == o.vy)
                continue;
            ang = atan2(ey - o.vy, ex - o.vx) + ((k & 1) ? 1e-7 : -1e-7);
        } else {
            ang = (double)fx_next(rng) / 4294967296.0 * 2 * PI;
        }
        double want = fmin(oracle_reach(&o, ang), R);
        const double got = poly_reach(&p, d->x, d->y, (double)ang);
        g_stats.rays++;
        if (fabs(want - got) > tol * 10 + 1e-9 * want) {
            fprintf(stderr,
                    "viewer (%g, %g) range %g angle %.12f: oracle reaches %.12f, polygon %.12f"
                    " (%d vertices)\n",
                    d->x, d->y, R, ang, want, got, (int)p.n);
            dump(&o, &p);
            fail();
        }
    }
    /* Sampled points against the point rule (the scene's segment test, point-rule scenes). */
    const gg_hpoint v = {(int32_t)lround(d->x * U), (int32_t)lround(d->y * U)};
    for (int k = 0; k < samples; ++k) {
        const int32_t px = (int32_t)fx_below(rng, (int32_t)(W * 16) + 1) * (U / 16);
        const int32_t py = (int32_t)fx_below(rng, (int32_t)(H * 16) + 1) * (U / 16);
        const double x = (double)px / U, y = (double)py / U;
        const double dx = x - d->x, dy = y - d->y;
        if (ranged && fabs(sqrt(dx * dx + dy * dy) - R) <= tol)
            continue;
        const gg_hpoint pt = {px, py};
        const gg__wview view = {true, (int32_t)(d->eye_ft * GG_WALL_HEIGHT_UNITS_PER_FT),
                                (int32_t)(d->eye_ft * GG_WALL_HEIGHT_UNITS_PER_FT), 0u};
        bool seen = !gg__segment_hits_wall_view(s, v, pt, d->blocks, &view) &&
                    (!ranged || dx * dx + dy * dy <= R * R);
        double dist;
        const bool in = inside(&p, x, y, &dist);
        if (dist <= 1e-7 || (seen != in && on_crack(&o, x, y)))
            continue;
        g_stats.samples++;
        if (seen != in) {
            fprintf(stderr, "mask %u range %d\n", (unsigned)d->blocks, (int)d->range_ft);
            fprintf(stderr,
                    "viewer (%g, %g): point (%g, %g) %s by the point rule, %s the polygon"
                    " (%.3g from its edge)\n",
                    d->x, d->y, x, y, seen ? "seen" : "hidden", in ? "inside" : "outside", dist);
            dump(&o, &p);
            fail();
        }
    }
    free(o.w);
    free(o.part);
    free(p.xy);
}

/* ---- Scenes ---------------------------------------------------------------------------------------- */

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

static void wall(gg_scene *s, double x1, double y1, double x2, double y2)
{
    gg_wall_def d = gg_wall_def_default();
    d.x1 = x1, d.y1 = y1, d.x2 = x2, d.y2 = y2;
    assert_int_equal(gg_scene_add_wall(s, &d, NULL), GG_OK);
}

/* `rebuild`: the scene indexed (and meshed) as a bulk load leaves it. Walls added one by one
 * wait in the index's pending list; a scene of at most 64 walls within about 150 cells is
 * meshed at every add anyway, a larger one only at the index's rebuild: without it the polygon
 * comes from the sweep. */
static gg_scene *indexed(gg_scene *s, bool rebuild)
{
    if (rebuild)
        assert_int_equal(gg__wall_index_rebuild(s), GG_OK);
    return s;
}

/* Random walls on a coarse lattice (halves) so that they meet, cross, overlap and line up. */
static gg_scene *random_scene(fx_rng *r, int32_t w, int32_t h, int nwalls, bool kinds, bool rebuild)
{
    gg_scene *s = point_scene(w, h);
    for (int k = 0; k < nwalls; ++k) {
        const gg_wall_def d = fx_random_half_wall(r, w, h, kinds, false);
        assert_int_equal(gg_scene_add_wall(s, &d, NULL), GG_OK);
    }
    return indexed(s, rebuild);
}

/* A viewer on the half lattice, or on a wall's end, or a wall's middle, or the map's edge. */
static void pick_viewer(fx_rng *r, const gg_scene *s, gg_polygon_def *d)
{
    const int32_t w = gg_scene_width(s), h = gg_scene_height(s);
    int32_t n = 0;
    gg_wall_def walls[256];
    assert_true(gg_scene_list_walls(s, NULL, walls, 256, &n) >= 0);
    const int how = fx_below(r, 5);
    if (how == 0 && n > 0) {
        const gg_wall_def *wd = &walls[fx_below(r, n < 256 ? n : 256)];
        d->x = fx_below(r, 2) ? wd->x1 : wd->x2;
        d->y = fx_below(r, 2) ? wd->y1 : wd->y2;
    } else if (how == 1 && n > 0) {
        const gg_wall_def *wd = &walls[fx_below(r, n < 256 ? n : 256)];
        d->x = floor((wd->x1 + wd->x2) / 2 * 4) / 4;
        d->y = floor((wd->y1 + wd->y2) / 2 * 4) / 4;
    } else if (how == 2) {
        d->x = fx_below(r, 2 * w + 1) / 2.0;
        d->y = fx_below(r, 2) ? 0 : h;
    } else {
        d->x = fx_below(r, 2 * w + 1) / 2.0;
        d->y = fx_below(r, 2 * h + 1) / 2.0;
    }
    if (d->x < 0 || d->x > w || d->y < 0 || d->y > h)
        d->x = 0.5, d->y = 0.5;
}

/* ---- Tests ------------------------------------------------------------------------------------------ */

static void polygon__open_map_is_the_map(void **state)
{
    (void)state;
    gg_scene *s = point_scene(6, 4);
    gg_polygon_def d = gg_polygon_def_default();
    d.x = 2.5, d.y = 1.5;
    poly p = polygon_of(s, &d);
    assert_int_equal(p.n, 4);
    assert_true(fabs(shoelace(&p) - 24) < 1e-12);
    free(p.xy);
    /* On a corner: the map again, the viewer a vertex. */
    d.x = 0, d.y = 0;
    p = polygon_of(s, &d);
    assert_int_equal(p.n, 4);
    assert_true(fabs(shoelace(&p) - 24) < 1e-12);
    free(p.xy);
    gg_scene_destroy(s);
}

static void polygon__a_wall_casts_its_exact_shadow(void **state)
{
    (void)state;
    gg_scene *s = point_scene(10, 10);
    wall(s, 4, 2, 4, 6); /* x = 4, from y = 2 to 6 */
    gg_polygon_def d = gg_polygon_def_default();
    d.x = 2, d.y = 4;
    poly p = polygon_of(s, &d);
    /* Shadow: the trapezoid behind the wall, from x = 4 to 10: rays through (4,2) and (4,6) reach
     * x = 10 at y = -2 and 10, so the shadow is the map's strip x in [4,10] minus the two
     * triangles above y = 4 - (x-2) and below y = 4 + (x-2): area 6*10 - 2 * (1/2)(2*2 + ...). */
    double shadow = 0; /* integrate the strip */
    for (int k = 0; k < 600000; ++k) {
        const double x = 4 + (k + 0.5) / 100000.0;
        const double top = fmax(0, 4 - (x - 2)), bot = fmin(10, 4 + (x - 2));
        shadow += (bot - top) / 100000.0;
    }
    assert_true(fabs(shoelace(&p) - (100 - shadow)) < 1e-6);
    fx_rng r = {1};
    check_polygon(s, &d, 2000, &r);
    free(p.xy);
    gg_scene_destroy(s);
}

static void polygon__rejects_bad_input(void **state)
{
    (void)state;
    gg_scene *s = point_scene(5, 5);
    size_t bytes = 0;
    assert_int_equal(gg_scene_polygon_work_bytes(s, &bytes), GG_OK);
    void *work = aligned_alloc(16, (bytes + 15) & ~(size_t)15);
    gg_polygon_def d = gg_polygon_def_default();
    double xy[64];
    int32_t n = 7;
    d.x = 0.3; /* off the lattice */
    assert_int_equal(gg_scene_visibility_polygon(s, work, bytes, &d, xy, 32, &n), GG_E_INVALID_ARG);
    assert_int_equal(n, 0);
    d.x = 5.5; /* off the map */
    assert_int_equal(gg_scene_visibility_polygon(s, work, bytes, &d, xy, 32, &n), GG_E_INVALID_ARG);
    d = gg_polygon_def_default();
    d.arc_error = 0;
    assert_int_equal(gg_scene_visibility_polygon(s, work, bytes, &d, xy, 32, &n), GG_E_INVALID_ARG);
    d = gg_polygon_def_default();
    d.blocks = (uint32_t)GG_BLOCKS_MOVEMENT;
    assert_int_equal(gg_scene_visibility_polygon(s, work, bytes, &d, xy, 32, &n), GG_E_INVALID_ARG);
    d = gg_polygon_def_default();
    d.struct_size = 3;
    assert_int_equal(gg_scene_visibility_polygon(s, work, bytes, &d, xy, 32, &n), GG_E_BAD_DEF);
    d = gg_polygon_def_default();
    assert_int_equal(gg_scene_visibility_polygon(s, work, bytes - 16, &d, xy, 32, &n),
                     GG_E_BUFFER_TOO_SMALL);
    assert_int_equal(gg_scene_visibility_polygon(s, work, bytes, &d, xy, 2, &n),
                     GG_E_BUFFER_TOO_SMALL);
    assert_int_equal(n, 4);
    assert_int_equal(gg_scene_visibility_polygon(s, work, bytes, &d, xy, 32, &n), GG_OK);
    assert_int_equal(n, 4);
    assert_int_equal(gg_scene_visibility_polygon(NULL, work, bytes, &d, xy, 32, &n),
                     GG_E_INVALID_ARG);
    free(work);
    gg_scene_destroy(s);
}

static void polygon__equals_the_oracle_on_random_scenes(void **state)
{
    (void)state;
    fx_rng r;
    fx_rng_seed(&r, 19, "polygon_random");
    for (int scene = 0; scene < 400; ++scene) {
        gg_scene *s = random_scene(&r, 4 + fx_below(&r, 8), 4 + fx_below(&r, 8),
                                   1 + fx_below(&r, 14), scene % 2 == 1, scene % 4 >= 2);
        for (int v = 0; v < 12; ++v) {
            gg_polygon_def d = gg_polygon_def_default();
            pick_viewer(&r, s, &d);
            if (v % 4 == 3)
                d.range_ft = 5 * (1 + fx_below(&r, 6)) + (fx_below(&r, 2) ? 2 : 0);
            if (v % 5 == 4)
                d.blocks = (uint32_t)GG_BLOCKS_LIGHT;
            if (v % 3 == 1)
                d.eye_ft = 5.0 * fx_below(&r, 4); /* 0 .. 15 ft: at, between and past the bounds */
            check_polygon(s, &d, 300, &r);
        }
        gg_scene_destroy(s);
    }
}

/* A maze: each unit edge of the lattice a wall with probability 1/4, some as two half pieces,
 * and a few diagonals; at most 240 walls. */
static gg_scene *maze_scene(fx_rng *r, int32_t w, int32_t h, bool rebuild)
{
    gg_scene *s = point_scene(w, h);
    int n = 0;
    for (int32_t y = 0; y <= h && n < 236; ++y)
        for (int32_t x = 0; x <= w && n < 236; ++x)
            for (int k = 0; k < 2; ++k) {
                const double x2 = x + (k == 0), y2 = y + (k == 1);
                if (x2 > w || y2 > h || fx_below(r, 4) != 0 || n >= 236)
                    continue;
                if (fx_below(r, 3) == 0) { /* a joint in the middle of the edge */
                    const double mx = (x + x2) / 2, my = (y + y2) / 2;
                    wall(s, x, y, mx, my);
                    wall(s, x2, y2, mx, my);
                    n += 2;
                } else {
                    wall(s, x, y, x2, y2);
                    ++n;
                }
            }
    for (int k = 0; k < 4; ++k) {
        const double x = fx_below(r, w), y = fx_below(r, h);
        wall(s, x, y, x + 1, y + (fx_below(r, 2) ? 1 : -1));
    }
    return indexed(s, rebuild);
}

/* Scenes with many walls (where the sweep first drops the walls hidden behind nearer ones): the
 * polygon still equals the oracle, on mazes full of joints and on dense random walls of every
 * kind. */
static void polygon__equals_the_oracle_on_dense_scenes(void **state)
{
    (void)state;
    fx_rng r;
    fx_rng_seed(&r, 29, "polygon_dense");
    for (int scene = 0; scene < 60; ++scene) {
        const int32_t w = 8 + (int32_t)fx_below(&r, 9), h = 8 + (int32_t)fx_below(&r, 9);
        gg_scene *s = scene % 2 == 0 ? maze_scene(&r, w, h, scene % 4 == 0)
                                     : random_scene(&r, w, h, 60 + (int)fx_below(&r, 120),
                                                    scene % 4 == 1, scene % 8 >= 4);
        for (int v = 0; v < 8; ++v) {
            gg_polygon_def d = gg_polygon_def_default();
            pick_viewer(&r, s, &d);
            if (v % 4 == 3)
                d.range_ft = 5 * (1 + fx_below(&r, 8));
            if (v % 5 == 4)
                d.blocks = (uint32_t)GG_BLOCKS_LIGHT;
            check_polygon(s, &d, 200, &r);
        }
        gg_scene_destroy(s);
    }
}

/* Two and three unit pieces meeting at a point (an L, a straight joint, a T, an X's half), every
 * direction pair, every viewer on the half lattice: no wedge leaks through the joint. */
static void polygon__joints_never_leak(void **state)
{
    (void)state;
    const int dirs[8][2] = {{1, 0}, {1, 1}, {0, 1}, {-1, 1}, {-1, 0}, {-1, -1}, {0, -1}, {1, -1}};
    const double joints[3][2] = {{2, 2}, {2, 1.5}, {1.5, 2.5}};
    fx_rng r;
    fx_rng_seed(&r, 7, "polygon_joints");
    for (int j = 0; j < 3; ++j)
        for (int a = 0; a < 8; ++a)
            for (int b = a + 1; b < 8; ++b)
                for (int c = b; c < 8; ++c) { /* c == b: two pieces */
                    gg_scene *s = point_scene(4, 4);
                    const double jx = joints[j][0], jy = joints[j][1];
                    wall(s, jx, jy, jx + dirs[a][0], jy + dirs[a][1]);
                    wall(s, jx + dirs[b][0], jy + dirs[b][1], jx, jy);
                    if (c != b)
                        wall(s, jx, jy, jx + dirs[c][0] * 0.5, jy + dirs[c][1] * 0.5);
                    for (int vy = 0; vy <= 8; vy += 1 + (c != b))
                        for (int vx = 0; vx <= 8; vx += 1 + (c != b)) {
                            gg_polygon_def d = gg_polygon_def_default();
                            d.x = vx / 2.0, d.y = vy / 2.0;
                            check_polygon(s, &d, 40, &r);
                        }
                    gg_scene_destroy(s);
                }
}

/* The rasterisation is line of sight, cell for cell, on point-rule scenes without blocked cells. */
static void polygon__cells_equal_line_of_sight(void **state)
{
    (void)state;
    fx_rng r;
    fx_rng_seed(&r, 23, "polygon_cells");
    for (int scene = 0; scene < 150; ++scene) {
        const int32_t w = 4 + fx_below(&r, 10), h = 4 + fx_below(&r, 10);
        gg_scene *s = random_scene(&r, w, h, 2 + fx_below(&r, 14), true, false);
        uint64_t bits[8];
        for (int v = 0; v < 10; ++v) {
            gg_cell vc = gg_cell_make(fx_below(&r, w), fx_below(&r, h));
            gg_polygon_def d = gg_polygon_def_default();
            d.x = vc.col + 0.5, d.y = vc.row + 0.5;
            if (v % 3 == 2)
                d.range_ft = 5 * (1 + fx_below(&r, 8));
            gg_view_def view = gg_view_def_default(); /* eye and target at the polygon's eye */
            if (v % 4 == 1)
                d.eye_ft = view.eye_elevation_ft = view.target_elevation_ft = 5.0 * fx_below(&r, 4);
            poly p = polygon_of(s, &d);
            int32_t count = -1;
            assert_int_equal(gg_scene_polygon_cells(s, p.xy, p.n, &d, GG_BITSET_REPLACE, bits, 8,
                                                    &count),
                             GG_OK);
            int32_t want_count = 0;
            for (int32_t row = 0; row < h; ++row)
                for (int32_t col = 0; col < w; ++col) {
                    bool los = false;
                    assert_int_equal(gg_scene_has_line_of_sight_view(s, vc, gg_cell_make(col, row),
                                                                     &view, &los),
                                     GG_OK);
                    const double dx = col - vc.col, dy = row - vc.row;
                    const double R = (double)d.range_ft / 5;
                    const bool want = los && (d.range_ft == GG_RANGE_UNLIMITED ||
                                              dx * dx + dy * dy <= R * R);
                    want_count += want;
                    if (want != gg_bitset_has(bits, w, gg_cell_make(col, row))) {
                        fprintf(stderr, "viewer %d,%d cell %d,%d: los %d, polygon cells %d\n",
                                (int)vc.col, (int)vc.row, (int)col, (int)row, want, !want);
                        oracle o;
                        oracle_init(&o, s, d.x, d.y, d.blocks, d.eye_ft);
                        dump(&o, &p);
                        fail();
                    }
                }
            assert_int_equal(count, want_count);
            free(p.xy);
        }
        gg_scene_destroy(s);
    }
}

/* Regression: a boundary edge ending exactly on the circle of the radius (a crossing outside the
 * disc, then the hit (3.5, 5) at 4 cells on the ray through the end (3.5, 4)) lost that end to the
 * rounding of the roots, and the arc to it. */
static void polygon__an_edge_ending_on_the_circle_keeps_its_end(void **state)
{
    (void)state;
    gg_scene *s = point_scene(8, 8);
    wall(s, 1.5, 3.5, 3.5, 4);
    wall(s, 6, 2, 2.5, 6.5);
    wall(s, 8, 6.5, 2, 4.5);
    gg_polygon_def d = gg_polygon_def_default();
    d.x = 3.5, d.y = 1, d.range_ft = 20;
    poly p = polygon_of(s, &d);
    bool found = false;
    for (int32_t i = 0; i < p.n; ++i)
        found = found || (p.xy[2 * i] == 3.5 && p.xy[2 * i + 1] == 5);
    assert_true(found);
    fx_rng r = {3};
    check_polygon(s, &d, 2000, &r);
    free(p.xy);
    gg_scene_destroy(s);
}

/* Regression (GG_TEST_SEED=1001): a viewer on the map's corner whose circle of the radius passes
 * through a wall's end on the map's edge. */
static void polygon__seed_1001_arc_ending_on_a_wall_end(void **state)
{
    (void)state;
    gg_scene *s = point_scene(7, 4);
    wall(s, 4.5, 1.5, 6.5, 1.5);
    wall(s, 5.5, 4, 0, 3.5);
    wall(s, 4.5, 3, 1.5, 1);
    wall(s, 2, 3.5, 3.5, 1);
    wall(s, 6.5, 1, 6, 1);
    wall(s, 5.5, 3.5, 4, 2);
    wall(s, 1, 4, 4, 3.5);
    wall(s, 7, 3.5, 2, 0.5);
    wall(s, 5.5, 2.5, 0.5, 2);
    wall(s, 3, 3.5, 2, 4.5);
    wall(s, 2.5, 0, 4, 1.5);
    wall(s, 5.5, 3.5, 0, 4);
    gg_polygon_def d = gg_polygon_def_default();
    d.x = 0, d.y = 4, d.range_ft = 5;
    fx_rng r = {3};
    check_polygon(s, &d, 2000, &r);
    gg_scene_destroy(s);
}

/* The cells of one viewer's polygon against line of sight, cell for cell. */
static void check_cells_against_line_of_sight(gg_scene *s, gg_cell vc)
{
    const int32_t w = gg_scene_width(s), h = gg_scene_height(s);
    gg_polygon_def d = gg_polygon_def_default();
    d.x = vc.col + 0.5, d.y = vc.row + 0.5;
    gg_view_def view = gg_view_def_default();
    poly p = polygon_of(s, &d);
    uint64_t bits[8];
    int32_t count = -1;
    assert_int_equal(gg_scene_polygon_cells(s, p.xy, p.n, &d, GG_BITSET_REPLACE, bits, 8, &count),
                     GG_OK);
    for (int32_t row = 0; row < h; ++row)
        for (int32_t col = 0; col < w; ++col) {
            bool los = false;
            assert_int_equal(gg_scene_has_line_of_sight_view(s, vc, gg_cell_make(col, row), &view,
                                                             &los),
                             GG_OK);
            if (los != gg_bitset_has(bits, w, gg_cell_make(col, row)))
                fprintf(stderr, "viewer %d,%d cell %d,%d: los %d\n", (int)vc.col, (int)vc.row,
                        (int)col, (int)row, (int)los);
            assert_true(los == gg_bitset_has(bits, w, gg_cell_make(col, row)));
        }
    free(p.xy);
}

static void wall_kind(gg_scene *s, double x1, double y1, double x2, double y2, gg_door door,
                      uint32_t limited, double prox)
{
    gg_wall_def d = gg_wall_def_default();
    d.x1 = x1, d.y1 = y1, d.x2 = x2, d.y2 = y2;
    d.door = door;
    d.limited = limited;
    d.sight_proximity_ft = prox;
    assert_int_equal(gg_scene_add_wall(s, &d, NULL), GG_OK);
}

/* Regression (GG_TEST_SEED=2011): the centre (0.5, 2.5) is seen from (2.5, 0.5) through the end
 * (2, 1) of a wall, where a PROXIMITY window open to the viewer ends (a jamb: the doorway rule
 * passes the line), but it lies on no crack ray of the polygon, which took it as hidden. */
static void polygon__cells_see_past_a_proximity_jamb(void **state)
{
    (void)state;
    gg_scene *s = point_scene(4, 4);
    wall(s, 0, 4, 2, 1);
    wall_kind(s, 1.5, 1, 2, 1, GG_DOOR_NONE, 0, 10);
    wall(s, 0.5, 0.5, 3, 0.5);
    wall(s, 0.5, 2.5, 0.5, 1.5);
    wall_kind(s, 0.5, 0.5, 0.5, 2, GG_DOOR_CLOSED, 0, 0);
    wall_kind(s, 1.5, 1.5, 2.5, 0.5, GG_DOOR_NONE, 5, 0);
    wall(s, 1.5, 1.5, 0.5, 1);
    wall_kind(s, 1, 1, 1, 2, GG_DOOR_NONE, 0, 10);
    check_cells_against_line_of_sight(s, gg_cell_make(2, 0));
    gg_scene_destroy(s);
}

/* Regression (GG_TEST_SEED=1011): from (0.5, 8.5), standing on a wall, the line up x = 0.5 runs
 * along an open door and grazes a wall's end at the door's jamb (0.5, 4.5) and a limited wall's
 * end (0.5, 5.5): line of sight passes (the doorway rule) to the centre (0.5, 0.5), beyond the
 * polygon's bounding box (rows 4 to 13), where the rasterisation never looked. */
static void polygon__cells_see_along_an_open_door(void **state)
{
    (void)state;
    const uint32_t no_sight = (uint32_t)GG_BLOCKS_MOVEMENT | (uint32_t)GG_BLOCKS_LIGHT;
    gg_scene *s = point_scene(5, 13);
    wall(s, 0.5, 4.5, -2, 2);
    wall(s, 2, 11.5, 2.5, 11);
    wall_kind(s, 2, 7.5, 0.5, 6.5, GG_DOOR_NONE, 5, 0);
    gg_wall_def c = gg_wall_def_default();
    c.x1 = 1, c.y1 = 10.5, c.x2 = 0.5, c.y2 = 8, c.cover = GG_COVER_HALF;
    assert_int_equal(gg_scene_add_wall(s, &c, NULL), GG_OK);
    c = gg_wall_def_default();
    c.x1 = 2, c.y1 = 1.5, c.x2 = 2, c.y2 = 1, c.blocks = no_sight;
    assert_int_equal(gg_scene_add_wall(s, &c, NULL), GG_OK);
    wall_kind(s, 1.5, 9.5, 2.5, 5.5, GG_DOOR_OPEN, 0, 0);
    wall(s, 3.5, 0, 3.5, 0);
    wall(s, 0.5, 8.5, 0.5, 1.5);
    c = gg_wall_def_default();
    c.x1 = 0, c.y1 = 5.5, c.x2 = -2.5, c.y2 = 8, c.one_way = GG_ONE_WAY_LEFT;
    assert_int_equal(gg_scene_add_wall(s, &c, NULL), GG_OK);
    c = gg_wall_def_default();
    c.x1 = 4.5, c.y1 = 0.5, c.x2 = 2.5, c.y2 = 10.5, c.blocks = no_sight;
    assert_int_equal(gg_scene_add_wall(s, &c, NULL), GG_OK);
    wall_kind(s, 0, 5, 4, 10, GG_DOOR_NONE, 5, 0);
    wall_kind(s, 0.5, 3, 0.5, 4.5, GG_DOOR_OPEN, 0, 0);
    wall(s, 3.5, 7, 3, 5.5);
    wall_kind(s, 3, 4.5, 6, 7.5, GG_DOOR_NONE, 5, 0);
    wall_kind(s, 1, 5.5, 0.5, 5.5, GG_DOOR_NONE, 5, 0);
    check_cells_against_line_of_sight(s, gg_cell_make(0, 8));
    gg_scene_destroy(s);
}

/* Regression (GG_TEST_SEED=2010): the viewer (2.5, 4.5) is exactly 10 ft (2 cells) from the
 * closest point (3.7, 2.9) of a PROXIMITY wall of 10 ft, so the wall takes no part ("within",
 * compared exactly, docs/vision.md). The library says so; the test's oracle measured the distance
 * in doubles (4.000000000000001 cells squared) and kept the wall. */
static void polygon__proximity_exactly_at_the_threshold(void **state)
{
    (void)state;
    gg_scene *s = point_scene(5, 8);
    wall_kind(s, 4.5, 3.5, 0.5, 0.5, GG_DOOR_NONE, 0, 10);
    gg_polygon_def d = gg_polygon_def_default();
    d.x = 2.5, d.y = 4.5;
    fx_rng r = {3};
    check_polygon(s, &d, 2000, &r);
    d.range_ft = 15;
    check_polygon(s, &d, 2000, &r);
    gg_scene_destroy(s);
}

/* The endpoints are sorted through buckets of their pseudo-angle, and by a merge sort when one
 * bucket would hold too many (many ends in one narrow angle): a comb of 40 short walls whose 80
 * ends lie within a thousandth of a radian of one ray fills a bucket, and a fan of the same walls
 * spread around the viewer does not. Both must equal the oracle, seen from several viewers. */
static void polygon__endpoints_crowded_in_one_direction(void **state)
{
    (void)state;
    const double q = 1.0 / GG_WALL_UNITS_PER_CELL;
    for (int fan = 0; fan < 2; ++fan) {
        gg_scene *s = point_scene(64, 64);
        for (int k = 0; k < 40; ++k) {
            const double x = 20 + k * 0.5;
            if (fan)
                wall(s, x, 2 + k, x + 0.5, 2.5 + k);
            else
                wall(s, x, 32.5 + (1 + k % 3) * q, x, 32.5 + (2 + k % 3) * q);
        }
        fx_rng r = {11};
        const double at[3][2] = {{2.5, 32.5}, {10.5, 32.5}, {2.5, 10.5}};
        for (int v = 0; v < 3; ++v) {
            gg_polygon_def d = gg_polygon_def_default();
            d.x = at[v][0], d.y = at[v][1];
            check_polygon(s, &d, 400, &r);
        }
        gg_scene_destroy(s);
    }
}

/* Far walls cost nothing: the same viewer sorts the same walls with a thousand walls added far
 * away (the work is measured by the polygon being identical and by the bench; here the answer). */
static void polygon__far_walls_change_nothing(void **state)
{
    (void)state;
    gg_scene *s = point_scene(200, 200);
    wall(s, 3, 1, 3, 6);
    wall(s, 1, 7, 8, 7);
    wall(s, 8, 0, 8, 7);
    gg_polygon_def d = gg_polygon_def_default();
    d.x = 2.5, d.y = 3.5;
    poly a = polygon_of(s, &d);
    for (int k = 0; k < 1000; ++k)
        wall(s, 50 + k % 100, 50 + k / 10, 51 + k % 100, 50 + k / 10);
    poly b = polygon_of(s, &d);
    assert_int_equal(a.n, b.n);
    for (int32_t i = 0; i < 2 * a.n; ++i)
        assert_true(a.xy[i] == b.xy[i]);
    free(a.xy);
    free(b.xy);
    gg_scene_destroy(s);
}

/* The output starts at its leftmost (then topmost) vertex, whatever the sweep met first: the
 * same room with hidden walls added before its own walls (so the walls come in another order and
 * the culling drops other walls: the sweep starts elsewhere) gives the same array. Before the
 * canonical start, the first vertex followed the first full wall the culling kept. */
static void polygon__starts_at_its_leftmost_vertex(void **state)
{
    (void)state;
    gg_scene *a = point_scene(40, 40), *b = point_scene(40, 40);
    for (int k = 0; k < 60; ++k) /* hidden from the room: walls in the far corner */
        wall(b, 30 + k % 8, 30 + k / 8 % 8, 31 + k % 8, 30 + k / 8 % 8);
    const double room[][4] = {{5, 5, 15, 5}, {15, 5, 15, 12}, {15, 12, 9, 12},  {8, 12, 5, 12},
                              {5, 12, 5, 5}, {9, 7, 11, 9},   {12, 6, 12, 7.5}, {7, 10, 8, 11}};
    for (size_t k = 0; k < sizeof room / sizeof room[0]; ++k) {
        wall(a, room[k][0], room[k][1], room[k][2], room[k][3]);
        wall(b, room[k][0], room[k][1], room[k][2], room[k][3]);
    }
    for (int k = 0; k < 60; ++k)
        wall(a, 30 + k % 8, 30 + k / 8 % 8, 31 + k % 8, 30 + k / 8 % 8);
    const double viewers[][2] = {{10.5, 8.5}, {6.5, 6.5}, {13.5, 10.5}, {8.5, 12}, {15, 8.5}};
    for (size_t v = 0; v < sizeof viewers / sizeof viewers[0]; ++v)
        for (int ranged = 0; ranged < 2; ++ranged) {
            gg_polygon_def d = gg_polygon_def_default();
            d.x = viewers[v][0], d.y = viewers[v][1];
            if (ranged)
                d.range_ft = 25;
            poly pa = polygon_of(a, &d), pb = polygon_of(b, &d);
            assert_int_equal(pa.n, pb.n);
            assert_true(pa.n >= 3);
            for (int32_t i = 0; i < 2 * pa.n; ++i)
                assert_true(pa.xy[i] == pb.xy[i]);
            for (int32_t i = 1; i < pa.n; ++i)
                assert_true(pa.xy[2 * i] > pa.xy[0] ||
                            (pa.xy[2 * i] == pa.xy[0] && pa.xy[2 * i + 1] > pa.xy[1]));
            free(pa.xy);
            free(pb.xy);
        }
    gg_scene_destroy(a);
    gg_scene_destroy(b);
}

/* The canonical start as a function of the cycle alone: every rotation of a cycle comes out as
 * the same array, including a cycle that passes twice through its leftmost point (a polygon
 * touching itself there: the start is the visit whose cycle continues with the smaller
 * vertices), and cycles longer than gg__poly_rotate()'s 64-vertex buffer on both sides. */
static void polygon__canonical_start_of_every_rotation(void **state)
{
    (void)state;
    /* two triangles joined at (0, 5), the leftmost point, visited twice */
    static const double bowtie[][2] = {{0, 5}, {4, 2}, {6, 4}, {0, 5}, {3, 8}, {5, 6}};
    enum { MAXN = 150 };
    static double cyc[MAXN][2], xy[2 * MAXN], want[2 * MAXN];
    for (int shape = 0; shape < 3; ++shape) {
        int32_t n;
        if (shape == 0) {
            n = 6;
            memcpy(cyc, bowtie, sizeof bowtie);
        } else { /* a convex polygon of n vertices, the leftmost at index n / 3 */
            n = shape == 1 ? 9 : MAXN;
            for (int32_t i = 0; i < n; ++i) {
                const double a = 2.0 * 3.14159265358979 * (double)(i - n / 3) / (double)n;
                cyc[i][0] = -cos(a) * 100.0, cyc[i][1] = sin(a) * 100.0 + (double)i * 1e-9;
            }
        }
        for (int32_t r = 0; r < n; ++r) {
            for (int32_t i = 0; i < n; ++i)
                xy[2 * i] = cyc[(i + r) % n][0], xy[2 * i + 1] = cyc[(i + r) % n][1];
            gg__poly_canonical_start(xy, n);
            if (r == 0)
                memcpy(want, xy, sizeof(double) * 2 * (size_t)n);
            for (int32_t i = 0; i < 2 * n; ++i)
                assert_true(xy[i] == want[i]);
        }
        /* the start is a leftmost vertex; for the bowtie, the visit followed by (3, 8) < (4, 2)
         * in x: the cycle (0,5) (3,8) (5,6) (0,5) (4,2) (6,4) */
        for (int32_t i = 1; i < n; ++i)
            assert_true(want[2 * i] > want[0] ||
                        (want[2 * i] == want[0] && want[2 * i + 1] >= want[1]));
        if (shape == 0) {
            assert_true(want[2] == 3 && want[3] == 8);
        }
    }
}

/* One work buffer used for a scene with many walls, one with few, and the first again gives
 * the answers a fresh buffer gives (the buffer keeps a clear bitmap between calls; a smaller
 * scene's arrays overwrite the end of a larger one's bitmap). */
static void polygon__work_memory_reused_across_scenes(void **state)
{
    (void)state;
    fx_rng r;
    fx_rng_seed(&r, 31, "polygon_work");
    gg_scene *big = random_scene(&r, 40, 40, 200, false, false),
             *small = random_scene(&r, 6, 6, 3, false, false);
    size_t bytes = 0;
    assert_int_equal(gg_scene_polygon_work_bytes(big, &bytes), GG_OK);
    void *work = aligned_alloc(16, (bytes + 15) & ~(size_t)15);
    void *fresh = aligned_alloc(16, (bytes + 15) & ~(size_t)15);
    assert_non_null(work);
    assert_non_null(fresh);
    double a[2 * 2048], b[2 * 2048];
    for (int v = 0; v < 144; ++v) {
        gg_polygon_def d = gg_polygon_def_default();
        int32_t na = 0, nb = 0;
        d.x = v % 6 + 0.5, d.y = v / 24 + 0.5;
        assert_int_equal(gg_scene_visibility_polygon(small, work, bytes, &d, a, 2048, &na), GG_OK);
        d.x = (v % 12) * 3 + 1.5, d.y = (v / 12) * 3 + 1.5;
        assert_int_equal(gg_scene_visibility_polygon(big, work, bytes, &d, a, 2048, &na), GG_OK);
        memset(fresh, 0xA5, bytes);
        assert_int_equal(gg_scene_visibility_polygon(big, fresh, bytes, &d, b, 2048, &nb), GG_OK);
        assert_int_equal(na, nb);
        assert_memory_equal(a, b, sizeof(double) * 2 * (size_t)na);
    }
    free(work);
    free(fresh);
    gg_scene_destroy(big);
    gg_scene_destroy(small);
}

/* Memory that held a work buffer once and was reused: the old call's header (its magic, then its
 * count of clear bitmap words) over bytes that are all ones. Before the fix the query trusted
 * that header, took every wall as already gathered, and drew the open map. */
static void polygon__work_memory_with_an_old_header_over_other_data(void **state)
{
    (void)state;
    gg_scene *s = point_scene(10, 10);
    wall(s, 4, 2, 4, 6);
    wall(s, 6, 1, 9, 1);
    size_t bytes = 0;
    assert_int_equal(gg_scene_polygon_work_bytes(s, &bytes), GG_OK);
    void *work = aligned_alloc(16, (bytes + 15) & ~(size_t)15);
    assert_non_null(work);
    memset(work, 0xFF, bytes);
    const uint64_t old_header[2] = {0x67675f706f6c7931ull, 1u << 20};
    memcpy(work, old_header, sizeof old_header);
    gg_polygon_def d = gg_polygon_def_default();
    d.x = 2, d.y = 4;
    double xy[2 * 64];
    int32_t n = 0;
    assert_int_equal(gg_scene_visibility_polygon(s, work, bytes, &d, xy, 64, &n), GG_OK);
    poly got = {xy, n};
    poly want = polygon_of(s, &d);
    assert_int_equal(got.n, want.n);
    assert_true(fabs(shoelace(&got) - shoelace(&want)) < 1e-9);
    assert_true(shoelace(&got) < 100 - 1); /* the wall's shadow is there */
    free(want.xy);
    free(work);
    gg_scene_destroy(s);
}

/* ---- The expansion against the sweep ------------------------------------------------------------ */

/* The polygon by one path (GG__POLY_SWEEP or GG__POLY_EXPAND) into xy (cap vertices). */
static gg_status polygon_by(const gg_scene *s, const gg_polygon_def *d, int path, double *xy,
                            int32_t cap, int32_t *n)
{
    work_for(s);
    return gg__visibility_polygon_path(s, g_work, g_work_bytes, d, xy, cap, n, path);
}

/* Whether the open segments a-b and c-d (half-lattice points, doubled to integers) cross at a
 * point inside both: the walls the mesh cannot take. */
static bool cross_properly(const gg_wall_def *p, const gg_wall_def *q)
{
    const long ax = lround(2 * p->x1), ay = lround(2 * p->y1), bx = lround(2 * p->x2),
               by = lround(2 * p->y2), cx = lround(2 * q->x1), cy = lround(2 * q->y1),
               dx = lround(2 * q->x2), dy = lround(2 * q->y2);
    const long o1 = (bx - ax) * (cy - ay) - (by - ay) * (cx - ax);
    const long o2 = (bx - ax) * (dy - ay) - (by - ay) * (dx - ax);
    const long o3 = (dx - cx) * (ay - cy) - (dy - cy) * (ax - cx);
    const long o4 = (dx - cx) * (by - cy) - (dy - cy) * (bx - cx);
    return ((o1 > 0 && o2 < 0) || (o1 < 0 && o2 > 0)) && ((o3 > 0 && o4 < 0) || (o3 < 0 && o4 > 0));
}

/* Random walls of every kind on the half lattice, none crossing another (T's, joints, collinear
 * overlaps and walls on the map's edge stay) unless `crossing`, indexed and meshed as a host's
 * bulk load is (with crossings the mesh is loose: wall_mesh.h). */
static gg_scene *meshed_scene(fx_rng *r, int32_t w, int32_t h, int nwalls, bool kinds,
                              bool crossing)
{
    gg_scene *s = point_scene(w, h);
    gg_wall_def *defs = malloc(sizeof *defs * (size_t)nwalls);
    assert_non_null(defs);
    int n = 0;
    for (int k = 0; k < nwalls; ++k) {
        const gg_wall_def d = fx_random_half_wall(r, w, h, kinds, true);
        bool ok = true;
        for (int i = 0; i < n && ok && !crossing; ++i)
            ok = !cross_properly(&d, &defs[i]);
        if (ok)
            defs[n++] = d;
    }
    assert_int_equal(gg_scene_add_walls(s, defs, n, NULL), GG_OK);
    free(defs);
    return s;
}

/* The expansion over the wall mesh gives the sweep's polygon: the same vertices, to the last bit
 * or within 1e-9 cell (a vertex may be rounded from another point of the same line), for every
 * kind of wall and viewer, on the map's edge, on a mesh vertex or edge, and with walls that cross
 * (a loose mesh: then the sweep over the walls the expansion met). */
static void polygon__expansion_equals_the_sweep(void **state)
{
    (void)state;
    fx_rng r;
    fx_rng_seed(&r, 41, "polygon_expand");
    double a[2 * 512], b[2 * 512];
    int expanded = 0, total = 0, identical = 0, loose = 0;
    for (int scene = 0; scene < 600; ++scene) {
        const int32_t w = 3 + (int32_t)fx_below(&r, 12), h = 3 + (int32_t)fx_below(&r, 12);
        gg_scene *s = meshed_scene(&r, w, h, 1 + (int)fx_below(&r, scene % 3 == 0 ? 120 : 20),
                                   scene % 2 == 1, scene % 5 == 4);
        loose += s->mesh.loose;
        for (int v = 0; v < 16; ++v) {
            gg_polygon_def d = gg_polygon_def_default();
            pick_viewer(&r, s, &d);
            if (v % 4 == 3)
                d.range_ft = 5 * (1 + fx_below(&r, 6)) + (fx_below(&r, 2) ? 2 : 0);
            if (v % 5 == 4)
                d.blocks = (uint32_t)GG_BLOCKS_LIGHT;
            if (v % 3 == 1)
                d.eye_ft = 5.0 * fx_below(&r, 4);
            if (v % 7 == 6) { /* off the half lattice */
                d.x = fx_below(&r, 16 * w + 1) / 16.0;
                d.y = fx_below(&r, 16 * h + 1) / 16.0;
            }
            int32_t na = 0, nb = 0;
            assert_int_equal(polygon_by(s, &d, GG__POLY_SWEEP, a, 512, &na), GG_OK);
            const gg_status st = polygon_by(s, &d, GG__POLY_EXPAND, b, 512, &nb);
            total++;
            if (st == GG_E_INVALID_ARG)
                continue;
            assert_int_equal(st, GG_OK);
            expanded++;
            /* The same cycle: the canonical start may differ when a vertex of the leftmost
             * column is rounded a hair to the other side in one of them. */
            bool same = false;
            for (int32_t k = 0; !same && na == nb && k < nb; ++k) {
                same = true;
                for (int32_t i = 0; same && i < na; ++i)
                    same = fabs(a[2 * i] - b[2 * ((i + k) % nb)]) <= 1e-9 &&
                           fabs(a[2 * i + 1] - b[2 * ((i + k) % nb) + 1]) <= 1e-9;
            }
            if (!same) {
                fprintf(stderr,
                        "scene %d viewer (%g, %g) range %d mask %u eye %g: sweep %d, "
                        "expansion %d vertices\n",
                        scene, d.x, d.y, (int)d.range_ft, (unsigned)d.blocks, d.eye_ft, (int)na,
                        (int)nb);
                for (int32_t i = 0; i < (na > nb ? na : nb); ++i)
                    fprintf(stderr, "  %3d  %.12f %.12f   %.12f %.12f\n", (int)i,
                            i < na ? a[2 * i] : (double)NAN, i < na ? a[2 * i + 1] : (double)NAN,
                            i < nb ? b[2 * i] : (double)NAN, i < nb ? b[2 * i + 1] : (double)NAN);
                fail();
            }
            identical += memcmp(a, b, sizeof(double) * 2 * (size_t)na) == 0;
        }
        gg_scene_destroy(s);
    }
    fprintf(stderr, "expansion: %d of %d polygons (%d bit for bit the sweep's), %d loose meshes\n",
            expanded, total, identical, loose);
    assert_true(expanded * 2 > total && loose > 20); /* the test is not vacuous */
}

/* The crafted fence: walls 8 units long with gaps between along y = 1, in front of three
 * columns of 1,000 walls two units long, on a w x h map; `crossing`: and two walls crossing
 * in an X beside the viewer (16.25, 0.375), which makes the mesh loose. */
static gg_scene *fence_scene(int32_t w, int32_t h, bool crossing)
{
    const int nf = 400, ns = 1000;
    gg_scene *s = point_scene(w, h);
    gg_wall_def *d = malloc(sizeof *d * (size_t)(nf + 3 * ns + 2));
    assert_non_null(d);
    int n = 0;
    const double u = 1.0 / U;
    for (int i = 0; i < nf; ++i) { /* the fence: walls 8 units long, gaps between */
        d[n] = gg_wall_def_default();
        d[n].x1 = floor(32.0 * i / nf * U) * u, d[n].x2 = d[n].x1 + 8 * u;
        d[n].y1 = d[n].y2 = 1;
        n++;
    }
    for (int c = 0; c < 3; ++c)
        for (int j = 0; j < ns; ++j) { /* three columns of short walls two units long */
            d[n] = gg_wall_def_default();
            d[n].x1 = d[n].x2 = 16 * c;
            d[n].y1 = 2 + floor(61.0 * U * j / ns) * u, d[n].y2 = d[n].y1 + 2 * u;
            n++;
        }
    for (int k = 0; crossing && k < 2; ++k) {
        d[n] = gg_wall_def_default();
        d[n].x1 = 16, d[n].x2 = 16.5;
        d[n].y1 = k ? 0.25 : 0.75, d[n].y2 = k ? 0.75 : 0.25;
        n++;
    }
    assert_int_equal(gg_scene_add_walls(s, d, n, NULL), GG_OK);
    free(d);
    return s;
}

/* One pass of the expansion from sight point (x, y), as gg_scene_visibility_polygon() makes it:
 * the first (list NULL), or, `listing`, the second that lists walls. Its return code. */
static int expand_pass(const gg_scene *s, double x, double y, bool listing)
{
    const size_t cap = 2 * (size_t)s->mesh.nt + 16;
    gg__xcone *stack = malloc(sizeof *stack * cap);
    uint64_t *bits = calloc(((size_t)s->wall_slots + 63) / 64, sizeof *bits);
    uint32_t *ids = malloc(sizeof *ids * ((size_t)s->wall_slots + 8));
    double *xy = malloc(sizeof *xy * 2 * 100000);
    assert_true(stack && bits && ids && xy);
    out_state o = {x, y, xy, 100000, 0, 0, 0, 0, 0};
    clip_state c;
    memset(&c, 0, sizeof c);
    c.o = &o;
    const gg_hpoint v = {(int32_t)(x * U), (int32_t)(y * U)};
    gg__xlist list = {bits, ids, 0};
    const int xp = gg__poly_expand(s, v, (uint32_t)GG_BLOCKS_SIGHT, 0, 0, &c, stack, cap,
                                   listing ? &list : NULL);
    free(xy);
    free(ids);
    free(bits);
    free(stack);
    return xp;
}

/* The polygon by the default path equals the sweep's, bit for bit. */
static void default_path_is_the_sweeps(const gg_scene *s, const gg_polygon_def *d)
{
    double *a = malloc(sizeof *a * 2 * 100000), *b = malloc(sizeof *b * 2 * 100000);
    assert_true(a && b);
    int32_t na = 0, nb = 0;
    assert_int_equal(polygon_by(s, d, GG__POLY_SWEEP, a, 100000, &na), GG_OK);
    assert_int_equal(polygon_by(s, d, GG__POLY_AUTO, b, 100000, &nb), GG_OK);
    assert_int_equal(na, nb);
    assert_memory_equal(a, b, sizeof *a * 2 * (size_t)na);
    free(a);
    free(b);
}

/* A crafted scene where every cone would cross every sliver (a fence of narrow gaps in front of
 * three columns of closely spaced wall ends, so long thin triangles between them): the expansion
 * gives up past its work bound and the sweep answers, the same polygon. Before the bound, such a
 * view took hundreds of times the sweep's time (2 s at 25,000 walls). */
static void polygon__expansion_gives_up_on_a_crafted_fence(void **state)
{
    (void)state;
    gg_scene *s = fence_scene(32, 64, false);
    assert_true(s->mesh.valid);
    gg_polygon_def pd = gg_polygon_def_default();
    pd.x = 16.25, pd.y = 0.5;
    assert_int_equal(expand_pass(s, pd.x, pd.y, false), GG__XP_GIVE_UP);
    default_path_is_the_sweeps(s, &pd);
    gg_scene_destroy(s);
}

/* The same fence with an X of loose walls beside the viewer, on a map large enough that the
 * sweep reads its bitmap (its first box is not the whole map): the first pass meets the loose
 * walls, the second, listing walls, gives up, and the sweep of every wall must start from a
 * clear bitmap (without that it skipped the listed walls: 6,661 vertices instead of 5). */
static void polygon__a_listing_pass_that_gives_up_leaves_a_clear_bitmap(void **state)
{
    (void)state;
    gg_scene *s = fence_scene(128, 128, true);
    assert_true(s->mesh.loose);
    gg_polygon_def pd = gg_polygon_def_default();
    pd.x = 16.25, pd.y = 0.375;
    assert_int_equal(expand_pass(s, pd.x, pd.y, false), GG__XP_WALLS);
    assert_int_equal(expand_pass(s, pd.x, pd.y, true), GG__XP_GIVE_UP);
    default_path_is_the_sweeps(s, &pd);
    gg_scene_destroy(s);
}

/* One long wall across a wide map and one short wall: the grid covers only the walls' box, so
 * open ground is fans of slivers that a view crosses many times. The work bound's share per wall
 * (sixteen cones a wall) hands this view to the sweep, which is a few walls' work; by triangles
 * alone (four a triangle) it ran on, 18-44 times the sweep's time. */
static void polygon__one_long_wall_is_left_to_the_sweep(void **state)
{
    (void)state;
    gg_scene *s = point_scene(512, 512);
    gg_wall_def d[2] = {gg_wall_def_default(), gg_wall_def_default()};
    d[0].x1 = 0.5, d[0].y1 = 204.5, d[0].x2 = 511.5, d[0].y2 = 204.5;
    d[1].x1 = 10, d[1].y1 = 10, d[1].x2 = 10.5, d[1].y2 = 10;
    assert_int_equal(gg_scene_add_walls(s, d, 2, NULL), GG_OK);
    assert_int_equal(gg__wall_index_rebuild(s), GG_OK);
    assert_true(s->mesh.valid);
    gg_polygon_def pd = gg_polygon_def_default();
    pd.x = 32.5, pd.y = 288.5;
    assert_int_equal(expand_pass(s, pd.x, pd.y, false), GG__XP_GIVE_UP);
    default_path_is_the_sweeps(s, &pd);
    gg_scene_destroy(s);
}

/* A very long wall whose end pokes one lattice step into the disc, with a fine chord rule: the
 * polygon keeps the point where the wall leaves the circle (on the circle) as well as the wall's
 * end. The clipping moves a crossing that rounding put a hair from an edge's end onto that end,
 * but "a hair" is relative to the edge (1e-7 of it): on a 10,000-cell wall that is a whole
 * lattice step, and moving it there cut a chord 1/1024 cell inside the circle, a hundred times
 * the arc_error asked for. It is capped at a quarter of arc_error. */
static void polygon__a_long_wall_keeps_its_crossing_of_the_circle(void **state)
{
    (void)state;
    gg_scene *s = point_scene(16, 10240);
    wall(s, 7.5, 10240, 7.5, 14 - 1.0 / U); /* the circle of radius 5 meets x = 7.5 at y = 14 */
    gg_polygon_def d = gg_polygon_def_default();
    d.x = 4.5, d.y = 10, d.range_ft = 25, d.arc_error = 1e-5;
    poly p = polygon_of(s, &d);
    bool crossing = false, tip = false;
    for (int32_t i = 0; i < p.n; ++i) {
        const double x = p.xy[2 * i], y = p.xy[2 * i + 1];
        crossing = crossing || (fabs(x - 7.5) < 1e-9 && fabs(y - 14) < 1e-9);
        tip = tip || (fabs(x - 7.5) < 1e-9 && fabs(y - (14 - 1.0 / U)) < 1e-9);
        /* every vertex on the circle or inside it, none farther than the wall's tip inside */
        const double r = hypot(x - d.x, y - d.y);
        assert_true(r <= 5 + 1e-9);
    }
    assert_true(crossing && tip);
    free(p.xy);
    gg_scene_destroy(s);
}

#ifdef GG_TEST_HAVE_IO
static void check_map(const char *path)
{
    gg_import_def def = gg_import_def_default();
    gg_scene *s = NULL;
    gg_io_error err;
    assert_int_equal(gg_scene_import_file(path, &def, &s, NULL, &err), GG_OK);
    fx_rng r;
    fx_rng_seed(&r, 5, path);
    const int32_t w = gg_scene_width(s), h = gg_scene_height(s);
    for (int k = 0; k < 6; ++k) {
        gg_polygon_def d = gg_polygon_def_default();
        d.x = fx_below(&r, w) + 0.5, d.y = fx_below(&r, h) + 0.5;
        if (k % 3 == 2)
            d.range_ft = 30;
        check_polygon(s, &d, 400, &r);
    }
    gg_scene_destroy(s);
}

static void polygon__equals_the_oracle_on_every_shared_map(void **state)
{
    (void)state;
    char path[512];
    for (size_t k = 0; k < GG_SHARED_MAP_COUNT; ++k) {
        snprintf(path, sizeof path, "%s/%s", GG_TEST_MAPS_DIR, gg_shared_maps[k]);
        check_map(path);
    }
}
#endif

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(polygon__open_map_is_the_map),
        cmocka_unit_test(polygon__a_wall_casts_its_exact_shadow),
        cmocka_unit_test(polygon__rejects_bad_input),
        cmocka_unit_test(polygon__equals_the_oracle_on_random_scenes),
        cmocka_unit_test(polygon__equals_the_oracle_on_dense_scenes),
        cmocka_unit_test(polygon__joints_never_leak),
        cmocka_unit_test(polygon__cells_equal_line_of_sight),
        cmocka_unit_test(polygon__an_edge_ending_on_the_circle_keeps_its_end),
        cmocka_unit_test(polygon__seed_1001_arc_ending_on_a_wall_end),
        cmocka_unit_test(polygon__cells_see_past_a_proximity_jamb),
        cmocka_unit_test(polygon__cells_see_along_an_open_door),
        cmocka_unit_test(polygon__proximity_exactly_at_the_threshold),
        cmocka_unit_test(polygon__far_walls_change_nothing),
        cmocka_unit_test(polygon__endpoints_crowded_in_one_direction),
        cmocka_unit_test(polygon__starts_at_its_leftmost_vertex),
        cmocka_unit_test(polygon__canonical_start_of_every_rotation),
        cmocka_unit_test(polygon__work_memory_reused_across_scenes),
        cmocka_unit_test(polygon__work_memory_with_an_old_header_over_other_data),
        cmocka_unit_test(polygon__expansion_equals_the_sweep),
        cmocka_unit_test(polygon__expansion_gives_up_on_a_crafted_fence),
        cmocka_unit_test(polygon__a_listing_pass_that_gives_up_leaves_a_clear_bitmap),
        cmocka_unit_test(polygon__a_long_wall_keeps_its_crossing_of_the_circle),
        cmocka_unit_test(polygon__one_long_wall_is_left_to_the_sweep),
#ifdef GG_TEST_HAVE_IO
        cmocka_unit_test(polygon__equals_the_oracle_on_every_shared_map),
#endif
    };
    int rc = cmocka_run_group_tests(tests, NULL, NULL);
    fprintf(stderr, "polygons %ld, rays %ld, samples %ld\n", g_stats.polygons, g_stats.rays,
            g_stats.samples);
    free(g_work);
    return rc;
}
