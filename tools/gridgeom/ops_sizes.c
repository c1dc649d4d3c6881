/* ops_sizes.c - `gridgeom query` ops of the rules for creatures of every size at any elevation
 * (docs/rules.md): distance between spaces, attack checks, opportunity attacks from a creature's
 * space, flanking, sight with the senses, attack sight with fear, the movement def of a roster,
 * where a creature fits or squeezes, routes that may squeeze, push and flee. Each takes the creatures as a list of objects
 * (docs/cli.md "Creatures": every size, base_in and height_in as elevation) and a gg_rules_def as
 * a preset name with overrides (the "rules options", gg_cli_rules_fields). Layer: tools. */
#include "grow.h"
#include "ops.h"

#include <gridgeom/core.h>

/* The creature array and the def every op of this family reads; the library checks the
 * indices (GG_E_INVALID_ARG), so a bad one is answered with the call's status. */
typedef struct sized {
    gg_creature *cr;
    int32_t n;
    gg_rules_def def;
} sized;

static bool sized_open(gg_cli_call *c, sized *s)
{
    s->def = gg_cli_rules_def(c);
    return gg_cli_creatures(c, "creatures", &s->cr, &s->n);
}

static void sized_close(gg_cli_call *c, sized *s)
{
    gg_cli_free(c, s->cr, (size_t)s->n, sizeof *s->cr);
    s->cr = NULL;
    s->n = 0;
}

/* A creature index, or null for GG_NO_CREATURE. */
static json_t *creature_json(int32_t i) { return i < 0 ? json_null() : json_integer(i); }

static const gg_cli_field k_distance[] = {
    {"creatures", GG_CLI_OBJECTS, true, NULL},
    {"a", GG_CLI_INT, true, NULL},
    {"b", GG_CLI_INT, true, NULL},
    {NULL, GG_CLI_INT, false, NULL},
};

static json_t *op_rules_distance(gg_cli_call *c)
{
    sized s;
    if (!sized_open(c, &s))
        return NULL;
    int32_t ft = 0;
    gg_status st = gg_rules_distance(c->ctx->scene, s.cr, s.n, gg_cli_int(c, "a", 0),
                                     gg_cli_int(c, "b", 0), &s.def, &ft);
    sized_close(c, &s);
    return st == GG_OK ? json_integer(ft) : gg_cli_status_fail(c, "gg_rules_distance", st);
}

static const gg_cli_field k_check_attack[] = {
    {"creatures", GG_CLI_OBJECTS, true, NULL}, {"attacker", GG_CLI_INT, true, NULL},
    {"target", GG_CLI_INT, true, NULL},        {"range_ft", GG_CLI_INT, true, NULL},
    {NULL, GG_CLI_INT, false, NULL},
};

static json_t *op_check_attack(gg_cli_call *c)
{
    sized s;
    if (!sized_open(c, &s))
        return NULL;
    gg_attack_check out;
    gg_status st = gg_rules_check_attack(c->ctx->scene, s.cr, s.n, gg_cli_int(c, "attacker", 0),
                                         gg_cli_int(c, "target", 0), gg_cli_int(c, "range_ft", 0),
                                         &s.def, &out);
    sized_close(c, &s);
    if (st != GG_OK)
        return gg_cli_status_fail(c, "gg_rules_check_attack", st);
    return json_pack("{s:s,s:s,s:o,s:o,s:i}", "check", gg_rules_target_check_name(out.check),
                     "cover", gg_rules_cover_name(out.cover), "from", gg_cli_cell_json(out.from),
                     "to", gg_cli_cell_json(out.to), "distance_ft", (int)out.distance_ft);
}

static const gg_cli_field k_oa[] = {
    {"creatures", GG_CLI_OBJECTS, true, NULL},
    {"mover", GG_CLI_INT, true, NULL},
    {"route", GG_CLI_CELLS, true, NULL},
    {NULL, GG_CLI_INT, false, NULL},
};

static json_t *op_opportunity_attacks(gg_cli_call *c)
{
    sized s;
    gg_cell *route = NULL;
    int32_t nr = 0, count = 0;
    json_t *r = NULL;
    gg_cli_grow g;
    gg_cli_grow_init(&g, c, 0, sizeof(gg_oa_event), 0);
    if (!sized_open(c, &s) || !gg_cli_cells(c, "route", &route, &nr))
        goto done;
    /* A reactor spends its reaction on its attack, so one event per creature is the usual
     * need; the call says how many it needs otherwise. */
    g.cap = s.n > 0 ? s.n : 1;
    gg_status st = GG_E_NO_MEMORY;
    while (gg_cli_grow_next(&g, st, count))
        st = gg_rules_opportunity_attacks(c->ctx->scene, s.cr, s.n, gg_cli_int(c, "mover", 0),
                                          route, nr, &s.def, g.buf[0], g.cap, &count);
    if (g.failed)
        goto done;
    if (st != GG_OK) {
        gg_cli_status_fail(c, "gg_rules_opportunity_attacks", st);
        goto done;
    }
    const gg_oa_event *ev = g.buf[0];
    r = json_array();
    for (int32_t i = 0; r != NULL && i < count; i++)
        json_array_append_new(r, json_pack("{s:i,s:i,s:o}", "step", (int)ev[i].step, "reactor",
                                           (int)ev[i].reactor, "at",
                                           gg_cli_cell_json(route[ev[i].step])));
done:
    gg_cli_grow_free(&g);
    gg_cli_free(c, route, (size_t)nr, sizeof *route);
    sized_close(c, &s);
    return r;
}

