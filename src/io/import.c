/* import.c - gg_scene_import(): size limits, JSON parsing with positions, format detection, the
 * import report object and the JSON accessors the readers share. Layer: io. */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <stddef.h>
#include <string.h>

#include "io/io_internal.h"

struct gg_import_report {
    gg_allocator alloc;
    size_t bytes; /* size of this block, for free */
    gg_import_stats stats;
    int32_t n_notes;
    gg__io_note notes[]; /* flexible array */
};

const char *gg_io_format_name(gg_io_format format)
{
    switch (format) {
    case GG_IO_FORMAT_AUTO:
        return "auto";
    case GG_IO_FORMAT_NAT20:
        return "nat20";
    case GG_IO_FORMAT_UVTT:
        return "uvtt";
    case GG_IO_FORMAT_FOUNDRY:
        return "foundry";
    }
    return "unknown";
}

const char *gg_import_action_name(gg_import_action action)
{
    switch (action) {
    case GG_IMPORT_SNAPPED:
        return "snapped";
    case GG_IMPORT_MERGED:
        return "merged";
    case GG_IMPORT_CLIPPED:
        return "clipped";
    case GG_IMPORT_DROPPED:
        return "dropped";
    case GG_IMPORT_APPROXIMATED:
        return "approximated";
    }
    return "unknown";
}

/* ---- Errors and notes ------------------------------------------------------------------------- */

static void error_clear(gg_io_error *err)
{
    if (err != NULL) {
        memset(err, 0, sizeof *err);
        err->status = GG_OK;
    }
}

gg_status gg__io_fail(gg__io_ctx *ctx, gg_status status, const char *fmt, ...)
{
    if (ctx->err != NULL && ctx->err->status == GG_OK) {
        ctx->err->status = status;
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(ctx->err->message, sizeof ctx->err->message, fmt, ap);
        va_end(ap);
    }
    return status;
}

void gg__io_note_add(gg__io_ctx *ctx, gg_import_action action, int32_t count, const char *what,
                     const char *example_fmt, ...)
{
    if (count <= 0)
        return;
    for (int32_t i = 0; i < ctx->n_notes; i++) {
        gg__io_note *n = &ctx->notes[i];
        if (n->action == action && strcmp(n->what, what) == 0) {
            n->count = (n->count > INT32_MAX - count) ? INT32_MAX : n->count + count;
            return;
        }
    }
    if (ctx->n_notes == ctx->cap_notes) {
        int32_t cap = ctx->cap_notes ? ctx->cap_notes * 2 : 16;
        gg__io_note *grown = gg__io_grow(ctx->mem, ctx->notes,
                                         (size_t)ctx->cap_notes * sizeof *grown,
                                         (size_t)cap * sizeof *grown);
        if (grown == NULL) {
            ctx->oom = true;
            return;
        }
        ctx->notes = grown;
        ctx->cap_notes = cap;
    }
    gg__io_note *n = &ctx->notes[ctx->n_notes++];
    memset(n, 0, sizeof *n);
    n->action = action;
    n->count = count;
    snprintf(n->what, sizeof n->what, "%s", what);
    if (example_fmt != NULL) {
        va_list ap;
        va_start(ap, example_fmt);
        vsnprintf(n->example, sizeof n->example, example_fmt, ap);
        va_end(ap);
    }
}

gg__io_seg gg__io_seg_default(void)
{
    gg__io_seg s;
    memset(&s, 0, sizeof s);
    s.blocks = (uint32_t)GG_BLOCKS_ALL;
    s.door = GG_DOOR_NONE;
    s.one_way = GG_ONE_WAY_NONE;
    s.cover = GG_COVER_NONE;
    s.bottom_ft = -HUGE_VAL;
    s.top_ft = HUGE_VAL;
    s.label = "walls";
    return s;
}

