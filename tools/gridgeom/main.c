/* main.c - the gridgeom command-line tool: info, query, draw and convert on a map file (Nat20
 * GridScene JSON, Universal VTT, Foundry VTT scene). Layer: tools. */
#include <gridgeom/core.h>
#include <gridgeom/io.h>
#include <gridgeom/topology.h>

#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "hexboard.h"
#include "ops.h"
#include "query.h"
#include "background.h"
#include "svg.h"

enum {
    EXIT_OK = 0,
    EXIT_LOAD = 1,   /* the map could not be loaded */
    EXIT_USAGE = 2,  /* bad command line */
    EXIT_OUTPUT = 3, /* an output file could not be written */
    EXIT_QUERY = 4   /* query: at least one line was answered with an error */
};

static const char k_exit_codes[] =
    "Exit status: 0 success; 1 the map could not be loaded (the message says where);\n"
    "2 bad command line; 3 an output file could not be written; 4 (query) at least one\n"
    "line was answered with an error object.\n";

static const char k_load_options[] =
    "Map options (every command):\n"
    "  --format F       auto (default), nat20, uvtt, foundry or hex (a hex board file;\n"
    "                   auto reads files named *.hex.json as hex boards)\n"
    "  --elevation FT   Foundry: keep only walls whose wall-height range contains FT\n"
    "  --no-merge       keep collinear touching walls separate\n"
    "  --no-clip        keep walls outside the map rectangle\n"
    "  --no-objects     UVTT: leave out objects_line_of_sight\n"
    "  --wall-rule R    UVTT, Foundry: point (default; a wall through a cell's centre does not\n"
    "                   blind it, docs/vision.md) or nat20 (touching blocks everywhere)\n";

static void usage_main(FILE *out)
{
    fprintf(out,
            "Usage: gridgeom COMMAND MAP [OPTIONS]\n"
            "\n"
            "Answers tactical-grid questions about a map file: Nat20 GridScene JSON, Universal\n"
            "VTT (.dd2vtt/.uvtt/.df2vtt) or a Foundry VTT scene export.\n"
            "\n"
            "Commands:\n"
            "  info MAP      size, walls, doors, lights and what the import changed\n"
            "  query MAP     JSON lines in (stdin), JSON lines out (stdout)\n"
            "  draw MAP      an SVG picture of the map with overlays\n"
            "  convert MAP   write the map as Nat20 GridScene JSON\n"
            "\n"
            "'gridgeom COMMAND --help' describes a command.\n\n%s",
            k_exit_codes);
}

static void usage_info(FILE *out)
{
    fprintf(out,
            "Usage: gridgeom info MAP [--json] [map options]\n"
            "\n"
            "Prints the scene size, wall, door and light counts, and every note of the import\n"
            "report (what was snapped, merged, clipped, dropped or approximated, with counts and\n"
            "an example). --json prints the same as one JSON object. On a hex board file\n"
            "(*.hex.json, docs/cli.md): its extent and tile count.\n\n%s\n%s",
            k_load_options, k_exit_codes);
}

static void usage_query(FILE *out)
{
    fprintf(
        out,
        "Usage: gridgeom query MAP [--input FILE] [map options]\n"
        "\n"
        "Reads one JSON object per line (stdin, or FILE), e.g.\n"
        "  {\"op\": \"has_line_of_sight\", \"a\": \"3,4\", \"b\": \"10,4\"}\n"
        "  {\"op\": \"lowest_cost_path\", \"a\": \"3,4\", \"b\": \"10,4\", \"metric\": "
        "\"alternating\"}\n"
        "and writes one JSON object per line: {\"result\": ANSWER} (an \"id\" field in the\n"
        "query is echoed), or {\"error\": {\"line\": N, \"message\": \"...\"}} for a line that\n"
        "is not a valid query (unknown op, unknown, missing or mistyped field) or that the\n"
        "library refused (the message names the function and status). Blank lines are\n"
        "skipped. The map is loaded once; edit ops (set_door, add_wall, ...) change it for\n"
        "the lines after them. docs/cli.md has an example of every op.\n"
        "\n"
        "Ops and their fields (name:type, [optional]). Types: cell \"C,R\"; cells a list of\n"
        "them; int; number; bool; name (one of the listed values); names (a list); object;\n"
        "objects (a list; creatures are {\"cell\": \"C,R\", ...}, docs/cli.md); hex [q, r];\n"
        "point [x, y(, z)]; ints a list of integers.\n");
    gg_cli_query_list_ops(out);
    fprintf(out, "\n%s\n%s", k_load_options, k_exit_codes);
}

