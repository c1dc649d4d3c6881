/* ops_polygon.c - `gridgeom query` ops of visibility polygons (docs/vision.md, "The visibility
 * polygon", "Light polygons"): the exact polygon a point or a light sees among the walls, and the
 * cells it rasterises to.
 * Layer: tools. */
#include "grow.h"
#include "ops.h"

#include <math.h>

static const char *const k_sense_names[] = {"sight", "light", NULL};

static const gg_cli_field k_polygon[] = {
    {"point", GG_CLI_POINT, true, NULL},
    {"range_ft", GG_CLI_INT, false, NULL},
    {"sense", GG_CLI_NAME, false, k_sense_names},
    {"arc_error", GG_CLI_NUMBER, false, NULL},
    {"eye_ft", GG_CLI_NUMBER, false, NULL},
    {"cells", GG_CLI_BOOL, false, NULL},
    {NULL, GG_CLI_INT, false, NULL},
};

/* What one polygon op asks: a point's visibility polygon or a light's polygon. Both ops share
 * the work memory, the count-then-fill protocol and the JSON answer below. */
typedef struct polygon_source {
    const gg_scene *s;
    const gg_polygon_def *def; /* a visibility polygon, or NULL for a light's */
    gg_light_id light;
    gg_light which;
} polygon_source;

static gg_status source_polygon(const polygon_source *src, void *work, size_t bytes, double *xy,
                                int32_t capacity, int32_t *out_n)
{
    if (src->def != NULL)
        return gg_scene_visibility_polygon(src->s, work, bytes, src->def, xy, capacity, out_n);
    return gg_scene_light_polygon(src->s, work, bytes, src->light, src->which, xy, capacity, out_n);
}

static gg_status source_cells(const polygon_source *src, const double *xy, int32_t n,
                              uint64_t *bits, size_t words, int32_t *out_count)
{
    if (src->def != NULL)
        return gg_scene_polygon_cells(src->s, xy, n, src->def, GG_BITSET_REPLACE, bits, words,
                                      out_count);
    return gg_scene_light_polygon_cells(src->s, src->light, xy, n, src->which, GG_BITSET_REPLACE,
                                        bits, words, out_count);
}

/* The cells of `bits` as a JSON list added to `r` with their count; NULL (and `r` released) on a
 * failure, reported under `name`. */
static json_t *add_cells(gg_cli_call *c, const polygon_source *src, const double *xy, int32_t n,
                         json_t *r, const char *name)
{
    const gg_scene *s = src->s;
    const size_t words = gg_scene_bitset_words(s);
    uint64_t *bits = gg_cli_alloc(c, words ? words : 1, sizeof *bits);
    int32_t count = 0;
    gg_status st = bits == NULL ? GG_E_NO_MEMORY : source_cells(src, xy, n, bits, words, &count);
    if (st == GG_OK) {
        json_t *cells = json_array();
        const int32_t w = gg_scene_width(s), h = gg_scene_height(s);
        for (int32_t row = 0; row < h; ++row)
            for (int32_t col = 0; col < w; ++col)
                if (gg_bitset_has(bits, w, gg_cell_make(col, row)))
                    json_array_append_new(cells, gg_cli_cell_json(gg_cell_make(col, row)));
        json_object_set_new(r, "cells", cells);
        json_object_set_new(r, "cell_count", json_integer(count));
    } else {
        json_decref(r);
        r = gg_cli_status_fail(c, name, st);
    }
    gg_cli_free(c, bits, words ? words : 1, sizeof *bits);
    return r;
}

/* Runs one polygon op: the vertices (counter-clockwise, x east, y south), their count and the
 * area; with "cells": true, also the cells the polygon rasterises to. */
static json_t *polygon_answer(gg_cli_call *c, const polygon_source *src, const char *name,
                              const char *cells_name)
{
    size_t bytes = 0;
    gg_status st = gg_scene_polygon_work_bytes(src->s, &bytes);
    if (st != GG_OK)
        return gg_cli_status_fail(c, "gg_scene_polygon_work_bytes", st);
    void *work = gg_cli_alloc(c, bytes / 16 + 1, 16);
    if (work == NULL)
        return NULL;
    int32_t n = 0;
    gg_cli_grow g; /* ask for the count, then room for it: one (x, y) pair per vertex */
    gg_cli_grow_init(&g, c, 0, 2 * sizeof(double), 0);
    while (gg_cli_grow_next(&g, st, n))
        st = source_polygon(src, work, bytes, g.buf[0], g.cap, &n);
    const double *xy = g.buf[0];
    json_t *r = NULL;
    if (g.failed) {
        r = NULL;
    } else if (st != GG_OK) {
        r = gg_cli_status_fail(c, name, st);
    } else {
        json_t *v = json_array();
        double area = 0;
        for (int32_t i = 0, j = n - 1; i < n; j = i++) {
            json_array_append_new(v, json_pack("[ff]", xy[2 * i], xy[2 * i + 1]));
            area += xy[2 * j] * xy[2 * i + 1] - xy[2 * i] * xy[2 * j + 1];
        }
        r = json_pack("{s:i,s:f,s:o}", "count", (int)n, "area", area / 2, "vertices", v);
        if (r != NULL && gg_cli_bool(c, "cells", false))
            r = add_cells(c, src, xy, n, r, cells_name);
    }
    gg_cli_grow_free(&g);
    gg_cli_free(c, work, bytes / 16 + 1, 16);
    return r;
}