gg_status gg__io_seg_push(gg__io_ctx *ctx, const gg__io_seg *seg)
{
    if (ctx->n_segs >= ctx->def->max_walls)
        return gg__io_fail(ctx, GG_E_TOO_LARGE,
                           "%s: more than %d wall segments (gg_import_def.max_walls)", seg->label,
                           (int)ctx->def->max_walls);
    if (ctx->n_segs == ctx->cap_segs) {
        int32_t cap = ctx->cap_segs ? ctx->cap_segs * 2 : 256;
        gg__io_seg *grown = gg__io_grow(ctx->mem, ctx->segs, (size_t)ctx->cap_segs * sizeof *grown,
                                        (size_t)cap * sizeof *grown);
        if (grown == NULL)
            return gg__io_fail(ctx, GG_E_NO_MEMORY, "out of memory reading walls");
        ctx->segs = grown;
        ctx->cap_segs = cap;
    }
    ctx->segs[ctx->n_segs++] = *seg;
    ctx->stats.segments_read++;
    return GG_OK;
}

gg_status gg__io_check_caps(gg__io_ctx *ctx, int64_t width, int64_t height, int64_t walls,
                            int64_t lights)
{
    const gg_import_def *d = ctx->def;
    if (width * height > d->max_cells)
        return gg__io_fail(ctx, GG_E_TOO_LARGE,
                           "the map is %lld x %lld = %lld cells; the limit is %lld "
                           "(gg_import_def.max_cells)",
                           (long long)width, (long long)height, (long long)(width * height),
                           (long long)d->max_cells);
    if (walls > d->max_walls)
        return gg__io_fail(ctx, GG_E_TOO_LARGE,
                           "the file has %lld wall segments; the limit is %d "
                           "(gg_import_def.max_walls)",
                           (long long)walls, (int)d->max_walls);
    if (lights > d->max_lights)
        return gg__io_fail(ctx, GG_E_TOO_LARGE,
                           "the file has %lld light sources; the limit is %d "
                           "(gg_import_def.max_lights)",
                           (long long)lights, (int)d->max_lights);
    return GG_OK;
}

gg_status gg__io_add_light(gg__io_ctx *ctx, gg_scene *scene, double x, double y, double bright_ft,
                           double dim_ft, const char *path)
{
    return gg__io_add_light_shaped(ctx, scene, x, y, bright_ft, dim_ft, NULL, path);
}

gg_status gg__io_add_light_shaped(gg__io_ctx *ctx, gg_scene *scene, double x, double y,
                                  double bright_ft, double dim_ft, const gg_light_def *shape,
                                  const char *path)
{
    if (ctx->stats.lights_read >= ctx->def->max_lights)
        return gg__io_fail(ctx, GG_E_TOO_LARGE,
                           "%s: more than %d light sources "
                           "(gg_import_def.max_lights)",
                           path, (int)ctx->def->max_lights);
    ctx->stats.lights_read++;
    if (!isfinite(x) || !isfinite(y) || x < 0.0 || y < 0.0 || x >= (double)gg_scene_width(scene) ||
        y >= (double)gg_scene_height(scene)) {
        ctx->stats.lights_dropped++;
        gg__io_note_add(ctx, GG_IMPORT_DROPPED, 1, "light sources off the map",
                        "%s at (%.4g, %.4g)", path, x, y);
        return GG_OK;
    }
    gg_light_def d = shape != NULL ? *shape : gg_light_def_default();
    d.cell = gg_cell_make((int32_t)floor(x), (int32_t)floor(y));
    double r[2] = {bright_ft, dim_ft};
    int32_t v[2];
    for (int k = 0; k < 2; k++) {
        double q = isfinite(r[k]) ? floor(r[k] + 0.5) : 0.0;
        v[k] = q < 0.0 ? 0 : (q > 1e6 ? 1000000 : (int32_t)q);
    }
    d.bright_ft = v[0];
    d.dim_ft = v[1];
    double cx = (double)d.cell.col + 0.5, cy = (double)d.cell.row + 0.5;
    if (fabs(cx - x) > 1e-9 || fabs(cy - y) > 1e-9)
        gg__io_note_add(ctx, GG_IMPORT_SNAPPED, 1,
                        "light sources moved to the centre of their cell",
                        "%s: (%.4g, %.4g) -> cell %d,%d", path, x, y, (int)d.cell.col,
                        (int)d.cell.row);
    if ((double)v[0] != bright_ft || (double)v[1] != dim_ft)
        gg__io_note_add(ctx, GG_IMPORT_SNAPPED, 1, "light radii rounded to whole feet",
                        "%s: bright %.4g ft, dim %.4g ft -> %d, %d", path, bright_ft, dim_ft,
                        (int)v[0], (int)v[1]);
    gg_status st = gg_scene_add_light(scene, &d, NULL);
    if (st != GG_OK)
        return gg__io_fail(ctx, st, "%s: adding the light failed: %s", path,
                           gg_scene_message(scene));
    return GG_OK;
}

