/* move_squeeze.c - gg_scene_squeeze_path: cheapest routes of a mover that may squeeze into a
 * space one size smaller (SRD 5.1 "Squeezing into a Smaller Space"), by a plain Dijkstra over
 * anchors kept apart from the tuned engines: squeezing makes a position's footprint depend on
 * the anchor, which none of their fast paths model. Layer: topology. */
#include "topology/move/move_squeeze.h"

/* The search: the model, the squeezed footprint's side (0: the mover never squeezes) and the
 * side it takes at the start. */
typedef struct sq_search {
    const gg__mv *m;
    int32_t small;
    int32_t start_cell, start_side;
    int32_t *heap; /* states, an indexed binary heap (positions in the m_pos plane) */
    int32_t len;
    gg__mv_planes pl;
    int32_t *pos;
} sq_search;

/* Does a k x k footprint anchored at (col,row) fit: on the map, every cell open, no wall
 * blocking movement between two of its neighbouring cells (the test gg__mv_step_full() makes
 * where a footprint arrives)? */
static bool sq_fits(const gg__mv *m, int32_t col, int32_t row, int32_t k)
{
    const gg_scene *s = m->s;
    if (col < 0 || row < 0 || col > s->width - k || row > s->height - k)
        return false;
    int32_t w = s->width;
    for (int32_t j = 0; j < k; ++j)
        for (int32_t i = 0; i < k; ++i) {
            int32_t idx = (row + j) * w + col + i;
            if (s->cells[idx] & GG__CELL_BLOCKED)
                return false;
            if ((i + 1 < k && gg__mv_wall_in_step(m, idx, 6)) ||
                (j + 1 < k && gg__mv_wall_in_step(m, idx, 4)) ||
                (i + 1 < k && j + 1 < k && gg__mv_wall_in_step(m, idx, 7)))
                return false;
        }
    return true;
}

/* The side of the footprint the mover takes with its anchor at (col,row): its own when that
 * fits, the squeezed one when only that fits, 0 when it cannot stand there. */
static int32_t sq_side_at(const sq_search *q, int32_t col, int32_t row)
{
    if (sq_fits(q->m, col, row, q->m->fp))
        return q->m->fp;
    if (q->small > 0 && sq_fits(q->m, col, row, q->small))
        return q->small;
    return 0;
}

/* The step from anchor (col,row) taking side s1 in direction d to an anchor where the mover
 * takes side s2 (> 0, so that footprint fits): gg__mv_step_full() with the two sides. The
 * smaller of the two footprints, at the old anchor, takes the step cell by cell (each a legal
 * Nat20 step: the target open, no wall, no blocked corner cut); the cells newly entered are
 * those of the new footprint outside the old one, and they alone meet difficult terrain, the
 * avoid list and other creatures. With s1 == s2 this is gg__mv_step_full() exactly. */
static bool sq_step(const gg__mv *m, int32_t col, int32_t row, int32_t s1, int d, int32_t s2,
                    bool *difficult)
{
    const gg_scene *s = m->s;
    int dc = gg__dirs[d].dc, dr = gg__dirs[d].dr;
    int32_t nc = col + dc, nr = row + dr, w = s->width, k = s1 < s2 ? s1 : s2;
    bool diag = dc != 0 && dr != 0, diff = false;
    for (int32_t j = 0; j < k; ++j)
        for (int32_t i = 0; i < k; ++i) {
            int32_t ai = (row + j) * w + col + i, ti = (row + j + dr) * w + col + i + dc;
            if ((s->cells[ti] & GG__CELL_BLOCKED) || gg__mv_wall_in_step(m, ai, d))
                return false;
            if (diag && ((s->cells[ai + dc] | s->cells[ai + dr * w]) & GG__CELL_BLOCKED))
                return false;
        }
    if (!m->ignore_difficult)
        for (int32_t j = 0; j < s2 && !diff; ++j)
            for (int32_t i = 0; i < s2; ++i) {
                gg_cell c = gg_cell_make(nc + i, nr + j);
                if (!gg__mv_in_square(c, col, row, s1) &&
                    (s->cells[c.row * w + c.col] & GG__CELL_DIFFICULT)) {
                    diff = true;
                    break;
                }
            }
    if (!gg__mv_pass_company(m->def, col, row, s1, nc, nr, s2, &diff))
        return false;
    *difficult = diff;
    return true;
}

