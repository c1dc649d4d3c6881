/* fov.c - field of view that equals Nat20's per-cell line of sight exactly, computed as a shadow
 * sweep over slope intervals, octant by octant. Layer: topology.
 *
 * Why a sweep can be exact. In an octant, rename the axes so that a target lies `d` cells along the
 * major axis and `n` (0 <= n <= d) along the minor one. Nat20's Bresenham walk from the viewer to
 * (d, n) visits, at major step i, the minor offset floor(i*n/d + 1/2): ties round away from the
 * viewer, which is the direction dependence (docs/nat20.md; derived from the error terms of
 * gg_line_next and checked by the property tests). So a blocked cell (i, j), 0 < i < d, lies on the
 * walk to (d, n) exactly when the slope n/d is in [(2j-1)/(2i), (2j+1)/(2i)): a blocked cell
 * casts a half-open shadow of slopes on every target further out, whether or not it is itself
 * visible. A wall seen from the viewer's centre O covers a closed interval of slopes [s1, s2];
 * the segment O-P to a target P at slope t touches it when t is in [s1, s2] and P lies at or
 * beyond the wall. Beyond the wall's farthest point along the major axis that is pure slope
 * (a shadow); before it, targets are tested exactly with gg_segments_intersect (the wall's
 * "zone"). Slopes are rationals compared by cross-multiplication: no floating point.
 *
 * The sweep keeps the lit slopes as a sorted list of intervals between "cuts" (a cut sits just
 * before or just after a rational, so open, closed and half-open ends mix freely). At distance d
 * it (1) finds the walls registered in the wall-index buckets of every cell whose shadow meets a
 * lit interval, (2) turns walls whose zone has been passed into shadows, (3) marks the targets
 * in lit intervals (testing zone walls exactly), (4) subtracts the shadows of blocked cells at
 * distance d. Work is proportional to the cells in lit intervals plus the intervals. Scenes
 * without walls take a leaner sweep of the same intervals (sweep_open, below): no wall steps,
 * no divisions, no shadow list.
 *
 * Why every wall that matters is found: a wall touching O-P at point p is within one cell
 * (Chebyshev) of the Bresenham cell at the major step nearest p, and walls are registered in the
 * buckets within one bucket of every cell they touch (wall_index.c). Every Bresenham cell of a
 * lit target has a shadow containing the target's slope, which was lit at every smaller
 * distance, so that cell was visited in step (1) no later than the target itself. */
#include <string.h>

#include "base/bits.h"
#include "topology/sight/fov.h"

/* ---- Exact rational slopes ------------------------------------------------------------------ */

static inline int64_t floor_div(int64_t n, int64_t d) /* d > 0 */
{
    int64_t q = n / d;
    return (n % d != 0 && n < 0) ? q - 1 : q;
}
static inline int64_t ceil_div(int64_t n, int64_t d) { return -floor_div(-n, d); }

/* A cut: just before (after = 0) or just after (after = 1) the slope p/q, q > 0. A real t lies
 * above cut c when t >= p/q (before) or t > p/q (after). */
typedef struct cut {
    int32_t p, q, after;
} cut;

typedef struct ival {
    cut lo, hi; /* the reals between the two cuts, lo < hi */
} ival;

/* The wall-free sweep's interval (sweep_open): [lo, hi) between two "before" cuts, each end
 * carrying ceil(d p / q) and its remainder at the current distance d; hi with p == q is the
 * octant's closed end "just after 1" (no shadow end is 1: (2j - 1) / (2i) is never whole). */
typedef struct oend {
    int32_t p, q; /* slope p/q, 0 <= p <= q, q > 0 (q <= 2 GG_SCENE_MAX_SIDE) */
    int32_t c, r; /* ceil(d p / q) and c q - d p, in [0, q) */
} oend;

/* An interval waiting on the wall-free sweep's stack, its ends at distance d. */
typedef struct oival {
    oend lo, hi;
    int32_t d;
} oival;

static inline int cut_cmp(cut a, cut b)
{
    int64_t l = (int64_t)a.p * b.q, r = (int64_t)b.p * a.q;
    if (l != r)
        return l < r ? -1 : 1;
    return a.after - b.after;
}

/* The smallest n with n/d above c, and the largest n with n/d below c. */
static inline int64_t first_above(cut c, int64_t d)
{
    return c.after ? floor_div(d * c.p, c.q) + 1 : ceil_div(d * c.p, c.q);
}
static inline int64_t last_below(cut c, int64_t d)
{
    return c.after ? floor_div(d * c.p, c.q) : ceil_div(d * c.p, c.q) - 1;
}
/* The minor offset whose blocked-cell shadow at distance d holds the slope p/q. */
static inline int64_t cell_holding(cut c, int64_t d)
{
    return floor_div(2 * d * c.p + c.q, 2 * (int64_t)c.q);
}

/* ---- Working memory --------------------------------------------------------------------------- */

/* A wall as seen in one octant: its slope span (closed, as cuts) and the range of the major
 * coordinate (wall units from O) its points may have. */
typedef struct owall {
    gg_hpoint a, b;
    cut lo, hi;
    int32_t umin, umax; /* |u| < 2^30 (GG_WALL_COORD_LIMIT in wall units plus the viewer) */
    uint32_t index;     /* in s->walls */
} owall;

/* Stack arrays used when the scratch is smaller (tiny maps): about 24 KiB in all. */
#define STACK_IVALS 96
#define STACK_WALLS 256
#define STACK_HASH 1024 /* power of two */

typedef struct stack_walls {
    ival a[STACK_IVALS], b[STACK_IVALS], sh[STACK_IVALS];
    owall w[STACK_WALLS];
    uint32_t live[STACK_WALLS], zone[STACK_WALLS];
} stack_walls;
/* The wall-free sweep's interval stack in the same stack memory. */
#define STACK_OIVALS (sizeof(stack_walls) / sizeof(oival))

typedef struct sweep {
    const gg_scene *s;
    gg_cell v;
    gg_hpoint O;
    uint32_t mask;
    uint64_t *bits;
    gg__fov_keep_fn keep;
    void *kctx;
    int64_t count;
    bool overflow;
    bool have_walls;
    /* octant */
    int major_x, sa, sb;
    int64_t dmax, nedge;
    /* lit intervals, double-buffered (the wall-free sweep keeps its stack `ocur` in the same
     * memory) */
    ival *cur, *nxt;
    size_t ncur, icap;
    oival *ocur;
    size_t ocap;
    /* blocked-cell shadows of one distance */
    ival *shadow;
    size_t nshadow, scap;
    /* walls met in this octant; live = not yet a shadow; zone = tested exactly now */
    owall *walls;
    size_t nwalls, wcap;
    uint32_t *live, *zone;
    size_t nlive, nzone, lcap;
    /* set of wall indices already examined in this octant (open addressing, key + 1) */
    uint32_t *hash;
    size_t hcap, hcount, hmax;
    size_t last_bucket;
    int64_t walls_seen;
    int64_t reach; /* the farthest distance at which a cell may have been set */
} sweep;

/* ---- Bits ------------------------------------------------------------------------------------- */

static inline void bit_set(uint64_t *bits, size_t k) { bits[k >> 6] |= (uint64_t)1 << (k & 63u); }

static void bit_range(uint64_t *bits, size_t a, size_t b) /* inclusive, a <= b */
{
    size_t wa = a >> 6, wb = b >> 6;
    uint64_t ma = ~(uint64_t)0 << (a & 63u);
    uint64_t mb = ~(uint64_t)0 >> (63u - (b & 63u));
    if (wa == wb) {
        bits[wa] |= ma & mb;
        return;
    }
    bits[wa] |= ma;
    for (size_t w = wa + 1; w < wb; ++w)
        bits[w] = ~(uint64_t)0;
    bits[wb] |= mb;
}