static void usage_draw(FILE *out)
{
    fprintf(out,
            "Usage: gridgeom draw MAP --out FILE.svg [OPTIONS] [map options]\n"
            "\n"
            "Draws the map: cells, blocked cells (dark), lighting (dim/dark shades), difficult\n"
            "terrain (dots), obscurement (blue), cover tags, walls (black), doors (brown; open\n"
            "dashed, locked dark red), windows (blue), one-way walls (orange, tick on the side\n"
            "they are transparent from), walls that block only movement (grey dotted) or only\n"
            "sight (purple dashed). Overlays:\n"
            "  --from C,R        the viewer, marked A\n"
            "  --to C,R          the target, marked B; with --from: the sight line, green when\n"
            "                    open, red dashed when blocked\n"
            "  --fov             shade the viewer's field of view (every cell it has line of sight "
            "to)\n"
            "  --path            the shortest path from A to B (blue)\n"
            "  --cover           the Bresenham cells of the cover line A->B and its cover degree\n"
            "  --template S,FT[,DC,DR]  an area template at A (sphere, cylinder, cone, line,\n"
            "                    cube; size in feet; direction for cone/line/cube), with line of\n"
            "                    effect applied\n"
            "  --field           the distance field from A as a heat map (blue near, red far)\n"
            "  --overlay FT[,N]  the movement overlay from A in N bands of FT feet (default 2:\n"
            "                    a move and a dash)\n"
            "  --metric M        chebyshev (default), alternating, euclidean or manhattan, for\n"
            "                    --field and --overlay\n"
            "  --cover-mode M    the witness lines A->B of cover mode M (tagged, corners_2d,\n"
            "                    corners_3d), coloured by what blocked each\n"
            "  --lights          light sources, their radii and the cells they light, and each\n"
            "                    light's polygon (walls that block light) within its radii\n"
            "  --vision P;...    the exact visibility polygon from each point P: C,R a cell's\n"
            "                    centre, X.x,Y.y a point on the 1/1024 lattice (docs/vision.md)\n"
            "  --fog C,R;...     a token walks these cells, a turn each: what its fog of war\n"
            "                    explored (blue-grey) and what it sees on the last turn\n"
            "  --changes WALL    open (or close) the door of wall WALL and fill the cells whose\n"
            "                    view from A changed (gg_scene_party_views_update)\n"
            "  --matrix C,R;...  the visibility matrix among these cells as lines (green both\n"
            "                    ways, orange dashed one way)\n"
            "  --creatures JSON  creatures (the query ops' list of objects, any size): their\n"
            "                    spaces by side, reach (dashed) and flanking pairs (orange)\n"
            "  --reach COST      (hex boards) the hexes reachable from A within COST\n"
            "  --eye H           (hex boards) eye and target height of the sight line A->B\n"
            "  --scale PX        pixels per cell (default: by map size)\n"
            "  --title TEXT      caption (default: the map file name)\n"
            "  --no-labels       no coordinates along the edges\n"
            "  --background      the map's own picture under the walls, scaled onto the grid\n"
            "                    (the one a Universal VTT file embeds)\n"
            "  --background-image FILE  that picture from a PNG, JPEG or WebP file (a Foundry\n"
            "                    scene only names its picture); implies --background\n\n%s\n%s",
            k_load_options, k_exit_codes);
}

static void usage_convert(FILE *out)
{
    fprintf(out,
            "Usage: gridgeom convert MAP --out FILE.json [map options]\n"
            "\n"
            "Writes the imported scene as Nat20 GridScene JSON (walls with doors, one-way\n"
            "sides, restrictions or a cover value get extra keys; docs/io.md). Loading the\n"
            "output gives the same scene.\n\n%s\n%s",
            k_load_options, k_exit_codes);
}

/* ---- Loading ---------------------------------------------------------------------------------- */

typedef struct load_opts {
    gg_import_def def;
    bool hex; /* --format hex: a hex board file (docs/cli.md, "Hex boards") */
} load_opts;

/* Consumes a map option at argv[*i]; 1 = consumed, 0 = not a map option, -1 = error. */
static int parse_load_option(int argc, char **argv, int *i, load_opts *lo)
{
    const char *a = argv[*i];
    if (strcmp(a, "--format") == 0) {
        if (*i + 1 >= argc)
            return -1;
        const char *f = argv[++*i];
        if (strcmp(f, "auto") == 0)
            lo->def.format = GG_IO_FORMAT_AUTO;
        else if (strcmp(f, "nat20") == 0)
            lo->def.format = GG_IO_FORMAT_NAT20;
        else if (strcmp(f, "uvtt") == 0)
            lo->def.format = GG_IO_FORMAT_UVTT;
        else if (strcmp(f, "foundry") == 0)
            lo->def.format = GG_IO_FORMAT_FOUNDRY;
        else if (strcmp(f, "hex") == 0)
            lo->hex = true;
        else
            return -1;
        return 1;
    }
    if (strcmp(a, "--elevation") == 0) {
        if (*i + 1 >= argc)
            return -1;
        char *end = NULL;
        errno = 0;
        double v = strtod(argv[++*i], &end);
        if (end == argv[*i] || *end != '\0' || errno != 0)
            return -1;
        lo->def.use_elevation = true;
        lo->def.elevation_ft = v;
        return 1;
    }
    if (strcmp(a, "--wall-rule") == 0) {
        if (*i + 1 >= argc)
            return -1;
        const char *r = argv[++*i];
        if (strcmp(r, "point") == 0)
            lo->def.vtt_wall_rule = GG_WALL_RULE_POINT;
        else if (strcmp(r, "nat20") == 0)
            lo->def.vtt_wall_rule = GG_WALL_RULE_NAT20;
        else
            return -1;
        return 1;
    }
    if (strcmp(a, "--no-merge") == 0) {
        lo->def.merge_walls = false;
        return 1;
    }
    if (strcmp(a, "--no-clip") == 0) {
        lo->def.clip_walls = false;
        return 1;
    }
    if (strcmp(a, "--no-objects") == 0) {
        lo->def.uvtt_objects = false;
        return 1;
    }
    return 0;
}

static int load(const char *path, const load_opts *lo, gg_scene **scene, gg_import_report **report)
{
    gg_io_error err;
    gg_status st = gg_scene_import_file(path, &lo->def, scene, report, &err);
    if (st != GG_OK) {
        fprintf(stderr, "gridgeom: %s: %s (%s)\n", path, err.message, gg_status_name(st));
        return EXIT_LOAD;
    }
    return EXIT_OK;
}

static const char *base_name(const char *path)
{
    const char *s = strrchr(path, '/');
    return s != NULL ? s + 1 : path;
}

/* ---- info ---------------------------------------------------------------------------------------- */

static int32_t count_blocked(const gg_scene *scene)
{
    int32_t n = 0;
    for (int32_t r = 0; r < gg_scene_height(scene); r++)
        for (int32_t c = 0; c < gg_scene_width(scene); c++) {
            bool valid = true;
            if (gg_scene_is_valid_cell(scene, gg_cell_make(c, r), &valid) == GG_OK && !valid)
                n++;
        }
    return n;
}

/* The cells whose centre lies on a wall that blocks sight or movement (closed doors too): the
 * cells the Nat20 wall rule makes blind and pinned, and the point rule keeps seeing and moving
 * (docs/vision.md). Exact: wall coordinates are multiples of 1/GG_WALL_UNITS_PER_CELL, so in
 * those units every point is an integer. `example` gets the first (row-major) and its wall. */
