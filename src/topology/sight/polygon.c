/* polygon.c - the visibility polygon: the exact region a point sees among the walls
 * (docs/vision.md, "The visibility polygon"). Layer: topology.
 *
 * The walls near the viewer V are gathered from the wall index (within the radius, or in a box
 * of the index grown until the polygon closes inside it), moved so that V is the origin and
 * oriented counter-clockwise around it. Their endpoints are sorted by exact angle (half plane,
 * then the sign of a 64-bit cross product); between two consecutive endpoint directions the set
 * of walls a ray crosses is fixed, and the boundary is the "stopping" wall of that set: the first
 * full wall or the second LIMITED one along the ray. Inside such an interval the stopping wall
 * changes only where another wall crosses it; those crossings are found along the stopping wall's
 * line and ordered by their parameter on it, a ratio of 64-bit cross products compared in 128
 * bits. Every decision is exact (integers on the 1/1024 wall lattice, relative coordinates below
 * 2^28); only the vertices written out are rounded, once each. */
#include <math.h>
#include <stddef.h>
#include <string.h>

#include "topology/scene/wall_index.h"
#include "topology/sight/polygon_internal.h"

#if !defined(__SIZEOF_INT128__)
#error "the visibility polygon needs a 128-bit integer type (gcc or clang)"
#endif
__extension__ typedef __int128 i128;

/* Relative coordinates must stay below this (wall units) for the 128-bit comparisons. */
#define REL_LIMIT ((int64_t)1 << 28)
/* The first box of the unlimited sweep: this many cells each side of the viewer. */
#define FIRST_RING 16
/* ... unless it holds more than 1/WHOLE_MAP of the map's area: then the box is the map. */
#define WHOLE_MAP 8

/* ---- Which walls take part ------------------------------------------------------------------ */

int gg__wall_part(const gg_scene *s, const gg__wall *w, gg_hpoint v, uint32_t mask, int32_t eye)
{
    return gg__wall_part_inline(s, w, v, mask, eye);
}

/* ---- Exact geometry, the viewer at the origin ------------------------------------------------ */

typedef struct pw {
    int64_t ax, ay, ex, ey; /* the wall from a to a + e, counter-clockwise around the viewer */
    int64_t num;            /* cross(a, e) > 0: the distance along a ray d is num / cross(d, e) */
    uint32_t id;            /* tie-break between walls on one line */
    uint8_t weight;         /* GG__PART_LIMITED or GG__PART_FULL */
    uint8_t artificial;     /* an edge of the growing box, not a wall */
    int32_t ca, cb;         /* angle classes of a and of a + e */
    int32_t pos;            /* in the sweep: index in the active array, -1 when not active
                             * (sweep_walls() sets it); before: the culling's distance class,
                             * -2 for a dropped wall */
    double pa, pb;          /* pseudo-angles of a and of a + e (pseudo_angle()), computed once */
} pw;

typedef struct ep {
    double key;   /* pseudo-angle, for a fast first sort */
    int32_t x, y; /* the endpoint (relative coordinates stay below REL_LIMIT) */
    int32_t wall; /* pw index */
    int32_t is_b; /* the wall's counter-clockwise end */
} ep;

static inline int64_t cross64(int64_t ax, int64_t ay, int64_t bx, int64_t by)
{
    return ax * by - ay * bx;
}

static inline int half_of(int64_t x, int64_t y) { return (y > 0 || (y == 0 && x > 0)) ? 0 : 1; }

/* Exact order of directions by angle in [0, 2 pi) from +x towards +y: -1, 0, 1. */
static int angle_cmp(int64_t x1, int64_t y1, int64_t x2, int64_t y2)
{
    const int h1 = half_of(x1, y1), h2 = half_of(x2, y2);
    if (h1 != h2)
        return h1 < h2 ? -1 : 1;
    const int64_t c = cross64(x1, y1, x2, y2);
    return c > 0 ? -1 : (c < 0 ? 1 : 0);
}

/* A monotone stand-in for the angle in [0, 4), up to rounding. */
static double pseudo_angle(int64_t ix, int64_t iy)
{
    const double x = (double)ix, y = (double)iy;
    if (y >= 0 && !(y == 0 && x < 0))
        return x >= 0 ? y / (x + y) : 1.0 - x / (y - x);
    return x < 0 ? 2.0 - y / (-x - y) : 3.0 + x / (x - y);
}

static inline bool same_line(const pw *p, const pw *q)
{
    return cross64(p->ex, p->ey, q->ex, q->ey) == 0 &&
           cross64(q->ax - p->ax, q->ay - p->ay, p->ex, p->ey) == 0;
}

/* p is nearer than q along the ray d, or they meet there and p is nearer just after it, or they
 * lie on one line and p's id is lower: the order the sweep keeps just after direction d. */
static bool less_at(const pw *p, const pw *q, int64_t dx, int64_t dy)
{
    const int64_t dp = cross64(dx, dy, p->ex, p->ey), dq = cross64(dx, dy, q->ex, q->ey);
    const i128 l = (i128)p->num * dq, r = (i128)q->num * dp;
    if (l != r)
        return l < r;
    const int64_t c = cross64(q->ex, q->ey, p->ex, p->ey);
    if (c != 0)
        return c > 0;
    return p->id < q->id;
}

/* Two walls through one point: p is nearer than q just after it (counter-clockwise). */
static bool less_after(const pw *p, const pw *q)
{
    const int64_t c = cross64(q->ex, q->ey, p->ex, p->ey);
    if (c != 0)
        return c > 0;
    return p->id < q->id;
}

typedef struct rat {
    int64_t n, d; /* d > 0 */
} rat;

static inline int rat_cmp(rat a, rat b)
{
    const i128 l = (i128)a.n * b.d, r = (i128)b.n * a.d;
    return (l > r) - (l < r);
}

/* The parameter t of the point a + t e of line L on the ray d (d within L's span). */
static rat param_on_ray(const pw *L, int64_t dx, int64_t dy)
{
    rat t = {cross64(L->ax, L->ay, dx, dy), cross64(dx, dy, L->ex, L->ey)};
    if (t.d < 0) {
        t.n = -t.n;
        t.d = -t.d;
    }
    return t;
}

/* The parameter on line L where line Z crosses it; d = 0 when they are parallel. */
static rat param_of_crossing(const pw *L, const pw *Z)
{
    rat t = {cross64(Z->ex, Z->ey, Z->ax - L->ax, Z->ay - L->ay),
             cross64(Z->ex, Z->ey, L->ex, L->ey)};
    if (t.d < 0) {
        t.n = -t.n;
        t.d = -t.d;
    }
    return t;
}

/* ---- Merge sort without allocation ------------------------------------------------------------ */

/* Rounded pseudo-angles this close may belong to directions in either order, or equal ones. */
#define KEY_NEAR 1e-12

/* More endpoints than this go through buckets of their key (the pseudo-angle, in [0, 4)) ... */
#define SORT_BUCKET_MIN 4
/* ... twice as many buckets as endpoints, up to this many (`count` holds SORT_BUCKETS + 1) ... */
#define SORT_BUCKETS 256
/* ... unless a bucket gets more than this many: then the merge sort (no quadratic case). */
#define SORT_BUCKET_MAX 64

/* Stable sort of a[0, n) by key into tmp through buckets: one counting pass (which keeps each
 * endpoint's bucket in bk[] for the scatter), one scatter, and an insertion sort that moves each
 * endpoint only within its bucket. Returns false (nothing done) when a bucket is too full, so
 * that many endpoints in one narrow angle cost no n^2. */
