/* ops_paths.c - `gridgeom query` ops of the movement family (docs/movement.md): lowest-cost path
 * (A*) and the squeezing path, distance fields, the movement overlay, route pricing, budgeted
 * reach, and the metric and footprint distances. Layer: tools. */
#include "grow.h"
#include "ops.h"

#include <gridgeom/core.h>

/* A bounded scratch for one budgeted search: the window the budget can reach (docs/memory.md). */
static gg_scratch *bounded_scratch(gg_cli_call *c, int32_t budget_ft, gg_size size)
{
    gg_scratch_def def = gg_scratch_def_default();
    def.uses = (uint32_t)GG_SCRATCH_BOUNDED;
    def.budget_ft = budget_ft < 0 ? 0 : budget_ft;
    def.size = size;
    gg_scratch *s = NULL;
    gg_status st = gg_scratch_create(c->ctx->scene, &def, &s);
    if (st != GG_OK) {
        gg_cli_status_fail(c, "gg_scratch_create", st);
        return NULL;
    }
    return s;
}

static const gg_cli_field k_lcp[] = {
    {"a", GG_CLI_CELL, true, NULL},
    {"b", GG_CLI_CELL, true, NULL},
    {"parity", GG_CLI_INT, false, NULL},
    {NULL, GG_CLI_INT, false, NULL},
};

static json_t *op_lowest_cost_path(gg_cli_call *c)
{
    gg_cli_move m;
    gg_scratch *scratch = gg_cli_scratch(c);
    if (scratch == NULL || !gg_cli_move_def(c, &m))
        return NULL;
    gg_cell a = gg_cli_cell(c, "a"), b = gg_cli_cell(c, "b");
    int32_t count = 0;
    gg_metric_cost cost = {0, 0, 0, 0};
    gg_cli_grow g;
    gg_cli_grow_init(&g, c, 256, sizeof(gg_cell), 0);
    gg_status st = GG_E_NO_MEMORY;
    while (gg_cli_grow_next(&g, st, count))
        st = gg_scene_lowest_cost_path(c->ctx->scene, scratch, a, b, gg_cli_int(c, "parity", 0),
                                       &m.def, g.buf[0], g.cap, &count, &cost);
    const gg_cell *out = g.buf[0];
    json_t *r = NULL;
    if (g.failed)
        r = NULL;
    else if (st != GG_OK)
        r = gg_cli_status_fail(c, "gg_scene_lowest_cost_path", st);
    else {
        r = gg_cli_cost_json(cost);
        if (r != NULL) {
            json_object_set_new(r, "found", json_boolean(count > 0));
            json_object_set_new(r, "path", gg_cli_cells_json(out, count));
        }
    }
    gg_cli_grow_free(&g);
    gg_cli_move_free(c, &m);
    return r;
}

static json_t *op_squeeze_path(gg_cli_call *c)
{
    gg_cli_move m;
    gg_scratch *scratch = gg_cli_scratch(c);
    if (scratch == NULL || !gg_cli_move_def(c, &m))
        return NULL;
    int32_t count = 0;
    gg_metric_cost cost = {0, 0, 0, 0};
    gg_cli_grow g;
    gg_cli_grow_init(&g, c, 256, sizeof(gg_cell), sizeof(bool));
    gg_status st = GG_E_NO_MEMORY;
    json_t *r = NULL;
    while (gg_cli_grow_next(&g, st, count))
        st = gg_scene_squeeze_path(c->ctx->scene, scratch, gg_cli_cell(c, "a"), gg_cli_cell(c, "b"),
                                   gg_cli_int(c, "parity", 0), &m.def, g.buf[0], g.buf[1], g.cap,
                                   &count, &cost);
    if (!g.failed)
        r = st == GG_OK ? gg_cli_route_json(g.buf[0], g.buf[1], count, cost)
                        : gg_cli_status_fail(c, "gg_scene_squeeze_path", st);
    gg_cli_grow_free(&g);
    gg_cli_move_free(c, &m);
    return r;
}

static const gg_cli_field k_field[] = {
    {"origin", GG_CLI_CELL, true, NULL},  {"parity", GG_CLI_INT, false, NULL},
    {"cells", GG_CLI_CELLS, false, NULL}, {"path_to", GG_CLI_CELL, false, NULL},
    {NULL, GG_CLI_INT, false, NULL},
};

