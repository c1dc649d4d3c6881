/* move_engine.h - what the movement search engines share: label relaxation, overlay
 * bookkeeping, spatial neighbour tables, the field helpers and the indexed heap with inline keys.
 * The engines are one file each: move_bucket.c (Dijkstra by unit buckets), move_field_bfs.c
 * (breadth-first fields), move_field_runs.c (two-price fields in runs), move_heap.c (Dijkstra
 * and A* on the heap) and move_astar.c (A* over compact nodes for 1x1 paths).
 * Layer: topology (private). */
#ifndef GG_SRC_TOPOLOGY_MOVE_ENGINE_H
#define GG_SRC_TOPOLOGY_MOVE_ENGINE_H

#include <string.h>

#include "base/bits.h"
#include "topology/move/move_internal.h"

/* Relaxes state t (in cell tcell) with the label (nu, nr, ns) reached from `from_layer` by
 * direction d. Returns 1 when the label improved in cost (a new queue entry is due), 2 when it
 * improved only in steps or direction (the existing entry stands), 0 otherwise. */
static inline int relax(const gg__mv *m, gg__mv_planes *pl, int32_t t, int32_t nu, int32_t nr,
                        int32_t ns, int d, int from_layer)
{
    int32_t cu = pl->cost[t];
    int c;
    if (m->euclid)
        c = cu == GG__MV_INF ? -1 : gg__mv_sign_r2((int64_t)nu - cu, (int64_t)nr - pl->root2[t]);
    else
        c = (nu > cu) - (nu < cu);
    if (c > 0)
        return 0;
    if (c == 0 && (ns > pl->steps[t] || (ns == pl->steps[t] && d >= (pl->prev[t] & 7))))
        return 0;
    pl->steps[t] = ns;
    pl->prev[t] = (uint8_t)(d | (from_layer << 3));
    if (c == 0)
        return 2;
    pl->cost[t] = nu;
    if (m->euclid)
        pl->root2[t] = nr;
    return 1;
}

/* Overlay bookkeeping when a state settles: each cell is listed once, when its first layer
 * settles (the cheapest, in settle order). */
static inline void collect(gg_scratch *x, gg__mv_search *q, int32_t w, int32_t cell)
{
    if (!q->overlay || x->m_flag[cell])
        return;
    x->m_flag[cell] = 1;
    if (q->settled < q->capacity)
        q->out[q->settled].cell = gg_cell_make(cell % w, cell / w);
    q->settled++;
}

#if defined(__GNUC__)
#define GG__MV_INLINE static inline __attribute__((always_inline))
#define GG__MV_PREFETCH(p) __builtin_prefetch((p))
#define GG__MV_PREFETCH_W(p) __builtin_prefetch((p), 1)
#else
#define GG__MV_INLINE static inline
#define GG__MV_PREFETCH(p) ((void)(p))
#define GG__MV_PREFETCH_W(p) ((void)(p))
#endif

/* ---- Spatial neighbours ------------------------------------------------------------------------
 *
 * The field engines and the 1x1 heap read the eight neighbours in spatial order (NW, N, NE, W,
 * E, SW, S, SE), which is how rows of a bit map or of the scene read. */

/* gg__dirs index of spatial neighbour k, and the spatial offset of each direction. */
static const uint8_t sp_dir[8] = {0, 3, 5, 1, 6, 2, 4, 7};
static const int8_t sp_dc[8] = {-1, 0, 1, -1, 1, -1, 0, 1};
static const int8_t sp_dr[8] = {-1, -1, -1, 0, 0, 1, 1, 1};
#define GG__MV_SP_ORTH 0x5Au /* N, W, E, S (1, 3, 4, 6) */

/* Spatial bit k is set when the step from `cell` towards neighbour k is legal (bounds
 * checked); the slow path of the row kernels, for cells on the grid's edge (move_model.c). */
uint8_t gg__mv_edge_legal(const gg__mv *m, int32_t cell, int32_t col, int32_t row);

/* ---- Fields (move_field_bfs.c, move_field_runs.c) ---------------------------------------------- */

/* Bits p .. p + 2 of bit map `bm` (p >= 0; the map has at least 4 bytes past bit p). */
static inline uint32_t bits3(const uint8_t *bm, int32_t p)
{
    const uint8_t *b = bm + ((uint32_t)p >> 3);
#if defined(__BYTE_ORDER__) && defined(__ORDER_LITTLE_ENDIAN__) &&                                 \
    __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
    uint32_t v;
    memcpy(&v, b, sizeof v);
#else
    uint32_t v = (uint32_t)b[0] | (uint32_t)b[1] << 8;
#endif
    return v >> ((uint32_t)p & 7u) & 7u;
}

