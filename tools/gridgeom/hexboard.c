/* hexboard.c - hex board files (docs/cli.md, "Hex boards"): a JSON object with the storage
 * parallelogram, a default tile, whether every cell starts present, and per-tile values. Loaded
 * into a gg_hex_board from the caller's allocator; drawn as pointy-top hexes shaded by ground,
 * with the sight line, cheapest path and reach of `gridgeom draw`. Layer: tools. */
#include "hexboard.h"

#include <jansson.h>
#include <math.h>
#include <string.h>

bool gg_cli_is_hex_path(const char *path)
{
    size_t n = strlen(path);
    return n >= 9 && strcmp(path + n - 9, ".hex.json") == 0;
}

/* Reads the tile fields of object o over *t; false names the bad key in msg. */
static bool read_tile(json_t *o, gg_hex_tile *t, bool *missing, const char *where, char *msg,
                      size_t cap)
{
    const char *key;
    json_t *v;
    json_object_foreach(o, key, v)
    {
        double *d = NULL;
        if (strcmp(key, "ground") == 0)
            d = &t->ground;
        else if (strcmp(key, "obstruction") == 0)
            d = &t->obstruction;
        else if (strcmp(key, "density") == 0)
            d = &t->density;
        else if (strcmp(key, "move_cost") == 0)
            d = &t->move_cost;
        if (d != NULL) {
            if (!json_is_number(v) || !isfinite(json_number_value(v))) {
                snprintf(msg, cap, "%s: \"%s\" is not a finite number (GG_E_PARSE)", where, key);
                return false;
            }
            *d = json_number_value(v);
        } else if (strcmp(key, "blocks_move") == 0 || strcmp(key, "missing") == 0) {
            if (!json_is_boolean(v)) {
                snprintf(msg, cap, "%s: \"%s\" is not a boolean (GG_E_PARSE)", where, key);
                return false;
            }
            if (key[0] == 'b')
                t->blocks_move = json_is_true(v);
            else if (missing != NULL)
                *missing = json_is_true(v);
            else {
                snprintf(msg, cap, "%s: \"missing\" is for tiles only (GG_E_PARSE)", where);
                return false;
            }
        } else if (strcmp(key, "hex") != 0 || missing == NULL) {
            snprintf(msg, cap, "%s: unknown key \"%s\" (GG_E_PARSE)", where, key);
            return false;
        }
    }
    return true;
}

static bool get_i32(json_t *v, int32_t *out)
{
    if (!json_is_integer(v) || json_integer_value(v) < INT32_MIN ||
        json_integer_value(v) > INT32_MAX)
        return false;
    *out = (int32_t)json_integer_value(v);
    return true;
}

static bool get_hex(json_t *v, gg_hex *out)
{
    return json_is_array(v) && json_array_size(v) == 2 && get_i32(json_array_get(v, 0), &out->q) &&
           get_i32(json_array_get(v, 1), &out->r);
}

