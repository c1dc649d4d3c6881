/* conf_hex.c - checks the hex terrain-sight vectors (shared/conformance/hex_sight.jsonl) against
 * the hex layer: coordinates, lines, rings, ranges, sight, paths, reachable sets. Test code. */
#include "conformance.h"

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gridgeom/hex.h"

#if defined(__GNUC__)
#define HX_PRINTF(a, b) __attribute__((format(printf, a, b)))
#else
#define HX_PRINTF(a, b)
#endif

static void hmsg(char *msg, size_t cap, const char *fmt, ...) HX_PRINTF(3, 4);
static void hmsg(char *msg, size_t cap, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, cap, fmt, ap);
    va_end(ap);
}

/* ---- JSON helpers ----------------------------------------------------------------------------- */

/* Numbers, plus the strings "NaN", "Infinity", "-Infinity" the vectors use for non-finite ones. */
static bool get_num(const json_t *v, double *out)
{
    if (json_is_integer(v)) {
        *out = (double)json_integer_value(v);
        return true;
    }
    if (json_is_real(v)) {
        *out = json_real_value(v);
        return true;
    }
    if (json_is_string(v)) {
        const char *s = json_string_value(v);
        if (strcmp(s, "NaN") == 0) {
            *out = (double)NAN;
            return true;
        }
        if (strcmp(s, "Infinity") == 0) {
            *out = HUGE_VAL;
            return true;
        }
        if (strcmp(s, "-Infinity") == 0) {
            *out = -HUGE_VAL;
            return true;
        }
    }
    return false;
}

/* Fails on any key of `obj` not in the NULL-terminated list. */
static bool only_keys(json_t *obj, const char *const *known, const char *what, char *msg,
                      size_t cap)
{
    if (!json_is_object(obj)) {
        hmsg(msg, cap, "%s is not an object", what);
        return false;
    }
    const char *key;
    json_t *val;
    json_object_foreach(obj, key, val)
    {
        (void)val;
        bool ok = false;
        for (size_t i = 0; known[i] != NULL; ++i)
            if (strcmp(key, known[i]) == 0)
                ok = true;
        if (!ok) {
            hmsg(msg, cap, "unknown field \"%s\" in %s", key, what);
            return false;
        }
    }
    return true;
}

/* A {q, r} object as doubles (which may be non-integers: the vectors test their rejection). */
static bool get_qr(json_t *obj, double *q, double *r)
{
    static const char *const k[] = {"q", "r", NULL};
    char dummy[8];
    return json_is_object(obj) && only_keys(obj, k, "", dummy, sizeof dummy) &&
           get_num(json_object_get(obj, "q"), q) && get_num(json_object_get(obj, "r"), r);
}

static bool get_hex(json_t *obj, gg_hex *out)
{
    double q, r;
    return get_qr(obj, &q, &r) && gg_hex_from_doubles(q, r, out) == GG_OK;
}

/* A [q, r] pair. */
static bool get_pair(json_t *arr, gg_hex *out)
{
    double q, r;
    return json_is_array(arr) && json_array_size(arr) == 2 && get_num(json_array_get(arr, 0), &q) &&
           get_num(json_array_get(arr, 1), &r) && gg_hex_from_doubles(q, r, out) == GG_OK;
}

/* Compares a JSON list of [q, r] with cells. */
static bool cells_match(json_t *arr, const gg_hex *cells, int32_t n, const char *what, char *msg,
                        size_t cap)
{
    if (!json_is_array(arr)) {
        hmsg(msg, cap, "expected %s is not an array", what);
        return false;
    }
    if ((int32_t)json_array_size(arr) != n) {
        hmsg(msg, cap, "%s: expected %zu cells, library gave %d", what, json_array_size(arr), n);
        return false;
    }
    for (int32_t i = 0; i < n; ++i) {
        gg_hex e;
        if (!get_pair(json_array_get(arr, (size_t)i), &e)) {
            hmsg(msg, cap, "%s: malformed expected cell %d", what, i);
            return false;
        }
        if (!gg_hex_eq(e, cells[i])) {
            hmsg(msg, cap, "%s: cell %d expected (%d,%d), library gave (%d,%d)", what, i, e.q, e.r,
                 cells[i].q, cells[i].r);
            return false;
        }
    }
    return true;
}

static const char *const k_common[] = {"op", "id", "provenance", "tags", "expect"};

