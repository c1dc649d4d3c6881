/* conf_rules.c - checks the rules-layer ops of nat20_grid.jsonl through include/gridgeom/rules.h:
 * combatant_can_see, target_cover, plan_move, opportunity_schedule, flee_route, best_aim.
 *
 * Creatures are given by string id in the vectors; here they become a gg_creature array (the
 * index is the id's position). Sides "party" / "encounter" become 0 / 1. Departures (model
 * "libgridgeom departures"): (a) ids are parsed strictly; (c) a malformed id stands for an
 * off-map cell and GG_E_OUT_OF_BOUNDS for Nat20's empty answer; malformed entries of cell lists
 * are dropped. best_aim's Foundry template types map to SRD shapes (sphere/circle -> Sphere,
 * cylinder -> Cylinder, radius -> Emanation, cube/square -> Cube, cone, line); "wall" and other
 * types cannot be placed, which is Nat20's null answer without a library call. Anything not
 * understood (unknown op or field, wrong type) is CONF_FAIL. Test code, not library. */
#include "conf_rules.h"

#include <gridgeom/core.h>
#include <gridgeom/rules.h>

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#if defined(__GNUC__)
#define RULES_PRINTF(f, a) __attribute__((format(printf, f, a)))
#else
#define RULES_PRINTF(f, a)
#endif

typedef struct rctx {
    const gg_scene *scene;
    char *msg;
    size_t cap;
} rctx;

static void rmsg(rctx *c, const char *fmt, ...) RULES_PRINTF(2, 3);
static void rmsg(rctx *c, const char *fmt, ...)
{
    if (c->cap == 0 || c->msg[0] != '\0')
        return; /* keep the first, most specific message */
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(c->msg, c->cap, fmt, ap);
    va_end(ap);
}

/* ---- Small JSON helpers -------------------------------------------------------------------- */

static bool only_fields(rctx *c, json_t *obj, const char *what, const char *const *allowed)
{
    const char *key;
    json_t *val;
    json_object_foreach(obj, key, val)
    {
        bool ok = false;
        for (size_t i = 0; allowed[i] != NULL; i++)
            ok = ok || strcmp(allowed[i], key) == 0;
        if (!ok) {
            rmsg(c, "%s: unknown field \"%s\"", what, key);
            return false;
        }
    }
    return true;
}

static bool need(rctx *c, json_t *obj, const char *key, json_t **out)
{
    *out = json_object_get(obj, key);
    if (*out == NULL) {
        rmsg(c, "missing field \"%s\"", key);
        return false;
    }
    return true;
}

/* A cell id: malformed ids become the off-map sentinel (-1,-1) (departure (c)). */
static bool cell_of(rctx *c, json_t *v, gg_cell *out)
{
    if (!json_is_string(v)) {
        rmsg(c, "a cell id is not a string");
        return false;
    }
    if (gg_cell_parse(json_string_value(v), json_string_length(v), out, NULL) != GG_OK)
        *out = gg_cell_make(-1, -1);
    return true;
}

static json_t *cell_json(gg_cell cell)
{
    char buf[GG_CELL_ID_MAX];
    gg_cell_format(cell, buf, sizeof buf);
    return json_string(buf);
}

/* A list of cell ids; malformed entries dropped (departure (c)). *out is malloc'ed. */
static bool cell_list(rctx *c, json_t *v, gg_cell **out, int32_t *n)
{
    *out = NULL;
    *n = 0;
    if (v == NULL || json_is_null(v))
        return true;
    if (!json_is_array(v)) {
        rmsg(c, "a cell list is not a list");
        return false;
    }
    *out = malloc((json_array_size(v) + 1) * sizeof **out);
    if (*out == NULL)
        return false;
    size_t i;
    json_t *it;
    json_array_foreach(v, i, it)
    {
        gg_cell cell;
        if (!json_is_string(it)) {
            rmsg(c, "a cell list entry is not a string");
            return false;
        }
        if (gg_cell_parse(json_string_value(it), json_string_length(it), &cell, NULL) == GG_OK)
            (*out)[(*n)++] = cell;
    }
    return true;
}

