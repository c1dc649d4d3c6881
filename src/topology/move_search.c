/* move_search.c - the two engines behind cost-aware movement: Dijkstra by unit buckets (one
 * FIFO; a step of k units travels k-1 "deferred" queue hops, so the queue always holds one cost
 * layer and the next, exactly as a breadth-first search does) and an indexed binary heap for
 * Dijkstra under Euclidean prices and for A*. Layer: topology. */
#include <string.h>

#include "topology/move_internal.h"

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
#else
#define GG__MV_INLINE static inline
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
    bs.cells = m->s->cells;
    bs.mwalls = m->s->move_walls;
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
    const uint32_t cap = (uint32_t)(2 * x->ncells);
    const bool overlay = q->overlay;

    uint32_t head = 0, tail = 0, count = 0;
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
    queue[tail++] = (uint32_t)q->start;
    count = 1;

    if (uniform) {
        /* Every step costs one unit: a plain breadth-first search, each cell queued once, so the
         * queue is linear and needs no layer bookkeeping. */
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

    int32_t lc = 0; /* the cost layer being settled, in units */
    uint32_t in_layer = 1, next_layer = 0;
    while (count > 0) {
        if (in_layer == 0) {
            ++lc;
            in_layer = next_layer;
            next_layer = 0;
            continue;
        }
        uint32_t e = queue[head];
        head = head + 1 == cap ? 0 : head + 1;
        --count;
        --in_layer;
        int32_t s = (int32_t)(e & GG__MV_STATE_MASK);
        int32_t rem = (int32_t)(e >> GG__MV_STATE_BITS);
        if (rem > 0) {
            if (cost[s] != lc + rem)
                continue;
            if (count == cap)
                return false;
            queue[tail] = (uint32_t)s | ((uint32_t)(rem - 1) << GG__MV_STATE_BITS);
            tail = tail + 1 == cap ? 0 : tail + 1;
            ++count;
            ++next_layer;
            continue;
        }
        if (cost[s] != lc)
            continue;
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
        if (count + (uint32_t)k > cap)
            return false;
        for (int i = 0; i < k; ++i) {
            queue[tail] = (uint32_t)ts[i] | ((uint32_t)(units[i] - 1) << GG__MV_STATE_BITS);
            tail = tail + 1 == cap ? 0 : tail + 1;
        }
        count += (uint32_t)k;
        next_layer += (uint32_t)k;
    }
    return true;
}

static bool bucket_simple(const gg__mv *m, gg_scratch *x, gg__mv_planes *pl, gg__mv_search *q)
{
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
    if (m->simple)
        return bucket_simple(m, x, pl, q);
    uint32_t *queue = x->m_queue;
    const uint32_t cap = (uint32_t)(2 * x->ncells);
    uint32_t head = 0, tail = 0, count = 0;
    const int32_t n = m->n, w = m->w;
    int32_t *cost = pl->cost, *steps = pl->steps;
    int64_t budget = q->budget_ft == INT64_MAX ? INT64_MAX : q->budget_ft / m->unit_ft;

    int32_t start_cell = q->start % n;
    gg__mv_touch(m, pl, NULL, start_cell);
    cost[q->start] = 0;
    steps[q->start] = 0;
    pl->prev[q->start] = GG__MV_NO_PREV;
    queue[tail++] = (uint32_t)q->start;
    count = 1;

    int32_t layer_cost = 0;
    uint32_t in_layer = 1, next_layer = 0;
    while (count > 0) {
        if (in_layer == 0) {
            ++layer_cost;
            in_layer = next_layer;
            next_layer = 0;
            continue;
        }
        uint32_t e = queue[head];
        head = head + 1 == cap ? 0 : head + 1;
        --count;
        --in_layer;
        int32_t s = (int32_t)(e & GG__MV_STATE_MASK);
        int32_t rem = (int32_t)(e >> GG__MV_STATE_BITS);
        if (rem > 0) {
            /* A step still travelling: forward it one layer unless a cheaper route superseded it. */
            if (cost[s] != layer_cost + rem)
                continue;
            if (count == cap)
                return false;
            queue[tail] = (uint32_t)s | ((uint32_t)(rem - 1) << GG__MV_STATE_BITS);
            tail = tail + 1 == cap ? 0 : tail + 1;
            ++count;
            ++next_layer;
            continue;
        }
        if (cost[s] != layer_cost)
            continue; /* stale: settled earlier at a lower cost */
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
            if (relax(m, pl, t, nu, 0, ns, d, layer) == 1) {
                if (count == cap)
                    return false;
                queue[tail] = (uint32_t)t | ((uint32_t)(units - 1) << GG__MV_STATE_BITS);
                tail = tail + 1 == cap ? 0 : tail + 1;
                ++count;
                ++next_layer;
            }
        }
    }
    return true;
}