gg_status gg__io_cells_from_real(gg__io_ctx *ctx, double v, const char *path, int32_t *out)
{
    *out = 0;
    if (!isfinite(v) || v <= 0.0)
        return gg__io_fail(ctx, GG_E_INVALID_ARG, "%s: the scene size %g is not positive", path, v);
    double c = ceil(v - 1e-9);
    if (c < 1.0)
        c = 1.0;
    if (c > (double)GG_SCENE_MAX_SIDE)
        return gg__io_fail(ctx, GG_E_TOO_LARGE, "%s: %.0f cells exceeds GG_SCENE_MAX_SIDE (%d)",
                           path, c, GG_SCENE_MAX_SIDE);
    *out = (int32_t)c;
    return GG_OK;
}

gg_status gg__io_scene_create(gg__io_ctx *ctx, int32_t width, int32_t height, int32_t cell_ft,
                              gg_light default_light, gg_scene **out)
{
    *out = NULL;
    if (width > GG_SCENE_MAX_SIDE || height > GG_SCENE_MAX_SIDE ||
        (int64_t)width * (int64_t)height > (int64_t)GG_SCENE_MAX_CELLS)
        return gg__io_fail(ctx, GG_E_TOO_LARGE,
                           "the scene is %d x %d cells; the library takes at most %d per side and "
                           "%d cells",
                           (int)width, (int)height, GG_SCENE_MAX_SIDE, GG_SCENE_MAX_CELLS);
    if (width < 1 || height < 1 || cell_ft < 1)
        return gg__io_fail(ctx, GG_E_INVALID_ARG, "the scene is %d x %d cells of %d ft", (int)width,
                           (int)height, (int)cell_ft);
    gg_scene_def sd = gg_scene_def_default();
    sd.width = width;
    sd.height = height;
    sd.cell_size_ft = cell_ft;
    sd.default_lighting = default_light;
    sd.allocator = ctx->def->allocator;
    sd.wall_rule = ctx->stats.format == GG_IO_FORMAT_NAT20 ? ctx->wall_rule
                                                           : ctx->def->vtt_wall_rule;
    gg_status st = gg_scene_create(&sd, out);
    if (st != GG_OK)
        return gg__io_fail(ctx, st, "creating a %d x %d scene failed: %s", (int)width, (int)height,
                           gg_status_message(st));
    ctx->stats.width = width;
    ctx->stats.height = height;
    ctx->stats.cell_size_ft = cell_ft;
    return GG_OK;
}

/* ---- JSON accessors ---------------------------------------------------------------------------- */

const char *gg__io_json_type(const json_t *v)
{
    if (v == NULL)
        return "nothing";
    switch (json_typeof(v)) {
    case JSON_OBJECT:
        return "an object";
    case JSON_ARRAY:
        return "a list";
    case JSON_STRING:
        return "a string";
    case JSON_INTEGER:
        return "an integer";
    case JSON_REAL:
        return "a number";
    case JSON_TRUE:
    case JSON_FALSE:
        return "a boolean";
    case JSON_NULL:
        return "null";
    }
    return "an unknown value";
}

gg_status gg__io_want_object(gg__io_ctx *ctx, const json_t *v, const char *path)
{
    if (json_is_object(v))
        return GG_OK;
    return gg__io_fail(ctx, GG_E_INVALID_ARG, "%s: expected an object, found %s", path,
                       gg__io_json_type(v));
}

