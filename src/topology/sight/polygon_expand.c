/* polygon_expand.c - the visibility polygon by triangular expansion over the scene's wall mesh
 * (wall_mesh.h): the same polygon as the sweep of polygon.c (docs/vision.md, "The visibility
 * polygon"), at a cost that follows the region the viewer sees instead of the walls it would
 * gather, cull and sort. Layer: topology.
 *
 * The mesh is a triangulation of the map whose edges include every wall. From the viewer's
 * triangle, a cone of directions leaves through each edge; a cone that crosses an edge without a
 * wall that stops it enters the triangle beyond, where the ray to that triangle's third vertex
 * splits it in two, one for each of its other edges. A cone ends at an edge whose walls stop the
 * line (a full wall, or a LIMITED wall when the cone has passed one already) or at the map's edge:
 * that piece of the edge, between the cone's two rays, is a piece of the polygon's boundary.
 * Depth first with the earlier sub-cone first, the pieces come out in the sweep's order (angle
 * from +x towards +y), and consecutive pieces give the polygon's vertices exactly as the sweep's
 * changes of stopping wall do (transition() there): a vertex where the boundary leaves a line,
 * and one where it meets the next, when they differ. Every decision is exact: the cones' rays are
 * directions to mesh vertices (lattice points), compared by 64-bit cross products, and the
 * distances along a ray by 128-bit products; only the vertices written out are rounded, once.
 * A wall that crosses another where neither ends is not in the mesh ("loose": the crossing is
 * no lattice point). The region the expansion finds with loose walls transparent holds the
 * visible region, and every loose wall that could cut it meets a triangle the expansion entered:
 * when there is one, the polygon is the sweep's over the walls the expansion met (those bounding
 * its region, the LIMITED walls it passed) and those loose walls, exactly the polygon of all the
 * walls, from far fewer of them. */
#include <math.h>

#include "topology/scene/wall_mesh.h"
#include "topology/sight/polygon_internal.h"

__extension__ typedef __int128 x128;

static inline int64_t xcross(int64_t ax, int64_t ay, int64_t bx, int64_t by)
{
    return ax * by - ay * bx;
}

/* A piece of the boundary: the line through a and b (relative wall units), b after a around the
 * viewer (cross(a, b) > 0), as the sweep keeps a wall: a, e = b - a, num = cross(a, e). */
typedef struct xline {
    int64_t ax, ay, ex, ey, num;
} xline;

typedef struct xout {
    clip_state *clip;
    bool any;
    xline first, prev;
    int64_t fdx, fdy; /* the first piece's first ray */
    int64_t plx, ply; /* the last piece's last ray */
} xout;

static inline bool xsame_line(const xline *p, const xline *q)
{
    return xcross(p->ex, p->ey, q->ex, q->ey) == 0 &&
           xcross(q->ax - p->ax, q->ay - p->ay, p->ex, p->ey) == 0;
}

/* Where line p meets the ray d: the same expression as the sweep's hit(), so that the same exact
 * point (num / cross(d, e) is the same ratio whichever two points of the line give a and e) is
 * rounded the same way. */
static void xhit(const xline *p, int64_t dx, int64_t dy, double *x, double *y)
{
    const double s = (double)p->num / (double)xcross(dx, dy, p->ex, p->ey);
    *x = s * (double)dx;
    *y = s * (double)dy;
}

/* The boundary goes from line A to line B on the ray d (the sweep's transition()). */
static void xtransition(xout *o, const xline *A, const xline *B, int64_t dx, int64_t dy)
{
    if (xsame_line(A, B))
        return;
    double x, y;
    xhit(A, dx, dy, &x, &y);
    gg__poly_clip_vertex(o->clip, x, y);
    const x128 l = (x128)A->num * xcross(dx, dy, B->ex, B->ey),
               r = (x128)B->num * xcross(dx, dy, A->ex, A->ey);
    if (l != r) {
        xhit(B, dx, dy, &x, &y);
        gg__poly_clip_vertex(o->clip, x, y);
    }
}

