/* line.c - the reference hex line (bit-exact) and the exact hex supercover.
 * Layer: hex. */
#include "hex/board_internal.h"

/* ---- Reference line --------------------------------------------------------------------------- */

gg_hex_line_iter gg_hex_line_begin(gg_hex a, gg_hex b)
{
    gg_hex_line_iter it;
    it.aq = (double)a.q;
    it.ar = (double)a.r;
    /* b.q - a.q in doubles is exact for int32 inputs, as in the reference. */
    it.dq = (double)b.q - (double)a.q;
    it.dr = (double)b.r - (double)a.r;
    it.n = gg_hex_distance(a, b);
    it.i = 0;
    return it;
}

bool gg_hex_line_next(gg_hex_line_iter *it, gg_hex *out)
{
    if (it == NULL || out == NULL || it->i > it->n)
        return false;
    if (it->n == 0) {
        out->q = (int32_t)it->aq;
        out->r = (int32_t)it->ar;
        it->i = 1;
        return true;
    }
    *out = gg__hex_line_sample(it->aq, it->ar, it->dq, it->dr, (double)it->i, (double)it->n);
    it->i++;
    return true;
}

gg_status gg_hex_line(gg_hex a, gg_hex b, gg_hex *out, int32_t capacity, int32_t *out_count)
{
    if (out_count == NULL || capacity < 0 || (out == NULL && capacity > 0)) {
        if (out_count != NULL)
            *out_count = 0;
        return GG_E_INVALID_ARG;
    }
    *out_count = 0;
    int64_t n = gg_hex_distance(a, b) + 1;
    if (n > INT32_MAX)
        return GG_E_TOO_LARGE;
    gg_hex_line_iter it = gg_hex_line_begin(a, b);
    gg_hex h;
    for (int32_t i = 0; i < capacity && gg_hex_line_next(&it, &h); ++i)
        out[i] = h;
    *out_count = (int32_t)n;
    return n > capacity ? GG_PARTIAL : GG_OK;
}

/* ---- Supercover ------------------------------------------------------------------------------- */

bool gg__hex_touch(gg_hex a, gg_hex b, gg_hex h, gg__frac *lo, gg__frac *hi)
{
    /* Offsets from h in cube coordinates: x = q, y = r, z = -q-r; along the segment
     * u(t) = (a - h) + t (b - a). Constraints: |ux - uy| <= 1, |uy - uz| <= 1, |uz - ux| <= 1. */
    int64_t ax = (int64_t)a.q - h.q, ay = (int64_t)a.r - h.r, az = -ax - ay;
    int64_t dx = (int64_t)b.q - a.q, dy = (int64_t)b.r - a.r, dz = -dx - dy;
    lo->num = 0;
    lo->den = 1;
    hi->num = 1;
    hi->den = 1;
    if (!gg__clip(ax - ay, dx - dy, -1, 1, lo, hi) || !gg__clip(ay - az, dy - dz, -1, 1, lo, hi) ||
        !gg__clip(az - ax, dz - dx, -1, 1, lo, hi))
        return false;
    return gg__frac_cmp(*lo, *hi) <= 0;
}

static bool cube_fits(gg_hex h)
{
    int64_t s = -(int64_t)h.q - h.r;
    int64_t lim = GG_HEX_SUPERCOVER_LIMIT;
    return h.q >= -lim && h.q <= lim && h.r >= -lim && h.r <= lim && s >= -lim && s <= lim;
}

/* Orders supercover cells: entry parameter, exit parameter, q, r. */
static int cover_cmp(gg_hex a, gg_hex b, gg_hex x, gg_hex y)
{
    gg__frac xl, xh, yl, yh;
    (void)gg__hex_touch(a, b, x, &xl, &xh);
    (void)gg__hex_touch(a, b, y, &yl, &yh);
    int c = gg__frac_cmp(xl, yl);
    if (c == 0)
        c = gg__frac_cmp(xh, yh);
    if (c == 0)
        c = (x.q > y.q) - (x.q < y.q);
    if (c == 0)
        c = (x.r > y.r) - (x.r < y.r);
    return c;
}

/* Every touched hex lies within one step of a centre-line cell (a segment point is within 1/2
 * step of a sample, a sample within 2/3 of its cell's centre, and 7/6 + 2/3 < 2). The line is a
 * shortest path, so cell i is exactly |i - j| from cell j, and a candidate near cell i was
 * already produced by an earlier cell iff it is within one step of cell i-1 or i-2: that
 * dedupes without memory. Writes while n < capacity; returns the count. */
static int64_t cover_walk(gg_hex a, gg_hex b, gg_hex *out, int64_t capacity)
{
    gg_hex_line_iter it = gg_hex_line_begin(a, b);
    gg_hex c, p1 = a, p2 = a;
    int64_t n = 0, i = 0;
    gg__frac lo, hi;
    while (gg_hex_line_next(&it, &c)) {
        for (int k = -1; k < 6; ++k) {
            gg_hex h = c;
            if (k >= 0) {
                gg_hex d = gg_hex_direction(k);
                h.q += d.q;
                h.r += d.r;
            }
            if (i >= 1 && gg_hex_distance(h, p1) <= 1)
                continue;
            if (i >= 2 && gg_hex_distance(h, p2) <= 1)
                continue;
            if (!gg__hex_touch(a, b, h, &lo, &hi))
                continue;
            if (n < capacity)
                out[n] = h;
            ++n;
        }
        p2 = p1;
        p1 = c;
        ++i;
    }
    return n;
}

/* Writes the supercover into out and sorts it when it fits; returns the full count either way
 * (out then holds an unsorted prefix). */
int64_t gg__hex_supercover_fill(gg_hex a, gg_hex b, gg_hex *out, int32_t capacity)
{
    int64_t total = cover_walk(a, b, out, capacity);
    if (total > capacity)
        return total;
    int32_t n = (int32_t)total;
    /* Generation order is already sorted except within a few steps: insertion sort is linear. */
    for (int32_t i = 1; i < n; ++i) {
        gg_hex x = out[i];
        int32_t j = i;
        while (j > 0 && cover_cmp(a, b, out[j - 1], x) > 0) {
            out[j] = out[j - 1];
            --j;
        }
        out[j] = x;
    }
    return total;
}

int64_t gg__hex_supercover_count(gg_hex a, gg_hex b) { return cover_walk(a, b, NULL, 0); }

gg_status gg_hex_supercover(gg_hex a, gg_hex b, gg_hex *out, int32_t capacity, int32_t *out_count)
{
    if (out_count == NULL || capacity < 0 || (out == NULL && capacity > 0)) {
        if (out_count != NULL)
            *out_count = 0;
        return GG_E_INVALID_ARG;
    }
    *out_count = 0;
    if (!cube_fits(a) || !cube_fits(b))
        return GG_E_TOO_LARGE;
    int64_t n = gg__hex_supercover_count(a, b);
    if (n > INT32_MAX)
        return GG_E_TOO_LARGE;
    *out_count = (int32_t)n;
    if (n > capacity)
        return GG_E_BUFFER_TOO_SMALL;
    (void)gg__hex_supercover_fill(a, b, out, capacity);
    return GG_OK;
}