/* ---- Line of sight with a wall mask --------------------------------------------------------- */

bool gg__line_of_mask(const gg_scene *s, gg_cell a, gg_cell b, uint32_t mask)
{
    if (gg__walk_blocked(s, a, b))
        return false;
    return !gg__segment_hits_wall(s, gg__wall_centre(a), gg__wall_centre(b), mask);
}

/* ---- Octant geometry -------------------------------------------------------------------------- */

static inline gg_cell oct_cell(const sweep *w, int64_t d, int64_t n)
{
    if (w->major_x)
        return gg_cell_make(w->v.col + (int32_t)(w->sa * d), w->v.row + (int32_t)(w->sb * n));
    return gg_cell_make(w->v.col + (int32_t)(w->sb * n), w->v.row + (int32_t)(w->sa * d));
}

/* ---- Interval list ----------------------------------------------------------------------------- */

/* nxt = cur minus the union of sh[0..nsh) (sorted by lo); then swap. False on overflow. */
static bool subtract(sweep *w, const ival *sh, size_t nsh)
{
    size_t out = 0, j = 0;
    for (size_t i = 0; i < w->ncur; ++i) {
        cut lo = w->cur[i].lo, hi = w->cur[i].hi;
        while (j < nsh && cut_cmp(sh[j].hi, lo) <= 0)
            ++j;
        cut at = lo;
        for (size_t k = j; k < nsh && cut_cmp(sh[k].lo, hi) < 0; ++k) {
            if (cut_cmp(sh[k].lo, at) > 0) {
                if (out == w->icap)
                    return false;
                w->nxt[out].lo = at;
                w->nxt[out].hi = sh[k].lo;
                ++out;
            }
            if (cut_cmp(sh[k].hi, at) > 0)
                at = sh[k].hi;
            if (cut_cmp(at, hi) >= 0)
                break;
        }
        if (cut_cmp(at, hi) < 0) {
            if (out == w->icap)
                return false;
            w->nxt[out].lo = at;
            w->nxt[out].hi = hi;
            ++out;
        }
    }
    ival *t = w->cur;
    w->cur = w->nxt;
    w->nxt = t;
    w->ncur = out;
    return true;
}

/* ---- Walls ------------------------------------------------------------------------------------ */

static inline size_t hash_slot(uint32_t key, size_t cap)
{
    return (size_t)((key * 2654435761u) >> 7) & (cap - 1);
}

/* Inserts wall index `wi`; false when it was already there. Sets overflow when full. */
static bool hash_insert(sweep *w, uint32_t wi)
{
    if ((w->hcount + 1) * 2 > w->hcap) {
        if (w->hcap * 2 > w->hmax) {
            w->overflow = true;
            return false;
        }
        /* Grow: rebuild from the accepted walls only; rejected walls may be examined again,
         * which costs a little time and never a duplicate. */
        w->hcap *= 2;
        memset(w->hash, 0, w->hcap * sizeof *w->hash);
        w->hcount = 0;
        for (size_t k = 0; k < w->nwalls; ++k) {
            uint32_t key = w->walls[k].index;
            for (size_t h = hash_slot(key, w->hcap);; h = (h + 1) & (w->hcap - 1))
                if (w->hash[h] == 0) {
                    w->hash[h] = key + 1;
                    w->hcount++;
                    break;
                }
        }
    }
    size_t m = w->hcap - 1;
    for (size_t h = hash_slot(wi, w->hcap);; h = (h + 1) & m) {
        if (w->hash[h] == 0) {
            w->hash[h] = wi + 1;
            w->hcount++;
            return true;
        }
        if (w->hash[h] == wi + 1)
            return false;
    }
}

/* The closed span of slopes (within [0, 1]) of the rays from O that meet the wall a-b, given in
 * octant coordinates (u along the major axis, v along the minor one, wall units). False when no
 * ray of the octant meets it. */
static bool wall_span(int64_t ua, int64_t va, int64_t ub, int64_t vb, cut *lo, cut *hi, bool *full)
{
    *full = false;
    if (ua <= 0 && ub <= 0)
        return false;
    /* Slopes as fractions v/u over the part of the wall with u > 0; +-1 in `inf` marks an end
     * that runs off to +-infinity (the wall crosses the line u = 0). */
    int64_t p1, q1, p2, q2;
    int inf1 = 0, inf2 = 0;
    if (ua > 0 && ub > 0) {
        p1 = va, q1 = ua, p2 = vb, q2 = ub;
    } else {
        int64_t uin = ua > 0 ? ua : ub, vin = ua > 0 ? va : vb;
        int64_t uout = ua > 0 ? ub : ua, vout = ua > 0 ? vb : va;
        /* Sign of v where the wall meets u = 0, times (uin - uout) > 0. */
        int64_t c = vout * uin - uout * vin;
        if (c == 0) { /* through O: never a shadow, always tested exactly */
            *full = true;
            return true;
        }
        p1 = vin, q1 = uin, p2 = 0, q2 = 1;
        inf2 = c > 0 ? 1 : -1;
    }
    /* Order the two ends: an infinite end is the top (+) or bottom (-). */
    bool swap;
    if (inf2 != 0)
        swap = inf2 < 0;
    else
        swap = p1 * q2 > p2 * q1;
    if (swap) {
        int64_t tp = p1, tq = q1;
        p1 = p2, q1 = q2, p2 = tp, q2 = tq;
        int ti = inf1;
        inf1 = inf2, inf2 = ti;
    }
    /* Clip [end1, end2] to [0, 1]. */
    bool lo_inf = inf1<0, hi_inf = inf2> 0;
    if (lo_inf || p1 < 0)
        p1 = 0, q1 = 1;
    if (hi_inf || p2 > q2)
        p2 = 1, q2 = 1;
    if (p1 * q2 > p2 * q1)
        return false;
    if (p2 < 0 || p1 > q1)
        return false;
    lo->p = (int32_t)p1, lo->q = (int32_t)q1, lo->after = 0;
    hi->p = (int32_t)p2, hi->q = (int32_t)q2, hi->after = 1;
    return true;
}

static void examine_wall(sweep *w, uint32_t wi)
{
    if (!hash_insert(w, wi))
        return;
    w->walls_seen++;
    const gg__wall *wall = &w->s->walls[wi];
    if (!gg__wall_live(wall) || (gg__wall_effective_blocks(wall) & w->mask) == 0)
        return;
    if (w->s->point_rule) {
        /* The point rule: a wall containing the viewer takes no part, nor does a one-way wall
         * with the viewer on its line (gg__wall_stops()). */
        if (gg__on_segment(w->O, wall->a, wall->b) ||
            (wall->one_way != GG_ONE_WAY_NONE && gg_orientation(wall->a, wall->b, w->O) == 0))
            return;
    }
    if (!gg__wall_faces(wall, w->O))
        return;
    int64_t ax = (int64_t)wall->a.x - w->O.x, ay = (int64_t)wall->a.y - w->O.y;
    int64_t bx = (int64_t)wall->b.x - w->O.x, by = (int64_t)wall->b.y - w->O.y;
    int64_t ua = w->sa * (w->major_x ? ax : ay), va = w->sb * (w->major_x ? ay : ax);
    int64_t ub = w->sa * (w->major_x ? bx : by), vb = w->sb * (w->major_x ? by : bx);
    owall ow;
    bool full;
    if (!wall_span(ua, va, ub, vb, &ow.lo, &ow.hi, &full))
        return;
    if (w->nwalls == w->wcap || w->nlive == w->lcap) {
        w->overflow = true;
        return;
    }
    ow.a = wall->a;
    ow.b = wall->b;
    ow.index = wi;
    ow.umin = (int32_t)(ua < ub ? ua : ub);
    if (ow.umin < 0)
        ow.umin = 0;
    ow.umax = full ? INT32_MAX : (int32_t)(ua > ub ? ua : ub);
    if (full) {
        ow.lo.p = 0, ow.lo.q = 1, ow.lo.after = 0;
        ow.hi.p = 1, ow.hi.q = 1, ow.hi.after = 1;
    }
    w->walls[w->nwalls] = ow;
    w->live[w->nlive++] = (uint32_t)w->nwalls++;
}

