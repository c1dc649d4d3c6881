/* metric.c - grid distances in cells.
 * Layer: core. */
#include "gridgeom/core.h"

/* SRD 5.2 "Diagonals" default: every square costs 5 feet, so distance is Chebyshev. int64 because
 * the difference of two int32 coordinates can reach 2^32 - 1. */
int64_t gg_chebyshev(gg_cell a, gg_cell b)
{
    int64_t dc = (int64_t)a.col - (int64_t)b.col;
    int64_t dr = (int64_t)a.row - (int64_t)b.row;
    if (dc < 0)
        dc = -dc;
    if (dr < 0)
        dr = -dr;
    return dc > dr ? dc : dr;
}

/* ---- Movement metrics ------------------------------------------------------------------------ */

/* 64 x 64 -> 128-bit unsigned product as (hi, lo), portable C11. */
static void mul_u64(uint64_t a, uint64_t b, uint64_t *hi, uint64_t *lo)
{
    uint64_t a0 = a & 0xFFFFFFFFu, a1 = a >> 32, b0 = b & 0xFFFFFFFFu, b1 = b >> 32;
    uint64_t p00 = a0 * b0, p01 = a0 * b1, p10 = a1 * b0, p11 = a1 * b1;
    uint64_t mid = (p00 >> 32) + (p01 & 0xFFFFFFFFu) + (p10 & 0xFFFFFFFFu);
    *lo = (p00 & 0xFFFFFFFFu) | (mid << 32);
    *hi = p11 + (p01 >> 32) + (p10 >> 32) + (mid >> 32);
}

static uint64_t uabs64(int64_t v) { return v < 0 ? (uint64_t)0 - (uint64_t)v : (uint64_t)v; }

int gg_metric_cost_compare(gg_metric_cost a, gg_metric_cost b)
{
    /* sign(x + y*sqrt(2)) with x, y the differences; inputs below 2^62 keep them in int64. */
    int64_t x = a.feet - b.feet, y = a.root2_feet - b.root2_feet;
    int sx = (x > 0) - (x < 0), sy = (y > 0) - (y < 0);
    if (sy == 0)
        return sx;
    if (sx == 0 || sx == sy)
        return sy;
    /* Opposite signs: compare x^2 with 2 y^2 exactly in 128 bits (2y^2 < 2^127). */
    uint64_t xh, xl, yh, yl;
    mul_u64(uabs64(x), uabs64(x), &xh, &xl);
    mul_u64(uabs64(y), uabs64(y), &yh, &yl);
    yh = (yh << 1) | (yl >> 63);
    yl <<= 1;
    int xbig = (xh > yh || (xh == yh && xl > yl)) ? 1 : ((xh == yh && xl == yl) ? 0 : -1);
    /* x^2 == 2y^2 is impossible for integers unless both are 0 (sqrt(2) is irrational). */
    return xbig > 0 ? sx : sy;
}

static bool metric_known(gg_metric m)
{
    return (int)m >= (int)GG_METRIC_CHEBYSHEV && (int)m <= (int)GG_METRIC_MANHATTAN;
}

/* Open-grid distance for non-negative |dcol| = dx, |drow| = dy (both <= 2^30). */
static gg_metric_cost open_distance(gg_metric m, int64_t dx, int64_t dy, int64_t cell,
                                    int32_t parity)
{
    int64_t mx = dx > dy ? dx : dy, mn = dx > dy ? dy : dx;
    gg_metric_cost c = {0, 0, mx, parity};
    switch (m) {
    case GG_METRIC_CHEBYSHEV:
        c.feet = mx * cell;
        break;
    case GG_METRIC_ALTERNATING:
        c.feet = mx * cell + ((mn + parity) / 2) * cell;
        c.parity = (int32_t)((mn + parity) & 1);
        break;
    case GG_METRIC_EUCLIDEAN:
        c.feet = (mx - mn) * cell;
        c.root2_feet = mn * cell;
        break;
    case GG_METRIC_MANHATTAN:
        c.feet = (mx + mn) * cell;
        c.steps = mx + mn;
        break;
    }
    return c;
}

