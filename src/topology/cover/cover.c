/* cover.c - Nat20's tagged cover: cover_between along the Bresenham walk, and cover_on_cell.
 * Layer: topology. */
#include "topology/scene/scene_internal.h"

static bool listed(const gg_cell *cells, int32_t n, gg_cell c)
{
    for (int32_t k = 0; k < n; ++k)
        if (gg_cell_eq(cells[k], c))
            return true;
    return false;
}

gg_cover gg__cover_between(const gg_scene *s, gg_cell a, gg_cell b, const gg_cell *occupied,
                           int32_t occupied_count)
{
    /* SRD 5.2 "Cover": a target has the most protective degree of cover between it and the
     * attacker. Nat20 reads that off the cells of the Bresenham walk: blocked cells are total,
     * tags count (the target's own included), creatures give half but never raise a tag. */
    /* Low walls and windows (walls with a cover value) count too; a Nat20 scene has none. */
    gg_cover best = gg__segment_wall_cover(s, gg__wall_centre(a), gg__wall_centre(b));
    gg_line_iter it = gg_line_begin(a, b);
    gg_cell c;
    while (gg_line_next(&it, &c)) {
        if (gg_cell_eq(c, a))
            continue;
        bool is_target = gg_cell_eq(c, b);
        if (!is_target && gg__blocked(s, c))
            return GG_COVER_TOTAL;
        gg_cover here = gg__cover_tag(s, c);
        if (!is_target && here < GG_COVER_HALF && listed(occupied, occupied_count, c))
            here = GG_COVER_HALF;
        if (here > best)
            best = here;
    }
    return best;
}

gg_status gg_scene_cover_between(const gg_scene *s, gg_cell a, gg_cell b, const gg_cell *occupied,
                                 int32_t occupied_count, gg_cover *out_cover)
{
    if (out_cover == NULL)
        return GG_E_INVALID_ARG;
    *out_cover = GG_COVER_NONE;
    if (s == NULL || occupied_count < 0 || (occupied == NULL && occupied_count > 0))
        return GG_E_INVALID_ARG;
    if (!gg__in(s, a) || !gg__in(s, b))
        return GG_E_OUT_OF_BOUNDS;
    *out_cover = gg__cover_between(s, a, b, occupied, occupied_count);
    return GG_OK;
}

gg_status gg_scene_cover_on_cell(const gg_scene *s, gg_cell c, gg_cover *out_cover)
{
    if (out_cover == NULL)
        return GG_E_INVALID_ARG;
    *out_cover = GG_COVER_NONE;
    if (s == NULL)
        return GG_E_INVALID_ARG;
    if (gg__in(s, c))
        *out_cover = gg__blocked(s, c) ? GG_COVER_TOTAL : gg__cover_tag(s, c);
    return GG_OK;
}
