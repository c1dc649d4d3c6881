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
} gg_cli_draw;

/* Writes the SVG to `out`. Returns 0, or a non-zero value with a message in `msg`. */
int gg_cli_draw_svg(const gg_scene *scene, const gg_cli_draw *opt, FILE *out, char *msg,
                    size_t msgcap);

#endif
