/* ops_hex.c - `gridgeom query` ops of terrain sight and hex boards (docs/hex.md; the board file
 * format is in docs/cli.md, "Hex boards"): on a hex board, sight with its trace and blocker, the
 * cheapest path, the cells within a movement budget, distance and line (hexes are [q, r] axial
 * pairs); on any map, the same terrain sight over a square height board given in the query
 * (terrain.h). Layer: tools. */
#include "grow.h"
#include "ops.h"

#include <gridgeom/terrain.h>

#include <math.h>

static const char *const k_trace_names[] = {"centre", "supercover", NULL};
static const char *const k_reason_names[] = {"clear", "range", "missing_tile", "occluded", NULL};

static gg_hex_scratch *hex_scratch(gg_cli_call *c)
{
    if (c->ctx->hex_scratch == NULL) {
        gg_status st = gg_hex_scratch_create(c->ctx->board, &c->ctx->hex_scratch);
        if (st != GG_OK) {
            c->ctx->hex_scratch = NULL;
            gg_cli_status_fail(c, "gg_hex_scratch_create", st);
        }
    }
    return c->ctx->hex_scratch;
}

static json_t *hexes_json(const gg_hex *h, int32_t n)
{
    json_t *a = json_array();
    for (int32_t i = 0; a != NULL && i < n; i++)
        json_array_append_new(a, gg_cli_hex_json(h[i]));
    return a;
}

static const gg_cli_field k_sight[] = {
    {"from", GG_CLI_HEX, true, NULL},
    {"to", GG_CLI_HEX, true, NULL},
    {"eye_height", GG_CLI_NUMBER, false, NULL},
    {"target_height", GG_CLI_NUMBER, false, NULL},
    {"max_range", GG_CLI_INT, false, NULL},
    {"trace", GG_CLI_NAME, false, k_trace_names},
    {"opacity_threshold", GG_CLI_NUMBER, false, NULL},
    {NULL, GG_CLI_INT, false, NULL},
};

static json_t *op_hex_sight(gg_cli_call *c)
{
    gg_sight_def def = gg_sight_def_default();
    def.eye_height = gg_cli_number(c, "eye_height", def.eye_height);
    def.target_height = gg_cli_number(c, "target_height", def.target_height);
    if (gg_cli_has(c, "max_range"))
        def.max_range = gg_cli_int(c, "max_range", 0);
    def.trace = (gg_sight_trace)gg_cli_name(c, "trace", 0);
    def.opacity_threshold = gg_cli_number(c, "opacity_threshold", 0.0);
    gg_hex from = gg_cli_hex(c, "from"), to = gg_cli_hex(c, "to");
    int32_t count = 0;
    gg_hex_sight_result res;
    gg_cli_grow g;
    gg_cli_grow_init(&g, c, 0, sizeof(gg_hex), 0);
    g.partial = true;
    gg_status st = GG_E_NO_MEMORY;
    while (gg_cli_grow_next(&g, st, count))
        st = gg_hex_board_sight(c->ctx->board, from, to, &def, g.buf[0], g.cap, &count, &res);
    json_t *r = NULL;
    if (g.failed) {
        r = NULL;
    } else if (st != GG_OK && st != GG_PARTIAL) {
        r = gg_cli_status_fail(c, "gg_hex_board_sight", st);
    } else {
        r = json_pack("{s:b,s:s,s:I,s:o,s:i,s:f,s:o}", "visible", res.visible, "reason",
                      gg_cli_enum_name(k_reason_names, (int)res.reason), "distance",
                      (json_int_t)res.distance, "blocker",
                      res.has_blocker ? gg_cli_hex_json(res.blocker) : json_null(), "blocker_index",
                      (int)res.blocker_index, "opacity", res.opacity, "traced",
                      hexes_json(g.buf[0], count < g.cap ? count : g.cap));
    }
    gg_cli_grow_free(&g);
    return r;
}

static const gg_cli_field k_move[] = {
    {"max_step", GG_CLI_NUMBER, false, NULL},
    {"climb_cost", GG_CLI_NUMBER, false, NULL},
    {"allow_start_blocked", GG_CLI_BOOL, false, NULL},
    {"allow_goal_blocked", GG_CLI_BOOL, false, NULL},
    {NULL, GG_CLI_INT, false, NULL},
};

static gg_hex_move_def move_def(gg_cli_call *c)
{
    gg_hex_move_def d = gg_hex_move_def_default();
    d.max_step = gg_cli_number(c, "max_step", d.max_step);
    d.climb_cost = gg_cli_number(c, "climb_cost", d.climb_cost);
    d.allow_start_blocked = gg_cli_bool(c, "allow_start_blocked", d.allow_start_blocked);
    d.allow_goal_blocked = gg_cli_bool(c, "allow_goal_blocked", d.allow_goal_blocked);
    return d;
}

static const gg_cli_field k_path[] = {
    {"from", GG_CLI_HEX, true, NULL},
    {"to", GG_CLI_HEX, true, NULL},
    {NULL, GG_CLI_INT, false, NULL},
};

