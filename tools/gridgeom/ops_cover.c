/* ops_cover.c - `gridgeom query` ops of the cover family (docs/cover.md): gg_scene_cover() in every
 * mode, with its explanation (the witness lines, what blocked each, the chosen source), and an
 * edition's score of it (gg_rules_cover_score()); the cover walls alone give a line
 * (gg_scene_wall_cover_between()). Layer: tools. */
#include "ops.h"

#include <gridgeom/core.h>

#include <math.h>
#include <string.h>

static const char *const k_mode_names[] = {"tagged", "corners_2d", "corners_3d", NULL};
static const char *const k_choice_names[] = {"degree", "obstruction", NULL};
static const char *const k_kind_names[] = {"melee", "reach", "ranged", "area", NULL};
static const char *const k_edition_names[] = {"5e", "3.5", "pf1", NULL};
static const char *const k_obstruction_names[] = {"none",  "slight", "partial",
                                                  "heavy", "total",  NULL};
static const char *const k_by_names[] = {"nothing", "cell",    "wall", "creature",
                                         "box",     "terrain", NULL};

static const gg_cli_field k_cover[] = {
    {"attacker", GG_CLI_OBJECT, true, NULL},
    {"target", GG_CLI_OBJECT, true, NULL},
    {"creatures", GG_CLI_OBJECTS, false, NULL},
    {"mode", GG_CLI_NAME, false, k_mode_names},
    {"choice", GG_CLI_NAME, false, k_choice_names},
    {"kind", GG_CLI_NAME, false, k_kind_names},
    {"creature_cap", GG_CLI_NAME, false, gg_cli_cover_names},
    {"pinch_pass", GG_CLI_BOOL, false, NULL},
    {"exact_corners", GG_CLI_BOOL, false, NULL},
    {"best_cell", GG_CLI_BOOL, false, NULL},
    {"low_obstacle_rule", GG_CLI_BOOL, false, NULL},
    {"adjust_on_downward", GG_CLI_BOOL, false, NULL},
    {"boost_pct", GG_CLI_INT, false, NULL},
    {"melee_top_pct", GG_CLI_INT, false, NULL},
    {"melee_bottom_pct", GG_CLI_INT, false, NULL},
    {"layer_in", GG_CLI_INT, false, NULL},
    {"origin", GG_CLI_POINT, false, NULL},
    {"floor_in", GG_CLI_INTS, false, NULL},
    {"ceiling_in", GG_CLI_INTS, false, NULL},
    {"boxes", GG_CLI_OBJECTS, false, NULL},
    {"lines", GG_CLI_BOOL, false, NULL},
    {"edition", GG_CLI_NAME, false, k_edition_names},
    {"ignore_up_to", GG_CLI_NAME, false, gg_cli_cover_names},
    {NULL, GG_CLI_INT, false, NULL},
};

/* One creature object (docs/cli.md "Creatures") into a body, through the creature parser. */
static bool body_field(gg_cli_call *c, const char *key, gg_body *out)
{
    json_t *saved = c->q;
    json_t *q = json_pack("{s:[O]}", key, json_object_get(saved, key));
    if (q == NULL)
        return false;
    c->q = q;
    gg_body *b = NULL;
    int32_t n = 0;
    bool ok = gg_cli_bodies(c, key, &b, &n);
    c->q = saved;
    json_decref(q);
    if (ok)
        *out = b[0];
    gg_cli_free(c, b, (size_t)n, sizeof *b);
    return ok;
}