/* The boundary runs along the line a-b between the rays r and l. */
static void xpiece(xout *o, int64_t ax, int64_t ay, int64_t bx, int64_t by, const gg__xcone *q)
{
    const int64_t rx = q->rx, ry = q->ry;
    o->plx = q->lx;
    o->ply = q->ly;
    xline p = {ax, ay, bx - ax, by - ay, 0};
    p.num = xcross(ax, ay, p.ex, p.ey);
    if (!o->any) {
        o->any = true;
        o->first = p;
        o->fdx = rx;
        o->fdy = ry;
    } else {
        xtransition(o, &o->prev, &p, rx, ry);
    }
    o->prev = p;
}

/* How much the walls along mesh constraint k stop a line from v: 0 none, 1 one LIMITED wall,
 * 2 a full wall or two limited ones (gg__wall_part(), the sweep's own rule, wall by wall). */
static int edge_weight(const gg_scene *s, uint32_t k, gg_hpoint v, uint32_t mask, int32_t eye)
{
    if (k == GG__MESH_NONE)
        return 0;
    const gg__wall_mesh *m = &s->mesh;
    int w = 0;
    for (uint32_t i = m->con_start[k]; i < m->con_start[k + 1] && w < 2; ++i)
        w += gg__wall_part_inline(s, &s->walls[m->con_wall[i]], v, mask, eye);
    return w;
}

/* A wall for the sweep's list (once: the bit of its slot). */
static inline void list_add(gg__xlist *list, uint32_t id)
{
    uint64_t *w = &list->bits[id >> 6];
    const uint64_t bit = (uint64_t)1 << (id & 63);
    if ((*w & bit) == 0) {
        *w |= bit;
        list->ids[list->n++] = id;
    }
}

/* The walls along constraint k that take part for v: they bound the polygon there, or are a
 * LIMITED wall a line passes; the sweep over the list needs them. */
static void list_edge(gg__xlist *list, const gg_scene *s, uint32_t k, gg_hpoint v, uint32_t mask,
                      int32_t eye)
{
    const gg__wall_mesh *m = &s->mesh;
    for (uint32_t i = m->con_start[k]; i < m->con_start[k + 1]; ++i)
        if (gg__wall_part_inline(s, &s->walls[m->con_wall[i]], v, mask, eye) != GG__PART_NONE)
            list_add(list, m->con_wall[i]);
}

/* The loose walls that meet triangle t join the list. */
static inline void list_loose(gg__xlist *list, const gg__wall_mesh *m, uint32_t t)
{
    for (uint32_t i = m->loose_start[t]; i < m->loose_start[t + 1]; ++i)
        list_add(list, m->loose_wall[i]);
}

/* The segment a-b (relative) lies wholly outside the disc r2, with a margin far above rounding:
 * what lies beyond it is outside the disc too, so the cone may stop there as if at a wall (the
 * clipping then cuts the disc's arc along it). */
static bool beyond_disc(int64_t ax, int64_t ay, int64_t bx, int64_t by, double r2)
{
    const double px = (double)ax, py = (double)ay, ex = (double)(bx - ax), ey = (double)(by - ay);
    const double ee = ex * ex + ey * ey;
    double t = ee > 0 ? -(px * ex + py * ey) / ee : 0;
    t = t < 0 ? 0 : (t > 1 ? 1 : t);
    const double cx = px + t * ex, cy = py + t * ey;
    return cx * cx + cy * cy > r2 * (1 + 1e-9) + 4;
}

/* Pushes the cone (r, l) leaving triangle t through its edge i, `lim` LIMITED walls passed. */
static inline void push_cone(gg__xcone *stack, size_t *top, uint32_t t, int i, int lim, int32_t rx,
                             int32_t ry, int32_t lx, int32_t ly)
{
    stack[(*top)++] = (gg__xcone){t, (uint8_t)i, (uint8_t)lim, rx, ry, lx, ly};
}

/* Pushes the cone leaving triangle t through its edge i, from the viewer v. */
static inline void push_edge(gg__xcone *stack, size_t *top, const gg__wall_mesh *m, uint32_t t,
                             int i, gg_hpoint v)
{
    const gg_hpoint a = m->vert[m->tri[t].v[i]], b = m->vert[m->tri[t].v[(i + 1) % 3]];
    stack[(*top)++] = (gg__xcone){t, (uint8_t)i, 0, a.x - v.x, a.y - v.y, b.x - v.x, b.y - v.y};
}

static void reverse_cones(gg__xcone *c, size_t n)
{
    for (size_t i = 0, j = n - 1; n > 0 && i < j; ++i, --j) {
        const gg__xcone t = c[i];
        c[i] = c[j];
        c[j] = t;
    }
}

