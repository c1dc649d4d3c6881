/* nat20.c - Nat20 GridScene JSON: reading it into a scene and writing a scene back, canonically,
 * with the extension keys that carry what Nat20 has no field for. Layer: io. */
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <math.h>
#include <string.h>

#include "io/io_internal.h"

/* Names are arrays, not pointers: the tables stay in read-only data (no relocations). A table
 * ends with an empty name. */
typedef struct name_value {
    char name[24]; /* the longest, "magical_darkness", and its NUL */
    int32_t value;
} name_value;

static const name_value k_cover[] = {{"none", GG_COVER_NONE},
                                     {"half", GG_COVER_HALF},
                                     {"three_quarters", GG_COVER_THREE_QUARTERS},
                                     {"total", GG_COVER_TOTAL},
                                     {"", 0}};
static const name_value k_light[] = {{"bright", GG_LIGHT_BRIGHT},
                                     {"dim", GG_LIGHT_DIM},
                                     {"dark", GG_LIGHT_DARK},
                                     {"", 0}};
static const name_value k_obscure[] = {{"none", GG_OBSCURE_NONE},
                                       {"light", GG_OBSCURE_LIGHT},
                                       {"heavy", GG_OBSCURE_HEAVY},
                                       /* ours, not Nat20's: the Darkness spell (topology.h) */
                                       {"magical_darkness", GG_OBSCURE_MAGICAL_DARKNESS},
                                       {"", 0}};
static const name_value k_door[] = {{"none", GG_DOOR_NONE},
                                    {"closed", GG_DOOR_CLOSED},
                                    {"open", GG_DOOR_OPEN},
                                    {"locked", GG_DOOR_LOCKED},
                                    {"", 0}};
static const name_value k_one_way[] = {{"none", GG_ONE_WAY_NONE},
                                       {"left", GG_ONE_WAY_LEFT},
                                       {"right", GG_ONE_WAY_RIGHT},
                                       {"", 0}};
static const name_value k_blocks[] = {{"sight", GG_BLOCKS_SIGHT},
                                      {"movement", GG_BLOCKS_MOVEMENT},
                                      {"light", GG_BLOCKS_LIGHT},
                                      {"", 0}};

static const char *value_name(const name_value *t, int32_t v)
{
    for (; t->name[0] != '\0'; t++)
        if (t->value == v)
            return t->name;
    return NULL;
}

static gg_status name_lookup(gg__io_ctx *ctx, const name_value *t, const json_t *v,
                             const char *path, int32_t *out)
{
    *out = 0;
    if (!json_is_string(v))
        return gg__io_fail(ctx, GG_E_INVALID_ARG, "%s: expected a string, found %s", path,
                           gg__io_json_type(v));
    const char *s = json_string_value(v);
    for (const name_value *p = t; p->name[0] != '\0'; p++) {
        if (strcmp(p->name, s) == 0) {
            *out = p->value;
            return GG_OK;
        }
    }
    char names[96] = "";
    for (const name_value *p = t; p->name[0] != '\0'; p++) {
        size_t used = strlen(names);
        snprintf(names + used, sizeof names - used, "%s%s", used ? ", " : "", p->name);
    }
    return gg__io_fail(ctx, GG_E_INVALID_ARG, "%s: \"%.40s\" is not one of %s", path, s, names);
}

/* ---- Reading ------------------------------------------------------------------------------------ */

/* A cell id; false (with a dropped note) when malformed or off the map. */
static bool tag_cell(gg__io_ctx *ctx, gg_scene *scene, const char *text, size_t len,
                     const char *key, gg_cell *out)
{
    const char *reason = NULL;
    if (gg_cell_parse(text, len, out, &reason) != GG_OK) {
        gg__io_note_add(ctx, GG_IMPORT_DROPPED, 1, "cell tags with a malformed cell id",
                        "%s: \"%.40s\" (%s)", key, text, reason != NULL ? reason : "");
        return false;
    }
    if (!gg_scene_contains(scene, *out)) {
        gg__io_note_add(ctx, GG_IMPORT_DROPPED, 1, "cell tags off the map", "%s: \"%.40s\"", key,
                        text);
        return false;
    }
    return true;
}

