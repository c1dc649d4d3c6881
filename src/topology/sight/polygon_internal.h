/* polygon_internal.h - visibility polygons: which walls take part for a viewer, and the exact
 * point-rule segment test the rasterisation uses on the polygon's boundary.
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

/* The one place that decides which walls take part for the viewer v (wall units) looking at eye
 * elevation eye_ft, for `mask` = GG_BLOCKS_SIGHT or GG_BLOCKS_LIGHT (docs/vision.md): live,
 * blocking the sense now (open doors and, for sight, low walls never do), not containing v, a
 * one-way wall only from its blocking side and not from its supporting line, a PROXIMITY wall
 * only beyond its threshold from v. Walls with heights hook in here: with e0 == e1 == eye_ft a
 * height-limited wall takes part iff bottom <= eye_ft <= top. Every polygon and its
 * rasterisation call only this. */
int gg__wall_part(const gg_scene *s, const gg__wall *w, gg_hpoint v, uint32_t mask, double eye_ft);

/* The point rule from v to p (wall units) among the walls that take part (gg__wall_part()):
 * true when the segment [v, p) meets two limited walls or one full one, touching included, a
 * line touching only the end of an open door or window excused (doorway.c). Uses the index. */
bool gg__point_rule_blocked(const gg_scene *s, gg_hpoint v, gg_hpoint p, uint32_t mask,
                            double eye_ft);

#endif
