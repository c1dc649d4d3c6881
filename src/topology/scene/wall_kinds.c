/* wall_kinds.c - the exact per-wall predicates of Foundry's wall kinds that depend on more than
 * the segment: proximity thresholds, wall heights against a sight line's elevation, and steps of
 * a mover that opens doors (docs/vision.md, docs/movement.md). Layer: topology. */
#include "topology/scene/scene_internal.h"
#include "topology/scene/wall_index.h"

/* ---- Proximity ------------------------------------------------------------------------------ */

/* Squared distances in wall units, compared exactly (128-bit where the compiler has it, else long
 * double, for the distance to the wall's line: |cross| < 2^61 and the threshold < 2^31). */
bool gg__wall_proximity_clear(const gg__wall *w, gg_hpoint v, uint32_t mask)
{
    uint32_t t = 0;
    if (mask == (uint32_t)GG_BLOCKS_SIGHT)
        t = w->prox_sight;
    else if (mask == (uint32_t)GG_BLOCKS_LIGHT)
        t = w->prox_light;
    if (t == 0)
        return false;
    const int64_t ex = (int64_t)w->b.x - w->a.x, ey = (int64_t)w->b.y - w->a.y;
    const int64_t ax = (int64_t)v.x - w->a.x, ay = (int64_t)v.y - w->a.y;
    const int64_t bx = (int64_t)v.x - w->b.x, by = (int64_t)v.y - w->b.y;
    const uint64_t tt = (uint64_t)t * t;
    const int64_t dot_a = ax * ex + ay * ey, dot_b = bx * ex + by * ey;
    if (dot_a <= 0 || (ex == 0 && ey == 0))
        return (uint64_t)(ax * ax) + (uint64_t)(ay * ay) <= tt;
    if (dot_b >= 0)
        return (uint64_t)(bx * bx) + (uint64_t)(by * by) <= tt;
    const int64_t cross = ax * ey - ay * ex; /* |cross| / |e| is the distance to the line */
    const uint64_t ee = (uint64_t)(ex * ex) + (uint64_t)(ey * ey);
#if defined(__SIZEOF_INT128__)
    __extension__ typedef unsigned __int128 u128;
    const uint64_t c = (uint64_t)(cross < 0 ? -cross : cross);
    return (u128)c * c <= (u128)tt * ee;
#else
    const long double c = (long double)cross;
    return c * c <= (long double)tt * (long double)ee;
#endif
}

/* ---- Limited ---------------------------------------------------------------------------- */

static gg__lim_key limited_key(const gg_scene *s, const gg__wall *w, gg_hpoint a, gg_hpoint b)
{
    gg__lim_key k;
    if (gg__on_segment(w->a, a, b)) {
        k.x = w->a.x;
        k.y = w->a.y;
    } else if (gg__on_segment(w->b, a, b)) {
        k.x = w->b.x;
        k.y = w->b.y;
    } else {
        k.x = INT64_MIN;
        k.y = (int64_t)(w - s->walls);
    }
    return k;
}

bool gg__wall_limited_second(const gg_scene *s, const gg__wall *w, gg_hpoint a, gg_hpoint b,
                             bool *have, gg__lim_key *first)
{
    gg__lim_key k = limited_key(s, w, a, b);
    if (!*have) {
        *have = true;
        *first = k;
        return false;
    }
    return k.x != first->x || k.y != first->y;
}

/* ---- Heights -------------------------------------------------------------------------------
 * A sight line from a (eye elevation e0) to b (target elevation e1) has elevation
 * e(t) = e0 + t (e1 - e0) at the point a + t (b - a). Every parameter here is a ratio n / D of
 * integers below 2^62 and elevations are below 2^25 sixteenths of a foot, so e(t) compared with a
 * bound B is the sign of e0 D + n (e1 - e0) - B D: products below 2^88, computed in 128 bits
 * (two 64-bit halves, portable), never rounded. */

typedef struct wide {
    uint64_t hi, lo; /* two's complement */
} wide;

static wide wide_mul(int64_t a, int64_t b)
{
    const bool neg = (a < 0) != (b < 0);
    const uint64_t ua = a < 0 ? (uint64_t)0 - (uint64_t)a : (uint64_t)a;
    const uint64_t ub = b < 0 ? (uint64_t)0 - (uint64_t)b : (uint64_t)b;
    const uint64_t a0 = ua & 0xFFFFFFFFu, a1 = ua >> 32, b0 = ub & 0xFFFFFFFFu, b1 = ub >> 32;
    const uint64_t p00 = a0 * b0, p01 = a0 * b1, p10 = a1 * b0, p11 = a1 * b1;
    const uint64_t mid = (p00 >> 32) + (p01 & 0xFFFFFFFFu) + (p10 & 0xFFFFFFFFu);
    wide r;
    r.lo = (p00 & 0xFFFFFFFFu) | (mid << 32);
    r.hi = p11 + (p01 >> 32) + (p10 >> 32) + (mid >> 32);
    if (neg) {
        r.lo = ~r.lo + 1u;
        r.hi = ~r.hi + (r.lo == 0 ? 1u : 0u);
    }
    return r;
}

