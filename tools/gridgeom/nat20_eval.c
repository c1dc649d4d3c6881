/* nat20_eval.c - the Nat20 query ops answered in Nat20's JSON shape on a scene the library's
 * importer read (gg_scene_import(); this file reads no scene itself). One implementation shared by
 * `gridgeom query` (tools/gridgeom/query.c) and the conformance checker
 * (tests/conformance/conf_nat20.c). Depends on jansson and the public headers.
 *
 * Departure from Nat20 applied here (docs/nat20.md lists them all; dropping scene tags on
 * malformed or off-map ids is the importer's):
 *  (c) a malformed query id stands for an off-map cell, and GG_E_OUT_OF_BOUNDS (only accepted
 *      when some cell argument really is off the map or malformed) stands for Nat20's empty
 *      answer of that op; malformed entries of avoid / occupied_cells lists are dropped.
 * Layer: tools. */
#include "nat20_eval.h"

#include <gridgeom/core.h>

#include <limits.h>
#include <math.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#if defined(__GNUC__)
#define CONF_PRINTF(f, a) __attribute__((format(printf, f, a)))
#else
#define CONF_PRINTF(f, a)
#endif

/* ---- Messages --------------------------------------------------------------------------------- */

static void setmsg(char *msg, size_t cap, const char *fmt, ...) CONF_PRINTF(3, 4);
static void setmsg(char *msg, size_t cap, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, cap, fmt, ap);
    va_end(ap);
}

/* ---- Small growable cell vector ---------------------------------------------------------------- */

typedef struct cell_vec {
    gg_cell *v;
    int32_t n;
    int32_t cap;
} cell_vec;

static bool cv_push(cell_vec *cv, gg_cell c)
{
    if (cv->n == cv->cap) {
        int32_t cap = cv->cap ? cv->cap * 2 : 16;
        gg_cell *grown = realloc(cv->v, (size_t)cap * sizeof *grown);
        if (grown == NULL) {
            return false;
        }
        cv->v = grown;
        cv->cap = cap;
    }
    cv->v[cv->n++] = c;
    return true;
}

static void cv_free(cell_vec *cv)
{
    free(cv->v);
    cv->v = NULL;
    cv->n = cv->cap = 0;
}

/* ---- Ids ------------------------------------------------------------------------------------------ */

static bool parse_json_id(const json_t *s, gg_cell *out)
{
    const char *reason = NULL;
    gg_status st = gg_cell_parse(json_string_value(s), json_string_length(s), out, &reason);
    return st == GG_OK;
}

static json_t *id_json(gg_cell c)
{
    char buf[GG_CELL_ID_MAX];
    gg_cell_format(c, buf, sizeof buf);
    return json_string(buf);
}

static int cmp_cells(const void *pa, const void *pb)
{
    const gg_cell *a = pa;
    const gg_cell *b = pb;
    if (a->col != b->col) {
        return a->col < b->col ? -1 : 1;
    }
    if (a->row != b->row) {
        return a->row < b->row ? -1 : 1;
    }
    return 0;
}

static json_t *cells_json(const gg_cell *cells, int32_t n, bool sorted)
{
    gg_cell *tmp = NULL;
    if (sorted && n > 1) {
        tmp = malloc((size_t)n * sizeof *tmp);
        if (tmp == NULL) {
            return NULL;
        }
        memcpy(tmp, cells, (size_t)n * sizeof *tmp);
        qsort(tmp, (size_t)n, sizeof *tmp, cmp_cells);
        cells = tmp;
    }
    json_t *arr = json_array();
    for (int32_t i = 0; arr != NULL && i < n; i++) {
        if (json_array_append_new(arr, id_json(cells[i])) != 0) {
            json_decref(arr);
            arr = NULL;
        }
    }
    free(tmp);
    return arr;
}

typedef struct name_value {
    const char *name;
    int32_t value;
} name_value;

static const name_value k_cover_names[] = {
    {"none", GG_COVER_NONE},
    {"half", GG_COVER_HALF},
    {"three_quarters", GG_COVER_THREE_QUARTERS},
    {"total", GG_COVER_TOTAL},
    {NULL, 0},
};
static const name_value k_light_names[] = {
    {"bright", GG_LIGHT_BRIGHT},
    {"dim", GG_LIGHT_DIM},
    {"dark", GG_LIGHT_DARK},
    {NULL, 0},
};
static const name_value k_obscure_names[] = {
    {"none", GG_OBSCURE_NONE},
    {"light", GG_OBSCURE_LIGHT},
    {"heavy", GG_OBSCURE_HEAVY},
    /* Not a Nat20 value (Nat20 has no magical Darkness): spelt as the GridScene importer and
     * exporter spell it. */
    {"magical_darkness", GG_OBSCURE_MAGICAL_DARKNESS},
    {NULL, 0},
};

