/* changes.c - what an edit changed: re-judges, for each viewer and light source, only the cells
 * whose answer the edit can have changed (docs/vision.md "What changed"). Layer: topology.
 *
 * Why the regions are enough. Line of sight (and of light) from V to C is decided by the
 * blocked cells of the walk V -> C and by the walls that touch the closed segment between the
 * two centres: every wall test of the scene (plain, door, one-way, limited count, proximity,
 * doorway jambs, heights) looks only at walls that meet that segment. So a wall edit can change
 * the answer only for segments touching the wall's old or new segment S: the cells of the
 * "shadow" of S seen from V, {P : [V, P] meets S}, a convex region (V on S: everything). A light
 * edit changes the light only within the source's old and new radius. can_see also reads the
 * light of the target cell, so viewers with senses re-judge the cells whose light may have
 * changed too. */
#include <math.h>
#include <string.h>

#include "gridgeom/fog.h"
#include "topology/scene/wall_index.h"
#include "topology/sight/fog_internal.h"

/* An inclusive rectangle of cells; empty when c0 > c1 or r0 > r1. */
typedef struct rect {
    int32_t c0, r0, c1, r1;
} rect;

/* The cells within Chebyshev `radius` (cells, >= 0; INT64_MAX = unlimited) of c, on the map. */
static rect square(const gg_scene *s, gg_cell c, int64_t radius)
{
    rect w;
    int64_t side = s->width > s->height ? s->width : s->height;
    int64_t r = radius < side ? radius : side;
    int64_t c0 = c.col - r, c1 = c.col + r, r0 = c.row - r, r1 = c.row + r;
    w.c0 = (int32_t)(c0 < 0 ? 0 : c0);
    w.r0 = (int32_t)(r0 < 0 ? 0 : r0);
    w.c1 = (int32_t)(c1 >= s->width ? s->width - 1 : c1);
    w.r1 = (int32_t)(r1 >= s->height ? s->height - 1 : r1);
    return w;
}

static rect intersect(rect a, rect b)
{
    rect w;
    w.c0 = a.c0 > b.c0 ? a.c0 : b.c0;
    w.r0 = a.r0 > b.r0 ? a.r0 : b.r0;
    w.c1 = a.c1 < b.c1 ? a.c1 : b.c1;
    w.r1 = a.r1 < b.r1 ? a.r1 : b.r1;
    return w;
}

static int64_t feet_to_cells(const gg_scene *s, int64_t ft)
{
    return ft == GG_RANGE_UNLIMITED ? INT64_MAX : ft / s->cell_size_ft;
}

/* A viewer's range in cells for the sweep: at most the longer side. */
static int64_t range_cells(const gg_scene *s, int32_t range_ft)
{
    int64_t side = s->width > s->height ? s->width : s->height;
    int64_t r = feet_to_cells(s, range_ft);
    return r < side ? r : side;
}

typedef void (*cell_fn)(void *ctx, gg_cell c);

static void visit_rect(rect w, cell_fn fn, void *ctx)
{
    for (int32_t r = w.r0; r <= w.r1; r++)
        for (int32_t c = w.c0; c <= w.c1; c++) {
            gg_cell cell = {c, r};
            fn(ctx, cell);
        }
}

/* A half-plane alpha * x + beta * y + gamma >= 0 (wall units). */
typedef struct half {
    double alpha, beta, gamma;
} half;

/* The half-plane sign * cross(p - q, X - q) >= 0, i.e. X on the sign side of the line q -> p. */
static half side_of(gg_hpoint q, gg_hpoint p, int sign)
{
    int64_t dx = (int64_t)p.x - q.x, dy = (int64_t)p.y - q.y;
    half h;
    /* cross(d, X - q) = dx (Y - qy) - dy (X - qx) */
    h.alpha = (double)(-dy * sign);
    h.beta = (double)(dx * sign);
    h.gamma = (double)((dy * q.x - dx * q.y) * sign);
    return h;
}

/* Calls fn for every cell of `w` whose centre segment from o meets the closed segment a-b (the
 * exact test, gg_segments_intersect). Rows are bounded by the shadow's half-planes in floating
 * point widened by a cell, so the cost is the shadow's cells plus a few per row, and the exact
 * test alone decides. */
