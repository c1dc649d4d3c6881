/* ops_args.c - what the `gridgeom query` op handlers share: failure messages, memory from the
 * run's allocator, reading the fields of a query (already checked against the op's schema by
 * ops.c), creatures and movement options, and the JSON of cells and costs. Layer: tools. */
#include "ops.h"

#include <gridgeom/core.h>

#include <limits.h>
#include <stdarg.h>
#include <stdint.h>
#include <string.h>

static bool is_cell_text(json_t *v)
{
    gg_cell c;
    return json_is_string(v) &&
           gg_cell_parse(json_string_value(v), json_string_length(v), &c, NULL) == GG_OK;
}

static bool is_i32(json_t *v)
{
    return json_is_integer(v) && json_integer_value(v) >= INT32_MIN &&
           json_integer_value(v) <= INT32_MAX;
}

static int name_index(const char *const *names, json_t *v)
{
    for (int i = 0; json_is_string(v) && names[i] != NULL; i++)
        if (strcmp(names[i], json_string_value(v)) == 0)
            return i;
    return -1;
}

/* ---- Handler helpers ----------------------------------------------------------------------------- */

void gg_cli_fail(gg_cli_call *c, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(c->msg, c->cap, fmt, ap);
    va_end(ap);
}

json_t *gg_cli_status_fail(gg_cli_call *c, const char *fn, gg_status st)
{
    if (st == GG_E_NO_MEMORY)
        gg_cli_fail(c, "%s: out of memory (GG_E_NO_MEMORY)", fn);
    else
        gg_cli_fail(c, "%s: %s: %s", fn, gg_status_name(st), gg_status_message(st));
    return NULL;
}

json_t *gg_cli_writer_fail(gg_cli_call *c, const char *fn, gg_status st)
{
    /* The scene explains its last failed writer call (gg_scene_message()). */
    const char *sm = gg_scene_message(c->ctx->scene);
    if (st == GG_E_NO_MEMORY || sm == NULL || sm[0] == '\0')
        return gg_cli_status_fail(c, fn, st);
    gg_cli_fail(c, "%s: %s: %s: %s", fn, gg_status_name(st), gg_status_message(st), sm);
    return NULL;
}

void *gg_cli_alloc(gg_cli_call *c, size_t count, size_t size)
{
    if (count == 0)
        count = 1;
    if (size != 0 && count > SIZE_MAX / size) {
        gg_cli_fail(c, "out of memory (GG_E_NO_MEMORY): %zu x %zu bytes", count, size);
        return NULL;
    }
    void *p = c->ctx->mem->alloc(c->ctx->mem->ctx, count * size, 16);
    if (p == NULL)
        gg_cli_fail(c, "out of memory (GG_E_NO_MEMORY)");
    else
        memset(p, 0, count * size);
    return p;
}

void gg_cli_free(gg_cli_call *c, void *p, size_t count, size_t size)
{
    if (p != NULL)
        c->ctx->mem->free(c->ctx->mem->ctx, p, (count == 0 ? 1 : count) * size);
}

bool gg_cli_has(gg_cli_call *c, const char *key)
{
    json_t *v = json_object_get(c->q, key);
    return v != NULL && !json_is_null(v);
}

static gg_cell cell_of(json_t *v)
{
    gg_cell cell = gg_cell_make(-1, -1);
    if (json_is_string(v) &&
        gg_cell_parse(json_string_value(v), json_string_length(v), &cell, NULL) != GG_OK)
        cell = gg_cell_make(-1, -1);
    return cell;
}

gg_cell gg_cli_cell(gg_cli_call *c, const char *key) { return cell_of(json_object_get(c->q, key)); }

int32_t gg_cli_int(gg_cli_call *c, const char *key, int32_t def)
{
    json_t *v = json_object_get(c->q, key);
    return json_is_integer(v) ? (int32_t)json_integer_value(v) : def;
}

double gg_cli_number(gg_cli_call *c, const char *key, double def)
{
    json_t *v = json_object_get(c->q, key);
    return json_is_number(v) ? json_number_value(v) : def;
}

bool gg_cli_bool(gg_cli_call *c, const char *key, bool def)
{
    json_t *v = json_object_get(c->q, key);
    return json_is_boolean(v) ? json_is_true(v) : def;
}

