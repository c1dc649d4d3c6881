/* reach.c - gg_scene_reachable: Nat20's budgeted Dijkstra with its (cost, col, row) tie rule
 * (docs/nat20.md), run as a bucket queue over each settled cell's legal steps (gg__cell_steps()).
 * Layer: topology. */
#include "base/bits.h"
#include "topology/scene/scratch.h"

/* A budgeted search never leaves the square of Chebyshev radius budget / cell_size_ft around
 * its start (every step costs at least one cell), so when that square fits the scratch its
 * cells are keyed inside it: the planes it touches are then a few kilobytes whatever the map's
 * size, and a 30-ft reach costs the same on a 64x64 and a 1024x1024 scene (issue 2), cache and
 * TLB included. Keys stay column-major, (col - c0) * side + (row - r0), so sorting keys sorts
 * by Nat20's (col, row). Otherwise keys are the scratch's own (whole-map planes; a
 * GG_SCRATCH_BOUNDED scratch has only the window, docs/memory.md). */
typedef struct reach_keys {
    int32_t c0, r0, side;
    int32_t stride; /* key distance of one column: side, or the scratch's height */
} reach_keys;

static reach_keys reach_window(const gg_scratch *x, const gg_scene *s, gg_cell start,
                               int32_t budget_ft)
{
    reach_keys k = {0, 0, 0, x->height};
    int64_t radius = budget_ft < 0 ? 0 : budget_ft / s->cell_size_ft;
    int64_t side = 2 * radius + 1;
    if (side * side <= (int64_t)x->kcells) {
        k.c0 = (int32_t)(start.col - radius);
        k.r0 = (int32_t)(start.row - radius);
        k.side = (int32_t)side;
        k.stride = k.side;
    }
    return k;
}

/* Inside the window (always true without one). */
static inline bool reach_inside(const reach_keys *k, gg_cell c)
{
    return k->side == 0 ||
           (c.col >= k->c0 && c.col < k->c0 + k->side && c.row >= k->r0 && c.row < k->r0 + k->side);
}

static inline int32_t reach_key(const reach_keys *k, gg_cell c)
{
    return (c.col - k->c0) * k->stride + (c.row - k->r0);
}

/* Sorts keys ascending in place, allocating nothing: insertion sort for the short levels a
 * combat budget gives (a level's keys arrive nearly sorted, since the level before was settled
 * in key order), heapsort beyond, so a long budget's wide levels stay n log n. */
static void sift(int32_t *a, int32_t n, int32_t i)
{
    int32_t v = a[i];
    for (;;) {
        int32_t c = 2 * i + 1;
        if (c >= n)
            break;
        if (c + 1 < n && a[c + 1] > a[c])
            ++c;
        if (a[c] <= v)
            break;
        a[i] = a[c];
        i = c;
    }
    a[i] = v;
}

static void sort_keys(int32_t *a, int32_t n)
{
    if (n <= 48) {
        for (int32_t i = 1; i < n; ++i) {
            int32_t v = a[i], j = i;
            while (j > 0 && a[j - 1] > v) {
                a[j] = a[j - 1];
                --j;
            }
            a[j] = v;
        }
        return;
    }
    for (int32_t i = n / 2 - 1; i >= 0; --i)
        sift(a, n, i);
    for (int32_t e = n - 1; e > 0; --e) {
        int32_t t = a[0];
        a[0] = a[e];
        a[e] = t;
        sift(a, e, 0);
    }
}

