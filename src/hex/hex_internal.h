/* hex_internal.h - shared helpers of the hex layer: reference rounding, exact segment intervals,
 * the terrain-sight cell test. Layer: hex (private). */
#ifndef GG_SRC_HEX_INTERNAL_H
#define GG_SRC_HEX_INTERNAL_H

#include <math.h>

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

/* A non-negative rational num/den with den > 0, used for segment parameters t in [0, 1]. */
typedef struct gg__frac {
    int64_t num, den;
} gg__frac;

/* a < b, a == b, a > b as -1, 0, 1. |num|, den < 2^31 keeps the products below 2^62. */
static inline int gg__frac_cmp(gg__frac a, gg__frac b)
{
    int64_t l = a.num * b.den, r = b.num * a.den;
    return (l > r) - (l < r);
}

static inline double gg__frac_value(gg__frac f) { return (double)f.num / (double)f.den; }

/* Narrows [*lo, *hi] by the constraint L <= e0 + t*e1 <= U. Returns false when it becomes empty
 * (not checked here; the caller compares at the end). */
static inline bool gg__clip(int64_t e0, int64_t e1, int64_t L, int64_t U, gg__frac *lo,
                            gg__frac *hi)
{
    if (e1 == 0)
        return e0 >= L && e0 <= U;
    gg__frac a, b;
    if (e1 > 0) {
        a.num = L - e0;
        a.den = e1;
        b.num = U - e0;
        b.den = e1;
    } else {
        a.num = e0 - U;
        a.den = -e1;
        b.num = e0 - L;
        b.den = -e1;
    }
    if (gg__frac_cmp(a, *lo) > 0)
        *lo = a;
    if (gg__frac_cmp(b, *hi) < 0)
        *hi = b;
    return true;
}

/* The interval of t in [0,1] over which the segment from hex centre a to hex centre b lies in
 * the closed hex h. Returns false when the segment does not touch h. Hex h in cube coordinates
 * is |x-y| <= 1, |y-z| <= 1, |z-x| <= 1 for the offsets (x,y,z) from its centre. */
bool gg__hex_touch(gg_hex a, gg_hex b, gg_hex h, gg__frac *lo, gg__frac *hi);

/* The same for squares, segment between the centres of cells a and b, closed square h. */
bool gg__square_touch(gg_cell a, gg_cell b, gg_cell h, gg__frac *lo, gg__frac *hi);

/* Per-query state of the height test. */
typedef struct gg__sight_acc {
    double threshold; /* 0 = plain sight */
    double sum;
} gg__sight_acc;

/* The D6 test of one intermediate cell against the sight line height line_z.
 * Returns true when the cell blocks. Plain: ground + obstruction >= line_z. Partial opacity:
 * ground >= line_z blocks; else an obstruction reaching the line adds its density. */
static inline bool gg__sight_blocks(gg__sight_acc *acc, double ground, double obstruction,
                                    double density, double line_z)
{
    double top = ground + obstruction;
    if (acc->threshold == 0.0)
        return top >= line_z;
    if (ground >= line_z)
        return true;
    if (top >= line_z) {
        acc->sum = acc->sum + density;
        return acc->sum >= acc->threshold;
    }
    return false;
}

/* lineZ = eyeZ + (targetZ - eyeZ) * t, in that order (R7); -ffp-contract=off keeps it unfused. */
static inline double gg__line_z(double eye_z, double target_z, double t)
{
    double delta = target_z - eye_z;
    double prod = delta * t;
    return eye_z + prod;
}

static inline bool gg__finite(double x) { return isfinite(x) != 0; }

/* Validates the shared sight arguments in R1 order; sets *fault and returns a failure status. */
gg_status gg__sight_validate(const gg_sight_def *def, const void *traced, int32_t capacity,
                             const int32_t *out_count, gg_sight_fault *fault);

#endif