static gg_status set_tag(gg__io_ctx *ctx, gg_scene *scene, gg_cell_tag tag, gg_cell c,
                         int32_t value)
{
    int32_t done = 0;
    gg_status st = gg_scene_set_cells(scene, tag, &c, 1, value, &done);
    if (st != GG_OK)
        return gg__io_fail(ctx, st, "setting a cell tag failed: %s", gg_scene_message(scene));
    ctx->stats.tags++;
    return GG_OK;
}

static gg_status read_id_list(gg__io_ctx *ctx, gg_scene *scene, const json_t *root, const char *key,
                              gg_cell_tag tag)
{
    const json_t *v = json_object_get(root, key);
    if (v == NULL || json_is_null(v))
        return GG_OK;
    gg_status st = gg__io_want_array(ctx, v, key);
    size_t i;
    const json_t *e;
    json_array_foreach(v, i, e)
    {
        if (st != GG_OK)
            break;
        if (!json_is_string(e)) {
            st = gg__io_fail(ctx, GG_E_INVALID_ARG, "%s[%zu]: expected a cell id string, found %s",
                             key, i, gg__io_json_type(e));
            break;
        }
        gg_cell c;
        if (tag_cell(ctx, scene, json_string_value(e), json_string_length(e), key, &c))
            st = set_tag(ctx, scene, tag, c, 1);
    }
    return st;
}

static gg_status read_id_map(gg__io_ctx *ctx, gg_scene *scene, const json_t *root, const char *key,
                             gg_cell_tag tag, const name_value *names)
{
    const json_t *v = json_object_get(root, key);
    if (v == NULL || json_is_null(v))
        return GG_OK;
    gg_status st = gg__io_want_object(ctx, v, key);
    const char *id;
    const json_t *e;
    json_object_foreach((json_t *)(uintptr_t)v, id, e)
    {
        if (st != GG_OK)
            break;
        char path[96];
        snprintf(path, sizeof path, "%s[\"%.40s\"]", key, id);
        int32_t value = 0;
        st = name_lookup(ctx, names, e, path, &value);
        gg_cell c;
        if (st == GG_OK && tag_cell(ctx, scene, id, strlen(id), key, &c))
            st = set_tag(ctx, scene, tag, c, value);
    }
    return st;
}

/* An array of gg_wall_blocks names ("blocks", "limited") as a mask. */
static gg_status blocks_names(gg__io_ctx *ctx, const json_t *val, const char *p, uint32_t *out)
{
    gg_status st = gg__io_want_array(ctx, val, p);
    if (st != GG_OK)
        return st;
    *out = 0;
    size_t j;
    const json_t *b;
    json_array_foreach(val, j, b)
    {
        char pj[128];
        int32_t x = 0;
        snprintf(pj, sizeof pj, "%s[%zu]", p, j);
        if ((st = name_lookup(ctx, k_blocks, b, pj, &x)) != GG_OK)
            return st;
        *out |= (uint32_t)x;
    }
    return GG_OK;
}