static bool bucket_sort_eps(const ep *a, ep *tmp, size_t n, uint32_t *count, uint8_t *bk)
{
    const size_t nb = 2 * n < SORT_BUCKETS ? 2 * n : SORT_BUCKETS;
    const double scale = (double)nb / 4.0;
    memset(count, 0, (nb + 1) * sizeof *count);
    for (size_t i = 0; i < n; ++i) {
        size_t b = (size_t)(a[i].key * scale);
        b = b < nb ? b : nb - 1;
        bk[i] = (uint8_t)b; /* for the scatter below */
        if (++count[b + 1] > SORT_BUCKET_MAX)
            return false;
    }
    for (size_t b = 1; b <= nb; ++b)
        count[b] += count[b - 1];
    for (size_t i = 0; i < n; ++i)
        tmp[count[bk[i]]++] = a[i];
    for (size_t i = 1; i < n; ++i) {
        if (!(tmp[i].key < tmp[i - 1].key))
            continue;
        const ep e = tmp[i];
        size_t j = i;
        while (j > 0 && e.key < tmp[j - 1].key) {
            tmp[j] = tmp[j - 1];
            --j;
        }
        tmp[j] = e;
    }
    return true;
}

/* Stable merge sort by key, alternating between the two arrays; returns the one holding it. */
static ep *merge_sort_eps(ep *a, ep *tmp, size_t n)
{
    for (size_t w = 1; w < n; w *= 2) {
        for (size_t lo = 0; lo < n; lo += 2 * w) {
            size_t mid = lo + w < n ? lo + w : n, hi = lo + 2 * w < n ? lo + 2 * w : n;
            size_t i = lo, j = mid, k = lo;
            while (i < mid && j < hi)
                tmp[k++] = a[j].key < a[i].key ? a[j++] : a[i++];
            while (i < mid)
                tmp[k++] = a[i++];
            while (j < hi)
                tmp[k++] = a[j++];
        }
        ep *t = a;
        a = tmp;
        tmp = t;
    }
    return a;
}

/* Sorts by exact angle: a stable sort on the rounded keys (buckets, or a merge sort), then an
 * insertion pass that compares exactly only where keys are near (it moves little). Both sorts
 * give the same order, so the polygon does not depend on which one ran. `count` and `bk` (a
 * byte per endpoint) are scratch for the buckets. Returns the array that holds the result. */
static ep *sort_eps(ep *a, ep *tmp, size_t n, uint32_t *count, uint8_t *bk)
{
    if (n > SORT_BUCKET_MIN && bucket_sort_eps(a, tmp, n, count, bk))
        a = tmp;
    else
        a = merge_sort_eps(a, tmp, n);
    for (size_t i = 1; i < n; ++i) {
        if (a[i].key - a[i - 1].key > KEY_NEAR)
            continue;
        ep e = a[i];
        size_t j = i;
        while (j > 0 && e.key - a[j - 1].key <= KEY_NEAR &&
               angle_cmp(e.x, e.y, a[j - 1].x, a[j - 1].y) < 0) {
            a[j] = a[j - 1];
            --j;
        }
        a[j] = e;
    }
    return a;
}

/* Two sorted endpoints point the same way. */
static inline bool same_dir(const ep *p, const ep *q)
{
    return q->key - p->key <= KEY_NEAR && angle_cmp(p->x, p->y, q->x, q->y) == 0;
}

/* ---- Occlusion culling ---------------------------------------------------------------------------
 * On open maps most gathered walls lie wholly behind nearer full walls and never bound the
 * polygon, yet sorting and sweeping them cost as much as everything else. Before the sweep, the
 * full walls mark a fixed set of angular bins (equal steps of the pseudo-angle, whose boundary
 * directions are exact in doubles) with an upper bound on their distance over the whole bin; a
 * wall whose every bin is covered closer than its own nearest point is hidden on every ray that
 * meets it (strictly behind a full wall that stops the line), so it is never the stopping wall,
 * never a limited wall before it, and never crosses one: dropping it leaves the polygon exactly
 * as it was. Only the decision to drop is made in doubles, with margins far above their rounding,
 * so a doubtful wall is kept; the sweep itself stays exact. Two walls meeting at one point (or at
 * endpoints in one exact direction) cover the bin of their joint together: each records the part
 * of the bin it covers from its own side, and the exact angle order of the two ends decides. */
#define CULL_BINS 256   /* a power of two: the boundary directions are exact */
#define CULL_CHUNK 8    /* bins sharing one distance bound in cover_add() */
#define CULL_MIN 24     /* fewer walls than this are swept as they are (rooms) */
#define CULL_EPS 1e-9   /* pseudo-angle margin, far above its rounding (~1e-15) */
#define CULL_REL 1e-6   /* relative margin on squared distances */
#define CULL_ABS 1024.0 /* absolute margin on squared distances (wall units squared) */

typedef struct cbin {
    double lo_d, hi_d;      /* squared distance beyond which the covered part from the lower /
                             * upper boundary is hidden */
    int32_t lx, ly, hx, hy; /* where the lower part ends and the upper part begins */
} cbin;

/* The bins: `full` apart from the parts, so that the loops over runs of bins read and write
 * consecutive doubles (the compiler's vector minimum). */
typedef struct cover {
    double full[CULL_BINS]; /* squared distance beyond which the whole bin is hidden */
    cbin part[CULL_BINS];
} cover;

/* pa is a pseudo-angle (in [0, 4)) moved by at most CULL_EPS: the conversion truncates towards
 * zero, so a value just below 0 gives bin 0 and only the top needs a clamp. */
static inline int32_t bin_of(double pa)
{
    const int32_t k = (int32_t)(pa * (CULL_BINS / 4.0));
    return k < CULL_BINS ? k : CULL_BINS - 1;
}

/* The direction of bin boundary k (pseudo-angle 4k / CULL_BINS), exact: a table, built by the
 * compiler from the same exact expressions (t = (k mod 64) / 64 and 1 - t, -t, t - 1 are exact
 * in doubles), since cover_add() needs one for every run of bins. */
_Static_assert(CULL_BINS == 256, "bin_dirs[] is written out for 256 bins");
#define BD_T(k) ((double)((k) % 64) / 64)
#define BD_X(k) ((k) < 64 ? 1 - BD_T(k) : (k) < 128 ? -BD_T(k) : (k) < 192 ? BD_T(k) - 1 : BD_T(k))
#define BD_Y(k) ((k) < 64 ? BD_T(k) : (k) < 128 ? 1 - BD_T(k) : (k) < 192 ? -BD_T(k) : BD_T(k) - 1)
#define BD1(k)                                                                                     \
    {                                                                                              \
        BD_X(k), BD_Y(k)                                                                           \
    }
#define BD4(k) BD1(k), BD1((k) + 1), BD1((k) + 2), BD1((k) + 3)
#define BD16(k) BD4(k), BD4((k) + 4), BD4((k) + 8), BD4((k) + 12)
#define BD64(k) BD16(k), BD16((k) + 16), BD16((k) + 32), BD16((k) + 48)
static const double bin_dirs[CULL_BINS][2] = {BD64(0), BD64(64), BD64(128), BD64(192)};
#undef BD64
#undef BD16
#undef BD4
#undef BD1
#undef BD_Y
#undef BD_X
#undef BD_T

/* An upper bound on the squared distance to wall p along boundary k's ray (infinite when the
 * ray may miss the wall's line in front: the cross product's rounding is bounded first). */
static inline double ray_d2_up(const pw *p, int32_t k)
{
    const double dx = bin_dirs[k & (CULL_BINS - 1)][0], dy = bin_dirs[k & (CULL_BINS - 1)][1];
    const double p1 = dx * (double)p->ey, p2 = dy * (double)p->ex;
    const double c = (p1 - p2) - 1e-15 * (fabs(p1) + fabs(p2));
    if (!(c > 0))
        return HUGE_VAL;
    const double s = (double)p->num / c;
    return (s * s * (dx * dx + dy * dy)) * (1 + CULL_REL) + CULL_ABS;
}

static inline double end_d2_up(int64_t x, int64_t y)
{
    return ((double)x * (double)x + (double)y * (double)y) * (1 + CULL_REL) + CULL_ABS;
}

static inline void bin_join(cover *cv, int32_t k)
{
    const cbin *b = &cv->part[k];
    if (b->lo_d < HUGE_VAL && b->hi_d < HUGE_VAL && angle_cmp(b->lx, b->ly, b->hx, b->hy) >= 0) {
        const double d = b->lo_d > b->hi_d ? b->lo_d : b->hi_d;
        if (d < cv->full[k])
            cv->full[k] = d;
    }
}