static const gg_cli_field k_attack[] = {
    {"creatures", GG_CLI_OBJECTS, true, NULL},
    {"attacker", GG_CLI_INT, true, NULL},
    {"target", GG_CLI_INT, true, NULL},
    {NULL, GG_CLI_INT, false, NULL},
};

static json_t *op_flanking(gg_cli_call *c)
{
    sized s;
    if (!sized_open(c, &s))
        return NULL;
    gg_flank out;
    gg_status st = gg_rules_flanking(c->ctx->scene, s.cr, s.n, gg_cli_int(c, "attacker", 0),
                                     gg_cli_int(c, "target", 0), &s.def, &out);
    sized_close(c, &s);
    if (st != GG_OK)
        return gg_cli_status_fail(c, "gg_rules_flanking", st);
    return json_pack("{s:b,s:o,s:b}", "flanked", out.flanked, "ally", creature_json(out.ally),
                     "adjacent", out.adjacent);
}

static json_t *op_attack_sight_def(gg_cli_call *c)
{
    sized s;
    if (!sized_open(c, &s))
        return NULL;
    gg_attack_sight out;
    gg_status st = gg_rules_attack_sight_def(c->ctx->scene, s.cr, s.n, gg_cli_int(c, "attacker", 0),
                                             gg_cli_int(c, "target", 0), &s.def, &out);
    sized_close(c, &s);
    if (st != GG_OK)
        return gg_cli_status_fail(c, "gg_rules_attack_sight_def", st);
    return gg_cli_attack_sight_json(&out);
}

static const gg_cli_field k_sees[] = {
    {"creatures", GG_CLI_OBJECTS, true, NULL},
    {"viewer", GG_CLI_INT, true, NULL},
    {"target", GG_CLI_INT, true, NULL},
    {NULL, GG_CLI_INT, false, NULL},
};

static json_t *op_sees(gg_cli_call *c)
{
    sized s;
    if (!sized_open(c, &s))
        return NULL;
    bool seen = false;
    gg_status st = gg_rules_sees(c->ctx->scene, s.cr, s.n, gg_cli_int(c, "viewer", 0),
                                 gg_cli_int(c, "target", 0), &s.def, &seen);
    sized_close(c, &s);
    return st == GG_OK ? json_boolean(seen) : gg_cli_status_fail(c, "gg_rules_sees", st);
}

static const gg_cli_field k_move_def[] = {
    {"creatures", GG_CLI_OBJECTS, true, NULL},
    {"mover", GG_CLI_INT, true, NULL},
    {"to", GG_CLI_CELL, false, NULL},
    {NULL, GG_CLI_INT, false, NULL},
};

/* The lowest-cost path of the mover to `to` under the movement def (the def's point: the
 * topology queries then follow the rules' passing rules). */
static json_t *path_under(gg_cli_call *c, const gg_creature *mover, const gg_move_def *def)
{
    gg_scratch *scratch = gg_cli_scratch(c);
    if (scratch == NULL)
        return NULL;
    int32_t count = 0;
    gg_metric_cost cost = {0, 0, 0, 0};
    gg_cli_grow g;
    gg_cli_grow_init(&g, c, 256, sizeof(gg_cell), 0);
    gg_status st = GG_E_NO_MEMORY;
    while (gg_cli_grow_next(&g, st, count))
        st = gg_scene_lowest_cost_path(c->ctx->scene, scratch, mover->body.cell,
                                       gg_cli_cell(c, "to"), 0, def, g.buf[0], g.cap, &count,
                                       &cost);
    json_t *r = NULL;
    if (g.failed) {
        r = NULL;
    } else if (st != GG_OK) {
        gg_cli_status_fail(c, "gg_scene_lowest_cost_path", st);
    } else if ((r = gg_cli_cost_json(cost)) != NULL) {
        json_object_set_new(r, "found", json_boolean(count > 0));
        json_object_set_new(r, "path", gg_cli_cells_json(g.buf[0], count));
    }
    gg_cli_grow_free(&g);
    return r;
}