static int32_t count_centres_on_walls(const gg_scene *scene, char *example, size_t cap)
{
    example[0] = '\0';
    const int32_t w = gg_scene_width(scene), h = gg_scene_height(scene);
    int32_t n = 0;
    if (gg_scene_list_walls(scene, NULL, NULL, 0, &n) == GG_E_INVALID_ARG || n == 0)
        return 0;
    gg_wall_def *defs = (gg_wall_def *)calloc((size_t)n, sizeof *defs);
    uint8_t *on = (uint8_t *)calloc((size_t)w * (size_t)h, 1);
    int32_t *by = (int32_t *)calloc((size_t)w * (size_t)h, sizeof *by);
    int32_t count = 0;
    if (defs != NULL && on != NULL && by != NULL &&
        gg_scene_list_walls(scene, NULL, defs, n, &n) == GG_OK) {
        const double u = GG_WALL_UNITS_PER_CELL;
        for (int32_t k = 0; k < n; k++) {
            const gg_wall_def *d = &defs[k];
            if (d->door == GG_DOOR_OPEN ||
                (d->blocks & (GG_BLOCKS_SIGHT | GG_BLOCKS_MOVEMENT)) == 0)
                continue;
            gg_hpoint a = {(int32_t)(d->x1 * u), (int32_t)(d->y1 * u)};
            gg_hpoint b = {(int32_t)(d->x2 * u), (int32_t)(d->y2 * u)};
            double x0 = d->x1 < d->x2 ? d->x1 : d->x2, x1 = d->x1 < d->x2 ? d->x2 : d->x1;
            double y0 = d->y1 < d->y2 ? d->y1 : d->y2, y1 = d->y1 < d->y2 ? d->y2 : d->y1;
            for (int32_t r = y0 < 0 ? 0 : (int32_t)y0; r < h && r <= y1; r++)
                for (int32_t c = x0 < 0 ? 0 : (int32_t)x0; c < w && c <= x1; c++) {
                    gg_hpoint p = {(int32_t)(c * u + u / 2), (int32_t)(r * u + u / 2)};
                    size_t i = (size_t)r * (size_t)w + (size_t)c;
                    if (!on[i] && gg_segments_intersect(p, p, a, b)) {
                        on[i] = 1;
                        by[i] = k;
                        count++;
                    }
                }
        }
        for (size_t i = 0; count > 0 && i < (size_t)w * (size_t)h; i++)
            if (on[i]) {
                const gg_wall_def *d = &defs[by[i]];
                snprintf(example, cap, "cell %d,%d: wall (%g,%g)-(%g,%g)", (int)(i % (size_t)w),
                         (int)(i / (size_t)w), d->x1, d->y1, d->x2, d->y2);
                break;
            }
    }
    free(defs);
    free(on);
    free(by);
    return count;
}

static int cmd_info(const char *path, bool as_json, const gg_scene *scene,
                    const gg_import_report *report)
{
    gg_import_stats s;
    if (gg_import_report_stats(report, &s) != GG_OK)
        return EXIT_LOAD;
    int32_t blocked = count_blocked(scene);
    char on_example[160];
    int32_t on_walls = count_centres_on_walls(scene, on_example, sizeof on_example);
    const char *rule = gg_scene_wall_rule(scene) == GG_WALL_RULE_POINT ? "point" : "nat20";
    int32_t nn = gg_import_report_note_count(report);
    if (as_json) {
        json_t *notes = json_array();
        for (int32_t i = 0; i < nn; i++) {
            gg_import_note n;
            if (gg_import_report_note(report, i, &n) == GG_OK)
                json_array_append_new(notes, json_pack("{s:s,s:i,s:s,s:s}", "action",
                                                       gg_import_action_name(n.action), "count",
                                                       (int)n.count, "what", n.what, "example",
                                                       n.example));
        }
        json_t *o = json_pack(
            "{s:s,s:s,s:i,s:i,s:i,s:i,s:i,s:i,s:i,s:i,s:i,s:i,s:i,s:i,s:f,s:i,s:i,s:i,s:i,s:i,"
            "s:i,s:i,s:s,s:s,s:o}",
            "map", base_name(path), "format", gg_io_format_name(s.format), "width", (int)s.width,
            "height", (int)s.height, "cell_size_ft", (int)s.cell_size_ft, "segments_read",
            (int)s.segments_read, "walls", (int)s.walls, "doors", (int)s.doors, "doors_open",
            (int)s.doors_open, "doors_locked", (int)s.doors_locked, "one_way", (int)s.one_way,
            "windows", (int)s.windows, "blocked_cells", (int)blocked, "endpoints_snapped",
            (int)s.endpoints_snapped, "max_snap_cells", s.max_snap_cells, "merged", (int)s.merged,
            "clipped", (int)s.clipped, "walls_dropped", (int)s.walls_dropped, "lights_read",
            (int)s.lights_read, "lights_dropped", (int)s.lights_dropped, "tags", (int)s.tags,
            "centres_on_walls", (int)on_walls, "centre_on_wall_example", on_example, "wall_rule",
            rule, "notes", notes);
        if (o == NULL)
            return EXIT_OUTPUT;
        json_dumpf(o, stdout, JSON_INDENT(2) | JSON_PRESERVE_ORDER);
        fputc('\n', stdout);
        json_decref(o);
    } else {
        printf("%s: %s scene, %d x %d cells, %d ft per cell\n", base_name(path),
               gg_io_format_name(s.format), (int)s.width, (int)s.height, (int)s.cell_size_ft);
        printf("walls:   %d (from %d segments in the file): %d doors (%d open, %d locked), %d "
               "one-way, %d windows\n",
               (int)s.walls, (int)s.segments_read, (int)s.doors, (int)s.doors_open,
               (int)s.doors_locked, (int)s.one_way, (int)s.windows);
        printf("cells:   %d blocked, %d tags, %d with the centre on a wall (wall rule %s)\n",
               (int)blocked, (int)s.tags, (int)on_walls, rule);
        if (on_walls > 0)
            printf("         e.g. %s\n", on_example);
        printf("lights:  %d in the file, %d in the scene\n", (int)s.lights_read,
               (int)(s.lights_read - s.lights_dropped));
        printf("import:  %d endpoints snapped (by up to %.3f cells), %d merged, %d clipped, %d "
               "dropped\n",
               (int)s.endpoints_snapped, s.max_snap_cells, (int)s.merged, (int)s.clipped,
               (int)s.walls_dropped);
        if (nn > 0)
            printf("report:\n");
        for (int32_t i = 0; i < nn; i++) {
            gg_import_note n;
            if (gg_import_report_note(report, i, &n) != GG_OK)
                continue;
            printf("  %-12s %6d  %s\n", gg_import_action_name(n.action), (int)n.count, n.what);
            if (n.example[0] != '\0')
                printf("  %-12s %6s  e.g. %s\n", "", "", n.example);
        }
    }
    return ferror(stdout) ? EXIT_OUTPUT : EXIT_OK;
}

