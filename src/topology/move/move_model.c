/* move_model.c - the movement model: def validation, metric prices in units, footprint and
 * creature step legality, heuristics, labels and route pricing. Layer: topology. */
#include "topology/move/move_engine.h"

static const uint8_t all_dirs[8] = {0, 1, 2, 3, 4, 5, 6, 7};
static const uint8_t orth_dirs[4] = {1, 3, 4, 6}; /* W, N, S, E: Nat20 order, orthogonals only */

static int64_t gcd64(int64_t a, int64_t b)
{
    while (b != 0) {
        int64_t t = a % b;
        a = b;
        b = t;
    }
    return a;
}

static bool size_known(gg_size z) { return (int)z >= GG_SIZE_TINY && (int)z <= GG_SIZE_GARGANTUAN; }

gg_status gg__mv_init(gg__mv *m, const gg_scene *s, const gg_move_def *def, int32_t parity)
{
    if (s == NULL || def == NULL)
        return GG_E_INVALID_ARG;
    if (def->struct_size == GG__MOVE_DEF_SIZE_0_2) {
        /* Built against the 0.2 header: the fields added since read as their defaults. */
        m->def_up = gg_move_def_default();
        memcpy(&m->def_up, def, GG__MOVE_DEF_SIZE_0_2);
        m->def_up.struct_size = (uint32_t)sizeof m->def_up;
        def = &m->def_up;
    }
    if (def->struct_size != (uint32_t)sizeof *def)
        return GG_E_BAD_DEF;
    if ((int)def->metric < GG_METRIC_CHEBYSHEV || (int)def->metric > GG_METRIC_MANHATTAN ||
        (int)def->difficult < GG_DIFFICULT_DOUBLE || (int)def->difficult > GG_DIFFICULT_IGNORE ||
        def->surcharge_ft < 0 || !size_known(def->size) || def->avoid_count < 0 ||
        (def->avoid == NULL && def->avoid_count > 0) || def->other_count < 0 ||
        (def->others == NULL && def->other_count > 0) || (parity != 0 && parity != 1))
        return GG_E_INVALID_ARG;
    for (int32_t k = 0; k < def->other_count; ++k)
        if (!size_known(def->others[k].size) ||
            (def->others[k].conditions & ~GG_CONDITION_ALL) != 0u)
            return GG_E_INVALID_ARG;

    m->s = s;
    m->def = def;
    m->cells = s->cells;
    m->mwalls = NULL;
    m->mwoffs = s->wall_off;
    m->mwbase = s->wall_base;
    m->mwoff = s->width + 1;
    m->scene_rows = true;
    m->w = s->width;
    m->h = s->height;
    m->n = (int32_t)s->ncells;
    m->x0 = 0;
    m->y0 = 0;
    m->metric = def->metric;
    m->euclid = def->metric == GG_METRIC_EUCLIDEAN;
    m->layers = def->metric == GG_METRIC_ALTERNATING ? 2 : 1;
    m->fp = gg_size_cells(def->size);
    m->ndirs = def->metric == GG_METRIC_MANHATTAN ? 4 : 8;
    m->dirs = def->metric == GG_METRIC_MANHATTAN ? orth_dirs : all_dirs;
    /* A mover that opens doors needs the full step test only where a closed door it may open
     * stands (any portal: the count is kept cheaply). */
    m->open_doors = def->open_doors && s->portal_walls > 0;
    m->doors.elevation = false;
    m->doors.e0 = m->doors.e1 = 0;
    m->doors.opens = GG__OPENS_DOORS | (def->knows_secret_doors ? GG__OPENS_SECRET : 0u);
    m->simple = m->fp == 1 && def->avoid_count == 0 && def->other_count == 0 && !m->open_doors;
    m->ignore_difficult = def->difficult == GG_DIFFICULT_IGNORE ||
                          (def->difficult == GG_DIFFICULT_SURCHARGE && def->surcharge_ft == 0);
    m->parity_in = parity;

    /* Prices in feet: whole part and sqrt(2) part, [class][difficult]. */
    int64_t c = s->cell_size_ft, sur = def->surcharge_ft;
    int64_t whole[3] = {c, c, c}, r2[3] = {0, 0, 0};
    if (def->metric == GG_METRIC_ALTERNATING)
        whole[2] = 2 * c;
    if (m->euclid) {
        whole[1] = whole[2] = 0;
        r2[1] = r2[2] = c;
    }
    int64_t pw[3][2], pr[3][2];
    for (int k = 0; k < 3; ++k) {
        pw[k][0] = whole[k];
        pr[k][0] = r2[k];
        if (m->ignore_difficult) {
            pw[k][1] = whole[k];
            pr[k][1] = r2[k];
        } else if (def->difficult == GG_DIFFICULT_DOUBLE) {
            pw[k][1] = 2 * whole[k];
            pr[k][1] = 2 * r2[k];
        } else {
            pw[k][1] = whole[k] + sur;
            pr[k][1] = r2[k];
        }
    }
    int64_t unit = 0, maxp = 0;
    if (!m->euclid) {
        for (int k = 0; k < 3; ++k)
            for (int d = 0; d < 2; ++d) {
                unit = gcd64(pw[k][d], unit);
                maxp = pw[k][d] > maxp ? pw[k][d] : maxp;
            }
    } else {
        unit = 1;
        for (int k = 0; k < 3; ++k)
            for (int d = 0; d < 2; ++d) {
                int64_t t = pw[k][d] + pr[k][d];
                maxp = t > maxp ? t : maxp;
            }
    }
    /* Every label (and A*'s g + h) must fit int32 with room to spare. */
    int64_t states = (int64_t)m->n * m->layers;
    if ((maxp / unit) * (states + (int64_t)m->w + m->h) > (int64_t)INT32_MAX / 4)
        return GG_E_TOO_LARGE;
    m->unit_ft = (int32_t)unit;
    for (int k = 0; k < 3; ++k)
        for (int d = 0; d < 2; ++d) {
            m->price[k][d] = (int32_t)(pw[k][d] / unit);
            m->price_r2[k][d] = (int32_t)(pr[k][d] / unit);
        }
    m->max_units = (int32_t)(maxp / unit);
    m->uniform = !m->euclid && m->max_units == 1;
    m->min_units = (int32_t)(c / unit);
    return GG_OK;
}