static bool check_top(json_t *line, const char *const *extra, char *msg, size_t cap)
{
    const char *keys[16];
    size_t n = 0;
    for (size_t i = 0; i < sizeof k_common / sizeof *k_common; ++i)
        keys[n++] = k_common[i];
    for (size_t i = 0; extra[i] != NULL && n < 15; ++i)
        keys[n++] = extra[i];
    keys[n] = NULL;
    return only_keys(line, keys, "the vector", msg, cap);
}

static bool has_tag(json_t *line, const char *tag)
{
    json_t *tags = json_object_get(line, "tags");
    size_t i;
    json_t *t;
    json_array_foreach(tags, i, t)
    {
        if (json_is_string(t) && strcmp(json_string_value(t), tag) == 0)
            return true;
    }
    return false;
}

/* ---- Coordinates ------------------------------------------------------------------------------ */

static conf_result op_distance(json_t *line, char *msg, size_t cap)
{
    static const char *const k[] = {"a", "b", NULL};
    static const char *const ke[] = {"distance", NULL};
    gg_hex a, b;
    json_t *ex = json_object_get(line, "expect");
    if (!check_top(line, k, msg, cap) || !only_keys(ex, ke, "expect", msg, cap))
        return CONF_FAIL;
    if (!get_hex(json_object_get(line, "a"), &a) || !get_hex(json_object_get(line, "b"), &b)) {
        hmsg(msg, cap, "malformed a/b");
        return CONF_FAIL;
    }
    json_t *jd = json_object_get(ex, "distance");
    if (!json_is_integer(jd)) {
        hmsg(msg, cap, "expect.distance is not an integer");
        return CONF_FAIL;
    }
    int64_t got = gg_hex_distance(a, b), want = (int64_t)json_integer_value(jd);
    if (got != want) {
        hmsg(msg, cap, "distance expected %lld, library gave %lld", (long long)want,
             (long long)got);
        return CONF_FAIL;
    }
    return CONF_PASS;
}

static conf_result op_line(json_t *line, char *msg, size_t cap)
{
    static const char *const k[] = {"a", "b", NULL};
    static const char *const ke[] = {"line", NULL};
    gg_hex a, b;
    json_t *ex = json_object_get(line, "expect");
    if (!check_top(line, k, msg, cap) || !only_keys(ex, ke, "expect", msg, cap))
        return CONF_FAIL;
    if (!get_hex(json_object_get(line, "a"), &a) || !get_hex(json_object_get(line, "b"), &b)) {
        hmsg(msg, cap, "malformed a/b");
        return CONF_FAIL;
    }
    int32_t n = 0;
    gg_status s = gg_hex_line(a, b, NULL, 0, &n);
    if (s != GG_PARTIAL && s != GG_OK) {
        hmsg(msg, cap, "gg_hex_line: %s", gg_status_name(s));
        return CONF_FAIL;
    }
    gg_hex *cells = malloc((size_t)n * sizeof *cells);
    if (cells == NULL) {
        hmsg(msg, cap, "out of memory");
        return CONF_FAIL;
    }
    s = gg_hex_line(a, b, cells, n, &n);
    bool ok = s == GG_OK && cells_match(json_object_get(ex, "line"), cells, n, "line", msg, cap);
    if (s != GG_OK)
        hmsg(msg, cap, "gg_hex_line: %s", gg_status_name(s));
    free(cells);
    return ok ? CONF_PASS : CONF_FAIL;
}

static conf_result op_neighbors(json_t *line, char *msg, size_t cap)
{
    static const char *const k[] = {"at", NULL};
    static const char *const ke[] = {"neighbors", NULL};
    gg_hex at, nb[6];
    json_t *ex = json_object_get(line, "expect");
    if (!check_top(line, k, msg, cap) || !only_keys(ex, ke, "expect", msg, cap))
        return CONF_FAIL;
    if (!get_hex(json_object_get(line, "at"), &at)) {
        hmsg(msg, cap, "malformed at");
        return CONF_FAIL;
    }
    if (gg_hex_neighbors(at, nb) != GG_OK) {
        hmsg(msg, cap, "gg_hex_neighbors failed");
        return CONF_FAIL;
    }
    return cells_match(json_object_get(ex, "neighbors"), nb, 6, "neighbors", msg, cap) ? CONF_PASS
                                                                                       : CONF_FAIL;
}

