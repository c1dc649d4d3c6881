/* polygon_light.c - light polygons: a light's visibility polygon among the walls that block light,
 * within its radius, cut to its cone; and their rasterisation (docs/vision.md, "Light
 * polygons"). Layer: topology.
 *
 * The visibility polygon is star-shaped around the light's centre V, which is strictly inside it
 * (walls through V take no part), and its vertices go round V by increasing angle. So the part
 * inside the cone is V followed by the boundary from the ray e1 to the ray e2: one polygon for
 * any angle, wider or narrower than 180 degrees, found in one walk. */
#include "topology/sight/light_cone.h"
#include "topology/sight/polygon_internal.h"

#include <math.h>
#include <string.h>

/* cross(e, p - v) in doubles: > 0 when p is clockwise on screen from the ray e. */
static double side_of(double ex, double ey, double vx, double vy, const double *p)
{
    return ex * (p[1] - vy) - ey * (p[0] - vx);
}

/* Where the edge p -> q meets the line of the ray, at t = a / (a - b) of the way (a <= 0 < b). */
static void cut(const double *p, const double *q, double a, double b, double *out)
{
    const double t = a / (a - b);
    out[0] = p[0] + t * (q[0] - p[0]);
    out[1] = p[1] + t * (q[1] - p[1]);
}

/* Drops repeated vertices and vertices on the line of their neighbours (including the tips of
 * zero-width spikes the cut leaves along a cone edge), cyclically, in place. */
static int32_t tidy(double *xy, int32_t n)
{
    bool changed = true;
    while (changed && n >= 3) {
        changed = false;
        for (int32_t i = 0; i < n && n >= 3; ++i) {
            const double *a = &xy[2 * ((i + n - 1) % n)], *b = &xy[2 * i],
                         *c = &xy[2 * ((i + 1) % n)];
            const double cr = (b[0] - a[0]) * (c[1] - b[1]) - (b[1] - a[1]) * (c[0] - b[0]);
            if ((a[0] == b[0] && a[1] == b[1]) || cr == 0.0) {
                memmove(&xy[2 * i], &xy[2 * (i + 1)], (size_t)(n - i - 1) * 2 * sizeof *xy);
                --n;
                changed = true;
            }
        }
    }
    return n < 3 ? 0 : n;
}

/* Cuts the polygon xy (n vertices, room for n + 3) to the cone with apex (vx, vy); returns the
 * new count. */
static int32_t cut_to_cone(double *xy, int32_t n, double vx, double vy, const gg__cone *k)
{
    int32_t i1 = -1;
    for (int32_t i = 0; i < n && i1 < 0; ++i)
        if (side_of(k->e1x, k->e1y, vx, vy, &xy[2 * i]) <= 0 &&
            side_of(k->e1x, k->e1y, vx, vy, &xy[2 * ((i + 1) % n)]) > 0)
            i1 = i;
    if (i1 < 0)
        return 0; /* cannot happen: V is strictly inside, so the boundary goes round it */
    /* Rotate so that the entry edge is edge 0 (p0 -> p1). */
    gg__poly_rotate(xy, n, i1);
    const double p0[2] = {xy[0], xy[1]}, p1[2] = {xy[2], xy[3]};
    const double a1 = side_of(k->e1x, k->e1y, vx, vy, p0), b1 = side_of(k->e1x, k->e1y, vx, vy, p1);
    double x1[2], x2[2];
    cut(p0, p1, a1, b1, x1);
    const double t1 = a1 / (a1 - b1);
    /* The exit: the first crossing of e2 after the entry, walking on. */
    int32_t exit_edge = -1;
    bool wrapped = false;
    for (int32_t pass = 0; pass <= n && exit_edge < 0; ++pass) {
        const int32_t e = pass % n;
        const double *p = pass == 0 || pass == n ? p0 : &xy[2 * e];
        const double *q = pass == 0 || pass == n ? p1 : &xy[2 * ((e + 1) % n)];
        const double a = side_of(k->e2x, k->e2y, vx, vy, p), b = side_of(k->e2x, k->e2y, vx, vy, q);
        if (!(a <= 0 && b > 0))
            continue;
        const double t = a / (a - b);
        if (pass == 0 && !(t > t1))
            continue;
        exit_edge = e;
        wrapped = pass == n;
        cut(p, q, a, b, x2);
    }
    if (exit_edge < 0)
        return 0; /* cannot happen, as above */
    /* V, X1, p1 .. p_exit (or p1 .. p_{n-1}, p0 after a full turn), X2; p_j moves to j + 1. */
    int32_t last = wrapped ? n - 1 : exit_edge; /* the last vertex p_j kept, j >= 1 */
    for (int32_t j = last; j >= 1; --j) {
        xy[2 * (j + 1)] = xy[2 * j];
        xy[2 * (j + 1) + 1] = xy[2 * j + 1];
    }
    int32_t m = last + 2;
    if (wrapped) {
        xy[2 * m] = p0[0], xy[2 * m + 1] = p0[1];
        ++m;
    }
    xy[0] = vx, xy[1] = vy;
    xy[2] = x1[0], xy[3] = x1[1];
    xy[2 * m] = x2[0], xy[2 * m + 1] = x2[1];
    ++m;
    if (k->kind == GG__CONE_HALF) { /* the apex lies on the straight edge X2 -> X1: no vertex */
        memmove(xy, xy + 2, (size_t)(m - 1) * 2 * sizeof *xy);
        --m;
    }
    return tidy(xy, m);
}