static void examine_bucket_of(sweep *w, gg_cell c)
{
    const gg__wall_index *ix = &w->s->index;
    size_t b = (size_t)(c.row >> ix->bucket_shift) * (size_t)ix->bw +
               (size_t)(c.col >> ix->bucket_shift);
    if (b == w->last_bucket)
        return;
    w->last_bucket = b;
    for (uint32_t k = ix->start[b]; k < ix->start[b + 1] && !w->overflow; ++k)
        examine_wall(w, ix->items[k]);
}

/* ---- The sweep of one octant -------------------------------------------------------------- */

static void mark_targets(sweep *w, int64_t d, int64_t n0, int64_t n1)
{
    const gg_scene *s = w->s;
    if (d > w->reach)
        w->reach = d;
    if (w->nzone == 0 && w->keep == NULL) {
        gg_cell a = oct_cell(w, d, n0), b = oct_cell(w, d, n1);
        if (!w->major_x) {
            size_t ka = gg__idx(s, a), kb = gg__idx(s, b);
            bit_range(w->bits, ka < kb ? ka : kb, ka < kb ? kb : ka);
        } else {
            size_t k = gg__idx(s, a);
            size_t step = (size_t)s->width;
            for (int64_t n = n0; n <= n1; ++n, k = w->sb > 0 ? k + step : k - step)
                bit_set(w->bits, k);
        }
        w->count += n1 - n0 + 1;
        return;
    }
    for (int64_t n = n0; n <= n1; ++n) {
        gg_cell c = oct_cell(w, d, n);
        bool ok = true;
        if (w->nzone != 0) {
            gg_hpoint P = gg__wall_centre(c);
            for (size_t z = 0; z < w->nzone; ++z) {
                const owall *ow = &w->walls[w->zone[z]];
                /* Only rays within the wall's span can meet it. */
                if (n * ow->lo.q < ow->lo.p * d || n * ow->hi.q > ow->hi.p * d)
                    continue;
                if (gg_segments_intersect(w->O, P, ow->a, ow->b) &&
                    (!s->point_rule || !gg__on_segment(P, ow->a, ow->b) ||
                     gg__meets_before(w->O, P, ow->a, ow->b))) {
                    ok = false;
                    break;
                }
            }
        }
        if (ok && w->keep != NULL)
            ok = w->keep(w->kctx, c);
        if (ok) {
            bit_set(w->bits, gg__idx(s, c));
            w->count++;
        }
    }
}

static void sweep_octant(sweep *w, int64_t range)
{
    const gg_scene *s = w->s;
    int32_t W = s->width, H = s->height;
    if (w->major_x) {
        w->dmax = w->sa > 0 ? W - 1 - w->v.col : w->v.col;
        w->nedge = w->sb > 0 ? H - 1 - w->v.row : w->v.row;
    } else {
        w->dmax = w->sa > 0 ? H - 1 - w->v.row : w->v.row;
        w->nedge = w->sb > 0 ? W - 1 - w->v.col : w->v.col;
    }
    if (w->dmax > range)
        w->dmax = range;
    w->cur[0].lo = (cut){0, 1, 0};
    w->cur[0].hi = (cut){1, 1, 1};
    w->ncur = 1;
    w->nwalls = w->nlive = w->nzone = 0;
    w->last_bucket = SIZE_MAX;
    if (w->have_walls) {
        w->hcap = w->hmax < 64 ? w->hmax : 64;
        memset(w->hash, 0, w->hcap * sizeof *w->hash);
        w->hcount = 0;
        const gg__wall_index *ix = &s->index;
        for (uint32_t k = 0; k < ix->pending_count; ++k)
            examine_wall(w, ix->pending[k]);
        if (ix->built)
            examine_bucket_of(w, w->v);
    }
    int64_t own_lo = w->sb < 0 ? 1 : 0;
    for (int64_t d = 1; d <= w->dmax && w->ncur > 0 && !w->overflow; ++d) {
        int64_t ncap = d < w->nedge ? d : w->nedge;
        /* (1) walls next to every cell whose shadow meets a lit interval */
        if (w->have_walls) {
            if (s->index.built) {
                for (size_t i = 0; i < w->ncur && !w->overflow; ++i) {
                    int64_t e0 = cell_holding(w->cur[i].lo, d), e1 = cell_holding(w->cur[i].hi, d);
                    if (e0 < 0)
                        e0 = 0;
                    if (e1 > ncap)
                        e1 = ncap;
                    for (int64_t n = e0; n <= e1 && !w->overflow; ++n)
                        examine_bucket_of(w, oct_cell(w, d, n));
                }
            }
            if (w->overflow)
                return;
            /* (2) walls passed: shadows; walls reached: zone */
            w->nzone = 0;
            for (size_t k = 0; k < w->nlive;) {
                const owall *ow = &w->walls[w->live[k]];
                /* Passed: every target at distance d or beyond is behind it. Under the point
                 * rule a target at the wall's farthest point may lie on the wall, which then does
                 * not block it: the wall stays a zone wall for that distance. */
                if (ow->umax < GG__WALL_UNIT * d ||
                    (ow->umax == GG__WALL_UNIT * d && !s->point_rule)) {
                    ival sh;
                    sh.lo = ow->lo;
                    sh.hi = ow->hi;
                    if (!subtract(w, &sh, 1)) {
                        w->overflow = true;
                        return;
                    }
                    w->live[k] = w->live[--w->nlive];
                    continue;
                }
                if (ow->umin <= GG__WALL_UNIT * d)
                    w->zone[w->nzone++] = w->live[k];
                ++k;
            }
        }
        /* (3) targets */
        int64_t own_hi = w->major_x ? d : d - 1;
        if (own_hi > w->nedge)
            own_hi = w->nedge;
        for (size_t i = 0; i < w->ncur; ++i) {
            int64_t n0 = first_above(w->cur[i].lo, d), n1 = last_below(w->cur[i].hi, d);
            if (n0 < own_lo)
                n0 = own_lo;
            if (n1 > own_hi)
                n1 = own_hi;
            if (n0 <= n1)
                mark_targets(w, d, n0, n1);
        }
        if (d == w->dmax)
            break;
        /* (4) shadows of the blocked cells at distance d */
        w->nshadow = 0;
        int64_t last = -1;
        for (size_t i = 0; i < w->ncur; ++i) {
            int64_t e0 = cell_holding(w->cur[i].lo, d), e1 = cell_holding(w->cur[i].hi, d);
            if (e0 <= last)
                e0 = last + 1;
            if (e0 < 0)
                e0 = 0;
            if (e1 > ncap)
                e1 = ncap;
            if (e0 > e1)
                continue;
            /* Cells (d, e0..e1) lie on one column (major x) or one row; a row's bytes are
             * contiguous and usually free of blocked cells, so check them 8 at a time first. */
            ptrdiff_t step = w->major_x ? (ptrdiff_t)w->sb * W : (ptrdiff_t)w->sb;
            const ptrdiff_t k0 = (ptrdiff_t)gg__idx(s, oct_cell(w, d, e0));
            if (!w->major_x &&
                gg__run_open(s, (size_t)(w->sb > 0 ? k0 : k0 - (e1 - e0)), (size_t)(e1 - e0 + 1)))
                continue;
            ptrdiff_t k = k0;
            for (int64_t n = e0; n <= e1; ++n, k += step) {
                if (!gg__blocked_at(s, (size_t)k))
                    continue;
                int32_t lo = (int32_t)(2 * n - 1), q = (int32_t)(2 * d);
                if (w->nshadow > 0 && last == n - 1 && w->shadow[w->nshadow - 1].hi.p == lo &&
                    w->shadow[w->nshadow - 1].hi.q == q) {
                    w->shadow[w->nshadow - 1].hi.p = lo + 2;
                } else {
                    if (w->nshadow == w->scap) {
                        w->overflow = true;
                        return;
                    }
                    ival *sh = &w->shadow[w->nshadow++];
                    sh->lo = (cut){lo, q, 0};
                    sh->hi = (cut){lo + 2, q, 0};
                }
                last = n;
            }
            if (e1 > last)
                last = e1;
        }
        if (w->nshadow > 0 && !subtract(w, w->shadow, w->nshadow)) {
            w->overflow = true;
            return;
        }
        /* Drop intervals that can never again hold an on-map cell. */
        size_t keep = 0;
        for (size_t i = 0; i < w->ncur; ++i)
            if (cell_holding(w->cur[i].lo, d + 1) <= w->nedge)
                w->cur[keep++] = w->cur[i];
        w->ncur = keep;
    }
}