static bool parse_boxes(gg_cli_call *c, gg_cover_box **out, int32_t *n)
{
    json_t *v = json_object_get(c->q, "boxes");
    *out = NULL;
    *n = 0;
    size_t m = json_array_size(v);
    if (m == 0)
        return true;
    gg_cover_box *b = gg_cli_alloc(c, m, sizeof *b);
    if (b == NULL)
        return false;
    for (size_t i = 0; i < m; i++) {
        json_t *o = json_array_get(v, i);
        json_t *mn = json_object_get(o, "min"), *mx = json_object_get(o, "max");
        json_t *z0 = json_object_get(o, "z0_in"), *z1 = json_object_get(o, "z1_in");
        json_t *cap = json_object_get(o, "cap");
        gg_cell a, z;
        int ci = -1;
        for (int k = 0; cap != NULL && gg_cli_cover_names[k] != NULL; k++)
            if (json_is_string(cap) && strcmp(json_string_value(cap), gg_cli_cover_names[k]) == 0)
                ci = k;
        if (!json_is_string(mn) || !json_is_string(mx) || !json_is_integer(z0) ||
            !json_is_integer(z1) ||
            gg_cell_parse(json_string_value(mn), json_string_length(mn), &a, NULL) != GG_OK ||
            gg_cell_parse(json_string_value(mx), json_string_length(mx), &z, NULL) != GG_OK ||
            (cap != NULL && ci < 0) || json_object_size(o) != (cap != NULL ? 5u : 4u)) {
            gg_cli_fail(c,
                        "boxes[%zu]: a box is {\"min\": cell, \"max\": cell, \"z0_in\": int, "
                        "\"z1_in\": int, [\"cap\": cover]}",
                        i);
            gg_cli_free(c, b, m, sizeof *b);
            return false;
        }
        b[i].min = a;
        b[i].max = z;
        b[i].z0_in = (int32_t)json_integer_value(z0);
        b[i].z1_in = (int32_t)json_integer_value(z1);
        b[i].cap = ci < 0 ? GG_COVER_TOTAL : (gg_cover)ci;
    }
    *out = b;
    *n = (int32_t)m;
    return true;
}

/* A height field: width * height integers, or absent. */
static bool parse_heights(gg_cli_call *c, const char *key, int32_t **out, size_t *n)
{
    json_t *v = json_object_get(c->q, key);
    *out = NULL;
    *n = 0;
    if (v == NULL)
        return true;
    size_t cells = (size_t)gg_scene_width(c->ctx->scene) * (size_t)gg_scene_height(c->ctx->scene);
    if (json_array_size(v) != cells) {
        gg_cli_fail(c, "cover: \"%s\" needs width * height = %zu integers (row-major)", key, cells);
        return false;
    }
    if ((*out = gg_cli_alloc(c, cells, sizeof **out)) == NULL)
        return false;
    for (size_t i = 0; i < cells; i++)
        (*out)[i] = (int32_t)json_integer_value(json_array_get(v, i));
    *n = cells;
    return true;
}

static json_t *point_json(double x, double y, double z) { return json_pack("[fff]", x, y, z); }

static json_t *line_json(const gg_cover_line *l)
{
    json_t *o = json_pack("{s:o,s:o,s:s,s:s,s:b}", "from", point_json(l->x0, l->y0, l->z0), "to",
                          point_json(l->x1, l->y1, l->z1), "cap",
                          gg_cli_enum_name(gg_cli_cover_names, (int)l->cap), "by",
                          gg_cli_enum_name(k_by_names, (int)l->by), "pinch", l->pinch);
    if (o == NULL)
        return NULL;
    if (l->by == GG_COVER_BY_CELL || l->by == GG_COVER_BY_TERRAIN)
        json_object_set_new(o, "cell", gg_cli_cell_json(l->cell));
    else if (l->by == GG_COVER_BY_WALL)
        json_object_set_new(o, "wall", json_integer(l->wall.index));
    else if (l->by == GG_COVER_BY_CREATURE)
        json_object_set_new(o, "creature", json_integer(l->index));
    else if (l->by == GG_COVER_BY_BOX)
        json_object_set_new(o, "box", json_integer(l->index));
    return o;
}

static json_t *flags_json(uint32_t flags)
{
    static const char *const names[] = {"soft", "higher_ground", "no_lines", "visible"};
    json_t *a = json_array();
    for (int i = 0; a != NULL && i < 4; i++)
        if (flags & (1u << i))
            json_array_append_new(a, json_string(names[i]));
    return a;
}

