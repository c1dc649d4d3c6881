/* uvtt.c - Universal VTT (.dd2vtt, .uvtt, .df2vtt): polylines of line_of_sight (and
 * objects_line_of_sight) become walls, portals become doors (walls have gaps where they are),
 * everything is shifted by map_origin (cropped exports). Layer: io. */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "io/io_internal.h"

static gg_status read_polylines(gg__io_ctx *ctx, const json_t *root, const char *key, double ox,
                                double oy, int32_t *counter)
{
    const json_t *v = json_object_get(root, key);
    if (v == NULL || json_is_null(v))
        return GG_OK;
    gg_status st = gg__io_want_array(ctx, v, key);
    size_t i;
    const json_t *poly;
    json_array_foreach(v, i, poly)
    {
        if (st != GG_OK)
            break;
        char path[96];
        snprintf(path, sizeof path, "%s[%zu]", key, i);
        if ((st = gg__io_want_array(ctx, poly, path)) != GG_OK)
            break;
        size_t n = json_array_size(poly);
        if (n < 2) {
            gg__io_note_add(ctx, GG_IMPORT_DROPPED, 1, "polylines with fewer than two points", "%s",
                            path);
            continue;
        }
        double px = 0.0, py = 0.0;
        for (size_t j = 0; j < n && st == GG_OK; j++) {
            char pp[128];
            snprintf(pp, sizeof pp, "%s[%zu]", path, j);
            double x, y;
            if ((st = gg__io_point(ctx, json_array_get(poly, j), pp, &x, &y)) != GG_OK)
                break;
            if (j > 0) {
                gg__io_seg s = gg__io_seg_default();
                s.label = key;
                s.source = (*counter)++;
                s.x1 = px - ox;
                s.y1 = py - oy;
                s.x2 = x - ox;
                s.y2 = y - oy;
                st = gg__io_seg_push(ctx, &s);
            }
            px = x;
            py = y;
        }
    }
    return st;
}

/* Counts the wall segments the polylines under `key` make, and refuses one longer than
 * max_polyline_points, before anything is built. Wrong types are left to read_polylines(). */
static gg_status count_polylines(gg__io_ctx *ctx, const json_t *root, const char *key,
                                 int64_t *segments)
{
    const json_t *v = json_object_get(root, key);
    size_t i;
    const json_t *poly;
    json_array_foreach(v, i, poly)
    {
        size_t n = json_array_size(poly);
        if (n > (size_t)ctx->def->max_polyline_points)
            return gg__io_fail(ctx, GG_E_TOO_LARGE,
                               "%s[%zu] has %zu points; the limit is %d "
                               "(gg_import_def.max_polyline_points)",
                               key, i, n, (int)ctx->def->max_polyline_points);
        if (n >= 2)
            *segments += (int64_t)n - 1;
    }
    return GG_OK;
}

