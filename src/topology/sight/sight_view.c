/* sight_view.c - line of sight and field of view from an eye elevation to a target elevation,
 * for walls with heights (gg_view_def, docs/vision.md). The walk and every wall kind are judged
 * as in sight.c; only walls with heights are compared with the line's elevation, through the exact
 * per-wall predicate gg__wall_stops_view(). Layer: topology. */
#include <string.h>

#include "topology/scene/scene_internal.h"
#include "topology/scene/scratch.h"
#include "topology/sight/fov.h"

/* The caller's view as wall-lattice elevations; GG_E_BAD_DEF or GG_E_INVALID_ARG when it is not
 * one. */
static gg_status read_view(const gg_view_def *view, gg__wview *out)
{
    gg_view_def dflt;
    const gg_view_def *v = gg__view_def_or_default(view, &dflt);
    if (v == NULL)
        return GG_E_BAD_DEF;
    if (!gg__height_units(v->eye_elevation_ft, 0, &out->e0) ||
        !gg__height_units(v->target_elevation_ft, 0, &out->e1))
        return GG_E_INVALID_ARG;
    out->elevation = true;
    out->opens = 0u;
    return GG_OK;
}

/* The elevations change nothing: no wall has heights, or both ends are at elevation 0, where
 * every query without a view already stands. */
static bool flat(const gg_scene *s, const gg__wview *v)
{
    return s->height_walls == 0 || (v->e0 == 0 && v->e1 == 0);
}

static bool line_of_sight_view(const gg_scene *s, gg_cell a, gg_cell b, const gg__wview *v)
{
    if (gg__walk_blocked(s, a, b))
        return false; /* blocked cells stand at every elevation */
    return !gg__segment_hits_wall_view(s, gg__wall_centre(a), gg__wall_centre(b),
                                       (uint32_t)GG_BLOCKS_SIGHT, v);
}

gg_status gg_scene_has_line_of_sight_view(const gg_scene *s, gg_cell a, gg_cell b,
                                          const gg_view_def *view, bool *out_visible)
{
    if (out_visible == NULL)
        return GG_E_INVALID_ARG;
    *out_visible = false;
    if (s == NULL)
        return GG_E_INVALID_ARG;
    gg__wview v;
    gg_status st = read_view(view, &v);
    if (st != GG_OK)
        return st;
    if (flat(s, &v))
        return gg_scene_has_line_of_sight(s, a, b, out_visible);
    if (!gg__in(s, a) || !gg__in(s, b))
        return GG_E_OUT_OF_BOUNDS;
    *out_visible = line_of_sight_view(s, a, b, &v);
    return GG_OK;
}

gg_status gg_scene_visible_cells_view(const gg_scene *s, gg_scratch *scratch, gg_cell viewer,
                                      int32_t range_ft, const gg_view_def *view,
                                      gg_bitset_mode mode, uint64_t *bits, size_t words,
                                      int32_t *out_count)
{
    if (out_count != NULL)
        *out_count = 0;
    if (s == NULL)
        return GG_E_INVALID_ARG;
    gg__wview v;
    gg_status st = read_view(view, &v);
    if (st != GG_OK)
        return st;
    if (flat(s, &v))
        return gg_scene_visible_cells(s, scratch, viewer, range_ft, mode, bits, words, out_count);
    int64_t range = 0;
    st = gg__fov_check(s, viewer, range_ft, mode, scratch, bits, words, &range);
    if (st != GG_OK)
        return st;
    /* The sweep casts each wall's shadow from the viewer alone, but a wall with heights shadows
     * a target depending on where the line crosses it, so each cell in range is tested on its
     * own: O(cells in range x walls near each line). */
    int64_t r0 = viewer.row - range, r1 = viewer.row + range;
    int64_t c0 = viewer.col - range, c1 = viewer.col + range;
    r0 = r0 < 0 ? 0 : r0;
    c0 = c0 < 0 ? 0 : c0;
    r1 = r1 >= s->height ? s->height - 1 : r1;
    c1 = c1 >= s->width ? s->width - 1 : c1;
    int32_t count = 0;
    for (int64_t r = r0; r <= r1; ++r)
        for (int64_t c = c0; c <= c1; ++c) {
            const gg_cell cell = gg_cell_make((int32_t)c, (int32_t)r);
            if (line_of_sight_view(s, viewer, cell, &v)) {
                const size_t k = gg__idx(s, cell);
                bits[k >> 6] |= UINT64_C(1) << (k & 63u);
                ++count;
            }
        }
    gg__fov_note(scratch, s, mode, bits, words, viewer, range);
    if (out_count != NULL)
        *out_count = count;
    return GG_OK;
}
