/* test_polygon_cells.c - the rasterisation of visibility and light polygons (polygon_cells.c,
 * docs/vision.md "Rasterisation"). The scanline fill against the per-centre rasteriser it
 * replaced, kept here as the slow path as it was (a point-in-polygon test and a distance to the
 * boundary for every centre of the polygon's box, an exact test for every centre on a crack ray,
 * every centre of the map with more than 63 crack points), bit for bit and count for count: on
 * random scenes with every kind of wall and both wall rules, under light cones, on synthetic
 * polygons that overflow the scanline's buffers, and on every shared map. And the point-rule
 * segment test, now one loop in wall_kinds.c, against the two loops it merged (polygon_cells.c's
 * and wall_kinds.c's own, kept here as they were). */
#include <math.h>
#include <string.h>

#include "fixture.h"
#include "shared_maps.h"
#include "test_alloc.h"
#include "topology/scene/scene_internal.h"
#include "topology/scene/wall_index.h"
#include "topology/sight/light_cone.h"
#include "topology/sight/polygon_internal.h"
#ifdef GG_TEST_HAVE_IO
#include "gridgeom/io.h"
#endif

__extension__ typedef __int128 i128;

/* ---- The point rule as polygon_cells.c had it -------------------------------------------------- */

typedef struct seg_ctx {
    const gg_scene *s;
    gg_hpoint v, p;
    uint32_t mask;
    int32_t eye;
    int limited;
    int64_t kx, ky;
    bool blocked;
} seg_ctx;

static bool seg_visit(seg_ctx *c, const gg__wall *w)
{
    const int part = gg__wall_part(c->s, w, c->v, c->mask, c->eye);
    if (part == GG__PART_NONE || !gg_segments_intersect(c->v, c->p, w->a, w->b))
        return false;
    if (gg__on_segment(c->p, w->a, w->b) && !gg__meets_before(c->v, c->p, w->a, w->b))
        return false;
    const gg__wview view = {true, c->eye, c->eye, 0u};
    if (gg__doorway_excuses_view(c->s, GG__RULE_SIGHT, w, c->v, c->p, c->mask, false, &view))
        return false;
    if (part == GG__PART_FULL) {
        c->blocked = true;
        return true;
    }
    int64_t kx = INT64_MIN, ky = (int64_t)(w - c->s->walls);
    if (gg__on_segment(w->a, c->v, c->p)) {
        kx = w->a.x;
        ky = w->a.y;
    } else if (gg__on_segment(w->b, c->v, c->p)) {
        kx = w->b.x;
        ky = w->b.y;
    }
    if (c->limited == 0) {
        c->limited = 1;
        c->kx = kx;
        c->ky = ky;
    } else if (kx != c->kx || ky != c->ky) {
        c->blocked = true;
        return true;
    }
    return false;
}

static bool seg_strip(void *vctx, int32_t i, int32_t j0, int32_t j1)
{
    seg_ctx *c = (seg_ctx *)vctx;
    const gg__wall_index *ix = &c->s->index;
    for (int32_t j = j0; j <= j1; ++j) {
        const size_t b = (size_t)j * (size_t)ix->bw + (size_t)i;
        for (uint32_t k = ix->start[b]; k < ix->start[b + 1]; ++k)
            if (seg_visit(c, &c->s->walls[ix->items[k]]))
                return true;
    }
    return false;
}

static bool old_point_rule_blocked(const gg_scene *s, gg_hpoint v, gg_hpoint p, uint32_t mask,
                                   int32_t eye)
{
    seg_ctx c = {s, v, p, mask, eye, 0, 0, 0, false};
    if (v.x == p.x && v.y == p.y)
        return false;
    const gg__wall_index *ix = &s->index;
    for (uint32_t k = 0; k < ix->pending_count && !c.blocked; ++k)
        (void)seg_visit(&c, &s->walls[ix->pending[k]]);
    if (!c.blocked && ix->built)
        (void)gg__for_each_bucket_strip(v, p, (int64_t)GG__WALL_UNIT << ix->bucket_shift, 0, ix->bw,
                                        ix->bh, seg_strip, &c);
    return c.blocked;
}

/* ---- Sight under a view as wall_kinds.c had it ------------------------------------------------- */

typedef struct view_hit {
    const gg_scene *s;
    gg_hpoint a, b;
    uint32_t mask;
    int rule;
    const gg__wview *v;
    bool have_lim;
    gg__lim_key lim;
} view_hit;

static bool view_visit(view_hit *h, const gg__wall *w)
{
    if (!gg__wall_stops_view(h->rule, w, h->a, h->b, h->mask, h->v))
        return false;
    if (h->s->point_rule &&
        gg__doorway_excuses_view(h->s, h->rule, w, h->a, h->b, h->mask, false, h->v))
        return false;
    if (gg__wall_proximity_clear(w, h->a, h->mask))
        return false;
    if (gg__wall_limited_for(w, h->mask))
        return gg__wall_limited_second(h->s, w, h->a, h->b, &h->have_lim, &h->lim);
    return true;
}