/* The legal steps from `cell` to neighbours not yet labelled in `bm`. */
static inline uint32_t unlabelled(const uint8_t *bm, const int32_t *off, uint32_t legal,
                                  int32_t cell, int32_t w, uint32_t inner_lo, uint32_t inner_len)
{
    if ((uint32_t)cell - inner_lo < inner_len) {
        const uint32_t mid = bits3(bm, cell - 1);
        const uint32_t seen = bits3(bm, cell - w - 1) | (mid & 1u) << 3 | (mid & 4u) << 2 |
                              bits3(bm, cell + w - 1) << 5;
        return legal & ~seen;
    }
    for (uint32_t b = legal; b != 0; b &= b - 1u) {
        int32_t t = cell + off[gg__low_bit(b)];
        if (bm[(uint32_t)t >> 3] >> ((uint32_t)t & 7u) & 1u)
            legal &= ~(b & (0u - b));
    }
    return legal;
}

/* Everything both field searches set up: masks, the bit map, offsets, the start. */
typedef struct fsetup {
    const uint16_t *lmd;
    uint32_t keep; /* the bits of an lmd word that apply (the scene's words hold them all) */
    uint8_t *bm;
    int32_t off[8];
    uint32_t inner_lo, inner_len;
} fsetup;

/* Sets up a field search: masks, the bit map (in the scratch's cost plane), offsets, the
 * start's label. */
void gg__mv_field_setup(const gg__mv *m, gg_scratch *x, gg__mv_planes *pl, const gg__mv_search *q,
                        fsetup *f, bool with_difficult);

/* The breadth-first field (every step one unit). */
void gg__mv_field_bfs(const gg__mv *m, gg_scratch *x, gg__mv_planes *pl, gg__mv_search *q);

/* The field with two prices, in two FIFOs of runs of equal keys (move_field_runs.c). */
void gg__mv_field_runs(const gg__mv *m, gg_scratch *x, gg__mv_planes *pl, gg__mv_search *q);

/* Both fields read their queue in order, so it says which cells come next: the search asks
 * for the masks and label rows of the cell FIFO_AHEAD entries on while it works on this one.
 * On a large map they are cache misses otherwise (for the two-price field, whose cells of one
 * cost lie in a wide band, nearly always). */
#define FIFO_AHEAD 12u

static inline void field_prefetch(const uint16_t *lmd, const int32_t *cost, int32_t cell, int32_t w,
                                  int32_t n)
{
    GG__MV_PREFETCH(lmd + cell);
    GG__MV_PREFETCH_W(cost + (cell >= w ? cell - w : cell));
    GG__MV_PREFETCH_W(cost + cell);
    GG__MV_PREFETCH_W(cost + (cell + w < n ? cell + w : cell));
}

/* A field's cost plane, unreached everywhere (stamped planes need nothing). Each engine clears
 * it when it starts, so a heap search after an overflowed bucket search starts clean. */
static inline void field_clear(const gg__mv *m, gg__mv_planes *pl)
{
    if (pl->stamp != NULL)
        return;
    const size_t states = (size_t)m->n * (size_t)m->layers;
    for (size_t i = 0; i < states; ++i)
        pl->cost[i] = GG__MV_INF;
}

/* ---- Indexed heap over states, keys inline --------------------------------------------------
 *
 * An entry carries its key: f = the cost (A*: g + h) as a double, then fs_state = steps (A*:
 * + the steps estimate) << 32 | state, so a comparison reads only the heap array. Positions
 * (for decrease-key) live in x->m_pos. The order is exactly (f, fs, state) of the exact labels:
 *  - Without Euclidean prices f is an integer below 2^31, so the double is exact.
 *  - Under Euclidean prices f = a + b*sqrt(2) for integers 0 <= a, b <= B, where B bounds every
 *    label (gg__mv_init(): B = dearest step * (states + width + height)). Rounding errs by at
 *    most 5.25 * B * 2^-53 per value, while two different values differ by at least
 *    1 / ((1 + sqrt(2)) * B) (|da^2 - 2 db^2| >= 1). For B <= 2^24 the difference of two doubles
 *    therefore has the sign of the exact difference, and equal values give equal doubles (same
 *    computation). Larger B compare exactly whenever the doubles are within 2^-48 * B. */

#define GG__MV_SQRT2 1.4142135623730951
typedef struct heap {
    gg__mv_hent *a;
    int32_t *pos; /* heap positions of states: -1 none, -2 settled (not kept by the compact A*) */
    int32_t len;
    int32_t cap; /* entries `a` holds (the compact A*'s heap may list a state more than once) */
    const gg__mv *m;
    const gg__mv_planes *pl;
    bool astar;
    gg_cell goal;
    double tol; /* |f difference| below which doubles may disagree with exact keys */
} heap;