static conf_result op_ring_range(json_t *line, bool ring, char *msg, size_t cap)
{
    static const char *const k[] = {"center", "radius", NULL};
    static const char *const ke[] = {"cells", NULL};
    gg_hex c;
    double radius;
    json_t *ex = json_object_get(line, "expect");
    if (!check_top(line, k, msg, cap) || !only_keys(ex, ke, "expect", msg, cap))
        return CONF_FAIL;
    if (!get_hex(json_object_get(line, "center"), &c) ||
        !get_num(json_object_get(line, "radius"), &radius) || isnan(radius)) {
        hmsg(msg, cap, "malformed center/radius");
        return CONF_FAIL;
    }
    /* The C API takes an integer radius >= 0; the reference normalises with max(0, floor(r)). */
    double k_norm = floor(radius);
    if (k_norm < 0.0)
        k_norm = 0.0;
    if (k_norm > 10000.0) {
        hmsg(msg, cap, "radius too large for the runner");
        return CONF_FAIL;
    }
    int32_t kk = (int32_t)k_norm, n = 0;
    gg_hex *cells = malloc(((size_t)3 * (size_t)kk * (size_t)(kk + 1) + 1) * sizeof *cells);
    if (cells == NULL) {
        hmsg(msg, cap, "out of memory");
        return CONF_FAIL;
    }
    int32_t capn = 3 * kk * (kk + 1) + 1;
    gg_status s = ring ? gg_hex_ring(c, kk, cells, capn, &n) : gg_hex_range(c, kk, cells, capn, &n);
    bool ok = s == GG_OK && cells_match(json_object_get(ex, "cells"), cells, n, "cells", msg, cap);
    if (s != GG_OK)
        hmsg(msg, cap, "library status %s", gg_status_name(s));
    free(cells);
    return ok ? CONF_PASS : CONF_FAIL;
}

/* ---- Sight ------------------------------------------------------------------------------------ */

typedef struct stile {
    double q, r, ground, obstruction;
} stile;

typedef struct stiles {
    stile *v;
    size_t n;
    long calls;
} stiles;

static bool stiles_sample(void *user, gg_hex h, gg_hex_tile *out)
{
    stiles *t = (stiles *)user;
    t->calls++;
    for (size_t i = 0; i < t->n; ++i) {
        if (t->v[i].q == (double)h.q && t->v[i].r == (double)h.r) {
            *out = gg_hex_tile_default();
            out->ground = t->v[i].ground;
            out->obstruction = t->v[i].obstruction;
            return true;
        }
    }
    return false;
}

static const char *reason_name(gg_sight_reason r)
{
    switch (r) {
    case GG_SIGHT_CLEAR:
        return "clear";
    case GG_SIGHT_RANGE:
        return "range";
    case GG_SIGHT_MISSING_TILE:
        return "missing-tile";
    case GG_SIGHT_OCCLUDED:
        return "occluded";
    }
    return "?";
}

static const char *fault_name(gg_sight_fault f)
{
    switch (f) {
    case GG_SIGHT_FAULT_RANGE:
        return "invalid-range";
    case GG_SIGHT_FAULT_HEIGHT:
        return "invalid-height";
    case GG_SIGHT_FAULT_GROUND:
        return "invalid-ground-height";
    case GG_SIGHT_FAULT_OBSTRUCTION:
        return "invalid-obstruction-height";
    case GG_SIGHT_FAULT_NONE:
    case GG_SIGHT_FAULT_ARGUMENT:
    case GG_SIGHT_FAULT_DENSITY:
    case GG_SIGHT_FAULT_OPACITY:
        break;
    }
    return "unexpected-fault";
}

