/* light_cone.h - a light's cone (angle and rotation) as two edge directions, and the exact test
 * of a cell offset against it (docs/vision.md, "Light cones"). Layer: topology. */
#ifndef GG_TOPOLOGY_SIGHT_LIGHT_CONE_H
#define GG_TOPOLOGY_SIGHT_LIGHT_CONE_H

#include <stdbool.h>
#include <stdint.h>

typedef enum gg__cone_kind {
    GG__CONE_FULL = 0,   /* 360 degrees: every direction */
    GG__CONE_NARROW = 1, /* < 180: left of e1 and right of e2 (both closed) */
    GG__CONE_HALF = 2,   /* 180: the closed half-plane left of e1 */
    GG__CONE_WIDE = 3    /* (180, 360): not in the open wedge from e2 to e1 */
} gg__cone_kind;

/* Directions in grid coordinates (x east, y south), so "left of" (cross > 0) is clockwise on a
 * screen. e1 is the cone's first edge (rotation + 90 - angle/2 degrees from +x, Foundry's aMin),
 * e2 its last (rotation + 90 + angle/2). */
typedef struct gg__cone {
    gg__cone_kind kind;
    double e1x, e1y, e2x, e2y;
} gg__cone;

/* The unit direction `deg` degrees from +x towards +y, with exact 0/1 components at multiples of
 * 90 degrees, equal components at odd multiples of 45, and mirror-symmetric about each axis and
 * diagonal (the same double at deg and at its mirror image). */
void gg__dir_deg(double deg, double *out_x, double *out_y);

/* Fills `cone` from a validated angle in (0, 360] and a finite rotation. */
void gg__cone_make(gg__cone *cone, double angle_deg, double rotation_deg);

/* Whether the offset (dx, dy) (cell centre minus light centre, in cells) lies in the closed
 * cone. Exact: each cross product e.x * dy - e.y * dx of a stored double edge with the integer
 * offset is compared with zero exactly (products split with fma, no rounding decides a sign).
 * The offset (0, 0), the apex, is always inside. */
bool gg__cone_holds(const gg__cone *cone, int64_t dx, int64_t dy);

#endif