/* The exact key of state t: f = *fc + *fr * sqrt(2) (units), *fs. */
static inline void key_exact(const heap *h, int32_t t, int64_t *fc, int64_t *fr, int32_t *fs)
{
    const gg__mv *m = h->m;
    *fc = h->pl->cost[t];
    *fr = m->euclid ? h->pl->root2[t] : 0;
    *fs = h->pl->steps[t];
    if (h->astar) {
        int32_t cell = t % m->n, hu = 0, hr = 0, hs = 0;
        gg__mv_heuristic(m, cell % m->w, cell / m->w, (int)(t / m->n), h->goal, &hu, &hr, &hs);
        *fc += hu;
        *fr += hr;
        *fs += hs;
    }
}

/* f as a double: two statements, so that no multiply-add is contracted (every f is rounded the
 * same way). */
static inline double key_f(bool euclid, int64_t fc, int64_t fr)
{
    if (!euclid)
        return (double)fc;
    double r = (double)fr * GG__MV_SQRT2;
    return (double)fc + r;
}

/* The entry of state t, whose cell is (col, row) in `layer` (known to every caller, which
 * saves the divisions of key_exact()). */
GG__MV_INLINE gg__mv_hent key_of_as(const heap *h, int32_t t, int64_t fc, int64_t fr, int32_t fs,
                                    int32_t col, int32_t row, int layer, gg_metric metric)
{
    if (h->astar) {
        int32_t hu = 0, hr = 0, hs = 0;
        gg__mv_heuristic_as(h->m, metric, col, row, layer, h->goal, &hu, &hr, &hs);
        fc += hu;
        fr += hr;
        fs += hs;
    }
    gg__mv_hent e;
    e.f = key_f(metric == GG_METRIC_EUCLIDEAN, fc, fr);
    e.fs_state = (uint64_t)(uint32_t)fs << 32 | (uint32_t)t;
    return e;
}

GG__MV_INLINE gg__mv_hent key_of(const heap *h, int32_t t, int64_t fc, int64_t fr, int32_t fs,
                                 int32_t col, int32_t row, int layer)
{
    return key_of_as(h, t, fc, fr, fs, col, row, layer, h->m->metric);
}

GG__MV_INLINE gg__mv_hent key_entry(const heap *h, int32_t t, int32_t col, int32_t row, int layer)
{
    return key_of(h, t, h->pl->cost[t], h->m->euclid ? h->pl->root2[t] : 0, h->pl->steps[t], col,
                  row, layer);
}

/* Exact (f, fs, state) order, for doubles too close to trust. */
static bool hless_slow(const heap *h, const gg__mv_hent *x, const gg__mv_hent *y)
{
    double d = x->f - y->f;
    if (d > h->tol)
        return false;
    if (d < -h->tol)
        return true;
    int64_t xc = 0, xr = 0, yc = 0, yr = 0;
    int32_t xs = 0, ys = 0;
    key_exact(h, (int32_t)(uint32_t)x->fs_state, &xc, &xr, &xs);
    key_exact(h, (int32_t)(uint32_t)y->fs_state, &yc, &yr, &ys);
    int c = gg__mv_sign_r2(xc - yc, xr - yr);
    if (c != 0)
        return c < 0;
    return x->fs_state < y->fs_state;
}

GG__MV_INLINE bool hless(const heap *h, const gg__mv_hent *x, const gg__mv_hent *y,
                         const bool fexact)
{
    if (fexact) {
#if defined(__SIZEOF_INT128__)
        /* f >= +0 is never NaN, so its bits order like the value: (f, fs_state) compares as
         * one 128-bit integer, without a branch. */
        uint64_t xf, yf;
        memcpy(&xf, &x->f, sizeof xf);
        memcpy(&yf, &y->f, sizeof yf);
        __extension__ typedef unsigned __int128 u128;
        const u128 xk = (u128)xf << 64 | x->fs_state, yk = (u128)yf << 64 | y->fs_state;
        return xk < yk;
#else
        return (x->f < y->f) | ((x->f == y->f) & (x->fs_state < y->fs_state));
#endif
    }
    return hless_slow(h, x, y);
}

/* The heap position slot of state st. */
#define HPOS(h, st) ((h)->pos[(uint32_t)(st)])
/* Writes a position, in heaps that track them (`tracked`: a constant after inlining). */
#define HSET(h, st, i, tracked)                                                                    \
    do {                                                                                           \
        if (tracked)                                                                               \
            HPOS(h, st) = (i);                                                                     \
    } while (0)

/* The heap is 4-ary: half the depth of a binary heap, so a sift moves half as many entries
 * (and writes half as many positions), and the four children share a cache line pair. */