/* ---- The sweep of one octant without walls ---------------------------------------------------
 * With no walls every cut is the end of a blocked cell's shadow (2j -+ 1) / (2i), so a lit
 * interval is [lo, hi) between two "before" cuts (hi may be the octant's closing "just after 1").
 * Each end keeps ceil(d p / q) and the remainder at the current distance d, advanced by one
 * subtraction per distance (p <= q), so the targets an interval lights (n with n/d in [lo, hi):
 * ceil(d lo) .. ceil(d hi) - 1) and the cells whose shadows meet it (round(d lo) .. round(d hi),
 * the ceiling less one when the remainder is over q / 2) come without a division; a new end
 * (2j -+ 1) / (2d) starts at distance d at ceiling j + 1 or j with remainder d. A shadow meets only the intervals that hold its cell, so an interval's fate at
 * d + 1 depends on its own cells at d alone: the intervals are followed one at a time, depth
 * first, each kept in registers from distance to distance while none of its cells is blocked
 * (a test of up to 64 cells at once: the row's bits in the scene's blocked plane, or, in the
 * column-major octants, the column's bits in the transposed plane, sight_planes_t.c). Only a
 * blocked cell splits it, and the pieces but one wait on a stack. The cost is the lit cells
 * plus one step per interval and distance. */

static inline oend oend_at(int64_t p, int64_t q, int64_t c, int64_t r)
{
    oend e = {(int32_t)p, (int32_t)q, (int32_t)c, (int32_t)r};
    return e;
}

static inline void oend_step(oend *e) /* distance d -> d + 1 */
{
    e->r -= e->p;
    if (e->r < 0) {
        e->r += e->q;
        e->c++;
    }
}

/* Takes the lit piece [lo, hi) (lo < hi; the ends at distance d) to distance d + 1, unless
 * every cell its shadows could reach from there on is off the map (round((d + 1) lo) > nedge,
 * only possible when `near_edge`: d + 1 > nedge, as lo <= 1). The last piece taken is held in
 * *last (*have); taking another pushes it on the stack first, so an interval that a split only
 * narrows never leaves the registers. False on overflow. */
static inline bool take_piece(oival *stk, size_t *top, size_t cap, int64_t nedge, bool near_edge,
                              oend lo, oend hi, int64_t d, oival *last, bool *have)
{
    oend_step(&lo);
    if (near_edge && lo.c - (2 * (int64_t)lo.r > lo.q) > nedge)
        return true;
    oend_step(&hi);
    if (*have) {
        if (*top == cap)
            return false;
        stk[(*top)++] = *last;
    }
    last->lo = lo;
    last->hi = hi;
    last->d = (int32_t)(d + 1);
    *have = true;
    return true;
}

/* The `len` (1..64) bits of `plane` from bit `a` on, bit a lowest. The word after a's is read
 * only when the run reaches into it. */
static inline uint64_t bits_window(const uint64_t *plane, size_t a, int64_t len)
{
    const size_t wi = a >> 6, sh = a & 63u;
    uint64_t x = plane[wi] >> sh;
    if (sh + (size_t)len > 64u)
        x |= plane[wi + 1] << (64u - sh);
    return x & (~(uint64_t)0 >> (64 - len));
}

/* True when one of the `len` bits of `plane` from bit `a` on is set (len > 64). */
static bool bits_any(const uint64_t *plane, size_t a, int64_t len)
{
    for (; len > 64; a += 64, len -= 64)
        if (bits_window(plane, a, 64) != 0)
            return true;
    return bits_window(plane, a, len) != 0;
}

static inline bool bit_at(const uint64_t *plane, size_t k)
{
    return (plane[k >> 6] >> (k & 63u)) & 1u;
}

#if defined(__GNUC__)
#define FOV_INLINE static inline __attribute__((always_inline))
#else
#define FOV_INLINE static inline
#endif

/* Marks the targets n0 .. n1 (n0 <= n1) at distance d of the no-keep sweep, whose (d, 0) is
 * storage index k0; returns how many. */
FOV_INLINE int64_t mark_open(uint64_t *bits, const bool major_x, const bool up, ptrdiff_t W,
                             ptrdiff_t wstep, ptrdiff_t k0, int64_t n0, int64_t n1)
{
    const int64_t m = n1 - n0 + 1;
    if (m == 1) { /* the common case far out: a sliver lights one cell */
        const ptrdiff_t k = k0 + (major_x ? (up ? W : -W) : (up ? 1 : -1)) * n0;
        bits[(size_t)k >> 6] |= (uint64_t)1 << ((size_t)k & 63u);
        return 1;
    }
    if (!major_x) {
        const ptrdiff_t ka = up ? k0 + n0 : k0 - n1;
        bit_range(bits, (size_t)ka, (size_t)(ka + m - 1));
        return m;
    }
    const ptrdiff_t nstep = up ? W : -W;
    if (wstep != 0) {
        /* a column of a map whose rows are whole words: one bit, one word a row */
        uint64_t *word = bits + (((size_t)(k0 + nstep * n0)) >> 6);
        const uint64_t bit = (uint64_t)1 << ((size_t)k0 & 63u);
        int64_t left = m;
        for (; left >= 4; left -= 4, word += 4 * wstep) {
            word[0] |= bit;
            word[wstep] |= bit;
            word[2 * wstep] |= bit;
            word[3 * wstep] |= bit;
        }
        for (; left > 0; --left, word += wstep)
            *word |= bit;
        return m;
    }
    ptrdiff_t k = k0 + nstep * n0;
    for (int64_t n = n0; n <= n1; ++n, k += nstep)
        bits[(size_t)k >> 6] |= (uint64_t)1 << ((size_t)k & 63u);
    return m;
}

