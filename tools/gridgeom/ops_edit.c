/* ops_edit.c - `gridgeom query` ops that change the loaded scene: doors, walls, light sources and
 * cell tags. The scene is the run's, so the lines after an edit are answered on the edited map
 * (open a door, then ask again). Walls and lights are named by their index, as `walls` and
 * `lights` list them. Layer: tools. */
#include "ops.h"

#include <gridgeom/core.h>
#include <gridgeom/io.h>

#include <math.h>
#include <string.h>

static const char *const k_blocks_names[] = {"sight", "movement", "light", NULL};
static const char *const k_one_way_names[] = {"none", "left", "right", NULL};

/* The live wall whose index is `index` (ids carry a generation the user never sees). */
static bool wall_id(gg_cli_call *c, int32_t index, gg_wall_id *out)
{
    int32_t n = gg_scene_wall_count(c->ctx->scene), got = 0;
    gg_wall_id *ids = gg_cli_alloc(c, (size_t)n, sizeof *ids);
    if (ids == NULL)
        return false;
    bool found = false;
    if (gg_scene_list_walls(c->ctx->scene, ids, NULL, n, &got) == GG_OK)
        for (int32_t i = 0; i < got && !found; i++)
            if (ids[i].index == (uint32_t)index) {
                *out = ids[i];
                found = true;
            }
    gg_cli_free(c, ids, (size_t)n, sizeof *ids);
    if (!found)
        gg_cli_fail(c, "no wall %d (the \"walls\" op lists them)", (int)index);
    return found;
}

static json_t *wall_json(gg_wall_id id, const gg_wall_def *d)
{
    json_t *blocks = json_array();
    for (int i = 0; blocks != NULL && i < 3; i++)
        if (d->blocks & (1u << i))
            json_array_append_new(blocks, json_string(k_blocks_names[i]));
    json_t *r = json_pack("{s:i,s:[ffff],s:o,s:s,s:s,s:s}", "wall", (int)id.index, "line", d->x1,
                          d->y1, d->x2, d->y2, "blocks", blocks, "door",
                          gg_cli_enum_name(gg_cli_door_names, (int)d->door), "one_way",
                          gg_cli_enum_name(k_one_way_names, (int)d->one_way), "cover",
                          gg_cli_enum_name(gg_cli_cover_names, (int)d->cover));
    /* Kinds only when present, so plain walls read as before. */
    if (r != NULL && d->secret)
        json_object_set_new(r, "secret", json_true());
    if (r != NULL && !isinf(d->bottom_ft))
        json_object_set_new(r, "bottom_ft", json_real(d->bottom_ft));
    if (r != NULL && !isinf(d->top_ft))
        json_object_set_new(r, "top_ft", json_real(d->top_ft));
    return r;
}

static const gg_cli_field k_walls[] = {
    {"doors_only", GG_CLI_BOOL, false, NULL},
    {"player", GG_CLI_BOOL, false, NULL},
    {NULL, GG_CLI_INT, false, NULL},
};

static json_t *op_walls(gg_cli_call *c)
{
    int32_t n = gg_scene_wall_count(c->ctx->scene), got = 0;
    gg_wall_id *ids = gg_cli_alloc(c, (size_t)n, sizeof *ids);
    gg_wall_def *defs = ids != NULL ? gg_cli_alloc(c, (size_t)n, sizeof *defs) : NULL;
    json_t *r = NULL;
    if (defs != NULL) {
        gg_status st = gg_scene_list_walls(c->ctx->scene, ids, defs, n, &got);
        if (st != GG_OK) {
            gg_cli_status_fail(c, "gg_scene_list_walls", st);
        } else {
            /* "player": the walls as a player knows them (gg_scene_get_wall_view() without
             * knows_secret_doors: secret doors read as walls, or openings when open). */
            bool doors = gg_cli_bool(c, "doors_only", false);
            bool player = gg_cli_bool(c, "player", false);
            r = json_array();
            for (int32_t i = 0; r != NULL && i < got; i++) {
                if (player &&
                    gg_scene_get_wall_view(c->ctx->scene, ids[i], NULL, &defs[i]) != GG_OK)
                    continue;
                if (!doors || defs[i].door != GG_DOOR_NONE)
                    json_array_append_new(r, wall_json(ids[i], &defs[i]));
            }
        }
    }
    gg_cli_free(c, defs, (size_t)n, sizeof *defs);
    gg_cli_free(c, ids, (size_t)n, sizeof *ids);
    return r;
}

