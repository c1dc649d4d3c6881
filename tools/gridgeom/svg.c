/* svg.c - draws a scene (cells, blocked cells, tags, lighting, walls, doors, one-way walls,
 * windows) and the overlays of `gridgeom draw` (sight line, field of view, path, cover line,
 * template) as a self-contained SVG file. Layer: tools. */
#include "svg.h"

#include "background.h"

#include <gridgeom/io.h>

#include <math.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

/* The answer is pre-set to a safe default; a failed read keeps it. */
#define KEEP_DEFAULT(call)                                                                         \
    do {                                                                                           \
        gg_status keep_st_ = (call);                                                               \
        (void)keep_st_;                                                                            \
    } while (0)

typedef struct canvas {
    FILE *f;
    double s; /* px per cell */
    double m; /* margin, px */
    int32_t w, h;
} canvas;

static double px(const canvas *c, double x) { return c->m + x * c->s; }

/* Bounds on a picture, so that a map from anywhere cannot make draw write gigabytes: at most
 * GG_CLI_DRAW_MAX_CELLS cells (checked before anything is written) and GG_CLI_DRAW_MAX_BYTES of
 * SVG (checked as it is written; the loops over cells and walls stop once past it). */
#define GG_CLI_DRAW_MAX_CELLS (1024 * 1024)
#define GG_CLI_DRAW_MAX_BYTES (64L << 20)

static bool over_budget(const canvas *c)
{
    long pos = ftell(c->f);
    return pos > GG_CLI_DRAW_MAX_BYTES;
}

static void cell_rect(const canvas *c, gg_cell cell, const char *style)
{
    fprintf(c->f, "<rect x=\"%.2f\" y=\"%.2f\" width=\"%.2f\" height=\"%.2f\" %s/>\n",
            px(c, cell.col), px(c, cell.row), c->s, c->s, style);
}

static void line(const canvas *c, double x1, double y1, double x2, double y2, const char *style)
{
    fprintf(c->f, "<line x1=\"%.2f\" y1=\"%.2f\" x2=\"%.2f\" y2=\"%.2f\" %s/>\n", px(c, x1),
            px(c, y1), px(c, x2), px(c, y2), style);
}

static void text(const canvas *c, double x, double y, double size, const char *anchor,
                 const char *fill, const char *s)
{
    fprintf(c->f,
            "<text x=\"%.2f\" y=\"%.2f\" font-family=\"sans-serif\" font-size=\"%.1f\" "
            "text-anchor=\"%s\" fill=\"%s\">",
            x, y, size, anchor, fill);
    for (; *s != '\0'; s++) {
        switch (*s) {
        case '<':
            fputs("&lt;", c->f);
            break;
        case '>':
            fputs("&gt;", c->f);
            break;
        case '&':
            fputs("&amp;", c->f);
            break;
        case '"':
            fputs("&quot;", c->f);
            break;
        default:
            if ((unsigned char)*s >= 0x20 || *s == '\t')
                fputc(*s, c->f);
        }
    }
    fputs("</text>\n", c->f);
}

static void setmsg(char *msg, size_t cap, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 3, 4)))
#endif
    ;
static void setmsg(char *msg, size_t cap, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, cap, fmt, ap);
    va_end(ap);
}

static const char *cover_name(gg_cover c)
{
    switch (c) {
    case GG_COVER_NONE:
        return "none";
    case GG_COVER_HALF:
        return "half";
    case GG_COVER_THREE_QUARTERS:
        return "three-quarters";
    case GG_COVER_TOTAL:
        return "total";
    }
    return "?";
}