static gg_status read_wall(gg__io_ctx *ctx, const json_t *e, size_t i)
{
    static const char coords[4][3] = {"x1", "y1", "x2", "y2"};
    char path[64];
    snprintf(path, sizeof path, "wall_segments[%zu]", i);
    gg_status st = gg__io_want_object(ctx, e, path);
    if (st != GG_OK)
        return st;
    gg__io_seg s = gg__io_seg_default();
    s.label = "wall_segments";
    s.source = (int32_t)i;
    double xy[4];
    for (int k = 0; k < 4; k++) {
        char p[96];
        snprintf(p, sizeof p, "%s.%s", path, coords[k]);
        if ((st = gg__io_number(ctx, json_object_get(e, coords[k]), p, &xy[k])) != GG_OK)
            return st;
    }
    s.x1 = xy[0];
    s.y1 = xy[1];
    s.x2 = xy[2];
    s.y2 = xy[3];
    s.keep_point = xy[0] == xy[2] && xy[1] == xy[3];
    const char *key;
    const json_t *val;
    json_object_foreach((json_t *)(uintptr_t)e, key, val)
    {
        char p[96];
        snprintf(p, sizeof p, "%s.%.24s", path, key);
        int32_t x = 0;
        if (strcmp(key, "x1") == 0 || strcmp(key, "y1") == 0 || strcmp(key, "x2") == 0 ||
            strcmp(key, "y2") == 0) {
            continue;
        } else if (strcmp(key, "door") == 0) {
            st = name_lookup(ctx, k_door, val, p, &x);
            s.door = (gg_door)x;
        } else if (strcmp(key, "one_way") == 0) {
            st = name_lookup(ctx, k_one_way, val, p, &x);
            s.one_way = (gg_one_way)x;
        } else if (strcmp(key, "cover") == 0) {
            st = name_lookup(ctx, k_cover, val, p, &x);
            s.cover = (gg_cover)x;
        } else if (strcmp(key, "blocks") == 0) {
            st = blocks_names(ctx, val, p, &s.blocks);
        } else if (strcmp(key, "limited") == 0) {
            st = blocks_names(ctx, val, p, &s.limited);
        } else if (strcmp(key, "sight_proximity_ft") == 0) {
            st = gg__io_number(ctx, val, p, &s.sight_proximity_ft);
        } else if (strcmp(key, "light_proximity_ft") == 0) {
            st = gg__io_number(ctx, val, p, &s.light_proximity_ft);
        } else if (strcmp(key, "secret") == 0) {
            if (!json_is_boolean(val))
                st = gg__io_fail(ctx, GG_E_INVALID_ARG, "%s: expected true or false", p);
            s.secret = json_is_true(val);
        } else if (strcmp(key, "bottom_ft") == 0) {
            st = gg__io_number(ctx, val, p, &s.bottom_ft);
        } else if (strcmp(key, "top_ft") == 0) {
            st = gg__io_number(ctx, val, p, &s.top_ft);
        } else {
            gg__io_note_add(ctx, GG_IMPORT_DROPPED, 1, "unknown wall fields", "%s", p);
        }
        if (st != GG_OK)
            return st;
    }
    return gg__io_seg_push(ctx, &s);
}

/* Extension key "lights": [{"cell": "c,r", "bright_ft": n, "dim_ft": n}]. */
static gg_status read_lights(gg__io_ctx *ctx, gg_scene *scene, const json_t *v)
{
    if (v == NULL || json_is_null(v))
        return GG_OK;
    gg_status st = gg__io_want_array(ctx, v, "lights");
    size_t i;
    const json_t *l;
    json_array_foreach(v, i, l)
    {
        if (st != GG_OK)
            break;
        char path[48];
        snprintf(path, sizeof path, "lights[%zu]", i);
        if ((st = gg__io_want_object(ctx, l, path)) != GG_OK)
            break;
        const json_t *cell = json_object_get(l, "cell");
        gg_cell c;
        if (!json_is_string(cell) ||
            gg_cell_parse(json_string_value(cell), json_string_length(cell), &c, NULL) != GG_OK) {
            st = gg__io_fail(ctx, GG_E_INVALID_ARG, "%s.cell: expected a cell id \"col,row\"",
                             path);
            break;
        }
        int64_t bright, dim;
        if ((st = gg__io_opt_int(ctx, l, "bright_ft", path, 0, INT32_MAX, 20, &bright)) != GG_OK ||
            (st = gg__io_opt_int(ctx, l, "dim_ft", path, 0, INT32_MAX, 40, &dim)) != GG_OK)
            break;
        st = gg__io_add_light(ctx, scene, (double)c.col + 0.5, (double)c.row + 0.5, (double)bright,
                              (double)dim, path);
    }
    return st;
}