/* ---- query ------------------------------------------------------------------------------------ */

#define MAX_LINE ((size_t)16 << 20)

/* Reads one line (without the newline) into *buf; returns false at EOF with nothing read.
 * *too_long is set when the line exceeded MAX_LINE, *no_memory when the buffer could not grow
 * (the rest of the line is skipped either way). */
static bool read_line(const gg_allocator *a, FILE *in, char **buf, size_t *cap, size_t *len,
                      bool *too_long, bool *no_memory)
{
    *len = 0;
    *too_long = false;
    *no_memory = false;
    int ch;
    bool any = false;
    while ((ch = fgetc(in)) != EOF) {
        any = true;
        if (ch == '\n')
            break;
        if (*len + 1 >= MAX_LINE || *no_memory) {
            *too_long = !*no_memory;
            continue;
        }
        if (*len + 1 >= *cap) {
            size_t ncap = *cap ? *cap * 2 : 4096;
            char *g = (char *)a->alloc(a->ctx, ncap, 1);
            if (g == NULL) {
                *no_memory = true;
                continue;
            }
            if (*buf != NULL) {
                memcpy(g, *buf, *len);
                a->free(a->ctx, *buf, *cap);
            }
            *buf = g;
            *cap = ncap;
        }
        (*buf)[(*len)++] = (char)ch;
    }
    if (*buf != NULL)
        (*buf)[*len] = '\0';
    return any;
}

static void emit(json_t *o)
{
    if (o == NULL) {
        fputs("{\"error\":{\"message\":\"out of memory\"}}\n", stdout);
        return;
    }
    json_dumpf(o, stdout, JSON_COMPACT | JSON_PRESERVE_ORDER | JSON_ENCODE_ANY);
    fputc('\n', stdout);
    json_decref(o);
}

static json_t *error_json(long line, const char *message)
{
    return json_pack("{s:{s:I,s:s}}", "error", "line", (json_int_t)line, "message", message);
}

static int cmd_query(const gg_allocator *a, gg_scene *scene, gg_hex_board *board, FILE *in)
{
    gg_cli_query q;
    gg_cli_query_init(&q, scene, board, a);
    char *buf = NULL;
    size_t cap = 0, len = 0;
    bool too_long = false, no_memory = false;
    long lineno = 0;
    bool any_error = false;
    while (read_line(a, in, &buf, &cap, &len, &too_long, &no_memory)) {
        lineno++;
        if (no_memory) {
            emit(error_json(lineno, "out of memory reading the line (GG_E_NO_MEMORY)"));
            any_error = true;
            continue;
        }
        if (too_long) {
            emit(error_json(lineno, "the line is longer than 16 MiB"));
            any_error = true;
            continue;
        }
        size_t k = 0;
        while (k < len && (buf[k] == ' ' || buf[k] == '\t' || buf[k] == '\r'))
            k++;
        if (k == len)
            continue;
        json_error_t jerr;
        json_t *qj = json_loadb(buf, len, 0, &jerr);
        if (qj == NULL) {
            char m[256];
            snprintf(m, sizeof m, "invalid JSON at column %d: %s", jerr.column, jerr.text);
            emit(error_json(lineno, m));
            any_error = true;
            continue;
        }
        char msg[512];
        json_t *ans = gg_cli_query_eval(&q, qj, msg, sizeof msg);
        json_t *out = NULL;
        if (ans == NULL) {
            out = error_json(lineno, msg);
            any_error = true;
        } else {
            out = json_object();
            if (out != NULL) {
                json_t *id = json_is_object(qj) ? json_object_get(qj, "id") : NULL;
                if (id != NULL)
                    json_object_set(out, "id", id);
                json_object_set_new(out, "result", ans);
            } else {
                json_decref(ans);
            }
        }
        emit(out);
        json_decref(qj);
        fflush(stdout);
    }
    if (buf != NULL)
        a->free(a->ctx, buf, cap);
    gg_cli_query_finish(&q);
    if (ferror(stdout))
        return EXIT_OUTPUT;
    return any_error ? EXIT_QUERY : EXIT_OK;
}

/* ---- draw ------------------------------------------------------------------------------------- */

static bool parse_cell_arg(const char *s, gg_cell *out)
{
    return gg_cell_parse(s, strlen(s), out, NULL) == GG_OK;
}

static bool parse_int(const char *s, long lo, long hi, long *out)
{
    char *end = NULL;
    errno = 0;
    long v = strtol(s, &end, 10);
    if (end == s || *end != '\0' || errno != 0 || v < lo || v > hi)
        return false;
    *out = v;
    return true;
}

