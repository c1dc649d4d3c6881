/* hex_internal.h - shared helpers of the hex layer: reference rounding and the exact segment
 * interval of a hex (the terrain-sight helpers it shares with square sight are in
 * core/terrain_sight.h). Layer: hex (private). */
#ifndef GG_SRC_HEX_INTERNAL_H
#define GG_SRC_HEX_INTERNAL_H

#include <math.h>

#include "core/terrain_sight.h"
#include "gridgeom/hex.h"

/* ECMAScript Math.round: nearest integer, exact halves toward +infinity. floor(x + 0.5) is wrong
 * for 0.49999999999999994 (the sum rounds up to 1), so compare the fraction instead. */
static inline double gg__js_round(double x)
{
    double f;
    /* floor() is a libm call on baseline x86-64; below 2^52 an int64 round trip is exact. */
    if (x > -4503599627370496.0 && x < 4503599627370496.0) {
        f = (double)(int64_t)x;
        if (f > x)
            f -= 1.0;
    } else {
        f = floor(x);
    }
    return (x - f >= 0.5) ? f + 1.0 : f;
}

/* Math.round for |x| < 2^52, where the int64 round trip is exact (no range test). */
static inline double gg__js_round_small(double x)
{
    double f = (double)(int64_t)x;
    if (f > x)
        f -= 1.0;
    return (x - f >= 0.5) ? f + 1.0 : f;
}

/* The reference cube rounding of (q, r) through `rnd` (gg__js_round, or gg__js_round_small
 * when |q| + |r| < 2^52); writes doubles (which may be -0). */
static inline void gg__cube_round_with(double (*rnd)(double), double q, double r, double *out_q,
                                       double *out_r)
{
    double s = -q - r;
    double rq = rnd(q), rr = rnd(r), rs = rnd(s);
    double dq = fabs(rq - q), dr = fabs(rr - r), ds = fabs(rs - s);
    if (dq > dr && dq > ds)
        rq = -rr - rs;
    else if (dr > ds)
        rr = -rq - rs;
    *out_q = rq;
    *out_r = rr;
}

static inline void gg__cube_round(double q, double r, double *out_q, double *out_r)
{
    gg__cube_round_with(gg__js_round, q, r, out_q, out_r);
}

/* gg_hex_distance(), inline for the hot paths. */
static inline int64_t gg__hex_distance(gg_hex a, gg_hex b)
{
    int64_t dq = (int64_t)b.q - a.q, dr = (int64_t)b.r - a.r, ds = dq + dr;
    dq = dq < 0 ? -dq : dq;
    dr = dr < 0 ? -dr : dr;
    ds = ds < 0 ? -ds : ds;
    return (int64_t)((uint64_t)(dq + dr + ds) / 2u); /* a sum of magnitudes: a shift */
}

/* Sample i of the reference line from (aq, ar) with deltas (dq, dr) over n > 0 steps:
 * t = i / n, then a + (b - a) * t with separate roundings in this order (never (b-a)*i/n, never
 * an accumulated step, never fused: the build uses -ffp-contract=off), then cube rounding. The
 * one copy of the arithmetic: gg_hex_line_next() and the sight walks (sight.c) call it; the _d
 * form leaves the rounded (integral) coordinates in doubles. */
static inline void gg__hex_line_sample_d(double aq, double ar, double dq, double dr, double i,
                                         double n, double *out_q, double *out_r)
{
    double t = i / n;
    double pq = dq * t;
    double pr = dr * t;
    /* Line points lie between two int32 hexes: |q|, |r|, |s| < 2^32. */
    gg__cube_round_with(gg__js_round_small, aq + pq, ar + pr, out_q, out_r);
}

static inline gg_hex gg__hex_line_sample(double aq, double ar, double dq, double dr, double i,
                                         double n)
{
    double rq, rr;
    gg__hex_line_sample_d(aq, ar, dq, dr, i, n, &rq, &rr);
    gg_hex h;
    h.q = (int32_t)rq;
    h.r = (int32_t)rr;
    return h;
}

/* The interval of t in [0,1] over which the segment from hex centre a to hex centre b lies in
 * the closed hex h. Returns false when the segment does not touch h. Hex h in cube coordinates
 * is |x-y| <= 1, |y-z| <= 1, |z-x| <= 1 for the offsets (x,y,z) from its centre. */
bool gg__hex_touch(gg_hex a, gg_hex b, gg_hex h, gg__frac *lo, gg__frac *hi);

#endif