gg_status gg__io_read_nat20(gg__io_ctx *ctx, json_t *root, gg_scene **out)
{
    static const char known[][24] = {
        "width",
        "height",
        "cell_size_ft",
        "blocked_cells",
        "wall_segments",
        "cover_cells",
        "difficult_terrain_cells",
        "lighting",
        "default_lighting",
        "obscurement_cells",
        "sunlight",
        "lights",
        "wall_rule",
        "",
    };
    *out = NULL;
    gg_status st = gg__io_want_object(ctx, root, "(top level)");
    if (st != GG_OK)
        return st;
    const char *key;
    const json_t *val;
    json_object_foreach(root, key, val)
    {
        bool found = false;
        for (int i = 0; known[i][0] != '\0'; i++)
            found = found || strcmp(known[i], key) == 0;
        if (!found)
            gg__io_note_add(ctx, GG_IMPORT_DROPPED, 1, "unknown top-level fields", "\"%.60s\"",
                            key);
    }
    int64_t w, h, ft;
    if ((st = gg__io_int(ctx, json_object_get(root, "width"), "width", 1, INT32_MAX, &w)) !=
            GG_OK ||
        (st = gg__io_int(ctx, json_object_get(root, "height"), "height", 1, INT32_MAX, &h)) !=
            GG_OK ||
        (st = gg__io_opt_int(ctx, root, "cell_size_ft", "(top level)", 1, INT32_MAX, 5, &ft)) !=
            GG_OK)
        return st;
    int32_t light = GG_LIGHT_BRIGHT;
    const json_t *dl = json_object_get(root, "default_lighting");
    if (dl != NULL && !json_is_null(dl) &&
        (st = name_lookup(ctx, k_light, dl, "default_lighting", &light)) != GG_OK)
        return st;
    const json_t *sun = json_object_get(root, "sunlight");
    if (sun != NULL && !json_is_null(sun)) {
        if (!json_is_boolean(sun))
            return gg__io_fail(ctx, GG_E_INVALID_ARG, "sunlight: expected a boolean, found %s",
                               gg__io_json_type(sun));
        if (json_is_true(sun))
            gg__io_note_add(ctx, GG_IMPORT_DROPPED, 1,
                            "the sunlight flag (no query of the library reads it)", "%s",
                            "sunlight: true");
    }
    /* Not Nat20's: a scene exported from a map with the point rule says so, so that it reads
     * back answering the same (docs/vision.md). */
    const json_t *rule = json_object_get(root, "wall_rule");
    if (rule != NULL && !json_is_null(rule)) {
        const char *r = json_string_value(rule);
        if (r == NULL || (strcmp(r, "nat20") != 0 && strcmp(r, "point") != 0))
            return gg__io_fail(ctx, GG_E_INVALID_ARG,
                               "wall_rule: expected \"nat20\" or \"point\", found %s",
                               r != NULL ? r : gg__io_json_type(rule));
        ctx->wall_rule = strcmp(r, "point") == 0 ? GG_WALL_RULE_POINT : GG_WALL_RULE_NAT20;
    }
    const json_t *walls = json_object_get(root, "wall_segments");
    if ((st = gg__io_check_caps(ctx, w, h, (int64_t)json_array_size(walls),
                                (int64_t)json_array_size(json_object_get(root, "lights")))) !=
        GG_OK)
        return st;
    gg_scene *scene = NULL;
    if ((st = gg__io_scene_create(ctx, (int32_t)w, (int32_t)h, (int32_t)ft, (gg_light)light,
                                  &scene)) != GG_OK)
        return st;
    if (st == GG_OK)
        st = read_id_list(ctx, scene, root, "blocked_cells", GG_TAG_BLOCKED);
    if (st == GG_OK)
        st = read_id_list(ctx, scene, root, "difficult_terrain_cells", GG_TAG_DIFFICULT);
    if (st == GG_OK)
        st = read_id_map(ctx, scene, root, "cover_cells", GG_TAG_COVER, k_cover);
    if (st == GG_OK)
        st = read_id_map(ctx, scene, root, "lighting", GG_TAG_LIGHTING, k_light);
    if (st == GG_OK)
        st = read_id_map(ctx, scene, root, "obscurement_cells", GG_TAG_OBSCUREMENT, k_obscure);
    if (st == GG_OK && walls != NULL && !json_is_null(walls)) {
        st = gg__io_want_array(ctx, walls, "wall_segments");
        size_t i;
        const json_t *e;
        json_array_foreach(walls, i, e)
        {
            if (st != GG_OK)
                break;
            st = read_wall(ctx, e, i);
        }
    }
    if (st == GG_OK)
        st = read_lights(ctx, scene, json_object_get(root, "lights"));
    if (st == GG_OK)
        st = gg__io_add_walls(ctx, scene);
    if (st != GG_OK) {
        gg_scene_destroy(scene);
        return st;
    }
    *out = scene;
    return GG_OK;
}