/* The search settles cells level by level, a level being a cost in whole cells (cost_ft /
 * cell_size_ft): a step costs one level, or two into difficult terrain, so only the current
 * level and the next two hold unsettled cells. They lie side by side in `queue`:
 *
 *     [a, b) the level being settled, sorted by key    [b, c) the next    [c, e) the one after
 *
 * and heap_pos holds each queued cell's position (-1 once settled or avoided). A cell is queued
 * once: a cheaper route can only move it from the level after next to the next one (a swap at
 * the boundary c), so `queue` never holds more entries than the keys it can index. Within a
 * level no cell can lower another (every step costs at least a level), so settling the level in
 * key order is exactly Nat20's heap order (cost, col, row), and "the first route found keeps a
 * tie" picks the same predecessor. */
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
    uint32_t *const stamp = x->stamp;
    const uint32_t epoch = x->epoch;
    int32_t *const cost = x->cost, *const pos = x->heap_pos, *const queue = x->queue;
    uint8_t *const prev_dir = x->prev_dir;
    /* Avoided cells are marked closed up front: Nat20 skips them at relaxation, so they are
     * never entered; the start is (re)opened below even when it is listed, as in Nat20. */
    for (int32_t i = 0; i < avoid_count; ++i) {
        if (gg__in(scene, avoid[i]) && reach_inside(&win, avoid[i])) {
            int32_t k = reach_key(&win, avoid[i]);
            stamp[k] = epoch;
            pos[k] = -1;
        }
    }
    const int32_t unit = scene->cell_size_ft, stride = win.stride;
    /* The scene's planes in locals: the stores to the scratch planes could alias its fields. */
    const uint8_t *const cells = scene->cells;
    const uint32_t *const wall_off = scene->wall_off;
    const uint8_t *const wall_base = scene->wall_base;
    const size_t width = (size_t)scene->width;
    const uint32_t inner_w = (uint32_t)scene->width - 2u, inner_h = (uint32_t)scene->height - 2u;
    /* Key offset of the step in each direction (gg__dirs order). */
    int32_t koff[8];
    for (int d = 0; d < 8; ++d)
        koff[d] = gg__dirs[d].dc * stride + gg__dirs[d].dr;

    int32_t s = reach_key(&win, start);
    stamp[s] = epoch;
    cost[s] = 0;
    prev_dir[s] = GG__NO_DIR;
    queue[0] = s;
    pos[s] = 0;
    int32_t a = 0, b = 1, c = 1, e = 1, count = 0;
    int64_t level_ft = 0;
    while (a < e) { /* a level may be empty when the one after is not (difficult cells) */
        sort_keys(queue + a, b - a);
        for (; a < b; ++a) {
            const int32_t k = queue[a];
            pos[k] = -1; /* settled */
            /* The key gives the cell: column-major, relative to the window's corner. */
            const int32_t col = win.c0 + k / stride, row = win.r0 + k % stride;
            if (count < capacity) {
                gg_reach *r = &out[count];
                r->cell = gg_cell_make(col, row);
                r->cost_ft = (int32_t)level_ft;
                r->prev = r->cell;
                if (prev_dir[k] != GG__NO_DIR) {
                    const gg__dir *d = &gg__dirs[prev_dir[k]];
                    r->prev = gg_cell_make(col - d->dc, row - d->dr);
                }
            }
            ++count;
            /* The budget is inclusive; past it even the cheapest step is beyond it. */
            const int64_t one = level_ft + unit;
            if (one > budget_ft)
                continue;
            /* Bit j a legal step in direction j (on the map, open, no wall, the corner rule),
             * bit 8 + j that neighbour difficult: a cell relaxes each neighbour once, so the
             * order it takes them in changes nothing (each level is sorted before it settles).
             * SRD 5.2 "Difficult Terrain": entering a difficult cell costs double. The sums are
             * 64-bit: cost + step may exceed INT32_MAX. */
            const uint32_t m =
                (uint32_t)(col - 1) < inner_w && (uint32_t)(row - 1) < inner_h
                    ? gg__cell_steps_inner(
                          cells + (size_t)row * width + (size_t)col - 1u, width,
                          wall_base[wall_off[row] + width + 1u + (size_t)col]) /* move_walls */
                    : gg__cell_steps_edge(scene, col, row);
            unsigned legal = m & 0xFFu;
            if (one + unit > budget_ft)
                legal &= ~(m >> 8); /* a difficult neighbour's double price is beyond it */
            while (legal) {
                const int j = gg__low_bit(legal);
                legal &= legal - 1;
                const bool dif = (m >> (8 + j)) & 1u;
                const int32_t nk = k + koff[j];
                const int32_t nc = (int32_t)(dif ? one + unit : one);
                if (stamp[nk] != epoch) {
                    stamp[nk] = epoch;
                    cost[nk] = nc;
                    prev_dir[nk] = (uint8_t)j;
                    if (dif) {
                        queue[e] = nk;
                        pos[nk] = e++;
                    } else {
                        /* Append to the next level: its end c is the level after's start,
                         * whose first entry moves to the end. */
                        if (c < e) {
                            const int32_t moved = queue[c];
                            queue[e] = moved;
                            pos[moved] = e;
                        }
                        ++e;
                        queue[c] = nk;
                        pos[nk] = c++;
                    }
                } else if (pos[nk] >= 0 && nc < cost[nk]) {
                    /* Strictly cheaper only (on a tie the first route found keeps the cell):
                     * from the level after next into the next one. */
                    cost[nk] = nc;
                    prev_dir[nk] = (uint8_t)j;
                    const int32_t p = pos[nk], moved = queue[c];
                    queue[p] = moved;
                    pos[moved] = p;
                    queue[c] = nk;
                    pos[nk] = c++;
                }
            }
        }
        b = c;
        c = e;
        level_ft += unit;
    }
    *out_count = count;
    return count > capacity ? GG_PARTIAL : GG_OK;
}
