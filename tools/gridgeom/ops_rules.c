/* ops_rules.c - `gridgeom query` ops of the rules layer (docs/rules.md): targeting, target cover,
 * sight between creatures with the attack's advantage sources, move plans with the failure
 * reason, opportunity-attack schedules, push, area targets, aiming, fleeing and cover bonuses.
 * Creatures are given as a list of objects (docs/cli.md "Creatures") and named by index.
 * Layer: tools. */
#include "grow.h"
#include "ops.h"

#include <gridgeom/core.h>

/* Index fields name a creature of "creatures"; the library checks the range. */
static const gg_cli_field k_check_target[] = {
    {"from", GG_CLI_CELL, true, NULL},
    {"to", GG_CLI_CELL, true, NULL},
    {"range_ft", GG_CLI_INT, true, NULL},
    {NULL, GG_CLI_INT, false, NULL},
};

static json_t *op_check_target(gg_cli_call *c)
{
    gg_target_check check = GG_TARGET_OK;
    gg_status st = gg_rules_check_target(c->ctx->scene, gg_cli_cell(c, "from"),
                                         gg_cli_cell(c, "to"), gg_cli_int(c, "range_ft", 0),
                                         &check);
    if (st != GG_OK)
        return gg_cli_status_fail(c, "gg_rules_check_target", st);
    return json_string(gg_rules_target_check_name(check));
}

static const gg_cli_field k_target_cover[] = {
    {"creatures", GG_CLI_OBJECTS, true, NULL}, {"caster", GG_CLI_INT, true, NULL},
    {"target", GG_CLI_INT, true, NULL},        {"area_origin", GG_CLI_CELL, false, NULL},
    {NULL, GG_CLI_INT, false, NULL},
};

static json_t *op_target_cover(gg_cli_call *c)
{
    gg_creature *cr = NULL;
    int32_t n = 0;
    if (!gg_cli_creatures(c, "creatures", &cr, &n))
        return NULL;
    gg_cell origin = gg_cli_cell(c, "area_origin");
    gg_cover cover = GG_COVER_NONE;
    gg_status st = gg_rules_target_cover(c->ctx->scene, cr, n, gg_cli_int(c, "caster", 0),
                                         gg_cli_int(c, "target", 0),
                                         gg_cli_has(c, "area_origin") ? &origin : NULL, &cover);
    gg_cli_free(c, cr, (size_t)n, sizeof *cr);
    if (st != GG_OK)
        return gg_cli_status_fail(c, "gg_rules_target_cover", st);
    return json_string(gg_rules_cover_name(cover));
}

static const gg_cli_field k_pair[] = {
    {"creatures", GG_CLI_OBJECTS, true, NULL},
    {"viewer", GG_CLI_INT, true, NULL},
    {"target", GG_CLI_INT, true, NULL},
    {NULL, GG_CLI_INT, false, NULL},
};

/* Both indices inside the array (the rules calls that take two creature pointers do not). */
static bool two_creatures(gg_cli_call *c, const char *ka, const char *kb, gg_creature **cr,
                          int32_t *n, int32_t *a, int32_t *b)
{
    if (!gg_cli_creatures(c, "creatures", cr, n))
        return false;
    *a = gg_cli_int(c, ka, -1);
    *b = gg_cli_int(c, kb, -1);
    if (*a < 0 || *a >= *n || *b < 0 || *b >= *n) {
        gg_cli_fail(c, "\"%s\" and \"%s\" must index \"creatures\" (0..%d)", ka, kb, (int)*n - 1);
        gg_cli_free(c, *cr, (size_t)*n, sizeof **cr);
        return false;
    }
    return true;
}

static json_t *op_rules_can_see(gg_cli_call *c)
{
    gg_creature *cr;
    int32_t n, a, b;
    if (!two_creatures(c, "viewer", "target", &cr, &n, &a, &b))
        return NULL;
    bool seen = false;
    gg_status st = gg_rules_can_see(c->ctx->scene, &cr[a], &cr[b], &seen);
    gg_cli_free(c, cr, (size_t)n, sizeof *cr);
    return st == GG_OK ? json_boolean(seen) : gg_cli_status_fail(c, "gg_rules_can_see", st);
}

static const gg_cli_field k_attack[] = {
    {"creatures", GG_CLI_OBJECTS, true, NULL},
    {"attacker", GG_CLI_INT, true, NULL},
    {"target", GG_CLI_INT, true, NULL},
    {NULL, GG_CLI_INT, false, NULL},
};