int gg_cli_name(gg_cli_call *c, const char *key, int def)
{
    json_t *v = json_object_get(c->q, key);
    const gg_cli_op *op = gg_cli_find_op(json_string_value(json_object_get(c->q, "op")));
    const gg_cli_field *f = op != NULL ? gg_cli_find_field(op, key) : NULL;
    if (v == NULL || f == NULL || f->names == NULL)
        return def;
    int i = name_index(f->names, v);
    return i < 0 ? def : i;
}

bool gg_cli_cells(gg_cli_call *c, const char *key, gg_cell **out, int32_t *n)
{
    *out = NULL;
    *n = 0;
    json_t *v = json_object_get(c->q, key);
    if (!json_is_array(v) || json_array_size(v) == 0)
        return true;
    if (json_array_size(v) > (size_t)INT32_MAX) {
        gg_cli_fail(c, "field \"%s\" has too many cells", key);
        return false;
    }
    size_t m = json_array_size(v);
    *out = gg_cli_alloc(c, m, sizeof **out);
    if (*out == NULL)
        return false;
    for (size_t i = 0; i < m; i++)
        (*out)[i] = cell_of(json_array_get(v, i));
    *n = (int32_t)m;
    return true;
}

gg_hex gg_cli_hex(gg_cli_call *c, const char *key)
{
    json_t *v = json_object_get(c->q, key);
    return gg_hex_make((int32_t)json_integer_value(json_array_get(v, 0)),
                       (int32_t)json_integer_value(json_array_get(v, 1)));
}

gg_scratch *gg_cli_scratch(gg_cli_call *c)
{
    if (*c->ctx->scratch == NULL) {
        gg_status st = gg_scratch_create(c->ctx->scene, NULL, c->ctx->scratch);
        if (st != GG_OK) {
            *c->ctx->scratch = NULL;
            gg_cli_status_fail(c, "gg_scratch_create", st);
        }
    }
    return *c->ctx->scratch;
}

/* ---- Creatures ----------------------------------------------------------------------------------- */

static const char *const k_condition_names[] = {"blinded", "invisible", "incapacitated", NULL};

bool gg_cli_senses(gg_cli_call *c, json_t *v, gg_senses *s)
{
    *s = gg_senses_none();
    if (v == NULL || json_is_null(v))
        return true;
    const char *key;
    json_t *val;
    if (!json_is_object(v)) {
        gg_cli_fail(c, "senses: not an object");
        return false;
    }
    json_object_foreach(v, key, val)
    {
        if (!is_i32(val) && !json_is_null(val)) {
            gg_cli_fail(c, "senses: \"%s\" is not an integer (feet) or null", key);
            return false;
        }
        int32_t ft = json_is_null(val) ? GG_SENSE_NONE : (int32_t)json_integer_value(val);
        if (strcmp(key, "darkvision") == 0)
            s->darkvision_ft = ft;
        else if (strcmp(key, "blindsight") == 0)
            s->blindsight_ft = ft;
        else if (strcmp(key, "tremorsense") == 0)
            s->tremorsense_ft = ft;
        else if (strcmp(key, "truesight") == 0)
            s->truesight_ft = ft;
        else {
            gg_cli_fail(c,
                        "senses: unknown sense \"%s\" (darkvision, blindsight, tremorsense, "
                        "truesight)",
                        key);
            return false;
        }
    }
    return true;
}

