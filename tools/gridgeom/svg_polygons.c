/* svg_polygons.c - `gridgeom draw --vision` and the light polygons of `--lights`: the exact
 * visibility polygon of each viewer (gg_scene_visibility_polygon(), walls that block sight) and,
 * for each light, the polygon of walls that block light clipped to its dim and bright squares
 * (the Chebyshev radii per-cell lighting uses) and to its cone (angle_deg about rotation_deg,
 * docs/vision.md "Light cones"), drawn as translucent fills under the walls. Layer: tools. */
#include "svg.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

static double px(const gg_cli_frame *f, double x) { return f->m + x * f->s; }

#define CAPTION(...)                                                                               \
    do {                                                                                           \
        if (*used < cap)                                                                           \
            *used += (size_t)snprintf(caption + *used, cap - *used, __VA_ARGS__);                  \
    } while (0)

static void *sys_alloc(void *ctx, size_t size, size_t align)
{
    (void)ctx;
    return aligned_alloc(align, (size + align - 1) / align * align);
}
static void sys_free(void *ctx, void *p, size_t size)
{
    (void)ctx;
    (void)size;
    free(p);
}

int gg_cli_parse_points(const gg_allocator *mem, const char *s, double **out, int32_t *n)
{
    int32_t count = 1;
    for (const char *p = s; *p; ++p)
        count += *p == ';';
    double *xy = mem->alloc(mem->ctx, sizeof(double) * 2 * (size_t)count, 16);
    if (xy == NULL)
        return 2;
    const char *p = s;
    for (int32_t k = 0; k < count; ++k) {
        char *end = NULL;
        const char *start = p;
        const double x = strtod(p, &end);
        if (end == p || *end != ',')
            goto bad;
        p = end + 1;
        const double y = strtod(p, &end);
        if (end == p || (*end != ';' && *end != '\0') || !isfinite(x) || !isfinite(y))
            goto bad;
        /* C,R (no decimal point) names a cell: its centre; X,Y with one is a point. */
        const bool cell = memchr(start, '.', (size_t)(end - start)) == NULL;
        xy[2 * k] = cell ? x + 0.5 : x;
        xy[2 * k + 1] = cell ? y + 0.5 : y;
        p = *end == ';' ? end + 1 : end;
    }
    *out = xy;
    *n = count;
    return 0;
bad:
    mem->free(mem->ctx, xy, sizeof(double) * 2 * (size_t)count);
    return 1;
}

/* A cone light's wedge as a clip path "cone<i>": apex at the light's centre, the arc of radius
 * `rad` cells from rotation + 90 - angle/2 to rotation + 90 + angle/2 degrees (from +x towards
 * +y, down the screen: Foundry's convention) as chords of at most 30 degrees. */
static void wedge(const gg_cli_frame *fr, int i, double x, double y, double rad, double angle,
                  double rotation)
{
    const double pi = 3.14159265358979323846;
    const double a0 = (rotation + 90.0 - angle / 2) * pi / 180, span = angle * pi / 180;
    const int steps = (int)ceil(angle / 30.0);
    fprintf(fr->f, "<clipPath id=\"cone%d\"><polygon points=\"%.2f,%.2f", i, px(fr, x), px(fr, y));
    for (int k = 0; k <= steps; ++k) {
        const double a = a0 + span * k / steps;
        /* a chord's ends at rad / cos(half step) keep the chord outside the circle of rad */
        const double rr = rad / cos(span / steps / 2);
        fprintf(fr->f, " %.2f,%.2f", px(fr, x + rr * cos(a)), px(fr, y + rr * sin(a)));
    }
    fputs("\"/></clipPath>\n", fr->f);
}

/* The polygon of `d` as an SVG points list; returns its vertex count (0 on failure, msg set). */
static int32_t polygon_points(const gg_scene *scene, const gg_allocator *mem, void *work,
                              size_t bytes, const gg_polygon_def *d, const gg_cli_frame *fr,
                              const char *attrs, char *msg, size_t msgcap)
{
    int32_t n = 0;
    gg_status st = gg_scene_visibility_polygon(scene, work, bytes, d, NULL, 0, &n);
    if (st != GG_OK && st != GG_E_BUFFER_TOO_SMALL) {
        snprintf(msg, msgcap,
                 "--vision: %.6g,%.6g: %s (points must lie on the map, on the 1/%d "
                 "cell lattice)",
                 d->x, d->y, gg_status_name(st), GG_WALL_UNITS_PER_CELL);
        return -1;
    }
    double *xy = mem->alloc(mem->ctx, sizeof(double) * 2 * (size_t)(n + 1), 16);
    if (xy == NULL) {
        snprintf(msg, msgcap, "--vision: out of memory (GG_E_NO_MEMORY)");
        return -1;
    }
    st = gg_scene_visibility_polygon(scene, work, bytes, d, xy, n, &n);
    if (st == GG_OK) {
        fprintf(fr->f, "<polygon %s points=\"", attrs);
        for (int32_t i = 0; i < n; ++i)
            fprintf(fr->f, "%s%.2f,%.2f", i ? " " : "", px(fr, xy[2 * i]), px(fr, xy[2 * i + 1]));
        fputs("\"/>\n", fr->f);
    }
    mem->free(mem->ctx, xy, sizeof(double) * 2 * (size_t)(n + 1));
    return st == GG_OK ? n : -1;
}