static bool lookup_name(const name_value *t, const char *s, int32_t *out)
{
    for (; t->name != NULL; t++) {
        if (strcmp(t->name, s) == 0) {
            *out = t->value;
            return true;
        }
    }
    return false;
}

static const char *value_name(const name_value *t, int32_t v)
{
    for (; t->name != NULL; t++) {
        if (t->value == v) {
            return t->name;
        }
    }
    return NULL;
}

static bool on_map(gg_cell c, int32_t w, int32_t h)
{
    return c.col >= 0 && c.col < w && c.row >= 0 && c.row < h;
}

/* ---- Query arguments ----------------------------------------------------------------------------- */

typedef struct env {
    json_t *q;
    gg_scene *scene; /* NULL for pure ops */
    gg_scratch **scratch;
    int32_t w, h, cell_ft;
    char *msg;
    size_t cap;
} env;

static gg_scratch *env_scratch(env *e)
{
    if (*e->scratch == NULL) {
        gg_status st = gg_scratch_create(e->scene, NULL, e->scratch);
        if (st != GG_OK) {
            *e->scratch = NULL;
            setmsg(e->msg, e->cap, "gg_scratch_create failed: %s", gg_status_name(st));
        }
    }
    return *e->scratch;
}

/* Working memory for one budgeted reach: the window the budget can reach, not the map (a 30-ft
 * reach on a 4096 x 4096 map takes about 14 KiB instead of 1.6 GiB; docs/memory.md). */
static gg_scratch *bounded_scratch(env *e, int32_t budget_ft)
{
    gg_scratch_def def = gg_scratch_def_default();
    def.uses = (uint32_t)GG_SCRATCH_BOUNDED;
    def.budget_ft = budget_ft < 0 ? 0 : budget_ft;
    gg_scratch *scratch = NULL;
    gg_status st = gg_scratch_create(e->scene, &def, &scratch);
    if (st != GG_OK) {
        setmsg(e->msg, e->cap, "gg_scratch_create failed: %s", gg_status_name(st));
        return NULL;
    }
    return scratch;
}

/* A cell argument: a malformed id becomes an off-map sentinel (departure (c)). */
typedef struct cell_arg {
    gg_cell c;
    bool malformed;
    bool off; /* off the map or malformed */
    const json_t *raw;
} cell_arg;

static bool get_cell(env *e, const char *key, cell_arg *out)
{
    json_t *v = json_object_get(e->q, key);
    if (!json_is_string(v)) {
        setmsg(e->msg, e->cap, "query field \"%s\" missing or not a string", key);
        return false;
    }
    out->raw = v;
    out->malformed = !parse_json_id(v, &out->c);
    if (out->malformed) {
        out->c = gg_cell_make(-1, -1);
    }
    out->off = out->malformed || !on_map(out->c, e->w, e->h);
    return true;
}

/* Two malformed ids with different text must stay different cells (Nat20 compares strings). */
static void distinct_sentinels(cell_arg *a, cell_arg *b)
{
    if (a->malformed && b->malformed && !json_equal(a->raw, b->raw)) {
        b->c = gg_cell_make(-2, -2);
    }
}

static bool get_cells2(env *e, const char *ka, const char *kb, cell_arg *a, cell_arg *b)
{
    if (!get_cell(e, ka, a) || !get_cell(e, kb, b)) {
        return false;
    }
    distinct_sentinels(a, b);
    return true;
}

static bool get_int(env *e, const char *key, int64_t lo, int64_t hi, int64_t *out)
{
    json_t *v = json_object_get(e->q, key);
    if (!json_is_integer(v)) {
        setmsg(e->msg, e->cap, "query field \"%s\" missing or not an integer", key);
        return false;
    }
    json_int_t x = json_integer_value(v);
    if (x < lo || x > hi) {
        setmsg(e->msg, e->cap, "query field \"%s\" = %lld is outside what the API takes", key,
               (long long)x);
        return false;
    }
    *out = (int64_t)x;
    return true;
}

static bool get_i32(env *e, const char *key, int32_t *out)
{
    int64_t v;
    if (!get_int(e, key, INT32_MIN, INT32_MAX, &v)) {
        return false;
    }
    *out = (int32_t)v;
    return true;
}

/* An optional list of ids; malformed entries are dropped (departure (c)). */
static bool get_cell_list(env *e, const char *key, cell_vec *out)
{
    json_t *v = json_object_get(e->q, key);
    if (v == NULL || json_is_null(v)) {
        return true;
    }
    if (!json_is_array(v)) {
        setmsg(e->msg, e->cap, "query field \"%s\" is not a list", key);
        return false;
    }
    size_t i;
    json_t *it;
    json_array_foreach(v, i, it)
    {
        gg_cell c;
        if (!json_is_string(it)) {
            setmsg(e->msg, e->cap, "query field \"%s\"[%zu] is not a string", key, i);
            return false;
        }
        if (parse_json_id(it, &c) && !cv_push(out, c)) {
            setmsg(e->msg, e->cap, "out of memory");
            return false;
        }
    }
    return true;
}

