/* light.c - light sources: ids with generations, cheap writers, and the light level of a cell
 * evaluated when it is read (brightest of the cell's tag or the default, and every source that
 * reaches the cell). Layer: topology.
 *
 * Lighting is not cached in a plane: a cached plane would go stale whenever a door opened or a
 * wall or blocked cell changed near a light, and keeping it right would make those writers
 * recompute lights. Instead a read looks at the sources whose radius covers the cell and asks
 * for a line of light from each (Nat20's line of sight with walls that block light) until one
 * is bright enough. Writers are O(1); reads cost O(lights) distance checks plus one line walk
 * per source in range, stopping at the first that answers. */
#include "base/alloc.h"
#include "topology/scene/def_sizes.h"
#include "topology/sight/fov.h"
#include "topology/sight/light_cone.h"

#include <math.h>
#include <stddef.h>
#include <string.h>

struct gg__light {
    gg_cell cell;
    int32_t bright_ft, dim_ft;
    gg__cone cone; /* the cone's edges, computed once from angle and rotation */
    double angle_deg, rotation_deg;
    uint32_t color_argb;
    bool has_color;
    uint32_t generation; /* odd = live, even = free slot */
    uint32_t next_free;  /* index + 1 of the next free slot, 0 = none */
};

/* A host built against the 0.2 header passes a def of GG__LIGHT_DEF_SIZE_0_2 bytes; the fields
 * added since read as their defaults (docs/api.md, "Growing without breaking"). */

#define GG__MAX_LIGHTS (1u << 24)

void gg__lights_free(gg_scene *s)
{
    if (s->lights != NULL)
        gg__free_array(&s->alloc, s->lights, s->light_cap, sizeof *s->lights);
    s->lights = NULL;
    s->light_cap = s->light_slots = s->live_lights = s->light_free_head = 0;
}

/* Validates `in` and points *def at it, or at `up` holding it upgraded from the 0.2 size. */
static gg_status check_def(gg_scene *s, const gg_light_def *in, gg_light_def *up,
                           const gg_light_def **out)
{
    if (in == NULL)
        return GG_E_INVALID_ARG;
    const gg_light_def *def = in;
    if (in->struct_size == GG__LIGHT_DEF_SIZE_0_2) {
        *up = gg_light_def_default();
        memcpy(up, in, GG__LIGHT_DEF_SIZE_0_2);
        up->struct_size = (uint32_t)sizeof *up;
        def = up;
    } else if (in->struct_size != (uint32_t)sizeof *in) {
        return GG_E_BAD_DEF;
    }
    *out = def;
    if (def->bright_ft < 0 || def->dim_ft < 0)
        return gg__scene_fail(s, GG_E_INVALID_ARG, "light radii must be >= 0 (bright %d, dim %d)",
                              (int)def->bright_ft, (int)def->dim_ft);
    if (!gg__in(s, def->cell))
        return gg__scene_fail(s, GG_E_OUT_OF_BOUNDS, "light cell %d,%d is outside the %dx%d scene",
                              (int)def->cell.col, (int)def->cell.row, (int)s->width,
                              (int)s->height);
    if (!(def->angle_deg > 0.0 && def->angle_deg <= 360.0))
        return gg__scene_fail(s, GG_E_INVALID_ARG, "light angle_deg must be in (0, 360] (got %g)",
                              def->angle_deg);
    if (!isfinite(def->rotation_deg) || fabs(def->rotation_deg) > 1e6)
        return gg__scene_fail(s, GG_E_INVALID_ARG,
                              "light rotation_deg must be finite and within 1e6 (got %g)",
                              def->rotation_deg);
    return GG_OK;
}

static void store(struct gg__light *l, const gg_light_def *def)
{
    l->cell = def->cell;
    l->bright_ft = def->bright_ft;
    l->dim_ft = def->dim_ft;
    l->angle_deg = def->angle_deg;
    l->rotation_deg = def->rotation_deg;
    l->color_argb = def->color_argb;
    l->has_color = def->has_color;
    gg__cone_make(&l->cone, def->angle_deg, def->rotation_deg);
}

static gg_light_def def_of(const struct gg__light *l)
{
    gg_light_def d = gg_light_def_default();
    d.cell = l->cell;
    d.bright_ft = l->bright_ft;
    d.dim_ft = l->dim_ft;
    d.angle_deg = l->angle_deg;
    d.rotation_deg = l->rotation_deg;
    d.color_argb = l->color_argb;
    d.has_color = l->has_color;
    return d;
}