/* The polygon def and cone of a light, or an error status. */
static gg_status light_setup(const gg_scene *s, gg_light_id id, gg_light which, gg_polygon_def *pd,
                             gg__cone *cone, gg_cell *cell)
{
    if (which != GG_LIGHT_BRIGHT && which != GG_LIGHT_DIM)
        return GG_E_INVALID_ARG;
    gg_light_def d;
    gg_status st = gg_scene_get_light(s, id, &d);
    if (st != GG_OK)
        return st;
    *pd = gg_polygon_def_default();
    pd->x = d.cell.col + 0.5;
    pd->y = d.cell.row + 0.5;
    pd->range_ft = which == GG_LIGHT_BRIGHT ? d.bright_ft
                                            : (d.dim_ft > d.bright_ft ? d.dim_ft : d.bright_ft);
    pd->blocks = (uint32_t)GG_BLOCKS_LIGHT;
    gg__cone_make(cone, d.angle_deg, d.rotation_deg);
    *cell = d.cell;
    return GG_OK;
}

gg_status gg_scene_light_polygon(const gg_scene *scene, void *work, size_t work_bytes,
                                 gg_light_id id, gg_light which, double *out_xy, int32_t capacity,
                                 int32_t *out_count)
{
    if (out_count != NULL)
        *out_count = 0;
    if (scene == NULL || out_count == NULL || capacity < 0 || (out_xy == NULL && capacity > 0))
        return GG_E_INVALID_ARG;
    gg_polygon_def pd;
    gg__cone cone;
    gg_cell cell;
    gg_status st = light_setup(scene, id, which, &pd, &cone, &cell);
    if (st != GG_OK)
        return st;
    int32_t n = 0;
    st = gg_scene_visibility_polygon(scene, work, work_bytes, &pd, out_xy, capacity, &n);
    const int32_t extra = cone.kind == GG__CONE_FULL ? 0 : 3;
    if (st == GG_E_BUFFER_TOO_SMALL) {
        *out_count = n > 0 ? n + extra : 0;
        return st;
    }
    if (st != GG_OK)
        return st;
    if (extra == 0 || n < 3) {
        *out_count = n;
        return GG_OK;
    }
    if (capacity < n + extra) {
        *out_count = n + extra;
        return GG_E_BUFFER_TOO_SMALL;
    }
    *out_count = cut_to_cone(out_xy, n, pd.x, pd.y, &cone);
    return GG_OK;
}

gg_status gg_scene_light_polygon_cells(const gg_scene *scene, gg_light_id id, const double *xy,
                                       int32_t count, gg_light which, gg_bitset_mode mode,
                                       uint64_t *bits, size_t words, int32_t *out_count)
{
    if (out_count != NULL)
        *out_count = 0;
    if (scene == NULL)
        return GG_E_INVALID_ARG;
    gg_polygon_def pd;
    gg__cone cone;
    gg_cell cell;
    gg_status st = light_setup(scene, id, which, &pd, &cone, &cell);
    if (st != GG_OK)
        return st;
    return gg__polygon_cells_in(scene, &pd, xy, count, mode, bits, words, out_count,
                                cone.kind == GG__CONE_FULL ? NULL : &cone, cell);
}
