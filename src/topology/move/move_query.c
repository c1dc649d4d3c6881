/* move_query.c - gg_scene_lowest_cost_path (A*), distance fields in caller memory and the
 * movement overlay. Layer: topology. */
#include <string.h>

#include "topology/move/move_internal.h"

#define GG__FIELD_MAGIC 0x4D564644u /* "MVFD" */

struct gg_move_field {
    uint32_t magic;
    int32_t w, h, n, layers, fp, unit_ft, parity_in, other_count;
    bool euclid;
    bool uniform; /* steps == cost in units; the steps plane is not written */
    bool lazy;    /* no predecessors stored: derived from costs and the scene when read */
    const gg_scene *scene;
    gg_move_def def; /* a copy (lazy fields only; no avoid or other creatures then) */
    gg_cell origin;
    gg_body *others; /* copied: can_end needs them */
    int32_t *cost, *steps, *root2;
    uint8_t *prev;
    /* Run-labelled (see gg__mv_planes): cost holds run numbers, the run tables live where the
     * steps and predecessor planes would. NULL otherwise. */
    const uint64_t *runs[2];
};

/* The field's labels as planes, for the accessors of move_internal.h. */
static gg__mv_planes field_planes(const gg_move_field *f)
{
    gg__mv_planes pl;
    memset(&pl, 0, sizeof pl);
    pl.cost = f->cost;
    pl.root2 = f->root2;
    pl.steps = f->steps;
    pl.prev = f->prev;
    pl.runs[0] = f->runs[0];
    pl.runs[1] = f->runs[1];
    return pl;
}

static size_t align8(size_t v) { return (v + 7u) & ~(size_t)7u; }

static gg__mv_planes scratch_planes(gg_scratch *x)
{
    gg__mv_planes pl;
    pl.cost = x->m_cost;
    pl.root2 = x->m_root2;
    pl.steps = x->m_steps;
    pl.prev = x->m_prev;
    pl.stamp = x->stamp;
    pl.epoch = x->epoch;
    pl.flag = x->m_flag;
    pl.run_room = NULL;
    pl.run_room_words = 0;
    pl.runs[0] = pl.runs[1] = NULL;
    return pl;
}

/* Writes the route to `state` by following gg__mv_prev_of() (all or nothing). */
static gg_status lazy_path(const gg__mv *m, const gg__mv_planes *pl, int32_t state, gg_cell *out,
                           int32_t capacity, int32_t *out_count)
{
    const int32_t n = m->n, w = m->w;
    int32_t len = 1;
    for (int32_t st = state;; ++len) {
        int p = gg__mv_prev_of(m, pl, st);
        if (p < 0)
            break;
        int32_t cell = st % n;
        st = (p >> 3) * n + cell - gg__dirs[p & 7].dr * w - gg__dirs[p & 7].dc;
    }
    *out_count = len;
    if (len > capacity)
        return GG_E_BUFFER_TOO_SMALL;
    int32_t st = state;
    for (int32_t i = len - 1; i >= 0; --i) {
        int32_t cell = st % n;
        out[i] = gg_cell_make(cell % w, cell / w);
        int p = gg__mv_prev_of(m, pl, st);
        if (p >= 0)
            st = (p >> 3) * n + cell - gg__dirs[p & 7].dr * w - gg__dirs[p & 7].dc;
    }
    return GG_OK;
}

static gg_metric_cost no_cost(int32_t parity)
{
    gg_metric_cost c = {-1, 0, 0, parity};
    return c;
}

