/* ops_sight.c - `gridgeom query` ops of the vision family (docs/vision.md): field of view, seen
 * cells, the visibility matrix, light sources and the lighting they give. Layer: tools. */
#include "ops.h"

#include <gridgeom/core.h>

#include <string.h>

/* A bitset answer: the count, and the cells (row by row) when `list` is true. */
static json_t *bits_json(gg_cli_call *c, const uint64_t *bits, int32_t count, bool list)
{
    json_t *r = json_pack("{s:i}", "count", (int)count);
    if (r == NULL || !list)
        return r;
    int32_t w = gg_scene_width(c->ctx->scene), h = gg_scene_height(c->ctx->scene);
    json_t *arr = json_array();
    for (int32_t row = 0; arr != NULL && row < h; row++)
        for (int32_t col = 0; col < w; col++)
            if (gg_bitset_has(bits, w, gg_cell_make(col, row)))
                json_array_append_new(arr, gg_cli_cell_json(gg_cell_make(col, row)));
    json_object_set_new(r, "cells", arr);
    return r;
}

/* A gg_view_def: eye and target elevations in feet (walls with heights, docs/vision.md). */
static gg_view_def view_def(gg_cli_call *c)
{
    gg_view_def v = gg_view_def_default();
    v.eye_elevation_ft = gg_cli_number(c, "eye_elevation_ft", v.eye_elevation_ft);
    v.target_elevation_ft = gg_cli_number(c, "target_elevation_ft", v.target_elevation_ft);
    return v;
}

static const gg_cli_field k_visible[] = {
    {"viewer", GG_CLI_CELL, true, NULL},
    {"range_ft", GG_CLI_INT, false, NULL},
    {"list", GG_CLI_BOOL, false, NULL},
    {"eye_elevation_ft", GG_CLI_NUMBER, false, NULL},
    {"target_elevation_ft", GG_CLI_NUMBER, false, NULL},
    {NULL, GG_CLI_INT, false, NULL},
};

/* With an elevation given, gg_scene_visible_cells_view(); else gg_scene_visible_cells(). */
static json_t *op_visible_cells(gg_cli_call *c)
{
    size_t words = gg_scene_bitset_words(c->ctx->scene);
    uint64_t *bits = gg_cli_alloc(c, words, sizeof *bits);
    if (bits == NULL)
        return NULL;
    int32_t count = 0;
    const bool view = gg_cli_has(c, "eye_elevation_ft") || gg_cli_has(c, "target_elevation_ft");
    const gg_view_def v = view_def(c);
    const gg_cell viewer = gg_cli_cell(c, "viewer");
    const int32_t range = gg_cli_int(c, "range_ft", GG_RANGE_UNLIMITED);
    gg_status st = view ? gg_scene_visible_cells_view(c->ctx->scene, NULL, viewer, range, &v,
                                                      GG_BITSET_REPLACE, bits, words, &count)
                        : gg_scene_visible_cells(c->ctx->scene, NULL, viewer, range,
                                                 GG_BITSET_REPLACE, bits, words, &count);
    json_t *r = st == GG_OK ? bits_json(c, bits, count, gg_cli_bool(c, "list", false))
                            : gg_cli_status_fail(c,
                                                 view ? "gg_scene_visible_cells_view"
                                                      : "gg_scene_visible_cells",
                                                 st);
    gg_cli_free(c, bits, words, sizeof *bits);
    return r;
}

static const gg_cli_field k_los_view[] = {
    {"a", GG_CLI_CELL, true, NULL},
    {"b", GG_CLI_CELL, true, NULL},
    {"eye_elevation_ft", GG_CLI_NUMBER, false, NULL},
    {"target_elevation_ft", GG_CLI_NUMBER, false, NULL},
    {NULL, GG_CLI_INT, false, NULL},
};

static json_t *op_line_of_sight_view(gg_cli_call *c)
{
    const gg_view_def v = view_def(c);
    bool seen = false;
    gg_status st = gg_scene_has_line_of_sight_view(c->ctx->scene, gg_cli_cell(c, "a"),
                                                   gg_cli_cell(c, "b"), &v, &seen);
    if (st != GG_OK && st != GG_E_OUT_OF_BOUNDS)
        return gg_cli_status_fail(c, "gg_scene_has_line_of_sight_view", st);
    return json_pack("{s:b,s:f,s:f}", "visible", seen, "eye_elevation_ft", v.eye_elevation_ft,
                     "target_elevation_ft", v.target_elevation_ft);
}

