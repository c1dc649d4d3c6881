/* square.c - the terrain-sight model of hex sight on a caller's square height board: Bresenham
 * centre walk (core's gg_line_begin, through core/line_walk.h) or exact supercover. Geometry of
 * the square grid, so it sits in topology as a module of its own; it needs no scene
 * (docs/architecture.md). Layer: topology. */
#include "core/line_walk.h"
#include "core/terrain_sight.h"
#include "gridgeom/terrain.h"

/* The interval of t in [0,1] over which the segment between the centres of cells a and b lies in
 * the closed square h; false when the segment does not touch h. */
static bool square_touch(gg_cell a, gg_cell b, gg_cell h, gg__frac *lo, gg__frac *hi)
{
    /* Doubled coordinates: centres at 2c+1, cell h spans [2h, 2h+2] on each axis. */
    int64_t ax = 2 * (int64_t)a.col + 1, ay = 2 * (int64_t)a.row + 1;
    int64_t dx = 2 * ((int64_t)b.col - a.col), dy = 2 * ((int64_t)b.row - a.row);
    lo->num = 0;
    lo->den = 1;
    hi->num = 1;
    hi->den = 1;
    if (!gg__clip(ax - 2 * (int64_t)h.col, dx, 0, 2, lo, hi) ||
        !gg__clip(ay - 2 * (int64_t)h.row, dy, 0, 2, lo, hi))
        return false;
    return gg__frac_cmp(*lo, *hi) <= 0;
}

static int64_t cheb(gg_cell a, gg_cell b)
{
    int64_t dx = (int64_t)a.col - b.col, dy = (int64_t)a.row - b.row;
    if (dx < 0)
        dx = -dx;
    if (dy < 0)
        dy = -dy;
    return dx > dy ? dx : dy;
}

static bool cell_fits(gg_cell c)
{
    return c.col >= -GG_SQUARE_SUPERCOVER_LIMIT && c.col <= GG_SQUARE_SUPERCOVER_LIMIT &&
           c.row >= -GG_SQUARE_SUPERCOVER_LIMIT && c.row <= GG_SQUARE_SUPERCOVER_LIMIT;
}

static int cover_cmp(gg_cell a, gg_cell b, gg_cell x, gg_cell y)
{
    gg__frac xl, xh, yl, yh;
    (void)square_touch(a, b, x, &xl, &xh);
    (void)square_touch(a, b, y, &yl, &yh);
    int c = gg__frac_cmp(xl, yl);
    if (c == 0)
        c = gg__frac_cmp(xh, yh);
    if (c == 0)
        c = (x.row > y.row) - (x.row < y.row);
    if (c == 0)
        c = (x.col > y.col) - (x.col < y.col);
    return c;
}

/* As the hex version: every touched square is within one (Chebyshev) step of a walk cell, and
 * the walk advances its major axis by one per cell, so cells i and j are |i - j| apart. */
static int64_t cover_walk(gg_cell a, gg_cell b, gg_cell *out, int64_t capacity)
{
    gg_line_iter it = gg_line_begin(a, b);
    gg_cell c, p1 = a, p2 = a;
    int64_t n = 0, i = 0;
    gg__frac lo, hi;
    while (gg_line_next(&it, &c)) {
        for (int dy = -1; dy <= 1; ++dy) {
            for (int dx = -1; dx <= 1; ++dx) {
                gg_cell h = gg_cell_make(c.col + dx, c.row + dy);
                if (i >= 1 && cheb(h, p1) <= 1)
                    continue;
                if (i >= 2 && cheb(h, p2) <= 1)
                    continue;
                if (!square_touch(a, b, h, &lo, &hi))
                    continue;
                if (n < capacity)
                    out[n] = h;
                ++n;
            }
        }
        p2 = p1;
        p1 = c;
        ++i;
    }
    return n;
}