static void shadow_cells(gg_hpoint o, gg_hpoint a, gg_hpoint b, rect w, cell_fn fn, void *ctx)
{
    if (w.c0 > w.c1 || w.r0 > w.r1)
        return;
    /* Quick reject: every point of the shadow is at least as far from o (Chebyshev) as the
     * nearest point of a-b, so a segment outside the window's square around o casts nothing
     * into it. The window's centres lie within the box of its corner centres. */
    int64_t bx0 = (int64_t)GG__WALL_UNIT * w.c0 + GG__WALL_UNIT / 2;
    int64_t bx1 = (int64_t)GG__WALL_UNIT * w.c1 + GG__WALL_UNIT / 2;
    int64_t by0 = (int64_t)GG__WALL_UNIT * w.r0 + GG__WALL_UNIT / 2;
    int64_t by1 = (int64_t)GG__WALL_UNIT * w.r1 + GG__WALL_UNIT / 2;
    int64_t ex = o.x - bx0 > bx1 - o.x ? o.x - bx0 : bx1 - o.x;
    int64_t ey = o.y - by0 > by1 - o.y ? o.y - by0 : by1 - o.y;
    int64_t e = ex > ey ? ex : ey;
    int64_t sx0 = a.x < b.x ? a.x : b.x, sx1 = a.x < b.x ? b.x : a.x;
    int64_t sy0 = a.y < b.y ? a.y : b.y, sy1 = a.y < b.y ? b.y : a.y;
    if (sx1 < o.x - e || sx0 > o.x + e || sy1 < o.y - e || sy0 > o.y + e)
        return;
    if (gg__on_segment(o, a, b)) {
        visit_rect(w, fn, ctx); /* every segment from o touches the wall at o */
        return;
    }
    half h[3];
    int nh = 0;
    bool collinear = gg_orientation(o, a, b) == 0;
    gg_hpoint far = a; /* collinear: the line o -> a */
    if (!collinear) {
        /* The cone between the rays o->a and o->b, beyond the line a-b. */
        int64_t cr = ((int64_t)a.x - o.x) * ((int64_t)b.y - o.y) -
                     ((int64_t)a.y - o.y) * ((int64_t)b.x - o.x);
        int sg = cr > 0 ? 1 : -1;
        h[nh++] = side_of(o, a, sg);  /* cross(a-o, X-o) * sg >= 0 */
        h[nh++] = side_of(o, b, -sg); /* cross(X-o, b-o) * sg >= 0 */
        h[nh++] = side_of(a, b, -sg); /* beyond a-b: opposite o, which has sign sg there */
    }
    const double unit = GG__WALL_UNIT, slack = 4.0 * GG__WALL_UNIT;
    for (int32_t r = w.r0; r <= w.r1; r++) {
        double yc = unit * r + unit / 2;
        double lo = -HUGE_VAL, hi = HUGE_VAL;
        bool empty = false;
        if (collinear) {
            double dx = (double)far.x - o.x, dy = (double)far.y - o.y;
            if (dy == 0) {
                if (yc != (double)o.y)
                    empty = true;
            } else {
                lo = hi = o.x + dx * (yc - o.y) / dy;
            }
        }
        for (int k = 0; k < nh && !empty; k++) {
            double kk = h[k].beta * yc + h[k].gamma;
            if (h[k].alpha > 0) {
                double x = -kk / h[k].alpha;
                lo = x > lo ? x : lo;
            } else if (h[k].alpha < 0) {
                double x = -kk / h[k].alpha;
                hi = x < hi ? x : hi;
            } else if (kk < -slack) {
                empty = true;
            }
        }
        if (empty || lo > hi + 2 * unit)
            continue;
        /* Columns whose centre (unit c + unit/2) lies in [lo, hi], widened by a cell. */
        int32_t c0 = w.c0, c1 = w.c1;
        if (lo > (double)bx0) {
            double f = floor((lo - unit / 2) / unit) - 1;
            c0 = f > (double)w.c1 ? w.c1 + 1 : (int32_t)f;
            c0 = c0 < w.c0 ? w.c0 : c0;
        }
        if (hi < (double)bx1) {
            double f = ceil((hi - unit / 2) / unit) + 1;
            c1 = f < (double)w.c0 ? w.c0 - 1 : (int32_t)f;
            c1 = c1 > w.c1 ? w.c1 : c1;
        }
        for (int32_t c = c0; c <= c1; c++) {
            gg_cell cell = {c, r};
            if (gg_segments_intersect(o, gg__wall_centre(cell), a, b))
                fn(ctx, cell);
        }
    }
}