static bool view_strip(void *vctx, int32_t i, int32_t j0, int32_t j1)
{
    view_hit *h = (view_hit *)vctx;
    const gg__wall_index *ix = &h->s->index;
    for (int32_t j = j0; j <= j1; ++j) {
        const size_t k0 = (size_t)j * (size_t)ix->bw + (size_t)i;
        for (uint32_t k = ix->start[k0]; k < ix->start[k0 + 1]; ++k)
            if (view_visit(h, &h->s->walls[ix->items[k]]))
                return true;
    }
    return false;
}

static bool old_segment_hits_wall_view(const gg_scene *s, gg_hpoint a, gg_hpoint b, uint32_t mask,
                                       const gg__wview *v)
{
    if (s->live_walls == 0)
        return false;
    view_hit h = {s, a, b, mask, gg__segment_rule(s, a, b, mask), v, false, {0, 0}};
    const gg__wall_index *ix = &s->index;
    for (uint32_t k = 0; k < ix->pending_count; ++k)
        if (view_visit(&h, &s->walls[ix->pending[k]]))
            return true;
    return ix->built && gg__for_each_bucket_strip(a, b, (int64_t)GG__WALL_UNIT << ix->bucket_shift,
                                                  0, ix->bw, ix->bh, view_strip, &h);
}

/* ---- The per-centre rasteriser (the slow path) -------------------------------------------------- */

static bool old_inside(const double *xy, int32_t n, double px, double py, double *dist)
{
    bool in = false;
    double best = HUGE_VAL;
    for (int32_t i = 0, j = n - 1; i < n; j = i++) {
        const double xi = xy[2 * i], yi = xy[2 * i + 1], xj = xy[2 * j], yj = xy[2 * j + 1];
        if ((yi > py) != (yj > py) && px < (xj - xi) * (py - yi) / (yj - yi) + xi)
            in = !in;
        const double ex = xj - xi, ey = yj - yi, ee = ex * ex + ey * ey;
        double t = ee > 0 ? ((px - xi) * ex + (py - yi) * ey) / ee : 0;
        t = t < 0 ? 0 : (t > 1 ? 1 : t);
        const double dx = xi + t * ex - px, dy = yi + t * ey - py, d = dx * dx + dy * dy;
        best = d < best ? d : best;
    }
    *dist = sqrt(best);
    return in;
}

static void old_add_crack_point(gg_hpoint q, gg_hpoint *crack, int32_t *n)
{
    for (int32_t k = 0; k < *n && k < 64; ++k)
        if (crack[k].x == q.x && crack[k].y == q.y)
            return;
    if (*n < 64)
        crack[*n] = q;
    ++*n;
}

static void old_add_crack(const gg_scene *s, const gg__wall *w, gg_hpoint v,
                          const gg_polygon_def *def, int32_t eye, gg_hpoint *crack, int32_t *n)
{
    if (gg__wall_live(w) && gg__is_portal(w)) {
        old_add_crack_point(w->a, crack, n);
        old_add_crack_point(w->b, crack, n);
        return;
    }
    const int part = gg__wall_part(s, w, v, def->blocks, eye);
    if (part == GG__PART_NONE)
        return;
    if (part == GG__PART_LIMITED) {
        old_add_crack_point(w->a, crack, n);
        old_add_crack_point(w->b, crack, n);
    } else if (gg_orientation(v, w->a, w->b) == 0) {
        old_add_crack_point(w->a, crack, n);
    }
}

static int32_t g_old_cracks; /* crack points the last slow run found (tests only) */

