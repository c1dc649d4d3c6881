/* light_cone.c - a light's cone as two edge directions, and the exact cone test on cell offsets.
 * Layer: topology.
 *
 * Why exact: a cone of 90 degrees pointing south has its edges on the diagonals, and the cells on
 * a diagonal are lit (the cone is closed). With cos/sin of radians, the edge (cos 45, sin 45)
 * has unequal components and the sign of the cross product with (1, 1) would be decided by
 * rounding. Here the edges are built so that axis and diagonal directions are exact, and the
 * cross product's sign is computed without rounding. */
#include "topology/sight/light_cone.h"

#include <math.h>

#define GG__DEG (3.14159265358979323846 / 180.0)

void gg__dir_deg(double deg, double *out_x, double *out_y)
{
    double r = fmod(deg, 360.0);
    if (r < 0.0)
        r += 360.0;
    if (r >= 360.0) /* -tiny + 360 rounds to 360 */
        r = 0.0;
    int q = (int)(r / 90.0);
    if (q > 3)
        q = 3;
    double rem = r - 90.0 * (double)q; /* exact (Sterbenz) when q >= 1 */
    if (rem < 0.0) {
        q -= 1;
        rem += 90.0;
    }
    double x, y;
    if (rem == 0.0) {
        x = 1.0, y = 0.0;
    } else if (rem == 45.0) {
        x = y = sqrt(0.5);
    } else if (rem < 45.0) {
        double a = rem * GG__DEG;
        x = cos(a), y = sin(a);
    } else { /* mirror of 90 - rem about the diagonal */
        double a = (90.0 - rem) * GG__DEG;
        x = sin(a), y = cos(a);
    }
    for (int k = 0; k < q; ++k) { /* a quarter turn, exact: (x, y) -> (-y, x) */
        double t = x;
        x = -y;
        y = t;
    }
    *out_x = x;
    *out_y = y;
}

void gg__cone_make(gg__cone *cone, double angle_deg, double rotation_deg)
{
    cone->kind = angle_deg >= 360.0   ? GG__CONE_FULL
                 : angle_deg == 180.0 ? GG__CONE_HALF
                 : angle_deg < 180.0  ? GG__CONE_NARROW
                                      : GG__CONE_WIDE;
    /* Foundry measures the axis from +x towards +y (down the screen) as rotation + 90. Reduce the
     * rotation first so that the sums below stay small and exact for whole degrees. */
    double rot = fmod(rotation_deg, 360.0);
    double axis = rot + 90.0, half = angle_deg * 0.5;
    gg__dir_deg(axis - half, &cone->e1x, &cone->e1y);
    gg__dir_deg(axis + half, &cone->e2x, &cone->e2y);
}

/* Sign of the exact value a * b - c * d for finite doubles of moderate size (no overflow or
 * underflow for cell offsets and unit vectors): products are rounded monotonically, so a
 * rounded difference decides; equal rounded products are told apart by their exact errors. */
static int sign_cross(double a, double b, double c, double d)
{
    double p = a * b, q = c * d;
    if (p != q)
        return p > q ? 1 : -1;
    double ep = fma(a, b, -p), eq = fma(c, d, -q);
    return ep > eq ? 1 : (ep < eq ? -1 : 0);
}

/* cross(e, v) = e.x * v.y - e.y * v.x: > 0 when v is clockwise on screen from e. */
static int side(double ex, double ey, double vx, double vy) { return sign_cross(ex, vy, ey, vx); }

bool gg__cone_holds(const gg__cone *cone, int64_t dx, int64_t dy)
{
    if (cone->kind == GG__CONE_FULL || (dx == 0 && dy == 0))
        return true;
    double vx = (double)dx, vy = (double)dy; /* exact: offsets are far below 2^53 */
    switch (cone->kind) {
    case GG__CONE_NARROW:
        return side(cone->e1x, cone->e1y, vx, vy) >= 0 && side(cone->e2x, cone->e2y, vx, vy) <= 0;
    case GG__CONE_HALF:
        return side(cone->e1x, cone->e1y, vx, vy) >= 0;
    case GG__CONE_WIDE: /* outside the open wedge from e2 clockwise to e1 */
        return !(side(cone->e2x, cone->e2y, vx, vy) > 0 && side(cone->e1x, cone->e1y, vx, vy) < 0);
    case GG__CONE_FULL:
        break;
    }
    return true;
}