static json_t *op_hex_path(gg_cli_call *c)
{
    gg_hex_scratch *s = hex_scratch(c);
    if (s == NULL)
        return NULL;
    gg_hex_move_def d = move_def(c);
    gg_hex_path_result res;
    int32_t count = 0;
    gg_hex from = gg_cli_hex(c, "from"), to = gg_cli_hex(c, "to");
    gg_cli_grow g;
    gg_cli_grow_init(&g, c, 0, sizeof(gg_hex), 0);
    gg_status st = GG_E_NO_MEMORY;
    while (gg_cli_grow_next(&g, st, count))
        st = gg_hex_board_path(c->ctx->board, s, from, to, &d, g.buf[0], g.cap, &count, &res);
    json_t *r = NULL;
    if (g.failed)
        r = NULL;
    else if (st != GG_OK)
        r = gg_cli_status_fail(c, "gg_hex_board_path", st);
    else
        r = json_pack("{s:b,s:o,s:o}", "found", res.found, "cost",
                      res.found ? json_real(res.cost) : json_null(), "path",
                      hexes_json(g.buf[0], res.found ? count : 0));
    gg_cli_grow_free(&g);
    return r;
}

static const gg_cli_field k_reach[] = {
    {"start", GG_CLI_HEX, true, NULL},
    {"budget", GG_CLI_NUMBER, true, NULL},
    {NULL, GG_CLI_INT, false, NULL},
};

static json_t *op_hex_reachable(gg_cli_call *c)
{
    gg_hex_scratch *s = hex_scratch(c);
    if (s == NULL)
        return NULL;
    gg_hex_move_def d = move_def(c);
    int32_t count = 0;
    gg_cli_grow g;
    gg_cli_grow_init(&g, c, 256, sizeof(gg_hex_reach), 0);
    g.partial = true;
    gg_status st = GG_E_NO_MEMORY;
    while (gg_cli_grow_next(&g, st, count))
        st = gg_hex_board_reachable(c->ctx->board, s, gg_cli_hex(c, "start"),
                                    gg_cli_number(c, "budget", 0), &d, g.buf[0], g.cap, &count);
    const gg_hex_reach *out = g.buf[0];
    json_t *r = NULL;
    if (g.failed) {
        r = NULL;
    } else if (st != GG_OK) {
        r = gg_cli_status_fail(c, "gg_hex_board_reachable", st);
    } else {
        json_t *arr = json_array();
        for (int32_t i = 0; arr != NULL && i < count; i++)
            json_array_append_new(arr, json_pack("{s:o,s:f}", "hex", gg_cli_hex_json(out[i].hex),
                                                 "cost", out[i].cost));
        r = json_pack("{s:i,s:o}", "count", (int)count, "cells", arr);
    }
    gg_cli_grow_free(&g);
    return r;
}

static const gg_cli_field k_two[] = {
    {"a", GG_CLI_HEX, true, NULL},
    {"b", GG_CLI_HEX, true, NULL},
    {NULL, GG_CLI_INT, false, NULL},
};

static json_t *op_hex_distance(gg_cli_call *c)
{
    return json_integer((json_int_t)gg_hex_distance(gg_cli_hex(c, "a"), gg_cli_hex(c, "b")));
}

static json_t *op_hex_line(gg_cli_call *c)
{
    gg_hex a = gg_cli_hex(c, "a"), b = gg_cli_hex(c, "b");
    int64_t d = gg_hex_distance(a, b);
    if (d < 0 || d >= (1 << 20)) {
        gg_cli_fail(c, "hex_line: at most 2^20 steps");
        return NULL;
    }
    int32_t cap = (int32_t)d + 1, count = 0;
    gg_hex *out = gg_cli_alloc(c, (size_t)cap, sizeof *out);
    if (out == NULL)
        return NULL;
    gg_status st = gg_hex_line(a, b, out, cap, &count);
    json_t *r = st == GG_OK ? hexes_json(out, count) : gg_cli_status_fail(c, "gg_hex_line", st);
    gg_cli_free(c, out, (size_t)cap, sizeof *out);
    return r;
}

static const gg_cli_field k_tile[] = {
    {"hex", GG_CLI_HEX, true, NULL},
    {NULL, GG_CLI_INT, false, NULL},
};

static json_t *op_hex_tile(gg_cli_call *c)
{
    gg_hex_tile t;
    if (!gg_hex_board_tile(c->ctx->board, gg_cli_hex(c, "hex"), &t))
        return json_null();
    return json_pack("{s:f,s:f,s:f,s:f,s:b}", "ground", t.ground, "obstruction", t.obstruction,
                     "density", t.density, "move_cost", t.move_cost, "blocks_move", t.blocks_move);
}