/* ---- Answers ------------------------------------------------------------------------------------- */

static json_t *status_json(gg_status st) { return json_pack("{s:s}", "error", gg_status_name(st)); }

static bool is_value_error(gg_status st)
{
    return st == GG_E_PARSE || st == GG_E_INVALID_ARG || st == GG_E_TOO_LARGE;
}

/* The answer for a status that is not a success: Nat20's empty answer when the status is
 * GG_E_OUT_OF_BOUNDS and an argument really is off the map, else the status itself. */
static json_t *empty_or_error(gg_status st, bool any_off, json_t *empty)
{
    if (st == GG_E_OUT_OF_BOUNDS && any_off) {
        return empty;
    }
    json_decref(empty);
    return status_json(st);
}

static json_t *bool_answer(gg_status st, bool any_off, bool value)
{
    if (st == GG_OK) {
        return json_boolean(value);
    }
    return empty_or_error(st, any_off, json_false());
}

static json_t *named_answer(const name_value *names, int32_t v)
{
    const char *s = value_name(names, v);
    if (s == NULL) {
        char buf[48];
        snprintf(buf, sizeof buf, "(enum value %d)", (int)v);
        return json_string(buf);
    }
    return json_string(s);
}

/* What a handler returns when it has written a failure message (or ran out of memory). */
#define HANDLER_FAILED NULL

/* ---- Op handlers --------------------------------------------------------------------------------- */

static json_t *op_parse_cell(env *e)
{
    json_t *v = json_object_get(e->q, "cid");
    if (!json_is_string(v)) {
        setmsg(e->msg, e->cap, "query field \"cid\" missing or not a string");
        return HANDLER_FAILED;
    }
    gg_cell c;
    const char *reason = NULL;
    gg_status st = gg_cell_parse(json_string_value(v), json_string_length(v), &c, &reason);
    if (st == GG_OK) {
        return json_pack("[II]", (json_int_t)c.col, (json_int_t)c.row);
    }
    if (is_value_error(st)) {
        return json_pack("{s:s}", "error", "ValueError");
    }
    return status_json(st);
}

static json_t *op_cell_id(env *e)
{
    int32_t col, row;
    if (!get_i32(e, "col", &col) || !get_i32(e, "row", &row)) {
        return HANDLER_FAILED;
    }
    return id_json(gg_cell_make(col, row));
}

static json_t *op_distance_ft(env *e)
{
    cell_arg a, b;
    if (!get_cells2(e, "a", "b", &a, &b)) {
        return HANDLER_FAILED;
    }
    int32_t feet = 0;
    gg_status st = gg_scene_distance_ft(e->scene, a.c, b.c, &feet);
    if (st == GG_OK) {
        return json_integer((json_int_t)feet);
    }
    return empty_or_error(st, a.off || b.off, json_null());
}

/* Feet are int32_t in the library and every distance on a scene fits one, so a range beyond
 * int32_t answers exactly as the nearest int32_t value does. */
static int32_t clamp_ft(int64_t ft)
{
    return ft > INT32_MAX ? INT32_MAX : ft < INT32_MIN ? INT32_MIN : (int32_t)ft;
}

static json_t *op_within_range(env *e)
{
    cell_arg a, b;
    int64_t range;
    if (!get_cells2(e, "a", "b", &a, &b) || !get_int(e, "range_ft", INT64_MIN, INT64_MAX, &range)) {
        return HANDLER_FAILED;
    }
    bool within = false;
    gg_status st = gg_scene_within_range(e->scene, a.c, b.c, clamp_ft(range), &within);
    return bool_answer(st, a.off || b.off, within);
}

static json_t *op_is_adjacent(env *e)
{
    cell_arg a, b;
    if (!get_cells2(e, "a", "b", &a, &b)) {
        return HANDLER_FAILED;
    }
    bool adj = false;
    gg_status st = gg_scene_is_adjacent(e->scene, a.c, b.c, &adj);
    return bool_answer(st, a.off || b.off, adj);
}

static json_t *op_is_valid_cell(env *e)
{
    cell_arg c;
    if (!get_cell(e, "cid", &c)) {
        return HANDLER_FAILED;
    }
    bool valid = false;
    gg_status st = gg_scene_is_valid_cell(e->scene, c.c, &valid);
    return bool_answer(st, c.off, valid);
}

static json_t *op_edge_distance(env *e)
{
    cell_arg a, b;
    if (!get_cells2(e, "a", "b", &a, &b)) {
        return HANDLER_FAILED;
    }
    int32_t cost = 0;
    gg_status st = gg_scene_edge_distance(e->scene, a.c, b.c, &cost);
    if (st == GG_OK) {
        return cost == GG_STEP_ILLEGAL ? json_null() : json_integer(cost);
    }
    return empty_or_error(st, a.off || b.off, json_null());
}