static const gg_cli_field k_set_door[] = {
    {"wall", GG_CLI_INT, true, NULL},
    {"door", GG_CLI_NAME, true, gg_cli_door_names},
    {NULL, GG_CLI_INT, false, NULL},
};

static json_t *op_set_door(gg_cli_call *c)
{
    gg_wall_id id;
    if (!wall_id(c, gg_cli_int(c, "wall", -1), &id))
        return NULL;
    gg_status st = gg_scene_set_door(c->ctx->scene, id, (gg_door)gg_cli_name(c, "door", 0));
    if (st != GG_OK)
        return gg_cli_writer_fail(c, "gg_scene_set_door", st);
    gg_wall_def d;
    st = gg_scene_get_wall(c->ctx->scene, id, &d);
    return st == GG_OK ? wall_json(id, &d) : gg_cli_status_fail(c, "gg_scene_get_wall", st);
}

static const gg_cli_field k_add_wall[] = {
    {"from", GG_CLI_POINT, true, NULL},
    {"to", GG_CLI_POINT, true, NULL},
    {"blocks", GG_CLI_NAMES, false, k_blocks_names},
    {"door", GG_CLI_NAME, false, gg_cli_door_names},
    {"one_way", GG_CLI_NAME, false, k_one_way_names},
    {"cover", GG_CLI_NAME, false, gg_cli_cover_names},
    {"secret", GG_CLI_BOOL, false, NULL},
    {"bottom_ft", GG_CLI_NUMBER, false, NULL},
    {"top_ft", GG_CLI_NUMBER, false, NULL},
    {NULL, GG_CLI_INT, false, NULL},
};

/* A wall from corner `from` [x, y] to corner `to` (grid-corner coordinates, multiples of 1/1024). */
static json_t *op_add_wall(gg_cli_call *c)
{
    json_t *from = json_object_get(c->q, "from"), *to = json_object_get(c->q, "to");
    if (json_array_size(from) != 2 || json_array_size(to) != 2) {
        gg_cli_fail(c, "add_wall: needs \"from\": [x, y] and \"to\": [x, y] (corners)");
        return NULL;
    }
    gg_wall_def d = gg_wall_def_default();
    d.x1 = json_number_value(json_array_get(from, 0));
    d.y1 = json_number_value(json_array_get(from, 1));
    d.x2 = json_number_value(json_array_get(to, 0));
    d.y2 = json_number_value(json_array_get(to, 1));
    json_t *blocks = json_object_get(c->q, "blocks");
    if (blocks != NULL) {
        size_t i;
        json_t *it;
        d.blocks = 0;
        json_array_foreach(blocks, i, it)
        {
            for (int k = 0; k < 3; k++)
                if (strcmp(json_string_value(it), k_blocks_names[k]) == 0)
                    d.blocks |= 1u << k;
        }
    }
    d.door = (gg_door)gg_cli_name(c, "door", 0);
    d.one_way = (gg_one_way)gg_cli_name(c, "one_way", 0);
    d.cover = (gg_cover)gg_cli_name(c, "cover", 0);
    d.secret = gg_cli_bool(c, "secret", false);
    d.bottom_ft = gg_cli_number(c, "bottom_ft", -HUGE_VAL);
    d.top_ft = gg_cli_number(c, "top_ft", HUGE_VAL);
    gg_wall_id id;
    gg_status st = gg_scene_add_wall(c->ctx->scene, &d, &id);
    return st == GG_OK ? wall_json(id, &d) : gg_cli_writer_fail(c, "gg_scene_add_wall", st);
}

static const gg_cli_field k_remove_wall[] = {
    {"wall", GG_CLI_INT, true, NULL},
    {NULL, GG_CLI_INT, false, NULL},
};