/* The first cones, in the sweep's order from the bottom of the stack up (the first on top):
 * the viewer inside t0 (three edges), on its edge e (the two other edges of t0 and of the
 * triangle across, or t0's alone on the map's edge), or on a vertex (the edge opposite it in
 * every triangle around it, counter-clockwise from the map's edge if it lies on one). *gap: the
 * viewer is on the map's edge, and the cones leave out the directions out of the map. Returns
 * false when the stack cannot hold them and the deepest walk (the mesh's triangles). */
static bool first_cones(const gg__wall_mesh *m, uint32_t t0, int where, gg_hpoint v,
                        gg__xcone *stack, size_t cap, size_t *top, bool *gap)
{
    *top = 0;
    *gap = false;
    if (where == 0) {
        for (int i = 0; i < 3; ++i)
            push_edge(stack, top, m, t0, i, v);
    } else if (where <= 3) {
        const int e = where - 1;
        push_edge(stack, top, m, t0, (e + 1) % 3, v);
        push_edge(stack, top, m, t0, (e + 2) % 3, v);
        const uint32_t t1 = m->tri[t0].n[e];
        if (t1 == GG__MESH_NONE) {
            *gap = true;
        } else {
            const int e1 = (int)gg__mesh_back_edge(m, t0, (uint32_t)e);
            push_edge(stack, top, m, t1, (e1 + 1) % 3, v);
            push_edge(stack, top, m, t1, (e1 + 2) % 3, v);
        }
    } else {
        /* Around vertex V: the triangle after T (counter-clockwise) is across T's edge into V,
         * the one before across its edge out of V. Back to the map's edge first, if V is on it
         * (at most nt steps: each triangle around V once). */
        const uint32_t V = m->tri[t0].v[where - 4];
        uint32_t t = t0;
        for (uint32_t k = 0; k < m->nt; ++k) {
            const gg__mesh_tri *T = &m->tri[t];
            const uint32_t before = T->n[(int)gg__mesh_corner(T, V)];
            if (before == GG__MESH_NONE) {
                *gap = true;
                break;
            }
            if (before == t0)
                break;
            t = before;
        }
        const uint32_t start = t;
        for (uint32_t k = 0; k < m->nt; ++k) {
            if (*top + m->nt + 4 > cap)
                return false;
            const gg__mesh_tri *T = &m->tri[t];
            const int i = (int)gg__mesh_corner(T, V);
            push_edge(stack, top, m, t, (i + 1) % 3, v);
            t = T->n[(i + 2) % 3];
            if (t == GG__MESH_NONE || t == start)
                break;
        }
    }
    reverse_cones(stack, *top);
    return true;
}