/* Compares one library answer (status, result, trace) with `expect`. */
static bool sight_matches(json_t *ex, const char *variant, gg_status s,
                          const gg_hex_sight_result *res, const gg_hex *traced, int32_t n,
                          char *msg, size_t cap)
{
    json_t *jerr = json_object_get(ex, "error");
    if (jerr != NULL) {
        const char *want = json_string_value(jerr);
        const char *got = s == GG_E_INVALID_ARG ? fault_name(res->fault) : "no error";
        if (want == NULL || strcmp(want, got) != 0) {
            hmsg(msg, cap, "%s: expected error %s, library gave %s (%s)", variant,
                 want ? want : "?", got, gg_status_name(s));
            return false;
        }
        return true;
    }
    if (s != GG_OK) {
        hmsg(msg, cap, "%s: library status %s (fault %d)", variant, gg_status_name(s),
             (int)res->fault);
        return false;
    }
    json_t *jv = json_object_get(ex, "visible"), *jr = json_object_get(ex, "reason");
    if (!json_is_boolean(jv) || !json_is_string(jr)) {
        hmsg(msg, cap, "malformed expect");
        return false;
    }
    if (json_is_true(jv) != res->visible ||
        strcmp(json_string_value(jr), reason_name(res->reason))) {
        hmsg(msg, cap, "%s: expected %s/%s, library gave %s/%s", variant,
             json_is_true(jv) ? "visible" : "hidden", json_string_value(jr),
             res->visible ? "visible" : "hidden", reason_name(res->reason));
        return false;
    }
    if (!cells_match(json_object_get(ex, "traced"), traced, n, "traced", msg, cap))
        return false;
    json_t *jb = json_object_get(ex, "blocker");
    if (json_is_null(jb) || jb == NULL) {
        if (res->has_blocker) {
            hmsg(msg, cap, "%s: expected no blocker, library gave (%d,%d)", variant, res->blocker.q,
                 res->blocker.r);
            return false;
        }
    } else {
        gg_hex b;
        if (!get_pair(jb, &b)) {
            hmsg(msg, cap, "malformed expected blocker");
            return false;
        }
        if (!res->has_blocker || !gg_hex_eq(b, res->blocker)) {
            hmsg(msg, cap, "%s: expected blocker (%d,%d), library gave %s (%d,%d)", variant, b.q,
                 b.r, res->has_blocker ? "" : "none", res->blocker.q, res->blocker.r);
            return false;
        }
        if (res->blocker_index >= 0 && res->blocker_index < n &&
            !gg_hex_eq(traced[res->blocker_index], res->blocker)) {
            hmsg(msg, cap, "%s: blocker_index does not point at the blocker", variant);
            return false;
        }
    }
    return true;
}