static bool int_of(rctx *c, json_t *v, const char *what, int32_t *out)
{
    if (!json_is_integer(v) || json_integer_value(v) < INT32_MIN ||
        json_integer_value(v) > INT32_MAX) {
        rmsg(c, "\"%s\" is not a 32-bit integer", what);
        return false;
    }
    *out = (int32_t)json_integer_value(v);
    return true;
}

static bool bool_of(rctx *c, json_t *v, const char *what, bool *out)
{
    if (!json_is_boolean(v)) {
        rmsg(c, "\"%s\" is not a boolean", what);
        return false;
    }
    *out = json_is_true(v);
    return true;
}

static bool sense_of(rctx *c, json_t *senses, const char *key, int32_t *out)
{
    json_t *v = json_object_get(senses, key);
    *out = GG_SENSE_NONE;
    if (v == NULL || json_is_null(v))
        return true;
    return int_of(c, v, key, out);
}

static bool senses_of(rctx *c, json_t *v, gg_senses *out)
{
    static const char *const fields[] = {"darkvision", "blindsight", "tremorsense", "truesight",
                                         NULL};
    *out = gg_senses_none();
    if (v == NULL || json_is_null(v))
        return true;
    if (!json_is_object(v)) {
        rmsg(c, "\"senses\" is not an object");
        return false;
    }
    return only_fields(c, v, "senses", fields) &&
           sense_of(c, v, "darkvision", &out->darkvision_ft) &&
           sense_of(c, v, "blindsight", &out->blindsight_ft) &&
           sense_of(c, v, "tremorsense", &out->tremorsense_ft) &&
           sense_of(c, v, "truesight", &out->truesight_ft);
}

/* ---- Creature lists ------------------------------------------------------------------------ */

typedef struct roster {
    gg_creature *cr;
    const char **ids;
    int32_t n;
} roster;

static void roster_free(roster *r)
{
    free(r->cr);
    free((void *)r->ids);
    r->cr = NULL;
    r->ids = NULL;
    r->n = 0;
}

static int32_t roster_find(const roster *r, json_t *id)
{
    if (!json_is_string(id))
        return GG_NO_CREATURE;
    for (int32_t i = 0; i < r->n; i++) {
        if (strcmp(r->ids[i], json_string_value(id)) == 0)
            return i;
    }
    return GG_NO_CREATURE;
}

static bool side_of(rctx *c, json_t *v, int32_t *out)
{
    const char *s = json_string_value(v);
    if (s != NULL && strcmp(s, "party") == 0)
        *out = 0;
    else if (s != NULL && strcmp(s, "encounter") == 0)
        *out = 1;
    else {
        rmsg(c, "unknown side");
        return false;
    }
    return true;
}

/* Creature objects: {id, side, cell, is_alive?, speed?, movement_remaining?, frightened_by?,
 * reach_ft?, blinded?, invisible?, disengaging?}. Fields outside `allowed` fail. Unknown ids in
 * frightened_by name nobody (Nat20: the source must be known). */
