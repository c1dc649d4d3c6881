/* cover_walls.c - the wall part of Nat20's tagged cover on its own, so that the rules layer can
 * weigh cell tags by side (SRD 5.2 "Cover") while walls keep counting as they do in
 * gg_scene_cover_between(). Layer: topology. */
#include "topology/scene/scene_internal.h"

gg_status gg_scene_wall_cover_between(const gg_scene *s, gg_cell a, gg_cell b, gg_cover *out_cover)
{
    if (out_cover == NULL)
        return GG_E_INVALID_ARG;
    *out_cover = GG_COVER_NONE;
    if (s == NULL)
        return GG_E_INVALID_ARG;
    if (!gg__in(s, a) || !gg__in(s, b))
        return GG_E_OUT_OF_BOUNDS;
    /* The very expression gg__cover_between() starts from, so the two never disagree. */
    *out_cover = gg__segment_wall_cover(s, gg__wall_centre(a), gg__wall_centre(b));
    return GG_OK;
}
