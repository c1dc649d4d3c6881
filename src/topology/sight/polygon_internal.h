/* polygon_internal.h - visibility polygons: which walls take part for a viewer, the exact
 * point-rule segment test the rasterisation uses near the boundary, and the output stage.
 * Layer: topology (private). */
#ifndef GG_SRC_TOPOLOGY_POLYGON_INTERNAL_H
#define GG_SRC_TOPOLOGY_POLYGON_INTERNAL_H

#include "topology/scene/scene_internal.h"

/* How a wall takes part in sight (or light, `mask`) from a viewer. */
enum {
    GG__PART_NONE = 0,    /* transparent for this viewer */
    GG__PART_LIMITED = 1, /* a LIMITED wall: a line passes one and is stopped by the second */
    GG__PART_FULL = 2     /* stops the line */
};

/* The one place that decides which walls take part for the viewer v (wall units) with its eye at
 * elevation `eye` (GG__HEIGHT_UNIT per foot), for `mask` = GG_BLOCKS_SIGHT or GG_BLOCKS_LIGHT
 * (docs/vision.md): live,
 * blocking the sense now (open doors and, for sight, low walls never do), not containing v, a
 * one-way wall only from its blocking side and not from its supporting line, a PROXIMITY wall
 * only beyond its threshold from v, and a wall with heights only when bottom <= eye <= top (a
 * sight line with e0 == e1 == eye meets its 2-D crossing at that elevation). Every polygon and its
 * rasterisation call only this. */
int gg__wall_part(const gg_scene *s, const gg__wall *w, gg_hpoint v, uint32_t mask, int32_t eye);

/* gg__wall_part() inline, for the loops that run it once per wall they meet (the sweep's
 * gathering, the expansion's edges). */
static inline int gg__wall_part_inline(const gg_scene *s, const gg__wall *w, gg_hpoint v,
                                       uint32_t mask, int32_t eye)
{
    if (!gg__wall_live(w) || (gg__wall_blocks_standing(w) & mask) == 0)
        return GG__PART_NONE;
    if (w->heights && (eye < w->bottom || eye > w->top))
        return GG__PART_NONE; /* the level line at the eye passes above or below it */
    const bool in_box = (v.x >= w->a.x || v.x >= w->b.x) && (v.x <= w->a.x || v.x <= w->b.x) &&
                        (v.y >= w->a.y || v.y >= w->b.y) && (v.y <= w->a.y || v.y <= w->b.y);
    if (in_box && gg__on_segment(v, w->a, w->b))
        return GG__PART_NONE; /* a viewer on a wall sees both sides of it */
    if (w->one_way != GG_ONE_WAY_NONE &&
        (gg_orientation(w->a, w->b, v) == 0 || !gg__wall_faces(w, v)))
        return GG__PART_NONE;
    if (s->prox_walls > 0 && gg__wall_proximity_clear(w, v, mask))
        return GG__PART_NONE;
    return (w->limited != 0 && (mask & ~(uint32_t)w->limited) == 0) ? GG__PART_LIMITED
                                                                    : GG__PART_FULL;
}

/* The point rule from v to p (wall units) among the walls that take part (gg__wall_part()):
 * true when the segment [v, p) meets two limited walls or one full one, touching included, a
 * line touching only the end of an open door or window excused (doorway.c). Uses the index. */
bool gg__point_rule_blocked(const gg_scene *s, gg_hpoint v, gg_hpoint p, uint32_t mask,
                            int32_t eye);

/* gg_scene_polygon_cells() with, when `cone` is not NULL, only the cells whose offset from `apex`
 * lies in the cone (gg__cone_holds(), exact): a light polygon's rasterisation. */
struct gg__cone;
gg_status gg__polygon_cells_in(const gg_scene *scene, const gg_polygon_def *def, const double *xy,
                               int32_t count, gg_bitset_mode mode, uint64_t *bits, size_t words,
                               int32_t *out_count, const struct gg__cone *cone, gg_cell apex);

/* ---- Output (polygon_clip.c) ------------------------------------------------------------------
 * The sweep hands each vertex (wall units, relative to the viewer) to gg__poly_clip_vertex(),
 * which clips the star-shaped polygon to the disc edge by edge and writes cells to `out`. */
typedef struct out_state {
    double vx, vy; /* the viewer, cells */
    double *xy;
    int32_t cap, count;
    double lx, ly, fx, fy; /* last and first written */
} out_state;