static json_t *field_cell_json(const gg_move_field *f, gg_cell cell)
{
    bool reached = false, can_end = false;
    gg_metric_cost cost = {0, 0, 0, 0};
    gg_status st = gg_move_field_cost(f, cell, &reached, &cost, &can_end);
    if (st != GG_OK)
        return json_pack("{s:o,s:s}", "cell", gg_cli_cell_json(cell), "error", gg_status_name(st));
    json_t *o = reached ? gg_cli_cost_json(cost) : json_object();
    if (o != NULL) {
        json_object_set_new(o, "cell", gg_cli_cell_json(cell));
        json_object_set_new(o, "reached", json_boolean(reached));
        json_object_set_new(o, "can_end", json_boolean(can_end));
    }
    return o;
}

/* gg_scene_move_field(): with `cells`, the cost of each; with `path_to`, the route there; with
 * neither, a summary (anchors reached, where the mover may end, the farthest one). */
static json_t *op_move_field(gg_cli_call *c)
{
    gg_cli_move m;
    gg_scratch *scratch = gg_cli_scratch(c);
    if (scratch == NULL || !gg_cli_move_def(c, &m))
        return NULL;
    json_t *r = NULL;
    size_t bytes = 0;
    void *mem = NULL;
    gg_cell *cells = NULL;
    int32_t n = 0;
    gg_move_field *field = NULL;
    gg_cli_grow path;
    gg_cli_grow_init(&path, c, 0, sizeof(gg_cell), 0);
    gg_status st = gg_move_field_bytes(c->ctx->scene, &m.def, &bytes);
    if (st != GG_OK) {
        gg_cli_status_fail(c, "gg_move_field_bytes", st);
        goto done;
    }
    if ((mem = gg_cli_alloc(c, bytes, 1)) == NULL)
        goto done;
    st = gg_scene_move_field(c->ctx->scene, scratch, gg_cli_cell(c, "origin"),
                             gg_cli_int(c, "parity", 0), &m.def, mem, bytes, &field);
    if (st != GG_OK) {
        gg_cli_status_fail(c, "gg_scene_move_field", st);
        goto done;
    }
    if (!gg_cli_cells(c, "cells", &cells, &n))
        goto done;
    r = json_object();
    if (gg_cli_has(c, "cells")) {
        json_t *arr = json_array();
        for (int32_t i = 0; arr != NULL && i < n; i++)
            json_array_append_new(arr, field_cell_json(field, cells[i]));
        json_object_set_new(r, "cells", arr);
    }
    if (gg_cli_has(c, "path_to")) {
        int32_t count = 0;
        while (gg_cli_grow_next(&path, st, count))
            st = gg_move_field_path(field, gg_cli_cell(c, "path_to"), path.buf[0], path.cap,
                                    &count);
        if (path.failed) {
            json_decref(r);
            r = NULL;
            goto done;
        }
        if (st != GG_OK) {
            json_decref(r);
            r = gg_cli_status_fail(c, "gg_move_field_path", st);
            goto done;
        }
        json_object_set_new(r, "path", gg_cli_cells_json(path.buf[0], count));
    }
    if (!gg_cli_has(c, "cells") && !gg_cli_has(c, "path_to")) {
        int32_t reached = 0, can_end = 0;
        gg_metric_cost far = {0, 0, 0, 0};
        gg_cell far_cell = gg_cli_cell(c, "origin");
        int32_t w = gg_scene_width(c->ctx->scene), h = gg_scene_height(c->ctx->scene);
        for (int32_t row = 0; row < h; row++)
            for (int32_t col = 0; col < w; col++) {
                bool rch = false, end = false;
                gg_metric_cost cost;
                if (gg_move_field_cost(field, gg_cell_make(col, row), &rch, &cost, &end) != GG_OK ||
                    !rch)
                    continue;
                reached++;
                can_end += end;
                if (gg_metric_cost_compare(cost, far) > 0) {
                    far = cost;
                    far_cell = gg_cell_make(col, row);
                }
            }
        json_object_set_new(r, "reached", json_integer(reached));
        json_object_set_new(r, "can_end", json_integer(can_end));
        json_object_set_new(r, "farthest", gg_cli_cell_json(far_cell));
        json_object_set_new(r, "farthest_cost", gg_cli_cost_json(far));
    }
done:
    gg_cli_grow_free(&path);
    gg_cli_free(c, cells, (size_t)n, sizeof *cells);
    gg_cli_free(c, mem, bytes, 1);
    gg_cli_move_free(c, &m);
    return r;
}

static const gg_cli_field k_overlay[] = {
    {"origin", GG_CLI_CELL, true, NULL},
    {"budget_ft", GG_CLI_INT, true, NULL},
    {"parity", GG_CLI_INT, false, NULL},
    {NULL, GG_CLI_INT, false, NULL},
};