static void draw_cells(const canvas *c, const gg_scene *scene)
{
    for (int32_t r = 0; r < c->h && !over_budget(c); r++) {
        for (int32_t q = 0; q < c->w; q++) {
            gg_cell cell = gg_cell_make(q, r);
            gg_light light = GG_LIGHT_BRIGHT;
            gg_obscurement ob = GG_OBSCURE_NONE;
            gg_cover cv = GG_COVER_NONE;
            bool valid = true;
            KEEP_DEFAULT(gg_scene_light_on_cell(scene, cell, &light));
            KEEP_DEFAULT(gg_scene_obscurement_on_cell(scene, cell, &ob));
            KEEP_DEFAULT(gg_scene_is_valid_cell(scene, cell, &valid));
            if (valid)
                KEEP_DEFAULT(gg_scene_cover_on_cell(scene, cell, &cv));
            int32_t cost = 0;
            bool difficult = false;
            /* Difficult terrain shows as a doubled step cost into the cell from a neighbour. */
            for (int d = 0; d < 4 && valid && !difficult; d++) {
                static const int dc[4] = {-1, 1, 0, 0}, dr[4] = {0, 0, -1, 1};
                gg_cell from = gg_cell_make(q + dc[d], r + dr[d]);
                if (gg_scene_edge_distance(scene, from, cell, &cost) == GG_OK && cost > 0)
                    difficult = cost > gg_scene_cell_size_ft(scene);
            }
            if (!valid) {
                cell_rect(c, cell, "fill=\"#3a3a3a\"");
                continue;
            }
            if (light == GG_LIGHT_DIM)
                cell_rect(c, cell, "fill=\"#d9d6c8\"");
            else if (light == GG_LIGHT_DARK)
                cell_rect(c, cell, "fill=\"#9a9aa6\"");
            if (difficult)
                cell_rect(c, cell, "fill=\"url(#difficult)\"");
            if (ob == GG_OBSCURE_LIGHT)
                cell_rect(c, cell, "fill=\"#7fa7d9\" fill-opacity=\"0.30\"");
            else if (ob == GG_OBSCURE_HEAVY)
                cell_rect(c, cell, "fill=\"#35609a\" fill-opacity=\"0.45\"");
            else if (ob == GG_OBSCURE_MAGICAL_DARKNESS) {
                /* Magical Darkness is heavy obscurement that light and darkvision never open
                 * (docs/rules.md): near-black violet, crossed, so it reads apart from fog
                 * (blue) and from unlit cells (grey). */
                cell_rect(c, cell, "fill=\"#1e0f33\" fill-opacity=\"0.85\"");
                const char *st = "stroke=\"#9f86d6\" stroke-width=\"1\"";
                line(c, q + 0.2, r + 0.2, q + 0.8, r + 0.8, st);
                line(c, q + 0.8, r + 0.2, q + 0.2, r + 0.8, st);
            }
            if (cv != GG_COVER_NONE) {
                const char *lbl = cv == GG_COVER_HALF             ? "\xc2\xbd"
                                  : cv == GG_COVER_THREE_QUARTERS ? "\xc2\xbe"
                                                                  : "T";
                cell_rect(c, cell, "fill=\"#c8a45a\" fill-opacity=\"0.35\"");
                text(c, px(c, q + 0.5), px(c, r + 0.72), c->s * 0.6, "middle", "#6b4f12", lbl);
            }
        }
    }
}

static void draw_grid(const canvas *c)
{
    fprintf(c->f, "<g stroke=\"#c9c9c9\" stroke-width=\"%.2f\">\n", c->s > 12 ? 1.0 : 0.5);
    for (int32_t x = 0; x <= c->w; x++)
        fprintf(c->f, "<line x1=\"%.2f\" y1=\"%.2f\" x2=\"%.2f\" y2=\"%.2f\"/>\n", px(c, x),
                px(c, 0), px(c, x), px(c, c->h));
    for (int32_t y = 0; y <= c->h; y++)
        fprintf(c->f, "<line x1=\"%.2f\" y1=\"%.2f\" x2=\"%.2f\" y2=\"%.2f\"/>\n", px(c, 0),
                px(c, y), px(c, c->w), px(c, y));
    fputs("</g>\n", c->f);
}

static void draw_labels(const canvas *c)
{
    int step = c->s >= 20 ? 1 : (c->s >= 10 ? 5 : 10);
    char buf[16];
    double fs = c->s >= 20 ? c->s * 0.4 : 9.0;
    for (int32_t x = 0; x < c->w; x += step) {
        snprintf(buf, sizeof buf, "%d", (int)x);
        text(c, px(c, x + 0.5), c->m - 4.0, fs, "middle", "#666", buf);
    }
    for (int32_t y = 0; y < c->h; y += step) {
        snprintf(buf, sizeof buf, "%d", (int)y);
        text(c, c->m - 4.0, px(c, y + 0.5) + fs * 0.35, fs, "end", "#666", buf);
    }
}