int gg_cli_hex_load(const char *path, const gg_allocator *mem, gg_hex_board **out,
                    gg_cli_hex_extent *ext, char *msg, size_t cap)
{
    *out = NULL;
    memset(ext, 0, sizeof *ext);
    json_error_t jerr;
    json_t *root = json_load_file(path, 0, &jerr);
    if (root == NULL) {
        snprintf(msg, cap, "line %d, column %d: %s (GG_E_PARSE)", jerr.line, jerr.column,
                 jerr.text);
        return 1;
    }
    int rc = 1;
    gg_hex_board *board = NULL;
    const char *key;
    json_t *v;
    if (!json_is_object(root) || !json_is_integer(json_object_get(root, "hex_board")) ||
        json_integer_value(json_object_get(root, "hex_board")) != 1) {
        snprintf(msg, cap, "not a hex board file: no \"hex_board\": 1 (GG_E_PARSE)");
        goto done;
    }
    json_object_foreach(root, key, v)
    {
        static const char *const keys[] = {"hex_board", "origin",  "q_count", "r_count",
                                           "fill",      "default", "tiles",   NULL};
        bool known = false;
        for (int i = 0; keys[i] != NULL; i++)
            known = known || strcmp(keys[i], key) == 0;
        if (!known) {
            snprintf(msg, cap, "unknown key \"%s\" (GG_E_PARSE)", key);
            goto done;
        }
    }
    gg_hex_board_def def = gg_hex_board_def_default();
    def.allocator = mem;
    json_t *org = json_object_get(root, "origin");
    if ((org != NULL && !get_hex(org, &def.origin)) ||
        !get_i32(json_object_get(root, "q_count"), &def.q_count) ||
        !get_i32(json_object_get(root, "r_count"), &def.r_count)) {
        snprintf(msg, cap,
                 "\"q_count\" and \"r_count\" (integers) are required; \"origin\" is "
                 "[q, r] (GG_E_PARSE)");
        goto done;
    }
    gg_status st = gg_hex_board_create(&def, &board);
    if (st != GG_OK) {
        snprintf(msg, cap, "gg_hex_board_create: %s (%s)", gg_status_message(st),
                 gg_status_name(st));
        goto done;
    }
    gg_hex_tile dflt = gg_hex_tile_default();
    json_t *jd = json_object_get(root, "default");
    if (jd != NULL && (!json_is_object(jd) || !read_tile(jd, &dflt, NULL, "default", msg, cap)))
        goto done;
    json_t *fill = json_object_get(root, "fill");
    if (fill != NULL && !json_is_boolean(fill)) {
        snprintf(msg, cap, "\"fill\" is not a boolean (GG_E_PARSE)");
        goto done;
    }
    int32_t tiles = 0;
    if (fill == NULL || json_is_true(fill))
        for (int32_t r = 0; r < def.r_count; r++)
            for (int32_t q = 0; q < def.q_count; q++) {
                st = gg_hex_board_set_tile(board, gg_hex_make(def.origin.q + q, def.origin.r + r),
                                           &dflt);
                if (st != GG_OK) {
                    snprintf(msg, cap, "default tile: %s (%s)", gg_status_message(st),
                             gg_status_name(st));
                    goto done;
                }
                tiles++;
            }
    json_t *jt = json_object_get(root, "tiles");
    if (jt != NULL && !json_is_array(jt)) {
        snprintf(msg, cap, "\"tiles\" is not a list (GG_E_PARSE)");
        goto done;
    }
    size_t i;
    json_array_foreach(jt, i, v)
    {
        char where[48];
        snprintf(where, sizeof where, "tiles[%zu]", i);
        gg_hex h;
        if (!json_is_object(v) || !get_hex(json_object_get(v, "hex"), &h)) {
            snprintf(msg, cap, "%s: a tile is an object with \"hex\": [q, r] (GG_E_PARSE)", where);
            goto done;
        }
        gg_hex_tile t;
        bool had = gg_hex_board_tile(board, h, &t);
        if (!had)
            t = dflt;
        bool missing = false;
        if (!read_tile(v, &t, &missing, where, msg, cap))
            goto done;
        st = missing ? gg_hex_board_remove_tile(board, h) : gg_hex_board_set_tile(board, h, &t);
        if (st != GG_OK) {
            snprintf(msg, cap, "%s: %s (%s)", where, gg_status_message(st), gg_status_name(st));
            goto done;
        }
        tiles += (missing ? 0 : 1) - (had ? 1 : 0);
    }
    ext->origin = def.origin;
    ext->q_count = def.q_count;
    ext->r_count = def.r_count;
    ext->tiles = tiles;
    *out = board;
    board = NULL;
    rc = 0;
done:
    gg_hex_board_destroy(board);
    json_decref(root);
    return rc;
}

/* ---- Drawing ------------------------------------------------------------------------------------- */

typedef struct hcanvas {
    FILE *f;
    gg_hex_layout layout;
} hcanvas;

static void centre(const hcanvas *c, gg_hex h, double *x, double *y)
{
    if (gg_hex_to_pixel(&c->layout, h, x, y) != GG_OK)
        *x = *y = 0;
}

static void hexagon(const hcanvas *c, gg_hex h, const char *style)
{
    double x, y;
    centre(c, h, &x, &y);
    fputs("<polygon points=\"", c->f);
    for (int k = 0; k < 6; k++) {
        double a = (60.0 * k - 30.0) * 3.14159265358979323846 / 180.0;
        fprintf(c->f, "%s%.2f,%.2f", k ? " " : "", x + c->layout.size * cos(a),
                y + c->layout.size * sin(a));
    }
    fprintf(c->f, "\" %s/>\n", style);
}

static void label(const hcanvas *c, double x, double y, double size, const char *fill,
                  const char *s)
{
    fprintf(c->f,
            "<text x=\"%.2f\" y=\"%.2f\" font-family=\"sans-serif\" font-size=\"%.1f\" "
            "text-anchor=\"middle\" fill=\"%s\">%s</text>\n",
            x, y, size, fill, s);
}

