/* svg_overlays.c - the overlays of `gridgeom draw` for the library's own queries: a distance field
 * as a heat map, the movement overlay in budget bands, the witness lines of a cover mode coloured
 * by what blocked each, light sources with the cells they light, and the visibility matrix as
 * lines between creatures. Working memory comes from the draw's allocator. Layer: tools. */
#include "svg.h"

#include <stdlib.h>
#include <string.h>

static void *libc_alloc(void *ctx, size_t size, size_t align)
{
    (void)ctx;
    (void)align;
    return malloc(size == 0 ? 1 : size);
}

static void libc_free(void *ctx, void *p, size_t size)
{
    (void)ctx;
    (void)size;
    free(p);
}

static const gg_allocator k_libc = {libc_alloc, libc_free, NULL};

static const gg_allocator *mem_of(const gg_cli_draw *opt)
{
    return opt->mem != NULL ? opt->mem : &k_libc;
}

static double px(const gg_cli_frame *f, double x) { return f->m + x * f->s; }

static void rect(const gg_cli_frame *f, gg_cell c, const char *style)
{
    fprintf(f->f, "<rect x=\"%.2f\" y=\"%.2f\" width=\"%.2f\" height=\"%.2f\" %s/>\n", px(f, c.col),
            px(f, c.row), f->s, f->s, style);
}

#define CAPTION(...)                                                                               \
    do {                                                                                           \
        if (*used < cap)                                                                           \
            *used += (size_t)snprintf(caption + *used, cap - *used, __VA_ARGS__);                  \
    } while (0)

static int no_memory(char *msg, size_t msgcap, const char *what, gg_status st)
{
    snprintf(msg, msgcap, "%s: %s%s", what, st == GG_E_NO_MEMORY ? "out of memory " : "",
             gg_status_name(st));
    return 1;
}

/* A colour from blue (0) through green and yellow to red (1). */
static void heat(double t, char *buf, size_t cap)
{
    t = t < 0 ? 0 : t > 1 ? 1 : t;
    int r = (int)(255 * (t < 0.5 ? t * 2 : 1.0));
    int g = (int)(255 * (t < 0.5 ? 0.4 + t * 1.2 : 1.0 - (t - 0.5) * 1.6));
    int b = (int)(255 * (t < 0.5 ? 1.0 - t * 2 : 0.0));
    snprintf(buf, cap, "#%02x%02x%02x", r, g, b);
}

static int draw_field(const gg_scene *scene, const gg_cli_draw *opt, const gg_cli_frame *fr,
                      char *caption, size_t cap, size_t *used, char *msg, size_t msgcap)
{
    const gg_allocator *mem = mem_of(opt);
    gg_move_def def = gg_move_def_default();
    def.metric = opt->metric;
    size_t bytes = 0;
    gg_scratch *scratch = NULL;
    gg_move_field *field = NULL;
    void *block = NULL;
    gg_status st = gg_move_field_bytes(scene, &def, &bytes);
    if (st == GG_OK)
        st = gg_scratch_create(scene, NULL, &scratch);
    if (st == GG_OK && (block = mem->alloc(mem->ctx, bytes, 16)) == NULL)
        st = GG_E_NO_MEMORY;
    if (st == GG_OK)
        st = gg_scene_move_field(scene, scratch, opt->from, 0, &def, block, bytes, &field);
    if (st != GG_OK) {
        if (block != NULL)
            mem->free(mem->ctx, block, bytes);
        gg_scratch_destroy(scratch);
        return no_memory(msg, msgcap, "--field", st);
    }
    double max = 0;
    int32_t reached = 0;
    for (int pass = 0; pass < 2; pass++)
        for (int32_t r = 0; r < fr->h; r++)
            for (int32_t q = 0; q < fr->w; q++) {
                bool rch = false;
                gg_metric_cost cost;
                if (gg_move_field_cost(field, gg_cell_make(q, r), &rch, &cost, NULL) != GG_OK ||
                    !rch)
                    continue;
                double ft = gg_metric_cost_ft(cost);
                if (pass == 0) {
                    max = ft > max ? ft : max;
                    reached++;
                    continue;
                }
                char col[16], style[96];
                heat(max > 0 ? ft / max : 0, col, sizeof col);
                snprintf(style, sizeof style, "fill=\"%s\" fill-opacity=\"0.55\"", col);
                rect(fr, gg_cell_make(q, r), style);
            }
    CAPTION("field: %d cells reached, farthest %.0f ft (blue near, red far). ", (int)reached, max);
    mem->free(mem->ctx, block, bytes);
    gg_scratch_destroy(scratch);
    return 0;
}