static gg_status old_cells(const gg_scene *scene, const gg_polygon_def *def, const double *xy,
                           int32_t count, gg_bitset_mode mode, uint64_t *bits, size_t words,
                           int32_t *out_count, const gg__cone *cone, gg_cell apex)
{
    if (out_count != NULL)
        *out_count = 0;
    if (scene == NULL || def == NULL || bits == NULL || count < 0 || (xy == NULL && count > 0) ||
        (mode != GG_BITSET_REPLACE && mode != GG_BITSET_UNION))
        return GG_E_INVALID_ARG;
    if (def->struct_size != (uint32_t)sizeof *def)
        return GG_E_BAD_DEF;
    const double U = GG__WALL_UNIT;
    int32_t eye = 0;
    const double hx = def->x * U, hy = def->y * U;
    if (!(hx >= 0 && hy >= 0 && hx <= (double)scene->width * U &&
          hy <= (double)scene->height * U) ||
        hx != floor(hx) || hy != floor(hy) || def->range_ft < 0 ||
        !gg__height_units(def->eye_ft, 0, &eye) ||
        (def->blocks != (uint32_t)GG_BLOCKS_SIGHT && def->blocks != (uint32_t)GG_BLOCKS_LIGHT))
        return GG_E_INVALID_ARG;
    const size_t need = gg_scene_bitset_words(scene);
    if (words < need)
        return GG_E_BUFFER_TOO_SMALL;
    if (mode == GG_BITSET_REPLACE)
        memset(bits, 0, need * sizeof *bits);
    if (count < 3)
        return GG_OK;
    double x0 = HUGE_VAL, y0 = HUGE_VAL, x1 = -HUGE_VAL, y1 = -HUGE_VAL;
    for (int32_t i = 0; i < count; ++i) {
        x0 = fmin(x0, xy[2 * i]);
        x1 = fmax(x1, xy[2 * i]);
        y0 = fmin(y0, xy[2 * i + 1]);
        y1 = fmax(y1, xy[2 * i + 1]);
    }
    const gg_hpoint v = {(int32_t)hx, (int32_t)hy};
    gg_hpoint crack[64];
    int32_t ncrack = 0;
    const gg__wall_index *ix = &scene->index;
    for (uint32_t k = 0; k < ix->pending_count; ++k)
        old_add_crack(scene, &scene->walls[ix->pending[k]], v, def, eye, crack, &ncrack);
    if (ix->built) {
        const double size = (double)(GG__WALL_UNIT << ix->bucket_shift) / GG__WALL_UNIT;
        const int32_t i0 = (int32_t)fmax(0, floor(x0 / size)),
                      i1 = (int32_t)fmin(ix->bw - 1, floor(x1 / size));
        const int32_t j0 = (int32_t)fmax(0, floor(y0 / size)),
                      j1 = (int32_t)fmin(ix->bh - 1, floor(y1 / size));
        for (int32_t j = j0; j <= j1; ++j)
            for (int32_t i = i0; i <= i1; ++i) {
                const size_t b = (size_t)j * (size_t)ix->bw + (size_t)i;
                for (uint32_t k = ix->start[b]; k < ix->start[b + 1]; ++k)
                    old_add_crack(scene, &scene->walls[ix->items[k]], v, def, eye, crack, &ncrack);
            }
    }
    g_old_cracks = ncrack;
    const bool ranged = def->range_ft != GG_RANGE_UNLIMITED;
    const int64_t r2 = ranged ? (int64_t)def->range_ft * def->range_ft : 0;
    const int32_t c0 = (int32_t)fmax(0, floor(x0 - 0.5)),
                  c1 = (int32_t)fmin(scene->width - 1, ceil(x1));
    const int32_t r0 = (int32_t)fmax(0, floor(y0 - 0.5)),
                  r1 = (int32_t)fmin(scene->height - 1, ceil(y1));
    int32_t ec0 = c0, ec1 = c1, er0 = r0, er1 = r1;
    if (ncrack > 0) {
        ec0 = 0, ec1 = scene->width - 1, er0 = 0, er1 = scene->height - 1;
        if (ranged) {
            const double rc = (double)def->range_ft / scene->cell_size_ft + 1;
            ec0 = (int32_t)fmax(0, floor(def->x - rc)), ec1 = (int32_t)fmin(ec1, ceil(def->x + rc));
            er0 = (int32_t)fmax(0, floor(def->y - rc)), er1 = (int32_t)fmin(er1, ceil(def->y + rc));
        }
    }
    int32_t n = 0;
    for (int32_t r = er0; r <= er1; ++r)
        for (int32_t c = ec0; c <= ec1; ++c) {
            const bool in_box = r >= r0 && r <= r1 && c >= c0 && c <= c1;
            if (cone != NULL && !gg__cone_holds(cone, (int64_t)c - apex.col, (int64_t)r - apex.row))
                continue;
            const gg_hpoint p = gg__wall_centre(gg_cell_make(c, r));
            if (ranged) {
                const int64_t dx = (int64_t)p.x - v.x, dy = (int64_t)p.y - v.y;
                const i128 d2 = (i128)(dx * dx + dy * dy) * scene->cell_size_ft *
                                scene->cell_size_ft;
                if (d2 > (i128)r2 * GG__WALL_UNIT * GG__WALL_UNIT)
                    continue;
            }
            double dist = HUGE_VAL;
            bool in = in_box && old_inside(xy, count, c + 0.5, r + 0.5, &dist);
            bool exact = dist <= 1e-9 || (ranged && dist <= def->arc_error + 1e-9) || ncrack > 63;
            for (int32_t k = 0; k < ncrack && !exact; ++k)
                exact = gg_orientation(v, crack[k], p) == 0;
            if (!in_box && !exact)
                continue;
            if (exact)
                in = !old_point_rule_blocked(scene, v, p, def->blocks, eye);
            if (in) {
                const size_t i = (size_t)r * (size_t)scene->width + (size_t)c;
                bits[i >> 6] |= (uint64_t)1 << (i & 63);
                ++n;
            }
        }
    if (out_count != NULL)
        *out_count = n;
    return GG_OK;
}

/* ---- Running both -------------------------------------------------------------------------------- */

typedef struct poly {
    double *xy;
    int32_t n;
} poly;

static void *g_work;
static size_t g_work_bytes;

static void *work_for(const gg_scene *s)
{
    size_t bytes = 0;
    assert_int_equal(gg_scene_polygon_work_bytes(s, &bytes), GG_OK);
    if (bytes > g_work_bytes) {
        free(g_work);
        g_work = aligned_alloc(16, (bytes + 15) & ~(size_t)15);
        assert_non_null(g_work);
        g_work_bytes = bytes;
    }
    return g_work;
}