static wide wide_add(wide x, wide y)
{
    wide r;
    r.lo = x.lo + y.lo;
    r.hi = x.hi + y.hi + (r.lo < x.lo ? 1u : 0u);
    return r;
}

/* Sign of x - y as signed 128-bit numbers. */
static int wide_cmp(wide x, wide y)
{
    const uint64_t sx = x.hi ^ (UINT64_C(1) << 63), sy = y.hi ^ (UINT64_C(1) << 63);
    if (sx != sy)
        return sx < sy ? -1 : 1;
    return x.lo < y.lo ? -1 : (x.lo > y.lo ? 1 : 0);
}

/* Sign of e(n / D) - bound, D > 0. */
static int elev_cmp(int32_t e0, int32_t de, int64_t n, int64_t D, int32_t bound)
{
    return wide_cmp(wide_add(wide_mul(e0, D), wide_mul(n, de)), wide_mul(bound, D));
}

/* Some t in [lo, hi] / D (hi excluded when `open`, then lo < hi) has e(t) in [bottom, top]. */
static bool interval_meets(const gg__wall *w, int32_t e0, int32_t de, int64_t lo, int64_t hi,
                           int64_t D, bool open)
{
    const bool nb = w->bottom != INT32_MIN, nt = w->top != INT32_MAX;
    if (de == 0)
        return (!nb || e0 >= w->bottom) && (!nt || e0 <= w->top);
    if (!open) {
        /* e is monotonic: [min, max] meets [bottom, top] iff min <= top and max >= bottom; the
         * minimum is at lo when e rises, at hi when it falls. */
        const int64_t tmin = de > 0 ? lo : hi, tmax = de > 0 ? hi : lo;
        return (!nt || elev_cmp(e0, de, tmin, D, w->top) <= 0) &&
               (!nb || elev_cmp(e0, de, tmax, D, w->bottom) >= 0);
    }
    /* The value at hi is not reached: rising, [e(lo), e(hi)) meets [bottom, top] iff
     * e(lo) <= top and e(hi) > bottom; falling, (e(hi), e(lo)] iff e(hi) < top and
     * e(lo) >= bottom. */
    if (de > 0)
        return (!nt || elev_cmp(e0, de, lo, D, w->top) <= 0) &&
               (!nb || elev_cmp(e0, de, hi, D, w->bottom) > 0);
    return (!nt || elev_cmp(e0, de, hi, D, w->top) < 0) &&
           (!nb || elev_cmp(e0, de, lo, D, w->bottom) >= 0);
}

bool gg__wall_height_meets(int rule, const gg__wall *w, gg_hpoint a, gg_hpoint b, int32_t e0,
                           int32_t e1)
{
    const int32_t de = e1 - e0;
    const int64_t dx = (int64_t)b.x - a.x, dy = (int64_t)b.y - a.y;
    if (dx == 0 && dy == 0) /* a viewer's own cell: the vertical line from e0 to e1 */
        return interval_meets(w, e0 < e1 ? e0 : e1, 1, 0, (int64_t)(de < 0 ? -de : de), 1, false);
    const int64_t wx = (int64_t)w->b.x - w->a.x, wy = (int64_t)w->b.y - w->a.y;
    const int64_t D = dx * wy - dy * wx;
    if (D != 0) {
        /* One crossing, at t = cross(wa - a, w) / cross(d, w). */
        int64_t n = ((int64_t)w->a.x - a.x) * wy - ((int64_t)w->a.y - a.y) * wx;
        return D > 0 ? interval_meets(w, e0, de, n, n, D, false)
                     : interval_meets(w, e0, de, -n, -n, -D, false);
    }
    /* Collinear (the 2-D test stopped the line): the contact is the overlap of the two segments,
     * t in [lo, hi] / |d|^2. Under the point rule the line is open at b (a wall through b alone
     * does not stop it, and the part of a wall beyond b does not count). */
    const int64_t dd = dx * dx + dy * dy;
    int64_t ta = ((int64_t)w->a.x - a.x) * dx + ((int64_t)w->a.y - a.y) * dy;
    int64_t tb = ((int64_t)w->b.x - a.x) * dx + ((int64_t)w->b.y - a.y) * dy;
    int64_t lo = ta < tb ? ta : tb, hi = ta < tb ? tb : ta;
    lo = lo < 0 ? 0 : lo;
    hi = hi > dd ? dd : hi;
    const bool open = rule == GG__RULE_SIGHT && hi == dd && lo < hi;
    return interval_meets(w, e0, de, lo, hi, dd, open);
}