int gg_cli_draw_polygons(const gg_scene *scene, const gg_cli_draw *opt, const gg_cli_frame *fr,
                         char *caption, size_t cap, size_t *used, char *msg, size_t msgcap)
{
    const gg_allocator sys = {sys_alloc, sys_free, NULL};
    const gg_allocator *mem = opt->mem != NULL ? opt->mem : &sys;
    const int32_t nl = opt->lights ? gg_scene_light_count(scene) : 0;
    if (opt->vision_count <= 0 && nl <= 0)
        return 0;
    size_t bytes = 0;
    if (gg_scene_polygon_work_bytes(scene, &bytes) != GG_OK)
        return 1;
    void *work = mem->alloc(mem->ctx, bytes, 16);
    if (work == NULL) {
        snprintf(msg, msgcap, "--vision: out of memory (GG_E_NO_MEMORY)");
        return 1;
    }
    int rc = 0;
    /* Lights first: each light's polygon (walls that block light) clipped to its dim square,
     * and again to its bright square. */
    gg_light_def *defs = NULL;
    int32_t got = 0;
    if (nl > 0) {
        defs = mem->alloc(mem->ctx, sizeof *defs * (size_t)nl, 16);
        if (defs == NULL || gg_scene_list_lights(scene, NULL, defs, nl, &got) != GG_OK)
            got = 0;
    }
    const double cell_ft = gg_scene_cell_size_ft(scene);
    for (int32_t i = 0; i < got && rc == 0; ++i) {
        gg_polygon_def d = gg_polygon_def_default();
        d.x = defs[i].cell.col + 0.5;
        d.y = defs[i].cell.row + 0.5;
        d.blocks = (uint32_t)GG_BLOCKS_LIGHT;
        const double r[2] = {defs[i].dim_ft / cell_ft + 0.5, defs[i].bright_ft / cell_ft + 0.5};
        const char *fill[2] = {"#f4d03f\" fill-opacity=\"0.25", "#f9e79f\" fill-opacity=\"0.45"};
        char cone[48] = ""; /* the wedge, beyond the dim square's corners */
        if (defs[i].angle_deg < 360.0) {
            wedge(fr, (int)i, d.x, d.y, (r[0] + 1) * 1.5, defs[i].angle_deg, defs[i].rotation_deg);
            snprintf(cone, sizeof cone, " clip-path=\"url(#cone%d)\"", (int)i);
        }
        for (int k = 0; k < 2 && rc == 0; ++k) {
            fprintf(fr->f,
                    "<clipPath id=\"light%d_%d\"%s><rect x=\"%.2f\" y=\"%.2f\" width=\"%.2f\" "
                    "height=\"%.2f\"/></clipPath>\n",
                    (int)i, k, cone, px(fr, d.x - r[k]), px(fr, d.y - r[k]), 2 * r[k] * fr->s,
                    2 * r[k] * fr->s);
            char attrs[160];
            snprintf(attrs, sizeof attrs,
                     "clip-path=\"url(#light%d_%d)\" fill=\"%s\" stroke=\"none\"", (int)i, k,
                     fill[k]);
            const int32_t n = polygon_points(scene, mem, work, bytes, &d, fr, attrs, msg, msgcap);
            rc = n < 0;
        }
    }
    if (got > 0)
        CAPTION("light polygons: %d (walls that block light, clipped to the radii). ", (int)got);
    for (int32_t i = 0; i < opt->vision_count && rc == 0; ++i) {
        gg_polygon_def d = gg_polygon_def_default();
        d.x = opt->vision[2 * i];
        d.y = opt->vision[2 * i + 1];
        const int32_t n = polygon_points(scene, mem, work, bytes, &d, fr,
                                         "fill=\"#5dade2\" fill-opacity=\"0.3\" stroke=\"#1f618d\" "
                                         "stroke-width=\"1.5\" stroke-linejoin=\"round\"",
                                         msg, msgcap);
        rc = n < 0;
        if (n > 0) {
            fprintf(fr->f, "<circle cx=\"%.2f\" cy=\"%.2f\" r=\"%.2f\" fill=\"#1f618d\"/>\n",
                    px(fr, d.x), px(fr, d.y), fr->s * 0.15 + 1);
            CAPTION("vision from (%g, %g): %d vertices. ", d.x, d.y, (int)n);
        }
    }
    if (defs != NULL)
        mem->free(mem->ctx, defs, sizeof *defs * (size_t)nl);
    mem->free(mem->ctx, work, bytes);
    return rc;
}