/* ---- Indexed heap over states ----------------------------------------------------------------- */

typedef struct heap {
    uint32_t *a;
    int32_t *pos;
    int32_t len;
    const gg__mv *m;
    const gg__mv_planes *pl;
    const int32_t *kc, *kr, *ks; /* key planes: cost, sqrt(2) part (Euclidean), steps */
    bool astar;                  /* ties on the key prefer the larger g (deeper first) */
} heap;

static inline bool hless(const heap *h, uint32_t a, uint32_t b)
{
    int c;
    if (h->m->euclid)
        c = gg__mv_sign_r2((int64_t)h->kc[a] - h->kc[b], (int64_t)h->kr[a] - h->kr[b]);
    else
        c = (h->kc[a] > h->kc[b]) - (h->kc[a] < h->kc[b]);
    if (c != 0)
        return c < 0;
    if (h->ks[a] != h->ks[b])
        return h->ks[a] < h->ks[b];
    if (h->astar) {
        const int32_t *g = h->pl->cost;
        if (g[a] != g[b])
            return g[a] > g[b];
    }
    return a < b;
}

static void hup(heap *h, int32_t i)
{
    uint32_t v = h->a[i];
    while (i > 0) {
        int32_t p = (i - 1) / 2;
        if (!hless(h, v, h->a[p]))
            break;
        h->a[i] = h->a[p];
        h->pos[h->a[i]] = i;
        i = p;
    }
    h->a[i] = v;
    h->pos[v] = i;
}

static void hdown(heap *h, int32_t i)
{
    uint32_t v = h->a[i];
    for (;;) {
        int32_t c = 2 * i + 1;
        if (c >= h->len)
            break;
        if (c + 1 < h->len && hless(h, h->a[c + 1], h->a[c]))
            ++c;
        if (!hless(h, h->a[c], v))
            break;
        h->a[i] = h->a[c];
        h->pos[h->a[i]] = i;
        i = c;
    }
    h->a[i] = v;
    h->pos[v] = i;
}

static uint32_t hpop(heap *h)
{
    uint32_t top = h->a[0];
    h->pos[top] = -2; /* closed */
    if (--h->len > 0) {
        h->a[0] = h->a[h->len];
        hdown(h, 0);
    }
    return top;
}