static json_t *sources_json(uint32_t bits)
{
    static const char *const names[] = {"unseen_attacker",    "unseen_target",
                                        "invisible_attacker", "invisible_target",
                                        "blinded_attacker",   "blinded_target",
                                        "frightened_attacker"};
    json_t *a = json_array();
    for (int i = 0; a != NULL && i < 7; i++)
        if (bits & (1u << i))
            json_array_append_new(a, json_string(names[i]));
    return a;
}

json_t *gg_cli_attack_sight_json(const gg_attack_sight *s)
{
    static const char *const modes[] = {"normal", "advantage", "disadvantage", NULL};
    return json_pack("{s:b,s:b,s:o,s:o,s:s}", "attacker_sees_target", s->attacker_sees_target,
                     "target_sees_attacker", s->target_sees_attacker, "advantage",
                     sources_json(s->advantage), "disadvantage", sources_json(s->disadvantage),
                     "mode", gg_cli_enum_name(modes, (int)s->mode));
}

static json_t *op_attack_sight(gg_cli_call *c)
{
    gg_creature *cr;
    int32_t n, a, b;
    if (!two_creatures(c, "attacker", "target", &cr, &n, &a, &b))
        return NULL;
    gg_attack_sight s;
    gg_status st = gg_rules_attack_sight(c->ctx->scene, &cr[a], &cr[b], &s);
    gg_cli_free(c, cr, (size_t)n, sizeof *cr);
    if (st != GG_OK)
        return gg_cli_status_fail(c, "gg_rules_attack_sight", st);
    return gg_cli_attack_sight_json(&s);
}

static const gg_cli_field k_plan[] = {
    {"creatures", GG_CLI_OBJECTS, true, NULL},
    {"mover", GG_CLI_INT, true, NULL},
    {"destination", GG_CLI_CELL, true, NULL},
    {NULL, GG_CLI_INT, false, NULL},
};

static json_t *op_plan_move(gg_cli_call *c)
{
    gg_scratch *scratch = gg_cli_scratch(c);
    gg_creature *cr = NULL;
    int32_t n = 0;
    if (scratch == NULL || !gg_cli_creatures(c, "creatures", &cr, &n))
        return NULL;
    int32_t w = gg_scene_width(c->ctx->scene), h = gg_scene_height(c->ctx->scene);
    int32_t count = 0, cost = 0;
    gg_move_result res = GG_MOVE_UNREACHABLE;
    gg_cli_grow g;
    gg_cli_grow_init(&g, c, 64, sizeof(gg_cell), 0);
    gg_status st = GG_E_NO_MEMORY;
    while (gg_cli_grow_next(&g, st, count > 0 ? count : w * h))
        st = gg_rules_plan_move(c->ctx->scene, scratch, cr, n, gg_cli_int(c, "mover", 0),
                                gg_cli_cell(c, "destination"), g.buf[0], g.cap, &count, &cost,
                                &res);
    json_t *r = NULL;
    if (!g.failed) {
        if (st != GG_OK)
            r = gg_cli_status_fail(c, "gg_rules_plan_move", st);
        else
            r = json_pack("{s:s,s:o,s:i}", "result", gg_rules_move_result_name(res), "path",
                          gg_cli_cells_json(g.buf[0], count), "cost_ft", (int)cost);
    }
    gg_cli_grow_free(&g);
    gg_cli_free(c, cr, (size_t)n, sizeof *cr);
    return r;
}

static const gg_cli_field k_oa[] = {
    {"creatures", GG_CLI_OBJECTS, true, NULL},
    {"mover", GG_CLI_INT, true, NULL},
    {"route", GG_CLI_CELLS, true, NULL},
    {NULL, GG_CLI_INT, false, NULL},
};

