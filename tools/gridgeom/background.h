/* background.h - `gridgeom draw --background`: the map's own picture under the walls, scaled
 * onto the grid, so that a user sees at a glance whether the walls line up with the art.
 * Layer: tools. */
#ifndef GG_TOOLS_BACKGROUND_H
#define GG_TOOLS_BACKGROUND_H

#include <stdio.h>

#include <gridgeom/io.h>

typedef struct gg_cli_background {
    gg_map_image image;  /* where the picture lies on the scene, in cells (and UVTT's bytes) */
    unsigned char *file; /* the picture read from --background-image (malloc), or NULL */
    size_t file_size;
    const char *mime; /* of the bytes drawn */
} gg_cli_background;

/* Loads the picture of the map at `map_path`: the one a Universal VTT file embeds, or the file
 * at `image_path` when given (a Foundry scene only names its picture). `def` is the import's
 * (its allocator and caps). Returns 0, or non-zero with a message in `msg`. */
int gg_cli_background_load(const char *map_path, const char *image_path, const gg_import_def *def,
                           gg_cli_background *out, char *msg, size_t msgcap);

/* Frees what gg_cli_background_load() made; safe on a zeroed struct. */
void gg_cli_background_free(gg_cli_background *bg);

/* Writes the SVG <image> element (the picture inlined as a data: URL) over the grid whose cell
 * (0, 0) starts at (margin, margin) with `scale` px per cell. */
void gg_cli_background_svg(FILE *out, const gg_cli_background *bg, double margin, double scale);

#endif
