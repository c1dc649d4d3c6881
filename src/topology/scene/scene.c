/* scene.c - scene lifetime, dimensions, messages and the per-cell tag writers.
 * Layer: topology. */
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>

#include "base/alloc.h"
#include "topology/scene/scene_internal.h"
#include "topology/scene/wall_index.h"

const gg__dir gg__dirs[8] = {{-1, -1}, {-1, 0}, {-1, 1}, {0, -1}, {0, 1}, {1, -1}, {1, 0}, {1, 1}};

gg_status gg__scene_fail(gg_scene *s, gg_status status, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(s->message, sizeof s->message, fmt, ap);
    va_end(ap);
    return status;
}

static bool valid_light(int v) { return v >= GG_LIGHT_BRIGHT && v <= GG_LIGHT_DARK; }

gg_status gg_scene_create(const gg_scene_def *def, gg_scene **out_scene)
{
    if (out_scene == NULL)
        return GG_E_INVALID_ARG;
    *out_scene = NULL;
    if (def == NULL)
        return GG_E_INVALID_ARG;
    /* A def built against the 0.2 header ends before wall_rule: the missing field reads as its
     * default (docs/api.md, "Growing without breaking"). */
    gg_scene_def upgraded;
    if (def->struct_size == (uint32_t)offsetof(gg_scene_def, wall_rule)) {
        upgraded = gg_scene_def_default();
        memcpy(&upgraded, def, offsetof(gg_scene_def, wall_rule));
        upgraded.struct_size = (uint32_t)sizeof upgraded;
        def = &upgraded;
    }
    if (def->struct_size != (uint32_t)sizeof *def)
        return GG_E_BAD_DEF;
    if (def->width < 1 || def->height < 1 || def->cell_size_ft < 1 ||
        !valid_light((int)def->default_lighting) ||
        ((int)def->wall_rule != GG_WALL_RULE_NAT20 && (int)def->wall_rule != GG_WALL_RULE_POINT))
        return GG_E_INVALID_ARG;
    if (def->width > GG_SCENE_MAX_SIDE || def->height > GG_SCENE_MAX_SIDE ||
        (int64_t)def->width * (int64_t)def->height > (int64_t)GG_SCENE_MAX_CELLS ||
        def->cell_size_ft > GG_SCENE_MAX_CELL_FT)
        return GG_E_TOO_LARGE;
    gg_allocator alloc;
    if (!gg__allocator_resolve(def->allocator, &alloc))
        return GG_E_INVALID_ARG;

    gg_scene *s = (gg_scene *)gg__alloc_array(&alloc, 1, sizeof *s);
    if (s == NULL)
        return GG_E_NO_MEMORY;
    s->alloc = alloc;
    s->width = def->width;
    s->height = def->height;
    s->cell_size_ft = def->cell_size_ft;
    s->default_light = def->default_lighting;
    s->point_rule = def->wall_rule == GG_WALL_RULE_POINT;
    s->ncells = (size_t)def->width * (size_t)def->height;
    s->free_head = UINT32_MAX;
    /* GG__CELL_PAD spare bytes: gg__cell_steps() reads a row's three cells with one 4-byte
     * load, which reaches one byte past the last cell. */
    s->cells = (uint8_t *)gg__alloc_array(&alloc, s->ncells + GG__CELL_PAD, 1);
    if (s->cells == NULL || !gg__sight_planes_alloc(s)) {
        gg_scene_destroy(s);
        return GG_E_NO_MEMORY;
    }
    gg__wall_index_init(&s->index, s->width, s->height);
    *out_scene = s;
    return GG_OK;
}

void gg_scene_destroy(gg_scene *s)
{
    if (s == NULL)
        return;
    gg_allocator alloc = s->alloc;
    gg__wall_index_free(s);
    gg__lights_free(s);
    gg__free_array(&alloc, s->walls, s->wall_cap, sizeof *s->walls);
    gg__free_array(&alloc, s->cells, s->ncells + GG__CELL_PAD, 1);
    gg__sight_planes_free(s);
    gg__free_array(&alloc, s, 1, sizeof *s);
}

size_t gg__scene_dense_bytes(const gg_scene *s)
{
    return (s->ncells + GG__CELL_PAD) * sizeof *s->cells + gg__sight_planes_bytes(s);
}

size_t gg__scene_wall_bytes(const gg_scene *s)
{
    const gg__wall_index *ix = &s->index;
    size_t n = (size_t)s->wall_cap * sizeof *s->walls +
               (ix->items_cap + ix->pending_cap) * sizeof(uint32_t) +
               gg__sight_planes_wall_bytes(s) + gg__wall_mesh_bytes(s);
    if (ix->start != NULL)
        n += ((size_t)ix->bw * (size_t)ix->bh + 1u) * sizeof(uint32_t);
    return n;
}

int32_t gg_scene_width(const gg_scene *s) { return s ? s->width : 0; }
int32_t gg_scene_height(const gg_scene *s) { return s ? s->height : 0; }
int32_t gg_scene_cell_size_ft(const gg_scene *s) { return s ? s->cell_size_ft : 0; }