static json_t *op_opportunity_schedule(gg_cli_call *c)
{
    gg_creature *cr = NULL;
    gg_cell *route = NULL;
    gg_oa_event *ev = NULL;
    int32_t n = 0, nr = 0, count = 0;
    json_t *r = NULL;
    if (!gg_cli_creatures(c, "creatures", &cr, &n) || !gg_cli_cells(c, "route", &route, &nr))
        goto done;
    int32_t cap = n > 0 ? n : 1;
    if ((ev = gg_cli_alloc(c, (size_t)cap, sizeof *ev)) == NULL)
        goto done;
    gg_status st = gg_rules_opportunity_schedule(c->ctx->scene, cr, n, gg_cli_int(c, "mover", 0),
                                                 route, nr, ev, cap, &count);
    if (st != GG_OK) {
        gg_cli_status_fail(c, "gg_rules_opportunity_schedule", st);
        goto done;
    }
    r = json_array();
    for (int32_t i = 0; r != NULL && i < count; i++)
        json_array_append_new(r, json_pack("{s:i,s:i,s:o}", "step", (int)ev[i].step, "reactor",
                                           (int)ev[i].reactor, "at",
                                           gg_cli_cell_json(route[ev[i].step])));
done:
    gg_cli_free(c, ev, (size_t)(n > 0 ? n : 1), sizeof *ev);
    gg_cli_free(c, route, (size_t)nr, sizeof *route);
    gg_cli_free(c, cr, (size_t)n, sizeof *cr);
    return r;
}

static const gg_cli_field k_push[] = {
    {"creatures", GG_CLI_OBJECTS, true, NULL}, {"pusher", GG_CLI_INT, true, NULL},
    {"target", GG_CLI_INT, true, NULL},        {"distance_ft", GG_CLI_INT, true, NULL},
    {NULL, GG_CLI_INT, false, NULL},
};

static json_t *op_push(gg_cli_call *c)
{
    gg_creature *cr = NULL;
    int32_t n = 0;
    if (!gg_cli_creatures(c, "creatures", &cr, &n))
        return NULL;
    int32_t w = gg_scene_width(c->ctx->scene), h = gg_scene_height(c->ctx->scene);
    int32_t cap = (w > h ? w : h) + 1, count = 0;
    gg_cell *out = gg_cli_alloc(c, (size_t)cap, sizeof *out);
    json_t *r = NULL;
    if (out != NULL) {
        gg_status st = gg_rules_push(c->ctx->scene, cr, n, gg_cli_int(c, "pusher", 0),
                                     gg_cli_int(c, "target", 0), gg_cli_int(c, "distance_ft", 0),
                                     out, cap, &count);
        r = st == GG_OK ? gg_cli_cells_json(out, count)
                        : gg_cli_status_fail(c, "gg_rules_push", st);
    }
    gg_cli_free(c, out, (size_t)cap, sizeof *out);
    gg_cli_free(c, cr, (size_t)n, sizeof *cr);
    return r;
}

static const gg_cli_field k_area[] = {
    {"creatures", GG_CLI_OBJECTS, true, NULL},        {"origin", GG_CLI_CELL, true, NULL},
    {"shape", GG_CLI_NAME, true, gg_cli_shape_names}, {"size_ft", GG_CLI_INT, true, NULL},
    {"direction", GG_CLI_INTS, false, NULL},          {NULL, GG_CLI_INT, false, NULL},
};

static bool direction(gg_cli_call *c, bool *has, gg_cell *dir)
{
    json_t *d = json_object_get(c->q, "direction");
    *has = d != NULL;
    *dir = gg_cell_make(0, 0);
    if (d == NULL)
        return true;
    if (json_array_size(d) != 2) {
        gg_cli_fail(c, "\"direction\" is [dcol, drow]");
        return false;
    }
    *dir = gg_cell_make((int32_t)json_integer_value(json_array_get(d, 0)),
                        (int32_t)json_integer_value(json_array_get(d, 1)));
    return true;
}