/* The fields of one creature object; every one but "cell" is optional. */
static bool parse_creature(gg_cli_call *c, const char *list, size_t idx, json_t *o, gg_creature *cr)
{
    *cr = gg_creature_default();
    const char *key;
    json_t *v;
    bool have_cell = false;
    json_object_foreach(o, key, v)
    {
        bool ok = true;
        if (strcmp(key, "cell") == 0) {
            ok = is_cell_text(v);
            cr->body.cell = cell_of(v);
            have_cell = true;
        } else if (strcmp(key, "size") == 0) {
            int i = name_index(gg_cli_size_names, v);
            ok = i >= 0;
            cr->body.size = (gg_size)i;
        } else if (strcmp(key, "conditions") == 0) {
            size_t i;
            json_t *it;
            ok = json_is_array(v);
            json_array_foreach(v, i, it)
            {
                int k = name_index(k_condition_names, it);
                ok = ok && k >= 0;
                if (k >= 0)
                    cr->body.conditions |= 1u << k;
            }
        } else if (strcmp(key, "senses") == 0) {
            if (!gg_cli_senses(c, v, &cr->senses))
                return false;
        } else if (strcmp(key, "tracked") == 0 || strcmp(key, "alive") == 0 ||
                   strcmp(key, "reaction_available") == 0 || strcmp(key, "disengaging") == 0 ||
                   strcmp(key, "supported") == 0) {
            ok = json_is_boolean(v);
            bool b = json_is_true(v);
            if (key[0] == 't')
                cr->tracked = b;
            else if (key[0] == 'a')
                cr->alive = b;
            else if (key[0] == 'r')
                cr->reaction_available = b;
            else if (key[0] == 'd')
                cr->disengaging = b;
            else
                cr->body.supported = b;
        } else {
            static const char *const ints[] = {"side",       "reach_ft",  "frightened_by",
                                               "charmed_by", "speed_ft",  "movement_left_ft",
                                               "base_in",    "height_in", NULL};
            int k = -1;
            for (int i = 0; ints[i] != NULL; i++)
                if (strcmp(ints[i], key) == 0)
                    k = i;
            if (k < 0) {
                gg_cli_fail(c,
                            "%s[%zu]: unknown creature field \"%s\" (docs/cli.md, "
                            "\"Creatures\")",
                            list, idx, key);
                return false;
            }
            ok = is_i32(v);
            int32_t x = ok ? (int32_t)json_integer_value(v) : 0;
            int32_t *dst[] = {&cr->body.side,    &cr->reach_ft,      &cr->frightened_by,
                              &cr->charmed_by,   &cr->speed_ft,      &cr->movement_left_ft,
                              &cr->body.base_in, &cr->body.height_in};
            *dst[k] = x;
        }
        if (!ok) {
            gg_cli_fail(c,
                        "%s[%zu]: creature field \"%s\" has the wrong type or an unknown "
                        "value",
                        list, idx, key);
            return false;
        }
    }
    if (!have_cell) {
        gg_cli_fail(c, "%s[%zu]: a creature needs \"cell\"", list, idx);
        return false;
    }
    return true;
}

bool gg_cli_creatures(gg_cli_call *c, const char *key, gg_creature **out, int32_t *n)
{
    *out = NULL;
    *n = 0;
    json_t *v = json_object_get(c->q, key);
    size_t m = json_array_size(v);
    if (m == 0)
        return true;
    if (m > GG_RULES_MAX_CREATURES) {
        gg_cli_fail(c, "field \"%s\": more than %d creatures", key, GG_RULES_MAX_CREATURES);
        return false;
    }
    gg_creature *a = gg_cli_alloc(c, m, sizeof *a);
    if (a == NULL)
        return false;
    for (size_t i = 0; i < m; i++)
        if (!parse_creature(c, key, i, json_array_get(v, i), &a[i])) {
            gg_cli_free(c, a, m, sizeof *a);
            return false;
        }
    *out = a;
    *n = (int32_t)m;
    return true;
}

bool gg_cli_bodies(gg_cli_call *c, const char *key, gg_body **out, int32_t *n)
{
    gg_creature *cr = NULL;
    int32_t m = 0;
    *out = NULL;
    *n = 0;
    if (!gg_cli_creatures(c, key, &cr, &m))
        return false;
    if (m == 0)
        return true;
    gg_body *b = gg_cli_alloc(c, (size_t)m, sizeof *b);
    if (b != NULL)
        for (int32_t i = 0; i < m; i++)
            b[i] = cr[i].body;
    gg_cli_free(c, cr, (size_t)m, sizeof *cr);
    if (b == NULL)
        return false;
    *out = b;
    *n = m;
    return true;
}

