/* sight.c - Nat20 line of sight: blocked cells on the Bresenham walk, then the centre-to-centre
 * segment against the walls near it. Layer: topology. */
#include "topology/scene/scene_internal.h"

bool gg__line_of_sight(const gg_scene *s, gg_cell a, gg_cell b)
{
    /* Endpoints never block: a creature may stand in (or target) a blocked cell. The walk is
     * Nat20's direction-dependent Bresenham, so sight through blocked cells is not symmetric. */
    gg_line_iter it = gg_line_begin(a, b);
    gg_cell c;
    while (gg_line_next(&it, &c)) {
        if (gg_cell_eq(c, a) || gg_cell_eq(c, b))
            continue;
        if (gg__blocked(s, c))
            return false;
    }
    /* Touching counts (closed test): a wall ending on a corner the line passes through blocks, and
     * a wall through a cell's centre blinds that cell, even to itself (Nat20, docs/nat20.md). */
    return !gg__segment_hits_wall(s, gg_cell_centre(a), gg_cell_centre(b),
                                  (uint32_t)GG_BLOCKS_SIGHT);
}

gg_status gg_scene_has_line_of_sight(const gg_scene *s, gg_cell a, gg_cell b, bool *out_visible)
{
    if (out_visible == NULL)
        return GG_E_INVALID_ARG;
    *out_visible = false;
    if (s == NULL)
        return GG_E_INVALID_ARG;
    if (!gg__in(s, a) || !gg__in(s, b))
        return GG_E_OUT_OF_BOUNDS;
    *out_visible = gg__line_of_sight(s, a, b);
    return GG_OK;
}