static poly polygon_of(const gg_scene *s, const gg_polygon_def *d)
{
    void *w = work_for(s);
    poly p = {NULL, 0};
    int32_t need = -1;
    gg_status st = gg_scene_visibility_polygon(s, w, g_work_bytes, d, NULL, 0, &need);
    assert_true(st == GG_OK || st == GG_E_BUFFER_TOO_SMALL);
    p.xy = malloc(sizeof(double) * 2 * (size_t)(need + 1));
    assert_non_null(p.xy);
    assert_int_equal(gg_scene_visibility_polygon(s, w, g_work_bytes, d, p.xy, need, &p.n), GG_OK);
    return p;
}

typedef struct tally {
    int64_t runs, cells, many_cracks, some_cracks;
} tally;

static tally g_tally;

/* The scanline (through the public call, or gg__polygon_cells_in() with a cone) and the slow
 * path give the same bits and the same count, replacing and adding to random bits. */
static void check_same(const gg_scene *s, const gg_polygon_def *d, const double *xy, int32_t n,
                       const gg__cone *cone, gg_cell apex, fx_rng *r, const char *what)
{
    const size_t words = gg_scene_bitset_words(s);
    uint64_t *got = malloc(words * sizeof *got), *want = malloc(words * sizeof *want);
    assert_non_null(got);
    assert_non_null(want);
    for (int mode = 0; mode < 2; ++mode) {
        const gg_bitset_mode m = mode == 0 ? GG_BITSET_REPLACE : GG_BITSET_UNION;
        for (size_t k = 0; k < words; ++k) /* garbage to replace, or bits to add to */
            got[k] = want[k] = ((uint64_t)fx_next(r) << 32 | fx_next(r)) & fx_next(r);
        if (words > 0) /* bits past the map's last cell stay as they are in both */
            got[words - 1] = want[words - 1] = 0;
        int32_t got_n = -1, want_n = -2;
        const gg_status gs = cone == NULL
                                 ? gg_scene_polygon_cells(s, xy, n, d, m, got, words, &got_n)
                                 : gg__polygon_cells_in(s, d, xy, n, m, got, words, &got_n, cone,
                                                        apex);
        assert_int_equal(gs, old_cells(s, d, xy, n, m, want, words, &want_n, cone, apex));
        if (memcmp(got, want, words * sizeof *got) != 0 || got_n != want_n) {
            for (int32_t row = 0; row < gg_scene_height(s); ++row)
                for (int32_t col = 0; col < gg_scene_width(s); ++col) {
                    const size_t i = (size_t)row * (size_t)gg_scene_width(s) + (size_t)col;
                    const bool g = (got[i >> 6] >> (i & 63)) & 1,
                               w = (want[i >> 6] >> (i & 63)) & 1;
                    if (g != w)
                        print_error("  cell (%d, %d): scanline %d, slow path %d\n", col, row, g, w);
                }
            fail_msg("%s: viewer (%.4f, %.4f) range %d blocks %u eye %.1f, %d vertices, %d "
                     "crack points: counts %d and %d",
                     what, d->x, d->y, d->range_ft, d->blocks, d->eye_ft, n, g_old_cracks, got_n,
                     want_n);
        }
        g_tally.runs++;
        g_tally.cells += got_n;
        g_tally.many_cracks += g_old_cracks > 63;
        g_tally.some_cracks += g_old_cracks > 0 && g_old_cracks <= 63;
    }
    free(got);
    free(want);
}

/* ---- Scenes --------------------------------------------------------------------------------------- */

static gg_scene *scene_of(int32_t w, int32_t h, bool point_rule)
{
    gg_scene_def d = gg_scene_def_default();
    d.width = w;
    d.height = h;
    d.wall_rule = point_rule ? GG_WALL_RULE_POINT : GG_WALL_RULE_NAT20;
    gg_scene *s = NULL;
    assert_int_equal(gg_scene_create(&d, &s), GG_OK);
    return s;
}

static gg_scene *random_scene(fx_rng *r, int32_t w, int32_t h, int nwalls, bool point_rule)
{
    gg_scene *s = scene_of(w, h, point_rule);
    for (int k = 0; k < nwalls; ++k) {
        const gg_wall_def d = fx_random_half_wall(r, w, h, true, true);
        assert_int_equal(gg_scene_add_wall(s, &d, NULL), GG_OK);
    }
    return s;
}

/* A viewer at a centre, on the half lattice, on a wall's end or on the map's edge. */
static void pick_viewer(fx_rng *r, const gg_scene *s, gg_polygon_def *d)
{
    const int32_t w = gg_scene_width(s), h = gg_scene_height(s);
    gg_wall_def walls[64];
    int32_t n = 0;
    assert_true(gg_scene_list_walls(s, NULL, walls, 64, &n) >= 0);
    const int how = fx_below(r, 6);
    if (how == 0 && n > 0) {
        const gg_wall_def *wd = &walls[fx_below(r, n < 64 ? n : 64)];
        d->x = fx_below(r, 2) ? wd->x1 : wd->x2;
        d->y = fx_below(r, 2) ? wd->y1 : wd->y2;
    } else if (how == 1) {
        d->x = fx_below(r, 2 * w + 1) / 2.0;
        d->y = fx_below(r, 2) ? 0 : h;
    } else if (how == 2) {
        d->x = fx_below(r, 4 * w + 1) / 4.0;
        d->y = fx_below(r, 4 * h + 1) / 4.0;
    } else {
        d->x = fx_below(r, w) + 0.5;
        d->y = fx_below(r, h) + 0.5;
    }
}