bool gg_cli_move_def(gg_cli_call *c, gg_cli_move *m)
{
    m->def = gg_move_def_default();
    m->avoid = NULL;
    m->others = NULL;
    m->def.metric = (gg_metric)gg_cli_name(c, "metric", (int)GG_METRIC_CHEBYSHEV);
    m->def.difficult = (gg_difficult_rule)gg_cli_name(c, "difficult", (int)GG_DIFFICULT_DOUBLE);
    m->def.surcharge_ft = gg_cli_int(c, "surcharge_ft", m->def.surcharge_ft);
    m->def.size = (gg_size)gg_cli_name(c, "size", (int)GG_SIZE_MEDIUM);
    m->def.side = gg_cli_int(c, "side", m->def.side);
    m->def.pass_size_apart = gg_cli_bool(c, "pass_size_apart", false);
    m->def.occupied_difficult = gg_cli_bool(c, "occupied_difficult", false);
    m->def.open_doors = gg_cli_bool(c, "open_doors", false);
    m->def.knows_secret_doors = gg_cli_bool(c, "knows_secret_doors", false);
    if (!gg_cli_cells(c, "avoid", &m->avoid, &m->def.avoid_count))
        return false;
    m->def.avoid = m->avoid;
    if (!gg_cli_bodies(c, "others", &m->others, &m->def.other_count)) {
        gg_cli_move_free(c, m);
        return false;
    }
    m->def.others = m->others;
    return true;
}

void gg_cli_move_free(gg_cli_call *c, gg_cli_move *m)
{
    gg_cli_free(c, m->avoid, (size_t)m->def.avoid_count, sizeof *m->avoid);
    gg_cli_free(c, m->others, (size_t)m->def.other_count, sizeof *m->others);
    m->avoid = NULL;
    m->others = NULL;
    m->def.avoid_count = m->def.other_count = 0;
}

gg_rules_def gg_cli_rules_def(gg_cli_call *c)
{
    gg_rules_def d = gg_cli_name(c, "rules", 0) == 1 ? gg_rules_def_srd() : gg_rules_def_default();
    d.metric = (gg_metric)gg_cli_name(c, "metric", (int)d.metric);
    d.any_square = gg_cli_bool(c, "any_square", d.any_square);
    d.cover_far_side = gg_cli_bool(c, "cover_far_side", d.cover_far_side);
    d.truesight_pierces_fog = gg_cli_bool(c, "truesight_pierces_fog", d.truesight_pierces_fog);
    d.obscured_between_blocks = gg_cli_bool(c, "obscured_between_blocks",
                                            d.obscured_between_blocks);
    d.pass_size_apart = gg_cli_bool(c, "pass_size_apart", d.pass_size_apart);
    d.occupied_difficult = gg_cli_bool(c, "occupied_difficult", d.occupied_difficult);
    d.squeeze = gg_cli_bool(c, "squeeze", d.squeeze);
    return d;
}

/* ---- Answers ------------------------------------------------------------------------------------- */

json_t *gg_cli_cell_json(gg_cell c)
{
    char buf[GG_CELL_ID_MAX];
    gg_cell_format(c, buf, sizeof buf);
    return json_string(buf);
}

json_t *gg_cli_cells_json(const gg_cell *cells, int32_t n)
{
    json_t *a = json_array();
    for (int32_t i = 0; a != NULL && i < n; i++)
        if (json_array_append_new(a, gg_cli_cell_json(cells[i])) != 0) {
            json_decref(a);
            a = NULL;
        }
    return a;
}

json_t *gg_cli_cost_json(gg_metric_cost cost)
{
    return json_pack("{s:f,s:I,s:I,s:I,s:i}", "cost_ft", gg_metric_cost_ft(cost), "feet",
                     (json_int_t)cost.feet, "root2_feet", (json_int_t)cost.root2_feet, "steps",
                     (json_int_t)cost.steps, "parity", (int)cost.parity);
}

json_t *gg_cli_route_json(const gg_cell *path, const bool *squeezing, int32_t n,
                          gg_metric_cost cost)
{
    json_t *r = gg_cli_cost_json(cost);
    if (r == NULL)
        return NULL;
    json_object_set_new(r, "found", json_boolean(n > 0));
    json_object_set_new(r, "path", gg_cli_cells_json(path, n));
    if (squeezing != NULL) {
        json_t *sq = json_array();
        for (int32_t i = 0; sq != NULL && i < n; i++)
            json_array_append_new(sq, json_boolean(squeezing[i]));
        json_object_set_new(r, "squeezing", sq);
    }
    return r;
}

json_t *gg_cli_hex_json(gg_hex h) { return json_pack("[ii]", (int)h.q, (int)h.r); }