static json_t *op_move_def(gg_cli_call *c)
{
    sized s;
    if (!sized_open(c, &s))
        return NULL;
    int32_t mover = gg_cli_int(c, "mover", 0), cap = s.n > 0 ? s.n : 1, count = 0;
    gg_body *others = gg_cli_alloc(c, (size_t)cap, sizeof *others);
    json_t *r = NULL;
    if (others == NULL)
        goto done;
    gg_move_def md;
    gg_status st = gg_rules_move_def(c->ctx->scene, s.cr, s.n, mover, &s.def, others, cap, &md,
                                     &count);
    if (st != GG_OK) {
        gg_cli_status_fail(c, "gg_rules_move_def", st);
        goto done;
    }
    json_t *cells = json_array();
    for (int32_t i = 0; cells != NULL && i < md.other_count; i++)
        json_array_append_new(cells, gg_cli_cell_json(md.others[i].cell));
    r = json_pack("{s:s,s:s,s:i,s:b,s:b,s:o}", "metric",
                  gg_cli_enum_name(gg_cli_metric_names, (int)md.metric), "size",
                  gg_cli_enum_name(gg_cli_size_names, (int)md.size), "side", (int)md.side,
                  "pass_size_apart", md.pass_size_apart, "occupied_difficult",
                  md.occupied_difficult, "others", cells);
    if (r != NULL && gg_cli_has(c, "to")) {
        json_t *path = path_under(c, &s.cr[mover], &md);
        if (path == NULL) {
            json_decref(r);
            r = NULL;
        } else {
            json_object_set_new(r, "path", path);
        }
    }
done:
    gg_cli_free(c, others, (size_t)cap, sizeof *others);
    sized_close(c, &s);
    return r;
}

static const gg_cli_field k_space[] = {
    {"creatures", GG_CLI_OBJECTS, true, NULL},
    {"mover", GG_CLI_INT, true, NULL},
    {"anchor", GG_CLI_CELL, true, NULL},
    {NULL, GG_CLI_INT, false, NULL},
};

static json_t *op_space(gg_cli_call *c)
{
    sized s;
    if (!sized_open(c, &s))
        return NULL;
    gg_space out;
    gg_status st = gg_rules_space(c->ctx->scene, s.cr, s.n, gg_cli_int(c, "mover", 0),
                                  gg_cli_cell(c, "anchor"), &s.def, &out);
    sized_close(c, &s);
    if (st != GG_OK)
        return gg_cli_status_fail(c, "gg_rules_space", st);
    return json_pack("{s:b,s:b,s:o,s:b}", "fits", out.fits, "squeezing", out.squeezing, "occupant",
                     creature_json(out.occupant), "can_end", out.can_end);
}

static const gg_cli_field k_route[] = {
    {"creatures", GG_CLI_OBJECTS, true, NULL},
    {"mover", GG_CLI_INT, true, NULL},
    {"destination", GG_CLI_CELL, true, NULL},
    {NULL, GG_CLI_INT, false, NULL},
};

static json_t *op_route(gg_cli_call *c)
{
    sized s;
    gg_scratch *scratch = gg_cli_scratch(c);
    if (scratch == NULL || !sized_open(c, &s))
        return NULL;
    int32_t count = 0;
    gg_metric_cost cost = {0, 0, 0, 0};
    gg_cli_grow g;
    gg_cli_grow_init(&g, c, 256, sizeof(gg_cell), sizeof(bool));
    gg_status st = GG_E_NO_MEMORY;
    json_t *r = NULL;
    while (gg_cli_grow_next(&g, st, count))
        st = gg_rules_route(c->ctx->scene, scratch, s.cr, s.n, gg_cli_int(c, "mover", 0),
                            gg_cli_cell(c, "destination"), &s.def, g.buf[0], g.buf[1], g.cap,
                            &count, &cost);
    if (!g.failed)
        r = st == GG_OK ? gg_cli_route_json(g.buf[0], g.buf[1], count, cost)
                        : gg_cli_status_fail(c, "gg_rules_route", st);
    gg_cli_grow_free(&g);
    sized_close(c, &s);
    return r;
}

static const gg_cli_field k_push_def[] = {
    {"creatures", GG_CLI_OBJECTS, true, NULL}, {"pusher", GG_CLI_INT, true, NULL},
    {"target", GG_CLI_INT, true, NULL},        {"distance_ft", GG_CLI_INT, true, NULL},
    {NULL, GG_CLI_INT, false, NULL},
};