static json_t *op_move_overlay(gg_cli_call *c)
{
    gg_cli_move m;
    if (!gg_cli_move_def(c, &m))
        return NULL;
    int32_t budget = gg_cli_int(c, "budget_ft", 0);
    gg_scratch *scratch = bounded_scratch(c, budget, m.def.size);
    json_t *r = NULL;
    int32_t count = 0;
    gg_cli_grow g;
    gg_cli_grow_init(&g, c, 1024, sizeof(gg_move_reach), 0);
    g.partial = true;
    gg_status st = GG_E_NO_MEMORY;
    while (scratch != NULL && gg_cli_grow_next(&g, st, count))
        st = gg_scene_move_overlay(c->ctx->scene, scratch, gg_cli_cell(c, "origin"),
                                   gg_cli_int(c, "parity", 0), budget, &m.def, g.buf[0], g.cap,
                                   &count);
    const gg_move_reach *out = g.buf[0];
    if (scratch != NULL && !g.failed) {
        if (st != GG_OK) {
            r = gg_cli_status_fail(c, "gg_scene_move_overlay", st);
        } else {
            json_t *arr = json_array();
            for (int32_t i = 0; arr != NULL && i < count; i++) {
                json_t *o = gg_cli_cost_json(out[i].cost);
                if (o == NULL)
                    continue;
                json_object_set_new(o, "cell", gg_cli_cell_json(out[i].cell));
                json_object_set_new(o, "prev", gg_cli_cell_json(out[i].prev));
                json_object_set_new(o, "can_end", json_boolean(out[i].can_end));
                json_array_append_new(arr, o);
            }
            r = json_pack("{s:i,s:o}", "count", (int)count, "cells", arr);
        }
    }
    gg_cli_grow_free(&g);
    gg_scratch_destroy(scratch);
    gg_cli_move_free(c, &m);
    return r;
}

static const gg_cli_field k_route[] = {
    {"cells", GG_CLI_CELLS, true, NULL},
    {"parity", GG_CLI_INT, false, NULL},
    {NULL, GG_CLI_INT, false, NULL},
};

static json_t *op_route_cost(gg_cli_call *c)
{
    gg_cli_move m;
    gg_cell *cells = NULL;
    int32_t n = 0;
    if (!gg_cli_move_def(c, &m))
        return NULL;
    json_t *r = NULL;
    if (gg_cli_cells(c, "cells", &cells, &n)) {
        gg_metric_cost cost = {0, 0, 0, 0};
        int32_t legal = 0;
        gg_status st = gg_scene_route_cost(c->ctx->scene, cells, n, gg_cli_int(c, "parity", 0),
                                           &m.def, &cost, &legal);
        if (st != GG_OK) {
            r = gg_cli_status_fail(c, "gg_scene_route_cost", st);
        } else if ((r = gg_cli_cost_json(cost)) != NULL) {
            json_object_set_new(r, "legal_steps", json_integer(legal));
            json_object_set_new(r, "legal", json_boolean(n < 2 || legal == n - 1));
        }
    }
    gg_cli_free(c, cells, (size_t)n, sizeof *cells);
    gg_cli_move_free(c, &m);
    return r;
}

static const gg_cli_field k_reachable[] = {
    {"start", GG_CLI_CELL, true, NULL},
    {"budget_ft", GG_CLI_INT, true, NULL},
    {"avoid", GG_CLI_CELLS, false, NULL},
    {NULL, GG_CLI_INT, false, NULL},
};

/* gg_scene_reachable() (Nat20's reachable_cells) in settle order, with the library's names. */
static json_t *op_reachable(gg_cli_call *c)
{
    gg_cell *avoid = NULL;
    int32_t n_avoid = 0, budget = gg_cli_int(c, "budget_ft", 0);
    if (!gg_cli_cells(c, "avoid", &avoid, &n_avoid))
        return NULL;
    gg_scratch *scratch = bounded_scratch(c, budget, GG_SIZE_MEDIUM);
    int32_t count = 0;
    gg_cli_grow g;
    gg_cli_grow_init(&g, c, 1024, sizeof(gg_reach), 0);
    g.partial = true;
    gg_status st = GG_E_NO_MEMORY;
    while (scratch != NULL && gg_cli_grow_next(&g, st, count))
        st = gg_scene_reachable(c->ctx->scene, scratch, gg_cli_cell(c, "start"), budget, avoid,
                                n_avoid, g.buf[0], g.cap, &count);
    const gg_reach *out = g.buf[0];
    json_t *r = NULL;
    if (scratch != NULL && !g.failed) {
        if (st != GG_OK) {
            r = gg_cli_status_fail(c, "gg_scene_reachable", st);
        } else {
            json_t *arr = json_array();
            for (int32_t i = 0; arr != NULL && i < count; i++)
                json_array_append_new(arr, json_pack("{s:o,s:i,s:o}", "cell",
                                                     gg_cli_cell_json(out[i].cell), "cost_ft",
                                                     (int)out[i].cost_ft, "prev",
                                                     gg_cli_cell_json(out[i].prev)));
            r = json_pack("{s:i,s:o}", "count", (int)count, "cells", arr);
        }
    }
    gg_cli_grow_free(&g);
    gg_scratch_destroy(scratch);
    gg_cli_free(c, avoid, (size_t)n_avoid, sizeof *avoid);
    return r;
}