static conf_result op_sight(json_t *line, char *msg, size_t cap)
{
    static const char *const k[] = {"board_radius", "tiles", "from", "to", "options", NULL};
    static const char *const ke[] = {"visible", "reason", "traced", "blocker", "error", NULL};
    static const char *const ko[] = {"maxRangeHexes", "eyeHeight", "targetHeight", NULL};
    static const char *const kt[] = {"q", "r", "ground", "obstruction", NULL};
    json_t *ex = json_object_get(line, "expect"), *opt = json_object_get(line, "options");
    json_t *jtiles = json_object_get(line, "tiles");
    if (!check_top(line, k, msg, cap) || !only_keys(ex, ke, "expect", msg, cap) ||
        !only_keys(opt, ko, "options", msg, cap))
        return CONF_FAIL;
    if (!json_is_array(jtiles) || !json_is_integer(json_object_get(line, "board_radius"))) {
        hmsg(msg, cap, "malformed tiles/board_radius");
        return CONF_FAIL;
    }
    stiles st;
    st.n = json_array_size(jtiles);
    st.calls = 0;
    st.v = malloc((st.n ? st.n : 1) * sizeof *st.v);
    if (st.v == NULL) {
        hmsg(msg, cap, "out of memory");
        return CONF_FAIL;
    }
    conf_result result = CONF_FAIL;
    gg_hex_board *board = NULL;
    gg_hex *traced = NULL;
    for (size_t i = 0; i < st.n; ++i) {
        json_t *t = json_array_get(jtiles, i);
        if (!only_keys(t, kt, "a tile", msg, cap))
            goto done;
        if (!get_num(json_object_get(t, "q"), &st.v[i].q) ||
            !get_num(json_object_get(t, "r"), &st.v[i].r) ||
            !get_num(json_object_get(t, "ground"), &st.v[i].ground) ||
            !get_num(json_object_get(t, "obstruction"), &st.v[i].obstruction)) {
            hmsg(msg, cap, "malformed tile %zu", i);
            goto done;
        }
    }
    double fq, fr, tq, tr, range, eye, target;
    if (!get_qr(json_object_get(line, "from"), &fq, &fr) ||
        !get_qr(json_object_get(line, "to"), &tq, &tr) ||
        !get_num(json_object_get(opt, "maxRangeHexes"), &range) ||
        !get_num(json_object_get(opt, "eyeHeight"), &eye) ||
        !get_num(json_object_get(opt, "targetHeight"), &target)) {
        hmsg(msg, cap, "malformed from/to/options");
        goto done;
    }

    /* R1: coordinates come first. The C type holds only integers, so a non-integer coordinate
     * is rejected by gg_hex_from_doubles() before the query (as a binding would). */
    gg_hex from, to;
    if (gg_hex_from_doubles(fq, fr, &from) != GG_OK || gg_hex_from_doubles(tq, tr, &to) != GG_OK) {
        json_t *jerr = json_object_get(ex, "error");
        if (jerr != NULL && strcmp(json_string_value(jerr), "invalid-coordinates") == 0)
            result = CONF_PASS;
        else
            hmsg(msg, cap, "library rejects the coordinates; expected a result");
        goto done;
    }
    gg_sight_def def = gg_sight_def_default();
    /* maxRangeHexes: NaN, infinities and fractions are not representable as int64; a binding maps
     * them to an invalid (negative) range so the library reports it in validation order. */
    def.max_range = (isfinite(range) && floor(range) == range && fabs(range) < 9.0e18)
                        ? (int64_t)range
                        : -1;
    def.eye_height = eye;
    def.target_height = target;

    int64_t d = gg_hex_distance(from, to);
    int32_t capn = d < 100000 ? (int32_t)d + 1 : 1;
    traced = malloc((size_t)capn * sizeof *traced);
    if (traced == NULL) {
        hmsg(msg, cap, "out of memory");
        goto done;
    }

    /* Variant 1: the callback sampler (reads the raw values, so invalid heights reach it). */
    gg_hex_sight_result res;
    int32_t n = 0;
    gg_status s = gg_hex_sight(stiles_sample, &st, from, to, &def, traced, capn, &n, &res);
    if (!sight_matches(ex, "sampler", s, &res, traced, n, msg, cap))
        goto done;
    if (res.reason == GG_SIGHT_RANGE && s == GG_OK && st.calls != 0) {
        hmsg(msg, cap, "sampler: range answer looked up %ld tiles", st.calls);
        goto done;
    }

    /* Variant 2: a board, when every tile is a valid board tile (invalid heights cannot be set). */
    bool board_ok = true;
    int32_t qmin = INT32_MAX, qmax = INT32_MIN, rmin = INT32_MAX, rmax = INT32_MIN;
    for (size_t i = 0; i < st.n; ++i) {
        gg_hex h;
        if (gg_hex_from_doubles(st.v[i].q, st.v[i].r, &h) != GG_OK) {
            hmsg(msg, cap, "tile %zu has bad coordinates", i);
            goto done;
        }
        qmin = h.q < qmin ? h.q : qmin;
        qmax = h.q > qmax ? h.q : qmax;
        rmin = h.r < rmin ? h.r : rmin;
        rmax = h.r > rmax ? h.r : rmax;
    }
    if (st.n == 0)
        qmin = qmax = rmin = rmax = 0;
    gg_hex_board_def bd = gg_hex_board_def_default();
    bd.origin = gg_hex_make(qmin, rmin);
    bd.q_count = qmax - qmin + 1;
    bd.r_count = rmax - rmin + 1;
    if (gg_hex_board_create(&bd, &board) != GG_OK) {
        hmsg(msg, cap, "board create failed");
        goto done;
    }
    for (size_t i = 0; i < st.n && board_ok; ++i) {
        gg_hex_tile t = gg_hex_tile_default();
        t.ground = st.v[i].ground;
        t.obstruction = st.v[i].obstruction;
        gg_status bs = gg_hex_board_set_tile(board,
                                             gg_hex_make((int32_t)st.v[i].q, (int32_t)st.v[i].r),
                                             &t);
        if (bs != GG_OK)
            board_ok = false;
    }
    if (board_ok) {
        s = gg_hex_board_sight(board, from, to, &def, traced, capn, &n, &res);
        if (!sight_matches(ex, "board", s, &res, traced, n, msg, cap))
            goto done;
    }
    result = CONF_PASS;
done:
    gg_hex_board_destroy(board);
    free(traced);
    free(st.v);
    return result;
}

/* ---- Paths and reachable sets ----------------------------------------------------------------- */

typedef struct nav {
    gg_hex_board *board;
    gg_hex_scratch *scratch;
    gg_hex_move_def def;
} nav;

static void nav_free(nav *nv)
{
    gg_hex_scratch_destroy(nv->scratch);
    gg_hex_board_destroy(nv->board);
}