static void random_def(fx_rng *r, const gg_scene *s, gg_polygon_def *d)
{
    *d = gg_polygon_def_default();
    pick_viewer(r, s, d);
    if (fx_below(r, 3) == 0)
        d->range_ft = 5 * (1 + fx_below(r, 8));
    if (fx_below(r, 4) == 0)
        d->arc_error = 1.0 / (1 << fx_below(r, 10));
    if (fx_below(r, 3) == 0)
        d->blocks = (uint32_t)GG_BLOCKS_LIGHT;
    if (fx_below(r, 4) == 0)
        d->eye_ft = 5.0 * fx_below(r, 4);
}

/* ---- Tests ------------------------------------------------------------------------------------------ */

static void cells__scanline_equals_the_slow_path_on_random_scenes(void **state)
{
    (void)state;
    fx_rng r;
    fx_rng_seed(&r, 19, "cells_random");
    memset(&g_tally, 0, sizeof g_tally);
    for (int round = 0; round < 400; ++round) {
        const int32_t w = 2 + fx_below(&r, 14), h = 2 + fx_below(&r, 14);
        gg_scene *s = random_scene(&r, w, h, fx_below(&r, 4 * (w + h)), fx_below(&r, 4) != 0);
        for (int v = 0; v < 4; ++v) {
            gg_polygon_def d;
            random_def(&r, s, &d);
            poly p = polygon_of(s, &d);
            check_same(s, &d, p.xy, p.n, NULL, gg_cell_make(0, 0), &r, "random scene");
            free(p.xy);
        }
        gg_scene_destroy(s);
    }
    /* Not vacuous: cells set, polygons with crack rays, and some past the old 63. */
    assert_true(g_tally.cells > 10000);
    assert_true(g_tally.some_cracks > 100);
    assert_true(g_tally.many_cracks > 4);
}

/* Light polygons: the public call against the slow path with the light's own cone. */
static void cells__light_cones_equal_the_slow_path(void **state)
{
    (void)state;
    fx_rng r;
    fx_rng_seed(&r, 19, "cells_cones");
    memset(&g_tally, 0, sizeof g_tally);
    for (int round = 0; round < 200; ++round) {
        const int32_t w = 3 + fx_below(&r, 12), h = 3 + fx_below(&r, 12);
        gg_scene *s = random_scene(&r, w, h, fx_below(&r, 3 * (w + h)), fx_below(&r, 4) != 0);
        gg_light_def ld = gg_light_def_default();
        ld.cell = gg_cell_make(fx_below(&r, w), fx_below(&r, h));
        ld.bright_ft = 5 * fx_below(&r, 5);
        ld.dim_ft = ld.bright_ft + 5 * fx_below(&r, 6);
        const double angles[] = {360, 180, 90, 45, 270, 1, 359};
        ld.angle_deg = angles[fx_below(&r, 7)];
        ld.rotation_deg = 15.0 * fx_below(&r, 24);
        gg_light_id id;
        assert_int_equal(gg_scene_add_light(s, &ld, &id), GG_OK);
        const gg_light which = fx_below(&r, 2) ? GG_LIGHT_DIM : GG_LIGHT_BRIGHT;
        void *work = work_for(s);
        int32_t need = 0, n = 0;
        gg_status st = gg_scene_light_polygon(s, work, g_work_bytes, id, which, NULL, 0, &need);
        assert_true(st == GG_OK || st == GG_E_BUFFER_TOO_SMALL);
        double *xy = malloc(sizeof(double) * 2 * (size_t)(need + 1));
        assert_non_null(xy);
        assert_int_equal(gg_scene_light_polygon(s, work, g_work_bytes, id, which, xy, need, &n),
                         GG_OK);
        gg_polygon_def d = gg_polygon_def_default();
        d.x = ld.cell.col + 0.5, d.y = ld.cell.row + 0.5;
        d.range_ft = which == GG_LIGHT_BRIGHT ? ld.bright_ft : ld.dim_ft;
        d.blocks = (uint32_t)GG_BLOCKS_LIGHT;
        gg__cone cone;
        gg__cone_make(&cone, ld.angle_deg, ld.rotation_deg);
        const gg__cone *cp = cone.kind == GG__CONE_FULL ? NULL : &cone;
        const size_t words = gg_scene_bitset_words(s);
        uint64_t *got = calloc(words, sizeof *got), *want = calloc(words, sizeof *want);
        int32_t got_n = -1, want_n = -2;
        assert_int_equal(gg_scene_light_polygon_cells(s, id, xy, n, which, GG_BITSET_REPLACE, got,
                                                      words, &got_n),
                         GG_OK);
        assert_int_equal(old_cells(s, &d, xy, n, GG_BITSET_REPLACE, want, words, &want_n, cp,
                                   ld.cell),
                         GG_OK);
        assert_int_equal(got_n, want_n);
        assert_memory_equal(got, want, words * sizeof *got);
        g_tally.cells += got_n;
        if (cp != NULL) /* and the internal entry with the cone, both modes */
            check_same(s, &d, xy, n, cp, ld.cell, &r, "light cone");
        free(got);
        free(want);
        free(xy);
        gg_scene_destroy(s);
    }
    assert_true(g_tally.cells > 1000);
}