static json_t *op_bresenham(env *e)
{
    cell_arg a, b;
    if (!get_cells2(e, "a", "b", &a, &b)) {
        return HANDLER_FAILED;
    }
    if (a.malformed || b.malformed) {
        setmsg(e->msg, e->cap, "bresenham needs well-formed ids");
        return HANDLER_FAILED;
    }
    int64_t expected_len = gg_chebyshev(a.c, b.c) + 1;
    if (expected_len > (1 << 22)) {
        setmsg(e->msg, e->cap, "bresenham walk too long for the runner");
        return HANDLER_FAILED;
    }
    json_t *arr = json_array();
    gg_line_iter it = gg_line_begin(a.c, b.c);
    gg_cell c;
    int64_t n = 0;
    /* Bounded: a walk that runs past its length is reported as it is (one extra cell). */
    while (arr != NULL && n <= expected_len && gg_line_next(&it, &c)) {
        json_array_append_new(arr, id_json(c));
        n++;
    }
    return arr;
}

static bool get_hpoint(env *e, const char *key, gg_hpoint *out)
{
    json_t *v = json_object_get(e->q, key);
    if (!json_is_array(v) || json_array_size(v) != 2 || !json_is_number(json_array_get(v, 0)) ||
        !json_is_number(json_array_get(v, 1))) {
        setmsg(e->msg, e->cap, "query field \"%s\" is not a point [x, y]", key);
        return false;
    }
    int32_t hv[2];
    for (size_t i = 0; i < 2; i++) {
        double d = 2.0 * json_number_value(json_array_get(v, i));
        if (!(fabs(d) <= (double)GG_HPOINT_LIMIT) || floor(d) != d) {
            setmsg(e->msg, e->cap, "query field \"%s\" is not a multiple of 0.5 within limits",
                   key);
            return false;
        }
        hv[i] = (int32_t)d;
    }
    out->x = hv[0];
    out->y = hv[1];
    return true;
}

static json_t *op_segments_intersect(env *e)
{
    gg_hpoint p[4];
    if (!get_hpoint(e, "p1", &p[0]) || !get_hpoint(e, "p2", &p[1]) || !get_hpoint(e, "p3", &p[2]) ||
        !get_hpoint(e, "p4", &p[3])) {
        return HANDLER_FAILED;
    }
    return json_boolean(gg_segments_intersect(p[0], p[1], p[2], p[3]));
}

static json_t *op_has_line_of_sight(env *e)
{
    cell_arg a, b;
    if (!get_cells2(e, "a", "b", &a, &b)) {
        return HANDLER_FAILED;
    }
    bool vis = false;
    gg_status st = gg_scene_has_line_of_sight(e->scene, a.c, b.c, &vis);
    return bool_answer(st, a.off || b.off, vis);
}

static json_t *op_cover_between(env *e)
{
    cell_arg a, b;
    cell_vec occ = {NULL, 0, 0};
    json_t *res;
    if (!get_cells2(e, "a", "b", &a, &b) || !get_cell_list(e, "occupied_cells", &occ)) {
        res = HANDLER_FAILED;
    } else {
        gg_cover cover = GG_COVER_NONE;
        gg_status st = gg_scene_cover_between(e->scene, a.c, b.c, occ.v, occ.n, &cover);
        res = st == GG_OK ? named_answer(k_cover_names, (int32_t)cover)
                          : empty_or_error(st, a.off || b.off, json_string("none"));
    }
    cv_free(&occ);
    return res;
}

static json_t *op_cover_on_cell(env *e)
{
    cell_arg c;
    if (!get_cell(e, "cid", &c)) {
        return HANDLER_FAILED;
    }
    gg_cover cover = GG_COVER_NONE;
    gg_status st = gg_scene_cover_on_cell(e->scene, c.c, &cover);
    return st == GG_OK ? named_answer(k_cover_names, (int32_t)cover)
                       : empty_or_error(st, c.off, json_string("none"));
}

static json_t *op_light_on_cell(env *e)
{
    cell_arg c;
    if (!get_cell(e, "cid", &c)) {
        return HANDLER_FAILED;
    }
    gg_light light = GG_LIGHT_DEFAULT;
    gg_status st = gg_scene_light_on_cell(e->scene, c.c, &light);
    /* Off the map Nat20 answers the default light, not an empty answer: no OOB allowance. */
    return st == GG_OK ? named_answer(k_light_names, (int32_t)light) : status_json(st);
}