/* False when a footprint of side k at (col,row) shares a cell with another creature. */
static bool sq_can_end(const gg__mv *m, int32_t col, int32_t row, int32_t k)
{
    const gg_move_def *def = m->def;
    for (int32_t q = 0; q < def->other_count; ++q) {
        const gg_body *o = &def->others[q];
        int32_t on = gg_size_cells(o->size);
        if (o->cell.col < col + k && col < o->cell.col + on && o->cell.row < row + k &&
            row < o->cell.row + on)
            return false;
    }
    return true;
}

/* Heap order: cost (exactly, sqrt(2) parts included), then steps, then state (so the first
 * state of a cell to settle is the better layer, layer 0 on a tie). */
static bool sq_before(const sq_search *q, int32_t a, int32_t b)
{
    const gg__mv *m = q->m;
    const int32_t *cost = q->pl.cost;
    int c;
    if (m->euclid)
        c = gg__mv_sign_r2((int64_t)cost[a] - cost[b],
                           (int64_t)q->pl.root2[a % m->n] - q->pl.root2[b % m->n]);
    else
        c = (cost[a] > cost[b]) - (cost[a] < cost[b]);
    if (c != 0)
        return c < 0;
    if (q->pl.steps[a] != q->pl.steps[b])
        return q->pl.steps[a] < q->pl.steps[b];
    return a < b;
}

static void sq_sift_up(sq_search *q, int32_t i)
{
    int32_t v = q->heap[i];
    while (i > 0) {
        int32_t p = (i - 1) / 2;
        if (!sq_before(q, v, q->heap[p]))
            break;
        q->heap[i] = q->heap[p];
        q->pos[q->heap[i]] = i;
        i = p;
    }
    q->heap[i] = v;
    q->pos[v] = i;
}

static int32_t sq_pop(sq_search *q)
{
    int32_t top = q->heap[0];
    int32_t v = q->heap[--q->len];
    int32_t i = 0;
    for (;;) {
        int32_t c = 2 * i + 1;
        if (c >= q->len)
            break;
        if (c + 1 < q->len && sq_before(q, q->heap[c + 1], q->heap[c]))
            ++c;
        if (!sq_before(q, q->heap[c], v))
            break;
        q->heap[i] = q->heap[c];
        q->pos[q->heap[i]] = i;
        i = c;
    }
    if (q->len > 0) {
        q->heap[i] = v;
        q->pos[v] = i;
    }
    q->pos[top] = -2;
    return top;
}

static int32_t sq_side_of(const sq_search *q, int32_t cell)
{
    if (cell == q->start_cell)
        return q->start_side;
    return sq_side_at(q, cell % q->m->w, cell / q->m->w);
}