static int draw_overlay(const gg_scene *scene, const gg_cli_draw *opt, const gg_cli_frame *fr,
                        char *caption, size_t cap, size_t *used, char *msg, size_t msgcap)
{
    static const char *const band_colour[] = {"#2e9e4f", "#e0b030", "#d9622b", "#a33ab5"};
    const gg_allocator *mem = mem_of(opt);
    int32_t bands = opt->overlay_bands > 0 ? opt->overlay_bands : 2;
    int64_t budget64 = (int64_t)opt->overlay_ft * bands;
    int32_t budget = budget64 > 1000000 ? 1000000 : (int32_t)budget64;
    gg_move_def def = gg_move_def_default();
    def.metric = opt->metric;
    gg_scratch_def sd = gg_scratch_def_default();
    sd.uses = (uint32_t)GG_SCRATCH_BOUNDED;
    sd.budget_ft = budget;
    gg_scratch *scratch = NULL;
    gg_status st = gg_scratch_create(scene, &sd, &scratch);
    int32_t capn = fr->w * fr->h, n = 0;
    gg_move_reach *out = NULL;
    if (st == GG_OK && (out = mem->alloc(mem->ctx, (size_t)capn * sizeof *out, 16)) == NULL)
        st = GG_E_NO_MEMORY;
    if (st == GG_OK)
        st = gg_scene_move_overlay(scene, scratch, opt->from, 0, budget, &def, out, capn, &n);
    if (st != GG_OK) {
        if (out != NULL)
            mem->free(mem->ctx, out, (size_t)capn * sizeof *out);
        gg_scratch_destroy(scratch);
        return no_memory(msg, msgcap, "--overlay", st);
    }
    int32_t per_band[4] = {0, 0, 0, 0};
    for (int32_t i = 0; i < n; i++) {
        double ft = gg_metric_cost_ft(out[i].cost);
        int b = opt->overlay_ft > 0 ? (int)((ft - 1e-9) / opt->overlay_ft) : 0;
        b = b < 0 ? 0 : b >= bands ? bands - 1 : b;
        b = b > 3 ? 3 : b;
        per_band[b]++;
        char style[120];
        snprintf(style, sizeof style, "fill=\"%s\" fill-opacity=\"%s\"", band_colour[b],
                 out[i].can_end ? "0.45" : "0.15");
        rect(fr, out[i].cell, style);
    }
    CAPTION("overlay: ");
    for (int b = 0; b < bands && b < 4; b++)
        CAPTION("%d cells within %d ft%s", (int)per_band[b], (int)(opt->overlay_ft * (b + 1)),
                b + 1 < bands && b < 3 ? ", " : ". ");
    mem->free(mem->ctx, out, (size_t)capn * sizeof *out);
    gg_scratch_destroy(scratch);
    return 0;
}

static int draw_lit(const gg_scene *scene, const gg_cli_frame *fr, char *caption, size_t cap,
                    size_t *used)
{
    int32_t bright = 0, dim = 0;
    for (int32_t r = 0; r < fr->h; r++)
        for (int32_t q = 0; q < fr->w; q++) {
            gg_light l = GG_LIGHT_DARK;
            if (gg_scene_source_light_on_cell(scene, gg_cell_make(q, r), &l) != GG_OK)
                continue;
            if (l == GG_LIGHT_BRIGHT) {
                rect(fr, gg_cell_make(q, r), "fill=\"#ffd84a\" fill-opacity=\"0.55\"");
                bright++;
            } else if (l == GG_LIGHT_DIM) {
                rect(fr, gg_cell_make(q, r), "fill=\"#f0a23a\" fill-opacity=\"0.30\"");
                dim++;
            }
        }
    CAPTION("lights: %d sources, %d cells bright and %d dim by them. ",
            (int)gg_scene_light_count(scene), (int)bright, (int)dim);
    return 0;
}

int gg_cli_draw_under(const gg_scene *scene, const gg_cli_draw *opt, const gg_cli_frame *fr,
                      char *caption, size_t cap, size_t *used, char *msg, size_t msgcap)
{
    if (opt->field && opt->has_from &&
        draw_field(scene, opt, fr, caption, cap, used, msg, msgcap) != 0)
        return 1;
    if (opt->overlay_ft > 0 && opt->has_from &&
        draw_overlay(scene, opt, fr, caption, cap, used, msg, msgcap) != 0)
        return 1;
    if (opt->lights)
        draw_lit(scene, fr, caption, cap, used);
    return 0;
}

