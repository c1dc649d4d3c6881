/* scene_read.c - readers that give back what the writers set (cell tags, default lighting,
 * walls, the allocator), so exporters such as the io layer need only the public API.
 * Layer: topology. */
#include "topology/scene/scene_internal.h"

gg_status gg_scene_cell_tags(const gg_scene *s, gg_cell_tag tag, gg_cell start, int32_t count,
                             int32_t *out_values)
{
    if (s == NULL || count < 0 || (out_values == NULL && count > 0) || tag < GG_TAG_BLOCKED ||
        tag > GG_TAG_OBSCUREMENT)
        return GG_E_INVALID_ARG;
    if (count == 0)
        return GG_OK;
    if (!gg__in(s, start) || (int64_t)start.col + count > (int64_t)s->width)
        return GG_E_OUT_OF_BOUNDS;
    static const struct {
        uint8_t mask, shift;
    } k_field[] = {{0, 0},
                   {GG__CELL_BLOCKED, 0},
                   {GG__CELL_DIFFICULT, 1},
                   {GG__COVER_MASK, GG__COVER_SHIFT},
                   {GG__LIGHT_MASK, GG__LIGHT_SHIFT},
                   {GG__OBSC_MASK, GG__OBSC_SHIFT}};
    const unsigned mask = k_field[tag].mask, shift = k_field[tag].shift;
    const uint8_t *row = s->cells + gg__idx(s, start);
    for (int32_t i = 0; i < count; i++)
        out_values[i] = (int32_t)((row[i] & mask) >> shift);
    return GG_OK;
}

gg_light gg_scene_default_lighting(const gg_scene *s)
{
    return s == NULL ? GG_LIGHT_DEFAULT : s->default_light;
}

gg_status gg_scene_allocator(const gg_scene *s, gg_allocator *out_allocator)
{
    if (s == NULL || out_allocator == NULL)
        return GG_E_INVALID_ARG;
    *out_allocator = s->alloc;
    return GG_OK;
}