/* One octant; `major_x`, `up` (sb > 0) and `keep` are constants in each caller (sweep_open), so
 * each copy tests none of them per step, and the state lives in locals (a store into the bitset
 * could otherwise alias the sweep's counters). */
FOV_INLINE void sweep_open_as(sweep *w, const bool major_x, const bool up, const bool keep)
{
    const gg_scene *s = w->s;
    const ptrdiff_t W = s->width, H = s->height;
    const int64_t dmax = w->dmax, nedge = w->nedge;
    /* Up to dfree the interval goes on to d + 1 and no cell of it is off the map. */
    const int64_t dfree = dmax - 1 < nedge ? dmax - 1 : nedge;
    const int64_t own_lo = up ? 0 : 1;
    /* Output: (d, n) is storage index kbase + kd d +- n (n W in the column-major octants). */
    const ptrdiff_t kd = major_x ? w->sa : w->sa * W;
    const ptrdiff_t kbase = (ptrdiff_t)gg__idx(s, w->v);
    /* In words, when a row is a whole number of them (0 = not). */
    const ptrdiff_t wstep = major_x && W % 64 == 0 ? (up ? W : -W) / 64 : 0;
    /* Blocked cells: the cells of one distance are a run of bits in the row-major plane (rows)
     * or the transposed one (columns); n moves one bit up or down, a distance pd bits. */
    const uint64_t *plane = major_x ? s->blocked_bits_t : s->blocked_bits;
    const ptrdiff_t pd = major_x ? w->sa * H : w->sa * W;
    const ptrdiff_t pbase = major_x ? (ptrdiff_t)w->v.col * H + w->v.row : kbase;
    const size_t cap = w->ocap;
    uint64_t *const bits = w->bits;
    oival *const stk = w->ocur;
    int64_t count = 0, reach = w->reach, marked = 0;
    if (cap == 0) {
        w->overflow = true;
        return;
    }
    /* [0, 1] at distance 1 */
    stk[0].lo = oend_at(0, 1, 0, 0);
    stk[0].hi = oend_at(1, 1, 1, 0);
    stk[0].d = 1;
    size_t top = 1;
    while (top > 0) {
        oival cur = stk[--top];
        int64_t d = cur.d;
        ptrdiff_t k0 = kbase + kd * (ptrdiff_t)d, p0 = pbase + pd * (ptrdiff_t)d;
        for (;;) {
            /* The interval at hand, held in registers while nothing but its ends' own blocked
             * cells meets it. */
            int64_t lp = cur.lo.p, lq = cur.lo.q, hp = cur.hi.p, hq = cur.hi.q;
            int64_t lc = cur.lo.c, lr = cur.lo.r, hc = cur.hi.c, hr = cur.hi.r;
            bool closed = hp == hq;
            /* round(d p / q) = c - (2 r > q) = c - (r > floor(q / 2)) */
            uint64_t lh = (uint64_t)lq / 2, hh = (uint64_t)hq / 2;
            /* Targets are ceil(d lo) .. ceil(d hi) - 1 (.. d for the closed end), less n = 0
             * where the octant below owns it (lo = 0 only) and the diagonal n = d where the
             * octant beside owns it (the closed end only): n0 = lc + n0_add, n1 = hc + n1_add. */
            int64_t n0_add = lp == 0 ? own_lo : 0;
            int64_t n1_add = closed && major_x ? 0 : -1;
            int64_t e0 = 0, e1 = 0, len = 0;
            /* the blocked cells e0 .. e1 (len <= 64): cell n is bit n - e0 (up) or e1 - n */
            uint64_t x = 0;
            size_t a;
            for (;;) {
                const int64_t n0 = lc + n0_add;
                /* cells whose shadows meet [lo, hi): round(d lo) .. round(d hi) (<= d) */
                e0 = lc - (lh < (uint64_t)lr);
                e1 = hc - (hh < (uint64_t)hr);
                const int64_t e1_free = e1;
                /* Two copies of the marking on purpose: one branch-free form with a clip and a
                 * past-dfree flag costs 2-3% more instructions on every map (measured:
                 * bench_fov --sampled=2 6.11M -> 6.27M, gate fov 0.749 -> 0.766). */
                if (d <= dfree) {
                    /* n1 <= d and e1 <= d are on the map; e0 <= e1 as lo < hi */
                    const int64_t n1 = hc + n1_add;
                    if (n0 <= n1) {
                        marked = d;
                        if (keep)
                            mark_targets(w, d, n0, n1);
                        else
                            count += mark_open(bits, major_x, up, W, wstep, k0, n0, n1);
                    }
                } else {
                    int64_t n1 = hc + n1_add;
                    n1 = n1 > nedge ? nedge : n1;
                    if (n0 <= n1) {
                        marked = d;
                        if (keep)
                            mark_targets(w, d, n0, n1);
                        else
                            count += mark_open(bits, major_x, up, W, wstep, k0, n0, n1);
                    }
                    if (d == dmax)
                        goto next;
                    e1 = e1 > nedge ? nedge : e1;
                    if (e0 > e1)
                        goto next; /* every cell its shadows could meet from here on is off
                                    * the map */
                }
                len = e1 - e0 + 1;
                a = (size_t)(up ? p0 + e0 : p0 - e1);
                if (len <= 64) {
                    x = bits_window(plane, a, len);
                    if (x != 0) {
                        /* One run of blocked cells at an end of e0 .. e1 only trims the
                         * interval: the new end (the run's shadow's end for lo, its start for
                         * hi, each at a cell n with remainder d) stays in registers. Otherwise
                         * the split below. */
                        if ((x & (x + (x & (0 - x)))) != 0)
                            break; /* two runs or more */
                        const int lb = gg__low_bit(x), hb = gg__high_bit(x);
                        const int64_t rn = up ? e0 + lb : e1 - hb, rm = up ? e0 + hb : e1 - lb;
                        if (rn == e0 && rm < e1) {
                            /* lo rises to (2 rm + 1) / 2d, if that is still below hi */
                            if (!(rm < d &&
                                  (closed || rm + 1 < hc || (rm + 1 == hc && 2 * hr < hq))))
                                goto next;
                            lp = 2 * rm + 1;
                            lq = 2 * d;
                            lc = rm + 1;
                            lr = d;
                            lh = (uint64_t)d;
                            n0_add = 0;
                        } else if (rn > e0 && rm == e1 && e1 == e1_free) {
                            /* hi falls to (2 rn - 1) / 2d, if that is still above lo */
                            if (!(rn > lc || (rn == lc && 2 * lr > lq)))
                                goto next;
                            hp = 2 * rn - 1;
                            hq = 2 * d;
                            hc = rn;
                            hr = d;
                            hh = (uint64_t)d;
                            closed = false;
                            n1_add = -1;
                        } else {
                            break;
                        }
                    }
                } else if (bits_any(plane, a, len)) {
                    break;
                }
                /* nothing blocks: the same interval at d + 1 */
                lr -= lp;
                if (lr < 0) {
                    lr += lq;
                    lc++;
                }
                hr -= hp;
                if (hr < 0) {
                    hr += hq;
                    hc++;
                }
                ++d;
                k0 += kd;
                p0 += pd;
            }
            /* Split by the runs of blocked cells into lit pieces at d + 1: all but the last go
             * on the stack. The piece being built starts at lo (prev = -1) or where the shadow
             * of the blocked run ending at cell prev ends, (2 prev + 1) / 2d. Slopes are
             * compared through the ends' ceilings and remainders at d: lo < (2n - 1) / 2d when
             * n > lc, or n == lc and 2 lr > lq; (2n - 1) / 2d < hi when n < hc, or n == hc and
             * 2 hr < hq. */
            const bool near_edge = d + 1 > nedge;
            const int32_t q2 = (int32_t)(2 * d);
            const oend lo = oend_at(lp, lq, lc, lr), hi = oend_at(hp, hq, hc, hr);
            const bool lo_half = 2 * lr > lq, hi_half = 2 * hr < hq;
            bool have = false;
            int64_t prev = -1;
            bool open_piece = true;
            for (int64_t n = e0; n <= e1; ++n) {
                int64_t m;
                if (len <= 64 && up) {
                    /* the next run of set bits in x (bit n - e0 is cell n), from n on */
                    const uint64_t rest = x >> (n - e0);
                    if (rest == 0)
                        break;
                    n += gg__low_bit(rest);
                    const uint64_t ones = ~(x >> (n - e0));
                    m = ones == 0 ? e1 : n + gg__low_bit(ones) - 1;
                    m = m > e1 ? e1 : m;
                } else if (len <= 64) {
                    /* the same downwards (bit e1 - n is cell n) */
                    const uint64_t rest = x & (((uint64_t)2 << (e1 - n)) - 1);
                    if (rest == 0)
                        break;
                    const int top_bit = gg__high_bit(rest);
                    n = e1 - top_bit;
                    const uint64_t zeros = ~x & (((uint64_t)1 << top_bit) - 1);
                    m = zeros == 0 ? e1 : e1 - (gg__high_bit(zeros) + 1);
                } else {
                    if (!bit_at(plane, (size_t)(up ? p0 + n : p0 - n)))
                        continue;
                    m = n;
                    while (m < e1 && bit_at(plane, (size_t)(up ? p0 + m + 1 : p0 - m - 1)))
                        ++m;
                }
                /* the run of blocked cells n .. m shadows [(2n - 1) / 2d, (2m + 1) / 2d) */
                /* A piece that started after an earlier run starts below this shadow (an open
                 * cell lies between them); one that starts at lo may not. */
                if (open_piece && (prev >= 0 || n > lc || (n == lc && lo_half))) {
                    /* the piece ends where the shadow starts, or at hi */
                    const oend end = closed || n < hc || (n == hc && hi_half)
                                         ? oend_at(2 * n - 1, q2, n, d)
                                         : hi;
                    const oend start = prev >= 0 ? oend_at(2 * prev + 1, q2, prev + 1, d) : lo;
                    if (!take_piece(stk, &top, cap, nedge, near_edge, start, end, d, &cur, &have))
                        goto overflow;
                }
                /* the next piece starts where the shadow ends, if that is still below hi */
                prev = m;
                open_piece = m < d && (closed || m + 1 < hc || (m + 1 == hc && hi_half));
                n = m;
            }
            if (open_piece) {
                const oend start = prev >= 0 ? oend_at(2 * prev + 1, q2, prev + 1, d) : lo;
                if (!take_piece(stk, &top, cap, nedge, near_edge, start, hi, d, &cur, &have))
                    goto overflow;
            }
            if (!have)
                goto next; /* all in shadow */
            /* go on with the last piece; the others wait on the stack */
            ++d;
            k0 += kd;
            p0 += pd;
        }
    next:
        reach = marked > reach ? marked : reach;
    }
    w->count += count;
    w->reach = reach > w->reach ? reach : w->reach;
    return;
overflow:
    w->overflow = true;
}

