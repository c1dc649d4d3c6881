/* svg.h - `gridgeom draw`: a scene and its overlays as an SVG picture. Layer: tools. */
#ifndef GG_TOOLS_SVG_H
#define GG_TOOLS_SVG_H

#include <stdio.h>

#include <gridgeom/core.h>
#include <gridgeom/topology.h>

typedef struct gg_cli_draw {
    const char *title; /* shown under the map; may be NULL */
    int32_t scale;     /* pixels per cell; 0 = automatic */
    bool has_from, has_to;
    gg_cell from, to;
    bool fov;          /* cells visible from `from` */
    bool path;         /* shortest path from `from` to `to` */
    bool cover;        /* the cover line from `from` to `to` and its degree */
    bool has_template; /* `tpl` placed at `from` (area_cells: line of effect applied) */
    gg_template tpl;
    bool labels; /* coordinates along the edges; default true */
    /* The overlays of svg_overlays.c (docs/cli.md): */
    const gg_allocator *mem; /* their working memory; NULL = malloc/free */
    bool field;              /* the distance field from `from` as a heat map */
    int32_t overlay_ft;      /* > 0: the movement overlay from `from` with this budget ... */
    int32_t overlay_bands;   /* ... drawn in this many bands of overlay_ft each (default 2) */
    gg_metric metric;        /* of the field and the overlay */
    int cover_mode;          /* >= 0: the gg_cover_mode whose witness lines from -> to are drawn */
    bool lights;             /* light sources, their radii and the cells they light */
    const gg_cell *matrix;   /* the visibility matrix among these cells, as lines */
    int32_t matrix_count;
    const struct gg_creature *creatures; /* spaces, reach and flanking (svg_creatures.c) */
    int32_t creature_count;
    const struct gg_cli_background *background; /* the map's picture underneath, or NULL */
    const double *vision; /* x, y pairs (cells): their visibility polygons (svg_polygons.c) */
    int32_t vision_count;
    /* --changes (svg_fog.c): a door opened or closed, the cells whose view from `from`
     * changed (a cell bitset, or NULL), how many, and which wall. */
    int32_t changes_wall;
    const uint64_t *changes;
    int32_t changes_count;
    bool changes_opened;
    /* --fog (svg_fog.c): a token's cells turn by turn, and what its fog memory made of them:
     * 2 cell bitsets (explored, the last turn's view) or NULL, and their counts. */
    const gg_cell *fog_turns;
    int32_t fog_turn_count;
    const uint64_t *fog;
    int32_t fog_explored, fog_seen;
} gg_cli_draw;

/* Where svg.c draws: the output, pixels per cell, the margin, the map size. */
typedef struct gg_cli_frame {
    FILE *f;
    double s, m;
    int32_t w, h;
} gg_cli_frame;

/* The overlays of svg_overlays.c: `under` fills cells (before the grid and walls), `over` draws
 * lines and markers (after them). Each appends its results to caption (at *used). Return 0, or
 * non-zero with msg set. */
int gg_cli_draw_under(const gg_scene *scene, const gg_cli_draw *opt, const gg_cli_frame *fr,
                      char *caption, size_t cap, size_t *used, char *msg, size_t msgcap);
int gg_cli_draw_over(const gg_scene *scene, const gg_cli_draw *opt, const gg_cli_frame *fr,
                     char *caption, size_t cap, size_t *used, char *msg, size_t msgcap);

/* svg_creatures.c: the creatures' spaces, reach and flanking lines (`draw --creatures`). */
int gg_cli_draw_creatures(const gg_scene *scene, const gg_cli_draw *opt, const gg_cli_frame *fr,
                          char *caption, size_t cap, size_t *used, char *msg, size_t msgcap);

/* svg_polygons.c: the visibility polygons of opt->vision and, with opt->lights, the light
 * polygons (`draw --vision`, `--lights`), drawn under the walls. */
int gg_cli_draw_polygons(const gg_scene *scene, const gg_cli_draw *opt, const gg_cli_frame *fr,
                         char *caption, size_t cap, size_t *used, char *msg, size_t msgcap);

/* Parses "C,R;X.5,Y;..." for --vision: integer pairs name cells (their centres), others points.
 * 0 = ok (*out from mem, 2 * *n doubles), 1 = bad text, 2 = no memory. */
int gg_cli_parse_points(const gg_allocator *mem, const char *s, double **out, int32_t *n);

/* svg_fog.c (`draw --fog C,R;...`): walks a token through opt->fog_turns and sets opt->fog to
 * what its fog memory explored and what it sees last (*out_bits, to be freed with free()).
 * Returns 0, or non-zero with msg set. */
int gg_cli_fog_prepare(const gg_scene *scene, gg_cli_draw *opt, uint64_t **out_bits, char *msg,
                       size_t msgcap);
/* svg_fog.c (`draw --changes WALL`): toggles the door of wall `opt->changes_wall` on the
 * scene and sets opt->changes to the cells whose view from opt->from changed (*out_bits, to be
 * freed with free()). Returns 0, or non-zero with msg set. */
int gg_cli_changes_prepare(gg_scene *scene, gg_cli_draw *opt, uint64_t **out_bits, char *msg,
                           size_t msgcap);
/* Draws opt->fog and opt->changes (those set) as filled cells and appends their captions. */
int gg_cli_draw_changes(const gg_scene *scene, const gg_cli_draw *opt, const gg_cli_frame *fr,
                        char *caption, size_t cap, size_t *used, char *msg, size_t msgcap);

/* Writes the SVG to `out`. Returns 0, or a non-zero value with a message in `msg`. */
int gg_cli_draw_svg(const gg_scene *scene, const gg_cli_draw *opt, FILE *out, char *msg,
                    size_t msgcap);

#endif