/* Marks the bins the full wall p covers. */
static void cover_add(cover *cv, const pw *p)
{
    const int64_t bx = p->ax + p->ex, by = p->ay + p->ey;
    const double pa = p->pa, pb = p->pb;
    const int32_t ka0 = bin_of(pa - CULL_EPS), ka1 = bin_of(pa + CULL_EPS);
    const int32_t kb0 = bin_of(pb - CULL_EPS), kb1 = bin_of(pb + CULL_EPS);
    const int32_t n = ((kb0 - ka1 + CULL_BINS) & (CULL_BINS - 1)) - 1; /* whole bins between */
    if (n < 0 || n > CULL_BINS / 2 + 1)
        return; /* within one bin (or a pseudo-angle at the seam): no whole bin */
    /* The distance to a line over a range of directions is largest at one of its ends: one
     * bound for each run of CULL_CHUNK bins. The runs cover the bins strictly between the ends'
     * bins, so their order with the ends' bins below does not matter. */
    const double d_a = ray_d2_up(p, ka1 + 1);
    double d0 = d_a;
    for (int32_t j = 0; j < n; j += CULL_CHUNK) {
        const int32_t c = n - j < CULL_CHUNK ? n - j : CULL_CHUNK;
        const double d1 = ray_d2_up(p, ka1 + 1 + j + c);
        const double d = d0 > d1 ? d0 : d1;
        const int32_t k = (ka1 + 1 + j) & (CULL_BINS - 1);
        double *f = cv->full;
        if (k + c <= CULL_BINS) {
            for (int32_t i = k; i < k + c; ++i)
                f[i] = d < f[i] ? d : f[i];
        } else {
            for (int32_t i = 0; i < c; ++i) {
                const int32_t q = (k + i) & (CULL_BINS - 1);
                f[q] = d < f[q] ? d : f[q];
            }
        }
        d0 = d1;
    }
    /* d0 is now the bound on boundary kb0 (ka1 + 1 + n): the last run ended there. */
    if (ka0 == ka1 && kb0 == kb1) { /* the ends' own bins, from each end to the far boundary */
        cbin *a = &cv->part[ka1];
        const double da = fmax(end_d2_up(p->ax, p->ay), d_a);
        if (a->hi_d == HUGE_VAL || angle_cmp(p->ax, p->ay, a->hx, a->hy) < 0 ||
            (angle_cmp(p->ax, p->ay, a->hx, a->hy) == 0 && da < a->hi_d)) {
            a->hi_d = da;
            a->hx = (int32_t)p->ax;
            a->hy = (int32_t)p->ay;
            bin_join(cv, ka1);
        }
        cbin *b = &cv->part[kb0];
        const double db = fmax(end_d2_up(bx, by), d0);
        if (b->lo_d == HUGE_VAL || angle_cmp(bx, by, b->lx, b->ly) > 0 ||
            (angle_cmp(bx, by, b->lx, b->ly) == 0 && db < b->lo_d)) {
            b->lo_d = db;
            b->lx = (int32_t)bx;
            b->ly = (int32_t)by;
            bin_join(cv, kb0);
        }
    }
}

/* The squared distance from the viewer to wall p's nearest point, rounded down with margins
 * (0 when it may touch the viewer). */
static double near_d2_down(const pw *p)
{
    const double ax = (double)p->ax, ay = (double)p->ay, ex = (double)p->ex, ey = (double)p->ey;
    /* t = num / den clamped to [0, 1]; the division only when it is not clamped (most walls
     * are nearest at an end). The same doubles: a clamped t is exactly 0 or 1, and a + 0 e = a,
     * a + 1 e = a + e. */
    const double num = -(ax * ex + ay * ey), den = ex * ex + ey * ey;
    double cx = ax, cy = ay;
    if (num >= den) {
        cx = ax + ex;
        cy = ay + ey;
    } else if (num > 0) {
        const double t = num / den;
        cx = ax + t * ex;
        cy = ay + t * ey;
    }
    const double d = (cx * cx + cy * cy) * (1 - CULL_REL) - CULL_ABS;
    return d > 0 ? d : 0;
}

/* Wall p, nearest at squared distance dmin (rounded down), is hidden: every bin it may meet is
 * covered closer. */
static bool cover_hides(const cover *cv, const pw *p, double dmin)
{
    if (!(dmin > 0))
        return false;
    const double pa = p->pa, pb = p->pb;
    const int32_t k0 = bin_of(pa - CULL_EPS), k1 = bin_of(pb + CULL_EPS);
    const int32_t n = ((k1 - k0 + CULL_BINS) & (CULL_BINS - 1)) + 1;
    if (pa - CULL_EPS < 0 || pb + CULL_EPS >= 4 || n > CULL_BINS / 2 + 2)
        return false; /* at the seam of the pseudo-angle: keep it */
    for (int32_t j = 0; j < n; ++j)
        if (!(cv->full[(k0 + j) & (CULL_BINS - 1)] < dmin))
            return false;
    return true;
}

#define CULL_RINGS 256 /* distance classes for the near-to-far order */

/* Drops the gathered walls w[0, m) that are hidden (see above), keeping the others in order.
 * The walls are visited from near to far (by distance class): a wall can only be hidden by
 * nearer ones, and a hidden wall would cover nothing new, so only visible full walls are added
 * to the bins. `d2` and `order` hold m values each, `count` CULL_RINGS + 1. */
static void bins_clear(cover *cv)
{
    /* A part's end point is read only once its distance is finite (cover_add(), bin_join()). */
    for (int32_t k = 0; k < CULL_BINS; ++k)
        cv->full[k] = cv->part[k].lo_d = cv->part[k].hi_d = HUGE_VAL;
}

/* The bins may already hold walls of a smaller box (collect()): they are real full walls, so
 * their cover stays true; the order only decides how much is dropped, never what is kept. */
static int32_t cull_hidden(cover *bins, pw *w, int32_t m, double *d2, uint32_t *order,
                           uint32_t *count)
{
    double far = 0;
    for (int32_t i = 0; i < m; ++i) {
        d2[i] = near_d2_down(&w[i]);
        far = d2[i] > far ? d2[i] : far;
    }
    const double scale = far > 0 ? (CULL_RINGS - 1) / sqrt(far) : 0;
    memset(count, 0, (CULL_RINGS + 1) * sizeof *count);
    for (int32_t i = 0; i < m; ++i) { /* w[i].pos is free until the sweep: the class, for now */
        const int32_t c = (int32_t)(sqrt(d2[i]) * scale);
        w[i].pos = c < CULL_RINGS - 1 ? c : CULL_RINGS - 1;
        count[w[i].pos + 1]++;
    }
    for (int32_t c = 1; c <= CULL_RINGS; ++c)
        count[c] += count[c - 1];
    /* A stable counting sort by class (the class stays in pos: only -2 means dropped). */
    for (int32_t i = 0; i < m; ++i)
        order[count[w[i].pos]++] = (uint32_t)i;
    for (int32_t k = 0; k < m; ++k) {
        pw *p = &w[order[k]];
        if (cover_hides(bins, p, d2[order[k]]))
            p->pos = -2;
        else if (p->weight == GG__PART_FULL)
            cover_add(bins, p);
    }
    int32_t n = 0;
    for (int32_t i = 0; i < m; ++i)
        if (w[i].pos != -2)
            w[n++] = w[i];
    return n;
}

/* ---- Working memory ---------------------------------------------------------------------------- */

/* The work memory: a bitmap with one bit per wall slot (so gathering a wall found in several
 * buckets costs one test, not a sort), the walls gathered, their endpoints (and as much again for
 * sorting) and the active set. The bitmap is cleared at the start of every call: the memory is
 * the caller's, and nothing in it can be trusted from an earlier call (a buffer freed and
 * allocated again may hold an old call's state over other data). Clearing costs one bit per
 * wall slot, a 2.5 KB memset for 20,000 walls. */