bool gg__mv_wall_in_step(const gg__mv *m, int32_t i, int d)
{
    const gg_scene *s = m->s;
    const bool stopped = (gg__move_walls_row(s, i / s->width)[i % s->width] & (1u << d)) != 0;
    if (!m->open_doors)
        return stopped;
    const gg_cell a = gg_cell_make(i % s->width, i / s->width);
    const gg_cell b = gg_cell_make(a.col + gg__dirs[d].dc, a.row + gg__dirs[d].dr);
    const gg_hpoint pa = gg__wall_centre(a), pb = gg__wall_centre(b);
    /* Opening doors only frees steps, but for a step from or to a centre on an opened door
     * (gg__centre_on_opened_door()). */
    if (!stopped && (!s->point_rule || (!gg__centre_on_opened_door(s, pa, &m->doors) &&
                                        !gg__centre_on_opened_door(s, pb, &m->doors))))
        return false;
    return gg__step_stopped_view(s, pa, pb, &m->doors);
}

bool gg__mv_step_full(const gg__mv *m, int32_t col, int32_t row, int d, bool *difficult)
{
    const gg_scene *s = m->s;
    int dc = gg__dirs[d].dc, dr = gg__dirs[d].dr;
    int32_t nc = col + dc, nr = row + dr, fp = m->fp, w = s->width;
    if (!gg__mv_on_map(m, nc, nr))
        return false;
    /* The rest reads the scene: from grid to scene coordinates. */
    col += m->x0;
    row += m->y0;
    nc += m->x0;
    nr += m->y0;
    bool diag = dc != 0 && dr != 0, diff = false;
    /* Every covered cell takes the same step; each must be a legal Nat20 step (the target is
     * open, no blocked corner is cut, no wall touches its centre line). */
    for (int32_t j = 0; j < fp; ++j)
        for (int32_t i = 0; i < fp; ++i) {
            int32_t ac = col + i, ar = row + j;
            int32_t ai = ar * w + ac, ti = (ar + dr) * w + ac + dc;
            if ((s->cells[ti] & GG__CELL_BLOCKED) || gg__mv_wall_in_step(m, ai, d))
                return false;
            if (diag && ((s->cells[ai + dc] | s->cells[ai + dr * w]) & GG__CELL_BLOCKED))
                return false;
            bool entered = ac + dc < col || ac + dc >= col + fp || ar + dr < row ||
                           ar + dr >= row + fp;
            if (entered && !m->ignore_difficult && (s->cells[ti] & GG__CELL_DIFFICULT))
                diff = true;
        }
    /* No wall may cut through the footprint where it arrives. */
    for (int32_t j = 0; fp > 1 && j < fp; ++j)
        for (int32_t i = 0; i < fp; ++i) {
            const int32_t ci = (nr + j) * w + nc + i;
            if ((i + 1 < fp && gg__mv_wall_in_step(m, ci, 6)) ||
                (j + 1 < fp && gg__mv_wall_in_step(m, ci, 4)) ||
                (i + 1 < fp && j + 1 < fp && gg__mv_wall_in_step(m, ci, 7)))
                return false;
        }
    if (!gg__mv_pass_company(m->def, col, row, fp, nc, nr, fp, &diff))
        return false;
    *difficult = diff;
    return true;
}