/* A comb: `teeth` vertical teeth from row 1 to h - 1 joined along the top, so every row of
 * centres crosses 2 * teeth edges. */
static int32_t comb(double *xy, int32_t teeth, int32_t h)
{
    int32_t n = 0;
    for (int32_t k = 0; k < teeth; ++k) {
        const double x = 1 + 2 * k;
        xy[2 * n] = x + 1.25, xy[2 * n + 1] = 0.75, ++n;
        xy[2 * n] = x + 1.25, xy[2 * n + 1] = h - 0.75, ++n;
        xy[2 * n] = x + 0.25, xy[2 * n + 1] = h - 0.75, ++n;
        xy[2 * n] = x + 0.25, xy[2 * n + 1] = 0.75, ++n;
    }
    /* back along the top, above the teeth: reverse order keeps the outline simple */
    xy[2 * n] = 1.25, xy[2 * n + 1] = 0.25, ++n;
    xy[2 * n] = 1 + 2 * teeth + 0.25, xy[2 * n + 1] = 0.25, ++n;
    return n;
}

/* Where the scanline's stack buffers overflow and it decides rows centre by centre, or every
 * centre exactly: the same answers. Polygons here need not be visibility polygons: both
 * rasterisers apply the same mechanical rule to any outline. */
static void cells__fallbacks_equal_the_slow_path(void **state)
{
    (void)state;
    fx_rng r;
    fx_rng_seed(&r, 19, "cells_fallbacks");
    /* More crossings in a row than the row buffer holds, and more edges than the edge table. */
    {
        const int32_t teeth = 300, h = 12, w = 2 * teeth + 4;
        gg_scene *s = scene_of(w, h, true);
        double *xy = malloc(sizeof(double) * 2 * (4 * teeth + 2));
        assert_non_null(xy);
        const int32_t n = comb(xy, teeth, h);
        gg_polygon_def d = gg_polygon_def_default();
        d.x = 1.5, d.y = 0.5;
        check_same(s, &d, xy, n, NULL, gg_cell_make(0, 0), &r, "comb of 300 teeth");
        const int32_t n2 = comb(xy, 100, h); /* rows that fit, edges that do not */
        check_same(s, &d, xy, n2, NULL, gg_cell_make(0, 0), &r, "comb of 100 teeth");
        free(xy);
        gg_scene_destroy(s);
    }
    /* Crack points past 63 (the old every-centre rule) and past the new 256. */
    for (int round = 0; round < 12; ++round) {
        const int32_t w = 40 + fx_below(&r, 30), h = 40 + fx_below(&r, 30);
        gg_scene *s = scene_of(w, h, fx_below(&r, 2) != 0);
        const int doors = round < 6 ? 40 + fx_below(&r, 40) : 150 + fx_below(&r, 60);
        for (int k = 0; k < doors; ++k) {
            gg_wall_def wd = gg_wall_def_default();
            wd.x1 = fx_below(&r, 4 * w) / 4.0, wd.y1 = fx_below(&r, 4 * h) / 4.0;
            wd.x2 = fmin(w, wd.x1 + fx_below(&r, 3)), wd.y2 = fmin(h, wd.y1 + fx_below(&r, 3));
            wd.door = fx_below(&r, 3) == 0 ? GG_DOOR_CLOSED : GG_DOOR_OPEN;
            if (fx_below(&r, 4) == 0)
                wd.door = GG_DOOR_NONE;
            assert_int_equal(gg_scene_add_wall(s, &wd, NULL), GG_OK);
        }
        for (int v = 0; v < 3; ++v) {
            gg_polygon_def d;
            random_def(&r, s, &d);
            poly p = polygon_of(s, &d);
            check_same(s, &d, p.xy, p.n, NULL, gg_cell_make(0, 0), &r, "many doors");
            free(p.xy);
        }
        gg_scene_destroy(s);
    }
    /* A viewer on a door's end: every line from it touches that end. */
    {
        gg_scene *s = scene_of(12, 10, true);
        gg_wall_def wd = gg_wall_def_default();
        wd.x1 = 4, wd.y1 = 3, wd.x2 = 4, wd.y2 = 6;
        wd.door = GG_DOOR_OPEN;
        assert_int_equal(gg_scene_add_wall(s, &wd, NULL), GG_OK);
        wd = gg_wall_def_default();
        wd.x1 = 7, wd.y1 = 1, wd.x2 = 7, wd.y2 = 9;
        assert_int_equal(gg_scene_add_wall(s, &wd, NULL), GG_OK);
        gg_polygon_def d = gg_polygon_def_default();
        d.x = 4, d.y = 6;
        poly p = polygon_of(s, &d);
        check_same(s, &d, p.xy, p.n, NULL, gg_cell_make(0, 0), &r, "viewer on a jamb");
        d.range_ft = 20;
        d.arc_error = 3; /* a wide band near the boundary takes the exact test */
        free(p.xy);
        p = polygon_of(s, &d);
        check_same(s, &d, p.xy, p.n, NULL, gg_cell_make(0, 0), &r, "viewer on a jamb, ranged");
        free(p.xy);
        gg_scene_destroy(s);
    }
}