static int64_t cover_fill(gg_cell a, gg_cell b, gg_cell *out, int32_t capacity)
{
    int64_t total = cover_walk(a, b, out, capacity);
    if (total > capacity)
        return total;
    int32_t n = (int32_t)total;
    for (int32_t i = 1; i < n; ++i) {
        gg_cell x = out[i];
        int32_t j = i;
        while (j > 0 && cover_cmp(a, b, out[j - 1], x) > 0) {
            out[j] = out[j - 1];
            --j;
        }
        out[j] = x;
    }
    return total;
}

gg_status gg_square_supercover(gg_cell a, gg_cell b, gg_cell *out, int32_t capacity,
                               int32_t *out_count)
{
    if (out_count == NULL || capacity < 0 || (out == NULL && capacity > 0)) {
        if (out_count != NULL)
            *out_count = 0;
        return GG_E_INVALID_ARG;
    }
    *out_count = 0;
    if (!cell_fits(a) || !cell_fits(b))
        return GG_E_TOO_LARGE;
    int64_t n = cover_walk(a, b, NULL, 0);
    if (n > INT32_MAX)
        return GG_E_TOO_LARGE;
    *out_count = (int32_t)n;
    if (n > capacity)
        return GG_E_BUFFER_TOO_SMALL;
    (void)cover_fill(a, b, out, capacity);
    return GG_OK;
}

/* ---- Sight ------------------------------------------------------------------------------------ */

typedef struct sq_tile {
    double ground, obstruction, density;
} sq_tile;

static bool sq_sample(const gg_square_heights *b, gg_cell c, sq_tile *t)
{
    if (c.col < 0 || c.row < 0 || c.col >= b->width || c.row >= b->height)
        return false;
    size_t i = (size_t)c.row * (size_t)b->width + (size_t)c.col;
    if (b->present != NULL && b->present[i] == 0)
        return false;
    t->ground = b->ground[i];
    t->obstruction = b->obstruction != NULL ? b->obstruction[i] : 0.0;
    t->density = b->density != NULL ? b->density[i] : 1.0;
    return true;
}

static gg_status sq_stop(gg_square_sight_result *out, gg_sight_reason reason, gg_cell at,
                         int32_t index, gg_status ok)
{
    out->visible = false;
    out->reason = reason;
    out->has_blocker = true;
    out->blocker = at;
    out->blocker_index = index;
    return ok;
}

static gg_status sq_fault(gg_square_sight_result *out, gg_sight_fault f)
{
    out->fault = f;
    return GG_E_INVALID_ARG;
}

static int sq_cell(const gg_square_heights *b, gg_cell c, int32_t index, double line_z,
                   gg__sight_acc *acc, gg_square_sight_result *out)
{
    sq_tile t;
    if (!sq_sample(b, c, &t)) {
        (void)sq_stop(out, GG_SIGHT_MISSING_TILE, c, index, GG_OK);
        return 1;
    }
    if (!gg__finite(t.ground))
        return sq_fault(out, GG_SIGHT_FAULT_GROUND);
    if (!gg__finite(t.obstruction) || t.obstruction < 0.0)
        return sq_fault(out, GG_SIGHT_FAULT_OBSTRUCTION);
    if (acc->threshold != 0.0 && (!gg__finite(t.density) || t.density < 0.0))
        return sq_fault(out, GG_SIGHT_FAULT_DENSITY);
    if (gg__sight_blocks(acc, t.ground, t.obstruction, t.density, line_z)) {
        out->opacity = acc->sum;
        (void)sq_stop(out, GG_SIGHT_OCCLUDED, c, index, GG_OK);
        return 1;
    }
    return GG_OK;
}

/* The centre walk's visitor (core/line_walk.h): sq_cell at the sight line's height there. */
typedef struct sq_walk {
    const gg_square_heights *board;
    double eye_z, target_z, d;
    gg__sight_acc *acc;
    gg_square_sight_result *out;
} sq_walk;

static bool sq_step(void *iter, void *cell) { return gg_line_next(iter, cell); }

static int sq_visit(const void *ctx, const void *cell, int32_t i)
{
    const sq_walk *w = ctx;
    double line_z = gg__line_z(w->eye_z, w->target_z, (double)i / w->d);
    return sq_cell(w->board, *(const gg_cell *)cell, i, line_z, w->acc, w->out);
}

