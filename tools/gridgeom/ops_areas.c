/* ops_areas.c - `gridgeom query` ops of the any-angle areas of effect (docs/rules.md): which
 * squares a continuous shape covers (gg_shape_cells(), gg_shape_covers_cell()), whether it reaches
 * a body (gg_shape_covers_body()), and the shape applied on the scene with line of effect and
 * the creatures it reaches (gg_rules_shape_cells(), gg_rules_shape_targets()). The shape is
 * given by the "shape options" (gg_cli_shape_fields), its point of origin in cells. Layer:
 * tools. */
#include "grow.h"
#include "ops.h"

#include <gridgeom/core.h>

#include <math.h>

static const char *const k_coverage_names[] = {"centre", "half", "touch", NULL};
static const char *const k_affect_names[] = {"any_square", "token", NULL};

/* A gg_shape_def: shape and size_ft are each op's own (required) fields; these are optional. */
const gg_cli_field gg_cli_shape_fields[] = {
    {"origin", GG_CLI_POINT, false, NULL},
    {"direction", GG_CLI_INTS, false, NULL},
    {"line_width_ft", GG_CLI_INT, false, NULL},
    {"cube_from_corner", GG_CLI_BOOL, false, NULL},
    {"source", GG_CLI_OBJECT, false, NULL},
    {"coverage", GG_CLI_NAME, false, k_coverage_names},
    {NULL, GG_CLI_INT, false, NULL},
};

/* The shape of the query: origin [x, y] in cells (fractions allowed: 0.5 is a centre) turned into
 * the library's area units; an out-of-range value is left to the library to refuse. */
static bool shape_def(gg_cli_call *c, gg_shape_def *d)
{
    *d = gg_shape_def_default();
    d->shape = (gg_shape)(gg_cli_name(c, "shape", 0) + 1);
    d->size_ft = gg_cli_int(c, "size_ft", 0);
    d->line_width_ft = gg_cli_int(c, "line_width_ft", d->line_width_ft);
    d->cube_from_corner = gg_cli_bool(c, "cube_from_corner", false);
    d->coverage = (gg_coverage)gg_cli_name(c, "coverage", (int)GG_COVERAGE_HALF);
    int32_t cell_ft = gg_scene_cell_size_ft(c->ctx->scene);
    json_t *o = json_object_get(c->q, "origin");
    if (o != NULL) {
        double x = json_number_value(json_array_get(o, 0)) * cell_ft * GG_AREA_UNITS_PER_FT;
        double y = json_number_value(json_array_get(o, 1)) * cell_ft * GG_AREA_UNITS_PER_FT;
        if (!(fabs(x) < 2e9 && fabs(y) < 2e9)) {
            gg_cli_fail(c, "\"origin\" is too far from the map");
            return false;
        }
        d->origin.x = (int32_t)lround(x);
        d->origin.y = (int32_t)lround(y);
    }
    json_t *dir = json_object_get(c->q, "direction");
    if (dir != NULL) {
        if (json_array_size(dir) != 2) {
            gg_cli_fail(c, "\"direction\" is [dx, dy]");
            return false;
        }
        d->dir_x = (int32_t)json_integer_value(json_array_get(dir, 0));
        d->dir_y = (int32_t)json_integer_value(json_array_get(dir, 1));
    }
    if (json_object_get(c->q, "source") != NULL) {
        json_t *list = json_array();
        json_t *saved = c->q;
        json_t *q = json_pack("{s:o}", "source", list);
        if (q == NULL || json_array_append(list, json_object_get(saved, "source")) != 0) {
            json_decref(q);
            gg_cli_fail(c, "out of memory (GG_E_NO_MEMORY)");
            return false;
        }
        gg_body *b = NULL;
        int32_t n = 0;
        c->q = q;
        bool ok = gg_cli_bodies(c, "source", &b, &n);
        c->q = saved;
        json_decref(q);
        if (!ok)
            return false;
        d->source = b[0];
        gg_cli_free(c, b, (size_t)n, sizeof *b);
    }
    return true;
}