static void draw_walls(const canvas *c, const gg_scene *scene)
{
    int32_t n = 0;
    if (gg_io_list_walls(scene, NULL, NULL, 0, &n) < 0 || n == 0)
        return;
    gg_wall_def *defs = malloc((size_t)n * sizeof *defs);
    if (defs == NULL)
        return;
    if (gg_io_list_walls(scene, NULL, defs, n, &n) != GG_OK) {
        free(defs);
        return;
    }
    double sw = c->s / 7.0 < 1.5 ? 1.5 : c->s / 7.0;
    char style[160];
    for (int32_t i = 0; i < n; i++) {
        if (i % 1024 == 0 && over_budget(c))
            break;
        const gg_wall_def *d = &defs[i];
        const char *color = "#111";
        const char *dash = "";
        double width = sw;
        bool all = d->blocks == (uint32_t)GG_BLOCKS_ALL;
        if (d->door == GG_DOOR_CLOSED) {
            color = "#a0522d";
            width = sw * 1.4;
        } else if (d->door == GG_DOOR_LOCKED) {
            color = "#7a1010";
            width = sw * 1.6;
        } else if (d->door == GG_DOOR_OPEN) {
            color = "#a0522d";
            dash = " stroke-dasharray=\"3,3\"";
            width = sw * 0.8;
        } else if (d->cover != GG_COVER_NONE) {
            color = "#3b8fd9";
        } else if (d->one_way != GG_ONE_WAY_NONE) {
            color = "#d97a00";
        } else if (!all && (d->blocks & (uint32_t)GG_BLOCKS_SIGHT) == 0) {
            color = "#777";
            dash = " stroke-dasharray=\"2,3\"";
        } else if (!all && (d->blocks & (uint32_t)GG_BLOCKS_MOVEMENT) == 0) {
            color = "#8a3ab9";
            dash = " stroke-dasharray=\"6,3\"";
        }
        snprintf(style, sizeof style,
                 "stroke=\"%s\" stroke-width=\"%.2f\" stroke-linecap=\"round\"%s", color, width,
                 dash);
        line(c, d->x1, d->y1, d->x2, d->y2, style);
        if (d->secret) {
            /* A secret door: gold dots over its state's colour. */
            snprintf(style, sizeof style,
                     "stroke=\"#e8b800\" stroke-width=\"%.2f\" stroke-dasharray=\"1,4\" "
                     "stroke-linecap=\"round\"",
                     width * 0.6);
            line(c, d->x1, d->y1, d->x2, d->y2, style);
        }
        if (d->one_way != GG_ONE_WAY_NONE) {
            /* A tick on the side the wall is transparent from (Foundry: LEFT is the left-hand
             * side walking from B to A, y down). */
            double mx = (d->x1 + d->x2) / 2, my = (d->y1 + d->y2) / 2;
            double dx = d->x1 - d->x2, dy = d->y1 - d->y2; /* B -> A */
            double len = dx * dx + dy * dy > 0 ? 1.0 / sqrt(dx * dx + dy * dy) : 0;
            /* Left of direction (dx,dy) on screen (y down) is (dy, -dx). */
            double nx = dy * len, ny = -dx * len;
            if (d->one_way == GG_ONE_WAY_RIGHT) {
                nx = -nx;
                ny = -ny;
            }
            snprintf(style, sizeof style, "stroke=\"#d97a00\" stroke-width=\"%.2f\"", sw * 0.7);
            line(c, mx, my, mx + nx * 0.3, my + ny * 0.3, style);
        }
    }
    free(defs);
}

static void marker(const canvas *c, gg_cell cell, const char *fill, const char *label)
{
    fprintf(c->f,
            "<circle cx=\"%.2f\" cy=\"%.2f\" r=\"%.2f\" fill=\"%s\" stroke=\"#fff\" "
            "stroke-width=\"1.5\"/>\n",
            px(c, cell.col + 0.5), px(c, cell.row + 0.5), c->s * 0.32, fill);
    text(c, px(c, cell.col + 0.5), px(c, cell.row + 0.5) + c->s * 0.17, c->s * 0.42, "middle",
         "#fff", label);
}

/* The field of view comes from gg_scene_visible_cells(), the library's sweep (identical to
 * asking gg_scene_has_line_of_sight() of every cell, and what hosts call each turn). */
static int draw_fov(const canvas *c, const gg_scene *scene, gg_cell from, int32_t *out_seen)
{
    *out_seen = 0;
    size_t words = gg_scene_bitset_words(scene);
    uint64_t *bits = (uint64_t *)calloc(words ? words : 1, sizeof *bits);
    int32_t count = 0;
    int rc = 1;
    /* Field of view needs no scratch (docs/memory.md): no per-cell working memory for a picture. */
    if (bits != NULL && gg_scene_visible_cells(scene, NULL, from, GG_RANGE_UNLIMITED,
                                               GG_BITSET_REPLACE, bits, words, &count) == GG_OK) {
        fputs("<g fill=\"#f2e33a\" fill-opacity=\"0.45\">\n", c->f);
        for (int32_t r = 0; r < c->h && !over_budget(c); r++)
            for (int32_t q = 0; q < c->w; q++)
                if (gg_bitset_has(bits, c->w, gg_cell_make(q, r)))
                    fprintf(c->f, "<rect x=\"%.2f\" y=\"%.2f\" width=\"%.2f\" height=\"%.2f\"/>\n",
                            px(c, q), px(c, r), c->s, c->s);
        fputs("</g>\n", c->f);
        *out_seen = count;
        rc = 0;
    }
    free(bits);
    return rc;
}