static void sweep_open(sweep *w, int64_t range)
{
    const gg_scene *s = w->s;
    if (w->major_x) {
        w->dmax = w->sa > 0 ? s->width - 1 - w->v.col : w->v.col;
        w->nedge = w->sb > 0 ? s->height - 1 - w->v.row : w->v.row;
    } else {
        w->dmax = w->sa > 0 ? s->height - 1 - w->v.row : w->v.row;
        w->nedge = w->sb > 0 ? s->width - 1 - w->v.col : w->v.col;
    }
    if (w->dmax > range)
        w->dmax = range;
    if (w->dmax < 1)
        return;
    const bool up = w->sb > 0;
    if (w->keep != NULL) {
        if (w->major_x)
            sweep_open_as(w, true, up, true);
        else
            sweep_open_as(w, false, up, true);
    } else if (w->major_x) {
        if (up)
            sweep_open_as(w, true, true, false);
        else
            sweep_open_as(w, true, false, false);
    } else if (up) {
        sweep_open_as(w, false, true, false);
    } else {
        sweep_open_as(w, false, false, false);
    }
}

/* ---- Entry points --------------------------------------------------------------------------- */

/* A byte region carved front to back into aligned arrays. */
typedef struct region {
    unsigned char *p;
    size_t left;
} region;

static void *carve(region *r, size_t count, size_t size)
{
    uintptr_t at = (uintptr_t)r->p, aligned = (at + 15u) & ~(uintptr_t)15u;
    size_t pad = (size_t)(aligned - at);
    if (r->p == NULL || pad > r->left || count > (r->left - pad) / size)
        return NULL;
    void *out = r->p + pad;
    r->p += pad + count * size;
    r->left -= pad + count * size;
    return out;
}

/* Bytes usable after the worst-case alignment padding. */
static size_t region_bytes(const region *r) { return r->left > 16 ? r->left - 16 : 0; }

/* The room a GG_SCRATCH_SIGHT scratch gives the sweep, as the five regions it carves (lit
 * intervals twice, shadows, walls with their two index lists, the examined-wall set), each
 * with 16 bytes of alignment slack. Lit intervals and shadows at one distance number at most
 * the cells at that distance plus one, so side + 2 of each always do. The wall-free sweep's
 * stack (in the first region) holds disjoint intervals: each split that left pieces waiting
 * owns the shadow between the piece followed and the next one (at least 1/side wide), and
 * each waiting piece but the last of its split is at least 1/side wide, so 3 (side + 2) always
 * do. The walls an octant meets are at most the scene's live walls, and the set keeps its load
 * under one half. */
static void room_parts(const gg_scene *s, size_t part[5])
{
    size_t side = (size_t)(s->width > s->height ? s->width : s->height) + 2u;
    size_t walls = (size_t)s->live_walls + 1u;
    size_t hm = STACK_HASH;
    while (hm < 2 * walls)
        hm *= 2;
    const size_t ivs = side * sizeof(ival), ovs = 3u * side * sizeof(oival);
    part[0] = (ivs > ovs ? ivs : ovs) + 32u;
    part[1] = ivs + 32u;
    part[2] = side * sizeof(ival) + 32u;
    part[3] = walls * (sizeof(owall) + 2 * sizeof(uint32_t) + 16u) + 32u;
    part[4] = hm * sizeof(uint32_t) + 32u;
}

size_t gg__fov_room_bytes(const gg_scene *s)
{
    size_t part[5];
    room_parts(s, part);
    return part[0] + part[1] + part[2] + part[3] + part[4];
}

static size_t cap_of(size_t bytes, size_t size, size_t limit)
{
    size_t n = bytes / size;
    return n < limit ? n : limit;
}

static int64_t gcd64(int64_t a, int64_t b)
{
    a = a < 0 ? -a : a;
    b = b < 0 ? -b : b;
    while (b != 0) {
        int64_t t = a % b;
        a = b;
        b = t;
    }
    return a;
}

