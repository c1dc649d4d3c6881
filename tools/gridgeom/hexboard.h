/* hexboard.h - hex board files for the gridgeom tool (format in docs/cli.md, "Hex boards"): load
 * into a gg_hex_board, describe it (info) and draw it (draw). Layer: tools. */
#ifndef GG_TOOLS_HEXBOARD_H
#define GG_TOOLS_HEXBOARD_H

#include <stdbool.h>
#include <stdio.h>

#include <gridgeom/hex.h>

/* True when `path` names a hex board file (it ends in ".hex.json"). */
bool gg_cli_is_hex_path(const char *path);

/* The storage extent of a loaded board (the file's origin and counts) and its tile count. */
typedef struct gg_cli_hex_extent {
    gg_hex origin;
    int32_t q_count, r_count;
    int32_t tiles;
} gg_cli_hex_extent;

/* Loads a hex board file; the board comes from `mem`. Returns 0, or 1 with a message in msg
 * (its status name included). */
int gg_cli_hex_load(const char *path, const gg_allocator *mem, gg_hex_board **out,
                    gg_cli_hex_extent *ext, char *msg, size_t cap);

typedef struct gg_cli_hex_draw {
    const char *title;
    bool has_from, has_to;
    gg_hex from, to;
    bool path;    /* the cheapest path from -> to */
    double reach; /* < 0: none; else the cells reachable from `from` within this cost */
    double eye;   /* eye and target height of the sight line */
} gg_cli_hex_draw;

/* Draws the board as SVG. Returns 0, or non-zero with a message (2 bad input, 3 no memory). */
int gg_cli_hex_draw_svg(const gg_hex_board *board, const gg_cli_hex_extent *ext,
                        const gg_allocator *mem, const gg_cli_hex_draw *opt, FILE *out, char *msg,
                        size_t cap);

#endif