static json_t *op_remove_wall(gg_cli_call *c)
{
    gg_wall_id id;
    if (!wall_id(c, gg_cli_int(c, "wall", -1), &id))
        return NULL;
    gg_status st = gg_scene_remove_wall(c->ctx->scene, id);
    return st == GG_OK ? json_pack("{s:i}", "walls", (int)gg_scene_wall_count(c->ctx->scene))
                       : gg_cli_writer_fail(c, "gg_scene_remove_wall", st);
}

static bool light_id(gg_cli_call *c, int32_t index, gg_light_id *out)
{
    int32_t n = gg_scene_light_count(c->ctx->scene), got = 0;
    gg_light_id *ids = gg_cli_alloc(c, (size_t)n, sizeof *ids);
    if (ids == NULL)
        return false;
    bool found = false;
    if (gg_scene_list_lights(c->ctx->scene, ids, NULL, n, &got) == GG_OK)
        for (int32_t i = 0; i < got && !found; i++)
            if (ids[i].index == (uint32_t)index) {
                *out = ids[i];
                found = true;
            }
    gg_cli_free(c, ids, (size_t)n, sizeof *ids);
    if (!found)
        gg_cli_fail(c, "no light %d (the \"lights\" op lists them)", (int)index);
    return found;
}

static const gg_cli_field k_add_light[] = {
    {"cell", GG_CLI_CELL, true, NULL},
    {"bright_ft", GG_CLI_INT, false, NULL},
    {"dim_ft", GG_CLI_INT, false, NULL},
    {"angle_deg", GG_CLI_NUMBER, false, NULL},
    {"rotation_deg", GG_CLI_NUMBER, false, NULL},
    {NULL, GG_CLI_INT, false, NULL},
};

static json_t *op_add_light(gg_cli_call *c)
{
    gg_light_def d = gg_light_def_default();
    d.cell = gg_cli_cell(c, "cell");
    d.bright_ft = gg_cli_int(c, "bright_ft", d.bright_ft);
    d.dim_ft = gg_cli_int(c, "dim_ft", d.dim_ft);
    d.angle_deg = gg_cli_number(c, "angle_deg", d.angle_deg);
    d.rotation_deg = gg_cli_number(c, "rotation_deg", d.rotation_deg);
    gg_light_id id;
    gg_status st = gg_scene_add_light(c->ctx->scene, &d, &id);
    return st == GG_OK ? json_pack("{s:i}", "light", (int)id.index)
                       : gg_cli_writer_fail(c, "gg_scene_add_light", st);
}

static const gg_cli_field k_set_light[] = {
    {"light", GG_CLI_INT, true, NULL},         {"cell", GG_CLI_CELL, false, NULL},
    {"bright_ft", GG_CLI_INT, false, NULL},    {"dim_ft", GG_CLI_INT, false, NULL},
    {"angle_deg", GG_CLI_NUMBER, false, NULL}, {"rotation_deg", GG_CLI_NUMBER, false, NULL},
    {NULL, GG_CLI_INT, false, NULL},
};

static json_t *op_set_light(gg_cli_call *c)
{
    gg_light_id id;
    gg_light_def d;
    if (!light_id(c, gg_cli_int(c, "light", -1), &id))
        return NULL;
    gg_status st = gg_scene_get_light(c->ctx->scene, id, &d);
    if (st == GG_OK) {
        if (gg_cli_has(c, "cell"))
            d.cell = gg_cli_cell(c, "cell");
        d.bright_ft = gg_cli_int(c, "bright_ft", d.bright_ft);
        d.dim_ft = gg_cli_int(c, "dim_ft", d.dim_ft);
        d.angle_deg = gg_cli_number(c, "angle_deg", d.angle_deg);
        d.rotation_deg = gg_cli_number(c, "rotation_deg", d.rotation_deg);
        st = gg_scene_set_light(c->ctx->scene, id, &d);
    }
    return st == GG_OK ? json_pack("{s:i,s:o,s:i,s:i}", "light", (int)id.index, "cell",
                                   gg_cli_cell_json(d.cell), "bright_ft", (int)d.bright_ft,
                                   "dim_ft", (int)d.dim_ft)
                       : gg_cli_writer_fail(c, "gg_scene_set_light", st);
}