gg_status gg_metric_distance(int32_t cell_size_ft, gg_cell a, gg_cell b, int32_t parity,
                             gg_metric metric, gg_metric_cost *out)
{
    if (out == NULL)
        return GG_E_INVALID_ARG;
    gg_metric_cost zero = {0, 0, 0, parity};
    *out = zero;
    if (!metric_known(metric) || cell_size_ft < 1 || (parity != 0 && parity != 1))
        return GG_E_INVALID_ARG;
    int64_t dx = (int64_t)a.col - b.col, dy = (int64_t)a.row - b.row;
    dx = dx < 0 ? -dx : dx;
    dy = dy < 0 ? -dy : dy;
    if (dx > ((int64_t)1 << 30) || dy > ((int64_t)1 << 30))
        return GG_E_TOO_LARGE;
    *out = open_distance(metric, dx, dy, cell_size_ft, parity);
    return GG_OK;
}

gg_status gg_metric_route_cost(int32_t cell_size_ft, const gg_cell *cells, int32_t count,
                               int32_t parity, gg_metric metric, gg_metric_cost *out)
{
    if (out == NULL)
        return GG_E_INVALID_ARG;
    gg_metric_cost c = {0, 0, 0, parity};
    *out = c;
    if (!metric_known(metric) || cell_size_ft < 1 || (parity != 0 && parity != 1) || count < 0 ||
        (cells == NULL && count > 0))
        return GG_E_INVALID_ARG;
    for (int32_t i = 1; i < count; ++i) {
        int64_t dx = (int64_t)cells[i].col - cells[i - 1].col;
        int64_t dy = (int64_t)cells[i].row - cells[i - 1].row;
        bool diag = dx != 0 && dy != 0;
        if (dx < -1 || dx > 1 || dy < -1 || dy > 1 || (dx == 0 && dy == 0) ||
            (diag && metric == GG_METRIC_MANHATTAN))
            return GG_E_INVALID_ARG;
        c.steps++;
        if (!diag || metric == GG_METRIC_CHEBYSHEV) {
            c.feet += cell_size_ft;
        } else if (metric == GG_METRIC_ALTERNATING) {
            c.feet += c.parity ? 2 * (int64_t)cell_size_ft : cell_size_ft;
            c.parity ^= 1;
        } else {
            c.root2_feet += cell_size_ft;
        }
        *out = c;
    }
    *out = c;
    return GG_OK;
}

int32_t gg_size_cells(gg_size size)
{
    switch (size) {
    case GG_SIZE_TINY:
    case GG_SIZE_SMALL:
    case GG_SIZE_MEDIUM:
        return 1;
    case GG_SIZE_LARGE:
        return 2;
    case GG_SIZE_HUGE:
        return 3;
    case GG_SIZE_GARGANTUAN:
        return 4;
    }
    return 0;
}

/* Gap along one axis between [a0, a0+na-1] and [b0, b0+nb-1]: 0 when they overlap. */
static int64_t axis_gap(int64_t a0, int64_t na, int64_t b0, int64_t nb)
{
    if (b0 > a0 + na - 1)
        return b0 - (a0 + na - 1);
    if (a0 > b0 + nb - 1)
        return a0 - (b0 + nb - 1);
    return 0;
}

gg_status gg_footprint_distance(int32_t cell_size_ft, const gg_body *a, const gg_body *b,
                                gg_metric metric, gg_metric_cost *out)
{
    if (out == NULL)
        return GG_E_INVALID_ARG;
    gg_metric_cost zero = {0, 0, 0, 0};
    *out = zero;
    if (a == NULL || b == NULL)
        return GG_E_INVALID_ARG;
    int32_t na = gg_size_cells(a->size), nb = gg_size_cells(b->size);
    if (!metric_known(metric) || cell_size_ft < 1 || na == 0 || nb == 0)
        return GG_E_INVALID_ARG;
    int64_t dx = axis_gap(a->cell.col, na, b->cell.col, nb);
    int64_t dy = axis_gap(a->cell.row, na, b->cell.row, nb);
    if (dx > ((int64_t)1 << 30) || dy > ((int64_t)1 << 30))
        return GG_E_TOO_LARGE;
    *out = open_distance(metric, dx, dy, cell_size_ft, 0);
    return GG_OK;
}

bool gg_footprints_adjacent(const gg_body *a, const gg_body *b)
{
    if (a == NULL || b == NULL)
        return false;
    int32_t na = gg_size_cells(a->size), nb = gg_size_cells(b->size);
    if (na == 0 || nb == 0)
        return false;
    int64_t dx = axis_gap(a->cell.col, na, b->cell.col, nb);
    int64_t dy = axis_gap(a->cell.row, na, b->cell.row, nb);
    return (dx > dy ? dx : dy) == 1;
}