static bool roster_of(rctx *c, json_t *list, const char *const *allowed, roster *r)
{
    r->cr = NULL;
    r->ids = NULL;
    r->n = 0;
    if (!json_is_array(list)) {
        rmsg(c, "\"creatures\" is not a list");
        return false;
    }
    size_t n = json_array_size(list);
    r->cr = malloc((n + 1) * sizeof *r->cr);
    r->ids = malloc((n + 1) * sizeof *r->ids);
    if (r->cr == NULL || r->ids == NULL)
        return false;
    size_t i;
    json_t *it;
    json_array_foreach(list, i, it)
    {
        json_t *v;
        gg_creature *k = &r->cr[i];
        *k = gg_creature_default();
        k->movement_left_ft = INT32_MAX; /* the vectors give no budget when it does not matter */
        if (!json_is_object(it) || !only_fields(c, it, "creature", allowed))
            return false;
        if (!need(c, it, "id", &v) || !json_is_string(v)) {
            rmsg(c, "creature id is not a string");
            return false;
        }
        r->ids[i] = json_string_value(v);
        r->n = (int32_t)i + 1;
        if (!need(c, it, "side", &v) || !side_of(c, v, &k->body.side) || !need(c, it, "cell", &v))
            return false;
        if (json_is_null(v))
            k->tracked = false;
        else if (!cell_of(c, v, &k->body.cell))
            return false;
        if ((v = json_object_get(it, "is_alive")) != NULL && !bool_of(c, v, "is_alive", &k->alive))
            return false;
        if ((v = json_object_get(it, "speed")) != NULL && !int_of(c, v, "speed", &k->speed_ft))
            return false;
        if ((v = json_object_get(it, "movement_remaining")) != NULL &&
            !int_of(c, v, "movement_remaining", &k->movement_left_ft))
            return false;
        if ((v = json_object_get(it, "reach_ft")) != NULL &&
            !int_of(c, v, "reach_ft", &k->reach_ft))
            return false;
        bool flag = false;
        if ((v = json_object_get(it, "blinded")) != NULL) {
            if (!bool_of(c, v, "blinded", &flag))
                return false;
            k->body.conditions |= flag ? (uint32_t)GG_CONDITION_BLINDED : 0u;
        }
        if ((v = json_object_get(it, "invisible")) != NULL) {
            if (!bool_of(c, v, "invisible", &flag))
                return false;
            k->body.conditions |= flag ? (uint32_t)GG_CONDITION_INVISIBLE : 0u;
        }
        if ((v = json_object_get(it, "disengaging")) != NULL &&
            !bool_of(c, v, "disengaging", &k->disengaging))
            return false;
    }
    /* Second pass: references by id. */
    json_array_foreach(list, i, it)
    {
        json_t *v = json_object_get(it, "frightened_by");
        if (v != NULL) {
            if (!json_is_string(v)) {
                rmsg(c, "\"frightened_by\" is not a string");
                return false;
            }
            r->cr[i].frightened_by = roster_find(r, v);
        }
    }
    return true;
}

static json_t *cover_json(gg_cover cover) { return json_string(gg_rules_cover_name(cover)); }

/* ---- Ops ------------------------------------------------------------------------------------ */

static json_t *op_combatant_can_see(rctx *c, json_t *q)
{
    static const char *const qf[] = {"op", "variant", "viewer", "target", NULL};
    static const char *const vf[] = {"cell", "senses", "blinded", NULL};
    static const char *const tf[] = {"cell", "invisible", NULL};
    json_t *variant, *jv, *jt, *v;
    if (!only_fields(c, q, "query", qf) || !need(c, q, "variant", &variant) ||
        !need(c, q, "viewer", &jv) || !need(c, q, "target", &jt))
        return NULL;
    /* libgridgeom implements the code variant only (departure (b)). */
    if (!json_is_string(variant) || strcmp(json_string_value(variant), "code") != 0) {
        rmsg(c, "unsupported variant");
        return NULL;
    }
    if (!json_is_object(jv) || !json_is_object(jt) || !only_fields(c, jv, "viewer", vf) ||
        !only_fields(c, jt, "target", tf))
        return NULL;
    gg_creature viewer = gg_creature_default(), target = gg_creature_default();
    bool flag = false;
    if (!need(c, jv, "cell", &v))
        return NULL;
    if (json_is_null(v))
        viewer.tracked = false;
    else if (!cell_of(c, v, &viewer.body.cell))
        return NULL;
    if (!senses_of(c, json_object_get(jv, "senses"), &viewer.senses))
        return NULL;
    if ((v = json_object_get(jv, "blinded")) != NULL) {
        if (!bool_of(c, v, "blinded", &flag))
            return NULL;
        viewer.body.conditions |= flag ? (uint32_t)GG_CONDITION_BLINDED : 0u;
    }
    if (!need(c, jt, "cell", &v))
        return NULL;
    if (json_is_null(v))
        target.tracked = false;
    else if (!cell_of(c, v, &target.body.cell))
        return NULL;
    if ((v = json_object_get(jt, "invisible")) != NULL) {
        if (!bool_of(c, v, "invisible", &flag))
            return NULL;
        target.body.conditions |= flag ? (uint32_t)GG_CONDITION_INVISIBLE : 0u;
    }
    bool seen = false;
    gg_status st = gg_rules_can_see(c->scene, &viewer, &target, &seen);
    if (st == GG_E_OUT_OF_BOUNDS)
        return json_false(); /* an off-map or malformed position is not seen (departure (c)) */
    if (st != GG_OK) {
        rmsg(c, "gg_rules_can_see: %s", gg_status_name(st));
        return NULL;
    }
    return json_boolean(seen);
}