static bool in_string_list(json_t *arr, const char *s)
{
    size_t i;
    json_t *v;
    json_array_foreach(arr, i, v)
    {
        if (json_is_string(v) && strcmp(json_string_value(v), s) == 0)
            return true;
    }
    return false;
}

/* Builds the board and move rules from shape, tiles, blocking_units and profile. */
static bool nav_build(json_t *line, nav *nv, char *msg, size_t cap)
{
    static const char *const kp[] = {"allowGoalBlocked", "allowStartBlocked", "blockedTerrain",
                                     "maxElevationStep", "terrainCosts",      NULL};
    static const char *const ks[] = {"kind", "radius", NULL};
    static const char *const kt[] = {"q", "r", "terrain", "elevation", NULL};
    nv->board = NULL;
    nv->scratch = NULL;
    nv->def = gg_hex_move_def_default();
    json_t *shape = json_object_get(line, "shape"), *prof = json_object_get(line, "profile");
    json_t *tiles = json_object_get(line, "tiles"),
           *units = json_object_get(line, "blocking_units");
    if (!only_keys(shape, ks, "shape", msg, cap) || !only_keys(prof, kp, "profile", msg, cap))
        return false;
    json_t *kind = json_object_get(shape, "kind");
    double radius;
    if (!json_is_string(kind) || strcmp(json_string_value(kind), "hexagon") != 0 ||
        !get_num(json_object_get(shape, "radius"), &radius) || radius < 0 || radius > 1000) {
        hmsg(msg, cap, "unsupported shape");
        return false;
    }
    if (!json_is_array(tiles) || !json_is_array(units)) {
        hmsg(msg, cap, "malformed tiles/blocking_units");
        return false;
    }
    json_t *blocked = json_object_get(prof, "blockedTerrain");
    json_t *costs = json_object_get(prof, "terrainCosts");
    json_t *jstep = json_object_get(prof, "maxElevationStep");
    json_t *jas = json_object_get(prof, "allowStartBlocked");
    json_t *jag = json_object_get(prof, "allowGoalBlocked");
    if ((blocked && !json_is_array(blocked)) || (costs && !json_is_object(costs)) ||
        (jas && !json_is_boolean(jas)) || (jag && !json_is_boolean(jag))) {
        hmsg(msg, cap, "malformed profile");
        return false;
    }
    if (jstep && !get_num(jstep, &nv->def.max_step)) {
        hmsg(msg, cap, "malformed maxElevationStep");
        return false;
    }
    if (jas)
        nv->def.allow_start_blocked = json_is_true(jas);
    if (jag)
        nv->def.allow_goal_blocked = json_is_true(jag);

    int32_t k = (int32_t)radius;
    gg_hex_board_def bd = gg_hex_board_def_default();
    bd.origin = gg_hex_make(-k, -k);
    bd.q_count = 2 * k + 1;
    bd.r_count = 2 * k + 1;
    if (gg_hex_board_create(&bd, &nv->board) != GG_OK) {
        hmsg(msg, cap, "board create failed");
        return false;
    }
    size_t i;
    json_t *t;
    json_array_foreach(tiles, i, t)
    {
        gg_hex h;
        double elev;
        json_t *terrain = json_object_get(t, "terrain");
        double q, r;
        if (!only_keys(t, kt, "a tile", msg, cap) || !json_is_string(terrain) ||
            !get_num(json_object_get(t, "q"), &q) || !get_num(json_object_get(t, "r"), &r) ||
            !get_num(json_object_get(t, "elevation"), &elev) ||
            gg_hex_from_doubles(q, r, &h) != GG_OK) {
            hmsg(msg, cap, "malformed tile %zu", i);
            return false;
        }
        /* containsHex: tiles outside the shape are not navigable. */
        if (gg_hex_distance(h, gg_hex_make(0, 0)) > k)
            continue;
        const char *tn = json_string_value(terrain);
        gg_hex_tile tile = gg_hex_tile_default();
        tile.ground = elev;
        double c = 1.0;
        json_t *jc = costs ? json_object_get(costs, tn) : NULL;
        if (jc != NULL && !get_num(jc, &c)) {
            hmsg(msg, cap, "malformed terrain cost");
            return false;
        }
        tile.move_cost = c;
        tile.blocks_move = blocked ? in_string_list(blocked, tn) : strcmp(tn, "water") == 0;
        if (gg_hex_board_set_tile(nv->board, h, &tile) != GG_OK) {
            hmsg(msg, cap, "set_tile failed for tile %zu", i);
            return false;
        }
    }
    json_array_foreach(units, i, t)
    {
        gg_hex h;
        gg_hex_tile tile;
        if (!get_pair(t, &h)) {
            hmsg(msg, cap, "malformed blocking unit %zu", i);
            return false;
        }
        if (gg_hex_board_tile(nv->board, h, &tile)) {
            tile.blocks_move = true;
            if (gg_hex_board_set_tile(nv->board, h, &tile) != GG_OK) {
                hmsg(msg, cap, "set_tile failed for unit %zu", i);
                return false;
            }
        }
    }
    if (gg_hex_scratch_create(nv->board, &nv->scratch) != GG_OK) {
        hmsg(msg, cap, "scratch create failed");
        return false;
    }
    return true;
}