int gg_cli_hex_draw_svg(const gg_hex_board *board, const gg_cli_hex_extent *ext,
                        const gg_allocator *mem, const gg_cli_hex_draw *opt, FILE *out, char *msg,
                        size_t cap)
{
    if ((int64_t)ext->q_count * ext->r_count > 65536) {
        snprintf(msg, cap, "draw takes hex boards of at most 65536 cells");
        return 2;
    }
    gg_hex_tile t;
    if ((opt->has_from && !gg_hex_board_tile(board, opt->from, &t)) ||
        (opt->has_to && !gg_hex_board_tile(board, opt->to, &t))) {
        snprintf(msg, cap, "--from/--to must be tiles of the board");
        return 2;
    }
    hcanvas c;
    c.f = out;
    double size = 16.0;
    /* Bounding box of the parallelogram's centres. */
    double minx = 1e300, miny = 1e300, maxx = -1e300, maxy = -1e300;
    c.layout = gg_hex_layout_make(size, 0, 0);
    double gmin = 1e300, gmax = -1e300;
    for (int32_t r = 0; r < ext->r_count; r++)
        for (int32_t q = 0; q < ext->q_count; q++) {
            gg_hex h = gg_hex_make(ext->origin.q + q, ext->origin.r + r);
            double x, y;
            centre(&c, h, &x, &y);
            minx = fmin(minx, x);
            maxx = fmax(maxx, x);
            miny = fmin(miny, y);
            maxy = fmax(maxy, y);
            if (gg_hex_board_tile(board, h, &t)) {
                gmin = fmin(gmin, t.ground);
                gmax = fmax(gmax, t.ground);
            }
        }
    double m = 2 * size;
    c.layout = gg_hex_layout_make(size, m - minx, m - miny);
    double W = maxx - minx + 2 * m, H = maxy - miny + 2 * m + 40;
    fprintf(out,
            "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
            "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%.0f\" height=\"%.0f\" "
            "viewBox=\"0 0 %.0f %.0f\">\n<rect width=\"%.0f\" height=\"%.0f\" fill=\"#fff\"/>\n",
            W, H, W, H, W, H);
    for (int32_t r = 0; r < ext->r_count; r++)
        for (int32_t q = 0; q < ext->q_count; q++) {
            gg_hex h = gg_hex_make(ext->origin.q + q, ext->origin.r + r);
            if (!gg_hex_board_tile(board, h, &t))
                continue;
            /* Ground from low (light green) to high (brown); obstruction as a dark ring. */
            double k = gmax > gmin ? (t.ground - gmin) / (gmax - gmin) : 0.0;
            char style[200];
            snprintf(style, sizeof style,
                     "fill=\"rgb(%d,%d,%d)\" stroke=\"%s\" stroke-width=\"%s\"",
                     (int)(200 - 60 * k), (int)(230 - 120 * k), (int)(170 - 110 * k),
                     t.blocks_move ? "#222" : (t.obstruction > 0 ? "#2e6b2e" : "#999"),
                     t.blocks_move || t.obstruction > 0 ? "3" : "1");
            hexagon(&c, h, style);
            if (t.obstruction > 0) {
                double x, y;
                centre(&c, h, &x, &y);
                fprintf(out, "<circle cx=\"%.2f\" cy=\"%.2f\" r=\"%.2f\" fill=\"#2e6b2e\"/>\n", x,
                        y, size * 0.3);
            }
        }
    char caption[256] = "";
    size_t used = 0;
    int rc = 0;
    if (opt->has_from && opt->reach >= 0) {
        gg_hex_scratch *s = NULL;
        gg_hex_reach *cells = NULL;
        int32_t n = 0, capn = ext->tiles > 0 ? ext->tiles : 1;
        gg_hex_move_def md = gg_hex_move_def_default();
        gg_status st = gg_hex_scratch_create(board, &s);
        if (st == GG_OK) {
            cells = mem->alloc(mem->ctx, (size_t)capn * sizeof *cells, 16);
            st = cells == NULL ? GG_E_NO_MEMORY
                               : gg_hex_board_reachable(board, s, opt->from, opt->reach, &md, cells,
                                                        capn, &n);
        }
        if (st == GG_OK || st == GG_PARTIAL) {
            for (int32_t i = 0; i < n && i < capn; i++)
                hexagon(&c, cells[i].hex, "fill=\"#3b7dd8\" fill-opacity=\"0.35\"");
            used += (size_t)snprintf(caption + used, sizeof caption - used,
                                     "reach %.3g: %d cells. ", opt->reach, (int)n);
        } else {
            snprintf(msg, cap, "hex reach: %s", gg_status_name(st));
            rc = st == GG_E_NO_MEMORY ? 3 : 2;
        }
        if (cells != NULL)
            mem->free(mem->ctx, cells, (size_t)capn * sizeof *cells);
        gg_hex_scratch_destroy(s);
    }
    if (rc == 0 && opt->has_from && opt->has_to && opt->path) {
        gg_hex_scratch *s = NULL;
        int32_t n = 0, capn = ext->tiles > 0 ? ext->tiles : 1;
        gg_hex *cells = NULL;
        gg_hex_path_result pr;
        gg_hex_move_def md = gg_hex_move_def_default();
        gg_status st = gg_hex_scratch_create(board, &s);
        if (st == GG_OK) {
            cells = mem->alloc(mem->ctx, (size_t)capn * sizeof *cells, 16);
            st = cells == NULL
                     ? GG_E_NO_MEMORY
                     : gg_hex_board_path(board, s, opt->from, opt->to, &md, cells, capn, &n, &pr);
        }
        if (st == GG_OK) {
            fputs("<polyline fill=\"none\" stroke=\"#1f5fbf\" stroke-width=\"4\" points=\"", out);
            for (int32_t i = 0; i < n; i++) {
                double x, y;
                centre(&c, cells[i], &x, &y);
                fprintf(out, "%s%.2f,%.2f", i ? " " : "", x, y);
            }
            fputs("\"/>\n", out);
            if (pr.found)
                used += (size_t)snprintf(caption + used, sizeof caption - used,
                                         "path: %d hexes, cost %.3g. ", (int)n, pr.cost);
            else
                used += (size_t)snprintf(caption + used, sizeof caption - used, "path: none. ");
        } else {
            snprintf(msg, cap, "hex path: %s", gg_status_name(st));
            rc = st == GG_E_NO_MEMORY ? 3 : 2;
        }
        if (cells != NULL)
            mem->free(mem->ctx, cells, (size_t)capn * sizeof *cells);
        gg_hex_scratch_destroy(s);
    }
    if (rc == 0 && opt->has_from && opt->has_to) {
        gg_sight_def sd = gg_sight_def_default();
        sd.eye_height = sd.target_height = opt->eye;
        gg_hex_sight_result res;
        int32_t n = 0;
        gg_status st = gg_hex_board_sight(board, opt->from, opt->to, &sd, NULL, 0, &n, &res);
        if (st == GG_OK || st == GG_PARTIAL) {
            double x1, y1, x2, y2;
            centre(&c, opt->from, &x1, &y1);
            centre(&c, opt->to, &x2, &y2);
            fprintf(out,
                    "<line x1=\"%.2f\" y1=\"%.2f\" x2=\"%.2f\" y2=\"%.2f\" stroke=\"%s\" "
                    "stroke-width=\"3\"%s/>\n",
                    x1, y1, x2, y2, res.visible ? "#1a9e3a" : "#d12b2b",
                    res.visible ? "" : " stroke-dasharray=\"6,4\"");
            if (res.has_blocker)
                hexagon(&c, res.blocker, "fill=\"none\" stroke=\"#d12b2b\" stroke-width=\"3\"");
            used += (size_t)snprintf(caption + used, sizeof caption - used,
                                     "sight (eye %.3g): %s. ", opt->eye,
                                     res.visible ? "clear" : "blocked");
        }
    }
    if (opt->has_from) {
        double x, y;
        centre(&c, opt->from, &x, &y);
        fprintf(out, "<circle cx=\"%.2f\" cy=\"%.2f\" r=\"%.2f\" fill=\"#1f5fbf\"/>\n", x, y,
                size * 0.45);
        label(&c, x, y + size * 0.25, size * 0.7, "#fff", "A");
    }
    if (opt->has_to) {
        double x, y;
        centre(&c, opt->to, &x, &y);
        fprintf(out, "<circle cx=\"%.2f\" cy=\"%.2f\" r=\"%.2f\" fill=\"#c0392b\"/>\n", x, y,
                size * 0.45);
        label(&c, x, y + size * 0.25, size * 0.7, "#fff", "B");
    }
    char title[160];
    snprintf(title, sizeof title, "%s: %d hexes", opt->title != NULL ? opt->title : "hex board",
             (int)ext->tiles);
    const char *lines[2] = {title, caption};
    for (int l = 0; l < 2; l++) {
        fprintf(out, "<text x=\"8\" y=\"%.0f\" font-family=\"sans-serif\" font-size=\"13\">",
                H - 24 + 16 * l);
        for (const char *p = lines[l]; *p != '\0'; p++) {
            if (*p == '<')
                fputs("&lt;", out);
            else if (*p == '>')
                fputs("&gt;", out);
            else if (*p == '&')
                fputs("&amp;", out);
            else if ((unsigned char)*p >= 0x20)
                fputc(*p, out);
        }
        fputs("</text>\n", out);
    }
    fputs("</svg>\n", out);
    return rc;
}