static const gg_cli_field k_seen[] = {
    {"viewer", GG_CLI_CELL, true, NULL},
    {"senses", GG_CLI_OBJECT, false, NULL},
    {"list", GG_CLI_BOOL, false, NULL},
    {NULL, GG_CLI_INT, false, NULL},
};

static json_t *op_seen_cells(gg_cli_call *c)
{
    gg_senses senses;
    if (!gg_cli_senses(c, json_object_get(c->q, "senses"), &senses))
        return NULL;
    size_t words = gg_scene_bitset_words(c->ctx->scene);
    uint64_t *bits = gg_cli_alloc(c, words, sizeof *bits);
    if (bits == NULL)
        return NULL;
    int32_t count = 0;
    gg_status st = gg_scene_seen_cells(c->ctx->scene, NULL, gg_cli_cell(c, "viewer"),
                                       gg_cli_has(c, "senses") ? &senses : NULL, GG_BITSET_REPLACE,
                                       bits, words, &count);
    json_t *r = st == GG_OK ? bits_json(c, bits, count, gg_cli_bool(c, "list", false))
                            : gg_cli_status_fail(c, "gg_scene_seen_cells", st);
    gg_cli_free(c, bits, words, sizeof *bits);
    return r;
}

static const char *const k_rule_names[] = {"line_of_sight", "can_see", NULL};

static const gg_cli_field k_matrix[] = {
    {"cells", GG_CLI_CELLS, true, NULL},
    {"rule", GG_CLI_NAME, false, k_rule_names},
    {"senses", GG_CLI_OBJECTS, false, NULL},
    {NULL, GG_CLI_INT, false, NULL},
};

/* gg_scene_visibility_matrix(): rows are viewers, columns targets, 1 = sees. */
static json_t *op_visibility_matrix(gg_cli_call *c)
{
    gg_cell *cells = NULL;
    int32_t n = 0;
    if (!gg_cli_cells(c, "cells", &cells, &n))
        return NULL;
    json_t *r = NULL;
    gg_senses *senses = NULL;
    uint8_t *m = NULL;
    json_t *js = json_object_get(c->q, "senses");
    if (n > 46340) {
        gg_cli_fail(c, "visibility_matrix: at most 46340 cells");
        goto done;
    }
    if (js != NULL && json_array_size(js) != (size_t)n) {
        gg_cli_fail(c, "visibility_matrix: \"senses\" needs one object per cell (%d)", (int)n);
        goto done;
    }
    if (js != NULL) {
        if ((senses = gg_cli_alloc(c, (size_t)n, sizeof *senses)) == NULL)
            goto done;
        for (int32_t i = 0; i < n; i++)
            if (!gg_cli_senses(c, json_array_get(js, (size_t)i), &senses[i]))
                goto done;
    }
    if ((m = gg_cli_alloc(c, (size_t)n * (size_t)n, 1)) == NULL)
        goto done;
    gg_visibility_rule rule = gg_cli_name(c, "rule", 0) == 1 ? GG_VISIBILITY_CAN_SEE
                                                             : GG_VISIBILITY_LINE_OF_SIGHT;
    gg_status st = gg_scene_visibility_matrix(c->ctx->scene, cells, n, senses, rule, m);
    if (st != GG_OK) {
        gg_cli_status_fail(c, "gg_scene_visibility_matrix", st);
        goto done;
    }
    r = json_array();
    for (int32_t i = 0; r != NULL && i < n; i++) {
        json_t *row = json_array();
        for (int32_t j = 0; row != NULL && j < n; j++)
            json_array_append_new(row, json_integer(m[(size_t)i * (size_t)n + (size_t)j]));
        json_array_append_new(r, row);
    }
done:
    gg_cli_free(c, m, (size_t)n * (size_t)n, 1);
    gg_cli_free(c, senses, (size_t)n, sizeof *senses);
    gg_cli_free(c, cells, (size_t)n, sizeof *cells);
    return r;
}

static const gg_cli_field k_none[] = {{NULL, GG_CLI_INT, false, NULL}};