static json_t *op_target_cover(rctx *c, json_t *q)
{
    static const char *const qf[] = {"op",          "caster_id", "target_ids",
                                     "origin_cell", "creatures", NULL};
    static const char *const cf[] = {"id", "side", "cell", "is_alive", NULL};
    json_t *jc, *jtargets, *jcr, *jo;
    roster r;
    if (!only_fields(c, q, "query", qf) || !need(c, q, "caster_id", &jc) ||
        !need(c, q, "target_ids", &jtargets) || !need(c, q, "creatures", &jcr))
        return NULL;
    if (!roster_of(c, jcr, cf, &r)) {
        roster_free(&r);
        return NULL;
    }
    gg_cell origin;
    const gg_cell *porigin = NULL;
    jo = json_object_get(q, "origin_cell");
    if (jo != NULL && !json_is_null(jo)) {
        if (!cell_of(c, jo, &origin)) {
            roster_free(&r);
            return NULL;
        }
        porigin = &origin;
    }
    int32_t caster = roster_find(&r, jc);
    json_t *ans = json_object();
    size_t i;
    json_t *it;
    if (!json_is_array(jtargets)) {
        rmsg(c, "\"target_ids\" is not a list");
        json_decref(ans);
        roster_free(&r);
        return NULL;
    }
    json_array_foreach(jtargets, i, it)
    {
        int32_t t = roster_find(&r, it);
        if (caster == GG_NO_CREATURE || t == GG_NO_CREATURE)
            continue; /* Nat20: no position, no entry */
        gg_cover cover = GG_COVER_NONE;
        gg_status st = gg_rules_target_cover(c->scene, r.cr, r.n, caster, t, porigin, &cover);
        if (st == GG_E_OUT_OF_BOUNDS)
            continue;
        if (st != GG_OK) {
            rmsg(c, "gg_rules_target_cover: %s", gg_status_name(st));
            json_decref(ans);
            roster_free(&r);
            return NULL;
        }
        json_object_set_new(ans, json_string_value(it), cover_json(cover));
    }
    roster_free(&r);
    return ans;
}