static bool same_cost(double a, double b) { return fabs(a - b) <= 1e-9 * (1.0 + fabs(b)); }

/* Checks that `path` is a legal walk from -> to under the rules and returns its cost. */
static bool path_legal(const nav *nv, gg_hex from, gg_hex to, const gg_hex *path, int32_t n,
                       double *cost, char *msg, size_t cap)
{
    *cost = 0.0;
    if (n < 1 || !gg_hex_eq(path[0], from) || !gg_hex_eq(path[n - 1], to)) {
        hmsg(msg, cap, "path does not run from start to goal");
        return false;
    }
    for (int32_t i = 1; i < n; ++i) {
        gg_hex_tile a, b;
        if (gg_hex_edge_between(path[i - 1], path[i]) < 0 ||
            !gg_hex_board_tile(nv->board, path[i - 1], &a) ||
            !gg_hex_board_tile(nv->board, path[i], &b)) {
            hmsg(msg, cap, "path step %d is not between adjacent present tiles", i);
            return false;
        }
        bool goal = i == n - 1;
        if ((b.blocks_move && !(goal && nv->def.allow_goal_blocked)) ||
            fabs(b.ground - a.ground) > nv->def.max_step) {
            hmsg(msg, cap, "path step %d enters a forbidden tile", i);
            return false;
        }
        double rise = b.ground - a.ground;
        *cost += b.move_cost + (rise > 0 ? nv->def.climb_cost * rise : 0.0);
    }
    return true;
}

static conf_result op_path(json_t *line, char *msg, size_t cap)
{
    static const char *const k[] = {"shape",   "tiles", "blocking_units", "from", "to",
                                    "profile", NULL};
    static const char *const ke[] = {"found", "cost", "path", "visited", NULL};
    json_t *ex = json_object_get(line, "expect");
    if (!check_top(line, k, msg, cap) || !only_keys(ex, ke, "expect", msg, cap))
        return CONF_FAIL;
    gg_hex from, to;
    if (!get_hex(json_object_get(line, "from"), &from) ||
        !get_hex(json_object_get(line, "to"), &to)) {
        hmsg(msg, cap, "malformed from/to");
        return CONF_FAIL;
    }
    json_t *jf = json_object_get(ex, "found");
    double want_cost;
    if (!json_is_boolean(jf) || !get_num(json_object_get(ex, "cost"), &want_cost)) {
        hmsg(msg, cap, "malformed expect");
        return CONF_FAIL;
    }
    nav nv;
    conf_result result = CONF_FAIL;
    gg_hex path[1024];
    if (!nav_build(line, &nv, msg, cap))
        goto done;
    int32_t n = 0;
    gg_hex_path_result pr;
    gg_status s = gg_hex_board_path(nv.board, nv.scratch, from, to, &nv.def, path, 1024, &n, &pr);
    if (s != GG_OK) {
        hmsg(msg, cap, "library status %s", gg_status_name(s));
        goto done;
    }
    if (pr.found != json_is_true(jf)) {
        hmsg(msg, cap, "expected found=%s, library gave %s (cost %g)",
             json_is_true(jf) ? "true" : "false", pr.found ? "true" : "false", pr.cost);
        goto done;
    }
    if (!pr.found) {
        if (!(isinf(want_cost) && want_cost > 0) || !isinf(pr.cost) || n != 0) {
            hmsg(msg, cap, "not found must give cost Infinity and no path");
            goto done;
        }
        result = CONF_PASS;
        goto done;
    }
    if (!same_cost(pr.cost, want_cost)) {
        hmsg(msg, cap, "expected cost %g, library gave %g", want_cost, pr.cost);
        goto done;
    }
    double walk;
    if (!path_legal(&nv, from, to, path, n, &walk, msg, cap))
        goto done;
    if (!same_cost(walk, want_cost)) {
        hmsg(msg, cap, "the path walks for %g, expected cost %g", walk, want_cost);
        goto done;
    }
    /* Only a unique optimal path is compared cell by cell; with ties the choice is ours. */
    if (has_tag(line, "unique-optimal-path") &&
        !cells_match(json_object_get(ex, "path"), path, n, "path", msg, cap))
        goto done;
    result = CONF_PASS;
done:
    nav_free(&nv);
    return result;
}