gg_status gg__io_want_array(gg__io_ctx *ctx, const json_t *v, const char *path)
{
    if (json_is_array(v))
        return GG_OK;
    return gg__io_fail(ctx, GG_E_INVALID_ARG, "%s: expected a list, found %s", path,
                       gg__io_json_type(v));
}

gg_status gg__io_number(gg__io_ctx *ctx, const json_t *v, const char *path, double *out)
{
    *out = 0.0;
    if (!json_is_number(v))
        return gg__io_fail(ctx, GG_E_INVALID_ARG, "%s: expected a number, found %s", path,
                           gg__io_json_type(v));
    double d = json_number_value(v);
    if (!isfinite(d))
        return gg__io_fail(ctx, GG_E_INVALID_ARG, "%s: the number is not finite", path);
    *out = d;
    return GG_OK;
}

gg_status gg__io_opt_number(gg__io_ctx *ctx, const json_t *obj, const char *key, const char *path,
                            double dflt, double *out)
{
    const json_t *v = json_object_get(obj, key);
    if (v == NULL || json_is_null(v)) {
        *out = dflt;
        return GG_OK;
    }
    char p[160];
    snprintf(p, sizeof p, "%s.%s", path, key);
    return gg__io_number(ctx, v, p, out);
}

gg_status gg__io_int(gg__io_ctx *ctx, const json_t *v, const char *path, int64_t lo, int64_t hi,
                     int64_t *out)
{
    *out = 0;
    int64_t x;
    if (json_is_integer(v)) {
        x = (int64_t)json_integer_value(v);
    } else if (json_is_real(v)) {
        double d = json_real_value(v);
        if (!isfinite(d) || d != floor(d) || fabs(d) > 9.0e15)
            return gg__io_fail(ctx, GG_E_INVALID_ARG, "%s: expected an integer, found %g", path, d);
        x = (int64_t)d;
    } else {
        return gg__io_fail(ctx, GG_E_INVALID_ARG, "%s: expected an integer, found %s", path,
                           gg__io_json_type(v));
    }
    if (x < lo || x > hi)
        return gg__io_fail(ctx, GG_E_INVALID_ARG, "%s: %lld is outside %lld..%lld", path,
                           (long long)x, (long long)lo, (long long)hi);
    *out = x;
    return GG_OK;
}

gg_status gg__io_opt_int(gg__io_ctx *ctx, const json_t *obj, const char *key, const char *path,
                         int64_t lo, int64_t hi, int64_t dflt, int64_t *out)
{
    const json_t *v = json_object_get(obj, key);
    if (v == NULL || json_is_null(v)) {
        *out = dflt;
        return GG_OK;
    }
    char p[160];
    snprintf(p, sizeof p, "%s.%s", path, key);
    return gg__io_int(ctx, v, p, lo, hi, out);
}

gg_status gg__io_point(gg__io_ctx *ctx, const json_t *v, const char *path, double *x, double *y)
{
    *x = *y = 0.0;
    gg_status st = gg__io_want_object(ctx, v, path);
    if (st != GG_OK)
        return st;
    char p[160];
    snprintf(p, sizeof p, "%s.x", path);
    if ((st = gg__io_number(ctx, json_object_get(v, "x"), p, x)) != GG_OK)
        return st;
    snprintf(p, sizeof p, "%s.y", path);
    return gg__io_number(ctx, json_object_get(v, "y"), p, y);
}

/* ---- Report object ------------------------------------------------------------------------------ */

void gg_import_report_destroy(gg_import_report *report)
{
    if (report == NULL)
        return;
    gg_allocator a = report->alloc;
    a.free(a.ctx, report, report->bytes);
}

gg_status gg_import_report_stats(const gg_import_report *report, gg_import_stats *out_stats)
{
    if (report == NULL || out_stats == NULL)
        return GG_E_INVALID_ARG;
    *out_stats = report->stats;
    return GG_OK;
}

int32_t gg_import_report_note_count(const gg_import_report *report)
{
    return report == NULL ? 0 : report->n_notes;
}