/* ---- Lines and markers ---------------------------------------------------------------------------- */

static int draw_cover_lines(const gg_scene *scene, const gg_cli_draw *opt, const gg_cli_frame *fr,
                            char *caption, size_t cap, size_t *used, char *msg, size_t msgcap)
{
    static const char *const mode_names[] = {"tagged", "corners_2d", "corners_3d"};
    static const char *const by_colour[] = {"#1a9c3a", "#3a3a3a", "#111111",
                                            "#d97a00", "#8a3ab9", "#7a5230"};
    static const char *const cover_names[] = {"none", "half", "three_quarters", "total"};
    const gg_allocator *mem = mem_of(opt);
    gg_body a = gg_body_make(opt->from), t = gg_body_make(opt->to);
    gg_cover_def def = gg_cover_def_default();
    def.mode = (gg_cover_mode)opt->cover_mode;
    gg_cover_result res;
    int32_t n = 0;
    gg_status st = gg_scene_cover(scene, &a, &t, NULL, 0, &def, &res, NULL, 0, &n);
    gg_cover_line *lines = NULL;
    int32_t capn = n > 0 ? n : 1;
    if (st == GG_OK && (lines = mem->alloc(mem->ctx, (size_t)capn * sizeof *lines, 16)) == NULL)
        st = GG_E_NO_MEMORY;
    if (st == GG_OK)
        st = gg_scene_cover(scene, &a, &t, NULL, 0, &def, &res, lines, capn, &n);
    if (st != GG_OK) {
        if (lines != NULL)
            mem->free(mem->ctx, lines, (size_t)capn * sizeof *lines);
        return no_memory(msg, msgcap, "--cover-mode", st);
    }
    int32_t by_count[6] = {0, 0, 0, 0, 0, 0};
    for (int32_t i = 0; i < n && i < capn; i++) {
        const gg_cover_line *l = &lines[i];
        int by = (int)l->by >= 0 && (int)l->by < 6 ? (int)l->by : 0;
        by_count[by]++;
        fprintf(fr->f,
                "<line x1=\"%.2f\" y1=\"%.2f\" x2=\"%.2f\" y2=\"%.2f\" stroke=\"%s\" "
                "stroke-width=\"1.6\"%s/>\n",
                px(fr, l->x0), px(fr, l->y0), px(fr, l->x1), px(fr, l->y1), by_colour[by],
                l->cap == GG_COVER_NONE ? "" : " stroke-dasharray=\"4,3\"");
        if (l->by == GG_COVER_BY_CELL)
            rect(fr, l->cell, "fill=\"none\" stroke=\"#3a3a3a\" stroke-width=\"2\"");
    }
    CAPTION("cover (%s): %s, %d lines: %d clear, %d blocked by cells, %d by walls, %d by "
            "creatures. ",
            mode_names[opt->cover_mode], cover_names[(int)res.degree & 3], (int)n, (int)by_count[0],
            (int)by_count[1], (int)by_count[2], (int)by_count[3]);
    mem->free(mem->ctx, lines, (size_t)capn * sizeof *lines);
    return 0;
}

static int draw_light_sources(const gg_scene *scene, const gg_cli_draw *opt, const gg_cli_frame *fr,
                              char *msg, size_t msgcap)
{
    const gg_allocator *mem = mem_of(opt);
    int32_t n = gg_scene_light_count(scene), got = 0;
    if (n <= 0)
        return 0;
    gg_light_def *defs = mem->alloc(mem->ctx, (size_t)n * sizeof *defs, 16);
    if (defs == NULL)
        return no_memory(msg, msgcap, "--lights", GG_E_NO_MEMORY);
    if (gg_scene_list_lights(scene, NULL, defs, n, &got) == GG_OK) {
        double cell_ft = gg_scene_cell_size_ft(scene);
        for (int32_t i = 0; i < got; i++) {
            double x = px(fr, defs[i].cell.col + 0.5), y = px(fr, defs[i].cell.row + 0.5);
            /* Radii as Chebyshev squares (the SRD grid distance the library uses). */
            double rb = (defs[i].bright_ft / cell_ft + 0.5) * fr->s;
            double rd = (defs[i].dim_ft / cell_ft + 0.5) * fr->s;
            fprintf(fr->f,
                    "<rect x=\"%.2f\" y=\"%.2f\" width=\"%.2f\" height=\"%.2f\" fill=\"none\" "
                    "stroke=\"#f0a23a\" stroke-dasharray=\"5,4\"/>\n"
                    "<rect x=\"%.2f\" y=\"%.2f\" width=\"%.2f\" height=\"%.2f\" fill=\"none\" "
                    "stroke=\"#e0b400\"/>\n"
                    "<circle cx=\"%.2f\" cy=\"%.2f\" r=\"%.2f\" fill=\"#ffcc00\" "
                    "stroke=\"#7a5a00\"/>\n",
                    x - rd, y - rd, 2 * rd, 2 * rd, x - rb, y - rb, 2 * rb, 2 * rb, x, y,
                    fr->s * 0.3);
        }
    }
    mem->free(mem->ctx, defs, (size_t)n * sizeof *defs);
    return 0;
}