static struct gg__light *live_light(const gg_scene *s, gg_light_id id)
{
    if (id.index >= s->light_slots)
        return NULL;
    struct gg__light *l = &s->lights[id.index];
    return ((l->generation & 1u) != 0 && l->generation == id.generation) ? l : NULL;
}

gg_status gg_scene_add_light(gg_scene *s, const gg_light_def *def, gg_light_id *out_id)
{
    if (out_id != NULL)
        out_id->index = out_id->generation = 0;
    if (s == NULL)
        return GG_E_INVALID_ARG;
    s->message[0] = '\0';
    gg_light_def up;
    gg_status st = check_def(s, def, &up, &def);
    if (st != GG_OK)
        return st;
    uint32_t slot;
    if (s->light_free_head != 0) {
        slot = s->light_free_head - 1;
        s->light_free_head = s->lights[slot].next_free;
    } else {
        if (s->light_slots >= GG__MAX_LIGHTS)
            return gg__scene_fail(s, GG_E_TOO_LARGE, "a scene holds at most 2^24 lights");
        if (s->light_slots == s->light_cap) {
            uint32_t cap = s->light_cap ? s->light_cap * 2 : 8;
            struct gg__light *n = gg__alloc_array(&s->alloc, cap, sizeof *n);
            if (n == NULL)
                return GG_E_NO_MEMORY;
            for (uint32_t k = 0; k < s->light_slots; ++k)
                n[k] = s->lights[k];
            if (s->lights != NULL)
                gg__free_array(&s->alloc, s->lights, s->light_cap, sizeof *s->lights);
            s->lights = n;
            s->light_cap = cap;
        }
        slot = s->light_slots++;
        s->lights[slot].generation = 0;
    }
    struct gg__light *l = &s->lights[slot];
    store(l, def);
    l->generation += 1u; /* even -> odd: live */
    l->next_free = 0;
    s->live_lights++;
    if (out_id != NULL) {
        out_id->index = slot;
        out_id->generation = l->generation;
    }
    return GG_OK;
}

gg_status gg_scene_set_light(gg_scene *s, gg_light_id id, const gg_light_def *def)
{
    if (s == NULL)
        return GG_E_INVALID_ARG;
    s->message[0] = '\0';
    struct gg__light *l = live_light(s, id);
    if (l == NULL)
        return GG_E_STALE_ID;
    gg_light_def up;
    gg_status st = check_def(s, def, &up, &def);
    if (st != GG_OK)
        return st;
    store(l, def);
    return GG_OK;
}

gg_status gg_scene_remove_light(gg_scene *s, gg_light_id id)
{
    if (s == NULL)
        return GG_E_INVALID_ARG;
    s->message[0] = '\0';
    struct gg__light *l = live_light(s, id);
    if (l == NULL)
        return GG_E_STALE_ID;
    /* odd -> even: free; wrapping past 2^32 would revive old ids, so retire the slot then */
    l->generation += 1u;
    s->live_lights--;
    if (l->generation != UINT32_MAX - 1u) {
        l->next_free = s->light_free_head;
        s->light_free_head = id.index + 1;
    }
    return GG_OK;
}

/* The getters below write `size` bytes (a known size) of a def, stamped with that size: the
 * caller says its size, since a 0.2-built host's def is 20 bytes and today's 48, and its
 * output struct is not initialised, so no size can be read from it. The 0.2 symbols are
 * defined with their names in parentheses: the header's macros of those names must not expand
 * here. */
static void write_def(gg_light_def d, void *out, size_t size)
{
    d.struct_size = (uint32_t)size;
    memcpy(out, &d, size);
}

static bool size_known(size_t size)
{
    return gg__def_out_size_known(size, GG__LIGHT_DEF_SIZE_0_2, sizeof(gg_light_def));
}

gg_status gg_scene_get_light_sized(const gg_scene *s, gg_light_id id, gg_light_def *out_def,
                                   size_t out_size)
{
    if (out_def == NULL)
        return GG_E_INVALID_ARG;
    if (!size_known(out_size))
        return GG_E_BAD_DEF;
    write_def(gg_light_def_default(), out_def, out_size); /* the neutral answer on failure */
    if (s == NULL)
        return GG_E_INVALID_ARG;
    const struct gg__light *l = live_light(s, id);
    if (l == NULL)
        return GG_E_STALE_ID;
    write_def(def_of(l), out_def, out_size);
    return GG_OK;
}

gg_status(gg_scene_get_light)(const gg_scene *s, gg_light_id id, gg_light_def *out_def)
{
    return gg_scene_get_light_sized(s, id, out_def, GG__LIGHT_DEF_SIZE_0_2);
}

