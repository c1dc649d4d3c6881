/* segment.c - exact orientation and segment-intersection predicates in half-unit integers.
 * Layer: core. */
#include "gridgeom/core.h"

/* Nat20 evaluates these in Python floats with centres at .5 (docs/nat20.md). Doubling every
 * coordinate makes centres and corners integers, so the same expressions become exact integer
 * arithmetic.
 *
 * Within GG_HPOINT_LIMIT (2^29) each difference is below 2^30 and the determinant below 2^61, so
 * it fits int64. Beyond the limit the true determinant may not fit; the products are then taken
 * in uint64, which wraps with defined behaviour, so the call is still safe but its answer is
 * unspecified. Callers that accept outside coordinates (topology) validate them first. */
int gg_orientation(gg_hpoint a, gg_hpoint b, gg_hpoint c)
{
    uint64_t dy1 = (uint64_t)((int64_t)b.y - (int64_t)a.y);
    uint64_t dx2 = (uint64_t)((int64_t)c.x - (int64_t)b.x);
    uint64_t dx1 = (uint64_t)((int64_t)b.x - (int64_t)a.x);
    uint64_t dy2 = (uint64_t)((int64_t)c.y - (int64_t)b.y);
    /* Unsigned multiplication gives the low 64 bits of the signed products; within the limit the
     * signed result fits, so its two's-complement sign bit is the true sign. */
    uint64_t det = dy1 * dx2 - dx1 * dy2;
    if (det == 0)
        return 0;
    return (det >> 63) != 0 ? -1 : 1;
}

/* c lies in the closed bounding box of a-b; only meaningful when a, b, c are collinear. */
static bool gg__in_box(gg_hpoint a, gg_hpoint b, gg_hpoint c)
{
    int32_t xlo = a.x < b.x ? a.x : b.x;
    int32_t xhi = a.x < b.x ? b.x : a.x;
    int32_t ylo = a.y < b.y ? a.y : b.y;
    int32_t yhi = a.y < b.y ? b.y : a.y;
    return c.x >= xlo && c.x <= xhi && c.y >= ylo && c.y <= yhi;
}

/* Closed test, as Nat20's _segments_intersect: touching and collinear overlap count. This is why
 * a wall endpoint on a grid corner blocks a diagonal step through that corner (docs/nat20.md). */
bool gg_segments_intersect(gg_hpoint p1, gg_hpoint p2, gg_hpoint p3, gg_hpoint p4)
{
    int o1 = gg_orientation(p1, p2, p3);
    int o2 = gg_orientation(p1, p2, p4);
    int o3 = gg_orientation(p3, p4, p1);
    int o4 = gg_orientation(p3, p4, p2);
    if (o1 != o2 && o3 != o4)
        return true;
    return (o1 == 0 && gg__in_box(p1, p2, p3)) || (o2 == 0 && gg__in_box(p1, p2, p4)) ||
           (o3 == 0 && gg__in_box(p3, p4, p1)) || (o4 == 0 && gg__in_box(p3, p4, p2));
}

/* Strict straddling on both sides is exactly "one common point interior to both": any endpoint on
 * the other segment's line makes the shared point an endpoint (or the overlap infinite). */
bool gg_segments_cross(gg_hpoint p1, gg_hpoint p2, gg_hpoint p3, gg_hpoint p4)
{
    int o1 = gg_orientation(p1, p2, p3);
    int o2 = gg_orientation(p1, p2, p4);
    int o3 = gg_orientation(p3, p4, p1);
    int o4 = gg_orientation(p3, p4, p2);
    return o1 * o2 < 0 && o3 * o4 < 0;
}