static int draw_matrix(const gg_scene *scene, const gg_cli_draw *opt, const gg_cli_frame *fr,
                       char *caption, size_t cap, size_t *used, char *msg, size_t msgcap)
{
    const gg_allocator *mem = mem_of(opt);
    int32_t n = opt->matrix_count;
    uint8_t *m = mem->alloc(mem->ctx, (size_t)n * (size_t)n, 16);
    gg_status st = m == NULL ? GG_E_NO_MEMORY
                             : gg_scene_visibility_matrix(scene, opt->matrix, n, NULL,
                                                          GG_VISIBILITY_LINE_OF_SIGHT, m);
    if (st != GG_OK) {
        if (m != NULL)
            mem->free(mem->ctx, m, (size_t)n * (size_t)n);
        return no_memory(msg, msgcap, "--matrix", st);
    }
    int32_t both = 0, one = 0;
    for (int32_t i = 0; i < n; i++)
        for (int32_t j = i + 1; j < n; j++) {
            bool ij = m[(size_t)i * n + j] != 0, ji = m[(size_t)j * n + i] != 0;
            if (!ij && !ji)
                continue;
            both += ij && ji;
            one += ij != ji;
            fprintf(fr->f,
                    "<line x1=\"%.2f\" y1=\"%.2f\" x2=\"%.2f\" y2=\"%.2f\" stroke=\"%s\" "
                    "stroke-width=\"2\"%s/>\n",
                    px(fr, opt->matrix[i].col + 0.5), px(fr, opt->matrix[i].row + 0.5),
                    px(fr, opt->matrix[j].col + 0.5), px(fr, opt->matrix[j].row + 0.5),
                    ij && ji ? "#1a9c3a" : "#d97a00", ij && ji ? "" : " stroke-dasharray=\"6,3\"");
        }
    for (int32_t i = 0; i < n; i++) {
        double x = px(fr, opt->matrix[i].col + 0.5), y = px(fr, opt->matrix[i].row + 0.5);
        fprintf(fr->f,
                "<circle cx=\"%.2f\" cy=\"%.2f\" r=\"%.2f\" fill=\"#1f4fb4\" stroke=\"#fff\"/>\n"
                "<text x=\"%.2f\" y=\"%.2f\" font-family=\"sans-serif\" font-size=\"%.1f\" "
                "text-anchor=\"middle\" fill=\"#fff\">%d</text>\n",
                x, y, fr->s * 0.35, x, y + fr->s * 0.15, fr->s * 0.4, (int)i);
    }
    CAPTION("visibility: %d pairs see each other, %d one way, %d not at all. ", (int)both, (int)one,
            (int)(n * (n - 1) / 2 - both - one));
    mem->free(mem->ctx, m, (size_t)n * (size_t)n);
    return 0;
}

int gg_cli_draw_over(const gg_scene *scene, const gg_cli_draw *opt, const gg_cli_frame *fr,
                     char *caption, size_t cap, size_t *used, char *msg, size_t msgcap)
{
    if (opt->cover_mode >= 0 && opt->has_from && opt->has_to &&
        draw_cover_lines(scene, opt, fr, caption, cap, used, msg, msgcap) != 0)
        return 1;
    if (opt->lights && draw_light_sources(scene, opt, fr, msg, msgcap) != 0)
        return 1;
    if (opt->matrix_count > 0 && draw_matrix(scene, opt, fr, caption, cap, used, msg, msgcap) != 0)
        return 1;
    if (opt->creature_count > 0 &&
        gg_cli_draw_creatures(scene, opt, fr, caption, cap, used, msg, msgcap) != 0)
        return 1;
    return 0;
}