gg_status gg_scene_lowest_cost_path(const gg_scene *scene, gg_scratch *scratch, gg_cell a,
                                    gg_cell b, int32_t parity, const gg_move_def *def, gg_cell *out,
                                    int32_t capacity, int32_t *out_count, gg_metric_cost *out_cost)
{
    if (out_count == NULL)
        return GG_E_INVALID_ARG;
    *out_count = 0;
    if (out_cost != NULL)
        *out_cost = no_cost(parity);
    if (capacity < 0 || (out == NULL && capacity > 0))
        return GG_E_INVALID_ARG;
    gg__mv m;
    gg_status st = gg__mv_init(&m, scene, def, parity);
    if (gg_failed(st))
        return st;
    if (!gg__scratch_full(scratch, scene))
        return GG_E_INVALID_ARG;
    if (!gg__mv_on_map(&m, a.col, a.row) || !gg__mv_on_map(&m, b.col, b.row))
        return GG_E_OUT_OF_BOUNDS;
    if (gg_cell_eq(a, b)) {
        gg_metric_cost zero = {0, 0, 0, parity};
        if (out_cost != NULL)
            *out_cost = zero;
        *out_count = 1;
        if (capacity < 1)
            return GG_E_BUFFER_TOO_SMALL;
        out[0] = a;
        return GG_OK;
    }
    if (!gg__mv_can_end(&m, b.col, b.row))
        return GG_OK;

    gg_scratch *x = scratch;
    gg__scratch_begin(x);
    if (gg__mv_astar_1x1_fits(&m, x)) {
        st = gg__mv_astar_1x1(&m, x, a.row * m.w + a.col, b.row * m.w + b.col, out, capacity,
                              out_count, out_cost);
        if (st != GG__MV_GAVE_UP)
            return st;
        gg__scratch_begin(x);
    }
    gg__mv_planes pl = scratch_planes(x);
    gg__mv_search q;
    memset(&q, 0, sizeof q);
    q.start = (m.layers == 2 ? parity * m.n : 0) + a.row * m.w + a.col;
    q.goal_cell = b.row * m.w + b.col;
    q.budget_ft = INT64_MAX;
    gg__mv_heap_search(&m, x, &pl, &q);
    if (q.goal_state < 0)
        return GG_OK;
    if (out_cost != NULL)
        *out_cost = gg__mv_label_cost(&m, &pl, q.goal_state);
    return gg__mv_write_path(m.w, m.n, pl.prev, q.goal_state, out, capacity, out_count);
}

static size_t field_bytes(const gg__mv *m)
{
    size_t cells = (size_t)m->n * (size_t)m->layers;
    size_t b = align8(sizeof(struct gg_move_field));
    b += align8((size_t)m->def->other_count * sizeof(gg_body));
    b += align8(cells * sizeof(int32_t)) * 2;
    if (m->euclid)
        b += align8((size_t)m->n * sizeof(int32_t));
    b += align8(cells);
    return b;
}

gg_status gg_move_field_bytes(const gg_scene *scene, const gg_move_def *def, size_t *out_bytes)
{
    if (out_bytes == NULL)
        return GG_E_INVALID_ARG;
    *out_bytes = 0;
    gg__mv m;
    gg_status st = gg__mv_init(&m, scene, def, 0);
    if (gg_failed(st))
        return st;
    *out_bytes = field_bytes(&m);
    return GG_OK;
}

gg_status gg_scene_move_field(const gg_scene *scene, gg_scratch *scratch, gg_cell origin,
                              int32_t parity, const gg_move_def *def, void *memory, size_t bytes,
                              gg_move_field **out_field)
{
    if (out_field == NULL)
        return GG_E_INVALID_ARG;
    *out_field = NULL;
    if (memory == NULL)
        return GG_E_INVALID_ARG;
    gg__mv m;
    gg_status st = gg__mv_init(&m, scene, def, parity);
    if (gg_failed(st))
        return st;
    /* GG_SCRATCH_FULL serves every field, GG_SCRATCH_FIELD those of the field engines. */
    if (!gg__scratch_fits(scratch, scene) || !scratch->fields ||
        (!scratch->full && !gg__mv_field_small(&m)))
        return GG_E_INVALID_ARG;
    if (bytes < field_bytes(&m) || ((uintptr_t)memory & 7u) != 0)
        return GG_E_BUFFER_TOO_SMALL;
    if (!gg__mv_on_map(&m, origin.col, origin.row))
        return GG_E_OUT_OF_BOUNDS;

    unsigned char *p = (unsigned char *)memory;
    struct gg_move_field *f = (struct gg_move_field *)(void *)p;
    size_t cells = (size_t)m.n * (size_t)m.layers;
    p += align8(sizeof *f);
    f->magic = GG__FIELD_MAGIC;
    f->w = m.w;
    f->h = m.h;
    f->n = m.n;
    f->layers = m.layers;
    f->fp = m.fp;
    f->unit_ft = m.unit_ft;
    f->parity_in = parity;
    f->euclid = m.euclid;
    f->uniform = m.uniform;
    f->lazy = gg__mv_lazy_prev(&m);
    f->scene = scene;
    f->def = *m.def;
    f->origin = origin;
    f->other_count = def->other_count;
    f->others = (gg_body *)(void *)p;
    if (def->other_count > 0)
        memcpy(f->others, def->others, (size_t)def->other_count * sizeof *def->others);
    p += align8((size_t)def->other_count * sizeof(gg_body));
    f->cost = (int32_t *)(void *)p;
    p += align8(cells * sizeof(int32_t));
    f->steps = (int32_t *)(void *)p;
    p += align8(cells * sizeof(int32_t));
    f->root2 = NULL;
    if (m.euclid) {
        f->root2 = (int32_t *)(void *)p;
        p += align8((size_t)m.n * sizeof(int32_t));
    }
    f->prev = (uint8_t *)p;

    f->runs[0] = f->runs[1] = NULL;
    gg__mv_planes pl = field_planes(f);
    if (f->lazy && !m.euclid) {
        /* A lazy field stores no predecessors: the steps and predecessor planes, which follow
         * each other, may hold a run table instead. */
        pl.run_room = (uint64_t *)(void *)f->steps;
        pl.run_room_words = (align8(cells * sizeof(int32_t)) + align8(cells)) / 8u;
    }
    gg__mv_search q;
    memset(&q, 0, sizeof q);
    q.start = (m.layers == 2 ? parity * m.n : 0) + origin.row * m.w + origin.col;
    q.goal_cell = -1;
    q.budget_ft = INT64_MAX;
    /* Only the cost plane needs a value everywhere (steps and prev are read only behind a
     * finite cost); each engine clears it when it starts. */
    bool done = false;
    if (!m.euclid && m.max_units <= GG__MV_MAX_BUCKET_UNITS)
        done = gg__mv_bucket_search(&m, scratch, &pl, &q);
    if (!done)
        gg__mv_heap_search(&m, scratch, &pl, &q);
    f->runs[0] = pl.runs[0];
    f->runs[1] = pl.runs[1];
    *out_field = f;
    return GG_OK;
}