static json_t *result_json(const gg_cover_result *res)
{
    return json_pack("{s:s,s:s,s:o,s:i,s:i,s:i,s:i,s:o,s:i,s:o,s:o}", "degree",
                     gg_cli_enum_name(gg_cli_cover_names, (int)res->degree), "obstruction",
                     gg_cli_enum_name(k_obstruction_names, (int)res->obstruction), "flags",
                     flags_json(res->flags), "lines", (int)res->lines, "n_half", (int)res->n_half,
                     "n_three_quarters", (int)res->n_three_quarters, "n_total", (int)res->n_total,
                     "source_cell", gg_cli_cell_json(res->source_cell), "source_corner",
                     (int)res->source_corner, "source",
                     point_json(res->source.x / (double)GG_COVER_SUBDIV,
                                res->source.y / (double)GG_COVER_SUBDIV, res->source.z_in),
                     "target_cell", gg_cli_cell_json(res->target_cell));
}

static json_t *op_cover(gg_cli_call *c)
{
    gg_body attacker, target;
    gg_body *creatures = NULL;
    gg_cover_box *boxes = NULL;
    int32_t n_creatures = 0, n_boxes = 0;
    int32_t *floor_in = NULL, *ceiling_in = NULL;
    size_t n_floor = 0, n_ceiling = 0;
    gg_cover_line *lines = NULL;
    int32_t cap = 0, n_lines = 0;
    json_t *r = NULL;
    if (!body_field(c, "attacker", &attacker) || !body_field(c, "target", &target) ||
        !gg_cli_bodies(c, "creatures", &creatures, &n_creatures) ||
        !parse_boxes(c, &boxes, &n_boxes) || !parse_heights(c, "floor_in", &floor_in, &n_floor) ||
        !parse_heights(c, "ceiling_in", &ceiling_in, &n_ceiling))
        goto done;
    gg_cover_def def = gg_cover_def_default();
    def.mode = (gg_cover_mode)gg_cli_name(c, "mode", (int)def.mode);
    def.choice = (gg_cover_choice)gg_cli_name(c, "choice", (int)def.choice);
    def.kind = (gg_attack_kind)gg_cli_name(c, "kind", (int)def.kind);
    def.creature_cap = (gg_cover)gg_cli_name(c, "creature_cap", (int)def.creature_cap);
    def.pinch_pass = gg_cli_bool(c, "pinch_pass", def.pinch_pass);
    def.exact_corners = gg_cli_bool(c, "exact_corners", def.exact_corners);
    def.best_cell = gg_cli_bool(c, "best_cell", def.best_cell);
    def.low_obstacle_rule = gg_cli_bool(c, "low_obstacle_rule", def.low_obstacle_rule);
    def.adjust_on_downward = gg_cli_bool(c, "adjust_on_downward", def.adjust_on_downward);
    def.boost_pct = gg_cli_int(c, "boost_pct", def.boost_pct);
    def.melee_top_pct = gg_cli_int(c, "melee_top_pct", def.melee_top_pct);
    def.melee_bottom_pct = gg_cli_int(c, "melee_bottom_pct", def.melee_bottom_pct);
    def.layer_in = gg_cli_int(c, "layer_in", def.layer_in);
    def.boxes = boxes;
    def.box_count = n_boxes;
    def.floor_in = floor_in;
    def.ceiling_in = ceiling_in;
    gg_cover_point origin;
    json_t *o = json_object_get(c->q, "origin");
    if (o != NULL) {
        /* x, y in cells (multiples of 1/16), z in inches. */
        double x = json_number_value(json_array_get(o, 0)) * GG_COVER_SUBDIV;
        double y = json_number_value(json_array_get(o, 1)) * GG_COVER_SUBDIV;
        double z = json_array_size(o) == 3 ? json_number_value(json_array_get(o, 2)) : 0.0;
        if (x != floor(x) || y != floor(y) || z != floor(z) || fabs(x) > 1e9 || fabs(y) > 1e9 ||
            fabs(z) > 1e9) {
            gg_cli_fail(c, "cover: \"origin\" is [x, y(, z_in)] with x, y multiples of 1/16 cell "
                           "and z whole inches");
            goto done;
        }
        origin.x = (int32_t)x;
        origin.y = (int32_t)y;
        origin.z_in = (int32_t)z;
        def.origin = &origin;
    }
    bool want_lines = gg_cli_bool(c, "lines", true);
    gg_cover_result res;
    gg_status st = gg_scene_cover(c->ctx->scene, &attacker, &target, creatures, n_creatures, &def,
                                  &res, NULL, 0, &n_lines);
    if (st == GG_OK && want_lines && n_lines > 0) {
        cap = n_lines;
        if ((lines = gg_cli_alloc(c, (size_t)cap, sizeof *lines)) == NULL)
            goto done;
        st = gg_scene_cover(c->ctx->scene, &attacker, &target, creatures, n_creatures, &def, &res,
                            lines, cap, &n_lines);
    }
    if (st != GG_OK) {
        gg_cli_status_fail(c, "gg_scene_cover", st);
        goto done;
    }
    r = result_json(&res);
    if (r != NULL && want_lines) {
        json_t *arr = json_array();
        for (int32_t i = 0; arr != NULL && i < n_lines && i < cap; i++)
            json_array_append_new(arr, line_json(&lines[i]));
        json_object_set_new(r, "witness", arr);
    }
    if (r != NULL && gg_cli_has(c, "edition")) {
        gg_cover_score_def sd = gg_cover_score_def_default();
        sd.edition = (gg_cover_edition)gg_cli_name(c, "edition", 0);
        sd.ignore_up_to = (gg_cover)gg_cli_name(c, "ignore_up_to", 0);
        gg_cover_score score;
        st = gg_rules_cover_score(&res, &sd, &score);
        if (st != GG_OK) {
            json_decref(r);
            r = gg_cli_status_fail(c, "gg_rules_cover_score", st);
            goto done;
        }
        json_object_set_new(r, "score",
                            json_pack("{s:s,s:i,s:b,s:b}", "degree",
                                      gg_cli_enum_name(gg_cli_cover_names, (int)score.degree),
                                      "ac_bonus", (int)score.ac_bonus, "total", score.total, "soft",
                                      score.soft));
    }
done:
    gg_cli_free(c, lines, (size_t)cap, sizeof *lines);
    gg_cli_free(c, ceiling_in, n_ceiling, sizeof *ceiling_in);
    gg_cli_free(c, floor_in, n_floor, sizeof *floor_in);
    gg_cli_free(c, boxes, (size_t)n_boxes, sizeof *boxes);
    gg_cli_free(c, creatures, (size_t)n_creatures, sizeof *creatures);
    return r;
}

static const gg_cli_field k_wall_cover[] = {
    {"a", GG_CLI_CELL, true, NULL},
    {"b", GG_CLI_CELL, true, NULL},
    {NULL, GG_CLI_INT, false, NULL},
};

static json_t *op_wall_cover_between(gg_cli_call *c)
{
    gg_cover cover = GG_COVER_NONE;
    gg_status st = gg_scene_wall_cover_between(c->ctx->scene, gg_cli_cell(c, "a"),
                                               gg_cli_cell(c, "b"), &cover);
    return st == GG_OK ? json_string(gg_rules_cover_name(cover))
                       : gg_cli_status_fail(c, "gg_scene_wall_cover_between", st);
}

const gg_cli_op gg_cli_ops_cover[] = {
    {"cover", GG_CLI_NEEDS_SCENE, k_cover, NULL, op_cover,
     "gg_scene_cover (every mode, witness lines), gg_rules_cover_score"},
    {"wall_cover_between", GG_CLI_NEEDS_SCENE, k_wall_cover, NULL, op_wall_cover_between,
     "gg_scene_wall_cover_between"},
    {NULL, 0, NULL, NULL, NULL, NULL},
};