/* Sets the A* key of state t from its g label. */
static inline void set_f(const gg__mv *m, gg_scratch *x, const gg__mv_planes *pl, int32_t t,
                         gg_cell goal)
{
    int32_t cell = t % m->n, hu, hr, hs;
    gg__mv_heuristic(m, cell % m->w, cell / m->w, t / m->n, goal, &hu, &hr, &hs);
    x->m_fcost[t] = pl->cost[t] + hu;
    x->m_fsteps[t] = pl->steps[t] + hs;
    if (m->euclid)
        x->m_froot2[t] = pl->root2[t] + hr;
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

void gg__mv_heap_search(const gg__mv *m, gg_scratch *x, gg__mv_planes *pl, gg__mv_search *q)
{
    const int32_t n = m->n, w = m->w;
    const bool astar = q->goal_cell >= 0;
    gg_cell goal = astar ? gg_cell_make(q->goal_cell % w, q->goal_cell / w) : gg_cell_make(0, 0);
    heap h;
    h.a = x->m_queue;
    h.pos = x->m_pos;
    h.len = 0;
    h.m = m;
    h.pl = pl;
    h.astar = astar;
    h.kc = astar ? x->m_fcost : pl->cost;
    h.kr = astar ? x->m_froot2 : pl->root2;
    h.ks = astar ? x->m_fsteps : pl->steps;
    int64_t budget = q->budget_ft == INT64_MAX ? INT64_MAX : q->budget_ft / m->unit_ft;
    q->goal_state = -1;

    if (pl->stamp == NULL) /* a field: positions were not initialised with the labels */
        for (int32_t i = 0; i < n * m->layers; ++i)
            x->m_pos[i] = -1;
    int32_t sc = q->start % n;
    gg__mv_touch(m, pl, x->m_pos, sc);
    pl->cost[q->start] = 0;
    pl->steps[q->start] = 0;
    if (m->euclid)
        pl->root2[q->start] = 0;
    pl->prev[q->start] = GG__MV_NO_PREV;
    if (astar)
        set_f(m, x, pl, q->start, goal);
    h.a[0] = (uint32_t)q->start;
    h.pos[q->start] = 0;
    h.len = 1;

    int32_t gkc = 0, gkr = 0, gks = 0; /* the goal's key once found */
    while (h.len > 0) {
        uint32_t top = h.a[0];
        if (q->goal_state >= 0) {
            /* Keep settling states whose key ties the goal's, so that every optimal predecessor
             * of the route is known before it is read back (the field's tie rule). */
            int c = m->euclid ? gg__mv_sign_r2((int64_t)h.kc[top] - gkc, (int64_t)h.kr[top] - gkr)
                              : (h.kc[top] > gkc) - (h.kc[top] < gkc);
            if (c > 0 || (c == 0 && h.ks[top] > gks))
                break;
        }
        int32_t s = (int32_t)hpop(&h);
        int32_t layer = s / n, cell = s - layer * n;
        if (astar && cell == q->goal_cell && q->goal_state < 0) {
            q->goal_state = s;
            gkc = pl->cost[s];
            gkr = m->euclid ? pl->root2[s] : 0;
            gks = pl->steps[s];
            continue; /* nothing beyond the goal is needed */
        }
        collect(x, q, w, cell);
        int32_t col = cell % w, row = cell / w;
        int32_t ns = pl->steps[s] + 1;
        for (int32_t k = 0; k < m->ndirs; ++k) {
            int d = m->dirs[k];
            bool diff = false;
            if (!gg__mv_step(m, col, row, cell, d, &diff))
                continue;
            int nl = 0;
            int cls = gg__mv_class(m, d, layer, &nl);
            int32_t nu = pl->cost[s] + m->price[cls][diff];
            int32_t nr = m->euclid ? pl->root2[s] + m->price_r2[cls][diff] : 0;
            if (over_budget(m, budget, nu, nr))
                continue;
            int32_t tcell = cell + gg__dirs[d].dr * w + gg__dirs[d].dc;
            int32_t t = nl * n + tcell;
            gg__mv_touch(m, pl, x->m_pos, tcell);
            /* A settled label is final in cost and steps (the heuristic is consistent), but A*
             * may settle a cell before an equally good predecessor that ties its key and is
             * shallower; that predecessor may still win the direction tie rule. */
            bool closed = h.pos[t] == -2;
            int r = relax(m, pl, t, nu, nr, ns, d, layer);
            if (r == 0 || closed)
                continue;
            if (astar)
                set_f(m, x, pl, t, goal);
            if (h.pos[t] < 0) {
                h.a[h.len] = (uint32_t)t;
                h.pos[t] = h.len;
                h.len++;
                hup(&h, h.len - 1);
            } else {
                hup(&h, h.pos[t]);
            }
        }
    }
    if (astar && q->goal_state >= 0)
        q->goal_state = gg__mv_best_state(m, pl, q->goal_cell);
}

int gg__mv_prev_of(const gg__mv *m, const gg__mv_planes *pl, int32_t state)
{
    const int32_t n = m->n;
    int32_t c = pl->cost[state];
    if (c == 0 || c == GG__MV_INF)
        return -1;
    int l = (int)(state / n);
    int32_t cell = state - l * n;
    int32_t steps = m->uniform ? c : pl->steps[state];
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
        int32_t pcost = pl->cost[ps];
        if (pcost == GG__MV_INF || pcost >= c)
            continue;
        if (!m->uniform && pl->steps[ps] + 1 != steps)
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