static bool field_ok(const gg_move_field *f) { return f != NULL && f->magic == GG__FIELD_MAGIC; }

static bool field_can_end(const gg_move_field *f, gg_cell c)
{
    for (int32_t k = 0; k < f->other_count; ++k) {
        const gg_body *o = &f->others[k];
        int32_t on = gg_size_cells(o->size);
        if (o->cell.col < c.col + f->fp && c.col < o->cell.col + on &&
            o->cell.row < c.row + f->fp && c.row < o->cell.row + on)
            return false;
    }
    return true;
}

/* The field's best state for an on-map anchor, -1 when unreached. */
static int32_t field_best(const gg_move_field *f, gg_cell c)
{
    const gg__mv_planes pl = field_planes(f);
    int32_t cell = c.row * f->w + c.col, best = -1;
    for (int32_t l = 0; l < f->layers; ++l) {
        int32_t st = l * f->n + cell;
        const int32_t cs = gg__mv_cost_at(&pl, st);
        if (cs == GG__MV_INF)
            continue;
        if (best < 0)
            best = st;
        const int32_t cb = gg__mv_cost_at(&pl, best);
        if (cs < cb ||
            (!f->uniform && cs == cb && gg__mv_steps_at(&pl, st) < gg__mv_steps_at(&pl, best)))
            best = st;
    }
    return best;
}

static bool field_on_map(const gg_move_field *f, gg_cell c)
{
    return c.col >= 0 && c.row >= 0 && c.col <= f->w - f->fp && c.row <= f->h - f->fp;
}

gg_status gg_move_field_cost(const gg_move_field *field, gg_cell c, bool *out_reached,
                             gg_metric_cost *out_cost, bool *out_can_end)
{
    if (out_reached == NULL || out_cost == NULL)
        return GG_E_INVALID_ARG;
    *out_reached = false;
    if (out_can_end != NULL)
        *out_can_end = false;
    if (!field_ok(field)) {
        *out_cost = no_cost(0);
        return GG_E_INVALID_ARG;
    }
    *out_cost = no_cost(field->parity_in);
    if (!field_on_map(field, c))
        return GG_E_OUT_OF_BOUNDS;
    int32_t st = field_best(field, c);
    if (out_can_end != NULL)
        *out_can_end = field_can_end(field, c);
    if (st < 0)
        return GG_OK;
    *out_reached = true;
    const gg__mv_planes pl = field_planes(field);
    const int32_t cs = gg__mv_cost_at(&pl, st);
    out_cost->feet = (int64_t)cs * field->unit_ft;
    out_cost->root2_feet = field->euclid ? (int64_t)field->root2[st] * field->unit_ft : 0;
    out_cost->steps = field->uniform ? cs : gg__mv_steps_at(&pl, st);
    out_cost->parity = field->layers == 2 ? st / field->n : field->parity_in;
    return GG_OK;
}