static bool parse_template(const char *s, gg_template *tpl)
{
    static const struct {
        const char *name;
        gg_shape shape;
    } shapes[] = {{"sphere", GG_SHAPE_SPHERE},
                  {"cylinder", GG_SHAPE_CYLINDER},
                  {"cone", GG_SHAPE_CONE},
                  {"line", GG_SHAPE_LINE},
                  {"cube", GG_SHAPE_CUBE}};
    char buf[128];
    if (strlen(s) >= sizeof buf)
        return false;
    strcpy(buf, s);
    char *parts[4] = {NULL, NULL, NULL, NULL};
    int n = 0;
    char *p = buf;
    while (n < 4) {
        parts[n++] = p;
        char *comma = strchr(p, ',');
        if (comma == NULL)
            break;
        *comma = '\0';
        p = comma + 1;
    }
    if (strchr(p, ',') != NULL || (n != 2 && n != 4))
        return false;
    bool found = false;
    for (size_t i = 0; i < sizeof shapes / sizeof shapes[0]; i++)
        if (strcmp(parts[0], shapes[i].name) == 0) {
            tpl->shape = shapes[i].shape;
            found = true;
        }
    long size, dc = 0, dr = 0;
    if (!found || !parse_int(parts[1], 0, 100000, &size))
        return false;
    tpl->size_ft = (int32_t)size;
    tpl->has_direction = n == 4;
    if (n == 4 &&
        (!parse_int(parts[2], -1000, 1000, &dc) || !parse_int(parts[3], -1000, 1000, &dr)))
        return false;
    tpl->direction = gg_cell_make((int32_t)dc, (int32_t)dr);
    return true;
}

/* "Q,R" (hex boards: axial, may be negative). */
static bool parse_hex_arg(const char *s, gg_hex *out)
{
    char *end = NULL;
    errno = 0;
    long q = strtol(s, &end, 10);
    if (end == s || *end != ',' || errno != 0 || q < INT32_MIN || q > INT32_MAX)
        return false;
    const char *t = end + 1;
    long r = strtol(t, &end, 10);
    if (end == t || *end != '\0' || errno != 0 || r < INT32_MIN || r > INT32_MAX)
        return false;
    *out = gg_hex_make((int32_t)q, (int32_t)r);
    return true;
}

static bool parse_name(const char *s, const char *const *names, int *out)
{
    for (int i = 0; names[i] != NULL; i++)
        if (strcmp(names[i], s) == 0) {
            *out = i;
            return true;
        }
    return false;
}

/* "C,R;C,R;..." into cells from the allocator (freed by the caller with *n entries): 0, or 1 for
 * bad text, 2 when memory ran out. */
/* --creatures: a JSON list of creature objects, read by the query ops' own parser
 * (gg_cli_creatures(), docs/cli.md "Creatures") so both speak the same fields. A list given
 * again replaces the first. False with msg set. */
static bool parse_creatures(const gg_allocator *mem, const char *text, gg_creature **out,
                            int32_t *n, char *msg, size_t cap)
{
    if (*out != NULL)
        mem->free(mem->ctx, *out, (size_t)*n * sizeof **out);
    *out = NULL;
    *n = 0;
    json_error_t jerr;
    json_t *list = json_loads(text, 0, &jerr);
    if (!json_is_array(list) || json_array_size(list) == 0) {
        snprintf(msg, cap,
                 "a non-empty JSON list of creature objects, e.g. '[{\"cell\": \"3,4\", "
                 "\"size\": \"large\"}]'");
        json_decref(list);
        return false;
    }
    json_t *q = json_pack("{s:o}", "creatures", list);
    if (q == NULL) {
        snprintf(msg, cap, "out of memory (GG_E_NO_MEMORY)");
        return false;
    }
    gg_cli_ctx ctx = {NULL, NULL, mem, NULL, NULL};
    gg_cli_call c = {&ctx, q, msg, cap};
    bool ok = true;
    for (size_t i = 0; ok && i < json_array_size(list); i++)
        if (!json_is_object(json_array_get(list, i))) {
            snprintf(msg, cap, "creatures[%zu] is not an object", i);
            ok = false;
        }
    ok = ok && gg_cli_creatures(&c, "creatures", out, n);
    json_decref(q);
    return ok;
}

static int parse_cell_list(const gg_allocator *mem, const char *s, gg_cell **out, int32_t *n)
{
    int32_t count = 1;
    for (const char *p = s; *p != '\0'; p++)
        count += *p == ';';
    if (strlen(s) > 100000)
        return 1;
    gg_cell *cells = mem->alloc(mem->ctx, (size_t)count * sizeof *cells, 16);
    if (cells == NULL)
        return 2;
    int32_t k = 0;
    const char *p = s;
    while (k < count) {
        const char *e = strchr(p, ';');
        size_t len = e != NULL ? (size_t)(e - p) : strlen(p);
        if (gg_cell_parse(p, len, &cells[k], NULL) != GG_OK) {
            mem->free(mem->ctx, cells, (size_t)count * sizeof *cells);
            return 1;
        }
        k++;
        p = e != NULL ? e + 1 : p + len;
    }
    *out = cells;
    *n = count;
    return 0;
}

/* ---- hex boards --------------------------------------------------------------------------------- */