static json_t *op_obscurement_on_cell(env *e)
{
    cell_arg c;
    if (!get_cell(e, "cid", &c)) {
        return HANDLER_FAILED;
    }
    gg_obscurement ob = GG_OBSCURE_NONE;
    gg_status st = gg_scene_obscurement_on_cell(e->scene, c.c, &ob);
    return st == GG_OK ? named_answer(k_obscure_names, (int32_t)ob)
                       : empty_or_error(st, c.off, json_string("none"));
}

static json_t *op_in_range_with_los(env *e)
{
    cell_arg a, b;
    int64_t range;
    if (!get_cells2(e, "a", "b", &a, &b) || !get_int(e, "range_ft", INT64_MIN, INT64_MAX, &range)) {
        return HANDLER_FAILED;
    }
    bool ok = false;
    gg_status st = gg_scene_in_range_with_los(e->scene, a.c, b.c, clamp_ft(range), &ok);
    return bool_answer(st, a.off || b.off, ok);
}

static int32_t initial_capacity(const env *e)
{
    int64_t n = (int64_t)e->w * (int64_t)e->h + 1;
    return n > (1 << 20) ? (1 << 20) : (int32_t)n;
}

static json_t *op_shortest_path(env *e)
{
    cell_arg a, b;
    cell_vec avoid = {NULL, 0, 0};
    gg_cell *out = NULL;
    json_t *res = HANDLER_FAILED;
    gg_scratch *scratch = NULL;
    if (get_cells2(e, "a", "b", &a, &b) && get_cell_list(e, "avoid", &avoid) &&
        (scratch = env_scratch(e)) != NULL) {
        int32_t cap = initial_capacity(e);
        int32_t count = 0;
        gg_status st = GG_E_NO_MEMORY;
        for (int attempt = 0; attempt < 2; attempt++) {
            free(out);
            out = malloc((size_t)cap * sizeof *out);
            if (out == NULL) {
                break;
            }
            st = gg_scene_shortest_path(e->scene, scratch, a.c, b.c, avoid.v, avoid.n, out, cap,
                                        &count);
            if (st != GG_E_BUFFER_TOO_SMALL || count <= cap) {
                break;
            }
            cap = count;
        }
        if (st == GG_OK) {
            res = cells_json(out, count, false);
        } else {
            res = empty_or_error(st, a.off || b.off, json_array());
        }
    }
    free(out);
    cv_free(&avoid);
    return res;
}

static json_t *reach_json(const gg_reach *r, int32_t n, char *msg, size_t cap)
{
    json_t *obj = json_object();
    for (int32_t i = 0; obj != NULL && i < n; i++) {
        char key[GG_CELL_ID_MAX];
        gg_cell_format(r[i].cell, key, sizeof key);
        if (json_object_get(obj, key) != NULL) {
            setmsg(msg, cap, "the library reported cell %s twice", key);
            json_decref(obj);
            return HANDLER_FAILED;
        }
        json_t *prev = gg_cell_eq(r[i].prev, r[i].cell) ? json_null() : id_json(r[i].prev);
        json_object_set_new(obj, key, json_pack("[Io]", (json_int_t)r[i].cost_ft, prev));
    }
    return obj;
}

static json_t *op_reachable_cells(env *e)
{
    cell_arg s;
    int32_t budget;
    cell_vec avoid = {NULL, 0, 0};
    gg_reach *out = NULL;
    json_t *res = HANDLER_FAILED;
    gg_scratch *scratch = NULL;
    if (get_cell(e, "start", &s) && get_i32(e, "budget_ft", &budget) &&
        get_cell_list(e, "avoid", &avoid) && (scratch = bounded_scratch(e, budget)) != NULL) {
        int32_t cap = initial_capacity(e);
        int32_t count = 0;
        gg_status st = GG_E_NO_MEMORY;
        for (int attempt = 0; attempt < 2; attempt++) {
            free(out);
            out = malloc((size_t)cap * sizeof *out);
            if (out == NULL) {
                break;
            }
            st = gg_scene_reachable(e->scene, scratch, s.c, budget, avoid.v, avoid.n, out, cap,
                                    &count);
            if (st != GG_PARTIAL || count <= cap) {
                break;
            }
            cap = count;
        }
        if (st == GG_OK) {
            res = reach_json(out, count, e->msg, e->cap);
        } else {
            res = empty_or_error(st, s.off, json_object());
        }
    }
    gg_scratch_destroy(scratch);
    free(out);
    cv_free(&avoid);
    return res;
}