typedef struct layout {
    size_t words, mmax;
    size_t off_bits, off_ids, off_pw, off_ep, off_ept, off_act, off_bins, off_d2, off_ord;
    size_t off_stack, stack_cap, total;
} layout;

static size_t align16(size_t n) { return (n + 15) & ~(size_t)15; }

_Static_assert(SORT_BUCKETS <= CULL_RINGS, "the endpoint buckets use the culling's counts");
_Static_assert(SORT_BUCKETS <= 256, "an endpoint's bucket is kept in a byte");

static layout layout_for(const gg_scene *s)
{
    layout l;
    l.words = ((size_t)s->wall_slots + 63) / 64;
    l.mmax = (size_t)s->wall_slots + 8;
    l.off_bits = 0;
    l.off_ids = align16(l.off_bits + l.words * sizeof(uint64_t));
    l.off_pw = align16(l.off_ids + l.mmax * sizeof(uint32_t));
    l.off_ep = align16(l.off_pw + l.mmax * sizeof(pw));
    l.off_ept = align16(l.off_ep + (2 * l.mmax + 8) * sizeof(ep));
    l.off_act = align16(l.off_ept + (2 * l.mmax + 8) * sizeof(ep));
    l.off_bins = align16(l.off_act + l.mmax * sizeof(uint32_t));
    l.off_d2 = align16(l.off_bins + sizeof(cover));
    l.off_ord = align16(l.off_d2 + l.mmax * sizeof(double));
    l.off_stack = align16(l.off_ord + (l.mmax + CULL_RINGS + 1) * sizeof(uint32_t));
    /* The expansion's stack: the first cones (at most one per triangle around the viewer) and,
     * depth first, one waiting cone per cone on the current path: those cones nest, so one ray
     * inside the deepest crosses all their triangles, each once (a triangle is convex): at most
     * the mesh's triangles. */
    l.stack_cap = 2 * (size_t)s->mesh.nt + 16;
    l.total = align16(l.off_stack + l.stack_cap * sizeof(gg__xcone));
    return l;
}

gg_status gg_scene_polygon_work_bytes(const gg_scene *scene, size_t *out_bytes)
{
    if (out_bytes != NULL)
        *out_bytes = 0;
    if (scene == NULL || out_bytes == NULL)
        return GG_E_INVALID_ARG;
    *out_bytes = layout_for(scene).total;
    return GG_OK;
}

/* ---- The sweep ----------------------------------------------------------------------------------- */

typedef struct sweep {
    const gg_scene *s;
    gg_hpoint v;
    uint32_t mask;
    int32_t eye; /* GG__HEIGHT_UNIT per foot */
    uint32_t *ids, *act;
    uint64_t *bits; /* one per wall slot, clear between calls */
    pw *w;
    ep *e, *et;
    cover *bins; /* occlusion culling: the bins, distances, order and its counts */
    double *d2;
    uint32_t *order, *count;
    bool culled;  /* the bins hold the full walls kept so far */
    size_t g;     /* wall ids gathered so far in this call (their bits stay set) */
    int32_t kept; /* w[0, kept): the walls of the smaller boxes that survived the culling */
    int32_t m, nact;
    int32_t nlimited; /* active limited walls */
    clip_state *clip;
    bool hit_box; /* the boundary touched an edge of the box somewhere */
} sweep;

/* Appends the wall a-b (absolute wall units) if it takes part; GG_E_TOO_LARGE past REL_LIMIT. */
static inline gg_status add_pw(sweep *sw, gg_hpoint a, gg_hpoint b, int weight, uint32_t id,
                               bool artificial)
{
    int64_t ax = (int64_t)a.x - sw->v.x, ay = (int64_t)a.y - sw->v.y;
    int64_t bx = (int64_t)b.x - sw->v.x, by = (int64_t)b.y - sw->v.y;
    if (ax >= REL_LIMIT || ax <= -REL_LIMIT || ay >= REL_LIMIT || ay <= -REL_LIMIT ||
        bx >= REL_LIMIT || bx <= -REL_LIMIT || by >= REL_LIMIT || by <= -REL_LIMIT)
        return GG_E_TOO_LARGE;
    const int64_t c = cross64(ax, ay, bx, by);
    if (c == 0)
        return GG_OK; /* a point, or on a line through the viewer: it hides no area */
    if (c < 0) {
        int64_t t = ax;
        ax = bx;
        bx = t;
        t = ay;
        ay = by;
        by = t;
    }
    pw *p = &sw->w[sw->m++];
    p->ax = ax;
    p->ay = ay;
    p->ex = bx - ax;
    p->ey = by - ay;
    p->num = cross64(ax, ay, p->ex, p->ey);
    p->id = id;
    p->weight = (uint8_t)weight;
    p->artificial = artificial ? 1u : 0u; /* pos: set by the culling, then by the sweep */
    p->pa = pseudo_angle(ax, ay);
    p->pb = pseudo_angle(bx, by);
    return GG_OK;
}

static inline void gather(sweep *sw, uint32_t id, size_t *g)
{
    uint64_t *w = &sw->bits[id >> 6];
    const uint64_t bit = (uint64_t)1 << (id & 63);
    if ((*w & bit) == 0) {
        *w |= bit;
        sw->ids[(*g)++] = id;
    }
}

/* A wall is in every bucket near its points, so a box holding most of the map meets each wall
 * many times over: past as many expected items as walls, one pass over the walls by their
 * bounding boxes is cheaper (and finds a superset of the same walls: those that may meet the
 * box). */
static bool scan_all_walls(const sweep *sw, int64_t x0, int64_t y0, int64_t x1, int64_t y1)
{
    const gg__wall_index *ix = &sw->s->index;
    if (!ix->built)
        return false;
    const int64_t size = (int64_t)GG__WALL_UNIT << ix->bucket_shift;
    int64_t i0 = x0 / size, i1 = x1 / size, j0 = y0 / size, j1 = y1 / size;
    i1 = i1 >= ix->bw ? ix->bw - 1 : i1;
    j1 = j1 >= ix->bh ? ix->bh - 1 : j1;
    const size_t nb = (size_t)ix->bw * (size_t)ix->bh;
    return (double)((i1 - i0 + 1) * (j1 - j0 + 1)) * (double)ix->start[nb] >
           (double)nb * (double)sw->s->wall_slots;
}

/* Wall `id` may meet the box [x0, x1] x [y0, y1] (its bounding box does). */
static inline bool wall_meets_box(const gg__wall *w, int64_t x0, int64_t y0, int64_t x1, int64_t y1)
{
    return (w->a.x >= x0 || w->b.x >= x0) && (w->a.x <= x1 || w->b.x <= x1) &&
           (w->a.y >= y0 || w->b.y >= y0) && (w->a.y <= y1 || w->b.y <= y1);
}

static void gather_bucket_range(sweep *sw, int64_t x0, int64_t y0, int64_t x1, int64_t y1,
                                size_t *g)
{
    const gg__wall_index *ix = &sw->s->index;
    if (!ix->built) {
        for (uint32_t k = 0; k < ix->pending_count; ++k)
            gather(sw, ix->pending[k], g);
        return;
    }
    /* The pending walls are among the walls scanned; bits are set, as below, so that a larger
     * box of the same call does not take them again. */
    if (scan_all_walls(sw, x0, y0, x1, y1)) {
        for (uint32_t id = 0; id < sw->s->wall_slots; ++id)
            if (wall_meets_box(&sw->s->walls[id], x0, y0, x1, y1))
                gather(sw, id, g);
        return;
    }
    const int64_t size = (int64_t)GG__WALL_UNIT << ix->bucket_shift;
    int64_t i0 = x0 / size, i1 = x1 / size, j0 = y0 / size, j1 = y1 / size;
    i1 = i1 >= ix->bw ? ix->bw - 1 : i1;
    j1 = j1 >= ix->bh ? ix->bh - 1 : j1;
    for (uint32_t k = 0; k < ix->pending_count; ++k)
        gather(sw, ix->pending[k], g);
    for (int64_t j = j0; j <= j1; ++j)
        for (int64_t i = i0; i <= i1; ++i) {
            const size_t b = (size_t)j * (size_t)ix->bw + (size_t)i;
            for (uint32_t k = ix->start[b]; k < ix->start[b + 1]; ++k)
                gather(sw, ix->items[k], g);
        }
}