int gg__poly_expand(const gg_scene *s, gg_hpoint v, uint32_t mask, int32_t eye, double r2,
                    clip_state *clip, gg__xcone *stack, size_t cap, gg__xlist *list)
{
    if (!gg__wall_mesh_usable_loose(s) || (size_t)s->mesh.nt + 8 > cap)
        return GG__XP_NO;
    const gg__wall_mesh *m = &s->mesh;
    int where = 0;
    const uint32_t t0 = gg__wall_mesh_locate(s, v, &where);
    size_t top = 0;
    bool gap = false;
    if (t0 == GG__MESH_NONE || !first_cones(m, t0, where, v, stack, cap, &top, &gap))
        return GG__XP_NO;
    /* A first pass (list NULL) stops at the first triangle a loose wall meets; then a second
     * lists the walls that bound the polygon, those it passes and the loose walls of every
     * triangle it enters, writing nothing: the polygon is the sweep's over that list
     * (docs/vision.md, "Loose walls"). */
    const bool loose = m->loose, collect = list != NULL;
    if (collect)
        list->n = 0;
    for (size_t k = 0; loose && k < top; ++k) {
        if (!collect && m->loose_start[stack[k].t] != m->loose_start[stack[k].t + 1])
            return GG__XP_WALLS;
        if (collect)
            list_loose(list, m, stack[k].t);
    }
    xout o;
    o.clip = clip;
    o.any = false;
    /* The work bound, in cones and walls read. A real map's view crosses each triangle about
     * once (at most 1.06 cones per triangle over the bench's 2,062 views); but narrow gaps in
     * front of long thin triangles (a crafted fence; or one wall across a wide map, whose fans
     * of slivers the grid does not reach) make every cone cross every sliver, and many walls
     * stacked on one edge are read at every crossing. Past four per triangle, or sixteen per
     * wall (a cone costs about a twentieth of what the sweep spends on a wall), the sweep
     * (n log n in the walls) answers instead. */
    const int64_t by_tri = 4 * (int64_t)m->nt, by_wall = 16 * (int64_t)s->live_walls;
    int64_t budget = (by_tri < by_wall ? by_tri : by_wall) + 256;
    while (top > 0) {
        if (--budget < 0)
            return GG__XP_GIVE_UP;
        const gg__xcone q = stack[--top];
        const gg__mesh_tri *T = &m->tri[q.t];
        const gg_hpoint A = m->vert[T->v[q.edge]], B = m->vert[T->v[(q.edge + 1) % 3]];
        const int64_t ax = (int64_t)A.x - v.x, ay = (int64_t)A.y - v.y;
        const int64_t bx = (int64_t)B.x - v.x, by = (int64_t)B.y - v.y;
        const uint32_t u = T->n[q.edge];
        const uint32_t k = T->c[q.edge];
        const int ew = edge_weight(s, k, v, mask, eye);
        const int w = q.lim + ew;
        if (k != GG__MESH_NONE) /* the walls read on it */
            budget -= (int64_t)(m->con_start[k + 1] - m->con_start[k]);
        if (collect && ew > 0)
            list_edge(list, s, k, v, mask, eye);
        if (u == GG__MESH_NONE || w >= 2 || (r2 > 0 && beyond_disc(ax, ay, bx, by, r2))) {
            if (!collect)
                xpiece(&o, ax, ay, bx, by, &q);
            continue;
        }
        /* Into u through the same edge, b -> a there; its third vertex c splits the cone. */
        if (loose && m->loose_start[u] != m->loose_start[u + 1]) {
            if (!collect)
                return GG__XP_WALLS;
            list_loose(list, m, u);
        }
        const gg__mesh_tri *U = &m->tri[u];
        int j = 0; /* the edge back to q.t (gg__mesh_back_edge() without its vertex check: in a
                    * built mesh two triangles share at most one edge) */
        while (j < 2 && U->n[j] != q.t)
            ++j;
        const int j1 = (j + 1) % 3, j2 = (j + 2) % 3;
        const gg_hpoint C = m->vert[U->v[j2]];
        const int64_t cx = (int64_t)C.x - v.x, cy = (int64_t)C.y - v.y;
        const int32_t c32x = (int32_t)cx, c32y = (int32_t)cy; /* the map is below 2^24 units */
        if (xcross(q.rx, q.ry, cx, cy) <= 0) { /* c at or before r: all through c -> b */
            push_cone(stack, &top, u, j2, w, q.rx, q.ry, q.lx, q.ly);
        } else if (xcross(cx, cy, q.lx, q.ly) <= 0) { /* c at or after l: all through a -> c */
            push_cone(stack, &top, u, j1, w, q.rx, q.ry, q.lx, q.ly);
        } else { /* the later part waits under the earlier one */
            push_cone(stack, &top, u, j2, w, c32x, c32y, q.lx, q.ly);
            push_cone(stack, &top, u, j1, w, q.rx, q.ry, c32x, c32y);
        }
    }
    if (collect) /* the list is right whatever it met: the sweep over it is the polygon */
        return GG__XP_WALLS;
    if (!o.any)
        return GG__XP_DONE;
    if (!gap) {
        xtransition(&o, &o.prev, &o.first, o.fdx, o.fdy);
        return GG__XP_DONE;
    }
    /* Out of the map from the last ray to the first: the boundary goes through the viewer, a
     * vertex unless the two rays are a straight angle (the sweep's run of no wall). */
    double x, y;
    xhit(&o.prev, o.plx, o.ply, &x, &y);
    gg__poly_clip_vertex(clip, x, y);
    if (xcross(o.plx, o.ply, o.fdx, o.fdy) != 0 || o.plx * o.fdx + o.ply * o.fdy > 0)
        gg__poly_clip_vertex(clip, 0, 0);
    xhit(&o.first, o.fdx, o.fdy, &x, &y);
    gg__poly_clip_vertex(clip, x, y);
    return GG__XP_DONE;
}