/* An open portal's end J for the sweep's mask (the k-th wall's a or b). */
static bool portal_end(const sweep *w, uint32_t k, int e, gg_hpoint *J)
{
    const gg__wall *wall = &w->s->walls[k];
    if (!gg__wall_live(wall) || !gg__is_portal(wall) ||
        (gg__wall_effective_blocks(wall) & w->mask) != 0)
        return false;
    *J = e ? wall->b : wall->a;
    return true;
}

/* Whether an end examined before (k, e) lies on the segment from O to P, short of P: the
 * target P was then already looked at from it. */
static bool seen_before(const sweep *w, uint32_t k, int e, gg_hpoint P)
{
    const int64_t px = (int64_t)P.x - w->O.x, py = (int64_t)P.y - w->O.y;
    for (uint32_t k2 = 0; k2 <= k; ++k2)
        for (int e2 = 0; e2 < 2 && (k2 < k || e2 < e); ++e2) {
            gg_hpoint J;
            if (!portal_end(w, k2, e2, &J))
                continue;
            const int64_t jx = (int64_t)J.x - w->O.x, jy = (int64_t)J.y - w->O.y;
            const int64_t dot = jx * px + jy * py;
            if (jx * py - jy * px == 0 && dot > 0 && dot < px * px + py * py)
                return true;
        }
    return false;
}

/* Doorways (doorway.c): a sight line that grazes the end J of an open portal may pass where the
 * sweep, for which every touch blocks, casts a shadow. Such a line runs from O through J, so its
 * targets are the cells O + t (dx, dy) beyond J, (dx, dy) the primitive direction of J - O (a
 * centre differs from O by whole cells, and dx, dy are coprime): each is decided by the per-cell
 * test, and counted when the sweep did not count it. Costs the portals times the range. */
static void doorway_fixup(sweep *w, int64_t range)
{
    const gg_scene *s = w->s;
    for (uint32_t k = 0; k < s->wall_slots; ++k) {
        for (int e = 0; e < 2; ++e) {
            gg_hpoint J;
            if (!portal_end(w, k, e, &J))
                continue;
            int64_t dx = (int64_t)J.x - w->O.x, dy = (int64_t)J.y - w->O.y;
            const int64_t g = gcd64(dx, dy);
            if (g == 0)
                continue;
            dx /= g;
            dy /= g;
            for (int64_t t = g / GG__WALL_UNIT + 1;; ++t) {
                const int64_t c = w->v.col + t * dx, r = w->v.row + t * dy;
                if (t * (dx < 0 ? -dx : dx) > range || t * (dy < 0 ? -dy : dy) > range || c < 0 ||
                    r < 0 || c >= s->width || r >= s->height)
                    break;
                const gg_cell P = gg_cell_make((int32_t)c, (int32_t)r);
                const gg_hpoint PC = gg__wall_centre(P);
                /* A wall that stops O -> P also stops every target further out on the ray (it
                 * meets [O, P) at a point other than those targets): the walk ends there. */
                if (gg__segment_hits_wall(s, w->O, PC, w->mask))
                    break;
                if (!gg__walk_blocked(s, w->v, P) &&
                    gg__segment_hits_wall_ex(s, w->O, PC, w->mask, false) &&
                    !seen_before(w, k, e, PC) && (w->keep == NULL || w->keep(w->kctx, P))) {
                    bit_set(w->bits, gg__idx(s, P));
                    w->count++;
                }
            }
        }
    }
}

static void fallback_loop(sweep *w, int64_t range)
{
    const gg_scene *s = w->s;
    int64_t c0 = w->v.col - range, c1 = w->v.col + range, r0 = w->v.row - range,
            r1 = w->v.row + range;
    if (c0 < 0)
        c0 = 0;
    if (r0 < 0)
        r0 = 0;
    if (c1 > s->width - 1)
        c1 = s->width - 1;
    if (r1 > s->height - 1)
        r1 = s->height - 1;
    w->count = 0;
    for (int64_t r = r0; r <= r1; ++r)
        for (int64_t c = c0; c <= c1; ++c) {
            gg_cell cell = gg_cell_make((int32_t)c, (int32_t)r);
            if (gg__line_of_mask(s, w->v, cell, w->mask) &&
                (w->keep == NULL || w->keep(w->kctx, cell))) {
                bit_set(w->bits, gg__idx(s, cell));
                w->count++;
            }
        }
}

