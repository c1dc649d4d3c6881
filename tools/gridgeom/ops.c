/* ops.c - the op registry of `gridgeom query` (the families and their tables), the names of the
 * library's enums as the ops spell them, the schema check every query line passes before its
 * handler runs, and the op list of `gridgeom query --help`. The handlers' shared helpers are in
 * ops_args.c. Layer: tools. */
#include "ops.h"

#include <gridgeom/core.h>

#include <limits.h>
#include <math.h>
#include <stdint.h>
#include <string.h>

/* The families, in the order `gridgeom query --help` lists them. A new family is one line here
 * (and its file in meson.build). */
static const gg_cli_family k_families[] = {
    {"paths and movement", gg_cli_ops_paths},
    {"sight, light and visibility", gg_cli_ops_sight},
    {"visibility polygons", gg_cli_ops_polygon},
    {"cover", gg_cli_ops_cover},
    {"rules", gg_cli_ops_rules},
    {"creatures of every size (rules options: a gg_rules_def)", gg_cli_ops_sizes},
    {"areas at any angle (shape options: a gg_shape_def)", gg_cli_ops_areas},
    {"edits (state persists for later lines)", gg_cli_ops_edit},
    {"party view, fog of war and change sets", gg_cli_ops_fog},
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
    {"open_doors", GG_CLI_BOOL, false, NULL},
    {"knows_secret_doors", GG_CLI_BOOL, false, NULL},
    {NULL, GG_CLI_INT, false, NULL},
};

static const char *const k_rules_preset_names[] = {"nat20", "srd", NULL};

/* A gg_rules_def: a preset (gg_rules_def_default() "nat20", gg_rules_def_srd() "srd"), then each
 * field given overrides the preset's value. */
const gg_cli_field gg_cli_rules_fields[] = {
    {"rules", GG_CLI_NAME, false, k_rules_preset_names},
    {"metric", GG_CLI_NAME, false, gg_cli_metric_names},
    {"any_square", GG_CLI_BOOL, false, NULL},
    {"cover_far_side", GG_CLI_BOOL, false, NULL},
    {"truesight_pierces_fog", GG_CLI_BOOL, false, NULL},
    {"obscured_between_blocks", GG_CLI_BOOL, false, NULL},
    {"pass_size_apart", GG_CLI_BOOL, false, NULL},
    {"occupied_difficult", GG_CLI_BOOL, false, NULL},
    {"squeeze", GG_CLI_BOOL, false, NULL},
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

const gg_cli_field *gg_cli_find_field(const gg_cli_op *op, const char *key)
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
        const gg_cli_field *f = gg_cli_find_field(op, key);
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
            else if (op->shared == gg_cli_rules_fields)
                fputs(" [rules options]", out);
            else if (op->shared == gg_cli_shape_fields)
                fputs(" [shape options]", out);
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
    fputs("\n rules options:\n ", out);
    col = 1;
    for (const gg_cli_field *f = gg_cli_rules_fields; f->name != NULL; f++)
        print_field(out, f, &col);
    fputs("\n shape options:\n ", out);
    col = 1;
    for (const gg_cli_field *f = gg_cli_shape_fields; f->name != NULL; f++)
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
