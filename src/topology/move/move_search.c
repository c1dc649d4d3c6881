/* move_search.c - the engines behind cost-aware movement: Dijkstra by unit buckets (one FIFO;
 * a step of k units travels k-1 "deferred" queue hops, so the queue always holds one cost layer
 * and the next, exactly as a breadth-first search does) for overlays and 5-10-5; for fields of a
 * 1x1 mover under Chebyshev or Manhattan prices a breadth-first search, or two FIFOs of runs of
 * equal keys (each cell labelled once); an indexed 4-ary heap with inline keys for Dijkstra
 * under Euclidean prices and for A*; and A* over compact nodes for the common 1x1 path query.
 * Layer: topology. */
#include <assert.h>
#include <string.h>

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

/* Everything the 1x1 bucketed search reads, copied out of the model so that stores to the labels
 * never force reloads. */
typedef struct bsimple {
    int32_t w, h, n;
    const uint8_t *cells, *mwalls;
    int32_t *cost, *steps;
    uint8_t *prev, *flag;
    uint32_t *stamp;
    uint32_t epoch;
    uint8_t diff_mask;
    int32_t price[3][2];
    int64_t budget;
} bsimple;

/* Relaxes the neighbour of `cell` in direction d = (dc, dr) (constants after inlining). Returns
 * the units of a new queue entry for *out_t, or 0 when none is due. */
GG__MV_INLINE int32_t relax_simple(const bsimple *restrict b, const bool two, const bool stamped,
                                   const bool uniform,
                                   const int d, const int dc, const int dr, const int32_t cell,
                                   const int32_t col, const int32_t row, const bool interior,
                                   const int layer, const int32_t lc, const int32_t ns,
                                   const uint8_t mw, int32_t *out_t)
{
    if (!interior) {
        int32_t c2 = col + dc, r2 = row + dr;
        if (c2 < 0 || r2 < 0 || c2 >= b->w || r2 >= b->h)
            return 0;
    }
    const int32_t w = b->w;
    const int32_t tcell = cell + dr * w + dc;
    int32_t *restrict cost = b->cost;
    if (stamped && b->stamp[tcell] != b->epoch) {
        b->stamp[tcell] = b->epoch;
        cost[tcell] = GG__MV_INF;
        b->flag[tcell] = 0;
        if (two)
            cost[b->n + tcell] = GG__MV_INF;
    }
    const bool diag = dc != 0 && dr != 0;
    const int nl = diag && two ? 1 - layer : layer;
    const int cls = diag ? (two ? 1 + layer : 1) : 0;
    const int32_t t = nl ? b->n + tcell : tcell;
    const int32_t cu = cost[t];
    if (uniform) {
        /* Every step costs one unit: a labelled cell is final, and the predecessor is derived
         * from the costs when a route is read (gg__mv_prev_of()), so this is a plain BFS. */
        if (cu != GG__MV_INF)
            return 0;
        const uint8_t cu8 = b->cells[tcell];
        if ((cu8 & GG__CELL_BLOCKED) || (mw & (1u << d)) || lc + 1 > b->budget)
            return 0;
        if (diag && ((b->cells[cell + dc] | b->cells[cell + dr * w]) & GG__CELL_BLOCKED))
            return 0;
        cost[t] = lc + 1;
        *out_t = t;
        return 1;
    }
    if (cu <= lc)
        return 0; /* final already */
    /* The label test first (most neighbours fail it), legality only for a better label. */
    const uint8_t ct = b->cells[tcell];
    const int32_t units = b->price[cls][(ct & b->diff_mask) != 0];
    const int32_t nu = lc + units;
    if (nu > cu)
        return 0;
    if (nu == cu && ns >= b->steps[t])
        return 0;
    if (nu > b->budget)
        return 0;
    if ((ct & GG__CELL_BLOCKED) || (mw & (1u << d)))
        return 0;
    if (diag && ((b->cells[cell + dc] | b->cells[cell + dr * w]) & GG__CELL_BLOCKED))
        return 0;
    /* No predecessor is stored: gg__mv_prev_of() derives it from the labels. */
    b->steps[t] = ns;
    if (nu == cu)
        return 0;
    cost[t] = nu;
    *out_t = t;
    return units;
}

/* ---- The delayed-step queue of the bucket engines -------------------------------------------
 *
 * Costs are small whole numbers of units, so Dijkstra needs no heap: a FIFO settles states layer
 * by layer (cost 0, 1, 2, ...). A step of `units` enters the queue carrying units - 1 layers of
 * delay and is forwarded one layer at a time until its cost comes due; an entry superseded by a
 * cheaper route is dropped when it surfaces. Entries pack state | remaining << GG__MV_STATE_BITS.
 * Both bucket engines (bucket_core, gg__mv_bucket_search) share this one queue. */
typedef struct dqueue {
    uint32_t *restrict q;
    uint32_t cap, head, tail, count;
    uint32_t in_layer, next_layer; /* entries left in the current layer / queued for the next */
    int32_t layer_cost;            /* the cost, in units, of the layer being settled */
} dqueue;

static inline void dq_init(dqueue *d, uint32_t *q, uint32_t cap, int32_t start)
{
    d->q = q;
    d->cap = cap;
    d->head = 0;
    d->tail = 1;
    d->count = 1;
    d->in_layer = 1;
    d->next_layer = 0;
    d->layer_cost = 0;
    q[0] = (uint32_t)start;
}

/* Queues `state`, reached by a step of `units` >= 1 from the layer being settled. */
static inline bool dq_push(dqueue *d, int32_t state, int32_t units)
{
    if (d->count == d->cap)
        return false;
    d->q[d->tail] = (uint32_t)state | ((uint32_t)(units - 1) << GG__MV_STATE_BITS);
    d->tail = d->tail + 1 == d->cap ? 0 : d->tail + 1;
    ++d->count;
    ++d->next_layer;
    return true;
}

/* The next state to settle (its cost is d->layer_cost): 1; queue empty: 0; full: -1. */
static inline int dq_next(dqueue *d, const int32_t *cost, int32_t *out_state)
{
    while (d->count > 0) {
        if (d->in_layer == 0) {
            ++d->layer_cost;
            d->in_layer = d->next_layer;
            d->next_layer = 0;
            continue;
        }
        uint32_t e = d->q[d->head];
        d->head = d->head + 1 == d->cap ? 0 : d->head + 1;
        --d->count;
        --d->in_layer;
        int32_t s = (int32_t)(e & GG__MV_STATE_MASK);
        int32_t rem = (int32_t)(e >> GG__MV_STATE_BITS);
        if (rem > 0) {
            /* Still travelling: forward it one layer unless a cheaper route superseded it. */
            if (cost[s] != d->layer_cost + rem)
                continue;
            if (!dq_push(d, s, rem))
                return -1;
            continue;
        }
        if (cost[s] != d->layer_cost)
            continue; /* stale: settled earlier at a lower cost */
        *out_state = s;
        return 1;
    }
    return 0;
}

/* The bucketed search for a 1x1 mover with no avoided cells and no other creatures: the hot
 * path of fields and overlays, specialised (after inlining) on the parity layers, the stamps and
 * the metric's directions, with the eight neighbours unrolled. A neighbour whose label is
 * already final is rejected before its legality is looked at. */
