/* move_heap.c - the heap engine: Dijkstra (Euclidean prices, or when the bucket queue
 * overflows) and A* (paths the compact A* does not serve) over an indexed 4-ary heap with
 * inline keys.
 * Layer: topology. */
#include "topology/move/move_engine.h"

/* Relaxes state t (in cell tcell) with the label (nu, nr, ns) from `layer` by direction d, and
 * queues or re-keys it when its key fell. */
GG__MV_INLINE void heap_relax(heap *h, const gg__mv *m, gg_scratch *x, gg__mv_planes *pl,
                              int64_t budget, int32_t t, int32_t tcell, int32_t tcol, int32_t trow,
                              int tlayer, int32_t nu, int32_t nr, int32_t ns, int d, int layer,
                              const bool fexact)
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
    if (m->mwalls != NULL)
        GG__MV_PREFETCH(m->mwalls + cell);
}

/* simple1: a 1x1 mover with one layer; its legal steps come from the nine cells around it at
 * once (gg__row_steps()), in spatial order (the result does not depend on the order: relax()
 * keeps the first direction among equal labels). */
GG__MV_INLINE void heap_search(const gg__mv *m, gg_scratch *x, gg__mv_planes *pl, gg__mv_search *q,
                               const bool fexact, double tol, const bool simple1)
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
                legal = gg__row_steps(mid - w, mid, mid + w, gg__mv_mwalls_row(m, row), col, keep);
            } else {
                legal = gg__mv_edge_legal(m, cell, col, row);
            }
            const int32_t g = pl->cost[s], g2 = m->euclid ? pl->root2[s] : 0;
            for (; legal != 0; legal &= legal - 1u) {
                const int k = gg__low_bit(legal);
                const int32_t t = cell + off[k];
                const int diff = (m->cells[t] & dmask) != 0;
                const int cls = (0xA5u >> k) & 1u; /* NW, NE, SW, SE */
                heap_relax(&h, m, x, pl, budget, t, t, col + sp_dc[k], row + sp_dr[k], 0,
                           g + m->price[cls][diff], g2 + m->price_r2[cls][diff], ns, sp_dir[k], 0,
                           fexact);
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
bool gg__mv_heap_exact(const gg__mv *m, double *tol)
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

void gg__mv_heap_search(const gg__mv *m, gg_scratch *x, gg__mv_planes *pl, gg__mv_search *q)
{
    double tol = 0.0;
    const bool fexact = gg__mv_heap_exact(m, &tol);
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