static json_t *op_plan_move(rctx *c, json_t *q)
{
    static const char *const qf[] = {"op",          "fidelity",  "mover_id",
                                     "destination", "creatures", NULL};
    static const char *const cf[] = {
        "id", "side", "cell", "is_alive", "speed", "movement_remaining", "frightened_by", NULL};
    json_t *jf, *jm, *jd, *jcr;
    roster r;
    if (!only_fields(c, q, "query", qf) || !need(c, q, "fidelity", &jf) ||
        !need(c, q, "mover_id", &jm) || !need(c, q, "destination", &jd) ||
        !need(c, q, "creatures", &jcr))
        return NULL;
    if (!json_is_string(jf) || strcmp(json_string_value(jf), "reconstructed") != 0) {
        rmsg(c, "unknown fidelity");
        return NULL;
    }
    gg_cell dest;
    if (!cell_of(c, jd, &dest))
        return NULL;
    if (!roster_of(c, jcr, cf, &r)) {
        roster_free(&r);
        return NULL;
    }
    int32_t mover = roster_find(&r, jm);
    if (mover == GG_NO_CREATURE) {
        roster_free(&r);
        return json_pack("{s:b,s:s}", "ok", 0, "reason", "not_adjacent");
    }
    gg_scratch *scratch = NULL;
    if (gg_scratch_create(c->scene, NULL, &scratch) != GG_OK) {
        roster_free(&r);
        return NULL;
    }
    int32_t cap = gg_scene_width(c->scene) * gg_scene_height(c->scene);
    gg_cell *path = malloc((size_t)cap * sizeof *path);
    int32_t n = 0, cost = 0;
    gg_move_result res = GG_MOVE_UNREACHABLE;
    gg_status st = path == NULL ? GG_E_NO_MEMORY
                                : gg_rules_plan_move(c->scene, scratch, r.cr, r.n, mover, dest,
                                                     path, cap, &n, &cost, &res);
    json_t *ans = NULL;
    if (st != GG_OK) {
        rmsg(c, "gg_rules_plan_move: %s", gg_status_name(st));
    } else if (res == GG_MOVE_OK) {
        json_t *jp = json_array();
        for (int32_t i = 0; i < n; i++)
            json_array_append_new(jp, cell_json(path[i]));
        ans = json_pack("{s:b,s:o,s:i}", "ok", 1, "path", jp, "cost_ft", (json_int_t)cost);
    } else {
        ans = json_pack("{s:b,s:s}", "ok", 0, "reason", gg_rules_move_result_name(res));
    }
    free(path);
    gg_scratch_destroy(scratch);
    roster_free(&r);
    return ans;
}

static json_t *op_opportunity_schedule(rctx *c, json_t *q)
{
    static const char *const qf[] = {"op", "mover_id", "path", "creatures", NULL};
    static const char *const cf[] = {"id",        "side",        "cell",     "reach_ft", "blinded",
                                     "invisible", "disengaging", "is_alive", NULL};
    json_t *jm, *jp, *jcr;
    roster r;
    if (!only_fields(c, q, "query", qf) || !need(c, q, "mover_id", &jm) ||
        !need(c, q, "path", &jp) || !need(c, q, "creatures", &jcr))
        return NULL;
    if (!roster_of(c, jcr, cf, &r)) {
        roster_free(&r);
        return NULL;
    }
    gg_cell *route = NULL;
    int32_t nr = 0;
    int32_t mover = roster_find(&r, jm);
    gg_oa_event *ev = malloc(((size_t)r.n + 1) * sizeof *ev);
    json_t *ans = NULL;
    int32_t ne = 0;
    if (mover == GG_NO_CREATURE) {
        rmsg(c, "unknown mover");
    } else if (ev != NULL && cell_list(c, jp, &route, &nr)) {
        gg_status st = gg_rules_opportunity_schedule(c->scene, r.cr, r.n, mover, route, nr, ev, r.n,
                                                     &ne);
        if (st != GG_OK) {
            rmsg(c, "gg_rules_opportunity_schedule: %s", gg_status_name(st));
        } else {
            json_t *events = json_array();
            json_t *runs = json_array();
            int32_t run_start = 0;
            for (int32_t i = 0; i < ne;) {
                int32_t step = ev[i].step;
                json_t *reactors = json_array();
                for (; i < ne && ev[i].step == step; i++)
                    json_array_append_new(reactors, json_string(r.ids[ev[i].reactor]));
                json_array_append_new(events,
                                      json_pack("{s:i,s:o,s:o,s:o}", "step", (json_int_t)step,
                                                "from", cell_json(route[step]), "to",
                                                cell_json(route[step + 1]), "reactors", reactors));
                json_t *run = json_array();
                for (int32_t k = run_start; k <= step; k++)
                    json_array_append_new(run, cell_json(route[k]));
                json_array_append_new(runs, run);
                run_start = step;
            }
            json_t *run = json_array();
            for (int32_t k = run_start; k < nr; k++)
                json_array_append_new(run, cell_json(route[k]));
            json_array_append_new(runs, run);
            ans = json_pack("{s:o,s:o}", "events", events, "runs", runs);
        }
    }
    free(ev);
    free(route);
    roster_free(&r);
    return ans;
}