static bool get_template(env *e, gg_template *tpl)
{
    static const name_value shapes[] = {
        {"sphere", GG_SHAPE_SPHERE}, {"cylinder", GG_SHAPE_CYLINDER}, {"cone", GG_SHAPE_CONE},
        {"line", GG_SHAPE_LINE},     {"cube", GG_SHAPE_CUBE},         {NULL, 0},
    };
    json_t *shape = json_object_get(e->q, "shape");
    if (!json_is_string(shape)) {
        setmsg(e->msg, e->cap, "query field \"shape\" missing or not a string");
        return false;
    }
    int32_t sv;
    /* An unknown shape name is Nat20's "unknown template shape" ValueError: hand the library a
     * value outside gg_shape so that it reports it (after its off-map-origin early return). */
    tpl->shape = lookup_name(shapes, json_string_value(shape), &sv) ? (gg_shape)sv : (gg_shape)0;
    if (!get_i32(e, "size_ft", &tpl->size_ft)) {
        return false;
    }
    tpl->has_direction = false;
    tpl->direction = gg_cell_make(0, 0);
    json_t *dir = json_object_get(e->q, "direction");
    if (dir != NULL && !json_is_null(dir)) {
        json_t *dc = json_array_get(dir, 0);
        json_t *dr = json_array_get(dir, 1);
        if (!json_is_array(dir) || json_array_size(dir) != 2 || !json_is_integer(dc) ||
            !json_is_integer(dr) || json_integer_value(dc) < INT32_MIN ||
            json_integer_value(dc) > INT32_MAX || json_integer_value(dr) < INT32_MIN ||
            json_integer_value(dr) > INT32_MAX) {
            setmsg(e->msg, e->cap, "query field \"direction\" is not [dcol, drow] (int32)");
            return false;
        }
        tpl->has_direction = true;
        tpl->direction = gg_cell_make((int32_t)json_integer_value(dc),
                                      (int32_t)json_integer_value(dr));
    }
    return true;
}

static json_t *template_answer(gg_status st, const gg_cell *out, int32_t count, bool sorted,
                               bool any_off)
{
    if (st == GG_OK) {
        return cells_json(out, count, sorted);
    }
    if (is_value_error(st)) {
        return json_pack("{s:s}", "error", "ValueError");
    }
    return empty_or_error(st, any_off, json_array());
}

static json_t *op_template_common(env *e, bool sorted)
{
    cell_arg o;
    gg_template tpl;
    if (!get_cell(e, "origin", &o) || !get_template(e, &tpl)) {
        return HANDLER_FAILED;
    }
    int32_t cap = initial_capacity(e);
    int32_t count = 0;
    gg_cell *out = NULL;
    gg_status st = GG_E_NO_MEMORY;
    const char *reason = NULL;
    for (int attempt = 0; attempt < 2; attempt++) {
        free(out);
        out = malloc((size_t)cap * sizeof *out);
        if (out == NULL) {
            break;
        }
        st = gg_template_cells(e->w, e->h, e->cell_ft, o.c, &tpl, out, cap, &count, &reason);
        if (st != GG_PARTIAL || count <= cap) {
            break;
        }
        cap = count;
    }
    json_t *res = template_answer(st, out, count, sorted, o.off);
    free(out);
    return res;
}

static json_t *op_cells_in_template(env *e) { return op_template_common(e, true); }

static json_t *op_cells_in_template_ordered(env *e) { return op_template_common(e, false); }

static json_t *op_area_cells(env *e)
{
    cell_arg o;
    gg_template tpl;
    if (!get_cell(e, "origin", &o) || !get_template(e, &tpl)) {
        return HANDLER_FAILED;
    }
    json_t *inc = json_object_get(e->q, "includes_origin");
    if (!json_is_boolean(inc)) {
        setmsg(e->msg, e->cap, "query field \"includes_origin\" missing or not a boolean");
        return HANDLER_FAILED;
    }
    int32_t cap = initial_capacity(e);
    int32_t count = 0;
    gg_cell *out = NULL;
    gg_status st = GG_E_NO_MEMORY;
    const char *reason = NULL;
    for (int attempt = 0; attempt < 2; attempt++) {
        free(out);
        out = malloc((size_t)cap * sizeof *out);
        if (out == NULL) {
            break;
        }
        st = gg_scene_area_cells(e->scene, o.c, &tpl, json_is_true(inc), out, cap, &count, &reason);
        if (st != GG_PARTIAL || count <= cap) {
            break;
        }
        cap = count;
    }
    json_t *res = template_answer(st, out, count, true, o.off);
    free(out);
    return res;
}

static json_t *op_has_line_of_effect(env *e)
{
    cell_arg o, c;
    if (!get_cells2(e, "origin", "cell", &o, &c)) {
        return HANDLER_FAILED;
    }
    bool reached = false;
    gg_status st = gg_scene_has_line_of_effect(e->scene, o.c, c.c, &reached);
    return bool_answer(st, o.off || c.off, reached);
}

