/* move_astar.c - the compact A* engine: one pair, a 1x1 mover on one layer (no avoid list
 * or other creatures, any metric but 5-10-5), labels in 16-byte nodes and a bucketed queue.
 * Layer: topology. */
#include <assert.h>

#include "topology/move/move_engine.h"

/* The compact A*'s node (gg__mv_cnode, scratch.h): meta = steps | direction << 27 (of the step
 * that reached it, in gg__dirs order) | CN_QUEUED | CN_SETTLED. */
typedef gg__mv_cnode cnode;
#define CN_STEPS 0x07FFFFFFu /* scenes have at most 2^26 cells, so steps fit 27 bits */
#define CN_DIR_SHIFT 27
#define CN_DIR(meta) ((meta) >> CN_DIR_SHIFT & 7u)
#define CN_QUEUED 0x40000000u  /* on the stack, or in the heap (perhaps more than once) */
#define CN_SETTLED 0x80000000u /* popped */

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
    bool full;   /* the pool (or the heap) had no room even after compaction: the search gives up */
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
            const double p = key_f(metric == GG_METRIC_EUCLIDEAN, m->price[k][d],
                                   m->price_r2[k][d]);
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
GG__MV_INLINE void cn_relax(heap *h, cbq *q, cnode *nodes, uint32_t epoch, int32_t t, int32_t tcol,
                            int32_t trow, int32_t nu, int32_t nr, uint32_t ns, uint32_t d,
                            const gg_metric metric)
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
    const gg__mv_hent e = key_of_as(h, t, nd->cost, nd->root2, (int32_t)ns, tcol, trow, 0, metric);
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
    for (int k = 0; k < 3; ++k) /* the cell bytes its steps are derived from (read only) */
        GG__MV_PREFETCH(m->cells + p.r[k]);
}

bool gg__mv_astar_1x1_fits(const gg__mv *m, const gg_scratch *x)
{
    double tol = 0.0;
    return m->simple && m->layers == 1 && m->n == (int32_t)x->ncells && gg__mv_heap_exact(m, &tol);
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
    int32_t off[8]; /* gg__dirs order */
    for (int d = 0; d < 8; ++d)
        off[d] = gg__dirs[d].dr * w + gg__dirs[d].dc;
    /* W, N, S, E (gg__dirs bits 1, 3, 4, 6) for four directions. */
    const uint32_t keep = m->ndirs == 4 ? 0x5Au : 0xFFu;
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
        /* The whole scene is the grid here: the cell's steps, bits in gg__dirs order. */
        const uint32_t sm = gg__cell_steps(m->s, col, row), difficult = sm >> 8 & dmask;
        uint32_t legal = sm & keep;
        const int32_t g = sn->cost, g2 = sn->root2;
        const uint32_t ns = (sn->meta & CN_STEPS) + 1u;
        for (; legal != 0; legal &= legal - 1u) {
            const int d = gg__low_bit(legal);
            const int32_t t = cell + off[d];
            const int diff = (int)(difficult >> d & 1u);
            const int cls = (0xA5u >> d) & 1u; /* NW, SW, NE, SE: gg__dirs 0, 2, 5, 7 */
            cn_relax(&h, &q, nodes, epoch, t, col + gg__dirs[d].dc, row + gg__dirs[d].dr,
                     g + pu[cls][diff], g2 + pr[cls][diff], ns, d, metric);
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