/* Appends wall `id` if it takes part for the viewer (and, `r2` > 0, may meet that disc). */
static inline gg_status take_wall(sweep *sw, uint32_t id, double r2)
{
    const gg__wall *w = &sw->s->walls[id];
    const int part = gg__wall_part_inline(sw->s, w, sw->v, sw->mask, sw->eye);
    if (part == GG__PART_NONE)
        return GG_OK;
    if (r2 > 0) { /* the closest point of the wall, in doubles, with a margin */
        const double ax = (double)w->a.x - sw->v.x, ay = (double)w->a.y - sw->v.y;
        const double ex = (double)w->b.x - w->a.x, ey = (double)w->b.y - w->a.y;
        const double ee = ex * ex + ey * ey;
        double t = ee > 0 ? -(ax * ex + ay * ey) / ee : 0;
        t = t < 0 ? 0 : (t > 1 ? 1 : t);
        const double cx = ax + t * ex, cy = ay + t * ey;
        if (cx * cx + cy * cy > r2 * (1 + 1e-9) + 4)
            return GG_OK;
    }
    return add_pw(sw, w->a, w->b, part, id, false);
}

/* The map's edges, full walls (numbered after the wall slots). */
static void add_map_edges(sweep *sw)
{
    const int32_t W = sw->s->width * GG__WALL_UNIT, H = sw->s->height * GG__WALL_UNIT;
    const gg_hpoint c[4] = {{0, 0}, {W, 0}, {W, H}, {0, H}};
    for (int k = 0; k < 4; ++k)
        (void)add_pw(sw, c[k], c[(k + 1) % 4], GG__PART_FULL, sw->s->wall_slots + (uint32_t)k,
                     false);
}

/* The walls sw->ids[0, n) (the expansion's list: polygon_expand.c) and the map's edges, culled
 * as collect() culls; `r2` > 0: drop walls wholly outside that disc. */
static gg_status collect_list(sweep *sw, size_t n, double r2)
{
    sw->m = 0;
    for (size_t k = 0; k < n; ++k) {
        gg_status st = take_wall(sw, sw->ids[k], r2);
        if (st != GG_OK)
            return st;
    }
    if (sw->m >= CULL_MIN) {
        bins_clear(sw->bins);
        sw->m = cull_hidden(sw->bins, sw->w, sw->m, sw->d2, sw->order, sw->count);
        sw->culled = true;
    }
    sw->kept = sw->m;
    add_map_edges(sw);
    return GG_OK;
}

/* The walls of the box [x0, x1] x [y0, y1] (wall units, within the map), the map's edges, and the
 * box's own edges where they are not the map's. `r2` > 0: drop walls wholly outside that disc.
 * A larger box of the same call (each holds the one before) adds only the walls not gathered
 * before: their bits are still set, the walls kept from the smaller box stay in w[0, kept) and
 * the bins keep their cover, so the growing box costs each wall once. */
static gg_status collect(sweep *sw, int64_t x0, int64_t y0, int64_t x1, int64_t y1, double r2,
                         bool last)
{
    const gg_scene *s = sw->s;
    sw->m = sw->kept; /* drops the edges the smaller box appended */
    const int32_t m0 = sw->m;
    if (last && sw->g == 0 && scan_all_walls(sw, x0, y0, x1, y1)) {
        /* The only box of the call, scanned wall by wall: each wall comes once, in the order
         * gather() would list it, and no larger box follows, so neither the bits nor the list
         * of ids are needed. */
        for (uint32_t id = 0; id < s->wall_slots; ++id) {
            if (!wall_meets_box(&s->walls[id], x0, y0, x1, y1))
                continue;
            gg_status st = take_wall(sw, id, r2);
            if (st != GG_OK)
                return st;
        }
    } else {
        const size_t g0 = sw->g;
        gather_bucket_range(sw, x0, y0, x1, y1, &sw->g);
        for (size_t k = g0; k < sw->g; ++k) {
            gg_status st = take_wall(sw, sw->ids[k], r2);
            if (st != GG_OK)
                return st;
        }
    }
    if (sw->culled) {
        sw->m = m0 + cull_hidden(sw->bins, sw->w + m0, sw->m - m0, sw->d2, sw->order, sw->count);
    } else if (sw->m >= CULL_MIN) {
        bins_clear(sw->bins);
        sw->m = cull_hidden(sw->bins, sw->w, sw->m, sw->d2, sw->order, sw->count);
        sw->culled = true;
    }
    sw->kept = sw->m;
    add_map_edges(sw);
    const int32_t W = s->width * GG__WALL_UNIT, H = s->height * GG__WALL_UNIT;
    const uint32_t base = s->wall_slots;
    const gg_hpoint b[4] = {{(int32_t)x0, (int32_t)y0},
                            {(int32_t)x1, (int32_t)y0},
                            {(int32_t)x1, (int32_t)y1},
                            {(int32_t)x0, (int32_t)y1}};
    const bool inner[4] = {y0 > 0, x1 < W, y1<H, x0> 0};
    for (int k = 0; k < 4 && r2 <= 0; ++k)
        if (inner[k])
            (void)add_pw(sw, b[k], b[(k + 1) % 4], GG__PART_FULL, base + 4 + (uint32_t)k, true);
    return GG_OK;
}

static void act_add(sweep *sw, int32_t i)
{
    sw->w[i].pos = sw->nact;
    sw->act[sw->nact++] = (uint32_t)i;
    sw->nlimited += sw->w[i].weight == GG__PART_LIMITED;
}

static void act_remove(sweep *sw, int32_t i)
{
    const int32_t p = sw->w[i].pos;
    const uint32_t last = sw->act[--sw->nact];
    sw->act[p] = last;
    sw->w[last].pos = p;
    sw->w[i].pos = -1;
    sw->nlimited -= sw->w[i].weight == GG__PART_LIMITED;
}

/* The hit of wall i on the ray d, relative wall units (the viewer for i < 0). */
static void hit(const sweep *sw, int32_t i, int64_t dx, int64_t dy, double *x, double *y)
{
    if (i < 0) {
        *x = *y = 0;
        return;
    }
    const pw *p = &sw->w[i];
    const double s = (double)p->num / (double)cross64(dx, dy, p->ex, p->ey);
    *x = s * (double)dx;
    *y = s * (double)dy;
}

typedef struct trans {
    int32_t prev;     /* the stopping wall before the direction (-1 = none: the viewer) */
    bool pending_v;   /* the viewer waits to be written (after an A -> none change) */
    int64_t vdx, vdy; /* the direction where that run of "none" began */
} trans;

/* The boundary changes from wall A to wall B (either may be -1: the viewer) on the ray d. */
static void transition(sweep *sw, trans *t, int32_t A, int32_t B, int64_t dx, int64_t dy)
{
    if (A == B || (A >= 0 && B >= 0 && same_line(&sw->w[A], &sw->w[B])))
        return;
    double x, y;
    if (A >= 0 && B >= 0) {
        hit(sw, A, dx, dy, &x, &y);
        gg__poly_clip_vertex(sw->clip, x, y);
        const pw *p = &sw->w[A], *q = &sw->w[B];
        const i128 l = (i128)p->num * cross64(dx, dy, q->ex, q->ey),
                   r = (i128)q->num * cross64(dx, dy, p->ex, p->ey);
        if (l != r) {
            hit(sw, B, dx, dy, &x, &y);
            gg__poly_clip_vertex(sw->clip, x, y);
        }
        return;
    }
    if (B < 0) { /* into a run of directions with no wall (a viewer on the map's edge) */
        hit(sw, A, dx, dy, &x, &y);
        gg__poly_clip_vertex(sw->clip, x, y);
        t->pending_v = true;
        t->vdx = dx;
        t->vdy = dy;
        return;
    }
    /* Out of it: the viewer is a vertex unless the run was a straight angle. */
    if (!t->pending_v || cross64(t->vdx, t->vdy, dx, dy) != 0 || t->vdx * dx + t->vdy * dy > 0)
        gg__poly_clip_vertex(sw->clip, 0, 0);
    t->pending_v = false;
    hit(sw, B, dx, dy, &x, &y);
    gg__poly_clip_vertex(sw->clip, x, y);
}