gg_status gg_import_report_note(const gg_import_report *report, int32_t index,
                                gg_import_note *out_note)
{
    if (out_note != NULL)
        memset(out_note, 0, sizeof *out_note);
    if (report == NULL || out_note == NULL)
        return GG_E_INVALID_ARG;
    if (index < 0 || index >= report->n_notes)
        return GG_E_OUT_OF_BOUNDS;
    const gg__io_note *n = &report->notes[index];
    out_note->action = n->action;
    out_note->count = n->count;
    out_note->what = n->what;
    out_note->example = n->example;
    return GG_OK;
}

int32_t gg_import_report_count_of(const gg_import_report *report, gg_import_action action,
                                  const char *substring)
{
    if (report == NULL)
        return 0;
    int64_t sum = 0;
    for (int32_t i = 0; i < report->n_notes; i++) {
        const gg__io_note *n = &report->notes[i];
        if (n->action == action &&
            (substring == NULL || substring[0] == '\0' || strstr(n->what, substring) != NULL))
            sum += n->count;
    }
    return sum > INT32_MAX ? INT32_MAX : (int32_t)sum;
}

static gg_status make_report(gg__io_ctx *ctx, const gg_allocator *alloc, gg_import_report **out)
{
    size_t bytes = sizeof(gg_import_report) + (size_t)ctx->n_notes * sizeof(gg__io_note);
    gg_import_report *r = (gg_import_report *)alloc->alloc(alloc->ctx, bytes, 16);
    if (r == NULL)
        return gg__io_fail(ctx, GG_E_NO_MEMORY, "out of memory for the import report");
    memset(r, 0, bytes);
    r->alloc = *alloc;
    r->bytes = bytes;
    r->stats = ctx->stats;
    r->n_notes = ctx->n_notes;
    if (ctx->n_notes > 0)
        memcpy(r->notes, ctx->notes, (size_t)ctx->n_notes * sizeof(gg__io_note));
    *out = r;
    return GG_OK;
}

/* ---- Entry points ---------------------------------------------------------------------------- */

static gg_io_format detect(const json_t *root)
{
    if (!json_is_object(root))
        return GG_IO_FORMAT_AUTO;
    if (json_object_get(root, "wall_segments") != NULL)
        return GG_IO_FORMAT_NAT20;
    if (json_object_get(root, "resolution") != NULL &&
        (json_object_get(root, "line_of_sight") != NULL ||
         json_object_get(root, "portals") != NULL))
        return GG_IO_FORMAT_UVTT;
    if (json_object_get(root, "walls") != NULL && json_object_get(root, "grid") != NULL)
        return GG_IO_FORMAT_FOUNDRY;
    if (json_object_get(root, "width") != NULL && json_object_get(root, "height") != NULL &&
        json_object_get(root, "grid") == NULL && json_object_get(root, "walls") == NULL)
        return GG_IO_FORMAT_NAT20;
    return GG_IO_FORMAT_AUTO;
}

static gg_status import_checked(const char *data, size_t len, gg__io_ctx *ctx,
                                const gg_allocator *alloc, gg_scene **out_scene,
                                gg_import_report **out_report);

/* A def built against the 0.2 header ends before vtt_wall_rule: the missing field reads as its
 * default (docs/api.md, "Growing without breaking"). Any other size is left for the caller's
 * GG_E_BAD_DEF check. */
static const gg_import_def *upgrade_def(const gg_import_def *def, gg_import_def *upgraded)
{
    if (def->struct_size != (uint32_t)offsetof(gg_import_def, vtt_wall_rule))
        return def;
    *upgraded = gg_import_def_default();
    memcpy(upgraded, def, offsetof(gg_import_def, vtt_wall_rule));
    upgraded->struct_size = (uint32_t)sizeof *upgraded;
    return upgraded;
}