GG__MV_INLINE bool bucket_core(const gg__mv *m, gg_scratch *x, gg__mv_planes *pl,
                               gg__mv_search *q, const bool two, const bool stamped,
                               const bool orth, const bool uniform)
{
    bsimple bs;
    bs.w = m->w;
    bs.h = m->h;
    bs.n = m->n;
    bs.cells = m->cells;
    bs.mwalls = m->mwalls;
    bs.cost = pl->cost;
    bs.steps = pl->steps;
    bs.prev = pl->prev;
    bs.flag = pl->flag;
    bs.stamp = pl->stamp;
    bs.epoch = pl->epoch;
    bs.diff_mask = m->ignore_difficult ? 0u : GG__CELL_DIFFICULT;
    memcpy(bs.price, m->price, sizeof bs.price);
    bs.budget = q->budget_ft == INT64_MAX ? INT64_MAX : q->budget_ft / m->unit_ft;
    const bsimple *b = &bs;
    const int32_t w = bs.w, h = bs.h, n = bs.n;
    int32_t *restrict cost = bs.cost;
    uint32_t *restrict queue = x->m_queue;
    const uint32_t cap = (uint32_t)(2 * x->mcells);
    const bool overlay = q->overlay;

    const int32_t start_cell = q->start % n;
    if (stamped) {
        bs.stamp[start_cell] = bs.epoch;
        cost[start_cell] = GG__MV_INF;
        bs.flag[start_cell] = 0;
        if (two)
            cost[n + start_cell] = GG__MV_INF;
    }
    cost[q->start] = 0;
    bs.steps[q->start] = 0;
    bs.prev[q->start] = GG__MV_NO_PREV;

    if (uniform) {
        /* Every step costs one unit: a plain breadth-first search, each cell queued once, so the
         * queue is linear and needs no layer bookkeeping. */
        uint32_t head = 0, tail = 0;
        queue[tail++] = (uint32_t)q->start;
        while (head < tail) {
            const int32_t cell = (int32_t)queue[head++];
            const int32_t lc = cost[cell];
            const int32_t col = cell % w, row = cell / w;
            if (overlay && !bs.flag[cell]) {
                bs.flag[cell] = 1;
                if (q->settled < q->capacity)
                    q->out[q->settled].cell = gg_cell_make(col, row);
                q->settled++;
            }
            const bool interior = col > 0 && row > 0 && col < w - 1 && row < h - 1;
            const uint8_t mw = bs.mwalls[cell];
            int32_t t = 0;
#define GG__MV_BFS(D, DC, DR)                                                                     \
    if (relax_simple(b, false, stamped, true, D, DC, DR, cell, col, row, interior, 0, lc, 0, mw,  \
                     &t))                                                                          \
        queue[tail++] = (uint32_t)t;
            if (!orth) {
                GG__MV_BFS(0, -1, -1)
            }
            GG__MV_BFS(1, -1, 0)
            if (!orth) {
                GG__MV_BFS(2, -1, 1)
            }
            GG__MV_BFS(3, 0, -1)
            GG__MV_BFS(4, 0, 1)
            if (!orth) {
                GG__MV_BFS(5, 1, -1)
            }
            GG__MV_BFS(6, 1, 0)
            if (!orth) {
                GG__MV_BFS(7, 1, 1)
            }
#undef GG__MV_BFS
        }
        return true;
    }

    dqueue dq;
    dq_init(&dq, queue, cap, q->start);
    int32_t s = 0;
    int got;
    while ((got = dq_next(&dq, cost, &s)) > 0) {
        const int32_t lc = dq.layer_cost;
        const int layer = two && s >= n ? 1 : 0;
        const int32_t cell = layer ? s - n : s;
        const int32_t col = cell % w, row = cell / w;
        if (overlay && !bs.flag[cell]) {
            bs.flag[cell] = 1;
            if (q->settled < q->capacity)
                q->out[q->settled].cell = gg_cell_make(col, row);
            q->settled++;
        }
        const bool interior = col > 0 && row > 0 && col < w - 1 && row < h - 1;
        const uint8_t mw = bs.mwalls[cell];
        const int32_t ns = uniform ? lc + 1 : bs.steps[s] + 1;
        int32_t t = 0, units[8];
        int32_t ts[8];
        int k = 0;
        /* Nat20 order: NW, W, SW, N, S, NE, E, SE; Manhattan keeps W, N, S, E. */
#define GG__MV_RELAX(D, DC, DR)                                                                   \
    units[k] = relax_simple(b, two, stamped, uniform, D, DC, DR, cell, col, row, interior, layer, lc, ns,  \
                            mw, &t);                                                               \
    ts[k] = t;                                                                                     \
    k += units[k] != 0;
        if (!orth) {
            GG__MV_RELAX(0, -1, -1)
        }
        GG__MV_RELAX(1, -1, 0)
        if (!orth) {
            GG__MV_RELAX(2, -1, 1)
        }
        GG__MV_RELAX(3, 0, -1)
        GG__MV_RELAX(4, 0, 1)
        if (!orth) {
            GG__MV_RELAX(5, 1, -1)
        }
        GG__MV_RELAX(6, 1, 0)
        if (!orth) {
            GG__MV_RELAX(7, 1, 1)
        }
#undef GG__MV_RELAX
        for (int i = 0; i < k; ++i)
            if (!dq_push(&dq, ts[i], units[i]))
                return false;
    }
    return got == 0;
}

/* ---- Fields of a 1x1 mover whose step price depends only on the cell entered --------------- *
 *
 * Under Chebyshev and Manhattan prices (one layer), a step costs pa units into a plain cell and
 * pb into a difficult one, wherever it comes from. Settled in nondecreasing (cost, steps) order,
 * the first settled neighbour that can step into a cell gives it its final label: any later one
 * has a key at least as large, and the step price is the same. So each cell is labelled once and
 * queued once, and a neighbour is skipped as soon as it is labelled, as in a plain breadth-first
 * search. With one price (uniform) that is a breadth-first search; with two, one FIFO per price
 * receives keys (cost + price, steps + 1) in settle order, so each is sorted, and merging their
 * heads settles in (cost, steps) order. Predecessors are not stored (see gg__mv_prev_of()).
 *
 * Per cell the search reads one precomputed mask (the legal steps, and the difficult
 * neighbours) and three bytes of a one-bit-per-cell "labelled" map that stays in cache; the
 * label planes are only written. Masks use the spatial order of the eight neighbours
 * (NW, N, NE, W, E, SW, S, SE), which is how rows of the bit map read. */

/* gg__dirs index of spatial neighbour k, and the spatial offset of each direction. */
static const uint8_t sp_dir[8] = {0, 3, 5, 1, 6, 2, 4, 7};
static const int8_t sp_dc[8] = {-1, 0, 1, -1, 1, -1, 0, 1};
static const int8_t sp_dr[8] = {-1, -1, -1, 0, 0, 1, 1, 1};
#define GG__MV_SP_ORTH 0x5Au /* N, W, E, S (1, 3, 4, 6) */

/* Spatial bit k is set when the step from `cell` towards neighbour k is legal (bounds
 * checked). */
static uint8_t edge_legal(const gg__mv *m, int32_t cell, int32_t col, int32_t row)
{
    uint32_t legal = 0;
    for (int k = 0; k < 8; ++k) {
        int d = sp_dir[k];
        bool diff = false;
        bool diag = gg__dirs[d].dc != 0 && gg__dirs[d].dr != 0;
        if ((!diag || m->ndirs == 8) && gg__mv_step(m, col, row, cell, d, &diff))
            legal |= 1u << k;
    }
    return (uint8_t)legal;
}

/* Spatial bit k is set when neighbour k of (col, row) is on the map and difficult. */
static uint8_t edge_difficult(const gg__mv *m, int32_t col, int32_t row)
{
    uint32_t diff = 0;
    for (int k = 0; k < 8; ++k) {
        int d = sp_dir[k];
        int32_t c2 = col + gg__dirs[d].dc, r2 = row + gg__dirs[d].dr;
        if (c2 >= 0 && r2 >= 0 && c2 < m->w && r2 < m->h &&
            (m->cells[r2 * m->w + c2] & GG__CELL_DIFFICULT))
            diff |= 1u << k;
    }
    return (uint8_t)diff;
}

/* lmd[cell] = legal steps | difficult neighbours << 8 (with_difficult) for every cell of the
 * grid. One pass over the map; compilers vectorise the interior rows. */
GG__MV_INLINE void cell_masks(const gg__mv *m, uint16_t *restrict lmd, const bool with_difficult)
{
    const int32_t w = m->w, h = m->h;
    const uint8_t keep = m->ndirs == 4 ? GG__MV_SP_ORTH : 0xFFu;
    for (int32_t row = 0; row < h; ++row) {
        const size_t r0 = (size_t)row * (size_t)w;
        uint16_t *restrict out = lmd + r0;
        if (row == 0 || row == h - 1 || w < 3) {
            for (int32_t col = 0; col < w; ++col)
                out[col] = (uint16_t)(edge_legal(m, row * w + col, col, row) |
                                      (with_difficult ? edge_difficult(m, col, row) << 8 : 0));
            continue;
        }
        const uint8_t *up = m->cells + r0 - (size_t)w, *mid = up + w, *dn = mid + w;
        const uint8_t *mwr = m->mwalls + r0;
        for (int32_t i = 1; i < w - 1; ++i)
            out[i] = (uint16_t)(gg__row_steps(up, mid, dn, mwr, i, keep) |
                                (with_difficult ? gg__row_difficult(up, mid, dn, i) << 8 : 0));
        out[0] = (uint16_t)(edge_legal(m, row * w, 0, row) |
                            (with_difficult ? edge_difficult(m, 0, row) << 8 : 0));
        out[w - 1] = (uint16_t)(edge_legal(m, row * w + w - 1, w - 1, row) |
                                (with_difficult ? edge_difficult(m, w - 1, row) << 8 : 0));
    }
}