gg_status gg_square_sight(const gg_square_heights *board, gg_cell from, gg_cell to,
                          const gg_sight_def *def, gg_cell *traced, int32_t capacity,
                          int32_t *out_count, gg_square_sight_result *out)
{
    if (out_count != NULL)
        *out_count = 0;
    if (out == NULL)
        return GG_E_INVALID_ARG;
    out->visible = false;
    out->reason = GG_SIGHT_CLEAR;
    out->fault = GG_SIGHT_FAULT_NONE;
    out->distance = 0;
    out->has_blocker = false;
    out->blocker = gg_cell_make(0, 0);
    out->blocker_index = -1;
    out->opacity = 0.0;
    if (board == NULL || board->width < 1 || board->height < 1 || board->ground == NULL ||
        (int64_t)board->width * board->height > INT32_MAX)
        return sq_fault(out, GG_SIGHT_FAULT_ARGUMENT);
    gg_status st = gg__sight_validate(def, traced, capacity, out_count, &out->fault);
    if (st != GG_OK)
        return st;

    int64_t d = cheb(from, to);
    out->distance = d;
    if (d > def->max_range) {
        out->reason = GG_SIGHT_RANGE;
        return GG_OK;
    }
    if (d >= INT32_MAX - 1)
        return GG_E_TOO_LARGE;

    bool cover = def->trace == GG_SIGHT_TRACE_SUPERCOVER;
    int32_t n;
    gg_status ok = GG_OK;
    if (cover) {
        if (!cell_fits(from) || !cell_fits(to))
            return GG_E_TOO_LARGE;
        int64_t need = cover_fill(from, to, traced, capacity);
        if (need > INT32_MAX)
            return GG_E_TOO_LARGE;
        *out_count = (int32_t)need;
        if (need > capacity)
            return GG_E_BUFFER_TOO_SMALL;
        n = (int32_t)need;
    } else {
        n = (int32_t)(d + 1);
        gg_line_iter it = gg_line_begin(from, to);
        gg__line_walk_fill(&it, sq_step, traced, sizeof *traced, capacity);
        *out_count = n;
        if (n > capacity)
            ok = GG_PARTIAL;
    }

    sq_tile tf, tt;
    if (!sq_sample(board, from, &tf))
        return sq_stop(out, GG_SIGHT_MISSING_TILE, from, 0, ok);
    if (!sq_sample(board, to, &tt))
        return sq_stop(out, GG_SIGHT_MISSING_TILE, to, n - 1, ok);
    if (!gg__finite(tf.ground) || !gg__finite(tt.ground))
        return sq_fault(out, GG_SIGHT_FAULT_GROUND);
    double eye_z = tf.ground + def->eye_height;
    double target_z = tt.ground + def->target_height;

    gg__sight_acc acc;
    acc.threshold = def->opacity_threshold;
    acc.sum = 0.0;
    if (cover) {
        for (int32_t k = 1; k < n - 1; ++k) {
            gg__frac lo, hi;
            (void)square_touch(from, to, traced[k], &lo, &hi);
            double z0 = gg__line_z(eye_z, target_z, gg__frac_value(lo));
            double z1 = gg__line_z(eye_z, target_z, gg__frac_value(hi));
            int r = sq_cell(board, traced[k], k, z0 < z1 ? z0 : z1, &acc, out);
            if (r < 0)
                return (gg_status)r;
            if (r > 0)
                return ok;
        }
    } else {
        sq_walk w = {board, eye_z, target_z, (double)d, &acc, out};
        gg_line_iter it = gg_line_begin(from, to);
        gg_cell c;
        int r = gg__line_walk_between(&it, sq_step, &c, n, sq_visit, &w);
        if (r < 0)
            return (gg_status)r;
        if (r > 0)
            return ok;
    }
    out->visible = true;
    out->reason = GG_SIGHT_CLEAR;
    out->opacity = acc.sum;
    return ok;
}