gg_wall_rule gg_scene_wall_rule(const gg_scene *s)
{
    return s != NULL && s->point_rule ? GG_WALL_RULE_POINT : GG_WALL_RULE_NAT20;
}
bool gg_scene_contains(const gg_scene *s, gg_cell c) { return s != NULL && gg__in(s, c); }
const char *gg_scene_message(const gg_scene *s) { return s ? s->message : ""; }

/* Every tag writer funnels through here: validate, then rewrite one field of the cell byte (and
 * the blocked bit planes with the blocked bit). */
static gg_status set_field(gg_scene *s, gg_cell c, uint8_t mask, int shift, int value, int max,
                           const char *what)
{
    if (s == NULL)
        return GG_E_INVALID_ARG;
    s->message[0] = '\0';
    if (value < 0 || value > max)
        return gg__scene_fail(s, GG_E_INVALID_ARG, "%d is not a valid %s value", value, what);
    if (!gg__in(s, c))
        return gg__scene_fail(s, GG_E_OUT_OF_BOUNDS, "cell %d,%d is outside the %dx%d scene",
                              (int)c.col, (int)c.row, (int)s->width, (int)s->height);
    uint8_t *cell = &s->cells[gg__idx(s, c)];
    const uint8_t old = *cell;
    *cell = (uint8_t)((old & (uint8_t)~mask) | (uint8_t)((unsigned)value << shift));
    if ((old ^ *cell) & GG__CELL_BLOCKED)
        gg__sight_planes_set_blocked(s, gg__idx(s, c), (*cell & GG__CELL_BLOCKED) != 0);
    return GG_OK;
}

gg_status gg_scene_set_blocked(gg_scene *s, gg_cell c, bool blocked)
{
    return set_field(s, c, GG__CELL_BLOCKED, 0, blocked ? 1 : 0, 1, "blocked");
}

gg_status gg_scene_set_difficult(gg_scene *s, gg_cell c, bool difficult)
{
    return set_field(s, c, GG__CELL_DIFFICULT, 1, difficult ? 1 : 0, 1, "difficult");
}

gg_status gg_scene_set_cover(gg_scene *s, gg_cell c, gg_cover cover)
{
    return set_field(s, c, GG__COVER_MASK, GG__COVER_SHIFT, (int)cover, GG_COVER_TOTAL, "cover");
}

gg_status gg_scene_set_lighting(gg_scene *s, gg_cell c, gg_light light)
{
    return set_field(s, c, GG__LIGHT_MASK, GG__LIGHT_SHIFT, (int)light, GG_LIGHT_DARK, "light");
}

gg_status gg_scene_set_obscurement(gg_scene *s, gg_cell c, gg_obscurement o)
{
    return set_field(s, c, GG__OBSC_MASK, GG__OBSC_SHIFT, (int)o, GG_OBSCURE_MAGICAL_DARKNESS,
                     "obscurement");
}

gg_status gg_scene_set_cells(gg_scene *s, gg_cell_tag tag, const gg_cell *cells, int32_t count,
                             int32_t value, int32_t *out_done)
{
    if (out_done != NULL)
        *out_done = 0;
    if (s == NULL)
        return GG_E_INVALID_ARG;
    /* Every rejection sets its own message, so none is left over from an earlier writer. */
    s->message[0] = '\0';
    if (count < 0)
        return gg__scene_fail(s, GG_E_INVALID_ARG, "count %d is negative", (int)count);
    if (cells == NULL && count > 0)
        return gg__scene_fail(s, GG_E_INVALID_ARG, "cells is NULL with count %d", (int)count);
    if ((int)tag < GG_TAG_BLOCKED || (int)tag > GG_TAG_OBSCUREMENT)
        return gg__scene_fail(s, GG_E_INVALID_ARG, "%d is not a gg_cell_tag", (int)tag);
    int32_t done = 0;
    gg_status st = GG_OK;
    for (; done < count; ++done) {
        switch (tag) {
        case GG_TAG_BLOCKED:
            st = (value == 0 || value == 1)
                     ? set_field(s, cells[done], GG__CELL_BLOCKED, 0, value, 1, "blocked")
                     : GG_E_INVALID_ARG;
            break;
        case GG_TAG_DIFFICULT:
            st = (value == 0 || value == 1)
                     ? set_field(s, cells[done], GG__CELL_DIFFICULT, 1, value, 1, "difficult")
                     : GG_E_INVALID_ARG;
            break;
        case GG_TAG_COVER:
            st = gg_scene_set_cover(s, cells[done], (gg_cover)value);
            break;
        case GG_TAG_LIGHTING:
            st = gg_scene_set_lighting(s, cells[done], (gg_light)value);
            break;
        case GG_TAG_OBSCUREMENT:
            st = gg_scene_set_obscurement(s, cells[done], (gg_obscurement)value);
            break;
        default:
            return gg__scene_fail(s, GG_E_INVALID_ARG, "%d is not a gg_cell_tag", (int)tag);
        }
        if (gg_failed(st))
            break;
        if (out_done != NULL)
            *out_done = done + 1;
    }
    /* The cells before a failing one stay set. */
    if (gg_failed(st)) {
        if (s->message[0] == '\0')
            gg__scene_fail(s, st, "value %d is not valid for this tag", (int)value);
        return st;
    }
    return GG_OK;
}
