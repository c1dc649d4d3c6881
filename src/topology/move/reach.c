/* reach.c - gg_scene_reachable: Nat20's budgeted Dijkstra with its (cost, col, row) tie rule
 * (docs/nat20.md). Layer: topology. */
#include "topology/scene/scratch.h"

/* A budgeted search never leaves the square of Chebyshev radius budget / cell_size_ft around
 * its start (every step costs at least one cell), so when that square fits the scratch its
 * cells are keyed inside it: the planes it touches are then a few kilobytes whatever the map's
 * size, and a 30-ft reach costs the same on a 64x64 and a 1024x1024 scene (issue 2), cache and
 * TLB included. Keys stay column-major, (col - c0) * side + (row - r0), so the heap's
 * (cost, key) order is still Nat20's (cost, col, row). Otherwise keys are the scratch's own
 * (whole-map planes; a GG_SCRATCH_BOUNDED scratch has only the window, docs/memory.md). */
typedef struct reach_keys {
    int32_t c0, r0, side; /* side 0: the scratch's global keys */
} reach_keys;

static reach_keys reach_window(const gg_scratch *x, const gg_scene *s, gg_cell start,
                               int32_t budget_ft)
{
    reach_keys k = {0, 0, 0};
    int64_t radius = budget_ft < 0 ? 0 : budget_ft / s->cell_size_ft;
    int64_t side = 2 * radius + 1;
    if (side * side <= (int64_t)x->kcells) {
        k.c0 = (int32_t)(start.col - radius);
        k.r0 = (int32_t)(start.row - radius);
        k.side = (int32_t)side;
    }
    return k;
}

static inline int32_t reach_key(const gg_scratch *x, const reach_keys *k, gg_cell c)
{
    return k->side ? (c.col - k->c0) * k->side + (c.row - k->r0) : gg__scratch_key(x, c);
}

static inline gg_cell reach_cell(const gg_scratch *x, const reach_keys *k, int32_t key)
{
    return k->side ? gg_cell_make(k->c0 + key / k->side, k->r0 + key % k->side)
                   : gg__scratch_cell(x, key);
}

/* Inside the window (always true without one). */
static inline bool reach_inside(const reach_keys *k, gg_cell c)
{
    return k->side == 0 ||
           (c.col >= k->c0 && c.col < k->c0 + k->side && c.row >= k->r0 && c.row < k->r0 + k->side);
}

gg_status gg_scene_reachable(const gg_scene *scene, gg_scratch *scratch, gg_cell start,
                             int32_t budget_ft, const gg_cell *avoid, int32_t avoid_count,
                             gg_reach *out, int32_t capacity, int32_t *out_count)
{
    if (out_count == NULL)
        return GG_E_INVALID_ARG;
    *out_count = 0;
    if (scene == NULL || avoid_count < 0 || capacity < 0 || (avoid == NULL && avoid_count > 0) ||
        (out == NULL && capacity > 0) || !gg__scratch_fits(scratch, scene))
        return GG_E_INVALID_ARG;
    if (!gg__in(scene, start))
        return GG_E_OUT_OF_BOUNDS;

    gg_scratch *x = scratch;
    const reach_keys win = reach_window(x, scene, start, budget_ft);
    if (win.side == 0 && !x->full) /* no whole-map planes: not made for reach, or too small */
        return x->win_side > 0 ? GG_E_BUFFER_TOO_SMALL : GG_E_INVALID_ARG;
    gg__scratch_begin(x);
    /* Avoided cells are marked closed up front: Nat20 skips them at relaxation, so they are
     * never entered; the start is (re)opened below even when it is listed, as in Nat20. */
    for (int32_t i = 0; i < avoid_count; ++i) {
        if (gg__in(scene, avoid[i]) && reach_inside(&win, avoid[i])) {
            int32_t k = reach_key(x, &win, avoid[i]);
            gg__scratch_mark(x, k);
            x->heap_pos[k] = -1;
        }
    }
    int32_t s = reach_key(x, &win, start);
    gg__scratch_mark(x, s);
    x->cost[s] = 0;
    x->prev_dir[s] = GG__NO_DIR;
    gg__heap_push(x, s);

    int32_t count = 0;
    while (x->heap_len > 0) {
        /* Pops in (cost, col, row) order: Nat20's heap entries (cost, col, row, id). A popped
         * cell is final: every step costs at least cell_size_ft >= 1 feet. */
        int32_t k = gg__heap_pop(x);
        gg_cell c = reach_cell(x, &win, k);
        int32_t cost = x->cost[k];
        if (count < capacity) {
            gg_reach *r = &out[count];
            r->cell = c;
            r->cost_ft = cost;
            r->prev = c;
            if (x->prev_dir[k] != GG__NO_DIR) {
                const gg__dir *d = &gg__dirs[x->prev_dir[k]];
                r->prev = gg_cell_make(c.col - d->dc, c.row - d->dr);
            }
        }
        ++count;
        for (int d = 0; d < 8; ++d) {
            gg_cell n = gg_cell_make(c.col + gg__dirs[d].dc, c.row + gg__dirs[d].dr);
            if (!gg__in(scene, n) || !reach_inside(&win, n))
                continue; /* off the map, or beyond the budget's reach */
            int32_t nk = reach_key(x, &win, n);
            bool seen = gg__scratch_marked(x, nk);
            if (seen && x->heap_pos[nk] < 0)
                continue; /* settled, or avoided */
            int32_t step = gg__step_cost(scene, c, n);
            if (step == GG_STEP_ILLEGAL)
                continue;
            /* SRD 5.2 "Difficult Terrain": the step cost already doubles for a difficult n.
             * The sum is 64-bit because cost + step may exceed INT32_MAX. */
            int64_t nc = (int64_t)cost + step;
            if (nc > budget_ft)
                continue; /* the budget is inclusive */
            if (!seen) {
                gg__scratch_mark(x, nk);
                x->cost[nk] = (int32_t)nc;
                x->prev_dir[nk] = (uint8_t)d;
                gg__heap_push(x, nk);
            } else if (nc < x->cost[nk]) {
                /* Strictly cheaper only: on a tie the first route found keeps the cell. */
                x->cost[nk] = (int32_t)nc;
                x->prev_dir[nk] = (uint8_t)d;
                gg__heap_decrease(x, nk);
            }
        }
    }
    *out_count = count;
    return count > capacity ? GG_PARTIAL : GG_OK;
}