static json_t *shape_fail(gg_cli_call *c, const char *fn, gg_status st, const char *reason)
{
    if (reason == NULL)
        return gg_cli_status_fail(c, fn, st);
    gg_cli_fail(c, "%s: %s: %s", fn, gg_status_name(st), reason);
    return NULL;
}

static const gg_cli_field k_shape_cells[] = {
    {"shape", GG_CLI_NAME, true, gg_cli_shape_names},
    {"size_ft", GG_CLI_INT, true, NULL},
    {NULL, GG_CLI_INT, false, NULL},
};

/* The cells of a shape on the scene's grid (no walls), or on the scene with line of effect. */
static json_t *cells_of(gg_cli_call *c, bool on_scene)
{
    gg_shape_def d;
    if (!shape_def(c, &d))
        return NULL;
    gg_shape_rule_def rd = gg_shape_rule_def_default();
    rd.line_of_effect = gg_cli_bool(c, "line_of_effect", true);
    const gg_scene *s = c->ctx->scene;
    int32_t count = 0;
    const char *reason = NULL;
    gg_status st = GG_E_NO_MEMORY;
    gg_cli_grow g; /* a size query (capacity 0), then the cells */
    gg_cli_grow_init(&g, c, 0, sizeof(gg_cell), 0);
    g.partial = true;
    while (gg_cli_grow_next(&g, st, count))
        st = on_scene
                 ? gg_rules_shape_cells(s, &d, &rd, g.buf[0], g.cap, &count)
                 : gg_shape_cells(gg_scene_width(s), gg_scene_height(s), gg_scene_cell_size_ft(s),
                                  &d, g.buf[0], g.cap, &count, &reason);
    json_t *r = NULL;
    if (!g.failed)
        r = st == GG_OK
                ? json_pack("{s:i,s:o}", "count", (int)count, "cells",
                            gg_cli_cells_json(g.buf[0], count))
                : shape_fail(c, on_scene ? "gg_rules_shape_cells" : "gg_shape_cells", st, reason);
    gg_cli_grow_free(&g);
    return r;
}

static json_t *op_shape_cells(gg_cli_call *c) { return cells_of(c, false); }

static const gg_cli_field k_covers_cell[] = {
    {"shape", GG_CLI_NAME, true, gg_cli_shape_names},
    {"size_ft", GG_CLI_INT, true, NULL},
    {"cell", GG_CLI_CELL, true, NULL},
    {NULL, GG_CLI_INT, false, NULL},
};

static json_t *op_shape_covers_cell(gg_cli_call *c)
{
    gg_shape_def d;
    if (!shape_def(c, &d))
        return NULL;
    bool covered = false;
    const char *reason = NULL;
    gg_status st = gg_shape_covers_cell(gg_scene_cell_size_ft(c->ctx->scene),
                                        gg_cli_cell(c, "cell"), &d, &covered, &reason);
    return st == GG_OK ? json_boolean(covered) : shape_fail(c, "gg_shape_covers_cell", st, reason);
}

static const gg_cli_field k_covers_body[] = {
    {"shape", GG_CLI_NAME, true, gg_cli_shape_names},
    {"size_ft", GG_CLI_INT, true, NULL},
    {"bodies", GG_CLI_OBJECTS, true, NULL},
    {"affect", GG_CLI_NAME, false, k_affect_names},
    {NULL, GG_CLI_INT, false, NULL},
};

