/* sight.c - Nat20 line of sight through the one sight kernel (sight_kernel.h): blocked cells on
 * the Bresenham walk and the centre-to-centre segment against the walls, in one walk.
 * Layer: topology. */
#include "topology/sight/sight_kernel.h"

bool gg__walk_blocked(const gg_scene *s, gg_cell a, gg_cell b)
{
    return gg__sk_cells_blocked(s, a, b);
}

bool gg__sight_walls_hit(const gg_scene *s, gg_cell a, gg_cell b, uint32_t mask)
{
    unsigned r;
    if (s->sight_exact > 0)
        r = gg__sk_walk(s, a, b, mask, false, true, false);
    else if (s->sight_plain > 0)
        r = gg__sk_walk(s, a, b, mask, false, false, false);
    else
        return false; /* no live wall can stop sight or light */
    if (r & GG__SK_FALLBACK)
        return gg__segment_hits_wall_indexed(s, gg__wall_centre(a), gg__wall_centre(b), mask);
    return r != 0;
}

bool gg__line_of_sight_exact(const gg_scene *s, gg_cell a, gg_cell b)
{
    return !gg__sk_cells_blocked(s, a, b) &&
           !gg__segment_hits_wall_indexed(s, gg__wall_centre(a), gg__wall_centre(b),
                                          (uint32_t)GG_BLOCKS_SIGHT);
}

#if defined(__GNUC__)
#define GG__NOINLINE __attribute__((noinline))
#else
#define GG__NOINLINE
#endif

/* The walk with walls, out of line: its frame (the exact path's state) stays off the walls-free
 * path, which is a dozen instructions per cell. */
static GG__NOINLINE bool line_of_sight_walls(const gg_scene *s, gg_cell a, gg_cell b)
{
    const uint32_t mask = (uint32_t)GG_BLOCKS_SIGHT;
    const unsigned r = s->sight_exact > 0 ? gg__sk_walk(s, a, b, mask, true, true, false)
                                          : gg__sk_walk(s, a, b, mask, true, false, false);
    if (r & GG__SK_FALLBACK)
        return gg__line_of_sight_exact(s, a, b);
    return r == 0;
}

static inline bool line_of_sight(const gg_scene *s, gg_cell a, gg_cell b)
{
    /* Endpoints never block: a creature may stand in (or target) a blocked cell. The walk is
     * Nat20's direction-dependent Bresenham, so sight through blocked cells is not symmetric.
     * Touching counts (closed test): a wall ending on a corner the line passes through blocks, and
     * a wall through a cell's centre blinds that cell, even to itself (Nat20, docs/nat20.md). */
    if (s->sight_exact == 0 && s->sight_plain == 0)
        return !gg__sk_cells_blocked(s, a, b); /* no live wall can stop sight */
    return line_of_sight_walls(s, a, b);
}

bool gg__line_of_sight(const gg_scene *s, gg_cell a, gg_cell b) { return line_of_sight(s, a, b); }

bool gg__sight_line(const gg_scene *s, gg_cell a, gg_cell b, uint32_t mask)
{
    if (s->sight_exact == 0 && s->sight_plain == 0)
        return !gg__sk_cells_blocked(s, a, b);
    const unsigned r = s->sight_exact > 0 ? gg__sk_walk(s, a, b, mask, true, true, false)
                                          : gg__sk_walk(s, a, b, mask, true, false, false);
    if (r & GG__SK_FALLBACK)
        return !gg__sk_cells_blocked(s, a, b) &&
               !gg__segment_hits_wall_indexed(s, gg__wall_centre(a), gg__wall_centre(b), mask);
    return r == 0;
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
    *out_visible = line_of_sight(s, a, b);
    return GG_OK;
}
