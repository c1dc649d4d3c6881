/* sight.c - Nat20 line of sight: blocked cells on the Bresenham walk, then the centre-to-centre
 * segment against the walls near it. Layer: topology. */
#include "core/line_walk.h"
#include "topology/scene/scene_internal.h"

static bool line_step(void *iter, void *cell) { return gg_line_next(iter, cell); }

static int blocked_visit(const void *scene, const void *cell, int32_t index)
{
    (void)index;
    return gg__blocked(scene, *(const gg_cell *)cell);
}

bool gg__walk_blocked(const gg_scene *s, gg_cell a, gg_cell b)
{
    /* The walk starts at a, ends at b and never repeats a cell: the cells between are indices
     * 1 .. n-2 of its n = Chebyshev distance + 1 cells. */
    int64_t dx = (int64_t)b.col - a.col, dy = (int64_t)b.row - a.row;
    int64_t d = (dx < 0 ? -dx : dx) > (dy < 0 ? -dy : dy) ? (dx < 0 ? -dx : dx)
                                                          : (dy < 0 ? -dy : dy);
    gg_line_iter it = gg_line_begin(a, b);
    gg_cell c;
    return gg__line_walk_between(&it, line_step, &c, (int32_t)(d + 1), blocked_visit, s) != 0;
}

bool gg__line_of_sight(const gg_scene *s, gg_cell a, gg_cell b)
{
    /* Endpoints never block: a creature may stand in (or target) a blocked cell. The walk is
     * Nat20's direction-dependent Bresenham, so sight through blocked cells is not symmetric. */
    if (gg__walk_blocked(s, a, b))
        return false;
    /* Touching counts (closed test): a wall ending on a corner the line passes through blocks, and
     * a wall through a cell's centre blinds that cell, even to itself (Nat20, docs/nat20.md). */
    return !gg__segment_hits_wall(s, gg__wall_centre(a), gg__wall_centre(b),
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