static bool get_senses(env *e, gg_senses *s, bool *present)
{
    static const char *const names[4] = {"darkvision", "blindsight", "tremorsense", "truesight"};
    *s = gg_senses_none();
    *present = false;
    json_t *v = json_object_get(e->q, "senses");
    if (v == NULL || json_is_null(v)) {
        return true;
    }
    if (!json_is_object(v)) {
        setmsg(e->msg, e->cap, "query field \"senses\" is not an object or null");
        return false;
    }
    const char *key;
    json_t *val;
    json_object_foreach(v, key, val)
    {
        int idx = -1;
        for (int i = 0; i < 4; i++) {
            if (strcmp(names[i], key) == 0) {
                idx = i;
            }
        }
        if (idx < 0) {
            setmsg(e->msg, e->cap, "senses: unknown field \"%s\"", key);
            return false;
        }
        int32_t ft = GG_SENSE_NONE;
        if (!json_is_null(val)) {
            if (!json_is_integer(val) || json_integer_value(val) < INT32_MIN ||
                json_integer_value(val) > INT32_MAX) {
                setmsg(e->msg, e->cap, "senses: \"%s\" is not an integer or null", key);
                return false;
            }
            ft = (int32_t)json_integer_value(val);
        }
        switch (idx) {
        case 0:
            s->darkvision_ft = ft;
            break;
        case 1:
            s->blindsight_ft = ft;
            break;
        case 2:
            s->tremorsense_ft = ft;
            break;
        default:
            s->truesight_ft = ft;
            break;
        }
    }
    *present = true;
    return true;
}

static json_t *op_can_see(env *e)
{
    cell_arg a, b;
    gg_senses senses;
    bool have_senses;
    if (!get_cells2(e, "a", "b", &a, &b) || !get_senses(e, &senses, &have_senses)) {
        return HANDLER_FAILED;
    }
    bool seen = false;
    gg_status st = gg_scene_can_see(e->scene, a.c, b.c, have_senses ? &senses : NULL, &seen);
    return bool_answer(st, a.off || b.off, seen);
}

static json_t *op_push_path(env *e)
{
    cell_arg o, t;
    int32_t dist;
    cell_vec occ = {NULL, 0, 0};
    gg_cell *out = NULL;
    json_t *res = HANDLER_FAILED;
    if (get_cells2(e, "origin", "target", &o, &t) && get_i32(e, "distance_ft", &dist) &&
        get_cell_list(e, "occupied_cells", &occ)) {
        int32_t cap = (e->w > e->h ? e->w : e->h) + 1;
        int32_t count = 0;
        gg_status st = GG_E_NO_MEMORY;
        for (int attempt = 0; attempt < 2; attempt++) {
            free(out);
            out = malloc((size_t)cap * sizeof *out);
            if (out == NULL) {
                break;
            }
            st = gg_scene_push_path(e->scene, o.c, t.c, dist, occ.v, occ.n, out, cap, &count);
            if (st != GG_E_BUFFER_TOO_SMALL || count <= cap) {
                break;
            }
            cap = count;
        }
        res = st == GG_OK ? cells_json(out, count, false)
                          : empty_or_error(st, o.off || t.off, json_array());
    }
    free(out);
    cv_free(&occ);
    return res;
}

/* ---- Op table ------------------------------------------------------------------------------------ */

struct gg_n20_op {
    const char *name;
    bool needs_scene;
    const char *required[5];
    const char *optional[3];
    json_t *(*fn)(env *e);
};

static const gg_n20_op k_ops[] = {
    {"parse_cell", false, {"cid"}, {NULL}, op_parse_cell},
    {"cell_id", false, {"col", "row"}, {NULL}, op_cell_id},
    {"distance_ft", true, {"a", "b"}, {NULL}, op_distance_ft},
    {"within_range", true, {"a", "b", "range_ft"}, {NULL}, op_within_range},
    {"is_adjacent", true, {"a", "b"}, {NULL}, op_is_adjacent},
    {"is_valid_cell", true, {"cid"}, {NULL}, op_is_valid_cell},
    {"edge_distance", true, {"a", "b"}, {NULL}, op_edge_distance},
    {"bresenham", false, {"a", "b"}, {NULL}, op_bresenham},
    {"segments_intersect", false, {"p1", "p2", "p3", "p4"}, {NULL}, op_segments_intersect},
    {"has_line_of_sight", true, {"a", "b"}, {NULL}, op_has_line_of_sight},
    {"cover_between", true, {"a", "b"}, {"occupied_cells"}, op_cover_between},
    {"cover_on_cell", true, {"cid"}, {NULL}, op_cover_on_cell},
    {"light_on_cell", true, {"cid"}, {NULL}, op_light_on_cell},
    {"obscurement_on_cell", true, {"cid"}, {NULL}, op_obscurement_on_cell},
    {"in_range_with_los", true, {"a", "b", "range_ft"}, {NULL}, op_in_range_with_los},
    {"shortest_path", true, {"a", "b"}, {"avoid"}, op_shortest_path},
    {"reachable_cells", true, {"start", "budget_ft"}, {"avoid"}, op_reachable_cells},
    {"cells_in_template",
     true,
     {"origin", "shape", "size_ft"},
     {"direction"},
     op_cells_in_template},
    {"cells_in_template_ordered",
     true,
     {"origin", "shape", "size_ft"},
     {"direction"},
     op_cells_in_template_ordered},
    {"area_cells",
     true,
     {"origin", "shape", "size_ft", "includes_origin"},
     {"direction"},
     op_area_cells},
    {"has_line_of_effect", true, {"origin", "cell"}, {NULL}, op_has_line_of_effect},
    {"can_see", true, {"a", "b"}, {"senses"}, op_can_see},
    {"push_path", true, {"origin", "target", "distance_ft"}, {"occupied_cells"}, op_push_path},
    {NULL, false, {NULL}, {NULL}, NULL},
};