/* ---- Occluders -------------------------------------------------------------------------------
 * Most viewers of a big map cannot see the edited wall at all: a wall of their own room stands
 * between. A wall W that properly crosses both [o, a] and [o, b] (interior points of both)
 * separates o from the whole segment a-b, so it properly crosses [o, C] for every C in the
 * shadow; if W is a plain wall that is not a door (gg__wall_plain(): no heights, limited,
 * proximity, one-way or cover refinements) it stops every such line under every rule (it does
 * not contain o, it meets [o, C) in its interior, and no doorway excuse applies to a wall that
 * continues on both sides of the line), before and after the edit alike. Then
 * nothing in the shadow can change and it is skipped. Candidates come from the wall index
 * buckets along [o, a] (W crosses it); each is checked exactly, so the index only decides
 * which walls are tried. */

/* A wall that stops every line of `mask` it crosses, whatever the origin: live, plain
 * (gg__wall_plain(): two-way, full height, neither limited nor proximity, no cover value), not a
 * door, and blocking `mask` now. */
static bool plain_for(const gg__wall *w, uint32_t mask)
{
    return gg__wall_live(w) && gg__wall_plain(w) && w->door == GG_DOOR_NONE &&
           (gg__wall_effective_blocks(w) & mask) == mask;
}

typedef struct occ_ctx {
    const gg_scene *s;
    gg_hpoint o, a, b;
    uint32_t mask;
    const gg_hpoint (*skip)[2]; /* the edited segments: the edited wall is no occluder */
    int nskip;
} occ_ctx;

static bool occludes(const occ_ctx *q, const gg__wall *w)
{
    if (!plain_for(w, q->mask) || !gg_segments_cross(q->o, q->a, w->a, w->b) ||
        !gg_segments_cross(q->o, q->b, w->a, w->b))
        return false;
    for (int k = 0; k < q->nskip; k++)
        if ((w->a.x == q->skip[k][0].x && w->a.y == q->skip[k][0].y && w->b.x == q->skip[k][1].x &&
             w->b.y == q->skip[k][1].y) ||
            (w->a.x == q->skip[k][1].x && w->a.y == q->skip[k][1].y && w->b.x == q->skip[k][0].x &&
             w->b.y == q->skip[k][0].y))
            return false;
    return true;
}

static bool occ_strip(void *vctx, int32_t i, int32_t j0, int32_t j1)
{
    const occ_ctx *q = (const occ_ctx *)vctx;
    const gg__wall_index *ix = &q->s->index;
    for (int32_t j = j0; j <= j1; ++j) {
        size_t bkt = (size_t)j * (size_t)ix->bw + (size_t)i;
        for (uint32_t k = ix->start[bkt]; k < ix->start[bkt + 1]; ++k)
            if (occludes(q, &q->s->walls[ix->items[k]]))
                return true;
    }
    return false;
}

/* True when a plain wall hides all of a-b from o (see above). */
static bool occluded(const gg_scene *s, gg_hpoint o, gg_hpoint a, gg_hpoint b, uint32_t mask,
                     const gg_hpoint (*skip)[2], int nskip)
{
    if (s->live_walls == 0 || gg_orientation(o, a, b) == 0)
        return false;
    occ_ctx q = {s, o, a, b, mask, skip, nskip};
    const gg__wall_index *ix = &s->index;
    for (uint32_t k = 0; k < ix->pending_count; ++k)
        if (occludes(&q, &s->walls[ix->pending[k]]))
            return true;
    if (!ix->built)
        return false;
    return gg__for_each_bucket_strip(o, a, (int64_t)GG__WALL_UNIT << ix->bucket_shift, 0, ix->bw,
                                     ix->bh, occ_strip, &q);
}

