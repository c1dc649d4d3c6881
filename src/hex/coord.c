/* coord.c - axial hex coordinates: distance, neighbours, rounding, rings, ranges, pixels.
 * Layer: hex. */
#include <math.h>

#include "hex/hex_internal.h"

static const int32_t dir_q[6] = {1, 0, -1, -1, 0, 1};
static const int32_t dir_r[6] = {0, 1, 1, 0, -1, -1};

static int32_t norm_edge(int32_t edge)
{
    int32_t e = edge % 6;
    return e < 0 ? e + 6 : e;
}

static bool fits_i32(int64_t v) { return v >= INT32_MIN && v <= INT32_MAX; }

gg_status gg_hex_from_doubles(double q, double r, gg_hex *out)
{
    if (out == NULL)
        return GG_E_INVALID_ARG;
    out->q = 0;
    out->r = 0;
    if (!gg__finite(q) || !gg__finite(r) || floor(q) != q || floor(r) != r)
        return GG_E_INVALID_ARG;
    if (q < (double)INT32_MIN || q > (double)INT32_MAX || r < (double)INT32_MIN ||
        r > (double)INT32_MAX)
        return GG_E_TOO_LARGE;
    out->q = (int32_t)q;
    out->r = (int32_t)r;
    return GG_OK;
}

int64_t gg_hex_distance(gg_hex a, gg_hex b) { return gg__hex_distance(a, b); }

gg_hex gg_hex_direction(int32_t edge)
{
    int32_t e = norm_edge(edge);
    return gg_hex_make(dir_q[e], dir_r[e]);
}

gg_status gg_hex_neighbor(gg_hex h, int32_t edge, gg_hex *out)
{
    if (out == NULL)
        return GG_E_INVALID_ARG;
    *out = h;
    int32_t e = norm_edge(edge);
    int64_t q = (int64_t)h.q + dir_q[e], r = (int64_t)h.r + dir_r[e];
    if (!fits_i32(q) || !fits_i32(r))
        return GG_E_TOO_LARGE;
    *out = gg_hex_make((int32_t)q, (int32_t)r);
    return GG_OK;
}

gg_status gg_hex_neighbors(gg_hex h, gg_hex out[6])
{
    if (out == NULL)
        return GG_E_INVALID_ARG;
    if (h.q == INT32_MIN || h.q == INT32_MAX || h.r == INT32_MIN || h.r == INT32_MAX)
        return GG_E_TOO_LARGE;
    for (int e = 0; e < 6; ++e)
        out[e] = gg_hex_make(h.q + dir_q[e], h.r + dir_r[e]);
    return GG_OK;
}

int32_t gg_hex_edge_between(gg_hex a, gg_hex b)
{
    int64_t dq = (int64_t)b.q - a.q, dr = (int64_t)b.r - a.r;
    for (int32_t e = 0; e < 6; ++e)
        if (dq == dir_q[e] && dr == dir_r[e])
            return e;
    return -1;
}

int32_t gg_hex_opposite_edge(int32_t edge) { return (norm_edge(edge) + 3) % 6; }

gg_status gg_hex_round(double q, double r, gg_hex *out)
{
    if (out == NULL)
        return GG_E_INVALID_ARG;
    out->q = 0;
    out->r = 0;
    if (!gg__finite(q) || !gg__finite(r))
        return GG_E_INVALID_ARG;
    double rq, rr;
    gg__cube_round(q, r, &rq, &rr);
    if (!(rq >= (double)INT32_MIN && rq <= (double)INT32_MAX && rr >= (double)INT32_MIN &&
          rr <= (double)INT32_MAX))
        return GG_E_TOO_LARGE;
    out->q = (int32_t)rq; /* folds -0 to 0 */
    out->r = (int32_t)rr;
    return GG_OK;
}

/* ---- Rings, ranges, spirals ------------------------------------------------------------------- */

static gg_status list_args(int32_t radius, const gg_hex *out, int32_t capacity,
                           const int32_t *out_count)
{
    if (out_count == NULL || capacity < 0 || (out == NULL && capacity > 0) || radius < 0)
        return GG_E_INVALID_ARG;
    return GG_OK;
}

/* Every cell of the disc must fit int32 so that callers can step through it freely. */
static bool disc_fits(gg_hex c, int32_t k)
{
    return (int64_t)c.q - k >= INT32_MIN && (int64_t)c.q + k <= INT32_MAX &&
           (int64_t)c.r - k >= INT32_MIN && (int64_t)c.r + k <= INT32_MAX;
}

static int64_t disc_count(int64_t k) { return 3 * k * (k + 1) + 1; }