static const gg_cli_field k_square_sight[] = {
    {"width", GG_CLI_INT, true, NULL},
    {"height", GG_CLI_INT, true, NULL},
    {"ground", GG_CLI_NUMBERS, true, NULL},
    {"obstruction", GG_CLI_NUMBERS, false, NULL},
    {"density", GG_CLI_NUMBERS, false, NULL},
    {"from", GG_CLI_CELL, true, NULL},
    {"to", GG_CLI_CELL, true, NULL},
    {"eye_height", GG_CLI_NUMBER, false, NULL},
    {"target_height", GG_CLI_NUMBER, false, NULL},
    {"max_range", GG_CLI_INT, false, NULL},
    {"trace", GG_CLI_NAME, false, k_trace_names},
    {"opacity_threshold", GG_CLI_NUMBER, false, NULL},
    {NULL, GG_CLI_INT, false, NULL},
};

/* A width x height array of the query (row-major), or absent; false with the message set. */
static bool heights(gg_cli_call *c, const char *key, size_t cells, double **out)
{
    json_t *v = json_object_get(c->q, key);
    *out = NULL;
    if (v == NULL)
        return true;
    if (json_array_size(v) != cells) {
        gg_cli_fail(c, "square_sight: \"%s\" needs width * height = %zu numbers (row-major)", key,
                    cells);
        return false;
    }
    if ((*out = gg_cli_alloc(c, cells, sizeof **out)) == NULL)
        return false;
    for (size_t i = 0; i < cells; i++)
        (*out)[i] = json_number_value(json_array_get(v, i));
    return true;
}

/* gg_square_sight(): the terrain-sight model of hex boards on a square height board given in the
 * query (needs no map: answered on a hex board or a square map alike). */
static json_t *op_square_sight(gg_cli_call *c)
{
    int32_t w = gg_cli_int(c, "width", 0), h = gg_cli_int(c, "height", 0);
    if (w < 1 || h < 1 || (int64_t)w * h > (1 << 24)) {
        gg_cli_fail(c, "square_sight: width and height are >= 1, at most 2^24 cells");
        return NULL;
    }
    size_t cells = (size_t)w * (size_t)h;
    double *ground = NULL, *obstruction = NULL, *density = NULL;
    int32_t count = 0;
    json_t *r = NULL;
    gg_cli_grow g;
    gg_cli_grow_init(&g, c, 0, sizeof(gg_cell), 0);
    g.partial = true;
    if (!heights(c, "ground", cells, &ground) || !heights(c, "obstruction", cells, &obstruction) ||
        !heights(c, "density", cells, &density))
        goto done;
    gg_square_heights board = {w, h, ground, obstruction, density, NULL};
    gg_sight_def def = gg_sight_def_default();
    def.eye_height = gg_cli_number(c, "eye_height", def.eye_height);
    def.target_height = gg_cli_number(c, "target_height", def.target_height);
    if (gg_cli_has(c, "max_range"))
        def.max_range = gg_cli_int(c, "max_range", 0);
    def.trace = (gg_sight_trace)gg_cli_name(c, "trace", 0);
    def.opacity_threshold = gg_cli_number(c, "opacity_threshold", 0.0);
    gg_cell from = gg_cli_cell(c, "from"), to = gg_cli_cell(c, "to");
    gg_square_sight_result res;
    gg_status st = GG_E_NO_MEMORY;
    while (gg_cli_grow_next(&g, st, count))
        st = gg_square_sight(&board, from, to, &def, g.buf[0], g.cap, &count, &res);
    if (g.failed)
        goto done;
    if (st != GG_OK && st != GG_PARTIAL) {
        gg_cli_status_fail(c, "gg_square_sight", st);
        goto done;
    }
    r = json_pack("{s:b,s:s,s:I,s:o,s:i,s:f,s:o}", "visible", res.visible, "reason",
                  gg_cli_enum_name(k_reason_names, (int)res.reason), "distance",
                  (json_int_t)res.distance, "blocker",
                  res.has_blocker ? gg_cli_cell_json(res.blocker) : json_null(), "blocker_index",
                  (int)res.blocker_index, "opacity", res.opacity, "traced",
                  gg_cli_cells_json(g.buf[0], count < g.cap ? count : g.cap));
done:
    gg_cli_grow_free(&g);
    gg_cli_free(c, density, cells, sizeof *density);
    gg_cli_free(c, obstruction, cells, sizeof *obstruction);
    gg_cli_free(c, ground, cells, sizeof *ground);
    return r;
}

const gg_cli_op gg_cli_ops_hex[] = {
    {"hex_sight", GG_CLI_NEEDS_HEX, k_sight, NULL, op_hex_sight, "gg_hex_board_sight"},
    {"hex_path", GG_CLI_NEEDS_HEX, k_path, k_move, op_hex_path, "gg_hex_board_path"},
    {"hex_reachable", GG_CLI_NEEDS_HEX, k_reach, k_move, op_hex_reachable,
     "gg_hex_board_reachable"},
    {"hex_distance", 0, k_two, NULL, op_hex_distance, "gg_hex_distance"},
    {"hex_line", 0, k_two, NULL, op_hex_line, "gg_hex_line"},
    {"hex_tile", GG_CLI_NEEDS_HEX, k_tile, NULL, op_hex_tile, "gg_hex_board_tile"},
    {"square_sight", 0, k_square_sight, NULL, op_square_sight, "gg_square_sight (terrain.h)"},
    {NULL, 0, NULL, NULL, NULL, NULL},
};