gg_status gg_move_field_path(const gg_move_field *field, gg_cell c, gg_cell *out, int32_t capacity,
                             int32_t *out_count)
{
    if (out_count == NULL)
        return GG_E_INVALID_ARG;
    *out_count = 0;
    if (!field_ok(field) || capacity < 0 || (out == NULL && capacity > 0))
        return GG_E_INVALID_ARG;
    if (!field_on_map(field, c))
        return GG_E_OUT_OF_BOUNDS;
    int32_t st = field_best(field, c);
    if (st < 0 || (!gg_cell_eq(c, field->origin) && !field_can_end(field, c)))
        return GG_OK;
    if (!field->lazy)
        return gg__mv_write_path(field->w, field->n, field->prev, st, out, capacity, out_count);
    /* Predecessors are derived from the labels: walk back once to count, then to write. */
    gg__mv m;
    if (gg_failed(gg__mv_init(&m, field->scene, &field->def, field->parity_in)))
        return GG_E_INVALID_ARG;
    const gg__mv_planes pl = field_planes(field);
    return lazy_path(&m, &pl, st, out, capacity, out_count);
}

gg_status gg_scene_move_overlay(const gg_scene *scene, gg_scratch *scratch, gg_cell origin,
                                int32_t parity, int32_t budget_ft, const gg_move_def *def,
                                gg_move_reach *out, int32_t capacity, int32_t *out_count)
{
    if (out_count == NULL)
        return GG_E_INVALID_ARG;
    *out_count = 0;
    if (capacity < 0 || (out == NULL && capacity > 0))
        return GG_E_INVALID_ARG;
    gg__mv m;
    gg_status st = gg__mv_init(&m, scene, def, parity);
    if (gg_failed(st))
        return st;
    if (!gg__scratch_fits(scratch, scene))
        return GG_E_INVALID_ARG;
    if (!gg__mv_on_map(&m, origin.col, origin.row))
        return GG_E_OUT_OF_BOUNDS;

    gg_scratch *x = scratch;
    int32_t x0 = 0, y0 = 0;
    if (!x->full && x->win_side == 0)
        return GG_E_INVALID_ARG; /* not made for bounded searches */
    if (!x->full) {
        /* A GG_SCRATCH_BOUNDED scratch: the search runs on a copy of the window the budget can
         * reach (every step costs at least one square's price), as on a small map; cells
         * beyond it cost more than the budget, so the window's edge changes nothing. */
        int64_t side = gg__scratch_window(budget_ft, (int64_t)m.unit_ft * m.min_units, m.fp);
        if (side > x->win_side)
            return GG_E_BUFFER_TOO_SMALL;
        int32_t r = (int32_t)((side - m.fp) / 2);
        x0 = origin.col > r ? origin.col - r : 0;
        y0 = origin.row > r ? origin.row - r : 0;
        int32_t x1 = origin.col + r + m.fp - 1 < m.w ? origin.col + r + m.fp - 1 : m.w - 1;
        int32_t y1 = origin.row + r + m.fp - 1 < m.h ? origin.row + r + m.fp - 1 : m.h - 1;
        int32_t gw = x1 - x0 + 1, gh = y1 - y0 + 1;
        for (int32_t row = 0; row < gh; ++row) {
            size_t from = (size_t)(row + y0) * (size_t)m.w + (size_t)x0;
            memcpy(x->w_cells + (size_t)row * (size_t)gw, scene->cells + from, (size_t)gw);
            memcpy(x->w_mwalls + (size_t)row * (size_t)gw, gg__move_walls_row(scene, row + y0) + x0,
                   (size_t)gw);
        }
        m.cells = x->w_cells;
        m.mwalls = x->w_mwalls;
        m.scene_rows = false;
        m.w = gw;
        m.h = gh;
        m.n = gw * gh;
        m.x0 = x0;
        m.y0 = y0;
    } else if (m.simple) {
        /* A 1x1 search runs in the band of rows the budget can reach (every step costs at least
         * one square's price and moves at most one row), as if it were the whole map: its
         * labels then use the same few rows of the scratch planes whatever the origin, so the
         * overlay costs the same on any map size (no cache or TLB misses beyond the scene's own
         * rows, which are prefetched). */
        int64_t reach = (budget_ft < 0 ? 0 : budget_ft) / m.unit_ft / m.min_units;
        if (reach < m.h) {
            int32_t r = (int32_t)reach;
            y0 = origin.row > r ? origin.row - r : 0;
            int32_t y1 = origin.row + r < m.h ? origin.row + r : m.h - 1;
            m.cells += (size_t)y0 * (size_t)m.w;
            m.mwoffs += y0;
            m.h = y1 - y0 + 1;
            m.n = m.w * m.h;
            m.y0 = y0;
#if defined(__GNUC__)
            if (r <= 64) {
                int32_t px0 = origin.col > r ? origin.col - r : 0;
                int32_t px1 = origin.col + r < m.w ? origin.col + r : m.w - 1;
                for (int32_t row = 0; row < m.h; ++row) {
                    const uint8_t *c = m.cells + (size_t)row * (size_t)m.w;
                    const uint8_t *mw = gg__mv_mwalls_row(&m, row);
                    __builtin_prefetch(c + px0);
                    __builtin_prefetch(c + px1);
                    __builtin_prefetch(mw + px0);
                    __builtin_prefetch(mw + px1);
                }
            }
#endif
        }
    }
    const gg_cell local = gg_cell_make(origin.col - x0, origin.row - y0);
    gg__mv_search q;
    memset(&q, 0, sizeof q);
    q.start = (m.layers == 2 ? parity * m.n : 0) + local.row * m.w + local.col;
    q.goal_cell = -1;
    /* A negative budget still lists the origin: nothing else fits. */
    q.budget_ft = budget_ft < 0 ? 0 : budget_ft;
    q.overlay = true;
    q.out = out;
    q.capacity = capacity;
    gg__scratch_begin(x);
    gg__mv_planes pl = scratch_planes(x);
    bool done = false;
    if (budget_ft < 0) {
        /* Only the origin: settle it without a search. */
        gg__mv_touch(&m, &pl, NULL, q.start % m.n);
        pl.cost[q.start] = 0;
        pl.steps[q.start] = 0;
        pl.prev[q.start] = GG__MV_NO_PREV;
        if (m.euclid)
            pl.root2[q.start] = 0;
        if (capacity > 0)
            out[0].cell = local;
        q.settled = 1;
        done = true;
    } else if (!m.euclid && m.max_units <= GG__MV_MAX_BUCKET_UNITS) {
        done = gg__mv_bucket_search(&m, x, &pl, &q);
    }
    if (!done) {
        gg__scratch_begin(x);
        pl = scratch_planes(x);
        q.settled = 0;
        q.filled = false;
        gg__mv_heap_search(&m, x, &pl, &q);
    }
    int32_t shown = q.filled ? 0 : (q.settled < capacity ? q.settled : capacity);
    /* One layer: a listed cell's state is the cell itself (it settled, so its labels are this
     * query's), and with no other creatures every anchor can end a move. */
    const bool one_layer = m.layers == 1, no_others = m.def->other_count == 0;
    for (int32_t i = 0; i < shown; ++i) {
        gg_move_reach *r = &out[i];
        int32_t cell = r->cell.row * m.w + r->cell.col;
        int32_t s = one_layer ? cell : gg__mv_best_state(&m, &pl, cell);
        r->cost = gg__mv_label_cost(&m, &pl, s);
        r->prev = r->cell;
        /* Every engine an overlay runs on scratch planes records the predecessor during the
         * search (the bucketed 1x1 one too, with stamped planes: move_bucket.c), by the same
         * rule gg__mv_prev_of() applies to labels, so none is derived here. */
        int pd = pl.prev[s] == GG__MV_NO_PREV ? -1 : (pl.prev[s] & 7);
        if (pd >= 0) {
            const gg__dir *d = &gg__dirs[pd];
            r->prev = gg_cell_make(r->cell.col - d->dc, r->cell.row - d->dr);
        }
        r->cell.col += x0;
        r->cell.row += y0;
        r->prev.col += x0;
        r->prev.row += y0;
        r->can_end = no_others || gg_cell_eq(r->cell, origin) ||
                     gg__mv_can_end(&m, r->cell.col, r->cell.row);
    }
    *out_count = q.settled;
    return q.settled > capacity ? GG_PARTIAL : GG_OK;
}