/* Emits ring k (k >= 1) starting at out[*n] while *n < capacity; always advances *n by 6k. */
static void emit_ring(gg_hex c, int32_t k, gg_hex *out, int32_t capacity, int64_t *n)
{
    int32_t q = c.q, r = c.r - k; /* center + k * (0,-1) */
    for (int e = 0; e < 6; ++e) {
        for (int32_t j = 0; j < k; ++j) {
            if (*n < capacity)
                out[*n] = gg_hex_make(q, r);
            ++*n;
            q += dir_q[e];
            r += dir_r[e];
        }
    }
}

gg_status gg_hex_ring(gg_hex center, int32_t radius, gg_hex *out, int32_t capacity,
                      int32_t *out_count)
{
    gg_status s = list_args(radius, out, capacity, out_count);
    if (s != GG_OK) {
        if (out_count != NULL)
            *out_count = 0;
        return s;
    }
    *out_count = 0;
    int64_t total = radius == 0 ? 1 : 6 * (int64_t)radius;
    if (!disc_fits(center, radius) || total > INT32_MAX)
        return GG_E_TOO_LARGE;
    int64_t n = 0;
    if (radius == 0) {
        if (capacity > 0)
            out[0] = center;
        n = 1;
    } else {
        emit_ring(center, radius, out, capacity, &n);
    }
    *out_count = (int32_t)n;
    return n > capacity ? GG_PARTIAL : GG_OK;
}

gg_status gg_hex_range(gg_hex center, int32_t radius, gg_hex *out, int32_t capacity,
                       int32_t *out_count)
{
    gg_status s = list_args(radius, out, capacity, out_count);
    if (s != GG_OK) {
        if (out_count != NULL)
            *out_count = 0;
        return s;
    }
    *out_count = 0;
    if (!disc_fits(center, radius) || disc_count(radius) > INT32_MAX)
        return GG_E_TOO_LARGE;
    int64_t n = 0;
    for (int32_t dq = -radius; dq <= radius; ++dq) {
        int32_t lo = -radius > -dq - radius ? -radius : -dq - radius;
        int32_t hi = radius < -dq + radius ? radius : -dq + radius;
        for (int32_t dr = lo; dr <= hi; ++dr) {
            if (n < capacity)
                out[n] = gg_hex_make(center.q + dq, center.r + dr);
            ++n;
        }
    }
    *out_count = (int32_t)n;
    return n > capacity ? GG_PARTIAL : GG_OK;
}

gg_status gg_hex_spiral(gg_hex center, int32_t radius, gg_hex *out, int32_t capacity,
                        int32_t *out_count)
{
    gg_status s = list_args(radius, out, capacity, out_count);
    if (s != GG_OK) {
        if (out_count != NULL)
            *out_count = 0;
        return s;
    }
    *out_count = 0;
    if (!disc_fits(center, radius) || disc_count(radius) > INT32_MAX)
        return GG_E_TOO_LARGE;
    int64_t n = 0;
    if (capacity > 0)
        out[0] = center;
    n = 1;
    for (int32_t k = 1; k <= radius; ++k)
        emit_ring(center, k, out, capacity, &n);
    *out_count = (int32_t)n;
    return n > capacity ? GG_PARTIAL : GG_OK;
}

/* ---- Pixels ----------------------------------------------------------------------------------- */

static const double sqrt3 = 1.7320508075688772;

static bool layout_ok(const gg_hex_layout *l)
{
    return l != NULL && gg__finite(l->size) && l->size > 0.0 && gg__finite(l->origin_x) &&
           gg__finite(l->origin_y);
}

gg_status gg_hex_to_pixel(const gg_hex_layout *layout, gg_hex h, double *out_x, double *out_y)
{
    if (out_x == NULL || out_y == NULL)
        return GG_E_INVALID_ARG;
    *out_x = 0.0;
    *out_y = 0.0;
    if (!layout_ok(layout))
        return GG_E_INVALID_ARG;
    double q = (double)h.q, r = (double)h.r;
    double wq = q + r / 2.0;
    double x = layout->size * sqrt3;
    x = x * wq;
    double y = layout->size * 1.5;
    y = y * r;
    *out_x = layout->origin_x + x;
    *out_y = layout->origin_y + y;
    return GG_OK;
}

gg_status gg_hex_from_pixel(const gg_hex_layout *layout, double x, double y, gg_hex *out)
{
    if (out == NULL)
        return GG_E_INVALID_ARG;
    out->q = 0;
    out->r = 0;
    if (!layout_ok(layout) || !gg__finite(x) || !gg__finite(y))
        return GG_E_INVALID_ARG;
    /* The reference's worldToAxial: r = z / rowSpacing, q = x / width - r / 2. */
    double width = layout->size * sqrt3, row = layout->size * 1.5;
    double r = (y - layout->origin_y) / row;
    double q = (x - layout->origin_x) / width - r / 2.0;
    if (!gg__finite(q) || !gg__finite(r))
        return GG_E_TOO_LARGE;
    return gg_hex_round(q, r, out);
}