static json_t *op_flee_route(rctx *c, json_t *q)
{
    static const char *const qf[] = {"op",        "start",       "threat_cells",
                                     "budget_ft", "enemy_cells", "occupied_cells",
                                     NULL};
    json_t *js, *jt, *jb;
    if (!only_fields(c, q, "query", qf) || !need(c, q, "start", &js) ||
        !need(c, q, "threat_cells", &jt) || !need(c, q, "budget_ft", &jb))
        return NULL;
    gg_flee_def d = gg_flee_def_default();
    gg_cell *threats = NULL, *avoid = NULL, *occupied = NULL;
    json_t *ans = NULL;
    if (cell_of(c, js, &d.start) && int_of(c, jb, "budget_ft", &d.budget_ft) &&
        cell_list(c, jt, &threats, &d.threat_count) &&
        cell_list(c, json_object_get(q, "enemy_cells"), &avoid, &d.avoid_count) &&
        cell_list(c, json_object_get(q, "occupied_cells"), &occupied, &d.occupied_count)) {
        d.threats = threats;
        d.avoid = avoid;
        d.occupied = occupied;
        gg_scratch *scratch = NULL;
        int32_t wcap = 0;
        gg_status st = gg_scratch_create(c->scene, NULL, &scratch);
        if (st == GG_OK)
            st = gg_rules_flee_work_capacity(c->scene, d.budget_ft, &wcap);
        gg_reach *work = malloc(((size_t)wcap + 1) * sizeof *work);
        gg_cell *route = malloc(((size_t)wcap + 1) * sizeof *route);
        int32_t n = 0;
        if (st == GG_OK && (work == NULL || route == NULL))
            st = GG_E_NO_MEMORY;
        if (st == GG_OK)
            st = gg_rules_flee_route(c->scene, scratch, &d, work, wcap, route, wcap + 1, &n);
        if (st == GG_E_OUT_OF_BOUNDS) {
            ans = json_null();
        } else if (st != GG_OK) {
            rmsg(c, "gg_rules_flee_route: %s", gg_status_name(st));
        } else if (n == 0) {
            ans = json_null();
        } else {
            ans = json_array();
            for (int32_t i = 0; i < n; i++)
                json_array_append_new(ans, cell_json(route[i]));
        }
        free(work);
        free(route);
        gg_scratch_destroy(scratch);
    }
    free(threats);
    free(avoid);
    free(occupied);
    return ans;
}

static bool id_listed(json_t *list, const char *id)
{
    size_t i;
    json_t *it;
    json_array_foreach(list, i, it)
    {
        if (json_is_string(it) && strcmp(json_string_value(it), id) == 0)
            return true;
    }
    return false;
}