/* Every light source: its index (what set_light / remove_light take), cell and radii. */
static json_t *op_lights(gg_cli_call *c)
{
    int32_t n = gg_scene_light_count(c->ctx->scene);
    gg_light_def *defs = gg_cli_alloc(c, (size_t)n, sizeof *defs);
    gg_light_id *ids = defs != NULL ? gg_cli_alloc(c, (size_t)n, sizeof *ids) : NULL;
    json_t *r = NULL;
    if (ids != NULL) {
        int32_t got = 0;
        gg_status st = gg_scene_list_lights(c->ctx->scene, ids, defs, n, &got);
        if (st != GG_OK) {
            gg_cli_status_fail(c, "gg_scene_list_lights", st);
        } else {
            r = json_array();
            for (int32_t i = 0; r != NULL && i < got; i++)
                json_array_append_new(r, json_pack("{s:i,s:o,s:i,s:i}", "light", (int)ids[i].index,
                                                   "cell", gg_cli_cell_json(defs[i].cell),
                                                   "bright_ft", (int)defs[i].bright_ft, "dim_ft",
                                                   (int)defs[i].dim_ft));
        }
    }
    gg_cli_free(c, ids, (size_t)n, sizeof *ids);
    gg_cli_free(c, defs, (size_t)n, sizeof *defs);
    return r;
}

static const gg_cli_field k_lighting[] = {
    {"cells", GG_CLI_CELLS, false, NULL},
    {NULL, GG_CLI_INT, false, NULL},
};

/* With `cells`: each cell's light (gg_scene_light_on_cell) and the light of sources alone
 * (gg_scene_source_light_on_cell). Without: how many cells are bright, dim and dark. */
static json_t *op_lighting(gg_cli_call *c)
{
    gg_cell *cells = NULL;
    int32_t n = 0;
    if (!gg_cli_cells(c, "cells", &cells, &n))
        return NULL;
    json_t *r = NULL;
    if (gg_cli_has(c, "cells")) {
        r = json_array();
        for (int32_t i = 0; r != NULL && i < n; i++) {
            gg_light l = GG_LIGHT_DARK, s = GG_LIGHT_DARK;
            gg_status st = gg_scene_light_on_cell(c->ctx->scene, cells[i], &l);
            if (st == GG_OK)
                st = gg_scene_source_light_on_cell(c->ctx->scene, cells[i], &s);
            if (st != GG_OK) {
                json_decref(r);
                r = gg_cli_status_fail(c, "gg_scene_light_on_cell", st);
                break;
            }
            json_array_append_new(r, json_pack("{s:o,s:s,s:s}", "cell", gg_cli_cell_json(cells[i]),
                                               "light", gg_cli_enum_name(gg_cli_light_names, l),
                                               "source_light",
                                               gg_cli_enum_name(gg_cli_light_names, s)));
        }
    } else {
        int32_t count[4] = {0, 0, 0, 0};
        int32_t w = gg_scene_width(c->ctx->scene), h = gg_scene_height(c->ctx->scene);
        for (int32_t row = 0; row < h; row++)
            for (int32_t col = 0; col < w; col++) {
                gg_light l = GG_LIGHT_DARK;
                if (gg_scene_light_on_cell(c->ctx->scene, gg_cell_make(col, row), &l) == GG_OK &&
                    (int)l >= 0 && (int)l < 4)
                    count[l]++;
            }
        r = json_pack("{s:i,s:i,s:i,s:i,s:s}", "bright", (int)count[GG_LIGHT_BRIGHT], "dim",
                      (int)count[GG_LIGHT_DIM], "dark", (int)count[GG_LIGHT_DARK], "lights",
                      (int)gg_scene_light_count(c->ctx->scene), "default",
                      gg_cli_enum_name(gg_cli_light_names,
                                       (int)gg_scene_default_lighting(c->ctx->scene)));
    }
    gg_cli_free(c, cells, (size_t)n, sizeof *cells);
    return r;
}

const gg_cli_op gg_cli_ops_sight[] = {
    {"visible_cells", GG_CLI_NEEDS_SCENE, k_visible, NULL, op_visible_cells,
     "gg_scene_visible_cells (field of view)"},
    {"line_of_sight_view", GG_CLI_NEEDS_SCENE, k_los_view, NULL, op_line_of_sight_view,
     "gg_scene_has_line_of_sight_view (eye and target elevations)"},
    {"seen_cells", GG_CLI_NEEDS_SCENE, k_seen, NULL, op_seen_cells, "gg_scene_seen_cells"},
    {"visibility_matrix", GG_CLI_NEEDS_SCENE, k_matrix, NULL, op_visibility_matrix,
     "gg_scene_visibility_matrix"},
    {"lights", GG_CLI_NEEDS_SCENE, k_none, NULL, op_lights, "gg_scene_list_lights"},
    {"lighting", GG_CLI_NEEDS_SCENE, k_lighting, NULL, op_lighting,
     "gg_scene_light_on_cell, gg_scene_source_light_on_cell"},
    {NULL, 0, NULL, NULL, NULL, NULL},
};
