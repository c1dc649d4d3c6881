/* wall_read.c - the readers that give a wall's def back: one wall, one wall as a viewer knows
 * it, and every wall in id order. Layer: topology.
 *
 * gg_wall_def grew in 0.3 (56 -> 104 bytes). A host built against the 0.2 header passes a
 * 56-byte object, so writing today's struct into it would write past it. The caller's size is
 * therefore an argument (the header's macros pass sizeof(gg_wall_def)), never read from the
 * output struct, which callers do not initialise; and the 0.2 symbols, which a 0.2-built host
 * reaches without that argument, write the 0.2 layout (docs/api.md, "Growing without
 * breaking"). Those symbols are defined with their names in parentheses so that the header's
 * function-like macros of the same names do not expand here. */
#include "topology/scene/def_sizes.h"
#include "topology/scene/scene_internal.h"

static const gg__wall *live_wall(const gg_scene *s, gg_wall_id id)
{
    if (id.index >= s->wall_slots)
        return NULL;
    const gg__wall *w = &s->walls[id.index];
    return w->generation == id.generation && gg__wall_live(w) ? w : NULL;
}

static bool size_known(size_t size)
{
    return gg__def_out_size_known(size, GG__WALL_DEF_SIZE_0_2, sizeof(gg_wall_def));
}

/* Writes the first `size` bytes (a known size) of w's whole def, stamped with that size. */
static void write_def(const gg_scene *s, const gg__wall *w, bool knows_secrets, void *out,
                      size_t size)
{
    gg_wall_def d;
    gg__wall_def_of(s, w, knows_secrets, &d);
    d.struct_size = (uint32_t)size;
    memcpy(out, &d, size);
}

gg_status gg_scene_get_wall_view_sized(const gg_scene *s, gg_wall_id id, const gg_view_def *view,
                                       gg_wall_def *out, size_t out_size)
{
    if (s == NULL || out == NULL)
        return GG_E_INVALID_ARG;
    if (!size_known(out_size))
        return GG_E_BAD_DEF;
    gg_view_def dflt;
    const gg_view_def *v = gg__view_def_or_default(view, &dflt);
    if (v == NULL)
        return GG_E_BAD_DEF;
    const gg__wall *w = live_wall(s, id);
    if (w == NULL)
        return GG_E_STALE_ID;
    write_def(s, w, v->knows_secret_doors, out, out_size);
    return GG_OK;
}

gg_status gg_scene_get_wall_sized(const gg_scene *s, gg_wall_id id, gg_wall_def *out,
                                  size_t out_size)
{
    gg_view_def gm = gg_view_def_default();
    gm.knows_secret_doors = true; /* the host that made the walls reads them as it made them */
    return gg_scene_get_wall_view_sized(s, id, &gm, out, out_size);
}

gg_status(gg_scene_get_wall)(const gg_scene *s, gg_wall_id id, gg_wall_def *out)
{
    return gg_scene_get_wall_sized(s, id, out, GG__WALL_DEF_SIZE_0_2);
}

gg_status gg_scene_list_walls_sized(const gg_scene *s, gg_wall_id *out_ids, gg_wall_def *out_defs,
                                    size_t def_size, int32_t capacity, int32_t *out_count)
{
    if (out_count != NULL)
        *out_count = 0;
    if (s == NULL || out_count == NULL || capacity < 0)
        return GG_E_INVALID_ARG;
    if (!size_known(def_size))
        return GG_E_BAD_DEF;
    char *defs = (char *)out_defs; /* the caller's array, def_size bytes an element */
    int32_t n = 0;
    for (uint32_t i = 0; i < s->wall_slots; i++) {
        const gg__wall *w = &s->walls[i];
        if (!gg__wall_live(w))
            continue;
        if (n < capacity) {
            if (out_ids != NULL) {
                out_ids[n].index = i;
                out_ids[n].generation = w->generation;
            }
            if (defs != NULL)
                write_def(s, w, true, defs + (size_t)n * def_size, def_size);
        }
        n++;
    }
    *out_count = n;
    return n > capacity ? GG_PARTIAL : GG_OK;
}

gg_status(gg_scene_list_walls)(const gg_scene *s, gg_wall_id *out_ids, gg_wall_def *out_defs,
                               int32_t capacity, int32_t *out_count)
{
    return gg_scene_list_walls_sized(s, out_ids, out_defs, GG__WALL_DEF_SIZE_0_2, capacity,
                                     out_count);
}