static int cmd_hex(const char *cmd, const char *path, const gg_allocator *mem, bool as_json,
                   const char *out_path, gg_cli_hex_draw *hd, FILE *in)
{
    gg_hex_board *board = NULL;
    gg_cli_hex_extent ext;
    char msg[512] = "";
    if (gg_cli_hex_load(path, mem, &board, &ext, msg, sizeof msg) != 0) {
        fprintf(stderr, "gridgeom: %s: %s\n", path, msg);
        return EXIT_LOAD;
    }
    int rc = EXIT_OK;
    if (strcmp(cmd, "info") == 0) {
        if (as_json) {
            json_t *o = json_pack("{s:s,s:s,s:[i,i],s:i,s:i,s:i}", "map", base_name(path), "format",
                                  "hex", "origin", (int)ext.origin.q, (int)ext.origin.r, "q_count",
                                  (int)ext.q_count, "r_count", (int)ext.r_count, "tiles",
                                  (int)ext.tiles);
            if (o != NULL) {
                json_dumpf(o, stdout, JSON_INDENT(2) | JSON_PRESERVE_ORDER);
                fputc('\n', stdout);
                json_decref(o);
            }
        } else {
            printf("%s: hex board, %d x %d storage from (%d,%d), %d tiles\n", base_name(path),
                   (int)ext.q_count, (int)ext.r_count, (int)ext.origin.q, (int)ext.origin.r,
                   (int)ext.tiles);
        }
        rc = ferror(stdout) ? EXIT_OUTPUT : EXIT_OK;
    } else if (strcmp(cmd, "query") == 0) {
        rc = cmd_query(mem, NULL, board, in);
    } else if (strcmp(cmd, "draw") == 0) {
        hd->title = hd->title != NULL ? hd->title : base_name(path);
        FILE *f = fopen(out_path, "wb");
        if (f == NULL) {
            fprintf(stderr, "gridgeom draw: cannot create %s: %s\n", out_path, strerror(errno));
            rc = EXIT_OUTPUT;
        } else {
            int r = gg_cli_hex_draw_svg(board, &ext, mem, hd, f, msg, sizeof msg);
            if (fclose(f) != 0 && r == 0)
                r = 3;
            if (r != 0) {
                fprintf(stderr, "gridgeom draw: %s\n", msg[0] ? msg : "writing the SVG failed");
                rc = r == 3 && msg[0] == '\0' ? EXIT_OUTPUT : EXIT_USAGE;
                remove(out_path);
            }
        }
    } else {
        fprintf(stderr, "gridgeom convert: hex boards are not converted\n");
        rc = EXIT_USAGE;
    }
    gg_hex_board_destroy(board);
    return rc;
}

/* ---- main -------------------------------------------------------------------------------------- */

static int bad_usage(const char *cmd, const char *what)
{
    fprintf(stderr, "gridgeom%s%s: %s (see 'gridgeom%s%s --help')\n", cmd ? " " : "",
            cmd ? cmd : "", what, cmd ? " " : "", cmd ? cmd : "");
    return EXIT_USAGE;
}

static void *libc_alloc(void *ctx, size_t size, size_t align)
{
    (void)ctx;
    (void)align; /* malloc's alignment covers the library's requests (<= 16) */
    return malloc(size == 0 ? 1 : size);
}

static void libc_free(void *ctx, void *ptr, size_t size)
{
    (void)ctx;
    (void)size;
    free(ptr);
}

