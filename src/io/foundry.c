/* foundry.c - Foundry VTT Scene documents (0.7/0.8 move/sense walls, v9+ per-sense walls, v10
 * grid objects): canvas pixels -> scene cells, restrictions -> blocks bits, doors, one-way walls,
 * optional Levels filtering by wall height. Layer: io. */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "io/io_internal.h"

/* CONST.WALL_SENSE_TYPES */
enum {
    SENSE_NONE = 0,
    SENSE_LIMITED = 10,
    SENSE_NORMAL = 20,
    SENSE_PROXIMITY = 30,
    SENSE_DISTANCE = 40
};

static gg_status sense_field(gg__io_ctx *ctx, const json_t *wall, const char *key, const char *path,
                             int64_t *out)
{
    gg_status st = gg__io_opt_int(ctx, wall, key, path, 0, 40, SENSE_NORMAL, out);
    if (st == GG_OK && *out % 10 != 0)
        return gg__io_fail(ctx, GG_E_INVALID_ARG,
                           "%s.%s: %lld is not a wall sense type (0, 10, 20, 30, 40)", path, key,
                           (long long)*out);
    return st;
}

/* The number under key in obj, or under key2 in obj[key1] (v10 objects); dflt when absent. */
static gg_status num2(gg__io_ctx *ctx, const json_t *root, const char *key, const char *obj2,
                      const char *key2, double dflt, double *out)
{
    const json_t *v = json_object_get(root, key);
    if (v != NULL && !json_is_null(v) && !json_is_object(v))
        return gg__io_number(ctx, v, key, out);
    const json_t *o = json_object_get(root, obj2);
    if (json_is_object(o)) {
        char p[64];
        snprintf(p, sizeof p, "%s", obj2);
        return gg__io_opt_number(ctx, o, key2, p, dflt, out);
    }
    *out = dflt;
    return GG_OK;
}

static bool feet_units(const char *u)
{
    return strcmp(u, "ft") == 0 || strcmp(u, "ft.") == 0 || strcmp(u, "feet") == 0 ||
           strcmp(u, "foot") == 0 || strcmp(u, "'") == 0;
}

typedef struct frame {
    double size;       /* px per cell */
    double col0, row0; /* canvas cell of the scene's top-left cell */
    double distance;   /* units per cell */
    double cell_ft;    /* the scene's cell size in feet */
} frame;

/* A threshold: a number >= 0, or null/absent (0: the wall is never transparent). */
static gg_status opt_threshold(gg__io_ctx *ctx, const json_t *th, const char *key, const char *path,
                               double *out)
{
    *out = 0.0;
    const json_t *v = json_object_get(th, key);
    if (v == NULL || json_is_null(v))
        return GG_OK;
    gg_status st = gg__io_opt_number(ctx, th, key, path, 0.0, out);
    if (st == GG_OK && !(*out >= 0.0 && *out <= 1e6))
        return gg__io_fail(ctx, GG_E_INVALID_ARG, "%s.%s: %g is not a distance", path, key, *out);
    return st;
}

/* One wall-height bound in feet on the wall lattice: distance units times feet per unit,
 * rounded to 1/GG_WALL_HEIGHT_UNITS_PER_FT ft (reported when that moved it); beyond
 * GG_WALL_HEIGHT_LIMIT_FT it is no bound. */
static double height_bound(gg__io_ctx *ctx, double v, const frame *f, const char *path)
{
    if (isinf(v))
        return v;
    const double ft = v * f->cell_ft / f->distance;
    if (!(fabs(ft) <= (double)GG_WALL_HEIGHT_LIMIT_FT)) {
        gg__io_note_add(ctx, GG_IMPORT_APPROXIMATED, 1,
                        "wall-height bounds beyond 2^20 ft imported as no bound", "%s: %g", path,
                        v);
        return ft < 0 ? -HUGE_VAL : HUGE_VAL;
    }
    const double u = (double)GG_WALL_HEIGHT_UNITS_PER_FT;
    const double r = floor(ft * u + 0.5) / u;
    if (r != ft)
        gg__io_note_add(ctx, GG_IMPORT_SNAPPED, 1, "wall heights rounded to 1/16 ft",
                        "%s: %.17g ft -> %g ft", path, ft, r);
    return r;
}