/* Dijkstra from `start` until the first state of `goal` settles; returns it, or -1. */
static int32_t sq_run(sq_search *q, int32_t start, int32_t goal)
{
    const gg__mv *m = q->m;
    gg__mv_planes *pl = &q->pl;
    const int32_t n = m->n, w = m->w;
    gg__mv_touch(m, pl, q->pos, start % n);
    pl->cost[start] = 0;
    pl->steps[start] = 0;
    q->len = 0;
    q->heap[q->len++] = start;
    q->pos[start] = 0;
    while (q->len > 0) {
        int32_t st = sq_pop(q);
        int32_t cell = st % n, layer = st / n;
        if (cell == goal)
            return st;
        int32_t col = cell % w, row = cell / w, s1 = sq_side_of(q, cell);
        for (int32_t k = 0; k < m->ndirs; ++k) {
            int d = m->dirs[k];
            int32_t nc = col + gg__dirs[d].dc, nr = row + gg__dirs[d].dr;
            if (nc < 0 || nr < 0 || nc >= w || nr >= m->h)
                continue;
            int32_t s2 = sq_side_at(q, nc, nr);
            bool diff = false;
            if (s2 == 0 || !sq_step(m, col, row, s1, d, s2, &diff))
                continue;
            int nl = 0;
            int cls = gg__mv_class(m, d, layer, &nl);
            /* SRD 5.1 "Squeezing into a Smaller Space": "1 extra foot for every foot it moves
             * there", on top of difficult terrain's extra (each rule adds its foot). */
            int32_t units = m->price[cls][diff], r2 = m->price_r2[cls][diff];
            if (s2 != m->fp) {
                units += m->price[cls][0];
                r2 += m->price_r2[cls][0];
            }
            int32_t ncell = nr * w + nc, t = nl * n + ncell;
            gg__mv_touch(m, pl, q->pos, ncell);
            if (q->pos[t] == -2)
                continue;
            int32_t nu = pl->cost[st] + units, ns = pl->steps[st] + 1;
            int32_t nr2 = m->euclid ? pl->root2[cell] + r2 : 0;
            int c;
            if (pl->cost[t] == GG__MV_INF)
                c = -1;
            else if (m->euclid)
                c = gg__mv_sign_r2((int64_t)nu - pl->cost[t], (int64_t)nr2 - pl->root2[ncell]);
            else
                c = (nu > pl->cost[t]) - (nu < pl->cost[t]);
            /* The model's order: fewest feet, fewest steps, then Nat20's direction order. */
            if (c > 0 ||
                (c == 0 && (ns > pl->steps[t] || (ns == pl->steps[t] && d >= (pl->prev[t] & 7)))))
                continue;
            pl->cost[t] = nu;
            if (m->euclid)
                pl->root2[ncell] = nr2;
            pl->steps[t] = ns;
            pl->prev[t] = (uint8_t)(d | (layer << 3));
            if (q->pos[t] < 0) {
                q->heap[q->len] = t;
                q->pos[t] = q->len++;
            }
            sq_sift_up(q, q->pos[t]);
        }
    }
    return -1;
}

static gg_metric_cost sq_label(const sq_search *q, int32_t st)
{
    const gg__mv *m = q->m;
    gg_metric_cost c;
    c.feet = (int64_t)q->pl.cost[st] * m->unit_ft;
    c.root2_feet = m->euclid ? (int64_t)q->pl.root2[st % m->n] * m->unit_ft : 0;
    c.steps = q->pl.steps[st];
    c.parity = m->layers == 2 ? (int32_t)(st / m->n) : m->parity_in;
    return c;
}