gg_status gg_scene_import(const char *data, size_t len, const gg_import_def *def,
                          gg_scene **out_scene, gg_import_report **out_report,
                          gg_io_error *out_error)
{
    error_clear(out_error);
    if (out_scene != NULL)
        *out_scene = NULL;
    if (out_report != NULL)
        *out_report = NULL;
    gg__io_ctx ctx;
    memset(&ctx, 0, sizeof ctx);
    ctx.err = out_error;
    if (def == NULL || out_scene == NULL || (data == NULL && len > 0))
        return gg__io_fail(&ctx, GG_E_INVALID_ARG, "NULL def, data or out_scene");
    gg_import_def upgraded;
    def = upgrade_def(def, &upgraded);
    if (def->struct_size != (uint32_t)sizeof *def)
        return gg__io_fail(&ctx, GG_E_BAD_DEF,
                           "the import def was not made by gg_import_def_default()");
    if ((int)def->vtt_wall_rule != GG_WALL_RULE_NAT20 &&
        (int)def->vtt_wall_rule != GG_WALL_RULE_POINT)
        return gg__io_fail(&ctx, GG_E_INVALID_ARG, "vtt_wall_rule %d is not a gg_wall_rule",
                           (int)def->vtt_wall_rule);
    ctx.def = def;
    gg_allocator alloc;
    if (!gg__io_allocator_resolve(def->allocator, &alloc))
        return gg__io_fail(&ctx, GG_E_INVALID_ARG, "the allocator has NULL functions");
    gg__io_mem mem;
    gg__io_mem_begin(&mem, &alloc);
    ctx.mem = &mem;
    gg_status st = import_checked(data, len, &ctx, &alloc, out_scene, out_report);
    gg__io_mem_end(&mem);
    return st;
}

/* gg_scene_import() once the def is known good and the memory scope is open. */
static gg_status import_checked(const char *data, size_t len, gg__io_ctx *ctx,
                                const gg_allocator *alloc, gg_scene **out_scene,
                                gg_import_report **out_report)
{
    const gg_import_def *def = ctx->def;
    gg_io_error *out_error = ctx->err;
    if ((int)def->format < GG_IO_FORMAT_AUTO || (int)def->format > GG_IO_FORMAT_FOUNDRY)
        return gg__io_fail(ctx, GG_E_INVALID_ARG, "unknown format %d", (int)def->format);
    if (def->max_walls < 0 || !isfinite(def->elevation_ft))
        return gg__io_fail(ctx, GG_E_INVALID_ARG, "max_walls < 0 or elevation_ft not finite");
    if (def->max_cells < 1 || def->max_polyline_points < 2 || def->max_lights < 0)
        return gg__io_fail(ctx, GG_E_INVALID_ARG,
                           "max_cells < 1, max_polyline_points < 2 or max_lights < 0");
    if (len > def->max_bytes)
        return gg__io_fail(ctx, GG_E_TOO_LARGE,
                           "the input is %zu bytes; the limit is %zu (gg_import_def.max_bytes)",
                           len, def->max_bytes);
    if (len == 0)
        return gg__io_fail(ctx, GG_E_PARSE, "the input is empty");

    json_error_t jerr;
    json_t *root = json_loadb(data, len, 0, &jerr);
    if (root == NULL) {
        /* jansson reports a failed allocation as a parse error, sometimes with no text (issue
         * 20, defect 4); the scope saw the allocation fail, so say what happened. */
        if (ctx->mem->failed || json_error_code(&jerr) == json_error_out_of_memory)
            return gg__io_fail(ctx, GG_E_NO_MEMORY, "out of memory parsing the JSON");
        gg_status st = gg__io_fail(ctx, GG_E_PARSE, "JSON error at line %d, column %d: %s",
                                   jerr.line, jerr.column, jerr.text);
        if (out_error != NULL) {
            out_error->line = jerr.line;
            out_error->column = jerr.column;
            out_error->position = (int64_t)jerr.position;
        }
        return st;
    }
    if (ctx->mem->failed) {
        /* jansson's lexer ignores a failed allocation while it collects a token and drops the
         * character: the text parses, wrongly ("default_lighting" came back as an unknown key
         * and the scene silently bright). Any failed allocation during the parse voids it. */
        json_decref(root);
        return gg__io_fail(ctx, GG_E_NO_MEMORY, "out of memory parsing the JSON");
    }
    gg_io_format fmt = def->format != GG_IO_FORMAT_AUTO ? def->format : detect(root);
    gg_status st = GG_OK;
    gg_scene *scene = NULL;
    ctx->stats.format = fmt;
    switch (fmt) {
    case GG_IO_FORMAT_NAT20:
        st = gg__io_read_nat20(ctx, root, &scene);
        break;
    case GG_IO_FORMAT_UVTT:
        st = gg__io_read_uvtt(ctx, root, &scene);
        break;
    case GG_IO_FORMAT_FOUNDRY:
        st = gg__io_read_foundry(ctx, root, &scene);
        break;
    case GG_IO_FORMAT_AUTO:
        st = gg__io_fail(ctx, GG_E_INVALID_ARG,
                         json_is_object(root)
                             ? "not a Nat20, Universal VTT or Foundry scene (no wall_segments, "
                               "resolution + line_of_sight, or walls + grid at the top level)"
                             : "the top level is not a JSON object");
        break;
    }
    json_decref(root);
    if (st == GG_OK && ctx->oom)
        st = gg__io_fail(ctx, GG_E_NO_MEMORY, "out of memory recording the import report");
    if (st == GG_OK && out_report != NULL)
        st = make_report(ctx, alloc, out_report);
    gg__io_free(ctx->mem, ctx->notes, (size_t)ctx->cap_notes * sizeof *ctx->notes);
    gg__io_free(ctx->mem, ctx->segs, (size_t)ctx->cap_segs * sizeof *ctx->segs);
    if (st != GG_OK) {
        gg_scene_destroy(scene);
        return st;
    }
    *out_scene = scene;
    return GG_OK;
}