/* Clips the star-shaped polygon to the disc of radius r around the viewer, edge by edge, as the
 * vertices arrive (relative coordinates, wall units). */
typedef struct clip_state {
    out_state *o;
    bool on;          /* a radius is set */
    double r, r2;     /* wall units */
    double step;      /* largest angle one chord may span */
    double snap;      /* farthest a tangent's rounded crossing is moved to an edge's end (wall
                       * units): a quarter of arc_error */
    double px, py;    /* previous raw vertex */
    double x0, y0;    /* first raw vertex */
    int32_t raw;      /* raw vertices so far */
    bool any;         /* something was written */
    bool exit;        /* an exit point waits for the next entry */
    double ex, ey;    /* that exit point */
    double gap;       /* angle swept outside the disc since it */
    bool first_entry; /* the first point written was an entry */
    double pre_gap;   /* angle swept outside the disc from the first raw vertex to that entry */
} clip_state;

/* Takes the next vertex of the polygon (relative wall units). */
void gg__poly_clip_vertex(clip_state *c, double x, double y);
/* Closes the polygon: the last edge, the arc back to the first entry, or the whole circle. */
void gg__poly_clip_finish(clip_state *c);

/* Rotates the polygon xy[0, n) to its canonical start (docs/vision.md, "Output"): the vertex of
 * smallest x, of those the smallest y (a point met twice: the one whose cycle continues with the
 * smaller vertices). The same cycle of vertices gives the same array, whichever vertex the sweep
 * wrote first. */
void gg__poly_canonical_start(double *xy, int32_t n);
/* Rotates xy[0, n) in place so that vertex `first` comes first (the shorter part through a
 * 64-vertex buffer, else three reversals). */
void gg__poly_rotate(double *xy, int32_t n, int32_t first);

/* ---- Triangular expansion (polygon_expand.c) --------------------------------------------------- */

/* A cone waiting on the expansion's stack: it leaves triangle t through its edge `edge` between
 * the rays r and l (relative wall units, l after r), having passed `lim` LIMITED walls. */
typedef struct gg__xcone {
    uint32_t t;
    uint8_t edge, lim;
    int32_t rx, ry, lx, ly;
} gg__xcone;

/* The walls the sweep takes when the expansion meets loose walls: `bits` (one per wall slot,
 * clear) keeps each once in ids[0, n). */
typedef struct gg__xlist {
    uint64_t *bits;
    uint32_t *ids;
    size_t n;
} gg__xlist;

enum {
    GG__XP_NO = 0,     /* cannot start (the mesh not usable, `cap` below its triangles + 8) */
    GG__XP_DONE = 1,   /* the vertices went to `clip` */
    GG__XP_WALLS = 2,  /* loose walls in reach: the polygon is the sweep's over list->ids */
    GG__XP_GIVE_UP = 3 /* past its work bound (cones and walls read, 4 per triangle or 16 per
                        * wall): the sweep answers */
};

/* The visibility polygon of v by triangular expansion over the scene's wall mesh, its vertices
 * handed to `clip` as the sweep hands them (r2 > 0: the disc of that squared radius, wall
 * units; cones stop at edges wholly outside it), `list` NULL. GG__XP_WALLS: it reached a loose
 * wall, having handed some vertices already; the caller starts the output afresh and calls it
 * again with a `list` (bits clear): it hands nothing then, lists the walls, and returns
 * GG__XP_WALLS for the caller to sweep them. GG__XP_GIVE_UP (either call): the caller starts
 * the output afresh and sweeps every wall. */
int gg__poly_expand(const gg_scene *s, gg_hpoint v, uint32_t mask, int32_t eye, double r2,
                    clip_state *clip, gg__xcone *stack, size_t cap, gg__xlist *list);

/* gg_scene_visibility_polygon() by one path: GG__POLY_AUTO (the expansion where it can start,
 * else the sweep), GG__POLY_SWEEP, or GG__POLY_EXPAND (GG_E_INVALID_ARG when it cannot start or
 * gives up; with loose walls in reach its sweep over the listed walls). The tests compare the
 * paths. */
enum { GG__POLY_AUTO = 0, GG__POLY_SWEEP = 1, GG__POLY_EXPAND = 2 };
gg_status gg__visibility_polygon_path(const gg_scene *scene, void *work, size_t work_bytes,
                                      const gg_polygon_def *def, double *out_xy, int32_t capacity,
                                      int32_t *out_count, int path);

#endif