/* ---- Writing ------------------------------------------------------------------------------------ */

/* A wall coordinate (a multiple of 0.5) as an integer when whole, so that load -> save gives
 * Nat20's own integers back. */
static json_t *half_json(double v)
{
    if (v == (double)(json_int_t)v)
        return json_integer((json_int_t)v);
    return json_real(v);
}

static json_t *id_json(int32_t col, int32_t row)
{
    char buf[GG_CELL_ID_MAX];
    gg_cell_format(gg_cell_make(col, row), buf, sizeof buf);
    return json_string(buf);
}

/* Adds v to obj under key, taking the reference; false when v is NULL or the add failed. */
static bool put(json_t *obj, const char *key, json_t *v)
{
    return v != NULL && json_object_set_new(obj, key, v) == 0;
}

static bool push(json_t *arr, json_t *v) { return v != NULL && json_array_append_new(arr, v) == 0; }

/* A gg_wall_blocks mask as an array of names ("blocks", "limited"). */
static bool put_blocks(json_t *o, const char *key, uint32_t mask)
{
    json_t *b = json_array();
    bool ok = put(o, key, b);
    for (const name_value *p = k_blocks; ok && p->name[0] != '\0'; p++)
        if ((mask & (uint32_t)p->value) != 0)
            ok = push(b, json_string(p->name));
    return ok;
}

static json_t *wall_json(const gg_wall_def *w)
{
    json_t *o = json_object();
    bool ok = o != NULL && put(o, "x1", half_json(w->x1)) && put(o, "y1", half_json(w->y1)) &&
              put(o, "x2", half_json(w->x2)) && put(o, "y2", half_json(w->y2));
    if (ok && w->blocks != (uint32_t)GG_BLOCKS_ALL)
        ok = put_blocks(o, "blocks", w->blocks);
    if (ok && w->door != GG_DOOR_NONE)
        ok = put(o, "door", json_string(value_name(k_door, w->door)));
    if (ok && w->one_way != GG_ONE_WAY_NONE)
        ok = put(o, "one_way", json_string(value_name(k_one_way, w->one_way)));
    if (ok && w->cover != GG_COVER_NONE)
        ok = put(o, "cover", json_string(value_name(k_cover, w->cover)));
    if (ok && w->limited != 0)
        ok = put_blocks(o, "limited", w->limited);
    if (ok && w->sight_proximity_ft != 0.0)
        ok = put(o, "sight_proximity_ft", json_real(w->sight_proximity_ft));
    if (ok && w->light_proximity_ft != 0.0)
        ok = put(o, "light_proximity_ft", json_real(w->light_proximity_ft));
    if (ok && w->secret)
        ok = put(o, "secret", json_true());
    if (ok && !isinf(w->bottom_ft))
        ok = put(o, "bottom_ft", json_real(w->bottom_ft));
    if (ok && !isinf(w->top_ft))
        ok = put(o, "top_ft", json_real(w->top_ft));
    if (!ok) {
        json_decref(o);
        return NULL;
    }
    return o;
}