static bool in_list(const char *const *list, size_t n, const char *s)
{
    for (size_t i = 0; i < n && list[i] != NULL; i++) {
        if (strcmp(list[i], s) == 0) {
            return true;
        }
    }
    return false;
}

bool gg_n20_check_fields(const gg_n20_op *spec, json_t *q, bool allow_id, char *msg, size_t cap)
{
    const char *key;
    json_t *val;
    json_object_foreach(q, key, val)
    {
        if (strcmp(key, "op") == 0 || (allow_id && strcmp(key, "id") == 0)) {
            continue;
        }
        if (!in_list(spec->required, 5, key) && !in_list(spec->optional, 3, key)) {
            setmsg(msg, cap, "%s: unknown query field \"%s\"", spec->name, key);
            return false;
        }
    }
    for (size_t i = 0; i < 5 && spec->required[i] != NULL; i++) {
        if (json_object_get(q, spec->required[i]) == NULL) {
            setmsg(msg, cap, "%s: missing query field \"%s\"", spec->name, spec->required[i]);
            return false;
        }
    }
    return true;
}

const gg_n20_op *gg_n20_find_op(const char *name)
{
    for (const gg_n20_op *s = k_ops; s->name != NULL; s++) {
        if (strcmp(s->name, name) == 0) {
            return s;
        }
    }
    return NULL;
}

bool gg_n20_op_needs_scene(const gg_n20_op *op) { return op->needs_scene; }

json_t *gg_n20_answer(const gg_n20_op *op, json_t *q, gg_scene *scene, gg_scratch **scratch,
                      char *msg, size_t msgcap)
{
    env e;
    e.q = q;
    e.scene = scene;
    e.scratch = scratch;
    e.w = e.h = 0;
    e.cell_ft = 5;
    e.msg = msg;
    e.cap = msgcap;
    if (scene != NULL) {
        e.w = gg_scene_width(scene);
        e.h = gg_scene_height(scene);
        e.cell_ft = gg_scene_cell_size_ft(scene);
    }
    json_t *got = op->fn(&e);
    if (got == NULL && msgcap > 0 && msg[0] == '\0') {
        setmsg(msg, msgcap, "out of memory building the answer");
    }
    return got;
}

/* The JSON type of a Nat20 field, in the words of `gridgeom query --help` (docs/cli.md). A
 * "cell" here may be any string: a malformed id stands for an off-map cell (departure (c)). */
static const char *n20_field_type(const char *field)
{
    static const char *const types[][2] = {
        {"cid", "cell"},
        {"a", "cell"},
        {"b", "cell"},
        {"col", "int"},
        {"row", "int"},
        {"range_ft", "int"},
        {"p1", "point"},
        {"p2", "point"},
        {"p3", "point"},
        {"p4", "point"},
        {"occupied_cells", "cells"},
        {"avoid", "cells"},
        {"start", "cell"},
        {"budget_ft", "int"},
        {"origin", "cell"},
        {"shape", "name"},
        {"size_ft", "int"},
        {"direction", "ints"},
        {"includes_origin", "bool"},
        {"cell", "cell"},
        {"senses", "object"},
        {"target", "cell"},
        {"distance_ft", "int"},
    };
    for (size_t i = 0; i < sizeof types / sizeof types[0]; i++) {
        if (strcmp(types[i][0], field) == 0) {
            return types[i][1];
        }
    }
    return "any";
}

void gg_n20_list_ops(FILE *out)
{
    for (const gg_n20_op *s = k_ops; s->name != NULL; s++) {
        fprintf(out, "  %-26s", s->name);
        for (size_t i = 0; i < 5 && s->required[i] != NULL; i++) {
            fprintf(out, " %s:%s", s->required[i], n20_field_type(s->required[i]));
        }
        for (size_t i = 0; i < 3 && s->optional[i] != NULL; i++) {
            fprintf(out, " [%s:%s]", s->optional[i], n20_field_type(s->optional[i]));
        }
        fputc('\n', out);
    }
}