static conf_result op_reachable(json_t *line, char *msg, size_t cap)
{
    static const char *const k[] = {"shape",   "tiles", "blocking_units", "start", "budget",
                                    "profile", NULL};
    static const char *const ke[] = {"tiles", NULL};
    json_t *ex = json_object_get(line, "expect");
    if (!check_top(line, k, msg, cap) || !only_keys(ex, ke, "expect", msg, cap))
        return CONF_FAIL;
    gg_hex start;
    double budget;
    json_t *want = json_object_get(ex, "tiles");
    if (!get_hex(json_object_get(line, "start"), &start) ||
        !get_num(json_object_get(line, "budget"), &budget) || !json_is_array(want)) {
        hmsg(msg, cap, "malformed start/budget/expect");
        return CONF_FAIL;
    }
    nav nv;
    conf_result result = CONF_FAIL;
    gg_hex_reach got[2048];
    if (!nav_build(line, &nv, msg, cap))
        goto done;
    int32_t n = 0;
    gg_status s = gg_hex_board_reachable(nv.board, nv.scratch, start, budget, &nv.def, got, 2048,
                                         &n);
    if (s != GG_OK) {
        hmsg(msg, cap, "library status %s", gg_status_name(s));
        goto done;
    }
    if ((size_t)n != json_array_size(want)) {
        hmsg(msg, cap, "expected %zu tiles, library gave %d", json_array_size(want), n);
        goto done;
    }
    for (int32_t i = 0; i < n; ++i) {
        json_t *e = json_array_get(want, (size_t)i);
        double q, r, c;
        if (!json_is_array(e) || json_array_size(e) != 3 || !get_num(json_array_get(e, 0), &q) ||
            !get_num(json_array_get(e, 1), &r) || !get_num(json_array_get(e, 2), &c)) {
            hmsg(msg, cap, "malformed expected tile %d", i);
            goto done;
        }
        if (q != (double)got[i].hex.q || r != (double)got[i].hex.r || !same_cost(got[i].cost, c)) {
            hmsg(msg, cap, "tile %d expected (%g,%g) @%g, library gave (%d,%d) @%g", i, q, r, c,
                 got[i].hex.q, got[i].hex.r, got[i].cost);
            goto done;
        }
    }
    result = CONF_PASS;
done:
    nav_free(&nv);
    return result;
}

/* ---- Dispatch --------------------------------------------------------------------------------- */

conf_result conf_check_hex(json_t *line, const char **op, char *msg, size_t msgcap)
{
    json_t *jop = json_object_get(line, "op");
    *op = NULL;
    if (!json_is_string(jop)) {
        hmsg(msg, msgcap, "\"op\" is not a string");
        return CONF_FAIL;
    }
    const char *name = json_string_value(jop);
    *op = name;
    if (!json_is_object(json_object_get(line, "expect"))) {
        hmsg(msg, msgcap, "missing expect object");
        return CONF_FAIL;
    }
    if (strcmp(name, "hex_distance") == 0)
        return op_distance(line, msg, msgcap);
    if (strcmp(name, "hex_line") == 0)
        return op_line(line, msg, msgcap);
    if (strcmp(name, "hex_neighbors") == 0)
        return op_neighbors(line, msg, msgcap);
    if (strcmp(name, "hex_ring") == 0)
        return op_ring_range(line, true, msg, msgcap);
    if (strcmp(name, "hex_range") == 0)
        return op_ring_range(line, false, msg, msgcap);
    if (strcmp(name, "sight") == 0)
        return op_sight(line, msg, msgcap);
    if (strcmp(name, "board_path") == 0)
        return op_path(line, msg, msgcap);
    if (strcmp(name, "board_reachable") == 0)
        return op_reachable(line, msg, msgcap);
    hmsg(msg, msgcap, "unknown op \"%s\"", name);
    return CONF_FAIL;
}
