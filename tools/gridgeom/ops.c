/* ops.c - the op registry of `gridgeom query` (the families and their tables), the schema check
 * every query line passes before its handler runs, and the argument and answer helpers the
 * handlers share. Layer: tools. */
#include "ops.h"

#include <gridgeom/core.h>

#include <limits.h>
#include <math.h>
#include <stdarg.h>
#include <stdint.h>
#include <string.h>

/* The families, in the order `gridgeom query --help` lists them. A new family is one line here
 * (and its file in meson.build). */
static const gg_cli_family k_families[] = {
    {"paths and movement", gg_cli_ops_paths},
    {"sight, light and visibility", gg_cli_ops_sight},
    {"cover", gg_cli_ops_cover},
    {"rules", gg_cli_ops_rules},
    {"edits (state persists for later lines)", gg_cli_ops_edit},
    {"terrain sight and hex boards", gg_cli_ops_hex},
    {NULL, NULL},
};

const char *const gg_cli_cover_names[] = {"none", "half", "three_quarters", "total", NULL};
const char *const gg_cli_light_names[] = {"default", "bright", "dim", "dark", NULL};
const char *const gg_cli_size_names[] = {"tiny", "small",      "medium", "large",
                                         "huge", "gargantuan", NULL};
const char *const gg_cli_metric_names[] = {"chebyshev", "alternating", "euclidean", "manhattan",
                                           NULL};
const char *const gg_cli_shape_names[] = {"sphere", "cylinder",  "cone", "line",
                                          "cube",   "emanation", NULL};
const char *const gg_cli_door_names[] = {"none", "closed", "open", "locked", NULL};

static const char *const k_difficult_names[] = {"double", "surcharge", "ignore", NULL};

const gg_cli_field gg_cli_move_fields[] = {
    {"metric", GG_CLI_NAME, false, gg_cli_metric_names},
    {"difficult", GG_CLI_NAME, false, k_difficult_names},
    {"surcharge_ft", GG_CLI_INT, false, NULL},
    {"size", GG_CLI_NAME, false, gg_cli_size_names},
    {"side", GG_CLI_INT, false, NULL},
    {"avoid", GG_CLI_CELLS, false, NULL},
    {"others", GG_CLI_OBJECTS, false, NULL},
    {"pass_size_apart", GG_CLI_BOOL, false, NULL},
    {"occupied_difficult", GG_CLI_BOOL, false, NULL},
    {NULL, GG_CLI_INT, false, NULL},
};

const char *gg_cli_enum_name(const char *const *names, int value)
{
    for (int i = 0; names[i] != NULL; i++)
        if (i == value)
            return names[i];
    return "unknown";
}

/* ---- Registry --------------------------------------------------------------------------------- */

const gg_cli_op *gg_cli_find_op(const char *name)
{
    for (const gg_cli_family *f = k_families; f->name != NULL; f++)
        for (const gg_cli_op *op = f->ops; op->name != NULL; op++)
            if (strcmp(op->name, name) == 0)
                return op;
    return NULL;
}

static const gg_cli_field *find_field(const gg_cli_op *op, const char *key)
{
    for (const gg_cli_field *f = op->fields; f != NULL && f->name != NULL; f++)
        if (strcmp(f->name, key) == 0)
            return f;
    for (const gg_cli_field *f = op->shared; f != NULL && f->name != NULL; f++)
        if (strcmp(f->name, key) == 0)
            return f;
    return NULL;
}

static const char *type_name(gg_cli_type t)
{
    switch (t) {
    case GG_CLI_CELL:
        return "cell";
    case GG_CLI_CELLS:
        return "cells";
    case GG_CLI_INT:
        return "int";
    case GG_CLI_NUMBER:
        return "number";
    case GG_CLI_BOOL:
        return "bool";
    case GG_CLI_NAME:
        return "name";
    case GG_CLI_NAMES:
        return "names";
    case GG_CLI_OBJECT:
        return "object";
    case GG_CLI_OBJECTS:
        return "objects";
    case GG_CLI_HEX:
        return "hex";
    case GG_CLI_POINT:
        return "point";
    case GG_CLI_INTS:
        return "ints";
    case GG_CLI_NUMBERS:
        return "numbers";
    }
    return "?";
}

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