gg_status gg_scene_import_file(const char *path, const gg_import_def *def, gg_scene **out_scene,
                               gg_import_report **out_report, gg_io_error *out_error)
{
    error_clear(out_error);
    if (out_scene != NULL)
        *out_scene = NULL;
    if (out_report != NULL)
        *out_report = NULL;
    gg__io_ctx ctx;
    memset(&ctx, 0, sizeof ctx);
    ctx.err = out_error;
    if (path == NULL || def == NULL || out_scene == NULL)
        return gg__io_fail(&ctx, GG_E_INVALID_ARG, "NULL path, def or out_scene");
    gg_import_def upgraded;
    def = upgrade_def(def, &upgraded);
    if (def->struct_size != (uint32_t)sizeof *def)
        return gg__io_fail(&ctx, GG_E_BAD_DEF,
                           "the import def was not made by gg_import_def_default()");
    gg_allocator alloc;
    if (!gg__io_allocator_resolve(def->allocator, &alloc))
        return gg__io_fail(&ctx, GG_E_INVALID_ARG, "the allocator has NULL functions");
    /* The file's bytes are the caller's memory too; no jansson here, so no scope is opened. */
    gg__io_mem mem;
    memset(&mem, 0, sizeof mem);
    mem.alloc = alloc;
    FILE *f = fopen(path, "rb");
    if (f == NULL)
        return gg__io_fail(&ctx, GG_E_INVALID_ARG, "cannot open %s: %s", path, strerror(errno));
    char *buf = NULL;
    size_t len = 0;
    size_t cap = 0;
    gg_status st = GG_OK;
    for (;;) {
        if (len == cap) {
            if (cap > def->max_bytes) {
                st = gg__io_fail(&ctx, GG_E_TOO_LARGE,
                                 "%s is larger than %zu bytes (gg_import_def.max_bytes)", path,
                                 def->max_bytes);
                break;
            }
            size_t ncap = cap ? cap * 2 : 65536;
            char *grown = gg__io_grow(&mem, buf, cap, ncap);
            if (grown == NULL) {
                st = gg__io_fail(&ctx, GG_E_NO_MEMORY, "out of memory reading %s", path);
                break;
            }
            buf = grown;
            cap = ncap;
        }
        size_t got = fread(buf + len, 1, cap - len, f);
        len += got;
        if (got == 0) {
            if (ferror(f))
                st = gg__io_fail(&ctx, GG_E_INVALID_ARG, "error reading %s", path);
            break;
        }
    }
    fclose(f);
    if (st == GG_OK)
        st = gg_scene_import(buf, len, def, out_scene, out_report, out_error);
    gg__io_free(&mem, buf, cap);
    return st;
}
