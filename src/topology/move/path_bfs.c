/* path_bfs.c - gg_scene_shortest_path: Nat20's fewest-cells breadth-first search
 * (docs/nat20.md). Layer: topology. */
#include "topology/scene/scratch.h"

/* True when `c` is listed in `cells` (canonical compare, departure (a)). */
static bool listed(const gg_cell *cells, int32_t count, gg_cell c)
{
    for (int32_t i = 0; i < count; ++i)
        if (gg_cell_eq(cells[i], c))
            return true;
    return false;
}

gg_status gg_scene_shortest_path(const gg_scene *scene, gg_scratch *scratch, gg_cell a, gg_cell b,
                                 const gg_cell *avoid, int32_t avoid_count, gg_cell *out,
                                 int32_t capacity, int32_t *out_count)
{
    if (out_count == NULL)
        return GG_E_INVALID_ARG;
    *out_count = 0;
    if (scene == NULL || avoid_count < 0 || capacity < 0 || (avoid == NULL && avoid_count > 0) ||
        (out == NULL && capacity > 0) || !gg__scratch_full(scratch, scene))
        return GG_E_INVALID_ARG;

    /* Nat20's early returns, in its order (docs/nat20.md). */
    if (!gg__in(scene, a) || !gg__in(scene, b))
        return GG_E_OUT_OF_BOUNDS;
    if (gg_cell_eq(a, b)) {
        /* [a] even when a is blocked or avoided: standing still needs no legal step. */
        *out_count = 1;
        if (capacity < 1)
            return GG_E_BUFFER_TOO_SMALL;
        out[0] = a;
        return GG_OK;
    }
    if (listed(avoid, avoid_count, b))
        return GG_OK;

    gg__scratch_begin(scratch);
    gg_scratch *x = scratch;
    /* Marking the avoided cells as already seen is the same as Nat20's "skip seen or avoid":
     * either way they are never enqueued, and nothing else reads the mark. */
    for (int32_t i = 0; i < avoid_count; ++i)
        if (gg__in(scene, avoid[i]))
            gg__scratch_mark(x, gg__scratch_key(x, avoid[i]));

    int32_t head = 0, tail = 0;
    int32_t start = gg__scratch_key(x, a);
    gg__scratch_mark(x, start);
    x->prev_dir[start] = GG__NO_DIR;
    x->queue[tail++] = start;

    int32_t goal = gg__scratch_key(x, b);
    bool found = false;
    while (head < tail) {
        int32_t k = x->queue[head++];
        /* The goal is tested when dequeued, as in Nat20; its prev was fixed when it was first
         * discovered, so the route is the same as testing on discovery would give. */
        if (k == goal) {
            found = true;
            break;
        }
        gg_cell c = gg__scratch_cell(x, k);
        /* Nat20's neighbour order NW, W, SW, N, S, NE, E, SE decides which of several equally
         * short routes wins; it is part of the determinism contract. */
        for (int d = 0; d < 8; ++d) {
            gg_cell n = gg_cell_make(c.col + gg__dirs[d].dc, c.row + gg__dirs[d].dr);
            if (!gg__in(scene, n))
                continue;
            int32_t nk = gg__scratch_key(x, n);
            if (gg__scratch_marked(x, nk))
                continue;
            /* Difficult terrain does not matter here (fewest cells, not fewest feet). */
            if (gg__step_cost(scene, c, n) == GG_STEP_ILLEGAL)
                continue;
            gg__scratch_mark(x, nk);
            x->prev_dir[nk] = (uint8_t)d;
            x->queue[tail++] = nk;
        }
    }
    if (!found)
        return GG_OK;

    /* Count first: a path cut short is meaningless, so it is all or nothing. */
    int32_t len = 1;
    for (gg_cell c = b; !gg_cell_eq(c, a); ++len) {
        const gg__dir *d = &gg__dirs[x->prev_dir[gg__scratch_key(x, c)]];
        c = gg_cell_make(c.col - d->dc, c.row - d->dr);
    }
    *out_count = len;
    if (len > capacity)
        return GG_E_BUFFER_TOO_SMALL;
    gg_cell c = b;
    for (int32_t i = len - 1; i >= 0; --i) {
        out[i] = c;
        if (i > 0) {
            const gg__dir *d = &gg__dirs[x->prev_dir[gg__scratch_key(x, c)]];
            c = gg_cell_make(c.col - d->dc, c.row - d->dr);
        }
    }
    return GG_OK;
}