GG__MV_INLINE void hup(heap *h, int32_t i, const bool fexact, const bool tracked)
{
    gg__mv_hent v = h->a[i];
    while (i > 0) {
        int32_t p = (i - 1) / 4;
        if (!hless(h, &v, &h->a[p], fexact))
            break;
        h->a[i] = h->a[p];
        HSET(h, h->a[i].fs_state, i, tracked);
        i = p;
    }
    h->a[i] = v;
    HSET(h, v.fs_state, i, tracked);
}

GG__MV_INLINE void hdown(heap *h, int32_t i, const bool fexact, const bool tracked)
{
    gg__mv_hent v = h->a[i];
    const int32_t len = h->len;
    for (;;) {
        const int32_t c = 4 * i + 1;
        if (c >= len)
            break;
        int32_t best = c;
        if (c + 3 < len) {
            /* A full set of children: the least of four without a branch. */
            const int32_t b1 = c + (int32_t)hless(h, &h->a[c + 1], &h->a[c], fexact);
            const int32_t b2 = c + 2 + (int32_t)hless(h, &h->a[c + 3], &h->a[c + 2], fexact);
            best = hless(h, &h->a[b2], &h->a[b1], fexact) ? b2 : b1;
        } else {
            for (int32_t k = c + 1; k < len; ++k)
                if (hless(h, &h->a[k], &h->a[best], fexact))
                    best = k;
        }
        if (!hless(h, &h->a[best], &v, fexact))
            break;
        h->a[i] = h->a[best];
        HSET(h, h->a[i].fs_state, i, tracked);
        i = best;
    }
    h->a[i] = v;
    HSET(h, v.fs_state, i, tracked);
}

GG__MV_INLINE int32_t hpop(heap *h, const bool fexact, const bool tracked)
{
    int32_t top = (int32_t)(uint32_t)h->a[0].fs_state;
    HSET(h, top, -2, tracked); /* settled */
    if (--h->len > 0) {
        h->a[0] = h->a[h->len];
        hdown(h, 0, fexact, tracked);
    }
    return top;
}

/* True when the label (c, r) is over the budget (exact under Euclidean). */
static inline bool over_budget(const gg__mv *m, int64_t budget_units, int32_t c, int32_t r)
{
    if (budget_units == INT64_MAX)
        return false;
    if (!m->euclid)
        return c > budget_units;
    int64_t dx = (int64_t)c - budget_units;
    if (dx > INT32_MAX)
        return true;
    return gg__mv_sign_r2(dx, r) > 0;
}

/* True when the heap's top key is above the goal's (f, fs) = (gc + gr * sqrt(2), gs). */
GG__MV_INLINE bool past_goal(const heap *h, double gf, int64_t gc, int64_t gr, int32_t gs,
                             const bool fexact)
{
    const gg__mv_hent *top = &h->a[0];
    int32_t ts = (int32_t)(top->fs_state >> 32);
    if (fexact)
        return top->f > gf || (top->f == gf && ts > gs);
    double d = top->f - gf;
    if (d > h->tol || d < -h->tol)
        return d > 0;
    int64_t tc = 0, tr = 0;
    int32_t tfs = 0;
    key_exact(h, (int32_t)(uint32_t)top->fs_state, &tc, &tr, &tfs);
    int c = gg__mv_sign_r2(tc - gc, tr - gr);
    return c > 0 || (c == 0 && ts > gs);
}

/* The entries left of `cell` in the rows above, at and below it (clamped to the map): the
 * neighbourhood prefetch_rows() asks for. */
typedef struct prow {
    int32_t r[3], last;
} prow;

static inline prow prow_of(const gg__mv *m, int32_t cell)
{
    prow p;
    p.last = m->n - 1;
    p.r[1] = cell > 0 ? cell - 1 : 0;
    p.r[0] = p.r[1] >= m->w ? p.r[1] - m->w : p.r[1];
    p.r[2] = p.r[1] + m->w <= p.last ? p.r[1] + m->w : p.r[1];
    return p;
}

/* Asks for those three rows of a plane of `elem`-byte entries, `span` entries each. */
static inline void prefetch_rows(const prow *p, const void *plane, size_t elem, int32_t span)
{
    const unsigned char *b = (const unsigned char *)plane;
    for (int k = 0; k < 3; ++k) {
        GG__MV_PREFETCH_W(b + (size_t)p->r[k] * elem);
        if (span > 1) {
            const int32_t e = p->r[k] + span - 1;
            GG__MV_PREFETCH_W(b + (size_t)(e < p->last ? e : p->last) * elem);
        }
    }
}

/* Whether the heap's doubles order keys exactly under `m` (see the heap's comment), and the
 * tolerance of the slow comparison otherwise (move_heap.c). */
bool gg__mv_heap_exact(const gg__mv *m, double *tol);

#endif
