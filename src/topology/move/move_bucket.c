/* move_bucket.c - the bucket engine: Dijkstra by unit buckets (one FIFO; a step of k units
 * travels k-1 "deferred" queue hops, so the queue always holds one cost layer and the next,
 * exactly as a breadth-first search does), for overlays, 5-10-5, footprints and creatures; it
 * hands 1x1 fields with one price per entered cell to the field engines.
 * Layer: topology. */
#include "topology/move/move_engine.h"

/* Everything the 1x1 bucketed search reads, copied out of the model so that stores to the labels
 * never force reloads. */
typedef struct bsimple {
    int32_t w, h, n;
    const uint8_t *cells;
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
                                   const bool uniform, const int d, const int dc, const int dr,
                                   const int32_t cell, const int32_t col, const int32_t row,
                                   const bool interior, const int layer, const int32_t lc,
                                   const int32_t ns, const uint8_t mw, int32_t *out_t)
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
        /* Every step costs one unit: a labelled cell is final, so this is a plain BFS. With
         * stamped planes (overlays, paths on the scratch) the predecessor is recorded here: the
         * first direction in Nat20 order among the equal-cost ones, exactly gg__mv_prev_of()'s
         * choice, so the overlay need not derive it afterwards; a whole-map field stores none. */
        if (cu != GG__MV_INF) {
            if (!stamped || cu != lc + 1 || (b->prev[t] & 7) <= d)
                return 0;
            /* A tie from an earlier direction: take it if the step is legal. */
            if ((b->cells[tcell] & GG__CELL_BLOCKED) || (mw & (1u << d)))
                return 0;
            if (diag && ((b->cells[cell + dc] | b->cells[cell + dr * w]) & GG__CELL_BLOCKED))
                return 0;
            b->prev[t] = (uint8_t)d;
            return 0;
        }
        const uint8_t cu8 = b->cells[tcell];
        if ((cu8 & GG__CELL_BLOCKED) || (mw & (1u << d)) || lc + 1 > b->budget)
            return 0;
        if (diag && ((b->cells[cell + dc] | b->cells[cell + dr * w]) & GG__CELL_BLOCKED))
            return 0;
        cost[t] = lc + 1;
        if (stamped)
            b->prev[t] = (uint8_t)d;
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
    /* An exact tie (cost and steps) changes only the predecessor, and only with stamped planes
     * from an earlier direction in Nat20 order (gg__mv_prev_of()'s rule). */
    const bool tie = nu == cu && ns == b->steps[t];
    if (nu == cu && ns > b->steps[t])
        return 0;
    if (tie && (!stamped || (b->prev[t] & 7) <= d))
        return 0;
    if (nu > b->budget)
        return 0;
    if ((ct & GG__CELL_BLOCKED) || (mw & (1u << d)))
        return 0;
    if (diag && ((b->cells[cell + dc] | b->cells[cell + dr * w]) & GG__CELL_BLOCKED))
        return 0;
    /* With stamped planes the predecessor is recorded as the label improves (a whole-map field
     * stores none: gg__mv_prev_of() derives it from the labels when a route is read). */
    if (stamped)
        b->prev[t] = (uint8_t)(d | (layer << 3));
    if (tie)
        return 0;
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
GG__MV_INLINE bool bucket_core(const gg__mv *m, gg_scratch *x, gg__mv_planes *pl, gg__mv_search *q,
                               const bool two, const bool stamped, const bool orth,
                               const bool uniform)
{
    bsimple bs;
    bs.w = m->w;
    bs.h = m->h;
    bs.n = m->n;
    bs.cells = m->cells;
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
            const uint8_t mw = gg__mv_mwalls_row(m, row)[col];
            int32_t t = 0;
#define GG__MV_BFS(D, DC, DR)                                                                      \
    if (relax_simple(b, false, stamped, true, D, DC, DR, cell, col, row, interior, 0, lc, 0, mw,   \
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
        const uint8_t mw = gg__mv_mwalls_row(m, row)[col];
        const int32_t ns = uniform ? lc + 1 : bs.steps[s] + 1;
        int32_t t = 0, units[8];
        int32_t ts[8];
        int k = 0;
        /* Nat20 order: NW, W, SW, N, S, NE, E, SE; Manhattan keeps W, N, S, E. */
#define GG__MV_RELAX(D, DC, DR)                                                                    \
    units[k] = relax_simple(b, two, stamped, uniform, D, DC, DR, cell, col, row, interior, layer,  \
                            lc, ns, mw, &t);                                                       \
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

/* True when gg__mv_field_bfs() and gg__mv_field_runs() apply: a whole-map field (unstamped
 * planes) that gg__mv_field_small() admits. */
static bool fifo_fits(const gg__mv *m, const gg__mv_planes *pl)
{
    return pl->stamp == NULL && gg__mv_field_small(m);
}

/* The overlay's usual case on whole-map scratch planes: a 1x1 mover, one layer, eight
 * directions, prices by the cell entered (non-uniform), stamped labels. It is bucket_core's
 * search with each settled cell's legal steps and difficult neighbours derived at once from
 * its 3 x 3 cell bytes and move_walls byte (gg__cell_steps(), bits in gg__dirs order), and
 * illegal neighbours never looked at. Neighbours are relaxed in the same Nat20 order and queued
 * in the same order, so it settles the same states in the same order with the same labels and
 * predecessors. The grid is a band of the scene's rows: a band edge row that is not a map edge
 * has neighbours outside the band, beyond the budget, so those steps are dropped here.
 *
 * A cell's labels are final when it is first taken from the queue (every later relaxation
 * comes from a cost at least its own, plus a step), so its overlay entry is written whole
 * there (cell, cost, predecessor, can_end: this mover has no other creatures to avoid) and
 * q->filled tells the caller so. */
static bool bucket_masks(const gg__mv *m, gg_scratch *x, gg__mv_planes *pl, gg__mv_search *q)
{
    const int32_t w = m->w, h = m->h, y0 = m->y0;
    const gg_scene *const scene = m->s;
    int32_t *restrict cost = pl->cost, *restrict steps = pl->steps;
    uint8_t *restrict prev = pl->prev;
    uint32_t *restrict stamp = pl->stamp;
    const uint32_t epoch = pl->epoch;
    const unsigned dmask = m->ignore_difficult ? 0u : 0xFFu;
    int32_t price[8][2]; /* units of the step in direction d, into plain / difficult terrain */
    for (int d = 0; d < 8; ++d) {
        const int cls = gg__dirs[d].dc != 0 && gg__dirs[d].dr != 0;
        price[d][0] = m->price[cls][0];
        price[d][1] = m->price[cls][1];
    }
    const int64_t budget = q->budget_ft == INT64_MAX ? INT64_MAX : q->budget_ft / m->unit_ft;
    const int64_t unit_ft = m->unit_ft;
    int32_t off[8];
    for (int d = 0; d < 8; ++d)
        off[d] = gg__dirs[d].dr * w + gg__dirs[d].dc;
    /* The band's first and last rows lose their steps out of the band (NW, N, NE: gg__dirs bits
     * 0, 3, 5; SW, S, SE: 2, 4, 7) unless they are the map's own edges (which have none). */
    const unsigned top_keep = y0 > 0 ? ~0x29u : ~0u;
    const unsigned bottom_keep = y0 + h < scene->height ? ~0x94u : ~0u;

    const int32_t start = q->start;
    stamp[start] = epoch;
    cost[start] = 0;
    steps[start] = 0;
    prev[start] = GG__MV_NO_PREV;
    q->filled = true;
    gg_move_reach *const out = q->overlay ? q->out : NULL;
    const int32_t capacity = q->overlay ? q->capacity : 0, parity = m->parity_in;
    int32_t settled = q->settled;
    /* The band's cell bytes (gg__cell_steps_inner() takes an inner cell's west neighbour's, at
     * band + cell - 1: a pointer one before the band would be undefined on row 0), and the
     * scene's fields in locals (the label stores could alias them). */
    const uint8_t *const band = scene->cells + (size_t)y0 * (size_t)w;
    const uint32_t *const wall_off = scene->wall_off;
    const uint8_t *const wall_base = scene->wall_base;
    const uint32_t inner_w = (uint32_t)w - 2u, inner_h = (uint32_t)scene->height - 2u;

    dqueue dq;
    dq_init(&dq, x->m_queue, (uint32_t)(2 * x->mcells), start);
    int32_t cell = 0;
    int got;
    /* dq_next() hands out each cell once: a cell is queued again only at a strictly lower
     * cost, and only the entry with its final cost is taken (so no flag plane is needed). */
    while ((got = dq_next(&dq, cost, &cell)) > 0) {
        const int32_t lc = dq.layer_cost;
        const int32_t row = cell / w, col = cell - row * w, srow = row + y0;
        if (settled < capacity) {
            gg_move_reach *r = &out[settled];
            r->cell = gg_cell_make(col, srow);
            r->prev = r->cell;
            if (prev[cell] != GG__MV_NO_PREV) {
                const gg__dir *pd = &gg__dirs[prev[cell] & 7];
                r->prev = gg_cell_make(col - pd->dc, srow - pd->dr);
            }
            r->cost.feet = (int64_t)lc * unit_ft;
            r->cost.root2_feet = 0;
            r->cost.steps = steps[cell];
            r->cost.parity = parity;
            r->can_end = true;
        }
        settled++;
        uint32_t sm;
        unsigned legal;
        if ((uint32_t)(col - 1) < inner_w && (uint32_t)(srow - 1) < inner_h) {
            /* move_walls of (col, srow): gg__move_walls_row()'s layout */
            sm = gg__cell_steps_inner(band + cell - 1, (size_t)w,
                                      wall_base[wall_off[srow] + (size_t)(w + 1 + col)]);
            legal = sm & 0xFFu;
            if ((uint32_t)(row - 1) >= (uint32_t)(h - 2)) /* a band edge row */
                legal &= (row == 0 ? top_keep : ~0u) & (row == h - 1 ? bottom_keep : ~0u);
        } else {
            sm = gg__cell_steps_edge(scene, col, srow);
            legal = sm & 0xFFu & (row == 0 ? top_keep : ~0u) & (row == h - 1 ? bottom_keep : ~0u);
        }
        const unsigned dif = (sm >> 8) & dmask; /* difficult neighbours, bit d */
        const int32_t ns = steps[cell] + 1;
        int32_t ts[8], units[8];
        int n = 0;
        while (legal) {
            const int d = gg__low_bit(legal);
            legal &= legal - 1;
            const int32_t t = cell + off[d];
            if (stamp[t] != epoch) {
                stamp[t] = epoch;
                cost[t] = GG__MV_INF;
            }
            const int32_t cu = cost[t];
            if (cu <= lc)
                continue; /* final already */
            const int32_t u = price[d][(dif >> d) & 1u];
            const int32_t nu = lc + u;
            if (nu > cu)
                continue;
            const bool tie = nu == cu && ns == steps[t];
            if (nu == cu && ns > steps[t])
                continue;
            if (tie && (prev[t] & 7) <= d)
                continue;
            if (nu > budget)
                continue;
            prev[t] = (uint8_t)d;
            if (tie)
                continue;
            steps[t] = ns;
            if (nu == cu)
                continue;
            cost[t] = nu;
            ts[n] = t;
            units[n++] = u;
        }
        for (int i = 0; i < n; ++i)
            if (!dq_push(&dq, ts[i], units[i])) {
                q->settled = settled;
                return false;
            }
    }
    q->settled = settled;
    return got == 0;
}

static bool bucket_simple(const gg__mv *m, gg_scratch *x, gg__mv_planes *pl, gg__mv_search *q)
{
    if (fifo_fits(m, pl)) {
        if (m->uniform)
            gg__mv_field_bfs(m, x, pl, q);
        else
            gg__mv_field_runs(m, x, pl, q);
        return true;
    }
    const bool two = m->layers == 2, stamped = pl->stamp != NULL;
    if (stamped && !two && m->ndirs == 8 && !m->uniform && m->scene_rows)
        return bucket_masks(m, x, pl, q);
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