gg_status gg__mv_squeeze_path(const gg_scene *scene, gg_scratch *scratch, gg_cell a, gg_cell b,
                              int32_t parity, const gg_move_def *def, bool squeeze, gg_cell *out,
                              bool *out_squeezing, int32_t capacity, int32_t *out_count,
                              gg_metric_cost *out_cost)
{
    gg_metric_cost none = {-1, 0, 0, parity};
    if (out_count == NULL)
        return GG_E_INVALID_ARG;
    *out_count = 0;
    if (out_cost != NULL)
        *out_cost = none;
    if (capacity < 0 || (out == NULL && capacity > 0))
        return GG_E_INVALID_ARG;
    gg__mv m;
    gg_status st = gg__mv_init(&m, scene, def, parity);
    if (gg_failed(st))
        return st;
    if (!gg__scratch_full(scratch, scene))
        return GG_E_INVALID_ARG;
    sq_search q;
    q.m = &m;
    q.small = 0;
    /* SRD 5.1: "a space that is large enough for a creature one size smaller"; Tiny, Small and
     * Medium share the one-square footprint, so on the grid only Large and up squeeze. */
    if (squeeze && def->size > GG_SIZE_TINY) {
        int32_t k = gg_size_cells((gg_size)(def->size - 1));
        q.small = k < m.fp ? k : 0;
    }
    int32_t least = q.small > 0 ? q.small : m.fp;
    if (a.col < 0 || a.row < 0 || a.col > m.w - least || a.row > m.h - least || b.col < 0 ||
        b.row < 0 || b.col > m.w - least || b.row > m.h - least)
        return GG_E_OUT_OF_BOUNDS;
    q.start_cell = a.row * m.w + a.col;
    q.start_side = sq_side_at(&q, a.col, a.row);
    /* The start itself is never checked (topology.h): a mover that stands where it does not
     * fit moves on with its own footprint, or the squeezed one where that alone is on the map. */
    if (q.start_side == 0)
        q.start_side = gg__mv_on_map(&m, a.col, a.row) ? m.fp : q.small;
    if (gg_cell_eq(a, b)) {
        gg_metric_cost zero = {0, 0, 0, parity};
        if (out_cost != NULL)
            *out_cost = zero;
        *out_count = 1;
        if (capacity < 1)
            return GG_E_BUFFER_TOO_SMALL;
        out[0] = a;
        if (out_squeezing != NULL)
            out_squeezing[0] = q.start_side != m.fp;
        return GG_OK;
    }
    int32_t goal_side = sq_side_at(&q, b.col, b.row);
    if (goal_side == 0 || !sq_can_end(&m, b.col, b.row, goal_side))
        return GG_OK;

    gg_scratch *x = scratch;
    gg__scratch_begin(x);
    q.pl.cost = x->m_cost;
    q.pl.root2 = x->m_root2;
    q.pl.steps = x->m_steps;
    q.pl.prev = x->m_prev;
    q.pl.stamp = x->stamp;
    q.pl.epoch = x->epoch;
    q.pl.flag = x->m_flag;
    q.pl.run_room = NULL;
    q.pl.run_room_words = 0;
    q.pl.runs[0] = q.pl.runs[1] = NULL;
    q.pos = x->m_pos;
    /* The movement heap's buffer holds 2 * mcells entries of 16 bytes: room for every state. */
    q.heap = (int32_t *)(void *)x->m_heap;
    int32_t start = (m.layers == 2 ? parity * m.n : 0) + q.start_cell;
    int32_t goal = sq_run(&q, start, b.row * m.w + b.col);
    if (goal < 0)
        return GG_OK;
    if (out_cost != NULL)
        *out_cost = sq_label(&q, goal);
    int32_t len = 1;
    for (int32_t s = goal; q.pl.prev[s] != GG__MV_NO_PREV; ++len) {
        const gg__dir *d = &gg__dirs[q.pl.prev[s] & 7];
        s = (q.pl.prev[s] >> 3) * m.n + s % m.n - d->dr * m.w - d->dc;
    }
    *out_count = len;
    if (len > capacity)
        return GG_E_BUFFER_TOO_SMALL;
    int32_t s = goal;
    for (int32_t i = len - 1; i >= 0; --i) {
        int32_t cell = s % m.n;
        out[i] = gg_cell_make(cell % m.w, cell / m.w);
        if (out_squeezing != NULL)
            out_squeezing[i] = sq_side_of(&q, cell) != m.fp;
        if (i > 0) {
            const gg__dir *d = &gg__dirs[q.pl.prev[s] & 7];
            s = (q.pl.prev[s] >> 3) * m.n + cell - d->dr * m.w - d->dc;
        }
    }
    return GG_OK;
}

gg_status gg_scene_squeeze_path(const gg_scene *scene, gg_scratch *scratch, gg_cell a, gg_cell b,
                                int32_t parity, const gg_move_def *def, gg_cell *out,
                                bool *out_squeezing, int32_t capacity, int32_t *out_count,
                                gg_metric_cost *out_cost)
{
    return gg__mv_squeeze_path(scene, scratch, a, b, parity, def, true, out, out_squeezing,
                               capacity, out_count, out_cost);
}