/* Adds v to obj under key and keeps the caller's reference too; false when v is NULL or the add
 * failed. json_object_set_new() consumes its value even when it fails, so a value the caller
 * still holds (and frees) must go in with json_object_set(), which leaves the caller's reference
 * alone either way. */
static bool put_kept(json_t *obj, const char *key, json_t *v)
{
    return v != NULL && json_object_set(obj, key, v) == 0;
}

/* The scene as a GridScene object, read through the public API only. `mem` is the open scope
 * (the scene's allocator) for the temporary arrays. */
static json_t *scene_json(const gg_scene *s, gg__io_mem *mem)
{
    const int32_t width = gg_scene_width(s), height = gg_scene_height(s);
    json_t *root = json_object();
    json_t *blocked = json_array(), *walls = json_array(), *cover = json_object(),
           *difficult = json_array(), *lighting = json_object(), *obsc = json_object();
    bool ok = root != NULL && put(root, "width", json_integer(width)) &&
              put(root, "height", json_integer(height)) &&
              put(root, "cell_size_ft", json_integer(gg_scene_cell_size_ft(s))) &&
              (gg_scene_wall_rule(s) != GG_WALL_RULE_POINT ||
               put(root, "wall_rule", json_string("point"))) &&
              put_kept(root, "blocked_cells", blocked) && put_kept(root, "wall_segments", walls) &&
              put_kept(root, "cover_cells", cover) &&
              put_kept(root, "difficult_terrain_cells", difficult) &&
              put_kept(root, "lighting", lighting) &&
              put(root, "default_lighting",
                  json_string(value_name(k_light, gg_scene_default_lighting(s)))) &&
              put_kept(root, "obscurement_cells", obsc);
    /* Our references go; those root took keep the lists alive until root is freed. */
    json_decref(blocked);
    json_decref(walls);
    json_decref(cover);
    json_decref(difficult);
    json_decref(lighting);
    json_decref(obsc);
    if (!ok) {
        json_decref(root);
        return NULL;
    }
    /* A row of each tag at a time (5 * width values), through the public reader. */
    int32_t *tags = (int32_t *)gg__io_alloc(mem, (size_t)width * 5 * sizeof *tags);
    ok = tags != NULL;
    for (int32_t row = 0; ok && row < height; row++) {
        for (int k = 0; ok && k < 5; k++)
            ok = gg_scene_cell_tags(s, (gg_cell_tag)(GG_TAG_BLOCKED + k), gg_cell_make(0, row),
                                    width, tags + (size_t)k * (size_t)width) == GG_OK;
        for (int32_t col = 0; ok && col < width; col++) {
            const int32_t bv = tags[col], dv = tags[width + col], cv = tags[2 * width + col];
            const int32_t lv = tags[3 * width + col], ov = tags[4 * width + col];
            if ((bv | dv | cv | lv | ov) == 0)
                continue;
            char id[GG_CELL_ID_MAX];
            gg_cell_format(gg_cell_make(col, row), id, sizeof id);
            if (bv != 0)
                ok = ok && push(blocked, id_json(col, row));
            if (dv != 0)
                ok = ok && push(difficult, id_json(col, row));
            if (cv != 0)
                ok = ok && put(cover, id, json_string(value_name(k_cover, cv)));
            if (lv != 0)
                ok = ok && put(lighting, id, json_string(value_name(k_light, lv)));
            if (ov != 0)
                ok = ok && put(obsc, id, json_string(value_name(k_obscure, ov)));
        }
    }
    gg__io_free(mem, tags, (size_t)width * 5 * sizeof *tags);
    if (ok && gg_scene_wall_count(s) > 0) {
        int32_t n = gg_scene_wall_count(s), total = 0;
        gg_wall_def *defs = (gg_wall_def *)gg__io_alloc(mem, (size_t)n * sizeof *defs);
        ok = defs != NULL && gg_scene_list_walls(s, NULL, defs, n, &total) == GG_OK && total == n;
        for (int32_t k = 0; ok && k < n; k++)
            ok = push(walls, wall_json(&defs[k]));
        gg__io_free(mem, defs, (size_t)n * sizeof *defs);
    }
    if (ok && gg_scene_light_count(s) > 0) {
        json_t *lights = json_array();
        ok = put(root, "lights", lights);
        int32_t n = gg_scene_light_count(s), total = 0;
        gg_light_def *defs = (gg_light_def *)gg__io_alloc(mem, (size_t)n * sizeof *defs);
        ok = ok && defs != NULL && gg_scene_list_lights(s, NULL, defs, n, &total) == GG_OK &&
             total == n;
        for (int32_t k = 0; ok && k < n; k++) {
            char cid[GG_CELL_ID_MAX];
            gg_cell_format(defs[k].cell, cid, sizeof cid);
            ok = push(lights, json_pack("{s:s,s:i,s:i}", "cell", cid, "bright_ft",
                                        (int)defs[k].bright_ft, "dim_ft", (int)defs[k].dim_ft));
        }
        gg__io_free(mem, defs, (size_t)n * sizeof *defs);
    }
    if (!ok) {
        json_decref(root);
        return NULL;
    }
    return root;
}