/* The stopping wall just after direction d among the active walls; *nlim = limited walls before
 * it. -1 when the ray meets no full wall and at most one limited one. */
static int32_t stop_at(const sweep *sw, int64_t dx, int64_t dy, int *nlim)
{
    int32_t n1 = -1, l1 = -1, l2 = -1;
    for (int32_t k = 0; k < sw->nact; ++k) {
        const int32_t i = (int32_t)sw->act[k];
        const pw *p = &sw->w[i];
        if (p->weight == GG__PART_FULL) {
            if (n1 < 0 || less_at(p, &sw->w[n1], dx, dy))
                n1 = i;
        } else if (l1 < 0 || less_at(p, &sw->w[l1], dx, dy)) {
            l2 = l1;
            l1 = i;
        } else if (l2 < 0 || less_at(p, &sw->w[l2], dx, dy)) {
            l2 = i;
        }
    }
    if (l2 >= 0 && (n1 < 0 || less_at(&sw->w[l2], &sw->w[n1], dx, dy))) {
        *nlim = 1;
        return l2;
    }
    *nlim = 0;
    if (n1 >= 0) {
        if (l1 >= 0 && less_at(&sw->w[l1], &sw->w[n1], dx, dy))
            *nlim = 1;
    }
    return n1;
}

/* The boundary's state during the sweep: the stopping wall S, the limited walls before it, the
 * wall L whose a + t e parametrises S's line, the position tcur on it, and the next point where
 * an active wall crosses L beyond tcur (xwall < 0: none known). */
typedef struct bstate {
    int32_t S, L, xwall;
    int nlim;
    rat tcur, xbest;
} bstate;

/* Where L's line meets Z's segment, as Z's parameter u (d = 0: parallel). */
static rat param_on_z(const pw *L, const pw *Z)
{
    rat u = {cross64(L->ex, L->ey, L->ax - Z->ax, L->ay - Z->ay),
             cross64(L->ex, L->ey, Z->ex, Z->ey)};
    if (u.d < 0) {
        u.n = -u.n;
        u.d = -u.d;
    }
    return u;
}

/* Z's segment goes on past L's line beyond tcur (it meets the line at u in [0, 1), not at its
 * counter-clockwise end): a candidate for the next crossing. */
static inline void consider(const sweep *sw, bstate *b, int32_t zi)
{
    const pw *L = &sw->w[b->L], *Z = &sw->w[zi];
    /* Most active walls do not reach L's line at all: that test first (two products). */
    const rat u = param_on_z(L, Z);
    if (u.n < 0 || u.n >= u.d)
        return;
    const rat t = param_of_crossing(L, Z);
    if (t.d == 0 || rat_cmp(t, b->tcur) <= 0 || (b->xwall >= 0 && rat_cmp(t, b->xbest) >= 0))
        return;
    b->xbest = t;
    b->xwall = zi;
}

static void find_crossing(const sweep *sw, bstate *b)
{
    b->xwall = -1;
    for (int32_t k = 0; k < sw->nact; ++k)
        consider(sw, b, (int32_t)sw->act[k]);
}

/* Follows the stopping wall through every crossing before the ray d1, writing the crossing
 * points where the boundary's line changes. Returns true when a wall crosses it exactly on d1:
 * the order there is then decided afresh at d1, with the walls that begin there. */
static bool follow(sweep *sw, bstate *b, int64_t d1x, int64_t d1y)
{
    rat tend = param_on_ray(&sw->w[b->L], d1x, d1y);
    while (b->xwall >= 0 && rat_cmp(b->xbest, tend) < 0) {
        const pw *L = &sw->w[b->L];
        const rat best = b->xbest;
        const int32_t S = b->S;
        /* Every wall through the crossing X: S's line, and those crossing it at `best`. */
        int32_t cset[64];
        int nc = 0, before = 0;
        for (int32_t k = 0; k < sw->nact && nc < 64; ++k) {
            const int32_t i = (int32_t)sw->act[k];
            const pw *Z = &sw->w[i];
            bool through;
            if (i == S)
                through = true;
            else {
                const rat t = param_of_crossing(L, Z);
                if (t.d == 0) {
                    through = same_line(L, Z);
                } else {
                    const rat u = param_on_z(L, Z);
                    through = rat_cmp(t, best) == 0 && u.n < u.d; /* not ending at X */
                }
            }
            if (!through)
                continue;
            cset[nc++] = i;
            /* Limited walls of the set that were nearer than S just before X. */
            if (i != S && Z->weight == GG__PART_LIMITED) {
                const pw *P = &sw->w[S];
                const int64_t c = cross64(P->ex, P->ey, Z->ex, Z->ey);
                before += c != 0 ? c < 0 : Z->id < P->id;
            }
        }
        /* The order just after X, and the new stopping wall. */
        for (int a = 1; a < nc; ++a) {
            const int32_t x = cset[a];
            int j = a;
            while (j > 0 && less_after(&sw->w[x], &sw->w[cset[j - 1]])) {
                cset[j] = cset[j - 1];
                --j;
            }
            cset[j] = x;
        }
        int cum = b->nlim - before;
        int32_t S2 = S;
        for (int a = 0; a < nc; ++a) {
            const int wgt = sw->w[cset[a]].weight;
            if (cum + wgt >= 2) {
                S2 = cset[a];
                b->nlim = cum;
                break;
            }
            cum += wgt;
        }
        if (S2 != S && !same_line(&sw->w[S2], L)) {
            const double t = (double)best.n / (double)best.d;
            gg__poly_clip_vertex(sw->clip, (double)L->ax + t * (double)L->ex,
                                 (double)L->ay + t * (double)L->ey);
            b->L = S2;
            b->tcur = param_of_crossing(&sw->w[S2], L);
            tend = param_on_ray(&sw->w[S2], d1x, d1y);
        } else {
            b->tcur = best;
        }
        b->S = S2;
        if (sw->w[S2].artificial)
            sw->hit_box = true;
        find_crossing(sw, b);
    }
    return b->xwall >= 0 && rat_cmp(b->xbest, tend) == 0;
}

/* The directions strictly between d0 and d1 point out of the map (the viewer on its edge; the
 * edges' directions are class boundaries, so one direction inside decides). */
static bool outward(const sweep *sw, int64_t d0x, int64_t d0y, int64_t d1x, int64_t d1y)
{
    const int64_t c = cross64(d0x, d0y, d1x, d1y);
    int64_t qx = d0x + d1x, qy = d0y + d1y;
    if (c < 0) {
        qx = -qx;
        qy = -qy;
    } else if (c == 0) { /* a straight angle, or the whole turn: a quarter turn on */
        qx = -d0y;
        qy = d0x;
    }
    const int64_t W = (int64_t)sw->s->width * GG__WALL_UNIT,
                  H = (int64_t)sw->s->height * GG__WALL_UNIT;
    return (sw->v.x == 0 && qx < 0) || (sw->v.x == W && qx > 0) || (sw->v.y == 0 && qy < 0) ||
           (sw->v.y == H && qy > 0);
}

