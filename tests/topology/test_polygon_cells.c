/* test_polygon_cells.c - the point-rule segment test of the polygon's rasterisation
 * (polygon_cells.c), now one loop in wall_kinds.c, against the two loops it merged
 * (polygon_cells.c's and wall_kinds.c's own, kept here as they were). */
#include <math.h>
#include <string.h>

#include "fixture.h"
#include "topology/scene/scene_internal.h"
#include "topology/scene/wall_index.h"
#include "topology/sight/polygon_internal.h"

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

/* A random wall on the half lattice (so that walls meet, cross, overlap and line up), of any
 * kind when `kinds`. */
static gg_wall_def random_wall(fx_rng *r, int32_t w, int32_t h, bool kinds)
{
    gg_wall_def d = gg_wall_def_default();
    d.x1 = fx_below(r, 2 * w + 1) / 2.0;
    d.y1 = fx_below(r, 2 * h + 1) / 2.0;
    const int shape = fx_below(r, 4);
    if (shape == 0) {
        d.x2 = d.x1, d.y2 = fx_below(r, 2 * h + 1) / 2.0;
        if (fx_below(r, 2))
            d.x2 = fx_below(r, 2 * w + 1) / 2.0, d.y2 = d.y1;
    } else if (shape == 1) {
        const double t = fx_range(r, -6, 6) / 2.0;
        d.x2 = fmin(w, fmax(0, d.x1 + t)),
        d.y2 = fmin(h, fmax(0, d.y1 + (fx_below(r, 2) ? t : -t)));
    } else {
        d.x2 = fx_below(r, 2 * w + 1) / 2.0, d.y2 = fx_below(r, 2 * h + 1) / 2.0;
    }
    if (kinds) {
        const int kind = fx_below(r, 11);
        if (kind == 0)
            d.door = fx_below(r, 2) ? GG_DOOR_OPEN : GG_DOOR_CLOSED;
        else if (kind == 1)
            d.one_way = fx_below(r, 2) ? GG_ONE_WAY_LEFT : GG_ONE_WAY_RIGHT;
        else if (kind == 2 || kind == 3)
            d.limited = (uint32_t)GG_BLOCKS_SIGHT | (uint32_t)GG_BLOCKS_LIGHT;
        else if (kind == 4)
            d.sight_proximity_ft = 5.0 * fx_below(r, 4);
        else if (kind == 5)
            d.cover = GG_COVER_HALF;
        else if (kind == 6)
            d.blocks = (uint32_t)GG_BLOCKS_MOVEMENT | (uint32_t)GG_BLOCKS_LIGHT;
        else if (kind == 7) {
            d.bottom_ft = 5.0 * fx_below(r, 3);
            d.top_ft = d.bottom_ft + 5.0 * (1 + fx_below(r, 2));
        } else if (kind == 8) {
            d.door = GG_DOOR_CLOSED;
            d.secret = true;
        }
    }
    return d;
}

static gg_scene *random_scene(fx_rng *r, int32_t w, int32_t h, int nwalls, bool point_rule)
{
    gg_scene *s = scene_of(w, h, point_rule);
    for (int k = 0; k < nwalls; ++k) {
        const gg_wall_def d = random_wall(r, w, h, true);
        assert_int_equal(gg_scene_add_wall(s, &d, NULL), GG_OK);
    }
    return s;
}

/* ---- Tests ------------------------------------------------------------------------------------------ */

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

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(point_rule__one_test_answers_as_both_loops_did),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