bool gg__mv_can_end(const gg__mv *m, int32_t col, int32_t row)
{
    const gg_move_def *def = m->def;
    for (int32_t k = 0; k < def->other_count; ++k) {
        const gg_body *o = &def->others[k];
        int32_t on = gg_size_cells(o->size);
        if (o->cell.col < col + m->fp && col < o->cell.col + on && o->cell.row < row + m->fp &&
            row < o->cell.row + on)
            return false;
    }
    return true;
}

int32_t gg__mv_best_state(const gg__mv *m, const gg__mv_planes *pl, int32_t cell)
{
    if (pl->stamp != NULL && pl->stamp[cell] != pl->epoch)
        return -1;
    int32_t best = -1;
    for (int32_t l = 0; l < m->layers; ++l) {
        int32_t st = l * m->n + cell;
        if (pl->cost[st] == GG__MV_INF)
            continue;
        if (best < 0 || pl->cost[st] < pl->cost[best] ||
            (!m->uniform && pl->cost[st] == pl->cost[best] && pl->steps[st] < pl->steps[best]))
            best = st;
    }
    return best;
}

gg_status gg__mv_write_path(int32_t w, int32_t n, const uint8_t *prev, int32_t state, gg_cell *out,
                            int32_t capacity, int32_t *out_count)
{
    int32_t len = 1;
    for (int32_t st = state; prev[st] != GG__MV_NO_PREV; ++len) {
        int32_t cell = st % n, layer = prev[st] >> 3;
        const gg__dir *d = &gg__dirs[prev[st] & 7];
        st = layer * n + cell - d->dr * w - d->dc;
    }
    *out_count = len;
    if (len > capacity)
        return GG_E_BUFFER_TOO_SMALL;
    int32_t st = state;
    for (int32_t i = len - 1; i >= 0; --i) {
        int32_t cell = st % n;
        out[i] = gg_cell_make(cell % w, cell / w);
        if (i > 0) {
            const gg__dir *d = &gg__dirs[prev[st] & 7];
            st = (prev[st] >> 3) * n + cell - d->dr * w - d->dc;
        }
    }
    return GG_OK;
}

gg_status gg_scene_route_cost(const gg_scene *scene, const gg_cell *cells, int32_t count,
                              int32_t parity, const gg_move_def *def, gg_metric_cost *out_cost,
                              int32_t *out_legal)
{
    if (out_cost == NULL || out_legal == NULL)
        return GG_E_INVALID_ARG;
    gg_metric_cost c = {0, 0, 0, parity};
    *out_cost = c;
    *out_legal = 0;
    if (count < 0 || (cells == NULL && count > 0))
        return GG_E_INVALID_ARG;
    gg__mv m;
    gg_status st = gg__mv_init(&m, scene, def, parity);
    if (gg_failed(st))
        return st;
    for (int32_t i = 0; i < count; ++i)
        if (!gg__mv_on_map(&m, cells[i].col, cells[i].row))
            return GG_E_OUT_OF_BOUNDS;
    int p = m.layers == 2 ? parity : 0;
    for (int32_t i = 1; i < count; ++i) {
        int32_t dc = cells[i].col - cells[i - 1].col, dr = cells[i].row - cells[i - 1].row;
        if (dc < -1 || dc > 1 || dr < -1 || dr > 1 || (dc == 0 && dr == 0))
            break;
        int d = gg__dir_index(dc, dr);
        bool ok = false;
        for (int32_t k = 0; k < m.ndirs; ++k)
            ok = ok || m.dirs[k] == d;
        bool diff = false;
        int32_t col = cells[i - 1].col, row = cells[i - 1].row;
        if (!ok || !gg__mv_step(&m, col, row, row * m.w + col, d, &diff))
            break;
        int next = 0;
        int cls = gg__mv_class(&m, d, p, &next);
        c.feet += (int64_t)m.price[cls][diff] * m.unit_ft;
        c.root2_feet += (int64_t)m.price_r2[cls][diff] * m.unit_ft;
        c.steps++;
        p = next;
        if (m.layers == 2)
            c.parity = p;
        *out_legal = i;
        *out_cost = c;
    }
    return GG_OK;
}

/* Spatial bit k is set when the step from `cell` towards neighbour k is legal (bounds
 * checked). */
uint8_t gg__mv_edge_legal(const gg__mv *m, int32_t cell, int32_t col, int32_t row)
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
