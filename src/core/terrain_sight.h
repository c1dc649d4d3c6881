/* terrain_sight.h - the parts of the terrain-sight model on height boards that hex sight (layer
 * hex) and square sight (layer topology, src/topology/terrain/) share: exact segment parameters,
 * the cell test against the sight line and the validation of the shared arguments. They sit in
 * core because hex and topology stand side by side (docs/architecture.md). Layer: core
 * (private). */
#ifndef GG_SRC_CORE_TERRAIN_SIGHT_H
#define GG_SRC_CORE_TERRAIN_SIGHT_H

#include <float.h>
#include <math.h>

#include "gridgeom/core.h"

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

/* Per-query state of the height test. */
typedef struct gg__sight_acc {
    double threshold; /* 0 = plain sight */
    double sum;
} gg__sight_acc;

/* The test of one intermediate cell against the sight line's height line_z (docs/hex.md).
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

/* lineZ = eyeZ + (targetZ - eyeZ) * t, in that order (the reference's operation order, docs/hex.md); -ffp-contract=off keeps it unfused. */
static inline double gg__line_z(double eye_z, double target_z, double t)
{
    double delta = target_z - eye_z;
    double prod = delta * t;
    return eye_z + prod;
}

static inline bool gg__finite(double x) { return isfinite(x) != 0; }

/* Validates the shared sight arguments in the reference's order (docs/hex.md); sets *fault and
 * returns a failure status. */
gg_status gg__sight_validate_slow(const gg_sight_def *def, const void *traced, int32_t capacity,
                                  const int32_t *out_count, gg_sight_fault *fault);

/* The same, with the common case (everything valid) decided inline in one pass: finite and
 * >= 0 is x >= 0 && x <= DBL_MAX (NaN fails both, +infinity the second). */
static inline gg_status gg__sight_validate(const gg_sight_def *def, const void *traced,
                                           int32_t capacity, const int32_t *out_count,
                                           gg_sight_fault *fault)
{
    if (out_count != NULL && capacity >= 0 && (traced != NULL || capacity == 0) && def != NULL &&
        def->struct_size >= sizeof(gg_sight_def) &&
        (def->trace == GG_SIGHT_TRACE_CENTRE || def->trace == GG_SIGHT_TRACE_SUPERCOVER) &&
        def->max_range >= 0 && def->eye_height >= 0.0 && def->eye_height <= DBL_MAX &&
        def->target_height >= 0.0 && def->target_height <= DBL_MAX &&
        def->opacity_threshold >= 0.0 && def->opacity_threshold <= DBL_MAX)
        return GG_OK;
    return gg__sight_validate_slow(def, traced, capacity, out_count, fault);
}

#endif