static json_t *op_push_def(gg_cli_call *c)
{
    sized s;
    if (!sized_open(c, &s))
        return NULL;
    /* One anchor per step: distance_ft / cell size, bounded by the map's longer side. */
    int32_t w = gg_scene_width(c->ctx->scene), h = gg_scene_height(c->ctx->scene);
    int32_t cap = (w > h ? w : h) + 1, count = 0;
    gg_cell *out = gg_cli_alloc(c, (size_t)cap, sizeof *out);
    json_t *r = NULL;
    if (out != NULL) {
        gg_status st = gg_rules_push_def(c->ctx->scene, s.cr, s.n, gg_cli_int(c, "pusher", 0),
                                         gg_cli_int(c, "target", 0),
                                         gg_cli_int(c, "distance_ft", 0), &s.def, out, cap, &count);
        r = st == GG_OK ? gg_cli_cells_json(out, count)
                        : gg_cli_status_fail(c, "gg_rules_push_def", st);
    }
    gg_cli_free(c, out, (size_t)cap, sizeof *out);
    sized_close(c, &s);
    return r;
}

static const gg_cli_field k_flee_def[] = {
    {"creatures", GG_CLI_OBJECTS, true, NULL},
    {"mover", GG_CLI_INT, true, NULL},
    {"budget_ft", GG_CLI_INT, true, NULL},
    {NULL, GG_CLI_INT, false, NULL},
};

static json_t *op_flee_route_def(gg_cli_call *c)
{
    sized s;
    gg_scratch *scratch = gg_cli_scratch(c);
    if (scratch == NULL || !sized_open(c, &s))
        return NULL;
    int32_t budget = gg_cli_int(c, "budget_ft", 0), work_cap = 0, cap = 0, count = 0;
    gg_move_reach *work = NULL;
    gg_cell *out = NULL;
    json_t *r = NULL;
    gg_status st = gg_rules_flee_work_capacity(c->ctx->scene, budget, &work_cap);
    if (st != GG_OK) {
        gg_cli_status_fail(c, "gg_rules_flee_work_capacity", st);
        goto done;
    }
    cap = budget / gg_scene_cell_size_ft(c->ctx->scene) + 1;
    if ((work = gg_cli_alloc(c, (size_t)work_cap, sizeof *work)) == NULL ||
        (out = gg_cli_alloc(c, (size_t)cap, sizeof *out)) == NULL)
        goto done;
    st = gg_rules_flee_route_def(c->ctx->scene, scratch, s.cr, s.n, gg_cli_int(c, "mover", 0),
                                 budget, &s.def, work, work_cap, out, cap, &count);
    r = st == GG_OK ? gg_cli_cells_json(out, count)
                    : gg_cli_status_fail(c, "gg_rules_flee_route_def", st);
done:
    gg_cli_free(c, out, (size_t)cap, sizeof *out);
    gg_cli_free(c, work, (size_t)work_cap, sizeof *work);
    sized_close(c, &s);
    return r;
}

const gg_cli_op gg_cli_ops_sizes[] = {
    {"rules_distance", GG_CLI_NEEDS_SCENE, k_distance, gg_cli_rules_fields, op_rules_distance,
     "gg_rules_distance"},
    {"check_attack", GG_CLI_NEEDS_SCENE, k_check_attack, gg_cli_rules_fields, op_check_attack,
     "gg_rules_check_attack"},
    {"opportunity_attacks", GG_CLI_NEEDS_SCENE, k_oa, gg_cli_rules_fields, op_opportunity_attacks,
     "gg_rules_opportunity_attacks"},
    {"flanking", GG_CLI_NEEDS_SCENE, k_attack, gg_cli_rules_fields, op_flanking,
     "gg_rules_flanking"},
    {"sees", GG_CLI_NEEDS_SCENE, k_sees, gg_cli_rules_fields, op_sees, "gg_rules_sees"},
    {"attack_sight_def", GG_CLI_NEEDS_SCENE, k_attack, gg_cli_rules_fields, op_attack_sight_def,
     "gg_rules_attack_sight_def"},
    {"move_def", GG_CLI_NEEDS_SCENE, k_move_def, gg_cli_rules_fields, op_move_def,
     "gg_rules_move_def, gg_scene_lowest_cost_path"},
    {"space", GG_CLI_NEEDS_SCENE, k_space, gg_cli_rules_fields, op_space, "gg_rules_space"},
    {"route", GG_CLI_NEEDS_SCENE, k_route, gg_cli_rules_fields, op_route, "gg_rules_route"},
    {"push_def", GG_CLI_NEEDS_SCENE, k_push_def, gg_cli_rules_fields, op_push_def,
     "gg_rules_push_def"},
    {"flee_route_def", GG_CLI_NEEDS_SCENE, k_flee_def, gg_cli_rules_fields, op_flee_route_def,
     "gg_rules_flee_route_def"},
    {NULL, 0, NULL, NULL, NULL, NULL},
};