/* The rasterisation allocates nothing: with every allocation of the scene's allocator failing,
 * it answers on the scanline, with crack rays, with every centre exact and with a row too wide
 * for its buffers. */
static void cells__allocate_nothing(void **state)
{
    (void)state;
    gg_test_alloc ta;
    gg_test_alloc_init(&ta, -1);
    gg_scene_def sd = gg_scene_def_default();
    sd.width = 80, sd.height = 40, sd.wall_rule = GG_WALL_RULE_POINT;
    sd.allocator = &ta.iface;
    gg_scene *s = NULL;
    assert_int_equal(gg_scene_create(&sd, &s), GG_OK);
    fx_rng r;
    fx_rng_seed(&r, 19, "cells_allocate_nothing");
    for (int k = 0; k < 160; ++k) { /* doors: more than 256 crack points near most viewers */
        gg_wall_def wd = fx_random_half_wall(&r, sd.width, sd.height, false, true);
        wd.door = k % 2 ? GG_DOOR_OPEN : GG_DOOR_CLOSED;
        assert_int_equal(gg_scene_add_wall(s, &wd, NULL), GG_OK);
    }
    gg_light_def ld = gg_light_def_default();
    ld.cell = gg_cell_make(10, 10), ld.bright_ft = 20, ld.dim_ft = 40, ld.angle_deg = 90;
    gg_light_id id;
    assert_int_equal(gg_scene_add_light(s, &ld, &id), GG_OK);
    gg_polygon_def d = gg_polygon_def_default(), ranged = d;
    d.x = 40.5, d.y = 20.5;
    ranged.x = 20.5, ranged.y = 5.5, ranged.range_ft = 25;
    poly p = polygon_of(s, &d), q = polygon_of(s, &ranged);
    double comb_xy[2 * (4 * 300 + 2)];
    const int32_t comb_n = comb(comb_xy, 39, sd.height); /* 78 crossings a row: fits */
    void *work = work_for(s);
    int32_t ln = 0;
    double lxy[2 * 512];
    assert_int_equal(gg_scene_light_polygon(s, work, g_work_bytes, id, GG_LIGHT_DIM, lxy, 512, &ln),
                     GG_OK);
    const size_t words = gg_scene_bitset_words(s);
    uint64_t *bits = calloc(words, sizeof *bits);
    assert_non_null(bits);
    gg_test_alloc_fail_from_now(&ta);
    const long calls = ta.calls;
    int32_t n = 0;
    assert_int_equal(gg_scene_polygon_cells(s, p.xy, p.n, &d, GG_BITSET_REPLACE, bits, words, &n),
                     GG_OK);
    assert_true(n > 0);
    assert_int_equal(gg_scene_polygon_cells(s, q.xy, q.n, &ranged, GG_BITSET_UNION, bits, words,
                                            &n),
                     GG_OK);
    assert_int_equal(gg_scene_polygon_cells(s, comb_xy, comb_n, &d, GG_BITSET_UNION, bits, words,
                                            &n),
                     GG_OK);
    assert_int_equal(gg_scene_light_polygon_cells(s, id, lxy, ln, GG_LIGHT_DIM, GG_BITSET_UNION,
                                                  bits, words, &n),
                     GG_OK);
    assert_int_equal(ta.calls, calls);
    free(bits);
    free(p.xy);
    free(q.xy);
    gg_scene_destroy(s);
    assert_int_equal(ta.live_blocks, 0);
}

#ifdef GG_TEST_HAVE_IO
static void check_map(const char *path)
{
    gg_import_def def = gg_import_def_default();
    gg_scene *s = NULL;
    gg_io_error err;
    assert_int_equal(gg_scene_import_file(path, &def, &s, NULL, &err), GG_OK);
    fx_rng r;
    fx_rng_seed(&r, 19, path);
    const int32_t w = gg_scene_width(s), h = gg_scene_height(s);
    for (int k = 0; k < 6; ++k) {
        gg_polygon_def d = gg_polygon_def_default();
        d.x = fx_below(&r, w) + 0.5, d.y = fx_below(&r, h) + 0.5;
        if (k % 3 == 1)
            d.range_ft = 30;
        else if (k % 3 == 2)
            d.range_ft = 60, d.blocks = (uint32_t)GG_BLOCKS_LIGHT;
        poly p = polygon_of(s, &d);
        check_same(s, &d, p.xy, p.n, NULL, gg_cell_make(0, 0), &r, path);
        free(p.xy);
    }
    gg_scene_destroy(s);
}