static void height_ft(gg__io_ctx *ctx, double bottom, double top, const frame *f, const char *path,
                      gg__io_seg *s)
{
    char ph[72];
    snprintf(ph, sizeof ph, "%s.flags.wall-height", path);
    s->bottom_ft = height_bound(ctx, bottom, f, ph);
    s->top_ft = height_bound(ctx, top, f, ph);
}

static gg_status read_wall(gg__io_ctx *ctx, const json_t *w, size_t i, const frame *f)
{
    char path[48];
    snprintf(path, sizeof path, "walls[%zu]", i);
    gg_status st = gg__io_want_object(ctx, w, path);
    if (st != GG_OK)
        return st;
    const json_t *c = json_object_get(w, "c");
    char pc[64];
    snprintf(pc, sizeof pc, "%s.c", path);
    if ((st = gg__io_want_array(ctx, c, pc)) != GG_OK)
        return st;
    if (json_array_size(c) != 4)
        return gg__io_fail(ctx, GG_E_INVALID_ARG, "%s: expected 4 numbers, found %zu", pc,
                           json_array_size(c));
    double xy[4];
    for (size_t k = 0; k < 4; k++) {
        char pk[72];
        snprintf(pk, sizeof pk, "%s[%zu]", pc, k);
        if ((st = gg__io_number(ctx, json_array_get(c, k), pk, &xy[k])) != GG_OK)
            return st;
    }
    int64_t move, sight, light;
    if (json_object_get(w, "sense") != NULL) {
        /* 0.7/0.8: move 0/1, sense 0/1/2 (none/normal/limited) for sight and light together;
         * Foundry's own migration maps 1 -> NORMAL (20) and 2 -> LIMITED (10). */
        int64_t m, s;
        if ((st = gg__io_opt_int(ctx, w, "move", path, 0, 1, 1, &m)) != GG_OK ||
            (st = gg__io_opt_int(ctx, w, "sense", path, 0, 2, 1, &s)) != GG_OK)
            return st;
        move = m ? SENSE_NORMAL : SENSE_NONE;
        sight = light = s == 0 ? SENSE_NONE : (s == 1 ? SENSE_NORMAL : SENSE_LIMITED);
    } else {
        if ((st = sense_field(ctx, w, "move", path, &move)) != GG_OK ||
            (st = sense_field(ctx, w, "sight", path, &sight)) != GG_OK ||
            (st = sense_field(ctx, w, "light", path, &light)) != GG_OK)
            return st;
        if (move != SENSE_NONE && move != SENSE_NORMAL)
            return gg__io_fail(ctx, GG_E_INVALID_ARG,
                               "%s.move: %lld is not a wall movement type (0 or 20)", path,
                               (long long)move);
    }
    int64_t dir, door, ds;
    if ((st = gg__io_opt_int(ctx, w, "dir", path, 0, 2, 0, &dir)) != GG_OK ||
        (st = gg__io_opt_int(ctx, w, "door", path, 0, 2, 0, &door)) != GG_OK ||
        (st = gg__io_opt_int(ctx, w, "ds", path, 0, 2, 0, &ds)) != GG_OK)
        return st;

    /* Levels / Wall Height: {bottom, top} in distance units; null is unbounded. */
    const json_t *flags = json_object_get(w, "flags");
    const json_t *wh = json_is_object(flags) ? json_object_get(flags, "wall-height") : NULL;
    double bottom = -HUGE_VAL, top = HUGE_VAL;
    if (json_is_object(wh)) {
        char ph[72];
        snprintf(ph, sizeof ph, "%s.flags.wall-height", path);
        if ((st = gg__io_opt_number(ctx, wh, "bottom", ph, -HUGE_VAL, &bottom)) != GG_OK ||
            (st = gg__io_opt_number(ctx, wh, "top", ph, HUGE_VAL, &top)) != GG_OK)
            return st;
        if (ctx->def->use_elevation &&
            !(bottom <= ctx->def->elevation_ft && ctx->def->elevation_ft <= top)) {
            ctx->stats.segments_read++;
            ctx->stats.walls_dropped++;
            gg__io_note_add(ctx, GG_IMPORT_DROPPED, 1,
                            "walls on other levels (wall-height excludes the elevation)",
                            "%s: %g..%g ft", path, bottom, top);
            return GG_OK;
        }
        if (bottom > top) {
            ctx->stats.segments_read++;
            ctx->stats.walls_dropped++;
            gg__io_note_add(ctx, GG_IMPORT_DROPPED, 1,
                            "walls whose wall-height bottom is above their top (never standing)",
                            "%s: %g..%g", path, bottom, top);
            return GG_OK;
        }
    }

    gg__io_seg s = gg__io_seg_default();
    s.label = "walls";
    s.source = (int32_t)i;
    s.blocks = 0;
    if (move != SENSE_NONE)
        s.blocks |= (uint32_t)GG_BLOCKS_MOVEMENT;
    if (sight != SENSE_NONE)
        s.blocks |= (uint32_t)GG_BLOCKS_SIGHT;
    if (light != SENSE_NONE)
        s.blocks |= (uint32_t)GG_BLOCKS_LIGHT;
    /* LIMITED (terrain) walls keep their kind per sense: a line passes one and stops at the
     * second (gg_wall_def.limited). */
    if (sight == SENSE_LIMITED)
        s.limited |= (uint32_t)GG_BLOCKS_SIGHT;
    if (light == SENSE_LIMITED)
        s.limited |= (uint32_t)GG_BLOCKS_LIGHT;
    /* v11 PROXIMITY walls keep their threshold (distance units): transparent to a source within
     * it (gg_wall_def.sight/light_proximity_ft). DISTANCE walls (the reverse) stay normal. */
    if (sight == SENSE_PROXIMITY || light == SENSE_PROXIMITY) {
        const json_t *th = json_object_get(w, "threshold");
        char pt[72];
        snprintf(pt, sizeof pt, "%s.threshold", path);
        double ts = 0.0, tl = 0.0;
        if (json_is_object(th) && ((st = opt_threshold(ctx, th, "sight", pt, &ts)) != GG_OK ||
                                   (st = opt_threshold(ctx, th, "light", pt, &tl)) != GG_OK))
            return st;
        if (sight == SENSE_PROXIMITY)
            s.sight_proximity_ft = ts * f->cell_ft / f->distance;
        if (light == SENSE_PROXIMITY)
            s.light_proximity_ft = tl * f->cell_ft / f->distance;
    }
    if (sight == SENSE_DISTANCE || light == SENSE_DISTANCE)
        gg__io_note_add(ctx, GG_IMPORT_APPROXIMATED, 1, "distance walls imported as normal walls",
                        "%s", path);
    if (s.blocks == 0 && door == 0) {
        ctx->stats.segments_read++;
        ctx->stats.walls_dropped++;
        gg__io_note_add(ctx, GG_IMPORT_DROPPED, 1,
                        "walls that block neither movement, sight nor light (sound only)", "%s",
                        path);
        return GG_OK;
    }
    if (s.blocks == 0)
        s.blocks = (uint32_t)GG_BLOCKS_ALL; /* a door that restricts nothing: keep it a door */
    s.one_way = (gg_one_way)dir;
    if (door != 0) {
        s.door = ds == 1 ? GG_DOOR_OPEN : (ds == 2 ? GG_DOOR_LOCKED : GG_DOOR_CLOSED);
        s.secret = door == 2; /* SECRET: a door that looks like a wall to players */
    }
    /* use_elevation makes the scene that one level, flat: its walls stand at every elevation.
     * Otherwise each wall keeps its range, in feet on the 1/16 ft lattice. */
    if (!ctx->def->use_elevation)
        height_ft(ctx, bottom, top, f, path, &s);
    s.x1 = xy[0] / f->size - f->col0;
    s.y1 = xy[1] / f->size - f->row0;
    s.x2 = xy[2] / f->size - f->col0;
    s.y2 = xy[3] / f->size - f->row0;
    return gg__io_seg_push(ctx, &s);
}