/* One sweep over the collected walls. */
static void sweep_walls(sweep *sw)
{
    const int32_t m = sw->m;
    int32_t n = 0;
    for (int32_t i = 0; i < m; ++i) {
        pw *p = &sw->w[i];
        p->pos = -1; /* a smaller box's sweep may have left it active */
        const int64_t bx = p->ax + p->ex, by = p->ay + p->ey;
        const ep ea = {p->pa, (int32_t)p->ax, (int32_t)p->ay, i, 0};
        const ep eb = {p->pb, (int32_t)bx, (int32_t)by, i, 1};
        sw->e[n++] = ea;
        sw->e[n++] = eb;
    }
    /* A viewer on the map's edge sees nothing outwards: the edge's directions bound intervals
     * (markers, wall -1), and an interval pointing out of the map has no boundary but the
     * viewer. */
    const int64_t W = (int64_t)sw->s->width * GG__WALL_UNIT,
                  H = (int64_t)sw->s->height * GG__WALL_UNIT;
    const bool on_x = sw->v.x == 0 || sw->v.x == W, on_y = sw->v.y == 0 || sw->v.y == H;
    for (int k = 0; k < 4; ++k) {
        const int64_t mx = k == 0 ? 1 : (k == 1 ? -1 : 0), my = k == 2 ? 1 : (k == 3 ? -1 : 0);
        if ((k < 2 && on_y) || (k >= 2 && on_x)) {
            const ep e = {pseudo_angle(mx, my), (int32_t)mx, (int32_t)my, -1, 0};
            sw->e[n++] = e;
        }
    }
    /* d2[] is free during the sweep: a byte per endpoint for the sort (2 m + 4 <= 8 mmax). */
    if (sort_eps(sw->e, sw->et, (size_t)n, sw->count, (uint8_t *)(void *)sw->d2) !=
        sw->e) { /* keep the sorted array in e[] */
        ep *t = sw->e;
        sw->e = sw->et;
        sw->et = t;
    }
    /* Angle classes: runs of equal directions. et[K] (the temporary array is free now) holds
     * class K's direction, its last endpoint, in x, y, and in `wall` where the class's endpoints
     * begin in e[]; et[K] of the last class + 1 ends the last run. */
    int32_t K = 0, start = 0;
    for (int32_t k = 0; k < n; ++k) {
        if (k > 0 && !same_dir(&sw->e[k - 1], &sw->e[k])) {
            sw->et[K] = sw->e[k - 1]; /* class K ends: its last endpoint */
            sw->et[K].wall = start;
            ++K;
            start = k;
        }
        if (sw->e[k].wall >= 0) {
            pw *p = &sw->w[sw->e[k].wall];
            if (sw->e[k].is_b)
                p->cb = K;
            else
                p->ca = K;
        }
    }
    sw->et[K] = sw->e[n - 1]; /* n > 0: two of the map's edges at least miss the viewer */
    sw->et[K].wall = start;
    ++K;
    sw->et[K].wall = n;
    /* Start at a class where a full wall begins (the map's edges are full walls): that
     * interval has a stopping wall, so a run of directions without one never wraps around. */
    int32_t k0 = -1;
    for (int32_t i = 0; i < m && k0 < 0; ++i) {
        const int32_t ca = sw->w[i].ca, cn = (ca + 1) % K;
        if (sw->w[i].weight == GG__PART_FULL &&
            !((on_x || on_y) &&
              outward(sw, sw->et[ca].x, sw->et[ca].y, sw->et[cn].x, sw->et[cn].y)))
            k0 = ca;
    }
    sw->nact = 0;
    sw->nlimited = 0;
    for (int32_t i = 0; i < m; ++i) {
        const pw *p = &sw->w[i];
        const int32_t span = p->cb >= p->ca ? p->cb - p->ca : p->cb - p->ca + K;
        const int32_t km = k0 > 0 ? k0 - 1 : K - 1;
        const int32_t at = km >= p->ca ? km - p->ca : km - p->ca + K;
        if (at < span)
            act_add(sw, i);
    }
    trans tr = {-1, false, 0, 0};
    int32_t first_S = -2, prev = -1;
    bstate st = {-1, -1, -1, 0, {0, 1}, {0, 1}};
    bool valid = false; /* st may be carried over the next endpoint (no limited wall active) */
    /* k runs from k0 round to k0 - 1; kn is the class after it (no division per class). */
    for (int32_t step = 0, k = k0; step < K; ++step, k = k + 1 == K ? 0 : k + 1) {
        const int32_t kn = k + 1 == K ? 0 : k + 1;
        const int32_t g0 = sw->et[k].wall, pos = sw->et[k + 1].wall;
        bool lost = false; /* the stopping wall or the next crossing's wall ended here */
        for (int32_t q = g0; q < pos; ++q) {
            const ep *e = &sw->e[q];
            if (e->wall < 0) {
                /* a marker */
            } else if (e->is_b) {
                if (sw->w[e->wall].pos >= 0)
                    act_remove(sw, e->wall);
                lost = lost || e->wall == st.S || e->wall == st.xwall;
            } else {
                act_add(sw, e->wall);
            }
        }
        const int64_t d0x = sw->et[k].x, d0y = sw->et[k].y;
        const int64_t d1x = sw->et[kn].x, d1y = sw->et[kn].y;
        if (sw->nact == 0 || ((on_x || on_y) && outward(sw, d0x, d0y, d1x, d1y))) {
            st.S = -1;
            valid = false;
        } else if (!valid || lost || st.S < 0 || sw->nlimited > 0) {
            st.S = stop_at(sw, d0x, d0y, &st.nlim);
            valid = st.S >= 0 && sw->nlimited == 0;
            if (st.S >= 0) {
                st.L = st.S;
                st.tcur = param_on_ray(&sw->w[st.L], d0x, d0y);
                find_crossing(sw, &st);
            }
        } else {
            /* Only full walls: the nearest of S and the walls beginning here stops the ray. */
            const int32_t S0 = st.S;
            for (int32_t q = g0; q < pos; ++q)
                if (sw->e[q].wall >= 0 && !sw->e[q].is_b &&
                    less_at(&sw->w[sw->e[q].wall], &sw->w[st.S], d0x, d0y))
                    st.S = sw->e[q].wall;
            if (st.S != S0 || !same_line(&sw->w[st.S], &sw->w[st.L])) {
                st.L = st.S;
                st.tcur = param_on_ray(&sw->w[st.L], d0x, d0y);
                find_crossing(sw, &st);
            } else {
                st.tcur = param_on_ray(&sw->w[st.L], d0x, d0y);
                for (int32_t q = g0; q < pos; ++q)
                    if (sw->e[q].wall >= 0 && !sw->e[q].is_b)
                        consider(sw, &st, sw->e[q].wall);
            }
        }
        if (step == 0)
            first_S = st.S;
        else if (prev != st.S) /* transition() does nothing when the wall stays */
            transition(sw, &tr, prev, st.S, d0x, d0y);
        if (st.S >= 0) {
            if (sw->w[st.S].artificial)
                sw->hit_box = true;
            if (follow(sw, &st, d1x, d1y))
                valid = false;
        }
        prev = st.S;
    }
    transition(sw, &tr, prev, first_S, sw->et[k0].x, sw->et[k0].y);
}

/* The bins say that the polygon very likely reaches past the box [x0, x1] x [y0, y1] (not the
 * whole map): more than a few bins are not covered nearer than its nearest inner edge. Only a
 * shortcut: the sweep of a larger box gives the same polygon. */
static bool open_beyond(const sweep *sw, int64_t x0, int64_t y0, int64_t x1, int64_t y1)
{
    const int64_t W = (int64_t)sw->s->width * GG__WALL_UNIT,
                  H = (int64_t)sw->s->height * GG__WALL_UNIT;
    int64_t d = INT64_MAX;
    if (x0 > 0)
        d = sw->v.x - x0;
    if (x1 < W && x1 - sw->v.x < d)
        d = x1 - sw->v.x;
    if (y0 > 0 && sw->v.y - y0 < d)
        d = sw->v.y - y0;
    if (y1 < H && y1 - sw->v.y < d)
        d = y1 - sw->v.y;
    if (d == INT64_MAX)
        return false;
    const double d2 = (double)d * (double)d;
    int32_t open = 0;
    for (int32_t k = 0; k < CULL_BINS; ++k)
        open += !(sw->bins->full[k] < d2);
    return open > CULL_BINS / 32;
}