static void cells__scanline_equals_the_slow_path_on_every_shared_map(void **state)
{
    (void)state;
    char path[512];
    memset(&g_tally, 0, sizeof g_tally);
    for (size_t k = 0; k < GG_SHARED_MAP_COUNT; ++k) {
        snprintf(path, sizeof path, "%s/%s", GG_TEST_MAPS_DIR, gg_shared_maps[k]);
        check_map(path);
    }
    assert_true(g_tally.cells > 1000);
}
#endif

/* The merged segment test answers both old loops' questions as they did: polygon_cells.c's point
 * rule (an eye at one elevation, whatever the scene's rule) and wall_kinds.c's sight under a
 * view, on random scenes of every kind of wall, between lattice points that sit on walls, their
 * ends and their lines as often as not. */
static gg_hpoint random_point(fx_rng *r, const gg_scene *s, const gg_wall_def *walls, int32_t n)
{
    const int32_t w = gg_scene_width(s), h = gg_scene_height(s);
    const int32_t H = GG__WALL_UNIT / 2;
    const int how = fx_below(r, 4);
    if (how == 0 && n > 0) { /* a wall's end */
        const gg_wall_def *wd = &walls[fx_below(r, n)];
        const bool a = fx_below(r, 2);
        return (gg_hpoint){(int32_t)lround((a ? wd->x1 : wd->x2) * GG__WALL_UNIT),
                           (int32_t)lround((a ? wd->y1 : wd->y2) * GG__WALL_UNIT)};
    }
    if (how == 1 && n > 0) { /* a wall's middle */
        const gg_wall_def *wd = &walls[fx_below(r, n)];
        return (gg_hpoint){(int32_t)lround((wd->x1 + wd->x2) / 2 * GG__WALL_UNIT),
                           (int32_t)lround((wd->y1 + wd->y2) / 2 * GG__WALL_UNIT)};
    }
    /* the half lattice: centres, corners, edge middles */
    return (gg_hpoint){H * fx_below(r, 2 * w + 1), H * fx_below(r, 2 * h + 1)};
}

static void point_rule__one_test_answers_as_both_loops_did(void **state)
{
    (void)state;
    fx_rng r;
    fx_rng_seed(&r, 19, "point_rule_merged");
    int64_t blocked[2] = {0, 0}, clear[2] = {0, 0};
    for (int round = 0; round < 300; ++round) {
        const int32_t w = 2 + fx_below(&r, 10), h = 2 + fx_below(&r, 10);
        const bool point_rule = fx_below(&r, 3) != 0;
        gg_scene *s = random_scene(&r, w, h, fx_below(&r, 4 * (w + h)), point_rule);
        gg_wall_def walls[64];
        int32_t n = 0;
        assert_true(gg_scene_list_walls(s, NULL, walls, 64, &n) >= 0);
        n = n < 64 ? n : 64;
        for (int k = 0; k < 200; ++k) {
            const gg_hpoint a = random_point(&r, s, walls, n), b = random_point(&r, s, walls, n);
            const uint32_t mask = fx_below(&r, 2) ? (uint32_t)GG_BLOCKS_SIGHT
                                                  : (uint32_t)GG_BLOCKS_LIGHT;
            const int32_t eye = (int32_t)(5 * fx_below(&r, 4)) * GG__HEIGHT_UNIT;
            const bool got = gg__point_rule_blocked(s, a, b, mask, eye);
            assert_int_equal(got, old_point_rule_blocked(s, a, b, mask, eye));
            (got ? blocked : clear)[0]++;
            gg__wview view = {fx_below(&r, 2) != 0, eye,
                              (int32_t)(5 * fx_below(&r, 4)) * GG__HEIGHT_UNIT,
                              (uint32_t)fx_below(&r, 4)};
            const bool got_v = gg__segment_hits_wall_view(s, a, b, mask, &view);
            assert_int_equal(got_v, old_segment_hits_wall_view(s, a, b, mask, &view));
            (got_v ? blocked : clear)[1]++;
        }
        gg_scene_destroy(s);
    }
    for (int k = 0; k < 2; ++k) /* both answers, plenty of each */
        assert_true(blocked[k] > 5000 && clear[k] > 5000);
}

static int teardown(void **state)
{
    (void)state;
    free(g_work);
    g_work = NULL;
    g_work_bytes = 0;
    return 0;
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(cells__scanline_equals_the_slow_path_on_random_scenes),
        cmocka_unit_test(cells__light_cones_equal_the_slow_path),
        cmocka_unit_test(cells__fallbacks_equal_the_slow_path),
        cmocka_unit_test(cells__allocate_nothing),
#ifdef GG_TEST_HAVE_IO
        cmocka_unit_test(cells__scanline_equals_the_slow_path_on_every_shared_map),
#endif
        cmocka_unit_test(point_rule__one_test_answers_as_both_loops_did),
    };
    return cmocka_run_group_tests(tests, NULL, teardown);
}