static const gg_cli_field k_metric_distance[] = {
    {"a", GG_CLI_CELL, true, NULL},      {"b", GG_CLI_CELL, true, NULL},
    {"parity", GG_CLI_INT, false, NULL}, {"metric", GG_CLI_NAME, false, gg_cli_metric_names},
    {NULL, GG_CLI_INT, false, NULL},
};

static json_t *op_metric_distance(gg_cli_call *c)
{
    gg_metric_cost cost;
    gg_status st = gg_metric_distance(gg_scene_cell_size_ft(c->ctx->scene), gg_cli_cell(c, "a"),
                                      gg_cli_cell(c, "b"), gg_cli_int(c, "parity", 0),
                                      (gg_metric)gg_cli_name(c, "metric", 0), &cost);
    return st == GG_OK ? gg_cli_cost_json(cost) : gg_cli_status_fail(c, "gg_metric_distance", st);
}

static const gg_cli_field k_footprint_distance[] = {
    {"a", GG_CLI_OBJECT, true, NULL},
    {"b", GG_CLI_OBJECT, true, NULL},
    {"metric", GG_CLI_NAME, false, gg_cli_metric_names},
    {NULL, GG_CLI_INT, false, NULL},
};

/* The two bodies are creature objects ("Creatures" in docs/cli.md); only cell and size count. */
static json_t *op_footprint_distance(gg_cli_call *c)
{
    json_t *pair = json_pack("[OO]", json_object_get(c->q, "a"), json_object_get(c->q, "b"));
    json_t *saved = c->q;
    json_t *q = json_pack("{s:o}", "bodies", pair);
    if (q == NULL)
        return NULL;
    c->q = q;
    gg_body *b = NULL;
    int32_t n = 0;
    bool ok = gg_cli_bodies(c, "bodies", &b, &n);
    c->q = saved;
    json_decref(q);
    if (!ok)
        return NULL;
    gg_metric_cost cost;
    gg_status st = gg_footprint_distance(gg_scene_cell_size_ft(c->ctx->scene), &b[0], &b[1],
                                         (gg_metric)gg_cli_name(c, "metric", 0), &cost);
    json_t *r = NULL;
    if (st != GG_OK)
        r = gg_cli_status_fail(c, "gg_footprint_distance", st);
    else if ((r = gg_cli_cost_json(cost)) != NULL)
        json_object_set_new(r, "adjacent", json_boolean(gg_footprints_adjacent(&b[0], &b[1])));
    gg_cli_free(c, b, (size_t)n, sizeof *b);
    return r;
}

const gg_cli_op gg_cli_ops_paths[] = {
    {"lowest_cost_path", GG_CLI_NEEDS_SCENE, k_lcp, gg_cli_move_fields, op_lowest_cost_path,
     "gg_scene_lowest_cost_path (A*)"},
    {"squeeze_path", GG_CLI_NEEDS_SCENE, k_lcp, gg_cli_move_fields, op_squeeze_path,
     "gg_scene_squeeze_path (SRD 5.1 squeezing)"},
    {"move_field", GG_CLI_NEEDS_SCENE, k_field, gg_cli_move_fields, op_move_field,
     "gg_scene_move_field, gg_move_field_cost, gg_move_field_path"},
    {"move_overlay", GG_CLI_NEEDS_SCENE, k_overlay, gg_cli_move_fields, op_move_overlay,
     "gg_scene_move_overlay"},
    {"route_cost", GG_CLI_NEEDS_SCENE, k_route, gg_cli_move_fields, op_route_cost,
     "gg_scene_route_cost"},
    {"reachable", GG_CLI_NEEDS_SCENE, k_reachable, NULL, op_reachable, "gg_scene_reachable"},
    {"metric_distance", GG_CLI_NEEDS_SCENE, k_metric_distance, NULL, op_metric_distance,
     "gg_metric_distance"},
    {"footprint_distance", GG_CLI_NEEDS_SCENE, k_footprint_distance, NULL, op_footprint_distance,
     "gg_footprint_distance, gg_footprints_adjacent"},
    {NULL, 0, NULL, NULL, NULL, NULL},
};