static json_t *op_best_aim(rctx *c, json_t *q)
{
    static const char *const qf[] = {"op",         "template_type",
                                     "size_ft",    "affects_type",
                                     "choice",     "count",
                                     "harmful",    "actor_id",
                                     "actor_cell", "target_cells",
                                     "creatures",  "enemy_ids",
                                     "ally_ids",   NULL};
    json_t *jtype, *jsize, *jaff, *jchoice, *jcount, *jharm, *jactor, *jacell, *jcr, *jen, *jal;
    if (!only_fields(c, q, "query", qf) || !need(c, q, "template_type", &jtype) ||
        !need(c, q, "size_ft", &jsize) || !need(c, q, "affects_type", &jaff) ||
        !need(c, q, "choice", &jchoice) || !need(c, q, "count", &jcount) ||
        !need(c, q, "harmful", &jharm) || !need(c, q, "actor_id", &jactor) ||
        !need(c, q, "actor_cell", &jacell) || !need(c, q, "creatures", &jcr) ||
        !need(c, q, "enemy_ids", &jen) || !need(c, q, "ally_ids", &jal))
        return NULL;
    gg_aim_def d = gg_aim_def_default();
    const char *type = json_string_value(jtype);
    if (type == NULL) {
        rmsg(c, "\"template_type\" is not a string");
        return NULL;
    }
    if (strcmp(type, "sphere") == 0 || strcmp(type, "circle") == 0)
        d.shape = GG_SHAPE_SPHERE;
    else if (strcmp(type, "cylinder") == 0)
        d.shape = GG_SHAPE_CYLINDER;
    else if (strcmp(type, "radius") == 0)
        d.shape = GG_SHAPE_EMANATION;
    else if (strcmp(type, "cube") == 0 || strcmp(type, "square") == 0)
        d.shape = GG_SHAPE_CUBE;
    else if (strcmp(type, "cone") == 0)
        d.shape = GG_SHAPE_CONE;
    else if (strcmp(type, "line") == 0)
        d.shape = GG_SHAPE_LINE;
    else
        return json_null(); /* Nat20: not placeable */
    if (!int_of(c, jsize, "size_ft", &d.size_ft))
        return NULL;
    if (d.size_ft <= 0)
        return json_null(); /* Nat20: not placeable */
    const char *aff = json_string_value(jaff);
    if (aff != NULL && strcmp(aff, "enemy") == 0)
        d.affects = GG_AFFECTS_ENEMIES;
    else if (aff != NULL && strcmp(aff, "ally") == 0)
        d.affects = GG_AFFECTS_ALLIES;
    else if (aff != NULL)
        d.affects = GG_AFFECTS_CREATURES;
    else {
        rmsg(c, "\"affects_type\" is not a string");
        return NULL;
    }
    if (!bool_of(c, jchoice, "choice", &d.choice) || !bool_of(c, jharm, "harmful", &d.harmful))
        return NULL;
    if (!json_is_null(jcount) && !int_of(c, jcount, "count", &d.max_targets))
        return NULL;
    if (!json_is_array(jcr) || !json_is_array(jen) || !json_is_array(jal)) {
        rmsg(c, "creatures / enemy_ids / ally_ids must be lists");
        return NULL;
    }
    /* Creatures are [id, cell] pairs; sides come from the id lists (allies with the actor). */
    size_t ncr = json_array_size(jcr);
    roster r;
    r.cr = malloc((ncr + 2) * sizeof *r.cr);
    r.ids = malloc((ncr + 2) * sizeof *r.ids);
    r.n = 0;
    gg_area_role *roles = malloc((ncr + 2) * sizeof *roles);
    gg_cell *targets = NULL;
    json_t *ans = NULL;
    if (r.cr == NULL || r.ids == NULL || roles == NULL)
        goto done;
    size_t i;
    json_t *it;
    json_array_foreach(jcr, i, it)
    {
        json_t *jid = json_array_get(it, 0);
        if (!json_is_array(it) || json_array_size(it) != 2 || !json_is_string(jid)) {
            rmsg(c, "a creature is not an [id, cell] pair");
            goto done;
        }
        gg_creature k = gg_creature_default();
        if (!cell_of(c, json_array_get(it, 1), &k.body.cell))
            goto done;
        const char *id = json_string_value(jid);
        if (id_listed(jal, id))
            k.body.side = 0;
        else if (id_listed(jen, id))
            k.body.side = 1;
        else {
            rmsg(c, "creature \"%s\" is neither enemy nor ally", id);
            goto done;
        }
        r.cr[r.n] = k;
        r.ids[r.n++] = id;
    }
    d.actor = roster_find(&r, jactor);
    gg_cell acell;
    if (!cell_of(c, jacell, &acell))
        goto done;
    if (d.actor == GG_NO_CREATURE) {
        gg_creature k = gg_creature_default();
        k.body.cell = acell;
        r.cr[r.n] = k;
        r.ids[r.n] = json_string_value(jactor);
        d.actor = r.n++;
    } else if (!gg_cell_eq(r.cr[d.actor].body.cell, acell)) {
        rmsg(c, "actor_cell differs from the actor's creature cell");
        goto done;
    }
    if (!cell_list(c, json_object_get(q, "target_cells"), &targets, &d.target_count))
        goto done;
    d.target_cells = targets;
    gg_aim aim;
    gg_status st = gg_rules_best_aim(c->scene, r.cr, r.n, &d, &aim, roles);
    if (st != GG_OK) {
        rmsg(c, "gg_rules_best_aim: %s", gg_status_name(st));
        goto done;
    }
    if (!aim.found) {
        ans = json_null();
        goto done;
    }
    json_t *affected = json_array();
    json_t *spared = json_array();
    for (int32_t k = 0; k < r.n; k++) {
        if (roles[k] == GG_ROLE_AFFECTED)
            json_array_append_new(affected, json_string(r.ids[k]));
        else if (roles[k] == GG_ROLE_SPARED)
            json_array_append_new(spared, json_string(r.ids[k]));
    }
    json_t *dir = aim.has_direction ? json_pack("[i,i]", (json_int_t)aim.direction.col,
                                                (json_int_t)aim.direction.row)
                                    : json_null();
    ans = json_pack("{s:o,s:o,s:o,s:o}", "origin", cell_json(aim.origin), "direction", dir,
                    "affected_ids", affected, "spared_ids", spared);
done:
    free(targets);
    free(roles);
    roster_free(&r);
    return ans;
}