static json_t *op_area_targets(gg_cli_call *c)
{
    gg_area_def area = gg_area_def_default();
    area.tpl.shape = (gg_shape)(gg_cli_name(c, "shape", 0) + 1);
    area.tpl.size_ft = gg_cli_int(c, "size_ft", 0);
    area.origin = gg_cli_cell(c, "origin");
    if (!direction(c, &area.tpl.has_direction, &area.tpl.direction))
        return NULL;
    gg_creature *cr = NULL;
    int32_t n = 0, count = 0;
    if (!gg_cli_creatures(c, "creatures", &cr, &n))
        return NULL;
    int32_t cap = n > 0 ? n : 1;
    gg_area_target *out = gg_cli_alloc(c, (size_t)cap, sizeof *out);
    json_t *r = NULL;
    if (out != NULL) {
        gg_status st = gg_rules_area_targets(c->ctx->scene, cr, n, &area, out, cap, &count);
        if (st != GG_OK) {
            gg_cli_status_fail(c, "gg_rules_area_targets", st);
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

static const char *const k_affects_names[] = {"creatures", "enemies", "allies", NULL};

static const gg_cli_field k_aim[] = {
    {"creatures", GG_CLI_OBJECTS, true, NULL},
    {"actor", GG_CLI_INT, true, NULL},
    {"shape", GG_CLI_NAME, true, gg_cli_shape_names},
    {"size_ft", GG_CLI_INT, true, NULL},
    {"target_cells", GG_CLI_CELLS, false, NULL},
    {"affects", GG_CLI_NAME, false, k_affects_names},
    {"choice", GG_CLI_BOOL, false, NULL},
    {"max_targets", GG_CLI_INT, false, NULL},
    {"harmful", GG_CLI_BOOL, false, NULL},
    {NULL, GG_CLI_INT, false, NULL},
};

static json_t *op_best_aim(gg_cli_call *c)
{
    static const char *const roles[] = {"outside", "affected", "spared", NULL};
    gg_creature *cr = NULL;
    gg_cell *cells = NULL;
    gg_area_role *role = NULL;
    int32_t n = 0, nc = 0;
    json_t *r = NULL;
    if (!gg_cli_creatures(c, "creatures", &cr, &n) || !gg_cli_cells(c, "target_cells", &cells, &nc))
        goto done;
    if ((role = gg_cli_alloc(c, (size_t)n, sizeof *role)) == NULL)
        goto done;
    gg_aim_def def = gg_aim_def_default();
    def.shape = (gg_shape)(gg_cli_name(c, "shape", 0) + 1);
    def.size_ft = gg_cli_int(c, "size_ft", 0);
    def.actor = gg_cli_int(c, "actor", GG_NO_CREATURE);
    def.target_cells = cells;
    def.target_count = nc;
    def.affects = (gg_affects)gg_cli_name(c, "affects", 0);
    def.choice = gg_cli_bool(c, "choice", false);
    def.max_targets = gg_cli_int(c, "max_targets", 0);
    def.harmful = gg_cli_bool(c, "harmful", true);
    gg_aim aim;
    gg_status st = gg_rules_best_aim(c->ctx->scene, cr, n, &def, &aim, role);
    if (st != GG_OK) {
        gg_cli_status_fail(c, "gg_rules_best_aim", st);
        goto done;
    }
    json_t *roles_json = json_array();
    for (int32_t i = 0; roles_json != NULL && i < n; i++)
        json_array_append_new(roles_json, json_string(gg_cli_enum_name(roles, (int)role[i])));
    r = json_pack("{s:b,s:o,s:o,s:i,s:i,s:o}", "found", aim.found, "origin",
                  gg_cli_cell_json(aim.origin), "direction",
                  aim.has_direction
                      ? json_pack("[ii]", (int)aim.direction.col, (int)aim.direction.row)
                      : json_null(),
                  "enemies", (int)aim.enemies, "allies", (int)aim.allies, "roles", roles_json);
done:
    gg_cli_free(c, role, (size_t)n, sizeof *role);
    gg_cli_free(c, cells, (size_t)nc, sizeof *cells);
    gg_cli_free(c, cr, (size_t)n, sizeof *cr);
    return r;
}

static const gg_cli_field k_flee[] = {
    {"start", GG_CLI_CELL, true, NULL},      {"budget_ft", GG_CLI_INT, true, NULL},
    {"threats", GG_CLI_CELLS, true, NULL},   {"avoid", GG_CLI_CELLS, false, NULL},
    {"occupied", GG_CLI_CELLS, false, NULL}, {NULL, GG_CLI_INT, false, NULL},
};

static json_t *op_flee_route(gg_cli_call *c)
{
    gg_flee_def def = gg_flee_def_default();
    gg_cell *threats = NULL, *avoid = NULL, *occ = NULL, *out = NULL;
    gg_reach *work = NULL;
    int32_t work_cap = 0, cap = 0, count = 0;
    json_t *r = NULL;
    gg_scratch *scratch = gg_cli_scratch(c);
    if (scratch == NULL || !gg_cli_cells(c, "threats", &threats, &def.threat_count) ||
        !gg_cli_cells(c, "avoid", &avoid, &def.avoid_count) ||
        !gg_cli_cells(c, "occupied", &occ, &def.occupied_count))
        goto done;
    def.start = gg_cli_cell(c, "start");
    def.budget_ft = gg_cli_int(c, "budget_ft", 0);
    def.threats = threats;
    def.avoid = avoid;
    def.occupied = occ;
    gg_status st = gg_rules_flee_work_capacity(c->ctx->scene, def.budget_ft, &work_cap);
    if (st != GG_OK) {
        gg_cli_status_fail(c, "gg_rules_flee_work_capacity", st);
        goto done;
    }
    cap = def.budget_ft / gg_scene_cell_size_ft(c->ctx->scene) + 1;
    if ((work = gg_cli_alloc(c, (size_t)work_cap, sizeof *work)) == NULL ||
        (out = gg_cli_alloc(c, (size_t)cap, sizeof *out)) == NULL)
        goto done;
    st = gg_rules_flee_route(c->ctx->scene, scratch, &def, work, work_cap, out, cap, &count);
    if (st != GG_OK)
        gg_cli_status_fail(c, "gg_rules_flee_route", st);
    else
        r = gg_cli_cells_json(out, count);
done:
    gg_cli_free(c, out, (size_t)cap, sizeof *out);
    gg_cli_free(c, work, (size_t)work_cap, sizeof *work);
    gg_cli_free(c, occ, (size_t)def.occupied_count, sizeof *occ);
    gg_cli_free(c, avoid, (size_t)def.avoid_count, sizeof *avoid);
    gg_cli_free(c, threats, (size_t)def.threat_count, sizeof *threats);
    return r;
}

static const char *const k_roll_names[] = {"attack", "dex_save", "other_save", NULL};

static const gg_cli_field k_bonus[] = {
    {"cover", GG_CLI_NAME, true, gg_cli_cover_names},
    {"roll", GG_CLI_NAME, true, k_roll_names},
    {"ignore_for_save", GG_CLI_BOOL, false, NULL},
    {NULL, GG_CLI_INT, false, NULL},
};

static json_t *op_cover_bonus(gg_cli_call *c)
{
    gg_cover cover = (gg_cover)gg_cli_name(c, "cover", 0);
    int32_t bonus = 0;
    bool targetable = false;
    gg_status st = gg_rules_cover_bonus(cover, (gg_cover_roll)(gg_cli_name(c, "roll", 0) + 1),
                                        gg_cli_bool(c, "ignore_for_save", false)
                                            ? GG_COVER_IGNORE_FOR_SAVE
                                            : 0u,
                                        &bonus);
    if (st == GG_OK)
        st = gg_rules_cover_targetable(cover, &targetable);
    if (st != GG_OK)
        return gg_cli_status_fail(c, "gg_rules_cover_bonus", st);
    return json_pack("{s:i,s:b}", "bonus", (int)bonus, "targetable", targetable);
}

const gg_cli_op gg_cli_ops_rules[] = {
    {"check_target", GG_CLI_NEEDS_SCENE, k_check_target, NULL, op_check_target,
     "gg_rules_check_target"},
    {"target_cover", GG_CLI_NEEDS_SCENE, k_target_cover, NULL, op_target_cover,
     "gg_rules_target_cover"},
    {"rules_can_see", GG_CLI_NEEDS_SCENE, k_pair, NULL, op_rules_can_see, "gg_rules_can_see"},
    {"attack_sight", GG_CLI_NEEDS_SCENE, k_attack, NULL, op_attack_sight, "gg_rules_attack_sight"},
    {"plan_move", GG_CLI_NEEDS_SCENE, k_plan, NULL, op_plan_move, "gg_rules_plan_move"},
    {"opportunity_schedule", GG_CLI_NEEDS_SCENE, k_oa, NULL, op_opportunity_schedule,
     "gg_rules_opportunity_schedule"},
    {"push", GG_CLI_NEEDS_SCENE, k_push, NULL, op_push, "gg_rules_push"},
    {"area_targets", GG_CLI_NEEDS_SCENE, k_area, NULL, op_area_targets, "gg_rules_area_targets"},
    {"best_aim", GG_CLI_NEEDS_SCENE, k_aim, NULL, op_best_aim, "gg_rules_best_aim"},
    {"flee_route", GG_CLI_NEEDS_SCENE, k_flee, NULL, op_flee_route, "gg_rules_flee_route"},
    {"cover_bonus", 0, k_bonus, NULL, op_cover_bonus,
     "gg_rules_cover_bonus, gg_rules_cover_targetable"},
    {NULL, 0, NULL, NULL, NULL, NULL},
};