static gg_status read_light(gg__io_ctx *ctx, gg_scene *scene, const json_t *l, size_t i,
                            const frame *f, double cell_ft)
{
    char path[48];
    snprintf(path, sizeof path, "lights[%zu]", i);
    gg_status st = gg__io_want_object(ctx, l, path);
    double x, y, dim, bright, angle;
    if (st != GG_OK || (st = gg__io_opt_number(ctx, l, "x", path, 0.0, &x)) != GG_OK ||
        (st = gg__io_opt_number(ctx, l, "y", path, 0.0, &y)) != GG_OK)
        return st;
    /* v10+: radii and angle under config; up to v9 at the top level. Distance units. */
    const json_t *cfg = json_object_get(l, "config");
    const json_t *src = json_is_object(cfg) ? cfg : l;
    char pc[64];
    snprintf(pc, sizeof pc, "%s%s", path, json_is_object(cfg) ? ".config" : "");
    if ((st = gg__io_opt_number(ctx, src, "dim", pc, 0.0, &dim)) != GG_OK ||
        (st = gg__io_opt_number(ctx, src, "bright", pc, 0.0, &bright)) != GG_OK ||
        (st = gg__io_opt_number(ctx, src, "angle", pc, 360.0, &angle)) != GG_OK)
        return st;
    if (json_is_true(json_object_get(l, "hidden"))) {
        ctx->stats.lights_read++;
        ctx->stats.lights_dropped++;
        gg__io_note_add(ctx, GG_IMPORT_DROPPED, 1, "light sources switched off (hidden)", "%s",
                        path);
        return GG_OK;
    }
    /* The cone: Foundry's `angle` and `rotation` are gg_light_def's own convention (rotation 0
     * points down the screen, growing clockwise; docs/vision.md, "Light cones"). `rotation` is
     * a top-level field in every version. */
    gg_light_def shape = gg_light_def_default();
    double rotation;
    if ((st = gg__io_opt_number(ctx, l, "rotation", path, 0.0, &rotation)) != GG_OK)
        return st;
    if (angle > 0.0 && angle < 360.0)
        shape.angle_deg = angle;
    else if (angle != 360.0)
        gg__io_note_add(ctx, GG_IMPORT_APPROXIMATED, 1,
                        "light cone angles outside (0, 360] imported as full circles",
                        "%s: angle %g", path, angle);
    if (fabs(rotation) <= 1e6)
        shape.rotation_deg = rotation;
    else
        gg__io_note_add(ctx, GG_IMPORT_APPROXIMATED, 1,
                        "light rotations beyond 1e6 degrees imported as 0", "%s: rotation %g", path,
                        rotation);
    /* Colour as data: v10+ config.color and config.alpha, up to v9 tintColor and tintAlpha. */
    bool v10 = json_is_object(cfg);
    gg__io_light_color(ctx, src, v10 ? "color" : "tintColor", pc, false, &shape);
    double alpha;
    if ((st = gg__io_opt_number(ctx, src, v10 ? "alpha" : "tintAlpha", pc, 1.0, &alpha)) != GG_OK)
        return st;
    if (shape.has_color) {
        double a = alpha < 0.0 ? 0.0 : (alpha > 1.0 ? 1.0 : alpha);
        shape.color_argb = (shape.color_argb & 0x00FFFFFFu) | (uint32_t)floor(a * 255.0 + 0.5)
                                                                  << 24;
    }
    if (json_is_false(json_object_get(l, "walls")))
        gg__io_note_add(ctx, GG_IMPORT_APPROXIMATED, 1,
                        "lights that ignore walls imported as blocked by walls", "%s", path);
    gg__io_note_add(ctx, GG_IMPORT_DROPPED, 1, "light animation, luminosity and coloration", NULL);
    double to_ft = cell_ft / f->distance;
    return gg__io_add_light_shaped(ctx, scene, x / f->size - f->col0, y / f->size - f->row0,
                                   bright * to_ft, dim * to_ft, &shape, path);
}