int gg_cli_draw_svg(const gg_scene *scene, const gg_cli_draw *opt, FILE *out, char *msg,
                    size_t msgcap)
{
    canvas c;
    c.f = out;
    c.w = gg_scene_width(scene);
    c.h = gg_scene_height(scene);
    if ((int64_t)c.w * c.h > GG_CLI_DRAW_MAX_CELLS) {
        setmsg(msg, msgcap, "the map has %lld cells; draw takes at most %d (1024 x 1024)",
               (long long)c.w * c.h, GG_CLI_DRAW_MAX_CELLS);
        return 1;
    }
    int32_t side = c.w > c.h ? c.w : c.h;
    c.s = opt->scale > 0 ? opt->scale
                         : (side <= 25 ? 28 : (side <= 50 ? 16 : (side <= 100 ? 10 : 4)));
    c.m = opt->labels ? (c.s >= 20 ? c.s : 18.0) : 4.0;
    double W = 2 * c.m + c.w * c.s;
    double footer = 22.0;
    double H = 2 * c.m + c.h * c.s + footer * 2;
    if (W > 40000 || H > 40000) {
        setmsg(msg, msgcap, "the picture would be %.0f x %.0f px; pass a smaller --scale", W, H);
        return 1;
    }
    if ((opt->has_from && !gg_scene_contains(scene, opt->from)) ||
        (opt->has_to && !gg_scene_contains(scene, opt->to))) {
        setmsg(msg, msgcap, "--from/--to must be cells on the %d x %d map", (int)c.w, (int)c.h);
        return 1;
    }
    fprintf(out,
            "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
            "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%.0f\" height=\"%.0f\" "
            "viewBox=\"0 0 %.0f %.0f\">\n",
            W, H, W, H);
    fputs(
        "<defs><pattern id=\"difficult\" width=\"6\" height=\"6\" patternUnits=\"userSpaceOnUse\">"
        "<circle cx=\"3\" cy=\"3\" r=\"1.2\" fill=\"#8b6b2e\"/></pattern></defs>\n",
        out);
    fprintf(out, "<rect width=\"%.0f\" height=\"%.0f\" fill=\"#ffffff\"/>\n", W, H);
    if (opt->background != NULL) {
        gg_cli_background_svg(out, opt->background, c.m, c.s);
        fputs("<g opacity=\"0.45\">\n", out); /* cell shades over the art, not hiding it */
    }
    draw_cells(&c, scene);
    if (opt->background != NULL)
        fputs("</g>\n", out);

    char caption[1024] = "";
    size_t used = 0;
#define CAPTION(...)                                                                               \
    do {                                                                                           \
        if (used < sizeof caption)                                                                 \
            used += (size_t)snprintf(caption + used, sizeof caption - used, __VA_ARGS__);          \
    } while (0)

    if (opt->fov && opt->has_from) {
        int32_t seen = 0;
        if (draw_fov(&c, scene, opt->from, &seen) != 0) {
            setmsg(msg, msgcap, "out of memory computing the field of view");
            return 1;
        }
        CAPTION("sees %d cells. ", (int)seen);
    }
    if (opt->has_template && opt->has_from) {
        int32_t cap = c.w * c.h;
        gg_cell *cells = malloc((size_t)cap * sizeof *cells);
        int32_t n = 0;
        const char *reason = NULL;
        gg_status st = cells == NULL ? GG_E_NO_MEMORY
                                     : gg_scene_area_cells(scene, opt->from, &opt->tpl, true, cells,
                                                           cap, &n, &reason);
        if (st != GG_OK && st != GG_PARTIAL) {
            free(cells);
            setmsg(msg, msgcap, "--template: %s%s%s", gg_status_message(st),
                   reason != NULL ? ": " : "", reason != NULL ? reason : "");
            return 2;
        }
        fputs("<g fill=\"#f08a24\" fill-opacity=\"0.45\">\n", out);
        for (int32_t i = 0; i < n && i < cap; i++)
            fprintf(out, "<rect x=\"%.2f\" y=\"%.2f\" width=\"%.2f\" height=\"%.2f\"/>\n",
                    px(&c, cells[i].col), px(&c, cells[i].row), c.s, c.s);
        fputs("</g>\n", out);
        free(cells);
        CAPTION("template: %d cells. ", (int)n);
    }
    if (opt->cover && opt->has_from && opt->has_to) {
        gg_line_iter it = gg_line_begin(opt->from, opt->to);
        gg_cell cell;
        fputs("<g fill=\"none\" stroke=\"#9b59b6\" stroke-width=\"2\">\n", out);
        while (gg_line_next(&it, &cell))
            fprintf(out, "<rect x=\"%.2f\" y=\"%.2f\" width=\"%.2f\" height=\"%.2f\"/>\n",
                    px(&c, cell.col) + 2, px(&c, cell.row) + 2, c.s - 4, c.s - 4);
        fputs("</g>\n", out);
    }
    gg_cli_frame frame = {out, c.s, c.m, c.w, c.h};
    if (gg_cli_draw_under(scene, opt, &frame, caption, sizeof caption, &used, msg, msgcap) != 0)
        return 1;
    if (gg_cli_draw_polygons(scene, opt, &frame, caption, sizeof caption, &used, msg, msgcap) != 0)
        return 1;
    if (gg_cli_draw_changes(scene, opt, &frame, caption, sizeof caption, &used, msg, msgcap) != 0)
        return 1;
    draw_grid(&c);
    draw_walls(&c, scene);
    if (opt->labels)
        draw_labels(&c);
    if (gg_cli_draw_over(scene, opt, &frame, caption, sizeof caption, &used, msg, msgcap) != 0)
        return 1;

    if (opt->path && opt->has_from && opt->has_to) {
        gg_scratch *scratch = NULL;
        int32_t cap = c.w * c.h + 1, n = 0;
        gg_cell *cells = malloc((size_t)cap * sizeof *cells);
        gg_status st = cells == NULL ? GG_E_NO_MEMORY : gg_scratch_create(scene, NULL, &scratch);
        if (st == GG_OK)
            st = gg_scene_shortest_path(scene, scratch, opt->from, opt->to, NULL, 0, cells, cap,
                                        &n);
        if (st == GG_OK && n > 0) {
            fprintf(out,
                    "<polyline fill=\"none\" stroke=\"#1f77b4\" stroke-width=\"%.2f\" "
                    "stroke-linejoin=\"round\" points=\"",
                    c.s / 6 < 2 ? 2 : c.s / 6);
            for (int32_t i = 0; i < n; i++)
                fprintf(out, "%s%.2f,%.2f", i ? " " : "", px(&c, cells[i].col + 0.5),
                        px(&c, cells[i].row + 0.5));
            fputs("\"/>\n", out);
            CAPTION("path: %d steps. ", (int)(n - 1));
        } else if (st == GG_OK) {
            CAPTION("path: none. ");
        } else {
            CAPTION("path: %s. ", gg_status_name(st));
        }
        gg_scratch_destroy(scratch);
        free(cells);
    }
    if (opt->has_from && opt->has_to) {
        bool vis = false;
        KEEP_DEFAULT(gg_scene_has_line_of_sight(scene, opt->from, opt->to, &vis));
        line(&c, opt->from.col + 0.5, opt->from.row + 0.5, opt->to.col + 0.5, opt->to.row + 0.5,
             vis ? "stroke=\"#1a9c3a\" stroke-width=\"2.5\""
                 : "stroke=\"#d62728\" stroke-width=\"2.5\" stroke-dasharray=\"6,4\"");
        char a[GG_CELL_ID_MAX], b[GG_CELL_ID_MAX];
        gg_cell_format(opt->from, a, sizeof a);
        gg_cell_format(opt->to, b, sizeof b);
        CAPTION("sight %s -> %s: %s. ", a, b, vis ? "open" : "blocked");
        if (opt->cover) {
            gg_cover cv = GG_COVER_NONE;
            KEEP_DEFAULT(gg_scene_cover_between(scene, opt->from, opt->to, NULL, 0, &cv));
            CAPTION("cover: %s. ", cover_name(cv));
        }
    }
    if (opt->has_from)
        marker(&c, opt->from, "#1f4fb4", "A");
    if (opt->has_to)
        marker(&c, opt->to, "#b41f1f", "B");
#undef CAPTION
    double ty = 2 * c.m + c.h * c.s + 6;
    if (opt->title != NULL)
        text(&c, c.m, ty + 10, 13, "start", "#222", opt->title);
    if (caption[0] != '\0')
        text(&c, c.m, ty + 10 + footer, 13, "start", "#222", caption);
    fputs("</svg>\n", out);
    if (over_budget(&c)) {
        setmsg(msg, msgcap, "the SVG would be larger than %ld MiB; draw a smaller map",
               GG_CLI_DRAW_MAX_BYTES >> 20);
        return 1;
    }
    return ferror(out) ? 3 : 0;
}
