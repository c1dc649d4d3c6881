/* step.c - the distance family and step legality: is_valid_cell, distance_ft, within_range,
 * is_adjacent, edge_distance. Layer: topology. */
#include "topology/scene/scene_internal.h"

int32_t gg__step_cost(const gg_scene *s, gg_cell a, gg_cell b)
{
    int32_t dc = b.col - a.col, dr = b.row - a.row;
    if (dc < -1 || dc > 1 || dr < -1 || dr > 1 || (dc == 0 && dr == 0))
        return GG_STEP_ILLEGAL;
    if (gg__blocked(s, b))
        return GG_STEP_ILLEGAL;
    /* The corner rule: a diagonal may not cut past a blocked orthogonal neighbour. Both
     * orthogonals lie on the map whenever a and b do. Walls are not part of this rule; they
     * are caught by the segment test (a wall touching the shared corner blocks the diagonal). */
    if (dc != 0 && dr != 0 &&
        (gg__blocked(s, gg_cell_make(a.col + dc, a.row)) ||
         gg__blocked(s, gg_cell_make(a.col, a.row + dr))))
        return GG_STEP_ILLEGAL;
    if (gg__move_walls_row(s, a.row)[a.col] & (1u << gg__dir_index(dc, dr)))
        return GG_STEP_ILLEGAL;
    /* SRD 5.2 "Difficult Terrain": every foot of movement in it costs 1 extra foot. Nat20
     * charges the cell being entered; leaving difficult terrain costs normally. */
    return gg__difficult(s, b) ? 2 * s->cell_size_ft : s->cell_size_ft;
}

gg_status gg_scene_is_valid_cell(const gg_scene *s, gg_cell c, bool *out_valid)
{
    if (out_valid == NULL)
        return GG_E_INVALID_ARG;
    *out_valid = false;
    if (s == NULL)
        return GG_E_INVALID_ARG;
    *out_valid = gg__in(s, c) && !gg__blocked(s, c);
    return GG_OK;
}

gg_status gg_scene_distance_ft(const gg_scene *s, gg_cell a, gg_cell b, int32_t *out_feet)
{
    if (out_feet == NULL)
        return GG_E_INVALID_ARG;
    *out_feet = 0;
    if (s == NULL)
        return GG_E_INVALID_ARG;
    if (!gg__in(s, a) || !gg__in(s, b))
        return GG_E_OUT_OF_BOUNDS;
    /* Fits: both cells are on the scene and cell_size_ft <= GG_SCENE_MAX_CELL_FT. */
    *out_feet = (int32_t)(gg_chebyshev(a, b) * s->cell_size_ft);
    return GG_OK;
}

gg_status gg_scene_within_range(const gg_scene *s, gg_cell a, gg_cell b, int32_t range_ft,
                                bool *out_within)
{
    if (out_within == NULL)
        return GG_E_INVALID_ARG;
    *out_within = false;
    if (s == NULL)
        return GG_E_INVALID_ARG;
    *out_within = gg__in(s, a) && gg__in(s, b) && gg_chebyshev(a, b) * s->cell_size_ft <= range_ft;
    return GG_OK;
}

gg_status gg_scene_is_adjacent(const gg_scene *s, gg_cell a, gg_cell b, bool *out_adjacent)
{
    if (out_adjacent == NULL)
        return GG_E_INVALID_ARG;
    *out_adjacent = false;
    if (s == NULL)
        return GG_E_INVALID_ARG;
    /* Nat20: `a` may itself be blocked; a blocked `b` is never adjacent. */
    *out_adjacent = gg__in(s, a) && gg__in(s, b) && !gg_cell_eq(a, b) && !gg__blocked(s, b) &&
                    gg_chebyshev(a, b) == 1;
    return GG_OK;
}

gg_status gg_scene_edge_distance(const gg_scene *s, gg_cell a, gg_cell b, int32_t *out_cost_ft)
{
    if (out_cost_ft == NULL)
        return GG_E_INVALID_ARG;
    *out_cost_ft = GG_STEP_ILLEGAL;
    if (s == NULL)
        return GG_E_INVALID_ARG;
    if (gg__in(s, a) && gg__in(s, b))
        *out_cost_ft = gg__step_cost(s, a, b);
    return GG_OK;
}