int gg_cli_main(int argc, char **argv, const gg_allocator *allocator)
{
    const gg_allocator libc = {libc_alloc, libc_free, NULL};
    const gg_allocator *mem = allocator != NULL ? allocator : &libc;
    if (argc < 2)
        return usage_main(stderr), EXIT_USAGE;
    const char *cmd = argv[1];
    if (strcmp(cmd, "--help") == 0 || strcmp(cmd, "-h") == 0 || strcmp(cmd, "help") == 0) {
        usage_main(stdout);
        return EXIT_OK;
    }
    if (strcmp(cmd, "--version") == 0) {
        printf("gridgeom %s\n", gg_version_string());
        return EXIT_OK;
    }
    void (*help)(FILE *) = NULL;
    if (strcmp(cmd, "info") == 0)
        help = usage_info;
    else if (strcmp(cmd, "query") == 0)
        help = usage_query;
    else if (strcmp(cmd, "draw") == 0)
        help = usage_draw;
    else if (strcmp(cmd, "convert") == 0)
        help = usage_convert;
    else
        return bad_usage(NULL, "unknown command");

    load_opts lo;
    lo.def = gg_import_def_default();
    lo.hex = false;
    /* The scene, its scratch, the report and the io layer's temporaries (jansson's included)
     * all come from the caller's allocator. */
    lo.def.allocator = mem;
    const char *map = NULL, *out_path = NULL, *input = NULL, *title = NULL;
    bool background = false; /* draw --background (background.c) */
    const char *background_image = NULL;
    gg_cli_background bg;
    memset(&bg, 0, sizeof bg);
    bool as_json = false;
    gg_cli_draw dopt;
    memset(&dopt, 0, sizeof dopt);
    dopt.labels = true;
    dopt.mem = mem;
    dopt.cover_mode = -1;
    dopt.metric = GG_METRIC_CHEBYSHEV;
    gg_cli_hex_draw hd;
    memset(&hd, 0, sizeof hd);
    hd.reach = -1;
    hd.eye = 1.7;
    const char *from_arg = NULL, *to_arg = NULL;
    gg_cell *matrix = NULL;
    int32_t matrix_n = 0;
    double *vision = NULL; /* draw --vision */
    gg_creature *creatures = NULL;
    int32_t creatures_n = 0;
    bool changes = false;
    uint64_t *changes_bits = NULL, *fog_bits = NULL;
    gg_cell *fog_turns = NULL;
    int32_t fog_n = 0;
    int rc = EXIT_OK;
#define USAGE_FAIL(what)                                                                           \
    do {                                                                                           \
        rc = bad_usage(cmd, what);                                                                 \
        goto out;                                                                                  \
    } while (0)
    for (int i = 2; i < argc; i++) {
        const char *a = argv[i];
        if (strcmp(a, "--help") == 0 || strcmp(a, "-h") == 0) {
            help(stdout);
            goto out;
        }
        int r = parse_load_option(argc, argv, &i, &lo);
        if (r < 0)
            USAGE_FAIL("bad value for a map option");
        if (r > 0)
            continue;
        bool has_value = i + 1 < argc;
        if (strcmp(a, "--json") == 0 && help == usage_info) {
            as_json = true;
        } else if (strcmp(a, "--out") == 0 && has_value &&
                   (help == usage_draw || help == usage_convert)) {
            out_path = argv[++i];
        } else if (strcmp(a, "--input") == 0 && has_value && help == usage_query) {
            input = argv[++i];
        } else if (help == usage_draw && strcmp(a, "--from") == 0 && has_value) {
            from_arg = argv[++i];
        } else if (help == usage_draw && strcmp(a, "--to") == 0 && has_value) {
            to_arg = argv[++i];
        } else if (help == usage_draw && strcmp(a, "--field") == 0) {
            dopt.field = true;
        } else if (help == usage_draw && strcmp(a, "--lights") == 0) {
            dopt.lights = true;
        } else if (help == usage_draw && strcmp(a, "--vision") == 0 && has_value) {
            if (vision != NULL)
                mem->free(mem->ctx, vision, sizeof(double) * 2 * (size_t)dopt.vision_count);
            vision = NULL;
            int pr = gg_cli_parse_points(mem, argv[++i], &vision, &dopt.vision_count);
            if (pr == 2)
                USAGE_FAIL("--vision: out of memory (GG_E_NO_MEMORY)");
            if (pr != 0)
                USAGE_FAIL("--vision takes points C,R;X.x,Y.y;...");
            dopt.vision = vision;
        } else if (help == usage_draw && strcmp(a, "--fog") == 0 && has_value) {
            if (fog_turns != NULL)
                mem->free(mem->ctx, fog_turns, (size_t)fog_n * sizeof *fog_turns);
            fog_turns = NULL;
            int pr = parse_cell_list(mem, argv[++i], &fog_turns, &fog_n);
            if (pr == 2)
                USAGE_FAIL("--fog: out of memory (GG_E_NO_MEMORY)");
            if (pr != 0)
                USAGE_FAIL("--fog takes cells C,R;C,R;...");
        } else if (help == usage_draw && strcmp(a, "--changes") == 0 && has_value) {
            long wall = 0;
            if (!parse_int(argv[++i], 0, INT32_MAX, &wall))
                USAGE_FAIL("--changes takes a wall index");
            dopt.changes_wall = (int32_t)wall;
            changes = true;
        } else if (help == usage_draw && strcmp(a, "--overlay") == 0 && has_value) {
            long ft = 0, bands = 2;
            char buf[64];
            snprintf(buf, sizeof buf, "%s", argv[++i]);
            char *comma = strchr(buf, ',');
            if (comma != NULL)
                *comma = '\0';
            if (!parse_int(buf, 1, 100000, &ft) ||
                (comma != NULL && !parse_int(comma + 1, 1, 4, &bands)))
                USAGE_FAIL("--overlay takes FEET[,BANDS] (1..4 bands)");
            dopt.overlay_ft = (int32_t)ft;
            dopt.overlay_bands = (int32_t)bands;
        } else if (help == usage_draw && strcmp(a, "--metric") == 0 && has_value) {
            static const char *const metrics[] = {"chebyshev", "alternating", "euclidean",
                                                  "manhattan", NULL};
            int m = 0;
            if (!parse_name(argv[++i], metrics, &m))
                USAGE_FAIL("--metric takes chebyshev, alternating, euclidean or manhattan");
            dopt.metric = (gg_metric)m;
        } else if (help == usage_draw && strcmp(a, "--cover-mode") == 0 && has_value) {
            static const char *const modes[] = {"tagged", "corners_2d", "corners_3d", NULL};
            if (!parse_name(argv[++i], modes, &dopt.cover_mode))
                USAGE_FAIL("--cover-mode takes tagged, corners_2d or corners_3d");
        } else if (help == usage_draw && strcmp(a, "--matrix") == 0 && has_value) {
            if (matrix != NULL)
                mem->free(mem->ctx, matrix, (size_t)matrix_n * sizeof *matrix);
            matrix = NULL;
            int pr = parse_cell_list(mem, argv[++i], &matrix, &matrix_n);
            if (pr == 2)
                USAGE_FAIL("--matrix: out of memory (GG_E_NO_MEMORY)");
            if (pr != 0)
                USAGE_FAIL("--matrix takes cells C,R;C,R;...");
        } else if (help == usage_draw && strcmp(a, "--creatures") == 0 && has_value) {
            char cmsg[256] = "";
            if (!parse_creatures(mem, argv[++i], &creatures, &creatures_n, cmsg, sizeof cmsg)) {
                fprintf(stderr, "gridgeom draw: --creatures: %s\n", cmsg);
                rc = EXIT_USAGE;
                goto out;
            }
        } else if (help == usage_draw && strcmp(a, "--reach") == 0 && has_value) {
            char *end = NULL;
            hd.reach = strtod(argv[++i], &end);
            if (end == argv[i] || *end != '\0' || !(hd.reach >= 0 && hd.reach < 1e9))
                USAGE_FAIL("--reach takes a cost >= 0");
        } else if (help == usage_draw && strcmp(a, "--eye") == 0 && has_value) {
            char *end = NULL;
            hd.eye = strtod(argv[++i], &end);
            if (end == argv[i] || *end != '\0' || !(hd.eye >= 0 && hd.eye < 1e9))
                USAGE_FAIL("--eye takes a height >= 0");
        } else if (help == usage_draw && strcmp(a, "--fov") == 0) {
            dopt.fov = true;
        } else if (help == usage_draw && strcmp(a, "--path") == 0) {
            dopt.path = true;
        } else if (help == usage_draw && strcmp(a, "--cover") == 0) {
            dopt.cover = true;
        } else if (help == usage_draw && strcmp(a, "--no-labels") == 0) {
            dopt.labels = false;
        } else if (help == usage_draw && strcmp(a, "--template") == 0 && has_value) {
            if (!parse_template(argv[++i], &dopt.tpl))
                USAGE_FAIL("--template takes SHAPE,FEET[,DCOL,DROW]");
            dopt.has_template = true;
        } else if (help == usage_draw && strcmp(a, "--scale") == 0 && has_value) {
            long v;
            if (!parse_int(argv[++i], 1, 200, &v))
                USAGE_FAIL("--scale takes 1..200 pixels");
            dopt.scale = (int32_t)v;
        } else if (help == usage_draw && strcmp(a, "--title") == 0 && has_value) {
            title = argv[++i];
        } else if (help == usage_draw && strcmp(a, "--background") == 0) {
            background = true;
        } else if (help == usage_draw && strcmp(a, "--background-image") == 0 && has_value) {
            background = true;
            background_image = argv[++i];
        } else if (a[0] == '-' && a[1] != '\0') {
            fprintf(stderr, "gridgeom %s: unknown option or missing value: %s\n", cmd, a);
            rc = EXIT_USAGE;
            goto out;
        } else if (map == NULL) {
            map = a;
        } else {
            USAGE_FAIL("more than one map");
        }
    }
    if (map == NULL)
        USAGE_FAIL("no MAP given");
    if ((help == usage_draw || help == usage_convert) && out_path == NULL)
        USAGE_FAIL("--out FILE is required");
    bool hex = lo.hex || (lo.def.format == GG_IO_FORMAT_AUTO && gg_cli_is_hex_path(map));
    if (help == usage_draw) {
        if (hex) {
            if ((from_arg != NULL && !parse_hex_arg(from_arg, &hd.from)) ||
                (to_arg != NULL && !parse_hex_arg(to_arg, &hd.to)))
                USAGE_FAIL("--from and --to take a hex Q,R on a hex board");
            hd.has_from = from_arg != NULL;
            hd.has_to = to_arg != NULL;
            hd.path = dopt.path;
            hd.title = title;
        } else {
            if ((from_arg != NULL && !parse_cell_arg(from_arg, &dopt.from)) ||
                (to_arg != NULL && !parse_cell_arg(to_arg, &dopt.to)))
                USAGE_FAIL("--from and --to take a cell C,R");
            dopt.has_from = from_arg != NULL;
            dopt.has_to = to_arg != NULL;
        }
        dopt.matrix = matrix;
        dopt.matrix_count = matrix_n;
        dopt.creatures = creatures;
        dopt.creature_count = creatures_n;
        if ((dopt.fov || dopt.has_template || dopt.field || dopt.overlay_ft > 0 || changes) &&
            !dopt.has_from)
            USAGE_FAIL("--fov, --template, --field, --overlay and --changes need --from");
        if ((dopt.path || dopt.cover || dopt.cover_mode >= 0) && !(dopt.has_from && dopt.has_to) &&
            !(hex && hd.has_from && hd.has_to))
            USAGE_FAIL("--path, --cover and --cover-mode need --from and --to");
        if (hd.reach >= 0 && !(hex && hd.has_from))
            USAGE_FAIL("--reach needs a hex board and --from");
        if (background && hex)
            USAGE_FAIL("--background needs a Universal VTT or Foundry map, not a hex board");
    }
    if (hex) {
        FILE *in = stdin;
        if (input != NULL && (in = fopen(input, "rb")) == NULL) {
            fprintf(stderr, "gridgeom query: cannot open %s: %s\n", input, strerror(errno));
            rc = EXIT_USAGE;
            goto out;
        }
        rc = cmd_hex(cmd, map, mem, as_json, out_path, &hd, in);
        if (in != stdin)
            fclose(in);
        goto out;
    }

    gg_scene *scene = NULL;
    gg_import_report *report = NULL;
    rc = load(map, &lo, &scene, &report);
    if (rc != EXIT_OK)
        goto out;
    if (help == usage_info) {
        rc = cmd_info(map, as_json, scene, report);
    } else if (help == usage_query) {
        FILE *in = stdin;
        if (input != NULL && (in = fopen(input, "rb")) == NULL) {
            fprintf(stderr, "gridgeom query: cannot open %s: %s\n", input, strerror(errno));
            rc = EXIT_USAGE;
        } else {
            rc = cmd_query(mem, scene, NULL, in);
            if (in != stdin)
                fclose(in);
        }
    } else if (help == usage_draw) {
        dopt.title = title != NULL ? title : base_name(map);
        dopt.background = background ? &bg : NULL;
        char bmsg[512] = "";
        FILE *f = NULL;
        if (background &&
            gg_cli_background_load(map, background_image, &lo.def, &bg, bmsg, sizeof bmsg) != 0) {
            fprintf(stderr, "gridgeom draw: %s\n", bmsg);
            rc = EXIT_USAGE;
        } else if ((f = fopen(out_path, "wb")) == NULL) {
            fprintf(stderr, "gridgeom draw: cannot create %s: %s\n", out_path, strerror(errno));
            rc = EXIT_OUTPUT;
        } else {
            char msg[256] = "";
            dopt.fog_turns = fog_turns;
            dopt.fog_turn_count = fog_n;
            int r = fog_turns != NULL ? gg_cli_fog_prepare(scene, &dopt, &fog_bits, msg, sizeof msg)
                                      : 0;
            if (r == 0 && changes)
                r = gg_cli_changes_prepare(scene, &dopt, &changes_bits, msg, sizeof msg);
            if (r == 0)
                r = gg_cli_draw_svg(scene, &dopt, f, msg, sizeof msg);
            if (fclose(f) != 0 && r == 0)
                r = 3;
            if (r != 0) {
                fprintf(stderr, "gridgeom draw: %s\n", msg[0] ? msg : "writing the SVG failed");
                rc = r == 3 ? EXIT_OUTPUT : EXIT_USAGE;
                remove(out_path);
            }
        }
    } else {
        gg_io_error err;
        gg_status st = gg_scene_export_nat20_file(scene, out_path, &err);
        if (st != GG_OK) {
            fprintf(stderr, "gridgeom convert: %s (%s)\n", err.message, gg_status_name(st));
            rc = EXIT_OUTPUT;
        }
    }
    gg_cli_background_free(&bg);
    free(changes_bits);
    free(fog_bits);
    gg_import_report_destroy(report);
    gg_scene_destroy(scene);
out:
    if (fog_turns != NULL)
        mem->free(mem->ctx, fog_turns, (size_t)fog_n * sizeof *fog_turns);
    if (matrix != NULL)
        mem->free(mem->ctx, matrix, (size_t)matrix_n * sizeof *matrix);
    if (creatures != NULL)
        mem->free(mem->ctx, creatures, (size_t)creatures_n * sizeof *creatures);
    if (vision != NULL)
        mem->free(mem->ctx, vision, sizeof(double) * 2 * (size_t)dopt.vision_count);
    return rc;
#undef USAGE_FAIL
}

#ifndef GG_CLI_LIBRARY
int main(int argc, char **argv) { return gg_cli_main(argc, argv, NULL); }
#endif