/* ---- The update --------------------------------------------------------------------------- */

#define LIGHT_LIST 128 /* light sources examined per wall edit from a stack list */
/* When a viewer's shadow holds more than SWEEP_MIN_CELLS + (cells it sees) / SWEEP_SEEN_PER_CELL
 * cells, one sweep of its view is cheaper than a line of sight per shadow cell (measured with
 * bench/bench_changes.c under callgrind: a per-cell line of sight on the largest shared map
 * costs about as much as sweeping 30 visible cells). */
#define SWEEP_MIN_CELLS 24
#define SWEEP_SEEN_PER_CELL 16

typedef struct update {
    const gg_scene *s;
    const gg_party_views *pv;
    uint64_t *changed;
    int32_t newly;
    int32_t viewer; /* the viewer being re-judged */
    gg_hpoint seg[2][2];
    int nseg;
} update;

static bool get_bit(const uint64_t *b, size_t k) { return ((b[k >> 6] >> (k & 63u)) & 1u) != 0; }

static void mark(update *u, size_t k)
{
    uint64_t m = (uint64_t)1 << (k & 63u);
    if ((u->changed[k >> 6] & m) == 0) {
        u->changed[k >> 6] |= m;
        u->newly++;
    }
}

/* Sets viewer i's bit k to `now`; on a change marks the cell and refreshes the party's bit from
 * all views (the last flip of a cell sees every view's final value). */
static void set_view(update *u, int32_t i, size_t k, bool now)
{
    const gg_party_views *pv = u->pv;
    uint64_t *v = pv->views + (size_t)i * pv->words;
    if (now == get_bit(v, k))
        return;
    v[k >> 6] ^= (uint64_t)1 << (k & 63u);
    mark(u, k);
    if (pv->party != NULL) {
        bool any = false;
        for (int32_t j = 0; j < pv->count && !any; j++)
            any = get_bit(pv->views + (size_t)j * pv->words, k);
        uint64_t m = (uint64_t)1 << (k & 63u);
        pv->party[k >> 6] = any ? (pv->party[k >> 6] | m) : (pv->party[k >> 6] & ~m);
    }
}

/* Re-judges cell c for viewer i by the per-cell rule. */
static void rejudge(update *u, int32_t i, gg_cell c)
{
    set_view(u, i, gg__idx(u->s, c), gg__viewer_sees(u->s, &u->pv->viewers[i], c));
}

static void viewer_cell(void *ctx, gg_cell c)
{
    update *u = (update *)ctx;
    rejudge(u, u->viewer, c);
}

/* The cells of the shadow the viewer saw before: the only ones that can turn unseen. */
static void viewer_seen_cell(void *ctx, gg_cell c)
{
    update *u = (update *)ctx;
    const gg_party_views *pv = u->pv;
    if (get_bit(pv->views + (size_t)u->viewer * pv->words, gg__idx(u->s, c)))
        rejudge(u, u->viewer, c);
}

static void count_cell(void *ctx, gg_cell c)
{
    (void)c;
    ++*(int64_t *)ctx;
}

/* The sweep's keep function when the viewer's view is swept again: every cell in line of sight
 * now that lies in a shadow and was unseen is judged (and set); nothing is written by the sweep
 * itself (it always gets false). */
static bool keep_newly_seen(void *ctx, gg_cell c)
{
    update *u = (update *)ctx;
    const gg_party_views *pv = u->pv;
    size_t k = gg__idx(u->s, c);
    if (get_bit(pv->views + (size_t)u->viewer * pv->words, k))
        return false;
    gg_hpoint o = gg__wall_centre(pv->viewers[u->viewer].cell), p = gg__wall_centre(c);
    for (int j = 0; j < u->nseg; j++)
        if (gg_segments_intersect(o, p, u->seg[j][0], u->seg[j][1])) {
            const gg_viewer *v = &pv->viewers[u->viewer];
            bool now = true; /* in line of sight and range: the sweep says so */
            if (v->use_senses)
                now = gg_scene_can_see(u->s, v->cell, c, &v->senses, &now) == GG_OK && now;
            set_view(u, u->viewer, k, now);
            return false;
        }
    return false;
}