#define DUMP_FLAGS (JSON_INDENT(1) | JSON_PRESERVE_ORDER)

static gg_status export_fail(gg_io_error *err, gg_status st, const char *msg)
{
    if (err != NULL) {
        err->status = st;
        snprintf(err->message, sizeof err->message, "%s", msg);
    }
    return st;
}

static gg_status export_buffer(const gg_scene *scene, gg__io_mem *mem, char *buf, size_t cap,
                               size_t *out_len, gg_io_error *out_error);

gg_status gg_scene_export_nat20(const gg_scene *scene, char *buf, size_t cap, size_t *out_len,
                                gg_io_error *out_error)
{
    if (out_error != NULL)
        memset(out_error, 0, sizeof *out_error);
    if (out_len != NULL)
        *out_len = 0;
    if (scene == NULL || out_len == NULL || (buf == NULL && cap > 0))
        return export_fail(out_error, GG_E_INVALID_ARG, "NULL scene, out_len or buf");
    gg_allocator alloc;
    if (gg_scene_allocator(scene, &alloc) != GG_OK)
        return export_fail(out_error, GG_E_INVALID_ARG, "NULL scene");
    /* The JSON tree and the text are temporaries of the scene's owner: its allocator. */
    gg__io_mem mem;
    gg__io_mem_begin(&mem, &alloc);
    gg_status st = export_buffer(scene, &mem, buf, cap, out_len, out_error);
    gg__io_mem_end(&mem);
    return st;
}

static gg_status export_buffer(const gg_scene *scene, gg__io_mem *mem, char *buf, size_t cap,
                               size_t *out_len, gg_io_error *out_error)
{
    json_t *root = scene_json(scene, mem);
    if (root == NULL)
        return export_fail(out_error, GG_E_NO_MEMORY, "out of memory building the JSON");
    size_t need = json_dumpb(root, NULL, 0, DUMP_FLAGS);
    gg_status st = GG_OK;
    if (need == 0 || mem->failed) {
        st = export_fail(out_error, GG_E_NO_MEMORY, "out of memory writing the JSON");
    } else if (cap <= need) {
        *out_len = need;
        st = export_fail(out_error, GG_E_BUFFER_TOO_SMALL, "the buffer is too small");
    } else {
        size_t got = json_dumpb(root, buf, cap, DUMP_FLAGS);
        if (got == 0 || mem->failed) {
            st = export_fail(out_error, GG_E_NO_MEMORY, "out of memory writing the JSON");
        } else if (got != need) {
            st = export_fail(out_error, GG_E_INTERNAL, "the JSON changed length between passes");
        } else {
            buf[need] = '\0';
            *out_len = need;
        }
    }
    json_decref(root);
    return st;
}