static inline int first_bit(uint32_t v)
{
#if defined(__GNUC__)
    return __builtin_ctz(v);
#else
    int i = 0;
    while (!(v & 1u)) {
        v >>= 1;
        ++i;
    }
    return i;
#endif
}

/* Bits p .. p + 2 of bit map `bm` (p >= 0; the map has at least 4 bytes past bit p). */
static inline uint32_t bits3(const uint8_t *bm, int32_t p)
{
    const uint8_t *b = bm + ((uint32_t)p >> 3);
#if defined(__BYTE_ORDER__) && defined(__ORDER_LITTLE_ENDIAN__) && \
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
        int32_t t = cell + off[first_bit(b)];
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

static void field_setup(const gg__mv *m, gg_scratch *x, gg__mv_planes *pl,
                        const gg__mv_search *q, fsetup *f, bool with_difficult)
{
    const int32_t w = m->w, n = m->n;
    /* The bit map in the cost plane (8 * ncells bytes), free during a field. */
    f->bm = (uint8_t *)(void *)x->m_cost;
    const int32_t off[8] = {-w - 1, -w, -w + 1, -1, 1, w - 1, w, w + 1};
    memcpy(f->off, off, sizeof off);
    /* Cells whose eight neighbours (and their bits) all lie inside the planes; off-map ones
     * wrap to the other edge of the map and are never legal. */
    f->inner_lo = (uint32_t)w + 1u;
    f->inner_len = n > 2 * w + 2 ? (uint32_t)(n - 2 * w - 2) : 0u;
    if (n == (int32_t)m->s->ncells) {
        /* The grid is the whole scene: its step_masks are the masks, read with the steps this
         * mover has (all eight, or the orthogonal four) and the difficult bits if it needs them. */
        f->lmd = m->smasks;
        f->keep = (m->ndirs == 4 ? GG__MV_SP_ORTH : 0xFFu) | (with_difficult ? 0xFF00u : 0u);
    } else {
        /* A band of rows (an overlay's window): its edge rows are edges here, so the masks are
         * made for it, in the predecessor plane (2 * ncells bytes, free during a field). */
        uint16_t *lmd = (uint16_t *)(void *)x->m_prev;
        if (with_difficult)
            cell_masks(m, lmd, true);
        else
            cell_masks(m, lmd, false);
        f->lmd = lmd;
        f->keep = 0xFFFFu;
    }
    memset(f->bm, 0, ((size_t)n + 7u) / 8u + 4u);
    pl->cost[q->start] = 0;
    pl->steps[q->start] = 0;
    pl->prev[q->start] = GG__MV_NO_PREV;
    f->bm[(uint32_t)q->start >> 3] |= (uint8_t)(1u << ((uint32_t)q->start & 7u));
}

/* Both fields read their queue in order, so it says which cells come next: the search asks
 * for the masks and label rows of the cell FIFO_AHEAD entries on while it works on this one.
 * On a large map they are cache misses otherwise (for the two-price field, whose cells of one
 * cost lie in a wide band, nearly always). */
#define FIFO_AHEAD 12u

static inline void field_prefetch(const uint16_t *lmd, const int32_t *cost, int32_t cell,
                                  int32_t w, int32_t n)
{
    GG__MV_PREFETCH(lmd + cell);
    GG__MV_PREFETCH_W(cost + (cell >= w ? cell - w : cell));
    GG__MV_PREFETCH_W(cost + cell);
    GG__MV_PREFETCH_W(cost + (cell + w < n ? cell + w : cell));
}
/* The breadth-first field (every step one unit). */
static void field_bfs(const gg__mv *m, gg_scratch *x, gg__mv_planes *pl, gg__mv_search *q)
{
    fsetup f;
    field_setup(m, x, pl, q, &f, false);
    const int32_t w = m->w;
    const uint16_t *restrict lmd = f.lmd;
    uint8_t *restrict bm = f.bm;
    int32_t *restrict cost = pl->cost;
    uint32_t *restrict queue = x->m_queue;
    uint32_t head = 0, tail = 0, layer_end = 1;
    int32_t nc = 1; /* the cost of cells entered from the layer being settled */
    queue[tail++] = (uint32_t)q->start;
    while (head < tail) {
        if (head == layer_end) {
            layer_end = tail;
            ++nc;
        }
        const int32_t cell = (int32_t)queue[head++];
        if (head + FIFO_AHEAD < tail)
            field_prefetch(lmd, cost, (int32_t)queue[head + FIFO_AHEAD], w, m->n);
        uint32_t cand =
            unlabelled(bm, f.off, lmd[cell] & f.keep, cell, w, f.inner_lo, f.inner_len);
        for (; cand != 0; cand &= cand - 1u) {
            const int32_t t = cell + f.off[first_bit(cand)];
            bm[(uint32_t)t >> 3] |= (uint8_t)(1u << ((uint32_t)t & 7u));
            cost[t] = nc;
            queue[tail++] = (uint32_t)t;
        }
    }
}

/* One FIFO of field_fifo2(): cells in key order, cut into runs of equal key (cost << 32 |
 * steps). A run's key is stored once, so an entry is just its cell. */
typedef struct frun {
    uint32_t *cells;  /* the entries */
    uint32_t *start;  /* first entry of run r */
    uint64_t *key;    /* key of run r */
    uint32_t tail;    /* entries so far */
    uint32_t runs;    /* runs so far */
    uint32_t cur;     /* the next run to settle */
} frun;

static inline uint64_t frun_key(const frun *f)
{
    return f->cur < f->runs ? f->key[f->cur] : UINT64_MAX;
}

/* The run that cells queued now with key k join: the last run when it has that key and is not
 * yet settled (it then ends at the tail), else a new one. */
static inline uint32_t frun_target(const frun *f, uint64_t k)
{
    return f->runs > f->cur && f->key[f->runs - 1] == k ? f->runs - 1 : f->runs;
}

/* Opens run r (from frun_target()) at entry `from` when it is new and got entries. */
static inline void frun_close(frun *f, uint32_t r, uint32_t from, uint64_t k)
{
    if (f->tail == from || r < f->runs)
        return;
    f->start[r] = from;
    f->key[r] = k;
    f->runs = r + 1;
}

/* The field with two prices: a FIFO of the cells entered at the plain price and one of those
 * entered at the difficult price. Keys (cost, steps) enter each FIFO in nondecreasing order (a
 * run of equal keys settles before any key it produces, which is larger by at least one unit),
 * so settling the run with the smaller key first settles in (cost, steps) order. Every cell is
 * queued once; a FIFO holds at most n cells and n runs, so the two fit the queue buffer's
 * 8 * ncells words exactly (cells 2n, run starts 2n, run keys 2n doubles). Within a run the
 * cells settle in queue order: it changes no label (a cell's label depends only on the key of
 * the first run that reaches it), and predecessors are derived from labels (gg__mv_prev_of()).
 *
 * The search writes one word per cell, like the breadth-first field: the run that labelled it
 * (2 r for run r of the plain FIFO, 2 r + 1 of the difficult one), in the cost plane. Cells
 * sharing a cost lie in a wide band, so every label plane written during the search would cost
 * a cache miss per cell. The field then keeps the run numbers and the run table (readers go
 * through gg__mv_cost_at() / gg__mv_steps_at()), or, when the table does not fit the room the
 * field has for it, one pass in memory order turns run numbers into costs and steps. */
static void field_fifo2(const gg__mv *m, gg_scratch *x, gg__mv_planes *pl, gg__mv_search *q)
{
    const int32_t w = m->w;
    const uint32_t n = (uint32_t)m->n;
    fsetup f;
    field_setup(m, x, pl, q, &f, true);
    const uint16_t *restrict lmd = f.lmd;
    uint8_t *restrict bm = f.bm;
    int32_t *restrict cost = pl->cost;
    int32_t *restrict steps = pl->steps;
    uint32_t *buf = x->m_queue;
    frun fa = {buf, buf + 2u * n, (uint64_t *)(void *)(buf + 4u * n), 0, 0, 0};
    frun fd = {buf + n, buf + 3u * n, fa.key + n, 0, 0, 0};
    const int32_t pa = m->price[0][0], pb = m->price[0][1];
    fa.cells[0] = (uint32_t)q->start;
    fa.start[0] = 0;
    fa.key[0] = 0;
    fa.tail = 1;
    fa.runs = 1;
    cost[q->start] = 0; /* run 0 of the plain FIFO */
    for (;;) {
        const uint64_t ka = frun_key(&fa), kd = frun_key(&fd);
        if (ka == UINT64_MAX && kd == UINT64_MAX)
            break;
        frun *src = ka <= kd ? &fa : &fd;
        const uint64_t key = ka <= kd ? ka : kd;
        uint32_t i = src->start[src->cur];
        const uint32_t end = src->cur + 1 < src->runs ? src->start[src->cur + 1] : src->tail;
        src->cur++;
        /* Every cell this run reaches joins one of two runs. */
        const uint32_t s1 = (uint32_t)key + 1u, c = (uint32_t)(key >> 32);
        const uint64_t kna = (uint64_t)(c + (uint32_t)pa) << 32 | s1;
        const uint64_t knd = (uint64_t)(c + (uint32_t)pb) << 32 | s1;
        const uint32_t ra = frun_target(&fa, kna), rd = frun_target(&fd, knd);
        const int32_t la = (int32_t)(2u * ra), ld = (int32_t)(2u * rd + 1u);
        const uint32_t a0 = fa.tail, d0 = fd.tail;
        uint32_t *restrict ta = fa.cells + a0, *restrict td = fd.cells + d0;
        const uint32_t *cells = src->cells;
        for (; i < end; ++i) {
            const int32_t cell = (int32_t)cells[i];
            if (i + FIFO_AHEAD < end)
                field_prefetch(lmd, cost, (int32_t)cells[i + FIFO_AHEAD], w, (int32_t)n);
            const uint32_t masks = lmd[cell] & f.keep;
            /* One loop, no branch on the terrain: the cell is stored at both tails and only
             * the tail of its FIFO advances (the other slot is overwritten later; both lie
             * inside their FIFO, which never fills while a cell is still unqueued). */
            for (uint32_t b = unlabelled(bm, f.off, masks & 0xFFu, cell, w, f.inner_lo,
                                         f.inner_len);
                 b != 0; b &= b - 1u) {
                const int k = first_bit(b);
                const int32_t t = cell + f.off[k];
                const uint32_t hard = (masks >> (8 + k)) & 1u;
                bm[(uint32_t)t >> 3] |= (uint8_t)(1u << ((uint32_t)t & 7u));
                cost[t] = hard ? ld : la;
                *ta = (uint32_t)t;
                *td = (uint32_t)t;
                ta += 1u - hard;
                td += hard;
            }
        }
        fa.tail = (uint32_t)(ta - fa.cells);
        fd.tail = (uint32_t)(td - fd.cells);
        frun_close(&fa, ra, a0, kna);
        frun_close(&fd, rd, d0, knd);
    }
    /* The field keeps the run numbers and a copy of the run table when it has room (it nearly
     * always has: a run holds 30 to 60 cells on the benchmark maps); otherwise the labels are
     * written out, in memory order. */
    const size_t runs = (size_t)fa.runs + fd.runs;
    if (pl->run_room != NULL && runs <= pl->run_room_words) {
        memcpy(pl->run_room, fa.key, (size_t)fa.runs * sizeof *fa.key);
        memcpy(pl->run_room + fa.runs, fd.key, (size_t)fd.runs * sizeof *fd.key);
        pl->runs[0] = pl->run_room;
        pl->runs[1] = pl->run_room + fa.runs;
        return;
    }
    const uint64_t *keys[2] = {fa.key, fd.key};
    for (uint32_t i = 0; i < n; ++i) {
        /* Without a branch (reached and unreached cells alternate at random on a cluttered
         * map): an unreached cell reads run 0, whose key is the origin's, and keeps it only as
         * steps, which nothing reads behind an infinite cost. */
        const uint32_t reached = (uint32_t)(bm[i >> 3] >> (i & 7u)) & 1u, keep = 0u - reached;
        const uint32_t r = (uint32_t)cost[i] & keep;
        const uint64_t k = keys[r & 1u][r >> 1];
        cost[i] = (int32_t)(((uint32_t)(k >> 32) & keep) | ((uint32_t)GG__MV_INF & ~keep));
        steps[i] = (int32_t)(uint32_t)k;
    }
}

/* True when field_bfs() and field_fifo2() apply: a 1x1 field (unstamped planes), one layer, no
 * Euclidean prices, a step's price set by the cell entered alone. */
static bool fifo_fits(const gg__mv *m, const gg__mv_planes *pl)
{
    return m->simple && pl->stamp == NULL && m->layers == 1 && !m->euclid &&
           (m->ndirs == 4 ||
            (m->price[1][0] == m->price[0][0] && m->price[1][1] == m->price[0][1]));
}

/* A field's cost plane, unreached everywhere (stamped planes need nothing). Each engine clears
 * it when it starts, so a heap search after an overflowed bucket search starts clean. */
static void field_clear(const gg__mv *m, gg__mv_planes *pl)
{
    if (pl->stamp != NULL)
        return;
    const size_t states = (size_t)m->n * (size_t)m->layers;
    for (size_t i = 0; i < states; ++i)
        pl->cost[i] = GG__MV_INF;
}

static bool bucket_simple(const gg__mv *m, gg_scratch *x, gg__mv_planes *pl, gg__mv_search *q)
{
    if (fifo_fits(m, pl)) {
        if (m->uniform)
            field_bfs(m, x, pl, q);
        else
            field_fifo2(m, x, pl, q);
        return true;
    }
    const bool two = m->layers == 2, stamped = pl->stamp != NULL;
    if (m->ndirs == 4)
        return m->uniform ? bucket_core(m, x, pl, q, false, stamped, true, true)
                          : bucket_core(m, x, pl, q, false, stamped, true, false);
    if (two)
        return stamped ? bucket_core(m, x, pl, q, true, true, false, false)
                       : bucket_core(m, x, pl, q, true, false, false, false);
    if (m->uniform)
        return stamped ? bucket_core(m, x, pl, q, false, true, false, true)
                       : bucket_core(m, x, pl, q, false, false, false, true);
    return stamped ? bucket_core(m, x, pl, q, false, true, false, false)
                   : bucket_core(m, x, pl, q, false, false, false, false);
}

bool gg__mv_bucket_search(const gg__mv *m, gg_scratch *x, gg__mv_planes *pl, gg__mv_search *q)
{
    field_clear(m, pl);
    if (m->simple)
        return bucket_simple(m, x, pl, q);
    uint32_t *queue = x->m_queue;
    const uint32_t cap = (uint32_t)(2 * x->mcells);
    const int32_t n = m->n, w = m->w;
    int32_t *cost = pl->cost, *steps = pl->steps;
    int64_t budget = q->budget_ft == INT64_MAX ? INT64_MAX : q->budget_ft / m->unit_ft;

    int32_t start_cell = q->start % n;
    gg__mv_touch(m, pl, NULL, start_cell);
    cost[q->start] = 0;
    steps[q->start] = 0;
    pl->prev[q->start] = GG__MV_NO_PREV;

    dqueue dq;
    dq_init(&dq, queue, cap, q->start);
    int32_t s = 0;
    int got;
    while ((got = dq_next(&dq, cost, &s)) > 0) {
        const int32_t layer_cost = dq.layer_cost;
        int32_t layer = s / n, cell = s - layer * n;
        collect(x, q, w, cell);
        int32_t col = cell % w, row = cell / w;
        int32_t ns = steps[s] + 1;
        for (int32_t k = 0; k < m->ndirs; ++k) {
            int d = m->dirs[k];
            bool diff = false;
            if (!gg__mv_step(m, col, row, cell, d, &diff))
                continue;
            int nl = 0;
            int cls = gg__mv_class(m, d, layer, &nl);
            int32_t units = m->price[cls][diff];
            int32_t nu = layer_cost + units;
            if (nu > budget)
                continue;
            int32_t tcell = cell + gg__dirs[d].dr * w + gg__dirs[d].dc;
            int32_t t = nl * n + tcell;
            gg__mv_touch(m, pl, NULL, tcell);
            if (relax(m, pl, t, nu, 0, ns, d, layer) == 1 && !dq_push(&dq, t, units))
                return false;
        }
    }
    return got == 0;
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

/* The compact A*'s node (gg__mv_cnode, scratch.h): meta = steps | direction << 27 (of the step
 * that reached it, in gg__dirs order) | CN_QUEUED | CN_SETTLED. */
typedef gg__mv_cnode cnode;
#define CN_STEPS 0x07FFFFFFu /* scenes have at most 2^26 cells, so steps fit 27 bits */
#define CN_DIR_SHIFT 27
#define CN_DIR(meta) ((meta) >> CN_DIR_SHIFT & 7u)
#define CN_QUEUED 0x40000000u  /* on the stack, or in the heap (perhaps more than once) */
#define CN_SETTLED 0x80000000u /* popped */

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
GG__MV_INLINE gg__mv_hent key_of_as(const heap *h, int32_t t, int64_t fc, int64_t fr,
                                    int32_t fs, int32_t col, int32_t row, int layer,
                                    gg_metric metric)
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

GG__MV_INLINE gg__mv_hent key_entry(const heap *h, int32_t t, int32_t col, int32_t row,
                                    int layer)
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
#define HSET(h, st, i, tracked)                                                                  \
    do {                                                                                       \
        if (tracked)                                                                           \
            HPOS(h, st) = (i);                                                                 \
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

/* Relaxes state t (in cell tcell) with the label (nu, nr, ns) from `layer` by direction d, and
 * queues or re-keys it when its key fell. */
GG__MV_INLINE void heap_relax(heap *h, const gg__mv *m, gg_scratch *x, gg__mv_planes *pl,
                              int64_t budget, int32_t t, int32_t tcell, int32_t tcol,
                              int32_t trow, int tlayer, int32_t nu, int32_t nr, int32_t ns, int d,
                              int layer, const bool fexact)
{
    if (over_budget(m, budget, nu, nr))
        return;
    gg__mv_touch(m, pl, x->m_pos, tcell);
    /* A settled label is final in cost and steps (the heuristic is consistent), but A* may
     * settle a cell before an equally good predecessor that ties its key and is shallower; that
     * predecessor may still win the direction tie rule. */
    bool closed = HPOS(h, t) == -2;
    int r = relax(m, pl, t, nu, nr, ns, d, layer);
    if (r == 0 || closed)
        return;
    int32_t at = HPOS(h, t);
    if (at < 0) {
        at = h->len++;
        HPOS(h, t) = at;
    }
    h->a[at] = key_entry(h, t, tcol, trow, tlayer);
    hup(h, at, fexact, true);
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

/* Asks for the labels and cells around `cell` (one layer), which the search reads when it
 * settles that cell, probably next: on large maps they are cache misses otherwise, and the
 * work on the current cell hides the wait. */
static inline void prefetch_around(const gg__mv *m, const gg__mv_planes *pl, const int32_t *pos,
                                   int32_t cell)
{
    const prow p = prow_of(m, cell);
    if (pl->stamp != NULL)
        prefetch_rows(&p, pl->stamp, sizeof *pl->stamp, 1);
    prefetch_rows(&p, pl->cost, sizeof *pl->cost, 1);
    prefetch_rows(&p, pl->steps, sizeof *pl->steps, 1);
    if (pl->root2 != NULL)
        prefetch_rows(&p, pl->root2, sizeof *pl->root2, 1);
    prefetch_rows(&p, pos, sizeof *pos, 1);
    prefetch_rows(&p, m->cells, 1, 1);
    GG__MV_PREFETCH(m->mwalls + cell);
}

/* simple1: a 1x1 mover with one layer; its legal steps come from the nine cells around it at
 * once (gg__row_steps()), in spatial order (the result does not depend on the order: relax()
 * keeps the first direction among equal labels). */
GG__MV_INLINE void heap_search(const gg__mv *m, gg_scratch *x, gg__mv_planes *pl,
                               gg__mv_search *q, const bool fexact, double tol,
                               const bool simple1)
{
    const int32_t n = m->n, w = m->w, hgt = m->h;
    const bool astar = q->goal_cell >= 0;
    heap h;
    h.a = x->m_heap;
    h.pos = x->m_pos;
    h.len = 0;
    h.cap = (int32_t)(2 * x->mcells);
    h.m = m;
    h.pl = pl;
    h.astar = astar;
    h.goal = astar ? gg_cell_make(q->goal_cell % w, q->goal_cell / w) : gg_cell_make(0, 0);
    h.tol = tol;
    int64_t budget = q->budget_ft == INT64_MAX ? INT64_MAX : q->budget_ft / m->unit_ft;
    q->goal_state = -1;
    const int32_t off[8] = {-w - 1, -w, -w + 1, -1, 1, w - 1, w, w + 1};
    const uint8_t keep = m->ndirs == 4 ? GG__MV_SP_ORTH : 0xFFu;
    const uint8_t dmask = m->ignore_difficult ? 0u : GG__CELL_DIFFICULT;

    if (pl->stamp == NULL) { /* a field: no stamps say what is initialised, so all of it is */
        field_clear(m, pl);
        for (int32_t i = 0; i < n * m->layers; ++i)
            x->m_pos[i] = -1;
    }
    int32_t sc = q->start % n;
    gg__mv_touch(m, pl, x->m_pos, sc);
    pl->cost[q->start] = 0;
    pl->steps[q->start] = 0;
    if (m->euclid)
        pl->root2[q->start] = 0;
    pl->prev[q->start] = GG__MV_NO_PREV;
    h.a[0] = key_entry(&h, q->start, sc % w, sc / w, (int)(q->start / n));
    HPOS(&h, q->start) = 0;
    h.len = 1;

    /* The goal's key once found. */
    double gf = 0.0;
    int64_t gkc = 0, gkr = 0;
    int32_t gks = 0;
    while (h.len > 0) {
        /* Keep settling states whose key ties the goal's, so that every optimal predecessor of
         * the route is known before it is read back (the field's tie rule). */
        if (q->goal_state >= 0 && past_goal(&h, gf, gkc, gkr, gks, fexact))
            break;
        int32_t s = hpop(&h, fexact, true);
        if (simple1 && h.len > 0)
            prefetch_around(m, pl, x->m_pos, (int32_t)(uint32_t)h.a[0].fs_state);
        int32_t layer = s >= n, cell = s - layer * n; /* at most two layers */
        if (astar && cell == q->goal_cell && q->goal_state < 0) {
            q->goal_state = s;
            gkc = pl->cost[s];
            gkr = m->euclid ? pl->root2[s] : 0;
            gks = pl->steps[s];
            gf = key_f(m->euclid, gkc, gkr);
            continue; /* nothing beyond the goal is needed */
        }
        collect(x, q, w, cell);
        int32_t row = cell / w, col = cell - row * w;
        int32_t ns = pl->steps[s] + 1;
        if (simple1) {
            uint32_t legal;
            if (col > 0 && row > 0 && col < w - 1 && row < hgt - 1) {
                const uint8_t *mid = m->cells + (size_t)row * (size_t)w;
                legal = gg__row_steps(mid - w, mid, mid + w,
                                      m->mwalls + (size_t)row * (size_t)w, col, keep);
            } else {
                legal = edge_legal(m, cell, col, row);
            }
            const int32_t g = pl->cost[s], g2 = m->euclid ? pl->root2[s] : 0;
            for (; legal != 0; legal &= legal - 1u) {
                const int k = first_bit(legal);
                const int32_t t = cell + off[k];
                const int diff = (m->cells[t] & dmask) != 0;
                const int cls = (0xA5u >> k) & 1u; /* NW, NE, SW, SE */
                heap_relax(&h, m, x, pl, budget, t, t, col + sp_dc[k], row + sp_dr[k], 0,
                           g + m->price[cls][diff], g2 + m->price_r2[cls][diff], ns, sp_dir[k],
                           0, fexact);
            }
            continue;
        }
        for (int32_t k = 0; k < m->ndirs; ++k) {
            int d = m->dirs[k];
            bool diff = false;
            if (!gg__mv_step(m, col, row, cell, d, &diff))
                continue;
            int nl = 0;
            int cls = gg__mv_class(m, d, layer, &nl);
            int32_t nu = pl->cost[s] + m->price[cls][diff];
            int32_t nr = m->euclid ? pl->root2[s] + m->price_r2[cls][diff] : 0;
            int32_t tcol = col + gg__dirs[d].dc, trow = row + gg__dirs[d].dr;
            int32_t tcell = trow * w + tcol;
            heap_relax(&h, m, x, pl, budget, nl * n + tcell, tcell, tcol, trow, nl, nu, nr, ns, d,
                       layer, fexact);
        }
    }
    if (astar && q->goal_state >= 0)
        q->goal_state = gg__mv_best_state(m, pl, q->goal_cell);
}

/* Whether the heap's doubles order keys exactly under `m` (see the heap's comment), and the
 * tolerance of the slow comparison otherwise. */
static bool heap_exact(const gg__mv *m, double *tol)
{
    /* B of the comment above: every label's whole and sqrt(2) parts are at most B. */
    int64_t dear = 0;
    for (int k = 0; k < 3; ++k)
        for (int d = 0; d < 2; ++d) {
            int64_t p = (int64_t)m->price[k][d] + m->price_r2[k][d];
            dear = p > dear ? p : dear;
        }
    int64_t bound = dear * ((int64_t)m->n * m->layers + m->w + m->h);
    *tol = (double)bound * 0x1p-48;
    return !m->euclid || bound <= ((int64_t)1 << 24);
}

/* ---- A* for a 1x1 mover on one layer, labels in compact nodes ---------------------------------
 *
 * The same search as heap_search() (same keys, same stop rule, so the same labels and route;
 * only states with equal keys may settle in another order, which changes no label), for the
 * query hosts make most: one pair, a 1x1 mover, no avoid list or other creatures, any metric but
 * 5-10-5. Its labels live in the scratch's cnode plane, 16 bytes a cell with the query epoch
 * that makes them valid, so relaxing a neighbour reads one cache line instead of a stamp and six
 * planes. Its queue (below) writes no heap positions. */

/* The queue: buckets of f, and for the lowest bucket a stack and a small lazy heap.
 *
 * Under a consistent heuristic the f of every key queued is at least that of the key just
 * settled, and at most two of the dearest steps above it (the step's price plus the heuristic's
 * change). So keys wait in `nb` buckets by f (bucket b = floor((f - f0) / width), kept
 * circularly: nb widths span more than that reach), and only the lowest bucket is a heap. Every
 * key in the heap has a lower bucket, hence a lower f, than every key still in a bucket, so the
 * heap's top is the least key of all: states settle in key order, as from one heap of every
 * key, while the heap holds hundreds of keys instead of tens of thousands. (The states whose key
 * equals the one just settled skip even that heap: see astar_1x1().)
 *
 * Bucket entries are states, not keys: a bucket's entries become heap keys when it is reached,
 * computed from the node then. A state re-keyed while in a bucket gets a new entry in its new
 * (lower or the same) bucket; the old entry is dropped when its bucket is reached, because the
 * state is then queued or settled. Entries are {state, next} lists in a pool of `cap` entries;
 * when the pool is full, cbq_compact() drops the stale ones, after which at most one entry per
 * waiting state remains (fewer than the cells, so there is room again). */
#define CBQ_NONE UINT32_MAX
#define CBQ_MAX_BUCKETS 1024

typedef struct cbq_ent {
    uint32_t state, next;
} cbq_ent;

typedef struct cbq {
    uint32_t *head; /* [mask + 1] the newest entry of each bucket, CBQ_NONE when empty */
    cbq_ent *ent;   /* the pool */
    uint32_t cap, used, free_list, pending, mask;
    bool full; /* the pool (or the heap) had no room even after compaction: the search gives up */
    int64_t cur; /* the heap's bucket */
    double f0, inv_width;
    int32_t w; /* map width, to recover a state's cell */
    /* The key (f, fs) settled last, and the stack of states queued with that same key: see
     * astar_1x1(). */
    double kf;
    uint32_t kfs;
    uint32_t *stack;
    int32_t slen;
} cbq;

static inline int64_t cbq_bucket(const cbq *q, double f)
{
    /* Monotone in f (a subtraction, a product by a positive constant, a truncation), which is
     * all the order argument needs; an f below f0 by rounding lands in bucket 0. */
    return (int64_t)((f - q->f0) * q->inv_width);
}

/* The heap key of state t, from its node. */
GG__MV_INLINE gg__mv_hent cbq_key(const heap *h, const cbq *q, const cnode *nd, int32_t t,
                                  const gg_metric metric)
{
    const int32_t row = t / q->w, col = t - row * q->w;
    return key_of_as(h, t, nd->cost, nd->root2, (int32_t)(nd->meta & CN_STEPS), col, row, 0,
                     metric);
}

static inline void cbq_free(cbq *q, uint32_t i)
{
    q->ent[i].next = q->free_list;
    q->free_list = i;
}

/* Drops every entry whose state no longer waits in that bucket (queued, settled, re-keyed into a
 * lower bucket, or listed twice), returning pool entries to the free list. */
static void cbq_compact(cbq *q, const heap *h, cnode *nodes, const gg_metric metric)
{
    const uint32_t kept_mark = CN_QUEUED | CN_SETTLED; /* never both otherwise */
    q->pending = 0;
    for (uint32_t s = 0; s <= q->mask; ++s) {
        const int64_t b = q->cur + (int64_t)((s - (uint32_t)q->cur) & q->mask);
        uint32_t i = q->head[s], kept = CBQ_NONE;
        while (i != CBQ_NONE) {
            const uint32_t next = q->ent[i].next, t = q->ent[i].state;
            cnode *nd = &nodes[t];
            if ((nd->meta & kept_mark) == 0 &&
                cbq_bucket(q, cbq_key(h, q, nd, (int32_t)t, metric).f) == b) {
                nd->meta |= kept_mark;
                q->ent[i].next = kept;
                kept = i;
                ++q->pending;
            } else {
                cbq_free(q, i);
            }
            i = next;
        }
        q->head[s] = kept;
    }
    for (uint32_t s = 0; s <= q->mask; ++s)
        for (uint32_t i = q->head[s]; i != CBQ_NONE; i = q->ent[i].next)
            nodes[q->ent[i].state].meta &= ~kept_mark;
}

/* Lists state t in bucket b (above the heap's). */
static inline void cbq_add(cbq *q, const heap *h, cnode *nodes, int32_t t, int64_t b,
                           const gg_metric metric)
{
    assert(b > q->cur && b - q->cur <= (int64_t)q->mask);
    if (q->free_list == CBQ_NONE && q->used == q->cap) {
        cbq_compact(q, h, nodes, metric);
        if (q->free_list == CBQ_NONE) { /* only with a cap below the cells (tests) */
            q->full = true;
            return;
        }
    }
    uint32_t i = q->free_list;
    if (i != CBQ_NONE)
        q->free_list = q->ent[i].next;
    else
        i = q->used++;
    const uint32_t s = (uint32_t)b & q->mask;
    q->ent[i].state = (uint32_t)t;
    q->ent[i].next = q->head[s];
    q->head[s] = i;
    ++q->pending;
}

/* Refills the empty stack and heap from the next bucket that still has waiting states; false
 * when none. */
GG__MV_INLINE bool cbq_refill(cbq *q, heap *h, cnode *nodes, const gg_metric metric)
{
    while (q->pending > 0) {
        ++q->cur;
        const uint32_t s = (uint32_t)q->cur & q->mask;
        uint32_t i = q->head[s];
        if (i == CBQ_NONE)
            continue;
        q->head[s] = CBQ_NONE;
        while (i != CBQ_NONE) {
            const uint32_t next = q->ent[i].next, t = q->ent[i].state;
            cnode *nd = &nodes[t];
            if ((nd->meta & (CN_QUEUED | CN_SETTLED)) == 0) {
                nd->meta |= CN_QUEUED;
                h->a[h->len++] = cbq_key(h, q, nd, (int32_t)t, metric);
            }
            cbq_free(q, i);
            --q->pending;
            i = next;
        }
        if (h->len > 0) {
            /* The bucket's least key is settled next: its states go onto the stack (a bucket
             * holds one or two distinct keys on a grid), the others into the heap. */
            double kf = h->a[0].f;
            uint32_t kfs = (uint32_t)(h->a[0].fs_state >> 32);
            for (int32_t k = 1; k < h->len; ++k) {
                const uint32_t fs = (uint32_t)(h->a[k].fs_state >> 32);
                if (h->a[k].f < kf || (h->a[k].f == kf && fs < kfs)) {
                    kf = h->a[k].f;
                    kfs = fs;
                }
            }
            int32_t rest = 0;
            for (int32_t k = 0; k < h->len; ++k) {
                if (h->a[k].f == kf && (uint32_t)(h->a[k].fs_state >> 32) == kfs)
                    q->stack[q->slen++] = (uint32_t)h->a[k].fs_state;
                else
                    h->a[rest++] = h->a[k];
            }
            h->len = rest;
            for (int32_t k = (h->len - 2) / 4; k >= 0; --k)
                hdown(h, k, true, false);
            q->kf = kf;
            q->kfs = kfs;
            return true;
        }
    }
    return false;
}

/* Sets up the queue for a search whose first key has f = f0, under `m`'s prices. */
static void cbq_init(cbq *q, uint32_t *heads, const gg__mv *m, gg_scratch *x, double f0,
                     const gg_metric metric)
{
    q->head = heads;
    /* The pool lives in the cost plane, which this search does not use otherwise. */
    q->ent = (cbq_ent *)(void *)x->m_cost;
    q->cap = (uint32_t)x->m_astar_pool_cap;
    q->used = 0;
    q->full = false;
    q->free_list = CBQ_NONE;
    q->pending = 0;
    q->cur = 0;
    q->w = m->w;
    q->f0 = f0;
    q->kf = -1.0; /* no key settled yet */
    q->kfs = 0;
    q->stack = (uint32_t *)x->queue;
    q->slen = 0;
    /* About one bucket per 64 cells, at least 16 (the reach argument needs more than 4). */
    uint32_t nb = 16;
    while (nb < CBQ_MAX_BUCKETS && nb * 64u < (uint32_t)x->ncells)
        nb *= 2;
    q->mask = nb - 1;
    double dearest = 0.0;
    for (int k = 0; k < 3; ++k)
        for (int d = 0; d < 2; ++d) {
            const double p =
                key_f(metric == GG_METRIC_EUCLIDEAN, m->price[k][d], m->price_r2[k][d]);
            dearest = p > dearest ? p : dearest;
        }
    /* A key's f exceeds the settled one by at most 2 * dearest, its bucket the heap's by at
     * most 1 + (nb - 4) plus rounding: less than nb. */
    q->inv_width = (double)(nb - 4) / (2.0 * dearest);
    for (uint32_t i = 0; i < nb; ++i)
        heads[i] = CBQ_NONE;
}

/* Drops the heap's stale entries (their state settled, or queued again with a lower key),
 * leaving at most one per state, fewer than the cells: only a heap of that many repeats fills
 * its 2 * cells entries. */
static void cn_heap_compact(heap *h, const cbq *q, const cnode *nodes, const gg_metric metric)
{
    int32_t kept = 0;
    for (int32_t i = 0; i < h->len; ++i) {
        const int32_t t = (int32_t)(uint32_t)h->a[i].fs_state;
        const cnode *nd = &nodes[t];
        if (nd->meta & CN_SETTLED)
            continue;
        const gg__mv_hent now = cbq_key(h, q, nd, t, metric);
        if (now.f == h->a[i].f && now.fs_state == h->a[i].fs_state)
            h->a[kept++] = h->a[i];
    }
    h->len = kept;
    for (int32_t k = (h->len - 2) / 4; k >= 0; --k)
        hdown(h, k, true, false);
}

/* Relaxes node t (cell (tcol, trow)) with the label (nu, nr, ns) by direction d: as
 * heap_relax(), with the node's epoch standing in for the stamp. */
GG__MV_INLINE void cn_relax(heap *h, cbq *q, cnode *nodes, uint32_t epoch, int32_t t,
                            int32_t tcol, int32_t trow, int32_t nu, int32_t nr, uint32_t ns,
                            uint32_t d, const gg_metric metric)
{
    cnode *nd = &nodes[t];
    if (nd->epoch != epoch) {
        nd->epoch = epoch;
        nd->cost = GG__MV_INF;
        nd->root2 = 0;
        nd->meta = CN_STEPS;
    }
    const int32_t cu = nd->cost;
    int c;
    if (metric == GG_METRIC_EUCLIDEAN) {
        /* Exact as doubles, as the heap's keys are (this search runs only when they are), and
         * cheaper than gg__mv_sign_r2(). An unreached node's GG__MV_INF exceeds every label. */
        const double gn = key_f(true, nu, nr), gc = key_f(true, cu, nd->root2);
        c = (gn > gc) - (gn < gc);
    } else {
        c = (nu > cu) - (nu < cu);
    }
    if (c > 0)
        return;
    const uint32_t meta = nd->meta, os = meta & CN_STEPS;
    if (c == 0 && (ns > os || (ns == os && d >= CN_DIR(meta))))
        return;
    const uint32_t flags = meta & (CN_QUEUED | CN_SETTLED);
    nd->meta = ns | d << CN_DIR_SHIFT | flags;
    /* As in heap_relax(): a settled label only takes the better direction; an unchanged key
     * (only the direction improved) keeps its place. */
    if ((flags & CN_SETTLED) || (c == 0 && ns == os))
        return;
    if (c < 0) {
        nd->cost = nu;
        nd->root2 = nr;
    }
    const gg__mv_hent e = key_of_as(h, t, nd->cost, nd->root2, (int32_t)ns, tcol, trow, 0,
                                    metric);
    /* The key just settled again: onto the stack (see astar_1x1()). */
    if (e.f == q->kf && (uint32_t)(e.fs_state >> 32) == q->kfs) {
        nd->meta |= CN_QUEUED;
        q->stack[q->slen++] = (uint32_t)t;
        return;
    }
    /* Into a later bucket, or the heap when its f belongs to the heap's bucket. A state already
     * in the heap gets a second entry there: the better one is popped first and settles it, and
     * the stale one is skipped when it comes up. */
    const int64_t b = cbq_bucket(q, e.f);
    if (b > q->cur && !(flags & CN_QUEUED)) {
        cbq_add(q, h, nodes, t, b, metric);
        return;
    }
    nd->meta |= CN_QUEUED;
    if (h->len == h->cap) {
        cn_heap_compact(h, q, nodes, metric);
        if (h->len == h->cap) { /* only with a cap below twice the cells (tests) */
            q->full = true;
            return;
        }
    }
    const int32_t at = h->len++;
    h->a[at] = e;
    hup(h, at, true, false);
}

/* prefetch_around() for compact nodes (three of them span two cache lines). */
static inline void cn_prefetch(const gg__mv *m, const cnode *nodes, int32_t cell)
{
    const prow p = prow_of(m, cell);
    prefetch_rows(&p, nodes, sizeof *nodes, 3);
    GG__MV_PREFETCH(m->smasks + cell);
}

bool gg__mv_astar_1x1_fits(const gg__mv *m, const gg_scratch *x)
{
    double tol = 0.0;
    return m->simple && m->layers == 1 && m->n == (int32_t)x->ncells && heap_exact(m, &tol);
}

GG__MV_INLINE gg_status astar_1x1(const gg__mv *m, gg_scratch *x, int32_t start, int32_t goal,
                                  gg_cell *out, int32_t capacity, int32_t *out_count,
                                  gg_metric_cost *out_cost, const gg_metric metric)
{
    const int32_t w = m->w;
    cnode *nodes = x->m_nodes;
    const uint32_t epoch = x->epoch;
    heap h;
    h.a = x->m_heap;
    h.pos = NULL;
    h.len = 0;
    h.cap = (int32_t)x->m_astar_heap_cap;
    h.m = m;
    h.pl = NULL;
    h.astar = true;
    h.goal = gg_cell_make(goal % w, goal / w);
    h.tol = 0.0;
    const int32_t off[8] = {-w - 1, -w, -w + 1, -1, 1, w - 1, w, w + 1};
    const uint8_t keep = m->ndirs == 4 ? GG__MV_SP_ORTH : 0xFFu;
    const uint32_t dmask = m->ignore_difficult ? 0u : 0xFFu;

    nodes[start].epoch = epoch;
    nodes[start].cost = 0;
    nodes[start].root2 = 0;
    nodes[start].meta = CN_QUEUED;
    h.a[0] = key_of_as(&h, start, 0, 0, 0, start % w, start / w, 0, metric);
    h.len = 1;
    uint32_t heads[CBQ_MAX_BUCKETS];
    cbq q;
    cbq_init(&q, heads, m, x, h.a[0].f, metric);
    /* Step prices [diagonal][difficult], copied: stores to the nodes would otherwise force
     * reloads from the model. */
    const int32_t pu[2][2] = {{m->price[0][0], m->price[0][1]}, {m->price[1][0], m->price[1][1]}};
    const int32_t pr[2][2] = {{m->price_r2[0][0], m->price_r2[0][1]},
                              {m->price_r2[1][0], m->price_r2[1][1]}};

    bool found = false;
    double gf = 0.0;
    int64_t gkc = 0, gkr = 0;
    int32_t gks = 0;
    /* States whose key equals the key just settled are next whatever else is queued (no key
     * queued is lower: f never falls, and a state reached with the same f has at least the
     * same fs), and the order among equal keys changes no label: a label a tie could still
     * improve would need a smaller key, and the stop rule settles every key up to the goal's.
     * Nearly every state settled on a grid ties the one before (f takes few values), so those
     * go on a stack instead of the heap, and popping the newest first walks along the front,
     * from one cell to a neighbour whose node is in cache, instead of across it. */
    for (;;) {
        if (q.full)
            return GG__MV_GAVE_UP;
        if (q.slen == 0 && h.len == 0 && !cbq_refill(&q, &h, nodes, metric))
            break;
        int32_t cell;
        if (q.slen > 0) {
            /* Keep settling states whose key ties the goal's (heap_search()'s stop rule). */
            if (found && (q.kf > gf || (q.kf == gf && q.kfs > (uint32_t)gks)))
                break;
            cell = (int32_t)q.stack[--q.slen];
        } else {
            if (found && past_goal(&h, gf, gkc, gkr, gks, true))
                break;
            q.kf = h.a[0].f;
            q.kfs = (uint32_t)(h.a[0].fs_state >> 32);
            cell = hpop(&h, true, false);
        }
        if (q.slen > 0)
            cn_prefetch(m, nodes, (int32_t)q.stack[q.slen - 1]);
        else if (h.len > 0)
            cn_prefetch(m, nodes, (int32_t)(uint32_t)h.a[0].fs_state);
        cnode *sn = &nodes[cell];
        if (sn->meta & CN_SETTLED)
            continue; /* a stale entry */
        sn->meta = (sn->meta & ~CN_QUEUED) | CN_SETTLED;
        if (cell == goal && !found) {
            found = true;
            gkc = sn->cost;
            gkr = m->euclid ? sn->root2 : 0;
            gks = (int32_t)(sn->meta & CN_STEPS);
            gf = key_f(m->euclid, gkc, gkr);
            continue;
        }
        const int32_t row = cell / w, col = cell - row * w;
        /* The whole scene is the grid here, so its step_masks word is the legal steps. */
        const uint32_t sm = m->smasks[cell], difficult = sm >> 8 & dmask;
        uint32_t legal = sm & keep;
        const int32_t g = sn->cost, g2 = sn->root2;
        const uint32_t ns = (sn->meta & CN_STEPS) + 1u;
        for (; legal != 0; legal &= legal - 1u) {
            const int k = first_bit(legal);
            const int32_t t = cell + off[k];
            const int diff = (int)(difficult >> k & 1u);
            const int cls = (0xA5u >> k) & 1u; /* NW, NE, SW, SE */
            cn_relax(&h, &q, nodes, epoch, t, col + sp_dc[k], row + sp_dr[k], g + pu[cls][diff],
                     g2 + pr[cls][diff], ns, sp_dir[k], metric);
        }
    }
    if (!found)
        return GG_OK;
    const cnode *gn = &nodes[goal];
    if (out_cost != NULL) {
        out_cost->feet = (int64_t)gn->cost * m->unit_ft;
        out_cost->root2_feet = m->euclid ? (int64_t)gn->root2 * m->unit_ft : 0;
        out_cost->steps = (int64_t)(gn->meta & CN_STEPS);
        out_cost->parity = m->parity_in;
    }
    /* The route, back from the goal along the recorded directions (the start has none). */
    int32_t len = (int32_t)(gn->meta & CN_STEPS) + 1;
    *out_count = len;
    if (len > capacity)
        return GG_E_BUFFER_TOO_SMALL;
    int32_t cell = goal;
    for (int32_t i = len - 1; i >= 0; --i) {
        out[i] = gg_cell_make(cell % w, cell / w);
        if (i > 0) {
            const gg__dir *d = &gg__dirs[CN_DIR(nodes[cell].meta)];
            cell -= d->dr * w + d->dc;
        }
    }
    return GG_OK;
}

gg_status gg__mv_astar_1x1(const gg__mv *m, gg_scratch *x, int32_t start, int32_t goal,
                           gg_cell *out, int32_t capacity, int32_t *out_count,
                           gg_metric_cost *out_cost)
{
    switch (m->metric) {
    case GG_METRIC_EUCLIDEAN:
        return astar_1x1(m, x, start, goal, out, capacity, out_count, out_cost,
                         GG_METRIC_EUCLIDEAN);
    case GG_METRIC_MANHATTAN:
        return astar_1x1(m, x, start, goal, out, capacity, out_count, out_cost,
                         GG_METRIC_MANHATTAN);
    case GG_METRIC_CHEBYSHEV:
    case GG_METRIC_ALTERNATING: /* never: 5-10-5 has two layers (gg__mv_astar_1x1_fits()) */
        break;
    }
    return astar_1x1(m, x, start, goal, out, capacity, out_count, out_cost, GG_METRIC_CHEBYSHEV);
}

void gg__mv_heap_search(const gg__mv *m, gg_scratch *x, gg__mv_planes *pl, gg__mv_search *q)
{
    double tol = 0.0;
    const bool fexact = heap_exact(m, &tol);
    if (m->simple && m->layers == 1) {
        if (fexact)
            heap_search(m, x, pl, q, true, 0.0, true);
        else
            heap_search(m, x, pl, q, false, tol, true);
    } else {
        if (fexact)
            heap_search(m, x, pl, q, true, 0.0, false);
        else
            heap_search(m, x, pl, q, false, tol, false);
    }
}

int gg__mv_prev_of(const gg__mv *m, const gg__mv_planes *pl, int32_t state)
{
    const int32_t n = m->n;
    int32_t c = gg__mv_cost_at(pl, state);
    if (c == 0 || c == GG__MV_INF)
        return -1;
    int l = (int)(state / n);
    int32_t cell = state - l * n;
    int32_t steps = m->uniform ? c : gg__mv_steps_at(pl, state);
    int32_t col = cell % m->w, row = cell / m->w;
    for (int32_t k = 0; k < m->ndirs; ++k) {
        int d = m->dirs[k];
        bool diag = gg__dirs[d].dc != 0 && gg__dirs[d].dr != 0;
        int32_t pc = col - gg__dirs[d].dc, pr = row - gg__dirs[d].dr;
        if (pc < 0 || pr < 0 || pc >= m->w || pr >= m->h)
            continue;
        int32_t pcell = pr * m->w + pc;
        if (pl->stamp != NULL && pl->stamp[pcell] != pl->epoch)
            continue;
        int p = diag && m->layers == 2 ? 1 - l : l;
        int32_t ps = p * n + pcell;
        int32_t pcost = gg__mv_cost_at(pl, ps);
        if (pcost == GG__MV_INF || pcost >= c)
            continue;
        if (!m->uniform && gg__mv_steps_at(pl, ps) + 1 != steps)
            continue;
        bool diff = false;
        if (!gg__mv_step(m, pc, pr, pcell, d, &diff))
            continue;
        int nl = 0;
        int cls = gg__mv_class(m, d, p, &nl);
        if (pcost + m->price[cls][diff] == c)
            return d | (p << 3);
    }
    return -1;
}