static int32_t list_size(const json_t *root, const char *key)
{
    const json_t *v = json_object_get(root, key);
    size_t n = json_is_array(v) ? json_array_size(v) : 0;
    return n > (size_t)INT32_MAX ? INT32_MAX : (int32_t)n;
}

gg_status gg__io_read_foundry(gg__io_ctx *ctx, json_t *root, gg_scene **out)
{
    *out = NULL;
    gg_status st = gg__io_want_object(ctx, root, "(top level)");
    if (st != GG_OK)
        return st;
    double size, type, width, height, padding, shift_x, shift_y, distance;
    if ((st = num2(ctx, root, "grid", "grid", "size", 0.0, &size)) != GG_OK ||
        (st = num2(ctx, root, "gridType", "grid", "type", 1.0, &type)) != GG_OK ||
        (st = gg__io_number(ctx, json_object_get(root, "width"), "width", &width)) != GG_OK ||
        (st = gg__io_number(ctx, json_object_get(root, "height"), "height", &height)) != GG_OK ||
        (st = gg__io_opt_number(ctx, root, "padding", "(top level)", 0.0, &padding)) != GG_OK ||
        (st = num2(ctx, root, "shiftX", "background", "offsetX", 0.0, &shift_x)) != GG_OK ||
        (st = num2(ctx, root, "shiftY", "background", "offsetY", 0.0, &shift_y)) != GG_OK ||
        (st = num2(ctx, root, "gridDistance", "grid", "distance", 5.0, &distance)) != GG_OK)
        return st;
    if (!(size >= 1.0 && size <= 1e6))
        return gg__io_fail(ctx, GG_E_INVALID_ARG, "grid: a cell of %g px is not supported", size);
    if (type != 1.0 && type != 0.0)
        return gg__io_fail(ctx, GG_E_INVALID_ARG,
                           "gridType: %g is a hex grid; the square-grid scene cannot hold it",
                           type);
    if (type == 0.0)
        gg__io_note_add(ctx, GG_IMPORT_APPROXIMATED, 1,
                        "a gridless scene imported on a square grid of its grid size", "%g px",
                        size);
    if (!(width > 0.0 && width <= 1e9 && height > 0.0 && height <= 1e9))
        return gg__io_fail(ctx, GG_E_INVALID_ARG, "width/height: %g x %g px is not a scene size",
                           width, height);
    if (!(padding >= 0.0 && padding <= 100.0))
        return gg__io_fail(ctx, GG_E_INVALID_ARG, "padding: %g is outside 0..100", padding);
    if (fabs(shift_x) > 1e9 || fabs(shift_y) > 1e9)
        return gg__io_fail(ctx, GG_E_INVALID_ARG, "shiftX/shiftY: (%g, %g) is absurd", shift_x,
                           shift_y);
    /* Foundry's canvas: padding rounded up to whole cells, the image shifted by shiftX/offsetX;
     * the grid stays anchored at canvas (0,0). */
    double pad_x = ceil(padding * width / size) * size;
    double pad_y = ceil(padding * height / size) * size;
    double scene_x = pad_x - shift_x, scene_y = pad_y - shift_y;
    frame f;
    f.size = size;
    f.col0 = floor(scene_x / size);
    f.row0 = floor(scene_y / size);
    double cols = ceil((scene_x + width) / size) - f.col0;
    double rows = ceil((scene_y + height) / size) - f.row0;
    int32_t w, h;
    if ((st = gg__io_cells_from_real(ctx, cols, "width", &w)) != GG_OK ||
        (st = gg__io_cells_from_real(ctx, rows, "height", &h)) != GG_OK)
        return st;
    if (scene_x / size != f.col0 || scene_y / size != f.row0 ||
        width / size != floor(width / size) || height / size != floor(height / size))
        gg__io_note_add(ctx, GG_IMPORT_APPROXIMATED, 1,
                        "a scene rectangle that is not whole grid cells (edge cells are partial)",
                        "%g x %g px at (%g, %g) on a %g px grid -> %d x %d cells", width, height,
                        scene_x, scene_y, size, (int)w, (int)h);

    const json_t *units = json_object_get(root, "gridUnits");
    const json_t *grid = json_object_get(root, "grid");
    if (units == NULL && json_is_object(grid))
        units = json_object_get(grid, "units");
    const char *u = json_is_string(units) ? json_string_value(units) : "ft";
    if (!(distance > 0.0 && distance <= 1e6))
        return gg__io_fail(ctx, GG_E_INVALID_ARG, "gridDistance: %g is not a cell size", distance);
    double ft = floor(distance + 0.5);
    if (ft < 1.0)
        ft = 1.0;
    if (!feet_units(u) || ft != distance)
        gg__io_note_add(ctx, GG_IMPORT_APPROXIMATED, 1,
                        "a cell size that is not a whole number of feet",
                        "%g %.16s per cell -> %g ft", distance, u, ft);
    f.distance = distance;
    f.cell_ft = ft;

    /* Scene darkness 0..1 (and globalLight, which lights everything) -> the default light. */
    double darkness;
    if ((st = gg__io_opt_number(ctx, root, "darkness", "(top level)", 0.0, &darkness)) != GG_OK)
        return st;
    gg_light dflt = darkness < 0.25 ? GG_LIGHT_BRIGHT
                                    : (darkness < 0.75 ? GG_LIGHT_DIM : GG_LIGHT_DARK);
    if (json_is_true(json_object_get(root, "globalLight")))
        dflt = GG_LIGHT_BRIGHT;
    if (dflt != GG_LIGHT_BRIGHT)
        gg__io_note_add(ctx, GG_IMPORT_APPROXIMATED, 1,
                        "scene darkness mapped to a default light level", "darkness %g -> %s",
                        darkness, dflt == GG_LIGHT_DIM ? "dim" : "dark");
    if ((st = gg__io_check_caps(ctx, w, h, list_size(root, "walls"), list_size(root, "lights"))) !=
        GG_OK)
        return st;
    gg_scene *scene = NULL;
    if ((st = gg__io_scene_create(ctx, w, h, (int32_t)ft, dflt, &scene)) != GG_OK)
        return st;
    const json_t *walls = json_object_get(root, "walls");
    if (walls != NULL && !json_is_null(walls)) {
        st = gg__io_want_array(ctx, walls, "walls");
        size_t i;
        const json_t *wall;
        json_array_foreach(walls, i, wall)
        {
            if (st != GG_OK)
                break;
            st = read_wall(ctx, wall, i, &f);
        }
    }
    if (st == GG_OK) {
        const json_t *lights = json_object_get(root, "lights");
        if (lights != NULL && !json_is_null(lights))
            st = gg__io_want_array(ctx, lights, "lights");
        size_t i;
        const json_t *l;
        json_array_foreach(lights, i, l)
        {
            if (st != GG_OK)
                break;
            st = read_light(ctx, scene, l, i, &f, ft);
        }
        gg__io_note_add(ctx, GG_IMPORT_DROPPED, list_size(root, "tokens"),
                        "tokens (creatures are the host's, not the scene's)", NULL);
        int32_t other = 0;
        static const char placeables[][12] = {"tiles", "drawings", "notes", "sounds", "templates"};
        for (size_t k = 0; k < sizeof placeables / sizeof placeables[0]; k++)
            other += list_size(root, placeables[k]);
        gg__io_note_add(ctx, GG_IMPORT_DROPPED, other,
                        "tiles, drawings, notes, sounds and templates", NULL);
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