static const gg_cli_field k_remove_light[] = {
    {"light", GG_CLI_INT, true, NULL},
    {NULL, GG_CLI_INT, false, NULL},
};

static json_t *op_remove_light(gg_cli_call *c)
{
    gg_light_id id;
    if (!light_id(c, gg_cli_int(c, "light", -1), &id))
        return NULL;
    gg_status st = gg_scene_remove_light(c->ctx->scene, id);
    return st == GG_OK ? json_pack("{s:i}", "lights", (int)gg_scene_light_count(c->ctx->scene))
                       : gg_cli_writer_fail(c, "gg_scene_remove_light", st);
}

static const char *const k_tag_names[] = {"blocked",  "difficult",   "cover",
                                          "lighting", "obscurement", NULL};

static const char *const k_value_names[] = {
    "none", "half", "three_quarters", "total", "default",          "bright",
    "dim",  "dark", "light",          "heavy", "magical_darkness", NULL};

static const gg_cli_field k_set_cells[] = {
    {"cells", GG_CLI_CELLS, true, NULL}, {"tag", GG_CLI_NAME, true, k_tag_names},
    {"value", GG_CLI_INT, false, NULL},  {"name", GG_CLI_NAME, false, k_value_names},
    {NULL, GG_CLI_INT, false, NULL},
};

/* gg_scene_set_cells(): blocked and difficult take a bool value (0/1); cover, lighting and
 * obscurement take the enum value as an int ("value") or its name ("name"). */
static json_t *op_set_cells(gg_cli_call *c)
{
    static const char *const obscure[] = {"none", "light", "heavy", "magical_darkness", NULL};
    gg_cell *cells = NULL;
    int32_t n = 0, done = 0;
    if (!gg_cli_cells(c, "cells", &cells, &n))
        return NULL;
    int tag = gg_cli_name(c, "tag", 0);
    int32_t value = gg_cli_int(c, "value", 1);
    json_t *name = json_object_get(c->q, "name");
    json_t *r = NULL;
    if (name != NULL) {
        const char *const *names = tag == 2   ? gg_cli_cover_names
                                   : tag == 3 ? gg_cli_light_names
                                              : obscure;
        value = -1;
        for (int i = 0; names[i] != NULL; i++)
            if (strcmp(json_string_value(name), names[i]) == 0)
                value = i;
        if (tag < 2 || value < 0) {
            gg_cli_fail(c, "set_cells: \"name\" names a cover, lighting or obscurement value");
            goto done;
        }
    }
    gg_status st = gg_scene_set_cells(c->ctx->scene, (gg_cell_tag)(tag + 1), cells, n, value,
                                      &done);
    r = st == GG_OK ? json_pack("{s:i}", "cells", (int)done)
                    : gg_cli_writer_fail(c, "gg_scene_set_cells", st);
done:
    gg_cli_free(c, cells, (size_t)n, sizeof *cells);
    return r;
}

const gg_cli_op gg_cli_ops_edit[] = {
    {"walls", GG_CLI_NEEDS_SCENE, k_walls, NULL, op_walls, "gg_scene_list_walls"},
    {"set_door", GG_CLI_NEEDS_SCENE, k_set_door, NULL, op_set_door, "gg_scene_set_door"},
    {"add_wall", GG_CLI_NEEDS_SCENE, k_add_wall, NULL, op_add_wall, "gg_scene_add_wall"},
    {"remove_wall", GG_CLI_NEEDS_SCENE, k_remove_wall, NULL, op_remove_wall,
     "gg_scene_remove_wall"},
    {"add_light", GG_CLI_NEEDS_SCENE, k_add_light, NULL, op_add_light, "gg_scene_add_light"},
    {"set_light", GG_CLI_NEEDS_SCENE, k_set_light, NULL, op_set_light, "gg_scene_set_light"},
    {"remove_light", GG_CLI_NEEDS_SCENE, k_remove_light, NULL, op_remove_light,
     "gg_scene_remove_light"},
    {"set_cells", GG_CLI_NEEDS_SCENE, k_set_cells, NULL, op_set_cells, "gg_scene_set_cells"},
    {NULL, 0, NULL, NULL, NULL, NULL},
};