/* A cell whose light may have changed: the light map, then every viewer with senses whose
 * range reaches it (can_see reads the target's light). */
static void light_cell(void *ctx, gg_cell c)
{
    update *u = (update *)ctx;
    const gg_party_views *pv = u->pv;
    if (pv->light != NULL) {
        size_t k = gg__idx(u->s, c);
        uint8_t now = (uint8_t)gg__light_level(u->s, c);
        if (now != pv->light[k]) {
            pv->light[k] = now;
            mark(u, k);
        }
    }
    for (int32_t i = 0; i < pv->count; i++) {
        const gg_viewer *v = &pv->viewers[i];
        if (v->use_senses && gg_chebyshev(v->cell, c) <= feet_to_cells(u->s, (int64_t)v->range_ft))
            rejudge(u, i, c);
    }
}

static bool any_senses(const gg_party_views *pv)
{
    for (int32_t i = 0; i < pv->count; i++)
        if (pv->viewers[i].use_senses)
            return true;
    return false;
}

static int64_t light_radius(const gg_scene *s, const gg_light_def *l)
{
    int32_t ft = l->bright_ft > l->dim_ft ? l->bright_ft : l->dim_ft;
    return ft / s->cell_size_ft;
}

static void wall_update(update *u, gg_scratch *scratch)
{
    const gg_scene *s = u->s;
    const gg_party_views *pv = u->pv;
    for (int32_t i = 0; i < pv->count; i++) {
        const gg_viewer *v = &pv->viewers[i];
        rect w = square(s, v->cell, feet_to_cells(s, (int64_t)v->range_ft));
        u->viewer = i;
        gg_hpoint o = gg__wall_centre(v->cell);
        bool open[2] = {false, false};
        int64_t cells = 0;
        for (int k = 0; k < u->nseg; k++) {
            open[k] = !occluded(s, o, u->seg[k][0], u->seg[k][1], (uint32_t)GG_BLOCKS_SIGHT,
                                (const gg_hpoint(*)[2])u->seg, u->nseg);
            if (open[k])
                shadow_cells(o, u->seg[k][0], u->seg[k][1], w, count_cell, &cells);
        }
        if (cells == 0)
            continue;
        /* A small shadow is judged cell by cell. A large one costs more that way than sweeping
         * the viewer's whole view again (the sweep costs what is visible, a per-cell line of
         * sight walks the whole line): then the cells seen before are re-judged, and one sweep
         * finds the cells in the shadow that are seen now. */
        int64_t seen = gg__bits_count(pv->views + (size_t)i * pv->words, pv->words);
        bool sweep = cells > SWEEP_MIN_CELLS + seen / SWEEP_SEEN_PER_CELL;
        for (int k = 0; k < u->nseg; k++)
            if (open[k])
                shadow_cells(o, u->seg[k][0], u->seg[k][1], w,
                             sweep ? viewer_seen_cell : viewer_cell, u);
        if (sweep)
            gg__fov_sweep(s, v->cell, range_cells(s, v->range_ft), (uint32_t)GG_BLOCKS_SIGHT,
                          scratch, pv->views + (size_t)i * pv->words, keep_newly_seen, u, NULL,
                          NULL);
    }
    if (pv->light == NULL && !any_senses(pv))
        return;
    /* Light: each source's shadow of the wall within its radius. */
    gg_light_def defs[LIGHT_LIST];
    int32_t n = 0;
    gg_status st = gg_scene_list_lights(s, NULL, defs, LIGHT_LIST, &n);
    if (st == GG_PARTIAL) {
        /* More sources than the stack list holds: re-judge the whole map's light (exact). */
        rect all = {0, 0, s->width - 1, s->height - 1};
        visit_rect(all, light_cell, u);
        return;
    }
    for (int32_t j = 0; j < n; j++) {
        rect w = square(s, defs[j].cell, light_radius(s, &defs[j]));
        for (int k = 0; k < u->nseg; k++)
            shadow_cells(gg__wall_centre(defs[j].cell), u->seg[k][0], u->seg[k][1], w, light_cell,
                         u);
    }
}