static gg_status read_portals(gg__io_ctx *ctx, const json_t *root, double ox, double oy)
{
    const json_t *v = json_object_get(root, "portals");
    if (v == NULL || json_is_null(v))
        return GG_OK;
    gg_status st = gg__io_want_array(ctx, v, "portals");
    size_t i;
    const json_t *p;
    json_array_foreach(v, i, p)
    {
        if (st != GG_OK)
            break;
        char path[64];
        snprintf(path, sizeof path, "portals[%zu]", i);
        if ((st = gg__io_want_object(ctx, p, path)) != GG_OK)
            break;
        const json_t *bounds = json_object_get(p, "bounds");
        char pb[96];
        snprintf(pb, sizeof pb, "%s.bounds", path);
        if ((st = gg__io_want_array(ctx, bounds, pb)) != GG_OK)
            break;
        if (json_array_size(bounds) != 2) {
            st = gg__io_fail(ctx, GG_E_INVALID_ARG, "%s: expected two points, found %zu", pb,
                             json_array_size(bounds));
            break;
        }
        double x1, y1, x2, y2;
        char pp[112];
        snprintf(pp, sizeof pp, "%s[0]", pb);
        if ((st = gg__io_point(ctx, json_array_get(bounds, 0), pp, &x1, &y1)) != GG_OK)
            break;
        snprintf(pp, sizeof pp, "%s[1]", pb);
        if ((st = gg__io_point(ctx, json_array_get(bounds, 1), pp, &x2, &y2)) != GG_OK)
            break;
        const json_t *closed = json_object_get(p, "closed");
        bool is_closed = true;
        if (closed != NULL && !json_is_null(closed)) {
            if (!json_is_boolean(closed)) {
                st = gg__io_fail(ctx, GG_E_INVALID_ARG, "%s.closed: expected a boolean, found %s",
                                 path, gg__io_json_type(closed));
                break;
            }
            is_closed = json_is_true(closed);
        }
        gg__io_seg s = gg__io_seg_default();
        s.label = "portals";
        s.source = (int32_t)i;
        s.x1 = x1 - ox;
        s.y1 = y1 - oy;
        s.x2 = x2 - ox;
        s.y2 = y2 - oy;
        if (is_closed) {
            s.door = GG_DOOR_CLOSED;
        } else {
            /* An open portal is a window (FVTT-DD-Import makes it a proximity wall): seen
             * through, not walked through, not shot through. */
            s.blocks = (uint32_t)GG_BLOCKS_MOVEMENT | (uint32_t)GG_BLOCKS_SIGHT;
            s.cover = GG_COVER_TOTAL;
            gg__io_note_add(ctx, GG_IMPORT_APPROXIMATED, 1,
                            "open portals imported as windows (see through, no passage)", "%s",
                            path);
        }
        st = gg__io_seg_push(ctx, &s);
    }
    return st;
}