int32_t gg_scene_light_count(const gg_scene *s) { return s ? (int32_t)s->live_lights : 0; }

gg_status gg_scene_list_lights_sized(const gg_scene *s, gg_light_id *out_ids,
                                     gg_light_def *out_defs, size_t def_size, int32_t capacity,
                                     int32_t *out_count)
{
    if (out_count == NULL)
        return GG_E_INVALID_ARG;
    *out_count = 0;
    if (s == NULL || capacity < 0)
        return GG_E_INVALID_ARG;
    if (!size_known(def_size))
        return GG_E_BAD_DEF;
    char *defs = (char *)out_defs; /* the caller's array, def_size bytes an element */
    int32_t n = 0;
    for (uint32_t i = 0; i < s->light_slots; ++i) {
        const struct gg__light *l = &s->lights[i];
        if ((l->generation & 1u) == 0)
            continue;
        if (n < capacity) {
            if (out_ids != NULL) {
                out_ids[n].index = i;
                out_ids[n].generation = l->generation;
            }
            if (defs != NULL)
                write_def(def_of(l), defs + (size_t)n * def_size, def_size);
        }
        ++n;
    }
    *out_count = n;
    return n > capacity ? GG_PARTIAL : GG_OK;
}

gg_status(gg_scene_list_lights)(const gg_scene *s, gg_light_id *out_ids, gg_light_def *out_defs,
                                int32_t capacity, int32_t *out_count)
{
    return gg_scene_list_lights_sized(s, out_ids, out_defs, GG__LIGHT_DEF_SIZE_0_2, capacity,
                                      out_count);
}

/* ---- Reading light ---------------------------------------------------------------------------- */

gg_light gg__source_light(const gg_scene *s, gg_cell c, gg_light floor)
{
    /* A source that could make the cell bright first, then one that could make it dim; each
     * pass stops at the first source with a line of light. */
    for (int pass = 0; pass < 2; ++pass) {
        if (pass == 1 && floor != GG_LIGHT_DARK)
            return floor;
        for (uint32_t k = 0; k < s->light_slots; ++k) {
            const struct gg__light *l = &s->lights[k];
            if ((l->generation & 1u) == 0)
                continue;
            int64_t dist = gg_chebyshev(l->cell, c) * (int64_t)s->cell_size_ft;
            bool in = pass == 0 ? dist <= l->bright_ft : (dist > l->bright_ft && dist <= l->dim_ft);
            if (in && gg__cone_holds(&l->cone, c.col - l->cell.col, c.row - l->cell.row) &&
                gg__line_of_mask(s, l->cell, c, (uint32_t)GG_BLOCKS_LIGHT))
                return pass == 0 ? GG_LIGHT_BRIGHT : GG_LIGHT_DIM;
        }
    }
    return GG_LIGHT_DARK;
}

bool gg__source_lit(const gg_scene *s, gg_cell c)
{
    for (uint32_t k = 0; k < s->light_slots; ++k) {
        const struct gg__light *l = &s->lights[k];
        if ((l->generation & 1u) == 0)
            continue;
        int64_t dist = gg_chebyshev(l->cell, c) * (int64_t)s->cell_size_ft;
        if ((dist <= l->bright_ft || dist <= l->dim_ft) &&
            gg__cone_holds(&l->cone, c.col - l->cell.col, c.row - l->cell.row) &&
            gg__line_of_mask(s, l->cell, c, (uint32_t)GG_BLOCKS_LIGHT))
            return true;
    }
    return false;
}

gg_light gg__light_level(const gg_scene *s, gg_cell c)
{
    unsigned v = (s->cells[gg__idx(s, c)] & GG__LIGHT_MASK) >> GG__LIGHT_SHIFT;
    gg_light base = v == 0 ? s->default_light : (gg_light)v;
    if (base == GG_LIGHT_BRIGHT || s->live_lights == 0)
        return base;
    /* Brightest wins: bright (1) < dim (2) < dark (3) in enum order. */
    gg_light src = gg__source_light(s, c, base);
    return src < base ? src : base;
}

gg_status gg_scene_source_light_on_cell(const gg_scene *scene, gg_cell c, gg_light *out_light)
{
    if (out_light == NULL)
        return GG_E_INVALID_ARG;
    *out_light = GG_LIGHT_DARK;
    if (scene == NULL)
        return GG_E_INVALID_ARG;
    if (gg__in(scene, c) && scene->live_lights > 0)
        *out_light = gg__source_light(scene, c, GG_LIGHT_DARK);
    return GG_OK;
}