static void light_update(update *u, const gg_change_def *ch)
{
    if (u->pv->light == NULL && !any_senses(u->pv))
        return;
    if (ch->had_before)
        visit_rect(square(u->s, ch->light_before.cell, light_radius(u->s, &ch->light_before)),
                   light_cell, u);
    if (ch->has_after) {
        rect a = square(u->s, ch->light_after.cell, light_radius(u->s, &ch->light_after));
        if (ch->had_before) {
            /* Cells of both squares were done above. */
            rect b = square(u->s, ch->light_before.cell, light_radius(u->s, &ch->light_before));
            rect both = intersect(a, b);
            for (int32_t r = a.r0; r <= a.r1; r++)
                for (int32_t c = a.c0; c <= a.c1; c++) {
                    if (r >= both.r0 && r <= both.r1 && c >= both.c0 && c <= both.c1)
                        continue;
                    gg_cell cell = {c, r};
                    light_cell(u, cell);
                }
        } else {
            visit_rect(a, light_cell, u);
        }
    }
}

/* A wall coordinate in wall units, if it is on the lattice within the limit. */
static bool to_units(double v, int32_t *out)
{
    if (!(v >= -(double)GG_WALL_COORD_LIMIT && v <= (double)GG_WALL_COORD_LIMIT))
        return false;
    double u = v * GG__WALL_UNIT;
    if (u != floor(u))
        return false;
    *out = (int32_t)u;
    return true;
}

static gg_status wall_segment(const gg_wall_def *d, gg_hpoint seg[2])
{
    if (d->struct_size != (uint32_t)sizeof *d)
        return GG_E_BAD_DEF;
    if (!to_units(d->x1, &seg[0].x) || !to_units(d->y1, &seg[0].y) || !to_units(d->x2, &seg[1].x) ||
        !to_units(d->y2, &seg[1].y))
        return GG_E_INVALID_ARG;
    return GG_OK;
}

static gg_status light_ok(const gg_light_def *d)
{
    if (d->struct_size != (uint32_t)sizeof *d)
        return GG_E_BAD_DEF;
    return d->bright_ft < 0 || d->dim_ft < 0 ? GG_E_INVALID_ARG : GG_OK;
}

gg_status gg_scene_party_views_update(const gg_scene *scene, gg_scratch *scratch,
                                      const gg_change_def *change, const gg_party_views *pv,
                                      uint64_t *changed, int32_t *out_changed)
{
    if (out_changed != NULL)
        *out_changed = 0;
    if (change == NULL || changed == NULL)
        return GG_E_INVALID_ARG;
    gg_status st = gg__party_views_check(scene, scratch, pv);
    if (st != GG_OK)
        return st;
    if (change->struct_size != (uint32_t)sizeof *change)
        return GG_E_BAD_DEF;
    update u;
    memset(&u, 0, sizeof u);
    u.s = scene;
    u.pv = pv;
    u.changed = changed;
    if (change->kind == GG_CHANGE_WALL) {
        if (change->had_before) {
            st = wall_segment(&change->wall_before, u.seg[u.nseg]);
            if (st != GG_OK)
                return st;
            u.nseg++;
        }
        if (change->has_after) {
            st = wall_segment(&change->wall_after, u.seg[u.nseg]);
            if (st != GG_OK)
                return st;
            /* A door opened or closed in place: one segment. */
            if (u.nseg == 0 || memcmp(u.seg[0], u.seg[1], sizeof u.seg[0]) != 0)
                u.nseg++;
        }
        wall_update(&u, scratch);
    } else if (change->kind == GG_CHANGE_LIGHT) {
        if ((change->had_before && (st = light_ok(&change->light_before)) != GG_OK) ||
            (change->has_after && (st = light_ok(&change->light_after)) != GG_OK))
            return st;
        light_update(&u, change);
    } else {
        return GG_E_INVALID_ARG;
    }
    if (out_changed != NULL)
        *out_changed = u.newly;
    return GG_OK;
}