gg_status gg__io_read_uvtt(gg__io_ctx *ctx, json_t *root, gg_scene **out)
{
    *out = NULL;
    gg_status st = gg__io_want_object(ctx, root, "(top level)");
    if (st != GG_OK)
        return st;
    const json_t *res = json_object_get(root, "resolution");
    if ((st = gg__io_want_object(ctx, res, "resolution")) != GG_OK)
        return st;
    double ox = 0.0, oy = 0.0, sx, sy;
    const json_t *origin = json_object_get(res, "map_origin");
    if (origin != NULL && !json_is_null(origin) &&
        (st = gg__io_point(ctx, origin, "resolution.map_origin", &ox, &oy)) != GG_OK)
        return st;
    if ((st = gg__io_point(ctx, json_object_get(res, "map_size"), "resolution.map_size", &sx,
                           &sy)) != GG_OK)
        return st;
    int32_t w, h;
    if ((st = gg__io_cells_from_real(ctx, sx, "resolution.map_size.x", &w)) != GG_OK ||
        (st = gg__io_cells_from_real(ctx, sy, "resolution.map_size.y", &h)) != GG_OK)
        return st;
    if ((double)w != sx || (double)h != sy)
        gg__io_note_add(ctx, GG_IMPORT_APPROXIMATED, 1,
                        "a map size that is not whole cells (rounded up; edge cells are partial)",
                        "map_size %g x %g -> %d x %d", sx, sy, (int)w, (int)h);
    if (fabs(ox) > 1e9 || fabs(oy) > 1e9)
        return gg__io_fail(ctx, GG_E_INVALID_ARG, "resolution.map_origin: (%g, %g) is absurd", ox,
                           oy);
    if (ox != 0.0 || oy != 0.0)
        gg__io_note_add(ctx, GG_IMPORT_APPROXIMATED, 1,
                        "a cropped export: coordinates shifted by map_origin",
                        "map_origin (%g, %g)", ox, oy);
    int64_t segments = (int64_t)json_array_size(json_object_get(root, "portals"));
    if ((st = count_polylines(ctx, root, "line_of_sight", &segments)) != GG_OK ||
        (ctx->def->uvtt_objects &&
         (st = count_polylines(ctx, root, "objects_line_of_sight", &segments)) != GG_OK) ||
        (st = gg__io_check_caps(ctx, w, h, segments,
                                (int64_t)json_array_size(json_object_get(root, "lights")))) !=
            GG_OK)
        return st;
    gg_scene *scene = NULL;
    if ((st = gg__io_scene_create(ctx, w, h, 5, GG_LIGHT_BRIGHT, &scene)) != GG_OK)
        return st;
    int32_t los = 0, objs = 0;
    st = read_polylines(ctx, root, "line_of_sight", ox, oy, &los);
    if (st == GG_OK) {
        if (ctx->def->uvtt_objects) {
            st = read_polylines(ctx, root, "objects_line_of_sight", ox, oy, &objs);
        } else {
            const json_t *o = json_object_get(root, "objects_line_of_sight");
            gg__io_note_add(ctx, GG_IMPORT_DROPPED, (int32_t)json_array_size(o),
                            "object outlines (objects_line_of_sight; the def left them out)", NULL);
        }
    }
    if (st == GG_OK)
        st = read_portals(ctx, root, ox, oy);
    const json_t *lights = json_object_get(root, "lights");
    if (st == GG_OK && lights != NULL && !json_is_null(lights))
        st = gg__io_want_array(ctx, lights, "lights");
    if (st == GG_OK && json_is_array(lights)) {
        size_t i;
        const json_t *l;
        json_array_foreach(lights, i, l)
        {
            if (st != GG_OK)
                break;
            char path[48];
            snprintf(path, sizeof path, "lights[%zu]", i);
            double lx, ly, range;
            char pp[64];
            snprintf(pp, sizeof pp, "%s.position", path);
            if ((st = gg__io_want_object(ctx, l, path)) != GG_OK ||
                (st = gg__io_point(ctx, json_object_get(l, "position"), pp, &lx, &ly)) != GG_OK ||
                (st = gg__io_opt_number(ctx, l, "range", path, 0.0, &range)) != GG_OK)
                break;
            /* range is a radius in cells; FVTT-DD-Import makes it Foundry's dim radius and
             * bright = dim / 2. */
            double dim = range * 5.0;
            gg_light_def shape = gg_light_def_default();
            gg__io_light_color(ctx, l, "color", path, true, &shape); /* "AARRGGBB", as data */
            st = gg__io_add_light_shaped(ctx, scene, lx - ox, ly - oy, dim / 2.0, dim, &shape,
                                         path);
            if (json_is_false(json_object_get(l, "shadows")))
                gg__io_note_add(ctx, GG_IMPORT_APPROXIMATED, 1,
                                "lights that ignore walls (shadows: false) imported as blocked by "
                                "walls",
                                "%s", path);
        }
        gg__io_note_add(ctx, GG_IMPORT_DROPPED, (int32_t)json_array_size(lights), "light intensity",
                        NULL);
    }
    if (st == GG_OK) {
        const json_t *env = json_object_get(root, "environment");
        if (json_is_object(env))
            gg__io_note_add(ctx, GG_IMPORT_DROPPED, 1,
                            "environment (baked_lighting, ambient_light)", "baked_lighting %s",
                            json_is_true(json_object_get(env, "baked_lighting")) ? "true"
                                                                                 : "false");
        const json_t *img = json_object_get(root, "image");
        if (json_is_string(img) && json_string_length(img) > 0)
            gg__io_note_add(ctx, GG_IMPORT_DROPPED, 1, "the embedded map image", "%zu bytes",
                            json_string_length(img));
    }
    if (st == GG_OK)
        st = gg__io_add_walls(ctx, scene);
    if (st != GG_OK) {
        gg_scene_destroy(scene);
        return st;
    }
    *out = scene;
    return GG_OK;
}