static bool in_names(const char *const *names, json_t *v)
{
    if (!json_is_string(v))
        return false;
    for (int i = 0; names[i] != NULL; i++)
        if (strcmp(names[i], json_string_value(v)) == 0)
            return true;
    return false;
}

static void names_text(const char *const *names, char *buf, size_t cap)
{
    size_t used = 0;
    buf[0] = '\0';
    for (int i = 0; names[i] != NULL && used < cap; i++)
        used += (size_t)snprintf(buf + used, cap - used, "%s%s", i ? "|" : "", names[i]);
}

/* Checks one value against its field type; false with msg set. */
static bool check_value(const char *op, const gg_cli_field *f, json_t *v, char *msg, size_t cap)
{
    bool ok = false;
    size_t i;
    json_t *it;
    switch (f->type) {
    case GG_CLI_CELL:
        ok = is_cell_text(v);
        break;
    case GG_CLI_CELLS:
        ok = json_is_array(v);
        json_array_foreach(v, i, it) ok = ok && is_cell_text(it);
        break;
    case GG_CLI_INT:
        ok = is_i32(v);
        break;
    case GG_CLI_NUMBER:
        ok = json_is_number(v) && isfinite(json_number_value(v));
        break;
    case GG_CLI_BOOL:
        ok = json_is_boolean(v);
        break;
    case GG_CLI_NAME:
        ok = in_names(f->names, v);
        break;
    case GG_CLI_NAMES:
        ok = json_is_array(v);
        json_array_foreach(v, i, it) ok = ok && in_names(f->names, it);
        break;
    case GG_CLI_OBJECT:
        ok = json_is_object(v);
        break;
    case GG_CLI_OBJECTS:
        ok = json_is_array(v);
        json_array_foreach(v, i, it) ok = ok && json_is_object(it);
        break;
    case GG_CLI_HEX:
        ok = json_is_array(v) && json_array_size(v) == 2 && is_i32(json_array_get(v, 0)) &&
             is_i32(json_array_get(v, 1));
        break;
    case GG_CLI_POINT:
        ok = json_is_array(v) && (json_array_size(v) == 2 || json_array_size(v) == 3);
        json_array_foreach(v, i, it)
            ok = ok && json_is_number(it) && isfinite(json_number_value(it));
        break;
    case GG_CLI_INTS:
        ok = json_is_array(v);
        json_array_foreach(v, i, it) ok = ok && is_i32(it);
        break;
    case GG_CLI_NUMBERS:
        ok = json_is_array(v);
        json_array_foreach(v, i, it)
            ok = ok && json_is_number(it) && isfinite(json_number_value(it));
        break;
    }
    if (!ok) {
        char names[160] = "";
        if (f->names != NULL)
            names_text(f->names, names, sizeof names);
        if (names[0] != '\0')
            snprintf(msg, cap, "%s: field \"%s\" is not %s%s", op, f->name,
                     f->type == GG_CLI_NAMES ? "a list of " : "one of ", names);
        else
            snprintf(msg, cap, "%s: field \"%s\" is not of type %s", op, f->name,
                     type_name(f->type));
    }
    return ok;
}

bool gg_cli_check_schema(const gg_cli_op *op, json_t *q, char *msg, size_t cap)
{
    const char *key;
    json_t *val;
    json_object_foreach(q, key, val)
    {
        if (strcmp(key, "op") == 0 || strcmp(key, "id") == 0)
            continue;
        const gg_cli_field *f = find_field(op, key);
        if (f == NULL) {
            snprintf(msg, cap, "%s: unknown query field \"%s\"", op->name, key);
            return false;
        }
        if (!check_value(op->name, f, val, msg, cap))
            return false;
    }
    const gg_cli_field *lists[2] = {op->fields, op->shared};
    for (int l = 0; l < 2; l++)
        for (const gg_cli_field *f = lists[l]; f != NULL && f->name != NULL; f++)
            if (f->required && json_object_get(q, f->name) == NULL) {
                snprintf(msg, cap, "%s: missing query field \"%s\"", op->name, f->name);
                return false;
            }
    return true;
}