static json_t *op_shape_covers_body(gg_cli_call *c)
{
    gg_shape_def d;
    if (!shape_def(c, &d))
        return NULL;
    gg_body *b = NULL;
    int32_t n = 0;
    if (!gg_cli_bodies(c, "bodies", &b, &n))
        return NULL;
    json_t *r = json_array();
    for (int32_t i = 0; r != NULL && i < n; i++) {
        bool covered = false;
        const char *reason = NULL;
        gg_status st = gg_shape_covers_body(gg_scene_cell_size_ft(c->ctx->scene), &b[i], &d,
                                            (gg_area_affect)gg_cli_name(c, "affect", 0), &covered,
                                            &reason);
        if (st != GG_OK) {
            json_decref(r);
            r = shape_fail(c, "gg_shape_covers_body", st, reason);
            break;
        }
        json_array_append_new(r, json_boolean(covered));
    }
    gg_cli_free(c, b, (size_t)n, sizeof *b);
    return r;
}

static const gg_cli_field k_rules_cells[] = {
    {"shape", GG_CLI_NAME, true, gg_cli_shape_names},
    {"size_ft", GG_CLI_INT, true, NULL},
    {"line_of_effect", GG_CLI_BOOL, false, NULL},
    {NULL, GG_CLI_INT, false, NULL},
};

static json_t *op_rules_shape_cells(gg_cli_call *c) { return cells_of(c, true); }

static const gg_cli_field k_rules_targets[] = {
    {"shape", GG_CLI_NAME, true, gg_cli_shape_names},
    {"size_ft", GG_CLI_INT, true, NULL},
    {"creatures", GG_CLI_OBJECTS, true, NULL},
    {"affect", GG_CLI_NAME, false, k_affect_names},
    {"line_of_effect", GG_CLI_BOOL, false, NULL},
    {NULL, GG_CLI_INT, false, NULL},
};

static json_t *op_rules_shape_targets(gg_cli_call *c)
{
    gg_shape_def d;
    if (!shape_def(c, &d))
        return NULL;
    gg_shape_rule_def rd = gg_shape_rule_def_default();
    rd.affect = (gg_area_affect)gg_cli_name(c, "affect", 0);
    rd.line_of_effect = gg_cli_bool(c, "line_of_effect", true);
    gg_creature *cr = NULL;
    int32_t n = 0, count = 0;
    if (!gg_cli_creatures(c, "creatures", &cr, &n))
        return NULL;
    int32_t cap = n > 0 ? n : 1;
    gg_area_target *out = gg_cli_alloc(c, (size_t)cap, sizeof *out);
    json_t *r = NULL;
    if (out != NULL) {
        gg_status st = gg_rules_shape_targets(c->ctx->scene, cr, n, &d, &rd, out, cap, &count);
        if (st != GG_OK) {
            gg_cli_status_fail(c, "gg_rules_shape_targets", st);
        } else {
            r = json_array();
            for (int32_t i = 0; r != NULL && i < count; i++)
                json_array_append_new(r, json_pack("{s:i,s:s}", "creature", (int)out[i].creature,
                                                   "cover", gg_rules_cover_name(out[i].cover)));
        }
    }
    gg_cli_free(c, out, (size_t)cap, sizeof *out);
    gg_cli_free(c, cr, (size_t)n, sizeof *cr);
    return r;
}

const gg_cli_op gg_cli_ops_areas[] = {
    {"shape_cells", GG_CLI_NEEDS_SCENE, k_shape_cells, gg_cli_shape_fields, op_shape_cells,
     "gg_shape_cells"},
    {"shape_covers_cell", GG_CLI_NEEDS_SCENE, k_covers_cell, gg_cli_shape_fields,
     op_shape_covers_cell, "gg_shape_covers_cell"},
    {"shape_covers_body", GG_CLI_NEEDS_SCENE, k_covers_body, gg_cli_shape_fields,
     op_shape_covers_body, "gg_shape_covers_body"},
    {"rules_shape_cells", GG_CLI_NEEDS_SCENE, k_rules_cells, gg_cli_shape_fields,
     op_rules_shape_cells, "gg_rules_shape_cells"},
    {"rules_shape_targets", GG_CLI_NEEDS_SCENE, k_rules_targets, gg_cli_shape_fields,
     op_rules_shape_targets, "gg_rules_shape_targets"},
    {NULL, 0, NULL, NULL, NULL, NULL},
};