void gg__fov_sweep(const gg_scene *s, gg_cell v, int64_t range_cells, uint32_t mask,
                   gg_scratch *scratch, uint64_t *bits, gg__fov_keep_fn keep, void *ctx,
                   const gg__fov_limits *limits, gg__fov_stats *out_stats)
{
    sweep w;
    memset(&w, 0, sizeof w);
    w.s = s;
    w.v = v;
    w.O = gg__wall_centre(v);
    w.mask = mask;
    w.bits = bits;
    w.keep = keep;
    w.kctx = ctx;
    w.have_walls = s->live_walls > 0;
    if (out_stats != NULL)
        memset(out_stats, 0, sizeof *out_stats);

    /* The sweep's shadows are cast by single walls; a LIMITED wall casts none alone and only
     * a second one behind it does, and a PROXIMITY wall's depends on the viewer, so scenes with
     * such walls take the exact per-cell line of sight (wall_index.c) instead. */
    if (s->limited_walls > 0 || s->prox_walls > 0) {
        fallback_loop(&w, range_cells);
        if (out_stats != NULL) {
            out_stats->cells_set = w.count;
            out_stats->fell_back = true;
        }
        return;
    }

    /* A wall through the viewer's centre touches every sight line, its own included (the Nat20
     * rule; under the point rule it takes no part). */
    if (w.have_walls && !s->point_rule && gg__segment_hits_wall(s, w.O, w.O, mask))
        return;
    if (keep == NULL || keep(ctx, v)) {
        bit_set(bits, gg__idx(s, v));
        w.count = 1;
    }

    /* Working memory: the scratch's per-cell planes that path and reach queries only read under
     * a matching stamp (never the stamps themselves), or small stack arrays on tiny maps; the
     * wall-free sweep, which needs no shadow list and no walls, takes them all for its two
     * interval lists. */
    union {
        stack_walls walls;
        oival o[STACK_OIVALS];
    } st;
    uint32_t st_hash[STACK_HASH];
    size_t lim_i = limits ? limits->max_intervals : SIZE_MAX;
    size_t lim_w = limits ? limits->max_walls : SIZE_MAX;
    size_t lim_h = limits ? limits->max_hash : SIZE_MAX;
    region ra = {NULL, 0}, rb = {NULL, 0}, rc = {NULL, 0}, rw = {NULL, 0}, rh = {NULL, 0};
    if (scratch != NULL && scratch->sight != NULL) {
        size_t part[5];
        room_parts(s, part);
        unsigned char *p = scratch->sight;
        region *rs[5] = {&ra, &rb, &rc, &rw, &rh};
        for (int k = 0; k < 5; ++k) {
            rs[k]->p = p;
            rs[k]->left = part[k];
            p += part[k];
        }
    } else if (scratch != NULL && scratch->kcells > 0) {
        size_t n = scratch->kcells;
        ra = (region){(unsigned char *)scratch->queue, n * sizeof *scratch->queue};
        rb = (region){(unsigned char *)scratch->heap_pos, n * sizeof *scratch->heap_pos};
        rc = (region){(unsigned char *)scratch->cost, n * sizeof *scratch->cost / 2};
        rw = (region){(unsigned char *)scratch->cost + rc.left,
                      n * sizeof *scratch->cost - rc.left};
        rh = (region){(unsigned char *)scratch->prev_dir, n * sizeof *scratch->prev_dir};
    }
    /* lit intervals: queue and heap_pos */
    size_t cap = cap_of(region_bytes(&ra) < region_bytes(&rb) ? region_bytes(&ra)
                                                              : region_bytes(&rb),
                        sizeof(ival), lim_i);
    if (cap < STACK_IVALS) {
        w.icap = STACK_IVALS < lim_i ? STACK_IVALS : lim_i;
        w.cur = st.walls.a;
        w.nxt = st.walls.b;
    } else if (w.have_walls) {
        w.icap = cap;
        w.cur = carve(&ra, cap, sizeof(ival));
        w.nxt = carve(&rb, cap, sizeof(ival));
    }
    size_t ocap = cap_of(region_bytes(&ra), sizeof(oival), lim_i);
    if (w.have_walls) {
        /* the walls' sweep (sweep_octant) */
    } else if (ocap < STACK_OIVALS) {
        w.ocap = STACK_OIVALS < lim_i ? STACK_OIVALS : lim_i;
        w.ocur = st.o;
    } else {
        w.ocap = ocap;
        w.ocur = carve(&ra, ocap, sizeof(oival));
    }
    /* shadows of one distance: the first half of cost */
    cap = cap_of(region_bytes(&rc), sizeof(ival), lim_i);
    if (cap < STACK_IVALS) {
        w.scap = STACK_IVALS < lim_i ? STACK_IVALS : lim_i;
        w.shadow = st.walls.sh;
    } else {
        w.scap = cap;
        w.shadow = carve(&rc, cap, sizeof(ival));
    }
    /* walls and their two index lists: the second half of cost */
    cap = cap_of(region_bytes(&rw), sizeof(owall) + 2 * sizeof(uint32_t) + 16, lim_w);
    if (cap < STACK_WALLS) {
        w.wcap = STACK_WALLS < lim_w ? STACK_WALLS : lim_w;
        w.walls = st.walls.w;
        w.live = st.walls.live;
        w.zone = st.walls.zone;
    } else {
        w.wcap = cap;
        w.walls = carve(&rw, cap, sizeof(owall));
        w.live = carve(&rw, cap, sizeof(uint32_t));
        w.zone = carve(&rw, cap, sizeof(uint32_t));
    }
    w.lcap = w.wcap;
    /* examined-wall set: prev_dir */
    size_t hm = 1;
    while (hm * 2 <= region_bytes(&rh) / sizeof(uint32_t))
        hm *= 2;
    if (hm < STACK_HASH) {
        hm = STACK_HASH;
        w.hash = st_hash;
    } else {
        w.hash = carve(&rh, hm, sizeof(uint32_t));
    }
    while (hm > lim_h && hm > 2)
        hm /= 2;
    w.hmax = hm;

    int64_t walls_seen = 0;
    for (int oct = 0; oct < 8 && !w.overflow; ++oct) {
        w.major_x = oct < 4;
        w.sa = (oct & 1) ? -1 : 1;
        w.sb = (oct & 2) ? -1 : 1;
        if (w.have_walls)
            sweep_octant(&w, range_cells);
        else
            sweep_open(&w, range_cells);
        walls_seen += w.walls_seen;
        w.walls_seen = 0;
    }
    if (w.overflow) {
        fallback_loop(&w, range_cells);
        w.reach = range_cells;
    } else if (s->point_rule && s->portal_walls > 0) {
        doorway_fixup(&w, range_cells);
        w.reach = range_cells; /* the fixup may set cells anywhere within the range */
    }
    if (out_stats != NULL) {
        out_stats->cells_set = w.count;
        out_stats->fell_back = w.overflow;
        out_stats->walls_seen = walls_seen;
        out_stats->reach = w.reach;
    }
}

size_t gg_scene_bitset_words(const gg_scene *scene)
{
    return scene == NULL ? 0 : (scene->ncells + 63u) / 64u;
}

gg_status gg__fov_check(const gg_scene *scene, gg_cell viewer, int64_t range_ft,
                        gg_bitset_mode mode, const gg_scratch *scratch, uint64_t *bits,
                        size_t words, int64_t *out_range)
{
    if (scene == NULL || bits == NULL || range_ft < 0 ||
        (scratch != NULL && !gg__scratch_fits(scratch, scene)) ||
        (mode != GG_BITSET_REPLACE && mode != GG_BITSET_UNION && mode != GG_BITSET_REPLACE_TRACKED))
        return GG_E_INVALID_ARG;
    if (words < gg_scene_bitset_words(scene))
        return GG_E_BUFFER_TOO_SMALL;
    if (!gg__in(scene, viewer))
        return GG_E_OUT_OF_BOUNDS;
    size_t all = gg_scene_bitset_words(scene);
    if (mode == GG_BITSET_REPLACE_TRACKED && scratch != NULL && scratch->fov_bits == bits &&
        scratch->fov_words == words)
        memset(bits + scratch->fov_w0, 0, (scratch->fov_w1 - scratch->fov_w0) * sizeof *bits);
    else if (mode != GG_BITSET_UNION)
        memset(bits, 0, all * sizeof *bits);
    int64_t side = scene->width > scene->height ? scene->width : scene->height;
    int64_t r = range_ft / scene->cell_size_ft;
    *out_range = r < side ? r : side;
    return GG_OK;
}

void gg__fov_note(gg_scratch *scratch, const gg_scene *scene, gg_bitset_mode mode,
                  const uint64_t *bits, size_t words, gg_cell viewer, int64_t reach)
{
    if (scratch == NULL)
        return;
    /* The answer lies in the rows within `reach` of the viewer: the words covering them. */
    int64_t r0 = (int64_t)viewer.row - reach, r1 = (int64_t)viewer.row + reach;
    r0 = r0 < 0 ? 0 : r0;
    r1 = r1 >= scene->height ? scene->height - 1 : r1;
    size_t w0 = (size_t)r0 * (size_t)scene->width / 64u;
    size_t w1 = ((size_t)r1 + 1u) * (size_t)scene->width;
    w1 = (w1 + 63u) / 64u;
    bool same = scratch->fov_bits == bits && scratch->fov_words == words;
    if (mode == GG_BITSET_UNION) {
        /* Bits added to a recorded bitset widen its record; any other bitset has none, so its
         * next tracked call clears it in full. */
        if (same) {
            scratch->fov_w0 = w0 < scratch->fov_w0 ? w0 : scratch->fov_w0;
            scratch->fov_w1 = w1 > scratch->fov_w1 ? w1 : scratch->fov_w1;
        }
        return;
    }
    /* Replaced: only this answer is in the bitset now. */
    scratch->fov_bits = bits;
    scratch->fov_words = words;
    scratch->fov_w0 = w0;
    scratch->fov_w1 = w1;
}

gg_status gg_scene_visible_cells(const gg_scene *scene, gg_scratch *scratch, gg_cell viewer,
                                 int32_t range_ft, gg_bitset_mode mode, uint64_t *bits,
                                 size_t words, int32_t *out_count)
{
    if (out_count != NULL)
        *out_count = 0;
    int64_t range = 0;
    gg_status st = gg__fov_check(scene, viewer, range_ft, mode, scratch, bits, words, &range);
    if (st != GG_OK)
        return st;
    gg__fov_stats stats;
    gg__fov_sweep(scene, viewer, range, (uint32_t)GG_BLOCKS_SIGHT, scratch, bits, NULL, NULL, NULL,
                  &stats);
    gg__fov_note(scratch, scene, mode, bits, words, viewer, stats.reach);
    if (out_count != NULL)
        *out_count = (int32_t)stats.cells_set;
    return GG_OK;
}