json_t *gg_cli_run_op(const gg_cli_op *op, gg_cli_ctx *ctx, json_t *q, char *msg, size_t cap)
{
    if ((op->needs & GG_CLI_NEEDS_SCENE) && ctx->scene == NULL) {
        snprintf(msg, cap, "%s: needs a square map (a hex board is loaded)", op->name);
        return NULL;
    }
    if ((op->needs & GG_CLI_NEEDS_HEX) && ctx->board == NULL) {
        snprintf(msg, cap, "%s: needs a hex board file (docs/cli.md, \"Hex boards\")", op->name);
        return NULL;
    }
    gg_cli_call c = {ctx, q, msg, cap};
    if (cap > 0)
        msg[0] = '\0';
    json_t *r = op->fn(&c);
    if (r == NULL && cap > 0 && msg[0] == '\0')
        snprintf(msg, cap, "%s: out of memory building the answer", op->name);
    return r;
}

/* Prints one field, wrapping lines at 100 columns under the op's first field; *col is the
 * column so far. */
static void print_field(FILE *out, const gg_cli_field *f, int *col)
{
    char buf[96];
    int n = snprintf(buf, sizeof buf, f->required ? " %s:%s" : " [%s:%s]", f->name,
                     type_name(f->type));
    if (*col + n > 100) {
        fprintf(out, "\n%28s", "");
        *col = 28;
    }
    fputs(buf, out);
    *col += n;
}

void gg_cli_list_ops(FILE *out)
{
    for (const gg_cli_family *fam = k_families; fam->name != NULL; fam++) {
        fprintf(out, "\n %s:\n", fam->name);
        for (const gg_cli_op *op = fam->ops; op->name != NULL; op++) {
            int col = fprintf(out, "  %-26s", op->name);
            for (const gg_cli_field *f = op->fields; f->name != NULL; f++)
                print_field(out, f, &col);
            if (op->shared == gg_cli_move_fields)
                fputs(" [movement options]", out);
            else
                for (const gg_cli_field *f = op->shared; f != NULL && f->name != NULL; f++)
                    print_field(out, f, &col);
            fputc('\n', out);
        }
    }
    fputs("\n movement options:\n ", out);
    int col = 1;
    for (const gg_cli_field *f = gg_cli_move_fields; f->name != NULL; f++)
        print_field(out, f, &col);
    fputs("\n name values:\n", out);
    /* Every enum-valued field, once. */
    const char *seen[64];
    int n_seen = 0;
    for (const gg_cli_family *fam = k_families; fam->name != NULL; fam++)
        for (const gg_cli_op *op = fam->ops; op->name != NULL; op++) {
            const gg_cli_field *lists[2] = {op->fields, op->shared};
            for (int l = 0; l < 2; l++)
                for (const gg_cli_field *f = lists[l]; f != NULL && f->name != NULL; f++) {
                    if (f->names == NULL)
                        continue;
                    bool dup = false;
                    for (int i = 0; i < n_seen; i++)
                        dup = dup || strcmp(seen[i], f->name) == 0;
                    if (dup || n_seen == 64)
                        continue;
                    seen[n_seen++] = f->name;
                    char names[200];
                    names_text(f->names, names, sizeof names);
                    fprintf(out, "  %-20s %s\n", f->name, names);
                }
        }
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

static int name_index(const char *const *names, json_t *v)
{
    for (int i = 0; json_is_string(v) && names[i] != NULL; i++)
        if (strcmp(names[i], json_string_value(v)) == 0)
            return i;
    return -1;
}

int gg_cli_name(gg_cli_call *c, const char *key, int def)
{
    json_t *v = json_object_get(c->q, key);
    const gg_cli_op *op = gg_cli_find_op(json_string_value(json_object_get(c->q, "op")));
    const gg_cli_field *f = op != NULL ? find_field(op, key) : NULL;
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

json_t *gg_cli_hex_json(gg_hex h) { return json_pack("[ii]", (int)h.q, (int)h.r); }