/* ---- Sight under a view ---------------------------------------------------------------------
 * gg__segment_hits_wall() for sight or light, each wall judged by gg__wall_stops_view(): the same
 * doorway, proximity and limited steps as wall_index.c's visitor, in a loop of its own so that the
 * queries without a view keep their inlined closed test. The visibility polygon's rasterisation
 * asks the same question under the point rule whatever the scene's rule (its eye at one
 * elevation), so both go through gg__segment_hits_wall_rule(). */

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
    if (h->rule == GG__RULE_SIGHT &&
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

bool gg__segment_hits_wall_rule(const gg_scene *s, gg_hpoint a, gg_hpoint b, uint32_t mask,
                                int rule, const gg__wview *v)
{
    if (s->live_walls == 0)
        return false;
    view_hit h = {s, a, b, mask, rule, v, false, {0, 0}};
    const gg__wall_index *ix = &s->index;
    for (uint32_t k = 0; k < ix->pending_count; ++k)
        if (view_visit(&h, &s->walls[ix->pending[k]]))
            return true;
    return ix->built && gg__for_each_bucket_strip(a, b, (int64_t)GG__WALL_UNIT << ix->bucket_shift,
                                                  0, ix->bw, ix->bh, view_strip, &h);
}

bool gg__segment_hits_wall_view(const gg_scene *s, gg_hpoint a, gg_hpoint b, uint32_t mask,
                                const gg__wview *v)
{
    /* For sight and light the rule is SIGHT exactly on point-rule scenes, where the doorway rule
     * applies (wall_index.c's visitor does the same). */
    return gg__segment_hits_wall_rule(s, a, b, mask, gg__segment_rule(s, a, b, mask), v);
}

/* ---- Movers that open doors ------------------------------------------------------------------ */

typedef struct near_ctx {
    const gg_scene *s;
    gg_hpoint a, b;
    const gg__wview *v;
    int rule; /* GG__RULE_* for stops; -1: any wall touching a-b (the rule's own question); -2: a
               * door the view opens through a */
    bool hit;
} near_ctx;

static bool visit(near_ctx *c, const gg__wall *w)
{
    const uint32_t mv = (uint32_t)GG_BLOCKS_MOVEMENT;
    if (c->rule == -2) { /* a wall blocking movement that the view opens, through c->a */
        c->hit = gg__wall_live(w) && (gg__wall_effective_blocks(w) & mv) != 0 &&
                 (gg__wall_view_blocks(w, c->v) & mv) == 0 && gg__on_segment(c->a, w->a, w->b);
        return c->hit;
    }
    if (c->rule < 0) {
        c->hit = gg__wall_live(w) && (gg__wall_view_blocks(w, c->v) & mv) != 0 &&
                 gg_segments_intersect(c->a, c->b, w->a, w->b);
        return c->hit;
    }
    c->hit = gg__wall_stops_view(c->rule, w, c->a, c->b, mv, c->v) &&
             !gg__doorway_excuses_view(c->s, c->rule, w, c->a, c->b, mv, false, c->v);
    return c->hit;
}

static bool visit_bucket(void *vctx, int32_t i, int32_t j)
{
    near_ctx *c = (near_ctx *)vctx;
    const gg__wall_index *ix = &c->s->index;
    const size_t k0 = (size_t)j * (size_t)ix->bw + (size_t)i;
    for (uint32_t k = ix->start[k0]; k < ix->start[k0 + 1]; ++k)
        if (visit(c, &c->s->walls[ix->items[k]]))
            return true;
    return false;
}

/* Some wall near a-b answers `visit` (through the index, and the walls not yet in it). */
static bool any_near(const gg_scene *s, gg_hpoint a, gg_hpoint b, int rule, const gg__wview *v)
{
    near_ctx c = {s, a, b, v, rule, false};
    const gg__wall_index *ix = &s->index;
    for (uint32_t k = 0; k < ix->pending_count; ++k)
        if (visit(&c, &s->walls[ix->pending[k]]))
            return true;
    return ix->built && gg__for_each_bucket(a, b, (int64_t)GG__WALL_UNIT << ix->bucket_shift, 0,
                                            ix->bw, ix->bh, visit_bucket, &c);
}

bool gg__centre_on_opened_door(const gg_scene *s, gg_hpoint p, const gg__wview *v)
{
    return s->live_walls > 0 && any_near(s, p, p, -2, v);
}

bool gg__step_stopped_view(const gg_scene *s, gg_hpoint a, gg_hpoint b, const gg__wview *v)
{
    if (s->live_walls == 0)
        return false;
    /* The rule of gg__segment_rule(), asked of the walls as the view has them. */
    int rule = GG__RULE_CLOSED;
    if (s->point_rule && (any_near(s, a, a, -1, v) || any_near(s, b, b, -1, v)))
        rule = GG__RULE_NUDGED;
    return any_near(s, a, b, rule, v);
}