gg_status gg__visibility_polygon_path(const gg_scene *scene, void *work, size_t work_bytes,
                                      const gg_polygon_def *def, double *out_xy, int32_t capacity,
                                      int32_t *out_count, int path)
{
    if (out_count != NULL)
        *out_count = 0;
    if (scene == NULL || def == NULL || out_count == NULL || capacity < 0 ||
        (out_xy == NULL && capacity > 0))
        return GG_E_INVALID_ARG;
    if (def->struct_size != (uint32_t)sizeof *def)
        return GG_E_BAD_DEF;
    const double U = GG__WALL_UNIT;
    const double hx = def->x * U, hy = def->y * U;
    int32_t eye = 0;
    if (!(hx >= 0 && hy >= 0 && hx <= (double)scene->width * U &&
          hy <= (double)scene->height * U) ||
        hx != floor(hx) || hy != floor(hy))
        return GG_E_INVALID_ARG;
    if (def->range_ft < 0 || !(def->arc_error > 0) || !isfinite(def->arc_error) ||
        !gg__height_units(def->eye_ft, 0, &eye) ||
        (def->blocks != (uint32_t)GG_BLOCKS_SIGHT && def->blocks != (uint32_t)GG_BLOCKS_LIGHT))
        return GG_E_INVALID_ARG;
    const layout l = layout_for(scene);
    if (work == NULL || work_bytes < l.total || ((uintptr_t)work & 15u) != 0)
        return GG_E_BUFFER_TOO_SMALL;
    if (def->range_ft == 0)
        return GG_OK; /* the closed disc of radius 0 has no interior */
    char *base = (char *)work;
    sweep sw;
    sw.s = scene;
    sw.v.x = (int32_t)hx;
    sw.v.y = (int32_t)hy;
    sw.mask = def->blocks;
    sw.eye = eye;
    sw.bits = (uint64_t *)(void *)(base + l.off_bits); /* cleared below, when it is needed */
    sw.ids = (uint32_t *)(void *)(base + l.off_ids);
    sw.w = (pw *)(void *)(base + l.off_pw);
    sw.e = (ep *)(void *)(base + l.off_ep);
    sw.et = (ep *)(void *)(base + l.off_ept);
    sw.act = (uint32_t *)(void *)(base + l.off_act);
    sw.bins = (cover *)(void *)(base + l.off_bins);
    sw.d2 = (double *)(void *)(base + l.off_d2);
    sw.order = (uint32_t *)(void *)(base + l.off_ord);
    sw.count = sw.order + l.mmax;
    sw.culled = false;
    sw.g = 0;
    sw.kept = 0;
    out_state o = {def->x, def->y, out_xy, capacity, 0, 0, 0, 0, 0};
    clip_state c;
    memset(&c, 0, sizeof c);
    c.o = &o;
    sw.clip = &c;
    const int64_t W = (int64_t)scene->width * GG__WALL_UNIT,
                  H = (int64_t)scene->height * GG__WALL_UNIT;
    if (def->range_ft != GG_RANGE_UNLIMITED) {
        c.on = true;
        c.r = (double)def->range_ft / scene->cell_size_ft * U;
        c.r2 = c.r * c.r;
        const double err = def->arc_error * U;
        c.step = err >= c.r ? 3.14159265358979323846 / 2 : 2 * acos(1 - err / c.r);
        if (c.step > 3.14159265358979323846 / 2)
            c.step = 3.14159265358979323846 / 2;
        c.snap = err / 4;
    }
    /* The expansion where the mesh allows it (polygon_expand.c); else the sweep below. */
    gg__xlist list = {sw.bits, sw.ids, 0};
    gg__xcone *stack = (gg__xcone *)(void *)(base + l.off_stack);
    int xp = path != GG__POLY_SWEEP && W < REL_LIMIT && H < REL_LIMIT
                 ? gg__poly_expand(scene, sw.v, sw.mask, eye, c.on ? c.r2 : 0, &c, stack,
                                   l.stack_cap, NULL)
                 : GG__XP_NO;
    if (xp == GG__XP_WALLS) { /* the listing pass keeps each wall once by its bit */
        memset(sw.bits, 0, l.words * sizeof *sw.bits);
        xp = gg__poly_expand(scene, sw.v, sw.mask, eye, c.on ? c.r2 : 0, &c, stack, l.stack_cap,
                             &list);
    }
    if ((xp == GG__XP_NO || xp == GG__XP_GIVE_UP) && path == GG__POLY_EXPAND)
        return GG_E_INVALID_ARG;
    if (xp == GG__XP_NO || xp == GG__XP_GIVE_UP) /* the sweep of every wall gathers by bit */
        memset(sw.bits, 0, l.words * sizeof *sw.bits);
    if (xp == GG__XP_WALLS || xp == GG__XP_GIVE_UP) { /* the output starts afresh */
        const clip_state keep = c;
        memset(&c, 0, sizeof c);
        c.o = &o;
        c.on = keep.on, c.r = keep.r, c.r2 = keep.r2, c.step = keep.step, c.snap = keep.snap;
        o = (out_state){def->x, def->y, out_xy, capacity, 0, 0, 0, 0, 0};
    }
    if (xp == GG__XP_DONE) {
        gg__poly_clip_finish(&c); /* nothing without a radius */
    } else if (xp == GG__XP_WALLS) {
        gg_status st = collect_list(&sw, list.n, c.on ? c.r2 : 0);
        if (st != GG_OK)
            return st;
        sw.hit_box = false;
        sweep_walls(&sw);
        gg__poly_clip_finish(&c);
    } else if (c.on) {
        const double rr = ceil(c.r) + 1;
        const int64_t x0 = (int64_t)fmax(0, hx - rr), x1 = (int64_t)fmin((double)W, hx + rr);
        const int64_t y0 = (int64_t)fmax(0, hy - rr), y1 = (int64_t)fmin((double)H, hy + rr);
        gg_status st = collect(&sw, x0, y0, x1, y1, c.r2, true);
        if (st != GG_OK)
            return st;
        sw.hit_box = false;
        sweep_walls(&sw);
        gg__poly_clip_finish(&c);
    } else {
        for (int64_t ring = (int64_t)FIRST_RING * GG__WALL_UNIT;; ring *= 4) {
            int64_t x0 = sw.v.x - ring < 0 ? 0 : sw.v.x - ring;
            int64_t y0 = sw.v.y - ring < 0 ? 0 : sw.v.y - ring;
            int64_t x1 = sw.v.x + ring > W ? W : sw.v.x + ring;
            int64_t y1 = sw.v.y + ring > H ? H : sw.v.y + ring;
            /* A box holding more than 1/WHOLE_MAP of the map is the map: on the shared maps
             * (up to about 75 x 75 cells) the smaller box's sweep, when the polygon reaches
             * past it, costs more than the walls it would have left out. */
            if ((double)(x1 - x0) * (double)(y1 - y0) * WHOLE_MAP > (double)W * (double)H)
                x0 = 0, y0 = 0, x1 = W, y1 = H;
            gg_status st = collect(&sw, x0, y0, x1, y1, 0,
                                   x0 == 0 && y0 == 0 && x1 == W && y1 == H);
            if (st != GG_OK)
                return st;
            if (sw.culled && open_beyond(&sw, x0, y0, x1, y1))
                continue; /* the polygon would reach the box: grow it without sweeping */
            sw.hit_box = false;
            o.count = 0;
            sweep_walls(&sw);
            if (!sw.hit_box)
                break;
        }
    }
    if (o.count > 1 && o.lx == o.fx && o.ly == o.fy)
        o.count--;
    *out_count = o.count;
    if (o.count > capacity)
        return GG_E_BUFFER_TOO_SMALL;
    gg__poly_canonical_start(out_xy, o.count);
    return GG_OK;
}

gg_status gg_scene_visibility_polygon(const gg_scene *scene, void *work, size_t work_bytes,
                                      const gg_polygon_def *def, double *out_xy, int32_t capacity,
                                      int32_t *out_count)
{
    return gg__visibility_polygon_path(scene, work, work_bytes, def, out_xy, capacity, out_count,
                                       GG__POLY_AUTO);
}
