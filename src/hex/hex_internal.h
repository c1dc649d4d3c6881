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

/* The reference cube rounding of (q, r); writes doubles (which may be -0). */
static inline void gg__cube_round(double q, double r, double *out_q, double *out_r)
{
    double s = -q - r;
    double rq = gg__js_round(q), rr = gg__js_round(r), rs = gg__js_round(s);
    double dq = fabs(rq - q), dr = fabs(rr - r), ds = fabs(rs - s);
    if (dq > dr && dq > ds)
        rq = -rr - rs;
    else if (dr > ds)
        rr = -rq - rs;
    *out_q = rq;
    *out_r = rr;
}

/* The interval of t in [0,1] over which the segment from hex centre a to hex centre b lies in
 * the closed hex h. Returns false when the segment does not touch h. Hex h in cube coordinates
 * is |x-y| <= 1, |y-z| <= 1, |z-x| <= 1 for the offsets (x,y,z) from its centre. */
bool gg__hex_touch(gg_hex a, gg_hex b, gg_hex h, gg__frac *lo, gg__frac *hi);

#endif