/* gg_scene_visibility_polygon from `point` [x, y] (cells, on the 1/1024 lattice): the vertices
 * (counter-clockwise, x east, y south), their count and the area; with "cells": true, also the
 * cells it rasterises to (gg_scene_polygon_cells). */
static json_t *op_visibility_polygon(gg_cli_call *c)
{
    const gg_scene *s = c->ctx->scene;
    json_t *pt = json_object_get(c->q, "point");
    if (json_array_size(pt) != 2) {
        gg_cli_fail(c, "visibility_polygon: \"point\" is [x, y] (cells)");
        return NULL;
    }
    gg_polygon_def d = gg_polygon_def_default();
    d.x = json_number_value(json_array_get(pt, 0));
    d.y = json_number_value(json_array_get(pt, 1));
    d.range_ft = gg_cli_int(c, "range_ft", GG_RANGE_UNLIMITED);
    d.blocks = gg_cli_name(c, "sense", 0) == 1 ? (uint32_t)GG_BLOCKS_LIGHT
                                               : (uint32_t)GG_BLOCKS_SIGHT;
    d.arc_error = gg_cli_number(c, "arc_error", d.arc_error);
    d.eye_ft = gg_cli_number(c, "eye_ft", 0.0);
    const polygon_source src = {s, &d, {0, 0}, GG_LIGHT_DIM};
    return polygon_answer(c, &src, "gg_scene_visibility_polygon", "gg_scene_polygon_cells");
}

static const char *const k_which_names[] = {"dim", "bright", NULL};

static const gg_cli_field k_light_polygon[] = {
    {"light", GG_CLI_INT, true, NULL},
    {"which", GG_CLI_NAME, false, k_which_names},
    {"cells", GG_CLI_BOOL, false, NULL},
    {NULL, GG_CLI_INT, false, NULL},
};

/* gg_scene_light_polygon of light `light` (its index, as `lights` lists them), "which": "dim"
 * (default, all it reaches) or "bright": the vertices, count and area; with "cells": true, the
 * cells it rasterises to (gg_scene_light_polygon_cells). */
static json_t *op_light_polygon(gg_cli_call *c)
{
    const gg_scene *s = c->ctx->scene;
    const int32_t index = gg_cli_int(c, "light", -1);
    const gg_light which = gg_cli_name(c, "which", 0) == 1 ? GG_LIGHT_BRIGHT : GG_LIGHT_DIM;
    const int32_t nl = gg_scene_light_count(s);
    gg_light_id id = {0, 0};
    gg_light_id *ids = gg_cli_alloc(c, (size_t)nl + 1, sizeof *ids);
    if (ids == NULL)
        return NULL;
    int32_t got = 0;
    if (gg_scene_list_lights(s, ids, NULL, nl, &got) == GG_OK)
        for (int32_t i = 0; i < got; ++i)
            if (ids[i].index == (uint32_t)index)
                id = ids[i];
    gg_cli_free(c, ids, (size_t)nl + 1, sizeof *ids);
    if (id.generation == 0) {
        gg_cli_fail(c, "light_polygon: no light %d (the \"lights\" op lists them)", (int)index);
        return NULL;
    }
    const polygon_source src = {s, NULL, id, which};
    return polygon_answer(c, &src, "gg_scene_light_polygon", "gg_scene_light_polygon_cells");
}

const gg_cli_op gg_cli_ops_polygon[] = {
    {"visibility_polygon", GG_CLI_NEEDS_SCENE, k_polygon, NULL, op_visibility_polygon,
     "gg_scene_visibility_polygon, gg_scene_polygon_cells"},
    {"light_polygon", GG_CLI_NEEDS_SCENE, k_light_polygon, NULL, op_light_polygon,
     "gg_scene_light_polygon, gg_scene_light_polygon_cells"},
    {NULL, 0, NULL, NULL, NULL, NULL},
};