/* ---- Entry ---------------------------------------------------------------------------------- */

conf_result conf_check_rules_op(const char *op, json_t *query, json_t *expect,
                                const gg_scene *scene, char *msg, size_t msgcap)
{
    rctx c;
    c.scene = scene;
    c.msg = msg;
    c.cap = msgcap;
    if (msgcap > 0)
        msg[0] = '\0';
    json_t *got = NULL;
    if (op == NULL || !json_is_object(query) || scene == NULL) {
        rmsg(&c, "rules op without a query or a scene");
        return CONF_FAIL;
    }
    if (strcmp(op, "combatant_can_see") == 0)
        got = op_combatant_can_see(&c, query);
    else if (strcmp(op, "target_cover") == 0)
        got = op_target_cover(&c, query);
    else if (strcmp(op, "plan_move") == 0)
        got = op_plan_move(&c, query);
    else if (strcmp(op, "opportunity_schedule") == 0)
        got = op_opportunity_schedule(&c, query);
    else if (strcmp(op, "flee_route") == 0)
        got = op_flee_route(&c, query);
    else if (strcmp(op, "best_aim") == 0)
        got = op_best_aim(&c, query);
    else {
        rmsg(&c, "unknown rules op \"%s\"", op);
        return CONF_FAIL;
    }
    if (got == NULL) {
        rmsg(&c, "%s: no answer (out of memory?)", op);
        return CONF_FAIL;
    }
    conf_result res = CONF_PASS;
    if (!json_equal(got, expect)) {
        char *want = json_dumps(expect, JSON_COMPACT | JSON_ENCODE_ANY);
        char *have = json_dumps(got, JSON_COMPACT | JSON_ENCODE_ANY);
        rmsg(&c, "expected %.400s, library answered %.400s", want ? want : "?", have ? have : "?");
        free(want);
        free(have);
        res = CONF_FAIL;
    }
    json_decref(got);
    return res;
}