static gg_status export_file(const gg_scene *scene, gg__io_mem *mem, const char *path,
                             gg_io_error *out_error);

gg_status gg_scene_export_nat20_file(const gg_scene *scene, const char *path,
                                     gg_io_error *out_error)
{
    if (out_error != NULL)
        memset(out_error, 0, sizeof *out_error);
    if (scene == NULL || path == NULL)
        return export_fail(out_error, GG_E_INVALID_ARG, "NULL scene or path");
    gg_allocator alloc;
    if (gg_scene_allocator(scene, &alloc) != GG_OK)
        return export_fail(out_error, GG_E_INVALID_ARG, "NULL scene");
    gg__io_mem mem;
    gg__io_mem_begin(&mem, &alloc);
    gg_status st = export_file(scene, &mem, path, out_error);
    gg__io_mem_end(&mem);
    return st;
}

static gg_status export_file(const gg_scene *scene, gg__io_mem *mem, const char *path,
                             gg_io_error *out_error)
{
    json_t *root = scene_json(scene, mem);
    if (root == NULL)
        return export_fail(out_error, GG_E_NO_MEMORY, "out of memory building the JSON");
    /* Text first, then the file: json_dumpf() reports running out of memory and a failed
     * write alike, and the two need different statuses. */
    char *text = json_dumps(root, DUMP_FLAGS);
    json_decref(root);
    json_malloc_t jmalloc;
    json_free_t jfree;
    json_get_alloc_funcs(&jmalloc, &jfree); /* json_dumps() allocated the text with jansson's */
    if (text == NULL || mem->failed) {
        /* A failed allocation anywhere in the dump voids the text, as in the parser: jansson
         * may go on past one and return text all the same. */
        if (text != NULL)
            jfree(text);
        return export_fail(out_error, GG_E_NO_MEMORY, "out of memory writing the JSON");
    }
    gg_status st = GG_OK;
    FILE *f = fopen(path, "wb");
    if (f == NULL) {
        char msg[256];
        snprintf(msg, sizeof msg, "cannot create %.180s: %s", path, strerror(errno));
        st = export_fail(out_error, GG_E_INVALID_ARG, msg);
    } else {
        size_t n = strlen(text);
        if (fwrite(text, 1, n, f) != n || fputc('\n', f) == EOF)
            st = export_fail(out_error, GG_E_INVALID_ARG, "writing the file failed");
        if (fclose(f) != 0 && st == GG_OK)
            st = export_fail(out_error, GG_E_INVALID_ARG, "closing the file failed");
    }
    jfree(text);
    return st;
}

gg_status gg_io_list_walls_sized(const gg_scene *scene, gg_wall_id *out_ids, gg_wall_def *out_defs,
                                 size_t def_size, int32_t capacity, int32_t *out_count)
{
    return gg_scene_list_walls_sized(scene, out_ids, out_defs, def_size, capacity, out_count);
}

/* The 0.2 symbol, for hosts built against the 0.2 header: the 0.2 layout, as the scene's own
 * 0.2 symbol writes it (names in parentheses: io.h's macros of these names must not expand). */
gg_status(gg_io_list_walls)(const gg_scene *scene, gg_wall_id *out_ids, gg_wall_def *out_defs,
                            int32_t capacity, int32_t *out_count)
{
    return (gg_scene_list_walls)(scene, out_ids, out_defs, capacity, out_count);
}
